//! The `//go:embed` directive: files read when the program is compiled.
//!
//! Owns the three steps Go splits between its tools:
//!
//! * [`scan`] (gc's parser and noder): finds the directives of one file in
//!   its comments, attaches each to the declaration it precedes as gc's
//!   pragma rules do, and words gc's errors about misplaced or malformed
//!   directives;
//! * [`resolve_package`] (the go command): matches the patterns of a
//!   package's directives against its directory and reads the files;
//! * [`fs_entries`] / [`pack`] (gc's back end): the file list of an
//!   `embed.FS` in Go's order, packed into one string that `embed.loadFS`
//!   unpacks when the program starts.
//!
//! The checker decides the kind of each variable (string, []byte,
//! embed.FS) from its type; the compiler stores the data
//! (`compile::func::global_var_spec`).
//!
//! Invariants: positions are byte offsets into the file; file paths are
//! slash-separated and relative to the package directory.

use minigo_lexer::Token;
use minigo_parser::ast::{self, NodeId};
use std::path::Path;

/// What [`scan`] found in one file.
#[derive(Clone, Debug, Default)]
pub struct FileEmbeds {
    /// Errors gc reports while parsing (misplaced or malformed
    /// directives): the package is not type-checked after them.
    pub early: Vec<(u32, String)>,
    /// Errors gc reports after type checking (a directive on a const, a
    /// func, a var with an initializer...).
    pub late: Vec<(u32, String)>,
    /// Package-level variables with directives that passed those checks.
    pub vars: Vec<EmbedVar>,
    /// Every pattern the go command reads from the file, with its position
    /// (only when the file imports "embed", as go/build reads them).
    pub patterns: Vec<(String, u32)>,
}

/// A package-level variable under one or more `//go:embed` lines.
#[derive(Clone, Debug)]
pub struct EmbedVar {
    /// The variable's name (its declaring identifier).
    pub name: NodeId,
    pub name_pos: u32,
    /// The type as written (gc names `byte` where it was written so).
    pub ty_text: String,
    pub patterns: Vec<String>,
    /// The matched files (set by [`resolve_package`]): each once, with its
    /// contents, in the order the patterns found them.
    pub files: Vec<(String, Vec<u8>)>,
}

/// The value a variable is initialized with, decided by its type.
#[derive(Clone, Debug)]
pub enum EmbedValue {
    /// `string` or `[]byte` (or a type whose underlying type is one):
    /// the one file's bytes.
    String(Vec<u8>),
    Bytes(Vec<u8>),
    /// `embed.FS`: the packed file list and the function unpacking it.
    Files(Vec<u8>, crate::types::FuncId),
}

const USAGE: &str = "usage: //go:embed pattern...";
const MISPLACED: &str = "misplaced go:embed directive";

struct Directive {
    /// Offset of the text after `//`, where gc puts the directive.
    pos: u32,
    patterns: Vec<(String, u32)>,
}

#[derive(Clone, Copy, PartialEq)]
enum Taker {
    Var,
    LocalVar,
    Other,
}

