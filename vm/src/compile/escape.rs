//! Which variables must live in heap cells, and what closures capture.
//!
//! Owns: the pre-pass that finds variables whose storage must outlive or be
//! shared beyond a register: those captured by a function literal (Go
//! closures capture variables by reference) or by the body of a
//! range-over-func loop (compiled as a closure), and those whose address is
//! taken (`&x`, or a pointer-receiver method called on `x`). Such a variable
//! of a non-aggregate type lives in a cell (a one-slot heap object) and its
//! register holds the cell's address. Aggregates (structs, arrays) never
//! need a cell: their register already holds the address of their box, and
//! assignment copies into that box. For an aggregate, being in the set
//! means that its box may be referenced from elsewhere: it is captured, or
//! the address of it or of a part of it is taken (`&x.f`, `&x[i]`, `x[:]`,
//! a pointer-receiver method on `x.f`), so the compiler must not reuse
//! that box for another variable.
//!
//! Invariant: the walk visits the same nodes as the compiler, so every
//! variable the compiler treats as captured is in the cell set.

use crate::info::{Info, Obj, SelKind, VarId};
use crate::types::Type;
use minigo_parser::ast::{self, Expr, ExprKind, Stmt, StmtKind};
use std::collections::{HashMap, HashSet};

/// Marks the cell variables of one function declaration (and of all the
/// function literals inside it).
pub fn analyze_func(info: &Info, fd: &ast::FuncDecl, cells: &mut HashSet<VarId>) {
    let mut w = Walker::new(info, cells);
    w.params(&fd.sig, fd.recv.as_ref());
    if let Some(b) = &fd.body {
        w.block(b);
    }
}

/// Marks the cell variables in a package-level initializer expression.
pub fn analyze_expr(info: &Info, e: &Expr, cells: &mut HashSet<VarId>) {
    let mut w = Walker::new(info, cells);
    w.expr(e);
}

/// The locals statement `s` declares or uses anywhere inside it, function
/// literals included (the same walk as the cell analysis, so every use the
/// compiler compiles is seen).
pub fn stmt_locals(info: &Info, s: &Stmt) -> HashSet<VarId> {
    let mut dummy = HashSet::new();
    let mut w = Walker {
        used: Some(HashSet::new()),
        ..Walker::new(info, &mut dummy)
    };
    w.stmt(s);
    w.used.unwrap_or_default()
}

/// The free variables of a function literal (locals of enclosing functions
/// that it uses), in first-use order.
///
/// The walk also records the answer for every literal nested in `body`
/// into `cache` (by body address), so compiling deeply nested literals
/// walks each body once, not once per enclosing literal.
pub fn free_vars(
    info: &Info,
    sig: &ast::FuncType,
    body: &ast::Block,
    cache: &mut HashMap<usize, Vec<VarId>>,
) -> Vec<VarId> {
    closure_free_vars(info, body, cache, |w| w.params(sig, None))
}

/// The free variables of a closure `body` whose parameters `params`
/// declares (see [`free_vars`]).
fn closure_free_vars(
    info: &Info,
    body: &ast::Block,
    cache: &mut HashMap<usize, Vec<VarId>>,
    params: impl FnOnce(&mut Walker),
) -> Vec<VarId> {
    if let Some(f) = cache.remove(&block_key(body)) {
        return f;
    }
    let mut dummy = HashSet::new();
    let mut w = Walker {
        depth: 1,
        free: Some(Vec::new()),
        nested_done: Some(cache),
        ..Walker::new(info, &mut dummy)
    };
    params(&mut w);
    w.block(body);
    w.free.unwrap_or_default()
}

struct Walker<'a, 'c> {
    info: &'a Info,
    /// Function-literal nesting depth at which each local was declared.
    depth_of: HashMap<VarId, u32>,
    depth: u32,
    cells: &'c mut HashSet<VarId>,
    /// When collecting free variables: uses of locals not declared inside.
    free: Option<Vec<VarId>>,
    /// When collecting free variables: the literals being walked inside
    /// the one asked about (body address, their depth, their free vars).
    nested: Vec<(usize, u32, Vec<VarId>)>,
    /// Where the nested literals' answers go.
    nested_done: Option<&'c mut HashMap<usize, Vec<VarId>>>,
    /// When collecting what a statement touches: every local it declares
    /// or uses ([`stmt_locals`]).
    used: Option<HashSet<VarId>>,
}

