//! Stop-the-world (`stw.rs`) with fake tasks: the calling thread of each
//! test plays the GC worker (no P), the runtime runs on another thread.
//! Timeouts are failure guards only.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::tests::{recv, send, tri};
use crate::*;

// ----- helpers ------------------------------------------------------------------

/// Start `main` on a fresh runtime in the background.
fn start(
    procs: usize,
    main: impl FnMut(&mut Cx<'_>) -> Step + Send + 'static,
) -> (Runtime, JoinHandle<ExitStatus>) {
    let rt = Runtime::new(Config::with_procs(procs));
    let rt2 = rt.clone();
    let h = std::thread::spawn(move || rt2.run_main(Box::new(main)));
    (rt, h)
}

fn exited(h: JoinHandle<ExitStatus>) {
    let st = h.join().unwrap();
    assert!(matches!(st, ExitStatus::Exited), "unexpected {st:?}");
}

/// Spin (with short sleeps) until `f` holds; panic after 5 s.
fn wait_for(what: &str, f: impl Fn() -> bool) {
    let t = Instant::now();
    while !f() {
        assert!(t.elapsed() < Duration::from_secs(5), "timed out: {what}");
        std::thread::sleep(Duration::from_micros(200));
    }
}

/// The interpreter's safe point: `Some(step)` to return from `run`.
fn safe_point(cx: &mut Cx<'_>) -> Option<Step> {
    if !cx.preempt_requested() {
        return None;
    }
    if cx.gc_waiting() {
        cx.gc_stop();
        None
    } else {
        Some(Step::Preempted)
    }
}

fn count_state(rt: &Runtime, state: &str) -> usize {
    rt.goroutine_states()
        .iter()
        .filter(|g| g.state == state)
        .count()
}

/// A task that spins, bumping `progress`, stopping at GC safe points,
/// until `done`; then bumps `finished` and exits.
fn spinner(
    progress: &Arc<AtomicU64>,
    done: &Arc<AtomicBool>,
    finished: &Arc<AtomicUsize>,
) -> Box<dyn Task> {
    let (progress, done, finished) = (progress.clone(), done.clone(), finished.clone());
    Box::new(move |cx: &mut Cx<'_>| loop {
        progress.fetch_add(1, Ordering::SeqCst);
        if let Some(step) = safe_point(cx) {
            return step;
        }
        if done.load(Ordering::SeqCst) {
            finished.fetch_add(1, Ordering::SeqCst);
            return Step::Exit;
        }
        std::hint::spin_loop();
    })
}

// ----- tests --------------------------------------------------------------------