/// Finds the `//go:embed` directives of a parsed file and attaches them.
pub fn scan(src: &str, file: &ast::File) -> FileEmbeds {
    let mut out = FileEmbeds::default();
    let imports_embed = file.imports.iter().any(|i| i.path == "embed");
    let mut dirs = Vec::new();
    for (s, e) in minigo_lexer::comments(src) {
        let text = &src[s..e];
        let Some(rest) = text.strip_prefix("//go:embed") else {
            continue;
        };
        if !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
            continue;
        }
        let pos = (s + 2) as u32;
        let line_start = src[..s].rfind('\n').map_or(0, |i| i + 1);
        if !src[line_start..s]
            .trim_matches([' ', '\t', '\r'])
            .is_empty()
        {
            out.early.push((pos, "misplaced compiler directive".into()));
            continue;
        }
        let args_at = s + "//go:embed".len();
        match parse_args(rest, args_at) {
            Ok(patterns) if !patterns.is_empty() => {
                if imports_embed {
                    out.patterns.extend(patterns.iter().cloned());
                }
                dirs.push(Directive { pos, patterns });
            }
            Ok(_) => out.early.push((pos, USAGE.into())),
            Err(msg) => {
                out.early.push((pos, msg));
                out.early.push((pos, USAGE.into()));
            }
        }
    }
    if dirs.is_empty() {
        return out;
    }
    let specs: std::collections::HashMap<u32, &ast::VarSpec> = file
        .decls
        .iter()
        .filter_map(|d| match d {
            ast::Decl::Var(specs) => Some(specs),
            _ => None,
        })
        .flatten()
        .filter_map(|s| s.names.first().map(|n| (n.span.lo, s)))
        .collect();
    let toks: Vec<(usize, Token, usize)> = minigo_lexer::Lexer::new(src)
        .map_while(Result::ok)
        .collect();
    let mut pending: Vec<Directive> = Vec::new();
    let mut next_dir = dirs.into_iter().peekable();
    let (mut braces, mut parens) = (0usize, 0usize);
    // An open `var (`/`const (`... group: who takes its specs' directives,
    // and the brace and paren depth of its specs.
    let mut group: Option<(Taker, usize, usize)> = None;
    let mut spec_start = false;
    for (i, (at, tok, _)) in toks.iter().enumerate() {
        while next_dir.peek().is_some_and(|d| (d.pos as usize) < *at) {
            pending.extend(next_dir.next());
        }
        let next = toks.get(i + 1).map(|t| (&t.1, t.0 as u32));
        let opens_group = matches!(next, Some((Token::LParen, _)));
        let in_group = group.filter(|g| g.1 == braces && g.2 == parens);
        let cx = Cx {
            src,
            specs: &specs,
            toks: &toks,
            first: i + 1,
            imports_embed,
        };
        let top = braces == 0 && parens == 0;
        match tok {
            Token::LBrace => braces += 1,
            Token::RBrace => braces = braces.saturating_sub(1),
            Token::LParen => {
                parens += 1;
                spec_start = group.is_some_and(|g| g.1 == braces && g.2 == parens);
            }
            Token::RParen => {
                parens = parens.saturating_sub(1);
                if group.is_some_and(|g| parens < g.2) {
                    group = None;
                }
            }
            // Specs of a group take their own directives.
            Token::Semi if in_group.is_some() => spec_start = true,
            // The end of a declaration or statement: gc's parser drops
            // the directives no declaration took.
            Token::Semi if top || braces > 0 => clear(&mut out, &mut pending),
            Token::Var | Token::Const | Token::Type | Token::Import
                if top
                    || (braces > 0 && matches!(tok, Token::Var | Token::Const | Token::Type)) =>
            {
                let taker = match tok {
                    Token::Var if top => Taker::Var,
                    Token::Var => Taker::LocalVar,
                    _ => Taker::Other,
                };
                if opens_group {
                    clear(&mut out, &mut pending);
                    group = Some((taker, braces, parens + 1));
                } else {
                    cx.take(&mut out, taker, next.map_or(0, |n| n.1), &mut pending);
                }
            }
            Token::Func | Token::Package if top => {
                cx.take(&mut out, Taker::Other, 0, &mut pending);
            }
            Token::Ident(_) if spec_start && in_group.is_some() => {
                spec_start = false;
                if let Some((g, ..)) = in_group {
                    cx.take(&mut out, g, *at as u32, &mut pending);
                }
            }
            _ => {}
        }
    }
    pending.extend(next_dir);
    clear(&mut out, &mut pending);
    out.early.sort_by_key(|e| e.0);
    out.late.sort_by_key(|e| e.0);
    out
}

/// Directives no declaration took: gc's parser reports them.
fn clear(out: &mut FileEmbeds, pending: &mut Vec<Directive>) {
    for d in pending.drain(..) {
        out.early.push((d.pos, MISPLACED.into()));
    }
}

/// What a declaration taking directives needs to know.
struct Cx<'a> {
    src: &'a str,
    specs: &'a std::collections::HashMap<u32, &'a ast::VarSpec>,
    toks: &'a [(usize, Token, usize)],
    /// The index of the spec's first token.
    first: usize,
    imports_embed: bool,
}

