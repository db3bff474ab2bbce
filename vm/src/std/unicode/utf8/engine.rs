//! Go's `unicode/utf8` over byte strings.
//!
//! Go strings are arbitrary bytes. Decoding follows Go exactly: any invalid
//! encoding (bad lead byte, truncated sequence, overlong form, surrogate half,
//! or a value above U+10FFFF) decodes as `(RUNE_ERROR, 1)`, so iteration always
//! advances by at least one byte. `for range` over a string in the interpreter
//! must use [`decode_rune`] so that it agrees with these functions.

/// U+FFFD, returned for invalid encodings.
pub const RUNE_ERROR: u32 = 0xFFFD;
/// Largest valid code point.
pub const MAX_RUNE: u32 = 0x10FFFF;
/// Bytes below this value are single-byte runes.
pub const RUNE_SELF: u8 = 0x80;
/// Maximum number of bytes of a UTF-8 encoded rune.
pub const UTF_MAX: usize = 4;

/// Reports whether `r` is a code point that can be encoded (in range and not a
/// surrogate half). Takes `i64` so that Go's negative runes are rejected too.
pub fn valid_rune(r: i64) -> bool {
    (0..0xD800).contains(&r) || (0xE000..=MAX_RUNE as i64).contains(&r)
}

/// Decodes the first rune of `s`: `(rune, width)`. Returns `(RUNE_ERROR, 0)`
/// for an empty input and `(RUNE_ERROR, 1)` for an invalid encoding.
pub fn decode_rune(s: &[u8]) -> (u32, usize) {
    let Some(&b0) = s.first() else {
        return (RUNE_ERROR, 0);
    };
    if b0 < 0x80 {
        return (b0 as u32, 1);
    }
    // Determine length and the accepted range of the second byte, which is
    // how UTF-8 rules out overlong forms, surrogates and values > U+10FFFF.
    let (len, lo, hi) = match b0 {
        0xC2..=0xDF => (2, 0x80, 0xBF),
        0xE0 => (3, 0xA0, 0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80, 0xBF),
        0xED => (3, 0x80, 0x9F),
        0xF0 => (4, 0x90, 0xBF),
        0xF1..=0xF3 => (4, 0x80, 0xBF),
        0xF4 => (4, 0x80, 0x8F),
        _ => return (RUNE_ERROR, 1),
    };
    if s.len() < len {
        return (RUNE_ERROR, 1);
    }
    let b1 = s[1];
    if b1 < lo || b1 > hi {
        return (RUNE_ERROR, 1);
    }
    match len {
        2 => (((b0 & 0x1F) as u32) << 6 | (b1 & 0x3F) as u32, 2),
        3 => {
            let b2 = s[2];
            if !(0x80..=0xBF).contains(&b2) {
                return (RUNE_ERROR, 1);
            }
            (
                ((b0 & 0x0F) as u32) << 12 | ((b1 & 0x3F) as u32) << 6 | (b2 & 0x3F) as u32,
                3,
            )
        }
        _ => {
            let (b2, b3) = (s[2], s[3]);
            if !(0x80..=0xBF).contains(&b2) || !(0x80..=0xBF).contains(&b3) {
                return (RUNE_ERROR, 1);
            }
            (
                ((b0 & 0x07) as u32) << 18
                    | ((b1 & 0x3F) as u32) << 12
                    | ((b2 & 0x3F) as u32) << 6
                    | (b3 & 0x3F) as u32,
                4,
            )
        }
    }
}

/// Decodes the last rune of `s`, like Go's `utf8.DecodeLastRune`.
pub fn decode_last_rune(s: &[u8]) -> (u32, usize) {
    let end = s.len();
    if end == 0 {
        return (RUNE_ERROR, 0);
    }
    if s[end - 1] < 0x80 {
        return (s[end - 1] as u32, 1);
    }
    // Walk back over at most UTF_MAX bytes to a byte that can start a rune.
    let lim = end.saturating_sub(UTF_MAX);
    let mut start = end - 1;
    while start > lim {
        start -= 1;
        if !is_continuation(s[start]) {
            break;
        }
    }
    let (r, size) = decode_rune(&s[start..end]);
    if start + size != end {
        return (RUNE_ERROR, 1);
    }
    (r, size)
}

fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// Number of bytes needed to encode `r`, or `None` (Go: -1) if it is not a
/// valid rune.
pub fn rune_len(r: i64) -> Option<usize> {
    if r < 0 {
        None
    } else if r < 0x80 {
        Some(1)
    } else if r < 0x800 {
        Some(2)
    } else if (0xD800..=0xDFFF).contains(&r) {
        None
    } else if r < 0x10000 {
        Some(3)
    } else if r <= MAX_RUNE as i64 {
        Some(4)
    } else {
        None
    }
}

/// Appends the UTF-8 encoding of `r` to `out`; invalid runes (surrogates,
/// out of range, negative) encode as U+FFFD, as in Go. Returns bytes written.
pub fn encode_rune(out: &mut Vec<u8>, r: i64) -> usize {
    let c = if valid_rune(r) {
        // valid_rune guarantees this is a Unicode scalar value.
        char::from_u32(r as u32).unwrap_or('\u{FFFD}')
    } else {
        '\u{FFFD}'
    };
    let mut buf = [0u8; 4];
    let enc = c.encode_utf8(&mut buf);
    out.extend_from_slice(enc.as_bytes());
    enc.len()
}

