package main

import (
	"errors"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"sort"
)

const good = "package p\n\n// Sum adds.\nfunc Sum(xs ...int) (n int) {\n\tfor _, x := range xs { n += x }\n\treturn /* done\n */\n}\nvar c = 'x' + 0x1p-2i + 1_000.5e3 &^ 07 // end"

const bad = "x := 0x 0b12 0o8 09 1__0 1e 0x1.8 0b1.0 1p3 'ab' '' '\\q' \"\\x4\" \"\\uD800\" @ # \u201cq\u201d\n" +
	"//line other.go:10\ny := `raw\r\ntext` /*line :5:3*/ z\n//line bad.go:0\n\"open\n/* open"

func scan(name, src string, mode scanner.Mode) scanner.ErrorList {
	fset := token.NewFileSet()
	file := fset.AddFile(name, fset.Base(), len(src))
	var s scanner.Scanner
	var errs scanner.ErrorList
	s.Init(file, []byte(src), errs.Add, mode)
	for {
		pos, tok, lit := s.Scan()
		fmt.Printf("%-14s %-8s %q end=%d\n", fset.Position(pos), tok, lit, s.End())
		if tok == token.EOF {
			break
		}
	}
	fmt.Println("ErrorCount:", s.ErrorCount, "lines:", file.LineCount())
	return errs
}

func main() {
	scan("good.go", good, scanner.ScanComments)
	scan("good.go", good, 0)
	errs := scan("bad.go", bad, 0)
	fmt.Println(errs.Len(), errs)
	scanner.PrintError(os.Stdout, errs)
	errs.RemoveMultiples()
	fmt.Println("after RemoveMultiples:", errs.Len())
	scanner.PrintError(os.Stdout, errs)
	var target scanner.ErrorList
	fmt.Println(errors.As(errs.Err(), &target), sort.IsSorted(errs))
	errs.Reset()
	fmt.Println(errs.Err() == nil, errs.Error())
	fmt.Println(scanner.Error{Msg: "no position"}.Error())
	defer func() { fmt.Println("recovered:", recover()) }()
	var s scanner.Scanner
	s.Init(token.NewFileSet().AddFile("x.go", 1, 3), []byte("ab"), nil, 0)
}
