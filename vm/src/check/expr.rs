//! Expressions.
//!
//! Owns: checking every expression form into an [`Operand`], recording
//! its [`ExprInfo`](crate::info::ExprInfo), and Go's untyped-constant
//! rules: an untyped operand keeps its untyped type until its context
//! converts it (`convert_untyped`), which rewrites the recorded types of
//! the whole untyped subtree; whatever is still untyped at the end gets
//! its default type (`finalize_untyped`), so the Info invariant "never
//! untyped" holds.

use super::constant::{self, FoldError, Unrepresentable};
use super::funcvalue::ValueCtx;
use super::lookup::Found;
use super::{Checker, Ent, FuncCtx, OpMode, Operand};
use crate::info::{ConstValue, Obj, SelKind, Selection};
use crate::types::{BasicKind, ChanDir, Signature, Type, TypeId, TypeTable};
use crate::types::{FxMap, FxSet};
use minigo_parser::ast::{self, BinOp, ExprKind as K, UnOp};
use num_bigint::BigInt;
use num_traits::{ToPrimitive, Zero};

/// types2's bound on a constant shift count (`shiftBound`): enough to
/// express the smallest float64, and it keeps `1 << n` from building a
/// number of a million bits.
const MAX_CONST_SHIFT: u64 = 1023 - 1 + 52;

/// types2's cap on a numeric literal's length (`limit` in `basicLit`):
/// no constant needs more digits, and converting a million of them is
/// wasted time.
const MAX_LITERAL_LEN: usize = 10000;

impl<'a> Checker<'a> {
    /// A single value (errors for types, no-value calls, tuples).
    pub(crate) fn expr(&mut self, e: &ast::Expr) -> Operand {
        let x = self.raw_expr(e, None);
        self.single_value(e, x)
    }

    pub(crate) fn single_value(&mut self, e: &ast::Expr, x: Operand) -> Operand {
        match x.mode {
            OpMode::Invalid => x,
            OpMode::NoValue => {
                let s = super::describe::expr_string(e);
                self.err(e.span.lo, format!("{s} (no value) used as value"));
                Operand::invalid()
            }
            OpMode::Type => {
                let s = super::describe::expr_string(e);
                self.err(e.span.lo, format!("{s} (type) is not an expression"));
                Operand::invalid()
            }
            OpMode::Builtin(_) => {
                let s = super::describe::expr_string(e);
                self.err(e.span.lo, format!("{s} (built-in) must be called"));
                Operand::invalid()
            }
            OpMode::Package(_) => {
                let s = super::describe::expr_string(e);
                self.err(e.span.lo, format!("use of package {s} without selector"));
                Operand::invalid()
            }
            OpMode::Generic(o) => {
                let msg = self.generic_unused_msg(o);
                self.err(super::decls::strip_parens(e).span.lo, msg);
                Operand::invalid()
            }
            _ => {
                if let Type::Tuple(ts) = self.tt().get(x.ty) {
                    if ts.len() > 1 {
                        let s = self.operand_string(e, &x);
                        self.err(
                            e.span.lo,
                            format!("multiple-value {s} in single-value context"),
                        );
                        return Operand::invalid();
                    }
                }
                x
            }
        }
    }

    /// Checks `e` in any mode and records it. `hint`: the type an elided
    /// composite literal takes.
    pub(crate) fn raw_expr(&mut self, e: &ast::Expr, hint: Option<TypeId>) -> Operand {
        let x = self.raw_expr_inner(e, hint);
        self.record(e, &x);
        x
    }

    fn raw_expr_inner(&mut self, e: &ast::Expr, hint: Option<TypeId>) -> Operand {
        if let Some(x) = self.forced_func(e) {
            return x;
        }
        let literal = matches!(
            e.kind,
            K::IntLit(_) | K::FloatLit(_) | K::ImagLit(_) | K::RuneLit(_) | K::StringLit(_)
        );
        if literal
            && self.prog.packages[self.pkg].files[self.file]
                .ast
                .bad_literals
                .binary_search(&e.span.lo)
                .is_ok()
        {
            // Malformed: the lexer has said so.
            return Operand::invalid();
        }
        match &e.kind {
            K::IntLit(l) | K::FloatLit(l) | K::ImagLit(l) if l.len() > MAX_LITERAL_LEN => {
                let head = l.get(..10).unwrap_or(l);
                self.err(
                    e.span.lo,
                    format!("excessively long constant: {head}... ({} chars)", l.len()),
                );
                Operand::invalid()
            }
            K::Ident(name) => self.ident(e, name, true),
            K::IntLit(l) => match constant::parse_int(l) {
                Some(v) => self.konst(TypeTable::UNTYPED_INT, ConstValue::Int(v)),
                None => {
                    self.err(e.span.lo, format!("malformed constant: {l}"));
                    Operand::invalid()
                }
            },
            K::FloatLit(l) => match constant::parse_float(l) {
                Some(v) => self.konst(TypeTable::UNTYPED_FLOAT, ConstValue::Float(v)),
                None => {
                    self.err(e.span.lo, format!("malformed constant: {l}"));
                    Operand::invalid()
                }
            },
            K::ImagLit(l) => match constant::parse_imag(l) {
                Some(v) => self.konst(
                    TypeTable::UNTYPED_COMPLEX,
                    ConstValue::Complex(num_rational::BigRational::zero(), v),
                ),
                None => {
                    self.err(e.span.lo, format!("malformed constant: {l}"));
                    Operand::invalid()
                }
            },
            K::RuneLit(c) => self.konst(TypeTable::UNTYPED_RUNE, ConstValue::Int(BigInt::from(*c))),
            K::StringLit(b) => self.konst(TypeTable::UNTYPED_STRING, ConstValue::String(b.clone())),
            K::CompositeLit { ty, elems, rbrace } => {
                self.composite_lit(e, ty.as_deref(), elems, *rbrace, hint)
            }
            K::FuncLit { sig, body } => self.func_lit(sig, body),
            K::Paren(x) => self.raw_expr(x, hint),
            K::Selector(x, sel) => self.selector(e, x, sel),
            K::Index(x, i) => match self.generic_ref(e) {
                Some(g) => self.explicit_inst(e, g),
                None => self.index(e, x, i),
            },
            K::IndexList(x, is) => match self.generic_ref(e) {
                Some(g) => self.explicit_inst(e, g),
                None => {
                    let o = self.raw_expr(x, None);
                    for i in is {
                        self.raw_expr(i, None);
                    }
                    if !o.is_invalid() {
                        let s = super::describe::expr_string(x);
                        self.err(
                            is.get(1).map_or(e.span.lo, |i| i.span.lo),
                            format!("invalid operation: more than one index (for {s})"),
                        );
                    }
                    Operand::invalid()
                }
            },
            K::Tilde(_) | K::Union(_) => {
                self.err(
                    e.span.lo,
                    "cannot use ~ outside of interface or type constraint",
                );
                Operand::invalid()
            }
            K::Slice { x, lo, hi, max } => {
                self.slice_expr(e, x, lo.as_deref(), hi.as_deref(), max.as_deref())
            }
            K::TypeAssert { x, ty } => self.type_assert(e, x, ty.as_deref()),
            K::Call {
                func,
                args,
                ellipsis,
            } => match self.generic_ref(func) {
                Some(g) if matches!(self.objs[g.obj].kind, super::decls::ObjKind::Func { .. }) => {
                    self.generic_call(e, func, g, args, *ellipsis)
                }
                _ => self.call(e, func, args, *ellipsis),
            },
            K::Star(x) => {
                let o = self.raw_expr(x, None);
                match o.mode {
                    OpMode::Invalid => o,
                    OpMode::Type => Operand {
                        mode: OpMode::Type,
                        ty: self.info.types.pointer(o.ty),
                        val: None,
                    },
                    _ => {
                        let o = self.single_value(x, o);
                        if o.is_invalid() {
                            return o;
                        }
                        if o.ty == TypeTable::UNTYPED_NIL {
                            self.err(e.span.lo, "invalid operation: cannot indirect nil");
                            return Operand::invalid();
                        }
                        match self.tt().under(o.ty) {
                            Type::Pointer(el)
                                if !super::unsafe_pkg::is_unsafe_pointer(self.tt(), o.ty) =>
                            {
                                Operand {
                                    mode: OpMode::Var,
                                    ty: *el,
                                    val: None,
                                }
                            }
                            _ => {
                                let s = self.operand_string(x, &o);
                                // gc: at the operand.
                                self.err(
                                    x.span.lo,
                                    format!("invalid operation: cannot indirect {s}"),
                                );
                                Operand::invalid()
                            }
                        }
                    }
                }
            }
            K::Unary(op, x) => self.unary(e, *op, x),
            K::Binary(op, l, r) => self.binary(e, *op, l, r),
            K::ArrayType { .. }
            | K::SliceType(_)
            | K::MapType(..)
            | K::ChanType(..)
            | K::FuncType(_)
            | K::StructType(_)
            | K::InterfaceType(_) => {
                let t = self.type_expr(e);
                if t == TypeTable::INVALID {
                    return Operand::invalid();
                }
                Operand {
                    mode: OpMode::Type,
                    ty: t,
                    val: None,
                }
            }
            K::Ellipsis(_) => {
                self.err(e.span.lo, "invalid use of ...");
                Operand::invalid()
            }
        }
    }

