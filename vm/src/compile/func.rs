//! One function being compiled: registers, variables, jumps, the proto.
//!
//! Registers are allocated like a stack (Lua's `freereg`): variables take
//! the next free register when declared and give it back when their scope
//! ends; temporaries are taken above them and released as soon as an
//! expression is done. A call puts its callee's arguments at the top of that
//! stack, so the callee's window begins above everything still live.
//!
//! Invariant: `next` never drops below a live variable's register, and
//! `max` (the proto's `nregs`) bounds every operand emitted.

use super::{
    escape, CResult, CompileError, Compiler, TOO_MANY_FUNCS, TOO_MANY_OPERANDS, TOO_MANY_REGS,
};
use crate::bytecode::MAX_REGS;
use crate::bytecode::{AssertDesc, Op, Proto, Reg};
use crate::heap::Word;
use crate::info::{DeclRef, VarId};
use crate::types::{FuncId, TypeId};
use minigo_parser::ast;
use std::collections::HashMap;

/// Where a variable lives.
#[derive(Clone, Copy, Debug)]
pub enum Local {
    /// In a register.
    Reg(Reg),
    /// In a cell whose address is in the register.
    Cell(Reg),
}

/// A loop or switch/select that `break` (and for loops `continue`) target.
pub struct Breakable {
    pub label: Option<String>,
    pub is_loop: bool,
    pub breaks: Vec<usize>,
    pub continues: Vec<usize>,
}

pub struct FnCx<'c, 'a> {
    pub(crate) c: &'c mut Compiler<'a>,
    pub(crate) pkg: usize,
    pub(crate) file: usize,
    pub(crate) proto: u32,
    pub(crate) code: Vec<Op>,
    pub(crate) lines: Vec<u32>,
    pub(crate) consts: Vec<Word>,
    const_map: HashMap<Word, u32>,
    pub(crate) asserts: Vec<AssertDesc>,
    pub(crate) selects: Vec<crate::bytecode::SelectDesc>,
    pub(crate) next: u16,
    pub(crate) max: u16,
    pub(crate) vars: HashMap<VarId, Local>,
    pub(crate) line: u32,
    pub(crate) breakables: Vec<Breakable>,
    /// Labels compiled so far, at their pc (`goto` targets).
    pub(crate) labels: HashMap<String, usize>,
    /// Forward gotos waiting for their label: the jumps to patch.
    pub(crate) pending_gotos: HashMap<String, Vec<usize>>,
    /// Result variables (named or hidden) when the function has defers;
    /// `None` when `return` can return its operands directly.
    pub(crate) result_vars: Option<Vec<VarId>>,
    /// Hidden result slots when results are unnamed but defers exist.
    pub(crate) hidden_results: Vec<(Reg, TypeId)>,
    pub(crate) result_types: Vec<TypeId>,
    pub(crate) has_defer: bool,
    /// Name for stack traces; closures inside are `name.func1`, ...
    pub(crate) name: String,
    pub(crate) nlits: u32,
    /// Local slices whose backing array Go keeps on the stack (see
    /// `escape::stack_slices`).
    pub(crate) stack_slices: std::collections::HashSet<VarId>,
    /// Set while compiling a range-over-func loop body as its `yield`
    /// closure (see `rangefunc`).
    pub(crate) range_body: Option<super::rangefunc::RangeBody>,
    /// Set while evaluating a `go`/`defer` call's operands or a method
    /// value's receiver, which outlive the statement: a receiver is copied
    /// then, never borrowed (see `borrow`).
    pub(crate) receiver_outlives_call: bool,
    /// Range-over-func loops so far: their bodies are `name-rangeN`.
    pub(crate) nranges: u32,
    /// A fused branch's target was out of its 16-bit range.
    pub(crate) too_far: bool,
    /// Constant words that are strings (`Proto::str_consts`).
    str_words: std::collections::HashSet<Word>,
    /// The Go type each `NewCell` holds, by pc (`Proto::cell_types`).
    cell_tys: Vec<(u32, TypeId)>,
}

