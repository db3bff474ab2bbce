package parser

import (
	"fmt"
	"go/ast"
	"go/scanner"
	"go/token"
	"strconv"
	"strings"
)

type parserBailout struct{}

type parser struct {
	file    *token.File
	errors  scanner.ErrorList
	scanner scanner.Scanner

	mode  Mode
	trace bool

	comments    []*ast.CommentGroup
	leadComment *ast.CommentGroup
	lineComment *ast.CommentGroup
	top         bool
	goVersion   string

	pos token.Pos
	tok token.Token
	lit string

	syncPos token.Pos
	syncCnt int

	exprLev int
	inRhs   bool

	imports []*ast.ImportSpec
	nestLev int
}

const parserMaxNestLev int = 1e5

func (p *parser) init(file *token.File, src []byte, mode Mode) {
	p.file = file
	eh := func(pos token.Position, msg string) { p.errors.Add(pos, msg) }
	p.scanner.Init(p.file, src, eh, scanner.ScanComments)
	p.top = true
	p.mode = mode
	p.trace = mode&Trace != 0
	p.next()
}

func (p *parser) end() token.Pos { return p.scanner.End() }

func (p *parser) incNest() {
	p.nestLev++
	if p.nestLev > parserMaxNestLev {
		p.error(p.pos, "exceeded max nesting depth")
		panic(parserBailout{})
	}
}

func (p *parser) decNest() { p.nestLev-- }

func (p *parser) next0() {
	for {
		p.pos, p.tok, p.lit = p.scanner.Scan()
		if p.tok == token.COMMENT {
			if p.top && strings.HasPrefix(p.lit, "//go:build") {
				if v, ok := parserBuildGoVersion(p.lit); ok {
					p.goVersion = v
				}
			}
			if p.mode&ParseComments == 0 {
				continue
			}
		} else {
			p.top = false
		}
		break
	}
}

func (p *parser) lineFor(pos token.Pos) int { return p.file.PositionFor(pos, false).Line }

func (p *parser) consumeComment() (comment *ast.Comment, endline int) {
	endline = p.lineFor(p.pos)
	if p.lit[1] == '*' {
		endline += strings.Count(p.lit, "\n")
	}
	comment = &ast.Comment{Slash: p.pos, Text: p.lit}
	p.next0()
	return
}

func (p *parser) consumeCommentGroup(n int) (comments *ast.CommentGroup, endline int) {
	var list []*ast.Comment
	endline = p.lineFor(p.pos)
	for p.tok == token.COMMENT && p.lineFor(p.pos) <= endline+n {
		var c *ast.Comment
		c, endline = p.consumeComment()
		list = append(list, c)
	}
	comments = &ast.CommentGroup{List: list}
	p.comments = append(p.comments, comments)
	return
}

func (p *parser) next() {
	p.leadComment = nil
	p.lineComment = nil
	prev := p.pos
	p.next0()
	if p.tok == token.COMMENT {
		var comment *ast.CommentGroup
		var endline int
		if p.lineFor(p.pos) == p.lineFor(prev) {
			comment, endline = p.consumeCommentGroup(0)
			if p.lineFor(p.pos) != endline || p.tok == token.SEMICOLON || p.tok == token.EOF {
				p.lineComment = comment
			}
		}
		endline = -1
		for p.tok == token.COMMENT {
			comment, endline = p.consumeCommentGroup(1)
		}
		if endline+1 == p.lineFor(p.pos) {
			p.leadComment = comment
		}
	}
}

func (p *parser) error(pos token.Pos, msg string) {
	epos := p.file.Position(pos)
	if p.mode&AllErrors == 0 {
		n := len(p.errors)
		if n > 0 && p.errors[n-1].Pos.Line == epos.Line {
			return
		}
		if n > 10 {
			panic(parserBailout{})
		}
	}
	p.errors.Add(epos, msg)
}

func (p *parser) errorExpected(pos token.Pos, msg string) {
	msg = "expected " + msg
	if pos == p.pos {
		switch {
		case p.tok == token.SEMICOLON && p.lit == "\n":
			msg += ", found newline"
		case p.tok.IsLiteral():
			msg += ", found " + p.lit
		default:
			msg += ", found '" + p.tok.String() + "'"
		}
	}
	p.error(pos, msg)
}

func (p *parser) expect(tok token.Token) token.Pos {
	pos := p.pos
	if p.tok != tok {
		p.errorExpected(pos, "'"+tok.String()+"'")
	}
	p.next()
	return pos
}

func (p *parser) expect2(tok token.Token) (pos token.Pos) {
	if p.tok == tok {
		pos = p.pos
	} else {
		p.errorExpected(p.pos, "'"+tok.String()+"'")
	}
	p.next()
	return
}

func (p *parser) expectClosing(tok token.Token, context string) token.Pos {
	if p.tok != tok && p.tok == token.SEMICOLON && p.lit == "\n" {
		p.error(p.pos, "missing ',' before newline in "+context)
		p.next()
	}
	return p.expect(tok)
}

func (p *parser) expectSemi() (comment *ast.CommentGroup) {
	if p.tok != token.RPAREN && p.tok != token.RBRACE {
		switch p.tok {
		case token.COMMA:
			p.errorExpected(p.pos, "';'")
			fallthrough
		case token.SEMICOLON:
			if p.lit == ";" {
				p.next()
				comment = p.lineComment
			} else {
				comment = p.lineComment
				p.next()
			}
			return comment
		default:
			p.errorExpected(p.pos, "';'")
			p.advance(parserStmtStart)
		}
	}
	return nil
}

func (p *parser) atComma(context string, follow token.Token) bool {
	if p.tok == token.COMMA {
		return true
	}
	if p.tok != follow {
		msg := "missing ','"
		if p.tok == token.SEMICOLON && p.lit == "\n" {
			msg += " before newline"
		}
		p.error(p.pos, msg+" in "+context)
		return true
	}
	return false
}

func (p *parser) advance(to map[token.Token]bool) {
	for ; p.tok != token.EOF; p.next() {
		if to[p.tok] {
			if p.pos == p.syncPos && p.syncCnt < 10 {
				p.syncCnt++
				return
			}
			if p.pos > p.syncPos {
				p.syncPos = p.pos
				p.syncCnt = 0
				return
			}
		}
	}
}

var parserStmtStart = map[token.Token]bool{
	token.BREAK: true, token.CONST: true, token.CONTINUE: true, token.DEFER: true,
	token.FALLTHROUGH: true, token.FOR: true, token.GO: true, token.GOTO: true,
	token.IF: true, token.RETURN: true, token.SELECT: true, token.SWITCH: true,
	token.TYPE: true, token.VAR: true,
}

var parserDeclStart = map[token.Token]bool{
	token.IMPORT: true, token.CONST: true, token.TYPE: true, token.VAR: true,
}

var parserExprEnd = map[token.Token]bool{
	token.COMMA: true, token.COLON: true, token.SEMICOLON: true,
	token.RPAREN: true, token.RBRACK: true, token.RBRACE: true,
}

// Identifiers and lists

func (p *parser) parseIdent() *ast.Ident {
	pos := p.pos
	name := "_"
	if p.tok == token.IDENT {
		name = p.lit
		p.next()
	} else {
		p.expect(token.IDENT)
	}
	return &ast.Ident{NamePos: pos, Name: name}
}

func (p *parser) parseIdentList() (list []*ast.Ident) {
	list = append(list, p.parseIdent())
	for p.tok == token.COMMA {
		p.next()
		list = append(list, p.parseIdent())
	}
	return
}

func (p *parser) parseExprList() (list []ast.Expr) {
	list = append(list, p.parseExpr())
	for p.tok == token.COMMA {
		p.next()
		list = append(list, p.parseExpr())
	}
	return
}

func (p *parser) parseList(inRhs bool) []ast.Expr {
	old := p.inRhs
	p.inRhs = inRhs
	list := p.parseExprList()
	p.inRhs = old
	return list
}

// Types

func (p *parser) parseType() ast.Expr {
	typ := p.tryIdentOrType()
	if typ == nil {
		pos := p.pos
		p.errorExpected(pos, "type")
		p.advance(parserExprEnd)
		return &ast.BadExpr{From: pos, To: p.pos}
	}
	return typ
}

func (p *parser) parseQualifiedIdent(ident *ast.Ident) ast.Expr {
	typ := p.parseTypeName(ident)
	if p.tok == token.LBRACK {
		typ = p.parseTypeInstance(typ)
	}
	return typ
}