    fn konst(&self, ty: TypeId, v: ConstValue) -> Operand {
        Operand {
            mode: OpMode::Const,
            ty,
            val: Some(v),
        }
    }

    /// Resolves an identifier. `mark_used`: a read (not the target of an
    /// assignment).
    pub(crate) fn ident(&mut self, e: &ast::Expr, name: &str, mark_used: bool) -> Operand {
        if name == "_" {
            self.err(e.span.lo, "cannot use _ as value");
            return Operand::invalid();
        }
        let Some(ent) = self.lookup(name) else {
            self.err(e.span.lo, format!("undefined: {name}"));
            return Operand::invalid();
        };
        self.ent_operand(e.id, e.span.lo, &ent, mark_used)
    }

    pub(crate) fn ent_operand(
        &mut self,
        id: ast::NodeId,
        pos: u32,
        ent: &Ent,
        mark_used: bool,
    ) -> Operand {
        match ent {
            Ent::Var(v) => {
                if mark_used {
                    self.used.insert(*v);
                }
                self.record_use(id, Obj::Var(*v));
                Operand {
                    mode: OpMode::Var,
                    ty: self.info.vars[v.0 as usize].ty,
                    val: None,
                }
            }
            Ent::Const(t, v) => {
                self.record_use(id, Obj::Const);
                self.konst(*t, v.clone())
            }
            // A local constant whose value failed is declared as an
            // invalid type; its uses say nothing more (types2 drops
            // follow-on errors about invalid operands).
            Ent::Type(TypeTable::INVALID) => Operand::invalid(),
            Ent::Type(t) => {
                self.record_use(id, Obj::TypeName(*t));
                Operand {
                    mode: OpMode::Type,
                    ty: *t,
                    val: None,
                }
            }
            Ent::Builtin(b) => {
                self.record_use(id, Obj::Builtin(*b));
                Operand {
                    mode: OpMode::Builtin(*b),
                    ty: TypeTable::INVALID,
                    val: None,
                }
            }
            Ent::Nil => {
                self.record_use(id, Obj::Nil);
                Operand::value(TypeTable::UNTYPED_NIL)
            }
            Ent::Iota => match self.iota {
                Some(n) => {
                    self.record_use(id, Obj::Const);
                    self.konst(TypeTable::UNTYPED_INT, ConstValue::Int(BigInt::from(n)))
                }
                None => {
                    self.err(pos, "cannot use iota outside constant declaration");
                    Operand::invalid()
                }
            },
            Ent::Pkg(p) => {
                let path = self.prog.packages[*p].path.clone();
                self.record_use(id, Obj::Package(path));
                Operand {
                    mode: OpMode::Package(*p),
                    ty: TypeTable::INVALID,
                    val: None,
                }
            }
            Ent::Obj(o) => {
                let o = *o;
                if self.is_generic_obj(o) {
                    self.note_dep(o);
                    return self.generic_operand(o);
                }
                use super::decls::ObjKind;
                // A defined type's id exists before its declaration is
                // resolved (`type Node struct{ next *Node }` is fine);
                // everything else resolves on first use.
                if !matches!(self.objs[o].kind, ObjKind::Type { spec, .. } if !spec.alias) {
                    self.obj_decl(o);
                }
                self.note_dep(o);
                match &self.objs[o].kind {
                    ObjKind::Const { ty, val, .. } => {
                        let (ty, val) = (*ty, val.clone());
                        self.record_use(id, Obj::Const);
                        match val {
                            Some(v) if ty != TypeTable::INVALID => self.konst(ty, v),
                            _ => Operand::invalid(),
                        }
                    }
                    ObjKind::Var { var, .. } => {
                        let v = *var;
                        if mark_used {
                            self.used.insert(v);
                        }
                        self.record_use(id, Obj::Var(v));
                        let ty = self.info.vars[v.0 as usize].ty;
                        if ty == TypeTable::INVALID {
                            return Operand::invalid();
                        }
                        Operand {
                            mode: OpMode::Var,
                            ty,
                            val: None,
                        }
                    }
                    ObjKind::Type { ty, .. } => {
                        let ty = *ty;
                        if ty == TypeTable::INVALID {
                            return Operand::invalid();
                        }
                        self.record_use(id, Obj::TypeName(ty));
                        Operand {
                            mode: OpMode::Type,
                            ty,
                            val: None,
                        }
                    }
                    ObjKind::Func { func, .. } => {
                        let f = *func;
                        self.record_use(id, Obj::Func(f));
                        let sig = self.info.funcs[f.0 as usize].sig;
                        if sig == TypeTable::INVALID {
                            return Operand::invalid();
                        }
                        Operand::value(sig)
                    }
                }
            }
        }
    }

    fn func_lit(&mut self, sig: &ast::FuncType, body: &ast::Block) -> Operand {
        let t = self.func_sig(sig, None);
        let Some(s) = self.tt().signature(t).cloned() else {
            return Operand::invalid();
        };
        let outer = self.fctx.take();
        let top_level = outer.is_none();
        let saved_locals = if top_level {
            Some(std::mem::take(&mut self.locals))
        } else {
            None
        };
        self.push_scope();
        let result_vars = self.declare_params(sig, &s.params, &s.results);
        self.fctx = Some(FuncCtx {
            results: s.results.clone(),
            named_results: sig.results.iter().any(|r| r.name.is_some()),
            result_vars,
            labels: FxMap::default(),
        });
        self.func_body(body);
        self.pop_scope();
        self.fctx = outer;
        if let Some(saved) = saved_locals {
            self.report_unused();
            self.locals = saved;
        }
        Operand::value(t)
    }

    fn selector(&mut self, e: &ast::Expr, x: &ast::Expr, sel: &ast::Ident) -> Operand {
        self.lazy.note_selector(&sel.name);
        // Qualified identifier pkg.Name.
        if let K::Ident(pname) = &x.kind {
            if let Some(Ent::Pkg(p)) = self.lookup(pname) {
                let path = self.prog.packages[p].path.clone();
                self.record_use(x.id, Obj::Package(path.clone()));
                self.record(
                    x,
                    &Operand {
                        mode: OpMode::Package(p),
                        ty: TypeTable::INVALID,
                        val: None,
                    },
                );
                let exported = sel.name.chars().next().is_some_and(|c| c.is_uppercase());
                // gc reads an imported package from export data, which
                // holds only its exported names: an unexported one is
                // `undefined: pkg.name`, as if it did not exist.
                let member = self
                    .pkgs
                    .get(p)
                    .and_then(|ps| ps.scope.get(&sel.name).copied())
                    .filter(|_| exported);
                match member {
                    Some(o) if exported => {
                        let x = self.ent_operand(e.id, sel.span.lo, &Ent::Obj(o), true);
                        return self.unsafe_builtin_mode(&path, &sel.name, x);
                    }
                    Some(_) => {
                        self.err(
                            sel.span.lo,
                            format!("name {} not exported by package {}", sel.name, pname),
                        );
                    }
                    None => {
                        let alt = self.pkgs.get(p).and_then(|ps| {
                            ps.scope
                                .keys()
                                .find(|k| {
                                    k.eq_ignore_ascii_case(&sel.name)
                                        && k.chars().next().is_some_and(|c| c.is_uppercase())
                                })
                                .cloned()
                        });
                        match alt {
                            Some(a) => self.err(
                                sel.span.lo,
                                format!("undefined: {pname}.{} (but have {a})", sel.name),
                            ),
                            None => {
                                self.err(sel.span.lo, format!("undefined: {pname}.{}", sel.name))
                            }
                        }
                    }
                }
                return Operand::invalid();
            }
        }
        let o = self.raw_expr(x, None);
        if o.mode == OpMode::Invalid {
            return o;
        }
        if o.mode == OpMode::Type {
            return self.method_expr(e, x, &o, sel);
        }
        let o = self.single_value(x, o);
        if o.is_invalid() {
            return o;
        }
        let name = &sel.name;
        match self.lookup_member(o.ty, name) {
            Found::Field {
                path,
                ty,
                indirect,
                recv,
            } => {
                self.info.selections.insert(
                    e.id,
                    Selection {
                        kind: SelKind::Field,
                        path,
                        recv,
                    },
                );
                let mode = if o.mode == OpMode::Var || indirect {
                    OpMode::Var
                } else {
                    OpMode::Value
                };
                Operand {
                    mode,
                    ty,
                    val: None,
                }
            }
            Found::Method {
                func,
                ptr_recv,
                path,
                indirect,
                recv,
                sig,
            } => {
                if ptr_recv && !indirect && o.mode != OpMode::Var {
                    let s = self.operand_string(x, &o);
                    let _ = s;
                    let ts = self.type_string(o.ty);
                    self.err(
                        sel.span.lo,
                        format!("cannot call pointer method {name} on {ts}"),
                    );
                    return Operand::invalid();
                }
                if let Some(&fo) = self.func_obj.get(&func) {
                    self.note_dep(fo);
                }
                self.info.selections.insert(
                    e.id,
                    Selection {
                        kind: SelKind::Method { func, ptr_recv },
                        path,
                        recv,
                    },
                );
                Operand::value(sig)
            }
            Found::IfaceMethod {
                index,
                path,
                sig,
                recv,
            } => {
                self.info.selections.insert(
                    e.id,
                    Selection {
                        kind: SelKind::IfaceMethod { index },
                        path,
                        recv,
                    },
                );
                Operand::value(sig)
            }
            Found::Ambiguous => {
                let s = super::describe::expr_string(e);
                self.err(sel.span.lo, format!("ambiguous selector {s}"));
                Operand::invalid()
            }
            Found::Missing => {
                let s = super::describe::expr_string(e);
                let ts = self.type_string(o.ty);
                let extra = if let Type::Pointer(p) = self.tt().get(o.ty) {
                    if self.tt().is_interface(*p) {
                        format!("type {ts} is pointer to interface, not interface")
                    } else {
                        format!("type {ts} has no field or method {name}")
                    }
                } else {
                    format!("type {ts} has no field or method {name}")
                };
                self.err(sel.span.lo, format!("{s} undefined ({extra})"));
                Operand::invalid()
            }
        }
    }

