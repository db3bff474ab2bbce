// Package printer implements printing of AST nodes in the canonical Go
// layout (the layout gofmt produces).
//
// The printer works in two stages. The node walk (nodes.go) emits tokens,
// delayed white space and source positions into a raw buffer: cells that
// should line up are separated by '\t' or '\v', lines that end an alignment
// section by '\f', and literal text (comments, strings) is bracketed by
// tabwriter.Escape so that the tabwriter leaves it alone. The raw buffer
// then goes through text/tabwriter for the alignment and through a filter
// that drops the escapes and any white space at line ends.
package printer

import (
	"fmt"
	"go/ast"
	"go/token"
	"io"
	"strings"
	"text/tabwriter"
	"unicode"
)

// A Mode value is a set of flags (or 0). They control printing.
type Mode uint

const (
	RawFormat Mode = 1 << iota // do not use a tabwriter; if set, UseSpaces is ignored
	TabIndent                  // use tabs for indentation independent of UseSpaces
	UseSpaces                  // use spaces instead of tabs for alignment
	SourcePos                  // emit //line directives to preserve original source positions
)

// goprinterNormalize is the undocumented mode bit go/format sets: number
// literals are printed with lower-case prefixes and exponents.
const goprinterNormalize Mode = 1 << 30

// A Config node controls the output of Fprint.
type Config struct {
	Mode     Mode // default: 0
	Tabwidth int  // default: 8
	Indent   int  // default: 0 (all code is indented at least by this much)
}

// A CommentedNode bundles an AST node and corresponding comments.
// It may be provided as argument to any of the Fprint functions.
type CommentedNode struct {
	Node     any // *ast.File, or ast.Expr, ast.Decl, ast.Spec, or ast.Stmt
	Comments []*ast.CommentGroup
}

// Fprint "pretty-prints" an AST node to output for a given configuration cfg.
func (cfg *Config) Fprint(output io.Writer, fset *token.FileSet, node any) error {
	return cfg.run(output, fset, node, make(map[ast.Node]int), &gpFileCache{})
}

// Fprint "pretty-prints" an AST node to output.
func Fprint(output io.Writer, fset *token.FileSet, node any) error {
	c := &Config{Tabwidth: 8}
	return c.Fprint(output, fset, node)
}

// delayed white space
type gpSpace byte

const (
	spNone     gpSpace = 0
	spBlank    gpSpace = ' '
	spVtab     gpSpace = '\v'
	spNewline  gpSpace = '\n'
	spFormfeed gpSpace = '\f'
	spIndent   gpSpace = '>'
	spUnindent gpSpace = '<'
)

// printing flags toggled during the walk
const (
	flNoExtraBlank     = 1
	flNoExtraLinebreak = 2
)

const (
	gpMaxNewlines = 2
	gpInfinity    = 1 << 30
)

type gpPrinter struct {
	cfg  Config
	fset *token.FileSet

	buf         []byte
	indent      int
	level       int // > 0 inside a composite literal
	flags       int
	endAlign    bool
	impliedSemi bool
	lastTok     token.Token
	prevOpen    token.Token
	ws          []gpSpace
	goBuild     []int // offsets of //go:build lines in buf
	plusBuild   []int // offsets of // +build lines in buf

	pos     token.Position // position in the source
	out     token.Position // position in the output
	last    token.Position // pos after the last text written
	linePtr *int
	lineErr error

	comments    []*ast.CommentGroup
	nodeCmts    bool // take lead and line comments from the nodes
	cidx        int
	cgroup      *ast.CommentGroup
	cOffset     int
	cHasNewline bool

	sizes map[ast.Node]int
	files *gpFileCache

	cachePos  token.Pos
	cacheLine int
}

