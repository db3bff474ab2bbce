//! The execution trace (`minigo run --trace=FILE`): every scheduling
//! decision, recorded where the scheduler makes it.
//!
//! # What it owns
//! [`Tracer`] holds the records of one [`crate::Runtime`] made with
//! [`crate::Config::trace`]. [`Sched::trace`] is its one recording point;
//! the decisions call it where they happen (`proc.rs`, `runq.rs`,
//! `sysmon.rs`, `stw.rs`, `lib.rs`), with Go's tracer's event names and the
//! reason as an argument. [`Timeline`] is the one pass that turns records
//! into what a timeline draws (runs of Gs, the Ps each M held, GC cycles,
//! stops of the world, instants); [`write_json`] writes it as Trace Event
//! Format for Perfetto and chrome://tracing, and
//! [`crate::trace_html::write_html`] as a self-contained page.
//!
//! # Invariants
//! - Off costs one predictable branch: `Sched::tracer` is `None` and every
//!   event is built inside the closure that `Sched::trace` never calls.
//! - Recording takes no lock (nor, with a real clock, any atomic
//!   read-modify-write): each thread
//!   appends to a buffer of its own (registered with the tracer on its
//!   first event) and publishes each record with a release store; it
//!   locks its buffer only to retire a full chunk. Only [`Tracer::take`]
//!   visits the other threads' buffers, copying out what was published.
//! - A thread's records are in time order (one monotonic clock: the TSC
//!   where the kernel keeps time with it, else `Instant`; a logical clock
//!   in seeded runs); [`Tracer::take`] merges the threads' by time,
//!   keeping each thread's order for equal times.

use std::cell::{Cell, RefCell, UnsafeCell};
use std::collections::HashMap;
use std::io::{self, Write};
use std::mem::ManuallyDrop;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::{Duration, Instant};

use crate::proc::Sched;
use crate::stw::current_p;
use crate::WaitReason;

/// One scheduling event. G ids are goroutine ids; P ids are 0-based.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ev {
    /// `go` statement (newproc); boxed to keep every other event small.
    GoCreate(Box<GoCreate>),
    /// The G starts running on the record's P; `inherit`: it took the
    /// previous G's time slice (runnext).
    GoStart {
        g: u64,
        inherit: bool,
    },
    /// The G returned.
    GoEnd {
        g: u64,
    },
    /// The G parked (gopark).
    GoBlock {
        g: u64,
        reason: WaitReason,
        /// Its stack where it blocks, an id of the tracer's stack table
        /// ([`crate::Runtime::trace_stack_table`]), when the tracer
        /// wants stacks ([`crate::Runtime::set_trace_symbolizer`]);
        /// [`NO_STACK`] otherwise.
        stack: u32,
    },
    /// A parked G was made runnable by G `by` (0: a timer, the netpoller
    /// or a thread outside the scheduler), onto the record's P (its
    /// runnext when `runnext`) or, when the record has no P, the global
    /// queue.
    GoUnblock {
        g: u64,
        by: u64,
        runnext: bool,
    },
    /// The G stopped at a safe point for sysmon's preemption request (or
    /// a GOMAXPROCS shrink) and went to the global queue.
    GoPreempt {
        g: u64,
    },
    /// `runtime.Gosched`: the G went to the global queue.
    GoSched {
        g: u64,
    },
    /// The G entered a blocking syscall, keeping its P in `_Psyscall`.
    GoSyscall {
        g: u64,
    },
    /// The G left its syscall; `kept_p`: on the P it entered with.
    GoSysExit {
        g: u64,
        kept_p: bool,
    },
    /// sysmon asked the G running on P `p` to stop (10ms on one tick).
    Preempt {
        p: u32,
    },
    /// The record's M took P `p` / gave it up.
    ProcStart {
        p: u32,
    },
    ProcStop {
        p: u32,
    },
    /// The record's P stole `n` Gs from P `victim` (`runnext`: its
    /// runnext slot).
    ProcSteal {
        victim: u32,
        n: u32,
        runnext: bool,
    },
    /// The record's P took `n` Gs from the global queue; `why`:
    /// `"61st tick"`, `"local queue empty"` or `"idle"`.
    GlobalRunqGet {
        n: u32,
        why: &'static str,
    },
    /// The record's P's local queue was full: `n` Gs moved to the global
    /// queue.
    RunqOverflow {
        n: u32,
    },
    /// sysmon took P `p` from a G blocked in a syscall (`handoffp`).
    Handoff {
        p: u32,
    },
    /// The netpoller made `n` Gs runnable.
    Netpoll {
        n: u32,
    },
    /// A garbage collection `n` (1-based) was requested / finished.
    GCStart {
        n: u64,
    },
    GCDone {
        n: u64,
    },
    /// The world is being stopped / restarted.
    STWStart,
    STWDone,
    /// `runtime/trace` annotations (`NewTask`, regions, `Log`) by the G
    /// running on the record's M; boxed to keep every other event small.
    User(Box<UserEv>),
    /// A goroutine that existed when `runtime/trace.Start` turned
    /// recording on, and its state then (Go's GoStatus).
    GoStatus(Box<GoStatusEv>),
}

/// [`Ev::User`]'s fields: the G that made the annotation, and which.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserEv {
    pub g: u64,
    pub kind: UserKind,
}

/// A `runtime/trace` annotation. Task ids are the program's (`0`: the
/// background task).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UserKind {
    TaskBegin {
        id: u64,
        parent: u64,
        name: String,
    },
    TaskEnd {
        id: u64,
    },
    RegionBegin {
        task: u64,
        name: String,
    },
    RegionEnd {
        task: u64,
        name: String,
    },
    Log {
        task: u64,
        key: String,
        value: String,
    },
}

/// [`Ev::GoBlock`]'s `stack` when none was recorded.
pub const NO_STACK: u32 = u32::MAX;

/// Turns a pc of [`crate::Task::trace_stack`] into (function, file, line).
pub type Symbolizer = dyn Fn(u64) -> (String, String, u64) + Send + Sync;

/// [`Ev::GoStatus`]'s fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoStatusEv {
    pub g: u64,
    pub status: GStatus,
    /// The goroutine's function when known ([`crate::Task::name`]).
    pub name: String,
}

/// A goroutine's state in [`Ev::GoStatus`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GStatus {
    /// Running on the record's M (the G that turned tracing on).
    Running,
    Runnable,
    Waiting(WaitReason),
}

/// [`Ev::GoCreate`]'s fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoCreate {
    pub g: u64,
    /// 0 for main.
    pub parent: u64,
    /// The task's [`crate::Task::name`].
    pub name: String,
}

impl Ev {
    pub fn go_create(g: u64, parent: u64, name: String) -> Ev {
        Ev::GoCreate(Box::new(GoCreate { g, parent, name }))
    }
}

/// An event with where and when it happened (40 bytes: a busy program
/// records millions).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Nanoseconds since the runtime was created.
    pub ts: u64,
    /// The M that recorded it (0: a thread that is not an M: the GC's
    /// workers, the program's main thread; sysmon is an M).
    pub m: u32,
    /// The P that M held, [`NO_P`] if none.
    pub p: u32,
    pub ev: Ev,
}

