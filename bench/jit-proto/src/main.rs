//! jit-proto: a measured prototype of a baseline JIT for minigo (issue 33,
//! item 6; the design note is docs/design/jit.md). Not part of the
//! workspace and not shipped: it reads a Go program's minigo bytecode from
//! `minigo disasm` (see `disasm.rs`), translates one function's bytecode to
//! Cranelift IR, and runs the machine code on a register file laid out as
//! the interpreter's (`Goroutine::regs`, one 64-bit word per register, a
//! call's window starting at the callee's first argument).
//!
//! What the generated code does, as a real baseline JIT would:
//! - a safe point at each backward jump and before each call: one load of
//!   the preempt flag and a branch to a cold block that spills the
//!   registers and calls `jit_safepoint` (which a sysmon thread makes
//!   happen every 10 ms, as minigo's sysmon does);
//! - Go calls push and pop a frame record laid out as the interpreter's
//!   `Frame` (32 bytes), save the caller's pc in the caller's record, check
//!   the register stack's limit and zero the callee's non-parameter
//!   registers (`--frames full`, the default), or skip all of that
//!   (`--frames none`, to price the protocol);
//! - any instruction it does not translate is a deoptimisation exit: the
//!   registers are written back and the code returns `DEOPT | pc`, so the
//!   interpreter can resume at that pc on the same register file.
//!
//! Usage: see README.md.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, AbiParam, Block, InstBuilder, MemFlags, Value};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, FuncId, Linkage, Module};
mod disasm;
use disasm::{Bin, Cond, Image, Op, Proto};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The interpreter's `Frame` (vm/src/interp/mod.rs), field for field.
#[repr(C)]
#[derive(Clone, Copy, Default, Debug)]
struct Frame {
    proto: u32,
    pc: u32,
    base: u32,
    defer_start: u32,
    closure: u64,
    kind: u32,
    panic_idx: u32,
}
const FRAME_SIZE: i64 = std::mem::size_of::<Frame>() as i64;

/// What JIT code reads from the VM: the goroutine's register file and
/// frame stack, and the P's preempt flag. Offsets are part of the ABI.
#[repr(C)]
struct JitCtx {
    /// The running P's preempt flag (sysmon raises it).
    preempt: *const AtomicBool, // 0
    /// One past the last register of `Goroutine::regs`.
    regs_end: *mut u64, // 8
    /// `Goroutine::regs.as_ptr()` (frame bases are indices from here).
    regs_base: *mut u64, // 16
    /// `Goroutine::frames`: pointer, length, capacity.
    frames: *mut Frame, // 24
    nframes: u64,    // 32
    frames_cap: u64, // 40
    /// Safe points taken (the slow path ran).
    safepoints: u64, // 48
    /// Nonzero: `jit_safepoint` asks the code to stop (return PREEMPTED).
    stop_at_safepoint: u64, // 56
}
const CTX_PREEMPT: i32 = 0;
const CTX_REGS_END: i32 = 8;
const CTX_REGS_BASE: i32 = 16;
const CTX_FRAMES: i32 = 24;
const CTX_NFRAMES: i32 = 32;
const CTX_FRAMES_CAP: i32 = 40;

/// Statuses returned by JIT code (high 32 bits; the low ones are a pc).
const DEOPT: i64 = 1 << 32;
const PREEMPTED: i64 = 2 << 32;
const SLOW_CALL: i64 = 3 << 32;

