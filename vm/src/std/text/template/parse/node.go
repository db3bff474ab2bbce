package parse

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Node is an element in the parse tree.
type Node interface {
	Type() NodeType
	String() string
	// Copy does a deep copy of the Node and all its components.
	Copy() Node
	Position() Pos
	tree() *Tree
	writeTo(*strings.Builder)
}

// NodeType identifies the type of a parse tree node.
type NodeType int

// Pos represents a byte position in the original input text.
type Pos int

func (p Pos) Position() Pos { return p }

// Type returns itself and provides an easy default implementation for
// embedding in a Node.
func (t NodeType) Type() NodeType { return t }

const (
	NodeText NodeType = iota
	NodeAction
	NodeBool
	NodeChain
	NodeCommand
	NodeDot
	nodeElse
	nodeEnd
	NodeField
	NodeIdentifier
	NodeIf
	NodeList
	NodeNil
	NodeNumber
	NodePipe
	NodeRange
	NodeString
	NodeTemplate
	NodeVariable
	NodeWith
	NodeComment
	NodeBreak
	NodeContinue
)

func str(n Node) string {
	var sb strings.Builder
	n.writeTo(&sb)
	return sb.String()
}

// ListNode holds a sequence of nodes.
type ListNode struct {
	NodeType
	Pos
	tr    *Tree
	Nodes []Node
}

func (t *Tree) newList(pos Pos) *ListNode { return &ListNode{tr: t, NodeType: NodeList, Pos: pos} }
func (l *ListNode) append(n Node)         { l.Nodes = append(l.Nodes, n) }
func (l *ListNode) tree() *Tree           { return l.tr }
func (l *ListNode) String() string        { return str(l) }
func (l *ListNode) writeTo(sb *strings.Builder) {
	for _, n := range l.Nodes {
		n.writeTo(sb)
	}
}

func (l *ListNode) CopyList() *ListNode {
	if l == nil {
		return l
	}
	n := l.tr.newList(l.Pos)
	for _, e := range l.Nodes {
		n.append(e.Copy())
	}
	return n
}

func (l *ListNode) Copy() Node { return l.CopyList() }

// TextNode holds plain text.
type TextNode struct {
	NodeType
	Pos
	tr   *Tree
	Text []byte
}

func (t *Tree) newText(pos Pos, text string) *TextNode {
	return &TextNode{tr: t, NodeType: NodeText, Pos: pos, Text: []byte(text)}
}
func (t *TextNode) String() string              { return string(t.Text) }
func (t *TextNode) writeTo(sb *strings.Builder) { sb.WriteString(t.String()) }
func (t *TextNode) tree() *Tree                 { return t.tr }
func (t *TextNode) Copy() Node {
	return &TextNode{tr: t.tr, NodeType: NodeText, Pos: t.Pos, Text: append([]byte{}, t.Text...)}
}

// CommentNode holds a comment.
type CommentNode struct {
	NodeType
	Pos
	tr   *Tree
	Text string
}

func (c *CommentNode) String() string { return str(c) }
func (c *CommentNode) writeTo(sb *strings.Builder) {
	sb.WriteString(c.tr.leftDelim)
	sb.WriteString(c.Text)
	sb.WriteString(c.tr.rightDelim)
}
func (c *CommentNode) tree() *Tree { return c.tr }
func (c *CommentNode) Copy() Node {
	return &CommentNode{tr: c.tr, NodeType: NodeComment, Pos: c.Pos, Text: c.Text}
}

// PipeNode holds a pipeline with optional declaration.
type PipeNode struct {
	NodeType
	Pos
	tr       *Tree
	Line     int
	IsAssign bool
	Decl     []*VariableNode
	Cmds     []*CommandNode
}

func (p *PipeNode) append(c *CommandNode) { p.Cmds = append(p.Cmds, c) }
func (p *PipeNode) String() string        { return str(p) }
func (p *PipeNode) writeTo(sb *strings.Builder) {
	if len(p.Decl) > 0 {
		for i, v := range p.Decl {
			if i > 0 {
				sb.WriteString(", ")
			}
			v.writeTo(sb)
		}
		if p.IsAssign {
			sb.WriteString(" = ")
		} else {
			sb.WriteString(" := ")
		}
	}
	for i, c := range p.Cmds {
		if i > 0 {
			sb.WriteString(" | ")
		}
		c.writeTo(sb)
	}
}
func (p *PipeNode) tree() *Tree { return p.tr }

