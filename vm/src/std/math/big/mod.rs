//! Natives of package `math/big`: the arithmetic of `Int` (and through it
//! `Rat` and `Float`) on `num-bigint`.
//!
//! An `Int` holds one word, its handle `h`: 0 is the value 0; an odd word
//! is a small value `v` (|v| < 2^61) stored as `v<<1 | 1`; any other word
//! is a [`Num`] (a `BigInt` behind a lock) moved into the heap, owned by
//! one `Int`. An operation reads its operands first, then stores its
//! result into the receiver's `Num` when it has one (so that the memory
//! of a replaced value is freed at once, not at the next collection, which
//! does not see memory outside the heap), else into a new one: receivers
//! aliasing arguments need no care, and the zero `Int` is ready to use.
//! `Set` copies; Go code here never lets two Ints share a `Num`.

use std::sync::RwLock;

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::heap::{self, GcNative, Word};
use crate::interp::natives::{byte_slice, bytes_of, slice_of, NativeCtx, NativeFn};
use crate::interp::panic::Trap;

/// A big value in the heap.
pub struct Num(RwLock<BigInt>);

impl GcNative for Num {
    fn trace(&self, _: &mut dyn FnMut(u64)) {}
}

const SMALL_MAX: i64 = (1 << 61) - 1;

/// The value of handle `w`.
fn val(w: Word) -> BigInt {
    if w == 0 {
        BigInt::zero()
    } else if w & 1 == 1 {
        BigInt::from((w as i64) >> 1)
    } else {
        // SAFETY: an even non-zero handle comes from `mk` below: a live
        // `Num` made by `heap::new_object`, kept alive by the Int's field
        // and this argument (both scanned conservatively).
        read(w).clone()
    }
}

fn num(w: Word) -> &'static Num {
    // SAFETY: an even non-zero handle comes from `store` below: a live
    // `Num` made by `heap::new_object`, kept alive by the Int's field and
    // this argument (both scanned conservatively).
    unsafe { heap::deref::<Num>(w) }
}

fn read(w: Word) -> std::sync::RwLockReadGuard<'static, BigInt> {
    num(w).0.read().unwrap_or_else(|p| p.into_inner())
}

fn is_big(w: Word) -> bool {
    w != 0 && w & 1 == 0
}

/// Stores `v` as the value of the Int whose handle is `z`; returns the
/// Int's new handle.
fn store(z: Word, v: BigInt) -> Word {
    if let Some(s) = v.to_i64() {
        if (-SMALL_MAX..=SMALL_MAX).contains(&s) {
            return mk_small(s);
        }
    }
    if is_big(z) {
        *num(z).0.write().unwrap_or_else(|p| p.into_inner()) = v;
        return z;
    }
    heap::new_object(Num(RwLock::new(v)))
}

/// A reference to the value of handle `w` (cloning only small ones).
fn with<R>(w: Word, f: impl FnOnce(&BigInt) -> R) -> R {
    if w & 1 == 1 || w == 0 {
        f(&val(w))
    } else {
        f(&read(w))
    }
}

fn small(w: Word) -> Option<i64> {
    if w == 0 {
        Some(0)
    } else if w & 1 == 1 {
        Some((w as i64) >> 1)
    } else {
        None
    }
}

fn mk_small(v: i64) -> Word {
    if v == 0 {
        0
    } else {
        ((v << 1) | 1) as Word
    }
}

/// A new handle for `v`.
fn mk(v: BigInt) -> Word {
    store(0, v)
}

fn store_i128(z: Word, v: i128) -> Word {
    if (-(SMALL_MAX as i128)..=SMALL_MAX as i128).contains(&v) {
        mk_small(v as i64)
    } else {
        store(z, BigInt::from(v))
    }
}

/// Both operands' values (one lock when they are the same Int).
fn with2<R>(a: Word, b: Word, f: impl FnOnce(&BigInt, &BigInt) -> R) -> R {
    if a == b && is_big(a) {
        let g = read(a);
        return f(&g, &g);
    }
    with(a, |x| with(b, |y| f(x, y)))
}

/// z = f(x, y) for natives `(z, x, y int) int`.
fn bin(cx: &mut NativeCtx<'_, '_>, f: fn(&BigInt, &BigInt) -> BigInt) -> Result<(), Trap> {
    let (z, a, b) = (cx.arg(0), cx.arg(1), cx.arg(2));
    let r = with2(a, b, f);
    cx.ret(0, store(z, r))
}

