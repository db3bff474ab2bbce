//! Scanning and decoding of literals, identifiers and comments.
//!
//! Owns: the exact lexical rules of Go for numbers, runes, strings and
//! comments, ported from gc's scanner (`cmd/compile/internal/syntax/
//! scanner.go`) so the error texts and their positions match gc's: an error
//! about one character points at it, "has no digits"/"newline in string"
//! point just past what was read, "not terminated" points at the literal's
//! start.
//!
//! These functions are logos callbacks: logos has matched the first one or
//! two bytes, the callback scans the rest itself and `bump`s past it.

use logos::Lexer;

use crate::token::{LexError, NumLit, Token};

/// Which kind of number literal was scanned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumKind {
    Int,
    Float,
    Imag,
}

/// `U+0040 '@'` as Go's `%#U` prints it.
pub fn char_desc(c: char) -> String {
    if c.is_control() || c == '\u{FEFF}' {
        format!("U+{:04X}", c as u32)
    } else {
        format!("U+{:04X} '{c}'", c as u32)
    }
}

/// Checks one non-ASCII character of an identifier as gc does: gc takes
/// any of them into the identifier, complaining of those that are not
/// letters or digits (a BOM it drops with its own complaint).
fn ident_char(lex: &mut Lexer<Token>, at: usize, c: char, first: bool) {
    let msg = if c == '\u{FEFF}' {
        "invalid BOM in the middle of the file".to_string()
    } else if c.is_alphabetic() || c == '_' {
        return;
    } else if c.is_numeric() {
        if !first {
            return;
        }
        format!("identifier cannot begin with digit {}", char_desc(c))
    } else {
        format!("invalid character {} in identifier", char_desc(c))
    };
    lex.extras.errors.push(LexError::new(at, msg));
}

/// Continues an identifier: ASCII letters and digits, and any non-ASCII
/// character (see [`ident_char`]).
pub(crate) fn ident_tail(lex: &mut Lexer<Token>) -> Result<(), LexError> {
    let base = lex.span().end;
    let mut n = 0;
    let chars: Vec<char> = lex
        .remainder()
        .chars()
        .take_while(|&c| c.is_ascii_alphanumeric() || c == '_' || !c.is_ascii())
        .collect();
    for c in chars {
        if !c.is_ascii() {
            ident_char(lex, base + n, c, false);
        }
        n += c.len_utf8();
    }
    lex.bump(n);
    Ok(())
}

/// An identifier starting with a non-ASCII character (gc complains of one
/// that is not a letter but takes it as an identifier all the same), or a
/// BOM, which the semicolon layer drops.
pub(crate) fn ident_unicode(lex: &mut Lexer<Token>) -> Result<(), LexError> {
    let start = lex.span().start;
    let c = lex.slice().chars().next().unwrap_or('\0');
    ident_char(lex, start, c, true);
    if c == '\u{FEFF}' {
        return Ok(());
    }
    ident_tail(lex)
}

/// `/* ... */`; returns whether it contains a newline.
pub(crate) fn block_comment(lex: &mut Lexer<Token>) -> Result<bool, LexError> {
    let rest = lex.remainder();
    match rest.find("*/") {
        Some(i) => {
            lex.bump(i + 2);
            Ok(rest[..i].contains('\n'))
        }
        None => {
            // gc's comment runs to the end of the file.
            lex.extras
                .errors
                .push(LexError::new(lex.span().start, "comment not terminated"));
            let nl = rest.contains('\n');
            lex.bump(rest.len());
            Ok(nl)
        }
    }
}

fn base_name(base: u32) -> &'static str {
    match base {
        2 => "binary",
        8 => "octal",
        10 => "decimal",
        _ => "hexadecimal",
    }
}

