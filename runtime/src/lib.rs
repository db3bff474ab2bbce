//! minigo's goroutine runtime: a G/M/P scheduler after Go's `proc.go`.
//!
//! The runtime schedules [`Task`]s; it knows nothing of bytecode. The VM
//! implements `Task` for its goroutine (a frame stack that can stop at any
//! instruction boundary and resume later on another OS thread).
//!
//! # Model
//!
//! - **G** (`g.rs`): a task plus an atomic state word. Park/ready is a few
//!   CASes with a NOTIFIED bit that closes the "woken before parked" race.
//! - **P** (`p.rs`): `GOMAXPROCS` of them. Each has a local FIFO run queue
//!   (crossbeam `Worker`, bounded to 256 by policy), a `runnext` slot, a
//!   schedtick, a timer heap. The owned half moves between threads as a
//!   `Box`; the shared half is what thieves and sysmon see.
//! - **M** (`m.rs`, `proc.rs`): OS threads; an M runs Gs only while holding
//!   a P. Idle Ms park on their own condvar; at most half the busy Ps have a
//!   spinning M looking for work.
//! - **sysmon** (`sysmon.rs`): a thread without a P that preempts a P whose
//!   schedtick has not moved for 10ms.
//! - **Global queue** (`globrunq.rs`) under the scheduler lock, with Go's
//!   batch formula; `Gosched` and preempted Gs go to its tail.
//! - **Execution trace** (`trace.rs`): with [`Config::trace`], every
//!   scheduling decision records an event where it is made
//!   ([`Runtime::take_trace`], [`trace::write_json`]).
//! - **Timers** (`timer.rs`), **channels** (`chan.rs`, `select.rs`),
//!   **semaphores** and **notify lists** (`sema.rs`) are scheduling
//!   primitives built on [`Cx::goready`], which puts the woken G in the
//!   WAKER's P runnext.
//!
//! # How a task talks to the runtime
//!
//! `Task::run(&mut self, cx)` runs until a safe point and returns a [`Step`]:
//! `Yield` (runtime.Gosched), `Preempted` (it saw [`Cx::preempt_requested`]
//! at a call or loop back-edge), `Park(reason)` (after registering itself as
//! a waiter: a channel, select, sema, or `Cx::sleep_until`), `Exit`, or
//! `Fatal(message)` (an unrecovered panic: the runtime stops everything and
//! `run_main` returns it; the VM prints). A parked task is run again when a
//! peer readies it; it then reads the outcome from its wait handle
//! ([`ChanWait`], [`SelectWait`], [`SemaWait`]). Exactly one `goready` per
//! park: wait lists claim their entry before waking (see `wait.rs`).
//!
//! # I/O waits and blocking syscalls (what the VM's natives do)
//!
//! **Sockets/pipes** (`netpoll.rs`): the VM opens fds with O_NONBLOCK and
//! registers each once with [`PollDesc::new`]`(cx, fd)`. For every
//! operation: [`PollDesc::prepare`]`(mode)` (Err = closed / deadline
//! passed), then the libc call itself; on EAGAIN (EINPROGRESS for
//! `connect`: wait for `Write`, then read SO_ERROR) call
//! [`PollDesc::wait`]`(cx, mode)`:
//! `Ok(IoPoll::Ready)` → retry now; `Ok(IoPoll::Blocked(w))` → keep `w`,
//! return `Step::Park(WaitReason::IoWait)`; when run again call
//! [`IoWait::result`]: `Ok(())` → retry the call (prepare first),
//! `Err(IoError::Timeout)` → Go's `i/o timeout`, `Err(IoError::Closed)` →
//! `use of closed network connection`. Deadlines:
//! [`PollDesc::set_deadline`]`(cx, mode or None for both, Option<Instant>)`.
//! Close: [`PollDesc::close`]`(cx)` (wakes waiters, deletes from the
//! poller), THEN `libc::close(fd)`. One waiter per fd and mode (Go's
//! fdMutex is the VM's job). No M ever blocks on a socket.
//!
//! **Blocking calls** (files, stdin, sleeping in C): wrap the call in
//! [`Cx::blocking`]`(|| ...)`, store its `value` and advance past the call;
//! if `must_yield`, return `Step::Yield` at once without touching `cx`; the
//! G continues after the call when run again. (Or bracket by hand with
//! [`Cx::entersyscall`] / [`Cx::exitsyscall`], which returns false for the
//! same case.) After a syscall the G may be on another P: re-fetch
//! [`Cx::preempt_flag`]. Ms are pooled in the idle list and capped at
//! 10000 ([`Runtime::set_max_threads`]); past it the program ends with
//! `ExitStatus::Fatal { goid: 0, message: "thread exhaustion" }`.
//!
//! # Stop the world (for the garbage collector, `stw.rs`)
//!
//! A GC worker thread (no P) calls [`Runtime::stop_the_world`], scans
//! ([`Runtime::scan_tasks`], [`Chan::for_each_value`], ...), then
//! [`Runtime::start_the_world`]. The VM's part:
//! - at every safe point where it polls the preempt flag and finds it set,
//!   ask [`Cx::gc_waiting`]; if true, publish what the GC cannot find
//!   through [`Task::gc_roots`] (the running frame's registers) and call
//!   [`Cx::gc_stop`], holding no channel or other runtime lock; it returns
//!   on the same P; otherwise return `Step::Preempted` as before;
//! - a task inside `run` is skipped by `scan_tasks` (its lock is held):
//!   publish its roots before `gc_stop`, [`gc_block_current_p`] and
//!   `entersyscall`/`blocking`;
//! - inside `blocking`'s closure (no P, [`current_p`] is `None`) do not
//!   allocate or store heap words: the world may stop meanwhile. After
//!   `must_yield` only store the plain result and return;
//! - allocate on P `i` only while [`current_p`] is `Some(i)`;
//! - `runtime.GC()`: request a GC, then [`gc_block_current_p`].
//!
//! # Go's rules implemented as in Go (RUNTIME.md)
//!
//! newproc → creator's runnext, old runnext kicked to the tail, `wakep`;
//! ready → waker's runnext + `wakep`; runnext inherits the slice (no
//! schedtick++); 256 local slots, overflow moves the oldest 128 + the new G
//! to the global queue in one locked batch; `schedtick % 61 == 0` takes one
//! global G first; findRunnable order (timers, %61, runnext/local, global
//! batch `min(128, size, size/GOMAXPROCS+1)`, netpoll hook, 4 steal passes
//! in random coprime-stride order, runnext and timers stolen only on the
//! last pass after a 3us back-off, idle with the delicate dance); spinning
//! Ms ≤ half the busy Ps; `resetspinning` chains `wakep`; sysmon 20us →
//! doubling after 50 idle rounds → 10ms, deep sleep when all Ps are idle;
//! retake → preemptone after 10ms on one schedtick; Gosched and preemption
//! → global tail; checkdead on every M going idle with Go's rule; goroutine
//! ids main = 1 then per-P batches of 16 (`_GoidCacheBatch`). Netpoll:
//! pdReady/pdWait state machine, edge-triggered registration, step 7
//! non-blocking poll gated by `netpollAnyWaiters` + `lastpoll != 0` +
//! `pollingNet`, step 12 single blocking poller until the next timer,
//! `wakeNetPoller`, sysmon's 10ms poll, `injectglist` with and without a
//! P, deadlines as timers with a sequence number, close = evict + delete.
//! Syscalls: Go ≤1.25 `_Psyscall` protocol (entersyscall keeps the P
//! wired in `_Psyscall`; exitsyscall CAS fast path, idle P, else
//! `exitsyscall0`: global queue + `stopm`); retake's syscall conditions
//! (same syscalltick on two rounds unless preempted; skip when the P has
//! no work, some M spins or P idles and the call is < 10ms old);
//! `handoffp` with all of Go's cases; `maxmcount` 10000.
//!
//! # Where minigo differs, and why
//!
//! - **Preempt flag per P, not per G.** Go sets `gp.preempt` and
//!   `gp.stackguard0`; `execute` clears them. Only the running G can observe
//!   a request and `execute` clears ours too, so one flag on the P is
//!   equivalent and sysmon never needs a reference to the running G.
//!   [`Cx::preempt_requested`] reads it.
//! - **Park commit.** Go releases the channel lock inside `park_m` after the
//!   G is waiting; our tasks release it before returning `Step::Park`, so a
//!   wake may come first. The NOTIFIED bit (`g.rs`) makes the M resume the G
//!   at once, like Go's `unlockf` returning false.
//! - **Local queue** is crossbeam's growable deque bounded by policy
//!   (RUNTIME.md C); `runnext` is an `AtomicPtr` moved by `swap` only.
//! - **Timer heap** is std's binary heap with lazy deletion, not 4-ary.
//! - **Netpoll.** A PARKED slot state plus a mutex-held `GRef` instead of
//!   a G pointer in the atomic. checkdead also returns while any G waits on
//!   a `PollDesc` (Go relies on the blocked poller M being counted as
//!   running; we keep that too, this is a safety net). The blocking poller
//!   waits out a concurrent non-blocking poll before reading the timers, so
//!   `polling`'s one-shot `notify` cannot be consumed by the wrong poller.
//!   Where `polling` lacks edge mode, registration is oneshot + re-arm.
//!   Non-blocking polls (step 7, sysmon) all require a waiting G (Go's
//!   sysmon polls regardless: `polling` makes an empty poll 3 syscalls).
//!   The blocking poll sleeps until the earliest timer over all Ps (Go:
//!   the earliest the M saw in its own checks and steal pass).
//! - **Syscalls** hand the owned `Box<PLocal>` through
//!   `PShared::syscall_p`: the CAS winner on the status takes it. Go 1.26's
//!   `_Gsyscall`-based protocol does not fit P ownership by move.
//!   `entersyscallblock` (immediate hand-off) is not provided.
//! - **`wakep` fast path**: returns without sched.lock when no P is idle
//!   (older Go's `ready` check), only raising `needspinning`.
//! - **`run_main`'s thread is not an M** (Go's m0 runs Gs): it only waits
//!   for the outcome. `threads` in schedtrace counts Ms + sysmon.
//! - **checkdead** tolerates a G caught between `ready` and its enqueue from
//!   a thread without a P (returns instead of throwing).
//! - **GOMAXPROCS at run time** ([`Cx::set_gomaxprocs`]) without
//!   stop-the-world: `allp` is allocated once with
//!   `max(GOMAXPROCS, NumCPU, 256)` Ps (larger requests are clamped) and
//!   Ps with `id >= GOMAXPROCS` are `P_STOPPED` (Go's `_Pgcstop`): never
//!   idle, acquired, stolen from or retaken. Growing puts Ps on the idle
//!   list and `wakep`s; shrinking stops idle ones at once and sets the
//!   preempt flag of held ones, whose M gives the P up at its next
//!   scheduling point (Gs → head of the global queue, timers → P0). So
//!   for a moment after a shrink more Gs than the new value may still be
//!   running (Go's stop-the-world makes the change instantaneous).
//!
//! # Rejected alternatives
//!
//! - tokio-style LIFO slot with a poll cap instead of runnext + sysmon: the
//!   cap is a heuristic (tokio #5712, #4941); Go's slice inheritance plus
//!   10ms retake is what minigo must reproduce observably.
//! - crossbeam `Injector` as the global queue: no atomic "take n of size"
//!   for Go's batch formula, and step 10's re-check must happen under the
//!   lock that guards the idle P list.
//! - One lock per G for park/ready (simple, but a mutex round trip on every
//!   wake and the park/ready race still needs a protocol).
//! - A dedicated timer thread: an extra hop per timer and Go readies timer
//!   Gs on the P that ran the timer.