func (cfg *Config) run(output io.Writer, fset *token.FileSet, node any, sizes map[ast.Node]int, files *gpFileCache) error {
	p := &gpPrinter{
		cfg:      *cfg,
		fset:     fset,
		pos:      token.Position{Line: 1, Column: 1},
		out:      token.Position{Line: 1, Column: 1},
		sizes:    sizes,
		files:    files,
		cachePos: -1,
	}
	if err := p.printNode(node); err != nil {
		return err
	}
	p.impliedSemi = false
	p.flush(token.Position{Offset: gpInfinity, Line: gpInfinity}, token.EOF)
	p.fixBuildLines()

	var w io.Writer = &gpTrimmer{dst: output}
	var tw *tabwriter.Writer
	if cfg.Mode&RawFormat == 0 {
		minw := cfg.Tabwidth
		pad := byte('\t')
		if cfg.Mode&UseSpaces != 0 {
			pad = ' '
		}
		fl := tabwriter.DiscardEmptyColumns
		if cfg.Mode&TabIndent != 0 {
			minw = 0
			fl |= tabwriter.TabIndent
		}
		tw = tabwriter.NewWriter(w, minw, cfg.Tabwidth, 1, pad, fl)
		w = tw
	}
	if _, err := w.Write(p.buf); err != nil {
		return err
	}
	if tw != nil {
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return p.lineErr
}

// gpFileCache holds the line table of the file last looked up, shared by
// a printer and the printers nodeSize starts: positions are looked up for
// almost every token, and the line table does not change while printing.
type gpFileCache struct {
	file  *token.File
	base  int
	size  int
	name  string
	lines []int
}

// posFor is fset.PositionFor(pos, false).
func (p *gpPrinter) posFor(pos token.Pos) token.Position {
	if !pos.IsValid() {
		return token.Position{}
	}
	if p.fset == nil {
		return p.fset.PositionFor(pos, false) // panics, as Go's printer does
	}
	c := p.files
	if c.file == nil || int(pos) < c.base || int(pos) > c.base+c.size {
		f := p.fset.File(pos)
		if f == nil {
			return token.Position{}
		}
		c.file, c.base, c.size, c.name, c.lines = f, f.Base(), f.Size(), f.Name(), f.Lines()
	}
	off := int(pos) - c.base
	lo, hi := 0, len(c.lines)
	for lo < hi {
		h := (lo + hi) / 2
		if c.lines[h] <= off {
			lo = h + 1
		} else {
			hi = h
		}
	}
	if lo == 0 {
		return token.Position{Filename: c.name, Offset: off}
	}
	return token.Position{Filename: c.name, Offset: off, Line: lo, Column: off - c.lines[lo-1] + 1}
}

func (p *gpPrinter) lineFor(pos token.Pos) int {
	if pos != p.cachePos {
		p.cachePos = pos
		p.cacheLine = p.posFor(pos).Line
	}
	return p.cacheLine
}

func gpDocOf(n any) *ast.CommentGroup {
	switch n := n.(type) {
	case *ast.Field:
		return n.Doc
	case *ast.ImportSpec:
		return n.Doc
	case *ast.ValueSpec:
		return n.Doc
	case *ast.TypeSpec:
		return n.Doc
	case *ast.GenDecl:
		return n.Doc
	case *ast.FuncDecl:
		return n.Doc
	case *ast.File:
		return n.Doc
	}
	return nil
}

func gpLastCommentOf(n any) *ast.CommentGroup {
	switch n := n.(type) {
	case *ast.Field:
		return n.Comment
	case *ast.ImportSpec:
		return n.Comment
	case *ast.ValueSpec:
		return n.Comment
	case *ast.TypeSpec:
		return n.Comment
	case *ast.GenDecl:
		if len(n.Specs) > 0 {
			return gpLastCommentOf(n.Specs[len(n.Specs)-1])
		}
	case *ast.File:
		if len(n.Comments) > 0 {
			return n.Comments[len(n.Comments)-1]
		}
	}
	return nil
}

func (p *gpPrinter) printNode(node any) error {
	orig := node
	var cmts []*ast.CommentGroup
	if cn, ok := node.(*CommentedNode); ok {
		node = cn.Node
		cmts = cn.Comments
	}
	if cmts != nil {
		n, ok := node.(ast.Node)
		if !ok {
			return fmt.Errorf("go/printer: unsupported node type %T", node)
		}
		beg, end := n.Pos(), n.End()
		if d := gpDocOf(n); d != nil {
			beg = d.Pos()
		}
		if c := gpLastCommentOf(n); c != nil && c.End() > end {
			end = c.End()
		}
		i := 0
		for i < len(cmts) && cmts[i].End() < beg {
			i++
		}
		j := i
		for j < len(cmts) && cmts[j].Pos() < end {
			j++
		}
		if i < j {
			p.comments = cmts[i:j]
		}
	} else if f, ok := node.(*ast.File); ok {
		p.comments = f.Comments
	}
	p.nodeCmts = p.comments == nil
	p.nextComment()
	p.setFlags(0)

	switch n := node.(type) {
	case ast.Expr:
		p.expr(n)
	case ast.Stmt:
		if _, ok := n.(*ast.LabeledStmt); ok {
			p.indent = 1
		}
		p.stmt(n, false)
	case ast.Decl:
		p.decl(n)
	case ast.Spec:
		p.spec(n, 1, false)
	case []ast.Stmt:
		for _, s := range n {
			if _, ok := s.(*ast.LabeledStmt); ok {
				p.indent = 1
			}
		}
		p.stmtList(n, 0, false)
	case []ast.Decl:
		p.declList(n)
	case *ast.File:
		p.file(n)
	default:
		_ = orig
		return fmt.Errorf("go/printer: unsupported node type %T", node)
	}
	return p.lineErr
}

// ---- comments bookkeeping

func (p *gpPrinter) groupHasNewline(list []*ast.Comment) bool {
	line := p.lineFor(list[0].Pos())
	for i, c := range list {
		if i > 0 && p.lineFor(c.Pos()) != line {
			return true
		}
		if t := c.Text; len(t) >= 2 && (t[1] == '/' || strings.Contains(t, "\n")) {
			return true
		}
	}
	return false
}

func (p *gpPrinter) nextComment() {
	for p.cidx < len(p.comments) {
		g := p.comments[p.cidx]
		p.cidx++
		if len(g.List) > 0 {
			p.cgroup = g
			p.cOffset = p.posFor(g.List[0].Pos()).Offset
			p.cHasNewline = p.groupHasNewline(g.List)
			return
		}
	}
	p.cOffset = gpInfinity
}

// commentBefore reports whether the next pending comment comes before next.
func (p *gpPrinter) commentBefore(next token.Position) bool {
	return p.cOffset < next.Offset && (!p.impliedSemi || !p.cHasNewline)
}

// commentSizeBefore is the text size of the comments before next; the
// comment state is left as it was.
func (p *gpPrinter) commentSizeBefore(next token.Position) int {
	cidx, cg, coff, cnl := p.cidx, p.cgroup, p.cOffset, p.cHasNewline
	n := 0
	for p.commentBefore(next) {
		for _, c := range p.cgroup.List {
			n += len(c.Text)
		}
		p.nextComment()
	}
	p.cidx, p.cgroup, p.cOffset, p.cHasNewline = cidx, cg, coff, cnl
	return n
}

func (p *gpPrinter) recordLine(ptr *int) { p.linePtr = ptr }

func (p *gpPrinter) linesFrom(line int) int { return p.out.Line - line }

// ---- raw output

func (p *gpPrinter) writeIndent() {
	n := p.cfg.Indent + p.indent
	for i := 0; i < n; i++ {
		p.buf = append(p.buf, '\t')
	}
	p.pos.Offset += n
	p.pos.Column += n
	p.out.Column += n
}

func (p *gpPrinter) writeByte(ch byte, n int) {
	if p.endAlign {
		if ch == '\t' || ch == '\v' {
			ch = ' '
		} else if ch == '\n' || ch == '\f' {
			ch = '\f'
			p.endAlign = false
		}
	}
	if p.out.Column == 1 {
		p.writeIndent()
	}
	for i := 0; i < n; i++ {
		p.buf = append(p.buf, ch)
	}
	p.pos.Offset += n
	if ch == '\n' || ch == '\f' {
		p.pos.Line += n
		p.out.Line += n
		p.pos.Column = 1
		p.out.Column = 1
		return
	}
	p.pos.Column += n
	p.out.Column += n
}

func (p *gpPrinter) writeLineDirective(pos token.Position) {
	if !pos.IsValid() || (p.out.Line == pos.Line && p.out.Filename == pos.Filename) {
		return
	}
	if strings.ContainsAny(pos.Filename, "\r\n") {
		if p.lineErr == nil {
			p.lineErr = fmt.Errorf("go/printer: source filename contains unexpected newline character: %q", pos.Filename)
		}
		return
	}
	p.buf = append(p.buf, tabwriter.Escape)
	p.buf = append(p.buf, fmt.Sprintf("//line %s:%d\n", pos.Filename, pos.Line)...)
	p.buf = append(p.buf, tabwriter.Escape)
	p.out.Filename = pos.Filename
	p.out.Line = pos.Line
}

func (p *gpPrinter) writeString(pos token.Position, s string, isLit bool) {
	if p.out.Column == 1 {
		if p.cfg.Mode&SourcePos != 0 {
			p.writeLineDirective(pos)
		}
		p.writeIndent()
	}
	if pos.IsValid() {
		p.pos = pos
	}
	if isLit {
		p.buf = append(p.buf, tabwriter.Escape)
	}
	p.buf = append(p.buf, s...)
	lines, lastNL := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' || s[i] == '\f' {
			lines++
			lastNL = i
			p.endAlign = true
		}
	}
	p.pos.Offset += len(s)
	if lines > 0 {
		p.pos.Line += lines
		p.out.Line += lines
		p.pos.Column = len(s) - lastNL
		p.out.Column = len(s) - lastNL
	} else {
		p.pos.Column += len(s)
		p.out.Column += len(s)
	}
	if isLit {
		p.buf = append(p.buf, tabwriter.Escape)
	}
	p.last = p.pos
}

