//! P: a processor, the right to run Go code (Go's `type p`).
//!
//! # Ownership (tokio's `Core` in Go's clothes)
//!
//! A P is split in two:
//! - [`PLocal`] (`Box`, owned): the local run queue's `Worker` end, the
//!   schedtick the owner increments, the random generator, the goid cache.
//!   Exactly one M holds the box at a time (`M::p`), or it sits in the idle
//!   list (`sched.pidle`). Moving the box *is* `acquirep`/`releasep`, so
//!   "executed only by the owner P" is checked by the borrow checker.
//! - [`PShared`] (`Arc`, in `sched.allp`): what thieves and sysmon may read
//!   or take: the `Stealer`, the `runnext` slot, `status`, the published
//!   `schedtick`, the preempt flag and the timer heap.
//!
//! Syscalls: an M entering a blocking syscall parks its box in
//! `PShared::syscall_p` THEN sets status SYSCALL; exitsyscall CASes
//! SYSCALL→RUNNING and takes the box back; sysmon's retake CASes
//! SYSCALL→IDLE and hands the box to another M (`handoffp`). Whoever wins
//! the CAS owns the box (the Go ≤1.25 `_Psyscall` protocol, RUNTIME.md A11).

use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crossbeam_deque::{Stealer, Worker};

use crate::g::{GRef, G};
use crate::timer::TimerHeap;

/// Go's `_Pidle`: in the idle list, no M.
pub(crate) const P_IDLE: u32 = 0;
/// Go's `_Prunning`: held by an M (running a G or in findRunnable).
pub(crate) const P_RUNNING: u32 = 1;
/// Go's `_Psyscall`: the M is in a syscall; the box is in `syscall_p`.
pub(crate) const P_SYSCALL: u32 = 2;
/// Go's `_Pgcstop` after `procresize` shrank GOMAXPROCS: `id >=
/// gomaxprocs`, in `sched.pstopped`, never idle, acquired or stolen from.
pub(crate) const P_STOPPED: u32 = 3;
/// Stopped for a stop-the-world (`stw.rs`): an idle P taken off `pidle`,
/// or a P taken from a syscall (its box stays in `syscall_p`). A P whose
/// M parked for the STW keeps `P_RUNNING`.
pub(crate) const P_GCSTOP: u32 = 4;

/// Go's `_GoidCacheBatch`: goids are reserved 16 at a time per P so that
/// newproc does not contend on one counter.
const GOID_CACHE_BATCH: u64 = 16;

/// The half of a P that other threads may touch.
pub(crate) struct PShared {
    pub(crate) id: usize,
    pub(crate) stealer: Stealer<GRef>,
    /// Go's `runnext`.
    pub(crate) runnext: RunnextSlot,
    pub(crate) status: AtomicU32,
    /// Published copy of the owner's schedtick, for sysmon's retake.
    pub(crate) schedtick: AtomicU32,
    /// Preemption request for the G running on this P; set by sysmon
    /// (`preemptone`), cleared by `execute`. See lib.rs "differences".
    pub(crate) preempt: AtomicBool,
    /// CPU-profile sample requests not yet answered by the G running on
    /// this P (see `sysmon.rs`, `Runtime::request_profile_samples`).
    pub(crate) prof_pending: AtomicU32,
    pub(crate) timers: Mutex<TimerHeap>,
    /// Go's `timer0When`: earliest deadline in `timers` as nanoseconds since
    /// `sched.epoch`, `u64::MAX` when empty; lets everyone skip the lock.
    pub(crate) timer0: AtomicU64,
    /// Dead entries in `timers` (stopped or reset timers), for compaction.
    pub(crate) timer_zombies: AtomicUsize,
    /// Go's `pp.syscalltick`: bumped on every syscall exit on the fast path
    /// and on every retake, so sysmon can tell "the same syscall".
    pub(crate) syscalltick: AtomicU32,
    /// The owned half while the P is `P_SYSCALL` (taken by the CAS winner).
    pub(crate) syscall_p: Mutex<Option<Box<PLocal>>>,
    /// The M that last acquired this P ([`crate::m::MPark::key`]; 0 after
    /// its `releasep`), for scheddetail's `m=` (Go's `pp.m`). Meaningful
    /// only while [`PShared::status_holds_m`].
    pub(crate) m: AtomicUsize,
}

impl PShared {
    /// In a status where an M holds the P (running, or in a syscall with
    /// its M), so that [`PShared::m`] may be believed.
    pub(crate) fn status_holds_m(&self) -> bool {
        matches!(self.status.load(Ordering::Relaxed), P_RUNNING | P_SYSCALL)
    }

