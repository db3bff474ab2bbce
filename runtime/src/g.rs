//! G: one goroutine, and the park/ready state machine.
//!
//! # States (`G::state`, one `AtomicU32`)
//!
//! ```text
//!   bits 0..8   status: RUNNABLE | RUNNING | WAITING | DEAD   (Go's _Grunnable ...)
//!   bit  8      NOTIFIED: a goready arrived while the G was still RUNNING
//!   bits 16..24 the WaitReason code, meaningful only in WAITING
//! ```
//!
//! Transitions and who may make them:
//!
//! | from              | to               | by                                          |
//! |-------------------|------------------|---------------------------------------------|
//! | RUNNABLE          | RUNNING          | `execute`, the M that dequeued the G         |
//! | RUNNING           | RUNNABLE         | the running M on Yield/Preempted             |
//! | RUNNING           | WAITING(reason)  | the running M, `park_commit`, only by CAS    |
//! | RUNNING           | RUNNING+NOTIFIED | `ready` (any thread), by CAS                 |
//! | RUNNING+NOTIFIED  | RUNNING          | `park_commit` fails and the G runs on        |
//! | WAITING           | RUNNABLE         | `ready` (any thread), by CAS; caller queues  |
//! | RUNNING           | DEAD             | the running M on Exit                        |
//!
//! # Why a NOTIFIED bit (the park/ready race)
//!
//! Go parks with `gopark(unlockf, lock)`: the channel lock is released only in
//! `park_m` *after* the G is `_Gwaiting`, so a waker can never see a half-parked
//! G. Our tasks cannot run code on g0: a task registers itself as a waiter
//! under a channel lock, releases the lock, and only then returns
//! `Step::Park`. A peer may call `goready` in that window. The waker then
//! finds the G still RUNNING and sets NOTIFIED instead of queueing it;
//! `park_commit` sees the bit, clears it, and the M keeps running the same G at
//! once. That is exactly Go's "unlockf returned false → `execute(gp, true)`"
//! path, so the G inherits its time slice.
//!
//! Invariants (the contract with every waiter list: chan, select, sema,
//! timers):
//! 1. Each park is matched by at most one `ready` (wait lists claim their
//!    entry with a CAS, see `wait::Sudog`), so at most one of "queued by
//!    ready" and "resumed by park_commit" happens: no double run.
//! 2. A `ready` is never lost: it either finds WAITING (and queues the G) or
//!    RUNNING (and leaves NOTIFIED, which `park_commit` must observe because
//!    both sides CAS the same word).
//! 3. The task body (`G::task`) is locked only by the M in RUNNING; the lock
//!    is dropped *before* `park_commit`/the RUNNABLE store publishes the G, so
//!    the next M never contends for it.
//!
//! All CASes are AcqRel: what the waker wrote into the waiter's slot
//! (`Sudog::value`) happens-before the resumed task reads it.

use std::fmt;
use std::sync::atomic::{AtomicU32, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};

use crate::{Task, WaitReason};

const STATUS_MASK: u32 = 0xff;
pub(crate) const G_RUNNABLE: u32 = 0;
pub(crate) const G_RUNNING: u32 = 1;
pub(crate) const G_WAITING: u32 = 2;
pub(crate) const G_DEAD: u32 = 3;
const NOTIFIED: u32 = 1 << 8;
const REASON_SHIFT: u32 = 16;

/// A goroutine: id, state word and the task that is its body.
///
/// Handles are `GRef = Arc<G>`; wait lists keep one to `goready` it later.
pub struct G {
    goid: u64,
    state: AtomicU32,
    /// The reason of the G's latest park, kept after it is woken (Go's
    /// `g.waitreason`, cleared only when the G exits): scheddetail prints
    /// it as Go does, `status=2(chan receive)` for a G running again.
    last_reason: AtomicU8,
    pub(crate) task: Mutex<Option<Box<dyn Task>>>,
}

/// A shared handle to a goroutine.
pub type GRef = Arc<G>;

/// What `G::ready` decided.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Readied {
    /// The G was WAITING and is now RUNNABLE: the caller must queue it.
    Queue,
    /// The G was still running its park; it will resume by itself.
    Notified,
    /// Nothing to do (already runnable, notified or dead: a spurious wake).
    Spurious,
}

impl G {
    pub(crate) fn new(goid: u64, task: Box<dyn Task>) -> GRef {
        Arc::new(G {
            goid,
            state: AtomicU32::new(G_RUNNABLE),
            last_reason: AtomicU8::new(WaitReason::Unknown.code()),
            task: Mutex::new(Some(task)),
        })
    }

    /// The goroutine id (main is 1).
    pub fn goid(&self) -> u64 {
        self.goid
    }

    pub(crate) fn status(&self) -> u32 {
        self.state.load(Ordering::Acquire) & STATUS_MASK
    }

    /// The wait reason if the G is parked.
    pub fn wait_reason(&self) -> Option<WaitReason> {
        let s = self.state.load(Ordering::Acquire);
        if s & STATUS_MASK == G_WAITING {
            Some(WaitReason::from_code((s >> REASON_SHIFT) as u8))
        } else {
            None
        }
    }

