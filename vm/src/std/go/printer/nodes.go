package printer

import (
	"go/ast"
	"go/token"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// linebreak queues between min and gpMaxNewlines line breaks, as many as
// the source had before line; a new section breaks the alignment. It
// returns the number of breaks queued.
func (p *gpPrinter) linebreak(line, min int, ws gpSpace, newSection bool) int {
	n := gpNlimit(line - p.pos.Line)
	if n < min {
		n = min
	}
	if n <= 0 {
		return 0
	}
	breaks := 0
	p.space(ws)
	if newSection {
		p.space(spFormfeed)
		n--
		breaks = 2
	}
	breaks += n
	for ; n > 0; n-- {
		p.space(spNewline)
	}
	return breaks
}

// setComment makes g the pending comment (used with node comments).
func (p *gpPrinter) setComment(g *ast.CommentGroup) {
	if g == nil || !p.nodeCmts {
		return
	}
	if p.comments == nil {
		p.comments = make([]*ast.CommentGroup, 1)
	} else if p.cidx < len(p.comments) {
		p.flush(p.posFor(g.List[0].Pos()), token.ILLEGAL)
		p.comments = p.comments[0:1]
	}
	p.comments[0] = g
	p.cidx = 0
	if p.cOffset == gpInfinity {
		p.nextComment()
	}
}

func (p *gpPrinter) setPos(pos token.Pos) {
	if pos.IsValid() {
		p.pos = p.posFor(pos)
	}
}

const (
	lmCommaTerm = 1 // the list may end with a comma
	lmNoIndent  = 2 // no extra indentation for a multi-line list
)

const gpFiltered = "contains filtered or unexported fields"

func (p *gpPrinter) identList(list []*ast.Ident, indent bool) {
	xs := make([]ast.Expr, len(list))
	for i, x := range list {
		xs[i] = x
	}
	mode := 0
	if !indent {
		mode = lmNoIndent
	}
	p.exprList(token.NoPos, xs, 1, mode, token.NoPos, false)
}

func gpLog2(x float64) float64 {
	f, e := math.Frexp(x)
	return float64(e) + 2*(f-1)
}

func gpExp2(x float64) float64 {
	n := math.Floor(x)
	return math.Ldexp(1+x-n, int(n))
}

// exprList prints a list of expressions; prev0 and next0 are the positions
// of the tokens around it (for the line breaks at its ends).
func (p *gpPrinter) exprList(prev0 token.Pos, list []ast.Expr, depth, mode int, next0 token.Pos, incomplete bool) {
	if len(list) == 0 {
		if incomplete {
			prev, next := p.posFor(prev0), p.posFor(next0)
			if prev.IsValid() && prev.Line == next.Line {
				p.text("/* " + gpFiltered + " */")
			} else {
				p.space(spNewline, spIndent)
				p.text("// " + gpFiltered)
				p.space(spUnindent, spNewline)
			}
		}
		return
	}
	prev, next := p.posFor(prev0), p.posFor(next0)
	line := p.lineFor(list[0].Pos())
	endLine := p.lineFor(list[len(list)-1].End())
	if prev.IsValid() && prev.Line == line && line == endLine {
		// all on one line
		for i, x := range list {
			if i > 0 {
				p.setPos(x.Pos())
				p.tok(token.COMMA)
				p.space(spBlank)
			}
			p.expr0(x, depth)
		}
		if incomplete {
			p.tok(token.COMMA)
			p.space(spBlank)
			p.text("/* " + gpFiltered + " */")
		}
		return
	}
	ws := spIndent
	if mode&lmNoIndent != 0 {
		ws = spNone
	}
	lastBreak := -1
	if prev.IsValid() && prev.Line < line && p.linebreak(line, 0, ws, true) > 0 {
		ws = spNone
		lastBreak = 0
	}
	size := 0
	logSum := 0.0
	count := 0
	prevLine := prev.Line
	for i, x := range list {
		line = p.lineFor(x.Pos())
		useFF := true
		prevSize := size
		const huge = 1000000
		size = p.nodeSize(x, huge)
		pair, isPair := x.(*ast.KeyValueExpr)
		if size <= huge && prev.IsValid() && next.IsValid() {
			if isPair {
				size = p.nodeSize(pair.Key, huge)
			}
		} else {
			size = 0
		}
		if prevSize > 0 && size > 0 {
			if count == 0 || (prevSize <= 40 && size <= 40) {
				useFF = false
			} else {
				mean := gpExp2(logSum / float64(count))
				r := float64(size) / mean
				useFF = 2.5*r <= 1 || 2.5 <= r
			}
		}
		needBreak := 0 < prevLine && prevLine < line
		if i > 0 {
			if !needBreak {
				p.setPos(x.Pos())
			}
			p.tok(token.COMMA)
			blank := true
			if needBreak {
				nb := p.linebreak(line, 0, ws, useFF || lastBreak+1 < i)
				if nb > 0 {
					ws = spNone
					lastBreak = i
					blank = false
				}
				if nb > 1 {
					logSum = 0
					count = 0
				}
			}
			if blank {
				p.space(spBlank)
			}
		}
		if len(list) > 1 && isPair && size > 0 && needBreak {
			p.expr(pair.Key)
			p.setPos(pair.Colon)
			p.tok(token.COLON)
			p.space(spVtab)
			p.expr(pair.Value)
		} else {
			p.expr0(x, depth)
		}
		if size > 0 {
			logSum += gpLog2(float64(size))
			count++
		}
		prevLine = line
	}
	if mode&lmCommaTerm != 0 && next.IsValid() && p.pos.Line < next.Line {
		p.tok(token.COMMA)
		if incomplete {
			p.space(spNewline)
			p.text("// " + gpFiltered)
		}
		if ws == spNone && mode&lmNoIndent == 0 {
			p.space(spUnindent)
		}
		p.space(spFormfeed)
		return
	}
	if incomplete {
		p.tok(token.COMMA)
		p.space(spNewline)
		p.text("// " + gpFiltered)
		p.space(spNewline)
	}
	if ws == spNone && mode&lmNoIndent == 0 {
		p.space(spUnindent)
	}
}

const (
	pmFunc = iota
	pmFuncTypeParams
	pmTypeParams
)

func (p *gpPrinter) parameters(fields *ast.FieldList, mode int) {
	open, close := token.LPAREN, token.RPAREN
	if mode != pmFunc {
		open, close = token.LBRACK, token.RBRACK
	}
	p.setPos(fields.Opening)
	p.tok(open)
	if len(fields.List) > 0 {
		prevLine := p.lineFor(fields.Opening)
		ws := spIndent
		for i, par := range fields.List {
			beg := p.lineFor(par.Pos())
			end := p.lineFor(par.End())
			needBreak := 0 < prevLine && prevLine < beg
			if i > 0 {
				if !needBreak {
					p.setPos(par.Pos())
				}
				p.tok(token.COMMA)
			}
			if needBreak && p.linebreak(beg, 0, ws, true) > 0 {
				ws = spNone
			} else if i > 0 {
				p.space(spBlank)
			}
			if len(par.Names) > 0 {
				p.identList(par.Names, ws == spIndent)
				p.space(spBlank)
			}
			p.expr(gpUnparen(par.Type))
			prevLine = end
		}
		if cl := p.lineFor(fields.Closing); 0 < prevLine && prevLine < cl {
			p.tok(token.COMMA)
			p.linebreak(cl, 0, spNone, true)
		} else if mode == pmTypeParams && fields.NumFields() == 1 && gpCombinesWithName(gpUnparen(fields.List[0].Type)) {
			// [P *T,] must keep its comma to stay a type parameter list
			p.tok(token.COMMA)
		}
		if ws == spNone {
			p.space(spUnindent)
		}
	}
	p.setPos(fields.Closing)
	p.tok(close)
}

func gpCombinesWithName(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.StarExpr:
		return !gpIsTypeElem(x.X)
	case *ast.BinaryExpr:
		return gpCombinesWithName(x.X) && !gpIsTypeElem(x.Y)
	case *ast.ParenExpr:
		return !gpIsTypeElem(x.X)
	}
	return false
}

