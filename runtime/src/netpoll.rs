//! The network poller (Go's `netpoll.go` + `netpoll_epoll.go`): Gs wait for
//! fd readiness parked in the runtime, never in an M.
//!
//! # The poll descriptor state machine (Go's `pollDesc.rg`/`wg`)
//!
//! Each [`PollDesc`] has one wait slot per mode (read, write). A slot's
//! `state` is a binary semaphore:
//!
//! ```text
//!   NIL    nothing pending
//!   READY  an I/O notification arrived that no G consumed yet (Go's pdReady)
//!   WAIT   a G is about to park (Go's pdWait)
//!   PARKED a G is parked; its GRef is in `slot.g` (Go stores the G pointer)
//! ```
//!
//! - `netpollblock` ([`PollDesc::wait`]): CAS READY→NIL (consume, retry the
//!   syscall) or NIL→WAIT (WAIT/PARKED: another G waits on this fd and
//!   mode; queue behind it, see `WaitSlot::queue`); re-check
//!   close/deadline (their setters store the flag THEN unblock, we CAS THEN
//!   check: one side sees the other); put the G in `slot.g`, CAS WAIT→PARKED
//!   (Go's `netpollblockcommit`) and count a waiter. If that CAS fails an
//!   unblock came in between: do not park, report ready.
//! - `netpollunblock(ioready)`: READY stays READY; NIL becomes READY only for
//!   I/O; WAIT/PARKED become READY (I/O) or NIL (deadline, close). Only the
//!   CAS winner on PARKED takes the G and readies it, so each park gets at
//!   most one wake (invariant 1 in `g.rs`). A wake racing the park's commit
//!   is absorbed by the G's NOTIFIED bit.
//! - Resume ([`IoWait::result`]): swap the slot to NIL; READY means "retry
//!   the syscall", otherwise the close/deadline flags say why we woke. A
//!   spurious wake also reports "retry": the syscall fails with EAGAIN and
//!   the task waits again (Go's `pollWait` loop, moved into the task).
//!
//! # Registration
//!
//! Each fd is registered once, edge-triggered for read and write, like
//! Go's Linux poller (`netpollopen`): readiness edges that nobody waits for
//! leave READY in the slot, so an edge between a syscall's EAGAIN and the
//! wait is never lost. Where `polling` has no edge mode we register oneshot
//! and re-arm (`modify`) after each event and on every wait (documented in
//! `PollDesc::wait`). An event carries our key, looked up in `pds`; it is
//! never a pointer, so a stale event after `close` is dropped harmlessly.
//!
//! # Who polls (RUNTIME.md A4 7 and 12, A9)
//!
//! `lastpoll` is 0 while an M is blocked in `netpoll` (the only such M,
//! Go's `sched.lastpoll`), else the time of the last poll. `polling` is
//! Go's `sched.pollingNet`: one poller at a time, which also keeps a
//! non-blocking poll from eating the blocking poller's `notify`.
//! - findRunnable step 7: `netpoll(0)` when some G waits, nobody is
//!   blocked polling, and `polling` was free; first G runs, rest injected.
//! - step 12: an M with nothing to do, when some G waits or a timer is
//!   armed, claims `lastpoll` and blocks until the earliest timer. This M
//!   replaced the old "timer sleeper". New timers earlier than `poll_until`
//!   break it (`wakeNetPoller` = `Poller::notify`).
//! - sysmon: `netpoll(0)` if nobody polled for 10ms, injected without a P.
//!
//! # Rejected alternatives
//!
//! - A dedicated poller thread (mio/tokio-style driver thread that readies
//!   Gs): an extra hop per wake-up, and Go's design, where an idle M doubles
//!   as the poller and sleeps until the next timer, is what we mirror.
//! - G pointers in the atomic (Go's `uintptr`): needs unsafe `Arc` juggling;
//!   a PARKED state plus a mutex-guarded `Option<GRef>` touched only by the
//!   committing G and the CAS winner costs an uncontended lock.
//! - Level-triggered registration: every poll reports every idle-readable
//!   fd again until someone reads it.

