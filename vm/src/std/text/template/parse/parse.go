// Package parse builds parse trees for templates as defined by
// text/template and html/template.
package parse

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
)

// Tree is the representation of a single parsed template.
type Tree struct {
	Name      string
	ParseName string
	Root      *ListNode
	Mode      Mode
	text      string
	// Parsing only; cleared after parse.
	funcs      []map[string]any
	items      []item
	idx        int
	far        int
	treeSet    map[string]*Tree
	actionLine int
	rangeDepth int
	stackDepth int
	vars       []string
	leftDelim  string
	rightDelim string
}

// A Mode value is a set of flags (or 0). Modes control parser behavior.
type Mode uint

const (
	ParseComments Mode = 1 << iota // parse comments and add them to AST
	SkipFuncCheck                  // do not check that functions are defined
)

const maxStackDepth = 10000

// Copy returns a copy of the Tree. Any parsing state is discarded.
func (t *Tree) Copy() *Tree {
	if t == nil {
		return nil
	}
	return &Tree{Name: t.Name, ParseName: t.ParseName, Root: t.Root.CopyList(), text: t.text,
		leftDelim: t.leftDelim, rightDelim: t.rightDelim}
}

// Parse returns a map from template name to parse.Tree, created by
// parsing the templates described in the argument string.
func Parse(name, text, leftDelim, rightDelim string, funcs ...map[string]any) (map[string]*Tree, error) {
	treeSet := make(map[string]*Tree)
	t := New(name)
	t.text = text
	_, err := t.Parse(text, leftDelim, rightDelim, treeSet, funcs...)
	return treeSet, err
}

// New allocates a new parse tree with the given name.
func New(name string, funcs ...map[string]any) *Tree {
	return &Tree{Name: name, funcs: funcs}
}

// ErrorContext returns a textual representation of the location of the
// node in the input text.
func (t *Tree) ErrorContext(n Node) (location, context string) {
	pos := int(n.Position())
	tree := n.tree()
	if tree == nil {
		tree = t
	}
	text := tree.text
	if pos > len(text) {
		pos = len(text)
	}
	text = text[:pos]
	byteNum := strings.LastIndex(text, "\n")
	if byteNum == -1 {
		byteNum = pos
	} else {
		byteNum++
		byteNum = pos - byteNum
	}
	lineNum := 1 + strings.Count(text, "\n")
	context = n.String()
	return fmt.Sprintf("%s:%d:%d", tree.ParseName, lineNum, byteNum), context
}

// parseError is a parse failure on its way out of Parse.
type parseError struct{ err error }

func (t *Tree) errorf(format string, args ...any) {
	t.Root = nil
	line := 0
	if t.far < len(t.items) {
		line = t.items[t.far].line
	}
	format = fmt.Sprintf("template: %s:%d: %s", t.ParseName, line, format)
	panic(parseError{fmt.Errorf(format, args...)})
}

func (t *Tree) error(err error) { t.errorf("%s", err) }

func (t *Tree) next() item {
	i := t.idx
	if i >= len(t.items) {
		i = len(t.items) - 1
	}
	if i > t.far {
		t.far = i
	}
	t.idx++
	return t.items[i]
}

func (t *Tree) backup() { t.idx-- }

func (t *Tree) peek() item {
	it := t.next()
	t.backup()
	return it
}

func (t *Tree) nextNonSpace() item {
	for {
		it := t.next()
		if it.typ != itemSpace {
			return it
		}
	}
}

func (t *Tree) peekNonSpace() item {
	for {
		it := t.next()
		if it.typ != itemSpace {
			t.backup()
			return it
		}
	}
}

func (t *Tree) expect(expected itemType, context string) item {
	tok := t.nextNonSpace()
	if tok.typ != expected {
		t.unexpected(tok, context)
	}
	return tok
}

func (t *Tree) expectOneOf(e1, e2 itemType, context string) item {
	tok := t.nextNonSpace()
	if tok.typ != e1 && tok.typ != e2 {
		t.unexpected(tok, context)
	}
	return tok
}

