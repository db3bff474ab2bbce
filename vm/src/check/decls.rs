//! Package-level declarations.
//!
//! Owns: collecting every package-level name first (so declarations may
//! appear in any order), resolving each lazily on first use with Go's
//! white/grey/black cycle detection, attaching methods to their receiver
//! types, checking function bodies, the `main`/`init` rules, unused
//! imports and the variable initialization order.
//!
//! Invariant: every package-level object is resolved exactly once
//! (`state == Done` afterwards), even when the program has errors.

use super::{Checker, Ent, FuncCtx, Operand};
use crate::info::{ConstValue, DeclRef, FuncInfo, PackageInfo, VarId, VarInit};
use crate::types::{FuncId, MethodDecl, Type, TypeId, TypeTable};
use crate::types::{FxMap, FxSet};
use minigo_parser::ast;

pub(crate) struct PkgState {
    pub path: String,
    pub scope: FxMap<String, usize>,
    pub files: Vec<FileScope>,
}

pub(crate) struct ImportEnt {
    pub pkg: usize,
    pub path: String,
    pub pos: u32,
    pub alias: Option<String>,
    pub used: bool,
}

#[derive(Default)]
pub(crate) struct FileScope {
    pub imports: FxMap<String, ImportEnt>,
    /// `import . "p"`: the exported package-level names of `p` are looked
    /// up after the package scope (gc reports a clash with a package-level
    /// declaration); `alias` is `None`.
    pub dots: Vec<ImportEnt>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum State {
    Todo,
    InProgress,
    Done,
}

pub(crate) enum ObjKind<'a> {
    Const {
        spec: &'a ast::ConstSpec,
        index: usize,
        ty: TypeId,
        val: Option<ConstValue>,
    },
    /// One package-level var spec shares its state among its names.
    Var {
        spec: &'a ast::VarSpec,
        spec_index: usize,
        var: VarId,
        decl: DeclRef,
    },
    Type {
        spec: &'a ast::TypeSpec,
        /// The named type (or, for aliases, the target once resolved).
        ty: TypeId,
    },
    Func {
        decl: &'a ast::FuncDecl,
        func: FuncId,
    },
}

/// Lazily checked standard-library bodies (`Checker::check_needed_bodies`).
///
/// A body is checked once the program may reach it: a function once a
/// checked body, initializer or declaration refers to it; a method once
/// some checked code selects a member of its name (an interface call
/// names it too), or once reflection's method calls are reachable, as the
/// compiler decides which methods to compile (`compile::Compiler::
/// queue_func`). Never for the program's own packages.
#[derive(Default)]
pub(crate) struct LazyBodies {
    pub on: bool,
    /// Deferred bodies, as object indexes.
    pending: Vec<usize>,
    /// Objects something checked refers to.
    needed: FxSet<usize>,
    /// Names selected (`x.Name`) by checked code, and those the runtime
    /// calls by name.
    names: FxSet<String>,
    /// Reflection may call any method.
    all_methods: bool,
}

impl LazyBodies {
    pub(crate) fn note_selector(&mut self, name: &str) {
        if self.on && !self.names.contains(name) {
            self.names.insert(name.to_string());
        }
    }
}

pub(crate) struct PkgObj<'a> {
    pub name: String,
    pub pos: u32,
    pub pkg: usize,
    pub file: usize,
    pub kind: ObjKind<'a>,
    pub state: State,
    /// Package-level objects this one's initializer/body refers to.
    pub deps: FxSet<usize>,
}

impl<'a> Checker<'a> {
    pub(super) fn check_package(&mut self, p: usize) {
        let prog = self.prog;
        let pkg = &prog.packages[p];
        self.pkgs.push(PkgState {
            path: pkg.path.clone(),
            scope: FxMap::default(),
            files: Vec::new(),
        });
        self.pkg = p;
        let first_err = self.errors.len();
        let first_obj = self.objs.len();
        self.collect(p);
        let last_obj = self.objs.len();
        self.dot_import_clashes(p, first_obj, last_obj);
        self.check_instantiation_cycles(p);
        // Types first (so method sets are complete before any expression
        // is checked), then methods, then everything else in source order.
        for o in first_obj..last_obj {
            if matches!(self.objs[o].kind, ObjKind::Type { .. }) {
                self.obj_decl(o);
            }
        }
        self.check_recursive_types(first_obj, last_obj);
        self.check_map_keys();
        self.collect_methods(p);
        for o in first_obj..last_obj {
            self.obj_decl(o);
        }
        self.check_bodies(p, first_obj, last_obj);
        self.drain_instances();
        // Before the init order: it follows the bodies the package's
        // variables' initializers call.
        self.check_needed_bodies();
        self.check_map_keys();
        self.check_main(p);
        // (The standard library's imports may be used only by bodies left
        // unchecked.)
        if !self.lazy.on || !self.prog.is_std(p) {
            self.unused_imports();
        }
        self.init_order(p, first_obj, last_obj);
        self.check_embeds(p, first_err);
        let backend = std::mem::take(&mut self.backend_errors);
        if self.errors.len() == first_err {
            for mut e in backend {
                e.seq = self.errors.len();
                self.errors.push(e);
            }
            self.check_symbol_sizes(first_obj, last_obj);
        }
    }

    /// gc's object writer refuses a package-level variable of more than
    /// 2,000,000,000 bytes (`symbol too large`), after a clean type check.
    ///
    /// gc reports it at whatever position its backend last looked at (the
    /// last statement of the last function compiled), which is no
    /// property of the variable; minigo reports it at the variable's name.
    fn check_symbol_sizes(&mut self, first: usize, last: usize) {
        const MAX_SYM_SIZE: u64 = 2_000_000_000;
        for o in first..last {
            let ObjKind::Var { var, .. } = self.objs[o].kind else {
                continue;
            };
            let ty = self.info.vars[var.0 as usize].ty;
            let size = self.go_size(ty, 0).0;
            if size > MAX_SYM_SIZE {
                let name = format!("{}.{}", self.pkgs[self.objs[o].pkg].path, self.objs[o].name);
                self.file = self.objs[o].file;
                self.err(
                    self.objs[o].pos,
                    format!("{name}: symbol too large ({size} bytes > {MAX_SYM_SIZE} bytes)"),
                );
            }
        }
    }

    /// gc's size and alignment of `t` on amd64, saturating (`unsafe.Sizeof`).
    pub(crate) fn go_size(&self, t: TypeId, depth: u32) -> (u64, u64) {
        use crate::types::BasicKind as B;
        if depth > 100 {
            return (0, 1);
        }
        match self.tt().under(t) {
            Type::Basic(k) => match k {
                B::Bool | B::Int8 | B::Uint8 => (1, 1),
                B::Int16 | B::Uint16 => (2, 2),
                B::Int32 | B::Uint32 | B::Float32 => (4, 4),
                B::Complex64 => (8, 4),
                B::Complex128 => (16, 8),
                B::String => (16, 8),
                _ => (8, 8),
            },
            Type::Slice(_) => (24, 8),
            Type::Interface(_) => (16, 8),
            Type::Array(n, e) => {
                let (s, a) = self.go_size(*e, depth + 1);
                (s.saturating_mul(*n), a)
            }
            Type::Struct(fields) => {
                let mut off = 0u64;
                let mut al = 1u64;
                let mut last = 1u64;
                for f in fields {
                    let (s, a) = self.go_size(f.ty, depth + 1);
                    off = off.div_ceil(a).saturating_mul(a).saturating_add(s);
                    al = al.max(a);
                    last = s;
                }
                // gc pads a zero-size last field (`&s.last` must not point
                // at the next object).
                if off > 0 && last == 0 {
                    off += 1;
                }
                (off.div_ceil(al).saturating_mul(al), al)
            }
            Type::Tuple(_) => (0, 1),
            _ => (8, 8),
        }
    }

