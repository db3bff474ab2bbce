//! Stop the world for a garbage collector (Go's `stopTheWorld` /
//! `startTheWorld`, docs/design/gc-mmtk.md §6), built on the safe points
//! the scheduler already has.
//!
//! # Who stops where
//!
//! The stopper is a thread that runs no task (a GC worker). Under
//! sched.lock it sets `gcwaiting` and looks at every P that is not
//! `P_STOPPED` (beyond GOMAXPROCS and given up):
//!
//! - **idle** (in `pidle`): moved to `stw.idle` with status `P_GCSTOP`, so
//!   `pidleget`, `wakep`, `startm` and `exitsyscall_pidle` find none;
//! - **in a syscall** (`P_SYSCALL`): CASed to `P_GCSTOP` (the box stays in
//!   `syscall_p`), so sysmon cannot retake it and `exitsyscall`'s fast path
//!   fails; `exitsyscall` then waits for `start_the_world`, which puts the
//!   status back to `P_SYSCALL`, and retries (it gets its P back);
//! - **blocked in [`crate::gc_block_current_p`]** before this STW began
//!   (`stw.preblocked`): already stopped;
//! - **anything else** (running a G, an M between Gs, a P in flight from
//!   sysmon's `handoffp` to an M): counted in `stw.stopwait`, its preempt
//!   flag raised. It stops by one of: the G calls [`crate::Cx::gc_stop`] or
//!   `gc_block_current_p`; the G enters a syscall (`entersyscall` CASes its
//!   own P to `P_GCSTOP`); the M, between Gs (top of findRunnable, the
//!   steal loop, step 10, before running timers, before `task.run`),
//!   calls `gcstopm` and parks keeping its P; the P is released to the idle
//!   list (`pidleput` diverts it to `stw.idle`) or stopped (`pstop`).
//!
//! Each of those decrements `stopwait` under sched.lock; the last wakes the
//! stopper. Because the stopper's scan and every decrement happen under
//! sched.lock, and a P's holder checks `gcwaiting` after its last state
//! change (SeqCst on both sides, e.g. `entersyscall` stores `P_SYSCALL`
//! then loads `gcwaiting` while the stopper stores `gcwaiting` then loads
//! the status), every P is counted exactly once.
//!
//! `start_the_world` puts idle Ps back on `pidle`, syscall Ps back to
//! `P_SYSCALL`, clears the preempt flags it raised (Ps below GOMAXPROCS;
//! a shrink's flag on a higher P stays), bumps `stw.starts` and wakes every
//! waiter: a G stopped in `gc_stop` continues on the same P and M (it is
//! not requeued), an M parked in `gcstopm` goes on scheduling with its P.
//! Then `wakep` if any P is idle, for work or timers that came due.
//!
//! Waits use a condvar on sched.lock with a short timeout so that they also
//! notice shutdown (`finish` must not take sched.lock). A stop still
//! waiting for Ps when the program ends is abandoned: `stop_the_world`
//! returns false, no collection runs and every waiter goes on. A stop
//! that completed is not: the collector runs to its end and restarts the
//! world, and the waiters wait for it, so no G touches the heap while it
//! is being marked or swept, even as the process exits.

use std::cell::{Cell, RefCell};
use std::sync::atomic::Ordering;
use std::sync::{Arc, MutexGuard};
use std::time::{Duration, Instant};

use crate::p::{PLocal, PShared, P_GCSTOP, P_STOPPED, P_SYSCALL};
use crate::proc::{Sched, SchedLocked};

/// How often a waiter re-checks shutdown.
const STW_POLL: Duration = Duration::from_millis(20);

thread_local! {
    /// The P this thread owns for running Go code or timer callbacks
    /// (`usize::MAX`: none). See [`current_p`].
    static CURRENT_P: Cell<usize> = const { Cell::new(usize::MAX) };
    /// The scheduler of the M (or `with_idle_p` caller) on this thread,
    /// for [`gc_block_current_p`], which has no `Cx`.
    static CURRENT_SCHED: RefCell<Option<Arc<Sched>>> = const { RefCell::new(None) };
}

/// The index of the P the calling thread owns right now for running Go
/// code or timer callbacks, `None` on a thread without one (not an M, an
/// idle M, or an M whose G is in a syscall, e.g. inside
/// [`crate::Cx::blocking`]'s closure). Exact: set when the thread acquires
/// a P and cleared when it gives the P up, so a GC may pick that P's
/// allocator from it.
#[inline]
pub fn current_p() -> Option<usize> {
    let p = CURRENT_P.with(Cell::get);
    (p != usize::MAX).then_some(p)
}

