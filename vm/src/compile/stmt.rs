//! Statements: assignment, declarations, control flow, defer, return.

use super::func::{Breakable, FnCx, Local};
use super::rangefunc::Exit;
use super::CResult;
use crate::bytecode::{AssertDesc, Op, Reg};
use crate::info::{ConstValue, Obj, VarId};
use crate::types::{BasicKind, Type, TypeId, TypeTable};
use minigo_parser::ast::{self, AssignOp, Expr, ExprKind, Stmt, StmtKind};

/// An assignable location, with its operands already evaluated.
#[derive(Clone, Copy, Debug)]
pub enum Place {
    Var(VarId),
    Field {
        obj: Reg,
        i: u16,
    },
    Index {
        obj: Reg,
        idx: Reg,
    },
    Map {
        m: Reg,
        k: Reg,
    },
    /// `*p` of a non-aggregate (the slot at address `ptr`) or the box `ptr`
    /// of an aggregate.
    Deref {
        ptr: Reg,
    },
    Blank,
}

impl FnCx<'_, '_> {
    pub fn block(&mut self, b: &ast::Block) -> CResult<()> {
        let mark = self.mark();
        for s in &b.stmts {
            self.stmt(s)?;
        }
        self.release(mark);
        Ok(())
    }

    fn stmts(&mut self, ss: &[Stmt]) -> CResult<()> {
        let mark = self.mark();
        for s in ss {
            self.stmt(s)?;
        }
        self.release(mark);
        Ok(())
    }

    pub fn stmt(&mut self, s: &Stmt) -> CResult<()> {
        self.set_pos(s.span.lo);
        match &s.kind {
            StmtKind::Empty | StmtKind::Const(_) | StmtKind::Type(_) => Ok(()),
            StmtKind::Expr(e) => {
                let mark = self.mark();
                self.expr_effect(e)?;
                self.release(mark);
                Ok(())
            }
            StmtKind::Assign { lhs, op, rhs } => {
                let mark = self.mark();
                let r = match op {
                    AssignOp::Define => self.define(lhs, rhs, s.span.lo),
                    AssignOp::Assign => self.assign(lhs, rhs, s.span.lo),
                    AssignOp::Op(bop) => self.op_assign(&lhs[0], *bop, &rhs[0]),
                };
                // `:=` keeps its new variables' registers.
                if *op != AssignOp::Define {
                    self.release(mark);
                }
                r
            }
            StmtKind::IncDec { x, inc } => {
                let mark = self.mark();
                let one = Expr {
                    id: 0,
                    span: x.span,
                    kind: ExprKind::IntLit("1".into()),
                };
                let op = if *inc {
                    ast::BinOp::Add
                } else {
                    ast::BinOp::Sub
                };
                self.op_assign_with(x, op, None, &one)?;
                self.release(mark);
                Ok(())
            }
            StmtKind::Var(specs) => {
                for sp in specs {
                    self.var_spec(sp)?;
                }
                Ok(())
            }
            StmtKind::Return(es) => self.return_stmt(es, s.span.lo),
            StmtKind::Block(b) => self.block(b),
            StmtKind::If {
                init,
                cond,
                then,
                els,
            } => {
                let mark = self.mark();
                if let Some(i) = init {
                    self.stmt(i)?;
                }
                let jf = self.cond_jump(cond, false)?;
                self.block(then)?;
                if let Some(e) = els {
                    let jend = self.emit(Op::Jmp { off: 0 });
                    for j in jf {
                        self.patch_here(j);
                    }
                    self.stmt(e)?;
                    self.patch_here(jend);
                } else {
                    for j in jf {
                        self.patch_here(j);
                    }
                }
                self.release(mark);
                Ok(())
            }
            StmtKind::For {
                init,
                cond,
                post,
                body,
            } => self.for_stmt(None, init.as_deref(), cond.as_ref(), post.as_deref(), body),
            StmtKind::Range {
                key,
                value,
                define,
                x,
                body,
            } => self.range_stmt(None, key.as_ref(), value.as_ref(), *define, x, body),
            StmtKind::Switch {
                init, tag, cases, ..
            } => self.switch_stmt(None, init.as_deref(), tag.as_ref(), cases),
            StmtKind::TypeSwitch {
                init,
                bind,
                x,
                cases,
                ..
            } => self.type_switch(None, init.as_deref(), bind.as_ref(), x, cases),
            StmtKind::Labeled { label, stmt } => {
                // A goto target: the checker proved every goto to it
                // leaves live only registers that are live here too.
                let at = self.here();
                for j in self.pending_gotos.remove(&label.name).unwrap_or_default() {
                    self.patch_to(j, at);
                }
                self.labels.insert(label.name.clone(), at);
                let l = Some(label.name.clone());
                self.set_pos(stmt.span.lo);
                match &stmt.kind {
                    StmtKind::For {
                        init,
                        cond,
                        post,
                        body,
                    } => self.for_stmt(l, init.as_deref(), cond.as_ref(), post.as_deref(), body),
                    StmtKind::Range {
                        key,
                        value,
                        define,
                        x,
                        body,
                    } => self.range_stmt(l, key.as_ref(), value.as_ref(), *define, x, body),
                    StmtKind::Switch {
                        init, tag, cases, ..
                    } => self.switch_stmt(l, init.as_deref(), tag.as_ref(), cases),
                    StmtKind::TypeSwitch {
                        init,
                        bind,
                        x,
                        cases,
                        ..
                    } => self.type_switch(l, init.as_deref(), bind.as_ref(), x, cases),
                    StmtKind::Select { cases } => self.select_stmt(l, cases),
                    _ => self.stmt(stmt),
                }
            }
            StmtKind::Break(label) => {
                self.break_stmt(label.as_ref().map(|l| l.name.as_str()), false, s.span.lo)
            }
            StmtKind::Continue(label) => {
                self.break_stmt(label.as_ref().map(|l| l.name.as_str()), true, s.span.lo)
            }
            StmtKind::Goto(l) => {
                self.goto_stmt(&l.name);
                Ok(())
            }
            // Handled by the switch compiler: a fallthrough is the last
            // statement of a clause and simply flows into the next body.
            StmtKind::Fallthrough => Ok(()),
            StmtKind::Defer(e) => {
                let mark = self.mark();
                let r = self.alloc();
                self.call_thunk(e, r)?;
                match self.range_body.as_ref().and_then(|b| b.defer_tok) {
                    // In a range-over-func loop body: deferred to the
                    // function holding the loop.
                    Some(tok) => self.emit(Op::DeferAt { a: r, b: tok }),
                    None => self.emit(Op::Defer { a: r }),
                };
                self.release(mark);
                Ok(())
            }
            StmtKind::Go(e) => {
                let mark = self.mark();
                let r = self.alloc();
                self.call_thunk(e, r)?;
                self.emit(Op::Go { a: r });
                self.release(mark);
                Ok(())
            }
            StmtKind::Send { ch, value } => {
                let mark = self.mark();
                let c = self.expr_reg(ch)?;
                let et = self
                    .c
                    .types()
                    .elem(self.ty(ch))
                    .unwrap_or(crate::types::TypeTable::INVALID);
                let v = self.alloc();
                self.value_to(value, v, et)?;
                self.emit(Op::Send { a: c, b: v });
                self.release(mark);
                Ok(())
            }
            StmtKind::Select { cases } => self.select_stmt(None, cases),
        }
    }

    /// `break [label]` or `continue [label]`; in a range-over-func loop
    /// body, one whose target is outside the body leaves the body.
    pub(crate) fn break_stmt(
        &mut self,
        label: Option<&str>,
        is_continue: bool,
        pos: u32,
    ) -> CResult<()> {
        let Some(idx) = self.find_breakable(label, is_continue) else {
            if let (Some(l), Some(_)) = (label, &self.range_body) {
                let l = l.to_string();
                self.range_exit(if is_continue {
                    Exit::Continue(l)
                } else {
                    Exit::Break(l)
                });
                return Ok(());
            }
            return Err(self.err(
                pos,
                if is_continue {
                    "continue is not in a loop"
                } else {
                    "break is not in a loop, switch, or select"
                },
            ));
        };
        let j = self.emit(Op::Jmp { off: 0 });
        if is_continue {
            self.breakables[idx].continues.push(j);
        } else {
            self.breakables[idx].breaks.push(j);
        }
        Ok(())
    }

