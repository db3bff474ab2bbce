//! `regexp` natives: the matching engine is the `regex` crate (RE2's
//! syntax and leftmost-first semantics, linear time: Go's); everything
//! above "compile" and "match at a position" is in regexp.go.
//!
//! A compiled pattern is a [`Prog`] moved into the heap
//! (`heap::new_object`); `Regexp.prog` holds its word, which keeps it
//! alive (struct fields are scanned conservatively) and it is dropped
//! when the last `Regexp` holding it dies. The crate's `Regex` is
//! immutable and `Sync`, so goroutines may share it freely.
//!
//! Go's syntax is checked and rewritten by [`syntax`] first: compile
//! errors carry Go's messages, and the crate sees a pattern with Go's
//! meaning.

pub mod syntax;

use regex::bytes::{Regex, RegexBuilder};

use crate::heap::{self, GcNative, Word};
use crate::interp::natives::{bytes_of, slice_of, NativeCtx, NativeFn};
use crate::interp::panic::Trap;

/// A compiled regular expression, owned by the heap.
pub struct Prog {
    re: Regex,
    /// Groups, the whole match included: Go's count (the crate drops
    /// trailing groups that can never match, as in `(a){0}`).
    groups: usize,
}

impl GcNative for Prog {
    fn trace(&self, _: &mut dyn FnMut(u64)) {}
}

/// The crate's limits, raised so that every pattern Go accepts (nesting
/// up to about 1000, counts up to 1000) compiles.
const NEST_LIMIT: u32 = 1100;
const SIZE_LIMIT: usize = 256 << 20;

/// Compiles Go pattern `expr`: the program and the subexpression names,
/// or Go's error (code, quoted text).
pub fn compile(expr: &[u8]) -> Result<(Prog, Vec<String>), syntax::SyntaxError> {
    let t = syntax::translate(expr)?;
    let re = RegexBuilder::new(&t.pattern)
        .nest_limit(NEST_LIMIT)
        .size_limit(SIZE_LIMIT)
        .build();
    match re {
        Ok(re) => Ok((
            Prog {
                re,
                groups: t.names.len(),
            },
            t.names,
        )),
        Err(regex::Error::CompiledTooBig(_)) => Err(syntax::SyntaxError {
            code: syntax::ERR_LARGE,
            expr: expr.to_vec(),
        }),
        Err(e) if e.to_string().contains("nest") => Err(syntax::SyntaxError {
            code: syntax::ERR_NESTING_DEPTH,
            expr: expr.to_vec(),
        }),
        // A rewrite the crate rejects: a bug of `syntax`, reported as Go
        // reports its own internal errors.
        Err(_) => Err(syntax::SyntaxError {
            code: syntax::ERR_INTERNAL,
            expr: expr.to_vec(),
        }),
    }
}

impl Prog {
    /// Whether `hay` holds a match.
    pub fn is_match(&self, hay: &[u8]) -> bool {
        match Sanitized::new(hay) {
            None => self.re.is_match(hay),
            Some(s) => self.re.is_match(&s.text),
        }
    }

    /// The leftmost-first match starting at or after `pos` (the text
    /// before `pos` still counts for `^`, `\b`): `ncap` 2 gives the
    /// match's bounds, more every group's (-1 for one that did not
    /// take part).
    pub fn find_at(&self, hay: &[u8], pos: usize, ncap: usize) -> Option<Vec<i64>> {
        match Sanitized::new(hay) {
            None => self.find_valid(hay, pos, ncap),
            Some(s) => {
                let mut m = self.find_valid(&s.text, *s.fwd.get(pos)?, ncap)?;
                s.back(&mut m);
                Some(m)
            }
        }
    }

    /// [`Prog::find_at`] on a haystack of valid UTF-8.
    fn find_valid(&self, hay: &[u8], pos: usize, ncap: usize) -> Option<Vec<i64>> {
        let mut from = pos;
        loop {
            let m = self.search(hay, from, ncap)?;
            // Go only tries positions between runes; the crate's bytes
            // engine may report an empty match (`\B`) inside one: go on
            // from the rune's end.
            let start = m[0] as usize;
            match rune_around(hay, start) {
                Some(end) if m[1] == m[0] => from = end,
                _ => return Some(m),
            }
        }
    }

    fn search(&self, hay: &[u8], pos: usize, ncap: usize) -> Option<Vec<i64>> {
        if pos > hay.len() {
            return None;
        }
        if ncap <= 2 {
            let m = self.re.find_at(hay, pos)?;
            return Some(vec![m.start() as i64, m.end() as i64]);
        }
        let mut locs = self.re.capture_locations();
        self.re.captures_read_at(&mut locs, hay, pos)?;
        let mut v = Vec::with_capacity(self.groups * 2);
        for i in 0..self.groups {
            match locs.get(i) {
                Some((a, b)) => v.extend([a as i64, b as i64]),
                None => v.extend([-1, -1]),
            }
        }
        Some(v)
    }

