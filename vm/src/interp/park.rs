//! The VM's half of Go's gopark/goready: [`Wait`], what a parked goroutine
//! waits for, and the protocol every blocking instruction follows.
//!
//! # Parking protocol
//! A blocking instruction (a channel op, `select`, or a native such as
//! `time.Sleep` or `WaitGroup.Wait`) that cannot complete registers the
//! goroutine as a waiter, stores the wait handle in `Goroutine::wait` and
//! ends with [`Stop::park`] (a control-flow result, not a failure); the run
//! loop then saves the pc *at* that instruction and `GoTask::run` returns
//! `Step::Park`. When a peer readies
//! the goroutine (on the waker's P, never under a channel lock: the runtime
//! guarantees both), the same instruction runs again, finds the completed
//! wait in `Goroutine::wait` and finishes with its result. So a goroutine
//! never blocks an OS thread, and its whole state stays in the `Goroutine`.
//!
//! Invariant: `Goroutine::wait` is `Some` only between a park and the
//! re-execution of the instruction that parked.

use minigo_runtime::{ChanWait, SelectWait, SemaWait, WaitReason};

use super::panic::Trap;
use crate::heap::Word;

/// What a parked goroutine waits for (see the module docs).
pub enum Wait {
    Chan(ChanWait),
    Select(SelectWait),
    /// Parked in semacquire or on a Cond's notify list (`sync`): resumed
    /// holding the unit or the notification, so the operation is done.
    Sema(SemaWait),
    /// Parked in sync.Mutex's lockSlow: an Unlock woke it to compete for
    /// the lock again.
    MutexWoken(SemaWait),
    /// A timer readies it (`time.Sleep`).
    Sleep,
    /// `runtime.Gosched`: already rescheduled once.
    Yield,
    /// Nil channel operations and `select {}`: never woken.
    Forever,
    /// A socket not ready (`natives::net`): its handle and what the call
    /// had already done (bytes written).
    Io {
        w: minigo_runtime::IoWait,
        fd: i32,
        progress: usize,
    },
}

impl Wait {
    /// A value a peer handed over while the goroutine was parked (a
    /// receive completed by a sender) lives only here until it resumes.
    pub(crate) fn gc_roots(&self, f: &mut dyn FnMut(Word)) {
        match self {
            Wait::Chan(w) => w.for_each_value(f),
            Wait::Select(w) => w.for_each_value(f),
            _ => {}
        }
    }
}

/// How an operation that may block ends when it does not complete: it
/// blocked (the instruction runs again when the goroutine is resumed), or
/// it failed.
#[derive(Debug)]
pub enum Stop {
    Blocked(Blocked),
    Trap(Trap),
}

/// What a blocked goroutine does next: park until readied (`Goroutine::
/// wait` says on what), or yield its P and run again later.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Blocked {
    Park(WaitReason),
    Yield,
}

impl Stop {
    pub fn park(reason: WaitReason) -> Stop {
        Stop::Blocked(Blocked::Park(reason))
    }
}

impl From<Trap> for Stop {
    fn from(t: Trap) -> Stop {
        Stop::Trap(t)
    }
}
