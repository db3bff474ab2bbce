//! The scheduler lab's `GODEBUG` reports from the command line (README
//! "Scheduler lab"): `schedtrace` with `scheddetail=1` prints Go 1.27's
//! detailed lines, `schedstats=1` prints the per-goroutine and per-P table
//! at exit.
//!
//! The line shapes are templates taken from a real Go 1.27.3 run of
//! `GODEBUG=schedtrace=100,scheddetail=1` (checked against those very
//! lines in [`templates_match_real_go`]).

use std::io::Read;
use std::path::{Path, PathBuf};
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
            "minigo-schedlab-{tag}-{}-{}",
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

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// `minigo run prog.go` in `dir` with `env`, killed after [`TIMEOUT`].
fn minigo_run(dir: &Path, env: &[(&str, &str)]) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_minigo"));
    cmd.args(["run", "prog.go"])
        .current_dir(dir)
        .env_remove("GODEBUG")
        .env_remove("GOMAXPROCS")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
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
    let start = Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().expect("wait for minigo") {
            break Some(st);
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        thread::sleep(Duration::from_millis(5));
    };
    Run {
        code: status.and_then(|s| s.code()),
        stdout: String::from_utf8_lossy(&out_t.join().unwrap()).into_owned(),
        stderr: String::from_utf8_lossy(&err_t.join().unwrap()).into_owned(),
    }
}

fn run_ok(dir: &TempDir, env: &[(&str, &str)]) -> Run {
    let r = minigo_run(&dir.0, env);
    assert_eq!(
        r.code,
        Some(0),
        "--- stdout\n{}\n--- stderr\n{}",
        r.stdout,
        r.stderr
    );
    r
}

// ----- line templates ---------------------------------------------------------

/// Go 1.27's detailed SCHED line.
const SCHED: &str = "SCHED {n}ms: gomaxprocs={n} idleprocs={n} threads={n} spinningthreads={n} needspinning={n} idlethreads={n} runqueue={n} gcwaiting={b} nmidlelocked={n} stopwait={n} sysmonwait={b}";
const P_LINE: &str =
    "  P{n}: status={n} schedtick={n} syscalltick={n} m={n?} runqsize={n} gfreecnt={n} timerslen={n}";
const M_LINE: &str = "  M{n}: p={n?} curg={n?} mallocing={n} throwing={n} preemptoff= locks={n} dying={n} spinning={b} blocked={b} lockedg={n?}";
const G_LINE: &str = "  G{n}: status={n}({r}) m={n?} lockedm={n?}";

/// Does `line` have the template's shape? `{n}`: digits; `{n?}`: digits
/// or `nil`; `{b}`: `true` or `false`; `{r}`: anything up to the first
/// occurrence of the literal text that follows it (a wait reason, maybe
/// empty, maybe with parentheses); everything else literally. Returns the values
/// of the placeholders in order.
fn shape(template: &str, line: &str) -> Option<Vec<String>> {
    let mut vals = Vec::new();
    let (mut t, mut l) = (template, line);
    while !t.is_empty() {
        if let Some(rest) = t.strip_prefix('{') {
            let end = rest.find('}').expect("template: unclosed {");
            let (kind, rest) = (&rest[..end], &rest[end + 1..]);
            let n = match kind {
                "n" => l.chars().take_while(char::is_ascii_digit).count(),
                "n?" if l.starts_with("nil") => 3,
                "n?" => l.chars().take_while(char::is_ascii_digit).count(),
                "b" if l.starts_with("true") => 4,
                "b" if l.starts_with("false") => 5,
                "b" => return None,
                "r" => {
                    let lit = &rest[..rest.find('{').unwrap_or(rest.len())];
                    l.find(lit)?
                }
                _ => panic!("template: unknown {{{kind}}}"),
            };
            if n == 0 && kind != "r" {
                return None;
            }
            vals.push(l[..n].to_string());
            l = &l[n..];
            t = rest;
        } else {
            let lit = t.find('{').unwrap_or(t.len());
            l = l.strip_prefix(&t[..lit])?;
            t = &t[lit..];
        }
    }
    l.is_empty().then_some(vals)
}

