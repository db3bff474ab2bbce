//! Exact constant arithmetic (Go's untyped constants).
//!
//! Owns: parsing literals into [`ConstValue`]s, folding unary/binary
//! operators and shifts, and representability (does a value fit a basic
//! type, and what is it once converted). Integers are `BigInt`s, floats
//! exact `BigRational`s; typed float constants are rounded to their type's
//! precision, as Go does.
//!
//! Invariant: nothing here panics or allocates without bound on hostile
//! input: exponents and shift counts are capped (gc caps constants at 512
//! bits of mantissa; we reject far beyond that range).

use crate::info::ConstValue;
use crate::types::BasicKind;
use minigo_parser::ast::BinOp;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// Largest decimal exponent / shift count we evaluate exactly.
const MAX_EXP: i64 = 10_000;
/// gc rejects untyped integer constants wider than this.
pub const MAX_BITS: u64 = 512;

pub fn parse_int(lit: &str) -> Option<BigInt> {
    let s: String = lit.chars().filter(|&c| c != '_').collect();
    let (digits, radix) = if let Some(r) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (r, 16)
    } else if let Some(r) = s.strip_prefix("0b").or_else(|| s.strip_prefix("0B")) {
        (r, 2)
    } else if let Some(r) = s.strip_prefix("0o").or_else(|| s.strip_prefix("0O")) {
        (r, 8)
    } else if s.len() > 1 && s.starts_with('0') {
        (&s[1..], 8)
    } else {
        (s.as_str(), 10)
    };
    if digits.is_empty() {
        return None;
    }
    BigInt::parse_bytes(digits.as_bytes(), radix)
}

fn pow10(e: i64) -> BigInt {
    num_traits::pow(BigInt::from(10), e.unsigned_abs() as usize)
}

/// Parses a decimal or hexadecimal float literal exactly.
pub fn parse_float(lit: &str) -> Option<BigRational> {
    let s: String = lit.chars().filter(|&c| c != '_').collect();
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        let (mant, exp) = match h.find(['p', 'P']) {
            Some(i) => (&h[..i], h[i + 1..].parse::<i64>().ok()?),
            None => (h, 0),
        };
        let (ip, fp) = mant.split_once('.').unwrap_or((mant, ""));
        let digits = format!("{ip}{fp}");
        let m = if digits.is_empty() {
            BigInt::zero()
        } else {
            BigInt::parse_bytes(digits.as_bytes(), 16)?
        };
        let e = exp - 4 * fp.len() as i64;
        if e.abs() > MAX_EXP * 4 {
            return None;
        }
        let p = num_traits::pow(BigInt::from(2), e.unsigned_abs() as usize);
        return Some(if e >= 0 {
            BigRational::from_integer(m * p)
        } else {
            BigRational::new(m, p)
        });
    }
    let (mant, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], s[i + 1..].parse::<i64>().ok()?),
        None => (s.as_str(), 0),
    };
    let (ip, fp) = mant.split_once('.').unwrap_or((mant, ""));
    let digits = format!("{ip}{fp}");
    let m = if digits.is_empty() {
        BigInt::zero()
    } else {
        BigInt::parse_bytes(digits.as_bytes(), 10)?
    };
    let e = exp - fp.len() as i64;
    if e.abs() > MAX_EXP {
        return None;
    }
    Some(if e >= 0 {
        BigRational::from_integer(m * pow10(e))
    } else {
        BigRational::new(m, pow10(e))
    })
}

/// Parses an imaginary literal (`2i`, `1.5e3i`, `0x1p-2i`, `0b101i`) to
/// its imaginary part. A decimal integer part with a leading 0 stays
/// decimal (`0123i` is `123i`), as the spec says for compatibility.
pub fn parse_imag(lit: &str) -> Option<BigRational> {
    let body = lit.strip_suffix('i')?;
    let s: String = body.chars().filter(|&c| c != '_').collect();
    let lower = s.to_ascii_lowercase();
    if lower.starts_with("0b") || lower.starts_with("0o") {
        return parse_int(body).map(BigRational::from_integer);
    }
    if lower.starts_with("0x") && !lower.contains('p') {
        return parse_int(body).map(BigRational::from_integer);
    }
    parse_float(body)
}