    /// `goto label`; in a range-over-func loop body, to a label outside
    /// the body, it leaves the body.
    pub(crate) fn goto_stmt(&mut self, label: &str) {
        if let Some(rb) = &self.range_body {
            if !rb.labels.contains(label) {
                self.range_exit(Exit::Goto(label.to_string()));
                return;
            }
        }
        // Backward: a back-edge, which polls preemption like a loop's;
        // forward: patched when the label is compiled.
        match self.labels.get(label) {
            Some(&at) => self.jump_to(at),
            None => {
                let j = self.emit(Op::Jmp { off: 0 });
                self.pending_gotos
                    .entry(label.to_string())
                    .or_default()
                    .push(j);
            }
        }
    }

    fn find_breakable(&self, label: Option<&str>, want_loop: bool) -> Option<usize> {
        for i in (0..self.breakables.len()).rev() {
            let b = &self.breakables[i];
            match label {
                Some(l) => {
                    if b.label.as_deref() == Some(l) {
                        return Some(i);
                    }
                }
                None => {
                    if !want_loop || b.is_loop {
                        return Some(i);
                    }
                }
            }
        }
        None
    }

    // ------------------------------------------------------------ assignment

    fn define(&mut self, lhs: &[Expr], rhs: &[Expr], pos: u32) -> CResult<()> {
        // Targets: new variables get their own type; redeclared ones keep
        // theirs.
        let targets: Vec<Option<TypeId>> = lhs.iter().map(|e| self.lhs_type(e)).collect();
        let base = self.values_to(rhs, &targets, pos)?;
        for (i, e) in lhs.iter().enumerate() {
            let r = self.reg_at(base, i);
            if let Some(&v) = self.c.info.defs.get(&e.id) {
                self.declare_in(v, r);
            } else if let Some(Obj::Var(v)) = self.c.info.uses.get(&e.id).cloned() {
                let t = self.c.info.var(v).ty;
                self.store_place(Place::Var(v), r, t)?;
            }
        }
        Ok(())
    }

    /// The type a value assigned to `e` must have (None for `_`).
    fn lhs_type(&self, e: &Expr) -> Option<TypeId> {
        if let Some(&v) = self.c.info.defs.get(&e.id) {
            return Some(self.c.info.var(v).ty);
        }
        if let ExprKind::Ident(n) = &e.kind {
            if n == "_" {
                return None;
            }
        }
        self.c.info.expr(e.id).map(|i| i.ty)
    }

    fn assign(&mut self, lhs: &[Expr], rhs: &[Expr], pos: u32) -> CResult<()> {
        if lhs.len() == 1 && rhs.len() == 1 {
            let t = self.lhs_type(&lhs[0]);
            let p = self.place(&lhs[0])?;
            let Some(t) = t else {
                self.expr_effect(&rhs[0])?;
                return Ok(());
            };
            // A register variable can take the value directly: every
            // expression form writes its destination only after reading its
            // operands, except && and || (which write the left operand first).
            if let Place::Var(v) = p {
                if let (None, Some(Local::Reg(reg))) =
                    (self.c.global(v), self.vars.get(&v).copied())
                {
                    let rhs = super::expr::strip_paren(&rhs[0]);
                    let short_circuit = matches!(
                        rhs.kind,
                        ExprKind::Binary(ast::BinOp::LAnd | ast::BinOp::LOr, _, _)
                    );
                    if !self.c.is_aggregate(t) && !short_circuit {
                        return self.value_to(rhs, reg, t);
                    }
                }
            }
            if self.c.is_aggregate(t)
                && !matches!(p, Place::Map { .. })
                && self.struct_literal_in_place(p, &rhs[0])?
            {
                return Ok(());
            }
            if !self.c.is_aggregate(t) && self.ty(&rhs[0]) == t {
                // `s[i] = k` for a small integer or boolean constant.
                if let (Place::Index { obj, idx }, Some(k)) = (p, self.store_const(&rhs[0], t)) {
                    self.emit(Op::SetIndexK { a: obj, b: idx, k });
                    return Ok(());
                }
                // No conversion or copy: a variable's register is stored
                // as it is (the store reads it after every operand).
                if matches!(
                    p,
                    Place::Index { .. }
                        | Place::Map { .. }
                        | Place::Field { .. }
                        | Place::Deref { .. }
                ) {
                    let r = self.expr_reg(&rhs[0])?;
                    return self.store_place(p, r, t);
                }
            }
            let r = self.alloc();
            if self.c.is_aggregate(t) && !matches!(p, Place::Map { .. }) {
                // CopyInto copies: a borrowed source is fine.
                self.expr(&rhs[0], r)?;
            } else {
                self.value_to(&rhs[0], r, t)?;
            }
            return self.store_place(p, r, t);
        }
        // Operands of the left side first, then every right-hand value, then
        // the stores left to right (Go's order).
        let mut places = Vec::new();
        let mut targets = Vec::new();
        let vars_end = self.mark();
        for e in lhs {
            targets.push(self.lhs_type(e));
            let p = self.place(e)?;
            // Go evaluates index and pointer operands on the left before
            // assigning anything: `i, a[i] = 1, 9` indexes with the old i.
            // An operand that is a variable's own register is snapshotted.
            places.push(self.snapshot_place(p, vars_end));
        }
        let base = self.values_to(rhs, &targets, pos)?;
        for (i, p) in places.into_iter().enumerate() {
            if let Some(t) = targets[i] {
                self.store_place(p, self.reg_at(base, i), t)?;
            }
        }
        Ok(())
    }

    /// `place = T{...}` for a struct literal: every field value is
    /// evaluated first (in source order, as the literal would), then stored
    /// straight into the existing box, with zero for the fields not given,
    /// instead of building a box and copying it in. Returns false (nothing
    /// emitted) where that does not apply: not a struct literal, or an
    /// aggregate field that the literal does not give (or a blank one).
    fn struct_literal_in_place(&mut self, p: Place, rhs: &Expr) -> CResult<bool> {
        let e = super::expr::strip_paren(rhs);
        let ExprKind::CompositeLit { elems, .. } = &e.kind else {
            return Ok(false);
        };
        let lt = self.ty(e);
        let Type::Struct(fields) = self.c.types().under(lt).clone() else {
            return Ok(false);
        };
        // The field each element sets (as `composite` finds it).
        let mut given = vec![None; fields.len()];
        for (k, el) in elems.iter().enumerate() {
            let fi = match el.key.as_ref().map(|k| &k.kind) {
                Some(ExprKind::Ident(n)) => fields.iter().position(|f| &f.name == n),
                Some(_) => None,
                None => Some(k),
            };
            match fi {
                Some(fi) if fi < fields.len() && given[fi].is_none() => given[fi] = Some(k),
                _ => return Ok(false),
            }
        }
        for (fi, f) in fields.iter().enumerate() {
            if self.c.is_aggregate(f.ty) && (given[fi].is_none() || f.name == "_") {
                return Ok(false);
            }
        }
        let mark = self.mark();
        let vals = self.alloc_n(elems.len().max(1));
        // In source order. A private value (aggregates copied): the source
        // may be a part of the destination, which the stores change.
        for (k, el) in elems.iter().enumerate() {
            let fi = given.iter().position(|g| *g == Some(k)).unwrap_or(0);
            self.value_to(&el.value, vals + k as Reg, fields[fi].ty)?;
        }
        let dst = self.aggregate_box(p, lt)?;
        let mut zero = None;
        for (fi, f) in fields.iter().enumerate() {
            let i = self.n16(fi);
            match given[fi] {
                Some(k) if f.name != "_" => {
                    let v = vals + k as Reg;
                    if self.c.is_aggregate(f.ty) {
                        let part = self.alloc();
                        self.emit(Op::Field { a: part, b: dst, i });
                        let rt = self.rt(f.ty);
                        self.emit(Op::CopyInto {
                            a: part,
                            b: v,
                            t: rt,
                        });
                    } else {
                        self.emit(Op::SetField { a: dst, i, b: v });
                    }
                }
                _ => {
                    // Not given, or blank (gc drops a blank field's value):
                    // zero, which is the word 0 for every non-aggregate.
                    let z = *zero.get_or_insert_with(|| {
                        let z = self.alloc();
                        self.emit(Op::LoadInt { a: z, v: 0 });
                        z
                    });
                    self.emit(Op::SetField { a: dst, i, b: z });
                }
            }
        }
        self.release(mark);
        Ok(true)
    }

