//! Scheduler tests driving the real code (Go's `export_test.go` habit):
//! queue functions on bare Ps without threads, and whole runtimes running
//! scripted fake tasks that log what they do.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::proc::Sched;
use crate::*;

// ----- helpers ------------------------------------------------------------------

pub(crate) type Log = Arc<Mutex<Vec<String>>>;

pub(crate) fn log() -> Log {
    Arc::new(Mutex::new(Vec::new()))
}

pub(crate) fn push(log: &Log, s: impl Into<String>) {
    log.lock().unwrap().push(s.into());
}

fn cfg(procs: usize) -> Config {
    Config::with_procs(procs)
}

fn run(config: Config, main: impl FnMut(&mut Cx<'_>) -> Step + Send + 'static) -> ExitStatus {
    Runtime::new(config).run_main(Box::new(main))
}

fn exited(st: ExitStatus) {
    assert!(matches!(st, ExitStatus::Exited), "unexpected {st:?}");
}

/// One step of a scripted fake goroutine.
#[derive(Clone)]
pub(crate) enum Op {
    Log(&'static str),
    Spawn(Vec<Op>),
    /// Receive from channel i (parks until woken by a sender).
    Recv(usize),
    Send(usize),
    /// Spin, polling the preempt flag, until preempted; logs "preempted".
    SpinUntilPreempted,
}

/// A fake goroutine running a script; channel ops park for real.
pub(crate) struct FakeTask {
    ops: Vec<Op>,
    pc: usize,
    chans: Arc<Vec<Chan>>,
    log: Log,
    recv: Option<ChanWait>,
    send: Option<ChanWait>,
}

impl FakeTask {
    pub(crate) fn boxed(ops: Vec<Op>, chans: &Arc<Vec<Chan>>, log: &Log) -> Box<FakeTask> {
        Box::new(FakeTask {
            ops,
            pc: 0,
            chans: chans.clone(),
            log: log.clone(),
            recv: None,
            send: None,
        })
    }
}

impl Task for FakeTask {
    fn run(&mut self, cx: &mut Cx<'_>) -> Step {
        while let Some(op) = self.ops.get(self.pc).cloned() {
            match op {
                Op::Log(s) => push(&self.log, s),
                Op::Spawn(ops) => {
                    cx.spawn(FakeTask::boxed(ops, &self.chans, &self.log));
                }
                Op::Recv(i) => match self.recv.take() {
                    Some(w) => {
                        w.recv_result();
                    }
                    None => match self.chans[i].recv(cx) {
                        RecvOutcome::Ready(..) => {}
                        RecvOutcome::Blocked(w) => {
                            self.recv = Some(w);
                            return Step::Park(WaitReason::ChanReceive);
                        }
                    },
                },
                Op::Send(i) => match self.send.take() {
                    Some(w) => w.send_result().unwrap(),
                    None => match self.chans[i].send(cx, 1).unwrap() {
                        SendOutcome::Done => {}
                        SendOutcome::Blocked(w) => {
                            self.send = Some(w);
                            return Step::Park(WaitReason::ChanSend);
                        }
                    },
                },
                Op::SpinUntilPreempted => {
                    if cx.preempt_requested() {
                        self.pc += 1;
                        push(&self.log, "preempted");
                        return Step::Preempted;
                    }
                    std::hint::spin_loop();
                    continue;
                }
            }
            self.pc += 1;
        }
        Step::Exit
    }
}

/// Blocking receive inside a closure task: `Ok(v)` or the Step to return.
pub(crate) fn recv(
    c: &Chan,
    cx: &mut Cx<'_>,
    w: &mut Option<ChanWait>,
) -> Result<(u64, bool), Step> {
    if let Some(w) = w.take() {
        return Ok(w.recv_result());
    }
    match c.recv(cx) {
        RecvOutcome::Ready(v, ok) => Ok((v, ok)),
        RecvOutcome::Blocked(x) => {
            *w = Some(x);
            Err(Step::Park(WaitReason::ChanReceive))
        }
    }
}

pub(crate) fn send(
    c: &Chan,
    cx: &mut Cx<'_>,
    v: u64,
    w: &mut Option<ChanWait>,
) -> Result<(), Step> {
    if let Some(w) = w.take() {
        return w.send_result().map_err(|e| Step::Fatal(e.to_string()));
    }
    match c.send(cx, v) {
        Ok(SendOutcome::Done) => Ok(()),
        Ok(SendOutcome::Blocked(x)) => {
            *w = Some(x);
            Err(Step::Park(WaitReason::ChanSend))
        }
        Err(e) => Err(Step::Fatal(e.to_string())),
    }
}

macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(step) => return step,
        }
    };
}
pub(crate) use tri;

// ----- queues on bare Ps (no threads) ---------------------------------------

#[allow(clippy::vec_box)]
fn bare(procs: usize) -> (Arc<Sched>, Vec<Box<crate::p::PLocal>>) {
    let sched = Sched::new(cfg(procs));
    let ps = std::mem::take(&mut sched.lock().pidle);
    (sched, ps.into_iter().rev().collect())
}