/// [`Record::p`] of a thread that holds no P.
pub const NO_P: u32 = u32::MAX;

impl Record {
    /// The P the recording M held.
    pub fn p(&self) -> Option<usize> {
        (self.p != NO_P).then_some(self.p as usize)
    }
}

const _: () = assert!(std::mem::size_of::<Record>() <= 40);

/// One thread's records. Only its thread appends ([`Buffer::push`]);
/// [`Tracer::take`] moves them out from any thread without stopping it:
/// the chunk being filled publishes each record with a release store of
/// `len`, and `take` copies out what is published. The thread takes the
/// lock only to retire a full chunk.
///
/// Chunks double from [`CHUNK_MIN`] to [`CHUNK_MAX`] records: a small
/// program keeps a small buffer, and a growing one never copies what it
/// holds (one `Vec` doubling through hundreds of MB would).
struct Buffer {
    /// The chunk being filled; replaced only by its thread, under the
    /// lock of `shared`.
    cur: UnsafeCell<Raw>,
    /// Records written to `cur`.
    len: AtomicUsize,
    shared: Mutex<Shared>,
    /// While the tracer streams ([`Tracer::take_ready`]): a time no
    /// later than that of the record its thread is making ([`IDLE`]:
    /// none).
    busy: AtomicU64,
    /// The time of its thread's last record.
    last: AtomicU64,
}

/// [`Buffer::busy`] of a thread not making a record.
const IDLE: u64 = u64::MAX;

const CHUNK_MIN: usize = 1 << 12;
const CHUNK_MAX: usize = 1 << 16;

/// A chunk's memory: room for `cap` records at `ptr`.
struct Raw {
    ptr: *mut Record,
    cap: usize,
}

#[derive(Default)]
struct Shared {
    /// Retired chunks, oldest first.
    full: Vec<Vec<Record>>,
    /// How many of `cur`'s first records `take` has moved out.
    taken: usize,
}

// SAFETY: `cur`'s records are written by the buffer's thread only past
// `len`, and read by `take` only below it, after the release store that
// published them; `cur` itself changes only under `shared`'s lock, which
// `take` holds while it reads. Records are `Send`.
unsafe impl Send for Buffer {}
unsafe impl Sync for Buffer {}

impl Raw {
    const EMPTY: Raw = Raw {
        ptr: std::ptr::NonNull::dangling().as_ptr(),
        cap: 0,
    };

    fn with_capacity(n: usize) -> Raw {
        let mut v = ManuallyDrop::new(Vec::<Record>::with_capacity(n));
        prefault(&mut v);
        Raw {
            ptr: v.as_mut_ptr(),
            cap: v.capacity(),
        }
    }

    /// The chunk as a `Vec` of its records `[taken, len)`, moved to its
    /// front; `None` (the memory freed) if there are none.
    ///
    /// # Safety
    /// Records `[taken, len)` are initialised and owned by the chunk; the
    /// ones before were moved out.
    unsafe fn into_vec(self, taken: usize, len: usize) -> Option<Vec<Record>> {
        if self.cap == 0 {
            return None;
        }
        // SAFETY: `ptr` and `cap` come from a `Vec<Record>`; length 0
        // drops nothing.
        let mut v = unsafe { Vec::from_raw_parts(self.ptr, 0, self.cap) };
        if taken >= len {
            return None;
        }
        // SAFETY: the caller's: `[taken, len)` are live, within `cap`.
        unsafe {
            std::ptr::copy(self.ptr.add(taken), self.ptr, len - taken);
            v.set_len(len - taken);
        }
        Some(v)
    }
}

impl Buffer {
    fn new() -> Buffer {
        Buffer {
            cur: UnsafeCell::new(Raw::EMPTY),
            len: AtomicUsize::new(0),
            shared: Mutex::default(),
            busy: AtomicU64::new(IDLE),
            last: AtomicU64::new(0),
        }
    }

    /// Appends `r`. Only the buffer's thread calls it.
    #[inline]
    fn push(&self, r: Record) {
        let len = self.len.load(Ordering::Relaxed);
        // SAFETY: only this thread replaces `cur`.
        let cur = unsafe { &*self.cur.get() };
        if len == cur.cap {
            return self.retire_and_push(r);
        }
        // SAFETY: slot `len` is inside the chunk and unpublished: `take`
        // reads only below `len`.
        unsafe { cur.ptr.add(len).write(r) };
        self.len.store(len + 1, Ordering::Release);
    }

    /// `push` on a full chunk: retire it, start the next.
    #[cold]
    #[inline(never)]
    fn retire_and_push(&self, r: Record) {
        {
            let mut sh = lock(&self.shared);
            // SAFETY: with the lock held `take` does not look at `cur`,
            // and only this thread changes it.
            let cur = unsafe { &mut *self.cur.get() };
            let next = Raw::with_capacity((cur.cap * 2).clamp(CHUNK_MIN, CHUNK_MAX));
            let old = std::mem::replace(cur, next);
            let len = self.len.swap(0, Ordering::Relaxed);
            let taken = std::mem::take(&mut sh.taken);
            // SAFETY: `[0, len)` were written; `take` moved `[0, taken)`.
            if let Some(v) = unsafe { old.into_vec(taken, len) } {
                sh.full.push(v);
            }
        }
        self.push(r);
    }

    /// Moves every published record out, oldest chunk first, into
    /// `out`; `false` if the lock stayed held (the thread stopped inside
    /// `retire_and_push` by the process exiting).
    fn drain(&self, out: &mut Vec<Vec<Record>>) -> bool {
        let mut sh = None;
        for _ in 0..100 {
            match self.shared.try_lock() {
                Ok(g) => sh = Some(g),
                Err(std::sync::TryLockError::Poisoned(e)) => sh = Some(e.into_inner()),
                Err(std::sync::TryLockError::WouldBlock) => {
                    std::thread::sleep(Duration::from_millis(1));
                    continue;
                }
            }
            break;
        }
        let Some(mut sh) = sh else {
            return false;
        };
        out.append(&mut sh.full);
        let len = self.len.load(Ordering::Acquire);
        let n = len.saturating_sub(sh.taken);
        if n > 0 {
            // SAFETY: the lock keeps `cur` in place; `[taken, len)` were
            // published by the release store we acquired, and are never
            // written again; moving them out makes `taken` skip them.
            let cur = unsafe { &*self.cur.get() };
            let mut v = Vec::with_capacity(n);
            unsafe {
                std::ptr::copy_nonoverlapping(cur.ptr.add(sh.taken), v.as_mut_ptr(), n);
                v.set_len(n);
            }
            sh.taken = len;
            out.push(v);
        }
        true
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        let taken = self
            .shared
            .get_mut()
            .map_or_else(|e| e.into_inner().taken, |s| s.taken);
        let len = *self.len.get_mut();
        let cur = std::mem::replace(self.cur.get_mut(), Raw::EMPTY);
        // SAFETY: `[0, len)` were written; `take` moved `[0, taken)`.
        drop(unsafe { cur.into_vec(taken, len) });
    }
}