pub(crate) fn set_current_p(p: Option<usize>) {
    CURRENT_P.with(|c| c.set(p.unwrap_or(usize::MAX)));
}

/// Runs `f` with this thread's scheduler, if any.
pub(crate) fn with_current_sched<R>(f: impl FnOnce(Option<&Arc<Sched>>) -> R) -> R {
    CURRENT_SCHED.with(|c| f(c.borrow().as_ref()))
}

/// Install `s` as this thread's scheduler; returns the previous one.
pub(crate) fn set_current_sched(s: Option<Arc<Sched>>) -> Option<Arc<Sched>> {
    CURRENT_SCHED.with(|c| std::mem::replace(&mut *c.borrow_mut(), s))
}

/// For `runtime.GC()`: the calling thread owns a P and runs inside a
/// task's `run` (no `Cx` at hand: the GC library calls back on the
/// requesting thread). Count that P as stopped for the stop-the-world in
/// progress, or else for the next one, and block until that STW's
/// `start_the_world`: on return at least one stop that completed after
/// this call has been followed by its start. The caller must have
/// requested a GC (else this blocks until someone stops the world). On a
/// thread without a P, returns at once. The P's preempt flag is cleared
/// by `start_the_world` as for [`crate::Cx::gc_stop`].
pub fn gc_block_current_p() {
    let Some(id) = current_p() else { return };
    let Some(sched) = CURRENT_SCHED.with(|c| c.borrow().clone()) else {
        return;
    };
    sched.gc_block(id);
}

/// Stop-the-world state, under sched.lock.
#[derive(Default)]
pub(crate) struct StwState {
    /// A STW was requested and `start_the_world` has not run yet.
    pub(crate) active: bool,
    /// Ps that have yet to stop (0 and `active`: the world is stopped).
    pub(crate) stopwait: usize,
    /// Idle Ps taken off `pidle` (status `P_GCSTOP`).
    #[allow(clippy::vec_box)]
    idle: Vec<Box<PLocal>>,
    /// Ps taken from a syscall: `P_SYSCALL → P_GCSTOP`, box in `syscall_p`.
    syscall: Vec<usize>,
    /// Ps whose M blocked in `gc_block_current_p` with no STW in progress:
    /// they count as stopped for the next one.
    preblocked: Vec<usize>,
    /// The program ended while this STW waited for Ps: its stopper gave
    /// up and the world is never started again.
    abandoned: bool,
    /// Completed stop/start cycles (the waiters' epoch).
    pub(crate) starts: u64,
    began: Option<Instant>,
    pause_total: Duration,
    last_pause: Duration,
}

/// Stop-the-world counters ([`crate::Runtime::stw_stats`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StwStats {
    /// Completed stop/start cycles.
    pub completed: u64,
    /// Sum over them of the time from `stop_the_world` being called to
    /// `start_the_world` returning.
    pub pause_total: Duration,
    /// That time for the last one.
    pub last_pause: Duration,
    /// Whether a STW is in progress now.
    pub active: bool,
}

impl Sched {
    fn stw_wait<'a>(&'a self, l: MutexGuard<'a, SchedLocked>) -> MutexGuard<'a, SchedLocked> {
        match self.stw_cv.wait_timeout(l, STW_POLL) {
            Ok((g, _)) => g,
            Err(e) => e.into_inner().0,
        }
    }

    /// One P counted in `stopwait` stopped. sched.lock held.
    fn stw_stopped_one(&self, l: &mut SchedLocked) {
        if l.stw.abandoned {
            return;
        }
        debug_assert!(l.stw.active && l.stw.stopwait > 0, "stw: bad stopwait");
        l.stw.stopwait = l.stw.stopwait.saturating_sub(1);
        if l.stw.stopwait == 0 {
            self.stw_cv.notify_all();
        }
    }

    /// Is a STW waiting for Ps to stop? sched.lock held.
    pub(crate) fn stw_stopping(l: &SchedLocked) -> bool {
        l.stw.active && l.stw.stopwait > 0 && !l.stw.abandoned
    }

    /// `pidleput` while a STW is stopping: the P stops instead of going
    /// idle. Returns it back if no STW is in progress.
    pub(crate) fn stw_divert_idle(
        &self,
        l: &mut SchedLocked,
        p: Box<PLocal>,
    ) -> Option<Box<PLocal>> {
        if !l.stw.active {
            return Some(p);
        }
        p.shared.status.store(P_GCSTOP, Ordering::SeqCst);
        l.stw.idle.push(p);
        self.stw_stopped_one(l);
        None
    }

