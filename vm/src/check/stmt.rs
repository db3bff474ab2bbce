//! Statements.
//!
//! Owns: block scoping and shadowing, assignments and `:=` declarations,
//! control flow validity (break/continue/fallthrough targets, labels),
//! switch/type switch/select/range typing, `go`/`defer`, returns, Go's
//! terminating-statement analysis (`missing return`) and the unused
//! variable bookkeeping (locals are registered here; reported per
//! top-level function by `decls.rs`).

use super::expr::plural;
use super::{Checker, Ent, OpMode, Operand};
use crate::info::{Builtin, Obj, VarId};
use crate::types::{BasicKind, ChanDir, Type, TypeId, TypeTable};
use crate::types::{FxMap, FxSet};
use minigo_parser::ast::{self, ExprKind as K, StmtKind as S};

/// What the enclosing statements allow.
#[derive(Clone, Default)]
pub(crate) struct Ctx {
    in_loop: bool,
    in_break: bool,
    /// `fallthrough` is allowed as the last statement here.
    fallthrough_ok: bool,
    final_case: bool,
    /// Directly in a type switch clause (where gc says `cannot
    /// fallthrough in type switch`).
    type_switch: bool,
    /// Labels of enclosing labeled statements: (name, is loop, breakable).
    labels: Vec<(String, bool, bool)>,
}

impl<'a> Checker<'a> {
    pub(crate) fn func_body(&mut self, body: &ast::Block) {
        // Labels are function-scoped: collect them first.
        let mut labels = FxMap::default();
        collect_labels(&body.stmts, &mut labels, self);
        if let Some(f) = &mut self.fctx {
            f.labels = labels.into_iter().map(|(k, v)| (k, (v, false))).collect();
        }
        // No scope of its own: parameters, results and the body's top level
        // share one block (`value, err := f()` reuses a result `value`).
        self.stmts(&body.stmts, &Ctx::default());
        let f = &self.prog.packages[self.pkg].files[self.file];
        for (pos, msg) in super::gotos::check(body, &f.src, &f.name) {
            self.err(pos, msg);
        }
        // Unused labels.
        if let Some(f) = &self.fctx {
            let mut unused: Vec<(u32, String)> = f
                .labels
                .iter()
                .filter(|(_, (_, used))| !used)
                .map(|(n, (p, _))| (*p, n.clone()))
                .collect();
            unused.sort();
            for (p, n) in unused {
                self.err(p, format!("label {n} defined and not used"));
            }
        }
        let has_results = self.fctx.as_ref().is_some_and(|f| !f.results.is_empty());
        if has_results && !self.is_terminating_list(&body.stmts, "") {
            self.err(body.span.hi.saturating_sub(1), "missing return");
        }
    }

    /// `x redeclared in this block` for a second declaration in a scope.
    pub(crate) fn check_redeclared(&mut self, name: &str, pos: u32) -> bool {
        if name == "_" {
            return false;
        }
        if let Some(prev) = self.in_innermost(name).cloned() {
            let other = match prev {
                Ent::Var(v) => Some(self.info.vars[v.0 as usize].pos),
                _ => None,
            };
            let mut msg = format!("{name} redeclared in this block");
            if let Some(p) = other {
                msg.push_str(&format!(
                    "\n\t{}: other declaration of {name}",
                    self.pos_string(p)
                ));
            }
            self.err(pos, msg);
            return true;
        }
        false
    }

    fn stmts(&mut self, list: &[ast::Stmt], ctx: &Ctx) {
        let n = list.len();
        for (i, s) in list.iter().enumerate() {
            let mut c = ctx.clone();
            // fallthrough only as the very last statement of a clause.
            c.fallthrough_ok = ctx.fallthrough_ok && i + 1 == n;
            self.stmt(s, &c);
        }
    }

    fn block(&mut self, b: &ast::Block, ctx: &Ctx) {
        self.push_scope();
        let mut c = ctx.clone();
        c.fallthrough_ok = false;
        c.type_switch = false;
        self.stmts(&b.stmts, &c);
        self.pop_scope();
    }

    fn declare_local(&mut self, id: &ast::Ident, t: TypeId) {
        let dup = self.check_redeclared(&id.name, id.span.lo);
        let v = self.new_var(&id.name, t, false, id.span.lo);
        if id.name != "_" {
            self.info.defs.insert(id.id, v);
        }
        // A failed redeclaration leaves the first declaration in scope.
        if !dup {
            if id.name != "_" {
                self.locals.push(v);
            }
            self.declare(&id.name, Ent::Var(v));
        }
    }

