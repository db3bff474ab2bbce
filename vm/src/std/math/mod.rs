//! Natives of package `math`: Go's algorithms (see `gomath`), so that every
//! result has the bits `go run` gives on linux/amd64.

use crate::interp::natives::NativeFn;

pub mod gomath;
use gomath as g;

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

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "math.Abs" => f1!(f64::abs),
        "math.Acos" => f1!(g::acos),
        "math.Acosh" => f1!(g::acosh),
        "math.Asin" => f1!(g::asin),
        "math.Asinh" => f1!(g::asinh),
        "math.Atan" => f1!(g::atan),
        "math.Atan2" => f2!(g::atan2),
        "math.Atanh" => f1!(g::atanh),
        "math.Cbrt" => f1!(g::cbrt),
        "math.Ceil" => f1!(g::ceil),
        "math.Copysign" => f2!(f64::copysign),
        "math.Cos" => f1!(g::cos),
        "math.Cosh" => f1!(g::cosh),
        "math.Dim" => f2!(g::dim),
        "math.Erf" => f1!(g::erf),
        "math.Erfc" => f1!(g::erfc),
        "math.Erfcinv" => f1!(g::erfcinv),
        "math.Erfinv" => f1!(g::erfinv),
        "math.Exp" => f1!(g::exp),
        "math.Exp2" => f1!(g::exp2),
        "math.Expm1" => f1!(g::expm1),
        "math.Floor" => f1!(g::floor),
        "math.Gamma" => f1!(g::gamma),
        "math.Hypot" => f2!(g::hypot),
        "math.J0" => f1!(g::j0),
        "math.J1" => f1!(g::j1),
        "math.Log" => f1!(g::log),
        "math.Log10" => f1!(g::log10),
        "math.Log1p" => f1!(g::log1p),
        "math.Log2" => f1!(g::log2),
        "math.Logb" => f1!(g::logb),
        "math.Max" => f2!(g::max),
        "math.Min" => f2!(g::min),
        "math.Mod" => f2!(g::modulo),
        "math.Nextafter" => f2!(g::nextafter),
        "math.Pow" => f2!(g::pow),
        "math.Remainder" => f2!(g::remainder),
        "math.Round" => f1!(g::round),
        "math.RoundToEven" => f1!(g::round_to_even),
        "math.Sin" => f1!(g::sin),
        "math.Sinh" => f1!(g::sinh),
        "math.Sqrt" => f1!(f64::sqrt),
        "math.Tan" => f1!(g::tan),
        "math.Tanh" => f1!(g::tanh),
        "math.Trunc" => f1!(g::trunc),
        "math.Y0" => f1!(g::y0),
        "math.Y1" => f1!(g::y1),
        "math.FMA" => |cx| {
            let r = g::fma(cx.float(0), cx.float(1), cx.float(2));
            cx.ret_float(0, r)
        },
        "math.Frexp" => |cx| {
            let (f, e) = g::frexp(cx.float(0));
            cx.ret_float(0, f)?;
            cx.ret_int(1, e)
        },
        "math.Ldexp" => |cx| {
            let r = g::ldexp(cx.float(0), cx.int(1));
            cx.ret_float(0, r)
        },
        "math.Ilogb" => |cx| {
            let r = g::ilogb(cx.float(0));
            cx.ret_int(0, r)
        },
        "math.Lgamma" => |cx| {
            let (l, s) = g::lgamma(cx.float(0));
            cx.ret_float(0, l)?;
            cx.ret_int(1, s)
        },
        "math.Sincos" => |cx| {
            let (s, c) = g::sincos(cx.float(0));
            cx.ret_float(0, s)?;
            cx.ret_float(1, c)
        },
        "math.Jn" => |cx| {
            let r = g::jn(cx.int(0), cx.float(1));
            cx.ret_float(0, r)
        },
        "math.Yn" => |cx| {
            let r = g::yn(cx.int(0), cx.float(1));
            cx.ret_float(0, r)
        },
        "math.Nextafter32" => |cx| {
            let r = g::nextafter32(cx.float(0) as f32, cx.float(1) as f32);
            cx.ret_float(0, r as f64)
        },
        "math.Pow10" => |cx| {
            let r = g::pow10(cx.int(0));
            cx.ret_float(0, r)
        },
        "math.Modf" => |cx| {
            let (i, f) = g::modf(cx.float(0));
            cx.ret_float(0, i)?;
            cx.ret_float(1, f)
        },
        // Go's NaN() is the quiet NaN with payload 1 (`uvnan`).
        "math.NaN" => |cx| cx.ret_float(0, g::nan()),
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