/// The slow path of a safe point: here the scheduler would park the
/// goroutine for a GC stop or switch goroutines. The registers have been
/// written back to the register file, so a conservative scan sees them.
extern "C" fn jit_safepoint(ctx: *mut JitCtx, _pc: u64) -> u64 {
    // SAFETY: JIT code passes the ctx it was called with.
    let ctx = unsafe { &mut *ctx };
    ctx.safepoints += 1;
    // SAFETY: the flag outlives the run.
    unsafe { &*ctx.preempt }.store(false, Ordering::Relaxed);
    ctx.stop_at_safepoint
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Regs {
    /// Every register operand is a load or store on the register file: the
    /// code a template or copy-and-patch JIT emits (deopt anywhere is free).
    Mem,
    /// Registers are SSA variables in machine registers, written back only
    /// at exits, calls and safe points' slow paths.
    Ssa,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Frames {
    Full,
    None,
}

struct Opts {
    regs: Regs,
    frames: Frames,
    safepoints: bool,
}

struct Translator<'a> {
    image: &'a Image,
    proto_id: u32,
    opts: &'a Opts,
    /// FuncIds of the functions compiled in this module, by proto.
    funcs: &'a std::collections::HashMap<u32, FuncId>,
}

/// The per-function state of a translation.
struct Fx<'a, 'b> {
    b: FunctionBuilder<'b>,
    proto: &'a Proto,
    opts: &'a Opts,
    ctx: Value,
    regs: Value,
    flag: Value,
    vars: Vec<Variable>,
    /// Registers the function writes (spilled at exits).
    written: Vec<bool>,
    safepoint_fn: cranelift_codegen::ir::FuncRef,
}

impl Fx<'_, '_> {
    fn get(&mut self, r: u16) -> Value {
        match self.opts.regs {
            Regs::Mem => {
                self.b
                    .ins()
                    .load(types::I64, MemFlags::trusted(), self.regs, 8 * r as i32)
            }
            Regs::Ssa => self.b.use_var(self.vars[r as usize]),
        }
    }
    fn set(&mut self, r: u16, v: Value) {
        match self.opts.regs {
            Regs::Mem => {
                self.b
                    .ins()
                    .store(MemFlags::trusted(), v, self.regs, 8 * r as i32);
            }
            Regs::Ssa => self.b.def_var(self.vars[r as usize], v),
        }
    }
    /// Write back the registers held in machine registers.
    fn spill(&mut self) {
        if self.opts.regs == Regs::Ssa {
            for r in 0..self.proto.nregs {
                if self.written[r as usize] {
                    let v = self.b.use_var(self.vars[r as usize]);
                    self.b
                        .ins()
                        .store(MemFlags::trusted(), v, self.regs, 8 * r as i32);
                }
            }
        }
    }
    /// After a call: registers from `a` up may have been written by the
    /// callee (its window).
    fn reload_from(&mut self, a: u16) {
        if self.opts.regs == Regs::Ssa {
            for r in a..self.proto.nregs {
                let v = self
                    .b
                    .ins()
                    .load(types::I64, MemFlags::trusted(), self.regs, 8 * r as i32);
                self.b.def_var(self.vars[r as usize], v);
            }
        }
    }
    fn exit(&mut self, status: i64) {
        self.spill();
        let s = self.b.ins().iconst(types::I64, status);
        self.b.ins().return_(&[s]);
    }
    /// A safe point, then a jump to `target` (where a backward jump
    /// lands, or the call that follows). `resume` is the pc saved if the
    /// goroutine stops here.
    fn safe_point_then(&mut self, target: Block, resume: usize) {
        if !self.opts.safepoints {
            self.b.ins().jump(target, &[]);
            return;
        }
        let slow = self.b.create_block();
        self.b.set_cold_block(slow);
        let f = self
            .b
            .ins()
            .load(types::I8, MemFlags::trusted(), self.flag, 0);
        self.b.ins().brif(f, slow, &[], target, &[]);
        self.b.switch_to_block(slow);
        self.spill();
        let pc = self.b.ins().iconst(types::I64, resume as i64);
        let call = self.b.ins().call(self.safepoint_fn, &[self.ctx, pc]);
        let stop = self.b.inst_results(call)[0];
        let out = self.b.create_block();
        self.b.set_cold_block(out);
        self.b.ins().brif(stop, out, &[], target, &[]);
        self.b.switch_to_block(out);
        self.exit(PREEMPTED | resume as i64);
    }
}

impl Translator<'_> {
    fn signature(module: &JITModule) -> cranelift_codegen::ir::Signature {
        let mut sig = module.make_signature();
        sig.params.push(AbiParam::new(types::I64)); // ctx
        sig.params.push(AbiParam::new(types::I64)); // regs (the frame's window)
        sig.returns.push(AbiParam::new(types::I64)); // status
        sig
    }

    /// Translates the proto into `cx.func`.
    fn translate(
        &self,
        module: &mut JITModule,
        cx: &mut cranelift_codegen::Context,
        fbc: &mut FunctionBuilderContext,
    ) -> Result<(), String> {
        let proto = &self.image.protos[self.proto_id as usize];
        cx.func.signature = Self::signature(module);
        let mut b = FunctionBuilder::new(&mut cx.func, fbc);
        let mut sp_sig = module.make_signature();
        sp_sig.params.push(AbiParam::new(types::I64));
        sp_sig.params.push(AbiParam::new(types::I64));
        sp_sig.returns.push(AbiParam::new(types::I64));
        let sp_id = module
            .declare_function("jit_safepoint", Linkage::Import, &sp_sig)
            .map_err(|e| e.to_string())?;
        let safepoint_fn = module.declare_func_in_func(sp_id, b.func);
        let callees: std::collections::HashMap<u32, _> = self
            .funcs
            .iter()
            .map(|(&p, &id)| (p, module.declare_func_in_func(id, b.func)))
            .collect();

        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        let ctx = b.block_params(entry)[0];
        let regs = b.block_params(entry)[1];
        let flag = b
            .ins()
            .load(types::I64, MemFlags::trusted(), ctx, CTX_PREEMPT);
        let n = proto.code.len();
        let blocks: Vec<Block> = (0..n).map(|_| b.create_block()).collect();
        let mut vars = Vec::new();
        for _ in 0..proto.nregs {
            vars.push(b.declare_var(types::I64));
        }
        let mut written = vec![false; proto.nregs as usize];
        // Registers the code writes (others equal the register file).
        for op in &proto.code {
            match *op {
                Op::Move { a, .. }
                | Op::LoadInt { a, .. }
                | Op::Bin { a, .. }
                | Op::BinK { a, .. }
                | Op::DivK { a, .. }
                | Op::RemK { a, .. }
                | Op::IncJmpLtK { a, .. }
                | Op::IncJmpLt { a, .. } => written[a as usize] = true,
                _ => {}
            }
        }
        let mut fx = Fx {
            b,
            proto,
            opts: self.opts,
            ctx,
            regs,
            flag,
            vars,
            written,
            safepoint_fn,
        };
        if fx.opts.regs == Regs::Ssa {
            // Entered at pc 0: parameters from the window, the rest zero
            // (as `Goroutine::enter` leaves them).
            for r in 0..proto.nregs {
                let v = if r < proto.nparams {
                    fx.b.ins()
                        .load(types::I64, MemFlags::trusted(), regs, 8 * r as i32)
                } else {
                    fx.b.ins().iconst(types::I64, 0)
                };
                fx.b.def_var(fx.vars[r as usize], v);
            }
        }
        fx.b.ins().jump(blocks[0], &[]);

        for pc in 0..n {
            fx.b.switch_to_block(blocks[pc]);
            let next = blocks.get(pc + 1).copied();
            let target = |t: usize| -> (Block, usize, bool) { (blocks[t], t, t <= pc) };
            let mut falls = true;
            // A conditional jump: `cond` taken to pc `t`, else the next pc.
            macro_rules! branch {
                ($cond:expr, $t:expr) => {{
                    falls = false;
                    let c = $cond;
                    let (tb, tpc, back) = target($t);
                    let nb = next.expect("a conditional jump is never last");
                    if back && fx.opts.safepoints {
                        let edge = fx.b.create_block();
                        fx.b.ins().brif(c, edge, &[], nb, &[]);
                        fx.b.switch_to_block(edge);
                        fx.safe_point_then(tb, tpc);
                    } else {
                        fx.b.ins().brif(c, tb, &[], nb, &[]);
                    }
                }};
            }
            let cc = |c: Cond| match c {
                Cond::Lt => IntCC::SignedLessThan,
                Cond::Le => IntCC::SignedLessThanOrEqual,
                Cond::Gt => IntCC::SignedGreaterThan,
                Cond::Ge => IntCC::SignedGreaterThanOrEqual,
                Cond::Eq => IntCC::Equal,
                Cond::Ne => IntCC::NotEqual,
            };
            match proto.code[pc].clone() {
                Op::Move { a, b } => {
                    let v = fx.get(b);
                    fx.set(a, v);
                }
                Op::LoadInt { a, v } => {
                    let v = fx.b.ins().iconst(types::I64, v);
                    fx.set(a, v);
                }
                Op::Bin { op, a, b, c } => {
                    let x = fx.get(b);
                    let y = fx.get(c);
                    let i = fx.b.ins();
                    let v = match op {
                        Bin::Add => i.iadd(x, y),
                        Bin::Sub => i.isub(x, y),
                        Bin::Mul => i.imul(x, y),
                        Bin::And => i.band(x, y),
                        Bin::Or => i.bor(x, y),
                        Bin::Xor => i.bxor(x, y),
                    };
                    fx.set(a, v);
                }
                Op::BinK { op, a, b, k } => {
                    let x = fx.get(b);
                    let i = fx.b.ins();
                    let v = match op {
                        Bin::Add => i.iadd_imm(x, k),
                        Bin::Mul => i.imul_imm(x, k),
                        _ => i.band_imm(x, k),
                    };
                    fx.set(a, v);
                }
                // k is a verified non-zero constant; -1 is a negation (Go
                // wraps MinInt64 / -1, Cranelift's sdiv would trap).
                Op::DivK { a, b, k } if k != 0 => {
                    let x = fx.get(b);
                    let v = if k == -1 {
                        fx.b.ins().ineg(x)
                    } else {
                        let kv = fx.b.ins().iconst(types::I64, k);
                        fx.b.ins().sdiv(x, kv)
                    };
                    fx.set(a, v);
                }
                Op::RemK { a, b, k } if k != 0 => {
                    let x = fx.get(b);
                    let v = if k == -1 {
                        fx.b.ins().iconst(types::I64, 0)
                    } else {
                        let kv = fx.b.ins().iconst(types::I64, k);
                        fx.b.ins().srem(x, kv)
                    };
                    fx.set(a, v);
                }
                Op::JmpK { cond, a, k, t } => {
                    let x = fx.get(a);
                    let c = fx.b.ins().icmp_imm(cc(cond), x, k);
                    branch!(c, t)
                }
                Op::JmpR { cond, a, b, t } => {
                    let x = fx.get(a);
                    let y = fx.get(b);
                    let c = fx.b.ins().icmp(cc(cond), x, y);
                    branch!(c, t)
                }
                Op::IncJmpLtK { a, k, t } => {
                    let x = fx.get(a);
                    let v = fx.b.ins().iadd_imm(x, 1);
                    fx.set(a, v);
                    let c = fx.b.ins().icmp_imm(IntCC::SignedLessThan, v, k);
                    branch!(c, t)
                }
                Op::IncJmpLt { a, b, t } => {
                    let x = fx.get(a);
                    let v = fx.b.ins().iadd_imm(x, 1);
                    fx.set(a, v);
                    let y = fx.get(b);
                    let c = fx.b.ins().icmp(IntCC::SignedLessThan, v, y);
                    branch!(c, t)
                }
                Op::Jmp { t } => {
                    falls = false;
                    let (tb, tpc, back) = target(t);
                    if back {
                        fx.safe_point_then(tb, tpc);
                    } else {
                        fx.b.ins().jump(tb, &[]);
                    }
                }
                Op::Call { a, f: Some(f) } if callees.contains_key(&f) => {
                    let callee = &self.image.protos[f as usize];
                    // The call is a safe point: stop before it (resume
                    // runs it again).
                    let go = fx.b.create_block();
                    fx.safe_point_then(go, pc);
                    fx.b.switch_to_block(go);
                    fx.spill();
                    let win = fx.b.ins().iadd_imm(fx.regs, 8 * a as i64);
                    let mut nframes = None;
                    if fx.opts.frames == Frames::Full {
                        let slow = fx.b.create_block();
                        fx.b.set_cold_block(slow);
                        // Room in the register file and the frame stack?
                        let end = fx.b.ins().iadd_imm(win, 8 * callee.nregs as i64);
                        let lim =
                            fx.b.ins()
                                .load(types::I64, MemFlags::trusted(), fx.ctx, CTX_REGS_END);
                        let over = fx.b.ins().icmp(IntCC::UnsignedGreaterThan, end, lim);
                        let ok1 = fx.b.create_block();
                        fx.b.ins().brif(over, slow, &[], ok1, &[]);
                        fx.b.switch_to_block(ok1);
                        let nf =
                            fx.b.ins()
                                .load(types::I64, MemFlags::trusted(), fx.ctx, CTX_NFRAMES);
                        let cap = fx.b.ins().load(
                            types::I64,
                            MemFlags::trusted(),
                            fx.ctx,
                            CTX_FRAMES_CAP,
                        );
                        let full = fx.b.ins().icmp(IntCC::Equal, nf, cap);
                        let ok2 = fx.b.create_block();
                        fx.b.ins().brif(full, slow, &[], ok2, &[]);
                        fx.b.switch_to_block(slow);
                        fx.exit(SLOW_CALL | pc as i64);
                        fx.b.switch_to_block(ok2);
                        // frames[nf-1].pc = pc + 1 (the caller's resume
                        // pc); frames[nf] = Frame { proto: f, pc: 0, base,
                        // defer_start: 0, closure: 0, kind: Normal, .. }.
                        let frames =
                            fx.b.ins()
                                .load(types::I64, MemFlags::trusted(), fx.ctx, CTX_FRAMES);
                        let off = fx.b.ins().imul_imm(nf, FRAME_SIZE);
                        let top = fx.b.ins().iadd(frames, off);
                        let rpc = fx.b.ins().iconst(types::I32, pc as i64 + 1);
                        fx.b.ins()
                            .store(MemFlags::trusted(), rpc, top, 4 - FRAME_SIZE as i32);
                        let base0 =
                            fx.b.ins()
                                .load(types::I64, MemFlags::trusted(), fx.ctx, CTX_REGS_BASE);
                        let d = fx.b.ins().isub(win, base0);
                        let base = fx.b.ins().ushr_imm(d, 3);
                        let w0 = fx.b.ins().iconst(types::I64, f as i64);
                        fx.b.ins().store(MemFlags::trusted(), w0, top, 0);
                        fx.b.ins().store(MemFlags::trusted(), base, top, 8);
                        let zero = fx.b.ins().iconst(types::I64, 0);
                        fx.b.ins().store(MemFlags::trusted(), zero, top, 16);
                        fx.b.ins().store(MemFlags::trusted(), zero, top, 24);
                        let nf1 = fx.b.ins().iadd_imm(nf, 1);
                        fx.b.ins()
                            .store(MemFlags::trusted(), nf1, fx.ctx, CTX_NFRAMES);
                        // The callee's registers above its parameters start
                        // zeroed (stale words would be conservative roots).
                        for r in callee.nparams..callee.nregs {
                            fx.b.ins()
                                .store(MemFlags::trusted(), zero, win, 8 * r as i32);
                        }
                        nframes = Some(nf);
                    }
                    let call = fx.b.ins().call(callees[&f], &[fx.ctx, win]);
                    let st = fx.b.inst_results(call)[0];
                    let failed = fx.b.create_block();
                    fx.b.set_cold_block(failed);
                    let cont = fx.b.create_block();
                    fx.b.ins().brif(st, failed, &[], cont, &[]);
                    fx.b.switch_to_block(failed);
                    // A callee stopped or deoptimised: its frame and ours
                    // stay on the frame stack for the interpreter.
                    fx.b.ins().return_(&[st]);
                    fx.b.switch_to_block(cont);
                    if let Some(nf) = nframes {
                        fx.b.ins()
                            .store(MemFlags::trusted(), nf, fx.ctx, CTX_NFRAMES);
                    }
                    fx.reload_from(a);
                }
                Op::Return { a, n } => {
                    falls = false;
                    let vals: Vec<Value> = (0..n).map(|i| fx.get(a + i)).collect();
                    for (i, v) in vals.into_iter().enumerate() {
                        // The results, at the window's start, in memory:
                        // the caller reads them there.
                        fx.b.ins()
                            .store(MemFlags::trusted(), v, fx.regs, 8 * i as i32);
                    }
                    let z = fx.b.ins().iconst(types::I64, 0);
                    fx.b.ins().return_(&[z]);
                }
                _ => {
                    // Not translated: deoptimise to the interpreter here.
                    falls = false;
                    fx.exit(DEOPT | pc as i64);
                }
            }
            if falls {
                match next {
                    Some(nb) => {
                        fx.b.ins().jump(nb, &[]);
                    }
                    None => fx.exit(DEOPT | (pc as i64 + 1)),
                }
            }
        }
        fx.b.seal_all_blocks();
        fx.b.finalize();
        Ok(())
    }
}

