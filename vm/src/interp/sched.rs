//! The VM side of the goroutine runtime: goroutines as runtime tasks,
//! channels, `select`, and the blocking parts of `sync`, `time` and
//! `runtime`.
//!
//! Owns: [`GoTask`] (a [`Goroutine`] driven by `minigo_runtime`), the
//! channel object behind a chan word ([`ChanObj`]), the sync objects behind
//! `sync.Mutex`/`RWMutex`/`WaitGroup` values, and [`Wait`], what a parked
//! goroutine is waiting for.
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

use super::panic::Trap;
use super::{value, Goroutine, Program, RunOutcome};
use crate::heap::{self, Word};
use minigo_runtime::{
    select as rt_select, Chan, ChanPanic, ChanWait, Cx, GRef, RecvOutcome, SelectCase,
    SelectOutcome, SelectWait, SendOutcome, Step, Task, WaitReason,
};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// What a parked goroutine waits for (see the module docs).
pub enum Wait {
    Chan(ChanWait),
    Select(SelectWait),
    /// Woken by a peer that handed it what it waited for (a WaitGroup
    /// reaching zero, an RWMutex handed over).
    Handoff,
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

/// A Go goroutine as a scheduler task.
pub struct GoTask {
    pub g: Goroutine,
}

impl GoTask {
    pub fn new(g: Goroutine) -> GoTask {
        GoTask { g }
    }
}

impl Task for GoTask {
    fn run(&mut self, cx: &mut Cx<'_>) -> Step {
        self.g.id = cx.goid();
        // The preempt flag belongs to the P running us: it lives as long as
        // the P, which `cx` keeps borrowed for this whole call.
        let preempt: *const AtomicBool = cx.preempt_flag();
        self.g.set_rt(cx);
        // SAFETY: `preempt` points into the P's shared state, alive and
        // unmoved for the duration of this call (see above).
        let out = self.g.run(unsafe { &*preempt });
        self.g.clear_rt();
        match out {
            RunOutcome::Preempted => Step::Preempted,
            RunOutcome::Yield => Step::Yield,
            RunOutcome::Park(r) => {
                super::natives::flush_stdout_if_pending();
                Step::Park(r)
            }
            RunOutcome::Exited => Step::Exit,
            other => {
                // A panic, fatal error or os.Exit in any goroutine ends the
                // process, as in Go: report from this thread and exit.
                let code = self.g.report(&other);
                super::natives::flush_stdout();
                std::process::exit(code);
            }
        }
    }

    fn traceback(&self) -> String {
        self.g.parked_trace()
    }
}

/// Runs `prog`'s entry as goroutine 1 on a fresh runtime; returns the exit
/// status when `main` returns or the program deadlocks.
pub fn run_main(prog: Arc<Program>) -> i32 {
    let g = match Goroutine::main(prog) {
        Ok(g) => g,
        Err(t) => {
            super::natives::flush_stdout();
            eprintln!("minigo: internal error: cannot start: {t:?}");
            return 3;
        }
    };
    raise_open_files_limit();
    let rt = minigo_runtime::Runtime::from_env();
    super::signals::install(rt.clone());
    let status = rt.run_main(Box::new(GoTask::new(g)));
    super::natives::flush_stdout();
    match status {
        minigo_runtime::ExitStatus::Exited => 0,
        minigo_runtime::ExitStatus::Deadlock(report) => {
            let mut err = String::from("fatal error: all goroutines are asleep - deadlock!\n");
            for d in &report.goroutines {
                err.push_str(&format!(
                    "\ngoroutine {} [{}]:\n",
                    d.goid,
                    d.reason.as_str()
                ));
                err.push_str(&d.traceback);
            }
            super::natives::write_stderr(err.as_bytes());
            2
        }
        minigo_runtime::ExitStatus::Fatal { message, .. } => {
            super::natives::write_stderr(format!("fatal error: {message}\n").as_bytes());
            2
        }
        minigo_runtime::ExitStatus::TaskPanicked { goid, message } => {
            super::natives::write_stderr(
                format!("minigo: internal error: goroutine {goid}: {message}\n").as_bytes(),
            );
            3
        }
    }
}

/// Go's `os` package raises the soft limit on open files to the hard limit
/// at startup (Go 1.19+), so a Go server can hold as many connections as
/// the system allows; so does minigo.
fn raise_open_files_limit() {
    // SAFETY: getrlimit/setrlimit only read and write the struct passed.
    unsafe {
        let mut r: libc::rlimit = std::mem::zeroed();
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut r) == 0 && r.rlim_cur < r.rlim_max {
            r.rlim_cur = r.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &r);
        }
    }
}

