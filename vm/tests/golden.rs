//! Golden tests: every program under `testdata/run/` and `testdata/errors/` is
//! run with the `minigo` binary and its exit status, stdout and normalized
//! stderr are compared with an insta snapshot in `vm/tests/snapshots/`.
//!
//! The snapshots are produced from REAL Go by `python3 testdata/golden.py`
//! (never by accepting minigo's output); see `testdata/README.md`.
//! Snapshot names: `golden__run@<name>.go.snap`, `golden__errors@<name>.go.snap`.
//!
//! insta never writes snapshots when `CI` is set (it only reports failures);
//! locally it leaves `.snap.new` files that must NOT be accepted blindly.
//!
//! Concurrent programs (names starting with one of [`CONCURRENT_PREFIXES`])
//! must not depend on scheduling: each is run under `GOMAXPROCS=1`, `2` and
//! `8` (see [`GOMAXPROCS`]) and all three results must equal the one
//! snapshot, which `golden.py` checked real Go against under the same three
//! settings.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// A program is killed if it runs longer than this.
const TIMEOUT: Duration = Duration::from_secs(20);
/// ... or this under `GOGC=1`, where a collection at almost every
/// allocation makes a program with 100,000 goroutines or thousands of
/// connections take 5-15 s on two loaded cores (it still catches hangs).
const GOGC_1_TIMEOUT: Duration = Duration::from_secs(60);

/// Programs whose names start with one of these are run under every
/// [`GOMAXPROCS`] value. Must stay identical to `CONCURRENT_PREFIXES` in
/// `testdata/golden.py`.
const CONCURRENT_PREFIXES: &[&str] = &[
    "goroutine_",
    "chan_",
    "select_",
    "sync_",
    "timer_",
    "sched_",
    "seed_",
    "net_",
    "os_",
];

/// The `GOMAXPROCS` settings concurrent programs are run under (the same as
/// `GOMAXPROCS` in `testdata/golden.py`).
const GOMAXPROCS: &[&str] = &["1", "2", "8"];

fn is_concurrent(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    name.is_some_and(|n| CONCURRENT_PREFIXES.iter().any(|p| n.starts_with(p)))
}

/// `goroutine 18 [running]:` becomes `goroutine N [running]:`; id 1 is kept.
///
/// Go hands out goroutine ids from per-P caches, so a goroutine other than
/// main gets a different id from run to run when GOMAXPROCS > 1; main is
/// always goroutine 1, and that is worth checking. Must stay identical to
/// `mask_goroutine_id` in `testdata/golden.py`.
fn mask_goroutine_id(line: &str) -> String {
    let rest = &line["goroutine ".len()..];
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let mut tail = &rest[digits..];
    // A throw's traceback (`runtime.throw`) adds machine addresses:
    // `goroutine 1 gp=0x... m=0 mp=0x... [running]:`; they are dropped.
    if tail.starts_with(" gp=") {
        if let Some(i) = tail.find(" [") {
            tail = &tail[i..];
        }
    }
    if digits == 0 || !tail.starts_with(" [") {
        return line.to_string();
    }
    if &rest[..digits] == "1" {
        return format!("goroutine 1{tail}");
    }
    format!("goroutine N{tail}")
}

/// Normalizes stderr so that minigo's output can be compared with real Go's.
///
/// Must stay identical to `normalize_stderr` in `testdata/golden.py`:
/// * `compile_error` (the `errors/` programs): only the first error line is
///   kept — the first line that is neither empty nor a `# package` header —
///   and any directory (`./`, `/tmp/x/`) before the file name is stripped, so
///   it reads `name.go:LINE:COL: message`.
/// * otherwise, if some line starts with `panic: ` or `fatal error: `, stderr
///   is kept from its start through the first line at or after that one that
///   starts with `goroutine ` (e.g. `goroutine 1 [running]:`); the stack trace
///   after it (addresses, paths) is dropped, and so are lines starting with
///   `[signal ` (Go's `[signal SIGSEGV: ... addr=0x0 pc=0x49a1b2]`, which
///   holds machine addresses); in that goroutine line an id other than 1 is
///   replaced by `N` (see [`mask_goroutine_id`]).
/// * otherwise stderr is kept verbatim.
fn normalize_stderr(stderr: &str, compile_error: bool) -> String {
    let lines: Vec<&str> = stderr.split_inclusive('\n').collect();
    if compile_error {
        for line in &lines {
            let l = line.trim_end_matches(['\n', '\r']);
            if l.trim().is_empty() || l.starts_with('#') {
                continue;
            }
            // Strip a directory prefix from the "path:line:col" part.
            let head_end = l.find(": ").unwrap_or(l.len());
            let head = &l[..head_end];
            let start = head.rfind('/').map_or(0, |i| i + 1);
            return format!("{}\n", &l[start..]);
        }
        return String::new();
    }
    let is_crash = |l: &str| l.starts_with("panic: ") || l.starts_with("fatal error: ");
    if let Some(first) = lines.iter().position(|l| is_crash(l)) {
        let end = lines[first..]
            .iter()
            .position(|l| l.starts_with("goroutine "))
            .map_or(lines.len(), |i| first + i + 1);
        return lines[..end]
            .iter()
            .filter(|l| !l.starts_with("[signal "))
            .map(|l| {
                if l.starts_with("goroutine ") {
                    mask_goroutine_id(l)
                } else {
                    l.to_string()
                }
            })
            .collect();
    }
    stderr.to_string()
}

