//! The blocking half of package `sync`, built on the runtime's semaphore
//! as Go's `sync` builds on `runtime/sema.go`: the objects behind the
//! `state` slot of `sync.Mutex`, `RWMutex`, `WaitGroup` and `Cond` values
//! and the natives' operations on them.
//!
//! Each type follows Go's algorithm (`internal/sync/mutex.go`,
//! `sync/rwmutex.go`, `sync/waitgroup.go`, `sync/cond.go`): an atomic state
//! word for the fast paths, and a [`Sema`] (a [`NotifyList`] for Cond) to
//! park on (semacquire) and to wake by (semrelease). Hence Go's fatal
//! errors and panics on misuse, and Go's wait reasons in a deadlock
//! report: a writer queued behind another writer waits in RWMutex's inner
//! Mutex, `[sync.Mutex.Lock]`, and only one waiting for readers to leave
//! shows `[sync.RWMutex.Lock]`.
//!
//! An object is made on first use and never freed (a zero sync value is
//! ready to use, as in Go). A goroutine parked here resumes by running its
//! native again (see `park`): `Wait::Sema` means the semaphore unit (or
//! the notification) is its own and the operation is done;
//! `Wait::MutexWoken` means an Unlock woke it to compete for a Mutex again.

use super::panic::Trap;
use super::park::{Stop, Wait};
use super::Goroutine;
use crate::heap::{self, Slot, Word};
use minigo_runtime::{Cx, NotifyList, Sema, SemaAcquire, WaitReason};
use std::sync::atomic::{AtomicI32, AtomicI64, AtomicU32, AtomicU64, Ordering};

const MUTEX_LOCKED: u32 = 1;
/// A waiter has been woken, or a spinner will take the lock: Unlock wakes
/// nobody else meanwhile (so a barging holder does not make every Unlock
/// wake a waiter that will only park again).
const MUTEX_WOKEN: u32 = 2;
/// The rest of the word counts the waiters parked (or about to park) on
/// the semaphore.
const MUTEX_WAITER_SHIFT: u32 = 2;
/// Busy-wait rounds before parking: a lock held by a goroutine running on
/// another P is often released within them.
const MUTEX_SPINS: u32 = 30;

/// `sync.Mutex` in Go's normal mode: a woken waiter competes for the lock
/// with running goroutines (no context switch per Lock under contention,
/// which is why Go prefers it to a hand-off) and, if it loses, queues again
/// at the head. Go's starvation mode (hand-off once a waiter has waited
/// 1ms) is not modelled: it bounds a waiter's latency at a cost in
/// throughput, and no output depends on it, but a waiter that keeps losing
/// to barging lockers can wait longer than it would in Go.
///
/// No wake-up is lost: a locker counts itself as a waiter in the state
/// word before semacquire, and an Unlock that takes a waiter off the count
/// releases a unit that the waiter takes even if it has not parked yet.
pub struct MutexObj {
    state: AtomicU32,
    sema: Sema,
    /// Mutex profile: when the longest-waiting locker started waiting
    /// (`profiling::now_ns`; 0: nobody, or the profile is off).
    since: AtomicI64,
}

impl MutexObj {
    fn new() -> MutexObj {
        MutexObj {
            state: AtomicU32::new(0),
            sema: Sema::new(0),
            since: AtomicI64::new(0),
        }
    }

    fn lock_fast(&self) -> bool {
        self.state
            .compare_exchange(0, MUTEX_LOCKED, Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
    }

    fn try_lock(&self) -> bool {
        let old = self.state.load(Ordering::Relaxed);
        old & MUTEX_LOCKED == 0
            && self
                .state
                .compare_exchange(
                    old,
                    old | MUTEX_LOCKED,
                    Ordering::Acquire,
                    Ordering::Relaxed,
                )
                .is_ok()
    }
}

/// More readers than any program holds at once: `reader_count` minus this
/// means a writer is pending.
const RW_MAX_READERS: i32 = 1 << 30;

/// `sync.RWMutex`: writers exclude each other with `w`, then announce
/// themselves by making `reader_count` negative, which sends new readers
/// to `reader_sem`, and wait on `writer_sem` until the readers already
/// inside have left (`reader_wait`). A writer's Unlock lets in every reader
/// that queued behind it, then the next writer.
pub struct RwObj {
    w: MutexObj,
    writer_sem: Sema,
    reader_sem: Sema,
    /// Readers inside or queued; minus `RW_MAX_READERS` while a writer is
    /// pending or holds the lock.
    reader_count: AtomicI32,
    /// Readers a pending writer still waits for.
    reader_wait: AtomicI32,
}

impl RwObj {
    fn new() -> RwObj {
        RwObj {
            w: MutexObj::new(),
            writer_sem: Sema::new(0),
            reader_sem: Sema::new(0),
            reader_count: AtomicI32::new(0),
            reader_wait: AtomicI32::new(0),
        }
    }
}

/// `sync.WaitGroup`: the counter in the high 32 bits, the number of
/// waiters in the low 32; the Add that brings the counter to zero releases
/// one unit of `sema` per waiter.
pub struct WgObj {
    state: AtomicU64,
    sema: Sema,
}

/// The object behind a sync value's `state` slot, made on first use (the
/// zero value of a sync type is ready to use, as in Go).
fn sync_obj<T: heap::GcNative>(recv: Word, make: impl FnOnce() -> T) -> Result<&'static T, Trap> {
    sync_obj_at(recv, 0, make)
}

