//! The collector end to end, without the VM: a runtime whose Ps are idle,
//! roots from a fake `Roots`, collections forced from this thread (which
//! has no P, like a GC worker asking). One test function: MMTk is a
//! process-wide singleton and `enable` happens once.
//!
//! "Alive" is checked two ways: `resolve` still finds the object (Immix
//! clears a dead object's valid-object bit when it sweeps), and its
//! contents are intact.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

use minigo_gc::{alloc_bytes, alloc_native, alloc_scalar_words, alloc_words, big, GcNative};
use minigo_runtime::{Config, Runtime};

static ROOTS: Mutex<Vec<u64>> = Mutex::new(Vec::new());

struct TestRoots;

impl minigo_gc::Roots for TestRoots {
    fn scan(&self, f: &mut dyn FnMut(u64)) {
        for &w in ROOTS.lock().unwrap().iter() {
            f(w)
        }
    }
}

static DROPPED: AtomicUsize = AtomicUsize::new(0);

/// A native that holds one heap word and counts its drops.
struct Probe {
    held: AtomicU64,
}

impl GcNative for Probe {
    fn trace(&self, f: &mut dyn FnMut(u64)) {
        f(self.held.load(Relaxed))
    }
}

impl Drop for Probe {
    fn drop(&mut self) {
        DROPPED.fetch_add(1, Relaxed);
    }
}

fn root(w: usize) {
    ROOTS.lock().unwrap().push(w as u64);
}

fn set(obj: usize, i: usize, v: u64) {
    // SAFETY: `obj` is a live words object with more than `i` slots.
    unsafe { *(obj as *mut u64).add(i) = v }
}

fn get(obj: usize, i: usize) -> u64 {
    // SAFETY: as in `set`.
    unsafe { *(obj as *const u64).add(i) }
}

fn alive(obj: usize) -> bool {
    minigo_gc::resolve_word(obj as u64).is_some()
}

/// Objects made by a thread without a P are temporary roots until it says
/// they are stored somewhere scanned; this thread's are dropped here.
fn collect() {
    minigo_gc::release_temp_roots();
    minigo_gc::collect();
}

