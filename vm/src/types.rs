//! Go types as the checker and the compiler see them.
//!
//! Owns: the [`TypeTable`], an interner of every type of a program. Structural
//! types (pointers, slices, maps, funcs, ...) are hash-consed, so two
//! identical type literals get the same [`TypeId`] and type identity is `==`
//! on ids. Named types (`type T ...`, and the predeclared ones) are created
//! once per declaration and are never interned by shape.
//!
//! Invariants:
//! - `Named.underlying` is never itself a `Named` once checking finished;
//! - interface method lists are sorted by name and already include the
//!   methods of embedded interfaces (so an interface method's index is its
//!   position in that list: the VM's itab slots follow it);
//! - struct fields keep declaration order (the VM lays a struct out as one
//!   word per field in that order).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A fast, non-cryptographic hasher for the front end's tables (keys are
/// node ids, type ids, small structs and identifiers the program itself
/// chose, so flooding is not a concern and SipHash's cost is not
/// warranted): each word is mixed in with a rotate, a xor and a multiply
/// by a large odd constant (the scheme of rustc's own "Fx" hasher).
#[derive(Clone, Copy, Default)]
pub struct FxHasher {
    hash: u64,
}

const FX_SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(FX_SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w) ^ ((rest.len() as u64) << 59));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

/// The [`std::hash::BuildHasher`] of [`FxHasher`].
pub type FxBuild = BuildHasherDefault<FxHasher>;
/// A `HashMap` with [`FxHasher`]: build one with `FxMap::default()`.
pub type FxMap<K, V> = HashMap<K, V, FxBuild>;
/// A `HashSet` with [`FxHasher`].
pub type FxSet<K> = std::collections::HashSet<K, FxBuild>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BasicKind {
    Invalid,
    Bool,
    Int,
    Int8,
    Int16,
    Int32,
    Int64,
    Uint,
    Uint8,
    Uint16,
    Uint32,
    Uint64,
    Uintptr,
    Float32,
    Float64,
    Complex64,
    Complex128,
    String,
    UntypedBool,
    UntypedInt,
    UntypedRune,
    UntypedFloat,
    UntypedComplex,
    UntypedString,
    UntypedNil,
}