#[test]
fn stw_stops_spinning_tasks_and_restarts_them() {
    const N: usize = 6;
    let progress = Arc::new(AtomicU64::new(0));
    let done = Arc::new(AtomicBool::new(false));
    let finished = Arc::new(AtomicUsize::new(0));
    let (p, d, f) = (progress.clone(), done.clone(), finished.clone());
    let mut spawned = false;
    let (rt, h) = start(4, move |cx| {
        if !spawned {
            spawned = true;
            for _ in 0..N {
                cx.spawn(spinner(&p, &d, &f));
            }
        }
        loop {
            if let Some(step) = safe_point(cx) {
                return step;
            }
            if f.load(Ordering::SeqCst) == N {
                return Step::Exit;
            }
            std::hint::spin_loop();
        }
    });
    wait_for("spinners running", || {
        progress.load(Ordering::SeqCst) > 1000
    });
    for _ in 0..5 {
        let t = Instant::now();
        rt.stop_the_world();
        assert!(
            t.elapsed() < Duration::from_secs(1),
            "stop took {:?}",
            t.elapsed()
        );
        assert!(rt.stw_stats().active);
        let before = progress.load(Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(
            progress.load(Ordering::SeqCst),
            before,
            "a task ran while stopped"
        );
        // No idle P can be had while stopped.
        assert!(rt.with_idle_p(|_| ()).is_none());
        rt.start_the_world();
        wait_for("progress after start", || {
            progress.load(Ordering::SeqCst) > before + 100
        });
    }
    done.store(true, Ordering::SeqCst);
    exited(h);
    assert_eq!(finished.load(Ordering::SeqCst), N);
    let st = rt.stw_stats();
    assert_eq!(st.completed, 5);
    assert!(!st.active);
    assert!(st.pause_total >= st.last_pause && st.last_pause >= Duration::from_millis(20));
}

/// Tasks parked on channels and sleeping, idle Ps, and a timer due while
/// stopped: stop returns at once, nothing runs (no timer callback either)
/// until start, then everything completes.
#[test]
fn stw_with_parked_sleeping_idle_and_due_timers() {
    let c = Chan::new(0);
    let woke = Arc::new(AtomicUsize::new(0));
    let (c1, w1) = (c.clone(), woke.clone());
    let mut state = 0;
    let mut sw = None;
    let (rt, h) = start(4, move |cx| {
        if state == 0 {
            state = 1;
            // Three receivers park on `c`.
            for _ in 0..3 {
                let (c, woke) = (c1.clone(), w1.clone());
                let mut rw = None;
                cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                    tri!(recv(&c, cx, &mut rw));
                    woke.fetch_add(1, Ordering::SeqCst);
                    Step::Exit
                }));
            }
            // Main sleeps 150ms, then feeds them.
            assert!(cx.sleep_until(Instant::now() + Duration::from_millis(150)));
            return Step::Park(WaitReason::Sleep);
        }
        while state < 4 {
            tri!(send(&c1, cx, state, &mut sw));
            state += 1;
        }
        Step::Exit
    });
    wait_for("receivers parked", || count_state(&rt, "chan receive") == 3);
    let fired = Arc::new(AtomicUsize::new(0));
    let in_stw = Arc::new(AtomicBool::new(false));
    let bad = Arc::new(AtomicBool::new(false));
    let t = Instant::now();
    rt.stop_the_world();
    assert!(
        t.elapsed() < Duration::from_millis(100),
        "stop took {:?}",
        t.elapsed()
    );
    in_stw.store(true, Ordering::SeqCst);
    let (f, i, b) = (fired.clone(), in_stw.clone(), bad.clone());
    let _t = rt.add_timer(
        Instant::now() + Duration::from_millis(2),
        None,
        Box::new(move |_cx| {
            if i.load(Ordering::SeqCst) {
                b.store(true, Ordering::SeqCst);
            }
            f.fetch_add(1, Ordering::SeqCst);
        }),
    );
    std::thread::sleep(Duration::from_millis(30));
    assert_eq!(
        fired.load(Ordering::SeqCst),
        0,
        "timer callback ran while stopped"
    );
    assert_eq!(count_state(&rt, "chan receive"), 3);
    in_stw.store(false, Ordering::SeqCst);
    rt.start_the_world();
    wait_for("timer after start", || fired.load(Ordering::SeqCst) == 1);
    exited(h);
    assert!(!bad.load(Ordering::SeqCst));
    // Main exits right after its last send: receivers may not all have run.
    assert!(woke.load(Ordering::SeqCst) <= 3);
}

