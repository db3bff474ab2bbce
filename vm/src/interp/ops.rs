//! The slow parts of instructions (kept out of the run loop so its arms
//! stay small): conversions, slicing, `append`, `copy`, type assertions and
//! method lookup.

use super::load::Program;
use super::panic::{self, RtKind, Trap};
use super::value;
use crate::bytecode::{AssertDesc, RecvAdjust};
use crate::heap::{self, Word};
use crate::rtype::{Kind, RMethod, RType};

/// `Op::Ext`: re-normalize an integer word to a narrower type (kind 0 =
/// int8, 1 = int16, 2 = int32, 3 = uint8, 4 = uint16, 5 = uint32).
#[inline(always)]
pub fn ext(v: Word, kind: u16) -> Word {
    match kind {
        0 => v as i8 as i64 as u64,
        1 => v as i16 as i64 as u64,
        2 => v as i32 as i64 as u64,
        3 => v as u8 as u64,
        4 => v as u16 as u64,
        5 => v as u32 as u64,
        _ => v,
    }
}

/// The constants of signed division by `d` with a multiply (`Op::DivIM`,
/// `Op::RemIM`): `(M, packed)`, `packed` holding `d` (low 32 bits) and the
/// shift `s` (bits 32..); `None` unless `2 <= |d| <= 2^31`.
///
/// With `l = ceil(log2 |d|)` and `M = floor(2^(63+l) / |d|) + 1` (below
/// 2^64), `e = M·|d| - 2^(63+l)` is in `(0, |d|]`, so for every int64 `n`
/// `floor(n·M / 2^(63+l))` is `floor(n / |d|)` when `n >= 0` and one less
/// than `trunc(n / |d|)` when `n < 0` (the error term `|n|·e / (|d|·2^(63+l))`
/// is positive and below `1 / |d|`). `s = l - 1`: the high word of `n·M`,
/// shifted right arithmetically by `s`.
pub fn div_magic(d: i64) -> Option<(u64, u64)> {
    if !(i32::MIN as i64..=i32::MAX as i64).contains(&d) {
        return None;
    }
    let ad = d.unsigned_abs();
    if ad < 2 {
        return None;
    }
    let l = 64 - (ad - 1).leading_zeros();
    let m = u64::try_from((1u128 << (63 + l)) / ad as u128)
        .ok()?
        .checked_add(1)?;
    Some((m, (d as i32 as u32 as u64) | (u64::from(l - 1) << 32)))
}

/// `n / d` (Go's truncating signed division; `MinInt64 / -1` wraps) from
/// `div_magic(d)`'s constants.
#[inline(always)]
pub fn div_by_magic(n: i64, m: u64, packed: u64) -> i64 {
    let d = packed as u32 as i32;
    let s = (packed >> 32) as u32 & 63;
    let hi = ((n as i128 * m as i128) >> 64) as i64;
    // floor(n·M / 2^(63+l)), plus one for a negative n: trunc(n / |d|).
    let q = (hi >> s) - (n >> 63);
    if d < 0 {
        q.wrapping_neg()
    } else {
        q
    }
}

/// `n % d` (the sign of `n`, as Go's) from `div_magic(d)`'s constants.
#[inline(always)]
pub fn rem_by_magic(n: i64, m: u64, packed: u64) -> i64 {
    let d = packed as u32 as i32 as i64;
    n.wrapping_sub(div_by_magic(n, m, packed).wrapping_mul(d))
}

/// Go's float → int64 conversion on amd64 (out of range and NaN give
/// MinInt64).
pub fn f_to_i(x: f64) -> i64 {
    const TWO63: f64 = (1u64 << 63) as f64;
    if x.is_nan() || !(-TWO63..TWO63).contains(&x) {
        i64::MIN
    } else {
        x as i64
    }
}

/// Go's float → uint64 conversion on amd64.
pub fn f_to_u(x: f64) -> u64 {
    const TWO63: f64 = (1u64 << 63) as f64;
    if x.is_nan() {
        return 1 << 63;
    }
    if x < TWO63 {
        f_to_i(x) as u64
    } else {
        // gc: CVTTSD2SQ of x - 2^63, OR-ed with the top bit (so values
        // beyond uint64 give 1<<63, like NaN).
        (f_to_i(x - TWO63) as u64) | (1 << 63)
    }
}

