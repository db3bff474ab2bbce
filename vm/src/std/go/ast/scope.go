package ast

import (
	"fmt"
	"go/token"
	"sort"
	"strings"
)

// A Scope maps names to the objects declared in it, with a link to the
// enclosing scope.
type Scope struct {
	Outer   *Scope
	Objects map[string]*Object
}

// NewScope creates a scope nested in outer.
func NewScope(outer *Scope) *Scope {
	const n = 4
	return &Scope{outer, make(map[string]*Object, n)}
}

// Lookup returns the object named name in s, or nil; outer scopes are not searched.
func (s *Scope) Lookup(name string) *Object {
	return s.Objects[name]
}

// Insert adds obj to s unless an object of that name is there already,
// which it returns.
func (s *Scope) Insert(obj *Object) (alt *Object) {
	if alt = s.Objects[obj.Name]; alt == nil {
		s.Objects[obj.Name] = obj
	}
	return
}

// String is a debugging representation of s.
func (s *Scope) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "scope %p {", s)
	if s != nil && len(s.Objects) > 0 {
		b.WriteString("\n")
		names := make([]string, 0, len(s.Objects))
		for name := range s.Objects {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			obj := s.Objects[name]
			fmt.Fprintf(&b, "\t%s %s\n", obj.Kind, obj.Name)
		}
	}
	b.WriteString("}\n")
	return b.String()
}

// An Object is a named language entity: package, constant, type,
// variable, function or label.
type Object struct {
	Kind ObjKind
	Name string
	Decl any
	Data any
	Type any
}

// NewObj creates an object of the given kind and name.
func NewObj(kind ObjKind, name string) *Object {
	return &Object{Kind: kind, Name: name}
}

// Pos returns the position of the declaration of obj's name, or NoPos.
func (obj *Object) Pos() token.Pos {
	name := obj.Name
	switch d := obj.Decl.(type) {
	case *Field:
		for _, n := range d.Names {
			if n.Name == name {
				return n.Pos()
			}
		}
	case *ImportSpec:
		if d.Name != nil && d.Name.Name == name {
			return d.Name.Pos()
		}
		return d.Path.Pos()
	case *ValueSpec:
		for _, n := range d.Names {
			if n.Name == name {
				return n.Pos()
			}
		}
	case *TypeSpec:
		if d.Name.Name == name {
			return d.Name.Pos()
		}
	case *FuncDecl:
		if d.Name.Name == name {
			return d.Name.Pos()
		}
	case *LabeledStmt:
		if d.Label.Name == name {
			return d.Label.Pos()
		}
	case *AssignStmt:
		for _, x := range d.Lhs {
			if id, ok := x.(*Ident); ok && id.Name == name {
				return id.Pos()
			}
		}
	case *Scope:
	}
	return token.NoPos
}

// ObjKind is the kind of an Object.
type ObjKind int

const (
	Bad ObjKind = iota
	Pkg
	Con
	Typ
	Var
	Fun
	Lbl
)

var astObjKindStrings = [...]string{
	Bad: "bad",
	Pkg: "package",
	Con: "const",
	Typ: "type",
	Var: "var",
	Fun: "func",
	Lbl: "label",
}

func (kind ObjKind) String() string { return astObjKindStrings[kind] }