impl<'a, 'c> Walker<'a, 'c> {
    /// A walk of a function's own statements that marks cells into `cells`.
    fn new(info: &'a Info, cells: &'c mut HashSet<VarId>) -> Self {
        Walker {
            info,
            depth_of: HashMap::new(),
            depth: 0,
            cells,
            free: None,
            nested: Vec::new(),
            nested_done: None,
            used: None,
        }
    }

    fn def(&mut self, id: &ast::Ident) {
        if let Some(&v) = self.info.defs.get(&id.id) {
            self.depth_of.insert(v, self.depth);
            if let Some(u) = &mut self.used {
                u.insert(v);
            }
        }
    }

    fn params(&mut self, sig: &ast::FuncType, recv: Option<&ast::Param>) {
        for p in recv.into_iter().chain(&sig.params).chain(&sig.results) {
            if let Some(n) = &p.name {
                self.def(n);
            }
        }
    }

    fn use_var(&mut self, v: VarId) {
        if self.info.var(v).global {
            return;
        }
        if let Some(u) = &mut self.used {
            u.insert(v);
        }
        // Free in each nested literal declared deeper than `v`.
        let dv = self.depth_of.get(&v).copied().unwrap_or(0);
        for (_, d, f) in &mut self.nested {
            if *d > dv && !f.contains(&v) {
                f.push(v);
            }
        }
        match self.depth_of.get(&v) {
            Some(&d) if d == self.depth => {}
            Some(_) => {
                self.cells.insert(v);
            }
            None => {
                // Declared outside what this walk has seen: an enclosing
                // function's local.
                self.cells.insert(v);
                if let Some(f) = &mut self.free {
                    if !f.contains(&v) {
                        f.push(v);
                    }
                }
            }
        }
    }

    fn block(&mut self, b: &ast::Block) {
        for s in &b.stmts {
            self.stmt(s);
        }
    }

