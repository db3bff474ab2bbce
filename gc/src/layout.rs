//! The object layout: what every heap object looks like to the collector.
//!
//! An object is its payload alone; what the collector needs to know about
//! it (its kind and length, the *descriptor*) lives in a side table, one
//! byte per 8-byte granule of the heap:
//!
//! ```text
//!   heap:   start ─► [ payload ... ]        ObjectReference = the Go word = start
//!   side:   side(start) ─► [ kind | len ][ b1 b2 b3 b4 ] ...
//! ```
//! The byte of an object's first granule holds its kind in bits 0..2 and,
//! in bits 2..8, `len + 1` when `len <= SMALL_MAX` (the small objects:
//! a struct box, a string of up to 62 bytes, a 62-element array). A larger
//! object has 0 there and its length, a little-endian u32, in the bytes of
//! its granules 1..5, which belong to it (it is at least 8 granules long).
//! `len` is in words for [`K_WORDS`], [`K_SCALARS`] and [`K_NATIVE`], in
//! bytes for [`K_BYTES`]. So a 16-byte struct box takes 16 bytes of heap
//! and 2 of side table, where a header word made it 24 (gc_bintree's peak
//! RSS: 60-67 MB with the header, 51-56 MB without; release builds, a
//! loaded 2-core machine). A byte is written per allocation where the
//! header was a word: the fast path costs ~6 instructions more.
//!
//! The reference is the payload's address so that a struct box's word *is*
//! its reference and interior pointers (`&box.f`, `&arr[i]`, a substring's
//! bytes) are `>= ref`, which is what MMTk's
//! `find_object_from_internal_pointer` needs.
//!
//! The side table is ours, outside MMTk (0.32 lets a binding add no side
//! metadata of its own to a plan): `side(a) = SIDE_OFF + a / 8`, placed
//! just above the heap's range, and mapped a heap chunk at a time
//! ([`ensure_side`], from the allocation slow path, for each range MMTk
//! hands out before anything in it is allocated), so only the chunks the
//! heap uses cost address space and only the pages touched cost memory.
//!
//! Invariants: an object's side bytes are written once, before its VO bit
//! is set (a release store; readers load the VO bit with acquire), and
//! never change while it lives; they are read only at a set VO bit, so the
//! stale bytes of dead objects and of other granules are never read as a
//! descriptor. The payload is never empty (an object must contain its own
//! reference), so a zero-length request gets one word.

use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering::*};
use std::sync::Mutex;

/// `len` slots of one word each. Every slot is scanned conservatively: a
/// word that points into (or at) a heap object keeps it alive.
pub const K_WORDS: u64 = 0;
/// `len` bytes that hold no references (string bytes): never scanned.
pub const K_BYTES: u64 = 1;
/// `len` slots of one word each that hold no references (the backing
/// array of `[]int`, `[]byte`, `[]float64`): never scanned.
pub const K_SCALARS: u64 = 2;
/// A Rust value owned by the heap (a map, a channel, a sync object): its
/// payload is the value followed by two words, the value's trace and drop
/// functions (see `native.rs`).
pub const K_NATIVE: u64 = 3;

/// The largest length a descriptor holds (in words or bytes).
pub const MAX_LEN: usize = u32::MAX as usize;
/// The largest length kept in the first side byte.
pub const SMALL_MAX: usize = 62;

/// A descriptor in a register: kind in bits 0..2, length above. A small
/// object's first side byte is then `d + 4`, and the allocation fast path
/// pays an add and a compare for it.
#[inline(always)]
pub const fn desc(kind: u64, len: usize) -> u64 {
    kind | ((len as u64) << 2)
}

#[inline(always)]
pub const fn kind(d: u64) -> u64 {
    d & 3
}

#[inline(always)]
pub const fn len(d: u64) -> usize {
    (d >> 2) as usize
}

/// Payload bytes, rounded up to words, at least one word: the object's
/// whole size.
#[inline(always)]
pub const fn payload_bytes(d: u64) -> usize {
    let n = if kind(d) == K_BYTES {
        (len(d) + 7) & !7
    } else {
        len(d) * 8
    };
    if n == 0 {
        8
    } else {
        n
    }
}

