//! Signals sent to a running `minigo run`, as Go's runtime takes them
//! (docs/cli.md "Signals"): which ones kill, which ones print Go's
//! fatal-signal report and exit 2, which ones are ignored, `os/signal`'s
//! Notify/Ignore/Reset of them, a broken stdout pipe, and a Ctrl-C while
//! the program is still compiling.
//!
//! Each program announces itself on stdout before a signal is sent; the
//! runs that must survive end on a signal they notified, sent last, so
//! that nothing depends on timing. The expectations were checked against
//! binaries built by Go 1.27 (`go build`, then `kill -SIG`); the comments
//! quote what Go did.

use std::io::{Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
mod common;
use common::default_signals;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// Longest wait for anything (output, an exit) on a loaded machine.
const TIMEOUT: Duration = Duration::from_secs(60);

/// A temporary directory removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "minigo-signals-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create temp dir");
        TempDir(dir)
    }

    fn write(&self, name: &str, text: &str) -> &Self {
        std::fs::write(self.0.join(name), text).expect("write temp file");
        self
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A running `minigo run`, its stdout and stderr collected by threads.
struct Proc {
    child: Child,
    stdout: Arc<Mutex<Vec<u8>>>,
    stderr: Arc<Mutex<Vec<u8>>>,
    readers: Vec<thread::JoinHandle<()>>,
}

fn collect(mut r: impl Read + Send + 'static, into: Arc<Mutex<Vec<u8>>>) -> thread::JoinHandle<()> {
    thread::spawn(move || {
        let mut buf = [0u8; 4096];
        loop {
            match r.read(&mut buf) {
                Ok(0) | Err(_) => return,
                Ok(n) => into
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .extend_from_slice(&buf[..n]),
            }
        }
    })
}

impl Proc {
    /// `minigo run prog args...` in `dir`, stdin a pipe left open.
    fn run(dir: &Path, prog: &str, args: &[&str]) -> Proc {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_minigo"));
        cmd.arg("run").arg(prog).args(args);
        Proc::spawn(cmd, dir)
    }

    fn spawn(mut cmd: Command, dir: &Path) -> Proc {
        let mut child = default_signals(&mut cmd)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn minigo");
        let stdout = Arc::new(Mutex::new(Vec::new()));
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let readers = vec![
            collect(child.stdout.take().expect("stdout"), stdout.clone()),
            collect(child.stderr.take().expect("stderr"), stderr.clone()),
        ];
        Proc {
            child,
            stdout,
            stderr,
            readers,
        }
    }

    fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.stdout.lock().unwrap_or_else(|e| e.into_inner())).into_owned()
    }

    /// Waits until stdout holds `want`; fails if the program ends first.
    fn wait_for(&mut self, want: &str) {
        let start = Instant::now();
        while !self.stdout().contains(want) {
            if let Ok(Some(st)) = self.child.try_wait() {
                thread::sleep(Duration::from_millis(100));
                panic!(
                    "exited ({st:?}) before printing {want:?}\n--- stdout\n{}\n--- stderr\n{}",
                    self.stdout(),
                    String::from_utf8_lossy(&self.stderr.lock().unwrap_or_else(|e| e.into_inner()))
                );
            }
            assert!(
                start.elapsed() < TIMEOUT,
                "no {want:?} in {:?}",
                self.stdout()
            );
            thread::sleep(Duration::from_millis(5));
        }
    }

    fn kill(&self, sig: i32) {
        let pid = self.child.id() as libc::pid_t;
        // SAFETY: kill(2) on our own child's pid, which has not been
        // reaped yet (only `finish` waits for it).
        let r = unsafe { libc::kill(pid, sig) };
        assert_eq!(r, 0, "kill -{sig}");
    }

    /// Waits for the exit (at most `limit`; then kills it and fails) and
    /// returns the status, stdout and stderr.
    /// Stdin stays open until then (a goroutine may be blocked reading it).
    fn finish(mut self, limit: Duration) -> (ExitStatus, String, String) {
        let start = Instant::now();
        let status = loop {
            if let Some(st) = self.child.try_wait().expect("wait") {
                break st;
            }
            if start.elapsed() > limit {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!(
                    "still running after {limit:?}\n--- stdout\n{}",
                    self.stdout()
                );
            }
            thread::sleep(Duration::from_millis(5));
        };
        for r in self.readers.drain(..) {
            let _ = r.join();
        }
        let err = String::from_utf8_lossy(&self.stderr.lock().unwrap_or_else(|e| e.into_inner()))
            .into_owned();
        (status, self.stdout(), err)
    }
}

