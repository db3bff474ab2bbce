//! The bytecode compiler: checked program → [`Image`].
//!
//! Owns: the translation of the syntax tree, annotated by the checker's
//! [`Info`], into protos (one per function, method, closure body and
//! compiler-made thunk), the global variable layout, the runtime type
//! descriptors (`rtypes`) and the program's entry proto.
//!
//! Layout of this module:
//! - `mod.rs`: the driver, proto/native/global numbering, runtime types and
//!   method tables;
//! - `func.rs`: one function being compiled (registers, scopes, jumps);
//! - `escape.rs`: which variables live in heap cells (captured by closures or
//!   address taken) and the free variables of function literals;
//! - `stmt.rs`, `expr.rs`, `call.rs`: statements, expressions, calls.
//!
//! Invariants: it runs only on programs the checker accepted, so a shape the
//! checker rejects is an internal error here ([`CompileError`]), never a
//! panic; value semantics of structs and arrays are the compiler's job (see
//! `heap`): a value read from a place is *borrowed* and copied before it is
//! stored anywhere, while call results and composite literals are *fresh*.

mod borrow;
mod call;
mod dead;
mod escape;
mod expr;
mod func;
mod inline;
mod rangefunc;
mod stmt;
mod unsafe_pkg;

use crate::bytecode::{Image, Op, Proto, RecvAdjust};
use crate::info::{DeclRef, Info, SelKind, Selection, VarId};
use crate::program::Program;
use crate::rtype::{Kind, RField, RMethod, RType};
use crate::types::{BasicKind, FuncId, Type, TypeId, TypeTable};
use minigo_parser::ast;
use std::collections::{HashMap, HashSet};

pub use func::FnCx;

/// The compiler met something it cannot translate (an unsupported feature
/// or an inconsistency the checker should have caught).
#[derive(Debug, Clone)]
pub struct CompileError {
    pub pkg: usize,
    pub file: usize,
    pub pos: u32,
    pub msg: String,
}

pub type CResult<T> = Result<T, CompileError>;

/// Parameter and result types of a proto.
pub(crate) type SigTys = (Vec<TypeId>, Vec<TypeId>);

/// A wrapper proto made on demand, keyed so that it is made once.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum WrapperKey {
    /// A method value `x.M` of a concrete method: captures the receiver.
    BoundMethod(FuncId),
    /// A method value `x.M` of an interface method: captures the interface.
    BoundIface(u32, u16, u16),
    /// A promoted method reached through embedded fields, for method tables.
    Promoted(TypeId, Vec<usize>, FuncId, String),
    /// `(*T).M` for a value-receiver M, for method tables.
    DerefRecv(FuncId),
}

pub struct Compiler<'a> {
    pub(crate) prog: &'a Program,
    pub(crate) info: &'a Info,
    pub(crate) image: Image,
    rtype_map: HashMap<TypeId, u32>,
    method_names: HashMap<String, u32>,
    natives: HashMap<String, u16>,
    /// FuncId → proto (natives get a wrapper proto that calls them).
    func_protos: HashMap<FuncId, u32>,
    globals: HashMap<VarId, u32>,
    wrappers: HashMap<WrapperKey, u32>,
    /// Variables that live in heap cells (see `escape`).
    pub(crate) cells: HashSet<VarId>,
    /// Value-receiver methods that may borrow the caller's struct (see
    /// `borrow`).
    pub(crate) borrowed_recv: HashSet<FuncId>,
    /// Per function, its parameters that may borrow (bit `i`: parameter
    /// `i`; see `borrow`).
    pub(crate) borrowed_params: HashMap<FuncId, u64>,
    /// Per function, whether calls to it are compiled in place (`inline`).
    inline_cache: HashMap<FuncId, Option<inline::InlineBody<'a>>>,
    line_starts: HashMap<(usize, usize), Vec<u32>>,
    /// Parameter and result types of protos, made into `Proto::sig` by
    /// `fill_verifier_metadata` once everything is compiled.
    pub(crate) proto_sig_tys: HashMap<u32, SigTys>,
    /// `escape::stack_slices` answers for function literals not yet
    /// compiled, by body address.
    pub(crate) stack_slice_cache: HashMap<usize, HashSet<VarId>>,
    /// `escape::free_vars` answers for function literals not yet compiled.
    pub(crate) free_vars_cache: HashMap<usize, Vec<VarId>>,
    /// The signature (a func type without receiver) of each method key.
    key_sigs: HashMap<u32, TypeId>,
    /// The types `NewCell`s hold, by proto, made into `Proto::cell_types`.
    pub(crate) cell_tys: HashMap<u32, Vec<(u32, TypeId)>>,
    /// The first operand that did not fit its field (see `operand16`),
    /// reported by `compile` in place of any later error.
    limit: std::cell::OnceCell<CompileError>,
    /// (pkg, file, pos) of the statement being compiled, for `limit`.
    pub(crate) last_pos: (usize, usize, u32),
}

