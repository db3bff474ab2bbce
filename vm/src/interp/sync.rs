//! The blocking half of package `sync`: the objects behind the `state`
//! slot of `sync.Mutex`, `RWMutex`, `WaitGroup` and `Cond` values, made on
//! first use (a zero sync value is ready to use, as in Go), and the
//! natives' operations on them.

use super::panic::Trap;
use super::park::{no_rt, Wait};
use super::Goroutine;
use crate::heap::{self, Word};
use minigo_runtime::{GRef, WaitReason};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// `sync.Mutex` in Go's normal mode: a locked bit taken by CAS, and a FIFO
/// of parked waiters. Unlock clears the bit and wakes the oldest waiter,
/// which must then win the bit like anyone else (a running goroutine may
/// barge in first: no context switch per Lock under contention, which is
/// why Go prefers it to a hand-off). Go's starvation mode is not modelled.
///
/// Lost wake-ups are excluded by ordering (all SeqCst): a locker announces
/// itself (`nwait += 1`, queued) *before* its last CAS attempt, and an
/// unlocker clears the bit *before* reading `nwait`; so either the
/// locker's CAS sees the bit clear, or the unlocker sees the waiter.
pub struct MutexObj {
    locked: std::sync::atomic::AtomicBool,
    nwait: std::sync::atomic::AtomicUsize,
    /// A waiter has been woken and has not run yet (Go's mutexWoken): an
    /// Unlock meanwhile wakes nobody else, so a barging holder does not
    /// make every Unlock wake a waiter that will only park again.
    woken: std::sync::atomic::AtomicBool,
    waiters: Mutex<VecDeque<GRef>>,
}

impl MutexObj {
    fn new() -> MutexObj {
        MutexObj {
            locked: AtomicBool::new(false),
            nwait: std::sync::atomic::AtomicUsize::new(0),
            woken: AtomicBool::new(false),
            waiters: Mutex::new(VecDeque::new()),
        }
    }

    fn try_lock(&self) -> bool {
        self.locked
            .compare_exchange(false, true, Ordering::SeqCst, Ordering::Relaxed)
            .is_ok()
    }
}

/// `sync.RWMutex`: readers share, a writer excludes; a waiting writer
/// blocks new readers (as Go's), wake-ups hand the lock over.
pub struct RwObj {
    st: Mutex<RwState>,
}

#[derive(Default)]
struct RwState {
    readers: i64,
    writer: bool,
    waiting_writers: VecDeque<GRef>,
    waiting_readers: Vec<GRef>,
}

/// `sync.WaitGroup`.
pub struct WgObj {
    st: Mutex<(i64, Vec<GRef>)>,
}

/// `sync.Cond`'s notify list: waiters hold tickets, Signal wakes the
/// oldest ticket, Broadcast all; a ticket already notified does not wait.
pub struct CondObj {
    st: Mutex<CondState>,
}

#[derive(Default)]
struct CondState {
    /// Next ticket to hand out.
    wait: i64,
    /// Tickets below this have been notified.
    notify: i64,
    waiters: Vec<(i64, GRef)>,
}

/// The object behind a sync value's `state` slot, made on first use (the
/// zero value of a sync type is ready to use, as in Go).
fn sync_obj<T: Send + Sync + 'static>(
    recv: Word,
    make: impl FnOnce() -> T,
) -> Result<&'static T, Trap> {
    sync_obj_at(recv, 0, make)
}

/// [`sync_obj`] for a state slot at field `field`.
fn sync_obj_at<T: Send + Sync + 'static>(
    recv: Word,
    field: usize,
    make: impl FnOnce() -> T,
) -> Result<&'static T, Trap> {
    if recv == 0 {
        return Err(Trap::nil_deref());
    }
    let slot = heap::field(recv, field);
    let mut cur = slot.load(Ordering::Acquire);
    if cur == 0 {
        let fresh = heap::new_object(make());
        cur = match slot.compare_exchange(0, fresh, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => fresh,
            // Another goroutine initialized it first; ours is garbage.
            Err(other) => other,
        };
    }
    // SAFETY: the state slot of a sync value holds 0 or the address of a
    // leaked `T` made here; the natives of one sync type always use the
    // same `T` for it.
    Ok(unsafe { heap::deref::<T>(cur) })
}

