//! The type checker: Go's typing rules for minigo's subset.
//!
//! Owns: turning a parsed [`Program`] into an [`Info`] (see `info.rs` for
//! the invariants the compiler relies on) or into gc-worded diagnostics.
//!
//! Layout:
//! - `mod.rs`: the [`Checker`] state, scopes, error reporting, entry point;
//! - `decls.rs`: package-level declarations (collection in any order, lazy
//!   resolution with cycle detection, methods, init order, unused imports);
//! - `typexpr.rs`: type expressions → [`TypeId`]s, recursive-type checks;
//! - `expr.rs`: expressions (operands, untyped constant conversion);
//! - `generic.rs`, `mono.rs`: generics by monomorphization; `funcvalue.rs`:
//!   generic functions used as values (type arguments from the target);
//! - `call.rs`: calls, conversions and builtins;
//! - `lookup.rs`: field/method lookup through embedding, method sets,
//!   interface satisfaction, assignability, comparability;
//! - `stmt.rs`: statements, labels, terminating-statement analysis;
//! - `gotos.rs`: goto jumps into blocks and over variable declarations;
//! - `describe.rs`: gc's spelling of expressions, operands and types;
//! - `constant.rs`: exact constant arithmetic.
//!
//! Invariants: the checker never panics on any AST (no unwraps on
//! user-controlled shapes; type recursion is depth-guarded); an error
//! operand has type `INVALID` and suppresses follow-up errors.
//!
//! The standard library's function bodies are checked lazily (most of
//! start-up was checking bodies no program reaches: hello world's check
//! took 13.7 ms, 6.8 ms lazily): a body once something checked may reach
//! it, by the compiler's own rules for what it compiles
//! (`decls::LazyBodies`). The program's own packages are always checked
//! whole, as gc checks them. What is left is marked
//! `FuncInfo::unchecked`; a compiler that needs one anyway fails with a
//! lazy miss and the driver checks everything (`check_with`).

mod call;
pub(crate) use call::has_call;
pub(crate) mod constant;
mod decls;
mod describe;
mod expr;
mod funcvalue;
mod generic;
mod gotos;
mod lookup;
mod mono;
mod stmt;
#[cfg(test)]
mod tests;
mod typexpr;
mod unsafe_pkg;
pub(crate) use unsafe_pkg::is_unsafe_pointer;

use crate::info::{Builtin, ConstValue, Info, Mode, VarId, VarInfo};
use crate::program::{Diag, Program};
use crate::types::{FuncId, TypeId, TypeTable};
use crate::types::{FxMap, FxSet};
use minigo_parser::ast;

/// gc stops after this many errors.
const MAX_ERRORS: usize = 10;

/// Type-checks `prog`. On success every Info table is filled as the
/// contract in `info.rs` describes.
pub fn check(prog: &Program) -> Result<Info, Vec<Diag>> {
    check_with(prog, true)
}

/// [`check`], with the standard library's function bodies checked only
/// where the program may reach them (`lazy`), or all of them. Those left
/// unchecked are marked `FuncInfo::unchecked`; a compiler that reaches
/// one anyway reports it (`compile::CompileError::lazy_miss`), and the
/// build checks everything again.
pub fn check_with(prog: &Program, lazy: bool) -> Result<Info, Vec<Diag>> {
    let mut c = Checker::new(prog);
    c.lazy.on = lazy;
    c.run();
    c.finish()
}

/// What a name denotes in some scope.
#[derive(Clone, Debug)]
pub(crate) enum Ent {
    Var(VarId),
    Const(TypeId, ConstValue),
    Type(TypeId),
    /// A package-level object, resolved lazily (index into `objs`).
    Obj(usize),
    Builtin(Builtin),
    Nil,
    Iota,
    /// An imported package (index into `Program::packages`).
    Pkg(usize),
}