/// Lines of a real Go 1.27.3 run (`GOMAXPROCS=3
/// GODEBUG=schedtrace=100,scheddetail=1`, six spinning goroutines; and a
/// producer/consumer for the idle and blocked ones).
const REAL_GO: &str = "\
SCHED 105ms: gomaxprocs=3 idleprocs=0 threads=5 spinningthreads=0 needspinning=1 idlethreads=1 runqueue=1 gcwaiting=false nmidlelocked=0 stopwait=0 sysmonwait=false
  P0: status=1 schedtick=7 syscalltick=0 m=2 runqsize=1 gfreecnt=0 timerslen=0
  P1: status=1 schedtick=7 syscalltick=0 m=0 runqsize=0 gfreecnt=0 timerslen=0
  P2: status=1 schedtick=10 syscalltick=0 m=3 runqsize=1 gfreecnt=0 timerslen=0
  M4: p=nil curg=nil mallocing=0 throwing=0 preemptoff= locks=0 dying=0 spinning=false blocked=true lockedg=nil
  M3: p=2 curg=22 mallocing=0 throwing=0 preemptoff= locks=0 dying=0 spinning=false blocked=false lockedg=nil
  M2: p=0 curg=25 mallocing=0 throwing=0 preemptoff= locks=0 dying=0 spinning=false blocked=false lockedg=nil
  M1: p=nil curg=nil mallocing=0 throwing=0 preemptoff= locks=32 dying=0 spinning=false blocked=false lockedg=nil
  M0: p=1 curg=nil mallocing=0 throwing=0 preemptoff= locks=16 dying=0 spinning=false blocked=false lockedg=nil
  G1: status=4(chan receive) m=nil lockedm=nil
  G2: status=4(force gc (idle)) m=nil lockedm=nil
  G21: status=1() m=nil lockedm=nil
  G22: status=2() m=3 lockedm=nil
SCHED 0ms: gomaxprocs=2 idleprocs=1 threads=4 spinningthreads=0 needspinning=0 idlethreads=2 runqueue=0 gcwaiting=false nmidlelocked=0 stopwait=0 sysmonwait=false
  P0: status=0 schedtick=0 syscalltick=0 m=nil runqsize=0 gfreecnt=0 timerslen=0
  M0: p=1 curg=1 mallocing=0 throwing=0 preemptoff= locks=17 dying=0 spinning=false blocked=false lockedg=1
  G1: status=2(chan receive) m=0 lockedm=0
  G19: status=4(sleep) m=nil lockedm=nil";

fn kind(line: &str) -> Option<(char, Vec<String>)> {
    [('S', SCHED), ('P', P_LINE), ('M', M_LINE), ('G', G_LINE)]
        .iter()
        .find_map(|&(k, t)| shape(t, line).map(|v| (k, v)))
}

#[test]
fn templates_match_real_go() {
    for line in REAL_GO.lines() {
        assert!(kind(line).is_some(), "template misses real Go's {line:?}");
    }
    // And they are strict.
    for bad in [
        "SCHED 5ms: gomaxprocs=1 idleprocs=0 threads=2 spinningthreads=0 needspinning=0 idlethreads=0 runqueue=0 [ 0 ] schedticks=[ 1 ]",
        "  P0: status=1 schedtick=7 syscalltick=0 m=-1 runqsize=1 gfreecnt=0 timerslen=0",
        "  G1: status=4(chan receive) m=nil lockedm=-1",
        "  M0: p=1 curg=1 mallocing=0 throwing=0 preemptoff= locks=0 dying=0 spinning=0 blocked=false lockedg=nil",
    ] {
        assert!(kind(bad).is_none(), "template accepts {bad:?}");
    }
}