pub fn words_to_slice(ws: &[Word]) -> Word {
    let data = heap::alloc_slots(ws.len());
    for (s, &w) in data.iter().zip(ws) {
        heap::store(s, w);
    }
    heap::new_slice(data, ws.len())
}

pub fn str_to_bytes(s: Word) -> Word {
    heap::new_byte_slice(heap::str_bytes(s))
}

pub fn bytes_to_str(s: Word) -> Word {
    heap::new_str_owned(heap::slice_bytes(s))
}

pub fn str_to_runes(s: Word) -> Word {
    let mut b = heap::str_bytes(s);
    let mut rs = Vec::new();
    while !b.is_empty() {
        let (r, w) = value::decode_rune(b);
        rs.push(r as u64);
        b = &b[w.max(1)..];
    }
    let data = heap::Backing::alloc(rs.len(), heap::Rep::I32, false);
    for (i, &r) in rs.iter().enumerate() {
        data.set(i, r);
    }
    heap::new_slice_of(data, rs.len())
}

pub fn runes_to_str(s: Word) -> Word {
    let mut out = Vec::new();
    let rs = heap::slice_or_nil(s).elems_backing();
    for i in 0..rs.len() {
        value::encode_rune(&mut out, rs.get(i) as u32 as i32 as i64);
    }
    heap::new_str_owned(out)
}

/// Go's `maxAlloc` on linux/amd64: no object may be larger.
const MAX_ALLOC: u128 = 1 << 48;

pub fn make_slice(rt: &[RType], t: u32, len: i64, cap: i64) -> Result<Word, Trap> {
    // Go's makeslice: the limits are on the bytes Go's layout takes
    // (zero-size elements take none); a size under them that the OS
    // refuses is Go's fatal out-of-memory error, not a panic.
    let size = value::size_align(rt, rt[t as usize].elem).0 as u128;
    let too_big = |n: i64| n < 0 || size * n as u128 > MAX_ALLOC;
    if too_big(len) {
        return Err(Trap::error_string("makeslice: len out of range"));
    }
    if cap < len || too_big(cap) {
        return Err(Trap::error_string("makeslice: cap out of range"));
    }
    let elem = rt[t as usize].elem;
    let data = backing(rt, elem, cap as usize);
    if rt[elem as usize].aggregate && data.stride() == 0 {
        for i in 0..cap as usize {
            data.set(i, value::zero(rt, elem));
        }
    }
    Ok(heap::new_slice_of(data, len as usize))
}

/// Whether `t` is a standard-library struct, which may keep a native
/// object's address in an integer field (`sync.Mutex`'s state, `big.Int`'s
/// handle, a digest's state: the field keeps the object alive), so that an
/// array of them must be traced although no field is a pointer.
fn holds_handle(t: &RType) -> bool {
    t.named && t.pkg != "main" && !t.pkg.contains('.') && crate::stdlib::package(&t.pkg).is_some()
}

/// A zeroed backing array of `n` elements of type `elem`: boxed
/// aggregates not yet made, inline structs already zero values
/// ([`RType::inline_stride`]).
pub fn backing(rt: &[RType], elem: u32, n: usize) -> heap::Backing {
    let e = &rt[elem as usize];
    match e.inline_stride(rt) {
        0 => heap::Backing::alloc(n, e.rep(), e.is_traced()),
        k => {
            let traced = e.fields.iter().any(|f| rt[f.ty as usize].is_traced()) || holds_handle(e);
            heap::Backing::alloc_inline(n, k, traced)
        }
    }
}

/// `x[lo:hi:max]` on a slice/array header (flags: 1 lo, 2 hi, 4 max given;
/// 8: the operand is an array, so messages say "length").
pub fn slice_expr(x: Word, flags: u16, lo: Word, hi: Word, max: Word) -> Result<Word, Trap> {
    let s = heap::slice_or_nil(x);
    let (data, len) = (s.backing(), s.len());
    let cap = data.len();
    let lo = if flags & 1 != 0 { lo as i64 } else { 0 };
    let hi = if flags & 2 != 0 {
        hi as i64
    } else {
        len as i64
    };
    let arr = flags & 8 != 0;
    let max = if flags & 4 != 0 {
        let m = max as i64;
        if m < 0 || m as u64 > cap as u64 || hi < 0 || hi > m || lo < 0 || lo > hi {
            return Err(panic::slice3_error(lo, hi, m, cap, arr));
        }
        m
    } else {
        if hi < 0 || hi as u64 > cap as u64 || lo < 0 || lo > hi {
            return Err(panic::slice2_error(lo, hi, cap, arr));
        }
        cap as i64
    };
    if x == 0 {
        return Ok(0);
    }
    let (lo, hi, max) = (lo as usize, hi as usize, max as usize);
    Ok(heap::new_slice_of(data.sub(lo, max), hi - lo))
}