/// Merges lists of chunks, each list in time order, into one, in time
/// order; for equal times, the earlier list first (a stable sort of
/// their concatenation, without its scratch memory). Each chunk is freed
/// once merged. `to_ns` turns the clock's values into the records' times.
fn merge(lists: Vec<Vec<Vec<Record>>>, to_ns: impl Fn(u64) -> u64) -> Vec<Record> {
    /// A list being merged: its chunks, where the next record is, and
    /// that record's time.
    struct Cursor {
        chunks: Vec<Vec<Record>>,
        ci: usize,
        pos: usize,
    }
    impl Cursor {
        /// The next record's time, skipping (and freeing) used-up chunks;
        /// `None` at the end.
        fn head(&mut self) -> Option<u64> {
            while self.ci < self.chunks.len() {
                if let Some(r) = self.chunks[self.ci].get(self.pos) {
                    return Some(r.ts);
                }
                // SAFETY: every record of the chunk was moved out.
                unsafe { self.chunks[self.ci].set_len(0) };
                self.chunks[self.ci] = Vec::new();
                self.ci += 1;
                self.pos = 0;
            }
            None
        }
    }
    impl Drop for Cursor {
        fn drop(&mut self) {
            // The records before `pos` of the current chunk were moved out.
            if let Some(c) = self.chunks.get_mut(self.ci) {
                c.drain(..self.pos.min(c.len())).for_each(std::mem::forget);
            }
        }
    }
    let total = lists.iter().flatten().map(Vec::len).sum();
    let mut out = Vec::with_capacity(total);
    let mut curs = Vec::new();
    let mut heads = Vec::new();
    for chunks in lists {
        let mut c = Cursor {
            chunks,
            ci: 0,
            pos: 0,
        };
        if let Some(t) = c.head() {
            curs.push(c);
            heads.push(t);
        }
    }
    while !curs.is_empty() {
        let mut b = 0;
        for i in 1..heads.len() {
            if heads[i] < heads[b] {
                b = i;
            }
        }
        // Take from list b until another's head comes first: an earlier
        // list's on equal times, a later one's only after.
        let mut limit = u64::MAX;
        for (i, &t) in heads.iter().enumerate() {
            if i < b {
                limit = limit.min(t);
            } else if i > b {
                limit = limit.min(t.saturating_add(1));
            }
        }
        let c = &mut curs[b];
        let chunk = &c.chunks[c.ci];
        let rest = &chunk[c.pos..];
        let k = rest
            .iter()
            .position(|r| r.ts >= limit)
            .unwrap_or(rest.len());
        out.extend(rest[..k].iter().map(|r| {
            // SAFETY: moved out once: `pos` skips it from now on, and the
            // chunk is freed without dropping it.
            let mut r = unsafe { std::ptr::read(r) };
            r.ts = to_ns(r.ts);
            r
        }));
        c.pos += k;
        match c.head() {
            Some(t) => heads[b] = t,
            None => {
                curs.remove(b);
                heads.remove(b);
            }
        }
    }
    out
}

/// Maps in `v`'s spare capacity at once when it is large: touching
/// hundreds of MB a page at a time costs a fault each.
fn prefault(v: &mut Vec<Record>) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let spare = v.spare_capacity_mut();
        let (start, len) = (spare.as_mut_ptr() as usize, std::mem::size_of_val(spare));
        let from = start.next_multiple_of(PAGE);
        let to = (start + len) / PAGE * PAGE;
        if to > from + (1 << 20) {
            // SAFETY: advice on whole pages of memory we own and have not
            // written: it maps them (zeroed), changing no contents. An
            // older kernel's EINVAL leaves the pages to fault as usual.
            unsafe {
                libc::madvise(
                    from as *mut libc::c_void,
                    to - from,
                    libc::MADV_POPULATE_WRITE,
                );
            }
        }
    }
}

/// Where the records' times come from.
enum Clock {
    /// Nanoseconds since the epoch, from the monotonic clock.
    Mono(Instant),
    /// The CPU's time-stamp counter, where the kernel keeps time with it
    /// (a third of the monotonic clock's cost); [`Clock::to_ns`] turns
    /// ticks into nanoseconds since `epoch` by the rate between the first
    /// reading (`tsc0` at `ns0`) and the call.
    Tsc { epoch: Instant, ns0: u64, tsc0: u64 },
    /// A seeded run's logical clock: event k is stamped k microseconds,
    /// so that the same seed gives the same trace (`seeded.rs`).
    Logical(AtomicU64),
}

impl Clock {
    fn new(epoch: Instant, logical: bool) -> Clock {
        if logical {
            Clock::Logical(AtomicU64::new(0))
        } else if tsc_keeps_time() {
            let ns0 = epoch.elapsed().as_nanos() as u64;
            Clock::Tsc {
                epoch,
                ns0,
                tsc0: rdtsc(),
            }
        } else {
            Clock::Mono(epoch)
        }
    }

