//! Go's `fmt` printing engine (`Sprintf`, `Sprint`, `Sprintln`) over an
//! owned value tree.
//!
//! The interpreter converts each operand into a [`FmtArg`]: the Go type
//! string (exactly what `%T` prints) plus a [`FmtVal`] describing the value's
//! kind and contents, recursively for composite values. The engine then
//! reproduces Go's output byte for byte, including error forms such as
//! `%!d(string=hi)`, `%!d(MISSING)`, `%!(EXTRA int=3)`, `%!(NOVERB)`,
//! `%!(BADWIDTH)`, `%!(BADPREC)` and `%!d(BADINDEX)`.
//!
//! # Methods (`Error()` / `String()`)
//!
//! Go calls a value's `Error()` or `String()` method (errors first) when the
//! verb is one of `v s q x X` and the directive is not `%#v`; this applies to
//! nested values too (struct fields, elements, map keys and values, as long
//! as they are reachable as exported data). The engine cannot call methods,
//! so the caller does it while building the tree and wraps the value in
//! [`FmtVal::Methods`] carrying the method's result text and the plain value.
//! The engine uses the text only where Go would have called the method and
//! the plain value otherwise (other verbs, `%#v`, and inside `%!verb(...)`
//! error output). [`ArgSource::arg`] receives the verb and `#` flag so a lazy
//! caller can skip calling methods when they would not be used: it should
//! call them exactly when `verb` is one of `v s q x X` and not
//! (`verb == 'v' && sharp`). A `Format` method's output
//! comes as [`FmtVal::Formatted`] and is printed as is for every verb
//! (the caller calls it for every verb but `T` and `p`, with the
//! [`FmtState`] `arg` receives); panics inside methods are the caller's
//! business.
//!
//! # Representation notes
//!
//! * Byte slices and arrays (element kind `uint8`, elements without methods)
//!   must use [`FmtVal::Bytes`] so `%s %q %x %X` treat them as strings; an
//!   unnamed `[]byte` operand (type string `"[]uint8"`) additionally gets
//!   Go's top-level `[]byte` treatment (`%#v` prints `[]byte{0x68, 0x69}`).
//! * A non-nil interface value is represented by its dynamic value (with the
//!   dynamic type string). A nil interface is [`FmtVal::Nil`]: as an operand
//!   its type string is irrelevant (Go prints `<nil>` / `%!d(<nil>)`); nested
//!   (e.g. a struct field of type `error`) its type string should be the
//!   static interface type, which `%#v` prints as `error(nil)`.
//! * Map entries may be given in any order: they are sorted like Go's
//!   `internal/fmtsort`. Keys of different dynamic types in an
//!   interface-keyed map are ordered by type string (Go orders them by an
//!   internal address, which is not reproducible).

use crate::stdlib::strconv::engine as strconv;
use crate::stdlib::unicode::engine as unicode;
use crate::stdlib::unicode::utf8::engine as utf8;
use std::cmp::Ordering;
use std::rc::Rc;

/// One operand or nested value: its Go type string and its value.
#[derive(Clone, Debug, PartialEq)]
pub struct FmtArg {
    /// The type as `%T` prints it: "int", "main.Point", "[]string",
    /// "map[string]int", "*main.T", "func(int) string", "chan int",
    /// "interface {}" (for a nested nil interface), ...
    pub ty: Rc<str>,
    /// The value.
    pub val: FmtVal,
    /// The operand was a `reflect.Value` holding this value: Go prints
    /// the value held, but `%T` says `reflect.Value` and `Print` does not
    /// count it as a string.
    pub via_reflect: bool,
}

/// The kind and contents of a value to format. See the module docs.
#[derive(Clone, Debug, PartialEq)]
pub enum FmtVal {
    /// Any boolean type.
    Bool(bool),
    /// Any signed integer type (int, int8..int64, rune, named ints).
    Int(i64),
    /// Any unsigned integer type (uint, uint8..uint64, byte, uintptr).
    Uint(u64),
    /// A float with its bit size (32 or 64). A float32 prints with the
    /// shortest digits that round-trip as float32 (`float32(0.1)` is `0.1`).
    Float(f64, u8),
    /// A complex number (real, imaginary, bit size 64 or 128).
    Complex(f64, f64, u8),
    /// Any string type; Go strings are bytes, possibly invalid UTF-8.
    Str(Vec<u8>),
    /// A slice or array whose element kind is uint8 (e.g. `[]byte`,
    /// `[4]byte`). `nil` marks a nil slice; `array` marks an array; `addr` is
    /// the slice's data address (printed by `%p`).
    Bytes {
        data: Vec<u8>,
        nil: bool,
        array: bool,
        addr: u64,
    },
    /// A nil interface value (an untyped `nil` operand prints `<nil>`).
    Nil,
    /// A pointer. `addr` 0 means nil. `pointee` should be `Some` for a
    /// non-nil pointer to a struct, array, slice or map: a top-level operand
    /// then prints as `&{...}`; everywhere else pointers print as `0x...`.
    Ptr {
        addr: u64,
        pointee: Option<Box<FmtArg>>,
    },
    /// A slice (`nil` for a nil slice, `addr` for `%p`).
    Slice {
        elems: Vec<FmtArg>,
        nil: bool,
        addr: u64,
    },
    /// An array.
    Array(Vec<FmtArg>),
    /// A map; entries in any order (`nil` for a nil map, `addr` for `%p`).
    Map {
        entries: Vec<(FmtArg, FmtArg)>,
        nil: bool,
        addr: u64,
    },
    /// A struct: field names (embedded fields use their type name) and values.
    Struct(Vec<(Rc<str>, FmtArg)>),
    /// A func value (address; 0 for nil).
    Func(u64),
    /// A channel (address; 0 for nil).
    Chan(u64),
    /// A value with an `Error()` or `String()` method: `text` is its result,
    /// `inner` the value itself (same type string) for when Go would not
    /// call the method. `go_string`: `text` is `GoString()`'s, for `%#v`
    /// (and used only there).
    Methods {
        text: Vec<u8>,
        inner: Box<FmtArg>,
        go_string: bool,
    },
    /// A value whose `Format` method Go calls (a `fmt.Formatter`): `text`
    /// is what it wrote (with a recovered panic's message), printed as is
    /// for every verb; `inner` is the value itself, for `%!verb(...)`.
    Formatted { text: Vec<u8>, inner: Box<FmtArg> },
}

/// The directive's state as a `Format` method sees it through
/// `fmt.State` (`Flag`, `Width`, `Precision`).
#[derive(Default, Clone, Copy, Debug, PartialEq)]
pub struct FmtState {
    pub minus: bool,
    pub plus: bool,
    pub sharp: bool,
    pub space: bool,
    pub zero: bool,
    pub wid: Option<i64>,
    pub prec: Option<i64>,
}

impl FmtArg {
    /// Builds an argument from a type string and a value.
    pub fn new(ty: impl Into<Rc<str>>, val: FmtVal) -> FmtArg {
        FmtArg {
            ty: ty.into(),
            val,
            via_reflect: false,
        }
    }
    /// An `int`.
    pub fn int(i: i64) -> FmtArg {
        FmtArg::new("int", FmtVal::Int(i))
    }
    /// A `uint8` (byte).
    pub fn byte(b: u8) -> FmtArg {
        FmtArg::new("uint8", FmtVal::Uint(b as u64))
    }
    /// A `float64`.
    pub fn float64(f: f64) -> FmtArg {
        FmtArg::new("float64", FmtVal::Float(f, 64))
    }
    /// A `float32` (the value is rounded to float32).
    pub fn float32(f: f32) -> FmtArg {
        FmtArg::new("float32", FmtVal::Float(f as f64, 32))
    }
    /// A `string`.
    pub fn string(s: impl Into<Vec<u8>>) -> FmtArg {
        FmtArg::new("string", FmtVal::Str(s.into()))
    }
    /// A `bool`.
    pub fn bool(b: bool) -> FmtArg {
        FmtArg::new("bool", FmtVal::Bool(b))
    }
    /// An untyped `nil` operand (nil interface).
    pub fn nil() -> FmtArg {
        FmtArg::new("<nil>", FmtVal::Nil)
    }
    /// A `[]byte`.
    pub fn bytes(data: impl Into<Vec<u8>>) -> FmtArg {
        FmtArg::new(
            "[]uint8",
            FmtVal::Bytes {
                data: data.into(),
                nil: false,
                array: false,
                addr: 0,
            },
        )
    }

    /// Whether dropping this value drops nested arguments.
    fn has_children(&self) -> bool {
        matches!(
            self.val,
            FmtVal::Ptr {
                pointee: Some(_),
                ..
            } | FmtVal::Slice { .. }
                | FmtVal::Array(_)
                | FmtVal::Map { .. }
                | FmtVal::Struct(_)
                | FmtVal::Methods { .. }
                | FmtVal::Formatted { .. }
        )
    }

    /// The value with any [`FmtVal::Methods`] wrapper removed.
    fn plain(&self) -> &FmtArg {
        let mut a = self;
        while let FmtVal::Methods { inner, .. } | FmtVal::Formatted { inner, .. } = &a.val {
            a = inner;
        }
        a
    }
}

/// Dropping a tree as deep as the Go data it was converted from (nested
/// slices, maps, interfaces) must not recurse once per level: children are
/// moved onto a worklist and emptied there, so each one's own drop is flat.
impl Drop for FmtArg {
    fn drop(&mut self) {
        if !self.has_children() {
            return;
        }
        let mut work = vec![std::mem::replace(&mut self.val, FmtVal::Nil)];
        let push = |work: &mut Vec<FmtVal>, a: &mut FmtArg| {
            if a.has_children() {
                work.push(std::mem::replace(&mut a.val, FmtVal::Nil));
            }
        };
        while let Some(v) = work.pop() {
            match v {
                FmtVal::Ptr {
                    pointee: Some(mut p),
                    ..
                } => push(&mut work, &mut p),
                FmtVal::Methods { mut inner, .. } | FmtVal::Formatted { mut inner, .. } => {
                    push(&mut work, &mut inner)
                }
                FmtVal::Slice { mut elems, .. } | FmtVal::Array(mut elems) => {
                    for e in &mut elems {
                        push(&mut work, e);
                    }
                }
                FmtVal::Map { mut entries, .. } => {
                    for (k, v) in &mut entries {
                        push(&mut work, k);
                        push(&mut work, v);
                    }
                }
                FmtVal::Struct(mut fields) => {
                    for (_, f) in &mut fields {
                        push(&mut work, f);
                    }
                }
                _ => {}
            }
        }
    }
}