use std::collections::HashMap;
use std::fmt;
use std::io;
use std::os::fd::{BorrowedFd, RawFd};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use polling::{Event, Events, PollMode, Poller};

use crate::g::{GRef, Readied};
use crate::proc::Sched;
use crate::timer::Timer;
use crate::Cx;

const NIL: u8 = 0;
const READY: u8 = 1;
const WAIT: u8 = 2;
const PARKED: u8 = 3;

/// Which half of a poll descriptor a G waits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IoMode {
    Read,
    Write,
}

/// Why an I/O wait ended without readiness (Go's `pollErrClosing`,
/// `pollErrTimeout`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IoError {
    /// [`PollDesc::close`] was called: Go's `net.ErrClosed`.
    Closed,
    /// The deadline for this mode passed: Go's `os.ErrDeadlineExceeded`.
    Timeout,
}

impl fmt::Display for IoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IoError::Closed => "use of closed network connection",
            IoError::Timeout => "i/o timeout",
        })
    }
}

impl std::error::Error for IoError {}

/// Result of [`PollDesc::wait`].
pub enum IoPoll {
    /// A readiness notification was pending: retry the syscall now.
    Ready,
    /// Return `Step::Park(WaitReason::IoWait)`; when run again call
    /// [`IoWait::result`] and, on `Ok`, retry the syscall.
    Blocked(IoWait),
}

/// A parked I/O wait.
pub struct IoWait {
    pd: Arc<PdInner>,
    mode: IoMode,
    /// Parked in the slot's queue behind another G's wait (not in the
    /// slot itself): the slot's state is not ours to consume.
    queued: bool,
}

impl IoWait {
    /// After resuming: `Ok(())` = retry the syscall (it may fail with
    /// EAGAIN again; then wait again), or why the wait ended.
    pub fn result(&self) -> Result<(), IoError> {
        let slot = self.pd.slot(self.mode);
        // Consume a READY left by our wake-up; never touch WAIT/PARKED:
        // with several Gs on one descriptor, another may own the slot
        // again by the time we run.
        if !self.queued
            && slot
                .state
                .compare_exchange(READY, NIL, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
        {
            return Ok(());
        }
        self.pd.check(self.mode)
    }

    pub fn mode(&self) -> IoMode {
        self.mode
    }
}

struct Deadline {
    /// Bumped by every set and by close; a firing timer with an older seq
    /// is stale (Go's `rseq`/`wseq`).
    seq: u64,
    timer: Option<Timer>,
}

struct WaitSlot {
    state: AtomicU8,
    /// The parked G, set before the WAIT→PARKED CAS.
    g: Mutex<Option<GRef>>,
    /// Gs that found the slot taken (WAIT/PARKED) by another G waiting on
    /// the same descriptor and mode: two goroutines in `Accept` on one
    /// listener, or reading one `Conn`. Pushed only while the state is
    /// WAIT/PARKED, under this lock; every unblock that moves the state
    /// off WAIT/PARKED wakes them all (after its CAS, under this lock),
    /// and each retries its syscall: one wins the connection or the data,
    /// the others see EAGAIN and wait again. Go gets the same effect by
    /// serializing them on the fd's `fdMutex`, so that one G at a time
    /// waits in the poller; Close wakes them all with `net.ErrClosed`.
    queue: Mutex<Vec<GRef>>,
    /// Go's `rd < 0`: the deadline has passed.
    expired: AtomicBool,
    deadline: Mutex<Deadline>,
}

impl WaitSlot {
    fn new() -> WaitSlot {
        WaitSlot {
            state: AtomicU8::new(NIL),
            g: Mutex::new(None),
            queue: Mutex::new(Vec::new()),
            expired: AtomicBool::new(false),
            deadline: Mutex::new(Deadline {
                seq: 0,
                timer: None,
            }),
        }
    }
}

struct PdInner {
    fd: RawFd,
    key: usize,
    sched: Weak<Sched>,
    closing: AtomicBool,
    rg: WaitSlot,
    wg: WaitSlot,
}

/// A poll descriptor (Go's `pollDesc`): one fd registered with the
/// runtime's poller. Cheap to clone; all clones are the same descriptor.
#[derive(Clone)]
pub struct PollDesc(Arc<PdInner>);

impl fmt::Debug for PollDesc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PollDesc")
            .field("fd", &self.0.fd)
            .field("closing", &self.0.closing.load(Ordering::Relaxed))
            .finish()
    }
}

