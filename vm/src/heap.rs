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
//! | string                 | 0 = `""`; up to 64 KiB: bytes' address \| length << 48; else `&'static StrObj` (immutable) |
//! | slice                  | 0 = nil; up to 127 slots or bytes: packed address, len, cap (`slice_word`); else `&'static SliceObj` (immutable header; elements are slots, or Go's size for narrower scalars: [`Rep`]) |
//! | slice of flat structs  | 0 = nil, else `&'static SliceObj` with the stride K (never packed): the elements are *inline*, element i's K fields at `ptr + i*K*8`, laid out as the struct's box ([`Backing::alloc_inline`]) |
//! | array `[N]T`           | a slice word with `len == cap == N` (never 0)      |
//! | struct                 | address of its first field slot (a "box"); never 0; an inline element's box is its address inside the array |
//! | pointer to struct/array| the box / the array word, 0 = nil                 |
//! | pointer to other `T`   | address of the [`Slot`] holding the `T`, or [`NARROW_PTR`] \| rep \| address of a narrow element; 0 = nil |
//! | complex64, complex128  | 0 = `0+0i` (both parts +0), else the address of an immutable 16-byte bytes object: the parts' `f64` bits, little-endian (complex64 parts are the `f64` of rounded `f32`s; see [`crate::cplx`]) |
//! | map                    | 0 = nil, else `&'static MapObj`                    |
//! | interface              | 0 = nil, else `&'static IfaceObj` (immutable; small scalars share static ones: `interp::convt`) |
//! | func                   | 0 = nil, else `&'static Closure`                   |
//! | chan                   | 0 = nil, else a runtime channel                    |
//!
//! Structs and arrays are *aggregates*: value semantics are kept by the
//! compiler, which copies a box whenever Go copies a value (assignment,
//! argument passing, `range`, boxing into an interface) and assigns into an
//! existing box (`copy_into`) so that pointers to it stay valid. Nested
//! aggregates are boxes of their own, referenced from the parent's slot,
//! except the elements of an array (or slice) of *flat* structs, structs
//! of one or more fields none of which is an aggregate
//! (`RType::inline_stride`): those are stored inline, as Go stores them,
//! so that `make([]Point, n)` is one object of `2n` slots, not `n + 1`
//! objects. Everything that handles an element goes through its box word
//! (`SliceObj::get`, `Backing::get`: the interior address `ptr + i*K*8`),
//! so a struct field read, `&s[i]` and the compiler's `Copy`/`CopyInto`
//! are the same code for both layouts; what differs is `set`, which for
//! an inline element copies the K slots of the box it is given instead of
//! making that box the element's storage. Moving elements therefore moves
//! contents (`Backing::copy_from`, `value::swap_contents`), never words.
//! `&s[i]` is an interior pointer, which keeps the whole array alive
//! (`minigo-gc` resolves interior pointers into any object). The layout is
//! a function of the element type alone; the stride is in the header so
//! that the few arrays made as boxes of words (`unsafe.Slice` of one
//! struct) stay correct through the same accessors. Every field stays one
//! slot, as in a box, so an inline element *is* a box; fields narrower than
//! a word are not packed (Go's `unsafe.Sizeof` is still reported).
//! Where a copy cannot be observed the compiler skips the allocation: a
//! struct literal assigned to a place is stored into the place's box, a
//! range variable nothing can reference reuses one box for the loop, and a
//! parameter the callee only reads is the caller's box (`compile::borrow`).
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

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed, Ordering::SeqCst};

pub use minigo_gc::GcNative;

pub type Word = u64;
pub type Slot = AtomicU64;

/// Bytes allocated so far (`runtime.MemStats.TotalAlloc`).
pub fn allocated_bytes() -> usize {
    minigo_gc::stats::total_alloc() as usize
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

/// A packed word's address bits (strings, small slices): the collector
/// reads only these. User-space addresses fit in 47.
const ADDR_MASK: Word = minigo_gc::ADDR_MASK;
const STR_ADDR_BITS: u32 = ADDR_MASK.count_ones();
/// The longest string whose length fits in a word's top 16 bits.
const STR_PACKED_MAX: usize = (1 << (64 - STR_ADDR_BITS)) - 1;

/// The header of a string too long to pack (see [`str_word`]).
#[derive(Debug, Clone, Copy)]
struct StrObj {
    bytes: &'static [u8],
}

/// The word of a string whose bytes are `b` (which must be the bytes of a
/// live heap object, a view into one, or static).
///
/// A string of 1 to 65535 bytes is *packed*: its bytes' address in the low
/// 48 bits and its length in the top 16, so a fresh string is one bytes
/// object and a substring (`s[i:j]`, `strings.Split`'s parts) allocates
/// nothing. The word stays one atomic value, so a race cannot tear a
/// string. The collector masks the length off (`minigo_gc::ADDR_MASK`)
/// and keeps the bytes alive through the address, interior or not. A
/// longer string points at a [`StrObj`] header (top bits zero).
fn str_word(b: &'static [u8]) -> Word {
    if b.is_empty() {
        return 0;
    }
    packed_str(b).unwrap_or_else(|| addr(alloc_obj(StrObj { bytes: b })))
}

/// The packed word of non-empty `b`, if it fits (see [`str_word`]).
fn packed_str(b: &[u8]) -> Option<Word> {
    let a = b.as_ptr() as usize as Word;
    (b.len() <= STR_PACKED_MAX && a & !ADDR_MASK == 0)
        .then_some(a | ((b.len() as Word) << STR_ADDR_BITS))
}

/// Makes a string word (0 for the empty string).
pub fn new_str(bytes: &[u8]) -> Word {
    if bytes.is_empty() {
        return 0;
    }
    let b = alloc_bytes(bytes.len());
    b.copy_from_slice(bytes);
    str_word(b)
}

/// Makes a string word of `len` bytes written by `fill` (which must fill
/// them all): a concatenation builds its result in place.
pub fn new_str_with(len: usize, fill: impl FnOnce(&mut [u8])) -> Word {
    if len == 0 {
        return 0;
    }
    let b = alloc_bytes(len);
    fill(b);
    str_word(b)
}

/// A string word outside the heap, never freed: the compiler's constants.
pub fn new_static_str(bytes: &[u8]) -> Word {
    if bytes.is_empty() {
        return 0;
    }
    let b = static_arena::bytes(bytes);
    if let Some(w) = packed_str(b) {
        return w;
    }
    static_arena::value(StrObj { bytes: b }) as *const StrObj as usize as Word
}

/// Makes a string word taking ownership of the bytes.
pub fn new_str_owned(bytes: Vec<u8>) -> Word {
    new_str(&bytes)
}

/// A substring sharing the bytes (Go strings share on slicing too): `b`
/// must be a view of a live string's bytes (or of static bytes).
pub fn str_from_static(b: &'static [u8]) -> Word {
    str_word(b)
}

/// The bytes of a string word.
#[inline(always)]
pub fn str_bytes(w: Word) -> &'static [u8] {
    let len = (w >> STR_ADDR_BITS) as usize;
    if len != 0 {
        // SAFETY: a packed string word (`str_word`): the address and length
        // of bytes that stay alive while the word is rooted (module docs).
        return unsafe { std::slice::from_raw_parts((w & ADDR_MASK) as usize as *const u8, len) };
    }
    if w == 0 {
        return b"";
    }
    // SAFETY: a word of static type string that is neither 0 nor packed is
    // a live `StrObj`.
    unsafe { deref::<StrObj>(w) }.bytes
}

