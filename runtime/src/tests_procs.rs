//! Run-time GOMAXPROCS changes (`Cx::set_gomaxprocs`, `procresize`).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::proc::Sched;
use crate::*;

fn exited(st: ExitStatus) {
    assert!(matches!(st, ExitStatus::Exited), "unexpected {st:?}");
}

/// Counts how many spinners are inside their busy section at once.
#[derive(Clone, Default)]
struct Meter {
    running: Arc<AtomicUsize>,
    max: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
}

impl Meter {
    /// A goroutine that spins in 20us sections until `stop`, yielding when
    /// asked to (as the VM does at back-edges).
    fn spinner(&self) -> Box<dyn Task> {
        let m = self.clone();
        Box::new(move |cx: &mut Cx<'_>| loop {
            if m.stop.load(Ordering::SeqCst) {
                return Step::Exit;
            }
            let r = m.running.fetch_add(1, Ordering::SeqCst) + 1;
            m.max.fetch_max(r, Ordering::SeqCst);
            let t = Instant::now();
            while t.elapsed() < Duration::from_micros(20) {
                std::hint::spin_loop();
            }
            m.running.fetch_sub(1, Ordering::SeqCst);
            if cx.preempt_requested() {
                return Step::Preempted;
            }
        })
    }
}

fn sleep(cx: &mut Cx<'_>, d: Duration) -> Step {
    assert!(cx.sleep_until(Instant::now() + d));
    Step::Park(WaitReason::Sleep)
}

#[test]
fn shrink_to_one_serializes_goroutines() {
    let m = Meter::default();
    let mut state = 0;
    let st = Runtime::new(Config::with_procs(4)).run_main(Box::new(move |cx: &mut Cx<'_>| {
        state += 1;
        match state {
            1 => {
                for _ in 0..4 {
                    cx.spawn(m.spinner());
                }
                sleep(cx, Duration::from_millis(20))
            }
            2 => {
                assert_eq!(cx.gomaxprocs(), 4);
                assert_eq!(cx.set_gomaxprocs(1), 4);
                assert_eq!(cx.gomaxprocs(), 1);
                assert_eq!(cx.set_gomaxprocs(0), 1, "n < 1 only reads");
                // Let the Ms holding P1..P3 reach a scheduling point.
                sleep(cx, Duration::from_millis(50))
            }
            3 => {
                assert_eq!(cx.p_id(), 0);
                m.max.store(0, Ordering::SeqCst);
                sleep(cx, Duration::from_millis(200))
            }
            _ => {
                assert_eq!(m.max.load(Ordering::SeqCst), 1, "more than one G ran");
                m.stop.store(true, Ordering::SeqCst);
                let s = cx.sched_summary();
                assert_eq!(s.gomaxprocs, 1);
                assert_eq!(s.local.len(), 1);
                assert!(s.idleprocs <= 1, "{s}");
                assert!(s.to_string().contains("gomaxprocs=1 "), "{s}");
                assert_eq!(cx.runtime().gomaxprocs(), 1);
                Step::Exit
            }
        }
    }));
    exited(st);
}

#[test]
fn grow_from_one_runs_in_parallel() {
    let m = Meter::default();
    let mut state = 0;
    let mut deadline = None;
    let st = Runtime::new(Config::with_procs(1)).run_main(Box::new(move |cx: &mut Cx<'_>| {
        state += 1;
        if state == 1 {
            assert_eq!(cx.set_gomaxprocs(4), 1);
            assert_eq!(cx.gomaxprocs(), 4);
            assert_eq!(cx.sched_summary().local.len(), 4);
            for _ in 0..4 {
                cx.spawn(m.spinner());
            }
            deadline = Some(Instant::now() + Duration::from_secs(5));
            return sleep(cx, Duration::from_millis(20));
        }
        if m.max.load(Ordering::SeqCst) < 2 {
            assert!(Instant::now() < deadline.unwrap(), "never ran in parallel");
            return sleep(cx, Duration::from_millis(20));
        }
        m.stop.store(true, Ordering::SeqCst);
        Step::Exit
    }));
    exited(st);
}