impl PdInner {
    fn slot(&self, mode: IoMode) -> &WaitSlot {
        match mode {
            IoMode::Read => &self.rg,
            IoMode::Write => &self.wg,
        }
    }

    /// Go's `netpollcheckerr`.
    fn check(&self, mode: IoMode) -> Result<(), IoError> {
        if self.closing.load(Ordering::SeqCst) {
            return Err(IoError::Closed);
        }
        if self.slot(mode).expired.load(Ordering::SeqCst) {
            return Err(IoError::Timeout);
        }
        Ok(())
    }

    /// Go's `netpollunblock`: returns the parked Gs the caller must ready
    /// (the slot's G, then the queued ones).
    fn unblock(&self, mode: IoMode, ioready: bool, waiters: &AtomicUsize) -> Vec<GRef> {
        let slot = self.slot(mode);
        let mut old = slot.state.load(Ordering::Acquire);
        loop {
            if old == READY || (old == NIL && !ioready) {
                return Vec::new();
            }
            let new = if ioready { READY } else { NIL };
            match slot
                .state
                .compare_exchange(old, new, Ordering::AcqRel, Ordering::Acquire)
            {
                Ok(_) => break,
                Err(s) => old = s,
            }
        }
        if old == NIL {
            return Vec::new(); // nobody waited: no queue either
        }
        let mut gs = Vec::new();
        if old == PARKED {
            waiters.fetch_sub(1, Ordering::SeqCst);
            let g = slot.g.lock().unwrap().take();
            debug_assert!(g.is_some(), "netpollunblock: parked slot without g");
            gs.extend(g);
        }
        gs.append(&mut slot.queue.lock().unwrap());
        gs
    }

    /// Deadline or close: wake the waiter of `mode` onto the caller's P.
    fn unblock_goready(&self, cx: &mut Cx<'_>, mode: IoMode) {
        let Some(sched) = self.sched.upgrade() else {
            return;
        };
        for g in self.unblock(mode, false, &sched.poll.waiters) {
            cx.goready(&g);
        }
    }
}

impl PollDesc {
    /// Register `fd` with the runtime's poller (Go's `runtime_pollOpen`).
    ///
    /// Contract (the VM's side): `fd` is non-blocking (O_NONBLOCK) and stays
    /// open until [`PollDesc::close`] returns; close the fd only after that
    /// (close deletes it from the poller first, as `polling` requires).
    /// Breaking it cannot corrupt memory: events carry a key looked up in a
    /// table, never a pointer; a stale registration only causes spurious
    /// wake-ups, which every waiter tolerates.
    pub fn new(cx: &Cx<'_>, fd: RawFd) -> io::Result<PollDesc> {
        let sched = cx.sched;
        let np = &sched.poll;
        let key = np.next_key.fetch_add(1, Ordering::Relaxed);
        let pd = Arc::new(PdInner {
            fd,
            key,
            sched: Arc::downgrade(sched),
            closing: AtomicBool::new(false),
            rg: WaitSlot::new(),
            wg: WaitSlot::new(),
        });
        np.pds.lock().unwrap().insert(key, pd.clone());
        // SAFETY: `polling` requires the source to be deleted before it is
        // closed. `PollDesc::close` deletes it and the caller promises (see
        // the contract above) to close the fd only afterwards. If a caller
        // breaks that, epoll keeps (or the kernel drops) a registration
        // whose events carry `key`, a table index: no memory is at stake.
        let res = unsafe { np.poller.add_with_mode(fd, Event::all(key), np.mode) };
        if let Err(e) = res {
            np.pds.lock().unwrap().remove(&key);
            return Err(e);
        }
        Ok(PollDesc(pd))
    }

