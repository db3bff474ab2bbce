//! Constructors and checks the grammar actions call, so the actions stay
//! one-liners (STYLE.md: thin actions).
//!
//! Owns: node-id assignment (every `Expr`, `Ident` and `TypeCaseClause`
//! built here gets a fresh id from the caller's [`NodeIds`]), the expansion
//! of grouped parameters and implicit const specs (with renumbered copies,
//! see [`renumber_expr`]), and the few syntax rules gc checks after
//! recognizing a construct (`:=` needs names, a condition must not be a
//! statement, what a select case may hold, ...), with gc's messages.

use crate::ast::*;
use crate::Diag;

pub(crate) type PResult<T> = Result<T, lalrpop_util::ParseError<usize, minigo_lexer::Token, Diag>>;

pub(crate) fn err<T>(pos: usize, msg: impl Into<String>) -> PResult<T> {
    Err(lalrpop_util::ParseError::User {
        error: Diag {
            pos: pos as u32,
            msg: msg.into(),
        },
    })
}

pub(crate) fn sp(lo: usize, hi: usize) -> Span {
    Span::new(lo, hi)
}

pub(crate) fn expr(ids: &mut NodeIds, lo: usize, hi: usize, kind: ExprKind) -> Expr {
    Expr {
        id: ids.fresh(),
        span: sp(lo, hi),
        kind,
    }
}

pub(crate) fn ident(ids: &mut NodeIds, lo: usize, name: String, hi: usize) -> Ident {
    Ident {
        id: ids.fresh(),
        name,
        span: sp(lo, hi),
    }
}

/// An identifier used as an expression.
pub(crate) fn name_expr(ids: &mut NodeIds, lo: usize, name: String, hi: usize) -> Expr {
    expr(ids, lo, hi, ExprKind::Ident(name))
}

pub(crate) fn stmt(lo: usize, hi: usize, kind: StmtKind) -> Stmt {
    Stmt {
        span: sp(lo, hi),
        kind,
    }
}

/// A boxed statement: the parser's symbol stack holds `Box<Stmt>`, not
/// `Stmt` (see [`unbox_all`]).
pub(crate) fn bstmt(lo: usize, hi: usize, kind: StmtKind) -> Box<Stmt> {
    Box::new(stmt(lo, hi, kind))
}

/// Nonterminals of large node types (statements, declarations, specs,
/// fields, parameters, literal elements, interface elements, type
/// parameter groups, the file) yield boxes: every shift and reduce moves a
/// whole symbol of LALRPOP's symbol enum, whose size is its largest
/// variant, and with `(Option<Stmt>, Stmt)` in it (768 bytes) those moves
/// were a third of parsing. An expression (64 bytes) is the largest
/// variant now (`size_of_symbols` in the tests keeps it so); a move of
/// up to 128 bytes is inlined, a larger one calls `memcpy`. Lists are
/// unboxed once, here.
pub(crate) fn unbox_all<T>(v: Vec<Box<T>>) -> Vec<T> {
    v.into_iter().map(|b| *b).collect()
}

pub(crate) fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

/// `op x`. `<-` applied to a bidirectional channel type is the type
/// `<-chan T` (go/parser does the same re-association), not a receive.
pub(crate) fn unary(ids: &mut NodeIds, lo: usize, hi: usize, op: UnOp, x: Expr) -> Expr {
    if op == UnOp::Recv {
        if let ExprKind::ChanType(ChanDir::Both, elem) = x.kind {
            return expr(ids, lo, hi, ExprKind::ChanType(ChanDir::Recv, elem));
        }
    }
    expr(ids, lo, hi, ExprKind::Unary(op, bx(x)))
}

pub(crate) fn binary(ids: &mut NodeIds, op: BinOp, l: Expr, r: Expr) -> Expr {
    let span = l.span.to(r.span);
    expr(
        ids,
        span.lo as usize,
        span.hi as usize,
        ExprKind::Binary(op, bx(l), bx(r)),
    )
}

/// Source text of a span, for messages that quote code ("non-name x.y").
pub(crate) fn text(src: &str, s: Span) -> &str {
    src.get(s.lo as usize..s.hi as usize).unwrap_or("?")
}

