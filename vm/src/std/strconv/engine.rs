//! Go's `strconv`: integer/float/bool formatting and parsing, and quoting.
//!
//! Parse functions return Go's `(value, error)` shape as `(T, Option<NumError>)`
//! because Go returns a meaningful value alongside some errors (the clamped
//! value for out-of-range integers, ±Inf for out-of-range floats), and the
//! interpreter glue needs both halves to build the Go result tuple.
//!
//! Float formatting obtains decimal digits from Rust's formatter (which yields
//! the shortest round-tripping digits for `{:e}` and correctly rounded,
//! round-half-even digits for an explicit precision — the same digits Go
//! produces) and then lays them out exactly as Go's `fmtE`/`fmtF`/`%g` rules.

use crate::stdlib::unicode::engine as unicode;
use crate::stdlib::unicode::utf8::engine as utf8;

/// Why a conversion failed, mirroring Go's `strconv` error values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumErrorKind {
    /// `strconv.ErrSyntax`: "invalid syntax".
    Syntax,
    /// `strconv.ErrRange`: "value out of range".
    Range,
    /// "invalid base N".
    Base(i64),
    /// "invalid bit size N".
    BitSize(i64),
}

/// Go's `*strconv.NumError`. Its `Display` is Go's `Error()` text, e.g.
/// `strconv.Atoi: parsing "12a": invalid syntax`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumError {
    /// The failing function: "ParseInt", "ParseUint", "ParseFloat", "ParseBool", "Atoi".
    pub func: &'static str,
    /// The input that failed to parse.
    pub num: Vec<u8>,
    /// The reason.
    pub kind: NumErrorKind,
}

impl NumError {
    fn new(func: &'static str, num: &[u8], kind: NumErrorKind) -> Self {
        NumError {
            func,
            num: num.to_vec(),
            kind,
        }
    }

    /// Go's `Err.Error()` for the underlying reason.
    pub fn reason(&self) -> String {
        match &self.kind {
            NumErrorKind::Syntax => "invalid syntax".to_string(),
            NumErrorKind::Range => "value out of range".to_string(),
            NumErrorKind::Base(b) => format!("invalid base {b}"),
            NumErrorKind::BitSize(b) => format!("invalid bit size {b}"),
        }
    }

    /// The full error text as bytes (the input may be invalid UTF-8, which
    /// `quote` escapes, so the message is always valid UTF-8 in practice).
    pub fn message(&self) -> Vec<u8> {
        let mut m = format!("strconv.{}: parsing ", self.func).into_bytes();
        m.extend_from_slice(&quote(&self.num));
        m.extend_from_slice(b": ");
        m.extend_from_slice(self.reason().as_bytes());
        m
    }
}

impl std::fmt::Display for NumError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&String::from_utf8_lossy(&self.message()))
    }
}

impl std::error::Error for NumError {}

// ---------------------------------------------------------------- integers

const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// `strconv.FormatUint`. Returns `None` for a base outside 2..=36 (Go panics).
pub fn format_uint(mut u: u64, base: u32) -> Option<String> {
    if !(2..=36).contains(&base) {
        return None;
    }
    let mut buf = [0u8; 64];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = DIGITS[(u % base as u64) as usize];
        u /= base as u64;
        if u == 0 {
            break;
        }
    }
    Some(String::from_utf8_lossy(&buf[i..]).into_owned())
}

/// `strconv.FormatInt`. Returns `None` for a base outside 2..=36 (Go panics).
pub fn format_int(i: i64, base: u32) -> Option<String> {
    let s = format_uint(i.unsigned_abs(), base)?;
    Some(if i < 0 { format!("-{s}") } else { s })
}

/// `strconv.Itoa`.
pub fn itoa(i: i64) -> String {
    i.to_string()
}

/// Go's `underscoreOK`: underscores must separate digits (a base prefix
/// counts as a digit).
fn underscore_ok(s: &[u8]) -> bool {
    let mut saw = b'^';
    let mut s = s;
    if let Some(&c) = s.first() {
        if c == b'-' || c == b'+' {
            s = &s[1..];
        }
    }
    let mut i = 0;
    let mut hex = false;
    if s.len() >= 2 && s[0] == b'0' && matches!(s[1].to_ascii_lowercase(), b'b' | b'o' | b'x') {
        i = 2;
        saw = b'0';
        hex = s[1].eq_ignore_ascii_case(&b'x');
    }
    while i < s.len() {
        let c = s[i];
        if c.is_ascii_digit() || hex && c.is_ascii_hexdigit() {
            saw = b'0';
        } else if c == b'_' {
            if saw != b'0' {
                return false;
            }
            saw = b'_';
        } else {
            if saw == b'_' {
                return false;
            }
            saw = b'!';
        }
        i += 1;
    }
    saw != b'_'
}

/// Core of ParseUint, returning Go's value and a bare error kind.
fn parse_uint_kind(s: &[u8], base: i64, bit_size: i64) -> (u64, Option<NumErrorKind>) {
    if s.is_empty() {
        return (0, Some(NumErrorKind::Syntax));
    }
    let base0 = base == 0;
    let s0 = s;
    let mut s = s;
    let base: u64 = match base {
        2..=36 => base as u64,
        0 => {
            if s[0] == b'0' {
                if s.len() >= 3 && matches!(s[1].to_ascii_lowercase(), b'b' | b'o' | b'x') {
                    let b = match s[1].to_ascii_lowercase() {
                        b'b' => 2,
                        b'o' => 8,
                        _ => 16,
                    };
                    s = &s[2..];
                    b
                } else {
                    s = &s[1..];
                    8
                }
            } else {
                10
            }
        }
        _ => return (0, Some(NumErrorKind::Base(base))),
    };
    let bit_size = match bit_size {
        0 => 64,
        1..=64 => bit_size,
        _ => return (0, Some(NumErrorKind::BitSize(bit_size))),
    };
    let cutoff = u64::MAX / base + 1;
    let max_val = if bit_size == 64 {
        u64::MAX
    } else {
        (1u64 << bit_size) - 1
    };
    let mut underscores = false;
    let mut n: u64 = 0;
    for &c in s {
        let d = match c {
            b'_' if base0 => {
                underscores = true;
                continue;
            }
            b'0'..=b'9' => c - b'0',
            _ if c.to_ascii_lowercase().is_ascii_lowercase() => c.to_ascii_lowercase() - b'a' + 10,
            _ => return (0, Some(NumErrorKind::Syntax)),
        };
        if d as u64 >= base {
            return (0, Some(NumErrorKind::Syntax));
        }
        if n >= cutoff {
            return (max_val, Some(NumErrorKind::Range));
        }
        n *= base;
        let n1 = n.wrapping_add(d as u64);
        if n1 < n || n1 > max_val {
            return (max_val, Some(NumErrorKind::Range));
        }
        n = n1;
    }
    if underscores && !underscore_ok(s0) {
        return (0, Some(NumErrorKind::Syntax));
    }
    (n, None)
}