/// Supplies `Printf` operands lazily.
///
/// `arg(i, verb, sharp)` converts operand `i` for directive `verb` (`'*'`
/// when the operand is used as a `*` width or precision); `sharp` is true for
/// `%#v`. It may be called more than once for the same index (explicit
/// argument indexes like `%[1]d` reuse operands). See the module docs for
/// when the caller should compute `Error()`/`String()`.
pub trait ArgSource {
    /// Number of operands.
    fn len(&self) -> usize;
    /// Whether there are no operands.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Operand `i` converted for `verb`; `st`: the directive's flags, for
    /// a `Format` method.
    fn arg(&mut self, i: usize, verb: char, sharp: bool, st: &FmtState) -> FmtArg;
}

/// Pre-converted operands (methods, if any, already applied).
impl ArgSource for Vec<FmtArg> {
    fn len(&self) -> usize {
        Vec::len(self)
    }
    fn arg(&mut self, i: usize, _verb: char, _sharp: bool, _st: &FmtState) -> FmtArg {
        self[i].clone()
    }
}

/// Pre-converted operands borrowed from a slice.
struct SliceArgs<'a>(&'a [FmtArg]);

impl ArgSource for SliceArgs<'_> {
    fn len(&self) -> usize {
        self.0.len()
    }
    fn arg(&mut self, i: usize, _verb: char, _sharp: bool, _st: &FmtState) -> FmtArg {
        self.0[i].clone()
    }
}

/// [`sprintf`] over operands that are already converted.
pub fn sprintf_values(out: &mut Vec<u8>, format: &[u8], args: &[FmtArg]) {
    sprintf(out, format, &mut SliceArgs(args));
}

/// `fmt.Sprintf`: appends the formatted output to `out`.
pub fn sprintf(out: &mut Vec<u8>, format: &[u8], args: &mut dyn ArgSource) {
    let mut p = Printer::new(out);
    p.do_printf(format, args);
}

/// The formatting half of `fmt.Errorf`: like [`sprintf`], but `%w` accepts
/// an operand with methods (taken to be an error) and formats it like `%v`.
/// Returns the indexes of the operands consumed by `%w`, in order, so the
/// caller can build the wrapped error.
pub fn errorf(out: &mut Vec<u8>, format: &[u8], args: &mut dyn ArgSource) -> Vec<usize> {
    let mut p = Printer::new(out);
    p.wrap_errs = true;
    p.do_printf(format, args);
    p.wrapped
}

/// `fmt.Sprint`: a space between operands when neither side is a string.
pub fn sprint(out: &mut Vec<u8>, args: &[FmtArg]) {
    let mut p = Printer::new(out);
    let mut prev_string = false;
    for (i, a) in args.iter().enumerate() {
        // Go asks whether the operand's type is a string kind, so a
        // reflect.Value holding a string is not one.
        let is_string = matches!(a.plain().val, FmtVal::Str(_)) && !a.via_reflect;
        if i > 0 && !is_string && !prev_string {
            p.buf.push(b' ');
        }
        p.print_arg(a, 'v');
        prev_string = is_string;
    }
}

/// `fmt.Sprintln`: spaces between all operands and a trailing newline.
pub fn sprintln(out: &mut Vec<u8>, args: &[FmtArg]) {
    let mut p = Printer::new(out);
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            p.buf.push(b' ');
        }
        p.print_arg(a, 'v');
    }
    p.buf.push(b'\n');
}

/// Largest width or precision Go accepts (`tooLarge`).
const MAX_WID: i64 = 1_000_000;

/// Formatting flags of the current directive (Go's `fmtFlags`, wid, prec).
#[derive(Default, Clone, Copy)]
struct Flags {
    wid_present: bool,
    prec_present: bool,
    minus: bool,
    plus: bool,
    sharp: bool,
    space: bool,
    zero: bool,
    // %+v and %#v are distinct formats: these record them while plus/sharp
    // are cleared.
    plus_v: bool,
    sharp_v: bool,
    wid: i64,
    prec: i64,
}

struct Printer<'a> {
    buf: &'a mut Vec<u8>,
    f: Flags,
    /// Printing a `%!verb(...)` error: methods must not be used.
    erroring: bool,
    wrap_errs: bool,
    wrapped: Vec<usize>,
    reordered: bool,
    good_arg_num: bool,
}

const LDIGITS: &[u8; 17] = b"0123456789abcdefx";
const UDIGITS: &[u8; 17] = b"0123456789ABCDEFX";

fn push_rune(buf: &mut Vec<u8>, c: char) {
    let mut b = [0u8; 4];
    buf.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
}

impl<'a> Printer<'a> {
    fn new(buf: &'a mut Vec<u8>) -> Self {
        Printer {
            buf,
            f: Flags::default(),
            erroring: false,
            wrap_errs: false,
            wrapped: Vec::new(),
            reordered: false,
            good_arg_num: true,
        }
    }

    // ------------------------------------------------------------ padding

    fn write_padding(&mut self, n: i64) {
        if n <= 0 {
            return;
        }
        // Zero padding is only allowed on the left.
        let b = if self.f.zero && !self.f.minus {
            b'0'
        } else {
            b' '
        };
        self.buf.resize(self.buf.len() + n as usize, b);
    }

    /// Writes `b` padded to the width (counted in runes).
    fn pad(&mut self, b: &[u8]) {
        if !self.f.wid_present || self.f.wid == 0 {
            self.buf.extend_from_slice(b);
            return;
        }
        let width = self.f.wid - utf8::rune_count(b) as i64;
        if !self.f.minus {
            self.write_padding(width);
            self.buf.extend_from_slice(b);
        } else {
            self.buf.extend_from_slice(b);
            self.write_padding(width);
        }
    }

    fn pad_no_zero(&mut self, b: &[u8]) {
        let old = self.f.zero;
        self.f.zero = false;
        self.pad(b);
        self.f.zero = old;
    }

    // ------------------------------------------------------------ basic formatters

    fn fmt_boolean(&mut self, v: bool) {
        self.pad(if v { b"true" } else { b"false" });
    }

    /// %U: "U+0078", or with # "U+0078 'x'".
    fn fmt_unicode(&mut self, u: u64) {
        let prec = if self.f.prec_present && self.f.prec > 4 {
            self.f.prec
        } else {
            4
        };
        let mut hex = format!("{u:X}").into_bytes();
        let mut s = b"U+".to_vec();
        // Zero-extend the hex digits to the precision.
        s.resize(s.len() + (prec - hex.len() as i64).max(0) as usize, b'0');
        s.append(&mut hex);
        if self.f.sharp && u <= utf8::MAX_RUNE as u64 && unicode::is_print(u as u32) {
            s.extend_from_slice(b" '");
            utf8::encode_rune(&mut s, u as i64);
            s.push(b'\'');
        }
        self.pad_no_zero(&s);
    }

    /// Formats an integer (Go's `fmt.fmtInteger`).
    fn fmt_integer(&mut self, u: u64, base: u64, signed: bool, verb: char, digits: &[u8; 17]) {
        let negative = signed && (u as i64) < 0;
        let mut u = if negative {
            (u as i64).wrapping_neg() as u64
        } else {
            u
        };
        // %.3d and %03d both ask for leading zeros; with both, the zero flag
        // is ignored and padding uses spaces.
        let mut prec: i64 = 0;
        if self.f.prec_present {
            prec = self.f.prec;
            if prec == 0 && u == 0 {
                // Precision 0 and value 0 print nothing but padding.
                let old = self.f.zero;
                self.f.zero = false;
                self.write_padding(self.f.wid);
                self.f.zero = old;
                return;
            }
        } else if self.f.zero && !self.f.minus && self.f.wid_present {
            prec = self.f.wid;
            if negative || self.f.plus || self.f.space {
                prec -= 1; // leave room for the sign
            }
        }
        // Digits are produced least significant first, then reversed.
        let mut rev: Vec<u8> = Vec::with_capacity(24);
        loop {
            rev.push(digits[(u % base) as usize]);
            u /= base;
            if u == 0 {
                break;
            }
        }
        while (rev.len() as i64) < prec {
            rev.push(b'0');
        }
        if self.f.sharp {
            match base {
                2 => rev.extend_from_slice(b"b0"),
                // Octal gets a leading 0 unless it already has one.
                8 if rev.last() != Some(&b'0') => rev.push(b'0'),
                16 => {
                    rev.push(digits[16]);
                    rev.push(b'0');
                }
                _ => {}
            }
        }
        if verb == 'O' {
            rev.extend_from_slice(b"o0");
        }
        if negative {
            rev.push(b'-');
        } else if self.f.plus {
            rev.push(b'+');
        } else if self.f.space {
            rev.push(b' ');
        }
        rev.reverse();
        // Zero padding was handled above as precision.
        self.pad_no_zero(&rev);
    }