// ---------------------------------------------------------------- complex

/// The word of the complex number `re + im i` (see the module docs): a
/// fresh pointer-free bytes object, or 0 for `+0 + +0i`, so zero values
/// need no allocation.
pub fn new_complex(re: f64, im: f64) -> Word {
    if re.to_bits() == 0 && im.to_bits() == 0 {
        return 0;
    }
    let b = alloc_bytes(16);
    b[..8].copy_from_slice(&re.to_bits().to_le_bytes());
    b[8..].copy_from_slice(&im.to_bits().to_le_bytes());
    addr_of_bytes(b)
}

/// A complex word outside the heap, never freed: the compiler's constants.
pub fn new_static_complex(re: f64, im: f64) -> Word {
    if re.to_bits() == 0 && im.to_bits() == 0 {
        return 0;
    }
    let mut v = [0; 16];
    v[..8].copy_from_slice(&re.to_bits().to_le_bytes());
    v[8..].copy_from_slice(&im.to_bits().to_le_bytes());
    addr_of_bytes(static_arena::bytes(&v))
}

/// Memory for the values that live as long as the program (the
/// compiler's constants), packed into chunks of their own. The compiler
/// makes them between the syntax trees' nodes; leaked one by one, each
/// kept its allocator page of the front end resident for the whole run
/// once the trees around it were freed.
mod static_arena {
    use std::alloc::Layout;
    use std::sync::Mutex;

    const CHUNK: usize = 16 << 10;

    /// (next free byte, end) of the current chunk.
    static ARENA: Mutex<(usize, usize)> = Mutex::new((0, 0));

    /// `layout`'s worth of memory that is never freed.
    fn alloc(layout: Layout) -> *mut u8 {
        if layout.size() > CHUNK / 4 {
            // SAFETY: a non-zero size (callers never ask for 0 bytes).
            let p = unsafe { std::alloc::alloc(layout) };
            if p.is_null() {
                std::alloc::handle_alloc_error(layout);
            }
            return p;
        }
        let mut a = ARENA.lock().unwrap_or_else(|e| e.into_inner());
        let mut p = a.0.next_multiple_of(layout.align());
        if a.0 == 0 || p + layout.size() > a.1 {
            let chunk = Layout::from_size_align(CHUNK, 16).expect("chunk layout");
            // SAFETY: a non-zero size.
            let c = unsafe { std::alloc::alloc(chunk) };
            if c.is_null() {
                std::alloc::handle_alloc_error(chunk);
            }
            *a = (c as usize, c as usize + CHUNK);
            p = a.0.next_multiple_of(layout.align());
        }
        a.0 = p + layout.size();
        p as *mut u8
    }

    /// A copy of `b` that lives as long as the program.
    pub(super) fn bytes(b: &[u8]) -> &'static [u8] {
        if b.is_empty() {
            return &[];
        }
        let p = alloc(Layout::for_value(b));
        // SAFETY: `p` is `b.len()` fresh bytes, never freed or handed out
        // again.
        unsafe {
            std::ptr::copy_nonoverlapping(b.as_ptr(), p, b.len());
            std::slice::from_raw_parts(p, b.len())
        }
    }

    /// `v`, moved to memory that lives as long as the program.
    pub(super) fn value<T: Sync + 'static>(v: T) -> &'static T {
        const { assert!(std::mem::size_of::<T>() > 0) };
        let p = alloc(Layout::new::<T>()) as *mut T;
        // SAFETY: `p` is fresh memory for a `T`, suitably aligned, never
        // freed or handed out again (so `v` is never dropped: leaked).
        unsafe {
            p.write(v);
            &*p
        }
    }
}

fn addr_of_bytes(b: &'static [u8]) -> Word {
    b.as_ptr() as usize as Word
}

/// The real and imaginary parts of a complex word.
#[inline]
pub fn complex_parts(w: Word) -> (f64, f64) {
    if w == 0 {
        return (0.0, 0.0);
    }
    // SAFETY: a non-zero word of static type complex64/complex128 is the
    // address of a live (rooted, see the module docs) 16-byte object made
    // by `new_complex` or `new_static_complex`, never written after.
    let b = unsafe { std::slice::from_raw_parts(w as usize as *const u8, 16) };
    let part = |i: usize| {
        let mut a = [0u8; 8];
        a.copy_from_slice(&b[i..i + 8]);
        f64::from_bits(u64::from_le_bytes(a))
    };
    (part(0), part(8))
}

// ----------------------------------------------------------------- slices

/// How one element of an array is stored: a [`Slot`], or Go's own size
/// for the scalar types narrower than a word, so that a `[]byte` of 64 is
/// 64 bytes and a `[]int32` of 64 is 256, not 512.
///
/// A narrow element is read back into the word its type has everywhere
/// else (module docs): ints sign- or zero-extended per signedness, a
/// `float32` widened to the `f64` of its value. Any bit pattern of a
/// narrow element is a valid value of its type, so racing stores of whole
/// elements can lose an update but never make an invalid word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Rep {
    Word = 0,
    /// `uint8`, `bool`
    U8,
    I8,
    U16,
    I16,
    U32,
    I32,
    F32,
}

