package syntax

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Prog is a compiled regular expression program.
type Prog struct {
	Inst   []Inst
	Start  int // index of start instruction
	NumCap int // number of InstCapture insts in re
}

// An InstOp is an instruction opcode.
type InstOp uint8

const (
	InstAlt InstOp = iota
	InstAltMatch
	InstCapture
	InstEmptyWidth
	InstMatch
	InstFail
	InstNop
	InstRune
	InstRune1
	InstRuneAny
	InstRuneAnyNotNL
)

var resyntaxInstOpNames = []string{"InstAlt", "InstAltMatch", "InstCapture", "InstEmptyWidth",
	"InstMatch", "InstFail", "InstNop", "InstRune", "InstRune1", "InstRuneAny", "InstRuneAnyNotNL"}

func (i InstOp) String() string {
	if int(i) >= len(resyntaxInstOpNames) {
		return ""
	}
	return resyntaxInstOpNames[i]
}

// An EmptyOp specifies a kind or mixture of zero-width assertions.
type EmptyOp uint8

const (
	EmptyBeginLine EmptyOp = 1 << iota
	EmptyEndLine
	EmptyBeginText
	EmptyEndText
	EmptyWordBoundary
	EmptyNoWordBoundary
)

// EmptyOpContext returns the zero-width assertions satisfied at the
// position between the runes r1 and r2 (-1 for the text's ends).
func EmptyOpContext(r1, r2 rune) EmptyOp {
	op := EmptyNoWordBoundary
	w1, w2 := IsWordChar(r1), IsWordChar(r2)
	if !w1 {
		if r1 == '\n' {
			op |= EmptyBeginLine
		} else if r1 < 0 {
			op |= EmptyBeginText | EmptyBeginLine
		}
	}
	if !w2 {
		if r2 == '\n' {
			op |= EmptyEndLine
		} else if r2 < 0 {
			op |= EmptyEndText | EmptyEndLine
		}
	}
	if w1 != w2 {
		op ^= EmptyWordBoundary | EmptyNoWordBoundary
	}
	return op
}

// IsWordChar reports whether r is a word character for \b and \B: an
// ASCII letter, digit or underscore.
func IsWordChar(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_'
}

// An Inst is a single instruction in a regular expression program.
type Inst struct {
	Op   InstOp
	Out  uint32 // all but InstMatch, InstFail
	Arg  uint32 // InstAlt, InstAltMatch, InstCapture, InstEmptyWidth
	Rune []rune
}

func (p *Prog) String() string {
	var b strings.Builder
	for j := range p.Inst {
		pc := strconv.Itoa(j)
		if len(pc) < 3 {
			b.WriteString("   "[len(pc):])
		}
		if j == p.Start {
			pc += "*"
		}
		b.WriteString(pc + "\t")
		resyntaxDumpInst(&b, &p.Inst[j])
		b.WriteString("\n")
	}
	return b.String()
}

// skipNop follows Nop and Capture instructions from pc.
func (p *Prog) skipNop(pc uint32) *Inst {
	i := &p.Inst[pc]
	for i.Op == InstNop || i.Op == InstCapture {
		i = &p.Inst[i.Out]
	}
	return i
}

func resyntaxIsRuneOp(op InstOp) bool {
	return op == InstRune || op == InstRune1 || op == InstRuneAny || op == InstRuneAnyNotNL
}

// Prefix returns a literal string that all matches for the regexp must
// start with. Complete is true if the prefix is the entire match.
func (p *Prog) Prefix() (prefix string, complete bool) {
	i := p.skipNop(uint32(p.Start))
	if !resyntaxIsRuneOp(i.Op) || len(i.Rune) != 1 {
		return "", i.Op == InstMatch
	}
	var b strings.Builder
	for resyntaxIsRuneOp(i.Op) && len(i.Rune) == 1 && Flags(i.Arg)&FoldCase == 0 && i.Rune[0] != utf8.RuneError {
		b.WriteRune(i.Rune[0])
		i = p.skipNop(i.Out)
	}
	return b.String(), i.Op == InstMatch
}

