//! Java-style weak references: Go has none (`runtime.SetFinalizer` would
//! use MMTk's finalizer queue of plain object references).

use mmtk::util::opaque_pointer::VMWorkerThread;
use mmtk::util::ObjectReference;
use mmtk::vm::ReferenceGlue;

use crate::Go;

pub struct GoReferenceGlue;

impl ReferenceGlue<Go> for GoReferenceGlue {
    type FinalizableType = ObjectReference;
    fn clear_referent(_new_reference: ObjectReference) {
        unreachable!("no reference objects")
    }
    fn get_referent(_object: ObjectReference) -> Option<ObjectReference> {
        unreachable!("no reference objects")
    }
    fn set_referent(_reff: ObjectReference, _referent: ObjectReference) {
        unreachable!("no reference objects")
    }
    fn enqueue_references(_references: &[ObjectReference], _tls: VMWorkerThread) {}
}