    /// Go's number for this P's status (`_Pidle` 0, `_Prunning` 1,
    /// `_Psyscall` 2 (Go <= 1.25's value; 1.26+ keeps such a P
    /// `_Prunning`), `_Pgcstop` 3, `_Pdead` 4), for scheddetail.
    pub(crate) fn go_status(&self) -> u32 {
        match self.status.load(Ordering::Relaxed) {
            P_IDLE => 0,
            P_RUNNING => 1,
            P_SYSCALL => 2,
            P_GCSTOP => 3,
            _ => 4, // P_STOPPED: beyond GOMAXPROCS
        }
    }
}

/// The half of a P owned by the M that holds it.
pub(crate) struct PLocal {
    pub(crate) id: usize,
    pub(crate) runq: Worker<GRef>,
    pub(crate) shared: Arc<PShared>,
    pub(crate) schedtick: u32,
    pub(crate) rng: FastRand,
    goid_next: u64,
    goid_end: u64,
}

impl PLocal {
    pub(crate) fn new(id: usize, seed: u64) -> Box<PLocal> {
        let runq = Worker::new_fifo();
        let shared = Arc::new(PShared {
            id,
            stealer: runq.stealer(),
            runnext: RunnextSlot::default(),
            status: AtomicU32::new(P_IDLE),
            schedtick: AtomicU32::new(0),
            preempt: AtomicBool::new(false),
            prof_pending: AtomicU32::new(0),
            timers: Mutex::new(TimerHeap::default()),
            timer0: AtomicU64::new(u64::MAX),
            timer_zombies: AtomicUsize::new(0),
            syscalltick: AtomicU32::new(0),
            syscall_p: Mutex::new(None),
            m: AtomicUsize::new(0),
        });
        Box::new(PLocal {
            id,
            runq,
            shared,
            schedtick: 0,
            rng: FastRand::new(seed ^ (id as u64).wrapping_mul(0xA076_1D64_78BD_642F)),
            goid_next: 0,
            goid_end: 0,
        })
    }

    /// Next goroutine id from this P's cache (Go's `pp.goidcache`).
    pub(crate) fn next_goid(&mut self, gen: &AtomicU64) -> u64 {
        if self.goid_next == self.goid_end {
            self.goid_next = gen.fetch_add(GOID_CACHE_BATCH, Ordering::Relaxed);
            self.goid_end = self.goid_next + GOID_CACHE_BATCH;
        }
        let id = self.goid_next;
        self.goid_next += 1;
        id
    }

    /// `execute`'s tick: counted only when the G did not inherit a slice.
    pub(crate) fn tick(&mut self) {
        self.schedtick = self.schedtick.wrapping_add(1);
        self.shared
            .schedtick
            .store(self.schedtick, Ordering::Relaxed);
    }
}

/// xorshift64*: Go's `cheaprand` stand-in (no rand crate).
pub(crate) struct FastRand(u64);

impl FastRand {
    pub(crate) fn new(seed: u64) -> FastRand {
        FastRand(seed | 1)
    }

    pub(crate) fn next_u32(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as u32
    }

    /// Uniform in [0, n) (Lemire's multiply-shift, as Go's `cheaprandn`).
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        ((u64::from(self.next_u32()) * u64::from(n)) >> 32) as u32
    }
}

/// Go's `runnext` slot: at most one G, moved in and out by `swap` only.
///
/// The owner swaps a new G in (getting the kicked one back); the owner's
/// `runqget` and thieves swap null in. Whoever receives a non-null pointer
/// owns that G, so no CAS loop is needed (Go CASes because its slot is a
/// plain `guintptr`). `is_empty` is a hint for thieves and checkdead.
#[derive(Default)]
pub(crate) struct RunnextSlot(AtomicPtr<G>);

impl RunnextSlot {
    /// Put `g` (or nothing) in; return what was there.
    pub(crate) fn swap(&self, g: Option<GRef>) -> Option<GRef> {
        let new = g.map_or(std::ptr::null_mut(), |g| Arc::into_raw(g).cast_mut());
        let old = self.0.swap(new, Ordering::AcqRel);
        if old.is_null() {
            None
        } else {
            // SAFETY: every non-null pointer stored in the slot came from
            // `Arc::into_raw` just above and carries one strong count. The
            // atomic swap hands that pointer to exactly one caller, which
            // here turns it back into the `Arc` it was; nobody else can
            // observe it again, so the count is reclaimed exactly once.
            Some(unsafe { Arc::from_raw(old) })
        }
    }

    pub(crate) fn take(&self) -> Option<GRef> {
        self.swap(None)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.load(Ordering::Acquire).is_null()
    }
}

impl Drop for RunnextSlot {
    fn drop(&mut self) {
        drop(self.take());
    }
}