/// Signal 64 (SIGRTMAX), notified by the survival programs: sent after
/// the signals under test, it is taken after them (`sigwaitinfo` takes
/// the lowest-numbered pending signal first), so once the program got it,
/// the others were taken too.
const MARKER: i32 = 64;

/// Waits for the marker, prints `survived`; `reset` in os.Args: Notify
/// then Reset the signals under test first (back to their defaults);
/// `ignore-reset`: Ignore then Reset them (they stay ignored, in Go too).
const SURVIVOR: &str = r#"package main

import (
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"syscall"
)

func main() {
	var sigs []os.Signal
	for _, a := range os.Args[2:] {
		n, _ := strconv.Atoi(a)
		sigs = append(sigs, syscall.Signal(n))
	}
	switch os.Args[1] {
	case "reset":
		c := make(chan os.Signal, 1)
		signal.Notify(c, sigs...)
		signal.Reset(sigs...)
	case "ignore-reset":
		signal.Ignore(sigs...)
		signal.Reset(sigs...)
		for _, s := range sigs {
			if !signal.Ignored(s) {
				fmt.Println("not ignored:", s)
			}
		}
	}
	marker := make(chan os.Signal, 1)
	signal.Notify(marker, syscall.Signal(64))
	fmt.Println("ready")
	fmt.Println("got", <-marker)
	fmt.Println("survived")
}
"#;

