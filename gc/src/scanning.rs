//! Tracing. Objects are scanned by their descriptor (`layout`): [`K_WORDS`] slots
//! conservatively, natives through their `GcNative::trace`, bytes never.
//! Roots come from the VM's [`Roots`](crate::Roots), conservatively too.
//! Everything is reported as nodes (object references), never as slots:
//! a slot may hold an interior pointer, and nothing moves.
//!
//! [`K_WORDS`]: crate::layout::K_WORDS

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use mmtk::scheduler::GCWorker;
use mmtk::util::opaque_pointer::VMWorkerThread;
use mmtk::util::ObjectReference;
use mmtk::vm::slot::SimpleSlot;
use mmtk::vm::{ObjectTracer, ObjectTracerContext, RootsWorkFactory, Scanning, SlotVisitor};
use mmtk::Mutator;

use crate::{layout, native, resolve, resolve_word, Go};

pub struct GoScanning;

/// Root nodes are handed to MMTk in packets of this many.
const ROOT_CHUNK: usize = 4096;

/// Links of a chain one scan follows (see `scan_object_and_trace_edges`).
/// MMTk's packet size: a chain fills one packet per scan.
const CHAIN_MAX: usize = 4096;
/// The largest object (header included) a chain's link may be.
const CHAIN_OBJECT_MAX: usize = 256;

/// Roots found by the last collection (tests and gctrace).
pub static LAST_ROOTS: AtomicU64 = AtomicU64::new(0);

fn flush(nodes: &mut Vec<ObjectReference>, factory: &mut impl RootsWorkFactory<SimpleSlot>) {
    if !nodes.is_empty() {
        // Pinning roots: the right call for conservative roots in any plan
        // (in a non-moving plan it is the same as a plain root).
        factory.create_process_pinning_roots_work(std::mem::take(nodes));
    }
}

/// Calls `f` for each object that object `r` refers to; `count`: this is
/// the object's one counted scan in this collection (for MemStats).
#[inline]
fn for_each_ref(r: usize, count: bool, mut f: impl FnMut(ObjectReference)) {
    // SAFETY: MMTk asks us to scan live objects only.
    let h = unsafe { layout::desc_of(r) };
    if count {
        crate::stats::marked(layout::payload_bytes(h));
    }
    match layout::kind(h) {
        layout::K_WORDS => {
            let n = layout::len(h);
            // SAFETY: a words object has `n` slots after its reference; the
            // world is stopped, so nobody writes them now.
            let words = unsafe { std::slice::from_raw_parts(r as *const u64, n) };
            for &w in words {
                if let Some(o) = resolve_word(w) {
                    f(o)
                }
            }
        }
        layout::K_NATIVE => native::trace(r, &mut |w| {
            if let Some(o) = resolve_word(w) {
                f(o)
            }
        }),
        layout::K_BYTES | layout::K_SCALARS => {}
        k => unreachable!("minigo-gc: bad object kind {k} at {r:#x}"),
    }
}

/// Starts loading the payload and the descriptor of an object that is
/// about to be queued for scanning. Marking is bound by memory latency:
/// nearly all of a scan's time went into the object's cache miss. The
/// object is scanned a few thousand objects later (it waits in MMTk's
/// work packet), by when the lines are in cache.
#[inline(always)]
fn prefetch_object(o: ObjectReference) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let r = o.to_raw_address().as_usize();
        // SAFETY: a prefetch is a hint; it never faults, whatever the
        // address (and these are a live object's and its side byte).
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(r as *const i8);
            _mm_prefetch::<_MM_HINT_T0>(layout::side_addr(r) as *const i8);
        };
    }
}

impl Scanning<Go> for GoScanning {
    fn support_slot_enqueuing(_tls: VMWorkerThread, _object: ObjectReference) -> bool {
        false
    }

    fn scan_object<SV: SlotVisitor<SimpleSlot>>(
        _tls: VMWorkerThread,
        _object: ObjectReference,
        _slot_visitor: &mut SV,
    ) {
        unreachable!("slot enqueuing is off")
    }

