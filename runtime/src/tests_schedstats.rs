//! `GODEBUG=schedstats=1` (`schedstats.rs`) on hand-built traces (exact
//! text) and on a real tracing runtime (consistency), and
//! `GODEBUG=scheddetail=1` (`stats.rs`) on a runtime whose state is known.

use crate::schedstats::{go_duration, short_duration, table};
use crate::stats::detail;
use crate::tests::{recv, send, tri};
use crate::trace::{Ev, Record, NO_P};
use crate::*;

fn r(ts: u64, m: u32, p: u32, ev: Ev) -> Record {
    Record { ts, m, p, ev }
}

#[test]
fn durations_print_as_gos() {
    // Real Go 1.27: time.Duration(ns).String().
    for (ns, want) in [
        (0, "0s"),
        (1, "1ns"),
        (999, "999ns"),
        (1000, "1µs"),
        (1500, "1.5µs"),
        (999_999, "999.999µs"),
        (1_000_000, "1ms"),
        (1_234_567, "1.234567ms"),
        (150_912_345, "150.912345ms"),
        (999_999_999, "999.999999ms"),
        (1_000_000_000, "1s"),
        (2_003_456_789, "2.003456789s"),
        (59_999_999_999, "59.999999999s"),
        (60_000_000_000, "1m0s"),
        (90_500_000_000, "1m30.5s"),
        (3_600_000_000_000, "1h0m0s"),
        (3_723_004_000_000, "1h2m3.004s"),
    ] {
        assert_eq!(go_duration(ns), want, "{ns}ns");
    }
    // Real Go 1.27: d.Round(10^(digits-4)).String().
    for (ns, want) in [
        (9999, "9.999µs"),
        (10_005, "10.01µs"),
        (52_125, "52.13µs"),
        (523_450, "523.5µs"),
        (1_234_567, "1.235ms"),
        (12_345_678, "12.35ms"),
        (150_951_234, "151ms"),
        (2_003_456_789, "2.003s"),
        (99_995_000_000, "1m40s"),
    ] {
        assert_eq!(short_duration(ns), want, "{ns}ns");
    }
}

/// Two Ps: main spawns a worker (runnext), blocks, is woken onto P0's
/// runnext; the worker yields and finishes on P1 from the global queue;
/// a spinner created on P0 is stolen by P1 and preempted once; main's
/// park loses its race once (resumed in place) and makes a syscall.
fn two_p_trace() -> Vec<Record> {
    vec![
        r(0, 0, NO_P, Ev::go_create(1, 0, String::new())),
        r(0, 1, 0, Ev::ProcStart { p: 0 }),
        r(
            1000,
            1,
            0,
            Ev::GoStart {
                g: 1,
                inherit: false,
            },
        ),
        r(2000, 1, 0, Ev::go_create(2, 1, "main.worker".into())),
        r(
            3000,
            1,
            0,
            Ev::GoBlock {
                g: 1,
                reason: WaitReason::ChanReceive,
                stack: crate::trace::NO_STACK,
            },
        ),
        r(
            3500,
            1,
            0,
            Ev::GoStart {
                g: 2,
                inherit: true,
            },
        ),
        r(
            5000,
            1,
            0,
            Ev::GoUnblock {
                g: 1,
                by: 2,
                runnext: true,
            },
        ),
        r(6000, 1, 0, Ev::GoSched { g: 2 }),
        r(
            6500,
            1,
            0,
            Ev::GoStart {
                g: 1,
                inherit: true,
            },
        ),
        r(
            7000,
            2,
            1,
            Ev::GlobalRunqGet {
                n: 1,
                why: "local queue empty",
            },
        ),
        r(
            7100,
            2,
            1,
            Ev::GoStart {
                g: 2,
                inherit: false,
            },
        ),
        r(8000, 1, 0, Ev::go_create(3, 1, "main.spin".into())),
        r(8500, 2, 1, Ev::GoEnd { g: 2 }),
        r(
            9000,
            2,
            1,
            Ev::ProcSteal {
                victim: 0,
                n: 1,
                runnext: false,
            },
        ),
        r(
            9100,
            2,
            1,
            Ev::GoStart {
                g: 3,
                inherit: false,
            },
        ),
        r(
            10_000,
            1,
            0,
            Ev::GoBlock {
                g: 1,
                reason: WaitReason::ChanSend,
                stack: crate::trace::NO_STACK,
            },
        ),
        r(
            10_100,
            1,
            0,
            Ev::GoStart {
                g: 1,
                inherit: true,
            },
        ),
        r(11_000, 1, 0, Ev::GoSyscall { g: 1 }),
        r(13_000, 1, 0, Ev::GoSysExit { g: 1, kept_p: true }),
        r(15_000, 1, 0, Ev::GoEnd { g: 1 }),
        r(20_000, 2, 1, Ev::GoPreempt { g: 3 }),
        r(
            21_000,
            2,
            1,
            Ev::GoStart {
                g: 3,
                inherit: false,
            },
        ),
        r(25_000, 2, 1, Ev::GoEnd { g: 3 }),
    ]
}

