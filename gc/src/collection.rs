//! Stop the world on the scheduler's own safe points.
//!
//! A collection is requested by an allocation over the goal (it never
//! waits) or by `runtime.GC()`. MMTk's controller then calls
//! [`stop_all_mutators`](Collection::stop_all_mutators), which asks the
//! runtime to stop every P: each running goroutine stops at its next call
//! or back-edge, idle Ps and Ps in syscalls count as stopped. Marking runs
//! on MMTk's workers (not Ms); `resume_mutators` restarts the world.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use minigo_runtime::trace::Ev;
use mmtk::util::alloc::AllocationError;
use mmtk::util::heap::GCTriggerPolicy;
use mmtk::util::opaque_pointer::*;
use mmtk::vm::{Collection, GCThreadContext};
use mmtk::Mutator;

use crate::{alloc, stats, Go};

pub struct GoCollection;

/// The address MMTk's workers are known by (anything outside the P table).
static WORKER_TLS_TAG: u8 = 0;

impl Collection<Go> for GoCollection {
    fn stop_all_mutators<F>(_tls: VMWorkerThread, mut mutator_visitor: F)
    where
        F: FnMut(&'static mut Mutator<Go>),
    {
        // Before anything is stopped or locked: the hook may wait for
        // another thread.
        if let Some(hook) = BEFORE_COLLECTION.get() {
            hook();
        }
        stats::stw_requested();
        alloc::set_collecting(true);
        if let Some((_, rt)) = crate::roots() {
            let n = stats::num_gc() + 1;
            rt.trace_event(|| Ev::GCStart { n });
            if !rt.stop_the_world() {
                // The program ended before every P stopped: goroutines
                // still run, so no collection may start, and MMTk cannot
                // cancel one. The process is exiting; this worker stays
                // here (the world is never restarted), and threads without
                // a P may allocate again.
                alloc::set_collecting(false);
                loop {
                    std::thread::park();
                }
            }
        }
        stats::stw_stopped();
        alloc::for_each_mutator(&mut mutator_visitor);
    }

    /// The cycle is recorded before the world restarts: a goroutine that
    /// calls `runtime.GC()` right after the restart must not take this
    /// cycle's end (a count bumped late) for the end of its own.
    fn resume_mutators(_tls: VMWorkerThread) {
        stats::stw_done();
        stats::gc_finished();
        if let Some((_, rt)) = crate::roots() {
            let n = stats::num_gc();
            rt.start_the_world();
            rt.trace_event(|| Ev::GCDone { n });
        }
        alloc::set_collecting(false);
    }

    fn block_for_gc(_tls: VMMutatorThread) {
        minigo_runtime::gc_block_current_p();
    }

    fn spawn_gc_thread(_tls: VMThread, ctx: GCThreadContext<Go>) {
        match ctx {
            GCThreadContext::Worker(w) => {
                std::thread::Builder::new()
                    .name("gc-worker".into())
                    .spawn(move || {
                        block_signals();
                        // SAFETY: the address of a static, never zero.
                        let a = unsafe {
                            mmtk::util::Address::from_usize(&WORKER_TLS_TAG as *const u8 as usize)
                        };
                        let tls = VMWorkerThread(VMThread(OpaquePointer::from_address(a)));
                        mmtk::memory_manager::start_worker(crate::mmtk(), tls, w);
                    })
                    .expect("spawn gc worker");
            }
        }
    }

    fn out_of_memory(_tls: VMThread, _err_kind: AllocationError) {
        out_of_memory(alloc::LAST_REQUEST.load(Relaxed));
    }

    fn is_collection_enabled() -> bool {
        crate::enabled()
    }

    fn create_gc_trigger() -> Box<dyn GCTriggerPolicy<Go>> {
        Box::new(crate::trigger::GogcTrigger)
    }
}

/// Why memory ran out, as Go's runtime tells the two apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Oom {
    /// No address space for a request of this many bytes (Go's
    /// `runtime: out of memory: cannot allocate N-byte block (M in use)`
    /// then `fatal error: out of memory`): a `ulimit -v`, an exhausted
    /// allocator.
    Reserve(usize),
    /// The address space was reserved but the OS refused to commit it
    /// (Go's `sysMap` failing: `fatal error: runtime: out of memory`): a
    /// single mapping larger than the machine's memory and swap.
    Commit,
}

/// What the VM does when memory runs out: Go's fatal error, exit 2.
static OOM_HOOK: AtomicUsize = AtomicUsize::new(0);

static BEFORE_COLLECTION: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();

/// Sets a function called as each collection starts, on a GC worker,
/// before the world is stopped (the Ps run on meanwhile). The VM waits
/// there for the front end's memory to be freed, so that a program's
/// heap does not grow on top of the compiler's dead data.
pub fn set_before_collection_hook(f: fn()) {
    let _ = BEFORE_COLLECTION.set(f);
}

/// Sets the out-of-memory handler (it must not return).
pub fn set_oom_hook(f: fn(Oom) -> !) {
    OOM_HOOK.store(f as usize, Relaxed);
}

#[cold]
pub(crate) fn out_of_memory(size: usize) -> ! {
    oom(Oom::Reserve(size))
}

#[cold]
pub(crate) fn oom(why: Oom) -> ! {
    let h = OOM_HOOK.load(Relaxed);
    if h != 0 {
        // SAFETY: only `set_oom_hook` stores here, a `fn(Oom) -> !`.
        let f: fn(Oom) -> ! = unsafe { std::mem::transmute::<usize, fn(Oom) -> !>(h) };
        f(why)
    }
    match why {
        Oom::Reserve(_) => eprintln!("fatal error: out of memory"),
        Oom::Commit => eprintln!("fatal error: runtime: out of memory"),
    }
    std::process::exit(2)
}

/// `runtime.GC()`: request a full collection and wait until it is done.
pub(crate) fn user_collect() {
    let before = stats::num_gc();
    let tls = match minigo_runtime::current_p() {
        Some(i) if i < alloc::MAX_P => alloc::tls_for(i),
        _ => alloc::tls_for(alloc::MAX_P),
    };
    alloc::ensure_bound(tls);
    mmtk::memory_manager::handle_user_collection_request(crate::mmtk(), tls);
    // Without a P `block_for_gc` returns at once: wait for the cycle here.
    stats::wait_gc_after(before);
}

/// GC workers never take a process signal: the VM's signal thread (which
/// `sigwait`s) must get them, and workers may start before it exists.
fn block_signals() {
    // SAFETY: `set` is initialised by sigfillset before use;
    // pthread_sigmask only changes this thread's mask.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigfillset(&mut set);
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
    }
}