    /// A constant `e` of integer or boolean type `t` that fits an
    /// immediate (`SetIndexK`): the word `LoadInt` would make.
    fn store_const(&self, e: &Expr, t: TypeId) -> Option<i16> {
        let kind = self.basic(t)?;
        if kind == BasicKind::Bool {
            return match self.c.info.expr(e.id)?.value.as_deref() {
                Some(&ConstValue::Bool(b)) => Some(b.into()),
                _ => None,
            };
        }
        if !kind.is_integer() {
            return None;
        }
        self.small_const(e)
    }

    fn op_assign(&mut self, x: &Expr, op: ast::BinOp, y: &Expr) -> CResult<()> {
        self.op_assign_with(x, op, None, y)
    }

    fn op_assign_with(
        &mut self,
        x: &Expr,
        op: ast::BinOp,
        _k: Option<i16>,
        y: &Expr,
    ) -> CResult<()> {
        let t = self
            .lhs_type(x)
            .ok_or_else(|| self.err(x.span.lo, "cannot assign to _"))?;
        let p = self.place(x)?;
        // A register variable is updated in place.
        let in_reg = match p {
            Place::Var(v) => match (self.c.global(v), self.vars.get(&v).copied()) {
                (None, Some(Local::Reg(r))) => Some(r),
                _ => None,
            },
            _ => None,
        };
        let cur = match in_reg {
            Some(r) => r,
            None => {
                let c = self.alloc();
                self.load_place(p, c, t)?;
                c
            }
        };
        // `x++` on an int: one AddIK.
        // `x op= k` with an immediate form (`AddIK`, `MulIK`, ...).
        let kimm = if y.id == 0 || self.ty(y) != t {
            None
        } else {
            self.small_const(y)
        };
        let yv = if y.id == 0 || kimm.is_some() {
            None
        } else {
            Some(self.expr_reg(y)?)
        };
        let res = match in_reg {
            Some(r) => r,
            None => self.alloc(),
        };
        match (yv, kimm) {
            (None, Some(k)) => {
                if !self.binary_imm(op, t, cur, k, res) {
                    // No immediate form: the constant in a register.
                    let yr = self.expr_reg(y)?;
                    let yt = self.ty(y);
                    self.binary_regs(op, t, yt, cur, yr, res, x.span.lo)?;
                }
            }
            (None, None) => {
                let k = if op == ast::BinOp::Add { 1 } else { -1 };
                if self.is_float(t) {
                    let one = self.alloc();
                    self.load_word(one, (k as f64).to_bits());
                    self.emit(Op::AddF {
                        a: res,
                        b: cur,
                        c: one,
                    });
                    self.finish_float(res, t);
                } else if self.is_complex(t) {
                    let one = self.alloc();
                    let w = crate::heap::new_static_complex(k as f64, 0.0);
                    self.load_complex(one, w);
                    self.emit(Op::AddC {
                        a: res,
                        b: cur,
                        c: one,
                    });
                    self.finish_complex(res, t);
                } else {
                    self.emit(Op::AddIK { a: res, b: cur, k });
                    self.normalize_int(res, t);
                }
            }
            (Some(yr), _) => {
                let yt = self.ty(y);
                self.binary_regs(op, t, yt, cur, yr, res, x.span.lo)?;
            }
        }
        if in_reg.is_some() {
            return Ok(());
        }
        self.store_place(p, res, t)
    }

    fn var_spec(&mut self, sp: &ast::VarSpec) -> CResult<()> {
        let vars: Vec<Option<VarId>> = sp
            .names
            .iter()
            .map(|n| self.c.info.defs.get(&n.id).copied())
            .collect();
        if sp.values.is_empty() {
            for v in vars.into_iter().flatten() {
                self.declare_zero(v);
            }
            return Ok(());
        }
        let targets: Vec<Option<TypeId>> = vars
            .iter()
            .map(|v| v.map(|v| self.c.info.var(v).ty))
            .collect();
        let base = self.values_to(&sp.values, &targets, sp.span.lo)?;
        // Declare in order; the value registers are below the new ones.
        for (i, v) in vars.iter().enumerate() {
            if let Some(v) = v {
                self.declare_in(*v, self.reg_at(base, i));
            }
        }
        Ok(())
    }

    /// Evaluates a place's operands.
    pub fn place(&mut self, e: &Expr) -> CResult<Place> {
        match &e.kind {
            ExprKind::Paren(x) => self.place(x),
            ExprKind::Ident(n) => {
                if n == "_" {
                    return Ok(Place::Blank);
                }
                match self.c.info.uses.get(&e.id).cloned() {
                    Some(Obj::Var(v)) => Ok(Place::Var(v)),
                    _ => match self.c.info.defs.get(&e.id) {
                        Some(&v) => Ok(Place::Var(v)),
                        None => Ok(Place::Blank),
                    },
                }
            }
            ExprKind::Selector(x, _) => {
                // A qualified package variable (`os.Args = ...`).
                if let Some(Obj::Var(v)) = self.c.info.uses.get(&e.id).cloned() {
                    return Ok(Place::Var(v));
                }
                let sel = self
                    .c
                    .info
                    .selections
                    .get(&e.id)
                    .cloned()
                    .ok_or_else(|| self.err(e.span.lo, "unresolved selector"))?;
                let (last, walk) = sel
                    .path
                    .split_last()
                    .ok_or_else(|| self.err(e.span.lo, "empty field path"))?;
                let obj = self.expr_reg(x)?;
                let obj = self.walk_path(obj, walk);
                Ok(Place::Field {
                    obj,
                    i: self.n16(*last),
                })
            }
            ExprKind::Index(x, i) => {
                let xt = self.ty(x);
                match self.c.types().under(xt).clone() {
                    Type::Map(..) => {
                        let m = self.expr_reg(x)?;
                        let kt = match self.c.types().under(xt) {
                            Type::Map(k, _) => *k,
                            _ => xt,
                        };
                        let k = self.map_key(i, kt)?;
                        Ok(Place::Map { m, k })
                    }
                    under => {
                        let obj = self.expr_reg(x)?;
                        if matches!(under, Type::Pointer(_)) {
                            // p[i] = v on a nil *[N]T dereferences nil.
                            self.nil_check(obj);
                        }
                        let idx = self.expr_reg(i)?;
                        Ok(Place::Index { obj, idx })
                    }
                }
            }
            ExprKind::Star(x) => {
                let ptr = self.expr_reg(x)?;
                Ok(Place::Deref { ptr })
            }
            _ => Err(self.err(e.span.lo, "cannot assign to this expression")),
        }
    }

    /// Copies into temporaries the operands of `p` that live in variable
    /// registers (below `vars_end`), so later assignments cannot change them.
    fn snapshot_place(&mut self, p: Place, vars_end: u16) -> Place {
        let snap = |cx: &mut Self, r: Reg| -> Reg {
            if r < vars_end {
                let t = cx.alloc();
                cx.emit(Op::Move { a: t, b: r });
                t
            } else {
                r
            }
        };
        match p {
            Place::Field { obj, i } => Place::Field {
                obj: snap(self, obj),
                i,
            },
            Place::Index { obj, idx } => {
                let obj = snap(self, obj);
                let idx = snap(self, idx);
                Place::Index { obj, idx }
            }
            Place::Map { m, k } => {
                let m = snap(self, m);
                let k = snap(self, k);
                Place::Map { m, k }
            }
            Place::Deref { ptr } => Place::Deref {
                ptr: snap(self, ptr),
            },
            other => other,
        }
    }

