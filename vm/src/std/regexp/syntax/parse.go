package syntax

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits on what Parse accepts (as Go's): the height of the tree, the size
// of the compiled program in instructions, and the runes of all classes.
const (
	resyntaxMaxHeight = 1000
	resyntaxMaxSize   = (128 << 20) / 40
	resyntaxMaxRunes  = (128 << 20) / 4
)

type resyntaxParser struct {
	flags     Flags
	stack     []*Regexp
	numCap    int
	whole     string
	numRegexp int // nodes allocated, less those handed back (as Go counts)
	free      int // nodes handed back and not yet taken again
	numRunes  int
	repeats   int64
	height    map[*Regexp]int
	size      map[*Regexp]int64
}

func (p *resyntaxParser) newRegexp(op Op) *Regexp {
	if p.free > 0 {
		p.free--
	} else {
		p.numRegexp++
	}
	return &Regexp{Op: op}
}

func (p *resyntaxParser) reuse(re *Regexp) {
	if p.height != nil {
		delete(p.height, re)
	}
	p.free++
}

func (p *resyntaxParser) checkLimits(re *Regexp) {
	if p.numRunes > resyntaxMaxRunes {
		panic(ErrLarge)
	}
	p.checkSize(re)
	p.checkHeight(re)
}

func (p *resyntaxParser) checkSize(re *Regexp) {
	if p.size == nil {
		if p.repeats == 0 {
			p.repeats = 1
		}
		if re.Op == OpRepeat {
			n := re.Max
			if n == -1 {
				n = re.Min
			}
			if n <= 0 {
				n = 1
			}
			if int64(n) > resyntaxMaxSize/p.repeats {
				p.repeats = resyntaxMaxSize
			} else {
				p.repeats *= int64(n)
			}
		}
		if int64(p.numRegexp) < resyntaxMaxSize/p.repeats {
			return
		}
		p.size = map[*Regexp]int64{}
		for _, s := range p.stack {
			p.checkSize(s)
		}
	}
	if p.calcSize(re, true) > resyntaxMaxSize {
		panic(ErrLarge)
	}
}

func (p *resyntaxParser) calcSize(re *Regexp, force bool) int64 {
	if !force {
		if n, ok := p.size[re]; ok {
			return n
		}
	}
	var n int64
	switch re.Op {
	case OpLiteral:
		n = int64(len(re.Rune))
	case OpCapture, OpStar:
		n = 2 + p.calcSize(re.Sub[0], false)
	case OpPlus, OpQuest:
		n = 1 + p.calcSize(re.Sub[0], false)
	case OpConcat, OpAlternate:
		for _, s := range re.Sub {
			n += p.calcSize(s, false)
		}
		if re.Op == OpAlternate && len(re.Sub) > 1 {
			n += int64(len(re.Sub)) - 1
		}
	case OpRepeat:
		sub := p.calcSize(re.Sub[0], false)
		if re.Max == -1 {
			if re.Min == 0 {
				n = 2 + sub
			} else {
				n = 1 + int64(re.Min)*sub
			}
		} else {
			n = int64(re.Max)*sub + int64(re.Max-re.Min)
		}
	}
	if n < 1 {
		n = 1
	}
	p.size[re] = n
	return n
}

func (p *resyntaxParser) checkHeight(re *Regexp) {
	if p.numRegexp < resyntaxMaxHeight {
		return
	}
	if p.height == nil {
		p.height = map[*Regexp]int{}
		for _, s := range p.stack {
			p.checkHeight(s)
		}
	}
	if p.calcHeight(re, true) > resyntaxMaxHeight {
		panic(ErrNestingDepth)
	}
}

func (p *resyntaxParser) calcHeight(re *Regexp, force bool) int {
	if !force {
		if h, ok := p.height[re]; ok {
			return h
		}
	}
	h := 1
	for _, s := range re.Sub {
		if hs := p.calcHeight(s, false); hs+1 > h {
			h = hs + 1
		}
	}
	p.height[re] = h
	return h
}

// push puts re on the stack, turning one-rune classes into literals and
// gluing adjacent literals together.
func (p *resyntaxParser) push(re *Regexp) *Regexp {
	p.numRunes += len(re.Rune)
	rs := re.Rune
	if re.Op == OpCharClass && len(rs) == 2 && rs[0] == rs[1] {
		if p.maybeConcat(rs[0], p.flags&^FoldCase) {
			return nil
		}
		re.Op = OpLiteral
		re.Rune = []rune{rs[0]}
		re.Flags = p.flags &^ FoldCase
	} else if re.Op == OpCharClass && (len(rs) == 4 && rs[0] == rs[1] && rs[2] == rs[3] &&
		unicode.SimpleFold(rs[0]) == rs[2] && unicode.SimpleFold(rs[2]) == rs[0] ||
		len(rs) == 2 && rs[0]+1 == rs[1] &&
			unicode.SimpleFold(rs[0]) == rs[1] && unicode.SimpleFold(rs[1]) == rs[0]) {
		if p.maybeConcat(rs[0], p.flags|FoldCase) {
			return nil
		}
		re.Op = OpLiteral
		re.Rune = []rune{rs[0]}
		re.Flags = p.flags | FoldCase
	} else {
		p.maybeConcat(-1, 0)
	}
	p.stack = append(p.stack, re)
	p.checkLimits(re)
	return re
}

// maybeConcat merges the two literals on top of the stack, if they have
// the same case folding. With r >= 0 the top becomes the literal r (with
// flags) and it reports true: the caller need not push r.
func (p *resyntaxParser) maybeConcat(r rune, flags Flags) bool {
	n := len(p.stack)
	if n < 2 {
		return false
	}
	top, below := p.stack[n-1], p.stack[n-2]
	if top.Op != OpLiteral || below.Op != OpLiteral || top.Flags&FoldCase != below.Flags&FoldCase {
		return false
	}
	below.Rune = append(below.Rune, top.Rune...)
	if r >= 0 {
		top.Rune = []rune{r}
		top.Flags = flags
		return true
	}
	p.stack = p.stack[:n-1]
	p.reuse(top)
	return false
}

func (p *resyntaxParser) literal(r rune) {
	re := p.newRegexp(OpLiteral)
	re.Flags = p.flags
	if p.flags&FoldCase != 0 {
		r = resyntaxMinFold(r)
	}
	re.Rune = []rune{r}
	p.push(re)
}

// resyntaxMinFold is the smallest rune of r's case-folding orbit.
func resyntaxMinFold(r rune) rune {
	if r < minFold || r > maxFold {
		return r
	}
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f < m {
			m = f
		}
	}
	return m
}

