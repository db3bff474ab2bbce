package main

import (
	"fmt"
	"os"
	"strings"
	"text/scanner"
	"unicode"
)

func main() {
	var s scanner.Scanner
	s.Init(strings.NewReader("ab\ncé\n\nd"))
	fmt.Println(s.Pos(), s.Position, s.IsValid(), s.String())
	fmt.Printf("peek %q\n", s.Peek())
	for {
		ch := s.Next()
		p := s.Pos()
		fmt.Printf("%q %d:%d off=%d valid=%v\n", ch, p.Line, p.Column, p.Offset, s.Position.IsValid())
		if ch == scanner.EOF {
			break
		}
	}
	fmt.Printf("peek at end %q\n", s.Peek())

	// custom identifiers: words with dashes and a leading $
	s.Init(strings.NewReader("$foo-bar baz-1 -x 2x"))
	s.IsIdentRune = func(ch rune, i int) bool {
		return ch == '$' && i == 0 || ch == '-' && i > 0 || unicode.IsLetter(ch) || unicode.IsDigit(ch) && i > 0
	}
	for tok := s.Scan(); tok != scanner.EOF; tok = s.Scan() {
		fmt.Println(scanner.TokenString(tok), s.TokenText(), s.Position)
	}

	// mixing Scan and Next
	s.Init(strings.NewReader("key = value # rest of line\nnext"))
	s.Filename = "cfg"
	fmt.Println(s.Scan() == scanner.Ident, s.TokenText())
	fmt.Println(string(s.Scan()), s.TokenText())
	fmt.Println(s.Scan() == scanner.Ident, s.TokenText(), s.Position)
	s.Scan()
	var rest []rune
	for ch := s.Next(); ch != '\n' && ch != scanner.EOF; ch = s.Next() {
		rest = append(rest, ch)
	}
	fmt.Printf("rest %q text %q line %d\n", string(rest), s.TokenText(), s.Line)
	fmt.Println(s.Scan() == scanner.Ident, s.TokenText(), s.Position, s.Pos())

	// errors without an Error func go to stderr
	s.Init(strings.NewReader(`"open`))
	s.Filename = "f.txt"
	s.Scan()
	fmt.Println("count", s.ErrorCount)
	os.Stderr.Sync()

	// long input crossing buffer boundaries
	long := strings.Repeat("word ", 3000) + "ünïcode " + strings.Repeat("x", 5000)
	s.Init(strings.NewReader(long))
	n := 0
	var last string
	for tok := s.Scan(); tok != scanner.EOF; tok = s.Scan() {
		n++
		last = s.TokenText()
	}
	fmt.Println(n, len(last), s.Pos())
	p := scanner.Position{}
	fmt.Println(p.String(), p.IsValid(), scanner.Position{Filename: "a", Line: 2, Column: 3})
}
