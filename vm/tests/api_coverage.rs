//! How much of Go's standard library API minigo provides: the names of
//! `testdata/api/api.txt` (Go's exported API for the packages minigo has,
//! made by `testdata/api/gen.go`) against what `docs/packages.md` lists.
//!
//! A name counts as *present* when the package's section lists it (the
//! rules are at the top of docs/packages.md): a function on its
//! `Functions:` line, a type on its `- type` line, a method after the
//! colon of its type's line (or as `Type.Method` in the text), a constant
//! or variable named anywhere in the section, or declared by the package's
//! Go source. It counts as *explained* when a paragraph of the section
//! starting with `Not provided:` names it. The rest are gaps.
//!
//! The test prints the figures (`cargo test --test api_coverage --
//! --nocapture`; also written to `target/api-coverage.txt`) and fails if
//! the share present, syscall aside, drops below [`FLOOR`].

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// The share of names present (per mille, syscall aside) below which the
/// test fails. Raise it with the figure; never lower it.
const FLOOR: u32 = 983;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("repo root")
}

/// The words in backquotes of `text`.
fn quoted(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// One package's section of docs/packages.md, sorted out.
#[derive(Default)]
struct Section {
    functions: Vec<String>,
    /// type name → its methods.
    types: BTreeMap<String, Vec<String>>,
    /// Every quoted word outside the gap paragraphs.
    mentioned: Vec<String>,
    /// Every quoted word of the `Not provided:` paragraphs.
    explained: Vec<String>,
}

fn section(doc: &str, pkg: &str) -> Section {
    let mut s = Section::default();
    let head = format!("### {pkg}\n");
    let Some(start) = doc.find(&head) else {
        return s;
    };
    let text = &doc[start + head.len()..];
    let text = &text[..text.find("\n### ").unwrap_or(text.len())];
    let own = |v: Vec<&str>| v.into_iter().map(String::from).collect::<Vec<_>>();
    // Paragraphs are split at blank lines and at lines starting a gap list.
    let mut gap: Option<bool> = None; // Some(true): explained, Some(false): not yet
    for line in text.lines() {
        if line.trim().is_empty() {
            gap = None;
            continue;
        }
        if line.starts_with("Not provided:") {
            gap = Some(true);
        } else if line.starts_with("Not provided yet") {
            gap = Some(false);
        }
        match gap {
            Some(true) => s.explained.extend(own(quoted(line))),
            Some(false) => {}
            None => {
                if let Some(rest) = line.strip_prefix("Functions:") {
                    s.functions.extend(own(quoted(rest)));
                } else if let Some(rest) = line.strip_prefix("- type `") {
                    let (name, methods) = rest.split_once('`').unwrap_or((rest, ""));
                    s.types
                        .entry(name.to_string())
                        .or_default()
                        .extend(own(quoted(methods)));
                }
                s.mentioned.extend(own(quoted(line)));
            }
        }
    }
    s
}

/// Exported constants and variables declared at the top level of Go source.
fn values(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut block = false;
    for line in src.lines() {
        let decl = if block {
            if line.starts_with(')') {
                block = false;
                continue;
            }
            match line.strip_prefix('\t') {
                Some(r) if !r.starts_with(['\t', ' ', '/', ')', '}']) => r,
                _ => continue,
            }
        } else if let Some(r) = line
            .strip_prefix("const ")
            .or_else(|| line.strip_prefix("var "))
        {
            if r.starts_with('(') {
                block = true;
                continue;
            }
            r
        } else {
            continue;
        };
        let names = decl.split(['=', '/']).next().unwrap_or("");
        // `A, B Type` or `A Type` or `A`: the names are before the first
        // space that does not follow a comma.
        let mut list = String::new();
        let mut prev = ',';
        for c in names.chars() {
            if c == ' ' && prev != ',' {
                break;
            }
            list.push(c);
            if c != ' ' {
                prev = c;
            }
        }
        for n in list.split(',').map(str::trim) {
            if n.starts_with(|c: char| c.is_ascii_uppercase())
                && n.chars().all(|c| c.is_alphanumeric() || c == '_')
            {
                out.push(n.to_string());
            }
        }
    }
    out
}

#[derive(Default, Clone, Copy)]
struct Count {
    total: u32,
    present: u32,
    explained: u32,
}

impl Count {
    fn add(&mut self, o: Count) {
        self.total += o.total;
        self.present += o.present;
        self.explained += o.explained;
    }
    fn permille(&self) -> u32 {
        (self.present * 1000)
            .checked_div(self.total)
            .unwrap_or(1000)
    }
}

fn pct(n: u32, of: u32) -> String {
    format!("{:.1}%", f64::from(n) * 100.0 / f64::from(of.max(1)))
}

#[test]
fn api_coverage() {
    let doc = std::fs::read_to_string(repo().join("docs/packages.md")).expect("docs/packages.md");
    let list =
        std::fs::read_to_string(repo().join("testdata/api/api.txt")).expect("testdata/api/api.txt");
    let mut by_pkg: BTreeMap<&str, Vec<(&str, &str)>> = BTreeMap::new();
    for line in list.lines().filter(|l| !l.starts_with('#')) {
        let mut w = line.split(' ');
        let (Some(pkg), Some(kind), Some(name)) = (w.next(), w.next(), w.next()) else {
            panic!("testdata/api/api.txt: bad line {line:?}");
        };
        by_pkg.entry(pkg).or_default().push((kind, name));
    }
    let mut report = String::new();
    let mut gaps = String::new();
    let (mut all, mut aside) = (Count::default(), Count::default());
    for (pkg, names) in &by_pkg {
        let s = section(&doc, pkg);
        let declared: Vec<String> = minigo_vm::stdlib::package(pkg)
            .map(|p| p.files.iter().flat_map(|(_, src)| values(src)).collect())
            .unwrap_or_default();
        let has = |v: &[String], n: &str| v.iter().any(|x| x == n);
        let mut c = Count::default();
        let mut missing = Vec::new();
        for &(kind, name) in names {
            c.total += 1;
            let present = match kind {
                "func" => has(&s.functions, name),
                "type" => s.types.contains_key(name),
                "method" => {
                    let (t, m) = name.split_once('.').expect("Type.Method");
                    s.types.get(t).is_some_and(|ms| has(ms, m)) || has(&s.mentioned, name)
                }
                _ => has(&s.mentioned, name) || has(&declared, name),
            };
            let explained = !present
                && (has(&s.explained, name)
                    || name
                        .split_once('.')
                        .is_some_and(|(_, m)| has(&s.explained, m)));
            if present {
                c.present += 1;
            } else if explained {
                c.explained += 1;
            } else {
                missing.push(name);
            }
        }
        writeln!(
            report,
            "  {pkg:<22} {:>4} of {:>4} ({}), {} explained",
            c.present,
            c.total,
            pct(c.present, c.total),
            c.explained
        )
        .unwrap();
        if !missing.is_empty() {
            writeln!(gaps, "  {pkg}: {}", missing.join(" ")).unwrap();
        }
        all.add(c);
        if *pkg != "syscall" {
            aside.add(c);
        }
    }
    let head = format!(
        "api coverage: {} of {} ({}), syscall aside; {} more explained in docs/packages.md\n\
         with syscall: {} of {} ({})\n",
        aside.present,
        aside.total,
        pct(aside.present, aside.total),
        aside.explained,
        all.present,
        all.total,
        pct(all.present, all.total),
    );
    let text = format!("{head}per package:\n{report}gaps:\n{gaps}");
    eprint!("{text}");
    let target = repo().join("target");
    if target.is_dir() {
        let _ = std::fs::write(target.join("api-coverage.txt"), &text);
    }
    assert!(
        aside.permille() >= FLOOR,
        "api coverage fell to {}‰, below the floor {FLOOR}‰",
        aside.permille()
    );
}