    #[inline]
    fn now(&self) -> u64 {
        match self {
            Clock::Tsc { .. } => rdtsc(),
            Clock::Mono(epoch) => epoch.elapsed().as_nanos() as u64,
            Clock::Logical(seq) => 1000 * seq.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// From [`Clock::now`]'s values to nanoseconds since the epoch.
    fn to_ns(&self) -> impl Fn(u64) -> u64 {
        let (ns0, tsc0, rate) = match *self {
            Clock::Tsc { epoch, ns0, tsc0 } => {
                let ns1 = epoch.elapsed().as_nanos() as u64;
                let tsc1 = rdtsc();
                let rate = match tsc1.checked_sub(tsc0) {
                    Some(d) if d > 0 => ns1.saturating_sub(ns0) as f64 / d as f64,
                    _ => 0.0,
                };
                (ns0, tsc0, Some(rate))
            }
            _ => (0, 0, None),
        };
        move |t| match rate {
            Some(rate) => ns0 + (t.saturating_sub(tsc0) as f64 * rate) as u64,
            None => t,
        }
    }
}

/// Does the kernel keep time with the TSC (so that it is invariant and
/// in step across CPUs)?
fn tsc_keeps_time() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        static TSC: OnceLock<bool> = OnceLock::new();
        *TSC.get_or_init(|| {
            std::fs::read_to_string(
                "/sys/devices/system/clocksource/clocksource0/current_clocksource",
            )
            .is_ok_and(|s| s.trim() == "tsc")
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

#[inline]
fn rdtsc() -> u64 {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: RDTSC exists on every x86-64 CPU and has no preconditions.
    unsafe {
        std::arch::x86_64::_rdtsc()
    }
    #[cfg(not(target_arch = "x86_64"))]
    0
}

/// The records of one runtime.
pub(crate) struct Tracer {
    /// Recording is on (`runtime/trace.Start` turns it on and off).
    on: std::sync::atomic::AtomicBool,
    /// Set by the program's VM: Gs' stacks are recorded (Go's format).
    pub(crate) symbolizer: OnceLock<Arc<Symbolizer>>,
    clock: Clock,
    buffers: Mutex<Vec<Arc<Buffer>>>,
    /// Next M id (1-based).
    mnext: AtomicU32,
    /// [`Tracer::take_ready`] is in use: threads mark the record they
    /// are making ([`Buffer::busy`]).
    streaming: std::sync::atomic::AtomicBool,
    /// Records [`Tracer::take_ready`] took but could not give yet (raw
    /// times, in order).
    held: Mutex<Vec<Record>>,
    /// Every distinct stack of [`Ev::GoBlock`] records, by id. Threads
    /// look a stack up in their own cache first ([`STACK_CACHE`]) and
    /// take this lock only for one they have not seen.
    stacks: Mutex<StackTable>,
}

/// A thread's stack ids ([`STACK_CACHE`]).
type StackCache = HashMap<Box<[u64]>, u32, FxBuild>;

#[derive(Default)]
struct StackTable {
    ids: HashMap<Arc<[u64]>, u32, FxBuild>,
    list: Vec<Arc<[u64]>>,
}

/// A fast hasher for small integer keys and pc lists (FxHash's
/// multiply-rotate): the tables it serves are the tracer's own, keyed by
/// values no adversary chooses.
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

impl std::hash::Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for c in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            self.write_u64(u64::from_le_bytes(w));
        }
    }
    #[inline]
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_u32(&mut self, v: u32) {
        self.write_u64(u64::from(v));
    }
    #[inline]
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// [`FxHasher`]'s builder.
pub type FxBuild = std::hash::BuildHasherDefault<FxHasher>;

thread_local! {
    /// This thread's buffer, with the tracer it belongs to (a thread may
    /// record for several runtimes in turn: the GC's workers, tests). The
    /// `Weak` keeps the tracer's address from being reused while the
    /// thread compares it.
    static BUFFER: RefCell<Option<(Weak<Tracer>, Arc<Buffer>)>> = const { RefCell::new(None) };
    /// This thread's M id in the trace (0: not an M).
    static M_ID: Cell<u32> = const { Cell::new(0) };
    /// Stacks this thread interned, with the tracer whose ids they are.
    static STACK_CACHE: RefCell<(Weak<Tracer>, StackCache)> =
        RefCell::new((Weak::new(), HashMap::default()));
}

impl Tracer {
    /// A tracer stamping events with real time since `epoch`, or with
    /// a logical clock (`logical`, for seeded runs).
    pub(crate) fn new(epoch: Instant, logical: bool) -> Arc<Tracer> {
        Arc::new(Tracer {
            on: std::sync::atomic::AtomicBool::new(true),
            symbolizer: OnceLock::new(),
            clock: Clock::new(epoch, logical),
            buffers: Mutex::new(Vec::new()),
            mnext: AtomicU32::new(1),
            stacks: Mutex::new(StackTable::default()),
            streaming: std::sync::atomic::AtomicBool::new(false),
            held: Mutex::new(Vec::new()),
        })
    }

    /// From now on records may be taken while they are made
    /// ([`Tracer::take_ready`]); `false` (and nothing changes) for a
    /// logical clock, whose every reading is an event of the run.
    pub(crate) fn stream(&self) -> bool {
        if matches!(self.clock, Clock::Logical(_)) {
            return false;
        }
        self.streaming.store(true, Ordering::SeqCst);
        true
    }

    /// Records in time order, each after every record of the previous
    /// calls, and before any record a later call gives: those made
    /// before a time that every thread has passed. Needs
    /// [`Tracer::stream`] to have been called before the records were
    /// made.
    pub(crate) fn take_ready(&self) -> Vec<Record> {
        // A thread's next record is stamped after its `busy` store,
        // which is either seen below (bounding `wm`) or comes after the
        // load in the total order of SeqCst operations, so after this
        // reading of the clock.
        let mut wm = self.clock.now();
        std::sync::atomic::fence(Ordering::SeqCst);
        let mut lists = Vec::new();
        let held = std::mem::take(&mut *lock(&self.held));
        if !held.is_empty() {
            lists.push(vec![held]);
        }
        for b in lock(&self.buffers).iter() {
            let busy = b.busy.load(Ordering::SeqCst);
            wm = wm.min(busy);
            let mut chunks = Vec::new();
            if b.drain(&mut chunks) {
                lists.push(chunks);
            } else {
                // Its records cannot be taken now: hold everything after
                // what it may still publish.
                wm = wm.min(b.last.load(Ordering::SeqCst));
            }
        }
        let mut all = merge(lists, |t| t);
        let k = all.partition_point(|r| r.ts < wm);
        *lock(&self.held) = all.split_off(k);
        let to_ns = self.clock.to_ns();
        for r in &mut all {
            r.ts = to_ns(r.ts);
        }
        all
    }

    /// The id of stack `pcs` in this tracer's table (see [`Ev::GoBlock`]).
    pub(crate) fn intern_stack(self: &Arc<Self>, pcs: &[u64]) -> u32 {
        STACK_CACHE.with(|c| {
            let mut c = c.borrow_mut();
            if !std::ptr::eq(c.0.as_ptr(), Arc::as_ptr(self)) {
                *c = (Arc::downgrade(self), HashMap::default());
            }
            if let Some(&id) = c.1.get(pcs) {
                return id;
            }
            let id = {
                let mut t = lock(&self.stacks);
                match t.ids.get(pcs) {
                    Some(&id) => id,
                    None => {
                        let id = t.list.len() as u32;
                        let a: Arc<[u64]> = pcs.into();
                        t.list.push(a.clone());
                        t.ids.insert(a, id);
                        id
                    }
                }
            };
            c.1.insert(pcs.into(), id);
            id
        })
    }

    /// The stack table: [`Ev::GoBlock`]'s `stack` indexes it.
    pub(crate) fn stack_table(&self) -> Vec<Arc<[u64]>> {
        lock(&self.stacks).list.clone()
    }

    /// Is recording on?
    #[inline(always)]
    pub(crate) fn is_on(&self) -> bool {
        self.on.load(Ordering::Relaxed)
    }

    /// Turn recording on or off; the old state.
    pub(crate) fn set_on(&self, on: bool) -> bool {
        self.on.swap(on, Ordering::SeqCst)
    }

    /// Give this thread (a new M, sysmon) the next M id.
    pub(crate) fn register_m(&self) {
        M_ID.with(|m| m.set(self.mnext.fetch_add(1, Ordering::Relaxed)));
    }

    pub(crate) fn record(self: &Arc<Self>, ev: Ev) {
        let m = M_ID.with(Cell::get);
        let p = current_p().map_or(NO_P, |p| p as u32);
        BUFFER.with(|b| {
            let mut b = b.borrow_mut();
            if !matches!(&*b, Some((t, _)) if std::ptr::eq(t.as_ptr(), Arc::as_ptr(self))) {
                let buf = Arc::new(Buffer::new());
                lock(&self.buffers).push(buf.clone());
                *b = Some((Arc::downgrade(self), buf));
            }
            let Some((_, buf)) = &*b else { unreachable!() };
            if self.streaming.load(Ordering::Relaxed) {
                // See `take_ready`: announce a time no later than this
                // record's before reading the clock.
                buf.busy
                    .store(buf.last.load(Ordering::Relaxed), Ordering::SeqCst);
                let ts = self.clock.now();
                buf.last.store(ts, Ordering::Relaxed);
                buf.push(Record { ts, m, p, ev });
                buf.busy.store(IDLE, Ordering::Release);
            } else {
                let ts = self.clock.now();
                buf.push(Record { ts, m, p, ev });
            }
        });
    }

    /// Every record so far, in time order; the buffers are emptied. A
    /// buffer whose thread holds its lock for long (a thread stopped in
    /// the middle of retiring a chunk by the process exiting) is skipped.
    pub(crate) fn take(&self) -> Vec<Record> {
        let mut lists = Vec::new();
        let held = std::mem::take(&mut *lock(&self.held));
        if !held.is_empty() {
            lists.push(vec![held]);
        }
        for b in lock(&self.buffers).iter() {
            let mut chunks = Vec::new();
            if b.drain(&mut chunks) {
                lists.push(chunks);
            }
        }
        merge(lists, self.clock.to_ns())
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Sched {
    /// The recording point: `ev()` is built and recorded only when this
    /// runtime traces.
    #[inline(always)]
    pub(crate) fn trace(&self, ev: impl FnOnce() -> Ev) {
        if let Some(t) = &self.tracer {
            if !t.is_on() {
                return;
            }
            // A seeded run's trace ends when the program does: what the
            // M records while the process exits races the writer.
            if self.det.is_some() && self.shutdown.load(std::sync::atomic::Ordering::SeqCst) {
                return;
            }
            t.record(ev());
        }
    }
}

// -------------------------------------------------------------- timeline

/// How a run of a G ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunEnd {
    /// Still running when the trace ended (or the next GoStart on its M
    /// came first: a record lost at exit).
    Open,
    /// GoEnd: the G returned.
    End,
    /// GoBlock: the G parked, for this reason.
    Block(WaitReason),
    /// GoSched: `runtime.Gosched`.
    Sched,
    /// GoPreempt: stopped for sysmon's request.
    Preempt,
}

impl RunEnd {
    /// The event that ended the run, `""` when it is [`RunEnd::Open`].
    pub fn name(self) -> &'static str {
        match self {
            RunEnd::Open => "",
            RunEnd::End => "GoEnd",
            RunEnd::Block(_) => "GoBlock",
            RunEnd::Sched => "GoSched",
            RunEnd::Preempt => "GoPreempt",
        }
    }
}

/// One run of a G: from its GoStart to the event that ended it, on the
/// P and M of the GoStart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    pub g: u64,
    pub m: u32,
    /// [`NO_P`] if the M held none.
    pub p: u32,
    pub t0: u64,
    pub t1: u64,
    /// It took over the previous G's time slice (runnext).
    pub inherit: bool,
    pub end: RunEnd,
}

/// What a timeline draws; [`Timeline::build`] hands each over once, in
/// the order the records close them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item<'r> {
    /// A run of a G (on its P's lane).
    Run(Run),
    /// M `m` held P `p` from `t0` to `t1`: its ProcStart (or its first
    /// record on `p`) to its ProcStop (or its last record on `p`).
    Held { m: u32, p: u32, t0: u64, t1: u64 },
    /// GC cycle `n`, GCStart to GCDone.
    Gc { n: u64, t0: u64, t1: u64 },
    /// A stop of the world, STWStart to STWDone.
    Stw { t0: u64, t1: u64 },
    /// Every record that is not the edge of a run (GoStart, GoEnd,
    /// GoBlock, GoSched, GoPreempt are); GCStart/GCDone and
    /// STWStart/STWDone come as instants too.
    Instant(&'r Record),
}

/// The state of one pass over the records: the Gs' function names, the
/// Ps and Ms seen, the runs and P holdings still open. Both writers
/// ([`write_json`], [`crate::trace_html::write_html`]) draw from it.
pub struct Timeline {
    /// Distinct function names, interned (a million Gs share a few).
    funcs: Vec<String>,
    func_ids: HashMap<String, u32>,
    /// Function of each G by goid (dense ids; `NO_FUNC` if not created
    /// in the trace), and of the rare goid too large for the table.
    g_func: Vec<u32>,
    g_func_far: HashMap<u64, u32>,
    ps: Vec<bool>,
    ms: Vec<bool>,
    end: u64,
}

const NO_FUNC: u32 = u32::MAX;

/// A run not closed yet.
#[derive(Clone, Copy)]
struct Open {
    g: u64,
    t0: u64,
    p: u32,
    inherit: bool,
}

fn mark(set: &mut Vec<bool>, i: usize) {
    if i >= set.len() {
        set.resize(i + 1, false);
    }
    set[i] = true;
}

fn slot<T: Default>(v: &mut Vec<T>, i: usize) -> &mut T {
    if i >= v.len() {
        v.resize_with(i + 1, T::default);
    }
    &mut v[i]
}

impl Timeline {
    /// One pass over `records` (in time order): calls `f` with every
    /// [`Item`], the timeline so far at hand (a run's G's function is
    /// known by then); returns the timeline, with every P and M seen.
    pub fn build<'r>(
        records: &'r [Record],
        f: &mut dyn FnMut(&Timeline, Item<'r>) -> io::Result<()>,
    ) -> io::Result<Timeline> {
        let mut tl = Timeline {
            funcs: Vec::new(),
            func_ids: HashMap::new(),
            g_func: Vec::new(),
            g_func_far: HashMap::new(),
            ps: Vec::new(),
            ms: Vec::new(),
            end: records.last().map_or(0, |r| r.ts),
        };
        let dense = records.len() as u64 + 4096;
        // The G each M runs, and the P each M holds (p, since, last seen).
        let mut running: Vec<Option<Open>> = Vec::new();
        let mut held: Vec<Option<(u32, u64, u64)>> = Vec::new();
        let (mut gc_start, mut stw_start) = (None, None);
        for r in records {
            let m = r.m as usize;
            if r.p != NO_P {
                mark(&mut tl.ps, r.p as usize);
            }
            if r.m != 0 {
                mark(&mut tl.ms, m);
                let h = slot(&mut held, m);
                let stop = matches!((&r.ev, *h), (Ev::ProcStop { p }, Some((hp, ..))) if hp == *p);
                if stop {
                    if let Some((p, t0, _)) = h.take() {
                        f(
                            &tl,
                            Item::Held {
                                m: r.m,
                                p,
                                t0,
                                t1: r.ts,
                            },
                        )?;
                    }
                } else {
                    match *h {
                        Some((hp, _, ref mut t1)) if hp == r.p => *t1 = r.ts,
                        old => {
                            *h = (r.p != NO_P).then_some((r.p, r.ts, r.ts));
                            if let Some((p, t0, t1)) = old {
                                f(&tl, Item::Held { m: r.m, p, t0, t1 })?;
                            }
                        }
                    }
                }
            }
            let ended = match &r.ev {
                Ev::GoCreate(c) => {
                    tl.set_func(c.g, &c.name, dense);
                    None
                }
                Ev::GoStart { g, inherit } => {
                    let open = Open {
                        g: *g,
                        t0: r.ts,
                        p: r.p,
                        inherit: *inherit,
                    };
                    if let Some(o) = slot(&mut running, m).replace(open) {
                        f(&tl, Item::Run(o.close(r.m, r.ts, RunEnd::Open)))?;
                    }
                    continue;
                }
                Ev::GoEnd { g } => Some((*g, RunEnd::End)),
                Ev::GoBlock { g, reason, .. } => Some((*g, RunEnd::Block(*reason))),
                Ev::GoPreempt { g } => Some((*g, RunEnd::Preempt)),
                Ev::GoSched { g } => Some((*g, RunEnd::Sched)),
                Ev::GCStart { .. } => {
                    gc_start = Some(r.ts);
                    None
                }
                Ev::GCDone { n } => {
                    if let Some(t0) = gc_start.take() {
                        f(
                            &tl,
                            Item::Gc {
                                n: *n,
                                t0,
                                t1: r.ts,
                            },
                        )?;
                    }
                    None
                }
                Ev::STWStart => {
                    stw_start = Some(r.ts);
                    None
                }
                Ev::STWDone => {
                    if let Some(t0) = stw_start.take() {
                        f(&tl, Item::Stw { t0, t1: r.ts })?;
                    }
                    None
                }
                _ => None,
            };
            match ended {
                Some((g, end)) => {
                    if let Some(o) = running.get_mut(m).and_then(Option::take) {
                        if o.g == g {
                            f(&tl, Item::Run(o.close(r.m, r.ts, end)))?;
                        }
                    }
                }
                None => f(&tl, Item::Instant(r))?,
            }
        }
        // What was still open when the program ended.
        for (m, o) in running.iter().enumerate() {
            if let Some(o) = o {
                f(&tl, Item::Run(o.close(m as u32, tl.end, RunEnd::Open)))?;
            }
        }
        for (m, h) in held.iter().enumerate() {
            if let Some((p, t0, t1)) = *h {
                f(
                    &tl,
                    Item::Held {
                        m: m as u32,
                        p,
                        t0,
                        t1,
                    },
                )?;
            }
        }
        Ok(tl)
    }

