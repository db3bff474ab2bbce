//! `minigo run -race` (issue 34) on the programs of `testdata/race/`:
//! the reports' shape (kinds of access, file:line of both accesses and
//! of the goroutines' `go` statements, the count line, exit status 66),
//! `GORACE`, and race-free programs that must report nothing. Reports
//! hold addresses and goroutine ids, so they are checked by shape, not
//! compared whole (the expectations follow `go run -race` on the same
//! programs).

use std::path::{Path, PathBuf};
use std::process::Command;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/race")
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// `minigo run -race prog` (`seeded`: under `--seed=1`, where the
/// goroutines' order is fixed, so which access comes first is too).
fn race_run(prog: &str, seeded: bool, env: &[(&str, &str)]) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_minigo"));
    cmd.current_dir(dir()).arg("run");
    if seeded {
        cmd.arg("--seed=1");
    }
    cmd.args(["-race", prog]);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run minigo");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// One report, reduced to its shape: the header lines without the
/// address, and the `file:line` of every frame (the directory and the
/// pc offset dropped).
fn race(prog: &str, env: &[(&str, &str)]) -> Run {
    race_run(prog, true, env)
}

fn shapes(stderr: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut cur: Option<Vec<String>> = None;
    for line in stderr.lines() {
        if line == "==================" {
            match cur.take() {
                Some(r) if !r.is_empty() => out.push(r),
                Some(_) | None => cur = Some(Vec::new()),
            }
            continue;
        }
        let Some(r) = cur.as_mut() else { continue };
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        if let Some((head, rest)) = t.split_once(" at 0x") {
            // `Write at 0x... by goroutine N:`: the goroutine id varies.
            let by = rest.split_once(" by ").map_or("", |(_, b)| b);
            let by = if by.starts_with("main") {
                "main"
            } else {
                "goroutine"
            };
            r.push(format!("{head} by {by}"));
        } else if let Some(rest) = t.strip_prefix("Goroutine ") {
            let state = rest.split_once(' ').map_or("", |(_, s)| s);
            r.push(format!("Goroutine {state}"));
        } else if t.starts_with('/') {
            let file = t.rsplit('/').next().unwrap_or(t);
            r.push(file.split(' ').next().unwrap_or(file).to_string());
        } else {
            r.push(t.to_string());
        }
    }
    out
}

fn lines(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_global_written_by_a_goroutine_and_read_by_main() {
    let r = race("racy_global.go", &[]);
    assert_eq!(r.code, 66, "stderr:\n{}", r.stderr);
    assert_eq!(r.stdout, "1\n");
    assert_eq!(
        shapes(&r.stderr),
        vec![lines(&[
            "WARNING: DATA RACE",
            "Read by main",
            "main.main()",
            "racy_global.go:21",
            "Previous write by goroutine",
            "main.set()",
            "racy_global.go:13",
            "main.main.func1()",
            "racy_global.go:18",
            "Goroutine (finished) created at:",
            "main.main()",
            "racy_global.go:17",
        ])],
        "stderr:\n{}",
        r.stderr
    );
    assert!(r
        .stderr
        .ends_with("==================\nFound 1 data race(s)\n"));
}

#[test]
fn fields_elements_maps_and_captured_variables_race_separately() {
    let r = race("racy_heap.go", &[]);
    assert_eq!(r.code, 66, "stderr:\n{}", r.stderr);
    let got = shapes(&r.stderr);
    let expect = |kind: &str, line: u32, prev: &str, pline: u32| {
        lines(&[
            "WARNING: DATA RACE",
            &format!("{kind} by main"),
            "main.main()",
            &format!("racy_heap.go:{line}"),
            &format!("Previous {prev} by goroutine"),
            "main.main.func1()",
            &format!("racy_heap.go:{pline}"),
            "Goroutine (finished) created at:",
            "main.main()",
            "racy_heap.go:17",
        ])
    };
    assert_eq!(
        got,
        vec![
            expect("Read", 24, "write", 18),
            expect("Write", 25, "write", 19),
            expect("Read", 26, "write", 20),
            expect("Read", 27, "write", 21),
        ],
        "stderr:\n{}",
        r.stderr
    );
    assert!(r.stderr.ends_with("Found 4 data race(s)\n"));
}

#[test]
fn gorace_halt_on_error_and_exitcode() {
    let r = race("racy_heap.go", &[("GORACE", "halt_on_error=1 exitcode=7")]);
    assert_eq!(r.code, 7, "stderr:\n{}", r.stderr);
    assert_eq!(shapes(&r.stderr).len(), 1, "stderr:\n{}", r.stderr);
    assert!(!r.stderr.contains("Found"), "stderr:\n{}", r.stderr);
    let r = race("racy_global.go", &[("GORACE", "exitcode=3")]);
    assert_eq!(r.code, 3, "stderr:\n{}", r.stderr);
}

#[test]
fn synchronised_programs_report_nothing() {
    for seeded in [false, true] {
        let r = race_run("norace.go", seeded, &[]);
        assert_eq!((r.code, r.stderr.as_str()), (0, ""));
        assert_eq!(r.stdout, "8 8 8 8 4 7 hi\n");
        let r = race_run("norace_chan.go", seeded, &[]);
        assert_eq!((r.code, r.stderr.as_str()), (0, ""));
        assert_eq!(r.stdout, "17 patterns\n");
    }
}

#[test]
fn without_the_flag_nothing_is_reported() {
    let out = Command::new(env!("CARGO_BIN_EXE_minigo"))
        .current_dir(dir())
        .args(["run", "racy_global.go"])
        .output()
        .expect("run minigo");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty());
}