/// z = f(x) for natives `(z, x int) int`.
fn un(cx: &mut NativeCtx<'_, '_>, f: fn(&BigInt) -> BigInt) -> Result<(), Trap> {
    let (z, a) = (cx.arg(0), cx.arg(1));
    let r = with(a, f);
    cx.ret(0, store(z, r))
}

/// z = x op y computed in z's own storage (no allocation when it is
/// large enough) when z is a big Int other than y; None otherwise.
fn in_place(z: Word, a: Word, b: Word, op: impl FnOnce(&mut BigInt, &BigInt)) -> Option<Word> {
    if !is_big(z) || z == b {
        return None;
    }
    let r = with(b, |y| {
        let mut g = num(z).0.write().unwrap_or_else(|p| p.into_inner());
        if z != a {
            match small(a) {
                Some(v) => *g = BigInt::from(v),
                None => g.clone_from(&read(a)),
            }
        }
        op(&mut g, y);
        g.to_i64().filter(|s| (-SMALL_MAX..=SMALL_MAX).contains(s))
    });
    Some(r.map_or(z, mk_small))
}

/// z = x + y or x - y.
fn add_sub(cx: &mut NativeCtx<'_, '_>, sub: bool) -> Result<(), Trap> {
    let (z, a, b) = (cx.arg(0), cx.arg(1), cx.arg(2));
    if let (Some(x), Some(y)) = (small(a), small(b)) {
        let v = if sub {
            x as i128 - y as i128
        } else {
            x as i128 + y as i128
        };
        return cx.ret(0, store_i128(z, v));
    }
    let r = if sub {
        in_place(z, a, b, |g, y| *g -= y)
    } else {
        in_place(z, a, b, |g, y| *g += y)
    };
    if let Some(h) = r {
        return cx.ret(0, h);
    }
    if sub {
        bin(cx, |x, y| x - y)
    } else {
        bin(cx, |x, y| x + y)
    }
}

/// |x| / |y| and |x| % |y| (y != 0); a quotient of at most 62 bits by
/// a divisor of 64 bits or more is found from the leading bits and
/// corrected, with one multiplication and no long division.
fn divrem_mag(x: &BigUint, y: &BigUint) -> (BigUint, BigUint) {
    let (xb, yb) = (x.bits(), y.bits());
    if xb < yb {
        return (BigUint::zero(), x.clone());
    }
    if yb >= 64 && xb <= yb + 62 {
        let sh = (yb - 64) as usize;
        let xt = (x >> sh).to_u128().unwrap_or(0);
        let yt = (y >> sh).to_u64().unwrap_or(1) as u128;
        let mut q = ((xt / yt) as u64).saturating_sub(1);
        let p = y * q;
        if &p <= x {
            let mut r = x - p;
            while &r >= y {
                r -= y;
                q += 1;
            }
            return (BigUint::from(q), r);
        }
    }
    num_traits::Euclid::div_rem_euclid(x, y)
}

/// Quotient and remainder of `x / y` (y != 0) rounded by `mode`:
/// 0 truncated, 1 floor, 2 ceil, 3 half to even, 4 Euclidean.
fn divide(x: &BigInt, y: &BigInt, mode: i64) -> (BigInt, BigInt) {
    let (qm, rm) = divrem_mag(x.magnitude(), y.magnitude());
    let q = BigInt::from_biguint(
        if x.is_negative() != y.is_negative() {
            Sign::Minus
        } else {
            Sign::Plus
        },
        qm,
    );
    let r = BigInt::from_biguint(
        if x.is_negative() {
            Sign::Minus
        } else {
            Sign::Plus
        },
        rm,
    );
    if r.is_zero() {
        return (q, r);
    }
    let up = |q: BigInt, r: BigInt| -> (BigInt, BigInt) {
        // Move the quotient one step away from zero in the direction of
        // x/y's sign.
        if x.is_negative() != y.is_negative() {
            (q - 1, r + y)
        } else {
            (q + 1, r - y)
        }
    };
    let neg = x.is_negative() != y.is_negative();
    match mode {
        1 if neg => up(q, r),
        2 if !neg => up(q, r),
        3 => {
            let twice = r.magnitude() * 2u32;
            match twice.cmp(y.magnitude()) {
                std::cmp::Ordering::Less => (q, r),
                std::cmp::Ordering::Greater => up(q, r),
                std::cmp::Ordering::Equal => {
                    if (&q % 2u32).is_zero() {
                        (q, r)
                    } else {
                        up(q, r)
                    }
                }
            }
        }
        4 if r.is_negative() => {
            if y.is_negative() {
                (q + 1, r - y)
            } else {
                (q - 1, r + y)
            }
        }
        _ => (q, r),
    }
}

