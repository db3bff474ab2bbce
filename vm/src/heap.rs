//! The heap: every object a Go program allocates is made here.
//!
//! # Representation
//! Every Go value is one 64-bit [`Word`]: registers, struct fields, slice
//! elements, map values and globals all hold words. What a word means is
//! fixed by the static type the compiler knows:
//!
//! | Go type                | word                                               |
//! |------------------------|----------------------------------------------------|
//! | bool, ints, floats     | the bits (ints sign/zero-extended, floats `f64` bits; float32 values are stored as the `f64` of the rounded `f32`) |
//! | string                 | 0 = `""`, else `&'static StrObj` (immutable)       |
//! | slice                  | 0 = nil, else `&'static SliceObj` (immutable header) |
//! | array `[N]T`           | `&'static SliceObj` with `len == cap == N` (never 0) |
//! | struct                 | address of its first field slot (a "box"); never 0 |
//! | pointer to struct/array| the box / the array header, 0 = nil               |
//! | pointer to other `T`   | address of the [`Slot`] holding the `T`, 0 = nil    |
//! | map                    | 0 = nil, else `&'static MapObj`                    |
//! | interface              | 0 = nil, else `&'static IfaceObj` (immutable)      |
//! | func                   | 0 = nil, else `&'static Closure`                   |
//! | chan                   | 0 = nil, else a runtime channel                    |
//!
//! Structs and arrays are *aggregates*: value semantics are kept by the
//! compiler, which copies a box whenever Go copies a value (assignment,
//! argument passing, `range`, boxing into an interface) and assigns into an
//! existing box (`copy_into`) so that pointers to it stay valid. Nested
//! aggregates are boxes of their own, referenced from the parent's slot.
//!
//! # Why one word (racy programs)
//! Go lets goroutines race on memory. A Go string, slice or interface is two
//! or three words, and a racy write can tear it; here each of them is ONE
//! word pointing at an immutable header, and every shared slot is an
//! [`AtomicU64`] accessed with `Relaxed` ordering (a plain `mov` on x86-64).
//! A racing reader therefore sees either the old or the new word, and both
//! are valid objects of the static type: a race can lose an update, never
//! produce an out-of-bounds access or a type confusion. Bounds checks use
//! the header's own `len`/`data.len()`, never a separately racing length.
//!
//! # Lifetime
//! Objects live in the garbage-collected heap of `minigo-gc` (non-moving
//! Immix on MMTk): a word stays the object's address for as long as the
//! object is reachable. The `&'static` views this module hands out are
//! valid until the object dies, and it cannot die while its word is in a
//! scanned place: a goroutine's registers, frames, defers and panics, a
//! global, a channel, a map, a timer's registry entry, a native's rooted
//! values. Collections happen only while every goroutine is at a safe
//! point (a call, a back-edge, a park, a syscall), so a view held by Rust
//! code *between* safe points is always valid. Rust code must not keep a
//! view, or a word only in a Rust local, across a safe point.
//!
//! Every heap object is a `minigo-gc` words object (each word scanned
//! conservatively), bytes object (never scanned) or native (a Rust value
//! with a trace function). Program constants made by the compiler are
//! outside the heap ([`new_static_str`]): immutable, never freed.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

pub use minigo_gc::GcNative;

pub type Word = u64;
pub type Slot = AtomicU64;

/// Bytes allocated so far (`runtime.MemStats.TotalAlloc`).
pub fn allocated_bytes() -> usize {
    minigo_gc::stats::read().total_alloc as usize
}

/// Moves a plain value (words, ints, `&'static` views of heap objects;
/// nothing that owns Rust memory) into a fresh words object.
fn alloc_obj<T: Copy>(v: T) -> &'static T {
    const {
        assert!(std::mem::align_of::<T>() <= 8);
        assert!(!std::mem::needs_drop::<T>());
    };
    let r = minigo_gc::alloc_words(std::mem::size_of::<T>().div_ceil(8));
    // SAFETY: a fresh, zeroed, 8-aligned object of at least size_of::<T>()
    // bytes that nobody else knows yet; it lives while its word is rooted
    // (module docs).
    unsafe {
        std::ptr::write(r as *mut T, v);
        &*(r as *const T)
    }
}