    fn method_expr(
        &mut self,
        e: &ast::Expr,
        _x: &ast::Expr,
        t: &Operand,
        sel: &ast::Ident,
    ) -> Operand {
        let name = &sel.name;
        let ts = self.type_string(t.ty);
        match self.lookup_member(t.ty, name) {
            Found::Method {
                func,
                ptr_recv,
                path,
                indirect,
                recv,
                sig,
            } => {
                if ptr_recv && !indirect {
                    self.err(
                        e.span.lo,
                        format!("invalid method expression {ts}.{name} (needs pointer receiver (*{ts}).{name})"),
                    );
                    return Operand::invalid();
                }
                if let Some(&fo) = self.func_obj.get(&func) {
                    self.note_dep(fo);
                }
                self.info.selections.insert(
                    e.id,
                    Selection {
                        kind: SelKind::MethodExpr { func, ptr_recv },
                        path,
                        recv,
                    },
                );
                let ft = self.prepend_param(t.ty, sig);
                Operand::value(ft)
            }
            Found::IfaceMethod {
                index,
                path,
                sig,
                recv,
            } => {
                self.info.selections.insert(
                    e.id,
                    Selection {
                        kind: SelKind::IfaceMethodExpr { index },
                        path,
                        recv,
                    },
                );
                let ft = self.prepend_param(t.ty, sig);
                Operand::value(ft)
            }
            _ => {
                self.err(
                    sel.span.lo,
                    format!("{ts}.{name} undefined (type {ts} has no method {name})"),
                );
                Operand::invalid()
            }
        }
    }

    fn prepend_param(&mut self, recv: TypeId, sig: TypeId) -> TypeId {
        match self.tt().signature(sig).cloned() {
            Some(mut s) => {
                s.params.insert(0, recv);
                self.info.types.intern(Type::Func(s))
            }
            None => TypeTable::INVALID,
        }
    }

    /// Checks an index operand; returns its constant value if any.
    /// `len`: a known length for bounds checks.
    pub(crate) fn index_value(
        &mut self,
        e: &ast::Expr,
        len: Option<u64>,
        what: &str,
    ) -> Option<Option<i64>> {
        let mut x = self.expr(e);
        if x.is_invalid() {
            return None;
        }
        if self.is_untyped(x.ty) {
            if let Some(v) = &x.val {
                if constant::to_int(v).is_none()
                    && matches!(v, ConstValue::Float(_) | ConstValue::Complex(..))
                {
                    let s = self.operand_string(e, &x);
                    self.err(e.span.lo, format!("{s} truncated to int"));
                    return None;
                }
            }
            if !self.convert_untyped(&mut x, e, TypeTable::INT) {
                let s = self.operand_string(e, &x);
                self.err(
                    e.span.lo,
                    format!("invalid argument: {what} {s} must be integer"),
                );
                return None;
            }
        }
        if !self.tt().basic_kind(x.ty).is_some_and(|k| k.is_integer()) {
            let s = self.operand_string(e, &x);
            self.err(
                e.span.lo,
                format!("invalid argument: {what} {s} must be integer"),
            );
            return None;
        }
        if let Some(v) = &x.val {
            let n = constant::to_int(v).unwrap_or_default();
            if n < BigInt::zero() {
                let s = self.operand_string(e, &x);
                self.err(
                    e.span.lo,
                    format!("invalid argument: {what} {s} must not be negative"),
                );
                return None;
            }
            if let Some(l) = len {
                if n >= BigInt::from(l) {
                    let s = super::describe::expr_string(e);
                    self.err(
                        e.span.lo,
                        format!("invalid argument: {what} {s} out of bounds [0:{l}]"),
                    );
                    return None;
                }
            }
            return Some(n.to_i64());
        }
        Some(None)
    }

    fn index(&mut self, e: &ast::Expr, xe: &ast::Expr, ie: &ast::Expr) -> Operand {
        let x = self.expr(xe);
        if x.is_invalid() {
            self.expr(ie);
            return x;
        }
        let u = self.tt().underlying(x.ty);
        match self.tt().get(u).clone() {
            Type::Basic(k) if k.is_string() => {
                let len = match &x.val {
                    Some(ConstValue::String(s)) => Some(s.len() as u64),
                    _ => None,
                };
                if self.is_untyped(x.ty) {
                    let mut x2 = x.clone();
                    self.convert_untyped(&mut x2, xe, TypeTable::STRING);
                }
                self.index_value(ie, len, "index");
                Operand::value(TypeTable::UINT8)
            }
            Type::Slice(el) => {
                self.index_value(ie, None, "index");
                Operand {
                    mode: OpMode::Var,
                    ty: el,
                    val: None,
                }
            }
            Type::Array(n, el) => {
                self.index_value(ie, Some(n), "index");
                Operand {
                    mode: if x.mode == OpMode::Var {
                        OpMode::Var
                    } else {
                        OpMode::Value
                    },
                    ty: el,
                    val: None,
                }
            }
            Type::Pointer(p) => {
                if let Type::Array(n, el) = self.tt().under(p).clone() {
                    self.index_value(ie, Some(n), "index");
                    return Operand {
                        mode: OpMode::Var,
                        ty: el,
                        val: None,
                    };
                }
                let s = self.operand_string(xe, &x);
                self.err(e.span.lo, format!("invalid operation: cannot index {s}"));
                Operand::invalid()
            }
            Type::Map(k, v) => {
                let mut key = self.expr(ie);
                self.assignment(&mut key, ie, k, "map index");
                Operand {
                    mode: OpMode::MapIndex,
                    ty: v,
                    val: None,
                }
            }
            _ => {
                let s = self.operand_string(xe, &x);
                self.err(xe.span.lo, format!("invalid operation: cannot index {s}"));
                self.expr(ie);
                Operand::invalid()
            }
        }
    }

