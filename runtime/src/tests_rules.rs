//! The scheduler lab's rule switches (`Config::rules`, `GODEBUG`), each
//! tested against the rule it turns off: the same scenario with the rule
//! on and off, observed through the execution trace or the log.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::tests::{log, recv, send, tri, FakeTask, Op};
use crate::trace::{Ev, Record};
use crate::*;

fn cfg(procs: usize, godebug: &str) -> Config {
    let mut c = Config::with_procs(procs);
    c.trace = true;
    c.apply_godebug(godebug);
    c
}

/// Runs `main` to completion and returns the trace.
fn run_traced(config: Config, main: Box<dyn Task>) -> Vec<Record> {
    let rt = Runtime::new(config);
    let st = rt.run_main(main);
    assert!(matches!(st, ExitStatus::Exited), "unexpected {st:?}");
    rt.take_trace().expect("tracing is on")
}

fn count(records: &[Record], f: impl Fn(&Ev) -> bool) -> usize {
    records.iter().filter(|r| f(&r.ev)).count()
}

/// Spawning g2, g3, g4 on one P: runnext makes the last one run first;
/// `runnextoff=1` leaves plain FIFO order.
#[test]
fn runnextoff_spawns_run_in_fifo_order() {
    let order = |godebug: &str| {
        let log = log();
        let chans = Arc::new(vec![Chan::new(0)]);
        let main = vec![
            Op::Spawn(vec![Op::Log("g2")]),
            Op::Spawn(vec![Op::Log("g3"), Op::Send(0)]),
            Op::Spawn(vec![Op::Log("g4")]),
            Op::Recv(0),
        ];
        let records = run_traced(cfg(1, godebug), FakeTask::boxed(main, &chans, &log));
        let inherited = count(&records, |e| matches!(e, Ev::GoStart { inherit: true, .. }));
        let l = log.lock().unwrap().clone();
        (l, inherited)
    };
    assert_eq!(order("").0, ["g4", "g2", "g3"]);
    let (l, inherited) = order("runnextoff=1");
    assert_eq!(l, ["g2", "g3", "g4"]);
    assert_eq!(inherited, 0, "no G may run from runnext");
}

/// A ping-pong of `n` round trips on one P; returns how far schedtick moved.
fn ping_pong_ticks(config: Config, n: u64) -> (u64, Vec<Record>) {
    let a = Chan::new(0);
    let b = Chan::new(0);
    let ticks = Arc::new(AtomicU64::new(0));
    let (a2, b2, ticks2) = (a.clone(), b.clone(), ticks.clone());
    let mut started = false;
    let mut start_tick = 0;
    let (mut i, mut rw, mut sw) = (0, None, None);
    let main = Box::new(move |cx: &mut Cx<'_>| {
        if !started {
            started = true;
            let (a3, b3) = (a2.clone(), b2.clone());
            let (mut rw, mut sw, mut phase) = (None, None, 0);
            cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                for _ in 0..n {
                    if phase == 0 {
                        tri!(recv(&a3, cx, &mut rw));
                        phase = 1;
                    }
                    tri!(send(&b3, cx, 0, &mut sw));
                    phase = 0;
                }
                Step::Exit
            }));
            start_tick = cx.pl().schedtick;
        }
        while i < n {
            if rw.is_none() {
                tri!(send(&a2, cx, i, &mut sw));
            }
            tri!(recv(&b2, cx, &mut rw));
            i += 1;
        }
        ticks2.store(u64::from(cx.pl().schedtick - start_tick), Ordering::SeqCst);
        Step::Exit
    });
    let records = run_traced(config, main);
    (ticks.load(Ordering::SeqCst), records)
}

/// With runnext a woken G inherits the waker's slice (schedtick stands
/// still); with `runnextoff=1` or `wakeplocal=0` every wakeup is a new tick.
#[test]
fn runnextoff_and_wakeplocal_make_every_wakeup_a_tick() {
    let (t, records) = ping_pong_ticks(cfg(1, ""), 500);
    assert!(t <= 5, "runnext on: schedtick moved {t} times");
    assert!(
        count(&records, |e| matches!(
            e,
            Ev::GoUnblock { runnext: true, .. }
        )) >= 999
    );

    let (t, records) = ping_pong_ticks(cfg(1, "runnextoff=1"), 500);
    assert!(t >= 999, "runnextoff: schedtick moved only {t} times");
    assert_eq!(
        count(&records, |e| matches!(
            e,
            Ev::GoUnblock { runnext: true, .. }
        )),
        0
    );

    let (t, records) = ping_pong_ticks(cfg(1, "wakeplocal=0"), 500);
    assert!(t >= 999, "wakeplocal=0: schedtick moved only {t} times");
    assert_eq!(
        count(&records, |e| matches!(
            e,
            Ev::GoUnblock { runnext: true, .. }
        )),
        0
    );
    // Every woken G came from the global queue.
    let global = count(&records, |e| matches!(e, Ev::GlobalRunqGet { .. }));
    assert!(global >= 999, "only {global} global-queue gets");
}