    fn stmt(&mut self, s: &ast::Stmt, ctx: &Ctx) {
        match &s.kind {
            S::Empty => {}
            S::Expr(e) => self.expr_stmt(e),
            S::Send { ch, value } => {
                let c = self.expr(ch);
                let mut v = self.expr(value);
                if c.is_invalid() || v.is_invalid() {
                    return;
                }
                match self.tt().under(c.ty).clone() {
                    Type::Chan(dir, el) => {
                        if dir == ChanDir::Recv {
                            let ts = self.type_string(c.ty);
                            let d = self.operand_string(ch, &c);
                            self.err(s.span.lo, format!("invalid operation: cannot send to receive-only channel {ts} {d}"));
                            return;
                        }
                        self.assignment(&mut v, value, el, "send");
                    }
                    _ => {
                        let d = self.operand_string(ch, &c);
                        self.err(
                            s.span.lo,
                            format!("invalid operation: cannot send to non-channel {d}"),
                        );
                    }
                }
            }
            S::IncDec { x, inc } => {
                let o = self.expr(x);
                if o.is_invalid() {
                    return;
                }
                if !self.tt().basic_kind(o.ty).is_some_and(|k| k.is_numeric()) {
                    let es = super::describe::expr_string(x);
                    let ts = self.type_string(o.ty);
                    let op = if *inc { "++" } else { "--" };
                    self.err(
                        x.span.lo,
                        format!("invalid operation: {es}{op} (non-numeric type {ts})"),
                    );
                    return;
                }
                self.check_assignable_lhs(x, &o);
            }
            S::Assign { lhs, op, rhs } => match op {
                ast::AssignOp::Define => self.define(s, lhs, rhs),
                ast::AssignOp::Assign => self.assign(s, lhs, rhs),
                ast::AssignOp::Op(bop) => {
                    if lhs.len() != 1 || rhs.len() != 1 {
                        self.err(
                            s.span.lo,
                            format!(
                                "assignment operation {}= requires single-valued expressions",
                                bop.as_str()
                            ),
                        );
                        return;
                    }
                    // Check `lhs op rhs` as a binary expression.
                    let l = self.expr(&lhs[0]);
                    if l.is_invalid() {
                        self.expr(&rhs[0]);
                        return;
                    }
                    let fake = ast::Expr {
                        id: u32::MAX,
                        span: s.span,
                        kind: K::Binary(*bop, Box::new(lhs[0].clone()), Box::new(rhs[0].clone())),
                    };
                    let r = self.raw_expr(&fake, None);
                    self.info.exprs.remove(&u32::MAX);
                    if r.is_invalid() {
                        return;
                    }
                    self.check_assignable_lhs(&lhs[0], &l);
                }
            },
            S::Var(specs) => {
                for spec in specs {
                    let at = spec.names.first().map(|n| n.span.lo);
                    let saved = std::mem::replace(&mut self.decl_name_pos, at);
                    let types = self.var_spec_types(spec, None);
                    self.decl_name_pos = saved;
                    for (i, n) in spec.names.iter().enumerate() {
                        let t = types.get(i).copied().unwrap_or(TypeTable::INVALID);
                        self.declare_local(n, t);
                    }
                }
            }
            S::Const(specs) => {
                for spec in specs {
                    let mut vals = Vec::new();
                    for i in 0..spec.names.len() {
                        vals.push(self.const_spec_value(spec, i));
                    }
                    for (n, (t, v)) in spec.names.iter().zip(vals) {
                        if self.check_redeclared(&n.name, n.span.lo) {
                            continue;
                        }
                        if let Some(v) = v {
                            self.declare(&n.name, Ent::Const(t, v));
                        } else {
                            self.declare(&n.name, Ent::Type(TypeTable::INVALID));
                        }
                    }
                }
            }
            S::Type(specs) => {
                for spec in specs {
                    if self.check_redeclared(&spec.name.name, spec.name.span.lo) {
                        continue;
                    }
                    let saved = self.decl_name_pos.replace(spec.name.span.lo);
                    if spec.alias {
                        let t = self.type_expr(&spec.ty);
                        self.declare(&spec.name.name, Ent::Type(t));
                    } else {
                        let path = self.pkgs[self.pkg].path.clone();
                        let name = &spec.name.name;
                        let rname = self.local_type_name(name);
                        let named = self.info.types.new_named(
                            rname.as_deref().unwrap_or(name),
                            &path,
                            TypeTable::INVALID,
                        );
                        if rname.is_some() {
                            self.gen.err_names.insert(named, name.clone());
                        }
                        self.declare(&spec.name.name, Ent::Type(named));
                        let u = self.type_expr(&spec.ty);
                        let u = self.resolve_underlying(u);
                        self.info.types.set_underlying(named, u);
                    }
                    self.decl_name_pos = saved;
                }
            }
            S::Go(e) | S::Defer(e) => {
                let what = if matches!(s.kind, S::Go(_)) {
                    "go"
                } else {
                    "defer"
                };
                let inner = super::decls::strip_parens(e);
                if !std::ptr::eq(inner, e) {
                    self.raw_expr(e, None);
                    self.err(
                        e.span.lo,
                        format!("expression in {what} must not be parenthesized"),
                    );
                    if !matches!(inner.kind, K::Call { .. }) {
                        self.err(
                            inner.span.lo,
                            format!("expression in {what} must be function call"),
                        );
                    }
                    return;
                }
                if !matches!(inner.kind, K::Call { .. }) {
                    self.raw_expr(e, None);
                    self.err(
                        e.span.lo,
                        format!("expression in {what} must be function call"),
                    );
                    return;
                }
                let x = self.raw_expr(e, None);
                if x.is_invalid() {
                    return;
                }
                if let K::Call { func, .. } = &inner.kind {
                    if let Some(info) = self.info.exprs.get(&func.id) {
                        if info.mode == crate::info::Mode::Type {
                            let d = self.operand_string(e, &x);
                            self.err(
                                e.span.lo,
                                format!("{what} requires function call, not conversion {d}"),
                            );
                            return;
                        }
                        if info.mode == crate::info::Mode::Builtin {
                            if let Some(Obj::Builtin(b)) = self.builtin_of(func) {
                                if matches!(
                                    b,
                                    Builtin::Append
                                        | Builtin::Cap
                                        | Builtin::Len
                                        | Builtin::Make
                                        | Builtin::New
                                        | Builtin::Max
                                        | Builtin::Min
                                        | Builtin::Complex
                                        | Builtin::Real
                                        | Builtin::Imag
                                ) {
                                    let d = self.operand_string(e, &x);
                                    self.err(e.span.lo, format!("{what} discards result of {d}"));
                                }
                            }
                        }
                    }
                }
            }
            S::Return(results) => self.return_stmt(s, results),
            S::Break(label) => match label {
                None => {
                    if !ctx.in_break {
                        self.err(s.span.lo, "break is not in a loop, switch, or select");
                    }
                }
                Some(l) => self.branch_label(l, ctx, false),
            },
            S::Continue(label) => match label {
                None => {
                    if !ctx.in_loop {
                        self.err(s.span.lo, "continue is not in a loop");
                    }
                }
                Some(l) => self.branch_label(l, ctx, true),
            },
            S::Goto(l) => {
                let found = self
                    .fctx
                    .as_mut()
                    .and_then(|f| f.labels.get_mut(&l.name))
                    .map(|x| x.1 = true);
                if found.is_none() {
                    self.err(l.span.lo, format!("label {} not defined", l.name));
                }
            }
            S::Fallthrough => {
                if ctx.type_switch {
                    self.err(s.span.lo, "cannot fallthrough in type switch");
                } else if !ctx.fallthrough_ok {
                    self.err(s.span.lo, "fallthrough statement out of place");
                } else if ctx.final_case {
                    self.err(s.span.lo, "cannot fallthrough final case in switch");
                }
            }
            S::Block(b) => self.block(b, ctx),
            S::If {
                init,
                cond,
                then,
                els,
            } => {
                self.push_scope();
                if let Some(i) = init {
                    self.stmt(i, ctx);
                }
                self.cond(cond, "if statement");
                self.block(then, ctx);
                if let Some(e) = els {
                    let mut c = ctx.clone();
                    c.fallthrough_ok = false;
                    c.type_switch = false;
                    self.stmt(e, &c);
                }
                self.pop_scope();
            }
            S::Switch {
                init, tag, cases, ..
            } => {
                self.push_scope();
                if let Some(i) = init {
                    self.stmt(i, ctx);
                }
                let tag_op = match tag {
                    Some(t) => {
                        let mut x = self.expr(t);
                        if !x.is_invalid() {
                            self.assign_default(&mut x, t, "switch expression");
                            // Funcs, maps and slices may be switched on,
                            // their cases compared with nil only.
                            let nil_only = matches!(
                                self.tt().under(x.ty),
                                Type::Func(_) | Type::Map(..) | Type::Slice(_)
                            );
                            if !x.is_invalid() && !nil_only && !self.comparable(x.ty) {
                                let d = self.operand_string(t, &x);
                                let ts = self.type_string(x.ty);
                                self.err(
                                    t.span.lo,
                                    format!("cannot switch on {d} ({ts} is not comparable)"),
                                );
                                x = Operand::invalid();
                            }
                        }
                        Some(x)
                    }
                    None => None,
                };
                let mut seen_default: Option<u32> = None;
                let n = cases.len();
                // Constant case values seen so far (gc rejects duplicates),
                // hashed: a generated switch has 100k cases.
                let mut seen_consts: FxMap<(crate::info::ConstValue, TypeId), u32> =
                    FxMap::default();
                for (ci, cl) in cases.iter().enumerate() {
                    if cl.is_default {
                        if let Some(first) = seen_default {
                            self.multiple_defaults(cl.span.lo, first);
                        }
                        seen_default = Some(cl.span.lo);
                    }
                    for ce in &cl.exprs {
                        match (&tag_op, tag) {
                            (Some(tx), Some(te)) => self.case_value(tx, te, ce),
                            _ => self.tagless_case(ce),
                        }
                        if tag.is_some() {
                            let known = self
                                .info
                                .exprs
                                .get(&ce.id)
                                .and_then(|i| i.value.as_deref().cloned().map(|v| (v, i.ty)));
                            // gc does not look for duplicate complex cases.
                            let known = known.filter(|(v, _)| {
                                !matches!(v, crate::info::ConstValue::Complex(..))
                            });
                            // `T(0)` is no constant in gc's generic body.
                            let known = known.filter(|_| !self.mentions_tparam(ce));
                            if let Some((v, t)) = known {
                                let prev = seen_consts.get(&(v.clone(), t)).copied();
                                if let Some(prev) = prev {
                                    let tname = self.info.types.name(t, false);
                                    let at = self.pos_string(prev);
                                    // gc shows the value unless the case is
                                    // written as that very literal.
                                    let es = super::describe::expr_string(ce);
                                    let vs = super::constant::value_string(&v);
                                    let val = if es == vs {
                                        String::new()
                                    } else {
                                        format!("{vs} ")
                                    };
                                    self.err(
                                        ce.span.lo,
                                        format!(
                                            "duplicate case {es} (constant {val}of type {tname}) in expression switch\n\t{at}: previous case"
                                        ),
                                    );
                                } else {
                                    seen_consts.insert((v, t), ce.span.lo);
                                }
                            }
                        }
                    }
                    self.push_scope();
                    let mut c = ctx.clone();
                    c.in_break = true;
                    c.fallthrough_ok = true;
                    c.type_switch = false;
                    c.final_case = ci + 1 == n;
                    c.labels = ctx.labels.clone();
                    self.stmts(&cl.body, &c);
                    self.pop_scope();
                }
                self.pop_scope();
            }
            S::TypeSwitch {
                init,
                bind,
                x,
                cases,
                ..
            } => {
                self.push_scope();
                if let Some(i) = init {
                    self.stmt(i, ctx);
                }
                let xo = self.expr(x);
                let valid = !xo.is_invalid();
                if valid && !self.tt().is_interface(xo.ty) {
                    let d = self.operand_string(x, &xo);
                    self.err(x.span.lo, format!("{d} is not an interface"));
                }
                let mut clause_vars = Vec::new();
                let mut seen_default: Option<u32> = None;
                // Case types so far, for gc's duplicate-case error.
                let mut seen_types: FxMap<TypeId, u32> = FxMap::default();
                for cl in cases {
                    if cl.is_default {
                        if let Some(first) = seen_default {
                            self.multiple_defaults(cl.span.lo, first);
                        }
                        seen_default = Some(cl.span.lo);
                    }
                    let mut single: Option<TypeId> = None;
                    for te in &cl.types {
                        let is_nil = matches!(&te.kind, K::Ident(n) if n == "nil")
                            && matches!(self.lookup("nil"), Some(Ent::Nil));
                        if is_nil {
                            self.record_use(te.id, Obj::Nil);
                            let nt = if valid { xo.ty } else { TypeTable::UNTYPED_NIL };
                            self.record(te, &Operand::value(nt));
                            single = Some(if valid { xo.ty } else { TypeTable::INVALID });
                            continue;
                        }
                        let t = self.type_expr(te);
                        single = Some(t);
                        // A type parameter's case duplicates nothing and is
                        // never impossible (gc checks the generic body).
                        let tparam = self.mentions_tparam(te);
                        if t != TypeTable::INVALID && !tparam {
                            if let Some(&prev) = seen_types.get(&t) {
                                let ts = self.type_string(t);
                                let at = self.pos_string(prev);
                                self.err(
                                    te.span.lo,
                                    format!(
                                        "duplicate case {ts} in type switch\n\t{at}: previous case"
                                    ),
                                );
                            } else {
                                seen_types.insert(t, te.span.lo);
                            }
                        }
                        if t != TypeTable::INVALID
                            && !tparam
                            && valid
                            && self.tt().is_interface(xo.ty)
                            && !self.tt().is_interface(t)
                        {
                            if let Some(cause) = self.missing_method(t, xo.ty) {
                                let d = self.operand_string(x, &xo);
                                let ts = self.type_string(t);
                                let why = cause
                                    .split_once(" (")
                                    .map(|(_, w)| format!("({w}"))
                                    .unwrap_or_default();
                                self.err(te.span.lo, format!("impossible type switch case: {d} cannot have dynamic type {ts} {why}"));
                            }
                        }
                    }
                    self.push_scope();
                    if let Some(b) = bind {
                        let t = if cl.types.len() == 1 {
                            single.unwrap_or(xo.ty)
                        } else {
                            xo.ty
                        };
                        let t = if valid { t } else { TypeTable::INVALID };
                        let v = self.new_var(&b.name, t, false, b.span.lo);
                        self.info.implicits.insert(cl.id, v);
                        self.declare(&b.name, Ent::Var(v));
                        clause_vars.push(v);
                    }
                    let mut c = ctx.clone();
                    c.in_break = true;
                    c.fallthrough_ok = false;
                    c.type_switch = true;
                    self.stmts(&cl.body, &c);
                    self.pop_scope();
                }
                if let Some(b) = bind {
                    if b.name != "_" && !clause_vars.iter().any(|v| self.used.contains(v)) {
                        self.err(b.span.lo, format!("{} declared and not used", b.name));
                    }
                    // Mark as used so nothing else reports them.
                    for v in clause_vars {
                        self.used.insert(v);
                    }
                }
                self.pop_scope();
            }
            S::Select { cases } => {
                let mut seen_default: Option<u32> = None;
                for cl in cases {
                    if cl.comm.is_none() {
                        if let Some(first) = seen_default {
                            self.multiple_defaults(cl.span.lo, first);
                        }
                        seen_default = Some(cl.span.lo);
                    }
                    self.push_scope();
                    if let Some(comm) = &cl.comm {
                        self.comm_clause(comm, ctx);
                    }
                    let mut c = ctx.clone();
                    c.in_break = true;
                    c.fallthrough_ok = false;
                    c.type_switch = false;
                    self.stmts(&cl.body, &c);
                    self.pop_scope();
                }
            }
            S::For {
                init,
                cond,
                post,
                body,
            } => {
                self.push_scope();
                if let Some(i) = init {
                    self.stmt(i, ctx);
                }
                if let Some(c) = cond {
                    self.cond(c, "for statement");
                }
                if let Some(p) = post {
                    if let S::Assign {
                        op: ast::AssignOp::Define,
                        ..
                    } = p.kind
                    {
                        self.err(p.span.lo, "cannot declare in post statement of for loop");
                    } else {
                        self.stmt(p, ctx);
                    }
                }
                let mut c = ctx.clone();
                c.in_loop = true;
                c.in_break = true;
                c.fallthrough_ok = false;
                self.block(body, &c);
                self.pop_scope();
            }
            S::Range {
                key,
                value,
                define,
                x,
                body,
            } => {
                self.push_scope();
                self.range_clause(s, key.as_ref(), value.as_ref(), *define, x);
                let mut c = ctx.clone();
                c.in_loop = true;
                c.in_break = true;
                c.fallthrough_ok = false;
                self.block(body, &c);
                self.pop_scope();
            }
            S::Labeled { label, stmt } => {
                let mut c = ctx.clone();
                let is_loop = matches!(stmt.kind, S::For { .. } | S::Range { .. });
                let breakable = is_loop
                    || matches!(
                        stmt.kind,
                        S::Switch { .. } | S::TypeSwitch { .. } | S::Select { .. }
                    );
                c.labels.push((label.name.clone(), is_loop, breakable));
                self.stmt(stmt, &c);
            }
        }
    }