/// Compiles a checked program.
pub fn compile(prog: &Program, info: &Info) -> CResult<Image> {
    let mut c = Compiler {
        prog,
        info,
        image: Image::default(),
        rtype_map: HashMap::new(),
        method_names: HashMap::new(),
        natives: HashMap::new(),
        func_protos: HashMap::new(),
        globals: HashMap::new(),
        wrappers: HashMap::new(),
        cells: HashSet::new(),
        borrowed_recv: HashSet::new(),
        borrowed_params: HashMap::new(),
        inline_cache: HashMap::new(),
        line_starts: HashMap::new(),
        proto_sig_tys: HashMap::new(),
        stack_slice_cache: HashMap::new(),
        free_vars_cache: HashMap::new(),
        key_sigs: HashMap::new(),
        cell_tys: HashMap::new(),
        limit: std::cell::OnceCell::new(),
        last_pos: (0, 0, 0),
    };
    let r = c.run();
    // A limit error comes first: code compiled after it used dummy
    // operands, so a later error may be a consequence of it.
    if let Some(e) = c.limit.take() {
        return Err(e);
    }
    r?;
    Ok(c.image)
}

impl Compiler<'_> {
    /// Records that the program is too large for minigo's operand widths
    /// (`bytecode` module doc, "Limits"), at the statement being compiled.
    /// Only the first such error is kept; the caller goes on with a dummy
    /// operand and `compile` reports the error, so the image is never run.
    pub(crate) fn too_large(&self, what: &str) {
        let (pkg, file, pos) = self.last_pos;
        let _ = self.limit.set(CompileError {
            pkg,
            file,
            pos,
            msg: what.to_string(),
        });
    }

    /// The limit error recorded, if any.
    pub(crate) fn limit_error(&self) -> Option<CompileError> {
        self.limit.get().cloned()
    }

    /// `n` as a 16-bit operand (a type, field, proto, native, capture,
    /// descriptor index or a count), or 0 after recording `what` as a limit
    /// error: never a truncated index.
    pub(crate) fn operand16(&self, n: usize, what: &str) -> u16 {
        u16::try_from(n).unwrap_or_else(|_| {
            self.too_large(what);
            0
        })
    }

    /// `n` as a 32-bit operand (constant, proto, global, method key, pc),
    /// checked like `operand16`.
    pub(crate) fn operand32(&self, n: usize, what: &str) -> u32 {
        u32::try_from(n).unwrap_or_else(|_| {
            self.too_large(what);
            0
        })
    }

    /// The runtime type index of `t` as a 16-bit operand (`rtype` checked).
    pub(crate) fn rt16(&mut self, t: TypeId) -> u16 {
        let i = self.rtype(t);
        self.operand16(i as usize, TOO_MANY_TYPES)
    }
}

/// Limit messages (the `bytecode` module doc, "Limits").
pub(crate) const TOO_MANY_TYPES: &str = "program too large: too many types (limit 65536)";
pub(crate) const TOO_MANY_FUNCS: &str = "program too large: too many functions (limit 65536)";
pub(crate) const TOO_MANY_REGS: &str = "function too large: too many registers (limit 65280)";
pub(crate) const TOO_MANY_OPERANDS: &str = "function too large: too many operands (limit 65535)";

