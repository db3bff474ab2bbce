//! The interpreter: runs a [`Program`]'s bytecode on [`Goroutine`]s.
//!
//! A goroutine is an explicit frame stack over one register vector: a Go
//! call pushes a [`Frame`] and the loop goes on (no Rust recursion per Go
//! call), so a goroutine can stop at any safe point (`Call*`, backward
//! jumps), be moved to another OS thread and resumed by calling
//! [`Goroutine::run`] again.
//!
//! The run loop (`Goroutine::execute`) is generated from the instruction
//! table (`bytecode/instructions.rs`): a hot loop of the simple
//! instructions, and the full dispatch.
//!
//! Module map: `load` (image → verified [`Program`]) and `verify` (the
//! bytecode verifier), `panic` (traps, panics, defer/recover), `traceback`
//! (Go's crash reports), `value` (zero values, copies, `==`, key
//! encoding), `map` (Go maps), `ops` (the slow parts of instructions),
//! `natives` (the stdlib functions written in Rust); the runtime seam:
//! `sched` (goroutines as runtime tasks, `go`, Gosched), `park` (the
//! parking protocol, `park::Stop`), `chan`, `sync`, `timers`; the
//! process: `stdio` (standard streams), `signals`.
//!
//! The scheduler context (`minigo_runtime::Cx`) is lent to
//! [`Goroutine::run`] for one scheduling slice and passed down explicitly
//! to whatever needs the runtime; natives get it as `NativeCtx::rt`.
//!
//! Register windows: frame `f` owns `regs[f.base .. f.base + nregs]`; a
//! callee's window starts at the caller's argument register (`Call{a}` →
//! `base + a`), so arguments and results are passed in place. Registers of
//! a new frame beyond its parameters start at 0.

pub(crate) mod chan;
pub(crate) mod finalizers;
mod gcroots;

/// Publishes `g`'s roots while it waits for a collection (`runtime.GC`).
pub(crate) fn gc_publish(g: &Goroutine) -> impl Drop {
    gcroots::Published::new(g)
}
pub mod convt;
pub mod load;
pub mod map;
pub mod natives;
pub(crate) mod ops;
pub mod panic;
pub(crate) mod park;
pub mod profiling;
pub mod race;
pub mod range_state;
pub mod sched;
pub(crate) mod signals;
pub mod stdio;
mod sync;
pub(crate) mod timers;
pub mod trace_out;
mod traceback;
pub mod value;
pub mod verify;

#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

use crate::bytecode::{for_each_op, Image, Op};
use crate::heap::{self, Word};
pub use load::Program;
use minigo_runtime::Cx;
use panic::{PanicRec, RtKind, TraceEntry, Trap};
use park::{Blocked, Stop};

/// A [`TraceEntry`] proto that stands for Go's `panic(...)` line in a
/// traceback (see `Goroutine::trace_with_panics`).
pub(crate) const PANIC_LINE: u32 = u32::MAX;

/// The proto part of the pcs of the runtime's frames Go shows in
/// `runtime.Callers` (`Goroutine::all_pcs`): the indices just past the
/// program's protos (so such pcs look like the others); the low word
/// says which: 0 `runtime.main`, 1 `runtime.goexit`, 2 `runtime.gopanic`;
/// and of the frames `-race` shows where the runtime created a goroutine:
/// [`SYNTH_GOFUNC`] `time.goFunc` (AfterFunc's), [`SYNTH_CREATEFING`]
/// `runtime.createfing` (the finalizers').
pub(crate) fn synth_frame(prog: &Program) -> u64 {
    prog.protos.len() as u64
}

/// Low words of [`synth_frame`] pcs: the frames Go shows as the creators
/// of `time.AfterFunc`'s and the finalizers' goroutines (Go 1.27's lines).
pub(crate) const SYNTH_GOFUNC: u64 = 3;
pub(crate) const SYNTH_CREATEFING: u64 = 4;

/// The function name, file and line of a pc from `runtime.Caller` or
/// `runtime.Callers`, as Go reports them (the runtime's files under
/// `$GOROOT`, the program's as absolute paths).
pub(crate) fn pc_info(prog: &Program, pc: u64) -> Option<(String, String, u32)> {
    if pc >> 32 == synth_frame(prog) {
        if let Some(f) = race::atomic_frame(pc & 0xffff_ffff) {
            return Some(f);
        }
        let (name, file, line) = match pc & 0xffff_ffff {
            0 => ("runtime.main", "runtime/proc.go", 302),
            1 => ("runtime.goexit", "runtime/asm_amd64.s", 1264),
            SYNTH_GOFUNC => ("time.goFunc", "time/sleep.go", 182),
            SYNTH_CREATEFING => ("runtime.createfing", "runtime/mfinal.go", 172),
            _ => ("runtime.gopanic", "runtime/panic.go", 859),
        };
        return Some((name.into(), format!("$GOROOT/src/{file}"), line));
    }
    if pc == 0 {
        return None;
    }
    let p = prog.protos.get((pc >> 32) as usize)?;
    if p.name == "runtime.Callers" {
        return Some((p.name.clone(), "$GOROOT/src/runtime/extern.go".into(), 341));
    }
    let line = p
        .lines
        .get((pc & 0xffff_ffff) as usize)
        .copied()
        .unwrap_or(0);
    Some((p.name.clone(), p.file.to_string(), line))
}

/// Go's maximum goroutine stack size, in bytes.
const MAX_STACK_BYTES: usize = 1_000_000_000;
/// What a frame counts for against `MAX_STACK_BYTES`, besides 8 bytes per
/// register of its window: the return address and frame pointer every Go
/// frame holds. Never more than a Go frame of the same function costs, so
/// a goroutine recurses at least as deep as under Go's limit (a frame's
/// registers stand for Go's arguments, spills and locals).
const FRAME_BYTES: usize = 16;
/// What Rust calling back into Go ([`Goroutine::call_proto`]: the panic
/// printer calling a panic value's `Error()`; natives never do, see
/// `natives::fmt`) counts for against `MAX_STACK_BYTES`, besides the frame
/// it pushes: it stands for the Go frames of the runtime code in between.
pub(crate) const NESTED_CALL_BYTES: usize = 256;

// Word-sized, so that the inline call path's zero fields of a `Frame`
// (`kind`, `pc`, `panic_idx`, and `closure` for a plain call) are
// adjacent and stored together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum FrameKind {
    /// A plain Go call.
    Normal,
    /// The goroutine's first frame: returning from it ends the goroutine.
    Bottom,
    /// A native calling back into Go (`Goroutine::call`): returning from it
    /// returns to the native; unwinding stops there.
    Nested,
    /// A deferred thunk run by `RunDefers` (normal return path).
    Defer,
    /// A deferred thunk run by a panic (`panic_idx` says which).
    PanicDefer,
}

/// `repr(C)`: the fields the inline call path stores as zero (`kind`
/// `Normal`, `pc`, `panic_idx`, `closure` of a plain call) are last and
/// adjacent, so that it writes them with one or two stores.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct Frame {
    pub proto: u32,
    pub base: u32,
    /// This frame's deferred thunks are `Goroutine::defers[defer_start..]`
    /// up to the next frame's `defer_start`.
    pub defer_start: u32,
    pub kind: FrameKind,
    /// The next instruction (saved when the frame is not the running one).
    pub pc: u32,
    pub panic_idx: u32,
    pub closure: Word,
}

