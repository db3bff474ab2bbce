//! What the checker learned about a program: the compiler's input.
//!
//! Owns: the side tables that annotate the syntax tree, keyed by
//! [`NodeId`]. The compiler never re-derives a type: every expression it
//! compiles has an [`ExprInfo`], every identifier an [`Obj`] (a use) or a
//! [`VarId`] (a declaration), every selector a [`Selection`].
//!
//! Invariants the checker guarantees once it returns `Ok`:
//! - every expression node that is evaluated has an entry in `exprs`, and its
//!   `ty` is never untyped: untyped constants and untyped results
//!   (comparisons, shifts of untyped operands) carry the type they were
//!   converted to by their context (or their default type); `nil` carries
//!   the pointer/slice/map/chan/func/interface type it is used as;
//! - constant expressions (including typed constants and `len` of arrays)
//!   carry their value in `ExprInfo::value`, already representable in `ty`;
//! - the program is well typed: the compiler may `unreachable!`/`expect` on
//!   shapes the checker rejects (it reports an internal error instead).

use crate::types::{FuncId, FxMap, TypeId, TypeTable};
use minigo_parser::ast::NodeId;
use num_bigint::BigInt;
use num_rational::BigRational;
use std::collections::HashMap;

/// Index into [`Info::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// A constant's exact value (Go constants are arbitrary precision).
/// Hashable (`Ratio` hashes consistently with its equality), so sets of
/// constants, such as a switch's cases, are checked in linear time.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConstValue {
    Bool(bool),
    Int(BigInt),
    Float(BigRational),
    /// An untyped complex constant or a typed complex64/complex128 one:
    /// exact real and imaginary parts (typed ones rounded to the part's
    /// float precision).
    Complex(BigRational, BigRational),
    String(Vec<u8>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    Append,
    Cap,
    Clear,
    Close,
    Copy,
    Delete,
    Len,
    Make,
    Max,
    Min,
    New,
    Panic,
    Print,
    Println,
    Recover,
    Complex,
    Real,
    Imag,
}