#[test]
fn roots_keep_objects_and_garbage_is_freed() {
    let rt = Runtime::new(Config::with_procs(2));
    minigo_gc::enable(Box::leak(Box::new(TestRoots)), rt.clone());
    assert!(minigo_gc::enabled());
    // Only the collections this test forces: one that an allocation asked
    // for would run while this thread (which has no P, so is not stopped)
    // still holds its new objects as temporary roots.
    minigo_gc::trigger::set_gc_percent(-1);

    // Reachable from a root, directly and through a pointer.
    let a = alloc_words(4);
    let b = alloc_words(2);
    set(a, 0, b as u64);
    set(a, 1, 4242);
    set(b, 1, 777);
    root(a);
    // Reachable only through an interior pointer (`&arr[50]`).
    let arr = alloc_words(100);
    set(arr, 99, 99);
    root(arr + 50 * 8);
    // Reachable only through a native's trace.
    let behind = alloc_scalar_words(3);
    set(behind, 2, 31337);
    let held = alloc_native(Probe {
        held: AtomicU64::new(behind as u64),
    });
    root(held);
    // A big mapping kept by a pointer into its middle; another dropped.
    let big_live = alloc_bytes(3 << 20);
    // SAFETY: 3 MiB of zeroed bytes.
    unsafe { *((big_live + (2 << 20)) as *mut u8) = 9 };
    root(big_live + (2 << 20));
    let big_dead = alloc_bytes(2 << 20);
    assert!(alive(big_dead));
    // Garbage: a lone object, a cycle, a native.
    let lone = alloc_words(5);
    let (x, y) = (alloc_words(2), alloc_words(2));
    set(x, 0, y as u64);
    set(y, 0, x as u64);
    let _dead_native = alloc_native(Probe {
        held: AtomicU64::new(x as u64),
    });
    let bigs_before = big::live_count();
    let before = minigo_gc::stats::read();

    collect();

    let after = minigo_gc::stats::read();
    assert!(after.num_gc > before.num_gc, "no collection ran");
    assert!(after.num_forced_gc > before.num_forced_gc);
    for (what, o) in [("root", a), ("pointee", b), ("interior", arr)] {
        assert!(alive(o), "{what} was freed");
    }
    assert!(alive(behind), "a native's referent was freed");
    assert!(alive(held), "a rooted native was freed");
    assert_eq!((get(a, 1), get(b, 1), get(arr, 99)), (4242, 777, 99));
    assert_eq!(get(behind, 2), 31337);
    assert_eq!(get(a, 0), b as u64);
    for (what, o) in [("lone object", lone), ("cycle", x), ("cycle", y)] {
        assert!(!alive(o), "{what} survived");
    }
    assert_eq!(
        DROPPED.load(Relaxed),
        1,
        "exactly the unrooted native drops"
    );
    assert_eq!(big::live_count(), bigs_before - 1, "the dead mapping stays");
    assert!(!alive(big_dead));
    assert!(alive(big_live));
    // SAFETY: still mapped (checked above).
    assert_eq!(unsafe { *((big_live + (2 << 20)) as *const u8) }, 9);
    assert!(after.frees > before.frees);
    assert!(
        after.heap_alloc < before.heap_alloc,
        "{after:?} vs {before:?}"
    );

    // A thread without a P keeps what it allocated until it releases it.
    let temp = alloc_words(3);
    set(temp, 2, 5);
    minigo_gc::collect();
    assert!(alive(temp), "a temporary root was freed");
    assert_eq!(get(temp, 2), 5);
    collect();
    assert!(!alive(temp), "a released temporary root survived");

    // Finalizers: the function is a root, the object is not. Unreachable,
    // the object is resurrected (with what it reaches) and its finalizer
    // queued once; the next collection frees it.
    use minigo_gc::finalizer::{self, SetError};
    let fo = alloc_words(2);
    let inner = alloc_words(1);
    set(fo, 0, inner as u64);
    set(inner, 0, 66);
    let fin = alloc_words(1);
    let kept = alloc_words(1);
    root(kept);
    let cleared = alloc_words(1);
    assert_eq!(
        finalizer::set(fo as u64 + 8, fin as u64, 0),
        Err(SetError::NotAtStart)
    );
    assert_eq!(finalizer::set(12345, fin as u64, 0), Err(SetError::NotHeap));
    finalizer::set(fo as u64, fin as u64, fo as u64).unwrap();
    finalizer::set(kept as u64, fin as u64, kept as u64).unwrap();
    finalizer::set(cleared as u64, fin as u64, cleared as u64).unwrap();
    finalizer::clear(cleared as u64).unwrap();
    collect();
    assert!(alive(fo) && alive(inner), "a finalizable object was freed");
    assert!(alive(fin), "a finalizer function was freed");
    assert_eq!(get(inner, 0), 66);
    assert!(!alive(cleared), "a cleared finalizer still resurrects");
    assert_eq!(finalizer::take_ready(), Some((fin as u64, fo as u64)));
    assert_eq!(
        finalizer::take_ready(),
        None,
        "only the unreachable one runs"
    );
    collect();
    assert!(!alive(fo) && !alive(inner), "a finalized object survived");
    assert!(alive(fin), "kept's finalizer is still registered");
    assert!(alive(kept));

    // A linked list, followed link by link inside one scan: every link
    // survives and is counted once (HeapObjects), the tail (too big to be
    // a link) too. Its head is the only root.
    const LINKS: usize = 10_000;
    let tail = alloc_words(64);
    set(tail, 63, 6363);
    let mut head = tail;
    let mut links = Vec::new();
    for i in 0..LINKS {
        let l = alloc_words(2);
        set(l, 0, head as u64);
        set(l, 1, i as u64);
        links.push(l);
        head = l;
    }
    ROOTS.lock().unwrap().push(head as u64);
    collect();
    let with_list = minigo_gc::stats::read().heap_objects;
    assert!(links.iter().all(|&l| alive(l)), "a link was freed");
    assert!(alive(tail));
    assert_eq!(
        (get(links[0], 0), get(links[LINKS - 1], 1)),
        (tail as u64, LINKS as u64 - 1)
    );
    assert_eq!(get(tail, 63), 6363);
    ROOTS.lock().unwrap().retain(|&w| w != head as u64);
    collect();
    let without = minigo_gc::stats::read().heap_objects;
    assert_eq!(
        with_list - without,
        LINKS as u64 + 1,
        "links counted once each"
    );
    assert!(!alive(links[LINKS / 2]) && !alive(tail));

    // Words with more than an address: a string's length above bit 48, a
    // packed slice's flags, a byte pointer's tag. Each keeps its object.
    let (sb, xs, bb) = (alloc_bytes(40), alloc_scalar_words(8), alloc_bytes(16));
    let holder = alloc_words(3);
    set(holder, 0, (sb as u64 + 3) | (20 << 48));
    set(holder, 1, (1 << 63) | (8 << 55) | (5 << 48) | xs as u64);
    set(holder, 2, (1 << 62) | (bb as u64 + 7));
    root(holder);
    collect();
    assert!(
        alive(sb) && alive(xs) && alive(bb),
        "a tagged word lost its object"
    );

    // A big array of words is a mapping of its own, scanned through its
    // handle: it keeps alive what only it points to, from any reference
    // into it; a dead one keeps nothing.
    let only_big = alloc_words(3);
    set(only_big, 2, 4711);
    let big_words = alloc_words((2 << 20) / 8);
    set(big_words, 200_000, only_big as u64);
    root(big_words + 8 * 100);
    let orphan = alloc_words(2);
    let big_dead_words = alloc_words((1 << 20) / 8);
    set(big_dead_words, 5, orphan as u64);
    let maps = big::live_count();
    collect();
    assert!(alive(only_big), "a big array's referent was freed");
    assert_eq!(get(only_big, 2), 4711);
    assert_eq!(get(big_words, 200_000), only_big as u64);
    assert!(alive(big_words));
    assert!(!alive(orphan), "a dead big array kept its referent");
    assert!(!alive(big_dead_words));
    assert_eq!(big::live_count(), maps - 1);

    // Dropping the roots frees everything, the mappings included.
    ROOTS.lock().unwrap().clear();
    let mapped = big::live_bytes();
    collect();
    assert!(!alive(a) && !alive(b) && !alive(arr) && !alive(behind));
    assert!(!alive(big_words) && !alive(only_big));
    assert_eq!(DROPPED.load(Relaxed), 2);
    assert_eq!(big::live_bytes(), mapped - (3 << 20) - (2 << 20));
    assert!(!alive(big_live));
    let end = minigo_gc::stats::read();
    assert!(end.frees >= after.frees + 5, "{end:?}");
    assert!(end.mallocs >= end.frees);

    // The heap profile (`memprof`): at rate 1 every object is sampled
    // with the hook's stack; a sampled object that dies counts as freed
    // once a collection has found it unreachable, and not before.
    minigo_gc::memprof::set_stack_hook(|| vec![7 << 32]);
    minigo_gc::memprof::set_rate(1);
    let kept = alloc_words(3);
    let gone = alloc_words(3);
    root(kept);
    let ours = || {
        minigo_gc::memprof::records()
            .into_iter()
            .find(|r| r.stack == [7 << 32] && r.size == 24)
            .map(|r| r.counts)
    };
    assert_eq!(ours(), None, "published before a collection");
    collect();
    let c = ours().expect("sampled");
    assert_eq!(
        (c.allocs, c.alloc_bytes, c.frees, c.free_bytes),
        (2, 48, 1, 24)
    );
    assert!(alive(kept) && !alive(gone));
    minigo_gc::memprof::set_rate(0);
    let _unsampled = alloc_words(3);
    collect();
    assert_eq!(ours().map(|c| c.allocs), Some(2), "rate 0 samples nothing");
}