func gpIsTypeElem(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.ArrayType, *ast.StructType, *ast.FuncType, *ast.InterfaceType, *ast.MapType, *ast.ChanType:
		return true
	case *ast.UnaryExpr:
		return x.Op == token.TILDE
	case *ast.BinaryExpr:
		return gpIsTypeElem(x.X) || gpIsTypeElem(x.Y)
	case *ast.ParenExpr:
		return gpIsTypeElem(x.X)
	}
	return false
}

func (p *gpPrinter) signature(sig *ast.FuncType) {
	if sig.TypeParams != nil {
		p.parameters(sig.TypeParams, pmFuncTypeParams)
	}
	if sig.Params != nil {
		p.parameters(sig.Params, pmFunc)
	} else {
		p.tok(token.LPAREN, token.RPAREN)
	}
	res := sig.Results
	n := res.NumFields()
	if n > 0 {
		p.space(spBlank)
		if n == 1 && res.List[0].Names == nil {
			p.expr(gpUnparen(res.List[0].Type))
			return
		}
		p.parameters(res, pmFunc)
	}
}

func gpIdentsSize(list []*ast.Ident, max int) int {
	size := 0
	for i, x := range list {
		if i > 0 {
			size += 2
		}
		size += utf8.RuneCountInString(x.Name)
		if size >= max {
			break
		}
	}
	return size
}

func (p *gpPrinter) oneLineFields(list []*ast.Field) bool {
	if len(list) != 1 {
		return false
	}
	f := list[0]
	if f.Tag != nil || f.Comment != nil {
		return false
	}
	const max = 30
	names := gpIdentsSize(f.Names, max)
	if names > 0 {
		names = 1
	}
	return names+p.nodeSize(f.Type, max) <= max
}

func (p *gpPrinter) setLineComment(text string) {
	p.setComment(&ast.CommentGroup{List: []*ast.Comment{{Slash: token.NoPos, Text: text}}})
}

