//! Go's `strings` package over byte strings (`&[u8]`), with Go's exact
//! treatment of invalid UTF-8: wherever Go iterates by rune, an invalid byte
//! is the rune U+FFFD of width 1 (see [`crate::stdlib::unicode::utf8::engine::decode_rune`]).
//!
//! Index results are `Option<usize>`; Go's `-1` is `None`. Functions that Go
//! makes panic (e.g. `Repeat` with a negative count) return `Err(message)`
//! with Go's panic text so the interpreter can raise the same panic.

use crate::stdlib::unicode::engine as unicode;
use crate::stdlib::unicode::utf8::engine::{
    self as utf8, decode_last_rune, decode_rune, RUNE_ERROR,
};

/// Byte-wise substring search (naive with a first-byte scan; fine for the
/// string sizes interpreted programs handle).
fn find(h: &[u8], n: &[u8]) -> Option<usize> {
    if n.is_empty() {
        return Some(0);
    }
    if n.len() > h.len() {
        return None;
    }
    let first = n[0];
    let last_start = h.len() - n.len();
    let mut i = 0;
    while i <= last_start {
        match h[i..=last_start].iter().position(|&b| b == first) {
            None => return None,
            Some(p) => {
                i += p;
                if &h[i..i + n.len()] == n {
                    return Some(i);
                }
                i += 1;
            }
        }
    }
    None
}

fn rfind(h: &[u8], n: &[u8]) -> Option<usize> {
    if n.is_empty() {
        return Some(h.len());
    }
    if n.len() > h.len() {
        return None;
    }
    (0..=h.len() - n.len())
        .rev()
        .find(|&i| &h[i..i + n.len()] == n)
}

/// `strings.Index`.
pub fn index(s: &[u8], sep: &[u8]) -> Option<usize> {
    find(s, sep)
}

/// `strings.LastIndex`.
pub fn last_index(s: &[u8], sep: &[u8]) -> Option<usize> {
    rfind(s, sep)
}

/// `strings.IndexByte`.
pub fn index_byte(s: &[u8], c: u8) -> Option<usize> {
    s.iter().position(|&b| b == c)
}

/// `strings.LastIndexByte`.
pub fn last_index_byte(s: &[u8], c: u8) -> Option<usize> {
    s.iter().rposition(|&b| b == c)
}

/// `strings.IndexRune`: U+FFFD matches the first invalid byte or an actual
/// U+FFFD; an invalid rune (negative, surrogate, too large) matches nothing.
pub fn index_rune(s: &[u8], r: i64) -> Option<usize> {
    if (0..0x80).contains(&r) {
        return index_byte(s, r as u8);
    }
    if r == RUNE_ERROR as i64 {
        return utf8::runes(s)
            .find(|&(_, c, _)| c == RUNE_ERROR)
            .map(|(i, _, _)| i);
    }
    if !utf8::valid_rune(r) {
        return None;
    }
    let mut enc = Vec::with_capacity(4);
    utf8::encode_rune(&mut enc, r);
    find(s, &enc)
}

/// `strings.ContainsRune`.
pub fn contains_rune(s: &[u8], r: i64) -> bool {
    index_rune(s, r).is_some()
}

/// `strings.IndexAny`: first byte index of any rune of `chars` in `s`.
pub fn index_any(s: &[u8], chars: &[u8]) -> Option<usize> {
    if chars.is_empty() {
        return None;
    }
    utf8::runes(s)
        .find(|&(_, r, _)| index_rune(chars, r as i64).is_some())
        .map(|(i, _, _)| i)
}

/// `strings.LastIndexAny`.
pub fn last_index_any(s: &[u8], chars: &[u8]) -> Option<usize> {
    if chars.is_empty() {
        return None;
    }
    let mut end = s.len();
    while end > 0 {
        let (r, w) = decode_last_rune(&s[..end]);
        end -= w;
        if index_rune(chars, r as i64).is_some() {
            return Some(end);
        }
    }
    None
}

/// `strings.Contains`.
pub fn contains(s: &[u8], substr: &[u8]) -> bool {
    find(s, substr).is_some()
}

/// `strings.ContainsAny`.
pub fn contains_any(s: &[u8], chars: &[u8]) -> bool {
    index_any(s, chars).is_some()
}

