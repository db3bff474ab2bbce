// Package ast declares the types used to represent syntax trees for Go
// packages (minigo's own implementation of Go's go/ast).
package ast

import (
	"go/token"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Node is implemented by every node of the syntax tree.
type Node interface {
	Pos() token.Pos
	End() token.Pos
}

// Expr is implemented by expression and type nodes.
type Expr interface {
	Node
	exprNode()
}

// Stmt is implemented by statement nodes.
type Stmt interface {
	Node
	stmtNode()
}

// Decl is implemented by declaration nodes.
type Decl interface {
	Node
	declNode()
}

// Comments

// A Comment is one //-style or /*-style comment.
type Comment struct {
	Slash token.Pos
	Text  string
}

func (c *Comment) Pos() token.Pos { return c.Slash }
func (c *Comment) End() token.Pos { return token.Pos(int(c.Slash) + len(c.Text)) }

// A CommentGroup is a run of comments with no token and no empty line between them.
type CommentGroup struct {
	List []*Comment
}

func (g *CommentGroup) Pos() token.Pos { return g.List[0].Pos() }
func (g *CommentGroup) End() token.Pos { return g.List[len(g.List)-1].End() }

func astIsWhitespace(ch byte) bool { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' }

func astStripTrailingWhitespace(s string) string {
	i := len(s)
	for i > 0 && astIsWhitespace(s[i-1]) {
		i--
	}
	return s[0:i]
}

// Text returns the text of the comment group without comment markers,
// directives, leading and trailing empty lines, and with runs of empty
// lines collapsed to one; the result ends in a newline unless empty.
func (g *CommentGroup) Text() string {
	if g == nil {
		return ""
	}
	var lines []string
	for _, c := range g.List {
		text := c.Text
		switch text[1] {
		case '/':
			text = text[2:]
			if len(text) == 0 {
				break
			}
			if text[0] == ' ' {
				text = text[1:]
				break
			}
			if astIsDirective(text) {
				continue
			}
		case '*':
			text = text[2 : len(text)-2]
		}
		for _, l := range strings.Split(text, "\n") {
			lines = append(lines, astStripTrailingWhitespace(l))
		}
	}
	// Drop leading empty lines and collapse runs of empty lines.
	n := 0
	for _, line := range lines {
		if line != "" || n > 0 && lines[n-1] != "" {
			lines[n] = line
			n++
		}
	}
	lines = lines[0:n]
	if n > 0 && lines[n-1] != "" {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// astIsDirective reports whether c (a // comment without its slashes) is
// a directive such as "go:generate", "line 10" or "export f".
func astIsDirective(c string) bool {
	if strings.HasPrefix(c, "line ") || strings.HasPrefix(c, "extern ") || strings.HasPrefix(c, "export ") {
		return true
	}
	colon := strings.Index(c, ":")
	if colon <= 0 || colon+1 >= len(c) {
		return false
	}
	for i := 0; i <= colon+1; i++ {
		if i == colon {
			continue
		}
		b := c[i]
		if !('a' <= b && b <= 'z' || '0' <= b && b <= '9') {
			return false
		}
	}
	return true
}

// Fields

// A Field is a field of a struct, a method of an interface, a parameter
// or result, or a type parameter.
type Field struct {
	Doc     *CommentGroup
	Names   []*Ident
	Type    Expr
	Tag     *BasicLit
	Comment *CommentGroup
}

func (f *Field) Pos() token.Pos {
	if len(f.Names) > 0 {
		return f.Names[0].Pos()
	}
	if f.Type != nil {
		return f.Type.Pos()
	}
	return token.NoPos
}

func (f *Field) End() token.Pos {
	if f.Tag != nil {
		return f.Tag.End()
	}
	if f.Type != nil {
		return f.Type.End()
	}
	if len(f.Names) > 0 {
		return f.Names[len(f.Names)-1].End()
	}
	return token.NoPos
}

// A FieldList is a list of Fields in parentheses, braces or brackets.
type FieldList struct {
	Opening token.Pos
	List    []*Field
	Closing token.Pos
}

func (f *FieldList) Pos() token.Pos {
	if f.Opening.IsValid() {
		return f.Opening
	}
	if len(f.List) > 0 {
		return f.List[0].Pos()
	}
	return token.NoPos
}

func (f *FieldList) End() token.Pos {
	if f.Closing.IsValid() {
		return f.Closing + 1
	}
	if n := len(f.List); n > 0 {
		return f.List[n-1].End()
	}
	return token.NoPos
}

// NumFields returns the number of parameters or struct fields in the list.
func (f *FieldList) NumFields() int {
	n := 0
	if f != nil {
		for _, g := range f.List {
			m := len(g.Names)
			if m == 0 {
				m = 1
			}
			n += m
		}
	}
	return n
}

// Expressions and types

type (
	BadExpr struct {
		From, To token.Pos
	}

	Ident struct {
		NamePos token.Pos
		Name    string
		Obj     *Object
	}

	Ellipsis struct {
		Ellipsis token.Pos
		Elt      Expr
	}

	BasicLit struct {
		ValuePos token.Pos
		ValueEnd token.Pos
		Kind     token.Token
		Value    string
	}

	FuncLit struct {
		Type *FuncType
		Body *BlockStmt
	}

	CompositeLit struct {
		Type       Expr
		Lbrace     token.Pos
		Elts       []Expr
		Rbrace     token.Pos
		Incomplete bool
	}

	ParenExpr struct {
		Lparen token.Pos
		X      Expr
		Rparen token.Pos
	}

	SelectorExpr struct {
		X   Expr
		Sel *Ident
	}

	IndexExpr struct {
		X      Expr
		Lbrack token.Pos
		Index  Expr
		Rbrack token.Pos
	}

	IndexListExpr struct {
		X       Expr
		Lbrack  token.Pos
		Indices []Expr
		Rbrack  token.Pos
	}

	SliceExpr struct {
		X      Expr
		Lbrack token.Pos
		Low    Expr
		High   Expr
		Max    Expr
		Slice3 bool
		Rbrack token.Pos
	}

	TypeAssertExpr struct {
		X      Expr
		Lparen token.Pos
		Type   Expr
		Rparen token.Pos
	}

	CallExpr struct {
		Fun      Expr
		Lparen   token.Pos
		Args     []Expr
		Ellipsis token.Pos
		Rparen   token.Pos
	}

	StarExpr struct {
		Star token.Pos
		X    Expr
	}

	UnaryExpr struct {
		OpPos token.Pos
		Op    token.Token
		X     Expr
	}

	BinaryExpr struct {
		X     Expr
		OpPos token.Pos
		Op    token.Token
		Y     Expr
	}

	KeyValueExpr struct {
		Key   Expr
		Colon token.Pos
		Value Expr
	}
)

// ChanDir is the direction of a channel type.
type ChanDir int

const (
	SEND ChanDir = 1 << iota
	RECV
)

type (
	ArrayType struct {
		Lbrack token.Pos
		Len    Expr
		Elt    Expr
	}

	StructType struct {
		Struct     token.Pos
		Fields     *FieldList
		Incomplete bool
	}

	FuncType struct {
		Func       token.Pos
		TypeParams *FieldList
		Params     *FieldList
		Results    *FieldList
	}

	InterfaceType struct {
		Interface  token.Pos
		Methods    *FieldList
		Incomplete bool
	}

	MapType struct {
		Map   token.Pos
		Key   Expr
		Value Expr
	}

	ChanType struct {
		Begin token.Pos
		Arrow token.Pos
		Dir   ChanDir
		Value Expr
	}
)

func (x *BadExpr) Pos() token.Pos  { return x.From }
func (x *Ident) Pos() token.Pos    { return x.NamePos }
func (x *Ellipsis) Pos() token.Pos { return x.Ellipsis }
func (x *BasicLit) Pos() token.Pos { return x.ValuePos }
func (x *FuncLit) Pos() token.Pos  { return x.Type.Pos() }
func (x *CompositeLit) Pos() token.Pos {
	if x.Type != nil {
		return x.Type.Pos()
	}
	return x.Lbrace
}
func (x *ParenExpr) Pos() token.Pos      { return x.Lparen }
func (x *SelectorExpr) Pos() token.Pos   { return x.X.Pos() }
func (x *IndexExpr) Pos() token.Pos      { return x.X.Pos() }
func (x *IndexListExpr) Pos() token.Pos  { return x.X.Pos() }
func (x *SliceExpr) Pos() token.Pos      { return x.X.Pos() }
func (x *TypeAssertExpr) Pos() token.Pos { return x.X.Pos() }
func (x *CallExpr) Pos() token.Pos       { return x.Fun.Pos() }
func (x *StarExpr) Pos() token.Pos       { return x.Star }
func (x *UnaryExpr) Pos() token.Pos      { return x.OpPos }
func (x *BinaryExpr) Pos() token.Pos     { return x.X.Pos() }
func (x *KeyValueExpr) Pos() token.Pos   { return x.Key.Pos() }
func (x *ArrayType) Pos() token.Pos      { return x.Lbrack }
func (x *StructType) Pos() token.Pos     { return x.Struct }
func (x *FuncType) Pos() token.Pos {
	if x.Func.IsValid() || x.Params == nil {
		return x.Func
	}
	return x.Params.Pos()
}
func (x *InterfaceType) Pos() token.Pos { return x.Interface }
func (x *MapType) Pos() token.Pos       { return x.Map }
func (x *ChanType) Pos() token.Pos      { return x.Begin }

func (x *BadExpr) End() token.Pos { return x.To }
func (x *Ident) End() token.Pos   { return token.Pos(int(x.NamePos) + len(x.Name)) }
func (x *Ellipsis) End() token.Pos {
	if x.Elt != nil {
		return x.Elt.End()
	}
	return x.Ellipsis + 3
}
func (x *BasicLit) End() token.Pos {
	if !x.ValueEnd.IsValid() {
		return token.Pos(int(x.ValuePos) + len(x.Value))
	}
	return x.ValueEnd
}
func (x *FuncLit) End() token.Pos        { return x.Body.End() }
func (x *CompositeLit) End() token.Pos   { return x.Rbrace + 1 }
func (x *ParenExpr) End() token.Pos      { return x.Rparen + 1 }
func (x *SelectorExpr) End() token.Pos   { return x.Sel.End() }
func (x *IndexExpr) End() token.Pos      { return x.Rbrack + 1 }
func (x *IndexListExpr) End() token.Pos  { return x.Rbrack + 1 }
func (x *SliceExpr) End() token.Pos      { return x.Rbrack + 1 }
func (x *TypeAssertExpr) End() token.Pos { return x.Rparen + 1 }
func (x *CallExpr) End() token.Pos       { return x.Rparen + 1 }
func (x *StarExpr) End() token.Pos       { return x.X.End() }
func (x *UnaryExpr) End() token.Pos      { return x.X.End() }
func (x *BinaryExpr) End() token.Pos     { return x.Y.End() }
func (x *KeyValueExpr) End() token.Pos   { return x.Value.End() }
func (x *ArrayType) End() token.Pos      { return x.Elt.End() }
func (x *StructType) End() token.Pos     { return x.Fields.End() }
func (x *FuncType) End() token.Pos {
	if x.Results != nil {
		return x.Results.End()
	}
	return x.Params.End()
}
func (x *InterfaceType) End() token.Pos { return x.Methods.End() }
func (x *MapType) End() token.Pos       { return x.Value.End() }
func (x *ChanType) End() token.Pos      { return x.Value.End() }

func (*BadExpr) exprNode()        {}
func (*Ident) exprNode()          {}
func (*Ellipsis) exprNode()       {}
func (*BasicLit) exprNode()       {}
func (*FuncLit) exprNode()        {}
func (*CompositeLit) exprNode()   {}
func (*ParenExpr) exprNode()      {}
func (*SelectorExpr) exprNode()   {}
func (*IndexExpr) exprNode()      {}
func (*IndexListExpr) exprNode()  {}
func (*SliceExpr) exprNode()      {}
func (*TypeAssertExpr) exprNode() {}
func (*CallExpr) exprNode()       {}
func (*StarExpr) exprNode()       {}
func (*UnaryExpr) exprNode()      {}
func (*BinaryExpr) exprNode()     {}
func (*KeyValueExpr) exprNode()   {}
func (*ArrayType) exprNode()      {}
func (*StructType) exprNode()     {}
func (*FuncType) exprNode()       {}
func (*InterfaceType) exprNode()  {}
func (*MapType) exprNode()        {}
func (*ChanType) exprNode()       {}

// NewIdent returns a new Ident with no position.
func NewIdent(name string) *Ident { return &Ident{token.NoPos, name, nil} }

// IsExported reports whether name starts with an upper-case letter.
func IsExported(name string) bool { return token.IsExported(name) }

// IsExported reports whether id starts with an upper-case letter.
func (id *Ident) IsExported() bool { return token.IsExported(id.Name) }

func (id *Ident) String() string {
	if id != nil {
		return id.Name
	}
	return "<nil>"
}

// Statements

type (
	BadStmt struct {
		From, To token.Pos
	}

	DeclStmt struct {
		Decl Decl
	}

	EmptyStmt struct {
		Semicolon token.Pos
		Implicit  bool
	}

	LabeledStmt struct {
		Label *Ident
		Colon token.Pos
		Stmt  Stmt
	}

	ExprStmt struct {
		X Expr
	}

	SendStmt struct {
		Chan  Expr
		Arrow token.Pos
		Value Expr
	}

	IncDecStmt struct {
		X      Expr
		TokPos token.Pos
		Tok    token.Token
	}

	AssignStmt struct {
		Lhs    []Expr
		TokPos token.Pos
		Tok    token.Token
		Rhs    []Expr
	}

	GoStmt struct {
		Go   token.Pos
		Call *CallExpr
	}

	DeferStmt struct {
		Defer token.Pos
		Call  *CallExpr
	}

	ReturnStmt struct {
		Return  token.Pos
		Results []Expr
	}

	BranchStmt struct {
		TokPos token.Pos
		Tok    token.Token
		Label  *Ident
	}

	BlockStmt struct {
		Lbrace token.Pos
		List   []Stmt
		Rbrace token.Pos
	}

	IfStmt struct {
		If   token.Pos
		Init Stmt
		Cond Expr
		Body *BlockStmt
		Else Stmt
	}

	CaseClause struct {
		Case  token.Pos
		List  []Expr
		Colon token.Pos
		Body  []Stmt
	}

	SwitchStmt struct {
		Switch token.Pos
		Init   Stmt
		Tag    Expr
		Body   *BlockStmt
	}

	TypeSwitchStmt struct {
		Switch token.Pos
		Init   Stmt
		Assign Stmt
		Body   *BlockStmt
	}

	CommClause struct {
		Case  token.Pos
		Comm  Stmt
		Colon token.Pos
		Body  []Stmt
	}

	SelectStmt struct {
		Select token.Pos
		Body   *BlockStmt
	}

	ForStmt struct {
		For  token.Pos
		Init Stmt
		Cond Expr
		Post Stmt
		Body *BlockStmt
	}

	RangeStmt struct {
		For        token.Pos
		Key, Value Expr
		TokPos     token.Pos
		Tok        token.Token
		Range      token.Pos
		X          Expr
		Body       *BlockStmt
	}
)

func (s *BadStmt) Pos() token.Pos        { return s.From }
func (s *DeclStmt) Pos() token.Pos       { return s.Decl.Pos() }
func (s *EmptyStmt) Pos() token.Pos      { return s.Semicolon }
func (s *LabeledStmt) Pos() token.Pos    { return s.Label.Pos() }
func (s *ExprStmt) Pos() token.Pos       { return s.X.Pos() }
func (s *SendStmt) Pos() token.Pos       { return s.Chan.Pos() }
func (s *IncDecStmt) Pos() token.Pos     { return s.X.Pos() }
func (s *AssignStmt) Pos() token.Pos     { return s.Lhs[0].Pos() }
func (s *GoStmt) Pos() token.Pos         { return s.Go }
func (s *DeferStmt) Pos() token.Pos      { return s.Defer }
func (s *ReturnStmt) Pos() token.Pos     { return s.Return }
func (s *BranchStmt) Pos() token.Pos     { return s.TokPos }
func (s *BlockStmt) Pos() token.Pos      { return s.Lbrace }
func (s *IfStmt) Pos() token.Pos         { return s.If }
func (s *CaseClause) Pos() token.Pos     { return s.Case }
func (s *SwitchStmt) Pos() token.Pos     { return s.Switch }
func (s *TypeSwitchStmt) Pos() token.Pos { return s.Switch }
func (s *CommClause) Pos() token.Pos     { return s.Case }
func (s *SelectStmt) Pos() token.Pos     { return s.Select }
func (s *ForStmt) Pos() token.Pos        { return s.For }
func (s *RangeStmt) Pos() token.Pos      { return s.For }

func (s *BadStmt) End() token.Pos  { return s.To }
func (s *DeclStmt) End() token.Pos { return s.Decl.End() }
func (s *EmptyStmt) End() token.Pos {
	if s.Implicit {
		return s.Semicolon
	}
	return s.Semicolon + 1
}
func (s *LabeledStmt) End() token.Pos { return s.Stmt.End() }
func (s *ExprStmt) End() token.Pos    { return s.X.End() }
func (s *SendStmt) End() token.Pos    { return s.Value.End() }
func (s *IncDecStmt) End() token.Pos  { return s.TokPos + 2 }
func (s *AssignStmt) End() token.Pos  { return s.Rhs[len(s.Rhs)-1].End() }
func (s *GoStmt) End() token.Pos      { return s.Call.End() }
func (s *DeferStmt) End() token.Pos   { return s.Call.End() }
func (s *ReturnStmt) End() token.Pos {
	if n := len(s.Results); n > 0 {
		return s.Results[n-1].End()
	}
	return s.Return + 6
}
func (s *BranchStmt) End() token.Pos {
	if s.Label != nil {
		return s.Label.End()
	}
	return token.Pos(int(s.TokPos) + len(s.Tok.String()))
}
func (s *BlockStmt) End() token.Pos {
	if s.Rbrace.IsValid() {
		return s.Rbrace + 1
	}
	if n := len(s.List); n > 0 {
		return s.List[n-1].End()
	}
	return s.Lbrace + 1
}
func (s *IfStmt) End() token.Pos {
	if s.Else != nil {
		return s.Else.End()
	}
	return s.Body.End()
}
func (s *CaseClause) End() token.Pos {
	if n := len(s.Body); n > 0 {
		return s.Body[n-1].End()
	}
	return s.Colon + 1
}
func (s *SwitchStmt) End() token.Pos     { return s.Body.End() }
func (s *TypeSwitchStmt) End() token.Pos { return s.Body.End() }
func (s *CommClause) End() token.Pos {
	if n := len(s.Body); n > 0 {
		return s.Body[n-1].End()
	}
	return s.Colon + 1
}
func (s *SelectStmt) End() token.Pos { return s.Body.End() }
func (s *ForStmt) End() token.Pos    { return s.Body.End() }
func (s *RangeStmt) End() token.Pos  { return s.Body.End() }

func (*BadStmt) stmtNode()        {}
func (*DeclStmt) stmtNode()       {}
func (*EmptyStmt) stmtNode()      {}
func (*LabeledStmt) stmtNode()    {}
func (*ExprStmt) stmtNode()       {}
func (*SendStmt) stmtNode()       {}
func (*IncDecStmt) stmtNode()     {}
func (*AssignStmt) stmtNode()     {}
func (*GoStmt) stmtNode()         {}
func (*DeferStmt) stmtNode()      {}
func (*ReturnStmt) stmtNode()     {}
func (*BranchStmt) stmtNode()     {}
func (*BlockStmt) stmtNode()      {}
func (*IfStmt) stmtNode()         {}
func (*CaseClause) stmtNode()     {}
func (*SwitchStmt) stmtNode()     {}
func (*TypeSwitchStmt) stmtNode() {}
func (*CommClause) stmtNode()     {}
func (*SelectStmt) stmtNode()     {}
func (*ForStmt) stmtNode()        {}
func (*RangeStmt) stmtNode()      {}

// Declarations

// A Spec is an *ImportSpec, *ValueSpec or *TypeSpec.
type Spec interface {
	Node
	specNode()
}

type (
	ImportSpec struct {
		Doc     *CommentGroup
		Name    *Ident
		Path    *BasicLit
		Comment *CommentGroup
		EndPos  token.Pos
	}

	ValueSpec struct {
		Doc     *CommentGroup
		Names   []*Ident
		Type    Expr
		Values  []Expr
		Comment *CommentGroup
	}

	TypeSpec struct {
		Doc        *CommentGroup
		Name       *Ident
		TypeParams *FieldList
		Assign     token.Pos
		Type       Expr
		Comment    *CommentGroup
	}
)

func (s *ImportSpec) Pos() token.Pos {
	if s.Name != nil {
		return s.Name.Pos()
	}
	return s.Path.Pos()
}
func (s *ValueSpec) Pos() token.Pos { return s.Names[0].Pos() }
func (s *TypeSpec) Pos() token.Pos  { return s.Name.Pos() }

func (s *ImportSpec) End() token.Pos {
	if s.EndPos != 0 {
		return s.EndPos
	}
	return s.Path.End()
}
func (s *ValueSpec) End() token.Pos {
	if n := len(s.Values); n > 0 {
		return s.Values[n-1].End()
	}
	if s.Type != nil {
		return s.Type.End()
	}
	return s.Names[len(s.Names)-1].End()
}
func (s *TypeSpec) End() token.Pos { return s.Type.End() }

func (*ImportSpec) specNode() {}
func (*ValueSpec) specNode()  {}
func (*TypeSpec) specNode()   {}

type (
	BadDecl struct {
		From, To token.Pos
	}

	GenDecl struct {
		Doc    *CommentGroup
		TokPos token.Pos
		Tok    token.Token
		Lparen token.Pos
		Specs  []Spec
		Rparen token.Pos
	}

	FuncDecl struct {
		Doc  *CommentGroup
		Recv *FieldList
		Name *Ident
		Type *FuncType
		Body *BlockStmt
	}
)

func (d *BadDecl) Pos() token.Pos  { return d.From }
func (d *GenDecl) Pos() token.Pos  { return d.TokPos }
func (d *FuncDecl) Pos() token.Pos { return d.Type.Pos() }

func (d *BadDecl) End() token.Pos { return d.To }
func (d *GenDecl) End() token.Pos {
	if d.Rparen.IsValid() {
		return d.Rparen + 1
	}
	return d.Specs[0].End()
}
func (d *FuncDecl) End() token.Pos {
	if d.Body != nil {
		return d.Body.End()
	}
	return d.Type.End()
}

func (*BadDecl) declNode()  {}
func (*GenDecl) declNode()  {}
func (*FuncDecl) declNode() {}

// Files and packages

// A File is a Go source file.
type File struct {
	Doc     *CommentGroup
	Package token.Pos
	Name    *Ident
	Decls   []Decl

	FileStart, FileEnd token.Pos
	Scope              *Scope
	Imports            []*ImportSpec
	Unresolved         []*Ident
	Comments           []*CommentGroup
	GoVersion          string
}

func (f *File) Pos() token.Pos { return f.Package }

func (f *File) End() token.Pos {
	if n := len(f.Decls); n > 0 {
		return f.Decls[n-1].End()
	}
	return f.Name.End()
}

// A Package is a set of source files building one Go package.
type Package struct {
	Name    string
	Scope   *Scope
	Imports map[string]*Object
	Files   map[string]*File
}

func (p *Package) Pos() token.Pos { return token.NoPos }
func (p *Package) End() token.Pos { return token.NoPos }

// IsGenerated reports whether file has a "Code generated ... DO NOT EDIT."
// comment before its package clause.
func IsGenerated(file *File) bool {
	_, ok := astGeneratedComment(file)
	return ok
}

func astGeneratedComment(file *File) (*Comment, bool) {
	for _, group := range file.Comments {
		for _, comment := range group.List {
			if comment.Pos() > file.Package {
				break
			}
			const prefix = "// Code generated "
			if strings.Contains(comment.Text, prefix) {
				for _, line := range strings.Split(comment.Text, "\n") {
					if rest, ok := strings.CutPrefix(line, prefix); ok {
						if strings.HasSuffix(rest, " DO NOT EDIT.") {
							return comment, true
						}
					}
				}
			}
		}
	}
	return nil, false
}

// Unparen returns e with any enclosing parentheses removed.
func Unparen(e Expr) Expr {
	for {
		p, ok := e.(*ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

var _ = unicode.IsSpace
var _ = utf8.RuneLen