    fn set_func(&mut self, g: u64, name: &str, dense: u64) {
        let id = match self.func_ids.get(name) {
            Some(&id) => id,
            None => {
                let id = self.funcs.len() as u32;
                self.funcs.push(name.to_string());
                self.func_ids.insert(name.to_string(), id);
                id
            }
        };
        if g < dense {
            let g = g as usize;
            if g >= self.g_func.len() {
                self.g_func.resize(g + 1, NO_FUNC);
            }
            self.g_func[g] = id;
        } else {
            self.g_func_far.insert(g, id);
        }
    }

    /// The distinct function names of the Gs created in the trace.
    pub fn funcs(&self) -> &[String] {
        &self.funcs
    }

    /// G `g`'s function, as an index into [`Timeline::funcs`]; `None`
    /// when its GoCreate is not in the trace.
    pub fn func_id(&self, g: u64) -> Option<u32> {
        let id = match self.g_func.get(g as usize) {
            Some(&id) => id,
            None => *self.g_func_far.get(&g)?,
        };
        (id != NO_FUNC).then_some(id)
    }

    /// G `g`'s function (`""` if unknown).
    pub fn func(&self, g: u64) -> &str {
        self.func_id(g).map_or("", |i| &self.funcs[i as usize])
    }

    /// The Ps seen, in order.
    pub fn ps(&self) -> impl Iterator<Item = u32> + '_ {
        ids(&self.ps)
    }