func (p *gpPrinter) fieldList(fields *ast.FieldList, isStruct, incomplete bool) {
	lbrace, list, rbrace := fields.Opening, fields.List, fields.Closing
	hasComments := incomplete || p.commentBefore(p.posFor(rbrace))
	oneLine := lbrace.IsValid() && rbrace.IsValid() && p.lineFor(lbrace) == p.lineFor(rbrace)
	if !hasComments && oneLine {
		if len(list) == 0 {
			p.setPos(lbrace)
			p.tok(token.LBRACE)
			p.setPos(rbrace)
			p.tok(token.RBRACE)
			return
		}
		if p.oneLineFields(list) {
			p.setPos(lbrace)
			p.tok(token.LBRACE)
			p.space(spBlank)
			f := list[0]
			if isStruct {
				for i, x := range f.Names {
					if i > 0 {
						p.tok(token.COMMA)
						p.space(spBlank)
					}
					p.expr(x)
				}
				if len(f.Names) > 0 {
					p.space(spBlank)
				}
				p.expr(f.Type)
			} else if len(f.Names) > 0 {
				p.expr(f.Names[0])
				p.signature(f.Type.(*ast.FuncType))
			} else {
				p.expr(f.Type)
			}
			p.space(spBlank)
			p.setPos(rbrace)
			p.tok(token.RBRACE)
			return
		}
	}
	p.space(spBlank)
	p.setPos(lbrace)
	p.tok(token.LBRACE)
	p.space(spIndent)
	if hasComments || len(list) > 0 {
		p.space(spFormfeed)
	}
	if isStruct {
		sep := spVtab
		if len(list) == 1 {
			sep = spBlank
		}
		var line int
		for i, f := range list {
			if i > 0 {
				p.linebreak(p.lineFor(f.Pos()), 1, spNone, p.linesFrom(line) > 0)
			}
			extra := 0
			p.setComment(f.Doc)
			p.recordLine(&line)
			if len(f.Names) > 0 {
				p.identList(f.Names, false)
				p.space(sep)
				p.expr(f.Type)
				extra = 1
			} else {
				p.expr(f.Type)
				extra = 2
			}
			if f.Tag != nil {
				if len(f.Names) > 0 && sep == spVtab {
					p.space(sep)
				}
				p.space(sep)
				p.expr(f.Tag)
				extra = 0
			}
			if f.Comment != nil {
				for ; extra > 0; extra-- {
					p.space(sep)
				}
				p.setComment(f.Comment)
			}
		}
		if incomplete {
			if len(list) > 0 {
				p.space(spFormfeed)
			}
			p.flush(p.posFor(rbrace), token.RBRACE)
			p.setLineComment("// " + gpFiltered)
		}
	} else {
		var line int
		for i, f := range list {
			if i > 0 {
				p.linebreak(p.lineFor(f.Pos()), 1, spNone, p.linesFrom(line) > 0)
			}
			p.setComment(f.Doc)
			p.recordLine(&line)
			if len(f.Names) > 0 {
				p.expr(f.Names[0])
				p.signature(f.Type.(*ast.FuncType))
			} else {
				p.expr(f.Type)
			}
			p.setComment(f.Comment)
		}
		if incomplete {
			if len(list) > 0 {
				p.space(spFormfeed)
			}
			p.flush(p.posFor(rbrace), token.RBRACE)
			p.setLineComment("// contains filtered or unexported methods")
		}
	}
	p.space(spUnindent, spFormfeed)
	p.setPos(rbrace)
	p.tok(token.RBRACE)
}

// ---- binary expressions: blanks around an operator depend on the
// precedences of the operators around it

// gpScanBinary looks through the operands printed without parentheses;
// it reports whether precedences 4 and 5 occur and the highest precedence
// whose operators must keep their blanks for the tokens not to merge.
func gpScanBinary(e *ast.BinaryExpr) (has4, has5 bool, problem int) {
	switch e.Op.Precedence() {
	case 4:
		has4 = true
	case 5:
		has5 = true
	}
	if l, ok := e.X.(*ast.BinaryExpr); ok && l.Op.Precedence() >= e.Op.Precedence() {
		a, b, c := gpScanBinary(l)
		has4 = has4 || a
		has5 = has5 || b
		if c > problem {
			problem = c
		}
	}
	switch r := e.Y.(type) {
	case *ast.BinaryExpr:
		if r.Op.Precedence() > e.Op.Precedence() {
			a, b, c := gpScanBinary(r)
			has4 = has4 || a
			has5 = has5 || b
			if c > problem {
				problem = c
			}
		}
	case *ast.StarExpr:
		if e.Op == token.QUO {
			problem = 5
		}
	case *ast.UnaryExpr:
		switch e.Op.String() + r.Op.String() {
		case "/*", "&&", "&^":
			problem = 5
		case "++", "--":
			if problem < 4 {
				problem = 4
			}
		}
	}
	return
}

func gpCutoff(e *ast.BinaryExpr, depth int) int {
	has4, has5, problem := gpScanBinary(e)
	if problem > 0 {
		return problem + 1
	}
	if has4 && has5 {
		if depth == 1 {
			return 5
		}
		return 4
	}
	if depth == 1 {
		return 6
	}
	return 4
}

func gpDiffPrec(x ast.Expr, prec int) int {
	b, ok := x.(*ast.BinaryExpr)
	if !ok || prec != b.Op.Precedence() {
		return 1
	}
	return 0
}

func gpLessDepth(depth int) int {
	if depth > 1 {
		return depth - 1
	}
	return 1
}

func (p *gpPrinter) binaryExpr(x *ast.BinaryExpr, prec1, cutoff, depth int) {
	prec := x.Op.Precedence()
	if prec < prec1 {
		p.tok(token.LPAREN)
		p.expr0(x, gpLessDepth(depth))
		p.tok(token.RPAREN)
		return
	}
	blank := prec < cutoff
	ws := spIndent
	p.expr1(x.X, prec, depth+gpDiffPrec(x.X, prec))
	if blank {
		p.space(spBlank)
	}
	xline := p.pos.Line
	yline := p.lineFor(x.Y.Pos())
	p.setPos(x.OpPos)
	p.tok(x.Op)
	if xline != yline && xline > 0 && yline > 0 {
		if p.linebreak(yline, 1, ws, true) > 0 {
			ws = spNone
			blank = false
		}
	}
	if blank {
		p.space(spBlank)
	}
	p.expr1(x.Y, prec+1, depth+1)
	if ws == spNone {
		p.space(spUnindent)
	}
}

func gpNormalizeNumber(lit *ast.BasicLit) *ast.BasicLit {
	if lit.Kind != token.INT && lit.Kind != token.FLOAT && lit.Kind != token.IMAG {
		return lit
	}
	x := lit.Value
	if len(x) < 2 {
		return lit
	}
	switch x[:2] {
	case "0X":
		x = "0x" + x[2:]
		if i := strings.LastIndexByte(x, 'P'); i >= 0 {
			x = x[:i] + "p" + x[i+1:]
		}
	case "0x":
		i := strings.LastIndexByte(x, 'P')
		if i < 0 {
			return lit
		}
		x = x[:i] + "p" + x[i+1:]
	case "0O":
		x = "0o" + x[2:]
	case "0o", "0b":
		return lit
	case "0B":
		x = "0b" + x[2:]
	default:
		if i := strings.LastIndexByte(x, 'E'); i >= 0 {
			x = x[:i] + "e" + x[i+1:]
			break
		}
		if x[len(x)-1] == 'i' && !strings.ContainsAny(x, ".e") {
			x = strings.TrimLeft(x, "0_")
			if x == "i" {
				x = "0i"
			}
		}
	}
	return &ast.BasicLit{ValuePos: lit.ValuePos, Kind: lit.Kind, Value: x}
}