impl Cx<'_> {
    fn take(
        &self,
        out: &mut FileEmbeds,
        taker: Taker,
        spec_pos: u32,
        pending: &mut Vec<Directive>,
    ) {
        let taken = std::mem::take(pending);
        if !taken.is_empty() {
            self.take_directives(out, taker, spec_pos, taken);
        }
    }

    /// The directives `taken` by the spec starting at `spec_pos` (its first
    /// token is `toks[first]`): gc's checks, in its order, or a variable.
    fn take_directives(
        &self,
        out: &mut FileEmbeds,
        taker: Taker,
        spec_pos: u32,
        taken: Vec<Directive>,
    ) {
        let (specs, toks, first, imports_embed) =
            (self.specs, self.toks, self.first, self.imports_embed);
        let pos = taken[0].pos;
        let (names, has_values, spec) = match taker {
            Taker::Other => {
                for d in taken {
                    out.late.push((d.pos, MISPLACED.into()));
                }
                return;
            }
            Taker::Var => match specs.get(&spec_pos) {
                Some(s) => (s.names.len(), !s.values.is_empty(), Some(*s)),
                None => return,
            },
            Taker::LocalVar => {
                // `var a, b T = x`: count the names, look for the `=`.
                let mut names = 1;
                let mut values = false;
                let mut depth = 0usize;
                for (_, t, _) in toks.iter().skip(first) {
                    match t {
                        Token::Comma if depth == 0 && !values => names += 1,
                        Token::Assign if depth == 0 => values = true,
                        Token::LParen | Token::LBrack | Token::LBrace => depth += 1,
                        Token::RParen | Token::RBrack | Token::RBrace if depth == 0 => break,
                        Token::RParen | Token::RBrack | Token::RBrace => depth -= 1,
                        Token::Semi if depth == 0 => break,
                        _ => {}
                    }
                }
                (names, values, None)
            }
        };
        let msg = if !imports_embed {
            "go:embed requires import \"embed\" (or import _ \"embed\", if package is not used)"
        } else if names > 1 {
            "go:embed cannot apply to multiple vars"
        } else if has_values {
            "go:embed cannot apply to var with initializer"
        } else if taker == Taker::LocalVar {
            "go:embed cannot apply to var inside func"
        } else {
            let Some(name) = spec.and_then(|s| s.names.first()) else {
                return;
            };
            out.vars.push(EmbedVar {
                name: name.id,
                name_pos: name.span.lo,
                ty_text: spec
                    .and_then(|s| s.ty.as_ref())
                    .and_then(|t| self.src.get(t.span.lo as usize..t.span.hi as usize))
                    .map(|t| t.split_whitespace().collect())
                    .unwrap_or_default(),
                patterns: taken
                    .into_iter()
                    .flat_map(|d| d.patterns.into_iter().map(|p| p.0))
                    .collect(),
                files: Vec::new(),
            });
            return;
        };
        out.late.push((pos, msg.into()));
    }
}

/// Splits a directive's arguments (`rest`, at offset `at` of the file)
/// into patterns: space-separated, each bare or a Go string literal.
fn parse_args(rest: &str, at: usize) -> Result<Vec<(String, u32)>, String> {
    let mut out = Vec::new();
    let b = rest.as_bytes();
    let mut i = 0;
    loop {
        while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\r') {
            i += 1;
        }
        if i >= b.len() {
            return Ok(out);
        }
        let start = i;
        let pattern = match b[i] {
            q @ (b'"' | b'`') => {
                i += 1;
                while i < b.len() && b[i] != q {
                    if q == b'"' && b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                let bad = || format!("invalid quoted string in //go:embed: {}", &rest[start..]);
                if i >= b.len() {
                    return Err(bad());
                }
                i += 1;
                if i < b.len() && !matches!(b[i], b' ' | b'\t' | b'\r') {
                    return Err(bad());
                }
                match minigo_lexer::tokenize(&rest[start..i]).as_deref() {
                    Ok([(_, Token::Str(s), _), ..]) => {
                        String::from_utf8(s.clone()).map_err(|_| bad())?
                    }
                    _ => return Err(bad()),
                }
            }
            _ => {
                while i < b.len() && !matches!(b[i], b' ' | b'\t' | b'\r') {
                    i += 1;
                }
                rest[start..i].to_string()
            }
        };
        out.push((pattern, (at + start) as u32));
    }
}