// ------------------------------------------------------------------ channels

/// The object behind a chan word.
pub struct ChanObj {
    pub ch: Chan,
    /// The element's runtime type (zero values of closed receives).
    pub elem: u32,
    /// The `C` of a `time.Timer`/`Ticker`: since Go 1.23 such a channel
    /// looks unbuffered (`len` and `cap` are 0) and `Stop`/`Reset` discard
    /// a value it holds; inside it keeps a buffer of one.
    pub timer: AtomicBool,
}

fn chan(w: Word) -> Option<&'static ChanObj> {
    if w == 0 {
        None
    } else {
        // SAFETY: a word of static channel type is 0 or a leaked `ChanObj`
        // made by `make_chan`.
        Some(unsafe { heap::deref::<ChanObj>(w) })
    }
}

fn chan_panic(p: ChanPanic) -> Trap {
    Trap::rt(super::panic::RtKind::Plain, p.to_string())
}

fn no_rt() -> Trap {
    Trap::internal("channel or scheduler operation outside a goroutine task (inside a String or Error method called by fmt?)")
}

pub fn make_chan(prog: &Program, t: u32, size: i64) -> Result<Word, Trap> {
    // Go's makechan: the buffer (elem size × size) must fit maxAlloc
    // (1<<48 on amd64, less the hchan header); zero-size elements take no
    // buffer, so any size is allowed.
    let elem_size = super::value::size_align(&prog.rtypes, prog.rtype(t).elem).0 as u128;
    if size < 0 || elem_size * size as u128 > (1u128 << 48) - 96 {
        return Err(Trap::rt(
            super::panic::RtKind::Plain,
            "makechan: size out of range",
        ));
    }
    let elem = prog.rtype(t).elem;
    Ok(heap::new_object(ChanObj {
        ch: Chan::new(size as usize),
        elem,
        timer: AtomicBool::new(false),
    }))
}

impl Goroutine {
    /// `ch <- v`.
    pub(crate) fn chan_send(&mut self, ch: Word, v: Word) -> Result<(), Trap> {
        match self.wait.take() {
            Some(Wait::Chan(w)) => return w.send_result().map_err(chan_panic),
            Some(Wait::Forever) | None => {}
            Some(_) => return Err(Trap::internal("send resumed with a foreign wait")),
        }
        let Some(c) = chan(ch) else {
            self.wait = Some(Wait::Forever);
            return Err(Trap::Park(WaitReason::ChanSendNilChan));
        };
        let cx = self.rt().ok_or_else(no_rt)?;
        match c.ch.send(cx, v).map_err(chan_panic)? {
            SendOutcome::Done => Ok(()),
            SendOutcome::Blocked(w) => {
                self.wait = Some(Wait::Chan(w));
                Err(Trap::Park(WaitReason::ChanSend))
            }
        }
    }

    /// `<-ch` with ok.
    pub(crate) fn chan_recv(&mut self, prog: &Program, ch: Word) -> Result<(Word, bool), Trap> {
        let c = chan(ch);
        let fix = |(v, ok): (Word, bool)| {
            if ok {
                (v, true)
            } else {
                (c.map_or(0, |c| value::zero(&prog.rtypes, c.elem)), false)
            }
        };
        match self.wait.take() {
            Some(Wait::Chan(w)) => return Ok(fix(w.recv_result())),
            Some(Wait::Forever) | None => {}
            Some(_) => return Err(Trap::internal("receive resumed with a foreign wait")),
        }
        let Some(c) = c else {
            self.wait = Some(Wait::Forever);
            return Err(Trap::Park(WaitReason::ChanReceiveNilChan));
        };
        let cx = self.rt().ok_or_else(no_rt)?;
        match c.ch.recv(cx) {
            RecvOutcome::Ready(v, ok) => Ok(fix((v, ok))),
            RecvOutcome::Blocked(w) => {
                self.wait = Some(Wait::Chan(w));
                Err(Trap::Park(WaitReason::ChanReceive))
            }
        }
    }

