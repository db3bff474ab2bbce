//! The disassembler: a readable listing of an [`Image`], one line per
//! instruction with its source line. Used by `minigo disasm` and by the
//! bytecode snapshot tests.

use crate::bytecode::{Image, Op};
use std::fmt::Write;

/// Lists the protos of `image` that belong to the user's program (those
/// whose file is `file`), plus the entry.
pub fn disassemble(image: &Image, file: &str) -> String {
    let mut out = String::new();
    for p in &image.protos {
        if p.file != file && !(p.file.is_empty() && p.name.starts_with("main.")) {
            continue;
        }
        let _ = writeln!(
            out,
            "func {} (params={} results={} captures={} regs={})",
            p.name, p.nparams, p.nresults, p.ncaptures, p.nregs
        );
        for (pc, op) in p.code.iter().enumerate() {
            let line = p.lines.get(pc).copied().unwrap_or(0);
            let _ = writeln!(out, "  {pc:04}  L{line:<4} {}", show(image, op, pc));
        }
        if let Some(r) = p.recover_pc {
            let _ = writeln!(out, "  recover at {r:04}");
        }
        out.push('\n');
    }
    out
}

/// One instruction, with jump targets resolved and names spelled out.
fn show(image: &Image, op: &Op, pc: usize) -> String {
    let target = |off: i32| (pc as i64 + 1 + off as i64) as usize;
    match *op {
        Op::Jmp { off } => format!("Jmp -> {:04}", target(off)),
        Op::JmpIf { a, off } => format!("JmpIf r{a} -> {:04}", target(off)),
        Op::JmpIfNot { a, off } => format!("JmpIfNot r{a} -> {:04}", target(off)),
        Op::JmpLt { a, b, off } => format!("JmpLt r{a} r{b} -> {:04}", target(off as i32)),
        Op::JmpLe { a, b, off } => format!("JmpLe r{a} r{b} -> {:04}", target(off as i32)),
        Op::JmpEq { a, b, off } => format!("JmpEq r{a} r{b} -> {:04}", target(off as i32)),
        Op::JmpNe { a, b, off } => format!("JmpNe r{a} r{b} -> {:04}", target(off as i32)),
        Op::JmpLtK { a, k, off } => format!("JmpLtK r{a} {k} -> {:04}", target(off as i32)),
        Op::JmpLeK { a, k, off } => format!("JmpLeK r{a} {k} -> {:04}", target(off as i32)),
        Op::JmpGtK { a, k, off } => format!("JmpGtK r{a} {k} -> {:04}", target(off as i32)),
        Op::JmpGeK { a, k, off } => format!("JmpGeK r{a} {k} -> {:04}", target(off as i32)),
        Op::JmpEqK { a, k, off } => format!("JmpEqK r{a} {k} -> {:04}", target(off as i32)),
        Op::JmpNeK { a, k, off } => format!("JmpNeK r{a} {k} -> {:04}", target(off as i32)),
        Op::Call { a, f } => format!(
            "Call r{a} {}",
            image
                .protos
                .get(f as usize)
                .map_or("?", |p| p.name.as_str())
        ),
        Op::CallNative { a, f, n } => format!(
            "CallNative r{a} {} n={n}",
            image.natives.get(f as usize).map_or("?", |s| s.as_str())
        ),
        Op::CallIface { a, m } => format!(
            "CallIface r{a} .{}",
            image
                .method_names
                .get(m as usize)
                .map_or("?", |s| s.as_str())
        ),
        Op::LoadFunc { a, f } => format!(
            "LoadFunc r{a} {}",
            image
                .protos
                .get(f as usize)
                .map_or("?", |p| p.name.as_str())
        ),
        Op::MakeClosure { a, f, b } => format!(
            "MakeClosure r{a} {} captures r{b}..",
            image
                .protos
                .get(f as usize)
                .map_or("?", |p| p.name.as_str())
        ),
        other => name_types(image, &format!("{other:?}")),
    }
}

/// Replaces `t: N` (a runtime type index) by the type's name, so listings
/// do not change when unrelated types are added to the image.
fn name_types(image: &Image, s: &str) -> String {
    let Some(at) = s.find("t: ") else {
        return s.to_string();
    };
    let digits: String = s[at + 3..]
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    let Ok(t) = digits.parse::<usize>() else {
        return s.to_string();
    };
    match image.rtypes.get(t) {
        Some(rt) => format!("{}t: {}{}", &s[..at], rt.name, &s[at + 3 + digits.len()..]),
        None => s.to_string(),
    }
}
