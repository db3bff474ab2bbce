package ast

import (
	"go/token"
	"sort"
	"strconv"
)

// A Filter decides whether a name is kept.
type Filter func(string) bool

func astExportFilter(name string) bool { return IsExported(name) }

// FileExports trims src to its exported declarations (and exported
// fields and methods); it reports whether any remain.
func FileExports(src *File) bool { return astFilterFile(src, astExportFilter, true) }

// PackageExports is FileExports for every file of pkg.
func PackageExports(pkg *Package) bool { return astFilterPackage(pkg, astExportFilter, true) }

func astFilterIdentList(list []*Ident, f Filter) []*Ident {
	j := 0
	for _, x := range list {
		if f(x.Name) {
			list[j] = x
			j++
		}
	}
	return list[0:j]
}

func astFieldName(x Expr) *Ident {
	switch t := x.(type) {
	case *Ident:
		return t
	case *SelectorExpr:
		if _, ok := t.X.(*Ident); ok {
			return t.Sel
		}
	case *StarExpr:
		return astFieldName(t.X)
	case *IndexExpr:
		return astFieldName(t.X)
	case *IndexListExpr:
		return astFieldName(t.X)
	}
	return nil
}

func astFilterFieldList(fields *FieldList, filter Filter, export bool) (removedFields bool) {
	if fields == nil {
		return false
	}
	list := fields.List
	j := 0
	for _, f := range list {
		keep := false
		if len(f.Names) == 0 {
			name := astFieldName(f.Type)
			keep = name != nil && filter(name.Name)
		} else {
			n := len(f.Names)
			f.Names = astFilterIdentList(f.Names, filter)
			if len(f.Names) < n {
				removedFields = true
			}
			keep = len(f.Names) > 0
		}
		if keep {
			if export {
				astFilterType(f.Type, filter, export)
			}
			list[j] = f
			j++
		}
	}
	if j < len(list) {
		removedFields = true
	}
	fields.List = list[0:j]
	return
}

func astFilterCompositeLit(lit *CompositeLit, filter Filter, export bool) {
	n := len(lit.Elts)
	lit.Elts = astFilterExprList(lit.Elts, filter, export)
	if len(lit.Elts) < n {
		lit.Incomplete = true
	}
}

func astFilterExprList(list []Expr, filter Filter, export bool) []Expr {
	j := 0
	for _, exp := range list {
		switch x := exp.(type) {
		case *CompositeLit:
			astFilterCompositeLit(x, filter, export)
		case *KeyValueExpr:
			if id, ok := x.Key.(*Ident); ok && !filter(id.Name) {
				continue
			}
			if lit, ok := x.Value.(*CompositeLit); ok {
				astFilterCompositeLit(lit, filter, export)
			}
		}
		list[j] = exp
		j++
	}
	return list[0:j]
}

func astFilterParamList(fields *FieldList, filter Filter, export bool) bool {
	if fields == nil {
		return false
	}
	b := false
	for _, f := range fields.List {
		if astFilterType(f.Type, filter, export) {
			b = true
		}
	}
	return b
}

func astFilterType(typ Expr, f Filter, export bool) bool {
	switch t := typ.(type) {
	case *Ident:
		return f(t.Name)
	case *ParenExpr:
		return astFilterType(t.X, f, export)
	case *ArrayType:
		return astFilterType(t.Elt, f, export)
	case *StructType:
		if astFilterFieldList(t.Fields, f, export) {
			t.Incomplete = true
		}
		return len(t.Fields.List) > 0
	case *FuncType:
		b1 := astFilterParamList(t.Params, f, export)
		b2 := astFilterParamList(t.Results, f, export)
		return b1 || b2
	case *InterfaceType:
		if astFilterFieldList(t.Methods, f, export) {
			t.Incomplete = true
		}
		return len(t.Methods.List) > 0
	case *MapType:
		b1 := astFilterType(t.Key, f, export)
		b2 := astFilterType(t.Value, f, export)
		return b1 || b2
	case *ChanType:
		return astFilterType(t.Value, f, export)
	}
	return false
}

func astFilterSpec(spec Spec, f Filter, export bool) bool {
	switch s := spec.(type) {
	case *ValueSpec:
		s.Names = astFilterIdentList(s.Names, f)
		s.Values = astFilterExprList(s.Values, f, export)
		if len(s.Names) > 0 {
			if export {
				astFilterType(s.Type, f, export)
			}
			return true
		}
	case *TypeSpec:
		if f(s.Name.Name) {
			if export {
				astFilterType(s.Type, f, export)
			}
			return true
		}
		if !export {
			return astFilterType(s.Type, f, export)
		}
	}
	return false
}

func astFilterSpecList(list []Spec, f Filter, export bool) []Spec {
	j := 0
	for _, s := range list {
		if astFilterSpec(s, f, export) {
			list[j] = s
			j++
		}
	}
	return list[0:j]
}

// FilterDecl trims decl to the names f accepts; it reports whether any remain.
func FilterDecl(decl Decl, f Filter) bool { return astFilterDecl(decl, f, false) }