/// A new backing array of capacity `newcap` holding `old`'s elements
/// (aggregates deep-copied: the old array keeps its own values).
pub fn grow(rt: &[RType], elem: u32, old: heap::Backing, newcap: usize) -> heap::Backing {
    let data = backing(rt, elem, newcap);
    if rt[elem as usize].aggregate && data.stride() == 0 {
        for i in 0..old.len() {
            data.set(i, value::deep_copy(rt, old.get(i), elem));
        }
    } else {
        data.copy_from(0, old);
    }
    data
}

pub fn append(rt: &[RType], t: u32, s: Word, v: Word, stack: bool) -> Word {
    let elem = rt[t as usize].elem;
    let h = heap::slice_or_nil(s);
    let (data, len) = (h.backing(), h.len());
    if len < data.len() {
        value::store_elem(rt, &data, len, v, elem);
        return heap::new_slice_of(data, len + 1);
    }
    let size = value::size_align(rt, elem).0;
    let newcap = value::grow_cap(data.len(), len + 1, size, stack);
    let nd = grow(rt, elem, data.sub(0, len), newcap);
    nd.set(len, v);
    heap::new_slice_of(nd, len + 1)
}

/// `append(s, src...)`; when `T[t]` is a string type, `s` is a `[]byte`
/// and `src` a string (`append(b, str...)`).
pub fn append_slice(rt: &[RType], t: u32, s: Word, src: Word, stack: bool) -> Word {
    if rt[t as usize].kind == Kind::String {
        return append_bytes(s, heap::str_bytes(src), stack);
    }
    let elem = rt[t as usize].elem;
    let h = heap::slice_or_nil(s);
    let (data, len) = (h.backing(), h.len());
    let srcs = heap::slice_or_nil(src).elems_backing();
    let n = srcs.len();
    if n == 0 {
        return s;
    }
    let need = len + n;
    // Inline structs into inline structs move as slots (`Backing::copy_from`
    // handles a source that aliases the destination).
    let dst_stride = if need <= data.len() {
        data.stride()
    } else {
        rt[elem as usize].inline_stride(rt)
    };
    let agg = rt[elem as usize].aggregate && !(srcs.stride() > 0 && dst_stride == srcs.stride());
    // Copies of aggregates are made before anything is stored: the source
    // may alias the destination.
    let copies: Vec<Word> = if agg {
        (0..n)
            .map(|i| value::deep_copy(rt, srcs.get(i), elem))
            .collect()
    } else {
        Vec::new()
    };
    let data = if need <= data.len() {
        data
    } else {
        let size = value::size_align(rt, elem).0;
        let newcap = value::grow_cap(data.len(), need, size, stack);
        grow(rt, elem, data.sub(0, len), newcap)
    };
    if agg {
        for (i, v) in copies.into_iter().enumerate() {
            value::store_elem(rt, &data, len + i, v, elem);
        }
    } else {
        data.copy_from(len, srcs);
    }
    heap::new_slice_of(data, need)
}

/// `append(s, b...)` for a `[]byte` `s` (`stack`: as `AppendStack`).
pub fn append_bytes(s: Word, b: &[u8], stack: bool) -> Word {
    if b.is_empty() {
        return s;
    }
    let h = heap::slice_or_nil(s);
    let (data, len) = (h.backing(), h.len());
    let need = len + b.len();
    let data = if need <= data.len() {
        data
    } else {
        let nd = heap::Backing::alloc(
            value::grow_cap(data.len(), need, 1, stack),
            heap::Rep::U8,
            false,
        );
        nd.copy_from(0, data.sub(0, len));
        nd
    };
    data.write_bytes(len, b);
    heap::new_slice_of(data, need)
}

