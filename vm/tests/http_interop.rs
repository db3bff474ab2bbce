//! net/http against real peers on loopback: `curl` talking to a minigo
//! server, and a minigo client talking to Python's `http.server`.
//!
//! The golden programs check minigo's server against minigo's client and
//! raw sockets; these check that both ends speak HTTP/1.x as other
//! implementations understand it (keep-alive reuse seen by curl, chunked
//! uploads, HTTP/1.0 requests; an HTTP/1.0 server that closes after each
//! response). Each expected text is what the same Go program printed under
//! Go 1.27 against the same peer (`Date:` lines removed, as here).
//!
//! Both tests need a program from outside the workspace (`curl`, `python3`),
//! so they are `#[ignore]`d for README's test command and run by `.ci/run`
//! with `--ignored`, which installs what they need.

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A temporary directory, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("minigo-http-{test}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("create temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// A child process killed on drop, so a failed assertion leaves no server.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Reads lines from `r` until one contains `marker`; returns that line.
fn wait_for_line(r: impl std::io::Read, marker: &str, what: &str) -> String {
    let start = Instant::now();
    for line in BufReader::new(r).lines() {
        let line = line.unwrap_or_else(|e| panic!("{what}: {e}"));
        if line.contains(marker) {
            return line;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{what}: no {marker:?} line"
        );
    }
    panic!("{what} ended before printing {marker:?}");
}

fn text(o: &Output) -> String {
    assert!(
        o.status.success(),
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status,
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    // curl -i shows CRLFs, and Date changes from run to run.
    String::from_utf8_lossy(&o.stdout)
        .replace('\r', "")
        .lines()
        .filter(|l| !l.starts_with("Date:"))
        .map(|l| format!("{l}\n"))
        .collect()
}

const SERVER: &str = r#"package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
)

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /hello", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "hello, curl\n")
	})
	mux.HandleFunc("POST /echo", func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		fmt.Fprintf(w, "len=%d te=%v cl=%d err=%v body=%s\n", len(b), r.TransferEncoding, r.ContentLength, err, b)
	})
	mux.HandleFunc("/proto", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s close=%v ua-set=%v\n", r.Proto, r.Close, r.UserAgent() != "")
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	fmt.Fprintln(os.Stderr, "listening", ln.Addr())
	http.Serve(ln, mux)
}
"#;

fn curl(args: &[&str]) -> String {
    let out = Command::new("curl")
        .args(["-s", "--max-time", "20"])
        .args(args)
        .output()
        .expect("run curl (install it: apt-get install curl)");
    text(&out)
}

#[test]
#[ignore = "needs curl (.ci/run installs it and runs this with --ignored)"]
fn curl_talks_to_a_minigo_server() {
    let dir = TempDir::new("curl");
    let prog = dir.0.join("server.go");
    fs::write(&prog, SERVER).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_minigo"))
        .arg("run")
        .arg(&prog)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start minigo");
    let stderr = child.stderr.take().unwrap();
    let server = Killed(child);
    let line = wait_for_line(stderr, "listening", "the minigo server");
    let addr = line.trim_start_matches("listening ").trim().to_string();
    let url = |p: &str| format!("http://{addr}{p}");

    // Two URLs in one curl: the second reuses the kept-alive connection.
    assert_eq!(
        curl(&["-w", "|%{num_connects}\n", &url("/hello"), &url("/hello")]),
        "hello, curl\n|1\nhello, curl\n|0\n"
    );
    // A chunked upload, then one with a Content-Length.
    assert_eq!(
        curl(&[
            "-H",
            "Transfer-Encoding: chunked",
            "--data-binary",
            "abc",
            &url("/echo")
        ]),
        "len=3 te=[chunked] cl=-1 err=<nil> body=abc\n"
    );
    assert_eq!(
        curl(&["--data-binary", "hello world", &url("/echo")]),
        "len=11 te=[] cl=11 err=<nil> body=hello world\n"
    );
    // HTTP/1.0: the request asks to close, the response says 1.0.
    assert_eq!(
        curl(&["--http1.0", &url("/proto")]),
        "HTTP/1.0 close=true ua-set=true\n"
    );
    assert_eq!(
        curl(&["-i", "--http1.0", &url("/hello")]),
        "HTTP/1.0 200 OK\nContent-Length: 12\nContent-Type: text/plain; charset=utf-8\n\nhello, curl\n"
    );
    assert_eq!(
        curl(&["-i", &url("/nothing")]),
        "HTTP/1.1 404 Not Found\nContent-Type: text/plain; charset=utf-8\n\
         X-Content-Type-Options: nosniff\nContent-Length: 19\n\n404 page not found\n"
    );
    assert_eq!(
        curl(&["-i", "-X", "DELETE", &url("/hello")]),
        "HTTP/1.1 405 Method Not Allowed\nAllow: GET, HEAD\nContent-Type: text/plain; charset=utf-8\n\
         X-Content-Type-Options: nosniff\nContent-Length: 19\n\nMethod Not Allowed\n"
    );
    // A POST with a body, then a GET on the same connection.
    assert_eq!(
        curl(&[
            "-w",
            "|%{num_connects}\n",
            "--data-binary",
            "x",
            &url("/echo"),
            "--next",
            "-s",
            "-w",
            "|%{num_connects}\n",
            &url("/hello"),
        ]),
        "len=1 te=[] cl=1 err=<nil> body=x\n|1\nhello, curl\n|0\n"
    );
    drop(server);
}