func (p *parser) parseTypeName(ident *ast.Ident) ast.Expr {
	if ident == nil {
		ident = p.parseIdent()
	}
	if p.tok == token.PERIOD {
		p.next()
		sel := p.parseIdent()
		return &ast.SelectorExpr{X: ident, Sel: sel}
	}
	return ident
}

func (p *parser) parseArrayType(lbrack token.Pos, len ast.Expr) *ast.ArrayType {
	if len == nil {
		p.exprLev++
		if p.tok == token.ELLIPSIS {
			len = &ast.Ellipsis{Ellipsis: p.pos}
			p.next()
		} else if p.tok != token.RBRACK {
			len = p.parseRhs()
		}
		p.exprLev--
	}
	if p.tok == token.COMMA {
		p.error(p.pos, "unexpected comma; expecting ]")
		p.next()
	}
	p.expect(token.RBRACK)
	elt := p.parseType()
	return &ast.ArrayType{Lbrack: lbrack, Len: len, Elt: elt}
}

func (p *parser) parseArrayFieldOrTypeInstance(x *ast.Ident) (*ast.Ident, ast.Expr) {
	lbrack := p.expect(token.LBRACK)
	trailingComma := token.NoPos
	var args []ast.Expr
	if p.tok != token.RBRACK {
		p.exprLev++
		args = append(args, p.parseRhs())
		for p.tok == token.COMMA {
			comma := p.pos
			p.next()
			if p.tok == token.RBRACK {
				trailingComma = comma
				break
			}
			args = append(args, p.parseRhs())
		}
		p.exprLev--
	}
	rbrack := p.expect(token.RBRACK)
	if len(args) == 0 {
		elt := p.parseType()
		return x, &ast.ArrayType{Lbrack: lbrack, Elt: elt}
	}
	if len(args) == 1 {
		if elt := p.tryIdentOrType(); elt != nil {
			if trailingComma.IsValid() {
				p.error(trailingComma, "unexpected comma; expecting ]")
			}
			return x, &ast.ArrayType{Lbrack: lbrack, Len: args[0], Elt: elt}
		}
	}
	return nil, parserPackIndexExpr(x, lbrack, args, rbrack)
}

func (p *parser) parseFieldDecl() *ast.Field {
	doc := p.leadComment
	var names []*ast.Ident
	var typ ast.Expr
	switch p.tok {
	case token.IDENT:
		name := p.parseIdent()
		if p.tok == token.PERIOD || p.tok == token.STRING || p.tok == token.SEMICOLON || p.tok == token.RBRACE {
			typ = name
			if p.tok == token.PERIOD {
				typ = p.parseQualifiedIdent(name)
			}
		} else {
			names = []*ast.Ident{name}
			for p.tok == token.COMMA {
				p.next()
				names = append(names, p.parseIdent())
			}
			if len(names) == 1 && p.tok == token.LBRACK {
				name, typ = p.parseArrayFieldOrTypeInstance(name)
				if name == nil {
					names = nil
				}
			} else {
				typ = p.parseType()
			}
		}
	case token.MUL:
		star := p.pos
		p.next()
		if p.tok == token.LPAREN {
			p.error(p.pos, "cannot parenthesize embedded type")
			p.next()
			typ = p.parseQualifiedIdent(nil)
			if p.tok == token.RPAREN {
				p.next()
			}
		} else {
			typ = p.parseQualifiedIdent(nil)
		}
		typ = &ast.StarExpr{Star: star, X: typ}
	case token.LPAREN:
		p.error(p.pos, "cannot parenthesize embedded type")
		p.next()
		if p.tok == token.MUL {
			star := p.pos
			p.next()
			typ = &ast.StarExpr{Star: star, X: p.parseQualifiedIdent(nil)}
		} else {
			typ = p.parseQualifiedIdent(nil)
		}
		if p.tok == token.RPAREN {
			p.next()
		}
	default:
		pos := p.pos
		p.errorExpected(pos, "field name or embedded type")
		p.advance(parserExprEnd)
		typ = &ast.BadExpr{From: pos, To: p.pos}
	}
	var tag *ast.BasicLit
	if p.tok == token.STRING {
		tag = &ast.BasicLit{ValuePos: p.pos, ValueEnd: p.end(), Kind: p.tok, Value: p.lit}
		p.next()
	}
	comment := p.expectSemi()
	return &ast.Field{Doc: doc, Names: names, Type: typ, Tag: tag, Comment: comment}
}

func (p *parser) parseStructType() *ast.StructType {
	pos := p.expect(token.STRUCT)
	lbrace := p.expect(token.LBRACE)
	var list []*ast.Field
	for p.tok == token.IDENT || p.tok == token.MUL || p.tok == token.LPAREN {
		list = append(list, p.parseFieldDecl())
	}
	rbrace := p.expect(token.RBRACE)
	return &ast.StructType{Struct: pos, Fields: &ast.FieldList{Opening: lbrace, List: list, Closing: rbrace}}
}

func (p *parser) parsePointerType() *ast.StarExpr {
	star := p.expect(token.MUL)
	base := p.parseType()
	return &ast.StarExpr{Star: star, X: base}
}

func (p *parser) parseDotsType() *ast.Ellipsis {
	pos := p.expect(token.ELLIPSIS)
	elt := p.parseType()
	return &ast.Ellipsis{Ellipsis: pos, Elt: elt}
}

type parserField struct {
	name *ast.Ident
	typ  ast.Expr
}

func (p *parser) parseParamDecl(name *ast.Ident, typeSetsOK bool) (f parserField) {
	ptok := p.tok
	if name != nil {
		p.tok = token.IDENT
	} else if typeSetsOK && p.tok == token.TILDE {
		return parserField{nil, p.embeddedElem(nil)}
	}
	switch p.tok {
	case token.IDENT:
		if name != nil {
			f.name = name
			p.tok = ptok
		} else {
			f.name = p.parseIdent()
		}
		switch p.tok {
		case token.IDENT, token.MUL, token.ARROW, token.FUNC, token.CHAN, token.MAP, token.STRUCT, token.INTERFACE, token.LPAREN:
			f.typ = p.parseType()
		case token.LBRACK:
			f.name, f.typ = p.parseArrayFieldOrTypeInstance(f.name)
		case token.ELLIPSIS:
			f.typ = p.parseDotsType()
			return
		case token.PERIOD:
			f.typ = p.parseQualifiedIdent(f.name)
			f.name = nil
		case token.TILDE:
			if typeSetsOK {
				f.typ = p.embeddedElem(nil)
				return
			}
		case token.OR:
			if typeSetsOK {
				f.typ = p.embeddedElem(f.name)
				f.name = nil
				return
			}
		}
	case token.MUL, token.ARROW, token.FUNC, token.LBRACK, token.CHAN, token.MAP, token.STRUCT, token.INTERFACE, token.LPAREN:
		f.typ = p.parseType()
	case token.ELLIPSIS:
		f.typ = p.parseDotsType()
		return
	default:
		p.errorExpected(p.pos, "')'")
		p.advance(parserExprEnd)
	}
	if typeSetsOK && p.tok == token.OR && f.typ != nil {
		f.typ = p.embeddedElem(f.typ)
	}
	return
}