// ---------------------------------------------------------------------------
// Parameters

/// One entry of a parameter list before grouping: Go's syntax cannot tell
/// `func(a, b int)` (two named ints) from `func(a, b)` (two unnamed params
/// of types `a` and `b`) until the list ends, so the grammar collects these
/// and [`params`] decides.
pub(crate) enum ParamItem {
    /// `variadic` is the position of `...`, if written.
    Named {
        name: Ident,
        ty: Expr,
        variadic: Option<usize>,
        lo: usize,
    },
    Anon {
        ty: Expr,
        variadic: Option<usize>,
    },
}

/// Groups a parameter list (gc's rules): if any entry is named, every
/// unnamed entry must be a bare name that takes the type of the next named
/// entry. Returns the params and whether the last one is variadic.
pub(crate) fn params(
    ids: &mut NodeIds,
    items: Vec<ParamItem>,
    close: usize,
) -> PResult<(Vec<Param>, bool)> {
    let n = items.len();
    let mut variadic = false;
    for (i, it) in items.iter().enumerate() {
        let (ParamItem::Named { variadic: v, .. } | ParamItem::Anon { variadic: v, .. }) = it;
        if let Some(pos) = *v {
            if i + 1 != n {
                return err(pos, "can only use ... with final parameter");
            }
            variadic = true;
        }
    }
    let any_named = items.iter().any(|i| matches!(i, ParamItem::Named { .. }));
    if !any_named {
        let ps = items
            .into_iter()
            .map(|it| match it {
                ParamItem::Anon { ty, .. } => Param {
                    name: None,
                    span: ty.span,
                    ty,
                },
                ParamItem::Named { .. } => unreachable!("checked: no named params"),
            })
            .collect();
        return Ok((ps, variadic));
    }
    // Walk backwards so each bare name meets the type that follows it.
    let mut out: Vec<Param> = Vec::with_capacity(n);
    let mut cur_ty: Option<Expr> = None;
    for it in items.into_iter().rev() {
        match it {
            ParamItem::Named { name, ty, lo, .. } => {
                let span = sp(lo, ty.span.hi as usize);
                cur_ty = Some(ty.clone());
                out.push(Param {
                    name: Some(name),
                    ty,
                    span,
                });
            }
            ParamItem::Anon { ty, .. } => {
                let ExprKind::Ident(name) = &ty.kind else {
                    return err(
                        ty.span.lo as usize,
                        "syntax error: mixed named and unnamed parameters",
                    );
                };
                let Some(t) = &cur_ty else {
                    return err(close, "syntax error: missing parameter type");
                };
                let name = Ident {
                    id: ty.id,
                    name: name.clone(),
                    span: ty.span,
                };
                out.push(Param {
                    name: Some(name),
                    ty: renumber_expr(t, ids),
                    span: ty.span,
                });
            }
        }
    }
    out.reverse();
    Ok((out, variadic))
}

// ---------------------------------------------------------------------------
// Declarations

/// A const spec as written, before implicit repetition is filled in.
pub(crate) struct RawConst {
    pub names: Vec<Ident>,
    pub ty: Option<Expr>,
    pub values: Vec<Expr>,
    pub span: Span,
}

/// Fills in omitted const values (Go spec, "Constant declarations"): a spec
/// without `= values` repeats the previous spec's type and values, as
/// renumbered copies; `iota` is the index of the spec in its group.
pub(crate) fn const_group(ids: &mut NodeIds, raw: Vec<RawConst>) -> PResult<Vec<ConstSpec>> {
    let mut out: Vec<ConstSpec> = Vec::with_capacity(raw.len());
    for (i, r) in raw.into_iter().enumerate() {
        if !r.values.is_empty() {
            out.push(ConstSpec {
                names: r.names,
                ty: r.ty,
                values: r.values,
                iota: i as u32,
                implicit: false,
                span: r.span,
            });
            continue;
        }
        let Some(prev) = out.last().filter(|_| r.ty.is_none()) else {
            let first = &r.names[0];
            return err(
                first.span.lo as usize,
                format!("missing init expr for {}", first.name),
            );
        };
        let ty = prev.ty.as_ref().map(|t| renumber_expr(t, ids));
        let values = prev.values.iter().map(|v| renumber_expr(v, ids)).collect();
        out.push(ConstSpec {
            names: r.names,
            ty,
            values,
            iota: i as u32,
            implicit: true,
            span: r.span,
        });
    }
    Ok(out)
}

