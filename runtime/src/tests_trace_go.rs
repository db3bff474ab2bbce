//! Go's trace format (`trace_go.rs`) from hand-made records: a small
//! reader of the wire format checks the bytes, and the events the model
//! adds or drops.

use crate::trace::{Ev, GStatus, GoStatusEv, Record, UserEv, UserKind, NO_P};
use crate::trace_go::{block_reason, write};
use crate::WaitReason;

/// Arguments (after the time) of each event type used.
fn nargs(ty: u8) -> usize {
    match ty {
        10 => 2,      // ProcStart p, seq
        11 => 0,      // ProcStop
        12 => 3,      // ProcSteal p, seq, m
        13 => 2,      // ProcStatus p, status
        14 => 3,      // GoCreate g, new stack, stack
        16 => 2,      // GoStart g, seq
        17 => 0,      // GoDestroy
        19 | 20 => 2, // GoStop/GoBlock reason, stack
        21 => 3,      // GoUnblock g, seq, stack
        22 => 2,      // GoSyscallBegin p seq, stack
        23 | 24 => 0, // GoSyscallEnd(Blocked)
        26 => 2,      // STWBegin kind, stack
        27 => 0,      // STWEnd
        29 => 2,      // GCBegin seq, stack
        30 => 1,      // GCEnd seq
        40 => 4,      // UserTaskBegin
        41 => 2,      // UserTaskEnd
        42 | 43 => 3, // UserRegionBegin/End
        44 => 4,      // UserLog
        48 => 4,      // GoStatusStack g, m, status, stack
        t => panic!("unexpected event type {t}"),
    }
}

fn name(ty: u8) -> &'static str {
    match ty {
        10 => "ProcStart",
        11 => "ProcStop",
        12 => "ProcSteal",
        13 => "ProcStatus",
        14 => "GoCreate",
        16 => "GoStart",
        17 => "GoDestroy",
        19 => "GoStop",
        20 => "GoBlock",
        21 => "GoUnblock",
        22 => "GoSyscallBegin",
        23 => "GoSyscallEnd",
        24 => "GoSyscallEndBlocked",
        26 => "STWBegin",
        27 => "STWEnd",
        29 => "GCBegin",
        30 => "GCEnd",
        40 => "UserTaskBegin",
        41 => "UserTaskEnd",
        42 => "UserRegionBegin",
        43 => "UserRegionEnd",
        44 => "UserLog",
        48 => "GoStatusStack",
        _ => "?",
    }
}

fn uvarint(b: &[u8], i: &mut usize) -> u64 {
    let (mut v, mut shift) = (0u64, 0);
    loop {
        let c = b[*i];
        *i += 1;
        v |= u64::from(c & 0x7f) << shift;
        if c < 0x80 {
            return v;
        }
        shift += 7;
    }
}

