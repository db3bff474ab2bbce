//! Go's `runtime/sema.go`: the parking primitives package `sync` is built
//! on. The VM's sync.Mutex, RWMutex and WaitGroup park on a [`Sema`], and
//! sync.Cond on a [`NotifyList`] (`vm/src/interp/sync.rs`).
//!
//! [`Sema`] is a counting semaphore (`semacquire`/`semrelease`). A release
//! with a waiter passes the unit straight to the oldest waiter (the count
//! is not incremented, Go's `handoff`), so a woken G never retries the
//! semaphore and waiters are served in queue order; it goes to the
//! releaser's P runnext, readied after the lock is dropped. Go's
//! non-handoff release, where the woken G competes for the count again,
//! buys nothing here: the sync types keep their own state words and
//! their fast paths never touch the semaphore, so a unit is only released
//! for a G that is known to wait (or about to). A G that waited before and
//! lost the race for its lock re-queues at the head
//! ([`Sema::acquire_lifo`], Go's `lifo`).
//!
//! [`NotifyList`] is `notifyList`: a ticket-based wait list where a notify
//! with nobody waiting is lost (a semaphore would remember it), and a
//! ticket taken before a notify never parks.
//!
//! Invariants: a waiter is on one list at most once per park and is
//! readied exactly once, by whoever wins its sudog's `claim` (`wait.rs`);
//! nothing is readied while a list's lock is held.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use crate::wait::{Sudog, DONE};
use crate::Cx;

struct SemaState {
    count: u64,
    waiters: VecDeque<Arc<Sudog>>,
}

/// A semaphore.
pub struct Sema(Mutex<SemaState>);

/// Result of [`Sema::acquire`] and [`NotifyList::wait`].
pub enum SemaAcquire {
    /// Acquired (or, on a notify list, already notified): go on.
    Acquired,
    /// Park (e.g. "sync.Mutex.Lock"); when resumed, the unit is yours.
    Blocked(SemaWait),
}

/// A parked acquire or notify-list wait.
pub struct SemaWait {
    sg: Arc<Sudog>,
}

impl SemaWait {
    /// True once a `release` (or notify) handed us the unit.
    pub fn is_acquired(&self) -> bool {
        self.sg.status() == DONE
    }
}

/// Claims and completes the oldest waiter of `q` that is still waiting.
fn pop_waiter(q: &mut VecDeque<Arc<Sudog>>) -> Option<Arc<Sudog>> {
    while let Some(sg) = q.pop_front() {
        if sg.claim() {
            sg.complete(0, 0, DONE);
            return Some(sg);
        }
    }
    None
}

impl Sema {
    pub fn new(count: u64) -> Sema {
        Sema(Mutex::new(SemaState {
            count,
            waiters: VecDeque::new(),
        }))
    }

    pub fn try_acquire(&self) -> bool {
        let mut st = self.0.lock().unwrap();
        if st.count > 0 {
            st.count -= 1;
            true
        } else {
            false
        }
    }

    /// `semacquire`: take a unit, or queue at the tail and park.
    pub fn acquire(&self, cx: &mut Cx<'_>) -> SemaAcquire {
        self.acquire1(cx, false)
    }

    /// `semacquire` with `lifo`: queue at the head, for a G that already
    /// waited its turn once (sync.Mutex's woken waiter that lost the race).
    pub fn acquire_lifo(&self, cx: &mut Cx<'_>) -> SemaAcquire {
        self.acquire1(cx, true)
    }

    fn acquire1(&self, cx: &mut Cx<'_>, lifo: bool) -> SemaAcquire {
        let mut st = self.0.lock().unwrap();
        if st.count > 0 {
            st.count -= 1;
            return SemaAcquire::Acquired;
        }
        let sg = Sudog::new(cx.current().clone());
        if lifo {
            st.waiters.push_front(sg.clone());
        } else {
            st.waiters.push_back(sg.clone());
        }
        SemaAcquire::Blocked(SemaWait { sg })
    }

    /// `semrelease`: one unit, to the oldest waiter if any, else to the count.
    pub fn release(&self, cx: &mut Cx<'_>) {
        let woken = {
            let mut st = self.0.lock().unwrap();
            let woken = pop_waiter(&mut st.waiters);
            if woken.is_none() {
                st.count += 1;
            }
            woken
        };
        if let Some(sg) = woken {
            cx.goready(&sg.g);
        }
    }