impl<'c, 'a> FnCx<'c, 'a> {
    pub fn new(c: &'c mut Compiler<'a>, pkg: usize, file: usize, proto: u32) -> Self {
        let name = c.image.protos[proto as usize].name.clone();
        FnCx {
            c,
            pkg,
            file,
            proto,
            code: Vec::new(),
            lines: Vec::new(),
            consts: Vec::new(),
            const_map: HashMap::new(),
            asserts: Vec::new(),
            selects: Vec::new(),
            next: 0,
            max: 0,
            vars: HashMap::new(),
            line: 0,
            breakables: Vec::new(),
            labels: HashMap::new(),
            pending_gotos: HashMap::new(),
            result_vars: None,
            hidden_results: Vec::new(),
            result_types: Vec::new(),
            has_defer: false,
            name,
            nlits: 0,
            stack_slices: Default::default(),
            range_body: None,
            receiver_outlives_call: false,
            nranges: 0,
            too_far: false,
            str_words: Default::default(),
            cell_tys: Vec::new(),
        }
    }

    // ------------------------------------------------------------ emitting

    pub fn emit(&mut self, op: Op) -> usize {
        if let Op::MakeIface { t, .. } = op {
            self.c.made_iface(t);
        }
        self.code.push(op);
        self.lines.push(self.line);
        self.code.len() - 1
    }

    pub fn here(&self) -> usize {
        self.code.len()
    }

    /// Points the jump at `at` to the current end of code.
    pub fn patch_here(&mut self, at: usize) {
        let target = self.code.len();
        self.patch_to(at, target);
    }

    pub fn patch_to(&mut self, at: usize, target: usize) {
        let off = target as i32 - (at as i32 + 1);
        match &mut self.code[at] {
            Op::Jmp { off: o } | Op::JmpIf { off: o, .. } | Op::JmpIfNot { off: o, .. } => *o = off,
            Op::JmpLt { off: o, .. }
            | Op::JmpLe { off: o, .. }
            | Op::JmpEq { off: o, .. }
            | Op::JmpNe { off: o, .. }
            | Op::JmpLtK { off: o, .. }
            | Op::JmpLeK { off: o, .. }
            | Op::JmpGtK { off: o, .. }
            | Op::JmpGeK { off: o, .. }
            | Op::JmpEqK { off: o, .. }
            | Op::JmpNeK { off: o, .. }
            | Op::JmpLtC { off: o, .. }
            | Op::JmpLeC { off: o, .. }
            | Op::JmpGtC { off: o, .. }
            | Op::JmpGeC { off: o, .. }
            | Op::IncJmpLt { off: o, .. }
            | Op::IncJmpLtK { off: o, .. }
            | Op::IncJmpLtC { off: o, .. }
            | Op::IncJmpLe { off: o, .. } => match i16::try_from(off) {
                Ok(v) => *o = v,
                // Too far for a fused branch (a function of 32k
                // instructions): recorded and reported by `finish`.
                Err(_) => self.too_far = true,
            },
            _ => {}
        }
    }

    pub fn jump_to(&mut self, target: usize) {
        let at = self.emit(Op::Jmp { off: 0 });
        self.patch_to(at, target);
    }

    pub fn set_pos(&mut self, pos: u32) {
        self.c.last_pos = (self.pkg, self.file, pos);
        self.line = self.c.line_of(self.pkg, self.file, pos);
    }

    pub fn err(&self, pos: u32, msg: impl Into<String>) -> CompileError {
        CompileError {
            pkg: self.pkg,
            file: self.file,
            pos,
            msg: msg.into(),
        }
    }

    // ------------------------------------------------------------ registers

    pub fn alloc(&mut self) -> Reg {
        self.alloc_n(1)
    }

    /// Takes `n` consecutive registers. Past `MAX_REGS` it records the
    /// limit error and returns register 0 without growing the frame: the
    /// function is never run, and `next` stays small enough that the
    /// fixed offsets (`b + 1`, ...) the caller adds cannot overflow.
    pub fn alloc_n(&mut self, n: usize) -> Reg {
        let r = self.next;
        match usize::from(r)
            .checked_add(n)
            .filter(|&e| e <= MAX_REGS)
            .and_then(|e| u16::try_from(e).ok())
        {
            Some(end) => {
                self.next = end;
                if end > self.max {
                    self.max = end;
                }
                r
            }
            None => {
                self.c.too_large(TOO_MANY_REGS);
                0
            }
        }
    }