fn fake_g(sched: &Sched, goid: u64) -> GRef {
    sched.new_g(goid, Box::new(|_: &mut Cx<'_>| Step::Exit))
}

#[test]
fn runnext_kicks_old_to_tail_and_inherits() {
    let (sched, mut ps) = bare(1);
    let p = &mut ps[0];
    for id in 10..13 {
        p.runqput(&sched, fake_g(&sched, id), true);
    }
    // runnext = 12 (inherits), then 10, 11 from the queue (fresh slices).
    let got: Vec<(u64, bool)> = std::iter::from_fn(|| p.runqget())
        .map(|(g, inherit)| (g.goid(), inherit))
        .collect();
    assert_eq!(got, vec![(12, true), (10, false), (11, false)]);
}

#[test]
fn overflow_moves_oldest_half_plus_new_to_global() {
    let (sched, mut ps) = bare(1);
    let p = &mut ps[0];
    for id in 0..256 {
        p.runqput(&sched, fake_g(&sched, id), false);
    }
    assert_eq!(p.runq.len(), 256);
    assert_eq!(sched.lock().runq.len(), 0);
    p.runqput(&sched, fake_g(&sched, 999), false);
    let global: Vec<u64> = sched.lock().runq.iter().map(|g| g.goid()).collect();
    let mut want: Vec<u64> = (0..128).collect();
    want.push(999);
    assert_eq!(global, want);
    assert_eq!(p.runq.len(), 128);
    assert_eq!(p.runqget().unwrap().0.goid(), 128);
    assert_eq!(sched.runqsize.load(Ordering::SeqCst), 129);
}

#[test]
fn steal_takes_half_rounded_up() {
    for n in [1usize, 2, 7, 10, 255] {
        let (sched, mut ps) = bare(2);
        let (a, b) = ps.split_at_mut(1);
        for id in 0..n as u64 {
            a[0].runqput(&sched, fake_g(&sched, id), false);
        }
        let victim = a[0].shared.clone();
        let first = b[0].runqsteal(&victim, false).expect("steal");
        let stolen = 1 + b[0].runq.len();
        assert_eq!(stolen, n.div_ceil(2), "n = {n}");
        assert_eq!(first.goid(), 0, "oldest first");
        assert_eq!(a[0].runq.len(), n - stolen);
    }
}

#[test]
fn runnext_stolen_only_on_last_pass() {
    let (sched, mut ps) = bare(2);
    let (a, b) = ps.split_at_mut(1);
    a[0].runqput(&sched, fake_g(&sched, 5), true);
    let victim = a[0].shared.clone();
    assert!(b[0].runqsteal(&victim, false).is_none());
    assert_eq!(b[0].runqsteal(&victim, true).unwrap().goid(), 5);
    assert!(a[0].runqget().is_none());
}

#[test]
fn global_batch_fills_local() {
    let (sched, mut ps) = bare(4);
    let mut l = sched.lock();
    sched.globrunqputbatch(&mut l, (0..10).map(|i| fake_g(&sched, i)));
    // min(128, 10, 10/4+1 = 3)
    let first = sched.globrunqgetbatch(&mut l, &mut ps[0], 128).unwrap();
    assert_eq!(first.goid(), 0);
    assert_eq!(ps[0].runq.len(), 2);
    assert_eq!(l.runq.len(), 7);
}

// ----- whole runtime ---------------------------------------------------------------

#[test]
fn main_exit_ends_program_and_goids_start_at_one() {
    let ids = Arc::new(Mutex::new(Vec::new()));
    let ids2 = ids.clone();
    let st = run(cfg(1), move |cx| {
        let mut v = ids2.lock().unwrap();
        v.push(cx.goid());
        for _ in 0..3 {
            v.push(cx.spawn(Box::new(|_: &mut Cx<'_>| Step::Exit)));
        }
        Step::Exit
    });
    exited(st);
    assert_eq!(*ids.lock().unwrap(), vec![1, 2, 3, 4]);
}

/// newproc puts the newest G in runnext; older ones were kicked to the
/// tail in order: with one P, spawns G2, G3, G4 run as 4, 2, 3.
#[test]
fn spawn_order_runnext_then_fifo() {
    let log = log();
    let chans = Arc::new(vec![Chan::new(0)]);
    let child = |name| vec![Op::Log(name)];
    let main = vec![
        Op::Spawn(child("g2")),
        Op::Spawn([child("g3"), vec![Op::Send(0)]].concat()),
        Op::Spawn(child("g4")),
        Op::Recv(0),
        Op::Log("main"),
    ];
    let st = Runtime::new(cfg(1)).run_main(FakeTask::boxed(main, &chans, &log));
    exited(st);
    assert_eq!(*log.lock().unwrap(), vec!["g4", "g2", "g3", "main"]);
}

/// A woken G goes to the waker's runnext and inherits the slice: a
/// ping-pong of 1000 round trips on one P advances schedtick by ~nothing.
#[test]
fn wakeup_inherits_time_slice() {
    let a = Chan::new(0);
    let b = Chan::new(0);
    let ticks = Arc::new(AtomicU64::new(0));
    let (a2, b2) = (a.clone(), b.clone());
    let ticks2 = ticks.clone();
    let mut started = false;
    let mut start_tick = 0;
    let (mut i, mut rw, mut sw) = (0, None, None);
    let mut cfgx = cfg(1);
    cfgx.sysmon = true;
    let st = run(cfgx, move |cx| {
        if !started {
            started = true;
            let (a3, b3) = (a2.clone(), b2.clone());
            let (mut rw, mut sw, mut phase) = (None, None, 0);
            cx.spawn(Box::new(move |cx: &mut Cx<'_>| loop {
                if phase == 0 {
                    tri!(recv(&a3, cx, &mut rw));
                    phase = 1;
                }
                tri!(send(&b3, cx, 0, &mut sw));
                phase = 0;
            }));
            start_tick = cx.pl().schedtick;
        }
        while i < 1000 {
            // Resuming a parked receive: the send already happened.
            if rw.is_none() {
                tri!(send(&a2, cx, i, &mut sw));
            }
            tri!(recv(&b2, cx, &mut rw));
            i += 1;
        }
        ticks2.store(u64::from(cx.pl().schedtick - start_tick), Ordering::SeqCst);
        Step::Exit
    });
    exited(st);
    let t = ticks.load(Ordering::SeqCst);
    assert!(t <= 5, "schedtick moved {t} times in 1000 round trips");
}

/// Without runnext (no sysmon, as Go on wasm), every G enters the local
/// FIFO and ticks; a G in the global queue still runs on the next tick
/// that is a multiple of 61, although local work never runs out.
#[test]
fn global_queue_served_every_61st_tick() {
    let mut c = cfg(1);
    c.sysmon = false;
    let ran_at = Arc::new(Mutex::new(Vec::<u32>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let (ran2, stop2) = (ran_at.clone(), stop.clone());
    fn worker(stop: Arc<AtomicBool>) -> Box<dyn Task> {
        Box::new(move |cx: &mut Cx<'_>| {
            if !stop.load(Ordering::SeqCst) {
                cx.spawn(worker(stop.clone()));
            }
            Step::Exit
        })
    }
    let mut phase = 0;
    let st = run(c, move |cx| {
        phase += 1;
        ran2.lock().unwrap().push(cx.pl().schedtick);
        match phase {
            1 => {
                // Two workers keep the local queue non-empty forever.
                cx.spawn(worker(stop2.clone()));
                cx.spawn(worker(stop2.clone()));
                Step::Yield
            }
            2..=4 => Step::Yield,
            _ => {
                stop2.store(true, Ordering::SeqCst);
                Step::Exit
            }
        }
    });
    exited(st);
    let ran = ran_at.lock().unwrap();
    assert_eq!(ran.len(), 5);
    for w in ran.windows(2) {
        assert!(w[1] - w[0] <= 61, "global G waited {} ticks", w[1] - w[0]);
    }
    // Taken when schedtick % 61 == 0, then execute counts its own tick.
    for &t in &ran[1..] {
        assert_eq!((t - 1) % 61, 0, "global G ran at tick {t}");
    }
}

/// A G spinning without ever parking is preempted by sysmon after ~10ms and
/// goes to the global tail; a sleeper on the same single P wakes on time.
#[test]
fn spinner_is_preempted_and_sleeper_wakes() {
    let log = log();
    let chans = Arc::new(vec![]);
    let log2 = log.clone();
    let mut phase = 0;
    let mut t0 = Instant::now();
    let slept = Arc::new(Mutex::new(Duration::ZERO));
    let slept2 = slept.clone();
    let st = run(cfg(1), move |cx| {
        phase += 1;
        match phase {
            1 => {
                cx.spawn(FakeTask::boxed(
                    vec![
                        Op::Log("spin"),
                        Op::SpinUntilPreempted,
                        Op::SpinUntilPreempted,
                        Op::Log("spun"),
                    ],
                    &chans,
                    &log2,
                ));
                t0 = Instant::now();
                assert!(cx.sleep_until(t0 + Duration::from_millis(5)));
                Step::Park(WaitReason::Sleep)
            }
            _ => {
                *slept2.lock().unwrap() = t0.elapsed();
                Step::Exit
            }
        }
    });
    exited(st);
    let d = *slept.lock().unwrap();
    assert!(d >= Duration::from_millis(5));
    assert!(d < Duration::from_millis(200), "sleep took {d:?}");
    let l = log.lock().unwrap();
    assert_eq!(l[0], "spin");
    assert_eq!(l[1], "preempted");
}

/// A runnext ping-pong pair cannot starve a third G on the same P: sysmon
/// sees one schedtick for 10ms and preempts, and the victim goes global.
#[test]
fn ping_pong_cannot_starve_third() {
    let a = Chan::new(0);
    let b = Chan::new(0);
    let stop = Arc::new(AtomicBool::new(false));
    let third_ran = Arc::new(Mutex::new(None::<Duration>));
    let t0 = Instant::now();
    fn pinger(inp: Chan, out: Chan, stop: Arc<AtomicBool>, first: bool) -> Box<dyn Task> {
        let (mut rw, mut sw, mut phase) = (None, None, if first { 1 } else { 0 });
        Box::new(move |cx: &mut Cx<'_>| loop {
            if stop.load(Ordering::Relaxed) {
                return Step::Exit;
            }
            if cx.preempt_requested() {
                return Step::Preempted;
            }
            if phase == 0 {
                tri!(recv(&inp, cx, &mut rw));
                phase = 1;
            }
            tri!(send(&out, cx, 0, &mut sw));
            phase = 0;
        })
    }
    let (stop2, third2) = (stop.clone(), third_ran.clone());
    let mut phase = 0;
    let st = run(cfg(1), move |cx| {
        phase += 1;
        if phase == 1 {
            cx.spawn(pinger(a.clone(), b.clone(), stop2.clone(), true));
            cx.spawn(pinger(b.clone(), a.clone(), stop2.clone(), false));
            // Main itself is the third G: it yields to the global queue and
            // must get the CPU back despite the pair.
            return Step::Yield;
        }
        *third2.lock().unwrap() = Some(t0.elapsed());
        stop2.store(true, Ordering::SeqCst);
        Step::Exit
    });
    exited(st);
    let d = third_ran.lock().unwrap().expect("third G never ran");
    assert!(d < Duration::from_millis(500), "third G starved for {d:?}");
}

#[test]
fn deadlock_reports_every_goroutine() {
    let c = Chan::new(0);
    let s = Arc::new(Sema::new(0));
    let mut w: Option<ChanWait> = None;
    let mut started = false;
    let st = run(cfg(2), move |cx| {
        if !started {
            started = true;
            let s2 = s.clone();
            cx.spawn(Box::new(move |cx: &mut Cx<'_>| match s2.acquire(cx) {
                SemaAcquire::Acquired => Step::Exit,
                SemaAcquire::Blocked(_) => Step::Park(WaitReason::MutexLock),
            }));
            cx.spawn(Box::new(|_: &mut Cx<'_>| {
                Step::Park(WaitReason::SelectNoCases)
            }));
        }
        tri!(recv(&c, cx, &mut w));
        Step::Exit
    });
    let ExitStatus::Deadlock(r) = st else {
        panic!("want deadlock, got {st:?}")
    };
    let got: Vec<(u64, &str)> = r
        .goroutines
        .iter()
        .map(|g| (g.goid, g.reason.as_str()))
        .collect();
    assert_eq!(
        got,
        vec![
            (1, "chan receive"),
            (2, "sync.Mutex.Lock"),
            (3, "select (no cases)")
        ]
    );
}

/// Main's Goexit does not end the program: the other goroutines run on,
/// and when the last one is gone checkdead reports Go's Goexit deadlock.
#[test]
fn main_goexit_lets_others_finish_then_reports_no_goroutines() {
    let done = Arc::new(AtomicUsize::new(0));
    let d = done.clone();
    let st = run(cfg(2), move |cx| {
        for _ in 0..3 {
            let d = d.clone();
            cx.spawn(Box::new(move |_: &mut Cx<'_>| {
                d.fetch_add(1, Ordering::SeqCst);
                Step::Exit
            }));
        }
        Step::Goexit
    });
    assert_eq!(done.load(Ordering::SeqCst), 3);
    match st {
        ExitStatus::Fatal { goid: 0, message } => {
            assert_eq!(
                message,
                "no goroutines (main called runtime.Goexit) - deadlock!"
            )
        }
        other => panic!("want the Goexit deadlock, got {other:?}"),
    }
}

/// Main gone by Goexit, another goroutine blocked for good: the ordinary
/// deadlock report, without goroutine 1.
#[test]
fn main_goexit_with_a_blocked_goroutine_is_an_ordinary_deadlock() {
    let st = run(cfg(1), move |cx| {
        cx.spawn(Box::new(|_: &mut Cx<'_>| {
            Step::Park(WaitReason::SelectNoCases)
        }));
        Step::Goexit
    });
    let ExitStatus::Deadlock(r) = st else {
        panic!("want deadlock, got {st:?}")
    };
    let got: Vec<u64> = r.goroutines.iter().map(|g| g.goid).collect();
    assert_eq!(got, vec![2]);
}