    /// `pstop` while a STW is stopping: the P counted as running is gone.
    pub(crate) fn stw_pstopped(&self, l: &mut SchedLocked) {
        if l.stw.active {
            self.stw_stopped_one(l);
        }
    }

    /// Should a thread waiting for `start_the_world` give up? Only when the
    /// program has ended and no collection will run. A stop still waiting
    /// for Ps is abandoned: the first to see the end marks it so (under
    /// sched.lock, so no P is counted stopped after that), its stopper's
    /// `stop_the_world` returns false and nobody restarts the world. Once
    /// every P has stopped, the collector runs and restarts the world even
    /// after the end, and the waiters wait for that: a G that ran on during
    /// marking would mutate the heap under the collector.
    fn stw_give_up(&self, l: &mut SchedLocked) -> bool {
        if !self.shutdown.load(Ordering::SeqCst) {
            return false;
        }
        if !l.stw.active || l.stw.abandoned {
            return true;
        }
        if l.stw.stopwait == 0 {
            return false;
        }
        l.stw.abandoned = true;
        self.stw_cv.notify_all();
        true
    }

    /// Block while a STW is in progress. sched.lock held.
    pub(crate) fn stw_wait_inactive<'a>(
        &'a self,
        mut l: MutexGuard<'a, SchedLocked>,
    ) -> MutexGuard<'a, SchedLocked> {
        while l.stw.active && !self.stw_give_up(&mut l) {
            l = self.stw_wait(l);
        }
        l
    }

    /// The holder of P `id` (running, not yet counted as stopped) stops it
    /// for the STW in progress and blocks until `start_the_world`. Returns
    /// at once without a STW. Go's `gcstopm` without releasing the P.
    pub(crate) fn stw_park(&self, id: usize) {
        let mut l = self.lock();
        if !Self::stw_stopping(&l) {
            return;
        }
        debug_assert_ne!(
            self.allp[id].status.load(Ordering::SeqCst),
            P_GCSTOP,
            "stw_park: P already stopped"
        );
        self.stw_stopped_one(&mut l);
        let gen = l.stw.starts;
        while l.stw.starts == gen && !self.stw_give_up(&mut l) {
            l = self.stw_wait(l);
        }
    }

    /// `gc_block_current_p` for P `id`.
    pub(crate) fn gc_block(&self, id: usize) {
        let mut l = self.lock();
        if l.stw.active {
            // Our P runs, so this STW is still stopping.
            self.stw_stopped_one(&mut l);
        } else {
            l.stw.preblocked.push(id);
        }
        let gen = l.stw.starts;
        while l.stw.starts == gen && !self.stw_give_up(&mut l) {
            l = self.stw_wait(l);
        }
        if l.stw.starts == gen {
            // Shutdown before any STW took us.
            l.stw.preblocked.retain(|&p| p != id);
        }
    }

    /// `entersyscall` saw `gcwaiting` after publishing `P_SYSCALL`: if the
    /// stopper counted this P as running, stop it now (Go's
    /// `entersyscall_gcwait`).
    pub(crate) fn entersyscall_gcwait(&self, p: &PShared) {
        let mut l = self.lock();
        if Self::stw_stopping(&l)
            && p.status
                .compare_exchange(P_SYSCALL, P_GCSTOP, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        {
            l.stw.syscall.push(p.id);
            self.stw_stopped_one(&mut l);
        }
    }

    /// `exitsyscall` found its P taken by a STW: wait until
    /// `start_the_world` gives it back (status `P_SYSCALL` again).
    pub(crate) fn exitsyscall_gcwait(&self, p: &PShared) {
        let mut l = self.lock();
        while p.status.load(Ordering::SeqCst) == P_GCSTOP && !self.stw_give_up(&mut l) {
            l = self.stw_wait(l);
        }
    }

    /// See [`crate::Runtime::stop_the_world`].
    pub(crate) fn stop_the_world(&self) -> bool {
        debug_assert!(
            current_p().is_none(),
            "stop_the_world: called from a thread that owns a P"
        );
        let began = Instant::now();
        let mut l = self.lock();
        // One at a time.
        while l.stw.active && !self.shutdown.load(Ordering::SeqCst) {
            l = self.stw_wait(l);
        }
        if self.shutdown.load(Ordering::SeqCst) {
            return false;
        }
        l.stw.active = true;
        l.stw.began = Some(began);
        self.trace(|| crate::trace::Ev::STWStart);
        self.gcwaiting.store(true, Ordering::SeqCst);
        // Idle Ps: nobody may acquire them now.
        let idle = std::mem::take(&mut l.pidle);
        self.npidle.fetch_sub(idle.len(), Ordering::SeqCst);
        for p in idle {
            p.shared.status.store(P_GCSTOP, Ordering::SeqCst);
            l.stw.idle.push(p);
        }
        let pre = std::mem::take(&mut l.stw.preblocked);
        let mut stopwait = 0;
        for p in self.allp_live() {
            if pre.contains(&p.id) {
                continue;
            }
            match p.status.load(Ordering::SeqCst) {
                P_STOPPED | P_GCSTOP => continue,
                P_SYSCALL
                    if p.status
                        .compare_exchange(P_SYSCALL, P_GCSTOP, Ordering::SeqCst, Ordering::SeqCst)
                        .is_ok() =>
                {
                    l.stw.syscall.push(p.id);
                    continue;
                }
                // P_RUNNING, or P_IDLE outside pidle (in sysmon's hands on
                // its way through `handoffp`), or a syscall that just
                // ended: it stops by itself.
                _ => {
                    stopwait += 1;
                    p.preempt.store(true, Ordering::SeqCst);
                }
            }
        }
        l.stw.stopwait = stopwait;
        while l.stw.stopwait > 0 && !self.shutdown.load(Ordering::SeqCst) {
            l = self.stw_wait(l);
        }
        // The program ended first: nobody will start the world.
        !self.stw_give_up(&mut l)
    }

    /// See [`crate::Runtime::start_the_world`].
    pub(crate) fn start_the_world(self: &Arc<Self>) {
        let mut l = self.lock();
        if !l.stw.active {
            return;
        }
        debug_assert!(
            l.stw.stopwait == 0 || self.shutdown.load(Ordering::SeqCst),
            "start_the_world: world not stopped"
        );
        self.trace(|| crate::trace::Ev::STWDone);
        self.gcwaiting.store(false, Ordering::SeqCst);
        l.stw.active = false;
        l.stw.stopwait = 0;
        // Clear the flags we raised before anyone runs again (a shrink's
        // flag on a P beyond GOMAXPROCS stays: that P must be given up).
        // A sysmon request dropped here is raised again on its next round
        // (schedtick has not moved), so a G still yields after its 10ms.
        // A seeded run keeps them raised: its G stops at every safe point
        // and `Det` decides (`seeded.rs`).
        let n = self.gomaxprocs();
        let seeded = self.det.is_some();
        for p in &self.allp_live()[..n] {
            p.preempt.store(seeded, Ordering::SeqCst);
        }
        if self.shutdown.load(Ordering::SeqCst) {
            for p in &self.allp {
                p.preempt.store(true, Ordering::SeqCst);
            }
        }
        for id in std::mem::take(&mut l.stw.syscall) {
            let _ = self.allp[id].status.compare_exchange(
                P_GCSTOP,
                P_SYSCALL,
                Ordering::SeqCst,
                Ordering::SeqCst,
            );
        }
        let mut idle = std::mem::take(&mut l.stw.idle);
        // pidle is a stack: lower ids are handed out first.
        idle.sort_by_key(|p| std::cmp::Reverse(p.id));
        for p in idle {
            debug_assert_eq!(p.shared.status.load(Ordering::SeqCst), P_GCSTOP);
            self.pidleput(&mut l, p);
        }
        l.stw.starts += 1;
        if let Some(b) = l.stw.began.take() {
            let d = b.elapsed();
            l.stw.last_pause = d;
            l.stw.pause_total += d;
        }
        self.stw_cv.notify_all();
        drop(l);
        // Work or timers may have come due while stopped; any idle P
        // takes a look (an M that finds nothing goes back to sleep).
        self.wakep();
    }

    pub(crate) fn stw_stats(&self) -> StwStats {
        let l = self.lock();
        StwStats {
            completed: l.stw.starts,
            pause_total: l.stw.pause_total,
            last_pause: l.stw.last_pause,
            active: l.stw.active,
        }
    }

    /// `Runtime::scan_tasks`.
    pub(crate) fn scan_tasks(
        &self,
        f: &mut dyn FnMut(u64),
        published: &dyn Fn(u64) -> bool,
    ) -> usize {
        let gs = self.all_gs();
        let mut skipped = 0;
        for g in gs {
            let guard = match g.task.try_lock() {
                Ok(t) => t,
                Err(std::sync::TryLockError::Poisoned(e)) => e.into_inner(),
                Err(std::sync::TryLockError::WouldBlock) if published(g.goid()) => {
                    skipped += 1;
                    continue;
                }
                Err(std::sync::TryLockError::WouldBlock) => {
                    g.task.lock().unwrap_or_else(|e| e.into_inner())
                }
            };
            if let Some(t) = guard.as_ref() {
                t.gc_roots(f);
            }
        }
        skipped
    }
}
