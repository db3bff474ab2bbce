//! Sudog: one parked G's entry in a wait list (Go's `sudog`).
//!
//! A single-operation wait (chan send/recv, sema, notify list) has one entry
//! on one list; a `select` has one `Sudog` shared by entries on every case's
//! list. Whoever wants to wake the G must first win `claim` (Go's
//! `selectDone` CAS, used for every sudog here so the rule is uniform): the
//! winner writes the result (`value`, `case`, `status`), drops its lock,
//! then calls `goready`. Losers skip the entry and drop it from their list.
//! Hence each park is readied at most once (invariant 1 in `g.rs`).
//!
//! Result fields are written only by the claimer before `goready` and read
//! only by the resumed G after it; the G state CAS orders them, so Relaxed
//! suffices here.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::Arc;

use crate::g::GRef;

pub(crate) const PENDING: u8 = 0;
/// The operation completed (value delivered / taken, semaphore acquired).
pub(crate) const DONE: u8 = 1;
/// The channel was closed: receivers get (zero, false), senders panic.
pub(crate) const CLOSED: u8 = 2;

pub(crate) struct Sudog {
    pub(crate) g: GRef,
    claimed: AtomicBool,
    value: AtomicU64,
    case: AtomicUsize,
    status: AtomicU8,
    /// `-race`: the parked goroutine's clock for the peer that completes
    /// a channel operation (set before the sudog is queued, under the
    /// channel's lock; taken back when the goroutine runs again).
    pub(crate) race: std::sync::Mutex<Option<Box<crate::race::ParkedClock>>>,
}

impl Sudog {
    pub(crate) fn new(g: GRef) -> Arc<Sudog> {
        Arc::new(Sudog {
            g,
            claimed: AtomicBool::new(false),
            value: AtomicU64::new(0),
            case: AtomicUsize::new(0),
            status: AtomicU8::new(PENDING),
            race: std::sync::Mutex::new(None),
        })
    }

    /// `-race`: parks `t` here (before the sudog is queued, under the
    /// channel's lock), its clock kept for the peer that completes the
    /// operation (`race::RaceThread::park`).
    pub(crate) fn park_race(&self, t: &mut crate::race::RaceThread) {
        *self.race.lock().unwrap_or_else(|e| e.into_inner()) = Some(Box::new(t.park()));
    }

    /// `-race`, when the goroutine runs again: takes back its clock, with
    /// what the peer (or the close) joined in.
    pub(crate) fn unpark_race(&self, t: &mut crate::race::RaceThread) {
        if let Some(p) = self.race.lock().unwrap_or_else(|e| e.into_inner()).take() {
            t.unpark(*p);
        }
    }

    /// Win the right to complete this wait. Exactly one caller ever gets true.
    pub(crate) fn claim(&self) -> bool {
        !self.claimed.swap(true, Ordering::AcqRel)
    }

    /// Record the outcome; call after a successful `claim`, before `goready`.
    pub(crate) fn complete(&self, case: usize, value: u64, status: u8) {
        self.value.store(value, Ordering::Relaxed);
        self.case.store(case, Ordering::Relaxed);
        self.status.store(status, Ordering::Release);
    }

    pub(crate) fn status(&self) -> u8 {
        self.status.load(Ordering::Acquire)
    }

    pub(crate) fn value(&self) -> u64 {
        self.value.load(Ordering::Relaxed)
    }

    pub(crate) fn case(&self) -> usize {
        self.case.load(Ordering::Relaxed)
    }
}