#![forbid(unsafe_op_in_unsafe_fn)]

mod chan;
mod config;
mod g;
mod globrunq;
mod m;
mod netpoll;
mod p;
mod proc;
pub mod race;
mod runq;
pub mod schedstats;
mod seeded;
mod select;
mod sema;
mod stats;
mod stw;
mod sysmon;
mod timer;
pub mod trace;
pub mod trace_go;
pub mod trace_html;
mod wait;
mod waitq;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_io;
#[cfg(test)]
mod tests_procs;
#[cfg(test)]
mod tests_rules;
#[cfg(test)]
mod tests_schedstats;
#[cfg(test)]
mod tests_seeded;
#[cfg(test)]
mod tests_sema;
#[cfg(test)]
mod tests_stw;
#[cfg(test)]
mod tests_trace;
#[cfg(test)]
mod tests_trace_go;

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use chan::{Chan, ChanPanic, ChanWait, RecvOutcome, SendOutcome};
pub use config::{num_cpu, parse_duration, Config, Rules};
pub use g::{GRef, G};
pub use netpoll::{IoError, IoMode, IoPoll, IoWait, PollDesc};
pub use seeded::{derived_seed, nanotime, now, unix_nanos, VIRTUAL_EPOCH_UNIX_NANOS};
pub use select::{select, selectgo, SelectCase, SelectOutcome, SelectWait};
pub use sema::{NotifyList, Sema, SemaAcquire, SemaWait};
pub use stats::{GDetail, MDetail, PDetail, SchedDetail, SchedSummary};
pub use stw::{current_p, gc_block_current_p, StwStats};
pub use timer::{Timer, TimerFn};