/// `strings.Count`: non-overlapping occurrences; an empty `sep` counts
/// rune boundaries (rune count + 1).
pub fn count(s: &[u8], sep: &[u8]) -> usize {
    if sep.is_empty() {
        return utf8::rune_count(s) + 1;
    }
    let mut n = 0;
    let mut rest = s;
    while let Some(i) = find(rest, sep) {
        n += 1;
        rest = &rest[i + sep.len()..];
    }
    n
}

/// `strings.HasPrefix`.
pub fn has_prefix(s: &[u8], prefix: &[u8]) -> bool {
    s.starts_with(prefix)
}

/// `strings.HasSuffix`.
pub fn has_suffix(s: &[u8], suffix: &[u8]) -> bool {
    s.ends_with(suffix)
}

/// Go's `explode`: splits into UTF-8 sequences (invalid bytes alone), at
/// most `n` pieces (n < 0: all), the last holding the remainder.
fn explode(s: &[u8], n: i64) -> Vec<Vec<u8>> {
    let l = utf8::rune_count(s) as i64;
    let n = if n < 0 || n > l { l } else { n };
    let mut out = Vec::with_capacity(n as usize);
    let mut rest = s;
    for _ in 0..n.saturating_sub(1) {
        let (_, w) = decode_rune(rest);
        out.push(rest[..w].to_vec());
        rest = &rest[w..];
    }
    if n > 0 {
        out.push(rest.to_vec());
    }
    out
}

/// Go's `genSplit`: `sep_save` bytes of the separator stay with each piece.
fn gen_split(s: &[u8], sep: &[u8], sep_save: usize, n: i64) -> Vec<Vec<u8>> {
    if n == 0 {
        return Vec::new();
    }
    if sep.is_empty() {
        return explode(s, n);
    }
    let n = if n < 0 { count(s, sep) as i64 + 1 } else { n };
    let mut out = Vec::new();
    let mut rest = s;
    while (out.len() as i64) < n - 1 {
        let Some(m) = find(rest, sep) else { break };
        out.push(rest[..m + sep_save].to_vec());
        rest = &rest[m + sep.len()..];
    }
    out.push(rest.to_vec());
    out
}

/// `strings.Split`. (For `n == 0` in the `_n` variants Go returns a nil
/// slice; here that is an empty vector.)
pub fn split(s: &[u8], sep: &[u8]) -> Vec<Vec<u8>> {
    gen_split(s, sep, 0, -1)
}

/// `strings.SplitN`.
pub fn split_n(s: &[u8], sep: &[u8], n: i64) -> Vec<Vec<u8>> {
    gen_split(s, sep, 0, n)
}

/// `strings.SplitAfter`.
pub fn split_after(s: &[u8], sep: &[u8]) -> Vec<Vec<u8>> {
    gen_split(s, sep, sep.len(), -1)
}

/// `strings.SplitAfterN`.
pub fn split_after_n(s: &[u8], sep: &[u8], n: i64) -> Vec<Vec<u8>> {
    gen_split(s, sep, sep.len(), n)
}

/// `strings.Fields`: splits around runs of `unicode.IsSpace` runes.
pub fn fields(s: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, r, _) in utf8::runes(s) {
        if unicode::is_space(r) {
            if let Some(st) = start.take() {
                out.push(s[st..i].to_vec());
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(st) = start {
        out.push(s[st..].to_vec());
    }
    out
}

/// `strings.Join`.
pub fn join<T: AsRef<[u8]>>(elems: &[T], sep: &[u8]) -> Vec<u8> {
    let total: usize = elems.iter().map(|e| e.as_ref().len()).sum::<usize>()
        + sep.len() * elems.len().saturating_sub(1);
    let mut out = Vec::with_capacity(total);
    for (i, e) in elems.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(sep);
        }
        out.extend_from_slice(e.as_ref());
    }
    out
}

/// `strings.Repeat`; `Err` carries Go's panic message.
pub fn repeat(s: &[u8], count: i64) -> Result<Vec<u8>, &'static str> {
    if count < 0 {
        return Err("strings: negative Repeat count");
    }
    let total = (s.len() as u64).checked_mul(count as u64);
    match total {
        Some(t) if t <= i64::MAX as u64 => {
            // Refuse absurd sizes instead of aborting on allocation failure.
            if t > (1 << 40) {
                return Err("strings: Repeat output length overflow");
            }
            Ok(s.repeat(count as usize))
        }
        _ => Err("strings: Repeat output length overflow"),
    }
}