func (p *parser) parseParameterList(name0 *ast.Ident, typ0 ast.Expr, closing token.Token, dddok bool) (params []*ast.Field) {
	tparams := closing == token.RBRACK
	pos0 := p.pos
	if name0 != nil {
		pos0 = name0.Pos()
	} else if typ0 != nil {
		pos0 = typ0.Pos()
	}
	var list []parserField
	named, typed := 0, 0
	for name0 != nil || p.tok != closing && p.tok != token.EOF {
		var par parserField
		if typ0 != nil {
			if tparams {
				typ0 = p.embeddedElem(typ0)
			}
			par = parserField{name0, typ0}
		} else {
			par = p.parseParamDecl(name0, tparams)
		}
		name0, typ0 = nil, nil
		if par.name != nil || par.typ != nil {
			list = append(list, par)
			if par.name != nil && par.typ != nil {
				named++
			}
			if par.typ != nil {
				typed++
			}
		}
		if !p.atComma("parameter list", closing) {
			break
		}
		p.next()
	}
	if len(list) == 0 {
		return
	}
	if named == 0 {
		for i := range list {
			if typ := list[i].name; typ != nil {
				list[i].typ = typ
				list[i].name = nil
			}
		}
		if tparams {
			var errPos token.Pos
			var msg string
			if named == typed {
				errPos = p.pos
				msg = "missing type constraint"
			} else {
				errPos = pos0
				msg = "missing type parameter name"
				if len(list) == 1 {
					msg += " or invalid array length"
				}
			}
			p.error(errPos, msg)
		}
	} else if named != len(list) {
		var errPos token.Pos
		var typ ast.Expr
		for i := len(list) - 1; i >= 0; i-- {
			par := &list[i]
			if par.typ != nil {
				typ = par.typ
				if par.name == nil {
					errPos = typ.Pos()
					n := ast.NewIdent("_")
					n.NamePos = errPos
					par.name = n
				}
			} else if typ != nil {
				par.typ = typ
			} else {
				errPos = par.name.Pos()
				par.typ = &ast.BadExpr{From: errPos, To: p.pos}
			}
		}
		if errPos.IsValid() {
			var msg string
			if named == typed {
				errPos = p.pos
				if tparams {
					msg = "missing type constraint"
				} else {
					msg = "missing parameter type"
				}
			} else {
				if tparams {
					msg = "missing type parameter name"
					if len(list) == 1 {
						msg += " or invalid array length"
					}
				} else {
					msg = "missing parameter name"
				}
			}
			p.error(errPos, msg)
		}
	}
	first := true
	for i := range list {
		f := &list[i]
		if t, _ := f.typ.(*ast.Ellipsis); t != nil && (!dddok || i+1 < len(list)) {
			if first {
				first = false
				if dddok {
					p.error(t.Ellipsis, "can only use ... with final parameter")
				} else {
					p.error(t.Ellipsis, "invalid use of ...")
				}
			}
			f.typ = &ast.BadExpr{From: t.Pos(), To: t.End()}
		}
	}
	if named == 0 {
		for _, par := range list {
			params = append(params, &ast.Field{Type: par.typ})
		}
		return
	}
	var names []*ast.Ident
	var typ ast.Expr
	for _, par := range list {
		if par.typ != typ {
			if len(names) > 0 {
				params = append(params, &ast.Field{Names: names, Type: typ})
				names = nil
			}
			typ = par.typ
		}
		names = append(names, par.name)
	}
	if len(names) > 0 {
		params = append(params, &ast.Field{Names: names, Type: typ})
	}
	return
}

func (p *parser) parseTypeParameters() *ast.FieldList {
	lbrack := p.expect(token.LBRACK)
	var list []*ast.Field
	if p.tok != token.RBRACK {
		list = p.parseParameterList(nil, nil, token.RBRACK, false)
	}
	rbrack := p.expect(token.RBRACK)
	if len(list) == 0 {
		p.error(rbrack, "empty type parameter list")
		return nil
	}
	return &ast.FieldList{Opening: lbrack, List: list, Closing: rbrack}
}

func (p *parser) parseParameters(result bool) *ast.FieldList {
	if !result || p.tok == token.LPAREN {
		lparen := p.expect(token.LPAREN)
		var list []*ast.Field
		if p.tok != token.RPAREN {
			list = p.parseParameterList(nil, nil, token.RPAREN, !result)
		}
		rparen := p.expect(token.RPAREN)
		return &ast.FieldList{Opening: lparen, List: list, Closing: rparen}
	}
	if typ := p.tryIdentOrType(); typ != nil {
		return &ast.FieldList{List: []*ast.Field{{Type: typ}}}
	}
	return nil
}

func (p *parser) parseFuncType() *ast.FuncType {
	pos := p.expect(token.FUNC)
	if p.tok == token.LBRACK {
		if tparams := p.parseTypeParameters(); tparams != nil {
			p.error(tparams.Opening, "function type must have no type parameters")
		}
	}
	params := p.parseParameters(false)
	results := p.parseParameters(true)
	return &ast.FuncType{Func: pos, Params: params, Results: results}
}

func (p *parser) parseMethodSpec() *ast.Field {
	doc := p.leadComment
	var idents []*ast.Ident
	var typ ast.Expr
	x := p.parseTypeName(nil)
	if ident, _ := x.(*ast.Ident); ident != nil {
		switch {
		case p.tok == token.LBRACK:
			lbrack := p.pos
			p.next()
			p.exprLev++
			x := p.parseExpr()
			p.exprLev--
			if name0, _ := x.(*ast.Ident); name0 != nil && p.tok != token.COMMA && p.tok != token.RBRACK {
				_ = p.parseParameterList(name0, nil, token.RBRACK, false)
				_ = p.expect(token.RBRACK)
				p.error(lbrack, "interface method must have no type parameters")
				params := p.parseParameters(false)
				results := p.parseParameters(true)
				idents = []*ast.Ident{ident}
				typ = &ast.FuncType{Params: params, Results: results}
			} else {
				list := []ast.Expr{x}
				if p.atComma("type argument list", token.RBRACK) {
					p.exprLev++
					p.next()
					for p.tok != token.RBRACK && p.tok != token.EOF {
						list = append(list, p.parseType())
						if !p.atComma("type argument list", token.RBRACK) {
							break
						}
						p.next()
					}
					p.exprLev--
				}
				rbrack := p.expectClosing(token.RBRACK, "type argument list")
				typ = parserPackIndexExpr(ident, lbrack, list, rbrack)
			}
		case p.tok == token.LPAREN:
			params := p.parseParameters(false)
			results := p.parseParameters(true)
			idents = []*ast.Ident{ident}
			typ = &ast.FuncType{Params: params, Results: results}
		default:
			typ = x
		}
	} else {
		typ = x
		if p.tok == token.LBRACK {
			typ = p.parseTypeInstance(typ)
		}
	}
	return &ast.Field{Doc: doc, Names: idents, Type: typ}
}

func (p *parser) embeddedElem(x ast.Expr) ast.Expr {
	if x == nil {
		x = p.embeddedTerm()
	}
	for p.tok == token.OR {
		t := &ast.BinaryExpr{OpPos: p.pos, Op: token.OR}
		p.next()
		t.X = x
		t.Y = p.embeddedTerm()
		x = t
	}
	return x
}

func (p *parser) embeddedTerm() ast.Expr {
	if p.tok == token.TILDE {
		t := &ast.UnaryExpr{OpPos: p.pos, Op: token.TILDE}
		p.next()
		t.X = p.parseType()
		return t
	}
	t := p.tryIdentOrType()
	if t == nil {
		pos := p.pos
		p.errorExpected(pos, "~ term or type")
		p.advance(parserExprEnd)
		return &ast.BadExpr{From: pos, To: p.pos}
	}
	return t
}

func (p *parser) parseInterfaceType() *ast.InterfaceType {
	pos := p.expect(token.INTERFACE)
	lbrace := p.expect(token.LBRACE)
	var list []*ast.Field
loop:
	for {
		switch {
		case p.tok == token.IDENT:
			f := p.parseMethodSpec()
			if f.Names == nil {
				f.Type = p.embeddedElem(f.Type)
			}
			f.Comment = p.expectSemi()
			list = append(list, f)
		case p.tok == token.TILDE:
			typ := p.embeddedElem(nil)
			comment := p.expectSemi()
			list = append(list, &ast.Field{Type: typ, Comment: comment})
		default:
			t := p.tryIdentOrType()
			if t == nil {
				break loop
			}
			typ := p.embeddedElem(t)
			comment := p.expectSemi()
			list = append(list, &ast.Field{Type: typ, Comment: comment})
		}
	}
	rbrace := p.expect(token.RBRACE)
	return &ast.InterfaceType{Interface: pos, Methods: &ast.FieldList{Opening: lbrace, List: list, Closing: rbrace}}
}

func (p *parser) parseMapType() *ast.MapType {
	pos := p.expect(token.MAP)
	p.expect(token.LBRACK)
	key := p.parseType()
	p.expect(token.RBRACK)
	value := p.parseType()
	return &ast.MapType{Map: pos, Key: key, Value: value}
}

func (p *parser) parseChanType() *ast.ChanType {
	pos := p.pos
	dir := ast.SEND | ast.RECV
	var arrow token.Pos
	if p.tok == token.CHAN {
		p.next()
		if p.tok == token.ARROW {
			arrow = p.pos
			p.next()
			dir = ast.SEND
		}
	} else {
		arrow = p.expect(token.ARROW)
		p.expect(token.CHAN)
		dir = ast.RECV
	}
	value := p.parseType()
	return &ast.ChanType{Begin: pos, Arrow: arrow, Dir: dir, Value: value}
}

