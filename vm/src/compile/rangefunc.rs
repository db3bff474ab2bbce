//! Range over functions: `for k, v := range f { body }` with
//! `f func(yield func(K, V) bool)`.
//!
//! Owns: turning the loop body into the `yield` closure, and the control
//! flow that leaves it. As Go's `cmd/compile/internal/rangefunc`, the loop
//! becomes a call `f(body)` where the body is a closure named
//! `outer-rangeN` that returns true to go on and false to stop; the
//! iteration variables are its parameters, so each iteration has its own.
//!
//! What the body cannot do itself it hands to the code after the call:
//! a `return`, or a `break`/`continue`/`goto` to a target outside the
//! body, stores an exit code in the loop's `#next` cell and returns false;
//! after `f` returns, the loop dispatches on that code by compiling the
//! same statement again where the loop is (which, in a body nested in
//! another, hands it on outwards). Returned values travel in holders the
//! outermost function allocates (cells, or boxes for aggregates), and a
//! `defer` in the body goes on the defer list of the function that
//! contains the loop (`FrameToken` / `DeferAt`).
//!
//! Each loop execution also has a state cell checked as Go checks it
//! (`interp::range_state`): calling `yield` again after it returned false,
//! after a panic or after the loop ended, and swallowing the body's panic,
//! are runtime error panics.
//!
//! Invariant: exit codes are 1-based indices into the body's `exits`
//! (0: the loop ended or broke normally), so the dispatch compiles each
//! distinct exit once.

use super::escape;
use super::func::{contains_defer, Breakable, FnCx, Local};
use super::CResult;
use crate::bytecode::{Op, Proto, Reg};
use crate::interp::range_state;
use crate::types::{Type, TypeId, TypeTable};
use minigo_parser::ast::{self, Expr, Stmt, StmtKind};
use std::collections::HashSet;

/// How control leaves a range-over-func body other than by ending an
/// iteration or breaking the loop itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// `return x, y`: the values are in the result holders.
    Return,
    /// A bare `return`.
    ReturnBare,
    Break(String),
    Continue(String),
    Goto(String),
}

/// The loop body being compiled as its `yield` closure (in that
/// closure's `FnCx`).
pub struct RangeBody {
    /// The `#next` cell: which exit the body took.
    pub next: Reg,
    /// The frame token of the function holding the loop, when the body
    /// (or a body nested in it) defers.
    pub defer_tok: Option<Reg>,
    /// Holders of the enclosing function's results, when some body
    /// returns values.
    pub results: Vec<Reg>,
    /// The exits taken so far; code = index + 1.
    pub exits: Vec<Exit>,
    /// Labels declared inside the body (a `goto` to another leaves it).
    pub labels: HashSet<String>,
    /// Where `break`/exits go: store DONE, return false.
    pub stop_jumps: Vec<usize>,
}

