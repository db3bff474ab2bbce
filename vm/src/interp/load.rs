//! Loading an [`Image`] into a runnable [`Program`]: the run-time error
//! types are linked in, every instruction is verified once (so the run loop
//! may index registers unchecked), globals are allocated and natives
//! resolved.

use std::sync::Arc;

use super::natives::{self, NativeFn};
use crate::bytecode::{Image, Op, Proto, RecvAdjust, Sig};
use crate::heap::{self, Slot, Word};
use crate::rtype::{Kind, RMethod, RType};

/// Type and method indices the interpreter itself needs.
#[derive(Clone, Copy, Debug, Default)]
pub struct RtTypes {
    pub bounds: u32,
    pub error_string: u32,
    pub plain: u32,
    pub type_assert: u32,
    pub panic_nil: u32,
    /// `string`, for panics raised by natives with a message.
    pub string: u32,
    pub error_m: u32,
    pub string_m: u32,
    /// `GoString() string`, for `%#v`.
    pub gostring_m: u32,
}

/// A loaded program, shared by every goroutine (and thread) running it.
pub struct Program {
    pub image: Arc<Image>,
    /// The image's protos plus the interpreter's own (run-time error
    /// methods); each proto's code ends in a guard so pc never runs off.
    pub protos: Vec<Proto>,
    pub rtypes: Vec<RType>,
    pub method_names: Vec<String>,
    pub globals: &'static [Slot],
    pub natives: Vec<NativeFn>,
    /// Natives that make blocking system calls (file I/O, stdin): the run
    /// loop brackets them with `entersyscall`/`exitsyscall` so the P can be
    /// handed to another M meanwhile.
    pub native_blocking: Vec<bool>,
    pub native_names: Vec<String>,
    /// The func value of each top-level proto (`LoadFunc`).
    pub func_words: Vec<Word>,
    pub rt: RtTypes,
    pub args: Vec<String>,
}