impl Rep {
    const ALL: [Rep; 8] = [
        Rep::Word,
        Rep::U8,
        Rep::I8,
        Rep::U16,
        Rep::I16,
        Rep::U32,
        Rep::I32,
        Rep::F32,
    ];

    /// Bytes an element.
    #[inline(always)]
    pub const fn size(self) -> usize {
        match self {
            Rep::Word => 8,
            Rep::U8 | Rep::I8 => 1,
            Rep::U16 | Rep::I16 => 2,
            Rep::U32 | Rep::I32 | Rep::F32 => 4,
        }
    }

    #[inline(always)]
    fn from_bits(b: Word) -> Rep {
        Rep::ALL[(b & 7) as usize]
    }

    /// The element at `a`, as its type's word.
    ///
    /// # Safety
    /// `a` addresses a live element of this representation.
    #[inline(always)]
    unsafe fn load(self, a: usize) -> Word {
        use std::sync::atomic::{AtomicI16, AtomicI32, AtomicI8, AtomicU16, AtomicU32};
        // SAFETY: the caller's guarantee; every narrow element is naturally
        // aligned (arrays start 8-aligned and step by the element's size).
        unsafe {
            match self {
                Rep::Word => load(&*(a as *const Slot)),
                Rep::U8 => (*(a as *const AtomicU8)).load(Relaxed) as Word,
                Rep::I8 => (*(a as *const AtomicI8)).load(Relaxed) as i64 as Word,
                Rep::U16 => (*(a as *const AtomicU16)).load(Relaxed) as Word,
                Rep::I16 => (*(a as *const AtomicI16)).load(Relaxed) as i64 as Word,
                Rep::U32 => (*(a as *const AtomicU32)).load(Relaxed) as Word,
                Rep::I32 => (*(a as *const AtomicI32)).load(Relaxed) as i64 as Word,
                Rep::F32 => {
                    let bits = (*(a as *const AtomicU32)).load(Relaxed);
                    (f32::from_bits(bits) as f64).to_bits()
                }
            }
        }
    }

    /// Stores word `v` of the element's type at `a` (an int keeps its low
    /// bits, which hold its whole value; a `float32`'s word is the `f64` of
    /// an `f32`, so narrowing it is exact).
    ///
    /// # Safety
    /// As in [`Rep::load`].
    #[inline(always)]
    unsafe fn store(self, a: usize, v: Word) {
        use std::sync::atomic::AtomicU32;
        // SAFETY: as in `load`; the signed atomics have the unsigned ones'
        // layout, so each store goes through the unsigned type.
        unsafe {
            match self {
                Rep::Word => store(&*(a as *const Slot), v),
                Rep::U8 | Rep::I8 => (*(a as *const AtomicU8)).store(v as u8, Relaxed),
                Rep::U16 | Rep::I16 => {
                    (*(a as *const std::sync::atomic::AtomicU16)).store(v as u16, Relaxed)
                }
                Rep::U32 | Rep::I32 => (*(a as *const AtomicU32)).store(v as u32, Relaxed),
                Rep::F32 => {
                    let f = f64::from_bits(v) as f32;
                    (*(a as *const AtomicU32)).store(f.to_bits(), Relaxed)
                }
            }
        }
    }

    /// The 32-bit cell at `a`, for `sync/atomic` on a pointer to a
    /// 4-byte element; `None` for other representations.
    ///
    /// # Safety
    /// As in [`Rep::load`].
    unsafe fn atomic32(self, a: usize) -> Option<&'static std::sync::atomic::AtomicU32> {
        match self {
            // SAFETY: the caller's guarantee.
            Rep::U32 | Rep::I32 => Some(unsafe { &*(a as *const std::sync::atomic::AtomicU32) }),
            _ => None,
        }
    }
}

/// Tag bit of a pointer to a narrow element (`&xs[i]` of a `[]byte`,
/// `[]int32`, `[N]float32`, ...): such a pointer addresses the element
/// itself, not a [`Slot`], and bits [`PTR_REP_SHIFT`].. hold its [`Rep`],
/// so that [`ptr_load`]/[`ptr_store`] access it at its size. The
/// collector looks only at the address bits (`minigo_gc::ADDR_MASK`).
pub const NARROW_PTR: Word = 1 << 62;
const PTR_REP_SHIFT: u32 = 59;

/// Capacity bits of a [`SliceObj`] that hold its [`Rep`].
const CAP_REP_SHIFT: u32 = 61;
/// Capacity bits of a [`SliceObj`] that hold its inline stride (see
/// [`Backing::alloc_inline`]); 0: elements are not inline structs.
const CAP_STRIDE_SHIFT: u32 = 48;
/// The capacity itself: no array has 2^48 elements.
const CAP_MASK: usize = (1 << CAP_STRIDE_SHIFT) - 1;
/// The widest struct stored inline, in fields (the stride's bits).
pub const INLINE_MAX_FIELDS: usize = (1 << (CAP_REP_SHIFT - CAP_STRIDE_SHIFT)) - 1;

/// An immutable slice header; also the representation of arrays. It
/// addresses `cap` elements from the slice's first one, of which `len`
/// are in the slice: `len <= cap` always holds.
#[derive(Debug, Clone, Copy)]
pub struct SliceObj {
    /// Address of element 0 (one past the backing array when `cap == 0`).
    ptr: usize,
    len: usize,
    /// Capacity, with the inline stride in bits [`CAP_STRIDE_SHIFT`]..
    /// and the elements' [`Rep`] in bits [`CAP_REP_SHIFT`]..; a plain
    /// array of slots is the only kind with `cap <= CAP_MASK`.
    cap: usize,
}

/// A backing array: `len` elements of one [`Rep`] from `ptr`, or, when
/// `stride > 0`, `len` inline structs of `stride` slots each.
#[derive(Clone, Copy)]
pub struct Backing {
    ptr: usize,
    len: usize,
    rep: Rep,
    stride: usize,
}

