//! sysmon: the monitor thread (no P; Go's `sysmon`, RUNTIME.md A9).
//!
//! Loop: sleep `delay` (20us while it keeps finding work to do, doubling
//! after 50 idle rounds, capped at 10ms), then `retake` and print the
//! schedtrace line when due. When every P is idle (and no schedtrace is
//! requested) sysmon sleeps on a condvar until `pidleget` wakes it (Go's
//! `sysmonwait`), so a parked program costs no CPU.
//!
//! `retake` here only preempts: a P whose schedtick has not moved for
//! [`FORCE_PREEMPT`] gets its preempt flag set (`preemptone`); the running
//! task sees it at its next call or loop back-edge and returns
//! `Step::Preempted`, which puts the G on the global tail. Because a G taken
//! from runnext does not advance schedtick, a runnext ping-pong pair is one
//! long "G" to retake and is broken up the same way (A8). Syscall hand-off
//! (`handoffp`, retake's second half) is the next issue.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use crate::p::{PShared, P_RUNNING};
use crate::proc::Sched;

/// Go's `forcePreemptNS`.
pub(crate) const FORCE_PREEMPT: Duration = Duration::from_millis(10);
const MIN_DELAY: Duration = Duration::from_micros(20);
const MAX_DELAY: Duration = Duration::from_millis(10);
/// Idle rounds at 20us before sysmon starts backing off.
const IDLE_ROUNDS_BEFORE_BACKOFF: u32 = 50;

/// sysmon's deep-sleep note.
#[derive(Default)]
pub(crate) struct SysmonPark {
    sleeping: AtomicBool,
    lock: Mutex<()>,
    cv: Condvar,
}

impl SysmonPark {
    /// Called by `pidleget` and shutdown. One SeqCst load when sysmon is
    /// awake (pairs with the SeqCst store in `deep_sleep`).
    pub(crate) fn wake(&self) {
        if self.sleeping.load(Ordering::SeqCst) {
            let _g = self.lock.lock().unwrap();
            self.sleeping.store(false, Ordering::SeqCst);
            self.cv.notify_all();
        }
    }
}

/// Per-P record of what sysmon saw last (Go's `pp.sysmontick`).
#[derive(Clone, Copy)]
struct SysmonTick {
    schedtick: u32,
    schedwhen: Instant,
}

pub(crate) fn sysmon(sched: Arc<Sched>) {
    let start = Instant::now();
    let mut ticks = vec![
        SysmonTick {
            schedtick: 0,
            schedwhen: start,
        };
        sched.allp.len()
    ];
    let mut delay = MIN_DELAY;
    let mut idle = 0u32;
    let mut last_trace = start;
    loop {
        if idle == 0 {
            delay = MIN_DELAY;
        } else if idle > IDLE_ROUNDS_BEFORE_BACKOFF {
            delay = (delay * 2).min(MAX_DELAY);
        }
        std::thread::sleep(delay);
        if sched.shutdown.load(Ordering::SeqCst) {
            return;
        }
        if sched.config.schedtrace.is_none() && deep_sleep(&sched) {
            if sched.shutdown.load(Ordering::SeqCst) {
                return;
            }
            idle = 0;
            let now = Instant::now();
            for t in &mut ticks {
                t.schedwhen = now;
            }
            continue;
        }
        let now = Instant::now();
        if sched.config.sysmon && retake(&sched, &mut ticks, now) > 0 {
            idle = 0;
        } else {
            idle += 1;
        }
        if let Some(every) = sched.config.schedtrace {
            if now.duration_since(last_trace) >= every {
                last_trace = now;
                eprintln!("{}", crate::stats::summary(&sched));
            }
        }
    }
}

/// Sleep while every P is idle. Returns whether it slept.
fn deep_sleep(sched: &Sched) -> bool {
    let park = &sched.sysmon;
    let all_idle = || sched.npidle.load(Ordering::SeqCst) == sched.gomaxprocs;
    if !all_idle() {
        return false;
    }
    let mut g = park.lock.lock().unwrap();
    park.sleeping.store(true, Ordering::SeqCst);
    // Re-check after publishing `sleeping` (Dekker with `pidleget`).
    if !all_idle() || sched.shutdown.load(Ordering::SeqCst) {
        park.sleeping.store(false, Ordering::SeqCst);
        return false;
    }
    while park.sleeping.load(Ordering::SeqCst) && !sched.shutdown.load(Ordering::SeqCst) {
        g = park.cv.wait(g).unwrap();
    }
    true
}

/// `retake`: preempt Gs that have held their P for 10ms. Returns how many
/// Ps it acted on.
fn retake(sched: &Sched, ticks: &mut [SysmonTick], now: Instant) -> usize {
    let mut n = 0;
    for (p, t) in sched.allp.iter().zip(ticks.iter_mut()) {
        if p.status.load(Ordering::SeqCst) != P_RUNNING {
            continue;
        }
        let tick = p.schedtick.load(Ordering::Relaxed);
        if t.schedtick != tick {
            t.schedtick = tick;
            t.schedwhen = now;
        } else if now.duration_since(t.schedwhen) >= FORCE_PREEMPT {
            preemptone(p);
            n += 1;
        }
    }
    n
}

/// `preemptone`: ask the G running on `p` to stop at its next safe point.
fn preemptone(p: &PShared) {
    p.preempt.store(true, Ordering::SeqCst);
}