// ---------------------------------------------------------------------------
// Statements

/// The expression of an expression statement used where a value is needed
/// (an `if`/`switch` condition); gc: "cannot use x := 1 as value".
/// gc reports it at the statement's operator.
pub(crate) fn as_value(src: &str, s: Stmt) -> PResult<Expr> {
    if let StmtKind::Expr(e) = s.kind {
        return Ok(e);
    }
    err(
        op_pos(src, &s),
        format!("syntax error: cannot use {} as value", text(src, s.span)),
    )
}

/// Where gc positions a simple statement: at its operator (`:=`, `<-`,
/// `++`), which follows the first operand after optional blanks.
fn op_pos(src: &str, s: &Stmt) -> usize {
    let first_end = match &s.kind {
        StmtKind::Assign { lhs, .. } => lhs.last().map(|e| e.span.hi),
        StmtKind::Send { ch: x, .. } | StmtKind::IncDec { x, .. } => Some(x.span.hi),
        _ => None,
    };
    first_end.map_or(s.span.lo as usize, |hi| {
        let hi = hi as usize;
        let rest = src.get(hi..).unwrap_or("");
        hi + (rest.len() - rest.trim_start().len())
    })
}

/// `lhs := rhs` (also in range clauses): gc requires plain names.
pub(crate) fn check_define(src: &str, lhs: &[Expr]) -> PResult<()> {
    for e in lhs {
        if !matches!(e.kind, ExprKind::Ident(_)) {
            return err(
                e.span.lo as usize,
                format!("non-name {} on left side of :=", text(src, e.span)),
            );
        }
    }
    Ok(())
}

pub(crate) fn assign(
    src: &str,
    lo: usize,
    hi: usize,
    lhs: Vec<Expr>,
    op: AssignOp,
    rhs: Vec<Expr>,
) -> PResult<Stmt> {
    if op == AssignOp::Define {
        check_define(src, &lhs)?;
    }
    Ok(stmt(lo, hi, StmtKind::Assign { lhs, op, rhs }))
}

/// A `for` range clause: `[lhs (=|:=)] range x`.
pub(crate) fn range(
    src: &str,
    lhs: Vec<Expr>,
    define: bool,
    x: Expr,
    body: Block,
) -> PResult<StmtKind> {
    if lhs.len() > 2 {
        return err(
            lhs[2].span.lo as usize,
            "range clause permits at most two iteration variables",
        );
    }
    if define {
        check_define(src, &lhs)?;
    }
    let mut it = lhs.into_iter();
    Ok(StmtKind::Range {
        key: it.next(),
        value: it.next(),
        define,
        x,
        body,
    })
}

/// `for init; cond; post {}`: gc rejects `:=` in the post statement.
pub(crate) fn for_clause(
    init: Option<Box<Stmt>>,
    cond: Option<Box<Stmt>>,
    post: Option<Box<Stmt>>,
    body: Block,
    src: &str,
) -> PResult<StmtKind> {
    if let Some(
        p @ Stmt {
            kind:
                StmtKind::Assign {
                    op: AssignOp::Define,
                    ..
                },
            ..
        },
    ) = post.as_deref()
    {
        return err(
            op_pos(src, p),
            "syntax error: cannot declare in post statement of for loop",
        );
    }
    let cond = cond.map(|c| as_value(src, *c)).transpose()?;
    Ok(StmtKind::For {
        init,
        cond,
        post,
        body,
    })
}