// StartCond returns the leading empty-width conditions that must be true
// in any match. It returns ^EmptyOp(0) if no matches are possible.
func (p *Prog) StartCond() EmptyOp {
	var flag EmptyOp
	i := &p.Inst[p.Start]
	for {
		switch i.Op {
		case InstEmptyWidth:
			flag |= EmptyOp(i.Arg)
		case InstFail:
			return ^EmptyOp(0)
		case InstCapture, InstNop:
		default:
			return flag
		}
		i = &p.Inst[i.Out]
	}
}

// MatchRune reports whether the instruction matches (and consumes) r.
// It should only be called when i.Op == InstRune.
func (i *Inst) MatchRune(r rune) bool {
	return i.MatchRunePos(r) != -1
}

// MatchRunePos checks whether the instruction matches (and consumes) r.
// If so, MatchRunePos returns the index of the matching rune pair (or,
// when len(i.Rune) == 1, rune singleton). If not, it returns -1.
func (i *Inst) MatchRunePos(r rune) int {
	rs := i.Rune
	switch len(rs) {
	case 0:
		return -1
	case 1:
		r0 := rs[0]
		if r == r0 {
			return 0
		}
		if Flags(i.Arg)&FoldCase != 0 {
			for f := unicode.SimpleFold(r0); f != r0; f = unicode.SimpleFold(f) {
				if r == f {
					return 0
				}
			}
		}
		return -1
	case 2:
		if r >= rs[0] && r <= rs[1] {
			return 0
		}
		return -1
	case 4, 6, 8:
		for j := 0; j < len(rs); j += 2 {
			if r < rs[j] {
				return -1
			}
			if r <= rs[j+1] {
				return j / 2
			}
		}
		return -1
	}
	lo, hi := 0, len(rs)/2
	for lo < hi {
		m := (lo + hi) / 2
		if rs[2*m] <= r {
			if r <= rs[2*m+1] {
				return m
			}
			lo = m + 1
		} else {
			hi = m
		}
	}
	return -1
}

// MatchEmptyWidth reports whether the instruction matches an empty string
// between the runes before and after. It should only be called when
// i.Op == InstEmptyWidth.
func (i *Inst) MatchEmptyWidth(before rune, after rune) bool {
	switch EmptyOp(i.Arg) {
	case EmptyBeginLine:
		return before == '\n' || before == -1
	case EmptyEndLine:
		return after == '\n' || after == -1
	case EmptyBeginText:
		return before == -1
	case EmptyEndText:
		return after == -1
	case EmptyWordBoundary:
		return IsWordChar(before) != IsWordChar(after)
	case EmptyNoWordBoundary:
		return IsWordChar(before) == IsWordChar(after)
	}
	panic("unknown empty width arg")
}

func (i *Inst) String() string {
	var b strings.Builder
	resyntaxDumpInst(&b, i)
	return b.String()
}

func resyntaxDumpInst(b *strings.Builder, i *Inst) {
	out := strconv.FormatUint(uint64(i.Out), 10)
	arg := strconv.FormatUint(uint64(i.Arg), 10)
	switch i.Op {
	case InstAlt:
		b.WriteString("alt -> " + out + ", " + arg)
	case InstAltMatch:
		b.WriteString("altmatch -> " + out + ", " + arg)
	case InstCapture:
		b.WriteString("cap " + arg + " -> " + out)
	case InstEmptyWidth:
		b.WriteString("empty " + arg + " -> " + out)
	case InstMatch:
		b.WriteString("match")
	case InstFail:
		b.WriteString("fail")
	case InstNop:
		b.WriteString("nop -> " + out)
	case InstRune:
		if i.Rune == nil {
			b.WriteString("rune <nil>")
		}
		b.WriteString("rune " + strconv.QuoteToASCII(string(i.Rune)))
		if Flags(i.Arg)&FoldCase != 0 {
			b.WriteString("/i")
		}
		b.WriteString(" -> " + out)
	case InstRune1:
		b.WriteString("rune1 " + strconv.QuoteToASCII(string(i.Rune)) + " -> " + out)
	case InstRuneAny:
		b.WriteString("any -> " + out)
	case InstRuneAnyNotNL:
		b.WriteString("anynotnl -> " + out)
	}
}

