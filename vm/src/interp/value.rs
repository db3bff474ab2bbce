//! Value semantics driven by runtime types: zero values, deep copies,
//! `copy_into`, `==`, map-key encoding, Go's sizes (for `append`'s
//! capacity growth).
//!
//! Every function here trusts `Program::new`'s check that rtype indices
//! inside descriptors are in range, and that a word has the representation
//! of the rtype it is passed with (see `heap`).

use super::panic::Trap;
use crate::heap::{self, Word};
use crate::rtype::{Kind, RType};

/// One level down a nested value. `==` and map keys recurse as deep as
/// the values (interfaces holding structs holding interfaces, built by a
/// loop to any depth); copies and zero values as deep as their types. The
/// data is finite and acyclic (Go's value semantics: an interface or
/// struct holds a copy), so only the Rust stack needs to grow, as Go's
/// does: see `crate::stack`.
#[inline(always)]
fn deeper<R>(f: impl FnOnce() -> R) -> R {
    crate::stack::guard(f)
}

/// The zero value of type `t`: 0, or a fresh box/array whose nested
/// aggregates are fresh too.
pub fn zero(rt: &[RType], t: u32) -> Word {
    let ty = &rt[t as usize];
    match ty.kind {
        Kind::Struct => {
            let b = heap::new_box(ty.fields.len());
            for (i, f) in ty.fields.iter().enumerate() {
                if rt[f.ty as usize].aggregate {
                    heap::store(heap::field(b, i), deeper(|| zero(rt, f.ty)));
                }
            }
            b
        }
        Kind::Array if ty.len == 0 => heap::zero_array(),
        Kind::Array => {
            let data = super::ops::backing(rt, ty.elem, ty.len);
            if rt[ty.elem as usize].aggregate && data.stride() == 0 {
                for i in 0..ty.len {
                    data.set(i, deeper(|| zero(rt, ty.elem)));
                }
            }
            heap::new_slice_of(data, ty.len)
        }
        _ => 0,
    }
}

/// A private deep copy of the value `w` of type `t` (non-aggregates are
/// returned as is).
pub fn deep_copy(rt: &[RType], w: Word, t: u32) -> Word {
    let ty = &rt[t as usize];
    match ty.kind {
        Kind::Struct => {
            if w == 0 {
                return zero(rt, t);
            }
            let b = heap::new_box(ty.fields.len());
            for (i, f) in ty.fields.iter().enumerate() {
                let v = heap::load(heap::field(w, i));
                let v = if rt[f.ty as usize].aggregate {
                    deeper(|| deep_copy(rt, v, f.ty))
                } else {
                    v
                };
                heap::store(heap::field(b, i), v);
            }
            b
        }
        Kind::Array if ty.len == 0 => heap::zero_array(),
        Kind::Array => {
            let src = heap::slice_or_nil(w).elems_backing();
            let data = super::ops::backing(rt, ty.elem, ty.len);
            let n = src.len().min(ty.len);
            if rt[ty.elem as usize].aggregate && !same_inline(&data, &src) {
                for i in 0..n {
                    data.set(i, deeper(|| deep_copy(rt, src.get(i), ty.elem)));
                }
            } else {
                data.copy_from(0, src.sub(0, n));
            }
            heap::new_slice_of(data, ty.len)
        }
        _ => w,
    }
}

/// Copies the contents of aggregate `src` into aggregate `dst` (nested
/// aggregates are copied into, so pointers into `dst` stay valid).
pub fn copy_into(rt: &[RType], dst: Word, src: Word, t: u32) {
    if dst == src || dst == 0 || src == 0 {
        return;
    }
    let ty = &rt[t as usize];
    match ty.kind {
        Kind::Struct => {
            for (i, f) in ty.fields.iter().enumerate() {
                let v = heap::load(heap::field(src, i));
                if rt[f.ty as usize].aggregate {
                    deeper(|| copy_into(rt, heap::load(heap::field(dst, i)), v, f.ty));
                } else {
                    heap::store(heap::field(dst, i), v);
                }
            }
        }
        Kind::Array => {
            let d = heap::slice_or_nil(dst).elems_backing();
            let s = heap::slice_or_nil(src).elems_backing();
            let n = d.len().min(s.len());
            if rt[ty.elem as usize].aggregate && !same_inline(&d, &s) {
                for i in 0..n {
                    deeper(|| copy_into(rt, d.get(i), s.get(i), ty.elem));
                }
            } else {
                d.copy_from(0, s.sub(0, n));
            }
        }
        _ => {}
    }
}

/// Both arrays hold inline structs of one stride, so that their elements
/// are copied as slots (`heap::Backing::copy_from`).
fn same_inline(a: &heap::Backing, b: &heap::Backing) -> bool {
    a.stride() > 0 && a.stride() == b.stride()
}

