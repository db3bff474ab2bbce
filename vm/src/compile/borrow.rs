//! Which struct and array parameters (value receivers included) may borrow
//! the caller's value instead of a copy.
//!
//! Owns: [`borrowable`], a syntactic test over a function body. Go passes
//! a struct by copy; here an aggregate is a box, so that copy is an
//! allocation per call (`p.Sum()` on a `Point`, `dist(a, b)`). The copy
//! cannot be observed when, for the whole call, nothing can change the
//! caller's value and nothing can keep a reference to the callee's: the
//! body
//! - makes no calls (any callee could write the caller's value through a
//!   pointer), except conversions and `len`/`cap`; starts no goroutine,
//!   defers nothing, sends, receives or selects nothing; has no function
//!   literal and no range over a function;
//! - stores only to its own local variables or results, by name (never
//!   through a field, an index, a pointer or a package variable), and never
//!   assigns the parameter itself;
//! - takes no address (`&`) and slices nothing;
//! - uses the parameter only to read a non-aggregate part of it (`p.X`,
//!   `p.In.Y`, `p.A[i]`): never the parameter or an aggregate part of it
//!   as a whole, which could be returned or stored without a copy.
//!
//! Invariant: every parameter this marks is still correct when its
//! register holds the caller's own box (see `call::receiver` and
//! `call::args_into`; a `go` or `defer` statement and a method value still
//! copy, as they call later). Another goroutine writing that struct
//! meanwhile is a data race in Go, where a torn read is allowed.

use crate::info::{Builtin, Info, Mode, Obj, SelKind, VarId};
use crate::types::Type;
use minigo_parser::ast::{self, AssignOp, Expr, ExprKind, Stmt, StmtKind, UnOp};

/// Which of `fd`'s struct or array parameters may be the caller's box
/// (module docs): the receiver, and a bit per parameter (`1 << i`, the
/// first 64).
pub fn borrowable(info: &Info, fd: &ast::FuncDecl) -> (bool, u64) {
    let Some(body) = fd.body.as_ref() else {
        return (false, 0);
    };
    let mut check = |p: &ast::Param| -> bool {
        // An unnamed or blank parameter is never read: nothing to alias.
        let v = p.name.as_ref().and_then(|n| info.defs.get(&n.id).copied());
        let aggregate = v.is_none_or(|v| {
            matches!(
                info.types.under(info.var(v).ty),
                Type::Struct(_) | Type::Array(..)
            )
        });
        aggregate && (ReadOnly { info, recv: v }).block(body)
    };
    let recv = fd.recv.as_ref().is_some_and(&mut check);
    let mut params = 0u64;
    for (i, p) in fd.sig.params.iter().enumerate().take(64) {
        if check(p) {
            params |= 1 << i;
        }
    }
    (recv, params)
}

struct ReadOnly<'a> {
    info: &'a Info,
    recv: Option<VarId>,
}

