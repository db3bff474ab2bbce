//! Natives of `runtime/pprof`: the profiles' data (goroutine stacks, the
//! heap profile that `minigo_gc::memprof` samples, the block, mutex and
//! CPU profiles of `interp::profiling`) and their gzipped profile.proto
//! encoding (`proto.rs`). The text forms are written in Go (`pprof.go`).
//!
//! Also here: the heap profile's view of the running goroutine. The
//! collector's sampler calls [`stack_hook`] on the allocating thread; the
//! goroutine that thread runs is published by [`Current`] for the length
//! of each `Goroutine::run`.

pub mod proto;

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

use crate::heap::{self, Word};
use crate::interp::natives::{byte_slice, slice_of, NativeCtx, NativeFn};
use crate::interp::panic::Trap;
use crate::interp::profiling;
use crate::interp::{Goroutine, Program};
use proto::{Builder, Header, LabelValue};

thread_local! {
    static CURRENT: Cell<*const Goroutine> = const { Cell::new(std::ptr::null()) };
}

/// While alive, the goroutine this thread runs, for the heap profile's
/// stacks (see the module docs).
pub(crate) struct Current(*const Goroutine);

impl Current {
    #[inline]
    pub(crate) fn enter(g: &Goroutine) -> Current {
        if STACK_HOOK_SET.load(Relaxed) == 0 {
            minigo_gc::memprof::set_stack_hook(stack_hook);
            STACK_HOOK_SET.store(1, Relaxed);
        }
        Current(CURRENT.with(|c| c.replace(g)))
    }
}

impl Drop for Current {
    #[inline]
    fn drop(&mut self) {
        CURRENT.with(|c| c.set(self.0));
    }
}

static STACK_HOOK_SET: AtomicU64 = AtomicU64::new(0);

/// The running goroutine's stack, for a sampled allocation.
fn stack_hook() -> Vec<u64> {
    let g = CURRENT.with(|c| c.get());
    if g.is_null() {
        return Vec::new();
    }
    // SAFETY: `Current` publishes the goroutine for the length of its
    // `run` on this thread, and this runs on that thread inside an
    // allocation, which never changes the frame stack: the frames read
    // here are the goroutine's as they are.
    let g = unsafe { &*g };
    let mut stack = g.callers(0);
    // The innermost frame's pc is where its function last stopped (a
    // call, a preemption), not the allocating instruction, which only
    // the run loop knows: its entry stands for it, so that one
    // allocation site always makes one stack.
    if let Some(pc) = stack.first_mut() {
        *pc &= !0xffff_ffff;
    }
    clean(g.program(), &stack).to_vec()
}

/// `stack` without the compiler's `go` thunk at its bottom (the function
/// a `go f(x)` statement makes, named after the function holding the
/// statement): Go's stacks of a goroutine end at the function it started.
pub(crate) fn clean<'a>(prog: &Program, stack: &'a [u64]) -> &'a [u64] {
    match stack.split_last() {
        Some((&pc, rest))
            if prog
                .protos
                .get((pc >> 32) as usize)
                .is_some_and(is_go_thunk) =>
        {
            rest
        }
        _ => stack,
    }
}

fn is_go_thunk(p: &crate::bytecode::Proto) -> bool {
    use crate::bytecode::Op;
    // As `Goroutine::start_name` recognises it: load each capture, one
    // call, return. A closure literal of the same shape is named
    // `outer.funcN` and stays.
    let n = p.ncaptures as usize;
    let code = &p.code;
    n > 0
        && code.len() >= n + 2
        && code[..n]
            .iter()
            .all(|op| matches!(op, Op::LoadCapture { .. }))
        && matches!(code[n], Op::Call { .. } | Op::CallClosure { .. })
        && matches!(code[n + 1], Op::Return { a: 0, n: 0 })
        && !p.name.contains(".func")
}

/// A pc's function, file and line (see `profiling.rs`).
fn symbolize(prog: &Program, pc: u64) -> Option<proto::Symbol> {
    let p = prog.protos.get((pc >> 32) as usize)?;
    let line = p
        .lines
        .get((pc & 0xffff_ffff) as usize)
        .copied()
        .unwrap_or(0);
    Some((p.name.clone(), p.file.to_string(), i64::from(line)))
}