/// The parts of a numeric constant seen as a complex number.
pub fn to_complex(v: &ConstValue) -> Option<(BigRational, BigRational)> {
    match v {
        ConstValue::Complex(r, i) => Some((r.clone(), i.clone())),
        _ => to_rat(v).map(|r| (r, BigRational::zero())),
    }
}

pub fn to_rat(v: &ConstValue) -> Option<BigRational> {
    match v {
        ConstValue::Int(i) => Some(BigRational::from_integer(i.clone())),
        ConstValue::Float(f) => Some(f.clone()),
        _ => None,
    }
}

/// The value as an exact integer, if it is one.
pub fn to_int(v: &ConstValue) -> Option<BigInt> {
    match v {
        ConstValue::Int(i) => Some(i.clone()),
        ConstValue::Float(f) if f.is_integer() => Some(f.to_integer()),
        ConstValue::Complex(r, i) if i.is_zero() && r.is_integer() => Some(r.to_integer()),
        _ => None,
    }
}

pub fn to_i64(v: &ConstValue) -> Option<i64> {
    to_int(v).and_then(|i| i.to_i64())
}

/// Rounds to the nearest float64 (`None` on overflow to infinity).
pub fn round_f64(r: &BigRational) -> Option<BigRational> {
    round_binary(r, 53, -1074, 1024)
}

/// Rounds to the nearest float32 (`None` on overflow to infinity), in one
/// step from the exact value: going through float64 first would round
/// twice and can overflow a value just below the float32 threshold.
pub fn round_f32(r: &BigRational) -> Option<BigRational> {
    round_binary(r, 24, -149, 128)
}

/// Rounds `r` to the nearest binary floating-point value with `mant`
/// significand bits, smallest quantum `2^min_q` (subnormals) and values
/// below `2^max_e`, ties to even, as IEEE 754 and gc's constant
/// conversion do. `None` when the rounded value is infinite.
fn round_binary(r: &BigRational, mant: i64, min_q: i64, max_e: i64) -> Option<BigRational> {
    if r.is_zero() {
        return Some(r.clone());
    }
    // On the integers n/d = |r| (a rational is kept reduced, with a
    // positive denominator): exact, and without the gcd that every
    // operation on rationals costs.
    let neg = r.is_negative();
    let n = r.numer().abs();
    let d = r.denom().abs();
    let pow2 = |k: i64| -> BigRational {
        if k >= 0 {
            BigRational::from_integer(BigInt::one() << (k as usize))
        } else {
            BigRational::new(BigInt::one(), BigInt::one() << ((-k) as usize))
        }
    };
    // e: floor(log2(n/d)).
    let mut e = n.bits() as i64 - d.bits() as i64;
    let below = if e >= 0 {
        n < (&d << (e as usize))
    } else {
        (&n << ((-e) as usize)) < d
    };
    if below {
        e -= 1;
    }
    // n/d = (num/den) * 2^q, rounded to an integer m, ties to even.
    let q = (e - (mant - 1)).max(min_q);
    let (num, den) = if q >= 0 {
        (n, d << (q as usize))
    } else {
        (n << ((-q) as usize), d)
    };
    let mut m = &num / &den;
    let twice_rem = (num - &m * &den) << 1usize;
    if twice_rem > den || (twice_rem == den && (&m % 2u32) == BigInt::one()) {
        m += 1;
    }
    let v = if q >= 0 {
        BigRational::from_integer(m << (q as usize))
    } else {
        BigRational::new(m, BigInt::one() << ((-q) as usize))
    };
    if v >= pow2(max_e) {
        return None;
    }
    Some(if neg { -v } else { v })
}

/// Why a constant does not fit a type (gc appends it in parentheses).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unrepresentable {
    Overflows,
    Truncated,
    /// Wrong kind altogether (a string as an int, ...).
    Mismatch,
}

fn int_range(k: BasicKind) -> (BigInt, BigInt) {
    let bits = k.int_bits();
    if k.is_unsigned() {
        (BigInt::zero(), (BigInt::one() << bits) - 1)
    } else {
        (
            -(BigInt::one() << (bits - 1)),
            (BigInt::one() << (bits - 1)) - 1,
        )
    }
}