impl FnCx<'_, '_> {
    /// `for key, value := range x { body }` with `x` a function.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn range_func_stmt(
        &mut self,
        label: Option<String>,
        key: Option<&Expr>,
        value: Option<&Expr>,
        define: bool,
        x: &Expr,
        body: &ast::Block,
    ) -> CResult<()> {
        let mark = self.mark();
        let xt = self.ty(x);
        let yield_params: Vec<TypeId> = match self.c.types().under(xt) {
            Type::Func(sig) => match sig.params.first().map(|p| self.c.types().under(*p)) {
                Some(Type::Func(y)) => y.params.clone(),
                _ => return Err(self.err(x.span.lo, "range over a non-iterator func")),
            },
            _ => return Err(self.err(x.span.lo, "range over a non-func")),
        };
        let f = self.alloc();
        self.expr(x, f)?;
        let state = self.new_int_cell(range_state::READY);
        let next = self.new_int_cell(0);
        let defer_tok = if contains_defer(&body.stmts) {
            match self.range_body.as_ref().and_then(|b| b.defer_tok) {
                Some(t) => Some(t),
                None => {
                    let t = self.alloc();
                    self.emit(Op::FrameToken { a: t });
                    Some(t)
                }
            }
        } else {
            None
        };
        let results = if returns_values(&body.stmts) {
            match &self.range_body {
                Some(b) => b.results.clone(),
                None => self.result_holders(),
            }
        } else {
            Vec::new()
        };

        // The body closure.
        let free = escape::range_free_vars(
            self.c.info,
            key,
            value,
            define,
            body,
            &mut self.c.free_vars_cache,
        );
        self.nranges += 1;
        let name = format!("{}-range{}", self.name, self.nranges);
        let file = self.c.image.protos[self.proto as usize].file.clone();
        let proto = self.c.new_proto(Proto {
            name: name.clone(),
            file,
            ..Proto::default()
        });
        let np = yield_params.len();
        let ncaps = free.len() + 2 + usize::from(defer_tok.is_some()) + results.len();
        let exits = {
            let mut sub = FnCx::new(self.c, self.pkg, self.file, proto);
            sub.name = name;
            sub.line = self.line;
            sub.result_types = self.result_types.clone();
            sub.stack_slices = escape::stack_slices(sub.c.info, body, &mut sub.c.stack_slice_cache);
            sub.c
                .proto_sig_tys
                .insert(proto, (yield_params.clone(), vec![TypeTable::BOOL]));
            let params = sub.alloc_n(np);
            let mut cap = 0u16;
            let mut load_cap = |sub: &mut FnCx| {
                let r = sub.alloc();
                sub.emit(Op::LoadCapture { a: r, i: cap });
                cap += 1;
                r
            };
            for v in &free {
                let r = load_cap(&mut sub);
                let agg = sub.c.is_aggregate(sub.c.info.var(*v).ty);
                sub.vars
                    .insert(*v, if agg { Local::Reg(r) } else { Local::Cell(r) });
            }
            let st = load_cap(&mut sub);
            let nx = load_cap(&mut sub);
            let tok = defer_tok.map(|_| load_cap(&mut sub));
            let res: Vec<Reg> = results.iter().map(|_| load_cap(&mut sub)).collect();
            sub.emit(Op::RangeEnter { a: st });
            let mut labels = HashSet::new();
            collect_labels(&body.stmts, &mut labels);
            sub.range_body = Some(RangeBody {
                next: nx,
                defer_tok: tok,
                results: res,
                exits: Vec::new(),
                labels,
                stop_jumps: Vec::new(),
            });
            // The iteration variables: parameters, or assigned from them.
            let vars: Vec<(Option<&Expr>, Reg, TypeId)> = [key, value]
                .into_iter()
                .zip(&yield_params)
                .enumerate()
                .map(|(i, (e, t))| (e, sub.reg_at(params, i), *t))
                .collect();
            if define {
                for &(e, r, _) in &vars {
                    let Some(e) = e else { continue };
                    if let Some(&v) = sub.c.info.defs.get(&e.id) {
                        if sub.needs_cell(v) {
                            sub.note_cell(sub.c.info.var(v).ty);
                            sub.emit(Op::NewCell { a: r, b: r });
                            sub.vars.insert(v, Local::Cell(r));
                        } else {
                            sub.vars.insert(v, Local::Reg(r));
                        }
                    }
                }
            } else {
                sub.bind_range_vars(false, &vars)?;
            }
            sub.breakables.push(Breakable {
                label,
                is_loop: true,
                breaks: vec![],
                continues: vec![],
            });
            sub.block(body)?;
            sub.set_pos(body.span.hi.saturating_sub(1));
            // End of an iteration (and `continue`): ready for the next.
            let b = sub.breakables.pop().unwrap_or_else(|| Breakable {
                label: None,
                is_loop: true,
                breaks: vec![],
                continues: vec![],
            });
            for j in b.continues {
                sub.patch_here(j);
            }
            sub.finish_yield(st, range_state::READY, true);
            // `break` and the exits: done, stop the iterator.
            for j in b.breaks {
                sub.patch_here(j);
            }
            let rb = sub.range_body.take();
            if let Some(rb) = &rb {
                for &j in &rb.stop_jumps {
                    sub.patch_here(j);
                }
            }
            sub.finish_yield(st, range_state::DONE, false);
            sub.finish(sub.n16(np), 1, sub.n16(ncaps))?;
            rb.map(|b| b.exits).unwrap_or_default()
        };

        // Build the closure right where the call's argument goes.
        let caps = self.alloc_n(ncaps);
        let mut i = 0;
        for v in &free {
            match self.vars.get(v).copied() {
                Some(Local::Reg(r)) | Some(Local::Cell(r)) => {
                    self.emit(Op::Move {
                        a: self.reg_at(caps, i),
                        b: r,
                    });
                }
                None => return Err(self.err(x.span.lo, "captured variable not in scope")),
            }
            i += 1;
        }
        let extra = [state, next]
            .into_iter()
            .chain(defer_tok)
            .chain(results.iter().copied());
        for r in extra {
            self.emit(Op::Move {
                a: self.reg_at(caps, i),
                b: r,
            });
            i += 1;
        }
        let arg = self.alloc();
        self.emit(Op::MakeClosure {
            a: arg,
            f: self.c.operand16(proto as usize, super::TOO_MANY_FUNCS),
            b: caps,
        });
        self.emit(Op::CallClosure { a: arg, b: f });
        // Go checks the state at the loop's closing brace.
        self.set_pos(body.span.hi.saturating_sub(1));
        self.emit(Op::RangeExit { a: state });

        // Dispatch on how the body left, as if it had left here.
        if !exits.is_empty() {
            let code = self.alloc();
            self.emit(Op::Load { a: code, b: next });
            for (i, exit) in exits.iter().enumerate() {
                let k = i16::try_from(i + 1)
                    .map_err(|_| self.err(x.span.lo, "too many exits from a loop body"))?;
                let skip = self.emit(Op::JmpNeK { a: code, k, off: 0 });
                self.take_exit(exit, &results, x.span.lo)?;
                self.patch_here(skip);
            }
        }
        self.release(mark);
        Ok(())
    }

    /// `R := new(int) = v`: a state or exit-code cell.
    fn new_int_cell(&mut self, v: i64) -> Reg {
        let r = self.alloc();
        self.emit(Op::LoadInt { a: r, v: v as i32 });
        self.note_cell(TypeTable::INT);
        self.emit(Op::NewCell { a: r, b: r });
        r
    }

    /// Holders for the function's results: a cell per non-aggregate, a
    /// box per aggregate.
    fn result_holders(&mut self) -> Vec<Reg> {
        let tys = self.result_types.clone();
        tys.into_iter()
            .map(|t| {
                let r = self.alloc();
                if self.c.is_aggregate(t) {
                    let rt = self.rt(t);
                    self.emit(Op::Zero {
                        a: r,
                        t: u32::from(rt),
                    });
                } else {
                    self.zero_into(r, t);
                    self.note_cell(t);
                    self.emit(Op::NewCell { a: r, b: r });
                }
                r
            })
            .collect()
    }

    /// `*state = s; return ok` at the end of the body closure.
    fn finish_yield(&mut self, state: Reg, s: i64, ok: bool) {
        let t = self.alloc();
        self.emit(Op::LoadInt { a: t, v: s as i32 });
        self.emit(Op::Store { a: state, b: t });
        self.emit(Op::LoadInt {
            a: t,
            v: i32::from(ok),
        });
        self.emit(Op::Return { a: t, n: 1 });
        self.release(t);
    }

    /// Leave the body closure by `exit`: record its code, then stop the
    /// iterator (the body returns false).
    pub(crate) fn range_exit(&mut self, exit: Exit) {
        let Some(rb) = self.range_body.as_mut() else {
            return;
        };
        let code = match rb.exits.iter().position(|e| *e == exit) {
            Some(i) => i + 1,
            None => {
                rb.exits.push(exit);
                rb.exits.len()
            }
        };
        let next = rb.next;
        let t = self.alloc();
        self.emit(Op::LoadInt {
            a: t,
            v: code as i32,
        });
        self.emit(Op::Store { a: next, b: t });
        self.release(t);
        let j = self.emit(Op::Jmp { off: 0 });
        if let Some(rb) = self.range_body.as_mut() {
            rb.stop_jumps.push(j);
        }
    }

    /// `return es` inside a loop body: the values go to the holders.
    pub(crate) fn range_return(&mut self, es: &[Expr], pos: u32) -> CResult<()> {
        if es.is_empty() {
            self.range_exit(Exit::ReturnBare);
            return Ok(());
        }
        let holders = self
            .range_body
            .as_ref()
            .map(|b| b.results.clone())
            .unwrap_or_default();
        let mark = self.mark();
        let tys = self.result_types.clone();
        let targets: Vec<Option<TypeId>> = tys.iter().copied().map(Some).collect();
        let base = self.values_to(es, &targets, pos)?;
        for (i, (h, t)) in holders.iter().zip(&tys).enumerate() {
            let v = self.reg_at(base, i);
            if self.c.is_aggregate(*t) {
                let rt = self.rt(*t);
                self.emit(Op::CopyInto { a: *h, b: v, t: rt });
            } else {
                self.emit(Op::Store { a: *h, b: v });
            }
        }
        self.release(mark);
        self.range_exit(Exit::Return);
        Ok(())
    }

    /// After the iterator returned: leave the way the body asked.
    fn take_exit(&mut self, exit: &Exit, holders: &[Reg], pos: u32) -> CResult<()> {
        match exit {
            Exit::Return if self.range_body.is_some() => self.range_exit(Exit::Return),
            Exit::Return => {
                let mark = self.mark();
                let tys = self.result_types.clone();
                let base = self.alloc_n(tys.len());
                for (i, (h, t)) in holders.iter().zip(&tys).enumerate() {
                    let r = self.reg_at(base, i);
                    if self.c.is_aggregate(*t) {
                        self.emit(Op::Move { a: r, b: *h });
                    } else {
                        self.emit(Op::Load { a: r, b: *h });
                    }
                }
                self.return_regs(base)?;
                self.release(mark);
            }
            Exit::ReturnBare => self.return_stmt(&[], pos)?,
            Exit::Break(l) => self.break_stmt(Some(l), false, pos)?,
            Exit::Continue(l) => self.break_stmt(Some(l), true, pos)?,
            Exit::Goto(l) => self.goto_stmt(l),
        }
        Ok(())
    }
}