/// No deadlock while a G waits on a timer, even if everyone else is
/// blocked; the deadlock comes once the timer has fired.
#[test]
fn no_deadlock_while_timer_pending() {
    let c = Chan::new(0);
    let c2 = c.clone();
    let mut w = None;
    let mut phase = 0;
    let t0 = Instant::now();
    let st = run(cfg(2), move |cx| {
        if phase == 0 {
            phase = 1;
            let c3 = c2.clone();
            let mut slept = false;
            let mut sw = None;
            cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                if !slept {
                    slept = true;
                    if cx.sleep_until(Instant::now() + Duration::from_millis(30)) {
                        return Step::Park(WaitReason::Sleep);
                    }
                }
                tri!(send(&c3, cx, 7, &mut sw));
                Step::Exit
            }));
        }
        let (v, ok) = tri!(recv(&c2, cx, &mut w));
        assert_eq!((v, ok), (7, true));
        if phase == 1 {
            phase = 2;
            // Now block with nothing pending: a real deadlock.
            let _ = tri!(recv(&c2, cx, &mut w));
        }
        Step::Exit
    });
    assert!(t0.elapsed() >= Duration::from_millis(30));
    let ExitStatus::Deadlock(r) = st else {
        panic!("want deadlock, got {st:?}")
    };
    assert_eq!(r.goroutines.len(), 1);
    assert_eq!(r.goroutines[0].goid, 1);
    let _ = c;
}