/// Why [`Goroutine::run`] returned.
#[derive(Debug, PartialEq, Eq)]
pub enum RunOutcome {
    /// The goroutine's function returned.
    Exited,
    /// The preempt flag was seen at a safe point; call `run` again.
    Preempted,
    /// An unrecovered panic: report with [`Goroutine::report`].
    Panicked,
    /// `fatal error: msg`.
    Fatal(String),
    /// Unbounded recursion.
    StackOverflow,
    /// `os.Exit(code)`.
    Exit(i32),
    /// `runtime.Goexit` finished running the deferred calls.
    Goexit,
    /// An interpreter fault.
    Internal(String),
    /// Parked at a blocking instruction (see `park`); run again once woken.
    Park(minigo_runtime::WaitReason),
    /// `runtime.Gosched`: run again after the global queue.
    Yield,
}

/// Internal result of the run loop.
enum Exec {
    Out(RunOutcome),
    /// A `Nested` frame returned (its results are at its base).
    NestedDone,
    /// Unwinding popped a `Nested` frame.
    Unwound,
}

/// A goroutine: all of its state, `Send`, resumable on any thread.
pub struct Goroutine {
    pub id: u64,
    prog: Arc<Program>,
    regs: Vec<Word>,
    frames: Vec<Frame>,
    defers: Vec<Word>,
    panics: Vec<PanicRec>,
    /// Frames at a fatal error (for the report).
    fatal_trace: Vec<TraceEntry>,
    /// Go stack bytes that Rust-side nesting in progress stands for
    /// (natives calling back into Go, fmt walking nested values): counted
    /// with the frames against `MAX_STACK_BYTES` (see `charge_native`).
    native_bytes: usize,
    /// The run loop's inline call path (`run_hot`'s `call!`) pushes a
    /// frame whose registers end at or below this, without checking the
    /// stack limit: `min(regs.len(), (MAX_STACK_BYTES - native_bytes -
    /// frames.capacity() * FRAME_BYTES) / 8)`, kept by `set_room` wherever
    /// one of those changes. The path also needs a free frame slot
    /// (`frames.len() < frames.capacity()`), so a frame it pushes keeps
    /// the goroutine under the limit that `enter` checks exactly.
    hot_regs: usize,
    /// What the goroutine is parked on (see `park`).
    pub(crate) wait: Option<park::Wait>,
    /// Pass the first safe point that finds the preempt flag raised. Set
    /// on each resume in a seeded run, whose flag stays raised (the
    /// runtime decides at every safe point whether to switch): a call
    /// that stopped runs when resumed instead of stopping again. Read
    /// only when the flag is up, so other runs pay nothing for it.
    pub(crate) pass_safe_point: bool,
    /// The last stop at a safe point saved a pc past it (a backward jump
    /// saves its target): on resume there is no safe point to pass again,
    /// so the next one is a fresh stop. Without this, a seeded run would
    /// skip the first safe point after each loop back-edge it stopped at
    /// (a call right after a loop was never a switch point).
    pub(crate) stopped_past: bool,
    /// Profiling labels (`pprof.Do`); see `profiling`.
    pub(crate) prof_labels: Option<profiling::Labels>,
    /// When it parked on something the block profile counts
    /// (`profiling::now_ns`; 0: not parked so, or the profile is off).
    pub(crate) block_since: i64,
    /// The goroutine whose `go` statement started this one (0: none), for
    /// the traceback's `created by` line.
    pub(crate) created_by: u64,
    /// `-race`: the goroutine's detector state (`race`); `None` without.
    pub(crate) race: Option<Box<race::GRace>>,
}

/// Is `proto` a `go` statement's thunk (`FnCompiler::thunk`): load each
/// capture, one call, return (then the loader's epilogue)?
pub(crate) fn is_go_thunk(proto: &crate::bytecode::Proto) -> bool {
    let n = proto.ncaptures as usize;
    let code = &proto.code;
    n > 0
        && code.len() >= n + 2
        && code[..n]
            .iter()
            .all(|op| matches!(op, Op::LoadCapture { .. }))
        && matches!(code[n + 1], Op::Return { a: 0, n: 0 })
}

static NEVER: AtomicBool = AtomicBool::new(false);

macro_rules! reg {
    ($regs:ident, $i:expr) => {
        // SAFETY: `load::verify` checked that every register operand (and
        // operand range) of every proto is below its `nregs`; `enter` keeps
        // `self.regs.len() >= base + nregs` for every frame on the stack;
        // `$regs` is `self.regs.as_mut_ptr() + base` of the running frame,
        // re-derived after anything that can reallocate `self.regs`.
        (*unsafe { &mut *$regs.add($i as usize) })
    };
}

impl Goroutine {
    /// Goroutine 1: runs the image's entry proto.
    pub fn main(prog: Arc<Program>) -> Result<Goroutine, Trap> {
        let entry = prog.image.entry;
        let mut g = Goroutine::empty(prog, 1);
        g.race = race::main_thread(&g.prog);
        g.enter(entry, 0, 0, FrameKind::Bottom, 0)?;
        Ok(g)
    }

    /// A goroutine running the func value `thunk` (the `go` statement's
    /// compiler-made thunk, or any func value without parameters).
    pub fn spawn(prog: Arc<Program>, id: u64, thunk: Word) -> Result<Goroutine, Trap> {
        let clo = heap::closure(thunk).ok_or_else(Trap::nil_deref)?;
        let mut g = Goroutine::empty(prog, id);
        g.enter(clo.func, 0, thunk, FrameKind::Bottom, 0)?;
        Ok(g)
    }

    /// A goroutine running `f(arg)` for the func value `f` of one
    /// parameter (a finalizer); its results are dropped.
    pub(crate) fn spawn_call1(prog: Arc<Program>, f: Word, arg: Word) -> Result<Goroutine, Trap> {
        let clo = heap::closure(f).ok_or_else(Trap::nil_deref)?;
        let mut g = Goroutine::empty(prog, 0);
        g.enter(clo.func, 0, f, FrameKind::Bottom, 0)?;
        if let Some(r) = g.regs.first_mut() {
            *r = arg;
        }
        Ok(g)
    }

    /// The function this goroutine was started with, for the execution
    /// trace: for `go f(x)`, `f` (the function the compiler's thunk calls),
    /// not the thunk, which is named after the enclosing function.
    pub(crate) fn start_name(&self) -> String {
        let Some(fr) = self.frames.first() else {
            return String::new();
        };
        let protos = &self.prog.protos;
        let proto = &protos[fr.proto as usize];
        // A thunk (`FnCompiler::thunk`) is: load each capture, one call,
        // return (then the loader's epilogue).
        let n = proto.ncaptures as usize;
        let code = &proto.code;
        if is_go_thunk(proto) {
            match code[n] {
                Op::Call { f, .. } => return protos[f as usize].name.clone(),
                Op::CallClosure { b, .. } => {
                    let captures = heap::closure(fr.closure).map_or(&[][..], |c| c.captures);
                    if let Some(c) = captures.get(b as usize).and_then(|&w| heap::closure(w)) {
                        return protos[c.func as usize].name.clone();
                    }
                }
                _ => {}
            }
        }
        proto.name.clone()
    }

