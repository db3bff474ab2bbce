//! Expressions: constants, operators, selectors, indexing, literals,
//! conversions, and the value-semantics rules for aggregates.

use super::func::{FnCx, Local};
use super::CResult;
use crate::bytecode::{AssertDesc, Op, Reg};
use crate::heap;
use crate::info::{ConstValue, Mode, Obj, SelKind};
use crate::types::{BasicKind, Type, TypeId, TypeTable};
use minigo_parser::ast::{self, BinOp, Expr, ExprKind, UnOp};
use num_traits::ToPrimitive;

impl FnCx<'_, '_> {
    // ------------------------------------------------------------ types

    pub fn ty(&self, e: &Expr) -> TypeId {
        match self.c.info.expr(e.id) {
            // A constant recorded with an interface type (its context) is
            // still a value of its default type: box it as that.
            Some(i) if i.value.is_some() && self.c.types().is_interface(i.ty) => {
                match i.value.as_deref() {
                    Some(ConstValue::Bool(_)) => TypeTable::BOOL,
                    Some(ConstValue::String(_)) => TypeTable::STRING,
                    Some(ConstValue::Float(_)) => TypeTable::FLOAT64,
                    Some(ConstValue::Complex(..)) => TypeTable::COMPLEX128,
                    Some(ConstValue::Int(_)) if matches!(e.kind, ExprKind::RuneLit(_)) => {
                        TypeTable::INT32
                    }
                    _ => TypeTable::INT,
                }
            }
            Some(i) => i.ty,
            None => TypeTable::INVALID,
        }
    }

    /// The value type of a comma-ok form (recorded as `(T, bool)`).
    pub fn first_of_tuple(&self, t: TypeId) -> TypeId {
        match self.c.types().get(t) {
            Type::Tuple(ts) => ts.first().copied().unwrap_or(t),
            _ => t,
        }
    }

    pub fn basic(&self, t: TypeId) -> Option<BasicKind> {
        self.c.types().basic_kind(t)
    }

    pub fn is_float(&self, t: TypeId) -> bool {
        self.basic(t).is_some_and(|k| k.is_float())
    }

    pub fn is_complex(&self, t: TypeId) -> bool {
        self.basic(t).is_some_and(|k| k.is_complex())
    }

    /// Rounds a complex result to complex64 precision when `t` is one.
    pub fn finish_complex(&mut self, r: Reg, t: TypeId) {
        if self.basic(t) == Some(BasicKind::Complex64) {
            self.emit(Op::C64 { a: r, b: r });
        }
    }

    /// Loads a complex constant word (0, or a static complex box).
    pub fn load_complex(&mut self, dst: Reg, w: Word64) {
        if w == 0 {
            self.emit(Op::LoadInt { a: dst, v: 0 });
        } else {
            let k = self.konst(w);
            self.emit(Op::LoadConstC { a: dst, k });
        }
    }

    fn is_string(&self, t: TypeId) -> bool {
        self.basic(t).is_some_and(|k| k.is_string())
    }

    fn is_unsigned(&self, t: TypeId) -> bool {
        self.basic(t).is_some_and(|k| k.is_unsigned())
    }

    /// Re-normalizes an integer result to a narrow type's range.
    pub fn normalize_int(&mut self, r: Reg, t: TypeId) {
        let kind = match self.basic(t) {
            Some(BasicKind::Int8) => 0,
            Some(BasicKind::Int16) => 1,
            Some(BasicKind::Int32) | Some(BasicKind::UntypedRune) => 2,
            Some(BasicKind::Uint8) => 3,
            Some(BasicKind::Uint16) => 4,
            Some(BasicKind::Uint32) => 5,
            _ => return,
        };
        self.emit(Op::Ext { a: r, b: r, kind });
    }

    pub fn finish_float(&mut self, r: Reg, t: TypeId) {
        if self.basic(t) == Some(BasicKind::Float32) {
            self.emit(Op::F32 { a: r, b: r });
        }
    }

    // ------------------------------------------------------------ constants

    /// The word of a constant of type `t`.
    pub fn const_word(&self, v: &ConstValue, t: TypeId) -> Word64 {
        let k = self.basic(t);
        if k.is_some_and(|k| k.is_complex()) {
            let (r, i) = crate::check::constant::to_complex(v).unwrap_or_default();
            let f = |x: &num_rational::BigRational| x.to_f64().unwrap_or(0.0);
            return heap::new_static_complex(f(&r), f(&i));
        }
        match v {
            ConstValue::Bool(b) => *b as u64,
            // Only complex types hold complex constants (represent()).
            ConstValue::Complex(r, _) => float_word(r.to_f64().unwrap_or(0.0), k),
            ConstValue::String(s) => heap::new_static_str(s),
            ConstValue::Int(i) => {
                if k.is_some_and(|k| k.is_float()) {
                    let f = i.to_f64().unwrap_or(0.0);
                    float_word(f, k)
                } else {
                    int_word(i)
                }
            }
            ConstValue::Float(r) => {
                if k.is_some_and(|k| k.is_integer()) {
                    let i = r.to_integer();
                    int_word(&i)
                } else {
                    let f = r.to_f64().unwrap_or(0.0);
                    float_word(f, k)
                }
            }
        }
    }

    // ------------------------------------------------------------ entry points

    /// Evaluates `e` for its side effects only.
    pub fn expr_effect(&mut self, e: &Expr) -> CResult<()> {
        let r = self.alloc();
        self.expr_multi(e, r)?;
        Ok(())
    }

    /// Evaluates a possibly multi-valued expression (a call) into `dst..`.
    fn expr_multi(&mut self, e: &Expr, dst: Reg) -> CResult<()> {
        let constant = self.c.info.expr(e.id).is_some_and(|i| i.value.is_some());
        match &e.kind {
            // `_ = len(*p)` is a constant: p is not evaluated.
            ExprKind::Call { .. } if !constant => self.call(e, dst),
            ExprKind::Paren(x) => self.expr_multi(x, dst),
            _ => self.expr(e, dst),
        }
    }

    /// A register holding `e`'s value: the variable's own register when `e`
    /// is a local held in a register, else a fresh temporary.
    pub fn expr_reg(&mut self, e: &Expr) -> CResult<Reg> {
        if let ExprKind::Ident(_) = &e.kind {
            if let Some(Obj::Var(v)) = self.c.info.uses.get(&e.id) {
                if self.c.global(*v).is_none() {
                    if let Some(Local::Reg(r)) = self.vars.get(v).copied() {
                        return Ok(r);
                    }
                }
            }
        }
        if let ExprKind::Paren(x) = &e.kind {
            return self.expr_reg(x);
        }
        let r = self.alloc();
        self.expr(e, r)?;
        Ok(r)
    }

