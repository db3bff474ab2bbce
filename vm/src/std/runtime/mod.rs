//! Natives of package `runtime`: scheduling (`Gosched`, `GOMAXPROCS`,
//! `Goexit`), the collector (`GC`, `ReadMemStats`, finalizers).

pub mod debug;
pub mod pprof;

use crate::heap::{self};
use crate::interp::natives::{NativeCtx, NativeFn};
use crate::interp::panic::Trap;

fn num_cpu() -> i64 {
    std::thread::available_parallelism().map_or(1, |n| n.get() as i64)
}

/// `runtime.GC()`: a full collection, then any finalizers it queued start.
pub(crate) fn gc_and_finalize(cx: &mut NativeCtx<'_, '_>) {
    {
        let _published = crate::interp::gc_publish(cx.g);
        minigo_gc::collect();
    }
    let prog = cx.g.program().clone();
    crate::interp::finalizers::run_finalizers(cx.rt, &prog);
}

/// `runtime.ReadMemStats`: the fields of `runtime.MemStats` (prelude
/// `runtime.go`) in declaration order.
fn read_mem_stats(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let m = cx.arg(0);
    if m == 0 {
        return Err(Trap::nil_deref());
    }
    let s = minigo_gc::stats::read();
    let scalars: [(usize, u64); 15] = [
        (0, s.alloc),
        (1, s.total_alloc),
        (2, s.sys),
        (4, s.mallocs),
        (5, s.frees),
        (6, s.heap_alloc),
        (7, s.heap_sys),
        (8, s.heap_idle),
        (9, s.heap_inuse),
        (11, s.heap_objects),
        (21, s.next_gc),
        (22, s.last_gc),
        (23, s.pause_total_ns),
        (26, s.num_gc as u64),
        (27, s.num_forced_gc as u64),
    ];
    for (i, v) in scalars {
        heap::store(heap::field(m, i), v);
    }
    for (i, arr) in [(24, &s.pause_ns), (25, &s.pause_end)] {
        let elems = heap::slice_elems(heap::load(heap::field(m, i)));
        for (slot, &v) in elems.iter().zip(arr.iter()) {
            heap::store(slot, v);
        }
    }
    heap::store(heap::field(m, 28), s.gc_cpu_fraction.to_bits());
    heap::store(heap::field(m, 29), 1);
    Ok(())
}

/// `LockOSThread`'s nesting count per goroutine (absent: 0). minigo has
/// no thread affinity; the count is kept as Go keeps it.
static LOCKED: std::sync::Mutex<Option<std::collections::HashMap<u64, i64>>> =
    std::sync::Mutex::new(None);

fn lock_os_thread(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let (id, delta) = (cx.g.id, cx.int(0));
    let mut m = LOCKED.lock().unwrap_or_else(|e| e.into_inner());
    let m = m.get_or_insert_with(Default::default);
    let n = m.get(&id).copied().unwrap_or(0) + delta;
    if n > 0 {
        m.insert(id, n);
    } else {
        m.remove(&id);
    }
    Ok(())
}

/// `memRecords()`: the heap profile's records, as of the last collection.
fn mem_records(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let recs = minigo_gc::memprof::records();
    let (mut vals, mut lens, mut pcs) = (Vec::new(), Vec::new(), Vec::new());
    for r in &recs {
        let c = r.counts;
        vals.extend([c.allocs, c.alloc_bytes, c.frees, c.free_bytes, r.size]);
        let stack = pprof::clean(cx.prog, &r.stack);
        let stack = &stack[..stack.len().min(32)];
        lens.push(stack.len() as u64);
        pcs.extend_from_slice(stack);
    }
    cx.ret(0, crate::interp::natives::slice_of(&vals))?;
    cx.ret(1, crate::interp::natives::slice_of(&lens))?;
    cx.ret(2, crate::interp::natives::slice_of(&pcs))
}