    fn empty(prog: Arc<Program>, id: u64) -> Goroutine {
        Goroutine {
            id,
            prog,
            // Small to start: a million parked goroutines must stay cheap;
            // `enter` grows the registers as calls need them.
            regs: Vec::with_capacity(32),
            frames: Vec::with_capacity(4),
            defers: Vec::new(),
            panics: Vec::new(),
            fatal_trace: Vec::new(),
            native_bytes: 0,
            hot_regs: 0,
            pass_safe_point: false,
            stopped_past: false,
            wait: None,
            prof_labels: None,
            block_since: 0,
            created_by: 0,
            race: None,
        }
    }

    pub fn program(&self) -> &Arc<Program> {
        &self.prog
    }

    /// Runs until the goroutine ends, fails, or sees `preempt` set at a safe
    /// point (then `run` may be called again, on any thread).
    ///
    /// The scheduler context is borrowed for the call, as tokio lends its
    /// `Context` to a task: every operation that needs the runtime (channel
    /// ops, `go`, sync, timers, natives) gets it passed down explicitly.
    pub fn run(&mut self, cx: &mut Cx<'_>, preempt: &AtomicBool) -> RunOutcome {
        let prog = self.prog.clone();
        let _current = crate::stdlib::runtime::pprof::Current::enter(self);
        match self.execute(cx, &prog, preempt) {
            Exec::Out(o) => o,
            Exec::NestedDone | Exec::Unwound => {
                RunOutcome::Internal("nested frame outside a native call".into())
            }
        }
    }

    /// Pushes a frame for proto `f` at `base`.
    #[inline]
    fn enter(
        &mut self,
        f: u32,
        base: usize,
        closure: Word,
        kind: FrameKind,
        panic_idx: u32,
    ) -> Result<(), Trap> {
        let p = &self.prog.protos[f as usize];
        let need = base + p.nregs as usize;
        // What the inline call path wants room for (see `HotProto::span`).
        let room = base + self.prog.hot[f as usize].span as usize;
        if need > self.regs.len() {
            if (self.frames.len() + 1) * FRAME_BYTES + need * 8 + self.native_bytes
                > MAX_STACK_BYTES
            {
                return Err(Trap::StackOverflow);
            }
            let new_len = room.max(self.regs.len() * 2).min(MAX_STACK_BYTES / 8 + 1);
            self.regs.resize(new_len.max(need), 0);
        } else if self.frames.len() * FRAME_BYTES + self.native_bytes
            > MAX_STACK_BYTES.saturating_sub(need * 8)
        {
            return Err(Trap::StackOverflow);
        } else if room > self.regs.len() {
            self.regs.resize(room, 0);
        }
        let np = p.nparams as usize;
        self.regs[base + np..need].fill(0);
        self.frames.push(Frame {
            proto: f,
            pc: 0,
            base: base as u32,
            defer_start: self.defers.len() as u32,
            closure,
            kind,
            panic_idx,
        });
        self.set_room();
        Ok(())
    }

    /// Recomputes `hot_regs` (after the registers, the frame stack's
    /// capacity or `native_bytes` changed).
    fn set_room(&mut self) {
        let used = self.native_bytes + self.frames.capacity() * FRAME_BYTES;
        self.hot_regs = self
            .regs
            .len()
            .min(MAX_STACK_BYTES.saturating_sub(used) / 8);
    }

    /// `FrameToken`: names the running frame for `defer_at`; the
    /// goroutine is in the token too, so that a loop body run on another
    /// goroutine cannot defer into a frame of this one.
    fn frame_token(&self) -> Word {
        ((self.id & 0xffff_ffff) << 32) | (self.frames.len().saturating_sub(1) as Word)
    }

    /// `DeferAt`: push `thunk` on the defer list of the frame named by
    /// `token`, which is below the running one: its defers end where the
    /// next frame's begin, so that boundary and every one above it move up.
    fn defer_at(&mut self, thunk: Word, token: Word) -> Result<(), Trap> {
        let idx = (token & 0xffff_ffff) as usize;
        if token >> 32 != self.id & 0xffff_ffff || idx + 1 >= self.frames.len() {
            return Err(Trap::rt(
                RtKind::ErrorString,
                "defer in range-over-func loop body after the loop's function returned",
            ));
        }
        let at = self.frames[idx + 1].defer_start as usize;
        self.defers.insert(at, thunk);
        for f in &mut self.frames[idx + 1..] {
            f.defer_start += 1;
        }
        Ok(())
    }

    #[inline(always)]
    fn save_pc(&mut self, pc: usize) {
        if let Some(f) = self.frames.last_mut() {
            f.pc = pc as u32;
        }
    }

    /// The first register above the running frame's window.
    fn top_end(&self, prog: &Program) -> usize {
        match self.frames.last() {
            Some(f) => f.base as usize + prog.protos[f.proto as usize].nregs as usize,
            None => 0,
        }
    }

    /// Counts `bytes` of Go stack for Rust-side nesting about to start (a
    /// native calling back into Go, one level of a value fmt walks), or
    /// `Trap::StackOverflow` where Go's goroutine would have run out of its
    /// 1 GB stack. Pair with [`Goroutine::release_native`].
    ///
    /// This is what bounds the Rust recursion a Go program can drive: the
    /// recursion itself runs on stacks that grow (`crate::stack::guard`), so
    /// it may go as deep as Go lets the program go, and no deeper. Go's
    /// stack doubles when it grows and fails at the doubling past 1 GB, so
    /// a Go goroutine really overflows at 512 MiB of use; the charges here
    /// are below what the same nesting costs in Go and are checked against
    /// the full 1 GB: a program that works under Go works here, and
    /// unbounded nesting (a `String()` method printing its own receiver,
    /// cyclic data) ends as in Go instead of exhausting memory.
    pub fn charge_native(&mut self, bytes: usize) -> Result<(), Trap> {
        let regs = self.top_end(&self.prog);
        let used = self.frames.len() * FRAME_BYTES + regs * 8 + self.native_bytes;
        if used.saturating_add(bytes) > MAX_STACK_BYTES {
            return Err(Trap::StackOverflow);
        }
        self.native_bytes += bytes;
        self.set_room();
        Ok(())
    }

    /// Ends what [`Goroutine::charge_native`] counted.
    pub fn release_native(&mut self, bytes: usize) {
        self.native_bytes = self.native_bytes.saturating_sub(bytes);
        self.set_room();
    }