func (t *Tree) unexpected(tok item, context string) {
	if tok.typ == itemError {
		extra := ""
		if t.actionLine != 0 && t.actionLine != tok.line {
			extra = fmt.Sprintf(" in action started at %s:%d", t.ParseName, t.actionLine)
			if strings.HasSuffix(tok.val, " action") {
				extra = extra[len(" in action"):]
			}
		}
		t.errorf("%s%s", tok, extra)
	}
	t.errorf("unexpected %s in %s", tok, context)
}

func (t *Tree) recover(errp *error) {
	e := recover()
	if e == nil {
		return
	}
	if pe, ok := e.(parseError); ok {
		t.stopParse()
		*errp = pe.err
		return
	}
	if _, ok := e.(runtime.Error); ok {
		panic(e)
	}
	if err, ok := e.(error); ok {
		t.stopParse()
		*errp = err
		return
	}
	panic(e)
}

func (t *Tree) hasFunction(name string) bool {
	for _, m := range t.funcs {
		if m != nil && m[name] != nil {
			return true
		}
	}
	return false
}

func (t *Tree) startParse(funcs []map[string]any, items []item, idx int, treeSet map[string]*Tree) {
	t.Root = nil
	t.items = items
	t.idx = idx
	t.far = idx
	t.vars = []string{"$"}
	t.funcs = funcs
	t.treeSet = treeSet
	t.stackDepth = 0
}

func (t *Tree) stopParse() {
	t.items = nil
	t.vars = nil
	t.funcs = nil
	t.treeSet = nil
}

// Parse parses the template definition string to construct a
// representation of the template for execution.
func (t *Tree) Parse(text, leftDelim, rightDelim string, treeSet map[string]*Tree, funcs ...map[string]any) (tree *Tree, err error) {
	defer t.recover(&err)
	t.ParseName = t.Name
	if leftDelim == "" {
		leftDelim = "{{"
	}
	if rightDelim == "" {
		rightDelim = "}}"
	}
	t.leftDelim, t.rightDelim = leftDelim, rightDelim
	t.funcs = funcs
	items := lexAll(text, leftDelim, rightDelim, t.Mode&ParseComments != 0,
		!t.hasFunction("break"), !t.hasFunction("continue"))
	t.startParse(funcs, items, 0, treeSet)
	t.text = text
	t.parse()
	t.add()
	t.stopParse()
	return t, nil
}

func (t *Tree) add() {
	tree := t.treeSet[t.Name]
	if tree == nil || IsEmptyTree(tree.Root) {
		t.treeSet[t.Name] = t
		return
	}
	if !IsEmptyTree(t.Root) {
		t.errorf("template: multiple definition of template %q", t.Name)
	}
}

// IsEmptyTree reports whether this tree (node) is empty of everything but
// space or comments.
func IsEmptyTree(n Node) bool {
	switch n := n.(type) {
	case nil:
		return true
	case *ActionNode:
	case *CommentNode:
		return true
	case *IfNode:
	case *ListNode:
		for _, node := range n.Nodes {
			if !IsEmptyTree(node) {
				return false
			}
		}
		return true
	case *RangeNode:
	case *TemplateNode:
	case *TextNode:
		return len(strings.TrimSpace(string(n.Text))) == 0
	case *WithNode:
	default:
		panic("unknown node: " + n.String())
	}
	return false
}

func (t *Tree) sub(name string) *Tree {
	nt := New(name)
	nt.text = t.text
	nt.Mode = t.Mode
	nt.leftDelim = t.leftDelim
	nt.rightDelim = t.rightDelim
	nt.ParseName = t.ParseName
	nt.startParse(t.funcs, t.items, t.idx, t.treeSet)
	nt.far = t.far
	return nt
}

// resume continues t after a sub-tree parsed items up to sub.idx.
func (t *Tree) resume(sub *Tree) {
	t.items = sub.items
	t.idx = sub.idx
	t.far = sub.far
}

