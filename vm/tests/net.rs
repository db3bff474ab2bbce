//! The netpoller and the blocking-syscall hand-off seen from outside: each
//! test writes a Go program to a temporary directory, runs the `minigo`
//! binary on it and watches the process (its output, its stdin, and
//! `/proc/<pid>/status`).
//!
//! * [`fd_exhaustion_reports_emfile_and_keeps_running`]: under a lowered
//!   `RLIMIT_NOFILE`, Dial, Listen and Open fail with Go's "too many open
//!   files" texts, and after closing some connections the program carries on.
//! * [`idle_connections_cost_no_threads`]: thousands of loopback connections
//!   held by goroutines parked in Read add no OS threads; prints the thread
//!   count and resident memory (`cargo test --test net -- --nocapture`).
//! * [`stdin_read_does_not_stop_other_goroutines`]: under `GOMAXPROCS=1` a
//!   goroutine blocked reading os.Stdin lets a ticking goroutine run.
//! * [`blocked_file_read_does_not_stop_other_file_io`]: a goroutine blocked
//!   reading a FIFO does not stop another goroutine's file I/O.
//! * [`stdout_reaches_the_pipe_while_main_is_blocked`]: os.Stdout is not
//!   buffered in Go; lines printed before main blocks reach a pipe at once.
//!
//! The expected outputs were checked against real Go (go1.27) by hand: the
//! programs are ordinary Go and print the same under `go run`.
//!
//! Lines the tests wait for are printed to os.Stderr where the test only
//! needs a signal, so that the checks do not depend on how stdout is
//! buffered; that is what the last test checks separately.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

/// How long any one program may run before the test kills it.
const PROGRAM_TIMEOUT: Duration = Duration::from_secs(10);