    pub fn load_place(&mut self, p: Place, dst: Reg, t: TypeId) -> CResult<()> {
        let agg = self.c.is_aggregate(t);
        match p {
            Place::Var(v) => self.load_var(v, dst),
            Place::Field { obj, i } => {
                self.emit(Op::Field { a: dst, b: obj, i });
            }
            Place::Index { obj, idx } => {
                self.emit(Op::Index {
                    a: dst,
                    b: obj,
                    c: idx,
                });
            }
            Place::Map { m, k } => {
                self.map_get(dst, m, k, t, false);
            }
            Place::Deref { ptr } => {
                if agg {
                    self.emit(Op::Move { a: dst, b: ptr });
                    // A nil check happens when the box is used.
                } else {
                    self.emit(Op::Load { a: dst, b: ptr });
                }
            }
            Place::Blank => {}
        }
        Ok(())
    }

    /// The box of the aggregate (of type `t`) at place `p` (not a map
    /// element), in a register: a variable's own, or one loaded into a new
    /// register.
    fn aggregate_box(&mut self, p: Place, t: TypeId) -> CResult<Reg> {
        Ok(match p {
            Place::Var(v) => match (self.c.global(v), self.vars.get(&v).copied()) {
                (None, Some(Local::Reg(r))) => r,
                _ => {
                    let d = self.alloc();
                    self.load_var(v, d);
                    d
                }
            },
            Place::Deref { ptr } => ptr,
            _ => {
                let d = self.alloc();
                self.load_place(p, d, t)?;
                d
            }
        })
    }

    /// Stores `val` (already converted to `t`) into the place. Aggregates
    /// are copied into the existing box, so pointers to it stay valid.
    pub fn store_place(&mut self, p: Place, val: Reg, t: TypeId) -> CResult<()> {
        if self.c.is_aggregate(t) && !matches!(p, Place::Map { .. } | Place::Blank) {
            let rt = self.rt(t);
            let mark = self.mark();
            let dst = self.aggregate_box(p, t)?;
            self.emit(Op::CopyInto {
                a: dst,
                b: val,
                t: rt,
            });
            self.release(mark);
            return Ok(());
        }
        match p {
            Place::Var(v) => self.store_var(v, val),
            Place::Field { obj, i } => {
                self.emit(Op::SetField { a: obj, i, b: val });
            }
            Place::Index { obj, idx } => {
                self.emit(Op::SetIndex {
                    a: obj,
                    b: idx,
                    c: val,
                });
            }
            Place::Map { m, k } => {
                self.emit(Op::MapSet { a: m, b: k, c: val });
            }
            Place::Deref { ptr } => {
                self.emit(Op::Store { a: ptr, b: val });
            }
            Place::Blank => {}
        }
        Ok(())
    }

    // ------------------------------------------------------------ return

    pub(crate) fn return_stmt(&mut self, es: &[Expr], pos: u32) -> CResult<()> {
        if self.range_body.is_some() {
            return self.range_return(es, pos);
        }
        let n = self.result_types.len();
        let mark = self.mark();
        if self.has_defer {
            if !es.is_empty() {
                let targets: Vec<Option<TypeId>> =
                    self.result_types.clone().into_iter().map(Some).collect();
                let base = self.values_to(es, &targets, pos)?;
                self.return_regs(base)?;
                self.release(mark);
                return Ok(());
            }
            self.release(mark);
            self.emit_epilogue();
            return Ok(());
        }
        // `return x` of a register variable of the result's own
        // (non-aggregate) type: returned from its register, no `Move`.
        if let ([e], [rt]) = (es, self.result_types.as_slice()) {
            let e = super::expr::strip_paren(e);
            if let ExprKind::Ident(_) = e.kind {
                if let Some(Obj::Var(v)) = self.c.info.uses.get(&e.id).cloned() {
                    if let (None, Some(Local::Reg(reg))) =
                        (self.c.global(v), self.vars.get(&v).copied())
                    {
                        if self.ty(e) == *rt && !self.c.is_aggregate(*rt) {
                            self.emit(Op::Return { a: reg, n: 1 });
                            self.release(mark);
                            return Ok(());
                        }
                    }
                }
            }
        }
        let base = if es.is_empty() {
            // Bare return with named results.
            let base = self.alloc_n(n);
            if let Some(rv) = self.result_vars.clone() {
                for (i, v) in rv.iter().enumerate() {
                    self.load_var(*v, self.reg_at(base, i));
                    let t = self.c.info.var(*v).ty;
                    if self.c.is_aggregate(t) {
                        let rt = self.rt(t);
                        self.emit(Op::Copy {
                            a: self.reg_at(base, i),
                            b: self.reg_at(base, i),
                            t: rt,
                        });
                    }
                }
            }
            base
        } else {
            let targets: Vec<Option<TypeId>> =
                self.result_types.clone().into_iter().map(Some).collect();
            self.values_to(es, &targets, pos)?
        };
        self.emit(Op::Return {
            a: base,
            n: self.n16(n),
        });
        self.release(mark);
        Ok(())
    }

    /// Returns the values in `R[base..]` (already of the result types).
    pub(crate) fn return_regs(&mut self, base: Reg) -> CResult<()> {
        let n = self.result_types.len();
        if !self.has_defer {
            self.emit(Op::Return {
                a: base,
                n: self.n16(n),
            });
            return Ok(());
        }
        if let Some(rv) = self.result_vars.clone() {
            for (i, v) in rv.iter().enumerate() {
                let t = self.c.info.var(*v).ty;
                self.store_place(Place::Var(*v), self.reg_at(base, i), t)?;
            }
        } else {
            for (i, (r, _)) in self.hidden_results.clone().iter().enumerate() {
                self.emit(Op::Move {
                    a: *r,
                    b: self.reg_at(base, i),
                });
            }
        }
        self.emit_epilogue();
        Ok(())
    }

    // ------------------------------------------------------------ loops

    /// A switch, type switch or select: `break` leaves it.
    fn push_switch(&mut self, label: Option<String>) {
        self.breakables.push(Breakable {
            label,
            is_loop: false,
            breaks: vec![],
            continues: vec![],
        });
    }

    /// Ends a switch: its `break`s jump here.
    fn pop_switch(&mut self) {
        let b = self.breakables.pop().unwrap_or_else(empty_breakable);
        for j in b.breaks {
            self.patch_here(j);
        }
    }

    fn push_loop(&mut self, label: Option<String>) {
        self.breakables.push(Breakable {
            label,
            is_loop: true,
            breaks: vec![],
            continues: vec![],
        });
    }

    fn pop_loop(&mut self, continue_at: usize) {
        let b = self.breakables.pop().unwrap_or_else(empty_breakable);
        for j in b.continues {
            self.patch_to(j, continue_at);
        }
        for j in b.breaks {
            self.patch_here(j);
        }
    }

    fn for_stmt(
        &mut self,
        label: Option<String>,
        init: Option<&Stmt>,
        cond: Option<&Expr>,
        post: Option<&Stmt>,
        body: &ast::Block,
    ) -> CResult<()> {
        let mark = self.mark();
        let before = self.vars.len();
        let mut loop_vars = Vec::new();
        if let Some(i) = init {
            self.stmt(i)?;
            if let StmtKind::Assign {
                lhs,
                op: AssignOp::Define,
                ..
            } = &i.kind
            {
                for e in lhs {
                    if let Some(&v) = self.c.info.defs.get(&e.id) {
                        loop_vars.push(v);
                    }
                }
            }
        }
        let _ = before;
        if let (Some(c), Some(p)) = (cond, post) {
            if let Some(step) = self.counting_loop(c, p, body) {
                // `i++` and `i < n` fused at the bottom (`IncJmpLt*`),
                // with the test also made once before the first iteration.
                let exits = self.cond_jump(c, false)?;
                let top = self.here();
                self.push_loop(label);
                self.block(body)?;
                let cont = self.here();
                for v in &loop_vars {
                    if let Some(Local::Cell(r)) = self.vars.get(v).copied() {
                        let t = self.alloc();
                        self.emit(Op::Load { a: t, b: r });
                        self.emit(Op::NewCell { a: r, b: t });
                        self.release(t);
                    }
                }
                self.set_pos(p.span.lo);
                let back = self.emit(step);
                self.patch_to(back, top);
                for j in exits {
                    self.patch_here(j);
                }
                self.pop_loop(cont);
                self.release(mark);
                return Ok(());
            }
        }
        // The condition sits at the bottom, so an iteration costs one
        // (backward, preemption-checking) conditional jump.
        let to_cond = cond.map(|_| self.emit(Op::Jmp { off: 0 }));
        let top = self.here();
        self.push_loop(label);
        self.block(body)?;
        let cont = self.here();
        // Go 1.22: each iteration has its own copy of the loop variables;
        // only observable (and only done) for variables in cells.
        for v in &loop_vars {
            if let Some(Local::Cell(r)) = self.vars.get(v).copied() {
                let t = self.alloc();
                self.emit(Op::Load { a: t, b: r });
                self.emit(Op::NewCell { a: r, b: t });
                self.release(t);
            }
        }
        if let Some(p) = post {
            self.stmt(p)?;
        }
        match (cond, to_cond) {
            (Some(c), Some(j)) => {
                self.patch_here(j);
                let back = self.cond_jump(c, true)?;
                for b in back {
                    self.patch_to(b, top);
                }
            }
            _ => self.jump_to(top),
        }
        self.pop_loop(cont);
        self.release(mark);
        Ok(())
    }

