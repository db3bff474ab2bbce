//! The state of a range-over-func loop, and Go's checks on it.
//!
//! The compiler turns `for x := range f { body }` into a call of `f` with
//! the body as its `yield` closure. One cell per loop execution holds the
//! loop's state (Go's `abi.RF_*` values, the same numbering): the body
//! checks it on entry (`RangeEnter`), sets it to `DONE` before returning
//! false and back to `READY` before returning true, and the loop checks it
//! once `f` returns (`RangeExit`). A state other than `READY` on entry
//! means the iterator broke the protocol, which Go reports as a runtime
//! error panic naming what happened first.
//!
//! Invariant: only the compiled loop writes the cell, so its word is one
//! of the constants below.

use super::panic::{RtKind, Trap};
use crate::heap::{self, Word};

/// The body returned false (break, return, goto or labeled continue out
/// of the loop).
pub const DONE: i64 = 0;
/// The body may be called.
pub const READY: i64 = 1;
/// The body is running, or panicked.
pub const PANIC: i64 = 2;
/// The iterator returned.
pub const EXHAUSTED: i64 = 3;
/// The iterator recovered a panic of the body and returned normally.
pub const MISSING_PANIC: i64 = 4;

fn error(state: i64) -> Trap {
    let what = match state {
        DONE => "range function continued iteration after function for loop body returned false",
        PANIC => "range function continued iteration after loop body panic",
        EXHAUSTED => "range function continued iteration after whole loop exit",
        MISSING_PANIC => "range function recovered a loop body panic and did not resume panicking",
        _ => "range function continued iteration in an unknown state",
    };
    Trap::rt(RtKind::ErrorString, what)
}

/// `RangeEnter`: the body was called with the state cell `cell`.
pub fn enter(cell: Word) -> Result<(), Trap> {
    let s = heap::ptr_load(cell) as i64;
    if s != READY {
        return Err(error(s));
    }
    heap::ptr_store(cell, PANIC as Word);
    Ok(())
}

/// `RangeExit`: the iterator returned.
pub fn exit(cell: Word) -> Result<(), Trap> {
    if heap::ptr_load(cell) as i64 == PANIC {
        return Err(error(MISSING_PANIC));
    }
    heap::ptr_store(cell, EXHAUSTED as Word);
    Ok(())
}
