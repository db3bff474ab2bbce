//! Generic functions used as values (Go 1.21's reverse type inference).
//!
//! Owns: inferring the type arguments of a generic function that is not
//! called but assigned (`var f func(int, int) int = Max`, `apply(Max)`,
//! `return Max`, `[]func(int) int{Double}`) from the function type it is
//! assigned to, and, in a call of a generic function, inferring the
//! callee's type parameters from such an argument once the argument's
//! own ones are known (`Map(xs, Double)` binds `U` through `Double[int]`).
//!
//! The instance is forced on the expression's node exactly as an
//! inferred callee is (`GenState::forced`), so the compiler sees the same
//! function value as for an explicit `Max[int]`.
//!
//! What is simplified: gc unifies the callee's and the arguments' type
//! parameters jointly; here the argument side is inferred from the
//! parameter types already known, then the callee's from the argument's
//! instance, which covers one argument feeding the callee (no cycles
//! through several generic arguments).

use super::decls::{strip_parens, type_names, ObjKind};
use super::Operand;
use super::{Checker, Ent, Scope};
use crate::types::{FxMap, Signature, TypeId, TypeTable};
use minigo_parser::ast::{self, ExprKind as K};

/// Where a generic function value meets its target type: decides how gc
/// words a failed inference.
#[derive(Clone, Copy)]
pub(crate) enum ValueCtx<'s> {
    /// An assignment, declaration, return or literal element; the string
    /// names the target as gc does (`f`, `result variable`, `struct literal`).
    Assign(&'s str),
    /// An argument to a call of `fname`, whose `(` is at `lparen`.
    Arg { fname: &'s str, lparen: u32 },
}

impl<'a> Checker<'a> {
    /// `e` as a value assigned to type `target` (if known): a generic
    /// function gets its type arguments from `target`'s signature;
    /// anything else is an ordinary single value.
    pub(crate) fn value_to(
        &mut self,
        e: &ast::Expr,
        target: Option<TypeId>,
        ctx: ValueCtx<'_>,
    ) -> Operand {
        match target.and_then(|t| self.generic_value(e, t, ctx)) {
            Some(x) => x,
            None => self.expr(e),
        }
    }

    /// The instance of the generic function `e` names (not fully
    /// instantiated) that `target` asks for; `None` when `e` is no such
    /// function or `target` is no function type (then `e` is checked as
    /// usual, and gc's "without instantiation" follows).
    pub(crate) fn generic_value(
        &mut self,
        e: &ast::Expr,
        target: TypeId,
        ctx: ValueCtx<'_>,
    ) -> Option<Operand> {
        // gc takes no type arguments for a parenthesized one: `(Max)` is
        // a generic function used without instantiation.
        let inner = e;
        if !matches!(
            inner.kind,
            K::Ident(_) | K::Selector(..) | K::Index(..) | K::IndexList(..)
        ) {
            return None;
        }
        let tsig = self.sig_of(target)?;
        let g = self.generic_ref(inner)?;
        let ObjKind::Func { decl, .. } = self.objs[g.obj].kind else {
            return None;
        };
        if g.targs.len() >= decl.tparams.len() {
            return None;
        }
        let o = g.obj;
        let names: Vec<String> = decl.tparams.iter().map(|t| t.name.name.clone()).collect();
        let mut binds: Vec<Option<TypeId>> = vec![None; names.len()];
        let mut poss: Vec<u32> = vec![inner.span.lo; names.len()];
        for (i, a) in g.targs.iter().enumerate() {
            let t = self.type_expr(a);
            if t == TypeTable::INVALID {
                self.record(e, &Operand::invalid());
                return Some(Operand::invalid());
            }
            binds[i] = Some(t);
            poss[i] = a.span.lo;
        }
        let explicit = binds.clone();
        if !self.unify_sig(o, &decl.sig, &tsig, &names, &mut binds) {
            self.func_value_mismatch(e, o, target, &explicit, &binds, ctx);
            self.record(e, &Operand::invalid());
            return Some(Operand::invalid());
        }
        self.infer_from_constraints(o, &decl.tparams, &names, &mut binds);
        if let Some(i) = binds.iter().position(|b| b.is_none()) {
            let at = self.tparam_pos(o, i);
            let (pos, prefix) = match ctx {
                ValueCtx::Assign(_) => (inst_pos(inner), String::new()),
                ValueCtx::Arg { fname, lparen } => (lparen, format!("in call to {fname}, ")),
            };
            self.err(
                pos,
                format!("{prefix}cannot infer {} (declared at {at})", names[i]),
            );
            self.record(e, &Operand::invalid());
            return Some(Operand::invalid());
        }
        let targs: Vec<TypeId> = binds.into_iter().flatten().collect();
        let Some(f) = self.instantiate_func(o, targs, &poss) else {
            self.record(e, &Operand::invalid());
            return Some(Operand::invalid());
        };
        self.gen.forced.insert(inner.id, f);
        Some(self.expr(e))
    }

    /// Binds generic function `o`'s type parameters `names` by matching
    /// its signature `gsig` against the function type `tsig`, as gc's
    /// unifier does: same shape, then parameters, then results. False
    /// when they cannot match (a type parameter bound two ways included).
    fn unify_sig(
        &mut self,
        o: usize,
        gsig: &ast::FuncType,
        tsig: &Signature,
        names: &[String],
        binds: &mut [Option<TypeId>],
    ) -> bool {
        if gsig.variadic != tsig.variadic || gsig.params.len() != tsig.params.len() {
            return false;
        }
        let n = gsig.params.len();
        for (i, p) in gsig.params.iter().enumerate() {
            let variadic = gsig.variadic && i + 1 == n;
            if !self.unify_one(o, &p.ty, variadic, tsig.params[i], names, binds) {
                return false;
            }
        }
        if gsig.results.len() != tsig.results.len() {
            return false;
        }
        for (p, &t) in gsig.results.iter().zip(&tsig.results) {
            if !self.unify_one(o, &p.ty, false, t, names, binds) {
                return false;
            }
        }
        true
    }

    /// Unifies type expression `x` of generic `o`'s declaration (`...x`
    /// if `variadic`) with `t`; false when `x`, with what is bound so
    /// far, is not `t`.
    fn unify_one(
        &mut self,
        o: usize,
        x: &ast::Expr,
        variadic: bool,
        t: TypeId,
        names: &[String],
        binds: &mut [Option<TypeId>],
    ) -> bool {
        let home = self.enter_home(o);
        self.unify(&param_type(x, variadic), t, names, binds, 0);
        self.leave_home(home);
        match self.eval_bound(o, names, binds, x, variadic) {
            Some(have) => have == t,
            None => true,
        }
    }

    /// Type expression `x` of generic `o`'s declaration (`[]x` if
    /// `variadic`) with the type parameters `names` bound to `binds`;
    /// `None` while it mentions one not bound yet, or when it does not
    /// evaluate (nothing reported).
    pub(super) fn eval_bound(
        &mut self,
        o: usize,
        names: &[String],
        binds: &[Option<TypeId>],
        x: &ast::Expr,
        variadic: bool,
    ) -> Option<TypeId> {
        let mut used = Vec::new();
        type_names(x, &mut used);
        let unbound = |n: &str| names.iter().zip(binds).any(|(m, b)| m == n && b.is_none());
        if used.iter().any(|n| unbound(n)) {
            return None;
        }
        let mut scope = Scope {
            names: FxMap::default(),
        };
        for (n, b) in names.iter().zip(binds) {
            if let Some(t) = b {
                scope.names.insert(n.clone(), Ent::Type(*t));
            }
        }
        let saved_errs = self.errors.len();
        let saved = self.enter_decl(o, &scope);
        let t = self.type_expr(x);
        self.leave_decl(saved);
        let failed = self.errors.len() > saved_errs;
        self.errors.truncate(saved_errs);
        if failed || t == TypeTable::INVALID {
            return None;
        }
        Some(if variadic {
            self.info.types.slice(t)
        } else {
            t
        })
    }

    /// gc's report of a generic function value whose signature cannot
    /// match the target's. `explicit`: the type arguments written;
    /// `binds`: those and the ones inferred before the mismatch.
    fn func_value_mismatch(
        &mut self,
        e: &ast::Expr,
        o: usize,
        target: TypeId,
        explicit: &[Option<TypeId>],
        binds: &[Option<TypeId>],
        ctx: ValueCtx<'_>,
    ) {
        let ObjKind::Func { decl, .. } = self.objs[o].kind else {
            return;
        };
        let names: Vec<String> = decl.tparams.iter().map(|t| t.name.name.clone()).collect();
        let none = binds.iter().all(|b| b.is_none());
        let ts = self.type_string(target);
        let msg = match ctx {
            ValueCtx::Assign(desc) => {
                // gc substitutes the written type arguments before
                // inferring: the message's generic type has them.
                let gsig = self.generic_sig_string(o, &decl.sig, &names, explicit);
                let inferred = self.generic_sig_string(o, &decl.sig, &names, binds);
                if none {
                    format!(
                        "type {ts} of {desc} does not match {gsig} (cannot infer {})",
                        tparams_string(&names)
                    )
                } else if inferred == gsig {
                    format!("type {ts} of {desc} does not match {gsig}")
                } else {
                    format!(
                        "inferred type {inferred} for {gsig} does not match type {ts} of {desc}"
                    )
                }
            }
            ValueCtx::Arg { fname, .. } => {
                let full = self.generic_decl_string(o);
                let tparams = &full[self.objs[o].name.len()..];
                let gsig = self.generic_sig_string(o, &decl.sig, &names, &[]);
                let gsig = format!("func{tparams}{}", &gsig["func".len()..]);
                let arg = super::describe::expr_string(e);
                let suffix = if none {
                    format!(" (cannot infer {})", tparams_string(&names))
                } else {
                    String::new()
                };
                format!("in call to {fname}, type {gsig} of {arg} does not match {ts}{suffix}")
            }
        };
        let pos = match ctx {
            ValueCtx::Assign(_) => inst_pos(e),
            ValueCtx::Arg { .. } => e.span.lo,
        };
        self.err(pos, msg);
    }

    /// `func(a T, b T) T` as types2 prints a generic signature, with the
    /// parameters bound in `binds` (if any) substituted.
    fn generic_sig_string(
        &mut self,
        o: usize,
        sig: &ast::FuncType,
        names: &[String],
        binds: &[Option<TypeId>],
    ) -> String {
        let ty = |c: &mut Self, x: &ast::Expr| -> String {
            if binds.iter().any(|b| b.is_some()) {
                if let Some(t) = c.eval_bound(o, names, binds, x, false) {
                    return c.type_string(t);
                }
            }
            super::describe::expr_string(x)
        };
        let n = sig.params.len();
        let mut params = Vec::new();
        for (i, p) in sig.params.iter().enumerate() {
            let mut s = String::new();
            if let Some(name) = &p.name {
                s.push_str(&name.name);
                s.push(' ');
            }
            if sig.variadic && i + 1 == n {
                s.push_str("...");
            }
            s.push_str(&ty(self, &p.ty));
            params.push(s);
        }
        let mut results = Vec::new();
        let named = sig.results.iter().any(|p| p.name.is_some());
        for p in &sig.results {
            let mut s = String::new();
            if let Some(name) = &p.name {
                s.push_str(&name.name);
                s.push(' ');
            }
            s.push_str(&ty(self, &p.ty));
            results.push(s);
        }
        let mut out = format!("func({})", params.join(", "));
        match results.len() {
            0 => {}
            1 if !named => {
                out.push(' ');
                out.push_str(&results[0]);
            }
            _ => {
                out.push_str(" (");
                out.push_str(&results.join(", "));
                out.push(')');
            }
        }
        out
    }

    /// In a call of generic `callee`: binds its type parameters through
    /// arguments that are themselves generic functions (`Map(xs, Double)`
    /// with `f func(T) U`): the argument's type parameters are inferred
    /// from the parameter types already known (`T`), and the argument's
    /// instance signature then binds the rest (`U`).
    pub(super) fn bind_from_generic_args(
        &mut self,
        callee: usize,
        param_of: &dyn Fn(usize) -> Option<&'a ast::Expr>,
        args: &[ast::Expr],
        names: &[String],
        binds: &mut [Option<TypeId>],
    ) {
        for (j, a) in args.iter().enumerate() {
            if binds.iter().all(|b| b.is_some()) {
                return;
            }
            let Some(pt) = param_of(j) else { continue };
            let K::FuncType(ft) = &strip_parens(pt).kind else {
                continue;
            };
            let inner = a;
            if !matches!(
                inner.kind,
                K::Ident(_) | K::Selector(..) | K::Index(..) | K::IndexList(..)
            ) {
                continue;
            }
            let Some(g) = self.generic_ref(inner) else {
                continue;
            };
            let ObjKind::Func { decl: adecl, .. } = self.objs[g.obj].kind else {
                continue;
            };
            if g.targs.len() >= adecl.tparams.len()
                || adecl.sig.variadic != ft.variadic
                || adecl.sig.params.len() != ft.params.len()
                || adecl.sig.results.len() != ft.results.len()
            {
                continue;
            }
            let anames: Vec<String> = adecl.tparams.iter().map(|t| t.name.name.clone()).collect();
            let mut abinds: Vec<Option<TypeId>> = vec![None; anames.len()];
            let mut bad = false;
            for (i, x) in g.targs.iter().enumerate() {
                let t = self.type_expr(x);
                bad |= t == TypeTable::INVALID;
                abinds[i] = Some(t);
            }
            if bad {
                continue;
            }
            // The argument's parameters from the callee's known ones.
            let n = ft.params.len();
            let pairs: Vec<(&ast::Expr, &ast::Expr, bool)> = ft
                .params
                .iter()
                .zip(&adecl.sig.params)
                .enumerate()
                .map(|(i, (p, q))| (&p.ty, &q.ty, ft.variadic && i + 1 == n))
                .chain(
                    ft.results
                        .iter()
                        .zip(&adecl.sig.results)
                        .map(|(p, q)| (&p.ty, &q.ty, false)),
                )
                .collect();
            for &(p, q, variadic) in &pairs {
                let Some(t) = self.eval_bound(callee, names, binds, p, variadic) else {
                    continue;
                };
                let home = self.enter_home(g.obj);
                self.unify(&param_type(q, variadic), t, &anames, &mut abinds, 0);
                self.leave_home(home);
            }
            if abinds.iter().any(|b| b.is_none()) {
                continue;
            }
            // The callee's from the argument's instance.
            for &(p, q, variadic) in &pairs {
                let Some(t) = self.eval_bound(g.obj, &anames, &abinds, q, variadic) else {
                    continue;
                };
                let home = self.enter_home(callee);
                self.unify(&param_type(p, variadic), t, names, binds, 0);
                self.leave_home(home);
            }
        }
    }
}

/// Where gc places an error about generic function value `e`: at the
/// `[` of a partial instantiation `G[int]`, else at its start.
fn inst_pos(e: &ast::Expr) -> u32 {
    match &e.kind {
        K::Index(x, _) | K::IndexList(x, _) => x.span.hi,
        _ => e.span.lo,
    }
}

/// A parameter's type expression as a type: `...T` is `[]T`.
fn param_type(x: &ast::Expr, variadic: bool) -> ast::Expr {
    if variadic {
        ast::Expr {
            id: 0,
            span: x.span,
            kind: K::SliceType(Box::new(x.clone())),
        }
    } else {
        x.clone()
    }
}

/// How types2 lists type parameters that could not be inferred:
/// `T`, `T and U`, `T, U, and V`.
fn tparams_string(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [a] => a.clone(),
        [a, b] => format!("{a} and {b}"),
        [init @ .., last] => format!("{}, and {last}", init.join(", ")),
    }
}