/// `strings.Replace`: replaces the first `n` (all if n < 0) non-overlapping
/// instances of `old`. An empty `old` matches at the start and after each
/// rune (invalid bytes count as one rune each).
pub fn replace(s: &[u8], old: &[u8], new: &[u8], n: i64) -> Vec<u8> {
    if old == new || n == 0 {
        return s.to_vec();
    }
    let m = count(s, old) as i64;
    if m == 0 {
        return s.to_vec();
    }
    let n = if n < 0 || m < n { m } else { n };
    let mut out = Vec::with_capacity(s.len() + (n as usize) * new.len());
    let mut start = 0;
    for i in 0..n {
        let mut j = start;
        if old.is_empty() {
            if i > 0 {
                let (_, w) = decode_rune(&s[start..]);
                j += w;
            }
        } else if let Some(p) = find(&s[start..], old) {
            j += p;
        }
        out.extend_from_slice(&s[start..j]);
        out.extend_from_slice(new);
        start = j + old.len();
    }
    out.extend_from_slice(&s[start..]);
    out
}

/// `strings.ReplaceAll`.
pub fn replace_all(s: &[u8], old: &[u8], new: &[u8]) -> Vec<u8> {
    replace(s, old, new, -1)
}

/// Go's `strings.Map` with a total mapping: every rune is re-encoded, so an
/// invalid byte becomes U+FFFD (as Go does whenever it rebuilds the string).
fn map_runes(s: &[u8], f: impl Fn(u32) -> u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut changed = false;
    for (_, r, w) in utf8::runes(s) {
        let m = f(r);
        changed |= m != r || (r == RUNE_ERROR && w == 1);
        utf8::encode_rune(&mut out, m as i64);
    }
    if changed {
        out
    } else {
        s.to_vec()
    }
}

/// `strings.ToUpper` (single-rune mappings; 'ß' is unchanged).
pub fn to_upper(s: &[u8]) -> Vec<u8> {
    if s.is_ascii() {
        return s.to_ascii_uppercase();
    }
    map_runes(s, unicode::to_upper)
}

/// `strings.ToLower`.
pub fn to_lower(s: &[u8]) -> Vec<u8> {
    if s.is_ascii() {
        return s.to_ascii_lowercase();
    }
    map_runes(s, unicode::to_lower)
}

/// `strings.ToTitle`.
pub fn to_title(s: &[u8]) -> Vec<u8> {
    map_runes(s, unicode::to_title)
}

/// Whether rune `r` (as decoded from the subject) is in `cutset`, with Go's
/// `ContainsRune` semantics for U+FFFD.
fn in_cutset(cutset: &[u8], r: u32) -> bool {
    index_rune(cutset, r as i64).is_some()
}

/// `strings.TrimLeft`: removes leading runes contained in `cutset`.
pub fn trim_left<'a>(s: &'a [u8], cutset: &[u8]) -> &'a [u8] {
    if s.is_empty() || cutset.is_empty() {
        return s;
    }
    let mut i = 0;
    while i < s.len() {
        let (r, w) = decode_rune(&s[i..]);
        if !in_cutset(cutset, r) {
            break;
        }
        i += w;
    }
    &s[i..]
}

/// `strings.TrimRight`: removes trailing runes contained in `cutset`.
pub fn trim_right<'a>(s: &'a [u8], cutset: &[u8]) -> &'a [u8] {
    if s.is_empty() || cutset.is_empty() {
        return s;
    }
    let mut end = s.len();
    while end > 0 {
        let (r, w) = decode_last_rune(&s[..end]);
        if !in_cutset(cutset, r) {
            break;
        }
        end -= w;
    }
    &s[..end]
}

/// `strings.Trim`.
pub fn trim<'a>(s: &'a [u8], cutset: &[u8]) -> &'a [u8] {
    trim_right(trim_left(s, cutset), cutset)
}

/// `strings.TrimSpace`: strips leading and trailing `unicode.IsSpace` runes.
pub fn trim_space(s: &[u8]) -> &[u8] {
    let mut i = 0;
    while i < s.len() {
        let (r, w) = decode_rune(&s[i..]);
        if !unicode::is_space(r) {
            break;
        }
        i += w;
    }
    let mut end = s.len();
    while end > i {
        let (r, w) = decode_last_rune(&s[i..end]);
        if !unicode::is_space(r) {
            break;
        }
        end -= w;
    }
    &s[i..end]
}