/// Scans a number starting at the beginning of the current match.
pub(crate) fn number(lex: &mut Lexer<Token>) -> Result<NumLit, LexError> {
    let start = lex.span().start;
    let src = lex.source().as_bytes();
    let (kind, end, err) = scan_number(src, start);
    if let Some(e) = err {
        lex.extras.bad_literal(e);
    }
    lex.bump(end - lex.span().end);
    Ok(NumLit {
        kind,
        text: lex.source()[start..end].to_string(),
    })
}

fn lower(b: u8) -> u8 {
    b | 0x20
}

/// Scans digits of `base` (and `_`) from `*i`; returns bit 0 = a digit was
/// seen, bit 1 = a separator was seen. Records the first digit invalid for
/// `base` (only for bases <= 10, as gc does).
fn digits(src: &[u8], i: &mut usize, base: u32, invalid: &mut Option<usize>) -> u32 {
    let mut digsep = 0;
    if base <= 10 {
        let max = b'0' + base as u8;
        while *i < src.len() && (src[*i].is_ascii_digit() || src[*i] == b'_') {
            if src[*i] == b'_' {
                digsep |= 2;
            } else {
                if src[*i] >= max && invalid.is_none() {
                    *invalid = Some(*i);
                }
                digsep |= 1;
            }
            *i += 1;
        }
    } else {
        while *i < src.len() && (src[*i].is_ascii_hexdigit() || src[*i] == b'_') {
            digsep |= if src[*i] == b'_' { 2 } else { 1 };
            *i += 1;
        }
    }
    digsep
}

/// gc's `number`: returns the kind, the end offset, and gc's error if the
/// literal is malformed (only the first: gc stops checking a literal at
/// its first error, but scans all of it).
fn scan_number(src: &[u8], start: usize) -> (NumKind, usize, Option<LexError>) {
    let at = |i: usize| src.get(i).copied().unwrap_or(0);
    let mut err: Option<LexError> = None;
    let mut fail = |e: LexError| {
        if err.is_none() {
            err = Some(e);
        }
    };
    let mut i = start;
    let mut kind = NumKind::Int;
    let mut base = 10;
    let mut prefix = 0u8;
    let mut digsep = 0;
    let mut invalid = None;
    let mut seen_point = at(i) == b'.';
    if seen_point {
        i += 1;
    } else {
        if at(i) == b'0' {
            i += 1;
            match lower(at(i)) {
                b'x' => {
                    i += 1;
                    base = 16;
                    prefix = b'x';
                }
                b'o' => {
                    i += 1;
                    base = 8;
                    prefix = b'o';
                }
                b'b' => {
                    i += 1;
                    base = 2;
                    prefix = b'b';
                }
                _ => {
                    base = 8;
                    prefix = b'0';
                    digsep = 1; // the leading 0 is a digit
                }
            }
        }
        digsep |= digits(src, &mut i, base, &mut invalid);
        if at(i) == b'.' {
            if prefix == b'o' || prefix == b'b' {
                fail(LexError::new(
                    i,
                    format!("invalid radix point in {} literal", base_name(base)),
                ));
            }
            i += 1;
            seen_point = true;
        }
    }
    if seen_point {
        kind = NumKind::Float;
        // The fraction of a 0-prefixed float is decimal (`09.5` is valid);
        // gc keeps scanning with the octal base but then ignores `invalid`.
        digsep |= digits(src, &mut i, base, &mut invalid);
    }
    if digsep & 1 == 0 {
        fail(LexError::new(
            i,
            format!("{} literal has no digits", base_name(base)),
        ));
    }
    let e = lower(at(i));
    if e == b'e' || e == b'p' {
        if e == b'e' && prefix != 0 && prefix != b'0' {
            fail(LexError::new(
                i,
                format!("'{}' exponent requires decimal mantissa", at(i) as char),
            ));
        }
        if e == b'p' && prefix != b'x' {
            fail(LexError::new(
                i,
                format!("'{}' exponent requires hexadecimal mantissa", at(i) as char),
            ));
        }
        i += 1;
        kind = NumKind::Float;
        if at(i) == b'+' || at(i) == b'-' {
            i += 1;
        }
        let mut none = None;
        let ds = digits(src, &mut i, 10, &mut none);
        digsep = ds | (digsep & 2);
        if ds & 1 == 0 {
            fail(LexError::new(i, "exponent has no digits"));
        }
    } else if prefix == b'x' && kind == NumKind::Float {
        fail(LexError::new(
            i,
            "hexadecimal mantissa requires a 'p' exponent",
        ));
    }
    if at(i) == b'i' {
        kind = NumKind::Imag;
        i += 1;
    }
    if kind == NumKind::Int {
        if let Some(bad) = invalid {
            fail(LexError::new(
                bad,
                format!(
                    "invalid digit '{}' in {} literal",
                    src[bad] as char,
                    base_name(base)
                ),
            ));
        }
    }
    if digsep & 2 != 0 {
        if let Some(j) = invalid_sep(&src[start..i]) {
            fail(LexError::new(
                start + j,
                "'_' must separate successive digits",
            ));
        }
    }
    (kind, i, err)
}