/// Sends `sigs` to the survivor (run with `mode`), then the marker; it
/// must get them all and exit 0.
fn survives(mode: &str, sigs: &[i32]) {
    let dir = TempDir::new("survive");
    dir.write("s.go", SURVIVOR);
    let mut args = vec![mode.to_string()];
    args.extend(sigs.iter().map(|s| s.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut p = Proc::run(&dir.0, "s.go", &args);
    p.wait_for("ready\n");
    for &s in sigs {
        p.kill(s);
    }
    p.kill(MARKER);
    let (st, out, err) = p.finish(TIMEOUT);
    assert_eq!(
        st.code(),
        Some(0),
        "{mode} {sigs:?}: {st:?}\n--- stdout\n{out}\n--- stderr\n{err}"
    );
    assert_eq!(out, "ready\ngot signal 64\nsurvived\n", "{mode} {sigs:?}");
}

/// Signals Go's runtime catches and, unnotified, ignores
/// (`sigtable`: `_SigNotify` alone).
const IGNORED_BY_GO: [i32; 14] = [
    libc::SIGUSR1,
    libc::SIGUSR2,
    libc::SIGPIPE,
    libc::SIGALRM,
    libc::SIGURG,
    libc::SIGXCPU,
    libc::SIGXFSZ,
    libc::SIGVTALRM,
    libc::SIGPROF,
    libc::SIGWINCH,
    libc::SIGIO,
    libc::SIGPWR,
    libc::SIGCHLD,
    40,
];

#[test]
fn signals_go_ignores_leave_the_program_running() {
    // Go 1.27, `kill -USR1` (and each of these) to a program that did not
    // Notify: nothing happens, the program goes on and exits 0.
    survives("plain", &IGNORED_BY_GO);
}

#[test]
fn reset_after_notify_gives_back_the_ignoring_default() {
    survives("reset", &IGNORED_BY_GO);
}

#[test]
fn reset_after_ignore_leaves_the_signals_ignored() {
    // Go 1.27: Ignore(SIGINT) then Reset(SIGINT): Ignored is still true
    // and `kill -INT` does nothing (Reset does not undo an Ignore).
    survives(
        "ignore-reset",
        &[libc::SIGINT, libc::SIGTERM, libc::SIGQUIT, libc::SIGABRT],
    );
}

/// A program with a main goroutine asleep and one blocked on a channel.
const SLEEPER: &str = "package main\n\nimport (\n\t\"fmt\"\n\t\"time\"\n)\n\nfunc main() {\n\tch := make(chan int)\n\tgo func() { <-ch }()\n\tfmt.Println(\"ready\")\n\ttime.Sleep(time.Minute)\n}\n";

#[test]
fn fatal_signals_from_kill_print_gos_report_and_exit_2() {
    // Go 1.27, e.g. `kill -SEGV`:
    //   SIGSEGV: segmentation violation
    //   PC=0x40fc0e m=0 sigcode=0 addr=0x544b
    //   <blank>, every goroutine, registers; exit status 2.
    let dir = TempDir::new("fatal");
    dir.write("f.go", SLEEPER);
    for (sig, head) in [
        (libc::SIGABRT, "SIGABRT: abort\nPC=0x0 m=0 sigcode=0\n\n"),
        (
            libc::SIGTRAP,
            "SIGTRAP: trace trap\nPC=0x0 m=0 sigcode=0\n\n",
        ),
        (
            libc::SIGILL,
            "SIGILL: illegal instruction\nPC=0x0 m=0 sigcode=0\ninstruction bytes:",
        ),
        (
            libc::SIGFPE,
            "SIGFPE: floating-point exception\nPC=0x0 m=0 sigcode=0\ninstruction bytes:",
        ),
        (
            libc::SIGSEGV,
            "SIGSEGV: segmentation violation\nPC=0x0 m=0 sigcode=0 addr=0x",
        ),
        (
            libc::SIGBUS,
            "SIGBUS: bus error\nPC=0x0 m=0 sigcode=0 addr=0x",
        ),
        (
            libc::SIGSYS,
            "SIGSYS: bad system call\nPC=0x0 m=0 sigcode=0\n\n",
        ),
        (
            libc::SIGSTKFLT,
            "SIGSTKFLT: stack fault\nPC=0x0 m=0 sigcode=0\n\n",
        ),
    ] {
        let mut p = Proc::run(&dir.0, "f.go", &[]);
        p.wait_for("ready\n");
        p.kill(sig);
        let (st, _, err) = p.finish(TIMEOUT);
        assert_eq!(st.code(), Some(2), "signal {sig}: {st:?}\n{err}");
        assert!(err.starts_with(head), "signal {sig}:\n{err}");
        assert!(
            err.contains("\n\ngoroutine 1 [sleep]:\nmain.main()\n"),
            "signal {sig}:\n{err}"
        );
        assert!(
            err.contains("\n\ngoroutine 2 [chan receive]:\nmain.main.func1()\n"),
            "signal {sig}:\n{err}"
        );
        assert!(err.ends_with('\n'), "signal {sig}:\n{err}");
    }
}

#[test]
fn notify_catches_a_sigsegv_sent_by_kill() {
    // Go 1.27: Notify(c, SIGSEGV) then `kill -SEGV`: c receives
    // "segmentation fault", the program goes on.
    let dir = TempDir::new("notifysegv");
    dir.write(
        "n.go",
        "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\t\"os/signal\"\n\t\"syscall\"\n)\n\nfunc main() {\n\tc := make(chan os.Signal, 1)\n\tsignal.Notify(c, syscall.SIGSEGV, syscall.SIGUSR1)\n\tfmt.Println(\"ready\")\n\tfmt.Println(\"got\", <-c)\n\tfmt.Println(\"got\", <-c)\n}\n",
    );
    let mut p = Proc::run(&dir.0, "n.go", &[]);
    p.wait_for("ready\n");
    p.kill(libc::SIGSEGV);
    p.wait_for("got segmentation fault\n");
    p.kill(libc::SIGUSR1);
    let (st, out, err) = p.finish(TIMEOUT);
    assert_eq!(st.code(), Some(0), "{st:?}\n{err}");
    assert_eq!(
        out,
        "ready\ngot segmentation fault\ngot user defined signal 1\n"
    );
}

#[test]
fn sigquit_dump_shows_running_and_syscall_goroutines_with_their_stacks() {
    // Go's SIGQUIT lists every goroutine with its full stack, those
    // running on other threads included (Go preempts them for the dump).
    let dir = TempDir::new("quitdump");
    dir.write(
        "q.go",
        r#"package main

import (
	"fmt"
	"os"
)

var stop bool

func spin() int {
	x := 0
	for !stop {
		x++
	}
	return x
}

func deep(n int, ch chan int, reached chan bool) int {
	if n == 0 {
		close(reached)
		return <-ch
	}
	return deep(n-1, ch, reached) + 1
}

func main() {
	go spin()
	reached := make(chan bool)
	go deep(3, make(chan int), reached)
	go func() {
		b := make([]byte, 1)
		os.Stdin.Read(b)
	}()
	<-reached
	fmt.Println("ready")
	select {}
}
"#,
    );
    let mut p = Proc::run(&dir.0, "q.go", &[]);
    p.wait_for("ready\n");
    wait_for_stdin_read(p.child.id());
    p.kill(libc::SIGQUIT);
    let (st, _, err) = p.finish(TIMEOUT);
    assert_eq!(st.code(), Some(2), "{st:?}\n{err}");
    assert!(err.starts_with("SIGQUIT: quit\nPC=0x0 m=0 sigcode=0\n\ngoroutine 1 [select (no cases)]:\nmain.main()\n"), "{err}");
    // Running when the signal came; it may have been preempted (runnable)
    // by the time the world stops for the dump.
    assert!(
        err.contains("\n\ngoroutine 2 [running]:\nmain.spin()\n")
            || err.contains("\n\ngoroutine 2 [runnable]:\nmain.spin()\n"),
        "{err}"
    );
    assert!(!err.contains("stack unavailable"), "{err}");
    assert_eq!(err.matches("main.deep(").count(), 4, "{err}");
    assert!(err.contains(" [syscall]:\nos.(*File).Read("), "{err}");
    assert!(err.ends_with("\n\nrax    0x0\nrbx    0x0\nrcx    0x0\nrdx    0x0\nrdi    0x0\nrsi    0x0\nrbp    0x0\nrsp    0x0\nr8     0x0\nr9     0x0\nr10    0x0\nr11    0x0\nr12    0x0\nr13    0x0\nr14    0x0\nr15    0x0\nrip    0x0\nrflags 0x0\ncs     0x0\nfs     0x0\ngs     0x0\n") || !cfg!(target_arch = "x86_64"), "{err}");
}

/// Waits until a thread of process `pid` is blocked reading fd 0
/// (`/proc/PID/task/TID/syscall` reads `<SYS_read> 0x0 ...`), at most
/// [`TIMEOUT`]; where that file cannot be read, gives it a second.
fn wait_for_stdin_read(pid: u32) {
    let want = format!("{} 0x0 ", libc::SYS_read);
    let start = Instant::now();
    while start.elapsed() < TIMEOUT {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            break;
        };
        let mut readable = false;
        for t in tasks.flatten() {
            if let Ok(s) = std::fs::read_to_string(t.path().join("syscall")) {
                readable = true;
                if s.starts_with(&want) {
                    return;
                }
            }
        }
        if !readable {
            break;
        }
        thread::sleep(Duration::from_millis(5));
    }
    thread::sleep(Duration::from_secs(1));
}

/// A package main that takes long to compile: a switch of `cases` cases.
fn slow_to_compile(cases: usize) -> String {
    let mut s =
        String::from("package main\n\nimport \"fmt\"\n\nfunc f(x int) int {\n\tswitch x {\n");
    for i in 0..cases {
        s.push_str(&format!("\tcase {i}:\n\t\treturn {}\n", i * 7 % 1000));
    }
    s.push_str("\t}\n\treturn -1\n}\n\nfunc main() {\n\tfmt.Println(\"ran\", f(3))\n}\n");
    s
}

#[test]
fn a_signal_during_compilation_ends_minigo_as_it_ends_go_run() {
    // `go run big.go` and a signal while it compiles (Go 1.27): SIGINT
    // exits 130 (killed by the signal), SIGTERM 143, SIGHUP 129, SIGQUIT
    // the go command's own `SIGQUIT: quit` dump and exit status 2. Here
    // the compile of 150,000 cases takes about 2 s (the checks are linear
    // now), twenty times the 100 ms before the signal; minigo's signal
    // thread starts before it reads the file.
    let dir = TempDir::new("compile");
    dir.write("big.go", &slow_to_compile(150_000));
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT] {
        let p = Proc::run(&dir.0, "big.go", &[]);
        thread::sleep(Duration::from_millis(100));
        p.kill(sig);
        let (st, out, err) = p.finish(Duration::from_secs(10));
        assert_eq!(out, "", "signal {sig}: the program ran");
        if sig == libc::SIGQUIT {
            assert_eq!(st.code(), Some(2), "{st:?}\n{err}");
            assert!(
                err.starts_with("SIGQUIT: quit\nPC=0x0 m=0 sigcode=0\n"),
                "{err}"
            );
        } else {
            assert_eq!(st.signal(), Some(sig), "{st:?}\n{err}");
        }
    }
}

