//! Mutators are per P (Go's mcache), not per thread: the `tls` MMTk keeps
//! in a mutator is the address of the P's slot in `alloc::PS`, whichever
//! OS thread runs that P at the moment.

use mmtk::util::opaque_pointer::*;
use mmtk::vm::ActivePlan;
use mmtk::Mutator;

use crate::{alloc, Go};

pub struct GoActivePlan;

impl ActivePlan<Go> for GoActivePlan {
    fn is_mutator(tls: VMThread) -> bool {
        alloc::p_index_of_tls(tls).is_some()
    }
    fn mutator(tls: VMMutatorThread) -> &'static mut Mutator<Go> {
        let i = alloc::p_index_of_tls(tls.0).expect("not a P's mutator");
        // SAFETY: MMTk asks for the mutator in use by the calling P's
        // thread (during its allocation) or during a pause.
        unsafe { alloc::mutator(i) }.expect("mutator not bound")
    }
    fn mutators<'a>() -> Box<dyn Iterator<Item = &'a mut Mutator<Go>> + 'a> {
        // Only called while the world is stopped.
        let mut v = Vec::new();
        alloc::for_each_mutator(|m| v.push(m));
        Box::new(v.into_iter())
    }
    fn number_of_mutators() -> usize {
        alloc::mutator_count()
    }
}
