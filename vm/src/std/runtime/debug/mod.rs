//! Natives of package `runtime/debug`: the collector's knobs.

use super::gc_and_finalize;
use crate::interp::natives::NativeFn;

/// `debug.SetTraceback`'s level (stored only: minigo's crash reports
/// stay as with the default level).
pub(crate) static TRACEBACK: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

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
        "debug.setTraceback" => |cx| {
            let level = String::from_utf8_lossy(cx.str(0)).into_owned();
            *TRACEBACK.lock().unwrap_or_else(|e| e.into_inner()) = Some(level);
            Ok(())
        },
        _ => return None,
    })
}
