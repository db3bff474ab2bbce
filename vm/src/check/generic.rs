//! Generics by monomorphization.
//!
//! Owns: type parameter lists, constraints and their type sets, type
//! argument inference, constraint satisfaction (with gc's messages) and
//! instantiation. A generic function or type is never checked or compiled
//! as such: each distinct list of type arguments gets its own copy of the
//! declaration (fresh node ids, see `minigo_parser::renumber_func`), checked
//! with the type parameters bound to the arguments as ordinary types, so the
//! compiler sees an ordinary function or named type (`Pair[string,int]`).
//! Chosen over dictionaries because it keeps the compiler and the VM
//! unchanged and an instance runs exactly as the hand-written function.
//!
//! Invariants:
//! - one FuncId per (generic function, type arguments), one named TypeId
//!   per (generic type, type arguments): instances are cached before their
//!   bodies or underlying types are checked, so recursive uses hit the cache;
//! - instance declarations are leaked (`Box::leak`): they must outlive the
//!   checker because `Info::funcs` refers to them; there is one per
//!   instance, so the leak is bounded by the program's size;
//! - instance bodies are checked from a work list (`drain_instances`),
//!   never in the middle of another body, because body checking owns the
//!   per-function state (`fctx`, `locals`, scopes).
//!
//! What is simplified: a generic body is checked per instance (with
//! concrete types), not once against its constraints, so an operation the
//! constraint does not permit is only reported if an instance's type lacks
//! it, and a generic function that is never instantiated is not checked.

use super::decls::ObjKind;
use super::{Checker, Ent, OpMode, Operand, Scope};
use crate::info::{FuncInfo, Obj, VarId};
use crate::types::{FuncId, MethodDecl, Type, TypeId, TypeTable};
use crate::types::{FxMap, FxSet};
use minigo_parser::ast::{self, ExprKind as K};

/// How deep instantiations may nest (`type T[P any] struct{ x *T[[]P] }`
/// would otherwise expand forever).
const MAX_INST_DEPTH: u32 = 64;

/// How many times one generic object may recur in a chain of instances
/// each created by the body of the one before (`f[int]` checks `f[*int]`,
/// which checks `f[**int]`, ...). `mono.rs` refuses the cycles it can see
/// in explicit type arguments; this catches the rest (inferred ones,
/// `func f[T any](x T) { f(&x) }`). A finite program recurs through one
/// generic a handful of times at most, so the bound is never reached by
/// one that terminates.
const MAX_CHAIN_REPEATS: usize = 32;

/// A constraint's type set: methods (the interface), an optional list of
/// terms (`~int | string`), and whether it requires comparability.
#[derive(Clone, Debug, Default)]
pub(crate) struct TermSet {
    /// `(tilde, type)`; `None`: no type terms (every type).
    pub terms: Option<Vec<(bool, TypeId)>>,
    pub comparable: bool,
}

pub(crate) struct Pending {
    decl: &'static ast::FuncDecl,
    func: FuncId,
    pkg: usize,
    file: usize,
    binds: Vec<(String, TypeId)>,
    /// The generic objects of the instances whose bodies led to this one,
    /// outermost first, this one's last (see [`MAX_CHAIN_REPEATS`]).
    chain: Vec<usize>,
}

#[derive(Default)]
pub(crate) struct GenState<'a> {
    pub ids: ast::NodeIds,
    /// Checking an instance's body: the outermost scope binds the type
    /// parameters (see `Checker::is_tparam_name`).
    pub(crate) in_instance: bool,
    /// While instantiating for a call: which type arguments were inferred
    /// from typed arguments (gc names the call when one lacks a method).
    pub(crate) unified_targs: Vec<bool>,
    pub(crate) func_insts: FxMap<(usize, Vec<TypeId>), FuncId>,
    pub(crate) type_insts: FxMap<(usize, Vec<TypeId>), TypeId>,
    /// Instance named type → (generic type object, type arguments).
    pub(crate) inst_of: FxMap<TypeId, (usize, Vec<TypeId>)>,
    /// Generic type object → its methods `(decl, file)`.
    pub methods: FxMap<usize, Vec<(&'a ast::FuncDecl, usize)>>,
    pub(crate) pending: Vec<Pending>,
    /// Callee nodes already resolved to an instance (inferred calls).
    pub(crate) forced: FxMap<ast::NodeId, FuncId>,
    /// Named constraint interfaces with type terms or `comparable`.
    pub type_sets: FxMap<TypeId, TermSet>,
    /// The terms of the interface type just built (see `interface_type`).
    pub last_terms: Option<TermSet>,
    /// How instance types are spelled in messages (`Pair[string,int]`
    /// without package qualifiers); the Named's own name is the `%T` one.
    pub err_names: FxMap<TypeId, String>,
    pub comparable: Option<TypeId>,
    /// `type_string` qualifies every named type (reflection's spelling).
    pub qualify: std::cell::Cell<bool>,
    /// `type_string` puts blanks inside struct and interface literals'
    /// braces (`struct { a int }`), as gc's back end prints types.
    pub backend_spelling: std::cell::Cell<bool>,
    /// Inside a constraint or a constraint interface's declaration, where
    /// type terms and `comparable` may appear.
    pub constraint_ctx: u32,
    pub(crate) depth: u32,
    /// Generic objects on a reported instantiation cycle: never
    /// instantiated, so checking ends.
    pub(crate) cyclic: FxSet<usize>,
    /// The `Pending::chain` of the instance body being checked.
    pub(crate) chain: Vec<usize>,
    /// The type arguments of the instance body being checked: a type
    /// declared in it is named with them (`box[int]`), as gc does.
    pub(crate) inst_targs: Vec<TypeId>,
}

/// A generic object a callee or type expression names, with the explicit
/// type argument expressions written after it.
pub(crate) struct GenRef<'e> {
    pub obj: usize,
    pub targs: Vec<&'e ast::Expr>,
}