// ---- white space

func (p *gpPrinter) writeWhitespace(n int) {
	for i := 0; i < n; i++ {
		ch := p.ws[i]
		switch ch {
		case spNone:
		case spIndent:
			p.indent++
		case spUnindent:
			p.indent--
			if p.indent < 0 {
				p.indent = 0
			}
		case spNewline, spFormfeed:
			// an unindent right after a line break is applied first, so
			// that the next line gets the smaller indentation
			if i+1 < n && p.ws[i+1] == spUnindent {
				p.ws[i] = spUnindent
				p.ws[i+1] = spFormfeed
				i--
				continue
			}
			p.writeByte(byte(ch), 1)
		default:
			p.writeByte(byte(ch), 1)
		}
	}
	rest := copy(p.ws, p.ws[n:])
	p.ws = p.ws[:rest]
}

func gpNlimit(n int) int {
	if n > gpMaxNewlines {
		return gpMaxNewlines
	}
	return n
}

// ---- comments output

func (p *gpPrinter) writeCommentPrefix(pos, next token.Position, prev *ast.Comment, tok token.Token) {
	if len(p.buf) == 0 {
		return
	}
	if pos.IsValid() && pos.Filename != p.last.Filename {
		p.writeByte('\f', gpMaxNewlines)
		return
	}
	if pos.Line == p.last.Line && (prev == nil || prev.Text[1] != '/') {
		// comment on the line of the previous item
		sep := false
		if prev == nil {
			j := 0
			for i, ch := range p.ws {
				if ch == spBlank {
					p.ws[i] = spNone
					continue
				}
				if ch == spVtab {
					sep = true
					continue
				}
				if ch == spIndent {
					continue
				}
				j = i
				break
			}
			p.writeWhitespace(j)
		}
		if !sep {
			if pos.Line == next.Line {
				p.writeByte(' ', 1)
			} else {
				p.writeByte('\t', 1)
			}
		}
		return
	}
	// comment on a line of its own
	dropped := false
	j := 0
	for i, ch := range p.ws {
		if ch == spBlank || ch == spVtab {
			p.ws[i] = spNone
			continue
		}
		if ch == spIndent {
			continue
		}
		if ch == spUnindent {
			if i+1 < len(p.ws) && p.ws[i+1] == spUnindent {
				continue
			}
			if tok != token.RBRACE && pos.Column == next.Column {
				continue
			}
		}
		if ch == spNewline || ch == spFormfeed {
			p.ws[i] = spNone
			dropped = prev == nil
		}
		j = i
		break
	}
	p.writeWhitespace(j)
	n := 0
	if pos.IsValid() && p.last.IsValid() {
		n = pos.Line - p.last.Line
		if n < 0 {
			n = 0
		}
	}
	if p.indent == 0 && dropped {
		n++
	}
	if n == 0 && prev != nil && prev.Text[1] == '/' {
		n = 1
	}
	if n > 0 {
		p.writeByte('\f', gpNlimit(n))
	}
}