fn now_nanos() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as i64)
}

fn main_file(prog: &Program) -> String {
    prog.args.first().cloned().unwrap_or_default()
}

fn ints(cx: &NativeCtx<'_, '_>, i: usize) -> Vec<u64> {
    cx.elems(i).iter().map(heap::load).collect()
}

fn strs(cx: &NativeCtx<'_, '_>, i: usize) -> Vec<String> {
    cx.elems(i)
        .iter()
        .map(|s| String::from_utf8_lossy(heap::str_bytes(heap::load(s))).into_owned())
        .collect()
}

fn str_slice(ss: &[String]) -> Word {
    let ws: Vec<Word> = ss.iter().map(|s| heap::new_str(s.as_bytes())).collect();
    slice_of(&ws)
}

/// `encodeCount(name, counts, lens, pcs, nlabels, labels)`: a count
/// profile (goroutine, threadcreate, custom) as profile.proto.
fn encode_count(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let name = String::from_utf8_lossy(cx.str(0)).into_owned();
    let (counts, lens, pcs, nlabels, labels) = (
        ints(cx, 1),
        ints(cx, 2),
        ints(cx, 3),
        ints(cx, 4),
        strs(cx, 5),
    );
    let prog = cx.prog;
    let h = Header {
        sample_types: &[(&name, "count")],
        period_type: (&name, "count"),
        period: 1,
        time_nanos: 0,
        duration_nanos: 0,
        default_sample_type: "",
    };
    let mut b = Builder::new(&h, |pc| symbolize(prog, pc));
    let (mut at, mut lat) = (0, 0);
    for (i, &c) in counts.iter().enumerate() {
        let n = lens.get(i).copied().unwrap_or(0) as usize;
        let stack = clean(prog, &pcs[at..at + n]);
        at += n;
        let nl = nlabels.get(i).copied().unwrap_or(0) as i64;
        let mut ls = Vec::new();
        for _ in 0..nl.max(0) {
            ls.push((
                labels[lat].as_str(),
                LabelValue::Str(labels[lat + 1].as_str()),
            ));
            lat += 2;
        }
        b.sample(stack, &[c as i64], &ls);
    }
    let out = b.finish(&main_file(prog));
    cx.ret(0, byte_slice(&out))
}

/// `heapRecords()`: per bucket, (allocs, alloc bytes, frees, free bytes,
/// size), its stack length, and the stacks' pcs.
fn heap_records(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let recs = minigo_gc::memprof::records();
    let mut vals = Vec::new();
    let mut lens = Vec::new();
    let mut pcs = Vec::new();
    for r in &recs {
        let c = r.counts;
        vals.extend([c.allocs, c.alloc_bytes, c.frees, c.free_bytes, r.size]);
        let stack = clean(cx.prog, &r.stack);
        lens.push(stack.len() as u64);
        pcs.extend_from_slice(stack);
    }
    cx.ret(0, slice_of(&vals))?;
    cx.ret(1, slice_of(&lens))?;
    cx.ret(2, slice_of(&pcs))
}

/// The heap profile as profile.proto (Go's `writeHeapProto`).
fn encode_heap(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let default = String::from_utf8_lossy(cx.str(0)).into_owned();
    let recs = minigo_gc::memprof::records();
    let rate = minigo_gc::memprof::rate();
    let prog = cx.prog;
    let h = Header {
        sample_types: &[
            ("alloc_objects", "count"),
            ("alloc_space", "bytes"),
            ("inuse_objects", "count"),
            ("inuse_space", "bytes"),
        ],
        period_type: ("space", "bytes"),
        period: rate,
        time_nanos: now_nanos(),
        duration_nanos: 0,
        default_sample_type: &default,
    };
    let mut b = Builder::new(&h, |pc| symbolize(prog, pc));
    for r in &recs {
        let c = r.counts;
        let (ao, ab) = proto::scale_heap_sample(c.allocs as i64, c.alloc_bytes as i64, rate);
        let (io, ib) = proto::scale_heap_sample(
            (c.allocs - c.frees) as i64,
            (c.alloc_bytes - c.free_bytes) as i64,
            rate,
        );
        let mut labels = Vec::new();
        if r.size > 0 {
            labels.push(("bytes", LabelValue::Num(r.size as i64, "")));
        }
        b.sample(clean(prog, &r.stack), &[ao, ab, io, ib], &labels);
    }
    let out = b.finish(&main_file(prog));
    cx.ret(0, byte_slice(&out))
}

