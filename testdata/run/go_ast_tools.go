package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"sort"
	"strings"
)

const src = `// Package p doc.
package p

import (
	"os"
	b "bytes" // bytes
	"fmt"
	"os"

	// lead
	"strings"
	"errors" // errs
	"errors"
)

// T is a type.
type T struct {
	A int // a field
	b string
	C, d float64
	*E
}

type u int

var V, w = 1, T{A: 1, b: "x"}

// F does.
func F() {
	x := 1 // one
	// before y
	y := 2

	_ = x + y // sum
}

func g() {}

func (T) M()  {}
func (T) m()  {}
/* end */
`

func main() {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		fmt.Println(err)
	}
	cmap := ast.NewCommentMap(fset, f, f.Comments)
	var keys []ast.Node
	for n := range cmap {
		keys = append(keys, n)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].Pos() != keys[j].Pos() {
			return keys[i].Pos() < keys[j].Pos()
		}
		return keys[i].End() < keys[j].End()
	})
	for _, n := range keys {
		var texts []string
		for _, g := range cmap[n] {
			texts = append(texts, strings.TrimSpace(g.Text()))
		}
		fmt.Printf("%T %v %q\n", n, fset.Position(n.Pos()), texts)
	}
	fmt.Println(len(cmap.Comments()), len(cmap.Filter(f.Decls[1])))

	ast.SortImports(fset, f)
	for _, s := range f.Imports {
		fmt.Println(s.Name, s.Path.Value, fset.Position(s.Pos()), fset.Position(s.End()), s.Comment != nil)
	}
	for _, g := range f.Comments {
		fmt.Println(fset.Position(g.Pos()), g.List[0].Text)
	}
	fmt.Println(fset.File(f.Pos()).LineCount())

	f2, _ := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	ast.FileExports(f2)
	ast.Fprint(os.Stdout, fset, f2.Decls[1:], func(name string, v reflect.Value) bool { return name != "Obj" && ast.NotNilFilter(name, v) })

	f3, _ := parser.ParseFile(fset, "p.go", src, 0)
	f4, _ := parser.ParseFile(fset, "q.go", "// Q doc.\npackage p\nimport \"os\"\nfunc g() {}\nfunc h() { os.Exit(zz) }\n", parser.ParseComments)
	pkg, err := ast.NewPackage(fset, map[string]*ast.File{"p.go": f3, "q.go": f4}, nil, nil)
	fmt.Println(pkg.Name, err)
	m := ast.MergePackageFiles(pkg, ast.FilterFuncDuplicates|ast.FilterImportDuplicates)
	fmt.Println(len(m.Decls), len(m.Imports), len(m.Comments), m.Doc.Text(), fset.Position(m.Package))
	ok := ast.FilterFile(f3, func(s string) bool { return s == "g" || s == "T" })
	fmt.Println(ok, len(f3.Decls))
	var stack []string
	ast.PreorderStack(f4, nil, func(n ast.Node, st []ast.Node) bool {
		stack = append(stack, fmt.Sprintf("%T/%d", n, len(st)))
		return true
	})
	fmt.Println(stack)
	for _, c := range []string{"//go:build go1.21", "//go:build !go1.21", "//go:build (linux || darwin) && go1.22", "//go:build go1.20 || go1.22", "//go:build go1.21 &&"} {
		f, err := parser.ParseFile(token.NewFileSet(), "", c+"\n\npackage p\n", 0)
		fmt.Printf("%q %q %v\n", c, f.GoVersion, err)
	}
	for _, src := range []any{"package a", []byte("package b"), bytes.NewBufferString("package c"), strings.NewReader("package d"), 42} {
		f, err := parser.ParseFile(fset, "", src, 0)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(f.Name.Name, fset.Position(f.FileStart))
	}
	d, ok := ast.ParseDirective(100, "//go:generate stringer -type \"Op x\" `raw`  ")
	args, err := d.ParseArgs()
	fmt.Println(d, ok, args, err, d.End())
	d, _ = ast.ParseDirective(0, "//x:y \"bad")
	_, err = d.ParseArgs()
	fmt.Println(err)
}