/// Formats one run the way the snapshots store it (see testdata/README.md).
fn format_result(exit: &str, stdout: &str, stderr: &str) -> String {
    let mut out = format!("exit: {exit}\n--- stdout\n{stdout}");
    if !stdout.is_empty() && !stdout.ends_with('\n') {
        out.push_str("\n\\ no newline at end of stdout\n");
    }
    out.push_str("--- stderr\n");
    out.push_str(stderr);
    out
}

/// Arguments from a first-line comment `// args: a b c`, if any.
fn program_args(source: &str) -> Vec<String> {
    source
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("// args:"))
        .map(|rest| rest.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

/// Runs `minigo run <file>` in the file's directory (with `GOMAXPROCS` set
/// to `procs` if given) and formats the result.
fn run_minigo(path: &Path, compile_error: bool, procs: Option<&str>) -> String {
    run_minigo_env(path, compile_error, procs, &[])
}

/// [`run_minigo`] with extra environment variables.
fn run_minigo_env(
    path: &Path,
    compile_error: bool,
    procs: Option<&str>,
    env: &[(&str, &str)],
) -> String {
    let source = std::fs::read_to_string(path).expect("read test program");
    let dir = path.parent().expect("program has a directory");
    let name = path.file_name().expect("program has a file name");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_minigo"));
    cmd.arg("run")
        .arg(name)
        .args(program_args(&source))
        .current_dir(dir)
        // Programs see the machine's zone as UTC (golden.py runs Go so).
        .env("TZ", "UTC")
        // A standard-library body the checker left unchecked and the
        // compiler then needed is an error here, not a silent second
        // check (`check::check_with`).
        .env("MINIGO_LAZY_STRICT", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(p) = procs {
        cmd.env("GOMAXPROCS", p);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("spawn minigo");

    // Drain both pipes on threads so a chatty program cannot block on a full pipe.
    let mut out_pipe = child.stdout.take().unwrap();
    let mut err_pipe = child.stderr.take().unwrap();
    let out_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = out_pipe.read_to_end(&mut buf);
        buf
    });
    let err_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = err_pipe.read_to_end(&mut buf);
        buf
    });

    let limit = if env.iter().any(|&(k, v)| (k, v) == ("GOGC", "1")) {
        GOGC_1_TIMEOUT
    } else {
        TIMEOUT
    };
    let start = Instant::now();
    let exit = loop {
        match child.try_wait().expect("wait for minigo") {
            Some(status) => {
                break match status.code() {
                    Some(code) => code.to_string(),
                    None => format!("killed by signal ({status})"),
                }
            }
            None if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                break format!("timeout (killed after {}s)", limit.as_secs());
            }
            None => thread::sleep(Duration::from_millis(5)),
        }
    };
    let stdout = String::from_utf8_lossy(&out_reader.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    format_result(&exit, &stdout, &normalize_stderr(&stderr, compile_error))
}

/// Runs a `run/` program: once, or for a concurrent program once per
/// [`GOMAXPROCS`] value. The result is the first run's; every other run that
/// differs from it is appended under a header naming its GOMAXPROCS, so the
/// snapshot comparison fails and its diff shows the difference.
fn run_program(path: &Path) -> String {
    if !is_concurrent(path) {
        return run_minigo(path, false, None);
    }
    let runs: Vec<(&str, String)> = GOMAXPROCS
        .iter()
        .map(|&p| (p, run_minigo(path, false, Some(p))))
        .collect();
    let (first_procs, first) = &runs[0];
    let mut formatted = first.clone();
    for (procs, out) in &runs[1..] {
        if out != first {
            eprintln!(
                "{}: GOMAXPROCS={procs} gave a different result than GOMAXPROCS={first_procs}",
                path.display()
            );
            formatted.push_str(&format!(
                "\n=== GOMAXPROCS={procs} differs from GOMAXPROCS={first_procs}:\n{out}"
            ));
        }
    }
    formatted
}