    pub fn fd(&self) -> RawFd {
        self.0.fd
    }

    pub fn is_closed(&self) -> bool {
        self.0.closing.load(Ordering::SeqCst)
    }

    /// Go's `pollDesc.prepare`: call before the syscall; `Err` if the
    /// descriptor is closed or the mode's deadline has passed.
    pub fn prepare(&self, mode: IoMode) -> Result<(), IoError> {
        self.0.check(mode)
    }

    /// Go's `netpollblock`: the running G's syscall returned EAGAIN (or
    /// EINPROGRESS for connect: wait for `Write`).
    ///
    /// - `Err(e)`: closed or deadline passed; return Go's error.
    /// - `Ok(IoPoll::Ready)`: readiness arrived meanwhile; retry now.
    /// - `Ok(IoPoll::Blocked(w))`: keep `w`, return
    ///   `Step::Park(WaitReason::IoWait)`; when run again, `w.result()`.
    ///
    /// Several Gs may wait on one descriptor and mode: the first owns the
    /// slot, the others queue behind it (see `WaitSlot::queue`).
    pub fn wait(&self, cx: &mut Cx<'_>, mode: IoMode) -> Result<IoPoll, IoError> {
        let pd = &self.0;
        pd.check(mode)?;
        let slot = pd.slot(mode);
        loop {
            if slot
                .state
                .compare_exchange(READY, NIL, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
            {
                return Ok(IoPoll::Ready);
            }
            match slot
                .state
                .compare_exchange(NIL, WAIT, Ordering::AcqRel, Ordering::Acquire)
            {
                Ok(_) => break,
                Err(READY) => continue,
                Err(_) => {
                    // Another G waits here: queue behind it, unless its
                    // wait ended meanwhile (then its unblock, which
                    // drains the queue under this lock, is done).
                    let mut q = slot.queue.lock().unwrap();
                    let s = slot.state.load(Ordering::Acquire);
                    if s != WAIT && s != PARKED {
                        continue;
                    }
                    q.push(cx.current().clone());
                    return Ok(IoPoll::Blocked(IoWait {
                        pd: pd.clone(),
                        mode,
                        queued: true,
                    }));
                }
            }
        }
        // Re-check after publishing WAIT: close/deadline store their flag,
        // then unblock; one of us sees the other.
        if let Err(e) = pd.check(mode) {
            slot.state.swap(NIL, Ordering::AcqRel);
            return Err(e);
        }
        let np = &cx.sched.poll;
        if !np.edge {
            np.rearm(pd);
        }
        *slot.g.lock().unwrap() = Some(cx.current().clone());
        // Count first: an unblock may win the G right after the CAS.
        np.waiters.fetch_add(1, Ordering::SeqCst);
        match slot
            .state
            .compare_exchange(WAIT, PARKED, Ordering::AcqRel, Ordering::Acquire)
        {
            Ok(_) => Ok(IoPoll::Blocked(IoWait {
                pd: pd.clone(),
                mode,
                queued: false,
            })),
            Err(_) => {
                // Unblocked between our WAIT and the commit (Go: the
                // commit CAS fails, the G does not park).
                np.waiters.fetch_sub(1, Ordering::SeqCst);
                slot.g.lock().unwrap().take();
                // Consume a READY only: after an unblock to NIL another G
                // may already own the slot (WAIT), which is not ours.
                if slot
                    .state
                    .compare_exchange(READY, NIL, Ordering::AcqRel, Ordering::Acquire)
                    .is_ok()
                {
                    Ok(IoPoll::Ready)
                } else {
                    pd.check(mode).map(|()| IoPoll::Ready)
                }
            }
        }
    }

    /// Go's `poll_runtime_pollSetDeadline`: `mode` `None` sets both. `when`
    /// `None` clears the deadline; a past instant expires it at once
    /// (waiters wake with [`IoError::Timeout`]). Deadlines are runtime
    /// timers armed on this P; a fired one readies the waiter there.
    pub fn set_deadline(&self, cx: &mut Cx<'_>, mode: Option<IoMode>, when: Option<Instant>) {
        let modes: &[IoMode] = match mode {
            Some(IoMode::Read) => &[IoMode::Read],
            Some(IoMode::Write) => &[IoMode::Write],
            None => &[IoMode::Read, IoMode::Write],
        };
        if self.is_closed() {
            return;
        }
        let now = cx.sched.now();
        for &m in modes {
            let slot = self.0.slot(m);
            let mut d = slot.deadline.lock().unwrap();
            d.seq += 1;
            if let Some(t) = d.timer.take() {
                cx.stop_timer(&t);
            }
            let expire_now = match when {
                None => {
                    slot.expired.store(false, Ordering::SeqCst);
                    false
                }
                Some(w) if w <= now => {
                    slot.expired.store(true, Ordering::SeqCst);
                    true
                }
                Some(w) => {
                    slot.expired.store(false, Ordering::SeqCst);
                    let seq = d.seq;
                    let pd = self.0.clone();
                    d.timer = Some(cx.add_timer(
                        w,
                        None,
                        Box::new(move |cx: &mut Cx<'_>| deadline_fired(&pd, cx, m, seq)),
                    ));
                    false
                }
            };
            drop(d);
            if expire_now {
                self.0.unblock_goready(cx, m);
            }
        }
    }

    /// Go's `poll_runtime_pollUnblock` + `poll_runtime_pollClose`: mark the
    /// descriptor closing, stop its deadline timers, wake both waiters
    /// (they get [`IoError::Closed`]) and delete the fd from the poller.
    /// The fd itself is NOT closed: the VM closes it after this returns.
    /// Idempotent.
    pub fn close(&self, cx: &mut Cx<'_>) {
        let pd = &self.0;
        if pd.closing.swap(true, Ordering::SeqCst) {
            return;
        }
        for m in [IoMode::Read, IoMode::Write] {
            let mut d = pd.slot(m).deadline.lock().unwrap();
            d.seq += 1;
            if let Some(t) = d.timer.take() {
                cx.stop_timer(&t);
            }
            drop(d);
            pd.unblock_goready(cx, m);
        }
        let np = &cx.sched.poll;
        np.pds.lock().unwrap().remove(&pd.key);
        // SAFETY: the caller guarantees the fd is still open (contract on
        // `new`); we only borrow it for the duration of the `delete` call.
        let fd = unsafe { BorrowedFd::borrow_raw(pd.fd) };
        let _ = np.poller.delete(fd);
    }
}

/// A deadline timer fired (Go's `netpolldeadlineimpl`).
fn deadline_fired(pd: &Arc<PdInner>, cx: &mut Cx<'_>, mode: IoMode, seq: u64) {
    let slot = pd.slot(mode);
    {
        let mut d = slot.deadline.lock().unwrap();
        if d.seq != seq {
            return; // reset or closed since this timer was armed
        }
        d.timer = None;
        slot.expired.store(true, Ordering::SeqCst);
    }
    pd.unblock_goready(cx, mode);
}

/// The runtime's poller state (Go's netpoll globals + `sched.lastpoll`,
/// `sched.pollUntil`, `sched.pollingNet`).
pub(crate) struct Netpoll {
    poller: Poller,
    /// Edge-triggered registration (else oneshot + re-arm).
    edge: bool,
    mode: PollMode,
    pds: Mutex<HashMap<usize, Arc<PdInner>>>,
    next_key: AtomicUsize,
    /// Go's `netpollWaiters`: Gs parked in a PollDesc.
    pub(crate) waiters: AtomicUsize,
    events: Mutex<Events>,
    /// 0 while an M is blocked in `netpoll`; else 1 + ns (since the
    /// scheduler's epoch) of the last poll's end.
    pub(crate) lastpoll: AtomicU64,
    /// When the blocked poller will wake (ns since epoch, at least 1);
    /// 0 = not blocked or blocked without a timeout.
    pub(crate) poll_until: AtomicU64,
    /// Go's `sched.pollingNet`: someone is inside `netpoll`.
    pub(crate) polling: AtomicBool,
}

impl Netpoll {
    pub(crate) fn new() -> Netpoll {
        let poller = Poller::new().expect("runtime: netpollinit failed");
        let edge = poller.supports_edge();
        Netpoll {
            poller,
            edge,
            mode: if edge {
                PollMode::Edge
            } else {
                PollMode::Oneshot
            },
            pds: Mutex::new(HashMap::new()),
            next_key: AtomicUsize::new(0),
            waiters: AtomicUsize::new(0),
            events: Mutex::new(Events::new()),
            lastpoll: AtomicU64::new(1),
            poll_until: AtomicU64::new(0),
            polling: AtomicBool::new(false),
        }
    }

    /// Go's `netpollBreak`.
    pub(crate) fn wake(&self) {
        let _ = self.poller.notify();
    }

    pub(crate) fn any_waiters(&self) -> bool {
        self.waiters.load(Ordering::SeqCst) > 0
    }

    /// Oneshot mode only: re-arm interest for the modes that have waiters
    /// (or are about to: `wait` calls this after publishing WAIT).
    fn rearm(&self, pd: &PdInner) {
        if pd.closing.load(Ordering::SeqCst) {
            return;
        }
        let busy = |m: IoMode| {
            let s = pd.slot(m).state.load(Ordering::Acquire);
            s == WAIT || s == PARKED
        };
        let ev = Event::new(pd.key, busy(IoMode::Read), busy(IoMode::Write));
        // SAFETY: as in `PollDesc::close`: the fd is open until close.
        let fd = unsafe { BorrowedFd::borrow_raw(pd.fd) };
        let _ = self.poller.modify_with_mode(fd, ev, self.mode);
    }
}

impl Sched {
    /// Go's `netpoll(delay)`: wait up to `timeout` (`None` = until an event
    /// or `Netpoll::wake`) and return the Gs made runnable (already
    /// RUNNABLE: the caller must queue them, Go's `injectglist`).
    /// The caller holds the poller role (`poll.polling`).
    pub(crate) fn netpoll(&self, timeout: Option<Duration>) -> Vec<GRef> {
        let np = &self.poll;
        let mut events = np.events.lock().unwrap();
        events.clear();
        if np.poller.wait(&mut events, timeout).is_err() {
            return Vec::new();
        }
        if events.is_empty() {
            return Vec::new();
        }
        let ready: Vec<(Arc<PdInner>, bool, bool)> = {
            let pds = np.pds.lock().unwrap();
            events
                .iter()
                .filter_map(|ev| {
                    pds.get(&ev.key)
                        .map(|pd| (pd.clone(), ev.readable, ev.writable))
                })
                .collect()
        };
        drop(events);
        let mut list = Vec::new();
        for (pd, r, w) in ready {
            for (m, on) in [(IoMode::Read, r), (IoMode::Write, w)] {
                if !on {
                    continue;
                }
                for g in pd.unblock(m, true, &np.waiters) {
                    if g.ready() == Readied::Queue {
                        list.push(g);
                    }
                }
            }
            if !np.edge {
                np.rearm(&pd);
            }
        }
        list
    }

    /// Go's non-blocking `netpoll(0)` gate (findRunnable step 7, sysmon):
    /// only when some G waits, nobody is blocked polling, and we win
    /// `pollingNet`.
    pub(crate) fn netpoll_nonblocking(&self) -> Vec<GRef> {
        let np = &self.poll;
        if !np.any_waiters()
            || np.lastpoll.load(Ordering::SeqCst) == 0
            || np.polling.swap(true, Ordering::SeqCst)
        {
            return Vec::new();
        }
        let list = self.netpoll(Some(Duration::ZERO));
        np.polling.store(false, Ordering::SeqCst);
        list
    }
}
