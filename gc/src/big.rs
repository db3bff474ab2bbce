//! Large arrays (`make([]byte, 32<<20)`, a big `[]float64`, the backing
//! array of a million-element `[]*T` or `[]any`) in mappings of their own.
//!
//! MMTk's large-object space zeroes every page it hands out with a
//! `memset`, so a 256 MiB array cost ~160 ms of page faults before the
//! program touched a byte (Go maps such spans lazily: fresh anonymous
//! memory is already zero), and it never gives a page back to the OS:
//! the backing arrays an `append` loop outgrows stayed resident after
//! they died (35 MB of a 120 MB peak in a loop appending a million
//! interfaces). An array of at least [`BIG_BYTES`] is therefore an
//! anonymous `mmap` of its own, whose pages the kernel zeroes on first
//! touch, and `munmap`ped when it dies.
//!
//! A mapping that may hold references (an array of words) is *scanned*:
//! its handle's trace reports every word in it, conservatively, as a
//! words object's scan does. So it keeps alive what it points to for as
//! long as the handle is reached, exactly as the same array in the heap
//! would.
//!
//! Lifetime: each mapping has a *handle*, a native heap object
//! ([`BigBlock`]) whose drop unmaps it. A word that points into a mapping
//! is resolved by [`lookup`] to the handle, so conservative scanning keeps
//! the handle (and so the mapping) alive exactly as long as some scanned
//! word points into the array: the same rule as for heap objects.
//!
//! Pacing: mapped bytes count as heap in use ([`live_bytes`]) for GOGC's
//! goal, and an allocation that takes the heap over the goal asks MMTk for
//! a collection itself, since no MMTk allocation slow path (where MMTk
//! polls) may follow soon.
//!
//! Invariants: the table holds exactly the mappings whose handle has not
//! been dropped; entries never overlap (the kernel gives disjoint
//! mappings); entries are removed only by the weak sweep, after marking.
//! An entry added during marking (by a thread without a P, which is not
//! stopped) may be missed by [`lookup`], but such a thread's new handle is
//! a temporary root until it releases it (`alloc::release_temp_roots`).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::RwLock;

use mmtk::util::{Address, ObjectReference};

use crate::native::{alloc_native, GcNative};

/// Pointer-free objects of at least this many bytes get their own mapping.
pub const BIG_BYTES: usize = 1 << 20;

/// Live mappings: (start, end, handle), sorted by start.
static TABLE: RwLock<Vec<(usize, usize, usize)>> = RwLock::new(Vec::new());
/// A cheap filter before the table: every mapping is inside [LO, HI).
static LO: AtomicUsize = AtomicUsize::new(usize::MAX);
static HI: AtomicUsize = AtomicUsize::new(0);
/// Bytes mapped now, and ever.
static LIVE: AtomicUsize = AtomicUsize::new(0);
pub(crate) static TOTAL: AtomicU64 = AtomicU64::new(0);
pub(crate) static COUNT: AtomicU64 = AtomicU64::new(0);

/// A mapping's handle: owned by the heap, dropped when unreachable.
struct BigBlock {
    start: usize,
    len: usize,
    /// The mapping holds words that may be references (module docs).
    scanned: bool,
}

impl GcNative for BigBlock {
    fn trace(&self, f: &mut dyn FnMut(u64)) {
        // Reached: the mapping is live memory for MemStats and gctrace.
        crate::stats::marked_bytes(self.len);
        if self.scanned {
            // SAFETY: the mapping is `len` bytes, mapped while the handle
            // lives (this trace runs on a reached handle); the world is
            // stopped, so nobody writes it now.
            let words =
                unsafe { std::slice::from_raw_parts(self.start as *const u64, self.len / 8) };
            for &w in words {
                f(w);
            }
        }
    }
}

impl Drop for BigBlock {
    fn drop(&mut self) {
        {
            let mut t = TABLE.write().unwrap_or_else(|e| e.into_inner());
            if let Ok(i) = t.binary_search_by_key(&self.start, |e| e.0) {
                t.remove(i);
            }
        }
        LIVE.fetch_sub(self.len, Relaxed);
        crate::alloc::fresh(self.start, self.start + self.len);
        // SAFETY: the handle was unreachable, so no scanned word points
        // into the mapping: nobody can touch it again. It was mapped by
        // `alloc` with this start and length.
        unsafe { libc::munmap(self.start as *mut libc::c_void, self.len) };
    }
}

fn page_round(n: usize) -> usize {
    n.div_ceil(4096).saturating_mul(4096)
}

