//! Natives of package `runtime/trace`: the runtime's tracer switched on
//! and off (`minigo_runtime::Runtime::trace_start`/`trace_stop`), its
//! records encoded in Go's format (`minigo_runtime::trace_go`), and the
//! user annotations recorded as `Ev::User` events.

use crate::interp::natives::{byte_slice, NativeCtx, NativeFn};
use crate::interp::panic::Trap;
use minigo_runtime::trace::{Ev, UserEv, UserKind};

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "trace.start" => |cx| {
            let g = cx.rt.goid();
            let name = cx.g.start_name();
            let rt = cx.rt.runtime();
            if rt.trace_symbolizer().is_none() {
                rt.set_trace_symbolizer(crate::interp::trace_out::symbolizer(
                    cx.g.program().clone(),
                ));
            }
            let ok = rt.trace_start(g, name);
            cx.ret_bool(0, ok)
        },
        "trace.stop" => |cx| {
            let rt = cx.rt.runtime();
            let Some(records) = rt.trace_stop() else {
                return cx.ret(0, 0);
            };
            let sym = rt.trace_symbolizer();
            let table = rt.trace_stack_table();
            let stacks = sym
                .as_deref()
                .map(|sym| minigo_runtime::trace_go::Stacks { table: &table, sym });
            let mut out = Vec::new();
            minigo_runtime::trace_go::write_with(&records, stacks, &mut out)
                .map_err(|e| cx.panic_str(&format!("runtime/trace: {e}")))?;
            cx.ret(0, byte_slice(&out))
        },
        "trace.userTaskCreate" => |cx| {
            let (id, parent) = (cx.int(0) as u64, cx.int(1) as u64);
            let name = String::from_utf8_lossy(cx.str(2)).into_owned();
            user(cx, UserKind::TaskBegin { id, parent, name })
        },
        "trace.userTaskEnd" => |cx| {
            let id = cx.int(0) as u64;
            user(cx, UserKind::TaskEnd { id })
        },
        "trace.userRegion" => |cx| {
            let (task, mode) = (cx.int(0) as u64, cx.int(1));
            let name = String::from_utf8_lossy(cx.str(2)).into_owned();
            let kind = if mode == 0 {
                UserKind::RegionBegin { task, name }
            } else {
                UserKind::RegionEnd { task, name }
            };
            user(cx, kind)
        },
        "trace.userLog" => |cx| {
            let task = cx.int(0) as u64;
            let key = String::from_utf8_lossy(cx.str(1)).into_owned();
            let value = String::from_utf8_lossy(cx.str(2)).into_owned();
            user(cx, UserKind::Log { task, key, value })
        },
        _ => return None,
    })
}

/// Records an annotation by the calling goroutine (nothing when the
/// trace is off).
fn user(cx: &mut NativeCtx<'_, '_>, kind: UserKind) -> Result<(), Trap> {
    let g = cx.rt.goid();
    let rt = cx.rt.runtime();
    rt.trace_event(|| Ev::User(Box::new(UserEv { g, kind })));
    Ok(())
}
