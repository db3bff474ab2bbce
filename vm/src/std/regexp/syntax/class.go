package syntax

import (
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The range of runes that case folding can change.
const (
	minFold = 0x0041
	maxFold = 0x1e943
)

type charGroup struct {
	sign  int
	class []rune
}

var (
	resyntaxDigit = []rune{'0', '9'}
	resyntaxSpace = []rune{'\t', '\n', '\f', '\r', ' ', ' '}
	resyntaxWord  = []rune{'0', '9', 'A', 'Z', '_', '_', 'a', 'z'}
)

// The Perl classes \d \s \w and their negations.
var perlGroup = map[string]charGroup{
	`\d`: {+1, resyntaxDigit},
	`\D`: {-1, resyntaxDigit},
	`\s`: {+1, resyntaxSpace},
	`\S`: {-1, resyntaxSpace},
	`\w`: {+1, resyntaxWord},
	`\W`: {-1, resyntaxWord},
}

// The POSIX classes [:name:] (ASCII only).
var posixGroup = resyntaxPosixGroups()

func resyntaxPosixGroups() map[string]charGroup {
	classes := map[string][]rune{
		"alnum":  {'0', '9', 'A', 'Z', 'a', 'z'},
		"alpha":  {'A', 'Z', 'a', 'z'},
		"ascii":  {0, 0x7f},
		"blank":  {'\t', '\t', ' ', ' '},
		"cntrl":  {0, 0x1f, 0x7f, 0x7f},
		"digit":  {'0', '9'},
		"graph":  {'!', '~'},
		"lower":  {'a', 'z'},
		"print":  {' ', '~'},
		"punct":  {'!', '/', ':', '@', '[', '`', '{', '~'},
		"space":  {'\t', '\r', ' ', ' '},
		"upper":  {'A', 'Z'},
		"word":   {'0', '9', 'A', 'Z', '_', '_', 'a', 'z'},
		"xdigit": {'0', '9', 'A', 'F', 'a', 'f'},
	}
	m := map[string]charGroup{}
	for name, class := range classes {
		m["[:"+name+":]"] = charGroup{+1, class}
		m["[:^"+name+":]"] = charGroup{-1, class}
	}
	return m
}

func (p *resyntaxParser) parseClassChar(s, wholeClass string) (rune, string, error) {
	if s == "" {
		return 0, "", &Error{Code: ErrMissingBracket, Expr: wholeClass}
	}
	if s[0] == '\\' {
		return p.parseEscape(s)
	}
	return nextRune(s)
}

// parsePerlClassEscape appends the class of a \d \s \w escape at the start
// of s to r; found is false when s starts with none.
func (p *resyntaxParser) parsePerlClassEscape(s string, r []rune) (out []rune, rest string, found bool) {
	if p.flags&PerlX == 0 || len(s) < 2 || s[0] != '\\' {
		return
	}
	g, ok := perlGroup[s[:2]]
	if !ok {
		return
	}
	return p.appendGroup(r, g), s[2:], true
}

// parseNamedClass appends the class of a [:name:] at the start of s.
func (p *resyntaxParser) parseNamedClass(s string, r []rune) (out []rune, rest string, found bool, err error) {
	if len(s) < 2 || s[0] != '[' || s[1] != ':' {
		return
	}
	i := strings.Index(s[2:], ":]")
	if i < 0 {
		return
	}
	name := s[:i+4]
	g, ok := posixGroup[name]
	if !ok {
		return nil, "", false, &Error{ErrInvalidCharRange, name}
	}
	return p.appendGroup(r, g), s[i+4:], true, nil
}

func (p *resyntaxParser) appendGroup(r []rune, g charGroup) []rune {
	class := g.class
	if p.flags&FoldCase != 0 {
		class = cleanClass(appendFoldedClass(nil, g.class))
	}
	if g.sign < 0 {
		return appendNegatedClass(r, class)
	}
	return appendClass(r, class)
}

var (
	resyntaxAnyTable = &unicode.RangeTable{
		R16: []unicode.Range16{{Lo: 0, Hi: 0xffff, Stride: 1}},
		R32: []unicode.Range32{{Lo: 0x10000, Hi: unicode.MaxRune, Stride: 1}},
	}
	resyntaxASCIITable = &unicode.RangeTable{
		R16: []unicode.Range16{{Lo: 0, Hi: 0x7f, Stride: 1}},
	}
	// ASCII plus the two non-ASCII runes that fold to ASCII letters (ſ, K).
	resyntaxASCIIFoldTable = &unicode.RangeTable{
		R16: []unicode.Range16{{Lo: 0, Hi: 0x7f, Stride: 1}, {Lo: 0x17f, Hi: 0x17f, Stride: 1}, {Lo: 0x212a, Hi: 0x212a, Stride: 1}},
	}
	// Category aliases and script names by canonical spelling, made on
	// first use, by any goroutine: the Once orders the making before
	// every use.
	resyntaxAliasesOnce sync.Once
	resyntaxAliases     *resyntaxAliasMaps
)

type resyntaxAliasMaps struct {
	categories, scripts map[string]string
}

// resyntaxCanonical spells a class name as the tables do: separators
// (_ - space) dropped, the first letter upper case, the others lower.
func resyntaxCanonical(name string) string {
	b := make([]byte, 0, len(name))
	first := true
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '_' || c == '-' || c == ' ':
			continue
		case first:
			if c >= 'a' && c <= 'z' {
				c -= 'a' - 'A'
			}
			first = false
		default:
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
		}
		b = append(b, c)
	}
	return string(b)
}