impl Program {
    /// Links and verifies `image`; an error is an internal error (a broken
    /// compiler invariant).
    pub fn new(image: Arc<Image>, args: Vec<String>) -> Result<Program, String> {
        let mut protos = image.protos.clone();
        let mut rtypes = image.rtypes.clone();
        let mut method_names = image.method_names.clone();
        let mut native_names = image.natives.clone();

        let mut method = |name: &str| -> u32 {
            match method_names.iter().position(|m| m == name) {
                Some(i) => i as u32,
                None => {
                    method_names.push(name.to_string());
                    (method_names.len() - 1) as u32
                }
            }
        };
        // Method keys are name + signature (see `compile::method_key`).
        let error_m = method("Error() string");
        let string_m = method("String() string");
        let gostring_m = method("GoString() string");
        let runtime_error_m = method("RuntimeError()");

        // Error() methods of the run-time error types: the value is a named
        // string holding the message.
        let prefixed = protos.len() as u32;
        protos.push(Proto {
            name: "runtime.(*Error).Error".into(),
            file: "runtime/error.go".into(),
            code: vec![
                Op::LoadConst { a: 1, k: 0 },
                Op::Move { a: 2, b: 0 },
                Op::Concat { a: 0, b: 1, n: 2 },
                Op::Return { a: 0, n: 1 },
            ],
            lines: vec![1; 4],
            consts: vec![heap::new_str(b"runtime error: ")],
            str_consts: vec![true],
            nregs: 3,
            nparams: 1,
            nresults: 1,
            ..Proto::default()
        });
        let plain = protos.len() as u32;
        protos.push(Proto {
            name: "runtime.plainError.Error".into(),
            file: "runtime/error.go".into(),
            code: vec![Op::Return { a: 0, n: 1 }],
            lines: vec![1],
            nregs: 1,
            nparams: 1,
            nresults: 1,
            ..Proto::default()
        });
        let marker = protos.len() as u32;
        protos.push(Proto {
            name: "runtime.Error.RuntimeError".into(),
            file: "runtime/error.go".into(),
            code: vec![Op::Return { a: 0, n: 0 }],
            lines: vec![1],
            nregs: 1,
            nparams: 1,
            ..Proto::default()
        });
        let mut add_type = |name: &str, err_fn: u32| -> u32 {
            let mut methods = vec![
                RMethod {
                    name: error_m,
                    func: err_fn,
                    adjust: RecvAdjust::None,
                },
                RMethod {
                    name: runtime_error_m,
                    func: marker,
                    adjust: RecvAdjust::None,
                },
            ];
            methods.sort_by_key(|m| m.name);
            rtypes.push(RType {
                name: name.into(),
                kind: Kind::String,
                methods,
                comparable: true,
                named: true,
                pkg: "runtime".into(),
                ..RType::invalid()
            });
            (rtypes.len() - 1) as u32
        };
        let bounds = add_type("runtime.boundsError", prefixed);
        let error_string = add_type("runtime.errorString", prefixed);
        let plain_t = add_type("runtime.plainError", plain);
        let type_assert = add_type("*runtime.TypeAssertionError", plain);
        let panic_nil = add_type("*runtime.PanicNilError", prefixed);
        let string = match rtypes
            .iter()
            .position(|t| t.kind == Kind::String && t.name == "string")
        {
            Some(i) => i as u32,
            None => {
                rtypes.push(RType {
                    name: "string".into(),
                    kind: Kind::String,
                    comparable: true,
                    ..RType::invalid()
                });
                (rtypes.len() - 1) as u32
            }
        };

        // Verifier metadata of the run-time error methods: the receiver is
        // the message string.
        let str_sig = |n: usize| Sig {
            params: vec![string],
            results: vec![string; n],
        };
        protos[prefixed as usize].sig = Some(str_sig(1));
        protos[plain as usize].sig = Some(str_sig(1));
        protos[marker as usize].sig = Some(str_sig(0));

        // Guards: running off the end of a proto is an internal error.
        let guard = native_names.len() as u16;
        native_names.push(natives::GUARD_NAME.to_string());
        for p in protos.iter_mut() {
            if p.recover_pc.is_none() {
                // Recovering in a function the compiler gave no epilogue:
                // run the remaining defers, return the result registers.
                p.recover_pc = Some(p.code.len() as u32);
                p.code.push(Op::RunDefers);
                p.code.push(Op::Return {
                    a: 0,
                    n: p.nresults,
                });
            }
            p.code.push(Op::CallNative {
                a: 0,
                f: guard,
                n: 0,
            });
            p.code.push(Op::Jmp { off: -2 });
            let last = p.lines.last().copied().unwrap_or(0);
            p.lines.resize(p.code.len(), last);
            p.nregs = p.nregs.max(p.nparams).max(p.nresults).max(1);
        }

        verify(
            &image,
            &protos,
            &rtypes,
            method_names.len(),
            native_names.len(),
        )?;
        if verify_enabled() {
            super::verify::verify_program(&image, &protos, &rtypes, &native_names)?;
        }

        let globals = heap::alloc_slots(image.nglobals as usize);
        for &(g, t) in &image.aggregate_globals {
            if let Some(s) = globals.get(g as usize) {
                if (t as usize) < rtypes.len() {
                    heap::store(s, super::value::zero(&rtypes, t));
                }
            }
        }
        let natives = native_names.iter().map(|n| natives::resolve(n)).collect();
        let native_blocking = native_names
            .iter()
            .map(|n| natives::is_blocking(n))
            .collect();
        let func_words = (0..protos.len() as u32)
            .map(|f| heap::new_closure(f, Vec::new()))
            .collect();
        Ok(Program {
            image,
            protos,
            rtypes,
            method_names,
            globals,
            natives,
            native_blocking,
            native_names,
            func_words,
            rt: RtTypes {
                bounds,
                error_string,
                plain: plain_t,
                type_assert,
                panic_nil,
                string,
                error_m,
                string_m,
                gostring_m,
            },
            args,
        })
    }

    #[inline(always)]
    pub fn rtype(&self, t: u32) -> &RType {
        &self.rtypes[t as usize]
    }
}