    /// The `//go:embed` directives of package `p` (see [`crate::embed`]):
    /// gc's parse-time errors (reported with the type errors); after a
    /// clean type check, its later checks, then each variable's kind by
    /// its type.
    fn check_embeds(&mut self, p: usize, first_err: usize) {
        let prog = self.prog;
        let files = &prog.packages[p].files;
        if files.iter().any(|f| !f.embeds.early.is_empty()) {
            for (fi, f) in files.iter().enumerate() {
                self.file = fi;
                for (pos, msg) in &f.embeds.early {
                    self.err(*pos, msg.clone());
                }
            }
            return;
        }
        if self.errors.len() > first_err {
            return;
        }
        for (fi, f) in files.iter().enumerate() {
            self.file = fi;
            for (pos, msg) in &f.embeds.late {
                self.err(*pos, msg.clone());
            }
        }
        if self.errors.len() > first_err {
            return;
        }
        let load_fs = prog
            .packages
            .iter()
            .position(|q| q.path == "embed")
            .and_then(|q| self.pkgs.get(q))
            .and_then(|q| q.scope.get("loadFS").copied())
            .and_then(|o| match self.objs[o].kind {
                ObjKind::Func { func, .. } => {
                    // The compiler calls it for an `embed.FS` variable.
                    self.lazy.needed.insert(o);
                    Some(func)
                }
                _ => None,
            });
        for (fi, f) in files.iter().enumerate() {
            self.file = fi;
            for v in &f.embeds.vars {
                let Some(&var) = self.info.defs.get(&v.name) else {
                    continue;
                };
                let t = self.info.var(var).ty;
                let tt = self.tt();
                let is_fs =
                    matches!(tt.get(t), Type::Named(n) if n.name == "FS" && n.pkg == "embed");
                let kind = tt.basic_kind(t);
                let is_bytes = matches!(tt.under(t), Type::Slice(e)
                    if tt.basic_kind(*e) == Some(crate::types::BasicKind::Uint8));
                let value = if let (true, Some(f)) = (is_fs, load_fs) {
                    let entries = crate::embed::fs_entries(&v.files);
                    crate::embed::EmbedValue::Files(crate::embed::pack(&entries), f)
                } else if kind.is_some_and(|k| k.is_string()) || is_bytes {
                    if v.files.len() > 1 {
                        let mut ts = self.type_string(t);
                        if ts.contains("uint8") && v.ty_text.contains("byte") {
                            ts = v.ty_text.clone();
                        }
                        let msg = format!("invalid go:embed: multiple files for type {ts}");
                        self.err(v.name_pos, msg);
                        continue;
                    }
                    let data = v.files.first().map(|f| f.1.clone()).unwrap_or_default();
                    if is_bytes {
                        crate::embed::EmbedValue::Bytes(data)
                    } else {
                        crate::embed::EmbedValue::String(data)
                    }
                } else {
                    let mut ts = self.type_string(t);
                    if ts.contains("uint8") && v.ty_text.contains("byte") {
                        ts = v.ty_text.clone();
                    }
                    let msg = format!("go:embed cannot apply to var of type {ts}");
                    self.err(v.name_pos, msg);
                    continue;
                };
                self.info.embeds.insert(var, value);
            }
        }
    }

    fn add_obj(&mut self, name: &ast::Ident, file: usize, kind: ObjKind<'a>) -> Option<usize> {
        let idx = self.objs.len();
        self.objs.push(PkgObj {
            name: name.name.clone(),
            pos: name.span.lo,
            pkg: self.pkg,
            file,
            kind,
            state: State::Todo,
            deps: FxSet::default(),
        });
        if name.name == "_" {
            return Some(idx);
        }
        if let Some(&prev) = self.pkgs[self.pkg].scope.get(&name.name) {
            let prev_pos = self.objs[prev].pos;
            let prev_file = self.objs[prev].file;
            let old_file = self.file;
            self.file = prev_file;
            let at = self.pos_string(prev_pos);
            self.file = file;
            self.err(
                name.span.lo,
                format!(
                    "{} redeclared in this block\n\t{}: other declaration of {}",
                    name.name, at, name.name
                ),
            );
            self.file = old_file;
            return Some(idx);
        }
        self.pkgs[self.pkg].scope.insert(name.name.clone(), idx);
        Some(idx)
    }