/// `strings.TrimPrefix`.
pub fn trim_prefix<'a>(s: &'a [u8], prefix: &[u8]) -> &'a [u8] {
    s.strip_prefix(prefix).unwrap_or(s)
}

/// `strings.TrimSuffix`.
pub fn trim_suffix<'a>(s: &'a [u8], suffix: &[u8]) -> &'a [u8] {
    s.strip_suffix(suffix).unwrap_or(s)
}

/// `strings.Cut`: `Some((before, after))` if `sep` occurs.
pub fn cut<'a>(s: &'a [u8], sep: &[u8]) -> Option<(&'a [u8], &'a [u8])> {
    find(s, sep).map(|i| (&s[..i], &s[i + sep.len()..]))
}

/// `strings.CutPrefix`.
pub fn cut_prefix<'a>(s: &'a [u8], prefix: &[u8]) -> Option<&'a [u8]> {
    s.strip_prefix(prefix)
}

/// `strings.CutSuffix`.
pub fn cut_suffix<'a>(s: &'a [u8], suffix: &[u8]) -> Option<&'a [u8]> {
    s.strip_suffix(suffix)
}

/// `strings.Compare`: -1, 0 or +1 by byte-wise comparison.
pub fn compare(a: &[u8], b: &[u8]) -> i64 {
    match a.cmp(b) {
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
    }
}

