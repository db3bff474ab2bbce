//! Modules and package directories, as the go command sees them: finding
//! `go.mod` above a directory, reading its `module`/`go`/`require` lines,
//! choosing a directory's buildable files and naming files in messages.
//!
//! Owns: [`Module`] (the main module: import path, root directory, outside
//! requirements) and the file-selection rules (`_test.go`, `_`/`.` names,
//! `//go:build` lines, `_GOOS`/`_GOARCH` name suffixes).
//!
//! Invariant: nothing here touches the network; an import of an outside
//! module is an error (minigo never downloads).

use crate::program::Diag;
use crate::program::{command_error, SourceFile};
use std::path::{Path, PathBuf};

/// The main module.
#[derive(Clone, Debug)]
pub struct Module {
    /// `module` line: the import path of the root directory.
    pub path: String,
    /// The directory holding `go.mod`.
    pub root: PathBuf,
    /// `require` lines: (module path, version).
    pub requires: Vec<(String, String)>,
}

impl Module {
    /// The directory of package `path` if it lies in this module.
    pub fn dir_of(&self, path: &str) -> Option<PathBuf> {
        if path == self.path {
            return Some(self.root.clone());
        }
        let rest = path.strip_prefix(&self.path)?.strip_prefix('/')?;
        Some(self.root.join(rest))
    }

    /// The import path of directory `dir` (inside the module).
    pub fn import_path_of(&self, dir: &Path) -> Option<String> {
        let rel = dir.strip_prefix(&self.root).ok()?;
        let rel = rel.to_string_lossy();
        if rel.is_empty() {
            Some(self.path.clone())
        } else {
            Some(format!("{}/{}", self.path, rel))
        }
    }

    /// The required module (and version) that would provide `path`.
    pub fn requirement_for(&self, path: &str) -> Option<(&str, &str)> {
        self.requires
            .iter()
            .filter(|(m, _)| path == m || path.starts_with(&format!("{m}/")))
            .max_by_key(|(m, _)| m.len())
            .map(|(m, v)| (m.as_str(), v.as_str()))
    }
}

/// The module whose `go.mod` is in `dir` or the nearest directory above.
pub fn find(dir: &Path) -> Result<Option<Module>, Diag> {
    let mut d = Some(dir);
    while let Some(cur) = d {
        let gomod = cur.join("go.mod");
        if let Ok(text) = std::fs::read_to_string(&gomod) {
            let shown = display_name(cur, "go.mod");
            let shown = shown.strip_prefix("./").unwrap_or(&shown);
            return parse_go_mod(&text, cur, shown).map(Some);
        }
        d = cur.parent();
    }
    Ok(None)
}