    /// Scans `object` and traces what it refers to. A chain (an object
    /// whose only reference is to an object not yet marked: a linked
    /// list) is followed here, up to [`CHAIN_MAX`] links: MMTk would
    /// otherwise make one work packet per link, since each scan finds one
    /// new object, and a 2.4M-node list took 1.5 s to mark. The links
    /// followed are also queued as usual and scanned again from their
    /// packet (which finds nothing new until the chain's end), so this
    /// costs a second scan of each link (at most [`CHAIN_OBJECT_MAX`]
    /// bytes) and saves a packet per link.
    fn scan_object_and_trace_edges<OT: ObjectTracer>(
        _tls: VMWorkerThread,
        object: ObjectReference,
        tracer: &mut OT,
    ) {
        let mut r = object.to_raw_address().as_usize();
        let mut count = true;
        for _ in 0..CHAIN_MAX {
            let mut refs = 0usize;
            let mut first = None;
            for_each_ref(r, count, |o| {
                refs += 1;
                prefetch_object(o);
                if refs == 1 {
                    // Held back: if it stays the only one, it may be a link.
                    first = Some(o);
                    return;
                }
                if let Some(f) = first.take() {
                    tracer.trace_object(f);
                }
                // Non-moving: the object stays where it is.
                tracer.trace_object(o);
            });
            let Some(next) = first else { return };
            let fresh = !mmtk::memory_manager::is_live_object(next);
            tracer.trace_object(next);
            // A big object (the array behind a slice header) is not a link:
            // scanning it twice would cost more than its one packet.
            // SAFETY: `next` is a live object (it was just traced).
            if !fresh
                || layout::payload_bytes(unsafe {
                    layout::desc_of(next.to_raw_address().as_usize())
                }) > CHAIN_OBJECT_MAX
            {
                return;
            }
            r = next.to_raw_address().as_usize();
            count = false;
        }
    }

    fn notify_initial_thread_scan_complete(_partial_scan: bool, _tls: VMWorkerThread) {}

    /// Nothing per mutator: a P's running goroutine is among the VM's roots.
    fn scan_roots_in_mutator_thread(
        _tls: VMWorkerThread,
        _mutator: &'static mut Mutator<Go>,
        _factory: impl RootsWorkFactory<SimpleSlot>,
    ) {
    }

    fn scan_vm_specific_roots(
        _tls: VMWorkerThread,
        mut factory: impl RootsWorkFactory<SimpleSlot>,
    ) {
        let Some((roots, _)) = crate::roots() else {
            return;
        };
        let mut nodes = Vec::new();
        let mut total = 0u64;
        roots.scan(&mut |w| {
            if let Some(o) = resolve_word(w) {
                nodes.push(o);
                total += 1;
                if nodes.len() >= ROOT_CHUNK {
                    flush(&mut nodes, &mut factory);
                }
            }
        });
        crate::finalizer::for_each_root(|w| {
            if let Some(o) = resolve_word(w) {
                nodes.push(o);
                total += 1;
            }
        });
        crate::alloc::for_each_temp_root(|r| {
            if let Some(o) = resolve(r as u64) {
                nodes.push(o);
                total += 1;
            }
        });
        flush(&mut nodes, &mut factory);
        LAST_ROOTS.store(total, Relaxed);
    }

    fn supports_return_barrier() -> bool {
        false
    }

    fn prepare_for_roots_re_scanning() {}

    /// After the transitive closure: natives whose handle died are dropped.
    ///
    /// First, finalizable objects found unreachable are resurrected and
    /// their finalizers queued: MMTk then runs the closure again and calls
    /// back here. Natives are dropped only once nothing more is resurrected.
    fn process_weak_refs(
        worker: &mut GCWorker<Go>,
        tracer_context: impl ObjectTracerContext<Go>,
    ) -> bool {
        if crate::finalizer::scan_unreachable(worker, tracer_context) {
            return true;
        }
        crate::memprof::sweep();
        native::sweep();
        false
    }
}
