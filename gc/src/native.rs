//! Rust values owned by the heap: maps, channels, sync objects, map
//! iterators. Their memory outside the heap (a map's table, a channel's
//! buffer) is Rust's; the heap object is their handle.
//!
//! Payload: the value `T` (at the reference, so a word can be turned back
//! into `&T` directly), then two words: `T`'s trace and drop functions.
//! Every native is also in a table; after marking, a native that was not
//! reached is dropped (`Scanning::process_weak_refs`), before Immix sweeps
//! its memory.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;

use mmtk::util::{Address, ObjectReference};

use crate::layout::{self, K_NATIVE};

/// A Rust value the heap owns. `trace` reports every word the value holds
/// that may refer to a heap object (conservatively: any word is fine).
/// It runs on a GC worker while the world is stopped; a lock the value's
/// methods take is free then, because no goroutine stops inside them.
pub trait GcNative: Send + Sync + 'static {
    fn trace(&self, f: &mut dyn FnMut(u64));
}

type TraceFn = unsafe fn(usize, &mut dyn FnMut(u64));
type DropFn = unsafe fn(usize);

/// # Safety: `r` is a live native object of type `T`.
unsafe fn trace_as<T: GcNative>(r: usize, f: &mut dyn FnMut(u64)) {
    // SAFETY: the caller's promise.
    unsafe { &*(r as *const T) }.trace(f)
}

/// # Safety: `r` is a native object of type `T` that nobody can reach.
unsafe fn drop_as<T: GcNative>(r: usize) {
    // SAFETY: the caller's promise; the value is dropped once (it leaves
    // the table first).
    unsafe { std::ptr::drop_in_place(r as *mut T) }
}

/// Natives alive (reference addresses), for the sweep.
static NATIVES: Mutex<Vec<usize>> = Mutex::new(Vec::new());
/// Natives dropped so far (tests and statistics).
pub static NATIVES_FREED: AtomicU64 = AtomicU64::new(0);

fn words_of<T>() -> usize {
    std::mem::size_of::<T>().div_ceil(8)
}

/// Moves `v` into the heap; returns its reference (the address of the `T`).
pub fn alloc_native<T: GcNative>(v: T) -> usize {
    const { assert!(std::mem::align_of::<T>() <= 8) };
    let n = words_of::<T>();
    let r = crate::alloc::alloc_desc(layout::desc(K_NATIVE, n + 2));
    // SAFETY: a fresh object of n + 2 words, 8-aligned, ours alone.
    unsafe {
        std::ptr::write(r as *mut T, v);
        let tail = (r + n * 8) as *mut usize;
        *tail = trace_as::<T> as TraceFn as usize;
        *tail.add(1) = drop_as::<T> as DropFn as usize;
    }
    NATIVES.lock().unwrap_or_else(|e| e.into_inner()).push(r);
    r
}

fn fns(r: usize) -> (TraceFn, DropFn) {
    // SAFETY: `r` is a live native: its descriptor says how many words it has,
    // and the last two are the functions `alloc_native` stored.
    unsafe {
        let n = layout::len(layout::desc_of(r));
        let tail = (r + (n - 2) * 8) as *const usize;
        (
            std::mem::transmute::<usize, TraceFn>(*tail),
            std::mem::transmute::<usize, DropFn>(*tail.add(1)),
        )
    }
}

/// Reports the words native `r` holds.
pub(crate) fn trace(r: usize, f: &mut dyn FnMut(u64)) {
    let (t, _) = fns(r);
    // SAFETY: `r` is live (MMTk is scanning it).
    unsafe { t(r, f) }
}

/// After marking: drops every native that was not reached.
pub(crate) fn sweep() {
    let mut dead = Vec::new();
    NATIVES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|&r| {
            // SAFETY: a native's reference, non-zero.
            let o = unsafe { ObjectReference::from_raw_address_unchecked(Address::from_usize(r)) };
            if o.is_reachable() {
                true
            } else {
                dead.push(r);
                false
            }
        });
    for r in dead {
        let (_, d) = fns(r);
        // SAFETY: unreachable now and out of the table: dropped once.
        unsafe { d(r) };
        NATIVES_FREED.fetch_add(1, Relaxed);
    }
}