func (p *resyntaxParser) op(op Op) *Regexp {
	re := p.newRegexp(op)
	re.Flags = p.flags
	return p.push(re)
}

func (p *resyntaxParser) repeat(op Op, min, max int, before, after, lastRepeat string) (string, error) {
	flags := p.flags
	if p.flags&PerlX != 0 {
		if after != "" && after[0] == '?' {
			after = after[1:]
			flags ^= NonGreedy
		}
		if lastRepeat != "" {
			return "", &Error{ErrInvalidRepeatOp, lastRepeat[:len(lastRepeat)-len(after)]}
		}
	}
	n := len(p.stack)
	if n == 0 || p.stack[n-1].Op >= opPseudo {
		return "", &Error{ErrMissingRepeatArgument, before[:len(before)-len(after)]}
	}
	re := p.newRegexp(op)
	re.Min, re.Max = min, max
	re.Flags = flags
	re.Sub = []*Regexp{p.stack[n-1]}
	p.stack[n-1] = re
	p.checkLimits(re)
	if op == OpRepeat && (min >= 2 || max >= 2) && !resyntaxRepeatOK(re, 1000) {
		return "", &Error{ErrInvalidRepeatSize, before[:len(before)-len(after)]}
	}
	return after, nil
}

// resyntaxRepeatOK reports whether the nested counted repetitions of re
// multiply to at most n.
func resyntaxRepeatOK(re *Regexp, n int) bool {
	if re.Op == OpRepeat {
		m := re.Max
		if m == 0 {
			return true
		}
		if m < 0 {
			m = re.Min
		}
		if m > n {
			return false
		}
		if m > 0 {
			n /= m
		}
	}
	for _, s := range re.Sub {
		if !resyntaxRepeatOK(s, n) {
			return false
		}
	}
	return true
}

