//! `strconv` natives over the `lib::strconv` engine.

pub mod engine;

use crate::interp::natives::{NativeCtx, NativeFn};
use crate::interp::panic::Trap;
use crate::stdlib::strconv::engine::{self as sc, NumError, NumErrorKind};

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "strconv.parseInt" => parse_int,
        "strconv.parseUint" => parse_uint,
        "strconv.parseFloat" => parse_float,
        "strconv.Itoa" => itoa,
        "strconv.FormatInt" => format_int,
        "strconv.FormatUint" => format_uint,
        "strconv.FormatFloat" => format_float,
        "strconv.Quote" => quote,
        "strconv.QuoteRune" => quote_rune,
        "strconv.QuoteToASCII" => quote_to_ascii,
        "strconv.unquote" => unquote,
        _ => return None,
    })
}

/// The prelude's error codes: 0 ok, 1 syntax, 2 range, 3 base, 4 bit size.
fn code(e: &Option<NumError>) -> i64 {
    match e.as_ref().map(|e| &e.kind) {
        None => 0,
        Some(NumErrorKind::Syntax) => 1,
        Some(NumErrorKind::Range) => 2,
        Some(NumErrorKind::Base(_)) => 3,
        Some(NumErrorKind::BitSize(_)) => 4,
    }
}

fn parse_int(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let (v, e) = sc::parse_int(cx.str(0), cx.int(1), cx.int(2));
    cx.ret_int(0, v)?;
    cx.ret_int(1, code(&e))
}

fn parse_uint(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let (v, e) = sc::parse_uint(cx.str(0), cx.int(1), cx.int(2));
    cx.ret(0, v)?;
    cx.ret_int(1, code(&e))
}

fn parse_float(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let bits = cx.int(1);
    let (v, e) = sc::parse_float(cx.str(0), if bits == 32 { 32 } else { 64 });
    cx.ret_float(0, v)?;
    cx.ret_int(1, code(&e))
}

fn itoa(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let s = sc::itoa(cx.int(0));
    cx.ret_string(0, s.into_bytes())
}

fn base_arg(cx: &NativeCtx<'_, '_>, i: usize) -> Result<u32, Trap> {
    let b = cx.int(i);
    if (2..=36).contains(&b) {
        Ok(b as u32)
    } else {
        Err(cx.panic_str("strconv: illegal AppendInt/FormatInt base"))
    }
}

fn format_int(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let base = base_arg(cx, 1)?;
    let s = sc::format_int(cx.int(0), base).unwrap_or_default();
    cx.ret_string(0, s.into_bytes())
}

fn format_uint(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let base = base_arg(cx, 1)?;
    let s = sc::format_uint(cx.arg(0), base).unwrap_or_default();
    cx.ret_string(0, s.into_bytes())
}

fn format_float(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let f = cx.float(0);
    let fmt = cx.arg(1) as u8;
    let prec = cx.int(2);
    let bits = if cx.int(3) == 32 { 32 } else { 64 };
    let s = sc::format_float(f, fmt, prec, bits);
    cx.ret_string(0, s.into_bytes())
}

fn quote(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let q = sc::quote(cx.str(0));
    cx.ret_string(0, q)
}

fn quote_rune(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let q = sc::quote_rune(cx.arg(0) as u32 as i32 as i64);
    cx.ret_string(0, q)
}

fn quote_to_ascii(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let q = sc::quote_to_ascii(cx.str(0));
    cx.ret_string(0, q)
}

fn unquote(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    match sc::unquote(cx.str(0)) {
        Ok(s) => {
            cx.ret_string(0, s)?;
            cx.ret_bool(1, true)
        }
        Err(()) => {
            cx.ret(0, 0)?;
            cx.ret_bool(1, false)
        }
    }
}