func (p *parser) parseTypeInstance(typ ast.Expr) ast.Expr {
	opening := p.expect(token.LBRACK)
	p.exprLev++
	var list []ast.Expr
	for p.tok != token.RBRACK && p.tok != token.EOF {
		list = append(list, p.parseType())
		if !p.atComma("type argument list", token.RBRACK) {
			break
		}
		p.next()
	}
	p.exprLev--
	closing := p.expectClosing(token.RBRACK, "type argument list")
	if len(list) == 0 {
		p.errorExpected(closing, "type argument list")
		return &ast.IndexExpr{X: typ, Lbrack: opening, Index: &ast.BadExpr{From: opening + 1, To: closing}, Rbrack: closing}
	}
	return parserPackIndexExpr(typ, opening, list, closing)
}

func (p *parser) tryIdentOrType() ast.Expr {
	p.incNest()
	x := p.tryIdentOrType0()
	p.decNest()
	return x
}

func (p *parser) tryIdentOrType0() ast.Expr {
	switch p.tok {
	case token.IDENT:
		typ := p.parseTypeName(nil)
		if p.tok == token.LBRACK {
			typ = p.parseTypeInstance(typ)
		}
		return typ
	case token.LBRACK:
		lbrack := p.expect(token.LBRACK)
		return p.parseArrayType(lbrack, nil)
	case token.STRUCT:
		return p.parseStructType()
	case token.MUL:
		return p.parsePointerType()
	case token.FUNC:
		return p.parseFuncType()
	case token.INTERFACE:
		return p.parseInterfaceType()
	case token.MAP:
		return p.parseMapType()
	case token.CHAN, token.ARROW:
		return p.parseChanType()
	case token.LPAREN:
		lparen := p.pos
		p.next()
		typ := p.parseType()
		rparen := p.expect(token.RPAREN)
		return &ast.ParenExpr{Lparen: lparen, X: typ, Rparen: rparen}
	}
	return nil
}

// Blocks

func (p *parser) parseStmtList() (list []ast.Stmt) {
	for p.tok != token.CASE && p.tok != token.DEFAULT && p.tok != token.RBRACE && p.tok != token.EOF {
		list = append(list, p.parseStmt())
	}
	return
}

func (p *parser) parseBody() *ast.BlockStmt {
	lbrace := p.expect(token.LBRACE)
	list := p.parseStmtList()
	rbrace := p.expect2(token.RBRACE)
	return &ast.BlockStmt{Lbrace: lbrace, List: list, Rbrace: rbrace}
}

func (p *parser) parseBlockStmt() *ast.BlockStmt { return p.parseBody() }

// Expressions

func (p *parser) parseFuncTypeOrLit() ast.Expr {
	typ := p.parseFuncType()
	if p.tok != token.LBRACE {
		return typ
	}
	p.exprLev++
	body := p.parseBody()
	p.exprLev--
	return &ast.FuncLit{Type: typ, Body: body}
}

func (p *parser) parseOperand() ast.Expr {
	switch p.tok {
	case token.IDENT:
		return p.parseIdent()
	case token.INT, token.FLOAT, token.IMAG, token.CHAR, token.STRING:
		x := &ast.BasicLit{ValuePos: p.pos, ValueEnd: p.end(), Kind: p.tok, Value: p.lit}
		p.next()
		return x
	case token.LPAREN:
		lparen := p.pos
		p.next()
		p.exprLev++
		x := p.parseRhs()
		p.exprLev--
		rparen := p.expect(token.RPAREN)
		return &ast.ParenExpr{Lparen: lparen, X: x, Rparen: rparen}
	case token.FUNC:
		return p.parseFuncTypeOrLit()
	}
	if typ := p.tryIdentOrType(); typ != nil {
		return typ
	}
	pos := p.pos
	p.errorExpected(pos, "operand")
	p.advance(parserStmtStart)
	return &ast.BadExpr{From: pos, To: p.pos}
}

func (p *parser) parseSelector(x ast.Expr) ast.Expr {
	sel := p.parseIdent()
	return &ast.SelectorExpr{X: x, Sel: sel}
}

func (p *parser) parseTypeAssertion(x ast.Expr) ast.Expr {
	lparen := p.expect(token.LPAREN)
	var typ ast.Expr
	if p.tok == token.TYPE {
		p.next()
	} else {
		typ = p.parseType()
	}
	rparen := p.expect(token.RPAREN)
	return &ast.TypeAssertExpr{X: x, Type: typ, Lparen: lparen, Rparen: rparen}
}

func (p *parser) parseIndexOrSliceOrInstance(x ast.Expr) ast.Expr {
	lbrack := p.expect(token.LBRACK)
	if p.tok == token.RBRACK {
		p.errorExpected(p.pos, "operand")
		rbrack := p.pos
		p.next()
		return &ast.IndexExpr{X: x, Lbrack: lbrack, Index: &ast.BadExpr{From: rbrack, To: rbrack}, Rbrack: rbrack}
	}
	p.exprLev++
	var args []ast.Expr
	var index [3]ast.Expr
	var colons [2]token.Pos
	if p.tok != token.COLON {
		index[0] = p.parseRhs()
	}
	ncolons := 0
	switch p.tok {
	case token.COLON:
		for p.tok == token.COLON && ncolons < len(colons) {
			colons[ncolons] = p.pos
			ncolons++
			p.next()
			if p.tok != token.COLON && p.tok != token.RBRACK && p.tok != token.EOF {
				index[ncolons] = p.parseRhs()
			}
		}
	case token.COMMA:
		args = append(args, index[0])
		for p.tok == token.COMMA {
			p.next()
			if p.tok != token.RBRACK && p.tok != token.EOF {
				args = append(args, p.parseType())
			}
		}
	}
	p.exprLev--
	rbrack := p.expect(token.RBRACK)
	if ncolons > 0 {
		slice3 := false
		if ncolons == 2 {
			slice3 = true
			if index[1] == nil {
				p.error(colons[0], "middle index required in 3-index slice")
				index[1] = &ast.BadExpr{From: colons[0] + 1, To: colons[1]}
			}
			if index[2] == nil {
				p.error(colons[1], "final index required in 3-index slice")
				index[2] = &ast.BadExpr{From: colons[1] + 1, To: rbrack}
			}
		}
		return &ast.SliceExpr{X: x, Lbrack: lbrack, Low: index[0], High: index[1], Max: index[2], Slice3: slice3, Rbrack: rbrack}
	}
	if len(args) == 0 {
		return &ast.IndexExpr{X: x, Lbrack: lbrack, Index: index[0], Rbrack: rbrack}
	}
	return parserPackIndexExpr(x, lbrack, args, rbrack)
}

func (p *parser) parseCallOrConversion(fun ast.Expr) *ast.CallExpr {
	lparen := p.expect(token.LPAREN)
	p.exprLev++
	var list []ast.Expr
	var ellipsis token.Pos
	for p.tok != token.RPAREN && p.tok != token.EOF && !ellipsis.IsValid() {
		list = append(list, p.parseRhs())
		if p.tok == token.ELLIPSIS {
			ellipsis = p.pos
			p.next()
		}
		if !p.atComma("argument list", token.RPAREN) {
			break
		}
		p.next()
	}
	p.exprLev--
	rparen := p.expectClosing(token.RPAREN, "argument list")
	return &ast.CallExpr{Fun: fun, Lparen: lparen, Args: list, Ellipsis: ellipsis, Rparen: rparen}
}

func (p *parser) parseValue() ast.Expr {
	if p.tok == token.LBRACE {
		return p.parseLiteralValue(nil)
	}
	return p.parseExpr()
}

func (p *parser) parseElement() ast.Expr {
	x := p.parseValue()
	if p.tok == token.COLON {
		colon := p.pos
		p.next()
		x = &ast.KeyValueExpr{Key: x, Colon: colon, Value: p.parseValue()}
	}
	return x
}

func (p *parser) parseElementList() (list []ast.Expr) {
	for p.tok != token.RBRACE && p.tok != token.EOF {
		list = append(list, p.parseElement())
		if !p.atComma("composite literal", token.RBRACE) {
			break
		}
		p.next()
	}
	return
}

