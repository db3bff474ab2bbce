//! The roots the collector scans, and the goroutines that publish theirs.
//!
//! A goroutine's roots are its registers (untyped words: scanned
//! conservatively), its frames' closures, deferred calls, panics in flight,
//! and what it is parked on. A native that calls back into Go may hold
//! words in Rust locals: it needs no rooting API because nested runs have
//! no GC safe points (they ignore the preempt flag), so the world cannot
//! stop inside one; the collection waits until it returns. A goroutine
//! that is not running is reached through the runtime's `allg`
//! (`Task::gc_roots`). One that holds its task lock while the world is
//! stopped — stopped in place at a safe point, waiting in `runtime.GC()`,
//! or in a system call — publishes itself here first: the GC reads its
//! state through the published pointer while its thread is blocked.
//!
//! The rest: the program's globals, and the functions of pending
//! `AfterFunc` timers with their channels. Maps,
//! channels' buffers and other natives are traced through their objects.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::{Goroutine, Program};
use crate::heap::Word;

/// Published goroutines: goid → (address of the `Goroutine`, whether it
/// is in a system call rather than stopped in place).
static PUBLISHED: Mutex<Option<HashMap<u64, (usize, bool)>>> = Mutex::new(None);

/// While alive, `g` is visible to the collector through this guard (see
/// the module docs). The goroutine must not be mutated meanwhile except
/// for writes of words into scanned places (registers).
pub(crate) struct Published {
    goid: u64,
}

impl Published {
    pub(crate) fn new(g: &Goroutine) -> Published {
        Published::with(g, false)
    }

    /// For a goroutine entering a blocking system call.
    pub(crate) fn syscall(g: &Goroutine) -> Published {
        Published::with(g, true)
    }

    fn with(g: &Goroutine, syscall: bool) -> Published {
        PUBLISHED
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert_with(HashMap::new)
            .insert(g.id, (g as *const Goroutine as usize, syscall));
        Published { goid: g.id }
    }
}

impl Drop for Published {
    fn drop(&mut self) {
        if let Some(m) = PUBLISHED.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            m.remove(&self.goid);
        }
    }
}

/// The stack of published goroutine `goid`, and whether it is in a system
/// call, for a fatal-signal report (`signals.rs`).
pub(crate) fn published_traceback(goid: u64) -> Option<(String, bool)> {
    let m = PUBLISHED.lock().unwrap_or_else(|e| e.into_inner());
    let &(g, syscall) = m.as_ref()?.get(&goid)?;
    // SAFETY: a published goroutine stays in place, its frames unchanged,
    // until its guard drops; the guard's drop needs the lock held here,
    // so its thread cannot go back to running Go code meanwhile (a native
    // in a system call may still write result registers, which a
    // traceback does not read).
    let g = unsafe { &*(g as *const Goroutine) };
    Some((g.parked_trace(), syscall))
}

pub(crate) fn is_published(goid: u64) -> bool {
    PUBLISHED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .is_some_and(|m| m.contains_key(&goid))
}

/// The VM's roots (registered with `minigo_gc::enable`).
pub(crate) struct VmRoots {
    pub prog: Arc<Program>,
    pub rt: minigo_runtime::Runtime,
}

impl minigo_gc::Roots for VmRoots {
    fn scan(&self, f: &mut dyn FnMut(Word)) {
        // Globals: the slot array is a heap object; its words are traced.
        f(self.prog.globals.as_ptr() as usize as Word);
        if let Some(m) = PUBLISHED.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
            for &(g, _) in m.values() {
                // SAFETY: a published goroutine stays in place and unchanged
                // until its guard drops, which its thread can only do after
                // the world restarts (it is stopped, or in a syscall that
                // cannot touch the heap before `exitsyscall`, which waits
                // for the restart).
                unsafe { &*(g as *const Goroutine) }.gc_roots(f);
            }
        }
        self.rt.scan_tasks(f, &is_published);
        super::timers::gc_roots(f);
    }
}

static ROOTS: OnceLock<VmRoots> = OnceLock::new();

/// The runtime the collector stops (once it is enabled).
pub(crate) fn runtime() -> Option<&'static minigo_runtime::Runtime> {
    ROOTS.get().map(|r| &r.rt)
}

/// Turns the collector on for `prog` running on `rt` (once per process).
pub(crate) fn enable(prog: Arc<Program>, rt: minigo_runtime::Runtime) {
    if std::env::var_os("MINIGO_GC").is_some_and(|v| v == "off") {
        return;
    }
    let _ = ROOTS.set(VmRoots {
        prog,
        rt: rt.clone(),
    });
    if let Some(r) = ROOTS.get() {
        minigo_gc::enable(r, rt);
    }
}

impl Goroutine {
    /// Every word this goroutine holds outside the heap.
    pub(crate) fn gc_roots(&self, f: &mut dyn FnMut(Word)) {
        // Only the frames' register windows: above them are the stale
        // registers of returned calls, which would keep garbage alive.
        let live = self
            .frames
            .iter()
            .map(|fr| fr.base as usize + self.prog.protos[fr.proto as usize].nregs as usize)
            .max()
            .unwrap_or(0)
            .min(self.regs.len());
        for &w in &self.regs[..live] {
            f(w);
        }
        for fr in &self.frames {
            f(fr.closure);
        }
        for &d in &self.defers {
            f(d);
        }
        for p in &self.panics {
            f(p.value);
        }
        if let Some(w) = &self.wait {
            w.gc_roots(f);
        }
    }
}