    /// For `cond` `i < n` and `post` `i++` on a register variable `i` of
    /// type int or int64 (no narrowing after the step), with `n` a
    /// constant or another such variable: the fused step-and-test
    /// (`IncJmpLt*`, jump offset to patch).
    fn counting_loop(&mut self, cond: &Expr, post: &Stmt, body: &ast::Block) -> Option<Op> {
        let StmtKind::IncDec { x, inc: true } = &post.kind else {
            return None;
        };
        let ExprKind::Binary(op @ (ast::BinOp::Lt | ast::BinOp::Le), l, r) =
            &super::expr::strip_paren(cond).kind
        else {
            return None;
        };
        let le = *op == ast::BinOp::Le;
        let reg_var = |cx: &Self, e: &Expr| -> Option<(VarId, Reg)> {
            let e = super::expr::strip_paren(e);
            let ExprKind::Ident(_) = e.kind else {
                return None;
            };
            let Some(Obj::Var(v)) = cx.c.info.uses.get(&e.id).cloned() else {
                return None;
            };
            match (cx.c.global(v), cx.vars.get(&v).copied()) {
                (None, Some(Local::Reg(r))) => Some((v, r)),
                _ => None,
            }
        };
        let (iv, a) = reg_var(self, l)?;
        let (xv, _) = reg_var(self, x)?;
        let t = self.ty(l);
        if xv != iv
            || !matches!(self.basic(t), Some(BasicKind::Int | BasicKind::Int64))
            || self.ty(r) != t
        {
            return None;
        }
        // `i < len(s)` with `s` a register variable of slice, array or
        // string type that the body never assigns: its length cannot
        // change (only an assignment changes a slice's length; a pointer
        // to `s` or a closure using it would put `s` in a cell), so it is
        // read once, into a register of the loop.
        if let ExprKind::Call {
            func,
            args,
            ellipsis: false,
        } = &super::expr::strip_paren(r).kind
        {
            let is_len = matches!(
                self.c.info.uses.get(&super::expr::strip_paren(func).id),
                Some(Obj::Builtin(crate::info::Builtin::Len))
            );
            let (sv, sr) = match args.as_slice() {
                [x] if is_len => reg_var(self, x)?,
                _ => return None,
            };
            let st = self.ty(&args[0]);
            let len_op = match self.c.types().under(st) {
                Type::Basic(k) if k.is_string() => Op::StrLen { a: 0, b: sr },
                Type::Slice(_) | Type::Array(..) => Op::SliceLen { a: 0, b: sr },
                _ => return None,
            };
            if le || sv == iv || assigns_var(self.c.info, &body.stmts, sv) {
                return None;
            }
            let n = self.alloc();
            self.emit(match len_op {
                Op::StrLen { b, .. } => Op::StrLen { a: n, b },
                _ => Op::SliceLen { a: n, b: sr },
            });
            return Some(Op::IncJmpLt { a, b: n, off: 0 });
        }
        if let Some((w, b)) = reg_var(self, r) {
            if w == iv {
                return None;
            }
            return Some(if le {
                Op::IncJmpLe { a, b, off: 0 }
            } else {
                Op::IncJmpLt { a, b, off: 0 }
            });
        }
        // `i <= k` is `i < k + 1` (not for k = MaxInt64, which never ends).
        let v = self.int_const(r)?;
        let v = if le { v.checked_add(1)? } else { v };
        if let Ok(k) = i16::try_from(v) {
            if k != i16::MIN {
                return Some(Op::IncJmpLtK { a, k, off: 0 });
            }
        }
        let k = self.konst16(v as u64)?;
        Some(Op::IncJmpLtC { a, k, off: 0 })
    }