    fn collect(&mut self, p: usize) {
        let prog = self.prog;
        let pkg = &prog.packages[p];
        for (fi, f) in pkg.files.iter().enumerate() {
            self.file = fi;
            let mut fs = FileScope::default();
            for imp in &f.ast.imports {
                let Some(ip) = prog.packages.iter().position(|q| q.path == imp.path) else {
                    continue;
                };
                let pname = prog.packages[ip]
                    .files
                    .first()
                    .map(|f| f.ast.package.name.clone())
                    .unwrap_or_default();
                let (local, alias) = match &imp.name {
                    Some(n) => (n.name.clone(), Some(n.name.clone())),
                    None => (pname, None),
                };
                if local == "." {
                    fs.dots.push(ImportEnt {
                        pkg: ip,
                        path: imp.path.clone(),
                        pos: imp.name.as_ref().map_or(imp.span.lo, |n| n.span.lo),
                        alias: None,
                        used: false,
                    });
                    continue;
                }
                if local == "_" {
                    continue;
                }
                if fs.imports.contains_key(&local) {
                    self.err(imp.span.lo, format!("{local} redeclared in this block"));
                    continue;
                }
                // gc reports import errors at the local name, or at the
                // path string when there is none.
                let pos = imp.name.as_ref().map_or(imp.span.lo, |n| n.span.lo);
                fs.imports.insert(
                    local,
                    ImportEnt {
                        pkg: ip,
                        path: imp.path.clone(),
                        pos,
                        alias,
                        used: false,
                    },
                );
            }
            self.pkgs[p].files.push(fs);
            for (di, d) in f.ast.decls.iter().enumerate() {
                let dref = DeclRef {
                    pkg: p,
                    file: fi,
                    decl: di,
                };
                match d {
                    ast::Decl::Const(specs) => {
                        for spec in specs {
                            for (i, n) in spec.names.iter().enumerate() {
                                self.add_obj(
                                    n,
                                    fi,
                                    ObjKind::Const {
                                        spec,
                                        index: i,
                                        ty: TypeTable::INVALID,
                                        val: None,
                                    },
                                );
                            }
                        }
                    }
                    ast::Decl::Var(specs) => {
                        for (si, spec) in specs.iter().enumerate() {
                            for n in spec.names.iter() {
                                let var =
                                    self.new_var(&n.name, TypeTable::INVALID, true, n.span.lo);
                                if n.name != "_" {
                                    self.info.defs.insert(n.id, var);
                                }
                                self.add_obj(
                                    n,
                                    fi,
                                    ObjKind::Var {
                                        spec,
                                        spec_index: si,
                                        var,
                                        decl: dref,
                                    },
                                );
                            }
                        }
                    }
                    ast::Decl::Type(specs) => {
                        for spec in specs {
                            let ty = if spec.alias || !spec.tparams.is_empty() {
                                TypeTable::INVALID
                            } else {
                                let path = self.pkgs[p].path.clone();
                                self.info.types.new_named(
                                    &spec.name.name,
                                    &path,
                                    TypeTable::INVALID,
                                )
                            };
                            self.add_obj(&spec.name, fi, ObjKind::Type { spec, ty });
                        }
                    }
                    ast::Decl::Func(fd) => {
                        let func = FuncId(self.info.funcs.len() as u32);
                        self.info.funcs.push(FuncInfo {
                            name: fd.name.name.clone(),
                            pkg: self.pkgs[p].path.clone(),
                            recv_named: None,
                            sig: TypeTable::INVALID,
                            decl: dref,
                            native: fd.body.is_none(),
                            instance: None,
                            generic: !fd.tparams.is_empty() || recv_is_generic(fd),
                            unchecked: false,
                        });
                        // Only the std prelude declares body-less (native)
                        // functions; in user code gc reports them.
                        if fd.body.is_none() && self.pkgs[p].path == "main" {
                            self.err(fd.name.span.lo, "missing function body");
                        }
                        if fd.recv.is_some() {
                            continue; // methods: collect_methods
                        }
                        if fd.name.name == "init" {
                            if !fd.sig.params.is_empty() || !fd.sig.results.is_empty() {
                                self.err(
                                    fd.name.span.lo,
                                    "func init must have no arguments and no return values",
                                );
                            }
                            // Not in scope; checked with the bodies.
                            let idx = self.objs.len();
                            self.objs.push(PkgObj {
                                name: "init".into(),
                                pos: fd.name.span.lo,
                                pkg: p,
                                file: fi,
                                kind: ObjKind::Func { decl: fd, func },
                                state: State::Todo,
                                deps: FxSet::default(),
                            });
                            self.func_obj.insert(func, idx);
                            continue;
                        }
                        if p + 1 == prog.packages.len()
                            && fd.name.name == "main"
                            && (!fd.sig.params.is_empty() || !fd.sig.results.is_empty())
                        {
                            self.err(
                                fd.name.span.lo,
                                "func main must have no arguments and no return values",
                            );
                        }
                        if let Some(idx) =
                            self.add_obj(&fd.name, fi, ObjKind::Func { decl: fd, func })
                        {
                            self.func_obj.insert(func, idx);
                        }
                    }
                }
            }
        }
    }

    /// Resolves package-level object `o` (its type, value or signature),
    /// reporting cycles Go's way.
    pub(crate) fn obj_decl(&mut self, o: usize) {
        match self.objs[o].state {
            State::Done => return,
            State::InProgress => {
                self.cycle_error(o);
                return;
            }
            State::Todo => {}
        }
        if self.is_generic_obj(o) {
            // Checked per instance (see `generic`), but for the uses of
            // its type parameters that no instance could make valid.
            self.objs[o].state = State::Done;
            if let ObjKind::Type { spec, .. } = self.objs[o].kind {
                let (pkg, file) = (self.pkg, self.file);
                self.pkg = self.objs[o].pkg;
                self.file = self.objs[o].file;
                if spec.alias {
                    self.generic_alias_cycle(o);
                }
                self.check_tparam_uses(spec);
                self.pkg = pkg;
                self.file = file;
            }
            return;
        }
        self.objs[o].state = State::InProgress;
        self.obj_path.push(o);
        // Resolve in the object's own package/file, with no local scopes.
        let saved = (
            self.pkg,
            self.file,
            std::mem::take(&mut self.scopes),
            self.fctx.take(),
            self.deps.take(),
            self.iota.take(),
        );
        self.pkg = self.objs[o].pkg;
        self.file = self.objs[o].file;
        self.deps = Some(FxSet::default());
        let saved_name = self.decl_name_pos.replace(match &self.objs[o].kind {
            ObjKind::Var { spec, .. } => spec.names.first().map_or(self.objs[o].pos, |n| n.span.lo),
            _ => self.objs[o].pos,
        });
        match &self.objs[o].kind {
            ObjKind::Const { spec, index, .. } => {
                let (spec, index) = (*spec, *index);
                let (ty, val) = self.const_spec_value(spec, index);
                if let ObjKind::Const { ty: t, val: v, .. } = &mut self.objs[o].kind {
                    *t = ty;
                    *v = val;
                }
            }
            ObjKind::Var { spec, .. } => {
                let spec = *spec;
                // One spec declares all its names at once.
                let vars: Vec<(usize, VarId)> = self.spec_vars(o);
                let types = self.var_spec_types(spec, None);
                for (i, (_, v)) in vars.iter().enumerate() {
                    if let Some(&t) = types.get(i) {
                        self.info.vars[v.0 as usize].ty = t;
                    }
                }
                let deps = self.deps.clone().unwrap_or_default();
                for (oi, _) in vars {
                    self.objs[oi].state = State::Done;
                    self.objs[oi].deps.extend(deps.iter().copied());
                }
            }
            ObjKind::Type { spec, ty } => {
                let (spec, ty) = (*spec, *ty);
                if spec.alias {
                    let t = self.type_expr(&spec.ty);
                    if let ObjKind::Type { ty, .. } = &mut self.objs[o].kind {
                        *ty = t;
                    }
                } else {
                    self.gen.last_terms = None;
                    // A constraint interface may be declared as a type,
                    // literally or by naming one (`type C comparable`).
                    let rhs = &strip_parens(&spec.ty).kind;
                    let named =
                        matches!(rhs, ast::ExprKind::Ident(_) | ast::ExprKind::Selector(..));
                    let iface = named || matches!(rhs, ast::ExprKind::InterfaceType(_));
                    self.gen.constraint_ctx += iface as u32;
                    let u = self.type_expr(&spec.ty);
                    self.gen.constraint_ctx -= iface as u32;
                    if let Some(ts) = self.gen.last_terms.take() {
                        self.gen.type_sets.insert(ty, ts);
                    } else if let Some(ts) = self.named_type_set(u).filter(|_| named) {
                        self.gen.type_sets.insert(ty, ts);
                    }
                    // The underlying type of `type A B` is B's underlying.
                    let u = self.resolve_underlying(u);
                    self.info.types.set_underlying(ty, u);
                }
            }
            ObjKind::Func { decl, func } => {
                let (decl, func) = (*decl, *func);
                let sig = self.func_sig(&decl.sig, None);
                self.info.funcs[func.0 as usize].sig = sig;
            }
        }
        let deps = self.deps.take().unwrap_or_default();
        if !matches!(self.objs[o].kind, ObjKind::Func { .. }) {
            self.objs[o].deps.extend(deps);
        }
        self.decl_name_pos = saved_name;
        let (p, f, sc, fc, d, io) = saved;
        self.pkg = p;
        self.file = f;
        self.scopes = sc;
        self.fctx = fc;
        self.deps = d;
        self.iota = io;
        self.obj_path.pop();
        self.objs[o].state = State::Done;
    }