/// [`sync_obj`] for a state slot at field `field`.
#[inline]
fn sync_obj_at<T: heap::GcNative>(
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
        cur = init_sync_obj(slot, make);
    }
    // SAFETY: the state slot of a sync value holds 0 or the address of a
    // live `T` made here (the slot keeps it alive); the natives of one sync type always use the
    // same `T` for it.
    Ok(unsafe { heap::deref::<T>(cur) })
}

/// The first use of a sync value: makes its object and returns the one in
/// the slot (ours, or another goroutine's that came first).
#[inline(never)]
fn init_sync_obj<T: heap::GcNative>(slot: &Slot, make: impl FnOnce() -> T) -> Word {
    let fresh = heap::new_object(make());
    match slot.compare_exchange(0, fresh, Ordering::AcqRel, Ordering::Acquire) {
        Ok(_) => fresh,
        // Another goroutine initialized it first; ours is garbage.
        Err(other) => other,
    }
}

/// How a sync operation starts, from what `Goroutine::wait` holds.
enum Resumed {
    /// Not parked: a fresh call.
    Fresh,
    /// Woken by semrelease or a notify: what it waited for is its own.
    Acquired,
    /// Woken in Mutex's lockSlow: compete for the lock again.
    MutexWoken,
}

fn panic_str(g: &Goroutine, msg: &str) -> Trap {
    Trap::Panic(heap::new_iface(
        g.prog.rt.string,
        heap::new_str(msg.as_bytes()),
    ))
}

impl Goroutine {
    fn resumed(&mut self, what: &str) -> Result<Resumed, Trap> {
        match self.wait.take() {
            None => Ok(Resumed::Fresh),
            Some(Wait::Sema(w)) => {
                debug_assert!(w.is_acquired());
                Ok(Resumed::Acquired)
            }
            Some(Wait::MutexWoken(w)) => {
                debug_assert!(w.is_acquired());
                Ok(Resumed::MutexWoken)
            }
            Some(_) => Err(Trap::internal(format!(
                "{what} resumed with a foreign wait"
            ))),
        }
    }

    /// semacquire on `s`: done, or parked for `reason` with `Wait::Sema`.
    fn semacquire(&mut self, cx: &mut Cx<'_>, s: &Sema, reason: WaitReason) -> Result<(), Stop> {
        match s.acquire(cx) {
            SemaAcquire::Acquired => Ok(()),
            SemaAcquire::Blocked(w) => {
                self.wait = Some(Wait::Sema(w));
                Err(Stop::park(reason))
            }
        }
    }

    pub(crate) fn mutex_lock(&mut self, cx: &mut Cx<'_>, recv: Word) -> Result<(), Stop> {
        let m = sync_obj(recv, MutexObj::new)?;
        if self.wait.is_none() && m.lock_fast() {
            return Ok(());
        }
        let woken = match self.resumed("Mutex.Lock")? {
            Resumed::Fresh => false,
            Resumed::MutexWoken => true,
            Resumed::Acquired => return Err(Trap::internal("Mutex.Lock resumed acquired").into()),
        };
        self.lock_slow(cx, m, woken)
    }