/// gc's `invalidSep`: the index of the first misplaced `_`, if any.
fn invalid_sep(x: &[u8]) -> Option<usize> {
    let mut x1 = b' ';
    let mut d = b'.';
    let mut i = 0;
    if x.len() >= 2 && x[0] == b'0' {
        x1 = lower(x[1]);
        if x1 == b'x' || x1 == b'o' || x1 == b'b' {
            d = b'0';
            i = 2;
        }
    }
    while i < x.len() {
        let p = d;
        d = x[i];
        if d == b'_' {
            if p != b'0' {
                return Some(i);
            }
        } else if d.is_ascii_digit() || (x1 == b'x' && d.is_ascii_hexdigit()) {
            d = b'0';
        } else {
            if p == b'_' {
                return Some(i - 1);
            }
            d = b'.';
        }
        i += 1;
    }
    if d == b'_' {
        return Some(x.len() - 1);
    }
    None
}

/// What one escape sequence denotes.
enum Escaped {
    /// A code point, stored as UTF-8 (`\n`, `\u00e9`).
    Char(u32),
    /// A single byte (`\xff`, `\377`).
    Byte(u8),
}

/// Decodes the escape after a backslash; `*i` is just past the backslash.
/// `quote` is the literal's delimiter (the only quote escape it accepts).
/// `Ok(None)` means the input ended: the caller reports "not terminated".
fn escape(src: &str, i: &mut usize, quote: u8) -> Result<Option<Escaped>, LexError> {
    let b = src.as_bytes();
    let Some(&c) = b.get(*i) else {
        return Ok(None);
    };
    let simple = match c {
        b'a' => Some(7),
        b'b' => Some(8),
        b'f' => Some(12),
        b'n' => Some(10),
        b'r' => Some(13),
        b't' => Some(9),
        b'v' => Some(11),
        b'\\' => Some(b'\\' as u32),
        _ if c == quote => Some(c as u32),
        _ => None,
    };
    if let Some(v) = simple {
        *i += 1;
        return Ok(Some(Escaped::Char(v)));
    }
    let (n, base, max): (usize, u32, u32) = match c {
        b'0'..=b'7' => (3, 8, 255),
        b'x' => {
            *i += 1;
            (2, 16, 255)
        }
        b'u' => {
            *i += 1;
            (4, 16, 0x10FFFF)
        }
        b'U' => {
            *i += 1;
            (8, 16, 0x10FFFF)
        }
        _ => return Err(LexError::new(*i, "unknown escape")),
    };
    let mut x: u32 = 0;
    for _ in 0..n {
        let Some(ch) = src[*i..].chars().next() else {
            return Ok(None);
        };
        let d = match ch {
            '0'..='9' => ch as u32 - '0' as u32,
            'a'..='f' => ch as u32 - 'a' as u32 + 10,
            'A'..='F' => ch as u32 - 'A' as u32 + 10,
            _ => base,
        };
        if d >= base {
            let shown = match ch {
                '\n' => "'\\n'".to_string(),
                '\'' => "'\\''".to_string(),
                '\\' => "'\\\\'".to_string(),
                c if c.is_control() => format!("'\\x{:02x}'", c as u32),
                c => format!("'{c}'"),
            };
            return Err(LexError::new(
                *i,
                format!("invalid character {shown} in {} escape", base_name(base)),
            ));
        }
        // Cannot overflow: at most 8 hex digits.
        x = x.wrapping_mul(base).wrapping_add(d);
        *i += 1;
    }
    if x > max && base == 8 {
        return Err(LexError::new(*i, format!("octal escape value {x} > 255")));
    }
    if base != 8 && c == b'x' {
        return Ok(Some(Escaped::Byte(x as u8)));
    }
    if base == 8 {
        return Ok(Some(Escaped::Byte(x as u8)));
    }
    if x > max || (0xD800..0xE000).contains(&x) {
        return Err(LexError::new(
            *i,
            format!("escape is invalid Unicode code point U+{x:04X}"),
        ));
    }
    Ok(Some(Escaped::Char(x)))
}

