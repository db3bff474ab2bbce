//! Metadata placement: objects have no header. Every MMTk metadata bit
//! lives on the side, and so does our descriptor (`layout`).

use mmtk::util::copy::{CopySemantics, GCWorkerCopyContext};
use mmtk::util::{Address, ObjectReference};
use mmtk::vm::*;

use crate::{layout, Go};

pub struct GoObjectModel;

impl ObjectModel<Go> for GoObjectModel {
    const GLOBAL_LOG_BIT_SPEC: VMGlobalLogBitSpec = VMGlobalLogBitSpec::side_first();
    // Declared for the copying plans' sake: "in the header" would be the
    // object's first payload word, but a non-moving Immix space never
    // forwards (`ImmixSpace::get_forwarded_object` and `is_live` return
    // before looking), so nothing reads or writes it.
    const LOCAL_FORWARDING_POINTER_SPEC: VMLocalForwardingPointerSpec =
        VMLocalForwardingPointerSpec::in_header(0);
    const LOCAL_FORWARDING_BITS_SPEC: VMLocalForwardingBitsSpec =
        VMLocalForwardingBitsSpec::side_first();
    const LOCAL_MARK_BIT_SPEC: VMLocalMarkBitSpec =
        VMLocalMarkBitSpec::side_after(Self::LOCAL_FORWARDING_BITS_SPEC.as_spec());
    const LOCAL_LOS_MARK_NURSERY_SPEC: VMLocalLOSMarkNurserySpec =
        VMLocalLOSMarkNurserySpec::side_after(Self::LOCAL_MARK_BIT_SPEC.as_spec());
    /// The reference is the object's start.
    const OBJECT_REF_OFFSET_LOWER_BOUND: isize = 0;
    /// Scanning resolves interior pointers through the VO bits.
    const NEED_VO_BITS_DURING_TRACING: bool = true;

    fn copy(
        _from: ObjectReference,
        _semantics: CopySemantics,
        _copy_context: &mut GCWorkerCopyContext<Go>,
    ) -> ObjectReference {
        unreachable!("the plan does not move objects")
    }
    fn copy_to(_from: ObjectReference, _to: ObjectReference, _region: Address) -> Address {
        unreachable!("the plan does not move objects")
    }
    fn get_reference_when_copied_to(_from: ObjectReference, _to: Address) -> ObjectReference {
        unreachable!("the plan does not move objects")
    }
    fn get_current_size(object: ObjectReference) -> usize {
        // SAFETY: MMTk only asks about objects it allocated for us, found
        // through their VO bit or being traced.
        layout::payload_bytes(unsafe { layout::desc_of(object.to_raw_address().as_usize()) })
    }
    fn get_size_when_copied(object: ObjectReference) -> usize {
        Self::get_current_size(object)
    }
    fn get_align_when_copied(_object: ObjectReference) -> usize {
        8
    }
    fn get_align_offset_when_copied(_object: ObjectReference) -> usize {
        0
    }
    fn get_type_descriptor(_reference: ObjectReference) -> &'static [i8] {
        unimplemented!("not used by non-moving plans")
    }
    fn ref_to_object_start(object: ObjectReference) -> Address {
        object.to_raw_address()
    }
    fn ref_to_header(object: ObjectReference) -> Address {
        object.to_raw_address()
    }
    fn dump_object(object: ObjectReference) {
        // SAFETY: MMTk dumps live objects.
        let h = unsafe { layout::desc_of(object.to_raw_address().as_usize()) };
        eprintln!("object {object} descriptor {h:#x}");
    }
}