// resyntaxUnicodeTable finds the table of \p{name}, the table of what
// folds into it, and whether the class is the table's complement.
func resyntaxUnicodeTable(name string) (tab, fold *unicode.RangeTable, sign int) {
	name = resyntaxCanonical(name)
	switch name {
	case "Any":
		return resyntaxAnyTable, resyntaxAnyTable, +1
	case "Assigned":
		return unicode.Cn, unicode.Cn, -1
	case "Ascii":
		return resyntaxASCIITable, resyntaxASCIIFoldTable, +1
	case "Lc":
		return unicode.Categories["LC"], unicode.FoldCategory["LC"], +1
	}
	if t := unicode.Categories[name]; t != nil {
		return t, unicode.FoldCategory[name], +1
	}
	if t := unicode.Scripts[name]; t != nil {
		return t, unicode.FoldScript[name], +1
	}
	resyntaxAliasesOnce.Do(func() {
		al := &resyntaxAliasMaps{map[string]string{}, map[string]string{}}
		for alias, actual := range unicode.CategoryAliases {
			al.categories[resyntaxCanonical(alias)] = actual
		}
		for script := range unicode.Scripts {
			al.scripts[resyntaxCanonical(script)] = script
		}
		resyntaxAliases = al
	})
	al := resyntaxAliases
	if actual := al.categories[name]; actual != "" {
		return unicode.Categories[actual], unicode.FoldCategory[actual], +1
	}
	if actual := al.scripts[name]; actual != "" {
		return unicode.Scripts[actual], unicode.FoldScript[actual], +1
	}
	return nil, nil, 0
}

// parseUnicodeClass appends the class of a \p or \P escape at the start of
// s to r; found is false when s starts with none (or the flags forbid it).
func (p *resyntaxParser) parseUnicodeClass(s string, r []rune) (out []rune, rest string, found bool, err error) {
	if p.flags&UnicodeGroups == 0 || len(s) < 2 || s[0] != '\\' || s[1] != 'p' && s[1] != 'P' {
		return
	}
	sign := +1
	if s[1] == 'P' {
		sign = -1
	}
	c, t, err := nextRune(s[2:])
	if err != nil {
		return nil, "", false, err
	}
	var seq, name string
	if c != '{' {
		seq = s[:len(s)-len(t)]
		name = seq[2:]
	} else {
		end := strings.IndexRune(s, '}')
		if end < 0 {
			if err := checkUTF8(s); err != nil {
				return nil, "", false, err
			}
			return nil, "", false, &Error{ErrInvalidCharRange, s}
		}
		seq, t = s[:end+1], s[end+1:]
		name = s[3:end]
		if err := checkUTF8(name); err != nil {
			return nil, "", false, err
		}
	}
	if name != "" && name[0] == '^' {
		sign = -sign
		name = name[1:]
	}
	tab, fold, tsign := resyntaxUnicodeTable(name)
	if tab == nil {
		return nil, "", false, &Error{ErrInvalidCharRange, seq}
	}
	if tsign < 0 {
		sign = -sign
	}
	if p.flags&FoldCase == 0 || fold == nil {
		if sign > 0 {
			r = appendTable(r, tab)
		} else {
			r = appendNegatedTable(r, tab)
		}
	} else {
		both := cleanClass(appendTable(appendTable(nil, tab), fold))
		if sign > 0 {
			r = appendClass(r, both)
		} else {
			r = appendNegatedClass(r, both)
		}
	}
	return r, t, true, nil
}

