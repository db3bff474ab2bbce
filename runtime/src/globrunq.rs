//! The global run queue (Go's `sched.runq`), guarded by `sched.lock`.
//!
//! A `VecDeque` under the scheduler mutex rather than crossbeam's `Injector`:
//! Go's batch formula needs the size and "take n" atomically, and step 10 of
//! findRunnable re-checks it under the same lock that guards the idle P list
//! (RUNTIME.md C). `Sched::runqsize` mirrors the length so that hot paths can
//! test emptiness without the lock (a stale read is fine: every path that
//! goes idle re-checks under the lock).

use std::sync::atomic::Ordering;

use crate::g::GRef;
use crate::p::PLocal;
use crate::proc::{Sched, SchedLocked};

/// Go passes `len(pp.runq)/2`.
pub(crate) const GLOBRUNQ_BATCH: usize = 128;

impl Sched {
    /// `globrunqput`: one G at the tail. sched.lock must be held.
    pub(crate) fn globrunqput(&self, l: &mut SchedLocked, g: GRef) {
        l.runq.push_back(g);
        self.runqsize.store(l.runq.len(), Ordering::SeqCst);
    }

    /// `globrunqputbatch`: a batch at the tail, in order. sched.lock held.
    pub(crate) fn globrunqputbatch(
        &self,
        l: &mut SchedLocked,
        batch: impl IntoIterator<Item = GRef>,
    ) {
        l.runq.extend(batch);
        self.runqsize.store(l.runq.len(), Ordering::SeqCst);
    }

    /// `globrunqget`: one G from the head (the %61 fairness check).
    pub(crate) fn globrunqget(&self, l: &mut SchedLocked) -> Option<GRef> {
        let g = l.runq.pop_front();
        self.runqsize.store(l.runq.len(), Ordering::SeqCst);
        g
    }

    /// `globrunqgetbatch(n)`: `n = min(n, size, size/gomaxprocs + 1)`; the
    /// first G is returned to run, the rest go to `pp`'s local queue
    /// (`runqputbatch`; it is empty here, so they always fit).
    pub(crate) fn globrunqgetbatch(
        &self,
        l: &mut SchedLocked,
        pp: &mut PLocal,
        n: usize,
    ) -> Option<GRef> {
        let size = l.runq.len();
        let n = batch_size(n, size, self.gomaxprocs());
        if n == 0 {
            return None;
        }
        let first = l.runq.pop_front();
        for _ in 1..n {
            let g = l.runq.pop_front().expect("globrunqgetbatch: size");
            pp.runq.push(g);
        }
        self.runqsize.store(l.runq.len(), Ordering::SeqCst);
        first
    }
}

/// Go's formula, factored out for the tests.
pub(crate) fn batch_size(n: usize, size: usize, gomaxprocs: usize) -> usize {
    n.min(size).min(size / gomaxprocs + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_formula() {
        assert_eq!(batch_size(128, 0, 4), 0);
        assert_eq!(batch_size(128, 1, 4), 1);
        assert_eq!(batch_size(128, 10, 4), 3); // 10/4+1
        assert_eq!(batch_size(128, 10, 1), 10);
        assert_eq!(batch_size(128, 1000, 1), 128);
        assert_eq!(batch_size(128, 1000, 4), 128);
        assert_eq!(batch_size(128, 300, 4), 76);
    }
}