/// Prints lines until a write fails, then reports the error (and, with
/// Notify, the signal) and exits 3.
const PIPE_WRITER: &str = r#"package main

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	c := make(chan os.Signal, 1)
	if os.Args[1] == "ignore" {
		signal.Ignore(syscall.SIGPIPE)
	} else {
		signal.Notify(c, syscall.SIGPIPE)
	}
	for i := 0; ; i++ {
		if _, err := fmt.Println("line", i); err != nil {
			fmt.Fprintln(os.Stderr, "error:", err)
			if os.Args[1] == "notify" {
				fmt.Fprintln(os.Stderr, "signal:", <-c)
			}
			os.Exit(3)
		}
	}
}
"#;

#[test]
fn a_handled_sigpipe_turns_a_broken_stdout_into_gos_write_error() {
    // Go 1.27, `prog | head -c 100` with signal.Ignore(syscall.SIGPIPE):
    // Println returns `write /dev/stdout: broken pipe` and the program
    // exits by its own choice (3); with Notify, the channel also gets
    // SIGPIPE ("broken pipe").
    let dir = TempDir::new("pipe");
    dir.write("p.go", PIPE_WRITER);
    // stderr goes to a file: it is read once the program is gone.
    for (mode, want) in [
        ("ignore", "error: write /dev/stdout: broken pipe\n"),
        (
            "notify",
            "error: write /dev/stdout: broken pipe\nsignal: broken pipe\n",
        ),
    ] {
        let errf = dir.0.join("err.txt");
        let mut child = Command::new(env!("CARGO_BIN_EXE_minigo"))
            .args(["run", "p.go", mode])
            .current_dir(&dir.0)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(std::fs::File::create(&errf).expect("err file")))
            .spawn()
            .expect("spawn minigo");
        let mut out = child.stdout.take().expect("stdout");
        let mut first = [0u8; 100];
        out.read_exact(&mut first).expect("100 bytes of output");
        drop(out);
        let st = wait_status(&mut child);
        assert_eq!(st.code(), Some(3), "{mode}: {st:?}");
        let err = std::fs::read_to_string(&errf).expect("read err file");
        assert_eq!(err, want, "{mode}");
    }
}