/// The go command's step: matches every pattern of the package's files
/// (in sorted order, as it does; the first failure is its error) in
/// `dir` and fills each variable's files. `files`: (name in messages,
/// source, scan result) of each file.
pub fn resolve_package(
    dir: &Path,
    files: &mut [(&str, &str, &mut FileEmbeds)],
) -> Result<(), crate::program::Diag> {
    let mut all: Vec<(String, usize, u32)> = Vec::new();
    for (fi, (_, _, e)) in files.iter().enumerate() {
        all.extend(e.patterns.iter().map(|(p, pos)| (p.clone(), fi, *pos)));
    }
    all.sort_by(|a, b| a.0.cmp(&b.0));
    all.dedup_by(|a, b| a.0 == b.0);
    let mut matched: std::collections::HashMap<String, Vec<String>> = Default::default();
    for (pattern, fi, pos) in all {
        match resolve_pattern(dir, &pattern) {
            Ok(list) => {
                matched.insert(pattern, list);
            }
            Err(msg) => {
                let (name, src, _) = &files[fi];
                let mut d =
                    crate::program::Diag::at(name, src, pos, format!("pattern {pattern}: {msg}"));
                d.file = d.file.strip_prefix("./").unwrap_or(&d.file).to_string();
                return Err(d);
            }
        }
    }
    for (_, _, e) in files.iter_mut() {
        for v in &mut e.vars {
            let mut seen = std::collections::HashSet::new();
            for p in &v.patterns {
                for f in matched.get(p).into_iter().flatten() {
                    if seen.insert(f.clone()) {
                        let data = std::fs::read(dir.join(f)).unwrap_or_default();
                        v.files.push((f.clone(), data));
                    }
                }
            }
        }
    }
    Ok(())
}

/// The files one pattern names in `dir`, or the go command's reason.
fn resolve_pattern(dir: &Path, pattern: &str) -> Result<Vec<String>, String> {
    let (all, glob) = match pattern.strip_prefix("all:") {
        Some(g) => (true, g),
        None => (false, pattern),
    };
    if glob == "." || !valid_path(glob) || glob.split('/').any(|e| !valid_glob(e)) {
        return Err("invalid pattern syntax".into());
    }
    let mut matches = Vec::new();
    glob_in(dir, "", &glob.split('/').collect::<Vec<_>>(), &mut matches);
    if matches.is_empty() {
        return Err("no matching files found".into());
    }
    let mut out = Vec::new();
    for rel in matches {
        let path = dir.join(&rel);
        let meta = std::fs::symlink_metadata(&path).map_err(|e| e.to_string())?;
        let what = if meta.is_dir() { "directory" } else { "file" };
        let elems: Vec<&str> = rel.split('/').collect();
        if let Some(i) = elems.iter().position(|e| is_bad_name(e)) {
            let why = if i + 1 == elems.len() {
                "invalid name"
            } else {
                "in invalid directory"
            };
            return Err(format!("cannot embed {what} {rel}: {why} {}", elems[i]));
        }
        let mut sub = String::new();
        for elem in rel.split('/') {
            sub = if sub.is_empty() {
                elem.to_string()
            } else {
                format!("{sub}/{elem}")
            };
            let d = dir.join(&sub);
            if d.is_dir() && d.join("go.mod").exists() {
                return Err(format!("cannot embed {what} {rel}: in different module"));
            }
        }
        if meta.is_dir() {
            let before = out.len();
            walk(dir, &rel, all, &mut out)?;
            if out.len() == before {
                return Err(format!(
                    "cannot embed directory {rel}: contains no embeddable files"
                ));
            }
        } else if meta.is_file() {
            out.push(rel);
        } else {
            return Err(format!("cannot embed irregular file {rel}"));
        }
    }
    Ok(out)
}

/// The embeddable files under directory `rel`: hidden (`.`, `_`) names
/// skipped unless `all`, as are version-control directories and nested
/// modules.
fn walk(dir: &Path, rel: &str, all: bool, out: &mut Vec<String>) -> Result<(), String> {
    let Ok(rd) = std::fs::read_dir(dir.join(rel)) else {
        return Ok(());
    };
    let mut names: Vec<String> = rd
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    for name in names {
        let sub = format!("{rel}/{name}");
        if (!all && (name.starts_with('.') || name.starts_with('_'))) || is_bad_name(&name) {
            continue;
        }
        let Ok(meta) = std::fs::symlink_metadata(dir.join(&sub)) else {
            continue;
        };
        if meta.is_dir() {
            if dir.join(&sub).join("go.mod").exists() {
                continue;
            }
            walk(dir, &sub, all, out)?;
        } else if meta.is_file() {
            out.push(sub);
        } else {
            return Err(format!("cannot embed irregular file {sub}"));
        }
    }
    Ok(())
}