impl Backing {
    /// `n` zeroed elements of representation `rep`; slots are scanned by
    /// the collector only when `pointerish`, narrow elements never.
    pub fn alloc(n: usize, rep: Rep, pointerish: bool) -> Backing {
        let ptr = if rep != Rep::Word {
            alloc_atomic_bytes(n * rep.size()).as_ptr() as usize
        } else if pointerish {
            alloc_slots(n).as_ptr() as usize
        } else {
            alloc_scalar_slots(n).as_ptr() as usize
        };
        Backing {
            ptr,
            len: n,
            rep,
            stride: 0,
        }
    }
    /// `n` zeroed inline structs of `k` fields each (`0 < k <=`
    /// [`INLINE_MAX_FIELDS`]): ONE object of `n * k` slots, element `i`'s
    /// fields at `ptr + i*k*8`, laid out as the struct's box, so that its
    /// box word is that interior address (module docs). A zeroed slot is
    /// the zero value of every non-aggregate field, so the elements need
    /// no further initialization.
    pub fn alloc_inline(n: usize, k: usize, pointerish: bool) -> Backing {
        assert!(
            k > 0 && k <= INLINE_MAX_FIELDS,
            "internal error: inline stride {k}"
        );
        let slots = n.checked_mul(k).expect("internal error: inline array size");
        let ptr = if pointerish {
            alloc_slots(slots).as_ptr() as usize
        } else {
            alloc_scalar_slots(slots).as_ptr() as usize
        };
        Backing {
            ptr,
            len: n,
            rep: Rep::Word,
            stride: k,
        }
    }
    fn words(w: &'static [Slot]) -> Backing {
        Backing {
            ptr: w.as_ptr() as usize,
            len: w.len(),
            rep: Rep::Word,
            stride: 0,
        }
    }
    /// Slots an inline struct element takes; 0 unless the elements are
    /// inline structs.
    #[inline(always)]
    pub fn stride(&self) -> usize {
        self.stride
    }
    /// Bytes from one element to the next.
    #[inline(always)]
    fn elem_size(&self) -> usize {
        if self.stride > 0 {
            self.stride * 8
        } else {
            self.rep.size()
        }
    }
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn rep(&self) -> Rep {
        self.rep
    }
    #[inline(always)]
    fn at(&self, i: usize) -> usize {
        assert!(i < self.len, "internal error: element {i} of {}", self.len);
        self.ptr + i * self.elem_size()
    }
    /// Element `i` as a word of its type; `i < len()`. For an aggregate
    /// element this is the element's own box (not a copy), as a struct
    /// field's is: an inline struct's is its interior address.
    #[inline(always)]
    pub fn get(&self, i: usize) -> Word {
        let a = self.at(i);
        if self.stride > 0 {
            return a as Word;
        }
        // SAFETY: `at` checked `i` against the backing array's length.
        unsafe { self.rep.load(a) }
    }
    /// Stores word `v` of the element type as element `i`; `i < len()`.
    ///
    /// An inline struct element is overwritten with the contents of the
    /// box `v` (0: the zero value), field by field. The element does not
    /// become `v`'s storage, as a boxed element's slot does: code that
    /// moves elements by word (`let x = get(i); set(j, x)`) must copy
    /// contents instead (`value::swap_contents`, `Backing::copy_from`).
    #[inline(always)]
    pub fn set(&self, i: usize, v: Word) {
        let a = self.at(i);
        if self.stride > 0 {
            // SAFETY: element `i` is `stride` live slots at `a`; a non-zero
            // `v` is a live box of the same struct type (static typing), so
            // of `stride` slots.
            unsafe { copy_slots(a, v as usize, self.stride) };
            return;
        }
        // SAFETY: as in `get`.
        unsafe { self.rep.store(a, v) }
    }
    /// Elements `lo..hi`.
    pub fn sub(&self, lo: usize, hi: usize) -> Backing {
        assert!(lo <= hi && hi <= self.len, "internal error: sub-array");
        Backing {
            ptr: self.ptr + lo * self.elem_size(),
            len: hi - lo,
            rep: self.rep,
            stride: self.stride,
        }
    }
    /// Address of element 0.
    pub fn addr(&self) -> usize {
        self.ptr
    }
    /// The slots of an array of [`Rep::Word`]; anything else here is a bug
    /// in the VM, which stops with an internal error instead of reading
    /// narrow elements as slots.
    #[inline(always)]
    pub fn slots(&self) -> &'static [Slot] {
        if self.rep != Rep::Word || self.stride > 0 {
            narrow_array_as_words();
        }
        // SAFETY: `len` live slots from `ptr` (how a Backing is made).
        unsafe { std::slice::from_raw_parts(self.ptr as *const Slot, self.len) }
    }
    /// The bytes of an array of [`Rep::U8`].
    fn bytes(&self) -> &'static [AtomicU8] {
        debug_assert_eq!(self.rep, Rep::U8);
        // SAFETY: `len` live bytes from `ptr` (how a Backing is made).
        unsafe { std::slice::from_raw_parts(self.ptr as *const AtomicU8, self.len) }
    }
    /// Copies `src` into `self[at..]` (same representation or not), as
    /// `memmove` does when they overlap.
    pub fn copy_from(&self, at: usize, src: Backing) {
        let n = src.len();
        if self.rep == Rep::U8 && src.rep == Rep::U8 {
            let (d, s) = (&self.bytes()[at..at + n], src.bytes());
            if (d.as_ptr() as usize) <= (s.as_ptr() as usize) {
                for (x, y) in d.iter().zip(s) {
                    x.store(y.load(Relaxed), Relaxed);
                }
            } else {
                for (x, y) in d.iter().zip(s).rev() {
                    x.store(y.load(Relaxed), Relaxed);
                }
            }
            return;
        }
        if self.stride > 0 && self.stride == src.stride {
            if n > 0 {
                // SAFETY: `at + n` elements of `stride` slots fit in `self`
                // (`at` checks the last), `src` has `n`.
                self.at(at + n - 1);
                unsafe { move_slots(self.at(at), src.ptr, n * self.stride) };
            }
            return;
        }
        if self.stride == 0 && src.stride > 0 {
            // Slots would alias the source's elements: callers copy
            // aggregates with `value::copy_into`.
            narrow_array_as_words();
        }
        let forward = self.addr() + at * self.elem_size() <= src.addr();
        let one = |i: usize| self.set(at + i, src.get(i));
        if forward {
            (0..n).for_each(one);
        } else {
            (0..n).rev().for_each(one);
        }
    }
    /// Writes `b` (one byte an element) into `self[at..]`.
    pub fn write_bytes(&self, at: usize, b: &[u8]) {
        if self.rep == Rep::U8 {
            for (x, &y) in self.bytes()[at..at + b.len()].iter().zip(b) {
                x.store(y, Relaxed);
            }
        } else {
            for (i, &y) in b.iter().enumerate() {
                self.set(at + i, y as Word);
            }
        }
    }
    /// The index of the first element equal to byte `c`; `None` unless
    /// the array is of [`Rep::U8`].
    pub fn index_byte(&self, c: u8) -> Option<usize> {
        if self.rep != Rep::U8 {
            return None;
        }
        self.bytes().iter().position(|x| x.load(Relaxed) == c)
    }
    /// The index of the last element equal to byte `c`, as
    /// [`Backing::index_byte`].
    pub fn last_index_byte(&self, c: u8) -> Option<usize> {
        if self.rep != Rep::U8 {
            return None;
        }
        self.bytes().iter().rposition(|x| x.load(Relaxed) == c)
    }
    /// The elements as bytes (each truncated to 8 bits).
    pub fn to_bytes(&self) -> Vec<u8> {
        if self.rep == Rep::U8 {
            self.bytes().iter().map(|x| x.load(Relaxed)).collect()
        } else {
            (0..self.len).map(|i| self.get(i) as u8).collect()
        }
    }
}

