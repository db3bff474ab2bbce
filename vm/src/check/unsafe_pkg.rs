//! Package `unsafe` in the checker: `Sizeof`, `Alignof` and `Offsetof`
//! as gc's amd64 constants, the other functions' argument rules, and the
//! conversions `unsafe.Pointer` allows, with gc's error texts.
//!
//! `vm/src/std/unsafe/unsafe.go` declares the package; its functions are
//! checked here instead of as calls (they are builtins in Go), and
//! [`Checker::unsafe_call`] records the callee in builtin mode so that an
//! unused result is reported as gc does. The compiler lowers what remains
//! at run time (`compile::unsafe_pkg`).

use super::lookup::Found;
use super::{Checker, Ent, OpMode, Operand};
use crate::info::{Builtin, ConstValue};
use crate::types::{BasicKind, Type, TypeId, TypeTable};
use minigo_parser::ast;
use num_bigint::BigInt;

/// The functions of package `unsafe`.
const FUNCS: &[&str] = &[
    "Sizeof",
    "Alignof",
    "Offsetof",
    "Add",
    "Slice",
    "SliceData",
    "String",
    "StringData",
];

/// Is `t` the type `unsafe.Pointer`?
pub(crate) fn is_unsafe_pointer(tt: &crate::types::TypeTable, t: TypeId) -> bool {
    matches!(tt.get(t), Type::Named(n) if n.name == "Pointer" && n.pkg == "unsafe")
}