    /// Go's `lockSlow`. `waited`: this goroutine has been woken from the
    /// semaphore before (it then holds the WOKEN flag, and queues at the
    /// head if it loses again). Out of line, as in Go, so that the fast
    /// path stays small.
    #[inline(never)]
    fn lock_slow(&mut self, cx: &mut Cx<'_>, m: &MutexObj, mut waited: bool) -> Result<(), Stop> {
        let mut awoke = waited;
        let mut iter = 0;
        let mut old = m.state.load(Ordering::Relaxed);
        loop {
            if old & MUTEX_LOCKED != 0 && iter < MUTEX_SPINS {
                if !awoke
                    && old & MUTEX_WOKEN == 0
                    && old >> MUTEX_WAITER_SHIFT != 0
                    && m.state
                        .compare_exchange(
                            old,
                            old | MUTEX_WOKEN,
                            Ordering::Relaxed,
                            Ordering::Relaxed,
                        )
                        .is_ok()
                {
                    awoke = true;
                }
                std::hint::spin_loop();
                iter += 1;
                old = m.state.load(Ordering::Relaxed);
                continue;
            }
            let mut new = old | MUTEX_LOCKED;
            if old & MUTEX_LOCKED != 0 {
                new += 1 << MUTEX_WAITER_SHIFT;
            }
            if awoke {
                new &= !MUTEX_WOKEN;
            }
            if let Err(cur) =
                m.state
                    .compare_exchange(old, new, Ordering::AcqRel, Ordering::Relaxed)
            {
                old = cur;
                continue;
            }
            if old & MUTEX_LOCKED == 0 {
                return Ok(());
            }
            let got = if waited {
                m.sema.acquire_lifo(cx)
            } else {
                m.sema.acquire(cx)
            };
            match got {
                SemaAcquire::Blocked(w) => {
                    if super::profiling::mutex_profile_fraction() > 0 {
                        let now = super::profiling::now_ns();
                        let _ =
                            m.since
                                .compare_exchange(0, now, Ordering::Relaxed, Ordering::Relaxed);
                    }
                    self.wait = Some(Wait::MutexWoken(w));
                    return Err(Stop::park(WaitReason::MutexLock));
                }
                // The Unlock's unit came before we could park.
                SemaAcquire::Acquired => {
                    waited = true;
                    awoke = true;
                    iter = 0;
                    old = m.state.load(Ordering::Relaxed);
                }
            }
        }
    }

    pub(crate) fn mutex_unlock(&mut self, cx: &mut Cx<'_>, recv: Word) -> Result<(), Trap> {
        let m = sync_obj(recv, MutexObj::new)?;
        self.unlock(cx, m)
    }

    #[inline]
    fn unlock(&mut self, cx: &mut Cx<'_>, m: &MutexObj) -> Result<(), Trap> {
        let new = m
            .state
            .fetch_sub(MUTEX_LOCKED, Ordering::Release)
            .wrapping_sub(MUTEX_LOCKED);
        if new == 0 {
            return Ok(());
        }
        self.unlock_slow(cx, m, new)
    }

    /// Go's `unlockSlow`: `new` is the state after dropping the lock bit.
    #[inline(never)]
    fn unlock_slow(&mut self, cx: &mut Cx<'_>, m: &MutexObj, new: u32) -> Result<(), Trap> {
        if new.wrapping_add(MUTEX_LOCKED) & MUTEX_LOCKED == 0 {
            return Err(Trap::Fatal("sync: unlock of unlocked mutex".into()));
        }
        let mut old = new;
        loop {
            // Nobody to wake, or a woken or running goroutine will take the
            // lock and wake the next at its own Unlock.
            if old >> MUTEX_WAITER_SHIFT == 0 || old & (MUTEX_LOCKED | MUTEX_WOKEN) != 0 {
                return Ok(());
            }
            let new = (old - (1 << MUTEX_WAITER_SHIFT)) | MUTEX_WOKEN;
            match m
                .state
                .compare_exchange(old, new, Ordering::AcqRel, Ordering::Relaxed)
            {
                Ok(_) => {
                    m.sema.release(cx);
                    if super::profiling::mutex_profile_fraction() > 0 {
                        self.mutex_contention(m, old >> MUTEX_WAITER_SHIFT);
                    }
                    return Ok(());
                }
                Err(cur) => old = cur,
            }
        }
    }

    /// Mutex profile: this Unlock let one of `waiters` lockers in. The
    /// delay it ends is the longest wait; the others waited about half as
    /// long on average (Go estimates the same way); the clock restarts
    /// for those still waiting.
    #[cold]
    fn mutex_contention(&self, m: &MutexObj, waiters: u32) {
        let now = super::profiling::now_ns();
        let next = if waiters > 1 { now } else { 0 };
        let since = m.since.swap(next, Ordering::Relaxed);
        if since == 0 {
            return;
        }
        let d = (now - since).max(0);
        let delay = d.saturating_add(d / 2 * i64::from(waiters.saturating_sub(1)));
        super::profiling::mutex_contended(self, delay);
    }