/// Exchanges the contents of aggregates `a` and `b` of type `t`, nested
/// aggregates included, so that pointers into either keep naming the
/// same storage (a swap of two slice elements, as Go's is).
pub fn swap_contents(rt: &[RType], a: Word, b: Word, t: u32) {
    if a == b || a == 0 || b == 0 {
        return;
    }
    let ty = &rt[t as usize];
    match ty.kind {
        Kind::Struct => {
            for (i, f) in ty.fields.iter().enumerate() {
                let (fa, fb) = (heap::field(a, i), heap::field(b, i));
                let (va, vb) = (heap::load(fa), heap::load(fb));
                if rt[f.ty as usize].aggregate {
                    deeper(|| swap_contents(rt, va, vb, f.ty));
                } else {
                    heap::store(fa, vb);
                    heap::store(fb, va);
                }
            }
        }
        Kind::Array => {
            let da = heap::slice_or_nil(a).elems_backing();
            let db = heap::slice_or_nil(b).elems_backing();
            let agg = rt[ty.elem as usize].aggregate;
            for i in 0..da.len().min(db.len()) {
                let (va, vb) = (da.get(i), db.get(i));
                if agg {
                    deeper(|| swap_contents(rt, va, vb, ty.elem));
                } else {
                    da.set(i, vb);
                    db.set(i, va);
                }
            }
        }
        _ => {}
    }
}

/// Stores the value `v` of type `elem` as element `i` of `data`: an
/// aggregate is copied into the element's storage when it has some (a
/// slot inside the capacity of a slice that held a value before), so
/// that pointers to that element see the new value, as in Go.
pub fn store_elem(rt: &[RType], data: &heap::Backing, i: usize, v: Word, elem: u32) {
    if rt[elem as usize].aggregate {
        let old = data.get(i);
        if old != 0 {
            copy_into(rt, old, v, elem);
            return;
        }
    }
    data.set(i, v);
}

/// Go's `==` on two values of type `t`; panics (as Go) when an interface
/// holds an uncomparable dynamic type.
pub fn equal(rt: &[RType], a: Word, b: Word, t: u32) -> Result<bool, Trap> {
    let ty = &rt[t as usize];
    Ok(match ty.kind {
        Kind::Float32 | Kind::Float64 => f64::from_bits(a) == f64::from_bits(b),
        Kind::Complex64 | Kind::Complex128 => {
            crate::cplx::eq(heap::complex_parts(a), heap::complex_parts(b))
        }
        Kind::String => a == b || heap::str_bytes(a) == heap::str_bytes(b),
        Kind::Interface => {
            if a == b {
                // Same interface object: still panics on uncomparable types,
                // and NaN != NaN.
                if a == 0 {
                    return Ok(true);
                }
            }
            match (heap::iface(a), heap::iface(b)) {
                (None, None) => true,
                (Some(x), Some(y)) => {
                    if x.rtype != y.rtype {
                        false
                    } else {
                        let dt = &rt[x.rtype as usize];
                        if !dt.comparable {
                            return Err(Trap::error_string(format!(
                                "comparing uncomparable type {}",
                                dt.name
                            )));
                        }
                        deeper(|| equal(rt, x.data, y.data, x.rtype))?
                    }
                }
                _ => false,
            }
        }
        Kind::Struct => {
            if a == b {
                return struct_self_equal(rt, a, t);
            }
            // Blank fields are not compared (Go's spec).
            for (i, f) in ty.fields.iter().enumerate().filter(|(_, f)| f.name != "_") {
                let x = heap::load(heap::field(a, i));
                let y = heap::load(heap::field(b, i));
                if !deeper(|| equal(rt, x, y, f.ty))? {
                    return Ok(false);
                }
            }
            true
        }
        Kind::Array => {
            let xs = heap::slice_or_nil(a).elems_backing();
            let ys = heap::slice_or_nil(b).elems_backing();
            for i in 0..xs.len().min(ys.len()) {
                if !deeper(|| equal(rt, xs.get(i), ys.get(i), ty.elem))? {
                    return Ok(false);
                }
            }
            true
        }
        Kind::Pointer if rt[ty.elem as usize].kind == Kind::Array => {
            heap::slice(a).map(|s| s.addr()) == heap::slice(b).map(|s| s.addr())
        }
        Kind::Pointer if ty.named && ty.name == "unsafe.Pointer" => {
            crate::stdlib::unsafe_pkg::pointer_address(rt, a)
                == crate::stdlib::unsafe_pkg::pointer_address(rt, b)
        }
        Kind::Slice | Kind::Map | Kind::Func => {
            if !ty.comparable {
                return Err(Trap::error_string(format!(
                    "comparing uncomparable type {}",
                    ty.name
                )));
            }
            a == b
        }
        _ => a == b,
    })
}