    /// Calls proto `f` (with closure word `closure`, 0 for none).
    pub fn call_proto(
        &mut self,
        cx: &mut Cx<'_>,
        prog: &Program,
        f: u32,
        closure: Word,
        args: &[Word],
    ) -> Result<Vec<Word>, Trap> {
        let base = self.top_end(prog);
        let p = prog
            .protos
            .get(f as usize)
            .ok_or_else(|| Trap::internal("call of an unknown proto"))?;
        if args.len() > p.nparams as usize {
            return Err(Trap::internal(format!(
                "{} called with {} arguments",
                p.name,
                args.len()
            )));
        }
        let nres = p.nresults as usize;
        // Make room for the arguments first (enter zeroes above params).
        if self.regs.len() < base + args.len() {
            self.regs.resize(base + args.len(), 0);
        }
        self.regs[base..base + args.len()].copy_from_slice(args);
        self.charge_native(NESTED_CALL_BYTES)?;
        if let Err(t) = self.enter(f, base, closure, FrameKind::Nested, 0) {
            self.release_native(NESTED_CALL_BYTES);
            return Err(t);
        }
        // Rust recursion as deep as the Go program nests such calls: on a
        // stack that grows (bounded by `charge_native`).
        let out = crate::stack::guard(|| self.execute(cx, prog, &NEVER));
        self.release_native(NESTED_CALL_BYTES);
        match out {
            Exec::NestedDone => Ok(self.regs[base..base + nres].to_vec()),
            Exec::Unwound => Err(Trap::Unwind),
            Exec::Out(RunOutcome::Exit(c)) => Err(Trap::Exit(c)),
            Exec::Out(RunOutcome::Fatal(m)) => Err(Trap::Fatal(m)),
            Exec::Out(RunOutcome::StackOverflow) => Err(Trap::StackOverflow),
            Exec::Out(RunOutcome::Internal(m)) => Err(Trap::Internal(m)),
            Exec::Out(o) => Err(Trap::Internal(format!("nested call ended with {o:?}"))),
        }
    }

    /// Calls method `m` (a method name index) of interface value `iface`.
    pub fn call_method(
        &mut self,
        cx: &mut Cx<'_>,
        prog: &Program,
        iface: Word,
        m: u32,
        args: &[Word],
    ) -> Result<Vec<Word>, Trap> {
        let i = heap::iface(iface).ok_or_else(Trap::nil_deref)?;
        let (func, recv) = ops::method_receiver(prog, i.rtype, i.data, m)?;
        let mut all = Vec::with_capacity(args.len() + 1);
        all.push(recv);
        all.extend_from_slice(args);
        self.call_proto(cx, prog, func, 0, &all)
    }

