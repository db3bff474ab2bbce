package ast

import (
	"fmt"
	"go/scanner"
	"go/token"
	"strconv"
)

// An Importer resolves an import path to a package object, recorded in imports.
type Importer func(imports map[string]*Object, path string) (pkg *Object, err error)

// NewPackage builds a Package from files: it declares their top-level
// objects in one package scope, resolves what the files left unresolved
// against it, universe and the imports (through importer, when not nil),
// and reports the names it could not resolve.
func NewPackage(fset *token.FileSet, files map[string]*File, importer Importer, universe *Scope) (*Package, error) {
	var errs scanner.ErrorList
	errorf := func(pos token.Pos, format string, args ...any) {
		errs.Add(fset.Position(pos), fmt.Sprintf(format, args...))
	}
	// declare inserts obj in scope, reporting a redeclaration there or in altScope.
	declare := func(scope, altScope *Scope, obj *Object) {
		alt := scope.Insert(obj)
		if alt == nil && altScope != nil {
			alt = altScope.Lookup(obj.Name)
		}
		if alt != nil {
			prev := ""
			if pos := alt.Pos(); pos.IsValid() {
				prev = fmt.Sprintf("\n\tprevious declaration at %s", fset.Position(pos))
			}
			errorf(obj.Pos(), "%s redeclared in this block%s", obj.Name, prev)
		}
	}
	pkgName := ""
	pkgScope := NewScope(universe)
	for _, file := range files {
		switch name := file.Name.Name; {
		case pkgName == "":
			pkgName = name
		case name != pkgName:
			errorf(file.Package, "package %s; expected %s", name, pkgName)
			continue
		}
		if file.Scope == nil {
			continue
		}
		for _, obj := range file.Scope.Objects {
			declare(pkgScope, nil, obj)
		}
	}
	imports := make(map[string]*Object)
	for _, file := range files {
		if file.Name.Name != pkgName {
			continue
		}
		importErrors := false
		fileScope := NewScope(pkgScope)
		for _, spec := range file.Imports {
			if importer == nil {
				importErrors = true
				continue
			}
			path, _ := strconv.Unquote(spec.Path.Value)
			pkg, err := importer(imports, path)
			if err != nil {
				errorf(spec.Path.Pos(), "could not import %s (%s)", path, err)
				importErrors = true
				continue
			}
			name := pkg.Name
			if spec.Name != nil {
				name = spec.Name.Name
			}
			if name == "." {
				for _, obj := range pkg.Data.(*Scope).Objects {
					declare(fileScope, pkgScope, obj)
				}
			} else if name != "_" {
				obj := NewObj(Pkg, name)
				obj.Decl = spec
				obj.Data = pkg.Data
				declare(fileScope, pkgScope, obj)
			}
		}
		if importErrors {
			pkgScope.Outer = nil
		}
		i := 0
		for _, ident := range file.Unresolved {
			if !astResolve(fileScope, ident) {
				errorf(ident.Pos(), "undeclared name: %s", ident.Name)
				file.Unresolved[i] = ident
				i++
			}
		}
		file.Unresolved = file.Unresolved[0:i]
		pkgScope.Outer = universe
	}
	errs.Sort()
	return &Package{pkgName, pkgScope, imports, files}, errs.Err()
}

func astResolve(scope *Scope, ident *Ident) bool {
	for ; scope != nil; scope = scope.Outer {
		if obj := scope.Lookup(ident.Name); obj != nil {
			ident.Obj = obj
			return true
		}
	}
	return false
}
