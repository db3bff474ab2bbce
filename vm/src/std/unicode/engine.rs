//! Go's `unicode` package predicates and simple (single-rune) case mappings.
//!
//! Rust's `char` methods follow a different Unicode version and, for case
//! conversion, use full mappings (`'ß'.to_uppercase()` is `"SS"`), whereas Go
//! maps one rune to one rune. So everything here is driven by tables generated
//! from Go itself (see `unicode_tables.rs`). Runes are `u32`; anything that
//! is not a valid code point is simply "not in any class" and maps to itself.

use super::tables as t;

fn in_table(table: &[(u32, u32)], r: u32) -> bool {
    table
        .binary_search_by(|&(lo, hi)| {
            if hi < r {
                std::cmp::Ordering::Less
            } else if lo > r {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// `unicode.IsSpace`: '\t', '\n', '\v', '\f', '\r', ' ', U+0085, U+00A0 and
/// the Unicode White_Space runes.
pub fn is_space(r: u32) -> bool {
    match r {
        0x09..=0x0D | 0x20 | 0x85 | 0xA0 => true,
        _ if r < 0x100 => false,
        _ => in_table(&t::SPACE, r),
    }
}

/// `unicode.IsLetter` (category L).
pub fn is_letter(r: u32) -> bool {
    if r < 0x80 {
        return (r as u8).is_ascii_alphabetic();
    }
    in_table(&t::LETTER, r)
}

/// `unicode.IsDigit` (category Nd).
pub fn is_digit(r: u32) -> bool {
    if r < 0x80 {
        return (r as u8).is_ascii_digit();
    }
    in_table(&t::DIGIT, r)
}

/// `unicode.IsNumber` (category N).
pub fn is_number(r: u32) -> bool {
    in_table(&t::NUMBER, r)
}

/// `unicode.IsUpper` (category Lu).
pub fn is_upper(r: u32) -> bool {
    in_table(&t::UPPER, r)
}

/// `unicode.IsLower` (category Ll).
pub fn is_lower(r: u32) -> bool {
    in_table(&t::LOWER, r)
}

/// `unicode.IsTitle` (category Lt).
pub fn is_title(r: u32) -> bool {
    in_table(&t::TITLE, r)
}

/// `unicode.IsPunct` (category P).
pub fn is_punct(r: u32) -> bool {
    in_table(&t::PUNCT, r)
}

/// `unicode.IsMark` (category M).
pub fn is_mark(r: u32) -> bool {
    in_table(&t::MARK, r)
}

/// `unicode.IsSymbol` (category S).
pub fn is_symbol(r: u32) -> bool {
    in_table(&t::SYMBOL, r)
}

/// `unicode.IsControl` (C0 and C1 control characters only, as in Go).
pub fn is_control(r: u32) -> bool {
    in_table(&t::CONTROL, r)
}

/// `unicode.IsPrint` / `strconv.IsPrint`: letters, marks, numbers,
/// punctuation, symbols and the ASCII space.
pub fn is_print(r: u32) -> bool {
    if r < 0x80 {
        return (0x20..0x7F).contains(&r);
    }
    in_table(&t::PRINT, r)
}

/// `unicode.IsGraphic` / `strconv.IsGraphic`: like [`is_print`] but also
/// accepting the other Unicode space characters (Zs).
pub fn is_graphic(r: u32) -> bool {
    is_print(r) || in_table(&t::GRAPHIC_EXTRA, r)
}

/// Which case to map to; the discriminants index Go's `CaseRange.Delta`.
#[derive(Clone, Copy)]
enum Case {
    Upper = 0,
    Lower = 1,
    Title = 2,
}

/// Go's `unicode.To`: maps through `CaseRanges`, with the special
/// `UpperLower` delta meaning alternating upper/lower code points.
fn to_case(case: Case, r: u32) -> u32 {
    if r > super::utf8::engine::MAX_RUNE {
        return r;
    }
    let ranges = &t::CASE_RANGES;
    let Ok(i) = ranges.binary_search_by(|&(lo, hi, _)| {
        if hi < r {
            std::cmp::Ordering::Less
        } else if lo > r {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        }
    }) else {
        return r;
    };
    let (lo, _, delta) = ranges[i];
    let d = delta[case as usize];
    if d == t::UPPER_LOWER {
        // Pairs (upper, lower) start at lo: even offsets are upper case.
        // Title case maps like upper case here (case & 1 == 0), as in Go.
        lo + (((r - lo) & !1) | (case as u32 & 1))
    } else {
        (r as i64 + d as i64) as u32
    }
}

/// `unicode.ToUpper` (single-rune mapping: 'ß' stays 'ß').
pub fn to_upper(r: u32) -> u32 {
    if r < 0x80 {
        return (r as u8).to_ascii_uppercase() as u32;
    }
    to_case(Case::Upper, r)
}

/// `unicode.ToLower` (single-rune mapping).
pub fn to_lower(r: u32) -> u32 {
    if r < 0x80 {
        return (r as u8).to_ascii_lowercase() as u32;
    }
    to_case(Case::Lower, r)
}

/// `unicode.ToTitle` (single-rune mapping).
pub fn to_title(r: u32) -> u32 {
    if r < 0x80 {
        return (r as u8).to_ascii_uppercase() as u32;
    }
    to_case(Case::Title, r)
}

/// `unicode.SimpleFold`: the next rune in `r`'s case-folding orbit.
pub fn simple_fold(r: u32) -> u32 {
    if r > super::utf8::engine::MAX_RUNE {
        return r;
    }
    if let Ok(i) = t::FOLD_ORBIT.binary_search_by_key(&r, |&(k, _)| k) {
        return t::FOLD_ORBIT[i].1;
    }
    let l = to_lower(r);
    if l != r {
        l
    } else {
        to_upper(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predicates_match_go() {
        // Expectations from Go 1.27 unicode.Is* on these runes.
        assert!(is_letter('é' as u32) && is_letter('世' as u32) && !is_letter('1' as u32));
        assert!(is_digit('٣' as u32) && !is_digit('Ⅳ' as u32) && is_number('Ⅳ' as u32));
        assert!(is_upper('Σ' as u32) && is_lower('σ' as u32) && !is_upper('1' as u32));
        assert!(is_punct('!' as u32) && is_punct('¿' as u32) && !is_punct('+' as u32));
        assert!(is_space(0x85) && is_space(0x2003) && is_space(0x3000) && !is_space(0x200B));
        assert!(is_print(' ' as u32) && !is_print(0xA0) && is_graphic(0xA0) && !is_print(0x7F));
        assert!(!is_print(0xFFFD + 1) && is_print(0xFFFD) && !is_print(0xD800));
    }

    #[test]
    fn case_mapping_matches_go() {
        assert_eq!(to_upper('ß' as u32), 'ß' as u32);
        assert_eq!(to_upper('a' as u32), 'A' as u32);
        assert_eq!(to_upper('é' as u32), 'É' as u32);
        assert_eq!(to_lower('Σ' as u32), 'σ' as u32);
        assert_eq!(to_upper('ς' as u32), 'Σ' as u32);
        assert_eq!(to_lower('Ā' as u32), 'ā' as u32); // UpperLower range
        assert_eq!(to_upper('ā' as u32), 'Ā' as u32);
        assert_eq!(to_title('ǆ' as u32), 'ǅ' as u32);
        assert_eq!(to_upper('ǆ' as u32), 'Ǆ' as u32);
        assert_eq!(to_lower('K' as u32), 'k' as u32);
        assert_eq!(to_lower(0x212A), 'k' as u32); // Kelvin sign
        assert_eq!(simple_fold('k' as u32), 0x212A);
        assert_eq!(simple_fold(0x212A), 'K' as u32);
        assert_eq!(simple_fold('K' as u32), 'k' as u32);
        assert_eq!(simple_fold('1' as u32), '1' as u32);
    }
}
