//! `fmt.Scan` family: reading space-separated values into pointers, from
//! standard input or a string.
//!
//! Go's `Fscan` reads rune by rune; standard input here is the process's
//! (shared with `os.Stdin` reads, through std's buffered stdin, so the two
//! interleave consistently). Supported targets: pointers to integers,
//! floats, strings and bools (Go also scans complex numbers; minigo does
//! not). Operands with a `Scan` method (`fmt.Scanner`) are handled by
//! `fmt.go` for `Sscan`, `Sscanln` and `Sscanf`, which scans the other
//! operands here one at a time (hence the count of bytes read).

use std::io::BufRead;

use crate::heap::{self, Word};
use crate::interp::natives::{NativeCtx, NativeFn};
use crate::interp::panic::Trap;
use crate::rtype::Kind;

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "fmt.sysScan" => sys_scan,
        _ => return None,
    })
}

/// A source of bytes with one byte of look-ahead.
trait Src {
    fn peek(&mut self) -> Option<u8>;
    fn next(&mut self) -> Option<u8>;
}

struct StrSrc<'a> {
    s: &'a [u8],
    i: usize,
}

impl Src for StrSrc<'_> {
    fn peek(&mut self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn next(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.i += 1;
        Some(b)
    }
}

struct StdinSrc<'a>(std::io::StdinLock<'a>);

impl Src for StdinSrc<'_> {
    fn peek(&mut self) -> Option<u8> {
        self.0.fill_buf().ok().and_then(|b| b.first().copied())
    }
    fn next(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.0.consume(1);
        Some(b)
    }
}

fn sys_scan(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let from_stdin = cx.int(0) < 0;
    let text = cx.str(1);
    let line = cx.bool(2);
    let format = cx.str(3);
    let targets: Vec<Word> = cx.elems(4).iter().map(heap::load).collect();
    let prog = cx.prog;
    let (n, msg, used) = if from_stdin {
        crate::interp::natives::flush_stdout();
        let stdin = std::io::stdin();
        let mut src = StdinSrc(stdin.lock());
        let (n, msg) = scan(prog, &mut src, line, format, &targets, true);
        (n, msg, 0)
    } else {
        let mut src = StrSrc { s: text, i: 0 };
        let (n, msg) = scan(prog, &mut src, line, format, &targets, false);
        (n, msg, src.i)
    };
    cx.ret_int(0, n as i64)?;
    cx.ret_str(1, msg.as_bytes())?;
    // How many bytes of the string were read (for the Go side's Scanner
    // path, which scans other operands one at a time).
    cx.ret_int(2, used as i64)
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)
}

/// Reads one space-delimited token (for a Scanf verb, only the bytes that
/// verb accepts: `%d` stops at the `-` of `10-20`); an error at end of
/// input, or at a newline when `line` is set.
fn token(src: &mut dyn Src, line: bool, verb: u8) -> Result<Vec<u8>, &'static str> {
    loop {
        match src.peek() {
            None => return Err("EOF"),
            Some(b'\n') if line => return Err("unexpected newline"),
            Some(b) if is_space(b) => {
                src.next();
            }
            Some(_) => break,
        }
    }
    let mut t: Vec<u8> = Vec::new();
    while let Some(b) = src.peek() {
        let ok = match verb {
            b'd' => b.is_ascii_digit() || (t.is_empty() && (b == b'-' || b == b'+')),
            b'x' | b'X' => b.is_ascii_hexdigit(),
            b'f' | b'g' | b'e' => {
                b.is_ascii_digit()
                    || b == b'.'
                    || b == b'e'
                    || b == b'E'
                    || ((b == b'-' || b == b'+')
                        && (t.is_empty() || matches!(t.last(), Some(b'e' | b'E'))))
            }
            _ => !is_space(b),
        };
        if !ok || is_space(b) {
            break;
        }
        t.push(b);
        src.next();
    }
    Ok(t)
}