use p::{PLocal, PShared, P_GCSTOP, P_RUNNING, P_SYSCALL};
use proc::Sched;

/// A goroutine body. `run` is called on some M with a P; it returns at a
/// safe point with what the scheduler should do next.
pub trait Task: Send + 'static {
    fn run(&mut self, cx: &mut Cx<'_>) -> Step;

    /// The goroutine's stack trace for the deadlock report (what Go prints
    /// under `goroutine N [reason]:`). Called only while the G is parked.
    fn traceback(&self) -> String {
        String::new()
    }

    /// Report every word of the goroutine that may reference the GC heap
    /// (registers, frames, saved wait results such as
    /// [`ChanWait::for_each_value`]). Called by [`Runtime::scan_tasks`]
    /// while the world is stopped and only when the task is not inside
    /// `run`.
    fn gc_roots(&self, _f: &mut dyn FnMut(u64)) {}

    /// The goroutine's stack where it parks, pcs innermost first,
    /// appended to `out`, for Go's trace format; called only when a symbolizer is set
    /// ([`Runtime::set_trace_symbolizer`]), right after `run` parked.
    fn trace_stack(&self, _out: &mut Vec<u64>) {}

    /// The goroutine's function, for the execution trace (`G7
    /// main.worker`); called only when the runtime traces.
    fn name(&self) -> String {
        String::new()
    }

    /// The goroutine's stack as pcs (innermost first) and its profiling
    /// labels, for `runtime/pprof`'s goroutine profile. Called only while
    /// the G is not running.
    fn profile_stack(&self) -> ProfileStack {
        (Vec::new(), Vec::new())
    }
}

/// Any `FnMut(&mut Cx) -> Step` closure is a task (tests, small helpers).
impl<F> Task for F
where
    F: FnMut(&mut Cx<'_>) -> Step + Send + 'static,
{
    fn run(&mut self, cx: &mut Cx<'_>) -> Step {
        self(cx)
    }
}

/// What a task asks the scheduler to do when `run` returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// runtime.Gosched: global queue tail.
    Yield,
    /// Saw the preempt flag at a safe point: global queue tail (gopreempt_m).
    Preempted,
    /// gopark: the task registered itself as a waiter somewhere.
    Park(WaitReason),
    /// The goroutine returned (goexit). Main's exit ends the program.
    Exit,
    /// The goroutine called `runtime.Goexit` (its deferred calls ran):
    /// it ends like `Exit`, but main's does not end the program. The
    /// others go on; when none is left, checkdead's `no goroutines (main
    /// called runtime.Goexit) - deadlock!`.
    Goexit,
    /// Unrecovered panic or fatal error: stop the program.
    Fatal(String),
}

macro_rules! wait_reasons {
    ($($name:ident = $code:literal => $s:literal,)*) => {
        /// Why a goroutine is parked, printed as Go does
        /// (`goroutine 1 [chan receive]:`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum WaitReason { $($name = $code,)* }

        impl WaitReason {
            /// Go's string for this reason.
            pub fn as_str(self) -> &'static str {
                match self { $(WaitReason::$name => $s,)* }
            }
            pub(crate) fn code(self) -> u8 { self as u8 }
            pub(crate) fn from_code(c: u8) -> WaitReason {
                match c { $($code => WaitReason::$name,)* _ => WaitReason::Unknown }
            }
        }
    };
}

wait_reasons! {
    Unknown = 0 => "",
    ChanReceive = 1 => "chan receive",
    ChanSend = 2 => "chan send",
    Select = 3 => "select",
    SelectNoCases = 4 => "select (no cases)",
    ChanReceiveNilChan = 5 => "chan receive (nil chan)",
    ChanSendNilChan = 6 => "chan send (nil chan)",
    Sleep = 7 => "sleep",
    WaitGroupWait = 8 => "sync.WaitGroup.Wait",
    MutexLock = 9 => "sync.Mutex.Lock",
    RWMutexRLock = 10 => "sync.RWMutex.RLock",
    RWMutexLock = 11 => "sync.RWMutex.Lock",
    IoWait = 12 => "IO wait",
    SyncCondWait = 13 => "sync.Cond.Wait",
    Semacquire = 14 => "semacquire",
    Sync = 15 => "sync",
}