/// `copy(dst, src)`; when `T[t]` is a string type, `src` is a string.
pub fn copy_slice(rt: &[RType], t: u32, dst: Word, src: Word) -> Word {
    let d = heap::slice_or_nil(dst).elems_backing();
    if rt[t as usize].kind == Kind::String {
        let b = heap::str_bytes(src);
        let n = d.len().min(b.len());
        d.write_bytes(0, &b[..n]);
        return n as u64;
    }
    let elem = rt[t as usize].elem;
    let s = heap::slice_or_nil(src).elems_backing();
    let n = d.len().min(s.len());
    let slots = s.stride() > 0 && d.stride() == s.stride();
    if rt[elem as usize].aggregate && !slots {
        let one = |i: usize| value::copy_into(rt, d.get(i), s.get(i), elem);
        if d.addr() <= s.addr() {
            (0..n).for_each(one);
        } else {
            (0..n).rev().for_each(one);
        }
    } else {
        d.copy_from(0, s.sub(0, n));
    }
    n as u64
}

/// `m[k]` on a nil map: the zero value (the map's type is unknown here, so
/// only non-aggregate value types get a correct zero).
pub fn map_zero_get(_rt: &[RType], _m: Word, _k: Word) -> Result<Word, Trap> {
    Ok(0)
}

/// Whether dynamic type `dt` has every method interface type `it` needs;
/// `Err(name)` is the first missing method.
pub fn implements(prog: &Program, dt: u32, it: u32) -> Result<(), u32> {
    let d = prog.rtype(dt);
    for &m in &prog.rtype(it).iface_methods {
        if d.method(m).is_none() {
            return Err(m);
        }
    }
    Ok(())
}

/// `v.(T)`: the asserted value, or the run-time error for a failed
/// assertion.
pub fn type_assert(prog: &Program, v: Word, d: &AssertDesc) -> Result<Word, Trap> {
    let target = prog.rtype(d.target);
    let fail = |m: String| Trap::rt(RtKind::TypeAssert, m);
    match heap::iface(v) {
        None => {
            if target.kind == Kind::Interface {
                Err(fail(format!(
                    "interface conversion: interface is nil, not {}",
                    target.name
                )))
            } else {
                Err(fail(format!(
                    "interface conversion: {} is nil, not {}",
                    prog.rtype(d.source).name,
                    target.name
                )))
            }
        }
        Some(i) => {
            if target.kind == Kind::Interface {
                match implements(prog, i.rtype, d.target) {
                    Ok(()) => Ok(v),
                    Err(m) => Err(fail(format!(
                        "interface conversion: {} is not {}: missing method {}",
                        prog.rtype(i.rtype).name,
                        target.name,
                        prog.method_names
                            .get(m as usize)
                            .map_or("?", |s| method_display_name(s))
                    ))),
                }
            } else if i.rtype == d.target {
                Ok(if target.aggregate {
                    value::deep_copy(&prog.rtypes, i.data, d.target)
                } else {
                    i.data
                })
            } else {
                let dn = &prog.rtype(i.rtype).name;
                let tn = &target.name;
                let msg = if dn == tn {
                    format!(
                        "interface conversion: {} is {}, not {} (types from different scopes)",
                        prog.rtype(d.source).name,
                        dn,
                        tn
                    )
                } else {
                    format!(
                        "interface conversion: {} is {}, not {}",
                        prog.rtype(d.source).name,
                        dn,
                        tn
                    )
                };
                Err(fail(msg))
            }
        }
    }
}

/// Method `m` of dynamic type `dt`, if its method set has it; inline for
/// `CallIface`'s hot path.
#[inline(always)]
pub fn find_method(prog: &Program, dt: u32, m: u32) -> Option<&RMethod> {
    prog.rtypes.get(dt as usize)?.method(m)
}

/// The proto implementing method `m` of dynamic type `dt`, and the
/// receiver word to pass (per the method's `RecvAdjust`).
pub fn method_receiver(prog: &Program, dt: u32, data: Word, m: u32) -> Result<(u32, Word), Trap> {
    let Some(meth) = find_method(prog, dt, m) else {
        return Err(Trap::internal(format!(
            "type {} has no method {}",
            prog.rtype(dt).name,
            prog.method_names
                .get(m as usize)
                .map_or("?", |s| method_display_name(s))
        )));
    };
    Ok((meth.func, adjust_receiver(prog, meth.adjust, dt, data)?))
}

