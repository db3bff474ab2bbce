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
//!
//! With `-race`, each run's race reports are read from its stderr and
//! grouped too, across all runs: a race is its two accesses' kinds and
//! first frames' `file:line` (Go's detector deduplicates by the same
//! pair), in either order. Each distinct race is printed whole, as the
//! first seed that found it reported it, with how many runs found it and
//! that seed's replay command.

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

/// One run: its outcome, and the races it reported (`-race` only).
pub struct RunResult {
    pub outcome: Outcome,
    pub races: Vec<Race>,
}

/// One distinct outcome or race: how many runs gave it, and the first
/// seed that did.
#[derive(Debug)]
pub struct Group<T> {
    pub item: T,
    pub count: u64,
    pub first_seed: u64,
}

/// Groups things met in seed order by a key (see [`Group`]).
struct Tally<K, T> {
    groups: Vec<Group<T>>,
    index: HashMap<K, usize>,
}

impl<K: Hash + Eq, T> Tally<K, T> {
    fn new() -> Self {
        Tally {
            groups: Vec::new(),
            index: HashMap::new(),
        }
    }

    fn add(&mut self, key: K, item: T, seed: u64) {
        match self.index.get(&key) {
            Some(&i) => self.groups[i].count += 1,
            None => {
                self.index.insert(key, self.groups.len());
                self.groups.push(Group {
                    item,
                    count: 1,
                    first_seed: seed,
                });
            }
        }
    }

    /// The groups, most frequent first (ties: the lower first seed).
    fn sorted(mut self) -> Vec<Group<T>> {
        self.groups
            .sort_by(|a, b| b.count.cmp(&a.count).then(a.first_seed.cmp(&b.first_seed)));
        self.groups
    }
}

/// One race report of a run's stderr (`-race`): its identity and text.
#[derive(Clone, Debug)]
pub struct Race {
    /// The two accesses, each as `kind file:line` (the access's first
    /// frame), sorted: the same race whichever access came first.
    pub key: [String; 2],
    /// The report between its `==================` lines, those included.
    pub text: String,
}

/// Everything `explore` found: the outcomes, and with `-race` the races.
#[derive(Debug, Default)]
pub struct Findings {
    pub groups: Vec<Group<Outcome>>,
    pub races: Vec<Group<Race>>,
}

/// The race reports in `stderr`, as `run -race` prints them.
pub fn parse_races(stderr: &str) -> Vec<Race> {
    const RULE: &str = "==================";
    let mut out = Vec::new();
    let mut lines = stderr.lines().peekable();
    while let Some(line) = lines.next() {
        if line != RULE || lines.peek() != Some(&"WARNING: DATA RACE") {
            continue;
        }
        let mut body = vec![line];
        for l in lines.by_ref() {
            body.push(l);
            if l == RULE {
                break;
            }
        }
        let mut accesses = Vec::new();
        for (i, l) in body.iter().enumerate() {
            // `Write at 0x... by goroutine 9:`, `Previous read at ...`.
            let Some((kind, _)) = l.split_once(" at 0x") else {
                continue;
            };
            if l.starts_with(' ') || !l.ends_with(':') {
                continue;
            }
            let kind = kind
                .strip_prefix("Previous ")
                .unwrap_or(kind)
                .to_lowercase();
            // The first frame: a function line, then its `file:line +0x..`.
            let at = body
                .get(i + 2)
                .map(|f| {
                    f.trim()
                        .split(" +0x")
                        .next()
                        .unwrap_or_default()
                        .to_string()
                })
                .unwrap_or_default();
            accesses.push(format!("{kind} {at}"));
        }
        if accesses.len() < 2 {
            continue;
        }
        let mut key = [accesses[0].clone(), accesses[1].clone()];
        key.sort();
        let mut text = body.join("\n");
        text.push('\n');
        out.push(Race { key, text });
    }
    out
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
pub fn run_one(o: &Options, seed: u64) -> std::io::Result<RunResult> {
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
    let races = if o.race {
        parse_races(&String::from_utf8_lossy(&stderr))
    } else {
        Vec::new()
    };
    let outcome = Outcome {
        status,
        stdout_hash: hash(&stdout),
        stdout_head: first_line(&stdout),
        stdout_len: stdout.len(),
        stderr_head: if status.is_none() {
            String::new()
        } else {
            first_line(&stderr)
        },
    };
    Ok(RunResult { outcome, races })
}

/// Runs every seed; returns the outcomes' groups and the races' (with
/// `-race`), each most frequent first (ties: the lower first seed).
pub fn explore(o: &Options) -> std::io::Result<Findings> {
    let next = AtomicU64::new(1);
    let results: Mutex<Vec<(u64, RunResult)>> = Mutex::new(Vec::new());
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
    let mut groups = Tally::new();
    let mut races = Tally::new();
    for (seed, run) in results {
        // A race reported twice in one run counts once.
        let mut seen = std::collections::HashSet::new();
        for race in run.races {
            if seen.insert(race.key.clone()) {
                races.add(race.key.clone(), race, seed);
            }
        }
        groups.add(run.outcome.clone(), run.outcome, seed);
    }
    let (groups, races) = (groups.sorted(), races.sorted());
    Ok(Findings { groups, races })
}

/// The report `minigo explore` prints.
pub fn report(o: &Options, found: &Findings) -> String {
    use std::fmt::Write;
    let groups = &found.groups;
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
    let race = if o.race { " -race" } else { "" };
    for g in groups {
        let out = &g.item;
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
            "         replay: minigo run{race} --seed={} {file}{args}",
            g.first_seed
        );
    }
    if o.race {
        let n = found.races.len();
        let _ = writeln!(
            s,
            "\n{n} distinct data race{}",
            if n == 1 { "" } else { "s" }
        );
        for r in &found.races {
            let _ = writeln!(
                s,
                "\n{:>6} × {} / {}",
                r.count, r.item.key[0], r.item.key[1]
            );
            let _ = writeln!(
                s,
                "         replay: minigo run{race} --seed={} {file}{args}",
                r.first_seed
            );
            s.push_str(&r.item.text);
        }
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

#[cfg(test)]
mod tests {
    use super::parse_races;

    fn report(first: (&str, &str), second: (&str, &str)) -> String {
        format!(
            "==================\nWARNING: DATA RACE\n{} at 0x2001ff400a70 by goroutine 2:\n  main.f()\n      {} +0x10\n\n\
             Previous {} at 0x2001ff400a70 by main goroutine:\n  main.main()\n      {} +0x40\n\n\
             Goroutine 2 (running) created at:\n  main.main()\n      /p/a.go:3 +0x14\n==================\n",
            first.0, first.1, second.0, second.1
        )
    }

    /// A race is the same whichever access came first, and other stderr
    /// (the program's, `Found 2 data race(s)`) is no race.
    #[test]
    fn races_are_keyed_by_both_accesses_in_either_order() {
        let a = report(("Write", "/p/a.go:14"), ("read", "/p/a.go:20"));
        let b = report(("Read", "/p/a.go:20"), ("write", "/p/a.go:14"));
        let err = format!("hello\n{a}{b}==================\nFound 2 data race(s)\n");
        let races = parse_races(&err);
        assert_eq!(races.len(), 2);
        assert_eq!(races[0].key, races[1].key);
        assert_eq!(
            races[0].key,
            [
                "read /p/a.go:20".to_string(),
                "write /p/a.go:14".to_string()
            ]
        );
        assert_eq!(races[0].text, a);
    }
}