/// `strconv.ParseUint(s, base, bitSize)`.
pub fn parse_uint(s: &[u8], base: i64, bit_size: i64) -> (u64, Option<NumError>) {
    let (v, e) = parse_uint_kind(s, base, bit_size);
    (v, e.map(|k| NumError::new("ParseUint", s, k)))
}

fn parse_int_kind(s: &[u8], base: i64, bit_size: i64) -> (i64, Option<NumErrorKind>) {
    if s.is_empty() {
        return (0, Some(NumErrorKind::Syntax));
    }
    let (neg, body) = match s[0] {
        b'+' => (false, &s[1..]),
        b'-' => (true, &s[1..]),
        _ => (false, s),
    };
    let (un, err) = parse_uint_kind(body, base, bit_size);
    if let Some(k) = &err {
        if *k != NumErrorKind::Range {
            return (0, err);
        }
    }
    let bit_size = if bit_size == 0 { 64 } else { bit_size };
    let cutoff = 1u64 << (bit_size - 1);
    if !neg && un >= cutoff {
        return ((cutoff - 1) as i64, Some(NumErrorKind::Range));
    }
    if neg && un > cutoff {
        return ((cutoff as i64).wrapping_neg(), Some(NumErrorKind::Range));
    }
    let n = if neg {
        (un as i64).wrapping_neg()
    } else {
        un as i64
    };
    (n, None)
}

/// `strconv.ParseInt(s, base, bitSize)`; on overflow the value is clamped,
/// as in Go.
pub fn parse_int(s: &[u8], base: i64, bit_size: i64) -> (i64, Option<NumError>) {
    let (v, e) = parse_int_kind(s, base, bit_size);
    (v, e.map(|k| NumError::new("ParseInt", s, k)))
}

/// `strconv.Atoi` (64-bit `int`). Errors name the function "Atoi".
pub fn atoi(s: &[u8]) -> (i64, Option<NumError>) {
    let (v, e) = parse_int_kind(s, 10, 0);
    (v, e.map(|k| NumError::new("Atoi", s, k)))
}

/// `strconv.ParseBool`.
pub fn parse_bool(s: &[u8]) -> (bool, Option<NumError>) {
    match s {
        b"1" | b"t" | b"T" | b"true" | b"TRUE" | b"True" => (true, None),
        b"0" | b"f" | b"F" | b"false" | b"FALSE" | b"False" => (false, None),
        _ => (
            false,
            Some(NumError::new("ParseBool", s, NumErrorKind::Syntax)),
        ),
    }
}

/// `strconv.FormatBool`.
pub fn format_bool(b: bool) -> &'static str {
    if b {
        "true"
    } else {
        "false"
    }
}

// ---------------------------------------------------------------- float parsing

/// Go's `special`: "inf", "infinity", "nan" (any case, inf/infinity signed).
/// Returns the value and bytes consumed.
fn parse_special(s: &[u8]) -> Option<(f64, usize)> {
    let lower_prefix = |s: &[u8], word: &[u8]| {
        s.iter()
            .zip(word)
            .take_while(|(a, b)| a.to_ascii_lowercase() == **b)
            .count()
    };
    let (sign, nsign, rest) = match s.first()? {
        b'+' => (1.0, 1, &s[1..]),
        b'-' => (-1.0, 1, &s[1..]),
        _ => (1.0, 0, s),
    };
    match rest.first()?.to_ascii_lowercase() {
        b'i' => {
            let n = lower_prefix(rest, b"infinity");
            let n = if 3 < n && n < 8 { 3 } else { n };
            if n == 3 || n == 8 {
                return Some((sign * f64::INFINITY, nsign + n));
            }
            None
        }
        b'n' if nsign == 0 && lower_prefix(rest, b"nan") == 3 => Some((f64::NAN, 3)),
        _ => None,
    }
}

/// Result of scanning a float literal the way Go's `readFloat` does.
struct Scanned {
    /// Consumed length.
    n: usize,
    neg: bool,
    hex: bool,
    /// Cleaned decimal text (no underscores) for the decimal case.
    text: String,
    /// Hex mantissa (up to 16 hex digits), binary exponent, and whether
    /// nonzero digits were dropped.
    mant: u64,
    exp: i64,
    trunc: bool,
}