/// Reads the lines minigo needs from a go.mod (`module`, `go`, `require`,
/// `replace`); `replace` is refused (minigo loads only the main module).
pub fn parse_go_mod(text: &str, root: &Path, name: &str) -> Result<Module, Diag> {
    let mut path = None;
    let mut requires = Vec::new();
    let mut block: Option<String> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split("//").next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let err = |msg: String| Diag {
            file: name.to_string(),
            line: i as u32 + 1,
            col: 0,
            msg,
        };
        if let Some(b) = &block {
            if line == ")" {
                block = None;
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            match b.as_str() {
                "require" => match words.as_slice() {
                    [m, v, ..] => requires.push((unquote(m), v.to_string())),
                    _ => return Err(go_mod_error(name, i, "usage: require module/path v1.2.3")),
                },
                "replace" => return Err(replace_error(name, i)),
                _ => {}
            }
            continue;
        }
        let (verb, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match verb {
            "module" => path = Some(unquote(rest)),
            "go" | "toolchain" | "exclude" | "retract" | "godebug" | "tool" | "ignore" => {
                if rest == "(" {
                    block = Some(verb.to_string());
                }
            }
            "require" => {
                if rest == "(" {
                    block = Some("require".into());
                } else {
                    let words: Vec<&str> = rest.split_whitespace().collect();
                    match words.as_slice() {
                        [m, v, ..] => requires.push((unquote(m), v.to_string())),
                        _ => {
                            return Err(go_mod_error(name, i, "usage: require module/path v1.2.3"))
                        }
                    }
                }
            }
            "replace" => return Err(replace_error(name, i)),
            _ => {
                let _ = err;
                return Err(go_mod_error(name, i, &format!("unknown directive: {verb}")));
            }
        }
    }
    let Some(path) = path.filter(|p| !p.is_empty()) else {
        return Err(command_error(format!(
            "go: error reading {name}: missing module declaration. To specify the module path:\n\tgo mod edit -module=example.com/mod"
        )));
    };
    Ok(Module {
        path,
        root: root.to_path_buf(),
        requires,
    })
}

fn go_mod_error(name: &str, i: usize, msg: &str) -> Diag {
    command_error(format!(
        "go: errors parsing go.mod:\n{name}:{}: {msg}",
        i + 1
    ))
}

fn replace_error(name: &str, i: usize) -> Diag {
    command_error(format!(
        "{name}:{}: minigo: replace directives are not supported (minigo loads only the main module's own packages)",
        i + 1
    ))
}

fn unquote(s: &str) -> String {
    s.trim_matches('"').to_string()
}

/// Why a directory gives no package.
#[derive(Debug)]
pub enum DirError {
    Missing,
    NoGoFiles,
    Io(String),
}

impl DirError {
    /// The go command's text.
    pub fn message(&self, dir: &Path) -> String {
        match self {
            DirError::Missing => format!("stat {}: directory not found", dir.display()),
            DirError::NoGoFiles => format!("no Go files in {}", dir.display()),
            DirError::Io(e) => format!("open {}: {e}", dir.display()),
        }
    }
}

/// The buildable Go files of `dir`, sorted by name, with their bytes.
pub fn package_files(dir: &Path) -> Result<Vec<(String, Vec<u8>)>, DirError> {
    let rd = match std::fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(DirError::Missing),
        Err(e) if e.kind() == std::io::ErrorKind::NotADirectory => {
            return Err(DirError::Missing);
        }
        Err(e) => return Err(DirError::Io(e.to_string())),
    };
    let mut names: Vec<String> = rd
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().map(|t| !t.is_dir()).unwrap_or(false))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".go") && !n.starts_with(['_', '.']))
        .filter(|n| !n.ends_with("_test.go") && name_matches_target(n))
        .collect();
    names.sort();
    let mut out = Vec::new();
    for n in names {
        let bytes = std::fs::read(dir.join(&n)).map_err(|e| DirError::Io(e.to_string()))?;
        if constraint_allows(&bytes) {
            out.push((n, bytes));
        }
    }
    if out.is_empty() {
        return Err(DirError::NoGoFiles);
    }
    Ok(out)
}

/// The `_test.go` files of `dir`, sorted, as the go command selects them.
pub fn test_files(dir: &Path) -> Result<Vec<(String, Vec<u8>)>, String> {
    let rd = std::fs::read_dir(dir).map_err(|e| format!("open {}: {e}", dir.display()))?;
    let mut names: Vec<String> = rd
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().map(|t| !t.is_dir()).unwrap_or(false))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with("_test.go") && !n.starts_with(['_', '.']))
        .filter(|n| name_matches_target(n))
        .collect();
    names.sort();
    let mut out = Vec::new();
    for n in names {
        let bytes = std::fs::read(dir.join(&n)).map_err(|e| format!("open {n}: {e}"))?;
        if constraint_allows(&bytes) {
            out.push((n, bytes));
        }
    }
    Ok(out)
}

/// Whether a `_test.go` file's package clause names an external test
/// package (`package foo_test`).
pub fn is_external_test(src: &[u8]) -> bool {
    let text = String::from_utf8_lossy(src);
    let mut ids = minigo_parser::ast::NodeIds::new();
    minigo_parser::parse(&text, &mut ids).is_ok_and(|f| f.package.name.ends_with("_test"))
}

const GOOS: &[&str] = &[
    "aix",
    "android",
    "darwin",
    "dragonfly",
    "freebsd",
    "hurd",
    "illumos",
    "ios",
    "js",
    "linux",
    "nacl",
    "netbsd",
    "openbsd",
    "plan9",
    "solaris",
    "wasip1",
    "windows",
    "zos",
];
const GOARCH: &[&str] = &[
    "386", "amd64", "arm", "arm64", "loong64", "mips", "mipsle", "mips64", "mips64le", "ppc64",
    "ppc64le", "riscv64", "s390x", "wasm", "sparc64",
];