impl fmt::Display for WaitReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One parked goroutine in a deadlock report.
#[derive(Debug, Clone)]
pub struct GoroutineDump {
    pub goid: u64,
    pub reason: WaitReason,
    /// `Task::traceback()` of the goroutine.
    pub traceback: String,
}

/// A goroutine's stack (pcs, innermost first) and profiling labels.
pub type ProfileStack = (Vec<u64>, Vec<(String, String)>);

/// One goroutine in `runtime/pprof`'s goroutine profile: its state, and
/// `Task::profile_stack` when the task could be read (not running).
#[derive(Debug, Clone)]
pub struct GoroutineStack {
    pub goid: u64,
    pub state: GoroutineState,
    /// None: running (its stack cannot be read from here).
    pub stack: Option<ProfileStack>,
}

/// One goroutine in a dump of all of them (Go's `tracebackothers`, as a
/// SIGQUIT prints it): its state as Go writes it in the
/// `goroutine N [state]:` header, and its stack when it can be read.
#[derive(Debug, Clone)]
pub struct GoroutineState {
    pub goid: u64,
    /// `running`, `runnable`, or the wait reason (`chan receive`, ...).
    pub state: String,
    /// `Task::traceback()` for a parked goroutine; for one running on
    /// another thread, Go's `goroutine running on other thread; stack
    /// unavailable` line.
    pub traceback: String,
}

/// `fatal error: all goroutines are asleep - deadlock!`: every goroutine,
/// sorted by id (main first), for the VM to print.
#[derive(Debug, Clone)]
pub struct DeadlockReport {
    pub goroutines: Vec<GoroutineDump>,
}

/// How the program ended.
#[derive(Debug, Clone)]
pub enum ExitStatus {
    /// main returned; the other goroutines were abandoned.
    Exited,
    /// checkdead fired.
    Deadlock(DeadlockReport),
    /// A task returned `Step::Fatal` (the VM already printed it). `goid`
    /// 0 is a runtime throw not printed yet (`message` "thread
    /// exhaustion"): print `fatal error: {message}`, exit status 2.
    Fatal { goid: u64, message: String },
    /// A task panicked in Rust (a VM bug: "minigo: internal error").
    TaskPanicked { goid: u64, message: String },
}

/// The runtime: create, optionally configure, then [`Runtime::run_main`].
#[derive(Clone)]
pub struct Runtime {
    sched: Arc<Sched>,
}

impl Runtime {
    pub fn new(config: Config) -> Runtime {
        Runtime {
            sched: Sched::new(config),
        }
    }

    /// GOMAXPROCS and GODEBUG from the environment.
    pub fn from_env() -> Runtime {
        Runtime::new(Config::from_env())
    }

    /// Every live goroutine, sorted by id, for a SIGQUIT dump. Safe to
    /// call from any thread at any time: a goroutine whose task is busy
    /// (running, or being parked) is reported without its stack.
    pub fn goroutine_states(&self) -> Vec<GoroutineState> {
        self.sched.goroutine_states()
    }

    /// Run `main` as goroutine 1 and block until the program ends.
    /// Panics if called twice.
    pub fn run_main(&self, main: Box<dyn Task>) -> ExitStatus {
        self.sched.start_main(main);
        self.sched.wait_exit()
    }

    pub fn gomaxprocs(&self) -> usize {
        self.sched.gomaxprocs()
    }

    /// Change GOMAXPROCS; returns the previous value; `n < 1` only reads.
    /// Before `run_main` (and with no other handle) the runtime is rebuilt
    /// with `n` Ps; otherwise this is [`Cx::set_gomaxprocs`] (clamped to
    /// `max(initial GOMAXPROCS, NumCPU, 256)`).
    pub fn set_gomaxprocs(&mut self, n: usize) -> usize {
        let old = self.sched.gomaxprocs();
        if n < 1 || self.sched.shutdown.load(Ordering::SeqCst) {
            return old;
        }
        if Arc::strong_count(&self.sched) == 1 && !self.sched.started() {
            let mut c = self.sched.config.clone();
            c.gomaxprocs = n;
            self.sched = Sched::new(c);
            return old;
        }
        self.sched.procresize(n)
    }

    /// runtime.NumGoroutine().
    pub fn num_goroutine(&self) -> usize {
        self.sched.num_goroutine()
    }

    /// Go's `debug.SetMaxThreads`: the most Ms the runtime may create
    /// (default 10000). Exceeding it ends the program with
    /// `ExitStatus::Fatal { goid: 0, message: "thread exhaustion" }`.
    /// Returns the previous limit.
    pub fn set_max_threads(&self, n: usize) -> usize {
        self.sched.maxmcount.swap(n.max(1), Ordering::SeqCst)
    }

    /// Scheduler counters (`GODEBUG=schedtrace` line via `Display`).
    pub fn sched_summary(&self) -> SchedSummary {
        stats::summary(&self.sched)
    }

    /// Go's detailed schedtrace (`GODEBUG=scheddetail=1`) via `Display`.
    pub fn sched_detail(&self) -> SchedDetail {
        stats::detail(&self.sched)
    }

    /// Ready `g` from a thread that is not running a goroutine: global
    /// queue + wakep. Inside a task use [`Cx::goready`].
    pub fn goready(&self, g: &GRef) {
        self.sched.goready_remote(g);
    }

