//! Robustness of the front end on bad input (SPEC: "Never a Rust panic
//! message, a hang, or a silent wrong answer on bad input").
//!
//! Every `testdata/**/*.go` program is cut off at many points and mutated
//! deterministically (a tiny xorshift RNG: byte noise, Go tokens inserted,
//! lines deleted, duplicated or swapped), and each variant goes through the
//! whole front end: `program::load`, `check::check`, `compile::compile`.
//! Each of them may return an error, but must not panic, must not overflow
//! its stack and must finish in time. A program that imports more than
//! [`STD_BYTES_BUDGET`] of standard-library source gets proportionally
//! fewer cases: each case re-checks its imports, which no mutation touches.
//!
//! Every case runs under `catch_unwind` on its own thread with a 16 MiB
//! stack whose NAME describes the case, so that if it overflows its stack
//! (which aborts the whole test process) Rust's message
//! `thread '<name>' has overflowed its stack` says which input it was.
//! Panics and hangs are collected and reported together, grouped by panic
//! message; for each group the smallest failing input is shrunk further by
//! deleting lines and written to `target/robust-failures/` as a reproducer
//! (`minigo run` on it shows the bug).
//!
//! The cases are fixed (the RNG is seeded per file from its name), so a
//! failure reproduces on every run. `MINIGO_ROBUST_SCALE=N` runs about N
//! times as many (different) cases, for a longer bug hunt.
//!
//! Also here: hand-made nasty inputs (deep nesting, long chains, cyclic
//! declarations, huge constants) and valid long flat chains that gc builds.

use std::collections::BTreeMap;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

/// Stack of the thread each case runs on: the one `driver::build` gives the
/// front end (deep but legal programs need it; a real overflow still
/// aborts the test and names the case).
const STACK: usize = minigo_vm::driver::FRONT_END_STACK;
/// A case that takes longer than this is reported as a hang.
const CASE_TIMEOUT: Duration = Duration::from_secs(10);
/// Truncation points per file (evenly spaced), plus a few random ones.
const CUTS: usize = 6;
const RANDOM_CUTS: usize = 1;
/// Mutated variants per file.
const MUTANTS: usize = 7;