/// An operand: the result of checking an expression.
#[derive(Clone, Debug)]
pub(crate) struct Operand {
    pub mode: OpMode,
    pub ty: TypeId,
    pub val: Option<ConstValue>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OpMode {
    Invalid,
    NoValue,
    Builtin(Builtin),
    Type,
    Const,
    Var,
    MapIndex,
    Value,
    Package(usize),
    /// A generic function or type (package-level object) not (yet)
    /// instantiated.
    Generic(usize),
}

impl Operand {
    pub fn invalid() -> Operand {
        Operand {
            mode: OpMode::Invalid,
            ty: TypeTable::INVALID,
            val: None,
        }
    }
    pub fn value(ty: TypeId) -> Operand {
        Operand {
            mode: OpMode::Value,
            ty,
            val: None,
        }
    }
    pub fn is_invalid(&self) -> bool {
        self.mode == OpMode::Invalid || self.ty == TypeTable::INVALID
    }
    pub fn info_mode(&self) -> Mode {
        match self.mode {
            OpMode::Invalid | OpMode::Value | OpMode::Generic(_) => Mode::Value,
            OpMode::NoValue => Mode::NoValue,
            OpMode::Builtin(_) => Mode::Builtin,
            OpMode::Type => Mode::Type,
            OpMode::Const => Mode::Const,
            OpMode::Var => Mode::Var,
            OpMode::MapIndex => Mode::MapIndex,
            OpMode::Package(_) => Mode::Package,
        }
    }
}

pub(crate) struct Scope {
    names: FxMap<String, Ent>,
}

/// The context saved while checking a declaration out of line.
pub(crate) struct SavedCtx {
    pub pkg: usize,
    pub file: usize,
    pub scopes: Vec<Scope>,
    pub fctx: Option<FuncCtx>,
    pub deps: Option<FxSet<usize>>,
    pub iota: Option<u32>,
}

/// Per-function state while checking a body.
#[derive(Clone)]
pub(crate) struct FuncCtx {
    pub results: Vec<TypeId>,
    pub named_results: bool,
    /// The named results' variables (not `_`), for the bare-return check.
    pub result_vars: Vec<(String, VarId)>,
    /// Labels declared in this function body (not in nested literals).
    pub labels: FxMap<String, (u32, bool)>,
}

struct ErrorEntry {
    pkg: usize,
    file: usize,
    pos: u32,
    msg: String,
    /// Extra detail lines (`\tA refers to B`), printed after the message.
    seq: usize,
}

pub(crate) struct Checker<'a> {
    pub prog: &'a Program,
    pub info: Info,
    errors: Vec<ErrorEntry>,
    /// Errors gc's back end reports (`illegal types for operand: print`):
    /// only for a package that type-checked cleanly.
    backend_errors: Vec<ErrorEntry>,
    /// The name being declared (a variable's, a type's, a function's),
    /// where gc reports a type `larger than address space` in it.
    pub decl_name_pos: Option<u32>,
    /// Index of the package / file being checked.
    pub pkg: usize,
    pub file: usize,
    pub pkgs: Vec<decls::PkgState>,
    pub objs: Vec<decls::PkgObj<'a>>,
    pub scopes: Vec<Scope>,
    pub universe: FxMap<String, Ent>,
    pub fctx: Option<FuncCtx>,
    /// Variables that are read somewhere.
    pub used: FxSet<VarId>,
    /// Receivers, parameters and named results, by what gc calls them in
    /// "x (parameter) is not a type"; other locals are local variables.
    pub var_roles: FxMap<VarId, &'static str>,
    /// Local variables declared in the current top-level function (for
    /// "declared and not used").
    pub locals: Vec<VarId>,
    /// Package-level objects referenced while checking the current
    /// package-level declaration (init order).
    pub deps: Option<FxSet<usize>>,
    /// Current `iota`, inside a constant declaration.
    pub iota: Option<u32>,
    /// FuncId → package-level object (for method dependencies).
    pub func_obj: FxMap<FuncId, usize>,
    /// Map key types to check for comparability once all types resolve.
    pub delayed_keys: Vec<(TypeId, usize, usize, u32)>,
    /// The object whose declaration is being resolved (cycle reporting).
    pub obj_path: Vec<usize>,
    /// Generics: instances, constraints, pending instance bodies.
    pub gen: generic::GenState<'a>,
    /// Standard-library bodies are checked only once something may call
    /// them (`decls::Checker::check_needed_bodies`).
    pub lazy: decls::LazyBodies,
}

impl<'a> Checker<'a> {
    fn new(prog: &'a Program) -> Self {
        let mut c = Checker {
            prog,
            info: Info::default(),
            errors: Vec::new(),
            backend_errors: Vec::new(),
            decl_name_pos: None,
            pkg: 0,
            file: 0,
            pkgs: Vec::new(),
            objs: Vec::new(),
            scopes: Vec::new(),
            universe: FxMap::default(),
            fctx: None,
            used: FxSet::default(),
            var_roles: FxMap::default(),
            locals: Vec::new(),
            deps: None,
            iota: None,
            func_obj: FxMap::default(),
            delayed_keys: Vec::new(),
            obj_path: Vec::new(),
            gen: generic::GenState {
                ids: minigo_parser::ast::NodeIds::starting_at(1 << 31),
                ..Default::default()
            },
            lazy: decls::LazyBodies::default(),
        };
        // The largest side tables, sized from the source up front: grown
        // from empty, their rehashes were 2% of hello world's start-up. A
        // checked expression comes every 9-10 bytes of the standard
        // library's source, a use every 18-20.
        let src: usize = prog
            .packages
            .iter()
            .flat_map(|p| &p.files)
            .map(|f| f.src.len())
            .sum();
        c.info.exprs.reserve(src / 10);
        c.info.uses.reserve(src / 20);
        c.init_universe();
        c
    }