func (p *PipeNode) CopyPipe() *PipeNode {
	if p == nil {
		return p
	}
	n := &PipeNode{tr: p.tr, NodeType: NodePipe, Pos: p.Pos, Line: p.Line, IsAssign: p.IsAssign}
	for _, d := range p.Decl {
		n.Decl = append(n.Decl, d.Copy().(*VariableNode))
	}
	for _, c := range p.Cmds {
		n.append(c.Copy().(*CommandNode))
	}
	return n
}

func (p *PipeNode) Copy() Node { return p.CopyPipe() }

// ActionNode holds an action (something bounded by delimiters).
type ActionNode struct {
	NodeType
	Pos
	tr   *Tree
	Line int
	Pipe *PipeNode
}

func (a *ActionNode) String() string { return str(a) }
func (a *ActionNode) writeTo(sb *strings.Builder) {
	sb.WriteString(a.tr.leftDelim)
	a.Pipe.writeTo(sb)
	sb.WriteString(a.tr.rightDelim)
}
func (a *ActionNode) tree() *Tree { return a.tr }
func (a *ActionNode) Copy() Node {
	return &ActionNode{tr: a.tr, NodeType: NodeAction, Pos: a.Pos, Line: a.Line, Pipe: a.Pipe.CopyPipe()}
}

// CommandNode holds a command (a pipeline inside an evaluating action).
type CommandNode struct {
	NodeType
	Pos
	tr   *Tree
	Args []Node
}

func (c *CommandNode) append(arg Node) { c.Args = append(c.Args, arg) }
func (c *CommandNode) String() string  { return str(c) }
func (c *CommandNode) writeTo(sb *strings.Builder) {
	for i, arg := range c.Args {
		if i > 0 {
			sb.WriteByte(' ')
		}
		if p, ok := arg.(*PipeNode); ok {
			sb.WriteByte('(')
			p.writeTo(sb)
			sb.WriteByte(')')
			continue
		}
		arg.writeTo(sb)
	}
}
func (c *CommandNode) tree() *Tree { return c.tr }
func (c *CommandNode) Copy() Node {
	if c == nil {
		return c
	}
	n := &CommandNode{tr: c.tr, NodeType: NodeCommand, Pos: c.Pos}
	for _, a := range c.Args {
		n.append(a.Copy())
	}
	return n
}

// IdentifierNode holds an identifier.
type IdentifierNode struct {
	NodeType
	Pos
	tr    *Tree
	Ident string
}

// NewIdentifier returns a new IdentifierNode with the given identifier name.
func NewIdentifier(ident string) *IdentifierNode {
	return &IdentifierNode{NodeType: NodeIdentifier, Ident: ident}
}

// SetPos sets the position.
func (i *IdentifierNode) SetPos(pos Pos) *IdentifierNode { i.Pos = pos; return i }

// SetTree sets the parent tree for the node.
func (i *IdentifierNode) SetTree(t *Tree) *IdentifierNode { i.tr = t; return i }
func (i *IdentifierNode) String() string                  { return i.Ident }
func (i *IdentifierNode) writeTo(sb *strings.Builder)     { sb.WriteString(i.Ident) }
func (i *IdentifierNode) tree() *Tree                     { return i.tr }
func (i *IdentifierNode) Copy() Node {
	return NewIdentifier(i.Ident).SetTree(i.tr).SetPos(i.Pos)
}

// VariableNode holds a list of variable names, possibly with chained
// field accesses.
type VariableNode struct {
	NodeType
	Pos
	tr    *Tree
	Ident []string
}

func (t *Tree) newVariable(pos Pos, ident string) *VariableNode {
	return &VariableNode{tr: t, NodeType: NodeVariable, Pos: pos, Ident: strings.Split(ident, ".")}
}
func (v *VariableNode) String() string              { return str(v) }
func (v *VariableNode) writeTo(sb *strings.Builder) { sb.WriteString(strings.Join(v.Ident, ".")) }
func (v *VariableNode) tree() *Tree                 { return v.tr }
func (v *VariableNode) Copy() Node {
	return &VariableNode{tr: v.tr, NodeType: NodeVariable, Pos: v.Pos, Ident: append([]string{}, v.Ident...)}
}

// DotNode holds the special identifier '.'.
type DotNode struct {
	NodeType
	Pos
	tr *Tree
}

func (d *DotNode) Type() NodeType               { return NodeDot }
func (d *DotNode) String() string               { return "." }
func (d *DotNode) writeTo(sb *strings.Builder)  { sb.WriteString(".") }
func (d *DotNode) tree() *Tree                  { return d.tr }
func (d *DotNode) Copy() Node                   { return &DotNode{tr: d.tr, NodeType: NodeDot, Pos: d.Pos} }