/// `MINIGO_ROBUST_SCALE=N` multiplies the random cuts and the mutants (and
/// changes the seeds) for a longer bug hunt; the default 1 keeps the test
/// at a few seconds.
fn scale() -> usize {
    std::env::var("MINIGO_ROBUST_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
        .max(1)
}

/// Seed text for a file's RNG (the scale is part of it, so a deeper run
/// explores new cases).
fn seed(what: &str, file: &str) -> String {
    match scale() {
        1 => format!("{what} {file}"),
        n => format!("{what} {file} x{n}"),
    }
}

/// xorshift64*: tiny, deterministic, good enough for picking positions.
struct Rng(u64);

impl Rng {
    fn new(seed: &str) -> Rng {
        // FNV-1a of the seed text; never zero.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in seed.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        Rng(h | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// Uniform-ish in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Snippets that steer the parser and checker into unusual corners.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    ";",
    ",",
    ".",
    ":",
    ":=",
    "=",
    "+",
    "-",
    "*",
    "/",
    "%",
    "<-",
    "->",
    "...",
    "&",
    "&^",
    "|",
    "^",
    "<<",
    ">>",
    "==",
    "!",
    "&&",
    "||",
    "++",
    "--",
    "\n",
    " ",
    "\"",
    "'",
    "`",
    "/*",
    "//",
    "0",
    "1e400",
    "0x",
    "0b2",
    "1_",
    "'\\",
    "\"\\x",
    "'ab'",
    "\t",
    "func",
    "func()",
    "go",
    "go f()",
    "defer",
    "chan",
    "chan<-",
    "<-chan",
    "select",
    "select {}",
    "case",
    "default:",
    "switch",
    "fallthrough",
    "type",
    "type T",
    "interface{",
    "interface{}",
    "struct{",
    "struct{}",
    "map[",
    "map[int]",
    "[]",
    "[...]",
    "[-1]",
    "*",
    "nil",
    "iota",
    "range",
    "for",
    "if",
    "else",
    "return",
    "break",
    "continue",
    "goto",
    "var",
    "const",
    "import",
    "package",
    "x",
    "_",
    "main",
    "init",
    "len",
    "cap",
    "make",
    "new",
    "append",
    "copy",
    "delete",
    "panic",
    "recover",
    "print",
    "close",
    "min",
    "max",
    "clear",
    "any",
    "error",
    "string",
    "int",
    "int8",
    "uint64",
    "float64",
    "rune",
    "byte",
    "bool",
    "true",
    "false",
    "fmt.",
    "fmt.Println",
    "sync.",
    "time.",
    "os.",
    "\u{e9}",
    "\u{feff}",
    "\u{2028}",
];

/// One test input.
struct Case {
    /// Human-readable description (also the thread name).
    label: String,
    bytes: Vec<u8>,
}

/// How a case went wrong.
#[derive(Debug)]
enum Failure {
    Panic(String),
    Hang,
}

/// How far a case got through the front end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    /// `program::load` rejected it (bad UTF-8, syntax error, bad import).
    LoadError,
    /// `check::check` rejected it.
    CheckError,
    /// `compile::compile` rejected it.
    CompileError,
    /// Compiled.
    Compiled,
}

/// Runs the whole front end on `bytes`; errors are fine, panics are not.
fn front_end(name: &str, bytes: &[u8]) -> Stage {
    let Ok(prog) = minigo_vm::program::load(name, bytes) else {
        return Stage::LoadError;
    };
    let Ok(info) = minigo_vm::check::check(&prog) else {
        return Stage::CheckError;
    };
    match minigo_vm::compile::compile(&prog, &info) {
        Ok(_) => Stage::Compiled,
        Err(_) => Stage::CompileError,
    }
}

/// Runs one case on a fresh big-stack thread: how far it got, or how it failed.
fn run_case(name: &str, label: &str, bytes: &[u8]) -> Result<Stage, Failure> {
    let name = name.to_string();
    let bytes = bytes.to_vec();
    run_guarded(label, CASE_TIMEOUT, move || front_end(&name, &bytes))
}

/// Runs `work` under `catch_unwind` on a thread named after `label` with a
/// [`STACK`]-sized stack; a `work` still running after `timeout` is a hang.
fn run_guarded(
    label: &str,
    timeout: Duration,
    work: impl FnOnce() -> Stage + Send + 'static,
) -> Result<Stage, Failure> {
    let (tx, rx) = mpsc::channel();
    let handle = thread::Builder::new()
        .name(format!("robust {label}"))
        .stack_size(STACK)
        .spawn(move || {
            let r = panic::catch_unwind(AssertUnwindSafe(work));
            let _ = tx.send(r.map_err(|e| panic_text(&*e)));
        })
        .expect("spawn case thread");
    match rx.recv_timeout(timeout) {
        Ok(r) => {
            let _ = handle.join();
            r.map_err(Failure::Panic)
        }
        // Still running: leave the thread behind (it cannot be killed).
        Err(mpsc::RecvTimeoutError::Timeout) => Err(Failure::Hang),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            Err(Failure::Panic("case thread died".to_string()))
        }
    }
}

fn panic_text(e: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = e.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = e.downcast_ref::<String>() {
        s.clone()
    } else {
        "non-string panic payload".to_string()
    }
}