    /// The run loop.
    // The frame's state (`regs`, `consts`, ...) is reloaded after every
    // return from `run_hot`, so some assignments before are never read.
    #[allow(unused_assignments)]
    fn execute(&mut self, cx: &mut Cx<'_>, prog: &Program, preempt: &AtomicBool) -> Exec {
        // Not a slice: one taken now would not see the types reflect makes
        // while this goroutine runs.
        let rt = &prog.rtypes;
        'frame: loop {
            let Some(mut fr) = self.frames.last().copied() else {
                return Exec::Out(RunOutcome::Exited);
            };
            let mut proto = &prog.protos[fr.proto as usize];
            let mut code: &[Op] = &proto.code;
            let mut consts: &[Word] = &proto.consts;
            let mut base = fr.base as usize;
            // The instruction pointer: `code[pc]` as a raw pointer (one
            // register in the hot loop instead of a base and an index).
            let mut ip: *const Op = code.as_ptr().wrapping_add(fr.pc as usize);
            macro_rules! pc {
                () => {
                    (ip as usize - code.as_ptr() as usize) / std::mem::size_of::<Op>()
                };
            }
            let mut regs: *mut Word = self.regs.as_mut_ptr().wrapping_add(base);

            // Run instructions until one leaves the frame or fails. The
            // vocabulary the table's semantics are written in (see
            // `bytecode/instructions.rs`):
            macro_rules! r {
                ($i:expr) => {
                    reg!(regs, $i)
                };
            }
            macro_rules! konst {
                // SAFETY: `load::verify` checked k < consts.len().
                ($k:expr) => {
                    unsafe { *consts.get_unchecked($k as usize) }
                };
            }
            macro_rules! g {
                () => {
                    self
                };
            }
            macro_rules! prog {
                () => {
                    prog
                };
            }
            macro_rules! cx {
                () => {
                    cx
                };
            }
            macro_rules! rt {
                () => {
                    rt
                };
            }
            macro_rules! proto {
                () => {
                    proto
                };
            }
            macro_rules! fr {
                () => {
                    fr
                };
            }
            macro_rules! base {
                () => {
                    base
                };
            }
            macro_rules! next_frame {
                () => {
                    continue 'frame
                };
            }
            macro_rules! out {
                ($o:expr) => {
                    return Exec::Out($o)
                };
            }
            macro_rules! refresh_regs {
                () => {
                    regs = self.regs.as_mut_ptr().wrapping_add(base)
                };
            }
            macro_rules! preempt {
                () => {
                    preempt
                };
            }
            // A call is a safe point: yield before it, so that it runs
            // again on resume.
            macro_rules! safe_point {
                () => {
                    if preempt.load(Relaxed) && !std::mem::take(&mut self.pass_safe_point) {
                        self.save_pc(pc!() - 1);
                        return Exec::Out(RunOutcome::Preempted);
                    }
                };
            }
            // The dispatch `match` on `$op`, generated from the table; each
            // loop below defines `hot_body!`, which says what an entry's
            // arm does there (its semantics, or a hand-over).
            macro_rules! dispatch {
                ([$op:ident] $(
                    $(#[$doc:meta])*
                    $(@$hot:ident)? $name:ident $({ $($f:ident : $ty:ty [$kind:ident $($w:tt)*]),* $(,)? })?
                        => $body:block
                )*) => {
                    match $op {
                        $( Op::$name $({ $($f),* })? => {
                            $($( let _ = $f; )*)?
                            hot_body!($($hot)? $body)
                        } )*
                    }
                };
            }
            /// The hot loop: the table's `@hot` instructions (simple ones,
            /// and Go calls and returns) in a function of its own, so that
            /// `ip` and `regs` stay in machine registers and its code is
            /// laid out apart from the full dispatch. Returns the
            /// instruction it hands over, with `ip` already past it (in the
            /// top frame, which calls and returns may have changed, so the
            /// caller reloads the frame's state): anything not hot, or a
            /// hot instruction that must fail or
            /// reach a safe point. The full `match` then runs it from the
            /// start, so a hot body must not write before it fails.
            /// `Err`: a return ended the run (`Goroutine::pop_frame`).
            ///
            /// # Safety
            /// `ip` points into the code of the goroutine's top frame's
            /// proto, which `load::verify` accepted, at a pc inside it.
            #[inline(never)]
            unsafe fn run_hot(
                g: &mut Goroutine,
                prog: &Program,
                preempt: &AtomicBool,
                mut ip: *const Op,
            ) -> Result<(*const Op, Op), Exec> {
                let Some(fr) = g.frames.last().copied() else {
                    return Err(Exec::Out(RunOutcome::Exited));
                };
                // The running proto's `HotProto` (its code and constants):
                // one pointer, which a call or return sets with one store.
                let mut hp: *const load::HotProto = &prog.hot[fr.proto as usize];
                let mut base = fr.base as usize;
                let mut regs: *mut Word = g.regs.as_mut_ptr().wrapping_add(base);
                #[allow(unused_macros)] // part of the table's vocabulary
                macro_rules! g {
                    () => {
                        g
                    };
                }
                macro_rules! prog {
                    () => {
                        prog
                    };
                }
                #[allow(unused_macros)] // part of the table's vocabulary
                macro_rules! base {
                    () => {
                        base
                    };
                }
                // SAFETY (of each `*hp`): `hp` points into `prog.hot`,
                // which lives as long as `prog`.
                macro_rules! pc {
                    () => {
                        (ip as usize - unsafe { (*hp).code } as usize) / std::mem::size_of::<Op>()
                    };
                }
                // The frame stack changed: run its top frame from its pc.
                macro_rules! next_frame {
                    () => {{
                        let Some(fr) = g.frames.last().copied() else {
                            return Err(Exec::Out(RunOutcome::Exited));
                        };
                        let h = &prog.hot[fr.proto as usize];
                        hp = h;
                        base = fr.base as usize;
                        regs = g.regs.as_mut_ptr().wrapping_add(base);
                        ip = h.code.wrapping_add(fr.pc as usize);
                        continue;
                    }};
                }
                macro_rules! r {
                    ($i:expr) => {
                        reg!(regs, $i)
                    };
                }
                macro_rules! konst {
                    // SAFETY: `load::verify` checked k < consts.len(), and
                    // `(*hp).consts` is the running proto's `consts.as_ptr()`.
                    ($k:expr) => {
                        unsafe { *(*hp).consts.add($k as usize) }
                    };
                }
                let op = loop {
                    // SAFETY: `ip` points into `code`: `load::verify`
                    // checked that jump targets and `recover_pc` are inside
                    // the code and every proto ends in a guard that never
                    // falls through.
                    let op = unsafe { *ip };
                    ip = ip.wrapping_add(1);
                    macro_rules! fail {
                        ($t:expr) => {
                            break op
                        };
                    }
                    macro_rules! jump {
                        ($off:expr) => {{
                            let off = $off;
                            if off < 0 && preempt.load(Relaxed) {
                                break op;
                            }
                            ip = ip.wrapping_offset(off as isize);
                        }};
                    }
                    // A Go call, set up here when the registers and the frame
                    // stack have room (one compare each: `Goroutine::hot_regs`
                    // folds the stack limit in; else the full dispatch runs it
                    // again, through `Goroutine::enter`): the caller's pc
                    // saved, the callee's registers above its parameters
                    // zeroed without a libc call, its frame pushed.
                    macro_rules! call {
                        ($f:expr, $a:expr, $clo:expr) => {
                            call!(@ $f, $a, $clo, {})
                        };
                        // `R[a] := recv` first, once nothing hands over.
                        ($f:expr, $a:expr, $clo:expr, $recv:expr) => {{
                            let recv = $recv;
                            call!(@ $f, $a, $clo, { r!($a) = recv; })
                        }};
                        (@ $f:expr, $a:expr, $clo:expr, $pre:block) => {{
                            let f = $f as usize;
                            // SAFETY: `f` is a `Call`'s proto operand
                            // (`load::verify` checked it) or a closure's
                            // func, which only `MakeClosure` (a verified
                            // operand) and `load` (each proto) set.
                            let h = unsafe { prog.hot.get_unchecked(f) };
                            let nb = base + $a as usize;
                            let nf = g.frames.len();
                            if nb + h.span as usize > g.hot_regs || nf == g.frames.capacity() {
                                break op;
                            }
                            $pre
                            let pc = pc!() as u32;
                            let win = regs.wrapping_add($a as usize);
                            let np = h.nparams as usize;
                            // SAFETY: a frame runs, so `nf >= 1`; `nb + span
                            // <= hot_regs <= regs.len()` and `np + HOT_ZERO <=
                            // span`, and `win` is `regs.as_mut_ptr() + nb`
                            // (nothing reallocated the registers since `regs`
                            // was derived); `nf < capacity`. Registers past
                            // the callee's `nregs` that the fixed-size store
                            // zeroes are no frame's but the caller's above
                            // `a`, which every call clobbers (`verify` takes
                            // `R[a..]` as undefined after a call).
                            unsafe {
                                let fp = g.frames.as_mut_ptr().add(nf);
                                (*fp.sub(1)).pc = pc;
                                (win.add(np) as *mut [Word; load::HOT_ZERO])
                                    .write([0; load::HOT_ZERO]);
                                for i in np + load::HOT_ZERO..h.nregs as usize {
                                    // Volatile: a loop LLVM would turn into
                                    // a `memset` call.
                                    win.add(i).write_volatile(0);
                                }
                                fp.write(Frame {
                                    proto: f as u32,
                                    pc: 0,
                                    base: nb as u32,
                                    defer_start: g.defers.len() as u32,
                                    closure: $clo,
                                    kind: FrameKind::Normal,
                                    panic_idx: 0,
                                });
                                g.frames.set_len(nf + 1);
                            }
                            hp = h;
                            base = nb;
                            regs = win;
                            ip = h.code;
                                continue;
                        }};
                    }
                    // `Return` of a plain call with no deferred calls left:
                    // pop the frame and run the caller (else `pop_frame`).
                    macro_rules! return_frame {
                        () => {{
                            let n = g.frames.len();
                            // SAFETY: a frame runs (`n >= 1`); a `Normal`
                            // frame is pushed only by a call from a frame
                            // below it (the bottom frame is `Bottom`), so
                            // then `n >= 2`; a frame's proto was indexed
                            // when it was entered.
                            unsafe {
                                let done = *g.frames.get_unchecked(n - 1);
                                if done.kind == FrameKind::Normal
                                    && g.defers.len() == done.defer_start as usize
                                {
                                    g.frames.set_len(n - 1);
                                    let fr = *g.frames.get_unchecked(n - 2);
                                    let h = prog.hot.get_unchecked(fr.proto as usize);
                                    hp = h;
                                    base = fr.base as usize;
                                    regs = g.regs.as_mut_ptr().wrapping_add(base);
                                    ip = h.code.wrapping_add(fr.pc as usize);
                                    continue;
                                }
                            }
                            match g.pop_frame(prog) {
                                None => next_frame!(),
                                Some(e) => return Err(e),
                            }
                        }};
                    }
                    macro_rules! set_jump {
                        ($a:expr, $v:expr, $off:expr) => {{
                            let off = $off;
                            if off < 0 && preempt.load(Relaxed) {
                                break op;
                            }
                            r!($a) = $v;
                            ip = ip.wrapping_offset(off as isize);
                        }};
                    }
                    // As the full loop's `cmp!`, fused only when the jump
                    // is not a safe point that must stop.
                    macro_rules! cmp {
                        ($a:expr, $cond:expr) => {{
                            let c: bool = $cond;
                            r!($a) = c as u64;
                            // SAFETY: as in the full loop's `cmp!`.
                            match unsafe { *ip } {
                                Op::JmpIf { a: t, off }
                                    if t == $a && (off >= 0 || !preempt.load(Relaxed)) =>
                                {
                                    ip = ip.wrapping_add(1);
                                    if c {
                                        ip = ip.wrapping_offset(off as isize)
                                    }
                                }
                                Op::JmpIfNot { a: t, off }
                                    if t == $a && (off >= 0 || !preempt.load(Relaxed)) =>
                                {
                                    ip = ip.wrapping_add(1);
                                    if !c {
                                        ip = ip.wrapping_offset(off as isize)
                                    }
                                }
                                _ => {}
                            }
                        }};
                    }
                    #[allow(unused_macros)] // part of the table's vocabulary
                    macro_rules! tryv {
                        ($e:expr) => {
                            match $e {
                                Ok(v) => v,
                                Err(_) => break op,
                            }
                        };
                    }
                    // A call is a safe point: the full dispatch stops there.
                    macro_rules! safe_point {
                        () => {
                            if preempt.load(Relaxed) {
                                break op;
                            }
                        };
                    }
                    #[allow(unused_macros)] // part of the table's vocabulary
                    macro_rules! exit {
                        ($e:expr) => {
                            return Err($e)
                        };
                    }
                    macro_rules! hot_body {
                        (hot $body:block) => {
                            $body
                        };
                        ($body:block) => {
                            break op
                        };
                    }
                    for_each_op!(dispatch, op);
                };
                Ok((ip, op))
            }
            let stop: Stop = loop {
                // The hot loop (`run_hot`): the simple instructions, until
                // one that is not, or must fail or stop at a safe point.
                // SAFETY: `ip` points into the running proto's verified
                // code and `regs` at its frame's register window (see
                // `run_hot` and `reg!`), and `consts` are its constants.
                let (next, op) = match unsafe { run_hot(self, prog, preempt, ip) } {
                    Ok(r) => r,
                    Err(e) => return e,
                };
                ip = next;
                // The top frame may have changed (calls, returns).
                {
                    let Some(top) = self.frames.last().copied() else {
                        return Exec::Out(RunOutcome::Exited);
                    };
                    fr = top;
                    proto = &prog.protos[fr.proto as usize];
                    code = &proto.code;
                    consts = &proto.consts;
                    base = fr.base as usize;
                    regs = self.regs.as_mut_ptr().wrapping_add(base);
                }
                macro_rules! fail {
                    ($t:expr) => {{
                        ip = ip.wrapping_sub(1);
                        break Stop::from($t);
                    }};
                }
                macro_rules! tryv {
                    ($e:expr) => {
                        match $e {
                            Ok(v) => v,
                            Err(t) => fail!(t),
                        }
                    };
                }
                // A taken jump; a backward one is a safe point (the pc saved
                // is the target's).
                macro_rules! jump {
                    ($off:expr) => {{
                        let off = $off;
                        ip = ip.wrapping_offset(off as isize);
                        if off < 0
                            && preempt.load(Relaxed)
                            && !std::mem::take(&mut self.pass_safe_point)
                        {
                            self.save_pc(pc!());
                            self.stopped_past = true;
                            return Exec::Out(RunOutcome::Preempted);
                        }
                    }};
                }
                // A comparison into `R[a]`. The compiler has fused
                // compare-and-jump instructions only for signed operands and
                // constants; other conditions compile to `LtU t; JmpIf t`.
                // When the next instruction is such a jump on `t`, take it
                // here and save a dispatch (`R[a]` is still written).
                macro_rules! cmp {
                    ($a:expr, $cond:expr) => {{
                        let c: bool = $cond;
                        r!($a) = c as u64;
                        // SAFETY: a comparison is never a proto's last
                        // instruction (`verify` checked that every proto
                        // ends in the guard pair, whose last op is a `Jmp`),
                        // so `ip`, just past it, is still in `code`.
                        match unsafe { *ip } {
                            Op::JmpIf { a: t, off } if t == $a => {
                                ip = ip.wrapping_add(1);
                                if c {
                                    jump!(off)
                                }
                            }
                            Op::JmpIfNot { a: t, off } if t == $a => {
                                ip = ip.wrapping_add(1);
                                if !c {
                                    jump!(off)
                                }
                            }
                            _ => {}
                        }
                    }};
                }
                macro_rules! set_jump {
                    ($a:expr, $v:expr, $off:expr) => {{
                        r!($a) = $v;
                        jump!($off)
                    }};
                }
                macro_rules! call {
                    ($f:expr, $a:expr, $clo:expr) => {{
                        let (f, nb, clo) = ($f, base + $a as usize, $clo);
                        self.save_pc(pc!());
                        tryv!(self.enter(f, nb, clo, FrameKind::Normal, 0));
                        continue 'frame;
                    }};
                    ($f:expr, $a:expr, $clo:expr, $recv:expr) => {{
                        r!($a) = $recv;
                        call!($f, $a, $clo)
                    }};
                }
                macro_rules! return_frame {
                    () => {
                        match self.pop_frame(prog) {
                            None => continue 'frame,
                            Some(e) => return e,
                        }
                    };
                }
                #[allow(unused_macros)] // part of the table's vocabulary
                macro_rules! exit {
                    ($e:expr) => {
                        return $e
                    };
                }
                macro_rules! hot_body {
                    ($($hot:ident)? $body:block) => {
                        $body
                    };
                }
                for_each_op!(dispatch, op);
            };
            // `pc` is the failing or blocked instruction: a blocked one runs
            // again when the goroutine is resumed (see `park`).
            self.save_pc(pc!());
            let trap = match stop {
                Stop::Trap(t) => t,
                Stop::Blocked(Blocked::Park(r)) => return Exec::Out(RunOutcome::Park(r)),
                Stop::Blocked(Blocked::Yield) => return Exec::Out(RunOutcome::Yield),
            };
            if let Some(e) = self.raise(prog, trap) {
                return e;
            }
        }
    }