func gpBlankLine(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] > ' ' {
			return false
		}
	}
	return true
}

func gpCommonPrefix(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] && (a[i] <= ' ' || a[i] == '*') {
		i++
	}
	return a[:i]
}

func gpTrimRight(s string) string { return strings.TrimRightFunc(s, unicode.IsSpace) }

// gpStripPrefix removes the indentation that the lines of a /*-comment
// share, so that the comment can be re-indented.
func gpStripPrefix(lines []string) {
	if len(lines) <= 1 {
		return
	}
	prefix := ""
	have := false
	for i := 1; i < len(lines)-1; i++ {
		if gpBlankLine(lines[i]) {
			lines[i] = ""
			continue
		}
		if !have {
			prefix = lines[i]
			have = true
		}
		prefix = gpCommonPrefix(prefix, lines[i])
	}
	if !have {
		l := lines[len(lines)-1]
		prefix = gpCommonPrefix(l, l)
	}
	stars := false
	if k := strings.Index(prefix, "*"); k >= 0 {
		prefix = strings.TrimSuffix(prefix[:k], " ")
		stars = true
	} else {
		first := lines[0]
		if gpBlankLine(first[2:]) {
			i := len(prefix)
			for n := 0; n < 3 && i > 0 && prefix[i-1] == ' '; n++ {
				i--
			}
			if i == len(prefix) && i > 0 && prefix[i-1] == '\t' {
				i--
			}
			prefix = prefix[:i]
		} else {
			k := 2
			for k < len(first) && first[k] <= ' ' {
				k++
			}
			var suffix string
			if k > 2 && first[2] == '\t' {
				suffix = first[2:k]
			} else {
				suffix = "  " + first[2:k]
			}
			prefix = strings.TrimSuffix(prefix, suffix)
		}
	}
	lastLine := lines[len(lines)-1]
	closing := "*/"
	before := lastLine
	if k := strings.Index(lastLine, closing); k >= 0 {
		before = lastLine[:k]
	}
	if gpBlankLine(before) {
		if stars {
			closing = " */"
		}
		lines[len(lines)-1] = prefix + closing
	} else {
		prefix = gpCommonPrefix(prefix, lastLine)
	}
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" {
			lines[i] = lines[i][len(prefix):]
		}
	}
}