func (t *Tree) parse() {
	t.Root = t.newList(t.peek().pos)
	for t.peek().typ != itemEOF {
		if t.peek().typ == itemLeftDelim {
			save := t.idx
			t.next()
			if t.nextNonSpace().typ == itemDefine {
				nt := t.sub("definition")
				nt.parseDefinition()
				t.resume(nt)
				continue
			}
			t.idx = save
		}
		switch n := t.textOrAction(); n.Type() {
		case nodeEnd, nodeElse:
			t.errorf("unexpected %s", n)
		default:
			t.Root.append(n)
		}
	}
}

func (t *Tree) parseDefinition() {
	const context = "define clause"
	name := t.expectOneOf(itemString, itemRawString, context)
	var err error
	t.Name, err = strconv.Unquote(name.val)
	if err != nil {
		t.error(err)
	}
	t.expect(itemRightDelim, context)
	var end Node
	t.Root, end = t.itemList()
	if end.Type() != nodeEnd {
		t.errorf("unexpected %s in %s", end, context)
	}
	t.add()
}

func (t *Tree) itemList() (list *ListNode, next Node) {
	list = t.newList(t.peekNonSpace().pos)
	for t.peekNonSpace().typ != itemEOF {
		n := t.textOrAction()
		switch n.Type() {
		case nodeEnd, nodeElse:
			return list, n
		}
		list.append(n)
	}
	t.errorf("unexpected EOF")
	return
}

func (t *Tree) textOrAction() Node {
	switch tok := t.nextNonSpace(); tok.typ {
	case itemText:
		return t.newText(tok.pos, tok.val)
	case itemLeftDelim:
		t.actionLine = tok.line
		defer func() { t.actionLine = 0 }()
		return t.action()
	case itemComment:
		return &CommentNode{tr: t, NodeType: NodeComment, Pos: tok.pos, Text: tok.val}
	default:
		t.unexpected(tok, "input")
	}
	return nil
}

func (t *Tree) action() Node {
	switch tok := t.nextNonSpace(); tok.typ {
	case itemBlock:
		return t.blockControl()
	case itemBreak:
		return t.loopControl(tok, "{{break}}", NodeBreak)
	case itemContinue:
		return t.loopControl(tok, "{{continue}}", NodeContinue)
	case itemElse:
		return t.elseControl()
	case itemEnd:
		return &endNode{tr: t, NodeType: nodeEnd, Pos: t.expect(itemRightDelim, "end").pos}
	case itemIf:
		return &IfNode{t.parseControl(NodeIf, "if")}
	case itemRange:
		return &RangeNode{t.parseControl(NodeRange, "range")}
	case itemTemplate:
		return t.templateControl()
	case itemWith:
		return &WithNode{t.parseControl(NodeWith, "with")}
	}
	t.backup()
	tok := t.peek()
	return &ActionNode{tr: t, NodeType: NodeAction, Pos: tok.pos, Line: tok.line, Pipe: t.pipeline("command", itemRightDelim)}
}

func (t *Tree) loopControl(kw item, what string, typ NodeType) Node {
	if tok := t.nextNonSpace(); tok.typ != itemRightDelim {
		t.unexpected(tok, what)
	}
	if t.rangeDepth == 0 {
		t.errorf("%s outside {{range}}", what)
	}
	if typ == NodeBreak {
		return &BreakNode{tr: t, NodeType: NodeBreak, Pos: kw.pos, Line: kw.line}
	}
	return &ContinueNode{tr: t, NodeType: NodeContinue, Pos: kw.pos, Line: kw.line}
}

