// Package parser implements a parser for Go source files (minigo's own
// implementation of Go's go/parser).
package parser

import (
	"bytes"
	"errors"
	"go/ast"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A Mode is a set of flags controlling the parser.
type Mode uint

const (
	PackageClauseOnly Mode = 1 << iota
	ImportsOnly
	ParseComments
	Trace
	DeclarationErrors
	SpuriousErrors
	SkipObjectResolution
	AllErrors = SpuriousErrors
)

func parserReadSource(filename string, src any) ([]byte, error) {
	if src != nil {
		switch s := src.(type) {
		case string:
			return []byte(s), nil
		case []byte:
			return s, nil
		case *bytes.Buffer:
			if s != nil {
				return s.Bytes(), nil
			}
		case io.Reader:
			return io.ReadAll(s)
		}
		return nil, errors.New("invalid source")
	}
	return os.ReadFile(filename)
}

// ParseFile parses one Go source file (src if non-nil, else the file
// named filename) and returns its syntax tree.
func ParseFile(fset *token.FileSet, filename string, src any, mode Mode) (f *ast.File, err error) {
	if fset == nil {
		panic("parser.ParseFile: no token.FileSet provided (fset == nil)")
	}
	text, err := parserReadSource(filename, src)
	if err != nil {
		return nil, err
	}
	file := fset.AddFile(filename, -1, len(text))
	p := &parser{}
	defer func() {
		if e := recover(); e != nil {
			if _, ok := e.(parserBailout); !ok {
				panic(e)
			}
		}
		if f == nil {
			f = &ast.File{Name: new(ast.Ident), Scope: ast.NewScope(nil)}
		}
		f.FileStart = token.Pos(file.Base())
		f.FileEnd = file.End()
		p.errors.Sort()
		err = p.errors.Err()
	}()
	p.init(file, text, mode)
	f = p.parseFile()
	return
}

// ParseDir parses the .go files of the directory path (those filter
// accepts) and returns their packages by name.
func ParseDir(fset *token.FileSet, path string, filter func(fs.FileInfo) bool, mode Mode) (pkgs map[string]*ast.Package, first error) {
	list, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	pkgs = make(map[string]*ast.Package)
	for _, d := range list {
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".go") {
			continue
		}
		if filter != nil {
			info, err := d.Info()
			if err != nil {
				return nil, err
			}
			if !filter(info) {
				continue
			}
		}
		filename := filepath.Join(path, d.Name())
		if src, err := ParseFile(fset, filename, nil, mode); err == nil {
			name := src.Name.Name
			pkg, found := pkgs[name]
			if !found {
				pkg = &ast.Package{Name: name, Files: make(map[string]*ast.File)}
				pkgs[name] = pkg
			}
			pkg.Files[filename] = src
		} else if first == nil {
			first = err
		}
	}
	return
}

// ParseExprFrom parses one expression.
func ParseExprFrom(fset *token.FileSet, filename string, src any, mode Mode) (expr ast.Expr, err error) {
	if fset == nil {
		panic("parser.ParseExprFrom: no token.FileSet provided (fset == nil)")
	}
	text, err := parserReadSource(filename, src)
	if err != nil {
		return nil, err
	}
	p := &parser{}
	defer func() {
		if e := recover(); e != nil {
			if _, ok := e.(parserBailout); !ok {
				panic(e)
			}
		}
		p.errors.Sort()
		err = p.errors.Err()
	}()
	file := fset.AddFile(filename, -1, len(text))
	p.init(file, text, mode)
	expr = p.parseRhs()
	if p.tok == token.SEMICOLON && p.lit == "\n" {
		p.next()
	}
	p.expect(token.EOF)
	return
}

// ParseExpr parses the expression x.
func ParseExpr(x string) (ast.Expr, error) {
	return ParseExprFrom(token.NewFileSet(), "", []byte(x), 0)
}