    pub(crate) fn chan_close(&mut self, ch: Word) -> Result<(), Trap> {
        let Some(c) = chan(ch) else {
            return Err(chan_panic(ChanPanic::CloseOfNil));
        };
        let cx = self.rt().ok_or_else(no_rt)?;
        c.ch.close(cx).map_err(chan_panic)
    }

    /// `select`: returns (case index or -1, received value, ok).
    pub(crate) fn chan_select(
        &mut self,
        prog: &Program,
        cases: &[(bool, Word, Word)],
        has_default: bool,
    ) -> Result<(i64, Word, bool), Trap> {
        let fix = |i: usize, v: Word, ok: bool| -> (i64, Word, bool) {
            let recv = cases.get(i).is_some_and(|c| !c.0);
            if recv && !ok {
                let z = chan(cases[i].1).map_or(0, |c| value::zero(&prog.rtypes, c.elem));
                (i as i64, z, false)
            } else {
                (i as i64, v, ok)
            }
        };
        match self.wait.take() {
            Some(Wait::Select(w)) => {
                let (i, v, ok) = w.result().map_err(chan_panic)?;
                return Ok(fix(i, v, ok));
            }
            Some(Wait::Forever) | None => {}
            Some(_) => return Err(Trap::internal("select resumed with a foreign wait")),
        }
        if cases.is_empty() && !has_default {
            self.wait = Some(Wait::Forever);
            return Err(Trap::Park(WaitReason::SelectNoCases));
        }
        let rcases: Vec<SelectCase<'_>> = cases
            .iter()
            .map(|&(send, ch, v)| {
                let c = chan(ch).map(|c| &c.ch);
                if send {
                    SelectCase::Send(c, v)
                } else {
                    SelectCase::Recv(c)
                }
            })
            .collect();
        let cx = self.rt().ok_or_else(no_rt)?;
        match rt_select(cx, &rcases, has_default).map_err(chan_panic)? {
            SelectOutcome::Ready { index, value, ok } => Ok(fix(index, value, ok)),
            SelectOutcome::Default => Ok((-1, 0, false)),
            SelectOutcome::Blocked(w) => {
                self.wait = Some(Wait::Select(w));
                Err(Trap::Park(WaitReason::Select))
            }
        }
    }

    /// `go f(...)`: a new goroutine running the thunk `f`.
    pub(crate) fn go(&mut self, thunk: Word) -> Result<(), Trap> {
        let child = Goroutine::spawn(self.prog.clone(), 0, thunk)?;
        let cx = self.rt().ok_or_else(no_rt)?;
        cx.spawn(Box::new(GoTask::new(child)));
        Ok(())
    }
}

pub fn chan_len(ch: Word) -> usize {
    chan(ch).map_or(0, |c| {
        if c.timer.load(Ordering::Relaxed) {
            0
        } else {
            c.ch.len()
        }
    })
}

pub fn chan_cap(ch: Word) -> usize {
    chan(ch).map_or(0, |c| {
        if c.timer.load(Ordering::Relaxed) {
            0
        } else {
            c.ch.cap()
        }
    })
}