/// What an identifier (or a qualified `pkg.Name`) denotes.
#[derive(Clone, Debug, PartialEq)]
pub enum Obj {
    Var(VarId),
    Const,
    TypeName(TypeId),
    Func(FuncId),
    Builtin(Builtin),
    /// An imported package name (its path).
    Package(String),
    Nil,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A computed value (not addressable).
    Value,
    /// An addressable variable: a variable, `*p`, `s[i]` of a slice,
    /// `a[i]` of an addressable array, a field of an addressable struct or
    /// of `*p`.
    Var,
    /// `m[k]` of a map: assignable but not addressable.
    MapIndex,
    Const,
    /// The expression denotes a type (a conversion's callee, a composite
    /// literal's type, ...).
    Type,
    Builtin,
    Package,
    /// A call of a function without results.
    NoValue,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ExprInfo {
    pub ty: TypeId,
    pub mode: Mode,
    /// Boxed: a `ConstValue` is 136 bytes (a complex constant is four
    /// big integers) and every expression of every loaded package has an
    /// entry in [`Info::exprs`], most of them not constants. Unboxed, that
    /// map was half the front end's peak memory (3.6 of 7.2 MB importing
    /// `time`).
    pub value: Option<Box<ConstValue>>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SelKind {
    /// A struct field; `Selection::path` ends with the field's own index.
    Field,
    /// A method of a named type, called or taken as a method value `x.M`.
    Method { func: FuncId, ptr_recv: bool },
    /// A method of an interface-typed operand; `index` is the position in
    /// the interface's sorted method list.
    IfaceMethod { index: usize },
    /// A method expression `T.M` / `(*T).M`: a function whose first
    /// parameter is the receiver.
    MethodExpr { func: FuncId, ptr_recv: bool },
    /// A method expression on an interface type `I.M`.
    IfaceMethodExpr { index: usize },
}

/// What `x.f` selects (for field and method selectors; qualified package
/// members `pkg.Name` are in `Info::uses` under the selector's id instead).
#[derive(Clone, Debug, PartialEq)]
pub struct Selection {
    pub kind: SelKind,
    /// Indices of the (embedded) fields walked from `x`'s type to reach the
    /// member; for `Field` the last index is the field itself, for methods
    /// it is empty unless the method is promoted. Each step dereferences
    /// implicitly when the current type is a pointer.
    pub path: Vec<usize>,
    /// The receiver type reached after walking `path` (for methods: the
    /// type whose method set provided the method, `T` or `*T` as found).
    pub recv: TypeId,
}

#[derive(Clone, Debug, PartialEq)]
pub struct VarInfo {
    pub name: String,
    pub ty: TypeId,
    /// Package-level variable.
    pub global: bool,
    /// Package path of a global.
    pub pkg: String,
    /// Byte offset of the declaring identifier.
    pub pos: u32,
}

/// Where a declaration sits: `packages[pkg].files[file].decls[decl]` of the
/// parsed program handed to the checker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DeclRef {
    pub pkg: usize,
    pub file: usize,
    pub decl: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FuncInfo {
    pub name: String,
    pub pkg: String,
    /// For methods: the named type (not the pointer) the method belongs to.
    pub recv_named: Option<TypeId>,
    /// The full signature; for methods the receiver is `params[0]`.
    pub sig: TypeId,
    pub decl: DeclRef,
    /// Declared without a body: implemented natively by the VM's stdlib,
    /// looked up by `pkg.name` (`pkg.Type.name` for methods).
    pub native: bool,
    /// An instance of a generic function or method: its own copy of the
    /// declaration (fresh node ids), compiled instead of `decl`.
    pub instance: Option<&'static minigo_parser::ast::FuncDecl>,
    /// A generic function or method itself: never compiled (only its
    /// instances are).
    pub generic: bool,
    /// A standard-library body the checker left unchecked: nothing the
    /// program does may reach it (`check::check_with`).
    pub unchecked: bool,
}

/// One package-level `var` spec to run at initialization:
/// `packages[decl.pkg].files[decl.file].decls[decl.decl]` is a `Decl::Var`
/// and `spec` indexes its specs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VarInit {
    pub decl: DeclRef,
    pub spec: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PackageInfo {
    pub path: String,
    /// Package-level variable specs in Go's initialization order
    /// (dependencies first, then declaration order).
    pub var_inits: Vec<VarInit>,
    /// `func init()` functions in declaration order.
    pub inits: Vec<FuncId>,
}

#[derive(Debug, Clone, Default)]
pub struct Info {
    pub types: TypeTable,
    pub exprs: FxMap<NodeId, ExprInfo>,
    /// Identifier expressions (and `pkg.Name` selector expressions) → what
    /// they denote.
    pub uses: FxMap<NodeId, Obj>,
    /// Declaring identifiers (params, named results, receivers, `:=`, `var`,
    /// range variables, select `v := <-ch`) → the variable. A `_` or a name
    /// redeclared by `:=` that is assigned rather than declared is absent
    /// from `defs` and present in `uses` instead.
    pub defs: FxMap<NodeId, VarId>,
    /// `TypeCaseClause::id` → the implicit variable of `switch v := x.(type)`
    /// in that clause.
    pub implicits: FxMap<NodeId, VarId>,
    pub selections: FxMap<NodeId, Selection>,
    pub vars: Vec<VarInfo>,
    pub funcs: Vec<FuncInfo>,
    /// In initialization order: dependencies first, `main` last.
    pub packages: Vec<PackageInfo>,
    /// `main.main`.
    pub main: Option<FuncId>,
    /// Package-level variables under `//go:embed`: what they start as.
    pub embeds: HashMap<VarId, crate::embed::EmbedValue>,
}

impl Info {
    pub fn expr(&self, id: NodeId) -> Option<&ExprInfo> {
        self.exprs.get(&id)
    }
    pub fn var(&self, id: VarId) -> &VarInfo {
        &self.vars[id.0 as usize]
    }
    pub fn func(&self, id: FuncId) -> &FuncInfo {
        &self.funcs[id.0 as usize]
    }
}
