//! Allocation: each P owns an MMTk mutator (Go's per-P `mcache`), which
//! moves with the P from M to M. The thread that owns P `i` (per
//! `minigo_runtime::current_p`) is the only one using mutator `i` outside
//! a collection; during one, the world is stopped and MMTk uses them all.
//! Threads without a P (loading the program, unit tests) share one extra
//! mutator behind a lock.
//!
//! Allocation never waits for a collection: over the goal it only
//! *requests* one (`at_safepoint: false`), and the Ps stop at their next
//! safe point. So no Rust local in the VM is ever live across a
//! collection by way of an allocation.

use std::sync::atomic::{AtomicPtr, AtomicU64, AtomicUsize, Ordering::*};
use std::sync::{Condvar, Mutex};

use mmtk::util::alloc::{AllocationOptions, BumpPointer, ImmixAllocator};
use mmtk::util::opaque_pointer::{OpaquePointer, VMMutatorThread, VMThread};
use mmtk::util::{Address, ObjectReference};
use mmtk::{memory_manager, AllocationSemantics, Mutator};

use crate::layout::{self, K_BYTES, K_SCALARS, K_WORDS};
use crate::{mmtk, Go};

/// Ps with their own mutator; a P beyond this shares the P-less one.
pub const MAX_P: usize = 1024;
/// The index of the P-less threads' shared mutator.
const SHARED: usize = MAX_P;

/// One P's allocation state (and MMTk's `tls` for its mutator is this
/// struct's address).
pub(crate) struct PGc {
    mutator: AtomicPtr<Mutator<Go>>,
    /// The Immix allocator's own bump pointer inside the mutator, bumped in
    /// place by the fast path.
    bp: AtomicPtr<BumpPointer>,
    /// Bytes and objects allocated (written by the owner only).
    pub(crate) bytes: AtomicU64,
    pub(crate) objects: AtomicU64,
    /// `bytes` at which the heap profile takes its next sample
    /// (`memprof`; `u64::MAX`: never).
    pub(crate) sample_at: AtomicU64,
}

impl PGc {
    const fn new() -> PGc {
        PGc {
            mutator: AtomicPtr::new(std::ptr::null_mut()),
            bp: AtomicPtr::new(std::ptr::null_mut()),
            bytes: AtomicU64::new(0),
            objects: AtomicU64::new(0),
            sample_at: AtomicU64::new(crate::memprof::DEFAULT_RATE as u64),
        }
    }
}

pub(crate) static PS: [PGc; MAX_P + 1] = [const { PGc::new() }; MAX_P + 1];
/// Mutators bound so far (indices below this may be bound).
static NBOUND: AtomicUsize = AtomicUsize::new(0);
static BIND: Mutex<()> = Mutex::new(());

/// The shared mutator's lock; `true` while a collection runs (P-less
/// threads wait: the collector owns every mutator then).
static SHARED_LOCK: Mutex<bool> = Mutex::new(false);
/// Objects allocated by threads without a P while the collector is on:
/// (thread key, object). Such a thread is not stopped by a collection (a
/// goroutine in a system call, one that came back from it without a P),
/// so what it allocates is a root until it calls [`release_temp_roots`],
/// having stored the words somewhere scanned.
static TEMP_ROOTS: Mutex<Vec<(usize, usize)>> = Mutex::new(Vec::new());

thread_local! {
    static THREAD_KEY: u8 = const { 0 };
}

fn thread_key() -> usize {
    THREAD_KEY.with(|k| k as *const u8 as usize)
}

/// Ends the calling thread's P-less allocation window (see `TEMP_ROOTS`).
pub fn release_temp_roots() {
    let k = thread_key();
    let mut t = TEMP_ROOTS.lock().unwrap_or_else(|e| e.into_inner());
    if !t.is_empty() {
        t.retain(|&(tk, _)| tk != k);
    }
}

/// The P-less threads' unreleased objects (roots).
pub(crate) fn for_each_temp_root(mut f: impl FnMut(usize)) {
    for &(_, r) in TEMP_ROOTS.lock().unwrap_or_else(|e| e.into_inner()).iter() {
        f(r)
    }
}
static SHARED_CV: Condvar = Condvar::new();