    fn builtin_of(&self, f: &ast::Expr) -> Option<Obj> {
        let f = super::decls::strip_parens(f);
        self.info.uses.get(&f.id).cloned()
    }

    fn branch_label(&mut self, l: &ast::Ident, ctx: &Ctx, is_continue: bool) {
        let defined = self
            .fctx
            .as_mut()
            .and_then(|f| f.labels.get_mut(&l.name))
            .map(|x| {
                x.1 = true;
            });
        let what = if is_continue { "continue" } else { "break" };
        if defined.is_none() {
            self.err(l.span.lo, format!("{what} label not defined: {}", l.name));
            return;
        }
        let ok = ctx
            .labels
            .iter()
            .rev()
            .find(|(n, _, _)| n == &l.name)
            .is_some_and(|(_, is_loop, breakable)| if is_continue { *is_loop } else { *breakable });
        if !ok {
            self.err(l.span.lo, format!("invalid {what} label {}", l.name));
        }
    }

    fn cond(&mut self, e: &ast::Expr, what: &str) {
        let mut x = self.expr(e);
        if x.is_invalid() {
            return;
        }
        if !matches!(
            self.tt().basic_kind(x.ty),
            Some(BasicKind::Bool) | Some(BasicKind::UntypedBool)
        ) {
            self.err(e.span.lo, format!("non-boolean condition in {what}"));
            return;
        }
        if self.is_untyped(x.ty) {
            self.convert_untyped(&mut x, e, TypeTable::BOOL);
        }
    }