#[test]
fn table_of_a_hand_built_trace() {
    let want = "\
schedstats: 3 goroutines over 25µs on 2 Ps
goroutine  function     runs  preempted  stolen  running  runnable  blocked  blocked on
3          main.spin       2          1       1   14.9µs     2.1µs       0s
1          main.main       2          0       0    8.4µs     2.5µs      4µs  chan receive 2µs, syscall 2µs
2          main.worker     2          0       0    3.9µs     2.6µs       0s
total                      6          1       1   27.2µs     7.2µs      4µs  chan receive 2µs, syscall 2µs

P   schedtick  steals  Gs stolen  global polls  runnext hits
P0          3       0          0             0             2
P1          3       1          1             1             0
";
    assert_eq!(table(&two_p_trace(), 2), want);
}

#[test]
fn table_keeps_the_top_20_and_counts_the_rest() {
    let mut recs = vec![r(0, 1, 0, Ev::ProcStart { p: 0 })];
    let mut t = 0;
    for g in 1..=25u64 {
        recs.push(r(t, 1, 0, Ev::go_create(g, 0, format!("main.f{g}"))));
        recs.push(r(t, 1, 0, Ev::GoStart { g, inherit: false }));
        // G g runs g µs.
        t += g * 1000;
        recs.push(r(t, 1, 0, Ev::GoEnd { g }));
    }
    let out = table(&recs, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "schedstats: 25 goroutines over 325µs on 1 P");
    // Header, 20 rows (25 down to 6), the note, the total.
    assert!(lines[2].starts_with("25         main.f25"), "{out}");
    assert!(lines[21].starts_with("6          main.f6 "), "{out}");
    assert_eq!(lines[22], "(5 goroutines more, in the total)");
    assert!(
        lines[23].starts_with("total") && lines[23].contains(" 25 ") && lines[23].contains("325µs"),
        "{out}"
    );
    assert_eq!(
        lines[26],
        "P0         25       0          0             0             0"
    );
}

#[test]
fn table_of_nothing() {
    assert_eq!(
        table(&[], 1),
        "\
schedstats: 0 goroutines over 0s on 1 P
goroutine  function  runs  preempted  stolen  running  runnable  blocked  blocked on
total                   0          0       0       0s        0s       0s

P   schedtick  steals  Gs stolen  global polls  runnext hits
P0          0       0          0             0             0
"
    );
}

/// The numbers of a table row: (goroutine, runs, preempted, stolen).
fn rows(out: &str) -> Vec<(String, u64, u64, u64)> {
    out.lines()
        .skip(2)
        .take_while(|l| !l.is_empty())
        .filter(|l| !l.starts_with('('))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let n = |i: usize| f[i].parse::<u64>().unwrap_or_else(|_| panic!("{l}"));
            if f[0] == "total" {
                (f[0].to_string(), n(1), n(2), n(3))
            } else {
                (f[0].to_string(), n(2), n(3), n(4))
            }
        })
        .collect()
}

/// A real tracing runtime, 2 Ps: main and a worker ping-pong over an
/// unbuffered channel; every count in the table agrees with the others.
#[test]
fn table_of_a_real_run_is_consistent() {
    let mut c = Config::with_procs(2);
    c.trace = true;
    let rt = Runtime::new(c);
    let ch = Chan::new(0);
    let ch2 = ch.clone();
    let (mut spawned, mut i, mut rw) = (false, 0, None);
    let st = rt.run_main(Box::new(move |cx: &mut Cx<'_>| {
        if !spawned {
            spawned = true;
            let (c3, mut j, mut sw) = (ch2.clone(), 0, None);
            cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                while j < 200 {
                    tri!(send(&c3, cx, j, &mut sw));
                    j += 1;
                }
                Step::Exit
            }));
        }
        while i < 200 {
            tri!(recv(&ch2, cx, &mut rw));
            i += 1;
        }
        Step::Exit
    }));
    assert!(matches!(st, ExitStatus::Exited), "{st:?}");
    drop(ch);
    let out = table(&rt.take_trace().unwrap(), 2);
    let rows = rows(&out);
    assert_eq!(rows.len(), 3, "{out}");
    assert_eq!(rows[2].0, "total", "{out}");
    for (g, runs, ..) in &rows {
        assert!(*runs >= 1, "goroutine {g} never ran:\n{out}");
    }
    let total_runs = rows[2].1;
    assert_eq!(rows[0].1 + rows[1].1, total_runs, "{out}");
    assert!(out.contains("main.main") || out.lines().any(|l| l.starts_with("1 ")));
    let sched: u64 = out
        .lines()
        .filter(|l| l.starts_with('P') && !l.starts_with("P "))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sched, total_runs, "{out}");
    // 200 hand-offs each way: each G blocked and ran many times.
    assert!(total_runs >= 100, "{out}");
    assert!(out.contains("chan "), "{out}");
}