/// A task in `blocking(sleep 200ms)`: its P counts as stopped at once; the
/// syscall's return waits for start; then the task finishes, on its P.
#[test]
fn stw_with_task_in_blocking_syscall() {
    let entered = Arc::new(AtomicBool::new(false));
    let returned = Arc::new(AtomicBool::new(false));
    let after = Arc::new(AtomicBool::new(false));
    let p_in_closure = Arc::new(Mutex::new(Some(usize::MAX)));
    let (e, r, a, pc) = (
        entered.clone(),
        returned.clone(),
        after.clone(),
        p_in_closure.clone(),
    );
    let mut did = false;
    let (rt, h) = start(2, move |cx| {
        if !did {
            did = true;
            let before = cx.p_id();
            assert_eq!(current_p(), Some(before));
            let b = cx.blocking(|| {
                *pc.lock().unwrap() = current_p();
                e.store(true, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(200));
                r.store(true, Ordering::SeqCst);
            });
            if b.must_yield {
                return Step::Yield;
            }
            // Usually the STW gave the same P back (unless sysmon had
            // retaken it first: the syscall may pass 10ms under load).
            assert_eq!(current_p(), Some(cx.p_id()));
        }
        a.store(true, Ordering::SeqCst);
        Step::Exit
    });
    wait_for("in syscall", || entered.load(Ordering::SeqCst));
    let t = Instant::now();
    rt.stop_the_world();
    assert!(
        t.elapsed() < Duration::from_millis(100),
        "stop waited for the syscall: {:?}",
        t.elapsed()
    );
    assert!(!returned.load(Ordering::SeqCst));
    wait_for("syscall returned", || returned.load(Ordering::SeqCst));
    std::thread::sleep(Duration::from_millis(20));
    assert!(
        !after.load(Ordering::SeqCst),
        "ran code after the syscall while stopped"
    );
    rt.start_the_world();
    exited(h);
    assert!(after.load(Ordering::SeqCst));
    assert_eq!(*p_in_closure.lock().unwrap(), None);
}

/// Ms spinning in findRunnable and Gs that yield all the time (Ms at the
/// top of schedule, stealing, running timers): every stop holds.
#[test]
fn stw_with_spinning_ms_yielders_and_timers() {
    let progress = Arc::new(AtomicU64::new(0));
    let ticks = Arc::new(AtomicU64::new(0));
    let done = Arc::new(AtomicBool::new(false));
    let finished = Arc::new(AtomicUsize::new(0));
    let (p, t, d, f) = (
        progress.clone(),
        ticks.clone(),
        done.clone(),
        finished.clone(),
    );
    let mut init = false;
    let (rt, h) = start(4, move |cx| {
        if !init {
            init = true;
            // A ticker every 1ms: its callback bumps `ticks`.
            let t = t.clone();
            cx.add_timer(
                Instant::now() + Duration::from_millis(1),
                Some(Duration::from_millis(1)),
                Box::new(move |_| {
                    t.fetch_add(1, Ordering::SeqCst);
                }),
            );
            for _ in 0..3 {
                let (p, d, f) = (p.clone(), d.clone(), f.clone());
                cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                    if let Some(step) = safe_point(cx) {
                        return step;
                    }
                    p.fetch_add(1, Ordering::SeqCst);
                    if d.load(Ordering::SeqCst) {
                        f.fetch_add(1, Ordering::SeqCst);
                        return Step::Exit;
                    }
                    Step::Yield
                }));
            }
        }
        if f.load(Ordering::SeqCst) == 3 {
            return Step::Exit;
        }
        // Main sleeps in short naps: its P goes idle, Ms spin and park.
        // (On a loaded machine the thread can be descheduled past the
        // deadline before the timer is armed: then it yields instead.)
        if !cx.sleep_until(Instant::now() + Duration::from_micros(300)) {
            return Step::Yield;
        }
        Step::Park(WaitReason::Sleep)
    });
    wait_for("yielders running", || progress.load(Ordering::SeqCst) > 100);
    wait_for("ticker running", || ticks.load(Ordering::SeqCst) > 2);
    for _ in 0..20 {
        rt.stop_the_world();
        let (p0, t0) = (
            progress.load(Ordering::SeqCst),
            ticks.load(Ordering::SeqCst),
        );
        std::thread::sleep(Duration::from_millis(3));
        assert_eq!(progress.load(Ordering::SeqCst), p0, "a G ran while stopped");
        assert_eq!(
            ticks.load(Ordering::SeqCst),
            t0,
            "a timer ran while stopped"
        );
        rt.start_the_world();
        wait_for("ticks after start", || ticks.load(Ordering::SeqCst) > t0);
    }
    done.store(true, Ordering::SeqCst);
    exited(h);
    assert_eq!(rt.stw_stats().completed, 20);
}