/// A shape with only the program's own frames: Go shows its runtime's
/// and fmt's frames (`runtime.slicecopy`, `fmt.(*pp).printValue`, ...)
/// above the program's, minigo its Go-written library's; both are
/// dropped before comparing.
fn user_frames(shape: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut skip_file = false;
    for l in shape {
        if l.ends_with("()") && !l.starts_with("main.") {
            skip_file = true;
            continue;
        }
        if skip_file && (l.starts_with('$') || l.contains(".go:")) {
            skip_file = false;
            continue;
        }
        skip_file = false;
        out.push(l.clone());
    }
    out
}

fn one_race(prog: &str, expect: &[&str]) {
    let r = race(prog, &[]);
    assert_eq!(r.code, 66, "stderr:\n{}", r.stderr);
    let got: Vec<_> = shapes(&r.stderr).iter().map(|s| user_frames(s)).collect();
    assert_eq!(got, vec![lines(expect)], "stderr:\n{}", r.stderr);
    assert!(r.stderr.ends_with("Found 1 data race(s)\n"));
}

#[test]
fn a_race_only_through_copy() {
    one_race(
        "racy_copy.go",
        &[
            "WARNING: DATA RACE",
            "Write by main",
            "main.main()",
            "racy_copy.go:17",
            "Previous write by goroutine",
            "main.main.func1()",
            "racy_copy.go:14",
            "Goroutine (finished) created at:",
            "main.main()",
            "racy_copy.go:13",
        ],
    );
}

#[test]
fn fmt_reads_its_arguments() {
    let r = race("racy_fmt.go", &[]);
    assert!(
        r.stderr.contains("  fmt.Println()\n"),
        "stderr:\n{}",
        r.stderr
    );
    assert_eq!(r.stdout, "[0 7 0]\n");
    one_race(
        "racy_fmt.go",
        &[
            "WARNING: DATA RACE",
            "Read by main",
            "main.main()",
            "racy_fmt.go:16",
            "Previous write by goroutine",
            "main.main.func1()",
            "racy_fmt.go:13",
            "Goroutine (finished) created at:",
            "main.main()",
            "racy_fmt.go:12",
        ],
    );
}

#[test]
fn history_survives_a_collection() {
    one_race(
        "racy_gc.go",
        &[
            "WARNING: DATA RACE",
            "Read by main",
            "main.main()",
            "racy_gc.go:23",
            "Previous write by goroutine",
            "main.main.func1()",
            "racy_gc.go:16",
            "Goroutine (finished) created at:",
            "main.main()",
            "racy_gc.go:15",
        ],
    );
}

/// `minigo test -race` on a racy test: as `go test -race`, the report,
/// then the test fails with testing's own line, and the package fails
/// with exit status 1 (not 66: the binary exits 1 before the detector's
/// count would be printed).
#[test]
fn a_test_that_races_fails() {
    let out = Command::new(env!("CARGO_BIN_EXE_minigo"))
        .current_dir(dir().join("racytest"))
        .args(["test", "-race", "."])
        .output()
        .expect("run minigo");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "stdout:\n{stdout}");
    assert_eq!(shapes(&stdout).len(), 1, "stdout:\n{stdout}");
    let tail: Vec<&str> = stdout
        .split("==================\n")
        .last()
        .unwrap()
        .lines()
        .collect();
    assert_eq!(tail.len(), 5, "stdout:\n{stdout}");
    assert!(tail[0].starts_with("--- FAIL: TestRacy ("), "{stdout}");
    assert_eq!(
        tail[1],
        "    testing.go:1867: race detected during execution of test"
    );
    assert_eq!(tail[2], "FAIL");
    assert!(
        tail[3].starts_with("FAIL\texample.com/racytest\t"),
        "{stdout}"
    );
    assert_eq!(tail[4], "FAIL");
    assert!(!stdout.contains("Found"), "{stdout}");
}

#[test]
fn natives_standing_for_go_code_read_and_write_as_it_does() {
    // As `go run -race` on the same program: sort.Ints writes, utf8's
    // decoding reads; bytes.IndexByte (assembly in Go) is not checked.
    let r = race("racy_natives.go", &[]);
    assert_eq!(r.code, 66, "stderr:\n{}", r.stderr);
    let got: Vec<_> = shapes(&r.stderr).iter().map(|s| user_frames(s)).collect();
    let report = |kind: &str, line: u32, prev: &str, pline: u32| {
        lines(&[
            "WARNING: DATA RACE",
            kind,
            "main.main()",
            &format!("racy_natives.go:{line}"),
            prev,
            "main.main.func1()",
            &format!("racy_natives.go:{pline}"),
            "Goroutine (finished) created at:",
            "main.main()",
            "racy_natives.go:18",
        ])
    };
    assert_eq!(
        got,
        vec![
            report("Write by main", 24, "Previous write by goroutine", 19),
            report("Write by main", 25, "Previous read by goroutine", 20),
        ],
        "stderr:\n{}",
        r.stderr
    );
    assert!(r.stderr.ends_with("Found 2 data race(s)\n"));
}