/// A switch statement: decides between an expression switch and a type
/// switch (`[bind :=] x.(type)` as the tag), which share the clause syntax
/// because types are parsed as expressions.
#[allow(clippy::too_many_arguments)]
pub(crate) fn switch(
    ids: &mut NodeIds,
    src: &str,
    init: Option<Stmt>,
    tag: Option<Stmt>,
    cases: Vec<CaseClause>,
    rbrace: Span,
) -> PResult<StmtKind> {
    let init = init.map(Box::new);
    let guard = match tag {
        None => None,
        Some(s) => match s.kind {
            StmtKind::Expr(Expr {
                kind: ExprKind::TypeAssert { x, ty: None },
                ..
            }) => Some((None, *x)),
            StmtKind::Assign {
                lhs,
                op: AssignOp::Define,
                rhs,
            } if lhs.len() == 1
                && rhs.len() == 1
                && matches!(rhs[0].kind, ExprKind::TypeAssert { ty: None, .. }) =>
            {
                let (Some(l), Some(r)) = (lhs.into_iter().next(), rhs.into_iter().next()) else {
                    unreachable!("lengths checked")
                };
                let (ExprKind::Ident(name), ExprKind::TypeAssert { x, .. }) = (l.kind, r.kind)
                else {
                    unreachable!("checked by check_define and the guard")
                };
                let bind = Ident {
                    id: l.id,
                    name,
                    span: l.span,
                };
                Some((Some(bind), *x))
            }
            kind => {
                let e = as_value(src, Stmt { span: s.span, kind })?;
                return Ok(StmtKind::Switch {
                    init,
                    tag: Some(e),
                    cases,
                    rbrace,
                });
            }
        },
    };
    match guard {
        None => Ok(StmtKind::Switch {
            init,
            tag: None,
            cases,
            rbrace,
        }),
        Some((bind, x)) => {
            let cases = cases
                .into_iter()
                .map(|c| TypeCaseClause {
                    id: ids.fresh(),
                    types: c.exprs,
                    is_default: c.is_default,
                    body: c.body,
                    span: c.span,
                })
                .collect();
            Ok(StmtKind::TypeSwitch {
                init,
                bind,
                x,
                cases,
                rbrace,
            })
        }
    }
}

fn is_recv(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Unary(UnOp::Recv, _))
}

/// `(<-c)` → `<-c`: a parenthesized receive is still a select case's
/// receive; later stages see the plain form.
fn unparen_recv(e: &mut Expr) {
    let mut inner = &*e;
    while let ExprKind::Paren(x) = &inner.kind {
        inner = x;
    }
    if is_recv(inner) && !is_recv(e) {
        *e = inner.clone();
    }
}

/// Checks what a select case holds (gc's rule and message).
pub(crate) fn comm(mut s: Stmt) -> PResult<Stmt> {
    match &mut s.kind {
        StmtKind::Expr(e) => unparen_recv(e),
        StmtKind::Assign { rhs, .. } if rhs.len() == 1 => unparen_recv(&mut rhs[0]),
        _ => {}
    }
    let ok = match &s.kind {
        StmtKind::Send { .. } => true,
        StmtKind::Expr(e) => is_recv(e),
        StmtKind::Assign {
            op: AssignOp::Assign | AssignOp::Define,
            rhs,
            ..
        } => rhs.len() == 1 && is_recv(&rhs[0]),
        _ => false,
    };
    if ok {
        Ok(s)
    } else {
        err(
            s.span.lo as usize,
            "select case must be send or receive (possibly with assignment)",
        )
    }
}

// ---------------------------------------------------------------------------
// Renumbering

/// A deep copy of `e` in which every node has a fresh id (see the NodeIds
/// invariant in `ast`). Recursion depth is bounded by the lexer's nesting
/// guard.
pub(crate) fn renumber_expr(e: &Expr, ids: &mut NodeIds) -> Expr {
    let mut c = e.clone();
    Renumber::Fresh(ids).expr(&mut c);
    c
}

/// Reassigns ids in place; a mutable walk over every node kind that carries
/// an id (function literals can hide whole statement trees inside a type or
/// a const value).
enum Renumber<'a> {
    /// A fresh id for every node, in walk order (a copy of a subtree).
    Fresh(&'a mut NodeIds),
    /// Every id plus a constant: a file parsed with its own [`NodeIds`]
    /// moved to the range it would have had (see [`offset_ids`]).
    Offset(NodeId),
}