/// Main yields to the global queue while a chain of `chain` workers keeps
/// the local queue busy (no sysmon, so no runnext and no preemption).
/// Returns the schedtick at which main ran again.
fn global_wait(godebug: &str, chain: usize) -> u32 {
    let mut c = cfg(1, godebug);
    c.sysmon = false;
    let left = Arc::new(AtomicUsize::new(chain));
    fn worker(left: Arc<AtomicUsize>) -> Box<dyn Task> {
        Box::new(move |cx: &mut Cx<'_>| {
            if left.fetch_sub(1, Ordering::SeqCst) > 1 {
                cx.spawn(worker(left.clone()));
            }
            Step::Exit
        })
    }
    let back_at = Arc::new(Mutex::new(0));
    let back2 = back_at.clone();
    let mut phase = 0;
    let main = Box::new(move |cx: &mut Cx<'_>| {
        phase += 1;
        if phase == 1 {
            cx.spawn(worker(left.clone()));
            cx.spawn(worker(left.clone()));
            return Step::Yield;
        }
        *back2.lock().unwrap() = cx.pl().schedtick;
        Step::Exit
    });
    run_traced(c, main);
    let t = *back_at.lock().unwrap();
    t
}

/// The 61st tick takes a G from the global queue although local work
/// remains; `globalpolloff=1` lets local work starve it until it runs out.
#[test]
fn globalpolloff_starves_the_global_queue() {
    let on = global_wait("", 400);
    assert!(on <= 62, "global G waited until tick {on}");
    let off = global_wait("globalpolloff=1", 400);
    assert!(
        off > 400,
        "global G ran at tick {off}, before local work ran out"
    );
}

/// A G that spins for `spin` on one P, noting whether sysmon asked it to
/// stop; main sleeps 1ms meanwhile. Returns (preempt requested after,
/// main's sleep took, trace).
fn spinner(godebug: &str, spin: Duration) -> (Option<Duration>, Duration, Vec<Record>) {
    let asked = Arc::new(Mutex::new(None));
    let slept = Arc::new(Mutex::new(Duration::ZERO));
    // Taken by main just before it parks. With one P the spinner's slice
    // (the schedtick sysmon watches) cannot start before it, so the time
    // from here to the preemption is never shorter than sysmon's count.
    let parked_at = Arc::new(Mutex::new(Instant::now()));
    let (asked2, slept2, parked_at2) = (asked.clone(), slept.clone(), parked_at.clone());
    let mut phase = 0;
    let main = Box::new(move |cx: &mut Cx<'_>| {
        phase += 1;
        if phase == 1 {
            let (asked3, parked_at3) = (asked2.clone(), parked_at2.clone());
            let mut done = false;
            cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                if done {
                    return Step::Exit;
                }
                let t = Instant::now();
                while t.elapsed() < spin {
                    if cx.preempt_requested() {
                        *asked3.lock().unwrap() = Some(parked_at3.lock().unwrap().elapsed());
                        done = true;
                        return Step::Preempted;
                    }
                    std::hint::spin_loop();
                }
                Step::Exit
            }));
            let t0 = Instant::now();
            *parked_at2.lock().unwrap() = t0;
            assert!(cx.sleep_until(t0 + Duration::from_millis(1)));
            return Step::Park(WaitReason::Sleep);
        }
        *slept2.lock().unwrap() = parked_at2.lock().unwrap().elapsed();
        Step::Exit
    });
    let records = run_traced(cfg(1, godebug), main);
    let a = *asked.lock().unwrap();
    let s = *slept.lock().unwrap();
    (a, s, records)
}

/// sysmon preempts a spinner after its time slice; `preemptoff=1` never
/// does, so a sleeper on the same P waits for the spinner to finish.
#[test]
fn preemptoff_lets_a_spinner_keep_its_p() {
    let (asked, _, records) = spinner("", Duration::from_secs(5));
    let after = asked.expect("sysmon never preempted the spinner");
    assert!(
        after >= Duration::from_millis(10),
        "preempted after {after:?}"
    );
    assert!(count(&records, |e| matches!(e, Ev::Preempt { .. })) >= 1);

    let spin = Duration::from_millis(150);
    let (asked, slept, records) = spinner("preemptoff=1", spin);
    assert_eq!(
        asked, None,
        "preemptoff=1 but the spinner was asked to stop"
    );
    assert_eq!(count(&records, |e| matches!(e, Ev::Preempt { .. })), 0);
    assert!(slept >= spin, "main woke after {slept:?}, inside the spin");
}