fn is_bad_name(name: &str) -> bool {
    matches!(name, ".bzr" | ".hg" | ".git" | ".svn")
}

/// io/fs's ValidPath: unrooted, slash-separated, no `.`/`..`/empty
/// elements.
fn valid_path(p: &str) -> bool {
    p == "." || p.split('/').all(|e| !e.is_empty() && e != "." && e != "..")
}

/// Every path of `dir` matching the pattern elements `elems` below `rel`
/// (filepath.Glob: each element matched against a sorted listing).
fn glob_in(dir: &Path, rel: &str, elems: &[&str], out: &mut Vec<String>) {
    let Some((first, rest)) = elems.split_first() else {
        return;
    };
    let join = |name: &str| {
        if rel.is_empty() {
            name.to_string()
        } else {
            format!("{rel}/{name}")
        }
    };
    let names: Vec<String> = if !first.contains(['*', '?', '[', '\\']) {
        let p = join(first);
        if std::fs::symlink_metadata(dir.join(&p)).is_err() {
            return;
        }
        vec![first.to_string()]
    } else {
        let Ok(rd) = std::fs::read_dir(dir.join(rel)) else {
            return;
        };
        let mut v: Vec<String> = rd
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| glob_match(first.as_bytes(), n.as_bytes()))
            .collect();
        v.sort();
        v
    };
    for n in names {
        let p = join(&n);
        if rest.is_empty() {
            out.push(p);
        } else if dir.join(&p).is_dir() {
            glob_in(dir, &p, rest, out);
        }
    }
}

/// Whether one pattern element is well formed (path.Match's syntax).
fn valid_glob(p: &str) -> bool {
    let b = p.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                if i + 1 >= b.len() {
                    return false;
                }
                i += 2;
            }
            b'[' => match class_end(b, i) {
                Some(e) => i = e,
                None => return false,
            },
            _ => i += 1,
        }
    }
    true
}

/// The index after the `]` closing the class opened at `b[i]`.
fn class_end(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i + 1;
    if b.get(j) == Some(&b'^') {
        j += 1;
    }
    let mut first = true;
    loop {
        match b.get(j)? {
            b']' if !first => return Some(j + 1),
            b'\\' => j += 2,
            _ => j += 1,
        }
        if b.get(j) == Some(&b'-') && b.get(j + 1).is_some_and(|&c| c != b']') {
            j += 1;
            if b.get(j) == Some(&b'\\') {
                j += 1;
            }
            j += 1;
        }
        first = false;
    }
}

/// path.Match for one element (no `/` in `name`), on bytes. Failed
/// (pattern, name) offsets are remembered, so stars cost O(len²).
fn glob_match(p: &[u8], name: &[u8]) -> bool {
    fn go(
        p: &[u8],
        pi: usize,
        name: &[u8],
        ni: usize,
        failed: &mut std::collections::HashSet<(usize, usize)>,
    ) -> bool {
        if failed.contains(&(pi, ni)) {
            return false;
        }
        let (pr, nr) = (&p[pi..], &name[ni..]);
        let ok = match pr.first() {
            None => nr.is_empty(),
            Some(b'*') => (ni..=name.len()).any(|k| go(p, pi + 1, name, k, failed)),
            Some(b'?') => !nr.is_empty() && go(p, pi + 1, name, ni + char_len(nr), failed),
            Some(b'[') => match (
                class_end(pr, 0),
                std::str::from_utf8(nr).ok().and_then(|s| s.chars().next()),
            ) {
                (Some(end), Some(c)) => {
                    class_has(&pr[1..end - 1], c)
                        && go(p, pi + end, name, ni + c.len_utf8(), failed)
                }
                _ => false,
            },
            Some(b'\\') if pr.len() > 1 => {
                nr.first() == Some(&pr[1]) && go(p, pi + 2, name, ni + 1, failed)
            }
            Some(&c) => nr.first() == Some(&c) && go(p, pi + 1, name, ni + 1, failed),
        };
        if !ok {
            failed.insert((pi, ni));
        }
        ok
    }
    go(p, 0, name, 0, &mut Default::default())
}