    /// Register `base + i` of a window taken by `alloc_n` (checked: never
    /// a wrapped index).
    pub fn reg_at(&self, base: Reg, i: usize) -> Reg {
        match usize::from(base).checked_add(i).filter(|&r| r < MAX_REGS) {
            Some(r) => r as Reg,
            None => {
                self.c.too_large(TOO_MANY_REGS);
                0
            }
        }
    }

    /// A count or index operand (arguments, results, captures, fields,
    /// descriptors) as 16 bits, checked (`Compiler::operand16`).
    pub fn n16(&self, n: usize) -> u16 {
        self.c.operand16(n, TOO_MANY_OPERANDS)
    }

    /// The runtime type index of `t` as an operand, checked.
    pub fn rt(&mut self, t: TypeId) -> u16 {
        self.c.rt16(t)
    }

    /// Makes sure registers up to `r` (exclusive) count toward `nregs`.
    pub fn reserve_to(&mut self, r: usize) {
        match u16::try_from(r) {
            Ok(r) if usize::from(r) <= MAX_REGS => self.max = self.max.max(r),
            _ => self.c.too_large(TOO_MANY_REGS),
        }
    }

    /// Is any register of `r..end` a variable's (or a hidden result's)?
    /// Conservative: variables whose scope ended still count, and so does
    /// every register of a function with very many variables (to keep
    /// this check cheap).
    pub fn is_var_reg(&self, r: Reg, end: Reg) -> bool {
        if self.vars.len() > 256 {
            return true;
        }
        let inside = |x: Reg| r <= x && x < end;
        self.vars.values().any(|l| match *l {
            Local::Reg(x) | Local::Cell(x) => inside(x),
        }) || self.hidden_results.iter().any(|&(x, _)| inside(x))
    }

    pub fn mark(&self) -> u16 {
        self.next
    }

    pub fn release(&mut self, mark: u16) {
        self.next = mark;
    }

    /// Releases down to the end of the window `base .. base + n` (left as
    /// is when that window was refused by `alloc_n`).
    pub fn release_n(&mut self, base: Reg, n: usize) {
        if let Some(end) = usize::from(base).checked_add(n).filter(|&e| e <= MAX_REGS) {
            self.next = end as u16;
        }
    }

    // ------------------------------------------------------------ constants

    pub fn konst(&mut self, w: Word) -> u32 {
        if let Some(&k) = self.const_map.get(&w) {
            return k;
        }
        let k = self.c.operand32(self.consts.len(), TOO_MANY_OPERANDS);
        self.consts.push(w);
        self.const_map.insert(w, k);
        k
    }

    /// `konst(w)` when its index fits 16 bits (nothing added otherwise).
    pub fn konst16(&mut self, w: Word) -> Option<u16> {
        match self.const_map.get(&w) {
            Some(&k) => u16::try_from(k).ok(),
            None if self.consts.len() < usize::from(u16::MAX) => u16::try_from(self.konst(w)).ok(),
            None => None,
        }
    }

    /// Two adjacent constants `w0, w1` (a division's magic pair,
    /// `Op::DivIM`), the index of the first when it fits 16 bits.
    pub fn konst_pair16(&mut self, w0: Word, w1: Word) -> Option<u16> {
        if let Some(k) = self.consts.windows(2).position(|p| p == [w0, w1]) {
            return u16::try_from(k).ok();
        }
        let k = u16::try_from(self.consts.len())
            .ok()
            .filter(|&k| k < u16::MAX)?;
        self.konst_raw(w0);
        self.konst_raw(w1);
        Some(k)
    }

    /// Appends constant `w` without sharing it (see `konst_pair16`).
    fn konst_raw(&mut self, w: Word) {
        let k = self.c.operand32(self.consts.len(), TOO_MANY_OPERANDS);
        self.consts.push(w);
        self.const_map.entry(w).or_insert(k);
    }

    /// Records that constant word `w` of type `t` is a string (for the
    /// verifier: a string word is a pointer, never loaded by `LoadInt`).
    pub fn note_const(&mut self, w: Word, t: TypeId) {
        if w != 0 && self.c.types().basic_kind(t).is_some_and(|k| k.is_string()) {
            self.str_words.insert(w);
        }
    }

