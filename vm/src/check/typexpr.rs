//! Type expressions.
//!
//! Owns: turning the expression forms that denote types into
//! [`TypeId`]s (recording them as `Mode::Type` expressions), function
//! signatures, struct and interface literals (interfaces flattened and
//! sorted, as the contract requires), and the "invalid recursive type"
//! check for types that contain themselves by value.

use super::decls::ObjKind;
use super::{Checker, Ent, OpMode, Operand};
use crate::info::{ConstValue, Obj};
use crate::types::FxSet;
use crate::types::{ChanDir, Field, IfaceMethod, Signature, Type, TypeId, TypeTable};
use minigo_parser::ast;

impl<'a> Checker<'a> {
    /// The type an expression denotes, or INVALID (with an error).
    pub(crate) fn type_expr(&mut self, e: &ast::Expr) -> TypeId {
        let t = self.type_expr_inner(e, 0);
        if t != TypeTable::INVALID {
            self.record(
                e,
                &Operand {
                    mode: OpMode::Type,
                    ty: t,
                    val: None,
                },
            );
        }
        t
    }

    fn type_expr_inner(&mut self, e: &ast::Expr, depth: u32) -> TypeId {
        if depth > 200 {
            self.err(e.span.lo, "type nested too deeply");
            return TypeTable::INVALID;
        }
        use ast::ExprKind as K;
        match &e.kind {
            K::Ident(n) if matches!(self.lookup(n), Some(Ent::Iota)) => {
                self.err(e.span.lo, format!("{n} (constant) is not a type"));
                TypeTable::INVALID
            }
            K::Ident(_) | K::Selector(..) => {
                let x = self.expr_or_type(e);
                match x.mode {
                    OpMode::Type => {
                        self.check_not_constraint(e, x.ty, false);
                        x.ty
                    }
                    OpMode::Invalid => TypeTable::INVALID,
                    OpMode::Generic(o) => {
                        let msg = self.generic_unused_msg(o);
                        self.err(e.span.lo, msg);
                        TypeTable::INVALID
                    }
                    _ => {
                        self.not_a_type(e, &x);
                        TypeTable::INVALID
                    }
                }
            }
            K::Paren(x) => self.type_expr(x),
            K::Index(..) | K::IndexList(..) if self.generic_ref(e).is_some() => {
                let Some(g) = self.generic_ref(e) else {
                    return TypeTable::INVALID;
                };
                let x = self.explicit_inst(e, g);
                match x.mode {
                    OpMode::Type => x.ty,
                    OpMode::Invalid => TypeTable::INVALID,
                    _ => {
                        let s = super::describe::expr_string(e);
                        self.err(e.span.lo, format!("{s} is not a type"));
                        TypeTable::INVALID
                    }
                }
            }
            K::Tilde(_) | K::Union(_) => {
                self.err(
                    e.span.lo,
                    "cannot use ~ outside of interface or type constraint",
                );
                TypeTable::INVALID
            }
            K::Star(x) => {
                let t = self.type_expr(x);
                if t == TypeTable::INVALID {
                    return t;
                }
                self.info.types.pointer(t)
            }
            K::ArrayType { len, elem } => {
                let Some(len) = len else {
                    self.err(
                        e.span.lo,
                        "invalid use of [...] array (outside a composite literal)",
                    );
                    return TypeTable::INVALID;
                };
                let n = self.array_len(len);
                let t = self.type_expr(elem);
                match (n, t) {
                    (Some(n), t) if t != TypeTable::INVALID => {
                        let arr = self.info.types.intern(Type::Array(n, t));
                        // gc's CalcArraySize: no type may exceed amd64's
                        // 1<<50 bytes (gc says so at the declared name).
                        const MAX_WIDTH: u64 = 1 << 50;
                        let es = self.go_size(t, 0).0;
                        if es > 0 && n > (MAX_WIDTH - 1) / es {
                            let ts = self.type_string(arr);
                            let at = self.decl_name_pos.unwrap_or(e.span.lo);
                            self.err(at, format!("type {ts} larger than address space"));
                            return TypeTable::INVALID;
                        }
                        arr
                    }
                    _ => TypeTable::INVALID,
                }
            }
            K::SliceType(x) => {
                let t = self.type_expr(x);
                if t == TypeTable::INVALID {
                    return t;
                }
                self.info.types.slice(t)
            }
            K::MapType(k, v) => {
                let kt = self.type_expr(k);
                let vt = self.type_expr(v);
                if kt == TypeTable::INVALID || vt == TypeTable::INVALID {
                    return TypeTable::INVALID;
                }
                self.delayed_keys.push((kt, self.pkg, self.file, k.span.lo));
                self.info.types.intern(Type::Map(kt, vt))
            }
            K::ChanType(dir, x) => {
                let t = self.type_expr(x);
                if t == TypeTable::INVALID {
                    return t;
                }
                let d = match dir {
                    ast::ChanDir::Both => ChanDir::Both,
                    ast::ChanDir::Send => ChanDir::Send,
                    ast::ChanDir::Recv => ChanDir::Recv,
                };
                self.info.types.intern(Type::Chan(d, t))
            }
            K::FuncType(ft) => self.func_sig(ft, None),
            K::StructType(fields) => self.struct_type(fields),
            K::InterfaceType(elems) => {
                let t = self.interface_type(elems);
                self.check_not_constraint(e, t, true);
                t
            }
            K::Ellipsis(_) => {
                self.err(e.span.lo, "invalid use of ...");
                TypeTable::INVALID
            }
            _ => {
                let s = super::describe::expr_string(e);
                // Still check it for undefined names etc.
                let x = self.expr(e);
                if !x.is_invalid() {
                    self.err(e.span.lo, format!("{s} is not a type"));
                }
                TypeTable::INVALID
            }
        }
    }