func (p *gpPrinter) expr1(expr ast.Expr, prec1, depth int) {
	p.setPos(expr.Pos())
	switch x := expr.(type) {
	case *ast.BadExpr:
		p.text("BadExpr")
	case *ast.Ident:
		p.ident(x)
	case *ast.BinaryExpr:
		if depth < 1 {
			depth = 1
		}
		p.binaryExpr(x, prec1, gpCutoff(x, depth), depth)
	case *ast.KeyValueExpr:
		p.expr(x.Key)
		p.setPos(x.Colon)
		p.tok(token.COLON)
		p.space(spBlank)
		p.expr(x.Value)
	case *ast.StarExpr:
		if token.UnaryPrec < prec1 {
			p.tok(token.LPAREN, token.MUL)
			p.expr(x.X)
			p.tok(token.RPAREN)
		} else {
			p.tok(token.MUL)
			p.expr(x.X)
		}
	case *ast.UnaryExpr:
		if token.UnaryPrec < prec1 {
			p.tok(token.LPAREN)
			p.expr(x)
			p.tok(token.RPAREN)
		} else {
			p.tok(x.Op)
			if x.Op == token.RANGE {
				p.space(spBlank)
			}
			p.expr1(x.X, token.UnaryPrec, depth)
		}
	case *ast.BasicLit:
		if p.cfg.Mode&goprinterNormalize != 0 {
			x = gpNormalizeNumber(x)
		}
		p.basicLit(x)
	case *ast.FuncLit:
		p.setPos(x.Type.Pos())
		p.tok(token.FUNC)
		col := p.out.Column - len("func")
		p.signature(x.Type)
		p.funcBody(p.distanceFrom(x.Type.Pos(), col), spBlank, x.Body)
	case *ast.ParenExpr:
		if _, ok := x.X.(*ast.ParenExpr); ok {
			// (( x )) prints as ( x )
			p.expr0(x.X, depth)
		} else {
			p.tok(token.LPAREN)
			p.expr0(x.X, gpLessDepth(depth))
			p.setPos(x.Rparen)
			p.tok(token.RPAREN)
		}
	case *ast.SelectorExpr:
		p.selectorExpr(x, depth, false)
	case *ast.TypeAssertExpr:
		p.expr1(x.X, token.HighestPrec, depth)
		p.tok(token.PERIOD)
		p.setPos(x.Lparen)
		p.tok(token.LPAREN)
		if x.Type != nil {
			p.expr(x.Type)
		} else {
			p.tok(token.TYPE)
		}
		p.setPos(x.Rparen)
		p.tok(token.RPAREN)
	case *ast.IndexExpr:
		p.expr1(x.X, token.HighestPrec, 1)
		p.setPos(x.Lbrack)
		p.tok(token.LBRACK)
		p.expr0(x.Index, depth+1)
		p.setPos(x.Rbrack)
		p.tok(token.RBRACK)
	case *ast.IndexListExpr:
		p.expr1(x.X, token.HighestPrec, 1)
		p.setPos(x.Lbrack)
		p.tok(token.LBRACK)
		p.exprList(x.Lbrack, x.Indices, depth+1, lmCommaTerm, x.Rbrack, false)
		p.setPos(x.Rbrack)
		p.tok(token.RBRACK)
	case *ast.SliceExpr:
		p.expr1(x.X, token.HighestPrec, 1)
		p.setPos(x.Lbrack)
		p.tok(token.LBRACK)
		idx := []ast.Expr{x.Low, x.High}
		if x.Max != nil {
			idx = append(idx, x.Max)
		}
		blanks := false
		if depth <= 1 {
			n := 0
			bin := false
			for _, e := range idx {
				if e != nil {
					n++
					if _, ok := e.(*ast.BinaryExpr); ok {
						bin = true
					}
				}
			}
			blanks = n > 1 && bin
		}
		for i, e := range idx {
			if i > 0 {
				if idx[i-1] != nil && blanks {
					p.space(spBlank)
				}
				p.tok(token.COLON)
				if e != nil && blanks {
					p.space(spBlank)
				}
			}
			if e != nil {
				p.expr0(e, depth+1)
			}
		}
		p.setPos(x.Rbrack)
		p.tok(token.RBRACK)
	case *ast.CallExpr:
		if len(x.Args) > 1 {
			depth++
		}
		paren := false
		switch t := x.Fun.(type) {
		case *ast.FuncType:
			paren = true
		case *ast.ChanType:
			paren = t.Dir == ast.RECV
		}
		if paren {
			p.tok(token.LPAREN)
		}
		indented := false
		if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
			indented = p.selectorExpr(sel, depth, true)
		} else {
			p.expr1(x.Fun, token.HighestPrec, depth)
		}
		if paren {
			p.tok(token.RPAREN)
		}
		p.setPos(x.Lparen)
		p.tok(token.LPAREN)
		if x.Ellipsis.IsValid() {
			p.exprList(x.Lparen, x.Args, depth, 0, x.Ellipsis, false)
			p.setPos(x.Ellipsis)
			p.tok(token.ELLIPSIS)
			if x.Rparen.IsValid() && p.lineFor(x.Ellipsis) < p.lineFor(x.Rparen) {
				p.tok(token.COMMA)
				p.space(spFormfeed)
			}
		} else {
			p.exprList(x.Lparen, x.Args, depth, lmCommaTerm, x.Rparen, false)
		}
		p.setPos(x.Rparen)
		p.tok(token.RPAREN)
		if indented {
			p.space(spUnindent)
		}
	case *ast.CompositeLit:
		if x.Type != nil {
			p.expr1(x.Type, token.HighestPrec, depth)
		}
		p.level++
		p.setPos(x.Lbrace)
		p.tok(token.LBRACE)
		p.exprList(x.Lbrace, x.Elts, 1, lmCommaTerm, x.Rbrace, x.Incomplete)
		fl := flNoExtraLinebreak
		if len(x.Elts) > 0 {
			fl |= flNoExtraBlank
		}
		// the indent/unindent pair makes a comment before the closing
		// brace line up with the elements
		p.space(spIndent, spUnindent)
		p.setFlags(fl)
		p.setPos(x.Rbrace)
		p.tok(token.RBRACE)
		p.setFlags(fl)
		p.level--
	case *ast.Ellipsis:
		p.tok(token.ELLIPSIS)
		if x.Elt != nil {
			p.expr(x.Elt)
		}
	case *ast.ArrayType:
		p.tok(token.LBRACK)
		if x.Len != nil {
			p.expr(x.Len)
		}
		p.tok(token.RBRACK)
		p.expr(x.Elt)
	case *ast.StructType:
		p.tok(token.STRUCT)
		p.fieldList(x.Fields, true, x.Incomplete)
	case *ast.FuncType:
		p.tok(token.FUNC)
		p.signature(x)
	case *ast.InterfaceType:
		p.tok(token.INTERFACE)
		p.fieldList(x.Methods, false, x.Incomplete)
	case *ast.MapType:
		p.tok(token.MAP, token.LBRACK)
		p.expr(x.Key)
		p.tok(token.RBRACK)
		p.expr(x.Value)
	case *ast.ChanType:
		switch x.Dir {
		case ast.SEND | ast.RECV:
			p.tok(token.CHAN)
		case ast.RECV:
			p.tok(token.ARROW, token.CHAN)
		case ast.SEND:
			p.tok(token.CHAN)
			p.setPos(x.Arrow)
			p.tok(token.ARROW)
		}
		p.space(spBlank)
		p.expr(x.Value)
	default:
		panic("go/printer: unexpected expression")
	}
}