    /// `CallNative`: runs native `f` on the arguments at `base`. A blocking
    /// system call lets the runtime hand the P to another M if it takes
    /// long (`entersyscall`); `Ok(false)` when it came back without a P,
    /// or with a different one (whose preempt flag this loop does not
    /// watch): the call is done, and the goroutine must be rescheduled.
    #[inline]
    fn call_native(
        &mut self,
        cx: &mut Cx<'_>,
        prog: &Program,
        f: u16,
        base: usize,
        n: u16,
    ) -> Result<bool, Stop> {
        let func = prog.natives[f as usize];
        // In a system call the goroutine counts as stopped for the
        // collector: its state is published, and what the native allocates
        // without a P stays a root until its results are in registers.
        let published = prog.native_blocking[f as usize].then(|| gcroots::Published::syscall(self));
        let p_before = published.is_some().then(|| {
            let p = cx.p_id();
            cx.entersyscall();
            p
        });
        let mut ncx = natives::NativeCtx {
            g: self,
            rt: cx,
            prog,
            base,
            nargs: n as usize,
            native: f,
            blocked: None,
        };
        let res = func(&mut ncx);
        let blocked = ncx.blocked.take();
        if let Some(p) = p_before {
            let keep = cx.exitsyscall() && cx.p_id() == p;
            minigo_gc::release_temp_roots();
            drop(published);
            if !keep && res.is_ok() && blocked.is_none() {
                return Ok(false);
            }
        }
        res?;
        match blocked {
            Some(b) => Err(Stop::Blocked(b)),
            None => Ok(true),
        }
    }