    /// The Ms seen, in order (M 0, the threads that are no M, is not).
    pub fn ms(&self) -> impl Iterator<Item = u32> + '_ {
        ids(&self.ms)
    }

    /// The time of the last record.
    pub fn end(&self) -> u64 {
        self.end
    }
}

fn ids(set: &[bool]) -> impl Iterator<Item = u32> + '_ {
    set.iter()
        .enumerate()
        .filter(|(_, &b)| b)
        .map(|(i, _)| i as u32)
}

impl Open {
    fn close(self, m: u32, t1: u64, end: RunEnd) -> Run {
        Run {
            g: self.g,
            m,
            p: self.p,
            t0: self.t0,
            t1,
            inherit: self.inherit,
            end,
        }
    }
}

// ------------------------------------------------------------------ JSON

const PS_PID: u64 = 1;
const MS_PID: u64 = 2;
const RUNTIME_PID: u64 = 3;
const GC_TID: u64 = 0;
const STW_TID: u64 = 1;
const OTHER_TID: u64 = 2;

/// Writes `records` as Trace Event Format (`{"traceEvents": [...]}`):
/// one track per P with a complete slice (`"ph":"X"`) named
/// `G<id> <func>` for each run of a G, whose arguments say how the run
/// began (`start`: `new` or `inherit`, the runnext hand-over) and ended
/// (`end`: GoBlock and its `reason`, GoSched, GoPreempt, GoEnd); one
/// track per M with a slice `P<id>` for each stretch it held a P; slices
/// for the GC's cycles and stops of the world; and an instant event, its
/// fields as `args`, for every other event. The slices are
/// [`Timeline`]'s items.
///
/// Streams: a busy program has millions of events, so nothing is built
/// per event but the bytes written.
pub fn write_json(records: &[Record], w: &mut dyn Write) -> io::Result<()> {
    let mut out = JsonOut {
        buf: Vec::with_capacity(1 << 20),
        w,
        first: true,
    };
    out.buf.extend_from_slice(b"{\"traceEvents\": [\n");
    let tl = Timeline::build(records, &mut |tl, item| match item {
        Item::Run(run) => out.run(tl, &run),
        Item::Held { m, p, t0, t1 } => {
            out.next()?;
            out.raw("{\"name\":\"P");
            out.num(p as u64);
            out.raw("\"");
            out.slice_rest("m", MS_PID, m as u64, t0, t1);
            out.raw(",\"args\":{\"p\":");
            out.num(p as u64);
            out.raw("}}");
            Ok(())
        }
        Item::Gc { n, t0, t1 } => {
            out.next()?;
            out.raw("{\"name\":\"GC ");
            out.num(n);
            out.raw("\"");
            out.slice_rest("gc", RUNTIME_PID, GC_TID, t0, t1);
            out.buf.push(b'}');
            Ok(())
        }
        Item::Stw { t0, t1 } => {
            out.next()?;
            out.raw("{\"name\":\"STW\"");
            out.slice_rest("gc", RUNTIME_PID, STW_TID, t0, t1);
            out.buf.push(b'}');
            Ok(())
        }
        Item::Instant(r) => out.instant(r),
    })?;
    out.meta(PS_PID, None, "Ps")?;
    out.meta(MS_PID, None, "Ms")?;
    out.meta(RUNTIME_PID, None, "Runtime")?;
    out.meta(RUNTIME_PID, Some(GC_TID), "GC")?;
    out.meta(RUNTIME_PID, Some(STW_TID), "STW")?;
    out.meta(RUNTIME_PID, Some(OTHER_TID), "other threads")?;
    for p in tl.ps() {
        out.meta(PS_PID, Some(p as u64), &format!("P{p}"))?;
    }
    for m in tl.ms() {
        out.meta(MS_PID, Some(m as u64), &format!("M{m}"))?;
    }
    out.buf
        .extend_from_slice(b"\n], \"displayTimeUnit\": \"ns\"}\n");
    out.w.write_all(&out.buf)
}

struct JsonOut<'a> {
    buf: Vec<u8>,
    w: &'a mut dyn Write,
    first: bool,
}