    /// Truncates `s` to the precision, counted in runes.
    fn truncate<'s>(&self, s: &'s [u8]) -> &'s [u8] {
        if self.f.prec_present {
            let mut n = self.f.prec;
            let mut i = 0;
            while i < s.len() {
                n -= 1;
                if n < 0 {
                    return &s[..i];
                }
                i += utf8::decode_rune(&s[i..]).1;
            }
        }
        s
    }

    fn fmt_s(&mut self, s: &[u8]) {
        let s = self.truncate(s);
        self.pad(s);
    }

    /// %x / %X of a string or byte slice.
    fn fmt_sbx(&mut self, s: &[u8], digits: &[u8; 17]) {
        let mut length = s.len() as i64;
        if self.f.prec_present && self.f.prec < length {
            length = self.f.prec;
        }
        // Width of the encoding, accounting for # and space flags.
        let mut width = 2 * length;
        if width > 0 {
            if self.f.space {
                if self.f.sharp {
                    width *= 2;
                }
                width += length - 1;
            } else if self.f.sharp {
                width += 2;
            }
        } else {
            if self.f.wid_present {
                self.write_padding(self.f.wid);
            }
            return;
        }
        if self.f.wid_present && self.f.wid > width && !self.f.minus {
            self.write_padding(self.f.wid - width);
        }
        if self.f.sharp {
            self.buf.extend_from_slice(&[b'0', digits[16]]);
        }
        for (i, &c) in s[..length as usize].iter().enumerate() {
            if self.f.space && i > 0 {
                self.buf.push(b' ');
                if self.f.sharp {
                    self.buf.extend_from_slice(&[b'0', digits[16]]);
                }
            }
            self.buf
                .extend_from_slice(&[digits[(c >> 4) as usize], digits[(c & 0xF) as usize]]);
        }
        if self.f.wid_present && self.f.wid > width && self.f.minus {
            self.write_padding(self.f.wid - width);
        }
    }

    /// %q of a string: Go-quoted, or backquoted with # when possible.
    fn fmt_q(&mut self, s: &[u8]) {
        let s = self.truncate(s);
        if self.f.sharp && strconv::can_backquote(s) {
            let mut q = Vec::with_capacity(s.len() + 2);
            q.push(b'`');
            q.extend_from_slice(s);
            q.push(b'`');
            self.pad(&q);
            return;
        }
        let q = if self.f.plus {
            strconv::quote_to_ascii(s)
        } else {
            strconv::quote(s)
        };
        self.pad(&q);
    }

    /// %c: the integer as a character (U+FFFD if invalid).
    fn fmt_c(&mut self, c: u64) {
        let r = if c > utf8::MAX_RUNE as u64 {
            utf8::RUNE_ERROR as i64
        } else {
            c as i64
        };
        let mut b = Vec::with_capacity(4);
        utf8::encode_rune(&mut b, r);
        self.pad(&b);
    }

    /// %q of an integer: a quoted character literal.
    fn fmt_qc(&mut self, c: u64) {
        let r = if c > utf8::MAX_RUNE as u64 {
            utf8::RUNE_ERROR as i64
        } else {
            c as i64
        };
        let mut b = Vec::with_capacity(8);
        strconv::append_quoted_rune(&mut b, r, self.f.plus, false);
        self.pad(&b);
    }

    /// Go's `fmt.fmtFloat`: `verb` is a strconv format byte, `prec` the
    /// default precision (overridden by an explicit one).
    fn fmt_float(&mut self, v: f64, size: u32, verb: u8, prec: i64) {
        let prec = if self.f.prec_present {
            self.f.prec
        } else {
            prec
        };
        // num always starts with a sign byte.
        let mut num = Vec::with_capacity(32);
        num.push(b'+');
        strconv::append_float(&mut num, v, verb, prec, size);
        if num[1] == b'-' || num[1] == b'+' {
            num.remove(0);
        }
        if self.f.space && num[0] == b'+' && !self.f.plus {
            num[0] = b' ';
        }
        // Infinities and NaN are not padded with zeros.
        if num[1] == b'I' || num[1] == b'N' {
            let mut s: &[u8] = &num;
            if num[1] == b'N' && !self.f.space && !self.f.plus {
                s = &num[1..];
            }
            let s = s.to_vec();
            self.pad_no_zero(&s);
            return;
        }
        // # forces a decimal point and keeps trailing zeros.
        if self.f.sharp && verb != b'b' {
            let mut digits: i64 = 0;
            if matches!(verb, b'v' | b'g' | b'G' | b'x') {
                digits = if prec == -1 { 6 } else { prec };
            }
            let mut tail = Vec::new();
            let mut has_dp = false;
            let mut saw_nonzero = false;
            let mut i = 1;
            while i < num.len() {
                match num[i] {
                    b'.' => has_dp = true,
                    b'p' | b'P' => {
                        tail = num.split_off(i);
                        break;
                    }
                    b'e' | b'E' if verb != b'x' && verb != b'X' => {
                        tail = num.split_off(i);
                        break;
                    }
                    c => {
                        if c != b'0' {
                            saw_nonzero = true;
                        }
                        if saw_nonzero {
                            digits -= 1;
                        }
                    }
                }
                i += 1;
            }
            if !has_dp {
                if num.len() == 2 && num[1] == b'0' {
                    digits -= 1;
                }
                num.push(b'.');
            }
            while digits > 0 {
                num.push(b'0');
                digits -= 1;
            }
            num.extend_from_slice(&tail);
        }
        if self.f.plus || num[0] != b'+' {
            // Zero padding goes between the sign and the digits.
            if self.f.zero && !self.f.minus && self.f.wid_present && self.f.wid > num.len() as i64 {
                self.buf.push(num[0]);
                self.write_padding(self.f.wid - num.len() as i64);
                self.buf.extend_from_slice(&num[1..]);
                return;
            }
            self.pad(&num);
            return;
        }
        self.pad(&num[1..]);
    }

    /// Hex with a forced (or suppressed) 0x prefix.
    fn fmt_0x64(&mut self, v: u64, leading_0x: bool) {
        let sharp = self.f.sharp;
        self.f.sharp = leading_0x;
        self.fmt_integer(v, 16, false, 'v', LDIGITS);
        self.f.sharp = sharp;
    }

    // ------------------------------------------------------------ per-kind verbs

    fn bad_verb(&mut self, arg: &FmtArg, verb: char) {
        self.erroring = true;
        self.buf.extend_from_slice(b"%!");
        push_rune(self.buf, verb);
        self.buf.push(b'(');
        if let FmtVal::Nil = arg.val {
            self.buf.extend_from_slice(b"<nil>");
        } else {
            self.buf.extend_from_slice(arg.ty.as_bytes());
            self.buf.push(b'=');
            self.print_arg(arg, 'v');
        }
        self.buf.push(b')');
        self.erroring = false;
    }

    fn fmt_bool(&mut self, arg: &FmtArg, v: bool, verb: char) {
        match verb {
            't' | 'v' => self.fmt_boolean(v),
            _ => self.bad_verb(arg, verb),
        }
    }

    fn fmt_int_verb(&mut self, arg: &FmtArg, v: u64, signed: bool, verb: char) {
        match verb {
            'v' => {
                if self.f.sharp_v && !signed {
                    self.fmt_0x64(v, true)
                } else {
                    self.fmt_integer(v, 10, signed, verb, LDIGITS)
                }
            }
            'd' => self.fmt_integer(v, 10, signed, verb, LDIGITS),
            'b' => self.fmt_integer(v, 2, signed, verb, LDIGITS),
            'o' | 'O' => self.fmt_integer(v, 8, signed, verb, LDIGITS),
            'x' => self.fmt_integer(v, 16, signed, verb, LDIGITS),
            'X' => self.fmt_integer(v, 16, signed, verb, UDIGITS),
            'c' => self.fmt_c(v),
            'q' => self.fmt_qc(v),
            'U' => self.fmt_unicode(v),
            _ => self.bad_verb(arg, verb),
        }
    }

    fn fmt_float_verb(&mut self, arg: &FmtArg, v: f64, size: u32, verb: char) {
        match verb {
            'v' => self.fmt_float(v, size, b'g', -1),
            'b' | 'g' | 'G' | 'x' | 'X' => self.fmt_float(v, size, verb as u8, -1),
            'f' | 'e' | 'E' => self.fmt_float(v, size, verb as u8, 6),
            'F' => self.fmt_float(v, size, b'f', 6),
            _ => self.bad_verb(arg, verb),
        }
    }

    fn fmt_complex(&mut self, arg: &FmtArg, re: f64, im: f64, size: u32, verb: char) {
        match verb {
            'v' | 'b' | 'g' | 'G' | 'x' | 'X' | 'f' | 'F' | 'e' | 'E' => {
                let old_plus = self.f.plus;
                self.buf.push(b'(');
                self.fmt_float_verb(arg, re, size / 2, verb);
                // The imaginary part always has a sign.
                self.f.plus = true;
                self.fmt_float_verb(arg, im, size / 2, verb);
                self.buf.extend_from_slice(b"i)");
                self.f.plus = old_plus;
            }
            _ => self.bad_verb(arg, verb),
        }
    }

    fn fmt_string(&mut self, arg: &FmtArg, s: &[u8], verb: char) {
        match verb {
            'v' => {
                if self.f.sharp_v {
                    self.fmt_q(s)
                } else {
                    self.fmt_s(s)
                }
            }
            's' => self.fmt_s(s),
            'x' => self.fmt_sbx(s, LDIGITS),
            'X' => self.fmt_sbx(s, UDIGITS),
            'q' => self.fmt_q(s),
            _ => self.bad_verb(arg, verb),
        }
    }

    /// Byte slices for the verbs that treat them as strings (and, for an
    /// unnamed `[]byte` operand, all verbs).
    fn fmt_bytes(
        &mut self,
        arg: &FmtArg,
        v: &[u8],
        nil: bool,
        verb: char,
        type_string: &str,
        depth: usize,
    ) {
        match verb {
            'v' | 'd' => {
                if self.f.sharp_v {
                    self.buf.extend_from_slice(type_string.as_bytes());
                    if nil {
                        self.buf.extend_from_slice(b"(nil)");
                        return;
                    }
                    self.buf.push(b'{');
                    for (i, &c) in v.iter().enumerate() {
                        if i > 0 {
                            self.buf.extend_from_slice(b", ");
                        }
                        self.fmt_0x64(c as u64, true);
                    }
                    self.buf.push(b'}');
                } else {
                    self.buf.push(b'[');
                    for (i, &c) in v.iter().enumerate() {
                        if i > 0 {
                            self.buf.push(b' ');
                        }
                        self.fmt_integer(c as u64, 10, false, verb, LDIGITS);
                    }
                    self.buf.push(b']');
                }
            }
            's' => {
                let s = self.truncate(v);
                self.pad(s);
            }
            'x' => self.fmt_sbx(v, LDIGITS),
            'X' => self.fmt_sbx(v, UDIGITS),
            'q' => self.fmt_q(v),
            _ => self.print_list(arg, verb, depth),
        }
    }

    fn fmt_pointer(&mut self, arg: &FmtArg, verb: char) {
        let u = match &arg.val {
            FmtVal::Ptr { addr, .. } | FmtVal::Func(addr) | FmtVal::Chan(addr) => *addr,
            FmtVal::Map { addr, .. } | FmtVal::Slice { addr, .. } => *addr,
            FmtVal::Bytes {
                addr, array: false, ..
            } => *addr,
            _ => return self.bad_verb(arg, verb),
        };
        match verb {
            'v' => {
                if self.f.sharp_v {
                    self.buf.push(b'(');
                    self.buf.extend_from_slice(arg.ty.as_bytes());
                    self.buf.extend_from_slice(b")(");
                    if u == 0 {
                        self.buf.extend_from_slice(b"nil");
                    } else {
                        self.fmt_0x64(u, true);
                    }
                    self.buf.push(b')');
                } else if u == 0 {
                    self.pad(b"<nil>");
                } else {
                    self.fmt_0x64(u, !self.f.sharp);
                }
            }
            'p' => self.fmt_0x64(u, !self.f.sharp),
            'b' | 'o' | 'd' | 'x' | 'X' => self.fmt_int_verb(arg, u, false, verb),
            _ => self.bad_verb(arg, verb),
        }
    }

    // ------------------------------------------------------------ tree walking

    /// Go's `printArg`: a top-level operand.
    fn print_arg(&mut self, arg: &FmtArg, verb: char) {
        if let FmtVal::Nil = arg.val {
            match verb {
                'T' | 'v' => self.pad(b"<nil>"),
                _ => self.bad_verb(arg, verb),
            }
            return;
        }
        match verb {
            'T' => {
                let ty = if arg.via_reflect {
                    Rc::from("reflect.Value")
                } else {
                    arg.ty.clone()
                };
                self.fmt_s(ty.as_bytes());
                return;
            }
            'p' => {
                self.fmt_pointer(arg.plain(), 'p');
                return;
            }
            _ => {}
        }
        // %w is only valid on errors (operands with methods); Go rejects
        // anything else before looking inside it.
        if verb == 'w' && !matches!(arg.val, FmtVal::Methods { .. } | FmtVal::Formatted { .. }) {
            return self.bad_verb(arg, verb);
        }
        if let FmtVal::Bytes {
            data,
            nil,
            array: false,
            ..
        } = &arg.val
        {
            if &*arg.ty == "[]uint8" {
                return self.fmt_bytes(arg, data, *nil, verb, "[]byte", 0);
            }
        }
        self.print_value(arg, verb, 0);
    }

    /// Uses the method text if Go would call `Error()`/`String()` here.
    fn handle_methods(&mut self, arg: &FmtArg, text: &[u8], go_string: bool, verb: char) -> bool {
        if self.erroring {
            return false;
        }
        let mut verb = verb;
        if verb == 'w' {
            // %w is only valid in Errorf, with an error operand.
            if !self.wrap_errs {
                self.bad_verb(arg, verb);
                return true;
            }
            verb = 'v';
        }
        if self.f.sharp_v {
            // %#v prints GoString's text as is, and no other method's.
            if go_string {
                self.fmt_string(arg, text, 's');
            }
            return go_string;
        }
        if go_string {
            return false;
        }
        match verb {
            'v' | 's' | 'x' | 'X' | 'q' => {
                self.fmt_string(arg, text, verb);
                true
            }
            _ => false,
        }
    }

    /// Go's `printValue`. Recurses once per level of the value: on a
    /// stack that grows (see `crate::stack`), as Go's does.
    fn print_value(&mut self, arg: &FmtArg, verb: char, depth: usize) {
        crate::stack::guard(|| self.print_value_step(arg, verb, depth))
    }

    fn print_value_step(&mut self, arg: &FmtArg, verb: char, depth: usize) {
        match &arg.val {
            FmtVal::Methods {
                text,
                inner,
                go_string,
            } => {
                if !self.handle_methods(arg, text, *go_string, verb) {
                    self.print_value(inner, verb, depth);
                }
            }
            FmtVal::Formatted { text, inner } => {
                if self.erroring {
                    self.print_value(inner, verb, depth);
                } else if verb == 'w' && !self.wrap_errs {
                    self.bad_verb(arg, verb);
                } else {
                    self.buf.extend_from_slice(text);
                }
            }
            FmtVal::Nil => {
                if self.f.sharp_v && depth > 0 {
                    self.buf.extend_from_slice(arg.ty.as_bytes());
                    self.buf.extend_from_slice(b"(nil)");
                } else {
                    self.buf.extend_from_slice(b"<nil>");
                }
            }
            FmtVal::Bool(b) => self.fmt_bool(arg, *b, verb),
            FmtVal::Int(i) => self.fmt_int_verb(arg, *i as u64, true, verb),
            FmtVal::Uint(u) => self.fmt_int_verb(arg, *u, false, verb),
            FmtVal::Float(f, size) => {
                self.fmt_float_verb(arg, *f, if *size == 32 { 32 } else { 64 }, verb)
            }
            FmtVal::Complex(re, im, size) => {
                self.fmt_complex(arg, *re, *im, if *size == 64 { 64 } else { 128 }, verb)
            }
            FmtVal::Str(s) => self.fmt_string(arg, s, verb),
            FmtVal::Bytes { data, nil, .. } => {
                if matches!(verb, 's' | 'q' | 'x' | 'X') {
                    let ty = arg.ty.clone();
                    self.fmt_bytes(arg, data, *nil, verb, &ty, depth);
                } else {
                    self.print_list(arg, verb, depth);
                }
            }
            FmtVal::Slice { .. } | FmtVal::Array(_) => self.print_list(arg, verb, depth),
            FmtVal::Map { entries, nil, .. } => {
                if self.f.sharp_v {
                    self.buf.extend_from_slice(arg.ty.as_bytes());
                    if *nil {
                        self.buf.extend_from_slice(b"(nil)");
                        return;
                    }
                    self.buf.push(b'{');
                } else {
                    self.buf.extend_from_slice(b"map[");
                }
                let mut order: Vec<usize> = (0..entries.len()).collect();
                order.sort_by(|&a, &b| compare_keys(&entries[a].0, &entries[b].0));
                for (n, &i) in order.iter().enumerate() {
                    if n > 0 {
                        if self.f.sharp_v {
                            self.buf.extend_from_slice(b", ");
                        } else {
                            self.buf.push(b' ');
                        }
                    }
                    self.print_value(&entries[i].0, verb, depth + 1);
                    self.buf.push(b':');
                    self.print_value(&entries[i].1, verb, depth + 1);
                }
                self.buf.push(if self.f.sharp_v { b'}' } else { b']' });
            }
            FmtVal::Struct(fields) => {
                if self.f.sharp_v {
                    self.buf.extend_from_slice(arg.ty.as_bytes());
                }
                self.buf.push(b'{');
                for (i, (name, v)) in fields.iter().enumerate() {
                    if i > 0 {
                        if self.f.sharp_v {
                            self.buf.extend_from_slice(b", ");
                        } else {
                            self.buf.push(b' ');
                        }
                    }
                    if (self.f.plus_v || self.f.sharp_v) && !name.is_empty() {
                        self.buf.extend_from_slice(name.as_bytes());
                        self.buf.push(b':');
                    }
                    self.print_value(v, verb, depth + 1);
                }
                self.buf.push(b'}');
            }
            FmtVal::Ptr { addr, pointee } => {
                // A pointer to a composite prints as &{...} at top level
                // only (nested ones print as addresses, avoiding cycles).
                if depth == 0 && *addr != 0 {
                    if let Some(p) = pointee {
                        if matches!(
                            p.plain().val,
                            FmtVal::Array(_)
                                | FmtVal::Slice { .. }
                                | FmtVal::Struct(_)
                                | FmtVal::Map { .. }
                                | FmtVal::Bytes { .. }
                        ) {
                            self.buf.push(b'&');
                            self.print_value(p, verb, depth + 1);
                            return;
                        }
                    }
                }
                self.fmt_pointer(arg, verb);
            }
            FmtVal::Func(_) | FmtVal::Chan(_) => self.fmt_pointer(arg, verb),
        }
    }

    /// Slices and arrays printed element by element.
    fn print_list(&mut self, arg: &FmtArg, verb: char, depth: usize) {
        let (nil, len) = match &arg.val {
            FmtVal::Slice { elems, nil, .. } => (*nil, elems.len()),
            FmtVal::Array(elems) => (false, elems.len()),
            FmtVal::Bytes {
                data, nil, array, ..
            } => (*nil && !*array, data.len()),
            _ => (false, 0),
        };
        // Borrowed, never cloned: a clone per level would copy a deep
        // value once per level of its depth.
        let elem = |i: usize| -> std::borrow::Cow<'_, FmtArg> {
            use std::borrow::Cow;
            match &arg.val {
                FmtVal::Slice { elems, .. } | FmtVal::Array(elems) => Cow::Borrowed(&elems[i]),
                FmtVal::Bytes { data, .. } => Cow::Owned(FmtArg::byte(data[i])),
                _ => Cow::Owned(FmtArg::nil()),
            }
        };
        if self.f.sharp_v {
            self.buf.extend_from_slice(arg.ty.as_bytes());
            if nil {
                self.buf.extend_from_slice(b"(nil)");
                return;
            }
            self.buf.push(b'{');
            for i in 0..len {
                if i > 0 {
                    self.buf.extend_from_slice(b", ");
                }
                self.print_value(&elem(i), verb, depth + 1);
            }
            self.buf.push(b'}');
        } else {
            self.buf.push(b'[');
            for i in 0..len {
                if i > 0 {
                    self.buf.push(b' ');
                }
                self.print_value(&elem(i), verb, depth + 1);
            }
            self.buf.push(b']');
        }
    }

    // ------------------------------------------------------------ Printf driver

    /// What `fmt.State` reports to a `Format` method (Go's `pp.Flag`,
    /// `Width`, `Precision`).
    fn state(&self) -> FmtState {
        FmtState {
            minus: self.f.minus,
            plus: self.f.plus || self.f.plus_v,
            sharp: self.f.sharp || self.f.sharp_v,
            space: self.f.space,
            zero: self.f.zero,
            wid: self.f.wid_present.then_some(self.f.wid),
            prec: self.f.prec_present.then_some(self.f.prec),
        }
    }

    fn clear_flags(&mut self) {
        self.f = Flags::default();
    }

    /// Go's `intFromArg`: operand `i` as a width/precision.
    fn int_from_arg(&mut self, args: &mut dyn ArgSource, arg_num: usize) -> (i64, bool, usize) {
        if arg_num >= args.len() {
            return (0, false, arg_num);
        }
        let a = args.arg(arg_num, '*', false, &FmtState::default());
        let (mut num, mut ok) = match a.plain().val {
            FmtVal::Int(n) => (n, true),
            FmtVal::Uint(n) if n <= i64::MAX as u64 => (n as i64, true),
            _ => (0, false),
        };
        if !(-MAX_WID..=MAX_WID).contains(&num) {
            num = 0;
            ok = false;
        }
        (num, ok, arg_num + 1)
    }

    /// Go's `argNumber`: handles an explicit `[n]` operand index at `i`.
    fn arg_number(
        &mut self,
        arg_num: usize,
        format: &[u8],
        i: usize,
        num_args: usize,
    ) -> (usize, usize, bool) {
        if format.len() <= i || format[i] != b'[' {
            return (arg_num, i, false);
        }
        self.reordered = true;
        let (index, wid, ok) = parse_arg_number(&format[i..]);
        if ok && 0 <= index && (index as usize) < num_args {
            return (index as usize, i + wid, true);
        }
        self.good_arg_num = false;
        (arg_num, i + wid, ok)
    }

    fn set_v_flags(&mut self) {
        self.f.sharp_v = self.f.sharp;
        self.f.sharp = false;
        self.f.plus_v = self.f.plus;
        self.f.plus = false;
    }

    fn do_printf(&mut self, format: &[u8], args: &mut dyn ArgSource) {
        let end = format.len();
        let num_args = args.len();
        let mut arg_num = 0usize;
        let mut after_index;
        self.reordered = false;
        let mut i = 0;
        'format: while i < end {
            self.good_arg_num = true;
            let lasti = i;
            while i < end && format[i] != b'%' {
                i += 1;
            }
            self.buf.extend_from_slice(&format[lasti..i]);
            if i >= end {
                break;
            }
            i += 1; // skip '%'
            self.clear_flags();
            // Flags, and the fast path for a simple lower-case verb.
            while i < end {
                let c = format[i];
                match c {
                    b'#' => self.f.sharp = true,
                    b'0' => self.f.zero = true,
                    b'+' => self.f.plus = true,
                    b'-' => self.f.minus = true,
                    b' ' => self.f.space = true,
                    _ => {
                        if c.is_ascii_lowercase() && arg_num < num_args {
                            if c == b'w' {
                                self.wrapped.push(arg_num);
                            }
                            if c == b'v' || c == b'w' {
                                self.set_v_flags();
                            }
                            let st = self.state();
                            let a = args.arg(arg_num, c as char, self.f.sharp_v, &st);
                            self.print_arg(&a, c as char);
                            arg_num += 1;
                            i += 1;
                            continue 'format;
                        }
                        break;
                    }
                }
                i += 1;
            }

            (arg_num, i, after_index) = self.arg_number(arg_num, format, i, num_args);

            // Width.
            if i < end && format[i] == b'*' {
                i += 1;
                let (w, ok, n) = self.int_from_arg(args, arg_num);
                (self.f.wid, self.f.wid_present, arg_num) = (w, ok, n);
                if !ok {
                    self.buf.extend_from_slice(b"%!(BADWIDTH)");
                }
                // A negative width means left-justify.
                if self.f.wid < 0 {
                    self.f.wid = -self.f.wid;
                    self.f.minus = true;
                    self.f.zero = false;
                }
                after_index = false;
            } else {
                let (w, ok, ni) = parse_num(format, i, end);
                (self.f.wid, self.f.wid_present, i) = (w, ok, ni);
                if after_index && ok {
                    self.good_arg_num = false; // "%[3]2d"
                }
            }

            // Precision.
            if i + 1 < end && format[i] == b'.' {
                i += 1;
                if after_index {
                    self.good_arg_num = false; // "%[3].2d"
                }
                (arg_num, i, after_index) = self.arg_number(arg_num, format, i, num_args);
                if i < end && format[i] == b'*' {
                    i += 1;
                    let (p, ok, n) = self.int_from_arg(args, arg_num);
                    (self.f.prec, self.f.prec_present, arg_num) = (p, ok, n);
                    if self.f.prec < 0 {
                        self.f.prec = 0;
                        self.f.prec_present = false;
                    }
                    if !self.f.prec_present {
                        self.buf.extend_from_slice(b"%!(BADPREC)");
                    }
                    after_index = false;
                } else {
                    let (p, ok, ni) = parse_num(format, i, end);
                    (self.f.prec, self.f.prec_present, i) = (p, ok, ni);
                    if !ok {
                        self.f.prec = 0;
                        self.f.prec_present = true;
                    }
                }
            }

            if !after_index {
                (arg_num, i, _) = self.arg_number(arg_num, format, i, num_args);
            }

            if i >= end {
                self.buf.extend_from_slice(b"%!(NOVERB)");
                break;
            }

            let (r, size) = utf8::decode_rune(&format[i..]);
            let verb = char::from_u32(r).unwrap_or('\u{FFFD}');
            i += size;

            if verb == '%' {
                // %% does not consume an operand and ignores width/precision.
                self.buf.push(b'%');
            } else if !self.good_arg_num {
                self.buf.extend_from_slice(b"%!");
                push_rune(self.buf, verb);
                self.buf.extend_from_slice(b"(BADINDEX)");
            } else if arg_num >= num_args {
                self.buf.extend_from_slice(b"%!");
                push_rune(self.buf, verb);
                self.buf.extend_from_slice(b"(MISSING)");
            } else {
                if verb == 'w' {
                    self.wrapped.push(arg_num);
                }
                if verb == 'v' || verb == 'w' {
                    self.set_v_flags();
                }
                let st = self.state();
                let a = args.arg(arg_num, verb, self.f.sharp_v, &st);
                self.print_arg(&a, verb);
                arg_num += 1;
            }
        }

        // Extra operands are reported unless the format used explicit
        // indexes (then unused ones are allowed).
        if !self.reordered && arg_num < num_args {
            self.clear_flags();
            self.buf.extend_from_slice(b"%!(EXTRA ");
            for (k, idx) in (arg_num..num_args).enumerate() {
                if k > 0 {
                    self.buf.extend_from_slice(b", ");
                }
                let a = args.arg(idx, 'v', false, &FmtState::default());
                if let FmtVal::Nil = a.val {
                    self.buf.extend_from_slice(b"<nil>");
                } else {
                    self.buf.extend_from_slice(a.ty.as_bytes());
                    self.buf.push(b'=');
                    self.print_arg(&a, 'v');
                }
            }
            self.buf.push(b')');
        }
    }
}