    /// A case of a tagless switch, which is `switch true`: a boolean, or
    /// an interface value compared with `true`.
    fn tagless_case(&mut self, e: &ast::Expr) {
        let mut x = self.expr(e);
        if x.is_invalid() {
            return;
        }
        match self.tt().basic_kind(x.ty) {
            Some(BasicKind::Bool) => {}
            Some(BasicKind::UntypedBool) => {
                self.convert_untyped(&mut x, e, TypeTable::BOOL);
            }
            _ if self.is_untyped(x.ty) => {
                let d = self.operand_string(e, &x);
                self.err(e.span.lo, format!("cannot convert {d} to type bool"));
            }
            _ if self.tt().is_interface(x.ty) && self.tt().iface_methods(x.ty).is_empty() => {}
            _ => {
                let src = super::describe::expr_string(e);
                let ts = self.type_string(x.ty);
                self.err(
                    e.span.lo,
                    format!("invalid case {src} in switch (mismatched types {ts} and bool)"),
                );
            }
        }
    }

    fn case_value(&mut self, tag: &Operand, te: &ast::Expr, ce: &ast::Expr) {
        if tag.is_invalid() {
            self.expr(ce);
            return;
        }
        let nil_only = match self.tt().under(tag.ty) {
            Type::Func(_) => Some("func"),
            Type::Map(..) => Some("map"),
            Type::Slice(_) => Some("slice"),
            _ => None,
        };
        if let Some(kind) = nil_only {
            let mut x = self.expr(ce);
            let is_nil = x.ty == TypeTable::UNTYPED_NIL;
            if !x.is_invalid() && !is_nil {
                let src = super::describe::expr_string(ce);
                let tsrc = super::describe::expr_string(te);
                self.err(
                    ce.span.lo,
                    format!("invalid case {src} in switch on {tsrc} ({kind} can only be compared to nil)"),
                );
            } else if is_nil {
                self.convert_untyped(&mut x, ce, tag.ty);
            }
            return;
        }
        // Check `tag == ce` as a comparison.
        let fake = ast::Expr {
            id: u32::MAX,
            span: ce.span,
            kind: K::Binary(ast::BinOp::Eq, Box::new(ce.clone()), Box::new(te.clone())),
        };
        // Avoid re-recording the tag: its entry is restored after.
        let saved = self.info.exprs.get(&te.id).cloned();
        self.raw_expr(&fake, None);
        self.info.exprs.remove(&u32::MAX);
        if let Some(s) = saved {
            self.info.exprs.insert(te.id, s);
        }
        // The case value takes the tag's type.
        if let Some(info) = self.info.exprs.get(&ce.id) {
            if self.is_untyped(info.ty) {
                let mut o = Operand {
                    mode: OpMode::Const,
                    ty: info.ty,
                    val: info.value.as_deref().cloned(),
                };
                self.convert_untyped(&mut o, ce, tag.ty);
            }
        }
    }