#[test]
fn run() {
    insta::glob!("../../testdata", "run/*.go", |path| {
        let formatted = run_program(path);
        insta::assert_snapshot!(formatted);
    });
}

/// The expected result in a `run/` program's snapshot file.
fn snapshot_of(path: &Path) -> String {
    let name = path.file_name().unwrap().to_string_lossy();
    let snap = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("golden__run@{name}.snap"));
    let text = std::fs::read_to_string(&snap).unwrap_or_else(|e| panic!("{}: {e}", snap.display()));
    // insta's header is a `---`-delimited block; the content follows it.
    let body = text
        .splitn(3, "---\n")
        .nth(2)
        .unwrap_or_else(|| panic!("{}: no snapshot body", snap.display()));
    body.trim_end_matches('\n').to_string()
}

/// Programs the `GOGC=1` pass leaves out: load generators (4,000 slow
/// connections, a million goroutines) that take 20-60 s each under it on
/// CI's two cores, a fifth of the pass. (`net_http_load_2000.go`, the load test
/// under `GOGC=1`, stays.) What they exercise in the collector (many
/// parked goroutines' stacks, netpoll-blocked Gs, timers) is what the
/// smaller `gc_*`, `goroutine_*` and `net_*` programs also exercise, and
/// the normal pass still runs them.
const GOGC_1_SKIP: &[&str] = &[
    "goroutine_daisy_chain.go",
    "goroutine_spawn_million.go",
    "net_http_seed_slow_api.go",
    "net_http_seed_slow_api_tuned.go",
    "net_http_server_load.go",
    "seed_slow_api_profiled.go",
];