/// A decoded trace: events `(time, m, name, args)` in time order, the
/// strings by id, and the frequency.
struct Decoded {
    events: Vec<(u64, u64, &'static str, Vec<u64>)>,
    strings: std::collections::HashMap<u64, String>,
    stacks: std::collections::HashMap<u64, Vec<u64>>,
    freq: u64,
}

fn decode(b: &[u8]) -> Decoded {
    assert_eq!(&b[..16], b"go 1.23 trace\0\0\0");
    let mut d = Decoded {
        events: Vec::new(),
        strings: Default::default(),
        stacks: Default::default(),
        freq: 0,
    };
    let mut i = 16;
    while i < b.len() {
        assert_eq!(b[i], 1, "batch header at {i}");
        i += 1;
        assert_eq!(uvarint(b, &mut i), 1, "generation");
        let m = uvarint(b, &mut i);
        let mut t = uvarint(b, &mut i);
        let size = uvarint(b, &mut i) as usize;
        assert!(size <= 64 << 10);
        let data = &b[i..i + size];
        i += size;
        let mut j = 0;
        match data[0] {
            4 => {
                j += 1;
                while j < data.len() {
                    assert_eq!(data[j], 5);
                    j += 1;
                    let id = uvarint(data, &mut j);
                    let n = uvarint(data, &mut j) as usize;
                    let s = String::from_utf8(data[j..j + n].to_vec()).unwrap();
                    j += n;
                    d.strings.insert(id, s);
                }
            }
            2 => {
                j += 1;
                while j < data.len() {
                    assert_eq!(data[j], 3);
                    j += 1;
                    let id = uvarint(data, &mut j);
                    let n = uvarint(data, &mut j);
                    let mut frames = Vec::new();
                    for _ in 0..n {
                        let _pc = uvarint(data, &mut j);
                        frames.push(uvarint(data, &mut j));
                        let _file = uvarint(data, &mut j);
                        let _line = uvarint(data, &mut j);
                    }
                    d.stacks.insert(id, frames);
                }
            }
            8 => {
                j += 1;
                d.freq = uvarint(data, &mut j);
            }
            _ => {
                while j < data.len() {
                    let ty = data[j];
                    j += 1;
                    t += uvarint(data, &mut j);
                    let args = (0..nargs(ty)).map(|_| uvarint(data, &mut j)).collect();
                    d.events.push((t, m, name(ty), args));
                }
            }
        }
    }
    d.events.sort_by_key(|e| e.0);
    d
}

fn rec(ts: u64, m: u32, p: Option<u32>, ev: Ev) -> Record {
    Record {
        ts,
        m,
        p: p.unwrap_or(NO_P),
        ev,
    }
}

fn encode(records: &[Record]) -> Decoded {
    let mut out = Vec::new();
    write(records, &mut out).unwrap();
    decode(&out)
}

/// `(m, name)` of every event, for the shape of a trace.
fn shape(d: &Decoded) -> Vec<(u64, &'static str)> {
    d.events.iter().map(|e| (e.1, e.2)).collect()
}

#[test]
fn a_small_program_becomes_go_events_in_order() {
    let d = encode(&[
        rec(10, 0, None, Ev::go_create(1, 0, "runtime.main".into())),
        rec(20, 1, Some(0), Ev::ProcStart { p: 0 }),
        rec(
            30,
            1,
            Some(0),
            Ev::GoStart {
                g: 1,
                inherit: false,
            },
        ),
        rec(40, 1, Some(0), Ev::go_create(2, 1, "main.worker".into())),
        rec(
            50,
            1,
            Some(0),
            Ev::GoBlock {
                g: 1,
                reason: WaitReason::ChanReceive,
                stack: crate::trace::NO_STACK,
            },
        ),
        rec(
            60,
            1,
            Some(0),
            Ev::GoStart {
                g: 2,
                inherit: true,
            },
        ),
        rec(
            70,
            1,
            Some(0),
            Ev::GoUnblock {
                g: 1,
                by: 2,
                runnext: true,
            },
        ),
        rec(80, 1, Some(0), Ev::GoEnd { g: 2 }),
        rec(
            90,
            1,
            Some(0),
            Ev::GoStart {
                g: 1,
                inherit: true,
            },
        ),
        rec(100, 1, Some(0), Ev::GoEnd { g: 1 }),
        rec(110, 1, Some(0), Ev::ProcStop { p: 0 }),
    ]);
    assert_eq!(d.freq, 1_000_000_000);
    assert_eq!(
        shape(&d),
        [
            (0, "GoStatusStack"),
            (0, "ProcStatus"),
            (1, "ProcStart"),
            (1, "GoStart"),
            (1, "GoCreate"),
            (1, "GoBlock"),
            (1, "GoStart"),
            (1, "GoUnblock"),
            (1, "GoDestroy"),
            (1, "GoStart"),
            (1, "GoDestroy"),
            (1, "ProcStop"),
        ]
    );
    // Times are the records' (+1), distinct and increasing.
    let ts: Vec<u64> = d.events.iter().map(|e| e.0).collect();
    assert_eq!(ts, [11, 21, 22, 31, 41, 51, 61, 71, 81, 91, 101, 111]);
    // Sequence numbers: G1 starts (1), is unblocked (2), starts (3).
    let g1: Vec<u64> = d
        .events
        .iter()
        .filter(|e| matches!(e.2, "GoStart" | "GoUnblock") && e.3[0] == 1)
        .map(|e| e.3[1])
        .collect();
    assert_eq!(g1, [1, 2, 3]);
    // The block reason is Go's, and goroutines are named by a frame.
    let block = d.events.iter().find(|e| e.2 == "GoBlock").unwrap();
    assert_eq!(d.strings[&block.3[0]], "chan receive");
    let create = d.events.iter().find(|e| e.2 == "GoCreate").unwrap();
    let frame = d.stacks[&create.3[1]][0];
    assert_eq!(d.strings[&frame], "main.worker");
}

#[test]
fn an_unblock_recorded_before_its_block_follows_it() {
    let d = encode(&[
        rec(10, 1, Some(0), Ev::ProcStart { p: 0 }),
        rec(
            20,
            1,
            Some(0),
            Ev::GoStart {
                g: 5,
                inherit: false,
            },
        ),
        rec(
            30,
            2,
            None,
            Ev::GoUnblock {
                g: 5,
                by: 0,
                runnext: false,
            },
        ),
        rec(
            40,
            1,
            Some(0),
            Ev::GoBlock {
                g: 5,
                reason: WaitReason::Sleep,
                stack: crate::trace::NO_STACK,
            },
        ),
        rec(
            50,
            1,
            Some(0),
            Ev::GoStart {
                g: 5,
                inherit: false,
            },
        ),
    ]);
    let names: Vec<&str> = shape(&d).into_iter().map(|e| e.1).collect();
    assert_eq!(
        names,
        [
            "ProcStatus",
            "ProcStart",
            "GoStatusStack",
            "GoStart",
            "GoBlock",
            "GoUnblock",
            "GoStart"
        ]
    );
}

#[test]
fn a_g_started_on_a_p_another_m_holds_moves_the_p() {
    let d = encode(&[
        rec(10, 1, Some(0), Ev::ProcStart { p: 0 }),
        rec(
            20,
            1,
            Some(0),
            Ev::GoStart {
                g: 1,
                inherit: false,
            },
        ),
        // M2 runs G2 on P0 without the records handing P0 over.
        rec(
            30,
            2,
            Some(0),
            Ev::GoStart {
                g: 2,
                inherit: false,
            },
        ),
    ]);
    assert_eq!(
        shape(&d),
        [
            (0, "ProcStatus"),
            (1, "ProcStart"),
            (0, "GoStatusStack"),
            (1, "GoStart"),
            (1, "GoStop"),
            (1, "ProcStop"),
            (2, "ProcStart"),
            (0, "GoStatusStack"),
            (2, "GoStart"),
        ]
    );
}

#[test]
fn syscalls_keep_or_lose_their_p() {
    let d = encode(&[
        rec(10, 1, Some(0), Ev::ProcStart { p: 0 }),
        rec(
            20,
            1,
            Some(0),
            Ev::GoStart {
                g: 1,
                inherit: false,
            },
        ),
        rec(30, 1, Some(0), Ev::GoSyscall { g: 1 }),
        rec(40, 1, Some(0), Ev::GoSysExit { g: 1, kept_p: true }),
        rec(50, 1, Some(0), Ev::GoSyscall { g: 1 }),
        // sysmon (M9) hands P0 to M2, which runs G2 on it.
        rec(60, 9, None, Ev::Handoff { p: 0 }),
        rec(70, 2, Some(0), Ev::ProcStart { p: 0 }),
        rec(
            80,
            2,
            Some(0),
            Ev::GoStart {
                g: 2,
                inherit: false,
            },
        ),
        rec(
            90,
            1,
            None,
            Ev::GoSysExit {
                g: 1,
                kept_p: false,
            },
        ),
    ]);
    let names: Vec<&str> = shape(&d).into_iter().map(|e| e.1).collect();
    assert_eq!(
        names,
        [
            "ProcStatus",
            "ProcStart",
            "GoStatusStack",
            "GoStart",
            "GoSyscallBegin",
            "GoSyscallEnd",
            "GoSyscallBegin",
            "ProcSteal",
            "ProcStart",
            "GoStatusStack",
            "GoStart",
            "GoSyscallEndBlocked",
        ]
    );
    // P sequence numbers: start 1, syscall 2, syscall 3, steal 4, start 5.
    let pseq: Vec<u64> = d
        .events
        .iter()
        .filter_map(|e| match e.2 {
            "ProcStart" | "ProcSteal" => Some(e.3[1]),
            "GoSyscallBegin" => Some(e.3[0]),
            _ => None,
        })
        .collect();
    assert_eq!(pseq, [1, 2, 3, 4, 5]);
}

#[test]
fn gc_stw_and_user_annotations_need_a_running_g() {
    let user = |g, kind| Ev::User(Box::new(UserEv { g, kind }));
    let d = encode(&[
        // Before any G runs: the GC waits for one.
        rec(5, 0, None, Ev::GCStart { n: 1 }),
        rec(10, 1, Some(0), Ev::ProcStart { p: 0 }),
        rec(
            20,
            1,
            Some(0),
            Ev::GoStatus(Box::new(GoStatusEv {
                g: 1,
                status: GStatus::Running,
                name: "main.main".into(),
            })),
        ),
        rec(25, 0, None, Ev::STWStart),
        rec(26, 0, None, Ev::STWDone),
        rec(30, 0, None, Ev::GCDone { n: 1 }),
        rec(
            40,
            1,
            Some(0),
            user(
                1,
                UserKind::TaskBegin {
                    id: 1,
                    parent: 0,
                    name: "t".into(),
                },
            ),
        ),
        rec(
            50,
            1,
            Some(0),
            user(
                1,
                UserKind::RegionBegin {
                    task: 1,
                    name: "r".into(),
                },
            ),
        ),
        // An end that is not the innermost region's is dropped.
        rec(
            55,
            1,
            Some(0),
            user(
                1,
                UserKind::RegionEnd {
                    task: 1,
                    name: "x".into(),
                },
            ),
        ),
        rec(
            60,
            1,
            Some(0),
            user(
                1,
                UserKind::Log {
                    task: 1,
                    key: "k".into(),
                    value: "v".into(),
                },
            ),
        ),
        rec(
            70,
            1,
            Some(0),
            user(
                1,
                UserKind::RegionEnd {
                    task: 1,
                    name: "r".into(),
                },
            ),
        ),
        rec(80, 1, Some(0), user(1, UserKind::TaskEnd { id: 1 })),
        // Dropped: no Go event.
        rec(90, 1, Some(0), Ev::RunqOverflow { n: 3 }),
        rec(91, 1, Some(0), Ev::Netpoll { n: 1 }),
    ]);
    assert_eq!(
        shape(&d),
        [
            (0, "ProcStatus"),
            (1, "ProcStart"),
            (1, "GoStatusStack"),
            (1, "GCBegin"),
            (1, "STWBegin"),
            (1, "STWEnd"),
            (1, "GCEnd"),
            (1, "UserTaskBegin"),
            (1, "UserRegionBegin"),
            (1, "UserLog"),
            (1, "UserRegionEnd"),
            (1, "UserTaskEnd"),
        ]
    );
}

#[test]
fn wait_reasons_map_to_go_block_reasons() {
    assert_eq!(block_reason(WaitReason::ChanSend), "chan send");
    assert_eq!(block_reason(WaitReason::Select), "select");
    assert_eq!(block_reason(WaitReason::MutexLock), "sync");
    assert_eq!(block_reason(WaitReason::SyncCondWait), "sync.(*Cond).Wait");
    assert_eq!(block_reason(WaitReason::IoWait), "network");
    assert_eq!(block_reason(WaitReason::Sleep), "sleep");
    assert_eq!(block_reason(WaitReason::SelectNoCases), "forever");
}

#[test]
fn large_traces_split_into_batches_under_64k() {
    let mut rs = vec![rec(1, 1, Some(0), Ev::ProcStart { p: 0 })];
    for i in 0..40_000u64 {
        rs.push(rec(
            10 + 2 * i,
            1,
            Some(0),
            Ev::GoStart {
                g: 1,
                inherit: false,
            },
        ));
        rs.push(rec(11 + 2 * i, 1, Some(0), Ev::GoSched { g: 1 }));
    }
    let d = encode(&rs);
    assert_eq!(d.events.len(), 2 + 1 + 80_000);
}

#[test]
fn a_block_carries_its_stack_from_the_table() {
    let recs = [
        rec(10, 1, Some(0), Ev::ProcStart { p: 0 }),
        rec(
            20,
            1,
            Some(0),
            Ev::GoStart {
                g: 7,
                inherit: false,
            },
        ),
        rec(
            40,
            1,
            Some(0),
            Ev::GoBlock {
                g: 7,
                reason: WaitReason::Select,
                stack: 1,
            },
        ),
    ];
    let sym = |pc: u64| (format!("f{}", pc >> 32), "a.go".to_string(), pc & 0xff);
    let mut out = Vec::new();
    let table: Vec<std::sync::Arc<[u64]>> =
        vec![vec![9].into(), vec![(3 << 32) | 5, (1 << 32) | 2].into()];
    let stacks = crate::trace_go::Stacks {
        table: &table,
        sym: &sym,
    };
    crate::trace_go::write_with(&recs, Some(stacks), &mut out).unwrap();
    let d = decode(&out);
    let block = d.events.iter().find(|e| e.2 == "GoBlock").unwrap();
    let funcs: Vec<&str> = d.stacks[&block.3[1]]
        .iter()
        .map(|f| d.strings[f].as_str())
        .collect();
    assert_eq!(funcs, ["f3", "f1"]);
    // Without a symbolizer the stack record is ignored.
    let d = encode(&recs);
    let block = d.events.iter().find(|e| e.2 == "GoBlock").unwrap();
    assert_eq!(block.3[1], 0);
}
