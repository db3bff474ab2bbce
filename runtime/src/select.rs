//! `select` (Go's `selectgo`, `select.go`).
//!
//! 1. Poll order: the non-nil cases in a uniformly random permutation (so
//!    among several ready cases each is chosen with equal probability).
//! 2. Lock order: every distinct channel, sorted by address, locked at once
//!    (a channel appearing in several cases is locked once).
//! 3. Pass 1: the first ready case in poll order completes; else `default`.
//! 4. Pass 2: one `Sudog` for the whole select is queued on every case's
//!    channel, all locks are dropped, and the caller parks with "select".
//!    The first peer to `claim` the sudog completes that case and readies
//!    the G; peers meeting an already-claimed entry drop it (Go's
//!    `selectDone`).
//! 5. Pass 3 (`SelectWait::result`): on resumption the entries left on the
//!    other channels are unlinked by the handles pass 2 kept, O(1) each and
//!    one channel lock at a time (Go's `dequeueSudoG`; the handle of the case
//!    that fired is stale by then and ignored). A select no longer costs the
//!    length of its channels' queues, so N goroutines selecting on one
//!    shared channel is linear, not quadratic.
//!
//! `select {}` and a select whose cases are all nil channels never wake: the
//! VM parks with "select (no cases)" / "select" (a `Blocked` with nothing
//! registered is returned for the latter).

use std::sync::Arc;

use crate::chan::{Chan, ChanPanic, ChanState};
use crate::race::RaceThread;
use crate::wait::{Sudog, CLOSED, DONE};
use crate::waitq::{SudogHandle, WaitEntry};
use crate::Cx;

/// One case of a select; `None` is a nil channel (never ready).
#[derive(Clone, Copy)]
pub enum SelectCase<'a> {
    Send(Option<&'a Chan>, u64),
    Recv(Option<&'a Chan>),
}

impl<'a> SelectCase<'a> {
    fn chan(&self) -> Option<&'a Chan> {
        match *self {
            SelectCase::Send(c, _) | SelectCase::Recv(c) => c,
        }
    }
}

/// Result of [`select`].
pub enum SelectOutcome {
    /// Case `index` completed; for a receive, `value` and comma-ok.
    Ready {
        index: usize,
        value: u64,
        ok: bool,
    },
    Default,
    /// Park with `WaitReason::Select`, then call [`SelectWait::result`].
    Blocked(SelectWait),
}

/// A parked select's registration.
pub struct SelectWait {
    sg: Arc<Sudog>,
    /// Every registered case: its channel, whether it sends, and its entry.
    waiting: Vec<(Chan, bool, SudogHandle)>,
    is_send: Vec<bool>,
}

impl SelectWait {
    /// The word a peer delivered to a receive case and the task has not
    /// read yet (via [`SelectWait::result`]), for [`crate::Task::gc_roots`].
    /// Values of the select's send cases wait in the channels' queues
    /// ([`Chan::for_each_value`]).
    pub fn for_each_value(&self, f: &mut dyn FnMut(u64)) {
        if self.sg.status() == DONE && !self.is_send[self.sg.case()] {
            f(self.sg.value());
        }
    }

    /// `-race`, when the goroutine runs again: acquire what the peer that
    /// completed a case (or the close that did) left.
    pub fn unpark_race(&self, t: &mut RaceThread) {
        self.sg.unpark_race(t);
    }

    /// After resuming: dequeue from the other channels and return
    /// `(case index, value, ok)`, or the panic of a send case whose channel
    /// was closed.
    pub fn result(self) -> Result<(usize, u64, bool), ChanPanic> {
        for (c, send, h) in &self.waiting {
            let mut st = c.lock();
            let q = if *send { &mut st.sendq } else { &mut st.recvq };
            q.dequeue_sudog(*h, &self.sg);
        }
        let case = self.sg.case();
        match self.sg.status() {
            DONE => Ok((case, self.sg.value(), true)),
            CLOSED if self.is_send[case] => Err(ChanPanic::SendOnClosed),
            CLOSED => Ok((case, 0, false)),
            _ => panic!("select: resumed before a case fired"),
        }
    }
}