    fn stmts(&mut self, ss: &[Stmt]) {
        for s in ss {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Empty
            | StmtKind::Break(_)
            | StmtKind::Continue(_)
            | StmtKind::Goto(_)
            | StmtKind::Fallthrough
            | StmtKind::Type(_) => {}
            StmtKind::Expr(e) | StmtKind::Go(e) | StmtKind::Defer(e) => self.expr(e),
            StmtKind::Send { ch, value } => {
                self.expr(ch);
                self.expr(value);
            }
            StmtKind::IncDec { x, .. } => self.expr(x),
            StmtKind::Assign { lhs, op, rhs } => {
                for e in rhs {
                    self.expr(e);
                }
                for e in lhs {
                    if *op == ast::AssignOp::Define {
                        if let ExprKind::Ident(_) = &e.kind {
                            if self.info.defs.contains_key(&e.id) {
                                let id = ast::Ident {
                                    id: e.id,
                                    name: String::new(),
                                    span: e.span,
                                };
                                self.def(&id);
                                continue;
                            }
                        }
                    }
                    self.expr(e);
                }
            }
            StmtKind::Var(specs) => {
                for sp in specs {
                    for v in &sp.values {
                        self.expr(v);
                    }
                    for n in &sp.names {
                        self.def(n);
                    }
                }
            }
            StmtKind::Const(_) => {}
            StmtKind::Return(es) => {
                for e in es {
                    self.expr(e);
                }
            }
            StmtKind::Block(b) => self.block(b),
            StmtKind::If {
                init,
                cond,
                then,
                els,
            } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                self.expr(cond);
                self.block(then);
                if let Some(e) = els {
                    self.stmt(e);
                }
            }
            StmtKind::Switch {
                init, tag, cases, ..
            } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                if let Some(t) = tag {
                    self.expr(t);
                }
                for c in cases {
                    for e in &c.exprs {
                        self.expr(e);
                    }
                    self.stmts(&c.body);
                }
            }
            StmtKind::TypeSwitch { init, x, cases, .. } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                self.expr(x);
                for c in cases {
                    if let Some(&v) = self.info.implicits.get(&c.id) {
                        self.depth_of.insert(v, self.depth);
                    }
                    self.stmts(&c.body);
                }
            }
            StmtKind::Select { cases } => {
                for c in cases {
                    if let Some(s) = &c.comm {
                        self.stmt(s);
                    }
                    self.stmts(&c.body);
                }
            }
            StmtKind::For {
                init,
                cond,
                post,
                body,
            } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                if let Some(c) = cond {
                    self.expr(c);
                }
                if let Some(p) = post {
                    self.stmt(p);
                }
                self.block(body);
            }
            StmtKind::Range {
                key,
                value,
                define,
                x,
                body,
            } if is_range_func(self.info, x) => {
                // The body is a closure (`yield`), its variables are
                // declared one level deeper.
                self.expr(x);
                self.closure(body, |w| {
                    w.range_vars(key.as_ref(), value.as_ref(), *define)
                });
            }
            StmtKind::Range {
                key,
                value,
                define,
                x,
                body,
            } => {
                self.expr(x);
                self.range_vars(key.as_ref(), value.as_ref(), *define);
                self.block(body);
            }
            StmtKind::Labeled { stmt, .. } => self.stmt(stmt),
        }
    }

    /// A closure's body, one level deeper; `params` declares its
    /// parameters.
    fn closure(&mut self, body: &ast::Block, params: impl FnOnce(&mut Self)) {
        self.depth += 1;
        let collect = self.nested_done.is_some();
        if collect {
            self.nested.push((block_key(body), self.depth, Vec::new()));
        }
        params(self);
        self.block(body);
        if collect {
            if let (Some((k, _, f)), Some(done)) = (self.nested.pop(), self.nested_done.as_mut()) {
                done.insert(k, f);
            }
        }
        self.depth -= 1;
    }

    /// The iteration variables of a range loop, declared or assigned (for
    /// range over func: parameters of the body closure, or variables it
    /// assigns).
    fn range_vars(&mut self, key: Option<&Expr>, value: Option<&Expr>, define: bool) {
        for e in [key, value].into_iter().flatten() {
            if define {
                let id = ast::Ident {
                    id: e.id,
                    name: String::new(),
                    span: e.span,
                };
                self.def(&id);
            } else {
                self.expr(e);
            }
        }
    }

    fn addr_of(&mut self, e: &Expr) {
        // `&x` of a variable: it must live in a cell (aggregates already do).
        let mut e = e;
        while let ExprKind::Paren(x) = &e.kind {
            e = x;
        }
        if let ExprKind::Ident(_) = &e.kind {
            if let Some(Obj::Var(v)) = self.info.uses.get(&e.id) {
                if !self.info.var(*v).global {
                    self.cells.insert(*v);
                }
            }
            return;
        }
        self.part_of_aggregate_referenced(e);
    }

    /// `&x.f`, `&x[i]`, `x[:]`, or a pointer-receiver method on `x.f`:
    /// a reference into the storage of the aggregate variable `x` at the
    /// root of the path (through fields and indices; conservatively also
    /// through pointers). Marking such an `x` does not give it a cell
    /// (aggregates never need one): it tells the compiler that `x`'s box
    /// may be referenced from elsewhere, so it must not be reused for
    /// another variable (see `range_indexed`).
    fn part_of_aggregate_referenced(&mut self, e: &Expr) {
        let mut e = e;
        while let ExprKind::Paren(x) | ExprKind::Selector(x, _) | ExprKind::Index(x, _) = &e.kind {
            e = x;
        }
        if let ExprKind::Ident(_) = &e.kind {
            if let Some(Obj::Var(v)) = self.info.uses.get(&e.id) {
                let vi = self.info.var(*v);
                if !vi.global
                    && matches!(
                        self.info.types.under(vi.ty),
                        Type::Struct(_) | Type::Array(..)
                    )
                {
                    self.cells.insert(*v);
                }
            }
        }
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Ident(_) => {
                if let Some(Obj::Var(v)) = self.info.uses.get(&e.id) {
                    self.use_var(*v);
                }
            }
            ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::ImagLit(_)
            | ExprKind::RuneLit(_)
            | ExprKind::StringLit(_) => {}
            ExprKind::CompositeLit { elems, .. } => {
                for el in elems {
                    if let Some(k) = &el.key {
                        // Struct field keys are names, not variables.
                        if !matches!(k.kind, ExprKind::Ident(_))
                            || matches!(self.info.uses.get(&k.id), Some(Obj::Var(_)))
                        {
                            self.expr(k);
                        }
                    }
                    self.expr(&el.value);
                }
            }
            ExprKind::FuncLit { sig, body } => {
                self.closure(body, |w| w.params(sig, None));
            }
            ExprKind::Paren(x) => self.expr(x),
            ExprKind::Selector(x, _) => {
                // A pointer-receiver method on an addressable non-pointer
                // variable takes its address implicitly.
                if let Some(sel) = self.info.selections.get(&e.id) {
                    if let SelKind::Method { ptr_recv: true, .. } = sel.kind {
                        self.part_of_aggregate_referenced(x);
                        if sel.path.is_empty() {
                            if let Some(xi) = self.info.expr(x.id) {
                                if !matches!(self.info.types.get(xi.ty), Type::Pointer(_)) {
                                    self.addr_of(x);
                                }
                            }
                        }
                    }
                }
                self.expr(x)
            }
            ExprKind::Index(x, i) => {
                self.expr(x);
                self.expr(i);
            }
            ExprKind::IndexList(x, is) => {
                self.expr(x);
                is.iter().for_each(|i| self.expr(i));
            }
            ExprKind::Tilde(x) => self.expr(x),
            ExprKind::Union(ts) => ts.iter().for_each(|t| self.expr(t)),
            ExprKind::Slice { x, lo, hi, max } => {
                // Slicing an array takes its address; arrays are boxes, fine
                // for a cell, but the box is then referenced.
                self.part_of_aggregate_referenced(x);
                self.expr(x);
                for y in [lo, hi, max].into_iter().flatten() {
                    self.expr(y);
                }
            }
            ExprKind::TypeAssert { x, .. } => self.expr(x),
            ExprKind::Call { func, args, .. } => {
                self.expr(func);
                for a in args {
                    self.expr(a);
                }
            }
            ExprKind::Star(x) => self.expr(x),
            ExprKind::Unary(op, x) => {
                if *op == ast::UnOp::Addr {
                    self.addr_of(x);
                }
                self.expr(x)
            }
            ExprKind::Binary(_, l, r) => {
                self.expr(l);
                self.expr(r);
            }
            ExprKind::ArrayType { .. }
            | ExprKind::SliceType(_)
            | ExprKind::MapType(_, _)
            | ExprKind::ChanType(_, _)
            | ExprKind::FuncType(_)
            | ExprKind::StructType(_)
            | ExprKind::InterfaceType(_)
            | ExprKind::Ellipsis(_) => {}
        }
    }
}