// ----- scheddetail ------------------------------------------------------

/// One P and no sysmon (so no runnext, and no retake of the P in the
/// syscall): main spawns G2 (its wakep finds no idle P: needspinning),
/// yields to it; G2 parks receiving; main runs again (3 schedticks) and
/// takes the snapshot, then the same in a syscall.
#[test]
fn detail_shows_the_running_the_parked_and_the_syscall() {
    let mut c = Config::with_procs(1);
    c.sysmon = false;
    let rt = Runtime::new(c);
    let ch = Chan::new(0);
    let ch2 = ch.clone();
    let (mut step, mut sw) = (0, None);
    let snaps = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let snaps2 = snaps.clone();
    let st = rt.run_main(Box::new(move |cx: &mut Cx<'_>| {
        if step == 0 {
            step = 1;
            let (c3, mut rw) = (ch2.clone(), None);
            cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                tri!(recv(&c3, cx, &mut rw));
                Step::Exit
            }));
            // G2 runs next (runnext) and parks; main comes back from the
            // global queue.
            return Step::Yield;
        }
        if step == 1 {
            step = 2;
            snaps2.lock().unwrap().push(detail(cx.sched).to_string());
            cx.entersyscall();
            snaps2.lock().unwrap().push(detail(cx.sched).to_string());
            assert!(cx.exitsyscall());
        }
        tri!(send(&ch2, cx, 1, &mut sw));
        Step::Exit
    }));
    assert!(matches!(st, ExitStatus::Exited), "{st:?}");
    drop(ch);
    let snaps = snaps.lock().unwrap();
    let running: Vec<&str> = snaps[0].lines().collect();
    assert!(
        running[0].starts_with("SCHED ")
            && running[0].ends_with(
                "ms: gomaxprocs=1 idleprocs=0 threads=1 spinningthreads=0 needspinning=1 idlethreads=0 runqueue=0 gcwaiting=false nmidlelocked=0 stopwait=0 sysmonwait=false"
            ),
        "{}",
        snaps[0]
    );
    assert_eq!(
        running[1..],
        [
            "  P0: status=1 schedtick=3 syscalltick=0 m=0 runqsize=0 gfreecnt=0 timerslen=0",
            "  M0: p=0 curg=1 mallocing=0 throwing=0 preemptoff= locks=0 dying=0 spinning=false blocked=false lockedg=nil",
            "  G1: status=2() m=0 lockedm=nil",
            "  G2: status=4(chan receive) m=nil lockedm=nil",
        ],
        "{}",
        snaps[0]
    );
    let syscall: Vec<&str> = snaps[1].lines().collect();
    assert_eq!(
        syscall[1..],
        [
            "  P0: status=2 schedtick=3 syscalltick=0 m=0 runqsize=0 gfreecnt=0 timerslen=0",
            "  M0: p=0 curg=1 mallocing=0 throwing=0 preemptoff= locks=0 dying=0 spinning=false blocked=false lockedg=nil",
            "  G1: status=3() m=0 lockedm=nil",
            "  G2: status=4(chan receive) m=nil lockedm=nil",
        ],
        "{}",
        snaps[1]
    );
}

/// Go keeps a G's wait reason after it is woken (`status=2(chan
/// receive)`); a new G has none.
#[test]
fn a_woken_g_keeps_its_wait_reason() {
    let g = G::new(5, Box::new(|_: &mut Cx<'_>| Step::Exit));
    assert_eq!(g.go_status(), (1, WaitReason::Unknown));
    g.set_running();
    assert_eq!(g.go_status(), (2, WaitReason::Unknown));
    assert!(g.park_commit(WaitReason::ChanReceive));
    assert_eq!(g.go_status(), (4, WaitReason::ChanReceive));
    g.ready();
    assert_eq!(g.go_status(), (1, WaitReason::ChanReceive));
    g.set_running();
    assert_eq!(g.go_status(), (2, WaitReason::ChanReceive));
    g.set_dead();
    assert_eq!(g.go_status(), (6, WaitReason::Unknown));
}

/// With sysmon, sysmon is M1 and the SCHED line counts it.
#[test]
fn detail_names_sysmon_m1() {
    let rt = Runtime::new(Config::with_procs(1));
    let out = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let out2 = out.clone();
    let st = rt.run_main(Box::new(move |cx: &mut Cx<'_>| {
        *out2.lock().unwrap() = detail(cx.sched).to_string();
        Step::Exit
    }));
    assert!(matches!(st, ExitStatus::Exited), "{st:?}");
    let out = out.lock().unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].contains(" threads=2 "), "{out}");
    assert!(lines[2].starts_with("  M1: p=nil curg=nil "), "{out}");
    assert!(lines[3].starts_with("  M0: p=0 curg=1 "), "{out}");
}