/// Shrinking (and re-growing) while Ps hold queued Gs and armed timers
/// loses no G and no timer.
#[test]
fn shrink_with_queued_work_and_timers_loses_nothing() {
    const N: usize = 64;
    for round in 0..4 {
        let done = Arc::new(AtomicUsize::new(0));
        let fired = Arc::new(AtomicUsize::new(0));
        let (d2, f2) = (done.clone(), fired.clone());
        let mut state = 0;
        let mut deadline = None;
        let st = Runtime::new(Config::with_procs(4)).run_main(Box::new(move |cx: &mut Cx<'_>| {
            state += 1;
            match state {
                1 => {
                    for i in 0..N {
                        let (d3, f3) = (d2.clone(), f2.clone());
                        let mut slept = false;
                        cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                            if slept {
                                d3.fetch_add(1, Ordering::SeqCst);
                                return Step::Exit;
                            }
                            slept = true;
                            let f4 = f3.clone();
                            let when =
                                Instant::now() + Duration::from_millis(20 + (i % 7) as u64 * 5);
                            cx.add_timer(
                                when,
                                None,
                                Box::new(move |_: &mut Cx<'_>| {
                                    f4.fetch_add(1, Ordering::SeqCst);
                                }),
                            );
                            assert!(cx.sleep_until(when + Duration::from_millis(5)));
                            // Keep this P busy so that its queue holds Gs.
                            let t = Instant::now();
                            while t.elapsed() < Duration::from_micros(300) {
                                std::hint::spin_loop();
                            }
                            Step::Park(WaitReason::Sleep)
                        }));
                    }
                    sleep(cx, Duration::from_millis(4))
                }
                2 => {
                    assert_eq!(cx.set_gomaxprocs(1), 4);
                    if round % 2 == 1 {
                        // Grow again before the held Ps were given up.
                        assert_eq!(cx.set_gomaxprocs(3), 1);
                        assert_eq!(cx.set_gomaxprocs(2), 3);
                    }
                    deadline = Some(Instant::now() + Duration::from_secs(5));
                    sleep(cx, Duration::from_millis(10))
                }
                _ => {
                    if d2.load(Ordering::SeqCst) < N || f2.load(Ordering::SeqCst) < N {
                        assert!(
                            Instant::now() < deadline.unwrap(),
                            "lost work: done {} fired {}",
                            d2.load(Ordering::SeqCst),
                            f2.load(Ordering::SeqCst)
                        );
                        return sleep(cx, Duration::from_millis(10));
                    }
                    assert_eq!(cx.num_goroutine(), 1);
                    Step::Exit
                }
            }
        }));
        exited(st);
        assert_eq!(done.load(Ordering::SeqCst), N);
        assert_eq!(fired.load(Ordering::SeqCst), N);
    }
}

#[test]
fn set_gomaxprocs_clamps_and_runtime_handle_works() {
    let mut state = 0;
    let st = Runtime::new(Config::with_procs(2)).run_main(Box::new(move |cx: &mut Cx<'_>| {
        state += 1;
        if state == 1 {
            let mut rt = cx.runtime();
            assert_eq!(rt.set_gomaxprocs(3), 2);
            assert_eq!(cx.gomaxprocs(), 3);
            let max = cx.set_gomaxprocs(usize::MAX);
            assert_eq!(max, 3);
            let clamped = cx.gomaxprocs();
            assert!(clamped >= 256.max(num_cpu()), "{clamped}");
            assert_eq!(cx.sched_summary().local.len(), clamped);
            assert_eq!(cx.set_gomaxprocs(1), clamped);
            return sleep(cx, Duration::from_millis(5));
        }
        assert_eq!(cx.gomaxprocs(), 1);
        Step::Exit
    }));
    exited(st);
}

