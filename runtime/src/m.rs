//! M: an OS thread that runs Gs when it holds a P.
//!
//! `MPark` is the M's note (Go's `m.park`): a slot through which `startm`
//! hands over a P (`nextp`, with the spinning flag), guarded by a mutex and
//! a condvar. An idle M sleeps in [`MPark::wait`] until it gets a P or the
//! runtime shuts down (timers are the blocked netpoller's job, `proc.rs`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};

use crate::p::PLocal;

pub(crate) struct MSlot {
    pub(crate) nextp: Option<Box<PLocal>>,
    pub(crate) spinning: bool,
}

pub(crate) struct MPark {
    pub(crate) slot: Mutex<MSlot>,
    pub(crate) cv: Condvar,
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
        }
    }

    /// `startm`'s half of the hand-off (Go: `mp.nextp.set(pp); notewakeup`).
    pub(crate) fn give(&self, p: Box<PLocal>, spinning: bool) {
        let mut s = self.slot.lock().unwrap();
        debug_assert!(s.nextp.is_none(), "startm: m has p");
        s.nextp = Some(p);
        s.spinning = spinning;
        self.cv.notify_one();
    }

    /// Sleep until a P arrives or shutdown.
    pub(crate) fn wait(&self, shutdown: &AtomicBool) -> Woke {
        let mut s = self.slot.lock().unwrap();
        loop {
            if let Some(p) = s.nextp.take() {
                return Woke::P(p, s.spinning);
            }
            if shutdown.load(Ordering::SeqCst) {
                return Woke::Shutdown;
            }
            s = self.cv.wait(s).unwrap();
        }
    }

    /// Wake without handing anything over (shutdown).
    pub(crate) fn poke(&self) {
        let _s = self.slot.lock().unwrap();
        self.cv.notify_all();
    }
}