    /// gc's "x is not a type": a name says what it names (`i (local
    /// variable)`, `f (function)`, `fmt (package name)`); a package's
    /// member is described as an operand; a field or method selector is
    /// reported at its selector, bare.
    fn not_a_type(&mut self, e: &ast::Expr, x: &Operand) {
        use ast::ExprKind as K;
        let s = super::describe::expr_string(e);
        match &e.kind {
            K::Ident(n) => {
                let what = match self.lookup(n) {
                    Some(Ent::Var(v)) => {
                        if self.info.var(v).global {
                            "package-level variable"
                        } else {
                            self.var_roles.get(&v).copied().unwrap_or("local variable")
                        }
                    }
                    Some(Ent::Const(..)) | Some(Ent::Iota) => "constant",
                    Some(Ent::Obj(o)) => match self.objs[o].kind {
                        ObjKind::Var { .. } => "package-level variable",
                        ObjKind::Const { .. } => "constant",
                        ObjKind::Func { .. } => "function",
                        ObjKind::Type { .. } => "type",
                    },
                    Some(Ent::Builtin(_)) => "built-in function",
                    Some(Ent::Nil) => "untyped nil",
                    Some(Ent::Pkg(_)) => "package name",
                    Some(Ent::Type(_)) | None => "",
                };
                if what.is_empty() {
                    self.err(e.span.lo, format!("{s} is not a type"));
                } else {
                    self.err(e.span.lo, format!("{n} ({what}) is not a type"));
                }
            }
            K::Selector(base, sel) => {
                let of_package = matches!(
                    &base.kind,
                    K::Ident(p) if matches!(self.lookup(p), Some(Ent::Pkg(_)))
                );
                if of_package {
                    let d = self.operand_string(e, x);
                    self.err(e.span.lo, format!("{d} is not a type"));
                } else {
                    self.err(sel.span.lo, format!("{s} is not a type"));
                }
            }
            _ => self.err(e.span.lo, format!("{s} is not a type")),
        }
    }

