//! Natives of package `errors`: the reflection `errors.As` and `Is` need.

use crate::heap::{self};
use crate::interp::natives::{NativeCtx, NativeFn};
use crate::interp::panic::Trap;
use crate::interp::{ops, value};
use crate::rtype::Kind;

/// `errors.As`'s core: stores `err` in `*target` when its dynamic type
/// fits.
fn as_target(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let prog = cx.prog;
    let (err, target) = (cx.arg(0), cx.arg(1));
    let bad = || cx.panic_str("errors: target must be a non-nil pointer");
    let Some(t) = heap::iface(target) else {
        return Err(bad());
    };
    let tt = prog.rtype(t.rtype);
    if tt.kind != Kind::Pointer || t.data == 0 {
        return Err(bad());
    }
    let et = tt.elem;
    let e = prog.rtype(et);
    let Some(ei) = heap::iface(err) else {
        return cx.ret_bool(0, false);
    };
    if e.kind == Kind::Interface {
        if ops::implements(prog, ei.rtype, et).is_ok() {
            heap::store(heap::cell(t.data), err);
            return cx.ret_bool(0, true);
        }
        return cx.ret_bool(0, false);
    }
    if ei.rtype != et {
        return cx.ret_bool(0, false);
    }
    if e.aggregate {
        value::copy_into(&prog.rtypes, t.data, ei.data, et);
    } else {
        heap::store(heap::cell(t.data), ei.data);
    }
    cx.ret_bool(0, true)
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "errors.comparable" => |cx| {
            let r = match heap::iface(cx.arg(0)) {
                None => true,
                Some(i) => cx.prog.rtype(i.rtype).comparable,
            };
            cx.ret_bool(0, r)
        },
        "errors.asTarget" => as_target,
        _ => return None,
    })
}