/// All `.go` files under `testdata/`, sorted.
fn corpus() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("read testdata")
            .map(|e| e.expect("dir entry").path())
            .collect();
        entries.sort();
        for p in entries {
            // testdata/race: programs for `-race` (vm/tests/race.rs).
            if p.is_dir() && !p.ends_with("race") {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "go") {
                out.push(p);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata");
    let mut out = Vec::new();
    walk(&root, &mut out);
    assert!(out.len() > 50, "testdata corpus not found at {root:?}");
    out
}

fn rel(path: &Path) -> String {
    let s = path.to_string_lossy();
    match s.find("testdata/") {
        Some(i) => s[i..].to_string(),
        None => s.into_owned(),
    }
}

/// Truncations: evenly spaced cut points plus a few random ones; each cut
/// is also tried at the start of its line with the open brackets closed, so
/// that many partial programs get past the parser to the checker.
fn truncations(file: &str, src: &[u8]) -> Vec<Case> {
    let mut rng = Rng::new(&seed("cut", file));
    let mut cuts: Vec<usize> = (0..CUTS).map(|k| src.len() * k / CUTS).collect();
    cuts.extend((0..RANDOM_CUTS * scale()).map(|_| rng.below(src.len().max(1))));
    cuts.sort_unstable();
    cuts.dedup();
    let mut out = Vec::new();
    for at in cuts {
        out.push(Case {
            label: format!("{file} truncated at byte {at}"),
            bytes: src[..at].to_vec(),
        });
        let line_start = src[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let mut closed = src[..line_start].to_vec();
        closed.extend(closers(&closed));
        out.push(Case {
            label: format!("{file} truncated at byte {line_start}, brackets closed"),
            bytes: closed,
        });
    }
    out
}

/// The closing brackets for the unclosed `(`, `[`, `{` of `src` (naively:
/// strings, runes and comments are skipped roughly), one per line.
fn closers(src: &[u8]) -> Vec<u8> {
    let mut stack = Vec::new();
    let mut i = 0;
    while i < src.len() {
        match src[i] {
            b'/' if src.get(i + 1) == Some(&b'/') => {
                while i < src.len() && src[i] != b'\n' {
                    i += 1;
                }
            }
            q @ (b'"' | b'\'' | b'`') => {
                i += 1;
                while i < src.len() && src[i] != q {
                    if src[i] == b'\\' && q != b'`' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'(' => stack.push(b')'),
            b'[' => stack.push(b']'),
            b'{' => stack.push(b'}'),
            b')' | b']' | b'}' => {
                stack.pop();
            }
            _ => {}
        }
        i += 1;
    }
    let mut out = Vec::new();
    for c in stack.into_iter().rev() {
        out.push(c);
        out.push(b'\n');
    }
    out
}

/// Line boundaries: (start, end including the newline).
fn lines(src: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &b) in src.iter().enumerate() {
        if b == b'\n' {
            out.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < src.len() {
        out.push((start, src.len()));
    }
    out
}

/// Applies one random edit to `buf`, returning a short description.
fn mutate_once(rng: &mut Rng, buf: &mut Vec<u8>) -> String {
    let len = buf.len();
    let at = rng.below(len + 1);
    match rng.below(11) {
        0 if len > 0 => {
            let at = at.min(len - 1);
            // Mostly ASCII punctuation/letters; sometimes a raw high byte.
            let b = if rng.below(8) == 0 {
                0x80 | rng.below(0x80) as u8
            } else {
                b"{}()[];,.:=+-*/<>!&|^\"'`\n 09ax_"[rng.below(31)]
            };
            buf[at] = b;
            format!("byte {at} := {b:#04x}")
        }
        1 if len > 0 => {
            let at = at.min(len - 1);
            let n = 1 + rng.below(8).min(len - at - 1);
            buf.drain(at..at + n);
            format!("delete {n} bytes at {at}")
        }
        2 | 3 => {
            let tok = TOKENS[rng.below(TOKENS.len())];
            buf.splice(at..at, tok.bytes());
            format!("insert {tok:?} at {at}")
        }
        4 => {
            let ls = lines(buf);
            if ls.is_empty() {
                return "nothing".to_string();
            }
            let (s, e) = ls[rng.below(ls.len())];
            buf.drain(s..e);
            format!("delete line at byte {s}")
        }
        5 => {
            let ls = lines(buf);
            if ls.is_empty() {
                return "nothing".to_string();
            }
            let (s, e) = ls[rng.below(ls.len())];
            let line = buf[s..e].to_vec();
            let (t, _) = ls[rng.below(ls.len())];
            buf.splice(t..t, line);
            format!("copy line at byte {s} to byte {t}")
        }
        6 => {
            let ls = lines(buf);
            if ls.len() < 2 {
                return "nothing".to_string();
            }
            let i = rng.below(ls.len() - 1);
            let (a0, a1) = ls[i];
            let (b0, b1) = ls[i + 1];
            let mut swapped = buf[b0..b1].to_vec();
            if !swapped.ends_with(b"\n") {
                swapped.push(b'\n');
            }
            swapped.extend_from_slice(&buf[a0..a1]);
            buf.splice(a0..b1, swapped);
            format!("swap lines at bytes {a0} and {b0}")
        }
        7..=9 => {
            // Replace a word with another word of the program: keeps the
            // syntax valid more often, so the checker gets to see it.
            let words = words(buf);
            if words.len() < 2 {
                return "nothing".to_string();
            }
            let (s, e) = words[rng.below(words.len())];
            let (t0, t1) = words[rng.below(words.len())];
            let w = buf[t0..t1].to_vec();
            let shown = String::from_utf8_lossy(&w).into_owned();
            buf.splice(s..e, w);
            format!("replace word at {s} with {shown:?}")
        }
        _ => {
            // Replace an identifier-ish word with another token.
            let tok = TOKENS[rng.below(TOKENS.len())];
            let mut s = at.min(len);
            while s > 0 && buf[s - 1].is_ascii_alphanumeric() {
                s -= 1;
            }
            let mut e = at.min(len);
            while e < len && buf[e].is_ascii_alphanumeric() {
                e += 1;
            }
            buf.splice(s..e, tok.bytes());
            format!("replace word at {s} with {tok:?}")
        }
    }
}

/// Spans of the ASCII words (identifiers, keywords, numbers) of `buf`.
fn words(buf: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < buf.len() {
        if buf[i].is_ascii_alphanumeric() || buf[i] == b'_' {
            let s = i;
            while i < buf.len() && (buf[i].is_ascii_alphanumeric() || buf[i] == b'_') {
                i += 1;
            }
            out.push((s, i));
        } else {
            i += 1;
        }
    }
    out
}

/// Mutants: 1 to 4 random edits each.
fn mutants(file: &str, src: &[u8]) -> Vec<Case> {
    let mut rng = Rng::new(&seed("mutate", file));
    (0..MUTANTS * scale())
        .map(|i| {
            let mut buf = src.to_vec();
            let edits: Vec<String> = (0..1 + rng.below(4))
                .map(|_| mutate_once(&mut rng, &mut buf))
                .collect();
            Case {
                label: format!("{file} mutant {i} ({})", edits.join("; ")),
                bytes: buf,
            }
        })
        .collect()
}

/// Bytes of standard-library source the intact `src` imports (0 if it
/// does not load): what each of its cases spends re-checking code that no
/// mutation touches.
fn std_bytes(name: &str, src: &[u8]) -> usize {
    match minigo_vm::program::load(name, src) {
        Ok(prog) => prog
            .packages
            .iter()
            .filter(|p| p.path != "main")
            .flat_map(|p| &p.files)
            .map(|f| f.src.len())
            .sum(),
        Err(_) => 0,
    }
}

/// A case of a program that imports more than this many bytes of the
/// standard library costs more than the program's own code: such programs
/// get proportionally fewer cases (evenly spaced, so still deterministic),
/// so that a program importing net/http does not cost ten of fmt.
const STD_BYTES_BUDGET: usize = 40_000;

fn thin_out(cases: Vec<Case>, std_bytes: usize) -> Vec<Case> {
    if std_bytes <= STD_BYTES_BUDGET {
        return cases;
    }
    let keep = (cases.len() * STD_BYTES_BUDGET).div_ceil(std_bytes).max(1);
    let n = cases.len();
    cases
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i * keep / n != (i + 1) * keep / n)
        .map(|(_, c)| c)
        .collect()
}

/// Shrinks a failing input by deleting lines, then single bytes, while it
/// still fails the same way (same kind; same panic message for panics).
fn minimize(name: &str, bytes: &[u8], failure: &Failure) -> Vec<u8> {
    let same = |b: &[u8]| match (run_case(name, "minimizing", b), failure) {
        (Err(Failure::Panic(m)), Failure::Panic(want)) => &m == want,
        (Err(Failure::Hang), Failure::Hang) => true,
        _ => false,
    };
    if matches!(failure, Failure::Hang) {
        return bytes.to_vec(); // every try would cost CASE_TIMEOUT
    }
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut cur = bytes.to_vec();
    let mut progress = true;
    while progress && Instant::now() < deadline {
        progress = false;
        let ls = lines(&cur);
        for &(s, e) in ls.iter().rev() {
            let mut t = cur.clone();
            t.drain(s..e);
            if same(&t) {
                cur = t;
                progress = true;
                break;
            }
        }
    }
    cur
}

/// A case that failed: file name, case label, how, and the input.
type Failed = (String, String, Failure, Vec<u8>);

/// Runs every case of every corpus file; panics with a report if any failed.
fn run_all(kind: &str, make: fn(&str, &[u8]) -> Vec<Case>) {
    let start = Instant::now();
    let failures: Mutex<Vec<Failed>> = Mutex::new(Vec::new());
    let stages: Mutex<BTreeMap<Stage, usize>> = Mutex::new(BTreeMap::new());
    let files = corpus();
    let mut total = 0;
    let mut cases_by_file = Vec::new();
    for path in &files {
        let src = std::fs::read(path).expect("read corpus file");
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let cases = thin_out(make(&rel(path), &src), std_bytes(&name, &src));
        total += cases.len();
        cases_by_file.push((name, cases));
    }
    // A few workers share the files (each case still gets its own thread).
    let next = Mutex::new(cases_by_file.into_iter());
    let workers = thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(8);
    thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let Some((name, cases)) = next.lock().unwrap().next() else {
                    break;
                };
                for case in cases {
                    match run_case(&name, &case.label, &case.bytes) {
                        Ok(stage) => *stages.lock().unwrap().entry(stage).or_insert(0) += 1,
                        Err(f) => {
                            failures
                                .lock()
                                .unwrap()
                                .push((name.clone(), case.label, f, case.bytes))
                        }
                    }
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap();
    let stages = stages.into_inner().unwrap();
    eprintln!(
        "robust {kind}: {total} cases from {} files in {:.1?}, {} failed; verdicts: {stages:?}",
        files.len(),
        start.elapsed(),
        failures.len()
    );
    // The test is only worth something if many variants get past the
    // parser (every plain truncation fails to parse; the closed ones do not).
    let deep = stages
        .iter()
        .filter(|(s, _)| **s > Stage::LoadError)
        .map(|(_, n)| n)
        .sum::<usize>();
    assert!(
        deep * 5 >= total,
        "only {deep} of {total} {kind} cases reached the checker: the corpus or the mutations are broken"
    );
    if failures.is_empty() {
        return;
    }
    failures.sort_by(|a, b| a.1.cmp(&b.1));
    // Group by failure message so one bug is reported once, with the
    // smallest reproducer found.
    let mut groups: BTreeMap<String, Vec<(String, String, Vec<u8>)>> = BTreeMap::new();
    let mut kinds: BTreeMap<String, Failure> = BTreeMap::new();
    for (name, label, f, bytes) in failures {
        let key = match &f {
            Failure::Panic(m) => format!("panic: {m}"),
            Failure::Hang => format!("hang (> {CASE_TIMEOUT:?})"),
        };
        groups
            .entry(key.clone())
            .or_default()
            .push((name, label, bytes));
        kinds.entry(key).or_insert(f);
    }
    let outdir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/robust-failures");
    let _ = std::fs::create_dir_all(&outdir);
    let mut report = format!(
        "{} distinct front-end failures on bad input ({kind}); reproducers in {}:\n",
        groups.len(),
        outdir.display()
    );
    for (i, (key, cases)) in groups.iter().enumerate() {
        let (name, label, bytes) = cases
            .iter()
            .min_by_key(|c| c.2.len())
            .expect("non-empty group");
        let small = minimize(name, bytes, &kinds[key]);
        let repro = outdir.join(format!("{kind}-{i}-{name}"));
        let _ = std::fs::write(&repro, &small);
        report.push_str(&format!(
            "\n[{i}] {key}\n    {} case(s), e.g. {label}\n    minimized ({} bytes): {}\n",
            cases.len(),
            small.len(),
            repro.display()
        ));
        let shown = String::from_utf8_lossy(&small);
        if shown.len() <= 600 {
            for l in shown.lines() {
                report.push_str(&format!("    | {l}\n"));
            }
        }
    }
    panic!("{report}");
}

#[test]
fn truncated_programs_do_not_crash_the_front_end() {
    run_all("truncated", truncations);
}

#[test]
fn mutated_programs_do_not_crash_the_front_end() {
    run_all("mutated", mutants);
}

/// Inputs nested `depth` deep (or chains `depth` long) in many ways.
fn nested_cases(depth: usize) -> Vec<(String, String)> {
    let d = depth;
    let wrap = |body: String| format!("package main\n\nfunc main() {{\n{body}\n}}\n");
    let cases = [
        (
            "parens",
            wrap(format!("x := {}1{}\n_ = x", "(".repeat(d), ")".repeat(d))),
        ),
        ("unclosed parens", wrap(format!("x := {}1", "(".repeat(d)))),
        (
            "blocks",
            wrap(format!("{}{}", "{".repeat(d), "}".repeat(d))),
        ),
        ("unclosed blocks", wrap("{".repeat(d))),
        (
            "binary chain",
            wrap(format!("x := 1{}\n_ = x", "+1".repeat(d))),
        ),
        (
            "string concat chain",
            wrap(format!("x := \"a\"{}\nprintln(x)", "+\"b\"".repeat(d))),
        ),
        (
            "right-nested binary",
            wrap(format!(
                "x := {}1{}\n_ = x",
                "1+(".repeat(d / 2),
                ")".repeat(d / 2)
            )),
        ),
        (
            "unary chain",
            wrap(format!("x := {}1\n_ = x", "^".repeat(d))),
        ),
        (
            "not chain",
            wrap(format!("x := {}true\n_ = x", "!".repeat(d))),
        ),
        (
            "slice type",
            wrap(format!("var x {}int\n_ = x", "[]".repeat(d))),
        ),
        (
            "pointer type",
            wrap(format!("var x {}int\n_ = x", "*".repeat(d))),
        ),
        (
            "map type",
            wrap(format!("var x {}int\n_ = x", "map[int]".repeat(d / 2))),
        ),
        (
            "chan type",
            wrap(format!("var x {}int\n_ = x", "chan ".repeat(d / 2))),
        ),
        (
            "func type",
            wrap(format!("var x {}\n_ = x", "func() ".repeat(d / 2))),
        ),
        (
            "func literals",
            wrap(format!(
                "{}{}",
                "func() {\n".repeat(d / 2),
                "}()\n".repeat(d / 2)
            )),
        ),
        (
            "if chain",
            wrap(format!(
                "x := 0\n{}x++{}",
                "if x < 1 {\n".repeat(d / 2),
                "\n}".repeat(d / 2)
            )),
        ),
        (
            "else if chain",
            wrap(format!(
                "x := 0\nif x == 0 {{\n}}{} else {{\n}}",
                (1..d)
                    .map(|i| format!(" else if x == {i} {{\n}}"))
                    .collect::<String>()
            )),
        ),
        (
            "for nest",
            wrap(format!(
                "{}{}",
                "for {\nbreak\n".repeat(d / 2),
                "}\n".repeat(d / 2)
            )),
        ),
        (
            "selector chain",
            wrap(format!("x := 1\n_ = x{}", ".y".repeat(d))),
        ),
        (
            "index chain",
            wrap(format!("x := []int{{1}}\n_ = x{}", "[0]".repeat(d))),
        ),
        (
            "call chain",
            wrap(format!("f := func() {{}}\nf{}", "()".repeat(d))),
        ),
        (
            "composite literals",
            wrap(format!(
                "_ = {}{}",
                "[]any{".repeat(d / 2),
                "}".repeat(d / 2)
            )),
        ),
        (
            "struct types",
            wrap(format!(
                "var x {}int{}\n_ = x",
                "struct{ f ".repeat(d / 2),
                "}".repeat(d / 2)
            )),
        ),
        (
            "many statements",
            wrap("x := 0\n".to_string() + &"x++\n".repeat(20 * d) + "_ = x"),
        ),
        (
            "many locals",
            wrap((0..d).map(|i| format!("v{i} := {i}\n_ = v{i}\n")).collect()),
        ),
    ];
    cases
        .into_iter()
        .map(|(what, src)| (format!("{what}, depth {d}"), src))
        .collect()
}

/// Small programs that corner a checker: cycles, huge constants, odd bytes.
fn odd_cases() -> Vec<(String, String)> {
    let cases = [
        (
            "recursive array type",
            "package main\n\ntype T [1]T\n\nfunc main() {}\n",
        ),
        (
            "mutually recursive types",
            "package main\n\ntype A struct{ b B }\ntype B struct{ a [2]A }\n\nfunc main() {}\n",
        ),
        (
            "recursive constant",
            "package main\n\nconst a = b\nconst b = a\n\nfunc main() {}\n",
        ),
        (
            "recursive var init",
            "package main\n\nvar a = f()\n\nfunc f() int { return a }\n\nfunc main() {}\n",
        ),
        (
            "self-embedding interface",
            "package main\n\ntype I interface{ I }\n\nfunc main() {}\n",
        ),
        (
            "array length from itself",
            "package main\n\nvar a [len(a)]int\n\nfunc main() {}\n",
        ),
        (
            "huge constant shift",
            "package main\n\nconst c = 1 << 100000000\n\nfunc main() { println(c >> 99999990) }\n",
        ),
        (
            "huge float constant",
            "package main\n\nconst c = 1e1000000000\n\nfunc main() { println(c) }\n",
        ),
        (
            "huge array",
            "package main\n\nvar a [1 << 62]byte\n\nfunc main() { println(len(a)) }\n",
        ),
        ("empty", ""),
        ("only package", "package main"),
        ("nul byte", "package main\x00\nfunc main() {}\n"),
        ("bom", "\u{feff}package main\n\nfunc main() {}\n"),
        (
            "lone surrogate escape",
            "package main\n\nfunc main() { println(\"\\ud800\") }\n",
        ),
        (
            "unterminated raw string",
            "package main\n\nfunc main() { println(`abc",
        ),
        (
            "unterminated comment",
            "package main\n\n/* func main() {}\n",
        ),
    ];
    cases
        .into_iter()
        .map(|(what, src)| (what.to_string(), src.to_string()))
        .collect()
}

/// Hand-made nasty inputs: deep nesting and long chains, just under and far
/// over the parser's nesting limit (1000), and small pathological programs.
/// gc accepts or rejects each with an error; minigo must do one or the other
/// without panicking, overflowing a 16 MiB stack or taking long.
#[test]
fn nasty_inputs_do_not_crash_the_front_end() {
    let mut cases = nested_cases(900);
    cases.extend(nested_cases(10_000));
    cases.extend(odd_cases());
    let mut bad = Vec::new();
    for (what, src) in &cases {
        let start = Instant::now();
        match run_case("nasty.go", &format!("nasty: {what}"), src.as_bytes()) {
            Err(f) => bad.push(format!("{what}: {f:?}")),
            Ok(_) if start.elapsed() > Duration::from_secs(5) => {
                bad.push(format!("{what}: slow ({:.1?})", start.elapsed()))
            }
            Ok(stage) => eprintln!("nasty {what}: {stage:?} in {:.1?}", start.elapsed()),
        }
    }
    assert!(
        bad.is_empty(),
        "front end failed on nasty inputs:\n  {}",
        bad.join("\n  ")
    );
}

/// Programs gc compiles (it has no nesting limit for these flat shapes):
/// long `else if` chains and long left-associative `+` chains, as generated
/// code has them. minigo's parser limits nesting to protect its stack; these
/// are not deep in the source, so they must still build.
#[test]
fn long_flat_chains_build_like_gc() {
    let else_ifs: String = (1..1500)
        .map(|i| format!(" else if x == {i} {{\n\t\tprintln({i})\n\t}}"))
        .collect();
    let cases = [
        (
            "1500 else-if branches",
            format!(
                "package main\n\nfunc main() {{\n\tx := 5\n\tif x == 0 {{\n\t}}{else_ifs}\n}}\n"
            ),
        ),
        (
            "5000-term sum",
            format!(
                "package main\n\nfunc main() {{\n\tx := 1{}\n\tprintln(x)\n}}\n",
                "+1".repeat(4999)
            ),
        ),
        (
            "5000-piece string concatenation",
            format!(
                "package main\n\nfunc main() {{\n\ts := \"\"{}\n\tprintln(len(s))\n}}\n",
                "+\"ab\"".repeat(5000)
            ),
        ),
    ];
    let mut bad = Vec::new();
    for (what, src) in &cases {
        match run_case("chain.go", what, src.as_bytes()) {
            Ok(Stage::Compiled) => {}
            Ok(stage) => {
                let err = minigo_vm::driver::build("chain.go", src.as_bytes())
                    .err()
                    .map(|e| e.lines().join("; "))
                    .unwrap_or_default();
                bad.push(format!("{what}: {stage:?}: {err}"));
            }
            Err(f) => bad.push(format!("{what}: {f:?}")),
        }
    }
    assert!(
        bad.is_empty(),
        "valid Go programs (go build accepts them) do not build:\n  {}",
        bad.join("\n  ")
    );
}

/// The harness itself reports panics and hangs (a stack overflow aborts the
/// process, which cannot be tested in-process).
#[test]
fn harness_reports_panics_and_hangs() {
    match run_guarded("self-test panic", CASE_TIMEOUT, || panic!("boom {}", 42)) {
        Err(Failure::Panic(m)) => assert_eq!(m, "boom 42"),
        r => panic!("expected a panic, got {r:?}"),
    }
    let slow = || {
        thread::sleep(Duration::from_millis(500));
        Stage::Compiled
    };
    assert!(matches!(
        run_guarded("self-test hang", Duration::from_millis(20), slow),
        Err(Failure::Hang)
    ));
    assert!(matches!(
        run_case("ok.go", "self-test ok", b"package main\n\nfunc main() {}\n"),
        Ok(Stage::Compiled)
    ));
    assert!(matches!(
        run_case(
            "bad.go",
            "self-test bad",
            b"package main\n\nfunc main() {\n"
        ),
        Ok(Stage::LoadError)
    ));
}

#[test]
fn rng_is_deterministic() {
    let mut a = Rng::new("x");
    let mut b = Rng::new("x");
    let xs: Vec<u64> = (0..4).map(|_| a.next()).collect();
    let ys: Vec<u64> = (0..4).map(|_| b.next()).collect();
    assert_eq!(xs, ys);
    assert_ne!(xs[0], xs[1]);
}