    /// Runs `f` with a [`Cx`] on an idle P and no G, outside the scheduler
    /// loop, then gives the P back: for driving one task's code by hand
    /// (an interpreter's unit tests). `None` when no P is idle (the
    /// program is running). Whatever `f` leaves on the P's run queue is
    /// moved to the global queue.
    /// While `f` runs, this thread owns the P ([`current_p`]); during a
    /// stop-the-world there is no idle P (`None`).
    pub fn with_idle_p<R>(&self, f: impl FnOnce(&mut Cx<'_>) -> R) -> Option<R> {
        let p = self.sched.pidleget(&mut self.sched.lock())?;
        let prev_p = current_p();
        stw::set_current_p(Some(p.id));
        let prev_sched = stw::set_current_sched(Some(self.sched.clone()));
        let mut slot = Some(p);
        let r = f(&mut Cx {
            sched: &self.sched,
            p: PSlot::M(&mut slot),
            g: None,
            syscall: None,
        });
        stw::set_current_p(prev_p);
        stw::set_current_sched(prev_sched);
        if let Some(mut p) = slot {
            let mut l = self.sched.lock();
            while let Some((g, _)) = p.runqget() {
                self.sched.globrunqput(&mut l, g);
            }
            self.sched.pidleput(&mut l, p);
        }
        Some(r)
    }

    /// Stop the world (for a garbage collector): returns once every P is
    /// stopped, so that no task code and no timer callback runs anywhere
    /// until [`Runtime::start_the_world`]. Call from a thread that runs no
    /// task and owns no P (a GC worker). One STW at a time: a second
    /// caller waits for the first one's start. A P running a G stops when
    /// the G calls [`Cx::gc_stop`] or [`gc_block_current_p`], enters a
    /// syscall, or returns to the scheduler; see `stw.rs` for the rest.
    /// Returns true once the world is stopped. After the program ended
    /// (shutdown) it returns false without waiting, and the world is
    /// not stopped: the caller must not collect, and need not call
    /// `start_the_world`. Once it returned true, threads waiting for the
    /// start wait for it even after the end.
    pub fn stop_the_world(&self) -> bool {
        self.sched.stop_the_world()
    }

    /// Restart the world stopped by [`Runtime::stop_the_world`]: every P
    /// resumes where it stopped (a G stopped in [`Cx::gc_stop`] goes on
    /// on the same P and M), syscalls may return, idle Ps become idle
    /// again and an M is woken if one is idle (queued work, due timers).
    /// No-op if no STW is in progress.
    pub fn start_the_world(&self) {
        self.sched.start_the_world();
    }

    /// During a stop-the-world: call [`Task::gc_roots`] of every live
    /// goroutine whose task is not inside `run`, and return how many were
    /// skipped because they are (stopped in [`Cx::gc_stop`],
    /// [`gc_block_current_p`], or a syscall: the VM publishes their roots
    /// itself, and says so through `published(goid)`).
    ///
    /// A task inside `run` that is not published belongs to an M without
    /// a P that is on its way out of `run` (its syscall came back without
    /// a P): the world does not wait for such an M, so its task is waited
    /// for here, then scanned.
    pub fn scan_tasks(&self, f: &mut dyn FnMut(u64), published: &dyn Fn(u64) -> bool) -> usize {
        debug_assert!(
            self.sched.gcwaiting.load(Ordering::SeqCst)
                || self.sched.shutdown.load(Ordering::SeqCst),
            "scan_tasks: the world is not stopped"
        );
        self.sched.scan_tasks(f, published)
    }

    /// Every event recorded since the last call, in time order, if this
    /// runtime traces ([`Config::trace`]); see [`trace::write_json`].
    pub fn take_trace(&self) -> Option<Vec<trace::Record>> {
        self.sched.tracer.as_ref().map(|t| t.take())
    }

    /// `runtime/trace.Start`: turn recording on (the runtime must have
    /// been made with [`Config::trace_on_demand`]), after recording every
    /// live goroutine's state; `g` (named `name`) is the caller, running.
    /// `false` if tracing is already on or impossible.
    pub fn trace_start(&self, g: u64, name: String) -> bool {
        let Some(t) = &self.sched.tracer else {
            return false;
        };
        if t.is_on() {
            return false;
        }
        drop(t.take());
        if t.set_on(true) {
            return false;
        }
        self.sched.trace_go_statuses(g, name);
        true
    }

    /// `runtime/trace.Stop`: turn recording off; what was recorded since
    /// [`Runtime::trace_start`], or `None` if tracing was off.
    pub fn trace_stop(&self) -> Option<Vec<trace::Record>> {
        let t = self.sched.tracer.as_ref()?;
        if !t.set_on(false) {
            return None;
        }
        Some(t.take())
    }

    /// Record goroutines' stacks where they block ([`Task::trace_stack`]),
    /// `f` naming their pcs when the trace is written in Go's format
    /// ([`Runtime::trace_symbolizer`]). Nothing if the runtime has no
    /// tracer.
    pub fn set_trace_symbolizer(&self, f: Arc<trace::Symbolizer>) {
        if let Some(t) = &self.sched.tracer {
            let _ = t.symbolizer.set(f);
        }
    }

    /// The symbolizer given to [`Runtime::set_trace_symbolizer`].
    pub fn trace_symbolizer(&self) -> Option<Arc<trace::Symbolizer>> {
        self.sched.tracer.as_ref()?.symbolizer.get().cloned()
    }

    /// Let [`Runtime::take_trace_ready`] take records while the program
    /// runs; call it before the program starts. `false` if this runtime
    /// cannot (no tracer, or a seeded run's logical clock).
    pub fn trace_stream(&self) -> bool {
        self.sched.tracer.as_ref().is_some_and(|t| t.stream())
    }

    /// The records made so far that no thread can still precede, in time
    /// order, each after those of the previous call ([`trace_go::Encoder`]
    /// feeds on them); [`Runtime::take_trace`] then gives the rest.
    pub fn take_trace_ready(&self) -> Option<Vec<trace::Record>> {
        self.sched.tracer.as_ref().map(|t| t.take_ready())
    }

    /// The stacks that [`trace::Ev::GoBlock`] records name by id.
    pub fn trace_stack_table(&self) -> Vec<Arc<[u64]>> {
        self.sched
            .tracer
            .as_ref()
            .map_or_else(Vec::new, |t| t.stack_table())
    }

    /// Is the execution trace recording?
    pub fn trace_enabled(&self) -> bool {
        self.sched.tracer.as_ref().is_some_and(|t| t.is_on())
    }

    /// Record an event from outside the scheduler (the collector's
    /// [`trace::Ev::GCStart`] and [`trace::Ev::GCDone`]); nothing when the
    /// runtime does not trace.
    pub fn trace_event(&self, ev: impl FnOnce() -> trace::Ev) {
        self.sched.trace(ev);
    }

    /// Stop-the-world counters (completed cycles, pause times).
    pub fn stw_stats(&self) -> StwStats {
        self.sched.stw_stats()
    }

    /// Arm a timer from outside the scheduler (placed on P0's heap).
    pub fn add_timer(&self, when: Instant, period: Option<Duration>, f: TimerFn) -> Timer {
        self.sched.add_timer(&self.sched.allp[0], when, period, f)
    }

    /// Disarm; true if it was armed (Go's `Timer.Stop`).
    pub fn stop_timer(&self, t: &Timer) -> bool {
        self.sched.stop_timer(t)
    }
}

/// A running goroutine's (or a timer callback's) view of the runtime: the
/// current G, the P it runs on, and the scheduler.
pub struct Cx<'a> {
    pub(crate) sched: &'a Arc<Sched>,
    pub(crate) p: PSlot<'a>,
    pub(crate) g: Option<&'a GRef>,
    /// The P we left in `P_SYSCALL` (Go's `m.oldp`) between
    /// `entersyscall` and `exitsyscall`.
    pub(crate) syscall: Option<Arc<PShared>>,
}