/// Checks the invariants the run loop relies on without re-checking.
fn verify(
    image: &Image,
    protos: &[Proto],
    rtypes: &[RType],
    nmethods: usize,
    nnatives: usize,
) -> Result<(), String> {
    let nt = rtypes.len();
    for (i, t) in rtypes.iter().enumerate() {
        let bad = |x: u32| x as usize >= nt;
        let needs_elem = matches!(
            t.kind,
            Kind::Pointer | Kind::Slice | Kind::Array | Kind::Chan | Kind::Map
        );
        if (needs_elem && bad(t.elem))
            || (t.kind == Kind::Map && bad(t.key))
            || t.fields.iter().any(|f| bad(f.ty))
            || t.methods
                .iter()
                .any(|m| m.func as usize >= protos.len() || m.name as usize >= nmethods)
            || t.iface_methods.iter().any(|&m| m as usize >= nmethods)
        {
            return Err(format!("rtype {i} ({}) has an index out of range", t.name));
        }
    }
    if image.entry as usize >= protos.len() {
        return Err("entry proto out of range".into());
    }
    for (pi, p) in protos.iter().enumerate() {
        let nregs = p.nregs as usize;
        let len = p.code.len();
        let err = |pc: usize, what: &str| {
            Err(format!(
                "proto {pi} ({}) pc {pc}: {what} ({:?})",
                p.name, p.code[pc]
            ))
        };
        if let Some(rp) = p.recover_pc {
            if rp as usize >= len {
                return Err(format!("proto {pi} ({}): recover_pc out of range", p.name));
            }
        }
        for (pc, op) in p.code.iter().enumerate() {
            let mut regs: [(usize, usize); 3] = [(0, 0); 3];
            let r1 = |r: u16| (r as usize, 1usize);
            let rn = |r: u16, n: usize| (r as usize, n);
            let mut rtype: Option<u32> = None;
            let mut target: Option<i64> = None;
            use Op::*;
            match *op {
                Nop | RunDefers => {}
                Move { a, b }
                | NewCell { a, b }
                | Load { a, b }
                | Store { a, b }
                | Field { a, b, .. }
                | SetField { a, b, .. }
                | FieldAddr { a, b, .. }
                | AddIK { a, b, .. }
                | NegI { a, b }
                | BitNot { a, b }
                | Ext { a, b, .. }
                | Not { a, b }
                | NegF { a, b }
                | F32 { a, b }
                | IToF { a, b }
                | UToF { a, b }
                | FToI { a, b }
                | FToU { a, b }
                | StrLen { a, b }
                | RuneToStr { a, b }
                | StrToBytes { a, b }
                | BytesToStr { a, b }
                | StrToRunes { a, b }
                | RunesToStr { a, b }
                | SliceLen { a, b }
                | SliceCap { a, b }
                | MapDelete { a, b }
                | MapLen { a, b }
                | IsNil { a, b }
                | IfaceType { a, b }
                | CallClosure { a, b } => regs = [r1(a), r1(b), (0, 0)],
                LoadInt { a, .. } | LoadCapture { a, .. } | MapClear { a } => regs[0] = r1(a),
                LoadConst { a, k } => {
                    regs[0] = r1(a);
                    if k as usize >= p.consts.len() {
                        return err(pc, "constant out of range");
                    }
                }
                LoadGlobal { a, g } | StoreGlobal { a, g } | GlobalAddr { a, g } => {
                    regs[0] = r1(a);
                    if g >= image.nglobals {
                        return err(pc, "global out of range");
                    }
                }
                LoadFunc { a, f } => {
                    regs[0] = r1(a);
                    if f as usize >= protos.len() {
                        return err(pc, "proto out of range");
                    }
                }
                MakeClosure { a, f, b } => {
                    let Some(fp) = protos.get(f as usize) else {
                        return err(pc, "proto out of range");
                    };
                    regs = [r1(a), rn(b, fp.ncaptures as usize), (0, 0)];
                }
                Zero { a, t } => {
                    regs[0] = r1(a);
                    rtype = Some(t);
                }
                Copy { a, b, t } | CopyInto { a, b, t } | MakeIface { a, b, t } => {
                    regs = [r1(a), r1(b), (0, 0)];
                    rtype = Some(t as u32);
                }
                AddI { a, b, c }
                | SubI { a, b, c }
                | MulI { a, b, c }
                | DivI { a, b, c }
                | RemI { a, b, c }
                | DivU { a, b, c }
                | RemU { a, b, c }
                | And { a, b, c }
                | Or { a, b, c }
                | Xor { a, b, c }
                | AndNot { a, b, c }
                | Shl { a, b, c }
                | ShrS { a, b, c }
                | ShrU { a, b, c }
                | EqI { a, b, c }
                | NeI { a, b, c }
                | LtI { a, b, c }
                | LeI { a, b, c }
                | LtU { a, b, c }
                | LeU { a, b, c }
                | AddF { a, b, c }
                | SubF { a, b, c }
                | MulF { a, b, c }
                | DivF { a, b, c }
                | EqF { a, b, c }
                | NeF { a, b, c }
                | LtF { a, b, c }
                | LeF { a, b, c }
                | StrEq { a, b, c }
                | StrNe { a, b, c }
                | StrLt { a, b, c }
                | StrLe { a, b, c }
                | StrIndex { a, b, c }
                | Index { a, b, c }
                | SetIndex { a, b, c }
                | IndexAddr { a, b, c }
                | MapGet { a, b, c }
                | MapSet { a, b, c } => regs = [r1(a), r1(b), r1(c)],
                MapGetOk { a, b, c } => regs = [rn(a, 2), r1(b), r1(c)],
                MapIter { a, b } => regs = [r1(a), r1(b), (0, 0)],
                MapNext { a, b } => regs = [rn(a, 3), r1(b), (0, 0)],
                Concat { a, b, n } => regs = [r1(a), rn(b, n as usize), (0, 0)],
                StrSlice { a, b, .. } => regs = [r1(a), rn(b, 3), (0, 0)],
                StrNextRune { a, b } => regs = [rn(a, 2), rn(b, 2), (0, 0)],
                MakeSlice { a, b, t } | CopySlice { a, b, t } => {
                    regs = [r1(a), rn(b, 2), (0, 0)];
                    rtype = Some(t as u32);
                }
                Append { a, b, t }
                | AppendStack { a, b, t }
                | AppendSlice { a, b, t }
                | AppendSliceStack { a, b, t } => {
                    regs = [r1(a), rn(b, 2), (0, 0)];
                    rtype = Some(t as u32);
                }
                SliceExpr { a, b, .. } => regs = [r1(a), rn(b, 4), (0, 0)],
                MakeMap { a, t, b } => {
                    regs = [r1(a), r1(b), (0, 0)];
                    rtype = Some(t as u32);
                }
                TypeAssert { a, b, d } => {
                    let Some(desc) = p.asserts.get(d as usize) else {
                        return err(pc, "assert descriptor out of range");
                    };
                    if desc.target as usize >= nt || desc.source as usize >= nt {
                        return err(pc, "rtype out of range");
                    }
                    regs = [rn(a, if desc.comma_ok { 2 } else { 1 }), r1(b), (0, 0)];
                }
                EqVal { a, b, t } => {
                    regs = [r1(a), rn(b, 2), (0, 0)];
                    rtype = Some(t as u32);
                }
                Call { a, f } => {
                    regs[0] = r1(a);
                    if f as usize >= protos.len() {
                        return err(pc, "proto out of range");
                    }
                }
                CallIface { a, m } => {
                    regs[0] = r1(a);
                    if m as usize >= nmethods {
                        return err(pc, "method name out of range");
                    }
                }
                CallNative { a, f, n } => {
                    regs[0] = rn(a, n as usize);
                    if f as usize >= nnatives {
                        return err(pc, "native out of range");
                    }
                }
                Return { a, n } => regs[0] = rn(a, n as usize),
                Defer { a } | Recover { a } | Panic { a } | Go { a } | Close { a } => {
                    regs[0] = r1(a)
                }
                Send { a, b } | Recv { a, b } | ChanLen { a, b } | ChanCap { a, b } => {
                    regs = [r1(a), r1(b), (0, 0)]
                }
                RecvOk { a, b } => regs = [rn(a, 2), r1(b), (0, 0)],
                MakeChan { a, b, t } => {
                    regs = [r1(a), r1(b), (0, 0)];
                    rtype = Some(t as u32);
                }
                Select { a, d } => {
                    let Some(desc) = p.selects.get(d as usize) else {
                        return err(pc, "select descriptor out of range");
                    };
                    if desc
                        .cases
                        .iter()
                        .any(|c| c.ch as usize >= nregs || c.val as usize >= nregs)
                    {
                        return err(pc, "select register out of range");
                    }
                    regs[0] = rn(a, 3);
                }
                Jmp { off } => target = Some(off as i64),
                JmpLt { a, b, off }
                | JmpLe { a, b, off }
                | JmpEq { a, b, off }
                | JmpNe { a, b, off } => {
                    regs = [r1(a), r1(b), (0, 0)];
                    target = Some(off as i64);
                }
                JmpLtK { a, off, .. }
                | JmpLeK { a, off, .. }
                | JmpGtK { a, off, .. }
                | JmpGeK { a, off, .. }
                | JmpEqK { a, off, .. }
                | JmpNeK { a, off, .. } => {
                    regs[0] = r1(a);
                    target = Some(off as i64);
                }
                JmpIf { a, off } | JmpIfNot { a, off } => {
                    regs[0] = r1(a);
                    target = Some(off as i64);
                }
            }
            for (r, n) in regs {
                if r + n > nregs {
                    return err(pc, "register out of range");
                }
            }
            if let Some(t) = rtype {
                if t as usize >= nt {
                    return err(pc, "rtype out of range");
                }
            }
            if let Some(off) = target {
                let to = pc as i64 + 1 + off;
                if to < 0 || to >= len as i64 {
                    return err(pc, "jump out of range");
                }
            }
        }
        // The guard pair appended by `Program::new` ends every proto, so
        // the last instruction is always the backward `Jmp`.
        if !matches!(p.code.last(), Some(Op::Jmp { .. })) {
            return Err(format!("proto {pi} ({}) lacks its guard", p.name));
        }
    }
    Ok(())
}

/// Whether `Program::new` runs the bytecode verifier (`verify` module).
/// On unless `GODEBUG` has `verifybytecode=0`.
pub fn verify_enabled() -> bool {
    use std::sync::OnceLock;
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| {
        let v = std::env::var("GODEBUG").unwrap_or_default();
        !v.split(',').any(|kv| kv.trim() == "verifybytecode=0")
    })
}