// popItems pops and returns the items above the topmost marker.
func (p *resyntaxParser) popItems() []*Regexp {
	i := len(p.stack)
	for i > 0 && p.stack[i-1].Op < opPseudo {
		i--
	}
	items := append([]*Regexp(nil), p.stack[i:]...)
	p.stack = p.stack[:i]
	return items
}

func (p *resyntaxParser) concat() *Regexp {
	p.maybeConcat(-1, 0)
	items := p.popItems()
	if len(items) == 0 {
		return p.push(p.newRegexp(OpEmptyMatch))
	}
	return p.push(p.collapse(items, OpConcat))
}

func (p *resyntaxParser) alternate() *Regexp {
	items := p.popItems()
	if len(items) > 0 {
		resyntaxCleanAlt(items[len(items)-1])
	}
	if len(items) == 0 {
		return p.push(p.newRegexp(OpNoMatch))
	}
	return p.push(p.collapse(items, OpAlternate))
}

// resyntaxCleanAlt tidies a class about to become an alternative.
func resyntaxCleanAlt(re *Regexp) {
	if re.Op != OpCharClass {
		return
	}
	re.Rune = cleanClass(re.Rune)
	rs := re.Rune
	if len(rs) == 2 && rs[0] == 0 && rs[1] == unicode.MaxRune {
		re.Rune = nil
		re.Op = OpAnyChar
	} else if len(rs) == 4 && rs[0] == 0 && rs[1] == '\n'-1 && rs[2] == '\n'+1 && rs[3] == unicode.MaxRune {
		re.Rune = nil
		re.Op = OpAnyCharNotNL
	}
}

func (p *resyntaxParser) collapse(subs []*Regexp, op Op) *Regexp {
	if len(subs) == 1 {
		return subs[0]
	}
	re := p.newRegexp(op)
	for _, s := range subs {
		if s.Op == op {
			re.Sub = append(re.Sub, s.Sub...)
			p.reuse(s)
		} else {
			re.Sub = append(re.Sub, s)
		}
	}
	if op == OpAlternate {
		re.Sub = p.factor(re.Sub)
		if len(re.Sub) == 1 {
			only := re.Sub[0]
			p.reuse(re)
			re = only
		}
	}
	return re
}

