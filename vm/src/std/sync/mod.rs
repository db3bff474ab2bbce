//! Natives of package `sync`: the glue to `interp::sync`, which owns the
//! objects and their parking.

pub mod atomic;

use crate::interp::natives::NativeFn;

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "sync.Mutex.Lock" => |cx| {
            let m = cx.arg(0);
            let r = cx.g.mutex_lock(cx.rt, m);
            cx.until(r).map(drop)
        },
        "sync.Mutex.Unlock" => |cx| {
            let m = cx.arg(0);
            cx.g.mutex_unlock(cx.rt, m)
        },
        "sync.Mutex.TryLock" => |cx| {
            let m = cx.arg(0);
            let ok = cx.g.mutex_try_lock(m)?;
            cx.ret_bool(0, ok)
        },
        "sync.RWMutex.Lock" => |cx| {
            let m = cx.arg(0);
            let r = cx.g.rw_lock(cx.rt, m, false);
            cx.until(r).map(drop)
        },
        "sync.RWMutex.RLock" => |cx| {
            let m = cx.arg(0);
            let r = cx.g.rw_lock(cx.rt, m, true);
            cx.until(r).map(drop)
        },
        "sync.RWMutex.Unlock" => |cx| {
            let m = cx.arg(0);
            cx.g.rw_unlock(cx.rt, m, false)
        },
        "sync.RWMutex.RUnlock" => |cx| {
            let m = cx.arg(0);
            cx.g.rw_unlock(cx.rt, m, true)
        },
        "sync.RWMutex.TryLock" => |cx| {
            let m = cx.arg(0);
            let ok = cx.g.rw_try_lock(cx.rt, m, false)?;
            cx.ret_bool(0, ok)
        },
        "sync.RWMutex.TryRLock" => |cx| {
            let m = cx.arg(0);
            let ok = cx.g.rw_try_lock(cx.rt, m, true)?;
            cx.ret_bool(0, ok)
        },
        "sync.WaitGroup.Add" => |cx| {
            let (w, d) = (cx.arg(0), cx.int(1));
            cx.g.wg_add(cx.rt, w, d)
        },
        "sync.WaitGroup.Wait" => |cx| {
            let w = cx.arg(0);
            let r = cx.g.wg_wait(cx.rt, w);
            cx.until(r).map(drop)
        },
        "sync.Cond.ticket" => |cx| {
            let c = cx.arg(0);
            let t = cx.g.cond_ticket(c)?;
            cx.ret_int(0, t)
        },
        "sync.Cond.waitTicket" => |cx| {
            let (c, t) = (cx.arg(0), cx.int(1));
            let r = cx.g.cond_wait(cx.rt, c, t);
            cx.until(r).map(drop)
        },
        "sync.Cond.Signal" => |cx| {
            let c = cx.arg(0);
            cx.g.cond_notify(cx.rt, c, false)
        },
        "sync.Cond.Broadcast" => |cx| {
            let c = cx.arg(0);
            cx.g.cond_notify(cx.rt, c, true)
        },
        _ => return None,
    })
}
