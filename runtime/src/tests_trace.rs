//! The execution trace (`trace.rs`): what a runtime records for scripted
//! fake tasks on one P (deterministic), what it records for a stopped
//! world and an overflowing queue, and the JSON it writes.

use crate::proc::Sched;
use crate::tests::{recv, send, tri};
use crate::trace::{write_json, Ev, Record};
use crate::*;

fn tracing(procs: usize) -> Config {
    let mut c = Config::with_procs(procs);
    c.trace = true;
    c
}

/// The events of goroutines and Ps, without times or sysmon's.
fn sched_events(records: &[Record]) -> Vec<Ev> {
    records
        .iter()
        .filter(|r| !matches!(r.ev, Ev::Preempt { .. } | Ev::ProcStop { .. }))
        .map(|r| r.ev.clone())
        .collect()
}

/// main spawns G2 and blocks receiving; G2 (in runnext, so it inherits
/// the slice) sends, waking main onto its P's runnext, and ends; main
/// runs again and ends. On one P this order is fixed.
#[test]
fn spawn_block_unblock_and_end_are_recorded_in_order() {
    let rt = Runtime::new(tracing(1));
    let c = Chan::new(0);
    let c2 = c.clone();
    let (mut spawned, mut rw) = (false, None);
    let st = rt.run_main(Box::new(move |cx: &mut Cx<'_>| {
        if !spawned {
            spawned = true;
            let (c3, mut sw) = (c2.clone(), None);
            cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                tri!(send(&c3, cx, 7, &mut sw));
                Step::Exit
            }));
        }
        tri!(recv(&c2, cx, &mut rw));
        Step::Exit
    }));
    assert!(matches!(st, ExitStatus::Exited), "{st:?}");
    let records = rt.take_trace().expect("tracing runtime");
    let evs = sched_events(&records);
    let block = Ev::GoBlock {
        g: 1,
        reason: WaitReason::ChanReceive,
        stack: crate::trace::NO_STACK,
    };
    assert_eq!(
        evs[..9],
        [
            Ev::go_create(1, 0, String::new()),
            Ev::ProcStart { p: 0 },
            Ev::GoStart {
                g: 1,
                inherit: false
            },
            Ev::go_create(2, 1, String::new()),
            block,
            Ev::GoStart {
                g: 2,
                inherit: true
            },
            Ev::GoUnblock {
                g: 1,
                by: 2,
                runnext: true
            },
            Ev::GoEnd { g: 2 },
            Ev::GoStart {
                g: 1,
                inherit: true
            },
        ],
        "{evs:#?}"
    );
    assert_eq!(evs[9], Ev::GoEnd { g: 1 }, "{evs:#?}");
    // Goroutine events happen on the P, on an M.
    for r in &records {
        if let Ev::GoStart { .. } | Ev::GoEnd { .. } | Ev::GoBlock { .. } = r.ev {
            assert_eq!(r.p(), Some(0), "{r:?}");
            assert_ne!(r.m, 0, "{r:?}");
        }
    }
    assert!(records.windows(2).all(|w| w[0].ts <= w[1].ts));
    // Taken once: the buffers are empty afterwards.
    assert!(rt.take_trace().unwrap().is_empty());
}