    /// Records the type of the value the next instruction, a `NewCell`,
    /// puts in its cell (for the verifier: a zero word alone has no type).
    pub fn note_cell(&mut self, t: TypeId) {
        let pc = self.c.operand32(self.code.len(), TOO_MANY_OPERANDS);
        self.cell_tys.push((pc, t));
    }

    pub fn load_word(&mut self, dst: Reg, w: Word) {
        let v = w as i64;
        if v >= i32::MIN as i64 && v <= i32::MAX as i64 && !self.str_words.contains(&w) {
            self.emit(Op::LoadInt {
                a: dst,
                v: v as i32,
            });
        } else {
            let k = self.konst(w);
            self.emit(Op::LoadConst { a: dst, k });
        }
    }

    // ------------------------------------------------------------ variables

    pub fn needs_cell(&self, v: VarId) -> bool {
        self.c.cells.contains(&v) && !self.c.is_aggregate(self.c.info.var(v).ty)
    }

    /// Declares variable `v` in a fresh register holding the value in `src`
    /// (already a private value for aggregates).
    pub fn declare_from(&mut self, v: VarId, src: Reg) -> Reg {
        let r = self.alloc();
        if self.needs_cell(v) {
            self.note_cell(self.c.info.var(v).ty);
            self.emit(Op::NewCell { a: r, b: src });
            self.vars.insert(v, Local::Cell(r));
        } else {
            if r != src {
                self.emit(Op::Move { a: r, b: src });
            }
            self.vars.insert(v, Local::Reg(r));
        }
        r
    }

    /// Declares `v` in register `r`, which already holds its value and is
    /// not used for anything else (the value registers of `:=`/`var`).
    pub fn declare_in(&mut self, v: VarId, r: Reg) {
        if self.needs_cell(v) {
            self.note_cell(self.c.info.var(v).ty);
            self.emit(Op::NewCell { a: r, b: r });
            self.vars.insert(v, Local::Cell(r));
        } else {
            self.vars.insert(v, Local::Reg(r));
        }
    }

    /// Declares `v` with its zero value.
    pub fn declare_zero(&mut self, v: VarId) -> Reg {
        let t = self.c.info.var(v).ty;
        let r = self.alloc();
        self.zero_into(r, t);
        if self.needs_cell(v) {
            self.note_cell(self.c.info.var(v).ty);
            self.emit(Op::NewCell { a: r, b: r });
            self.vars.insert(v, Local::Cell(r));
        } else {
            self.vars.insert(v, Local::Reg(r));
        }
        r
    }

    pub fn zero_into(&mut self, r: Reg, t: TypeId) {
        if self.c.is_aggregate(t) {
            let rt = self.c.rtype(t);
            self.emit(Op::Zero { a: r, t: rt });
        } else {
            self.emit(Op::LoadInt { a: r, v: 0 });
        }
    }

    // ------------------------------------------------------------ functions

    pub(crate) fn finish(&mut self, nparams: u16, nresults: u16, ncaptures: u16) -> CResult<()> {
        // Stop at the first function past a limit (its code has dummy
        // operands); `compile` reports the error.
        if let Some(e) = self.c.limit_error() {
            return Err(e);
        }
        if self.too_far {
            return Err(self.err(0, "function too large for minigo (over 32k instructions)"));
        }
        let falls_off = !matches!(self.code.last(), Some(Op::Return { .. }));
        if falls_off && nresults > 0 {
            // The checker enforces `missing return`, so this end is
            // unreachable (a `select` whose cases all return still has a
            // fall-through edge in the code): trap, never return too few
            // values.
            let guard = self.c.native_id(crate::interp::natives::GUARD_NAME);
            self.emit(Op::CallNative {
                a: 0,
                f: guard,
                n: 0,
            });
        } else if falls_off {
            // Falling off the end of a function without results.
            if self.has_defer {
                self.emit(Op::RunDefers);
            }
            let base = self.next;
            self.reserve_to(usize::from(base) + usize::from(nresults));
            self.emit(Op::Return { a: base, n: 0 });
        }
        let p: &mut Proto = &mut self.c.image.protos[self.proto as usize];
        p.code = std::mem::take(&mut self.code);
        p.lines = std::mem::take(&mut self.lines);
        p.consts = std::mem::take(&mut self.consts);
        p.str_consts = p
            .consts
            .iter()
            .map(|w| self.str_words.contains(w))
            .collect();
        let cells = std::mem::take(&mut self.cell_tys);
        self.c.cell_tys.insert(self.proto, cells);
        p.asserts = std::mem::take(&mut self.asserts);
        p.selects = std::mem::take(&mut self.selects);
        p.nparams = nparams;
        p.nresults = nresults;
        p.ncaptures = ncaptures;
        p.nregs = self.max.max(nparams).max(nresults).max(1);
        Ok(())
    }

