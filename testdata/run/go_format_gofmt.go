// go/format and go/printer: gofmt's layout for badly formatted sources,
// fragments, invalid source, and the printer's modes and node kinds.
package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
)

const messy = `//go:build   linux&&(amd64||arm64)

// Package demo   is messy.
package demo
import ( "strings"
  "fmt"

	b "bytes"
)
// Point is a point.
type Point struct{
X,Y int  // coordinates
Name string ` + "`json:\"name\"`" + `
	private   bool
}
type (
A int
LongerName   string
)
const (
	a = iota // first
	bb       // second
	cccc = 10
)
var x, y = 1,2
var m = map[string]int{ "one":1, "three":3,
"twenty":20,
}
func (p *Point) Dist(q Point) (d float64) {
dx:=p.X-q.X; dy := p.Y - q.Y
	if dx<0 { dx = -dx }
	for i:=0;i<10;i++{ d += float64(i*dx+dy*2) }
	switch { case dx>dy: return 1
	default:
		return 2
	}


	return d
}
func short() int { return 42 }
func  generic[T any, U comparable](t T, u ...U) []T { return []T{t} }
func calls() {
	fmt.Println(strings.Repeat("x", 3), b.NewBuffer(nil),
		1<<3+2*4, x&^y|a)
	s := []int{1,2,3}[1:len(x)-1]
	_ = s[x+1 : y]
	go func() { defer fmt.Println("done") }()
	/* block */ var z = &Point{X: 1,
		Y: 2, // why
	}
	_ = z
	ch := make(chan<- int)
	select {}
	_ = ch
	var i interface{ M() }
	_, ok := i.(interface{ M() })
	_ = ok
	label:
	for range 3 { continue label }
}
`

func main() {
	out, err := format.Source([]byte(messy))
	fmt.Printf("err=%v\n%s", err, out)

	// fragments: declarations and statements keep their indentation
	for _, src := range []string{
		"\n\n  x:=1+2*3\n  if x>1 {fmt.Println( x )}\n\n",
		"func f( ) {return}\ntype T struct{a int;bb string}",
		"\tvar v = []int{1,\n2}\n",
	} {
		out, err := format.Source([]byte(src))
		fmt.Printf("%q %v\n", out, err)
	}

	// invalid source
	for _, src := range []string{
		"package p\nfunc f( {",
		"package p; var = 1",
		"x := ",
	} {
		out, err := format.Source([]byte(src))
		fmt.Printf("%q %v\n", out, err)
	}

	// format.Node on a file, a declaration and an expression
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "demo.go", messy, parser.ParseComments)
	if err != nil {
		fmt.Println(err)
		return
	}
	var buf bytes.Buffer
	fmt.Println(format.Node(&buf, fset, f.Decls[len(f.Decls)-3]), buf.String())
	e, _ := parser.ParseExpr("a+b*c  -  (d/e)  <<  f")
	buf.Reset()
	fmt.Println(format.Node(&buf, token.NewFileSet(), e), buf.String())

	// the printer's modes
	for _, cfg := range []printer.Config{
		{Tabwidth: 8},
		{Mode: printer.RawFormat, Tabwidth: 8},
		{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 4},
		{Mode: printer.UseSpaces, Tabwidth: 2, Indent: 1},
		{Mode: printer.SourcePos | printer.UseSpaces | printer.TabIndent, Tabwidth: 8},
	} {
		buf.Reset()
		err := cfg.Fprint(&buf, fset, f.Decls[1])
		fmt.Printf("mode %d: %v\n%q\n", cfg.Mode, err, buf.String())
	}
	// statements, a commented declaration, and an unsupported node
	fn := f.Decls[len(f.Decls)-4].(*ast.FuncDecl)
	buf.Reset()
	printer.Fprint(&buf, fset, fn.Body.List)
	fmt.Printf("%s\n", buf.String())
	buf.Reset()
	printer.Fprint(&buf, fset, &printer.CommentedNode{Node: f.Decls[1], Comments: f.Comments})
	fmt.Printf("%s\n", buf.String())
	fmt.Println(printer.Fprint(&buf, fset, 42))
	printer.Fprint(os.Stdout, fset, f.Name)
	fmt.Println()
}