/// A fresh private anonymous mapping of `len` bytes, readable and
/// writable, mapped as Go's heap maps: address space reserved first
/// (`PROT_NONE`, Go's `sysReserve`), then committed (Go's `sysMap`), so
/// that the OS's overcommit check refuses what it refuses Go. Either
/// failure is Go's fatal error, told apart as Go's runtime tells them.
fn map_committed(len: usize) -> usize {
    // SAFETY: a fresh private anonymous mapping; we pass no address.
    let p = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            len,
            libc::PROT_NONE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if p == libc::MAP_FAILED {
        crate::collection::out_of_memory(len);
    }
    // SAFETY: `p` is the mapping of `len` bytes just made, ours alone.
    if unsafe { libc::mprotect(p, len, libc::PROT_READ | libc::PROT_WRITE) } != 0 {
        // SAFETY: as above; nothing else knows the mapping.
        unsafe { libc::munmap(p, len) };
        crate::collection::oom(crate::collection::Oom::Commit);
    }
    p as usize
}

/// Ends the program as Go's would if `n` bytes were allocated now and
/// the OS refused them, for memory the VM keeps outside the heap but Go
/// allocates at once (a channel's buffer): the check maps and unmaps,
/// touching no page.
pub fn check_mappable(n: usize) {
    let len = page_round(n.max(1));
    let p = map_committed(len);
    // SAFETY: the mapping just made, known to nobody else.
    unsafe { libc::munmap(p as *mut libc::c_void, len) };
}

/// `n` zeroed bytes (n >= [`BIG_BYTES`]) in a fresh mapping; returns its
/// address, 4096-aligned; `scanned`: its words may be references (module
/// docs). Out of memory is Go's fatal error.
pub(crate) fn alloc(n: usize, scanned: bool) -> usize {
    let len = page_round(n.max(1));
    let start = map_committed(len);
    // The handle first, so that the mapping is owned before it is findable.
    let handle = alloc_native(BigBlock {
        start,
        len,
        scanned,
    });
    {
        let mut t = TABLE.write().unwrap_or_else(|e| e.into_inner());
        let i = t.partition_point(|e| e.0 < start);
        t.insert(i, (start, start + len, handle));
        LO.fetch_min(start, Relaxed);
        HI.fetch_max(start + len, Relaxed);
    }
    crate::alloc::fresh(start, start + len);
    LIVE.fetch_add(len, Relaxed);
    crate::memprof::big_alloc(handle, len);
    TOTAL.fetch_add(len as u64, Relaxed);
    COUNT.fetch_add(1, Relaxed);
    if crate::enabled()
        && crate::trigger::over_goal()
        && crate::mmtk().get_plan().base().gc_trigger.poll(false, None)
    {
        // No MMTk slow path may come soon to notice: the collection is
        // asked for now, and starts at the Ps' next safe points.
        PENDING.store(true, Relaxed);
    }
    start
}

/// A big allocation asked for a collection that has not finished.
static PENDING: AtomicBool = AtomicBool::new(false);

/// Should a big allocation wait for a collection first? While one that a
/// big allocation asked for is pending, the next big allocation must not
/// run ahead of it (a loop of `make([]byte, 1<<28)` maps gigabytes in the
/// microseconds before the world stops): the VM then waits for its P's
/// preemption flag (`wait_stop`) and yields at a safe point, re-running
/// the allocation after the collection. At most one big allocation per
/// collection overshoots the goal.
#[inline]
pub fn must_wait(bytes: usize) -> bool {
    bytes >= BIG_BYTES && PENDING.load(Relaxed)
}

/// Waits until `preempt` (the running P's flag) is set by the pending
/// collection's stop-the-world, or the collection is over.
pub fn wait_stop(preempt: &AtomicBool) {
    while !preempt.load(Relaxed) && PENDING.load(Relaxed) {
        std::thread::yield_now();
    }
}

/// The collection finished (called once per cycle).
pub(crate) fn gc_finished() {
    PENDING.store(false, Relaxed);
}

/// The handle of the mapping `w` points into, if any.
#[inline]
pub(crate) fn lookup(w: u64) -> Option<ObjectReference> {
    let a = w as usize;
    if a < LO.load(Relaxed) || a >= HI.load(Relaxed) {
        return None;
    }
    let t = TABLE.read().unwrap_or_else(|e| e.into_inner());
    let i = t.partition_point(|e| e.0 <= a);
    let &(start, end, handle) = t.get(i.checked_sub(1)?)?;
    debug_assert!(start <= a);
    if a >= end {
        return None;
    }
    // SAFETY: a native's reference, non-zero.
    Some(unsafe { ObjectReference::from_raw_address_unchecked(Address::from_usize(handle)) })
}

/// Bytes in live mappings.
pub fn live_bytes() -> usize {
    LIVE.load(Relaxed)
}

/// Live mappings (tests).
pub fn live_count() -> usize {
    TABLE.read().unwrap_or_else(|e| e.into_inner()).len()
}