// parseClass parses the bracketed class at the start of s and pushes it.
func (p *resyntaxParser) parseClass(s string) (string, error) {
	t := s[1:]
	re := p.newRegexp(OpCharClass)
	re.Flags = p.flags
	var class []rune
	negated := false
	if t != "" && t[0] == '^' {
		negated = true
		t = t[1:]
		// without ClassNL, [^...] never matches a newline
		if p.flags&ClassNL == 0 {
			class = append(class, '\n', '\n')
		}
	}
	first := true // ] and - are literal first in a class
	for t == "" || t[0] != ']' || first {
		if t != "" && t[0] == '-' && p.flags&PerlX == 0 && !first && (len(t) == 1 || t[1] != ']') {
			_, n := utf8.DecodeRuneInString(t[1:])
			return "", &Error{Code: ErrInvalidCharRange, Expr: t[:1+n]}
		}
		first = false
		if len(t) > 2 && t[0] == '[' && t[1] == ':' {
			nclass, nt, found, err := p.parseNamedClass(t, class)
			if err != nil {
				return "", err
			}
			if found {
				class, t = nclass, nt
				continue
			}
		}
		nclass, nt, found, err := p.parseUnicodeClass(t, class)
		if err != nil {
			return "", err
		}
		if found {
			class, t = nclass, nt
			continue
		}
		if nclass, nt, found := p.parsePerlClassEscape(t, class); found {
			class, t = nclass, nt
			continue
		}
		rng := t
		lo, nt2, err := p.parseClassChar(t, s)
		if err != nil {
			return "", err
		}
		t = nt2
		hi := lo
		if len(t) >= 2 && t[0] == '-' && t[1] != ']' {
			if hi, t, err = p.parseClassChar(t[1:], s); err != nil {
				return "", err
			}
			if hi < lo {
				return "", &Error{Code: ErrInvalidCharRange, Expr: rng[:len(rng)-len(t)]}
			}
		}
		if p.flags&FoldCase == 0 {
			class = appendRange(class, lo, hi)
		} else {
			class = appendFoldedRange(class, lo, hi)
		}
	}
	t = t[1:]
	class = cleanClass(class)
	if negated {
		class = negateClass(class)
	}
	re.Rune = class
	if re.Rune == nil {
		re.Rune = []rune{}
	}
	p.push(re)
	return t, nil
}

type resyntaxRanges []rune

func (r resyntaxRanges) Len() int { return len(r) / 2 }
func (r resyntaxRanges) Less(i, j int) bool {
	return r[2*i] < r[2*j] || r[2*i] == r[2*j] && r[2*i+1] > r[2*j+1]
}
func (r resyntaxRanges) Swap(i, j int) {
	r[2*i], r[2*i+1], r[2*j], r[2*j+1] = r[2*j], r[2*j+1], r[2*i], r[2*i+1]
}

// cleanClass sorts the ranges of r and merges those that overlap or abut.
func cleanClass(r []rune) []rune {
	sorted := true
	for i := 2; i+1 < len(r); i += 2 {
		if r[i] < r[i-2] || r[i] == r[i-2] && r[i+1] > r[i-1] {
			sorted = false
			break
		}
	}
	if !sorted {
		sort.Sort(resyntaxRanges(r))
	}
	if len(r) < 2 {
		return r
	}
	w := 2
	for i := 2; i+1 < len(r); i += 2 {
		lo, hi := r[i], r[i+1]
		if lo <= r[w-1]+1 {
			if hi > r[w-1] {
				r[w-1] = hi
			}
			continue
		}
		r[w], r[w+1] = lo, hi
		w += 2
	}
	return r[:w]
}