    /// All objects of the var spec that `o` belongs to: (object, var).
    fn spec_vars(&self, o: usize) -> Vec<(usize, VarId)> {
        let ObjKind::Var { spec, .. } = &self.objs[o].kind else {
            return vec![];
        };
        let mut out = Vec::new();
        // Objects of one spec are consecutive; find the first.
        let mut first = o;
        while first > 0 {
            match &self.objs[first - 1].kind {
                ObjKind::Var { spec: s, .. } if std::ptr::eq(*s, *spec) => first -= 1,
                _ => break,
            }
        }
        let mut i = first;
        while i < self.objs.len() {
            match &self.objs[i].kind {
                ObjKind::Var { spec: s, var, .. } if std::ptr::eq(*s, *spec) => {
                    out.push((i, *var));
                    i += 1;
                }
                _ => break,
            }
        }
        out
    }

    fn cycle_error(&mut self, o: usize) {
        let Some(start) = self.obj_path.iter().position(|&x| x == o) else {
            return;
        };
        let cycle: Vec<usize> = self.obj_path[start..].to_vec();
        // Variables and functions in a cycle are an init-order matter
        // (reported there); constants and types are invalid here.
        let is_type = matches!(self.objs[o].kind, ObjKind::Type { .. });
        let is_const = matches!(self.objs[o].kind, ObjKind::Const { .. });
        if !is_type && !is_const {
            // A cycle of variables only is no type error (types2's
            // validCycle): the variable's type is invalid, silently, and
            // the init order reports the cycle (`init_order`).
            return;
        }
        let first = *cycle
            .iter()
            .min_by_key(|&&c| self.objs[c].pos)
            .unwrap_or(&o);
        let what = if is_type { "type" } else { "constant" };
        let name = self.objs[first].name.clone();
        let pos = self.objs[first].pos;
        let saved = self.file;
        self.file = self.objs[first].file;
        if cycle.len() == 1 {
            let msg = if is_type {
                format!("invalid recursive type: {name} refers to itself")
            } else {
                format!("initialization cycle: {name} refers to itself")
            };
            self.err(pos, msg);
        } else {
            let k = cycle.iter().position(|&c| c == first).unwrap_or(0);
            let mut msg = if is_type {
                format!("invalid recursive {what} {name}")
            } else {
                format!("initialization cycle for {name}")
            };
            for i in 0..cycle.len() {
                let a = cycle[(k + i) % cycle.len()];
                let b = cycle[(k + i + 1) % cycle.len()];
                let at = self.pos_string(self.objs[a].pos);
                msg.push_str(&format!(
                    "\n\t{}: {} refers to {}",
                    at, self.objs[a].name, self.objs[b].name
                ));
            }
            self.err(pos, msg);
        }
        self.file = saved;
    }

    /// A generic alias stands for its right-hand side, so one that names
    /// itself, or another generic alias of its package that leads back to
    /// it, is a cycle whatever the instance (reported once, by the cycle's
    /// first member in source order, as `cycle_error` words it).
    fn generic_alias_cycle(&mut self, o: usize) {
        let p = self.objs[o].pkg;
        let alias_spec = |c: &Self, x: usize| match c.objs[x].kind {
            ObjKind::Type { spec, .. } if spec.alias && !spec.tparams.is_empty() => Some(spec),
            _ => None,
        };
        // Depth-first over the aliases' names, with the path so far.
        let mut path = vec![o];
        let mut todo: Vec<Vec<usize>> = vec![Vec::new()];
        let mut seen = FxSet::default();
        let refs = |c: &Self, x: usize| -> Vec<usize> {
            let Some(spec) = alias_spec(c, x) else {
                return Vec::new();
            };
            let mut names = Vec::new();
            type_names(&spec.ty, &mut names);
            names
                .into_iter()
                .filter(|n| !spec.tparams.iter().any(|t| t.name.name == *n))
                .filter_map(|n| c.pkgs[p].scope.get(n).copied())
                .filter(|&y| alias_spec(c, y).is_some())
                .collect()
        };
        todo[0] = refs(self, o);
        while let Some(next) = todo.last_mut() {
            let Some(y) = next.pop() else {
                todo.pop();
                path.pop();
                continue;
            };
            if y == o {
                // No instance of a member is made (instantiate_type).
                self.gen.cyclic.extend(path.iter().copied());
                let first = path.iter().copied().min_by_key(|&c| self.objs[c].pos);
                if first == Some(o) {
                    let saved = std::mem::replace(&mut self.obj_path, path);
                    self.cycle_error(o);
                    self.obj_path = saved;
                }
                return;
            }
            if seen.insert(y) {
                path.push(y);
                let r = refs(self, y);
                todo.push(r);
            }
        }
    }

    /// Type and value of constant `index` of a spec.
    pub(crate) fn const_spec_value(
        &mut self,
        spec: &ast::ConstSpec,
        index: usize,
    ) -> (TypeId, Option<ConstValue>) {
        let ty = spec.ty.as_ref().map(|t| self.type_expr(t));
        let saved = self.iota.replace(spec.iota);
        let res = match spec.values.get(index) {
            None => {
                let pos = spec.names.get(index).map_or(spec.span.lo, |n| n.span.lo);
                self.err(pos, "missing init expr for const declaration");
                (TypeTable::INVALID, None)
            }
            Some(e) => {
                let mut x = self.expr(e);
                if !x.is_invalid() && x.mode != super::OpMode::Const {
                    let s = self.operand_string(e, &x);
                    self.err(e.span.lo, format!("{s} is not constant"));
                    x = Operand::invalid();
                }
                if let Some(t) = ty {
                    if !x.is_invalid() {
                        let tk = self.tt().basic_kind(t);
                        if tk.is_none() {
                            let ts = self.type_string(t);
                            self.err(e.span.lo, format!("invalid constant type {ts}"));
                            x = Operand::invalid();
                        } else {
                            self.assignment(&mut x, e, t, "constant declaration");
                        }
                    }
                } else if !x.is_invalid() {
                    // Untyped constants stay untyped; record the default
                    // type for the defining expression only at the end.
                }
                if x.is_invalid() {
                    (TypeTable::INVALID, None)
                } else {
                    (x.ty, x.val)
                }
            }
        };
        if spec.values.len() > spec.names.len() && index + 1 == spec.names.len() {
            if let Some(extra) = spec.values.get(spec.names.len()) {
                self.err(extra.span.lo, "extra init expr");
            }
        }
        self.iota = saved;
        res
    }

    /// Types of the names of a var spec (package-level or local), checking
    /// the initializer. `declared` is unused here (locals declare after).
    pub(crate) fn var_spec_types(
        &mut self,
        spec: &ast::VarSpec,
        _declared: Option<()>,
    ) -> Vec<TypeId> {
        let n = spec.names.len();
        let ty = spec.ty.as_ref().map(|t| self.type_expr(t));
        if spec.values.is_empty() {
            return vec![ty.unwrap_or(TypeTable::INVALID); n];
        }
        let targets: Vec<_> = spec
            .names
            .iter()
            .map(|x| ty.map(|t| (t, x.name.clone())))
            .collect();
        let ops = self.assign_values(
            n,
            &spec.values,
            "variable declaration",
            spec.names.first().map_or(spec.span.lo, |x| x.span.lo),
            &targets,
        );
        let mut out = Vec::new();
        for i in 0..n {
            let Some((mut x, e)) = ops.get(i).cloned() else {
                out.push(ty.unwrap_or(TypeTable::INVALID));
                continue;
            };
            match ty {
                Some(t) => {
                    if let Some(e) = e {
                        self.assignment(&mut x, e, t, "variable declaration");
                    }
                    out.push(t);
                }
                None => {
                    if let Some(e) = e {
                        self.assign_default(&mut x, e, "variable declaration");
                    }
                    out.push(x.ty);
                }
            }
        }
        out
    }

