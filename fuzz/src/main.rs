//! A mutational fuzzer for minigo's front end, on stable Rust.
//!
//! Owns: making inputs (mutants of the Go programs under `testdata/`),
//! running each through the whole front end (lex, parse, check, compile:
//! `minigo_vm::driver::build`, nothing is executed), and catching what
//! must never happen there: a Rust panic, a hang, or a crash of the
//! process (a stack overflow aborts it).
//!
//! A parent process makes batches of inputs from a seeded PRNG and hands
//! each batch to a worker, a child process running this same binary,
//! which builds the inputs in order and reports each one done. A panic is
//! caught in the worker (the driver turns it into an internal error) and
//! reported with its message; a worker that dies, or stops reporting for
//! longer than the time limit, convicts the input it was on. Each finding
//! is shrunk (deleting lines, then bytes, while it still fails the same
//! way) and written to the output directory.
//!
//! There is no coverage feedback: the mutations are blind but
//! Go-shaped (tokens, splices of other programs, deep nesting), which
//! is what found the front end's past crashes.
//!
//! Invariant: a run is a function of its seed and the corpus, so any
//! finding can be replayed with `--seed` (and `--replay FILE`).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// splitmix64: small, fast, and the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Go fragments the mutator inserts: keywords, operators, literals at
/// the edges of their ranges, and the shapes of generics and iterators.
const TOKENS: &[&str] = &[
    "func",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "*",
    "&",
    "<-",
    "chan",
    "map",
    "interface",
    "struct",
    "...",
    "range",
    "go ",
    "defer ",
    "select",
    "case ",
    "default:",
    ":=",
    "=",
    ",",
    ";",
    "\n",
    "0x",
    "1e309",
    "0b1",
    "0o7",
    "'\\x00'",
    "'\\u12'",
    "\"",
    "`",
    "type ",
    "[T any]",
    "~",
    "|",
    "goto L",
    "L:",
    "fallthrough",
    "iota",
    "nil",
    "1<<63",
    "-",
    "+",
    "%",
    "&^",
    "^",
    "<<",
    ">>",
    "==",
    "!=",
    "!",
    "&&",
    "||",
    ".",
    "..",
    "_",
    "x",
    "T",
    "int",
    "string",
    "any",
    "error",
    "[...]",
    "[]",
    "[0]",
    "[-1]",
    "return",
    "break",
    "continue",
    "if ",
    "else",
    "for ",
    "switch",
    ".(type)",
    ".(int)",
    "var ",
    "const ",
    "import \"fmt\"",
    "package main",
    "new(",
    "make(",
    "append(",
    "len(",
    "cap(",
    "copy(",
    "delete(",
    "panic(",
    "recover()",
    "complex(",
    "real(",
    "min(",
    "max(",
    "clear(",
    "1.5i",
    "9223372036854775808",
    "-0",
    "0.",
    ".5",
    "'a'",
    "\"\\",
    "/*",
    "*/",
    "//",
    "\r",
    "\t",
    "\u{feff}",
    "\u{00e9}",
    "\u{2028}",
    "[P *C]",
    "[K comparable, V any]",
    "func(yield func(int) bool)",
    "for x := range f",
    "yield(",
    "label:",
    "goto label",
];

