//! `os/signal` natives: thin glue over the signal thread's notify queue
//! (`interp/signals.rs`, which owns the state and its invariants).

use crate::interp::natives::NativeFn;
use crate::interp::signals;

/// `signalRecv` blocks its thread until a signal arrives: it runs with
/// the P handed off, like os's blocking system calls.
pub fn is_blocking(name: &str) -> bool {
    name == "os/signal.signalRecv"
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "signal.signalEnable" => |cx| {
            let ok = signals::enable(cx.int(0) as i32);
            cx.ret_bool(0, ok)
        },
        "signal.signalDisable" => |cx| {
            signals::disable(cx.int(0) as i32);
            Ok(())
        },
        "signal.signalIgnore" => |cx| {
            signals::ignore(cx.int(0) as i32, cx.bool(1));
            Ok(())
        },
        "signal.signalIgnored" => |cx| {
            let ig = signals::ignored(cx.int(0) as i32);
            cx.ret_bool(0, ig)
        },
        "signal.signalRecv" => |cx| {
            let sig = signals::recv();
            cx.ret_int(0, sig as i64)
        },
        _ => return None,
    })
}