/// Run a select statement from a running goroutine.
pub fn select(
    cx: &mut Cx<'_>,
    cases: &[SelectCase<'_>],
    has_default: bool,
) -> Result<SelectOutcome, ChanPanic> {
    selectgo(cx, cases, has_default, None)
}

/// `select`, synchronising `race` as the case that proceeds does
/// (`chan.rs`'s module docs); a parked select leaves one clock for
/// whichever case's peer completes it.
pub fn selectgo(
    cx: &mut Cx<'_>,
    cases: &[SelectCase<'_>],
    has_default: bool,
    mut race: Option<&mut RaceThread>,
) -> Result<SelectOutcome, ChanPanic> {
    let mut order: Vec<usize> = (0..cases.len())
        .filter(|&i| cases[i].chan().is_some())
        .collect();
    for i in (1..order.len()).rev() {
        let j = cx.rand_below(i as u32 + 1) as usize;
        order.swap(i, j);
    }
    let mut chans: Vec<&Chan> = order.iter().filter_map(|&i| cases[i].chan()).collect();
    chans.sort_by_key(|c| c.id());
    chans.dedup_by_key(|c| c.id());
    let mut guards: Vec<_> = chans.iter().map(|c| c.lock()).collect();
    let slot = |c: &Chan| {
        chans
            .binary_search_by_key(&c.id(), |x| x.id())
            .expect("select: channel not locked")
    };

    // Pass 1.
    for &i in &order {
        match cases[i] {
            SelectCase::Send(Some(c), v) => {
                let st: &mut ChanState = &mut guards[slot(c)];
                match c.send_locked(st, v, race.as_deref_mut()) {
                    Err(e) => return Err(e),
                    Ok(Some(wake)) => {
                        drop(guards);
                        if let Some(g) = wake {
                            cx.goready(&g);
                        }
                        return Ok(SelectOutcome::Ready {
                            index: i,
                            value: 0,
                            ok: true,
                        });
                    }
                    Ok(None) => {}
                }
            }
            SelectCase::Recv(Some(c)) => {
                let st: &mut ChanState = &mut guards[slot(c)];
                if let Some((value, ok, wake)) = c.recv_locked(st, race.as_deref_mut()) {
                    drop(guards);
                    if let Some(g) = wake {
                        cx.goready(&g);
                    }
                    return Ok(SelectOutcome::Ready {
                        index: i,
                        value,
                        ok,
                    });
                }
            }
            _ => unreachable!("select: nil case in poll order"),
        }
    }
    if has_default {
        return Ok(SelectOutcome::Default);
    }

    // Pass 2: one sudog on every channel.
    let sg = Sudog::new(cx.current().clone());
    if let Some(t) = race {
        sg.park_race(t);
    }
    let mut waiting = Vec::with_capacity(order.len());
    for &i in &order {
        let (c, send, elem) = match cases[i] {
            SelectCase::Send(Some(c), v) => (c, true, v),
            SelectCase::Recv(Some(c)) => (c, false, 0),
            _ => unreachable!(),
        };
        let st: &mut ChanState = &mut guards[slot(c)];
        let entry = WaitEntry {
            sg: sg.clone(),
            case: i,
            elem,
        };
        let h = if send {
            st.sendq.enqueue(entry)
        } else {
            st.recvq.enqueue(entry)
        };
        waiting.push((c.clone(), send, h));
    }
    drop(guards);
    Ok(SelectOutcome::Blocked(SelectWait {
        sg,
        waiting,
        is_send: cases
            .iter()
            .map(|c| matches!(c, SelectCase::Send(..)))
            .collect(),
    }))
}
