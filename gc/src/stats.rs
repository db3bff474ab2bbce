//! Collection statistics: `runtime.ReadMemStats`, `GODEBUG=gctrace=1`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Condvar, Mutex};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use crate::alloc::PS;

/// What `runtime.MemStats` reports (the fields minigo fills).
#[derive(Debug, Clone)]
pub struct MemStats {
    pub alloc: u64,
    pub total_alloc: u64,
    pub sys: u64,
    pub mallocs: u64,
    pub frees: u64,
    pub heap_alloc: u64,
    pub heap_sys: u64,
    pub heap_idle: u64,
    pub heap_inuse: u64,
    pub heap_objects: u64,
    pub next_gc: u64,
    pub last_gc: u64,
    pub pause_total_ns: u64,
    pub pause_ns: [u64; 256],
    pub pause_end: [u64; 256],
    pub num_gc: u32,
    pub num_forced_gc: u32,
    pub gc_cpu_fraction: f64,
}

struct Cycle {
    num_gc: u64,
    requested: Option<Instant>,
    stopped: Option<Instant>,
    done: Option<Instant>,
    live_at_start: u64,
    pause_total_ns: u64,
    pause_ns: [u64; 256],
    pause_end: [u64; 256],
    last_gc: u64,
    /// Totals at the end of the last collection.
    live_bytes: u64,
    live_objects: u64,
    alloc_bytes_at_gc: u64,
    alloc_objects_at_gc: u64,
    forced: u32,
}

static CYCLE: Mutex<Cycle> = Mutex::new(Cycle {
    num_gc: 0,
    requested: None,
    stopped: None,
    done: None,
    live_at_start: 0,
    pause_total_ns: 0,
    pause_ns: [0; 256],
    pause_end: [0; 256],
    last_gc: 0,
    live_bytes: 0,
    live_objects: 0,
    alloc_bytes_at_gc: 0,
    alloc_objects_at_gc: 0,
    forced: 0,
});
static CYCLE_CV: Condvar = Condvar::new();

/// Objects and bytes marked in the current collection, in shards so that
/// GC workers do not share a cache line.
#[repr(align(64))]
struct Shard(AtomicU64, AtomicU64);
static MARKED: [Shard; 16] = [const { Shard(AtomicU64::new(0), AtomicU64::new(0)) }; 16];

thread_local! {
    static SHARD: std::cell::Cell<usize> = const { std::cell::Cell::new(usize::MAX) };
}

/// Counts one marked object of `bytes` (called once per object per GC).
#[inline]
pub(crate) fn marked(bytes: usize) {
    let i = SHARD.with(|s| {
        if s.get() == usize::MAX {
            static NEXT: AtomicU64 = AtomicU64::new(0);
            s.set(NEXT.fetch_add(1, Relaxed) as usize % MARKED.len());
        }
        s.get()
    });
    MARKED[i].0.fetch_add(1, Relaxed);
    MARKED[i].1.fetch_add(bytes as u64, Relaxed);
}

/// Bytes marked so far in the current collection (all of them once
/// marking is over).
pub(crate) fn marked_so_far() -> u64 {
    MARKED.iter().map(|s| s.1.load(Relaxed)).sum()
}

/// Counts `bytes` more live memory outside the heap's objects (a big
/// mapping, found through its handle, which `marked` counts as the object).
pub(crate) fn marked_bytes(bytes: usize) {
    MARKED[0].1.fetch_add(bytes as u64, Relaxed);
}

static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();

/// Marks the program's start (gctrace's `@T s`).
pub fn note_start() {
    START.get_or_init(Instant::now);
}

pub(crate) static GCTRACE: AtomicBool = AtomicBool::new(false);

/// Bytes and objects allocated so far (big mappings' bytes included; each
/// one's handle is its object).
fn allocated() -> (u64, u64) {
    let (b, o) = PS.iter().fold((0, 0), |(b, o), p| {
        (b + p.bytes.load(Relaxed), o + p.objects.load(Relaxed))
    });
    (b + crate::big::TOTAL.load(Relaxed), o)
}

/// Bytes allocated since the start (MemStats's `TotalAlloc`), read without
/// a lock or MMTk: an out-of-memory report may run inside MMTk's own
/// initialisation.
pub fn total_alloc() -> u64 {
    allocated().0
}

/// Heap bytes in use: MMTk's and the big mappings'.
fn used_bytes() -> u64 {
    (mmtk::memory_manager::used_bytes(crate::mmtk()) + crate::big::live_bytes()) as u64
}

pub(crate) fn stw_requested() {
    let mut c = CYCLE.lock().unwrap_or_else(|e| e.into_inner());
    c.requested = Some(Instant::now());
    c.live_at_start = crate::trigger::heap_live();
    for s in &MARKED {
        s.0.store(0, Relaxed);
        s.1.store(0, Relaxed);
    }
}