/// `gc_block_current_p` when the STW starts before the call: it counts
/// the P for that STW and returns after its start.
#[test]
fn gc_block_current_p_with_stw_already_stopping() {
    // Without a P: returns at once.
    gc_block_current_p();
    let seen = Arc::new(AtomicU64::new(u64::MAX));
    let s = seen.clone();
    let (rt, h) = start(2, move |cx| {
        // Wait (without stopping) until the STW is pending.
        while !cx.gc_waiting() {
            std::hint::spin_loop();
        }
        gc_block_current_p();
        s.store(cx.runtime().stw_stats().completed, Ordering::SeqCst);
        Step::Exit
    });
    wait_for("main running", || count_state(&rt, "running") == 1);
    rt.stop_the_world();
    std::thread::sleep(Duration::from_millis(10));
    assert_eq!(
        seen.load(Ordering::SeqCst),
        u64::MAX,
        "returned before start"
    );
    rt.start_the_world();
    exited(h);
    assert_eq!(seen.load(Ordering::SeqCst), 1);
}

/// `gc_block_current_p` before any STW: the next stop counts the P as
/// stopped (it returns although the task never polls), and the call
/// returns only after that STW's start.
#[test]
fn gc_block_current_p_before_stw() {
    let blocked = Arc::new(AtomicBool::new(false));
    let seen = Arc::new(AtomicU64::new(u64::MAX));
    let (b, s) = (blocked.clone(), seen.clone());
    let (rt, h) = start(2, move |cx| {
        b.store(true, Ordering::SeqCst);
        gc_block_current_p();
        s.store(cx.runtime().stw_stats().completed, Ordering::SeqCst);
        Step::Exit
    });
    wait_for("blocked", || blocked.load(Ordering::SeqCst));
    std::thread::sleep(Duration::from_millis(20));
    assert_eq!(
        seen.load(Ordering::SeqCst),
        u64::MAX,
        "returned without a STW"
    );
    let t = Instant::now();
    rt.stop_the_world();
    assert!(t.elapsed() < Duration::from_secs(1));
    std::thread::sleep(Duration::from_millis(10));
    assert_eq!(
        seen.load(Ordering::SeqCst),
        u64::MAX,
        "returned before start"
    );
    rt.start_the_world();
    exited(h);
    assert_eq!(seen.load(Ordering::SeqCst), 1);
}

/// `current_p()`: the P of the task (= `cx.p_id()`), of a timer callback,
/// `None` on other threads.
#[test]
fn current_p_tracks_the_owned_p() {
    assert_eq!(current_p(), None);
    let bad = Arc::new(Mutex::new(Vec::<String>::new()));
    let b = bad.clone();
    let mut state = 0;
    let (_rt, h) = start(4, move |cx| {
        if state == 0 {
            state = 1;
            for i in 0..8u64 {
                let b = b.clone();
                cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                    if current_p() != Some(cx.p_id()) {
                        b.lock().unwrap().push(format!("g{i}: {:?}", current_p()));
                    }
                    Step::Exit
                }));
            }
            let bt = b.clone();
            cx.add_timer(
                Instant::now(),
                None,
                Box::new(move |cx| {
                    if current_p() != Some(cx.p_id()) {
                        bt.lock().unwrap().push("timer".into());
                    }
                }),
            );
            let other = std::thread::spawn(current_p).join().unwrap();
            if other.is_some() {
                b.lock().unwrap().push("other thread".into());
            }
            assert!(cx.sleep_until(Instant::now() + Duration::from_millis(20)));
            return Step::Park(WaitReason::Sleep);
        }
        if current_p() != Some(cx.p_id()) {
            b.lock().unwrap().push("main".into());
        }
        Step::Exit
    });
    exited(h);
    assert!(bad.lock().unwrap().is_empty(), "{:?}", bad.lock().unwrap());
    assert_eq!(current_p(), None);
}