impl JsonOut<'_> {
    /// Starts the next element of the event array.
    fn next(&mut self) -> io::Result<()> {
        if self.buf.len() >= 1 << 20 {
            self.w.write_all(&self.buf)?;
            self.buf.clear();
        }
        if !self.first {
            self.buf.extend_from_slice(b",\n");
        }
        self.first = false;
        Ok(())
    }

    #[inline(always)]
    fn num(&mut self, n: u64) {
        push_num(&mut self.buf, n);
    }

    /// Nanoseconds as microseconds with three decimals.
    #[inline(always)]
    fn micros(&mut self, ns: u64) {
        self.num(ns / 1000);
        let f = ns % 1000;
        self.buf.extend_from_slice(&[
            b'.',
            b'0' + (f / 100) as u8,
            b'0' + (f / 10 % 10) as u8,
            b'0' + (f % 10) as u8,
        ]);
    }

    #[inline(always)]
    fn str(&mut self, s: &str) {
        self.buf.push(b'"');
        json_escape(&mut self.buf, s);
        self.buf.push(b'"');
    }

    #[inline(always)]
    fn raw(&mut self, s: &str) {
        self.buf.extend_from_slice(s.as_bytes());
    }

    #[inline(always)]
    fn p_or_null(&mut self, p: u32) {
        if p == NO_P {
            self.raw("null");
        } else {
            self.num(p as u64);
        }
    }

    /// A complete slice's members after its name, left open after `dur`
    /// for the caller's `args` (it writes `}` itself).
    #[inline(always)]
    fn slice_rest(&mut self, cat: &str, pid: u64, tid: u64, t0: u64, t1: u64) {
        self.raw(",\"cat\":\"");
        self.raw(cat);
        self.raw("\",\"ph\":\"X\",\"pid\":");
        self.num(pid);
        self.raw(",\"tid\":");
        self.num(tid);
        self.raw(",\"ts\":");
        self.micros(t0);
        self.raw(",\"dur\":");
        self.micros(t1.saturating_sub(t0));
    }

    /// A G's run, on its P's track.
    fn run(&mut self, tl: &Timeline, run: &Run) -> io::Result<()> {
        if run.p == NO_P {
            return Ok(());
        }
        self.next()?;
        self.raw("{\"name\":\"G");
        self.num(run.g);
        let func = tl.func(run.g);
        if !func.is_empty() {
            self.buf.push(b' ');
            json_escape(&mut self.buf, func);
        }
        self.raw("\"");
        self.slice_rest("g", PS_PID, run.p as u64, run.t0, run.t1);
        self.raw(",\"args\":{\"g\":");
        self.num(run.g);
        self.raw(",\"m\":");
        self.num(run.m as u64);
        self.raw(",\"p\":");
        self.num(run.p as u64);
        self.raw(if run.inherit {
            ",\"start\":\"inherit\""
        } else {
            ",\"start\":\"new\""
        });
        if run.end != RunEnd::Open {
            self.raw(",\"end\":\"");
            self.raw(run.end.name());
            self.raw("\"");
        }
        if let RunEnd::Block(r) = run.end {
            self.raw(",\"reason\":");
            self.str(r.as_str());
        }
        self.raw("}}");
        Ok(())
    }

    fn instant(&mut self, r: &Record) -> io::Result<()> {
        let (pid, tid) = match (&r.ev, r.p, r.m) {
            (Ev::GCStart { .. } | Ev::GCDone { .. }, ..) => (RUNTIME_PID, GC_TID),
            (Ev::STWStart | Ev::STWDone, ..) => (RUNTIME_PID, STW_TID),
            (_, NO_P, 0) => (RUNTIME_PID, OTHER_TID),
            (_, NO_P, m) => (MS_PID, m as u64),
            (_, p, _) => (PS_PID, p as u64),
        };
        self.next()?;
        self.raw("{\"name\":\"");
        self.raw(ev_name(&r.ev));
        self.raw("\",\"cat\":\"sched\",\"ph\":\"i\",\"s\":\"t\",\"pid\":");
        self.num(pid);
        self.raw(",\"tid\":");
        self.num(tid);
        self.raw(",\"ts\":");
        self.micros(r.ts);
        self.raw(",\"args\":{");
        self.args(&r.ev);
        self.raw("\"m\":");
        self.num(r.m as u64);
        self.raw(",\"p\":");
        self.p_or_null(r.p);
        self.raw("}}");
        Ok(())
    }

    /// The event's fields as JSON members, each followed by a comma.
    fn args(&mut self, ev: &Ev) {
        let field = |o: &mut Self, k: &str, v: u64| {
            o.raw("\"");
            o.raw(k);
            o.raw("\":");
            o.num(v);
            o.raw(",");
        };
        match ev {
            Ev::GoCreate(c) => {
                field(self, "g", c.g);
                field(self, "parent", c.parent);
                self.raw("\"func\":");
                self.str(&c.name);
                self.raw(",");
            }
            Ev::GoStart { g, inherit } => {
                field(self, "g", *g);
                self.raw(if *inherit {
                    "\"inherit\":true,"
                } else {
                    "\"inherit\":false,"
                });
            }
            Ev::GoEnd { g } | Ev::GoPreempt { g } | Ev::GoSched { g } | Ev::GoSyscall { g } => {
                field(self, "g", *g)
            }
            Ev::GoBlock { g, reason, .. } => {
                field(self, "g", *g);
                self.raw("\"reason\":");
                self.str(reason.as_str());
                self.raw(",");
            }
            Ev::GoUnblock { g, by, runnext } => {
                field(self, "g", *g);
                field(self, "by", *by);
                self.raw(if *runnext {
                    "\"runnext\":true,"
                } else {
                    "\"runnext\":false,"
                });
            }
            Ev::GoSysExit { g, kept_p } => {
                field(self, "g", *g);
                self.raw(if *kept_p {
                    "\"kept_p\":true,"
                } else {
                    "\"kept_p\":false,"
                });
            }
            Ev::Preempt { p } => field(self, "target_p", *p as u64),
            Ev::ProcStart { p } | Ev::ProcStop { p } | Ev::Handoff { p } => {
                field(self, "proc", *p as u64)
            }
            Ev::ProcSteal { victim, n, runnext } => {
                field(self, "victim", *victim as u64);
                field(self, "n", *n as u64);
                self.raw(if *runnext {
                    "\"runnext\":true,"
                } else {
                    "\"runnext\":false,"
                });
            }
            Ev::GlobalRunqGet { n, why } => {
                field(self, "n", *n as u64);
                self.raw("\"why\":");
                self.str(why);
                self.raw(",");
            }
            Ev::RunqOverflow { n } | Ev::Netpoll { n } => field(self, "n", *n as u64),
            Ev::GCStart { n } | Ev::GCDone { n } => field(self, "n", *n),
            Ev::STWStart | Ev::STWDone => {}
            Ev::User(u) => field(self, "g", u.g),
            Ev::GoStatus(s) => field(self, "g", s.g),
        }
    }

    fn meta(&mut self, pid: u64, tid: Option<u64>, name: &str) -> io::Result<()> {
        self.next()?;
        match tid {
            None => {
                self.raw("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":");
                self.num(pid);
            }
            Some(t) => {
                self.raw("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":");
                self.num(pid);
                self.raw(",\"tid\":");
                self.num(t);
            }
        }
        self.raw(",\"args\":{\"name\":");
        self.str(name);
        self.raw("}}");
        Ok(())
    }
}

/// The event's name, Go's tracer's where it has one.
pub fn ev_name(ev: &Ev) -> &'static str {
    match ev {
        Ev::GoCreate(_) => "GoCreate",
        Ev::GoStart { .. } => "GoStart",
        Ev::GoEnd { .. } => "GoEnd",
        Ev::GoBlock { .. } => "GoBlock",
        Ev::GoUnblock { .. } => "GoUnblock",
        Ev::GoPreempt { .. } => "GoPreempt",
        Ev::GoSched { .. } => "GoSched",
        Ev::GoSyscall { .. } => "GoSyscall",
        Ev::GoSysExit { .. } => "GoSysExit",
        Ev::Preempt { .. } => "Preempt",
        Ev::ProcStart { .. } => "ProcStart",
        Ev::ProcStop { .. } => "ProcStop",
        Ev::ProcSteal { .. } => "ProcSteal",
        Ev::GlobalRunqGet { .. } => "GlobalRunqGet",
        Ev::RunqOverflow { .. } => "RunqOverflow",
        Ev::Handoff { .. } => "Handoff",
        Ev::Netpoll { .. } => "Netpoll",
        Ev::GCStart { .. } => "GCStart",
        Ev::GCDone { .. } => "GCDone",
        Ev::STWStart => "STWStart",
        Ev::STWDone => "STWDone",
        Ev::User(u) => match u.kind {
            UserKind::TaskBegin { .. } => "UserTaskBegin",
            UserKind::TaskEnd { .. } => "UserTaskEnd",
            UserKind::RegionBegin { .. } => "UserRegionBegin",
            UserKind::RegionEnd { .. } => "UserRegionEnd",
            UserKind::Log { .. } => "UserLog",
        },
        Ev::GoStatus(_) => "GoStatus",
    }
}

