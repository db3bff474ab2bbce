//! The local run queue: `runqput`, `runqputslow`, `runqget`, `runqsteal`.
//!
//! Go's ring is a fixed `[256]guintptr`; ours is a crossbeam FIFO `Worker`
//! (unbounded) bounded to [`LOCAL_RUNQ_CAP`] by policy: before a push, a full
//! queue moves its OLDEST half plus the new G to the global queue in one
//! locked batch, exactly Go's `runqputslow` (RUNTIME.md C). The runnext slot
//! lives in `PShared` so a thief can take it on its last pass.

use std::sync::atomic::Ordering;
use std::time::Duration;

use crossbeam_deque::Steal;

use crate::g::GRef;
use crate::p::{PLocal, PShared, P_RUNNING};
use crate::proc::Sched;

/// Go's `len(pp.runq)`.
pub(crate) const LOCAL_RUNQ_CAP: usize = 256;
/// Half of it: what `runqputslow` moves and the most one steal takes.
pub(crate) const RUNQ_HALF: usize = LOCAL_RUNQ_CAP / 2;
/// `runqgrab`'s back-off before stealing runnext from a running P: the owner
/// most likely readied that G and is about to park and run it (a channel
/// hand-off is ~50ns; 3us is Go's "~50x overshoot").
pub(crate) const RUNNEXT_STEAL_BACKOFF: Duration = Duration::from_micros(3);

impl PLocal {
    /// `runqput(pp, gp, next)`. Executed only by the owner P.
    ///
    /// With `next`, `g` takes the runnext slot and the G it displaces is
    /// "kicked" to the tail, so the most recently readied G always runs next.
    /// `next` is ignored without sysmon (Go's `haveSysmon`): nothing could
    /// break a runnext ping-pong then; and with `GODEBUG=runnextoff=1`.
    pub(crate) fn runqput(&mut self, sched: &Sched, mut g: GRef, next: bool) {
        if next && sched.runnext_on() {
            match self.shared.runnext.swap(Some(g)) {
                None => return,
                Some(old) => g = old,
            }
        }
        if self.runq.len() < LOCAL_RUNQ_CAP {
            self.runq.push(g);
        } else {
            self.runqputslow(sched, g);
        }
    }

    /// `runqputslow`: the ring is full; move the 128 oldest + `g` to the
    /// global queue in one batch (one lock acquisition).
    fn runqputslow(&mut self, sched: &Sched, g: GRef) {
        let mut batch = Vec::with_capacity(RUNQ_HALF + 1);
        while batch.len() < RUNQ_HALF {
            match self.runq.pop() {
                Some(old) => batch.push(old),
                // Thieves emptied it meanwhile (Go: CAS lost, retry).
                None => break,
            }
        }
        batch.push(g);
        sched.trace(|| crate::trace::Ev::RunqOverflow {
            n: batch.len() as u32,
        });
        let mut l = sched.lock();
        sched.globrunqputbatch(&mut l, batch);
    }

    /// `runqget`: runnext first (the G inherits the time slice), then the
    /// head. Executed only by the owner P.
    pub(crate) fn runqget(&mut self) -> Option<(GRef, bool)> {
        if let Some(g) = self.shared.runnext.take() {
            return Some((g, true));
        }
        self.runq.pop().map(|g| (g, false))
    }

    /// `runqempty`: no G in runnext or the queue.
    pub(crate) fn runqempty(&self) -> bool {
        self.runq.is_empty() && runnext_is_empty(&self.shared)
    }

    /// `runqsteal(pp, p2, stealRunNextG)`: take half (rounded up) of
    /// `victim`'s queue into ours and return one to run. Only when the
    /// victim's queue is empty and `steal_runnext` (last pass) is its
    /// runnext taken, after the 3us back-off if the victim is running.
    /// Executed by the thief, which owns `self` and has an empty queue.
    pub(crate) fn runqsteal(&mut self, victim: &PShared, steal_runnext: bool) -> Option<GRef> {
        loop {
            // Takes min(ceil(len/2), limit) including the returned one.
            match victim
                .stealer
                .steal_batch_with_limit_and_pop(&self.runq, RUNQ_HALF)
            {
                Steal::Success(g) => return Some(g),
                Steal::Empty => break,
                Steal::Retry => continue,
            }
        }
        if steal_runnext && !runnext_is_empty(victim) {
            if victim.status.load(Ordering::Acquire) == P_RUNNING {
                std::thread::sleep(RUNNEXT_STEAL_BACKOFF);
            }
            return victim.runnext.take();
        }
        None
    }
}

pub(crate) fn runnext_is_empty(p: &PShared) -> bool {
    p.runnext.is_empty()
}
