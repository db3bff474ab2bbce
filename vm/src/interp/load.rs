//! Loading an [`Image`] into a runnable [`Program`]: the run-time error
//! types are linked in, every instruction is verified once (so the run loop
//! may index registers unchecked), globals are allocated and natives
//! resolved.

use std::sync::Arc;

use super::natives::{self, NativeFn};
use crate::bytecode::{Image, Op, Operand, Proto, RecvAdjust, Sig, Window};
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
    /// `type_assert` and `panic_nil` are runtime.go's types: pointers to
    /// structs (the message is the first field of TypeAssertionError's).
    pub real_type_assert: bool,
    pub real_panic_nil: bool,
    /// `string`, for panics raised by natives with a message.
    pub string: u32,
    pub error_m: u32,
    pub string_m: u32,
    /// `GoString() string`, for `%#v`.
    pub gostring_m: u32,
}

/// A loaded program, shared by every goroutine (and thread) running it.
pub struct Program {
    /// The compiled image; its `protos`, `rtypes`, `method_names` and
    /// `natives` are empty when `new` got the only reference to it (they
    /// moved into the fields below; see `new`).
    pub image: Arc<Image>,
    /// The image's protos plus the interpreter's own (run-time error
    /// methods); each proto's code ends in a guard so pc never runs off.
    pub protos: Vec<Proto>,
    pub rtypes: crate::rtype::TypeTable,
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
    /// `-race`: the program is instrumented (`super::race`).
    pub race: bool,
    /// `-race`: the plain natives (`natives` holds the synchronising
    /// ones wrapped with their happens-before edges).
    pub race_plain: Vec<NativeFn>,
    /// `-race`: by proto, whether its memory accesses are checked (the
    /// program's code and the library packages `race::instrument` names).
    pub race_checked: Vec<bool>,
    /// What a Go call needs of each proto (`protos[i]`), packed for the
    /// run loop's inline call and return (`Goroutine::execute`'s `run_hot`).
    pub hot: Vec<HotProto>,
    /// Interface values of small scalars, shared (`MakeIface`).
    pub convt: super::convt::ConvT,
}

/// Registers the inline call path zeroes with one fixed-size store above
/// a callee's parameters (the rest, if any, in a loop): a callee's window
/// is kept at least `nparams + HOT_ZERO` registers long (`HotProto::span`).
pub const HOT_ZERO: usize = 4;

/// A proto's call data, precomputed at load time (see `Program::hot`).
#[derive(Clone, Copy, Debug)]
pub struct HotProto {
    /// `protos[i].code.as_ptr()`.
    pub code: *const Op,
    /// `protos[i].consts.as_ptr()`.
    pub consts: *const Word,
    /// Registers a call needs from its window's start: `nregs`, at least
    /// `nparams + HOT_ZERO`.
    pub span: u32,
    pub nparams: u16,
    pub nregs: u16,
}

// SAFETY: the pointers are into the buffers of `Program::protos`, which are
// never changed after `Program::new` and live as long as the `Program`
// (moving the `Program` does not move them); they are only read.
unsafe impl Send for HotProto {}
// SAFETY: as for `Send`: shared read-only data.
unsafe impl Sync for HotProto {}

impl HotProto {
    fn new(p: &Proto) -> HotProto {
        HotProto {
            code: p.code.as_ptr(),
            consts: p.consts.as_ptr(),
            span: (p.nregs as u32).max(p.nparams as u32 + HOT_ZERO as u32),
            nparams: p.nparams,
            nregs: p.nregs,
        }
    }
}

