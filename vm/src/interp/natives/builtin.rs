//! Builtins lowered to natives: `print`, `println` (Go's runtime printing
//! to stderr) and `clear` on slices.

use super::{NativeCtx, NativeFn};
use crate::heap::{self, Word};
use crate::interp::panic::Trap;
use crate::interp::{value, Program};
use crate::rtype::Kind;
use crate::stdlib::strconv::engine as strconv;

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "builtin.print" => print,
        "builtin.println" => println,
        "builtin.clear" => clear,
        "builtin.sliceToArray" => slice_to_array,
        "builtin.fmax" => |cx| {
            let r = builtin_fmax(cx.float(0), cx.float(1));
            cx.ret_float(0, r)
        },
        "builtin.fmin" => |cx| {
            let r = builtin_fmin(cx.float(0), cx.float(1));
            cx.ret_float(0, r)
        },
        _ => return None,
    })
}

/// How the runtime's `print` shows a value of type `t` (`None` for
/// aggregates, which `print` does not accept).
pub fn print_basic(prog: &Program, t: u32, w: Word) -> Option<Vec<u8>> {
    let ty = prog.rtype(t);
    Some(match ty.kind {
        Kind::Bool => (if w != 0 { "true" } else { "false" }).into(),
        k if k.is_signed_int() => (w as i64).to_string().into_bytes(),
        k if k.is_unsigned_int() => w.to_string().into_bytes(),
        Kind::Float32 => strconv::format_float(f64::from_bits(w), b'g', -1, 32).into_bytes(),
        Kind::Float64 => strconv::format_float(f64::from_bits(w), b'g', -1, 64).into_bytes(),
        Kind::Complex64 | Kind::Complex128 => {
            // The runtime prints `(re±imi)` with the parts' shortest
            // digits, +Inf and the imaginary part always signed.
            let bits = if ty.kind == Kind::Complex64 { 32 } else { 64 };
            let (re, im) = heap::complex_parts(w);
            let part = |x: f64, signed: bool| {
                let s = strconv::format_float(x, b'g', -1, bits);
                if (signed || x == f64::INFINITY) && !s.starts_with(['-', '+']) {
                    format!("+{s}")
                } else {
                    s
                }
            };
            format!("({}{}i)", part(re, false), part(im, true)).into_bytes()
        }
        Kind::String => heap::str_bytes(w).to_vec(),
        Kind::Pointer | Kind::Chan | Kind::Map | Kind::Func => format!("0x{w:x}").into_bytes(),
        Kind::Slice => match heap::slice(w) {
            None => b"[0/0]0x0".to_vec(),
            Some(s) => format!("[{}/{}]0x{:x}", s.len(), s.cap(), s.addr()).into_bytes(),
        },
        Kind::Interface => match heap::iface(w) {
            None => b"(0x0,0x0)".to_vec(),
            Some(i) => format!("(0x{:x},0x{:x})", i.rtype, i.data).into_bytes(),
        },
        _ => return None,
    })
}

fn print_args(cx: &NativeCtx<'_, '_>, sep: bool) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..cx.nargs {
        if sep && i > 0 {
            out.push(b' ');
        }
        match heap::iface(cx.arg(i)) {
            // A nil interface argument (typed nil interfaces print so).
            None => out.extend_from_slice(b"(0x0,0x0)"),
            Some(v) => match print_basic(cx.prog, v.rtype, v.data) {
                Some(b) => out.extend_from_slice(&b),
                None => out.extend_from_slice(format!("0x{:x}", v.data).as_bytes()),
            },
        }
    }
    if sep {
        out.push(b'\n');
    }
    out
}

fn print(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    super::write_stderr(&print_args(cx, false));
    Ok(())
}

fn println(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    super::write_stderr(&print_args(cx, true));
    Ok(())
}

/// `clear(s)` for a slice (passed as an interface word): every element
/// becomes its zero value.
fn clear(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let Some(i) = heap::iface(cx.arg(0)) else {
        return Ok(());
    };
    let rt = &cx.prog.rtypes;
    let elem = cx.prog.rtype(i.rtype).elem;
    let agg = rt[elem as usize].aggregate;
    let elems = heap::slice_or_nil(i.data).elems_backing();
    for k in 0..elems.len() {
        if agg {
            let z = value::zero(rt, elem);
            value::copy_into(rt, elems.get(k), z, elem);
        } else {
            elems.set(k, 0);
        }
    }
    Ok(())
}

/// `[N]T(s)` (copy = 1: a new array holding copies of the elements) and
/// `(*[N]T)(s)` (copy = 0: a pointer sharing the slice's array; nil for a
/// nil slice). `s` comes boxed in an interface so its element type is
/// known. Panics as Go when `len(s) < N`.
fn slice_to_array(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let (boxed, n, copy) = (cx.arg(0), cx.int(1) as usize, cx.int(2) != 0);
    let (sw, st) = match heap::iface(boxed) {
        Some(i) => (i.data, i.rtype),
        None => (0, 0),
    };
    let w = slice_to_array_word(cx.prog, sw, st, n, copy)?;
    cx.ret(0, w)
}

/// `[N]T(s)` (`copy`) or `(*[N]T)(s)` for the slice word `sw` of slice
/// type `st`: the array word, or Go's panic when `s` is shorter than N.
pub(crate) fn slice_to_array_word(
    prog: &Program,
    sw: Word,
    st: u32,
    n: usize,
    copy: bool,
) -> Result<Word, Trap> {
    let len = heap::slice_or_nil(sw).len();
    if len < n {
        return Err(Trap::rt(
            crate::interp::panic::RtKind::ErrorString,
            format!(
                "cannot convert slice with length {len} to array or pointer to array with length {n}"
            ),
        ));
    }
    if !copy && sw == 0 {
        return Ok(0);
    }
    let elems = heap::slice_or_nil(sw).backing().sub(0, n);
    let data = if copy {
        let elem = prog.rtype(st).elem;
        let rt = &prog.rtypes;
        let d = crate::interp::ops::backing(rt, elem, n);
        if rt[elem as usize].aggregate {
            for k in 0..n {
                d.set(k, crate::interp::value::deep_copy(rt, elems.get(k), elem));
            }
        } else {
            d.copy_from(0, elems);
        }
        d
    } else {
        elems
    };
    Ok(heap::new_slice_of(data, n))
}

/// The builtin `max` on floats: any NaN wins (unlike math.Max, where +Inf
/// does), and +0 is above -0.
pub(crate) fn builtin_fmax(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 && y == 0.0 {
        return if x.is_sign_negative() { y } else { x };
    }
    if x > y {
        x
    } else {
        y
    }
}

/// The builtin `min` on floats: any NaN wins, and -0 is below +0.
pub(crate) fn builtin_fmin(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 && y == 0.0 {
        return if x.is_sign_negative() { x } else { y };
    }
    if x < y {
        x
    } else {
        y
    }
}
