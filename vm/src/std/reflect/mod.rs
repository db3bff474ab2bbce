//! `reflect`'s natives: the run-time type descriptors ([`RType`]) and the
//! words of values, as `reflect.go` asks for them.
//!
//! A type is its descriptor index (`t`). A value is a word in the
//! representation of its type (see `heap`); an addressable value is held
//! by its location instead: a pointer word of `*T`'s shape (for a struct or
//! an array, that is the box itself, which is also the value). The Go side
//! keeps these words in `uintptr` fields; the collector scans every slot
//! conservatively, so such a field keeps what it refers to alive.
//!
//! Invariants: `reflect.go` checks kinds, bounds and settability before it
//! calls a native (so it can panic with Go's texts); a native trusts that
//! `t` is a descriptor index and the words have its representation.

mod call;
mod chan;

use crate::heap::{self, Word};
use crate::interp::map::map_ref;
use crate::interp::natives::{slice_of, NativeCtx, NativeFn};
use crate::interp::panic::Trap;
use crate::interp::{ops, value};
use crate::rtype::{Kind, RType};

/// Go's `reflect.Kind` numbering.
fn kind_number(k: Kind) -> i64 {
    match k {
        Kind::Invalid => 0,
        Kind::Bool => 1,
        Kind::Int => 2,
        Kind::Int8 => 3,
        Kind::Int16 => 4,
        Kind::Int32 => 5,
        Kind::Int64 => 6,
        Kind::Uint => 7,
        Kind::Uint8 => 8,
        Kind::Uint16 => 9,
        Kind::Uint32 => 10,
        Kind::Uint64 => 11,
        Kind::Uintptr => 12,
        Kind::Float32 => 13,
        Kind::Float64 => 14,
        Kind::Complex64 => 15,
        Kind::Complex128 => 16,
        Kind::Array => 17,
        Kind::Chan => 18,
        Kind::Func => 19,
        Kind::Interface => 20,
        Kind::Map => 21,
        Kind::Pointer => 22,
        Kind::Slice => 23,
        Kind::String => 24,
        Kind::Struct => 25,
    }
}

use crate::interp::Program;

/// The type argument `i`.
fn ty<'a>(cx: &'a NativeCtx<'_, '_>, i: usize) -> (u32, &'a RType) {
    let t = cx.arg(i) as u32;
    (t, cx.prog.rtype(t))
}

/// `w` as Go stores a value of kind `k`: narrow integers wrapped and
/// sign-extended, a float32 or complex64 rounded, a bool 0 or 1.
/// A map key or value of type `t` boxed as an `any` (an interface-typed
/// one is its own interface word), as `mapEntries` hands them to Go.
fn boxed_entry(rts: &[RType], t: u32, w: Word) -> Word {
    if rts[t as usize].kind == Kind::Interface {
        w
    } else {
        heap::new_iface(t, w)
    }
}

fn normalize(k: Kind, w: Word) -> Word {
    match k {
        Kind::Bool => (w != 0) as Word,
        Kind::Int8 => w as i8 as i64 as Word,
        Kind::Int16 => w as i16 as i64 as Word,
        Kind::Int32 => w as i32 as i64 as Word,
        Kind::Uint8 => w as u8 as Word,
        Kind::Uint16 => w as u16 as Word,
        Kind::Uint32 => w as u32 as Word,
        Kind::Float32 => (f64::from_bits(w) as f32 as f64).to_bits(),
        Kind::Complex64 => {
            let (re, im) = heap::complex_parts(w);
            let (r32, i32) = (re as f32 as f64, im as f32 as f64);
            if r32.to_bits() == re.to_bits() && i32.to_bits() == im.to_bits() {
                w
            } else {
                heap::new_complex(r32, i32)
            }
        }
        _ => w,
    }
}

/// The value at location `p` of type `t`.
fn load_at(rts: &[RType], t: u32, p: Word) -> Word {
    if rts[t as usize].aggregate {
        p
    } else {
        heap::ptr_load(p)
    }
}

