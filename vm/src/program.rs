//! Loading a program: the user's file plus the standard-library packages it
//! imports (transitively), parsed with one shared [`NodeIds`].
//!
//! Owns: [`Program`] (the parsed packages in dependency order, `main` last),
//! [`Diag`] (a compile error with a file:line:col position) and the mapping
//! from byte offsets to line/column.
//!
//! Invariants: every package in `packages` appears after all packages it
//! imports; node ids are unique across all files; each package path occurs
//! once.

use crate::stdlib;
use minigo_parser::ast::{self, NodeIds};
use std::fmt;

/// A whole program, ready for the checker.
#[derive(Debug)]
pub struct Program {
    /// Dependency order: every package after its imports; `main` last.
    pub packages: Vec<Package>,
    /// The function of the main package the program starts in: `main`,
    /// or the generated test main of `minigo test`.
    pub entry: String,
}

impl Program {
    /// Whether package `p` is the standard library's (embedded in minigo,
    /// not a module's or the command's own).
    pub fn is_std(&self, p: usize) -> bool {
        self.packages.get(p).is_some_and(|pk| {
            pk.path != "main"
                && pk.files.iter().all(|f| f.dir.is_none())
                && crate::stdlib::package(&pk.path).is_some()
        })
    }
}

#[derive(Debug)]
pub struct Package {
    /// Import path (`main`, `fmt`, `unicode/utf8`, `example.com/m/util`);
    /// the command's own package is always `main`.
    pub path: String,
    /// The path the go command names the package by in messages
    /// (`# example.com/m`, `command-line-arguments`); `path` otherwise.
    pub import_path: String,
    pub files: Vec<SourceFile>,
}

#[derive(Debug)]
pub struct SourceFile {
    /// As given on the command line (`prog.go`); `$GOROOT/src/<path>/<pkg>.go`
    /// style names for prelude files.
    pub name: String,
    pub src: String,
    pub ast: ast::File,
    /// The directory of a file of the program's own packages (where its
    /// `//go:embed` patterns are matched); `None` for the prelude.
    pub dir: Option<std::path::PathBuf>,
    /// Its `//go:embed` directives, files read (see [`crate::embed`]).
    pub embeds: crate::embed::FileEmbeds,
    /// Lexical errors of a file that parsed all the same (byte offset,
    /// message): gc reports them with the type checker's errors.
    pub lex_errors: Vec<(u32, String)>,
}

/// A compile error, printed as gc does: `file:line:col: msg`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diag {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub msg: String,
}

/// Whether `d`, from loading one file outside a module, is the go
/// command's error (an import that names no package) rather than the
/// compiler's: go prints it without the `# command-line-arguments` line.
pub fn is_go_command_error(d: &Diag) -> bool {
    let m = d.msg.as_str();
    (m.starts_with("package ") && m.contains(" is not in std"))
        || m.starts_with("cannot find module providing package")
        || m.contains(": use of internal package ")
        || (m.starts_with("pattern ") && d.line > 0)
        || m.starts_with("expected 'package', found ")
        || m.starts_with("go: reading ")
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            // Position-less, like gc's `runtime.main_main·f: ...`, or the
            // go command's own errors (no file at all).
            if self.file.is_empty() {
                return f.write_str(&self.msg);
            }
            return write!(f, "{}: {}", self.file, self.msg);
        }
        write!(f, "{}:{}:{}: {}", self.file, self.line, self.col, self.msg)
    }
}

impl Diag {
    /// A diagnostic at byte offset `pos` of `src`.
    pub fn at(file: &str, src: &str, pos: u32, msg: impl Into<String>) -> Diag {
        let (line, col) = line_col(src, pos);
        Diag {
            file: file.to_string(),
            line,
            col,
            msg: msg.into(),
        }
    }
}

/// 1-based line and byte column of offset `pos` in `src` (clamped to the
/// end of the text, so a bogus offset never panics).
pub fn line_col(src: &str, pos: u32) -> (u32, u32) {
    let pos = (pos as usize).min(src.len());
    let before = &src.as_bytes()[..pos];
    let line = before.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    (line, (pos - line_start) as u32 + 1)
}

