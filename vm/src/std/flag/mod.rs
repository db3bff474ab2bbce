//! Natives of package `flag`: the two bits of reflection Go's flag uses
//! (`reflect.New`/`reflect.Zero` of a `Value`'s dynamic type for
//! `PrintDefaults`, and `TextVar`'s copy of its default into `*p`).

use crate::heap;
use crate::interp::natives::{NativeCtx, NativeFn};
use crate::interp::panic::Trap;
use crate::interp::value;
use crate::rtype::Kind;

/// `zeroOf(v any) any`: a zero value of `v`'s dynamic type, or for a
/// pointer type a pointer to a fresh zero element; nil for nil.
fn zero_of(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let prog = cx.prog;
    let Some(i) = heap::iface(cx.arg(0)) else {
        return cx.ret(0, 0);
    };
    let t = prog.rtype(i.rtype);
    let data = if t.kind == Kind::Pointer {
        if prog.rtype(t.elem).aggregate {
            value::zero(&prog.rtypes, t.elem)
        } else {
            heap::new_cell(0)
        }
    } else {
        value::zero(&prog.rtypes, i.rtype)
    };
    cx.ret(0, heap::new_iface(i.rtype, data))
}

/// `setDefault(p, val any) int`: `*p = val` (or `*p = *val` when `val` is
/// a pointer) when the types agree: 0; 1 when `p` is not a non-nil
/// pointer; 2 when the types differ.
fn set_default(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let prog = cx.prog;
    let Some(p) = heap::iface(cx.arg(0)) else {
        return cx.ret_int(0, 1);
    };
    let pt = prog.rtype(p.rtype);
    if pt.kind != Kind::Pointer || p.data == 0 {
        return cx.ret_int(0, 1);
    }
    let Some(v) = heap::iface(cx.arg(1)) else {
        return cx.ret_int(0, 2);
    };
    let (mut vt, mut data) = (v.rtype, v.data);
    let vty = prog.rtype(vt);
    if vty.kind == Kind::Pointer {
        if data == 0 {
            return cx.ret_int(0, 2);
        }
        vt = vty.elem;
        if !prog.rtype(vt).aggregate {
            data = heap::ptr_load(data);
        }
    }
    if vt != pt.elem {
        return cx.ret_int(0, 2);
    }
    if prog.rtype(vt).aggregate {
        value::copy_into(&prog.rtypes, p.data, data, vt);
    } else {
        heap::ptr_store(p.data, data);
    }
    cx.ret_int(0, 0)
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "flag.zeroOf" => zero_of,
        "flag.setDefault" => set_default,
        _ => return None,
    })
}