fn char_len(name: &[u8]) -> usize {
    std::str::from_utf8(name)
        .ok()
        .and_then(|s| s.chars().next())
        .map_or(1, char::len_utf8)
}

/// Whether class body `body` (between `[` and `]`) holds `c`.
fn class_has(body: &[u8], c: char) -> bool {
    let (neg, body) = match body.first() {
        Some(b'^') => (true, &body[1..]),
        _ => (false, body),
    };
    let s = String::from_utf8_lossy(body);
    let mut chars: Vec<char> = Vec::new();
    let mut it = s.chars();
    while let Some(ch) = it.next() {
        chars.push(if ch == '\\' {
            it.next().unwrap_or('\\')
        } else {
            ch
        });
    }
    // Ranges were written `a-z`; escapes are already resolved above, so a
    // `-` between two characters is a range.
    let mut hit = false;
    let mut i = 0;
    while i < chars.len() {
        if i + 2 < chars.len() && chars[i + 1] == '-' {
            hit |= chars[i] <= c && c <= chars[i + 2];
            i += 3;
        } else {
            hit |= chars[i] == c;
            i += 1;
        }
    }
    hit != neg
}

/// Go's order of an embed.FS's entries: by directory, then by name
/// (`dir/` entries sort by their name without the slash).
fn split(name: &str) -> (&str, &str) {
    let n = name.strip_suffix('/').unwrap_or(name);
    match n.rfind('/') {
        Some(i) => (&n[..i], &n[i + 1..]),
        None => (".", n),
    }
}

/// The entries of an embed.FS holding `files`: the files and every
/// directory above them (names ending in `/`), in Go's order.
pub fn fs_entries(files: &[(String, Vec<u8>)]) -> Vec<(String, &[u8])> {
    let mut out: Vec<(String, &[u8])> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (name, data) in files {
        if seen.insert(name.clone()) {
            out.push((name.clone(), data));
        }
        let mut d = name.as_str();
        while let Some(i) = d.rfind('/') {
            d = &d[..i];
            if !seen.insert(format!("{d}/")) {
                break;
            }
            out.push((format!("{d}/"), &[]));
        }
    }
    out.sort_by(|a, b| split(&a.0).cmp(&split(&b.0)));
    out
}

/// One string `embed.loadFS` unpacks: for each entry its name, NUL, the
/// length of its data in decimal, NUL, then the data.
pub fn pack(entries: &[(String, &[u8])]) -> Vec<u8> {
    let mut out = Vec::new();
    for (name, data) in entries {
        out.extend_from_slice(name.as_bytes());
        out.push(0);
        out.extend_from_slice(data.len().to_string().as_bytes());
        out.push(0);
        out.extend_from_slice(data);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        assert!(glob_match(b"*.hash", b"file1.hash"));
        assert!(!glob_match(b"*.hash", b"file1.txt"));
        assert!(glob_match(b"f?le[0-9].*", b"file1.hash"));
        assert!(!glob_match(b"[^a-z]*", b"abc"));
        assert!(glob_match(b"a\\*", b"a*"));
        assert!(!valid_glob("[a"));
        assert!(!valid_glob("a\\"));
        assert!(valid_glob("[]a]"));
        let stars = "*a".repeat(30) + "*b";
        assert!(!glob_match(stars.as_bytes(), "a".repeat(60).as_bytes()));
    }

    #[test]
    fn args() {
        let got = parse_args(" a.txt  \"b c.txt\" `d`", 10).unwrap();
        let names: Vec<&str> = got.iter().map(|p| p.0.as_str()).collect();
        assert_eq!(names, ["a.txt", "b c.txt", "d"]);
        assert_eq!(got[1].1, 10 + 8);
        assert!(parse_args(" \"x", 0).is_err());
    }

    #[test]
    fn order() {
        let files = vec![
            ("b/x".to_string(), vec![]),
            ("a.txt".to_string(), vec![]),
            ("b/c/y".to_string(), vec![]),
        ];
        let names: Vec<String> = fs_entries(&files).into_iter().map(|e| e.0).collect();
        assert_eq!(names, ["a.txt", "b/", "b/c/", "b/x", "b/c/y"]);
    }
}