fn struct_self_equal(rt: &[RType], a: Word, t: u32) -> Result<bool, Trap> {
    // x == x is still false when a float field is NaN.
    let ty = &rt[t as usize];
    for (i, f) in ty.fields.iter().enumerate().filter(|(_, f)| f.name != "_") {
        let x = heap::load(heap::field(a, i));
        if !deeper(|| equal(rt, x, x, f.ty))? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Appends the canonical encoding of map key `w` of type `t`: equal keys
/// (Go's `==`) encode to equal bytes and unequal keys to different bytes;
/// each NaN is made unique (it never equals anything).
pub fn encode_key(rt: &[RType], w: Word, t: u32, out: &mut Vec<u8>) -> Result<(), Trap> {
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
    static NAN_SERIAL: AtomicU64 = AtomicU64::new(0);
    let ty = &rt[t as usize];
    match ty.kind {
        Kind::Float32 | Kind::Float64 => {
            let f = f64::from_bits(w);
            if f.is_nan() {
                out.push(1);
                out.extend_from_slice(&NAN_SERIAL.fetch_add(1, Relaxed).to_le_bytes());
            } else {
                out.push(0);
                let f = if f == 0.0 { 0.0f64 } else { f };
                out.extend_from_slice(&f.to_bits().to_le_bytes());
            }
        }
        Kind::Complex64 | Kind::Complex128 => {
            let (re, im) = heap::complex_parts(w);
            if re.is_nan() || im.is_nan() {
                out.push(1);
                out.extend_from_slice(&NAN_SERIAL.fetch_add(1, Relaxed).to_le_bytes());
            } else {
                out.push(0);
                for f in [re, im] {
                    let f = if f == 0.0 { 0.0f64 } else { f };
                    out.extend_from_slice(&f.to_bits().to_le_bytes());
                }
            }
        }
        Kind::String => {
            let b = heap::str_bytes(w);
            out.extend_from_slice(&(b.len() as u64).to_le_bytes());
            out.extend_from_slice(b);
        }
        Kind::Interface => match heap::iface(w) {
            None => out.extend_from_slice(&u32::MAX.to_le_bytes()),
            Some(i) => {
                let dt = &rt[i.rtype as usize];
                if !dt.comparable {
                    return Err(Trap::error_string(format!(
                        "hash of unhashable type {}",
                        dt.name
                    )));
                }
                out.extend_from_slice(&i.rtype.to_le_bytes());
                deeper(|| encode_key(rt, i.data, i.rtype, out))?;
            }
        },
        Kind::Struct => {
            for (i, f) in ty.fields.iter().enumerate().filter(|(_, f)| f.name != "_") {
                deeper(|| encode_key(rt, heap::load(heap::field(w, i)), f.ty, out))?;
            }
        }
        Kind::Array => {
            let xs = heap::slice_or_nil(w).elems_backing();
            for i in 0..xs.len() {
                deeper(|| encode_key(rt, xs.get(i), ty.elem, out))?;
            }
        }
        Kind::Pointer if rt[ty.elem as usize].kind == Kind::Array => {
            let a = heap::slice(w).map_or(0, |s| s.addr());
            out.extend_from_slice(&a.to_le_bytes());
        }
        Kind::Pointer if ty.named && ty.name == "unsafe.Pointer" => {
            let a = crate::stdlib::unsafe_pkg::pointer_address(rt, w);
            out.extend_from_slice(&a.to_le_bytes());
        }
        Kind::Slice | Kind::Map | Kind::Func => {
            return Err(Trap::error_string(format!(
                "hash of unhashable type {}",
                ty.name
            )));
        }
        _ => out.extend_from_slice(&w.to_le_bytes()),
    }
    Ok(())
}

/// Go's `unsafe.Sizeof` and alignment for type `t` on amd64.
pub fn size_align(rt: &[RType], t: u32) -> (usize, usize) {
    let ty = &rt[t as usize];
    match ty.kind {
        Kind::Bool | Kind::Int8 | Kind::Uint8 => (1, 1),
        Kind::Int16 | Kind::Uint16 => (2, 2),
        Kind::Int32 | Kind::Uint32 | Kind::Float32 => (4, 4),
        Kind::Complex64 => (8, 4),
        Kind::Complex128 => (16, 8),
        Kind::String | Kind::Interface => (16, 8),
        Kind::Slice => (24, 8),
        Kind::Array => {
            let (s, a) = size_align(rt, ty.elem);
            (s.saturating_mul(ty.len), a)
        }
        Kind::Struct => {
            let mut off = 0usize;
            let mut al = 1usize;
            let mut last = 1usize;
            for f in &ty.fields {
                let (s, a) = size_align(rt, f.ty);
                off = (off.div_ceil(a) * a).saturating_add(s);
                al = al.max(a);
                last = s;
            }
            // gc pads a zero-size last field.
            if off > 0 && last == 0 {
                off += 1;
            }
            (off.div_ceil(al) * al, al)
        }
        _ => (8, 8),
    }
}

/// Go's malloc size classes (bytes), for `append`'s capacity rounding.
const SIZE_CLASSES: [usize; 67] = [
    0, 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320,
    352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792,
    2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728,
    10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672,
];

fn roundupsize(n: usize) -> usize {
    if n <= 32768 {
        if n > 28672 {
            return 32768;
        }
        match SIZE_CLASSES.binary_search(&n) {
            Ok(i) => SIZE_CLASSES[i],
            Err(i) => SIZE_CLASSES.get(i).copied().unwrap_or(32768),
        }
    } else {
        // Large objects: rounded to pages (8 KiB).
        n.div_ceil(8192).saturating_mul(8192)
    }
}

/// Go's `growslice` capacity for growing a slice of capacity `old_cap` to
/// hold `new_len` elements of `elem_size` bytes.
///
/// `stack`: the slice does not escape, and Go gives the first backing
/// array of such a slice a 32-byte stack buffer (see
/// `bytecode::Op::Append`).
pub fn grow_cap(old_cap: usize, new_len: usize, elem_size: usize, stack: bool) -> usize {
    let mut newcap = old_cap;
    let doublecap = newcap.saturating_add(newcap);
    if new_len > doublecap {
        newcap = new_len;
    } else if old_cap < 256 {
        newcap = doublecap;
    } else {
        while newcap < new_len {
            newcap = newcap.saturating_add((newcap + 3 * 256) >> 2);
        }
    }
    if elem_size == 0 {
        return newcap.max(new_len);
    }
    let mut bytes = roundupsize(newcap.saturating_mul(elem_size));
    if stack && old_cap == 0 {
        bytes = bytes.max(32);
    }
    (bytes / elem_size).max(new_len)
}

/// Decodes the UTF-8 rune at the start of `s`: (rune, width), U+FFFD with
/// width 1 for invalid encodings (Go's `utf8.DecodeRune`).
pub fn decode_rune(s: &[u8]) -> (u32, usize) {
    let b0 = match s.first() {
        Some(&b) => b,
        None => return (0xFFFD, 0),
    };
    if b0 < 0x80 {
        return (b0 as u32, 1);
    }
    let cont = |i: usize, lo: u8, hi: u8| -> Option<u32> {
        let b = *s.get(i)?;
        if b < lo || b > hi {
            None
        } else {
            Some((b & 0x3F) as u32)
        }
    };
    let r = match b0 {
        0xC2..=0xDF => cont(1, 0x80, 0xBF).map(|c| ((((b0 & 0x1F) as u32) << 6) | c, 2)),
        0xE0..=0xEF => {
            let (lo, hi) = match b0 {
                0xE0 => (0xA0, 0xBF),
                0xED => (0x80, 0x9F),
                _ => (0x80, 0xBF),
            };
            cont(1, lo, hi).and_then(|c1| {
                cont(2, 0x80, 0xBF).map(|c2| ((((b0 & 0x0F) as u32) << 12) | (c1 << 6) | c2, 3))
            })
        }
        0xF0..=0xF4 => {
            let (lo, hi) = match b0 {
                0xF0 => (0x90, 0xBF),
                0xF4 => (0x80, 0x8F),
                _ => (0x80, 0xBF),
            };
            cont(1, lo, hi).and_then(|c1| {
                cont(2, 0x80, 0xBF).and_then(|c2| {
                    cont(3, 0x80, 0xBF).map(|c3| {
                        (
                            (((b0 & 0x07) as u32) << 18) | (c1 << 12) | (c2 << 6) | c3,
                            4,
                        )
                    })
                })
            })
        }
        _ => None,
    };
    r.unwrap_or((0xFFFD, 1))
}

/// Appends the UTF-8 encoding of rune `r` (U+FFFD for invalid runes).
pub fn encode_rune(out: &mut Vec<u8>, r: i64) {
    let c = if (0..=0x10FFFF).contains(&r) && !(0xD800..=0xDFFF).contains(&r) {
        char::from_u32(r as u32).unwrap_or('\u{FFFD}')
    } else {
        '\u{FFFD}'
    };
    let mut buf = [0u8; 4];
    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
}