/// Go's digits: 0-9, a-z, then A-Z (bases above 36).
fn digit_value(c: u8, base: u32) -> Option<u32> {
    let d = match c {
        b'0'..=b'9' => (c - b'0') as u32,
        b'a'..=b'z' => (c - b'a') as u32 + 10,
        b'A'..=b'Z' if base <= 36 => (c - b'A') as u32 + 10,
        b'A'..=b'Z' => (c - b'A') as u32 + 36,
        _ => return None,
    };
    (d < base).then_some(d)
}

/// Parses a magnitude's digits (no sign) as `Int.SetString` does with
/// `base` (0: prefix decides, underscores allowed between digits).
pub fn parse_mag(s: &[u8], base: u32) -> Option<BigInt> {
    let mut s = s;
    let mut base = base;
    let mut prefixed = false;
    if base == 0 {
        base = 10;
        if s.len() >= 2 && s[0] == b'0' {
            match s[1] {
                b'x' | b'X' => (base, s, prefixed) = (16, &s[2..], true),
                b'b' | b'B' => (base, s, prefixed) = (2, &s[2..], true),
                b'o' | b'O' => (base, s, prefixed) = (8, &s[2..], true),
                _ => (base, s, prefixed) = (8, &s[1..], true),
            }
            if base == 8 && !matches!(s.first(), Some(b'o' | b'O')) && s.is_empty() {
                return Some(BigInt::zero());
            }
        }
        // underscores: only between digits or after a prefix
        let mut digits = Vec::with_capacity(s.len());
        let mut prev_digit = prefixed;
        let mut last_us = false;
        for &c in s {
            if c == b'_' {
                if !prev_digit {
                    return None;
                }
                prev_digit = false;
                last_us = true;
            } else {
                digits.push(c);
                prev_digit = true;
                last_us = false;
            }
        }
        if last_us {
            return None;
        }
        return digits_to_int(&digits, base);
    }
    if !(2..=62).contains(&base) {
        return None;
    }
    digits_to_int(s, base)
}

fn digits_to_int(s: &[u8], base: u32) -> Option<BigInt> {
    if s.is_empty() {
        return None;
    }
    let mut ds = Vec::with_capacity(s.len());
    for &c in s {
        ds.push(digit_value(c, base)? as u8);
    }
    BigInt::from_radix_be(Sign::Plus, &ds, base)
}

/// `Int.SetString`'s parse of a whole string.
pub fn parse_int(s: &[u8], base: i64) -> Option<BigInt> {
    if !(base == 0 || (2..=62).contains(&base)) {
        return None;
    }
    let (neg, rest) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let m = parse_mag(rest, base as u32)?;
    Some(if neg { -m } else { m })
}

/// `x` in base `base` (2..=62), lower-case letters first.
pub fn text(x: &BigInt, base: u32) -> String {
    if base <= 36 {
        return x.to_str_radix(base);
    }
    const D: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut s: Vec<u8> = x
        .magnitude()
        .to_radix_be(base)
        .iter()
        .map(|&d| D[d as usize])
        .collect();
    if x.is_negative() {
        s.insert(0, b'-');
    }
    String::from_utf8(s).unwrap_or_default()
}

/// The float64 nearest `x` (ties to even) and its accuracy (-1 below,
/// 0 exact, 1 above).
pub fn to_f64(x: &BigInt) -> (f64, i64) {
    let n = x.bits();
    let mag = x.magnitude();
    let f = if n <= 64 {
        mag.to_u64().unwrap_or(0) as f64
    } else {
        let top = (mag >> (n - 64)).to_u64().unwrap_or(0);
        let sticky = mag.trailing_zeros().unwrap_or(0) < n - 64;
        let top = top | sticky as u64;
        let f = top as f64;
        let e = (n - 64) as i32;
        if e > 1100 {
            f64::INFINITY
        } else {
            f * 2f64.powi(e)
        }
    };
    let f = if x.is_negative() { -f } else { f };
    let acc = if f.is_infinite() {
        if f > 0.0 {
            1
        } else {
            -1
        }
    } else {
        match f64_to_int(f).cmp(x) {
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Greater => 1,
        }
    };
    (f, acc)
}