#[test]
fn context_timers_and_sort_slice_synchronise_as_in_go() {
    // cancel() happens before <-ctx.Done() returns and before ctx.Err()
    // sees it; the call to AfterFunc (and a Reset) before f runs; a
    // sort.Slice in a goroutine before a receive that waits for it.
    // `go run -race` reports nothing either.
    for seeded in [false, true] {
        let r = race_run("norace_edges.go", seeded, &[]);
        assert_eq!((r.code, r.stderr.as_str()), (0, ""));
        assert_eq!(
            r.stdout,
            "x = 1\ny = 2 context canceled\nz = 4\nw = 5\ncontext deadline exceeded\n[1 2 3]\n"
        );
    }
}

#[test]
fn what_those_edges_do_not_order_still_races() {
    // As `go run -race racy_edges.go`: a write after cancel(), a write
    // after AfterFunc against f's (its goroutine is created by the
    // runtime: `time.goFunc`, as Go shows it), and a read against
    // sort.Slice's swap (Go's frames below main.main.func3 are
    // reflectlite's and sort's).
    let r = race("racy_edges.go", &[]);
    assert_eq!(r.code, 66, "stderr:\n{}", r.stderr);
    let got: Vec<_> = shapes(&r.stderr).iter().map(|s| user_frames(s)).collect();
    let expect = vec![
        lines(&[
            "WARNING: DATA RACE",
            "Read by goroutine",
            "main.main.func1()",
            "racy_edges.go:20",
            "Previous write by main",
            "main.main()",
            "racy_edges.go:24",
            "Goroutine (running) created at:",
            "main.main()",
            "racy_edges.go:18",
        ]),
        lines(&[
            "WARNING: DATA RACE",
            "Write by goroutine",
            "main.main.func2()",
            "racy_edges.go:30",
            "Previous write by main",
            "main.main()",
            "racy_edges.go:33",
            "Goroutine (running) created at:",
        ]),
        lines(&[
            "WARNING: DATA RACE",
            "Read by main",
            "main.main()",
            "racy_edges.go:43",
            "Previous write by goroutine",
            "main.main.func3()",
            "racy_edges.go:39",
            "Goroutine (running) created at:",
            "main.main()",
            "racy_edges.go:38",
        ]),
    ];
    assert_eq!(got, expect, "stderr:\n{}", r.stderr);
    assert!(r
        .stderr
        .contains(" created at:\n  time.goFunc()\n      $GOROOT/src/time/sleep.go:182 +0x"));
    assert!(r.stderr.ends_with("Found 3 data race(s)\n"));
}

#[test]
fn whole_struct_and_array_copies_read_and_write_every_word() {
    // As `go run -race racy_struct.go`: `q := *p` reads p.y, `g = T{..}`
    // writes g.x, `b := *arr` reads arr[1], and the range variable's copy
    // of ps[1] reads its y, each against a goroutine's write.
    let r = race("racy_struct.go", &[]);
    assert_main_races(
        &r,
        "racy_struct.go",
        &[
            ("Read by main", 22, "main.main.func1()", 19),
            ("Write by main", 29, "main.main.func2()", 26),
            ("Read by main", 37, "main.main.func3()", 34),
            ("Read by main", 45, "main.main.func4()", 42),
        ],
    );
    assert_eq!(r.stdout, "0\n3\n0\n1\n3\n");
}

#[test]
fn file_reads_and_writes_access_their_buffers_and_synchronise() {
    // As `go run -race racy_io.go`: the pipe's write of x's news happens
    // before the read that sees it (no report); a Read writes the bytes
    // it fills, a Write reads its buffer, each racing with a goroutine's
    // write (Go's frames above main.main are internal/poll's and os's).
    let r = race("racy_io.go", &[]);
    assert!(r.stderr.contains("  os.(*File).Read()\n"), "{}", r.stderr);
    assert_main_races(
        &r,
        "racy_io.go",
        &[
            ("Write by main", 33, "main.main.func2()", 29),
            ("Read by main", 40, "main.main.func3()", 37),
        ],
    );
    assert_eq!(r.stdout, "x = 1\nhey!\n");
}

/// `r` exited 66 having reported exactly `races`, each between main
/// (kind, line) and a finished goroutine (func, line) as
/// [`main_against_goroutine`] shapes them, and counted them at exit.
fn assert_main_races(r: &Run, file: &str, races: &[(&str, u32, &str, u32)]) {
    assert_eq!(r.code, 66, "stderr:\n{}", r.stderr);
    let got: Vec<_> = shapes(&r.stderr).iter().map(|s| user_frames(s)).collect();
    let want: Vec<_> = races
        .iter()
        .map(|&(kind, line, func, pline)| main_against_goroutine(file, kind, line, func, pline))
        .collect();
    assert_eq!(got, want, "stderr:\n{}", r.stderr);
    let found = format!("Found {} data race(s)\n", races.len());
    assert!(r.stderr.ends_with(&found), "stderr:\n{}", r.stderr);
}

