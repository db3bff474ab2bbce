// go/format and go/printer: gofmt's layout for badly formatted sources,
// fragments, invalid source, the printer's modes and node kinds, comment
// placement, doc comment rewriting, build lines, and ASTs built by hand.
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
	gofmt()
	comments()
}

func gofmt() {
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

const src = `// +build linux,amd64 darwin
// +build !race

// Package p has comments everywhere.
//
//Text without its blank.
//   indented code
// Old Style Heading
//
// Paragraph after.
//  - one
//  - two
//go:generate echo hi
//
// [Go]: https://go.dev
package p

import "fmt" // the only import

/*
   Block comment
     indented
*/
var (
	short = 1 // one
	longerName string = "x" /* two */
	z, w int
)

type T struct {
	A int // a
	// doc for B
	B, C    string
	D struct{ E int }
	F map[string]func(int) error ` + "`tag:\"f\"`" + `
}

func f(a, b int, /* inline */ c string) (int, error) {
	// leading
	x := []int{
		1, 2, 3, // first row
		40, 500,
	}
	if a > b /* why */ {
		return a, nil // early
	}
	y := map[string]int{"a": 1, "bbb": 2,
		"cc": 3} // trailing

	/* before */ fmt.Println(x, y)
	switch {
	// a comment before case
	case a < 0:
		// inside
	}
	return 0, nil
	// after return
}
`

func comments() {
	out, err := format.Source([]byte(src))
	fmt.Printf("%v\n%s", err, out)

	// an AST built by hand: no positions, no comments
	fset := token.NewFileSet()
	decl := &ast.FuncDecl{
		Name: ast.NewIdent("Sum"),
		Type: &ast.FuncType{
			Params: &ast.FieldList{List: []*ast.Field{{
				Names: []*ast.Ident{ast.NewIdent("xs")},
				Type:  &ast.Ellipsis{Elt: ast.NewIdent("int")},
			}}},
			Results: &ast.FieldList{List: []*ast.Field{{Type: ast.NewIdent("int")}}},
		},
		Body: &ast.BlockStmt{List: []ast.Stmt{
			&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("s")}, Tok: token.DEFINE, Rhs: []ast.Expr{&ast.BasicLit{Kind: token.INT, Value: "0"}}},
			&ast.RangeStmt{Key: ast.NewIdent("_"), Value: ast.NewIdent("x"), Tok: token.DEFINE, X: ast.NewIdent("xs"),
				Body: &ast.BlockStmt{List: []ast.Stmt{&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("s")}, Tok: token.ADD_ASSIGN, Rhs: []ast.Expr{ast.NewIdent("x")}}}}},
			&ast.ReturnStmt{Results: []ast.Expr{&ast.BinaryExpr{X: ast.NewIdent("s"), Op: token.MUL, Y: &ast.BinaryExpr{X: ast.NewIdent("s"), Op: token.ADD, Y: &ast.BasicLit{Kind: token.INT, Value: "1"}}}}},
		}},
	}
	file := &ast.File{Name: ast.NewIdent("gen"), Decls: []ast.Decl{
		&ast.GenDecl{Tok: token.IMPORT, Specs: []ast.Spec{&ast.ImportSpec{Path: &ast.BasicLit{Kind: token.STRING, Value: `"os"`}}}},
		decl,
	}}
	var buf bytes.Buffer
	fmt.Println(format.Node(&buf, fset, file))
	fmt.Print(buf.String())

	// the same with the printer's Indent and a //line directive per line
	f, _ := parser.ParseFile(fset, "p.go", out, parser.ParseComments)
	cfg := printer.Config{Mode: printer.UseSpaces | printer.SourcePos, Tabwidth: 4, Indent: 1}
	cfg.Fprint(os.Stdout, fset, f.Decls[2])
	fmt.Println()
	// statement lists and expressions parsed alone
	x, _ := parser.ParseExpr(`func(a int) bool { return a > 1 && a < 10 || a == -1 }`)
	printer.Fprint(os.Stdout, token.NewFileSet(), x)
	fmt.Println()
}