func (p *parser) parseLiteralValue(typ ast.Expr) ast.Expr {
	p.incNest()
	x := p.parseLiteralValue0(typ)
	p.decNest()
	return x
}

func (p *parser) parseLiteralValue0(typ ast.Expr) ast.Expr {
	lbrace := p.expect(token.LBRACE)
	var elts []ast.Expr
	p.exprLev++
	if p.tok != token.RBRACE {
		elts = p.parseElementList()
	}
	p.exprLev--
	rbrace := p.expectClosing(token.RBRACE, "composite literal")
	return &ast.CompositeLit{Type: typ, Lbrace: lbrace, Elts: elts, Rbrace: rbrace}
}

func (p *parser) parsePrimaryExpr(x ast.Expr) ast.Expr {
	if x == nil {
		x = p.parseOperand()
	}
	n := 0
	for {
		n++
		p.incNest()
		p.nestLev--
		switch p.tok {
		case token.PERIOD:
			p.next()
			switch p.tok {
			case token.IDENT:
				x = p.parseSelector(x)
			case token.LPAREN:
				x = p.parseTypeAssertion(x)
			default:
				pos := p.pos
				p.errorExpected(pos, "selector or type assertion")
				if p.tok != token.RBRACE {
					p.next()
				}
				x = &ast.SelectorExpr{X: x, Sel: &ast.Ident{NamePos: pos, Name: "_"}}
			}
		case token.LBRACK:
			x = p.parseIndexOrSliceOrInstance(x)
		case token.LPAREN:
			x = p.parseCallOrConversion(x)
		case token.LBRACE:
			t := ast.Unparen(x)
			switch t.(type) {
			case *ast.BadExpr, *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr, *ast.IndexListExpr:
				if p.exprLev < 0 {
					return x
				}
			case *ast.ArrayType, *ast.StructType, *ast.MapType:
			default:
				return x
			}
			if t != x {
				p.error(t.Pos(), "cannot parenthesize type in composite literal")
			}
			x = p.parseLiteralValue(x)
		default:
			return x
		}
	}
}

func (p *parser) parseUnaryExpr() ast.Expr {
	p.incNest()
	x := p.parseUnaryExpr0()
	p.decNest()
	return x
}

func (p *parser) parseUnaryExpr0() ast.Expr {
	switch p.tok {
	case token.ADD, token.SUB, token.NOT, token.XOR, token.AND, token.TILDE:
		pos, op := p.pos, p.tok
		p.next()
		x := p.parseUnaryExpr()
		return &ast.UnaryExpr{OpPos: pos, Op: op, X: x}
	case token.ARROW:
		arrow := p.pos
		p.next()
		x := p.parseUnaryExpr()
		if typ, ok := x.(*ast.ChanType); ok {
			dir := ast.SEND
			for ok && dir == ast.SEND {
				if typ.Dir == ast.RECV {
					p.errorExpected(typ.Arrow, "'chan'")
				}
				arrow, typ.Begin, typ.Arrow = typ.Arrow, arrow, arrow
				dir, typ.Dir = typ.Dir, ast.RECV
				typ, ok = typ.Value.(*ast.ChanType)
			}
			if dir == ast.SEND {
				p.errorExpected(arrow, "channel type")
			}
			return x
		}
		return &ast.UnaryExpr{OpPos: arrow, Op: token.ARROW, X: x}
	case token.MUL:
		pos := p.pos
		p.next()
		x := p.parseUnaryExpr()
		return &ast.StarExpr{Star: pos, X: x}
	}
	return p.parsePrimaryExpr(nil)
}

func (p *parser) tokPrec() (token.Token, int) {
	tok := p.tok
	if p.inRhs && tok == token.ASSIGN {
		tok = token.EQL
	}
	return tok, tok.Precedence()
}

func (p *parser) parseBinaryExpr(x ast.Expr, prec1 int) ast.Expr {
	if x == nil {
		x = p.parseUnaryExpr()
	}
	n := 0
	for {
		n++
		p.incNest()
		p.nestLev--
		op, oprec := p.tokPrec()
		if oprec < prec1 {
			return x
		}
		pos := p.expect(op)
		y := p.parseBinaryExpr(nil, oprec+1)
		x = &ast.BinaryExpr{X: x, OpPos: pos, Op: op, Y: y}
	}
}

func (p *parser) parseExpr() ast.Expr { return p.parseBinaryExpr(nil, token.LowestPrec+1) }

func (p *parser) parseRhs() ast.Expr {
	old := p.inRhs
	p.inRhs = true
	x := p.parseExpr()
	p.inRhs = old
	return x
}

// Statements

const (
	parserBasic = iota
	parserLabelOk
	parserRangeOk
)

func (p *parser) parseSimpleStmt(mode int) (ast.Stmt, bool) {
	x := p.parseList(false)
	switch p.tok {
	case token.DEFINE, token.ASSIGN, token.ADD_ASSIGN, token.SUB_ASSIGN, token.MUL_ASSIGN, token.QUO_ASSIGN,
		token.REM_ASSIGN, token.AND_ASSIGN, token.OR_ASSIGN, token.XOR_ASSIGN, token.SHL_ASSIGN, token.SHR_ASSIGN, token.AND_NOT_ASSIGN:
		pos, tok := p.pos, p.tok
		p.next()
		var y []ast.Expr
		isRange := false
		if mode == parserRangeOk && p.tok == token.RANGE && (tok == token.DEFINE || tok == token.ASSIGN) {
			pos := p.pos
			p.next()
			y = []ast.Expr{&ast.UnaryExpr{OpPos: pos, Op: token.RANGE, X: p.parseRhs()}}
			isRange = true
		} else {
			y = p.parseList(true)
		}
		return &ast.AssignStmt{Lhs: x, TokPos: pos, Tok: tok, Rhs: y}, isRange
	}
	if len(x) > 1 {
		p.errorExpected(x[0].Pos(), "1 expression")
	}
	switch p.tok {
	case token.COLON:
		colon := p.pos
		p.next()
		if label, isIdent := x[0].(*ast.Ident); mode == parserLabelOk && isIdent {
			return &ast.LabeledStmt{Label: label, Colon: colon, Stmt: p.parseStmt()}, false
		}
		p.error(colon, "illegal label declaration")
		return &ast.BadStmt{From: x[0].Pos(), To: colon + 1}, false
	case token.ARROW:
		arrow := p.pos
		p.next()
		y := p.parseRhs()
		return &ast.SendStmt{Chan: x[0], Arrow: arrow, Value: y}, false
	case token.INC, token.DEC:
		s := &ast.IncDecStmt{X: x[0], TokPos: p.pos, Tok: p.tok}
		p.next()
		return s, false
	}
	return &ast.ExprStmt{X: x[0]}, false
}

func (p *parser) parseCallExpr(callType string) *ast.CallExpr {
	x := p.parseRhs()
	if t := ast.Unparen(x); t != x {
		p.error(x.Pos(), fmt.Sprintf("expression in %s must not be parenthesized", callType))
		x = t
	}
	if call, isCall := x.(*ast.CallExpr); isCall {
		return call
	}
	if _, isBad := x.(*ast.BadExpr); !isBad {
		p.error(x.End(), fmt.Sprintf("expression in %s must be function call", callType))
	}
	return nil
}

func (p *parser) parseGoStmt() ast.Stmt {
	pos := p.expect(token.GO)
	call := p.parseCallExpr("go")
	p.expectSemi()
	if call == nil {
		return &ast.BadStmt{From: pos, To: pos + 2}
	}
	return &ast.GoStmt{Go: pos, Call: call}
}

func (p *parser) parseDeferStmt() ast.Stmt {
	pos := p.expect(token.DEFER)
	call := p.parseCallExpr("defer")
	p.expectSemi()
	if call == nil {
		return &ast.BadStmt{From: pos, To: pos + 5}
	}
	return &ast.DeferStmt{Defer: pos, Call: call}
}

func (p *parser) parseReturnStmt() *ast.ReturnStmt {
	pos := p.pos
	p.expect(token.RETURN)
	var x []ast.Expr
	if p.tok != token.SEMICOLON && p.tok != token.RBRACE {
		x = p.parseList(true)
	}
	p.expectSemi()
	return &ast.ReturnStmt{Return: pos, Results: x}
}