/// The user frames of a race between main (`kind`, at `line`) and an
/// earlier write by a finished goroutine (`func` at `pline`, started by
/// the `go` statement on the line before).
fn main_against_goroutine(
    file: &str,
    kind: &str,
    line: u32,
    func: &str,
    pline: u32,
) -> Vec<String> {
    lines(&[
        "WARNING: DATA RACE",
        kind,
        "main.main()",
        &format!("{file}:{line}"),
        "Previous write by goroutine",
        func,
        &format!("{file}:{pline}"),
        "Goroutine (finished) created at:",
        "main.main()",
        &format!("{file}:{}", pline - 1),
    ])
}

/// `minigo run --seed=1 -race` on `src`, written to a temporary file.
fn race_src(name: &str, src: &str) -> Run {
    race_src_run(name, src, true)
}

/// `minigo run [--seed=1] -race` on `src`, written to a temporary
/// directory (the program's working directory), removed after the run.
fn race_src_run(name: &str, src: &str, seeded: bool) -> Run {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("minigo-race-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, src).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_minigo"));
    cmd.current_dir(&dir).arg("run");
    if seeded {
        cmd.arg("--seed=1");
    }
    let out = cmd.args(["-race", name]).output().expect("run minigo");
    let _ = std::fs::remove_dir_all(&dir);
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The finalizer's goroutine starts after everything that happened
/// before the collection that found its object dead (Go's detector:
/// the finalizer goroutine acquires every goroutine's clock): its reads
/// of x and of the object are no races, and its send orders its write
/// of y before main's read. (`go run -race` prints the same and reports
/// nothing.)
#[test]
fn a_finalizer_runs_after_what_happened_before_the_collection() {
    let src = r#"package main

import (
	"fmt"
	"runtime"
	"time"
)

type obj struct{ v int }

var x, y int

func main() {
	done := make(chan bool, 1)
	o := &obj{v: 1}
	x = 42
	runtime.SetFinalizer(o, func(p *obj) {
		fmt.Println("fin", x, p.v)
		y = 1
		done <- true
	})
	o = nil
	for i := 0; i < 100; i++ {
		runtime.GC()
		select {
		case <-done:
			fmt.Println("y =", y)
			return
		default:
		}
		time.Sleep(time.Millisecond)
	}
	fmt.Println("no finalizer")
}
"#;
    let r = race_src("norace_fin.go", src);
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    assert_eq!(r.stdout, "fin 42 1\ny = 1\n");
}

/// A finalizer's write against main's after the collection (main's
/// send starts a new epoch the finalizer did not see): reported, the
/// finalizer's goroutine created by `runtime.createfing` as in Go.
#[test]
fn a_finalizer_races_with_what_follows_the_collection() {
    let src = r#"package main

import (
	"runtime"
	"time"
)

type obj struct{ v int }

var y int

func main() {
	o := &obj{v: 1}
	runtime.SetFinalizer(o, func(p *obj) {
		y = 1
	})
	o = nil
	for i := 0; i < 5; i++ {
		runtime.GC()
		time.Sleep(2 * time.Millisecond)
	}
	ch := make(chan int, 1)
	ch <- 1
	time.Sleep(50 * time.Millisecond)
	y = 2
}
"#;
    let r = race_src("racy_fin.go", src);
    assert_eq!(r.code, 66, "stderr:\n{}", r.stderr);
    let got = shapes(&r.stderr);
    assert_eq!(got.len(), 1, "stderr:\n{}", r.stderr);
    let s = &got[0];
    for want in [
        "Write by main",
        "Previous write by goroutine",
        "racy_fin.go:15",
        "racy_fin.go:25",
        "Goroutine (running) created at:",
        "runtime.createfing()",
    ] {
        assert!(s.iter().any(|l| l == want), "{want}: stderr:\n{}", r.stderr);
    }
    assert!(r
        .stderr
        .contains("      $GOROOT/src/runtime/mfinal.go:172 +0x"));
}

/// A send reads the channel and a close that succeeds writes it (Go's
/// `chansend`, `closechan`): a close unordered with a send races; one
/// after a receive of the sent value, or a second close (it panics before
/// writing), does not. As `go run -race` on the same program.
#[test]
fn a_close_unordered_with_a_send_races() {
    let src = r#"package main

import "time"

func main() {
	c := make(chan int, 10)
	go func() { c <- 1 }()
	time.Sleep(20 * time.Millisecond)
	close(c)

	d := make(chan int, 1)
	go func() { d <- 1 }()
	<-d
	close(d)
	func() {
		defer func() { recover() }()
		close(d)
	}()
}
"#;
    let r = race_src("racy_close.go", src);
    assert_eq!(r.code, 66, "stderr:\n{}", r.stderr);
    let got: Vec<_> = shapes(&r.stderr).iter().map(|s| user_frames(s)).collect();
    let expect = vec![lines(&[
        "WARNING: DATA RACE",
        "Write by main",
        "main.main()",
        "racy_close.go:9",
        "Previous read by goroutine",
        "main.main.func1()",
        "racy_close.go:7",
        "Goroutine (finished) created at:",
        "main.main()",
        "racy_close.go:7",
    ])];
    assert_eq!(got, expect, "stderr:\n{}", r.stderr);
}

