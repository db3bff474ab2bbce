//! Natives of package `runtime/debug`: the collector's knobs.

use super::gc_and_finalize;
use crate::interp::natives::NativeFn;

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "debug.FreeOSMemory" => |cx| {
            gc_and_finalize(cx);
            Ok(())
        },
        "debug.SetGCPercent" => |cx| {
            let old = minigo_gc::trigger::set_gc_percent(cx.int(0));
            cx.ret_int(0, old)
        },
        "debug.SetMemoryLimit" => |cx| {
            let old = minigo_gc::trigger::set_memory_limit(cx.int(0));
            cx.ret_int(0, old)
        },
        _ => return None,
    })
}
