//! M: an OS thread that runs Gs when it holds a P.
//!
//! `MPark` is the M's note (Go's `m.park`): a slot through which `startm`
//! hands over a P (`nextp`, with the spinning flag), guarded by a mutex and
//! a condvar. An idle M sleeps in [`MPark::wait`] until it gets a P or the
//! runtime shuts down (timers are the blocked netpoller's job, `proc.rs`).
//!
//! [`MState`] is what `GODEBUG=scheddetail=1` prints about the M (Go's
//! `m.p`, `m.curg`, `m.spinning`, `m.blocked`): written by the M itself at
//! `acquirep`/`releasep`, around each run of a G and when it starts or
//! stops spinning; read racily by sysmon's printer (as Go's `schedtrace`
//! reads Ms it does not own).

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use crate::p::{PLocal, PShared};

pub(crate) struct MSlot {
    pub(crate) nextp: Option<Box<PLocal>>,
    pub(crate) spinning: bool,
}

pub(crate) struct MPark {
    pub(crate) slot: Mutex<MSlot>,
    pub(crate) cv: Condvar,
    /// For scheddetail (module docs).
    pub(crate) state: MState,
}

/// [`MPark::state`]: the M's scheduling state as scheddetail prints it.
/// Written by the M itself, but for `spinning`, which `startm`'s
/// hand-over ([`MPark::give`]) sets too.
pub(crate) struct MState {
    /// The id of the P this M acquired, [`NO_P`] after `releasep`. Still
    /// set during a syscall (the M keeps it wired, Go 1.26+'s view); the
    /// claim is stale once the P's [`PShared::m`] names another M.
    p: AtomicUsize,
    /// The goroutine running on this M, 0 for none (Go's `m.curg`).
    curg: AtomicU64,
    /// Spinning (looking for work with a P); meaningful only while the M
    /// holds a P and runs no G.
    spinning: AtomicBool,
    /// Parked in [`MPark::wait`] (Go's `m.blocked`: asleep on its note).
    blocked: AtomicBool,
}

const NO_P: usize = usize::MAX;

thread_local! {
    /// The M this thread is (set at its first `acquirep`).
    static CURRENT_M: RefCell<Option<Arc<MPark>>> = const { RefCell::new(None) };
}

/// A P taken without `acquirep` (`exitsyscall`'s idle P): the calling
/// thread's M holds `p` now. Nothing on a thread that is no M.
pub(crate) fn acquired_by_this_m(p: &PShared) {
    if let Some(m) = CURRENT_M.with(|m| m.borrow().clone()) {
        m.acquired(p);
    }
}

/// A snapshot of [`MState`] with the claim on the P checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MView {
    /// The P the M holds (its claim, if the P agrees).
    pub(crate) p: Option<usize>,
    /// The P the M believes it holds, agreeing or not.
    pub(crate) claimed_p: Option<usize>,
    pub(crate) curg: Option<u64>,
    pub(crate) spinning: bool,
    pub(crate) blocked: bool,
}

pub(crate) enum Woke {
    /// `startm` handed us a P.
    P(Box<PLocal>, bool),
    Shutdown,
}

impl MPark {
    pub(crate) fn new() -> MPark {
        MPark {
            slot: Mutex::new(MSlot {
                nextp: None,
                spinning: false,
            }),
            cv: Condvar::new(),
            state: MState {
                p: AtomicUsize::new(NO_P),
                curg: AtomicU64::new(0),
                spinning: AtomicBool::new(false),
                blocked: AtomicBool::new(false),
            },
        }
    }

    /// This M's identity in [`PShared::m`].
    pub(crate) fn key(&self) -> usize {
        self as *const MPark as usize
    }

    /// `acquirep`: this M holds `p` now. Also makes this M the calling
    /// thread's, for [`acquired_by_this_m`].
    pub(crate) fn acquired(self: &Arc<Self>, p: &PShared) {
        CURRENT_M.with(|m| {
            let mut m = m.borrow_mut();
            if !m.as_ref().is_some_and(|m| Arc::ptr_eq(m, self)) {
                *m = Some(self.clone());
            }
        });
        self.state.p.store(p.id, Ordering::Relaxed);
        p.m.store(self.key(), Ordering::Relaxed);
    }

    /// `releasep`: this M gave `p` up (and stopped spinning).
    pub(crate) fn released(&self, p: &PShared) {
        self.state.p.store(NO_P, Ordering::Relaxed);
        self.state.spinning.store(false, Ordering::Relaxed);
        let _ =
            p.m.compare_exchange(self.key(), 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Goroutine `goid` runs on this M now (0: none any more).
    pub(crate) fn running(&self, goid: u64) {
        self.state.curg.store(goid, Ordering::Relaxed);
        if goid != 0 {
            self.state.spinning.store(false, Ordering::Relaxed);
        }
    }

    pub(crate) fn set_spinning(&self, spinning: bool) {
        self.state.spinning.store(spinning, Ordering::Relaxed);
    }

    /// The M's state, its P checked against `allp` (a claim on a P that
    /// another M took since, or that went idle, is dropped).
    pub(crate) fn view(&self, allp: &[Arc<PShared>]) -> MView {
        let claimed = self.state.p.load(Ordering::Relaxed);
        let claimed_p = (claimed != NO_P).then_some(claimed);
        let p = claimed_p.filter(|&id| {
            allp.get(id)
                .is_some_and(|p| p.m.load(Ordering::Relaxed) == self.key() && p.status_holds_m())
        });
        let curg = self.state.curg.load(Ordering::Relaxed);
        MView {
            p,
            claimed_p,
            curg: (curg != 0).then_some(curg),
            spinning: self.state.spinning.load(Ordering::Relaxed) && p.is_some() && curg == 0,
            blocked: self.state.blocked.load(Ordering::Relaxed),
        }
    }

    /// `startm`'s half of the hand-off (Go: `mp.nextp.set(pp); notewakeup`).
    pub(crate) fn give(&self, p: Box<PLocal>, spinning: bool) {
        let mut s = self.slot.lock().unwrap();
        debug_assert!(s.nextp.is_none(), "startm: m has p");
        s.nextp = Some(p);
        s.spinning = spinning;
        self.state.spinning.store(spinning, Ordering::Relaxed);
        self.cv.notify_one();
    }

    /// Sleep until a P arrives or shutdown.
    pub(crate) fn wait(&self, shutdown: &AtomicBool) -> Woke {
        let mut s = self.slot.lock().unwrap();
        loop {
            if let Some(p) = s.nextp.take() {
                self.state.blocked.store(false, Ordering::Relaxed);
                return Woke::P(p, s.spinning);
            }
            if shutdown.load(Ordering::SeqCst) {
                self.state.blocked.store(false, Ordering::Relaxed);
                return Woke::Shutdown;
            }
            self.state.blocked.store(true, Ordering::Relaxed);
            s = self.cv.wait(s).unwrap();
        }
    }

    /// Wake without handing anything over (shutdown).
    pub(crate) fn poke(&self) {
        let _s = self.slot.lock().unwrap();
        self.cv.notify_all();
    }
}
