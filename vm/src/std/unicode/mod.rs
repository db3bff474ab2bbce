//! Natives of package `unicode`: the predicates and case mappings over
//! [`engine`]'s tables, generated from Go's.

pub mod engine;
mod tables;
pub mod utf8;

use engine as uc;

use crate::interp::natives::NativeFn;

macro_rules! rb {
    ($e:path) => {
        |cx| {
            let r = $e(cx.arg(0) as u32);
            cx.ret_bool(0, r)
        }
    };
}

macro_rules! rr {
    ($e:path) => {
        |cx| {
            let r = cx.arg(0) as u32 as i32;
            let v = if r < 0 { r as u32 } else { $e(r as u32) };
            cx.ret_int(0, v as i32 as i64)
        }
    };
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "unicode.IsControl" => rb!(uc::is_control),
        "unicode.IsDigit" => rb!(uc::is_digit),
        "unicode.IsGraphic" => rb!(uc::is_graphic),
        "unicode.IsLetter" => rb!(uc::is_letter),
        "unicode.IsLower" => rb!(uc::is_lower),
        "unicode.IsMark" => rb!(uc::is_mark),
        "unicode.IsNumber" => rb!(uc::is_number),
        "unicode.IsPrint" => rb!(uc::is_print),
        "unicode.IsPunct" => rb!(uc::is_punct),
        "unicode.IsSpace" => rb!(uc::is_space),
        "unicode.IsSymbol" => rb!(uc::is_symbol),
        "unicode.IsTitle" => rb!(uc::is_title),
        "unicode.IsUpper" => rb!(uc::is_upper),
        "unicode.ToLower" => rr!(uc::to_lower),
        "unicode.ToTitle" => rr!(uc::to_title),
        "unicode.ToUpper" => rr!(uc::to_upper),
        _ => return None,
    })
}