/// Converts `v` to its representation in basic kind `k`.
pub fn represent(v: &ConstValue, k: BasicKind) -> Result<ConstValue, Unrepresentable> {
    use BasicKind::*;
    match k {
        Bool | UntypedBool => match v {
            ConstValue::Bool(_) => Ok(v.clone()),
            _ => Err(Unrepresentable::Mismatch),
        },
        String | UntypedString => match v {
            ConstValue::String(_) => Ok(v.clone()),
            _ => Err(Unrepresentable::Mismatch),
        },
        _ if matches!(v, ConstValue::Complex(..)) && !k.is_complex() => {
            // A complex constant fits a non-complex numeric type only
            // when its imaginary part is exactly zero.
            let ConstValue::Complex(re, im) = v else {
                unreachable!()
            };
            if !k.is_numeric() {
                return Err(Unrepresentable::Mismatch);
            }
            if !im.is_zero() {
                // types2 words it by kinds: "truncated" only towards an
                // integer type.
                return Err(if k.is_integer() {
                    Unrepresentable::Truncated
                } else {
                    Unrepresentable::Overflows
                });
            }
            represent(&ConstValue::Float(re.clone()), k)
        }
        // Between untyped kinds types2 keeps the value as it is (`5` in
        // `5 % 2i` still prints as `5`); every user reads it through
        // `to_complex`.
        UntypedComplex => match v {
            ConstValue::Int(_) | ConstValue::Float(_) | ConstValue::Complex(..) => Ok(v.clone()),
            _ => Err(Unrepresentable::Mismatch),
        },
        Complex64 | Complex128 => {
            let (r, i) = to_complex(v).ok_or(Unrepresentable::Mismatch)?;
            let round = if k == Complex64 { round_f32 } else { round_f64 };
            match (round(&r), round(&i)) {
                (Some(r), Some(i)) => Ok(ConstValue::Complex(r, i)),
                _ => Err(Unrepresentable::Overflows),
            }
        }
        UntypedInt | UntypedRune => match v {
            ConstValue::Int(_) => Ok(v.clone()),
            ConstValue::Float(f) if f.is_integer() => Ok(ConstValue::Int(f.to_integer())),
            ConstValue::Float(_) => Err(Unrepresentable::Truncated),
            _ => Err(Unrepresentable::Mismatch),
        },
        UntypedFloat => match v {
            ConstValue::Int(i) => Ok(ConstValue::Float(BigRational::from_integer(i.clone()))),
            ConstValue::Float(_) => Ok(v.clone()),
            _ => Err(Unrepresentable::Mismatch),
        },
        Float32 | Float64 => {
            let r = match v {
                ConstValue::Int(i) => BigRational::from_integer(i.clone()),
                ConstValue::Float(f) => f.clone(),
                _ => return Err(Unrepresentable::Mismatch),
            };
            let rounded = if k == Float32 {
                round_f32(&r)
            } else {
                round_f64(&r)
            };
            rounded
                .map(ConstValue::Float)
                .ok_or(Unrepresentable::Overflows)
        }
        k if k.is_integer() => {
            let i = match v {
                ConstValue::Int(i) => i.clone(),
                ConstValue::Float(f) if f.is_integer() => f.to_integer(),
                ConstValue::Float(_) => return Err(Unrepresentable::Truncated),
                _ => return Err(Unrepresentable::Mismatch),
            };
            let (lo, hi) = int_range(k);
            if i < lo || i > hi {
                // types2 words it by kinds: a float constant that does
                // not fit an integer type is "truncated", even if whole.
                return Err(match v {
                    ConstValue::Float(_) => Unrepresentable::Truncated,
                    _ => Unrepresentable::Overflows,
                });
            }
            Ok(ConstValue::Int(i))
        }
        _ => Err(Unrepresentable::Mismatch),
    }
}

/// Go's `%v`-like spelling of a constant, as types2 prints it in messages.
pub fn value_string(v: &ConstValue) -> String {
    match v {
        ConstValue::Bool(b) => b.to_string(),
        ConstValue::Int(i) => i.to_string(),
        ConstValue::String(s) => quote(s),
        ConstValue::Float(f) => float_string(f),
        // go/constant spells complex values `(re + imi)`.
        ConstValue::Complex(r, i) => format!("({} + {}i)", float_string(r), float_string(i)),
    }
}