/// A directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> TempDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("minigo-net-{test}-{}-{n}", std::process::id()));
        fs::create_dir_all(&dir).expect("create temp dir");
        TempDir(dir)
    }

    fn write(&self, name: &str, source: &str) -> PathBuf {
        let path = self.0.join(name);
        fs::write(&path, source).expect("write Go program");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// `minigo run <name> <args>` in `dir` with `GOMAXPROCS=procs`, all three
/// standard streams piped.
fn minigo(dir: &Path, name: &str, args: &[&str], procs: &str) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_minigo"));
    cmd.arg("run")
        .arg(name)
        .args(args)
        .current_dir(dir)
        .env("GOMAXPROCS", procs)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// Sets the child's `RLIMIT_NOFILE` (soft and hard) just before it execs.
fn limit_open_files(cmd: &mut Command, soft: libc::rlim_t, hard: libc::rlim_t) {
    let lim = libc::rlimit {
        rlim_cur: soft,
        rlim_max: hard,
    };
    // SAFETY: the closure runs in the forked child before exec; it only calls
    // setrlimit (async-signal-safe) on a value captured by copy and builds an
    // io::Error from errno, allocating nothing.
    unsafe {
        cmd.pre_exec(move || {
            if libc::setrlimit(libc::RLIMIT_NOFILE, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

/// This process's `RLIMIT_NOFILE` as (soft, hard).
fn open_files_limit() -> (libc::rlim_t, libc::rlim_t) {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes one rlimit into a valid, exclusive pointer.
    let r = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) };
    assert_eq!(r, 0, "getrlimit: {}", std::io::Error::last_os_error());
    (lim.rlim_cur, lim.rlim_max)
}

/// A running minigo whose output lines arrive on channels as they are
/// written; killed on drop if it is still running.
struct Running {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: Receiver<String>,
    stderr: Receiver<String>,
    out_lines: Vec<String>,
    err_lines: Vec<String>,
}

fn lines_of(pipe: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(pipe).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

impl Running {
    fn spawn(mut cmd: Command) -> Running {
        let mut child = cmd.spawn().expect("spawn minigo");
        let stdin = child.stdin.take();
        let stdout = lines_of(child.stdout.take().unwrap());
        let stderr = lines_of(child.stderr.take().unwrap());
        Running {
            child,
            stdin,
            stdout,
            stderr,
            out_lines: Vec::new(),
            err_lines: Vec::new(),
        }
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Waits until a stderr line starts with `prefix`; returns it, or None
    /// after `timeout` (the lines seen so far are kept in `err_lines`).
    fn wait_stderr(&mut self, prefix: &str, timeout: Duration) -> Option<String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.stderr.recv_timeout(left) {
                Ok(line) => {
                    self.err_lines.push(line.clone());
                    if line.starts_with(prefix) {
                        return Some(line);
                    }
                }
                Err(_) => return None,
            }
        }
    }

    /// Stdout lines that have arrived so far, without waiting.
    fn stdout_so_far(&mut self) -> &[String] {
        while let Ok(line) = self.stdout.try_recv() {
            self.out_lines.push(line);
        }
        &self.out_lines
    }

    fn send_line(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{line}").expect("write to minigo's stdin");
        stdin.flush().expect("flush minigo's stdin");
    }

    /// Closes stdin and waits for the exit (killing the program after
    /// [`PROGRAM_TIMEOUT`]); returns the status, all stdout and all stderr.
    fn finish(mut self) -> (ExitStatus, String, String) {
        self.stdin = None;
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait for minigo") {
                break status;
            }
            if start.elapsed() > PROGRAM_TIMEOUT {
                let _ = self.child.kill();
                let _ = self.child.wait();
                let stdout = self.stdout_so_far().to_vec();
                panic!(
                    "minigo did not exit within {PROGRAM_TIMEOUT:?}; stdout so far: {stdout:?}, stderr: {:?}",
                    self.err_lines
                );
            }
            thread::sleep(Duration::from_millis(5));
        };
        // The reader threads end at EOF, which follows the exit.
        for line in self.stdout.iter() {
            self.out_lines.push(line);
        }
        for line in self.stderr.iter() {
            self.err_lines.push(line);
        }
        let join = |v: &[String]| v.iter().map(|l| format!("{l}\n")).collect::<String>();
        (status, join(&self.out_lines), join(&self.err_lines))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// `Threads:` and `VmRSS:` (in KiB) from `/proc/<pid>/status`.
fn threads_and_rss(pid: u32) -> (u64, u64) {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).expect("read /proc status");
    let field = |name: &str| -> u64 {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("no {name} in /proc/{pid}/status:\n{status}"))
    };
    (field("Threads:"), field("VmRSS:"))
}

const FD_EXHAUSTION: &str = r#"package main

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"strings"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("first listen failed:", err)
		return
	}
	addr := ln.Addr().String()
	port := addr[strings.LastIndex(addr, ":")+1:]
	var conns []net.Conn
	for i := 0; i < 100000; i++ {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			fmt.Println("dial error:", strings.Replace(err.Error(), port, "PORT", 1))
			break
		}
		conns = append(conns, c)
	}
	fmt.Println("opened some:", len(conns) > 10)
	_, err = net.Listen("tcp", "127.0.0.1:0")
	fmt.Println("listen error:", err)
	_, err = os.Open("fdlimit.go")
	fmt.Println("open error:", err)

	for _, c := range conns[:10] {
		c.Close()
	}
	ln2, err := net.Listen("tcp", "127.0.0.1:0")
	fmt.Println("listen after closing some:", err)
	c, err := net.Dial("tcp", ln2.Addr().String())
	fmt.Println("dial after closing some:", err)
	srv, err := ln2.Accept()
	fmt.Println("accept:", err)
	fmt.Fprintf(c, "ping\n")
	line, err := bufio.NewReader(srv).ReadString('\n')
	fmt.Printf("server got %q %v\n", line, err)
	f, err := os.Open("fdlimit.go")
	fmt.Println("open after closing some:", err)
	f.Close()
	fmt.Println("still running")
}
"#;

/// What real Go prints for [`FD_EXHAUSTION`] under `ulimit -n 64`.
const FD_EXHAUSTION_GO: &str = "\
dial error: dial tcp 127.0.0.1:PORT: socket: too many open files
opened some: true
listen error: listen tcp 127.0.0.1:0: socket: too many open files
open error: open fdlimit.go: too many open files
listen after closing some: <nil>
dial after closing some: <nil>
accept: <nil>
server got \"ping\\n\" <nil>
open after closing some: <nil>
still running
";

#[test]
fn fd_exhaustion_reports_emfile_and_keeps_running() {
    let dir = TempDir::new("fdlimit");
    dir.write("fdlimit.go", FD_EXHAUSTION);
    let mut cmd = minigo(&dir.0, "fdlimit.go", &[], "2");
    // Hard limit too: Go (and so possibly minigo) raises the soft limit to
    // the hard one at start-up.
    limit_open_files(&mut cmd, 64, 64);
    let (status, stdout, stderr) = Running::spawn(cmd).finish();
    assert_eq!(
        stdout, FD_EXHAUSTION_GO,
        "stdout differs from Go's (stderr: {stderr})"
    );
    assert_eq!(stderr, "");
    assert!(status.success(), "{status}");
}

