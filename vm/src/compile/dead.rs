//! Which locals a function body stops using before a loop: the compiler
//! clears their registers there, so that the collector can free what they
//! referred to.
//!
//! Owns: [`clear_plan`]. The collector scans a goroutine's registers
//! without liveness (`interp::gcroots`), so a local the function no longer
//! uses keeps its object alive until the function returns; gc's stack maps
//! let Go free it at once. A program that builds a big slice, reads it,
//! then runs a long loop over other data held both (cpu_structs: 16 MB of
//! `[]Point` through the whole `[]Shape` phase). A full liveness analysis
//! of the bytecode is the general answer; this is the sound, syntactic
//! part of it that matters most.
//!
//! The rule, for the top-level statements of a function body: a parameter
//! or a local declared directly by a top-level statement, of a type whose
//! word refers to memory (pointer, slice, string, map, channel, func,
//! interface), held in a register of its own (not a cell, not a named
//! result), is cleared right after the last top-level statement that
//! declares or uses it (anywhere inside, function literals included), if a
//! later top-level statement holds a loop. Top-level statements run once
//! and in order, so no later instruction reads the register: nothing is
//! cleared in a body with a label (`goto` could run a statement again).
//! The register stays the variable's until the body ends (`:=` keeps its
//! registers), so clearing it clobbers nothing else. A closure or a
//! pointer keeps its own reference: clearing the register frees only what
//! nothing else refers to.

use std::collections::{HashMap, HashSet};

use super::escape::{declared_by, for_each_child_stmt, stmt_locals};
use crate::info::{Info, VarId};
use crate::types::Type;
use minigo_parser::ast::{self, Stmt, StmtKind};

/// For each top-level statement of `body`, the variables to clear after
/// it (module docs). `params` are the function's parameters (receiver
/// included); `keep` the variables never cleared (named results).
pub fn clear_plan(
    info: &Info,
    body: &ast::Block,
    params: &[VarId],
    keep: &[VarId],
) -> Vec<Vec<VarId>> {
    let n = body.stmts.len();
    let mut plan = vec![Vec::new(); n];
    if n < 2 || body.stmts.iter().any(has_label) {
        return plan;
    }
    // The last statement that still holds a loop.
    let Some(last_loop) = body.stmts.iter().rposition(has_loop) else {
        return plan;
    };
    let mut candidates: HashSet<VarId> = params.iter().copied().collect();
    for s in &body.stmts {
        declared_by(info, s, &mut candidates);
    }
    candidates.retain(|v| !keep.contains(v) && refers_to_memory(info, *v));
    if candidates.is_empty() {
        return plan;
    }
    let mut last: HashMap<VarId, usize> = HashMap::new();
    for (i, s) in body.stmts.iter().enumerate().take(last_loop) {
        for v in stmt_locals(info, s) {
            if candidates.contains(&v) {
                last.insert(v, i);
            }
        }
    }
    // A variable used by the last loop statement or after it stays.
    for s in &body.stmts[last_loop..] {
        for v in stmt_locals(info, s) {
            last.remove(&v);
        }
    }
    for (v, i) in last {
        plan[i].push(v);
    }
    for p in &mut plan {
        p.sort_by_key(|v| v.0);
    }
    plan
}

fn refers_to_memory(info: &Info, v: VarId) -> bool {
    let var = info.var(v);
    if var.global {
        return false;
    }
    match info.types.under(var.ty) {
        Type::Pointer(_)
        | Type::Slice(_)
        | Type::Map(..)
        | Type::Chan(..)
        | Type::Func(_)
        | Type::Interface(_) => true,
        Type::Basic(b) => b.is_string(),
        _ => false,
    }
}

fn has_loop(s: &Stmt) -> bool {
    if matches!(s.kind, StmtKind::For { .. } | StmtKind::Range { .. }) {
        return true;
    }
    let mut found = false;
    for_each_child_stmt(s, &mut |c| found = found || has_loop(c));
    found
}

fn has_label(s: &Stmt) -> bool {
    if matches!(s.kind, StmtKind::Labeled { .. } | StmtKind::Goto(_)) {
        return true;
    }
    let mut found = false;
    for_each_child_stmt(s, &mut |c| found = found || has_label(c));
    found
}

#[cfg(test)]
mod tests {
    use crate::bytecode::Op;

    /// Whether `main` (the body given) clears register 0, the register of
    /// its first local, with a `LoadInt r0 0` of its own.
    fn clears_r0(body: &str) -> bool {
        let src = format!("package main\n\nfunc main() {{\n{body}\n}}\n");
        let image = match crate::driver::build_here("main.go", src.as_bytes()) {
            Ok((_, image)) => image,
            Err(e) => panic!("build failed: {:?}", e.diags),
        };
        let main = image.protos.iter().find(|p| p.name == "main.main").unwrap();
        main.code
            .iter()
            .any(|op| matches!(op, Op::LoadInt { a: 0, v: 0 }))
    }

    const LOOP: &str = "n := 0\nfor i := 0; i < 10; i++ { n += i }\nprintln(n)";

    #[test]
    fn a_local_dead_before_a_loop_is_cleared() {
        assert!(clears_r0(&format!(
            "big := make([]int, 10)\ns := 0\nfor _, v := range big {{ s += v }}\nprintln(s)\n{LOOP}"
        )));
        // A pointer, a map, a string and an interface too.
        for decl in [
            "big := new([64]int)\nprintln(big[0])",
            "big := map[int]int{1: 2}\nprintln(big[1])",
            "big := string(make([]byte, 10))\nprintln(len(big))",
            "var big any = make([]int, 10)\nprintln(big != nil)",
        ] {
            assert!(clears_r0(&format!("{decl}\n{LOOP}")), "{decl}");
        }
    }

    #[test]
    fn a_local_still_used_or_not_a_reference_is_kept() {
        // Used after the loop.
        assert!(!clears_r0(&format!(
            "big := make([]int, 10)\nprintln(len(big))\n{LOOP}\nprintln(len(big))"
        )));
        // Used in the loop statement itself.
        assert!(!clears_r0(
            "big := make([]int, 10)\nn := 0\nfor i := 0; i < 10; i++ { n += big[i] }\nprintln(n)"
        ));
        // No loop after the last use.
        assert!(!clears_r0(
            "big := make([]int, 10)\nprintln(len(big))\nprintln(1)"
        ));
        // A label anywhere: a goto could run the statements again.
        assert!(!clears_r0(&format!(
            "big := make([]int, 10)\nprintln(len(big))\n{LOOP}\nL:\nif false {{ goto L }}"
        )));
        // Captured and written by a closure: a cell, kept.
        assert!(!clears_r0(&format!(
            "big := make([]int, 10)\nf := func() {{ big = append(big, 1) }}\nf()\n{LOOP}"
        )));
        // Not a reference: an int is never cleared.
        assert!(!clears_r0(&format!("k := 5\nprintln(k)\n{LOOP}")));
    }
}