/// A float constant as go/constant's `String` prints it in messages:
/// `%.6g` of the nearest float64 (`%g` when that would hide a fraction),
/// and an approximate `%.6ge%+d` beyond float64's range.
fn float_string(f: &BigRational) -> String {
    use crate::stdlib::strconv::engine::format_float;
    let x = f.to_f64().unwrap_or(f64::NAN);
    if x.is_finite() && (x == 0.0) == f.is_zero() {
        let s = format_float(x, b'g', 6, 64);
        if !f.is_integer() && !s.contains('.') {
            return format_float(x, b'g', -1, 64);
        }
        return s;
    }
    // Out of float64's range: m * 10^e from the binary exponent.
    let neg = f.is_negative();
    let a = f.abs();
    // big.Float.MantExp: a = mant * 2^exp2 with 0.5 <= mant < 1.
    let mut exp2 = a.numer().bits() as i64 - a.denom().bits() as i64;
    let scale = |k: i64| -> BigRational {
        if k >= 0 {
            BigRational::from_integer(BigInt::one() << (k as usize))
        } else {
            BigRational::new(BigInt::one(), BigInt::one() << ((-k) as usize))
        }
    };
    if a >= scale(exp2) {
        exp2 += 1;
    }
    let mant = (&a / scale(exp2)).to_f64().unwrap_or(0.5);
    let d = exp2 as f64 * std::f64::consts::LOG10_2;
    let mut e = d as i64;
    let mut m = mant * 10f64.powf(d - e as f64);
    if m < 1.0 - 0.5e-6 {
        m *= 10.0;
        e -= 1;
    } else if m >= 10.0 {
        m /= 10.0;
        e += 1;
    }
    if neg {
        m = -m;
    }
    format!("{}e{:+}", format_float(m, b'g', 6, 64), e)
}

