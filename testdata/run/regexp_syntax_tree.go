// regexp/syntax: parse trees, String, Simplify, Compile and the helpers
// of Prog and Inst, over a representative set of patterns and flags.
package main

import (
	"errors"
	"fmt"
	"regexp/syntax"
	"strings"
)

func dump(b *strings.Builder, re *syntax.Regexp) {
	b.WriteString(re.Op.String())
	if re.Flags != 0 {
		fmt.Fprintf(b, "/%d", re.Flags)
	}
	if len(re.Rune) > 0 {
		fmt.Fprintf(b, " %q", string(re.Rune))
	}
	if re.Op == syntax.OpRepeat {
		fmt.Fprintf(b, " %d,%d", re.Min, re.Max)
	}
	if re.Op == syntax.OpCapture {
		fmt.Fprintf(b, " #%d%s", re.Cap, re.Name)
	}
	if len(re.Sub) > 0 {
		b.WriteString("{")
		for i, s := range re.Sub {
			if i > 0 {
				b.WriteString(" ")
			}
			dump(b, s)
		}
		b.WriteString("}")
	}
}

var patterns = []string{
	`abc`, `a|b|c`, `abc|abd|aef|bcx|bcy`, `(?i)abc|abd`, `x(?i:y)z`,
	`[a-c]|[b-e]|x`, `a.b|a.c`, `a{2}|a{3}`, `[[:alpha:]]+[^[:space:]]`,
	`\pN\p{Greek}`, `(?i)k`, `[Σσς]`, `\Q+*?\E`,
	`(?P<name>a)(?<other>b)(c)(?:d)`, `a*?b+?c??d{2,3}?`, `(?U)a*b*?`,
	`a{0}`, `a{2,}`, `a{2,5}`, `(a{2}){3}`, `(?:a+)+`, `(a*)*`, `(|a)*`,
	`\b\B\A\z`, `(?m)^a$`, `^a$`, `(?s).|(?-s).`, `[^\n]`, `\d|\s`,
	`(?i)\w`, `[\x00-\x{10FFFF}]`, `[^\x00-\x{10FFFF}]`, `\P{Any}`,
	`\n\t\x00\x7f\x{263a}\101`, `[a-]|[]b]`, `a|`, `()`, `(?i)Σ|x`,
	`(?i)ab|(?i)ac`, `abc*|abd`, `(a|b|c|d|e)`, `.*`,
}

var bad = []string{
	`a**`, `a*+`, `(?P<n>`, `(?P<>a)`, `(?i-)`, `(`, `)`, `a)`, `(a`, `[a`,
	`[z-a]`, `\8`, `\pX`, `\p{Foo}`, `\x{110000}`, `a\`, `[[:foo:]]`,
	`x{2}{3}`, `x{1001}`, `(x{1000}){2}`, `*`, `\C`, "\xff", `(?<a!>x)`,
}

func main() {
	for _, p := range patterns {
		re, err := syntax.Parse(p, syntax.Perl)
		if err != nil {
			fmt.Println(p, err)
			continue
		}
		var b strings.Builder
		dump(&b, re)
		s := re.Simplify()
		prog, _ := syntax.Compile(s)
		prefix, complete := prog.Prefix()
		fmt.Printf("%s\n  tree %s\n  str  %s  simp %s  eq %v  caps %q\n  prefix %q %v  cond %d\n%s",
			p, b.String(), re, s, re.Equal(s), re.CapNames(), prefix, complete, prog.StartCond(), prog)
	}
	for _, f := range []syntax.Flags{syntax.POSIX, syntax.Literal, syntax.MatchNL | syntax.PerlX, syntax.Perl | syntax.FoldCase | syntax.NonGreedy} {
		for _, p := range []string{`a.b*[^x]`, `(?i)K$|^z`, `\pL`, `a+?\d`} {
			re, err := syntax.Parse(p, f)
			if err != nil {
				fmt.Printf("%d %s: %v\n", f, p, err)
				continue
			}
			fmt.Printf("%d %s: %s\n", f, p, re)
		}
	}
	for _, p := range bad {
		_, err := syntax.Parse(p, syntax.Perl)
		var se *syntax.Error
		if errors.As(err, &se) {
			fmt.Printf("%q: %q [%s]\n", p, err.Error(), se.Code)
		}
	}
	_, err := syntax.Parse(strings.Repeat("(", 1001)+strings.Repeat(")", 1001), syntax.Perl)
	fmt.Println(err.(*syntax.Error).Code)

	for op := syntax.Op(0); op <= 20; op++ {
		fmt.Print(op, " ")
	}
	fmt.Println(syntax.Op(128))
	for op := syntax.InstOp(0); op <= 11; op++ {
		fmt.Printf("%v,", op)
	}
	fmt.Println()
	for _, pair := range [][2]rune{{-1, 'a'}, {'a', -1}, {'\n', 'x'}, {'x', '\n'}, {'a', 'b'}, {' ', ' '}, {-1, -1}, {'_', '!'}} {
		fmt.Print(syntax.EmptyOpContext(pair[0], pair[1]), " ")
	}
	fmt.Println(syntax.IsWordChar('_'), syntax.IsWordChar('é'), syntax.IsWordChar('9'))

	re, _ := syntax.Parse(`(?i)k[a-c]x|[d-fh-jl-n]|\bz`, syntax.Perl)
	prog, _ := syntax.Compile(re.Simplify())
	for i := range prog.Inst {
		in := &prog.Inst[i]
		fmt.Printf("%d %v %s", i, in.Op, in)
		switch in.Op {
		case syntax.InstRune, syntax.InstRune1:
			fmt.Print(" ", in.MatchRune('k'), in.MatchRune('K'), in.MatchRune('\u212a'), in.MatchRunePos('b'), in.MatchRunePos('i'), in.MatchRunePos('m'), in.MatchRunePos('z'))
		case syntax.InstEmptyWidth:
			fmt.Print(" ", in.MatchEmptyWidth(' ', 'z'), in.MatchEmptyWidth('a', 'z'))
		}
		fmt.Println()
	}
	fmt.Println(syntax.EmptyBeginLine, syntax.EmptyEndLine, syntax.EmptyBeginText, syntax.EmptyEndText, syntax.EmptyWordBoundary, syntax.EmptyNoWordBoundary)
	fmt.Println(syntax.FoldCase, syntax.Literal, syntax.ClassNL, syntax.DotNL, syntax.OneLine, syntax.NonGreedy, syntax.PerlX, syntax.UnicodeGroups, syntax.WasDollar, syntax.Simple, syntax.MatchNL, syntax.Perl, syntax.POSIX)
	fmt.Println(syntax.ErrInternalError, syntax.ErrInvalidCharClass, syntax.ErrLarge, syntax.ErrNestingDepth)
	x, _ := syntax.Parse(`a(b)c`, syntax.Perl)
	y, _ := syntax.Parse(`a(b)c`, syntax.Perl)
	z, _ := syntax.Parse(`a(b)d`, syntax.Perl)
	fmt.Println(x.Equal(y), x.Equal(z), x.MaxCap())
}