/// A task whose `gc_roots` reports a word.
struct Rooted {
    root: u64,
    c: Chan,
    w: Option<ChanWait>,
}

impl Task for Rooted {
    fn run(&mut self, cx: &mut Cx<'_>) -> Step {
        tri!(recv(&self.c, cx, &mut self.w));
        Step::Exit
    }

    fn gc_roots(&self, f: &mut dyn FnMut(u64)) {
        f(self.root);
    }
}

/// A spinner with a root, stopped inside `run` (skipped by `scan_tasks`).
struct RootedSpinner {
    root: u64,
    done: Arc<AtomicBool>,
}

impl Task for RootedSpinner {
    fn run(&mut self, cx: &mut Cx<'_>) -> Step {
        while !self.done.load(Ordering::SeqCst) {
            if cx.gc_waiting() {
                cx.gc_stop();
            }
            std::hint::spin_loop();
        }
        Step::Exit
    }

    fn gc_roots(&self, f: &mut dyn FnMut(u64)) {
        f(self.root);
    }
}

#[test]
fn scan_tasks_and_chan_values() {
    let c = Chan::new(0);
    let buf = Chan::new(2);
    let done = Arc::new(AtomicBool::new(false));
    let (c1, b1, d1) = (c.clone(), buf.clone(), done.clone());
    let mut state = 0;
    let mut sw = None;
    let (rt, h) = start(4, move |cx| {
        if state == 0 {
            state = 1;
            for i in 1..=3 {
                cx.spawn(Box::new(Rooted {
                    root: 1000 + i,
                    c: c1.clone(),
                    w: None,
                }));
            }
            cx.spawn(Box::new(RootedSpinner {
                root: 2000,
                done: d1.clone(),
            }));
            // Fill `buf`, then a sender blocks on it with 30.
            let b = b1.clone();
            let mut w = None;
            let mut k = 0;
            cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                while k < 3 {
                    tri!(send(&b, cx, 10 * (k + 1), &mut w));
                    k += 1;
                }
                Step::Exit
            }));
        }
        // Main: wake the receivers once the spinner is done.
        if !d1.load(Ordering::SeqCst) {
            if !cx.sleep_until(Instant::now() + Duration::from_millis(1)) {
                return Step::Yield;
            }
            return Step::Park(WaitReason::Sleep);
        }
        while state < 4 {
            tri!(send(&c1, cx, state, &mut sw));
            state += 1;
        }
        Step::Exit
    });
    wait_for("parked", || {
        count_state(&rt, "chan receive") == 3 && count_state(&rt, "chan send") == 1
    });
    rt.stop_the_world();
    let mut seen = HashSet::new();
    let skipped = rt.scan_tasks(
        &mut |w| {
            seen.insert(w);
        },
        &|_| true,
    );
    assert_eq!(skipped, 1, "the spinner is stopped inside run");
    for r in [1001, 1002, 1003] {
        assert!(seen.contains(&r), "missing root {r}: {seen:?}");
    }
    assert!(!seen.contains(&2000));
    let mut vals = Vec::new();
    buf.for_each_value(&mut |v| vals.push(v));
    assert_eq!(vals, [10, 20, 30]);
    rt.start_the_world();
    done.store(true, Ordering::SeqCst);
    exited(h);
}