const IDLE_CONNS: &str = r#"package main

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"runtime"
	"strconv"
	"sync"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	stdin := bufio.NewReader(os.Stdin)
	fmt.Fprintln(os.Stderr, "started")
	stdin.ReadString('\n')

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	var wg sync.WaitGroup
	hold := func(c net.Conn) {
		defer wg.Done()
		buf := make([]byte, 16)
		for {
			if _, err := c.Read(buf); err != nil {
				c.Close()
				return
			}
		}
	}
	clients := make([]net.Conn, 0, n)
	for i := 0; i < n; i++ {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			fmt.Println("dial:", err)
			return
		}
		s, err := ln.Accept()
		if err != nil {
			fmt.Println("accept:", err)
			return
		}
		clients = append(clients, c)
		wg.Add(2)
		go hold(s)
		go hold(c)
	}
	fmt.Fprintln(os.Stderr, "ready", n, runtime.NumGoroutine())
	line, err := stdin.ReadString('\n')
	fmt.Printf("stdin %q %v\n", line, err)
	for _, c := range clients {
		c.Close()
	}
	wg.Wait()
	fmt.Println("all", 2*n, "readers saw their connection close")
}
"#;

#[test]
fn idle_connections_cost_no_threads() {
    const PROCS: u64 = 2;
    let (_, hard) = open_files_limit();
    // Each connection is two descriptors (client and server side); leave
    // room for the runtime's own.
    let Some(conns) = [10_000, 5_000, 2_000, 500]
        .into_iter()
        .find(|&n| 2 * n + 200 <= hard)
    else {
        panic!("RLIMIT_NOFILE hard limit {hard} is too low for this test");
    };
    let dir = TempDir::new("idle");
    dir.write("idle.go", IDLE_CONNS);
    let mut cmd = minigo(&dir.0, "idle.go", &[&conns.to_string()], &PROCS.to_string());
    limit_open_files(&mut cmd, hard, hard);
    let mut run = Running::spawn(cmd);

    let started = run.wait_stderr("started", PROGRAM_TIMEOUT);
    assert!(started.is_some(), "no start line: {:?}", run.err_lines);
    let (threads_before, rss_before) = threads_and_rss(run.pid());
    let t0 = Instant::now();
    run.send_line("go");
    let ready = run.wait_stderr("ready", PROGRAM_TIMEOUT);
    let setup = t0.elapsed();
    let Some(ready) = ready else {
        let stdout = run.stdout_so_far().to_vec();
        panic!(
            "no ready line: stderr {:?}, stdout {stdout:?}",
            run.err_lines
        );
    };
    // Let every reader reach its Read and park.
    thread::sleep(Duration::from_millis(200));
    let (threads, rss) = threads_and_rss(run.pid());
    println!(
        "idle_connections_cost_no_threads: GOMAXPROCS={PROCS}, {conns} connections \
         ({} goroutines parked in Read) set up in {setup:?}: \
         Threads {threads_before} -> {threads}, VmRSS {rss_before} KiB -> {rss} KiB \
         ({:.1} KiB per connection)",
        2 * conns,
        (rss.saturating_sub(rss_before)) as f64 / conns as f64
    );
    assert_eq!(ready, format!("ready {conns} {}", 2 * conns + 1));
    assert!(
        threads <= PROCS + 10,
        "{threads} threads with {conns} idle connections (GOMAXPROCS={PROCS})"
    );
    assert!(
        threads <= threads_before + 5,
        "threads grew from {threads_before} to {threads} with {conns} idle connections"
    );

    run.send_line("bye");
    let (status, stdout, stderr) = run.finish();
    assert_eq!(
        stdout,
        format!(
            "stdin \"bye\\n\" <nil>\nall {} readers saw their connection close\n",
            2 * conns
        ),
        "stderr: {stderr}"
    );
    assert!(status.success(), "{status}");
}

const STDIN_TICKS: &str = r#"package main

import (
	"bufio"
	"fmt"
	"os"
	"sync/atomic"
	"time"
)

func main() {
	var ticks atomic.Int64
	stop := make(chan bool)
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
				fmt.Println("tick", ticks.Add(1))
			}
		}
	}()
	fmt.Fprintln(os.Stderr, "reading stdin")
	line, err := bufio.NewReader(os.Stdin).ReadString('\n')
	fmt.Printf("line %q %v after %d ticks\n", line, err, ticks.Load())
	stop <- true
	fmt.Println("done")
}
"#;