/// The tags minigo builds with (it runs as linux/amd64 gc).
fn tag_set(tag: &str) -> bool {
    matches!(tag, "linux" | "amd64" | "unix" | "gc")
        || tag
            .strip_prefix("go1.")
            .and_then(|m| m.parse::<u32>().ok())
            .is_some_and(|m| m <= 27)
}

/// `name_GOOS.go`, `name_GOARCH.go`, `name_GOOS_GOARCH.go` only build for
/// that target.
pub fn name_matches_target(name: &str) -> bool {
    let stem = name.trim_end_matches(".go");
    let parts: Vec<&str> = stem.split('_').collect();
    let n = parts.len();
    if n >= 3 && GOOS.contains(&parts[n - 2]) && GOARCH.contains(&parts[n - 1]) {
        return tag_set(parts[n - 2]) && tag_set(parts[n - 1]);
    }
    if n >= 2 && (GOOS.contains(&parts[n - 1]) || GOARCH.contains(&parts[n - 1])) {
        return tag_set(parts[n - 1]);
    }
    true
}

/// Whether the file's `//go:build` line (before the package clause) holds
/// for linux/amd64; a file with an expression minigo cannot read builds.
pub fn constraint_allows(src: &[u8]) -> bool {
    let text = String::from_utf8_lossy(src);
    for line in text.lines() {
        let l = line.trim();
        if l.is_empty() || (l.starts_with("//") && !l.starts_with("//go:build")) {
            continue;
        }
        if let Some(expr) = l.strip_prefix("//go:build") {
            if !expr.starts_with([' ', '\t']) {
                continue;
            }
            let toks = tokens(expr);
            let mut p = 0;
            return match eval_or(&toks, &mut p) {
                Some(v) if p == toks.len() => v,
                _ => true,
            };
        }
        // Past the header comments (a block comment or the package clause).
        break;
    }
    true
}

fn tokens(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '&' || c == '|' {
            out.push(b[i..(i + 2).min(b.len())].iter().collect());
            i += 2;
        } else if c == '!' || c == '(' || c == ')' {
            out.push(c.to_string());
            i += 1;
        } else {
            let st = i;
            while i < b.len() && (b[i].is_alphanumeric() || b[i] == '_' || b[i] == '.') {
                i += 1;
            }
            if st == i {
                out.push(c.to_string());
                i += 1;
            } else {
                out.push(b[st..i].iter().collect());
            }
        }
    }
    out
}

fn eval_or(t: &[String], p: &mut usize) -> Option<bool> {
    let mut v = eval_and(t, p)?;
    while t.get(*p).is_some_and(|x| x == "||") {
        *p += 1;
        v |= eval_and(t, p)?;
    }
    Some(v)
}

fn eval_and(t: &[String], p: &mut usize) -> Option<bool> {
    let mut v = eval_not(t, p)?;
    while t.get(*p).is_some_and(|x| x == "&&") {
        *p += 1;
        v &= eval_not(t, p)?;
    }
    Some(v)
}

fn eval_not(t: &[String], p: &mut usize) -> Option<bool> {
    let tok = t.get(*p)?;
    *p += 1;
    match tok.as_str() {
        "!" => eval_not(t, p).map(|v| !v),
        "(" => {
            let v = eval_or(t, p)?;
            (t.get(*p)? == ")").then(|| *p += 1)?;
            Some(v)
        }
        x if x
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '.') =>
        {
            Some(tag_set(x))
        }
        _ => None,
    }
}

/// The name messages give `base` in `dir`: as the go command shortens
/// paths (`./a.go` in the current directory, `../a.go`, `sub/a.go`).
pub fn display_name(dir: &Path, base: &str) -> String {
    let Ok(cwd) = std::env::current_dir() else {
        return dir.join(base).to_string_lossy().into_owned();
    };
    let cwd = cwd.canonicalize().unwrap_or(cwd);
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    if let Ok(rel) = dir.strip_prefix(&cwd) {
        let rel = rel.to_string_lossy();
        if rel.is_empty() {
            return format!("./{base}");
        }
        return format!("{rel}/{base}");
    }
    if let Ok(up) = cwd.strip_prefix(&dir) {
        let n = up.components().count();
        return format!("{}{base}", "../".repeat(n));
    }
    dir.join(base).to_string_lossy().into_owned()
}