func astFilterDecl(decl Decl, f Filter, export bool) bool {
	switch d := decl.(type) {
	case *GenDecl:
		d.Specs = astFilterSpecList(d.Specs, f, export)
		return len(d.Specs) > 0
	case *FuncDecl:
		return f(d.Name.Name)
	}
	return false
}

// FilterFile trims src to the top-level names f accepts.
func FilterFile(src *File, f Filter) bool { return astFilterFile(src, f, false) }

func astFilterFile(src *File, f Filter, export bool) bool {
	j := 0
	for _, d := range src.Decls {
		if astFilterDecl(d, f, export) {
			src.Decls[j] = d
			j++
		}
	}
	src.Decls = src.Decls[0:j]
	return j > 0
}

// FilterPackage is FilterFile for every file of pkg.
func FilterPackage(pkg *Package, f Filter) bool { return astFilterPackage(pkg, f, false) }

func astFilterPackage(pkg *Package, f Filter, export bool) bool {
	hasDecls := false
	for _, src := range pkg.Files {
		if astFilterFile(src, f, export) {
			hasDecls = true
		}
	}
	return hasDecls
}

// MergeMode controls MergePackageFiles.
type MergeMode uint

const (
	FilterFuncDuplicates MergeMode = 1 << iota
	FilterUnassociatedComments
	FilterImportDuplicates
)

func astNameOf(f *FuncDecl) string {
	if r := f.Recv; r != nil && len(r.List) == 1 {
		t := r.List[0].Type
		if p, _ := t.(*StarExpr); p != nil {
			t = p.X
		}
		if p, _ := t.(*Ident); p != nil {
			return p.Name + "." + f.Name.Name
		}
	}
	return f.Name.Name
}

var astSeparator = &Comment{token.NoPos, "//"}

// MergePackageFiles merges the files of pkg (in file name order) into one File.
func MergePackageFiles(pkg *Package, mode MergeMode) *File {
	var filenames []string
	ndocs, ncomments, ndecls := 0, 0, 0
	for filename, f := range pkg.Files {
		filenames = append(filenames, filename)
		if f.Doc != nil {
			ndocs += len(f.Doc.List) + 1
		}
		ncomments += len(f.Comments)
		ndecls += len(f.Decls)
	}
	sort.Strings(filenames)

	var doc *CommentGroup
	var pos token.Pos
	if ndocs > 0 {
		list := make([]*Comment, ndocs-1)
		i := 0
		for _, filename := range filenames {
			f := pkg.Files[filename]
			if f.Doc != nil {
				if i > 0 {
					list[i] = astSeparator
					i++
				}
				for _, c := range f.Doc.List {
					list[i] = c
					i++
				}
				if f.Package > pos {
					pos = f.Package
				}
			}
		}
		doc = &CommentGroup{list}
	}

	var decls []Decl
	if ndecls > 0 {
		decls = make([]Decl, ndecls)
		funcs := make(map[string]int)
		i, n := 0, 0
		for _, filename := range filenames {
			f := pkg.Files[filename]
			for _, d := range f.Decls {
				if mode&FilterFuncDuplicates != 0 {
					if f, isFun := d.(*FuncDecl); isFun {
						name := astNameOf(f)
						if j, exists := funcs[name]; exists {
							if decls[j] != nil && decls[j].(*FuncDecl).Doc == nil {
								decls[j] = nil
							} else {
								d = nil
							}
							n++
						} else {
							funcs[name] = i
						}
					}
				}
				decls[i] = d
				i++
			}
		}
		if n > 0 {
			i = 0
			for _, d := range decls {
				if d != nil {
					decls[i] = d
					i++
				}
			}
			decls = decls[0:i]
		}
	}

	var imports []*ImportSpec
	if mode&FilterImportDuplicates != 0 {
		seen := make(map[string]bool)
		for _, filename := range filenames {
			f := pkg.Files[filename]
			for _, imp := range f.Imports {
				if path := imp.Path.Value; !seen[path] {
					imports = append(imports, imp)
					seen[path] = true
				}
			}
		}
	} else {
		for _, filename := range filenames {
			imports = append(imports, pkg.Files[filename].Imports...)
		}
	}

	var comments []*CommentGroup
	if mode&FilterUnassociatedComments == 0 {
		comments = make([]*CommentGroup, ncomments)
		i := 0
		for _, filename := range filenames {
			i += copy(comments[i:], pkg.Files[filename].Comments)
		}
	}
	return &File{doc, pos, NewIdent(pkg.Name), decls, token.NoPos, token.NoPos, pkg.Scope, imports, nil, comments, ""}
}

