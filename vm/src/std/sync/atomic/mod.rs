//! Natives of package `sync/atomic`: one atomic operation on a heap cell
//! each.

use crate::heap::{self};
use crate::interp::natives::{NativeCtx, NativeFn};
use crate::interp::panic::Trap;

/// The integer cell the pointer in arg 0 points to: a slot, or a 4-byte
/// element of an `[]int32`-like array.
fn atomic_cell(cx: &NativeCtx<'_, '_>) -> Result<heap::AtomicCell, Trap> {
    let p = cx.arg(0);
    if p == 0 {
        return Err(Trap::nil_deref());
    }
    Ok(heap::ptr_atomic(p))
}

/// `atomic.Add*`: `*arg0 = f(*arg0, arg1)` atomically; returns the new
/// value.
fn add(cx: &mut NativeCtx<'_, '_>, f: fn(u64, u64) -> u64) -> Result<(), Trap> {
    let d = cx.arg(1);
    let new = atomic_cell(cx)?.update(|old| f(old, d));
    cx.ret(0, new)
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "atomic.sameType" => |cx| {
            let t = |w| heap::iface(w).map(|i| i.rtype);
            let same = t(cx.arg(0)) == t(cx.arg(1));
            cx.ret_bool(0, same)
        },

        "atomic.AddInt32" => |cx| add(cx, |o, d| (o as i32).wrapping_add(d as i32) as i64 as u64),
        "atomic.AddUint32" => |cx| add(cx, |o, d| (o as u32).wrapping_add(d as u32) as u64),
        "atomic.AddInt64" | "atomic.AddUint64" | "atomic.AddUintptr" => {
            |cx| add(cx, |o, d| o.wrapping_add(d))
        }
        "atomic.SwapInt32" | "atomic.SwapInt64" | "atomic.SwapUint32" | "atomic.SwapUint64"
        | "atomic.SwapUintptr" => |cx| {
            let old = atomic_cell(cx)?.swap(cx.arg(1));
            cx.ret(0, old)
        },
        "atomic.LoadInt32" | "atomic.LoadInt64" | "atomic.LoadUint32" | "atomic.LoadUint64"
        | "atomic.LoadUintptr" => |cx| {
            let v = atomic_cell(cx)?.load();
            cx.ret(0, v)
        },
        "atomic.StoreInt32"
        | "atomic.StoreInt64"
        | "atomic.StoreUint32"
        | "atomic.StoreUint64"
        | "atomic.StoreUintptr" => |cx| {
            atomic_cell(cx)?.store(cx.arg(1));
            Ok(())
        },
        "atomic.CompareAndSwapInt32"
        | "atomic.CompareAndSwapInt64"
        | "atomic.CompareAndSwapUint32"
        | "atomic.CompareAndSwapUint64"
        | "atomic.CompareAndSwapUintptr" => |cx| {
            let ok = atomic_cell(cx)?.compare_and_swap(cx.arg(1), cx.arg(2));
            cx.ret_bool(0, ok)
        },
        _ => return None,
    })
}