/// The integer part of a finite `f` (truncated).
pub fn f64_to_int(f: f64) -> BigInt {
    let f = f.trunc();
    if f == 0.0 {
        return BigInt::zero();
    }
    let bits = f.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let mant = if exp == 0 {
        (bits & ((1 << 52) - 1)) << 1
    } else {
        (bits & ((1 << 52) - 1)) | (1 << 52)
    };
    let e = exp - 1075;
    let m = BigInt::from(mant);
    let v = if e >= 0 {
        m << e as usize
    } else {
        m >> (-e) as usize
    };
    if f < 0.0 {
        -v
    } else {
        v
    }
}

fn mod_pos(x: &BigInt, m: &BigInt) -> BigInt {
    let r = x % m;
    if r.is_negative() {
        r + m
    } else {
        r
    }
}

/// Go's extended Euclid: gcd(|a|, |b|) and the cofactor of a (a, b != 0).
fn ext_gcd(a: &BigInt, b: &BigInt, want: bool) -> (BigInt, BigInt) {
    let mut aa = a.abs();
    let mut bb = b.abs();
    let mut ua = BigInt::one();
    let mut ub = BigInt::zero();
    if aa < bb {
        std::mem::swap(&mut aa, &mut bb);
        std::mem::swap(&mut ua, &mut ub);
    }
    while !bb.is_zero() {
        let q = &aa / &bb;
        let r = &aa - &q * &bb;
        aa = std::mem::replace(&mut bb, r);
        if want {
            let nub = &ua - &q * &ub;
            ua = std::mem::replace(&mut ub, nub);
        }
    }
    if a.is_negative() {
        ua = -ua;
    }
    (aa, ua)
}

fn mod_inverse(g: &BigInt, n: &BigInt) -> Option<BigInt> {
    let n = n.abs();
    let g = if g.is_negative() {
        mod_pos(g, &n)
    } else {
        g.clone()
    };
    if g.is_zero() {
        return if n.is_one() {
            Some(BigInt::zero())
        } else {
            None
        };
    }
    let (d, x) = ext_gcd(&g, &n, true);
    if !d.is_one() {
        return None;
    }
    Some(if x.is_negative() { x + n } else { x })
}

/// Go's `Exp`: x**y mod |m| (m == 0: no modulus); None when y < 0 and x
/// has no inverse mod m.
fn exp(x: &BigInt, y: &BigInt, m: &BigInt) -> Option<BigInt> {
    let mut x = x.clone();
    if y.is_negative() {
        if m.is_zero() {
            return Some(BigInt::one());
        }
        x = mod_inverse(&x, m)?;
    }
    let y = y.abs();
    let m = m.abs();
    if m.is_zero() {
        if y.is_zero() {
            return Some(BigInt::one());
        }
        let e = y.to_u64().unwrap_or(u64::MAX);
        if x.is_zero() || x.magnitude().is_one() {
            let odd = y.bit(0);
            return Some(if x.is_negative() && !odd { x.abs() } else { x });
        }
        return Some(num_traits::pow::pow(x, e as usize));
    }
    if m.is_one() {
        return Some(BigInt::zero());
    }
    let r = x.abs().modpow(&y, &m);
    if x.is_negative() && y.bit(0) && !r.is_zero() {
        return Some(&m - r);
    }
    Some(r)
}

fn mr_round(n: &BigInt, nm1: &BigInt, d: &BigInt, s: u64, a: &BigInt) -> bool {
    let mut x = a.modpow(d, n);
    if x.is_one() || &x == nm1 {
        return true;
    }
    for _ in 1..s {
        x = (&x * &x) % n;
        if &x == nm1 {
            return true;
        }
        if x.is_one() {
            return false;
        }
    }
    false
}

