//! The bytecode compiler: checked program → [`Image`].
//!
//! Owns: the translation of the syntax tree, annotated by the checker's
//! [`Info`], into protos (one per function, method, closure body and
//! compiler-made thunk), the global variable layout, the runtime type
//! descriptors (`rtypes`) and the program's entry proto.
//!
//! Reachability, as gc's linker prunes: the program's own functions are all
//! compiled; a standard-library function only once compiled code reaches
//! it (a call, a function value, a method table entry). A method table is
//! filled only for types put in interfaces (`dispatch`), and an entry's
//! body is compiled only once some interface call, method value or the
//! runtime (fmt, panics) names the method, or reflection can call methods
//! by index or name; until then it is a numbered proto that panics with an
//! internal error (`finish_dormant`) and that no code calls. A hello world
//! compiles 60 protos instead of 700.
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

const LAZY_MISS: &str = "the compiler reached a body the checker left unchecked";

impl CompileError {
    /// The compiler reached a standard-library body the checker did not
    /// check (`check::check_with`): not the program's error.
    pub fn is_lazy_miss(&self) -> bool {
        self.pkg == usize::MAX && self.msg.starts_with(LAZY_MISS)
    }
}

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
    /// The inverse of `rtype_map`, by runtime type index.
    rtype_ids: Vec<TypeId>,
    /// Types whose methods are reachable (`dispatch`): the method tables
    /// of their runtime types (and their pointers') are filled.
    dispatched: HashSet<TypeId>,
    /// Types `dispatch` has visited.
    dispatch_seen: HashSet<TypeId>,
    /// Runtime types whose method tables wait for their base type to be
    /// dispatched: base → (runtime type, type).
    undispatched: HashMap<TypeId, Vec<(u32, TypeId)>>,
    method_names: HashMap<String, u32>,
    natives: HashMap<String, u16>,
    /// FuncId → proto (natives get a wrapper proto that calls them), for
    /// the functions reached so far (`func_proto`).
    func_protos: HashMap<FuncId, u32>,
    /// The functions reached, in order; `run` compiles their bodies.
    reached: Vec<FuncId>,
    /// The functions `reached` holds.
    queued: HashSet<FuncId>,
    /// Every function with a proto, in numbering order: those `reached`
    /// and the dormant ones.
    numbered: Vec<FuncId>,
    /// Methods in method tables whose name no interface call names yet,
    /// by method name: their protos exist but are not compiled unless one
    /// is (`call_method_name`).
    dormant: HashMap<String, Vec<FuncId>>,
    /// The method names interface calls name (and the runtime's own).
    called_names: HashSet<String>,
    /// Reflection can call any method (`reflect.Value.Method` and kin are
    /// reached).
    all_called: bool,
    /// The first function reached that the checker left unchecked
    /// (`FuncInfo::unchecked`): the build must check everything and
    /// compile again ([`CompileError::is_lazy_miss`]).
    lazy_miss: std::cell::RefCell<Option<String>>,
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
    /// [`Compiler::file_name`]'s answers, by (package, file).
    file_paths: HashMap<(usize, usize), String>,
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
        rtype_ids: Vec::new(),
        dispatched: HashSet::new(),
        dispatch_seen: HashSet::new(),
        undispatched: HashMap::new(),
        method_names: HashMap::new(),
        natives: HashMap::new(),
        func_protos: HashMap::new(),
        reached: Vec::new(),
        queued: HashSet::new(),
        numbered: Vec::new(),
        dormant: HashMap::new(),
        // The runtime calls these by name: fmt's String, Error, GoString
        // and Format, the run-time errors' Error.
        called_names: ["Error", "String", "GoString", "Format"]
            .into_iter()
            .map(String::from)
            .collect(),
        all_called: false,
        lazy_miss: std::cell::RefCell::new(None),
        globals: HashMap::new(),
        wrappers: HashMap::new(),
        cells: HashSet::new(),
        borrowed_recv: HashSet::new(),
        borrowed_params: HashMap::new(),
        inline_cache: HashMap::new(),
        line_starts: HashMap::new(),
        file_paths: HashMap::new(),
        proto_sig_tys: HashMap::new(),
        stack_slice_cache: HashMap::new(),
        free_vars_cache: HashMap::new(),
        key_sigs: HashMap::new(),
        cell_tys: HashMap::new(),
        limit: std::cell::OnceCell::new(),
        last_pos: (0, 0, 0),
    };
    let r = c.run();
    if let Some(f) = c.lazy_miss.take() {
        return Err(CompileError {
            pkg: usize::MAX,
            file: 0,
            pos: 0,
            msg: format!("{LAZY_MISS}: {f}"),
        });
    }
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
        // Proto 0 is never called: a program counter is `proto << 32 | pc`,
        // and 0 means none (`runtime.Callers`, `FuncForPC`).
        self.new_proto(Proto {
            name: "runtime.nofunc".into(),
            code: vec![Op::Return { a: 0, n: 0 }],
            lines: vec![0],
            nregs: 1,
            ..Proto::default()
        });
        // The program's own functions are numbered first, in declaration
        // order, and all compiled (gc compiles them all, and reports their
        // errors); the standard library's only once something reaches them
        // (`func_proto`).
        for i in 0..self.info.funcs.len() {
            let fid = FuncId(i as u32);
            let f = self.info.func(fid);
            if !f.generic && !self.prog.is_std(f.decl.pkg) {
                self.func_proto(fid);
            }
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
            if f.generic || f.unchecked {
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
        // The entry: package initialization, then main.main. It reaches
        // the init functions and the variables' initializers.
        let entry = self.new_proto(Proto {
            name: "runtime.main".into(),
            file: String::new(),
            ..Proto::default()
        });
        let main_pkg = self.prog.packages.len().saturating_sub(1);
        let mut cx = FnCx::new(self, main_pkg, 0, entry);
        cx.compile_entry()?;
        self.image.entry = entry;
        // Function bodies, as they are reached: compiling one may reach
        // more (calls, function values, method tables of the types it
        // uses), and so may the verifier metadata's runtime types.
        let mut done = 0;
        loop {
            while let Some(&fid) = self.reached.get(done) {
                done += 1;
                self.compile_body(fid)?;
            }
            self.fill_verifier_metadata();
            if done == self.reached.len() {
                break;
            }
        }
        self.finish_dormant();
        t.stop("compile: bodies and verifier metadata");
        Ok(())
    }

    /// Compiles the body of `fid`, whose proto `func_proto` made.
    fn compile_body(&mut self, fid: FuncId) -> CResult<()> {
        let f = self.info.func(fid).clone();
        let proto = self.func_protos[&fid];
        if f.native {
            self.compile_native_wrapper(fid, proto)
        } else {
            let fd = f
                .instance
                .or_else(|| self.func_decl(f.decl))
                .ok_or_else(|| self.err_at(f.decl, 0, "function declaration not found"))?;
            let mut cx = FnCx::new(self, f.decl.pkg, f.decl.file, proto);
            cx.compile_func_decl(fd, fid)
        }
    }

    /// Fills the metadata the load-time verifier needs (`Proto::sig`,
    /// `Image::global_types`, `Image::native_sigs`, func rtypes' params and
    /// results), for every function numbered so far. Runs after the bodies
    /// reached are compiled, and again if the runtime types it makes reach
    /// more (their method tables); indexes only ever grow, so no index the
    /// code uses changes.
    fn fill_verifier_metadata(&mut self) {
        let mut func_done: HashSet<u32> = HashSet::new();
        loop {
            let before = (self.image.protos.len(), self.image.rtypes.len());
            for i in 0..self.numbered.len() {
                let fid = self.numbered[i];
                let Some(sg) = self.types().signature(self.info.func(fid).sig) else {
                    continue;
                };
                let p = self.func_protos[&fid];
                self.proto_sig_tys
                    .entry(p)
                    .or_insert_with(|| (sg.params.clone(), sg.results.clone()));
            }
            // Natives are also called directly (`CallNative`), without
            // their wrapper proto.
            for i in 0..self.info.funcs.len() {
                let fid = FuncId(i as u32);
                if !self.info.func(fid).native {
                    continue;
                }
                let Some(&id) = self.natives.get(&self.native_name(fid)) else {
                    continue;
                };
                let Some(sg) = self.types().signature(self.info.func(fid).sig).cloned() else {
                    continue;
                };
                let sig = self.sig_of(&sg.params, &sg.results);
                let ns = &mut self.image.native_sigs;
                if ns.len() <= id as usize {
                    ns.resize(id as usize + 1, None);
                }
                ns[id as usize] = Some(sig);
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

    /// The file a function's frames name: as gc records it, the absolute
    /// path at compile time (so `runtime.Caller` and tracebacks do not
    /// move with a later `os.Chdir`); prelude files keep their
    /// `$GOROOT/...` names.
    pub(crate) fn file_name(&mut self, d: DeclRef) -> String {
        if let Some(f) = self.file_paths.get(&(d.pkg, d.file)) {
            return f.clone();
        }
        let name = self
            .prog
            .packages
            .get(d.pkg)
            .and_then(|p| p.files.get(d.file))
            .map(|f| f.name.clone())
            .unwrap_or_default();
        let path = absolute_file(&name);
        self.file_paths.insert((d.pkg, d.file), path.clone());
        path
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

    /// The proto of `f`, whose body `run` compiles: the first reference
    /// numbers it. A function nothing reaches gets no proto (only the
    /// standard library has such functions).
    pub(crate) fn func_proto(&mut self, f: FuncId) -> u32 {
        let p = self.number_func(f);
        self.queue_func(f);
        p
    }

    /// The proto of method `f` in a method table: compiled only once an
    /// interface call names it (`call_method_name`).
    fn table_method_proto(&mut self, f: FuncId, name: &str) -> u32 {
        if self.all_called || self.called_names.contains(name) {
            return self.func_proto(f);
        }
        let p = self.number_func(f);
        if !self.queued.contains(&f) {
            self.dormant.entry(name.to_string()).or_default().push(f);
        }
        p
    }

    /// Records that interface calls (or reflection) may call methods named
    /// `name`: their table entries' bodies are compiled.
    pub(crate) fn call_method_name(&mut self, name: &str) {
        if !self.called_names.contains(name) {
            self.called_names.insert(name.to_string());
            for f in self.dormant.remove(name).unwrap_or_default() {
                self.queue_func(f);
            }
        }
    }

    fn number_func(&mut self, f: FuncId) -> u32 {
        if let Some(&p) = self.func_protos.get(&f) {
            return p;
        }
        let fi = self.info.func(f);
        let proto = Proto {
            name: proto_name(&self.info.types, fi),
            file: self.file_name(fi.decl),
            ..Proto::default()
        };
        let idx = self.new_proto(proto);
        self.func_protos.insert(f, idx);
        self.numbered.push(f);
        idx
    }

    /// Records that `f`, which the checker left unchecked, is needed.
    pub(crate) fn note_lazy_miss(&self, f: FuncId) {
        let mut m = self.lazy_miss.borrow_mut();
        if m.is_none() {
            let fi = self.info.func(f);
            *m = Some(format!("{}.{}", fi.pkg, fi.name));
        }
    }

    fn queue_func(&mut self, f: FuncId) {
        if self.info.func(f).unchecked {
            self.note_lazy_miss(f);
            return;
        }
        if !self.queued.insert(f) {
            return;
        }
        self.reached.push(f);
        // Reflection's method calls reach every method by name.
        let fi = self.info.func(f);
        if !self.all_called
            && fi.pkg == "reflect"
            && matches!(
                fi.name.as_str(),
                "Method" | "MethodByName" | "Methods" | "typeMethodAt" | "typeMethodByName"
            )
        {
            self.all_called = true;
            // In numbering order: the order bodies are compiled in decides
            // the runtime types' indexes, and a build must not vary.
            let mut dormant: Vec<FuncId> = self.dormant.drain().flat_map(|(_, v)| v).collect();
            dormant.sort_by_key(|f| self.func_protos[f]);
            for f in dormant {
                self.queue_func(f);
            }
            let mut bases: Vec<TypeId> = self.dispatched.iter().copied().collect();
            bases.sort_by_key(|t| t.0);
            for b in bases {
                for m in self.types().named_methods(b) {
                    self.dispatch(m.sig);
                }
            }
        }
    }

    /// Gives each method left dormant a body that panics: no code calls
    /// it, and a method table entry is called only through a name
    /// `call_method_name` recorded.
    fn finish_dormant(&mut self) {
        let mut str_t = None;
        for i in 0..self.numbered.len() {
            let f = self.numbered[i];
            if self.queued.contains(&f) {
                continue;
            }
            // Made only if needed: a program near the limit of types may
            // have no string type yet.
            let str_t = *str_t.get_or_insert_with(|| self.rt16(TypeTable::STRING));
            let (np, nr) = self
                .types()
                .signature(self.info.func(f).sig)
                .map_or((0, 0), |sg| (sg.params.len(), sg.results.len()));
            let np = self.operand16(np, TOO_MANY_OPERANDS);
            let nr = self.operand16(nr, TOO_MANY_OPERANDS);
            let p = &mut self.image.protos[self.func_protos[&f] as usize];
            let msg = format!("minigo: internal error: {} was not compiled", p.name);
            p.nparams = np;
            p.nresults = nr;
            p.nregs = np.max(nr) + 1;
            p.consts = vec![crate::heap::new_static_str(msg.as_bytes())];
            p.str_consts = vec![true];
            p.code = vec![
                Op::LoadConst { a: np, k: 0 },
                Op::MakeIface {
                    a: np,
                    b: np,
                    t: str_t,
                },
                Op::Panic { a: np },
            ];
            p.lines = vec![0; 3];
        }
    }

    /// Whether package `pkg` is the standard library's.
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
        self.rtype_ids.push(t);
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
        if let Some((base, _)) = self.method_base(t) {
            if self.dispatched.contains(&base) {
                let methods = self.method_table(t);
                self.image.rtypes[idx as usize].methods = methods;
            } else {
                self.undispatched.entry(base).or_default().push((idx, t));
            }
        }
        idx
    }

    /// The type whose methods `t`'s method set holds (`t`, or what `t`
    /// points to), and whether `t` is the pointer; `None` for types
    /// without methods.
    fn method_base(&self, t: TypeId) -> Option<(TypeId, bool)> {
        let tt = self.types();
        let (base, is_ptr) = match tt.get(t) {
            Type::Pointer(e) if tt.is_named(*e) => (*e, true),
            Type::Named(_) => (t, false),
            Type::Struct(_) => (t, false),
            Type::Pointer(e) if matches!(tt.get(*e), Type::Struct(_)) => (*e, true),
            _ => return None,
        };
        (!tt.is_interface(base)).then_some((base, is_ptr))
    }

    /// Records that values of runtime type `rt` are put in interfaces
    /// (a `MakeIface` of it was emitted): see [`Compiler::dispatch`].
    pub(crate) fn made_iface(&mut self, rt: u16) {
        if let Some(&t) = self.rtype_ids.get(rt as usize) {
            self.dispatch(t);
        }
    }

    /// Makes the methods of `t` reachable: `t` is in an interface, where
    /// `CallIface`, a type assertion or reflection may call any of them.
    /// So are the types reflection reaches from it (elements, fields,
    /// parameters and results, method signatures), and the methods of
    /// both `T` and `*T` (reflection's `Addr` and `PointerTo`). This is the
    /// gc linker's reachability of methods, conservatively: method tables
    /// of types never put in an interface stay empty, so that the
    /// standard library's methods nothing calls are not compiled.
    fn dispatch(&mut self, t: TypeId) {
        let mut work = vec![t];
        while let Some(t) = work.pop() {
            if !self.dispatch_seen.insert(t) {
                continue;
            }
            if let Some((base, _)) = self.method_base(t) {
                if self.dispatched.insert(base) {
                    // Reflection makes `*T` from `T` (`Addr`, `New`,
                    // `PointerTo`); a descriptor made at run time has only
                    // `T`'s value methods, so make `*T`'s now.
                    let tt = self.types();
                    if tt.is_named(base) && tt.named_methods(base).iter().any(|m| m.ptr_recv) {
                        if let Some(p) = tt.lookup_pointer(base) {
                            self.rtype(p);
                        }
                    }
                    for (idx, t) in self.undispatched.remove(&base).unwrap_or_default() {
                        let methods = self.method_table(t);
                        self.image.rtypes[idx as usize].methods = methods;
                    }
                    // Reflection's method calls return values that can be
                    // put in interfaces in turn.
                    if self.all_called {
                        work.extend(self.types().named_methods(base).iter().map(|m| m.sig));
                    }
                }
            }
            let tt = self.types();
            match tt.under(t) {
                Type::Pointer(e) | Type::Slice(e) | Type::Array(_, e) | Type::Chan(_, e) => {
                    work.push(*e)
                }
                Type::Map(k, v) => work.extend([*k, *v]),
                Type::Struct(fields) => work.extend(fields.iter().map(|f| f.ty)),
                Type::Func(sg) => work.extend(sg.params.iter().chain(&sg.results)),
                Type::Tuple(ts) => work.extend(ts),
                Type::Basic(_) | Type::Named(_) | Type::Interface(_) => {}
            }
        }
    }

    /// The method set of `t` for interface dispatch, sorted by name index.
    fn method_table(&mut self, t: TypeId) -> Vec<RMethod> {
        let Some((base, is_ptr)) = self.method_base(t) else {
            return Vec::new();
        };
        let tt = self.types();
        let mut out: Vec<RMethod> = Vec::new();
        let mut seen: HashSet<String> = HashSet::new();
        let agg = self.is_aggregate(base);
        for m in tt.named_methods(base).to_vec() {
            seen.insert(m.name.clone());
            if m.ptr_recv && !is_ptr {
                continue;
            }
            let proto = self.table_method_proto(m.func, &m.name);
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
                let wrapper = self.promoted_wrapper(t, path, func, &name, true);
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
                let w = self.promoted_wrapper(recv_t, sel.path.clone(), func, &name, false);
                // (A method table's wrapper, made earlier with its target
                // dormant, is the same wrapper: the target is called now.)
                self.func_proto(func);
                Some(w)
            }
            SelKind::IfaceMethodExpr { index } => {
                let it = self.path_type_of(recv_t, &sel.path);
                let m = self.types().iface_methods(it).get(index).cloned()?;
                self.call_method_name(&m.name);
                Some(self.promoted_wrapper(
                    recv_t,
                    sel.path.clone(),
                    FuncId(u32::MAX),
                    &m.name,
                    false,
                ))
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
    /// A wrapper calling method `f` (named `name`) of the field at `path`
    /// of `outer`. In a method table (`dormant`), `f`'s body is compiled
    /// only once an interface call names the method, as a table's own
    /// methods are (`table_method_proto`).
    fn promoted_wrapper(
        &mut self,
        outer: TypeId,
        path: Vec<usize>,
        f: FuncId,
        name: &str,
        dormant: bool,
    ) -> u32 {
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
            let target = if dormant {
                self.table_method_proto(f, name)
            } else {
                self.func_proto(f)
            };
            (sig, Op::Call { a: 0, f: target })
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
/// `main.(*T).M`, and for instances `main.f[...]`, `main.(*T[...]).M`
/// (gc's runtime names every instance of one generic function alike).
fn proto_name(tt: &TypeTable, f: &crate::info::FuncInfo) -> String {
    let name = elide_type_args(&f.name);
    match f.recv_named {
        Some(t) => {
            let tname = match tt.get(t) {
                Type::Named(n) => elide_type_args(&n.name),
                _ => "?".into(),
            };
            let ptr = tt
                .named_methods(t)
                .iter()
                .any(|m| m.name == f.name && m.ptr_recv);
            if ptr {
                format!("{}.(*{}).{}", f.pkg, tname, name)
            } else {
                format!("{}.{}.{}", f.pkg, tname, name)
            }
        }
        None => format!("{}.{}", f.pkg, name),
    }
}

/// `name` with each type-argument list written `[...]`: `Pair[int,string]`
/// is `Pair[...]`, `f[map[string]int]` is `f[...]`.
fn elide_type_args(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut depth = 0usize;
    for c in name.chars() {
        match c {
            '[' => {
                if depth == 0 {
                    out.push_str("[...]");
                }
                depth += 1;
            }
            ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// `name` made absolute against the working directory, lexically (as Go's
/// `filepath.Abs`: `.` and `..` components resolved, symbolic links not).
pub(crate) fn absolute_file(name: &str) -> String {
    use std::path::{Component, Path, PathBuf};
    if name.is_empty() || name.starts_with('$') || Path::new(name).is_absolute() {
        return name.to_string();
    }
    let Ok(dir) = std::env::current_dir() else {
        return name.to_string();
    };
    let mut out = PathBuf::new();
    for c in dir.join(name).components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out.to_string_lossy().into_owned()
}