impl SliceObj {
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    #[inline(always)]
    pub fn cap(&self) -> usize {
        self.cap & CAP_MASK
    }
    #[inline(always)]
    pub fn rep(&self) -> Rep {
        Rep::from_bits((self.cap >> CAP_REP_SHIFT) as Word)
    }
    /// Address of element 0 (`%p`, `==` of array pointers).
    pub fn addr(&self) -> usize {
        self.ptr
    }
    /// Slots an inline struct element takes; 0 unless the elements are
    /// inline structs ([`Backing::alloc_inline`]).
    #[inline(always)]
    pub fn stride(&self) -> usize {
        (self.cap >> CAP_STRIDE_SHIFT) & INLINE_MAX_FIELDS
    }
    /// The whole backing store, up to `cap`.
    #[inline(always)]
    pub fn backing(&self) -> Backing {
        Backing {
            ptr: self.ptr,
            len: self.cap(),
            rep: self.rep(),
            stride: self.stride(),
        }
    }
    /// The elements in the slice, up to `len`.
    #[inline(always)]
    pub fn elems_backing(&self) -> Backing {
        self.backing().sub(0, self.len)
    }
    /// The elements of a slice of slots. Callers know from the static type
    /// that the elements are a word each ([`Backing::slots`]).
    #[inline(always)]
    pub fn elems(&self) -> &'static [Slot] {
        self.elems_backing().slots()
    }
    /// Element `i`, if `i < len`.
    #[inline(always)]
    pub fn get(&self, i: usize) -> Option<Word> {
        if i >= self.len {
            return None;
        }
        // SAFETY: `i < len <= cap` elements of the header's representation
        // (made by `new_slice_of` from such a store; the header keeps the
        // store alive: module docs).
        Some(unsafe {
            if self.cap <= CAP_MASK {
                load(&*(self.ptr as *const Slot).add(i))
            } else if self.stride() > 0 {
                (self.ptr + i * self.stride() * 8) as Word
            } else {
                let rep = self.rep();
                rep.load(self.ptr + i * rep.size())
            }
        })
    }
    /// Stores element `i`; `false` if `i >= len`.
    #[inline(always)]
    pub fn set(&self, i: usize, v: Word) -> bool {
        if i >= self.len {
            return false;
        }
        // SAFETY: as in `get`; an inline element as in `Backing::set`.
        unsafe {
            if self.cap <= CAP_MASK {
                store(&*(self.ptr as *const Slot).add(i), v)
            } else if self.stride() > 0 {
                let k = self.stride();
                copy_slots(self.ptr + i * k * 8, v as usize, k)
            } else {
                let rep = self.rep();
                rep.store(self.ptr + i * rep.size(), v)
            }
        }
        true
    }
    /// `&s[i]` if `i < len`: a slot address, or a [`NARROW_PTR`]-tagged
    /// element address.
    #[inline(always)]
    pub fn elem_addr(&self, i: usize) -> Option<Word> {
        if i >= self.len {
            return None;
        }
        let rep = self.rep();
        Some(if self.stride() > 0 {
            // The element's box: a pointer to a struct is its box.
            (self.ptr + i * self.stride() * 8) as Word
        } else if rep == Rep::Word {
            (self.ptr + i * 8) as Word
        } else {
            (self.ptr + i * rep.size()) as Word | NARROW_PTR | (rep as Word) << PTR_REP_SHIFT
        })
    }
}

#[cold]
fn narrow_array_as_words() -> ! {
    panic!("internal error: an array of narrow or inline elements used as an array of slots")
}

/// Copies the `k` slots of box `src` (0: a zero value) to the `k` slots at
/// `dst`, slot by slot (each store atomic, as every shared slot's: a racing
/// reader may see a mix of old and new fields, as in Go, but every field a
/// valid word of its type). `src` and `dst` are the same or disjoint.
///
/// # Safety
/// `dst` and a non-zero `src` address `k` live slots each.
#[inline(always)]
unsafe fn copy_slots(dst: usize, src: usize, k: usize) {
    if dst == src {
        return;
    }
    for j in 0..k {
        // SAFETY: the caller's guarantee.
        unsafe {
            let v = if src == 0 {
                0
            } else {
                load(&*(src as *const Slot).add(j))
            };
            store(&*(dst as *const Slot).add(j), v);
        }
    }
}

