// go/printer: comment placement, doc comment rewriting, build lines,
// alignment, and printing ASTs built by hand (no positions).
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

func main() {
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