/// The receiver word a method of dynamic type `dt` takes, given the
/// interface's data word: as is, a copy, or the pointee (nil panics).
pub fn adjust_receiver(
    prog: &Program,
    adjust: RecvAdjust,
    dt: u32,
    data: Word,
) -> Result<Word, Trap> {
    Ok(match adjust {
        RecvAdjust::None => data,
        RecvAdjust::Copy => value::deep_copy(&prog.rtypes, data, dt),
        RecvAdjust::Deref => {
            if data == 0 {
                return Err(Trap::nil_deref());
            }
            let et = prog.rtype(dt).elem;
            if prog.rtype(et).aggregate {
                value::deep_copy(&prog.rtypes, data, et)
            } else {
                heap::ptr_load(data)
            }
        }
    })
}

/// A method key (`Less(int, int) bool`) without its signature, for messages.
pub fn method_display_name(key: &str) -> &str {
    key.split('(').next().unwrap_or(key)
}

/// `m[k]` with whether it was there (the value type's zero value when
/// not), for the `MapGet`/`MapGetOk` instructions when `map::get_fast`
/// cannot answer. Out of line on purpose: the run loop's hot function
/// stays small (see the instruction table).
#[inline(never)]
pub fn map_get(rt: &[RType], m: Word, k: Word) -> Result<(Word, bool), Trap> {
    match super::map::map_ref(m) {
        None => Ok((map_zero_get(rt, m, k)?, false)),
        Some(mo) => Ok(match mo.get(rt, k)? {
            Some(v) => (v, true),
            None => (value::zero(rt, mo.val_t), false),
        }),
    }
}

/// `m[k] = v` for the `MapSet` instruction when `map::set_fast` cannot do
/// it; panics `assignment to entry in nil map`. Out of line, as
/// [`map_get`].
#[inline(never)]
pub fn map_set(rt: &[RType], m: Word, k: Word, v: Word) -> Result<(), Trap> {
    match super::map::map_ref(m) {
        None => Err(Trap::plain("assignment to entry in nil map")),
        Some(mo) => mo.set(rt, k, v),
    }
}

#[cfg(test)]
mod magic_tests {
    use super::*;

    /// Every divisor class (small, powers of two and their neighbours,
    /// negative, the i32 extremes) against Rust's wrapping division on
    /// the int64 edges, multiples of d and their neighbours, and a
    /// pseudo-random sweep.
    #[test]
    fn div_by_magic_matches_division() {
        let mut ds: Vec<i64> = (2..=300).collect();
        for p in 1..=31 {
            let x = 1i64 << p;
            ds.extend([x - 1, x, x + 1]);
        }
        ds.extend([7919, 1_000_000, 1_000_003, i32::MAX as i64, 1 << 31]);
        let neg: Vec<i64> = ds.iter().map(|d| -d).collect();
        ds.extend(neg);
        ds.push(i32::MIN as i64);
        ds.retain(|d| (i32::MIN as i64..=i32::MAX as i64).contains(d) && d.abs() >= 2);
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for &d in &ds {
            let (m, p) = div_magic(d).expect("magic");
            let mut ns = vec![
                0,
                1,
                -1,
                2,
                -2,
                i64::MAX,
                i64::MIN,
                i64::MAX - 1,
                i64::MIN + 1,
            ];
            for k in [1i64, 2, 3, 1000, i64::MAX / d.abs() - 1, i64::MAX / d.abs()] {
                let x = k.wrapping_mul(d);
                let y = x.wrapping_neg();
                ns.extend([
                    x,
                    x.wrapping_sub(1),
                    x.wrapping_add(1),
                    y,
                    y.wrapping_sub(1),
                    y.wrapping_add(1),
                ]);
            }
            for _ in 0..200 {
                let r = rnd() as i64;
                ns.extend([r, r >> 20, r >> 40, r >> 55]);
            }
            for &n in &ns {
                assert_eq!(div_by_magic(n, m, p), n.wrapping_div(d), "{n} / {d}");
                assert_eq!(rem_by_magic(n, m, p), n.wrapping_rem(d), "{n} % {d}");
            }
        }
        for d in [-1i64, 0, 1, 1 << 32, -(1 << 31) - 1] {
            assert!(div_magic(d).is_none(), "{d}");
        }
    }
}