/// Whether `for ... range x` ranges over a function (an iterator whose
/// loop body the compiler turns into the `yield` closure).
pub fn is_range_func(info: &Info, x: &Expr) -> bool {
    info.expr(x.id)
        .is_some_and(|i| matches!(info.types.under(i.ty), Type::Func(_)))
}

/// The free variables of a range-over-func loop body (see [`free_vars`]):
/// what its `yield` closure captures.
pub fn range_free_vars(
    info: &Info,
    key: Option<&Expr>,
    value: Option<&Expr>,
    define: bool,
    body: &ast::Block,
    cache: &mut HashMap<usize, Vec<VarId>>,
) -> Vec<VarId> {
    closure_free_vars(info, body, cache, |w| w.range_vars(key, value, define))
}

/// Local slice variables of one function body whose backing array never
/// escapes: every use is `len(v)`, `cap(v)`, `v[i]`, `range v` or
/// `v = append(v, ...)`. Go gives such a slice's first backing array a
/// 32-byte stack buffer, which shows in `cap` after the first append; the
/// compiler marks their appends so the interpreter can match (a coarse
/// stand-in for gc's escape analysis: anything else counts as escaping).
///
/// `cache` holds the answers for function literals already met: the walk
/// of a body computes those of all the literals nested in it (it has to
/// walk them anyway), so compiling deeply nested literals stays linear.
pub fn stack_slices(
    info: &Info,
    body: &ast::Block,
    cache: &mut HashMap<usize, HashSet<VarId>>,
) -> HashSet<VarId> {
    if let Some(r) = cache.remove(&block_key(body)) {
        return r;
    }
    let mut s = SliceUses {
        info,
        seen: HashSet::new(),
        escaped: HashSet::new(),
        allowed: HashSet::new(),
        cache,
    };
    for st in &body.stmts {
        s.stmt(st);
    }
    s.finish(body)
}

/// A function body's identity while the AST is alive.
fn block_key(b: &ast::Block) -> usize {
    b as *const ast::Block as usize
}