func (p *gpPrinter) writeComment(c *ast.Comment) {
	text := c.Text
	pos := p.posFor(c.Pos())
	if strings.HasPrefix(text, "//line ") && (!pos.IsValid() || pos.Column == 1) {
		saved := p.indent
		p.indent = 0
		defer func() { p.indent = saved }()
	}
	if text[1] == '/' {
		if _, ok := gpGoBuildExpr(text); ok {
			p.goBuild = append(p.goBuild, len(p.buf))
		} else if _, ok := gpPlusBuildExpr(text); ok {
			p.plusBuild = append(p.plusBuild, len(p.buf))
		}
		p.writeString(pos, gpTrimRight(text), true)
		return
	}
	lines := strings.Split(text, "\n")
	if pos.IsValid() && pos.Column == 1 && p.indent > 0 {
		for i := 1; i < len(lines); i++ {
			lines[i] = "   " + lines[i]
		}
	}
	gpStripPrefix(lines)
	for i, l := range lines {
		if i > 0 {
			p.writeByte('\f', 1)
			pos = p.pos
		}
		if len(l) > 0 {
			p.writeString(pos, gpTrimRight(l), true)
		}
	}
}

func (p *gpPrinter) writeCommentSuffix(needBreak bool) (wroteNL, droppedFF bool) {
	for i, ch := range p.ws {
		switch ch {
		case spBlank, spVtab:
			p.ws[i] = spNone
		case spNewline, spFormfeed:
			if needBreak {
				needBreak = false
				wroteNL = true
			} else {
				if ch == spFormfeed {
					droppedFF = true
				}
				p.ws[i] = spNone
			}
		}
	}
	p.writeWhitespace(len(p.ws))
	if needBreak {
		p.writeByte('\n', 1)
		wroteNL = true
	}
	return
}

