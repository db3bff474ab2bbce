//! `strings` natives over the `lib::strings` engine.

pub mod engine;

use crate::heap::{self, Word};
use crate::interp::natives::{slice_of, NativeCtx, NativeFn};
use crate::interp::panic::Trap;
use crate::interp::value;
use crate::stdlib::strings::engine as st;

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "strings.Contains" => |cx| {
            let r = st::contains(cx.str(0), cx.str(1));
            cx.ret_bool(0, r)
        },
        "strings.ContainsRune" => |cx| {
            let r = st::contains_rune(cx.str(0), rune(cx, 1));
            cx.ret_bool(0, r)
        },
        "strings.ContainsAny" => |cx| {
            let r = st::contains_any(cx.str(0), cx.str(1));
            cx.ret_bool(0, r)
        },
        "strings.Count" => |cx| {
            let r = st::count(cx.str(0), cx.str(1));
            cx.ret_int(0, r as i64)
        },
        "strings.EqualFold" => |cx| {
            let r = st::equal_fold(cx.str(0), cx.str(1));
            cx.ret_bool(0, r)
        },
        "strings.Fields" => |cx| {
            let r = st::fields(cx.str(0));
            ret_strs(cx, r)
        },
        "strings.Index" => |cx| {
            let r = st::index(cx.str(0), cx.str(1));
            ret_idx(cx, r)
        },
        "strings.IndexAny" => |cx| {
            let r = st::index_any(cx.str(0), cx.str(1));
            ret_idx(cx, r)
        },
        "strings.IndexByte" => |cx| {
            let r = st::index_byte(cx.str(0), cx.arg(1) as u8);
            ret_idx(cx, r)
        },
        "strings.IndexRune" => |cx| {
            let r = st::index_rune(cx.str(0), rune(cx, 1));
            ret_idx(cx, r)
        },
        "strings.LastIndex" => |cx| {
            let r = st::last_index(cx.str(0), cx.str(1));
            ret_idx(cx, r)
        },
        "strings.LastIndexByte" => |cx| {
            let r = st::last_index_byte(cx.str(0), cx.arg(1) as u8);
            ret_idx(cx, r)
        },
        "strings.LastIndexAny" => |cx| {
            let r = st::last_index_any(cx.str(0), cx.str(1));
            ret_idx(cx, r)
        },
        "strings.Join" => |cx| {
            let elems: Vec<&[u8]> = cx
                .elems(0)
                .iter()
                .map(|s| heap::str_bytes(heap::load(s)))
                .collect();
            let r = st::join(&elems, cx.str(1));
            cx.ret_string(0, r)
        },
        "strings.Repeat" => |cx| match st::repeat(cx.str(0), cx.int(1)) {
            Ok(r) => cx.ret_string(0, r),
            Err(m) => Err(cx.panic_str(m)),
        },
        "strings.Replace" => |cx| {
            let r = st::replace(cx.str(0), cx.str(1), cx.str(2), cx.int(3));
            cx.ret_string(0, r)
        },
        "strings.ReplaceAll" => |cx| {
            let r = st::replace_all(cx.str(0), cx.str(1), cx.str(2));
            cx.ret_string(0, r)
        },
        "strings.Split" => |cx| {
            let r = st::split(cx.str(0), cx.str(1));
            ret_strs(cx, r)
        },
        "strings.SplitN" => |cx| {
            let n = cx.int(2);
            if n == 0 {
                return cx.ret(0, 0);
            }
            let r = st::split_n(cx.str(0), cx.str(1), n);
            ret_strs(cx, r)
        },
        "strings.SplitAfter" => |cx| {
            let r = st::split_after(cx.str(0), cx.str(1));
            ret_strs(cx, r)
        },
        "strings.Title" => |cx| {
            let r = title(cx.str(0));
            cx.ret_string(0, r)
        },
        "strings.ToLower" => |cx| {
            let r = st::to_lower(cx.str(0));
            cx.ret_string(0, r)
        },
        "strings.ToUpper" => |cx| {
            let r = st::to_upper(cx.str(0));
            cx.ret_string(0, r)
        },
        "strings.ToTitle" => |cx| {
            let r = st::to_title(cx.str(0));
            cx.ret_string(0, r)
        },
        "strings.Trim" => |cx| {
            let r = st::trim(cx.str(0), cx.str(1));
            cx.ret(0, heap::str_from_static(r))
        },
        "strings.TrimLeft" => |cx| {
            let r = st::trim_left(cx.str(0), cx.str(1));
            cx.ret(0, heap::str_from_static(r))
        },
        "strings.TrimRight" => |cx| {
            let r = st::trim_right(cx.str(0), cx.str(1));
            cx.ret(0, heap::str_from_static(r))
        },
        "strings.TrimSpace" => |cx| {
            let r = st::trim_space(cx.str(0));
            cx.ret(0, heap::str_from_static(r))
        },
        "strings.Compare" => |cx| {
            let r = st::compare(cx.str(0), cx.str(1));
            cx.ret_int(0, r)
        },
        _ => return None,
    })
}

fn rune(cx: &NativeCtx<'_, '_>, i: usize) -> i64 {
    cx.arg(i) as u32 as i32 as i64
}

fn ret_idx(cx: &mut NativeCtx<'_, '_>, r: Option<usize>) -> Result<(), Trap> {
    cx.ret_int(0, r.map_or(-1, |i| i as i64))
}

fn ret_strs(cx: &mut NativeCtx<'_, '_>, v: Vec<Vec<u8>>) -> Result<(), Trap> {
    let ws: Vec<Word> = v.into_iter().map(heap::new_str_owned).collect();
    cx.ret(0, slice_of(&ws))
}

fn title(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut prev_letter = false;
    let mut rest = s;
    while !rest.is_empty() {
        let (r, w) = value::decode_rune(rest);
        let is_letter = crate::stdlib::unicode::engine::is_letter(r)
            || crate::stdlib::unicode::engine::is_digit(r)
            || r == '_' as u32
            || crate::stdlib::unicode::engine::is_mark(r);
        if is_letter && !prev_letter {
            value::encode_rune(&mut out, crate::stdlib::unicode::engine::to_title(r) as i64);
        } else {
            out.extend_from_slice(&rest[..w]);
        }
        prev_letter = is_letter;
        rest = &rest[w.max(1)..];
    }
    out
}