    /// Parameters (receiver first) arrive in R[0..]; named results are
    /// zeroed locals.
    fn prologue(
        &mut self,
        recv: Option<&ast::Param>,
        sig: &ast::FuncType,
        fty: TypeId,
    ) -> CResult<()> {
        let sigt = self
            .c
            .types()
            .signature(fty)
            .cloned()
            .ok_or_else(|| self.err(sig.span.lo, "function without signature"))?;
        let params: Vec<&ast::Param> = recv.into_iter().chain(sig.params.iter()).collect();
        let np = self.n16(params.len());
        self.alloc_n(usize::from(np));
        for (i, p) in params.iter().enumerate() {
            let r = i as Reg;
            let v = p
                .name
                .as_ref()
                .and_then(|n| self.c.info.defs.get(&n.id).copied());
            if let Some(v) = v {
                if self.needs_cell(v) {
                    self.note_cell(self.c.info.var(v).ty);
                    self.emit(Op::NewCell { a: r, b: r });
                    self.vars.insert(v, Local::Cell(r));
                } else {
                    self.vars.insert(v, Local::Reg(r));
                }
            }
        }
        self.result_types = sigt.results.clone();
        let sig_tys = (sigt.params.clone(), sigt.results.clone());
        self.c.proto_sig_tys.insert(self.proto, sig_tys);
        let named = sig.results.iter().any(|r| r.name.is_some());
        if named {
            let mut rv = Vec::new();
            for r in &sig.results {
                let v = r
                    .name
                    .as_ref()
                    .and_then(|n| self.c.info.defs.get(&n.id).copied());
                match v {
                    Some(v) => {
                        self.declare_zero(v);
                        rv.push(v);
                    }
                    None => {
                        // `_` result: a hidden slot.
                        return Err(self.err(r.span.lo, "blank named result not supported"));
                    }
                }
            }
            self.result_vars = Some(rv);
        }
        Ok(())
    }

    pub fn compile_func_decl(&mut self, fd: &ast::FuncDecl, fid: FuncId) -> CResult<()> {
        let Some(body) = &fd.body else {
            return Ok(());
        };
        self.set_pos(fd.span.lo);
        self.has_defer = contains_defer(&body.stmts);
        self.stack_slices = escape::stack_slices(self.c.info, body, &mut self.c.stack_slice_cache);
        let fty = self.c.info.func(fid).sig;
        self.prologue(fd.recv.as_ref(), &fd.sig, fty)?;
        let np = self.n16(fd.sig.params.len() + usize::from(fd.recv.is_some()));
        let nr = self.n16(self.result_types.len());
        self.setup_hidden_results();
        let params: Vec<VarId> = fd
            .recv
            .iter()
            .chain(&fd.sig.params)
            .filter_map(|p| p.name.as_ref())
            .filter_map(|n| self.c.info.defs.get(&n.id).copied())
            .collect();
        self.body_block(body, &params)?;
        self.set_pos(body.span.hi.saturating_sub(1));
        self.epilogue_if_needed();
        self.finish(np, nr, 0)
    }

    /// A function declaration's body: its block, clearing the registers of
    /// locals it no longer uses before a loop (see `dead`).
    fn body_block(&mut self, body: &ast::Block, params: &[VarId]) -> CResult<()> {
        let keep = self.result_vars.clone().unwrap_or_default();
        let plan = super::dead::clear_plan(self.c.info, body, params, &keep);
        let mark = self.mark();
        for (s, clear) in body.stmts.iter().zip(&plan) {
            self.stmt(s)?;
            for v in clear {
                if let Some(Local::Reg(r)) = self.vars.get(v).copied() {
                    self.emit(Op::LoadInt { a: r, v: 0 });
                }
            }
        }
        self.release(mark);
        Ok(())
    }