/// A few goroutines sleeping and talking for ~300ms on 2 Ps.
const SLEEPERS: &str = r#"package main

import (
	"fmt"
	"time"
)

func worker(id int, ch chan int) {
	for i := 0; i < 15; i++ {
		time.Sleep(20 * time.Millisecond)
		ch <- id
	}
}

func main() {
	ch := make(chan int)
	for i := 0; i < 3; i++ {
		go worker(i, ch)
	}
	n := 0
	for i := 0; i < 45; i++ {
		n += <-ch
	}
	fmt.Println("done", n)
}
"#;

#[test]
fn scheddetail_prints_go_1_27s_lines() {
    let dir = TempDir::new("detail");
    dir.write("prog.go", SLEEPERS);
    let r = run_ok(
        &dir,
        &[
            ("GOMAXPROCS", "2"),
            ("GODEBUG", "schedtrace=50,scheddetail=1"),
        ],
    );
    assert_eq!(r.stdout, "done 45\n");
    // Every stderr line is one of Go's four shapes, in blocks: SCHED,
    // gomaxprocs P lines, `threads` M lines (newest first, sysmon M1 and
    // M0 among them), then the Gs by id.
    let lines: Vec<(char, Vec<String>)> = r
        .stderr
        .lines()
        .map(|l| {
            kind(l).unwrap_or_else(|| panic!("not a Go scheddetail line: {l:?}\n{}", r.stderr))
        })
        .collect();
    let blocks: Vec<&[(char, Vec<String>)]> = {
        let mut starts: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].0 == 'S').collect();
        starts.push(lines.len());
        assert_eq!(starts[0], 0, "{}", r.stderr);
        starts.windows(2).map(|w| &lines[w[0]..w[1]]).collect()
    };
    assert!(blocks.len() >= 2, "expected several reports:\n{}", r.stderr);
    let mut saw_g1 = false;
    for b in &blocks {
        let sched = &b[0].1;
        let gomaxprocs: usize = sched[1].parse().unwrap();
        let threads: usize = sched[3].parse().unwrap();
        assert_eq!(gomaxprocs, 2, "{}", r.stderr);
        let kinds: String = b.iter().map(|(k, _)| *k).collect();
        let want_prefix = format!("S{}{}", "P".repeat(gomaxprocs), "M".repeat(threads));
        assert!(
            kinds.starts_with(&want_prefix) && kinds[want_prefix.len()..].chars().all(|k| k == 'G'),
            "block shape {kinds} (want {want_prefix}G*):\n{}",
            r.stderr
        );
        let pids: Vec<&str> = b[1..=gomaxprocs]
            .iter()
            .map(|(_, v)| v[0].as_str())
            .collect();
        assert_eq!(pids, ["0", "1"]);
        for (_, p) in &b[1..=gomaxprocs] {
            let status: u32 = p[1].parse().unwrap();
            assert!(status <= 4, "P status {status}");
            // An idle P has no M; a running one names one.
            if status == 0 {
                assert_eq!(p[4], "nil", "{}", r.stderr);
            }
        }
        let mids: Vec<usize> = b[1 + gomaxprocs..1 + gomaxprocs + threads]
            .iter()
            .map(|(_, v)| v[0].parse().unwrap())
            .collect();
        assert!(mids.windows(2).all(|w| w[0] > w[1]), "M ids {mids:?}");
        assert!(mids.ends_with(&[1, 0]), "M ids {mids:?}");
        let gs = &b[1 + gomaxprocs + threads..];
        let gids: Vec<u64> = gs.iter().map(|(_, v)| v[0].parse().unwrap()).collect();
        assert!(gids.windows(2).all(|w| w[0] < w[1]), "G ids {gids:?}");
        for (_, g) in gs {
            let status: u32 = g[1].parse().unwrap();
            assert!(matches!(status, 1..=4 | 6), "G status {status}");
            // Only a running G (or one in a syscall) has an M.
            assert_eq!(g[3] != "nil", status == 2 || status == 3, "{}", r.stderr);
            if status == 4 {
                assert!(
                    ["chan receive", "sleep"].contains(&g[2].as_str()),
                    "G{} waits on {:?}",
                    g[0],
                    g[2]
                );
            }
            saw_g1 |= g[0] == "1";
        }
    }
    assert!(saw_g1, "{}", r.stderr);
}