/// Whether a body (or a loop body nested in it) has `return` with values.
fn returns_values(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| {
        let mut found = matches!(&s.kind, StmtKind::Return(es) if !es.is_empty());
        if !found {
            for_child_blocks(s, &mut |b| found = found || returns_values(b));
        }
        found
    })
}

/// The labels declared in a body, outside function literals.
fn collect_labels(stmts: &[Stmt], out: &mut HashSet<String>) {
    for s in stmts {
        if let StmtKind::Labeled { label, .. } = &s.kind {
            out.insert(label.name.clone());
        }
        for_child_blocks(s, &mut |b| collect_labels(b, out));
    }
}

/// Calls `f` on each statement list nested directly in `s`.
fn for_child_blocks(s: &Stmt, f: &mut dyn FnMut(&[Stmt])) {
    match &s.kind {
        StmtKind::Block(b) => f(&b.stmts),
        StmtKind::If { then, els, .. } => {
            f(&then.stmts);
            if let Some(e) = els {
                f(std::slice::from_ref(&**e));
            }
        }
        StmtKind::Switch { cases, .. } => cases.iter().for_each(|c| f(&c.body)),
        StmtKind::TypeSwitch { cases, .. } => cases.iter().for_each(|c| f(&c.body)),
        StmtKind::Select { cases } => cases.iter().for_each(|c| f(&c.body)),
        StmtKind::For { body, .. } | StmtKind::Range { body, .. } => f(&body.stmts),
        StmtKind::Labeled { stmt, .. } => f(std::slice::from_ref(&**stmt)),
        _ => {}
    }
}