impl BasicKind {
    pub fn name(self) -> &'static str {
        use BasicKind::*;
        match self {
            Invalid => "invalid type",
            Bool => "bool",
            Int => "int",
            Int8 => "int8",
            Int16 => "int16",
            Int32 => "int32",
            Int64 => "int64",
            Uint => "uint",
            Uint8 => "uint8",
            Uint16 => "uint16",
            Uint32 => "uint32",
            Uint64 => "uint64",
            Uintptr => "uintptr",
            Float32 => "float32",
            Float64 => "float64",
            Complex64 => "complex64",
            Complex128 => "complex128",
            String => "string",
            UntypedBool => "untyped bool",
            UntypedInt => "untyped int",
            UntypedRune => "untyped rune",
            UntypedFloat => "untyped float",
            UntypedComplex => "untyped complex",
            UntypedString => "untyped string",
            UntypedNil => "untyped nil",
        }
    }
    pub fn is_integer(self) -> bool {
        use BasicKind::*;
        matches!(
            self,
            Int | Int8
                | Int16
                | Int32
                | Int64
                | Uint
                | Uint8
                | Uint16
                | Uint32
                | Uint64
                | Uintptr
                | UntypedInt
                | UntypedRune
        )
    }
    pub fn is_unsigned(self) -> bool {
        use BasicKind::*;
        matches!(self, Uint | Uint8 | Uint16 | Uint32 | Uint64 | Uintptr)
    }
    pub fn is_float(self) -> bool {
        matches!(
            self,
            BasicKind::Float32 | BasicKind::Float64 | BasicKind::UntypedFloat
        )
    }
    pub fn is_complex(self) -> bool {
        matches!(
            self,
            BasicKind::Complex64 | BasicKind::Complex128 | BasicKind::UntypedComplex
        )
    }
    /// Integer, float or complex.
    pub fn is_numeric(self) -> bool {
        self.is_integer() || self.is_float() || self.is_complex()
    }
    /// Integer or float: the numeric kinds that are ordered.
    pub fn is_real(self) -> bool {
        self.is_integer() || self.is_float()
    }
    pub fn is_string(self) -> bool {
        matches!(self, BasicKind::String | BasicKind::UntypedString)
    }
    pub fn is_untyped(self) -> bool {
        use BasicKind::*;
        matches!(
            self,
            UntypedBool
                | UntypedInt
                | UntypedRune
                | UntypedFloat
                | UntypedComplex
                | UntypedString
                | UntypedNil
        )
    }
    /// Width in bits of a sized integer type (`int`/`uint` are 64 bits).
    pub fn int_bits(self) -> u32 {
        use BasicKind::*;
        match self {
            Int8 | Uint8 => 8,
            Int16 | Uint16 => 16,
            Int32 | Uint32 => 32,
            _ => 64,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChanDir {
    Both,
    Send,
    Recv,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Field {
    pub name: String,
    pub ty: TypeId,
    pub embedded: bool,
    /// Package that declared the field (unexported names are package-scoped).
    pub pkg: String,
    /// The field's tag (`json:"name"`), decoded; part of the struct type's
    /// identity, ignored by conversions.
    pub tag: Option<Vec<u8>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Signature {
    pub params: Vec<TypeId>,
    pub results: Vec<TypeId>,
    /// The last param is `...T`; `params.last()` is then the slice type `[]T`.
    pub variadic: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IfaceMethod {
    pub name: String,
    /// A `Type::Func` signature (without receiver).
    pub sig: TypeId,
    /// The package path of an unexported method (empty for an exported
    /// one): Go's `%T` writes it (`interface { main.m() }`), and two
    /// packages' unexported methods of one name differ.
    pub pkg: String,
}

/// A method declared on a named type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MethodDecl {
    pub name: String,
    /// The function implementing it; its first parameter is the receiver.
    pub func: FuncId,
    /// Declared with a pointer receiver (`func (p *T) M()`).
    pub ptr_recv: bool,
    /// A `Type::Func` signature without the receiver.
    pub sig: TypeId,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Named {
    /// The type's name as Go prints it without package: `Point`, `Duration`.
    pub name: String,
    /// Declaring package path (`main`, `time`, ...); empty for predeclared
    /// types like `error`.
    pub pkg: String,
    pub underlying: TypeId,
    /// Methods declared on `T` and `*T`, sorted by name.
    pub methods: Vec<MethodDecl>,
}

/// Index into [`crate::info::Info::funcs`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub u32);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Basic(BasicKind),
    Named(Named),
    Pointer(TypeId),
    Slice(TypeId),
    Array(u64, TypeId),
    Map(TypeId, TypeId),
    Chan(ChanDir, TypeId),
    Struct(Vec<Field>),
    Func(Signature),
    /// Methods sorted by name, embedded interfaces flattened in.
    Interface(Vec<IfaceMethod>),
    /// The type of a multi-value expression (a call with several results).
    Tuple(Vec<TypeId>),
}

/// All types of one program. Ids of predeclared types are fixed constants.
#[derive(Debug, Clone)]
pub struct TypeTable {
    types: Vec<Type>,
    interned: FxMap<Type, TypeId>,
}

macro_rules! predeclared {
    ($($name:ident = $n:expr => $kind:ident),* $(,)?) => {
        impl TypeTable {
            $(pub const $name: TypeId = TypeId($n);)*
            fn predeclare(&mut self) {
                $(
                    let id = self.intern(Type::Basic(BasicKind::$kind));
                    debug_assert_eq!(id, TypeId($n));
                )*
            }
        }
    };
}

predeclared! {
    INVALID = 0 => Invalid,
    BOOL = 1 => Bool,
    INT = 2 => Int,
    INT8 = 3 => Int8,
    INT16 = 4 => Int16,
    INT32 = 5 => Int32,
    INT64 = 6 => Int64,
    UINT = 7 => Uint,
    UINT8 = 8 => Uint8,
    UINT16 = 9 => Uint16,
    UINT32 = 10 => Uint32,
    UINT64 = 11 => Uint64,
    UINTPTR = 12 => Uintptr,
    FLOAT32 = 13 => Float32,
    FLOAT64 = 14 => Float64,
    STRING = 15 => String,
    UNTYPED_BOOL = 16 => UntypedBool,
    UNTYPED_INT = 17 => UntypedInt,
    UNTYPED_RUNE = 18 => UntypedRune,
    UNTYPED_FLOAT = 19 => UntypedFloat,
    UNTYPED_STRING = 20 => UntypedString,
    UNTYPED_NIL = 21 => UntypedNil,
}

impl TypeTable {
    /// `interface{}` / `any`.
    pub const EMPTY_IFACE: TypeId = TypeId(22);
    /// The predeclared `error` (a named interface with `Error() string`).
    pub const ERROR: TypeId = TypeId(25);
    /// The empty tuple: the "type" of a call with no results.
    pub const VOID: TypeId = TypeId(26);
    /// The complex types come after the others so that adding them kept
    /// every older predeclared id.
    pub const COMPLEX64: TypeId = TypeId(27);
    pub const COMPLEX128: TypeId = TypeId(28);
    pub const UNTYPED_COMPLEX: TypeId = TypeId(29);

    pub fn new() -> Self {
        let mut t = TypeTable {
            types: Vec::new(),
            interned: FxMap::default(),
        };
        t.predeclare();
        let any = t.intern(Type::Interface(vec![]));
        debug_assert_eq!(any, Self::EMPTY_IFACE);
        let err_sig = t.intern(Type::Func(Signature {
            params: vec![],
            results: vec![Self::STRING],
            variadic: false,
        }));
        let err_iface = t.intern(Type::Interface(vec![IfaceMethod {
            name: "Error".into(),
            sig: err_sig,
            pkg: String::new(),
        }]));
        let error = t.new_named("error", "", err_iface);
        debug_assert_eq!(error, Self::ERROR);
        let void = t.intern(Type::Tuple(vec![]));
        debug_assert_eq!(void, Self::VOID);
        for (id, k) in [
            (Self::COMPLEX64, BasicKind::Complex64),
            (Self::COMPLEX128, BasicKind::Complex128),
            (Self::UNTYPED_COMPLEX, BasicKind::UntypedComplex),
        ] {
            let got = t.intern(Type::Basic(k));
            debug_assert_eq!(got, id);
        }
        t
    }

    pub fn get(&self, id: TypeId) -> &Type {
        &self.types[id.0 as usize]
    }

    pub fn len(&self) -> usize {
        self.types.len()
    }

    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }

    /// The id of a structural type, creating it on first use.
    pub fn intern(&mut self, t: Type) -> TypeId {
        debug_assert!(!matches!(t, Type::Named(_)), "named types are not interned");
        if let Some(&id) = self.interned.get(&t) {
            return id;
        }
        let id = TypeId(self.types.len() as u32);
        self.types.push(t.clone());
        self.interned.insert(t, id);
        id
    }

    /// A new, distinct named type. `underlying` may be `INVALID` until the
    /// declaration is resolved ([`TypeTable::set_underlying`]).
    pub fn new_named(&mut self, name: &str, pkg: &str, underlying: TypeId) -> TypeId {
        let id = TypeId(self.types.len() as u32);
        self.types.push(Type::Named(Named {
            name: name.to_string(),
            pkg: pkg.to_string(),
            underlying,
            methods: Vec::new(),
        }));
        id
    }

    pub fn set_underlying(&mut self, named: TypeId, underlying: TypeId) {
        if let Type::Named(n) = &mut self.types[named.0 as usize] {
            n.underlying = underlying;
        }
    }

    /// Adds a method to a named type, keeping the list sorted by name.
    pub fn add_method(&mut self, named: TypeId, m: MethodDecl) {
        if let Type::Named(n) = &mut self.types[named.0 as usize] {
            let at = n.methods.partition_point(|x| x.name < m.name);
            n.methods.insert(at, m);
        }
    }

    /// The type `*elem`, if the program has it.
    pub fn lookup_pointer(&self, elem: TypeId) -> Option<TypeId> {
        self.interned.get(&Type::Pointer(elem)).copied()
    }

    pub fn pointer(&mut self, elem: TypeId) -> TypeId {
        self.intern(Type::Pointer(elem))
    }
    pub fn slice(&mut self, elem: TypeId) -> TypeId {
        self.intern(Type::Slice(elem))
    }
    pub fn tuple(&mut self, elems: Vec<TypeId>) -> TypeId {
        if elems.len() == 1 {
            return elems[0];
        }
        self.intern(Type::Tuple(elems))
    }

    /// Follows named types to their underlying type.
    pub fn underlying(&self, mut id: TypeId) -> TypeId {
        for _ in 0..64 {
            match self.get(id) {
                Type::Named(n) if n.underlying != id => id = n.underlying,
                _ => return id,
            }
        }
        id
    }

    pub fn under(&self, id: TypeId) -> &Type {
        self.get(self.underlying(id))
    }

    pub fn basic_kind(&self, id: TypeId) -> Option<BasicKind> {
        match self.under(id) {
            Type::Basic(k) => Some(*k),
            _ => None,
        }
    }

    pub fn is_interface(&self, id: TypeId) -> bool {
        matches!(self.under(id), Type::Interface(_))
    }

    pub fn is_named(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Named(_))
    }

    /// Element type of a pointer, slice, array, map (value) or channel.
    pub fn elem(&self, id: TypeId) -> Option<TypeId> {
        match self.under(id) {
            Type::Pointer(e) | Type::Slice(e) | Type::Array(_, e) | Type::Chan(_, e) => Some(*e),
            Type::Map(_, v) => Some(*v),
            _ => None,
        }
    }

    /// Type identity with struct tags ignored, at every depth: what a
    /// conversion between struct types asks of their underlying types.
    pub fn identical_ignoring_tags(&self, a: TypeId, b: TypeId) -> bool {
        self.identical_ignoring_tags_at(a, b, 0)
    }

    fn identical_ignoring_tags_at(&self, a: TypeId, b: TypeId, d: u32) -> bool {
        if a == b {
            return true;
        }
        if d > 100 {
            return false;
        }
        let same = |x: TypeId, y: TypeId| self.identical_ignoring_tags_at(x, y, d + 1);
        match (self.get(a), self.get(b)) {
            (Type::Struct(fa), Type::Struct(fb)) => {
                fa.len() == fb.len()
                    && fa.iter().zip(fb).all(|(x, y)| {
                        x.name == y.name
                            && x.embedded == y.embedded
                            && x.pkg == y.pkg
                            && same(x.ty, y.ty)
                    })
            }
            (Type::Pointer(x), Type::Pointer(y)) | (Type::Slice(x), Type::Slice(y)) => same(*x, *y),
            (Type::Array(n, x), Type::Array(m, y)) => n == m && same(*x, *y),
            (Type::Map(k1, v1), Type::Map(k2, v2)) => same(*k1, *k2) && same(*v1, *v2),
            (Type::Chan(d1, x), Type::Chan(d2, y)) => d1 == d2 && same(*x, *y),
            (Type::Func(f), Type::Func(g)) => {
                f.variadic == g.variadic
                    && f.params.len() == g.params.len()
                    && f.results.len() == g.results.len()
                    && f.params.iter().zip(&g.params).all(|(x, y)| same(*x, *y))
                    && f.results.iter().zip(&g.results).all(|(x, y)| same(*x, *y))
            }
            _ => false,
        }
    }

    pub fn signature(&self, id: TypeId) -> Option<&Signature> {
        match self.under(id) {
            Type::Func(s) => Some(s),
            _ => None,
        }
    }

    /// Methods of an interface type (sorted, flattened).
    pub fn iface_methods(&self, id: TypeId) -> &[IfaceMethod] {
        match self.under(id) {
            Type::Interface(ms) => ms,
            _ => &[],
        }
    }

    /// Methods declared on a named type (on `T` and `*T`).
    pub fn named_methods(&self, id: TypeId) -> &[MethodDecl] {
        match self.get(id) {
            Type::Named(n) => &n.methods,
            _ => &[],
        }
    }

    /// Go's spelling of a type, as `%T` and error messages print it
    /// (`main.Point`, `[]string`, `map[string]int`, `func(int) string`).
    /// `qualify` = prefix named types with their package (`%T` does; gc's
    /// messages for the main package don't).
    pub fn name(&self, id: TypeId, qualify: bool) -> String {
        let mut s = String::new();
        self.write_name(&mut s, id, qualify, 0);
        s
    }

    fn write_name(&self, s: &mut String, id: TypeId, q: bool, depth: u32) {
        if depth > 32 {
            s.push_str("...");
            return;
        }
        let d = depth + 1;
        match self.get(id) {
            Type::Basic(k) => s.push_str(match k {
                BasicKind::Uint8 if false => "byte",
                k => k.name(),
            }),
            Type::Named(n) => {
                if q && !n.pkg.is_empty() {
                    // Go prints the package name, the last path element.
                    s.push_str(n.pkg.rsplit('/').next().unwrap_or(&n.pkg));
                    s.push('.');
                }
                s.push_str(&n.name);
            }
            Type::Pointer(e) => {
                s.push('*');
                self.write_name(s, *e, q, d);
            }
            Type::Slice(e) => {
                s.push_str("[]");
                self.write_name(s, *e, q, d);
            }
            Type::Array(n, e) => {
                s.push_str(&format!("[{n}]"));
                self.write_name(s, *e, q, d);
            }
            Type::Map(k, v) => {
                s.push_str("map[");
                self.write_name(s, *k, q, d);
                s.push(']');
                self.write_name(s, *v, q, d);
            }
            Type::Chan(dir, e) => {
                s.push_str(match dir {
                    ChanDir::Both => "chan ",
                    ChanDir::Send => "chan<- ",
                    ChanDir::Recv => "<-chan ",
                });
                // `chan (<-chan T)`: without the parentheses it would read
                // as `chan<- chan T`.
                let paren =
                    *dir == ChanDir::Both && matches!(self.get(*e), Type::Chan(ChanDir::Recv, _));
                if paren {
                    s.push('(');
                }
                self.write_name(s, *e, q, d);
                if paren {
                    s.push(')');
                }
            }
            Type::Struct(fields) => {
                s.push_str("struct {");
                for (i, f) in fields.iter().enumerate() {
                    s.push_str(if i == 0 { " " } else { "; " });
                    if !f.embedded {
                        s.push_str(&f.name);
                        s.push(' ');
                    }
                    self.write_name(s, f.ty, q, d);
                    if let Some(tag) = &f.tag {
                        s.push(' ');
                        s.push_str(&String::from_utf8_lossy(
                            &crate::stdlib::strconv::engine::quote(tag),
                        ));
                    }
                }
                s.push_str(if fields.is_empty() { "}" } else { " }" });
            }
            Type::Func(sig) => {
                s.push_str("func");
                self.write_sig(s, sig, q, d);
            }
            Type::Interface(ms) => {
                if ms.is_empty() {
                    s.push_str("interface {}");
                } else {
                    s.push_str("interface {");
                    for (i, m) in ms.iter().enumerate() {
                        s.push_str(if i == 0 { " " } else { "; " });
                        if q && !m.pkg.is_empty() {
                            s.push_str(m.pkg.rsplit('/').next().unwrap_or(&m.pkg));
                            s.push('.');
                        }
                        s.push_str(&m.name);
                        if let Type::Func(sig) = self.get(m.sig) {
                            self.write_sig(s, sig, q, d);
                        }
                    }
                    s.push_str(" }");
                }
            }
            Type::Tuple(ts) => {
                s.push('(');
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    self.write_name(s, *t, q, d);
                }
                s.push(')');
            }
        }
    }

    /// `(int, ...string) (bool, error)` — the part after `func`.
    pub fn write_sig(&self, s: &mut String, sig: &Signature, q: bool, depth: u32) {
        s.push('(');
        for (i, p) in sig.params.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            if sig.variadic && i + 1 == sig.params.len() {
                s.push_str("...");
                let e = self.elem(*p).unwrap_or(*p);
                self.write_name(s, e, q, depth);
            } else {
                self.write_name(s, *p, q, depth);
            }
        }
        s.push(')');
        match sig.results.len() {
            0 => {}
            1 => {
                s.push(' ');
                self.write_name(s, sig.results[0], q, depth);
            }
            _ => {
                s.push_str(" (");
                for (i, r) in sig.results.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    self.write_name(s, *r, q, depth);
                }
                s.push(')');
            }
        }
    }
}

impl Default for TypeTable {
    fn default() -> Self {
        Self::new()
    }
}