#[test]
fn schedtrace_without_detail_is_one_line() {
    let dir = TempDir::new("summary");
    dir.write("prog.go", SLEEPERS);
    let r = run_ok(&dir, &[("GOMAXPROCS", "2"), ("GODEBUG", "schedtrace=50")]);
    assert!(!r.stderr.is_empty());
    for l in r.stderr.lines() {
        let t = "SCHED {n}ms: gomaxprocs=2 idleprocs={n} threads={n} spinningthreads={n} needspinning={n} idlethreads={n} runqueue={n} [ {n} {n} ] schedticks=[ {n} {n} ]";
        assert!(shape(t, l).is_some(), "{l:?}");
    }
}

// ----- schedstats ---------------------------------------------------------------

/// One table row: goroutine (or `total`), function, runs, preempted,
/// stolen.
#[derive(Debug)]
struct Row {
    g: String,
    func: String,
    runs: u64,
    preempted: u64,
    stolen: u64,
}

/// The goroutine rows (with the total last), the omitted-count note, and
/// the P rows' (schedtick, runnext hits).
fn parse_table(stderr: &str) -> (Vec<Row>, Option<String>, Vec<(u64, u64)>) {
    let start = stderr
        .lines()
        .position(|l| l.starts_with("schedstats: "))
        .unwrap_or_else(|| panic!("no schedstats table:\n{stderr}"));
    let mut lines = stderr.lines().skip(start + 1);
    let header = lines.next().unwrap();
    assert_eq!(
        header.split_whitespace().collect::<Vec<_>>(),
        [
            "goroutine",
            "function",
            "runs",
            "preempted",
            "stolen",
            "running",
            "runnable",
            "blocked",
            "blocked",
            "on"
        ]
    );
    let (mut rows, mut note) = (Vec::new(), None);
    for l in lines.by_ref() {
        if l.is_empty() {
            break;
        }
        if l.starts_with('(') {
            note = Some(l.to_string());
            continue;
        }
        let f: Vec<&str> = l.split_whitespace().collect();
        let num = |i: usize| f[i].parse::<u64>().unwrap_or_else(|_| panic!("{l:?}"));
        rows.push(if f[0] == "total" {
            Row {
                g: "total".into(),
                func: String::new(),
                runs: num(1),
                preempted: num(2),
                stolen: num(3),
            }
        } else {
            Row {
                g: f[0].into(),
                func: f[1].into(),
                runs: num(2),
                preempted: num(3),
                stolen: num(4),
            }
        });
    }
    let header = lines.next().unwrap();
    assert_eq!(
        header.split_whitespace().collect::<Vec<_>>(),
        [
            "P",
            "schedtick",
            "steals",
            "Gs",
            "stolen",
            "global",
            "polls",
            "runnext",
            "hits"
        ]
    );
    let ps = lines
        .take_while(|l| l.starts_with('P'))
        .map(|l| {
            let f: Vec<u64> = l
                .split_whitespace()
                .skip(1)
                .map(|x| x.parse().unwrap())
                .collect();
            (f[0], f[4])
        })
        .collect();
    (rows, note, ps)
}

const PRODUCER_CONSUMER: &str = r#"package main

import "fmt"

func producer(ch chan int, n int) {
	for i := 0; i < n; i++ {
		ch <- i
	}
	close(ch)
}