/// A mutant of a corpus program.
fn mutate(rng: &mut Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    let mut s = corpus[rng.below(corpus.len())].clone();
    let rounds = 1 + rng.below(6);
    for _ in 0..rounds {
        let n = s.len();
        let at = rng.below(n + 1);
        match rng.below(12) {
            0 | 1 => {
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                s.splice(at..at, t.iter().copied());
            }
            2 => {
                let len = rng.below(1 + (n - at).min(64));
                s.drain(at..at + len);
            }
            3 => {
                // Splice in a piece of another program.
                let other = &corpus[rng.below(corpus.len())];
                let from = rng.below(other.len() + 1);
                let len = rng.below(1 + (other.len() - from).min(200));
                s.splice(at..at, other[from..from + len].iter().copied());
            }
            4 => {
                // Duplicate a piece of this one.
                let len = rng.below(1 + (n - at).min(100));
                let piece = s[at..at + len].to_vec();
                s.splice(at..at, piece);
            }
            5 if n > 0 => {
                let i = rng.below(n);
                s[i] ^= 1 << rng.below(8);
            }
            6 => {
                // Deep nesting: the front end must refuse it cleanly.
                let open = ["(", "[", "{", "*", "[]", "func() ", "-", "!", "<-"][rng.below(9)];
                let depth = 1 + rng.below(20_000);
                let piece = open.repeat(depth);
                s.splice(at..at, piece.bytes());
            }
            8 if n > 0 => {
                // Line surgery keeps most of the syntax, so that the
                // checker and compiler see the input: delete or swap
                // lines.
                let mut lines: Vec<Vec<u8>> =
                    s.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
                let i = rng.below(lines.len());
                if rng.below(2) == 0 {
                    lines.remove(i);
                } else {
                    let j = rng.below(lines.len());
                    lines.swap(i, j);
                }
                s = lines.join(&b'\n');
            }
            9 => {
                // Rename: one identifier occurrence becomes another name.
                let idents = [
                    "x", "y", "T", "int", "string", "nil", "main", "fmt", "len", "_", "err", "i",
                    "v", "p", "any", "error", "true", "iota", "close", "S", "f", "m",
                ];
                let starts: Vec<usize> = (0..n)
                    .filter(|&i| {
                        s[i].is_ascii_alphabetic() && (i == 0 || !s[i - 1].is_ascii_alphanumeric())
                    })
                    .collect();
                if !starts.is_empty() {
                    let a = starts[rng.below(starts.len())];
                    let b = (a..n)
                        .find(|&i| !s[i].is_ascii_alphanumeric() && s[i] != b'_')
                        .unwrap_or(n);
                    s.splice(a..b, idents[rng.below(idents.len())].bytes());
                }
            }
            7 => {
                // Replace a line with a line of another program.
                let other = &corpus[rng.below(corpus.len())];
                let lines: Vec<&[u8]> = other.split(|&b| b == b'\n').collect();
                let line = lines[rng.below(lines.len())].to_vec();
                let end = s[at..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(n, |p| at + p);
                s.splice(at..end, line);
            }
            _ => {
                // Repeat a token many times (long chains, long literals).
                let t = TOKENS[rng.below(TOKENS.len())];
                let piece = t.repeat(1 + rng.below(3000));
                s.splice(at..at, piece.bytes());
            }
        }
        if s.len() > 1 << 20 {
            s.truncate(1 << 20);
        }
    }
    s
}

/// How one input went wrong.
#[derive(Clone, Debug, PartialEq)]
enum Failure {
    /// A Rust panic, with its message.
    Panic(String),
    /// The worker died (signal or abort: stack overflow, out of memory).
    Crash(String),
    /// No answer within the time limit.
    Hang,
}

impl Failure {
    fn kind(&self) -> &'static str {
        match self {
            Failure::Panic(_) => "panic",
            Failure::Crash(_) => "crash",
            Failure::Hang => "hang",
        }
    }
}

// ---------------------------------------------------------------- worker

/// The child: builds each file named on stdin, answering `ok` or
/// `panic MESSAGE` per line.
fn worker() -> i32 {
    let last_panic = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    {
        let last = last_panic.clone();
        std::panic::set_hook(Box::new(move |info| {
            let msg = match info.payload().downcast_ref::<&str>() {
                Some(s) => s.to_string(),
                None => match info.payload().downcast_ref::<String>() {
                    Some(s) => s.clone(),
                    None => "non-string panic".into(),
                },
            };
            let at = info
                .location()
                .map(|l| format!(" at {}:{}", l.file(), l.line()))
                .unwrap_or_default();
            if let Ok(mut l) = last.lock() {
                *l = format!("{msg}{at}");
            }
        }));
    }
    let selftest = std::env::var_os("MINIGO_FUZZ_SELFTEST").is_some();
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(path) = line else { break };
        let src = std::fs::read(&path).unwrap_or_default();
        if selftest {
            // Planted failures, for the fuzzer's own tests.
            let has = |m: &str| src.windows(m.len()).any(|w| w == m.as_bytes());
            if has("FUZZ_SELFTEST_HANG") {
                std::thread::sleep(Duration::from_secs(3600));
            }
            if has("FUZZ_SELFTEST_ABORT") {
                std::process::abort();
            }
            if has("FUZZ_SELFTEST_PANIC") {
                let r = std::panic::catch_unwind(|| panic!("planted panic"));
                let msg = last_panic.lock().map(|m| m.clone()).unwrap_or_default();
                if r.is_err()
                    && writeln!(out, "panic {msg}")
                        .and_then(|()| out.flush())
                        .is_err()
                {
                    break;
                }
                continue;
            }
        }
        // A directory that does not exist: a mutated `//go:embed *` must
        // not read the checkout (target/ holds gigabytes).
        let verdict = match minigo_vm::driver::build("/nonexistent-minigo-fuzz/fuzz.go", &src) {
            Err(e) if e.diags.iter().any(|d| d.msg.contains("internal error")) => {
                let msg = last_panic.lock().map(|m| m.clone()).unwrap_or_default();
                let msg = if msg.is_empty() {
                    e.diags
                        .iter()
                        .map(|d| d.msg.clone())
                        .collect::<Vec<_>>()
                        .join("; ")
                } else {
                    msg
                };
                format!("panic {}", msg.replace('\n', " "))
            }
            Ok(_) => "ok built".to_string(),
            Err(_) => "ok".to_string(),
        };
        if writeln!(out, "{verdict}")
            .and_then(|()| out.flush())
            .is_err()
        {
            break;
        }
    }
    0
}