func (t *Tree) pipeline(context string, end itemType) (pipe *PipeNode) {
	tok := t.peekNonSpace()
	pipe = &PipeNode{tr: t, NodeType: NodePipe, Pos: tok.pos, Line: tok.line}
decls:
	if v := t.peekNonSpace(); v.typ == itemVariable {
		start := t.idx
		t.next()
		after := t.peek()
		next := t.peekNonSpace()
		switch {
		case next.typ == itemAssign, next.typ == itemDeclare:
			pipe.IsAssign = next.typ == itemAssign
			t.nextNonSpace()
			pipe.Decl = append(pipe.Decl, t.newVariable(v.pos, v.val))
			t.vars = append(t.vars, v.val)
		case next.typ == itemChar && next.val == ",":
			t.nextNonSpace()
			pipe.Decl = append(pipe.Decl, t.newVariable(v.pos, v.val))
			t.vars = append(t.vars, v.val)
			if context == "range" && len(pipe.Decl) < 2 {
				switch t.peekNonSpace().typ {
				case itemVariable, itemRightDelim, itemRightParen:
					goto decls
				default:
					t.errorf("range can only initialize variables")
				}
			}
			t.errorf("too many declarations in %s", context)
		case after.typ == itemSpace:
			t.idx = start
		default:
			t.idx = start
		}
	}
	for {
		switch tok := t.nextNonSpace(); tok.typ {
		case end:
			t.checkPipeline(pipe, context)
			return
		case itemBool, itemCharConstant, itemComplex, itemDot, itemField, itemIdentifier,
			itemNumber, itemNil, itemRawString, itemString, itemVariable, itemLeftParen:
			t.backup()
			pipe.append(t.command())
		default:
			t.unexpected(tok, context)
		}
	}
}

func (t *Tree) checkPipeline(pipe *PipeNode, context string) {
	if len(pipe.Cmds) == 0 {
		t.errorf("missing value for %s", context)
	}
	for i, c := range pipe.Cmds[1:] {
		switch c.Args[0].Type() {
		case NodeBool, NodeDot, NodeNil, NodeNumber, NodeString:
			t.errorf("non executable command in pipeline stage %d", i+2)
		}
	}
}

func (t *Tree) parseControl(typ NodeType, context string) BranchNode {
	defer t.popVars(len(t.vars))
	pipe := t.pipeline(context, itemRightDelim)
	if context == "range" {
		t.rangeDepth++
	}
	list, next := t.itemList()
	if context == "range" {
		t.rangeDepth--
	}
	var elseList *ListNode
	if next.Type() == nodeElse {
		if context == "if" && t.peek().typ == itemIf {
			t.next()
			elseList = t.newList(next.Position())
			elseList.append(&IfNode{t.parseControl(NodeIf, "if")})
		} else if context == "with" && t.peek().typ == itemWith {
			t.next()
			elseList = t.newList(next.Position())
			elseList.append(&WithNode{t.parseControl(NodeWith, "with")})
		} else {
			elseList, next = t.itemList()
			if next.Type() != nodeEnd {
				t.errorf("expected end; found %s", next)
			}
		}
	}
	return BranchNode{tr: t, NodeType: typ, Pos: pipe.Position(), Line: pipe.Line, Pipe: pipe, List: list, ElseList: elseList}
}

func (t *Tree) elseControl() Node {
	p := t.peekNonSpace()
	if p.typ == itemIf || p.typ == itemWith {
		return &elseNode{tr: t, NodeType: nodeElse, Pos: p.pos, Line: p.line}
	}
	tok := t.expect(itemRightDelim, "else")
	return &elseNode{tr: t, NodeType: nodeElse, Pos: tok.pos, Line: tok.line}
}

func (t *Tree) blockControl() Node {
	const context = "block clause"
	tok := t.nextNonSpace()
	name := t.parseTemplateName(tok, context)
	pipe := t.pipeline(context, itemRightDelim)
	block := t.sub(name)
	var end Node
	block.Root, end = block.itemList()
	if end.Type() != nodeEnd {
		t.resume(block)
		t.errorf("unexpected %s in %s", end, context)
	}
	block.add()
	t.resume(block)
	return &TemplateNode{tr: t, NodeType: NodeTemplate, Pos: tok.pos, Line: tok.line, Name: name, Pipe: pipe}
}