    /// `e` is a fresh value (nobody else holds its box): call results,
    /// composite literals, conversions of fresh values.
    pub fn is_fresh(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::CompositeLit { .. } => true,
            // A received value was sent as a private copy.
            ExprKind::Unary(UnOp::Recv, _) => true,
            ExprKind::Paren(x) => self.is_fresh(x),
            ExprKind::Call { func, args, .. } => {
                if self.c.info.expr(func.id).map(|i| i.mode) == Some(Mode::Type) {
                    args.first().is_some_and(|a| self.is_fresh(a))
                } else {
                    true
                }
            }
            _ => false,
        }
    }

    /// Evaluates `e` into `dst` as a value of type `target` that the
    /// destination will own: interfaces are boxed, borrowed aggregates
    /// copied.
    pub fn value_to(&mut self, e: &Expr, dst: Reg, target: TypeId) -> CResult<()> {
        let et = self.ty(e);
        self.expr(e, dst)?;
        let fresh = self.is_fresh(e);
        self.convert_value(dst, et, target, fresh);
        Ok(())
    }

    /// Converts the value in `r` of type `from` for storing as `to`.
    pub fn convert_value(&mut self, r: Reg, from: TypeId, to: TypeId, fresh: bool) {
        let tt = self.c.types();
        if tt.is_interface(to) && !tt.is_interface(from) && from != TypeTable::UNTYPED_NIL {
            if self.c.is_aggregate(from) && !fresh {
                let rt = self.rt(from);
                self.emit(Op::Copy { a: r, b: r, t: rt });
            }
            let rt = self.rt(from);
            self.emit(Op::MakeIface { a: r, b: r, t: rt });
        } else if self.c.is_aggregate(to) && !fresh {
            let rt = self.rt(to);
            self.emit(Op::Copy { a: r, b: r, t: rt });
        }
    }

    /// Evaluates `exprs` into consecutive registers converted to `targets`
    /// (one per target; a single multi-valued call or comma-ok form fills
    /// several). Returns the first register.
    pub fn values_to(
        &mut self,
        exprs: &[Expr],
        targets: &[Option<TypeId>],
        pos: u32,
    ) -> CResult<Reg> {
        let n = targets.len().max(exprs.len());
        let base = self.alloc_n(n);
        if exprs.len() == 1 && targets.len() > 1 {
            let e = strip_paren(&exprs[0]);
            match &e.kind {
                ExprKind::Call { .. } => {
                    self.call(e, base)?;
                    let rts = match self.c.types().get(self.ty(e)) {
                        Type::Tuple(ts) => ts.clone(),
                        _ => vec![],
                    };
                    for (i, t) in targets.iter().enumerate() {
                        if let (Some(t), Some(rt)) = (t, rts.get(i)) {
                            self.convert_value(self.reg_at(base, i), *rt, *t, true);
                        }
                    }
                }
                ExprKind::Index(x, k) => {
                    let m = self.expr_reg(x)?;
                    let kt = match self.c.types().under(self.ty(x)) {
                        Type::Map(kt, _) => *kt,
                        _ => return Err(self.err(pos, "comma-ok index of a non-map")),
                    };
                    let kr = self.map_key(k, kt)?;
                    let vt = match self.c.types().under(self.ty(x)) {
                        Type::Map(_, vt) => *vt,
                        _ => TypeTable::INVALID,
                    };
                    self.map_get(base, m, kr, vt, true);
                    let vt = self.first_of_tuple(self.ty(e));
                    if let Some(Some(t)) = targets.first() {
                        self.convert_value(base, vt, *t, false);
                    }
                    self.release_n(base, n);
                }
                ExprKind::TypeAssert { x, ty: Some(_) } => {
                    self.type_assert(e, x, base, true)?;
                    let vt = self.first_of_tuple(self.ty(e));
                    if let Some(Some(t)) = targets.first() {
                        self.convert_value(base, vt, *t, false);
                    }
                }
                ExprKind::Unary(UnOp::Recv, ch) => {
                    let c = self.expr_reg(ch)?;
                    self.emit(Op::RecvOk { a: base, b: c });
                    let vt = self.first_of_tuple(self.ty(e));
                    if let Some(Some(t)) = targets.first() {
                        self.convert_value(base, vt, *t, true);
                    }
                }
                _ => return Err(self.err(pos, "assignment mismatch")),
            }
            // The comma-ok forms' boolean goes to its target as any value
            // does: `var v, ok any = m[k]` boxes it.
            if !matches!(e.kind, ExprKind::Call { .. }) {
                if let (Some(Some(t)), Type::Tuple(ts)) =
                    (targets.get(1), self.c.types().get(self.ty(e)))
                {
                    let ok_t = ts.get(1).copied().unwrap_or(TypeTable::BOOL);
                    self.convert_value(self.reg_at(base, 1), ok_t, *t, false);
                }
            }
            self.release_n(base, n);
            return Ok(base);
        }
        for (i, e) in exprs.iter().enumerate() {
            let r = self.reg_at(base, i);
            match targets.get(i).copied().flatten() {
                Some(t) => self.value_to(e, r, t)?,
                None => self.expr_multi(e, r)?,
            }
            self.release_n(base, n);
        }
        Ok(base)
    }

    pub fn value_type_at(&self, exprs: &[Expr], i: usize) -> TypeId {
        if exprs.len() == 1 && i > 0 {
            if let Type::Tuple(ts) = self.c.types().get(self.ty(&exprs[0])) {
                return ts.get(i).copied().unwrap_or(TypeTable::INVALID);
            }
        }
        exprs
            .get(i)
            .map(|e| self.ty(e))
            .unwrap_or(TypeTable::INVALID)
    }

    /// Compiles `e` into `dst`. For aggregates the result is the box
    /// (borrowed when `e` is a place).
    pub fn expr(&mut self, e: &Expr, dst: Reg) -> CResult<()> {
        let info = self.c.info.expr(e.id).cloned();
        if let Some(info) = &info {
            if let Some(v) = &info.value {
                let w = self.const_word(v, self.ty(e));
                if self.is_complex(self.ty(e)) {
                    self.load_complex(dst, w);
                    return Ok(());
                }
                self.note_const(w, self.ty(e));
                self.load_word(dst, w);
                return Ok(());
            }
        }
        let ty = info.as_ref().map(|i| i.ty).unwrap_or(TypeTable::INVALID);
        match &e.kind {
            ExprKind::Paren(x) => self.expr(x, dst),
            ExprKind::Ident(name) => match self.c.info.uses.get(&e.id).cloned() {
                Some(Obj::Var(v)) => {
                    self.load_var(v, dst);
                    Ok(())
                }
                Some(Obj::Nil) => {
                    self.emit(Op::LoadInt { a: dst, v: 0 });
                    Ok(())
                }
                Some(Obj::Func(f)) => {
                    let p = self.c.func_proto(f);
                    self.emit(Op::LoadFunc { a: dst, f: p });
                    Ok(())
                }
                _ => Err(self.err(e.span.lo, format!("cannot use {name} as a value"))),
            },
            ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::RuneLit(_)
            | ExprKind::StringLit(_)
            | ExprKind::ImagLit(_) => Err(self.err(e.span.lo, "constant without a value")),
            ExprKind::FuncLit { sig, body } => self.func_lit(e, sig, body, dst),
            ExprKind::CompositeLit { elems, .. } => self.composite(e, ty, elems, dst),
            ExprKind::Selector(x, sel) => self.selector(e, x, sel, dst),
            ExprKind::Index(..) | ExprKind::IndexList(..)
                if matches!(self.c.info.uses.get(&e.id), Some(Obj::Func(_))) =>
            {
                let Some(Obj::Func(f)) = self.c.info.uses.get(&e.id).cloned() else {
                    return Err(self.err(e.span.lo, "instance not found"));
                };
                let p = self.c.func_proto(f);
                self.emit(Op::LoadFunc { a: dst, f: p });
                Ok(())
            }
            ExprKind::Index(x, i) => self.index(x, i, dst),
            ExprKind::Slice { x, lo, hi, max } => {
                self.slice_expr(x, lo.as_deref(), hi.as_deref(), max.as_deref(), dst)
            }
            ExprKind::TypeAssert { x, ty: Some(_) } => self.type_assert(e, x, dst, false),
            ExprKind::TypeAssert { .. } => {
                Err(self.err(e.span.lo, "use of .(type) outside type switch"))
            }
            ExprKind::Call { .. } => self.call(e, dst),
            ExprKind::Star(x) => {
                let p = self.expr_reg(x)?;
                if self.c.is_aggregate(ty) {
                    // The pointer is the box; check nil now as Go does.
                    let t = self.alloc();
                    self.emit(Op::IsNil { a: t, b: p });
                    let j = self.emit(Op::JmpIfNot { a: t, off: 0 });
                    self.emit(Op::Load { a: t, b: p });
                    self.patch_here(j);
                    self.release(t);
                    if p != dst {
                        self.emit(Op::Move { a: dst, b: p });
                    }
                } else {
                    self.emit(Op::Load { a: dst, b: p });
                }
                Ok(())
            }
            ExprKind::Unary(op, x) => self.unary(e, *op, x, ty, dst),
            ExprKind::Binary(op, l, r) => self.binary(e, *op, l, r, ty, dst),
            _ => Err(self.err(e.span.lo, "a type is not an expression")),
        }
    }

    // ------------------------------------------------------------ operators

    fn unary(&mut self, e: &Expr, op: UnOp, x: &Expr, ty: TypeId, dst: Reg) -> CResult<()> {
        match op {
            UnOp::Pos => self.expr(x, dst),
            UnOp::Neg => {
                let r = self.expr_reg(x)?;
                if self.is_float(ty) {
                    self.emit(Op::NegF { a: dst, b: r });
                } else if self.is_complex(ty) {
                    self.emit(Op::NegC { a: dst, b: r });
                } else {
                    self.emit(Op::NegI { a: dst, b: r });
                    self.normalize_int(dst, ty);
                }
                Ok(())
            }
            UnOp::Not => {
                let r = self.expr_reg(x)?;
                self.emit(Op::Not { a: dst, b: r });
                Ok(())
            }
            UnOp::BitNot => {
                let r = self.expr_reg(x)?;
                self.emit(Op::BitNot { a: dst, b: r });
                self.normalize_int(dst, ty);
                Ok(())
            }
            UnOp::Addr => self.address_of(x, dst),
            UnOp::Recv => {
                let _ = (e, ty);
                let mark = self.mark();
                let c = self.expr_reg(x)?;
                self.emit(Op::Recv { a: dst, b: c });
                self.release(mark);
                Ok(())
            }
        }
    }

    /// `&x`.
    pub fn address_of(&mut self, x: &Expr, dst: Reg) -> CResult<()> {
        let x = strip_paren(x);
        let xt = self.ty(x);
        if let ExprKind::CompositeLit { .. } = &x.kind {
            self.expr(x, dst)?;
            if !self.c.is_aggregate(xt) {
                self.emit(Op::NewCell { a: dst, b: dst });
            }
            return Ok(());
        }
        if self.c.is_aggregate(xt) {
            // The box is the address.
            return self.expr(x, dst);
        }
        match &x.kind {
            ExprKind::Ident(_) => match self.c.info.uses.get(&x.id).cloned() {
                Some(Obj::Var(v)) => {
                    if let Some(g) = self.c.global(v) {
                        self.emit(Op::GlobalAddr { a: dst, g });
                        return Ok(());
                    }
                    match self.vars.get(&v).copied() {
                        Some(Local::Cell(r)) => {
                            self.emit(Op::Move { a: dst, b: r });
                            Ok(())
                        }
                        _ => Err(self.err(x.span.lo, "address of a variable not in a cell")),
                    }
                }
                _ => Err(self.err(x.span.lo, "cannot take address")),
            },
            ExprKind::Selector(obj, _) => {
                let sel = self
                    .c
                    .info
                    .selections
                    .get(&x.id)
                    .cloned()
                    .ok_or_else(|| self.err(x.span.lo, "unresolved selector"))?;
                let (last, walk) = sel
                    .path
                    .split_last()
                    .ok_or_else(|| self.err(x.span.lo, "empty path"))?;
                let o = self.expr_reg(obj)?;
                let o = self.walk_path(o, walk);
                self.emit(Op::FieldAddr {
                    a: dst,
                    b: o,
                    i: self.n16(*last),
                });
                Ok(())
            }
            ExprKind::Index(s, i) => {
                let sr = self.expr_reg(s)?;
                let ir = self.expr_reg(i)?;
                self.emit(Op::IndexAddr {
                    a: dst,
                    b: sr,
                    c: ir,
                });
                Ok(())
            }
            ExprKind::Star(p) => {
                // `&*p` dereferences p: nil panics, as in Go.
                self.expr(p, dst)?;
                self.nil_check(dst);
                Ok(())
            }
            _ => Err(self.err(x.span.lo, "cannot take address")),
        }
    }

    fn binary(
        &mut self,
        e: &Expr,
        op: BinOp,
        l: &Expr,
        r: &Expr,
        ty: TypeId,
        dst: Reg,
    ) -> CResult<()> {
        match op {
            BinOp::LAnd | BinOp::LOr => {
                // Short circuit.
                self.expr(l, dst)?;
                let j = if op == BinOp::LAnd {
                    self.emit(Op::JmpIfNot { a: dst, off: 0 })
                } else {
                    self.emit(Op::JmpIf { a: dst, off: 0 })
                };
                self.expr(r, dst)?;
                self.patch_here(j);
                Ok(())
            }
            BinOp::Add if self.is_string(ty) => {
                // Flatten a + b + c into one Concat.
                let mut parts = Vec::new();
                flatten_concat(e, &mut parts, self);
                let mark = self.mark();
                let base = self.alloc_n(parts.len());
                for (i, p) in parts.iter().enumerate() {
                    self.expr(p, self.reg_at(base, i))?;
                }
                self.emit(Op::Concat {
                    a: dst,
                    b: base,
                    n: self.n16(parts.len()),
                });
                self.release(mark);
                Ok(())
            }
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                let mark = self.mark();
                self.compare(op, l, r, dst)?;
                self.release(mark);
                Ok(())
            }
            _ => {
                let mark = self.mark();
                // `k * x`: the constant operand has no effects to order.
                if let (BinOp::Mul, Some(k), None) = (op, self.small_const(l), self.small_const(r))
                {
                    if self.ty(r) == ty && self.basic(ty).is_some_and(|b| b.is_integer()) {
                        let b = self.expr_reg(r)?;
                        self.binary_imm(op, ty, b, k, dst);
                        self.release(mark);
                        return Ok(());
                    }
                }
                let a = self.expr_reg(l)?;
                if let Some(k) = self.small_const(r) {
                    if self.ty(l) == ty && self.binary_imm(op, ty, a, k, dst) {
                        self.release(mark);
                        return Ok(());
                    }
                }
                // Signed `/` and `%` by a wider constant: multiply by magic
                // (one instruction instead of loading the constant). A
                // small one stays `DivIK`/`RemIK`: a modern `idiv` beats
                // the magic sequence (cpu_loop's `i * i % 7`: 94.4 machine
                // instructions an iteration against 103.3, and faster).
                if let (BinOp::Div | BinOp::Rem, Some(d)) = (op, self.int_const(r)) {
                    if self.ty(l) == ty && self.div_const(op, ty, a, d, dst) {
                        self.release(mark);
                        return Ok(());
                    }
                }
                let b = self.expr_reg(r)?;
                let lt = self.ty(l);
                let rt = self.ty(r);
                self.binary_regs(op, lt, rt, a, b, dst, e.span.lo)?;
                self.release(mark);
                Ok(())
            }
        }
    }

    /// `dst := a op k` in integer type `t` with an immediate operand
    /// (`AddIK`, `MulIK`, signed `DivIK`/`RemIK`, `AndIK`, and unsigned
    /// `% 2^n` as `AndIK`); false (nothing emitted) when `op` has no such
    /// form for `t` and `k`. Signed `%` keeps Go's sign rule (`-7 % 2 ==
    /// -1`), so it is never a mask.
    pub fn binary_imm(&mut self, op: BinOp, t: TypeId, a: Reg, k: i16, dst: Reg) -> bool {
        if !self.basic(t).is_some_and(|b| b.is_integer()) {
            return false;
        }
        let uns = self.is_unsigned(t);
        let o = match op {
            BinOp::Add => Op::AddIK { a: dst, b: a, k },
            BinOp::Sub if k != i16::MIN => Op::AddIK {
                a: dst,
                b: a,
                k: -k,
            },
            BinOp::Mul => Op::MulIK { a: dst, b: a, k },
            BinOp::Div if !uns && k != 0 => Op::DivIK { a: dst, b: a, k },
            BinOp::Rem if !uns && k != 0 => Op::RemIK { a: dst, b: a, k },
            BinOp::Rem if uns && k > 0 && k & (k - 1) == 0 => Op::AndIK {
                a: dst,
                b: a,
                k: k - 1,
            },
            BinOp::And if !uns || k >= 0 => Op::AndIK { a: dst, b: a, k },
            _ => return false,
        };
        self.emit(o);
        self.normalize_int(dst, t);
        true
    }

    /// `dst := a / d` or `a % d` (`op`) for a signed integer type `t` and a
    /// constant `d` (`2 <= |d| <= 2^31`) by multiply-by-magic (`DivIM`,
    /// `RemIM`); false (nothing emitted) otherwise. Narrow types are
    /// re-normalized after (`int8(-128) / -1` wraps as Go's does).
    pub fn div_const(&mut self, op: BinOp, t: TypeId, a: Reg, d: i64, dst: Reg) -> bool {
        if !self.basic(t).is_some_and(|b| b.is_integer()) || self.is_unsigned(t) {
            return false;
        }
        let Some((mg, packed)) = crate::interp::ops::div_magic(d) else {
            return false;
        };
        let Some(m) = self.konst_pair16(mg, packed) else {
            return false;
        };
        self.emit(match op {
            BinOp::Div => Op::DivIM { a: dst, b: a, m },
            _ => Op::RemIM { a: dst, b: a, m },
        });
        self.normalize_int(dst, t);
        true
    }

    /// The value of an integer constant expression (not float or complex).
    pub(crate) fn int_const(&self, e: &Expr) -> Option<i64> {
        let info = self.c.info.expr(e.id)?;
        match info.value.as_deref() {
            Some(ConstValue::Int(i)) if self.basic(info.ty).is_some_and(|k| k.is_integer()) => {
                i.to_i64()
            }
            _ => None,
        }
    }

    /// An integer constant too wide for an immediate, as an index into
    /// the constant table that fits the `JmpLtC` forms' 16 bits.
    pub(crate) fn wide_const(&mut self, e: &Expr) -> Option<u16> {
        let info = self.c.info.expr(e.id)?;
        let Some(ConstValue::Int(i)) = info.value.as_deref() else {
            return None;
        };
        if !self.basic(info.ty).is_some_and(|k| k.is_integer()) {
            return None;
        }
        let v = i.to_i64()?;
        self.konst16(v as u64)
    }

    /// A small integer constant operand (for AddIK).
    pub(crate) fn small_const(&self, e: &Expr) -> Option<i16> {
        let info = self.c.info.expr(e.id)?;
        match info.value.as_deref() {
            Some(ConstValue::Int(i)) if !self.is_float(info.ty) && !self.is_complex(info.ty) => {
                let v = i.to_i64()?;
                if (-32767..=32767).contains(&v) {
                    Some(v as i16)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// Arithmetic on registers: `dst := a op b` in type `t` (the left
    /// operand's type; shifts take the count's type `ct` into account).
    #[allow(clippy::too_many_arguments)]
    pub fn binary_regs(
        &mut self,
        op: BinOp,
        t: TypeId,
        ct: TypeId,
        a: Reg,
        b: Reg,
        dst: Reg,
        pos: u32,
    ) -> CResult<()> {
        if self.is_string(t) {
            if op == BinOp::Add {
                let mark = self.mark();
                let base = self.alloc_n(2);
                self.emit(Op::Move { a: base, b: a });
                self.emit(Op::Move { a: base + 1, b });
                self.emit(Op::Concat {
                    a: dst,
                    b: base,
                    n: 2,
                });
                self.release(mark);
                return Ok(());
            }
            return Err(self.err(pos, "invalid string operation"));
        }
        if self.is_float(t) {
            let o = match op {
                BinOp::Add => Op::AddF { a: dst, b: a, c: b },
                BinOp::Sub => Op::SubF { a: dst, b: a, c: b },
                BinOp::Mul => Op::MulF { a: dst, b: a, c: b },
                BinOp::Div => Op::DivF { a: dst, b: a, c: b },
                _ => return Err(self.err(pos, "invalid float operation")),
            };
            self.emit(o);
            self.finish_float(dst, t);
            return Ok(());
        }
        if self.is_complex(t) {
            let o = match op {
                BinOp::Add => Op::AddC { a: dst, b: a, c: b },
                BinOp::Sub => Op::SubC { a: dst, b: a, c: b },
                BinOp::Mul => Op::MulC { a: dst, b: a, c: b },
                BinOp::Div => Op::DivC { a: dst, b: a, c: b },
                _ => return Err(self.err(pos, "invalid complex operation")),
            };
            self.emit(o);
            // complex64: gc computes `*` and `/` in float64 and rounds the
            // result; `+`/`-` in float32 (the same value, rounded once).
            self.finish_complex(dst, t);
            return Ok(());
        }
        let uns = self.is_unsigned(t);
        let mark = self.mark();
        let mut b = b;
        if matches!(op, BinOp::Shl | BinOp::Shr)
            && self
                .basic(ct)
                .is_some_and(|k| k.is_unsigned() && k.int_bits() == 64)
        {
            // The shift ops treat a count with the top bit set as negative
            // (a panic); an unsigned count never is: clamp it to 64.
            let cnt = self.alloc();
            let k = self.alloc();
            self.emit(Op::Move { a: cnt, b });
            self.load_word(k, 64);
            self.emit(Op::LtU { a: k, b: cnt, c: k });
            let ok = self.emit(Op::JmpIf { a: k, off: 0 });
            self.load_word(cnt, 64);
            self.patch_here(ok);
            b = cnt;
        }
        let o = match op {
            BinOp::Add => Op::AddI { a: dst, b: a, c: b },
            BinOp::Sub => Op::SubI { a: dst, b: a, c: b },
            BinOp::Mul => Op::MulI { a: dst, b: a, c: b },
            BinOp::Div if uns => Op::DivU { a: dst, b: a, c: b },
            BinOp::Div => Op::DivI { a: dst, b: a, c: b },
            BinOp::Rem if uns => Op::RemU { a: dst, b: a, c: b },
            BinOp::Rem => Op::RemI { a: dst, b: a, c: b },
            BinOp::And => Op::And { a: dst, b: a, c: b },
            BinOp::Or => Op::Or { a: dst, b: a, c: b },
            BinOp::Xor => Op::Xor { a: dst, b: a, c: b },
            BinOp::AndNot => Op::AndNot { a: dst, b: a, c: b },
            BinOp::Shl => Op::Shl { a: dst, b: a, c: b },
            BinOp::Shr if uns => Op::ShrU { a: dst, b: a, c: b },
            BinOp::Shr => Op::ShrS { a: dst, b: a, c: b },
            _ => return Err(self.err(pos, "invalid integer operation")),
        };
        self.emit(o);
        self.release(mark);
        // Signed division of narrow types can overflow (-128 / -1).
        self.normalize_int(dst, t);
        Ok(())
    }

    /// Panics with Go's nil dereference when the pointer in `p` is nil
    /// (`Load` of nil does; it is skipped otherwise).
    pub fn nil_check(&mut self, p: Reg) {
        let t = self.alloc();
        self.emit(Op::IsNil { a: t, b: p });
        let j = self.emit(Op::JmpIfNot { a: t, off: 0 });
        self.emit(Op::Load { a: t, b: p });
        self.patch_here(j);
        self.release(t);
    }

    /// `dst := l op r` for a comparison.
    fn compare(&mut self, op: BinOp, l: &Expr, r: &Expr, dst: Reg) -> CResult<()> {
        let lt = self.ty(l);
        let rt = self.ty(r);
        let tt = self.c.types();
        let l_nil = self.is_nil_expr(l);
        let r_nil = self.is_nil_expr(r);
        if (l_nil || r_nil) && (op == BinOp::Eq || op == BinOp::Ne) {
            let x = if l_nil { r } else { l };
            let xr = self.expr_reg(x)?;
            self.emit(Op::IsNil { a: dst, b: xr });
            if op == BinOp::Ne {
                self.emit(Op::Not { a: dst, b: dst });
            }
            return Ok(());
        }
        // Mixed interface/concrete comparison: box the concrete side.
        let (a, b, t) = if tt.is_interface(lt) && !tt.is_interface(rt) {
            let a = self.expr_reg(l)?;
            let b = self.alloc();
            self.value_to(r, b, lt)?;
            (a, b, lt)
        } else if tt.is_interface(rt) && !tt.is_interface(lt) {
            let a = self.alloc();
            self.value_to(l, a, rt)?;
            let b = self.expr_reg(r)?;
            (a, b, rt)
        } else {
            let a = self.expr_reg(l)?;
            let b = self.expr_reg(r)?;
            (a, b, lt)
        };
        match op {
            BinOp::Eq => self.equal_regs(a, b, t, dst),
            BinOp::Ne => {
                self.equal_regs(a, b, t, dst)?;
                self.emit(Op::Not { a: dst, b: dst });
                Ok(())
            }
            BinOp::Lt => self.less(a, b, t, false, dst),
            BinOp::Le => self.less(a, b, t, true, dst),
            BinOp::Gt => self.less(b, a, t, false, dst),
            BinOp::Ge => self.less(b, a, t, true, dst),
            _ => Ok(()),
        }
    }

    pub(crate) fn is_nil_expr(&self, e: &Expr) -> bool {
        let e = strip_paren(e);
        matches!(&e.kind, ExprKind::Ident(n) if n == "nil")
            && matches!(self.c.info.uses.get(&e.id), Some(Obj::Nil))
    }

    fn less(&mut self, a: Reg, b: Reg, t: TypeId, or_eq: bool, dst: Reg) -> CResult<()> {
        let o = if self.is_string(t) {
            if or_eq {
                Op::StrLe { a: dst, b: a, c: b }
            } else {
                Op::StrLt { a: dst, b: a, c: b }
            }
        } else if self.is_float(t) {
            if or_eq {
                Op::LeF { a: dst, b: a, c: b }
            } else {
                Op::LtF { a: dst, b: a, c: b }
            }
        } else if self.is_unsigned(t) {
            if or_eq {
                Op::LeU { a: dst, b: a, c: b }
            } else {
                Op::LtU { a: dst, b: a, c: b }
            }
        } else if or_eq {
            Op::LeI { a: dst, b: a, c: b }
        } else {
            Op::LtI { a: dst, b: a, c: b }
        };
        self.emit(o);
        Ok(())
    }

    fn is_array_pointer(&self, t: TypeId) -> bool {
        let tt = self.c.types();
        matches!(tt.under(t), Type::Pointer(e) if matches!(tt.under(*e), Type::Array(..)))
    }

    /// `dst := a == b` for values of type `t`.
    pub fn equal_regs(&mut self, a: Reg, b: Reg, t: TypeId, dst: Reg) -> CResult<()> {
        if self.unsafe_equal(a, b, t, dst) {
            return Ok(());
        }
        let tt = self.c.types();
        if self.is_string(t) {
            self.emit(Op::StrEq { a: dst, b: a, c: b });
        } else if self.is_float(t) {
            self.emit(Op::EqF { a: dst, b: a, c: b });
        } else if self.is_complex(t) {
            self.emit(Op::EqC { a: dst, b: a, c: b });
        } else if tt.is_interface(t) || self.c.is_aggregate(t) || self.is_array_pointer(t) {
            // A pointer to an array is its array word: two words for the
            // same array (`(*[N]T)(s)` twice) are compared by address.
            let rt = self.rt(t);
            let mark = self.mark();
            let base = self.alloc_n(2);
            self.emit(Op::Move { a: base, b: a });
            self.emit(Op::Move { a: base + 1, b });
            self.emit(Op::EqVal {
                a: dst,
                b: base,
                t: rt,
            });
            self.release(mark);
        } else {
            self.emit(Op::EqI { a: dst, b: a, c: b });
        }
        Ok(())
    }

    /// Jumps taken when `cond` evaluates to `when`; falls through otherwise.
    pub fn cond_jump(&mut self, cond: &Expr, when: bool) -> CResult<Vec<usize>> {
        let cond = strip_paren(cond);
        if self
            .c
            .info
            .expr(cond.id)
            .and_then(|i| i.value.as_ref())
            .is_none()
        {
            match &cond.kind {
                ExprKind::Binary(BinOp::LAnd, l, r) => {
                    if when {
                        // l && r true: need both.
                        let skip = self.cond_jump(l, false)?;
                        let js = self.cond_jump(r, true)?;
                        for j in skip {
                            self.patch_here(j);
                        }
                        return Ok(js);
                    }
                    let mut js = self.cond_jump(l, false)?;
                    js.extend(self.cond_jump(r, false)?);
                    return Ok(js);
                }
                ExprKind::Binary(BinOp::LOr, l, r) => {
                    if when {
                        let mut js = self.cond_jump(l, true)?;
                        js.extend(self.cond_jump(r, true)?);
                        return Ok(js);
                    }
                    let ok = self.cond_jump(l, true)?;
                    let js = self.cond_jump(r, false)?;
                    for j in ok {
                        self.patch_here(j);
                    }
                    return Ok(js);
                }
                ExprKind::Unary(UnOp::Not, x) => return self.cond_jump(x, !when),
                _ => {}
            }
        }
        if let ExprKind::Binary(op, l, r) = &cond.kind {
            if let Some(j) = self.fused_compare(*op, l, r, when)? {
                return Ok(vec![j]);
            }
        }
        let mark = self.mark();
        let r = self.expr_reg(cond)?;
        let j = if when {
            self.emit(Op::JmpIf { a: r, off: 0 })
        } else {
            self.emit(Op::JmpIfNot { a: r, off: 0 })
        };
        self.release(mark);
        Ok(vec![j])
    }

    /// A fused compare-and-branch for an integer comparison `l op r`,
    /// jumping when its value is `when`; `None` when the operands are not
    /// plain signed integers (or, for == and !=, word-comparable values).
    fn fused_compare(
        &mut self,
        op: BinOp,
        l: &Expr,
        r: &Expr,
        when: bool,
    ) -> CResult<Option<usize>> {
        let lt = self.ty(l);
        let signed_int = self
            .basic(lt)
            .is_some_and(|k| k.is_integer() && !k.is_unsigned());
        let word_eq = signed_int
            || self
                .basic(lt)
                .is_some_and(|k| k.is_integer() || k == BasicKind::Bool);
        let ordered = matches!(op, BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge);
        let equality = matches!(op, BinOp::Eq | BinOp::Ne);
        if !((ordered && signed_int) || (equality && word_eq)) || self.ty(r) != lt {
            return Ok(None);
        }
        // The comparison to branch on.
        let op = if when {
            op
        } else {
            match op {
                BinOp::Lt => BinOp::Ge,
                BinOp::Le => BinOp::Gt,
                BinOp::Gt => BinOp::Le,
                BinOp::Ge => BinOp::Lt,
                BinOp::Eq => BinOp::Ne,
                _ => BinOp::Eq,
            }
        };
        // `R[a] op k` against a 16-bit immediate.
        let with_k = |op: BinOp, a: Reg, k: i16| match op {
            BinOp::Lt => Op::JmpLtK { a, k, off: 0 },
            BinOp::Le => Op::JmpLeK { a, k, off: 0 },
            BinOp::Gt => Op::JmpGtK { a, k, off: 0 },
            BinOp::Ge => Op::JmpGeK { a, k, off: 0 },
            BinOp::Eq => Op::JmpEqK { a, k, off: 0 },
            _ => Op::JmpNeK { a, k, off: 0 },
        };
        let mark = self.mark();
        let j = if let Some(k) = self.small_const(r) {
            let a = self.expr_reg(l)?;
            self.emit(with_k(op, a, k))
        } else if let Some(k) = self.small_const(l) {
            // k op R[b] is R[b] (mirrored op) k.
            let a = self.expr_reg(r)?;
            let mirrored = match op {
                BinOp::Lt => BinOp::Gt,
                BinOp::Le => BinOp::Ge,
                BinOp::Gt => BinOp::Lt,
                BinOp::Ge => BinOp::Le,
                other => other,
            };
            self.emit(with_k(mirrored, a, k))
        } else if let (true, Some(k)) = (ordered, self.wide_const(r)) {
            // `R[a] op K[k]`: a wide bound needs no register load per test.
            let a = self.expr_reg(l)?;
            self.emit(match op {
                BinOp::Lt => Op::JmpLtC { a, k, off: 0 },
                BinOp::Le => Op::JmpLeC { a, k, off: 0 },
                BinOp::Gt => Op::JmpGtC { a, k, off: 0 },
                _ => Op::JmpGeC { a, k, off: 0 },
            })
        } else {
            let a = self.expr_reg(l)?;
            let b = self.expr_reg(r)?;
            self.emit(match op {
                BinOp::Lt => Op::JmpLt { a, b, off: 0 },
                BinOp::Le => Op::JmpLe { a, b, off: 0 },
                BinOp::Gt => Op::JmpLt { a: b, b: a, off: 0 },
                BinOp::Ge => Op::JmpLe { a: b, b: a, off: 0 },
                BinOp::Eq => Op::JmpEq { a, b, off: 0 },
                _ => Op::JmpNe { a, b, off: 0 },
            })
        };
        self.release(mark);
        Ok(Some(j))
    }

    // ------------------------------------------------------------ selectors

    /// Follows embedded fields from the box in `obj`; returns the register
    /// holding the final box (a temporary unless the path is empty).
    pub fn walk_path(&mut self, obj: Reg, path: &[usize]) -> Reg {
        if path.is_empty() {
            return obj;
        }
        let r = self.alloc();
        let mut cur = obj;
        for &i in path {
            self.emit(Op::Field {
                a: r,
                b: cur,
                i: self.n16(i),
            });
            cur = r;
        }
        r
    }

    fn selector(&mut self, e: &Expr, x: &Expr, _sel: &ast::Ident, dst: Reg) -> CResult<()> {
        // Qualified package member.
        if let Some(obj) = self.c.info.uses.get(&e.id).cloned() {
            return match obj {
                Obj::Var(v) => {
                    self.load_var(v, dst);
                    Ok(())
                }
                Obj::Func(f) => {
                    let p = self.c.func_proto(f);
                    self.emit(Op::LoadFunc { a: dst, f: p });
                    Ok(())
                }
                _ => Err(self.err(e.span.lo, "unsupported package member use")),
            };
        }
        let sel = self
            .c
            .info
            .selections
            .get(&e.id)
            .cloned()
            .ok_or_else(|| self.err(e.span.lo, "unresolved selector"))?;
        match sel.kind {
            SelKind::Field => {
                let (last, walk) = sel
                    .path
                    .split_last()
                    .ok_or_else(|| self.err(e.span.lo, "empty path"))?;
                let mark = self.mark();
                let o = self.expr_reg(x)?;
                let o = self.walk_path(o, walk);
                self.emit(Op::Field {
                    a: dst,
                    b: o,
                    i: self.n16(*last),
                });
                self.release(mark);
                Ok(())
            }
            SelKind::Method { .. } | SelKind::IfaceMethod { .. } => {
                self.method_value(e, x, &sel, dst)
            }
            SelKind::MethodExpr { .. } | SelKind::IfaceMethodExpr { .. } => {
                let p = match self.c.method_expr_proto(self.ty(x), &sel) {
                    Some(p) => p,
                    None => match sel.kind {
                        SelKind::MethodExpr { func, .. } => self.c.func_proto(func),
                        _ => return Err(self.err(e.span.lo, "unknown interface method")),
                    },
                };
                self.emit(Op::LoadFunc { a: dst, f: p });
                Ok(())
            }
        }
    }

    // ------------------------------------------------------------ indexing

    /// `dst := m[k]` (with `ok` in `dst + 1` for the comma-ok form). A nil
    /// map yields the zero value; for an aggregate value type that is a
    /// fresh box, which MapGet cannot make (it does not carry the type), so
    /// the nil map is tested here.
    pub(crate) fn map_get(&mut self, dst: Reg, m: Reg, k: Reg, vt: TypeId, ok: bool) {
        let get = if ok {
            Op::MapGetOk { a: dst, b: m, c: k }
        } else {
            Op::MapGet { a: dst, b: m, c: k }
        };
        if !self.c.is_aggregate(vt) {
            self.emit(get);
            return;
        }
        let t = self.alloc();
        self.emit(Op::IsNil { a: t, b: m });
        let nil = self.emit(Op::JmpIf { a: t, off: 0 });
        self.emit(get);
        let end = self.emit(Op::Jmp { off: 0 });
        self.patch_here(nil);
        let rt = self.c.rtype(vt);
        self.emit(Op::Zero { a: dst, t: rt });
        if ok {
            self.emit(Op::LoadInt { a: dst + 1, v: 0 });
        }
        self.patch_here(end);
        self.release(t);
    }

    /// A map key `i` for key type `kt` in a register: a variable's own
    /// register when no conversion or copy is needed (the map operations
    /// copy the key word they keep), else a fresh one.
    pub(crate) fn map_key(&mut self, i: &Expr, kt: TypeId) -> CResult<Reg> {
        if self.ty(i) == kt && !self.c.is_aggregate(kt) {
            return self.expr_reg(i);
        }
        let k = self.alloc();
        self.value_to(i, k, kt)?;
        Ok(k)
    }

    fn index(&mut self, x: &Expr, i: &Expr, dst: Reg) -> CResult<()> {
        let xt = self.ty(x);
        let mark = self.mark();
        match self.c.types().under(xt).clone() {
            Type::Map(kt, vt) => {
                let m = self.expr_reg(x)?;
                let k = self.map_key(i, kt)?;
                self.map_get(dst, m, k, vt, false);
            }
            Type::Basic(_) => {
                let s = self.expr_reg(x)?;
                let ir = self.expr_reg(i)?;
                self.emit(Op::StrIndex {
                    a: dst,
                    b: s,
                    c: ir,
                });
            }
            under => {
                let s = self.expr_reg(x)?;
                if matches!(under, Type::Pointer(_)) {
                    // p[i] on a nil *[N]T dereferences nil (Go's message),
                    // not an empty array.
                    self.nil_check(s);
                }
                let ir = self.expr_reg(i)?;
                self.emit(Op::Index {
                    a: dst,
                    b: s,
                    c: ir,
                });
            }
        }
        self.release(mark);
        Ok(())
    }

    fn slice_expr(
        &mut self,
        x: &Expr,
        lo: Option<&Expr>,
        hi: Option<&Expr>,
        max: Option<&Expr>,
        dst: Reg,
    ) -> CResult<()> {
        let xt = self.ty(x);
        let mark = self.mark();
        let base = self.alloc_n(4);
        self.expr(x, base)?;
        let mut flags = 0u16;
        if let Some(l) = lo {
            self.expr(l, base + 1)?;
            flags |= 1;
        }
        if let Some(h) = hi {
            self.expr(h, base + 2)?;
            flags |= 2;
        }
        if let Some(m) = max {
            self.expr(m, base + 3)?;
            flags |= 4;
        }
        if matches!(self.c.types().under(xt), Type::Pointer(_)) {
            // `p[lo:hi]` on a pointer to an array is `(*p)[lo:hi]`: nil
            // dereferences, even for `p[0:0]`.
            self.nil_check(base);
        }
        if matches!(self.c.types().under(xt), Type::Pointer(_) | Type::Array(..)) {
            // Go's bounds message names an array's "length", a slice's
            // "capacity".
            flags |= 8;
        }
        if self.is_string(xt) {
            self.emit(Op::StrSlice {
                a: dst,
                b: base,
                flags,
            });
        } else {
            self.emit(Op::SliceExpr {
                a: dst,
                b: base,
                flags,
            });
        }
        self.release(mark);
        Ok(())
    }

    pub fn type_assert(&mut self, e: &Expr, x: &Expr, dst: Reg, comma_ok: bool) -> CResult<()> {
        let mark = self.mark();
        let xr = self.expr_reg(x)?;
        let target_t = self.first_of_tuple(self.ty(e));
        let target = self.c.rtype(target_t);
        let source = self.c.rtype(self.ty(x));
        let d = self.n16(self.asserts.len());
        self.asserts.push(AssertDesc {
            target,
            source,
            comma_ok,
        });
        self.emit(Op::TypeAssert { a: dst, b: xr, d });
        self.release(mark);
        Ok(())
    }

    // ------------------------------------------------------------ literals

    fn composite(
        &mut self,
        e: &Expr,
        ty: TypeId,
        elems: &[ast::KeyedElement],
        dst: Reg,
    ) -> CResult<()> {
        let tt = self.c.types();
        let mark = self.mark();
        // Pointer-typed elided literal (`[]*T{{...}}`): build T, its box is
        // the pointer.
        let (ty, _is_ptr) = match tt.under(ty) {
            Type::Pointer(inner)
                if matches!(tt.under(*inner), Type::Struct(_) | Type::Array(..)) =>
            {
                (*inner, true)
            }
            // `[]*[]int{{1}}`: the slice or map, then a cell holding it.
            &Type::Pointer(inner) => {
                self.composite(e, inner, elems, dst)?;
                self.emit(Op::NewCell { a: dst, b: dst });
                return Ok(());
            }
            _ => (ty, false),
        };
        match tt.under(ty).clone() {
            Type::Struct(fields) => {
                let rt = self.c.rtype(ty);
                let obj = self.alloc();
                self.emit(Op::Zero { a: obj, t: rt });
                for (i, el) in elems.iter().enumerate() {
                    let fi = match &el.key {
                        Some(k) => match &k.kind {
                            ExprKind::Ident(n) => {
                                fields.iter().position(|f| &f.name == n).unwrap_or(i)
                            }
                            _ => i,
                        },
                        None => i,
                    };
                    let ft = fields.get(fi).map(|f| f.ty).unwrap_or(TypeTable::INVALID);
                    let v = self.alloc();
                    self.elem_value(&el.value, v, ft)?;
                    // A blank field is never stored (gc drops the value):
                    // it stays zero, and `==` ignores it anyway.
                    if fields.get(fi).is_some_and(|f| f.name != "_") {
                        self.emit(Op::SetField {
                            a: obj,
                            i: self.n16(fi),
                            b: v,
                        });
                    }
                    self.release(v);
                }
                self.emit(Op::Move { a: dst, b: obj });
            }
            Type::Array(_, et) => {
                let rt = self.c.rtype(ty);
                let obj = self.alloc();
                self.emit(Op::Zero { a: obj, t: rt });
                self.indexed_elems(obj, elems, et)?;
                self.emit(Op::Move { a: dst, b: obj });
            }
            Type::Slice(et) => {
                let n = literal_len(self, elems);
                let st = self.rt(ty);
                let b = self.alloc_n(2);
                self.load_word(b, n);
                self.load_word(b + 1, n);
                let obj = self.alloc();
                self.emit(Op::MakeSlice { a: obj, b, t: st });
                self.indexed_elems(obj, elems, et)?;
                self.emit(Op::Move { a: dst, b: obj });
            }
            Type::Map(kt, vt) => {
                let mt = self.rt(ty);
                let h = self.alloc();
                self.load_word(h, elems.len() as u64);
                let obj = self.alloc();
                self.emit(Op::MakeMap {
                    a: obj,
                    t: mt,
                    b: h,
                });
                for el in elems {
                    let k = self.alloc();
                    match &el.key {
                        Some(key) => self.elem_value(key, k, kt)?,
                        None => return Err(self.err(e.span.lo, "missing key in map literal")),
                    }
                    let v = self.alloc();
                    self.elem_value(&el.value, v, vt)?;
                    self.emit(Op::MapSet { a: obj, b: k, c: v });
                    self.release(k);
                }
                self.emit(Op::Move { a: dst, b: obj });
            }
            _ => return Err(self.err(e.span.lo, "invalid composite literal type")),
        }
        self.release(mark);
        Ok(())
    }

    /// An element of a composite literal (elided literals take the
    /// element type; `&T` elision for pointer elements is handled by the
    /// checker's type for the inner literal).
    fn elem_value(&mut self, v: &Expr, dst: Reg, t: TypeId) -> CResult<()> {
        self.value_to(v, dst, t)
    }

    fn indexed_elems(&mut self, obj: Reg, elems: &[ast::KeyedElement], et: TypeId) -> CResult<()> {
        let mut next: u64 = 0;
        for el in elems {
            let idx = match &el.key {
                Some(k) => self
                    .c
                    .info
                    .expr(k.id)
                    .and_then(|i| i.value.as_deref().cloned())
                    .and_then(|v| match v {
                        ConstValue::Int(i) => i.to_u64(),
                        _ => None,
                    })
                    .unwrap_or(next),
                None => next,
            };
            next = idx + 1;
            let ir = self.alloc();
            self.load_word(ir, idx);
            let v = self.alloc();
            self.elem_value(&el.value, v, et)?;
            self.emit(Op::SetIndex {
                a: obj,
                b: ir,
                c: v,
            });
            self.release(ir);
        }
        Ok(())
    }
}

/// Length of a slice/array literal: highest index + 1.
fn literal_len(cx: &FnCx, elems: &[ast::KeyedElement]) -> u64 {
    let mut next = 0u64;
    let mut max = 0u64;
    for el in elems {
        let idx = el
            .key
            .as_ref()
            .and_then(|k| cx.c.info.expr(k.id))
            .and_then(|i| i.value.as_deref().cloned())
            .and_then(|v| match v {
                ConstValue::Int(i) => i.to_u64(),
                _ => None,
            })
            .unwrap_or(next);
        next = idx + 1;
        max = max.max(next);
    }
    max
}

pub type Word64 = u64;

fn int_word(i: &num_bigint::BigInt) -> u64 {
    if let Some(v) = i.to_i64() {
        return v as u64;
    }
    if let Some(v) = i.to_u64() {
        return v;
    }
    // Wrap (only reachable for out-of-range values the checker let through).
    let (_, digits) = i.to_u64_digits();
    digits.first().copied().unwrap_or(0)
}

fn float_word(f: f64, k: Option<BasicKind>) -> u64 {
    if k == Some(BasicKind::Float32) {
        (f as f32 as f64).to_bits()
    } else {
        f.to_bits()
    }
}

pub fn strip_paren(e: &Expr) -> &Expr {
    let mut e = e;
    while let ExprKind::Paren(x) = &e.kind {
        e = x;
    }
    e
}

fn flatten_concat<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>, cx: &FnCx) {
    let inner = strip_paren(e);
    if let ExprKind::Binary(BinOp::Add, l, r) = &inner.kind {
        let is_const =
            cx.c.info
                .expr(inner.id)
                .and_then(|i| i.value.as_ref())
                .is_some();
        if !is_const && out.len() < 64 {
            flatten_concat(l, out, cx);
            flatten_concat(r, out, cx);
            return;
        }
    }
    out.push(inner);
}
