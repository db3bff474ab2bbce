//! The side table of descriptors (`layout`), through the crate's API:
//! every kind, lengths on both sides of the small/large boundary, objects
//! in Immix lines and in the large-object space, and interior pointers
//! resolved to their object. No collection runs (the collector is never
//! enabled), so every object stays where it was allocated.

use minigo_gc::layout::{K_BYTES, K_NATIVE, K_SCALARS, K_WORDS, SMALL_MAX};
use minigo_gc::{alloc_bytes, alloc_native, alloc_scalar_words, alloc_words, object_extent};

struct Native([u64; 5]);

impl minigo_gc::GcNative for Native {
    fn trace(&self, _f: &mut dyn FnMut(u64)) {}
}

/// Checks that `r` is an object of `kind` whose payload is `bytes` long
/// (`object_extent`'s length) and `size` bytes of heap, found from its
/// reference, its last byte and its middle.
fn check(what: &str, r: usize, kind: u64, bytes: usize) {
    let want = Some((r, bytes, kind));
    assert_eq!(object_extent(r as u64), want, "{what}: from its reference");
    let last = r + bytes.max(1) - 1;
    assert_eq!(
        object_extent(last as u64),
        want,
        "{what}: from its last byte"
    );
    let mid = r + bytes / 2;
    assert_eq!(object_extent(mid as u64), want, "{what}: from its middle");
    let o = minigo_gc::resolve_word(mid as u64).expect("resolves");
    assert_eq!(o.to_raw_address().as_usize(), r, "{what}: resolve");
}

/// One test function: MMTk is a process-wide singleton.
#[test]
fn descriptors_of_every_kind_and_size() {
    neighbours_stay_apart();
    // Lengths around the boundary, and ones that go to the large-object
    // space (over 16 KiB) but not to a mapping of their own.
    let lens = [
        0,
        1,
        2,
        7,
        8,
        9,
        SMALL_MAX,
        SMALL_MAX + 1,
        SMALL_MAX + 2,
        500,
        3000,
        100_000,
    ];
    let mut all = Vec::new();
    for &n in &lens {
        all.push(("words", alloc_words(n), K_WORDS, n * 8));
        all.push(("scalars", alloc_scalar_words(n), K_SCALARS, n * 8));
        all.push(("bytes", alloc_bytes(n), K_BYTES, n));
        if n * 8 < minigo_gc::big::BIG_BYTES {
            all.push(("bytes*8", alloc_bytes(n * 8 + 3), K_BYTES, n * 8 + 3));
        }
    }
    let nat = alloc_native(Native([1, 2, 3, 4, 5]));
    all.push(("native", nat, K_NATIVE, (5 + 2) * 8));
    // Checked after every allocation: a later object's descriptor must
    // not have overwritten an earlier one's.
    for &(what, r, kind, bytes) in &all {
        check(&format!("{what} {bytes}"), r, kind, bytes);
    }
    // SAFETY: the native's value is at its reference.
    assert_eq!(unsafe { &*(nat as *const Native) }.0, [1, 2, 3, 4, 5]);
}

/// Small objects back to back in one line: the word just past one is the
/// next one's reference, never the first one's interior.
fn neighbours_stay_apart() {
    let (a, b, c) = loop {
        let a = alloc_words(2);
        let b = alloc_words(SMALL_MAX + 1);
        let c = alloc_bytes(5);
        // Bump allocation is contiguous unless a line or block ended.
        if b == a + 16 && c == b + 8 * (SMALL_MAX + 1) {
            break (a, b, c);
        }
    };
    assert_eq!(object_extent((a + 16) as u64).map(|e| e.0), Some(b));
    assert_eq!(object_extent(c as u64).map(|e| e.0), Some(c));
    // A large object's length bytes (the side bytes of its granules 1..5)
    // are not objects: its interior there resolves to it.
    for i in 1..6 {
        assert_eq!(object_extent((b + 8 * i) as u64).map(|e| e.0), Some(b));
    }
}