    pub(crate) fn resolve_underlying(&mut self, t: TypeId) -> TypeId {
        if let Type::Named(n) = self.tt().get(t) {
            if n.underlying == TypeTable::INVALID {
                // A defined type declared later: resolve it now.
                if let Some(o) = self.type_obj(t) {
                    self.obj_decl(o);
                }
            }
        }
        let u = self.tt().underlying(t);
        if self.tt().is_named(u) {
            TypeTable::INVALID
        } else {
            u
        }
    }

    /// The package-level object declaring named type `t`.
    pub(crate) fn type_obj(&self, t: TypeId) -> Option<usize> {
        self.objs
            .iter()
            .position(|o| matches!(o.kind, ObjKind::Type { ty, spec } if ty == t && !spec.alias))
    }

    fn collect_methods(&mut self, p: usize) {
        let prog = self.prog;
        // One pass over the functions, not one per method: a package's
        // methods times all functions grows quadratically.
        let mut func_of: FxMap<DeclRef, FuncId> = FxMap::default();
        for (i, f) in self.info.funcs.iter().enumerate() {
            if f.decl.pkg == p {
                // The first function of a declaration is its own (later
                // ones, if any, were made from it).
                func_of.entry(f.decl).or_insert(FuncId(i as u32));
            }
        }
        for (fi, f) in prog.packages[p].files.iter().enumerate() {
            self.file = fi;
            for (di, d) in f.ast.decls.iter().enumerate() {
                let ast::Decl::Func(fd) = d else { continue };
                let Some(recv) = &fd.recv else { continue };
                let decl = DeclRef {
                    pkg: p,
                    file: fi,
                    decl: di,
                };
                let Some(&func) = func_of.get(&decl) else {
                    continue;
                };
                let (base, ptr) = match &recv.ty.kind {
                    ast::ExprKind::Star(inner) => (&**inner, true),
                    _ => (&recv.ty, false),
                };
                let base = strip_parens(base);
                if let ast::ExprKind::Index(g, _) | ast::ExprKind::IndexList(g, _) = &base.kind {
                    if let ast::ExprKind::Ident(n) = &strip_parens(g).kind {
                        if let Some(o) = self.pkgs[p].scope.get(n).copied() {
                            if matches!(self.objs[o].kind, ObjKind::Type { .. })
                                && self.is_generic_obj(o)
                            {
                                if matches!(self.objs[o].kind, ObjKind::Type { spec, .. } if spec.alias)
                                {
                                    let msg = format!(
                                        "cannot define new methods on generic alias type {}",
                                        self.generic_decl_string(o)
                                    );
                                    self.err(strip_parens(g).span.lo, msg);
                                    continue;
                                }
                                self.gen.methods.entry(o).or_default().push((fd, fi));
                                // Instances made while resolving this
                                // package's types (`struct{ Base[int] }`)
                                // came before the methods were known.
                                let mut made: Vec<(Vec<TypeId>, TypeId)> = self
                                    .gen
                                    .type_insts
                                    .iter()
                                    .filter(|((g, _), _)| *g == o)
                                    .map(|((_, targs), &named)| (targs.clone(), named))
                                    .collect();
                                made.sort_by_key(|(_, named)| named.0);
                                for (targs, named) in made {
                                    if self.tt().is_named(named) {
                                        self.instantiate_method(o, named, fd, fi, &targs);
                                    }
                                }
                                continue;
                            }
                        }
                    }
                }
                let named = match &base.kind {
                    ast::ExprKind::Ident(n) => match self.pkgs[p].scope.get(n).copied() {
                        Some(o) => match self.objs[o].kind {
                            ObjKind::Type { ty, spec } if !spec.alias => Some(ty),
                            ObjKind::Type { .. } => {
                                self.obj_decl(o);
                                match self.objs[o].kind {
                                    ObjKind::Type { ty, .. } if self.tt().is_named(ty) => Some(ty),
                                    _ => None,
                                }
                            }
                            _ => None,
                        },
                        None => None,
                    },
                    _ => None,
                };
                let Some(named) = named else {
                    let name = super::describe::expr_string(base);
                    if let ast::ExprKind::Ident(n) = &base.kind {
                        if self.lookup(n).is_none() {
                            self.err(base.span.lo, format!("undefined: {n}"));
                            continue;
                        }
                    }
                    self.err(
                        base.span.lo,
                        format!("cannot define new methods on non-local type {name}"),
                    );
                    continue;
                };
                let under = self.tt().underlying(named);
                if matches!(self.tt().get(under), Type::Pointer(_) | Type::Interface(_)) {
                    let ts = self.type_string(named);
                    let what = if matches!(self.tt().get(under), Type::Pointer(_)) {
                        "pointer"
                    } else {
                        "interface"
                    };
                    self.err(
                        base.span.lo,
                        format!("invalid receiver type {ts} ({what} or interface type)").replace(
                            &format!("({what} or interface type)"),
                            "(pointer or interface type)",
                        ),
                    );
                    continue;
                }
                let recv_ty = if ptr {
                    self.info.types.pointer(named)
                } else {
                    named
                };
                let msig = self.func_sig(&fd.sig, None);
                let full = match self.tt().signature(msig).cloned() {
                    Some(mut s) => {
                        s.params.insert(0, recv_ty);
                        self.info.types.intern(Type::Func(s))
                    }
                    None => TypeTable::INVALID,
                };
                self.info.funcs[func.0 as usize].sig = full;
                self.info.funcs[func.0 as usize].recv_named = Some(named);
                let mname = fd.name.name.clone();
                if mname == "_" {
                    continue;
                }
                if let Some(prev) = self
                    .tt()
                    .named_methods(named)
                    .iter()
                    .find(|m| m.name == mname)
                {
                    let pf = prev.func;
                    let pd = self.info.funcs[pf.0 as usize].decl;
                    let ppos = match &prog.packages[pd.pkg].files[pd.file].ast.decls.get(pd.decl) {
                        Some(ast::Decl::Func(f)) => f.name.span.lo,
                        _ => 0,
                    };
                    let at = self.pos_string(ppos);
                    let tn = self.type_string(named);
                    self.err(
                        fd.name.span.lo,
                        format!("method {tn}.{mname} already declared at {at}"),
                    );
                    continue;
                }
                if let Type::Struct(fields) = self.tt().under(named) {
                    if fields.iter().any(|f| f.name == mname) {
                        self.err(
                            fd.name.span.lo,
                            format!("field and method with the same name {mname}"),
                        );
                        continue;
                    }
                }
                self.info.types.add_method(
                    named,
                    MethodDecl {
                        name: mname,
                        func,
                        ptr_recv: ptr,
                        sig: msig,
                    },
                );
                let idx = self.objs.len();
                self.objs.push(PkgObj {
                    name: fd.name.name.clone(),
                    pos: fd.name.span.lo,
                    pkg: p,
                    file: fi,
                    kind: ObjKind::Func { decl: fd, func },
                    state: State::Done,
                    deps: FxSet::default(),
                });
                self.func_obj.insert(func, idx);
            }
        }
    }

