//! M: an OS thread that runs Gs when it holds a P.
//!
//! `MPark` is the M's note (Go's `m.park`): a slot through which `startm`
//! hands over a P (`nextp`, with the spinning flag), guarded by a mutex and
//! a condvar. An idle M sleeps in [`MPark::wait`] until it gets a P, the
//! runtime shuts down, or, when it holds the timer-sleeper role, until its
//! deadline (`until`), which `Sched::timer_added` may move earlier.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Instant;

use crate::p::PLocal;

pub(crate) struct MSlot {
    pub(crate) nextp: Option<Box<PLocal>>,
    pub(crate) spinning: bool,
    /// Set while this M is the timer sleeper: wake up at this instant.
    pub(crate) until: Option<Instant>,
}

pub(crate) struct MPark {
    pub(crate) slot: Mutex<MSlot>,
    pub(crate) cv: Condvar,
}

pub(crate) enum Woke {
    /// `startm` handed us a P.
    P(Box<PLocal>, bool),
    /// The timer deadline passed (or was moved into the past).
    Timeout,
    Shutdown,
}

impl MPark {
    pub(crate) fn new() -> MPark {
        MPark {
            slot: Mutex::new(MSlot {
                nextp: None,
                spinning: false,
                until: None,
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

    /// Sleep until a P arrives, shutdown, or `until` passes.
    pub(crate) fn wait(&self, shutdown: &AtomicBool) -> Woke {
        let mut s = self.slot.lock().unwrap();
        loop {
            if let Some(p) = s.nextp.take() {
                return Woke::P(p, s.spinning);
            }
            if shutdown.load(Ordering::SeqCst) {
                return Woke::Shutdown;
            }
            match s.until {
                None => s = self.cv.wait(s).unwrap(),
                Some(u) => {
                    let now = Instant::now();
                    if now >= u {
                        s.until = None;
                        return Woke::Timeout;
                    }
                    s = self.cv.wait_timeout(s, u - now).unwrap().0;
                }
            }
        }
    }

    /// Wake without handing anything over (shutdown, earlier deadline).
    pub(crate) fn poke(&self) {
        let _s = self.slot.lock().unwrap();
        self.cv.notify_all();
    }
}