/// Miller–Rabin with the first twelve primes as bases (deterministic
/// below 3.3e24) and `reps` more pseudo-random bases.
fn probably_prime(n: &BigInt, reps: i64) -> bool {
    if n.sign() != Sign::Plus {
        return false;
    }
    const SMALL: [u32; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if let Some(v) = n.to_u64() {
        if v < 2 {
            return false;
        }
        for p in SMALL {
            if v == p as u64 {
                return true;
            }
            if v % p as u64 == 0 {
                return false;
            }
        }
    } else {
        for p in SMALL {
            if (n % p).is_zero() {
                return false;
            }
        }
    }
    let nm1 = n - 1u32;
    let s = nm1.trailing_zeros().unwrap_or(0);
    let d = &nm1 >> s as usize;
    for p in SMALL {
        if !mr_round(n, &nm1, &d, s, &BigInt::from(p)) {
            return false;
        }
    }
    // more bases from a fixed xorshift sequence in [2, n-2]
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15 ^ n.bits();
    let nm3 = n - 3u32;
    for _ in 0..reps.clamp(0, 64) {
        let mut words = Vec::new();
        for _ in 0..(n.bits() / 64 + 1) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            words.push(seed);
        }
        let r = BigInt::from_biguint(
            Sign::Plus,
            num_bigint::BigUint::from_slice(&{
                let mut v = Vec::new();
                for w in words {
                    v.push(w as u32);
                    v.push((w >> 32) as u32);
                }
                v
            }),
        );
        let a = (r % &nm3) + 2u32;
        if !mr_round(n, &nm1, &d, s, &a) {
            return false;
        }
    }
    true
}

fn jacobi(x: &BigInt, y: &BigInt) -> i64 {
    let mut a = mod_pos(x, y);
    let mut b = y.clone();
    let mut j = 1;
    if y.is_negative() {
        // Go: jacobi(x, -y) computed on |y| with the sign rule for x < 0
        b = y.abs();
        a = mod_pos(x, &b);
        if x.is_negative() {
            j = -1;
        }
    }
    loop {
        if b.is_one() {
            return j;
        }
        if a.is_zero() {
            return 0;
        }
        let s = a.trailing_zeros().unwrap_or(0);
        if s & 1 == 1 {
            let bmod8 = (&b % 8u32).to_u32().unwrap_or(0);
            if bmod8 == 3 || bmod8 == 5 {
                j = -j;
            }
        }
        let c = &a >> s as usize;
        if (&b % 4u32).to_u32() == Some(3) && (&c % 4u32).to_u32() == Some(3) {
            j = -j;
        }
        a = &b % &c;
        b = c;
    }
}

fn binom(n: i64, k: i64) -> BigInt {
    if k > n {
        return BigInt::zero();
    }
    let k = if k > n - k { n - k } else { k };
    if k < 0 {
        return BigInt::zero();
    }
    if k == 0 {
        return BigInt::one();
    }
    let mut r = BigInt::one();
    for i in 1..=k {
        r = r * BigInt::from(n - k + i) / BigInt::from(i);
    }
    r
}