    fn expr_stmt(&mut self, e: &ast::Expr) {
        let x = self.raw_expr(e, None);
        if x.is_invalid() {
            return;
        }
        let inner = super::decls::strip_parens(e);
        let used_ok = match &inner.kind {
            K::Call { func, .. } => {
                let fi = self.info.exprs.get(&func.id).map(|i| i.mode);
                match fi {
                    Some(crate::info::Mode::Type) => false,
                    Some(crate::info::Mode::Builtin) => matches!(
                        self.builtin_of(func),
                        Some(Obj::Builtin(
                            Builtin::Copy
                                | Builtin::Panic
                                | Builtin::Print
                                | Builtin::Println
                                | Builtin::Recover
                                | Builtin::Close
                                | Builtin::Delete
                                | Builtin::Clear
                        ))
                    ),
                    _ => true,
                }
            }
            K::Unary(ast::UnOp::Recv, _) => true,
            _ => false,
        };
        if !used_ok {
            let d = self.operand_string(e, &x);
            self.err(e.span.lo, format!("{d} is not used"));
        }
    }

    /// Checks that `x` may be assigned to (reports gc's reasons).
    fn check_assignable_lhs(&mut self, e: &ast::Expr, x: &Operand) -> bool {
        match x.mode {
            OpMode::Var | OpMode::MapIndex => true,
            OpMode::Invalid => false,
            _ => {
                let es = super::describe::expr_string(e);
                // Assigning to a field of a map element.
                if let K::Selector(base, _) = &super::decls::strip_parens(e).kind {
                    if self
                        .info
                        .exprs
                        .get(&base.id)
                        .is_some_and(|i| i.mode == crate::info::Mode::MapIndex)
                    {
                        self.err(
                            e.span.lo,
                            format!("cannot assign to struct field {es} in map"),
                        );
                        return false;
                    }
                }
                if x.mode == OpMode::Const || x.mode == OpMode::Value || x.mode == OpMode::NoValue {
                    self.err(e.span.lo, format!("cannot assign to {es} (neither addressable nor a map index expression)"));
                } else {
                    let d = self.operand_string(e, x);
                    self.err(e.span.lo, format!("cannot assign to {d}"));
                }
                false
            }
        }
    }

    /// Evaluates an assignment target (an identifier target is not a use).
    fn lhs_expr(&mut self, e: &ast::Expr) -> Option<Operand> {
        if let K::Ident(n) = &e.kind {
            if n == "_" {
                return None;
            }
            let x = self.ident(e, n, false);
            self.record(e, &x);
            if !x.is_invalid() {
                self.check_assignable_lhs(e, &x);
            }
            return Some(x);
        }
        let x = self.expr(e);
        if !x.is_invalid() {
            self.check_assignable_lhs(e, &x);
        }
        Some(x)
    }

    fn assign(&mut self, s: &ast::Stmt, lhs: &[ast::Expr], rhs: &[ast::Expr]) {
        let targets: Vec<Option<Operand>> = lhs.iter().map(|e| self.lhs_expr(e)).collect();
        let pos = lhs.first().map_or(s.span.lo, |e| e.span.lo);
        let descs: Vec<_> = lhs
            .iter()
            .zip(&targets)
            .map(|(e, t)| match t {
                Some(t) if !t.is_invalid() => Some((t.ty, super::describe::expr_string(e))),
                _ => None,
            })
            .collect();
        let vals = self.assign_values(lhs.len(), rhs, "assignment", pos, &descs);
        for (i, (mut x, e)) in vals.into_iter().enumerate() {
            let Some(target) = targets.get(i) else { break };
            match (target, e) {
                (Some(t), Some(e)) if !t.is_invalid() => {
                    self.assignment(&mut x, e, t.ty, "assignment");
                }
                (Some(t), None)
                    if !t.is_invalid()
                        && !x.is_invalid()
                        && self.assignable_to(&x, t.ty).is_err() =>
                {
                    let (a, b) = (self.type_string(x.ty), self.type_string(t.ty));
                    let rs = rhs
                        .first()
                        .map(super::describe::expr_string)
                        .unwrap_or_default();
                    self.err(
                        rhs.first().map_or(pos, |r| r.span.lo),
                        format!("cannot use {rs} (value of type {a}) as {b} value in assignment"),
                    );
                }
                (None, Some(e)) => {
                    // `_ = x`: untyped gets its default type.
                    self.assign_default(&mut x, e, "assignment");
                }
                _ => {}
            }
        }
    }

