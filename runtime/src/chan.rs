//! Channels of `u64` words (Go's `hchan`, `chan.go`).
//!
//! The VM stores any Go value as one word, so a channel moves `u64`s.
//!
//! Invariants (under the channel lock, Go's `chan.go` header):
//! - at least one of `recvq`, `sendq` is empty, except for select entries
//!   already claimed by another case (skipped and dropped when a peer meets
//!   them, else unlinked in O(1) when their select resumes, `waitq.rs`);
//! - for a buffered channel, `buf` non-empty ⇒ `recvq` has no live entry, and
//!   `buf` not full ⇒ `sendq` has no live entry;
//! - once `closed`, both queues are empty and stay empty.
//!
//! Operations:
//! - a send to a parked receiver copies the value into the receiver's
//!   `Sudog` (Go's `send`), a receive from a parked sender takes its value,
//!   or for a full buffered channel takes the head and moves the sender's
//!   value to the tail (Go's `recv`), so FIFO order holds;
//! - `close` claims every waiter, records (zero, false) for receivers and
//!   "closed" for senders, unlocks, then readies them all;
//! - the woken G is readied onto the WAKER's P runnext (`Cx::goready`) and
//!   never while the channel lock is held.
//!
//! `-race`: the operations that take the running goroutine's
//! [`RaceThread`] (`chansend`, `chanrecv`, `closechan`, and
//! [`crate::selectgo`]) do Go's race-detector synchronisation under the
//! channel lock, as Go's `chan.go` does (`racenotify`, `racesync`): a
//! buffered send or receive does a release-store-acquire on its buffer
//! slot (so the k-th receive happens before the (k+C)-th send
//! completes, and nothing more), an unbuffered hand-off synchronises the
//! pair both ways, `close` releases a clock that a receive seeing the
//! close acquires. A parked peer's part is done on the clock it left in
//! its sudog ([`RaceThread::park`]) and applied when it runs again
//! ([`ChanWait::unpark_race`]). The slot of the buffer's head is
//! `head % cap` (Go's `recvx`).
//!
//! Blocking protocol for the task: an operation that cannot complete
//! registers the current G and returns `Blocked(wait)`; the task must then
//! return `Step::Park(reason)` and, when run again, read the outcome from
//! `wait` (`recv_result`, `send_result`). A wake may arrive before the park
//! commits; `g.rs` makes that safe. Nil channels are the VM's business: park
//! with "chan send (nil chan)" / "chan receive (nil chan)" without
//! registering anywhere.

use std::collections::VecDeque;
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::g::GRef;
use crate::race::{ChanClocks, RaceThread};
use crate::wait::{Sudog, CLOSED, DONE};
use crate::waitq::{WaitEntry, WaitQ};
use crate::Cx;

/// A run-time panic raised by a channel operation, worded as Go's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChanPanic {
    SendOnClosed,
    CloseOfClosed,
    CloseOfNil,
}

impl fmt::Display for ChanPanic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChanPanic::SendOnClosed => "send on closed channel",
            ChanPanic::CloseOfClosed => "close of closed channel",
            ChanPanic::CloseOfNil => "close of nil channel",
        })
    }
}

impl std::error::Error for ChanPanic {}

pub(crate) struct ChanState {
    pub(crate) buf: VecDeque<u64>,
    pub(crate) closed: bool,
    pub(crate) recvq: WaitQ,
    pub(crate) sendq: WaitQ,
    /// Values taken from the buffer's head so far, hand-offs through it
    /// included: `buf[i]` is in slot `(head + i) % cap` (Go's `recvx`).
    pub(crate) head: u64,
    /// `-race` clocks, made by the first operation that has a thread.
    pub(crate) race: Option<Box<ChanClocks>>,
}

impl ChanState {
    /// The buffer's head moved on one slot. Counted only once the channel
    /// has `-race` clocks (they are made by the first operation with a
    /// thread, before which every slot is fresh): a store per receive
    /// to a field of its own cost go_buffered 40% on two Ps (the
    /// channel's lines bounce between the sender's and receiver's cores).
    #[inline]
    fn advance_head(&mut self) {
        if self.race.is_some() {
            self.head += 1;
        }
    }