/// `n` in decimal. Hot: a trace has millions of numbers.
#[inline]
pub(crate) fn push_num(buf: &mut Vec<u8>, mut n: u64) {
    const DIGITS: &[u8; 200] = b"0001020304050607080910111213141516171819\
        2021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859\
        6061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899";
    let len = n.checked_ilog10().map_or(1, |l| l as usize + 1);
    buf.reserve(len);
    let digits = &mut buf.spare_capacity_mut()[..len];
    let mut i = len;
    while n >= 100 {
        let d = (n % 100) as usize * 2;
        n /= 100;
        i -= 2;
        digits[i].write(DIGITS[d]);
        digits[i + 1].write(DIGITS[d + 1]);
    }
    if n >= 10 {
        let d = n as usize * 2;
        digits[0].write(DIGITS[d]);
        digits[1].write(DIGITS[d + 1]);
    } else {
        digits[0].write(b'0' + n as u8);
    }
    // SAFETY: the `len` bytes past the end were just written.
    unsafe { buf.set_len(buf.len() + len) };
}

/// `s` escaped for a JSON string (without the quotes).
pub(crate) fn json_escape(buf: &mut Vec<u8>, s: &str) {
    if !s.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
        buf.extend_from_slice(s.as_bytes());
        return;
    }
    for c in s.chars() {
        match c {
            '"' => buf.extend_from_slice(b"\\\""),
            '\\' => buf.extend_from_slice(b"\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(buf, "\\u{:04x}", c as u32);
            }
            c => {
                let mut b = [0; 4];
                buf.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(ts: u64, m: u32, g: u64) -> Record {
        Record {
            ts,
            m,
            p: NO_P,
            ev: Ev::go_create(g, 0, format!("f{g}")),
        }
    }

    fn gs(records: &[Record]) -> Vec<u64> {
        records
            .iter()
            .map(|r| match &r.ev {
                Ev::GoCreate(c) => c.g,
                e => panic!("{e:?}"),
            })
            .collect()
    }

    /// A buffer taken from while it fills, across chunk boundaries, gives
    /// each record once, in order; what is left is freed on drop.
    #[test]
    fn a_buffer_drained_while_filling_loses_and_repeats_nothing() {
        let b = Buffer::new();
        let mut seen = Vec::new();
        let mut g = 0;
        for n in [10, CHUNK_MIN - 10, 1, CHUNK_MIN * 3 + 7, 0, 5] {
            for _ in 0..n {
                b.push(rec(g, 1, g));
                g += 1;
            }
            let mut chunks = Vec::new();
            assert!(b.drain(&mut chunks));
            seen.extend(chunks.into_iter().flatten());
        }
        assert_eq!(gs(&seen), (0..g).collect::<Vec<_>>());
        for i in 0..100 {
            b.push(rec(g + i, 1, g + i));
        }
        drop(b);
    }

    /// Equal times keep the earlier list's records first, each list's
    /// order is kept, and the clock's values become nanoseconds.
    #[test]
    fn merge_is_a_stable_merge_by_time() {
        let list =
            |ts: &[(u64, u64)]| vec![ts.iter().map(|&(t, g)| rec(t, 0, g)).collect::<Vec<_>>()];
        let a = list(&[(1, 10), (5, 11), (5, 12), (9, 13)]);
        let mut b = list(&[(0, 20), (5, 21)]);
        b.push(vec![rec(5, 0, 22), rec(7, 0, 23)]);
        let c = list(&[(5, 30)]);
        let out = merge(vec![a, b, vec![], c], |t| t * 10);
        assert_eq!(gs(&out), [20, 10, 11, 12, 21, 22, 30, 23, 13]);
        let ts: Vec<u64> = out.iter().map(|r| r.ts).collect();
        assert_eq!(ts, [0, 10, 50, 50, 50, 50, 50, 70, 90]);
    }

    /// Threads record while another takes: every record comes out once,
    /// each thread's in its order, all in time order.
    #[test]
    fn take_while_threads_record_sees_every_record_once() {
        let t = Tracer::new(Instant::now(), false);
        const N: u64 = 20_000;
        let threads: Vec<_> = (0..4u64)
            .map(|k| {
                let t = t.clone();
                std::thread::spawn(move || {
                    t.register_m();
                    for i in 0..N {
                        t.record(Ev::GoEnd { g: k * N + i });
                    }
                })
            })
            .collect();
        let mut all = Vec::new();
        let mut take = || {
            let batch = t.take();
            assert!(batch.is_sorted_by_key(|r| r.ts), "a take out of time order");
            all.extend(batch);
        };
        while !threads.iter().all(|h| h.is_finished()) {
            take();
        }
        threads.into_iter().for_each(|h| h.join().unwrap());
        take();
        assert_eq!(all.len() as u64, 4 * N);
        let mut next = [0u64; 4];
        for r in &all {
            let Ev::GoEnd { g } = r.ev else { panic!() };
            let k = (g / N) as usize;
            assert_eq!(g % N, next[k], "thread {k}'s records out of order");
            next[k] += 1;
        }
        assert!(t.take().is_empty());
    }
}