impl<'a> Compiler<'a> {
    fn run(&mut self) -> CResult<()> {
        // Number every function first so calls can refer to any of them.
        for (i, f) in self.info.funcs.iter().enumerate() {
            let idx = self.new_proto(Proto {
                name: proto_name(&self.info.types, f),
                file: self.file_name(f.decl),
                ..Proto::default()
            });
            self.func_protos.insert(FuncId(i as u32), idx);
        }
        // Globals.
        for (i, v) in self.info.vars.iter().enumerate() {
            if v.global {
                let g = self.image.nglobals;
                self.image.nglobals += 1;
                self.globals.insert(VarId(i as u32), g);
                if self.is_aggregate(v.ty) {
                    let t = self.rtype(v.ty);
                    self.image.aggregate_globals.push((g, t));
                }
            }
        }
        let t = crate::phases::Timer::start();
        // Escape analysis over every function body.
        for (i, f) in self.info.funcs.iter().enumerate() {
            if f.generic {
                continue;
            }
            if let Some(fd) = f.instance.or_else(|| self.func_decl(f.decl)) {
                escape::analyze_func(self.info, fd, &mut self.cells);
                let (recv, params) = borrow::borrowable(self.info, fd);
                if recv {
                    self.borrowed_recv.insert(FuncId(i as u32));
                }
                if params != 0 {
                    self.borrowed_params.insert(FuncId(i as u32), params);
                }
            }
        }
        for pkg in &self.prog.packages {
            for file in &pkg.files {
                for d in &file.ast.decls {
                    if let ast::Decl::Var(specs) = d {
                        for s in specs {
                            for v in &s.values {
                                escape::analyze_expr(self.info, v, &mut self.cells);
                            }
                        }
                    }
                }
            }
        }
        t.stop("compile: escape + borrow");
        let t = crate::phases::Timer::start();
        // Function bodies.
        for i in 0..self.info.funcs.len() {
            let fid = FuncId(i as u32);
            let f = self.info.func(fid).clone();
            let proto = self.func_protos[&fid];
            if f.generic {
                // Only instances run; the generic declaration has no code.
                continue;
            }
            if f.native {
                self.compile_native_wrapper(fid, proto)?;
            } else {
                let fd = f
                    .instance
                    .or_else(|| self.func_decl(f.decl))
                    .ok_or_else(|| self.err_at(f.decl, 0, "function declaration not found"))?;
                let mut cx = FnCx::new(self, f.decl.pkg, f.decl.file, proto);
                cx.compile_func_decl(fd, fid)?;
            }
        }
        // The entry: package initialization, then main.main.
        let entry = self.new_proto(Proto {
            name: "runtime.main".into(),
            file: String::new(),
            ..Proto::default()
        });
        let main_pkg = self.prog.packages.len().saturating_sub(1);
        let mut cx = FnCx::new(self, main_pkg, 0, entry);
        cx.compile_entry()?;
        self.image.entry = entry;
        t.stop("compile: bodies");
        crate::phases::time("compile: verifier metadata", || {
            self.fill_verifier_metadata()
        });
        Ok(())
    }

    /// Fills the metadata the load-time verifier needs (`Proto::sig`,
    /// `Image::global_types`, `Image::native_sigs`, func rtypes' params and
    /// results). Done last, so that rtypes built here only for the verifier
    /// come after every other and no index used by the code changes.
    fn fill_verifier_metadata(&mut self) {
        let mut func_done: HashSet<u32> = HashSet::new();
        loop {
            let before = (self.image.protos.len(), self.image.rtypes.len());
            for i in 0..self.info.funcs.len() {
                let fid = FuncId(i as u32);
                let fi = self.info.func(fid);
                let Some(sg) = self.types().signature(fi.sig).cloned() else {
                    continue;
                };
                let p = self.func_protos[&fid];
                self.proto_sig_tys
                    .entry(p)
                    .or_insert((sg.params.clone(), sg.results.clone()));
                if fi.native {
                    let name = self.native_name(fid);
                    if let Some(&id) = self.natives.get(&name) {
                        let sig = self.sig_of(&sg.params, &sg.results);
                        let ns = &mut self.image.native_sigs;
                        if ns.len() <= id as usize {
                            ns.resize(id as usize + 1, None);
                        }
                        ns[id as usize] = Some(sig);
                    }
                }
            }
            let wrappers: Vec<(WrapperKey, u32)> =
                self.wrappers.iter().map(|(k, &p)| (k.clone(), p)).collect();
            for (k, p) in wrappers {
                let sig = match k {
                    WrapperKey::BoundMethod(f) => self.types().signature(self.info.func(f).sig),
                    WrapperKey::BoundIface(m, _, _) => self
                        .key_sigs
                        .get(&m)
                        .and_then(|&t| self.types().signature(t)),
                    _ => None,
                };
                let Some(sg) = sig.cloned() else { continue };
                let skip = matches!(k, WrapperKey::BoundMethod(_)) as usize;
                let params = sg.params.get(skip..).unwrap_or(&[]).to_vec();
                self.proto_sig_tys.entry(p).or_insert((params, sg.results));
            }
            let sigs: Vec<(u32, SigTys)> = self
                .proto_sig_tys
                .iter()
                .map(|(&p, s)| (p, s.clone()))
                .collect();
            for (p, (ps, rs)) in sigs {
                if self.image.protos[p as usize].sig.is_none() {
                    let sig = self.sig_of(&ps, &rs);
                    self.image.protos[p as usize].sig = Some(sig);
                }
            }
            let cells: Vec<(u32, Vec<(u32, TypeId)>)> = self.cell_tys.drain().collect();
            for (p, cs) in cells {
                let ts = cs.into_iter().map(|(pc, t)| (pc, self.rtype(t))).collect();
                self.image.protos[p as usize].cell_types = ts;
            }
            let funcs: Vec<(TypeId, u32)> = self.rtype_map.iter().map(|(&t, &i)| (t, i)).collect();
            for (t, i) in funcs {
                if self.image.rtypes[i as usize].kind == Kind::Func && func_done.insert(i) {
                    if let Some(sg) = self.types().signature(t).cloned() {
                        let sig = self.sig_of(&sg.params, &sg.results);
                        let r = &mut self.image.rtypes[i as usize];
                        r.params = sig.params;
                        r.results = sig.results;
                    }
                }
            }
            let globals: Vec<(VarId, u32)> = self.globals.iter().map(|(&v, &g)| (v, g)).collect();
            self.image.global_types = vec![0; self.image.nglobals as usize];
            for (v, g) in globals {
                let t = self.rtype(self.info.var(v).ty);
                self.image.global_types[g as usize] = t;
            }
            let ns = self.image.natives.len();
            self.image.native_sigs.resize(ns, None);
            if before == (self.image.protos.len(), self.image.rtypes.len()) {
                break;
            }
        }
    }