fn mul_range(a: i64, b: i64) -> BigInt {
    if a > b {
        return BigInt::one();
    }
    if a <= 0 && b >= 0 {
        return BigInt::zero();
    }
    fn prod(a: i64, b: i64) -> BigInt {
        if b - a < 16 {
            let mut r = BigInt::one();
            for i in a..=b {
                r *= i;
            }
            return r;
        }
        let m = a + (b - a) / 2;
        prod(a, m) * prod(m + 1, b)
    }
    prod(a, b)
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "big.nAdd" => |cx| add_sub(cx, false),
        "big.nSub" => |cx| add_sub(cx, true),
        "big.nMul" => |cx| {
            let (z, a, b) = (cx.arg(0), cx.arg(1), cx.arg(2));
            if let (Some(x), Some(y)) = (small(a), small(b)) {
                return cx.ret(0, store_i128(z, x as i128 * y as i128));
            }
            let (z, a, b) = match (small(a), small(b)) {
                (Some(_), None) => (z, b, a),
                _ => (z, a, b),
            };
            if let Some(y) = small(b) {
                if let Some(h) = in_place(z, a, b, |g, _| *g *= y) {
                    return cx.ret(0, h);
                }
            }
            bin(cx, |x, y| x * y)
        },
        "big.nDivide" => |cx| {
            // (zq, zr, x, y, mode) (q, r int)
            let (zq, zr, a, b, mode) = (cx.arg(0), cx.arg(1), cx.arg(2), cx.arg(3), cx.int(4));
            if let (Some(x), Some(y), 0) = (small(a), small(b), mode) {
                cx.ret(0, mk_small(x / y))?;
                return cx.ret(1, mk_small(x % y));
            }
            // a destination 1 (never an Int's handle) discards
            let (q, r) = with2(a, b, |x, y| divide(x, y, mode));
            let q = if zq == 1 { 1 } else { store(zq, q) };
            cx.ret(0, q)?;
            let r = match zr {
                1 => 1,
                _ if zr == zq => store(0, r),
                _ => store(zr, r),
            };
            cx.ret(1, r)
        },
        "big.nCmp" => |cx| {
            let (a, b) = (cx.arg(0), cx.arg(1));
            let c = with2(a, b, |x, y| x.cmp(y));
            cx.ret_int(0, c as i64)
        },
        "big.nCmpAbs" => |cx| {
            let (a, b) = (cx.arg(0), cx.arg(1));
            let c = with2(a, b, |x, y| x.magnitude().cmp(y.magnitude()));
            cx.ret_int(0, c as i64)
        },
        "big.nSign" => |cx| {
            let s = with(cx.arg(0), |x| match x.sign() {
                Sign::Minus => -1,
                Sign::NoSign => 0,
                Sign::Plus => 1,
            });
            cx.ret_int(0, s)
        },
        "big.nCopy" => |cx| {
            let (z, a) = (cx.arg(0), cx.arg(1));
            if z == a || !is_big(a) {
                return cx.ret(0, a);
            }
            un(cx, |x| x.clone())
        },
        "big.nNeg" => |cx| un(cx, |x| -x),
        "big.nAbs" => |cx| un(cx, |x| x.abs()),
        "big.nLsh" => |cx| {
            let (z, a, n) = (cx.arg(0), cx.arg(1), cx.arg(2) as usize);
            let r = with(a, |x| x << n);
            cx.ret(0, store(z, r))
        },
        "big.nRsh" => |cx| {
            // BigInt's >> rounds toward -inf, as Go's Rsh.
            let (z, a, n) = (cx.arg(0), cx.arg(1), cx.arg(2) as usize);
            let r = with(a, |x| x >> n);
            cx.ret(0, store(z, r))
        },
        "big.nAnd" => |cx| bin(cx, |x, y| x & y),
        "big.nOr" => |cx| bin(cx, |x, y| x | y),
        "big.nXor" => |cx| bin(cx, |x, y| x ^ y),
        "big.nAndNot" => |cx| bin(cx, |x, y| x & !y),
        "big.nNot" => |cx| un(cx, |x| !x),
        "big.nBit" => |cx| {
            let i = cx.arg(1);
            let b = with(cx.arg(0), |x| x.bit(i));
            cx.ret_int(0, b as i64)
        },
        "big.nSetBit" => |cx| {
            let (z, i, b) = (cx.arg(0), cx.arg(2), cx.arg(3) != 0);
            let mut x = val(cx.arg(1));
            x.set_bit(i, b);
            cx.ret(0, store(z, x))
        },
        "big.nBitLen" => |cx| {
            let n = with(cx.arg(0), |x| x.bits());
            cx.ret_int(0, n as i64)
        },
        "big.nTrailingZeroBits" => |cx| {
            let n = with(cx.arg(0), |x| x.trailing_zeros().unwrap_or(0));
            cx.ret_int(0, n as i64)
        },
        "big.nExp" => |cx| {
            let (z, a, b, m) = (cx.arg(0), cx.arg(1), cx.arg(2), cx.arg(3));
            let r = with(a, |x| with(b, |y| with(m, |m| exp(x, y, m))));
            match r {
                Some(r) => {
                    cx.ret(0, store(z, r))?;
                    cx.ret_bool(1, true)
                }
                None => cx.ret_bool(1, false),
            }
        },
        "big.nGCD" => |cx| {
            // a, b != 0: gcd and a's cofactor, as new handles
            let (a, b, want) = (cx.arg(0), cx.arg(1), cx.bool(2));
            let (d, x) = with2(a, b, |x, y| ext_gcd(x, y, want));
            cx.ret(0, mk(d))?;
            cx.ret(1, mk(x))
        },
        "big.nModInverse" => |cx| {
            let (z, a, b) = (cx.arg(0), cx.arg(1), cx.arg(2));
            match with2(a, b, mod_inverse) {
                Some(r) => {
                    cx.ret(0, store(z, r))?;
                    cx.ret_bool(1, true)
                }
                None => cx.ret_bool(1, false),
            }
        },
        "big.nSqrt" => |cx| un(cx, |x| x.sqrt()),
        "big.nJacobi" => |cx| {
            let (a, b) = (cx.arg(0), cx.arg(1));
            let j = with2(a, b, jacobi);
            cx.ret_int(0, j)
        },
        "big.nParse" => |cx| {
            let (z, s, base) = (cx.arg(0), cx.str(1), cx.int(2));
            match parse_int(s, base) {
                Some(v) => {
                    cx.ret(0, store(z, v))?;
                    cx.ret_bool(1, true)
                }
                None => cx.ret_bool(1, false),
            }
        },
        "big.nText" => |cx| {
            let base = cx.int(1) as u32;
            let s = with(cx.arg(0), |x| text(x, base));
            cx.ret_string(0, s.into_bytes())
        },
        "big.nInt64" => |cx| {
            // low 64 bits, two's complement
            let v = with(cx.arg(0), |x| {
                let lo = x.magnitude().iter_u64_digits().next().unwrap_or(0);
                if x.is_negative() {
                    lo.wrapping_neg()
                } else {
                    lo
                }
            });
            cx.ret(0, v)
        },
        "big.nUint64" => |cx| {
            let v = with(cx.arg(0), |x| {
                x.magnitude().iter_u64_digits().next().unwrap_or(0)
            });
            cx.ret(0, v)
        },
        "big.nIsInt64" => |cx| {
            let ok = with(cx.arg(0), |x| x.to_i64().is_some());
            cx.ret_bool(0, ok)
        },
        "big.nIsUint64" => |cx| {
            let ok = with(cx.arg(0), |x| x.to_u64().is_some());
            cx.ret_bool(0, ok)
        },
        "big.nFromUint64" => |cx| {
            let (z, v) = (cx.arg(0), cx.arg(1));
            cx.ret(0, store(z, BigInt::from(v)))
        },
        "big.nFromInt64" => |cx| {
            let (z, v) = (cx.arg(0), cx.int(1));
            cx.ret(0, store(z, BigInt::from(v)))
        },
        "big.nFloat64" => |cx| {
            let (f, acc) = with(cx.arg(0), to_f64);
            cx.ret_float(0, f)?;
            cx.ret_int(1, acc)
        },
        "big.nFromFloat64" => |cx| {
            let (z, f) = (cx.arg(0), cx.float(1));
            cx.ret(0, store(z, f64_to_int(f)))
        },
        "big.nBytes" => |cx| {
            let b = with(cx.arg(0), |x| {
                if x.is_zero() {
                    Vec::new()
                } else {
                    x.magnitude().to_bytes_be()
                }
            });
            cx.ret(0, byte_slice(&b))
        },
        "big.nSetBytes" => |cx| {
            let (z, b) = (cx.arg(0), bytes_of(cx.arg(1)));
            cx.ret(0, store(z, BigInt::from_bytes_be(Sign::Plus, &b)))
        },
        "big.nWords" => |cx| {
            let ws: Vec<Word> = with(cx.arg(0), |x| x.magnitude().iter_u64_digits().collect());
            cx.ret(0, slice_of(&ws))
        },
        "big.nSetWords" => |cx| {
            let ws: Vec<u32> = cx
                .elems(1)
                .iter()
                .flat_map(|s| {
                    let w = s.load(std::sync::atomic::Ordering::Relaxed);
                    [w as u32, (w >> 32) as u32]
                })
                .collect();
            let m = num_bigint::BigUint::from_slice(&ws);
            let (z, neg) = (cx.arg(0), cx.bool(2));
            let v = BigInt::from_biguint(if neg { Sign::Minus } else { Sign::Plus }, m);
            cx.ret(0, store(z, v))
        },
        "big.nProbablyPrime" => |cx| {
            let n = cx.int(1);
            let p = with(cx.arg(0), |x| probably_prime(x, n));
            cx.ret_bool(0, p)
        },
        "big.nMulRange" => |cx| {
            let (z, a, b) = (cx.arg(0), cx.int(1), cx.int(2));
            cx.ret(0, store(z, mul_range(a, b)))
        },
        "big.nBinomial" => |cx| {
            let (z, n, k) = (cx.arg(0), cx.int(1), cx.int(2));
            cx.ret(0, store(z, binom(n, k)))
        },
        _ => return None,
    })
}