/// Waits for `child` at most [`TIMEOUT`].
fn wait_status(child: &mut Child) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(st) = child.try_wait().expect("wait") {
            return st;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("minigo kept running");
        }
        thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn sigint_and_sighup_ignored_at_start_stay_ignored() {
    // Go 1.27 keeps an inherited SIG_IGN for SIGHUP and SIGINT (`nohup`,
    // a background job of a script): `kill -INT` then does nothing.
    let dir = TempDir::new("inherited");
    dir.write("s.go", SURVIVOR);
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg("trap '' INT HUP; exec \"$0\" run s.go plain")
        .arg(env!("CARGO_BIN_EXE_minigo"));
    let mut p = Proc::spawn(cmd, &dir.0);
    p.wait_for("ready\n");
    p.kill(libc::SIGINT);
    p.kill(libc::SIGHUP);
    p.kill(MARKER);
    let (st, out, err) = p.finish(TIMEOUT);
    assert_eq!(st.code(), Some(0), "{st:?}\n{err}");
    assert_eq!(out, "ready\ngot signal 64\nsurvived\n");
}

#[test]
fn sigtstp_stops_the_program_and_sigcont_resumes_it() {
    // Go leaves SIGTSTP's default: the process stops until SIGCONT.
    let dir = TempDir::new("tstp");
    dir.write("s.go", SURVIVOR);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_minigo"));
    cmd.args(["run", "s.go", "plain"]);
    // The kernel discards a stop signal sent to a process of an orphaned
    // process group (POSIX), as a test run from a background job or under
    // nohup may be: the child gets a group of its own, whose parent (this
    // test) is in another group of the same session.
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: runs between fork and exec and calls only setpgid(2),
        // which is async-signal-safe.
        unsafe {
            cmd.pre_exec(|| {
                libc::setpgid(0, 0);
                Ok(())
            });
        }
    }
    let mut p = Proc::spawn(cmd, &dir.0);
    p.wait_for("ready\n");
    p.kill(libc::SIGTSTP);
    let stat = format!("/proc/{}/stat", p.child.id());
    let start = Instant::now();
    loop {
        let s = std::fs::read_to_string(&stat).unwrap_or_default();
        // `pid (comm) STATE ...`; comm is `minigo`.
        if s.split(") ").nth(1).is_some_and(|r| r.starts_with('T')) {
            break;
        }
        assert!(start.elapsed() < TIMEOUT, "never stopped: {s}");
        thread::sleep(Duration::from_millis(10));
    }
    p.kill(libc::SIGCONT);
    p.kill(MARKER);
    let (st, out, err) = p.finish(TIMEOUT);
    assert_eq!(st.code(), Some(0), "{st:?}\n{err}");
    assert_eq!(out, "ready\ngot signal 64\nsurvived\n");
}

