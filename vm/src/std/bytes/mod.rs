//! `bytes` natives: the searches hot loops call, reading the slice in
//! place instead of converting it to a string first.

use crate::interp::natives::{NativeCtx, NativeFn};
use crate::interp::panic::Trap;
use crate::stdlib::strings::engine as st;

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "bytes.IndexByte" => |cx| {
            let r = cx.byte_elems(0).index_byte(cx.arg(1) as u8);
            ret_idx(cx, r)
        },
        "bytes.LastIndexByte" => |cx| {
            let r = cx.byte_elems(0).last_index_byte(cx.arg(1) as u8);
            ret_idx(cx, r)
        },
        "bytes.Index" => |cx| {
            let sep = cx.byte_elems(1).to_bytes();
            let s = cx.byte_elems(0);
            let r = match sep.len() {
                0 => Some(0),
                1 => s.index_byte(sep[0]),
                _ => st::index(&s.to_bytes(), &sep),
            };
            ret_idx(cx, r)
        },
        _ => return None,
    })
}

fn ret_idx(cx: &mut NativeCtx<'_, '_>, r: Option<usize>) -> Result<(), Trap> {
    cx.ret_int(0, r.map_or(-1, |i| i as i64))
}
