// Package format implements standard formatting of Go source: the layout
// of gofmt.
package format

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"io"
	"strings"
)

// gofmt's settings: tabs for indentation, blanks for alignment, a tab
// width of 8 and normalized number literals (the printer's mode bit 1<<30).
var fmtConfig = printer.Config{Mode: printer.UseSpaces | printer.TabIndent | 1<<30, Tabwidth: 8}

const fmtParserMode = parser.ParseComments | parser.SkipObjectResolution

// Node formats node in canonical gofmt style and writes the result to dst.
//
// The node type must be *ast.File, *printer.CommentedNode, []ast.Decl,
// []ast.Stmt, or assignment-compatible to ast.Expr, ast.Decl, ast.Spec,
// or ast.Stmt. Node does not modify node. Imports are not sorted for
// nodes representing partial source files (for instance, if the node is
// not an *ast.File or a *printer.CommentedNode not wrapping an *ast.File).
func Node(dst io.Writer, fset *token.FileSet, node any) error {
	var file *ast.File
	var cnode *printer.CommentedNode
	switch n := node.(type) {
	case *ast.File:
		file = n
	case *printer.CommentedNode:
		if f, ok := n.Node.(*ast.File); ok {
			file = f
			cnode = n
		}
	}
	if file != nil && fmtImportBlocks(file) {
		// sort the imports of a copy: print, parse again, sort
		var buf bytes.Buffer
		if err := fmtConfig.Fprint(&buf, fset, file); err != nil {
			return err
		}
		var err error
		file, err = parser.ParseFile(fset, "", buf.Bytes(), fmtParserMode)
		if err != nil {
			return fmt.Errorf("format.Node internal error (%s)", err)
		}
		ast.SortImports(fset, file)
		node = file
		if cnode != nil {
			node = &printer.CommentedNode{Node: file, Comments: cnode.Comments}
		}
	}
	return fmtConfig.Fprint(dst, fset, node)
}

// Source formats src in canonical gofmt style and returns the result or
// an (I/O or syntax) error. src is expected to be a syntactically correct
// Go source file, or a list of Go declarations or statements.
//
// If src is a partial source file, the leading and trailing space of src
// is applied to the result (such that it has the same leading and
// trailing space as src), and the result is indented by the same amount
// as the first line of src containing code. Imports are not sorted for
// partial source files.
func Source(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	file, adjust, indentAdj, err := fmtParse(fset, src)
	if err != nil {
		return nil, err
	}
	if adjust == nil {
		ast.SortImports(fset, file)
		var buf bytes.Buffer
		if err := fmtConfig.Fprint(&buf, fset, file); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}
	// a fragment keeps its leading and trailing space and the indentation
	// of its first line of code
	i, j := 0, 0
	for j < len(src) && fmtSpace(src[j]) {
		if src[j] == '\n' {
			i = j + 1
		}
		j++
	}
	res := append([]byte(nil), src[:i]...)
	indent := 0
	spaces := false
	for _, b := range src[i:j] {
		if b == ' ' {
			spaces = true
		} else if b == '\t' {
			indent++
		}
	}
	if indent == 0 && spaces {
		indent = 1
	}
	for k := 0; k < indent; k++ {
		res = append(res, '\t')
	}
	cfg := fmtConfig
	cfg.Indent = indent + indentAdj
	var buf bytes.Buffer
	if err := cfg.Fprint(&buf, fset, file); err != nil {
		return nil, err
	}
	out := adjust(buf.Bytes(), cfg.Indent)
	if len(out) == 0 {
		return src, nil
	}
	res = append(res, out...)
	k := len(src)
	for k > 0 && fmtSpace(src[k-1]) {
		k--
	}
	return append(res, src[k:]...), nil
}

func fmtSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// fmtImportBlocks reports whether the file has a parenthesized import
// declaration (whose imports may need sorting).
func fmtImportBlocks(file *ast.File) bool {
	for _, d := range file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			return false
		}
		if g.Lparen.IsValid() {
			return true
		}
	}
	return false
}

// fmtParse parses src as a file, else as a list of declarations, else as
// a list of statements; for a fragment it returns the function that cuts
// the wrapper off the printed result.
func fmtParse(fset *token.FileSet, src []byte) (*ast.File, func([]byte, int) []byte, int, error) {
	file, err := parser.ParseFile(fset, "", src, fmtParserMode)
	if err == nil || !strings.Contains(err.Error(), "expected 'package'") {
		return file, nil, 0, err
	}
	psrc := append([]byte("package p;"), src...)
	file, err = parser.ParseFile(fset, "", psrc, fmtParserMode)
	if err == nil {
		return file, func(out []byte, indent int) []byte {
			out = out[indent+len("package p\n"):]
			return bytes.TrimSpace(out)
		}, 0, nil
	}
	if !strings.Contains(err.Error(), "expected declaration") {
		return nil, nil, 0, err
	}
	fsrc := append(append([]byte("package p; func _() {"), src...), '\n', '\n', '}')
	file, err = parser.ParseFile(fset, "", fsrc, fmtParserMode)
	if err != nil {
		return nil, nil, 0, err
	}
	return file, func(out []byte, indent int) []byte {
		if indent < 0 {
			indent = 0
		}
		out = out[2*indent+len("package p\n\nfunc _() {"):]
		out = out[:len(out)-len("}\n")]
		return bytes.TrimSpace(out)
	}, -1, nil
}