/// A completed receive's value waits in the `ChanWait` until read.
#[test]
fn chan_wait_reports_delivered_value() {
    let rt = Runtime::new(Config::with_procs(1));
    let c = Chan::new(0);
    let got = Arc::new(Mutex::new(Vec::new()));
    let (c1, g1) = (c.clone(), got.clone());
    let mut w: Option<ChanWait> = None;
    let mut state = 0;
    let st = rt.run_main(Box::new(move |cx: &mut Cx<'_>| {
        if state == 0 {
            state = 1;
            let c2 = c1.clone();
            cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                assert!(c2.try_send(cx, 77).unwrap());
                Step::Exit
            }));
            match c1.recv(cx) {
                RecvOutcome::Blocked(x) => w = Some(x),
                RecvOutcome::Ready(..) => panic!("nobody sent yet"),
            }
            let mut v = Vec::new();
            w.as_ref().unwrap().for_each_value(&mut |x| v.push(x));
            assert!(v.is_empty(), "value before delivery: {v:?}");
            return Step::Park(WaitReason::ChanReceive);
        }
        let w = w.take().unwrap();
        w.for_each_value(&mut |x| g1.lock().unwrap().push(x));
        assert_eq!(w.recv_result(), (77, true));
        Step::Exit
    }));
    assert!(matches!(st, ExitStatus::Exited), "{st:?}");
    assert_eq!(*got.lock().unwrap(), [77]);
}

/// 200 stop/start cycles while 8 tasks on 4 Ps ping-pong on channels,
/// spawn, sleep and yield: everything completes, no deadlock report.
#[test]
fn stw_stress_200_cycles() {
    const PAIRS: usize = 4;
    const MIN_ROUNDS: u64 = 50;
    let stw_done = Arc::new(AtomicBool::new(false));
    let progress = Arc::new(AtomicU64::new(0));
    let finished = Arc::new(AtomicUsize::new(0));
    let (sd, pr, fin) = (stw_done.clone(), progress.clone(), finished.clone());
    let mut init = false;
    let (rt, h) = start(4, move |cx| {
        if !init {
            init = true;
            for _ in 0..PAIRS {
                let (ping, pong) = (Chan::new(0), Chan::new(1));
                for side in 0..2 {
                    let (a, b) = if side == 0 {
                        (ping.clone(), pong.clone())
                    } else {
                        (pong.clone(), ping.clone())
                    };
                    let (sd, pr, fin) = (sd.clone(), pr.clone(), fin.clone());
                    let (mut round, mut phase, mut stop) = (0u64, 0u8, false);
                    let (mut sw, mut rw) = (None, None);
                    cx.spawn(Box::new(move |cx: &mut Cx<'_>| loop {
                        if let Some(step) = safe_point(cx) {
                            return step;
                        }
                        match phase {
                            // Side 0 sends first and decides when both
                            // stop (bit 0 of the value); side 1 follows.
                            0 if side == 0 => {
                                if sw.is_none() {
                                    stop = round >= MIN_ROUNDS && sd.load(Ordering::SeqCst);
                                }
                                tri!(send(&a, cx, round * 2 + u64::from(stop), &mut sw));
                            }
                            0 => {
                                let (v, _) = tri!(recv(&b, cx, &mut rw));
                                stop = v & 1 == 1;
                            }
                            1 if side == 0 => {
                                tri!(recv(&b, cx, &mut rw));
                            }
                            1 => tri!(send(&a, cx, round, &mut sw)),
                            2 => {
                                cx.spawn(Box::new(|cx: &mut Cx<'_>| {
                                    safe_point(cx).unwrap_or(Step::Exit)
                                }));
                            }
                            3 => {
                                phase = 4;
                                if round % 8 == 0
                                    && cx.sleep_until(Instant::now() + Duration::from_micros(50))
                                {
                                    return Step::Park(WaitReason::Sleep);
                                }
                                continue;
                            }
                            _ => {
                                phase = 0;
                                round += 1;
                                pr.fetch_add(1, Ordering::SeqCst);
                                if stop {
                                    fin.fetch_add(1, Ordering::SeqCst);
                                    return Step::Exit;
                                }
                                if round % 3 == 0 {
                                    return Step::Yield;
                                }
                                continue;
                            }
                        }
                        phase += 1;
                    }));
                }
            }
        }
        if fin.load(Ordering::SeqCst) == 2 * PAIRS {
            return Step::Exit;
        }
        // Yield instead if a descheduled thread already passed the
        // deadline (a loaded machine).
        if !cx.sleep_until(Instant::now() + Duration::from_micros(500)) {
            return Step::Yield;
        }
        Step::Park(WaitReason::Sleep)
    });
    wait_for("tasks running", || progress.load(Ordering::SeqCst) > 10);
    for i in 0..200 {
        rt.stop_the_world();
        let p0 = progress.load(Ordering::SeqCst);
        if i % 20 == 0 {
            std::thread::sleep(Duration::from_micros(500));
        }
        rt.scan_tasks(&mut |_| {}, &|_| true);
        assert_eq!(progress.load(Ordering::SeqCst), p0, "ran while stopped");
        rt.start_the_world();
        if i % 4 == 0 {
            std::thread::sleep(Duration::from_micros(100));
        }
    }
    stw_done.store(true, Ordering::SeqCst);
    exited(h);
    assert_eq!(finished.load(Ordering::SeqCst), 2 * PAIRS);
    assert_eq!(rt.stw_stats().completed, 200);
}

