//! The heap profile's sampling (`runtime.MemProfileRate`): which
//! allocations are recorded, with the allocating goroutine's stack, and
//! which of those objects are still alive as of the last collection.
//!
//! # How it samples
//! As Go's `mallocgc`: with rate `r` bytes, the gaps between sampled bytes
//! are drawn from an exponential distribution of mean `r`, so an object
//! of `s` bytes is sampled with probability `1 - exp(-s/r)` (rate 1:
//! every object; 0: none). Each P's mutator keeps its running byte count
//! (`PGc::bytes`, which the pacer needs anyway) and the count at which
//! its next sample falls (`PGc::sample_at`): the allocation fast path pays
//! one compare-and-branch. Big mappings (`big.rs`) draw from one shared
//! countdown (they are rare and slow anyway).
//!
//! # What it records
//! A sampled object's stack comes from the VM's hook (its running
//! goroutine's pcs, innermost first); the bucket of that stack counts
//! the sampled allocations and frees. The sampled objects themselves are
//! a weak table checked after each collection's closure ([`sweep`]):
//! those found unreachable count as freed. As Go does, what the profile
//! reports is as of the last completed collection: allocations since are
//! pending until the next one ends.
//!
//! Invariants: `sample_at` is `u64::MAX` when the rate is 0; the weak
//! table holds exactly the sampled objects not yet found dead.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

use mmtk::util::{Address, ObjectReference};

use crate::alloc::PS;

/// Go's default `runtime.MemProfileRate`: 512 KiB.
pub const DEFAULT_RATE: i64 = 512 * 1024;

static RATE: AtomicI64 = AtomicI64::new(DEFAULT_RATE);
/// Where the program's `runtime.MemProfileRate` variable lives (0: not
/// registered): read at each sample and by [`sync_rate`].
static RATE_VAR: AtomicUsize = AtomicUsize::new(0);

/// The VM's hook: the running goroutine's stack (pcs, innermost first).
static STACK_HOOK: std::sync::OnceLock<fn() -> Vec<u64>> = std::sync::OnceLock::new();

/// One stack's counts (objects and bytes, as sampled: unscaled).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub allocs: u64,
    pub alloc_bytes: u64,
    pub frees: u64,
    pub free_bytes: u64,
}

/// A bucket of the heap profile as the last collection left it.
#[derive(Debug, Clone)]
pub struct Record {
    pub stack: Vec<u64>,
    /// Object size of the bucket's samples (one bucket per stack and size,
    /// as Go keys its buckets).
    pub size: u64,
    pub counts: Counts,
}

#[derive(Default)]
struct Bucket {
    stack: Vec<u64>,
    size: u64,
    published: Counts,
    pending: Counts,
}

#[derive(Default)]
struct State {
    buckets: Vec<Bucket>,
    index: HashMap<(Vec<u64>, u64), usize>,
    /// Sampled objects alive at the last look: object (or big mapping
    /// handle) → bucket.
    live: HashMap<usize, usize>,
    /// xorshift state for the sampling intervals.
    rng: u64,
    /// Bytes left before the next sampled big mapping.
    big_left: i64,
}

static STATE: Mutex<Option<State>> = Mutex::new(None);

fn with_state<T>(f: impl FnOnce(&mut State) -> T) -> T {
    let mut g = STATE.lock().unwrap_or_else(|e| e.into_inner());
    f(g.get_or_insert_with(|| State {
        rng: 0x9E37_79B9_7F4A_7C15 ^ std::process::id() as u64,
        ..State::default()
    }))
}

/// Installs the VM's stack hook (once).
pub fn set_stack_hook(f: fn() -> Vec<u64>) {
    let _ = STACK_HOOK.set(f);
}

/// Registers the address of `runtime.MemProfileRate` (a word holding an
/// int) and takes its value.
pub fn register_rate_var(addr: usize) {
    RATE_VAR.store(addr, Relaxed);
    sync_rate();
}

/// Re-reads `runtime.MemProfileRate` (a program sets it with a plain
/// assignment): a changed rate restarts every P's countdown.
pub fn sync_rate() {
    let a = RATE_VAR.load(Relaxed);
    if a == 0 {
        return;
    }
    // SAFETY: the registered variable is a global slot of the program,
    // allocated for its whole life; a racy read of a word is what Go's
    // own runtime does with MemProfileRate.
    let v = unsafe { std::ptr::read_volatile(a as *const i64) };
    set_rate(v);
}

/// The rate now in force.
pub fn rate() -> i64 {
    RATE.load(Relaxed)
}

/// Sets the rate (bytes per sample on average; 0: off; 1: every object).
pub fn set_rate(r: i64) {
    if RATE.swap(r, Relaxed) == r {
        return;
    }
    with_state(|s| {
        for p in PS.iter() {
            let at = next_at(s, r, p.bytes.load(Relaxed));
            p.sample_at.store(at, Relaxed);
        }
        s.big_left = interval(s, r);
    });
}