#[test]
fn stdin_read_does_not_stop_other_goroutines() {
    let dir = TempDir::new("stdin");
    dir.write("stdin.go", STDIN_TICKS);
    let mut run = Running::spawn(minigo(&dir.0, "stdin.go", &[], "1"));
    let reading = run.wait_stderr("reading stdin", PROGRAM_TIMEOUT);
    assert!(reading.is_some(), "stderr: {:?}", run.err_lines);
    // 300 ms is 15 ticks of 20 ms; ask for at least 5.
    thread::sleep(Duration::from_millis(300));
    run.send_line("hello");
    let (status, stdout, stderr) = run.finish();
    assert!(status.success(), "{status}; stderr: {stderr}");

    let lines: Vec<&str> = stdout.lines().collect();
    let Some(at) = lines.iter().position(|l| l.starts_with("line ")) else {
        panic!("no line report in {stdout:?}");
    };
    let counted: u64 = lines[at]
        .strip_prefix("line \"hello\\n\" <nil> after ")
        .and_then(|rest| rest.strip_suffix(" ticks"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("unexpected line report {:?}", lines[at]));
    let printed_before = lines[..at]
        .iter()
        .filter(|l| l.starts_with("tick "))
        .count();
    assert!(
        counted >= 5 && printed_before >= 5,
        "GOMAXPROCS=1: main blocked in a stdin read let only {counted} ticks run \
         ({printed_before} printed) in 300 ms; stdout: {stdout}"
    );
    assert_eq!(lines.last(), Some(&"done"), "{stdout}");
}

const FIFO_READER: &str = r#"package main

import (
	"fmt"
	"io"
	"os"
	"time"
)

func main() {
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Println("open fifo:", err)
		return
	}
	got := make(chan string)
	go func() {
		buf := make([]byte, 64)
		n, err := f.Read(buf) // blocks until the test writes
		got <- fmt.Sprintf("%q %v", buf[:n], err)
	}()
	time.Sleep(50 * time.Millisecond)

	total := 0
	for i := 0; i < 5; i++ {
		g, err := os.Open("fifo.go")
		if err != nil {
			fmt.Println("open:", err)
			return
		}
		data, err := io.ReadAll(g)
		g.Close()
		total += len(data)
	}
	err = os.WriteFile("out.txt", []byte("written while a read blocks"), 0644)
	data, _ := os.ReadFile("out.txt")
	fmt.Fprintln(os.Stderr, "regular file io done", total > 0, err, string(data))
	fmt.Println("fifo read:", <-got)
}
"#;

#[test]
fn blocked_file_read_does_not_stop_other_file_io() {
    let dir = TempDir::new("fifo");
    dir.write("fifo.go", FIFO_READER);
    let fifo = dir.0.join("pipe");
    let c_path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo reads a NUL-terminated path that outlives the call.
    let r = unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) };
    assert_eq!(r, 0, "mkfifo: {}", std::io::Error::last_os_error());
    // Opened read-write so that neither side's open blocks (Linux).
    let mut writer = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&fifo)
        .expect("open fifo");

    let mut run = Running::spawn(minigo(&dir.0, "fifo.go", &[fifo.to_str().unwrap()], "1"));
    let done = run.wait_stderr("regular file io done", Duration::from_secs(3));
    // Unblock the reader whatever happened, so the program can end.
    writer.write_all(b"fifo data\n").expect("write fifo");
    let (status, stdout, stderr) = run.finish();
    assert_eq!(
        done.as_deref(),
        Some("regular file io done true <nil> written while a read blocks"),
        "GOMAXPROCS=1: file I/O stalled while another goroutine was blocked reading a FIFO; \
         stderr: {stderr}"
    );
    assert_eq!(stdout, "fifo read: \"fifo data\\n\" <nil>\n");
    assert!(status.success(), "{status}");
}

const STDOUT_WHILE_BLOCKED: &str = r#"package main

import (
	"fmt"
	"net"
	"time"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	fmt.Println("listening:", err)
	fmt.Println("serving for a second")
	ln.Close()
	time.Sleep(1500 * time.Millisecond)
	fmt.Println("bye")
}
"#;

/// Go's os.Stdout is unbuffered: every Println is a write(2), so lines
/// printed before main blocks (here in time.Sleep) are in the pipe at once.
/// A program that announces "listening" and then serves relies on it.
#[test]
fn stdout_reaches_the_pipe_while_main_is_blocked() {
    let dir = TempDir::new("stdout");
    dir.write("stdout.go", STDOUT_WHILE_BLOCKED);
    let mut run = Running::spawn(minigo(&dir.0, "stdout.go", &[], "1"));
    let deadline = Instant::now() + Duration::from_secs(1);
    while run.stdout_so_far().len() < 2 && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(10));
    }
    let early = run.stdout_so_far().to_vec();
    let (status, stdout, _) = run.finish();
    assert_eq!(stdout, "listening: <nil>\nserving for a second\nbye\n");
    assert!(status.success(), "{status}");
    assert_eq!(
        early,
        ["listening: <nil>", "serving for a second"],
        "lines printed before main slept for 1.5 s had not reached the pipe after 1 s"
    );
}
