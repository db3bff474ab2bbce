//! sysmon: the monitor thread (no P; Go's `sysmon`, RUNTIME.md A9).
//!
//! Loop: sleep `delay` (20us while it keeps finding work to do, doubling
//! after 50 idle rounds, capped at 10ms), then `retake` and print the
//! schedtrace line when due. When every P is idle (and no schedtrace is
//! requested) sysmon sleeps on a condvar until `pidleget` wakes it (Go's
//! `sysmonwait`), so a parked program costs no CPU.
//!
//! `retake` (Go ≤ 1.25, RUNTIME.md A9): (1) a running or in-syscall P
//! whose schedtick has not moved for the time slice (`Rules::timeslice`,
//! Go's [`FORCE_PREEMPT`] by default) gets its preempt flag
//! set (`preemptone`); the running task sees it at its next call or loop
//! back-edge and returns `Step::Preempted`, which puts the G on the global
//! tail. Because a G taken from runnext does not advance schedtick, a
//! runnext ping-pong pair is one long "G" to retake and is broken up the
//! same way (A8). (2) A P in `P_SYSCALL` whose syscalltick is unchanged
//! since the previous round (so ≥ 20us in one syscall) is retaken, unless
//! it has no local work, some M spins or some P idles, and the syscall is
//! younger than 10ms: CAS `P_SYSCALL → P_IDLE`, take its box, `handoffp`.
//! The rule switches `preemptoff=1` and `handoffoff=1` skip (1) and (2).
//!
//! Each round also polls the network if some G waits and nobody polled for
//! 10ms (an M blocked in netpoll counts as polling), injecting the ready
//! Gs into the global queue (Go's sysmon `netpoll(0)` + `injectglist`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use crate::p::{PShared, P_IDLE, P_RUNNING, P_STOPPED, P_SYSCALL};
use crate::proc::Sched;

/// Go's `forcePreemptNS`.
pub(crate) const FORCE_PREEMPT: Duration = Duration::from_millis(10);
const MIN_DELAY: Duration = Duration::from_micros(20);
const MAX_DELAY: Duration = Duration::from_millis(10);
/// Idle rounds at 20us before sysmon starts backing off.
const IDLE_ROUNDS_BEFORE_BACKOFF: u32 = 50;
/// Go's sysmon: poll the network if nobody has for this long.
const NETPOLL_EVERY: Duration = Duration::from_millis(10);

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
    syscalltick: u32,
    syscallwhen: Instant,
}