#[test]
fn timers_fire_in_deadline_order() {
    let order = Arc::new(Mutex::new(Vec::new()));
    let o2 = order.clone();
    let mut phase = 0;
    let st = run(cfg(2), move |cx| {
        phase += 1;
        if phase == 1 {
            let base = Instant::now() + Duration::from_millis(5);
            for k in [7u64, 3, 9, 1, 5, 2, 8, 0, 6, 4] {
                let o3 = o2.clone();
                cx.add_timer(
                    base + Duration::from_millis(2 * k),
                    None,
                    Box::new(move |_: &mut Cx<'_>| o3.lock().unwrap().push(k)),
                );
            }
            let stopped = cx.add_timer(
                base,
                None,
                Box::new(|_: &mut Cx<'_>| panic!("stopped timer fired")),
            );
            assert!(cx.stop_timer(&stopped));
            assert!(!cx.stop_timer(&stopped));
            assert!(cx.sleep_until(base + Duration::from_millis(40)));
            return Step::Park(WaitReason::Sleep);
        }
        Step::Exit
    });
    exited(st);
    assert_eq!(*order.lock().unwrap(), (0..10).collect::<Vec<_>>());
}

#[test]
fn ticker_fires_periodically_and_stops() {
    let n = Arc::new(AtomicUsize::new(0));
    let n2 = n.clone();
    let mut phase = 0;
    let mut ticker = None;
    let st = run(cfg(1), move |cx| {
        phase += 1;
        match phase {
            1 => {
                let n3 = n2.clone();
                let d = Duration::from_millis(2);
                ticker = Some(cx.add_timer(
                    Instant::now() + d,
                    Some(d),
                    Box::new(move |_: &mut Cx<'_>| {
                        n3.fetch_add(1, Ordering::SeqCst);
                    }),
                ));
                cx.sleep_until(Instant::now() + Duration::from_millis(30));
                Step::Park(WaitReason::Sleep)
            }
            _ => {
                assert!(cx.stop_timer(ticker.as_ref().unwrap()));
                Step::Exit
            }
        }
    });
    exited(st);
    let k = n.load(Ordering::SeqCst);
    assert!((3..=16).contains(&k), "ticker fired {k} times in 30ms");
}

/// 100k ping-pong round trips across GOMAXPROCS=4 with two pairs: no lost
/// wake-up (it would hang or deadlock) and no double run (counts match).
#[test]
fn park_ready_stress_no_lost_wakeups() {
    const ROUNDS: u64 = 100_000;
    let done = Chan::new(2);
    let d2 = done.clone();
    let total = Arc::new(AtomicU64::new(0));
    let t2 = total.clone();
    let mut phase = 0;
    let mut dw = None;
    let mut got = 0;
    let st = run(cfg(4), move |cx| {
        if phase == 0 {
            phase = 1;
            for _ in 0..2 {
                let (a, b) = (Chan::new(0), Chan::new(0));
                for first in [true, false] {
                    let (inp, out) = if first {
                        (a.clone(), b.clone())
                    } else {
                        (b.clone(), a.clone())
                    };
                    let (d3, t3) = (d2.clone(), t2.clone());
                    let (mut rw, mut sw, mut dsw) = (None, None, None);
                    // first: send 0, then receive 1,3,5.. and answer v+1
                    // (except the last); other: receive 0,2,4.. and answer.
                    let mut k = 0u64;
                    let mut need_send = first;
                    let mut next = 0u64;
                    cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                        loop {
                            if cx.preempt_requested() {
                                return Step::Preempted;
                            }
                            if need_send {
                                tri!(send(&out, cx, next, &mut sw));
                                need_send = false;
                            }
                            if k == ROUNDS {
                                break;
                            }
                            let (v, _) = tri!(recv(&inp, cx, &mut rw));
                            let want = 2 * k + u64::from(first);
                            assert_eq!(v, want, "lost or duplicated message");
                            k += 1;
                            t3.fetch_add(1, Ordering::Relaxed);
                            next = v + 1;
                            need_send = !(first && k == ROUNDS);
                        }
                        tri!(send(&d3, cx, 1, &mut dsw));
                        Step::Exit
                    }));
                }
            }
        }
        while got < 4 {
            tri!(recv(&d2, cx, &mut dw));
            got += 1;
        }
        Step::Exit
    });
    exited(st);
    assert_eq!(total.load(Ordering::SeqCst), 4 * ROUNDS);
}