// ---------------------------------------------------------------- parent

/// Inputs that built without any error (they reached the compiler).
static BUILT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Runs `inputs` (paths) through a worker; returns per input `None` (fine)
/// or its failure, stopping at the first crash or hang.
fn run_batch(exe: &Path, inputs: &[PathBuf], limit: Duration) -> Vec<Option<Failure>> {
    let mut child = match Command::new(exe)
        .arg("--worker")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => {
            eprintln!("minigo-fuzz: cannot start a worker: {e}");
            std::process::exit(2);
        }
    };
    let mut stdin = child.stdin.take();
    let stdout = child.stdout.take();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        if let Some(out) = stdout {
            for line in BufReader::new(out).lines() {
                let Ok(l) = line else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        }
    });
    let mut results = Vec::new();
    for p in inputs {
        let sent = stdin
            .as_mut()
            .map(|s| writeln!(s, "{}", p.display()).and_then(|()| s.flush()));
        if !matches!(sent, Some(Ok(()))) {
            break;
        }
        match rx.recv_timeout(limit) {
            Ok(l) if l.starts_with("ok") => {
                BUILT.fetch_add(
                    u64::from(l == "ok built"),
                    std::sync::atomic::Ordering::Relaxed,
                );
                results.push(None)
            }
            Ok(l) => results.push(Some(Failure::Panic(
                l.strip_prefix("panic ").unwrap_or(&l).to_string(),
            ))),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let _ = child.kill();
                results.push(Some(Failure::Hang));
                break;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let status = child.wait().map(|s| s.to_string()).unwrap_or_default();
                results.push(Some(Failure::Crash(status)));
                break;
            }
        }
    }
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    results
}

/// The failure of one input alone (`None`: it passes).
fn check_one(exe: &Path, dir: &Path, src: &[u8], limit: Duration) -> Option<Failure> {
    let p = dir.join("one.go");
    std::fs::write(&p, src).ok()?;
    run_batch(exe, &[p], limit).into_iter().next().flatten()
}

/// Shrinks `src` while it fails with the same kind of failure: whole
/// lines first, then runs of bytes.
fn shrink(exe: &Path, dir: &Path, src: &[u8], want: &Failure, limit: Duration) -> Vec<u8> {
    let same = |f: &Option<Failure>| f.as_ref().is_some_and(|f| f.kind() == want.kind());
    let mut best = src.to_vec();
    let mut tries = 0;
    let mut chunk = (best.len() / 2).max(1);
    while chunk >= 1 && tries < 400 {
        let mut i = 0;
        let mut progress = false;
        while i < best.len() && tries < 400 {
            let end = (i + chunk).min(best.len());
            let mut cand = best[..i].to_vec();
            cand.extend_from_slice(&best[end..]);
            tries += 1;
            if same(&check_one(exe, dir, &cand, limit)) {
                best = cand;
                progress = true;
            } else {
                i += chunk;
            }
        }
        if !progress {
            chunk /= 2;
        }
    }
    best
}

fn corpus_files(root: &Path, out: &mut Vec<Vec<u8>>) {
    let Ok(rd) = std::fs::read_dir(root) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            corpus_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "go") {
            if let Ok(b) = std::fs::read(&p) {
                out.push(b);
            }
        }
    }
}