func (t *Tree) templateControl() Node {
	const context = "template clause"
	tok := t.nextNonSpace()
	name := t.parseTemplateName(tok, context)
	var pipe *PipeNode
	if t.nextNonSpace().typ != itemRightDelim {
		t.backup()
		pipe = t.pipeline(context, itemRightDelim)
	}
	return &TemplateNode{tr: t, NodeType: NodeTemplate, Pos: tok.pos, Line: tok.line, Name: name, Pipe: pipe}
}

func (t *Tree) parseTemplateName(tok item, context string) string {
	switch tok.typ {
	case itemString, itemRawString:
		s, err := strconv.Unquote(tok.val)
		if err != nil {
			t.error(err)
		}
		return s
	}
	t.unexpected(tok, context)
	return ""
}

func (t *Tree) command() *CommandNode {
	cmd := &CommandNode{tr: t, NodeType: NodeCommand, Pos: t.peekNonSpace().pos}
	for {
		t.peekNonSpace()
		if op := t.operand(); op != nil {
			cmd.append(op)
		}
		switch tok := t.next(); tok.typ {
		case itemSpace:
			continue
		case itemRightDelim, itemRightParen:
			t.backup()
		case itemPipe:
		default:
			t.unexpected(tok, "operand")
		}
		break
	}
	if len(cmd.Args) == 0 {
		t.errorf("empty command")
	}
	return cmd
}

func (t *Tree) operand() Node {
	node := t.term()
	if node == nil {
		return nil
	}
	if t.peek().typ == itemField {
		chain := &ChainNode{tr: t, NodeType: NodeChain, Pos: t.peek().pos, Node: node}
		for t.peek().typ == itemField {
			chain.Add(t.next().val)
		}
		switch node.Type() {
		case NodeField:
			node = t.newField(chain.Position(), chain.String())
		case NodeVariable:
			node = t.newVariable(chain.Position(), chain.String())
		case NodeBool, NodeString, NodeNumber, NodeNil, NodeDot:
			t.errorf("unexpected . after term %q", node.String())
		default:
			node = chain
		}
	}
	return node
}

func (t *Tree) term() Node {
	switch tok := t.nextNonSpace(); tok.typ {
	case itemIdentifier:
		if t.Mode&SkipFuncCheck == 0 && !t.hasFunction(tok.val) {
			t.errorf("function %q not defined", tok.val)
		}
		return NewIdentifier(tok.val).SetTree(t).SetPos(tok.pos)
	case itemDot:
		return &DotNode{tr: t, NodeType: NodeDot, Pos: tok.pos}
	case itemNil:
		return &NilNode{tr: t, NodeType: NodeNil, Pos: tok.pos}
	case itemVariable:
		return t.useVar(tok.pos, tok.val)
	case itemField:
		return t.newField(tok.pos, tok.val)
	case itemBool:
		return &BoolNode{tr: t, NodeType: NodeBool, Pos: tok.pos, True: tok.val == "true"}
	case itemCharConstant, itemComplex, itemNumber:
		n, err := t.newNumber(tok.pos, tok.val, tok.typ)
		if err != nil {
			t.error(err)
		}
		return n
	case itemLeftParen:
		if t.stackDepth >= maxStackDepth {
			t.errorf("max expression depth exceeded")
		}
		t.stackDepth++
		defer func() { t.stackDepth-- }()
		return t.pipeline("parenthesized pipeline", itemRightParen)
	case itemString, itemRawString:
		s, err := strconv.Unquote(tok.val)
		if err != nil {
			t.error(err)
		}
		return &StringNode{tr: t, NodeType: NodeString, Pos: tok.pos, Quoted: tok.val, Text: s}
	}
	t.backup()
	return nil
}

func (t *Tree) popVars(n int) { t.vars = t.vars[:n] }

func (t *Tree) useVar(pos Pos, name string) Node {
	v := t.newVariable(pos, name)
	for _, vn := range t.vars {
		if vn == v.Ident[0] {
			return v
		}
	}
	t.errorf("undefined variable %q", v.Ident[0])
	return nil
}