// selectorExpr prints x.Sel; a selector on a line after x's is indented.
// For a method call the unindent is left to the caller (after the
// arguments); the result says whether it is pending.
func (p *gpPrinter) selectorExpr(x *ast.SelectorExpr, depth int, isMethod bool) bool {
	p.expr1(x.X, token.HighestPrec, depth)
	p.tok(token.PERIOD)
	if line := p.lineFor(x.Sel.Pos()); p.pos.IsValid() && p.pos.Line < line {
		p.space(spIndent, spNewline)
		p.setPos(x.Sel.Pos())
		p.ident(x.Sel)
		if !isMethod {
			p.space(spUnindent)
		}
		return true
	}
	p.setPos(x.Sel.Pos())
	p.ident(x.Sel)
	return false
}

func (p *gpPrinter) expr0(x ast.Expr, depth int) { p.expr1(x, token.LowestPrec, depth) }

func (p *gpPrinter) expr(x ast.Expr) { p.expr1(x, token.LowestPrec, 1) }

// ---- statements

func (p *gpPrinter) stmtList(list []ast.Stmt, nindent int, nextIsRBrace bool) {
	if nindent > 0 {
		p.space(spIndent)
	}
	var line int
	i := 0
	for _, s := range list {
		if _, empty := s.(*ast.EmptyStmt); empty {
			continue
		}
		if len(p.buf) > 0 {
			p.linebreak(p.lineFor(s.Pos()), 1, spNone, i == 0 || nindent == 0 || p.linesFrom(line) > 0)
		}
		p.recordLine(&line)
		p.stmt(s, nextIsRBrace && i == len(list)-1)
		// a labeled statement puts its statement on the next line
		for t := s; ; {
			l, ok := t.(*ast.LabeledStmt)
			if !ok {
				break
			}
			line++
			t = l.Stmt
		}
		i++
	}
	if nindent > 0 {
		p.space(spUnindent)
	}
}

func (p *gpPrinter) block(b *ast.BlockStmt, nindent int) {
	p.setPos(b.Lbrace)
	p.tok(token.LBRACE)
	p.stmtList(b.List, nindent, true)
	p.linebreak(p.lineFor(b.Rbrace), 1, spNone, true)
	p.setPos(b.Rbrace)
	p.tok(token.RBRACE)
}

func gpIsTypeName(x ast.Expr) bool {
	switch t := x.(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return gpIsTypeName(t.X)
	}
	return false
}

// gpHasTypedLit reports whether x holds, outside parentheses, a composite
// literal whose type is a name (such a literal needs the parentheses in a
// control clause).
func gpHasTypedLit(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found {
			return false
		}
		switch x := m.(type) {
		case *ast.ParenExpr:
			return false
		case *ast.CompositeLit:
			if gpIsTypeName(x.Type) {
				found = true
			}
			return false
		}
		return true
	})
	return found
}

// gpStripParens removes the parentheses around a control clause's
// expression where they are not needed.
func gpStripParens(x ast.Expr) ast.Expr {
	if px, ok := x.(*ast.ParenExpr); ok && !gpHasTypedLit(px.X) {
		return gpStripParens(px.X)
	}
	return x
}

func gpUnparen(x ast.Expr) ast.Expr {
	for {
		px, ok := x.(*ast.ParenExpr)
		if !ok {
			return x
		}
		x = px.X
	}
}

