//! Natives of package `unicode/utf8`, over [`engine`].

pub mod engine;

use engine as utf8;

use crate::interp::natives::NativeFn;
use crate::interp::panic::Trap;

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "utf8.AppendRune" => |cx| {
            let mut b = Vec::with_capacity(4);
            utf8::encode_rune(&mut b, cx.arg(1) as u32 as i32 as i64);
            let r = crate::interp::ops::append_bytes(cx.arg(0), &b, false);
            cx.ret(0, r)
        },
        "utf8.DecodeRune" => |cx| {
            let b = crate::interp::natives::bytes_of(cx.arg(0));
            let (r, w) = utf8::decode_rune(&b);
            cx.ret_int(0, r as i64)?;
            cx.ret_int(1, w as i64)
        },
        "utf8.DecodeRuneInString" => |cx| {
            let (r, w) = utf8::decode_rune(cx.str(0));
            cx.ret_int(0, r as i64)?;
            cx.ret_int(1, w as i64)
        },
        "utf8.DecodeLastRune" => |cx| {
            let b = crate::interp::natives::bytes_of(cx.arg(0));
            let (r, w) = utf8::decode_last_rune(&b);
            cx.ret_int(0, r as i64)?;
            cx.ret_int(1, w as i64)
        },
        "utf8.DecodeLastRuneInString" => |cx| {
            let (r, w) = utf8::decode_last_rune(cx.str(0));
            cx.ret_int(0, r as i64)?;
            cx.ret_int(1, w as i64)
        },
        "utf8.EncodeRune" => |cx| {
            let mut b = Vec::with_capacity(4);
            utf8::encode_rune(&mut b, cx.arg(1) as u32 as i32 as i64);
            let dst = cx.byte_elems(0);
            if dst.len() < b.len() {
                return Err(Trap::index(dst.len() as i64, dst.len()));
            }
            dst.write_bytes(0, &b);
            cx.ret_int(0, b.len() as i64)
        },
        "utf8.FullRune" => |cx| {
            let r = utf8::full_rune(&crate::interp::natives::bytes_of(cx.arg(0)));
            cx.ret_bool(0, r)
        },
        "utf8.RuneCount" => |cx| {
            let r = utf8::rune_count(&crate::interp::natives::bytes_of(cx.arg(0)));
            cx.ret_int(0, r as i64)
        },
        "utf8.RuneCountInString" => |cx| {
            let r = utf8::rune_count(cx.str(0));
            cx.ret_int(0, r as i64)
        },
        "utf8.RuneLen" => |cx| {
            let r = utf8::rune_len(cx.arg(0) as u32 as i32 as i64);
            cx.ret_int(0, r.map_or(-1, |n| n as i64))
        },
        "utf8.Valid" => |cx| {
            let r = utf8::valid_string(&crate::interp::natives::bytes_of(cx.arg(0)));
            cx.ret_bool(0, r)
        },
        "utf8.ValidString" => |cx| {
            let r = utf8::valid_string(cx.str(0));
            cx.ret_bool(0, r)
        },
        _ => return None,
    })
}