/// A `select`'s send case reads its channel as a send does (Go's
/// `selectgo`): a close unordered with it races. As `go run -race` on the
/// same program.
#[test]
fn a_close_unordered_with_a_select_send_races() {
    let src = r#"package main

import "time"

func main() {
	c := make(chan int, 10)
	go func() {
		select {
		case c <- 1:
		default:
		}
	}()
	time.Sleep(20 * time.Millisecond)
	close(c)
}
"#;
    let r = race_src("racy_select_close.go", src);
    assert_eq!(r.code, 66, "stderr:\n{}", r.stderr);
    let got: Vec<_> = shapes(&r.stderr).iter().map(|s| user_frames(s)).collect();
    let expect = vec![lines(&[
        "WARNING: DATA RACE",
        "Write by main",
        "main.main()",
        "racy_select_close.go:14",
        "Previous read by goroutine",
        "main.main.func1()",
        "racy_select_close.go:9",
        "Goroutine (finished) created at:",
        "main.main()",
        "racy_select_close.go:7",
    ])];
    assert_eq!(got, expect, "stderr:\n{}", r.stderr);
}

/// An atomic operation is an atomic access of its word (ThreadSanitizer's
/// rule, Go's `atomic_test.go` `TestRaceAtomic*`): it races with an
/// unordered plain access, never with another atomic one, and a plain
/// access ordered after it by the word itself or by other edges is no
/// race. Go names the access `Write`/`Read` and shows the assembly and
/// autogenerated frames of sync/atomic above the caller's (Go 1.27
/// `go run -race` on the same program prints the same three reports;
/// its stacks of atomic accesses often stop at those two frames, where
/// minigo goes on with the program's).
#[test]
fn an_atomic_access_races_with_plain_ones() {
    let src = r#"package main

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

type stats struct {
	hits atomic.Int64
}

var n int64

func main() {
	go func() {
		atomic.AddInt64(&n, 1)
	}()
	time.Sleep(20 * time.Millisecond)
	n = 5

	var flag int32
	go func() {
		flag = 1
	}()
	time.Sleep(20 * time.Millisecond)
	fmt.Println(atomic.LoadInt32(&flag))

	var s stats
	go func() {
		s.hits.Add(1)
	}()
	time.Sleep(20 * time.Millisecond)
	c := s

	// No races: atomics among themselves, plain accesses ordered by the
	// atomic word or by a WaitGroup.
	var x, total int64
	var ready int32
	go func() {
		x = 2
		atomic.StoreInt32(&ready, 1)
	}()
	for atomic.LoadInt32(&ready) == 0 {
		time.Sleep(time.Millisecond)
	}
	x = 1
	ready = 0
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			atomic.AddInt64(&total, 1)
			atomic.OrInt32(&ready, 2)
		}()
	}
	wg.Wait()
	total++
	fmt.Println(x, total, ready, c.hits.Load())
}
"#;
    let r = race_src("racy_atomic.go", src);
    assert_eq!(r.code, 66, "stderr:\n{}", r.stderr);
    assert_eq!(r.stdout, "1\n1 5 2 1\n");
    let got: Vec<Vec<String>> = shapes(&r.stderr)
        .iter()
        .map(|s| {
            s.iter()
                .map(|l| l.split(" +0x").next().unwrap_or(l).to_string())
                .collect()
        })
        .collect();
    let asm = |f: &str, line: u32| {
        [
            format!("sync/atomic.{f}()"),
            format!("$GOROOT/src/runtime/race_amd64.s:{line}"),
            format!("sync/atomic.{f}()"),
            "<autogenerated>:1".to_string(),
        ]
    };
    let mut expect = Vec::new();
    let mut one = |head: Vec<String>| expect.push(head);
    let mut r1 = lines(&["WARNING: DATA RACE", "Write by main", "main.main()"]);
    r1.extend(lines(&["racy_atomic.go:21", "Previous write by goroutine"]));
    r1.extend(asm("AddInt64", 289));
    r1.extend(lines(&[
        "main.main.func1()",
        "racy_atomic.go:18",
        "Goroutine (finished) created at:",
        "main.main()",
        "racy_atomic.go:17",
    ]));
    one(r1);
    let mut r2 = lines(&["WARNING: DATA RACE", "Read by main"]);
    r2.extend(asm("LoadInt32", 202));
    r2.extend(lines(&[
        "main.main()",
        "racy_atomic.go:28",
        "Previous write by goroutine",
        "main.main.func2()",
        "racy_atomic.go:25",
        "Goroutine (finished) created at:",
        "main.main()",
        "racy_atomic.go:24",
    ]));
    one(r2);
    let mut r3 = lines(&[
        "WARNING: DATA RACE",
        "Read by main",
        "main.main()",
        "racy_atomic.go:35",
        "Previous write by goroutine",
    ]);
    r3.extend(asm("AddInt64", 289));
    r3.extend(lines(&[
        "main.main.func3()",
        "racy_atomic.go:32",
        "Goroutine (finished) created at:",
        "main.main()",
        "racy_atomic.go:31",
    ]));
    one(r3);
    assert_eq!(got, expect, "stderr:\n{}", r.stderr);
    assert!(r.stderr.ends_with("Found 3 data race(s)\n"));
}