/// Go's `parsenum`: decimal digits in `s[start..end]`. On overflow past the
/// 1e6 limit the rest of the format is consumed (`newi == end`).
fn parse_num(s: &[u8], start: usize, end: usize) -> (i64, bool, usize) {
    if start >= end {
        return (0, false, end);
    }
    let mut num: i64 = 0;
    let mut isnum = false;
    let mut i = start;
    while i < end && s[i].is_ascii_digit() {
        if !(-MAX_WID..=MAX_WID).contains(&num) {
            return (0, false, end);
        }
        num = num * 10 + (s[i] - b'0') as i64;
        isnum = true;
        i += 1;
    }
    (num, isnum, i)
}

/// Go's `parseArgNumber` on text starting with '[': (index, bytes consumed, ok).
fn parse_arg_number(format: &[u8]) -> (i64, usize, bool) {
    if format.len() < 3 {
        return (0, 1, false);
    }
    for i in 1..format.len() {
        if format[i] == b']' {
            let (width, ok, newi) = parse_num(format, 1, i);
            if !ok || newi != i {
                return (0, i + 1, false);
            }
            return (width - 1, i + 1, true);
        }
    }
    (0, 1, false)
}

/// Orders map keys like Go's `internal/fmtsort`.
fn compare_keys(a: &FmtArg, b: &FmtArg) -> Ordering {
    crate::stack::guard(|| compare_keys_step(a, b))
}