#[test]
fn spawn_and_join_many() {
    #[cfg(debug_assertions)]
    const N: usize = 200_000;
    #[cfg(not(debug_assertions))]
    const N: usize = 1_000_000;
    let done = Arc::new(AtomicUsize::new(0));
    let sema = Arc::new(Sema::new(0));
    let (d2, s2) = (done.clone(), sema.clone());
    let mut spawned = 0;
    let mut joined = 0;
    let mut waiting: Option<SemaWait> = None;
    let t0 = Instant::now();
    let st = run(cfg(2), move |cx| {
        while spawned < N {
            let (d3, s3) = (d2.clone(), s2.clone());
            cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                d3.fetch_add(1, Ordering::Relaxed);
                s3.release(cx);
                Step::Exit
            }));
            spawned += 1;
            if spawned % 1024 == 0 && cx.preempt_requested() {
                return Step::Preempted;
            }
        }
        if let Some(w) = waiting.take() {
            assert!(w.is_acquired());
            joined += 1;
        }
        while joined < N {
            match s2.acquire(cx) {
                SemaAcquire::Acquired => joined += 1,
                SemaAcquire::Blocked(w) => {
                    waiting = Some(w);
                    return Step::Park(WaitReason::WaitGroupWait);
                }
            }
        }
        Step::Exit
    });
    exited(st);
    assert_eq!(done.load(Ordering::SeqCst), N);
    eprintln!("spawn+join {N}: {:?}", t0.elapsed());
}

// ----- channels ----------------------------------------------------------------------

