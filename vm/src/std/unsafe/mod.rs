//! Natives of package `unsafe` (see `unsafe.go` and
//! `compile::unsafe_pkg`).
//!
//! An `unsafe.Pointer` word is 0 or an [`heap::IfaceObj`] holding the
//! pointer it was made from and that pointer's type. Every conversion
//! back to a pointer type is checked against what the memory holds in
//! minigo's representation (`heap`): it succeeds when every word the new
//! type reads has the representation the memory has (`int64`, `uint64`
//! and `float64` bits coincide; a struct whose fields do; a pointer to
//! the first field or element; an array view of a prefix; `*T` as
//! `*[1]T`), and panics otherwise. Pointer arithmetic (`Add`, `Slice`,
//! `String`) is checked to stay inside one heap object of elements of
//! the same representation. Nothing here can make a word of the wrong
//! representation, so a misuse is a Go panic, never memory corruption.

use crate::heap::{self, Rep, Word};
use crate::interp::natives::{NativeCtx, NativeFn};
use crate::interp::panic::Trap;
use crate::interp::{value, Program};
use crate::rtype::{Kind, RType};

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "unsafe.fromPtr" => |cx| {
            let w = cx.arg(0);
            let r = match heap::iface(w) {
                Some(i) if i.data != 0 => w,
                _ => 0,
            };
            cx.ret(0, r)
        },
        "unsafe.toPtr" => to_ptr,
        "unsafe.addr" => |cx| {
            let a = address(cx.prog, cx.arg(0));
            cx.ret(0, a)
        },
        "unsafe.fromAddr" => |cx| {
            if cx.arg(0) == 0 {
                return cx.ret(0, 0);
            }
            Err(unsupported(
                cx,
                "unsafe.Pointer(uintptr): minigo cannot turn an integer back into a pointer \
                 (pointer arithmetic through uintptr is not supported; use unsafe.Add)",
            ))
        },
        "unsafe.equal" => |cx| {
            let eq = address(cx.prog, cx.arg(0)) == address(cx.prog, cx.arg(1));
            cx.ret_bool(0, eq)
        },
        "unsafe.add" => add,
        "unsafe.slice" => slice,
        "unsafe.sliceData" => slice_data,
        "unsafe.str" => string,
        "unsafe.stringData" => |cx| {
            let s = cx.str(0);
            let p = if s.is_empty() {
                0
            } else {
                heap::unsafe_ptr_at(s.as_ptr() as usize, Rep::U8)
            };
            cx.ret(0, p)
        },
        "unsafe.Sizeof" | "unsafe.Alignof" | "unsafe.Offsetof" | "unsafe.Add" | "unsafe.Slice"
        | "unsafe.SliceData" | "unsafe.String" | "unsafe.StringData" => |cx| {
            Err(Trap::internal(format!(
                "{} is a builtin: the compiler lowers every call",
                cx.name()
            )))
        },
        _ => return None,
    })
}

/// The panic for what minigo cannot do with `unsafe`.
fn unsupported(cx: &NativeCtx<'_, '_>, what: &str) -> Trap {
    cx.panic_str(&format!("minigo: {what}"))
}

/// The pointer (its type, its word) an `unsafe.Pointer` word holds.
fn target(w: Word) -> Option<(u32, Word)> {
    heap::iface(w).map(|i| (i.rtype, i.data))
}

/// `uintptr(p)`: the address of the memory `p` points at.
fn address(prog: &Program, w: Word) -> Word {
    pointer_address(&prog.rtypes, w)
}

/// The address an `unsafe.Pointer` word points at (0 for nil), the same
/// for a struct or array and its first field or element (`==`, map keys:
/// `value`).
pub fn pointer_address(rt: &[RType], w: Word) -> Word {
    match target(w) {
        None => 0,
        Some((pt, p)) => value_address(rt, rt[pt as usize].elem, p, 0),
    }
}

/// The address of the value of type `t` that pointer word `p` addresses:
/// a struct's or array's is its first field's or element's, down to one
/// that is not itself a box (nested aggregates are boxes of their own).
fn value_address(rt: &[RType], t: u32, p: Word, depth: u32) -> Word {
    let tt = &rt[t as usize];
    match tt.kind {
        Kind::Struct => match tt.fields.first() {
            Some(f) if rt[f.ty as usize].aggregate && depth < 64 => {
                value_address(rt, f.ty, heap::load(heap::field(p, 0)), depth + 1)
            }
            _ => p,
        },
        Kind::Array => {
            let s = heap::slice_or_nil(p);
            match s.get(0) {
                Some(e) if rt[tt.elem as usize].aggregate && depth < 64 => {
                    value_address(rt, tt.elem, e, depth + 1)
                }
                _ => s.addr() as Word,
            }
        }
        _ => heap::unsafe_ptr_target(p).0 as Word,
    }
}