// factor pulls common prefixes out of the alternatives in sub: first
// common literal prefixes, then common leading simple pieces, then it
// merges runs of single-character alternatives into one class and drops
// repeated empty alternatives.
func (p *resyntaxParser) factor(sub []*Regexp) []*Regexp {
	if len(sub) < 2 {
		return sub
	}

	// Round 1: common literal prefixes.
	var out []*Regexp
	var str []rune
	var strFlags Flags
	start := 0
	for i := 0; i <= len(sub); i++ {
		var istr []rune
		var iflags Flags
		if i < len(sub) {
			istr, iflags = resyntaxLeadingString(sub[i])
			if iflags == strFlags {
				same := 0
				for same < len(str) && same < len(istr) && str[same] == istr[same] {
					same++
				}
				if same > 0 {
					str = str[:same]
					continue
				}
			}
		}
		if i == start+1 {
			out = append(out, sub[start])
		} else if i > start+1 {
			prefix := p.newRegexp(OpLiteral)
			prefix.Flags = strFlags
			prefix.Rune = append([]rune(nil), str...)
			for j := start; j < i; j++ {
				sub[j] = p.removeLeadingString(sub[j], len(str))
				p.checkLimits(sub[j])
			}
			suffix := p.collapse(sub[start:i], OpAlternate)
			re := p.newRegexp(OpConcat)
			re.Sub = []*Regexp{prefix, suffix}
			out = append(out, re)
		}
		start = i
		str = istr
		strFlags = iflags
	}
	sub = out

	// Round 2: common leading single-character pieces (or fixed
	// repetitions of one).
	out = nil
	start = 0
	var first *Regexp
	for i := 0; i <= len(sub); i++ {
		var ifirst *Regexp
		if i < len(sub) {
			ifirst = resyntaxLeadingRegexp(sub[i])
			if first != nil && resyntaxEqual(first, ifirst) &&
				(isCharClass(first) || first.Op == OpRepeat && first.Min == first.Max && isCharClass(first.Sub[0])) {
				continue
			}
		}
		if i == start+1 {
			out = append(out, sub[start])
		} else if i > start+1 {
			prefix := first
			for j := start; j < i; j++ {
				sub[j] = p.removeLeadingRegexp(sub[j], j != start)
				p.checkLimits(sub[j])
			}
			suffix := p.collapse(sub[start:i], OpAlternate)
			re := p.newRegexp(OpConcat)
			re.Sub = []*Regexp{prefix, suffix}
			out = append(out, re)
		}
		start = i
		first = ifirst
	}
	sub = out

	// Round 3: runs of single-character alternatives become one class.
	out = nil
	start = 0
	for i := 0; i <= len(sub); i++ {
		if i < len(sub) && isCharClass(sub[i]) {
			continue
		}
		if i == start+1 {
			out = append(out, sub[start])
		} else if i > start+1 {
			big := start
			for j := start + 1; j < i; j++ {
				if sub[big].Op < sub[j].Op || sub[big].Op == sub[j].Op && len(sub[big].Rune) < len(sub[j].Rune) {
					big = j
				}
			}
			sub[start], sub[big] = sub[big], sub[start]
			for j := start + 1; j < i; j++ {
				resyntaxMergeClass(sub[start], sub[j])
				p.reuse(sub[j])
			}
			resyntaxCleanAlt(sub[start])
			out = append(out, sub[start])
		}
		if i < len(sub) {
			out = append(out, sub[i])
		}
		start = i + 1
	}
	sub = out

	// Round 4: no two empty alternatives in a row.
	out = nil
	for i, s := range sub {
		if i+1 < len(sub) && s.Op == OpEmptyMatch && sub[i+1].Op == OpEmptyMatch {
			continue
		}
		out = append(out, s)
	}
	return out
}

func resyntaxLeadingString(re *Regexp) ([]rune, Flags) {
	if re.Op == OpConcat && len(re.Sub) > 0 {
		re = re.Sub[0]
	}
	if re.Op != OpLiteral {
		return nil, 0
	}
	return re.Rune, re.Flags & FoldCase
}

func (p *resyntaxParser) removeLeadingString(re *Regexp, n int) *Regexp {
	if re.Op == OpConcat && len(re.Sub) > 0 {
		s := p.removeLeadingString(re.Sub[0], n)
		re.Sub[0] = s
		if s.Op == OpEmptyMatch {
			p.reuse(s)
			switch len(re.Sub) {
			case 0, 1:
				re.Op = OpEmptyMatch
				re.Sub = nil
			case 2:
				rest := re.Sub[1]
				p.reuse(re)
				re = rest
			default:
				re.Sub = append([]*Regexp(nil), re.Sub[1:]...)
			}
		}
		return re
	}
	if re.Op == OpLiteral {
		re.Rune = append([]rune(nil), re.Rune[n:]...)
		if len(re.Rune) == 0 {
			re.Op = OpEmptyMatch
		}
	}
	return re
}