static VO_BASE: AtomicUsize = AtomicUsize::new(0);
/// The address-space limit (`ulimit -v`), or `usize::MAX`.
static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);
/// The size of the allocation in progress (for the out-of-memory report).
pub(crate) static LAST_REQUEST: AtomicUsize = AtomicUsize::new(0);

pub(crate) fn set_limit(bytes: usize) {
    LIMIT.store(bytes, Relaxed);
}

/// The process's mapped address space now (`VmSize`), from
/// `/proc/self/statm`.
fn vm_size() -> Option<usize> {
    let s = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: usize = s.split_whitespace().next()?.parse().ok()?;
    Some(pages * 4096)
}

/// Under a `ulimit -v`: would mapping `size` more bytes (plus MMTk's
/// metadata and chunk rounding) pass the limit? Then it is Go's
/// out-of-memory error now, before MMTk tries an mmap the kernel refuses
/// (MMTk would print its memory map first). `/proc` is only read once the
/// heap is a quarter of the limit.
fn over_limit(size: usize) -> bool {
    let limit = LIMIT.load(Relaxed);
    if limit == usize::MAX {
        return false;
    }
    let reserved = crate::mmtk().get_plan().get_reserved_pages() * 4096;
    if reserved.saturating_add(size) < limit / 4 {
        return false;
    }
    const MARGIN: usize = 64 << 20;
    // MMTk's metadata is under 1/32 of the data, our side table 1/8.
    vm_size().is_some_and(|vm| vm.saturating_add(size + size / 8 + size / 32 + MARGIN) > limit)
}
static LOS_THRESHOLD: AtomicUsize = AtomicUsize::new(0);

pub(crate) fn p_index_of_tls(tls: VMThread) -> Option<usize> {
    let a = tls.0.to_address().as_usize();
    let base = PS.as_ptr() as usize;
    let sz = std::mem::size_of::<PGc>();
    (a >= base && a < base + PS.len() * sz && (a - base).is_multiple_of(sz))
        .then(|| (a - base) / sz)
}

/// MMTk's name for P `i`'s mutator.
pub(crate) fn tls_for(i: usize) -> VMMutatorThread {
    tls_of(i)
}

/// Binds the mutator `tls` names if it is not yet.
pub(crate) fn ensure_bound(tls: VMMutatorThread) {
    if let Some(i) = p_index_of_tls(tls.0) {
        if PS[i].mutator.load(Acquire).is_null() {
            bind(i);
        }
    }
}

fn tls_of(i: usize) -> VMMutatorThread {
    // SAFETY: the address of a static, never zero.
    let a = unsafe { Address::from_usize(&PS[i] as *const PGc as usize) };
    VMMutatorThread(VMThread(OpaquePointer::from_address(a)))
}

/// Mutator `i`, or `None` if that P never allocated.
///
/// # Safety
/// The caller owns P `i` (or holds the shared lock for [`SHARED`]), or the
/// world is stopped and the caller is the collector.
pub(crate) unsafe fn mutator(i: usize) -> Option<&'static mut Mutator<Go>> {
    let m = PS[i].mutator.load(Acquire);
    // SAFETY: bound mutators are leaked boxes; exclusivity is the caller's.
    (!m.is_null()).then(|| unsafe { &mut *m })
}