func (p *gpPrinter) wsHasBreak() bool {
	for _, ch := range p.ws {
		if ch == spNewline || ch == spFormfeed {
			return true
		}
	}
	return false
}

func (p *gpPrinter) intersperseComments(next token.Position, tok token.Token) (wroteNL, droppedFF bool) {
	var last *ast.Comment
	for p.commentBefore(next) {
		list := p.cgroup.List
		changed := false
		if tok != token.IDENT && p.lastTok != token.IMPORT &&
			p.posFor(p.cgroup.Pos()).Column == 1 && p.posFor(p.cgroup.End()+1) == next {
			list = gpFormatDoc(list)
			changed = true
			if len(p.cgroup.List) > 0 && len(list) == 0 {
				p.writeCommentPrefix(p.posFor(p.cgroup.Pos()), next, last, tok)
				p.pos = next
				p.last = next
				p.nextComment()
				return p.writeCommentSuffix(false)
			}
		}
		for _, c := range list {
			p.writeCommentPrefix(p.posFor(c.Pos()), next, last, tok)
			p.writeComment(c)
			last = c
		}
		if changed && len(p.cgroup.List) > 0 {
			last = p.cgroup.List[len(p.cgroup.List)-1]
			p.pos = p.posFor(last.End())
			p.last = p.pos
		}
		p.nextComment()
	}
	if last == nil {
		return
	}
	needBreak := false
	if p.flags&flNoExtraBlank == 0 && last.Text[1] == '*' && p.lineFor(last.Pos()) == next.Line &&
		tok != token.COMMA &&
		(tok != token.RPAREN || p.prevOpen == token.LPAREN) &&
		(tok != token.RBRACK || p.prevOpen == token.LBRACK) {
		if p.wsHasBreak() && p.flags&flNoExtraLinebreak == 0 && p.level == 0 {
			needBreak = true
		} else {
			p.writeByte(' ', 1)
		}
	}
	if last.Text[1] == '/' || tok == token.EOF || (tok == token.RBRACE && p.flags&flNoExtraLinebreak == 0) {
		needBreak = true
	}
	return p.writeCommentSuffix(needBreak)
}

func (p *gpPrinter) flush(next token.Position, tok token.Token) (wroteNL, droppedFF bool) {
	if p.commentBefore(next) {
		return p.intersperseComments(next, tok)
	}
	p.writeWhitespace(len(p.ws))
	return false, false
}

// ---- the emitters used by the node walk

func (p *gpPrinter) trackOpen() {
	switch p.lastTok {
	case token.ILLEGAL:
	case token.LPAREN, token.LBRACK:
		p.prevOpen = p.lastTok
	default:
		p.prevOpen = token.ILLEGAL
	}
}

// setFlags toggles printing flags.
func (p *gpPrinter) setFlags(f int) {
	p.trackOpen()
	p.flags ^= f
}

// space queues white space.
func (p *gpPrinter) space(list ...gpSpace) {
	for _, x := range list {
		p.trackOpen()
		if x == spNone {
			continue
		}
		p.ws = append(p.ws, x)
		if x == spNewline || x == spFormfeed {
			p.impliedSemi = false
		}
		p.lastTok = token.ILLEGAL
	}
}