/// GOMAXPROCS changes wait for the world to start again.
#[test]
fn set_gomaxprocs_waits_for_stw() {
    let done = Arc::new(AtomicBool::new(false));
    let d = done.clone();
    let (rt, h) = start(2, move |cx| {
        if d.load(Ordering::SeqCst) {
            return Step::Exit;
        }
        assert!(cx.sleep_until(Instant::now() + Duration::from_millis(1)));
        Step::Park(WaitReason::Sleep)
    });
    rt.stop_the_world();
    let mut rt2 = rt.clone();
    let changer = std::thread::spawn(move || rt2.set_gomaxprocs(3));
    std::thread::sleep(Duration::from_millis(20));
    assert_eq!(rt.gomaxprocs(), 2, "procresize ran during the STW");
    rt.start_the_world();
    assert_eq!(changer.join().unwrap(), 2);
    assert_eq!(rt.gomaxprocs(), 3);
    done.store(true, Ordering::SeqCst);
    exited(h);
}

/// A syscall whose P sysmon handed to another G before the STW: on return
/// during the STW `exitsyscall` waits for start, then (no idle P) the
/// task yields and finishes later; nothing runs while stopped.
#[test]
fn stw_with_retaken_syscall_p() {
    let entered = Arc::new(AtomicBool::new(false));
    let returned = Arc::new(AtomicBool::new(false));
    let after = Arc::new(AtomicBool::new(false));
    let progress = Arc::new(AtomicU64::new(0));
    let done = Arc::new(AtomicBool::new(false));
    let finished = Arc::new(AtomicUsize::new(0));
    let (e, r, a, p, d, f) = (
        entered.clone(),
        returned.clone(),
        after.clone(),
        progress.clone(),
        done.clone(),
        finished.clone(),
    );
    let mut state = 0;
    let (rt, h) = start(1, move |cx| {
        if state == 0 {
            state = 1;
            cx.spawn(spinner(&p, &d, &f));
            let b = cx.blocking(|| {
                e.store(true, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(100));
                r.store(true, Ordering::SeqCst);
            });
            if b.must_yield {
                return Step::Yield;
            }
        }
        a.store(true, Ordering::SeqCst);
        if f.load(Ordering::SeqCst) == 1 {
            return Step::Exit;
        }
        Step::Yield
    });
    wait_for("in syscall", || entered.load(Ordering::SeqCst));
    // sysmon hands the P to the spinner.
    wait_for("spinner running", || progress.load(Ordering::SeqCst) > 1000);
    rt.stop_the_world();
    let p0 = progress.load(Ordering::SeqCst);
    wait_for("syscall returned", || returned.load(Ordering::SeqCst));
    std::thread::sleep(Duration::from_millis(10));
    assert!(
        !after.load(Ordering::SeqCst),
        "ran after the syscall while stopped"
    );
    assert_eq!(progress.load(Ordering::SeqCst), p0);
    rt.start_the_world();
    wait_for("main after syscall", || after.load(Ordering::SeqCst));
    done.store(true, Ordering::SeqCst);
    exited(h);
}