fn push_char(out: &mut Vec<u8>, cp: u32) {
    let c = char::from_u32(cp).unwrap_or('\u{FFFD}');
    let mut buf = [0u8; 4];
    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
}

/// `"..."`, decoded to bytes. Like gc, an error does not end the literal:
/// a bad escape is reported and scanning goes on after it; a newline or
/// the end of the file ends it, unterminated.
pub(crate) fn interpreted_string(lex: &mut Lexer<Token>) -> Result<Vec<u8>, LexError> {
    let start = lex.span().start;
    let src = lex.source();
    let b = src.as_bytes();
    let mut i = start + 1;
    let mut out = Vec::new();
    let mut errs = Vec::new();
    loop {
        match b.get(i) {
            None => {
                errs.push(LexError::new(start, "string not terminated"));
                break;
            }
            Some(b'"') => {
                i += 1;
                break;
            }
            Some(b'\n') => {
                errs.push(LexError::new(i, "newline in string"));
                break;
            }
            Some(b'\\') => {
                i += 1;
                match escape(src, &mut i, b'"') {
                    // The end of the file: the next round says so.
                    Ok(None) => {}
                    Ok(Some(Escaped::Char(c))) => push_char(&mut out, c),
                    Ok(Some(Escaped::Byte(x))) => out.push(x),
                    Err(e) => errs.push(e),
                }
            }
            Some(&c) => {
                out.push(c);
                i += 1;
            }
        }
    }
    for e in errs {
        lex.extras.bad_literal(e);
    }
    lex.bump(i - lex.span().end);
    Ok(out)
}

/// `` `...` ``, with carriage returns removed (Go spec); unterminated, it
/// runs to the end of the file.
pub(crate) fn raw_string(lex: &mut Lexer<Token>) -> Result<Vec<u8>, LexError> {
    let start = lex.span().start;
    let (n, skip) = match lex.remainder().find('`') {
        Some(n) => (n, 1),
        None => {
            lex.extras
                .bad_literal(LexError::new(start, "string not terminated"));
            (lex.remainder().len(), 0)
        }
    };
    let out = lex.remainder()[..n]
        .bytes()
        .filter(|&c| c != b'\r')
        .collect();
    lex.bump(n + skip);
    Ok(out)
}