/// What gc's scanner refuses before tokens: NUL bytes (anywhere, even in
/// strings and comments) and invalid UTF-8, in source order, at most 10
/// (gc stops at 10 errors).
fn bad_bytes(src: &[u8]) -> Vec<(usize, &'static str)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < src.len() && out.len() < 10 {
        match std::str::from_utf8(&src[i..]) {
            Ok(s) => {
                out.extend(
                    s.match_indices('\0')
                        .map(|(j, _)| (i + j, "invalid NUL character")),
                );
                break;
            }
            Err(e) => {
                let valid = e.valid_up_to();
                let ok = std::str::from_utf8(&src[i..i + valid]).unwrap_or("");
                out.extend(
                    ok.match_indices('\0')
                        .map(|(j, _)| (i + j, "invalid NUL character")),
                );
                out.push((i + valid, "invalid UTF-8 encoding"));
                i += valid + e.error_len().unwrap_or(src.len() - i - valid).max(1);
            }
        }
    }
    out.truncate(10);
    // NUL bytes alone: the lexer drops them, as gc's reader does, and
    // the file is scanned and checked on (see `minigo_parser::parse_all`).
    if out.iter().all(|(_, msg)| msg.starts_with("invalid NUL")) {
        out.clear();
    }
    out
}

impl SourceFile {
    pub fn line_col(&self, pos: u32) -> (u32, u32) {
        line_col(&self.src, pos)
    }
}