impl Renumber<'_> {
    fn id(&mut self, old: NodeId) -> NodeId {
        match self {
            Renumber::Fresh(ids) => ids.fresh(),
            Renumber::Offset(d) => old + *d,
        }
    }

    fn ident(&mut self, i: &mut Ident) {
        i.id = self.id(i.id);
    }

    fn opt(&mut self, e: &mut Option<Box<Expr>>) {
        if let Some(e) = e {
            self.expr(e);
        }
    }

    fn expr(&mut self, e: &mut Expr) {
        e.id = self.id(e.id);
        match &mut e.kind {
            ExprKind::Ident(_)
            | ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::ImagLit(_)
            | ExprKind::RuneLit(_)
            | ExprKind::StringLit(_) => {}
            ExprKind::CompositeLit { ty, elems, .. } => {
                self.opt(ty);
                for el in elems {
                    if let Some(k) = &mut el.key {
                        self.expr(k);
                    }
                    self.expr(&mut el.value);
                }
            }
            ExprKind::FuncLit { sig, body } => {
                self.func_type(sig);
                self.block(body);
            }
            ExprKind::IndexList(x, args) => {
                self.expr(x);
                args.iter_mut().for_each(|a| self.expr(a));
            }
            ExprKind::Union(ts) => ts.iter_mut().for_each(|t| self.expr(t)),
            ExprKind::Paren(x)
            | ExprKind::Tilde(x)
            | ExprKind::Star(x)
            | ExprKind::Unary(_, x)
            | ExprKind::SliceType(x)
            | ExprKind::ChanType(_, x) => self.expr(x),
            ExprKind::Selector(x, n) => {
                self.expr(x);
                self.ident(n);
            }
            ExprKind::Index(a, b) | ExprKind::Binary(_, a, b) | ExprKind::MapType(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            ExprKind::Slice { x, lo, hi, max } => {
                self.expr(x);
                self.opt(lo);
                self.opt(hi);
                self.opt(max);
            }
            ExprKind::TypeAssert { x, ty } => {
                self.expr(x);
                self.opt(ty);
            }
            ExprKind::Call { func, args, .. } => {
                self.expr(func);
                for a in args {
                    self.expr(a);
                }
            }
            ExprKind::ArrayType { len, elem } => {
                self.opt(len);
                self.expr(elem);
            }
            ExprKind::FuncType(ft) => self.func_type(ft),
            ExprKind::StructType(fields) => {
                for f in fields {
                    for n in &mut f.names {
                        self.ident(n);
                    }
                    self.expr(&mut f.ty);
                }
            }
            ExprKind::InterfaceType(elems) => {
                for el in elems {
                    match el {
                        InterfaceElem::Method { name, sig } => {
                            self.ident(name);
                            self.func_type(sig);
                        }
                        InterfaceElem::Embed(t) => self.expr(t),
                    }
                }
            }
            ExprKind::Ellipsis(x) => self.opt(x),
        }
    }

    fn func_type(&mut self, ft: &mut FuncType) {
        for p in ft.params.iter_mut().chain(ft.results.iter_mut()) {
            if let Some(n) = &mut p.name {
                self.ident(n);
            }
            self.expr(&mut p.ty);
        }
    }

    fn block(&mut self, b: &mut Block) {
        for s in &mut b.stmts {
            self.stmt(s);
        }
    }

    fn opt_stmt(&mut self, s: &mut Option<Box<Stmt>>) {
        if let Some(s) = s {
            self.stmt(s);
        }
    }

    fn var_specs(&mut self, specs: &mut [VarSpec]) {
        for v in specs {
            v.names.iter_mut().for_each(|n| self.ident(n));
            if let Some(t) = &mut v.ty {
                self.expr(t);
            }
            v.values.iter_mut().for_each(|e| self.expr(e));
        }
    }

    fn const_specs(&mut self, specs: &mut [ConstSpec]) {
        for c in specs {
            c.names.iter_mut().for_each(|n| self.ident(n));
            if let Some(t) = &mut c.ty {
                self.expr(t);
            }
            c.values.iter_mut().for_each(|e| self.expr(e));
        }
    }

    fn type_specs(&mut self, specs: &mut [TypeSpec]) {
        for t in specs {
            self.ident(&mut t.name);
            self.type_params(&mut t.tparams);
            self.expr(&mut t.ty);
        }
    }

    fn stmt(&mut self, s: &mut Stmt) {
        match &mut s.kind {
            StmtKind::Empty | StmtKind::Fallthrough => {}
            StmtKind::Expr(e) | StmtKind::Go(e) | StmtKind::Defer(e) => self.expr(e),
            StmtKind::Send { ch, value } => {
                self.expr(ch);
                self.expr(value);
            }
            StmtKind::IncDec { x, .. } => self.expr(x),
            StmtKind::Assign { lhs, rhs, .. } => {
                lhs.iter_mut()
                    .chain(rhs.iter_mut())
                    .for_each(|e| self.expr(e));
            }
            StmtKind::Var(specs) => self.var_specs(specs),
            StmtKind::Const(specs) => self.const_specs(specs),
            StmtKind::Type(specs) => self.type_specs(specs),
            StmtKind::Return(es) => es.iter_mut().for_each(|e| self.expr(e)),
            StmtKind::Break(l) | StmtKind::Continue(l) => {
                if let Some(l) = l {
                    self.ident(l);
                }
            }
            StmtKind::Goto(l) => self.ident(l),
            StmtKind::Block(b) => self.block(b),
            StmtKind::If {
                init,
                cond,
                then,
                els,
            } => {
                self.opt_stmt(init);
                self.expr(cond);
                self.block(then);
                self.opt_stmt(els);
            }
            StmtKind::Switch {
                init, tag, cases, ..
            } => {
                self.opt_stmt(init);
                if let Some(t) = tag {
                    self.expr(t);
                }
                for c in cases {
                    c.exprs.iter_mut().for_each(|e| self.expr(e));
                    c.body.iter_mut().for_each(|s| self.stmt(s));
                }
            }
            StmtKind::TypeSwitch {
                init,
                bind,
                x,
                cases,
                ..
            } => {
                self.opt_stmt(init);
                if let Some(b) = bind {
                    self.ident(b);
                }
                self.expr(x);
                for c in cases {
                    c.id = self.id(c.id);
                    c.types.iter_mut().for_each(|e| self.expr(e));
                    c.body.iter_mut().for_each(|s| self.stmt(s));
                }
            }
            StmtKind::Select { cases } => {
                for c in cases {
                    self.opt_stmt(&mut c.comm);
                    c.body.iter_mut().for_each(|s| self.stmt(s));
                }
            }
            StmtKind::For {
                init,
                cond,
                post,
                body,
            } => {
                self.opt_stmt(init);
                if let Some(c) = cond {
                    self.expr(c);
                }
                self.opt_stmt(post);
                self.block(body);
            }
            StmtKind::Range {
                key,
                value,
                x,
                body,
                ..
            } => {
                for e in [key, value].into_iter().flatten() {
                    self.expr(e);
                }
                self.expr(x);
                self.block(body);
            }
            StmtKind::Labeled { label, stmt } => {
                self.ident(label);
                self.stmt(stmt);
            }
        }
    }
}