/// `goroutineRecords()`: each goroutine's stack (a goroutine running on
/// another thread has none), the caller's first.
fn goroutine_records(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let me = cx.g.id;
    let (mut lens, mut pcs) = (Vec::new(), Vec::new());
    let mine = pprof::clean(cx.prog, &cx.g.callers(0)).to_vec();
    lens.push(mine.len().min(32) as u64);
    pcs.extend(mine.into_iter().take(32));
    for gs in cx.rt.goroutine_stacks() {
        if gs.goid == me {
            continue;
        }
        let stack = gs.stack.map(|(s, _)| s).unwrap_or_default();
        let stack = pprof::clean(cx.prog, &stack);
        let stack = &stack[..stack.len().min(32)];
        lens.push(stack.len() as u64);
        pcs.extend_from_slice(stack);
    }
    cx.ret(0, crate::interp::natives::slice_of(&lens))?;
    cx.ret(1, crate::interp::natives::slice_of(&pcs))
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "runtime.goroot" => |cx| {
            let r = std::env::var("GOROOT").unwrap_or_default();
            cx.ret_str(0, r.as_bytes())
        },
        "runtime.lockOSThread" => lock_os_thread,
        "runtime.isPointer" => |cx| {
            let p = heap::iface(cx.arg(0))
                .is_some_and(|i| cx.prog.rtype(i.rtype).kind == crate::rtype::Kind::Pointer);
            cx.ret_bool(0, p)
        },
        "runtime.typeName" => |cx| {
            let name = heap::iface(cx.arg(0))
                .map(|i| cx.prog.rtype(i.rtype).name.clone())
                .unwrap_or_else(|| "nil".into());
            cx.ret_string(0, name.into_bytes())
        },
        "runtime.memRecords" => mem_records,
        "runtime.goroutineRecords" => goroutine_records,
        "runtime.threadCount" => |cx| {
            let n = std::fs::read_dir("/proc/self/task").map_or(1, |d| d.count() as i64);
            cx.ret_int(0, n)
        },
        "runtime.traceStart" => |cx| {
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
        "runtime.traceStop" => |cx| {
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
                .map_err(|e| cx.panic_str(&format!("runtime: {e}")))?;
            cx.ret(0, crate::interp::natives::byte_slice(&out))
        },
        "runtime.Gosched" => |cx| {
            let r = cx.g.gosched();
            cx.until(r).map(drop)
        },
        "runtime.Breakpoint" => |_| Err(Trap::Fatal(crate::interp::natives::BREAKPOINT.into())),
        "runtime.Goexit" => |_| Err(Trap::Goexit),
        "runtime.GC" => |cx| {
            // The goroutine waits for the collection holding its task: it
            // publishes its roots first.
            gc_and_finalize(cx);
            Ok(())
        },
        "runtime.SetFinalizer" => {
            |cx| crate::interp::finalizers::set_finalizer(cx.prog, cx.arg(0), cx.arg(1))
        }
        "runtime.readMemStats" => read_mem_stats,
        "runtime.NumGoroutine" => |cx| {
            let n = cx.rt.num_goroutine();
            cx.ret_int(0, n as i64)
        },
        "runtime.NumCPU" => |cx| cx.ret_int(0, num_cpu()),
        "runtime.Caller" => |cx| {
            let skip = cx.int(0);
            let found = usize::try_from(skip).ok().and_then(|s| cx.g.caller(s));
            match found {
                Some((pc, file, line)) => {
                    cx.ret(0, pc)?;
                    cx.ret_string(1, file.into_bytes())?;
                    cx.ret_int(2, i64::from(line))?;
                    cx.ret_bool(3, true)
                }
                None => {
                    cx.ret(0, 0)?;
                    cx.ret_str(1, b"")?;
                    cx.ret_int(2, 0)?;
                    cx.ret_bool(3, false)
                }
            }
        },
        "runtime.callers" => |cx| {
            let skip = usize::try_from(cx.int(0)).unwrap_or(0);
            let pcs = cx.g.callers(skip);
            cx.ret(0, crate::interp::natives::slice_of(&pcs))
        },
        "runtime.funcInfo" => |cx| {
            // A pc from Caller or Callers: the proto in the high bits, the
            // instruction in the low ones.
            match crate::interp::pc_info(cx.prog, cx.arg(0)) {
                Some((name, file, line)) => {
                    cx.ret_string(0, name.into_bytes())?;
                    cx.ret_string(1, file.into_bytes())?;
                    cx.ret_int(2, i64::from(line))?;
                    cx.ret_bool(3, true)
                }
                None => {
                    cx.ret_str(0, b"")?;
                    cx.ret_str(1, b"")?;
                    cx.ret_int(2, 0)?;
                    cx.ret_bool(3, false)
                }
            }
        },
        "runtime.GOMAXPROCS" => |cx| {
            // Returns the previous setting; n >= 1 resizes the Ps.
            let n = cx.int(0);
            let prev = if n >= 1 {
                // Resizing waits out a collection in progress, counting
                // this goroutine stopped: its roots must be published.
                let _published = crate::interp::gc_publish(cx.g);
                cx.rt.set_gomaxprocs(n as usize)
            } else {
                cx.rt.gomaxprocs()
            } as i64;
            cx.ret_int(0, prev)
        },
        "runtime.stack" => |cx| {
            let all = cx.bool(0);
            let text = cx.g.stack_text(all);
            cx.ret_string(0, text.into_bytes())
        },
        "runtime.SetCPUProfileRate" => |cx| {
            crate::interp::profiling::set_cpu_profile_rate(cx.int(0));
            Ok(())
        },
        "runtime.SetBlockProfileRate" => |cx| {
            crate::interp::profiling::set_block_profile_rate(cx.int(0));
            Ok(())
        },
        "runtime.SetMutexProfileFraction" => |cx| {
            let old = crate::interp::profiling::set_mutex_profile_fraction(cx.int(0));
            cx.ret_int(0, old)
        },
        "runtime.contentionRecords" => |cx| {
            let recs = if cx.int(0) == 0 {
                crate::interp::profiling::block_records()
            } else {
                crate::interp::profiling::mutex_records()
            };
            let counts: Vec<u64> = recs.iter().map(|r| r.count as u64).collect();
            let nanos: Vec<u64> = recs.iter().map(|r| r.nanos as u64).collect();
            let mut stacks = Vec::new();
            for r in &recs {
                stacks.extend(r.stack.iter().take(32));
                stacks.push(0);
            }
            cx.ret(0, crate::interp::natives::slice_of(&counts))?;
            cx.ret(1, crate::interp::natives::slice_of(&nanos))?;
            cx.ret(2, crate::interp::natives::slice_of(&stacks))
        },
        "runtime.Version" => |cx| cx.ret_str(0, b"go1.27"),
        "runtime.registerMemProfileRate" => |cx| {
            // The heap profile's sampler reads the variable where it lives.
            let p = cx.arg(0);
            if p != 0 && p & heap::NARROW_PTR == 0 {
                let slot: *const heap::Slot = heap::cell(p);
                minigo_gc::memprof::register_rate_var(slot as usize);
            }
            Ok(())
        },
        _ => return None,
    })
}