/// Number of runes in `s`, counting each invalid byte as one rune.
pub fn rune_count(s: &[u8]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < s.len() {
        if s[i] < 0x80 {
            i += 1;
        } else {
            i += decode_rune(&s[i..]).1;
        }
        n += 1;
    }
    n
}

/// Reports whether `s` is entirely valid UTF-8 (Go's `utf8.ValidString`).
pub fn valid_string(s: &[u8]) -> bool {
    // Go's notion of validity equals Rust's (no surrogates, no overlongs).
    std::str::from_utf8(s).is_ok()
}

/// Reports whether `s` begins with a full encoding of a rune (an invalid
/// encoding counts as full because it decodes as an error rune of width 1).
pub fn full_rune(s: &[u8]) -> bool {
    let Some(&b0) = s.first() else {
        return false;
    };
    let (r, w) = decode_rune(s);
    if !(r == RUNE_ERROR && w == 1) {
        return true;
    }
    // Invalid or truncated: truncated only if what is there is a valid prefix.
    let need = match b0 {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return true,
    };
    if s.len() >= need {
        return true;
    }
    // Check that the bytes present are a valid prefix; if not, it is an error
    // rune of width 1 and therefore "full".
    let (lo, hi) = match b0 {
        0xE0 => (0xA0, 0xBF),
        0xED => (0x80, 0x9F),
        0xF0 => (0x90, 0xBF),
        0xF4 => (0x80, 0x8F),
        _ => (0x80, 0xBF),
    };
    if s.len() > 1 && (s[1] < lo || s[1] > hi) {
        return true;
    }
    if s.len() > 2 && !is_continuation(s[2]) {
        return true;
    }
    false
}

/// Iterator over `(byte offset, rune, width)` of a Go string, exactly as a
/// Go `for i, r := range s` loop visits it.
pub struct Runes<'a> {
    s: &'a [u8],
    i: usize,
}

impl Iterator for Runes<'_> {
    type Item = (usize, u32, usize);
    fn next(&mut self) -> Option<Self::Item> {
        if self.i >= self.s.len() {
            return None;
        }
        let (r, w) = decode_rune(&self.s[self.i..]);
        let at = self.i;
        self.i += w;
        Some((at, r, w))
    }
}

/// Iterates the runes of `s` the way Go's `for range` does.
pub fn runes(s: &[u8]) -> Runes<'_> {
    Runes { s, i: 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_matches_go() {
        assert_eq!(decode_rune(b""), (RUNE_ERROR, 0));
        assert_eq!(decode_rune(b"a"), ('a' as u32, 1));
        assert_eq!(decode_rune("é".as_bytes()), (0xE9, 2));
        assert_eq!(decode_rune("世".as_bytes()), (0x4E16, 3));
        assert_eq!(decode_rune("😀".as_bytes()), (0x1F600, 4));
        assert_eq!(decode_rune(b"\xff"), (RUNE_ERROR, 1));
        assert_eq!(decode_rune(b"\xc0\x80"), (RUNE_ERROR, 1)); // overlong
        assert_eq!(decode_rune(b"\xed\xa0\x80"), (RUNE_ERROR, 1)); // surrogate
        assert_eq!(decode_rune(b"\xf4\x90\x80\x80"), (RUNE_ERROR, 1)); // > max
        assert_eq!(decode_rune(b"\xe4\xb8"), (RUNE_ERROR, 1)); // truncated
        assert_eq!(decode_last_rune("a世".as_bytes()), (0x4E16, 3));
        assert_eq!(decode_last_rune(b"a\xb8"), (RUNE_ERROR, 1));
        assert_eq!(decode_last_rune(b""), (RUNE_ERROR, 0));
    }

    #[test]
    fn counts_and_encoding() {
        // Go: utf8.RuneCountInString("a\xffé世") == 4
        assert_eq!(rune_count(b"a\xff\xc3\xa9\xe4\xb8\x96"), 4);
        assert!(valid_string("héllo".as_bytes()));
        assert!(!valid_string(b"\xed\xa0\x80"));
        let mut v = Vec::new();
        encode_rune(&mut v, 0xD800);
        encode_rune(&mut v, -1);
        encode_rune(&mut v, 0x4E16);
        assert_eq!(v, "\u{FFFD}\u{FFFD}世".as_bytes());
        assert_eq!(rune_len(0xD800), None);
        assert_eq!(rune_len(0x10FFFF), Some(4));
        assert!(!full_rune(b"\xe4\xb8"));
        assert!(full_rune(b"\xe4a"));
        assert!(full_rune(b"\xff"));
        let v: Vec<_> = runes(b"a\xffb").collect();
        assert_eq!(v, vec![(0, 97, 1), (1, RUNE_ERROR, 1), (2, 98, 1)]);
    }
}
