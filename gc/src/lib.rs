//! minigo's garbage collector: an MMTk binding.
//!
//! This crate owns the heap's memory: the object layout the collector reads
//! ([`layout`]), allocation on the running P's MMTk mutator ([`alloc`]),
//! Rust-owned values behind heap handles ([`native`]), the MMTk traits (one
//! file each, as mmtk-core's dummyvm has them), GOGC/GOMEMLIMIT pacing
//! ([`trigger`]) and the statistics behind `runtime.ReadMemStats` and
//! `GODEBUG=gctrace=1` ([`stats`]).
//!
//! # The collector
//! Non-moving Immix (`immix_non_moving`): objects never move, so a word is
//! an address for the object's whole life, registers can be scanned
//! conservatively and Rust code may hold `&` views of objects between safe
//! points. Collections stop the world at the scheduler's safe points
//! ([`collection`]); marking runs on MMTk's worker threads.
//!
//! # What the VM must do
//! - call [`init`] before the first allocation (allocation calls it lazily
//!   too) and [`enable`] once its roots can be scanned: no collection
//!   happens before, so load-time and unit-test allocations are safe;
//! - report every root through the [`Roots`] it registers;
//! - never hold a heap word only in a Rust local across a safe point (a
//!   call or back-edge where the goroutine may stop for a GC), a syscall or
//!   a call back into Go: such a word must be in a scanned place.

pub mod active_plan;
pub mod alloc;
pub mod big;
pub mod collection;
pub mod finalizer;
pub mod layout;
pub mod memprof;
pub mod native;
pub mod object_model;
pub mod reference_glue;
pub mod scanning;
pub mod scavenge;
pub mod stats;
pub mod trigger;

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::OnceLock;

use mmtk::util::options::{GCTriggerSelector, PlanSelector};
use mmtk::util::{Address, ObjectReference};
use mmtk::vm::VMBinding;
use mmtk::{memory_manager, MMTKBuilder, MMTK};

pub use alloc::{alloc_bytes, alloc_scalar_words, alloc_words, release_temp_roots};
pub use native::{alloc_native, GcNative};
pub use stats::MemStats;

#[derive(Default)]
pub struct Go;

impl VMBinding for Go {
    type VMObjectModel = object_model::GoObjectModel;
    type VMScanning = scanning::GoScanning;
    type VMCollection = collection::GoCollection;
    type VMActivePlan = active_plan::GoActivePlan;
    type VMReferenceGlue = reference_glue::GoReferenceGlue;
    type VMSlot = mmtk::vm::slot::SimpleSlot;
    type VMMemorySlice = mmtk::vm::slot::UnimplementedMemorySlice;
}

static MMTK_SINGLETON: OnceLock<Box<MMTK<Go>>> = OnceLock::new();

/// The heap's address range, for the cheap filter before the VO bits.
static HEAP_LO: AtomicUsize = AtomicUsize::new(usize::MAX);
static HEAP_HI: AtomicUsize = AtomicUsize::new(0);

/// The MMTk instance, made on first use.
#[inline(always)]
pub fn mmtk() -> &'static MMTK<Go> {
    match MMTK_SINGLETON.get() {
        Some(m) => m,
        None => init(),
    }
}

/// Every root the VM knows: each word is resolved conservatively (a word
/// that points at or into a heap object keeps that object alive; anything
/// else is ignored). Called on a GC worker while the world is stopped.
pub trait Roots: Send + Sync {
    fn scan(&self, f: &mut dyn FnMut(u64));
}

static ROOTS: OnceLock<(&'static dyn Roots, minigo_runtime::Runtime)> = OnceLock::new();

/// Makes the collector live: from now on an allocation over the goal
/// starts a collection that stops `rt`'s Ps and scans `roots`.
pub fn enable(roots: &'static dyn Roots, rt: minigo_runtime::Runtime) {
    mmtk();
    if ROOTS.set((roots, rt)).is_ok() {
        trigger::set_enabled(true);
    }
}

pub(crate) fn roots() -> Option<&'static (&'static dyn Roots, minigo_runtime::Runtime)> {
    ROOTS.get()
}

/// Is the collector enabled (see [`enable`])?
pub fn enabled() -> bool {
    ROOTS.get().is_some()
}

/// Creates the MMTk instance. The heap's address range is sized from
/// `RLIMIT_AS` (see [`vm_layout`]); the plan is non-moving Immix.
#[cold]
pub fn init() -> &'static MMTK<Go> {
    static INIT: std::sync::Once = std::sync::Once::new();
    INIT.call_once(|| {
        let mut b = MMTKBuilder::new_no_env_vars();
        b.set_vm_layout(vm_layout());
        b.options.plan.set(PlanSelector::Immix);
        b.options.gc_trigger.set(GCTriggerSelector::Delegated);
        // runtime.GC() is a full collection in Go.
        b.options.full_heap_system_gc.set(true);
        let threads = std::env::var("MINIGO_GCTHREADS")
            .ok()
            .and_then(|s| s.parse::<usize>().ok())
            .filter(|&n| n >= 1)
            .unwrap_or_else(|| {
                std::thread::available_parallelism()
                    .map(|n| n.get())
                    .unwrap_or(1)
                    .min(8)
            });
        b.options.threads.set(threads);
        let m = memory_manager::mmtk_init::<Go>(&b);
        assert!(
            !m.get_plan().constraints().moves_objects,
            "minigo needs a non-moving plan"
        );
        let _ = MMTK_SINGLETON.set(m);
        let (lo, hi) = (
            memory_manager::starting_heap_address().as_usize(),
            memory_manager::last_heap_address().as_usize(),
        );
        layout::init_side(lo, hi);
        HEAP_LO.store(lo, Relaxed);
        HEAP_HI.store(hi, Relaxed);
        memory_manager::initialize_collection(
            MMTK_SINGLETON.get().unwrap(),
            mmtk::util::opaque_pointer::VMThread::UNINITIALIZED,
        );
    });
    MMTK_SINGLETON.get().expect("mmtk init")
}

