//! Reads the bytecode back from `minigo disasm PROG.go` (vm/src/disasm.rs's
//! listing): one `func NAME (params=P results=R captures=C regs=N)` line per
//! function, then one line per instruction, `PPPP  Lnn   Name operands`.
//!
//! The prototype reads the listing instead of linking `minigo-vm`, whose
//! optimised build (with MMTk and the standard library's natives) takes
//! longer than this whole experiment on a busy 2-core machine; the
//! instructions are the same. The listing prints string constants but not
//! integer ones (`JmpGeC r2 K0`): those are given with `--const K0=VALUE`.
//! Only the instructions the translator handles are decoded; the rest are
//! `Op::Other` and become deoptimisation exits.

use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bin {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
}

/// A decoded instruction; jump targets are absolute pcs.
#[derive(Clone, Debug)]
pub enum Op {
    Move {
        a: u16,
        b: u16,
    },
    LoadInt {
        a: u16,
        v: i64,
    },
    Bin {
        op: Bin,
        a: u16,
        b: u16,
        c: u16,
    },
    /// `R[a] := R[b] op k` (`AddIK`, `MulIK`, `AndIK`).
    BinK {
        op: Bin,
        a: u16,
        b: u16,
        k: i64,
    },
    DivK {
        a: u16,
        b: u16,
        k: i64,
    },
    RemK {
        a: u16,
        b: u16,
        k: i64,
    },
    /// `if R[a] cond k { goto t }` (`JmpLtK`, and `JmpLtC` with K[k]).
    JmpK {
        cond: Cond,
        a: u16,
        k: i64,
        t: usize,
    },
    /// `if R[a] cond R[b] { goto t }`.
    JmpR {
        cond: Cond,
        a: u16,
        b: u16,
        t: usize,
    },
    /// `R[a] += 1; if R[a] < k { goto t }` (`IncJmpLtK`, `IncJmpLtC`).
    IncJmpLtK {
        a: u16,
        k: i64,
        t: usize,
    },
    /// `R[a] += 1; if R[a] < R[b] { goto t }`.
    IncJmpLt {
        a: u16,
        b: u16,
        t: usize,
    },
    Jmp {
        t: usize,
    },
    /// A call of function `f` (an index into `Image::protos`, or `None`
    /// for a function not in the listing) with its window at `R[a]`.
    Call {
        a: u16,
        f: Option<u32>,
    },
    Return {
        a: u16,
        n: u16,
    },
    /// Not translated: a deoptimisation exit (the instruction's name).
    #[allow(dead_code)] // read through `Debug` only
    Other(String),
}

pub struct Proto {
    pub name: String,
    pub nparams: u16,
    pub nregs: u16,
    pub code: Vec<Op>,
    /// The listing's text of each instruction.
    pub text: Vec<String>,
}

pub struct Image {
    pub protos: Vec<Proto>,
}

fn num<T: std::str::FromStr>(s: &str) -> Result<T, String> {
    s.parse().map_err(|_| format!("bad number {s:?}"))
}