/// The first side byte of a descriptor: `len + 1` above the kind for a
/// small object, the kind alone for a large one.
#[inline(always)]
pub const fn first_byte(d: u64) -> u8 {
    if d < desc(0, SMALL_MAX + 1) {
        (d + 4) as u8
    } else {
        kind(d) as u8
    }
}

/// Where the side table's byte for address `a` is, less `a / 8`.
static SIDE_OFF: AtomicUsize = AtomicUsize::new(0);
/// The heap's lowest address (chunk 0 of [`MAPPED`]).
static SIDE_LO: AtomicUsize = AtomicUsize::new(0);
/// MMTk's chunk: the side table is mapped in slices of `CHUNK / 8`.
const CHUNK: usize = 4 << 20;
/// The most chunks a heap range has (32 TiB unlimited, see `vm_layout`).
const MAX_CHUNKS: usize = 1 << 23;
/// One bit per heap chunk whose side table is mapped.
static MAPPED: [AtomicU64; MAX_CHUNKS / 64] = [const { AtomicU64::new(0) }; MAX_CHUNKS / 64];
static MAP_LOCK: Mutex<()> = Mutex::new(());

/// Places the side table for the heap range `[lo, hi)` just above it.
/// Called once, before the first allocation.
pub(crate) fn init_side(lo: usize, hi: usize) {
    assert!(
        (hi - lo) / CHUNK <= MAX_CHUNKS && lo.is_multiple_of(CHUNK),
        "minigo-gc: heap range {lo:#x}..{hi:#x} too large for the side table"
    );
    SIDE_LO.store(lo, Relaxed);
    // side(lo) = hi: the table follows the heap, page-aligned (lo / 8 is
    // a multiple of CHUNK / 8).
    SIDE_OFF.store(hi - lo / 8, Relaxed);
}

/// The side byte of granule `a` (8-aligned).
#[inline(always)]
pub fn side_addr(a: usize) -> usize {
    SIDE_OFF.load(Relaxed).wrapping_add(a >> 3)
}

/// Maps the side table of every chunk that `[lo, hi)` touches, if not yet.
/// Called with each range MMTk hands out before it is used.
#[inline]
pub(crate) fn ensure_side(lo: usize, hi: usize) {
    let base = SIDE_LO.load(Relaxed);
    let (first, last) = ((lo - base) / CHUNK, (hi.max(lo + 1) - 1 - base) / CHUNK);
    for c in first..=last {
        if MAPPED[c / 64].load(Acquire) & (1 << (c % 64)) == 0 {
            map_side(c);
        }
    }
}

#[cold]
fn map_side(c: usize) {
    let _g = MAP_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    if MAPPED[c / 64].load(Acquire) & (1 << (c % 64)) != 0 {
        return;
    }
    let at = side_addr(SIDE_LO.load(Relaxed) + c * CHUNK);
    // SAFETY: a fresh anonymous mapping at an address nothing else owns
    // (just above the heap's range, which MMTk keeps to itself);
    // MAP_FIXED_NOREPLACE fails rather than replace a mapping.
    let p = unsafe {
        libc::mmap(
            at as *mut libc::c_void,
            CHUNK / 8,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE
                | libc::MAP_ANONYMOUS
                | libc::MAP_NORESERVE
                | libc::MAP_FIXED_NOREPLACE,
            -1,
            0,
        )
    };
    if p as usize != at {
        if p != libc::MAP_FAILED {
            // An old kernel took the address as a hint only.
            // SAFETY: the mapping just made, nobody else's.
            unsafe { libc::munmap(p, CHUNK / 8) };
        }
        crate::collection::out_of_memory(CHUNK / 8);
    }
    MAPPED[c / 64].fetch_or(1 << (c % 64), Release);
}

