//! `runtime.SetFinalizer`: objects with a finalizer, and the queue of
//! finalizers ready to run.
//!
//! As in Go: the finalizer function (and what it captures) is a root, the
//! object is not. When a collection finds a registered object unreachable
//! it takes the entry out, *resurrects* the object (marks it and everything
//! it reaches, so it survives this cycle) and queues `finalizer(arg)`; the
//! VM runs queued finalizers one at a time on a goroutine. If the
//! finalizer does not store the object somewhere, the next collection
//! frees it. A cycle of finalizable objects is never collected (Go says
//! the same).
//!
//! The VM gives two words per entry: `fin`, the func value, and `arg`, the
//! value to pass (the pointer itself, or an interface holding it); `arg`
//! is resurrected with the object, never a root while the entry waits.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Mutex;

use mmtk::scheduler::GCWorker;
use mmtk::util::ObjectReference;
use mmtk::vm::{ObjectTracer, ObjectTracerContext};

use crate::Go;

/// A registration: the finalizer function and the value to pass it.
#[derive(Clone, Copy)]
struct Entry {
    fin: u64,
    arg: u64,
}

/// Registered objects (by reference address): set and clear are O(1), a
/// program may register millions.
static REGISTERED: Mutex<Option<HashMap<usize, Entry>>> = Mutex::new(None);
/// Finalizers to run: (fin, arg), oldest first.
static READY: Mutex<std::collections::VecDeque<(u64, u64)>> =
    Mutex::new(std::collections::VecDeque::new());
/// Set when a collection queued finalizers (a cheap check for the VM).
static ANY_READY: AtomicBool = AtomicBool::new(false);

/// Why [`set`] refused.
#[derive(Debug, PartialEq, Eq)]
pub enum SetError {
    /// Not a heap object (a global, a constant): Go ignores these.
    NotHeap,
    /// Inside an object, not at its start.
    NotAtStart,
}

/// Sets (replacing any) the finalizer of the object `ptr` points at.
pub fn set(ptr: u64, fin: u64, arg: u64) -> Result<(), SetError> {
    let obj = object_at(ptr)?;
    REGISTERED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_or_insert_with(HashMap::new)
        .insert(addr(obj), Entry { fin, arg });
    Ok(())
}

/// `runtime.SetFinalizer(obj, nil)`: removes the object's finalizer.
pub fn clear(ptr: u64) -> Result<(), SetError> {
    let obj = object_at(ptr)?;
    if let Some(r) = REGISTERED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_mut()
    {
        r.remove(&addr(obj));
    }
    Ok(())
}

fn addr(o: ObjectReference) -> usize {
    o.to_raw_address().as_usize()
}

fn reference(a: usize) -> ObjectReference {
    // SAFETY: a registered object's reference, non-zero.
    unsafe { ObjectReference::from_raw_address_unchecked(mmtk::util::Address::from_usize(a)) }
}

fn object_at(ptr: u64) -> Result<ObjectReference, SetError> {
    let o = crate::resolve_word(ptr).ok_or(SetError::NotHeap)?;
    if o.to_raw_address().as_usize() as u64 != ptr {
        return Err(SetError::NotAtStart);
    }
    Ok(o)
}

/// The next finalizer to run, if a collection queued one.
pub fn take_ready() -> Option<(u64, u64)> {
    if !ANY_READY.load(Relaxed) {
        return None;
    }
    let mut q = READY.lock().unwrap_or_else(|e| e.into_inner());
    let next = q.pop_front();
    if q.is_empty() {
        ANY_READY.store(false, Relaxed);
    }
    next
}

/// Roots: every registered finalizer function, every queued call.
pub(crate) fn for_each_root(mut f: impl FnMut(u64)) {
    if let Some(r) = REGISTERED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
    {
        for e in r.values() {
            f(e.fin)
        }
    }
    for &(fin, arg) in READY.lock().unwrap_or_else(|e| e.into_inner()).iter() {
        f(fin);
        f(arg);
    }
}

/// After the transitive closure: queues the finalizers of unreachable
/// objects and resurrects those objects. Returns whether it resurrected
/// any (the closure must then run again before anything is swept).
pub(crate) fn scan_unreachable(
    worker: &mut GCWorker<Go>,
    tracer_context: impl ObjectTracerContext<Go>,
) -> bool {
    let dead: Vec<(usize, Entry)> = {
        let mut g = REGISTERED.lock().unwrap_or_else(|e| e.into_inner());
        let Some(r) = g.as_mut() else { return false };
        let dead: Vec<(usize, Entry)> = r
            .iter()
            .filter(|(&o, _)| !reference(o).is_reachable())
            .map(|(&o, &e)| (o, e))
            .collect();
        for (o, _) in &dead {
            r.remove(o);
        }
        dead
    };
    if dead.is_empty() {
        return false;
    }
    tracer_context.with_tracer(worker, |tracer| {
        for (o, e) in &dead {
            tracer.trace_object(reference(*o));
            if let Some(o) = crate::resolve_word(e.arg) {
                tracer.trace_object(o);
            }
            if let Some(o) = crate::resolve_word(e.fin) {
                tracer.trace_object(o);
            }
        }
    });
    let mut q = READY.lock().unwrap_or_else(|e| e.into_inner());
    q.extend(dead.into_iter().map(|(_, e)| (e.fin, e.arg)));
    ANY_READY.store(true, Relaxed);
    true
}