impl Goroutine {
    pub(crate) fn mutex_lock(&mut self, recv: Word) -> Result<(), Trap> {
        // Woken by an Unlock (or never parked): try to take the bit.
        let woken = match self.wait.take() {
            Some(Wait::Handoff) => true,
            None => false,
            Some(_) => return Err(Trap::internal("Mutex.Lock resumed with a foreign wait")),
        };
        let m = sync_obj(recv, MutexObj::new)?;
        if woken {
            m.woken.store(false, Ordering::SeqCst);
        }
        if m.try_lock() {
            return Ok(());
        }
        // A little spinning pays when the holder runs on another P.
        for _ in 0..30 {
            std::hint::spin_loop();
            if !m.locked.load(Ordering::Relaxed) && m.try_lock() {
                return Ok(());
            }
        }
        let me = self.rt().ok_or_else(no_rt)?.current().clone();
        {
            let mut q = m.waiters.lock().unwrap_or_else(|e| e.into_inner());
            m.nwait.fetch_add(1, Ordering::SeqCst);
            if m.try_lock() {
                m.nwait.fetch_sub(1, Ordering::SeqCst);
                return Ok(());
            }
            // A woken waiter that lost the race keeps its place in line.
            if woken {
                q.push_front(me);
            } else {
                q.push_back(me);
            }
        }
        self.wait = Some(Wait::Handoff);
        Err(Trap::Park(WaitReason::MutexLock))
    }

    pub(crate) fn mutex_unlock(&mut self, recv: Word) -> Result<(), Trap> {
        let m = sync_obj(recv, MutexObj::new)?;
        if !m.locked.swap(false, Ordering::SeqCst) {
            return Err(Trap::Fatal("sync: unlock of unlocked mutex".into()));
        }
        if m.nwait.load(Ordering::SeqCst) > 0
            && m.woken
                .compare_exchange(false, true, Ordering::SeqCst, Ordering::Relaxed)
                .is_ok()
        {
            let next = {
                let mut q = m.waiters.lock().unwrap_or_else(|e| e.into_inner());
                let g = q.pop_front();
                if g.is_some() {
                    m.nwait.fetch_sub(1, Ordering::SeqCst);
                }
                g
            };
            match next {
                Some(g) => {
                    let cx = self.rt().ok_or_else(no_rt)?;
                    cx.goready(&g);
                }
                None => m.woken.store(false, Ordering::SeqCst),
            }
        }
        Ok(())
    }

    pub(crate) fn mutex_try_lock(&mut self, recv: Word) -> Result<bool, Trap> {
        let m = sync_obj(recv, MutexObj::new)?;
        Ok(m.try_lock())
    }

