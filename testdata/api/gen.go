//go:build ignore

// gen writes api.txt: the exported API of Go's standard library, for the
// packages minigo provides (the `packages!` table of vm/src/std/mod.rs),
// as one line per name:
//
//	pkg func NAME
//	pkg type NAME
//	pkg const NAME
//	pkg var NAME
//	pkg method Type.Method (a method declared on an exported type)
//
// It reads the installed Go's sources ($(go env GOROOT)/src) for
// linux/amd64 with go/build, go/parser and go/doc, so the list is the API
// of that release with removed names already gone. Promoted methods,
// struct fields and interface methods are not listed. internal/ packages
// are skipped.
//
// Run from the repository root: go run testdata/api/gen.go
package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
)

func main() {
	table, err := os.ReadFile("vm/src/std/mod.rs")
	if err != nil {
		panic(err)
	}
	var pkgs []string
	for _, m := range regexp.MustCompile(`(?m)^\s*"([a-z0-9/]+)" =>`).FindAllStringSubmatch(string(table), -1) {
		if !strings.HasPrefix(m[1], "internal/") {
			pkgs = append(pkgs, m[1])
		}
	}
	sort.Strings(pkgs)
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH, ctx.CgoEnabled = "linux", "amd64", true
	var out []string
	for _, path := range pkgs {
		bp, err := ctx.ImportDir(filepath.Join(runtime.GOROOT(), "src", path), 0)
		if err != nil {
			panic(err)
		}
		fset := token.NewFileSet()
		var files []*ast.File
		for _, name := range append(bp.GoFiles, bp.CgoFiles...) {
			f, err := parser.ParseFile(fset, filepath.Join(bp.Dir, name), nil, parser.ParseComments)
			if err != nil {
				panic(err)
			}
			files = append(files, f)
		}
		dp, err := doc.NewFromFiles(fset, files, "std/"+path)
		if err != nil {
			panic(err)
		}
		var names []string
		values := func(vs []*doc.Value) {
			for _, v := range vs {
				kind := "var "
				if v.Decl.Tok == token.CONST {
					kind = "const "
				}
				for _, n := range v.Names {
					if ast.IsExported(n) {
						names = append(names, kind+n)
					}
				}
			}
		}
		values(dp.Consts)
		values(dp.Vars)
		for _, f := range dp.Funcs {
			names = append(names, "func "+f.Name)
		}
		for _, t := range dp.Types {
			names = append(names, "type "+t.Name)
			values(t.Consts)
			values(t.Vars)
			for _, f := range t.Funcs {
				names = append(names, "func "+f.Name)
			}
			for _, m := range t.Methods {
				if m.Level == 0 && ast.IsExported(m.Name) {
					names = append(names, "method "+t.Name+"."+m.Name)
				}
			}
		}
		sort.Slice(names, func(i, j int) bool {
			return strings.SplitN(names[i], " ", 2)[1] < strings.SplitN(names[j], " ", 2)[1]
		})
		for _, n := range names {
			out = append(out, path+" "+n)
		}
	}
	body := "# The exported API of Go " + runtime.Version() + "'s standard library for the packages\n" +
		"# minigo provides; made by testdata/api/gen.go (see there). One name a line.\n" +
		strings.Join(out, "\n") + "\n"
	if err := os.WriteFile("testdata/api/api.txt", []byte(body), 0o644); err != nil {
		panic(err)
	}
	fmt.Println(len(out), "names")
}