fn addr<T>(r: &'static T) -> Word {
    r as *const T as usize as Word
}

/// Turns a non-zero word back into the object it was made from.
///
/// # Safety
/// `w` must have been produced by this module from a `&'static T` of the
/// same `T` (the compiler's static types guarantee which `T` a word of a
/// given Go type holds, and every shared slot is written whole, atomically),
/// and the object must be reachable (see the module docs).
#[inline(always)]
pub unsafe fn deref<T>(w: Word) -> &'static T {
    debug_assert!(w != 0);
    // SAFETY: the caller guarantees `w` is the address of a live `T`.
    unsafe { &*(w as usize as *const T) }
}

/// A slot array of `n` zeroed words.
pub fn alloc_slots(n: usize) -> &'static [Slot] {
    if n == 0 {
        return &[];
    }
    let r = minigo_gc::alloc_words(n);
    // SAFETY: a fresh zeroed words object of `n` slots (an all-zero u64 is
    // a valid AtomicU64 holding 0), alive while its word is rooted.
    unsafe { std::slice::from_raw_parts(r as *const Slot, n) }
}

/// A slot array of `n` zeroed words that will only ever hold scalars
/// (ints, floats, bools, bytes): the collector never scans it. Only for
/// element types that are not `RType::is_pointerish`.
pub fn alloc_scalar_slots(n: usize) -> &'static [Slot] {
    if n == 0 {
        return &[];
    }
    let r = minigo_gc::alloc_scalar_words(n);
    // SAFETY: as in `alloc_slots`.
    unsafe { std::slice::from_raw_parts(r as *const Slot, n) }
}

/// Must a `make` of `elems` words wait for a pending collection first
/// (`minigo_gc::big`)? Then call [`big_alloc_wait`] and yield at a safe
/// point.
#[inline(always)]
pub fn big_alloc_must_wait(elems: u64) -> bool {
    minigo_gc::big::must_wait((elems as usize).saturating_mul(8))
}

/// Waits until the running P's `preempt` flag is set by the collection's
/// stop-the-world (or the collection is over).
#[cold]
pub fn big_alloc_wait(preempt: &std::sync::atomic::AtomicBool) {
    minigo_gc::big::wait_stop(preempt)
}

/// `n` zeroed bytes in a pointer-free object.
fn alloc_bytes(n: usize) -> &'static mut [u8] {
    let r = minigo_gc::alloc_bytes(n);
    // SAFETY: a fresh zeroed bytes object of `n` bytes that nobody else
    // knows yet.
    unsafe { std::slice::from_raw_parts_mut(r as *mut u8, n) }
}

#[inline(always)]
pub fn load(s: &Slot) -> Word {
    s.load(Relaxed)
}

#[inline(always)]
pub fn store(s: &Slot, w: Word) {
    s.store(w, Relaxed)
}

// ---------------------------------------------------------------- strings

/// An immutable Go string.
#[derive(Debug, Clone, Copy)]
pub struct StrObj {
    pub bytes: &'static [u8],
}

/// Makes a string word (0 for the empty string).
pub fn new_str(bytes: &[u8]) -> Word {
    if bytes.is_empty() {
        return 0;
    }
    let b = alloc_bytes(bytes.len());
    b.copy_from_slice(bytes);
    addr(alloc_obj(StrObj { bytes: b }))
}

/// A string word outside the heap, never freed: the compiler's constants.
pub fn new_static_str(bytes: &[u8]) -> Word {
    if bytes.is_empty() {
        return 0;
    }
    let b: &'static [u8] = Box::leak(bytes.to_vec().into_boxed_slice());
    Box::leak(Box::new(StrObj { bytes: b })) as *const StrObj as usize as Word
}