    fn check_bodies(&mut self, p: usize, first: usize, _last: usize) {
        let lazy = self.lazy.on && self.prog.is_std(p);
        let mut o = first;
        while o < self.objs.len() {
            if self.objs[o].pkg != p {
                o += 1;
                continue;
            }
            if let ObjKind::Func { decl, func } = self.objs[o].kind {
                if !decl.tparams.is_empty() {
                    o += 1;
                    continue;
                }
                let init = decl.name.name == "init" && decl.recv.is_none();
                if lazy && !init && decl.body.is_some() && !self.info.funcs[func.0 as usize].generic
                {
                    self.lazy.pending.push(o);
                    o += 1;
                    continue;
                }
                self.check_body(o);
            }
            o += 1;
        }
    }

    /// Checks the body of function object `o`, recording what it refers to.
    fn check_body(&mut self, o: usize) {
        let ObjKind::Func { decl, func } = self.objs[o].kind else {
            return;
        };
        // (A deferred body is checked later, from another package's
        // context: it gets its own.)
        let saved = self.check_elsewhere(self.objs[o].pkg, self.objs[o].file);
        self.deps = Some(FxSet::default());
        self.check_func_body(decl, func);
        let d = self.deps.take().unwrap_or_default();
        self.objs[o].deps.extend(d);
        if decl.name.name == "init" && decl.recv.is_none() {
            let sig = self.func_sig(&decl.sig, None);
            self.info.funcs[func.0 as usize].sig = sig;
        }
        self.check_back(saved);
        // Reflection's method calls reach every method by name (as
        // `compile::Compiler::queue_func` decides).
        let fi = &self.info.funcs[func.0 as usize];
        if fi.pkg == "reflect"
            && matches!(
                fi.name.as_str(),
                "Method" | "MethodByName" | "Methods" | "typeMethodAt" | "typeMethodByName"
            )
        {
            self.lazy.all_methods = true;
        }
    }

    /// Checks the deferred standard-library bodies the program may reach
    /// now, until none is left that it may ([`LazyBodies`]).
    pub(super) fn check_needed_bodies(&mut self) {
        if !self.lazy.on {
            return;
        }
        if self.lazy.names.is_empty() {
            // What the runtime calls by name (fmt's verbs, run-time errors).
            for n in ["Error", "String", "GoString", "Format"] {
                self.lazy.names.insert(n.to_string());
            }
        }
        loop {
            let pending = std::mem::take(&mut self.lazy.pending);
            let mut rest = Vec::with_capacity(pending.len());
            let mut progress = false;
            for o in pending {
                let ObjKind::Func { decl, .. } = self.objs[o].kind else {
                    continue;
                };
                let need = if decl.recv.is_some() {
                    self.lazy.all_methods || self.lazy.names.contains(decl.name.name.as_str())
                } else {
                    self.lazy.needed.contains(&o)
                };
                if need {
                    self.check_body(o);
                    self.drain_instances();
                    progress = true;
                } else {
                    rest.push(o);
                }
            }
            // Bodies checked meanwhile are not pending: keep the rest.
            self.lazy.pending.extend(rest);
            if !progress {
                return;
            }
        }
    }

    /// Marks the bodies nothing reaches (`FuncInfo::unchecked`).
    pub(super) fn mark_unchecked(&mut self) {
        for &o in &self.lazy.pending {
            if let ObjKind::Func { func, .. } = self.objs[o].kind {
                self.info.funcs[func.0 as usize].unchecked = true;
            }
        }
    }

    pub(crate) fn check_func_body(&mut self, decl: &'a ast::FuncDecl, func: FuncId) {
        let Some(body) = &decl.body else { return };
        let sig = self.info.funcs[func.0 as usize].sig;
        let Some(s) = self.tt().signature(sig).cloned() else {
            return;
        };
        self.push_scope();
        self.locals.clear();
        let mut params = s.params.clone();
        if let Some(recv) = &decl.recv {
            let rt = if params.is_empty() {
                TypeTable::INVALID
            } else {
                params.remove(0)
            };
            if let Some(n) = &recv.name {
                let v = self.new_var(&n.name, rt, false, n.span.lo);
                self.var_roles.insert(v, "receiver");
                if n.name != "_" {
                    self.info.defs.insert(n.id, v);
                }
                self.declare(&n.name, Ent::Var(v));
            }
        }
        let result_vars = self.declare_params(&decl.sig, &params, &s.results);
        self.fctx = Some(FuncCtx {
            results: s.results.clone(),
            named_results: decl.sig.results.iter().any(|r| r.name.is_some()),
            result_vars,
            labels: FxMap::default(),
        });
        self.func_body(body);
        self.fctx = None;
        self.pop_scope();
        self.report_unused();
    }

    /// Declares parameters and results of a function in the current scope.
    /// Returns the named results' variables (not `_`).
    pub(crate) fn declare_params(
        &mut self,
        ft: &ast::FuncType,
        params: &[TypeId],
        results: &[TypeId],
    ) -> Vec<(String, VarId)> {
        let mut named = Vec::new();
        for (p, &t) in ft.params.iter().zip(params) {
            if let Some(n) = &p.name {
                let v = self.new_var(&n.name, t, false, n.span.lo);
                self.var_roles.insert(v, "parameter");
                if n.name != "_" {
                    self.info.defs.insert(n.id, v);
                }
                self.declare(&n.name, Ent::Var(v));
            }
        }
        for (p, &t) in ft.results.iter().zip(results) {
            if let Some(n) = &p.name {
                let v = self.new_var(&n.name, t, false, n.span.lo);
                self.var_roles.insert(v, "result variable");
                // A blank result still has a variable (the compiler keeps
                // the result slot in it); no name can refer to it.
                self.info.defs.insert(n.id, v);
                self.declare(&n.name, Ent::Var(v));
                if n.name != "_" {
                    named.push((n.name.clone(), v));
                }
            }
        }
        named
    }

    /// "declared and not used" for the locals of the function just checked.
    pub(crate) fn report_unused(&mut self) {
        let locals = std::mem::take(&mut self.locals);
        for v in locals {
            if !self.used.contains(&v) {
                let vi = &self.info.vars[v.0 as usize];
                let (pos, name) = (vi.pos, vi.name.clone());
                self.err(pos, format!("declared and not used: {name}"));
            }
        }
    }

    fn check_main(&mut self, p: usize) {
        if p + 1 != self.prog.packages.len() || self.pkgs[p].path != "main" {
            return;
        }
        let entry = self.prog.entry.as_str();
        match self.pkgs[p].scope.get(entry).copied() {
            Some(o) => match self.objs[o].kind {
                ObjKind::Func { func, .. } => self.info.main = Some(func),
                _ => {
                    let pos = self.objs[o].pos;
                    self.file = self.objs[o].file;
                    self.err(pos, "cannot declare main - must be func");
                }
            },
            None => self.err_nopos("function main is undeclared in the main package"),
        }
    }

