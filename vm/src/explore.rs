//! `minigo explore [--runs=N] [--timeout=D] prog.go`: run a program under
//! seeds 1..N (`minigo run --seed=i`, one deterministic interleaving each)
//! and group the outcomes.
//!
//! An outcome is the exit status (or a timeout), a hash of stdout and the
//! first line of stderr. Each distinct outcome is printed with how often it
//! appeared and the first seed that gave it, as a command that replays it.
//! The exit status is 0 when every run agreed and 1 when they differ (2 for
//! a usage error). Runs go in parallel, one per CPU, each in its own
//! process (the program may exit, panic or deadlock).

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What `explore` was asked to do.
pub struct Options {
    /// The `minigo` binary to run (normally this one).
    pub exe: PathBuf,
    pub file: String,
    pub args: Vec<String>,
    /// Seeds 1..=runs.
    pub runs: u64,
    /// A run that takes longer is killed and counted as a timeout.
    pub timeout: Duration,
    /// Parallel runs.
    pub jobs: usize,
    /// Run each seed with `-race`.
    pub race: bool,
}

/// How one run ended.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// Exit status; `None` for a timeout, `Some(-signal)` for a signal.
    pub status: Option<i32>,
    pub stdout_hash: u64,
    /// First line of stdout (for the report; it is covered by the hash).
    pub stdout_head: String,
    pub stdout_len: usize,
    pub stderr_head: String,
}

/// One distinct outcome: how often, and the first seed that gave it.
#[derive(Debug)]
pub struct Group {
    pub outcome: Outcome,
    pub count: u64,
    pub first_seed: u64,
}

fn hash(b: &[u8]) -> u64 {
    // SipHash with fixed keys: the same bytes hash the same in every run.
    let mut h = std::hash::DefaultHasher::new();
    b.hash(&mut h);
    h.finish()
}

fn first_line(b: &[u8]) -> String {
    let line = b.split(|&c| c == b'\n').next().unwrap_or_default();
    let s = String::from_utf8_lossy(line);
    let mut s: String = s.chars().take(100).collect();
    if line.len() > s.len() {
        s.push('…');
    }
    s
}

/// Runs the program once under `seed`.
pub fn run_one(o: &Options, seed: u64) -> std::io::Result<Outcome> {
    let mut child = Command::new(&o.exe)
        .arg("run")
        .arg(format!("--seed={seed}"))
        .args(o.race.then_some("--race"))
        .arg(&o.file)
        .args(&o.args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    // Drain both pipes on threads so that a chatty program cannot block.
    let mut out = child.stdout.take().expect("piped stdout");
    let mut err = child.stderr.take().expect("piped stderr");
    let out_t = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err_t = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait()? {
            break Some(st);
        }
        if start.elapsed() >= o.timeout {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let stdout = out_t.join().unwrap_or_default();
    let stderr = err_t.join().unwrap_or_default();
    let status = status.map(|st| {
        use std::os::unix::process::ExitStatusExt;
        st.code().unwrap_or_else(|| -st.signal().unwrap_or(0))
    });
    Ok(Outcome {
        status,
        stdout_hash: hash(&stdout),
        stdout_head: first_line(&stdout),
        stdout_len: stdout.len(),
        stderr_head: if status.is_none() {
            String::new()
        } else {
            first_line(&stderr)
        },
    })
}

/// Runs every seed; returns the groups, most frequent first (ties: the
/// lower first seed).
pub fn explore(o: &Options) -> std::io::Result<Vec<Group>> {
    let next = AtomicU64::new(1);
    let results: Mutex<Vec<(u64, Outcome)>> = Mutex::new(Vec::new());
    let failure: Mutex<Option<std::io::Error>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..o.jobs.max(1) {
            s.spawn(|| loop {
                let seed = next.fetch_add(1, Ordering::Relaxed);
                if seed > o.runs || failure.lock().unwrap().is_some() {
                    return;
                }
                match run_one(o, seed) {
                    Ok(out) => results.lock().unwrap().push((seed, out)),
                    Err(e) => {
                        *failure.lock().unwrap() = Some(e);
                        return;
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap() {
        return Err(e);
    }
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(seed, _)| *seed);
    let mut groups: Vec<Group> = Vec::new();
    let mut index: HashMap<Outcome, usize> = HashMap::new();
    for (seed, out) in results {
        match index.get(&out) {
            Some(&i) => groups[i].count += 1,
            None => {
                index.insert(out.clone(), groups.len());
                groups.push(Group {
                    outcome: out,
                    count: 1,
                    first_seed: seed,
                });
            }
        }
    }
    groups.sort_by(|a, b| b.count.cmp(&a.count).then(a.first_seed.cmp(&b.first_seed)));
    Ok(groups)
}

/// The report `minigo explore` prints.
pub fn report(o: &Options, groups: &[Group]) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let total: u64 = groups.iter().map(|g| g.count).sum();
    let _ = writeln!(
        s,
        "explored {total} runs of {} (seeds 1..{}): {} distinct outcome{}",
        o.file,
        o.runs,
        groups.len(),
        if groups.len() == 1 { "" } else { "s" }
    );
    let file = shell_word(&o.file);
    let args: String = o
        .args
        .iter()
        .map(|a| format!(" {}", shell_word(a)))
        .collect();
    for g in groups {
        let out = &g.outcome;
        let status = match out.status {
            None => format!("timeout after {:?}", o.timeout),
            Some(c) if c < 0 => format!("killed by signal {}", -c),
            Some(c) => format!("exit status {c}"),
        };
        let _ = writeln!(s, "\n{:>6} × {status}", g.count);
        let _ = writeln!(
            s,
            "         stdout: {} bytes, hash {:016x}, first line {:?}",
            out.stdout_len, out.stdout_hash, out.stdout_head
        );
        if !out.stderr_head.is_empty() {
            let _ = writeln!(s, "         stderr: {:?}", out.stderr_head);
        }
        let _ = writeln!(
            s,
            "         replay: minigo run --seed={} {file}{args}",
            g.first_seed
        );
    }
    s
}

/// `word` quoted for a POSIX shell when it needs it.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,+@%".contains(&b));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Go's `time.ParseDuration` for `--timeout` (`10s`, `1m30s`, `500ms`).
pub fn parse_timeout(s: &str) -> Result<Duration, String> {
    match minigo_runtime::parse_duration(s) {
        Some(d) if !d.is_zero() => Ok(d),
        _ => Err(format!("invalid duration {s:?} (want e.g. 10s, 500ms, 1m)")),
    }
}

/// Does `path` exist as a file (for a clear error before 1000 runs)?
pub fn check_file(path: &Path) -> Result<(), String> {
    if path.is_file() {
        Ok(())
    } else {
        Err(format!("{}: no such file", path.display()))
    }
}