/// Parses the listing; `consts` gives integer constants by index (`K0`).
pub fn parse(listing: &str, consts: &HashMap<u32, i64>) -> Result<Image, String> {
    // First the functions' names, so that calls can name later ones.
    let names: Vec<String> = listing
        .lines()
        .filter_map(|l| l.strip_prefix("func "))
        .map(|l| l.split(" (").next().unwrap_or("").to_string())
        .collect();
    let mut protos: Vec<Proto> = Vec::new();
    for line in listing.lines() {
        if let Some(rest) = line.strip_prefix("func ") {
            let (name, hdr) = rest.split_once(" (").ok_or("bad func line")?;
            let field = |k: &str| -> Result<u16, String> {
                let v = hdr
                    .split([' ', ')'])
                    .find_map(|w| w.strip_prefix(k))
                    .ok_or(format!("no {k} in {line:?}"))?;
                num(v)
            };
            protos.push(Proto {
                name: name.to_string(),
                nparams: field("params=")?,
                nregs: field("regs=")?,
                code: Vec::new(),
                text: Vec::new(),
            });
            continue;
        }
        let ln = line.trim();
        if ln.is_empty() || ln.starts_with("recover at") {
            continue;
        }
        let p = protos.last_mut().ok_or("instruction before any func")?;
        let mut w = ln.split_whitespace();
        let _pc = w.next();
        let _line = w.next();
        let name = w.next().ok_or("no instruction name")?;
        let rest: Vec<&str> = w.collect();
        let (mut regs, mut imm, mut konst, mut target, mut others) =
            (Vec::new(), HashMap::new(), Vec::new(), None, Vec::new());
        let mut i = 0;
        while i < rest.len() {
            let tok = rest[i];
            if tok == "->" {
                target = Some(num::<usize>(rest.get(i + 1).ok_or("no jump target")?)?);
                i += 2;
                continue;
            }
            if tok == "()" {
                regs.push(0u16);
            } else if let Some(r) = tok
                .strip_prefix('r')
                .filter(|r| r.chars().next().is_some_and(|c| c.is_ascii_digit()))
            {
                let first = r.split("..").next().unwrap_or(r);
                regs.push(num::<u16>(first)?);
            } else if let Some((k, v)) = tok
                .split_once('=')
                .filter(|(k, _)| k.len() == 1 && k.chars().all(|c| c.is_ascii_lowercase()))
            {
                imm.insert(k.to_string(), num::<i64>(v)?);
            } else if let Some(k) = tok.strip_prefix('K') {
                // `K3` or `K3="string"` (strings are not decoded).
                let (idx, is_str) = match k.split_once('=') {
                    Some((idx, _)) => (idx, true),
                    None => (k, false),
                };
                let idx: u32 = num(idx)?;
                konst.push(if is_str {
                    None
                } else {
                    consts.get(&idx).copied()
                });
            } else {
                others.push(tok.to_string());
            }
            i += 1;
        }
        let r = |i: usize| regs.get(i).copied().ok_or("missing register");
        let k = || -> Result<i64, String> {
            match (imm.get("k"), konst.first()) {
                (Some(&v), _) => Ok(v),
                (None, Some(Some(v))) => Ok(*v),
                (None, Some(None)) => Err("constant not given (use --const Kn=VALUE)".into()),
                _ => Err("no constant operand".into()),
            }
        };
        let t = || target.ok_or("no jump target");
        let cond = |n: &str| match &n[..2] {
            "Lt" => Cond::Lt,
            "Le" => Cond::Le,
            "Gt" => Cond::Gt,
            "Ge" => Cond::Ge,
            "Eq" => Cond::Eq,
            _ => Cond::Ne,
        };
        let bin = |n: &str| match n {
            "AddI" | "AddIK" => Some(Bin::Add),
            "SubI" => Some(Bin::Sub),
            "MulI" | "MulIK" => Some(Bin::Mul),
            "And" | "AndIK" => Some(Bin::And),
            "Or" => Some(Bin::Or),
            "Xor" => Some(Bin::Xor),
            _ => None,
        };
        let decoded: Result<Op, String> = (|| {
            Ok(match name {
                "Move" => Op::Move { a: r(0)?, b: r(1)? },
                "LoadInt" => Op::LoadInt {
                    a: r(0)?,
                    v: *imm.get("v").ok_or("no v")?,
                },
                "AddI" | "SubI" | "MulI" | "And" | "Or" | "Xor" => Op::Bin {
                    op: bin(name).unwrap_or(Bin::Add),
                    a: r(0)?,
                    b: r(1)?,
                    c: r(2)?,
                },
                "AddIK" | "MulIK" | "AndIK" => Op::BinK {
                    op: bin(name).unwrap_or(Bin::Add),
                    a: r(0)?,
                    b: r(1)?,
                    k: k()?,
                },
                "DivIK" => Op::DivK {
                    a: r(0)?,
                    b: r(1)?,
                    k: k()?,
                },
                "RemIK" => Op::RemK {
                    a: r(0)?,
                    b: r(1)?,
                    k: k()?,
                },
                "JmpLtK" | "JmpLeK" | "JmpGtK" | "JmpGeK" | "JmpEqK" | "JmpNeK" | "JmpLtC"
                | "JmpLeC" | "JmpGtC" | "JmpGeC" => Op::JmpK {
                    cond: cond(&name[3..]),
                    a: r(0)?,
                    k: k()?,
                    t: t()?,
                },
                "JmpLt" | "JmpLe" | "JmpEq" | "JmpNe" => Op::JmpR {
                    cond: cond(&name[3..]),
                    a: r(0)?,
                    b: r(1)?,
                    t: t()?,
                },
                "IncJmpLtK" | "IncJmpLtC" => Op::IncJmpLtK {
                    a: r(0)?,
                    k: k()?,
                    t: t()?,
                },
                "IncJmpLt" => Op::IncJmpLt {
                    a: r(0)?,
                    b: r(1)?,
                    t: t()?,
                },
                "Jmp" => Op::Jmp { t: t()? },
                "Call" => Op::Call {
                    a: r(0)?,
                    f: others
                        .first()
                        .and_then(|f| names.iter().position(|n| n == f))
                        .map(|i| i as u32),
                },
                "Return" => Op::Return {
                    a: r(0)?,
                    n: *imm.get("n").ok_or("no n")? as u16,
                },
                _ => Op::Other(name.to_string()),
            })
        })();
        // An instruction whose operands this reader does not decode is a
        // deoptimisation exit too.
        p.code
            .push(decoded.unwrap_or_else(|e| Op::Other(format!("{name} ({e})"))));
        p.text.push(ln.to_string());
    }
    Ok(Image { protos })
}
