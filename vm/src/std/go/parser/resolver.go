package parser

import (
	"fmt"
	"go/ast"
	"go/token"
)

// Identifier resolution (the deprecated ast.Object links): every
// identifier is linked to the object of its declaration where the
// declaration is visible in the file.

const parserMaxScopeDepth int = 1e3

type parserResolver struct {
	handle      *token.File
	declErr     func(token.Pos, string)
	pkgScope    *ast.Scope
	topScope    *ast.Scope
	unresolved  []*ast.Ident
	depth       int
	labelScope  *ast.Scope
	targetStack [][]*ast.Ident
}

var parserUnresolved = new(ast.Object)

func parserResolveFile(file *ast.File, handle *token.File, declErr func(token.Pos, string)) {
	pkgScope := ast.NewScope(nil)
	r := &parserResolver{handle: handle, declErr: declErr, topScope: pkgScope, pkgScope: pkgScope, depth: 1}
	for _, decl := range file.Decls {
		ast.Walk(r, decl)
	}
	r.closeScope()
	i := 0
	for _, ident := range r.unresolved {
		ident.Obj = r.pkgScope.Lookup(ident.Name)
		if ident.Obj == nil {
			r.unresolved[i] = ident
			i++
		}
	}
	file.Scope = r.pkgScope
	file.Unresolved = r.unresolved[0:i]
}

func (r *parserResolver) openScope(pos token.Pos) {
	r.depth++
	if r.depth > parserMaxScopeDepth {
		panic(parserBailout{})
	}
	r.topScope = ast.NewScope(r.topScope)
}

func (r *parserResolver) closeScope() {
	r.depth--
	r.topScope = r.topScope.Outer
}

func (r *parserResolver) openLabelScope() {
	r.labelScope = ast.NewScope(r.labelScope)
	r.targetStack = append(r.targetStack, nil)
}

func (r *parserResolver) closeLabelScope() {
	n := len(r.targetStack) - 1
	scope := r.labelScope
	for _, ident := range r.targetStack[n] {
		ident.Obj = scope.Lookup(ident.Name)
		if ident.Obj == nil && r.declErr != nil {
			r.declErr(ident.Pos(), fmt.Sprintf("label %s undefined", ident.Name))
		}
	}
	r.targetStack = r.targetStack[0:n]
	r.labelScope = r.labelScope.Outer
}

func (r *parserResolver) declare(decl, data any, scope *ast.Scope, kind ast.ObjKind, idents ...*ast.Ident) {
	for _, ident := range idents {
		if ident.Obj != nil {
			panic(fmt.Sprintf("%v: identifier %s already declared or resolved", ident.Pos(), ident.Name))
		}
		obj := ast.NewObj(kind, ident.Name)
		obj.Decl = decl
		obj.Data = data
		if _, ok := decl.(*ast.Ident); !ok {
			ident.Obj = obj
		}
		if ident.Name != "_" {
			if alt := scope.Insert(obj); alt != nil && r.declErr != nil {
				prev := ""
				if pos := alt.Pos(); pos.IsValid() {
					prev = fmt.Sprintf("\n\tprevious declaration at %v", r.handle.Position(pos))
				}
				r.declErr(ident.Pos(), fmt.Sprintf("%s redeclared in this block%s", ident.Name, prev))
			}
		}
	}
}

func (r *parserResolver) shortVarDecl(decl *ast.AssignStmt) {
	n := 0
	for _, x := range decl.Lhs {
		if ident, isIdent := x.(*ast.Ident); isIdent {
			obj := ast.NewObj(ast.Var, ident.Name)
			obj.Decl = decl
			ident.Obj = obj
			if ident.Name != "_" {
				if alt := r.topScope.Insert(obj); alt != nil {
					ident.Obj = alt
				} else {
					n++
				}
			}
		}
	}
	if n == 0 && r.declErr != nil {
		r.declErr(decl.Lhs[0].Pos(), "no new variables on left side of :=")
	}
}

func (r *parserResolver) resolve(ident *ast.Ident, collectUnresolved bool) {
	if ident.Obj != nil {
		panic(fmt.Sprintf("%v: identifier %s already declared or resolved", r.handle.Position(ident.Pos()), ident.Name))
	}
	if ident.Name == "_" {
		return
	}
	for s := r.topScope; s != nil; s = s.Outer {
		if obj := s.Lookup(ident.Name); obj != nil {
			if _, ok := obj.Decl.(*ast.Ident); !ok {
				ident.Obj = obj
			}
			return
		}
	}
	if collectUnresolved {
		ident.Obj = parserUnresolved
		r.unresolved = append(r.unresolved, ident)
	}
}