    /// Go's status number and wait reason for scheddetail's G lines:
    /// `_Grunnable` 1, `_Grunning` 2, `_Gwaiting` 4, `_Gdead` 6 (a G in a
    /// syscall is `_Grunning` here: the caller knows its M). The reason is
    /// the latest park's, as Go keeps `g.waitreason` until the G exits.
    pub(crate) fn go_status(&self) -> (u32, WaitReason) {
        let s = self.state.load(Ordering::Acquire);
        let status = match s & STATUS_MASK {
            G_RUNNABLE => 1,
            G_RUNNING => 2,
            G_WAITING => {
                return (4, WaitReason::from_code((s >> REASON_SHIFT) as u8));
            }
            _ => 6,
        };
        let reason = if status == 6 {
            WaitReason::Unknown
        } else {
            WaitReason::from_code(self.last_reason.load(Ordering::Relaxed))
        };
        (status, reason)
    }

    /// RUNNABLE → RUNNING. Called by `execute` on the M that dequeued the G.
    pub(crate) fn set_running(&self) {
        let old = self.state.swap(G_RUNNING, Ordering::AcqRel);
        debug_assert_eq!(old & STATUS_MASK, G_RUNNABLE, "execute: bad g status");
    }

    /// RUNNING → RUNNABLE (Gosched, preemption). A stray NOTIFIED is dropped:
    /// the G is going to run again anyway.
    pub(crate) fn set_runnable(&self) {
        self.state.store(G_RUNNABLE, Ordering::Release);
    }

    pub(crate) fn set_dead(&self) {
        self.state.store(G_DEAD, Ordering::Release);
    }

    /// The parking M commits the park. Returns false when a `ready` already
    /// arrived (NOTIFIED): the G stays RUNNING and must be resumed at once.
    pub(crate) fn park_commit(&self, reason: WaitReason) -> bool {
        self.last_reason.store(reason.code(), Ordering::Relaxed);
        let waiting = G_WAITING | (u32::from(reason.code()) << REASON_SHIFT);
        match self
            .state
            .compare_exchange(G_RUNNING, waiting, Ordering::AcqRel, Ordering::Acquire)
        {
            Ok(_) => true,
            Err(s) => {
                debug_assert_eq!(s, G_RUNNING | NOTIFIED, "park_commit: bad g status");
                self.state.store(G_RUNNING, Ordering::Release);
                false
            }
        }
    }

    /// Go's `ready` state half: WAITING → RUNNABLE, or flag a still-running G.
    pub(crate) fn ready(&self) -> Readied {
        let mut s = self.state.load(Ordering::Acquire);
        loop {
            let next = match s & STATUS_MASK {
                G_WAITING => G_RUNNABLE,
                G_RUNNING if s & NOTIFIED == 0 => s | NOTIFIED,
                _ => return Readied::Spurious,
            };
            match self
                .state
                .compare_exchange_weak(s, next, Ordering::AcqRel, Ordering::Acquire)
            {
                Ok(_) if next == G_RUNNABLE => return Readied::Queue,
                Ok(_) => return Readied::Notified,
                Err(actual) => s = actual,
            }
        }
    }
}

impl fmt::Debug for G {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("G")
            .field("goid", &self.goid)
            .field("state", &self.state.load(Ordering::Relaxed))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cx, Step};

    fn g() -> GRef {
        G::new(7, Box::new(|_: &mut Cx<'_>| Step::Exit))
    }

    #[test]
    fn ready_after_commit_queues() {
        let g = g();
        g.set_running();
        assert!(g.park_commit(WaitReason::ChanReceive));
        assert_eq!(g.wait_reason(), Some(WaitReason::ChanReceive));
        assert_eq!(g.ready(), Readied::Queue);
        assert_eq!(g.ready(), Readied::Spurious);
    }

    #[test]
    fn ready_before_commit_resumes_in_place() {
        let g = g();
        g.set_running();
        assert_eq!(g.ready(), Readied::Notified);
        assert!(!g.park_commit(WaitReason::ChanSend));
        assert_eq!(g.status(), G_RUNNING);
        // The next park is a fresh one.
        assert!(g.park_commit(WaitReason::ChanSend));
    }

    /// The race itself: one thread parks, another readies, many times; every
    /// round ends with exactly one of "queued" or "resumed in place".
    #[test]
    fn park_ready_race_exactly_once() {
        use std::sync::Barrier;
        let g = g();
        let rounds = 20_000;
        let barrier = Arc::new(Barrier::new(2));
        let g2 = g.clone();
        let b2 = barrier.clone();
        let waker = std::thread::spawn(move || {
            let mut queued = 0;
            for _ in 0..rounds {
                b2.wait();
                if g2.ready() == Readied::Queue {
                    queued += 1;
                }
                b2.wait();
            }
            queued
        });
        let mut resumed = 0;
        let mut queued_seen = 0;
        for _ in 0..rounds {
            g.state.store(G_RUNNING, Ordering::SeqCst);
            barrier.wait();
            if !g.park_commit(WaitReason::Select) {
                resumed += 1;
            }
            barrier.wait();
            if g.status() == G_RUNNABLE {
                queued_seen += 1;
            }
        }
        let queued = waker.join().unwrap();
        assert_eq!(queued, queued_seen);
        assert_eq!(queued + resumed, rounds);
    }
}