struct Options {
    seconds: u64,
    seed: u64,
    out: PathBuf,
    corpus: PathBuf,
    batch: usize,
    limit: Duration,
    replay: Option<PathBuf>,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        seconds: 60,
        seed: 1,
        out: PathBuf::from("target/fuzz-findings"),
        corpus: PathBuf::from("testdata"),
        batch: 200,
        limit: Duration::from_secs(10),
        replay: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--seconds" => o.seconds = val("--seconds")?.parse().map_err(|e| format!("{e}"))?,
            "--seed" => o.seed = val("--seed")?.parse().map_err(|e| format!("{e}"))?,
            "--out" => o.out = PathBuf::from(val("--out")?),
            "--corpus" => o.corpus = PathBuf::from(val("--corpus")?),
            "--batch" => o.batch = val("--batch")?.parse().map_err(|e| format!("{e}"))?,
            "--limit" => {
                o.limit = Duration::from_secs(val("--limit")?.parse().map_err(|e| format!("{e}"))?)
            }
            "--replay" => o.replay = Some(PathBuf::from(val("--replay")?)),
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    Ok(o)
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("--worker") {
        std::process::exit(worker());
    }
    let o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("minigo-fuzz: {e}\nusage: minigo-fuzz [--seconds N] [--seed N] [--out DIR] [--corpus DIR] [--batch N] [--limit SECS] [--replay FILE]");
            std::process::exit(2);
        }
    };
    let exe = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("minigo-fuzz"));
    let work = std::env::temp_dir().join(format!("minigo-fuzz-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&work);
    if let Some(r) = &o.replay {
        let src = std::fs::read(r).unwrap_or_default();
        let f = check_one(&exe, &work, &src, o.limit);
        let _ = std::fs::remove_dir_all(&work);
        match f {
            None => println!("{}: ok", r.display()),
            Some(f) => {
                println!("{}: {f:?}", r.display());
                std::process::exit(1);
            }
        }
        return;
    }
    let mut corpus = Vec::new();
    corpus_files(&o.corpus, &mut corpus);
    if corpus.is_empty() {
        eprintln!("minigo-fuzz: no .go files under {}", o.corpus.display());
        std::process::exit(2);
    }
    let mut rng = Rng(o.seed);
    let start = Instant::now();
    let deadline = start + Duration::from_secs(o.seconds);
    let mut tried = 0u64;
    let mut findings: Vec<(Failure, PathBuf)> = Vec::new();
    let mut last_report = Instant::now();
    while Instant::now() < deadline {
        let batch: Vec<Vec<u8>> = (0..o.batch).map(|_| mutate(&mut rng, &corpus)).collect();
        let paths: Vec<PathBuf> = batch
            .iter()
            .enumerate()
            .map(|(i, src)| {
                let p = work.join(format!("in{i}.go"));
                let _ = std::fs::write(&p, src);
                p
            })
            .collect();
        let mut next = 0;
        while next < paths.len() {
            let results = run_batch(&exe, &paths[next..], o.limit);
            if results.is_empty() {
                break;
            }
            for (k, r) in results.iter().enumerate() {
                tried += 1;
                if let Some(f) = r {
                    let src = &batch[next + k];
                    let small = shrink(&exe, &work, src, f, o.limit);
                    let _ = std::fs::create_dir_all(&o.out);
                    let name = o.out.join(format!("{}-{}-{tried}.go", f.kind(), o.seed));
                    let _ = std::fs::write(&name, &small);
                    let _ = std::fs::write(name.with_extension("txt"), format!("{f:?}\n"));
                    println!("FOUND {} in input {tried}: {}", f.kind(), name.display());
                    findings.push((f.clone(), name));
                }
            }
            next += results.len();
            if Instant::now() >= deadline {
                break;
            }
        }
        if last_report.elapsed() > Duration::from_secs(60) {
            last_report = Instant::now();
            let secs = start.elapsed().as_secs_f64();
            println!(
                "{:.0} s: {tried} inputs ({:.0}/s, {} built cleanly), {} findings",
                secs,
                tried as f64 / secs,
                BUILT.load(std::sync::atomic::Ordering::Relaxed),
                findings.len()
            );
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "minigo-fuzz: seed {}, {tried} inputs in {secs:.0} s ({:.0}/s, {} built cleanly), {} panics, {} crashes, {} hangs",
        o.seed,
        tried as f64 / secs.max(0.001),
        BUILT.load(std::sync::atomic::Ordering::Relaxed),
        findings.iter().filter(|f| matches!(f.0, Failure::Panic(_))).count(),
        findings.iter().filter(|f| matches!(f.0, Failure::Crash(_))).count(),
        findings.iter().filter(|f| f.0 == Failure::Hang).count(),
    );
    if !findings.is_empty() {
        std::process::exit(1);
    }
}