fn compare_keys_step(a: &FmtArg, b: &FmtArg) -> Ordering {
    let (a, b) = (a.plain(), b.plain());
    use FmtVal::*;
    fn float_cmp(x: f64, y: f64) -> Ordering {
        match x.partial_cmp(&y) {
            Some(o) => o,
            // NaNs sort first, and equal to each other.
            None => match (x.is_nan(), y.is_nan()) {
                (true, false) => Ordering::Less,
                (false, true) => Ordering::Greater,
                _ => Ordering::Equal,
            },
        }
    }
    match (&a.val, &b.val) {
        (Nil, Nil) => Ordering::Equal,
        (Nil, _) => Ordering::Less,
        (_, Nil) => Ordering::Greater,
        _ if a.ty != b.ty => a.ty.cmp(&b.ty),
        (Int(x), Int(y)) => x.cmp(y),
        (Uint(x), Uint(y)) => x.cmp(y),
        (Str(x), Str(y)) => x.cmp(y),
        (Float(x, _), Float(y, _)) => float_cmp(*x, *y),
        (Complex(xr, xi, _), Complex(yr, yi, _)) => float_cmp(*xr, *yr).then(float_cmp(*xi, *yi)),
        (Bool(x), Bool(y)) => x.cmp(y),
        (Ptr { addr: x, .. }, Ptr { addr: y, .. }) | (Chan(x), Chan(y)) | (Func(x), Func(y)) => {
            x.cmp(y)
        }
        (Struct(x), Struct(y)) => x
            .iter()
            .zip(y.iter())
            .map(|((_, p), (_, q))| compare_keys(p, q))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal),
        (Array(x), Array(y)) => x
            .iter()
            .zip(y.iter())
            .map(|(p, q)| compare_keys(p, q))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal),
        (Bytes { data: x, .. }, Bytes { data: y, .. }) => x.cmp(y),
        _ => Ordering::Equal,
    }
}