func (p *parser) parseBranchStmt(tok token.Token) *ast.BranchStmt {
	pos := p.expect(tok)
	var label *ast.Ident
	if tok == token.GOTO || (tok == token.CONTINUE || tok == token.BREAK) && p.tok == token.IDENT {
		label = p.parseIdent()
	}
	p.expectSemi()
	return &ast.BranchStmt{TokPos: pos, Tok: tok, Label: label}
}

func (p *parser) makeExpr(s ast.Stmt, want string) ast.Expr {
	if s == nil {
		return nil
	}
	if es, isExpr := s.(*ast.ExprStmt); isExpr {
		return es.X
	}
	found := "simple statement"
	if _, isAss := s.(*ast.AssignStmt); isAss {
		found = "assignment"
	}
	p.error(s.Pos(), fmt.Sprintf("expected %s, found %s (missing parentheses around composite literal?)", want, found))
	return &ast.BadExpr{From: s.Pos(), To: s.End()}
}

func (p *parser) parseIfHeader() (init ast.Stmt, cond ast.Expr) {
	if p.tok == token.LBRACE {
		p.error(p.pos, "missing condition in if statement")
		cond = &ast.BadExpr{From: p.pos, To: p.pos}
		return
	}
	prevLev := p.exprLev
	p.exprLev = -1
	if p.tok != token.SEMICOLON {
		if p.tok == token.VAR {
			p.next()
			p.error(p.pos, "var declaration not allowed in if initializer")
		}
		init, _ = p.parseSimpleStmt(parserBasic)
	}
	var condStmt ast.Stmt
	var semiPos token.Pos
	var semiLit string
	if p.tok != token.LBRACE {
		if p.tok == token.SEMICOLON {
			semiPos = p.pos
			semiLit = p.lit
			p.next()
		} else {
			p.expect(token.SEMICOLON)
		}
		if p.tok != token.LBRACE {
			condStmt, _ = p.parseSimpleStmt(parserBasic)
		}
	} else {
		condStmt = init
		init = nil
	}
	if condStmt != nil {
		cond = p.makeExpr(condStmt, "boolean expression")
	} else if semiPos.IsValid() {
		if semiLit == "\n" {
			p.error(semiPos, "unexpected newline, expecting { after if clause")
		} else {
			p.error(semiPos, "missing condition in if statement")
		}
	}
	if cond == nil {
		cond = &ast.BadExpr{From: p.pos, To: p.pos}
	}
	p.exprLev = prevLev
	return
}

func (p *parser) parseIfStmt() *ast.IfStmt {
	p.incNest()
	x := p.parseIfStmt0()
	p.decNest()
	return x
}

func (p *parser) parseIfStmt0() *ast.IfStmt {
	pos := p.expect(token.IF)
	init, cond := p.parseIfHeader()
	body := p.parseBlockStmt()
	var elseStmt ast.Stmt
	if p.tok == token.ELSE {
		p.next()
		switch p.tok {
		case token.IF:
			elseStmt = p.parseIfStmt()
		case token.LBRACE:
			elseStmt = p.parseBlockStmt()
			p.expectSemi()
		default:
			p.errorExpected(p.pos, "if statement or block")
			elseStmt = &ast.BadStmt{From: p.pos, To: p.pos}
		}
	} else {
		p.expectSemi()
	}
	return &ast.IfStmt{If: pos, Init: init, Cond: cond, Body: body, Else: elseStmt}
}

func (p *parser) parseCaseClause() *ast.CaseClause {
	pos := p.pos
	var list []ast.Expr
	if p.tok == token.CASE {
		p.next()
		list = p.parseList(true)
	} else {
		p.expect(token.DEFAULT)
	}
	colon := p.expect(token.COLON)
	body := p.parseStmtList()
	return &ast.CaseClause{Case: pos, List: list, Colon: colon, Body: body}
}

func parserIsTypeSwitchAssert(x ast.Expr) bool {
	a, ok := x.(*ast.TypeAssertExpr)
	return ok && a.Type == nil
}

func (p *parser) isTypeSwitchGuard(s ast.Stmt) bool {
	switch t := s.(type) {
	case *ast.ExprStmt:
		return parserIsTypeSwitchAssert(t.X)
	case *ast.AssignStmt:
		if len(t.Lhs) == 1 && len(t.Rhs) == 1 && parserIsTypeSwitchAssert(t.Rhs[0]) {
			switch t.Tok {
			case token.ASSIGN:
				p.error(t.TokPos, "expected ':=', found '='")
				return true
			case token.DEFINE:
				return true
			}
		}
	}
	return false
}

func (p *parser) parseSwitchStmt() ast.Stmt {
	pos := p.expect(token.SWITCH)
	var s1, s2 ast.Stmt
	if p.tok != token.LBRACE {
		prevLev := p.exprLev
		p.exprLev = -1
		if p.tok != token.SEMICOLON {
			s2, _ = p.parseSimpleStmt(parserBasic)
		}
		if p.tok == token.SEMICOLON {
			p.next()
			s1 = s2
			s2 = nil
			if p.tok != token.LBRACE {
				s2, _ = p.parseSimpleStmt(parserBasic)
			}
		}
		p.exprLev = prevLev
	}
	typeSwitch := p.isTypeSwitchGuard(s2)
	lbrace := p.expect(token.LBRACE)
	var list []ast.Stmt
	for p.tok == token.CASE || p.tok == token.DEFAULT {
		list = append(list, p.parseCaseClause())
	}
	rbrace := p.expect(token.RBRACE)
	p.expectSemi()
	body := &ast.BlockStmt{Lbrace: lbrace, List: list, Rbrace: rbrace}
	if typeSwitch {
		return &ast.TypeSwitchStmt{Switch: pos, Init: s1, Assign: s2, Body: body}
	}
	return &ast.SwitchStmt{Switch: pos, Init: s1, Tag: p.makeExpr(s2, "switch expression"), Body: body}
}

func (p *parser) parseCommClause() *ast.CommClause {
	pos := p.pos
	var comm ast.Stmt
	if p.tok == token.CASE {
		p.next()
		lhs := p.parseList(false)
		if p.tok == token.ARROW {
			if len(lhs) > 1 {
				p.errorExpected(lhs[0].Pos(), "1 expression")
			}
			arrow := p.pos
			p.next()
			rhs := p.parseRhs()
			comm = &ast.SendStmt{Chan: lhs[0], Arrow: arrow, Value: rhs}
		} else {
			if tok := p.tok; tok == token.ASSIGN || tok == token.DEFINE {
				if len(lhs) > 2 {
					p.errorExpected(lhs[0].Pos(), "1 or 2 expressions")
					lhs = lhs[0:2]
				}
				pos := p.pos
				p.next()
				rhs := p.parseRhs()
				comm = &ast.AssignStmt{Lhs: lhs, TokPos: pos, Tok: tok, Rhs: []ast.Expr{rhs}}
			} else {
				if len(lhs) > 1 {
					p.errorExpected(lhs[0].Pos(), "1 expression")
				}
				comm = &ast.ExprStmt{X: lhs[0]}
			}
		}
	} else {
		p.expect(token.DEFAULT)
	}
	colon := p.expect(token.COLON)
	body := p.parseStmtList()
	return &ast.CommClause{Case: pos, Comm: comm, Colon: colon, Body: body}
}

func (p *parser) parseSelectStmt() *ast.SelectStmt {
	pos := p.expect(token.SELECT)
	lbrace := p.expect(token.LBRACE)
	var list []ast.Stmt
	for p.tok == token.CASE || p.tok == token.DEFAULT {
		list = append(list, p.parseCommClause())
	}
	rbrace := p.expect(token.RBRACE)
	p.expectSemi()
	body := &ast.BlockStmt{Lbrace: lbrace, List: list, Rbrace: rbrace}
	return &ast.SelectStmt{Select: pos, Body: body}
}