/// `pstop` on a bare scheduler (no threads): a P released after GOMAXPROCS
/// shrank below its id hands its runnext + queue to the head of the global
/// queue in order and its timers to P0; growing makes it idle again.
#[test]
fn stopped_p_hands_over_gs_and_timers() {
    let sched = Sched::new(Config::with_procs(4));
    // Pretend an M is blocked in netpoll, so that arming a timer only pokes
    // the poller instead of starting an M (`timer_added`).
    sched.poll.lastpoll.store(0, Ordering::SeqCst);
    let mut p3 = {
        let mut l = sched.lock();
        let i = l.pidle.iter().position(|p| p.id == 3).unwrap();
        let p = l.pidle.remove(i);
        sched.npidle.fetch_sub(1, Ordering::SeqCst);
        p
    };
    let g = |id| sched.new_g(id, Box::new(|_: &mut Cx<'_>| Step::Exit));
    let mut l = sched.lock();
    sched.globrunqput(&mut l, g(100));
    drop(l);
    p3.runqput(&sched, g(10), false);
    p3.runqput(&sched, g(11), false);
    p3.runqput(&sched, g(12), true);
    let fired = Arc::new(AtomicUsize::new(0));
    let f2 = fired.clone();
    let when = Instant::now() + Duration::from_secs(60);
    let t1 = sched.add_timer(&p3.shared, when, None, Box::new(|_: &mut Cx<'_>| {}));
    let t2 = sched.add_timer(
        &p3.shared,
        Instant::now(),
        None,
        Box::new(move |_: &mut Cx<'_>| {
            f2.fetch_add(1, Ordering::SeqCst);
        }),
    );
    let dead = sched.add_timer(&p3.shared, when, None, Box::new(|_: &mut Cx<'_>| {}));
    assert!(sched.stop_timer(&dead));
    let _ = t2;

    assert_eq!(sched.procresize(1), 4);
    assert_eq!(sched.gomaxprocs(), 1);
    // P1 and P2 were idle: stopped at once; P0 stays idle.
    assert_eq!(sched.npidle.load(Ordering::SeqCst), 1);
    assert_eq!(
        sched.allp[2].status.load(Ordering::SeqCst),
        crate::p::P_STOPPED
    );
    let mut l = sched.lock();
    assert_eq!(l.pidle.len(), 1);
    // Its wake-ups (`after_pstop`) would start Ms: not wanted here.
    let _ = sched.prelease(&mut l, p3);
    let global: Vec<u64> = l.runq.iter().map(|g| g.goid()).collect();
    assert_eq!(global, vec![12, 10, 11, 100]);
    assert_eq!(sched.runqsize.load(Ordering::SeqCst), 4);
    let mut p0 = l.pidle.pop().unwrap();
    sched.npidle.fetch_sub(1, Ordering::SeqCst);
    drop(l);
    assert_eq!(
        sched.allp[3].status.load(Ordering::SeqCst),
        crate::p::P_STOPPED
    );
    assert_eq!(sched.allp[3].timer0.load(Ordering::SeqCst), u64::MAX);
    assert_ne!(sched.allp[0].timer0.load(Ordering::SeqCst), u64::MAX);
    // The due timer now runs from P0's heap; the far one is still armed.
    let me = p0.shared.clone();
    assert_eq!(sched.run_timers(&mut p0, &me, Instant::now()), 1);
    assert_eq!(fired.load(Ordering::SeqCst), 1);
    assert!(sched.stop_timer(&t1));
    assert_eq!(sched.timers_live.load(Ordering::SeqCst), 0);

    // Grow back: P1..P3 idle again (P0 is "held" by this test).
    assert_eq!(sched.procresize(4), 1);
    assert_eq!(sched.npidle.load(Ordering::SeqCst), 3);
    let ids: Vec<usize> = sched.lock().pidle.iter().rev().map(|p| p.id).collect();
    assert_eq!(ids, vec![1, 2, 3]);
    drop(p0);
}