/// Go's `v.IsZero()`.
fn is_zero(rts: &[RType], t: u32, w: Word) -> bool {
    let ty = &rts[t as usize];
    match ty.kind {
        Kind::Float32 | Kind::Float64 => f64::from_bits(w).to_bits() == 0,
        Kind::Complex64 | Kind::Complex128 => {
            let (re, im) = heap::complex_parts(w);
            re.to_bits() == 0 && im.to_bits() == 0
        }
        Kind::String => heap::str_bytes(w).is_empty(),
        Kind::Struct => {
            w == 0
                || ty.fields.iter().enumerate().all(|(i, f)| {
                    crate::stack::guard(|| is_zero(rts, f.ty, heap::load(heap::field(w, i))))
                })
        }
        Kind::Array => {
            let e = heap::slice_or_nil(w).elems_backing();
            (0..e.len()).all(|i| crate::stack::guard(|| is_zero(rts, ty.elem, e.get(i))))
        }
        _ => w == 0,
    }
}

/// Go's `reflect.DeepEqual` on two values of type `t`. `seen` holds the
/// (pointer, pointer, type) triples already being compared: cyclic data
/// is equal where the walk comes back to a pair it is comparing.
fn deep_equal(
    rts: &[RType],
    a: Word,
    b: Word,
    t: u32,
    seen: &mut Vec<(Word, Word, u32)>,
) -> Result<bool, Trap> {
    let ty = &rts[t as usize];
    let deeper = |seen: &mut Vec<(Word, Word, u32)>, a: Word, b: Word, t: u32| {
        crate::stack::guard(|| deep_equal(rts, a, b, t, seen))
    };
    Ok(match ty.kind {
        Kind::Interface => match (heap::iface(a), heap::iface(b)) {
            (None, None) => true,
            (Some(x), Some(y)) => x.rtype == y.rtype && deeper(seen, x.data, y.data, x.rtype)?,
            _ => false,
        },
        Kind::Pointer | Kind::Map | Kind::Slice
            if a != 0 && b != 0 && seen.contains(&(a, b, t)) =>
        {
            true
        }
        Kind::Pointer => {
            if a == b {
                return Ok(true);
            }
            if a == 0 || b == 0 {
                return Ok(false);
            }
            seen.push((a, b, t));
            deeper(
                seen,
                load_at(rts, ty.elem, a),
                load_at(rts, ty.elem, b),
                ty.elem,
            )?
        }
        Kind::Slice => {
            if (a == 0) != (b == 0) {
                return Ok(false);
            }
            let (x, y) = (heap::slice_or_nil(a), heap::slice_or_nil(b));
            if x.len() != y.len() {
                return Ok(false);
            }
            if x.addr() == y.addr() {
                return Ok(true);
            }
            seen.push((a, b, t));
            let (x, y) = (x.elems_backing(), y.elems_backing());
            for i in 0..x.len() {
                if !deeper(seen, x.get(i), y.get(i), ty.elem)? {
                    return Ok(false);
                }
            }
            true
        }
        Kind::Array => {
            let (x, y) = (
                heap::slice_or_nil(a).elems_backing(),
                heap::slice_or_nil(b).elems_backing(),
            );
            for i in 0..x.len().min(y.len()) {
                if !deeper(seen, x.get(i), y.get(i), ty.elem)? {
                    return Ok(false);
                }
            }
            true
        }
        Kind::Struct => {
            for (i, f) in ty.fields.iter().enumerate() {
                let (x, y) = (heap::load(heap::field(a, i)), heap::load(heap::field(b, i)));
                if !deeper(seen, x, y, f.ty)? {
                    return Ok(false);
                }
            }
            true
        }
        Kind::Map => {
            let (x, y) = match (map_ref(a), map_ref(b)) {
                (None, None) => return Ok(true),
                (Some(x), Some(y)) => (x, y),
                _ => return Ok(false),
            };
            if x.len()? != y.len()? {
                return Ok(false);
            }
            if a == b {
                return Ok(true);
            }
            seen.push((a, b, t));
            for (k, v) in x.entries()? {
                match y.get(rts, k)? {
                    Some(w) if deeper(seen, v, w, ty.elem)? => {}
                    _ => return Ok(false),
                }
            }
            true
        }
        Kind::Func => a == 0 && b == 0,
        _ => value::equal(rts, a, b, t)?,
    })
}

/// The method names (without signatures) of `ty`'s method set that Go's
/// `NumMethod` counts: exported ones, or every one of an interface.
fn method_names<'p>(prog: &'p Program, ty: &RType) -> Vec<&'p str> {
    let name = |m: u32| {
        let s = prog.method_names[m as usize].as_str();
        &s[..s.find('(').unwrap_or(s.len())]
    };
    let mut v: Vec<&str> = if ty.kind == Kind::Interface {
        ty.iface_methods.iter().map(|&m| name(m)).collect()
    } else {
        ty.methods
            .iter()
            .map(|m| name(m.name))
            .filter(|n| n.starts_with(|c: char| c.is_uppercase()))
            .collect()
    };
    v.sort_unstable();
    v
}