    fn array_len(&mut self, len: &ast::Expr) -> Option<u64> {
        let x = self.expr(len);
        if x.is_invalid() {
            return None;
        }
        let s = self.operand_string(len, &x);
        let Some(v) = x.val.clone().filter(|_| x.mode == OpMode::Const) else {
            self.err(len.span.lo, format!("array length {s} must be constant"));
            return None;
        };
        let is_int = self.tt().basic_kind(x.ty).is_some_and(|k| k.is_integer())
            || matches!(&v, ConstValue::Float(f) if f.is_integer());
        let n = super::constant::to_int(&v);
        match n {
            Some(n) if is_int => {
                if n < 0.into() {
                    self.err(len.span.lo, format!("invalid array length {s}"));
                    return None;
                }
                // types2: any length that fits in an int. Whether the
                // type fits in memory is gc's question (`larger than
                // address space`, `symbol too large`), asked later.
                match i64::try_from(n).ok().and_then(|n| u64::try_from(n).ok()) {
                    Some(n) => {
                        if self.tt().basic_kind(x.ty).is_some_and(|k| k.is_untyped()) {
                            self.convert_untyped(&mut x.clone(), len, TypeTable::INT);
                        }
                        Some(n)
                    }
                    None => {
                        self.err(len.span.lo, format!("invalid array length {s}"));
                        None
                    }
                }
            }
            _ => {
                self.err(len.span.lo, format!("array length {s} must be integer"));
                None
            }
        }
    }

    /// A signature type; `recv` is prepended to the params when given.
    pub(crate) fn func_sig(&mut self, ft: &ast::FuncType, recv: Option<TypeId>) -> TypeId {
        let mut params: Vec<TypeId> = recv.into_iter().collect();
        let n = ft.params.len();
        for (i, p) in ft.params.iter().enumerate() {
            let mut t = self.type_expr(&p.ty);
            if ft.variadic && i + 1 == n && t != TypeTable::INVALID {
                t = self.info.types.slice(t);
            }
            params.push(t);
        }
        let results: Vec<TypeId> = ft.results.iter().map(|r| self.type_expr(&r.ty)).collect();
        self.info.types.intern(Type::Func(Signature {
            params,
            results,
            variadic: ft.variadic,
        }))
    }

    fn struct_type(&mut self, decls: &[ast::FieldDecl]) -> TypeId {
        let mut fields: Vec<Field> = Vec::new();
        let pkg = self.pkgs[self.pkg].path.clone();
        let mut seen: FxSet<String> = FxSet::default();
        for fd in decls {
            let t = self.type_expr(&fd.ty);
            if fd.names.is_empty() {
                // Embedded: T, *T, pkg.T — the field name is the type name.
                let base = match &super::decls::strip_parens(&fd.ty).kind {
                    ast::ExprKind::Star(x) => super::decls::strip_parens(x),
                    _ => &fd.ty,
                };
                // `List[T]` embeds under its generic type's name.
                let base = match &base.kind {
                    ast::ExprKind::Index(g, _) | ast::ExprKind::IndexList(g, _) => {
                        super::decls::strip_parens(g)
                    }
                    _ => base,
                };
                let name = match &base.kind {
                    ast::ExprKind::Ident(n) => n.clone(),
                    ast::ExprKind::Selector(_, sel) => sel.name.clone(),
                    _ => {
                        self.err(fd.ty.span.lo, "invalid embedded field type");
                        continue;
                    }
                };
                if t != TypeTable::INVALID {
                    let (inner, is_ptr) = match self.tt().get(t) {
                        Type::Pointer(x) => (*x, true),
                        _ => (t, false),
                    };
                    let u = self.tt().get(self.tt().underlying(inner)).clone();
                    if is_ptr && matches!(u, Type::Pointer(_)) {
                        self.err(fd.ty.span.lo, "embedded field type cannot be a pointer");
                    } else if is_ptr && matches!(u, Type::Interface(_)) {
                        self.err(
                            fd.ty.span.lo,
                            "embedded field type cannot be a pointer to an interface",
                        );
                    }
                }
                if !seen.insert(name.clone()) {
                    self.err(fd.ty.span.lo, format!("{name} redeclared"));
                }
                fields.push(Field {
                    name,
                    ty: t,
                    embedded: true,
                    pkg: pkg.clone(),
                    // An empty tag is no tag (type identity, reflect).
                    tag: fd.tag.clone().filter(|t| !t.is_empty()),
                });
            } else {
                for n in &fd.names {
                    if n.name != "_" && !seen.insert(n.name.clone()) {
                        self.err(n.span.lo, format!("{} redeclared", n.name));
                    }
                    fields.push(Field {
                        name: n.name.clone(),
                        ty: t,
                        embedded: false,
                        pkg: pkg.clone(),
                        tag: fd.tag.clone().filter(|t| !t.is_empty()),
                    });
                }
            }
        }
        self.info.types.intern(Type::Struct(fields))
    }