// A patch list threads the unfilled exits of a fragment through the
// exits themselves: an entry is pc<<1 (Out) or pc<<1|1 (Arg); 0 ends it.
type resyntaxPatches struct {
	head, tail uint32
}

func (l resyntaxPatches) patch(p *Prog, val uint32) {
	for at := l.head; at != 0; {
		i := &p.Inst[at>>1]
		if at&1 == 0 {
			at = i.Out
			i.Out = val
		} else {
			at = i.Arg
			i.Arg = val
		}
	}
}

func (l resyntaxPatches) join(p *Prog, l2 resyntaxPatches) resyntaxPatches {
	if l.head == 0 {
		return l2
	}
	if l2.head == 0 {
		return l
	}
	i := &p.Inst[l.tail>>1]
	if l.tail&1 == 0 {
		i.Out = l2.head
	} else {
		i.Arg = l2.head
	}
	return resyntaxPatches{l.head, l2.tail}
}

// A fragment of program: its first instruction (0: matches nothing), its
// exits, and whether it can match the empty string.
type resyntaxFrag struct {
	i        uint32
	out      resyntaxPatches
	nullable bool
}

type resyntaxCompiler struct {
	p *Prog
}

// Compile compiles the regexp into a program to be executed.
// The regexp should have been simplified already (returned from re.Simplify).
func Compile(re *Regexp) (*Prog, error) {
	c := &resyntaxCompiler{p: &Prog{NumCap: 2}}
	c.inst(InstFail)
	f := c.compile(re)
	f.out.patch(c.p, c.inst(InstMatch).i)
	c.p.Start = int(f.i)
	return c.p, nil
}

func (c *resyntaxCompiler) compile(re *Regexp) resyntaxFrag {
	switch re.Op {
	case OpNoMatch:
		return resyntaxFrag{}
	case OpEmptyMatch:
		return c.nop()
	case OpLiteral:
		if len(re.Rune) == 0 {
			return c.nop()
		}
		var f resyntaxFrag
		for j := range re.Rune {
			f1 := c.rune(re.Rune[j:j+1], re.Flags)
			if j == 0 {
				f = f1
			} else {
				f = c.cat(f, f1)
			}
		}
		return f
	case OpCharClass:
		return c.rune(re.Rune, re.Flags)
	case OpAnyCharNotNL:
		return c.rune([]rune{0, '\n' - 1, '\n' + 1, unicode.MaxRune}, 0)
	case OpAnyChar:
		return c.rune([]rune{0, unicode.MaxRune}, 0)
	case OpBeginLine:
		return c.empty(EmptyBeginLine)
	case OpEndLine:
		return c.empty(EmptyEndLine)
	case OpBeginText:
		return c.empty(EmptyBeginText)
	case OpEndText:
		return c.empty(EmptyEndText)
	case OpWordBoundary:
		return c.empty(EmptyWordBoundary)
	case OpNoWordBoundary:
		return c.empty(EmptyNoWordBoundary)
	case OpCapture:
		open := c.capture(uint32(re.Cap << 1))
		body := c.compile(re.Sub[0])
		close := c.capture(uint32(re.Cap<<1 | 1))
		return c.cat(c.cat(open, body), close)
	case OpStar:
		return c.star(c.compile(re.Sub[0]), re.Flags&NonGreedy != 0)
	case OpPlus:
		return c.plus(c.compile(re.Sub[0]), re.Flags&NonGreedy != 0)
	case OpQuest:
		return c.quest(c.compile(re.Sub[0]), re.Flags&NonGreedy != 0)
	case OpConcat:
		if len(re.Sub) == 0 {
			return c.nop()
		}
		var f resyntaxFrag
		for i, sub := range re.Sub {
			if i == 0 {
				f = c.compile(sub)
			} else {
				f = c.cat(f, c.compile(sub))
			}
		}
		return f
	case OpAlternate:
		var f resyntaxFrag
		for _, sub := range re.Sub {
			f = c.alt(f, c.compile(sub))
		}
		return f
	}
	panic("regexp: unhandled case in compile")
}