    fn sig_of(&mut self, params: &[TypeId], results: &[TypeId]) -> crate::bytecode::Sig {
        crate::bytecode::Sig {
            params: params.iter().map(|&t| self.rtype(t)).collect(),
            results: results.iter().map(|&t| self.rtype(t)).collect(),
        }
    }

    pub(crate) fn new_proto(&mut self, p: Proto) -> u32 {
        self.image.protos.push(p);
        self.operand32(self.image.protos.len() - 1, TOO_MANY_FUNCS)
    }

    pub(crate) fn func_decl(&self, d: DeclRef) -> Option<&'a ast::FuncDecl> {
        let prog: &'a Program = self.prog;
        match prog
            .packages
            .get(d.pkg)?
            .files
            .get(d.file)?
            .ast
            .decls
            .get(d.decl)?
        {
            ast::Decl::Func(f) => Some(f),
            _ => None,
        }
    }

    pub(crate) fn file_name(&self, d: DeclRef) -> String {
        self.prog
            .packages
            .get(d.pkg)
            .and_then(|p| p.files.get(d.file))
            .map(|f| f.name.clone())
            .unwrap_or_default()
    }

    pub(crate) fn err_at(&self, d: DeclRef, pos: u32, msg: &str) -> CompileError {
        CompileError {
            pkg: d.pkg,
            file: d.file,
            pos,
            msg: msg.to_string(),
        }
    }

    /// 1-based line of byte offset `pos` in file (pkg, file).
    pub(crate) fn line_of(&mut self, pkg: usize, file: usize, pos: u32) -> u32 {
        let starts = self.line_starts.entry((pkg, file)).or_insert_with(|| {
            let src = self
                .prog
                .packages
                .get(pkg)
                .and_then(|p| p.files.get(file))
                .map(|f| f.src.as_bytes())
                .unwrap_or(b"");
            let mut v = vec![0u32];
            for (i, &b) in src.iter().enumerate() {
                if b == b'\n' {
                    v.push(i as u32 + 1);
                }
            }
            v
        });
        starts.partition_point(|&s| s <= pos) as u32
    }

    pub(crate) fn func_proto(&self, f: FuncId) -> u32 {
        self.func_protos[&f]
    }

    pub(crate) fn global(&self, v: VarId) -> Option<u32> {
        self.globals.get(&v).copied()
    }

    pub(crate) fn native_id(&mut self, name: &str) -> u16 {
        if let Some(&id) = self.natives.get(name) {
            return id;
        }
        let id = self.operand16(self.image.natives.len(), TOO_MANY_OPERANDS);
        self.image.natives.push(name.to_string());
        self.natives.insert(name.to_string(), id);
        id
    }

    /// The native name of a body-less function: `pkg.Name` or
    /// `pkg.Type.Method`.
    pub(crate) fn native_name(&self, f: FuncId) -> String {
        let fi = self.info.func(f);
        match fi.recv_named {
            Some(t) => match self.info.types.get(t) {
                Type::Named(n) => format!("{}.{}.{}", fi.pkg, n.name, fi.name),
                _ => format!("{}.{}", fi.pkg, fi.name),
            },
            None => format!("{}.{}", fi.pkg, fi.name),
        }
    }

    /// The index of a method *key*: its name and signature, as in
    /// `Error() string`. Interface satisfaction at run time (type
    /// assertions, `CallIface`) compares keys, so a method with the right
    /// name but another signature never matches (Go compares both).
    pub(crate) fn method_key(&mut self, name: &str, sig: TypeId) -> u32 {
        let mut key = name.to_string();
        if let Some(sg) = self.info.types.signature(sig) {
            self.info.types.write_sig(&mut key, sg, true, 0);
        }
        if let Some(&id) = self.method_names.get(&key) {
            return id;
        }
        let id = self.operand32(self.image.method_names.len(), TOO_MANY_OPERANDS);
        self.image.method_names.push(key.clone());
        self.method_names.insert(key, id);
        self.key_sigs.insert(id, sig);
        id
    }

    fn compile_native_wrapper(&mut self, fid: FuncId, proto: u32) -> CResult<()> {
        let name = self.native_name(fid);
        let nid = self.native_id(&name);
        let sig = self
            .info
            .types
            .signature(self.info.func(fid).sig)
            .cloned()
            .unwrap_or(crate::types::Signature {
                params: vec![],
                results: vec![],
                variadic: false,
            });
        let np = self.operand16(sig.params.len(), TOO_MANY_OPERANDS);
        let nr = self.operand16(sig.results.len(), TOO_MANY_OPERANDS);
        let p = &mut self.image.protos[proto as usize];
        p.nparams = np;
        p.nresults = nr;
        p.nregs = np.max(nr).max(1);
        p.code = vec![
            Op::CallNative {
                a: 0,
                f: nid,
                n: np,
            },
            Op::Return { a: 0, n: nr },
        ];
        p.lines = vec![0, 0];
        Ok(())
    }

    // ------------------------------------------------------------ types

    pub(crate) fn types(&self) -> &'a TypeTable {
        &self.info.types
    }

    /// Structs and arrays: values are boxes copied on assignment.
    pub(crate) fn is_aggregate(&self, t: TypeId) -> bool {
        matches!(
            self.info.types.under(t),
            Type::Struct(_) | Type::Array(_, _)
        )
    }

    /// The runtime descriptor index of a type, built on first use.
    pub(crate) fn rtype(&mut self, t: TypeId) -> u32 {
        if let Some(&i) = self.rtype_map.get(&t) {
            return i;
        }
        let idx = self.operand32(self.image.rtypes.len(), TOO_MANY_TYPES);
        self.image.rtypes.push(RType::invalid());
        self.rtype_map.insert(t, idx);
        let tt = self.types();
        let name = tt.name(t, true);
        let under = tt.underlying(t);
        let (named, pkg) = match tt.get(t) {
            Type::Named(n) => (true, n.pkg.clone()),
            _ => (false, String::new()),
        };
        let mut r = RType::invalid();
        r.name = name;
        r.named = named;
        r.pkg = pkg;
        r.comparable = true;
        match tt.get(under).clone() {
            Type::Basic(k) => {
                r.kind = match k {
                    BasicKind::Bool | BasicKind::UntypedBool => Kind::Bool,
                    BasicKind::Int | BasicKind::UntypedInt => Kind::Int,
                    BasicKind::Int8 => Kind::Int8,
                    BasicKind::Int16 => Kind::Int16,
                    BasicKind::Int32 | BasicKind::UntypedRune => Kind::Int32,
                    BasicKind::Int64 => Kind::Int64,
                    BasicKind::Uint => Kind::Uint,
                    BasicKind::Uint8 => Kind::Uint8,
                    BasicKind::Uint16 => Kind::Uint16,
                    BasicKind::Uint32 => Kind::Uint32,
                    BasicKind::Uint64 => Kind::Uint64,
                    BasicKind::Uintptr => Kind::Uintptr,
                    BasicKind::Float32 => Kind::Float32,
                    BasicKind::Float64 | BasicKind::UntypedFloat => Kind::Float64,
                    BasicKind::Complex64 => Kind::Complex64,
                    BasicKind::Complex128 | BasicKind::UntypedComplex => Kind::Complex128,
                    BasicKind::String | BasicKind::UntypedString => Kind::String,
                    BasicKind::UntypedNil => Kind::Interface,
                    BasicKind::Invalid => Kind::Invalid,
                };
            }
            Type::Pointer(e) => {
                r.kind = Kind::Pointer;
                r.elem = self.rtype(e);
            }
            Type::Slice(e) => {
                r.kind = Kind::Slice;
                r.elem = self.rtype(e);
                r.comparable = false;
            }
            Type::Array(n, e) => {
                r.kind = Kind::Array;
                r.elem = self.rtype(e);
                r.len = n as usize;
                r.aggregate = true;
                r.comparable = self.image.rtypes[r.elem as usize].comparable;
            }
            Type::Map(k, v) => {
                r.kind = Kind::Map;
                r.key = self.rtype(k);
                r.elem = self.rtype(v);
                r.comparable = false;
            }
            Type::Chan(_, e) => {
                r.kind = Kind::Chan;
                r.elem = self.rtype(e);
            }
            Type::Struct(fields) => {
                r.kind = Kind::Struct;
                r.aggregate = true;
                for f in fields {
                    let ft = self.rtype(f.ty);
                    if !self.image.rtypes[ft as usize].comparable {
                        r.comparable = false;
                    }
                    r.fields.push(RField {
                        exported: f.name.chars().next().is_some_and(|c| c.is_uppercase()),
                        name: f.name.clone(),
                        ty: ft,
                        embedded: f.embedded,
                        tag: f.tag.clone().unwrap_or_default(),
                    });
                }
            }
            Type::Func(_) => {
                r.kind = Kind::Func;
                r.comparable = false;
            }
            Type::Interface(ms) => {
                r.kind = Kind::Interface;
                let mut names: Vec<u32> =
                    ms.iter().map(|m| self.method_key(&m.name, m.sig)).collect();
                names.sort_unstable();
                r.iface_methods = names;
            }
            Type::Named(_) | Type::Tuple(_) => {}
        }
        // A recursive type may have been completed meanwhile only for the
        // placeholder; write ours and then the method set (which can
        // reference wrappers needing this descriptor).
        self.image.rtypes[idx as usize] = r;
        let methods = self.method_table(t);
        self.image.rtypes[idx as usize].methods = methods;
        idx
    }

    /// The method set of `t` for interface dispatch, sorted by name index.
    fn method_table(&mut self, t: TypeId) -> Vec<RMethod> {
        let tt = self.types();
        let (base, is_ptr) = match tt.get(t) {
            Type::Pointer(e) if tt.is_named(*e) => (*e, true),
            Type::Named(_) => (t, false),
            Type::Struct(_) => (t, false),
            Type::Pointer(e) if matches!(tt.get(*e), Type::Struct(_)) => (*e, true),
            _ => return Vec::new(),
        };
        if tt.is_interface(base) {
            return Vec::new();
        }
        let mut out: Vec<RMethod> = Vec::new();
        let mut seen: HashSet<String> = HashSet::new();
        let agg = self.is_aggregate(base);
        for m in tt.named_methods(base).to_vec() {
            seen.insert(m.name.clone());
            if m.ptr_recv && !is_ptr {
                continue;
            }
            let proto = self.func_proto(m.func);
            let (func, adjust) = if is_ptr && !m.ptr_recv {
                // A value method called through an interface holding a
                // *T: the dispatch dereferences (a nil *T is Go's nil
                // dereference panic there; the "value method called using
                // nil pointer" wrapper is only for method expressions).
                (proto, RecvAdjust::Deref)
            } else if !m.ptr_recv && agg && !self.borrowed_recv.contains(&m.func) {
                // An interface's value is never written in place, so a
                // method that only reads its receiver may have it as is.
                (proto, RecvAdjust::Copy)
            } else {
                (proto, RecvAdjust::None)
            };
            let name = self.method_key(&m.name, m.sig);
            out.push(RMethod { name, func, adjust });
        }
        // Promoted methods through embedded fields (breadth-first by depth;
        // the shallowest wins, as Go's selector rule).
        let mut level: Vec<(TypeId, Vec<usize>, bool)> = vec![(base, vec![], false)];
        for _depth in 0..8 {
            let mut next = Vec::new();
            let mut found_here: Vec<(String, TypeId, Vec<usize>, FuncId, bool)> = Vec::new();
            for (ty, path, via_ptr) in &level {
                if let Type::Struct(fields) = tt.under(*ty) {
                    for (i, f) in fields.iter().enumerate() {
                        if !f.embedded {
                            continue;
                        }
                        let (ft, fptr) = match tt.get(f.ty) {
                            Type::Pointer(e) => (*e, true),
                            _ => (f.ty, false),
                        };
                        let mut p = path.clone();
                        p.push(i);
                        let reach_ptr = *via_ptr || fptr;
                        for m in tt.named_methods(ft) {
                            if !seen.contains(&m.name) {
                                found_here.push((
                                    m.name.clone(),
                                    m.sig,
                                    p.clone(),
                                    m.func,
                                    m.ptr_recv && !(is_ptr || reach_ptr),
                                ));
                            }
                        }
                        if tt.is_interface(ft) {
                            // Embedded interface: promoted interface methods.
                            for m in tt.iface_methods(ft) {
                                if !seen.contains(&m.name) {
                                    found_here.push((
                                        m.name.clone(),
                                        m.sig,
                                        p.clone(),
                                        FuncId(u32::MAX),
                                        false,
                                    ));
                                }
                            }
                        }
                        next.push((ft, p, reach_ptr));
                    }
                }
            }
            for (name, msig, path, func, needs_addr_unavailable) in found_here {
                if seen.contains(&name) || needs_addr_unavailable {
                    seen.insert(name);
                    continue;
                }
                seen.insert(name.clone());
                let wrapper = self.promoted_wrapper(t, path, func, &name);
                let nm = self.method_key(&name, msig);
                out.push(RMethod {
                    name: nm,
                    func: wrapper,
                    adjust: if agg && !is_ptr {
                        RecvAdjust::Copy
                    } else {
                        RecvAdjust::None
                    },
                });
            }
            if next.is_empty() {
                break;
            }
            level = next;
        }
        out.sort_by_key(|m| m.name);
        out.dedup_by_key(|m| m.name);
        out
    }

    /// `(*T).M` for a value-receiver method M: dereference, then call.
    fn deref_wrapper(&mut self, f: FuncId) -> u32 {
        let key = WrapperKey::DerefRecv(f);
        if let Some(&p) = self.wrappers.get(&key) {
            return p;
        }
        let fi = self.info.func(f).clone();
        let sig = self.types().signature(fi.sig).cloned();
        let Some(sig) = sig else { return 0 };
        let recv_t = sig.params[0];
        let np = self.operand16(sig.params.len(), TOO_MANY_OPERANDS);
        let nr = self.operand16(sig.results.len(), TOO_MANY_OPERANDS);
        let target = self.func_proto(f);
        let mut p = Proto {
            name: proto_name(self.types(), &fi),
            file: self.file_name(fi.decl),
            nparams: np,
            nresults: nr,
            ..Proto::default()
        };
        let mut code = Vec::new();
        // R[0] is *T; the value receiver is a copy of *R[0]. A nil *T is
        // Go's "value method ... called using nil *T pointer" panic.
        let tname = match self.types().get(recv_t) {
            Type::Named(n) => n.name.clone(),
            _ => self.types().name(recv_t, false),
        };
        let msg = format!(
            "value method {}.{}.{} called using nil *{} pointer",
            fi.pkg, tname, fi.name, tname
        );
        p.consts = vec![crate::heap::new_static_str(msg.as_bytes())];
        p.str_consts = vec![true];
        let str_t = self.rt16(TypeTable::STRING);
        code.push(Op::IsNil { a: np, b: 0 });
        code.push(Op::JmpIfNot { a: np, off: 3 });
        code.push(Op::LoadConst { a: np, k: 0 });
        code.push(Op::MakeIface {
            a: np,
            b: np,
            t: str_t,
        });
        code.push(Op::Panic { a: np });
        if self.is_aggregate(recv_t) {
            let rt = self.rt16(recv_t);
            code.push(Op::Copy { a: 0, b: 0, t: rt });
        } else {
            code.push(Op::Load { a: 0, b: 0 });
        }
        code.push(Op::Call { a: 0, f: target });
        code.push(Op::Return { a: 0, n: nr });
        p.lines = vec![0; code.len()];
        p.code = code;
        p.nregs = (np + 1).max(nr).max(1);
        let idx = self.new_proto(p);
        self.wrappers.insert(key, idx);
        idx
    }

    /// The proto a method expression `T.M`, `(*T).M` or `I.M` denotes: a
    /// function whose first parameter is a receiver of type `recv_t`.
    /// `None` when that is the method's own proto (the receiver is passed
    /// as is); otherwise a wrapper that adjusts the receiver.
    pub(crate) fn method_expr_proto(&mut self, recv_t: TypeId, sel: &Selection) -> Option<u32> {
        match sel.kind {
            SelKind::MethodExpr { func, ptr_recv } => {
                let is_ptr = matches!(self.types().get(recv_t), Type::Pointer(_));
                if sel.path.is_empty() && ptr_recv == is_ptr {
                    return None;
                }
                let name = self.info.func(func).name.clone();
                Some(self.promoted_wrapper(recv_t, sel.path.clone(), func, &name))
            }
            SelKind::IfaceMethodExpr { index } => {
                let it = self.path_type_of(recv_t, &sel.path);
                let m = self.types().iface_methods(it).get(index).cloned()?;
                Some(self.promoted_wrapper(recv_t, sel.path.clone(), FuncId(u32::MAX), &m.name))
            }
            _ => None,
        }
    }

    /// The type reached by walking embedded fields `path` from `t` (each
    /// step dereferences implicitly).
    pub(crate) fn path_type_of(&self, t: TypeId, path: &[usize]) -> TypeId {
        let tt = self.types();
        let mut cur = t;
        for &i in path {
            let s = match tt.get(cur) {
                Type::Pointer(e) => *e,
                _ => cur,
            };
            cur = match tt.under(s) {
                Type::Struct(fs) => fs.get(i).map(|f| f.ty).unwrap_or(TypeTable::INVALID),
                _ => TypeTable::INVALID,
            };
        }
        cur
    }

    /// A function `func(recv outer, args...) results` that walks `path`
    /// from the receiver, adjusts it to what the method takes, and calls
    /// the method `f` (or, when `f` is `u32::MAX`, the interface method
    /// `name` of the interface reached). Used for promoted methods in
    /// method tables and for method expressions.
    ///
    /// The receiver adjustment is where Go's method sets meet the word
    /// representation: a pointer-receiver method reached through an
    /// embedded non-aggregate value needs that field's address
    /// (`FieldAddr`), a value-receiver method reached through a pointer
    /// needs the pointee (`Load`, or `Copy` for aggregates).
    fn promoted_wrapper(&mut self, outer: TypeId, path: Vec<usize>, f: FuncId, name: &str) -> u32 {
        let key = WrapperKey::Promoted(outer, path.clone(), f, name.to_string());
        if let Some(&p) = self.wrappers.get(&key) {
            return p;
        }
        let iface = f.0 == u32::MAX;
        if !iface && path.is_empty() {
            // `(*T).M` for a value method: Go's wrapper panics with
            // "value method ... called using nil *T pointer".
            if let Type::Pointer(_) = self.types().get(outer) {
                let w = self.deref_wrapper(f);
                let fsig = self.info.func(f).sig;
                if let Some(sg) = self.types().signature(fsig) {
                    let params = std::iter::once(outer).chain(sg.params.iter().skip(1).copied());
                    let sig = (params.collect(), sg.results.clone());
                    self.proto_sig_tys.entry(w).or_insert(sig);
                }
                self.wrappers.insert(key, w);
                return w;
            }
        }
        let idx = self.new_proto(Proto::default());
        self.wrappers.insert(key, idx);
        let tt = self.types();
        let ptr_recv = !iface && {
            let fi = self.info.func(f);
            fi.recv_named.is_some_and(|rn| {
                tt.named_methods(rn)
                    .iter()
                    .any(|m| m.func == f && m.ptr_recv)
            })
        };
        // `cur` is the static type of R[0]; `addr` says R[0] holds the
        // address of a `cur` (a slot pointer) rather than a `cur`.
        let mut cur = outer;
        let mut addr = false;
        let mut code = Vec::new();
        for (k, &i) in path.iter().enumerate() {
            let st = match tt.get(cur) {
                Type::Pointer(e) => *e,
                _ => cur,
            };
            let ft = match tt.under(st) {
                Type::Struct(fs) => fs.get(i).map(|f| f.ty).unwrap_or(TypeTable::INVALID),
                _ => TypeTable::INVALID,
            };
            let last = k + 1 == path.len();
            if last && ptr_recv && !matches!(tt.get(ft), Type::Pointer(_)) && !self.is_aggregate(ft)
            {
                code.push(Op::FieldAddr {
                    a: 0,
                    b: 0,
                    i: self.operand16(i, TOO_MANY_OPERANDS),
                });
                addr = true;
            } else {
                code.push(Op::Field {
                    a: 0,
                    b: 0,
                    i: self.operand16(i, TOO_MANY_OPERANDS),
                });
            }
            cur = ft;
        }
        // `cur` is the embedded field's type: T, *T or an interface.
        let (sig, call) = if iface {
            let ms = tt.iface_methods(cur);
            let m = ms.iter().find(|m| m.name == name).cloned();
            let Some(m) = m else { return idx };
            let sig = tt.signature(m.sig).cloned();
            let mid = self.method_key(name, m.sig);
            (sig, Op::CallIface { a: 0, m: mid })
        } else {
            let fi = self.info.func(f).clone();
            let sig = tt.signature(fi.sig).cloned().map(|mut s| {
                s.params.remove(0);
                s
            });
            let cur_is_ptr = matches!(tt.get(cur), Type::Pointer(_));
            if !ptr_recv {
                let base_t = match tt.get(cur) {
                    Type::Pointer(e) => *e,
                    _ => cur,
                };
                if self.is_aggregate(base_t) {
                    // Field yields the embedded box itself: the method
                    // gets its own copy, as Go passes receivers by value.
                    let rt = self.rt16(base_t);
                    code.push(Op::Copy { a: 0, b: 0, t: rt });
                } else if cur_is_ptr || addr {
                    code.push(Op::Load { a: 0, b: 0 });
                }
            }
            (
                sig,
                Op::Call {
                    a: 0,
                    f: self.func_proto(f),
                },
            )
        };
        let Some(sig) = sig else { return idx };
        let np = self.operand16(sig.params.len() + 1, TOO_MANY_OPERANDS);
        let nr = self.operand16(sig.results.len(), TOO_MANY_OPERANDS);
        let params = std::iter::once(outer).chain(sig.params.iter().copied());
        let sig_tys = (params.collect(), sig.results.clone());
        self.proto_sig_tys.insert(idx, sig_tys);
        code.push(call);
        code.push(Op::Return { a: 0, n: nr });
        let p = &mut self.image.protos[idx as usize];
        p.name = format!("{}.{}", self.info.types.name(outer, true), name);
        p.nparams = np;
        p.nresults = nr;
        p.nregs = np.max(nr).max(1);
        p.lines = vec![0; code.len()];
        p.code = code;
        idx
    }
}

/// Go's name of a function in stack traces: `main.f`, `main.T.M`,
/// `main.(*T).M`.
fn proto_name(tt: &TypeTable, f: &crate::info::FuncInfo) -> String {
    match f.recv_named {
        Some(t) => {
            let tname = match tt.get(t) {
                Type::Named(n) => n.name.clone(),
                _ => "?".into(),
            };
            let ptr = tt
                .named_methods(t)
                .iter()
                .any(|m| m.name == f.name && m.ptr_recv);
            if ptr {
                format!("{}.(*{}).{}", f.pkg, tname, f.name)
            } else {
                format!("{}.{}.{}", f.pkg, tname, f.name)
            }
        }
        None => format!("{}.{}", f.pkg, f.name),
    }
}