/// Do values of types `a` and `b` have the same words, so that memory
/// holding one may be read and written as the other?
fn same_words(rt: &[RType], a: u32, b: u32, seen: &mut Vec<(u32, u32)>) -> bool {
    if a == b || seen.contains(&(a, b)) {
        return true;
    }
    if seen.len() > 200 {
        return false;
    }
    seen.push((a, b));
    let (x, y) = (&rt[a as usize], &rt[b as usize]);
    let w64 = |k: Kind| {
        matches!(
            k,
            Kind::Int | Kind::Int64 | Kind::Uint | Kind::Uint64 | Kind::Uintptr | Kind::Float64
        )
    };
    if w64(x.kind) && w64(y.kind) {
        return true;
    }
    if x.kind != y.kind {
        return false;
    }
    match x.kind {
        Kind::Pointer => {
            is_unsafe_pointer(x) == is_unsafe_pointer(y) && same_words(rt, x.elem, y.elem, seen)
        }
        Kind::Slice | Kind::Chan => same_words(rt, x.elem, y.elem, seen),
        Kind::Array => x.len == y.len && same_words(rt, x.elem, y.elem, seen),
        Kind::Struct => {
            x.fields.len() == y.fields.len()
                && x.fields
                    .iter()
                    .zip(&y.fields)
                    .all(|(f, g)| same_words(rt, f.ty, g.ty, seen))
        }
        Kind::Map => {
            rt[x.key as usize].kind == rt[y.key as usize].kind
                && same_words(rt, x.key, y.key, seen)
                && same_words(rt, x.elem, y.elem, seen)
        }
        Kind::Interface => x.iface_methods == y.iface_methods,
        Kind::Func | Kind::Invalid => false,
        // Scalars, strings and complex numbers of one kind.
        _ => true,
    }
}

fn is_unsafe_pointer(t: &RType) -> bool {
    t.named && t.name == "unsafe.Pointer"
}

/// The word of a `*u` for the memory `w`, a `*t`, points at; why not
/// when minigo holds that memory in another representation.
fn view(rt: &[RType], t: u32, w: Word, u: u32, depth: u32) -> Result<Word, String> {
    if same_words(rt, t, u, &mut Vec::new()) {
        return Ok(w);
    }
    let (tt, ut) = (&rt[t as usize], &rt[u as usize]);
    if depth < 64 {
        match tt.kind {
            Kind::Struct => {
                // A struct whose fields are a prefix of this one's.
                if ut.kind == Kind::Struct
                    && !ut.fields.is_empty()
                    && ut.fields.len() <= tt.fields.len()
                    && ut
                        .fields
                        .iter()
                        .zip(&tt.fields)
                        .all(|(f, g)| same_words(rt, f.ty, g.ty, &mut Vec::new()))
                {
                    return Ok(w);
                }
                // The first field.
                if let Some(f) = tt.fields.first() {
                    let fw = if rt[f.ty as usize].aggregate {
                        heap::load(heap::field(w, 0))
                    } else {
                        w
                    };
                    if let Ok(v) = view(rt, f.ty, fw, u, depth + 1) {
                        return Ok(v);
                    }
                }
            }
            Kind::Array if tt.len > 0 => {
                let s = heap::slice_or_nil(w);
                // A shorter array of the same elements.
                if ut.kind == Kind::Array
                    && ut.len <= tt.len
                    && same_words(rt, tt.elem, ut.elem, &mut Vec::new())
                {
                    let b = s.backing().sub(0, ut.len);
                    return Ok(heap::new_slice_of(b, ut.len));
                }
                // The first element.
                let ew = if rt[tt.elem as usize].aggregate {
                    s.get(0)
                } else {
                    s.elem_addr(0)
                };
                if let Some(ew) = ew {
                    if let Ok(v) = view(rt, tt.elem, ew, u, depth + 1) {
                        return Ok(v);
                    }
                }
            }
            _ => {
                // One element as an array of one.
                if !tt.aggregate
                    && ut.kind == Kind::Array
                    && ut.len == 1
                    && same_words(rt, t, ut.elem, &mut Vec::new())
                {
                    let (a, rep) = heap::unsafe_ptr_target(w);
                    if rep == Rep::Word || rep == rt[t as usize].rep() {
                        // SAFETY: the one element `w` addresses, live
                        // (the pointer keeps it), of that representation.
                        return Ok(unsafe { heap::unsafe_array_at(a, 1, rep) });
                    }
                }
            }
        }
    }
    Err(format!(
        "minigo stores {} and {} differently, so it cannot show one as the other",
        tt.name, ut.name
    ))
}