/// Writes the descriptor of a fresh object at `r`, before its VO bit.
///
/// # Safety
/// `r` is an object this crate is allocating, whose chunk's side table is
/// mapped ([`ensure_side`]) and whose VO bit is not set yet.
#[inline(always)]
pub(crate) unsafe fn set_desc(r: usize, d: u64) {
    let s = side_addr(r);
    if d < desc(0, SMALL_MAX + 1) {
        // SAFETY: the side table of a mapped chunk (the caller's promise).
        unsafe { &*(s as *const AtomicU8) }.store(first_byte(d), Relaxed);
    } else {
        // SAFETY: forwarded.
        unsafe { set_large(s, d) };
    }
}

/// # Safety
/// As for [`set_desc`]; the object has at least 5 granules.
#[cold]
#[inline(never)]
unsafe fn set_large(s: usize, d: u64) {
    for (i, b) in (len(d) as u32).to_le_bytes().into_iter().enumerate() {
        // SAFETY: the side bytes of the object's granules 1..5.
        unsafe { &*((s + 1 + i) as *const AtomicU8) }.store(b, Relaxed);
    }
    // SAFETY: the object's first side byte.
    unsafe { &*(s as *const AtomicU8) }.store(first_byte(d), Relaxed);
}

/// The descriptor of the object whose reference is `r`.
///
/// # Safety
/// `r` is the reference of an object this crate allocated that has not
/// been freed, and the caller has seen its VO bit set (with acquire, or
/// in a stopped world).
#[inline(always)]
pub unsafe fn desc_of(r: usize) -> u64 {
    let s = side_addr(r);
    // SAFETY: the caller's promise: the object's side bytes are mapped
    // and were written before its VO bit was set.
    let b = unsafe { &*(s as *const AtomicU8) }.load(Relaxed) as u64;
    if b >= 4 {
        b - 4
    } else {
        // SAFETY: as above.
        desc(b & 3, unsafe { large_len(s) })
    }
}

/// # Safety
/// As for [`desc_of`], of a large object.
#[cold]
#[inline(never)]
unsafe fn large_len(s: usize) -> usize {
    let mut n = [0u8; 4];
    for (i, b) in n.iter_mut().enumerate() {
        // SAFETY: the side bytes of the object's granules 1..5.
        *b = unsafe { &*((s + 1 + i) as *const AtomicU8) }.load(Relaxed);
    }
    u32::from_le_bytes(n) as usize
}

/// Gives back the side table's pages for `[lo, hi)` (whole free Immix
/// blocks: 32 KiB of heap, one page of table).
///
/// # Safety
/// Nothing lives or is allocated in `[lo, hi)` (the scavenger's promise).
pub(crate) unsafe fn drop_side(lo: usize, hi: usize) {
    let (a, b) = (side_addr(lo), side_addr(hi));
    if a.is_multiple_of(4096) && b > a {
        // SAFETY: the table of dead blocks: read only at a set VO bit, and
        // none is set there; the mapping stays (reads give zeros).
        unsafe { libc::madvise(a as *mut libc::c_void, b - a, libc::MADV_DONTNEED) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_descriptors_fit_the_first_byte() {
        for k in [K_WORDS, K_BYTES, K_SCALARS, K_NATIVE] {
            for n in [0, 1, 2, SMALL_MAX] {
                let b = first_byte(desc(k, n)) as u64;
                assert_eq!((b & 3, (b >> 2) - 1), (k, n as u64));
            }
            assert_eq!(first_byte(desc(k, SMALL_MAX + 1)) as u64, k);
        }
    }

    #[test]
    fn large_objects_have_room_for_their_length() {
        // The length goes in the side bytes of granules 1..5.
        assert!(payload_bytes(desc(K_BYTES, SMALL_MAX + 1)) >= 5 * 8);
        assert!(payload_bytes(desc(K_WORDS, SMALL_MAX + 1)) >= 5 * 8);
    }

    #[test]
    fn payload_sizes() {
        assert_eq!(payload_bytes(desc(K_BYTES, 0)), 8);
        assert_eq!(payload_bytes(desc(K_BYTES, 9)), 16);
        assert_eq!(payload_bytes(desc(K_WORDS, 0)), 8);
        assert_eq!(payload_bytes(desc(K_WORDS, 2)), 16);
        assert_eq!(payload_bytes(desc(K_NATIVE, 63)), 504);
    }
}
