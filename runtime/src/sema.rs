//! A counting semaphore with FIFO hand-off (Go's `runtime_Semacquire` /
//! `runtime_Semrelease(handoff=true)`), the parking primitive the VM builds
//! sync.Mutex, RWMutex, WaitGroup and Once on.
//!
//! `release` with a waiter passes the unit straight to the oldest waiter
//! (the count is not incremented), so a woken G never has to retry and
//! waiters are served in order. The woken G goes to the releaser's P runnext
//! (readied after the lock is dropped). Go's non-handoff mode, where the
//! woken G competes again, is not needed by the VM's sync types, which
//! implement their own fast paths and starvation rules on top.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use crate::wait::{Sudog, DONE};
use crate::Cx;

struct SemaState {
    count: u64,
    waiters: VecDeque<Arc<Sudog>>,
}

/// A semaphore.
pub struct Sema(Mutex<SemaState>);

/// Result of [`Sema::acquire`].
pub enum SemaAcquire {
    Acquired,
    /// Park (e.g. "sync.Mutex.Lock"); when resumed, the unit is yours.
    Blocked(SemaWait),
}

/// A parked acquire.
pub struct SemaWait {
    sg: Arc<Sudog>,
}

impl SemaWait {
    /// True once a `release` handed us the unit.
    pub fn is_acquired(&self) -> bool {
        self.sg.status() == DONE
    }
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

    pub fn acquire(&self, cx: &mut Cx<'_>) -> SemaAcquire {
        let mut st = self.0.lock().unwrap();
        if st.count > 0 {
            st.count -= 1;
            return SemaAcquire::Acquired;
        }
        let sg = Sudog::new(cx.current().clone());
        st.waiters.push_back(sg.clone());
        SemaAcquire::Blocked(SemaWait { sg })
    }

    /// Release one unit: to the oldest waiter if any, else to the count.
    pub fn release(&self, cx: &mut Cx<'_>) {
        let woken = {
            let mut st = self.0.lock().unwrap();
            let mut woken = None;
            while let Some(sg) = st.waiters.pop_front() {
                if sg.claim() {
                    sg.complete(0, 0, DONE);
                    woken = Some(sg);
                    break;
                }
            }
            if woken.is_none() {
                st.count += 1;
            }
            woken
        };
        if let Some(sg) = woken {
            cx.goready(&sg.g);
        }
    }

    /// Current count and number of waiters (tests, debugging).
    pub fn state(&self) -> (u64, usize) {
        let st = self.0.lock().unwrap();
        (st.count, st.waiters.len())
    }
}