pub(crate) fn stw_stopped() {
    CYCLE.lock().unwrap_or_else(|e| e.into_inner()).stopped = Some(Instant::now());
}

pub(crate) fn stw_done() {
    CYCLE.lock().unwrap_or_else(|e| e.into_inner()).done = Some(Instant::now());
}

/// The cycle is over (the world restarts right after): record it, print the
/// gctrace line, wake anyone waiting in `runtime.GC()`.
pub(crate) fn gc_finished() {
    let now = Instant::now();
    let (ab, ao) = allocated();
    let (mo, mb) = MARKED.iter().fold((0, 0), |(o, b), s| {
        (o + s.0.load(Relaxed), b + s.1.load(Relaxed))
    });
    let mut c = CYCLE.lock().unwrap_or_else(|e| e.into_inner());
    let req = c.requested.take().unwrap_or(now);
    let stopped = c.stopped.take().unwrap_or(now);
    let done = c.done.take().unwrap_or(now);
    let pause = now.duration_since(req).as_nanos() as u64;
    let i = (c.num_gc % 256) as usize;
    let wall = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    c.pause_ns[i] = pause;
    c.pause_end[i] = wall;
    c.pause_total_ns += pause;
    c.last_gc = wall;
    c.num_gc += 1;
    c.live_bytes = mb;
    c.live_objects = mo;
    c.alloc_bytes_at_gc = ab;
    c.alloc_objects_at_gc = ao;
    let n = c.num_gc;
    let live_start = c.live_at_start;
    drop(c);
    crate::big::gc_finished();
    CYCLE_CV.notify_all();
    if GCTRACE.load(Relaxed) {
        let t0 = *START.get_or_init(|| req);
        let ms = |a: Instant, b: Instant| b.duration_since(a).as_secs_f64() * 1e3;
        let (a, b, cc) = (ms(req, stopped), ms(stopped, done), ms(done, now));
        let workers = *crate::mmtk().get_options().threads as f64;
        let elapsed = now.duration_since(t0).as_secs_f64();
        let total_pause = CYCLE.lock().map(|c| c.pause_total_ns).unwrap_or(0) as f64 / 1e9;
        let procs = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1) as f64;
        let pct = if elapsed > 0.0 {
            (100.0 * total_pause * workers / (elapsed * procs)).round() as u64
        } else {
            0
        };
        let used_end = used_bytes();
        let goal = crate::trigger::goal_bytes();
        let nprocs = crate::roots().map(|(_, rt)| rt.gomaxprocs()).unwrap_or(1);
        eprintln!(
            "gc {n} @{elapsed:.3}s {pct}%: {a:.3}+{b:.3}+{cc:.3} ms clock, {a:.3}+0/{bw:.3}/0+{cc:.3} ms cpu, {s}->{e}->{l} MB, {g} MB goal, 0 MB stacks, 0 MB globals, {nprocs} P",
            bw = b * workers,
            s = live_start >> 20,
            e = used_end >> 20,
            l = mb >> 20,
            g = goal >> 20,
        );
    }
}

pub fn num_gc() -> u64 {
    CYCLE.lock().unwrap_or_else(|e| e.into_inner()).num_gc
}

/// Waits until more than `n` collections have finished.
pub(crate) fn wait_gc_after(n: u64) {
    let mut c = CYCLE.lock().unwrap_or_else(|e| e.into_inner());
    c.forced += 1;
    while c.num_gc <= n {
        c = CYCLE_CV.wait(c).unwrap_or_else(|e| e.into_inner());
    }
}

/// `runtime.ReadMemStats`.
pub fn read() -> MemStats {
    let (ab, ao) = allocated();
    let c = CYCLE.lock().unwrap_or_else(|e| e.into_inner());
    let mmtk = crate::mmtk();
    let used = used_bytes();
    let reserved = (mmtk.get_plan().get_reserved_pages() * 4096 + crate::big::live_bytes()) as u64;
    let heap_alloc = c.live_bytes + (ab - c.alloc_bytes_at_gc);
    let heap_objects = c.live_objects + (ao - c.alloc_objects_at_gc);
    let heap_sys = reserved.max(used).max(heap_alloc);
    MemStats {
        alloc: heap_alloc,
        total_alloc: ab,
        sys: heap_sys + (4 << 20),
        mallocs: ao,
        frees: ao - heap_objects,
        heap_alloc,
        heap_sys,
        heap_idle: heap_sys - used.min(heap_sys),
        heap_inuse: used,
        heap_objects,
        next_gc: crate::trigger::goal_bytes(),
        last_gc: c.last_gc,
        pause_total_ns: c.pause_total_ns,
        pause_ns: c.pause_ns,
        pause_end: c.pause_end,
        num_gc: c.num_gc as u32,
        num_forced_gc: c.forced,
        gc_cpu_fraction: 0.0,
    }
}
