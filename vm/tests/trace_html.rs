//! `minigo run --trace=FILE.html`: the page is self-contained, and a real
//! browser (headless Chromium) draws from it what the program did: one
//! lane per P (GOMAXPROCS), the runs of `main.worker`, a tooltip with a
//! run's details on hover.
//!
//! The browser test needs headless Chromium, which a fresh machine lacks,
//! so it is `#[ignore]`d: `cargo test` says it skipped it, and `.ci/run`
//! installs Chromium (`apt-get install chromium`) and runs it with
//! `--ignored`. `MINIGO_CHROMIUM` names another binary than
//! `/usr/bin/chromium`.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(120);

/// Four workers on two Ps, fed and drained through channels.
const PROG: &str = r#"package main

import "fmt"

func worker(id int, jobs <-chan int, results chan<- int) {
	for j := range jobs {
		s := 0
		for k := 0; k < j*20000; k++ {
			s += k % 7
		}
		results <- s + id - id
	}
}

func main() {
	jobs := make(chan int, 100)
	results := make(chan int, 100)
	for w := 0; w < 4; w++ {
		go worker(w, jobs, results)
	}
	for j := 1; j <= 40; j++ {
		jobs <- j
	}
	close(jobs)
	n := 0
	for j := 1; j <= 40; j++ {
		if <-results > 0 {
			n++
		}
	}
	fmt.Println("results", n)
}
"#;

/// A temporary directory removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "minigo-trace-html-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `cmd` with its output captured; kills it after [`TIMEOUT`].
/// Returns (exit code, stdout, stderr).
fn run(mut cmd: Command) -> (Option<i32>, String, String) {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn");
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
        if let Some(st) = child.try_wait().expect("wait") {
            break Some(st);
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        thread::sleep(Duration::from_millis(10));
    };
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    (
        status.and_then(|s| s.code()),
        text(out_t.join().unwrap()),
        text(err_t.join().unwrap()),
    )
}

/// The Chromium to drive: the test was asked for, so a missing browser
/// is a failure that says how to get one.
fn chromium() -> PathBuf {
    let path = std::env::var_os("MINIGO_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    assert!(
        path.exists(),
        "{} not found: the browser test needs headless Chromium \
         (apt-get install -y chromium, or MINIGO_CHROMIUM=/path/to/chrome)",
        path.display()
    );
    path
}

fn dump_dom(chrome: &Path, page: &Path, fragment: &str, profile: &Path) -> String {
    let mut cmd = Command::new(chrome);
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1400,700",
    ])
    .arg(format!("--user-data-dir={}", profile.display()))
    .arg("--dump-dom")
    .arg(format!("file://{}{fragment}", page.display()));
    let (code, out, err) = run(cmd);
    assert_eq!(code, Some(0), "chromium failed:\n{err}");
    assert!(
        out.contains("</html>"),
        "no DOM from chromium:\n{out}\n{err}"
    );
    out
}