func resyntaxLeadingRegexp(re *Regexp) *Regexp {
	if re.Op == OpEmptyMatch {
		return nil
	}
	if re.Op == OpConcat && len(re.Sub) > 0 {
		if re.Sub[0].Op == OpEmptyMatch {
			return nil
		}
		return re.Sub[0]
	}
	return re
}

func (p *resyntaxParser) removeLeadingRegexp(re *Regexp, reuse bool) *Regexp {
	if re.Op == OpConcat && len(re.Sub) > 0 {
		if reuse {
			p.reuse(re.Sub[0])
		}
		re.Sub = append([]*Regexp(nil), re.Sub[1:]...)
		switch len(re.Sub) {
		case 0:
			re.Op = OpEmptyMatch
			re.Sub = nil
		case 1:
			only := re.Sub[0]
			p.reuse(re)
			re = only
		}
		return re
	}
	if reuse {
		p.reuse(re)
	}
	return p.newRegexp(OpEmptyMatch)
}

func isCharClass(re *Regexp) bool {
	return re.Op == OpLiteral && len(re.Rune) == 1 || re.Op == OpCharClass ||
		re.Op == OpAnyCharNotNL || re.Op == OpAnyChar
}

func resyntaxMatchesRune(re *Regexp, r rune) bool {
	switch re.Op {
	case OpLiteral:
		return len(re.Rune) == 1 && re.Rune[0] == r
	case OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i] <= r && r <= re.Rune[i+1] {
				return true
			}
		}
		return false
	case OpAnyCharNotNL:
		return r != '\n'
	case OpAnyChar:
		return true
	}
	return false
}

// resyntaxMergeClass adds the characters of src to dst (both single
// characters or classes).
func resyntaxMergeClass(dst, src *Regexp) {
	switch dst.Op {
	case OpAnyCharNotNL:
		if resyntaxMatchesRune(src, '\n') {
			dst.Op = OpAnyChar
		}
	case OpCharClass:
		if src.Op == OpLiteral {
			dst.Rune = appendLiteral(dst.Rune, src.Rune[0], src.Flags)
		} else {
			dst.Rune = appendClass(dst.Rune, src.Rune)
		}
	case OpLiteral:
		if src.Rune[0] == dst.Rune[0] && src.Flags == dst.Flags {
			break
		}
		dst.Op = OpCharClass
		d := dst.Rune[0]
		dst.Rune = appendLiteral(nil, d, dst.Flags)
		dst.Rune = appendLiteral(dst.Rune, src.Rune[0], src.Flags)
	}
}

func (p *resyntaxParser) parseVerticalBar() {
	p.concat()
	if !p.swapVerticalBar() {
		p.op(opVerticalBar)
	}
}

// swapVerticalBar keeps the | marker on top of the stack, merging single
// characters and classes on either side of it as it goes; it reports
// whether a marker was already there.
func (p *resyntaxParser) swapVerticalBar() bool {
	n := len(p.stack)
	if n >= 3 && p.stack[n-2].Op == opVerticalBar && isCharClass(p.stack[n-1]) && isCharClass(p.stack[n-3]) {
		a, b := p.stack[n-1], p.stack[n-3]
		if a.Op > b.Op {
			a, b = b, a
			p.stack[n-3] = b
		}
		resyntaxMergeClass(b, a)
		p.reuse(a)
		p.stack = p.stack[:n-1]
		return true
	}
	if n >= 2 && p.stack[n-2].Op == opVerticalBar {
		if n >= 3 {
			resyntaxCleanAlt(p.stack[n-3])
		}
		p.stack[n-2], p.stack[n-1] = p.stack[n-1], p.stack[n-2]
		return true
	}
	return false
}