/// `found packages main (a.go) and util (b.go) in DIR` when the files
/// disagree on the package name.
pub fn mixed_packages(dir: &Path, files: &[(String, SourceFile)]) -> Option<String> {
    let (b0, f0) = files.first()?;
    let n0 = &f0.ast.package.name;
    files
        .iter()
        .find(|(_, f)| &f.ast.package.name != n0)
        .map(|(b, f)| {
            format!(
                "found packages {n0} ({b0}) and {} ({b}) in {}",
                f.ast.package.name,
                dir.display()
            )
        })
}

/// `p` made absolute, symlinks resolved when it exists; `.` and `..`
/// dropped lexically when it does not (as the go command prints it).
pub fn abs(p: &Path) -> PathBuf {
    use std::path::Component;
    let p = std::env::current_dir().map_or(p.to_path_buf(), |c| c.join(p));
    p.canonicalize().unwrap_or_else(|_| {
        let mut out = PathBuf::new();
        for c in p.components() {
            match c {
                Component::CurDir => {}
                Component::ParentDir => {
                    out.pop();
                }
                c => out.push(c),
            }
        }
        out
    })
}

/// The directory and module (its root made absolute) of a package named
/// on the command line, as `go run` and `go test` find it: a local path
/// (`.`, `./cmd/tool`, `/abs`) or an import path of the main module.
/// `Ok(None)`: an import path the main module does not hold (the caller
/// words that error: `go run` and `go test` differ).
pub fn locate_package(arg: &str) -> Result<Option<(PathBuf, Module)>, String> {
    let found = if arg.starts_with('.') || arg.starts_with('/') {
        let dir = abs(Path::new(arg));
        if !dir.is_dir() {
            return Err(DirError::Missing.message(&dir));
        }
        let module = find(&dir).map_err(|d| d.to_string())?.ok_or_else(|| {
            "go: go.mod file not found in current directory or any parent directory; see 'go help modules'"
                .to_string()
        })?;
        (dir, module)
    } else {
        let module = find(&abs(Path::new("."))).map_err(|d| d.to_string())?;
        match module.and_then(|m| m.dir_of(arg).map(|d| (d, m))) {
            Some(found) => found,
            None => return Ok(None),
        }
    };
    let (dir, module) = found;
    let root = abs(&module.root);
    Ok(Some((dir, Module { root, ..module })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn build_lines() {
        assert!(!constraint_allows(b"//go:build ignore\n\npackage main\n"));
        assert!(constraint_allows(
            b"//go:build linux && amd64\npackage main\n"
        ));
        assert!(!constraint_allows(
            b"// x\n//go:build !linux\npackage main\n"
        ));
        assert!(constraint_allows(
            b"//go:build (windows || linux) && go1.20\npackage main\n"
        ));
        assert!(constraint_allows(b"package main\n//go:build ignore\n"));
    }

    #[test]
    fn file_name_targets() {
        assert!(name_matches_target("a_linux.go"));
        assert!(!name_matches_target("a_windows.go"));
        assert!(!name_matches_target("a_linux_arm64.go"));
        assert!(name_matches_target("my_file.go"));
    }

    #[test]
    fn go_mod_lines() {
        let m = parse_go_mod(
            "module example.com/m // c\n\ngo 1.27\n\nrequire (\n\tgithub.com/x/y v1.0.0\n)\n",
            Path::new("/r"),
            "go.mod",
        )
        .unwrap();
        assert_eq!(m.path, "example.com/m");
        assert_eq!(
            m.requirement_for("github.com/x/y/z"),
            Some(("github.com/x/y", "v1.0.0"))
        );
        assert_eq!(m.requirement_for("github.com/x/yy"), None);
        assert_eq!(m.dir_of("example.com/m/a/b"), Some(PathBuf::from("/r/a/b")));
        assert_eq!(m.dir_of("example.com/mm"), None);
        assert!(parse_go_mod("go 1.27\n", Path::new("/r"), "go.mod").is_err());
        assert!(parse_go_mod("module m\nreplace a => ../a\n", Path::new("/r"), "go.mod").is_err());
    }
}