/// Variables declared by `s` and the statements nested in it (not inside
/// function literals).
fn declared_vars(info: &Info, s: &Stmt, out: &mut HashSet<VarId>) {
    declared_by(info, s, out);
    for_each_child_stmt(s, &mut |c| declared_vars(info, c, out));
}

/// Variables that `s` itself declares (`x := ...`, `var x`), not those of
/// the statements nested in it.
pub(super) fn declared_by(info: &Info, s: &Stmt, out: &mut HashSet<VarId>) {
    match &s.kind {
        StmtKind::Assign {
            lhs,
            op: ast::AssignOp::Define,
            ..
        } => out.extend(lhs.iter().filter_map(|e| info.defs.get(&e.id).copied())),
        StmtKind::Var(specs) => {
            for sp in specs {
                out.extend(
                    sp.names
                        .iter()
                        .filter_map(|n| info.defs.get(&n.id).copied()),
                );
            }
        }
        _ => {}
    }
}

struct SliceUses<'a> {
    info: &'a Info,
    seen: HashSet<VarId>,
    escaped: HashSet<VarId>,
    /// Identifier nodes in an allowed position.
    allowed: HashSet<ast::NodeId>,
    /// Answers for nested function literals (see [`stack_slices`]).
    cache: &'a mut HashMap<usize, HashSet<VarId>>,
}

impl SliceUses<'_> {
    /// The answer for `body` once its statements were walked: only
    /// variables declared in it (not parameters, not captured variables of
    /// an enclosing function) that never escaped.
    fn finish(self, body: &ast::Block) -> HashSet<VarId> {
        let mut declared = HashSet::new();
        for st in &body.stmts {
            declared_vars(self.info, st, &mut declared);
        }
        let escaped = self.escaped;
        let mut seen = self.seen;
        seen.retain(|v| !escaped.contains(v) && declared.contains(v));
        seen
    }

    fn slice_var(&self, e: &Expr) -> Option<VarId> {
        if let ExprKind::Ident(_) = &e.kind {
            let v = match self.info.uses.get(&e.id) {
                Some(Obj::Var(v)) => *v,
                _ => *self.info.defs.get(&e.id)?,
            };
            let vi = self.info.var(v);
            if !vi.global && matches!(self.info.types.under(vi.ty), Type::Slice(_)) {
                return Some(v);
            }
        }
        None
    }

    fn stmt(&mut self, s: &Stmt) {
        // `v = append(v, ...)`: both mentions of v are fine.
        if let StmtKind::Assign { lhs, rhs, .. } = &s.kind {
            if lhs.len() == 1 && rhs.len() == 1 {
                if let (Some(v), ExprKind::Call { func, args, .. }) =
                    (self.slice_var(&lhs[0]), &rhs[0].kind)
                {
                    let is_append = matches!(
                        self.info.uses.get(&func.id),
                        Some(Obj::Builtin(crate::info::Builtin::Append))
                    );
                    if is_append && args.first().and_then(|a| self.slice_var(a)) == Some(v) {
                        self.allowed.insert(args[0].id);
                    }
                }
            }
            for e in lhs {
                if let Some(v) = self.slice_var(e) {
                    self.seen.insert(v);
                    self.allowed.insert(e.id);
                }
            }
        }
        if let StmtKind::Range { x, body, .. } = &s.kind {
            self.allowed.insert(x.id);
            if is_range_func(self.info, x) {
                // The body is a closure, as a function literal's.
                self.expr(x);
                self.closure_body(body);
                return;
            }
        }
        let mut exprs: Vec<&Expr> = Vec::new();
        collect_stmt_exprs(s, &mut exprs);
        for e in exprs {
            self.expr(e);
        }
        for_each_child_stmt(s, &mut |c| self.stmt(c));
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Ident(_) => {
                if let Some(v) = self.slice_var(e) {
                    self.seen.insert(v);
                    if !self.allowed.contains(&e.id) {
                        self.escaped.insert(v);
                    }
                }
            }
            ExprKind::Call { func, args, .. } => {
                let b = match self.info.uses.get(&func.id) {
                    Some(Obj::Builtin(b)) => Some(*b),
                    _ => None,
                };
                if matches!(
                    b,
                    Some(crate::info::Builtin::Len | crate::info::Builtin::Cap)
                ) {
                    if let Some(a) = args.first() {
                        self.allowed.insert(a.id);
                    }
                }
                self.expr(func);
                for a in args {
                    self.expr(a);
                }
            }
            ExprKind::Index(x, i) => {
                self.allowed.insert(x.id);
                self.expr(x);
                self.expr(i);
            }
            ExprKind::Paren(x) | ExprKind::Star(x) | ExprKind::Unary(_, x) => self.expr(x),
            ExprKind::Selector(x, _) => self.expr(x),
            ExprKind::Binary(_, l, r) => {
                self.expr(l);
                self.expr(r);
            }
            ExprKind::Slice { x, lo, hi, max } => {
                self.expr(x);
                for y in [lo, hi, max].into_iter().flatten() {
                    self.expr(y);
                }
            }
            ExprKind::TypeAssert { x, .. } => self.expr(x),
            ExprKind::CompositeLit { elems, .. } => {
                for el in elems {
                    if let Some(k) = &el.key {
                        self.expr(k);
                    }
                    self.expr(&el.value);
                }
            }
            // A closure may keep the slice: everything it mentions escapes.
            ExprKind::FuncLit { body, .. } => self.closure_body(body),
            _ => {}
        }
    }

    fn closure_body(&mut self, body: &ast::Block) {
        let mut inner = SliceUses {
            info: self.info,
            seen: HashSet::new(),
            escaped: HashSet::new(),
            allowed: HashSet::new(),
            cache: &mut *self.cache,
        };
        for st in &body.stmts {
            inner.stmt(st);
        }
        let seen = inner.seen.clone();
        let answer = inner.finish(body);
        self.cache.insert(block_key(body), answer);
        self.escaped.extend(seen);
    }
}

