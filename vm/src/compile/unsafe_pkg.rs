//! Package `unsafe` in the compiler: the conversions to and from
//! `unsafe.Pointer`, its `==`, and the calls of `Add`, `Slice`,
//! `SliceData`, `String` and `StringData`, each lowered to a native of
//! `vm/src/std/unsafe/mod.rs` (`Sizeof`, `Alignof` and `Offsetof` are
//! constants by now).
//!
//! An `unsafe.Pointer` word is 0 (nil) or an interface box of the pointer
//! it was made from, with that pointer's type (`MakeIface` here), so that
//! the natives can tell what the memory really holds. A natively made
//! value of a type chosen at compile time (`(*T)(p)`, `Slice`, ...) comes
//! back boxed in an `any` and is taken out with a `TypeAssert` to that
//! type, which the verifier follows like any other.

use super::func::FnCx;
use super::CResult;
use crate::bytecode::{AssertDesc, Op, Reg};
use crate::check::is_unsafe_pointer;
use crate::types::{BasicKind, Type, TypeId, TypeTable};
use minigo_parser::ast::Expr;

impl FnCx<'_, '_> {
    /// `T(x)` when one side is `unsafe.Pointer` and the other a pointer
    /// type or `uintptr`; `None` for every other conversion.
    pub(crate) fn unsafe_conversion(
        &mut self,
        target: TypeId,
        x: &Expr,
        dst: Reg,
    ) -> Option<CResult<()>> {
        let st = self.ty(x);
        let tt = self.c.types();
        let (from_up, to_up) = (is_unsafe_pointer(tt, st), is_unsafe_pointer(tt, target));
        if from_up == to_up || st == TypeTable::UNTYPED_NIL {
            return None;
        }
        let other = if from_up { target } else { st };
        let is_uintptr = tt.basic_kind(other) == Some(BasicKind::Uintptr);
        let is_ptr = matches!(tt.under(other), Type::Pointer(_));
        if !is_uintptr && !is_ptr {
            return None;
        }
        Some(self.unsafe_conv(x, st, target, from_up, is_uintptr, dst))
    }

    fn unsafe_conv(
        &mut self,
        x: &Expr,
        st: TypeId,
        target: TypeId,
        from_up: bool,
        is_uintptr: bool,
        dst: Reg,
    ) -> CResult<()> {
        let mark = self.mark();
        let base = self.alloc_n(2);
        self.expr(x, base)?;
        match (from_up, is_uintptr) {
            (false, true) => self.unsafe_native("unsafe.fromAddr", base, 1),
            (true, true) => self.unsafe_native("unsafe.addr", base, 1),
            (false, false) => {
                let rt = self.rt(st);
                self.emit(Op::MakeIface {
                    a: base,
                    b: base,
                    t: rt,
                });
                self.unsafe_native("unsafe.fromPtr", base, 1);
            }
            (true, false) => {
                self.unsafe_boxed_zero(base + 1, target);
                self.unsafe_native("unsafe.toPtr", base, 2);
                self.unsafe_unbox(base, target);
            }
        }
        if dst != base {
            self.emit(Op::Move { a: dst, b: base });
        }
        self.release(mark);
        Ok(())
    }

    fn unsafe_native(&mut self, name: &str, base: Reg, n: u16) {
        let f = self.c.native_id(name);
        self.emit(Op::CallNative { a: base, f, n });
    }

    /// `R[r] = any(T(zero))` for a pointer or slice type `t`: tells a
    /// native the type to make.
    fn unsafe_boxed_zero(&mut self, r: Reg, t: TypeId) {
        self.emit(Op::LoadInt { a: r, v: 0 });
        let rt = self.rt(t);
        self.emit(Op::MakeIface { a: r, b: r, t: rt });
    }

    /// `R[r] = R[r].(t)`, `R[r]` an `any` a native made holding a `t`.
    fn unsafe_unbox(&mut self, r: Reg, t: TypeId) {
        let target = self.c.rtype(t);
        let source = self.c.rtype(TypeTable::EMPTY_IFACE);
        let d = self.n16(self.asserts.len());
        self.asserts.push(AssertDesc {
            target,
            source,
            comma_ok: false,
        });
        self.emit(Op::TypeAssert { a: r, b: r, d });
    }

    /// `p == q` for `unsafe.Pointer`s: the same address.
    pub(crate) fn unsafe_equal(&mut self, a: Reg, b: Reg, t: TypeId, dst: Reg) -> bool {
        if !is_unsafe_pointer(self.c.types(), t) {
            return false;
        }
        let mark = self.mark();
        let base = self.alloc_n(2);
        self.emit(Op::Move { a: base, b: a });
        self.emit(Op::Move { a: base + 1, b });
        self.unsafe_native("unsafe.equal", base, 2);
        self.emit(Op::Move { a: dst, b: base });
        self.release(mark);
        true
    }

    /// A call of `unsafe.name` that is not a constant.
    pub(crate) fn unsafe_call(
        &mut self,
        e: &Expr,
        name: &str,
        args: &[Expr],
        dst: Reg,
    ) -> CResult<()> {
        let mark = self.mark();
        let base = self.alloc_n(3);
        match name {
            "Add" | "String" => {
                self.expr(&args[0], base)?;
                self.expr(&args[1], base + 1)?;
                let n = if name == "Add" {
                    "unsafe.add"
                } else {
                    "unsafe.str"
                };
                self.unsafe_native(n, base, 2);
            }
            "StringData" => {
                self.expr(&args[0], base)?;
                self.unsafe_native("unsafe.stringData", base, 1);
            }
            "Slice" => {
                self.expr(&args[0], base)?;
                let pt = self.ty(&args[0]);
                let rt = self.rt(pt);
                self.emit(Op::MakeIface {
                    a: base,
                    b: base,
                    t: rt,
                });
                self.expr(&args[1], base + 1)?;
                let t = self.ty(e);
                self.unsafe_boxed_zero(base + 2, t);
                self.unsafe_native("unsafe.slice", base, 3);
                self.unsafe_unbox(base, t);
            }
            "SliceData" => {
                self.expr(&args[0], base)?;
                let st = self.ty(&args[0]);
                let rt = self.rt(st);
                self.emit(Op::MakeIface {
                    a: base,
                    b: base,
                    t: rt,
                });
                let t = self.ty(e);
                self.unsafe_boxed_zero(base + 1, t);
                self.unsafe_native("unsafe.sliceData", base, 2);
                self.unsafe_unbox(base, t);
            }
            _ => {
                return Err(self.err(e.span.lo, "unsafe: not a run-time function"));
            }
        }
        self.emit(Op::Move { a: dst, b: base });
        self.release(mark);
        Ok(())
    }
}