func (p *gpPrinter) controlClause(isFor bool, init ast.Stmt, cond ast.Expr, post ast.Stmt) {
	p.space(spBlank)
	blank := false
	if init == nil && post == nil {
		if cond != nil {
			p.expr(gpStripParens(cond))
			blank = true
		}
	} else {
		if init != nil {
			p.stmt(init, false)
		}
		p.tok(token.SEMICOLON)
		p.space(spBlank)
		if cond != nil {
			p.expr(gpStripParens(cond))
			blank = true
		}
		if isFor {
			p.tok(token.SEMICOLON)
			p.space(spBlank)
			blank = false
			if post != nil {
				p.stmt(post, false)
				blank = true
			}
		}
	}
	if blank {
		p.space(spBlank)
	}
}

func gpIsLitLike(x ast.Expr) bool {
	switch x := gpUnparen(x).(type) {
	case *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		_, ok := gpUnparen(x.X).(*ast.CompositeLit)
		return x.Op == token.AND && ok
	}
	return false
}

// indentList reports whether a multi-line return list is indented.
func (p *gpPrinter) indentList(list []ast.Expr) bool {
	if len(list) < 2 {
		return false
	}
	b := p.lineFor(list[0].Pos())
	e := p.lineFor(list[len(list)-1].End())
	if !(0 < b && b < e) {
		return false
	}
	multi := 0
	line := b
	for _, x := range list {
		xb := p.lineFor(x.Pos())
		xe := p.lineFor(x.End())
		if line < xb {
			return true
		}
		if xb < xe && !gpIsLitLike(x) {
			multi++
		}
		line = xe
	}
	return multi > 1
}

func (p *gpPrinter) stmt(stmt ast.Stmt, nextIsRBrace bool) {
	p.setPos(stmt.Pos())
	switch s := stmt.(type) {
	case *ast.BadStmt:
		p.text("BadStmt")
	case *ast.DeclStmt:
		p.decl(s.Decl)
	case *ast.EmptyStmt:
	case *ast.LabeledStmt:
		p.space(spUnindent)
		p.expr(s.Label)
		p.setPos(s.Colon)
		p.tok(token.COLON)
		p.space(spIndent)
		if e, ok := s.Stmt.(*ast.EmptyStmt); ok {
			if !nextIsRBrace {
				p.space(spNewline)
				p.setPos(e.Pos())
				p.tok(token.SEMICOLON)
				break
			}
		} else {
			p.linebreak(p.lineFor(s.Stmt.Pos()), 1, spNone, true)
		}
		p.stmt(s.Stmt, nextIsRBrace)
	case *ast.ExprStmt:
		p.expr0(s.X, 1)
	case *ast.SendStmt:
		p.expr0(s.Chan, 1)
		p.space(spBlank)
		p.setPos(s.Arrow)
		p.tok(token.ARROW)
		p.space(spBlank)
		p.expr0(s.Value, 1)
	case *ast.IncDecStmt:
		p.expr0(s.X, 2)
		p.setPos(s.TokPos)
		p.tok(s.Tok)
	case *ast.AssignStmt:
		depth := 1
		if len(s.Lhs) > 1 && len(s.Rhs) > 1 {
			depth++
		}
		p.exprList(s.Pos(), s.Lhs, depth, 0, s.TokPos, false)
		p.space(spBlank)
		p.setPos(s.TokPos)
		p.tok(s.Tok)
		p.space(spBlank)
		p.exprList(s.TokPos, s.Rhs, depth, 0, token.NoPos, false)
	case *ast.GoStmt:
		p.tok(token.GO)
		p.space(spBlank)
		p.expr(s.Call)
	case *ast.DeferStmt:
		p.tok(token.DEFER)
		p.space(spBlank)
		p.expr(s.Call)
	case *ast.ReturnStmt:
		p.tok(token.RETURN)
		if s.Results != nil {
			p.space(spBlank)
			if p.indentList(s.Results) {
				p.space(spIndent)
				p.exprList(token.NoPos, s.Results, 1, lmNoIndent, token.NoPos, false)
				p.space(spUnindent)
			} else {
				p.exprList(token.NoPos, s.Results, 1, 0, token.NoPos, false)
			}
		}
	case *ast.BranchStmt:
		p.tok(s.Tok)
		if s.Label != nil {
			p.space(spBlank)
			p.expr(s.Label)
		}
	case *ast.BlockStmt:
		p.block(s, 1)
	case *ast.IfStmt:
		p.tok(token.IF)
		p.controlClause(false, s.Init, s.Cond, nil)
		p.block(s.Body, 1)
		if s.Else != nil {
			p.space(spBlank)
			p.tok(token.ELSE)
			p.space(spBlank)
			switch s.Else.(type) {
			case *ast.BlockStmt, *ast.IfStmt:
				p.stmt(s.Else, nextIsRBrace)
			default:
				p.tok(token.LBRACE)
				p.space(spIndent, spFormfeed)
				p.stmt(s.Else, true)
				p.space(spUnindent, spFormfeed)
				p.tok(token.RBRACE)
			}
		}
	case *ast.CaseClause:
		if s.List != nil {
			p.tok(token.CASE)
			p.space(spBlank)
			p.exprList(s.Pos(), s.List, 1, 0, s.Colon, false)
		} else {
			p.tok(token.DEFAULT)
		}
		p.setPos(s.Colon)
		p.tok(token.COLON)
		p.stmtList(s.Body, 1, nextIsRBrace)
	case *ast.SwitchStmt:
		p.tok(token.SWITCH)
		p.controlClause(false, s.Init, s.Tag, nil)
		p.block(s.Body, 0)
	case *ast.TypeSwitchStmt:
		p.tok(token.SWITCH)
		if s.Init != nil {
			p.space(spBlank)
			p.stmt(s.Init, false)
			p.tok(token.SEMICOLON)
		}
		p.space(spBlank)
		p.stmt(s.Assign, false)
		p.space(spBlank)
		p.block(s.Body, 0)
	case *ast.CommClause:
		if s.Comm != nil {
			p.tok(token.CASE)
			p.space(spBlank)
			p.stmt(s.Comm, false)
		} else {
			p.tok(token.DEFAULT)
		}
		p.setPos(s.Colon)
		p.tok(token.COLON)
		p.stmtList(s.Body, 1, nextIsRBrace)
	case *ast.SelectStmt:
		p.tok(token.SELECT)
		p.space(spBlank)
		b := s.Body
		if len(b.List) == 0 && !p.commentBefore(p.posFor(b.Rbrace)) {
			p.setPos(b.Lbrace)
			p.tok(token.LBRACE)
			p.setPos(b.Rbrace)
			p.tok(token.RBRACE)
		} else {
			p.block(b, 0)
		}
	case *ast.ForStmt:
		p.tok(token.FOR)
		p.controlClause(true, s.Init, s.Cond, s.Post)
		p.block(s.Body, 1)
	case *ast.RangeStmt:
		p.tok(token.FOR)
		p.space(spBlank)
		if s.Key != nil {
			p.expr(s.Key)
			if s.Value != nil {
				p.setPos(s.Value.Pos())
				p.tok(token.COMMA)
				p.space(spBlank)
				p.expr(s.Value)
			}
			p.space(spBlank)
			p.setPos(s.TokPos)
			p.tok(s.Tok)
			p.space(spBlank)
		}
		p.tok(token.RANGE)
		p.space(spBlank)
		p.expr(gpStripParens(s.X))
		p.space(spBlank)
		p.block(s.Body, 1)
	default:
		panic("go/printer: unexpected statement")
	}
}