impl<'a> Checker<'a> {
    pub(crate) fn tparams_of(&self, o: usize) -> Option<&'a [ast::TypeParam]> {
        match &self.objs[o].kind {
            ObjKind::Func { decl, .. } if !decl.tparams.is_empty() => Some(&decl.tparams),
            ObjKind::Type { spec, .. } if !spec.tparams.is_empty() => Some(&spec.tparams),
            _ => None,
        }
    }

    /// Whether `n`, where it is used now, names a type parameter of the
    /// instance whose body is being checked.
    fn is_tparam_name(&self, n: &str) -> bool {
        if !self.gen.in_instance {
            return false;
        }
        for (i, s) in self.scopes.iter().enumerate().rev() {
            if s.names.contains_key(n) {
                return i == 0;
            }
        }
        false
    }

    /// Whether type expression (or conversion `T(x)`) `e` mentions a type
    /// parameter. gc checks a generic body once, against its type
    /// parameters: a case or assertion whose type is one is never a
    /// duplicate or impossible, whatever an instance substitutes.
    pub(crate) fn mentions_tparam(&self, e: &ast::Expr) -> bool {
        if !self.gen.in_instance {
            return false;
        }
        let e = super::decls::strip_parens(e);
        if let K::Call { func, args, .. } = &e.kind {
            return self.mentions_tparam(func) || args.iter().any(|a| self.mentions_tparam(a));
        }
        let mut names = Vec::new();
        super::decls::type_names(e, &mut names);
        names.iter().any(|n| self.is_tparam_name(n))
    }

    /// The value of generic function `obj` instantiated with `targs`,
    /// recorded as what `e` names.
    fn func_instance_value(
        &mut self,
        e: &ast::Expr,
        obj: usize,
        targs: Vec<TypeId>,
        poss: &[u32],
    ) -> Operand {
        let Some(f) = self.instantiate_func(obj, targs, poss) else {
            return Operand::invalid();
        };
        self.record_use(e.id, Obj::Func(f));
        let sig = self.info.funcs[f.0 as usize].sig;
        if sig == TypeTable::INVALID {
            return Operand::invalid();
        }
        Operand::value(sig)
    }

    pub(crate) fn is_generic_obj(&self, o: usize) -> bool {
        self.tparams_of(o).is_some()
    }

    /// The generic object `e` names, without recording anything: `F`,
    /// `pkg.F`, `F[A]`, `F[A, B]`.
    pub(crate) fn generic_ref<'e>(&mut self, e: &'e ast::Expr) -> Option<GenRef<'e>> {
        let (base, targs): (&ast::Expr, Vec<&ast::Expr>) = match &e.kind {
            K::Index(x, i) => (x, vec![&**i]),
            K::IndexList(x, is) => (x, is.iter().collect()),
            _ => (e, vec![]),
        };
        let base = super::decls::strip_parens(base);
        let obj = match &base.kind {
            K::Ident(n) => {
                let found = self
                    .scopes
                    .iter()
                    .rev()
                    .find_map(|s| s.names.get(n.as_str()).cloned());
                match found {
                    Some(_) => return None,
                    None => *self.pkgs[self.pkg].scope.get(n.as_str())?,
                }
            }
            K::Selector(x, sel) => {
                let K::Ident(p) = &x.kind else { return None };
                if self.scopes.iter().any(|s| s.names.contains_key(p.as_str()))
                    || self.pkgs[self.pkg].scope.contains_key(p.as_str())
                {
                    return None;
                }
                let imp = self.pkgs[self.pkg].files[self.file]
                    .imports
                    .get_mut(p.as_str())?;
                imp.used = true;
                let pk = imp.pkg;
                *self.pkgs.get(pk)?.scope.get(sel.name.as_str())?
            }
            _ => return None,
        };
        self.is_generic_obj(obj).then_some(GenRef { obj, targs })
    }

    /// `Pair[K comparable, V any]`, as gc names a generic type.
    pub(crate) fn generic_decl_string(&self, o: usize) -> String {
        let mut s = self.objs[o].name.clone();
        if let Some(tps) = self.tparams_of(o) {
            s.push('[');
            let mut i = 0;
            while i < tps.len() {
                let c = super::describe::expr_string(&tps[i].constraint);
                let mut j = i;
                // Names sharing one written constraint print grouped.
                while j + 1 < tps.len()
                    && super::describe::expr_string(&tps[j + 1].constraint) == c
                    && tps[j + 1].constraint.span == tps[i].constraint.span
                {
                    j += 1;
                }
                if i > 0 {
                    s.push_str(", ");
                }
                let names: Vec<&str> = tps[i..=j].iter().map(|t| t.name.name.as_str()).collect();
                s.push_str(&names.join(", "));
                s.push(' ');
                s.push_str(&c);
                i = j + 1;
            }
            s.push(']');
        }
        s
    }

    /// A use of a generic object as a plain operand (no instantiation).
    pub(crate) fn generic_operand(&mut self, o: usize) -> Operand {
        Operand {
            mode: OpMode::Generic(o),
            ty: TypeTable::INVALID,
            val: None,
        }
    }

    /// gc's message for a generic object used without instantiation.
    pub(crate) fn generic_unused_msg(&self, o: usize) -> String {
        match self.objs[o].kind {
            ObjKind::Type { .. } => format!(
                "cannot use generic type {} without instantiation",
                self.generic_decl_string(o)
            ),
            _ => format!(
                "cannot use generic function {} without instantiation",
                self.objs[o].name
            ),
        }
    }

    /// The forced instance of a callee node (set by `generic_call`).
    pub(crate) fn forced_func(&mut self, e: &ast::Expr) -> Option<Operand> {
        let f = *self.gen.forced.get(&e.id)?;
        self.record_use(e.id, Obj::Func(f));
        let sig = self.info.funcs[f.0 as usize].sig;
        if sig == TypeTable::INVALID {
            return Some(Operand::invalid());
        }
        Some(Operand::value(sig))
    }

    /// `F[A]`, `Pair[K, V]` in an expression or type: an instantiation
    /// with every type argument given.
    pub(crate) fn explicit_inst(&mut self, e: &ast::Expr, g: GenRef<'_>) -> Operand {
        let tps = self.tparams_of(g.obj).unwrap_or(&[]);
        let is_type = matches!(self.objs[g.obj].kind, ObjKind::Type { .. });
        let mut targs = Vec::new();
        let mut bad = false;
        for a in &g.targs {
            let t = self.type_expr(a);
            bad |= t == TypeTable::INVALID;
            targs.push(t);
        }
        if g.targs.len() > tps.len() {
            let pos = g.targs[tps.len()].span.lo;
            if is_type {
                let n = self.objs[g.obj].name.clone();
                self.err(
                    e.span.lo,
                    format!(
                        "too many type arguments for type {n}: have {}, want {}",
                        g.targs.len(),
                        tps.len()
                    ),
                );
            } else {
                self.err(
                    pos,
                    format!(
                        "got {} type arguments but want {}",
                        g.targs.len(),
                        tps.len()
                    ),
                );
            }
            return Operand::invalid();
        }
        if bad {
            return Operand::invalid();
        }
        if g.targs.len() < tps.len() {
            if is_type {
                let n = self.objs[g.obj].name.clone();
                self.err(
                    e.span.lo,
                    format!(
                        "not enough type arguments for type {n}: have {}, want {}",
                        g.targs.len(),
                        tps.len()
                    ),
                );
            } else {
                // A bare partial instantiation infers from the constraints
                // alone (`slices.Index[[]int]` gives E = int).
                let names: Vec<String> = tps.iter().map(|t| t.name.name.clone()).collect();
                let mut binds: Vec<Option<TypeId>> = targs.iter().map(|&t| Some(t)).collect();
                binds.resize(tps.len(), None);
                self.infer_from_constraints(g.obj, tps, &names, &mut binds);
                if binds.iter().all(|b| b.is_some()) {
                    let mut poss: Vec<u32> = g.targs.iter().map(|a| a.span.lo).collect();
                    poss.resize(tps.len(), e.span.lo);
                    let targs = binds.into_iter().flatten().collect();
                    return self.func_instance_value(e, g.obj, targs, &poss);
                }
                let i = binds
                    .iter()
                    .position(|b| b.is_none())
                    .unwrap_or(g.targs.len());
                let missing = tps[i].name.name.clone();
                let decl_at = self.tparam_pos(g.obj, i);
                let n = self.objs[g.obj].name.clone();
                self.err(
                    e.span.lo,
                    format!("in call to {n}, cannot infer {missing} (declared at {decl_at})"),
                );
            }
            return Operand::invalid();
        }
        let poss: Vec<u32> = g.targs.iter().map(|a| a.span.lo).collect();
        if is_type {
            match self.instantiate_type(g.obj, targs, &poss) {
                Some(t) => {
                    self.record_use(e.id, Obj::TypeName(t));
                    Operand {
                        mode: OpMode::Type,
                        ty: t,
                        val: None,
                    }
                }
                None => Operand::invalid(),
            }
        } else {
            self.func_instance_value(e, g.obj, targs, &poss)
        }
    }

    pub(super) fn tparam_pos(&mut self, o: usize, i: usize) -> String {
        let pos = self
            .tparams_of(o)
            .and_then(|t| t.get(i))
            .map_or(0, |t| t.name.span.lo);
        let saved = (self.pkg, self.file);
        self.pkg = self.objs[o].pkg;
        self.file = self.objs[o].file;
        let mut s = self.pos_string(pos);
        // gc names a file given relative to the current directory `./x.go`.
        if !s.starts_with('/') && !s.starts_with('.') {
            s.insert_str(0, "./");
        }
        self.pkg = saved.0;
        self.file = saved.1;
        s
    }

    /// A call of a generic function: infers the missing type arguments
    /// from the arguments, instantiates, and checks the call as an
    /// ordinary one.
    pub(crate) fn generic_call(
        &mut self,
        e: &ast::Expr,
        fe: &ast::Expr,
        g: GenRef<'_>,
        args: &[ast::Expr],
        ellipsis: bool,
    ) -> Operand {
        let ObjKind::Func { decl, .. } = self.objs[g.obj].kind else {
            return Operand::invalid();
        };
        let tps = &decl.tparams;
        let names: Vec<String> = tps.iter().map(|t| t.name.name.clone()).collect();
        let mut binds: Vec<Option<TypeId>> = vec![None; tps.len()];
        let mut poss: Vec<u32> = vec![fe.span.lo; tps.len()];
        if g.targs.len() > tps.len() {
            let pos = g.targs[tps.len()].span.lo;
            for a in &g.targs {
                self.type_expr(a);
            }
            self.err(
                pos,
                format!(
                    "got {} type arguments but want {}",
                    g.targs.len(),
                    tps.len()
                ),
            );
            for a in args {
                self.raw_expr(a, None);
            }
            return Operand::invalid();
        }
        for (i, a) in g.targs.iter().enumerate() {
            let t = self.type_expr(a);
            if t == TypeTable::INVALID {
                for a in args {
                    self.raw_expr(a, None);
                }
                return Operand::invalid();
            }
            binds[i] = Some(t);
            poss[i] = a.span.lo;
        }
        let mut unified = Vec::new();
        if binds.iter().any(|b| b.is_none()) {
            // Probe the arguments' types; the real check comes after.
            let saved_errs = self.errors.len();
            let saved_locals = self.locals.len();
            let mut arg_tys = Vec::new();
            for a in args {
                let mut x = self.raw_expr(a, None);
                if matches!(x.mode, OpMode::Generic(_)) && matches!(a.kind, K::Paren(_)) {
                    // `(Double)` takes no inferred type arguments.
                    x = self.single_value(a, x);
                }
                arg_tys.push(if x.is_invalid() || x.mode == OpMode::Type {
                    None
                } else {
                    Some(x.ty)
                });
            }
            // `Must(strconv.Atoi(s))`: a multi-valued call as the only
            // argument gives one argument per result.
            if let [Some(t)] = arg_tys[..] {
                if let Type::Tuple(ts) = self.tt().get(t) {
                    arg_tys = ts.iter().map(|&t| Some(t)).collect();
                }
            }
            let probe_failed = self.errors.len() > saved_errs;
            self.errors.truncate(saved_errs);
            self.locals.truncate(saved_locals);
            if probe_failed {
                // Report the arguments' own errors once, then give up.
                for a in args {
                    let x = self.raw_expr(a, None);
                    if matches!(x.mode, OpMode::Generic(_)) && matches!(a.kind, K::Paren(_)) {
                        self.single_value(a, x);
                    }
                }
                return Operand::invalid();
            }
            let params = &decl.sig.params;
            let param_of = |j: usize| -> Option<(&ast::Expr, bool)> {
                if decl.sig.variadic && j + 1 >= params.len() {
                    let last = params.last()?;
                    Some((&last.ty, !ellipsis))
                } else {
                    params.get(j).map(|p| (&p.ty, false))
                }
            };
            // Typed arguments first, then untyped constants (default types).
            for (j, t) in arg_tys.iter().enumerate() {
                let (Some(t), Some((pt, _elem))) = (*t, param_of(j)) else {
                    continue;
                };
                if self.is_untyped(t) {
                    continue;
                }
                let pt_owned;
                let pt = if decl.sig.variadic && ellipsis && j + 1 == params.len() {
                    pt_owned = ast::Expr {
                        id: 0,
                        span: pt.span,
                        kind: K::SliceType(Box::new(pt.clone())),
                    };
                    &pt_owned
                } else {
                    pt
                };
                let home = self.enter_home(g.obj);
                self.unify(pt, t, &names, &mut binds, 0);
                self.leave_home(home);
            }
            unified = binds
                .iter()
                .enumerate()
                .map(|(i, b)| i >= g.targs.len() && b.is_some())
                .collect();
            // gc reports a failed constraint of an inferred argument at
            // the call's parenthesis.
            for p in poss.iter_mut().skip(g.targs.len()) {
                *p = fe.span.hi;
            }
            // Constraint type inference comes before untyped constants
            // take their default types (Go 1.21): `f[T byte](t T)` called
            // as `f(0)` is `f[byte]`, not `f[int]`.
            self.infer_from_constraints(g.obj, tps, &names, &mut binds);
            let mut untyped: Vec<(usize, TypeId, u32)> = Vec::new();
            for (j, t) in arg_tys.iter().enumerate() {
                let (Some(t), Some((pt, _))) = (*t, param_of(j)) else {
                    continue;
                };
                if !self.is_untyped(t) || t == TypeTable::UNTYPED_NIL {
                    continue;
                }
                if let K::Ident(n) = &super::decls::strip_parens(pt).kind {
                    if let Some(i) = names.iter().position(|x| x == n) {
                        if binds[i].is_none() {
                            untyped.push((i, t, args[j].span.lo));
                        }
                    }
                }
            }
            // Untyped arguments for one parameter must agree in kind:
            // numeric ones combine, anything else must be the same.
            for (k, &(i, t, pos)) in untyped.iter().enumerate() {
                let numeric = |t: TypeId| {
                    matches!(
                        t,
                        TypeTable::UNTYPED_INT
                            | TypeTable::UNTYPED_RUNE
                            | TypeTable::UNTYPED_FLOAT
                            | TypeTable::UNTYPED_COMPLEX
                    )
                };
                let clash = untyped[..k]
                    .iter()
                    .find(|u| u.0 == i && u.1 != t && !(numeric(u.1) && numeric(t)));
                if let Some(&(_, first, _)) = clash {
                    let n = self.objs[g.obj].name.clone();
                    let (a, b) = (self.type_string(first), self.type_string(t));
                    self.err(
                        pos,
                        format!(
                            "in call to {n}, mismatched types {a} and {b} (cannot infer {})",
                            names[i]
                        ),
                    );
                    return Operand::invalid();
                }
            }
            for (i, t, _pos) in untyped.clone() {
                // The "largest" untyped kind wins (int < rune < float <
                // complex).
                let rank = |t: TypeId| match t {
                    TypeTable::UNTYPED_INT => 1,
                    TypeTable::UNTYPED_RUNE => 2,
                    TypeTable::UNTYPED_FLOAT => 3,
                    TypeTable::UNTYPED_COMPLEX => 4,
                    _ => 0,
                };
                let best = untyped
                    .iter()
                    .filter(|u| u.0 == i)
                    .max_by_key(|u| rank(u.1))
                    .map_or(t, |u| u.1);
                if binds[i].is_none() {
                    binds[i] = Some(self.default_type(best));
                }
            }
            self.infer_from_constraints(g.obj, tps, &names, &mut binds);
            // Go 1.21: generic functions as arguments (`Map(xs, Double)`).
            if binds.iter().any(|b| b.is_none()) {
                let param_ty = |j: usize| param_of(j).map(|(t, _)| t);
                self.bind_from_generic_args(g.obj, &param_ty, args, &names, &mut binds);
            }
            if let Some(i) = binds.iter().position(|b| b.is_none()) {
                let at = self.tparam_pos(g.obj, i);
                let n = self.objs[g.obj].name.clone();
                self.err(
                    fe.span.hi,
                    format!(
                        "in call to {n}, cannot infer {} (declared at {at})",
                        names[i]
                    ),
                );
                return Operand::invalid();
            }
        }
        let targs: Vec<TypeId> = binds.into_iter().flatten().collect();
        let saved = std::mem::replace(&mut self.gen.unified_targs, unified);
        let f = self.instantiate_func(g.obj, targs, &poss);
        self.gen.unified_targs = saved;
        let Some(f) = f else {
            for a in args {
                self.raw_expr(a, None);
            }
            return Operand::invalid();
        };
        self.gen.forced.insert(fe.id, f);
        self.call(e, fe, args, ellipsis)
    }

    /// Type arguments from constraints with a core type, both ways: `S
    /// ~[]E` with `S` known gives `E`; `PT interface{ *T }` with `T`
    /// known gives `PT`.
    pub(super) fn infer_from_constraints(
        &mut self,
        o: usize,
        tps: &[ast::TypeParam],
        names: &[String],
        binds: &mut [Option<TypeId>],
    ) {
        // Core types: `S ~[]E` with S known gives E.
        for _ in 0..2 {
            for (i, tp) in tps.iter().enumerate() {
                let Some(b) = binds[i] else { continue };
                let c = super::decls::strip_parens(&tp.constraint);
                let term = match &c.kind {
                    K::Tilde(x) => Some((&**x, true)),
                    K::InterfaceType(elems) => iface_core_term(elems),
                    K::Union(_)
                    | K::Ident(_)
                    | K::Selector(..)
                    | K::Index(..)
                    | K::IndexList(..) => None,
                    _ => Some((c, false)),
                };
                let home = self.enter_home(o);
                if let Some((x, tilde)) = term {
                    let bt = if tilde { self.tt().underlying(b) } else { b };
                    self.unify(x, bt, names, binds, 0);
                } else {
                    self.unify_named_constraint(c, b, names, binds);
                }
                self.leave_home(home);
            }
        }
        // The other direction: a parameter whose constraint has a
        // core type (`PT interface{ *T }`) is that type, once the
        // parameters it mentions are known.
        for _ in 0..2 {
            for (i, tp) in tps.iter().enumerate() {
                if binds[i].is_some() {
                    continue;
                }
                if let Some(t) = self.core_type_of(o, tps, binds, &tp.constraint) {
                    binds[i] = Some(t);
                }
            }
        }
    }

    /// Resolves names as the declaration of object `o` sees them: its
    /// package and file, without the current function's local scopes.
    /// Returns what `leave_home` restores.
    pub(super) fn enter_home(&mut self, o: usize) -> (usize, usize, Vec<Scope>) {
        let saved = (self.pkg, self.file, std::mem::take(&mut self.scopes));
        self.pkg = self.objs[o].pkg;
        self.file = self.objs[o].file;
        saved
    }

    pub(super) fn leave_home(&mut self, (pkg, file, scopes): (usize, usize, Vec<Scope>)) {
        self.pkg = pkg;
        self.file = file;
        self.scopes = scopes;
    }

    /// Core type inference through a generic constraint declared as a
    /// type, `S _SliceOf[E]` with `type _SliceOf[E any] interface{ ~[]E }`:
    /// the declaration's single term is unified with the argument `b`,
    /// binding its own parameters, and then the constraint's arguments
    /// (`E`) with what those bound (as the inexact case of `unify`).
    fn unify_named_constraint(
        &mut self,
        c: &ast::Expr,
        b: TypeId,
        names: &[String],
        binds: &mut [Option<TypeId>],
    ) {
        let Some(g) = self.generic_ref(c) else { return };
        let ObjKind::Type { spec, .. } = self.objs[g.obj].kind else {
            return;
        };
        let K::InterfaceType(elems) = &super::decls::strip_parens(&spec.ty).kind else {
            // A non-interface type as a constraint (`S List[E]`, shorthand
            // for `interface{ List[E] }`) is that very type.
            self.unify(c, b, names, binds, 0);
            return;
        };
        let Some((x, tilde)) = iface_core_term(elems) else {
            return;
        };
        let bt = if tilde { self.tt().underlying(b) } else { b };
        self.unify_via_decl(g.obj, x, bt, &g.targs, names, binds, 1);
    }

    /// Unifies `x`, a type expression in generic type `o`'s declaration,
    /// with `a`, binding `o`'s own type parameters; then `o`'s arguments
    /// `targs` (expressions in the caller's terms) with what those bound.
    #[allow(clippy::too_many_arguments)]
    fn unify_via_decl(
        &mut self,
        o: usize,
        x: &ast::Expr,
        a: TypeId,
        targs: &[&ast::Expr],
        names: &[String],
        binds: &mut [Option<TypeId>],
        d: u32,
    ) {
        let inner: Vec<String> = self
            .tparams_of(o)
            .unwrap_or_default()
            .iter()
            .map(|t| t.name.name.clone())
            .collect();
        let mut inner_binds = vec![None; inner.len()];
        let home = self.enter_home(o);
        self.unify(x, a, &inner, &mut inner_binds, d);
        self.leave_home(home);
        for (x, t) in targs.iter().zip(inner_binds) {
            if let Some(t) = t {
                self.unify(x, t, names, binds, d);
            }
        }
    }

    /// A defined (named) type, as opposed to a type literal.
    fn is_named(&self, t: TypeId) -> bool {
        matches!(self.tt().get(t), Type::Named(_))
    }

    /// Binds type parameters in `p` (a parameter's type expression) by
    /// matching it against argument type `a`.
    pub(super) fn unify(
        &mut self,
        p: &ast::Expr,
        a: TypeId,
        names: &[String],
        binds: &mut [Option<TypeId>],
        depth: u32,
    ) {
        if depth > 30 || a == TypeTable::INVALID {
            return;
        }
        let d = depth + 1;
        let under = self.tt().under(a).clone();
        match &p.kind {
            K::Ident(n) => {
                if let Some(i) = names.iter().position(|x| x == n) {
                    if binds[i].is_none() {
                        binds[i] = Some(a);
                    }
                }
            }
            K::Paren(x) => self.unify(x, a, names, binds, d),
            K::Star(x) => {
                if let Type::Pointer(e) = under {
                    self.unify(x, e, names, binds, d);
                }
            }
            K::SliceType(x) => {
                if let Type::Slice(e) = under {
                    self.unify(x, e, names, binds, d);
                }
            }
            K::ArrayType { elem, .. } => {
                if let Type::Array(_, e) = under {
                    self.unify(elem, e, names, binds, d);
                }
            }
            K::MapType(k, v) => {
                if let Type::Map(kt, vt) = under {
                    self.unify(k, kt, names, binds, d);
                    self.unify(v, vt, names, binds, d);
                }
            }
            K::ChanType(_, x) => {
                if let Type::Chan(_, e) = under {
                    self.unify(x, e, names, binds, d);
                }
            }
            K::StructType(fields) => {
                // Field by field, in order (`~struct{ Value_ T }`); each
                // declaration may name several fields of one type.
                if let Type::Struct(fs) = under {
                    let decl_tys = fields
                        .iter()
                        .flat_map(|f| std::iter::repeat_n(&f.ty, f.names.len().max(1)));
                    for (x, f) in decl_tys.zip(&fs) {
                        self.unify(x, f.ty, names, binds, d);
                    }
                }
            }
            K::FuncType(ft) => {
                if let Type::Func(sig) = under {
                    for (pp, &t) in ft.params.iter().zip(&sig.params) {
                        self.unify(&pp.ty, t, names, binds, d);
                    }
                    for (pp, &t) in ft.results.iter().zip(&sig.results) {
                        self.unify(&pp.ty, t, names, binds, d);
                    }
                }
            }
            K::Index(..) | K::IndexList(..) => {
                let Some(g) = self.generic_ref(p) else { return };
                match self.gen.inst_of.get(&a).cloned() {
                    Some((obj, targs)) if obj == g.obj => {
                        for (x, t) in g.targs.iter().zip(targs) {
                            self.unify(x, t, names, binds, d);
                        }
                    }
                    // Inexact: `Seq[V]` against `func(func(int) bool)`
                    // unifies the generic type's definition with the
                    // argument's type, then its arguments with what that
                    // bound.
                    _ if !self.is_named(a) => {
                        let ObjKind::Type { spec, .. } = self.objs[g.obj].kind else {
                            return;
                        };
                        self.unify_via_decl(g.obj, &spec.ty, a, &g.targs, names, binds, d);
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }

    /// The single type in constraint `c` of generic object `o`'s type
    /// parameters `tps`, evaluated with the parameters bound so far (an
    /// unbound one makes the answer `None`), without reporting anything.
    fn core_type_of(
        &mut self,
        o: usize,
        tps: &[ast::TypeParam],
        binds: &[Option<TypeId>],
        c: &ast::Expr,
    ) -> Option<TypeId> {
        let mut scope = Scope {
            names: FxMap::default(),
        };
        for (tp, b) in tps.iter().zip(binds) {
            let t = b.unwrap_or(TypeTable::INVALID);
            scope.names.insert(tp.name.name.clone(), Ent::Type(t));
        }
        let saved_errs = self.errors.len();
        let saved = self.enter_decl(o, &scope);
        let (_, ts, _) = self.constraint(c);
        self.leave_decl(saved);
        let failed = self.errors.len() > saved_errs;
        self.errors.truncate(saved_errs);
        match ts.terms.as_deref() {
            Some(&[(false, t)]) if !failed && t != TypeTable::INVALID => Some(t),
            _ => None,
        }
    }

    /// Checks `targs` against the constraints of generic object `o`
    /// (in a scope where the parameters are bound). `None` on an error.
    fn bind_and_verify(&mut self, o: usize, targs: &[TypeId], poss: &[u32]) -> Option<Scope> {
        let tps = self.tparams_of(o)?;
        let mut scope = Scope {
            names: FxMap::default(),
        };
        for (tp, &t) in tps.iter().zip(targs) {
            scope.names.insert(tp.name.name.clone(), Ent::Type(t));
        }
        let caller_pkg = self.pkg;
        let saved = self.enter_decl(o, &scope);
        let mut cons = Vec::new();
        for tp in tps.iter() {
            let (iface, ts, mut cname) = self.constraint(&tp.constraint);
            // Named from the caller's package: `cmp.Ordered`.
            if let K::Ident(n) = &tp.constraint.kind {
                if self.pkg != caller_pkg && self.pkgs[self.pkg].scope.contains_key(n.as_str()) {
                    let path = &self.pkgs[self.pkg].path;
                    cname = format!("{}.{n}", path.rsplit('/').next().unwrap_or(path));
                }
            }
            cons.push((iface, ts, cname));
        }
        self.leave_decl(saved);
        let mut failures = Vec::new();
        for (i, ((iface, ts, cname), &t)) in cons.into_iter().zip(targs).enumerate() {
            if let Some(mut msg) = self.satisfies(t, iface, &ts, &cname) {
                // An inferred argument lacking a method: gc names the call
                // and the parameter.
                let unified = self.gen.unified_targs.get(i).copied().unwrap_or(false);
                if unified && msg.contains("(missing method ") {
                    let tstr = self.type_string(t);
                    if let Some(rest) = msg.strip_prefix(&tstr) {
                        msg = format!(
                            "in call to {}, {} (type {tstr}){rest}",
                            self.objs[o].name, tps[i].name.name
                        );
                    }
                }
                failures.push((poss.get(i).copied().unwrap_or(0), msg));
            }
        }
        for (pos, msg) in failures.iter() {
            self.err(*pos, msg.clone());
        }
        failures.is_empty().then_some(scope)
    }

    /// Switches to the declaring package/file of object `o` with `scope`
    /// as the only local scope.
    pub(super) fn enter_decl(&mut self, o: usize, scope: &Scope) -> super::SavedCtx {
        let saved = self.save_ctx();
        self.pkg = self.objs[o].pkg;
        self.file = self.objs[o].file;
        self.scopes.push(Scope {
            names: scope.names.clone(),
        });
        saved
    }

    /// Takes the context of the declaration being checked (see
    /// [`Self::leave_decl`]).
    fn save_ctx(&mut self) -> super::SavedCtx {
        super::SavedCtx {
            pkg: self.pkg,
            file: self.file,
            scopes: std::mem::take(&mut self.scopes),
            fctx: self.fctx.take(),
            deps: self.deps.take(),
            iota: self.iota.take(),
        }
    }

    pub(super) fn leave_decl(&mut self, s: super::SavedCtx) {
        self.pkg = s.pkg;
        self.file = s.file;
        self.scopes = s.scopes;
        self.fctx = s.fctx;
        self.deps = s.deps;
        self.iota = s.iota;
    }

    /// A constraint expression: its interface (methods), its type set,
    /// and how gc names it in messages.
    pub(crate) fn constraint(&mut self, c: &ast::Expr) -> (TypeId, TermSet, String) {
        self.gen.constraint_ctx += 1;
        let r = self.constraint_inner(c);
        self.gen.constraint_ctx -= 1;
        r
    }

    fn constraint_inner(&mut self, c: &ast::Expr) -> (TypeId, TermSet, String) {
        let name = super::describe::expr_string(c);
        match &super::decls::strip_parens(c).kind {
            K::Tilde(_) | K::Union(_) => {
                let terms = self.terms(c);
                (
                    TypeTable::EMPTY_IFACE,
                    TermSet {
                        terms: Some(terms),
                        comparable: false,
                    },
                    name,
                )
            }
            _ => {
                self.gen.last_terms = None;
                let t = self.type_expr(c);
                let built = self.gen.last_terms.take();
                if t == TypeTable::INVALID {
                    return (TypeTable::EMPTY_IFACE, TermSet::default(), name);
                }
                if Some(t) == self.gen.comparable {
                    return (
                        TypeTable::EMPTY_IFACE,
                        TermSet {
                            terms: None,
                            comparable: true,
                        },
                        name,
                    );
                }
                let ts = self.gen.type_sets.get(&t).cloned().or(built);
                if self.tt().is_interface(t) {
                    (t, ts.unwrap_or_default(), name)
                } else {
                    (
                        TypeTable::EMPTY_IFACE,
                        TermSet {
                            terms: Some(vec![(false, t)]),
                            comparable: false,
                        },
                        name,
                    )
                }
            }
        }
    }

    /// The type set of interface `t` when it is a constraint declared as
    /// a type (`comparable` among them), `None` for any other type.
    pub(crate) fn named_type_set(&self, t: TypeId) -> Option<TermSet> {
        if Some(t) == self.gen.comparable {
            return Some(TermSet {
                terms: None,
                comparable: true,
            });
        }
        self.gen
            .type_sets
            .get(&t)
            .filter(|_| self.tt().is_interface(t))
            .cloned()
    }

    /// gc's error for a constraint interface used as an ordinary type.
    pub(crate) fn check_not_constraint(&mut self, e: &ast::Expr, t: TypeId, literal: bool) {
        if self.gen.constraint_ctx > 0 {
            return;
        }
        let (is_terms, is_cmp) = if literal {
            match &self.gen.last_terms {
                Some(ts) => (ts.terms.is_some(), ts.comparable),
                None => (false, false),
            }
        } else {
            self.named_type_set(t)
                .map_or((false, false), |ts| (ts.terms.is_some(), ts.comparable))
        };
        if !is_terms && !is_cmp {
            return;
        }
        let s = super::describe::expr_string(e);
        let why = if is_terms {
            "interface contains type constraints"
        } else {
            "interface is (or embeds) comparable"
        };
        self.err(
            e.span.lo,
            format!("cannot use type {s} outside a type constraint: {why}"),
        );
    }

    /// The terms of `~A | B | ...`.
    pub(crate) fn terms(&mut self, c: &ast::Expr) -> Vec<(bool, TypeId)> {
        let mut out = Vec::new();
        let items: Vec<&ast::Expr> = match &c.kind {
            K::Union(ts) => ts.iter().collect(),
            _ => vec![c],
        };
        for it in items {
            match &it.kind {
                K::Tilde(x) => {
                    let t = self.type_expr(x);
                    if t != TypeTable::INVALID {
                        if self.tt().underlying(t) != t {
                            let ts = self.type_string(t);
                            self.err(
                                it.span.lo,
                                format!(
                                    "invalid use of ~ ({ts} is not the underlying type of {ts})"
                                )
                                .replacen(
                                    &format!("({ts} is not the underlying type of {ts})"),
                                    &format!(
                                        "(underlying type of {ts} is {})",
                                        self.type_string(self.tt().underlying(t))
                                    ),
                                    1,
                                ),
                            );
                        }
                        out.push((true, t));
                    }
                }
                _ => {
                    let t = self.type_expr(it);
                    if t == TypeTable::INVALID {
                        continue;
                    }
                    // An interface with a type set as a term stands for
                    // its terms: `OrderedNumeric | Complex` (declared
                    // later in the file, maybe: resolved here).
                    if self.tt().underlying(t) == TypeTable::INVALID {
                        if let Some(o) = self.type_obj(t) {
                            self.obj_decl(o);
                        }
                    }
                    match self.gen.type_sets.get(&t) {
                        Some(TermSet {
                            terms: Some(ts), ..
                        }) if self.tt().is_interface(t) => out.extend(ts.iter().copied()),
                        _ => out.push((false, t)),
                    }
                }
            }
        }
        out
    }

    fn term_string(&self, ts: &[(bool, TypeId)]) -> String {
        ts.iter()
            .map(|(tilde, t)| format!("{}{}", if *tilde { "~" } else { "" }, self.type_string(*t)))
            .collect::<Vec<_>>()
            .join(" | ")
    }

    /// Why `t` does not satisfy the constraint (None: it does).
    fn satisfies(&mut self, t: TypeId, iface: TypeId, ts: &TermSet, cname: &str) -> Option<String> {
        let tstr = self.type_string(t);
        if let Some(terms) = &ts.terms {
            let ok = terms.iter().any(|&(tilde, term)| {
                if tilde {
                    self.tt().underlying(t) == self.tt().underlying(term)
                } else {
                    t == term
                }
            });
            if !ok {
                if terms.is_empty() {
                    return Some(format!("cannot satisfy {cname} (empty type set)"));
                }
                let list = self.term_string(terms);
                return Some(format!(
                    "{tstr} does not satisfy {cname} ({tstr} missing in {list})"
                ));
            }
        }
        if ts.comparable && !self.comparable(t) {
            return Some(format!("{tstr} does not satisfy {cname}"));
        }
        if iface != TypeTable::EMPTY_IFACE {
            if let Some(m) = self.missing_method(t, iface) {
                return Some(m.replacen("does not implement", "does not satisfy", 1));
            }
        }
        None
    }

    /// The `%T` name of a type declared as `name` in the instance body
    /// being checked (`box[int]`, `node[string,main.P]`); `None` outside
    /// instances (messages keep the bare name, as gc's do).
    pub(crate) fn local_type_name(&self, name: &str) -> Option<String> {
        if !self.gen.in_instance || self.gen.inst_targs.is_empty() {
            return None;
        }
        let rts: Vec<String> = self
            .gen
            .inst_targs
            .iter()
            .map(|&t| self.qualified_type_string(t))
            .collect();
        Some(format!("{name}[{}]", rts.join(",")))
    }

    /// The message name and `%T` name of an instance: `Pair[string,int]`
    /// and `Pair[string,main.Point]`.
    fn inst_names(&self, o: usize, targs: &[TypeId]) -> (String, String) {
        let base = self.objs[o].name.clone();
        let errs: Vec<String> = targs.iter().map(|&t| self.type_string(t)).collect();
        let rts: Vec<String> = targs
            .iter()
            .map(|&t| self.qualified_type_string(t))
            .collect();
        (
            format!("{base}[{}]", errs.join(",")),
            format!("{base}[{}]", rts.join(",")),
        )
    }

    /// A type as reflection prints it: every named type with its package.
    fn qualified_type_string(&self, t: TypeId) -> String {
        self.gen.qualify.set(true);
        let s = self.type_string(t);
        self.gen.qualify.set(false);
        s
    }

    /// The instance of generic type `o` for `targs`, created on first use.
    pub(crate) fn instantiate_type(
        &mut self,
        o: usize,
        targs: Vec<TypeId>,
        poss: &[u32],
    ) -> Option<TypeId> {
        if let Some(&t) = self.gen.type_insts.get(&(o, targs.clone())) {
            return Some(t);
        }
        if self.gen.cyclic.contains(&o) {
            return None;
        }
        if self.gen.depth > MAX_INST_DEPTH || self.chain_repeats(o) {
            self.report_growing_instances(o);
            return None;
        }
        let scope = self.bind_and_verify(o, &targs, poss)?;
        let ObjKind::Type { spec, .. } = self.objs[o].kind else {
            return None;
        };
        if spec.alias {
            // A generic alias (Go 1.24) denotes its right-hand side with
            // the arguments substituted: no new type, no methods.
            self.gen.depth += 1;
            let saved = self.enter_decl(o, &scope);
            let ty = minigo_parser::renumber_type(&spec.ty, &mut self.gen.ids);
            let ty: &'static ast::Expr = Box::leak(Box::new(ty));
            let t = self.type_expr(ty);
            self.leave_decl(saved);
            self.gen.depth -= 1;
            self.gen.type_insts.insert((o, targs), t);
            return Some(t);
        }
        let (ename, rname) = self.inst_names(o, &targs);
        let path = self.pkgs[self.objs[o].pkg].path.clone();
        let named = self.info.types.new_named(&rname, &path, TypeTable::INVALID);
        self.gen.err_names.insert(named, ename);
        self.gen.type_insts.insert((o, targs.clone()), named);
        self.gen.inst_of.insert(named, (o, targs.clone()));
        self.gen.depth += 1;
        let saved = self.enter_decl(o, &scope);
        let ty = minigo_parser::renumber_type(&spec.ty, &mut self.gen.ids);
        let ty: &'static ast::Expr = Box::leak(Box::new(ty));
        self.gen.last_terms = None;
        let u = self.type_expr(ty);
        if let Some(ts) = self.gen.last_terms.take() {
            self.gen.type_sets.insert(named, ts);
        }
        let u = self.resolve_underlying(u);
        self.info.types.set_underlying(named, u);
        self.leave_decl(saved);
        // Methods: each becomes an ordinary method of the instance.
        let methods = self.gen.methods.get(&o).cloned().unwrap_or_default();
        for (md, file) in methods {
            self.instantiate_method(o, named, md, file, &targs);
        }
        self.gen.depth -= 1;
        Some(named)
    }

    /// Whether another instance of `o` would recur too often in the
    /// chain of instance bodies (see [`MAX_CHAIN_REPEATS`]).
    fn chain_repeats(&self, o: usize) -> bool {
        self.gen.chain.iter().filter(|&&x| x == o).count() >= MAX_CHAIN_REPEATS
    }

    /// An instantiation cycle found while instantiating, where `mono.rs`
    /// saw none: gc reports it at the type parameter that keeps growing.
    fn report_growing_instances(&mut self, o: usize) {
        self.gen.cyclic.insert(o);
        let pos = self
            .tparams_of(o)
            .and_then(|t| t.first())
            .map_or(0, |t| t.name.span.lo);
        let saved = (self.pkg, self.file);
        self.pkg = self.objs[o].pkg;
        self.file = self.objs[o].file;
        self.err(pos, "instantiation cycle:");
        self.pkg = saved.0;
        self.file = saved.1;
    }

    /// The chain of a new instance of `o` created now.
    fn chain_with(&self, o: usize) -> Vec<usize> {
        let mut c = self.gen.chain.clone();
        c.push(o);
        c
    }

    pub(crate) fn instantiate_method(
        &mut self,
        o: usize,
        named: TypeId,
        md: &ast::FuncDecl,
        file: usize,
        targs: &[TypeId],
    ) {
        let Some(recv) = &md.recv else { return };
        let (base, ptr) = match &super::decls::strip_parens(&recv.ty).kind {
            K::Star(inner) => (super::decls::strip_parens(inner), true),
            _ => (super::decls::strip_parens(&recv.ty), false),
        };
        let rnames: Vec<&ast::Expr> = match &base.kind {
            K::Index(_, i) => vec![&**i],
            K::IndexList(_, is) => is.iter().collect(),
            _ => vec![],
        };
        let mut scope = Scope {
            names: FxMap::default(),
        };
        for (n, &t) in rnames.iter().zip(targs) {
            if let K::Ident(n) = &n.kind {
                if n != "_" {
                    scope.names.insert(n.clone(), Ent::Type(t));
                }
            }
        }
        let clone = minigo_parser::renumber_func(md, &mut self.gen.ids);
        let clone: &'static ast::FuncDecl = Box::leak(Box::new(clone));
        let saved = self.enter_decl(o, &scope);
        self.file = file;
        let msig = self.func_sig(&clone.sig, None);
        self.leave_decl(saved);
        let recv_ty = if ptr {
            self.info.types.pointer(named)
        } else {
            named
        };
        let full = match self.tt().signature(msig).cloned() {
            Some(mut s) => {
                s.params.insert(0, recv_ty);
                self.info.types.intern(Type::Func(s))
            }
            None => TypeTable::INVALID,
        };
        let func = FuncId(self.info.funcs.len() as u32);
        let pkg = self.objs[o].pkg;
        self.info.funcs.push(FuncInfo {
            name: md.name.name.clone(),
            pkg: self.pkgs[pkg].path.clone(),
            recv_named: Some(named),
            sig: full,
            decl: crate::info::DeclRef { pkg, file, decl: 0 },
            native: false,
            instance: Some(clone),
            generic: false,
            unchecked: false,
        });
        if md.name.name != "_"
            && !self
                .tt()
                .named_methods(named)
                .iter()
                .any(|m| m.name == md.name.name)
        {
            self.info.types.add_method(
                named,
                MethodDecl {
                    name: md.name.name.clone(),
                    func,
                    ptr_recv: ptr,
                    sig: msig,
                },
            );
        }
        self.gen.pending.push(Pending {
            decl: clone,
            func,
            pkg,
            file,
            binds: scope
                .names
                .into_iter()
                .filter_map(|(k, v)| match v {
                    Ent::Type(t) => Some((k, t)),
                    _ => None,
                })
                .collect(),
            chain: self.chain_with(o),
        });
    }

    /// The instance of generic function `o` for `targs`.
    pub(crate) fn instantiate_func(
        &mut self,
        o: usize,
        targs: Vec<TypeId>,
        poss: &[u32],
    ) -> Option<FuncId> {
        if let Some(&f) = self.gen.func_insts.get(&(o, targs.clone())) {
            return Some(f);
        }
        if self.gen.cyclic.contains(&o) {
            return None;
        }
        if self.chain_repeats(o) {
            self.report_growing_instances(o);
            return None;
        }
        let scope = self.bind_and_verify(o, &targs, poss)?;
        let ObjKind::Func {
            decl,
            func: generic,
        } = self.objs[o].kind
        else {
            return None;
        };
        let clone = minigo_parser::renumber_func(decl, &mut self.gen.ids);
        let clone: &'static ast::FuncDecl = Box::leak(Box::new(clone));
        let (_, rname) = self.inst_names(o, &targs);
        let func = FuncId(self.info.funcs.len() as u32);
        let gi = self.info.funcs[generic.0 as usize].clone();
        self.info.funcs.push(FuncInfo {
            name: rname.replacen(&self.objs[o].name, &decl.name.name, 1),
            pkg: gi.pkg,
            recv_named: None,
            sig: TypeTable::INVALID,
            decl: gi.decl,
            native: false,
            instance: Some(clone),
            generic: false,
            unchecked: false,
        });
        self.gen.func_insts.insert((o, targs.clone()), func);
        let saved = self.enter_decl(o, &scope);
        let sig = self.func_sig(&clone.sig, None);
        self.leave_decl(saved);
        self.info.funcs[func.0 as usize].sig = sig;
        self.gen.pending.push(Pending {
            decl: clone,
            func,
            pkg: self.objs[o].pkg,
            file: self.objs[o].file,
            binds: clone
                .tparams
                .iter()
                .zip(&targs)
                .map(|(tp, &t)| (tp.name.name.clone(), t))
                .collect(),
            chain: self.chain_with(o),
        });
        Some(func)
    }

    /// Checks the bodies of instances created so far (and of those they
    /// create in turn).
    pub(crate) fn drain_instances(&mut self) {
        let mut seen: FxSet<FuncId> = FxSet::default();
        while let Some(p) = self.gen.pending.pop() {
            if !seen.insert(p.func) {
                continue;
            }
            let saved = self.check_elsewhere(p.pkg, p.file);
            let mut names = FxMap::default();
            let targs: Vec<TypeId> = p.binds.iter().map(|b| b.1).collect();
            for (n, t) in p.binds {
                names.insert(n, Ent::Type(t));
            }
            self.scopes.push(Scope { names });
            let outer_chain = std::mem::replace(&mut self.gen.chain, p.chain);
            let outer_inst = std::mem::replace(&mut self.gen.in_instance, true);
            let outer_targs = std::mem::replace(&mut self.gen.inst_targs, targs);
            self.check_func_body(p.decl, p.func);
            self.gen.inst_targs = outer_targs;
            self.gen.in_instance = outer_inst;
            self.gen.chain = outer_chain;
            self.check_back(saved);
        }
    }

    /// Saves the context of what is being checked and switches to
    /// `pkg`/`file` with no local scope, to check a body out of order (an
    /// instance's, a deferred standard-library one); [`Self::check_back`]
    /// restores it.
    pub(super) fn check_elsewhere(
        &mut self,
        pkg: usize,
        file: usize,
    ) -> (super::SavedCtx, Vec<VarId>) {
        let saved = self.save_ctx();
        let locals = std::mem::take(&mut self.locals);
        self.pkg = pkg;
        self.file = file;
        (saved, locals)
    }

    pub(super) fn check_back(&mut self, (saved, locals): (super::SavedCtx, Vec<VarId>)) {
        self.locals = locals;
        self.leave_decl(saved);
    }
}

/// The single type term of an interface constraint written as a literal
/// (`interface{ ~map[K]V }`, methods beside it allowed), and whether it
/// has a tilde: what core type inference unifies with. None for unions,
/// several terms, or only embedded names (which may be interfaces).
fn iface_core_term(elems: &[ast::InterfaceElem]) -> Option<(&ast::Expr, bool)> {
    let mut term = None;
    for el in elems {
        let ast::InterfaceElem::Embed(x) = el else {
            continue;
        };
        let x = super::decls::strip_parens(x);
        let t = match &x.kind {
            K::Tilde(inner) => (&**inner, true),
            K::Union(_) => return None,
            K::Ident(_) | K::Selector(..) | K::Index(..) | K::IndexList(..) => continue,
            _ => (x, false),
        };
        if term.replace(t).is_some() {
            return None;
        }
    }
    term
}