    /// With defers and unnamed results, results go through hidden slots
    /// so that the recover path can return them.
    fn setup_hidden_results(&mut self) {
        if self.has_defer && self.result_vars.is_none() && !self.result_types.is_empty() {
            for t in self.result_types.clone() {
                let r = self.alloc();
                self.zero_into(r, t);
                self.hidden_results.push((r, t));
            }
        }
    }

    /// The shared epilogue of a function with defers: run the defers, then
    /// return the result variables. Also where a recovered panic resumes.
    fn epilogue_if_needed(&mut self) {
        if !self.has_defer {
            return;
        }
        let fall_through = self.emit(Op::Jmp { off: 0 });
        let _ = fall_through;
        // Falling off the end reaches the epilogue too.
        self.patch_here(fall_through);
        let pc = self.c.operand32(self.here(), TOO_MANY_OPERANDS);
        self.c.image.protos[self.proto as usize].recover_pc = Some(pc);
        self.emit_epilogue();
    }

    /// `RunDefers; R[base..] := results; Return`.
    pub fn emit_epilogue(&mut self) {
        self.emit(Op::RunDefers);
        let n = self.n16(self.result_types.len());
        let base = self.alloc_n(usize::from(n.max(1)));
        if let Some(rv) = self.result_vars.clone() {
            for (i, v) in rv.iter().enumerate() {
                self.load_var(*v, self.reg_at(base, i));
            }
        } else {
            for (i, (r, _)) in self.hidden_results.clone().iter().enumerate() {
                self.emit(Op::Move {
                    a: self.reg_at(base, i),
                    b: *r,
                });
            }
        }
        self.emit(Op::Return { a: base, n });
        self.release(base);
    }

    /// Loads variable `v` into `dst` (for aggregates: the box, borrowed).
    pub fn load_var(&mut self, v: VarId, dst: Reg) {
        if let Some(g) = self.c.global(v) {
            self.emit(Op::LoadGlobal { a: dst, g });
            return;
        }
        match self.vars.get(&v).copied() {
            Some(Local::Reg(r)) => {
                if r != dst {
                    self.emit(Op::Move { a: dst, b: r });
                }
            }
            Some(Local::Cell(r)) => {
                self.emit(Op::Load { a: dst, b: r });
            }
            None => {
                self.emit(Op::LoadInt { a: dst, v: 0 });
            }
        }
    }

    /// Stores `src` into variable `v` (non-aggregate, or replacing the box
    /// of an aggregate — callers use CopyInto for Go assignment).
    pub fn store_var(&mut self, v: VarId, src: Reg) {
        if let Some(g) = self.c.global(v) {
            self.emit(Op::StoreGlobal { a: src, g });
            return;
        }
        match self.vars.get(&v).copied() {
            Some(Local::Reg(r)) if r != src => {
                self.emit(Op::Move { a: r, b: src });
            }
            Some(Local::Cell(r)) => {
                self.emit(Op::Store { a: r, b: src });
            }
            _ => {}
        }
    }