/// minigo's Go-written library is checked as the program's code is, in
/// the packages `race::instrument` names: two goroutines writing one
/// `bytes.Buffer` race, reported in the library's frames (Go 1.27's
/// `go run -race` reports the same two `WriteString` calls first, and a
/// `strings.Builder`'s `Len` against its `WriteString`; minigo's
/// `bytes.Buffer` has other fields than Go's, so the reports in between
/// differ: the shape of the first and the last is checked).
#[test]
fn the_library_is_checked_as_the_program() {
    let src = r#"package main

import (
	"bytes"
	"fmt"
	"strings"
	"time"
)

func main() {
	var buf bytes.Buffer
	go func() {
		buf.WriteString("hello")
	}()
	time.Sleep(20 * time.Millisecond)
	buf.WriteString("world")

	var sb strings.Builder
	go func() {
		sb.WriteString("x")
	}()
	time.Sleep(20 * time.Millisecond)
	fmt.Println(sb.Len(), buf.Len())
}
"#;
    let r = race_src("racy_buffer.go", src);
    assert_eq!(r.code, 66, "stderr:\n{}", r.stderr);
    assert_eq!(r.stdout, "1 10\n");
    let got = shapes(&r.stderr);
    let first: Vec<String> = got[0]
        .iter()
        .filter(|l| !l.starts_with('$'))
        .cloned()
        .collect();
    assert_eq!(
        first,
        lines(&[
            "WARNING: DATA RACE",
            "Write by main",
            "bytes.(*Buffer).WriteString()",
            "main.main()",
            "racy_buffer.go:16",
            "Previous write by goroutine",
            "bytes.(*Buffer).WriteString()",
            "main.main.func1()",
            "racy_buffer.go:13",
            "Goroutine (finished) created at:",
            "main.main()",
            "racy_buffer.go:12",
        ]),
        "stderr:\n{}",
        r.stderr
    );
    assert!(got[0][3].starts_with("$GOROOT/src/bytes/bytes.go:"));
    let last: Vec<String> = got[got.len() - 1]
        .iter()
        .filter(|l| !l.starts_with('$'))
        .cloned()
        .collect();
    assert_eq!(
        last,
        lines(&[
            "WARNING: DATA RACE",
            "Read by main",
            "strings.(*Builder).Len()",
            "main.main()",
            "racy_buffer.go:23",
            "Previous write by goroutine",
            "strings.(*Builder).WriteString()",
            "main.main.func2()",
            "racy_buffer.go:20",
            "Goroutine (finished) created at:",
            "main.main()",
            "racy_buffer.go:19",
        ]),
        "stderr:\n{}",
        r.stderr
    );
}