// NilNode holds the special identifier 'nil' representing an untyped nil
// constant.
type NilNode struct {
	NodeType
	Pos
	tr *Tree
}

func (n *NilNode) Type() NodeType              { return NodeNil }
func (n *NilNode) String() string              { return "nil" }
func (n *NilNode) writeTo(sb *strings.Builder) { sb.WriteString("nil") }
func (n *NilNode) tree() *Tree                 { return n.tr }
func (n *NilNode) Copy() Node                  { return &NilNode{tr: n.tr, NodeType: NodeNil, Pos: n.Pos} }

// FieldNode holds a field (identifier starting with '.').
type FieldNode struct {
	NodeType
	Pos
	tr    *Tree
	Ident []string
}

func (t *Tree) newField(pos Pos, ident string) *FieldNode {
	return &FieldNode{tr: t, NodeType: NodeField, Pos: pos, Ident: strings.Split(ident[1:], ".")}
}
func (f *FieldNode) String() string { return str(f) }
func (f *FieldNode) writeTo(sb *strings.Builder) {
	for _, id := range f.Ident {
		sb.WriteByte('.')
		sb.WriteString(id)
	}
}
func (f *FieldNode) tree() *Tree { return f.tr }
func (f *FieldNode) Copy() Node {
	return &FieldNode{tr: f.tr, NodeType: NodeField, Pos: f.Pos, Ident: append([]string{}, f.Ident...)}
}

// ChainNode holds a term followed by a chain of field accesses.
type ChainNode struct {
	NodeType
	Pos
	tr    *Tree
	Node  Node
	Field []string
}

// Add adds the named field (which should start with a period) to the end
// of the chain.
func (c *ChainNode) Add(field string) {
	if len(field) == 0 || field[0] != '.' {
		panic("no dot in field")
	}
	field = field[1:]
	if field == "" {
		panic("empty field")
	}
	c.Field = append(c.Field, field)
}
func (c *ChainNode) String() string { return str(c) }
func (c *ChainNode) writeTo(sb *strings.Builder) {
	if _, ok := c.Node.(*PipeNode); ok {
		sb.WriteByte('(')
		c.Node.writeTo(sb)
		sb.WriteByte(')')
	} else {
		c.Node.writeTo(sb)
	}
	for _, f := range c.Field {
		sb.WriteByte('.')
		sb.WriteString(f)
	}
}
func (c *ChainNode) tree() *Tree { return c.tr }
func (c *ChainNode) Copy() Node {
	return &ChainNode{tr: c.tr, NodeType: NodeChain, Pos: c.Pos, Node: c.Node, Field: append([]string{}, c.Field...)}
}

// BoolNode holds a boolean constant.
type BoolNode struct {
	NodeType
	Pos
	tr   *Tree
	True bool
}

func (b *BoolNode) String() string {
	if b.True {
		return "true"
	}
	return "false"
}
func (b *BoolNode) writeTo(sb *strings.Builder) { sb.WriteString(b.String()) }
func (b *BoolNode) tree() *Tree                 { return b.tr }
func (b *BoolNode) Copy() Node                  { return &BoolNode{tr: b.tr, NodeType: NodeBool, Pos: b.Pos, True: b.True} }

// NumberNode holds a number: signed or unsigned integer, float, or
// complex.
type NumberNode struct {
	NodeType
	Pos
	tr         *Tree
	IsInt      bool
	IsUint     bool
	IsFloat    bool
	IsComplex  bool
	Int64      int64
	Uint64     uint64
	Float64    float64
	Complex128 complex128
	Text       string
}

