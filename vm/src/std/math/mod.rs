//! Natives of package `math`: the floating-point functions Go implements
//! in assembly or Go, here on Rust's `f64` (libm), with Go's special
//! cases where libm's differ.

use crate::interp::natives::builtin::{builtin_fmax, builtin_fmin};
use crate::interp::natives::NativeFn;

macro_rules! f1 {
    ($e:expr) => {
        |cx| {
            let f: fn(f64) -> f64 = $e;
            let r = f(cx.float(0));
            cx.ret_float(0, r)
        }
    };
}

macro_rules! f2 {
    ($e:expr) => {
        |cx| {
            let f: fn(f64, f64) -> f64 = $e;
            let r = f(cx.float(0), cx.float(1));
            cx.ret_float(0, r)
        }
    };
}

/// Go's `math.NaN()` bits (`uvnan`).
const GO_NAN: u64 = 0x7ff8_0000_0000_0001;

/// Go's `math.Hypot` (amd64): max * sqrt(1 + (min/max)**2), not libm's
/// correctly rounded hypot, so that results agree to the last bit.
fn go_hypot(p: f64, q: f64) -> f64 {
    let (p, q) = (p.abs(), q.abs());
    if p.is_infinite() || q.is_infinite() {
        return f64::INFINITY;
    }
    if p.is_nan() || q.is_nan() {
        return f64::from_bits(GO_NAN);
    }
    let (p, q) = if p < q { (q, p) } else { (p, q) };
    if p == 0.0 {
        return 0.0;
    }
    let q = q / p;
    p * (1.0 + q * q).sqrt()
}

/// math.Max: +Inf wins even over NaN, then as the builtin.
fn go_max(x: f64, y: f64) -> f64 {
    if x.is_infinite() && x > 0.0 || y.is_infinite() && y > 0.0 {
        return f64::INFINITY;
    }
    builtin_fmax(x, y)
}

/// math.Min: -Inf wins even over NaN, then as the builtin.
fn go_min(x: f64, y: f64) -> f64 {
    if x.is_infinite() && x < 0.0 || y.is_infinite() && y < 0.0 {
        return f64::NEG_INFINITY;
    }
    builtin_fmin(x, y)
}

fn go_pow(x: f64, y: f64) -> f64 {
    // Go: Pow(1, y) = 1 and Pow(x, 0) = 1 for any x, y (NaN included).
    if x == 1.0 || y == 0.0 {
        return 1.0;
    }
    x.powf(y)
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "math.Abs" => f1!(f64::abs),
        "math.Acos" => f1!(f64::acos),
        "math.Asin" => f1!(f64::asin),
        "math.Atan" => f1!(f64::atan),
        "math.Atan2" => f2!(f64::atan2),
        "math.Cbrt" => f1!(f64::cbrt),
        "math.Ceil" => f1!(f64::ceil),
        "math.Copysign" => f2!(f64::copysign),
        "math.Cos" => f1!(f64::cos),
        "math.Cosh" => f1!(f64::cosh),
        "math.Exp" => f1!(f64::exp),
        "math.Exp2" => f1!(f64::exp2),
        "math.Floor" => f1!(f64::floor),
        "math.Hypot" => f2!(go_hypot),
        "math.Log" => f1!(f64::ln),
        "math.Log10" => f1!(f64::log10),
        "math.Log1p" => f1!(f64::ln_1p),
        "math.Log2" => f1!(f64::log2),
        "math.Max" => f2!(go_max),
        "math.Min" => f2!(go_min),
        "math.Mod" => f2!(|x, y| x % y),
        "math.Pow" => f2!(go_pow),
        "math.Remainder" => f2!(|x, y| {
            if x.is_nan() || y.is_nan() || x.is_infinite() || y == 0.0 {
                f64::NAN
            } else if y.is_infinite() {
                x
            } else {
                x - (x / y).round_ties_even() * y
            }
        }),
        "math.Round" => f1!(f64::round),
        "math.RoundToEven" => f1!(f64::round_ties_even),
        "math.Sin" => f1!(f64::sin),
        "math.Sinh" => f1!(f64::sinh),
        "math.Sqrt" => f1!(f64::sqrt),
        "math.Tan" => f1!(f64::tan),
        "math.Tanh" => f1!(f64::tanh),
        "math.Trunc" => f1!(f64::trunc),
        // Go's NaN() is the quiet NaN with payload 1 (`uvnan`).
        "math.NaN" => |cx| cx.ret_float(0, f64::from_bits(GO_NAN)),
        "math.Inf" => |cx| {
            let s = cx.int(0);
            cx.ret_float(
                0,
                if s >= 0 {
                    f64::INFINITY
                } else {
                    f64::NEG_INFINITY
                },
            )
        },
        "math.IsInf" => |cx| {
            let (f, s) = (cx.float(0), cx.int(1));
            let r = (s >= 0 && f == f64::INFINITY) || (s <= 0 && f == f64::NEG_INFINITY);
            cx.ret_bool(0, r)
        },
        "math.IsNaN" => |cx| {
            let r = cx.float(0).is_nan();
            cx.ret_bool(0, r)
        },
        "math.Signbit" => |cx| {
            let r = cx.float(0).is_sign_negative();
            cx.ret_bool(0, r)
        },
        "math.Pow10" => |cx| {
            let n = cx.int(0);
            let r = if n < -323 {
                0.0
            } else if n > 308 {
                f64::INFINITY
            } else {
                format!("1e{n}").parse().unwrap_or(0.0)
            };
            cx.ret_float(0, r)
        },
        "math.Modf" => |cx| {
            let f = cx.float(0);
            let i = f.trunc();
            let frac = if f.is_infinite() {
                f64::NAN.copysign(f)
            } else {
                f - i
            };
            let frac = if frac == 0.0 {
                0.0f64.copysign(f)
            } else {
                frac
            };
            cx.ret_float(0, i)?;
            cx.ret_float(1, frac)
        },
        "math.Float64bits" => |cx| {
            let w = cx.arg(0);
            cx.ret(0, w)
        },
        "math.Float64frombits" => |cx| {
            let w = cx.arg(0);
            cx.ret(0, w)
        },
        "math.Float32bits" => |cx| {
            let r = (cx.float(0) as f32).to_bits();
            cx.ret(0, r as u64)
        },
        "math.Float32frombits" => |cx| {
            let r = f32::from_bits(cx.arg(0) as u32) as f64;
            cx.ret_float(0, r)
        },
        _ => return None,
    })
}