/// Where a `Cx` finds its P: the M's slot (a goroutine, which may give the
/// P away in a syscall) or a borrowed P (a timer callback).
pub(crate) enum PSlot<'a> {
    M(&'a mut Option<Box<PLocal>>),
    Timer(&'a mut PLocal),
}

/// Read by [`Cx::preempt_flag`] when the task has no P (lost it in a
/// syscall): always set, so the task returns at its next check.
static NO_P_PREEMPT: AtomicBool = AtomicBool::new(true);

/// A P's preemption flag, owned (see [`Cx::preempt_handle`]); without a
/// P (lost in a syscall), a flag that is always set.
pub struct Preempt(Option<Arc<PShared>>);

impl Preempt {
    #[inline(always)]
    pub fn flag(&self) -> &AtomicBool {
        match &self.0 {
            Some(p) => &p.preempt,
            None => &NO_P_PREEMPT,
        }
    }
}

/// What [`Cx::blocking`] returns: the closure's value, and whether the
/// task must return `Step::Yield` right away (it came back without a P).
#[must_use = "if `must_yield`, the task must return Step::Yield at once"]
#[derive(Debug)]
pub struct Blocking<R> {
    pub value: R,
    /// The syscall outlived its P (sysmon handed it off) and no idle P was
    /// free: store `value`, advance past the call, return `Step::Yield`
    /// without touching `cx` again. The G resumes on some M and P later.
    pub must_yield: bool,
}

impl<'a> Cx<'a> {
    pub(crate) fn for_timer(sched: &'a Arc<Sched>, p: &'a mut PLocal) -> Cx<'a> {
        Cx {
            sched,
            p: PSlot::Timer(p),
            g: None,
            syscall: None,
        }
    }

    /// The P; panics if the task lost it in a syscall (see [`Blocking`]).
    pub(crate) fn pl(&mut self) -> &mut PLocal {
        match &mut self.p {
            PSlot::M(p) => p
                .as_deref_mut()
                .expect("Cx: no P (after a syscall without P the task must return Step::Yield)"),
            PSlot::Timer(p) => p,
        }
    }

    pub(crate) fn pl_ref(&self) -> Option<&PLocal> {
        match &self.p {
            PSlot::M(p) => p.as_deref(),
            PSlot::Timer(p) => Some(p),
        }
    }

    /// Does this task currently hold a P? False only after
    /// [`Cx::exitsyscall`] returned false (the task must return).
    pub fn has_p(&self) -> bool {
        self.pl_ref().is_some()
    }

    /// Go's `entersyscall` (≤ 1.25): about to block in the OS (file I/O,
    /// stdin, sleeping in C). Leaves the P in `_Psyscall`, still wired to
    /// this M; if the call lasts (two sysmon ticks, ≥ 20us) and there is
    /// other work, sysmon hands the P to another M. Between this and
    /// [`Cx::exitsyscall`] do not call anything else on `cx`. No-op in a
    /// timer callback. Prefer [`Cx::blocking`].
    pub fn entersyscall(&mut self) {
        let PSlot::M(slot) = &mut self.p else {
            return;
        };
        assert!(self.syscall.is_none(), "entersyscall: already in a syscall");
        if let Some(g) = self.g {
            self.sched.trace(|| trace::Ev::GoSyscall { g: g.goid() });
        }
        let p = slot.take().expect("entersyscall: no P");
        stw::set_current_p(None);
        let shared = p.shared.clone();
        // The box first, then the status: whoever CASes the status away
        // from SYSCALL finds the box in place.
        *shared.syscall_p.lock().unwrap() = Some(p);
        shared.status.store(P_SYSCALL, Ordering::SeqCst);
        // Status then `gcwaiting` (SeqCst), against the stopper's
        // `gcwaiting` then status: if it counted us running, we stop here.
        if self.sched.gcwaiting.load(Ordering::SeqCst) {
            self.sched.entersyscall_gcwait(&shared);
        }
        self.syscall = Some(shared);
    }

    /// Go's `exitsyscall`: take the old P back if sysmon did not retake it
    /// (CAS `_Psyscall → _Prunning`), else an idle P. Returns whether the
    /// task holds a P now; if false, it must return `Step::Yield` at once
    /// (Go's `exitsyscall0`: the G waits in the global queue for a P, and
    /// this M parks in the idle list). The P may differ from before.
    ///
    /// During a stop-the-world this blocks until `start_the_world`, then
    /// proceeds as above (the STW gives the old P back unless sysmon had
    /// taken it before).
    pub fn exitsyscall(&mut self) -> bool {
        let Some(oldp) = self.syscall.take() else {
            return self.has_p();
        };
        let PSlot::M(slot) = &mut self.p else {
            unreachable!("exitsyscall: timer callback in a syscall");
        };
        loop {
            if oldp
                .status
                .compare_exchange(P_SYSCALL, P_RUNNING, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
            {
                let p = oldp
                    .syscall_p
                    .lock()
                    .unwrap()
                    .take()
                    .expect("exitsyscall: P in syscall without its PLocal");
                oldp.syscalltick.fetch_add(1, Ordering::SeqCst);
                stw::set_current_p(Some(p.id));
                **slot = Some(p);
                self.trace_sysexit(true);
                return true;
            }
            if oldp.status.load(Ordering::SeqCst) != P_GCSTOP
                || self.sched.shutdown.load(Ordering::SeqCst)
            {
                break;
            }
            // A stop-the-world holds our P: wait for it to give it back.
            self.sched.exitsyscall_gcwait(&oldp);
        }
        match self.sched.exitsyscall_pidle() {
            Some(p) => {
                p.shared.syscalltick.fetch_add(1, Ordering::SeqCst);
                // SeqCst, then `gcwaiting`: see `execute`.
                p.shared.preempt.store(false, Ordering::SeqCst);
                let id = p.id;
                stw::set_current_p(Some(id));
                **slot = Some(p);
                self.trace_sysexit(false);
                if self.sched.gcwaiting.load(Ordering::SeqCst) {
                    self.sched.stw_park(id);
                }
                true
            }
            None => {
                self.trace_sysexit(false);
                false
            }
        }
    }

    fn trace_sysexit(&self, kept_p: bool) {
        if let Some(g) = self.g {
            self.sched.trace(|| trace::Ev::GoSysExit {
                g: g.goid(),
                kept_p,
            });
        }
    }

    /// Run a blocking call `f` bracketed by [`Cx::entersyscall`] and
    /// [`Cx::exitsyscall`]. The task must then do exactly this:
    ///
    /// ```ignore
    /// let r = cx.blocking(|| unsafe { libc::read(fd, buf, n) });
    /// self.save_result(r.value);          // the call is done: advance pc
    /// if r.must_yield {
    ///     return Step::Yield;             // no P: do not touch cx again
    /// }
    /// // carry on (possibly on another P: take cx.preempt_handle() again)
    /// ```
    ///
    /// When run again after `Step::Yield`, the task simply continues after
    /// the call. `f` must not use `cx` (it cannot: `cx` is borrowed).
    pub fn blocking<R>(&mut self, f: impl FnOnce() -> R) -> Blocking<R> {
        self.entersyscall();
        let value = f();
        let must_yield = !self.exitsyscall();
        Blocking { value, must_yield }
    }

    /// The running goroutine. Panics inside a timer callback.
    pub fn current(&self) -> &GRef {
        self.g
            .expect("Cx::current: not running a goroutine (timer callback)")
    }

    /// The running goroutine, `None` in a timer callback.
    pub fn g(&self) -> Option<&GRef> {
        self.g
    }

    pub fn goid(&self) -> u64 {
        self.current().goid()
    }

    /// Id of the P this code runs on (0-based).
    pub fn p_id(&self) -> usize {
        self.pl_ref().expect("Cx::p_id: no P").id
    }

    /// `go f()` (Go's newproc): the new G goes to this P's runnext, the old
    /// runnext to the tail; `wakep`. Returns the new goroutine id.
    pub fn spawn(&mut self, task: Box<dyn Task>) -> u64 {
        let sched = self.sched;
        let goid = sched.next_goid(self.pl());
        sched.trace(|| trace::Ev::go_create(goid, self.g.map_or(0, |g| g.goid()), task.name()));
        let g = sched.new_g(goid, task);
        self.pl().runqput(sched, g, true);
        self.sched.wakep();
        goid
    }

    /// `goready`: wake a parked G onto this P's runnext (it runs next and
    /// inherits the slice); safe to call before the G's park committed.
    /// Never call it while holding a lock the woken G may need.
    ///
    /// With `GODEBUG=wakeplocal=0` the G goes to the global queue instead
    /// of the waker's P, so any idle P may take it.
    pub fn goready(&mut self, g: &GRef) {
        if g.ready() == g::Readied::Queue {
            let sched = self.sched;
            if !sched.config.rules.wakeplocal {
                return self.goready_global(g);
            }
            sched.trace(|| trace::Ev::GoUnblock {
                g: g.goid(),
                by: self.g.map_or(0, |g| g.goid()),
                runnext: sched.runnext_on(),
            });
            self.pl().runqput(sched, g.clone(), true);
            sched.wakep();
        }
    }

    /// `goready` under `GODEBUG=wakeplocal=0`: out of line, so that the
    /// usual path pays one untaken branch for the switch.
    #[cold]
    #[inline(never)]
    fn goready_global(&mut self, g: &GRef) {
        let sched = self.sched;
        sched.trace(|| trace::Ev::GoUnblock {
            g: g.goid(),
            by: self.g.map_or(0, |g| g.goid()),
            runnext: false,
        });
        let mut l = sched.lock();
        sched.globrunqput(&mut l, g.clone());
        drop(l);
        sched.wakep();
    }

    /// Is this a seeded run (`Config::replay_seed`)? Its preempt flag stays
    /// raised: a task resumed after `Step::Preempted` must get past the
    /// safe point where it stopped before it polls the flag again.
    pub fn seeded(&self) -> bool {
        self.sched.det.is_some()
    }

    /// Has sysmon asked the running G to yield? Poll at calls and loop
    /// back-edges; if true, return `Step::Preempted`. Always true without
    /// a P (after a syscall lost it).
    #[inline]
    pub fn preempt_requested(&self) -> bool {
        self.preempt_flag().load(Ordering::Relaxed)
    }

    /// Is a stop-the-world waiting (a cheap atomic load)? Ask when
    /// [`Cx::preempt_requested`] said true; if so call [`Cx::gc_stop`]
    /// (after publishing whatever the GC cannot find in the task), else
    /// return `Step::Preempted` as usual.
    #[inline]
    pub fn gc_waiting(&self) -> bool {
        self.sched.gcwaiting.load(Ordering::SeqCst)
    }

    /// A safe point for the garbage collector: if a stop-the-world is
    /// pending, count this P as stopped and block until
    /// `start_the_world`; return at once otherwise. Returns on the same P
    /// and M, the G still running (not requeued), with the preempt flag
    /// cleared by `start_the_world`. If [`Cx::preempt_requested`] is still
    /// true afterwards, a new STW is pending (call again) or GOMAXPROCS
    /// shrank below this P (return `Step::Preempted`); a sysmon time-slice
    /// request dropped by the STW is raised again by sysmon after its 10ms.
    /// The task must hold no channel or other runtime lock here, and must
    /// not be inside `blocking`'s closure (no P there: returns at once).
    pub fn gc_stop(&mut self) {
        if !self.sched.gcwaiting.load(Ordering::SeqCst) {
            return;
        }
        if let Some(id) = self.pl_ref().map(|p| p.id) {
            self.sched.stw_park(id);
        }
    }

    /// The flag behind [`Cx::preempt_requested`].
    fn preempt_flag(&self) -> &AtomicBool {
        match self.pl_ref() {
            Some(p) => &p.shared.preempt,
            None => &NO_P_PREEMPT,
        }
    }

    /// The flag behind [`Cx::preempt_requested`] as an owned handle, for
    /// an interpreter loop that polls it while it also uses `cx` (a borrow
    /// of [`Cx::preempt_flag`] would lock `cx` for the whole loop). Fetch
    /// it again after [`Cx::blocking`]: the G may run on another P then.
    pub fn preempt_handle(&self) -> Preempt {
        Preempt(self.pl_ref().map(|p| p.shared.clone()))
    }

    /// A random number from this P's generator (select order, map order).
    pub fn rand_u32(&mut self) -> u32 {
        self.pl().rng.next_u32()
    }

    /// Uniform in `[0, n)`.
    pub fn rand_below(&mut self, n: u32) -> u32 {
        self.pl().rng.below(n)
    }

    /// time.Sleep: arm a timer that readies the current G at `deadline`.
    /// Returns false (do not park) if the deadline has passed; otherwise
    /// the task must return `Step::Park(WaitReason::Sleep)`.
    pub fn sleep_until(&mut self, deadline: Instant) -> bool {
        if deadline <= self.sched.now() {
            return false;
        }
        let g = self.current().clone();
        self.add_timer(
            deadline,
            None,
            Box::new(move |cx: &mut Cx<'_>| cx.goready(&g)),
        );
        true
    }

    /// Arm a timer on this P (`period`: a ticker). The callback runs on
    /// an M holding a P, with a `Cx` whose `goready` targets that P.
    pub fn add_timer(&mut self, when: Instant, period: Option<Duration>, f: TimerFn) -> Timer {
        let shared = self.pl().shared.clone();
        self.sched.add_timer(&shared, when, period, f)
    }

    /// Re-arm (Go's `Timer.Reset`/`Ticker.Reset`); true if it was armed.
    pub fn reset_timer(&mut self, t: &Timer, when: Instant, period: Option<Duration>) -> bool {
        let shared = self.pl().shared.clone();
        self.sched.reset_timer(&shared, t, when, period)
    }

    /// Disarm (Go's `Timer.Stop`); true if it was armed.
    pub fn stop_timer(&self, t: &Timer) -> bool {
        self.sched.stop_timer(t)
    }

    /// runtime.NumGoroutine().
    pub fn num_goroutine(&self) -> usize {
        self.sched.num_goroutine()
    }

    /// Every live goroutine with its stack where readable (see
    /// [`GoroutineStack`]), sorted by id: `runtime/pprof`'s goroutine
    /// profile.
    pub fn goroutine_stacks(&self) -> Vec<GoroutineStack> {
        self.sched.goroutine_stacks()
    }

    /// runtime.GOMAXPROCS(0).
    pub fn gomaxprocs(&self) -> usize {
        self.sched.gomaxprocs()
    }

    /// runtime.GOMAXPROCS(n): set the number of Ps, return the previous
    /// value; `n < 1` only reads. `n` is clamped to the size of `allp`,
    /// `max(initial GOMAXPROCS, NumCPU, 256)`. Growing takes effect at once
    /// (idle Ps, `wakep`). Shrinking is asynchronous for Ps that are held:
    /// their running Gs are asked to yield (preempt flag) and their Ms give
    /// the P up at the next scheduling point, moving its queued Gs to the
    /// global queue and its timers to P0; nothing is lost. If the caller's
    /// own P is among them, the caller should return `Step::Preempted` when
    /// [`Cx::preempt_requested`] says so, and resumes on an active P.
    pub fn set_gomaxprocs(&mut self, n: usize) -> usize {
        self.sched.procresize(n)
    }

    /// A handle to the runtime (for `Runtime::goready` from other threads).
    pub fn runtime(&self) -> Runtime {
        Runtime {
            sched: self.sched.clone(),
        }
    }

    /// Scheduler counters.
    pub fn sched_summary(&self) -> SchedSummary {
        stats::summary(self.sched)
    }
}