    fn range_stmt(
        &mut self,
        label: Option<String>,
        key: Option<&Expr>,
        value: Option<&Expr>,
        define: bool,
        x: &Expr,
        body: &ast::Block,
    ) -> CResult<()> {
        if super::escape::is_range_func(self.c.info, x) {
            return self.range_func_stmt(label, key, value, define, x, body);
        }
        let mark = self.mark();
        let xt = self.ty(x);
        let under = self.c.types().under(xt).clone();
        // Iteration state lives in hidden registers.
        // Go does not evaluate the range expression when at most one
        // iteration variable is present (`i, _` is two) and len(x) is
        // constant (an array, or a pointer to one, with no calls or
        // receives): `for i := range *p` with p nil runs len times.
        let const_len = match &under {
            Type::Array(n, _) => Some(*n),
            Type::Pointer(p) => match self.c.types().under(*p) {
                Type::Array(n, _) => Some(*n),
                _ => None,
            },
            _ => None,
        };
        let const_len = const_len.filter(|_| value.is_none() && !crate::check::has_call(x));
        match under {
            _ if const_len.is_some() || matches!(under, Type::Basic(k) if k.is_integer()) => {
                let n = self.alloc();
                let key_t = match const_len {
                    Some(len) => {
                        self.load_word(n, len);
                        TypeTable::INT
                    }
                    None => {
                        self.expr(x, n)?;
                        xt
                    }
                };
                let i = self.alloc();
                self.emit(Op::LoadInt { a: i, v: 0 });
                // Tested once here, then stepped and tested at the bottom.
                let exit = self.emit(Op::JmpLe { a: n, b: i, off: 0 });
                let top = self.here();
                let body_mark = self.mark();
                if !self.alias_range_key(key, define, i, body) {
                    self.bind_range_var(key, define, i, key_t)?;
                }
                self.push_loop(label);
                self.block(body)?;
                self.release(body_mark);
                let cont = self.here();
                let back = self.emit(Op::IncJmpLt { a: i, b: n, off: 0 });
                self.patch_to(back, top);
                self.patch_here(exit);
                self.pop_loop(cont);
            }
            Type::Basic(_) => {
                // string: runes
                let s = self.alloc();
                let off = self.alloc(); // must follow s (StrNextRune reads R[s+1])
                self.expr(x, s)?;
                self.emit(Op::LoadInt { a: off, v: 0 });
                let n = self.alloc();
                self.emit(Op::StrLen { a: n, b: s });
                let top = self.here();
                let c = self.alloc();
                self.emit(Op::LtI { a: c, b: off, c: n });
                let exit = self.emit(Op::JmpIfNot { a: c, off: 0 });
                let rw = self.alloc_n(2);
                self.emit(Op::StrNextRune { a: rw, b: s });
                let body_mark = self.mark();
                self.bind_range_vars(
                    define,
                    &[
                        (key, off, crate::types::TypeTable::INT),
                        (value, rw, crate::types::TypeTable::INT32),
                    ],
                )?;
                self.push_loop(label);
                self.block(body)?;
                self.release(body_mark);
                let cont = self.here();
                self.emit(Op::AddI {
                    a: off,
                    b: off,
                    c: rw + 1,
                });
                self.jump_to(top);
                self.patch_here(exit);
                self.pop_loop(cont);
            }
            Type::Slice(elem) | Type::Array(_, elem) => {
                self.range_indexed(label, key, value, define, x, body, elem)?;
            }
            Type::Pointer(p) => {
                let elem = match self.c.types().under(p) {
                    Type::Array(_, e) => *e,
                    _ => return Err(self.err(x.span.lo, "cannot range over this pointer")),
                };
                self.range_indexed(label, key, value, define, x, body, elem)?;
            }
            Type::Map(kt, vt) => {
                let m = self.alloc();
                self.expr(x, m)?;
                // MapNext writes key, value, found into kv..kv+3.
                let it = self.alloc();
                self.emit(Op::MapIter { a: it, b: m });
                let boxes = [
                    self.reused_range_box(key, define, kt),
                    self.reused_range_box(value, define, vt),
                ];
                let top = self.here();
                let kv = self.alloc_n(3);
                self.emit(Op::MapNext { a: kv, b: it });
                let exit = self.emit(Op::JmpIfNot { a: kv + 2, off: 0 });
                let body_mark = self.mark();
                // The loop variables are copies: the map keeps its own key
                // and value.
                let mut srcs = [kv, kv + 1];
                for (j, (var, t)) in [(key, kt), (value, vt)].into_iter().enumerate() {
                    if var.is_some() && !is_blank(var) && self.c.is_aggregate(t) {
                        let rt = self.rt(t);
                        match boxes[j] {
                            Some(b) => {
                                self.emit(Op::CopyInto {
                                    a: b,
                                    b: srcs[j],
                                    t: rt,
                                });
                                srcs[j] = b;
                            }
                            None => {
                                self.emit(Op::Copy {
                                    a: srcs[j],
                                    b: srcs[j],
                                    t: rt,
                                });
                            }
                        }
                    }
                }
                self.bind_range_vars(define, &[(key, srcs[0], kt), (value, srcs[1], vt)])?;
                self.push_loop(label);
                self.block(body)?;
                self.release(body_mark);
                let cont = self.here();
                self.jump_to(top);
                self.patch_here(exit);
                self.pop_loop(cont);
            }
            Type::Func(_) => {
                return Err(self.err(x.span.lo, "range over function is not supported"));
            }
            Type::Chan(_, et) => {
                let ch = self.alloc();
                self.expr(x, ch)?;
                let top = self.here();
                let vo = self.alloc_n(2);
                self.emit(Op::RecvOk { a: vo, b: ch });
                let exit = self.emit(Op::JmpIfNot { a: vo + 1, off: 0 });
                let body_mark = self.mark();
                self.bind_range_var(key, define, vo, et)?;
                self.push_loop(label);
                self.block(body)?;
                self.release(body_mark);
                let cont = self.here();
                self.jump_to(top);
                self.patch_here(exit);
                self.pop_loop(cont);
            }
            _ => {
                return Err(self.err(x.span.lo, "cannot range over this type"));
            }
        }
        self.release(mark);
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn range_indexed(
        &mut self,
        label: Option<String>,
        key: Option<&Expr>,
        value: Option<&Expr>,
        define: bool,
        x: &Expr,
        body: &ast::Block,
        elem: TypeId,
    ) -> CResult<()> {
        let s = self.alloc();
        self.expr(x, s)?;
        // Ranging over an array (not a pointer to one) with a value
        // variable iterates over a copy, as Go evaluates `x` once by value.
        let xt = self.ty(x);
        if value.is_some()
            && !is_blank(value)
            && matches!(self.c.types().under(xt), Type::Array(..))
        {
            let rt = self.rt(xt);
            self.emit(Op::Copy { a: s, b: s, t: rt });
        }
        let n = self.alloc();
        match self.c.types().under(xt).clone() {
            // A pointer to an array has the array's constant length even
            // when nil; only reading elements dereferences it.
            Type::Pointer(p) => {
                let len = match self.c.types().under(p) {
                    Type::Array(len, _) => *len,
                    _ => 0,
                };
                self.load_word(n, len);
                if value.is_some() && !is_blank(value) {
                    self.nil_check(s);
                }
            }
            _ => {
                self.emit(Op::SliceLen { a: n, b: s });
            }
        }
        let i = self.alloc();
        self.emit(Op::LoadInt { a: i, v: 0 });
        let reused_box = self.reused_range_box(value, define, elem);
        // Tested once here, then stepped and tested at the bottom.
        let exit = self.emit(Op::JmpLe { a: n, b: i, off: 0 });
        let top = self.here();
        let body_mark = self.mark();
        let key = if self.alias_range_key(key, define, i, body) {
            None
        } else {
            key
        };
        let mut vars = vec![(key, i, crate::types::TypeTable::INT)];
        if value.is_some() && !is_blank(value) {
            let mut v = self.alloc();
            self.emit(Op::Index { a: v, b: s, c: i });
            if self.c.is_aggregate(elem) {
                let rt = self.rt(elem);
                if let Some(b) = reused_box {
                    self.emit(Op::CopyInto { a: b, b: v, t: rt });
                    v = b;
                } else {
                    self.emit(Op::Copy { a: v, b: v, t: rt });
                }
            }
            vars.push((value, v, elem));
        }
        self.bind_range_vars(define, &vars)?;
        self.push_loop(label);
        self.block(body)?;
        self.release(body_mark);
        let cont = self.here();
        let back = self.emit(Op::IncJmpLt { a: i, b: n, off: 0 });
        self.patch_to(back, top);
        self.patch_here(exit);
        self.pop_loop(cont);
        Ok(())
    }

    /// A declared aggregate range variable whose box nothing else can
    /// reference (not captured, no address of it or of a part of it taken:
    /// see `escape`) gets one box for the whole loop, made here (before the
    /// loop) and copied into at each iteration: Go's fresh variable per
    /// iteration is only observable through such references.
    fn reused_range_box(&mut self, var: Option<&Expr>, define: bool, t: TypeId) -> Option<Reg> {
        let e = var?;
        if !define || is_blank(var) || !self.c.is_aggregate(t) {
            return None;
        }
        let v = self.c.info.defs.get(&e.id).copied()?;
        if self.c.cells.contains(&v) {
            return None;
        }
        let b = self.alloc();
        let rt = self.c.rtype(t);
        self.emit(Op::Zero { a: b, t: rt });
        Some(b)
    }

    /// `for k := range` with `k` a register variable the body never
    /// assigns: `k` is declared in the loop's counter register `i` itself
    /// (no copy per iteration). Go 1.22's fresh variable per iteration is
    /// observable only through closures and pointers, which put `k` in a
    /// cell, and the counter is not changed where `k` is not.
    fn alias_range_key(
        &mut self,
        key: Option<&Expr>,
        define: bool,
        i: Reg,
        body: &ast::Block,
    ) -> bool {
        let Some(e) = key else { return false };
        if !define || is_blank(key) {
            return false;
        }
        let Some(&v) = self.c.info.defs.get(&e.id) else {
            return false;
        };
        if self.needs_cell(v) || assigns_var(self.c.info, &body.stmts, v) {
            return false;
        }
        self.vars.insert(v, Local::Reg(i));
        true
    }

    /// Binds the range variables: declared fresh per iteration, or
    /// assigned in Go's two phases (every index and pointer operand on the
    /// left is evaluated before any is assigned: `for i, x[i] = range`).
    pub(crate) fn bind_range_vars(
        &mut self,
        define: bool,
        vars: &[(Option<&Expr>, Reg, TypeId)],
    ) -> CResult<()> {
        if define {
            for &(e, src, t) in vars {
                self.bind_range_var(e, define, src, t)?;
            }
            return Ok(());
        }
        let vars_end = self.mark();
        let mut places = Vec::new();
        for &(e, src, t) in vars {
            let Some(e) = e else { continue };
            if is_blank(Some(e)) {
                continue;
            }
            let et = self.lhs_type(e).unwrap_or(t);
            let p = self.place(e)?;
            places.push((self.snapshot_place(p, vars_end), src, t, et));
        }
        for (p, src, t, et) in places {
            let r = self.range_value_as(src, t, et);
            self.store_place(p, r, et)?;
        }
        Ok(())
    }

    /// The range value `src` of type `t` for assigning to a variable of
    /// type `et`: boxed in a fresh register when `et` is an interface
    /// (`var v any; for _, v = range xs`), else `src` itself.
    fn range_value_as(&mut self, src: Reg, t: TypeId, et: TypeId) -> Reg {
        let tt = self.c.types();
        if !tt.is_interface(et) || tt.is_interface(t) {
            return src;
        }
        let r = self.alloc();
        self.emit(Op::Move { a: r, b: src });
        self.convert_value(r, t, et, false);
        r
    }

    /// Binds a range variable (declared fresh per iteration, or assigned).
    fn bind_range_var(
        &mut self,
        e: Option<&Expr>,
        define: bool,
        src: Reg,
        t: TypeId,
    ) -> CResult<()> {
        let Some(e) = e else { return Ok(()) };
        if is_blank(Some(e)) {
            return Ok(());
        }
        if define {
            if let Some(&v) = self.c.info.defs.get(&e.id) {
                self.declare_from(v, src);
            }
            Ok(())
        } else {
            let et = self.lhs_type(e).unwrap_or(t);
            let p = self.place(e)?;
            let r = self.range_value_as(src, t, et);
            self.store_place(p, r, et)
        }
    }

    // ------------------------------------------------------------ switch

    fn switch_stmt(
        &mut self,
        label: Option<String>,
        init: Option<&Stmt>,
        tag: Option<&Expr>,
        cases: &[ast::CaseClause],
    ) -> CResult<()> {
        let mark = self.mark();
        if let Some(i) = init {
            self.stmt(i)?;
        }
        let tag_reg = match tag {
            Some(t) => {
                let r = self.alloc();
                self.expr(t, r)?;
                Some((r, self.ty(t)))
            }
            None => None,
        };
        // Tests, in source order; each jumps to its body.
        let mut to_body: Vec<Vec<usize>> = vec![vec![]; cases.len()];
        for (ci, c) in cases.iter().enumerate() {
            for e in &c.exprs {
                self.set_pos(e.span.lo);
                let m = self.mark();
                match tag_reg {
                    Some((tr, _)) if self.is_nil_expr(e) => {
                        // `switch f { case nil: }` on a func, map or slice.
                        let res = self.alloc();
                        self.emit(Op::IsNil { a: res, b: tr });
                        let j = self.emit(Op::JmpIf { a: res, off: 0 });
                        to_body[ci].push(j);
                    }
                    Some((tr, tt)) => {
                        let cr = self.alloc();
                        let et = self.ty(e);
                        let (tag_iface, case_iface) = (
                            self.c.types().is_interface(tt),
                            self.c.types().is_interface(et),
                        );
                        // Compare in the tag's type, or in the interface's
                        // when only one side is an interface (`switch x
                        // { case i: }` is `x == i`: x is boxed).
                        let mut lhs = tr;
                        let cmp_t = if tag_iface { tt } else { et };
                        if tag_iface && !case_iface {
                            self.value_to(e, cr, tt)?;
                        } else {
                            self.expr(e, cr)?;
                        }
                        if case_iface && !tag_iface {
                            lhs = self.alloc();
                            self.emit(Op::Move { a: lhs, b: tr });
                            self.convert_value(lhs, tt, et, false);
                        }
                        let res = self.alloc();
                        self.equal_regs(lhs, cr, cmp_t, res)?;
                        let j = self.emit(Op::JmpIf { a: res, off: 0 });
                        to_body[ci].push(j);
                    }
                    None if self.c.types().is_interface(self.ty(e)) => {
                        // A tagless switch is `switch true`: an interface
                        // case is compared with the interface holding true.
                        let et = self.ty(e);
                        let cr = self.alloc();
                        self.expr(e, cr)?;
                        let tv = self.alloc();
                        self.emit(Op::LoadInt { a: tv, v: 1 });
                        let bt = self.rt(TypeTable::BOOL);
                        self.emit(Op::MakeIface {
                            a: tv,
                            b: tv,
                            t: bt,
                        });
                        let res = self.alloc();
                        self.equal_regs(cr, tv, et, res)?;
                        let j = self.emit(Op::JmpIf { a: res, off: 0 });
                        to_body[ci].push(j);
                    }
                    None => {
                        let js = self.cond_jump(e, true)?;
                        to_body[ci].extend(js);
                    }
                }
                self.release(m);
            }
        }
        let default_jump = self.emit(Op::Jmp { off: 0 });
        self.push_switch(label);
        let mut ends = Vec::new();
        let mut default_at = None;
        for (ci, c) in cases.iter().enumerate() {
            let start = self.here();
            if c.is_default {
                default_at = Some(start);
            }
            for j in std::mem::take(&mut to_body[ci]) {
                self.patch_to(j, start);
            }
            self.stmts(&c.body)?;
            let falls = matches!(c.body.last().map(|s| &s.kind), Some(StmtKind::Fallthrough));
            if !falls {
                ends.push(self.emit(Op::Jmp { off: 0 }));
            }
        }
        match default_at {
            Some(d) => self.patch_to(default_jump, d),
            None => self.patch_here(default_jump),
        }
        for j in ends {
            self.patch_here(j);
        }
        self.pop_switch();
        self.release(mark);
        Ok(())
    }

    fn type_switch(
        &mut self,
        label: Option<String>,
        init: Option<&Stmt>,
        _bind: Option<&ast::Ident>,
        x: &Expr,
        cases: &[ast::TypeCaseClause],
    ) -> CResult<()> {
        let mark = self.mark();
        if let Some(i) = init {
            self.stmt(i)?;
        }
        let xr = self.alloc();
        self.expr(x, xr)?;
        let xt = self.ty(x);
        let src_rt = self.c.rtype(xt);
        // For each clause: where its body starts and the register holding
        // the matched value (single-type clauses bind the concrete value).
        let mut to_body: Vec<Vec<(usize, Option<Reg>)>> = vec![vec![]; cases.len()];
        // One pair of registers for every test: a test that succeeds jumps
        // to its body at once, and only a failed one is overwritten by the
        // next, so each body finds its own value. (A pair per case made a
        // 10k-case switch 20k registers wide, and the verifier's state per
        // jump target quadratic: 3 GB.)
        let r = self.alloc_n(2);
        for (ci, c) in cases.iter().enumerate() {
            for te in &c.types {
                self.set_pos(te.span.lo);
                let is_nil = matches!(&te.kind, ExprKind::Ident(n) if n == "nil")
                    && matches!(self.c.info.uses.get(&te.id), Some(Obj::Nil) | None);
                if is_nil {
                    self.emit(Op::IsNil { a: r, b: xr });
                    let j = self.emit(Op::JmpIf { a: r, off: 0 });
                    to_body[ci].push((j, None));
                    continue;
                }
                let tt = self.ty(te);
                let target = self.c.rtype(tt);
                let d = self.n16(self.asserts.len());
                self.asserts.push(AssertDesc {
                    target,
                    source: src_rt,
                    comma_ok: true,
                });
                self.emit(Op::TypeAssert { a: r, b: xr, d });
                let j = self.emit(Op::JmpIf { a: r + 1, off: 0 });
                to_body[ci].push((j, Some(r)));
            }
        }
        let default_jump = self.emit(Op::Jmp { off: 0 });
        self.push_switch(label);
        let mut ends = Vec::new();
        let mut default_at = None;
        for (ci, c) in cases.iter().enumerate() {
            let implicit = self.c.info.implicits.get(&c.id).copied();
            let jumps = std::mem::take(&mut to_body[ci]);
            let body_mark = self.mark();
            if c.is_default {
                default_at = Some(self.here());
            }
            let single = c.types.len() == 1 && jumps.len() == 1 && jumps[0].1.is_some();
            if let (Some(v), true) = (implicit, single) {
                // One landing pad per clause: bind the asserted value.
                let start = self.here();
                for (j, _) in &jumps {
                    self.patch_to(*j, start);
                }
                let src = jumps[0].1.unwrap_or(xr);
                let vt = self.c.info.var(v).ty;
                if self.c.is_aggregate(vt) {
                    let rt = self.rt(vt);
                    self.emit(Op::Copy {
                        a: src,
                        b: src,
                        t: rt,
                    });
                }
                self.declare_from(v, src);
            } else {
                let start = self.here();
                for (j, _) in &jumps {
                    self.patch_to(*j, start);
                }
                if let Some(v) = implicit {
                    self.declare_from(v, xr);
                }
            }
            self.stmts(&c.body)?;
            self.release(body_mark);
            ends.push(self.emit(Op::Jmp { off: 0 }));
        }
        match default_at {
            Some(d) => self.patch_to(default_jump, d),
            None => self.patch_here(default_jump),
        }
        for j in ends {
            self.patch_here(j);
        }
        self.pop_switch();
        self.release(mark);
        Ok(())
    }
}

impl FnCx<'_, '_> {
    /// `select`: every channel and sent value is evaluated first (in source
    /// order, as Go does), one `Select` picks a case, then a jump per case.
    fn select_stmt(&mut self, label: Option<String>, cases: &[ast::CommClause]) -> CResult<()> {
        let mark = self.mark();
        let mut descs = Vec::new();
        let mut has_default = false;
        // For each clause: its index among the non-default cases.
        let mut clause_case: Vec<Option<usize>> = Vec::new();
        for c in cases {
            let Some(comm) = &c.comm else {
                has_default = true;
                clause_case.push(None);
                continue;
            };
            self.set_pos(comm.span.lo);
            match &comm.kind {
                StmtKind::Send { ch, value } => {
                    let cr = self.alloc();
                    self.expr(ch, cr)?;
                    let et = self
                        .c
                        .types()
                        .elem(self.ty(ch))
                        .unwrap_or(crate::types::TypeTable::INVALID);
                    let vr = self.alloc();
                    self.value_to(value, vr, et)?;
                    clause_case.push(Some(descs.len()));
                    descs.push(crate::bytecode::SelectCaseDesc {
                        send: true,
                        ch: cr,
                        val: vr,
                    });
                }
                _ => {
                    let recv = recv_operand(comm).ok_or_else(|| {
                        self.err(
                            comm.span.lo,
                            "select case must be receive, send or assign recv",
                        )
                    })?;
                    let cr = self.alloc();
                    self.expr(recv, cr)?;
                    clause_case.push(Some(descs.len()));
                    descs.push(crate::bytecode::SelectCaseDesc {
                        send: false,
                        ch: cr,
                        val: cr,
                    });
                }
            }
        }
        let d = self.n16(self.selects.len());
        self.selects.push(crate::bytecode::SelectDesc {
            cases: descs,
            has_default,
        });
        let res = self.alloc_n(3);
        self.emit(Op::Select { a: res, d });
        // Dispatch on the chosen index.
        let mut jumps = Vec::new();
        for (ci, cc) in clause_case.iter().enumerate() {
            let t = self.alloc();
            match cc {
                Some(i) => self.load_word(t, *i as u64),
                None => self.load_word(t, u64::MAX),
            }
            let e = self.alloc();
            self.emit(Op::EqI { a: e, b: res, c: t });
            jumps.push((ci, self.emit(Op::JmpIf { a: e, off: 0 })));
            self.release(t);
        }
        let none = self.emit(Op::Jmp { off: 0 });
        self.push_switch(label);
        let mut ends = Vec::new();
        for (ci, c) in cases.iter().enumerate() {
            let start = self.here();
            for (k, j) in &jumps {
                if *k == ci {
                    self.patch_to(*j, start);
                }
            }
            let body_mark = self.mark();
            if let Some(comm) = &c.comm {
                self.bind_select_recv(comm, res + 1)?;
            }
            self.stmts(&c.body)?;
            self.release(body_mark);
            ends.push(self.emit(Op::Jmp { off: 0 }));
        }
        self.patch_here(none);
        for j in ends {
            self.patch_here(j);
        }
        self.pop_switch();
        self.release(mark);
        Ok(())
    }