// ---- declarations

// gpKeepTypes tells, per spec of a const/var block, whether the type
// column stays (a run of specs with values keeps it when one of them has
// a type).
func gpKeepTypes(specs []ast.Spec) []bool {
	keep := make([]bool, len(specs))
	start := -1
	typed := false
	mark := func(from, to int) {
		if typed {
			for k := from; k < to; k++ {
				keep[k] = true
			}
		}
	}
	for i, s := range specs {
		v := s.(*ast.ValueSpec)
		if v.Values != nil {
			if start < 0 {
				start = i
				typed = false
			}
		} else if start >= 0 {
			mark(start, i)
			start = -1
		}
		if v.Type != nil {
			typed = true
		}
	}
	if start >= 0 {
		mark(start, len(specs))
	}
	return keep
}

func (p *gpPrinter) valueSpec(s *ast.ValueSpec, keepType bool) {
	p.setComment(s.Doc)
	p.identList(s.Names, false)
	extra := 3
	if s.Type != nil || keepType {
		p.space(spVtab)
		extra--
	}
	if s.Type != nil {
		p.expr(s.Type)
	}
	if s.Values != nil {
		p.space(spVtab)
		p.tok(token.ASSIGN)
		p.space(spBlank)
		p.exprList(token.NoPos, s.Values, 1, 0, token.NoPos, false)
		extra--
	}
	if s.Comment != nil {
		for ; extra > 0; extra-- {
			p.space(spVtab)
		}
		p.setComment(s.Comment)
	}
}