    pub(crate) fn mutex_try_lock(&mut self, recv: Word) -> Result<bool, Trap> {
        let m = sync_obj(recv, MutexObj::new)?;
        Ok(m.try_lock())
    }

    fn rw(recv: Word) -> Result<&'static RwObj, Trap> {
        sync_obj(recv, RwObj::new)
    }

    pub(crate) fn rw_lock(&mut self, cx: &mut Cx<'_>, recv: Word, read: bool) -> Result<(), Stop> {
        if read {
            self.rw_rlock(cx, recv)
        } else {
            self.rw_wlock(cx, recv)
        }
    }

    fn rw_rlock(&mut self, cx: &mut Cx<'_>, recv: Word) -> Result<(), Stop> {
        match self.resumed("RWMutex.RLock")? {
            Resumed::Fresh => {}
            Resumed::Acquired => return Ok(()),
            Resumed::MutexWoken => return Err(Trap::internal("RLock resumed in lockSlow").into()),
        }
        let rw = Self::rw(recv)?;
        if rw.reader_count.fetch_add(1, Ordering::AcqRel) + 1 < 0 {
            // A writer is pending: wait for its Unlock.
            return self.semacquire(cx, &rw.reader_sem, WaitReason::RWMutexRLock);
        }
        Ok(())
    }

    fn rw_wlock(&mut self, cx: &mut Cx<'_>, recv: Word) -> Result<(), Stop> {
        let rw = Self::rw(recv)?;
        match self.resumed("RWMutex.Lock")? {
            Resumed::Fresh => {
                if !rw.w.lock_fast() {
                    self.lock_slow(cx, &rw.w, false)?;
                }
            }
            Resumed::MutexWoken => self.lock_slow(cx, &rw.w, true)?,
            // The last reader to leave released us.
            Resumed::Acquired => return Ok(()),
        }
        // Announce the writer to new readers, then wait for those inside.
        let r = rw.reader_count.fetch_sub(RW_MAX_READERS, Ordering::AcqRel);
        if r != 0 && rw.reader_wait.fetch_add(r, Ordering::AcqRel) + r != 0 {
            return self.semacquire(cx, &rw.writer_sem, WaitReason::RWMutexLock);
        }
        Ok(())
    }

    pub(crate) fn rw_try_lock(
        &mut self,
        cx: &mut Cx<'_>,
        recv: Word,
        read: bool,
    ) -> Result<bool, Trap> {
        let rw = Self::rw(recv)?;
        if read {
            let mut c = rw.reader_count.load(Ordering::Relaxed);
            loop {
                if c < 0 {
                    return Ok(false);
                }
                match rw.reader_count.compare_exchange(
                    c,
                    c + 1,
                    Ordering::AcqRel,
                    Ordering::Relaxed,
                ) {
                    Ok(_) => return Ok(true),
                    Err(cur) => c = cur,
                }
            }
        }
        if !rw.w.try_lock() {
            return Ok(false);
        }
        if rw
            .reader_count
            .compare_exchange(0, -RW_MAX_READERS, Ordering::AcqRel, Ordering::Relaxed)
            .is_err()
        {
            self.unlock(cx, &rw.w)?;
            return Ok(false);
        }
        Ok(true)
    }

    pub(crate) fn rw_unlock(
        &mut self,
        cx: &mut Cx<'_>,
        recv: Word,
        read: bool,
    ) -> Result<(), Trap> {
        let rw = Self::rw(recv)?;
        if read {
            let r = rw.reader_count.fetch_sub(1, Ordering::AcqRel) - 1;
            if r >= 0 {
                return Ok(());
            }
            if r + 1 == 0 || r + 1 == -RW_MAX_READERS {
                return Err(Trap::Fatal("sync: RUnlock of unlocked RWMutex".into()));
            }
            // A writer is pending: the last reader inside lets it in.
            if rw.reader_wait.fetch_sub(1, Ordering::AcqRel) - 1 == 0 {
                rw.writer_sem.release(cx);
            }
            return Ok(());
        }
        let r = rw.reader_count.fetch_add(RW_MAX_READERS, Ordering::AcqRel) + RW_MAX_READERS;
        if r >= RW_MAX_READERS {
            return Err(Trap::Fatal("sync: Unlock of unlocked RWMutex".into()));
        }
        if r > 0 {
            rw.reader_sem.release_n(cx, r as u64);
        }
        self.unlock(cx, &rw.w)
    }

    fn wg(recv: Word) -> Result<&'static WgObj, Trap> {
        sync_obj(recv, || WgObj {
            state: AtomicU64::new(0),
            sema: Sema::new(0),
        })
    }

    pub(crate) fn wg_add(&mut self, cx: &mut Cx<'_>, recv: Word, delta: i64) -> Result<(), Trap> {
        let wg = Self::wg(recv)?;
        let state = wg
            .state
            .fetch_add((delta as u64) << 32, Ordering::AcqRel)
            .wrapping_add((delta as u64) << 32);
        let v = (state >> 32) as i32;
        let w = state as u32;
        if v < 0 {
            return Err(panic_str(self, "sync: negative WaitGroup counter"));
        }
        if w != 0 && delta > 0 && v as i64 == delta {
            return Err(panic_str(
                self,
                "sync: WaitGroup misuse: Add called concurrently with Wait",
            ));
        }
        if v > 0 || w == 0 {
            return Ok(());
        }
        // The counter is zero and there are waiters: nobody else may touch
        // the state now; reset it and wake them all.
        if wg.state.load(Ordering::Acquire) != state {
            return Err(panic_str(
                self,
                "sync: WaitGroup misuse: Add called concurrently with Wait",
            ));
        }
        wg.state.store(0, Ordering::Release);
        wg.sema.release_n(cx, w as u64);
        Ok(())
    }

    pub(crate) fn wg_wait(&mut self, cx: &mut Cx<'_>, recv: Word) -> Result<(), Stop> {
        let wg = Self::wg(recv)?;
        match self.resumed("WaitGroup.Wait")? {
            Resumed::Fresh => {}
            Resumed::Acquired => {
                if wg.state.load(Ordering::Acquire) != 0 {
                    return Err(panic_str(
                        self,
                        "sync: WaitGroup is reused before previous Wait has returned",
                    )
                    .into());
                }
                return Ok(());
            }
            Resumed::MutexWoken => {
                return Err(Trap::internal("WaitGroup.Wait resumed in lockSlow").into())
            }
        }
        let mut state = wg.state.load(Ordering::Acquire);
        loop {
            if state >> 32 == 0 {
                return Ok(());
            }
            match wg
                .state
                .compare_exchange(state, state + 1, Ordering::AcqRel, Ordering::Acquire)
            {
                Ok(_) => return self.semacquire(cx, &wg.sema, WaitReason::WaitGroupWait),
                Err(cur) => state = cur,
            }
        }
    }

    fn cond(recv: Word) -> Result<&'static NotifyList, Trap> {
        // `type Cond struct { L Locker; state int64 }`: the state is field 1.
        sync_obj_at(recv, 1, || CondObj(NotifyList::new())).map(|c| &c.0)
    }

    /// `notifyListAdd`; the prelude's `Cond.Wait` takes the ticket before
    /// unlocking `L`.
    pub(crate) fn cond_ticket(&mut self, recv: Word) -> Result<i64, Trap> {
        Ok(Self::cond(recv)?.add() as i64)
    }

    pub(crate) fn cond_wait(
        &mut self,
        cx: &mut Cx<'_>,
        recv: Word,
        ticket: i64,
    ) -> Result<(), Stop> {
        match self.resumed("Cond.Wait")? {
            Resumed::Fresh => {}
            Resumed::Acquired => return Ok(()),
            Resumed::MutexWoken => {
                return Err(Trap::internal("Cond.Wait resumed in lockSlow").into())
            }
        }
        let c = Self::cond(recv)?;
        match c.wait(cx, ticket as u32) {
            SemaAcquire::Acquired => Ok(()),
            SemaAcquire::Blocked(w) => {
                self.wait = Some(Wait::Sema(w));
                Err(Stop::park(WaitReason::SyncCondWait))
            }
        }
    }

    pub(crate) fn cond_notify(
        &mut self,
        cx: &mut Cx<'_>,
        recv: Word,
        all: bool,
    ) -> Result<(), Trap> {
        let c = Self::cond(recv)?;
        if all {
            c.notify_all(cx);
        } else {
            c.notify_one(cx);
        }
        Ok(())
    }
}

// Sync objects hold no Go values: semaphores and wait lists of goroutines,
// which the scheduler owns.
impl heap::GcNative for MutexObj {
    fn trace(&self, _f: &mut dyn FnMut(Word)) {}
}
impl heap::GcNative for RwObj {
    fn trace(&self, _f: &mut dyn FnMut(Word)) {}
}
impl heap::GcNative for WgObj {
    fn trace(&self, _f: &mut dyn FnMut(Word)) {}
}
/// A Cond's notify list, as a heap object.
struct CondObj(NotifyList);

impl heap::GcNative for CondObj {
    fn trace(&self, _f: &mut dyn FnMut(Word)) {}
}