/// Expands grouped type parameters (`[K, V any]`) into one each, the
/// constraint renumbered for every name after the first.
// The groups come boxed from the grammar (see `unbox_all`).
#[allow(clippy::vec_box)]
pub(crate) fn type_params(
    ids: &mut NodeIds,
    groups: Vec<Box<(Vec<Ident>, Expr)>>,
) -> Vec<TypeParam> {
    let mut out = Vec::new();
    for g in groups {
        let (names, c) = *g;
        for (i, name) in names.into_iter().enumerate() {
            let constraint = if i == 0 {
                c.clone()
            } else {
                renumber_expr(&c, ids)
            };
            out.push(TypeParam { name, constraint });
        }
    }
    out
}

/// `l | r`, flattening a union on the left.
pub(crate) fn union(ids: &mut NodeIds, lo: usize, hi: usize, l: Expr, r: Expr) -> Expr {
    let mut terms = match l.kind {
        ExprKind::Union(ts) => ts,
        _ => vec![l],
    };
    terms.push(r);
    expr(ids, lo, hi, ExprKind::Union(terms))
}

/// `x[a]` (an `Index`) or `x[a, b, ...]` (an `IndexList`).
pub(crate) fn index_expr(
    ids: &mut NodeIds,
    lo: usize,
    hi: usize,
    x: Expr,
    mut args: Vec<Expr>,
) -> Expr {
    if args.len() == 1 {
        let a = args.pop().map(Box::new);
        if let Some(a) = a {
            return expr(ids, lo, hi, ExprKind::Index(bx(x), a));
        }
    }
    expr(ids, lo, hi, ExprKind::IndexList(bx(x), args))
}