/// Child mode of the next test: this test binary, run again with
/// `MINIGO_SIGNALS_OVERFLOW` set, takes the signals as `minigo run` does
/// and then overflows a thread's stack.
#[test]
fn overflow_child() {
    if std::env::var_os("MINIGO_SIGNALS_OVERFLOW").is_none() {
        return;
    }
    minigo_vm::interp::block_signals();
    fn recurse(n: u64) -> u64 {
        let pad = std::hint::black_box([n; 64]);
        if pad[0] == u64::MAX {
            return 0; // never: a bound for the compiler only
        }
        recurse(pad[0] + 1) + pad[63]
    }
    let t = thread::Builder::new()
        .name("overflower".into())
        .spawn(|| recurse(0))
        .expect("spawn");
    let _ = t.join();
    let _ = std::io::stderr().write_all(b"not reached\n");
}

#[test]
fn a_real_fault_still_reaches_rusts_handler() {
    // SIGSEGV is caught only to tell a `kill -SEGV` apart; a real fault
    // (here a Rust stack overflow, a minigo bug) must still get Rust's
    // report and abort, as before.
    let out = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "--exact",
            "overflow_child",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("MINIGO_SIGNALS_OVERFLOW", "1")
        .stdin(Stdio::null())
        .output()
        .expect("run the child");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("thread 'overflower'") && err.contains("has overflowed its stack"),
        "{:?}\n{err}",
        out.status
    );
    assert_eq!(out.status.signal(), Some(libc::SIGABRT), "{err}");
    assert!(!err.contains("not reached"), "{err}");
}