func (p *resyntaxParser) parseRightParen() error {
	p.concat()
	if p.swapVerticalBar() {
		p.stack = p.stack[:len(p.stack)-1]
	}
	p.alternate()
	n := len(p.stack)
	if n < 2 {
		return &Error{ErrUnexpectedParen, p.whole}
	}
	body, open := p.stack[n-1], p.stack[n-2]
	p.stack = p.stack[:n-2]
	if open.Op != opLeftParen {
		return &Error{ErrUnexpectedParen, p.whole}
	}
	p.flags = open.Flags
	if open.Cap == 0 {
		p.push(body)
	} else {
		open.Op = OpCapture
		open.Sub = []*Regexp{body}
		p.push(open)
	}
	return nil
}

// Parse parses a regular expression string s, controlled by the specified
// Flags, and returns a regular expression parse tree.
func Parse(s string, flags Flags) (re *Regexp, err error) {
	defer func() {
		if r := recover(); r != nil {
			code, ok := r.(ErrorCode)
			if !ok || code != ErrLarge && code != ErrNestingDepth {
				panic(r)
			}
			re = nil
			err = &Error{Code: code, Expr: s}
		}
	}()
	return resyntaxParse(s, flags)
}

func resyntaxParse(s string, flags Flags) (*Regexp, error) {
	if flags&Literal != 0 {
		if err := checkUTF8(s); err != nil {
			return nil, err
		}
		return &Regexp{Op: OpLiteral, Flags: flags, Rune: []rune(s)}, nil
	}
	p := &resyntaxParser{flags: flags, whole: s}
	var err error
	var c rune
	lastRepeat := ""
	t := s
	for t != "" {
		repeat := ""
		switch t[0] {
		default:
			if c, t, err = nextRune(t); err != nil {
				return nil, err
			}
			p.literal(c)
		case '(':
			if p.flags&PerlX != 0 && len(t) >= 2 && t[1] == '?' {
				if t, err = p.parsePerlFlags(t); err != nil {
					return nil, err
				}
				break
			}
			p.numCap++
			p.op(opLeftParen).Cap = p.numCap
			t = t[1:]
		case '|':
			p.parseVerticalBar()
			t = t[1:]
		case ')':
			if err = p.parseRightParen(); err != nil {
				return nil, err
			}
			t = t[1:]
		case '^':
			if p.flags&OneLine != 0 {
				p.op(OpBeginText)
			} else {
				p.op(OpBeginLine)
			}
			t = t[1:]
		case '$':
			if p.flags&OneLine != 0 {
				p.op(OpEndText).Flags |= WasDollar
			} else {
				p.op(OpEndLine)
			}
			t = t[1:]
		case '.':
			if p.flags&DotNL != 0 {
				p.op(OpAnyChar)
			} else {
				p.op(OpAnyCharNotNL)
			}
			t = t[1:]
		case '[':
			if t, err = p.parseClass(t); err != nil {
				return nil, err
			}
		case '*', '+', '?':
			op := OpStar
			if t[0] == '+' {
				op = OpPlus
			} else if t[0] == '?' {
				op = OpQuest
			}
			before := t
			if t, err = p.repeat(op, 0, 0, before, t[1:], lastRepeat); err != nil {
				return nil, err
			}
			repeat = before
		case '{':
			before := t
			min, max, after, ok := resyntaxParseRepeat(t)
			if !ok {
				p.literal('{')
				t = t[1:]
				break
			}
			if min < 0 || min > 1000 || max > 1000 || max >= 0 && min > max {
				return nil, &Error{ErrInvalidRepeatSize, before[:len(before)-len(after)]}
			}
			if t, err = p.repeat(OpRepeat, min, max, before, after, lastRepeat); err != nil {
				return nil, err
			}
			repeat = before
		case '\\':
			if t, err = p.parseBackslash(t); err != nil {
				return nil, err
			}
		}
		lastRepeat = repeat
	}
	p.concat()
	if p.swapVerticalBar() {
		p.stack = p.stack[:len(p.stack)-1]
	}
	p.alternate()
	if len(p.stack) != 1 {
		return nil, &Error{ErrMissingParen, s}
	}
	return p.stack[0], nil
}