/// Moves `n` slots from `src` to `dst` as `memmove` does (the ranges may
/// overlap), slot by slot and atomically, as [`copy_slots`].
///
/// # Safety
/// `dst` and `src` address `n` live slots each.
unsafe fn move_slots(dst: usize, src: usize, n: usize) {
    // SAFETY: the caller's guarantee.
    let one = |j: usize| unsafe {
        store(
            &*(dst as *const Slot).add(j),
            load(&*(src as *const Slot).add(j)),
        )
    };
    if dst <= src {
        (0..n).for_each(one);
    } else {
        (0..n).rev().for_each(one);
    }
}

/// A slice (or array) header of slots over `data[..len]`.
pub fn new_slice(data: &'static [Slot], len: usize) -> Word {
    new_slice_of(Backing::words(data), len)
}

/// A slice (or array) header over `data[..len]`, `cap = data.len()`.
pub fn new_slice_of(data: Backing, len: usize) -> Word {
    debug_assert!(len <= data.len());
    let cap = data.len();
    slice_word(SliceObj {
        ptr: data.addr(),
        len: len.min(cap),
        cap: cap | data.stride << CAP_STRIDE_SHIFT | (data.rep as usize) << CAP_REP_SHIFT,
    })
}

/// Bit 63 of a packed slice word (see [`slice_word`]).
const SLICE_PACKED: Word = 1 << 63;
/// Bit 62 of a packed slice word: the elements are [`Rep::U8`].
const SLICE_NARROW: Word = 1 << 62;
const SLICE_LEN_SHIFT: u32 = 48;
const SLICE_CAP_SHIFT: u32 = 55;
/// The largest length and capacity a packed slice word holds.
const SLICE_PACKED_MAX: usize = 127;

/// The word of the slice `h`.
///
/// A slice or array of at most 127 slots or bytes is *packed*: bit 63
/// set, bit 62 for bytes, its capacity in bits 55..62, its length in bits
/// 48..55 and the address of element 0 in the low 48. Re-slicing and
/// `append` within capacity, the commonest slice operations, then allocate
/// nothing, and the word is still one atomic value that a race cannot
/// tear. The collector keeps the backing array alive through the address
/// bits (`minigo_gc::ADDR_MASK`), as it did through a header's `ptr`.
/// A longer slice, or one of another [`Rep`] or of inline structs (no
/// bits are left for them), points at an immutable [`SliceObj`] (bit 63
/// clear).
fn slice_word(h: SliceObj) -> Word {
    let cap = h.cap();
    let rep = h.rep();
    if cap <= SLICE_PACKED_MAX
        && (h.ptr as Word) & !ADDR_MASK == 0
        && h.stride() == 0
        && matches!(rep, Rep::Word | Rep::U8)
    {
        return SLICE_PACKED
            | if rep == Rep::U8 { SLICE_NARROW } else { 0 }
            | ((cap as Word) << SLICE_CAP_SHIFT)
            | ((h.len as Word) << SLICE_LEN_SHIFT)
            | h.ptr as Word;
    }
    addr(alloc_obj(h))
}

/// `n` zeroed bytes in a pointer-free object, as atomics (racing
/// goroutines may read and write them).
fn alloc_atomic_bytes(n: usize) -> &'static [AtomicU8] {
    if n == 0 {
        return &[];
    }
    let r = minigo_gc::alloc_bytes(n);
    // SAFETY: a fresh zeroed bytes object of `n` bytes (a zero byte is a
    // valid AtomicU8), alive while its word is rooted.
    unsafe { std::slice::from_raw_parts(r as *const AtomicU8, n) }
}

/// A `[]byte` (one byte an element) holding a copy of `b`.
pub fn new_byte_slice(b: &[u8]) -> Word {
    let data = Backing::alloc(b.len(), Rep::U8, false);
    data.write_bytes(0, b);
    new_slice_of(data, b.len())
}

/// The header of a slice word (`None` for nil).
#[inline(always)]
pub fn slice(w: Word) -> Option<SliceObj> {
    if w & SLICE_PACKED != 0 {
        let field = |shift: u32| ((w >> shift) as usize) & SLICE_PACKED_MAX;
        let rep = if w & SLICE_NARROW != 0 {
            Rep::U8
        } else {
            Rep::Word
        };
        return Some(SliceObj {
            ptr: (w & ADDR_MASK) as usize,
            len: field(SLICE_LEN_SHIFT),
            cap: field(SLICE_CAP_SHIFT) | (rep as usize) << CAP_REP_SHIFT,
        });
    }
    if w == 0 {
        None
    } else {
        // SAFETY: a word of static slice/array type that is neither 0 nor
        // packed is a live `SliceObj`.
        Some(*unsafe { deref::<SliceObj>(w) })
    }
}

/// The header of a slice word, the empty one for nil.
#[inline(always)]
pub fn slice_or_nil(w: Word) -> SliceObj {
    slice(w).unwrap_or(SliceObj {
        ptr: 8,
        len: 0,
        cap: 0,
    })
}

/// The elements of a slice word of slots (empty for nil); see
/// [`SliceObj::elems`].
#[inline(always)]
pub fn slice_elems(w: Word) -> &'static [Slot] {
    match slice(w) {
        Some(s) => s.elems(),
        None => &[],
    }
}

/// The elements of a slice word of bytes, in either representation.
pub fn slice_bytes(w: Word) -> Vec<u8> {
    slice_or_nil(w).elems_backing().to_bytes()
}

/// The address and size in bytes of what pointer `p` (a slot, or a
/// [`NARROW_PTR`]-tagged element) designates (for `-race`).
pub fn ptr_span(p: Word) -> (u64, u32) {
    if p & NARROW_PTR != 0 {
        let (rep, a) = narrow_ptr(p);
        (a as u64, rep.size() as u32)
    } else {
        (p & ADDR_MASK, 8)
    }
}

/// The element a [`NARROW_PTR`]-tagged pointer addresses.
#[inline(always)]
fn narrow_ptr(p: Word) -> (Rep, usize) {
    (Rep::from_bits(p >> PTR_REP_SHIFT), (p & ADDR_MASK) as usize)
}