fn scan(
    prog: &crate::interp::Program,
    src: &mut dyn Src,
    line: bool,
    format: &[u8],
    targets: &[Word],
    stdin: bool,
) -> (usize, String) {
    let mut n = 0;
    let mut fmt_i = 0;
    for &t in targets {
        // Scanf: literal text before the next verb must match the input.
        while fmt_i < format.len() && format[fmt_i] != b'%' {
            let f = format[fmt_i];
            fmt_i += 1;
            if is_space(f) {
                // Spaces in the format match any run of input spaces.
                while src
                    .peek()
                    .is_some_and(|b| b == b' ' || b == b'\t' || b == b'\r')
                {
                    src.next();
                }
                continue;
            }
            while src.peek().is_some_and(|b| b == b' ' || b == b'\t') {
                src.next();
            }
            if src.next() != Some(f) {
                return (n, "input does not match format".into());
            }
        }
        let mut verb = b'v';
        if fmt_i < format.len() {
            // The verb (%d, %s, %v, %5d ...).
            fmt_i += 1;
            while fmt_i < format.len() && !format[fmt_i].is_ascii_alphabetic() {
                fmt_i += 1;
            }
            verb = format.get(fmt_i).copied().unwrap_or(b'v');
            fmt_i += 1;
        }
        // %c takes the next rune, spaces included.
        if verb == b'c' {
            let Some(b0) = src.next() else {
                return (n, "EOF".into());
            };
            let mut bytes = vec![b0];
            let width = match b0 {
                0xF0..=0xF7 => 4,
                0xE0..=0xEF => 3,
                0xC0..=0xDF => 2,
                _ => 1,
            };
            while bytes.len() < width {
                match src.next() {
                    Some(b) => bytes.push(b),
                    None => break,
                }
            }
            let r = crate::stdlib::unicode::utf8::engine::decode_rune(&bytes).0;
            if let Err(e) = store_int(prog, t, r as u64) {
                return (n, e);
            }
            n += 1;
            continue;
        }
        // Running out of input is io.EOF for every Scan flavour (Go).
        let tok = match token(src, line, verb) {
            Ok(t) => t,
            Err(e) => return (n, e.into()),
        };
        let radix = match verb {
            b'x' | b'X' => 16,
            b'o' => 8,
            b'b' => 2,
            _ => 0,
        };
        if let Err(e) = store(prog, t, &tok, radix) {
            return (n, e);
        }
        n += 1;
    }
    // Scanln consumes the rest of the line (Go requires it to be empty).
    if line {
        while let Some(b) = src.peek() {
            if b == b'\n' {
                src.next();
                break;
            }
            if !is_space(b) {
                return (n, "expected newline".into());
            }
            src.next();
        }
    } else if stdin {
        // Go's Scan reading os.Stdin consumes the delimiter after the last
        // value (it cannot unread it).
        if src.peek().is_some_and(is_space) {
            src.next();
        }
    }
    (n, String::new())
}

/// Parses `tok` into the variable the `any`-wrapped pointer `t` points to.
/// Stores a rune (for `%c`) into an integer target.
fn store_int(prog: &crate::interp::Program, t: Word, v: u64) -> Result<(), String> {
    let Some(i) = heap::iface(t) else {
        return Err("can't scan type: <nil>".into());
    };
    let pt = prog.rtype(i.rtype);
    let et = prog.rtype(pt.elem);
    if pt.kind != Kind::Pointer
        || i.data == 0
        || !(et.kind.is_signed_int() || et.kind.is_unsigned_int())
    {
        return Err(format!("can't scan type: {}", pt.name));
    }
    heap::ptr_store(i.data, normalize(v, et.kind));
    Ok(())
}

fn store(prog: &crate::interp::Program, t: Word, tok: &[u8], radix: i64) -> Result<(), String> {
    let Some(i) = heap::iface(t) else {
        return Err("can't scan type: <nil>".into());
    };
    let pt = prog.rtype(i.rtype);
    if pt.kind != Kind::Pointer || i.data == 0 {
        return Err(format!("can't scan type: {}", pt.name));
    }
    let et = prog.rtype(pt.elem);
    let s = String::from_utf8_lossy(tok);
    let w: Word = match et.kind {
        Kind::String => heap::new_str(tok),
        Kind::Bool => match s.as_ref() {
            "true" | "TRUE" | "True" | "t" | "T" | "1" => 1,
            "false" | "FALSE" | "False" | "f" | "F" | "0" => 0,
            _ => return Err("syntax error scanning boolean".into()),
        },
        k if k.is_signed_int() => {
            let (v, err) = crate::stdlib::strconv::engine::parse_int(tok, radix, 64);
            if err.is_some() {
                return Err("expected integer".into());
            }
            v as u64
        }
        k if k.is_unsigned_int() => {
            let (v, err) = crate::stdlib::strconv::engine::parse_uint(tok, radix, 64);
            if err.is_some() {
                return Err("expected integer".into());
            }
            v
        }
        Kind::Float32 | Kind::Float64 => {
            let (v, err) = crate::stdlib::strconv::engine::parse_float(tok, 64);
            if err.is_some() {
                return Err(format!("strconv.ParseFloat: parsing {s:?}: invalid syntax"));
            }
            if et.kind == Kind::Float32 {
                (v as f32 as f64).to_bits()
            } else {
                v.to_bits()
            }
        }
        _ => return Err(format!("can't scan type: {}", pt.name)),
    };
    heap::ptr_store(i.data, normalize(w, et.kind));
    Ok(())
}

/// Wraps an integer to its Go type's width.
fn normalize(w: Word, k: Kind) -> Word {
    match k {
        Kind::Int8 => w as i8 as i64 as u64,
        Kind::Int16 => w as i16 as i64 as u64,
        Kind::Int32 => w as i32 as i64 as u64,
        Kind::Uint8 => w as u8 as u64,
        Kind::Uint16 => w as u16 as u64,
        Kind::Uint32 => w as u32 as u64,
        _ => w,
    }
}