    fn slice_expr(
        &mut self,
        e: &ast::Expr,
        xe: &ast::Expr,
        lo: Option<&ast::Expr>,
        hi: Option<&ast::Expr>,
        max: Option<&ast::Expr>,
    ) -> Operand {
        let mut x = self.expr(xe);
        if x.is_invalid() {
            return x;
        }
        let u = self.tt().underlying(x.ty);
        let (result, len) = match self.tt().get(u).clone() {
            Type::Basic(k) if k.is_string() => {
                if max.is_some() {
                    self.err(e.span.lo, "invalid operation: 3-index slice of string");
                    return Operand::invalid();
                }
                let len = match &x.val {
                    Some(ConstValue::String(s)) => Some(s.len() as u64),
                    _ => None,
                };
                if self.is_untyped(x.ty) {
                    self.convert_untyped(&mut x, xe, TypeTable::STRING);
                }
                (x.ty, len)
            }
            Type::Slice(_) => (x.ty, None),
            Type::Array(n, el) => {
                if x.mode != OpMode::Var {
                    let s = super::describe::expr_string(e);
                    self.err(
                        e.span.lo,
                        format!("invalid operation: {s} (slice of unaddressable value)"),
                    );
                    return Operand::invalid();
                }
                (self.info.types.slice(el), Some(n))
            }
            Type::Pointer(p) => match self.tt().under(p).clone() {
                Type::Array(n, el) => (self.info.types.slice(el), Some(n)),
                _ => {
                    let s = self.operand_string(xe, &x);
                    self.err(e.span.lo, format!("cannot slice {s}"));
                    return Operand::invalid();
                }
            },
            _ => {
                let s = self.operand_string(xe, &x);
                self.err(e.span.lo, format!("cannot slice {s}"));
                return Operand::invalid();
            }
        };
        let cap = len.map(|l| l + 1);
        // types2: the first constant index smaller than an earlier one,
        // reported at the smaller one.
        let mut vals = Vec::new();
        for ie in [lo, hi, max].into_iter().flatten() {
            if let Some(Some(v)) = self.index_value(ie, cap, "index") {
                vals.push((v, ie.span.lo));
            }
        }
        'report: for (i, &(x, _)) in vals.iter().enumerate() {
            for &(y, pos) in &vals[i + 1..] {
                if y < x {
                    self.err(pos, format!("invalid slice indices: {y} < {x}"));
                    break 'report;
                }
            }
        }
        Operand::value(result)
    }

    fn type_assert(&mut self, e: &ast::Expr, xe: &ast::Expr, te: Option<&ast::Expr>) -> Operand {
        let x = self.expr(xe);
        let Some(te) = te else {
            self.err(
                e.span.lo,
                "invalid syntax tree: use of .(type) outside type switch",
            );
            return Operand::invalid();
        };
        let t = self.type_expr(te);
        if x.is_invalid() || t == TypeTable::INVALID {
            return Operand::invalid();
        }
        if !self.tt().is_interface(x.ty) {
            let s = self.operand_string(xe, &x);
            self.err(
                xe.span.lo,
                format!("invalid operation: {s} is not an interface"),
            );
            return Operand::invalid();
        }
        if !self.tt().is_interface(t) && !self.mentions_tparam(te) {
            if let Some(cause) = self.missing_method(t, x.ty) {
                let s = super::describe::expr_string(e);
                self.err(
                    e.span.lo,
                    format!("impossible type assertion: {s}\n\t{cause}"),
                );
                return Operand::invalid();
            }
        }
        Operand::value(t)
    }

    fn unary(&mut self, e: &ast::Expr, op: UnOp, xe: &ast::Expr) -> Operand {
        match op {
            UnOp::Addr => {
                let inner = super::decls::strip_parens(xe);
                let x = if let K::CompositeLit { ty, elems, rbrace } = &inner.kind {
                    let o = self.composite_lit(inner, ty.as_deref(), elems, *rbrace, None);
                    self.record(inner, &o);
                    if inner.id != xe.id {
                        self.record(xe, &o);
                    }
                    if o.is_invalid() {
                        return o;
                    }
                    return Operand::value(self.info.types.pointer(o.ty));
                } else {
                    self.expr(xe)
                };
                if x.is_invalid() {
                    return x;
                }
                if x.mode != OpMode::Var {
                    let s = self.operand_string(xe, &x);
                    self.err(
                        e.span.lo,
                        format!("invalid operation: cannot take address of {s}"),
                    );
                    return Operand::invalid();
                }
                Operand::value(self.info.types.pointer(x.ty))
            }
            UnOp::Recv => {
                let x = self.expr(xe);
                if x.is_invalid() {
                    return x;
                }
                match self.tt().under(x.ty).clone() {
                    Type::Chan(dir, el) => {
                        if dir == ChanDir::Send {
                            let ts = self.type_string(x.ty);
                            let s = self.operand_string(xe, &x);
                            self.err(
                                xe.span.lo,
                                format!("invalid operation: cannot receive from send-only channel {ts} {s}"),
                            );
                            return Operand::invalid();
                        }
                        Operand::value(el)
                    }
                    _ => {
                        let s = self.operand_string(xe, &x);
                        self.err(
                            xe.span.lo,
                            format!("invalid operation: cannot receive from non-channel {s}"),
                        );
                        Operand::invalid()
                    }
                }
            }
            _ => {
                let x = self.expr(xe);
                if x.is_invalid() {
                    return x;
                }
                let k = self.tt().basic_kind(x.ty);
                let ok = match op {
                    UnOp::Pos | UnOp::Neg => k.is_some_and(|k| k.is_numeric()),
                    UnOp::BitNot => k.is_some_and(|k| k.is_integer()),
                    UnOp::Not => matches!(k, Some(BasicKind::Bool) | Some(BasicKind::UntypedBool)),
                    _ => false,
                };
                if !ok {
                    let s = self.operand_string(xe, &x);
                    let ops = match op {
                        UnOp::Pos => "+",
                        UnOp::Neg => "-",
                        UnOp::BitNot => "^",
                        _ => "!",
                    };
                    self.err(
                        xe.span.lo,
                        format!("invalid operation: operator {ops} not defined on {s}"),
                    );
                    return Operand::invalid();
                }
                let Some(v) = x.val.clone().filter(|_| x.mode == OpMode::Const) else {
                    return Operand::value(x.ty);
                };
                let k = k.unwrap_or(BasicKind::Invalid);
                let nv = match (op, &v) {
                    (UnOp::Pos, _) => Some(v.clone()),
                    (UnOp::Neg, _) => constant::neg(&v),
                    (UnOp::BitNot, ConstValue::Int(i)) => {
                        Some(ConstValue::Int(if k.is_untyped() {
                            -i - 1
                        } else {
                            constant::complement(i, k)
                        }))
                    }
                    (UnOp::Not, ConstValue::Bool(b)) => Some(ConstValue::Bool(!b)),
                    _ => None,
                };
                let Some(nv) = nv else {
                    return Operand::value(x.ty);
                };
                let r = Operand {
                    mode: OpMode::Const,
                    ty: x.ty,
                    val: Some(nv),
                };
                self.check_overflow(e, r)
            }
        }
    }

    /// A typed constant result must fit its type (`x * 2 (constant 200 of
    /// type int8) overflows int8`).
    fn check_overflow(&mut self, e: &ast::Expr, mut x: Operand) -> Operand {
        let Some(v) = x.val.clone() else { return x };
        let Some(k) = self.tt().basic_kind(x.ty) else {
            return x;
        };
        if k.is_untyped() {
            if let ConstValue::Int(i) = &v {
                if i.bits() > constant::MAX_BITS {
                    self.err(e.span.lo, "constant overflow");
                    return Operand::invalid();
                }
            }
            return x;
        }
        match constant::represent(&v, k) {
            Ok(nv) => {
                x.val = Some(nv);
                x
            }
            Err(_) => {
                let s = self.operand_string(e, &x);
                let ts = self.type_string(x.ty);
                self.err(e.span.lo, format!("{s} overflows {ts}"));
                Operand::invalid()
            }
        }
    }

    /// gc's `invalid operation: x + y (mismatched types A and B)`.
    fn mismatched(&mut self, e: &ast::Expr, x: &Operand, y: &Operand) -> Operand {
        let es = super::describe::expr_string(e);
        let (a, b) = (self.type_string(x.ty), self.type_string(y.ty));
        self.err(
            e.span.lo,
            format!("invalid operation: {es} (mismatched types {a} and {b})"),
        );
        Operand::invalid()
    }

    fn binary(&mut self, e: &ast::Expr, op: BinOp, le: &ast::Expr, re: &ast::Expr) -> Operand {
        let mut x = self.expr(le);
        let mut y = self.expr(re);
        if x.is_invalid() || y.is_invalid() {
            return Operand::invalid();
        }
        if matches!(op, BinOp::Shl | BinOp::Shr) {
            return self.shift(e, op, x, le, y, re);
        }
        let cmp_op = matches!(
            op,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        );
        // types2's matchTypes converts an untyped operand only towards a
        // basic type: against an interface (outside comparisons) the types
        // stay apart and gc names the untyped one.
        let untyped_vs_iface = |c: &Self, a: &Operand, b: &Operand| {
            c.is_untyped(a.ty) && a.ty != TypeTable::UNTYPED_NIL && c.tt().is_interface(b.ty)
        };
        if !cmp_op && (untyped_vs_iface(self, &x, &y) || untyped_vs_iface(self, &y, &x)) {
            return self.mismatched(e, &x, &y);
        }
        if !self.match_types(&mut x, le, &mut y, re) {
            return Operand::invalid();
        }
        let cmp = matches!(
            op,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        );
        if cmp {
            return self.comparison(e, op, x, le, y, re);
        }
        if x.ty != y.ty {
            return self.mismatched(e, &x, &y);
        }
        let k = self.tt().basic_kind(x.ty);
        let ok = match op {
            BinOp::Add => k.is_some_and(|k| k.is_numeric() || k.is_string()),
            BinOp::Sub | BinOp::Mul | BinOp::Div => k.is_some_and(|k| k.is_numeric()),
            BinOp::Rem | BinOp::And | BinOp::Or | BinOp::Xor | BinOp::AndNot => {
                k.is_some_and(|k| k.is_integer())
            }
            BinOp::LAnd | BinOp::LOr => {
                matches!(k, Some(BasicKind::Bool) | Some(BasicKind::UntypedBool))
            }
            _ => false,
        };
        if !ok {
            let s = self.operand_string(le, &x);
            self.err(
                le.span.lo,
                format!(
                    "invalid operation: operator {} not defined on {s}",
                    op.as_str()
                ),
            );
            return Operand::invalid();
        }
        let k = k.unwrap_or(BasicKind::Invalid);
        if matches!(op, BinOp::Div | BinOp::Rem) {
            if let Some(v) = y.val.as_ref().filter(|_| y.mode == OpMode::Const) {
                if constant::is_zero(v) && (k.is_integer() || x.mode == OpMode::Const) {
                    self.err(re.span.lo, "invalid operation: division by zero");
                    return Operand::invalid();
                }
            }
        }
        if let (Some(a), Some(b)) = (&x.val, &y.val) {
            if x.mode == OpMode::Const && y.mode == OpMode::Const {
                let int_div = k.is_integer();
                return match constant::binary(op, a, b, int_div) {
                    Ok(v) => {
                        let r = Operand {
                            mode: OpMode::Const,
                            ty: x.ty,
                            val: Some(v),
                        };
                        self.check_overflow(e, r)
                    }
                    Err(FoldError::DivByZero) => {
                        self.err(re.span.lo, "invalid operation: division by zero");
                        Operand::invalid()
                    }
                    Err(FoldError::Overflow(what)) => {
                        self.err(e.span.lo, format!("constant {what} overflow"));
                        Operand::invalid()
                    }
                    Err(FoldError::Invalid) => Operand::value(x.ty),
                };
            }
        }
        Operand::value(x.ty)
    }

    /// Converts untyped operands of a binary operation toward each other.
    fn match_types(
        &mut self,
        x: &mut Operand,
        le: &ast::Expr,
        y: &mut Operand,
        re: &ast::Expr,
    ) -> bool {
        // nil keeps its untyped type here: comparisons handle it.
        let xu = self.is_untyped(x.ty) && x.ty != TypeTable::UNTYPED_NIL;
        let yu = self.is_untyped(y.ty) && y.ty != TypeTable::UNTYPED_NIL;
        if xu && !yu {
            if self.may_convert(x, y.ty) {
                return self.implicit_convert(x, le, y.ty);
            }
        } else if yu && !xu {
            if self.may_convert(y, x.ty) {
                return self.implicit_convert(y, re, x.ty);
            }
        } else if xu && yu {
            let (xk, yk) = (self.tt().basic_kind(x.ty), self.tt().basic_kind(y.ty));
            if let (Some(a), Some(b)) = (xk, yk) {
                if a.is_numeric() && b.is_numeric() {
                    let rank = |k: BasicKind| match k {
                        BasicKind::UntypedInt => 0,
                        BasicKind::UntypedRune => 1,
                        BasicKind::UntypedFloat => 2,
                        _ => 3,
                    };
                    let t = if rank(a) >= rank(b) { x.ty } else { y.ty };
                    if x.ty != t {
                        self.implicit_convert(x, le, t);
                    }
                    if y.ty != t {
                        self.implicit_convert(y, re, t);
                    }
                }
            }
        }
        true
    }

    /// Could untyped `x` be converted to `t` at all (same category)?
    fn may_convert(&self, x: &Operand, t: TypeId) -> bool {
        let tt = self.tt();
        let xk = tt.basic_kind(x.ty).unwrap_or(BasicKind::Invalid);
        if xk == BasicKind::UntypedNil {
            return matches!(
                tt.under(t),
                Type::Pointer(_)
                    | Type::Func(_)
                    | Type::Slice(_)
                    | Type::Map(..)
                    | Type::Chan(..)
                    | Type::Interface(_)
            );
        }
        if tt.is_interface(t) {
            return true;
        }
        match tt.basic_kind(t) {
            Some(tk) => {
                (xk == BasicKind::UntypedBool)
                    == (tk == BasicKind::Bool || tk == BasicKind::UntypedBool)
                    && (xk == BasicKind::UntypedString) == tk.is_string()
                    && (xk.is_numeric() == tk.is_numeric())
            }
            None => false,
        }
    }

    /// Implicit conversion in an operation (errors: `300 (untyped int
    /// constant) overflows int8`, `1.5 (untyped float constant) truncated
    /// to int`).
    pub(crate) fn implicit_convert(&mut self, x: &mut Operand, e: &ast::Expr, t: TypeId) -> bool {
        match self.implicit_type(x, t) {
            Ok(_) => {
                self.convert_untyped(x, e, t);
                true
            }
            Err(r) => {
                let s = self.operand_string(e, x);
                let ts = if self.tt().is_interface(t) && x.ty != TypeTable::UNTYPED_NIL {
                    self.type_string(self.default_type(x.ty))
                } else {
                    self.type_string(t)
                };
                let msg = match r {
                    Unrepresentable::Overflows => format!("{s} overflows {ts}"),
                    Unrepresentable::Truncated => format!("{s} truncated to {ts}"),
                    Unrepresentable::Mismatch => format!("cannot convert {s} to type {ts}"),
                };
                self.err(e.span.lo, msg);
                false
            }
        }
    }

    /// The type an untyped operand takes in context `t` and its value.
    pub(crate) fn implicit_type(
        &self,
        x: &Operand,
        t: TypeId,
    ) -> Result<(TypeId, Option<ConstValue>), Unrepresentable> {
        if !self.is_untyped(x.ty) {
            return Ok((x.ty, x.val.clone()));
        }
        let tt = self.tt();
        let xk = tt.basic_kind(x.ty).unwrap_or(BasicKind::Invalid);
        if t == TypeTable::INVALID {
            return Ok((t, x.val.clone()));
        }
        match tt.under(t) {
            Type::Basic(tk) => {
                let tk = *tk;
                if xk == BasicKind::UntypedNil {
                    return Err(Unrepresentable::Mismatch);
                }
                if let (Some(v), OpMode::Const) = (&x.val, x.mode) {
                    let nv = constant::represent(v, tk)?;
                    return Ok((t, Some(nv)));
                }
                let ok = match xk {
                    BasicKind::UntypedBool => tk == BasicKind::Bool || tk == BasicKind::UntypedBool,
                    BasicKind::UntypedString => tk.is_string(),
                    _ => tk.is_numeric(),
                };
                if ok {
                    Ok((t, None))
                } else {
                    Err(Unrepresentable::Mismatch)
                }
            }
            Type::Interface(_) => {
                if xk == BasicKind::UntypedNil {
                    Ok((t, None))
                } else {
                    // The constant becomes a value of its default type
                    // first, and must fit it (`var x any = 1 << 70`).
                    let d = self.default_type(x.ty);
                    let v = match (&x.val, tt.basic_kind(d)) {
                        (Some(v), Some(k)) => Some(constant::represent(v, k)?),
                        _ => None,
                    };
                    Ok((d, v))
                }
            }
            Type::Pointer(_) | Type::Func(_) | Type::Slice(_) | Type::Map(..) | Type::Chan(..) => {
                if xk == BasicKind::UntypedNil {
                    Ok((t, None))
                } else {
                    Err(Unrepresentable::Mismatch)
                }
            }
            _ => Err(Unrepresentable::Mismatch),
        }
    }

    /// Converts untyped `x` to context type `t` (or its default type for
    /// interfaces), updating the recorded types; false if impossible.
    pub(crate) fn convert_untyped(&mut self, x: &mut Operand, e: &ast::Expr, t: TypeId) -> bool {
        match self.implicit_type(x, t) {
            Ok((nt, nv)) => {
                x.ty = nt;
                if x.mode == OpMode::Const {
                    x.val = nv;
                }
                self.set_type(e, nt);
                true
            }
            Err(_) => false,
        }
    }

    /// Rewrites the recorded type of an untyped expression tree.
    pub(crate) fn set_type(&mut self, e: &ast::Expr, t: TypeId) {
        self.set_type_depth(e, t, 0)
    }

    fn set_type_depth(&mut self, e: &ast::Expr, t: TypeId, depth: u32) {
        if depth > 500 {
            return;
        }
        let Some(info) = self.info.exprs.get(&e.id) else {
            return;
        };
        if !self.is_untyped(info.ty) {
            return;
        }
        let tk = self.tt().basic_kind(t);
        let mut info = info.clone();
        let constant = info.value.is_some();
        info.ty = t;
        if let (Some(v), Some(k)) = (&info.value, tk) {
            if let Ok(nv) = constant::represent(v, k) {
                info.value = Some(Box::new(nv));
            }
        }
        self.info.exprs.insert(e.id, info);
        match &e.kind {
            K::Paren(x) => self.set_type_depth(x, t, depth + 1),
            K::Unary(op, x) if !matches!(op, UnOp::Recv | UnOp::Addr) => {
                self.set_type_depth(x, t, depth + 1)
            }
            K::Binary(op, l, r) => match op {
                BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {}
                BinOp::Shl | BinOp::Shr => {
                    // A non-constant shift of an untyped constant takes the
                    // context's type, which must be an integer type.
                    let is_int = self.tt().basic_kind(t).is_some_and(|k| k.is_integer());
                    let numeric = self.tt().basic_kind(t).is_some_and(|k| k.is_numeric());
                    if !constant && !is_int && numeric {
                        let src = super::describe::expr_string(l);
                        let ts = self.type_string(t);
                        self.err(
                            l.span.lo,
                            format!("invalid operation: shifted operand {src} (type {ts}) must be integer"),
                        );
                        return;
                    }
                    self.set_type_depth(l, t, depth + 1)
                }
                _ => {
                    self.set_type_depth(l, t, depth + 1);
                    self.set_type_depth(r, t, depth + 1);
                }
            },
            _ => {}
        }
    }

    /// Gives every still-untyped recorded expression its default type.
    pub(crate) fn finalize_untyped(&mut self) {
        let ids: Vec<ast::NodeId> = self
            .info
            .exprs
            .iter()
            .filter(|(_, i)| self.is_untyped(i.ty))
            .map(|(id, _)| *id)
            .collect();
        for id in ids {
            if let Some(info) = self.info.exprs.get_mut(&id) {
                let d = match self.info.types.get(info.ty) {
                    Type::Basic(BasicKind::UntypedBool) => TypeTable::BOOL,
                    Type::Basic(BasicKind::UntypedInt) => TypeTable::INT,
                    Type::Basic(BasicKind::UntypedRune) => TypeTable::INT32,
                    Type::Basic(BasicKind::UntypedFloat) => TypeTable::FLOAT64,
                    Type::Basic(BasicKind::UntypedComplex) => TypeTable::COMPLEX128,
                    Type::Basic(BasicKind::UntypedString) => TypeTable::STRING,
                    _ => TypeTable::EMPTY_IFACE,
                };
                info.ty = d;
                if let (Some(v), Some(k)) = (&info.value, self.info.types.basic_kind(d)) {
                    if let Ok(nv) = constant::represent(v, k) {
                        info.value = Some(Box::new(nv));
                    }
                }
            }
        }
    }

    fn shift(
        &mut self,
        e: &ast::Expr,
        op: BinOp,
        mut x: Operand,
        le: &ast::Expr,
        mut y: Operand,
        re: &ast::Expr,
    ) -> Operand {
        // The count as written, for types2's `invalid shift count` text.
        let y0 = y.clone();
        // The count: an integer (untyped constants must be non-negative
        // integers; they become uint).
        if self.is_untyped(y.ty) {
            match &y.val {
                Some(v) if constant::to_int(v).is_some() => {
                    let t = TypeTable::UINT;
                    let n = constant::to_int(v).unwrap_or_default();
                    if n < BigInt::zero() {
                        let s = self.operand_string(re, &y);
                        self.err(
                            re.span.lo,
                            format!("invalid operation: negative shift count {s}"),
                        );
                        return Operand::invalid();
                    }
                    // Keep the value (possibly huge); type it as uint,
                    // down through parentheses and operands (`(1+0i)` must
                    // not stay complex for the compiler).
                    self.set_type(re, t);
                    if let Some(info) = self.info.exprs.get_mut(&re.id) {
                        info.ty = t;
                        info.value = Some(Box::new(ConstValue::Int(n.clone())));
                    }
                    y.ty = t;
                    y.val = Some(ConstValue::Int(n));
                }
                _ => {
                    // types2 checks a constant count's representability
                    // as uint, with that check's words.
                    if let Some(v) = &y.val {
                        let s = self.operand_string(re, &y);
                        let text = match v {
                            ConstValue::Float(_) => Some(format!("{s} truncated to uint")),
                            ConstValue::String(_) | ConstValue::Bool(_) => {
                                Some(format!("cannot convert {s} to type uint"))
                            }
                            _ => None,
                        };
                        if let Some(text) = text {
                            self.err(re.span.lo, text);
                            return Operand::invalid();
                        }
                    }
                    if !self.convert_untyped(&mut y, re, TypeTable::UINT) {
                        let s = self.operand_string(re, &y);
                        self.err(
                            re.span.lo,
                            format!("invalid operation: shift count {s} must be integer"),
                        );
                        return Operand::invalid();
                    }
                }
            }
        } else if !self.tt().basic_kind(y.ty).is_some_and(|k| k.is_integer()) {
            let s = self.operand_string(re, &y);
            self.err(
                re.span.lo,
                format!("invalid operation: shift count {s} must be integer"),
            );
            return Operand::invalid();
        } else if let Some(v) = &y.val {
            if constant::to_int(v).is_some_and(|n| n < BigInt::zero()) {
                let s = self.operand_string(re, &y);
                self.err(
                    re.span.lo,
                    format!("invalid operation: negative shift count {s}"),
                );
                return Operand::invalid();
            }
        }
        // The shifted operand.
        if x.mode == OpMode::Const && self.is_untyped(x.ty) {
            if let Some(v) = &x.val {
                match constant::to_int(v) {
                    Some(i) => {
                        if y.mode == OpMode::Const {
                            x.val = Some(ConstValue::Int(i));
                            if x.ty == TypeTable::UNTYPED_FLOAT {
                                x.ty = TypeTable::UNTYPED_INT;
                            }
                        } else {
                            // Non-constant shift of an untyped constant:
                            // typed by context later; int by default.
                            x.val = Some(ConstValue::Int(i));
                            if x.ty == TypeTable::UNTYPED_FLOAT {
                                x.ty = TypeTable::UNTYPED_INT;
                            }
                            return Operand::value(x.ty);
                        }
                    }
                    None => {
                        let s = self.operand_string(le, &x);
                        self.err(
                            le.span.lo,
                            format!("invalid operation: shifted operand {s} must be integer"),
                        );
                        return Operand::invalid();
                    }
                }
            }
        }
        if !self.tt().basic_kind(x.ty).is_some_and(|k| k.is_integer()) {
            let s = self.operand_string(le, &x);
            self.err(
                le.span.lo,
                format!("invalid operation: shifted operand {s} must be integer"),
            );
            return Operand::invalid();
        }
        if let (OpMode::Const, OpMode::Const, Some(ConstValue::Int(a)), Some(b)) =
            (x.mode, y.mode, &x.val, &y.val)
        {
            let s = constant::to_int(b)
                .and_then(|b| b.to_u64())
                .unwrap_or(u64::MAX);
            if s > MAX_CONST_SHIFT {
                let ys = self.operand_string(re, &y0);
                self.err(
                    re.span.lo,
                    format!("invalid operation: invalid shift count {ys}"),
                );
                return Operand::invalid();
            }
            return match constant::shift(op, a, s) {
                Ok(v) => {
                    let r = Operand {
                        mode: OpMode::Const,
                        ty: x.ty,
                        val: Some(ConstValue::Int(v)),
                    };
                    self.check_overflow(e, r)
                }
                Err(_) => {
                    // gc points at the operator (we assume one space).
                    let pos = (le.span.hi + 1).min(re.span.lo);
                    self.err(pos, "constant shift overflow");
                    Operand::invalid()
                }
            };
        }
        Operand::value(x.ty)
    }

    fn comparison(
        &mut self,
        e: &ast::Expr,
        op: BinOp,
        x: Operand,
        le: &ast::Expr,
        y: Operand,
        re: &ast::Expr,
    ) -> Operand {
        let es_l = super::describe::expr_string(le);
        let es_r = super::describe::expr_string(re);
        let ok_assign =
            self.assignable_to(&x, y.ty).is_ok() || self.assignable_to(&y, x.ty).is_ok();
        let mut err: Option<(u32, String)> = None;
        if !ok_assign {
            let (a, b) = (self.type_string(x.ty), self.type_string(y.ty));
            err = Some((
                re.span.lo.min(e.span.hi),
                format!("mismatched types {a} and {b}"),
            ));
            // types2 reports at the binary expression for mismatches.
            err = err.map(|(_, m)| (e.span.lo, m));
        } else if matches!(op, BinOp::Eq | BinOp::Ne) {
            let xn = x.ty == TypeTable::UNTYPED_NIL;
            let yn = y.ty == TypeTable::UNTYPED_NIL;
            if xn && yn {
                err = Some((le.span.lo, "operator == not defined on nil".into()));
            } else if !xn && !yn {
                for (o, oe) in [(&x, le), (&y, re)] {
                    if !self.comparable(o.ty) {
                        let what = match self.tt().under(o.ty) {
                            Type::Slice(_) => "slice can only be compared to nil".to_string(),
                            Type::Map(..) => "map can only be compared to nil".to_string(),
                            Type::Func(_) => "func can only be compared to nil".to_string(),
                            // gc names the first field that is not comparable.
                            Type::Struct(fields) => {
                                let bad =
                                    fields.iter().find(|f| !self.comparable(f.ty)).map(|f| f.ty);
                                match bad {
                                    Some(ft) => format!(
                                        "struct containing {} cannot be compared",
                                        self.type_string(ft)
                                    ),
                                    None => {
                                        format!("{} cannot be compared", self.type_string(o.ty))
                                    }
                                }
                            }
                            _ => {
                                let ts = self.type_string(o.ty);
                                format!("{ts} cannot be compared")
                            }
                        };
                        err = Some((oe.span.lo, what));
                        break;
                    }
                }
            } else {
                let other = if xn { &y } else { &x };
                if !matches!(
                    self.tt().under(other.ty),
                    Type::Pointer(_)
                        | Type::Func(_)
                        | Type::Slice(_)
                        | Type::Map(..)
                        | Type::Chan(..)
                        | Type::Interface(_)
                ) && !self.is_untyped(other.ty)
                {
                    let (a, b) = (self.type_string(x.ty), self.type_string(y.ty));
                    err = Some((e.span.lo, format!("mismatched types {a} and {b}")));
                }
            }
        } else {
            let k = self.tt().basic_kind(x.ty);
            let ordered = k.is_some_and(|k| k.is_real() || k.is_string());
            if !ordered {
                // types2's kindString: the kind for composite types, the
                // type itself for basic ones.
                let s = match self.tt().under(x.ty) {
                    Type::Array(..) => "array".to_string(),
                    Type::Slice(_) => "slice".to_string(),
                    Type::Struct(_) => "struct".to_string(),
                    Type::Pointer(_) => "pointer".to_string(),
                    Type::Func(_) => "func".to_string(),
                    Type::Interface(_) => "interface".to_string(),
                    Type::Map(..) => "map".to_string(),
                    Type::Chan(..) => "chan".to_string(),
                    _ => self.type_string(x.ty),
                };
                err = Some((
                    le.span.lo,
                    format!("operator {} not defined on {s}", op.as_str()),
                ));
                let _ = &es_r;
            }
        }
        if let Some((pos, cause)) = err {
            // gc: mismatched types are reported at the right operand.
            let pos = if cause.starts_with("mismatched") {
                re.span.lo
            } else {
                pos
            };
            self.err(
                pos,
                format!("invalid operation: {es_l} {} {es_r} ({cause})", op.as_str()),
            );
            return Operand::invalid();
        }
        // Untyped operands compared with typed ones were converted by
        // match_types; nil takes the other side's type.
        let mut x = x;
        let mut y = y;
        if x.ty == TypeTable::UNTYPED_NIL && y.ty != TypeTable::UNTYPED_NIL {
            self.convert_untyped(&mut x, le, y.ty);
        }
        if y.ty == TypeTable::UNTYPED_NIL && x.ty != TypeTable::UNTYPED_NIL {
            self.convert_untyped(&mut y, re, x.ty);
        }
        if let (OpMode::Const, OpMode::Const, Some(a), Some(b)) = (x.mode, y.mode, &x.val, &y.val) {
            if let Ok(v) = constant::binary(op, a, b, false) {
                return self.konst(TypeTable::UNTYPED_BOOL, v);
            }
        }
        Operand::value(TypeTable::UNTYPED_BOOL)
    }

    fn composite_lit(
        &mut self,
        e: &ast::Expr,
        ty: Option<&ast::Expr>,
        elems: &[ast::KeyedElement],
        rbrace: ast::Span,
        hint: Option<TypeId>,
    ) -> Operand {
        let (t, open_array) = match ty {
            Some(te) => match &te.kind {
                K::ArrayType { len: None, elem } => {
                    let el = self.type_expr(elem);
                    if el == TypeTable::INVALID {
                        return Operand::invalid();
                    }
                    (el, true)
                }
                _ => (self.type_expr(te), false),
            },
            None => match hint {
                Some(h) => (h, false),
                None => {
                    self.err(e.span.lo, "invalid composite literal type: missing type");
                    return Operand::invalid();
                }
            },
        };
        if t == TypeTable::INVALID {
            for el in elems {
                if !matches!(el.value.kind, K::CompositeLit { ty: None, .. }) {
                    self.expr(&el.value);
                }
            }
            return Operand::invalid();
        }
        // `[]*T{{...}}`: an elided literal of pointer type means `&T{...}`
        // (a named pointer type's too: `[]PS{{...}}` with `type PS *S`).
        let (base, result) = if ty.is_none() {
            match self.tt().under(t) {
                Type::Pointer(p) => (*p, t),
                _ => (t, t),
            }
        } else {
            (t, t)
        };
        if open_array {
            let n = self.array_elems(elems, base, None);
            let at = self.info.types.intern(Type::Array(n, base));
            if let Some(te) = ty {
                self.record(
                    te,
                    &Operand {
                        mode: OpMode::Type,
                        ty: at,
                        val: None,
                    },
                );
            }
            return Operand::value(at);
        }
        let tname = self.type_string(base);
        match self.tt().under(base).clone() {
            Type::Struct(fields) => {
                if elems.is_empty() {
                } else if elems[0].key.is_some() {
                    let mut seen = vec![false; fields.len()];
                    for el in elems {
                        let Some(k) = &el.key else {
                            self.err(
                                el.value.span.lo,
                                "mixture of field:value and value elements in struct literal",
                            );
                            self.expr(&el.value);
                            continue;
                        };
                        let K::Ident(fname) = &k.kind else {
                            let s = super::describe::expr_string(k);
                            self.err(
                                k.span.lo,
                                format!("invalid field name {s} in struct literal"),
                            );
                            self.expr(&el.value);
                            continue;
                        };
                        let Some(i) = fields.iter().position(|f| &f.name == fname) else {
                            self.err(
                                k.span.lo,
                                format!("unknown field {fname} in struct literal of type {tname}"),
                            );
                            self.expr(&el.value);
                            continue;
                        };
                        if seen[i] {
                            self.err(
                                k.span.lo,
                                format!("duplicate field name {fname} in struct literal"),
                            );
                        }
                        seen[i] = true;
                        let ft = fields[i].ty;
                        self.elem_value(&el.value, ft, "struct literal");
                    }
                } else {
                    for (i, el) in elems.iter().enumerate() {
                        if el.key.is_some() {
                            self.err(
                                el.value.span.lo,
                                "mixture of field:value and value elements in struct literal",
                            );
                            continue;
                        }
                        if i >= fields.len() {
                            self.err(
                                el.value.span.lo,
                                format!("too many values in struct literal of type {tname}"),
                            );
                            break;
                        }
                        let ft = fields[i].ty;
                        self.elem_value(&el.value, ft, "struct literal");
                    }
                    if elems.len() < fields.len() {
                        self.err(
                            rbrace.lo,
                            format!("too few values in struct literal of type {tname}"),
                        );
                    }
                }
            }
            Type::Array(n, el) => {
                self.array_elems(elems, el, Some(n));
            }
            Type::Slice(el) => {
                self.array_elems(elems, el, None);
            }
            Type::Map(kt, vt) => {
                // types2: constant keys must differ (by value and, for an
                // interface key type, by type).
                let iface_key = matches!(self.tt().under(kt), Type::Interface(_));
                let mut seen: Vec<(ConstValue, TypeId)> = Vec::new();
                for el in elems {
                    match &el.key {
                        Some(k) => {
                            self.elem_value(k, kt, "map literal");
                            let known = self.info.exprs.get(&k.id).and_then(|i| {
                                let t = if iface_key { i.ty } else { kt };
                                i.value.as_deref().cloned().map(|v| (v, t))
                            });
                            let known = known.filter(|_| !self.mentions_tparam(k));
                            if let Some((v, t)) = known {
                                let same = |a: &ConstValue, b: &ConstValue| match (
                                    super::constant::to_rat(a),
                                    super::constant::to_rat(b),
                                ) {
                                    (Some(x), Some(y)) => x == y,
                                    _ => a == b,
                                };
                                if seen.iter().any(|(sv, st)| same(sv, &v) && *st == t) {
                                    self.err(
                                        k.span.lo,
                                        format!(
                                            "duplicate key {} in map literal",
                                            super::constant::value_string(&v)
                                        ),
                                    );
                                } else {
                                    seen.push((v, t));
                                }
                            }
                        }
                        None => self.err(el.value.span.lo, "missing key in map literal"),
                    }
                    self.elem_value(&el.value, vt, "map literal");
                }
            }
            _ => {
                self.err(e.span.lo, format!("invalid composite literal type {tname}"));
                return Operand::invalid();
            }
        }
        Operand::value(result)
    }

    /// Elements of an array/slice literal; returns the length.
    fn array_elems(&mut self, elems: &[ast::KeyedElement], el: TypeId, len: Option<u64>) -> u64 {
        let mut idx: u64 = 0;
        let mut max: u64 = 0;
        let mut seen = FxSet::default();
        for elm in elems {
            if let Some(k) = &elm.key {
                if let Some(Some(v)) = self.index_value(k, len, "index") {
                    idx = v as u64;
                } else {
                    idx += 0;
                }
            } else if let Some(l) = len {
                if idx >= l {
                    self.err(
                        elm.value.span.lo,
                        format!("index {idx} is out of bounds (>= {l})"),
                    );
                }
            }
            if !seen.insert(idx) {
                self.err(
                    elm.key.as_ref().map_or(elm.value.span.lo, |k| k.span.lo),
                    format!("duplicate index {idx} in array or slice literal"),
                );
            }
            self.elem_value(&elm.value, el, "array or slice literal");
            idx += 1;
            max = max.max(idx);
        }
        max
    }

    fn elem_value(&mut self, v: &ast::Expr, t: TypeId, context: &str) {
        if let K::CompositeLit {
            ty: None,
            elems,
            rbrace,
        } = &v.kind
        {
            let o = self.composite_lit(v, None, elems, *rbrace, Some(t));
            self.record(v, &o);
            return;
        }
        let mut x = self.value_to(v, Some(t), ValueCtx::Assign(context));
        self.assignment(&mut x, v, t, context);
    }

    /// Checks that `x` can be assigned to type `t` in `context`
    /// ("variable declaration", "argument to f", ...), converting
    /// untyped operands. Reports gc's `cannot use ...` errors.
    pub(crate) fn assignment(
        &mut self,
        x: &mut Operand,
        e: &ast::Expr,
        t: TypeId,
        context: &str,
    ) -> bool {
        if x.is_invalid() || t == TypeTable::INVALID {
            return false;
        }
        if self.is_untyped(x.ty) {
            // (`convert_untyped`, without computing the conversion twice.)
            match self.implicit_type(x, t) {
                Ok((nt, nv)) => {
                    x.ty = nt;
                    if x.mode == OpMode::Const {
                        x.val = nv;
                    }
                    self.set_type(e, nt);
                }
                Err(r) => {
                    let desc = self.operand_string(e, x);
                    // gc names the default type an interface target
                    // converts to.
                    let ts = if self.tt().is_interface(t) && x.ty != TypeTable::UNTYPED_NIL {
                        self.type_string(self.default_type(x.ty))
                    } else {
                        self.type_string(t)
                    };
                    let suffix = match r {
                        Unrepresentable::Overflows => " (overflows)",
                        Unrepresentable::Truncated => " (truncated)",
                        Unrepresentable::Mismatch => "",
                    };
                    self.err(
                        e.span.lo,
                        format!("cannot use {desc} as {ts} value in {context}{suffix}"),
                    );
                    return false;
                }
            }
        }
        match self.assignable_to(x, t) {
            Ok(()) => true,
            Err(cause) => {
                let desc = self.operand_string(e, x);
                let ts = self.type_string(t);
                let mut msg = format!("cannot use {desc} as {ts} value in {context}");
                if let Some(c) = cause {
                    msg.push_str(": ");
                    msg.push_str(&c);
                }
                self.err(e.span.lo, msg);
                false
            }
        }
    }

    /// A value assigned without a declared type (`x := v`, `var x = v`):
    /// untyped constants get their default type; nil is an error.
    pub(crate) fn assign_default(&mut self, x: &mut Operand, e: &ast::Expr, context: &str) {
        if x.is_invalid() {
            return;
        }
        if x.ty == TypeTable::UNTYPED_NIL {
            self.err(e.span.lo, format!("use of untyped nil in {context}"));
            *x = Operand::invalid();
            return;
        }
        if self.is_untyped(x.ty) {
            let d = self.default_type(x.ty);
            if !self.convert_untyped(x, e, d) {
                let s = self.operand_string(e, x);
                let ts = self.type_string(d);
                self.err(
                    e.span.lo,
                    format!("cannot use {s} as {ts} value in {context} (overflows)"),
                );
                *x = Operand::invalid();
            }
        }
    }

    /// Right-hand sides for `n` left-hand sides: pairwise, a multi-value
    /// call, or a comma-ok form. Reports count mismatches at `pos`.
    /// `targets`: the known type of each left-hand side and how gc names
    /// it (a generic function assigned takes its type arguments from it).
    pub(crate) fn assign_values<'e>(
        &mut self,
        n: usize,
        rhs: &'e [ast::Expr],
        _context: &str,
        pos: u32,
        targets: &[Option<(TypeId, String)>],
    ) -> Vec<(Operand, Option<&'e ast::Expr>)> {
        // types2 reports count mismatches at the first right-hand side.
        let pos = rhs.first().map_or(pos, |r| r.span.lo);
        if rhs.len() == n {
            let before = self.errors.len();
            let out: Vec<_> = rhs
                .iter()
                .enumerate()
                .map(|(i, e)| match targets.get(i) {
                    Some(Some((t, desc))) => {
                        (self.value_to(e, Some(*t), ValueCtx::Assign(desc)), Some(e))
                    }
                    _ => (self.expr(e), Some(e)),
                })
                .collect();
            // `x := f()` / `x = f()` with a multi-valued f: gc words it as
            // a count mismatch (a `var` declaration keeps the single-value
            // context message).
            if n == 1 && _context == "assignment" && self.errors.len() == before + 1 {
                let e = &rhs[0];
                let last = &self.errors[before];
                let is_call = matches!(super::decls::strip_parens(e).kind, K::Call { .. });
                if is_call && last.pos == e.span.lo && last.msg.starts_with("multiple-value ") {
                    let m = self
                        .info
                        .exprs
                        .get(&e.id)
                        .and_then(|i| match self.tt().get(i.ty) {
                            Type::Tuple(ts) => Some(ts.len()),
                            _ => None,
                        })
                        .unwrap_or(2);
                    self.errors[before].msg = format!(
                        "assignment mismatch: 1 variable but {} returns {m} values",
                        call_name(e)
                    );
                }
            }
            return out;
        }
        if rhs.len() == 1 {
            let e = &rhs[0];
            if n == 2 {
                if let Some(x) = self.comma_ok(e) {
                    return vec![(x, Some(e)), (Operand::value(TypeTable::BOOL), None)];
                }
            }
            let x = self.raw_expr(e, None);
            if x.is_invalid() {
                return vec![];
            }
            if let Type::Tuple(ts) = self.tt().get(x.ty).clone() {
                if x.mode != OpMode::NoValue && ts.len() == n {
                    return ts.iter().map(|t| (Operand::value(*t), None)).collect();
                }
                let s = call_name(e);
                let m = if x.mode == OpMode::NoValue {
                    0
                } else {
                    ts.len()
                };
                if m == 0 {
                    self.err(e.span.lo, format!("{s} (no value) used as value"));
                } else {
                    self.err(
                        pos,
                        format!(
                            "assignment mismatch: {n} variable{} but {s} returns {m} value{}",
                            plural(n),
                            plural(m)
                        ),
                    );
                }
                return vec![];
            }
            if matches!(x.mode, OpMode::NoValue) {
                let s = super::describe::expr_string(e);
                self.err(e.span.lo, format!("{s} (no value) used as value"));
                return vec![];
            }
            let is_call = matches!(super::decls::strip_parens(e).kind, K::Call { .. });
            if is_call && x.mode == OpMode::Value {
                let s = call_name(e);
                self.err(
                    pos,
                    format!(
                        "assignment mismatch: {n} variable{} but {s} returns 1 value",
                        plural(n)
                    ),
                );
                return vec![];
            }
        } else {
            for e in rhs {
                self.raw_expr(e, None);
            }
        }
        self.err(
            pos,
            format!(
                "assignment mismatch: {n} variable{} but {} value{}",
                plural(n),
                rhs.len(),
                plural(rhs.len())
            ),
        );
        vec![]
    }

    /// `v, ok = m[k]` / `x.(T)` / `<-ch`: the value operand, with the
    /// expression recorded as the tuple `(T, bool)`.
    pub(crate) fn comma_ok(&mut self, e: &ast::Expr) -> Option<Operand> {
        let inner = super::decls::strip_parens(e);
        let is_ok_form = match &inner.kind {
            K::TypeAssert { ty: Some(_), .. } => true,
            K::Unary(UnOp::Recv, _) => true,
            K::Index(x, _) => {
                // Only map indexing has a comma-ok form: peek at the type.
                let _ = x;
                true
            }
            _ => false,
        };
        if !is_ok_form {
            return None;
        }
        let x = self.raw_expr(e, None);
        if x.is_invalid() {
            return Some(Operand::invalid());
        }
        if let K::Index(..) = &inner.kind {
            if x.mode != OpMode::MapIndex {
                self.err(e.span.lo, "assignment mismatch: 2 variables but 1 value");
                return Some(Operand::invalid());
            }
        }
        let tuple = self
            .info
            .types
            .intern(Type::Tuple(vec![x.ty, TypeTable::BOOL]));
        let mut rec = x.clone();
        rec.ty = tuple;
        self.record(e, &rec);
        if inner.id != e.id {
            self.record(inner, &rec);
        }
        Some(Operand::value(x.ty))
    }

    pub(crate) fn sig_of(&self, t: TypeId) -> Option<Signature> {
        self.tt().signature(t).cloned()
    }
}

pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The callee of a call expression as types2 names it in "returns N
/// values" messages (`f` for `f()`).
fn call_name(e: &ast::Expr) -> String {
    match &super::decls::strip_parens(e).kind {
        K::Call { func, .. } => super::describe::expr_string(func),
        _ => super::describe::expr_string(e),
    }
}