/// Every bound mutator (the collector's view, world stopped).
pub(crate) fn for_each_mutator(mut f: impl FnMut(&'static mut Mutator<Go>)) {
    let n = NBOUND.load(Acquire);
    for i in (0..n).chain(std::iter::once(SHARED)) {
        // SAFETY: called by the collector while the world is stopped.
        if let Some(m) = unsafe { mutator(i) } {
            f(m)
        }
    }
}

/// Bytes allocated so far on every mutator (big mappings not included):
/// the pacer's running count.
pub(crate) fn allocated_bytes() -> u64 {
    let n = NBOUND.load(Acquire);
    (0..n)
        .chain(std::iter::once(SHARED))
        .map(|i| PS[i].bytes.load(Relaxed))
        .sum()
}

pub(crate) fn mutator_count() -> usize {
    let n = NBOUND.load(Acquire);
    (0..n)
        .chain(std::iter::once(SHARED))
        .filter(|&i| !PS[i].mutator.load(Acquire).is_null())
        .count()
}

#[cold]
fn bind(i: usize) -> *mut Mutator<Go> {
    let mmtk = mmtk();
    let _g = BIND.lock().unwrap_or_else(|e| e.into_inner());
    let m = PS[i].mutator.load(Acquire);
    if !m.is_null() {
        return m;
    }
    let m = Box::into_raw(memory_manager::bind_mutator(mmtk, tls_of(i)));
    let sel = memory_manager::get_allocator_mapping(mmtk, AllocationSemantics::Default);
    // SAFETY: Immix maps Default to an ImmixAllocator (the plan is fixed
    // to Immix in `init`); `m` is ours until published below.
    let bp = unsafe {
        &mut (*m)
            .allocator_impl_mut::<ImmixAllocator<Go>>(sel)
            .bump_pointer
    };
    PS[i].bp.store(bp, Release);
    VO_BASE.store(
        mmtk::util::metadata::vo_bit::VO_BIT_SIDE_METADATA_ADDR.as_usize(),
        Relaxed,
    );
    LOS_THRESHOLD.store(
        mmtk.get_plan()
            .constraints()
            .max_non_los_default_alloc_bytes,
        Relaxed,
    );
    PS[i].mutator.store(m, Release);
    if i < MAX_P {
        NBOUND.fetch_max(i + 1, AcqRel);
    }
    m
}

/// Allocates an object with descriptor `h`, zeroed; returns its reference.
#[inline]
fn alloc(h: u64) -> usize {
    let size = layout::payload_bytes(h);
    match minigo_runtime::current_p() {
        Some(i) if i < MAX_P => {
            // SAFETY: this thread owns P `i`.
            let r = unsafe { alloc_on(i, h, size) };
            let p = &PS[i];
            if p.bytes.load(Relaxed) >= p.sample_at.load(Relaxed) {
                crate::memprof::sampled(i, r, size);
            }
            r
        }
        _ => alloc_shared(h, size),
    }
}

#[cold]
fn alloc_shared(h: u64, size: usize) -> usize {
    let mut g = SHARED_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    while *g {
        g = SHARED_CV.wait(g).unwrap_or_else(|e| e.into_inner());
    }
    // SAFETY: we hold the shared mutator's lock and no collection runs.
    let r = unsafe { alloc_on(SHARED, h, size) };
    if PS[SHARED].bytes.load(Relaxed) >= PS[SHARED].sample_at.load(Relaxed) {
        crate::memprof::sampled(SHARED, r, size);
    }
    if crate::enabled() {
        TEMP_ROOTS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((thread_key(), r));
    }
    drop(g);
    r
}

/// The collector takes (`true`) and gives back (`false`) the shared
/// mutator around a collection.
pub(crate) fn set_collecting(on: bool) {
    let mut g = SHARED_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    *g = on;
    if !on {
        SHARED_CV.notify_all();
    }
}

/// # Safety
/// The caller owns mutator `i` (see [`mutator`]).
#[inline(always)]
unsafe fn alloc_on(i: usize, h: u64, size: usize) -> usize {
    let p = &PS[i];
    p.bytes.store(p.bytes.load(Relaxed) + size as u64, Relaxed);
    p.objects.store(p.objects.load(Relaxed) + 1, Relaxed);
    let bp = p.bp.load(Relaxed);
    if !bp.is_null() {
        // SAFETY: our own mutator's bump pointer (the caller owns it).
        let bp = unsafe { &mut *bp };
        let start = bp.cursor.as_usize();
        let end = start.wrapping_add(size);
        if start != 0 && end <= bp.limit.as_usize() && size < LOS_THRESHOLD.load(Relaxed) {
            // SAFETY: [start, end) is inside the allocator's current
            // buffer, which MMTk gave to this mutator alone; the slow path
            // that took the buffer mapped its side table.
            unsafe {
                bp.cursor = Address::from_usize(end);
                layout::set_desc(start, h);
                zero_payload(start, size);
            }
            set_vo_bit(start);
            return start;
        }
    }
    // SAFETY: forwarded.
    unsafe { alloc_slow(i, h, size) }
}

/// Zeroes `n` bytes (a multiple of 8) at `p`. Most objects are a few
/// words (a struct box, an interface): fixed-size stores for those, where
/// a call to `memset` cost more than the stores (3% of gc_bintree).
///
/// # Safety
/// `[p, p + n)` is writable memory of the caller's.
#[inline(always)]
unsafe fn zero_payload(p: usize, n: usize) {
    macro_rules! words {
        ($k:literal) => {
            // SAFETY: `n == 8 * $k` bytes at `p` (8-aligned) are ours.
            unsafe { (p as *mut [u64; $k]).write([0; $k]) }
        };
    }
    match n {
        8 => words!(1),
        16 => words!(2),
        24 => words!(3),
        32 => words!(4),
        40 => words!(5),
        48 => words!(6),
        56 => words!(7),
        64 => words!(8),
        // SAFETY: as above.
        _ => unsafe { std::ptr::write_bytes(p as *mut u8, 0, n) },
    }
}

/// The VO bit of a fresh object, as `ImmixSpace::initialize_object_metadata`
/// sets it (1 bit per 8 bytes in global side metadata). The line holding
/// `r` belongs to this mutator's buffer, so no other thread writes this
/// byte now: a plain load and store suffice. The store releases the
/// object's descriptor (`layout`), written before it; on x86 a release
/// store is a plain one.
#[inline(always)]
fn set_vo_bit(r: usize) {
    let byte = VO_BASE.load(Relaxed) + (r >> 6);
    // SAFETY: side metadata for every address of a mapped space is mapped.
    let b = unsafe { &*(byte as *const std::sync::atomic::AtomicU8) };
    b.store(b.load(Relaxed) | (1 << ((r >> 3) & 7)), Release);
}

/// Whether an object starts at `r` (8-aligned, inside a mapped chunk of
/// the heap): its VO bit, read where [`set_vo_bit`] writes it. `None`
/// before any mutator is bound (`VO_BASE` unknown). MMTk's own test
/// (`is_mmtk_object`) reaches the same bit through the space's SFT entry,
/// a second mapped-check of the metadata and an out-of-line SeqCst load:
/// a fifth of the collector's time on a binary tree. Equivalent here: in
/// a mapped chunk of the heap range the global side metadata is mapped
/// (each space maps it with the chunk), and VO bits are cleared when
/// blocks, lines or large objects are swept, so a set bit is a live
/// object's start.
#[inline(always)]
pub(crate) fn vo_bit(r: usize) -> Option<bool> {
    let base = VO_BASE.load(Relaxed);
    if base == 0 {
        return None;
    }
    // SAFETY: as in `set_vo_bit`: the side metadata of every mapped chunk
    // of a space is mapped (the caller checked the chunk).
    let b = unsafe { &*((base + (r >> 6)) as *const std::sync::atomic::AtomicU8) };
    // Acquire: a set bit's object has its descriptor written (see
    // `set_vo_bit`).
    Some(b.load(Acquire) & (1 << ((r >> 3) & 7)) != 0)
}

/// Where the VO bits start (0 before the first mutator is bound).
pub(crate) fn vo_base() -> usize {
    VO_BASE.load(Relaxed)
}

/// `-race`'s reset of fresh memory (ThreadSanitizer resets the shadow of
/// each new object): called with each range the allocator starts to hand
/// out, which may hold the history of freed objects. The bump fast path
/// never calls it: each object it places lies in a buffer whose rest was
/// announced when the slow path took it. Also called with a big
/// mapping's range when it is unmapped (its shadow can go). Set once,
/// before the program runs; without it the slow path pays one load.
static FRESH_HOOK: std::sync::OnceLock<fn(usize, usize)> = std::sync::OnceLock::new();

/// Sets the hook called with each range of fresh memory (`-race`).
pub fn set_fresh_hook(f: fn(usize, usize)) {
    let _ = FRESH_HOOK.set(f);
}

/// Announces `[lo, hi)` to the fresh-memory hook, if any.
#[inline]
pub(crate) fn fresh(lo: usize, hi: usize) {
    if let Some(h) = FRESH_HOOK.get() {
        h(lo, hi);
    }
}

#[cold]
#[inline(never)]
unsafe fn alloc_slow(i: usize, h: u64, size: usize) -> usize {
    let mut m = PS[i].mutator.load(Acquire);
    if m.is_null() {
        m = bind(i);
    }
    // SAFETY: the caller owns mutator `i`.
    let m = unsafe { &mut *m };
    let sem = if size >= LOS_THRESHOLD.load(Relaxed) {
        AllocationSemantics::Los
    } else {
        AllocationSemantics::Default
    };
    LAST_REQUEST.store(size, Relaxed);
    if over_limit(size) {
        crate::collection::out_of_memory(size);
    }
    // The pacer counts bytes allocated, but MMTk polls its trigger only
    // when a space takes fresh pages; refilling from lines that the last
    // collection freed takes none. So the goal is checked here, at every
    // refill, and crossing it requests a collection (it starts at the Ps'
    // next safe points; this allocation goes on).
    if crate::trigger::over_goal() {
        crate::trigger::request();
    }
    let start = memory_manager::alloc_with_options(
        m,
        size,
        8,
        0,
        sem,
        AllocationOptions {
            allow_overcommit: true,
            at_safepoint: false,
            allow_oom_call: true,
        },
    );
    if start.is_zero() {
        crate::collection::out_of_memory(size);
    }
    layout::ensure_side(start.as_usize(), start.as_usize() + size);
    if sem != AllocationSemantics::Los {
        // The object and the rest of the buffer it came from are Immix
        // memory (the scavenger's range); the fast path fills that buffer,
        // so its side table is mapped now.
        let bp = PS[i].bp.load(Relaxed);
        // SAFETY: our own mutator's bump pointer (the caller owns it).
        let (cursor, limit) = if bp.is_null() {
            (0, 0)
        } else {
            unsafe { ((*bp).cursor.as_usize(), (*bp).limit.as_usize()) }
        };
        if cursor != 0 && limit > cursor {
            layout::ensure_side(cursor, limit);
        }
        crate::scavenge::note_block(start.as_usize(), (start.as_usize() + size).max(limit));
    }
    if FRESH_HOOK.get().is_some() {
        // The object, and the rest of the bump buffer it came from (the
        // fast path fills that without asking).
        let lo = start.as_usize();
        let mut hi = lo + size;
        let bp = PS[i].bp.load(Relaxed);
        if !bp.is_null() && sem != AllocationSemantics::Los {
            // SAFETY: our own mutator's bump pointer (the caller owns it).
            let bp = unsafe { &*bp };
            if bp.cursor.as_usize() == hi {
                hi = hi.max(bp.limit.as_usize());
            }
        }
        fresh(lo, hi);
    }
    // SAFETY: MMTk gave us `size` bytes at `start`, whose side table is
    // mapped (above). Reused Immix lines hold old objects, so the payload
    // is zeroed here; the large-object space zeroes the pages it hands out
    // itself.
    unsafe {
        layout::set_desc(start.as_usize(), h);
        if sem != AllocationSemantics::Los {
            std::ptr::write_bytes(start.to_mut_ptr::<u8>(), 0, size);
        }
    }
    // SAFETY: non-zero. `post_alloc` sets the VO bit after the descriptor.
    let r = unsafe { ObjectReference::from_raw_address_unchecked(start) };
    memory_manager::post_alloc(m, r, size, sem);
    r.to_raw_address().as_usize()
}

fn checked_len(n: usize, unit: usize) -> usize {
    if n > layout::MAX_LEN {
        // Longer than an object's descriptor can say. Go would try: report
        // what the OS says to a mapping of that size, as Go's would be
        // refused, and only if it would not, minigo's own limit.
        let bytes = n.saturating_mul(unit);
        crate::big::check_mappable(bytes);
        crate::collection::out_of_memory(bytes);
    }
    n
}

/// `n` zeroed words, each scanned conservatively; returns the address of
/// the first.
#[inline]
pub fn alloc_words(n: usize) -> usize {
    if n >= crate::big::BIG_BYTES / 8 {
        return crate::big::alloc(n.saturating_mul(8), true);
    }
    alloc(layout::desc(K_WORDS, checked_len(n, 8)))
}

/// `n` zeroed words that never hold a reference (scalar elements): the
/// collector does not scan them.
#[inline]
pub fn alloc_scalar_words(n: usize) -> usize {
    if n >= crate::big::BIG_BYTES / 8 {
        return crate::big::alloc(n.saturating_mul(8), false);
    }
    alloc(layout::desc(K_SCALARS, checked_len(n, 8)))
}

/// `n` zeroed bytes that hold no references.
#[inline]
pub fn alloc_bytes(n: usize) -> usize {
    if n >= crate::big::BIG_BYTES {
        return crate::big::alloc(n, false);
    }
    alloc(layout::desc(K_BYTES, checked_len(n, 1)))
}

#[inline]
pub(crate) fn alloc_desc(h: u64) -> usize {
    alloc(h)
}
