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

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// A program is killed if it runs longer than this.
const TIMEOUT: Duration = Duration::from_secs(20);

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
///   holds machine addresses).
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
            .copied()
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

/// Runs `minigo run <file>` in the file's directory and formats the result.
fn run_minigo(path: &Path, compile_error: bool) -> String {
    let source = std::fs::read_to_string(path).expect("read test program");
    let dir = path.parent().expect("program has a directory");
    let name = path.file_name().expect("program has a file name");
    let mut child = Command::new(env!("CARGO_BIN_EXE_minigo"))
        .arg("run")
        .arg(name)
        .args(program_args(&source))
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn minigo");

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

    let start = Instant::now();
    let exit = loop {
        match child.try_wait().expect("wait for minigo") {
            Some(status) => {
                break match status.code() {
                    Some(code) => code.to_string(),
                    None => format!("killed by signal ({status})"),
                }
            }
            None if start.elapsed() > TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                break format!("timeout (killed after {}s)", TIMEOUT.as_secs());
            }
            None => thread::sleep(Duration::from_millis(5)),
        }
    };
    let stdout = String::from_utf8_lossy(&out_reader.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    format_result(&exit, &stdout, &normalize_stderr(&stderr, compile_error))
}

#[test]
fn run() {
    insta::glob!("../../testdata", "run/*.go", |path| {
        let formatted = run_minigo(path, false);
        insta::assert_snapshot!(formatted);
    });
}

#[test]
fn errors() {
    insta::glob!("../../testdata", "errors/*.go", |path| {
        let formatted = run_minigo(path, true);
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
}