    fn define(&mut self, s: &ast::Stmt, lhs: &[ast::Expr], rhs: &[ast::Expr]) {
        let pos = lhs.first().map_or(s.span.lo, |e| e.span.lo);
        let saved = self.decl_name_pos.replace(pos);
        let vals = self.assign_values(lhs.len(), rhs, "assignment", pos, &[]);
        self.decl_name_pos = saved;
        let mut any_new = false;
        let mut decls: Vec<(&ast::Expr, String, TypeId)> = Vec::new();
        let mut seen = FxSet::default();
        for (i, l) in lhs.iter().enumerate() {
            let K::Ident(name) = &l.kind else {
                let es = super::describe::expr_string(l);
                self.err(l.span.lo, format!("non-name {es} on left side of :="));
                continue;
            };
            let (mut x, e) = vals.get(i).cloned().unwrap_or((Operand::invalid(), None));
            if name != "_" && !seen.insert(name.clone()) {
                self.err(l.span.lo, format!("{name} repeated on left side of :="));
                continue;
            }
            let existing = if name == "_" {
                None
            } else {
                self.in_innermost(name).cloned()
            };
            match existing {
                Some(Ent::Var(v)) => {
                    // Redeclared: plain assignment.
                    self.record_use(l.id, Obj::Var(v));
                    let t = self.info.vars[v.0 as usize].ty;
                    self.record(
                        l,
                        &Operand {
                            mode: OpMode::Var,
                            ty: t,
                            val: None,
                        },
                    );
                    if let Some(e) = e {
                        self.assignment(&mut x, e, t, "assignment");
                    } else if !x.is_invalid() && self.assignable_to(&x, t).is_err() {
                        let (a, b) = (self.type_string(x.ty), self.type_string(t));
                        let rs = rhs
                            .first()
                            .map(super::describe::expr_string)
                            .unwrap_or_default();
                        self.err(
                            rhs.first().map_or(pos, |r| r.span.lo),
                            format!(
                                "cannot use {rs} (value of type {a}) as {b} value in assignment"
                            ),
                        );
                    }
                }
                _ => {
                    if name != "_" {
                        any_new = true;
                    }
                    if let Some(e) = e {
                        self.assign_default(&mut x, e, "assignment");
                    }
                    let t = if x.is_invalid() {
                        TypeTable::INVALID
                    } else {
                        x.ty
                    };
                    if name == "_" {
                        continue;
                    }
                    decls.push((l, name.clone(), t));
                }
            }
        }
        if !any_new && lhs.iter().all(|l| matches!(l.kind, K::Ident(_))) {
            let at = s.span.lo.max(pos);
            // gc reports at the := operator; approximate with the span
            // just after the last lhs.
            let op_pos = lhs.last().map_or(at, |l| l.span.hi + 1);
            self.err(op_pos, "no new variables on left side of :=");
        }
        for (l, name, t) in decls {
            let v = self.new_var(&name, t, false, l.span.lo);
            self.info.defs.insert(l.id, v);
            self.locals.push(v);
            self.declare(&name, Ent::Var(v));
            self.record(
                l,
                &Operand {
                    mode: OpMode::Var,
                    ty: t,
                    val: None,
                },
            );
        }
    }

    /// gc's restriction on a bare `return`: no named result may be
    /// shadowed where it stands (types2's OutOfScopeResult).
    fn results_in_scope(&mut self, s: &ast::Stmt, vars: &[(String, VarId)]) {
        for (name, v) in vars {
            let inner = self.scopes.iter().rev().find_map(|sc| sc.names.get(name));
            let detail = match inner {
                Some(Ent::Var(alt)) if alt != v => {
                    let alt = &self.info.vars[alt.0 as usize];
                    let (pos, ty) = (alt.pos, alt.ty);
                    format!(
                        "\n\t{}: inner declaration of var {name} {}",
                        self.pos_string(pos),
                        self.type_string(ty)
                    )
                }
                Some(Ent::Const(..) | Ent::Type(_)) => String::new(),
                _ => continue,
            };
            self.err(
                s.span.lo,
                format!("result parameter {name} not in scope at return{detail}"),
            );
        }
    }

    fn return_stmt(&mut self, s: &ast::Stmt, results: &[ast::Expr]) {
        let Some(f) = self.fctx.clone() else { return };
        let want = f.results.clone();
        if results.is_empty() {
            if !want.is_empty() && !f.named_results {
                self.err(
                    s.span.lo,
                    format!(
                        "not enough return values\n\thave ()\n\twant {}",
                        self.tuple_string(&want)
                    ),
                );
            }
            self.results_in_scope(s, &f.result_vars);
            return;
        }
        if want.is_empty() {
            let xs: Vec<Operand> = results.iter().map(|r| self.expr(r)).collect();
            // As types2: no count error over an operand already in error.
            if xs.iter().any(|x| x.is_invalid()) {
                return;
            }
            let have: Vec<String> = xs.iter().map(|x| self.have_type(x)).collect();
            self.err(
                results[0].span.lo,
                format!(
                    "too many return values\n\thave ({})\n\twant ()",
                    have.join(", ")
                ),
            );
            return;
        }
        // A single call returning the right tuple.
        if results.len() == 1 && want.len() > 1 {
            let x = self.raw_expr(&results[0], None);
            if x.is_invalid() {
                return;
            }
            if let Type::Tuple(ts) = self.tt().get(x.ty).clone() {
                if ts.len() == want.len() {
                    for (t, w) in ts.iter().zip(&want) {
                        if self.assignable_to(&Operand::value(*t), *w).is_err() {
                            let (a, b) = (self.type_string(*t), self.type_string(*w));
                            let rs = super::describe::expr_string(&results[0]);
                            self.err(results[0].span.lo, format!("cannot use {rs} (value of type {a}) as {b} value in return statement"));
                            return;
                        }
                    }
                    return;
                }
            }
            let have = self.have_type(&x);
            let msg = if want.len() > 1 {
                "not enough return values"
            } else {
                "too many return values"
            };
            self.err(
                results[0].span.lo,
                format!(
                    "{msg}\n\thave ({have})\n\twant {}",
                    self.tuple_string(&want)
                ),
            );
            return;
        }
        if results.len() != want.len() {
            let ops: Vec<Operand> = results.iter().map(|r| self.expr(r)).collect();
            let have: Vec<String> = ops.iter().map(|x| self.have_type(x)).collect();
            let (msg, pos) = if results.len() < want.len() {
                (
                    "not enough return values",
                    results[results.len() - 1].span.lo,
                )
            } else {
                ("too many return values", results[want.len()].span.lo)
            };
            self.err(
                pos,
                format!(
                    "{msg}\n\thave ({})\n\twant {}",
                    have.join(", "),
                    self.tuple_string(&want)
                ),
            );
            return;
        }
        for (r, w) in results.iter().zip(&want) {
            let ctx = super::funcvalue::ValueCtx::Assign("result variable");
            let mut x = self.value_to(r, Some(*w), ctx);
            self.assignment(&mut x, r, *w, "return statement");
        }
        let _ = plural(0);
    }