/// `(*U)(p)`.
fn to_ptr(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let p = cx.arg(0);
    let Some(to) = heap::iface(cx.arg(1)).map(|i| i.rtype) else {
        return Err(Trap::internal("unsafe.toPtr without a type"));
    };
    let Some((pt, w)) = target(p) else {
        return cx.ret(0, heap::new_iface(to, 0));
    };
    let rt = &cx.prog.rtypes;
    let (t, u) = (rt[pt as usize].elem, rt[to as usize].elem);
    match view(rt, t, w, u, 0) {
        Ok(v) => cx.ret(0, heap::new_iface(to, v)),
        Err(why) => {
            let msg = format!(
                "unsafe.Pointer conversion from {} to {}: {why}",
                rt[pt as usize].name, rt[to as usize].name
            );
            Err(unsupported(cx, &msg))
        }
    }
}

/// gc's offsets of a struct's fields on amd64.
fn field_offsets(rt: &[RType], t: &RType) -> Vec<(usize, usize)> {
    let mut off = 0usize;
    t.fields
        .iter()
        .map(|f| {
            let (s, a) = value::size_align(rt, f.ty);
            off = off.div_ceil(a) * a;
            let r = (off, s);
            off += s;
            r
        })
        .collect()
}

/// The pointer (type, word) `n` bytes (gc's layout) into the memory that
/// `w`, a `*t`, points at, where minigo can find it.
fn offset(prog: &Program, pt: u32, w: Word, n: i64, depth: u32) -> Result<(u32, Word), String> {
    if n == 0 {
        return Ok((pt, w));
    }
    let rt = &prog.rtypes;
    let t = rt[pt as usize].elem;
    let tt = &rt[t as usize];
    let no_type = || "minigo has no type for the result".to_string();
    if depth < 64 && n > 0 {
        let n = n as usize;
        match tt.kind {
            Kind::Struct => {
                for (j, (off, size)) in field_offsets(rt, tt).into_iter().enumerate() {
                    if n < off || n >= off + size.max(1) {
                        continue;
                    }
                    let f = tt.fields[j].ty;
                    let fp = ptr_to(prog, f).ok_or_else(no_type)?;
                    let fw = if rt[f as usize].aggregate {
                        heap::load(heap::field(w, j))
                    } else {
                        w + 8 * j as Word
                    };
                    return offset(prog, fp, fw, (n - off) as i64, depth + 1);
                }
            }
            Kind::Array => {
                let (es, _) = value::size_align(rt, tt.elem);
                if es > 0 && n / es < tt.len {
                    let (k, r) = (n / es, n % es);
                    let s = heap::slice_or_nil(w);
                    let ew = if rt[tt.elem as usize].aggregate {
                        s.get(k)
                    } else {
                        s.elem_addr(k)
                    };
                    if let Some(ew) = ew {
                        let ep = ptr_to(prog, tt.elem).ok_or_else(no_type)?;
                        return offset(prog, ep, ew, r as i64, depth + 1);
                    }
                }
            }
            _ => {}
        }
    }
    if !tt.aggregate {
        // An element of a homogeneous array: stays in its heap object.
        let (es, _) = value::size_align(rt, t);
        let (a, rep) = heap::unsafe_ptr_target(w);
        if es > 0 && n % es as i64 == 0 && element_stride(tt, rep) == Some(es) {
            let na = a as i64 + n;
            if let Some((start, len)) = homogeneous_object(a, tt, rep) {
                if na >= start as i64 && na as usize + es <= start + len {
                    return Ok((pt, heap::unsafe_ptr_at(na as usize, rep)));
                }
                return Err("the result is outside the object".into());
            }
        }
    }
    Err("minigo cannot tell what lies there (its memory layout differs from gc's)".into())
}