#[cfg(test)]
mod tests {
    //! Expected outputs were produced by running a Go 1.27 program that
    //! calls `fmt.Sprintf` with the Go equivalents of these operands
    //! (types `Point{X, Y int}`, `Celsius float64` with a `String()` method
    //! printing `%.1fC`, `Outer`/`Inner` structs, `errors.New("boom")`).
    use super::*;

    fn i(v: i64) -> FmtArg {
        FmtArg::int(v)
    }
    fn ity(ty: &str, v: i64) -> FmtArg {
        FmtArg::new(ty, FmtVal::Int(v))
    }
    fn uty(ty: &str, v: u64) -> FmtArg {
        FmtArg::new(ty, FmtVal::Uint(v))
    }
    fn b(v: bool) -> FmtArg {
        FmtArg::bool(v)
    }
    fn f(v: f64) -> FmtArg {
        FmtArg::float64(v)
    }
    fn f32(v: f32) -> FmtArg {
        FmtArg::float32(v)
    }
    fn s(v: impl Into<Vec<u8>>) -> FmtArg {
        FmtArg::string(v)
    }
    fn by(v: &[u8]) -> FmtArg {
        FmtArg::bytes(v)
    }
    fn bytes_nil() -> FmtArg {
        FmtArg::new(
            "[]uint8",
            FmtVal::Bytes {
                data: vec![],
                nil: true,
                array: false,
                addr: 0,
            },
        )
    }
    fn mybytes(v: &[u8]) -> FmtArg {
        FmtArg::new(
            "main.MyBytes",
            FmtVal::Bytes {
                data: v.to_vec(),
                nil: false,
                array: false,
                addr: 1,
            },
        )
    }
    fn barr(v: &[u8]) -> FmtArg {
        FmtArg::new(
            format!("[{}]uint8", v.len()),
            FmtVal::Bytes {
                data: v.to_vec(),
                nil: false,
                array: true,
                addr: 0,
            },
        )
    }
    fn cx(re: f64, im: f64, size: u8) -> FmtArg {
        FmtArg::new(
            if size == 64 {
                "complex64"
            } else {
                "complex128"
            },
            FmtVal::Complex(re, im, size),
        )
    }
    fn pt(x: i64, y: i64) -> FmtArg {
        FmtArg::new(
            "main.Point",
            FmtVal::Struct(vec![("X".into(), i(x)), ("Y".into(), i(y))]),
        )
    }
    fn ppt(x: i64, y: i64) -> FmtArg {
        FmtArg::new(
            "*main.Point",
            FmtVal::Ptr {
                addr: 0xc000012345,
                pointee: Some(Box::new(pt(x, y))),
            },
        )
    }
    fn nilptr(ty: &str) -> FmtArg {
        FmtArg::new(
            ty,
            FmtVal::Ptr {
                addr: 0,
                pointee: None,
            },
        )
    }
    fn sl(ty: &str, elems: Vec<FmtArg>) -> FmtArg {
        FmtArg::new(
            ty,
            FmtVal::Slice {
                elems,
                nil: false,
                addr: 1,
            },
        )
    }
    fn ints(v: &[i64]) -> FmtArg {
        sl("[]int", v.iter().map(|&x| i(x)).collect())
    }
    fn strs(v: &[&str]) -> FmtArg {
        sl("[]string", v.iter().map(|&x| s(x)).collect())
    }
    fn anys() -> FmtArg {
        sl(
            "[]interface {}",
            vec![s("a"), i(1), nil_iface("interface {}")],
        )
    }
    fn nilslice(ty: &str) -> FmtArg {
        FmtArg::new(
            ty,
            FmtVal::Slice {
                elems: vec![],
                nil: true,
                addr: 0,
            },
        )
    }
    fn arr(ty: &str, elems: Vec<FmtArg>) -> FmtArg {
        FmtArg::new(ty, FmtVal::Array(elems))
    }
    fn map(ty: &str, entries: Vec<(FmtArg, FmtArg)>) -> FmtArg {
        FmtArg::new(
            ty,
            FmtVal::Map {
                entries,
                nil: false,
                addr: 1,
            },
        )
    }
    fn nilmap(ty: &str) -> FmtArg {
        FmtArg::new(
            ty,
            FmtVal::Map {
                entries: vec![],
                nil: true,
                addr: 0,
            },
        )
    }
    fn msi() -> FmtArg {
        map(
            "map[string]int",
            vec![(s("b"), i(2)), (s("a"), i(1)), (s("c"), i(3))],
        )
    }
    fn mib() -> FmtArg {
        map(
            "map[int]bool",
            vec![(i(3), b(true)), (i(-1), b(false)), (i(2), b(true))],
        )
    }
    fn mapf() -> FmtArg {
        map(
            "map[float64]string",
            vec![(f(1.0), s("a")), (f(f64::NAN), s("n")), (f(-1.0), s("b"))],
        )
    }
    fn mapb() -> FmtArg {
        map("map[bool]int", vec![(b(true), i(1)), (b(false), i(0))])
    }
    fn mappt() -> FmtArg {
        map(
            "map[main.Point]int",
            vec![(pt(2, 1), i(1)), (pt(1, 2), i(2))],
        )
    }
    fn maparr() -> FmtArg {
        map(
            "map[[2]int]int",
            vec![
                (arr("[2]int", vec![i(2), i(1)]), i(1)),
                (arr("[2]int", vec![i(1), i(9)]), i(2)),
            ],
        )
    }
    fn nil_iface(ty: &str) -> FmtArg {
        FmtArg::new(ty, FmtVal::Nil)
    }
    fn cel(v: f64) -> FmtArg {
        let inner = FmtArg::new("main.Celsius", FmtVal::Float(v, 64));
        FmtArg::new(
            "main.Celsius",
            FmtVal::Methods {
                text: format!("{v:.1}C").into_bytes(),
                inner: Box::new(inner),
                go_string: false,
            },
        )
    }
    fn err() -> FmtArg {
        let st = FmtArg::new(
            "errors.errorString",
            FmtVal::Struct(vec![("s".into(), s("boom"))]),
        );
        let p = FmtArg::new(
            "*errors.errorString",
            FmtVal::Ptr {
                addr: 0xc000010000,
                pointee: Some(Box::new(st)),
            },
        );
        FmtArg::new(
            "*errors.errorString",
            FmtVal::Methods {
                text: b"boom".to_vec(),
                inner: Box::new(p),
                go_string: false,
            },
        )
    }
    fn outer(
        id: i64,
        name: &str,
        tags: Option<Vec<&str>>,
        m: Option<Vec<(&str, i64)>>,
        any: FmtArg,
    ) -> FmtArg {
        let tags = match tags {
            Some(t) => strs(&t),
            None => nilslice("[]string"),
        };
        let m = match m {
            Some(m) => map(
                "map[string]int",
                m.into_iter().map(|(k, v)| (s(k), i(v))).collect(),
            ),
            None => nilmap("map[string]int"),
        };
        let inner = FmtArg::new(
            "main.Inner",
            FmtVal::Struct(vec![("Name".into(), s(name)), ("Tags".into(), tags)]),
        );
        let any = if let FmtVal::Nil = any.val {
            nil_iface("interface {}")
        } else {
            any
        };
        FmtArg::new(
            "main.Outer",
            FmtVal::Struct(vec![
                ("ID".into(), i(id)),
                ("In".into(), inner),
                ("M".into(), m),
                ("Any".into(), any),
                ("Err".into(), nil_iface("error")),
                ("P".into(), nilptr("*main.Point")),
            ]),
        )
    }