    /// `Return`: pops the running frame (its results are in place at its
    /// base). `None`: run the new top frame.
    #[inline]
    fn pop_frame(&mut self, prog: &Program) -> Option<Exec> {
        let Some(done) = self.frames.pop() else {
            return Some(Exec::Out(RunOutcome::Internal(
                "return without frame".into(),
            )));
        };
        self.defers.truncate(done.defer_start as usize);
        match done.kind {
            FrameKind::Normal | FrameKind::Defer => None,
            FrameKind::Bottom => {
                self.frames.push(done);
                Some(Exec::Out(RunOutcome::Exited))
            }
            FrameKind::Nested => Some(Exec::NestedDone),
            FrameKind::PanicDefer => self.after_panic_defer(prog, done),
        }
    }

    /// Turns a trap into a panic (and starts unwinding) or an outcome.
    /// `None`: continue running the (new) top frame.
    fn raise(&mut self, prog: &Program, trap: Trap) -> Option<Exec> {
        match trap {
            Trap::Panic(v) => self.start_panic(v, false),
            Trap::Runtime(e) => {
                let t = match e.kind {
                    RtKind::Bounds => prog.rt.bounds,
                    RtKind::ErrorString => prog.rt.error_string,
                    RtKind::Plain => prog.rt.plain,
                    RtKind::TypeAssert => prog.rt.type_assert,
                    RtKind::PanicNil => prog.rt.panic_nil,
                };
                let msg = heap::new_str(e.msg.as_bytes());
                let data = match e.kind {
                    // runtime.go's types: a *struct (the message first).
                    RtKind::TypeAssert if prog.rt.real_type_assert => {
                        let b = value::zero(&prog.rtypes, prog.rtype(t).elem);
                        heap::store(heap::field(b, 0), msg);
                        b
                    }
                    RtKind::PanicNil if prog.rt.real_panic_nil => {
                        value::zero(&prog.rtypes, prog.rtype(t).elem)
                    }
                    _ => msg,
                };
                let v = heap::new_iface(t, data);
                self.start_panic(v, e.sigsegv);
            }
            Trap::Unwind => {}
            Trap::Fatal(m) => {
                self.fatal_trace = self.capture_trace();
                return Some(Exec::Out(RunOutcome::Fatal(m)));
            }
            Trap::StackOverflow => {
                // Keep the deepest trace: a nested call's overflow passes
                // through every native and frame above it.
                if self.fatal_trace.is_empty() {
                    self.fatal_trace = self.capture_trace();
                }
                return Some(Exec::Out(RunOutcome::StackOverflow));
            }
            Trap::Exit(c) => return Some(Exec::Out(RunOutcome::Exit(c))),
            Trap::Goexit => self.start_goexit(),
            Trap::Internal(m) => return Some(Exec::Out(RunOutcome::Internal(m))),
            // The pc was saved at the instruction: it runs again on resume.
        }
        self.unwind(prog)
    }

    fn start_panic(&mut self, value: Word, sigsegv: bool) {
        let trace = self.capture_trace();
        self.panics.push(PanicRec {
            value,
            recovered: false,
            aborted: false,
            sigsegv,
            goexit: false,
            trace,
            at_frame: self.frames.len().wrapping_sub(1),
        });
    }

    /// `runtime.Goexit`: unwinds like a panic that nothing recovers.
    fn start_goexit(&mut self) {
        self.panics.push(PanicRec {
            value: 0,
            recovered: false,
            aborted: false,
            sigsegv: false,
            goexit: true,
            trace: Vec::new(),
            at_frame: usize::MAX,
        });
    }

    /// Frames for a traceback, innermost first (at most 100); compiler
    /// thunks and goroutine 1's entry proto are marked to be skipped.
    /// `runtime.Caller(skip)`: the function `skip` calls up from the one
    /// calling the native (thunks not counted): its pc, file and line.
    pub(crate) fn caller(&self, skip: usize) -> Option<(u64, String, u32)> {
        let mut pcs = self.all_pcs();
        // The innermost frame is the one calling this native: its saved pc
        // is past the `CallNative`, whose next instruction may be on the
        // next line (a call's results land in place); name the call.
        if let (Some(first), Some(top)) = (pcs.first_mut(), self.trace_entries().next()) {
            if !top.skip && *first & 0xffff_ffff > 0 {
                *first -= 1;
            }
        }
        let pc = *pcs.get(skip)?;
        let (_, file, line) = pc_info(&self.prog, pc)?;
        Some((pc, file, line))
    }

    /// `runtime.Callers`: the pcs (as `caller` makes them) of the calls
    /// from `skip` up (0: the function calling the native).
    pub(crate) fn callers(&self, skip: usize) -> Vec<u64> {
        let mut pcs = self.all_pcs();
        pcs.drain(..skip.min(pcs.len()));
        pcs
    }

    /// The pcs of the goroutine's calls, innermost first, with the
    /// runtime's frames Go shows there: `runtime.gopanic` under a
    /// deferred call a panic runs, `runtime.main` under `main.main` and
    /// `runtime.goexit` at the bottom (see [`synth_frame`]).
    fn all_pcs(&self) -> Vec<u64> {
        let synth = synth_frame(&self.prog);
        let mut pcs = Vec::new();
        for e in self.trace_with_panics() {
            if e.proto == PANIC_LINE {
                pcs.push(synth << 32 | 2);
            } else if !e.skip {
                pcs.push((u64::from(e.proto) << 32) | u64::from(e.pc));
            }
        }
        if self.id == 1 {
            pcs.push(synth << 32);
        }
        pcs.push(synth << 32 | 1);
        pcs
    }

    /// The program's own pcs (no runtime frames), innermost first,
    /// appended to `out` (no allocation when it has room: the tracer
    /// asks at every park).
    pub(crate) fn callers_into(&self, skip: usize, out: &mut Vec<u64>) {
        out.extend(
            self.trace_entries()
                .filter(|e| !e.skip)
                .skip(skip)
                .map(|e| (u64::from(e.proto) << 32) | u64::from(e.pc)),
        );
    }

    /// Whether frame `i` panicked and the frame above it is one of its
    /// deferred calls the panic runs.
    fn runs_defers_of_panic_at(&self, i: usize) -> bool {
        self.frames
            .get(i + 1)
            .is_some_and(|f| f.kind == FrameKind::PanicDefer)
            && self.panics.iter().any(|p| p.at_frame == i)
    }

    fn capture_trace(&self) -> Vec<TraceEntry> {
        self.trace_entries().collect()
    }

    /// The traceback of the running goroutine as Go shows it while a
    /// panic runs deferred calls: Go runs them on top of the panicking
    /// frames, so under each such call come `panic(...)` (an entry with
    /// proto [`PANIC_LINE`]) and the frames the panic left, which minigo
    /// has already popped: they are taken from the panic's own trace.
    pub(crate) fn trace_with_panics(&self) -> Vec<TraceEntry> {
        let n = self.frames.len();
        let mut out = Vec::new();
        for (j, e) in self.trace_entries().enumerate() {
            out.push(e);
            let k = n - 1 - j;
            if self.frames[k].kind != FrameKind::PanicDefer {
                continue;
            }
            out.push(TraceEntry {
                proto: PANIC_LINE,
                pc: 0,
                skip: false,
            });
            // Frame k-1 runs the deferred call; the panic left frames
            // k..=at_frame, innermost first in its trace.
            if let Some(p) = self.panics.get(self.frames[k].panic_idx as usize) {
                if !p.goexit && p.at_frame != usize::MAX && p.at_frame >= k {
                    let popped = (p.at_frame + 1 - k).min(p.trace.len());
                    out.extend_from_slice(&p.trace[..popped]);
                }
            }
        }
        out
    }