/// Bytes between elements stored as `rep` when that is gc's size of
/// type `t` (a narrow element, or a word-sized scalar in a slot).
fn element_stride(t: &RType, rep: Rep) -> Option<usize> {
    match rep {
        Rep::Word if !t.is_pointerish() && t.rep() == Rep::Word => Some(8),
        Rep::Word => None,
        r => Some(r.size()),
    }
}

/// The kind of object an array of scalars of type `t` is (traced words
/// for `uintptr`s: `RType::is_traced`).
fn scalar_kind(t: &RType) -> u64 {
    if t.is_traced() {
        minigo_gc::layout::K_WORDS
    } else {
        minigo_gc::layout::K_SCALARS
    }
}

/// The heap object holding the element at `a` when it holds nothing
/// but elements like it: (start, bytes).
fn homogeneous_object(a: usize, t: &RType, rep: Rep) -> Option<(usize, usize)> {
    let (start, len, kind) = minigo_gc::object_extent(a as u64)?;
    let ok = match rep {
        // A bytes object: narrow elements (any bits are valid values).
        Rep::Word => !t.is_pointerish() && kind == scalar_kind(t),
        _ => kind == minigo_gc::layout::K_BYTES,
    };
    ok.then_some((start, len))
}

/// The descriptor of `*t` (made when the program has none; its methods
/// do not matter: the result only goes into an `unsafe.Pointer`).
fn ptr_to(prog: &Program, t: u32) -> Option<u32> {
    if let Some(p) = prog
        .rtypes
        .iter()
        .position(|r| r.kind == Kind::Pointer && r.elem == t && !r.named)
    {
        return Some(p as u32);
    }
    prog.rtypes.intern(RType {
        name: format!("*{}", prog.rtypes[t as usize].name),
        kind: Kind::Pointer,
        elem: t,
        comparable: true,
        ..RType::invalid()
    })
}

/// `unsafe.Add(p, n)`.
fn add(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let (p, n) = (cx.arg(0), cx.int(1));
    if n == 0 {
        return cx.ret(0, p);
    }
    let Some((pt, w)) = target(p) else {
        return Err(unsupported(
            cx,
            "unsafe.Add: arithmetic on a nil pointer is not supported",
        ));
    };
    match offset(cx.prog, pt, w, n, 0) {
        Ok((qt, q)) => {
            let r = heap::new_iface(qt, q);
            cx.ret(0, r)
        }
        Err(why) => {
            let msg = format!(
                "unsafe.Add(p, {n}) on a {}: {why}",
                cx.prog.rtypes[pt as usize].name
            );
            Err(unsupported(cx, &msg))
        }
    }
}

/// The `n` elements from the one a non-aggregate pointer `w` to type
/// `t` addresses, as an array word, when they are all inside its object.
fn elements(t: &RType, w: Word, n: usize) -> Result<Word, String> {
    let (a, rep) = heap::unsafe_ptr_target(w);
    if n == 1 && (rep == Rep::Word || rep == t.rep()) {
        // SAFETY: the one element the pointer addresses.
        return Ok(unsafe { heap::unsafe_array_at(a, 1, rep) });
    }
    let es = rep.size();
    if rep != Rep::Word && rep != t.rep() {
        return Err("the memory holds elements of another type".into());
    }
    match minigo_gc::object_extent(a as u64) {
        Some((start, len, kind)) => {
            let fits = a >= start
                && n.checked_mul(es)
                    .and_then(|b| b.checked_add(a))
                    .is_some_and(|end| end <= start + len);
            let kind_ok = match rep {
                Rep::Word => {
                    !t.is_pointerish() && kind == scalar_kind(t)
                        || kind == minigo_gc::layout::K_WORDS && n <= 1
                }
                _ => kind == minigo_gc::layout::K_BYTES,
            };
            if !kind_ok {
                return Err(
                    "minigo cannot tell that the memory after it holds elements of that type"
                        .into(),
                );
            }
            if !fits {
                return Err(format!("{n} elements run past the end of the object"));
            }
            // SAFETY: `n` elements of `rep` inside one live object that
            // holds only such elements (checked just above).
            Ok(unsafe { heap::unsafe_array_at(a, n, rep) })
        }
        None => Err("minigo cannot tell how far the memory it points at extends".into()),
    }
}