fn contention(mutex: bool) -> Vec<profiling::ContentionRecord> {
    let mut recs = if mutex {
        profiling::mutex_records()
    } else {
        profiling::block_records()
    };
    recs.sort_by_key(|r| std::cmp::Reverse(r.nanos));
    recs
}

fn contention_records(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let mutex = cx.bool(0);
    let recs = contention(mutex);
    let counts: Vec<u64> = recs.iter().map(|r| r.count as u64).collect();
    let nanos: Vec<u64> = recs.iter().map(|r| r.nanos as u64).collect();
    let prog = cx.prog;
    let lens: Vec<u64> = recs
        .iter()
        .map(|r| clean(prog, &r.stack).len() as u64)
        .collect();
    let pcs: Vec<u64> = recs
        .iter()
        .flat_map(|r| clean(prog, &r.stack).iter().copied())
        .collect();
    let fraction = profiling::mutex_profile_fraction();
    cx.ret(0, slice_of(&counts))?;
    cx.ret(1, slice_of(&nanos))?;
    cx.ret(2, slice_of(&lens))?;
    cx.ret(3, slice_of(&pcs))?;
    cx.ret_int(4, fraction)
}

/// The block or mutex profile as profile.proto (Go's
/// `printCountCycleProfile`).
fn encode_contention(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let recs = contention(cx.bool(0));
    let prog = cx.prog;
    let h = Header {
        sample_types: &[("contentions", "count"), ("delay", "nanoseconds")],
        period_type: ("contentions", "count"),
        period: 1,
        time_nanos: 0,
        duration_nanos: 0,
        default_sample_type: "",
    };
    let mut b = Builder::new(&h, |pc| symbolize(prog, pc));
    for r in &recs {
        b.sample(clean(prog, &r.stack), &[r.count, r.nanos], &[]);
    }
    let out = b.finish(&main_file(prog));
    cx.ret(0, byte_slice(&out))
}

/// When the CPU profile started (Unix nanoseconds).
static CPU_START: AtomicU64 = AtomicU64::new(0);