func (p *parser) parseForStmt() ast.Stmt {
	pos := p.expect(token.FOR)
	var s1, s2, s3 ast.Stmt
	var isRange bool
	if p.tok != token.LBRACE {
		prevLev := p.exprLev
		p.exprLev = -1
		if p.tok != token.SEMICOLON {
			if p.tok == token.RANGE {
				pos := p.pos
				p.next()
				y := []ast.Expr{&ast.UnaryExpr{OpPos: pos, Op: token.RANGE, X: p.parseRhs()}}
				s2 = &ast.AssignStmt{Rhs: y}
				isRange = true
			} else {
				s2, isRange = p.parseSimpleStmt(parserRangeOk)
			}
		}
		if !isRange && p.tok == token.SEMICOLON {
			p.next()
			s1 = s2
			s2 = nil
			if p.tok != token.SEMICOLON {
				s2, _ = p.parseSimpleStmt(parserBasic)
			}
			p.expectSemi()
			if p.tok != token.LBRACE {
				s3, _ = p.parseSimpleStmt(parserBasic)
			}
		}
		p.exprLev = prevLev
	}
	body := p.parseBlockStmt()
	p.expectSemi()
	if isRange {
		as := s2.(*ast.AssignStmt)
		var key, value ast.Expr
		switch len(as.Lhs) {
		case 0:
		case 1:
			key = as.Lhs[0]
		case 2:
			key, value = as.Lhs[0], as.Lhs[1]
		default:
			p.errorExpected(as.Lhs[len(as.Lhs)-1].Pos(), "at most 2 expressions")
			return &ast.BadStmt{From: pos, To: body.End()}
		}
		x := as.Rhs[0].(*ast.UnaryExpr).X
		return &ast.RangeStmt{For: pos, Key: key, Value: value, TokPos: as.TokPos, Tok: as.Tok, Range: as.Rhs[0].Pos(), X: x, Body: body}
	}
	return &ast.ForStmt{For: pos, Init: s1, Cond: p.makeExpr(s2, "boolean or range expression"), Post: s3, Body: body}
}

func (p *parser) parseStmt() ast.Stmt {
	p.incNest()
	s := p.parseStmt0()
	p.decNest()
	return s
}

func (p *parser) parseStmt0() (s ast.Stmt) {
	switch p.tok {
	case token.CONST, token.TYPE, token.VAR:
		s = &ast.DeclStmt{Decl: p.parseDecl(parserStmtStart)}
	case token.IDENT, token.INT, token.FLOAT, token.IMAG, token.CHAR, token.STRING, token.FUNC, token.LPAREN,
		token.LBRACK, token.STRUCT, token.MAP, token.CHAN, token.INTERFACE,
		token.ADD, token.SUB, token.MUL, token.AND, token.XOR, token.ARROW, token.NOT:
		s, _ = p.parseSimpleStmt(parserLabelOk)
		if _, isLabeledStmt := s.(*ast.LabeledStmt); !isLabeledStmt {
			p.expectSemi()
		}
	case token.GO:
		s = p.parseGoStmt()
	case token.DEFER:
		s = p.parseDeferStmt()
	case token.RETURN:
		s = p.parseReturnStmt()
	case token.BREAK, token.CONTINUE, token.GOTO, token.FALLTHROUGH:
		s = p.parseBranchStmt(p.tok)
	case token.LBRACE:
		s = p.parseBlockStmt()
		p.expectSemi()
	case token.IF:
		s = p.parseIfStmt()
	case token.SWITCH:
		s = p.parseSwitchStmt()
	case token.SELECT:
		s = p.parseSelectStmt()
	case token.FOR:
		s = p.parseForStmt()
	case token.SEMICOLON:
		s = &ast.EmptyStmt{Semicolon: p.pos, Implicit: p.lit == "\n"}
		p.next()
	case token.RBRACE:
		s = &ast.EmptyStmt{Semicolon: p.pos, Implicit: true}
	default:
		pos := p.pos
		p.errorExpected(pos, "statement")
		p.advance(parserStmtStart)
		s = &ast.BadStmt{From: pos, To: p.pos}
	}
	return
}

// Declarations

type parserSpecFunc func(doc *ast.CommentGroup, keyword token.Token, iota int) ast.Spec

func (p *parser) parseImportSpec(doc *ast.CommentGroup, _ token.Token, _ int) ast.Spec {
	var ident *ast.Ident
	switch p.tok {
	case token.IDENT:
		ident = p.parseIdent()
	case token.PERIOD:
		ident = &ast.Ident{NamePos: p.pos, Name: "."}
		p.next()
	}
	pos := p.pos
	end := p.pos
	var path string
	if p.tok == token.STRING {
		path = p.lit
		end = p.end()
		p.next()
	} else if p.tok.IsLiteral() {
		p.error(pos, "import path must be a string")
		p.next()
	} else {
		p.error(pos, "missing import path")
		p.advance(parserExprEnd)
	}
	comment := p.expectSemi()
	spec := &ast.ImportSpec{
		Doc:     doc,
		Name:    ident,
		Path:    &ast.BasicLit{ValuePos: pos, ValueEnd: end, Kind: token.STRING, Value: path},
		Comment: comment,
	}
	p.imports = append(p.imports, spec)
	return spec
}

func (p *parser) parseValueSpec(doc *ast.CommentGroup, keyword token.Token, iota int) ast.Spec {
	idents := p.parseIdentList()
	var typ ast.Expr
	var values []ast.Expr
	switch keyword {
	case token.CONST:
		if p.tok != token.EOF && p.tok != token.SEMICOLON && p.tok != token.RPAREN {
			typ = p.tryIdentOrType()
			if p.tok == token.ASSIGN {
				p.next()
				values = p.parseList(true)
			}
		}
	case token.VAR:
		if p.tok != token.ASSIGN {
			typ = p.parseType()
		}
		if p.tok == token.ASSIGN {
			p.next()
			values = p.parseList(true)
		}
	}
	comment := p.expectSemi()
	return &ast.ValueSpec{Doc: doc, Names: idents, Type: typ, Values: values, Comment: comment}
}

func (p *parser) parseGenericType(spec *ast.TypeSpec, openPos token.Pos, name0 *ast.Ident, typ0 ast.Expr) {
	list := p.parseParameterList(name0, typ0, token.RBRACK, false)
	closePos := p.expect(token.RBRACK)
	spec.TypeParams = &ast.FieldList{Opening: openPos, List: list, Closing: closePos}
	if p.tok == token.ASSIGN {
		spec.Assign = p.pos
		p.next()
	}
	spec.Type = p.parseType()
}

func (p *parser) parseTypeSpec(doc *ast.CommentGroup, _ token.Token, _ int) ast.Spec {
	name := p.parseIdent()
	spec := &ast.TypeSpec{Doc: doc, Name: name}
	if p.tok == token.LBRACK {
		lbrack := p.pos
		p.next()
		if p.tok == token.IDENT {
			var x ast.Expr = p.parseIdent()
			if p.tok != token.LBRACK {
				p.exprLev++
				lhs := p.parsePrimaryExpr(x)
				x = p.parseBinaryExpr(lhs, token.LowestPrec+1)
				p.exprLev--
			}
			if pname, ptype := parserExtractName(x, p.tok == token.COMMA); pname != nil && (ptype != nil || p.tok != token.RBRACK) {
				p.parseGenericType(spec, lbrack, pname, ptype)
			} else {
				spec.Type = p.parseArrayType(lbrack, x)
			}
		} else {
			spec.Type = p.parseArrayType(lbrack, nil)
		}
	} else {
		if p.tok == token.ASSIGN {
			spec.Assign = p.pos
			p.next()
		}
		spec.Type = p.parseType()
	}
	spec.Comment = p.expectSemi()
	return spec
}

func parserExtractName(x ast.Expr, force bool) (*ast.Ident, ast.Expr) {
	switch x := x.(type) {
	case *ast.Ident:
		return x, nil
	case *ast.BinaryExpr:
		switch x.Op {
		case token.MUL:
			if name, _ := x.X.(*ast.Ident); name != nil && (force || parserIsTypeElem(x.Y)) {
				return name, &ast.StarExpr{Star: x.OpPos, X: x.Y}
			}
		case token.OR:
			if name, lhs := parserExtractName(x.X, force || parserIsTypeElem(x.Y)); name != nil && lhs != nil {
				op := *x
				op.X = lhs
				return name, &op
			}
		}
	case *ast.CallExpr:
		if name, _ := x.Fun.(*ast.Ident); name != nil {
			if len(x.Args) == 1 && x.Ellipsis == token.NoPos && (force || parserIsTypeElem(x.Args[0])) {
				return name, &ast.ParenExpr{Lparen: x.Lparen, X: x.Args[0], Rparen: x.Rparen}
			}
		}
	}
	return nil, x
}