func (r *parserResolver) walkExprs(list []ast.Expr) {
	for _, node := range list {
		ast.Walk(r, node)
	}
}

func (r *parserResolver) walkLHS(list []ast.Expr) {
	for _, expr := range list {
		expr := ast.Unparen(expr)
		if _, ok := expr.(*ast.Ident); !ok && expr != nil {
			ast.Walk(r, expr)
		}
	}
}

func (r *parserResolver) walkStmts(list []ast.Stmt) {
	for _, stmt := range list {
		ast.Walk(r, stmt)
	}
}

func (r *parserResolver) Visit(node ast.Node) ast.Visitor {
	depth := r.depth
	switch n := node.(type) {
	case *ast.Ident:
		r.resolve(n, true)
	case *ast.FuncLit:
		r.openScope(n.Pos())
		r.walkFuncType(n.Type)
		r.walkBody(n.Body)
	case *ast.SelectorExpr:
		ast.Walk(r, n.X)
	case *ast.StructType:
		r.openScope(n.Pos())
		r.walkFieldList(n.Fields, ast.Var)
	case *ast.FuncType:
		r.openScope(n.Pos())
		r.walkFuncType(n)
	case *ast.CompositeLit:
		if n.Type != nil {
			ast.Walk(r, n.Type)
		}
		for _, e := range n.Elts {
			if kv, _ := e.(*ast.KeyValueExpr); kv != nil {
				if ident, _ := kv.Key.(*ast.Ident); ident != nil {
					r.resolve(ident, false)
				} else {
					ast.Walk(r, kv.Key)
				}
				ast.Walk(r, kv.Value)
			} else {
				ast.Walk(r, e)
			}
		}
	case *ast.InterfaceType:
		r.openScope(n.Pos())
		r.walkFieldList(n.Methods, ast.Fun)
	case *ast.LabeledStmt:
		r.declare(n, nil, r.labelScope, ast.Lbl, n.Label)
		ast.Walk(r, n.Stmt)
	case *ast.AssignStmt:
		r.walkExprs(n.Rhs)
		if n.Tok == token.DEFINE {
			r.shortVarDecl(n)
		} else {
			r.walkExprs(n.Lhs)
		}
	case *ast.BranchStmt:
		if n.Tok != token.FALLTHROUGH && n.Label != nil {
			d := len(r.targetStack) - 1
			r.targetStack[d] = append(r.targetStack[d], n.Label)
		}
	case *ast.BlockStmt:
		r.openScope(n.Pos())
		r.walkStmts(n.List)
	case *ast.IfStmt:
		r.openScope(n.Pos())
		if n.Init != nil {
			ast.Walk(r, n.Init)
		}
		ast.Walk(r, n.Cond)
		ast.Walk(r, n.Body)
		if n.Else != nil {
			ast.Walk(r, n.Else)
		}
	case *ast.CaseClause:
		r.walkExprs(n.List)
		r.openScope(n.Pos())
		r.walkStmts(n.Body)
	case *ast.SwitchStmt:
		r.openScope(n.Pos())
		if n.Init != nil {
			ast.Walk(r, n.Init)
		}
		if n.Tag != nil {
			if n.Init != nil {
				r.openScope(n.Tag.Pos())
			}
			ast.Walk(r, n.Tag)
		}
		if n.Body != nil {
			r.walkStmts(n.Body.List)
		}
	case *ast.TypeSwitchStmt:
		if n.Init != nil {
			r.openScope(n.Pos())
			ast.Walk(r, n.Init)
		}
		r.openScope(n.Assign.Pos())
		ast.Walk(r, n.Assign)
		if n.Body != nil {
			r.walkStmts(n.Body.List)
		}
	case *ast.CommClause:
		r.openScope(n.Pos())
		if n.Comm != nil {
			ast.Walk(r, n.Comm)
		}
		r.walkStmts(n.Body)
	case *ast.SelectStmt:
		if n.Body != nil {
			r.walkStmts(n.Body.List)
		}
	case *ast.ForStmt:
		r.openScope(n.Pos())
		if n.Init != nil {
			ast.Walk(r, n.Init)
		}
		if n.Cond != nil {
			ast.Walk(r, n.Cond)
		}
		if n.Post != nil {
			ast.Walk(r, n.Post)
		}
		ast.Walk(r, n.Body)
	case *ast.RangeStmt:
		r.openScope(n.Pos())
		ast.Walk(r, n.X)
		var lhs []ast.Expr
		if n.Key != nil {
			lhs = append(lhs, n.Key)
		}
		if n.Value != nil {
			lhs = append(lhs, n.Value)
		}
		if len(lhs) > 0 {
			if n.Tok == token.DEFINE {
				as := &ast.AssignStmt{Lhs: lhs, Tok: token.DEFINE, TokPos: n.TokPos,
					Rhs: []ast.Expr{&ast.UnaryExpr{Op: token.RANGE, X: n.X}}}
				r.walkLHS(lhs)
				r.shortVarDecl(as)
			} else {
				r.walkExprs(lhs)
			}
		}
		ast.Walk(r, n.Body)
	case *ast.GenDecl:
		switch n.Tok {
		case token.CONST, token.VAR:
			for i, spec := range n.Specs {
				spec := spec.(*ast.ValueSpec)
				kind := ast.Con
				if n.Tok == token.VAR {
					kind = ast.Var
				}
				r.walkExprs(spec.Values)
				if spec.Type != nil {
					ast.Walk(r, spec.Type)
				}
				r.declare(spec, i, r.topScope, kind, spec.Names...)
			}
		case token.TYPE:
			for _, spec := range n.Specs {
				spec := spec.(*ast.TypeSpec)
				r.declare(spec, nil, r.topScope, ast.Typ, spec.Name)
				if spec.TypeParams != nil {
					r.openScope(spec.Pos())
					r.walkTParams(spec.TypeParams)
				}
				ast.Walk(r, spec.Type)
			}
		}
	case *ast.FuncDecl:
		r.openScope(n.Pos())
		r.walkRecv(n.Recv)
		if n.Type.TypeParams != nil {
			r.walkTParams(n.Type.TypeParams)
		}
		r.resolveList(n.Type.Params)
		r.resolveList(n.Type.Results)
		r.declareList(n.Recv, ast.Var)
		r.declareList(n.Type.Params, ast.Var)
		r.declareList(n.Type.Results, ast.Var)
		r.walkBody(n.Body)
		if n.Recv == nil && n.Name.Name != "init" {
			r.declare(n, nil, r.pkgScope, ast.Fun, n.Name)
		}
	default:
		return r
	}
	for r.depth > depth {
		r.closeScope()
	}
	return nil
}