    /// The successive matches Go's `Find…All` methods report (at most `n`
    /// when `n >= 0`), or with `repl` those `ReplaceAll…` replaces; each
    /// as [`Prog::find_at`] gives it, concatenated.
    pub fn all(&self, hay: &[u8], n: i64, ncap: usize, repl: bool) -> Vec<i64> {
        match Sanitized::new(hay) {
            None => self.all_valid(hay, n, ncap, repl),
            Some(s) => {
                let mut v = self.all_valid(&s.text, n, ncap, repl);
                s.back(&mut v);
                v
            }
        }
    }

    /// [`Prog::all`] on a haystack of valid UTF-8.
    fn all_valid(&self, hay: &[u8], n: i64, ncap: usize, repl: bool) -> Vec<i64> {
        let mut out = Vec::new();
        if n == 0 {
            return out;
        }
        let end = hay.len();
        let mut count = 0;
        let (mut pos, mut prev_end) = (0usize, -1i64);
        while pos <= end {
            let Some(m) = self.find_valid(hay, pos, ncap) else {
                break;
            };
            let (start, stop) = (m[0], m[1]);
            let width = rune_width(&hay[pos..]);
            let accept;
            if repl {
                // replaceAll: no empty match right after a match (but
                // one at 0); always advance at least one rune.
                accept = stop > prev_end.max(0) || start == 0;
                prev_end = stop;
                let p = pos as i64;
                pos = if p + width as i64 > stop {
                    pos + width
                } else if p + 1 > stop {
                    pos + 1
                } else {
                    stop as usize
                };
            } else {
                // allMatches: an empty match abutting the previous match
                // is dropped; after an empty match, step one rune.
                accept = !(stop == pos as i64 && start == prev_end);
                if stop == pos as i64 {
                    pos = if width > 0 { pos + width } else { end + 1 };
                } else {
                    pos = stop as usize;
                }
                prev_end = stop;
            }
            if accept {
                out.extend(m);
                count += 1;
                if n > 0 && count == n {
                    break;
                }
            }
        }
        out
    }
}

/// The width of the rune at the start of `s` as Go's decoder steps: 0 at
/// the end, 1 for a byte of invalid UTF-8.
fn rune_width(s: &[u8]) -> usize {
    let Some(&b) = s.first() else {
        return 0;
    };
    let n = match b {
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => 1,
    };
    match s.get(..n).map(std::str::from_utf8) {
        Some(Ok(_)) => n,
        _ => 1,
    }
}

/// A haystack that is not valid UTF-8, with every byte Go decodes as
/// `utf8.RuneError` (width 1) replaced by U+FFFD's encoding: Go matches
/// such a byte as that rune, and so does the crate on the copy. Offsets
/// map both ways.
struct Sanitized {
    text: Vec<u8>,
    /// Offset in `text` of each original offset (and of the end).
    fwd: Vec<usize>,
    /// Original offset of each offset in `text` (and of the end).
    bwd: Vec<usize>,
}

impl Sanitized {
    /// `None` when `hay` is valid UTF-8 (nothing to do).
    fn new(hay: &[u8]) -> Option<Sanitized> {
        std::str::from_utf8(hay).err()?;
        let mut s = Sanitized {
            text: Vec::with_capacity(hay.len() + 8),
            fwd: Vec::with_capacity(hay.len() + 1),
            bwd: Vec::with_capacity(hay.len() + 9),
        };
        let mut i = 0;
        while i < hay.len() {
            let w = rune_width(&hay[i..]);
            let valid = w > 1 || hay[i] < 0x80;
            let bytes: &[u8] = if valid {
                &hay[i..i + w]
            } else {
                "\u{FFFD}".as_bytes()
            };
            for k in 0..w {
                s.fwd.push(s.text.len() + if valid { k } else { 0 });
            }
            for k in 0..bytes.len() {
                s.bwd.push(i + if valid { k } else { 0 });
            }
            s.text.extend_from_slice(bytes);
            i += w;
        }
        s.fwd.push(s.text.len());
        s.bwd.push(hay.len());
        Some(s)
    }

    /// Maps offsets in `text` (-1: none) back to the original's.
    fn back(&self, v: &mut [i64]) {
        for x in v.iter_mut().filter(|x| **x >= 0) {
            *x = self.bwd.get(*x as usize).map_or(-1, |&o| o as i64);
        }
    }
}

/// When `p` falls inside a valid UTF-8 sequence (not at its start), the
/// end of that sequence.
fn rune_around(hay: &[u8], p: usize) -> Option<usize> {
    if !matches!(hay.get(p), Some(0x80..=0xbf)) {
        return None;
    }
    let q = (p.saturating_sub(3)..p)
        .rev()
        .find(|&q| !(0x80..=0xbf).contains(&hay[q]))?;
    let w = rune_width(&hay[q..]);
    (w > 1 && q + w > p).then_some(q + w)
}