fn rand_unit(s: &mut State) -> f64 {
    let mut x = s.rng;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    s.rng = x;
    // In (0, 1].
    ((x >> 11) as f64 + 1.0) / (1u64 << 53) as f64
}

/// Bytes to the next sample: exponential with mean `r`.
fn interval(s: &mut State, r: i64) -> i64 {
    match r {
        i64::MIN..=0 => i64::MAX,
        1 => 0,
        _ => (-rand_unit(s).ln() * r as f64) as i64,
    }
}

fn next_at(s: &mut State, r: i64, bytes: u64) -> u64 {
    match interval(s, r) {
        i64::MAX => u64::MAX,
        n => bytes.saturating_add(n as u64),
    }
}

/// The allocation fast path found P `i`'s count past its next sample:
/// records `obj` (of `size` bytes) and draws the next sample point.
#[cold]
#[inline(never)]
pub(crate) fn sampled(i: usize, obj: usize, size: usize) {
    sync_rate();
    let r = rate();
    let bytes = PS[i].bytes.load(Relaxed);
    let stack = STACK_HOOK.get().map(|f| f()).unwrap_or_default();
    with_state(|s| {
        // A rate change since the countdown was drawn: this object was
        // counted under the old rate; record it only if still sampling.
        if r > 0 {
            record(s, stack, obj, size as u64);
        }
        let at = next_at(s, r, bytes);
        PS[i].sample_at.store(at, Relaxed);
    });
}

/// A big mapping of `len` bytes whose handle is `handle`.
pub(crate) fn big_alloc(handle: usize, len: usize) {
    sync_rate();
    let r = rate();
    if r <= 0 {
        return;
    }
    let take = with_state(|s| {
        s.big_left -= len as i64;
        if s.big_left > 0 && r != 1 {
            return false;
        }
        s.big_left = interval(s, r);
        true
    });
    if take {
        let stack = STACK_HOOK.get().map(|f| f()).unwrap_or_default();
        with_state(|s| record(s, stack, handle, len as u64));
    }
}

fn record(s: &mut State, stack: Vec<u64>, obj: usize, size: u64) {
    let key = (stack, size);
    let b = match s.index.get(&key) {
        Some(&b) => b,
        None => {
            let b = s.buckets.len();
            s.buckets.push(Bucket {
                stack: key.0.clone(),
                size,
                ..Bucket::default()
            });
            s.index.insert(key, b);
            b
        }
    };
    let c = &mut s.buckets[b].pending;
    c.allocs += 1;
    c.alloc_bytes += size;
    // A dead sampled object's address may be reused by a new one before
    // the sweep saw it die: count the old one freed now.
    if let Some(old) = s.live.insert(obj, b) {
        let ob = &mut s.buckets[old];
        ob.pending.frees += 1;
        ob.pending.free_bytes += ob.size;
    }
}

/// After a collection's closure (world stopped): sampled objects found
/// unreachable are freed, and the collection's counts are published.
pub(crate) fn sweep() {
    sync_rate();
    let mut g = STATE.lock().unwrap_or_else(|e| e.into_inner());
    let Some(s) = g.as_mut() else { return };
    let State { buckets, live, .. } = s;
    live.retain(|&o, &mut b| {
        // SAFETY: a sampled object's (or big handle's) reference, non-zero.
        let r = unsafe { ObjectReference::from_raw_address_unchecked(Address::from_usize(o)) };
        if r.is_reachable() {
            return true;
        }
        let bk = &mut buckets[b];
        bk.pending.frees += 1;
        bk.pending.free_bytes += bk.size;
        false
    });
    for b in buckets.iter_mut() {
        let (p, q) = (&mut b.published, std::mem::take(&mut b.pending));
        p.allocs += q.allocs;
        p.alloc_bytes += q.alloc_bytes;
        p.frees += q.frees;
        p.free_bytes += q.free_bytes;
    }
    PROFILE_CYCLES.fetch_add(1, Relaxed);
}

/// Collections whose counts are published (tests).
pub static PROFILE_CYCLES: AtomicU64 = AtomicU64::new(0);

/// The heap profile as of the last completed collection: buckets with
/// any sampled allocation.
pub fn records() -> Vec<Record> {
    sync_rate();
    let g = STATE.lock().unwrap_or_else(|e| e.into_inner());
    let Some(s) = g.as_ref() else {
        return Vec::new();
    };
    s.buckets
        .iter()
        .filter(|b| b.published.allocs > 0)
        .map(|b| Record {
            stack: b.stack.clone(),
            size: b.size,
            counts: b.published,
        })
        .collect()
}