    /// Compiles a function literal into its own proto and emits the
    /// closure creation into `dst`.
    pub fn func_lit(
        &mut self,
        e: &ast::Expr,
        sig: &ast::FuncType,
        body: &ast::Block,
        dst: Reg,
    ) -> CResult<()> {
        let free = escape::free_vars(self.c.info, sig, body, &mut self.c.free_vars_cache);
        self.nlits += 1;
        let name = format!("{}.func{}", self.name, self.nlits);
        let mut file = self.c.image.protos[self.proto as usize].file.clone();
        if file.is_empty() {
            // A literal in a package-level initializer: the entry proto
            // that runs it has no file of its own.
            file = self.c.file_name(crate::info::DeclRef {
                pkg: self.pkg,
                file: self.file,
                decl: 0,
            });
        }
        let proto = self.c.new_proto(Proto {
            name: name.clone(),
            file,
            ..Proto::default()
        });
        let fty = self
            .c
            .info
            .expr(e.id)
            .map(|i| i.ty)
            .ok_or_else(|| self.err(e.span.lo, "untyped function literal"))?;
        {
            let mut sub = FnCx::new(self.c, self.pkg, self.file, proto);
            sub.name = name;
            sub.line = self.line;
            sub.has_defer = contains_defer(&body.stmts);
            sub.stack_slices = escape::stack_slices(sub.c.info, body, &mut sub.c.stack_slice_cache);
            sub.prologue(None, sig, fty)?;
            // Captured cells/boxes are loaded once into registers.
            for (i, v) in free.iter().enumerate() {
                let r = sub.alloc();
                sub.emit(Op::LoadCapture {
                    a: r,
                    i: sub.n16(i),
                });
                let agg = sub.c.is_aggregate(sub.c.info.var(*v).ty);
                sub.vars
                    .insert(*v, if agg { Local::Reg(r) } else { Local::Cell(r) });
            }
            let np = sub.n16(sig.params.len());
            let nr = sub.n16(sub.result_types.len());
            sub.setup_hidden_results();
            sub.block(body)?;
            sub.set_pos(body.span.hi.saturating_sub(1));
            sub.epilogue_if_needed();
            sub.finish(np, nr, sub.n16(free.len()))?;
        }
        // Pass the captured words: cell addresses or aggregate boxes.
        let mark = self.mark();
        let base = self.alloc_n(free.len());
        for (i, v) in free.iter().enumerate() {
            let r = self.reg_at(base, i);
            match self.vars.get(v).copied() {
                Some(Local::Reg(x)) | Some(Local::Cell(x)) => {
                    self.emit(Op::Move { a: r, b: x });
                }
                None => {
                    return Err(self.err(e.span.lo, "captured variable not in scope"));
                }
            }
        }
        self.emit(Op::MakeClosure {
            a: dst,
            f: self.c.operand16(proto as usize, TOO_MANY_FUNCS),
            b: base,
        });
        self.release(mark);
        Ok(())
    }

    /// A compiler-made proto that calls `op` on its captures: the thunk of
    /// `defer f(args)` / `go f(args)`. Captures are loaded into R[0..n]
    /// and `call` is emitted with base 0.
    pub fn thunk(&mut self, ncaps: u16, body: &[Op]) -> u32 {
        let file = self.c.image.protos[self.proto as usize].file.clone();
        let mut code = Vec::new();
        for i in 0..ncaps {
            code.push(Op::LoadCapture { a: i, i });
        }
        code.extend_from_slice(body);
        code.push(Op::Return { a: 0, n: 0 });
        let lines = vec![self.line; code.len()];
        let max_reg = body.iter().map(|op| max_operand(op) + 1).max().unwrap_or(0);
        self.c.new_proto(Proto {
            name: self.name.clone(),
            file,
            lines,
            code,
            nregs: (ncaps + 8).max(max_reg).max(1),
            ncaptures: ncaps,
            ..Proto::default()
        })
    }

    /// The entry proto: initialize globals in order, run `init`s, call
    /// `main.main`.
    pub fn compile_entry(&mut self) -> CResult<()> {
        let info = self.c.info;
        let entry_name = std::mem::take(&mut self.name);
        for pkg in info.packages.iter() {
            // Function literals in package-level initializers are gc's
            // `pkg.init.funcN`, numbered per package.
            self.name = format!("{}.init", pkg.path);
            self.nlits = 0;
            for vi in &pkg.var_inits {
                self.pkg = vi.decl.pkg;
                self.file = vi.decl.file;
                let spec = match self.c.prog.packages[vi.decl.pkg].files[vi.decl.file]
                    .ast
                    .decls
                    .get(vi.decl.decl)
                {
                    Some(ast::Decl::Var(specs)) => specs.get(vi.spec),
                    _ => None,
                };
                let Some(spec) = spec else { continue };
                self.global_var_spec(spec)?;
            }
            for f in &pkg.inits {
                let p = self.c.func_proto(*f);
                let base = self.mark();
                self.reserve_to(usize::from(base) + 1);
                self.emit(Op::Call { a: base, f: p });
            }
        }
        self.name = entry_name;
        if let Some(m) = info.main {
            let p = self.c.func_proto(m);
            let base = self.mark();
            self.reserve_to(usize::from(base) + 1);
            self.emit(Op::Call { a: base, f: p });
        }
        let base = self.mark();
        self.reserve_to(usize::from(base) + 1);
        self.emit(Op::Return { a: base, n: 0 });
        self.finish(0, 0, 0)
    }