func (c *resyntaxCompiler) inst(op InstOp) resyntaxFrag {
	f := resyntaxFrag{i: uint32(len(c.p.Inst)), nullable: true}
	c.p.Inst = append(c.p.Inst, Inst{Op: op})
	return f
}

func (c *resyntaxCompiler) nop() resyntaxFrag {
	f := c.inst(InstNop)
	f.out = resyntaxPatches{f.i << 1, f.i << 1}
	return f
}

func (c *resyntaxCompiler) capture(arg uint32) resyntaxFrag {
	f := c.inst(InstCapture)
	f.out = resyntaxPatches{f.i << 1, f.i << 1}
	c.p.Inst[f.i].Arg = arg
	if c.p.NumCap < int(arg)+1 {
		c.p.NumCap = int(arg) + 1
	}
	return f
}

func (c *resyntaxCompiler) cat(f1, f2 resyntaxFrag) resyntaxFrag {
	if f1.i == 0 || f2.i == 0 {
		return resyntaxFrag{}
	}
	f1.out.patch(c.p, f2.i)
	return resyntaxFrag{f1.i, f2.out, f1.nullable && f2.nullable}
}

func (c *resyntaxCompiler) alt(f1, f2 resyntaxFrag) resyntaxFrag {
	if f1.i == 0 {
		return f2
	}
	if f2.i == 0 {
		return f1
	}
	f := c.inst(InstAlt)
	c.p.Inst[f.i].Out = f1.i
	c.p.Inst[f.i].Arg = f2.i
	f.out = f1.out.join(c.p, f2.out)
	f.nullable = f1.nullable || f2.nullable
	return f
}

// split adds an Alt whose preferred branch goes to body; its other exit
// is the returned patch list.
func (c *resyntaxCompiler) split(body uint32, nongreedy bool) (resyntaxFrag, resyntaxPatches) {
	f := c.inst(InstAlt)
	if nongreedy {
		c.p.Inst[f.i].Arg = body
		return f, resyntaxPatches{f.i << 1, f.i << 1}
	}
	c.p.Inst[f.i].Out = body
	return f, resyntaxPatches{f.i<<1 | 1, f.i<<1 | 1}
}

func (c *resyntaxCompiler) quest(f1 resyntaxFrag, nongreedy bool) resyntaxFrag {
	f, exit := c.split(f1.i, nongreedy)
	f.out = exit.join(c.p, f1.out)
	return f
}

func (c *resyntaxCompiler) loop(f1 resyntaxFrag, nongreedy bool) resyntaxFrag {
	f, exit := c.split(f1.i, nongreedy)
	f.out = exit
	f1.out.patch(c.p, f.i)
	return f
}

func (c *resyntaxCompiler) star(f1 resyntaxFrag, nongreedy bool) resyntaxFrag {
	if f1.nullable {
		// (x+)? keeps an empty x from looping forever
		return c.quest(c.plus(f1, nongreedy), nongreedy)
	}
	return c.loop(f1, nongreedy)
}

func (c *resyntaxCompiler) plus(f1 resyntaxFrag, nongreedy bool) resyntaxFrag {
	return resyntaxFrag{f1.i, c.loop(f1, nongreedy).out, f1.nullable}
}

func (c *resyntaxCompiler) empty(op EmptyOp) resyntaxFrag {
	f := c.inst(InstEmptyWidth)
	c.p.Inst[f.i].Arg = uint32(op)
	f.out = resyntaxPatches{f.i << 1, f.i << 1}
	return f
}