    fn have_type(&self, x: &Operand) -> String {
        if x.is_invalid() {
            return "invalid type".into();
        }
        if self.is_untyped(x.ty) && x.mode == OpMode::Const {
            "number".into()
        } else {
            self.type_string(x.ty)
        }
    }

    fn tuple_string(&self, ts: &[TypeId]) -> String {
        let parts: Vec<String> = ts.iter().map(|t| self.type_string(*t)).collect();
        format!("({})", parts.join(", "))
    }

    fn comm_clause(&mut self, comm: &ast::Stmt, ctx: &Ctx) {
        match &comm.kind {
            S::Send { .. } => self.stmt(comm, ctx),
            S::Expr(e) => {
                if !matches!(
                    super::decls::strip_parens(e).kind,
                    K::Unary(ast::UnOp::Recv, _)
                ) {
                    self.err(
                        e.span.lo,
                        "select case must be receive, send or assign recv",
                    );
                }
                self.raw_expr(e, None);
            }
            S::Assign { rhs, .. } => {
                let ok = rhs.len() == 1
                    && matches!(
                        super::decls::strip_parens(&rhs[0]).kind,
                        K::Unary(ast::UnOp::Recv, _)
                    );
                if !ok {
                    self.err(
                        comm.span.lo,
                        "select case must be receive, send or assign recv",
                    );
                }
                self.stmt(comm, ctx);
            }
            _ => {
                self.err(
                    comm.span.lo,
                    "select case must be receive, send or assign recv",
                );
            }
        }
    }

    fn range_clause(
        &mut self,
        s: &ast::Stmt,
        key: Option<&ast::Expr>,
        value: Option<&ast::Expr>,
        define: bool,
        xe: &ast::Expr,
    ) {
        let mut x = self.expr(xe);
        let (kt, vt): (TypeId, Option<TypeId>) = if x.is_invalid() {
            (TypeTable::INVALID, Some(TypeTable::INVALID))
        } else {
            if self.is_untyped(x.ty) {
                let d = self.default_type(x.ty);
                self.convert_untyped(&mut x, xe, d);
            }
            match self.tt().under(x.ty).clone() {
                Type::Basic(k) if k.is_string() => (TypeTable::INT, Some(TypeTable::INT32)),
                Type::Basic(k) if k.is_integer() => (x.ty, None),
                Type::Slice(e) => (TypeTable::INT, Some(e)),
                Type::Array(_, e) => (TypeTable::INT, Some(e)),
                Type::Pointer(p) => match self.tt().under(p).clone() {
                    Type::Array(_, e) => (TypeTable::INT, Some(e)),
                    _ => {
                        let d = self.operand_string(xe, &x);
                        self.err(xe.span.lo, format!("cannot range over {d}"));
                        (TypeTable::INVALID, Some(TypeTable::INVALID))
                    }
                },
                Type::Map(k, v) => (k, Some(v)),
                Type::Chan(dir, e) => {
                    if dir == ChanDir::Send {
                        let d = self.operand_string(xe, &x);
                        let t = self.type_string(x.ty);
                        self.err(
                            xe.span.lo,
                            format!("cannot range over {d}: receive from send-only channel {t}"),
                        );
                    }
                    if value.is_some() {
                        let d = self.operand_string(xe, &x);
                        if let Some(v) = value {
                            self.err(
                                v.span.lo,
                                format!("range over {d} permits only one iteration variable"),
                            );
                        }
                    }
                    (e, None)
                }
                Type::Func(sig) => match self.range_func_vars(&sig) {
                    Ok((None, _)) => {
                        if let Some(k) = key {
                            let d = self.operand_string(xe, &x);
                            self.err(
                                k.span.lo,
                                format!("range over {d} permits no iteration variables"),
                            );
                            (TypeTable::INVALID, Some(TypeTable::INVALID))
                        } else {
                            (TypeTable::INVALID, None)
                        }
                    }
                    Ok((Some(k), v)) => (k, v),
                    Err(why) => {
                        let d = self.operand_string(xe, &x);
                        self.err(
                            xe.span.lo,
                            format!(
                                "cannot range over {d}: func must be func(yield func(...) bool): {why}"
                            ),
                        );
                        (TypeTable::INVALID, Some(TypeTable::INVALID))
                    }
                },
                _ => {
                    let d = self.operand_string(xe, &x);
                    self.err(xe.span.lo, format!("cannot range over {d}"));
                    (TypeTable::INVALID, Some(TypeTable::INVALID))
                }
            }
        };
        if vt.is_none()
            && value.is_some()
            && !x.is_invalid()
            && !matches!(self.tt().under(x.ty), Type::Chan(..))
        {
            let d = self.operand_string(xe, &x);
            if let Some(v) = value {
                self.err(
                    v.span.lo,
                    format!("range over {d} permits only one iteration variable"),
                );
            }
        }
        let pairs = [(key, Some(kt)), (value, vt)];
        if define {
            for (e, t) in pairs {
                let Some(e) = e else { continue };
                let t = t.unwrap_or(TypeTable::INVALID);
                match &e.kind {
                    K::Ident(n) => {
                        let id = ast::Ident {
                            id: e.id,
                            name: n.clone(),
                            span: e.span,
                        };
                        self.declare_local(&id, t);
                        if n != "_" {
                            self.record(
                                e,
                                &Operand {
                                    mode: OpMode::Var,
                                    ty: t,
                                    val: None,
                                },
                            );
                        }
                    }
                    _ => {
                        let es = super::describe::expr_string(e);
                        self.err(e.span.lo, format!("non-name {es} on left side of :="));
                    }
                }
            }
        } else {
            for (e, t) in pairs {
                let Some(e) = e else { continue };
                let Some(target) = self.lhs_expr(e) else {
                    continue;
                };
                if target.is_invalid() {
                    continue;
                }
                let t = t.unwrap_or(TypeTable::INVALID);
                if t != TypeTable::INVALID
                    && self.assignable_to(&Operand::value(t), target.ty).is_err()
                {
                    let (a, b) = (self.type_string(t), self.type_string(target.ty));
                    let es = super::describe::expr_string(e);
                    self.err(
                        e.span.lo,
                        format!("cannot use {es} (value of type {a}) as {b} value in assignment"),
                    );
                }
            }
        }
        let _ = s;
    }