func gpCombines(prev token.Token, next byte) bool {
	switch prev {
	case token.INT:
		return next == '.'
	case token.ADD:
		return next == '+'
	case token.SUB:
		return next == '-'
	case token.QUO:
		return next == '*'
	case token.LSS:
		return next == '-' || next == '<'
	case token.AND:
		return next == '&' || next == '^'
	}
	return false
}

// tok prints tokens.
func (p *gpPrinter) tok(list ...token.Token) {
	for _, t := range list {
		p.trackOpen()
		s := t.String()
		if gpCombines(p.lastTok, s[0]) {
			p.ws = append(p.ws[:0], spBlank)
		}
		semi := false
		switch t {
		case token.BREAK, token.CONTINUE, token.FALLTHROUGH, token.RETURN,
			token.INC, token.DEC, token.RPAREN, token.RBRACK, token.RBRACE:
			semi = true
		}
		p.lastTok = t
		p.emit(s, false, semi)
	}
}

func (p *gpPrinter) ident(x *ast.Ident) {
	p.trackOpen()
	p.lastTok = token.IDENT
	p.emit(x.Name, false, true)
}

func (p *gpPrinter) basicLit(x *ast.BasicLit) {
	p.trackOpen()
	p.lastTok = x.Kind
	p.emit(x.Value, true, true)
}

// text prints literal text (a string token).
func (p *gpPrinter) text(s string) {
	p.trackOpen()
	p.lastTok = token.STRING
	p.emit(s, true, true)
}

func (p *gpPrinter) emit(data string, isLit, semi bool) {
	next := p.pos
	wroteNL, droppedFF := p.flush(next, p.lastTok)
	if !p.impliedSemi {
		n := gpNlimit(next.Line - p.pos.Line)
		if wroteNL && n == gpMaxNewlines {
			n = gpMaxNewlines - 1
		}
		if n > 0 {
			ch := byte('\n')
			if droppedFF {
				ch = '\f'
			}
			p.writeByte(ch, n)
			semi = false
		}
	}
	if p.linePtr != nil {
		*p.linePtr = p.out.Line
		p.linePtr = nil
	}
	p.writeString(next, data, isLit)
	p.impliedSemi = semi
}

// ---- the output filter: drops escapes and white space at line ends

type gpTrimmer struct {
	dst   io.Writer
	state int // 0: in space, 1: in escaped text, 2: in text
	space []byte
}

func (t *gpTrimmer) Write(data []byte) (int, error) {
	var out []byte
	m := 0
	for n := 0; n < len(data); n++ {
		b := data[n]
		if b == '\v' {
			b = '\t'
		}
		switch t.state {
		case 0:
			switch b {
			case '\t', ' ':
				t.space = append(t.space, b)
			case '\n', '\f':
				t.space = t.space[:0]
				out = append(out, '\n')
			case tabwriter.Escape:
				out = append(out, t.space...)
				t.space = t.space[:0]
				t.state = 1
				m = n + 1
			default:
				out = append(out, t.space...)
				t.space = t.space[:0]
				t.state = 2
				m = n
			}
		case 1:
			if b == tabwriter.Escape {
				out = append(out, data[m:n]...)
				t.state = 0
				t.space = t.space[:0]
			}
		case 2:
			switch b {
			case '\t', ' ':
				out = append(out, data[m:n]...)
				t.state = 0
				t.space = append(t.space[:0], b)
			case '\n', '\f':
				out = append(out, data[m:n]...)
				t.state = 0
				t.space = t.space[:0]
				out = append(out, '\n')
			case tabwriter.Escape:
				out = append(out, data[m:n]...)
				t.state = 1
				m = n + 1
			}
		}
	}
	if t.state != 0 {
		out = append(out, data[m:]...)
		t.state = 0
		t.space = t.space[:0]
	}
	if len(out) > 0 {
		if _, err := t.dst.Write(out); err != nil {
			return 0, err
		}
	}
	return len(data), nil
}