    fn interface_type(&mut self, elems: &[ast::InterfaceElem]) -> TypeId {
        let mut methods: Vec<IfaceMethod> = Vec::new();
        // Type terms and `comparable` (constraint interfaces only).
        let mut terms: Option<Vec<(bool, TypeId)>> = None;
        let mut comparable = false;
        for el in elems {
            if let ast::InterfaceElem::Embed(e) = el {
                if matches!(e.kind, ast::ExprKind::Tilde(_) | ast::ExprKind::Union(_)) {
                    let ts = self.terms(e);
                    terms = Some(intersect(terms, ts));
                    continue;
                }
            }
            match el {
                ast::InterfaceElem::Method { name, sig } => {
                    let s = self.func_sig(sig, None);
                    if methods.iter().any(|m| m.name == name.name) {
                        self.err(name.span.lo, format!("duplicate method {}", name.name));
                        continue;
                    }
                    let exported = name.name.starts_with(|c: char| c.is_uppercase());
                    methods.push(IfaceMethod {
                        name: name.name.clone(),
                        sig: s,
                        pkg: if exported {
                            String::new()
                        } else {
                            self.pkgs[self.pkg].path.clone()
                        },
                    });
                }
                ast::InterfaceElem::Embed(e) => {
                    self.gen.last_terms = None;
                    let t = self.type_expr(e);
                    let inner = self.gen.last_terms.take();
                    if t == TypeTable::INVALID {
                        continue;
                    }
                    if Some(t) == self.gen.comparable {
                        comparable = true;
                        continue;
                    }
                    if let Some(ts) = self.gen.type_sets.get(&t).cloned().or(inner) {
                        comparable |= ts.comparable;
                        if let Some(x) = ts.terms {
                            terms = Some(intersect(terms, x));
                        }
                    }
                    let u = self.resolve_underlying(t);
                    match self.tt().get(u).clone() {
                        Type::Interface(ms) => {
                            for m in ms {
                                match methods.iter().find(|x| x.name == m.name) {
                                    Some(x) if x.sig != m.sig => {
                                        self.err(e.span.lo, format!("duplicate method {}", m.name));
                                    }
                                    Some(_) => {}
                                    None => methods.push(m),
                                }
                            }
                        }
                        _ if u == TypeTable::INVALID => {}
                        _ => {
                            terms = Some(intersect(terms, vec![(false, t)]));
                        }
                    }
                }
            }
        }
        methods.sort_by(|a, b| a.name.cmp(&b.name));
        self.gen.last_terms = (terms.is_some() || comparable)
            .then_some(super::generic::TermSet { terms, comparable });
        self.info.types.intern(Type::Interface(methods))
    }

