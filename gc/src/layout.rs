//! The object layout: what every heap object looks like to the collector.
//!
//! ```text
//!   start ─► [ header u64 ][ payload ... ]
//!                           ▲
//!                           └─ ObjectReference = the Go word = start + 8
//! ```
//! header bits 0..8 kind, bits 32..64 length (words for [`K_WORDS`] and
//! [`K_NATIVE`], bytes for [`K_BYTES`]). The reference is the payload
//! address so that a struct box's word *is* its reference and interior
//! pointers (`&box.f`, `&arr[i]`, a substring's bytes) are `>= ref`, which
//! is what MMTk's `find_object_from_internal_pointer` needs.
//!
//! Invariants: the header is written once, before the object is published,
//! and never changes; the payload is never empty (an object must contain
//! its own reference), so a zero-length request gets one word.

/// Bytes before the reference.
pub const HEADER: usize = 8;

/// `len` slots of one word each. Every slot is scanned conservatively: a
/// word that points into (or at) a heap object keeps it alive.
pub const K_WORDS: u64 = 1;
/// `len` bytes that hold no references (string bytes): never scanned.
pub const K_BYTES: u64 = 2;
/// `len` slots of one word each that hold no references (the backing
/// array of `[]int`, `[]byte`, `[]float64`): never scanned.
pub const K_SCALARS: u64 = 4;
/// A Rust value owned by the heap (a map, a channel, a sync object): its
/// payload is the value followed by two words, the value's trace and drop
/// functions (see `native.rs`).
pub const K_NATIVE: u64 = 3;

/// The largest length a header holds (in words or bytes).
pub const MAX_LEN: usize = u32::MAX as usize;

#[inline(always)]
pub const fn header(kind: u64, len: usize) -> u64 {
    kind | ((len as u64) << 32)
}

#[inline(always)]
pub const fn kind(h: u64) -> u64 {
    h & 0xff
}

#[inline(always)]
pub const fn len(h: u64) -> usize {
    (h >> 32) as usize
}

/// Payload bytes, rounded up to words, at least one word.
#[inline(always)]
pub const fn payload_bytes(h: u64) -> usize {
    let n = if kind(h) == K_BYTES {
        (len(h) + 7) & !7
    } else {
        len(h) * 8
    };
    if n == 0 {
        8
    } else {
        n
    }
}

#[inline(always)]
pub const fn total_bytes(h: u64) -> usize {
    HEADER + payload_bytes(h)
}

/// The header of the object whose reference is `r`.
///
/// # Safety
/// `r` is the reference of an object this crate allocated that has not
/// been freed.
#[inline(always)]
pub unsafe fn header_of(r: usize) -> u64 {
    // SAFETY: the caller's promise; the header is the word before `r`.
    unsafe { *((r - HEADER) as *const u64) }
}