    fn rw(recv: Word) -> Result<&'static RwObj, Trap> {
        sync_obj(recv, || RwObj {
            st: Mutex::new(RwState::default()),
        })
    }

    pub(crate) fn rw_lock(&mut self, recv: Word, read: bool) -> Result<(), Trap> {
        if let Some(done) = self.handed_over("RWMutex") {
            return done;
        }
        let rw = Self::rw(recv)?;
        let me = self.rt().ok_or_else(no_rt)?.current().clone();
        let mut st = rw.st.lock().unwrap_or_else(|e| e.into_inner());
        if read {
            if !st.writer && st.waiting_writers.is_empty() {
                st.readers += 1;
                return Ok(());
            }
            st.waiting_readers.push(me);
        } else {
            if !st.writer && st.readers == 0 {
                st.writer = true;
                return Ok(());
            }
            st.waiting_writers.push_back(me);
        }
        drop(st);
        self.wait = Some(Wait::Handoff);
        Err(Trap::Park(if read {
            WaitReason::RWMutexRLock
        } else {
            WaitReason::RWMutexLock
        }))
    }

    pub(crate) fn rw_try_lock(&mut self, recv: Word, read: bool) -> Result<bool, Trap> {
        let rw = Self::rw(recv)?;
        let mut st = rw.st.lock().unwrap_or_else(|e| e.into_inner());
        if read {
            if !st.writer && st.waiting_writers.is_empty() {
                st.readers += 1;
                return Ok(true);
            }
        } else if !st.writer && st.readers == 0 {
            st.writer = true;
            return Ok(true);
        }
        Ok(false)
    }

    pub(crate) fn rw_unlock(&mut self, recv: Word, read: bool) -> Result<(), Trap> {
        let rw = Self::rw(recv)?;
        let mut wake: Vec<GRef> = Vec::new();
        {
            let mut st = rw.st.lock().unwrap_or_else(|e| e.into_inner());
            if read {
                if st.readers <= 0 {
                    return Err(Trap::Fatal("sync: RUnlock of unlocked RWMutex".into()));
                }
                st.readers -= 1;
                if st.readers == 0 {
                    if let Some(w) = st.waiting_writers.pop_front() {
                        st.writer = true;
                        wake.push(w);
                    }
                }
            } else {
                if !st.writer {
                    return Err(Trap::Fatal("sync: Unlock of unlocked RWMutex".into()));
                }
                st.writer = false;
                if !st.waiting_readers.is_empty() {
                    st.readers += st.waiting_readers.len() as i64;
                    wake = std::mem::take(&mut st.waiting_readers);
                } else if let Some(w) = st.waiting_writers.pop_front() {
                    st.writer = true;
                    wake.push(w);
                }
            }
        }
        self.ready_all(&wake)
    }

    /// Readies parked goroutines onto this P (after the caller dropped its
    /// lock: never wake under a lock).
    fn ready_all(&mut self, gs: &[GRef]) -> Result<(), Trap> {
        if !gs.is_empty() {
            let cx = self.rt().ok_or_else(no_rt)?;
            for g in gs {
                cx.goready(g);
            }
        }
        Ok(())
    }

    /// A goroutine resumed after a peer handed it what it waited for
    /// (`Wait::Handoff`): `Some(Ok)` to finish the operation; `None` when it
    /// had not parked.
    fn handed_over(&mut self, what: &str) -> Option<Result<(), Trap>> {
        match self.wait.take()? {
            Wait::Handoff => Some(Ok(())),
            _ => Some(Err(Trap::internal(format!(
                "{what} resumed with a foreign wait"
            )))),
        }
    }

    pub(crate) fn wg_add(&mut self, recv: Word, delta: i64) -> Result<(), Trap> {
        let wg = sync_obj(recv, || WgObj {
            st: Mutex::new((0, Vec::new())),
        })?;
        let wake = {
            let mut st = wg.st.lock().unwrap_or_else(|e| e.into_inner());
            st.0 += delta;
            if st.0 < 0 {
                return Err(Trap::Panic(heap::new_iface(
                    self.prog.rt.string,
                    heap::new_str(b"sync: negative WaitGroup counter"),
                )));
            }
            if st.0 == 0 {
                std::mem::take(&mut st.1)
            } else {
                Vec::new()
            }
        };
        self.ready_all(&wake)
    }

    pub(crate) fn wg_wait(&mut self, recv: Word) -> Result<(), Trap> {
        if let Some(done) = self.handed_over("WaitGroup.Wait") {
            return done;
        }
        let wg = sync_obj(recv, || WgObj {
            st: Mutex::new((0, Vec::new())),
        })?;
        let me = self.rt().ok_or_else(no_rt)?.current().clone();
        let mut st = wg.st.lock().unwrap_or_else(|e| e.into_inner());
        if st.0 == 0 {
            return Ok(());
        }
        st.1.push(me);
        drop(st);
        self.wait = Some(Wait::Handoff);
        Err(Trap::Park(WaitReason::WaitGroupWait))
    }

    fn cond(recv: Word) -> Result<&'static CondObj, Trap> {
        // `type Cond struct { L Locker; state int64 }`: the state is field 1.
        sync_obj_at(recv, 1, || CondObj {
            st: Mutex::new(CondState::default()),
        })
    }

    pub(crate) fn cond_ticket(&mut self, recv: Word) -> Result<i64, Trap> {
        let c = Self::cond(recv)?;
        let mut st = c.st.lock().unwrap_or_else(|e| e.into_inner());
        st.wait += 1;
        Ok(st.wait - 1)
    }

    pub(crate) fn cond_wait(&mut self, recv: Word, ticket: i64) -> Result<(), Trap> {
        if let Some(done) = self.handed_over("Cond.Wait") {
            return done;
        }
        let c = Self::cond(recv)?;
        let me = self.rt().ok_or_else(no_rt)?.current().clone();
        let mut st = c.st.lock().unwrap_or_else(|e| e.into_inner());
        if ticket < st.notify {
            return Ok(());
        }
        st.waiters.push((ticket, me));
        drop(st);
        self.wait = Some(Wait::Handoff);
        Err(Trap::Park(WaitReason::SyncCondWait))
    }

    pub(crate) fn cond_notify(&mut self, recv: Word, all: bool) -> Result<(), Trap> {
        let c = Self::cond(recv)?;
        let wake: Vec<GRef> = {
            let mut st = c.st.lock().unwrap_or_else(|e| e.into_inner());
            if st.notify == st.wait {
                return Ok(());
            }
            if all {
                st.notify = st.wait;
                st.waiters.drain(..).map(|(_, g)| g).collect()
            } else {
                let t = st.notify;
                st.notify += 1;
                match st.waiters.iter().position(|(k, _)| *k == t) {
                    Some(i) => vec![st.waiters.remove(i).1],
                    // Its owner has not reached waitTicket yet; it will
                    // see the ticket notified and not park.
                    None => Vec::new(),
                }
            }
        };
        self.ready_all(&wake)
    }
}