    #[allow(clippy::approx_constant)]
    fn cases() -> Vec<(&'static [u8], Vec<FmtArg>, &'static [u8])> {
        // Generated by running the Go 1.27 program in the test module docs;
        // each entry is (format, operands, Go's fmt.Sprintf output).
        vec![
        (b"%v %v %v %v", vec![i(1), i(-2), s("s"), b(true)], b"1 -2 s true"),
        (b"%d|%5d|%-5d|%05d|%+d|% d|%x|%X|%o|%O|%b|%#x|%#o|%#b", vec![i(42), i(42), i(42), i(42), i(42), i(42), i(255), i(255), i(8), i(8), i(5), i(255), i(8), i(5)], b"42|   42|42   |00042|+42| 42|ff|FF|10|0o10|101|0xff|010|0b101"),
        (b"%d %d %x %X %o %b", vec![ity("int64", i64::MIN), uty("uint64", u64::MAX), ity("int64", i64::MIN), uty("uint64", u64::MAX), i(-8), i(-5)], b"-9223372036854775808 18446744073709551615 -8000000000000000 FFFFFFFFFFFFFFFF -10 -101"),
        (b"%.3d|%.0d|%5.0d|%08.3d|%-08d|%+05d|% 05d|%#08x|%x", vec![i(7), i(0), i(0), i(7), i(7), i(-7), i(7), i(255), i(-255)], b"007||     |     007|7       |-0007| 0007|0x000000ff|-ff"),
        (b"%c|%q|%U|%#U|%#U|%c|%q|%+q|%5c|%-4q|", vec![ity("int32", 65), ity("int32", 120), i(0x1F600), i(0x1F600), i(7), i(0x110000), ity("int32", 10), ity("int32", 0xE9), ity("int32", 122), ity("int32", 121)], b"A|'x'|U+1F600|U+1F600 '\xf0\x9f\x98\x80'|U+0007|\xef\xbf\xbd|'\\n'|'\\u00e9'|    z|'y' |"),
        (b"%.6U|%q|%c", vec![i(0x41), i(-1), i(-1)], b"U+000041|'\xef\xbf\xbd'|\xef\xbf\xbd"),
        (b"%s|%10s|%-10s|%.2s|%5.1s|%q|%#q|%#q|%+q|%x|%X|% x|%#x|%# X|%.1x|%010s", vec![s("hé"), s("hé"), s("hé"), s("héllo"), s("héllo"), s("a\"b\n"), s("a\"b"), s("a`b"), s("héllo"), s("hi"), s("hi"), s("hi!"), s("hi"), s("hi"), s("hi"), s("ab")], b"h\xc3\xa9|        h\xc3\xa9|h\xc3\xa9        |h\xc3\xa9|    h|\"a\\\"b\\n\"|`a\"b`|\"a`b\"|\"h\\u00e9llo\"|6869|6869|68 69 21|0x6869|0X68 0X69|68|00000000ab"),
        (b"%s|%q|%x|%v|%d|%#v|%X|% x|%c", vec![by(b"hi"), by(b"hi"), by(b"hi"), by(b"hi"), by(b"hi"), by(b"hi"), by(b""), by(&[1, 171]), by(b"hi")], b"hi|\"hi\"|6869|[104 105]|[104 105]|[]byte{0x68, 0x69}||01 ab|[h i]"),
        (b"%#v|%#v|%v|%s|%#v", vec![bytes_nil(), mybytes(b"hi"), mybytes(b"hi"), mybytes(b"hi"), barr(&[1, 2, 3])], b"[]byte(nil)|main.MyBytes{0x68, 0x69}|[104 105]|hi|[3]uint8{0x1, 0x2, 0x3}"),
        (b"%v|%v|%v|%v|%v|%v|%v|%v|%v|%v", vec![f(3.0), f(2.5e-5), f(1e6), f(100000.0), f(1e21), f(1e20), f(123456789.0), f(0.000001234), f(1.0/3.0), f(0.0)], b"3|2.5e-05|1e+06|100000|1e+21|1e+20|1.23456789e+08|1.234e-06|0.3333333333333333|0"),
        (b"%v|%v|%v|%v|%v|%v", vec![f32(0.1), f32(1.0/3.0), f32(16777216.0), f(f64::INFINITY), f(f64::NEG_INFINITY), f(f64::NAN)], b"0.1|0.33333334|1.6777216e+07|+Inf|-Inf|NaN"),
        (b"%f|%.2f|%8.3f|%-8.2f|%08.2f|%+.1f|% .1f|%e|%E|%.3e|%g|%G|%.3g|%10.4g|%F", vec![f(3.14159), f(3.14159), f(3.14159), f(3.14159), f(-3.14159), f(3.14159), f(3.14159), f(123456.789), f(123456.789), f(0.000123), f(1e-7), f(1e-7), f(1234.5678), f(3.14159), f(2.5)], b"3.141590|3.14|   3.142|3.14    |-0003.14|+3.1| 3.1|1.234568e+05|1.234568E+05|1.230e-04|1e-07|1E-07|1.23e+03|     3.142|2.500000"),
        (b"%#g|%#.3g|%#v|%#f|%#.0f|%#e|%#.0e|%#g|%#x|%x|%X|%b", vec![f(1.0), f(1.0), f(1.0), f(1.0), f(3.0), f(1.0), f(3.0), f(123456789.0), f(1.5), f(1.5), f(-1.5), f(1.0)], b"1.00000|1.00|1|1.000000|3.|1.000000e+00|3.e+00|1.23456789e+08|0x1.8000p+00|0x1.8p+00|-0X1.8P+00|4503599627370496p-52"),
        (b"%5.1f|%-7v|%07v|%+v|% v|%08v|%+08.2f|%010v|%-010v", vec![f(f64::INFINITY), f(f64::NAN), f(f64::NEG_INFINITY), f(f64::NAN), f(f64::NAN), f(-1.5), f(2.0), f(f64::INFINITY), f(1.5)], b" +Inf|NaN    |   -Inf|NaN| NaN|-00001.5|+0002.00|      +Inf|1.5       "),
        (b"%v|%.2f|%+.1e|%v", vec![cx(1.0, 2.0, 128), cx(1.5, -2.25, 128), cx(1.0, 0.0, 128), cx(0.1f32 as f64, 0.2f32 as f64, 64)], b"(1+2i)|(1.50-2.25i)|(+1.0e+00+0.0e+00i)|(0.1+0.2i)"),
        (b"%t|%v|%6t|%-6t|%d", vec![b(true), b(false), b(true), b(false), b(true)], b"true|false|  true|false |%!d(bool=true)"),
        (b"%v|%+v|%#v|%T|%d|%s|%x", vec![pt(1, 2), pt(1, 2), pt(1, 2), pt(1, 2), pt(1, 2), pt(1, 2), pt(10, 255)], b"{1 2}|{X:1 Y:2}|main.Point{X:1, Y:2}|main.Point|{1 2}|{%!s(int=1) %!s(int=2)}|{a ff}"),
        (b"%v|%+v|%#v|%s", vec![ppt(1, 2), ppt(1, 2), ppt(1, 2), ppt(3, 4)], b"&{1 2}|&{X:1 Y:2}|&main.Point{X:1, Y:2}|&{%!s(int=3) %!s(int=4)}"),
        (b"%v|%d|%#v|%v|%s|%q|%x|%T|%v|%#v", vec![ints(&[1, 2, 3]), ints(&[1, 2, 3]), ints(&[1, 2]), strs(&["a", "b"]), strs(&["a", "b"]), strs(&["a", "b"]), strs(&["hi", "yo"]), strs(&[]), nilslice("[]int"), nilslice("[]string")], b"[1 2 3]|[1 2 3]|[]int{1, 2}|[a b]|[a b]|[\"a\" \"b\"]|[6869 796f]|[]string|[]|[]string(nil)"),
        (b"%v|%#v|%v|%#v|%d|%T", vec![msi(), msi(), nilmap("map[string]int"), nilmap("map[string]int"), mib(), msi()], b"map[a:1 b:2 c:3]|map[string]int{\"a\":1, \"b\":2, \"c\":3}|map[]|map[string]int(nil)|map[-1:%!d(bool=false) 2:%!d(bool=true) 3:%!d(bool=true)]|map[string]int"),
        (b"%v|%#v|%v|%x|%s", vec![arr("[2]bool", vec![b(true), b(false)]), arr("[2]string", vec![s("a"), s("b")]), arr("[0]int", vec![]), arr("[2]int", vec![i(10), i(11)]), arr("[2]int", vec![i(1), i(2)])], b"[true false]|[2]string{\"a\", \"b\"}|[]|[a b]|[%!s(int=1) %!s(int=2)]"),
        (b"%v|%+v|%#v", vec![outer(1, "n", Some(vec!["x"]), Some(vec![("k", 1)]), nil_iface("interface {}")), outer(2, "m", None, None, i(5)), outer(3, "q", Some(vec![]), Some(vec![]), s("s"))], b"{1 {n [x]} map[k:1] <nil> <nil> <nil>}|{ID:2 In:{Name:m Tags:[]} M:map[] Any:5 Err:<nil> P:<nil>}|main.Outer{ID:3, In:main.Inner{Name:\"q\", Tags:[]string{}}, M:map[string]int{}, Any:\"s\", Err:error(nil), P:(*main.Point)(nil)}"),
        (b"%v|%s|%d|%q|%x|%#v|%5v|%-8s|", vec![cel(21.5), cel(21.5), cel(21.5), cel(21.5), cel(21.5), cel(21.5), cel(1.0), cel(2.0)], b"21.5C|21.5C|%!d(main.Celsius=21.5)|\"21.5C\"|32312e3543|21.5| 1.0C|2.0C    |"),
        (b"%v|%s|%q|%d|%v|%+v", vec![err(), err(), err(), err(), sl("[]error", vec![err(), nil_iface("error")]), sl("[]interface {}", vec![cel(3.0), i(4)])], b"boom|boom|\"boom\"|&{%!d(string=boom)}|[boom <nil>]|[3.0C 4]"),
        (b"%#v|%#v|%#v|%#v|%v|%+v", vec![sl("[]interface {}", vec![i(1), s("a"), nil_iface("interface {}")]), FmtArg::new("map[string]interface {}", FmtVal::Map { entries: vec![(s("a"), i(1))], nil: false, addr: 1 }), s("str"), i(0x1f), sl("[]error", vec![nil_iface("error")]), FmtArg::new("struct { A *int }", FmtVal::Struct(vec![("A".into(), nilptr("*int"))]))], b"[]interface {}{1, \"a\", interface {}(nil)}|map[string]interface {}{\"a\":1}|\"str\"|31|[<nil>]|{A:<nil>}"),
        (b"%v|%#v|%d|%s|%T|%v|%T", vec![nilptr("*main.Point"), nilptr("*main.Point"), nilptr("*int"), nilptr("*int"), nilptr("*int"), FmtArg::nil(), FmtArg::nil()], b"<nil>|(*main.Point)(nil)|0|%!s(*int=<nil>)|*int|<nil>|<nil>"),
        (b"%d %s", vec![s("hi"), i(5)], b"%!d(string=hi) %!s(int=5)"),
        (b"%!|%z|%5d|%-5t|%.2s", vec![i(1), i(2), s("x"), i(3), f(4.5)], b"%!!(int=1)|%!z(int=2)|%!d(string=    x)|%!t(int=3    )|%!s(float64=4.5)"),
        (b"%d %d %d", vec![i(1)], b"1 %!d(MISSING) %!d(MISSING)"),
        (b"%d", vec![i(1), i(2), s("x"), FmtArg::nil(), f(3.5)], b"1%!(EXTRA int=2, string=x, <nil>, float64=3.5)"),
        (b"%", vec![], b"%!(NOVERB)"),
        (b"abc%", vec![i(1)], b"abc%!(NOVERB)%!(EXTRA int=1)"),
        (b"%-", vec![i(1)], b"%!(NOVERB)%!(EXTRA int=1)"),
        (b"%*d|%-*d|%*d|%.*f|%*.*f|%.*d", vec![i(5), i(1), i(5), i(2), i(-5), i(3), i(2), f(3.14159), i(8), i(3), f(3.14159), i(-1), i(42)], b"    1|2    |3    |3.14|   3.142|%!(BADPREC)42"),
        (b"%*d|%.*d", vec![s("x"), i(1), s("y"), i(2)], b"%!(BADWIDTH)1|%!(BADPREC)2"),
        (b"%[2]d %[1]d|%[3]*.[2]*[1]f|%[5]d|%[1]d %d %d|%[0]d|%[x]d|%[2]", vec![f(12.0), i(2), i(6), i(4), i(5)], b"2 %!d(float64=12)| 12.00|5|%!d(float64=12) 2 6|%!d(BADINDEX)|%!d(BADINDEX)|%!(NOVERB)"),
        (b"%[1]d %[1]x %[1]o|%.[1]d|%[1]2d", vec![i(10)], b"10 a 12|10|%!d(BADINDEX)"),
        (b"%%|%5%|%-5%|%d%%", vec![i(3)], b"%|%|%|3%"),
        (b"%10T|%-10T|%.3T|%T %T %T %T", vec![i(1), s("s"), f(1.5), ints(&[]), FmtArg::new("map[string]bool", FmtVal::Map { entries: vec![], nil: false, addr: 1 }), pt(0, 0), ppt(0, 0)], b"       int|string    |flo|[]int map[string]bool main.Point *main.Point"),
        (b"%s|%v|%d", vec![anys(), anys(), anys()], b"[a %!s(int=1) <nil>]|[a 1 <nil>]|[%!d(string=a) 1 <nil>]"),
        (b"%v|%.1v|%6.2v|%x|%X|%#x", vec![s("héllo"), s("héllo"), s("héllo"), s("héllo"), strs(&["ab"]), s("ab")], b"h\xc3\xa9llo|h|    h\xc3\xa9|68c3a96c6c6f|[6162]|0x6162"),
        (b"%08.3f|%-08.3f|%+08d|%x|%.3x|%8.3x|%-#10x|%#X|% d|%+ d", vec![f(-3.14159), f(3.14159), i(42), i(-1), i(255), i(255), i(255), i(255), i(-5), i(5)], b"-003.142|3.142   |+0000042|-1|0ff|     0ff|0xff      |0XFF|-5|+5"),
        (b"%d|%v|%x|%o", vec![uty("uint8", 200), ity("int8", -100), uty("uint16", 65535), ity("int32", -8)], b"200|-100|ffff|-10"),
        (b"%#v|%#v|%#v|%#v|%#v", vec![uty("uint8", 200), ity("int8", -1), ity("int32", 120), uty("uint", 7), b(true)], b"0xc8|-1|120|0x7|true"),
        (b"%v|%v|%v|%v", vec![mapf(), mapb(), mappt(), maparr()], b"map[NaN:n -1:b 1:a]|map[false:0 true:1]|map[{1 2}:2 {2 1}:1]|map[[1 9]:2 [2 1]:1]"),
        (b"%e|%.0e|%.10e|%g|%.0f|%.1f|%.1f|%.2f|%.3g|%g|%g", vec![f(0.0), f(5e-324), f(1.0/3.0), f(1e100), f(0.5), f(0.25), f(0.35), f(1.005), f(100.0), f(1e-5), f(123456.0)], b"0.000000e+00|5e-324|3.3333333333e-01|1e+100|0|0.2|0.3|1.00|100|1e-05|123456"),
        (b"%v %v %v %v", vec![f32(3.4028235e38), f32(1e-45), f(f64::MAX), f(5e-324)], b"3.4028235e+38 1e-45 1.7976931348623157e+308 5e-324"),
        (b"%.3s|%.10q|%5.2x|%.0s|", vec![by("héllo".as_bytes()), s("héllo"), by(b"abc"), s("abc")], b"h\xc3\xa9l|\"h\xc3\xa9llo\"| 6162||"),
        (b"%s %v", vec![s(b"\xff\xfe".to_vec()), s(b"a\x00b".to_vec())], b"\xff\xfe a\x00b"),
        (b"%q|%+q|%#q|%x", vec![s(b"\xff\xc3\xa9\xe2\x80\x8b\xf0\x9f\x98\x80".to_vec()), s(b"\xff\xc3\xa9\xe2\x80\x8b\xf0\x9f\x98\x80".to_vec()), s("\u{feff}"), s(b"\xff".to_vec())], b"\"\\xff\xc3\xa9\\u200b\xf0\x9f\x98\x80\"|\"\\xff\\u00e9\\u200b\\U0001f600\"|\"\\ufeff\"|ff"),
        (b"%w|%v", vec![err(), i(1)], b"%!w(*errors.errorString=&{boom})|1"),
        (b"%6.2f%%|%x|%X|%#x|%#v", vec![f(99.5), s(""), by(b""), s(""), s("")], b" 99.50%||||\"\""),
        (b"%5x|%-5x|%05x|%5s|", vec![s(""), s(""), s("ab"), bytes_nil()], b"     |     |06162|     |"),
        (b"%v %v", vec![FmtArg::new("main.C", FmtVal::Struct(vec![("s".into(), s("x")), ("r".into(), ity("int32", 121)), ("b".into(), by(b"z"))])), FmtArg::new("struct {}", FmtVal::Struct(vec![]))], b"{x 121 [122]} {}"),
        (b"%+v|%#v", vec![FmtArg::new("main.C", FmtVal::Struct(vec![("s".into(), s("x")), ("r".into(), ity("int32", 121)), ("b".into(), bytes_nil())])), FmtArg::new("main.C", FmtVal::Struct(vec![("s".into(), s("x")), ("r".into(), ity("int32", 121)), ("b".into(), bytes_nil())]))], b"{s:x r:121 b:[]}|main.C{s:\"x\", r:121, b:[]uint8(nil)}"),
        (b"%v|%x|%s|%d", vec![FmtArg::new("*[]int", FmtVal::Ptr { addr: 1, pointee: Some(Box::new(ints(&[1, 2]))) }), FmtArg::new("*map[string]int", FmtVal::Ptr { addr: 1, pointee: Some(Box::new(FmtArg::new("map[string]int", FmtVal::Map { entries: vec![(s("a"), i(1))], nil: false, addr: 2 }))) }), FmtArg::new("*[]string", FmtVal::Ptr { addr: 1, pointee: Some(Box::new(strs(&["a"]))) }), FmtArg::new("*[2]int", FmtVal::Ptr { addr: 1, pointee: Some(Box::new(arr("[2]int", vec![i(1), i(2)]))) })], b"&[1 2]|&map[61:1]|&[a]|&[1 2]"),
        (b"%s|%d|%v", vec![FmtArg::new("*errors.errorString", FmtVal::Methods { text: b"invalid syntax".to_vec(), inner: Box::new(nilptr("*errors.errorString")), go_string: false }), sl("[]int8", vec![ity("int8", -1)]), sl("[][]int", vec![ints(&[1]), ints(&[2, 3]), nilslice("[]int")])], b"invalid syntax|[-1]|[[1] [2 3] []]"),
    ]
    }