/// Go's `strconv.Quote` for messages (ASCII escapes; valid UTF-8 kept).
pub fn quote(s: &[u8]) -> String {
    let mut out = String::from("\"");
    let text = String::from_utf8_lossy(s);
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Why folding failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FoldError {
    DivByZero,
    /// The result exceeds gc's precision (message names the operation).
    Overflow(&'static str),
    Invalid,
}

/// Folds `x op y` for constant operands of the same kind family. `int_div`:
/// both operands are integers (integer division and `%`).
pub fn binary(
    op: BinOp,
    x: &ConstValue,
    y: &ConstValue,
    int_div: bool,
) -> Result<ConstValue, FoldError> {
    use BinOp::*;
    use ConstValue as V;
    match (x, y) {
        (V::Bool(a), V::Bool(b)) => Ok(V::Bool(match op {
            LAnd => *a && *b,
            LOr => *a || *b,
            Eq => a == b,
            Ne => a != b,
            _ => return Err(FoldError::Invalid),
        })),
        (V::String(a), V::String(b)) => Ok(match op {
            Add => {
                let mut s = a.clone();
                s.extend_from_slice(b);
                V::String(s)
            }
            Eq => V::Bool(a == b),
            Ne => V::Bool(a != b),
            Lt => V::Bool(a < b),
            Le => V::Bool(a <= b),
            Gt => V::Bool(a > b),
            Ge => V::Bool(a >= b),
            _ => return Err(FoldError::Invalid),
        }),
        (V::Complex(..), _) | (_, V::Complex(..)) => {
            let ((a, b), (c, d)) = match (to_complex(x), to_complex(y)) {
                (Some(p), Some(q)) => (p, q),
                _ => return Err(FoldError::Invalid),
            };
            let (re, im) = match op {
                Add => (a + c, b + d),
                Sub => (a - c, b - d),
                Mul => (&a * &c - &b * &d, &b * &c + &a * &d),
                Div => {
                    let den = &c * &c + &d * &d;
                    if den.is_zero() {
                        return Err(FoldError::DivByZero);
                    }
                    ((&a * &c + &b * &d) / &den, (&b * &c - &a * &d) / &den)
                }
                Eq => return Ok(V::Bool(a == c && b == d)),
                Ne => return Ok(V::Bool(a != c || b != d)),
                _ => return Err(FoldError::Invalid),
            };
            let big = |r: &BigRational| r.numer().bits() + r.denom().bits() > 8 * MAX_BITS;
            if big(&re) || big(&im) {
                return match (round_f64(&re), round_f64(&im)) {
                    (Some(r), Some(i)) => Ok(V::Complex(r, i)),
                    _ => Err(FoldError::Overflow("operation")),
                };
            }
            Ok(V::Complex(re, im))
        }
        (V::Int(a), V::Int(b)) if int_div || !matches!(op, Div) => {
            let r = match op {
                Add => a + b,
                Sub => a - b,
                Mul => a * b,
                Div => {
                    if b.is_zero() {
                        return Err(FoldError::DivByZero);
                    }
                    // gc's go/constant divides two values that fit in
                    // int64 as int64s, so MinInt64 / -1 wraps to MinInt64
                    // (and is then representable) instead of 2^63.
                    if *b == BigInt::from(-1) && *a == BigInt::from(i64::MIN) {
                        a.clone()
                    } else {
                        a / b
                    }
                }
                Rem => {
                    if b.is_zero() {
                        return Err(FoldError::DivByZero);
                    }
                    a % b
                }
                And => a & b,
                Or => a | b,
                Xor => a ^ b,
                AndNot => a & !b,
                Eq => return Ok(V::Bool(a == b)),
                Ne => return Ok(V::Bool(a != b)),
                Lt => return Ok(V::Bool(a < b)),
                Le => return Ok(V::Bool(a <= b)),
                Gt => return Ok(V::Bool(a > b)),
                Ge => return Ok(V::Bool(a >= b)),
                _ => return Err(FoldError::Invalid),
            };
            if r.bits() > MAX_BITS {
                return Err(FoldError::Overflow(match op {
                    Add => "addition",
                    Sub => "subtraction",
                    Mul => "multiplication",
                    _ => "operation",
                }));
            }
            Ok(V::Int(r))
        }
        _ => {
            let (a, b) = match (to_rat(x), to_rat(y)) {
                (Some(a), Some(b)) => (a, b),
                _ => return Err(FoldError::Invalid),
            };
            let r = match op {
                Add => a + b,
                Sub => a - b,
                Mul => a * b,
                Div => {
                    if b.is_zero() {
                        return Err(FoldError::DivByZero);
                    }
                    a / b
                }
                Eq => return Ok(V::Bool(a == b)),
                Ne => return Ok(V::Bool(a != b)),
                Lt => return Ok(V::Bool(a < b)),
                Le => return Ok(V::Bool(a <= b)),
                Gt => return Ok(V::Bool(a > b)),
                Ge => return Ok(V::Bool(a >= b)),
                _ => return Err(FoldError::Invalid),
            };
            if r.numer().bits() + r.denom().bits() > 8 * MAX_BITS {
                // Keep hostile programs from growing rationals without
                // bound: approximate like gc's 512-bit floats would.
                return round_f64(&r)
                    .map(V::Float)
                    .ok_or(FoldError::Overflow("operation"));
            }
            Ok(V::Float(r))
        }
    }
}

/// `x << s` / `x >> s` on an integer constant.
pub fn shift(op: BinOp, x: &BigInt, s: u64) -> Result<BigInt, FoldError> {
    match op {
        BinOp::Shl => {
            if s > MAX_BITS || x.bits() + s > MAX_BITS {
                if x.is_zero() {
                    return Ok(BigInt::zero());
                }
                return Err(FoldError::Overflow("shift"));
            }
            Ok(x << s as usize)
        }
        _ => {
            if s > MAX_BITS * 2 {
                return Ok(if x.is_negative() {
                    BigInt::from(-1)
                } else {
                    BigInt::zero()
                });
            }
            Ok(x >> s as usize)
        }
    }
}

/// Wraps an integer to the width of a typed integer kind (for `^x` on
/// unsigned types, where Go's constant complement is masked).
pub fn complement(x: &BigInt, k: BasicKind) -> BigInt {
    if k.is_unsigned() {
        let mask = (BigInt::one() << k.int_bits()) - 1;
        x ^ mask
    } else {
        -x - 1
    }
}

pub fn is_zero(v: &ConstValue) -> bool {
    match v {
        ConstValue::Int(i) => i.is_zero(),
        ConstValue::Float(f) => f.is_zero(),
        ConstValue::Complex(r, i) => r.is_zero() && i.is_zero(),
        _ => false,
    }
}

pub fn neg(v: &ConstValue) -> Option<ConstValue> {
    match v {
        ConstValue::Int(i) => Some(ConstValue::Int(-i)),
        ConstValue::Float(f) => Some(ConstValue::Float(-f)),
        ConstValue::Complex(r, i) => Some(ConstValue::Complex(-r, -i)),
        _ => None,
    }
}