/// Makes a string word taking ownership of the bytes.
pub fn new_str_owned(bytes: Vec<u8>) -> Word {
    new_str(&bytes)
}

/// A substring sharing the bytes (Go strings share on slicing too): `b`
/// must be a view of a live string's bytes (or of static bytes).
pub fn str_from_static(b: &'static [u8]) -> Word {
    if b.is_empty() {
        return 0;
    }
    addr(alloc_obj(StrObj { bytes: b }))
}

/// The bytes of a string word.
#[inline(always)]
pub fn str_bytes(w: Word) -> &'static [u8] {
    if w == 0 {
        return b"";
    }
    // SAFETY: a word of static type string is 0 or a live `StrObj`.
    unsafe { deref::<StrObj>(w) }.bytes
}

// ----------------------------------------------------------------- slices

/// An immutable slice header; also the representation of arrays.
/// `data` runs from the slice's first element to its capacity, so
/// `cap == data.len()` and `len <= data.len()` always hold.
#[derive(Debug, Clone, Copy)]
pub struct SliceObj {
    pub data: &'static [Slot],
    pub len: usize,
}

impl SliceObj {
    #[inline(always)]
    pub fn cap(&self) -> usize {
        self.data.len()
    }
    #[inline(always)]
    pub fn elems(&self) -> &'static [Slot] {
        &self.data[..self.len]
    }
}

/// A slice (or array) header over `data[..len]`.
pub fn new_slice(data: &'static [Slot], len: usize) -> Word {
    debug_assert!(len <= data.len());
    addr(alloc_obj(SliceObj {
        data,
        len: len.min(data.len()),
    }))
}

/// The header of a slice word (`None` for nil).
#[inline(always)]
pub fn slice(w: Word) -> Option<&'static SliceObj> {
    if w == 0 {
        None
    } else {
        // SAFETY: a word of static slice/array type is 0 or a live `SliceObj`.
        Some(unsafe { deref::<SliceObj>(w) })
    }
}

/// The elements of a slice word (empty for nil).
#[inline(always)]
pub fn slice_elems(w: Word) -> &'static [Slot] {
    match slice(w) {
        Some(s) => s.elems(),
        None => &[],
    }
}

// --------------------------------------------------------- boxes (structs)

/// A struct box of `n` zeroed fields; returns its word.
pub fn new_box(n: usize) -> Word {
    if n == 0 {
        return ZEROBASE.as_ptr() as usize as Word;
    }
    let slots = alloc_slots(n);
    slots.as_ptr() as usize as Word
}

/// Go's `runtime.zerobase` (outside the heap): every zero-field struct box is this address,
/// so pointers to distinct zero-size objects compare equal as they do in
/// gc for heap-allocated ones. It has one slot so that it is still a
/// valid, never-written slot array (no field index reaches it).
static ZEROBASE: [Slot; 1] = [AtomicU64::new(0)];

/// The one header of every zero-length array (`[0]T`): like [`ZEROBASE`],
/// a shared address for zero-size objects.
static ZERO_ARRAY: SliceObj = SliceObj { data: &[], len: 0 };

/// The array word of a `[0]T` value.
pub fn zero_array() -> Word {
    &ZERO_ARRAY as *const SliceObj as usize as Word
}

/// Field `i` of a struct box.
///
/// The compiler only emits field indices below the struct's field count, and
/// a box word of a struct type always comes from [`new_box`] with that count.
#[inline(always)]
pub fn field(w: Word, i: usize) -> &'static Slot {
    debug_assert!(w != 0);
    // SAFETY: `w` is the address of a live slot array of at least `i + 1`
    // slots (static typing: struct values are boxes of their field count).
    unsafe { &*(w as usize as *const Slot).add(i) }
}

/// A single slot (an escaping variable, `new(int)`); returns its address.
pub fn new_cell(init: Word) -> Word {
    let s = alloc_slots(1);
    s[0].store(init, Relaxed);
    s.as_ptr() as usize as Word
}