    /// `n` releases under one lock (Go loops `semrelease` for WaitGroup
    /// waiters and RWMutex readers): oldest waiters first, readied in that
    /// order, the rest to the count.
    pub fn release_n(&self, cx: &mut Cx<'_>, n: u64) {
        let mut woken = Vec::new();
        {
            let mut st = self.0.lock().unwrap();
            let mut left = n;
            while left > 0 {
                let Some(sg) = pop_waiter(&mut st.waiters) else {
                    break;
                };
                woken.push(sg);
                left -= 1;
            }
            st.count += left;
        }
        for sg in &woken {
            cx.goready(&sg.g);
        }
    }

    /// Current count and number of waiters (tests, debugging).
    pub fn state(&self) -> (u64, usize) {
        let st = self.0.lock().unwrap();
        (st.count, st.waiters.len())
    }
}

/// Go's `notifyList`, behind sync.Cond: [`NotifyList::add`] hands out
/// tickets in order; [`NotifyList::wait`] parks until that ticket is
/// notified; [`NotifyList::notify_one`] notifies the oldest ticket not yet
/// notified, [`NotifyList::notify_all`] every ticket handed out so far.
/// Tickets are `u32` and wrap, compared as Go does.
pub struct NotifyList {
    /// The next ticket to hand out.
    wait: AtomicU32,
    /// The next ticket to notify; written under `waiters`' lock.
    notify: AtomicU32,
    /// Parked waiters with their tickets, in the order they parked.
    waiters: Mutex<VecDeque<(u32, Arc<Sudog>)>>,
}

/// `a` is before `b` in wrapping ticket order (Go's `less`).
pub(crate) fn ticket_before(a: u32, b: u32) -> bool {
    (a.wrapping_sub(b) as i32) < 0
}

impl Default for NotifyList {
    fn default() -> Self {
        NotifyList::new()
    }
}

impl NotifyList {
    pub fn new() -> NotifyList {
        NotifyList {
            wait: AtomicU32::new(0),
            notify: AtomicU32::new(0),
            waiters: Mutex::new(VecDeque::new()),
        }
    }

    /// `notifyListAdd`: a ticket for a later [`NotifyList::wait`], taken
    /// before the caller unlocks (so a notify in between is not lost).
    pub fn add(&self) -> u32 {
        self.wait.fetch_add(1, Ordering::SeqCst)
    }

    /// `notifyListWait`: `Acquired` if `ticket` has been notified already,
    /// else park until it is.
    pub fn wait(&self, cx: &mut Cx<'_>, ticket: u32) -> SemaAcquire {
        let mut q = self.waiters.lock().unwrap();
        if ticket_before(ticket, self.notify.load(Ordering::SeqCst)) {
            return SemaAcquire::Acquired;
        }
        let sg = Sudog::new(cx.current().clone());
        q.push_back((ticket, sg.clone()));
        SemaAcquire::Blocked(SemaWait { sg })
    }

    /// `notifyListNotifyOne`: notify the oldest ticket not yet notified,
    /// readying its waiter if it has parked (if not, its `wait` will not).
    pub fn notify_one(&self, cx: &mut Cx<'_>) {
        if self.wait.load(Ordering::SeqCst) == self.notify.load(Ordering::SeqCst) {
            return;
        }
        let woken = {
            let mut q = self.waiters.lock().unwrap();
            let t = self.notify.load(Ordering::SeqCst);
            if t == self.wait.load(Ordering::SeqCst) {
                return;
            }
            self.notify.store(t.wrapping_add(1), Ordering::SeqCst);
            let i = q.iter().position(|(k, _)| *k == t);
            i.and_then(|i| q.remove(i)).map(|(_, sg)| sg)
        };
        if let Some(sg) = woken {
            if sg.claim() {
                sg.complete(0, 0, DONE);
                cx.goready(&sg.g);
            }
        }
    }

    /// `notifyListNotifyAll`: notify every ticket handed out so far.
    pub fn notify_all(&self, cx: &mut Cx<'_>) {
        if self.wait.load(Ordering::SeqCst) == self.notify.load(Ordering::SeqCst) {
            return;
        }
        let woken = {
            let mut q = self.waiters.lock().unwrap();
            self.notify
                .store(self.wait.load(Ordering::SeqCst), Ordering::SeqCst);
            std::mem::take(&mut *q)
        };
        for (_, sg) in woken {
            if sg.claim() {
                sg.complete(0, 0, DONE);
                cx.goready(&sg.g);
            }
        }
    }

    /// Tickets handed out, tickets notified, parked waiters (tests).
    pub fn state(&self) -> (u32, u32, usize) {
        let q = self.waiters.lock().unwrap();
        (
            self.wait.load(Ordering::SeqCst),
            self.notify.load(Ordering::SeqCst),
            q.len(),
        )
    }
}