    /// The iteration variables' types of a range-over-func iterator
    /// `func(yield func(K, V) bool)`, or why it is not one (types2's
    /// wording after "func must be func(yield func(...) bool): ").
    fn range_func_vars(
        &self,
        sig: &crate::types::Signature,
    ) -> Result<(Option<TypeId>, Option<TypeId>), &'static str> {
        if sig.params.len() != 1 {
            return Err("wrong argument count");
        }
        if !sig.results.is_empty() {
            return Err("unexpected results");
        }
        let Type::Func(cb) = self.tt().under(sig.params[0]).clone() else {
            return Err("argument is not func");
        };
        if cb.params.len() > 2 {
            return Err("yield func has too many parameters");
        }
        if cb.results.len() != 1 || cb.results[0] != TypeTable::BOOL {
            if cb.results.len() == 1
                && matches!(
                    self.tt().under(cb.results[0]),
                    Type::Basic(crate::types::BasicKind::Bool)
                )
            {
                return Err("yield func returns user-defined boolean, not bool");
            }
            return Err("yield func does not return bool");
        }
        Ok((cb.params.first().copied(), cb.params.get(1).copied()))
    }

    // ---- terminating statements (Go spec "Terminating statements") ----

    fn is_terminating_list(&self, list: &[ast::Stmt], label: &str) -> bool {
        // Trailing empty statements don't count.
        let mut it = list.iter().rev().skip_while(|s| matches!(s.kind, S::Empty));
        match it.next() {
            Some(s) => self.is_terminating(s, label),
            None => false,
        }
    }

    fn is_terminating(&self, s: &ast::Stmt, label: &str) -> bool {
        match &s.kind {
            S::Return(_) | S::Goto(_) => true,
            S::Expr(e) => {
                if let K::Call { func, .. } = &super::decls::strip_parens(e).kind {
                    matches!(self.builtin_of(func), Some(Obj::Builtin(Builtin::Panic)))
                } else {
                    false
                }
            }
            S::Block(b) => self.is_terminating_list(&b.stmts, ""),
            S::If { then, els, .. } => {
                els.as_ref().is_some_and(|e| self.is_terminating(e, ""))
                    && self.is_terminating_list(&then.stmts, "")
            }
            S::For { cond, body, .. } => cond.is_none() && !has_break(&body.stmts, label, true),
            S::Range { .. } => false,
            S::Labeled { label: l, stmt } => self.is_terminating(stmt, &l.name),
            S::Switch { cases, .. } => {
                cases.iter().any(|c| c.is_default)
                    && cases.iter().all(|c| {
                        !has_break(&c.body, label, true)
                            && (self.is_terminating_list(&c.body, "")
                                || c.body
                                    .iter()
                                    .rev()
                                    .find(|s| !matches!(s.kind, S::Empty))
                                    .is_some_and(|s| matches!(s.kind, S::Fallthrough)))
                    })
            }
            S::TypeSwitch { cases, .. } => {
                cases.iter().any(|c| c.is_default)
                    && cases.iter().all(|c| {
                        !has_break(&c.body, label, true) && self.is_terminating_list(&c.body, "")
                    })
            }
            S::Select { cases } => cases
                .iter()
                .all(|c| !has_break(&c.body, label, true) && self.is_terminating_list(&c.body, "")),
            _ => false,
        }
    }
}

/// Does `list` contain a break targeting the enclosing statement (an
/// unlabeled break not nested in another breakable statement, or a break
/// with `label`)?
fn has_break(list: &[ast::Stmt], label: &str, top: bool) -> bool {
    list.iter().any(|s| stmt_has_break(s, label, top))
}

fn stmt_has_break(s: &ast::Stmt, label: &str, top: bool) -> bool {
    match &s.kind {
        S::Break(None) => top,
        S::Break(Some(l)) => !label.is_empty() && l.name == label,
        S::Block(b) => has_break(&b.stmts, label, top),
        S::If { then, els, .. } => {
            has_break(&then.stmts, label, top)
                || els.as_ref().is_some_and(|e| stmt_has_break(e, label, top))
        }
        S::Labeled { stmt, .. } => stmt_has_break(stmt, label, top),
        S::For { body, .. } | S::Range { body, .. } => has_break(&body.stmts, label, false),
        S::Switch { cases, .. } => cases.iter().any(|c| has_break(&c.body, label, false)),
        S::TypeSwitch { cases, .. } => cases.iter().any(|c| has_break(&c.body, label, false)),
        S::Select { cases } => cases.iter().any(|c| has_break(&c.body, label, false)),
        _ => false,
    }
}

fn collect_labels(list: &[ast::Stmt], out: &mut FxMap<String, u32>, c: &mut Checker) {
    for s in list {
        collect_labels_stmt(s, out, c);
    }
}

fn collect_labels_stmt(s: &ast::Stmt, out: &mut FxMap<String, u32>, c: &mut Checker) {
    match &s.kind {
        S::Labeled { label, stmt } => {
            if label.name != "_" {
                if out.contains_key(&label.name) {
                    c.err(
                        label.span.lo,
                        format!("label {} already defined", label.name),
                    );
                } else {
                    out.insert(label.name.clone(), label.span.lo);
                }
            }
            collect_labels_stmt(stmt, out, c);
        }
        S::Block(b) => collect_labels(&b.stmts, out, c),
        S::If { then, els, .. } => {
            collect_labels(&then.stmts, out, c);
            if let Some(e) = els {
                collect_labels_stmt(e, out, c);
            }
        }
        S::For { body, .. } | S::Range { body, .. } => collect_labels(&body.stmts, out, c),
        S::Switch { cases, .. } => cases.iter().for_each(|cl| collect_labels(&cl.body, out, c)),
        S::TypeSwitch { cases, .. } => cases.iter().for_each(|cl| collect_labels(&cl.body, out, c)),
        S::Select { cases } => cases.iter().for_each(|cl| collect_labels(&cl.body, out, c)),
        _ => {}
    }
}