/// The CPU profile as profile.proto (what Go's `profileWriter` builds).
pub fn encode_cpu(prog: &Program, p: &profiling::CpuProfile, start_nanos: i64) -> Vec<u8> {
    let hz = i64::from(p.hz.max(1));
    let period = 1_000_000_000 / hz;
    let h = Header {
        sample_types: &[("samples", "count"), ("cpu", "nanoseconds")],
        period_type: ("cpu", "nanoseconds"),
        period,
        time_nanos: start_nanos,
        duration_nanos: p.duration_ns as i64,
        default_sample_type: "",
    };
    let mut b = Builder::new(&h, |pc| symbolize(prog, pc));
    for s in &p.samples {
        let labels: Vec<(&str, LabelValue<'_>)> = s
            .labels
            .iter()
            .flat_map(|l| l.iter())
            .map(|(k, v)| (k.as_str(), LabelValue::Str(v.as_str())))
            .collect();
        let n = s.count as i64;
        b.sample(clean(prog, &s.stack), &[n, n * period], &labels);
    }
    b.finish(&main_file(prog))
}

/// `goroutineStacks()`: every goroutine's stack and labels (nlabels -1:
/// none), the calling one's as it is now.
fn goroutine_stacks(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let me = cx.g.id;
    let mut lens = Vec::new();
    let mut pcs = Vec::new();
    let mut nlabels = Vec::new();
    let mut labels = Vec::new();
    for gs in cx.rt.goroutine_stacks() {
        let (stack, ls) = if gs.goid == me {
            let ls =
                profiling::goroutine_labels(cx.g).map(|l| l.iter().cloned().collect::<Vec<_>>());
            (clean(cx.prog, &cx.g.callers(0)).to_vec(), ls)
        } else {
            match gs.stack {
                Some((s, l)) => (s, (!l.is_empty()).then_some(l)),
                None => (Vec::new(), None),
            }
        };
        lens.push(stack.len() as u64);
        pcs.extend(stack);
        match ls {
            Some(l) => {
                nlabels.push(l.len() as u64);
                for (k, v) in l {
                    labels.push(k);
                    labels.push(v);
                }
            }
            None => nlabels.push(-1i64 as u64),
        }
    }
    cx.ret(0, slice_of(&lens))?;
    cx.ret(1, slice_of(&pcs))?;
    cx.ret(2, slice_of(&nlabels))?;
    cx.ret(3, str_slice(&labels))
}

/// `goroutineDump()`: every goroutine in Go's traceback format
/// (`runtime.Stack(buf, true)`), the calling one first.
fn goroutine_dump(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    use std::fmt::Write;
    let me = cx.g.id;
    let mine: Vec<(String, String)> = profiling::goroutine_labels(cx.g)
        .map(|l| l.iter().cloned().collect())
        .unwrap_or_default();
    let mut out = String::new();
    let _ = write!(
        out,
        "goroutine {me} [running]{}:\n{}",
        traceback_labels(&mine),
        cx.g.parked_trace()
    );
    for gs in cx.rt.goroutine_stacks() {
        if gs.goid == me {
            continue;
        }
        let labels = gs
            .stack
            .as_ref()
            .map_or(String::new(), |s| traceback_labels(&s.1));
        let st = &gs.state;
        let _ = write!(
            out,
            "\ngoroutine {} [{}]{labels}:\n{}",
            st.goid, st.state, st.traceback
        );
    }
    cx.ret(0, byte_slice(out.as_bytes()))
}

/// Go 1.27's labels in a traceback's goroutine header (` {k: v, ...}`),
/// quoted only where a key or value needs it.
pub(crate) fn traceback_labels(labels: &[(String, String)]) -> String {
    if labels.is_empty() {
        return String::new();
    }
    let q = |s: &str| {
        let plain = s
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '/' | '_'));
        if plain {
            s.to_string()
        } else {
            format!("{s:?}")
        }
    };
    let items: Vec<String> = labels
        .iter()
        .map(|(k, v)| format!("{}: {}", q(k), q(v)))
        .collect();
    format!(" {{{}}}", items.join(", "))
}

fn thread_count() -> i64 {
    std::fs::read_dir("/proc/self/task").map_or(1, |d| d.count() as i64)
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "pprof.lostProfileEventPC" => |cx| cx.ret(0, 0),
        "pprof.encodeCount" => encode_count,
        "pprof.encodeHeap" => encode_heap,
        "pprof.heapRecords" => heap_records,
        "pprof.threadCount" => |cx| cx.ret_int(0, thread_count()),
        "pprof.goroutineDump" => goroutine_dump,
        "pprof.goroutineStacks" => goroutine_stacks,
        "pprof.contentionCounts" => |cx| {
            let n = contention(cx.bool(0)).len();
            cx.ret(0, slice_of(&vec![1; n]))
        },
        "pprof.contentionRecords" => contention_records,
        "pprof.encodeContention" => encode_contention,
        "pprof.startCPU" => |cx| {
            let hz = u32::try_from(cx.int(0)).unwrap_or(100);
            CPU_START.store(now_nanos() as u64, Relaxed);
            // False only if a profile is being taken already, which the
            // Go side has ruled out.
            let _ = profiling::cpu_profile_start(hz);
            Ok(())
        },
        "pprof.stopCPU" => |cx| {
            let p = profiling::cpu_profile_stop();
            let out = encode_cpu(cx.prog, &p, CPU_START.load(Relaxed) as i64);
            cx.ret(0, byte_slice(&out))
        },
        "pprof.setGoroutineLabels" => |cx| {
            let labels = if cx.bool(0) {
                let kv = strs(cx, 1);
                let pairs: Vec<(String, String)> = kv
                    .chunks(2)
                    .map(|c| (c[0].clone(), c.get(1).cloned().unwrap_or_default()))
                    .collect();
                Some(Arc::new(pairs))
            } else {
                None
            };
            profiling::set_goroutine_labels(cx.g, labels);
            Ok(())
        },
        _ => return None,
    })
}