/// Where the heap lives. MMTk maps its spaces lazily at fixed addresses
/// (and fails if something else got there first), so the heap must be
/// where nothing else maps:
/// - unlimited: 8 contiguous spaces of 4 TiB from 32 TiB. MMTk's default
///   starts at 2 TiB, which is where mimalloc (the Rust-side allocator)
///   puts its hinted segments (2-30 TiB, in practice just above a random
///   point in 2-6 TiB): the two collided.
/// - under a `ulimit -v`, huge spaces are impossible: spaces of
///   `2^n >= limit` bytes, space `i` at `[i, i+1) << n` (i < 16), below
///   mimalloc's range. Measured on 0.32: this starts under 2, 3 and 6 GB
///   limits and ends out-of-memory programs in our handler
///   (docs/design/gc-mmtk.md §8).
fn vm_layout() -> mmtk::util::heap::vm_layout::VMLayout {
    let mut rl = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct we pass.
    let limited = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut rl) } == 0
        && rl.rlim_cur != libc::RLIM_INFINITY;
    let (n, first) = if limited {
        let limit = rl.rlim_cur as usize;
        alloc::set_limit(limit);
        let n = (usize::BITS - limit.max(1 << 30).saturating_sub(1).leading_zeros()) as usize;
        (n.clamp(31, 36), 1)
    } else {
        (42, 8)
    };
    // MMTk's space map takes the space index from the 4 bits above the
    // extent: every space starts below `16 << n`.
    // SAFETY: in-range, chunk-aligned constants.
    let (start, end) = unsafe {
        (
            Address::from_usize(first << n),
            Address::from_usize(16 << n),
        )
    };
    mmtk::util::heap::vm_layout::VMLayout {
        log_address_space: if limited { n + 5 } else { 47 },
        heap_start: start,
        heap_end: end,
        log_space_extent: n,
        force_use_contiguous_spaces: true,
    }
}

/// LOS objects are searched page by page: allow interior pointers up to
/// 1 GiB into an array.
const MAX_INTERIOR_SEARCH: usize = 1 << 30;

/// The object a word points at or into, if it is a heap object.
#[inline]
pub fn resolve(w: u64) -> Option<ObjectReference> {
    let a = w as usize;
    if a < HEAP_LO.load(Relaxed) || a >= HEAP_HI.load(Relaxed) {
        return None;
    }
    // SAFETY: non-zero (the heap does not start at 0).
    let addr = unsafe { Address::from_usize(a) };
    if !memory_manager::is_mapped_address(addr) {
        return None;
    }
    if a & 7 == 0 {
        match alloc::vo_bit(a) {
            // SAFETY: a live object's reference (its VO bit is set).
            Some(true) => {
                return Some(unsafe { ObjectReference::from_raw_address_unchecked(addr) })
            }
            Some(false) => {}
            None => {
                if let Some(o) = memory_manager::is_mmtk_object(addr) {
                    return Some(o);
                }
            }
        }
    }
    memory_manager::find_object_from_internal_pointer(addr, MAX_INTERIOR_SEARCH)
}

/// A word's address bits. The VM keeps other things above them: a
/// string's length, a packed slice's length and capacity, the tag of a
/// pointer to a narrow array element.
pub const ADDR_MASK: u64 = (1 << 48) - 1;

/// What a scanned word keeps alive: the heap object it points at or into,
/// or the handle of the big mapping it points into ([`big`]). Only the
/// word's address bits ([`ADDR_MASK`]) count: a packed string word holds
/// its length above them, a pointer to a narrow element its tag.
#[inline]
pub fn resolve_word(w: u64) -> Option<ObjectReference> {
    let w = w & ADDR_MASK;
    if in_heap_range(w) {
        resolve(w)
    } else {
        big::lookup(w)
    }
}

/// Is `w` inside the heap's address range (a cheap test, no VO bits)?
#[inline(always)]
pub fn in_heap_range(w: u64) -> bool {
    let a = w as usize;
    a >= HEAP_LO.load(Relaxed) && a < HEAP_HI.load(Relaxed)
}

/// `runtime.GC()`: a full collection; returns when it is done. The caller
/// must be a goroutine whose roots are published (see the VM's docs).
pub fn collect() {
    if !enabled() {
        return;
    }
    collection::user_collect();
}

/// The payload of the heap object that address `a` points at or into:
/// its start, its length in bytes (exact for [`layout::K_BYTES`]) and its
/// kind; `None` outside the heap (big mappings included). `unsafe`'s
/// natives check with it that pointer arithmetic stays inside one object.
/// The caller must be at no safe point (no collection runs meanwhile).
pub fn object_extent(a: u64) -> Option<(usize, usize, u64)> {
    let o = resolve(a & ADDR_MASK)?;
    let r = o.to_raw_address().as_usize();
    // SAFETY: `resolve` found a live object this crate allocated, whose
    // reference is `r`.
    let h = unsafe { layout::desc_of(r) };
    let k = layout::kind(h);
    let n = if k == layout::K_BYTES {
        layout::len(h)
    } else {
        layout::len(h) * 8
    };
    Some((r, n, k))
}
