//! Seeded runs (`Config::replay_seed`, `seeded.rs`): the same seed gives
//! the same schedule, different seeds give different ones, one thread
//! runs every P, time is virtual, and deadlocks are still reported.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::tests::{log, push, Log};
use crate::*;

fn seeded(procs: usize, seed: u64) -> Config {
    let mut c = Config::with_procs(procs);
    c.replay_seed = Some(seed);
    c
}

/// A worker that logs `name:i` for i in 0..steps, yielding to the
/// scheduler at a safe point between steps (as the VM does at calls).
fn worker(name: &'static str, steps: u32, log: Log, done: Arc<Sema>) -> Box<dyn Task> {
    let mut i = 0;
    let mut at_safe_point = false;
    Box::new(move |cx: &mut Cx<'_>| {
        while i < steps {
            // A safe point: stop if asked, and on resume get past it.
            if !at_safe_point && cx.preempt_requested() {
                at_safe_point = true;
                return Step::Preempted;
            }
            at_safe_point = false;
            push(&log, format!("{name}:{i} p{}", cx.p_id()));
            i += 1;
        }
        done.release(cx);
        Step::Exit
    })
}

/// Four workers on 4 Ps; returns the interleaving and the OS threads used.
fn interleaving(seed: u64) -> (Vec<String>, usize) {
    let log = log();
    let threads = Arc::new(Mutex::new(std::collections::HashSet::new()));
    let done = Arc::new(Sema::new(0));
    let (log2, threads2, done2) = (log.clone(), threads.clone(), done.clone());
    let mut spawned = false;
    let mut joined = 0;
    let rt = Runtime::new(seeded(4, seed));
    let st = rt.run_main(Box::new(move |cx: &mut Cx<'_>| {
        threads2.lock().unwrap().insert(std::thread::current().id());
        if !spawned {
            spawned = true;
            for name in ["a", "b", "c", "d"] {
                let t = threads2.clone();
                let mut w = worker(name, 20, log2.clone(), done2.clone());
                cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                    t.lock().unwrap().insert(std::thread::current().id());
                    w.run(cx)
                }));
            }
        } else {
            joined += 1;
        }
        while joined < 4 {
            match done2.acquire(cx) {
                SemaAcquire::Acquired => joined += 1,
                SemaAcquire::Blocked(_) => return Step::Park(WaitReason::WaitGroupWait),
            }
        }
        Step::Exit
    }));
    assert!(matches!(st, ExitStatus::Exited), "unexpected {st:?}");
    let l = log.lock().unwrap().clone();
    let n = threads.lock().unwrap().len();
    (l, n)
}

#[test]
fn same_seed_same_schedule_on_one_thread() {
    for seed in [1, 2, 42] {
        let (a, threads) = interleaving(seed);
        assert_eq!(a.len(), 80);
        assert_eq!(threads, 1, "seed {seed}: Gs ran on {threads} OS threads");
        for _ in 0..3 {
            assert_eq!(interleaving(seed).0, a, "seed {seed} is not reproducible");
        }
    }
}

#[test]
fn different_seeds_explore_different_schedules() {
    let schedules: std::collections::HashSet<Vec<String>> =
        (1..=20).map(|s| interleaving(s).0).collect();
    assert!(
        schedules.len() >= 10,
        "20 seeds gave only {} schedules",
        schedules.len()
    );
    // Some seed switches between workers mid-run (not one after another),
    // and some seed runs a worker on a P other than P0.
    let interleaved = schedules.iter().any(|l| {
        let owners: Vec<&str> = l.iter().map(|s| &s[..1]).collect();
        owners.windows(2).filter(|w| w[0] != w[1]).count() > 3
    });
    assert!(interleaved, "no seed interleaved the workers");
    let moved = schedules.iter().flatten().any(|s| !s.ends_with("p0"));
    assert!(moved, "every G ran on P0");
}

/// `Sleep(1h)` returns at once in real time: the clock jumps to the timer
/// when every G is blocked, and `now` reads the virtual clock.
#[test]
fn time_is_virtual() {
    let observed = Arc::new(AtomicU64::new(0));
    let obs2 = observed.clone();
    let mut phase = 0;
    let mut t0 = None;
    let real = Instant::now();
    let rt = Runtime::new(seeded(2, 7));
    let st = rt.run_main(Box::new(move |cx: &mut Cx<'_>| {
        phase += 1;
        if phase == 1 {
            let t = crate::now();
            t0 = Some(t);
            assert!(cx.sleep_until(t + Duration::from_secs(3600)));
            return Step::Park(WaitReason::Sleep);
        }
        let d = crate::now() - t0.unwrap();
        obs2.store(d.as_secs(), Ordering::SeqCst);
        // The wall clock starts at synctest's epoch, 2000-01-01 UTC.
        let wall = crate::unix_nanos() - crate::VIRTUAL_EPOCH_UNIX_NANOS;
        assert_eq!(wall, d.as_nanos() as i64);
        Step::Exit
    }));
    assert!(matches!(st, ExitStatus::Exited), "unexpected {st:?}");
    assert_eq!(observed.load(Ordering::SeqCst), 3600);
    assert!(
        real.elapsed() < Duration::from_secs(5),
        "slept in real time"
    );
}

/// Every G blocked and no timer: Go's deadlock report, not a hang.
#[test]
fn deadlock_is_reported() {
    let ch = Chan::new(0);
    let mut w = None;
    let rt = Runtime::new(seeded(3, 5));
    let st = rt.run_main(Box::new(move |cx: &mut Cx<'_>| {
        match crate::tests::recv(&ch, cx, &mut w) {
            Ok(_) => Step::Exit,
            Err(step) => step,
        }
    }));
    match st {
        ExitStatus::Deadlock(r) => assert_eq!(r.goroutines.len(), 1),
        other => panic!("unexpected {other:?}"),
    }
}