func parserIsTypeElem(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.ArrayType, *ast.StructType, *ast.FuncType, *ast.InterfaceType, *ast.MapType, *ast.ChanType:
		return true
	case *ast.BinaryExpr:
		return parserIsTypeElem(x.X) || parserIsTypeElem(x.Y)
	case *ast.UnaryExpr:
		return x.Op == token.TILDE
	case *ast.ParenExpr:
		return parserIsTypeElem(x.X)
	}
	return false
}

func (p *parser) parseGenDecl(keyword token.Token, f parserSpecFunc) *ast.GenDecl {
	doc := p.leadComment
	pos := p.expect(keyword)
	var lparen, rparen token.Pos
	var list []ast.Spec
	if p.tok == token.LPAREN {
		lparen = p.pos
		p.next()
		for iota := 0; p.tok != token.RPAREN && p.tok != token.EOF; iota++ {
			list = append(list, f(p.leadComment, keyword, iota))
		}
		rparen = p.expect(token.RPAREN)
		p.expectSemi()
	} else {
		list = append(list, f(nil, keyword, 0))
	}
	return &ast.GenDecl{Doc: doc, TokPos: pos, Tok: keyword, Lparen: lparen, Specs: list, Rparen: rparen}
}

func (p *parser) parseFuncDecl() *ast.FuncDecl {
	doc := p.leadComment
	pos := p.expect(token.FUNC)
	var recv *ast.FieldList
	if p.tok == token.LPAREN {
		recv = p.parseParameters(false)
	}
	ident := p.parseIdent()
	var tparams *ast.FieldList
	if p.tok == token.LBRACK {
		tparams = p.parseTypeParameters()
	}
	params := p.parseParameters(false)
	results := p.parseParameters(true)
	var body *ast.BlockStmt
	switch p.tok {
	case token.LBRACE:
		body = p.parseBody()
		p.expectSemi()
	case token.SEMICOLON:
		p.next()
		if p.tok == token.LBRACE {
			p.error(p.pos, "unexpected semicolon or newline before {")
			body = p.parseBody()
			p.expectSemi()
		}
	default:
		p.expectSemi()
	}
	return &ast.FuncDecl{
		Doc:  doc,
		Recv: recv,
		Name: ident,
		Type: &ast.FuncType{Func: pos, TypeParams: tparams, Params: params, Results: results},
		Body: body,
	}
}

func (p *parser) parseDecl(sync map[token.Token]bool) ast.Decl {
	var f parserSpecFunc
	switch p.tok {
	case token.IMPORT:
		f = p.parseImportSpec
	case token.CONST, token.VAR:
		f = p.parseValueSpec
	case token.TYPE:
		f = p.parseTypeSpec
	case token.FUNC:
		return p.parseFuncDecl()
	default:
		pos := p.pos
		p.errorExpected(pos, "declaration")
		p.advance(sync)
		return &ast.BadDecl{From: pos, To: p.pos}
	}
	return p.parseGenDecl(p.tok, f)
}

func (p *parser) parseFile() *ast.File {
	if p.errors.Len() != 0 {
		return nil
	}
	doc := p.leadComment
	pos := p.expect(token.PACKAGE)
	ident := p.parseIdent()
	if ident.Name == "_" && p.mode&DeclarationErrors != 0 {
		p.error(p.pos, "invalid package name _")
	}
	p.expectSemi()
	if p.errors.Len() != 0 {
		return nil
	}
	var decls []ast.Decl
	if p.mode&PackageClauseOnly == 0 {
		for p.tok == token.IMPORT {
			decls = append(decls, p.parseGenDecl(token.IMPORT, p.parseImportSpec))
		}
		if p.mode&ImportsOnly == 0 {
			prev := token.IMPORT
			for p.tok != token.EOF {
				if p.tok == token.IMPORT && prev != token.IMPORT {
					p.error(p.pos, "imports must appear before other declarations")
				}
				prev = p.tok
				decls = append(decls, p.parseDecl(parserDeclStart))
			}
		}
	}
	f := &ast.File{
		Doc:       doc,
		Package:   pos,
		Name:      ident,
		Decls:     decls,
		FileStart: token.Pos(p.file.Base()),
		FileEnd:   token.Pos(p.file.Base() + p.file.Size()),
		Imports:   p.imports,
		Comments:  p.comments,
		GoVersion: p.goVersion,
	}
	var declErr func(token.Pos, string)
	if p.mode&DeclarationErrors != 0 {
		declErr = p.error
	}
	if p.mode&SkipObjectResolution == 0 {
		parserResolveFile(f, p.file, declErr)
	}
	return f
}

func parserPackIndexExpr(x ast.Expr, lbrack token.Pos, exprs []ast.Expr, rbrack token.Pos) ast.Expr {
	switch len(exprs) {
	case 0:
		panic("internal error: packIndexExpr with empty expr slice")
	case 1:
		return &ast.IndexExpr{X: x, Lbrack: lbrack, Index: exprs[0], Rbrack: rbrack}
	}
	return &ast.IndexListExpr{X: x, Lbrack: lbrack, Indices: exprs, Rbrack: rbrack}
}

// //go:build lines: the minimum Go version they imply (go/build/constraint's GoVersion).

type parserBuildExpr struct {
	op   byte // 't' tag, '!' not, '&' and, '|' or
	tag  string
	x, y *parserBuildExpr
}

type parserBuildParser struct {
	s   string
	pos int
	bad bool
}

func (bp *parserBuildParser) skipSpace() {
	for bp.pos < len(bp.s) && (bp.s[bp.pos] == ' ' || bp.s[bp.pos] == '\t') {
		bp.pos++
	}
}

func (bp *parserBuildParser) or() *parserBuildExpr {
	x := bp.and()
	for {
		bp.skipSpace()
		if strings.HasPrefix(bp.s[bp.pos:], "||") {
			bp.pos += 2
			x = &parserBuildExpr{op: '|', x: x, y: bp.and()}
		} else {
			return x
		}
	}
}

func (bp *parserBuildParser) and() *parserBuildExpr {
	x := bp.not()
	for {
		bp.skipSpace()
		if strings.HasPrefix(bp.s[bp.pos:], "&&") {
			bp.pos += 2
			x = &parserBuildExpr{op: '&', x: x, y: bp.not()}
		} else {
			return x
		}
	}
}

func (bp *parserBuildParser) not() *parserBuildExpr {
	bp.skipSpace()
	if bp.pos < len(bp.s) && bp.s[bp.pos] == '!' {
		bp.pos++
		return &parserBuildExpr{op: '!', x: bp.not()}
	}
	if bp.pos < len(bp.s) && bp.s[bp.pos] == '(' {
		bp.pos++
		x := bp.or()
		bp.skipSpace()
		if bp.pos >= len(bp.s) || bp.s[bp.pos] != ')' {
			bp.bad = true
			return x
		}
		bp.pos++
		return x
	}
	start := bp.pos
	for bp.pos < len(bp.s) {
		c := bp.s[bp.pos]
		if c == '_' || c == '.' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			bp.pos++
			continue
		}
		break
	}
	if start == bp.pos {
		bp.bad = true
	}
	return &parserBuildExpr{op: 't', tag: bp.s[start:bp.pos]}
}

func parserMinVersion(z *parserBuildExpr, sign int) int {
	switch z.op {
	case '&', '|':
		a, b := parserMinVersion(z.x, sign), parserMinVersion(z.y, sign)
		if (z.op == '&') == (sign > 0) {
			return max(a, b)
		}
		return min(a, b)
	case '!':
		return parserMinVersion(z.x, -sign)
	}
	if sign < 0 {
		return -1
	}
	if z.tag == "go1" {
		return 0
	}
	_, v, _ := strings.Cut(z.tag, "go1.")
	n, err := strconv.Atoi(v)
	if err != nil {
		return -1
	}
	return n
}

func parserBuildGoVersion(line string) (string, bool) {
	rest := strings.TrimPrefix(line, "//go:build")
	if rest == "" || rest[0] != ' ' && rest[0] != '\t' {
		return "", false
	}
	rest = strings.TrimSpace(rest)
	if rest == "" {
		return "", false
	}
	bp := &parserBuildParser{s: rest}
	x := bp.or()
	bp.skipSpace()
	if bp.bad || bp.pos != len(bp.s) {
		return "", false
	}
	v := parserMinVersion(x, 1)
	if v < 0 {
		return "", true
	}
	if v == 0 {
		return "go1", true
	}
	return "go1." + strconv.Itoa(v), true
}
