//! The `minigo` command line as a user meets it (SPEC "Command line"):
//! help and version, missing files, compile errors, `os.Args`, deep and
//! unbounded recursion, stdout kept and ordered before a panic, `disasm`.
//!
//! Every program is written to a fresh temporary directory and run by the
//! built binary with stdin closed; each run is killed after [`TIMEOUT`].

use std::io::Read;
use std::path::{Path, PathBuf};
mod common;
use common::default_signals;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(60);

/// A temporary directory removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "minigo-cli-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create temp dir");
        TempDir(dir)
    }

    fn write(&self, name: &str, text: &str) -> &Self {
        let path = self.0.join(name);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("create temp subdirectory");
        }
        std::fs::write(path, text).expect("write temp file");
        self
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What one run of `minigo` did.
#[derive(Debug)]
struct Run {
    /// Exit status; `None` if killed by a signal or the timeout.
    code: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
    timed_out: bool,
}

impl Run {
    /// Fails with everything we know when the exit status is not `code`.
    fn expect_code(&self, code: i32) -> &Self {
        assert_eq!(
            self.code,
            Some(code),
            "wrong exit status (timed out: {}, {:.1?})\n--- stdout\n{}\n--- stderr\n{}",
            self.timed_out,
            self.elapsed,
            tail(&self.stdout),
            tail(&self.stderr)
        );
        self
    }

    /// minigo must never leak a Rust panic or abort message.
    fn no_rust_crash(&self) -> &Self {
        for bad in [
            "panicked at",
            "RUST_BACKTRACE",
            "has overflowed its stack",
            "minigo: internal error",
        ] {
            assert!(
                !self.stderr.contains(bad),
                "stderr has {bad:?}:\n{}",
                tail(&self.stderr)
            );
        }
        self
    }
}

/// The last 3000 bytes of `s` (for failure messages).
fn tail(s: &str) -> &str {
    let mut start = s.len().saturating_sub(3000);
    while !s.is_char_boundary(start) {
        start += 1;
    }
    &s[start..]
}

fn minigo(dir: &Path, args: &[&str]) -> Run {
    minigo_env(dir, args, &[])
}

/// Runs the binary in `dir` with `args` and extra environment variables.
fn minigo_env(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_minigo"));
    cmd.args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    run_command(cmd, dir)
}

/// Runs the binary in `dir` with `args` under `ulimit -v kib` (the
/// address-space limit, through the shell's builtin).
fn minigo_ulimit_v(dir: &Path, kib: u64, args: &[&str]) -> Run {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_minigo"))
        .args(args);
    run_command(cmd, dir)
}

/// Runs `cmd` in `dir` with its output captured, within [`TIMEOUT`].
fn run_command(mut cmd: Command, dir: &Path) -> Run {
    cmd.current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn minigo");
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_t = thread::spawn(move || {
        let mut b = Vec::new();
        let _ = out.read_to_end(&mut b);
        b
    });
    let err_t = thread::spawn(move || {
        let mut b = Vec::new();
        let _ = err.read_to_end(&mut b);
        b
    });
    let (status, elapsed) = wait(&mut child);
    Run {
        code: status.and_then(|s| s.code()),
        stdout: String::from_utf8_lossy(&out_t.join().unwrap()).into_owned(),
        stderr: String::from_utf8_lossy(&err_t.join().unwrap()).into_owned(),
        elapsed,
        timed_out: status.is_none(),
    }
}

/// Waits for `child` at most [`TIMEOUT`] (then kills it: `None`).
fn wait(child: &mut std::process::Child) -> (Option<std::process::ExitStatus>, Duration) {
    let start = Instant::now();
    loop {
        if let Some(st) = child.try_wait().expect("wait for minigo") {
            return (Some(st), start.elapsed());
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            return (None, start.elapsed());
        }
        thread::sleep(Duration::from_millis(5));
    }
}