fn read_float(s: &[u8]) -> Option<Scanned> {
    let mut i = 0;
    let mut neg = false;
    let mut underscores = false;
    match s.first()? {
        b'+' => i += 1,
        b'-' => {
            i += 1;
            neg = true
        }
        _ => {}
    }
    let mut hex = false;
    if i + 2 < s.len() && s[i] == b'0' && s[i + 1].eq_ignore_ascii_case(&b'x') {
        hex = true;
        i += 2;
    }
    let mut text = String::new();
    let (mut sawdot, mut sawdigits) = (false, false);
    // Hex bookkeeping, as in Go: nd digits seen (after leading zeros), ndmant
    // digits kept in mant, dp the position of the point in digits.
    let (mut nd, mut ndmant, mut dp) = (0i64, 0i64, 0i64);
    let (mut mant, mut trunc) = (0u64, false);
    while i < s.len() {
        let c = s[i];
        if c == b'_' {
            underscores = true;
        } else if c == b'.' {
            if sawdot {
                break;
            }
            sawdot = true;
            dp = nd;
            text.push('.');
        } else if c.is_ascii_digit() || hex && c.is_ascii_hexdigit() {
            sawdigits = true;
            text.push(c as char);
            if c == b'0' && nd == 0 {
                dp -= 1;
            } else {
                nd += 1;
                if ndmant < 16 {
                    mant = mant * 16 + (c as char).to_digit(16).unwrap_or(0) as u64;
                    ndmant += 1;
                } else if c != b'0' {
                    trunc = true;
                }
            }
        } else {
            break;
        }
        i += 1;
    }
    if !sawdigits {
        return None;
    }
    if !sawdot {
        dp = nd;
    }
    let exp_char = if hex { b'p' } else { b'e' };
    let mut e: i64 = 0;
    let mut has_exp = false;
    if i < s.len() && s[i].to_ascii_lowercase() == exp_char {
        i += 1;
        let mut esign = 1;
        match s.get(i) {
            Some(b'+') => i += 1,
            Some(b'-') => {
                i += 1;
                esign = -1
            }
            _ => {}
        }
        if i >= s.len() || !s[i].is_ascii_digit() {
            return None;
        }
        while i < s.len() && (s[i].is_ascii_digit() || s[i] == b'_') {
            if s[i] == b'_' {
                underscores = true;
            } else if e < 10000 {
                // Go stops accumulating at 10000: the result is ±Inf or 0 anyway.
                e = e * 10 + (s[i] - b'0') as i64;
            }
            i += 1;
        }
        e *= esign;
        has_exp = true;
    } else if hex {
        // Hex floats require a 'p' exponent.
        return None;
    }
    if underscores && !underscore_ok(&s[..i]) {
        return None;
    }
    if has_exp && !hex {
        text.push_str(&format!("e{e}"));
    }
    let exp = if hex && mant != 0 {
        dp * 4 - ndmant * 4 + e
    } else {
        0
    };
    Some(Scanned {
        n: i,
        neg,
        hex,
        text,
        mant,
        exp,
        trunc,
    })
}

/// Rounds `mant * 2^exp` (plus a sticky bit for dropped nonzero digits) to the
/// nearest float of the given precision, ties to even.
fn hex_to_float(mant: u64, exp: i64, trunc: bool, bit_size: u32) -> (f64, bool) {
    if mant == 0 {
        return (0.0, false);
    }
    let (mant_bits, min_exp, max_exp) = if bit_size == 32 {
        (24i64, -149i64, 127i64)
    } else {
        (53, -1074, 1023)
    };
    // Normalize so the value is m * 2^e with m having exactly 64 bits.
    let lz = mant.leading_zeros() as i64;
    let m = mant << lz;
    let e = exp - lz; // value = m * 2^e
                      // Exponent of the leading bit: value in [2^(e+63), 2^(e+64)).
    let top = e + 63;
    // Lowest kept bit's exponent: normally top-(mant_bits-1), but not below min_exp.
    let low = (top - (mant_bits - 1)).max(min_exp);
    let shift = low - e; // number of low bits of m to drop
    let (mut kept, rem_half, rem_rest) = if shift >= 64 {
        // All bits dropped: value < 2^low.
        let half = shift == 64 && (m >> 63) == 1;
        let rest = if shift == 64 { m << 1 != 0 } else { true };
        (0u64, half, rest || trunc)
    } else if shift <= 0 {
        (m, false, trunc)
    } else {
        let kept = m >> shift;
        let dropped = m << (64 - shift);
        (kept, dropped >> 63 == 1, (dropped << 1) != 0 || trunc)
    };
    if rem_half && (rem_rest || kept & 1 == 1) {
        kept += 1;
    }
    // shift > 0 always holds (m is normalized to 64 bits), but be safe.
    let mut low = if shift <= 0 { e } else { low };
    // Rounding may have carried into an extra bit; renormalize (exact).
    if kept >> mant_bits != 0 {
        kept >>= 1;
        low += 1;
    }
    let f = (kept as f64) * pow2(low);
    let top_exp = if kept == 0 {
        i64::MIN
    } else {
        low + 63 - kept.leading_zeros() as i64
    };
    if top_exp > max_exp {
        return (f64::INFINITY, true);
    }
    if bit_size == 32 {
        let g = f as f32;
        return (g as f64, g.is_infinite());
    }
    (f, false)
}

/// 2^e as f64 (exact over the float64 range, including subnormals).
fn pow2(e: i64) -> f64 {
    if e > 1023 {
        f64::INFINITY
    } else if e >= -1022 {
        f64::from_bits(((e + 1023) as u64) << 52)
    } else if e >= -1074 {
        f64::from_bits(1u64 << (e + 1074))
    } else {
        0.0
    }
}