impl Checker<'_> {
    /// `unsafe.F(args)` for a function `F` of package `unsafe`: its
    /// result (a constant for `Sizeof`, `Alignof`, `Offsetof`); `None`
    /// when `fe` is not such a function.
    pub(crate) fn unsafe_call(
        &mut self,
        e: &ast::Expr,
        fe: &ast::Expr,
        args: &[ast::Expr],
        ellipsis: bool,
    ) -> Option<Operand> {
        let inner = super::decls::strip_parens(fe);
        let ast::ExprKind::Selector(x, sel) = &inner.kind else {
            return None;
        };
        let ast::ExprKind::Ident(pname) = &x.kind else {
            return None;
        };
        if !FUNCS.contains(&sel.name.as_str()) {
            return None;
        }
        match self.lookup(pname) {
            Some(Ent::Pkg(p)) if self.prog.packages[p].path == "unsafe" => {}
            _ => return None,
        }
        let f = self.raw_expr(fe, None);
        if f.is_invalid() {
            for a in args {
                self.raw_expr(a, None);
            }
            return Some(Operand::invalid());
        }
        // Builtin mode: an unused result is `... is not used`.
        self.record(
            fe,
            &Operand {
                mode: OpMode::Builtin(Builtin::Len),
                ty: f.ty,
                val: None,
            },
        );
        let name = sel.name.as_str();
        if ellipsis {
            self.err(
                e.span.lo,
                format!("invalid operation: invalid use of ... with built-in {name}"),
            );
            for a in args {
                self.raw_expr(a, None);
            }
            return Some(Operand::invalid());
        }
        let want = match name {
            "Add" | "Slice" | "String" => 2,
            _ => 1,
        };
        if args.len() != want {
            let es = super::describe::expr_string(e);
            let which = if args.len() < want {
                "not enough"
            } else {
                "too many"
            };
            self.err(
                e.span.lo,
                format!(
                    "invalid operation: {which} arguments for {es} (expected {want}, found {})",
                    args.len()
                ),
            );
            for a in args {
                self.raw_expr(a, None);
            }
            return Some(Operand::invalid());
        }
        Some(match name {
            "Sizeof" | "Alignof" => self.unsafe_size(name, &args[0]),
            "Offsetof" => self.unsafe_offsetof(&args[0]),
            "Add" => {
                let mut p = self.expr(&args[0]);
                // unsafe.Add's declared parameter: unsafe.Pointer.
                let up = self
                    .sig_of(f.ty)
                    .and_then(|sg| sg.params.first().copied())
                    .unwrap_or(TypeTable::INVALID);
                let ok = self.assignment(&mut p, &args[0], up, "argument to unsafe.Add");
                let n = self.unsafe_len(&args[1], false);
                if !ok || !n {
                    return Some(Operand::invalid());
                }
                Operand::value(up)
            }
            "Slice" => {
                let p = self.expr(&args[0]);
                if p.is_invalid() {
                    self.raw_expr(&args[1], None);
                    return Some(Operand::invalid());
                }
                let elem = match self.tt().under(p.ty) {
                    Type::Pointer(el) if !is_unsafe_pointer(self.tt(), p.ty) => Some(*el),
                    _ => None,
                };
                let Some(elem) = elem else {
                    let s = self.operand_string(&args[0], &p);
                    self.err(
                        args[0].span.lo,
                        format!("invalid argument: {s} is not a pointer"),
                    );
                    self.raw_expr(&args[1], None);
                    return Some(Operand::invalid());
                };
                if !self.unsafe_len(&args[1], true) {
                    return Some(Operand::invalid());
                }
                Operand::value(self.info.types.slice(elem))
            }
            "SliceData" => {
                let s = self.expr(&args[0]);
                if s.is_invalid() {
                    return Some(Operand::invalid());
                }
                let elem = match self.tt().under(s.ty) {
                    Type::Slice(el) => *el,
                    _ => {
                        let d = self.operand_string(&args[0], &s);
                        self.err(
                            args[0].span.lo,
                            format!("invalid argument: {d} is not a slice"),
                        );
                        return Some(Operand::invalid());
                    }
                };
                Operand::value(self.info.types.pointer(elem))
            }
            "String" => {
                let mut p = self.expr(&args[0]);
                let pb = self.info.types.pointer(TypeTable::UINT8);
                let ok = if p.is_invalid() {
                    false
                } else if p.ty == TypeTable::UNTYPED_NIL {
                    self.convert_untyped(&mut p, &args[0], pb)
                } else if self.assignable_to(&p, pb).is_err() {
                    // gc spells the parameter `*byte`.
                    let s = self.operand_string(&args[0], &p);
                    self.err(
                        args[0].span.lo,
                        format!("cannot use {s} as *byte value in argument to unsafe.String"),
                    );
                    false
                } else {
                    true
                };
                let n = self.unsafe_len(&args[1], false);
                if !ok || !n {
                    return Some(Operand::invalid());
                }
                Operand::value(TypeTable::STRING)
            }
            _ => {
                // StringData
                let mut s = self.expr(&args[0]);
                let ok = self.assignment(
                    &mut s,
                    &args[0],
                    TypeTable::STRING,
                    "argument to unsafe.StringData",
                );
                if !ok {
                    return Some(Operand::invalid());
                }
                Operand::value(self.info.types.pointer(TypeTable::UINT8))
            }
        })
    }

    /// `Sizeof(x)` / `Alignof(x)`: a `uintptr` constant.
    fn unsafe_size(&mut self, name: &str, a: &ast::Expr) -> Operand {
        let mut x = self.expr(a);
        if x.is_invalid() {
            return Operand::invalid();
        }
        if x.ty == TypeTable::UNTYPED_NIL {
            self.err(
                a.span.lo,
                format!("use of untyped nil in argument to unsafe.{name}"),
            );
            return Operand::invalid();
        }
        if self.is_untyped(x.ty) {
            let d = self.default_type(x.ty);
            self.convert_untyped(&mut x, a, d);
        }
        let (size, align) = self.go_size(x.ty, 0);
        let v = if name == "Sizeof" { size } else { align };
        uintptr_const(v)
    }

    /// `Offsetof(x.f)`: the field's offset from the start of the struct
    /// `x` denotes (through embedded fields, but no pointers).
    fn unsafe_offsetof(&mut self, a: &ast::Expr) -> Operand {
        let inner = super::decls::strip_parens(a);
        let ast::ExprKind::Selector(base, sel) = &inner.kind else {
            let s = super::describe::expr_string(a);
            self.raw_expr(a, None);
            self.err(
                a.span.lo,
                format!("invalid argument: {s} is not a selector expression"),
            );
            return Operand::invalid();
        };
        let b = self.expr(base);
        if b.is_invalid() {
            return Operand::invalid();
        }
        match self.lookup_member(b.ty, &sel.name) {
            Found::Field { path, ty, .. } => {
                // The selector's own record, as a field selection.
                self.info.selections.insert(
                    inner.id,
                    crate::info::Selection {
                        kind: crate::info::SelKind::Field,
                        path: path.clone(),
                        recv: b.ty,
                    },
                );
                self.record(inner, &Operand::value(ty));
                let mut cur = b.ty;
                if let Type::Pointer(el) = self.tt().under(cur) {
                    cur = *el;
                }
                let mut off = 0u64;
                for (step, &i) in path.iter().enumerate() {
                    if step > 0 {
                        if let Type::Pointer(_) = self.tt().under(cur) {
                            let bs = self.type_string(b.ty);
                            let bs = bs.strip_prefix('*').unwrap_or(&bs).to_string();
                            self.err(
                                a.span.lo,
                                format!(
                                    "invalid argument: field {} is embedded via a pointer in {bs}",
                                    sel.name
                                ),
                            );
                            return Operand::invalid();
                        }
                    }
                    let Type::Struct(fields) = self.tt().under(cur).clone() else {
                        return Operand::invalid();
                    };
                    off += self.field_offset(&fields, i);
                    cur = fields[i].ty;
                }
                uintptr_const(off)
            }
            Found::Method { .. } | Found::IfaceMethod { .. } => {
                let s = super::describe::expr_string(a);
                self.err(
                    a.span.lo,
                    format!("invalid argument: {s} is a method value"),
                );
                Operand::invalid()
            }
            _ => {
                let ts = self.type_string(b.ty);
                let ts = ts.strip_prefix('*').unwrap_or(&ts).to_string();
                self.err(
                    a.span.lo,
                    format!("invalid argument: {ts} has no single field {}", sel.name),
                );
                Operand::invalid()
            }
        }
    }

    /// gc's offset of field `i` of a struct with `fields` on amd64.
    fn field_offset(&self, fields: &[crate::types::Field], i: usize) -> u64 {
        let mut off = 0u64;
        for (j, f) in fields.iter().enumerate() {
            let (s, a) = self.go_size(f.ty, 1);
            off = off.div_ceil(a).saturating_mul(a);
            if j == i {
                return off;
            }
            off = off.saturating_add(s);
        }
        off
    }

    /// The length argument of `Add`, `Slice` and `String`: an integer
    /// (untyped constants become int); `nonneg`: a negative constant is
    /// an error (`Slice`, `String`).
    fn unsafe_len(&mut self, a: &ast::Expr, nonneg: bool) -> bool {
        let mut x = self.expr(a);
        if x.is_invalid() {
            return false;
        }
        if self.is_untyped(x.ty) {
            if let Some(v) = &x.val {
                if super::constant::to_int(v).is_none() {
                    let s = self.operand_string(a, &x);
                    self.err(a.span.lo, format!("{s} truncated to int"));
                    return false;
                }
            }
            if !self.convert_untyped(&mut x, a, TypeTable::INT) {
                return false;
            }
        }
        if !self
            .tt()
            .basic_kind(x.ty)
            .is_some_and(|k: BasicKind| k.is_integer())
        {
            let s = self.operand_string(a, &x);
            self.err(
                a.span.lo,
                format!("invalid argument: length {s} must be integer"),
            );
            return false;
        }
        if nonneg {
            if let Some(n) = x.val.as_ref().and_then(super::constant::to_i64) {
                if n < 0 {
                    let s = self.operand_string(a, &x);
                    self.err(
                        a.span.lo,
                        format!("invalid argument: length {s} must not be negative"),
                    );
                    return false;
                }
            }
        }
        true
    }

    /// `unsafe.F` for a function `F` of package `unsafe` is a builtin:
    /// it must be called (`x` is the function's operand).
    pub(crate) fn unsafe_builtin_mode(&self, path: &str, name: &str, x: Operand) -> Operand {
        if path == "unsafe" && FUNCS.contains(&name) && x.mode == OpMode::Value {
            return Operand {
                mode: OpMode::Builtin(Builtin::Len),
                ..x
            };
        }
        x
    }

    /// The conversions `unsafe.Pointer` adds: any pointer type or
    /// `uintptr` to `unsafe.Pointer`, and back.
    pub(crate) fn unsafe_convertible(&self, from: TypeId, to: TypeId) -> bool {
        let tt = self.tt();
        let (fu, tu) = (is_unsafe_pointer(tt, from), is_unsafe_pointer(tt, to));
        if fu == tu {
            return false;
        }
        let other = if fu { to } else { from };
        matches!(tt.under(other), Type::Pointer(_))
            || tt.basic_kind(other) == Some(BasicKind::Uintptr)
    }
}

fn uintptr_const(v: u64) -> Operand {
    Operand {
        mode: OpMode::Const,
        ty: TypeTable::UINTPTR,
        val: Some(ConstValue::Int(BigInt::from(v))),
    }
}