    fn init_universe(&mut self) {
        use crate::types::TypeTable as T;
        let types = [
            ("bool", T::BOOL),
            ("int", T::INT),
            ("int8", T::INT8),
            ("int16", T::INT16),
            ("int32", T::INT32),
            ("int64", T::INT64),
            ("uint", T::UINT),
            ("uint8", T::UINT8),
            ("uint16", T::UINT16),
            ("uint32", T::UINT32),
            ("uint64", T::UINT64),
            ("uintptr", T::UINTPTR),
            ("float32", T::FLOAT32),
            ("float64", T::FLOAT64),
            ("complex64", T::COMPLEX64),
            ("complex128", T::COMPLEX128),
            ("string", T::STRING),
            ("byte", T::UINT8),
            ("rune", T::INT32),
            ("any", T::EMPTY_IFACE),
            ("error", T::ERROR),
        ];
        for (n, t) in types {
            self.universe.insert(n.to_string(), Ent::Type(t));
        }
        self.universe.insert(
            "true".into(),
            Ent::Const(T::UNTYPED_BOOL, ConstValue::Bool(true)),
        );
        self.universe.insert(
            "false".into(),
            Ent::Const(T::UNTYPED_BOOL, ConstValue::Bool(false)),
        );
        let comparable = self.info.types.new_named("comparable", "", T::EMPTY_IFACE);
        self.gen.comparable = Some(comparable);
        self.universe
            .insert("comparable".into(), Ent::Type(comparable));
        self.universe.insert("nil".into(), Ent::Nil);
        self.universe.insert("iota".into(), Ent::Iota);
        use Builtin::*;
        for (n, b) in [
            ("append", Append),
            ("cap", Cap),
            ("clear", Clear),
            ("close", Close),
            ("copy", Copy),
            ("delete", Delete),
            ("len", Len),
            ("make", Make),
            ("max", Max),
            ("min", Min),
            ("new", New),
            ("panic", Panic),
            ("print", Print),
            ("println", Println),
            ("recover", Recover),
            ("complex", Complex),
            ("real", Real),
            ("imag", Imag),
        ] {
            self.universe.insert(n.to_string(), Ent::Builtin(b));
        }
    }

    fn run(&mut self) {
        // A file that parsed despite lexical errors: gc type-checks it and
        // reports both, in the order of their positions.
        for (p, pkg) in self.prog.packages.iter().enumerate() {
            for (f, file) in pkg.files.iter().enumerate() {
                for (pos, msg) in &file.lex_errors {
                    let seq = self.errors.len();
                    self.errors.push(ErrorEntry {
                        pkg: p,
                        file: f,
                        pos: *pos,
                        msg: msg.clone(),
                        seq,
                    });
                }
            }
        }
        for p in 0..self.prog.packages.len() {
            self.check_package(p);
            if self.errors.len() >= MAX_ERRORS * 4 {
                break;
            }
        }
        self.check_needed_bodies();
        self.drain_instances();
        self.check_map_keys();
        self.mark_unchecked();
        self.finalize_untyped();
    }

    fn finish(mut self) -> Result<Info, Vec<Diag>> {
        if self.errors.is_empty() {
            return Ok(self.info);
        }
        self.errors.sort_by_key(|a| (a.pkg, a.file, a.pos, a.seq));
        let mut out: Vec<Diag> = Vec::new();
        for e in self.errors.iter() {
            if out.len() == MAX_ERRORS {
                let last: &Diag = &out[out.len() - 1];
                out.push(Diag {
                    file: last.file.clone(),
                    line: last.line,
                    col: last.col,
                    msg: "too many errors".into(),
                });
                break;
            }
            if e.pos == u32::MAX {
                // Position-less (gc: `runtime.main_main·f: ...`).
                out.push(Diag {
                    file: "runtime.main_main·f".into(),
                    line: 0,
                    col: 0,
                    msg: e.msg.clone(),
                });
                continue;
            }
            let f = &self.prog.packages[e.pkg].files[e.file];
            let d = Diag::at(&f.name, &f.src, e.pos, e.msg.clone());
            // gc drops an error equal to another on the same line.
            if out
                .iter()
                .any(|o| o.file == d.file && o.line == d.line && o.msg == d.msg)
            {
                continue;
            }
            out.push(d);
        }
        Err(out)
    }

