package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing/iotest"
	"text/scanner"
)

func run(name string, r io.Reader) {
	fmt.Println(name)
	var s scanner.Scanner
	s.Init(r)
	s.Error = func(s *scanner.Scanner, msg string) { fmt.Printf("  error %s: %s\n", s.Pos(), msg) }
	for i := 0; i < 12; i++ {
		tok := s.Scan()
		fmt.Printf("  %s %q %s\n", scanner.TokenString(tok), s.TokenText(), s.Position)
		if tok == scanner.EOF && i > 8 {
			break
		}
	}
	fmt.Println("  errors:", s.ErrorCount)
}

func main() {
	run("timeout", iotest.TimeoutReader(strings.NewReader("alpha beta gamma")))
	run("one byte", iotest.OneByteReader(strings.NewReader("x := 1.5e3 // c\n\"é\"")))
	run("half", iotest.HalfReader(strings.NewReader("héllo wörld 'ü'")))
	run("err", iotest.ErrReader(errors.New("disk on fire")))
	run("data err", iotest.DataErrReader(strings.NewReader("a b")))
	big := strings.Repeat("ab ", 700) + "ü" + strings.Repeat("cd ", 700)
	var s scanner.Scanner
	s.Init(iotest.HalfReader(strings.NewReader(big)))
	n := 0
	for tok := s.Scan(); tok != scanner.EOF; tok = s.Scan() {
		if s.TokenText() == "ü" {
			fmt.Println("found at", s.Position)
		}
		n++
	}
	fmt.Println(n, s.Pos())
}