/// `strconv.ParseFloat(s, bitSize)` (bitSize 32 rounds to float32 first).
/// Accepts Go's syntax: sign, decimal or `0x` hex mantissa (hex needs a `p`
/// exponent), underscores between digits, "inf"/"infinity"/"nan".
/// Out-of-range values return ±Inf with a Range error, as Go does.
pub fn parse_float(s: &[u8], bit_size: u32) -> (f64, Option<NumError>) {
    let syntax = || {
        (
            0.0,
            Some(NumError::new("ParseFloat", s, NumErrorKind::Syntax)),
        )
    };
    if let Some((v, n)) = parse_special(s) {
        if n == s.len() {
            return (v, None);
        }
        return syntax();
    }
    let Some(sc) = read_float(s) else {
        return syntax();
    };
    if sc.n != s.len() {
        return syntax();
    }
    let (mut v, range) = if sc.hex {
        hex_to_float(sc.mant, sc.exp, sc.trunc, bit_size)
    } else if bit_size == 32 {
        match sc.text.parse::<f32>() {
            Ok(f) => (f as f64, f.is_infinite()),
            Err(_) => return syntax(),
        }
    } else {
        match sc.text.parse::<f64>() {
            Ok(f) => (f, f.is_infinite()),
            Err(_) => return syntax(),
        }
    };
    if sc.neg {
        v = -v;
    }
    if range {
        let inf = if sc.neg {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        return (
            inf,
            Some(NumError::new("ParseFloat", s, NumErrorKind::Range)),
        );
    }
    (v, None)
}

// ---------------------------------------------------------------- float formatting

/// Decimal digits `d` (ASCII, no leading or trailing zeros; empty for zero)
/// with the decimal point at `dp`: value = 0.d × 10^dp.
struct Decimal {
    d: Vec<u8>,
    dp: i64,
}

impl Decimal {
    /// Parses Rust's `{:e}` output ("1.2345e-7", "1e5") of a non-negative value.
    fn from_sci(s: &str) -> Decimal {
        let (m, e) = s.split_once('e').unwrap_or((s, "0"));
        let exp: i64 = e.parse().unwrap_or(0);
        let mut d: Vec<u8> = m.bytes().filter(u8::is_ascii_digit).collect();
        Self::normalize(&mut d, exp + 1)
    }

    /// Parses Rust's `{:.N}` fixed output ("123.4500", "0.0012") of a
    /// non-negative value.
    fn from_fixed(s: &str) -> Decimal {
        let int_len = s.find('.').unwrap_or(s.len()) as i64;
        let mut d: Vec<u8> = s.bytes().filter(u8::is_ascii_digit).collect();
        Self::normalize(&mut d, int_len)
    }

    fn normalize(d: &mut Vec<u8>, mut dp: i64) -> Decimal {
        let lead = d.iter().take_while(|&&c| c == b'0').count();
        if lead == d.len() {
            return Decimal {
                d: Vec::new(),
                dp: 0,
            };
        }
        d.drain(..lead);
        dp -= lead as i64;
        while d.last() == Some(&b'0') {
            d.pop();
        }
        Decimal {
            d: std::mem::take(d),
            dp,
        }
    }
}

/// Shortest decimal digits that round-trip to `a` (as float32 if `is32`).
///
/// Rust's `{:e}` yields shortest round-tripping digits, choosing the one
/// closest to the exact value. When the exact value lies exactly halfway
/// between two shortest candidates, Go picks the one with an even last digit
/// while Rust rounds up, so such ties are detected and re-decided here.
fn shortest_digits(a: f64, is32: bool) -> Decimal {
    let dec = if is32 {
        Decimal::from_sci(&format!("{:e}", a as f32))
    } else {
        Decimal::from_sci(&format!("{a:e}"))
    };
    let n = dec.d.len();
    // The exact value rounded to n+1 significant digits: a tie needs it to
    // end in 5 and to be exact.
    let t = format!("{:.*e}", n, a);
    let (tm, te) = t.split_once('e').unwrap_or((&t, "0"));
    let tdigits: Vec<u8> = tm.bytes().filter(u8::is_ascii_digit).collect();
    if tdigits.last() != Some(&b'5') {
        return dec;
    }
    // A float64 has at most 767 significant decimal digits.
    let exact = format!("{:.*e}", n + 800, a);
    let exact_digits = exact.split_once('e').map_or("", |(m, _)| m);
    if exact_digits
        .bytes()
        .filter(u8::is_ascii_digit)
        .skip(n + 1)
        .any(|c| c != b'0')
    {
        return dec;
    }
    let exp: i64 = te.parse().unwrap_or(0);
    // Candidates: truncate to n digits (low) or round up (high).
    let low: Vec<u8> = tdigits[..n].to_vec();
    let mut high = low.clone();
    let mut high_exp = exp;
    let mut k = n;
    loop {
        if k == 0 {
            high.insert(0, b'1');
            high.pop();
            high_exp += 1;
            break;
        }
        k -= 1;
        if high[k] == b'9' {
            high[k] = b'0';
        } else {
            high[k] += 1;
            break;
        }
    }
    let round_trips = |d: &[u8], e: i64| -> bool {
        let text = format!("{}e{}", String::from_utf8_lossy(d), e - (n as i64 - 1));
        if is32 {
            text.parse::<f32>().map(|v| v as f64 == a).unwrap_or(false)
        } else {
            text.parse::<f64>().map(|v| v == a).unwrap_or(false)
        }
    };
    let low_even = low.last().is_some_and(|c| (c - b'0') & 1 == 0);
    let (first, second) = if low_even {
        ((low, exp), (high, high_exp))
    } else {
        ((high, high_exp), (low, exp))
    };
    for (mut d, e) in [first, second] {
        if round_trips(&d, e) {
            return Decimal::normalize(&mut d, e + 1);
        }
    }
    dec
}

/// `strconv.FormatFloat(f, fmt, prec, bitSize)` for fmt in `e E f g G b x X`
/// (an unknown fmt yields `%` followed by the byte, as in Go). `prec < 0`
/// means the shortest representation that round-trips at `bit_size` (32 or 64).
pub fn format_float(f: f64, fmt: u8, prec: i64, bit_size: u32) -> String {
    let mut out = Vec::new();
    append_float(&mut out, f, fmt, prec, bit_size);
    String::from_utf8(out).unwrap_or_default()
}

/// Like [`format_float`] but appends to a byte buffer.
pub fn append_float(out: &mut Vec<u8>, f: f64, fmt: u8, prec: i64, bit_size: u32) {
    let is32 = bit_size == 32;
    let f = if is32 { f as f32 as f64 } else { f };
    if f.is_nan() {
        out.extend_from_slice(b"NaN");
        return;
    }
    if f.is_infinite() {
        out.extend_from_slice(if f < 0.0 { b"-Inf" } else { b"+Inf" });
        return;
    }
    let neg = f.is_sign_negative();
    let a = f.abs();
    match fmt {
        b'b' => return fmt_b(out, neg, a, is32),
        b'x' | b'X' => return fmt_x(out, prec, fmt, neg, a, is32),
        b'e' | b'E' | b'f' | b'g' | b'G' => {}
        _ => {
            out.push(b'%');
            out.push(fmt);
            return;
        }
    }
    // Precision is bounded in practice by fmt's 1e6 limit; clamp so a huge
    // value from strconv cannot exhaust memory.
    let mut prec = prec.min(10_000_000);
    if a == 0.0 {
        return fmt_efg(
            out,
            neg,
            &Decimal {
                d: Vec::new(),
                dp: 0,
            },
            prec,
            fmt,
            prec < 0,
        );
    }
    if prec < 0 {
        let dec = shortest_digits(a, is32);
        let nd = dec.d.len() as i64;
        prec = match fmt {
            b'e' | b'E' => (nd - 1).max(0),
            b'f' => (nd - dec.dp).max(0),
            _ => nd,
        };
        return fmt_efg(out, neg, &dec, prec, fmt, true);
    }
    // Fixed precision: Rust rounds the exact binary value half-to-even, as
    // Go does. Float32 values are exactly representable as f64, so
    // formatting the widened value gives float32's digits.
    let dec = match fmt {
        b'e' | b'E' => Decimal::from_sci(&format!("{:.*e}", prec as usize, a)),
        b'f' => Decimal::from_fixed(&format!("{:.*}", prec as usize, a)),
        _ => {
            if prec == 0 {
                prec = 1;
            }
            Decimal::from_sci(&format!("{:.*e}", (prec - 1) as usize, a))
        }
    };
    fmt_efg(out, neg, &dec, prec, fmt, false)
}

/// Go's `fmtEFG` layout (%e, %f and the %g choice between them).
fn fmt_efg(out: &mut Vec<u8>, neg: bool, dec: &Decimal, prec: i64, fmt: u8, shortest: bool) {
    let nd = dec.d.len() as i64;
    let dp = dec.dp;
    let (mut prec, mut fmt) = (prec, fmt);
    if fmt == b'g' || fmt == b'G' {
        let mut eprec = prec;
        if eprec > nd && nd >= dp {
            eprec = nd;
        }
        // %e is used if the exponent is < -4 or >= the precision; for the
        // shortest form Go uses precision 6 for this decision.
        if shortest {
            eprec = 6;
        }
        let exp = dp - 1;
        if exp < -4 || exp >= eprec {
            if prec > nd {
                prec = nd;
            }
            prec -= 1;
            fmt = fmt + b'e' - b'g';
        } else {
            if prec > dp {
                prec = nd;
            }
            prec = (prec - dp).max(0);
            fmt = b'f';
        }
    }
    let digit = |i: i64| -> u8 {
        if i >= 0 && i < nd {
            dec.d[i as usize]
        } else {
            b'0'
        }
    };
    if neg {
        out.push(b'-');
    }
    if fmt == b'e' || fmt == b'E' {
        out.push(digit(0));
        if prec > 0 {
            out.push(b'.');
            for i in 1..=prec {
                out.push(digit(i));
            }
        }
        out.push(fmt);
        let mut exp = if nd == 0 { 0 } else { dp - 1 };
        if exp < 0 {
            out.push(b'-');
            exp = -exp;
        } else {
            out.push(b'+');
        }
        if exp < 10 {
            out.push(b'0');
        }
        out.extend_from_slice(exp.to_string().as_bytes());
        return;
    }
    // %f
    if dp > 0 {
        for i in 0..dp {
            out.push(digit(i));
        }
    } else {
        out.push(b'0');
    }
    if prec > 0 {
        out.push(b'.');
        for i in 0..prec {
            out.push(digit(dp + i));
        }
    }
}

/// Mantissa and binary exponent (Go's `mant`, `exp` after bias handling) of a
/// non-negative finite value.
fn float_parts(a: f64, is32: bool) -> (u64, i64, i64) {
    if is32 {
        let b = (a as f32).to_bits();
        let e = ((b >> 23) & 0xFF) as i64;
        let mut m = (b & 0x7F_FFFF) as u64;
        let e = if e == 0 {
            1
        } else {
            m |= 1 << 23;
            e
        };
        (m, e - 127, 23)
    } else {
        let b = a.to_bits();
        let e = ((b >> 52) & 0x7FF) as i64;
        let mut m = b & ((1 << 52) - 1);
        let e = if e == 0 {
            1
        } else {
            m |= 1 << 52;
            e
        };
        (m, e - 1023, 52)
    }
}

/// %b: decimal mantissa "p" binary exponent.
fn fmt_b(out: &mut Vec<u8>, neg: bool, a: f64, is32: bool) {
    let (mant, exp, mant_bits) = float_parts(a, is32);
    if neg {
        out.push(b'-');
    }
    let e = exp - mant_bits;
    out.extend_from_slice(format!("{mant}p{}{e}", if e >= 0 { "+" } else { "" }).as_bytes());
}

/// %x: -0x1.yyyyp±dd hexadecimal mantissa and binary exponent.
fn fmt_x(out: &mut Vec<u8>, prec: i64, fmt: u8, neg: bool, a: f64, is32: bool) {
    let (mut mant, mut exp, mant_bits) = float_parts(a, is32);
    if mant == 0 {
        exp = 0;
    }
    // Shift so the leading 1 (if any) is at bit 60.
    mant <<= 60 - mant_bits;
    while mant != 0 && mant & (1 << 60) == 0 {
        mant <<= 1;
        exp -= 1;
    }
    if (0..15).contains(&prec) {
        let shift = (prec * 4) as u32;
        let extra = (mant << shift) & ((1 << 60) - 1);
        mant >>= 60 - shift;
        if extra | (mant & 1) > 1 << 59 {
            mant += 1;
        }
        mant <<= 60 - shift;
        if mant & (1 << 61) != 0 {
            mant >>= 1;
            exp += 1;
        }
    }
    let hex: &[u8; 16] = if fmt == b'X' {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    if neg {
        out.push(b'-');
    }
    out.extend_from_slice(&[b'0', fmt, b'0' + ((mant >> 60) & 1) as u8]);
    mant <<= 4;
    if prec < 0 && mant != 0 {
        out.push(b'.');
        while mant != 0 {
            out.push(hex[((mant >> 60) & 15) as usize]);
            mant <<= 4;
        }
    } else if prec > 0 {
        out.push(b'.');
        for _ in 0..prec.min(10_000_000) {
            out.push(hex[((mant >> 60) & 15) as usize]);
            mant <<= 4;
        }
    }
    out.push(if fmt == b'X' { b'P' } else { b'p' });
    if exp < 0 {
        out.push(b'-');
        exp = -exp;
    } else {
        out.push(b'+');
    }
    if exp < 10 {
        out.push(b'0');
    }
    out.extend_from_slice(exp.to_string().as_bytes());
}

// ---------------------------------------------------------------- quoting

const LOWERHEX: &[u8; 16] = b"0123456789abcdef";

/// `strconv.IsPrint`.
pub fn is_print(r: u32) -> bool {
    unicode::is_print(r)
}

/// `strconv.IsGraphic`.
pub fn is_graphic(r: u32) -> bool {
    unicode::is_graphic(r)
}

fn append_escaped_rune(buf: &mut Vec<u8>, r: u32, quote: u8, ascii_only: bool, graphic_only: bool) {
    if r == quote as u32 || r == '\\' as u32 {
        buf.push(b'\\');
        buf.push(r as u8);
        return;
    }
    if ascii_only {
        if r < 0x80 && is_print(r) {
            buf.push(r as u8);
            return;
        }
    } else if is_print(r) || graphic_only && is_graphic(r) {
        utf8::encode_rune(buf, r as i64);
        return;
    }
    match r {
        0x07 => buf.extend_from_slice(b"\\a"),
        0x08 => buf.extend_from_slice(b"\\b"),
        0x0C => buf.extend_from_slice(b"\\f"),
        0x0A => buf.extend_from_slice(b"\\n"),
        0x0D => buf.extend_from_slice(b"\\r"),
        0x09 => buf.extend_from_slice(b"\\t"),
        0x0B => buf.extend_from_slice(b"\\v"),
        _ if r < 0x20 || r == 0x7F => {
            buf.extend_from_slice(b"\\x");
            buf.push(LOWERHEX[(r >> 4) as usize & 0xF]);
            buf.push(LOWERHEX[r as usize & 0xF]);
        }
        _ => {
            let r = if utf8::valid_rune(r as i64) {
                r
            } else {
                0xFFFD
            };
            if r < 0x10000 {
                buf.extend_from_slice(b"\\u");
                for s in (0..=12).rev().step_by(4) {
                    buf.push(LOWERHEX[(r >> s) as usize & 0xF]);
                }
            } else {
                buf.extend_from_slice(b"\\U");
                for s in (0..=28).rev().step_by(4) {
                    buf.push(LOWERHEX[(r >> s) as usize & 0xF]);
                }
            }
        }
    }
}

/// Appends `s` quoted with `quote`, escaping as Go's `appendQuotedWith`.
pub fn append_quoted_with(
    buf: &mut Vec<u8>,
    s: &[u8],
    quote: u8,
    ascii_only: bool,
    graphic_only: bool,
) {
    buf.push(quote);
    let mut i = 0;
    while i < s.len() {
        let (r, w) = utf8::decode_rune(&s[i..]);
        if w == 1 && r == utf8::RUNE_ERROR {
            // An invalid byte is shown as \x escape of that byte.
            buf.extend_from_slice(b"\\x");
            buf.push(LOWERHEX[(s[i] >> 4) as usize]);
            buf.push(LOWERHEX[(s[i] & 0xF) as usize]);
        } else {
            append_escaped_rune(buf, r, quote, ascii_only, graphic_only);
        }
        i += w;
    }
    buf.push(quote);
}

/// `strconv.Quote`.
pub fn quote(s: &[u8]) -> Vec<u8> {
    let mut b = Vec::with_capacity(s.len() + 2);
    append_quoted_with(&mut b, s, b'"', false, false);
    b
}

/// `strconv.QuoteToASCII`.
pub fn quote_to_ascii(s: &[u8]) -> Vec<u8> {
    let mut b = Vec::with_capacity(s.len() + 2);
    append_quoted_with(&mut b, s, b'"', true, false);
    b
}

/// `strconv.QuoteToGraphic`.
pub fn quote_to_graphic(s: &[u8]) -> Vec<u8> {
    let mut b = Vec::with_capacity(s.len() + 2);
    append_quoted_with(&mut b, s, b'"', false, true);
    b
}

/// Appends a single-quoted rune literal; invalid runes become U+FFFD.
/// Takes `i64` because Go runes may be negative.
pub fn append_quoted_rune(buf: &mut Vec<u8>, r: i64, ascii_only: bool, graphic_only: bool) {
    let r = if utf8::valid_rune(r) {
        r as u32
    } else {
        utf8::RUNE_ERROR
    };
    buf.push(b'\'');
    append_escaped_rune(buf, r, b'\'', ascii_only, graphic_only);
    buf.push(b'\'');
}

/// `strconv.QuoteRune`.
pub fn quote_rune(r: i64) -> Vec<u8> {
    let mut b = Vec::new();
    append_quoted_rune(&mut b, r, false, false);
    b
}

/// `strconv.QuoteRuneToASCII`.
pub fn quote_rune_to_ascii(r: i64) -> Vec<u8> {
    let mut b = Vec::new();
    append_quoted_rune(&mut b, r, true, false);
    b
}

/// `strconv.CanBackquote`.
pub fn can_backquote(s: &[u8]) -> bool {
    let mut i = 0;
    while i < s.len() {
        let (r, w) = utf8::decode_rune(&s[i..]);
        i += w;
        if w > 1 {
            if r == 0xFEFF {
                return false;
            }
            continue;
        }
        if r == utf8::RUNE_ERROR || (r < 0x20 && r != b'\t' as u32) || r == '`' as u32 || r == 0x7F
        {
            return false;
        }
    }
    true
}

/// `strconv.UnquoteChar`: decodes one (possibly escaped) character from `s`
/// inside a literal delimited by `quote`. Returns `(value, multibyte, rest)`.
pub fn unquote_char(s: &[u8], quote: u8) -> Option<(u32, bool, &[u8])> {
    let &c = s.first()?;
    if c == quote && (quote == b'\'' || quote == b'"') {
        return None;
    }
    if c >= 0x80 {
        let (r, w) = utf8::decode_rune(s);
        return Some((r, true, &s[w..]));
    }
    if c != b'\\' {
        return Some((c as u32, false, &s[1..]));
    }
    let &c = s.get(1)?;
    let s = &s[2..];
    let simple = |v: u8| Some((v as u32, false, s));
    match c {
        b'a' => simple(0x07),
        b'b' => simple(0x08),
        b'f' => simple(0x0C),
        b'n' => simple(b'\n'),
        b'r' => simple(b'\r'),
        b't' => simple(b'\t'),
        b'v' => simple(0x0B),
        b'x' | b'u' | b'U' => {
            let n = match c {
                b'x' => 2,
                b'u' => 4,
                _ => 8,
            };
            if s.len() < n {
                return None;
            }
            let mut v: u32 = 0;
            for &h in &s[..n] {
                v = v << 4 | (h as char).to_digit(16)?;
            }
            if c == b'x' {
                return Some((v, false, &s[n..]));
            }
            if !utf8::valid_rune(v as i64) {
                return None;
            }
            Some((v, true, &s[n..]))
        }
        b'0'..=b'7' => {
            if s.len() < 2 {
                return None;
            }
            let mut v = (c - b'0') as u32;
            for &d in &s[..2] {
                if !(b'0'..=b'7').contains(&d) {
                    return None;
                }
                v = v << 3 | (d - b'0') as u32;
            }
            if v > 255 {
                return None;
            }
            Some((v, false, &s[2..]))
        }
        b'\\' => simple(b'\\'),
        b'\'' | b'"' => {
            if c != quote {
                return None;
            }
            simple(c)
        }
        _ => None,
    }
}

/// `strconv.Unquote`: interprets a Go string, raw string or rune literal.
/// `Err(())` stands for Go's `ErrSyntax` ("invalid syntax").
#[allow(clippy::result_unit_err)]
pub fn unquote(s: &[u8]) -> Result<Vec<u8>, ()> {
    if s.len() < 2 {
        return Err(());
    }
    let q = s[0];
    if q != s[s.len() - 1] {
        return Err(());
    }
    let body = &s[1..s.len() - 1];
    match q {
        b'`' => {
            if body.contains(&b'`') {
                return Err(());
            }
            // Carriage returns are discarded from raw strings, as in Go.
            Ok(body.iter().copied().filter(|&c| c != b'\r').collect())
        }
        b'"' | b'\'' => {
            let mut out = Vec::with_capacity(body.len());
            let mut rest = body;
            let mut count = 0;
            while !rest.is_empty() {
                if rest[0] == b'\n' {
                    return Err(());
                }
                let (r, multibyte, tail) = unquote_char(rest, q).ok_or(())?;
                if q == b'\'' && multibyte && rest[0] >= 0x80 {
                    // A raw invalid byte inside a rune literal is an error.
                    let (dr, w) = utf8::decode_rune(rest);
                    if dr == utf8::RUNE_ERROR && w == 1 {
                        return Err(());
                    }
                }
                rest = tail;
                if r < 0x80 || !multibyte {
                    out.push(r as u8);
                } else {
                    utf8::encode_rune(&mut out, r as i64);
                }
                count += 1;
                if q == b'\'' && !rest.is_empty() {
                    return Err(());
                }
            }
            if q == b'\'' && count != 1 {
                return Err(());
            }
            Ok(out)
        }
        _ => Err(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: Vec<u8>) -> String {
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn parse_int_errors_match_go() {
        // Expected strings from Go 1.27.
        assert_eq!(atoi(b"123"), (123, None));
        assert_eq!(atoi(b"-9223372036854775808").0, i64::MIN);
        let (v, e) = atoi(b"12a");
        assert_eq!(v, 0);
        assert_eq!(
            e.unwrap().to_string(),
            r#"strconv.Atoi: parsing "12a": invalid syntax"#
        );
        let (v, e) = atoi(b"99999999999999999999");
        assert_eq!(v, i64::MAX);
        assert_eq!(
            e.unwrap().to_string(),
            r#"strconv.Atoi: parsing "99999999999999999999": value out of range"#
        );
        assert_eq!(
            atoi(b"").1.unwrap().to_string(),
            r#"strconv.Atoi: parsing "": invalid syntax"#
        );
        assert_eq!(parse_int(b"0x1f", 0, 64), (31, None));
        assert_eq!(parse_int(b"-0b101", 0, 64), (-5, None));
        assert_eq!(parse_int(b"0o17", 0, 64), (15, None));
        assert_eq!(parse_int(b"017", 0, 64), (15, None));
        assert_eq!(parse_int(b"1_000", 0, 64), (1000, None));
        assert!(parse_int(b"1_000", 10, 64).1.is_some());
        assert!(parse_int(b"_1000", 0, 64).1.is_some());
        let (v, e) = parse_int(b"200", 10, 8);
        assert_eq!(v, 127);
        assert_eq!(
            e.unwrap().to_string(),
            r#"strconv.ParseInt: parsing "200": value out of range"#
        );
        assert_eq!(parse_int(b"-129", 10, 8).0, -128);
        assert_eq!(
            parse_int(b"1", 1, 64).1.unwrap().to_string(),
            r#"strconv.ParseInt: parsing "1": invalid base 1"#
        );
        assert_eq!(
            parse_int(b"1", 10, 65).1.unwrap().to_string(),
            r#"strconv.ParseInt: parsing "1": invalid bit size 65"#
        );
        assert_eq!(
            parse_uint(b"18446744073709551615", 10, 64),
            (u64::MAX, None)
        );
        assert_eq!(
            parse_uint(b"-1", 10, 64).1.unwrap().to_string(),
            r#"strconv.ParseUint: parsing "-1": invalid syntax"#
        );
        assert_eq!(parse_int(b"zz", 36, 64), (1295, None));
        assert_eq!(format_int(-255, 16).unwrap(), "-ff");
        assert_eq!(format_int(i64::MIN, 2).unwrap().len(), 65);
        assert_eq!(format_uint(u64::MAX, 36).unwrap(), "3w5e11264sgsf");
        assert_eq!(
            parse_bool(b"yes").1.unwrap().to_string(),
            r#"strconv.ParseBool: parsing "yes": invalid syntax"#
        );
    }

    #[test]
    fn parse_float_matches_go() {
        // Expected values from Go 1.27 strconv.ParseFloat(s, 64).
        assert_eq!(parse_float(b"3.25", 64), (3.25, None));
        assert_eq!(parse_float(b"1e10", 64), (1e10, None));
        assert_eq!(parse_float(b".5", 64), (0.5, None));
        assert_eq!(parse_float(b"5.", 64), (5.0, None));
        assert_eq!(parse_float(b"1_000.5", 64), (1000.5, None));
        assert_eq!(parse_float(b"0x1p-2", 64), (0.25, None));
        assert_eq!(parse_float(b"0x1.8p1", 64), (3.0, None));
        assert_eq!(parse_float(b"-Inf", 64).0, f64::NEG_INFINITY);
        assert_eq!(parse_float(b"infinity", 64).0, f64::INFINITY);
        assert!(parse_float(b"NaN", 64).0.is_nan());
        assert_eq!(parse_float(b"0.1", 32).0, 0.1f32 as f64);
        assert_eq!(parse_float(b"4.9e-324", 64), (5e-324, None));
        assert_eq!(parse_float(b"1e-400", 64), (0.0, None));
        let (v, e) = parse_float(b"1e400", 64);
        assert_eq!(v, f64::INFINITY);
        assert_eq!(
            e.unwrap().to_string(),
            r#"strconv.ParseFloat: parsing "1e400": value out of range"#
        );
        assert_eq!(
            parse_float(b"1.5x", 64).1.unwrap().to_string(),
            r#"strconv.ParseFloat: parsing "1.5x": invalid syntax"#
        );
        for bad in [
            &b""[..],
            b"e5",
            b".",
            b"1e",
            b"+",
            b"0x1",
            b"1__0",
            b"-nan",
            b"in",
            b"0x",
        ] {
            assert!(parse_float(bad, 64).1.is_some(), "{:?}", bad);
        }
        assert_eq!(parse_float(b"0x1p-1074", 64).0, 5e-324);
        assert_eq!(parse_float(b"0x1.fffffffffffffp1023", 64).0, f64::MAX);
        assert!(parse_float(b"0x1p1024", 64).1.is_some());
    }

    #[test]
    fn format_float_matches_go() {
        // (value, fmt, prec, bitSize, Go's strconv.FormatFloat output)
        let cases: &[(f64, u8, i64, u32, &str)] = &[
            (3.0, b'g', -1, 64, "3"),
            (1e6, b'g', -1, 64, "1e+06"),
            (100000.0, b'g', -1, 64, "100000"),
            (1e21, b'g', -1, 64, "1e+21"),
            (2.5e-5, b'g', -1, 64, "2.5e-05"),
            (0.0001, b'g', -1, 64, "0.0001"),
            (123456789.0, b'g', -1, 64, "1.23456789e+08"),
            (1.0 / 3.0, b'g', -1, 64, "0.3333333333333333"),
            (0.1, b'g', -1, 32, "0.1"),
            (1.0 / 3.0, b'g', -1, 32, "0.33333334"),
            (-0.0, b'g', -1, 64, "-0"),
            (0.0, b'e', -1, 64, "0e+00"),
            (1e100, b'e', 3, 64, "1.000e+100"),
            (1.005, b'f', 2, 64, "1.00"),
            (2.5, b'f', 0, 64, "2"),
            (0.000001234, b'f', -1, 64, "0.000001234"),
            (1e20, b'f', -1, 64, "100000000000000000000"),
            (123.456, b'e', 2, 64, "1.23e+02"),
            (123.456, b'g', 2, 64, "1.2e+02"),
            (123.456, b'g', 5, 64, "123.46"),
            (1.0, b'g', 3, 64, "1"),
            (0.0, b'g', 3, 64, "0"),
            (f64::MAX, b'g', -1, 64, "1.7976931348623157e+308"),
            (5e-324, b'g', -1, 64, "5e-324"),
            (1.5, b'b', -1, 64, "6755399441055744p-52"),
            (1.5, b'x', -1, 64, "0x1.8p+00"),
            (1.0, b'x', 0, 64, "0x1p+00"),
            (-3.75, b'X', 2, 64, "-0X1.E0P+01"),
            (0.0, b'x', -1, 64, "0x0p+00"),
            (f64::NAN, b'g', -1, 64, "NaN"),
            (f64::NEG_INFINITY, b'f', 2, 64, "-Inf"),
            (1e-7, b'G', -1, 64, "1E-07"),
            // Exact halfway between two shortest candidates: Go picks the
            // even digit (Rust's `{:e}` would round up).
            (2.7685623168945312, b'g', -1, 64, "2.7685623168945312"),
            (
                2.0626705439399862e14,
                b'e',
                -1,
                64,
                "2.0626705439399862e+14",
            ),
            (60968.5625, b'G', -1, 32, "60968.562"),
            (1.4832282590168482e6, b'g', -1, 32, "1.4832282e+06"),
        ];
        for &(v, f, p, b, want) in cases {
            assert_eq!(format_float(v, f, p, b), want, "{v} {} {p} {b}", f as char);
        }
    }

    #[test]
    fn quoting_matches_go() {
        assert_eq!(s(quote(b"hi\n\"there\"\t\\")), r#""hi\n\"there\"\t\\""#);
        assert_eq!(s(quote(b"\xff\x00\x7f")), r#""\xff\x00\x7f""#);
        assert_eq!(s(quote("héllo 世界".as_bytes())), "\"héllo 世界\"");
        assert_eq!(
            s(quote("\u{200b}\u{a0}\u{1F600}\u{e000}".as_bytes())),
            r#""\u200b\u00a0😀\ue000""#
        );
        assert_eq!(s(quote_to_ascii("é😀".as_bytes())), r#""\u00e9\U0001f600""#);
        assert_eq!(s(quote_rune('a' as i64)), "'a'");
        assert_eq!(s(quote_rune('\'' as i64)), r"'\''");
        assert_eq!(s(quote_rune(0xD800)), "'�'");
        assert_eq!(s(quote_rune(-1)), "'�'");
        assert_eq!(s(quote_rune(0x7)), r"'\a'");
        assert_eq!(
            unquote(br#""a\tb\u00e9\x41\101""#).unwrap(),
            "a\tbéAA".as_bytes()
        );
        assert_eq!(unquote(b"`a\\n\rb`").unwrap(), b"a\\nb");
        assert_eq!(unquote(br"'\n'").unwrap(), b"\n");
        assert_eq!(unquote("'世'".as_bytes()).unwrap(), "世".as_bytes());
        assert!(unquote(b"'ab'").is_err());
        assert!(unquote(b"\"a\"b\"").is_err());
        assert!(unquote(b"\"a").is_err());
        assert!(unquote(br#""\'""#).is_err());
        assert!(unquote(b"\"a\nb\"").is_err());
        assert!(can_backquote(b"a\tb") && !can_backquote(b"a`b") && !can_backquote(b"a\nb"));
    }
}