const CLIENT: &str = r#"package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
)

func main() {
	base := os.Args[1]
	client := &http.Client{}
	for _, p := range []string{"/hello.txt", "/missing", "/index.html", "/"} {
		resp, err := client.Get(base + p)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			// The error page's text is Python's and changes between versions.
			b = nil
		}
		fmt.Printf("%s %s %q %q %v\n", p, resp.Status, resp.Header.Get("Content-Type"), b, err)
		fmt.Println(" ", resp.Proto, resp.Header.Get("Server") != "", resp.Close)
	}
	resp, err := client.Head(base + "/hello.txt")
	fmt.Println("HEAD", resp.StatusCode, resp.ContentLength, err)
	resp.Body.Close()
}
"#;

/// Go by Example's `http-client`, with its URL (gobyexample.com over
/// https, out of reach here) replaced by the local server's.
const GBE_HTTP_CLIENT: &str = r#"package main

import (
	"bufio"
	"fmt"
	"net/http"
	"os"
)

func main() {

	resp, err := http.Get(os.Args[1] + "/index.html")
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()

	fmt.Println("Response status:", resp.Status)

	scanner := bufio.NewScanner(resp.Body)
	for i := 0; scanner.Scan() && i < 5; i++ {
		fmt.Println(scanner.Text())
	}

	if err := scanner.Err(); err != nil {
		panic(err)
	}
}
"#;

#[test]
#[ignore = "needs python3 (.ci/run runs this with --ignored)"]
fn a_minigo_client_talks_to_python_http_server() {
    let dir = TempDir::new("python");
    let www = dir.0.join("www");
    fs::create_dir_all(&www).unwrap();
    fs::write(www.join("hello.txt"), "hello from python\n").unwrap();
    fs::write(www.join("index.html"), "<p>hi</p>\n").unwrap();
    let mut child = Command::new("python3")
        .args([
            "-u",
            "-m",
            "http.server",
            "--bind",
            "127.0.0.1",
            "--directory",
        ])
        .arg(&www)
        .arg("0")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start python3 -m http.server");
    let stdout = child.stdout.take().unwrap();
    let server = Killed(child);
    // "Serving HTTP on 127.0.0.1 port 40549 (http://127.0.0.1:40549/) ..."
    let line = wait_for_line(stdout, "Serving HTTP on", "python's http.server");
    let port = line
        .split_whitespace()
        .skip_while(|w| *w != "port")
        .nth(1)
        .expect("port in python's banner");
    let prog = dir.0.join("client.go");
    fs::write(&prog, CLIENT).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_minigo"))
        .arg("run")
        .arg(&prog)
        .arg(format!("http://127.0.0.1:{port}"))
        .output()
        .expect("run minigo");
    assert_eq!(
        text(&out),
        "/hello.txt 200 OK \"text/plain\" \"hello from python\\n\" <nil>\n  HTTP/1.0 true true\n\
         /missing 404 File not found \"text/html;charset=utf-8\" \"\" <nil>\n  HTTP/1.0 true true\n\
         /index.html 200 OK \"text/html\" \"<p>hi</p>\\n\" <nil>\n  HTTP/1.0 true true\n\
         / 200 OK \"text/html\" \"<p>hi</p>\\n\" <nil>\n  HTTP/1.0 true true\n\
         HEAD 200 18 <nil>\n"
    );
    let prog = dir.0.join("gbe_client.go");
    fs::write(&prog, GBE_HTTP_CLIENT).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_minigo"))
        .arg("run")
        .arg(&prog)
        .arg(format!("http://127.0.0.1:{port}"))
        .output()
        .expect("run minigo");
    assert_eq!(text(&out), "Response status: 200 OK\n<p>hi</p>\n");
    drop(server);
}