/// `*p` for a non-nil pointer to a non-aggregate.
#[inline(always)]
pub fn ptr_load(p: Word) -> Word {
    if p & NARROW_PTR != 0 {
        let (rep, a) = narrow_ptr(p);
        // SAFETY: a tagged pointer is `&a[i]` of a live array of `rep`
        // elements (`SliceObj::elem_addr`), kept alive by the pointer.
        unsafe { rep.load(a) }
    } else {
        load(cell(p))
    }
}

/// `*p = v` for a non-nil pointer to a non-aggregate.
#[inline(always)]
pub fn ptr_store(p: Word, v: Word) {
    if p & NARROW_PTR != 0 {
        let (rep, a) = narrow_ptr(p);
        // SAFETY: as in `ptr_load`.
        unsafe { rep.store(a, v) }
    } else {
        store(cell(p), v)
    }
}

/// The cell behind a non-nil pointer to a 32-bit or 64-bit integer, for
/// `sync/atomic`.
pub enum AtomicCell {
    Word(&'static Slot),
    /// A 4-byte element; `signed`: an `int32`.
    Narrow32 {
        cell: &'static std::sync::atomic::AtomicU32,
        signed: bool,
    },
}

impl AtomicCell {
    /// The word of a 32-bit cell's bits (`int32` sign-extends).
    fn word(signed: bool, x: u32) -> Word {
        if signed {
            x as i32 as i64 as Word
        } else {
            x as Word
        }
    }

    pub fn load(&self) -> Word {
        match *self {
            AtomicCell::Word(s) => s.load(SeqCst),
            AtomicCell::Narrow32 { cell, signed } => Self::word(signed, cell.load(SeqCst)),
        }
    }

    pub fn store(&self, v: Word) {
        match *self {
            AtomicCell::Word(s) => s.store(v, SeqCst),
            AtomicCell::Narrow32 { cell, .. } => cell.store(v as u32, SeqCst),
        }
    }

    /// Stores `v`, returning the old word.
    pub fn swap(&self, v: Word) -> Word {
        match *self {
            AtomicCell::Word(s) => s.swap(v, SeqCst),
            AtomicCell::Narrow32 { cell, signed } => {
                Self::word(signed, cell.swap(v as u32, SeqCst))
            }
        }
    }

    /// Stores `new` if the cell holds `old`; whether it did.
    pub fn compare_and_swap(&self, old: Word, new: Word) -> bool {
        match *self {
            AtomicCell::Word(s) => s.compare_exchange(old, new, SeqCst, SeqCst).is_ok(),
            AtomicCell::Narrow32 { cell, .. } => cell
                .compare_exchange(old as u32, new as u32, SeqCst, SeqCst)
                .is_ok(),
        }
    }

