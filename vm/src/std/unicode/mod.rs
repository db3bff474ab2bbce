//! Natives of package `unicode`: the predicates and case mappings over
//! [`engine`]'s tables, generated from Go's.

pub mod engine;
mod rangetables;
mod tables;
pub mod utf8;

use engine as uc;

use crate::heap::{self, Backing, Rep, Word};
use crate::interp::natives::{slice_of, NativeCtx, NativeFn};
use crate::interp::panic::Trap;

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
        "unicode.SimpleFold" => rr!(uc::simple_fold),
        "unicode.rangeTables" => range_tables,
        "unicode.caseRanges" => case_ranges,
        _ => return None,
    })
}

/// A struct box holding `fields` (struct values are boxes of one word per
/// field: docs/language.md).
fn new_struct(fields: &[Word]) -> Word {
    let b = heap::new_box(fields.len());
    for (i, &w) in fields.iter().enumerate() {
        heap::store(heap::field(b, i), w);
    }
    b
}

/// A `[]Range16` or `[]Range32` of `rangetables::RANGES[r]`; an empty
/// one is nil when `nil_if_empty` (Go's tables always have an R16, empty
/// or not, and leave an empty R32 nil).
fn ranges(r: std::ops::Range<usize>, nil_if_empty: bool) -> Word {
    if r.is_empty() && nil_if_empty {
        return 0;
    }
    let elems: Vec<Word> = rangetables::RANGES[r]
        .iter()
        .map(|&(lo, hi, stride)| new_struct(&[lo as Word, hi as Word, stride as Word]))
        .collect();
    slice_of(&elems)
}

/// `rangeTables() []*RangeTable`: every table of tables.go, built once at
/// start-up (package unicode's variables hold them).
fn range_tables(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let tables: Vec<Word> = rangetables::TABLES
        .iter()
        .map(|t| {
            new_struct(&[
                ranges(t.r16.clone(), false),
                ranges(t.r32.clone(), true),
                t.latin_offset as Word,
            ])
        })
        .collect();
    cx.ret(0, slice_of(&tables))
}

/// `caseRanges() []CaseRange`: Go's `unicode.CaseRanges`.
fn case_ranges(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let elems: Vec<Word> = rangetables::CASE_RANGES
        .iter()
        .map(|&(lo, hi, up, low, title)| {
            let delta = Backing::alloc(3, Rep::I32, false);
            for (i, d) in [up, low, title].into_iter().enumerate() {
                delta.set(i, d as i64 as Word);
            }
            new_struct(&[lo as Word, hi as Word, heap::new_slice_of(delta, 3)])
        })
        .collect();
    cx.ret(0, slice_of(&elems))
}