    /// Reports named types that contain themselves by value (through
    /// struct fields or array elements).
    pub(crate) fn check_recursive_types(&mut self, first: usize, last: usize) {
        let mut reported: FxSet<TypeId> = FxSet::default();
        for o in first..last {
            let super::decls::ObjKind::Type { ty, spec } = self.objs[o].kind else {
                continue;
            };
            if spec.alias || !self.tt().is_named(ty) || reported.contains(&ty) {
                continue;
            }
            let mut path = Vec::new();
            if let Some(cycle) = self.find_value_cycle(ty, ty, &mut path, &mut FxSet::default(), 0)
            {
                // cycle: named types from ty back to ty.
                for t in &cycle {
                    reported.insert(*t);
                }
                let objs: Vec<usize> = cycle.iter().filter_map(|t| self.type_obj(*t)).collect();
                if objs.is_empty() {
                    continue;
                }
                let first_o = *objs
                    .iter()
                    .min_by_key(|&&x| self.objs[x].pos)
                    .unwrap_or(&objs[0]);
                self.file = self.objs[first_o].file;
                let name = self.objs[first_o].name.clone();
                let pos = self.objs[first_o].pos;
                if objs.len() == 1 {
                    self.err(
                        pos,
                        format!("invalid recursive type: {name} refers to itself"),
                    );
                } else {
                    let k = objs.iter().position(|&x| x == first_o).unwrap_or(0);
                    let mut msg = format!("invalid recursive type {name}");
                    for i in 0..objs.len() {
                        let a = objs[(k + i) % objs.len()];
                        let b = objs[(k + i + 1) % objs.len()];
                        let at = self.pos_string(self.objs[a].pos);
                        msg.push_str(&format!(
                            "\n\t{}: {} refers to {}",
                            at, self.objs[a].name, self.objs[b].name
                        ));
                    }
                    self.err(pos, msg);
                }
                // Break the cycle so later passes terminate.
                for t in cycle {
                    self.info.types.set_underlying(t, TypeTable::INVALID);
                }
            }
        }
    }

    fn find_value_cycle(
        &self,
        target: TypeId,
        t: TypeId,
        path: &mut Vec<TypeId>,
        seen: &mut FxSet<TypeId>,
        depth: u32,
    ) -> Option<Vec<TypeId>> {
        if depth > 100 {
            return None;
        }
        let tt = self.tt();
        match tt.get(t) {
            Type::Named(n) => {
                if !path.is_empty() && t == target {
                    return Some(path.clone());
                }
                if !seen.insert(t) {
                    return None;
                }
                path.push(t);
                let r = self.find_value_cycle(target, n.underlying, path, seen, depth + 1);
                path.pop();
                r
            }
            Type::Array(_, e) => self.find_value_cycle(target, *e, path, seen, depth + 1),
            Type::Struct(fs) => {
                for f in fs {
                    if let Some(c) = self.find_value_cycle(target, f.ty, path, seen, depth + 1) {
                        return Some(c);
                    }
                }
                None
            }
            _ => None,
        }
    }

    pub(crate) fn check_map_keys(&mut self) {
        let keys = std::mem::take(&mut self.delayed_keys);
        let saved = (self.pkg, self.file);
        for (t, p, f, pos) in keys {
            if !self.comparable(t) {
                self.pkg = p;
                self.file = f;
                let ts = self.type_string(t);
                self.err(pos, format!("invalid map key type {ts}"));
            }
        }
        self.pkg = saved.0;
        self.file = saved.1;
    }

    /// Resolves an identifier or qualified identifier that may denote a
    /// type or a value; records uses.
    pub(crate) fn expr_or_type(&mut self, e: &ast::Expr) -> Operand {
        let x = self.raw_expr(e, None);
        if x.mode == OpMode::Type {
            self.record(e, &x);
        }
        x
    }

    pub(crate) fn record_use(&mut self, id: ast::NodeId, obj: Obj) {
        self.info.uses.insert(id, obj);
    }
}

/// The type terms two embedded elements of one interface both allow.
fn intersect(a: Option<Vec<(bool, TypeId)>>, b: Vec<(bool, TypeId)>) -> Vec<(bool, TypeId)> {
    match a {
        None => b,
        Some(a) => a.into_iter().filter(|x| b.contains(x)).collect(),
    }
}
