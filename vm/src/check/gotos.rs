//! `goto` target rules (spec "Goto statements"), checked as gc's
//! `syntax.checkBranches` does: a goto must not jump into a block, and a
//! forward goto must not jump over a variable declaration of the label's
//! block.
//!
//! The scan walks one function body (not nested function literals, which
//! have their own labels) block by block. Each block remembers the gotos
//! still looking for a label ("forward" gotos); a label resolves those of
//! its own block and of blocks nested in it that came before it. A goto
//! whose label is in the current block or an enclosing one and already seen
//! is a backward jump and always valid. Forward gotos left over when the
//! whole body is done found no label in an enclosing block: they jump into
//! a block (the label exists elsewhere) or name no label at all (reported
//! by the statement checker as `label L not defined`).
//!
//! Positions follow gc: a `:=` declaration is at its operator, a `var`
//! declaration at its first name; a block starts at its `{`, a case clause
//! at its `case`/`default` keyword, an `else if` at its `if`.

use crate::types::FxMap;
use minigo_parser::ast::{self, AssignOp, StmtKind as S};

/// One goto still looking for its label.
#[derive(Clone, Copy)]
struct Fwd<'a> {
    label: &'a ast::Ident,
}

impl PartialEq for Fwd<'_> {
    fn eq(&self, o: &Self) -> bool {
        std::ptr::eq(self.label, o.label)
    }
}

struct Scan<'a> {
    src: &'a str,
    file: &'a str,
    /// Start offset of each block seen, by block index; the index of the
    /// parent of each block.
    starts: Vec<u32>,
    parents: Vec<Option<usize>>,
    /// Labels seen so far: the block each is declared in.
    labels: FxMap<&'a str, usize>,
    errs: Vec<(u32, String)>,
}

/// The goto errors of a function body, as (offset, message). `src` and
/// `file` are the body's file text and name (for `at FILE:LINE:COL`).
pub(crate) fn check(body: &ast::Block, src: &str, file: &str) -> Vec<(u32, String)> {
    let mut sc = Scan {
        src,
        file,
        starts: Vec::new(),
        parents: Vec::new(),
        labels: FxMap::default(),
        errs: Vec::new(),
    };
    let fwd = sc.block(None, body.span.lo, &body.stmts);
    // The scan has now seen every label of the body.
    for f in fwd {
        if let Some(&b) = sc.labels.get(f.label.name.as_str()) {
            let at = sc.pos(sc.starts[b]);
            sc.errs.push((
                f.label.span.lo,
                format!("goto {} jumps into block starting at {at}", f.label.name),
            ));
        }
    }
    sc.errs
}

impl<'a> Scan<'a> {
    /// gc's spelling of a position inside a message: `./prog.go:5:4`.
    fn pos(&self, off: u32) -> String {
        let (l, c) = crate::program::line_col(self.src, off);
        if self.file.contains('/') {
            format!("{}:{l}:{c}", self.file)
        } else {
            format!("./{}:{l}:{c}", self.file)
        }
    }

    /// Offset of the `:=` after `from` (the end of the last name).
    fn define_op(&self, from: u32) -> u32 {
        let rest = self.src.get(from as usize..).unwrap_or("");
        rest.find(":=").map_or(from, |i| from + i as u32)
    }

    fn block(&mut self, parent: Option<usize>, start: u32, body: &'a [ast::Stmt]) -> Vec<Fwd<'a>> {
        let b = self.starts.len();
        self.starts.push(start);
        self.parents.push(parent);
        let mut var: Option<(u32, String)> = None;
        let mut fwd: Vec<Fwd<'a>> = Vec::new();
        let mut bad: Vec<Fwd<'a>> = Vec::new();
        for s in body {
            self.stmt(b, s, &mut var, &mut fwd, &mut bad);
        }
        fwd
    }

    fn stmt(
        &mut self,
        b: usize,
        s: &'a ast::Stmt,
        var: &mut Option<(u32, String)>,
        fwd: &mut Vec<Fwd<'a>>,
        bad: &mut Vec<Fwd<'a>>,
    ) {
        let mut inner = |sc: &mut Self, start: u32, body: &'a [ast::Stmt]| {
            let got = sc.block(Some(b), start, body);
            fwd.extend(got);
        };
        match &s.kind {
            S::Var(specs) => {
                if let Some(n) = specs.first().and_then(|v| v.names.first()) {
                    *var = Some((n.span.lo, n.name.clone()));
                    *bad = fwd.clone();
                }
            }
            S::Assign {
                lhs,
                op: AssignOp::Define,
                ..
            } => {
                let names: Vec<&str> = lhs
                    .iter()
                    .map(|e| match &e.kind {
                        ast::ExprKind::Ident(n) => n.as_str(),
                        _ => "_",
                    })
                    .collect();
                let end = lhs.last().map_or(s.span.lo, |e| e.span.hi);
                *var = Some((self.define_op(end), names.join(", ")));
                *bad = fwd.clone();
            }
            S::Labeled { label, stmt } => {
                if label.name != "_" {
                    self.labels.entry(&label.name).or_insert(b);
                    let mut keep = Vec::new();
                    for f in fwd.drain(..) {
                        if f.label.name != label.name {
                            keep.push(f);
                        } else if let Some((vpos, vname)) =
                            var.as_ref().filter(|_| bad.contains(&f))
                        {
                            let at = self.pos(*vpos);
                            self.errs.push((
                                f.label.span.lo,
                                format!(
                                    "goto {} jumps over declaration of {vname} at {at}",
                                    label.name
                                ),
                            ));
                        }
                    }
                    *fwd = keep;
                }
                self.stmt(b, stmt, var, fwd, bad);
            }
            S::Goto(l) => {
                let backward = self.labels.get(l.name.as_str()).is_some_and(|&lb| {
                    let mut cur = Some(b);
                    while let Some(c) = cur {
                        if c == lb {
                            return true;
                        }
                        cur = self.parents[c];
                    }
                    false
                });
                if !backward {
                    fwd.push(Fwd { label: l });
                }
            }
            S::Block(blk) => inner(self, blk.span.lo, &blk.stmts),
            S::If { then, els, .. } => {
                inner(self, then.span.lo, &then.stmts);
                if let Some(e) = els {
                    let start = match &e.kind {
                        S::Block(eb) => eb.span.lo,
                        _ => e.span.lo,
                    };
                    inner(self, start, std::slice::from_ref(&**e));
                }
            }
            S::For { body, .. } | S::Range { body, .. } => inner(self, body.span.lo, &body.stmts),
            S::Switch { cases, .. } => {
                for c in cases {
                    inner(self, c.span.lo, &c.body);
                }
            }
            S::TypeSwitch { cases, .. } => {
                for c in cases {
                    inner(self, c.span.lo, &c.body);
                }
            }
            S::Select { cases } => {
                for c in cases {
                    inner(self, c.span.lo, &c.body);
                }
            }
            _ => {}
        }
    }
}