func (r *parserResolver) walkFuncType(typ *ast.FuncType) {
	r.resolveList(typ.Params)
	r.resolveList(typ.Results)
	r.declareList(typ.Params, ast.Var)
	r.declareList(typ.Results, ast.Var)
}

func (r *parserResolver) resolveList(list *ast.FieldList) {
	if list == nil {
		return
	}
	for _, f := range list.List {
		if f.Type != nil {
			ast.Walk(r, f.Type)
		}
	}
}

func (r *parserResolver) declareList(list *ast.FieldList, kind ast.ObjKind) {
	if list == nil {
		return
	}
	for _, f := range list.List {
		r.declare(f, nil, r.topScope, kind, f.Names...)
	}
}

func (r *parserResolver) walkRecv(recv *ast.FieldList) {
	if recv == nil || len(recv.List) == 0 {
		return
	}
	typ := recv.List[0].Type
	if ptr, ok := typ.(*ast.StarExpr); ok {
		typ = ptr.X
	}
	var declareExprs, resolveExprs []ast.Expr
	switch typ := typ.(type) {
	case *ast.IndexExpr:
		declareExprs = []ast.Expr{typ.Index}
		resolveExprs = append(resolveExprs, typ.X)
	case *ast.IndexListExpr:
		declareExprs = typ.Indices
		resolveExprs = append(resolveExprs, typ.X)
	default:
		resolveExprs = append(resolveExprs, typ)
	}
	for _, expr := range declareExprs {
		if id, _ := expr.(*ast.Ident); id != nil {
			r.declare(expr, nil, r.topScope, ast.Typ, id)
		} else {
			resolveExprs = append(resolveExprs, expr)
		}
	}
	for _, expr := range resolveExprs {
		if expr != nil {
			ast.Walk(r, expr)
		}
	}
	for _, f := range recv.List[1:] {
		if f.Type != nil {
			ast.Walk(r, f.Type)
		}
	}
}

func (r *parserResolver) walkFieldList(list *ast.FieldList, kind ast.ObjKind) {
	if list == nil {
		return
	}
	r.resolveList(list)
	r.declareList(list, kind)
}

func (r *parserResolver) walkTParams(list *ast.FieldList) {
	r.declareList(list, ast.Typ)
	r.resolveList(list)
}

func (r *parserResolver) walkBody(body *ast.BlockStmt) {
	if body == nil {
		return
	}
	r.openLabelScope()
	r.walkStmts(body.List)
	r.closeLabelScope()
}