/// `timeslice=D` moves the preemption point: never before D.
#[test]
fn timeslice_sets_when_sysmon_preempts() {
    let (asked, _, _) = spinner("timeslice=80ms", Duration::from_secs(5));
    let after = asked.expect("sysmon never preempted the spinner");
    assert!(
        after >= Duration::from_millis(80),
        "preempted after {after:?}"
    );
    let (asked, _, _) = spinner("timeslice=1ms", Duration::from_secs(5));
    let after = asked.expect("sysmon never preempted the spinner");
    assert!(
        after >= Duration::from_millis(1),
        "preempted after {after:?}"
    );
}

/// Eight 3ms spinners spawned on P0 of two Ps: with stealing the idle P
/// takes some; with `stealoff=1` (and no preemption, which would move them
/// through the global queue) all run on P0 and the trace has no steal.
#[test]
fn stealoff_keeps_work_on_its_p() {
    let ps_seen = |godebug: &str| {
        let seen = Arc::new(Mutex::new(std::collections::HashSet::new()));
        let seen2 = seen.clone();
        let sema = Arc::new(Sema::new(0));
        let mut spawned = false;
        let mut joined = 0;
        let main = Box::new(move |cx: &mut Cx<'_>| {
            if !spawned {
                spawned = true;
                for _ in 0..8 {
                    let (seen3, s3) = (seen2.clone(), sema.clone());
                    cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                        seen3.lock().unwrap().insert(cx.p_id());
                        let t = Instant::now();
                        while t.elapsed() < Duration::from_millis(3) {
                            std::hint::spin_loop();
                        }
                        s3.release(cx);
                        Step::Exit
                    }));
                }
            } else {
                joined += 1;
            }
            while joined < 8 {
                match sema.acquire(cx) {
                    SemaAcquire::Acquired => joined += 1,
                    SemaAcquire::Blocked(_) => return Step::Park(WaitReason::WaitGroupWait),
                }
            }
            Step::Exit
        });
        let records = run_traced(cfg(2, godebug), main);
        let n = seen.lock().unwrap().len();
        (n, count(&records, |e| matches!(e, Ev::ProcSteal { .. })))
    };
    let (n, steals) = ps_seen("preemptoff=1");
    assert_eq!(n, 2, "the idle P never took work");
    assert!(steals >= 1);
    let (n, steals) = ps_seen("stealoff=1,preemptoff=1");
    assert_eq!(steals, 0);
    assert_eq!(n, 1, "work moved to another P without stealing");
}

/// A 200ms syscall on one P while another G wants to run: sysmon hands
/// the P off and the other G runs during the call; `handoffoff=1` keeps
/// the P with the syscall, so the other G waits it out.
#[test]
fn handoffoff_keeps_the_p_in_a_syscall() {
    let steps_during = |godebug: &str| {
        let steps = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let result = Arc::new(Mutex::new(None));
        let (c2, s2, r2) = (steps.clone(), stop.clone(), result.clone());
        let mut stage = 0;
        let main = Box::new(move |cx: &mut Cx<'_>| {
            if stage == 0 {
                let (c, s) = (c2.clone(), s2.clone());
                cx.spawn(Box::new(move |_: &mut Cx<'_>| {
                    if s.load(Ordering::SeqCst) {
                        return Step::Exit;
                    }
                    c.fetch_add(1, Ordering::SeqCst);
                    Step::Yield
                }));
                let c = c2.clone();
                let before = c.load(Ordering::SeqCst);
                let r = cx.blocking(move || {
                    std::thread::sleep(Duration::from_millis(200));
                    c.load(Ordering::SeqCst)
                });
                *r2.lock().unwrap() = Some(r.value - before);
                stage = 1;
                if r.must_yield {
                    return Step::Yield;
                }
            }
            s2.store(true, Ordering::SeqCst);
            Step::Exit
        });
        let records = run_traced(cfg(1, godebug), main);
        let during = result.lock().unwrap().expect("main did not finish");
        (during, count(&records, |e| matches!(e, Ev::Handoff { .. })))
    };
    let (during, handoffs) = steps_during("");
    assert!(
        during > 50,
        "other G made {during} steps during the syscall"
    );
    assert!(handoffs >= 1);
    let (during, handoffs) = steps_during("handoffoff=1");
    assert_eq!(during, 0, "the other G ran although the syscall kept the P");
    assert_eq!(handoffs, 0);
}