    fn clocks(&mut self, cap: usize) -> &mut ChanClocks {
        self.race
            .get_or_insert_with(|| Box::new(ChanClocks::new(cap)))
    }

    /// `-race`: a buffered send or receive through `slot` (out of line: the
    /// plain operation's critical section stays as short as without it).
    #[cold]
    #[inline(never)]
    fn race_slot(&mut self, cap: usize, t: &mut RaceThread, slot: usize) {
        self.clocks(cap).use_slot(t, slot);
    }

    /// `-race`: a receive that found the channel closed and drained.
    #[cold]
    #[inline(never)]
    fn race_closed(&mut self, cap: usize, t: &mut RaceThread) {
        self.clocks(cap).acquire_closed(t);
    }

    /// `-race`: the running goroutine `t` completes the operation of the
    /// parked `sg`, through the head's slot for a buffered channel.
    #[cold]
    #[inline(never)]
    fn race_pair(&mut self, cap: usize, t: &mut RaceThread, sg: &Sudog) {
        let head = self.head as usize;
        let mut parked = sg.race.lock().unwrap_or_else(|e| e.into_inner());
        let c = self.clocks(cap);
        match (cap, parked.as_deref_mut()) {
            (0, p) => c.sync_parked(t, p),
            (_, p) => {
                c.use_slot(t, head);
                if let Some(p) = p {
                    c.use_slot_parked(p, head);
                }
            }
        }
    }
}

pub(crate) struct ChanInner {
    pub(crate) cap: usize,
    pub(crate) st: Mutex<ChanState>,
}

/// A channel. Clones are the same channel (Go channel values are refs).
#[derive(Clone)]
pub struct Chan(pub(crate) Arc<ChanInner>);

/// Result of [`Chan::send`].
pub enum SendOutcome {
    Done,
    /// Park with `WaitReason::ChanSend`; then call [`ChanWait::send_result`].
    Blocked(ChanWait),
}

/// Result of [`Chan::recv`].
pub enum RecvOutcome {
    /// The value and Go's comma-ok (false: closed and drained, value 0).
    Ready(u64, bool),
    /// Park with `WaitReason::ChanReceive`; then call
    /// [`ChanWait::recv_result`].
    Blocked(ChanWait),
}

/// The registration of a parked send or receive.
pub struct ChanWait {
    pub(crate) sg: Arc<Sudog>,
}

impl ChanWait {
    /// Has a peer completed the operation? (It must have, once the G runs
    /// again after parking.)
    pub fn is_complete(&self) -> bool {
        self.sg.status() != crate::wait::PENDING
    }

    /// After resuming from a blocked receive: (value, ok).
    pub fn recv_result(&self) -> (u64, bool) {
        debug_assert!(self.is_complete(), "recv_result: not woken");
        match self.sg.status() {
            DONE => (self.sg.value(), true),
            _ => (0, false),
        }
    }

    /// The word a peer delivered into this wait and the task has not read
    /// yet (a completed receive), for [`crate::Task::gc_roots`]: between
    /// the sender's hand-off and `recv_result` it lives only here.
    pub fn for_each_value(&self, f: &mut dyn FnMut(u64)) {
        if self.sg.status() == DONE {
            f(self.sg.value());
        }
    }

    /// `-race`, when the goroutine runs again: acquire what the peer that
    /// completed the operation (or the close that ended it) left.
    pub fn unpark_race(&self, t: &mut RaceThread) {
        self.sg.unpark_race(t);
    }

    /// After resuming from a blocked send: `Err` if the channel was closed
    /// meanwhile (Go panics "send on closed channel").
    pub fn send_result(&self) -> Result<(), ChanPanic> {
        debug_assert!(self.is_complete(), "send_result: not woken");
        match self.sg.status() {
            DONE => Ok(()),
            _ => Err(ChanPanic::SendOnClosed),
        }
    }
}

impl Chan {
    /// `make(chan T, cap)`.
    pub fn new(cap: usize) -> Chan {
        Chan(Arc::new(ChanInner {
            cap,
            st: Mutex::new(ChanState {
                buf: VecDeque::with_capacity(cap.min(1024)),
                closed: false,
                recvq: WaitQ::new(),
                sendq: WaitQ::new(),
                head: 0,
                race: None,
            }),
        }))
    }

