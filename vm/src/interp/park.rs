//! The VM's half of Go's gopark/goready: [`Wait`], what a parked goroutine
//! waits for, and the protocol every blocking instruction follows.
//!
//! # Parking protocol
//! A blocking instruction (a channel op, `select`, or a native such as
//! `time.Sleep` or `WaitGroup.Wait`) that cannot complete registers the
//! goroutine as a waiter, stores the wait handle in `Goroutine::wait` and
//! fails with `Trap::Park(reason)`; the run loop then saves the pc *at* that
//! instruction and `GoTask::run` returns `Step::Park`. When a peer readies
//! the goroutine (on the waker's P, never under a channel lock: the runtime
//! guarantees both), the same instruction runs again, finds the completed
//! wait in `Goroutine::wait` and finishes with its result. So a goroutine
//! never blocks an OS thread, and its whole state stays in the `Goroutine`.
//!
//! Invariant: `Goroutine::wait` is `Some` only between a park and the
//! re-execution of the instruction that parked.

use minigo_runtime::{ChanWait, SelectWait, SemaWait};

use super::panic::Trap;

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

/// The error of a blocking operation run outside a goroutine task, where
/// there is no scheduler to park on.
pub(super) fn no_rt() -> Trap {
    Trap::internal("channel or scheduler operation outside a goroutine task (inside a String or Error method called by fmt?)")
}