/// The value of attribute `name` in the first tag that starts with `tag`.
fn attr(html: &str, tag: &str, name: &str) -> String {
    let at = html
        .find(tag)
        .unwrap_or_else(|| panic!("no {tag} in the page"));
    let end = at + html[at..].find('>').expect("tag end");
    let t = &html[at..end];
    let key = format!(" {name}=\"");
    let i = t
        .find(&key)
        .unwrap_or_else(|| panic!("{tag} has no {name}: {t}"))
        + key.len();
    let v = &t[i..i + t[i..].find('"').expect("attribute end")];
    v.replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

fn num(html: &str, tag: &str, name: &str) -> u64 {
    let v = attr(html, tag, name);
    v.parse()
        .unwrap_or_else(|_| panic!("{tag} {name}={v:?}: not a number"))
}

/// A page written by `minigo run --trace=trace.html` for [`PROG`] on two
/// Ps, checked for what needs no browser; returns the directory holding
/// it, its path, and the runs and markers it says it embeds.
fn write_page() -> (TempDir, PathBuf, u64, u64) {
    let dir = TempDir::new("workers");
    std::fs::write(dir.0.join("prog.go"), PROG).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_minigo"));
    cmd.current_dir(&dir.0)
        .env("GOMAXPROCS", "2")
        .args(["run", "--trace=trace.html", "prog.go"]);
    let (code, out, err) = run(cmd);
    assert_eq!(code, Some(0), "minigo failed:\n{out}\n{err}");
    assert_eq!(out, "results 40\n");
    let page_path = dir.0.join("trace.html");
    let page = std::fs::read_to_string(&page_path).expect("trace.html written");

    // Self-contained: nothing to fetch.
    for bad in [
        "http://", "https://", "<link", "<img", "<iframe", "@import", "url(",
    ] {
        assert!(!page.contains(bad), "the page references {bad}");
    }
    assert!(!page.contains(" src="), "the page loads a script or image");
    // What the writer embedded: two P lanes, main and the four workers.
    let body = "<body ";
    assert_eq!(num(&page, body, "data-ps"), 2);
    assert_eq!(num(&page, body, "data-gs"), 5);
    let runs = num(&page, body, "data-runs");
    let marks = num(&page, body, "data-marks");
    assert!(runs >= 5, "{runs} runs");
    assert!(
        page.contains("\"main.worker\""),
        "no main.worker in the names"
    );
    (dir, page_path, runs, marks)
}

#[test]
fn html_trace_is_self_contained() {
    write_page();
}

#[test]
#[ignore = "needs headless Chromium (apt-get install chromium); .ci/run installs it and runs this"]
fn html_trace_draws_the_program_in_chromium() {
    let (_dir, page_path, runs, marks) = write_page();
    let chrome = chromium();
    let profile = TempDir::new("profile");
    let dom = dump_dom(&chrome, &page_path, "#hover=main.worker", &profile.0);
    let summary = "<div id=\"summary\"";
    // The script decoded everything that was written...
    assert_eq!(num(&dom, summary, "data-runs"), runs, "runs decoded");
    assert_eq!(
        num(&dom, summary, "data-marks-total"),
        marks,
        "markers decoded"
    );
    assert_eq!(num(&dom, summary, "data-gs"), 5, "goroutines decoded");
    // ... and drew one lane per P, the GC/STW lane, and the runs.
    assert_eq!(num(&dom, summary, "data-p-lanes"), 2, "P lanes");
    assert!(num(&dom, summary, "data-m-lanes") >= 2, "M lanes");
    assert_eq!(num(&dom, summary, "data-rendered"), 1);
    let rects = num(&dom, summary, "data-rects");
    let merged = num(&dom, summary, "data-merged");
    assert!(rects > 0, "no run drawn");
    assert!(
        rects + merged <= runs,
        "{rects} + {merged} rectangles for {runs} runs"
    );
    // The drawing: from the timeline's <svg> to the tooltip's <div>.
    let svg = &dom[dom.find("<svg id=\"tl\"").expect("timeline svg")..];
    let svg = &svg[..svg.find("<div id=\"tip\"").expect("tooltip div")];
    assert_eq!(
        svg.matches("<rect class=\"run\"").count() as u64,
        rects + merged,
        "run rectangles in the SVG"
    );
    assert!(
        svg.matches("<path class=\"mk\"").count() as u64 == num(&dom, summary, "data-marks"),
        "marker paths in the SVG"
    );
    let funcs = attr(&dom, summary, "data-funcs");
    assert!(
        funcs.split(',').any(|f| f == "main.worker") && funcs.contains("runtime.main"),
        "functions drawn: {funcs}"
    );
    // Wide runs are labelled `G<id> <func>`, cut with `…` to the run's
    // width (how wide runs are depends on how busy the machine is).
    assert!(num(&dom, summary, "data-labels") > 0, "no label drawn");
    let labelled = svg.split("<text class=\"lb\"").skip(1).any(|t| {
        let text = &t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()];
        let Some((g, func)) = text.split_once(' ') else {
            return false;
        };
        let func = func.strip_suffix('…').unwrap_or(func);
        g.len() > 1
            && g.starts_with('G')
            && g[1..].bytes().all(|b| b.is_ascii_digit())
            && !func.is_empty()
            && "main.worker".starts_with(func)
    });
    assert!(labelled, "no run labelled G<id> main.worker");
    // Hovering a worker's run showed its details, as the JSON's args.
    let tip = attr(&dom, summary, "data-hovered");
    for want in [
        "main.worker",
        "\ng ",
        "   p ",
        "   m ",
        "start ",
        "dur ",
        "start: ",
        "end: ",
    ] {
        assert!(tip.contains(want), "{want:?} not in the tooltip:\n{tip}");
    }
    assert!(
        dom.contains("<div id=\"tip\" style=\""),
        "tooltip not shown"
    );
}
