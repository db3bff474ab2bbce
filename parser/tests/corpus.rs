//! Whole-program corpus: everything minigo must parse. Sources outside this
//! crate are globbed at test time and skipped when absent (a checkout
//! without `shared/`, or before `testdata/` has Go files).

use std::path::{Path, PathBuf};

use minigo_lexer::LineIndex;
use minigo_parser::{ast::NodeIds, parse};

/// The workspace root (this crate is `<root>/parser`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// `shared/` may sit inside the workspace or beside it.
fn shared() -> Option<PathBuf> {
    [root().join("shared"), root().join("../shared")]
        .into_iter()
        .find(|p| p.is_dir())
}

fn go_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            go_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "go") {
            out.push(p);
        }
    }
}

fn check(name: &str, src: &str) -> Result<(), String> {
    let mut ids = NodeIds::new();
    parse(src, &mut ids).map(|_| ()).map_err(|d| {
        let (l, c) = LineIndex::new(src).line_col(d.pos);
        format!("{name}:{l}:{c}: {}", d.msg)
    })
}

#[test]
fn bench_programs_parse() {
    let Some(shared) = shared() else { return };
    let mut files = Vec::new();
    go_files(&shared.join("bench"), &mut files);
    let errs: Vec<_> = files
        .iter()
        .filter_map(|f| {
            check(
                &f.display().to_string(),
                &std::fs::read_to_string(f).unwrap(),
            )
            .err()
        })
        .collect();
    assert!(errs.is_empty(), "{errs:#?}");
}

#[test]
fn stdlib_sources_parse() {
    let mut files = Vec::new();
    go_files(&root().join("vm/src/std"), &mut files);
    assert!(
        files.len() > 20,
        "vm/src/std holds the std packages' Go source"
    );
    for f in &files {
        check(
            &f.display().to_string(),
            &std::fs::read_to_string(f).unwrap(),
        )
        .unwrap();
    }
}

#[test]
fn testdata_run_programs_parse() {
    let mut files = Vec::new();
    go_files(&root().join("testdata/run"), &mut files);
    let errs: Vec<_> = files
        .iter()
        .filter_map(|f| {
            check(
                &f.display().to_string(),
                &std::fs::read_to_string(f).unwrap(),
            )
            .err()
        })
        .collect();
    assert!(errs.is_empty(), "{errs:#?}");
}

/// The Go functions quoted in the seed articles: a line starting with
/// `func ` up to the next line that is exactly `}`.
pub fn seed_snippets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur: Option<String> = None;
    for line in text.lines() {
        if let Some(buf) = &mut cur {
            buf.push_str(line);
            buf.push('\n');
            if line == "}" {
                out.push(cur.take().unwrap());
            }
        } else if line.starts_with("func ") && line.ends_with('{') {
            cur = Some(format!("{line}\n"));
        }
    }
    out
}

#[test]
fn seed_article_functions_parse() {
    let Some(shared) = shared() else { return };
    let Ok(rd) = std::fs::read_dir(shared.join("seeds")) else {
        return;
    };
    let (mut ok, mut total) = (0, 0);
    for e in rd.flatten() {
        let text = std::fs::read_to_string(e.path()).unwrap_or_default();
        for snip in seed_snippets(&text) {
            total += 1;
            // Some snippets are pseudo-code (`f(...)`); count, don't fail.
            if check("seed", &format!("package main\n{snip}")).is_ok() {
                ok += 1;
            }
        }
    }
    eprintln!("seed functions: {ok} of {total} parse");
    assert!(ok * 2 >= total, "only {ok} of {total} seed functions parse");
}