/// The `run/` suite again with `GOGC=1` (but [`GOGC_1_SKIP`], and half of
/// it on a given day): a collection at almost every allocation point must
/// change nothing in any output. Concurrent programs run under `GOMAXPROCS=8`, where collections
/// stop the most Ps.
#[test]
fn run_under_gogc_1() {
    let mut dir: Vec<_> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/run"))
            .expect("testdata/run")
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "go"))
            .filter(|p| {
                let name = p.file_name().unwrap().to_string_lossy();
                !GOGC_1_SKIP.contains(&name.as_ref())
            })
            .collect();
    // Half the programs a day, alternating (CI's 30 minutes): the day's
    // parity picks the even or the odd places of the sorted list.
    // `MINIGO_GOGC1_ALL=1` runs them all.
    dir.sort();
    if std::env::var_os("MINIGO_GOGC1_ALL").is_none() {
        let day = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() / 86_400);
        let half = (day % 2) as usize;
        eprintln!(
            "GOGC=1 pass: half {half} of the programs (day {day}); MINIGO_GOGC1_ALL=1 runs all"
        );
        dir = dir
            .into_iter()
            .enumerate()
            .filter(|(i, _)| i % 2 == half)
            .map(|(_, p)| p)
            .collect();
    }
    for skip in GOGC_1_SKIP {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../testdata/run")
            .join(skip);
        assert!(path.exists(), "GOGC_1_SKIP names a missing program: {skip}");
    }
    let failures: Vec<String> = std::thread::scope(|s| {
        let chunks: Vec<_> = dir.chunks(dir.len().div_ceil(2).max(1)).collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                s.spawn(move || {
                    let mut bad = Vec::new();
                    for path in chunk {
                        let procs = is_concurrent(path).then_some("8");
                        let got = run_minigo_env(path, false, procs, &[("GOGC", "1")]);
                        let want = snapshot_of(path);
                        if got.trim_end_matches('\n') != want {
                            bad.push(format!(
                                "{} under GOGC=1:\n--- want\n{want}\n--- got\n{got}",
                                path.display()
                            ));
                        }
                    }
                    bad
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn errors() {
    insta::glob!("../../testdata", "errors/*.go", |path| {
        let formatted = run_minigo(path, true, None);
        insta::assert_snapshot!(formatted);
    });
}

#[cfg(test)]
mod normalize_tests {
    use super::normalize_stderr;

    #[test]
    fn compile_error_first_line_without_directory() {
        let go = "# command-line-arguments\n./x.go:3:2: declared and not used: y\n./x.go:4:2: undefined: z\n";
        assert_eq!(
            normalize_stderr(go, true),
            "x.go:3:2: declared and not used: y\n"
        );
        assert_eq!(
            normalize_stderr("/tmp/a/x.go:1:1: m: n\n", true),
            "x.go:1:1: m: n\n"
        );
    }

    #[test]
    fn panic_keeps_header_only() {
        let go = "before\npanic: boom\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x49]\n\ngoroutine 1 [running]:\nmain.main()\n\t/tmp/x.go:5 +0x1d\n";
        assert_eq!(
            normalize_stderr(go, false),
            "before\npanic: boom\n\ngoroutine 1 [running]:\n"
        );
        assert_eq!(normalize_stderr("plain\n", false), "plain\n");
    }

    #[test]
    fn goroutine_ids_other_than_1_are_masked() {
        let go = "panic: boom\n\ngoroutine 18 [running]:\nmain.main.func1()\n";
        assert_eq!(
            normalize_stderr(go, false),
            "panic: boom\n\ngoroutine N [running]:\n"
        );
        let go = "fatal error: all goroutines are asleep - deadlock!\n\ngoroutine 1 [chan receive]:\nmain.main()\n\ngoroutine 7 [chan send]:\n";
        assert_eq!(
            normalize_stderr(go, false),
            "fatal error: all goroutines are asleep - deadlock!\n\ngoroutine 1 [chan receive]:\n"
        );
        // Only the header line is touched, and only its id.
        assert_eq!(
            normalize_stderr("goroutine 5 done\n", false),
            "goroutine 5 done\n"
        );
        assert_eq!(
            normalize_stderr("panic: x\ngoroutine 12 [select (no cases)]:\n", false),
            "panic: x\ngoroutine N [select (no cases)]:\n"
        );
        assert_eq!(
            normalize_stderr("panic: x\ngoroutine 10 [running]:\n", false),
            "panic: x\ngoroutine N [running]:\n"
        );
    }

    #[test]
    fn concurrent_programs_are_recognised() {
        use super::is_concurrent;
        use std::path::Path;
        for name in ["goroutine_x.go", "chan_x.go", "select_x.go", "sync_x.go"] {
            assert!(is_concurrent(Path::new(name)), "{name}");
        }
        for name in ["timer_x.go", "sched_x.go", "seed_x.go"] {
            assert!(is_concurrent(Path::new(name)), "{name}");
        }
        for name in ["net_x.go", "os_x.go"] {
            assert!(is_concurrent(Path::new(name)), "{name}");
        }
        for name in ["basic_hello.go", "panic_channel.go", "fmt_x.go"] {
            assert!(!is_concurrent(Path::new(name)), "{name}");
        }
    }
}

/// Programs of `run/` that race on purpose (their reports are expected).
const RACY: &[&str] = &[];

/// `MINIGO_RACE_ALL=1`: the `run/` suite under `-race` (not in the default
/// run: CI's time): no program reports a race unless [`RACY`] names it,
/// and none exits with the race status (66). A false positive of the
/// detector fails here.
#[test]
fn run_under_race() {
    if std::env::var_os("MINIGO_RACE_ALL").is_none() {
        return;
    }
    let mut dir: Vec<_> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/run"))
            .expect("testdata/run")
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "go"))
            .collect();
    dir.sort();
    let failures: Vec<String> = std::thread::scope(|s| {
        let chunks: Vec<_> = dir.chunks(dir.len().div_ceil(2).max(1)).collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                s.spawn(move || {
                    let mut bad = Vec::new();
                    for path in chunk {
                        let name = path.file_name().unwrap().to_string_lossy().into_owned();
                        let source = std::fs::read_to_string(path).expect("read program");
                        let out = Command::new("timeout")
                            .arg("120")
                            .arg(env!("CARGO_BIN_EXE_minigo"))
                            .args(["run", "-race", &name])
                            .args(program_args(&source))
                            .current_dir(path.parent().unwrap())
                            .env("TZ", "UTC")
                            .stdin(Stdio::null())
                            .output()
                            .expect("run minigo");
                        let stderr = String::from_utf8_lossy(&out.stderr);
                        let raced =
                            stderr.contains("WARNING: DATA RACE") || out.status.code() == Some(66);
                        eprintln!("race pass: {name}: exit {:?}", out.status.code());
                        if raced && !RACY.contains(&name.as_str()) {
                            bad.push(format!("{name}:\n{stderr}"));
                        }
                    }
                    bad
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(
        failures.is_empty(),
        "races reported under -race:\n{}",
        failures.join("\n")
    );
}