    pub(crate) fn lock(&self) -> MutexGuard<'_, ChanState> {
        self.0.st.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn cap(&self) -> usize {
        self.0.cap
    }

    pub fn len(&self) -> usize {
        self.lock().buf.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every value word the channel holds, for a garbage collector: the
    /// buffered values (oldest first), then the values offered by parked
    /// senders (plain sends and select send cases, including select
    /// entries another case already won and not unlinked yet:
    /// conservative). Values delivered to a parked receiver live in its
    /// wait ([`ChanWait::for_each_value`], [`crate::SelectWait::for_each_value`]).
    ///
    /// Takes the channel lock. Meant for a stopped world, where it cannot
    /// block for long: task code holds a channel lock only inside one
    /// channel operation, never across a safe point ([`Cx::gc_stop`],
    /// a park, a syscall), and timer callbacks do not run while the world
    /// is stopped.
    pub fn for_each_value(&self, f: &mut dyn FnMut(u64)) {
        let st = self.lock();
        for &v in &st.buf {
            f(v);
        }
        for e in st.sendq.iter() {
            f(e.elem);
        }
    }

    /// Identity (for `==` on channel values and lock ordering).
    pub fn id(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    /// Try to complete a send under the lock. `Some(Some(g))`: done, ready
    /// `g` after unlocking; `Some(None)`: done (buffered).
    #[inline]
    pub(crate) fn send_locked(
        &self,
        st: &mut ChanState,
        v: u64,
        race: Option<&mut RaceThread>,
    ) -> Result<Option<Option<GRef>>, ChanPanic> {
        let cap = self.0.cap;
        if st.closed {
            return Err(ChanPanic::SendOnClosed);
        }
        if let Some(w) = st.recvq.dequeue() {
            if let Some(t) = race {
                st.race_pair(cap, t, &w.sg);
            }
            if cap > 0 {
                st.advance_head();
            }
            w.sg.complete(w.case, v, DONE);
            return Ok(Some(Some(w.sg.g.clone())));
        }
        if st.buf.len() < cap {
            if let Some(t) = race {
                let slot = st.head as usize + st.buf.len();
                st.race_slot(cap, t, slot);
            }
            st.buf.push_back(v);
            return Ok(Some(None));
        }
        Ok(None)
    }

    /// Try to complete a receive under the lock: `(value, ok, g to ready)`.
    #[inline]
    pub(crate) fn recv_locked(
        &self,
        st: &mut ChanState,
        race: Option<&mut RaceThread>,
    ) -> Option<(u64, bool, Option<GRef>)> {
        let cap = self.0.cap;
        if let Some(w) = st.sendq.dequeue() {
            if let Some(t) = race {
                st.race_pair(cap, t, &w.sg);
            }
            let v = if cap == 0 {
                w.elem
            } else {
                // Full buffer: take the head, the sender's value goes last
                // (into the head's slot, which the head moves past).
                let v = st.buf.pop_front().expect("recv: full buffer");
                st.buf.push_back(w.elem);
                st.advance_head();
                v
            };
            w.sg.complete(w.case, 0, DONE);
            return Some((v, true, Some(w.sg.g.clone())));
        }
        if let Some(v) = st.buf.pop_front() {
            if let Some(t) = race {
                let slot = st.head as usize;
                st.race_slot(cap, t, slot);
            }
            st.advance_head();
            return Some((v, true, None));
        }
        if st.closed {
            if let Some(t) = race {
                st.race_closed(cap, t);
            }
            return Some((0, false, None));
        }
        None
    }

    /// `c <- v` from a running goroutine.
    pub fn send(&self, cx: &mut Cx<'_>, v: u64) -> Result<SendOutcome, ChanPanic> {
        self.chansend(cx, v, None)
    }

    /// `c <- v`, synchronising `race` as Go's race detector has it (module
    /// docs).
    pub fn chansend(
        &self,
        cx: &mut Cx<'_>,
        v: u64,
        mut race: Option<&mut RaceThread>,
    ) -> Result<SendOutcome, ChanPanic> {
        let mut st = self.lock();
        match self.send_locked(&mut st, v, race.as_deref_mut())? {
            Some(wake) => {
                drop(st);
                if let Some(g) = wake {
                    cx.goready(&g);
                }
                Ok(SendOutcome::Done)
            }
            None => {
                let sg = Sudog::new(cx.current().clone());
                if let Some(t) = race {
                    sg.park_race(t);
                }
                st.sendq.enqueue(WaitEntry {
                    sg: sg.clone(),
                    case: 0,
                    elem: v,
                });
                Ok(SendOutcome::Blocked(ChanWait { sg }))
            }
        }
    }

    /// Non-blocking send (select with only this case and default; timer
    /// callbacks for time.After/Tick). `Ok(false)`: would block.
    pub fn try_send(&self, cx: &mut Cx<'_>, v: u64) -> Result<bool, ChanPanic> {
        let mut st = self.lock();
        match self.send_locked(&mut st, v, None)? {
            Some(wake) => {
                drop(st);
                if let Some(g) = wake {
                    cx.goready(&g);
                }
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// `<-c` / `v, ok := <-c` from a running goroutine.
    pub fn recv(&self, cx: &mut Cx<'_>) -> RecvOutcome {
        self.chanrecv(cx, None)
    }

    /// `<-c`, synchronising `race` (module docs).
    pub fn chanrecv(&self, cx: &mut Cx<'_>, mut race: Option<&mut RaceThread>) -> RecvOutcome {
        let mut st = self.lock();
        match self.recv_locked(&mut st, race.as_deref_mut()) {
            Some((v, ok, wake)) => {
                drop(st);
                if let Some(g) = wake {
                    cx.goready(&g);
                }
                RecvOutcome::Ready(v, ok)
            }
            None => {
                let sg = Sudog::new(cx.current().clone());
                if let Some(t) = race {
                    sg.park_race(t);
                }
                st.recvq.enqueue(WaitEntry {
                    sg: sg.clone(),
                    case: 0,
                    elem: 0,
                });
                RecvOutcome::Blocked(ChanWait { sg })
            }
        }
    }

    /// Non-blocking receive: `None` would block.
    pub fn try_recv(&self, cx: &mut Cx<'_>) -> Option<(u64, bool)> {
        let mut st = self.lock();
        let (v, ok, wake) = self.recv_locked(&mut st, None)?;
        drop(st);
        if let Some(g) = wake {
            cx.goready(&g);
        }
        Some((v, ok))
    }

    /// Whether the channel is closed (`-race`: a close that will panic
    /// writes nothing, as Go checks only the one that closes).
    pub fn is_closed(&self) -> bool {
        self.lock().closed
    }

    /// `close(c)`: wake every waiter (after unlocking).
    pub fn close(&self, cx: &mut Cx<'_>) -> Result<(), ChanPanic> {
        self.closechan(cx, None)
    }

    /// `close(c)`, a release that the receives seeing it, parked ones
    /// included, acquire (module docs).
    pub fn closechan(
        &self,
        cx: &mut Cx<'_>,
        race: Option<&mut RaceThread>,
    ) -> Result<(), ChanPanic> {
        let mut wake = Vec::new();
        {
            let mut st = self.lock();
            if st.closed {
                return Err(ChanPanic::CloseOfClosed);
            }
            st.closed = true;
            let cap = self.0.cap;
            let raced = race.is_some();
            if let Some(t) = race {
                st.clocks(cap).close(t);
            }
            // Receivers first, then senders.
            while let Some(w) = st.recvq.dequeue().or_else(|| st.sendq.dequeue()) {
                if raced {
                    let mut p = w.sg.race.lock().unwrap_or_else(|e| e.into_inner());
                    if let Some(p) = p.as_mut() {
                        st.clocks(cap).closed_parked(p);
                    }
                }
                w.sg.complete(w.case, 0, CLOSED);
                wake.push(w.sg.g.clone());
            }
        }
        for g in &wake {
            cx.goready(g);
        }
        Ok(())
    }
}

impl PartialEq for Chan {
    fn eq(&self, other: &Chan) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}
impl Eq for Chan {}

impl fmt::Debug for Chan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Chan({:#x}, cap {})", self.id(), self.cap())
    }
}