/// Go by Example's `http-server` and `context`, verbatim: both listen on
/// :8090, so they run one after the other in this one test.
const GBE_HTTP_SERVER: &str = r#"package main

import (
	"fmt"
	"net/http"
)

func hello(w http.ResponseWriter, req *http.Request) {

	fmt.Fprintf(w, "hello\n")
}

func headers(w http.ResponseWriter, req *http.Request) {

	for name, headers := range req.Header {
		for _, h := range headers {
			fmt.Fprintf(w, "%v: %v\n", name, h)
		}
	}
}

func main() {

	http.HandleFunc("/hello", hello)
	http.HandleFunc("/headers", headers)

	http.ListenAndServe(":8090", nil)
}
"#;

const GBE_CONTEXT: &str = r#"package main

import (
	"fmt"
	"net/http"
	"time"
)

func hello(w http.ResponseWriter, req *http.Request) {

	ctx := req.Context()
	fmt.Println("server: hello handler started")
	defer fmt.Println("server: hello handler ended")

	select {
	case <-time.After(10 * time.Second):
		fmt.Fprintf(w, "hello\n")
	case <-ctx.Done():

		err := ctx.Err()
		fmt.Println("server:", err)
		internalError := http.StatusInternalServerError
		http.Error(w, err.Error(), internalError)
	}
}

func main() {

	http.HandleFunc("/hello", hello)
	http.ListenAndServe(":8090", nil)
}
"#;

/// Starts `minigo run` on `src` and waits until :8090 accepts.
fn start_on_8090(dir: &TempDir, name: &str, src: &str) -> Killed {
    let prog = dir.0.join(name);
    fs::write(&prog, src).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_minigo"))
        .arg("run")
        .arg(&prog)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start minigo");
    let start = Instant::now();
    while std::net::TcpStream::connect("127.0.0.1:8090").is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{name} never listened on :8090"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    Killed(child)
}

#[test]
#[ignore = "needs curl (.ci/run installs it and runs this with --ignored)"]
fn go_by_example_http_server_and_context() {
    let dir = TempDir::new("gbe");
    let server = start_on_8090(&dir, "http_server.go", GBE_HTTP_SERVER);
    assert_eq!(curl(&["localhost:8090/hello"]), "hello\n");
    // Header order is a map's: sort the lines.
    let mut lines: Vec<String> = curl(&["-H", "X-A: b", "-A", "agent", "localhost:8090/headers"])
        .lines()
        .map(String::from)
        .collect();
    lines.sort();
    assert_eq!(lines, ["Accept: */*", "User-Agent: agent", "X-A: b"]);
    drop(server);

    // The client gives up after 1 s; the handler sees its context
    // cancelled and says so on stdout.
    let mut server = start_on_8090(&dir, "context.go", GBE_CONTEXT);
    let out = Command::new("curl")
        .args(["-s", "--max-time", "1", "localhost:8090/hello"])
        .output()
        .expect("run curl");
    assert_eq!(out.status.code(), Some(28), "curl should time out");
    let stdout = server.0.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let mut seen = Vec::new();
    for _ in 0..3 {
        seen.push(lines.next().expect("a line").expect("read"));
    }
    assert_eq!(
        seen,
        [
            "server: hello handler started",
            "server: context canceled",
            "server: hello handler ended"
        ]
    );
    drop(server);
}