    /// The frames, innermost first (at most 100), as tracebacks see them.
    fn trace_entries(&self) -> impl Iterator<Item = TraceEntry> + '_ {
        let prog = &*self.prog;
        let n = self.frames.len();
        (0..n).rev().take(100).map(move |i| {
            let f = &self.frames[i];
            TraceEntry {
                proto: f.proto,
                // Callers' saved pc is after their call instruction; a
                // frame whose defers a panic runs is at the instruction
                // that panicked.
                pc: if i == n - 1 || self.runs_defers_of_panic_at(i) {
                    f.pc
                } else {
                    f.pc.saturating_sub(1)
                },
                skip: self.is_thunk(prog, i)
                        || (f.kind == FrameKind::Bottom && self.id == 1 && n > 1)
                        // A compiler-made wrapper (promoted method, method
                        // value): Go elides wrappers from tracebacks and
                        // Callers unless one is where the panic happened.
                        || (i != n - 1 && prog.protos[f.proto as usize].is_wrapper()),
            }
        })
    }

    /// Runs the next deferred call of the panicking goroutine, or pops
    /// frames until one has some. `None`: a deferred call was pushed.
    fn unwind(&mut self, prog: &Program) -> Option<Exec> {
        loop {
            let top = *self.frames.last()?;
            if self.defers.len() > top.defer_start as usize {
                let thunk = self.defers.pop().unwrap_or(0);
                let idx = self.panics.len().saturating_sub(1) as u32;
                let nb = top.base as usize + prog.protos[top.proto as usize].nregs as usize;
                let res = match heap::closure(thunk) {
                    None => Err(Trap::nil_deref()),
                    Some(c) => self.enter(c.func, nb, thunk, FrameKind::PanicDefer, idx),
                };
                match res {
                    Ok(()) => return None,
                    Err(Trap::Runtime(e)) => {
                        let v =
                            heap::new_iface(prog.rt.error_string, heap::new_str(e.msg.as_bytes()));
                        self.start_panic(v, e.sigsegv);
                        continue;
                    }
                    Err(t) => return self.raise(prog, t),
                }
            }
            match top.kind {
                FrameKind::Bottom => {
                    let goexit = self.panics.last().is_some_and(|p| p.goexit);
                    return Some(Exec::Out(if goexit {
                        RunOutcome::Goexit
                    } else {
                        RunOutcome::Panicked
                    }));
                }
                FrameKind::Nested => {
                    self.frames.pop();
                    return Some(Exec::Unwound);
                }
                FrameKind::PanicDefer => {
                    if let Some(p) = self.panics.get_mut(top.panic_idx as usize) {
                        p.aborted = true;
                    }
                    self.frames.pop();
                }
                FrameKind::Normal | FrameKind::Defer => {
                    self.frames.pop();
                }
            }
        }
    }

    /// A panic-run deferred call returned: resume after a recovery, or keep
    /// unwinding.
    fn after_panic_defer(&mut self, prog: &Program, done: Frame) -> Option<Exec> {
        let idx = done.panic_idx as usize;
        let recovered = idx + 1 == self.panics.len() && self.panics[idx].recovered;
        if !recovered {
            return self.unwind(prog);
        }
        self.panics.truncate(idx);
        // A panic raised by a deferred call of Goexit and recovered: the
        // Goexit goes on (Go's `recovery` resumes it).
        let goexit = self.panics.iter().any(|p| p.goexit);
        self.panics.retain(|p| !p.aborted);
        if goexit {
            self.panics.retain(|p| !p.goexit);
            self.start_goexit();
            return self.unwind(prog);
        }
        let top = self.frames.last_mut()?;
        top.pc = prog.protos[top.proto as usize].recover_pc.unwrap_or(0);
        None
    }

    /// Whether frame `i` runs a compiler-made thunk for `defer f(args)`:
    /// the compiler names thunks after the function that defers them (a
    /// func literal is `...funcN`), and that function is frame `i - 1`.
    fn is_thunk(&self, prog: &Program, i: usize) -> bool {
        let f = &self.frames[i];
        if !matches!(f.kind, FrameKind::Defer | FrameKind::PanicDefer) || i == 0 {
            return false;
        }
        let parent = &self.frames[i - 1];
        prog.protos[f.proto as usize].name == prog.protos[parent.proto as usize].name
    }

    /// `recover()`: see the `panic` module docs for when it recovers. The
    /// deferred function is the frame the panic pushed (a deferred func
    /// value called as is) or, when that frame is a compiler thunk, the
    /// function the thunk called.
    fn try_recover(&mut self, prog: &Program) -> Word {
        let mut top = self.frames.len() - 1;
        // `defer recover()` run at a function's normal return is called by
        // that function (gc runs the deferred builtin in its frame): it
        // recovers when that function is the deferred call a panic made.
        if self.frames[top].kind == FrameKind::Defer && self.is_thunk(prog, top) {
            top -= 1;
        }
        let deferred =
            if self.frames[top].kind == FrameKind::PanicDefer && !self.is_thunk(prog, top) {
                top
            } else if top >= 1
                && self.frames[top - 1].kind == FrameKind::PanicDefer
                && self.is_thunk(prog, top - 1)
            {
                top - 1
            } else {
                return 0;
            };
        let idx = self.frames[deferred].panic_idx as usize;
        if idx + 1 != self.panics.len() {
            return 0;
        }
        let p = &mut self.panics[idx];
        if p.recovered || p.goexit {
            return 0;
        }
        p.recovered = true;
        p.value
    }
}

/// Runs `image` on goroutine 1 to completion; returns the process exit
/// status (0, `os.Exit`'s code, 2 after an unrecovered panic or fatal
/// error, 3 after an internal error). Stdout is flushed before returning.
pub fn run_program(image: Arc<Image>, args: Vec<String>) -> i32 {
    block_signals();
    let prog = match crate::phases::time("link + verify (total)", || Program::new(image, args)) {
        Ok(p) => Arc::new(p),
        Err(e) => {
            stdio::flush_stdout();
            eprintln!("minigo: internal error: {e}");
            return 3;
        }
    };
    race::exit_status(sched::run_main(prog))
}

/// Blocks the signals minigo's signal thread takes (see `signals.rs`) in
/// the calling thread and starts that thread: `minigo run` calls it
/// first, before building starts threads, so every later thread inherits
/// the mask and a signal during compilation acts as in `go run`.
pub fn block_signals() {
    signals::block();
}

/// Goroutines move between OS threads.
const _: () = {
    const fn is_send<T: Send>() {}
    is_send::<Goroutine>();
};