/// `os/exec`'s goroutines (pipe copies, the context's kill) are ordered
/// as in Go: a `Signal` and the `Wait` that reaps the process exclude
/// each other (`os.Process`'s sigMu), the copies end before `Wait`
/// returns (a channel). Run without `--seed`: under a fixed schedule a
/// `Wait` blocking in the kernel holds the only thread the copies need.
/// (`go run -race` prints the same and reports nothing.)
#[test]
fn os_exec_synchronises_as_in_go() {
    let src = r#"package main

import (
	"context"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

func main() {
	out, err := exec.Command("echo", "hello").Output()
	fmt.Printf("%q %v\n", out, err)
	out, err = exec.Command("sh", "-c", "echo out; echo err >&2").CombinedOutput()
	fmt.Printf("%q %v\n", out, err)
	_, err = exec.Command("sh", "-c", "echo bad >&2; exit 1").Output()
	if ee, ok := err.(*exec.ExitError); ok {
		fmt.Printf("%q %v\n", ee.Stderr, ee)
	}

	cmd := exec.Command("sh", "-c", "cat; exit 3")
	cmd.Stdin = strings.NewReader("input\n")
	var b strings.Builder
	cmd.Stdout = &b
	if err := cmd.Start(); err != nil {
		panic(err)
	}
	err = cmd.Wait()
	fmt.Printf("%q %v %d\n", b.String(), err, cmd.ProcessState.ExitCode())

	c := exec.Command("cat")
	in, _ := c.StdinPipe()
	o, _ := c.StdoutPipe()
	c.Start()
	in.Write([]byte("piped\n"))
	in.Close()
	got, _ := io.ReadAll(o)
	fmt.Printf("%q %v\n", got, c.Wait())

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	fmt.Println(exec.CommandContext(ctx, "sleep", "5").Run())
}
"#;
    let r = race_src_run("norace_exec.go", src, false);
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    assert_eq!(
        r.stdout,
        concat!(
            "\"hello\\n\" <nil>\n",
            "\"out\\nerr\\n\" <nil>\n",
            "\"bad\\n\" exit status 1\n",
            "\"input\\n\" exit status 3 3\n",
            "\"piped\\n\" <nil>\n",
            "signal: killed\n",
        )
    );
}

/// A buffer `os/exec`'s copying goroutine fills, read before `Wait`:
/// the race Go reports, with exec's frames under the goroutine's write.
/// The child tells main that it wrote by creating a file, which orders
/// nothing in the detector.
#[test]
fn a_buffer_read_before_exec_wait_races() {
    let src = r#"package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"time"
)

func main() {
	var out bytes.Buffer
	cmd := exec.Command("sh", "-c", "echo hi; : > ready; read x")
	cmd.Stdout = &out
	stdin, _ := cmd.StdinPipe()
	if err := cmd.Start(); err != nil {
		panic(err)
	}
	for _, err := os.Stat("ready"); err != nil; _, err = os.Stat("ready") {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	n := out.Len()
	stdin.Close()
	cmd.Wait()
	fmt.Println(n, out.String())
}
"#;
    let r = race_src_run("racy_exec.go", src, false);
    assert_eq!(r.code, 66, "stderr:\n{}", r.stderr);
    assert_eq!(r.stdout, "3 hi\n\n");
    let got = shapes(&r.stderr);
    assert!(!got.is_empty(), "stderr:\n{}", r.stderr);
    for shape in &got {
        let frames: Vec<&str> = shape
            .iter()
            .map(String::as_str)
            .filter(|l| !l.starts_with('$'))
            .collect();
        assert_eq!(
            frames[..4],
            [
                "WARNING: DATA RACE",
                "Read by main",
                "bytes.(*Buffer).Len()",
                "main.main()"
            ]
        );
        assert_eq!(frames[4], "racy_exec.go:23", "stderr:\n{}", r.stderr);
        assert_eq!(frames[5], "Previous write by goroutine");
        let n = frames.len();
        assert_eq!(
            frames[n - 5..],
            [
                "os/exec.(*Cmd).Start.func1()",
                "Goroutine (running) created at:",
                "os/exec.(*Cmd).Start()",
                "main.main()",
                "racy_exec.go:16",
            ],
            "stderr:\n{}",
            r.stderr
        );
    }
}

/// Tables the library makes on first use (crc32's Castagnoli, crc64's,
/// math/big's 3 for Sqrt, regexp/syntax's alias maps) are made under a
/// `sync.Once`, as in Go: goroutines making them at once do not race.
#[test]
fn library_tables_made_on_first_use_do_not_race() {
    let src = r#"package main

import (
	"fmt"
	"hash/crc32"
	"hash/crc64"
	"math/big"
	"regexp/syntax"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	out := make([]string, 4)
	for i := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := crc32.Checksum([]byte("minigo"), crc32.MakeTable(crc32.Castagnoli))
			d := crc64.Checksum([]byte("minigo"), crc64.MakeTable(crc64.ISO))
			e := crc64.Checksum([]byte("minigo"), crc64.MakeTable(crc64.ECMA))
			r := new(big.Float).SetPrec(100).Sqrt(big.NewFloat(2))
			re, err := syntax.Parse(`\p{greek}`, syntax.Perl)
			out[i] = fmt.Sprintf("%08x %016x %016x %.20f %d %v", c, d, e, r, len(re.Rune), err)
		}()
	}
	wg.Wait()
	fmt.Println(out[0])
	fmt.Println(out[0] == out[1], out[1] == out[2], out[2] == out[3])
}
"#;
    for seeded in [false, true] {
        let r = race_src_run("norace_lib.go", src, seeded);
        assert_eq!((r.code, r.stderr.as_str()), (0, ""));
        assert_eq!(
            r.stdout,
            "000160d2 3c31b99d899f6000 9e794af9d96d40ab 1.41421356237309504880 72 <nil>\ntrue true true\n"
        );
    }
}

/// reflect's reads and writes of variables are checked, as Go's reflect
/// is instrumented Go code: `SetInt` through `Elem` or a field against
/// main's plain reads, and main's write against a goroutine's `Int()`
/// read (`go run -race` reports the same three pairs); reflect accesses
/// ordered by a channel are no race.
#[test]
fn reflect_reads_and_writes_are_checked() {
    let src = r#"package main

import (
	"fmt"
	"reflect"
	"time"
)

type T struct{ A, B int }

func main() {
	x, t := 0, T{}
	go func() {
		reflect.ValueOf(&x).Elem().SetInt(1)
	}()
	time.Sleep(time.Millisecond)
	fmt.Println(x)
	go func() {
		reflect.ValueOf(&t).Elem().Field(1).SetInt(2)
	}()
	time.Sleep(time.Millisecond)
	fmt.Println(t.B)
	done := make(chan bool)
	go func() {
		reflect.ValueOf(&t).Elem().Field(0).SetInt(3)
		done <- true
	}()
	<-done
	fmt.Println(t.A, reflect.ValueOf(t).Field(0).Int())
	go func() {
		_ = reflect.ValueOf(&t).Elem().Field(0).Int()
	}()
	time.Sleep(time.Millisecond)
	t.A = 4
}
"#;
    let r = race_src("reflect_race.go", src);
    let got: Vec<_> = shapes(&r.stderr).iter().map(|s| user_frames(s)).collect();
    let mut want = vec![
        main_against_goroutine(
            "reflect_race.go",
            "Read by main",
            17,
            "main.main.func1()",
            14,
        ),
        main_against_goroutine(
            "reflect_race.go",
            "Read by main",
            22,
            "main.main.func2()",
            19,
        ),
    ];
    let mut last = main_against_goroutine(
        "reflect_race.go",
        "Write by main",
        34,
        "main.main.func4()",
        31,
    );
    last[4] = "Previous read by goroutine".into();
    want.push(last);
    assert_eq!(got, want, "stderr:\n{}", r.stderr);
    assert_eq!(r.stdout, "1\n2\n3 3\n");
    assert_eq!(r.code, 66);
}