#[test]
fn unbuffered_handoff_and_buffered_fifo() {
    let un = Chan::new(0);
    let bu = Chan::new(3);
    let out = Arc::new(Mutex::new(Vec::new()));
    let (un2, bu2, out2) = (un.clone(), bu.clone(), out.clone());
    let mut phase = 0;
    let mut w = None;
    let st = run(cfg(2), move |cx| {
        if phase == 0 {
            phase = 1;
            assert_eq!(bu2.cap(), 3);
            for v in 1..=3 {
                assert!(bu2.try_send(cx, v).unwrap());
            }
            assert!(!bu2.try_send(cx, 4).unwrap());
            assert_eq!(bu2.len(), 3);
            let (un3, bu3) = (un2.clone(), bu2.clone());
            let (mut sw, mut k) = (None, 4);
            cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                // Blocks on the full buffer, then on the unbuffered chan.
                while k <= 5 {
                    tri!(send(&bu3, cx, k, &mut sw));
                    k += 1;
                }
                tri!(send(&un3, cx, 42, &mut sw));
                Step::Exit
            }));
        }
        while out2.lock().unwrap().len() < 5 {
            let (v, ok) = tri!(recv(&bu2, cx, &mut w));
            assert!(ok);
            out2.lock().unwrap().push(v);
        }
        let (v, ok) = tri!(recv(&un2, cx, &mut w));
        assert_eq!((v, ok), (42, true));
        Step::Exit
    });
    exited(st);
    assert_eq!(*out.lock().unwrap(), vec![1, 2, 3, 4, 5]);
}

#[test]
fn close_semantics() {
    let c = Chan::new(2);
    let un = Chan::new(0);
    let results = Arc::new(Mutex::new(Vec::new()));
    let (c2, un2, r2) = (c.clone(), un.clone(), results.clone());
    let mut phase = 0;
    let st = run(cfg(2), move |cx| {
        phase += 1;
        match phase {
            1 => {
                // Two receivers and one sender park on the unbuffered chan.
                for _ in 0..2 {
                    let (u, r) = (un2.clone(), r2.clone());
                    let mut w = None;
                    cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                        let (v, ok) = tri!(recv(&u, cx, &mut w));
                        r.lock().unwrap().push(format!("recv {v} {ok}"));
                        Step::Exit
                    }));
                }
                assert!(c2.try_send(cx, 9).unwrap());
                Step::Yield
            }
            2 => {
                un2.close(cx).unwrap();
                assert_eq!(un2.close(cx), Err(ChanPanic::CloseOfClosed));
                assert_eq!(un2.try_send(cx, 1), Err(ChanPanic::SendOnClosed));
                assert_eq!(un2.try_recv(cx), Some((0, false)));
                c2.close(cx).unwrap();
                // Buffered data survives close, then (0, false).
                assert_eq!(c2.try_recv(cx), Some((9, true)));
                assert_eq!(c2.try_recv(cx), Some((0, false)));
                Step::Yield
            }
            _ => {
                if r2.lock().unwrap().len() < 2 {
                    return Step::Yield;
                }
                Step::Exit
            }
        }
    });
    exited(st);
    assert_eq!(
        *results.lock().unwrap(),
        vec!["recv 0 false", "recv 0 false"]
    );
    assert_eq!(ChanPanic::CloseOfNil.to_string(), "close of nil channel");
}

#[test]
fn blocked_sender_panics_on_close() {
    let c = Chan::new(0);
    let c2 = c.clone();
    let mut phase = 0;
    let st = run(cfg(1), move |cx| {
        phase += 1;
        if phase == 1 {
            let c3 = c2.clone();
            let mut w = None;
            cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                tri!(send(&c3, cx, 1, &mut w));
                Step::Exit
            }));
            return Step::Yield;
        }
        c2.close(cx).unwrap();
        Step::Park(WaitReason::SelectNoCases)
    });
    match st {
        ExitStatus::Fatal { goid, message } => {
            assert_eq!(goid, 2);
            assert_eq!(message, "send on closed channel");
        }
        other => panic!("want fatal, got {other:?}"),
    }
    let _ = c;
}

#[test]
fn select_default_and_fairness() {
    let a = Chan::new(1);
    let b = Chan::new(1);
    let counts = Arc::new(Mutex::new([0usize; 2]));
    let c2 = counts.clone();
    let st = run(cfg(1), move |cx| {
        let nilc: Option<&Chan> = None;
        match select(
            cx,
            &[SelectCase::Recv(Some(&a)), SelectCase::Recv(nilc)],
            true,
        )
        .unwrap()
        {
            SelectOutcome::Default => {}
            _ => panic!("want default"),
        }
        for _ in 0..4000 {
            a.try_send(cx, 1).unwrap();
            b.try_send(cx, 2).unwrap();
            match select(
                cx,
                &[SelectCase::Recv(Some(&a)), SelectCase::Recv(Some(&b))],
                false,
            )
            .unwrap()
            {
                SelectOutcome::Ready { index, value, ok } => {
                    assert!(ok);
                    assert_eq!(value, index as u64 + 1);
                    c2.lock().unwrap()[index] += 1;
                }
                _ => panic!("want ready"),
            }
            // Drain the other one.
            let _ = a.try_recv(cx);
            let _ = b.try_recv(cx);
        }
        Step::Exit
    });
    exited(st);
    let c = *counts.lock().unwrap();
    assert!(c[0] > 1700 && c[1] > 1700, "unfair select: {c:?}");
}

