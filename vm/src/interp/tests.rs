//! Hand-assembled programs exercising the run loop.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::*;
use crate::bytecode::{AssertDesc, Image, Op, Proto, Sig};
use crate::rtype::{Kind, RType};

/// Runs `f` with a scheduler context on an idle P of a fresh one-P
/// runtime, as `GoTask::run` lends one to the goroutine it runs.
fn with_cx<R>(f: impl FnOnce(&mut minigo_runtime::Cx<'_>) -> R) -> R {
    minigo_runtime::Runtime::new(minigo_runtime::Config::with_procs(1))
        .with_idle_p(f)
        .expect("a fresh runtime has an idle P")
}

const T_INT: u32 = 0;
const T_STRING: u32 = 1;
const T_ANY: u32 = 2;
const T_MAP: u32 = 3;
const T_SLICE: u32 = 4;

fn rtypes() -> Vec<RType> {
    let t = |name: &str, kind: Kind| RType {
        name: name.into(),
        kind,
        comparable: true,
        ..RType::invalid()
    };
    vec![
        t("int", Kind::Int),
        t("string", Kind::String),
        t("interface {}", Kind::Interface),
        RType {
            key: T_INT,
            elem: T_INT,
            comparable: false,
            ..t("map[int]int", Kind::Map)
        },
        RType {
            elem: T_INT,
            comparable: false,
            ..t("[]int", Kind::Slice)
        },
    ]
}

fn proto(name: &str, nparams: u16, nresults: u16, nregs: u16, code: Vec<Op>) -> Proto {
    Proto {
        name: name.into(),
        file: "prog.go".into(),
        lines: (1..=code.len() as u32).collect(),
        code,
        nregs,
        nparams,
        nresults,
        // Hand-made protos take and return ints.
        sig: Some(Sig {
            params: vec![T_INT; nparams as usize],
            results: vec![T_INT; nresults as usize],
        }),
        ..Proto::default()
    }
}

/// Runs an image whose entry stores its results in globals; returns the
/// outcome and the goroutine (for globals and panic inspection).
fn run(protos: Vec<Proto>, nglobals: u32) -> (RunOutcome, Goroutine) {
    run_typed(protos, vec![T_INT; nglobals as usize])
}

/// `run` with globals of the given types.
fn run_typed(protos: Vec<Proto>, global_types: Vec<u32>) -> (RunOutcome, Goroutine) {
    let image = Image {
        protos,
        nglobals: global_types.len() as u32,
        rtypes: rtypes(),
        entry: 0,
        global_types,
        ..Image::default()
    };
    let prog = match Program::new(Arc::new(image), vec!["prog".into()]) {
        Ok(p) => Arc::new(p),
        Err(e) => panic!("verify: {e}"),
    };
    let mut g = Goroutine::main(prog).expect("start");
    let flag = AtomicBool::new(false);
    let out = with_cx(|cx| g.run(cx, &flag));
    (out, g)
}

fn global(g: &Goroutine, i: usize) -> u64 {
    heap::load(&g.prog.globals[i])
}

/// sum of 0..n in a loop.
fn loop_proto(n: i32) -> Proto {
    proto(
        "main.main",
        0,
        0,
        4,
        vec![
            Op::LoadInt { a: 0, v: 0 },
            Op::LoadInt { a: 1, v: 0 },
            Op::LoadInt { a: 2, v: n },
            Op::LtI { a: 3, b: 1, c: 2 },
            Op::JmpIfNot { a: 3, off: 3 },
            Op::AddI { a: 0, b: 0, c: 1 },
            Op::AddIK { a: 1, b: 1, k: 1 },
            Op::Jmp { off: -5 },
            Op::StoreGlobal { a: 0, g: 0 },
            Op::Return { a: 0, n: 0 },
        ],
    )
}

#[test]
fn loop_sums() {
    let (out, g) = run(vec![loop_proto(1000)], 1);
    assert_eq!(out, RunOutcome::Exited);
    assert_eq!(global(&g, 0), 499500);
}

#[test]
fn preemption_resumes() {
    let image = Image {
        protos: vec![loop_proto(100_000)],
        nglobals: 1,
        rtypes: rtypes(),
        global_types: vec![T_INT],
        ..Image::default()
    };
    let prog = Arc::new(Program::new(Arc::new(image), vec![]).unwrap());
    let mut g = Goroutine::main(prog).unwrap();
    let flag = AtomicBool::new(true);
    let mut n = 0;
    with_cx(|cx| {
        while g.run(cx, &flag) == RunOutcome::Preempted {
            n += 1;
        }
    });
    assert_eq!(n, 100_000);
    assert_eq!(global(&g, 0), 4_999_950_000);
}

fn fib_protos(n: i32) -> Vec<Proto> {
    vec![
        proto(
            "main.main",
            0,
            0,
            2,
            vec![
                Op::LoadInt { a: 0, v: n },
                Op::Call { a: 0, f: 1 },
                Op::StoreGlobal { a: 0, g: 0 },
                Op::Return { a: 0, n: 0 },
            ],
        ),
        proto(
            "main.fib",
            1,
            1,
            4,
            vec![
                Op::LoadInt { a: 1, v: 2 },
                Op::LtI { a: 2, b: 0, c: 1 },
                Op::JmpIfNot { a: 2, off: 1 },
                Op::Return { a: 0, n: 1 },
                Op::AddIK { a: 1, b: 0, k: -1 },
                Op::Call { a: 1, f: 1 },
                Op::AddIK { a: 2, b: 0, k: -2 },
                Op::Call { a: 2, f: 1 },
                Op::AddI { a: 0, b: 1, c: 2 },
                Op::Return { a: 0, n: 1 },
            ],
        ),
    ]
}

#[test]
fn recursive_fib() {
    let (out, g) = run(fib_protos(20), 1);
    assert_eq!(out, RunOutcome::Exited);
    assert_eq!(global(&g, 0), 6765);
}

fn rec_protos(n: i32) -> Vec<Proto> {
    vec![
        proto(
            "main.main",
            0,
            0,
            2,
            vec![
                Op::LoadInt { a: 0, v: n },
                Op::Call { a: 0, f: 1 },
                Op::StoreGlobal { a: 0, g: 0 },
                Op::Return { a: 0, n: 0 },
            ],
        ),
        // rec(n) = n == 0 ? 0 : rec(n-1) + 1
        proto(
            "main.rec",
            1,
            1,
            3,
            vec![
                Op::LoadInt { a: 1, v: 0 },
                Op::EqI { a: 2, b: 0, c: 1 },
                Op::JmpIfNot { a: 2, off: 1 },
                Op::Return { a: 1, n: 1 },
                Op::AddIK { a: 1, b: 0, k: -1 },
                Op::Call { a: 1, f: 1 },
                Op::AddIK { a: 0, b: 1, k: 1 },
                Op::Return { a: 0, n: 1 },
            ],
        ),
    ]
}

#[test]
fn deep_recursion() {
    let (out, g) = run(rec_protos(100_000), 1);
    assert_eq!(out, RunOutcome::Exited);
    assert_eq!(global(&g, 0), 100_000);
}

#[test]
fn infinite_recursion_overflows() {
    let protos = vec![
        proto(
            "main.main",
            0,
            0,
            1,
            vec![Op::Call { a: 0, f: 1 }, Op::Return { a: 0, n: 0 }],
        ),
        proto(
            "main.f",
            0,
            0,
            1,
            vec![Op::Call { a: 0, f: 1 }, Op::Return { a: 0, n: 0 }],
        ),
    ];
    let (out, _) = run(protos, 0);
    assert_eq!(out, RunOutcome::StackOverflow);
}

#[test]
fn closures_share_cells() {
    // main: c := new cell 0; f := closure(inc, c); f(); f(); g0 = *c
    let protos = vec![
        Proto {
            cell_types: vec![(1, T_INT)],
            ..proto(
                "main.main",
                0,
                0,
                4,
                vec![
                    Op::LoadInt { a: 0, v: 0 },
                    Op::NewCell { a: 1, b: 0 },
                    Op::MakeClosure { a: 2, f: 1, b: 1 },
                    Op::CallClosure { a: 3, b: 2 },
                    Op::CallClosure { a: 3, b: 2 },
                    Op::Load { a: 0, b: 1 },
                    Op::StoreGlobal { a: 0, g: 0 },
                    Op::Return { a: 0, n: 0 },
                ],
            )
        },
        Proto {
            ncaptures: 1,
            ..proto(
                "main.main.func1",
                0,
                0,
                2,
                vec![
                    Op::LoadCapture { a: 0, i: 0 },
                    Op::Load { a: 1, b: 0 },
                    Op::AddIK { a: 1, b: 1, k: 5 },
                    Op::Store { a: 0, b: 1 },
                    Op::Return { a: 0, n: 0 },
                ],
            )
        },
    ];
    let (out, g) = run(protos, 1);
    assert_eq!(out, RunOutcome::Exited);
    assert_eq!(global(&g, 0), 10);
}

/// main calls f; f defers a thunk (which calls `handler`, which recovers
/// and stores the value in global 0), then panics with the int 7 or does a
/// division by zero.
fn defer_protos(div: bool, recover: bool) -> Vec<Proto> {
    let body = if div {
        vec![Op::LoadInt { a: 1, v: 0 }, Op::DivI { a: 0, b: 0, c: 1 }]
    } else {
        vec![
            Op::LoadInt { a: 1, v: 7 },
            Op::MakeIface {
                a: 1,
                b: 1,
                t: T_INT as u16,
            },
            Op::Panic { a: 1 },
        ]
    };
    let mut f_code = vec![
        Op::LoadInt { a: 0, v: 1 },
        Op::LoadFunc { a: 1, f: 2 },
        Op::Defer { a: 1 },
    ];
    f_code.extend(body);
    let epilogue = f_code.len() as u32;
    f_code.push(Op::RunDefers);
    f_code.push(Op::Return { a: 0, n: 1 });
    let mut handler = vec![];
    if recover {
        handler.push(Op::Recover { a: 0 });
        handler.push(Op::StoreGlobal { a: 0, g: 0 });
    }
    handler.push(Op::LoadInt { a: 0, v: 1 });
    handler.push(Op::StoreGlobal { a: 0, g: 1 });
    handler.push(Op::Return { a: 0, n: 0 });
    vec![
        proto(
            "main.main",
            0,
            0,
            1,
            vec![
                Op::Call { a: 0, f: 1 },
                Op::StoreGlobal { a: 0, g: 2 },
                Op::Return { a: 0, n: 0 },
            ],
        ),
        Proto {
            recover_pc: Some(epilogue),
            ..proto("main.f", 0, 1, 3, f_code)
        },
        proto(
            "main.f",
            0,
            0,
            1,
            vec![Op::Call { a: 0, f: 3 }, Op::Return { a: 0, n: 0 }],
        ),
        proto("main.f.func1", 0, 0, 1, handler),
    ]
}

#[test]
fn defer_recover_resumes_at_epilogue() {
    let (out, g) = run_typed(defer_protos(false, true), vec![T_ANY, T_INT, T_INT]);
    assert_eq!(out, RunOutcome::Exited);
    let v = heap::iface(global(&g, 0)).expect("recovered value");
    assert_eq!((v.rtype, v.data), (T_INT, 7));
    assert_eq!(global(&g, 1), 1, "deferred call ran");
    assert_eq!(global(&g, 2), 1, "f returned its result register");
}

#[test]
fn recovered_runtime_error_has_go_message() {
    let (out, mut g) = run_typed(defer_protos(true, true), vec![T_ANY, T_INT, T_INT]);
    assert_eq!(out, RunOutcome::Exited);
    let v = global(&g, 0);
    let prog = g.prog.clone();
    let text = with_cx(|cx| g.panic_value_text(cx, &prog, v));
    assert_eq!(
        String::from_utf8_lossy(&text),
        "runtime error: integer divide by zero"
    );
    let i = heap::iface(v).unwrap();
    assert_eq!(prog.rtype(i.rtype).name, "runtime.errorString");
}

#[test]
fn unrecovered_panic_runs_defers_and_reports() {
    let (out, mut g) = run_typed(defer_protos(false, false), vec![T_ANY, T_INT, T_INT]);
    assert_eq!(out, RunOutcome::Panicked);
    assert_eq!(global(&g, 1), 1, "deferred call ran");
    assert_eq!(g.panics.len(), 1);
    let prog = g.prog.clone();
    let v = g.panics[0].value;
    assert_eq!(with_cx(|cx| g.panic_value_text(cx, &prog, v)), b"7");
    let trace: Vec<&str> = g.panics[0]
        .trace
        .iter()
        .filter(|e| !e.skip)
        .map(|e| prog.protos[e.proto as usize].name.as_str())
        .collect();
    assert_eq!(trace, ["main.f"]);
}

#[test]
fn index_out_of_range_message() {
    let protos = vec![proto(
        "main.main",
        0,
        0,
        4,
        vec![
            Op::LoadInt { a: 0, v: 3 },
            Op::LoadInt { a: 1, v: 3 },
            Op::MakeSlice {
                a: 2,
                b: 0,
                t: T_SLICE as u16,
            },
            Op::LoadInt { a: 3, v: 5 },
            Op::Index { a: 3, b: 2, c: 3 },
            Op::Return { a: 0, n: 0 },
        ],
    )];
    let (out, mut g) = run(protos, 0);
    assert_eq!(out, RunOutcome::Panicked);
    let prog = g.prog.clone();
    let v = g.panics[0].value;
    assert_eq!(
        String::from_utf8_lossy(&with_cx(|cx| g.panic_value_text(cx, &prog, v))),
        "runtime error: index out of range [5] with length 3"
    );
}

/// The integer instructions handled inside the hot loop (division by a
/// non-zero word, shifts by a non-negative count, negation, narrowing) give
/// the same results as the full arms.
#[test]
fn integer_ops_in_the_hot_loop() {
    let mut code = vec![
        Op::LoadInt { a: 0, v: -1 },
        Op::LoadInt { a: 1, v: 3 },
        Op::LoadInt { a: 2, v: 63 },
        Op::LoadInt { a: 3, v: 64 },
        Op::LoadInt { a: 4, v: 0x1ff },
        Op::LoadInt { a: 5, v: -8 },
        Op::LoadInt { a: 6, v: i32::MIN },
        Op::LoadInt { a: 7, v: 1 },
    ];
    let ops = [
        Op::DivU { a: 8, b: 0, c: 1 },
        Op::RemU { a: 8, b: 0, c: 3 },
        Op::AndNot { a: 8, b: 4, c: 1 },
        Op::Shl { a: 8, b: 7, c: 2 },
        Op::Shl { a: 8, b: 7, c: 3 },
        Op::ShrU { a: 8, b: 0, c: 2 },
        Op::ShrU { a: 8, b: 0, c: 3 },
        Op::ShrS { a: 8, b: 5, c: 7 },
        Op::ShrS { a: 8, b: 5, c: 3 },
        Op::NegI { a: 8, b: 5 },
        Op::BitNot { a: 8, b: 4 },
        Op::Ext {
            a: 8,
            b: 4,
            kind: 0,
        },
        Op::Ext {
            a: 8,
            b: 4,
            kind: 3,
        },
        Op::Ext {
            a: 8,
            b: 6,
            kind: 2,
        },
        Op::Ext {
            a: 8,
            b: 6,
            kind: 5,
        },
        Op::Ext {
            a: 8,
            b: 5,
            kind: 4,
        },
        Op::Ext {
            a: 8,
            b: 4,
            kind: 1,
        },
    ];
    for (g, op) in ops.iter().enumerate() {
        code.push(*op);
        code.push(Op::StoreGlobal { a: 8, g: g as u32 });
    }
    code.push(Op::Return { a: 0, n: 0 });
    let (out, g) = run(vec![proto("main.main", 0, 0, 9, code)], ops.len() as u32);
    assert_eq!(out, RunOutcome::Exited);
    let got: Vec<u64> = (0..ops.len()).map(|i| global(&g, i)).collect();
    let want: Vec<u64> = vec![
        u64::MAX / 3,
        u64::MAX % 64,
        0x1ff & !3,
        1 << 63,
        0,
        1,
        0,
        -4i64 as u64,
        -1i64 as u64,
        8,
        !0x1ff,
        -1i64 as u64,
        0xff,
        i32::MIN as i64 as u64,
        0x8000_0000,
        0xfff8,
        0x1ff,
    ];
    assert_eq!(got, want);
}

/// `LtU t; JmpIf t` pairs are fused in the hot loop: the jump is taken
/// (or not) as written, a jump on another register is not fused, and a
/// fused backward jump is still a safe point.
#[test]
fn compare_and_jump_fusion() {
    // r0 = 0; do { r0 += 1; r1 = r0 < 10 (unsigned) } while r1; then
    // r2 = (r0 <= 3); if !r2 skip the store of 99; jump on r4 (not r2).
    let code = vec![
        Op::LoadInt { a: 0, v: 0 },
        Op::LoadInt { a: 5, v: 10 },
        Op::LoadInt { a: 6, v: 3 },
        Op::LoadInt { a: 4, v: 0 },
        Op::AddIK { a: 0, b: 0, k: 1 },
        Op::LtU { a: 1, b: 0, c: 5 },
        Op::JmpIf { a: 1, off: -3 },
        Op::StoreGlobal { a: 0, g: 0 },
        Op::LeU { a: 2, b: 0, c: 6 },
        Op::JmpIfNot { a: 2, off: 2 },
        Op::LoadInt { a: 3, v: 99 },
        Op::StoreGlobal { a: 3, g: 1 },
        Op::StoreGlobal { a: 2, g: 2 },
        Op::LtI { a: 2, b: 6, c: 5 },
        Op::JmpIfNot { a: 4, off: 1 },
        Op::StoreGlobal { a: 2, g: 3 },
        Op::Return { a: 0, n: 0 },
    ];
    let image = Image {
        protos: vec![proto("main.main", 0, 0, 7, code)],
        nglobals: 4,
        global_types: vec![T_INT; 4],
        rtypes: rtypes(),
        ..Image::default()
    };
    let prog = Arc::new(Program::new(Arc::new(image), vec![]).unwrap());
    let mut g = Goroutine::main(prog).unwrap();
    let flag = AtomicBool::new(true);
    let mut n = 0;
    with_cx(|cx| {
        while g.run(cx, &flag) == RunOutcome::Preempted {
            n += 1;
        }
    });
    assert_eq!(n, 9, "every taken backward jump is a safe point");
    assert_eq!(global(&g, 0), 10);
    assert_eq!(global(&g, 1), 0, "JmpIfNot on a false comparison jumps");
    assert_eq!(global(&g, 2), 0);
    assert_eq!(global(&g, 3), 0, "a jump on another register is not fused");
}

/// Division by zero and negative shift counts leave the hot loop and fail
/// with Go's messages.
#[test]
fn integer_op_failures() {
    for (op, msg) in [
        (
            Op::DivU { a: 2, b: 0, c: 1 },
            "runtime error: integer divide by zero",
        ),
        (
            Op::RemU { a: 2, b: 0, c: 1 },
            "runtime error: integer divide by zero",
        ),
        (Op::Shl { a: 2, b: 0, c: 3 }, "negative shift amount"),
        (Op::ShrU { a: 2, b: 0, c: 3 }, "negative shift amount"),
        (Op::ShrS { a: 2, b: 0, c: 3 }, "negative shift amount"),
    ] {
        let code = vec![
            Op::LoadInt { a: 0, v: 7 },
            Op::LoadInt { a: 1, v: 0 },
            Op::LoadInt { a: 3, v: -1 },
            op,
            Op::Return { a: 0, n: 0 },
        ];
        let (out, mut g) = run(vec![proto("main.main", 0, 0, 4, code)], 0);
        assert_eq!(out, RunOutcome::Panicked, "{op:?}");
        let prog = g.prog.clone();
        let v = g.panics[0].value;
        let text =
            String::from_utf8_lossy(&with_cx(|cx| g.panic_value_text(cx, &prog, v))).into_owned();
        assert!(text.contains(msg), "{op:?}: {text}");
    }
}

#[test]
fn maps_set_get_delete() {
    // for i := 0; i < 1000; i++ { m[i] = i*2 }; delete(m, 10);
    // g0 = len(m); g1 = m[21]; g2 = ok of m[10]; g3 = entries a range
    // produces
    let protos = vec![proto(
        "main.main",
        0,
        0,
        12,
        vec![
            Op::LoadInt { a: 0, v: 0 },
            Op::MakeMap {
                a: 1,
                t: T_MAP as u16,
                b: 0,
            },
            Op::LoadInt { a: 2, v: 1000 },
            Op::LtI { a: 3, b: 0, c: 2 },
            Op::JmpIfNot { a: 3, off: 4 },
            Op::AddI { a: 4, b: 0, c: 0 },
            Op::MapSet { a: 1, b: 0, c: 4 },
            Op::AddIK { a: 0, b: 0, k: 1 },
            Op::Jmp { off: -6 },
            Op::LoadInt { a: 5, v: 10 },
            Op::MapDelete { a: 1, b: 5 },
            Op::MapLen { a: 6, b: 1 },
            Op::StoreGlobal { a: 6, g: 0 },
            Op::LoadInt { a: 5, v: 21 },
            Op::MapGet { a: 6, b: 1, c: 5 },
            Op::StoreGlobal { a: 6, g: 1 },
            Op::LoadInt { a: 5, v: 10 },
            Op::MapGetOk { a: 6, b: 1, c: 5 },
            Op::StoreGlobal { a: 7, g: 2 },
            Op::MapIter { a: 6, b: 1 },
            Op::LoadInt { a: 7, v: 0 },
            Op::MapNext { a: 8, b: 6 },
            Op::JmpIfNot { a: 10, off: 2 },
            Op::AddIK { a: 7, b: 7, k: 1 },
            Op::Jmp { off: -4 },
            Op::StoreGlobal { a: 7, g: 3 },
            Op::Return { a: 0, n: 0 },
        ],
    )];
    let (out, g) = run(protos, 4);
    assert_eq!(out, RunOutcome::Exited);
    assert_eq!(global(&g, 0), 999);
    assert_eq!(global(&g, 1), 42);
    assert_eq!(global(&g, 2), 0);
    assert_eq!(global(&g, 3), 999);
}

#[test]
fn nil_map_write_panics() {
    let protos = vec![proto(
        "main.main",
        0,
        0,
        2,
        vec![
            Op::LoadInt { a: 0, v: 0 },
            Op::MapSet { a: 0, b: 0, c: 0 },
            Op::Return { a: 0, n: 0 },
        ],
    )];
    let (out, mut g) = run(protos, 0);
    assert_eq!(out, RunOutcome::Panicked);
    let prog = g.prog.clone();
    let v = g.panics[0].value;
    assert_eq!(
        with_cx(|cx| g.panic_value_text(cx, &prog, v)),
        b"assignment to entry in nil map"
    );
}

#[test]
fn type_assert_message() {
    let protos = vec![Proto {
        asserts: vec![AssertDesc {
            target: T_INT,
            source: T_ANY,
            comma_ok: false,
        }],
        ..proto(
            "main.main",
            0,
            0,
            3,
            vec![
                Op::LoadConst { a: 0, k: 0 },
                Op::MakeIface {
                    a: 1,
                    b: 0,
                    t: T_STRING as u16,
                },
                Op::TypeAssert { a: 2, b: 1, d: 0 },
                Op::Return { a: 0, n: 0 },
            ],
        )
    }];
    let mut protos = protos;
    protos[0].consts = vec![heap::new_str(b"str")];
    protos[0].str_consts = vec![true];
    let (out, mut g) = run(protos, 0);
    assert_eq!(out, RunOutcome::Panicked);
    let prog = g.prog.clone();
    let v = g.panics[0].value;
    assert_eq!(
        String::from_utf8_lossy(&with_cx(|cx| g.panic_value_text(cx, &prog, v))),
        "interface conversion: interface {} is string, not int"
    );
}

#[test]
fn bad_register_is_rejected_at_load() {
    let image = Image {
        protos: vec![proto(
            "main.main",
            0,
            0,
            1,
            vec![Op::Move { a: 0, b: 5 }, Op::Return { a: 0, n: 0 }],
        )],
        rtypes: rtypes(),
        ..Image::default()
    };
    assert!(Program::new(Arc::new(image), vec![]).is_err());
}

#[test]
fn duration_strings() {
    use crate::stdlib::time::duration_string as d;
    assert_eq!(d(0), "0s");
    assert_eq!(d(1_500_000_000), "1.5s");
    assert_eq!(d(120_000_000_000), "2m0s");
    assert_eq!(d(100_000_000), "100ms");
    assert_eq!(d(1500), "1.5µs");
    assert_eq!(d(-3_723_000_000_000), "-1h2m3s");
}

/// `cargo test --release -p minigo-vm bench_ -- --ignored --nocapture`
#[test]
#[ignore]
fn bench_fib32_and_loop() {
    let t = std::time::Instant::now();
    let (out, g) = run(fib_protos(32), 1);
    assert_eq!(out, RunOutcome::Exited);
    assert_eq!(global(&g, 0), 2178309);
    eprintln!("fib(32): {:?}", t.elapsed());
    let t = std::time::Instant::now();
    let (out, _) = run(vec![loop_proto(100_000_000)], 1);
    assert_eq!(out, RunOutcome::Exited);
    eprintln!("loop 1e8: {:?}", t.elapsed());
}