fn isa_module() -> JITModule {
    let mut flags = settings::builder();
    flags.set("opt_level", "speed").unwrap();
    flags.set("use_colocated_libcalls", "false").unwrap();
    flags.set("is_pic", "false").unwrap();
    let isa = cranelift_native::builder()
        .expect("host ISA")
        .finish(settings::Flags::new(flags))
        .expect("ISA");
    let mut jb = JITBuilder::with_isa(isa, default_libcall_names());
    jb.symbol("jit_safepoint", jit_safepoint as *const u8);
    JITModule::new(jb)
}

type JitFn = unsafe extern "C" fn(*mut JitCtx, *mut u64) -> i64;

/// Compiles proto `id` into a fresh module; returns the code, the time the
/// translation, code generation and finalisation took, and (with `dump`) the IR and
/// machine code.
fn compile(
    image: &Image,
    id: u32,
    opts: &Opts,
    dump: bool,
) -> (JITModule, JitFn, Duration, String) {
    let mut module = isa_module();
    // Timed from here: the per-function work (the ISA and the module are
    // made once per process in a real JIT).
    let t0 = Instant::now();
    let sig = Translator::signature(&module);
    let name = image.protos[id as usize].name.clone();
    let fid = module
        .declare_function(&name, Linkage::Local, &sig)
        .expect("declare");
    let funcs = std::collections::HashMap::from([(id, fid)]);
    let tr = Translator {
        image,
        proto_id: id,
        opts,
        funcs: &funcs,
    };
    let mut cx = module.make_context();
    cx.set_disasm(dump);
    let mut fbc = FunctionBuilderContext::new();
    tr.translate(&mut module, &mut cx, &mut fbc)
        .expect("translate");
    let mut text = String::new();
    if dump {
        text.push_str(&format!("{}", cx.func.display()));
    }
    module.define_function(fid, &mut cx).expect("define");
    if dump {
        if let Some(cc) = cx.compiled_code() {
            text.push_str(&format!(
                "\n; machine code: {} bytes\n{}",
                cc.code_buffer().len(),
                cc.vcode.clone().unwrap_or_default()
            ));
        }
    }
    module.clear_context(&mut cx);
    module.finalize_definitions().expect("finalize");
    let code = module.get_finalized_function(fid);
    let dt = t0.elapsed();
    // SAFETY: the function was compiled with `Translator::signature`.
    let f = unsafe { std::mem::transmute::<*const u8, JitFn>(code) };
    (module, f, dt, text)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn usage() -> ! {
    eprintln!(
        "usage: jit-proto loop|fib PROG.go [--minigo PATH] [--const Kn=V].. [--runs N] [--regs ssa|mem] [--frames full|none] \
         [--no-safepoints] [--no-sysmon] [--dump] [--stop]"
    );
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        usage();
    }
    let (which, file) = (args[0].as_str(), args[1].as_str());
    let mut opts = Opts {
        regs: Regs::Ssa,
        frames: Frames::Full,
        safepoints: true,
    };
    let (mut runs, mut sysmon, mut dump, mut stop) = (5usize, true, false, false);
    let mut minigo = std::env::var("MINIGO").unwrap_or_else(|_| "minigo".into());
    let mut consts = std::collections::HashMap::new();
    let mut it = args[2..].iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--runs" => {
                runs = it
                    .next()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or_else(|| usage())
            }
            "--regs" => {
                opts.regs = match it.next().map(String::as_str) {
                    Some("ssa") => Regs::Ssa,
                    Some("mem") => Regs::Mem,
                    _ => usage(),
                }
            }
            "--frames" => {
                opts.frames = match it.next().map(String::as_str) {
                    Some("full") => Frames::Full,
                    Some("none") => Frames::None,
                    _ => usage(),
                }
            }
            "--no-safepoints" => opts.safepoints = false,
            "--no-sysmon" => sysmon = false,
            "--stop" => stop = true,
            "--dump" => dump = true,
            "--minigo" => minigo = it.next().cloned().unwrap_or_else(|| usage()),
            "--const" => {
                let kv = it.next().unwrap_or_else(|| usage());
                let (k, v) = kv.split_once('=').unwrap_or_else(|| usage());
                let k = k
                    .trim_start_matches('K')
                    .parse()
                    .unwrap_or_else(|_| usage());
                consts.insert(k, v.parse().unwrap_or_else(|_| usage()));
            }
            _ => usage(),
        }
    }
    // The bytecode, as `minigo disasm` lists it.
    let t0 = Instant::now();
    let out = std::process::Command::new(&minigo)
        .args(["disasm", file])
        .output()
        .unwrap_or_else(|e| {
            eprintln!("{minigo}: {e}");
            std::process::exit(1)
        });
    if !out.status.success() {
        eprintln!("{}", String::from_utf8_lossy(&out.stderr));
        std::process::exit(1)
    }
    let image = disasm::parse(&String::from_utf8_lossy(&out.stdout), &consts).unwrap_or_else(|e| {
        eprintln!("minigo disasm {file}: {e}");
        std::process::exit(1)
    });
    let front = t0.elapsed();
    let fname = match which {
        "loop" => "main.main",
        "fib" => "main.fib",
        _ => usage(),
    };
    let id = image
        .protos
        .iter()
        .position(|p| p.name == fname)
        .unwrap_or_else(|| panic!("no {fname}")) as u32;
    let proto = &image.protos[id as usize];

    // Compile time: the first compile, then the median of 20 more.
    let (module, f, first, text) = compile(&image, id, &opts, dump);
    if dump {
        println!("{text}");
    }
    let mut cts: Vec<f64> = (0..20)
        .map(|_| compile(&image, id, &opts, false).2.as_secs_f64())
        .collect();
    let ct = median(&mut cts);

    // sysmon: raise the preempt flag every 10 ms (forcePreemptNS).
    let flag = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicBool::new(false));
    let sm = sysmon.then(|| {
        let (flag, done) = (flag.clone(), done.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(10));
                flag.store(true, Ordering::Relaxed);
            }
        })
    });

    let mut regs = vec![0u64; 1 << 20];
    let mut frames = vec![Frame::default(); 1 << 16];
    let mut times = Vec::new();
    let mut result = 0u64;
    let mut safepoints = 0;
    for _ in 0..runs {
        regs[..proto.nregs as usize].fill(0);
        // The interpreter's state at the call: the caller's frame (main,
        // or the goroutine's bottom frame), then this function's.
        frames[0] = Frame {
            proto: u32::MAX, // the caller (main.main)
            ..Frame::default()
        };
        frames[1] = Frame {
            proto: id,
            base: 0,
            ..Frame::default()
        };
        if which == "fib" {
            regs[0] = 32;
        }
        let mut ctx = JitCtx {
            preempt: &*flag,
            regs_end: regs.as_mut_ptr().wrapping_add(regs.len()),
            regs_base: regs.as_mut_ptr(),
            frames: frames.as_mut_ptr(),
            nframes: 2,
            frames_cap: frames.len() as u64,
            safepoints: 0,
            stop_at_safepoint: stop as u64,
        };
        let t = Instant::now();
        // SAFETY: the register file and frame stack are as large as
        // `ctx` says; the code checks against those limits.
        let st = unsafe { f(&mut ctx, regs.as_mut_ptr()) };
        times.push(t.elapsed().as_secs_f64());
        safepoints = ctx.safepoints;
        if stop {
            // The first safe point after sysmon's first tick stops: show
            // what the interpreter would resume from.
            let depth = ctx.nframes as usize;
            println!(
                "stopped: status {:#x} (kind {}, pc {}), {} frames on the frame stack, \
                 safe points taken {}",
                st,
                st >> 32,
                st & 0xffff_ffff,
                depth,
                ctx.safepoints
            );
            for (i, fr) in frames[..depth].iter().enumerate().rev().take(4) {
                println!(
                    "  frame {i}: proto {} pc {} base {} (r0 of its window = {})",
                    fr.proto as i32, fr.pc, fr.base, regs[fr.base as usize]
                );
            }
            if let Some(top) = frames[..depth].last() {
                if top.proto != u32::MAX {
                    println!(
                        "  the interpreter resumes the top frame at: {}",
                        image.protos[top.proto as usize].text[(st & 0xffff_ffff) as usize]
                    );
                }
            }
            return;
        }
        match (which, st) {
            ("fib", 0) => result = regs[0],
            ("loop", s) if s >> 32 == DEOPT >> 32 => {
                // The interpreter would resume at pc `s & 0xffffffff`
                // (the fmt.Println); the sum is in r0.
                result = regs[0];
                if runs == 1 || times.len() == 1 {
                    eprintln!(
                        "# deopt exit at pc {} ({}), as expected",
                        s & 0xffff_ffff,
                        proto.text[(s & 0xffff_ffff) as usize]
                    );
                }
            }
            _ => panic!("unexpected status {st:#x}"),
        }
        assert_eq!(ctx.nframes, 2, "frame stack balanced");
    }
    done.store(true, Ordering::Relaxed);
    if let Some(h) = sm {
        h.join().ok();
    }
    match which {
        "fib" => println!("fib(32) = {result}"),
        _ => println!("loop sum = {result}"),
    }
    let med = median(&mut times);
    eprintln!(
        "# {fname}: regs={:?} frames={:?} safepoints={} | run median of {runs}: {:.4} s \
         (min {:.4}) | compile: first {:.0} us, median of 20 {:.0} us | minigo disasm {:.0} ms \
         | safe points taken in the last run: {safepoints}",
        opts.regs,
        opts.frames,
        opts.safepoints,
        med,
        times.iter().cloned().fold(f64::MAX, f64::min),
        first.as_secs_f64() * 1e6,
        ct * 1e6,
        front.as_secs_f64() * 1e3,
    );
    drop(module);
}