/// A blocked select is woken by one case and dequeued from the others.
#[test]
fn select_blocks_then_one_case_fires() {
    let a = Chan::new(0);
    let b = Chan::new(0);
    let (a2, b2) = (a.clone(), b.clone());
    let mut wait: Option<SelectWait> = None;
    let mut started = false;
    let st = run(cfg(2), move |cx| {
        if let Some(w) = wait.take() {
            let (index, value, ok) = w.result().unwrap();
            assert_eq!((index, value, ok), (1, 77, true));
            // Dequeued from `a`: a later sender on `a` finds no receiver.
            assert!(!a2.try_send(cx, 5).unwrap());
            assert!(a2.0.st.lock().unwrap().recvq.is_empty());
            return Step::Exit;
        }
        if !started {
            started = true;
            let b3 = b2.clone();
            let mut sw = None;
            cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                tri!(send(&b3, cx, 77, &mut sw));
                Step::Exit
            }));
        }
        match select(
            cx,
            &[SelectCase::Recv(Some(&a2)), SelectCase::Recv(Some(&b2))],
            false,
        )
        .unwrap()
        {
            SelectOutcome::Blocked(w) => {
                wait = Some(w);
                Step::Park(WaitReason::Select)
            }
            SelectOutcome::Ready { index, value, .. } => {
                assert_eq!((index, value), (1, 77));
                Step::Exit
            }
            SelectOutcome::Default => unreachable!(),
        }
    });
    exited(st);
}

/// go_select_many in small: N goroutines each select on one shared channel
/// and a private one; main fires every private case, several rounds. Each
/// completed select must unlink its entry from the shared queue, so the
/// queue never holds more than one entry per goroutine and ends empty.
#[test]
fn selects_on_a_shared_channel_unlink_their_losers() {
    const N: usize = 200;
    const ROUNDS: usize = 3;
    let (sh, dn) = (Chan::new(0), Chan::new(N));
    let pv: Arc<Vec<Chan>> = Arc::new((0..N).map(|_| Chan::new(0)).collect());
    let (mut phase, mut k, mut total) = (0, 0, 0u64);
    let mut sw: Option<ChanWait> = None;
    let mut rw: Option<ChanWait> = None;
    let st = run(cfg(1), move |cx| {
        if phase == 0 {
            for me in pv.iter() {
                let (sh, dn, me) = (sh.clone(), dn.clone(), me.clone());
                let (mut j, mut got) = (0, 0u64);
                let mut wait: Option<SelectWait> = None;
                let mut dw: Option<ChanWait> = None;
                cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                    while j < ROUNDS {
                        let index = match wait.take() {
                            Some(w) => w.result().unwrap().0,
                            None => {
                                let cases =
                                    [SelectCase::Recv(Some(&sh)), SelectCase::Recv(Some(&me))];
                                match select(cx, &cases, false).unwrap() {
                                    SelectOutcome::Blocked(w) => {
                                        wait = Some(w);
                                        return Step::Park(WaitReason::Select);
                                    }
                                    SelectOutcome::Ready { index, .. } => index,
                                    SelectOutcome::Default => unreachable!(),
                                }
                            }
                        };
                        assert_eq!(index, 1, "nobody sends on the shared channel");
                        got += 1;
                        j += 1;
                    }
                    tri!(send(&dn, cx, got, &mut dw));
                    Step::Exit
                }));
            }
            phase = 1;
        }
        while k < N * ROUNDS {
            tri!(send(&pv[k % N], cx, 1, &mut sw));
            let parked = sh.0.st.lock().unwrap().recvq.len();
            assert!(
                parked <= N,
                "shared recvq holds {parked} entries for {N} goroutines"
            );
            k += 1;
        }
        while phase <= N {
            total += tri!(recv(&dn, cx, &mut rw)).0;
            phase += 1;
        }
        assert_eq!(total, (N * ROUNDS) as u64);
        let st = sh.0.st.lock().unwrap();
        assert!(st.recvq.is_empty() && st.sendq.is_empty());
        Step::Exit
    });
    exited(st);
}

#[test]
fn sema_fifo_handoff() {
    let s = Arc::new(Sema::new(1));
    let order = Arc::new(Mutex::new(Vec::new()));
    let (s2, o2) = (s.clone(), order.clone());
    let mut phase = 0;
    let st = run(cfg(1), move |cx| {
        phase += 1;
        match phase {
            1 => {
                assert!(s2.try_acquire());
                for k in 0..3u64 {
                    let (s3, o3) = (s2.clone(), o2.clone());
                    let mut w: Option<SemaWait> = None;
                    cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                        if w.take().is_none() {
                            if let SemaAcquire::Blocked(x) = s3.acquire(cx) {
                                w = Some(x);
                                return Step::Park(WaitReason::MutexLock);
                            }
                        }
                        o3.lock().unwrap().push(k);
                        s3.release(cx);
                        Step::Exit
                    }));
                }
                Step::Yield
            }
            2 => {
                assert_eq!(s2.state(), (0, 3));
                s2.release(cx);
                Step::Yield
            }
            _ => {
                if o2.lock().unwrap().len() < 3 {
                    return Step::Yield;
                }
                Step::Exit
            }
        }
    });
    exited(st);
    // Spawn order 2,3,4 runs as 4,2,3 (runnext), so they queue in that order.
    assert_eq!(*order.lock().unwrap(), vec![2, 0, 1]);
    assert_eq!(s.state(), (1, 0));
}