func (t *Tree) newNumber(pos Pos, text string, typ itemType) (*NumberNode, error) {
	n := &NumberNode{tr: t, NodeType: NodeNumber, Pos: pos, Text: text}
	switch typ {
	case itemCharConstant:
		r, tail, err := unquoteChar(text[1:])
		if err != nil {
			return nil, err
		}
		if tail != "'" {
			return nil, fmt.Errorf("malformed character constant: %s", text)
		}
		n.Int64, n.IsInt = int64(r), true
		n.Uint64, n.IsUint = uint64(r), true
		n.Float64, n.IsFloat = float64(r), true
		return n, nil
	case itemComplex:
		if _, err := fmt.Sscan(text, &n.Complex128); err != nil {
			return nil, err
		}
		n.IsComplex = true
		n.simplifyComplex()
		return n, nil
	}
	if len(text) > 0 && text[len(text)-1] == 'i' {
		if f, err := strconv.ParseFloat(text[:len(text)-1], 64); err == nil {
			n.IsComplex = true
			n.Complex128 = complex(0, f)
			n.simplifyComplex()
			return n, nil
		}
	}
	u, err := strconv.ParseUint(text, 0, 64)
	if err == nil {
		n.IsUint, n.Uint64 = true, u
	}
	i, err := strconv.ParseInt(text, 0, 64)
	if err == nil {
		n.IsInt, n.Int64 = true, i
		if i == 0 {
			n.IsUint, n.Uint64 = true, u
		}
	}
	switch {
	case n.IsInt:
		n.IsFloat, n.Float64 = true, float64(n.Int64)
	case n.IsUint:
		n.IsFloat, n.Float64 = true, float64(n.Uint64)
	default:
		if f, err := strconv.ParseFloat(text, 64); err == nil {
			if !strings.ContainsAny(text, ".eEpP") {
				return nil, fmt.Errorf("integer overflow: %q", text)
			}
			n.IsFloat, n.Float64 = true, f
			if float64(int64(f)) == f {
				n.IsInt, n.Int64 = true, int64(f)
			}
			if f >= 0 && float64(uint64(f)) == f {
				n.IsUint, n.Uint64 = true, uint64(f)
			}
		}
	}
	if !n.IsInt && !n.IsUint && !n.IsFloat {
		return nil, fmt.Errorf("illegal number syntax: %q", text)
	}
	return n, nil
}

func (n *NumberNode) simplifyComplex() {
	n.IsFloat = imag(n.Complex128) == 0
	if n.IsFloat {
		n.Float64 = real(n.Complex128)
		n.IsInt = float64(int64(n.Float64)) == n.Float64
		if n.IsInt {
			n.Int64 = int64(n.Float64)
		}
		n.IsUint = n.Float64 >= 0 && float64(uint64(n.Float64)) == n.Float64
		if n.IsUint {
			n.Uint64 = uint64(n.Float64)
		}
	}
}
func (n *NumberNode) String() string              { return n.Text }
func (n *NumberNode) writeTo(sb *strings.Builder) { sb.WriteString(n.Text) }
func (n *NumberNode) tree() *Tree                 { return n.tr }
func (n *NumberNode) Copy() Node {
	nn := new(NumberNode)
	*nn = *n
	return nn
}

// StringNode holds a string constant.
type StringNode struct {
	NodeType
	Pos
	tr     *Tree
	Quoted string
	Text   string
}

func (s *StringNode) String() string              { return s.Quoted }
func (s *StringNode) writeTo(sb *strings.Builder) { sb.WriteString(s.Quoted) }
func (s *StringNode) tree() *Tree                 { return s.tr }
func (s *StringNode) Copy() Node {
	return &StringNode{tr: s.tr, NodeType: NodeString, Pos: s.Pos, Quoted: s.Quoted, Text: s.Text}
}

// endNode represents an {{end}} action. It does not appear in the final
// parse tree.
type endNode struct {
	NodeType
	Pos
	tr *Tree
}

func (e *endNode) String() string              { return "{{end}}" }
func (e *endNode) writeTo(sb *strings.Builder) { sb.WriteString("{{end}}") }
func (e *endNode) tree() *Tree                 { return e.tr }
func (e *endNode) Copy() Node                  { return &endNode{tr: e.tr, NodeType: nodeEnd, Pos: e.Pos} }

// elseNode represents an {{else}} action.
type elseNode struct {
	NodeType
	Pos
	tr   *Tree
	Line int
}

func (e *elseNode) Type() NodeType              { return nodeElse }
func (e *elseNode) String() string              { return "{{else}}" }
func (e *elseNode) writeTo(sb *strings.Builder) { sb.WriteString("{{else}}") }
func (e *elseNode) tree() *Tree                 { return e.tr }
func (e *elseNode) Copy() Node {
	return &elseNode{tr: e.tr, NodeType: nodeElse, Pos: e.Pos, Line: e.Line}
}

// BranchNode is the common representation of if, range, and with.
type BranchNode struct {
	NodeType
	Pos
	tr       *Tree
	Line     int
	Pipe     *PipeNode
	List     *ListNode
	ElseList *ListNode
}