// inCharClass reports whether r is in the sorted class, by a binary
// search (sort.Find's).
func inCharClass(r rune, class []rune) bool {
	cmp := func(i int) int {
		if r > class[2*i+1] {
			return +1
		}
		if r < class[2*i] {
			return -1
		}
		return 0
	}
	n := len(class) / 2
	i, j := 0, n
	for i < j {
		h := int(uint(i+j) >> 1)
		if cmp(h) > 0 {
			i = h + 1
		} else {
			j = h
		}
	}
	return i < n && cmp(i) == 0
}

func appendLiteral(r []rune, x rune, flags Flags) []rune {
	if flags&FoldCase != 0 {
		return appendFoldedRange(r, x, x)
	}
	return appendRange(r, x, x)
}

// appendRange adds lo-hi to r, merging it into one of the last two
// ranges where they touch.
func appendRange(r []rune, lo, hi rune) []rune {
	n := len(r)
	for i := 2; i <= 4; i += 2 {
		if n >= i {
			rlo, rhi := r[n-i], r[n-i+1]
			if lo <= rhi+1 && rlo <= hi+1 {
				if lo < rlo {
					r[n-i] = lo
				}
				if hi > rhi {
					r[n-i+1] = hi
				}
				return r
			}
		}
	}
	return append(r, lo, hi)
}

// appendFoldedRange adds lo-hi and every rune that folds into it.
func appendFoldedRange(r []rune, lo, hi rune) []rune {
	if lo <= minFold && hi >= maxFold || hi < minFold || lo > maxFold {
		return appendRange(r, lo, hi)
	}
	if lo < minFold {
		r = appendRange(r, lo, minFold-1)
		lo = minFold
	}
	if hi > maxFold {
		r = appendRange(r, maxFold+1, hi)
		hi = maxFold
	}
	for c := lo; c <= hi; c++ {
		r = appendRange(r, c, c)
		for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
			r = appendRange(r, f, f)
		}
	}
	return r
}

func appendClass(r []rune, x []rune) []rune {
	for i := 0; i+1 < len(x); i += 2 {
		r = appendRange(r, x[i], x[i+1])
	}
	return r
}

func appendFoldedClass(r []rune, x []rune) []rune {
	for i := 0; i+1 < len(x); i += 2 {
		r = appendFoldedRange(r, x[i], x[i+1])
	}
	return r
}

// appendNegatedClass adds the complement of the sorted class x.
func appendNegatedClass(r []rune, x []rune) []rune {
	next := rune(0)
	for i := 0; i+1 < len(x); i += 2 {
		if next <= x[i]-1 {
			r = appendRange(r, next, x[i]-1)
		}
		next = x[i+1] + 1
	}
	if next <= unicode.MaxRune {
		r = appendRange(r, next, unicode.MaxRune)
	}
	return r
}

// resyntaxTableRanges lists the table's runes as ranges, in order.
func resyntaxTableRanges(x *unicode.RangeTable, each func(lo, hi rune)) {
	for _, e := range x.R16 {
		lo, hi, st := rune(e.Lo), rune(e.Hi), rune(e.Stride)
		if st == 1 {
			each(lo, hi)
			continue
		}
		for c := lo; c <= hi; c += st {
			each(c, c)
		}
	}
	for _, e := range x.R32 {
		lo, hi, st := rune(e.Lo), rune(e.Hi), rune(e.Stride)
		if st == 1 {
			each(lo, hi)
			continue
		}
		for c := lo; c <= hi; c += st {
			each(c, c)
		}
	}
}

func appendTable(r []rune, x *unicode.RangeTable) []rune {
	resyntaxTableRanges(x, func(lo, hi rune) { r = appendRange(r, lo, hi) })
	return r
}

func appendNegatedTable(r []rune, x *unicode.RangeTable) []rune {
	next := rune(0)
	resyntaxTableRanges(x, func(lo, hi rune) {
		if next <= lo-1 {
			r = appendRange(r, next, lo-1)
		}
		next = hi + 1
	})
	if next <= unicode.MaxRune {
		r = appendRange(r, next, unicode.MaxRune)
	}
	return r
}

// negateClass returns the complement of the sorted class r.
func negateClass(r []rune) []rune {
	var out []rune
	next := rune(0)
	for i := 0; i+1 < len(r); i += 2 {
		if next <= r[i]-1 {
			out = append(out, next, r[i]-1)
		}
		next = r[i+1] + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, next, unicode.MaxRune)
	}
	return out
}
