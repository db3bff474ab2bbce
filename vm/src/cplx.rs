//! Complex numbers at run time: Go's `complex64` and `complex128`.
//!
//! Owns: the arithmetic the VM's complex instructions run (`+ - * /`, with
//! Go's division semantics), the rounding of `complex64` results, and the
//! runtime `println` spelling.
//!
//! # Representation
//! A complex value is one word, as every Go value here (see `heap`): 0 for
//! `0+0i` (both parts +0, so zero values need no allocation), else the
//! address of an immutable, pointer-free 16-byte heap object holding the
//! two parts as `f64` ([`heap::new_complex`], [`heap::complex_parts`]). Every
//! operation allocates a fresh object; none is ever written after it is
//! made, so racing goroutines can never see a torn value. `complex64` uses
//! the same boxes: its parts are the `f64`s of rounded `f32`s (as float32
//! words are), re-rounded after each operation ([`round64`]).
//!
//! Invariants: a `complex64` word's parts are always exactly representable
//! as `f32`; `-0` parts are kept (a box, never the 0 word).

use crate::heap::{self, Word};

/// `(re, im)` of a complex word.
pub fn parts(w: Word) -> (f64, f64) {
    heap::complex_parts(w)
}

/// The word of `re + im i`.
pub fn word(re: f64, im: f64) -> Word {
    heap::new_complex(re, im)
}

/// Rounds both parts to `f32` precision (a `complex64` result).
pub fn round64((re, im): (f64, f64)) -> (f64, f64) {
    (re as f32 as f64, im as f32 as f64)
}

pub fn add((a, b): (f64, f64), (c, d): (f64, f64)) -> (f64, f64) {
    (a + c, b + d)
}

pub fn sub((a, b): (f64, f64), (c, d): (f64, f64)) -> (f64, f64) {
    (a - c, b - d)
}

/// Multiplication as gc compiles it: `(ac - bd) + (ad + bc)i`, no fused
/// multiply-add. gc multiplies `complex64` values in float64 too (to limit
/// cancellation) and rounds the result once ([`round64`]).
pub fn mul((a, b): (f64, f64), (c, d): (f64, f64)) -> (f64, f64) {
    (a * c - b * d, a * d + b * c)
}

fn copysign(x: f64, y: f64) -> f64 {
    x.copysign(y)
}

/// 1 or 0 with `x`'s sign: 1 for an infinite `x`.
fn inf_unit(x: f64) -> f64 {
    copysign(if x.is_infinite() { 1.0 } else { 0.0 }, x)
}

/// `n / m` with the semantics of Go's runtime `complex128div`: Smith's
/// algorithm, then C99 Annex G's recovery of infinities and zeros when
/// both parts came out NaN. Division by zero does not panic. `complex64`
/// division runs this on the widened operands and rounds the result.
pub fn div((a, b): (f64, f64), (c, d): (f64, f64)) -> (f64, f64) {
    let (mut e, mut f);
    if c.abs() >= d.abs() {
        let ratio = d / c;
        let denom = c + ratio * d;
        e = (a + b * ratio) / denom;
        f = (b - a * ratio) / denom;
    } else {
        let ratio = c / d;
        let denom = d + ratio * c;
        e = (a * ratio + b) / denom;
        f = (b * ratio - a) / denom;
    }
    if e.is_nan() && f.is_nan() {
        let finite = |x: f64| x.is_finite();
        if c == 0.0 && d == 0.0 && (!a.is_nan() || !b.is_nan()) {
            e = copysign(f64::INFINITY, c) * a;
            f = copysign(f64::INFINITY, c) * b;
        } else if (a.is_infinite() || b.is_infinite()) && finite(c) && finite(d) {
            let (a, b) = (inf_unit(a), inf_unit(b));
            e = f64::INFINITY * (a * c + b * d);
            f = f64::INFINITY * (b * c - a * d);
        } else if (c.is_infinite() || d.is_infinite()) && finite(a) && finite(b) {
            let (c, d) = (inf_unit(c), inf_unit(d));
            e = 0.0 * (a * c + b * d);
            f = 0.0 * (b * c - a * d);
        }
    }
    (e, f)
}

/// `==` on complex values: both parts equal as floats (so `-0 == +0` and
/// NaN parts are never equal).
pub fn eq((a, b): (f64, f64), (c, d): (f64, f64)) -> bool {
    a == c && b == d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn division_by_zero_gives_infinities() {
        let (e, f) = div((1.0, 2.0), (0.0, 0.0));
        assert_eq!((e, f), (f64::INFINITY, f64::INFINITY));
        let (e, f) = div((-1.0, 0.0), (0.0, 0.0));
        assert_eq!(e, f64::NEG_INFINITY);
        assert!(f.is_nan());
        let (e, f) = div((0.0, 0.0), (0.0, 0.0));
        assert!(e.is_nan() && f.is_nan());
    }

    #[test]
    fn division_recovers_infinities_and_zeros() {
        assert_eq!(
            div((f64::INFINITY, 0.0), (1.0, 1.0)),
            (f64::INFINITY, f64::NEG_INFINITY)
        );
        let (e, f) = div((1.0, 1.0), (f64::INFINITY, 0.0));
        assert_eq!((e, f), (0.0, 0.0));
        assert_eq!(div((1.0, 2.0), (3.0, 4.0)), (0.44, 0.08));
    }

    #[test]
    fn complex64_multiplication_rounds_once_from_float64() {
        // gc gives (-16.126-3.8179996i) for b*b*b with b = 1.1+2.3i in
        // complex64; rounding each float32 product would give ...98i.
        let b = round64((1.1, 2.3));
        let bb = round64(mul(b, b));
        let r = round64(mul(bb, b));
        assert_eq!(r.1 as f32, -3.8179996f32);
    }

    #[test]
    fn zero_is_the_zero_word_and_negative_zero_is_kept() {
        assert_eq!(word(0.0, 0.0), 0);
        let w = word(-0.0, 0.0);
        assert_ne!(w, 0);
        assert_eq!(parts(w).0.to_bits(), (-0.0f64).to_bits());
    }
}