func (b *BranchNode) String() string { return str(b) }
func (b *BranchNode) writeTo(sb *strings.Builder) {
	name := ""
	switch b.NodeType {
	case NodeIf:
		name = "if"
	case NodeRange:
		name = "range"
	case NodeWith:
		name = "with"
	default:
		panic("unknown branch type")
	}
	sb.WriteString("{{")
	sb.WriteString(name)
	sb.WriteByte(' ')
	b.Pipe.writeTo(sb)
	sb.WriteString("}}")
	b.List.writeTo(sb)
	if b.ElseList != nil {
		sb.WriteString("{{else}}")
		b.ElseList.writeTo(sb)
	}
	sb.WriteString("{{end}}")
}
func (b *BranchNode) tree() *Tree { return b.tr }
func (b *BranchNode) Copy() Node {
	switch b.NodeType {
	case NodeIf:
		return &IfNode{*b.copyBranch()}
	case NodeRange:
		return &RangeNode{*b.copyBranch()}
	case NodeWith:
		return &WithNode{*b.copyBranch()}
	}
	panic("unknown branch type")
}

func (b *BranchNode) copyBranch() *BranchNode {
	return &BranchNode{tr: b.tr, NodeType: b.NodeType, Pos: b.Pos, Line: b.Line,
		Pipe: b.Pipe.CopyPipe(), List: b.List.CopyList(), ElseList: b.ElseList.CopyList()}
}

// IfNode represents an {{if}} action and its commands.
type IfNode struct{ BranchNode }

func (i *IfNode) Copy() Node { return &IfNode{*i.copyBranch()} }

// RangeNode represents a {{range}} action and its commands.
type RangeNode struct{ BranchNode }

func (r *RangeNode) Copy() Node { return &RangeNode{*r.copyBranch()} }

// WithNode represents a {{with}} action and its commands.
type WithNode struct{ BranchNode }

func (w *WithNode) Copy() Node { return &WithNode{*w.copyBranch()} }

// BreakNode represents a {{break}} action.
type BreakNode struct {
	tr *Tree
	NodeType
	Pos
	Line int
}

func (b *BreakNode) String() string              { return "{{break}}" }
func (b *BreakNode) writeTo(sb *strings.Builder) { sb.WriteString("{{break}}") }
func (b *BreakNode) tree() *Tree                 { return b.tr }
func (b *BreakNode) Copy() Node {
	return &BreakNode{tr: b.tr, NodeType: NodeBreak, Pos: b.Pos, Line: b.Line}
}

// ContinueNode represents a {{continue}} action.
type ContinueNode struct {
	tr *Tree
	NodeType
	Pos
	Line int
}

func (c *ContinueNode) String() string              { return "{{continue}}" }
func (c *ContinueNode) writeTo(sb *strings.Builder) { sb.WriteString("{{continue}}") }
func (c *ContinueNode) tree() *Tree                 { return c.tr }
func (c *ContinueNode) Copy() Node {
	return &ContinueNode{tr: c.tr, NodeType: NodeContinue, Pos: c.Pos, Line: c.Line}
}

// TemplateNode represents a {{template}} action.
type TemplateNode struct {
	NodeType
	Pos
	tr   *Tree
	Line int
	Name string
	Pipe *PipeNode
}

func (t *TemplateNode) String() string { return str(t) }
func (t *TemplateNode) writeTo(sb *strings.Builder) {
	sb.WriteString("{{template ")
	sb.WriteString(strconv.Quote(t.Name))
	if t.Pipe != nil {
		sb.WriteByte(' ')
		t.Pipe.writeTo(sb)
	}
	sb.WriteString("}}")
}
func (t *TemplateNode) tree() *Tree { return t.tr }
func (t *TemplateNode) Copy() Node {
	return &TemplateNode{tr: t.tr, NodeType: NodeTemplate, Pos: t.Pos, Line: t.Line, Name: t.Name, Pipe: t.Pipe.CopyPipe()}
}

// unquoteChar decodes the first character (or escape) of the body of a
// character constant and returns the rest.
func unquoteChar(s string) (rune, string, error) {
	if s == "" {
		return 0, "", strconv.ErrSyntax
	}
	if s[0] != '\\' {
		r, size := utf8.DecodeRuneInString(s)
		return r, s[size:], nil
	}
	for n := 2; n <= len(s) && n <= 10; n++ {
		if u, err := strconv.Unquote("'" + s[:n] + "'"); err == nil {
			r, _ := utf8.DecodeRuneInString(u)
			return r, s[n:], nil
		}
	}
	return 0, "", strconv.ErrSyntax
}
