package main

import (
	"fmt"
	"strings"
	"text/scanner"
)

func dump(src string, mode uint, ws uint64) {
	var s scanner.Scanner
	s.Init(strings.NewReader(src))
	s.Filename = "ex"
	if mode != 0 {
		s.Mode = mode
	}
	if ws != 0 {
		s.Whitespace = ws
	}
	s.Error = func(s *scanner.Scanner, msg string) {
		fmt.Printf("  error at %s (pos %s): %s\n", s.Position, s.Pos(), msg)
	}
	for tok := s.Scan(); tok != scanner.EOF; tok = s.Scan() {
		fmt.Printf("  %s: %s %q\n", s.Position, scanner.TokenString(tok), s.TokenText())
	}
	fmt.Printf("  end %s errors=%d text=%q\n", s.Pos(), s.ErrorCount, s.TokenText())
}

func main() {
	src := `// comment
package main /* block
comment */
func f(x int) float64 { return 3.14e-2 + 0x1p4 + .5 + 1_000 + 0o17 + 0b101 + 017 }
var s = "hé\tllo\n" + ` + "`raw\nstring`" + ` + 'x' + '\u00e9'
a.b != c && d <= e // end`
	fmt.Println("go tokens")
	dump(src, 0, 0)
	fmt.Println("with comments")
	dump(src, scanner.ScanIdents|scanner.ScanComments|scanner.ScanInts, 0)
	fmt.Println("idents only")
	dump(`foo "bar" 12 3.5`, scanner.ScanIdents, 0)
	fmt.Println("no whitespace skip")
	dump("a b\tc\n", 0, 1<<' ')
	fmt.Println("errors")
	dump(`0x 0b2 09 1__2 1_ 0x1.5 0b1.0 1e 1e+ 0x1e3 0o8 "abc`+"\n"+`'ab' '\q' "\x4" /* open`, 0, 0)
	fmt.Println("more errors")
	dump("`raw", 0, 0)
	dump("'", 0, 0)
	dump("a\x00b \xff c", 0, 0)
	dump("\ufeffx y", 0, 0)
	dump("", 0, 0)
	dump("1.e5 1.5E+3 0X1P-2 0x_1 0_7 .e 1.2.3 x.5", 0, 0)
	for _, t := range []rune{scanner.EOF, scanner.Ident, scanner.Int, scanner.Float, scanner.Char, scanner.String, scanner.RawString, scanner.Comment, 'a', '\n', '"', 0x1F600, -9} {
		fmt.Print(scanner.TokenString(t), " ")
	}
	fmt.Println()
	fmt.Println(scanner.GoTokens, scanner.GoWhitespace, scanner.ScanIdents, scanner.SkipComments, scanner.ScanFloats)
}