func main() {
	ch := make(chan int)
	go producer(ch, 300)
	s := 0
	for v := range ch {
		s += v
	}
	fmt.Println(s)
}
"#;

#[test]
fn schedstats_table_for_a_producer_and_consumer() {
    let dir = TempDir::new("stats");
    dir.write("prog.go", PRODUCER_CONSUMER);
    let r = run_ok(&dir, &[("GOMAXPROCS", "1"), ("GODEBUG", "schedstats=1")]);
    assert_eq!(r.stdout, "44850\n");
    let (rows, note, ps) = parse_table(&r.stderr);
    assert!(note.is_none(), "{}", r.stderr);
    assert_eq!(rows.len(), 3, "{}", r.stderr);
    let main = rows.iter().find(|r| r.g == "1").expect("goroutine 1 row");
    assert_eq!(main.func, "main.main");
    let prod = rows
        .iter()
        .find(|r| r.func == "main.producer")
        .unwrap_or_else(|| panic!("no main.producer row:\n{}", r.stderr));
    let total = rows.last().unwrap();
    assert_eq!(total.g, "total");
    for row in &rows {
        assert!(row.runs >= 1, "{row:?}\n{}", r.stderr);
        assert_eq!(row.stolen, 0, "one P: nothing to steal\n{}", r.stderr);
    }
    // On one P with runnext, each run of either side moves about two
    // values (one handed to a parked peer, one waited for): ~150 runs each.
    assert!(main.runs >= 100 && prod.runs >= 100, "{}", r.stderr);
    assert_eq!(main.runs + prod.runs, total.runs, "{}", r.stderr);
    assert_eq!(ps.len(), 1, "{}", r.stderr);
    assert_eq!(
        ps[0].0, total.runs,
        "P0's schedtick is every run\n{}",
        r.stderr
    );
    // Woken Gs run from runnext: every run but main's first, and but
    // those after a preemption (a slow machine may take the ping-pong's
    // shared time slice past 10ms), which start from the global queue.
    assert!(ps[0].1 + total.preempted >= total.runs - 1, "{}", r.stderr);
    assert!(ps[0].1 < total.runs, "{}", r.stderr);
    assert!(r.stderr.contains("chan receive") && r.stderr.contains("chan send"));
}

const MANY: &str = r#"package main

import "fmt"

func work(id int, out chan int) {
	s := 0
	for i := 0; i < 20000; i++ {
		s += i % (id + 1)
	}
	out <- s
}

func main() {
	out := make(chan int)
	for i := 0; i < 30; i++ {
		go work(i, out)
	}
	t := 0
	for i := 0; i < 30; i++ {
		t += <-out
	}
	fmt.Println(t > 0)
}
"#;

#[test]
fn schedstats_table_keeps_the_top_20() {
    let dir = TempDir::new("many");
    dir.write("prog.go", MANY);
    let r = run_ok(&dir, &[("GOMAXPROCS", "4"), ("GODEBUG", "schedstats=1")]);
    assert_eq!(r.stdout, "true\n");
    assert!(
        r.stderr.starts_with("schedstats: 31 goroutines over "),
        "{}",
        r.stderr
    );
    let (rows, note, ps) = parse_table(&r.stderr);
    assert_eq!(rows.len(), 21, "{}", r.stderr);
    assert_eq!(note.as_deref(), Some("(11 goroutines more, in the total)"));
    let total = rows.last().unwrap();
    for row in &rows {
        assert!(row.runs >= 1, "{row:?}\n{}", r.stderr);
    }
    assert_eq!(ps.len(), 4, "{}", r.stderr);
    let ticks: u64 = ps.iter().map(|p| p.0).sum();
    assert_eq!(ticks, total.runs, "{}", r.stderr);
    let stolen: u64 = rows[..20].iter().map(|r| r.stolen).sum();
    assert!(stolen <= total.stolen, "{}", r.stderr);
}