    fn show(b: &[u8]) -> String {
        String::from_utf8_lossy(b).into_owned()
    }

    #[test]
    fn sprintf_matches_go() {
        let mut failures = Vec::new();
        for (format, mut args, want) in cases() {
            let mut out = Vec::new();
            sprintf(&mut out, format, &mut args);
            if out != want {
                failures.push(format!(
                    "{}\n   got: {}\n  want: {}",
                    show(format),
                    show(&out),
                    show(want)
                ));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn sprint_and_sprintln_match_go() {
        let args = vec![
            i(1),
            i(2),
            s("a"),
            s("b"),
            i(3),
            f(4.5),
            s("c"),
            FmtArg::nil(),
            b(true),
            FmtArg::nil(),
        ];
        let mut out = Vec::new();
        sprint(&mut out, &args);
        assert_eq!(show(&out), show(b"1 2ab3 4.5c<nil> true <nil>"));
        out.clear();
        sprintln(&mut out, &args);
        assert_eq!(show(&out), show(b"1 2 a b 3 4.5 c <nil> true <nil>\x0a"));
        out.clear();
        sprint(
            &mut out,
            &[cel(2.0), cel(3.0), by(b"hi"), err(), ppt(1, 2), i(3)],
        );
        assert_eq!(show(&out), show(b"2.0C 3.0C [104 105] boom &{1 2} 3"));
    }

    #[test]
    fn pointers_print_addresses() {
        // Nested pointers print as hex addresses; %p too.
        let nested = sl("[]*main.Point", vec![ppt(1, 2)]);
        let mut out = Vec::new();
        sprintf(
            &mut out,
            b"%v %p %#p %v",
            &mut vec![
                nested,
                ppt(0, 0),
                ppt(0, 0),
                FmtArg::new("func()", FmtVal::Func(0x4a0b20)),
            ],
        );
        assert_eq!(
            show(&out),
            "[0xc000012345] 0xc000012345 c000012345 0x4a0b20"
        );
    }

    #[test]
    fn errorf_wraps() {
        let mut out = Vec::new();
        let wrapped = errorf(&mut out, b"ctx: %w (%d)", &mut vec![err(), i(3)]);
        assert_eq!(show(&out), "ctx: boom (3)");
        assert_eq!(wrapped, vec![0]);
        out.clear();
        errorf(&mut out, b"%w", &mut vec![i(3)]);
        assert_eq!(show(&out), "%!w(int=3)");
    }

    /// Tiny deterministic PRNG so the fuzz test needs no dependencies.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    #[test]
    fn fuzz_never_panics() {
        let alphabet: &[u8] = b"%%%%#0+- 123456789.*[]vdsqxXobcUeEfFgGtTpwz\xff\xc3";
        let pool = || {
            vec![
                i(-7),
                uty("uint8", 200),
                f(-1.5e300),
                f32(0.1),
                f(f64::NAN),
                s(b"h\xffi".to_vec()),
                by(b"\x00z"),
                FmtArg::nil(),
                pt(1, 2),
                ppt(3, 4),
                msi(),
                mapf(),
                anys(),
                nilslice("[]int"),
                cel(1.0),
                err(),
                cx(1.0, -2.0, 128),
                outer(1, "n", None, None, i(2)),
                i(1_000_001),
                i(-3),
            ]
        };
        let mut rng = Rng(0x9E3779B97F4A7C15);
        for _ in 0..20000 {
            let len = (rng.next() % 12) as usize;
            let fmt: Vec<u8> = (0..len)
                .map(|_| alphabet[(rng.next() % alphabet.len() as u64) as usize])
                .collect();
            let all = pool();
            let n = (rng.next() % 4) as usize;
            let args: Vec<FmtArg> = (0..n)
                .map(|_| all[(rng.next() % all.len() as u64) as usize].clone())
                .collect();
            let mut out = Vec::new();
            sprintf_values(&mut out, &fmt, &args);
            sprint(&mut out, &args);
            sprintln(&mut out, &args);
        }
    }
}