    /// `X already declared through dot-import of package p ("p")` for a
    /// package-level declaration whose name a dot import also brings in.
    fn dot_import_clashes(&mut self, p: usize, first: usize, last: usize) {
        for o in first..last {
            let (name, pos, file) = {
                let ob = &self.objs[o];
                (ob.name.clone(), ob.pos, ob.file)
            };
            let Some(fs) = self.pkgs[p].files.get(file) else {
                continue;
            };
            let clash = fs.dots.iter().enumerate().find_map(|(i, d)| {
                let q = &self.pkgs[d.pkg];
                q.scope.get(&name).map(|_| (q.path.clone(), i))
            });
            if let Some((path, i)) = clash {
                let pname = path.rsplit('/').next().unwrap_or(&path).to_string();
                // The clash is the error; "imported and not used" would
                // only repeat it.
                self.pkgs[p].files[file].dots[i].used = true;
                self.file = file;
                self.err(
                    pos,
                    format!("{name} already declared through dot-import of package {pname} (\"{path}\")"),
                );
            }
        }
    }
}

/// The unqualified names type expression `e` mentions (type arguments
/// and element types included), for alias cycles.
pub(crate) fn type_names<'e>(e: &'e ast::Expr, out: &mut Vec<&'e str>) {
    use ast::ExprKind as K;
    let sig = |s: &'e ast::FuncType, out: &mut Vec<&'e str>| {
        for p in s.params.iter().chain(&s.results) {
            type_names(&p.ty, out);
        }
    };
    match &e.kind {
        K::Ident(n) => out.push(n),
        K::Paren(x) | K::Star(x) | K::SliceType(x) | K::ChanType(_, x) | K::Tilde(x) => {
            type_names(x, out)
        }
        K::Index(x, i) => {
            type_names(x, out);
            type_names(i, out);
        }
        K::IndexList(x, is) => {
            type_names(x, out);
            is.iter().for_each(|i| type_names(i, out));
        }
        K::ArrayType { elem, .. } => type_names(elem, out),
        K::MapType(k, v) => {
            type_names(k, out);
            type_names(v, out);
        }
        K::FuncType(s) => sig(s, out),
        K::StructType(fields) => fields.iter().for_each(|fd| type_names(&fd.ty, out)),
        K::InterfaceType(elems) => {
            for el in elems {
                match el {
                    ast::InterfaceElem::Method { sig: s, .. } => sig(s, out),
                    ast::InterfaceElem::Embed(x) => type_names(x, out),
                }
            }
        }
        K::Union(ts) => ts.iter().for_each(|t| type_names(t, out)),
        _ => {}
    }
}