impl ReadOnly<'_> {
    fn block(&mut self, b: &ast::Block) -> bool {
        b.stmts.iter().all(|s| self.stmt(s))
    }

    fn stmts(&mut self, ss: &[Stmt]) -> bool {
        ss.iter().all(|s| self.stmt(s))
    }

    fn opt_stmt(&mut self, s: &Option<Box<Stmt>>) -> bool {
        s.as_deref().is_none_or(|s| self.stmt(s))
    }

    fn stmt(&mut self, s: &Stmt) -> bool {
        match &s.kind {
            StmtKind::Empty
            | StmtKind::Const(_)
            | StmtKind::Type(_)
            | StmtKind::Break(_)
            | StmtKind::Continue(_)
            | StmtKind::Goto(_)
            | StmtKind::Fallthrough => true,
            StmtKind::Expr(e) => self.expr(e),
            StmtKind::Send { .. }
            | StmtKind::Go(_)
            | StmtKind::Defer(_)
            | StmtKind::Select { .. } => false,
            StmtKind::IncDec { x, .. } => self.local_target(x),
            StmtKind::Assign { lhs, op, rhs } => {
                let targets_ok = match op {
                    // A new variable is local; a redeclared one is checked.
                    AssignOp::Define => lhs
                        .iter()
                        .all(|e| self.info.defs.contains_key(&e.id) || self.local_target(e)),
                    _ => lhs.iter().all(|e| self.local_target(e)),
                };
                targets_ok && rhs.iter().all(|e| self.expr(e))
            }
            StmtKind::Var(specs) => specs
                .iter()
                .all(|sp| sp.values.iter().all(|e| self.expr(e))),
            StmtKind::Return(es) => es.iter().all(|e| self.expr(e)),
            StmtKind::Block(b) => self.block(b),
            StmtKind::If {
                init,
                cond,
                then,
                els,
            } => self.opt_stmt(init) && self.expr(cond) && self.block(then) && self.opt_stmt(els),
            StmtKind::Switch {
                init, tag, cases, ..
            } => {
                self.opt_stmt(init)
                    && tag.as_ref().is_none_or(|t| self.expr(t))
                    && cases
                        .iter()
                        .all(|c| c.exprs.iter().all(|e| self.expr(e)) && self.stmts(&c.body))
            }
            StmtKind::TypeSwitch { init, x, cases, .. } => {
                self.opt_stmt(init) && self.expr(x) && cases.iter().all(|c| self.stmts(&c.body))
            }
            StmtKind::For {
                init,
                cond,
                post,
                body,
            } => {
                self.opt_stmt(init)
                    && cond.as_ref().is_none_or(|c| self.expr(c))
                    && self.opt_stmt(post)
                    && self.block(body)
            }
            StmtKind::Range {
                key,
                value,
                define,
                x,
                body,
            } => {
                let vars_ok = *define
                    || [key, value]
                        .into_iter()
                        .flatten()
                        .all(|e| self.local_target(e));
                !super::escape::is_range_func(self.info, x)
                    && vars_ok
                    && self.expr(x)
                    && self.block(body)
            }
            StmtKind::Labeled { stmt, .. } => self.stmt(stmt),
        }
    }

    /// An assignment target that is a local variable (or `_`), by name,
    /// and not the receiver.
    fn local_target(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Paren(x) => self.local_target(x),
            ExprKind::Ident(n) if n == "_" => true,
            ExprKind::Ident(_) => match self.info.uses.get(&e.id) {
                Some(Obj::Var(v)) => !self.info.var(*v).global && Some(*v) != self.recv,
                _ => false,
            },
            _ => false,
        }
    }

    fn is_aggregate(&self, e: &Expr) -> bool {
        self.info.expr(e.id).is_none_or(|i| {
            matches!(
                self.info.types.under(i.ty),
                Type::Struct(_) | Type::Array(..)
            )
        })
    }

    /// A read of a non-aggregate part of the receiver, `p.X` or `p.A[i]`
    /// (fields and array elements only), with its index operands checked.
    fn receiver_part(&mut self, e: &Expr) -> Option<bool> {
        let mut x = e;
        let mut indices = Vec::new();
        loop {
            match &x.kind {
                ExprKind::Paren(y) => x = y,
                ExprKind::Selector(y, _) => {
                    let field = self
                        .info
                        .selections
                        .get(&x.id)
                        .is_some_and(|s| matches!(s.kind, SelKind::Field));
                    if !field {
                        return None;
                    }
                    x = y;
                }
                ExprKind::Index(y, i) => {
                    let array = self
                        .info
                        .expr(y.id)
                        .is_some_and(|yi| matches!(self.info.types.under(yi.ty), Type::Array(..)));
                    if !array {
                        return None;
                    }
                    indices.push(&**i);
                    x = y;
                }
                ExprKind::Ident(_) => break,
                _ => return None,
            }
        }
        let is_recv =
            matches!(self.info.uses.get(&x.id), Some(Obj::Var(v)) if Some(*v) == self.recv);
        if !is_recv || std::ptr::eq(x, e) {
            return None;
        }
        Some(!self.is_aggregate(e) && indices.into_iter().all(|i| self.expr(i)))
    }

    fn expr(&mut self, e: &Expr) -> bool {
        if let Some(ok) = self.receiver_part(e) {
            return ok;
        }
        match &e.kind {
            ExprKind::Ident(_) => !matches!(
                self.info.uses.get(&e.id),
                Some(Obj::Var(v)) if Some(*v) == self.recv
            ),
            ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::ImagLit(_)
            | ExprKind::RuneLit(_)
            | ExprKind::StringLit(_) => true,
            ExprKind::CompositeLit { elems, .. } => elems.iter().all(|el| {
                // Struct keys are field names, not expressions.
                let key_ok = el.key.as_ref().is_none_or(|k| {
                    matches!(k.kind, ExprKind::Ident(_))
                        && !matches!(self.info.uses.get(&k.id), Some(Obj::Var(_)))
                        || self.expr(k)
                });
                key_ok && self.expr(&el.value)
            }),
            ExprKind::Paren(x) | ExprKind::TypeAssert { x, .. } | ExprKind::Star(x) => self.expr(x),
            ExprKind::Selector(x, _) => {
                // A package member, or a field through something that is not
                // the receiver (a method value would be a call later).
                let member = self.info.uses.contains_key(&e.id);
                let field = self
                    .info
                    .selections
                    .get(&e.id)
                    .is_some_and(|s| matches!(s.kind, SelKind::Field));
                member || (field && self.expr(x))
            }
            ExprKind::Index(x, i) => self.expr(x) && self.expr(i),
            ExprKind::Unary(op, x) => !matches!(op, UnOp::Addr | UnOp::Recv) && self.expr(x),
            ExprKind::Binary(_, l, r) => self.expr(l) && self.expr(r),
            ExprKind::Call { func, args, .. } => {
                let conversion = self
                    .info
                    .expr(func.id)
                    .is_some_and(|i| i.mode == Mode::Type);
                let len_cap = matches!(
                    self.info.uses.get(&func.id),
                    Some(Obj::Builtin(Builtin::Len | Builtin::Cap))
                );
                (conversion || len_cap) && args.iter().all(|a| self.expr(a))
            }
            // Types inside expressions (conversions' callees, literals' types).
            ExprKind::ArrayType { .. }
            | ExprKind::SliceType(_)
            | ExprKind::MapType(_, _)
            | ExprKind::ChanType(_, _)
            | ExprKind::FuncType(_)
            | ExprKind::StructType(_)
            | ExprKind::InterfaceType(_)
            | ExprKind::Ellipsis(_) => true,
            ExprKind::FuncLit { .. }
            | ExprKind::Slice { .. }
            | ExprKind::IndexList(..)
            | ExprKind::Tilde(_)
            | ExprKind::Union(_) => false,
        }
    }
}