// gpCleanImportPath requotes an import path in the canonical way when it
// is a valid path.
func gpCleanImportPath(lit *ast.BasicLit) *ast.BasicLit {
	if lit.Kind != token.STRING {
		return lit
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil || s == "" {
		return lit
	}
	const bad = "!\"#$%&'()*,:;<=>?[\\]^{|}`\uFFFD"
	for _, r := range s {
		if !unicode.IsGraphic(r) || unicode.IsSpace(r) || strings.ContainsRune(bad, r) {
			return lit
		}
	}
	q := strconv.Quote(s)
	if q == lit.Value {
		return lit
	}
	return &ast.BasicLit{ValuePos: lit.ValuePos, Kind: token.STRING, Value: q}
}

func (p *gpPrinter) spec(spec ast.Spec, n int, doIndent bool) {
	switch s := spec.(type) {
	case *ast.ImportSpec:
		p.setComment(s.Doc)
		if s.Name != nil {
			p.expr(s.Name)
			p.space(spBlank)
		}
		p.expr(gpCleanImportPath(s.Path))
		p.setComment(s.Comment)
		p.setPos(s.EndPos)
	case *ast.ValueSpec:
		p.setComment(s.Doc)
		p.identList(s.Names, doIndent)
		if s.Type != nil {
			p.space(spBlank)
			p.expr(s.Type)
		}
		if s.Values != nil {
			p.space(spBlank)
			p.tok(token.ASSIGN)
			p.space(spBlank)
			p.exprList(token.NoPos, s.Values, 1, 0, token.NoPos, false)
		}
		p.setComment(s.Comment)
	case *ast.TypeSpec:
		p.setComment(s.Doc)
		p.expr(s.Name)
		if s.TypeParams != nil {
			p.parameters(s.TypeParams, pmTypeParams)
		}
		if n == 1 {
			p.space(spBlank)
		} else {
			p.space(spVtab)
		}
		if s.Assign.IsValid() {
			p.tok(token.ASSIGN)
			p.space(spBlank)
		}
		p.expr(s.Type)
		p.setComment(s.Comment)
	default:
		panic("go/printer: unexpected spec")
	}
}

func (p *gpPrinter) genDecl(d *ast.GenDecl) {
	p.setComment(d.Doc)
	p.setPos(d.Pos())
	p.tok(d.Tok)
	p.space(spBlank)
	if !d.Lparen.IsValid() && len(d.Specs) == 1 {
		p.spec(d.Specs[0], 1, true)
		return
	}
	p.setPos(d.Lparen)
	p.tok(token.LPAREN)
	if n := len(d.Specs); n > 0 {
		p.space(spIndent, spFormfeed)
		var keep []bool
		if n > 1 && (d.Tok == token.CONST || d.Tok == token.VAR) {
			keep = gpKeepTypes(d.Specs)
		}
		var line int
		for i, s := range d.Specs {
			if i > 0 {
				p.linebreak(p.lineFor(s.Pos()), 1, spNone, p.linesFrom(line) > 0)
			}
			p.recordLine(&line)
			if keep != nil {
				p.valueSpec(s.(*ast.ValueSpec), keep[i])
			} else {
				p.spec(s, n, false)
			}
		}
		p.space(spUnindent, spFormfeed)
	}
	p.setPos(d.Rparen)
	p.tok(token.RPAREN)
}

// gpCounter counts the bytes written and notes line breaks.
type gpCounter struct {
	newline bool
	size    int
}

func (c *gpCounter) Write(b []byte) (int, error) {
	if !c.newline {
		for _, ch := range b {
			if ch == '\n' || ch == '\f' {
				c.newline = true
				break
			}
		}
	}
	c.size += len(b)
	return len(b), nil
}

// nodeSize is the size of n printed on one line, or max+1 when it does not
// fit in max bytes or needs more than one line.
func (p *gpPrinter) nodeSize(n ast.Node, max int) int {
	if size, ok := p.sizes[n]; ok {
		return size
	}
	size := max + 1
	p.sizes[n] = size
	cfg := Config{Mode: RawFormat}
	var c gpCounter
	if err := cfg.run(&c, p.fset, n, p.sizes, p.files); err != nil {
		return size
	}
	if c.size <= max && !c.newline {
		size = c.size
		p.sizes[n] = size
	}
	return size
}

func (p *gpPrinter) numLines(n ast.Node) int {
	if from := n.Pos(); from.IsValid() {
		if to := n.End(); to.IsValid() {
			return p.lineFor(to) - p.lineFor(from) + 1
		}
	}
	return gpInfinity
}

func (p *gpPrinter) bodySize(b *ast.BlockStmt, max int) int {
	from, to := b.Pos(), b.Rbrace
	if from.IsValid() && to.IsValid() && p.lineFor(from) != p.lineFor(to) {
		return max + 1
	}
	if len(b.List) > 5 {
		return max + 1
	}
	size := p.commentSizeBefore(p.posFor(to))
	for i, s := range b.List {
		if size > max {
			break
		}
		if i > 0 {
			size += 2
		}
		size += p.nodeSize(s, max)
	}
	return size
}

// funcBody prints a function body, on the header's line when it is small
// and was written on one line.
func (p *gpPrinter) funcBody(headerSize int, sep gpSpace, b *ast.BlockStmt) {
	if b == nil {
		return
	}
	saved := p.level
	p.level = 0
	defer func() { p.level = saved }()
	const max = 100
	if headerSize+p.bodySize(b, max) <= max {
		p.space(sep)
		p.setPos(b.Lbrace)
		p.tok(token.LBRACE)
		if len(b.List) > 0 {
			p.space(spBlank)
			for i, s := range b.List {
				if i > 0 {
					p.tok(token.SEMICOLON)
					p.space(spBlank)
				}
				p.stmt(s, i == len(b.List)-1)
			}
			p.space(spBlank)
		}
		p.setFlags(flNoExtraLinebreak)
		p.setPos(b.Rbrace)
		p.tok(token.RBRACE)
		p.setFlags(flNoExtraLinebreak)
		return
	}
	if sep != spNone {
		p.space(spBlank)
	}
	p.block(b, 1)
}

func (p *gpPrinter) distanceFrom(start token.Pos, startCol int) int {
	if start.IsValid() && p.pos.IsValid() && p.posFor(start).Line == p.pos.Line {
		return p.out.Column - startCol
	}
	return gpInfinity
}

func (p *gpPrinter) funcDecl(d *ast.FuncDecl) {
	p.setComment(d.Doc)
	p.setPos(d.Pos())
	p.tok(token.FUNC)
	p.space(spBlank)
	col := p.out.Column - len("func ")
	if d.Recv != nil {
		p.parameters(d.Recv, pmFunc)
		p.space(spBlank)
	}
	p.expr(d.Name)
	p.signature(d.Type)
	p.funcBody(p.distanceFrom(d.Pos(), col), spVtab, d.Body)
}

func (p *gpPrinter) decl(decl ast.Decl) {
	switch d := decl.(type) {
	case *ast.BadDecl:
		p.setPos(d.Pos())
		p.text("BadDecl")
	case *ast.GenDecl:
		p.genDecl(d)
	case *ast.FuncDecl:
		p.funcDecl(d)
	default:
		panic("go/printer: unexpected declaration")
	}
}

func gpDeclTok(d ast.Decl) token.Token {
	switch d := d.(type) {
	case *ast.GenDecl:
		return d.Tok
	case *ast.FuncDecl:
		return token.FUNC
	}
	return token.ILLEGAL
}

func (p *gpPrinter) declList(list []ast.Decl) {
	tok := token.ILLEGAL
	for _, d := range list {
		prev := tok
		tok = gpDeclTok(d)
		if len(p.buf) > 0 {
			min := 1
			if prev != tok || gpDocOf(d) != nil {
				min = 2
			}
			p.linebreak(p.lineFor(d.Pos()), min, spNone, tok == token.FUNC && p.numLines(d) > 1)
		}
		p.decl(d)
	}
}

func (p *gpPrinter) file(f *ast.File) {
	p.setComment(f.Doc)
	p.setPos(f.Pos())
	p.tok(token.PACKAGE)
	p.space(spBlank)
	p.expr(f.Name)
	p.declList(f.Decls)
	p.space(spNewline)
}