/// The `Prog` of a `Regexp.prog` argument.
fn prog(cx: &NativeCtx<'_, '_>, i: usize) -> Result<&'static Prog, Trap> {
    let w = cx.arg(i);
    if w == 0 {
        return Err(Trap::nil_deref());
    }
    // SAFETY: `prog` arguments come from regexp.go's unexported
    // `Regexp.prog`, which holds 0 (handled above) or the word that the
    // native `regexp.compile` returned: a live `Prog` made by
    // `heap::new_object`, kept alive by that field and by this argument
    // (both scanned conservatively).
    Ok(unsafe { heap::deref::<Prog>(w) })
}

fn ints(v: &[i64]) -> Word {
    if v.is_empty() {
        return 0;
    }
    let ws: Vec<Word> = v.iter().map(|&x| x as Word).collect();
    slice_of(&ws)
}

fn ret_find(cx: &mut NativeCtx<'_, '_>, hay: &[u8]) -> Result<(), Trap> {
    let p = prog(cx, 0)?;
    let (pos, ncap) = (cx.int(2), cx.int(3));
    let m = usize::try_from(pos)
        .ok()
        .and_then(|pos| p.find_at(hay, pos, ncap.max(0) as usize));
    cx.ret(0, m.map_or(0, |m| ints(&m)))
}

fn ret_all(cx: &mut NativeCtx<'_, '_>, hay: &[u8]) -> Result<(), Trap> {
    let p = prog(cx, 0)?;
    let (n, ncap, repl) = (cx.int(2), cx.int(3), cx.bool(4));
    let v = p.all(hay, n, ncap.max(0) as usize, repl);
    cx.ret(0, ints(&v))
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "regexp.compile" => |cx| {
            let expr = cx.str(0);
            match compile(expr) {
                Ok((p, names)) => {
                    let names: Vec<Word> =
                        names.iter().map(|n| heap::new_str(n.as_bytes())).collect();
                    let names = slice_of(&names);
                    cx.ret(0, heap::new_object(p))?;
                    cx.ret(1, names)?;
                    cx.ret(2, 0)?;
                    cx.ret(3, 0)
                }
                Err(e) => {
                    cx.ret(0, 0)?;
                    cx.ret(1, 0)?;
                    cx.ret_str(2, e.code.as_bytes())?;
                    cx.ret_string(3, e.expr)
                }
            }
        },
        "regexp.matchString" => |cx| {
            let p = prog(cx, 0)?;
            let r = p.is_match(cx.str(1));
            cx.ret_bool(0, r)
        },
        "regexp.matchBytes" => |cx| {
            let p = prog(cx, 0)?;
            let r = p.is_match(&bytes_of(cx.arg(1)));
            cx.ret_bool(0, r)
        },
        "regexp.findString" => |cx| {
            let hay = cx.str(1);
            ret_find(cx, hay)
        },
        "regexp.findBytes" => |cx| {
            let hay = bytes_of(cx.arg(1));
            ret_find(cx, &hay)
        },
        "regexp.allString" => |cx| {
            let hay = cx.str(1);
            ret_all(cx, hay)
        },
        "regexp.allBytes" => |cx| {
            let hay = bytes_of(cx.arg(1));
            ret_all(cx, &hay)
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(p: &str, s: &str, repl: bool) -> Vec<i64> {
        let (p, _) = compile(p.as_bytes()).unwrap();
        p.all(s.as_bytes(), -1, 2, repl)
    }

    /// Outputs of Go 1.27's FindAllStringIndex / ReplaceAllString.
    #[test]
    fn empty_matches_advance_as_gos() {
        assert_eq!(all("a*", "baaab", false), [0, 0, 1, 4, 5, 5]);
        assert_eq!(all("a*", "baaab", true), [0, 0, 1, 4, 5, 5]);
        assert_eq!(
            all("", "héllo", false),
            [0, 0, 1, 1, 3, 3, 4, 4, 5, 5, 6, 6]
        );
        assert_eq!(all("x*", "", false), [0, 0]);
        assert_eq!(all("a|b|", "ab", false), [0, 1, 1, 2]);
        assert_eq!(all(r"\B", "héllo", false), [4, 4, 5, 5]);
    }

    /// Go decodes a byte of invalid UTF-8 as U+FFFD, one byte wide.
    #[test]
    fn invalid_utf8_is_gos_rune_error() {
        let (p, _) = compile(b".").unwrap();
        assert_eq!(
            p.all(b"a\xffb\xe2\x82c", -1, 2, false),
            [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]
        );
        let (p, _) = compile(b"a.b").unwrap();
        assert_eq!(p.find_at(b"xa\xffb", 1, 2), Some(vec![1, 4]));
    }

    #[test]
    fn perl_classes_are_ascii() {
        let (p, _) = compile(br"\w+\b").unwrap();
        assert_eq!(p.find_at("héllo".as_bytes(), 0, 2), Some(vec![0, 1]));
    }
}