pub(crate) fn sysmon(sched: Arc<Sched>) {
    // Test hook: a Rust panic on a runtime thread that runs no goroutine
    // must still end the process cleanly (see the VM's panic hook).
    if std::env::var_os("MINIGO_TEST_PANIC").is_some_and(|v| v == "sysmon") {
        panic!("injected panic in sysmon (MINIGO_TEST_PANIC=sysmon)");
    }
    if let Some(t) = &sched.tracer {
        t.register_m();
    }
    let start = Instant::now();
    let mut ticks = vec![
        SysmonTick {
            schedtick: 0,
            schedwhen: start,
            syscalltick: 0,
            syscallwhen: start,
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
        if sched.config.sysmon {
            sysmon_netpoll(&sched, now);
        }
        if sched.config.sysmon && retake(&sched, &mut ticks, now) > 0 {
            idle = 0;
        } else {
            idle += 1;
        }
        if let Some(every) = sched.config.schedtrace {
            if now.duration_since(last_trace) >= every {
                last_trace = now;
                eprintln!("{}", crate::stats::schedtrace(&sched));
            }
        }
    }
}

/// Sleep while every P is idle. Returns whether it slept.
fn deep_sleep(sched: &Sched) -> bool {
    let park = &sched.sysmon;
    // Every active P idle, and no P beyond GOMAXPROCS still held by an M
    // that has yet to give it up (it may sit in a syscall with work).
    let all_idle = || {
        let n = sched.gomaxprocs();
        sched.npidle.load(Ordering::SeqCst) == n
            && sched
                .allp_live()
                .iter()
                .skip(n)
                .all(|p| p.status.load(Ordering::SeqCst) == P_STOPPED)
    };
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

/// Go's sysmon netpoll: if some G waits and nobody polled for 10ms (and
/// nobody is blocked in netpoll), poll without blocking and inject the
/// ready Gs (no P: global queue, idle Ps started).
fn sysmon_netpoll(sched: &Arc<Sched>, now: Instant) {
    let np = &sched.poll;
    if !np.any_waiters() {
        return;
    }
    let last = np.lastpoll.load(Ordering::SeqCst);
    let now_ns = sched.nanos_since_epoch(now) + 1;
    if last == 0 || last + NETPOLL_EVERY.as_nanos() as u64 > now_ns {
        return;
    }
    if np
        .lastpoll
        .compare_exchange(last, now_ns, Ordering::SeqCst, Ordering::SeqCst)
        .is_err()
    {
        return;
    }
    let list = sched.netpoll_nonblocking();
    if !list.is_empty() {
        sched.trace(|| crate::trace::Ev::Netpoll {
            n: list.len() as u32,
        });
    }
    sched.injectglist(None, list);
}

/// `retake`: preempt Gs that have held their P for 10ms; take Ps from
/// syscalls (see module docs). Returns how many Ps it took from system
/// calls: sysmon's work, which resets its back-off (a preemption is not).
fn retake(sched: &Arc<Sched>, ticks: &mut [SysmonTick], now: Instant) -> usize {
    // Not during a stop-the-world: Ps in a syscall are `P_GCSTOP` then
    // (the CAS below would fail anyway) and preempting is the STW's job.
    if sched.gcwaiting.load(Ordering::SeqCst) {
        return 0;
    }
    let rules = &sched.config.rules;
    let mut n = 0;
    for (p, t) in sched.allp_live().iter().zip(ticks.iter_mut()) {
        let s = p.status.load(Ordering::SeqCst);
        if s != P_RUNNING && s != P_SYSCALL {
            continue;
        }
        let mut sysretake = false;
        let tick = p.schedtick.load(Ordering::Relaxed);
        if t.schedtick != tick {
            t.schedtick = tick;
            // A fresh clock, not the pass's `now`: the tick may have moved
            // after `now` was read, and the slice is never counted from
            // before it began (so `timeslice=D` never preempts before D).
            t.schedwhen = Instant::now().max(now);
        } else if rules.preempt && now.duration_since(t.schedwhen) >= rules.timeslice {
            if s == P_RUNNING {
                sched.trace(|| crate::trace::Ev::Preempt { p: p.id as u32 });
            }
            // Not counted as work: a preemption does not reset sysmon's
            // back-off (Go's `retake` counts only Ps taken from system
            // calls), or a CPU-bound program would keep sysmon waking
            // every 20us instead of every 10ms.
            preemptone(p);
            sysretake = true;
        }
        if s != P_SYSCALL || !rules.handoff {
            continue;
        }
        let stick = p.syscalltick.load(Ordering::SeqCst);
        if !sysretake && t.syscalltick != stick {
            t.syscalltick = stick;
            t.syscallwhen = now;
            continue;
        }
        if p.stealer.is_empty()
            && p.runnext.is_empty()
            && sched.nmspinning.load(Ordering::SeqCst) + sched.npidle.load(Ordering::SeqCst) > 0
            && now.duration_since(t.syscallwhen) < FORCE_PREEMPT
        {
            continue;
        }
        if p.status
            .compare_exchange(P_SYSCALL, P_IDLE, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
        {
            p.syscalltick.fetch_add(1, Ordering::SeqCst);
            let boxed = p
                .syscall_p
                .lock()
                .unwrap()
                .take()
                .expect("retake: P in syscall without its PLocal");
            n += 1;
            sched.trace(|| crate::trace::Ev::Handoff { p: p.id as u32 });
            sched.handoffp(boxed);
        }
    }
    n
}

/// `preemptone`: ask the G running on `p` to stop at its next safe point.
fn preemptone(p: &PShared) {
    p.preempt.store(true, Ordering::SeqCst);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;

    /// A G that runs past its time slice is preempted, but that is not work
    /// for sysmon's back-off: only a P retaken from a system call is.
    #[test]
    fn preemption_is_not_work_for_the_backoff() {
        let sched = Sched::new(Config::with_procs(1));
        let p = &sched.allp_live()[0];
        p.status.store(P_RUNNING, Ordering::SeqCst);
        let t0 = Instant::now();
        let mut ticks = vec![
            SysmonTick {
                schedtick: p.schedtick.load(Ordering::Relaxed).wrapping_add(1),
                schedwhen: t0,
                syscalltick: 0,
                syscallwhen: t0,
            };
            1
        ];
        // First round: a new schedtick is recorded; nothing to do.
        assert_eq!(retake(&sched, &mut ticks, t0), 0);
        assert!(!p.preempt.load(Ordering::SeqCst));
        // A time slice later, the same G still runs: preempt it. (The
        // slice is counted from sysmon's own clock read when it saw the
        // tick move, which is no later than now.)
        let later = Instant::now() + sched.config.rules.timeslice;
        assert_eq!(retake(&sched, &mut ticks, later), 0);
        assert!(p.preempt.load(Ordering::SeqCst));
    }
}

// ----- CPU-profile sample requests ------------------------------------------
//
// The interpreter's sampler thread calls `Runtime::request_profile_samples`
// every 1/hz s: each P running a G gets one more pending request and its
// preempt flag raised, so the G stops at its next safe point (a call or a
// loop back-edge). The task then takes the requests with
// `Cx::take_profile_samples`, records its stack once per request, and goes
// on running on the same P: a sample is not a preemption. Between a
// request and the safe point nothing else runs, so the hot loop pays
// nothing for profiling beyond the preempt check it already makes.
// Requests made while the P's M held it without running a G (looking for
// work) are answered by the next G it runs: short, and rare.

impl crate::Runtime {
    /// One sampling tick: ask the G running on every P for a sample.
    /// Returns how many Ps were asked.
    pub fn request_profile_samples(&self) -> usize {
        let sched = &self.sched;
        if sched.shutdown.load(Ordering::SeqCst) {
            return 0;
        }
        let mut n = 0;
        for p in sched.allp_live() {
            if p.status.load(Ordering::SeqCst) == P_RUNNING {
                p.prof_pending.fetch_add(1, Ordering::Relaxed);
                p.preempt.store(true, Ordering::SeqCst);
                n += 1;
            }
        }
        n
    }
}

impl crate::Cx<'_> {
    /// The sample requests made of the running G since it last took them
    /// (0 without a P). When there were some, the preempt flag they raised
    /// is lowered again unless someone else needs it up: a stop-the-world,
    /// shutdown, a P beyond GOMAXPROCS, a seeded run (whose flag stays up).
    /// A sysmon time-slice request that raced with the sample can be
    /// dropped here; sysmon raises it again on its next round, as after a
    /// stop-the-world.
    pub fn take_profile_samples(&self) -> u32 {
        let Some(p) = self.pl_ref() else {
            return 0;
        };
        let p = &p.shared;
        if p.prof_pending.load(Ordering::Relaxed) == 0 {
            return 0;
        }
        let n = p.prof_pending.swap(0, Ordering::Relaxed);
        let sched = self.sched;
        if sched.det.is_none() {
            // SeqCst, as `execute`: whoever raises the flag for a reason
            // publishes the reason first, so we see it or its flag survives.
            p.preempt.store(false, Ordering::SeqCst);
            if sched.gcwaiting.load(Ordering::SeqCst)
                || sched.shutdown.load(Ordering::SeqCst)
                || p.id >= sched.gomaxprocs()
            {
                p.preempt.store(true, Ordering::SeqCst);
            }
        }
        n
    }
}

#[cfg(test)]
mod profile_tests {
    use crate::{Config, Runtime};
    use std::sync::atomic::Ordering;

    /// A sample request raises the running P's flag; taking it lowers the
    /// flag again (no preemption) and counts every request made since.
    #[test]
    fn sample_requests_are_taken_without_preempting() {
        let rt = Runtime::new(Config::with_procs(1));
        // Nobody runs: nothing to ask.
        assert_eq!(rt.request_profile_samples(), 0);
        rt.with_idle_p(|cx| {
            assert_eq!(cx.take_profile_samples(), 0);
            assert_eq!(rt.request_profile_samples(), 1);
            assert_eq!(rt.request_profile_samples(), 1);
            assert!(cx.preempt_requested());
            assert_eq!(cx.take_profile_samples(), 2);
            assert!(!cx.preempt_requested());
            assert_eq!(cx.take_profile_samples(), 0);
            // A real reason to stop survives the sample: shutdown.
            assert_eq!(rt.request_profile_samples(), 1);
            rt.sched.shutdown.store(true, Ordering::SeqCst);
            assert_eq!(cx.take_profile_samples(), 1);
            assert!(cx.preempt_requested());
        })
        .expect("an idle P");
    }
}