impl<'a> Checker<'a> {
    /// gc's errors for a generic type whose definition is one of its type
    /// parameters, embeds one, or lists one as an interface term.
    fn check_tparam_uses(&mut self, spec: &ast::TypeSpec) {
        use ast::ExprKind as K;
        let is_tparam = |e: &ast::Expr| matches!(&strip_parens(e).kind, K::Ident(n) if spec.tparams.iter().any(|t| t.name.name == *n));
        let ty = strip_parens(&spec.ty);
        if is_tparam(ty) {
            let msg = if spec.alias {
                "cannot use type parameter declared in alias declaration as RHS"
            } else {
                "cannot use a type parameter as RHS in type declaration"
            };
            self.err(ty.span.lo, msg);
            return;
        }
        match &ty.kind {
            K::StructType(fields) => {
                for f in fields.iter().filter(|f| f.names.is_empty()) {
                    let t = match &strip_parens(&f.ty).kind {
                        K::Star(x) => &**x,
                        _ => &f.ty,
                    };
                    if is_tparam(t) {
                        self.err(
                            strip_parens(&f.ty).span.lo,
                            "embedded field type cannot be a (pointer to a) type parameter",
                        );
                    }
                }
            }
            K::InterfaceType(elems) => {
                for el in elems {
                    let ast::InterfaceElem::Embed(x) = el else {
                        continue;
                    };
                    let mut terms = vec![x];
                    while let Some(t) = terms.pop() {
                        match &strip_parens(t).kind {
                            K::Union(ts) => terms.extend(ts.iter()),
                            _ if is_tparam(t) => {
                                self.err(
                                    strip_parens(t).span.lo,
                                    "term cannot be a type parameter",
                                );
                            }
                            _ => {}
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Generic declarations are checked per instance, so one that is never
    /// instantiated has not used its imports yet: count a use as gc would,
    /// from its tokens (`pkg.Name`, or a dot-imported name).
    fn generic_uses(&mut self, p: usize, fi: usize) {
        let file = &self.prog.packages[p].files[fi];
        let mut spans = Vec::new();
        for d in &file.ast.decls {
            match d {
                ast::Decl::Func(fd) => {
                    let generic_recv = fd.recv.as_ref().is_some_and(|r| {
                        let t = strip_parens(&r.ty);
                        let t = match &t.kind {
                            ast::ExprKind::Star(x) => strip_parens(x),
                            _ => t,
                        };
                        matches!(
                            t.kind,
                            ast::ExprKind::Index(..) | ast::ExprKind::IndexList(..)
                        )
                    });
                    if !fd.tparams.is_empty() || generic_recv {
                        spans.push(fd.span);
                    }
                }
                ast::Decl::Type(specs) => {
                    spans.extend(
                        specs
                            .iter()
                            .filter(|s| !s.tparams.is_empty())
                            .map(|s| s.span),
                    );
                }
                _ => {}
            }
        }
        let src = file.src.as_str();
        for sp in spans {
            let Some(text) = src.get(sp.lo as usize..sp.hi as usize) else {
                continue;
            };
            let Ok(toks) = minigo_lexer::tokenize(text) else {
                continue;
            };
            for (i, (_, t, _)) in toks.iter().enumerate() {
                let minigo_lexer::Token::Ident(n) = t else {
                    continue;
                };
                let f = &mut self.pkgs[p].files[fi];
                if matches!(toks.get(i + 1), Some((_, minigo_lexer::Token::Dot, _))) {
                    if let Some(imp) = f.imports.get_mut(n.as_str()) {
                        imp.used = true;
                    }
                }
                for d in 0..f.dots.len() {
                    let dp = self.pkgs[p].files[fi].dots[d].pkg;
                    if self.pkgs[dp].scope.contains_key(n.as_str()) {
                        self.pkgs[p].files[fi].dots[d].used = true;
                    }
                }
            }
        }
    }

    fn unused_imports(&mut self) {
        let p = self.pkg;
        for fi in 0..self.pkgs[p].files.len() {
            self.generic_uses(p, fi);
            self.file = fi;
            let f = &self.pkgs[p].files[fi];
            let mut unused: Vec<(u32, String)> = f
                .imports
                .values()
                .chain(f.dots.iter())
                .filter(|i| !i.used)
                .map(|i| {
                    let msg = match &i.alias {
                        Some(a) => format!("\"{}\" imported as {} and not used", i.path, a),
                        None => format!("\"{}\" imported and not used", i.path),
                    };
                    (i.pos, msg)
                })
                .collect();
            unused.sort();
            for (pos, msg) in unused {
                self.err(pos, msg);
            }
        }
    }

    /// Go's initialization order (types2's `initOrder`): repeatedly the
    /// earliest variable, in declaration order, whose dependencies
    /// (through functions) are all initialized, its spec emitted with it.
    ///
    /// As types2 does it: a priority queue keyed by (dependencies left,
    /// declaration order), so the work is O(n log n) in the number of
    /// variables; a variable popped with dependencies left is in (or
    /// behind) a cycle, reported as types2 words it.
    fn init_order(&mut self, p: usize, first: usize, last: usize) {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let mut inits_funcs = Vec::new();
        for o in first..self.objs.len() {
            if let ObjKind::Func { decl, func } = self.objs[o].kind {
                if decl.recv.is_none() && decl.name.name == "init" && self.objs[o].pkg == p {
                    inits_funcs.push(func);
                }
            }
        }
        // Var specs in order: (spec ptr identity via DeclRef+spec_index).
        let mut specs: Vec<(DeclRef, usize, Vec<usize>)> = Vec::new();
        let mut spec_of: FxMap<usize, usize> = FxMap::default();
        for o in first..last {
            if let ObjKind::Var {
                decl, spec_index, ..
            } = self.objs[o].kind
            {
                match specs.last_mut() {
                    Some(s) if s.0 == decl && s.1 == spec_index => s.2.push(o),
                    _ => specs.push((decl, spec_index, vec![o])),
                }
                spec_of.insert(o, specs.len() - 1);
            }
        }
        // Var dependencies with functions eliminated: the variables
        // reachable through function bodies (types2's dependencyGraph).
        let var_deps = |c: &Checker, start: &[usize]| -> FxSet<usize> {
            let mut seen = FxSet::default();
            let mut out = FxSet::default();
            let mut stack: Vec<usize> = start
                .iter()
                .flat_map(|&o| c.objs[o].deps.iter().copied())
                .collect();
            while let Some(d) = stack.pop() {
                if !seen.insert(d) {
                    continue;
                }
                match c.objs[d].kind {
                    ObjKind::Var { .. } => {
                        out.insert(d);
                    }
                    ObjKind::Func { .. } => stack.extend(c.objs[d].deps.iter().copied()),
                    _ => {}
                }
            }
            out
        };
        let mut ndeps: FxMap<usize, usize> = FxMap::default();
        let mut preds: FxMap<usize, Vec<usize>> = FxMap::default();
        for s in &specs {
            let deps = var_deps(self, &s.2);
            for &o in &s.2 {
                // Another package's variables are initialized before this
                // package's: only this package's count.
                let local: Vec<usize> = deps
                    .iter()
                    .copied()
                    .filter(|d| spec_of.contains_key(d))
                    .collect();
                ndeps.insert(o, local.len());
                for d in local {
                    preds.entry(d).or_default().push(o);
                }
            }
        }
        let mut heap: BinaryHeap<Reverse<(usize, usize)>> =
            ndeps.iter().map(|(&o, &n)| Reverse((n, o))).collect();
        let mut popped: FxSet<usize> = FxSet::default();
        let mut emitted = vec![false; specs.len()];
        let mut order = Vec::new();
        while let Some(Reverse((n, o))) = heap.pop() {
            if popped.contains(&o) || ndeps.get(&o) != Some(&n) {
                continue; // a stale entry
            }
            popped.insert(o);
            if n > 0 {
                if let Some(cycle) = self.init_cycle_path(o) {
                    self.report_init_cycle(&cycle);
                }
            }
            for &q in preds.get(&o).map(Vec::as_slice).unwrap_or(&[]) {
                if let Some(k) = ndeps.get_mut(&q) {
                    if !popped.contains(&q) && *k > 0 {
                        *k -= 1;
                        heap.push(Reverse((*k, q)));
                    }
                }
            }
            let i = spec_of[&o];
            if !emitted[i] {
                emitted[i] = true;
                order.push(VarInit {
                    decl: specs[i].0,
                    spec: specs[i].1,
                });
            }
        }
        self.info.packages.push(PackageInfo {
            path: self.pkgs[p].path.clone(),
            var_inits: order,
            inits: inits_funcs,
        });
    }

    /// A path of references from `o` back to itself, `[o, d1, ..., dk]`,
    /// found as types2's `findPath` finds it: depth first, each object's
    /// dependencies in declaration order, no object visited twice.
    fn init_cycle_path(&self, o: usize) -> Option<Vec<usize>> {
        let sorted_deps = |x: usize| {
            let mut d: Vec<usize> = self.objs[x].deps.iter().copied().collect();
            d.sort_unstable();
            d
        };
        let mut seen: FxSet<usize> = FxSet::from_iter([o]);
        // Frames: (object, its dependencies, the next one to try).
        let mut stack: Vec<(usize, Vec<usize>, usize)> = vec![(o, sorted_deps(o), 0)];
        while let Some(top) = stack.last_mut() {
            let Some(&d) = top.1.get(top.2) else {
                stack.pop();
                continue;
            };
            top.2 += 1;
            if d == o {
                return Some(stack.iter().map(|f| f.0).collect());
            }
            if seen.insert(d) {
                let deps = sorted_deps(d);
                stack.push((d, deps, 0));
            }
        }
        None
    }

    /// types2's `reportCycle`: `initialization cycle for x` and one
    /// `x refers to y` line per step, each at the referring object.
    fn report_init_cycle(&mut self, cycle: &[usize]) {
        let o = cycle[0];
        let saved = self.file;
        self.file = self.objs[o].file;
        let name = self.objs[o].name.clone();
        let pos = self.objs[o].pos;
        if cycle.len() == 1 {
            self.err(
                pos,
                format!("initialization cycle: {name} refers to itself"),
            );
            self.file = saved;
            return;
        }
        let mut msg = format!("initialization cycle for {name}");
        for (i, &a) in cycle.iter().enumerate() {
            let b = cycle[(i + 1) % cycle.len()];
            self.file = self.objs[a].file;
            let at = self.pos_string(self.objs[a].pos);
            msg.push_str(&format!(
                "\n\t{}: {} refers to {}",
                at, self.objs[a].name, self.objs[b].name
            ));
        }
        self.file = self.objs[o].file;
        self.err(pos, msg);
        self.file = saved;
    }

    /// Notes a reference to package-level object `o` (init order).
    pub(crate) fn note_dep(&mut self, o: usize) {
        if self.lazy.on {
            self.lazy.needed.insert(o);
        }
        if self.objs.get(o).is_some_and(|x| x.pkg == self.pkg) {
            if let Some(d) = &mut self.deps {
                d.insert(o);
            }
        }
    }
}

/// `func (p *Pair[K, V]) M()`: a method of a generic type.
fn recv_is_generic(fd: &ast::FuncDecl) -> bool {
    let Some(r) = &fd.recv else { return false };
    let base = match &strip_parens(&r.ty).kind {
        ast::ExprKind::Star(x) => strip_parens(x),
        _ => strip_parens(&r.ty),
    };
    matches!(
        base.kind,
        ast::ExprKind::Index(..) | ast::ExprKind::IndexList(..)
    )
}

pub(crate) fn strip_parens(mut e: &ast::Expr) -> &ast::Expr {
    while let ast::ExprKind::Paren(x) = &e.kind {
        e = x;
    }
    e
}
