//! Compile time grows linearly with the size of generated code.
//!
//! Each shape is generated at 10,000 and at 100,000 units (cases,
//! elements, lines, levels of nesting) and built by `minigo run`; `main`
//! returns without calling the generated code, so the time measured is
//! loading, checking, compiling and verifying. A linear front end takes
//! about 10 times as long for the big one; the bound is 25 times, loose
//! enough for a loaded machine, and a quadratic pass (the issue-36 switch
//! duplicate check took 120 times as long, the verifier's type classes did
//! not finish) fails it. Ratios, not absolute times, so the test holds in
//! the dev profile and on any machine. Each build is timed 3 times and
//! the fastest kept, to shed scheduling noise.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const SMALL: usize = 10_000;
const LARGE: usize = 100_000;
const MAX_RATIO: f64 = 25.0;
const RUNS: usize = 3;

/// Writes a program of the given size.
type Generator = fn(usize) -> String;

/// `func g` holding `body`, never called: `main` only mentions it.
fn unused_func(body: &str) -> String {
    format!(
        "package main\n\nfunc g(x int) int {{\n{body}\treturn -1\n}}\n\n\
         func main() {{\n\tif len(\"\") > 0 {{\n\t\tg(1)\n\t}}\n}}\n"
    )
}

fn switch_cases(n: usize) -> String {
    let mut b = String::from("\tswitch x {\n");
    for i in 0..n {
        b.push_str(&format!("\tcase {i}:\n\t\treturn {i}\n"));
    }
    b.push_str("\t}\n");
    unused_func(&b)
}

fn composite_literal(n: usize) -> String {
    let mut s = String::from("package main\n\nvar a = []int{\n");
    for i in 0..n {
        s.push_str(&format!("\t{i},\n"));
    }
    s.push_str("}\n\nfunc main() { _ = a }\n");
    s
}

fn long_function(n: usize) -> String {
    let mut b = String::new();
    for i in 0..n {
        b.push_str(&format!("\tx += {i}\n"));
    }
    unused_func(&b)
}

fn nested_slice_type(n: usize) -> String {
    format!(
        "package main\n\nvar x {}int\n\nfunc main() {{ _ = x }}\n",
        "[]".repeat(n)
    )
}

fn package_vars(n: usize) -> String {
    let mut s = String::from("package main\n\nvar v0 = 1\n");
    for i in 1..n {
        s.push_str(&format!("var v{i} = v{} + 1\n", i - 1));
    }
    s.push_str(&format!("\nfunc main() {{ _ = v{} }}\n", n - 1));
    s
}

/// The fastest of [`RUNS`] builds of `src`, which must succeed silently.
fn build_time(dir: &Path, name: &str, src: &str) -> Duration {
    let file = dir.join(name);
    std::fs::write(&file, src).expect("write program");
    (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            let out = Command::new(env!("CARGO_BIN_EXE_minigo"))
                .arg("run")
                .arg(&file)
                .stdin(Stdio::null())
                .output()
                .expect("run minigo");
            let took = start.elapsed();
            assert!(
                out.status.success() && out.stdout.is_empty() && out.stderr.is_empty(),
                "{name}: {:?}\n{}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            );
            took
        })
        .min()
        .unwrap_or_default()
}

#[test]
fn compile_time_is_linear_in_program_size() {
    let shapes: &[(&str, Generator)] = &[
        ("switch_cases", switch_cases),
        ("composite_literal", composite_literal),
        ("long_function", long_function),
        ("nested_slice_type", nested_slice_type),
        ("package_vars", package_vars),
    ];
    let dir = std::env::temp_dir().join(format!("minigo-compile-time-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut report = Vec::new();
    let mut failed = false;
    for (name, gen) in shapes {
        let small = build_time(&dir, &format!("{name}_small.go"), &gen(SMALL));
        let large = build_time(&dir, &format!("{name}_large.go"), &gen(LARGE));
        let ratio = large.as_secs_f64() / small.as_secs_f64().max(1e-3);
        failed |= ratio > MAX_RATIO;
        report.push(format!(
            "{name}: {SMALL} in {small:?}, {LARGE} in {large:?}, ratio {ratio:.1}"
        ));
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("{}", report.join("\n"));
    assert!(
        !failed,
        "compile time grew more than {MAX_RATIO}x for 10x the code:\n{}",
        report.join("\n")
    );
}