/// Whether a value of type `t` satisfies interface `u`.
fn implements(rts: &[RType], t: u32, u: u32) -> bool {
    let (ty, ut) = (&rts[t as usize], &rts[u as usize]);
    if ty.kind == Kind::Interface {
        return ut
            .iface_methods
            .iter()
            .all(|m| ty.iface_methods.binary_search(m).is_ok());
    }
    ut.iface_methods.iter().all(|&m| ty.method(m).is_some())
}

mod typemake;

pub fn lookup(name: &str) -> Option<NativeFn> {
    if let Some(f) = typemake::lookup(name) {
        return Some(f);
    }
    Some(match name {
        "reflect.typeOf" => |cx| {
            let t = heap::iface(cx.arg(0)).map_or(-1, |i| i.rtype as i64);
            cx.ret_int(0, t)
        },
        "reflect.unpack" => |cx| {
            // `any` → (type, word); the word of a struct or an array is the
            // interface's private box: read it, never write it.
            let (t, w) = heap::iface(cx.arg(0)).map_or((-1, 0), |i| (i.rtype as i64, i.data));
            cx.ret_int(0, t)?;
            cx.ret(1, w)
        },
        "reflect.pack" => |cx| {
            let (t, ty) = ty(cx, 0);
            let w = cx.arg(1);
            let r = if ty.kind == Kind::Interface {
                w
            } else {
                heap::new_iface(t, value::deep_copy(&cx.prog.rtypes, w, t))
            };
            cx.ret(0, r)
        },
        "reflect.typeKind" => |cx| {
            let t = ty(cx, 0).1;
            let k = if t.named && t.name == "unsafe.Pointer" {
                26 // UnsafePointer
            } else {
                kind_number(t.kind)
            };
            cx.ret_int(0, k)
        },
        "reflect.typeString" => |cx| {
            let s = ty(cx, 0).1.name.clone();
            cx.ret_str(0, s.as_bytes())
        },
        "reflect.typeNamed" => |cx| {
            let (_, t) = ty(cx, 0);
            let (named, pkg) = (t.named, t.pkg.clone());
            cx.ret_bool(0, named)?;
            cx.ret_str(1, pkg.as_bytes())
        },
        "reflect.typeElem" => |cx| {
            let e = ty(cx, 0).1.elem;
            cx.ret_int(0, e as i64)
        },
        "reflect.typeKey" => |cx| {
            let k = ty(cx, 0).1.key;
            cx.ret_int(0, k as i64)
        },
        "reflect.typeLen" => |cx| {
            let n = ty(cx, 0).1.len;
            cx.ret_int(0, n as i64)
        },
        "reflect.typeNumField" => |cx| {
            let n = ty(cx, 0).1.fields.len();
            cx.ret_int(0, n as i64)
        },
        "reflect.typeField" => |cx| {
            let (_, t) = ty(cx, 0);
            let f = t.fields[cx.int(1) as usize].clone();
            cx.ret_str(0, f.name.as_bytes())?;
            cx.ret_int(1, f.ty as i64)?;
            cx.ret_str(2, &f.tag)?;
            cx.ret_bool(3, f.embedded)?;
            cx.ret_bool(4, f.exported)
        },
        "reflect.typeFieldInfo" => |cx| {
            // typeField without the name and tag: Value.Field's hot path
            // builds no strings.
            let (_, t) = ty(cx, 0);
            let f = &t.fields[cx.int(1) as usize];
            let (ft, embedded, exported) = (f.ty, f.embedded, f.exported);
            cx.ret_int(0, ft as i64)?;
            cx.ret_bool(1, embedded)?;
            cx.ret_bool(2, exported)
        },
        "reflect.typeMethods" => |cx| {
            let (_, t) = ty(cx, 0);
            let names: Vec<Word> = method_names(cx.prog, t)
                .into_iter()
                .map(|n| heap::new_str(n.as_bytes()))
                .collect();
            cx.ret(0, slice_of(&names))
        },
        "reflect.typeImplements" => |cx| {
            let ok = implements(&cx.prog.rtypes, cx.arg(0) as u32, cx.arg(1) as u32);
            cx.ret_bool(0, ok)
        },
        "reflect.typeComparable" => |cx| {
            let c = ty(cx, 0).1.comparable;
            cx.ret_bool(0, c)
        },
        "reflect.typeSize" => |cx| {
            let s = value::size_align(&cx.prog.rtypes, cx.arg(0) as u32).0;
            cx.ret_int(0, s as i64)
        },
        "reflect.typeFunc" => |cx| {
            let (_, t) = ty(cx, 0);
            let ins: Vec<Word> = t.params.iter().map(|&p| p as Word).collect();
            let outs: Vec<Word> = t.results.iter().map(|&p| p as Word).collect();
            cx.ret(0, slice_of(&ins))?;
            cx.ret(1, slice_of(&outs))
        },
        "reflect.typePtrTo" => |cx| {
            let p = typemake::ptr_to(cx.prog, cx.arg(0) as u32);
            cx.ret_int(0, p.map_or(-1, i64::from))
        },
        "reflect.load" => |cx| {
            let w = load_at(&cx.prog.rtypes, cx.arg(0) as u32, cx.arg(1));
            cx.ret(0, w)
        },
        "reflect.store" => |cx| {
            let (t, ty) = ty(cx, 0);
            let (p, w) = (cx.arg(1), cx.arg(2));
            if ty.aggregate {
                value::copy_into(&cx.prog.rtypes, p, w, t);
            } else {
                heap::ptr_store(p, normalize(ty.kind, w));
            }
            Ok(())
        },
        "reflect.field" => |cx| {
            // (struct type, box, field, addressable) → the field's word,
            // or its location when addressable.
            let (_, t) = ty(cx, 0);
            let (b, i, addr) = (cx.arg(1), cx.int(2) as usize, cx.bool(3));
            let ft = t.fields[i].ty;
            let slot = heap::field(b, i);
            let w = if addr && !cx.prog.rtype(ft).aggregate {
                slot as *const heap::Slot as usize as Word
            } else {
                heap::load(slot)
            };
            cx.ret(0, w)
        },
        "reflect.index" => |cx| {
            // (slice or array type, header, i, addressable) → element i's
            // word, or its location when addressable.
            let (_, t) = ty(cx, 0);
            let (h, i, addr) = (cx.arg(1), cx.int(2) as usize, cx.bool(3));
            let s = heap::slice_or_nil(h);
            let w = if addr && !cx.prog.rtype(t.elem).aggregate {
                s.elem_addr(i)
            } else {
                s.get(i)
            };
            cx.ret(0, w.unwrap_or(0))
        },
        "reflect.length" => |cx| {
            let (_, t) = ty(cx, 0);
            let w = cx.arg(1);
            let n = match t.kind {
                Kind::String => heap::str_bytes(w).len(),
                Kind::Map => match map_ref(w) {
                    Some(m) => m.len()?,
                    None => 0,
                },
                Kind::Chan => crate::interp::chan::chan_len(w),
                _ => heap::slice_or_nil(w).len(),
            };
            cx.ret_int(0, n as i64)
        },
        "reflect.capacity" => |cx| {
            let (_, t) = ty(cx, 0);
            let w = cx.arg(1);
            let n = match t.kind {
                Kind::Chan => crate::interp::chan::chan_cap(w),
                _ => heap::slice_or_nil(w).cap(),
            };
            cx.ret_int(0, n as i64)
        },
        "reflect.mapEntries" => |cx| {
            // (map type, map) → keys and values, each boxed as an `any`
            // (an interface-typed key or value is its own interface word).
            let (_, ty) = ty(cx, 0);
            let (kt, vt) = (ty.key, ty.elem);
            let rts = &cx.prog.rtypes;
            let wrap = |t: u32, w: Word| boxed_entry(rts, t, w);
            let (mut ks, mut vs) = (Vec::new(), Vec::new());
            if let Some(m) = map_ref(cx.arg(1)) {
                for (k, v) in m.entries()? {
                    ks.push(wrap(kt, k));
                    vs.push(wrap(vt, v));
                }
            }
            cx.ret(0, slice_of(&ks))?;
            cx.ret(1, slice_of(&vs))
        },
        "reflect.mapIterStart" => |cx| {
            // (map type, map) → the VM's iterator over it, as a `range`
            // makes one (0 for a nil map): Go's rules for entries added,
            // deleted or cleared during the walk hold for `MapIter` too.
            let it = match map_ref(cx.arg(1)) {
                Some(m) => m.iter()?,
                None => 0,
            };
            cx.ret(0, it)
        },
        "reflect.mapIterNext" => |cx| {
            // (map type, iterator) → the next key and value, each boxed
            // as an `any` as `mapEntries` boxes them, and whether there
            // was one.
            let (_, ty) = ty(cx, 0);
            let (kt, vt) = (ty.key, ty.elem);
            let rts = &cx.prog.rtypes;
            let wrap = |t: u32, w: Word| boxed_entry(rts, t, w);
            let next = match crate::interp::map::iter_ref(cx.arg(1)) {
                Some(it) => it.next()?,
                None => None,
            };
            match next {
                Some((k, v)) => {
                    let (k, v) = (wrap(kt, k), wrap(vt, v));
                    cx.ret(0, k)?;
                    cx.ret(1, v)?;
                    cx.ret_bool(2, true)
                }
                None => {
                    cx.ret(0, 0)?;
                    cx.ret(1, 0)?;
                    cx.ret_bool(2, false)
                }
            }
        },
        "reflect.mapIndex" => |cx| {
            let m = map_ref(cx.arg(1));
            let v = match m {
                Some(m) => m.get(&cx.prog.rtypes, cx.arg(2))?,
                None => None,
            };
            cx.ret(0, v.unwrap_or(0))?;
            cx.ret_bool(1, v.is_some())
        },
        "reflect.mapSet" => |cx| {
            let (_, ty) = ty(cx, 0);
            let rts = &cx.prog.rtypes;
            let (m, k, v) = (cx.arg(1), cx.arg(2), cx.arg(3));
            let k = value::deep_copy(rts, k, ty.key);
            let v = normalize(
                rts[ty.elem as usize].kind,
                value::deep_copy(rts, v, ty.elem),
            );
            match map_ref(m) {
                Some(m) => m.set(rts, k, v),
                None => Err(Trap::error_string("assignment to entry in nil map")),
            }
        },
        "reflect.mapDelete" => |cx| {
            if let Some(m) = map_ref(cx.arg(1)) {
                m.delete(&cx.prog.rtypes, cx.arg(2))?;
            }
            Ok(())
        },
        "reflect.funcPC" => |cx| {
            // A func value's code pointer, as Go's Value.Pointer gives it:
            // the same for every closure of one function, and a pc that
            // runtime.FuncForPC names (its proto in the high bits,
            // instruction 0 in the low ones, as Callers' pcs are made).
            let pc = heap::closure(cx.arg(0)).map_or(0, |c| Word::from(c.func) << 32);
            cx.ret(0, pc)
        },
        "reflect.mapClear" => |cx| {
            // `clear(m)`: NaN keys, which no delete can name, go too.
            if let Some(m) = map_ref(cx.arg(0)) {
                m.clear()?;
            }
            Ok(())
        },
        "reflect.makeMap" => |cx| {
            let m = crate::interp::map::new_map(
                &cx.prog.rtypes,
                cx.arg(0) as u32,
                cx.int(1).max(0) as usize,
            );
            cx.ret(0, m)
        },
        "reflect.makeSlice" => |cx| {
            let s = ops::make_slice(&cx.prog.rtypes, cx.arg(0) as u32, cx.int(1), cx.int(2))?;
            cx.ret(0, s)
        },
        "reflect.appendOne" => |cx| {
            let (t, ty) = ty(cx, 0);
            let rts = &cx.prog.rtypes;
            let v = value::deep_copy(rts, cx.arg(2), ty.elem);
            let v = normalize(rts[ty.elem as usize].kind, v);
            let s = ops::append(rts, t, cx.arg(1), v, false);
            cx.ret(0, s)
        },
        "reflect.growSlice" => |cx| {
            // (slice type, header, n) → the header with room for n more
            // elements (Value.Grow).
            let (_, ty) = ty(cx, 0);
            let rts = &cx.prog.rtypes;
            let (s, n) = (cx.arg(1), cx.int(2).max(0) as usize);
            let h = heap::slice_or_nil(s);
            let (data, len) = (h.backing(), h.len());
            if len + n <= data.len() {
                return cx.ret(0, s);
            }
            let size = value::size_align(rts, ty.elem).0;
            let newcap = value::grow_cap(data.len(), len + n, size, false);
            let nd = ops::grow(rts, ty.elem, data.sub(0, len), newcap);
            cx.ret(0, heap::new_slice_of(nd, len))
        },
        "reflect.resize" => |cx| {
            // (slice type, header, n) → header[:n] (n <= cap, checked by
            // the caller); aggregate elements never made get zero values.
            let (_, ty) = ty(cx, 0);
            let rts = &cx.prog.rtypes;
            let (s, n) = (cx.arg(1), cx.int(2).max(0) as usize);
            let data = heap::slice_or_nil(s).backing();
            if rts[ty.elem as usize].aggregate {
                for i in 0..n.min(data.len()) {
                    if data.get(i) == 0 {
                        data.set(i, value::zero(rts, ty.elem));
                    }
                }
            }
            cx.ret(0, heap::new_slice_of(data, n))
        },
        "reflect.slice3Of" => |cx| {
            // (header, i, j, k) → header[i:j:k]; bounds checked by the
            // caller.
            let s = ops::slice_expr(cx.arg(0), 7, cx.arg(1), cx.arg(2), cx.arg(3))?;
            cx.ret(0, s)
        },
        // unsafe's natives (`unsafe.go`): the same calling convention.
        "reflect.unsafeToPtr" => return crate::stdlib::unsafe_pkg::lookup("unsafe.toPtr"),
        "reflect.unsafeFromPtr" => return crate::stdlib::unsafe_pkg::lookup("unsafe.fromPtr"),
        "reflect.unsafeSlice" => return crate::stdlib::unsafe_pkg::lookup("unsafe.slice"),
        "reflect.unsafeSliceData" => return crate::stdlib::unsafe_pkg::lookup("unsafe.sliceData"),
        "reflect.sliceOf" => |cx| {
            // (slice type, header, i, j) → header[i:j]; bounds checked by
            // the caller.
            let s = ops::slice_expr(cx.arg(1), 3, cx.arg(2), cx.arg(3), 0)?;
            cx.ret(0, s)
        },
        "reflect.newAt" => |cx| {
            // A pointer to a fresh zero value of type `t`.
            let (t, ty) = ty(cx, 0);
            let p = if ty.aggregate {
                value::zero(&cx.prog.rtypes, t)
            } else {
                heap::new_cell(0)
            };
            cx.ret(0, p)
        },
        "reflect.sliceToArray" => |cx| {
            // (slice type, slice word, N, copy) → `[N]T(s)` or `(*[N]T)(s)`.
            let w = crate::interp::natives::builtin::slice_to_array_word(
                cx.prog,
                cx.arg(1),
                cx.arg(0) as u32,
                cx.int(2) as usize,
                cx.bool(3),
            )?;
            cx.ret(0, w)
        },
        "reflect.zeroOf" => |cx| {
            let z = value::zero(&cx.prog.rtypes, cx.arg(0) as u32);
            cx.ret(0, z)
        },
        "reflect.isZero" => |cx| {
            let z = is_zero(&cx.prog.rtypes, cx.arg(0) as u32, cx.arg(1));
            cx.ret_bool(0, z)
        },
        "reflect.equal" => |cx| {
            let e = value::equal(&cx.prog.rtypes, cx.arg(1), cx.arg(2), cx.arg(0) as u32)?;
            cx.ret_bool(0, e)
        },
        "reflect.deepEqual" => |cx| {
            let e = deep_equal(
                &cx.prog.rtypes,
                cx.arg(1),
                cx.arg(2),
                cx.arg(0) as u32,
                &mut Vec::new(),
            )?;
            cx.ret_bool(0, e)
        },
        "reflect.complexParts" => |cx| {
            let (re, im) = heap::complex_parts(cx.arg(0));
            cx.ret_float(0, re)?;
            cx.ret_float(1, im)
        },
        "reflect.newComplex" => |cx| {
            let c = heap::new_complex(cx.float(0), cx.float(1));
            cx.ret(0, c)
        },
        // Words in and out of the Go types they hold: the same word.
        "reflect.wordOfString"
        | "reflect.wordOfFloat"
        | "reflect.wordOfBytes"
        | "reflect.wordOfIface"
        | "reflect.ifaceOfWord"
        | "reflect.stringOfWord"
        | "reflect.floatOfWord"
        | "reflect.intOfWord"
        | "reflect.bytesOfWord"
        | "reflect.unsafePointerOfWord"
        | "reflect.wordOfUnsafePointer" => |cx| {
            let w = cx.arg(0);
            cx.ret(0, w)
        },
        "reflect.dataAddr" => |cx| {
            let a = heap::slice(cx.arg(0)).map_or(0, |s| s.addr() as Word);
            cx.ret(0, a)
        },
        "reflect.boolOfWord" => |cx| {
            let b = cx.arg(0) != 0;
            cx.ret_bool(0, b)
        },
        _ => return call::lookup(name).or_else(|| chan::lookup(name)),
    })
}
