//! The fuzzer catches what it is for (planted panics, aborts and hangs
//! through its self-test hooks), and every input it ever found still
//! builds without a panic.

use std::path::{Path, PathBuf};
use std::process::Command;

fn tempdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("minigo-fuzz-test-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn replay(file: &Path) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_minigo-fuzz"))
        .args(["--limit", "2", "--replay"])
        .arg(file)
        .env("MINIGO_FUZZ_SELFTEST", "1")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn planted_failures_are_caught() {
    let d = tempdir("planted");
    let cases = [
        ("ok.go", "package main\n\nfunc main() {}\n", 0, "ok"),
        ("bad.go", "package main\n\nfunc main() { x }\n", 0, "ok"),
        (
            "panic.go",
            "// FUZZ_SELFTEST_PANIC\npackage main\n",
            1,
            "Panic(\"planted panic",
        ),
        (
            "abort.go",
            "// FUZZ_SELFTEST_ABORT\npackage main\n",
            1,
            "Crash(",
        ),
        (
            "hang.go",
            "// FUZZ_SELFTEST_HANG\npackage main\n",
            1,
            "Hang",
        ),
    ];
    for (name, src, code, want) in cases {
        let f = d.join(name);
        std::fs::write(&f, src).unwrap();
        let (c, out) = replay(&f);
        assert_eq!(c, code, "{name}: {out}");
        assert!(out.contains(want), "{name}: want {want}, got {out}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_short_run_reports_its_count() {
    let out = Command::new(env!("CARGO_BIN_EXE_minigo-fuzz"))
        .args(["--seconds", "2", "--seed", "7", "--batch", "20", "--corpus"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/run"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("minigo-fuzz: seed 7, ") && text.contains(" inputs in "),
        "{text}"
    );
    assert!(out.status.success(), "{text}");
}

#[test]
fn regressions_build_without_a_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "go") {
            n += 1;
            let src = std::fs::read(&p).unwrap();
            if let Err(e) = minigo_vm::driver::build("fuzz.go", &src) {
                assert!(
                    !e.diags.iter().any(|d| d.msg.contains("internal error")),
                    "{}: {:?}",
                    p.display(),
                    e.diags
                );
            }
        }
    }
    assert!(n > 0, "no regression inputs in {}", dir.display());
}