    /// `v := <-ch` / `v, ok = <-ch` in a select case: bind from the
    /// received value (`val`) and ok (`val + 1`).
    fn bind_select_recv(&mut self, comm: &Stmt, val: Reg) -> CResult<()> {
        let StmtKind::Assign { lhs, op, rhs } = &comm.kind else {
            return Ok(());
        };
        let et = rhs
            .first()
            .and_then(|r| match &super::expr::strip_paren(r).kind {
                ExprKind::Unary(ast::UnOp::Recv, ch) => self.c.types().elem(self.ty(ch)),
                _ => None,
            })
            .unwrap_or(crate::types::TypeTable::INVALID);
        for (i, e) in lhs.iter().enumerate() {
            let src = self.reg_at(val, i);
            let t = if i == 0 {
                et
            } else {
                crate::types::TypeTable::BOOL
            };
            if *op == AssignOp::Define {
                if let Some(&v) = self.c.info.defs.get(&e.id) {
                    let r = self.alloc();
                    self.emit(Op::Move { a: r, b: src });
                    self.declare_in(v, r);
                }
            } else if !is_blank(Some(e)) {
                let lt = self.lhs_type(e).unwrap_or(t);
                let r = self.alloc();
                self.emit(Op::Move { a: r, b: src });
                self.convert_value(r, t, lt, true);
                let p = self.place(e)?;
                self.store_place(p, r, lt)?;
            }
        }
        Ok(())
    }
}

/// The channel operand of a receive comm clause (`<-ch`, `v := <-ch`, ...).
fn recv_operand(comm: &Stmt) -> Option<&Expr> {
    let e = match &comm.kind {
        StmtKind::Expr(e) => e,
        StmtKind::Assign { rhs, .. } => rhs.first()?,
        _ => return None,
    };
    match &super::expr::strip_paren(e).kind {
        ExprKind::Unary(ast::UnOp::Recv, ch) => Some(ch),
        _ => None,
    }
}

fn empty_breakable() -> Breakable {
    Breakable {
        label: None,
        is_loop: false,
        breaks: vec![],
        continues: vec![],
    }
}

fn is_blank(e: Option<&Expr>) -> bool {
    matches!(e.map(|e| &e.kind), Some(ExprKind::Ident(n)) if n == "_")
}

/// Whether the statements may assign variable `v` (`=`, `op=`, `++`, `--`,
/// `for v = range`, `case v = <-ch`, or a `:=` that reuses it). Function
/// literals are not searched: a variable one assigns is captured, so it
/// lives in a cell. Conservative: any statement that assigns through
/// another form would have to appear here.
pub(crate) fn assigns_var(info: &crate::info::Info, stmts: &[Stmt], v: VarId) -> bool {
    stmts.iter().any(|s| stmt_assigns(info, s, v))
}

fn stmt_assigns(info: &crate::info::Info, s: &Stmt, v: VarId) -> bool {
    let is_v = |e: &Expr| {
        let e = super::expr::strip_paren(e);
        matches!(e.kind, ExprKind::Ident(_))
            && (matches!(info.uses.get(&e.id), Some(Obj::Var(w)) if *w == v)
                || info.defs.get(&e.id) == Some(&v))
    };
    let opt = |s: &Option<Box<Stmt>>| s.as_deref().is_some_and(|s| stmt_assigns(info, s, v));
    match &s.kind {
        StmtKind::Assign { lhs, .. } => lhs.iter().any(is_v),
        StmtKind::IncDec { x, .. } => is_v(x),
        StmtKind::Range {
            key, value, body, ..
        } => {
            key.as_ref().is_some_and(is_v)
                || value.as_ref().is_some_and(is_v)
                || assigns_var(info, &body.stmts, v)
        }
        StmtKind::Block(b) => assigns_var(info, &b.stmts, v),
        StmtKind::If {
            init, then, els, ..
        } => opt(init) || assigns_var(info, &then.stmts, v) || opt(els),
        StmtKind::Switch { init, cases, .. } => {
            opt(init) || cases.iter().any(|c| assigns_var(info, &c.body, v))
        }
        StmtKind::TypeSwitch { init, cases, .. } => {
            opt(init) || cases.iter().any(|c| assigns_var(info, &c.body, v))
        }
        StmtKind::Select { cases } => cases
            .iter()
            .any(|c| opt(&c.comm) || assigns_var(info, &c.body, v)),
        StmtKind::For {
            init, post, body, ..
        } => opt(init) || opt(post) || assigns_var(info, &body.stmts, v),
        StmtKind::Labeled { stmt, .. } => stmt_assigns(info, stmt, v),
        StmtKind::Empty
        | StmtKind::Expr(_)
        | StmtKind::Send { .. }
        | StmtKind::Var(_)
        | StmtKind::Const(_)
        | StmtKind::Type(_)
        | StmtKind::Go(_)
        | StmtKind::Defer(_)
        | StmtKind::Return(_)
        | StmtKind::Break(_)
        | StmtKind::Continue(_)
        | StmtKind::Goto(_)
        | StmtKind::Fallthrough => false,
    }
}