// parseBackslash parses the escape at the start of t, outside a class.
func (p *resyntaxParser) parseBackslash(t string) (string, error) {
	if p.flags&PerlX != 0 && len(t) >= 2 {
		switch t[1] {
		case 'A':
			p.op(OpBeginText)
			return t[2:], nil
		case 'b':
			p.op(OpWordBoundary)
			return t[2:], nil
		case 'B':
			p.op(OpNoWordBoundary)
			return t[2:], nil
		case 'C':
			return "", &Error{ErrInvalidEscape, t[:2]}
		case 'Q':
			lit, rest, _ := strings.Cut(t[2:], `\E`)
			for lit != "" {
				c, more, err := nextRune(lit)
				if err != nil {
					return "", err
				}
				p.literal(c)
				lit = more
			}
			return rest, nil
		case 'z':
			p.op(OpEndText)
			return t[2:], nil
		}
	}
	re := p.newRegexp(OpCharClass)
	re.Flags = p.flags
	if len(t) >= 2 && (t[1] == 'p' || t[1] == 'P') {
		r, rest, found, err := p.parseUnicodeClass(t, nil)
		if err != nil {
			return "", err
		}
		if found {
			re.Rune = r
			if r == nil {
				re.Rune = []rune{} // \P{Any}: empty, not nil (as Go's)
			}
			p.push(re)
			return rest, nil
		}
	}
	if r, rest, found := p.parsePerlClassEscape(t, nil); found {
		re.Rune = r
		p.push(re)
		return rest, nil
	}
	p.reuse(re)
	c, rest, err := p.parseEscape(t)
	if err != nil {
		return "", err
	}
	p.literal(c)
	return rest, nil
}

// resyntaxParseRepeat parses {min}, {min,} or {min,max} at the start of s;
// a number too large gives -1.
func resyntaxParseRepeat(s string) (min, max int, rest string, ok bool) {
	if s == "" || s[0] != '{' {
		return
	}
	s = s[1:]
	var ok1 bool
	if min, s, ok1 = resyntaxParseInt(s); !ok1 || s == "" {
		return
	}
	if s[0] != ',' {
		max = min
	} else {
		s = s[1:]
		if s == "" {
			return
		}
		if s[0] == '}' {
			max = -1
		} else if max, s, ok1 = resyntaxParseInt(s); !ok1 {
			return
		} else if max < 0 {
			min = -1
		}
	}
	if s == "" || s[0] != '}' {
		return
	}
	return min, max, s[1:], true
}