/// The slot a non-aggregate pointer word points to.
#[inline(always)]
pub fn cell(w: Word) -> &'static Slot {
    debug_assert!(w != 0);
    // SAFETY: a non-nil pointer to a non-aggregate type is the address of a
    // slot inside a live slot array (a cell, a field, an element or a
    // global); the pointer itself keeps its array alive (module docs).
    unsafe { &*(w as usize as *const Slot) }
}

// ------------------------------------------------------------- interfaces

/// A non-nil interface value: the dynamic type and the value's word (for
/// aggregates, a private box that nobody else mutates).
#[derive(Debug, Clone, Copy)]
pub struct IfaceObj {
    pub rtype: u32,
    pub data: Word,
}

pub fn new_iface(rtype: u32, data: Word) -> Word {
    addr(alloc_obj(IfaceObj { rtype, data }))
}

#[inline(always)]
pub fn iface(w: Word) -> Option<&'static IfaceObj> {
    if w == 0 {
        None
    } else {
        // SAFETY: a word of static interface type is 0 or a live `IfaceObj`.
        Some(unsafe { deref::<IfaceObj>(w) })
    }
}

// --------------------------------------------------------------- closures

/// A func value: the function and the words it captured (cells of captured
/// variables, or boxes of captured aggregates, or a bound receiver).
#[derive(Debug, Clone, Copy)]
pub struct Closure {
    pub func: u32,
    pub captures: &'static [Word],
}

pub fn new_closure(func: u32, captures: Vec<Word>) -> Word {
    let caps: &'static [Word] = if captures.is_empty() {
        &[]
    } else {
        let r = minigo_gc::alloc_words(captures.len());
        // SAFETY: a fresh words object of `captures.len()` words, written
        // before anyone can see it and never again.
        unsafe {
            std::ptr::copy_nonoverlapping(captures.as_ptr(), r as *mut Word, captures.len());
            std::slice::from_raw_parts(r as *const Word, captures.len())
        }
    };
    addr(alloc_obj(Closure {
        func,
        captures: caps,
    }))
}

/// A func value without captures outside the heap (a top-level function's
/// value, made once at load), never freed.
pub fn new_static_closure(func: u32) -> Word {
    Box::leak(Box::new(Closure {
        func,
        captures: &[],
    })) as *const Closure as usize as Word
}

#[inline(always)]
pub fn closure(w: Word) -> Option<&'static Closure> {
    if w == 0 {
        None
    } else {
        // SAFETY: a word of static func type is 0 or a live `Closure`.
        Some(unsafe { deref::<Closure>(w) })
    }
}

/// Moves a Rust value (a map, a channel, a sync object) into the heap and
/// returns its word; [`deref`] gives it back. It is dropped when it dies.
pub fn new_object<T: GcNative>(v: T) -> Word {
    minigo_gc::alloc_native(v) as Word
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_round_trip_and_empty_is_zero() {
        assert_eq!(new_str(b""), 0);
        let w = new_str(b"hello");
        assert_ne!(w, 0);
        assert_eq!(str_bytes(w), b"hello");
        assert_eq!(str_bytes(0), b"");
    }

    #[test]
    fn slice_header_bounds_are_its_own() {
        let data = alloc_slots(4);
        let w = new_slice(data, 2);
        let s = slice(w).unwrap();
        assert_eq!(s.len, 2);
        assert_eq!(s.cap(), 4);
        assert_eq!(s.elems().len(), 2);
        assert!(slice(0).is_none());
        assert!(slice_elems(0).is_empty());
    }

    #[test]
    fn boxes_and_cells() {
        let b = new_box(3);
        store(field(b, 2), 42);
        assert_eq!(load(field(b, 2)), 42);
        assert_eq!(load(field(b, 0)), 0);
        let c = new_cell(7);
        assert_eq!(load(cell(c)), 7);
        assert_ne!(new_box(0), 0);
    }
}