/// As `go run -race racy_chan.go`: a capacity-2 channel used as a
/// semaphore orders g's receive before the 3rd send only, so main's
/// write races with g's; capacity 1 is a mutex (no report); two workers
/// taking jobs from one buffered channel race on `x += <-jobs` (which
/// worker reads first depends on the schedule, in Go as here).
#[test]
fn buffered_channels_order_the_kth_receive_before_the_k_plus_cth_send_only() {
    let r = race("racy_chan.go", &[]);
    assert_eq!(r.code, 66, "stderr:\n{}", r.stderr);
    assert_eq!(r.stdout, "10 2 2\n");
    let got: Vec<_> = shapes(&r.stderr).iter().map(|s| user_frames(s)).collect();
    assert_eq!(got.len(), 2, "stderr:\n{}", r.stderr);
    assert_eq!(
        got[0],
        lines(&[
            "WARNING: DATA RACE",
            "Write by main",
            "main.main()",
            "racy_chan.go:26",
            "Previous write by goroutine",
            "main.main.func1()",
            "racy_chan.go:21",
            "Goroutine (finished) created at:",
            "main.main()",
            "racy_chan.go:19",
        ]),
        "stderr:\n{}",
        r.stderr
    );
    let mut created: Vec<&str> = got[1][8..]
        .iter()
        .filter(|l| l.starts_with("racy_chan.go:"))
        .map(String::as_str)
        .collect();
    created.sort();
    assert_eq!(
        got[1][..8],
        lines(&[
            "WARNING: DATA RACE",
            "Read by goroutine",
            "main.main.func3()",
            "racy_chan.go:47",
            "Previous write by goroutine",
            "main.main.func3()",
            "racy_chan.go:47",
            "Goroutine (running) created at:",
        ]),
        "stderr:\n{}",
        r.stderr
    );
    assert_eq!(created, ["racy_chan.go:51", "racy_chan.go:53"]);
    assert!(r.stderr.ends_with("Found 2 data race(s)\n"));
}

/// As `go run -race racy_rwmutex.go`: two readers writing under `RLock`
/// race (readers are not ordered with each other); a writer's `Unlock`
/// orders a reader's `RLock`, a reader's `RUnlock` a writer's `Lock`.
#[test]
fn rwmutex_readers_are_not_ordered_with_each_other() {
    let r = race("racy_rwmutex.go", &[]);
    assert_eq!(r.code, 66, "stderr:\n{}", r.stderr);
    assert_eq!(r.stdout, "2\n");
    let got: Vec<_> = shapes(&r.stderr).iter().map(|s| user_frames(s)).collect();
    let expect = vec![lines(&[
        "WARNING: DATA RACE",
        "Read by goroutine",
        "main.main.func2()",
        "racy_rwmutex.go:32",
        "Previous write by goroutine",
        "main.main.func1()",
        "racy_rwmutex.go:25",
        "Goroutine (running) created at:",
        "main.main()",
        "racy_rwmutex.go:29",
        "Goroutine (finished) created at:",
        "main.main()",
        "racy_rwmutex.go:22",
    ])];
    assert_eq!(got, expect, "stderr:\n{}", r.stderr);
    assert!(r.stderr.ends_with("Found 1 data race(s)\n"));
}

/// As `go run -race racy_reflect_map.go`: `MapIndex` reads the map,
/// `SetMapIndex` writes it, `Append` writes its new element, each against
/// a goroutine's plain access (Go's frames above main.main are reflect's
/// and the runtime's map code, minigo's reflect's).
#[test]
fn reflect_map_operations_and_append_are_checked() {
    let r = race("racy_reflect_map.go", &[]);
    assert!(
        r.stderr.contains("  reflect.Value.SetMapIndex()\n"),
        "{}",
        r.stderr
    );
    let f = "racy_reflect_map.go";
    let shape = |kind: &str, line: u32, prev: &str, func: &str, pline: u32, created: u32| {
        lines(&[
            "WARNING: DATA RACE",
            kind,
            "main.main()",
            &format!("{f}:{line}"),
            prev,
            func,
            &format!("{f}:{pline}"),
            "Goroutine (finished) created at:",
            "main.main()",
            &format!("{f}:{created}"),
        ])
    };
    let got: Vec<_> = shapes(&r.stderr).iter().map(|s| user_frames(s)).collect();
    let expect = vec![
        shape(
            "Read by main",
            18,
            "Previous write by goroutine",
            "main.main.func1()",
            15,
            14,
        ),
        shape(
            "Write by main",
            26,
            "Previous read by goroutine",
            "main.main.func2()",
            23,
            22,
        ),
        shape(
            "Write by main",
            34,
            "Previous read by goroutine",
            "main.main.func3()",
            31,
            29,
        ),
    ];
    assert_eq!(got, expect, "stderr:\n{}", r.stderr);
    assert_eq!((r.code, r.stdout.as_str()), (66, "1\n2 2\n"));
}