/// The program ends (here from a thread without a P, as a signal would)
/// while the world is stopped: the collector is marking, so no task may
/// run again until `start_the_world`, end or not.
#[test]
fn stw_completed_before_the_end_holds_until_start() {
    let progress = Arc::new(AtomicU64::new(0));
    let done = Arc::new(AtomicBool::new(false));
    let finished = Arc::new(AtomicUsize::new(0));
    let (p, d, f) = (progress.clone(), done.clone(), finished.clone());
    let mut spawned = false;
    let (rt, h) = start(2, move |cx| {
        if !spawned {
            spawned = true;
            cx.spawn(spinner(&p, &d, &f));
        }
        loop {
            if let Some(step) = safe_point(cx) {
                return step;
            }
            if d.load(Ordering::SeqCst) {
                return Step::Exit;
            }
            std::hint::spin_loop();
        }
    });
    wait_for("spinner running", || progress.load(Ordering::SeqCst) > 1000);
    assert!(rt.stop_the_world(), "the world did not stop");
    let before = progress.load(Ordering::SeqCst);
    rt.sched.finish(ExitStatus::Exited);
    std::thread::sleep(Duration::from_millis(60));
    assert_eq!(
        progress.load(Ordering::SeqCst),
        before,
        "a task ran during the collection after the end"
    );
    done.store(true, Ordering::SeqCst);
    rt.start_the_world();
    exited(h);
}

/// The program ends while a stop still waits for a P (its G is past any
/// safe point): the stop is abandoned, `stop_the_world` says so, and
/// a G already stopped for it goes on rather than waiting for ever.
#[test]
fn stw_still_stopping_at_the_end_is_abandoned() {
    let progress = Arc::new(AtomicU64::new(0));
    let done = Arc::new(AtomicBool::new(false));
    let finished = Arc::new(AtomicUsize::new(0));
    let release = Arc::new(AtomicBool::new(false));
    let stuck = Arc::new(AtomicBool::new(false));
    let (p, d, f, r, st) = (
        progress.clone(),
        done.clone(),
        finished.clone(),
        release.clone(),
        stuck.clone(),
    );
    let mut spawned = false;
    let (rt, h) = start(2, move |cx| {
        if !spawned {
            spawned = true;
            cx.spawn(spinner(&p, &d, &f));
            return Step::Yield;
        }
        // No safe point: a STW cannot stop this P.
        st.store(true, Ordering::SeqCst);
        while !r.load(Ordering::SeqCst) {
            std::hint::spin_loop();
        }
        Step::Exit
    });
    wait_for("spinner running", || progress.load(Ordering::SeqCst) > 1000);
    wait_for("main past its safe points", || stuck.load(Ordering::SeqCst));
    let rt2 = rt.clone();
    let stopper = std::thread::spawn(move || rt2.stop_the_world());
    wait_for("stop requested", || rt.stw_stats().active);
    // The spinner stops; main's P does not.
    let p0 = progress.load(Ordering::SeqCst);
    std::thread::sleep(Duration::from_millis(20));
    wait_for("spinner stopped", || {
        let a = progress.load(Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(5));
        a == progress.load(Ordering::SeqCst)
    });
    assert!(p0 <= progress.load(Ordering::SeqCst));
    // The end comes from a thread without a P (a signal) while main's P
    // still runs.
    rt.sched.finish(ExitStatus::Exited);
    assert!(
        !stopper.join().unwrap(),
        "stop_the_world claimed a stopped world after the end"
    );
    let p1 = progress.load(Ordering::SeqCst);
    wait_for("stopped spinner released", || {
        progress.load(Ordering::SeqCst) > p1
    });
    release.store(true, Ordering::SeqCst);
    done.store(true, Ordering::SeqCst);
    exited(h);
}