/// A slice word over the `n` elements from `w`, a `*t`.
fn slice_from(rt: &[RType], t: u32, w: Word, n: usize) -> Result<Word, String> {
    let tt = &rt[t as usize];
    if n == 0 {
        // SAFETY: no element.
        return Ok(unsafe { heap::unsafe_array_at(0, 0, Rep::Word) });
    }
    if tt.aggregate {
        if n == 1 {
            // An array of one slot holding the box (or array word).
            let data = heap::alloc_slots(1);
            heap::store(&data[0], w);
            return Ok(heap::new_slice(data, 1));
        }
        return Err(format!(
            "minigo cannot find the array a *{} points into",
            tt.name
        ));
    }
    elements(tt, w, n)
}

/// `unsafe.Slice(ptr, n)`.
fn slice(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let (p, n) = (heap::iface(cx.arg(0)), cx.int(1));
    let Some(to) = heap::iface(cx.arg(2)).map(|i| i.rtype) else {
        return Err(Trap::internal("unsafe.slice without a type"));
    };
    let Some(p) = p else {
        return Err(Trap::internal("unsafe.slice without a pointer"));
    };
    let rt = &cx.prog.rtypes;
    let t = rt[p.rtype as usize].elem;
    if n < 0 {
        return Err(Trap::error_string("unsafe.Slice: len out of range"));
    }
    if p.data == 0 {
        if n == 0 {
            return cx.ret(0, heap::new_iface(to, 0));
        }
        return Err(Trap::error_string(
            "unsafe.Slice: ptr is nil and len is not zero",
        ));
    }
    match slice_from(rt, t, p.data, n as usize) {
        Ok(s) => cx.ret(0, heap::new_iface(to, s)),
        Err(why) => {
            let msg = format!("unsafe.Slice({}, {n}): {why}", rt[p.rtype as usize].name);
            Err(unsupported(cx, &msg))
        }
    }
}

/// `unsafe.SliceData(s)`.
fn slice_data(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let (s, to) = (heap::iface(cx.arg(0)), heap::iface(cx.arg(1)));
    let (Some(s), Some(to)) = (s, to) else {
        return Err(Trap::internal("unsafe.sliceData without a slice"));
    };
    let rt = &cx.prog.rtypes;
    let e = rt[s.rtype as usize].elem;
    let w = match heap::slice(s.data) {
        None => 0,
        Some(h) if h.cap() == 0 => {
            // A non-nil pointer to nothing in particular.
            if rt[e as usize].aggregate {
                value::zero(rt, e)
            } else {
                heap::new_cell(0)
            }
        }
        Some(h) => {
            let b = h.backing();
            if rt[e as usize].aggregate {
                b.get(0)
            } else {
                heap::unsafe_ptr_at(b.addr(), b.rep())
            }
        }
    };
    cx.ret(0, heap::new_iface(to.rtype, w))
}

/// `unsafe.String(ptr, n)`.
fn string(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let (p, n) = (cx.arg(0), cx.int(1));
    if n < 0 {
        return Err(Trap::error_string("unsafe.String: len out of range"));
    }
    if p == 0 {
        if n == 0 {
            return cx.ret(0, 0);
        }
        return Err(Trap::error_string(
            "unsafe.String: ptr is nil and len is not zero",
        ));
    }
    if n == 0 {
        return cx.ret(0, 0);
    }
    let (a, rep) = heap::unsafe_ptr_target(p);
    let n = n as usize;
    let word = if rep == Rep::U8 {
        match minigo_gc::object_extent(a as u64) {
            Some((start, len, minigo_gc::layout::K_BYTES))
                if a >= start && a.checked_add(n).is_some_and(|e| e <= start + len) =>
            {
                // SAFETY: `n` bytes inside one live bytes object.
                let b = unsafe { std::slice::from_raw_parts(a as *const u8, n) };
                // A copy: minigo's strings are immutable objects (Go's
                // shares the bytes, which must not change afterwards).
                Some(heap::new_str(b))
            }
            _ => None,
        }
    } else if n == 1 {
        // A byte variable's slot: its value is its low byte.
        Some(heap::new_str(&[heap::ptr_load(p) as u8]))
    } else {
        None
    };
    match word {
        Some(w) => cx.ret(0, w),
        None => Err(unsupported(
            cx,
            &format!(
                "unsafe.String(ptr, {n}): minigo cannot tell that {n} bytes from ptr lie in one object"
            ),
        )),
    }
}