    fn global_var_spec(&mut self, spec: &ast::VarSpec) -> CResult<()> {
        let decl_vars: Vec<Option<VarId>> = spec
            .names
            .iter()
            .map(|n| self.c.info.defs.get(&n.id).copied())
            .collect();
        if let [Some(v)] = decl_vars[..] {
            if let Some(value) = self.c.info.embeds.get(&v) {
                return self.embed_var(v, value);
            }
        }
        if spec.values.is_empty() {
            // Zero values: slots start at zero, aggregate globals are
            // boxed at start-up.
            return Ok(());
        }
        let mark = self.mark();
        let targets: Vec<Option<crate::types::TypeId>> = decl_vars
            .iter()
            .map(|v| v.map(|v| self.c.info.var(v).ty))
            .collect();
        let base = self.values_to(&spec.values, &targets, spec.span.lo)?;
        for (i, v) in decl_vars.iter().enumerate() {
            if let Some(v) = v {
                self.store_var(*v, self.reg_at(base, i));
            }
        }
        self.release(mark);
        Ok(())
    }

    /// Stores a `//go:embed` variable's data, read at compile time: a
    /// static string, a copy of it as `[]byte`, or an `embed.FS` that
    /// `embed.loadFS` builds from the packed files.
    fn embed_var(&mut self, v: VarId, value: &crate::embed::EmbedValue) -> CResult<()> {
        use crate::embed::EmbedValue;
        let mark = self.mark();
        let base = self.alloc();
        self.reserve_to(usize::from(base) + 1);
        let (EmbedValue::String(data) | EmbedValue::Bytes(data) | EmbedValue::Files(data, _)) =
            value;
        let w = crate::heap::new_static_str(data);
        self.note_const(w, crate::types::TypeTable::STRING);
        self.load_word(base, w);
        match value {
            EmbedValue::String(_) => {}
            EmbedValue::Bytes(_) => {
                self.emit(Op::StrToBytes { a: base, b: base });
            }
            EmbedValue::Files(_, f) => {
                let p = self.c.func_proto(*f);
                self.emit(Op::Call { a: base, f: p });
            }
        }
        self.store_var(v, base);
        self.release(mark);
        Ok(())
    }

    pub fn decl_ref(&self) -> DeclRef {
        DeclRef {
            pkg: self.pkg,
            file: self.file,
            decl: 0,
        }
    }
}

/// The largest register operand of an op (for thunk sizing).
fn max_operand(op: &Op) -> u16 {
    match *op {
        Op::Call { a, .. } | Op::CallIface { a, .. } => a + 8,
        Op::CallClosure { a, b } => a.max(b) + 8,
        Op::CallNative { a, n, .. } => a + n + 8,
        _ => 8,
    }
}

/// Whether a function body (not counting nested function literals) has a
/// `defer` statement.
pub fn contains_defer(stmts: &[ast::Stmt]) -> bool {
    stmts.iter().any(stmt_has_defer)
}

fn stmt_has_defer(s: &ast::Stmt) -> bool {
    use ast::StmtKind::*;
    match &s.kind {
        Defer(_) => true,
        Block(b) => contains_defer(&b.stmts),
        If { then, els, .. } => {
            contains_defer(&then.stmts) || els.as_deref().is_some_and(stmt_has_defer)
        }
        Switch { cases, .. } => cases.iter().any(|c| contains_defer(&c.body)),
        TypeSwitch { cases, .. } => cases.iter().any(|c| contains_defer(&c.body)),
        Select { cases } => cases.iter().any(|c| contains_defer(&c.body)),
        For { body, .. } | Range { body, .. } => contains_defer(&body.stmts),
        Labeled { stmt, .. } => stmt_has_defer(stmt),
        _ => false,
    }
}