    /// Reports an error at byte offset `pos` of the current file.
    pub fn err(&mut self, pos: u32, msg: impl Into<String>) {
        let seq = self.errors.len();
        self.errors.push(ErrorEntry {
            pkg: self.pkg,
            file: self.file,
            pos,
            msg: msg.into(),
            seq,
        });
    }

    /// An error gc's back end reports at `pos` of the current file: kept
    /// until the package has type-checked, and dropped if it did not.
    pub fn backend_err(&mut self, pos: u32, msg: String) {
        self.backend_errors.push(ErrorEntry {
            pkg: self.pkg,
            file: self.file,
            pos,
            msg,
            seq: 0,
        });
    }

    /// An error without a source position.
    pub fn err_nopos(&mut self, msg: impl Into<String>) {
        let seq = self.errors.len();
        self.errors.push(ErrorEntry {
            pkg: self.pkg,
            file: self.file,
            pos: u32::MAX,
            msg: msg.into(),
            seq,
        });
    }

    /// gc's error for a second `default` in a switch or select.
    pub fn multiple_defaults(&mut self, at: u32, first: u32) {
        let f = &self.prog.packages[self.pkg].files[self.file];
        let (l, c) = f.line_col(first);
        // gc writes the first one's file as a relative path.
        let name = if f.name.contains('/') {
            f.name.clone()
        } else {
            format!("./{}", f.name)
        };
        self.err(at, format!("multiple defaults (first at {name}:{l}:{c})"));
    }

    /// `file:line:col` of an offset in the current file (detail lines).
    pub fn pos_string(&self, pos: u32) -> String {
        let f = &self.prog.packages[self.pkg].files[self.file];
        let (l, c) = f.line_col(pos);
        format!("{}:{}:{}", f.name, l, c)
    }

    // ---- scopes ----

    pub fn push_scope(&mut self) {
        self.scopes.push(Scope {
            names: FxMap::default(),
        });
    }

    pub fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    /// Declares a name in the innermost local scope (`_` is never declared).
    pub fn declare(&mut self, name: &str, ent: Ent) {
        if name == "_" {
            return;
        }
        if let Some(s) = self.scopes.last_mut() {
            s.names.insert(name.to_string(), ent);
        }
    }

    /// Is `name` declared in the innermost scope (for `:=` redeclaration)?
    pub fn in_innermost(&self, name: &str) -> Option<&Ent> {
        self.scopes.last().and_then(|s| s.names.get(name))
    }

    /// Looks a name up: local scopes, package, file (imports, then the
    /// exported names of dot imports), universe.
    pub fn lookup(&mut self, name: &str) -> Option<Ent> {
        for s in self.scopes.iter().rev() {
            if let Some(e) = s.names.get(name) {
                return Some(e.clone());
            }
        }
        if let Some(&o) = self.pkgs[self.pkg].scope.get(name) {
            return Some(Ent::Obj(o));
        }
        if let Some(imp) = self.pkgs[self.pkg].files[self.file].imports.get_mut(name) {
            imp.used = true;
            return Some(Ent::Pkg(imp.pkg));
        }
        if is_exported(name) {
            let file = &self.pkgs[self.pkg].files[self.file];
            let hit = file
                .dots
                .iter()
                .enumerate()
                .find_map(|(i, d)| self.pkgs[d.pkg].scope.get(name).map(|&o| (i, o)));
            if let Some((i, o)) = hit {
                self.pkgs[self.pkg].files[self.file].dots[i].used = true;
                return Some(Ent::Obj(o));
            }
        }
        self.universe.get(name).cloned()
    }

    pub fn new_var(&mut self, name: &str, ty: TypeId, global: bool, pos: u32) -> VarId {
        let id = VarId(self.info.vars.len() as u32);
        self.info.vars.push(VarInfo {
            name: name.to_string(),
            ty,
            global,
            pkg: self.pkgs[self.pkg].path.clone(),
            pos,
        });
        id
    }

    pub fn tt(&self) -> &TypeTable {
        &self.info.types
    }

    pub fn record(&mut self, e: &ast::Expr, x: &Operand) {
        if matches!(x.mode, OpMode::Invalid) {
            return;
        }
        self.info.exprs.insert(
            e.id,
            crate::info::ExprInfo {
                ty: x.ty,
                mode: x.info_mode(),
                value: x.val.clone().map(Box::new),
            },
        );
    }
}

/// Go's exported identifiers start with an upper-case letter.
fn is_exported(name: &str) -> bool {
    name.chars().next().is_some_and(char::is_uppercase)
}
