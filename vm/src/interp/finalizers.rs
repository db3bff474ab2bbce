//! `runtime.SetFinalizer`: checking the call (Go's fatal errors), and the
//! goroutine that runs queued finalizers.
//!
//! The collector (`minigo_gc::finalizer`) keeps the registrations and
//! queues `fin(arg)` for each object it finds unreachable. Go runs all
//! finalizers sequentially on one goroutine; here each runs on a goroutine
//! of its own, but one at a time: the next is spawned when the last one
//! exits ([`GoTask`]'s exit calls [`finalizer_done`]). A queue is noticed
//! where a P resumes after a collection ([`run_finalizers`]).

use std::sync::atomic::{AtomicBool, Ordering::*};

use minigo_runtime::Cx;

use super::panic::Trap;
use super::sched::GoTask;
use super::Goroutine;
use super::Program;
use crate::heap::{self, Word};
use crate::rtype::Kind;

/// A finalizer goroutine exists (running or blocked).
static RUNNING: AtomicBool = AtomicBool::new(false);

/// `runtime.SetFinalizer(obj, finalizer)`: both arrive as `any`.
pub(crate) fn set_finalizer(prog: &Program, obj: Word, fin: Word) -> Result<(), Trap> {
    let fatal = |m: String| Err(Trap::Fatal(format!("runtime.SetFinalizer: {m}")));
    let Some(o) = heap::iface(obj) else {
        return fatal("first argument is nil".into());
    };
    let ot = prog.rtype(o.rtype);
    if ot.kind != Kind::Pointer {
        return fatal(format!("first argument is {}, not pointer", ot.name));
    }
    if o.data == 0 {
        return fatal("pointer not in allocated block".into());
    }
    // A pointer to an array is the array's header word (a packed small
    // slice word, or a header object): the allocated block Go means is the
    // elements' backing, which the header and every slice of it keep alive.
    let block = if prog.rtype(ot.elem).kind == Kind::Array {
        heap::slice_or_nil(o.data).backing().addr() as Word
    } else {
        o.data
    };
    let Some(f) = heap::iface(fin) else {
        let _ = minigo_gc::finalizer::clear(block);
        return Ok(());
    };
    let ft = prog.rtype(f.rtype);
    if ft.kind != Kind::Func {
        return fatal(format!("second argument is {}, not a function", ft.name));
    }
    if f.data == 0 {
        let _ = minigo_gc::finalizer::clear(block);
        return Ok(());
    }
    let cannot = || fatal(format!("cannot pass {} to finalizer {}", ot.name, ft.name));
    if ft.params.len() != 1 {
        return cannot();
    }
    let pt = ft.params[0];
    let arg = if pt == o.rtype {
        o.data
    } else if prog.rtype(pt).kind == Kind::Interface
        && super::ops::implements(prog, o.rtype, pt).is_ok()
    {
        obj
    } else {
        return cannot();
    };
    match minigo_gc::finalizer::set(block, f.data, arg) {
        Ok(()) | Err(minigo_gc::finalizer::SetError::NotHeap) => Ok(()),
        Err(minigo_gc::finalizer::SetError::NotAtStart) => {
            fatal("pointer not at beginning of allocated block".into())
        }
    }
}

/// Starts the finalizer goroutine if finalizers are queued and none runs.
pub(crate) fn run_finalizers(cx: &mut Cx<'_>, prog: &std::sync::Arc<Program>) {
    if RUNNING
        .compare_exchange(false, true, AcqRel, Relaxed)
        .is_err()
    {
        return;
    }
    if !spawn_next(cx, prog) {
        RUNNING.store(false, Release);
    }
}

/// The finalizer goroutine exited: run the next queued one, if any.
pub(crate) fn finalizer_done(cx: &mut Cx<'_>, prog: &std::sync::Arc<Program>) {
    if !spawn_next(cx, prog) {
        RUNNING.store(false, Release);
        // One may have been queued after the check: look again.
        run_finalizers(cx, prog);
    }
}

fn spawn_next(cx: &mut Cx<'_>, prog: &std::sync::Arc<Program>) -> bool {
    let Some((fin, arg)) = minigo_gc::finalizer::take_ready() else {
        return false;
    };
    match Goroutine::spawn_call1(prog.clone(), fin, arg) {
        Ok(mut g) => {
            g.race = super::race::finalizer_goroutine(prog);
            cx.spawn(Box::new(GoTask::finalizer(g)));
            true
        }
        Err(_) => false,
    }
}