impl Program {
    /// Links and verifies `image`; an error is an internal error (a broken
    /// compiler invariant).
    pub fn new(mut image: Arc<Image>, args: Vec<String>) -> Result<Program, String> {
        // `minigo run` hands over its only reference: take the tables
        // instead of copying them (a copy of all bytecode is ~1 MB of
        // peak RSS for a program using fmt).
        let (mut protos, mut rtypes, mut method_names, mut native_names) =
            match Arc::get_mut(&mut image) {
                Some(im) => (
                    std::mem::take(&mut im.protos),
                    std::mem::take(&mut im.rtypes),
                    std::mem::take(&mut im.method_names),
                    std::mem::take(&mut im.natives),
                ),
                None => (
                    image.protos.clone(),
                    image.rtypes.clone(),
                    image.method_names.clone(),
                    image.natives.clone(),
                ),
            };

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
            consts: vec![heap::new_static_str(b"runtime error: ")],
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
        // A program importing runtime has the real types (runtime.go,
        // a struct behind a pointer); the others get stand-ins.
        let real = |rtypes: &[RType], name: &str| -> Option<u32> {
            rtypes
                .iter()
                .position(|t| {
                    t.kind == Kind::Pointer
                        && t.name == name
                        && rtypes
                            .get(t.elem as usize)
                            .is_some_and(|e| e.pkg == "runtime" && e.kind == Kind::Struct)
                })
                .map(|i| i as u32)
        };
        let real_type_assert = real(&rtypes, "*runtime.TypeAssertionError");
        let real_panic_nil = real(&rtypes, "*runtime.PanicNilError");
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
        let type_assert = match real_type_assert {
            Some(t) => t,
            None => add_type("*runtime.TypeAssertionError", plain),
        };
        let panic_nil = match real_panic_nil {
            Some(t) => t,
            None => add_type("*runtime.PanicNilError", prefixed),
        };
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

        let race = super::race::enabled();
        let race_checked = if race {
            super::race::instrument(&mut protos)
        } else {
            Vec::new()
        };
        // `Return` of one value is `Return1` (no count to test at run time).
        for p in protos.iter_mut() {
            for op in p.code.iter_mut() {
                if let Op::Return { a, n: 1 } = *op {
                    *op = Op::Return1 { a };
                }
            }
        }
        let t = crate::phases::Timer::start();
        verify(
            &image,
            &protos,
            &rtypes,
            method_names.len(),
            native_names.len(),
        )?;
        t.stop("link: range checks");
        if verify_enabled() {
            crate::phases::time("link: verify", || {
                super::verify::verify_program(&image, &protos, &rtypes, &native_names)
            })?;
        }
        let t = crate::phases::Timer::start();

        let globals = heap::alloc_slots(image.nglobals as usize);
        for &(g, t) in &image.aggregate_globals {
            if let Some(s) = globals.get(g as usize) {
                if (t as usize) < rtypes.len() {
                    heap::store(s, super::value::zero(&rtypes, t));
                }
            }
        }
        let natives: Vec<NativeFn> = native_names.iter().map(|n| natives::resolve(n)).collect();
        let (natives, race_plain) = if race {
            let wrapped = native_names
                .iter()
                .zip(&natives)
                .map(|(n, &f)| super::race::native(n).unwrap_or(f))
                .collect();
            (wrapped, natives)
        } else {
            (natives, Vec::new())
        };
        let native_blocking = native_names
            .iter()
            .map(|n| natives::is_blocking(n))
            .collect();
        let func_words = (0..protos.len() as u32)
            .map(heap::new_static_closure)
            .collect();
        let hot = protos.iter().map(HotProto::new).collect();
        t.stop("link: globals (GC start), natives, closures");
        Ok(Program {
            image,
            protos,
            hot,
            convt: super::convt::ConvT::new(rtypes.len()),
            rtypes: crate::rtype::TypeTable::new(rtypes),
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
                real_type_assert: real_type_assert.is_some(),
                real_panic_nil: real_panic_nil.is_some(),
                string,
                error_m,
                string_m,
                gostring_m,
            },
            args,
            race,
            race_plain,
            race_checked,
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
            // Index operands first: register windows may depend on them.
            for (_, o) in op.operands().iter() {
                let bad = match o {
                    Operand::Reg(..) | Operand::Imm(_) => None,
                    Operand::Const(k) => (k as usize >= p.consts.len()).then_some("constant"),
                    Operand::Global(g) => (g >= image.nglobals).then_some("global"),
                    Operand::Proto(f) => (f as usize >= protos.len()).then_some("proto"),
                    Operand::Native(f) => (f as usize >= nnatives).then_some("native"),
                    Operand::Method(m) => (m as usize >= nmethods).then_some("method name"),
                    Operand::Type(t) => (t as usize >= nt).then_some("rtype"),
                    Operand::Assert(d) => match p.asserts.get(d as usize) {
                        None => Some("assert descriptor"),
                        Some(a) if a.target as usize >= nt || a.source as usize >= nt => {
                            Some("rtype")
                        }
                        Some(_) => None,
                    },
                    Operand::Select(d) => match p.selects.get(d as usize) {
                        None => Some("select descriptor"),
                        Some(s) => s
                            .cases
                            .iter()
                            .any(|c| c.ch as usize >= nregs || c.val as usize >= nregs)
                            .then_some("select register"),
                    },
                    Operand::Jump(off) => {
                        let to = pc as i64 + 1 + off as i64;
                        (to < 0 || to >= len as i64).then_some("jump")
                    }
                };
                if let Some(what) = bad {
                    return err(pc, &format!("{what} out of range"));
                }
            }
            for (_, o) in op.operands().iter() {
                let Operand::Reg(r, w) = o else { continue };
                let n = match w {
                    Window::Fixed(n) => n,
                    Window::Captures(f) => protos[f as usize].ncaptures as usize,
                    Window::Assert(d) => 1 + p.asserts[d as usize].comma_ok as usize,
                };
                if r as usize + n > nregs {
                    return err(pc, "register out of range");
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