/// Runs `minigo run prog.go args...` with stdout AND stderr going to the same
/// file, so that the relative order of their writes is visible.
fn run_combined(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let path = dir.join("combined.txt");
    let file = std::fs::File::create(&path).expect("create output file");
    let mut child = Command::new(env!("CARGO_BIN_EXE_minigo"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::from(file.try_clone().expect("dup output file")))
        .stderr(Stdio::from(file))
        .spawn()
        .expect("spawn minigo");
    let (status, _) = wait(&mut child);
    let text = std::fs::read(&path).expect("read output file");
    (
        status.and_then(|s| s.code()),
        String::from_utf8_lossy(&text).into_owned(),
    )
}

#[test]
fn help_exits_0_and_describes_the_commands() {
    let dir = TempDir::new("help");
    for flag in ["--help", "-h"] {
        let r = minigo(&dir.0, &[flag]);
        r.expect_code(0).no_rust_crash();
        assert!(r.stdout.contains("Usage"), "no usage line:\n{}", r.stdout);
        assert!(r.stdout.contains("run"), "run not described:\n{}", r.stdout);
        assert!(
            r.stdout.contains("disasm"),
            "disasm not described:\n{}",
            r.stdout
        );
    }
    let r = minigo(&dir.0, &["run", "--help"]);
    r.expect_code(0).no_rust_crash();
    assert!(r.stdout.contains("Usage"), "no usage line:\n{}", r.stdout);
}

#[test]
fn version_exits_0_and_names_the_version() {
    let dir = TempDir::new("version");
    let r = minigo(&dir.0, &["--version"]);
    r.expect_code(0).no_rust_crash();
    assert_eq!(
        r.stdout.trim(),
        format!("minigo {}", env!("CARGO_PKG_VERSION")),
        "unexpected --version output"
    );
}

#[test]
fn no_command_prints_usage_and_fails() {
    let dir = TempDir::new("nocmd");
    let r = minigo(&dir.0, &[]);
    r.no_rust_crash();
    assert_ne!(r.code, Some(0), "minigo with no command succeeded");
    assert!(r.code.is_some(), "killed: {r:?}");
    assert!(r.stderr.contains("Usage"), "no usage:\n{}", r.stderr);
}

#[test]
fn missing_file_fails_with_a_clear_message() {
    let dir = TempDir::new("missing");
    for cmd in ["run", "disasm"] {
        let r = minigo(&dir.0, &[cmd, "missing.go"]);
        r.no_rust_crash();
        assert!(
            matches!(r.code, Some(c) if c != 0),
            "{cmd} missing.go: want a nonzero exit status, got {:?}",
            r.code
        );
        assert!(r.stdout.is_empty(), "stdout: {}", r.stdout);
        assert!(
            r.stderr.contains("missing.go") && r.stderr.contains("no such file or directory"),
            "{cmd}: unclear message: {}",
            r.stderr
        );
        assert_eq!(r.stderr.lines().count(), 1, "one line: {}", r.stderr);
    }
}

#[test]
fn compile_error_exits_1_with_gc_position_and_message() {
    let dir = TempDir::new("compile");
    dir.write(
        "prog.go",
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tx := 1\n\tfmt.Println(\"hi\")\n}\n",
    );
    let r = minigo(&dir.0, &["run", "prog.go"]);
    r.expect_code(1).no_rust_crash();
    assert!(r.stdout.is_empty(), "program ran: {}", r.stdout);
    // Exactly what `go run prog.go` prints.
    assert_eq!(
        r.stderr,
        "# command-line-arguments\n./prog.go:6:2: declared and not used: x\n"
    );
}

#[test]
fn malformed_files_get_a_positioned_compile_error() {
    let dir = TempDir::new("malformed");
    dir.write("empty.go", "")
        .write("junk.go", "\u{1}\u{2}garbage }{ ][\n")
        .write("trunc.go", "package main\n\nfunc main() {\n\tprintln(\"a\"");
    std::fs::write(
        dir.0.join("latin1.go"),
        b"package main\n\nfunc main() {\n\tprintln(\"caf\xe9\")\n}\n",
    )
    .unwrap();
    for name in ["empty.go", "junk.go", "trunc.go", "latin1.go"] {
        let r = minigo(&dir.0, &["run", name]);
        r.expect_code(1).no_rust_crash();
        let mut lines = r.stderr.lines();
        // Go reports a file without a package clause as go/parser does,
        // before building: no package header, no `./`.
        let prefix = if name == "empty.go" {
            format!("{name}:")
        } else {
            assert_eq!(lines.next(), Some("# command-line-arguments"), "{name}");
            format!("./{name}:")
        };
        let first = lines.next().unwrap_or("");
        let rest = first
            .strip_prefix(&prefix)
            .unwrap_or_else(|| panic!("{name}: no position: {}", r.stderr));
        let mut parts = rest.splitn(3, ':');
        let line = parts.next().unwrap_or("");
        let col = parts.next().unwrap_or("");
        assert!(
            line.parse::<u32>().is_ok() && col.parse::<u32>().is_ok(),
            "{name}: want name.go:LINE:COL: message, got {first}"
        );
    }
}

#[test]
fn os_args_are_passed_through() {
    let dir = TempDir::new("args");
    dir.write(
        "prog.go",
        "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tfmt.Printf(\"%d %q\\n\", len(os.Args), os.Args[1:])\n}\n",
    );
    let r = minigo(
        &dir.0,
        &["run", "prog.go", "a", "b c", "-x", "--flag=1", "", "ü"],
    );
    r.expect_code(0).no_rust_crash();
    assert_eq!(
        r.stdout,
        "7 [\"a\" \"b c\" \"-x\" \"--flag=1\" \"\" \"ü\"]\n"
    );
    let r = minigo(&dir.0, &["run", "prog.go"]);
    r.expect_code(0).no_rust_crash();
    assert_eq!(r.stdout, "1 []\n");
}

#[test]
fn everything_after_the_file_is_the_programs() {
    // As `go run`: -h, --seed and -- after the file go to os.Args.
    let dir = TempDir::new("args-verbatim");
    dir.write(
        "prog.go",
        "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tfmt.Printf(\"%q\\n\", os.Args[1:])\n}\n",
    );
    let r = minigo(&dir.0, &["run", "prog.go", "-h"]);
    r.expect_code(0).no_rust_crash();
    assert_eq!(r.stdout, "[\"-h\"]\n");
    let r = minigo(
        &dir.0,
        &[
            "run", "--seed", "1", "prog.go", "--", "a", "--help", "--seed", "3",
        ],
    );
    r.expect_code(0).no_rust_crash();
    assert_eq!(r.stdout, "[\"--\" \"a\" \"--help\" \"--seed\" \"3\"]\n");
}

#[test]
fn flag_help_exits_0_and_a_bad_flag_exits_2() {
    let dir = TempDir::new("flag-exit");
    dir.write(
        "prog.go",
        "package main\n\nimport \"flag\"\n\nfunc main() {\n\tflag.Int(\"n\", 1, \"a number\")\n\tflag.Parse()\n\tprintln(\"parsed\")\n}\n",
    );
    let r = minigo(&dir.0, &["run", "prog.go", "-h"]);
    r.expect_code(0).no_rust_crash();
    assert_eq!(r.stdout, "");
    assert_eq!(
        r.stderr,
        "Usage of prog.go:\n  -n int\n    \ta number (default 1)\n"
    );
    let r = minigo(&dir.0, &["run", "prog.go", "-n", "x"]);
    r.expect_code(2).no_rust_crash();
    assert!(r
        .stderr
        .starts_with("invalid value \"x\" for flag -n: parse error\nUsage of prog.go:\n"));
    let r = minigo(&dir.0, &["run", "prog.go", "-n", "5"]);
    r.expect_code(0).no_rust_crash();
    assert_eq!(r.stderr, "parsed\n");
}

#[test]
fn deep_recursion_of_100000_frames_works() {
    let dir = TempDir::new("deep");
    dir.write(
        "prog.go",
        "package main\n\nimport \"fmt\"\n\nfunc depth(n int) int {\n\tif n == 0 {\n\t\treturn 0\n\t}\n\treturn depth(n-1) + 1\n}\n\nfunc sum(xs []int) int {\n\tif len(xs) == 0 {\n\t\treturn 0\n\t}\n\treturn xs[0] + sum(xs[1:])\n}\n\nfunc main() {\n\tfmt.Println(depth(100000))\n\txs := make([]int, 100000)\n\tfor i := range xs {\n\t\txs[i] = i\n\t}\n\tfmt.Println(sum(xs))\n}\n",
    );
    let r = minigo(&dir.0, &["run", "prog.go"]);
    r.expect_code(0).no_rust_crash();
    assert_eq!(r.stdout, "100000\n4999950000\n");
    assert_eq!(r.stderr, "");
}

#[test]
fn recursion_as_deep_as_gos_1gb_stack_allows_works() {
    // f(10,000,000) fits Go's 1 GB goroutine stack (about 48 bytes a
    // frame); minigo's frame accounting must never be stingier than Go's.
    let dir = TempDir::new("deeper");
    dir.write(
        "prog.go",
        "package main\n\nfunc f(n int) int {\n\tif n == 0 {\n\t\treturn 0\n\t}\n\treturn f(n-1) + 1\n}\n\nfunc main() { println(f(10000000)) }\n",
    );
    let r = minigo(&dir.0, &["run", "prog.go"]);
    r.expect_code(0).no_rust_crash();
    assert_eq!(r.stderr, "10000000\n");
}

#[test]
fn unbounded_recursion_is_a_go_stack_overflow() {
    let dir = TempDir::new("overflow");
    dir.write(
        "prog.go",
        "package main\n\nimport \"fmt\"\n\nfunc f(n int) int {\n\treturn f(n+1) + 1\n}\n\nfunc main() {\n\tfmt.Println(\"start\")\n\tfmt.Println(f(0))\n}\n",
    );
    let r = minigo(&dir.0, &["run", "prog.go"]);
    assert!(!r.timed_out, "still running after {TIMEOUT:?}");
    r.expect_code(2).no_rust_crash();
    assert_eq!(r.stdout, "start\n");
    // Go prints (the rest is the stack dump):
    //   runtime: goroutine stack exceeds 1000000000-byte limit
    //   runtime: sp=0x... stack=[0x..., 0x...]
    //   fatal error: stack overflow
    let first = r.stderr.lines().next().unwrap_or("");
    assert_eq!(
        first,
        "runtime: goroutine stack exceeds 1000000000-byte limit",
        "stderr:\n{}",
        tail(&r.stderr)
    );
    assert!(
        r.stderr.lines().any(|l| l == "fatal error: stack overflow"),
        "stderr:\n{}",
        tail(&r.stderr)
    );
    assert!(
        r.elapsed < Duration::from_secs(30),
        "took {:.1?} to overflow",
        r.elapsed
    );
}

#[test]
fn unbounded_recursion_in_a_goroutine_is_a_go_stack_overflow() {
    let dir = TempDir::new("overflow-go");
    dir.write(
        "prog.go",
        "package main\n\nimport \"fmt\"\n\nfunc f(n int) int {\n\treturn f(n+1) + 1\n}\n\nfunc main() {\n\tfmt.Println(\"start\")\n\tdone := make(chan int)\n\tgo func() { done <- f(0) }()\n\tfmt.Println(<-done)\n}\n",
    );
    let r = minigo(&dir.0, &["run", "prog.go"]);
    assert!(!r.timed_out, "still running after {TIMEOUT:?}");
    r.expect_code(2).no_rust_crash();
    assert_eq!(r.stdout, "start\n");
    assert!(
        r.stderr
            .starts_with("runtime: goroutine stack exceeds 1000000000-byte limit\n"),
        "stderr:\n{}",
        tail(&r.stderr)
    );
    assert!(
        r.stderr.lines().any(|l| l == "fatal error: stack overflow"),
        "stderr:\n{}",
        tail(&r.stderr)
    );
}

/// Asserts Go's report of a goroutine stack overflow (the rest of Go's
/// dump, `runtime: sp=...` and the runtime stack, differs).
fn expect_go_stack_overflow(r: &Run) {
    assert!(!r.timed_out, "still running after {TIMEOUT:?}");
    r.expect_code(2).no_rust_crash();
    assert!(
        r.stderr
            .starts_with("runtime: goroutine stack exceeds 1000000000-byte limit\n"),
        "stderr:\n{}",
        tail(&r.stderr)
    );
    for line in ["fatal error: stack overflow", "goroutine 1 [running]:"] {
        assert!(
            r.stderr.lines().any(|l| l == line),
            "no {line:?} in stderr:\n{}",
            tail(&r.stderr)
        );
    }
}

#[test]
fn panic_stringer_self_recursion_is_a_go_stack_overflow() {
    // A String() method that prints its own receiver with %v: Go calls
    // String() again inside Sprintf until its stack runs out.
    let dir = TempDir::new("stringer-self");
    dir.write(
        "prog.go",
        "package main\n\nimport \"fmt\"\n\ntype T struct{ n int }\n\nfunc (t *T) String() string { return fmt.Sprintf(\"%v\", t) }\n\nfunc main() {\n\tfmt.Println(\"start\")\n\tfmt.Println(&T{1})\n}\n",
    );
    let r = minigo(&dir.0, &["run", "prog.go"]);
    expect_go_stack_overflow(&r);
    assert_eq!(r.stdout, "start\n");
    // Go names the file by its absolute path, as it was compiled.
    let dir = dir.0.canonicalize().unwrap();
    assert!(
        r.stderr.contains(&format!(
            "main.(*T).String(...)\n\t{}/prog.go:7 ",
            dir.display()
        )),
        "stderr:\n{}",
        tail(&r.stderr)
    );
}

#[test]
fn panic_printing_cyclic_data_is_a_go_stack_overflow() {
    // A slice holding itself (through an interface) and a map holding
    // itself: Go's printValue recurses until its stack runs out.
    let dir = TempDir::new("fmt-cycle");
    dir.write(
        "prog.go",
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tm := map[string]any{}\n\tm[\"a\"] = 1\n\tfmt.Println(m)\n\tm[\"self\"] = m\n\tfmt.Println(len(m))\n\tfmt.Println(m)\n}\n",
    );
    let r = minigo(&dir.0, &["run", "prog.go"]);
    expect_go_stack_overflow(&r);
    assert_eq!(r.stdout, "map[a:1]\n2\n");
}

#[test]
fn fmt_nesting_as_deep_as_gos_stack_allows_works() {
    // Go 1.27 prints a []any nested 600,000 deep (about 780 bytes of its
    // stack per level; it overflows near 690,000): minigo's accounting
    // (`FMT_LEVEL_BYTES`) must let it through too.
    let dir = TempDir::new("fmt-deep");
    dir.write(
        "prog.go",
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tvar y any = 1\n\tfor i := 0; i < 600000; i++ {\n\t\ty = []any{y}\n\t}\n\tz := fmt.Sprint(y)\n\tfmt.Println(len(z), z[599995:600005])\n}\n",
    );
    let r = minigo(&dir.0, &["run", "prog.go"]);
    r.expect_code(0).no_rust_crash();
    assert_eq!(r.stdout, "1200001 [[[[[1]]]]\n");
}

#[test]
fn rust_panic_on_a_runtime_thread_is_a_clean_internal_error() {
    // MINIGO_TEST_PANIC=sysmon makes sysmon (a thread that runs no
    // goroutine) panic at start: the process must end at once with exit
    // status 3 and one line, never a Rust backtrace note or a process
    // that runs on without its sysmon.
    let dir = TempDir::new("rust-panic");
    dir.write(
        "prog.go",
        "package main\n\nimport \"time\"\n\nfunc main() {\n\tfor {\n\t\ttime.Sleep(10 * time.Millisecond)\n\t}\n}\n",
    );
    let r = minigo_env(
        &dir.0,
        &["run", "prog.go"],
        &[("MINIGO_TEST_PANIC", "sysmon")],
    );
    assert!(!r.timed_out, "still running after {TIMEOUT:?}");
    r.expect_code(3);
    assert!(
        r.stderr.starts_with(
            "minigo: internal error: injected panic in sysmon (MINIGO_TEST_PANIC=sysmon)"
        ),
        "stderr:\n{}",
        tail(&r.stderr)
    );
    assert_eq!(r.stderr.lines().count(), 1, "stderr:\n{}", r.stderr);
    assert!(!r.stderr.contains("panicked at"), "stderr:\n{}", r.stderr);
}

const PRINT_THEN_PANIC: &str = r#"package main

import (
	"fmt"
	"os"
)

func main() {
	for i := 0; i < 5000; i++ {
		fmt.Println("line", i)
	}
	fmt.Print("no newline")
	fmt.Fprintln(os.Stderr, "to stderr")
	fmt.Println(" then stdout")
	panic("boom")
}
"#;

#[test]
fn stdout_is_kept_and_ordered_before_a_panic() {
    let dir = TempDir::new("panic");
    dir.write("prog.go", PRINT_THEN_PANIC);
    let mut want = String::new();
    for i in 0..5000 {
        want.push_str(&format!("line {i}\n"));
    }
    want.push_str("no newline then stdout\n");

    // Separate pipes: all of stdout arrives.
    let r = minigo(&dir.0, &["run", "prog.go"]);
    r.expect_code(2).no_rust_crash();
    assert!(
        r.stdout == want,
        "stdout lost or changed:\n{}",
        tail(&r.stdout)
    );
    assert!(
        r.stderr
            .starts_with("to stderr\npanic: boom\n\ngoroutine 1 [running]:\n"),
        "stderr:\n{}",
        tail(&r.stderr)
    );

    // One file for both: Go's writes are unbuffered, so the order of the
    // writes is the order in the file.
    let (code, text) = run_combined(&dir.0, &["run", "prog.go"]);
    assert_eq!(code, Some(2));
    let mut want_combined = want.replace("no newline then stdout\n", "no newline");
    want_combined.push_str("to stderr\n then stdout\npanic: boom\n\ngoroutine 1 [running]:\n");
    assert!(
        text.starts_with(&want_combined),
        "stdout and stderr interleaved wrongly; the end of the output:\n{}",
        tail(&text)
    );
}

#[test]
fn stdout_is_kept_on_os_exit() {
    let dir = TempDir::new("exit");
    dir.write(
        "exit.go",
        "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tdefer fmt.Println(\"deferred: not printed\")\n\tfor i := 0; i < 1000; i++ {\n\t\tfmt.Println(\"line\", i)\n\t}\n\tfmt.Print(\"last\")\n\tos.Exit(3)\n}\n",
    );
    let r = minigo(&dir.0, &["run", "exit.go"]);
    r.expect_code(3).no_rust_crash();
    assert!(r.stdout.starts_with("line 0\nline 1\n"));
    assert!(
        r.stdout.ends_with("line 999\nlast"),
        "stdout: {}",
        tail(&r.stdout)
    );
    assert_eq!(r.stderr, "");
}

#[test]
fn stdout_is_kept_when_a_goroutine_panics() {
    let dir = TempDir::new("gopanic");
    dir.write(
        "gopanic.go",
        "package main\n\nimport (\n\t\"fmt\"\n\t\"time\"\n)\n\nfunc main() {\n\tfmt.Println(\"before\")\n\tgo func() {\n\t\tfmt.Println(\"in goroutine\")\n\t\tpanic(\"from goroutine\")\n\t}()\n\ttime.Sleep(10 * time.Second)\n\tfmt.Println(\"not reached\")\n}\n",
    );
    let r = minigo(&dir.0, &["run", "gopanic.go"]);
    r.expect_code(2).no_rust_crash();
    assert_eq!(r.stdout, "before\nin goroutine\n");
    assert!(
        r.stderr.starts_with("panic: from goroutine\n\ngoroutine "),
        "stderr:\n{}",
        tail(&r.stderr)
    );
    assert!(
        r.elapsed < Duration::from_secs(8),
        "the panic did not end the program at once ({:.1?})",
        r.elapsed
    );
}

#[test]
fn disasm_prints_listings() {
    let dir = TempDir::new("disasm");
    dir.write(
        "prog.go",
        "package main\n\nimport \"fmt\"\n\nfunc add(a, b int) int {\n\treturn a + b\n}\n\nfunc main() {\n\tfmt.Println(add(1, 2))\n}\n",
    );
    let r = minigo(&dir.0, &["disasm", "prog.go"]);
    r.expect_code(0).no_rust_crash();
    for want in ["main.add", "main.main", "Return"] {
        assert!(r.stdout.contains(want), "no {want} in:\n{}", r.stdout);
    }
    // One header line per function, then its instructions.
    let headers = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("func main."))
        .count();
    assert!(headers >= 2, "listing:\n{}", r.stdout);
    // disasm does not run the program.
    assert!(!r.stdout.lines().any(|l| l == "3"), "{}", r.stdout);

    dir.write("bad.go", "package main\n\nfunc main() {\n\ty := 2\n}\n");
    let r = minigo(&dir.0, &["disasm", "bad.go"]);
    r.expect_code(1).no_rust_crash();
    assert_eq!(
        r.stderr,
        "# command-line-arguments\n./bad.go:4:2: declared and not used: y\n"
    );
}

#[test]
fn gomaxprocs_environment_is_honoured() {
    let dir = TempDir::new("gomaxprocs");
    dir.write(
        "prog.go",
        "package main\n\nimport (\n\t\"fmt\"\n\t\"runtime\"\n)\n\nfunc main() {\n\tfmt.Println(runtime.GOMAXPROCS(0))\n}\n",
    );
    for n in ["1", "2", "8"] {
        let r = minigo_env(&dir.0, &["run", "prog.go"], &[("GOMAXPROCS", n)]);
        r.expect_code(0).no_rust_crash();
        assert_eq!(r.stdout.trim(), n, "GOMAXPROCS={n}");
    }
}

#[test]
fn runtime_breakpoint_dies_of_sigtrap_like_gc() {
    // gc executes INT3: the process dies with the signal's report
    // (`SIGTRAP: trace trap`), the running goroutine's stack, exit 2.
    let dir = TempDir::new("breakpoint");
    dir.write(
        "bp.go",
        "package main\n\nimport \"runtime\"\n\nfunc main() {\n\tprintln(\"before\")\n\truntime.Breakpoint()\n\tprintln(\"after\")\n}\n",
    );
    let r = minigo(&dir.0, &["run", "bp.go"]);
    r.expect_code(2);
    assert!(
        r.stderr.starts_with("before\nSIGTRAP: trace trap\n"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("goroutine 1 [running]:\nmain.main()"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("after"), "{}", r.stderr);
}

#[test]
fn a_panic_value_whose_method_panics_is_gos_fatal_error() {
    // Go's preprintpanics: the Error/String text of every panic value is
    // made first; a method that panics there is a fatal error naming the
    // inner panic (a string as is, any other value by its type).
    let dir = TempDir::new("printpanic");
    dir.write(
        "s.go",
        "package main\n\ntype E struct{}\n\nfunc (E) Error() string { panic(\"boom in Error\") }\n\nfunc main() {\n\tprintln(\"start\")\n\tpanic(E{})\n}\n",
    );
    let r = minigo(&dir.0, &["run", "s.go"]);
    r.expect_code(2);
    assert!(
        r.stderr.starts_with(
            "start\nfatal error: panic while printing panic value: boom in Error\n\ngoroutine 1 "
        ),
        "{}",
        r.stderr
    );
    dir.write(
        "t.go",
        "package main\n\ntype S struct{}\n\ntype I int\n\nfunc (S) String() string { panic(I(3)) }\n\nfunc main() {\n\tpanic(S{})\n}\n",
    );
    let r = minigo(&dir.0, &["run", "t.go"]);
    r.expect_code(2);
    assert!(
        r.stderr
            .starts_with("fatal error: panic while printing panic value: type main.I\n"),
        "{}",
        r.stderr
    );
}

#[test]
fn stdout_of_a_cpu_bound_program_appears_before_it_is_killed() {
    // Go writes each Print straight through: a program killed while it
    // computes has its lines on stdout. minigo buffers, but flushes within
    // milliseconds even when no goroutine ever blocks.
    let dir = TempDir::new("spinprint");
    dir.write(
        "spin.go",
        "package main\n\nimport (\n\t\"fmt\"\n\t\"time\"\n)\n\nfunc main() {\n\tlast := time.Now()\n\tfor n := 1; ; {\n\t\tif time.Since(last) >= 20*time.Millisecond {\n\t\t\tfmt.Println(\"tick\", n)\n\t\t\tn++\n\t\t\tlast = time.Now()\n\t\t}\n\t}\n}\n",
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_minigo"))
        .args(["run", "spin.go"])
        .current_dir(&dir.0)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn minigo");
    let mut out = child.stdout.take().unwrap();
    let reader = thread::spawn(move || {
        let mut b = Vec::new();
        let _ = out.read_to_end(&mut b);
        b
    });
    thread::sleep(Duration::from_millis(1500));
    let _ = child.kill(); // SIGKILL: nothing is flushed at exit
    let _ = child.wait();
    let text = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
    let lines = text.lines().count();
    // About 75 ticks in 1.5 s; a slow, loaded machine still prints many.
    assert!(lines >= 10, "only {lines} lines reached stdout: {text:?}");
    assert!(text.starts_with("tick 1\ntick 2\n"), "{text:?}");
}

#[test]
fn racing_map_writers_are_reported_as_concurrent_map_writes() {
    // Two writers racing is `concurrent map writes` in Go's words; the
    // read/write message is only for a reader racing a writer. The writers
    // never stop, so only the race detection ends the program (on a loaded
    // machine it may take a while to catch them in the act).
    let dir = TempDir::new("mapwrites");
    dir.write(
        "mw.go",
        "package main\n\nimport \"sync\"\n\nfunc main() {\n\tm := map[int]int{}\n\tvar wg sync.WaitGroup\n\tfor g := 0; g < 4; g++ {\n\t\twg.Add(1)\n\t\tgo func(g int) {\n\t\t\tdefer wg.Done()\n\t\t\tfor i := 0; ; i++ {\n\t\t\t\tm[i%100+g] = i\n\t\t\t}\n\t\t}(g)\n\t}\n\twg.Wait()\n}\n",
    );
    for _ in 0..3 {
        let r = minigo_env(&dir.0, &["run", "mw.go"], &[("GOMAXPROCS", "4")]);
        r.expect_code(2);
        assert!(
            r.stderr.starts_with("fatal error: concurrent map writes\n"),
            "{}",
            r.stderr
        );
    }
}

/// Spawns `minigo run prog.go` in `dir` with stdout and stderr piped.
fn spawn_run(dir: &Path, prog: &str) -> std::process::Child {
    default_signals(&mut Command::new(env!("CARGO_BIN_EXE_minigo")))
        .args(["run", prog])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn minigo")
}

/// Reads `child`'s stdout until it holds `want`, at most 20 s.
fn wait_for_stdout(out: &mut std::process::ChildStdout, want: &str) -> String {
    let start = Instant::now();
    let mut got = Vec::new();
    let mut buf = [0u8; 256];
    while !String::from_utf8_lossy(&got).contains(want) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no {want:?} in {got:?}"
        );
        match out.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
    String::from_utf8_lossy(&got).into_owned()
}

#[test]
fn a_broken_stdout_pipe_kills_the_program_with_sigpipe() {
    use std::os::unix::process::ExitStatusExt;
    // `minigo run endless.go | head -1`: Go dies of SIGPIPE at the first
    // write to the closed pipe (shell status 141) instead of spinning.
    let dir = TempDir::new("sigpipe");
    dir.write(
        "endless.go",
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfor i := 0; ; i++ {\n\t\tfmt.Println(\"line\", i)\n\t}\n}\n",
    );
    let mut child = spawn_run(&dir.0, "endless.go");
    let mut out = child.stdout.take().unwrap();
    wait_for_stdout(&mut out, "line 0\n");
    drop(out); // the reader goes away, as `head -1` does
    let (status, _) = wait(&mut child);
    let status = status.expect("minigo kept running after its stdout closed");
    assert_eq!(status.signal(), Some(13), "not SIGPIPE: {status:?}");
}

#[test]
fn sigquit_dumps_every_goroutine_and_exits_2() {
    // Ctrl-\ on a Go program: `SIGQUIT: quit`, every goroutine's stack,
    // exit status 2.
    let dir = TempDir::new("sigquit");
    dir.write(
        "sq.go",
        "package main\n\nimport (\n\t\"fmt\"\n\t\"time\"\n)\n\nfunc main() {\n\tch := make(chan int)\n\tgo func() { <-ch }()\n\tfmt.Println(\"ready\")\n\ttime.Sleep(20 * time.Second)\n}\n",
    );
    let mut child = spawn_run(&dir.0, "sq.go");
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    wait_for_stdout(&mut out, "ready\n");
    thread::sleep(Duration::from_millis(100));
    let kill = Command::new("kill")
        .args(["-QUIT", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(kill.success());
    let (status, elapsed) = wait(&mut child);
    let mut stderr = String::new();
    let _ = err.read_to_string(&mut stderr);
    assert_eq!(status.and_then(|s| s.code()), Some(2), "{stderr}");
    assert!(elapsed < Duration::from_secs(15), "SIGQUIT did not end it");
    assert!(stderr.starts_with("SIGQUIT: quit\n"), "{stderr}");
    assert!(
        stderr.contains("\ngoroutine 1 [sleep]:\nmain.main()"),
        "{stderr}"
    );
    assert!(
        stderr.contains("\ngoroutine 2 [chan receive]:\n"),
        "{stderr}"
    );
}

#[test]
fn sigint_flushes_stdout_then_dies_of_the_signal() {
    use std::os::unix::process::ExitStatusExt;
    let dir = TempDir::new("sigint");
    dir.write(
        "si.go",
        "package main\n\nimport (\n\t\"fmt\"\n\t\"time\"\n)\n\nfunc main() {\n\tfmt.Println(\"ready\")\n\tfor i := 0; i < 3; i++ {\n\t\tfmt.Print(\"tick \")\n\t}\n\ttime.Sleep(20 * time.Second)\n}\n",
    );
    let mut child = spawn_run(&dir.0, "si.go");
    let mut out = child.stdout.take().unwrap();
    let mut got = wait_for_stdout(&mut out, "ready\n");
    thread::sleep(Duration::from_millis(100));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(kill.success());
    let (status, _) = wait(&mut child);
    let mut rest = String::new();
    let _ = out.read_to_string(&mut rest);
    got.push_str(&rest);
    let status = status.expect("SIGINT did not end it");
    assert_eq!(status.signal(), Some(2), "{status:?}");
    assert_eq!(got, "ready\ntick tick tick ");
}

#[test]
fn a_file_that_is_not_package_main_is_refused_as_go_run_does() {
    let dir = TempDir::new("notmain");
    dir.write(
        "foo.go",
        "package foo\n\nfunc main() {\n\tprintln(\"hi\")\n}\n",
    );
    let r = minigo(&dir.0, &["run", "foo.go"]);
    r.expect_code(1).no_rust_crash();
    assert!(
        r.stdout.is_empty() && !r.stderr.contains("hi"),
        "it ran: {r:?}"
    );
    assert_eq!(
        r.stderr,
        "package command-line-arguments is not a main package\n"
    );
}

#[test]
fn syntax_errors_in_several_declarations_are_all_reported() {
    // gc reports up to 10 syntax errors; minigo finds one per top-level
    // declaration (gc may find more inside one), with gc's positions.
    let dir = TempDir::new("syntaxerrs");
    dir.write(
        "se.go",
        "package main\n\nimport \"fmt\"\n\nfunc a() {\n\tx := 1 +\n}\n\nfunc b() int {\n\treturn 2 3\n}\n\ntype T struct {\n\tx int,\n}\n\nfunc main() {\n\tfmt.Println(a, b)\n}\n",
    );
    let r = minigo(&dir.0, &["run", "se.go"]);
    r.expect_code(1).no_rust_crash();
    assert_eq!(
        r.stderr,
        "# command-line-arguments\n./se.go:7:1: syntax error: unexpected }, expected expression\n\
         ./se.go:10:11: syntax error: unexpected literal 3 at end of statement\n\
         ./se.go:14:7: syntax error: unexpected comma in struct type; possibly missing semicolon or newline or }\n"
    );
    // Twelve broken functions: ten errors, then gc's `too many errors`.
    let mut src = String::from("package main\n\n");
    for i in 0..12 {
        src.push_str(&format!("func f{i}() {{\n\treturn 1 2\n}}\n\n"));
    }
    src.push_str("func main() {}\n");
    dir.write("many.go", &src);
    let r = minigo(&dir.0, &["run", "many.go"]);
    r.expect_code(1);
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(lines.len(), 12, "{}", r.stderr);
    assert_eq!(lines[0], "# command-line-arguments");
    assert_eq!(
        lines[1],
        "./many.go:4:11: syntax error: unexpected literal 2 at end of statement"
    );
    assert_eq!(
        lines[10],
        "./many.go:40:11: syntax error: unexpected literal 2 at end of statement"
    );
    assert_eq!(lines[11], "./many.go:40:11: too many errors");
}

#[test]
fn a_std_package_minigo_lacks_says_so() {
    let dir = TempDir::new("nostd");
    dir.write(
        "js.go",
        "package main\n\nimport (\n\t\"go/types\"\n\t\"no/such/pkg\"\n)\n\nfunc main() { _ = types.Universe }\n",
    );
    let r = minigo(&dir.0, &["run", "js.go"]);
    r.expect_code(1).no_rust_crash();
    assert_eq!(
        r.stderr,
        "js.go:4:2: package go/types is not in std (minigo does not provide go/types yet; see docs/packages.md)\n\
         js.go:5:2: package no/such/pkg is not in std\n"
    );
}

#[test]
fn ten_thousand_nested_parentheses_compile_as_with_gc() {
    // gc compiles 10,000 nested parentheses (and index expressions); the
    // front end runs on a thread with a deep stack, so allow them.
    let dir = TempDir::new("parens");
    let n = 10_000;
    let src = format!(
        "package main\n\nimport \"fmt\"\n\nfunc main() {{\n\tx := []int{{0}}\n\ty := {}1{}\n\tz := {}0{}\n\tfmt.Println(y, z)\n}}\n",
        "(".repeat(n),
        ")".repeat(n),
        "x[".repeat(n),
        "]".repeat(n)
    );
    dir.write("parens.go", &src);
    let r = minigo(&dir.0, &["run", "parens.go"]);
    r.expect_code(0).no_rust_crash();
    assert_eq!(r.stdout, "1 0\n");
}

/// A program of `n` struct types `T0 ..`, of which every `step`-th is
/// appended to a slice (so it and its slice type get runtime type indices),
/// then a last struct type `P` appended after all of them.
fn many_types_source(n: usize, step: usize) -> String {
    let mut s = String::from("package main\n\nimport \"fmt\"\n\n");
    for i in 0..n {
        s += &format!("type T{i} struct{{ x int }}\n");
    }
    for i in (0..n).step_by(step) {
        s += &format!("func f{i}() int {{ return len(append([]T{i}(nil), T{i}{{{i}}})) }}\n");
    }
    s += "type P struct{ a, b, c int }\n\nfunc main() {\n\tn := 0\n";
    for i in (0..n).step_by(2000) {
        s += &format!("\tn += f{i}()\n");
    }
    s += "\tvar ps []P\n\tps = append(ps, P{1, 2, 3})\n";
    s += "\tfmt.Println(ps[0].a, ps[0].b, ps[0].c, n)\n}\n";
    s
}

#[test]
fn append_of_a_type_indexed_past_32k_uses_that_type() {
    // 40,000 struct types, 20,000 of them appended: `[]P` gets a runtime
    // type index above 32767, where a stack-slice flag once shared the
    // operand's top bit (it read fields past a one-slot box). The expected
    // output is real Go's.
    let dir = TempDir::new("types");
    dir.write("prog.go", &many_types_source(40_000, 2));
    let r = minigo(&dir.0, &["run", "prog.go"]);
    r.expect_code(0).no_rust_crash();
    assert_eq!(r.stdout, "1 2 3 20\n");
}

#[test]
fn more_operand_types_than_16_bits_is_a_clean_compile_error() {
    // 40,000 appended struct types need over 65,536 type operands: gc
    // compiles it (and prints `1 2 3 20`); minigo refuses cleanly, never
    // with a wrapped type index.
    let dir = TempDir::new("types-limit");
    dir.write("prog.go", &many_types_source(40_000, 1));
    let r = minigo(&dir.0, &["run", "prog.go"]);
    r.expect_code(1).no_rust_crash();
    assert!(r.stdout.is_empty(), "program ran: {}", r.stdout);
    assert!(
        r.stderr.starts_with("# command-line-arguments\n./prog.go:")
            && r.stderr
                .ends_with(": program too large: too many types (limit 65536)\n")
            && r.stderr.lines().count() == 2,
        "{}",
        tail(&r.stderr)
    );
}

#[test]
fn seventy_thousand_locals_is_a_clean_compile_error() {
    // gc compiles 70,000 locals in one function; minigo's registers are 16
    // bits (bytecode.rs, "Limits"), so the declaration past the limit gets
    // a positioned compile error instead of a wrapped register.
    let n = 70_000;
    let mut s = String::from("package main\n\nimport \"fmt\"\n\nfunc main() {\n");
    for i in 0..n {
        s += &format!("\tv{i} := {i}\n");
    }
    s += "\ts := 0\n";
    for i in 0..n {
        s += &format!("\ts += v{i}\n");
    }
    s += "\tfmt.Println(s)\n}\n";
    let dir = TempDir::new("locals");
    dir.write("prog.go", &s);
    let r = minigo(&dir.0, &["run", "prog.go"]);
    r.expect_code(1).no_rust_crash();
    assert!(r.stdout.is_empty(), "program ran: {}", r.stdout);
    // v65280 (line 6 + 65280) is the first local past the limit.
    assert_eq!(
        r.stderr,
        "# command-line-arguments\n./prog.go:65286:2: function too large: too many registers (limit 65280)\n"
    );
}

/// Go's report when memory runs out, checked against real Go 1.27 under
/// the same `ulimit -v`: `runtime: out of memory: cannot allocate N-byte
/// block (M in use)` then `fatal error: out of memory`, exit status 2
/// (Go then prints goroutine stacks; minigo stops at the message). Output
/// printed before is kept.
#[test]
fn out_of_memory_is_gos_fatal_error() {
    let dir = TempDir::new("oom");
    dir.write(
        "prog.go",
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"start\")\n\tvar keep [][]byte\n\tfor {\n\t\tkeep = append(keep, make([]byte, 64<<20))\n\t\tkeep[len(keep)-1][0] = 1\n\t}\n}\n",
    );
    for kib in [2_000_000u64, 6_000_000] {
        let r = minigo_ulimit_v(&dir.0, kib, &["run", "prog.go"]);
        r.expect_code(2).no_rust_crash();
        assert_eq!(r.stdout, "start\n");
        let lines: Vec<&str> = r.stderr.lines().collect();
        assert!(
            lines.len() == 2
                && lines[0].starts_with("runtime: out of memory: cannot allocate ")
                && lines[0].ends_with(" in use)")
                && lines[1] == "fatal error: out of memory",
            "ulimit -v {kib}: {}",
            tail(&r.stderr)
        );
    }
}

/// Under an address-space limit too small for the collector's own tables,
/// a program ends as Go's does when memory runs out, with Go's words and
/// exit status 2: not an internal error (MMTk panics when it cannot map a
/// space's metadata), and not a hang (the report must not take a lock or
/// allocate, since it may run inside the collector's or stdout's first
/// allocation). Real Go fails under these limits too.
#[test]
fn out_of_memory_while_starting_is_gos_fatal_error() {
    let dir = TempDir::new("oom-start");
    dir.write(
        "prog.go",
        "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hi\") }\n",
    );
    for kib in [100_000u64, 400_000] {
        let r = minigo_ulimit_v(&dir.0, kib, &["run", "prog.go"]);
        r.expect_code(2).no_rust_crash();
        let last = r.stderr.lines().last().unwrap_or("");
        assert!(
            last == "fatal error: out of memory" || last == "fatal error: runtime: out of memory",
            "ulimit -v {kib}: {}",
            tail(&r.stderr)
        );
    }
}

/// `make` of a channel or slice larger than the machine's memory and swap
/// (but under Go's 1<<48-byte `maxAlloc`) is Go's `fatal error: runtime:
/// out of memory`, exit 2, at the `make`, even though minigo fills a
/// channel's buffer lazily; over `maxAlloc` (by Go's element size, zero
/// for `struct{}`) it is Go's recoverable panic. Expectations from Go 1.27.
#[test]
fn huge_makes_fail_as_gos_do() {
    let dir = TempDir::new("huge-make");
    let cases: [(&str, i32, &str, &str); 6] = [
        (
            "n := 1 << 40\n\tc := make(chan int, n)\n\tfmt.Println(cap(c))",
            2,
            "",
            "fatal error: runtime: out of memory",
        ),
        (
            "n := 1 << 40\n\tb := make([]byte, n)\n\tfmt.Println(len(b))",
            2,
            "",
            "fatal error: runtime: out of memory",
        ),
        (
            "n := 1 << 36\n\tb := make([]struct{ a, b int }, n)\n\tfmt.Println(len(b))",
            2,
            "",
            "fatal error: runtime: out of memory",
        ),
        (
            "n := 1 << 47\n\tb := make([]int32, 0, n)\n\tfmt.Println(len(b))",
            2,
            "",
            "panic: runtime error: makeslice: cap out of range",
        ),
        (
            "n := 1 << 62\n\tc := make(chan struct{}, n)\n\tfmt.Println(cap(c))",
            0,
            "4611686018427387904\n",
            "",
        ),
        (
            "n := 1 << 60\n\tc := make(chan int, n)\n\tfmt.Println(cap(c))",
            2,
            "",
            "panic: makechan: size out of range",
        ),
    ];
    for (body, code, stdout, stderr_head) in cases {
        dir.write(
            "prog.go",
            &format!("package main\n\nimport \"fmt\"\n\nfunc main() {{\n\tfmt.Println(\"start\")\n\t{body}\n}}\n"),
        );
        let r = minigo(&dir.0, &["run", "prog.go"]);
        r.expect_code(code).no_rust_crash();
        assert_eq!(r.stdout, format!("start\n{stdout}"), "{body}");
        assert_eq!(
            r.stderr.lines().next().unwrap_or(""),
            stderr_head,
            "{body}: {}",
            tail(&r.stderr)
        );
    }
}

/// A lowered `ulimit -v` leaves room for an ordinary program: the front
/// end's deep stack is only reserved as far as the limit allows.
#[test]
fn a_small_address_space_limit_still_runs_programs() {
    let dir = TempDir::new("ulimit");
    dir.write(
        "prog.go",
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tc := make(chan int)\n\tgo func() { c <- 42 }()\n\tfmt.Println(<-c)\n}\n",
    );
    for kib in [1_000_000u64, 2_000_000] {
        let r = minigo_ulimit_v(&dir.0, kib, &["run", "prog.go"]);
        r.expect_code(0).no_rust_crash();
        assert_eq!(r.stdout, "42\n", "ulimit -v {kib}");
    }
}

/// `--trace=FILE.json` writes the scheduling events however the program
/// ends: G runs named after their functions, blocks, the GC's cycle and
/// its stop of the world. The worker sleeps before it sends so that main
/// blocks in its receive whatever the scheduling (a worker stolen by the
/// other P could otherwise send first, on a loaded machine).
#[test]
fn trace_flag_writes_trace_event_json_on_every_exit() {
    let dir = TempDir::new("trace");
    dir.write(
        "prog.go",
        "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\t\"runtime\"\n\t\"time\"\n)\n\n\
         func worker(c chan int) { time.Sleep(20 * time.Millisecond); c <- 21 }\n\n\
         func main() {\n\tc := make(chan int)\n\tgo worker(c)\n\tv := <-c\n\truntime.GC()\n\
         \tfmt.Println(v * 2)\n\tif len(os.Args) > 1 {\n\t\tif os.Args[1] == \"exit\" {\n\t\t\tos.Exit(3)\n\t\t}\n\
         \t\tpanic(\"boom\")\n\t}\n}\n",
    );
    for (args, code) in [(&[][..], 0), (&["exit"][..], 3), (&["panic"][..], 2)] {
        let _ = std::fs::remove_file(dir.0.join("t.json"));
        let mut a = vec!["run", "--trace=t.json", "prog.go"];
        a.extend(args);
        let r = minigo(&dir.0, &a);
        r.expect_code(code).no_rust_crash();
        assert_eq!(r.stdout, "42\n");
        let t = std::fs::read_to_string(dir.0.join("t.json")).expect("trace written");
        assert!(t.starts_with("{\"traceEvents\": [\n"), "{}", tail(&t));
        assert!(
            t.ends_with("\n], \"displayTimeUnit\": \"ns\"}\n"),
            "{}",
            tail(&t)
        );
        for want in [
            r#""name":"G1 runtime.main","cat":"g","ph":"X""#,
            r#""name":"G2 main.worker","cat":"g","ph":"X""#,
            r#""end":"GoBlock","reason":"chan receive""#,
            r#""name":"GoUnblock""#,
            r#""name":"GCStart""#,
            r#""name":"STW","cat":"gc","ph":"X""#,
            r#""name":"process_name","ph":"M","pid":1,"args":{"name":"Ps"}"#,
        ] {
            assert!(
                t.contains(want),
                "{want} missing from the trace {args:?}:\n{}",
                tail(&t)
            );
        }
    }
}

#[test]
fn trace_flag_writes_go_format_for_other_names() {
    let dir = TempDir::new("trace-go");
    dir.write("prog.go", "package main\n\nfunc main() { println(1) }\n");
    let r = minigo(&dir.0, &["run", "--trace=t.out", "prog.go"]);
    r.expect_code(0).no_rust_crash();
    let t = std::fs::read(dir.0.join("t.out")).unwrap();
    assert!(
        t.starts_with(b"go 1.23 trace\0\0\0"),
        "{:?}",
        &t[..t.len().min(16)]
    );
    let r = minigo(&dir.0, &["run", "--trace=", "prog.go"]);
    r.expect_code(2).no_rust_crash();
    assert!(r.stderr.contains("go tool trace"), "{}", r.stderr);
}

#[test]
fn time_local_follows_tz() {
    // time.Local from $TZ: a zone name, ':' and a path, an unknown zone
    // (UTC). Expected lines are real Go's.
    let dir = TempDir::new("tz-local");
    dir.write(
        "prog.go",
        "package main\n\nimport (\n\t\"fmt\"\n\t\"time\"\n)\n\nfunc main() {\n\tt := time.Unix(1e9, 0)\n\tfmt.Println(t, time.Local, t.UTC())\n\tp, err := time.Parse(time.RFC1123, \"Mon, 02 Jan 2006 15:04:05 EST\")\n\tfmt.Println(p, err, p.Location())\n\tfmt.Println(time.Date(2024, 7, 1, 12, 0, 0, 0, time.Local))\n}\n",
    );
    let cases = [
        (
            "America/New_York",
            "2001-09-08 21:46:40 -0400 EDT America/New_York 2001-09-09 01:46:40 +0000 UTC\n\
             2006-01-02 15:04:05 -0500 EST <nil> America/New_York\n\
             2024-07-01 12:00:00 -0400 EDT\n",
        ),
        (
            ":Europe/Berlin",
            "2001-09-09 03:46:40 +0200 CEST Europe/Berlin 2001-09-09 01:46:40 +0000 UTC\n\
             2006-01-02 15:04:05 +0000 EST <nil> EST\n\
             2024-07-01 12:00:00 +0200 CEST\n",
        ),
        (
            "Nowhere/X",
            "2001-09-09 01:46:40 +0000 UTC UTC 2001-09-09 01:46:40 +0000 UTC\n\
             2006-01-02 15:04:05 +0000 EST <nil> EST\n\
             2024-07-01 12:00:00 +0000 UTC\n",
        ),
    ];
    for (tz, want) in cases {
        let r = minigo_env(&dir.0, &["run", "prog.go"], &[("TZ", tz)]);
        r.expect_code(0);
        assert_eq!(r.stdout, want, "TZ={tz}");
    }
}

// ---- `minigo test` (expected output taken from real `go test` runs) ----

/// Timings (`0.123s`, `(0.00s)`) replaced by `T`, as they differ per run.
fn mask_times(s: &str) -> String {
    let mut out = String::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let mut j = i;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            if j < b.len() && b[j] == b'.' {
                let mut k = j + 1;
                while k < b.len() && b[k].is_ascii_digit() {
                    k += 1;
                }
                if k > j + 1 && k < b.len() && b[k] == b's' {
                    out.push('T');
                    i = k + 1;
                    continue;
                }
            }
            out.push_str(&s[i..j]);
            i = j;
            continue;
        }
        let c = s[i..].chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

const TEST_GO_MOD: &str = "module example.com/m\n\ngo 1.27\n";

const TEST_PKG: &str = "package m\n\nfunc Add(a, b int) int { return a + b }\n";

const TEST_FILE: &str = r#"package m

import "testing"

func helper(t *testing.T) {
	t.Helper()
	t.Errorf("from helper %d", 1)
}

func TestPass(t *testing.T) {
	t.Log("logged")
	t.Run("sub1", func(t *testing.T) {})
	t.Run("sub 2", func(t *testing.T) { t.Logf("in sub") })
}

func TestFail(t *testing.T) {
	t.Error("bad", 1)
	helper(t)
	t.Run("inner", func(t *testing.T) { t.Fatal("inner fatal\nsecond line") })
}

func TestSkip(t *testing.T) {
	t.Skip("skipping")
}

func BenchmarkAdd(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Add(i, i)
	}
}
"#;

fn test_package() -> TempDir {
    let d = TempDir::new("gotest");
    d.write("go.mod", TEST_GO_MOD)
        .write("m.go", TEST_PKG)
        .write("m_test.go", TEST_FILE);
    d
}

#[test]
fn go_test_reports_failures_like_go() {
    let d = test_package();
    let r = minigo(&d.0, &["test"]);
    r.expect_code(1).no_rust_crash();
    assert_eq!(
        mask_times(&r.stdout),
        "--- FAIL: TestFail (T)\n    m_test.go:17: bad 1\n    m_test.go:18: from helper 1\n    --- FAIL: TestFail/inner (T)\n        m_test.go:19: inner fatal\n            second line\nFAIL\nexit status 1\nFAIL\texample.com/m\tT\n"
    );
    // Package list mode: no `exit status`, a last `FAIL`.
    let r = minigo(&d.0, &["test", "."]);
    r.expect_code(1);
    assert!(
        mask_times(&r.stdout).ends_with("FAIL\nFAIL\texample.com/m\tT\nFAIL\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn go_test_verbose_lists_every_test_and_subtest() {
    let d = test_package();
    let r = minigo(&d.0, &["test", "-v"]);
    r.expect_code(1).no_rust_crash();
    assert_eq!(
        mask_times(&r.stdout),
        "=== RUN   TestPass
    m_test.go:11: logged
=== RUN   TestPass/sub1
=== RUN   TestPass/sub_2
    m_test.go:13: in sub
--- PASS: TestPass (T)
    --- PASS: TestPass/sub1 (T)
    --- PASS: TestPass/sub_2 (T)
=== RUN   TestFail
    m_test.go:17: bad 1
    m_test.go:18: from helper 1
=== RUN   TestFail/inner
    m_test.go:19: inner fatal
        second line
--- FAIL: TestFail (T)
    --- FAIL: TestFail/inner (T)
=== RUN   TestSkip
    m_test.go:23: skipping
--- SKIP: TestSkip (T)
FAIL
exit status 1
FAIL\texample.com/m\tT
"
    );
}

#[test]
fn go_test_run_filters_and_passes() {
    let d = test_package();
    let r = minigo(&d.0, &["test", "-run", "Pass"]);
    r.expect_code(0);
    assert_eq!(mask_times(&r.stdout), "PASS\nok  \texample.com/m\tT\n");
    let r = minigo(&d.0, &["test", "-run=Pass", "."]);
    r.expect_code(0);
    assert_eq!(mask_times(&r.stdout), "ok  \texample.com/m\tT\n");
    let r = minigo(&d.0, &["test", "-run", "XXX"]);
    r.expect_code(0);
    assert_eq!(
        mask_times(&r.stdout),
        "testing: warning: no tests to run\nPASS\nok  \texample.com/m\tT\n"
    );
    let r = minigo(&d.0, &["test", "-run", "XXX", "."]);
    r.expect_code(0);
    assert_eq!(
        mask_times(&r.stdout),
        "ok  \texample.com/m\tT [no tests to run]\n"
    );
    let r = minigo(&d.0, &["test", "-v", "-run", "/sub1"]);
    r.expect_code(1);
    assert!(
        r.stdout.contains("=== RUN   TestPass/sub1\n") && !r.stdout.contains("sub_2"),
        "{}",
        r.stdout
    );
}

#[test]
fn go_test_without_test_files_and_with_build_errors() {
    let d = TempDir::new("gotest-none");
    d.write("go.mod", TEST_GO_MOD).write("m.go", TEST_PKG);
    let r = minigo(&d.0, &["test"]);
    r.expect_code(0);
    assert_eq!(r.stdout, "?   \texample.com/m\t[no test files]\n");
    d.write(
        "bad_test.go",
        "package m\n\nimport \"testing\"\n\nfunc TestBad(t *testing.T) { x := 1 }\n",
    );
    let r = minigo(&d.0, &["test"]);
    r.expect_code(1);
    assert_eq!(r.stdout, "FAIL\texample.com/m [build failed]\n");
    assert_eq!(
        r.stderr,
        "# example.com/m [example.com/m.test]\n./bad_test.go:5:30: declared and not used: x\n"
    );
}

#[test]
fn go_test_panic_fails_the_test_and_exits_2() {
    let d = TempDir::new("gotest-panic");
    d.write("go.mod", TEST_GO_MOD).write(
        "p_test.go",
        "package m\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) { t.Log(\"a\") }\nfunc TestPanic(t *testing.T) {\n\tt.Log(\"before\")\n\tpanic(\"boom\")\n}\n",
    );
    let r = minigo(&d.0, &["test"]);
    r.expect_code(1).no_rust_crash();
    let out = mask_times(&r.stdout);
    assert!(
        out.starts_with(
            "--- FAIL: TestPanic (T)\n    p_test.go:7: before\npanic: boom [recovered, repanicked]\n"
        ),
        "{out}"
    );
    assert!(
        out.ends_with("exit status 2\nFAIL\texample.com/m\tT\n"),
        "{out}"
    );
}

#[test]
fn go_test_main_package_cleanup_testmain_and_benchmarks() {
    let d = TempDir::new("gotest-main");
    d.write("go.mod", TEST_GO_MOD)
        .write(
            "main.go",
            "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"not run\") }\n\nfunc Min(a, b int) int {\n\tif a < b {\n\t\treturn a\n\t}\n\treturn b\n}\n",
        )
        .write(
            "main_test.go",
            r#"package main

import (
	"fmt"
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	fmt.Println("setup")
	code := m.Run()
	fmt.Println("teardown")
	os.Exit(code)
}

func TestCleanup(t *testing.T) {
	t.Cleanup(func() { fmt.Println("cleanup 1") })
	t.Cleanup(func() { fmt.Println("cleanup 2") })
	if Min(1, 2) != 1 || testing.Short() {
		t.Fatal("wrong")
	}
	t.Run("skipped", func(t *testing.T) { t.Skipf("skip %d", 3) })
}

func BenchmarkMin(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Min(i, 3)
	}
}
"#,
        );
    let r = minigo(&d.0, &["test", "-v"]);
    r.expect_code(0).no_rust_crash();
    assert_eq!(
        mask_times(&r.stdout),
        "setup
=== RUN   TestCleanup
=== RUN   TestCleanup/skipped
    main_test.go:22: skip 3
cleanup 2
cleanup 1
--- PASS: TestCleanup (T)
    --- SKIP: TestCleanup/skipped (T)
PASS
teardown
ok  \texample.com/m\tT
"
    );
    let r = minigo(
        &d.0,
        &["test", "-run", "XXX", "-bench", ".", "-benchtime", "100x"],
    );
    r.expect_code(0);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[..3], ["setup", "goos: linux", "goarch: amd64"]);
    assert_eq!(lines[3], "pkg: example.com/m");
    let bench = lines
        .iter()
        .find(|l| l.starts_with("BenchmarkMin"))
        .unwrap_or_else(|| panic!("{}", r.stdout));
    assert!(bench.contains("   \t     100\t"), "{bench:?}");
    assert!(bench.ends_with(" ns/op"), "{bench:?}");
}

#[test]
fn go_test_external_test_package_imports_the_package_and_its_test_files() {
    let d = TempDir::new("gotest-xtest");
    d.write("go.mod", "module example.com/xm\n\ngo 1.27\n")
        .write(
            "xm.go",
            "package xm\n\nfunc double(x int) int { return 2 * x }\n\nfunc Triple(x int) int { return 3 * x }\n",
        )
        .write("export_test.go", "package xm\n\nvar Double = double\n")
        .write(
            "in_test.go",
            "package xm\n\nimport \"testing\"\n\nfunc TestInternal(t *testing.T) {\n\tif double(2) != 4 {\n\t\tt.Fatal(\"bad\")\n\t}\n\tt.Log(\"internal\")\n}\n",
        )
        .write(
            "xm_test.go",
            "package xm_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/xm\"\n)\n\nfunc TestExternal(t *testing.T) {\n\tif xm.Double(3) != 6 || xm.Triple(1) != 3 {\n\t\tt.Fatal(\"bad\")\n\t}\n\tt.Error(\"ext fails\")\n}\n",
        );
    let r = minigo(&d.0, &["test", "-v"]);
    r.expect_code(1).no_rust_crash();
    assert_eq!(
        mask_times(&r.stdout),
        "=== RUN   TestInternal
    in_test.go:9: internal
--- PASS: TestInternal (T)
=== RUN   TestExternal
    xm_test.go:13: ext fails
--- FAIL: TestExternal (T)
FAIL
exit status 1
FAIL\texample.com/xm\tT
"
    );
}

/// Examples with an output comment run after the tests, their standard
/// output compared as `go test` compares it (go/doc's rules for the
/// comment: the body's last comment group, `Output:` or `Unordered
/// output:`, blank lines collapsed); the expectation is Go 1.27.3's.
#[test]
fn go_test_runs_examples_with_output_comments() {
    let d = TempDir::new("gotest-examples");
    d.write(
        "go.mod",
        r##"module example.com/ex

go 1.27
"##,
    )
    .write(
        "ex.go",
        r##"package ex

func Twice(x int) int { return 2 * x }
"##,
    )
    .write(
        "in_test.go",
        r##"package ex

import (
	"fmt"
	"testing"
)

func TestTwice(t *testing.T) {
	if Twice(2) != 4 {
		t.Fatal("bad")
	}
}

func Example() {
	fmt.Println("package example")
	// Output:
	// package example
}

func ExampleTwice_unordered() {
	for _, s := range []string{"b", "a", "c"} {
		fmt.Println(s)
	}
	// Unordered output:
	// a
	// c
	// b
}

func ExampleTwice_blankLines() {
	fmt.Println("x")
	fmt.Println()
	fmt.Println()
	fmt.Println("y")
	// Output:
	// x
	//
	//
	// y
}

func ExampleTwice_noOutput() {
	fmt.Println("not run")
}

func ExampleTwice_trailing() {
	fmt.Println("t") // Output: t
}

func ExampleTwice_block() {
	fmt.Print("  spaced \n")
	/* Output:
	spaced
	*/
}

func ExampleTwice_notLast() {
	fmt.Println("a")
	// Output: a
	fmt.Println("b")
}
"##,
    )
    .write(
        "x_test.go",
        r##"package ex_test

import (
	"fmt"

	"example.com/ex"
)

func ExampleTwice() {
	fmt.Println(ex.Twice(4), "//", `/*`)
	// Output: 8 // /*
}

func ExampleTwice_wrong() {
	fmt.Println("1\n2")
	// Unordered output: 2
	// 3
}
"##,
    );
    let r = minigo(&d.0, &["test", "-v", "."]);
    r.expect_code(1).no_rust_crash();
    assert_eq!(
        mask_times(&r.stdout),
        r##"=== RUN   TestTwice
--- PASS: TestTwice (T)
=== RUN   Example
--- PASS: Example (T)
=== RUN   ExampleTwice_unordered
--- PASS: ExampleTwice_unordered (T)
=== RUN   ExampleTwice_blankLines
--- FAIL: ExampleTwice_blankLines (T)
got:
x


y
want:
x

y
=== RUN   ExampleTwice_trailing
--- PASS: ExampleTwice_trailing (T)
=== RUN   ExampleTwice_block
--- PASS: ExampleTwice_block (T)
=== RUN   ExampleTwice_notLast
--- FAIL: ExampleTwice_notLast (T)
got:
a
b
want:
a
=== RUN   ExampleTwice
--- PASS: ExampleTwice (T)
=== RUN   ExampleTwice_wrong
--- FAIL: ExampleTwice_wrong (T)
got:
1
2

want (unordered):
2
3

FAIL
FAIL	example.com/ex	T
FAIL
"##
    );
    let r = minigo(&d.0, &["test", "-run", "Example$|_trailing"]);
    r.expect_code(0).no_rust_crash();
    assert_eq!(mask_times(&r.stdout), "PASS\nok  \texample.com/ex\tT\n");
}

/// `./...` and several packages: each is tested in package list mode, in
/// import path order, skipping testdata, `_` and `.` directories; one
/// last `FAIL` if any failed. The expectation is Go 1.27.3's output
/// (whose `(cached)` minigo does not have).
#[test]
fn go_test_dot_dot_dot_tests_every_package() {
    let d = TempDir::new("gotest-multi");
    let test_a = "package a\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) { t.Log(\"in a\"); if A() != 2 { t.Error(\"A is\", A()) } }\n";
    d.write("go.mod", "module example.com/multi\n\ngo 1.27\n")
        .write("root.go", "package multi\n\nfunc Root() int { return 1 }\n")
        .write("root_test.go", "package multi\n\nimport \"testing\"\n\nfunc TestRoot(t *testing.T) { if Root() != 1 { t.Fatal(\"x\") } }\n")
        .write("a/a.go", "package a\n\nfunc A() int { return 1 }\n")
        .write("a/a_test.go", test_a)
        .write("b/b.go", "package b\n\nfunc B() int { return 1 }\n")
        .write("c/c_test.go", "package c\n\nimport \"testing\"\n\nfunc TestC(t *testing.T) { t.Log(\"c ok\") }\n")
        .write("d/e/e.go", "package e\n\nfunc E() int { return undefinedThing }\n")
        .write("d/e/e_test.go", "package e\n\nimport \"testing\"\n\nfunc TestE(t *testing.T) {}\n")
        .write("testdata/x/x.go", "package x\n")
        .write("_skip/s.go", "package s\n")
        .write(".hid/h.go", "package h\n");
    let r = minigo(&d.0, &["test", "./..."]);
    r.expect_code(1).no_rust_crash();
    assert_eq!(
        mask_times(&r.stdout),
        "ok  \texample.com/multi\tT
--- FAIL: TestA (T)
    a_test.go:5: in a
    a_test.go:5: A is 1
FAIL
FAIL\texample.com/multi/a\tT
?   \texample.com/multi/b\t[no test files]
ok  \texample.com/multi/c\tT
FAIL\texample.com/multi/d/e [build failed]
FAIL
"
    );
    assert_eq!(
        r.stderr,
        "# example.com/multi/d/e [example.com/multi/d/e.test]\nd/e/e.go:3:23: undefined: undefinedThing\n"
    );
    // Go's error for a profile of several packages.
    let r = minigo(
        &d.0,
        &[
            "test",
            "-memprofile",
            "m.out",
            "-cpuprofile=c.out",
            "./a",
            "./c",
        ],
    );
    r.expect_code(1).no_rust_crash();
    assert_eq!(
        r.stderr,
        "cannot use -cpuprofile flag with multiple packages\n"
    );
    assert_eq!(r.stdout, "");
    let r = minigo(&d.0, &["test", "./b/...", "./c"]);
    r.expect_code(0).no_rust_crash();
    assert_eq!(
        mask_times(&r.stdout),
        "?   \texample.com/multi/b\t[no test files]\nok  \texample.com/multi/c\tT\n"
    );
}

#[test]
fn go_test_failing_benchmark_and_goexit_without_failnow() {
    let d = TempDir::new("gotest-bench-fail");
    d.write("go.mod", TEST_GO_MOD).write(
        "e_test.go",
        "package m\n\nimport (\n\t\"runtime\"\n\t\"testing\"\n)\n\nfunc TestGoexit(t *testing.T) {\n\tif testing.Short() {\n\t\truntime.Goexit()\n\t}\n}\n\nfunc BenchmarkFail(b *testing.B) {\n\tb.Fatal(\"bench fail\")\n}\n",
    );
    let r = minigo(&d.0, &["test", "-run", "XXX", "-bench", "."]);
    r.expect_code(1).no_rust_crash();
    assert_eq!(
        mask_times(&r.stdout),
        "--- FAIL: BenchmarkFail\n    e_test.go:15: bench fail\nFAIL\nexit status 1\nFAIL\texample.com/m\tT\n"
    );
    let r = minigo(&d.0, &["test", "-short"]);
    r.expect_code(1);
    assert_eq!(
        mask_times(&r.stdout),
        "--- FAIL: TestGoexit (T)\npanic: test executed panic(nil) or runtime.Goexit\nexit status 2\nFAIL\texample.com/m\tT\n"
    );
}

/// What minigo cannot do with `unsafe` (pointer arithmetic through
/// `uintptr`, views of memory it stores differently from gc, arithmetic
/// past what it can find) is a Go panic naming the limitation: exit 2,
/// `panic: minigo: ...` and the goroutine trace, never a crash. Real Go
/// would not panic here, so the expected output is minigo's own.
#[test]
fn unsafe_limits_are_clear_go_panics() {
    let cases: [(&str, &str); 5] = [
        (
            "xs := []int{1, 2}\n\tp := unsafe.Pointer(uintptr(unsafe.Pointer(&xs[0])) + 8)\n\tfmt.Println(*(*int)(p))",
            "panic: minigo: unsafe.Pointer(uintptr): minigo cannot turn an integer back into a pointer (pointer arithmetic through uintptr is not supported; use unsafe.Add)\n",
        ),
        (
            "x := uint64(0x0102030405060708)\n\tb := (*[8]byte)(unsafe.Pointer(&x))\n\tfmt.Println(b[0])",
            "panic: minigo: unsafe.Pointer conversion from *uint64 to *[8]uint8: minigo stores uint64 and [8]uint8 differently, so it cannot show one as the other\n",
        ),
        (
            "f := float32(1.5)\n\tfmt.Println(*(*uint32)(unsafe.Pointer(&f)))",
            "panic: minigo: unsafe.Pointer conversion from *float32 to *uint32: minigo stores float32 and uint32 differently, so it cannot show one as the other\n",
        ),
        (
            "s := struct{ a int; b string }{1, \"x\"}\n\tp := (*int)(unsafe.Add(unsafe.Pointer(&s.a), 8))\n\tfmt.Println(*p)",
            "panic: minigo: unsafe.Add(p, 8) on a *int: minigo cannot tell what lies there (its memory layout differs from gc's)\n",
        ),
        (
            "xs := []int{1, 2, 3}\n\tfmt.Println(unsafe.Slice(&xs[1], 3))",
            "panic: minigo: unsafe.Slice(*int, 3): 3 elements run past the end of the object\n",
        ),
    ];
    for (body, want) in cases {
        let dir = TempDir::new("unsafe");
        dir.write(
            "prog.go",
            &format!(
                "package main\n\nimport (\n\t\"fmt\"\n\t\"unsafe\"\n)\n\nfunc main() {{\n\t{body}\n}}\n"
            ),
        );
        let r = minigo(&dir.0, &["run", "prog.go"]);
        r.expect_code(2).no_rust_crash();
        assert!(
            r.stderr.starts_with(want)
                && r.stderr.contains("\ngoroutine 1 [running]:\nmain.main()\n"),
            "program:\n{body}\n--- stderr\n{}",
            r.stderr
        );
    }
}

#[test]
fn go_test_runs_fuzz_seed_corpus_and_checks_setenv_against_parallel() {
    let d = TempDir::new("gotest-fuzz");
    std::fs::create_dir_all(d.0.join("testdata/fuzz/FuzzLen")).expect("mkdir");
    d.write("go.mod", TEST_GO_MOD)
        .write(
            "testdata/fuzz/FuzzLen/c1",
            "go test fuzz v1\nstring(\"q\\n\")\nint(0x2)\n",
        )
        .write(
            "f_test.go",
            r#"package m

import "testing"

func FuzzLen(f *testing.F) {
	f.Add("a", 1)
	f.Add("bb", 3)
	f.Fuzz(func(t *testing.T, s string, n int) {
		if len(s) != n {
			t.Errorf("len %q != %d", s, n)
		}
	})
}

func FuzzNoCall(f *testing.F) {}

func TestPar(t *testing.T) {
	t.Parallel()
	defer func() { t.Log(recover()) }()
	t.Setenv("A", "b")
}
"#,
        );
    let r = minigo(&d.0, &["test", "-v"]);
    r.expect_code(1).no_rust_crash();
    assert_eq!(
        mask_times(&r.stdout),
        "=== RUN   TestPar
    f_test.go:19: testing: test using t.Setenv, t.Chdir, or cryptotest.SetGlobalRandom can not use t.Parallel
--- PASS: TestPar (T)
=== RUN   FuzzLen
=== RUN   FuzzLen/seed#0
=== RUN   FuzzLen/seed#1
    f_test.go:10: len \"bb\" != 3
=== RUN   FuzzLen/c1
--- FAIL: FuzzLen (T)
    --- PASS: FuzzLen/seed#0 (T)
    --- FAIL: FuzzLen/seed#1 (T)
    --- PASS: FuzzLen/c1 (T)
=== RUN   FuzzNoCall
    fuzz.go:666: returned without calling F.Fuzz, F.Fail, or F.Skip
--- FAIL: FuzzNoCall (T)
FAIL
exit status 1
FAIL\texample.com/m\tT
"
    );
}