    /// Replaces the word `w` with `f(w)` atomically; returns the new word
    /// (`f` sees and makes words of the cell's type).
    pub fn update(&self, f: impl Fn(Word) -> Word) -> Word {
        match *self {
            AtomicCell::Word(s) => {
                let mut old = s.load(SeqCst);
                loop {
                    let new = f(old);
                    match s.compare_exchange_weak(old, new, SeqCst, SeqCst) {
                        Ok(_) => return new,
                        Err(o) => old = o,
                    }
                }
            }
            AtomicCell::Narrow32 { cell, signed } => {
                let mut old = cell.load(SeqCst);
                loop {
                    let new = f(Self::word(signed, old)) as u32;
                    match cell.compare_exchange_weak(old, new, SeqCst, SeqCst) {
                        Ok(_) => return Self::word(signed, new),
                        Err(o) => old = o,
                    }
                }
            }
        }
    }
}

/// [`AtomicCell`] of a non-nil pointer to an integer.
pub fn ptr_atomic(p: Word) -> AtomicCell {
    if p & NARROW_PTR != 0 {
        let (rep, a) = narrow_ptr(p);
        // SAFETY: as in `ptr_load`.
        match unsafe { rep.atomic32(a) } {
            Some(cell) => AtomicCell::Narrow32 {
                cell,
                signed: rep == Rep::I32,
            },
            None => narrow_array_as_words(),
        }
    } else {
        AtomicCell::Word(cell(p))
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

/// The array word of a `[0]T` value: every zero-length array has this
/// one word (a packed slice at address 8), a shared address for zero-size
/// objects like [`ZEROBASE`].
pub fn zero_array() -> Word {
    slice_word(SliceObj {
        ptr: 8,
        len: 0,
        cap: 0,
    })
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

/// The slot a non-aggregate pointer word points to; for a pointer that
/// may address a byte element, use [`ptr_load`]/[`ptr_store`].
#[inline(always)]
pub fn cell(w: Word) -> &'static Slot {
    debug_assert!(w != 0);
    if w & NARROW_PTR != 0 {
        narrow_array_as_words();
    }
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
    static_arena::value(Closure {
        func,
        captures: &[],
    }) as *const Closure as usize as Word
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

// ----------------------------------------------------------------- unsafe

/// The address a non-aggregate pointer word addresses (a slot, or a
/// [`NARROW_PTR`]-tagged element), and how its element is stored.
pub fn unsafe_ptr_target(p: Word) -> (usize, Rep) {
    if p & NARROW_PTR != 0 {
        let (rep, a) = narrow_ptr(p);
        (a, rep)
    } else {
        ((p & ADDR_MASK) as usize, Rep::Word)
    }
}

/// The pointer word to an element of representation `rep` at address `a`
/// (`unsafe_ptr_target`'s inverse).
pub fn unsafe_ptr_at(a: usize, rep: Rep) -> Word {
    if rep == Rep::Word {
        a as Word
    } else {
        a as Word | NARROW_PTR | (rep as Word) << PTR_REP_SHIFT
    }
}

/// An array word over the `n` elements of representation `rep` from
/// address `a` (`unsafe.Slice`, `(*[1]T)(p)`).
///
/// # Safety
/// The `n` elements lie inside one live heap object (or static memory)
/// that holds elements of that representation; the header keeps the
/// object alive through its interior address.
pub unsafe fn unsafe_array_at(a: usize, n: usize, rep: Rep) -> Word {
    if n == 0 {
        return zero_array();
    }
    new_slice_of(
        Backing {
            ptr: a,
            len: n,
            rep,
            stride: 0,
        },
        n,
    )
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
        assert_eq!(s.len(), 2);
        assert_eq!(s.cap(), 4);
        assert_eq!(s.elems().len(), 2);
        assert!(slice(0).is_none());
        assert!(slice_elems(0).is_empty());
    }

    #[test]
    fn byte_slices_hold_a_byte_an_element() {
        let w = new_byte_slice(b"abcdefgh");
        let s = slice(w).unwrap();
        assert_eq!(s.rep(), Rep::U8);
        assert_eq!((s.len(), s.cap()), (8, 8));
        // A pointer to element 3 reads and writes that byte only.
        let p = s.elem_addr(3).unwrap();
        assert_ne!(p & NARROW_PTR, 0);
        assert_eq!(ptr_load(p), b'd' as Word);
        ptr_store(p, 0x1_58); // the word of a uint8 is < 256; the low byte counts
        assert_eq!(slice_bytes(w), b"abcXefgh");
        assert_eq!(s.elem_addr(4).unwrap() - p, 1);
        // A byte pointer into a slot (an escaping `var b byte`) works too.
        let c = new_cell(7);
        ptr_store(c, 9);
        assert_eq!((ptr_load(c), load(cell(c))), (9, 9));
        // Slicing keeps the representation.
        let sub = new_slice_of(s.backing().sub(2, 6), 3);
        assert_eq!(slice(sub).unwrap().rep(), Rep::U8);
        assert_eq!(slice_bytes(sub), b"cXe");
        assert_eq!(slice(sub).unwrap().cap(), 4);
    }

    #[test]
    fn narrow_elements_keep_go_sizes_and_values() {
        // int32: 4 bytes an element, sign-extended back.
        let d = Backing::alloc(5, Rep::I32, false);
        let w = new_slice_of(d, 5);
        let s = slice(w).unwrap();
        assert_eq!((s.rep(), s.len(), s.cap()), (Rep::I32, 5, 5));
        assert!(s.set(1, (-7i64) as Word));
        assert!(s.set(2, i32::MAX as i64 as Word));
        assert_eq!(s.get(1), Some((-7i64) as Word));
        assert_eq!(s.get(2), Some(i32::MAX as Word));
        assert_eq!(s.elem_addr(2).unwrap() - s.elem_addr(1).unwrap(), 4);
        // Through a pointer, and a neighbour is untouched.
        let p = s.elem_addr(3).unwrap();
        ptr_store(p, (-1i64) as Word);
        assert_eq!(ptr_load(p), (-1i64) as Word);
        assert_eq!(s.get(4), Some(0));
        assert_eq!(s.get(5), None);
        // Re-slicing keeps the representation and steps by 4 bytes.
        let sub = slice(new_slice_of(s.backing().sub(1, 4), 2)).unwrap();
        assert_eq!((sub.rep(), sub.get(0)), (Rep::I32, Some((-7i64) as Word)));
        // uint32 and uint16 zero-extend; int8 and int16 sign-extend.
        for (rep, v, back) in [
            (Rep::U32, u32::MAX as Word, u32::MAX as Word),
            (Rep::U16, 0xfffe, 0xfffe),
            (Rep::I16, (-300i64) as Word, (-300i64) as Word),
            (Rep::I8, (-128i64) as Word, (-128i64) as Word),
        ] {
            let b = Backing::alloc(3, rep, false);
            b.set(1, v);
            assert_eq!((b.get(0), b.get(1), b.get(2)), (0, back, 0), "{rep:?}");
        }
        // float32: the word is the f64 of the f32 value, both ways.
        let f = Backing::alloc(2, Rep::F32, false);
        let x = (1.1f32 as f64).to_bits();
        f.set(0, x);
        assert_eq!(f.get(0), x);
        f.set(1, f64::NEG_INFINITY.to_bits());
        assert_eq!(f64::from_bits(f.get(1)), f64::NEG_INFINITY);
        // Copies between representations convert element by element.
        let words = Backing::alloc(2, Rep::Word, false);
        words.copy_from(0, f);
        assert_eq!(words.get(0), x);
        // sync/atomic reaches a 4-byte element as a 32-bit cell.
        let AtomicCell::Narrow32 { cell, signed } = ptr_atomic(p) else {
            panic!("not a 32-bit cell");
        };
        assert!(signed);
        assert_eq!(cell.load(Relaxed), u32::MAX);
    }

    #[test]
    fn inline_structs_are_boxes_inside_one_array() {
        // Four 2-field structs: element i's box is ptr + 16*i.
        let d = Backing::alloc_inline(4, 2, false);
        let w = new_slice_of(d, 3);
        let s = slice(w).unwrap();
        assert_eq!((s.stride(), s.len(), s.cap()), (2, 3, 4));
        assert_eq!(w & SLICE_PACKED, 0, "the stride needs a header");
        let e1 = s.get(1).unwrap();
        assert_eq!(e1 as usize, s.addr() + 16);
        assert_eq!(s.elem_addr(1), Some(e1));
        // `set` copies the box's fields into the element, which stays put.
        let b = new_box(2);
        store(field(b, 0), 7);
        store(field(b, 1), 8);
        assert!(s.set(1, b));
        store(field(b, 0), 70);
        assert_eq!((load(field(e1, 0)), load(field(e1, 1))), (7, 8));
        assert_eq!(s.get(1), Some(e1));
        assert!(!s.set(3, b), "3 is beyond len");
        // Slicing keeps the stride; an overlapping copy moves contents.
        let sub = slice(new_slice_of(s.backing().sub(1, 4), 3)).unwrap();
        assert_eq!((sub.stride(), sub.get(0)), (2, Some(e1)));
        s.backing().copy_from(2, s.backing().sub(1, 3));
        let at = |i| {
            let e = s.backing().get(i);
            (load(field(e, 0)), load(field(e, 1)))
        };
        assert_eq!((at(1), at(2), at(3)), ((7, 8), (7, 8), (0, 0)));
        s.backing().copy_from(0, s.backing().sub(1, 4));
        assert_eq!((at(0), at(1), at(2)), ((7, 8), (7, 8), (0, 0)));
        // A zero box word writes the zero value.
        s.backing().set(0, 0);
        assert_eq!(at(0), (0, 0));
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
