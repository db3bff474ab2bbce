//! Package and module runs: every folder under `testdata/mod/` is a module
//! tree (or loose files) with a file `RUN` holding the arguments of
//! `minigo run` (`.`, `./cmd/tool x`, `a.go b.go`); the exit status, stdout
//! and stderr (the folder's absolute path written as `$DIR`) are compared
//! with `vm/tests/snapshots/packages__<case>.snap`, recorded from REAL
//! `go run` by `python3 testdata/mod_golden.py`.

use std::path::Path;
use std::process::Command;

/// Must stay identical to `format_result` in `testdata/mod_golden.py`.
fn format_result(exit: &str, stdout: &str, stderr: &str) -> String {
    let mut out = format!("exit: {exit}\n--- stdout\n{stdout}");
    if !stdout.is_empty() && !stdout.ends_with('\n') {
        out.push_str("\n\\ no newline at end of stdout\n");
    }
    out.push_str("--- stderr\n");
    out.push_str(stderr);
    out
}

fn run_case(dir: &Path) -> String {
    let args = std::fs::read_to_string(dir.join("RUN")).expect("RUN file");
    let out = Command::new(env!("CARGO_BIN_EXE_minigo"))
        .arg("run")
        .args(args.split_whitespace())
        .current_dir(dir)
        .output()
        .expect("minigo runs");
    let abs = dir.canonicalize().expect("case dir");
    let stderr = String::from_utf8_lossy(&out.stderr).replace(&*abs.to_string_lossy(), "$DIR");
    let exit = out
        .status
        .code()
        .map_or_else(|| "signal".to_string(), |c| c.to_string());
    format_result(&exit, &String::from_utf8_lossy(&out.stdout), &stderr)
}

#[test]
fn packages() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/mod");
    let mut cases: Vec<_> = std::fs::read_dir(&root)
        .expect("testdata/mod")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    assert!(cases.len() >= 10, "the cases are missing");
    for case in cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let formatted = run_case(&case);
        insta::assert_snapshot!(name, formatted);
    }
}