/// `strings.EqualFold`: equality under Unicode simple case folding.
pub fn equal_fold(s: &[u8], t: &[u8]) -> bool {
    let (mut i, mut j) = (0, 0);
    while i < s.len() && j < t.len() {
        let (sr, sw) = decode_rune(&s[i..]);
        let (tr, tw) = decode_rune(&t[j..]);
        i += sw;
        j += tw;
        if sr == tr {
            continue;
        }
        let (sr, tr) = if tr < sr { (tr, sr) } else { (sr, tr) };
        if tr < 0x80 {
            // ASCII only: sr < tr, so sr must be the lower... upper case of tr.
            if (b'A' as u32..=b'Z' as u32).contains(&sr) && tr == sr + 32 {
                continue;
            }
            return false;
        }
        // General case: walk the fold orbit of sr looking for tr.
        let mut r = unicode::simple_fold(sr);
        while r != sr && r < tr {
            r = unicode::simple_fold(r);
        }
        if r == tr {
            continue;
        }
        return false;
    }
    i == s.len() && j == t.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(parts: &[&str]) -> Vec<Vec<u8>> {
        parts.iter().map(|p| p.as_bytes().to_vec()).collect()
    }

    #[test]
    fn searching_matches_go() {
        assert_eq!(index(b"chicken", b"ken"), Some(4));
        assert_eq!(index(b"chicken", b"dmr"), None);
        assert_eq!(index(b"abc", b""), Some(0));
        assert_eq!(last_index(b"go gopher", b"go"), Some(3));
        assert_eq!(last_index(b"abc", b""), Some(3));
        assert_eq!(index_rune("chicken世".as_bytes(), '世' as i64), Some(7));
        assert_eq!(index_rune(b"a\xffb", 0xFFFD), Some(1));
        assert_eq!(index_rune(b"abc", 0xD800), None);
        assert_eq!(index_any(b"golang", b"ny"), Some(4));
        assert_eq!(last_index_any(b"go gopher", b"go"), Some(4));
        assert_eq!(count(b"cheese", b"e"), 3);
        assert_eq!(count("five世".as_bytes(), b""), 6);
        assert_eq!(count(b"aaaa", b"aa"), 2);
        assert!(contains_any(b"failure", b"ui") && !contains_any(b"", b""));
    }

    #[test]
    fn splitting_matches_go() {
        assert_eq!(split(b"a,b,c", b","), v(&["a", "b", "c"]));
        assert_eq!(split(b"", b","), v(&[""]));
        assert_eq!(
            split(b"a\xe4\xb8\x96\xffb", b""),
            vec![
                b"a".to_vec(),
                "世".as_bytes().to_vec(),
                vec![0xff],
                b"b".to_vec()
            ]
        );
        assert_eq!(split(b"", b""), v(&[]));
        assert_eq!(split_n(b"a,b,c,d", b",", 2), v(&["a", "b,c,d"]));
        assert_eq!(split_n(b"a,b", b",", 0), v(&[]));
        assert_eq!(split_n(b"abc", b"", 2), v(&["a", "bc"]));
        assert_eq!(split_after(b"a,b,c", b","), v(&["a,", "b,", "c"]));
        assert_eq!(fields(b"  foo bar\t baz\n "), v(&["foo", "bar", "baz"]));
        assert_eq!(fields("a\u{3000}b\u{85}c".as_bytes()), v(&["a", "b", "c"]));
        assert_eq!(fields(b"   "), v(&[]));
        assert_eq!(join(&v(&["a", "b", "c"]), b", "), b"a, b, c");
        assert_eq!(repeat(b"ab", 3).unwrap(), b"ababab");
        assert_eq!(repeat(b"ab", -1), Err("strings: negative Repeat count"));
        assert_eq!(cut(b"k=v=w", b"="), Some((&b"k"[..], &b"v=w"[..])));
    }

    #[test]
    fn replacing_and_case_match_go() {
        assert_eq!(
            replace(b"oink oink oink", b"k", b"ky", 2),
            b"oinky oinky oink"
        );
        assert_eq!(
            replace(b"oink oink oink", b"oink", b"moo", -1),
            b"moo moo moo"
        );
        assert_eq!(
            replace_all("a世b".as_bytes(), b"", b"-"),
            "-a-世-b-".as_bytes()
        );
        assert_eq!(replace(b"abc", b"", b"-", 2), b"-a-bc");
        assert_eq!(to_upper("straße é".as_bytes()), "STRAßE É".as_bytes());
        assert_eq!(to_lower(b"HeLLo"), b"hello");
        assert_eq!(to_upper(b"a\xffb"), "A\u{FFFD}B".as_bytes());
        assert_eq!(to_title("ǆx".as_bytes()), "ǅX".as_bytes());
        assert!(equal_fold(b"Go", b"GO"));
        assert!(equal_fold("σ".as_bytes(), "ς".as_bytes()));
        assert!(equal_fold("k".as_bytes(), "\u{212A}".as_bytes()));
        assert!(!equal_fold(b"ab", b"abc"));
        assert_eq!(compare(b"a", b"b"), -1);
    }

    #[test]
    fn trimming_matches_go() {
        assert_eq!(
            trim(b"\xc2\xa1\xc2\xa1Hello, Gophers!!!", "!¡".as_bytes()),
            b"Hello, Gophers"
        );
        assert_eq!(trim_left(b"xxhixx", b"x"), b"hixx");
        assert_eq!(trim_right(b"xxhixx", b"x"), b"xxhi");
        assert_eq!(trim(b"abc", b""), b"abc");
        assert_eq!(
            trim_space("\t\n hi there \u{3000}\u{85}".as_bytes()),
            b"hi there"
        );
        assert_eq!(trim_space(b" \xff "), b"\xff");
        assert_eq!(trim_prefix(b"prefix-x", b"prefix-"), b"x");
        assert_eq!(trim_suffix(b"x.go", b".go"), b"x");
        assert_eq!(trim(b"\xffa\xff", b"\xff"), b"a");
    }

    #[test]
    fn fuzz_never_panics() {
        use crate::stdlib::strconv::engine as strconv;
        let mut x: u64 = 0x2545F4914F6CDD1D;
        let mut rnd = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let alphabet: &[u8] = b"ab \t\"'`\\x0u7_.e+-\xc3\xa9\xff\xe4\xb8\x96";
        for _ in 0..20000 {
            let mut gen = |n: u64| -> Vec<u8> {
                let len = (rnd() % n) as usize;
                (0..len)
                    .map(|_| alphabet[(rnd() % alphabet.len() as u64) as usize])
                    .collect()
            };
            let (a, b, c) = (gen(10), gen(3), gen(3));
            let n = (a.len() % 7) as i64 - 2;
            let _ = (
                split_n(&a, &b, n),
                split_after(&a, &b),
                fields(&a),
                replace(&a, &b, &c, n),
            );
            let _ = (
                trim(&a, &b),
                trim_space(&a),
                to_upper(&a),
                to_lower(&a),
                equal_fold(&a, &b),
            );
            let _ = (
                index_any(&a, &b),
                last_index_any(&a, &b),
                count(&a, &b),
                cut(&a, &b),
            );
            let _ = (
                strconv::unquote(&a),
                strconv::parse_float(&a, 64),
                strconv::parse_int(&a, 0, 64),
            );
            let _ = (
                strconv::quote(&a),
                strconv::can_backquote(&a),
                strconv::unquote_char(&a, b'"'),
            );
        }
    }
}