// SortImports sorts each run of consecutive import lines in the import
// blocks of f by path, name and comment, removing duplicates, and moves
// the comments of the imports with them.
func SortImports(fset *token.FileSet, f *File) {
	for _, d := range f.Decls {
		d, ok := d.(*GenDecl)
		if !ok || d.Tok != token.IMPORT {
			break
		}
		if !d.Lparen.IsValid() {
			continue
		}
		i := 0
		specs := d.Specs[:0]
		for j, s := range d.Specs {
			if j > i && astLineAt(fset, s.Pos()) > 1+astLineAt(fset, d.Specs[j-1].End()) {
				specs = append(specs, astSortSpecs(fset, f, d, d.Specs[i:j])...)
				i = j
			}
		}
		specs = append(specs, astSortSpecs(fset, f, d, d.Specs[i:])...)
		d.Specs = specs
		if len(d.Specs) > 0 {
			lastLine := astLineAt(fset, d.Specs[len(d.Specs)-1].Pos())
			for rp := astLineAt(fset, d.Rparen); rp > lastLine+1; {
				rp--
				fset.File(d.Rparen).MergeLine(rp)
			}
		}
	}
	f.Imports = f.Imports[:0]
	for _, decl := range f.Decls {
		if decl, ok := decl.(*GenDecl); ok && decl.Tok == token.IMPORT {
			for _, spec := range decl.Specs {
				f.Imports = append(f.Imports, spec.(*ImportSpec))
			}
		}
	}
}

func astLineAt(fset *token.FileSet, pos token.Pos) int { return fset.PositionFor(pos, false).Line }

func astImportPath(s Spec) string {
	t, err := strconv.Unquote(s.(*ImportSpec).Path.Value)
	if err == nil {
		return t
	}
	return ""
}

func astImportName(s Spec) string {
	if n := s.(*ImportSpec).Name; n != nil {
		return n.Name
	}
	return ""
}

func astImportComment(s Spec) string {
	if c := s.(*ImportSpec).Comment; c != nil {
		return c.Text()
	}
	return ""
}

type astSpecComment struct {
	left bool
	cg   *CommentGroup
}

func astSortSpecs(fset *token.FileSet, f *File, d *GenDecl, specs []Spec) []Spec {
	if len(specs) <= 1 {
		return specs
	}
	starts := make([]token.Pos, len(specs))
	ends := make([]token.Pos, len(specs))
	for i, s := range specs {
		starts[i], ends[i] = s.Pos(), s.End()
	}
	// The comments on the lines of the run.
	first := starts[0]
	last := ends[len(ends)-1]
	beg := fset.File(first).LineStart(astLineAt(fset, first))
	endLine := astLineAt(fset, last)
	endFile := fset.File(last)
	end := last
	if endLine != endFile.LineCount() {
		end = endFile.LineStart(endLine + 1)
	}
	lo, hi := len(f.Comments), -1
	for i, g := range f.Comments {
		if g.End() >= end {
			break
		}
		if beg <= g.Pos() {
			lo = min(lo, i)
			hi = max(hi, i)
		}
	}
	var comments []*CommentGroup
	if hi >= 0 {
		comments = f.Comments[lo : hi+1]
	}
	attached := map[*ImportSpec][]astSpecComment{}
	k := 0
	for _, g := range comments {
		for k+1 < len(specs) && starts[k+1] <= g.Pos() {
			k++
		}
		left := false
		if k == 0 && starts[k] > g.Pos() {
			left = true
		} else if k+1 < len(specs) && astLineAt(fset, starts[k])+1 == astLineAt(fset, g.Pos()) {
			k++
			left = true
		}
		s := specs[k].(*ImportSpec)
		attached[s] = append(attached[s], astSpecComment{left, g})
	}
	sort.SliceStable(specs, func(i, j int) bool {
		a, b := specs[i], specs[j]
		if x, y := astImportPath(a), astImportPath(b); x != y {
			return x < y
		}
		if x, y := astImportName(a), astImportName(b); x != y {
			return x < y
		}
		return astImportComment(a) < astImportComment(b)
	})
	kept := specs[:0]
	for i, s := range specs {
		if i+1 < len(specs) && astImportPath(s) == astImportPath(specs[i+1]) &&
			astImportName(s) == astImportName(specs[i+1]) && s.(*ImportSpec).Comment == nil {
			if l := astLineAt(fset, s.Pos()); l != astLineAt(fset, d.Rparen) {
				fset.File(s.Pos()).MergeLine(l)
			}
			continue
		}
		kept = append(kept, s)
	}
	specs = kept
	for i, s := range specs {
		s := s.(*ImportSpec)
		if s.Name != nil {
			s.Name.NamePos = starts[i]
		}
		n := s.Path.End() - s.Path.Pos()
		s.Path.ValuePos = starts[i]
		if s.Path.ValueEnd.IsValid() {
			s.Path.ValueEnd = starts[i] + n
		}
		s.EndPos = ends[i]
		for _, g := range attached[s] {
			for _, c := range g.cg.List {
				if g.left {
					c.Slash = starts[i] - 1
				} else {
					c.Slash = ends[i]
				}
			}
		}
	}
	sort.SliceStable(comments, func(i, j int) bool { return comments[i].Pos() < comments[j].Pos() })
	return specs
}