#[test]
fn nothing_is_recorded_without_the_knob() {
    let rt = Runtime::new(Config::with_procs(1));
    let st = rt.run_main(Box::new(|_: &mut Cx<'_>| Step::Exit));
    assert!(matches!(st, ExitStatus::Exited));
    assert!(rt.take_trace().is_none());
}

/// A stop of the world is one STWStart and one STWDone, on no P.
#[test]
fn stop_the_world_is_recorded() {
    let rt = Runtime::new(tracing(2));
    rt.stop_the_world();
    rt.start_the_world();
    rt.trace_event(|| Ev::GCDone { n: 1 });
    let r = rt.take_trace().unwrap();
    // An M that start_the_world's wakep starts may record its P's
    // start and stop meanwhile (under load): not what this test is about.
    let evs: Vec<_> = r
        .iter()
        .filter(|r| !matches!(r.ev, Ev::ProcStart { .. } | Ev::ProcStop { .. }))
        .map(|r| (r.ev.clone(), r.p()))
        .collect();
    assert_eq!(
        evs,
        [
            (Ev::STWStart, None),
            (Ev::STWDone, None),
            (Ev::GCDone { n: 1 }, None)
        ]
    );
}

/// A full local queue moves its older half and the new G to the global
/// queue: one RunqOverflow of 129.
#[test]
fn runq_overflow_is_recorded() {
    let sched = Sched::new(tracing(1));
    let mut p = sched.lock().pidle.pop().unwrap();
    for i in 0..257 {
        let g = sched.new_g(100 + i, Box::new(|_: &mut Cx<'_>| Step::Exit));
        p.runqput(&sched, g, false);
    }
    let r = sched.tracer.as_ref().unwrap().take();
    let evs: Vec<_> = r.into_iter().map(|r| r.ev).collect();
    assert_eq!(evs, [Ev::RunqOverflow { n: 129 }]);
    sched.lock().pidle.push(p);
}

/// The JSON is well formed and draws each run of a G as a complete
/// slice on its P's track and its M's, named after the G's function.
#[test]
fn json_has_tracks_slices_and_instants() {
    let rec = |t: u64, m: u32, p: Option<u32>, ev: Ev| Record {
        ts: t * 1_000_000,
        m,
        p: p.unwrap_or(crate::trace::NO_P),
        ev,
    };
    let records = vec![
        rec(0, 0, None, Ev::go_create(1, 0, "main \"quoted\"".into())),
        rec(
            1,
            1,
            Some(0),
            Ev::GoStart {
                g: 1,
                inherit: false,
            },
        ),
        rec(
            3,
            1,
            Some(0),
            Ev::GoBlock {
                g: 1,
                reason: WaitReason::Sleep,
                stack: crate::trace::NO_STACK,
            },
        ),
        rec(4, 0, None, Ev::GCStart { n: 1 }),
        rec(5, 0, None, Ev::STWStart),
        rec(6, 0, None, Ev::STWDone),
        rec(7, 0, None, Ev::GCDone { n: 1 }),
        rec(
            8,
            2,
            Some(1),
            Ev::GoUnblock {
                g: 1,
                by: 0,
                runnext: false,
            },
        ),
        rec(
            9,
            2,
            Some(1),
            Ev::GoStart {
                g: 1,
                inherit: true,
            },
        ),
    ];
    let mut out = Vec::new();
    write_json(&records, &mut out).unwrap();
    let s = String::from_utf8(out).unwrap();
    json_check(&s);
    // The run 1ms..3ms on P0 and on M1, with how it began and ended.
    let run = r#"{"name":"G1 main \"quoted\"","cat":"g","ph":"X","pid":1,"tid":0,"ts":1000.000,"dur":2000.000,"args":{"g":1,"m":1,"p":0,"start":"new","end":"GoBlock","reason":"sleep"}}"#;
    assert!(s.contains(run), "{s}");
    assert!(
        s.contains(r#""ph":"X","pid":2,"tid":1,"ts":1000.000,"dur":2000.000"#),
        "{s}"
    );
    // The run still open at the end, which took the slice over.
    assert!(s.contains(r#""ph":"X","pid":1,"tid":1,"ts":9000.000,"dur":0.000,"args":{"g":1,"m":2,"p":1,"start":"inherit"}}"#), "{s}");
    assert!(
        s.contains(
            r#"{"name":"GC 1","cat":"gc","ph":"X","pid":3,"tid":0,"ts":4000.000,"dur":3000.000}"#
        ),
        "{s}"
    );
    assert!(
        s.contains(
            r#"{"name":"STW","cat":"gc","ph":"X","pid":3,"tid":1,"ts":5000.000,"dur":1000.000}"#
        ),
        "{s}"
    );
    assert!(s.contains(r#"{"name":"GoUnblock","cat":"sched","ph":"i","s":"t","pid":1,"tid":1,"ts":8000.000,"args":{"g":1,"by":0,"runnext":false,"m":2,"p":1}}"#), "{s}");
    assert!(s.contains(r#"{"name":"GoCreate","cat":"sched","ph":"i","s":"t","pid":3,"tid":2,"ts":0.000,"args":{"g":1,"parent":0,"func":"main \"quoted\"","m":0,"p":null}}"#), "{s}");
    // Starts and ends of runs are the slices' edges, not instants.
    assert!(
        !s.contains(r#""name":"GoStart""#) && !s.contains(r#""name":"GoBlock""#),
        "{s}"
    );
    assert!(
        s.contains(r#"{"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"P1"}}"#),
        "{s}"
    );
    assert!(
        s.contains(r#"{"name":"thread_name","ph":"M","pid":2,"tid":2,"args":{"name":"M2"}}"#),
        "{s}"
    );
}

/// Fails unless `s` is one JSON value (a small recursive-descent check).
fn json_check(s: &str) {
    fn ws(b: &[u8], i: &mut usize) {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
    }
    fn value(b: &[u8], i: &mut usize) -> Result<(), usize> {
        ws(b, i);
        match b.get(*i) {
            Some(b'{') | Some(b'[') => {
                let close = if b[*i] == b'{' { b'}' } else { b']' };
                let obj = close == b'}';
                *i += 1;
                ws(b, i);
                if b.get(*i) == Some(&close) {
                    *i += 1;
                    return Ok(());
                }
                loop {
                    if obj {
                        ws(b, i);
                        string(b, i)?;
                        ws(b, i);
                        if b.get(*i) != Some(&b':') {
                            return Err(*i);
                        }
                        *i += 1;
                    }
                    value(b, i)?;
                    ws(b, i);
                    match b.get(*i) {
                        Some(b',') => *i += 1,
                        Some(&c) if c == close => {
                            *i += 1;
                            return Ok(());
                        }
                        _ => return Err(*i),
                    }
                }
            }
            Some(b'"') => string(b, i),
            Some(b't') | Some(b'f') | Some(b'n') => {
                for w in [&b"true"[..], b"false", b"null"] {
                    if b[*i..].starts_with(w) {
                        *i += w.len();
                        return Ok(());
                    }
                }
                Err(*i)
            }
            Some(c) if c.is_ascii_digit() || *c == b'-' => {
                *i += 1;
                while *i < b.len() && (b[*i].is_ascii_digit() || b".eE+-".contains(&b[*i])) {
                    *i += 1;
                }
                Ok(())
            }
            _ => Err(*i),
        }
    }
    fn string(b: &[u8], i: &mut usize) -> Result<(), usize> {
        if b.get(*i) != Some(&b'"') {
            return Err(*i);
        }
        *i += 1;
        while *i < b.len() {
            match b[*i] {
                b'\\' => *i += 2,
                b'"' => {
                    *i += 1;
                    return Ok(());
                }
                c if c < 0x20 => return Err(*i),
                _ => *i += 1,
            }
        }
        Err(*i)
    }
    let b = s.as_bytes();
    let mut i = 0;
    let r = value(b, &mut i).and_then(|_| {
        ws(b, &mut i);
        if i == b.len() {
            Ok(())
        } else {
            Err(i)
        }
    });
    if let Err(at) = r {
        panic!(
            "bad JSON at byte {at}: {:?}",
            &s[at.saturating_sub(40)..(at + 40).min(s.len())]
        );
    }
}