// ------------------------------------------------------------------ sync

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

    // -------------------------------------------------------------- time

    /// `time.Sleep(d)`.
    pub(crate) fn sleep(&mut self, d: i64) -> Result<(), Trap> {
        if let Some(w) = self.wait.take() {
            return match w {
                Wait::Sleep => Ok(()),
                _ => Err(Trap::internal("Sleep resumed with a foreign wait")),
            };
        }
        if d <= 0 {
            return Ok(());
        }
        let deadline = std::time::Instant::now() + std::time::Duration::from_nanos(d as u64);
        let cx = self.rt().ok_or_else(no_rt)?;
        if cx.sleep_until(deadline) {
            self.wait = Some(Wait::Sleep);
            return Err(Trap::Park(WaitReason::Sleep));
        }
        Ok(())
    }

    /// `runtime.Gosched()`: to the global queue's tail once.
    pub(crate) fn gosched(&mut self) -> Result<(), Trap> {
        match self.wait.take() {
            Some(Wait::Yield) => Ok(()),
            _ => {
                if self.rt().is_none() {
                    return Ok(());
                }
                self.wait = Some(Wait::Yield);
                Err(Trap::Yield)
            }
        }
    }
}

// ------------------------------------------------------------------ timers

/// Armed runtime timers by the id `time.startTimer` returned.
type TimerTable = std::collections::HashMap<i64, (minigo_runtime::Timer, Word)>;
static TIMERS: Mutex<Option<TimerTable>> = Mutex::new(None);
static NEXT_TIMER: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(1);

fn unix_nanos() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as i64)
}

fn when_after(d: i64) -> std::time::Instant {
    std::time::Instant::now() + std::time::Duration::from_nanos(d.max(0) as u64)
}

fn period_of(p: i64) -> Option<std::time::Duration> {
    (p > 0).then(|| std::time::Duration::from_nanos(p as u64))
}

/// `time.startTimer(c, d, period)`: after `d` (then every `period`), send
/// the current `time.Time` on `c` without blocking (Go's timer channels
/// have a buffer of one and drop ticks a slow receiver misses).
pub fn start_timer(g: &mut Goroutine, ch: Word, d: i64, period: i64) -> Result<i64, Trap> {
    let cx = g.rt().ok_or_else(no_rt)?;
    if let Some(c) = chan(ch) {
        c.timer.store(true, Ordering::Relaxed);
    }
    let f: minigo_runtime::TimerFn = Box::new(move |cx: &mut Cx<'_>| {
        if let Some(c) = chan(ch) {
            let t = heap::new_box(1);
            heap::store(heap::field(t, 0), unix_nanos() as u64);
            let _ = c.ch.try_send(cx, t);
        }
    });
    let timer = cx.add_timer(when_after(d), period_of(period), f);
    let id = NEXT_TIMER.fetch_add(1, Ordering::Relaxed);
    TIMERS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_or_insert_with(Default::default)
        .insert(id, (timer, ch));
    Ok(id)
}

pub fn stop_timer(g: &mut Goroutine, id: i64) -> Result<bool, Trap> {
    let timers = TIMERS.lock().unwrap_or_else(|e| e.into_inner());
    let Some((t, ch)) = timers.as_ref().and_then(|m| m.get(&id)) else {
        return Ok(false);
    };
    let cx = g.rt().ok_or_else(no_rt)?;
    let pending = cx.stop_timer(t);
    // A fired but unreceived value counts as stopped in time (Go 1.23+).
    let discarded = drain(cx, *ch);
    Ok(pending || discarded)
}

pub fn reset_timer(g: &mut Goroutine, id: i64, d: i64, period: i64) -> Result<bool, Trap> {
    let timers = TIMERS.lock().unwrap_or_else(|e| e.into_inner());
    let Some((t, ch)) = timers.as_ref().and_then(|m| m.get(&id)) else {
        return Ok(false);
    };
    let cx = g.rt().ok_or_else(no_rt)?;
    let pending = cx.stop_timer(t);
    let discarded = drain(cx, *ch);
    cx.reset_timer(t, when_after(d), period_of(period));
    Ok(pending || discarded)
}

/// Go 1.23+: after Stop or Reset no stale value is received. Returns
/// whether a value was discarded.
fn drain(cx: &mut Cx<'_>, ch: Word) -> bool {
    let mut any = false;
    if let Some(c) = chan(ch) {
        while c.ch.try_recv(cx).is_some_and(|(_, ok)| ok) {
            any = true;
        }
    }
    any
}