#[test]
fn fatal_and_rust_panic_stop_the_program() {
    let st = run(cfg(2), |cx| {
        cx.spawn(Box::new(|_: &mut Cx<'_>| Step::Fatal("boom".into())));
        Step::Park(WaitReason::SelectNoCases)
    });
    assert!(matches!(st, ExitStatus::Fatal { goid: 2, ref message } if message == "boom"));
    let st = run(cfg(1), |_| panic!("vm bug"));
    assert!(matches!(st, ExitStatus::TaskPanicked { goid: 1, ref message } if message == "vm bug"));
}

#[test]
fn counters_and_schedtrace_format() {
    let st = run(cfg(2), |cx| {
        assert_eq!(cx.num_goroutine(), 1);
        assert_eq!(cx.gomaxprocs(), 2);
        let s = cx.sched_summary();
        assert_eq!(s.local.len(), 2);
        let line = s.to_string();
        assert!(line.starts_with("SCHED "), "{line}");
        assert!(line.contains("gomaxprocs=2 idleprocs="), "{line}");
        assert!(line.ends_with(']'), "{line}");
        Step::Exit
    });
    exited(st);
    // Go 1.27's exact layout, fields in its order.
    let s = SchedSummary {
        uptime: Duration::from_millis(106),
        gomaxprocs: 2,
        idleprocs: 1,
        threads: 4,
        spinningthreads: 1,
        needspinning: 0,
        idlethreads: 2,
        runqueue: 3,
        local: vec![0, 5],
        schedticks: vec![2, 17],
        goroutines: 9,
    };
    assert_eq!(
        s.to_string(),
        "SCHED 106ms: gomaxprocs=2 idleprocs=1 threads=4 spinningthreads=1 needspinning=0 \
         idlethreads=2 runqueue=3 [ 0 5 ] schedticks=[ 2 17 ]"
    );
    let mut rt = Runtime::new(cfg(3));
    assert_eq!(rt.set_gomaxprocs(5), 3);
    assert_eq!(rt.gomaxprocs(), 5);
}

/// Several Ps: work spawned on one P is stolen and runs in parallel.
#[test]
fn work_is_stolen_by_idle_ps() {
    let ps_seen = Arc::new(Mutex::new(std::collections::HashSet::new()));
    let done = Arc::new(AtomicUsize::new(0));
    let (p2, d2) = (ps_seen.clone(), done.clone());
    let sema = Arc::new(Sema::new(0));
    let mut spawned = false;
    let mut joined = 0;
    let st = run(cfg(2), move |cx| {
        if !spawned {
            spawned = true;
            for _ in 0..8 {
                let (p3, d3, s3) = (p2.clone(), d2.clone(), sema.clone());
                cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                    p3.lock().unwrap().insert(cx.p_id());
                    let t = Instant::now();
                    while t.elapsed() < Duration::from_millis(5) {
                        std::hint::spin_loop();
                    }
                    d3.fetch_add(1, Ordering::SeqCst);
                    s3.release(cx);
                    Step::Exit
                }));
            }
        } else {
            joined += 1; // resumed: a release handed us one unit
        }
        while joined < 8 {
            match sema.acquire(cx) {
                SemaAcquire::Acquired => joined += 1,
                SemaAcquire::Blocked(_) => return Step::Park(WaitReason::WaitGroupWait),
            }
        }
        Step::Exit
    });
    exited(st);
    assert_eq!(ps_seen.lock().unwrap().len(), 2);
}

/// A task with a stack trace of its own, for dumps.
struct Traced(&'static str);

impl Task for Traced {
    fn run(&mut self, _cx: &mut Cx<'_>) -> Step {
        Step::Park(WaitReason::SelectNoCases)
    }
    fn traceback(&self) -> String {
        self.0.to_string()
    }
}

/// The SIGQUIT dump: every live goroutine by id, the running one without
/// its stack (it is on another thread), parked ones with their traceback
/// and wait reason.
#[test]
fn goroutine_states_lists_running_and_parked() {
    let got: Arc<Mutex<Vec<(u64, String, String)>>> = Arc::new(Mutex::new(Vec::new()));
    let got2 = got.clone();
    let mut step = 0;
    let st = run(cfg(2), move |cx| {
        step += 1;
        match step {
            1 => {
                cx.spawn(Box::new(Traced("main.blocked()\n")));
                Step::Yield
            }
            2 if cx.num_goroutine() == 2 => {
                // Let the child park first.
                std::thread::sleep(Duration::from_millis(20));
                let states = cx.runtime().goroutine_states();
                *got2.lock().unwrap() = states
                    .into_iter()
                    .map(|g| (g.goid, g.state, g.traceback))
                    .collect();
                Step::Exit
            }
            _ => Step::Exit,
        }
    });
    exited(st);
    let got = got.lock().unwrap().clone();
    assert_eq!(
        got,
        vec![
            (
                1,
                "running".to_string(),
                "\tgoroutine running on other thread; stack unavailable\n".to_string()
            ),
            (
                2,
                "select (no cases)".to_string(),
                "main.blocked()\n".to_string()
            ),
        ]
    );
}

#[test]
fn with_idle_p_lends_a_p_and_takes_it_back() {
    let rt = Runtime::new(Config::with_procs(1));
    assert_eq!(rt.with_idle_p(|cx| cx.p_id()), Some(0));
    // While the only P is lent, none is idle.
    assert_eq!(rt.with_idle_p(|_| rt.with_idle_p(|_| ())), Some(None));
    assert_eq!(rt.with_idle_p(|_| 1), Some(1), "the P came back");
}

#[test]
fn preempt_handle_reads_the_p_flag() {
    let rt = Runtime::new(Config::with_procs(1));
    let seen = rt.with_idle_p(|cx| {
        let h = cx.preempt_handle();
        let before = h.flag().load(Ordering::Relaxed);
        // sysmon's preemptone sets the P's flag: the handle sees it.
        cx.pl().shared.preempt.store(true, Ordering::Relaxed);
        (
            before,
            h.flag().load(Ordering::Relaxed),
            cx.preempt_requested(),
        )
    });
    assert_eq!(seen, Some((false, true, true)));
}