func (c *resyntaxCompiler) rune(r []rune, flags Flags) resyntaxFrag {
	f := c.inst(InstRune)
	f.nullable = false
	flags &= FoldCase
	if len(r) != 1 || unicode.SimpleFold(r[0]) == r[0] {
		flags &^= FoldCase
	}
	in := &c.p.Inst[f.i]
	in.Rune = r
	in.Arg = uint32(flags)
	f.out = resyntaxPatches{f.i << 1, f.i << 1}
	switch {
	case flags&FoldCase == 0 && (len(r) == 1 || len(r) == 2 && r[0] == r[1]):
		in.Op = InstRune1
	case len(r) == 2 && r[0] == 0 && r[1] == unicode.MaxRune:
		in.Op = InstRuneAny
	case len(r) == 4 && r[0] == 0 && r[1] == '\n'-1 && r[2] == '\n'+1 && r[3] == unicode.MaxRune:
		in.Op = InstRuneAnyNotNL
	}
	return f
}

// Simplify returns a regexp equivalent to re but without counted
// repetitions and with various other simplifications, such as rewriting
// /(?:a+)+/ to /a+/. The resulting regexp will execute correctly but its
// string representation will not produce the same parse tree, because
// capturing parentheses may have been duplicated or removed.
func (re *Regexp) Simplify() *Regexp {
	if re == nil {
		return nil
	}
	switch re.Op {
	case OpCapture, OpConcat, OpAlternate:
		// copy re only if a sub changes
		nre := re
		for i, sub := range re.Sub {
			nsub := sub.Simplify()
			if nre == re && nsub != sub {
				cp := *re
				nre = &cp
				nre.Rune = nil
				nre.Sub = append([]*Regexp(nil), re.Sub[:i]...)
			}
			if nre != re {
				nre.Sub = append(nre.Sub, nsub)
			}
		}
		return nre
	case OpStar, OpPlus, OpQuest:
		return resyntaxSimplify1(re.Op, re.Flags, re.Sub[0].Simplify(), re)
	case OpRepeat:
		if re.Min == 0 && re.Max == 0 {
			return &Regexp{Op: OpEmptyMatch}
		}
		sub := re.Sub[0].Simplify()
		if re.Max == -1 {
			switch re.Min {
			case 0:
				return resyntaxSimplify1(OpStar, re.Flags, sub, nil)
			case 1:
				return resyntaxSimplify1(OpPlus, re.Flags, sub, nil)
			}
			// x{n,} is n-1 x's then x+
			nre := &Regexp{Op: OpConcat}
			for i := 0; i < re.Min-1; i++ {
				nre.Sub = append(nre.Sub, sub)
			}
			nre.Sub = append(nre.Sub, resyntaxSimplify1(OpPlus, re.Flags, sub, nil))
			return nre
		}
		if re.Min == 1 && re.Max == 1 {
			return sub
		}
		// x{n,m} is n x's then (x(x(x)?)?)? nested m-n deep
		var prefix *Regexp
		if re.Min > 0 {
			prefix = &Regexp{Op: OpConcat}
			for i := 0; i < re.Min; i++ {
				prefix.Sub = append(prefix.Sub, sub)
			}
		}
		if re.Max > re.Min {
			suffix := resyntaxSimplify1(OpQuest, re.Flags, sub, nil)
			for i := re.Min + 1; i < re.Max; i++ {
				pair := &Regexp{Op: OpConcat, Sub: []*Regexp{sub, suffix}}
				suffix = resyntaxSimplify1(OpQuest, re.Flags, pair, nil)
			}
			if prefix == nil {
				return suffix
			}
			prefix.Sub = append(prefix.Sub, suffix)
		}
		if prefix != nil {
			return prefix
		}
		// x{4,3} and the like
		return &Regexp{Op: OpNoMatch}
	}
	return re
}

// resyntaxSimplify1 builds op(sub) with flags, reusing sub when it is
// already that operator, or re when it is op(sub) already.
func resyntaxSimplify1(op Op, flags Flags, sub, re *Regexp) *Regexp {
	if sub.Op == OpEmptyMatch {
		return sub
	}
	if op == sub.Op && flags&NonGreedy == sub.Flags&NonGreedy {
		return sub
	}
	if re != nil && re.Op == op && re.Flags&NonGreedy == flags&NonGreedy && sub == re.Sub[0] {
		return re
	}
	return &Regexp{Op: op, Flags: flags, Sub: []*Regexp{sub}}
}