/// The type of an unnamed parameter `List[T]`, whose name the grammar
/// had to read as an identifier.
pub(crate) fn generic_anon(
    ids: &mut NodeIds,
    lo: usize,
    hi: usize,
    name: Ident,
    args: Vec<Expr>,
) -> Expr {
    let x = Expr {
        id: name.id,
        span: name.span,
        kind: ExprKind::Ident(name.name),
    };
    index_expr(ids, lo, hi, x, args)
}

/// A copy of a function declaration with fresh node ids everywhere, for
/// the checker's instantiation of a generic function.
pub fn renumber_func(f: &FuncDecl, ids: &mut NodeIds) -> FuncDecl {
    let mut c = f.clone();
    Renumber::Fresh(ids).func_decl(&mut c);
    c
}

impl Renumber<'_> {
    fn func_decl(&mut self, f: &mut FuncDecl) {
        self.type_params(&mut f.tparams);
        if let Some(p) = &mut f.recv {
            if let Some(n) = &mut p.name {
                self.ident(n);
            }
            self.expr(&mut p.ty);
        }
        self.ident(&mut f.name);
        self.func_type(&mut f.sig);
        if let Some(b) = &mut f.body {
            self.block(b);
        }
    }

    fn type_params(&mut self, tps: &mut [TypeParam]) {
        for tp in tps {
            self.ident(&mut tp.name);
            self.expr(&mut tp.constraint);
        }
    }
}

/// Adds `delta` to every node id of `file`: a file parsed with its own
/// [`NodeIds`] (from 1, using `n` ids) gets the ids it would have had
/// parsed with a shared one whose next id was `delta + 1`, so files can be
/// parsed in parallel and numbered in load order afterwards (the parser
/// hands out ids in a fixed order within a file).
pub fn offset_ids(file: &mut File, delta: NodeId) {
    let mut r = Renumber::Offset(delta);
    r.ident(&mut file.package);
    for imp in &mut file.imports {
        if let Some(n) = &mut imp.name {
            r.ident(n);
        }
    }
    for d in &mut file.decls {
        match d {
            Decl::Func(f) => r.func_decl(f),
            Decl::Var(specs) => r.var_specs(specs),
            Decl::Const(specs) => r.const_specs(specs),
            Decl::Type(specs) => r.type_specs(specs),
        }
    }
}

/// A copy of a type expression with fresh node ids.
pub fn renumber_type(e: &Expr, ids: &mut NodeIds) -> Expr {
    renumber_expr(e, ids)
}

/// `List[T]` as an embedded field; `a, b [N]` is not a field.
pub(crate) fn embedded_generic(
    ids: &mut NodeIds,
    mut names: Vec<Ident>,
    args: Vec<Expr>,
    lo: usize,
    hi: usize,
) -> PResult<Expr> {
    if names.len() != 1 {
        return err(hi, "syntax error: unexpected newline, expected type");
    }
    let Some(name) = names.pop() else {
        return err(lo, "syntax error: unexpected newline, expected type");
    };
    Ok(generic_anon(ids, lo, hi, name, args))
}