/// Parses `main_src` (the file called `main_name`) and every standard
/// package it needs. Errors: invalid UTF-8, syntax errors, unknown imports.
pub fn load(main_name: &str, main_src: &[u8]) -> Result<Program, Vec<Diag>> {
    let bad = bad_bytes(main_src);
    if !bad.is_empty() {
        // Positions are byte offsets: count them in a copy whose invalid
        // bytes are replaced one for one.
        let mut bytes = main_src.to_vec();
        for &(pos, msg) in &bad {
            if msg.starts_with("invalid UTF-8") {
                bytes[pos] = b'?';
            }
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        return Err(bad
            .into_iter()
            .map(|(pos, msg)| Diag::at(main_name, &text, pos as u32, msg))
            .collect());
    }
    let src = String::from_utf8_lossy(main_src).into_owned();
    let mut ids = NodeIds::new();
    let t = crate::phases::Timer::start();
    let file = parse_file(main_name, &src, &mut ids)?;
    t.stop(&format!("parse {main_name}"));
    let mut loader = Loader::new(ids, None);
    let dir = std::path::Path::new(main_name)
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    loader.main_dir = Some(dir.to_path_buf());
    loader.finish(
        "command-line-arguments".to_string(),
        vec![(String::new(), file)],
    )
}

/// Parses the command's package from several files (`files`: the name
/// messages use, the file's base name as the go command's import errors
/// give it, the bytes), resolving imports of `module`'s packages from its
/// tree and the rest from the prelude. `import_path` names the package in
/// import-cycle messages.
pub fn load_package(
    files: Vec<(String, String, Vec<u8>)>,
    import_path: &str,
    dir: &std::path::Path,
    module: Option<crate::modules::Module>,
) -> Result<Program, Vec<Diag>> {
    load_test_package(files, import_path, dir, module, None)
}

/// [`load_package`] for `minigo test` with an external test package:
/// the module's package in `tests_of` is loaded with its own (not
/// `_test`) `_test.go` files, as the go command builds it for the test.
pub fn load_test_package(
    files: Vec<(String, String, Vec<u8>)>,
    import_path: &str,
    dir: &std::path::Path,
    module: Option<crate::modules::Module>,
    tests_of: Option<std::path::PathBuf>,
) -> Result<Program, Vec<Diag>> {
    let mut ids = NodeIds::new();
    let mut parsed = Vec::new();
    let mut errs = Vec::new();
    for (name, base, bytes) in files {
        match parse_bytes(&name, &bytes, &mut ids) {
            Ok(f) => parsed.push((base, f)),
            Err(d) => errs.extend(d),
        }
    }
    if let Some(e) = crate::modules::mixed_packages(dir, &parsed) {
        return Err(vec![command_error(e)]);
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    let mut loader = Loader::new(ids, module);
    loader.cmd_dir = Some(dir.to_path_buf());
    loader.main_dir = Some(dir.to_path_buf());
    loader.tests_of = tests_of;
    loader.finish(import_path.to_string(), parsed)
}

/// [`parse_file`] after gc's byte checks (NUL, invalid UTF-8).
fn parse_bytes(name: &str, bytes: &[u8], ids: &mut NodeIds) -> Result<SourceFile, Vec<Diag>> {
    let bad = bad_bytes(bytes);
    if !bad.is_empty() {
        let mut copy = bytes.to_vec();
        for &(pos, msg) in &bad {
            if msg.starts_with("invalid UTF-8") {
                copy[pos] = b'?';
            }
        }
        let text = String::from_utf8_lossy(&copy).into_owned();
        return Err(bad
            .into_iter()
            .map(|(pos, msg)| Diag::at(name, &text, pos as u32, msg))
            .collect());
    }
    parse_file(name, &String::from_utf8_lossy(bytes), ids)
}

/// A go-command error with no position (`no Go files in DIR`).
pub fn command_error(msg: impl Into<String>) -> Diag {
    Diag {
        file: String::new(),
        line: 0,
        col: 0,
        msg: msg.into(),
    }
}

fn parse_file(name: &str, src: &str, ids: &mut NodeIds) -> Result<SourceFile, Vec<Diag>> {
    if let Some(d) = no_package_clause(name, src) {
        return Err(vec![d]);
    }
    if let Some(d) = nul_in_header(name, src) {
        return Err(vec![d]);
    }
    let parsed = minigo_parser::parse_all(src, ids);
    let lex = merge_front_end_errors(
        parsed
            .lex_errors
            .iter()
            .map(|d| Diag::at(name, src, d.pos, d.msg.clone()))
            .collect(),
        Vec::new(),
    );
    match parsed.file {
        // gc stops at its tenth error, before type checking.
        Ok(_) if lex.len() >= 10 => Err(lex),
        Ok(ast) => Ok(SourceFile {
            name: name.to_string(),
            src: src.to_string(),
            ast,
            dir: None,
            embeds: Default::default(),
            lex_errors: parsed
                .lex_errors
                .into_iter()
                .map(|d| (d.pos, d.msg))
                .collect(),
        }),
        Err(d) => {
            let mut syntax = Vec::new();
            // An empty message: a syntax error gc would not report.
            if !d.msg.is_empty() {
                syntax.push(Diag::at(name, src, d.pos, d.msg));
                more_syntax_errors(name, src, d.pos as usize, &mut syntax);
            }
            Err(merge_front_end_errors(lex, syntax))
        }
    }
}

/// The lexical and syntax errors of one file as gc prints them: in the
/// order of their positions (a lexical error first, as gc's scanner
/// reports it before its parser sees the token), at most one syntax error
/// per line, and an error equal to the one before on its line dropped.
fn merge_front_end_errors(lex: Vec<Diag>, syntax: Vec<Diag>) -> Vec<Diag> {
    let mut all: Vec<(bool, Diag)> = lex
        .into_iter()
        .map(|d| (false, d))
        .chain(syntax.into_iter().map(|d| (true, d)))
        .collect();
    all.sort_by_key(|(is_syntax, d)| (d.line, d.col, *is_syntax));
    let mut out: Vec<Diag> = Vec::new();
    let mut last_syntax: Option<u32> = None;
    let mut last_other: Option<(u32, String)> = None;
    for (is_syntax, d) in all {
        if is_syntax {
            if last_syntax == Some(d.line) {
                continue;
            }
            last_syntax = Some(d.line);
        } else {
            if last_other.as_ref() == Some(&(d.line, d.msg.clone())) {
                continue;
            }
            last_other = Some((d.line, d.msg.clone()));
        }
        out.push(d);
    }
    out
}

/// A NUL byte in the package clause or the imports (or a comment among
/// them): the go command's reader of imports refuses the file before the
/// compiler sees it.
fn nul_in_header(name: &str, src: &str) -> Option<Diag> {
    use minigo_lexer::Token;
    let first = src.find('\0')?;
    let mut toks = minigo_lexer::Lexer::tolerant(src).flatten().peekable();
    // `package name ;`
    for _ in 0..3 {
        toks.next();
    }
    let mut end = src.len();
    while let Some((lo, t, _)) = toks.next() {
        if t != Token::Import {
            end = lo;
            break;
        }
        let mut depth = 0usize;
        for (_, t, _) in toks.by_ref() {
            match t {
                Token::LParen => depth += 1,
                Token::RParen => depth = depth.saturating_sub(1),
                Token::Semi if depth == 0 => break,
                _ => {}
            }
        }
    }
    (first < end).then(|| {
        let shown = name.strip_prefix("./").unwrap_or(name);
        command_error(format!("go: reading {shown}: unexpected NUL in input"))
    })
}

/// A file whose first token is not `package`: the go command refuses it
/// while listing the package (go/parser reading only the package clause),
/// before the compiler runs, so the message is go/parser's and it comes
/// without the `# package` header (see [`is_go_command_error`]).
fn no_package_clause(name: &str, src: &str) -> Option<Diag> {
    use minigo_lexer::Token;
    let (pos, found) = match minigo_lexer::Lexer::new(src).next() {
        // A token the lexer refuses: the compiler's scanner error says more.
        Some(Err(_)) | Some(Ok((_, Token::Package, _))) => return None,
        Some(Ok((lo, tok, hi))) => {
            let text = src.get(lo..hi).unwrap_or("");
            let bare = matches!(
                tok,
                Token::Ident(_)
                    | Token::Int(_)
                    | Token::Float(_)
                    | Token::Imag(_)
                    | Token::Rune(_)
                    | Token::Str(_)
            );
            let found = if bare {
                text.to_string()
            } else {
                format!("'{text}'")
            };
            (lo, found)
        }
        None => (src.len(), "'EOF'".to_string()),
    };
    let mut d = Diag::at(
        name,
        src,
        pos as u32,
        format!("expected 'package', found {found}"),
    );
    // go/token counts a line only where one starts before the end of the
    // file: the end of `x\n` is at 1:3, not 2:1.
    if pos == src.len() && src.ends_with('\n') {
        let (line, col) = line_col(src, pos as u32 - 1);
        d.line = line;
        d.col = col + 1;
    }
    Some(d)
}

/// gc reports up to 10 syntax errors, so a user can fix several at once.
/// The LALR parser stops at the first; to find the next ones, the
/// top-level declaration holding the error is blanked out (newlines kept,
/// so positions stay) and the file parsed again. An error outside any
/// declaration, or one that does not move forward, ends the search. Unlike
/// gc, at most one error per declaration is found.
fn more_syntax_errors(name: &str, src: &str, first: usize, diags: &mut Vec<Diag>) {
    const DECL: [&str; 5] = ["func", "type", "var", "const", "import"];
    let starts_decl = |line: &str| {
        DECL.iter().any(|k| {
            line.strip_prefix(k)
                .is_some_and(|r| r.starts_with([' ', '\t', '(']))
        })
    };
    let mut text = src.as_bytes().to_vec();
    let mut at = first;
    // One more than gc prints, so that `BuildError::lines` says
    // `too many errors` when there are more.
    while diags.len() < 11 {
        // After `... at end of statement`, gc skips to the statement's end
        // and goes on in the same block: blank just the tokens it skips.
        // After `... in argument list; possibly missing comma or )` (and
        // the like), it skips to the closing bracket.
        let last = diags.last().map_or("", |d| d.msg.as_str());
        let skip = if last.ends_with(" at end of statement") {
            Some(false)
        } else {
            let in_list = [
                "in argument list; possibly missing comma or )",
                "in parameter list; possibly missing comma or )",
                "in composite literal; possibly missing comma or }",
            ];
            in_list.iter().any(|m| last.ends_with(m)).then_some(true)
        };
        if let Some(in_list) = skip {
            if let Some(found) = skip_and_parse(&mut text, at, in_list) {
                match found {
                    Some(d) => {
                        at = d.pos as usize;
                        diags.push(Diag::at(name, src, d.pos, d.msg));
                        continue;
                    }
                    None => return,
                }
            }
        }
        // The declaration around `at`: from the last line starting one at
        // or before it, to the next line starting one after it.
        let line_start = |i: usize| src[..i].rfind('\n').map_or(0, |j| j + 1);
        let mut s = line_start(at.min(src.len()));
        while s > 0 && !starts_decl(&src[s..]) {
            s = line_start(s - 1);
        }
        if !starts_decl(&src[s..]) {
            return;
        }
        let mut e = src[at.min(src.len())..]
            .find('\n')
            .map_or(src.len(), |j| at + j + 1);
        while e < src.len() && !starts_decl(&src[e..]) {
            e = src[e..].find('\n').map_or(src.len(), |j| e + j + 1);
        }
        for b in &mut text[s..e] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
        let Ok(blanked) = std::str::from_utf8(&text) else {
            return;
        };
        let mut ids = NodeIds::new();
        match minigo_parser::parse_all(blanked, &mut ids).file {
            Ok(_) => return,
            Err(d) if d.msg.is_empty() => return,
            Err(d) if (d.pos as usize) > at && (d.pos as usize) >= e => {
                diags.push(Diag::at(name, src, d.pos, d.msg));
                at = d.pos as usize;
            }
            Err(_) => return,
        }
    }
}

/// gc's recovery after a statement followed by something else: it skips
/// tokens up to a `;`, a `}`, `case`, `default` or a keyword that starts a
/// statement (in a list, `in_list`: up to a `)`, `]`, `}` or such a
/// keyword). Blanks those from `at` in `text` and parses it again:
/// `None` if that skips nothing or finds no error further on (the caller
/// falls back to blanking the declaration), else `Some` of the next error
/// (`None` inside: there is none, or gc would not report it), with `text`
/// blanked.
fn skip_and_parse(
    text: &mut Vec<u8>,
    at: usize,
    in_list: bool,
) -> Option<Option<minigo_parser::Diag>> {
    use minigo_lexer::Token;
    let current = std::str::from_utf8(text).ok()?;
    let stop = minigo_lexer::Lexer::tolerant(current)
        .flatten()
        .filter(|(lo, _, _)| *lo >= at)
        .find(|(_, t, _)| {
            let end = if in_list {
                matches!(t, Token::RParen | Token::RBrack | Token::RBrace)
            } else {
                matches!(
                    t,
                    Token::Semi | Token::RBrace | Token::Case | Token::Default
                )
            };
            end || matches!(
                t,
                Token::Break
                    | Token::Const
                    | Token::Continue
                    | Token::Defer
                    | Token::Fallthrough
                    | Token::For
                    | Token::Go
                    | Token::Goto
                    | Token::If
                    | Token::Return
                    | Token::Select
                    | Token::Switch
                    | Token::Type
                    | Token::Var
            )
        })
        .map_or(current.len(), |(lo, _, _)| lo);
    if stop <= at {
        return None;
    }
    let mut trial = text.clone();
    for b in &mut trial[at..stop] {
        if *b != b'\n' {
            *b = b' ';
        }
    }
    let blanked = std::str::from_utf8(&trial).ok()?;
    let mut ids = NodeIds::new();
    let found = match minigo_parser::parse_all(blanked, &mut ids).file {
        Ok(_) => None,
        Err(d) if d.msg.is_empty() => None,
        Err(d) if d.pos as usize >= stop => Some(d),
        Err(_) => return None,
    };
    *text = trial;
    Some(found)
}

enum LoadError {
    NotFound,
    Diags(Vec<Diag>),
}

struct Loader {
    ids: NodeIds,
    done: Vec<Package>,
    /// The import chain being loaded: each package with the base name of
    /// the file whose import led to it (the go command's cycle message).
    visiting: Vec<(String, String)>,
    module: Option<crate::modules::Module>,
    /// The command's directory, when it is a package of the module.
    cmd_dir: Option<std::path::PathBuf>,
    /// The directory of the command's own files (their embed patterns).
    main_dir: Option<std::path::PathBuf>,
    /// The package directory whose `_test.go` files of the package itself
    /// are loaded with it (`minigo test` with an external test package).
    tests_of: Option<std::path::PathBuf>,
    /// Standard-library files parsed ahead on two threads (see
    /// [`Loader::preparse`]), by (import path, file name): each with the
    /// number of node ids it used from its own [`NodeIds`].
    preparsed: std::collections::HashMap<(&'static str, &'static str), (SourceFile, u32)>,
    /// Whether `finish` parses the standard library ahead (off in a test
    /// that compares with the sequential load).
    parallel: bool,
}

impl Loader {
    fn new(ids: NodeIds, module: Option<crate::modules::Module>) -> Loader {
        Loader {
            ids,
            done: Vec::new(),
            visiting: Vec::new(),
            module,
            cmd_dir: None,
            main_dir: None,
            tests_of: None,
            preparsed: std::collections::HashMap::new(),
            parallel: true,
        }
    }

    /// Parses the standard-library packages that the imports `roots` need
    /// (transitively, as a scan of each file's import clause finds them)
    /// on this thread and one more, each file with its own [`NodeIds`];
    /// `load_pkg` takes them in load order and moves their ids to where
    /// a sequential parse would have put them (`offset_ids`), so the
    /// program is the same either way. Parsing the standard library was
    /// most of hello world's front end.
    ///
    /// The scan only predicts: a package it misses is parsed when loaded,
    /// one it adds is parsed for nothing, and a file that does not parse
    /// is parsed again when loaded, to report its errors.
    fn preparse(&mut self, roots: Vec<String>) {
        // Below this much source a second thread does not pay for itself.
        const MIN_PARALLEL_BYTES: usize = 64 << 10;
        if !self.parallel || std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 {
            return;
        }
        let mut queue = roots;
        let mut seen = std::collections::HashSet::new();
        let mut jobs: Vec<(&'static str, &'static str, &'static str)> = Vec::new();
        while let Some(path) = queue.pop() {
            if !seen.insert(path.clone())
                || self
                    .module
                    .as_ref()
                    .is_some_and(|m| m.dir_of(&path).is_some())
            {
                continue;
            }
            let Some(pkg) = stdlib::package(&path) else {
                continue;
            };
            for &(base, src) in pkg.files {
                queue.extend(scan_imports(src));
                jobs.push((pkg.path, base, src));
            }
        }
        let total: usize = jobs.iter().map(|j| j.2.len()).sum();
        if total < MIN_PARALLEL_BYTES {
            return;
        }
        // Largest first, each to the thread with less so far.
        jobs.sort_by_key(|j| std::cmp::Reverse(j.2.len()));
        let (mut mine, mut theirs) = (Vec::new(), Vec::new());
        let (mut a, mut b) = (0, 0);
        for j in jobs {
            if a <= b {
                a += j.2.len();
                mine.push(j);
            } else {
                b += j.2.len();
                theirs.push(j);
            }
        }
        type Parsed = Vec<((&'static str, &'static str), (SourceFile, u32))>;
        let parse = |jobs: Vec<(&'static str, &'static str, &'static str)>| -> Parsed {
            jobs.into_iter()
                .filter_map(|(path, base, src)| {
                    let mut ids = NodeIds::new();
                    let name = format!("$GOROOT/src/{path}/{base}");
                    let f = parse_file(&name, src, &mut ids).ok()?;
                    Some(((path, base), (f, ids.used())))
                })
                .collect()
        };
        let (done_here, done_there) = std::thread::scope(|s| {
            let helper = std::thread::Builder::new()
                .name("minigo-parse".into())
                .stack_size(64 << 20)
                .spawn_scoped(s, || parse(theirs));
            let here = parse(mine);
            // A helper that could not start (or failed) leaves its files
            // to `load_pkg`.
            let there = helper.ok().and_then(|h| h.join().ok()).unwrap_or_default();
            (here, there)
        });
        self.preparsed.extend(done_here);
        self.preparsed.extend(done_there);
    }

    /// The go command's rule for `.../internal/...` packages: only code in
    /// the tree rooted at the parent of `internal` may import one. `dir`
    /// is the importing package's directory.
    fn check_internal(
        &self,
        dir: Option<&std::path::Path>,
        file: &SourceFile,
        pos: u32,
        path: &str,
    ) -> Result<(), LoadError> {
        // The standard library's internal packages are for it alone.
        let std_internal = (path == "internal" || path.starts_with("internal/"))
            && stdlib::package(path).is_some();
        if !std_internal {
            let (Some(m), Some(dir)) = (&self.module, dir) else {
                return Ok(());
            };
            let parent = if let Some(i) = path.rfind("/internal/") {
                &path[..i]
            } else if let Some(p) = path.strip_suffix("/internal") {
                p
            } else {
                return Ok(());
            };
            let Some(parent_dir) = m.dir_of(parent) else {
                return Ok(());
            };
            if dir.starts_with(&parent_dir) {
                return Ok(());
            }
        }
        let mut msg = format!("package {}", self.visiting[0].0);
        for (p, _) in &self.visiting[1..] {
            msg.push_str(&format!("\n\timports {p}"));
        }
        let (line, col) = file.line_col(pos);
        let name = file.name.strip_prefix("./").unwrap_or(&file.name);
        msg.push_str(&format!(
            "\n\t{name}:{line}:{col}: use of internal package {path} not allowed"
        ));
        Err(LoadError::Diags(vec![command_error(msg)]))
    }

    /// Loads everything the command's `files` import, then appends the
    /// command's package (`main`) last.
    fn finish(
        mut self,
        import_path: String,
        files: Vec<(String, SourceFile)>,
    ) -> Result<Program, Vec<Diag>> {
        self.visiting.push((import_path.clone(), String::new()));
        let t = crate::phases::Timer::start();
        self.preparse(
            files
                .iter()
                .flat_map(|(_, f)| f.ast.imports.iter().map(|i| i.path.clone()))
                .collect(),
        );
        t.stop("parse ahead (2 threads)");
        let mut errs = Vec::new();
        for (base, file) in &files {
            for imp in &file.ast.imports {
                let dir = self.cmd_dir.clone();
                let checked = self.check_internal(dir.as_deref(), file, imp.span.lo, &imp.path);
                if let Err(e) = checked.and_then(|()| self.load_pkg(&imp.path, base)) {
                    match e {
                        LoadError::NotFound => {
                            errs.extend(self.not_found(file, imp.span.lo, &imp.path))
                        }
                        LoadError::Diags(d) => {
                            errs.extend(d);
                            // One import error is what the go command prints.
                            if self.module.is_some() {
                                return Err(errs);
                            }
                        }
                    }
                    if self.module.is_some() {
                        return Err(errs);
                    }
                }
            }
        }
        if !errs.is_empty() {
            return Err(errs);
        }
        let mut packages = self.done;
        let main_dir = self.main_dir;
        packages.push(Package {
            path: "main".to_string(),
            import_path,
            files: files
                .into_iter()
                .map(|(_, mut f)| {
                    f.dir = main_dir.clone();
                    f
                })
                .collect(),
        });
        for p in &mut packages {
            embed_package(p).map_err(|d| vec![d])?;
        }
        Ok(Program {
            packages,
            entry: "main".to_string(),
        })
    }

    /// The error for an import nothing provides: the go command's module
    /// lookup message inside a module (minigo never downloads, as `go`
    /// with `GOPROXY=off`), gc's `not in std` otherwise.
    fn not_found(&self, file: &SourceFile, pos: u32, path: &str) -> Vec<Diag> {
        if let Some(m) = &self.module {
            let (line, col) = file.line_col(pos);
            let name = file.name.strip_prefix("./").unwrap_or(&file.name);
            if let Some((req, ver)) = m.requirement_for(path) {
                // The go command's words under GOPROXY=off: minigo never
                // downloads, so an outside module is never there.
                return vec![
                    command_error(format!("go: downloading {req} {ver}")),
                    Diag {
                        file: name.to_string(),
                        line,
                        col,
                        msg: "module lookup disabled by GOPROXY=off".into(),
                    },
                ];
            }
            return vec![
                command_error(format!("go: finding module for package {path}")),
                Diag {
                    file: name.to_string(),
                    line,
                    col,
                    msg: format!(
                        "cannot find module providing package {path}: module lookup disabled by GOPROXY=off"
                    ),
                },
            ];
        }
        vec![Diag::at(
            &file.name,
            &file.src,
            pos,
            if stdlib::GO_STD.contains(&path) {
                format!(
                    "package {path} is not in std (minigo does not provide {path} yet; see docs/packages.md)"
                )
            } else {
                format!("package {path} is not in std")
            },
        )]
    }

    fn cycle_error(&self, path: &str, from: &str) -> LoadError {
        let mut msg = format!("package {}", self.visiting[0].0);
        for (p, f) in &self.visiting[1..] {
            msg.push_str(&format!("\n\timports {p} from {f}"));
        }
        msg.push_str(&format!(
            "\n\timports {path} from {from}: import cycle not allowed"
        ));
        LoadError::Diags(vec![command_error(msg)])
    }

    fn load_pkg(&mut self, path: &str, from: &str) -> Result<(), LoadError> {
        if self.visiting.iter().any(|(p, _)| p == path) {
            if self.module.is_some() {
                return Err(self.cycle_error(path, from));
            }
            return Ok(());
        }
        if self.done.iter().any(|p| p.path == path) {
            return Ok(());
        }
        if let Some(dir) = self.module.as_ref().and_then(|m| m.dir_of(path)) {
            return self.load_local(path, from, &dir);
        }
        let pkg = stdlib::package(path).ok_or(LoadError::NotFound)?;
        self.visiting.push((path.to_string(), from.to_string()));
        let mut files = Vec::new();
        for (file_base, src) in pkg.files {
            let name = format!("$GOROOT/src/{path}/{file_base}");
            let file = match self.preparsed.remove(&(pkg.path, *file_base)) {
                Some((mut f, n)) => {
                    minigo_parser::offset_ids(&mut f.ast, self.ids.take(n));
                    f
                }
                None => {
                    let t = crate::phases::Timer::start();
                    let f = parse_file(&name, src, &mut self.ids).map_err(LoadError::Diags)?;
                    t.stop(&format!("parse {path}/{file_base} ({} bytes)", src.len()));
                    f
                }
            };
            let imports: Vec<String> = file.ast.imports.iter().map(|i| i.path.clone()).collect();
            for imp in imports {
                match self.load_pkg(&imp, file_base) {
                    Ok(()) => {}
                    Err(LoadError::NotFound) => {
                        return Err(LoadError::Diags(vec![Diag {
                            file: name.clone(),
                            line: 1,
                            col: 1,
                            msg: format!("package {imp} is not in std"),
                        }]))
                    }
                    Err(e) => return Err(e),
                }
            }
            files.push(file);
        }
        self.visiting.pop();
        self.done.push(Package {
            path: path.to_string(),
            import_path: path.to_string(),
            files,
        });
        Ok(())
    }

    /// A package of the main module: every buildable file of its directory.
    fn load_local(
        &mut self,
        path: &str,
        from: &str,
        dir: &std::path::Path,
    ) -> Result<(), LoadError> {
        let mut files = crate::modules::package_files(dir).map_err(|e| match e {
            crate::modules::DirError::NoGoFiles | crate::modules::DirError::Missing => {
                LoadError::NotFound
            }
            other => LoadError::Diags(vec![command_error(other.message(dir))]),
        })?;
        if self.tests_of.as_deref() == Some(dir) {
            let tests = crate::modules::test_files(dir)
                .map_err(|e| LoadError::Diags(vec![command_error(e)]))?;
            files.extend(
                tests
                    .into_iter()
                    .filter(|(_, b)| !crate::modules::is_external_test(b)),
            );
        }
        self.visiting.push((path.to_string(), from.to_string()));
        let mut parsed = Vec::new();
        for (base, bytes) in files {
            let name = crate::modules::display_name(dir, &base);
            let mut f = parse_bytes(&name, &bytes, &mut self.ids).map_err(LoadError::Diags)?;
            f.dir = Some(dir.to_path_buf());
            parsed.push((base, f));
        }
        if let Some(e) = crate::modules::mixed_packages(dir, &parsed) {
            return Err(LoadError::Diags(vec![command_error(e)]));
        }
        for (base, f) in &parsed {
            for imp in &f.ast.imports {
                self.check_internal(Some(dir), f, imp.span.lo, &imp.path)?;
                match self.load_pkg(&imp.path, base) {
                    Ok(()) => {}
                    Err(LoadError::NotFound) => {
                        return Err(LoadError::Diags(self.not_found(f, imp.span.lo, &imp.path)))
                    }
                    Err(e) => return Err(e),
                }
            }
        }
        self.visiting.pop();
        self.done.push(Package {
            path: path.to_string(),
            import_path: path.to_string(),
            files: parsed.into_iter().map(|(_, f)| f).collect(),
        });
        Ok(())
    }
}

/// The import paths of a Go file's import clause (a token scan that
/// stops at the first declaration; a guess for `Loader::preparse`).
fn scan_imports(src: &str) -> Vec<String> {
    use minigo_lexer::Token;
    let mut out = Vec::new();
    let (mut in_import, mut grouped) = (false, false);
    for t in minigo_lexer::Lexer::new(src) {
        let Ok((_, t, _)) = t else { break };
        match t {
            Token::Import => in_import = true,
            Token::Func | Token::Var | Token::Const | Token::Type => break,
            Token::LParen if in_import => grouped = true,
            Token::RParen if in_import => (in_import, grouped) = (false, false),
            Token::Str(p) if in_import => {
                out.push(String::from_utf8_lossy(&p).into_owned());
                in_import = grouped;
            }
            _ => {}
        }
    }
    out
}

/// Reads the `//go:embed` directives of a package of the program's own
/// and, as the go command does before compiling, the files they name.
/// Errors: the go command's (`pattern x: no matching files found`).
fn embed_package(p: &mut Package) -> Result<(), Diag> {
    let Some(dir) = p.files.first().and_then(|f| f.dir.clone()) else {
        return Ok(());
    };
    for f in &mut p.files {
        if f.src.contains("go:embed") {
            f.embeds = crate::embed::scan(&f.src, &f.ast);
        }
    }
    let mut files: Vec<(&str, &str, &mut crate::embed::FileEmbeds)> = p
        .files
        .iter_mut()
        .map(|f| (f.name.as_str(), f.src.as_str(), &mut f.embeds))
        .collect();
    crate::embed::resolve_package(&dir, &mut files)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parsing the standard library ahead on two threads gives the same
    /// program, node ids included, as parsing it in load order: for every
    /// package minigo provides (`offset_ids` must reach every id).
    #[test]
    fn parse_ahead_is_the_sequential_parse() {
        let mut src = String::from("package main\nimport (\n");
        for p in stdlib::PACKAGES {
            if !p.path.split('/').any(|e| e == "internal") {
                src.push_str(&format!("\t{:?}\n", p.path));
            }
        }
        src.push_str(")\nfunc main() {}\n");
        let load_with = |parallel: bool| {
            let mut ids = NodeIds::new();
            let file = parse_file("main.go", &src, &mut ids).unwrap();
            let mut loader = Loader::new(ids, None);
            loader.parallel = parallel;
            loader
                .finish("command-line-arguments".into(), vec![(String::new(), file)])
                .unwrap()
        };
        let (seq, par) = (load_with(false), load_with(true));
        assert!(seq.packages.len() > 50, "{} packages", seq.packages.len());
        assert_eq!(seq.packages.len(), par.packages.len());
        for (a, b) in seq.packages.iter().zip(&par.packages) {
            assert_eq!(a.path, b.path);
            assert_eq!(a.files.len(), b.files.len());
            for (f, g) in a.files.iter().zip(&b.files) {
                assert_eq!(f.name, g.name);
                assert!(f.ast == g.ast, "{} differs", f.name);
            }
        }
    }

    #[test]
    fn scan_imports_reads_the_import_clause() {
        let src = "package p\n\nimport \"a\"\nimport (\n\tx \"b/c\"\n\t. \"d\"\n)\nimport _ \"e\"\n\nfunc f() { _ = \"z\" }\n";
        assert_eq!(scan_imports(src), ["a", "b/c", "d", "e"]);
    }
}