/// `'x'`, decoded to its code point (or byte value for `\x`/octal escapes).
/// Like gc, it reports only its first error, and scans on to the closing
/// quote, a newline or the end of the file.
pub(crate) fn rune(lex: &mut Lexer<Token>) -> Result<u32, LexError> {
    let start = lex.span().start;
    let src = lex.source();
    let mut i = start + 1;
    let mut n = 0;
    let mut value = 0;
    let mut err: Option<LexError> = None;
    let mut escapes = Vec::new();
    let mut ok = true;
    loop {
        let Some(c) = src[i..].chars().next() else {
            if ok && err.is_none() {
                err = Some(LexError::new(start, "rune literal not terminated"));
            }
            break;
        };
        match c {
            '\'' => {
                if ok && err.is_none() {
                    if n == 0 {
                        err = Some(LexError::new(i, "empty rune literal or unescaped '"));
                    } else if n != 1 {
                        err = Some(LexError::new(
                            start,
                            "more than one character in rune literal",
                        ));
                    }
                }
                i += 1;
                break;
            }
            '\n' => {
                if ok && err.is_none() {
                    err = Some(LexError::new(i, "newline in rune literal"));
                }
                break;
            }
            '\\' => {
                i += 1;
                match escape(src, &mut i, b'\'') {
                    Ok(None) => {}
                    Ok(Some(Escaped::Char(c))) => value = c,
                    Ok(Some(Escaped::Byte(x))) => value = x as u32,
                    // gc reports every bad escape, then nothing more.
                    Err(e) => {
                        escapes.push(e);
                        ok = false;
                    }
                }
            }
            c => {
                value = c as u32;
                i += c.len_utf8();
            }
        }
        n += 1;
    }
    for e in escapes.into_iter().chain(err) {
        lex.extras.bad_literal(e);
    }
    lex.bump(i - lex.span().end);
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(s: &str) -> Result<(NumKind, usize), LexError> {
        match scan_number(s.as_bytes(), 0) {
            (k, end, None) => Ok((k, end)),
            (_, _, Some(e)) => Err(e),
        }
    }

    #[test]
    fn numbers() {
        assert_eq!(num("123").unwrap(), (NumKind::Int, 3));
        assert_eq!(num("0x1F").unwrap(), (NumKind::Int, 4));
        assert_eq!(num("0o17").unwrap(), (NumKind::Int, 4));
        assert_eq!(num("017").unwrap(), (NumKind::Int, 3));
        assert_eq!(num("0b101").unwrap(), (NumKind::Int, 5));
        assert_eq!(num("1_000_000").unwrap(), (NumKind::Int, 9));
        assert_eq!(num("1.5").unwrap(), (NumKind::Float, 3));
        assert_eq!(num(".5").unwrap(), (NumKind::Float, 2));
        assert_eq!(num("1.").unwrap(), (NumKind::Float, 2));
        assert_eq!(num("1e9").unwrap(), (NumKind::Float, 3));
        assert_eq!(num("1E-9").unwrap(), (NumKind::Float, 4));
        assert_eq!(num("0x1p-2").unwrap(), (NumKind::Float, 6));
        assert_eq!(num("09.5").unwrap(), (NumKind::Float, 4));
        assert_eq!(num("2i").unwrap(), (NumKind::Imag, 2));
        assert_eq!(num("12+").unwrap(), (NumKind::Int, 2));
    }

    #[test]
    fn number_errors() {
        let e = |s: &str| num(s).unwrap_err();
        assert_eq!(
            e("09"),
            LexError::new(1, "invalid digit '9' in octal literal")
        );
        assert_eq!(
            e("0x"),
            LexError::new(2, "hexadecimal literal has no digits")
        );
        assert_eq!(e("1e"), LexError::new(2, "exponent has no digits"));
        assert_eq!(
            e("1_"),
            LexError::new(1, "'_' must separate successive digits")
        );
        assert_eq!(
            e("0b12"),
            LexError::new(3, "invalid digit '2' in binary literal")
        );
        assert_eq!(
            e("0x1.5"),
            LexError::new(5, "hexadecimal mantissa requires a 'p' exponent")
        );
    }

    #[test]
    fn char_descriptions() {
        assert_eq!(char_desc('@'), "U+0040 '@'");
        assert_eq!(char_desc('\u{7}'), "U+0007");
    }
}
