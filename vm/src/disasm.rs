//! The disassembler: a readable listing of an [`Image`], one line per
//! instruction with its source line. Used by `minigo disasm` and by the
//! bytecode snapshot tests.

use crate::bytecode::{Image, Op, Operand, Proto, Window};
use std::fmt::Write;

/// Lists the protos of `image` that belong to the user's program (those
/// whose file is `file`), plus the entry.
pub fn disassemble(image: &Image, file: &str) -> String {
    let mut out = String::new();
    // Protos name their files as the compiler made them absolute.
    let file = crate::compile::absolute_file(file);
    for p in &image.protos {
        if p.file != file && !(p.file.is_empty() && p.name.starts_with("main.")) {
            continue;
        }
        // A generic function has no code of its own (its instances do).
        if p.code.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "func {} (params={} results={} captures={} regs={})",
            p.name, p.nparams, p.nresults, p.ncaptures, p.nregs
        );
        for (pc, op) in p.code.iter().enumerate() {
            let line = p.lines.get(pc).copied().unwrap_or(0);
            let _ = writeln!(out, "  {pc:04}  L{line:<4} {}", show(image, p, op, pc));
        }
        if let Some(r) = p.recover_pc {
            let _ = writeln!(out, "  recover at {r:04}");
        }
        out.push('\n');
    }
    out
}

/// One instruction: its name, then each operand as its kind reads best
/// (registers `rN`, windows `rN..rM`, jump targets, names of protos,
/// natives, methods and types).
fn show(image: &Image, p: &Proto, op: &Op, pc: usize) -> String {
    let mut s = op.name().to_string();
    for (name, o) in op.operands().iter() {
        s.push(' ');
        let _ = match o {
            Operand::Reg(r, w) => {
                let n = match w {
                    Window::Fixed(n) => n,
                    Window::Captures(f) => image
                        .protos
                        .get(f as usize)
                        .map_or(0, |p| p.ncaptures as usize),
                    Window::Assert(d) => p
                        .asserts
                        .get(d as usize)
                        .map_or(1, |a| 1 + a.comma_ok as usize),
                };
                match n {
                    0 => write!(s, "()"),
                    1 => write!(s, "r{r}"),
                    n => write!(s, "r{r}..r{}", r as usize + n - 1),
                }
            }
            Operand::Imm(v) => write!(s, "{name}={v}"),
            Operand::Const(k) => match (p.str_consts.get(k as usize), p.consts.get(k as usize)) {
                (Some(true), Some(&w)) => write!(
                    s,
                    "K{k}={:?}",
                    String::from_utf8_lossy(crate::heap::str_bytes(w))
                ),
                _ => write!(s, "K{k}"),
            },
            Operand::Global(g) => write!(s, "G{g}"),
            Operand::Proto(f) => write!(
                s,
                "{}",
                image
                    .protos
                    .get(f as usize)
                    .map_or("?", |p| p.name.as_str())
            ),
            Operand::Native(f) => write!(
                s,
                "{}",
                image.natives.get(f as usize).map_or("?", |n| n.as_str())
            ),
            Operand::Method(m) => write!(
                s,
                ".{}",
                image
                    .method_names
                    .get(m as usize)
                    .map_or("?", |n| n.as_str())
            ),
            Operand::Type(t) => write!(s, "{}", type_name(image, t)),
            Operand::Assert(d) => match p.asserts.get(d as usize) {
                Some(a) => write!(
                    s,
                    "{}{}",
                    type_name(image, a.target),
                    if a.comma_ok { " ok" } else { "" }
                ),
                None => write!(s, "assert{d}"),
            },
            Operand::Select(d) => match p.selects.get(d as usize) {
                Some(sel) => write!(
                    s,
                    "cases={}{}",
                    sel.cases.len(),
                    if sel.has_default { " default" } else { "" }
                ),
                None => write!(s, "select{d}"),
            },
            Operand::Jump(off) => write!(s, "-> {:04}", pc as i64 + 1 + off as i64),
        };
    }
    s
}

/// A type's name, so listings do not change when unrelated types are
/// added to the image.
fn type_name(image: &Image, t: u32) -> &str {
    image
        .rtypes
        .get(t as usize)
        .map_or("?", |rt| rt.name.as_str())
}