/// The expressions directly inside a statement (not in nested statements).
fn collect_stmt_exprs<'e>(s: &'e Stmt, out: &mut Vec<&'e Expr>) {
    match &s.kind {
        StmtKind::Expr(e) | StmtKind::Go(e) | StmtKind::Defer(e) => out.push(e),
        StmtKind::Send { ch, value } => {
            out.push(ch);
            out.push(value);
        }
        StmtKind::IncDec { x, .. } => out.push(x),
        StmtKind::Assign { lhs, rhs, .. } => {
            out.extend(lhs.iter());
            out.extend(rhs.iter());
        }
        StmtKind::Var(specs) => {
            for sp in specs {
                out.extend(sp.values.iter());
            }
        }
        StmtKind::Return(es) => out.extend(es.iter()),
        StmtKind::If { cond, .. } => out.push(cond),
        StmtKind::Switch { tag, cases, .. } => {
            out.extend(tag.iter());
            for c in cases {
                out.extend(c.exprs.iter());
            }
        }
        StmtKind::TypeSwitch { x, .. } => out.push(x),
        StmtKind::For { cond, .. } => out.extend(cond.iter()),
        StmtKind::Range { key, value, x, .. } => {
            out.extend(key.iter());
            out.extend(value.iter());
            out.push(x);
        }
        _ => {}
    }
}

/// Calls `f` on each statement nested directly in `s`.
pub(super) fn for_each_child_stmt(s: &Stmt, f: &mut dyn FnMut(&Stmt)) {
    match &s.kind {
        StmtKind::Block(b) => b.stmts.iter().for_each(&mut *f),
        StmtKind::If {
            init, then, els, ..
        } => {
            if let Some(i) = init {
                f(i);
            }
            then.stmts.iter().for_each(&mut *f);
            if let Some(e) = els {
                f(e);
            }
        }
        StmtKind::Switch { init, cases, .. } => {
            if let Some(i) = init {
                f(i);
            }
            for c in cases {
                c.body.iter().for_each(&mut *f);
            }
        }
        StmtKind::TypeSwitch { init, cases, .. } => {
            if let Some(i) = init {
                f(i);
            }
            for c in cases {
                c.body.iter().for_each(&mut *f);
            }
        }
        StmtKind::Select { cases } => {
            for c in cases {
                if let Some(s) = &c.comm {
                    f(s);
                }
                c.body.iter().for_each(&mut *f);
            }
        }
        StmtKind::For {
            init, post, body, ..
        } => {
            if let Some(i) = init {
                f(i);
            }
            if let Some(p) = post {
                f(p);
            }
            body.stmts.iter().for_each(&mut *f);
        }
        StmtKind::Range { body, .. } => body.stmts.iter().for_each(&mut *f),
        StmtKind::Labeled { stmt, .. } => f(stmt),
        _ => {}
    }
}