func resyntaxParseInt(s string) (n int, rest string, ok bool) {
	if s == "" || s[0] < '0' || s[0] > '9' {
		return
	}
	if len(s) >= 2 && s[0] == '0' && s[1] >= '0' && s[1] <= '9' {
		return // no leading zeros
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	for _, d := range s[:i] {
		if n >= 1e8 {
			n = -1
			break
		}
		n = n*10 + int(d-'0')
	}
	return n, s[i:], true
}

// parsePerlFlags parses (?P<name>, (?<name>, (?flags) or (?flags: at the
// start of s.
func (p *resyntaxParser) parsePerlFlags(s string) (string, error) {
	t := s
	withP := len(t) > 4 && t[2] == 'P' && t[3] == '<'
	withName := len(t) > 3 && t[2] == '<'
	if withP || withName {
		nameAt := 3
		if withP {
			nameAt = 4
		}
		end := strings.IndexRune(t, '>')
		if end < 0 {
			if err := checkUTF8(t); err != nil {
				return "", err
			}
			return "", &Error{ErrInvalidNamedCapture, s}
		}
		name := t[nameAt:end]
		if err := checkUTF8(name); err != nil {
			return "", err
		}
		if !resyntaxValidName(name) {
			return "", &Error{ErrInvalidNamedCapture, t[:end+1]}
		}
		p.numCap++
		re := p.op(opLeftParen)
		re.Cap = p.numCap
		re.Name = name
		return t[end+1:], nil
	}

	t = t[2:]
	flags := p.flags
	negated := false
	sawFlag := false
	for t != "" {
		c, rest, err := nextRune(t)
		if err != nil {
			return "", err
		}
		t = rest
		switch c {
		case 'i':
			flags |= FoldCase
			sawFlag = true
			continue
		case 'm':
			flags &^= OneLine
			sawFlag = true
			continue
		case 's':
			flags |= DotNL
			sawFlag = true
			continue
		case 'U':
			flags |= NonGreedy
			sawFlag = true
			continue
		case '-':
			if !negated {
				negated = true
				flags = ^flags
				sawFlag = false
				continue
			}
		case ':', ')':
			if negated {
				if !sawFlag {
					break
				}
				flags = ^flags
			}
			if c == ':' {
				p.op(opLeftParen)
			}
			p.flags = flags
			return t, nil
		}
		break
	}
	return "", &Error{ErrInvalidPerlOp, s[:len(s)-len(t)]}
}

func resyntaxValidName(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range name {
		if c != '_' && !isalnum(c) {
			return false
		}
	}
	return true
}

// parseEscape parses the escape at the start of s (a single character).
func (p *resyntaxParser) parseEscape(s string) (rune, string, error) {
	t := s[1:]
	if t == "" {
		return 0, "", &Error{ErrTrailingBackslash, ""}
	}
	c, t, err := nextRune(t)
	if err != nil {
		return 0, "", err
	}
	switch {
	case c == '0' || c >= '1' && c <= '7' && t != "" && t[0] >= '0' && t[0] <= '7':
		// octal: \0 anything, \1-\7 only followed by another digit
		r := c - '0'
		for i := 1; i < 3 && t != "" && t[0] >= '0' && t[0] <= '7'; i++ {
			r = r*8 + rune(t[0]-'0')
			t = t[1:]
		}
		return r, t, nil
	case c >= '1' && c <= '7':
		// a backreference: not supported
	case c == 'x':
		if t == "" {
			break
		}
		if c, t, err = nextRune(t); err != nil {
			return 0, "", err
		}
		if c == '{' {
			digits := 0
			var r rune
			for {
				if t == "" {
					return 0, "", &Error{ErrInvalidEscape, s[:len(s)-len(t)]}
				}
				if c, t, err = nextRune(t); err != nil {
					return 0, "", err
				}
				if c == '}' {
					break
				}
				v := unhex(c)
				if v < 0 {
					return 0, "", &Error{ErrInvalidEscape, s[:len(s)-len(t)]}
				}
				r = r*16 + v
				if r > unicode.MaxRune {
					return 0, "", &Error{ErrInvalidEscape, s[:len(s)-len(t)]}
				}
				digits++
			}
			if digits == 0 {
				break
			}
			return r, t, nil
		}
		x := unhex(c)
		if c, t, err = nextRune(t); err != nil {
			return 0, "", err
		}
		y := unhex(c)
		if x < 0 || y < 0 {
			break
		}
		return x*16 + y, t, nil
	case c == 'a':
		return '\a', t, nil
	case c == 'f':
		return '\f', t, nil
	case c == 'n':
		return '\n', t, nil
	case c == 'r':
		return '\r', t, nil
	case c == 't':
		return '\t', t, nil
	case c == 'v':
		return '\v', t, nil
	default:
		if c < utf8.RuneSelf && !isalnum(c) {
			return c, t, nil
		}
	}
	return 0, "", &Error{ErrInvalidEscape, s[:len(s)-len(t)]}
}

func checkUTF8(s string) error {
	for s != "" {
		r, n := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && n == 1 {
			return &Error{Code: ErrInvalidUTF8, Expr: s}
		}
		s = s[n:]
	}
	return nil
}

func nextRune(s string) (rune, string, error) {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n == 1 {
		return 0, "", &Error{Code: ErrInvalidUTF8, Expr: s}
	}
	return r, s[n:], nil
}

func isalnum(c rune) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
}

func unhex(c rune) rune {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10
	}
	return -1
}
