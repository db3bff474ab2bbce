//! Runtime type descriptors: what the running program knows about types.
//!
//! Owns: [`RType`], the descriptor the interpreter and the stdlib use where
//! Go consults type information at run time: interface method dispatch,
//! type assertions and switches, `==` on interfaces and aggregates, deep
//! copies of structs and arrays, zero values, map key hashing and `fmt`'s
//! printing of any value. It is also the layout a future collector needs:
//! `is_pointerish` says which words are references.
//!
//! Invariants: descriptors live in `Image::rtypes` and refer to each other by
//! index; two identical Go types have one descriptor, so type identity at run
//! time is index equality (the compiler interns by checker `TypeId`).

use crate::bytecode::RecvAdjust;
use crate::heap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
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
    Pointer,
    Slice,
    Array,
    Map,
    Chan,
    Struct,
    Func,
    Interface,
    /// The type of untyped nil in `fmt` arguments never reaches here; this
    /// marks a descriptor that could not be built (an internal error).
    Invalid,
}

impl Kind {
    pub fn is_signed_int(self) -> bool {
        matches!(
            self,
            Kind::Int | Kind::Int8 | Kind::Int16 | Kind::Int32 | Kind::Int64
        )
    }
    pub fn is_unsigned_int(self) -> bool {
        matches!(
            self,
            Kind::Uint | Kind::Uint8 | Kind::Uint16 | Kind::Uint32 | Kind::Uint64 | Kind::Uintptr
        )
    }
    pub fn is_float(self) -> bool {
        matches!(self, Kind::Float32 | Kind::Float64)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RField {
    pub name: String,
    pub ty: u32,
    pub embedded: bool,
    /// Exported (capitalized) field: `fmt` calls `String()`/`Error()` on
    /// nested values only through exported fields, as Go's reflection does.
    pub exported: bool,
    /// The field's tag (`json:"name,omitempty"`), empty when it has none:
    /// what `reflect.StructTag` and encoding/json will read.
    pub tag: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RMethod {
    /// Index into `Image::method_names`.
    pub name: u32,
    /// The proto implementing it (receiver is its first parameter).
    pub func: u32,
    pub adjust: RecvAdjust,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RType {
    /// As `%T` prints it: `int`, `main.Point`, `[]string`, `*main.T`,
    /// `map[string]int`, `func(int) string`, `interface {}`.
    pub name: String,
    pub kind: Kind,
    /// Pointer, slice, array, chan: element type; map: value type.
    pub elem: u32,
    /// Map: key type.
    pub key: u32,
    /// Array: length.
    pub len: usize,
    /// Struct: fields in declaration order (one word each).
    pub fields: Vec<RField>,
    /// The method set of this type, sorted by name index: for a named `T`
    /// its value-receiver methods; for `*T` all methods of `T`.
    pub methods: Vec<RMethod>,
    /// Interface types: the method names (indices) it requires, sorted.
    pub iface_methods: Vec<u32>,
    /// Struct or array: a value is a box/header that Go copies on assignment.
    pub aggregate: bool,
    /// `==` is defined (no slices, maps, funcs inside).
    pub comparable: bool,
    /// A defined (named) type: `%v` of a named type may use its methods and
    /// `%#v` prints its name.
    pub named: bool,
    /// Package of a named type (`main`, `time`).
    pub pkg: String,
    /// Func types: parameter and result types (for the load-time verifier).
    pub params: Vec<u32>,
    pub results: Vec<u32>,
}

impl RType {
    pub fn invalid() -> RType {
        RType {
            name: "invalid type".into(),
            kind: Kind::Invalid,
            elem: 0,
            key: 0,
            len: 0,
            fields: Vec::new(),
            methods: Vec::new(),
            iface_methods: Vec::new(),
            aggregate: false,
            comparable: false,
            named: false,
            pkg: String::new(),
            params: Vec::new(),
            results: Vec::new(),
        }
    }

    /// The method with name index `name`, if this type's method set has it.
    #[inline]
    pub fn method(&self, name: u32) -> Option<&RMethod> {
        self.methods
            .binary_search_by_key(&name, |m| m.name)
            .ok()
            .map(|i| &self.methods[i])
    }

    /// How arrays of this type store an element: Go's size for the
    /// scalars narrower than a word (`heap::Rep`).
    pub fn rep(&self) -> heap::Rep {
        match self.kind {
            Kind::Uint8 | Kind::Bool => heap::Rep::U8,
            Kind::Int8 => heap::Rep::I8,
            Kind::Uint16 => heap::Rep::U16,
            Kind::Int16 => heap::Rep::I16,
            Kind::Uint32 => heap::Rep::U32,
            Kind::Int32 => heap::Rep::I32,
            Kind::Float32 => heap::Rep::F32,
            _ => heap::Rep::Word,
        }
    }

    /// Slots an element of this type takes inline in an array
    /// (`heap::Backing::alloc_inline`): the field count of a *flat*
    /// struct, one with fields and none of them an aggregate; 0 for every
    /// other type, whose elements are a word (a struct's: its own box) or
    /// narrower. A function of the type alone, so every array of one
    /// element type has one layout.
    pub fn inline_stride(&self, rt: &[RType]) -> usize {
        let flat = self.kind == Kind::Struct
            && !self.fields.is_empty()
            && self.fields.len() <= heap::INLINE_MAX_FIELDS
            && self.fields.iter().all(|f| !rt[f.ty as usize].aggregate);
        if flat {
            self.fields.len()
        } else {
            0
        }
    }

    /// Words of this type must be traced by the collector: references,
    /// and `uintptr`s, which minigo's own `reflect` uses to hold them (a
    /// `Value`'s word, a call's argument and result words). Tracing a
    /// `uintptr` only keeps more alive than Go would; not tracing one
    /// freed the string a `reflect.Value` in a `[]reflect.Value` held.
    pub fn is_traced(&self) -> bool {
        self.is_pointerish() || self.kind == Kind::Uintptr
    }

    /// Words of this type are references.
    pub fn is_pointerish(&self) -> bool {
        !matches!(
            self.kind,
            Kind::Bool
                | Kind::Int
                | Kind::Int8
                | Kind::Int16
                | Kind::Int32
                | Kind::Int64
                | Kind::Uint
                | Kind::Uint8
                | Kind::Uint16
                | Kind::Uint32
                | Kind::Uint64
                | Kind::Uintptr
                | Kind::Float32
                | Kind::Float64
        )
    }
}

/// The program's descriptors: those of the image, then those `reflect`
/// makes at run time (`reflect.SliceOf(t)`, a `New` of a pointer type the
/// program never names). It reads as a `[RType]` of the descriptors made
/// so far; [`TypeTable::intern`] appends one.
///
/// Invariants: the storage is allocated once with room for
/// [`TypeTable::EXTRA`] more descriptors and never moves; a descriptor,
/// once published (written, then the length raised with `Release`), is
/// never changed, so a `&[RType]` taken earlier stays valid (it just does
/// not see the newer ones, which nobody can name before they exist).
pub struct TypeTable {
    ptr: *mut RType,
    cap: usize,
    len: std::sync::atomic::AtomicUsize,
    /// Appends, and the index of the unnamed descriptors by shape (built
    /// on first use).
    made: std::sync::Mutex<Option<std::collections::HashMap<ShapeKey, u32>>>,
}

// SAFETY: the published descriptors are immutable, appends are
// serialized by `made`'s lock, and the length is published with Release
// after the write (see the type's invariants).
unsafe impl Send for TypeTable {}
unsafe impl Sync for TypeTable {}

/// What identifies an unnamed type: its kind, the descriptors it is made
/// of and its type string (which tells chan directions and `...` apart).
#[derive(Clone, PartialEq, Eq, Hash)]
struct ShapeKey {
    kind: Kind,
    elem: u32,
    key: u32,
    len: usize,
    params: Vec<u32>,
    results: Vec<u32>,
    fields: Vec<(String, u32, bool, Vec<u8>)>,
    name: String,
}

impl ShapeKey {
    fn of(t: &RType) -> ShapeKey {
        ShapeKey {
            kind: t.kind,
            elem: t.elem,
            key: t.key,
            len: t.len,
            params: t.params.clone(),
            results: t.results.clone(),
            fields: t
                .fields
                .iter()
                .map(|f| (f.name.clone(), f.ty, f.embedded, f.tag.clone()))
                .collect(),
            name: t.name.clone(),
        }
    }
}

impl TypeTable {
    /// Room for this many descriptors made at run time.
    pub const EXTRA: usize = 1 << 16;

    pub fn new(types: Vec<RType>) -> TypeTable {
        let mut v = types;
        let len = v.len();
        v.reserve_exact(Self::EXTRA);
        let cap = v.capacity();
        let mut v = std::mem::ManuallyDrop::new(v);
        TypeTable {
            ptr: v.as_mut_ptr(),
            cap,
            len: std::sync::atomic::AtomicUsize::new(len),
            made: std::sync::Mutex::new(None),
        }
    }

    /// The index of the unnamed type `t` describes: the existing one of
    /// that shape, or `t` appended. None when the table is full.
    pub fn intern(&self, t: RType) -> Option<u32> {
        use std::sync::atomic::Ordering;
        let mut made = self.made.lock().unwrap_or_else(|e| e.into_inner());
        let index = made.get_or_insert_with(|| {
            self.iter()
                .enumerate()
                .filter(|(_, r)| !r.named && r.kind != Kind::Invalid)
                .map(|(i, r)| (ShapeKey::of(r), i as u32))
                .collect()
        });
        let key = ShapeKey::of(&t);
        if let Some(&i) = index.get(&key) {
            return Some(i);
        }
        let len = self.len.load(Ordering::Relaxed);
        if len >= self.cap || len >= u32::MAX as usize {
            return None;
        }
        // SAFETY: len < cap, the slot is past every published descriptor
        // (no reference covers it) and the lock serializes writers.
        unsafe { self.ptr.add(len).write(t) };
        self.len.store(len + 1, Ordering::Release);
        index.insert(key, len as u32);
        Some(len as u32)
    }
}

impl std::ops::Deref for TypeTable {
    type Target = [RType];
    #[inline(always)]
    fn deref(&self) -> &[RType] {
        let len = self.len.load(std::sync::atomic::Ordering::Acquire);
        // SAFETY: the first len slots are initialized and never change.
        unsafe { std::slice::from_raw_parts(self.ptr, len) }
    }
}

impl Drop for TypeTable {
    fn drop(&mut self) {
        let len = *self.len.get_mut();
        // SAFETY: ptr/cap are the Vec's; its first len slots are initialized.
        drop(unsafe { Vec::from_raw_parts(self.ptr, len, self.cap) });
    }
}

impl std::fmt::Debug for TypeTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
