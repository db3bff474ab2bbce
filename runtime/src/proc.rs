//! The scheduler proper (Go's `proc.go`): `schedule`, `findRunnable`,
//! `execute`, `stealWork`, `wakep`, `startm`/`stopm`, spinning Ms, the idle
//! lists and `checkdead`.
//!
//! # Worker thread parking/unparking (Go's essay, our version)
//!
//! Goal: keep enough Ms running to use every P that has work, but park Ms
//! (costing no CPU) when there is none, without ever losing a wake-up.
//! Go rejected (1) centralizing all scheduler state (a global lock on every
//! G switch), (2) direct hand-off of a G to an idle P (thrashing, and the
//! readying M could just run it), (3) unparking an M on every readied G
//! (overspinning). We keep Go's answer:
//!
//! - A readied/spawned G goes to the waker's P (runnext); then `wakep`
//!   starts ONE spinning M if none is spinning and a P is idle.
//! - A spinning M that finds work calls `resetspinning`, which `wakep`s the
//!   next one (a chain), and at most half of the busy Ps may spin.
//! - The "delicate dance": a spinning M going idle first decrements
//!   `nmspinning`, THEN re-checks the global queue and every running P's
//!   local queue (SeqCst on both sides). A submitter enqueues THEN reads
//!   `nmspinning`. One of the two must see the other.
//!
//! # Idle Ms, timers and the netpoller
//!
//! Go's idle Ms never wait with a timeout: the one M blocked in netpoll
//! sleeps until the next timer (findRunnable step 12). We do the same
//! (`netpoll.rs`): an M with nothing to do, when a G waits on I/O or a timer
//! is armed, claims `poll.lastpoll` and blocks in `Poller::wait` until the
//! earliest timer over all Ps; arming an earlier timer breaks it
//! (`timer_added`, Go's `wakeNetPoller`); with nobody polling, arming a
//! timer calls `wakep`, as Go does. When it wakes it takes an idle P and
//! runs findRunnable (whose last steal pass runs other Ps' due timers), or
//! injects what it found into the global queue and parks. A parked program
//! with no timers and no I/O waiters has every M and sysmon asleep.
//!
//! # Syscalls (Go <= 1.25 `_Psyscall`, RUNTIME.md A11)
//!
//! `Cx::entersyscall` moves the M's `Box<PLocal>` into `PShared::syscall_p`
//! and marks the P `P_SYSCALL`. `Cx::exitsyscall` CASes it back to
//! `P_RUNNING` and takes the box (fast path), else takes an idle P, else
//! the task must return (`Step::Yield`): `execute` retries `pidleget` under
//! sched.lock and otherwise puts the G on the global queue and the M parks
//! (`exitsyscall0`). sysmon's retake CASes `P_SYSCALL -> P_IDLE`, takes the
//! box and `handoffp`s it.

//! # Lock order
//!
//! `sched.lock` → `allm` → an M's slot; `poll.pds` and `PShared::syscall_p`
//! are leaves; a channel
//! lock is never held while calling into the scheduler (`goready` happens
//! after unlock). Timer locks: see `timer.rs`; `pstop` (GOMAXPROCS
//! shrinking) takes a P's heap lock, then timer state locks, under
//! sched.lock, so no code may take sched.lock while holding those.

use std::collections::{HashMap, VecDeque};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use crate::config::{num_cpu, Config};
use crate::g::{GRef, Readied, G, G_RUNNABLE, G_RUNNING, G_WAITING};
use crate::globrunq::GLOBRUNQ_BATCH;
use crate::m::{MPark, Woke};
use crate::netpoll::Netpoll;
use crate::p::{PLocal, PShared, P_IDLE, P_RUNNING, P_STOPPED};
use crate::runq::runnext_is_empty;
use crate::stw::{current_p, set_current_p, set_current_sched, StwState};
use crate::sysmon::SysmonPark;
use crate::trace::Ev;
use crate::{Cx, DeadlockReport, ExitStatus, GoroutineDump, PSlot, Step, Task};

thread_local! {
    /// An M's scratch for a parking G's stack ([`Task::trace_stack`]).
    static TRACE_PCS: std::cell::RefCell<Vec<u64>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Go's `stealTries`.
const STEAL_TRIES: usize = 4;
/// Every 61st schedtick a P takes one G from the global queue first.
/// 61 is Go's (prime, so it does not resonate with program periods).
pub(crate) const GLOBAL_FAIRNESS_TICKS: u32 = 61;
/// Shards of the all-goroutines table (`allgs`), by goid.
const ALLG_SHARDS: usize = 64;
pub(crate) const MAIN_GOID: u64 = 1;
/// Go's `sched.maxmcount` default (`debug.SetMaxThreads`).
pub(crate) const MAX_M_COUNT: usize = 10_000;
/// `allp` holds `max(GOMAXPROCS at creation, NumCPU, MIN_ALLP)` Ps; a
/// run-time `set_gomaxprocs` above that is clamped to it.
pub(crate) const MIN_ALLP: usize = 256;

/// What `pstop` left to do once sched.lock is released.
#[derive(Default)]
pub(crate) struct Stopped {
    /// Gs moved to the global queue: `wakep`.
    work: bool,
    /// Earliest timer moved to P0: `timer_added`.
    timer: Option<Instant>,
}

/// State under `sched.lock`.
pub(crate) struct SchedLocked {
    pub(crate) runq: VecDeque<GRef>,
    /// Boxed on purpose: acquiring/releasing a P moves one pointer.
    #[allow(clippy::vec_box)]
    pub(crate) pidle: Vec<Box<PLocal>>,
    /// Ps with `id >= gomaxprocs` nobody holds (`P_STOPPED`).
    #[allow(clippy::vec_box)]
    pstopped: Vec<Box<PLocal>>,
    midle: Vec<Arc<MPark>>,
    pub(crate) mcount: usize,
    pub(crate) nmidle: usize,
    started: bool,
    /// Stop-the-world state (`stw.rs`).
    pub(crate) stw: StwState,
}

/// Go's `schedt` plus `allp`/`allgs`.
pub(crate) struct Sched {
    pub(crate) config: Config,
    /// GOMAXPROCS: Ps `allp[..gomaxprocs]` are active. Written under
    /// sched.lock only (`procresize`); read anywhere.
    nprocs: AtomicUsize,
    /// Highest GOMAXPROCS ever set: `allp[allp_hw..]` were never active,
    /// so scans over all Ps stop there.
    allp_hw: AtomicUsize,
    /// Every P that may ever be active (see [`MIN_ALLP`]).
    pub(crate) allp: Vec<Arc<PShared>>,
    /// `coprimes[n]`: numbers coprime with n, strides for the random steal
    /// order over n Ps (filled on first use).
    coprimes: Vec<OnceLock<Vec<usize>>>,
    lock: Mutex<SchedLocked>,
    pub(crate) runqsize: AtomicUsize,
    pub(crate) npidle: AtomicUsize,
    pub(crate) nmspinning: AtomicUsize,
    pub(crate) needspinning: AtomicBool,
    pub(crate) timers_live: AtomicUsize,
    pub(crate) epoch: Instant,
    goidgen: AtomicU64,
    allg: Vec<Mutex<HashMap<u64, GRef>>>,
    /// The netpoller (`netpoll.rs`).
    pub(crate) poll: Netpoll,
    /// The execution trace, when [`Config::trace`] is set (`trace.rs`).
    pub(crate) tracer: Option<Arc<crate::trace::Tracer>>,
    /// Go's `sched.maxmcount`.
    pub(crate) maxmcount: AtomicUsize,
    /// Tests: how many of the next M spawns fail as if with EAGAIN.
    #[cfg(test)]
    pub(crate) fail_spawns: AtomicUsize,
    pub(crate) shutdown: AtomicBool,
    /// Main ended in `runtime.Goexit`: the program runs on without it.
    pub(crate) main_goexited: AtomicBool,
    exit: Mutex<Option<ExitStatus>>,
    exit_cv: Condvar,
    pub(crate) allm: Mutex<Vec<Arc<MPark>>>,
    pub(crate) sysmon: SysmonPark,
    /// Go's `sched.gcwaiting`: a stop-the-world is in progress (set and
    /// cleared under sched.lock; read anywhere).
    pub(crate) gcwaiting: AtomicBool,
    /// Signalled (with sched.lock) when a STW stops or starts the world.
    pub(crate) stw_cv: Condvar,
    /// A seeded, deterministic run (`Config::replay_seed`, `seeded.rs`).
    pub(crate) det: Option<crate::seeded::Det>,
}

impl Sched {
    pub(crate) fn new(config: Config) -> Arc<Sched> {
        let n = config.gomaxprocs.max(1);
        let max = n.max(num_cpu()).max(MIN_ALLP);
        // A seeded run derives the per-P generators from its seed.
        let seed = config
            .replay_seed
            .map_or(config.seed, |n| crate::seeded::derived_seed(n, 1));
        let mut ps: Vec<Box<PLocal>> = (0..max).map(|i| PLocal::new(i, seed)).collect();
        let allp = ps.iter().map(|p| p.shared.clone()).collect();
        let pstopped: Vec<Box<PLocal>> = ps.split_off(n);
        for p in &pstopped {
            p.shared.status.store(P_STOPPED, Ordering::SeqCst);
        }
        // pidle is a stack: push in reverse so P0 is handed out first.
        let pidle: Vec<Box<PLocal>> = ps.into_iter().rev().collect();
        let epoch = Instant::now();
        Arc::new(Sched {
            tracer: (config.trace || config.trace_on_demand).then(|| {
                let t = crate::trace::Tracer::new(epoch, config.replay_seed.is_some());
                t.set_on(config.trace);
                t
            }),
            nprocs: AtomicUsize::new(n),
            allp_hw: AtomicUsize::new(n),
            allp,
            coprimes: (0..=max).map(|_| OnceLock::new()).collect(),
            lock: Mutex::new(SchedLocked {
                runq: VecDeque::new(),
                pidle,
                pstopped,
                midle: Vec::new(),
                mcount: 0,
                nmidle: 0,
                started: false,
                stw: StwState::default(),
            }),
            runqsize: AtomicUsize::new(0),
            npidle: AtomicUsize::new(n),
            nmspinning: AtomicUsize::new(0),
            needspinning: AtomicBool::new(false),
            timers_live: AtomicUsize::new(0),
            epoch,
            goidgen: AtomicU64::new(MAIN_GOID + 1),
            allg: (0..ALLG_SHARDS)
                .map(|_| Mutex::new(HashMap::new()))
                .collect(),
            poll: Netpoll::new(),
            maxmcount: AtomicUsize::new(MAX_M_COUNT),
            #[cfg(test)]
            fail_spawns: AtomicUsize::new(0),
            shutdown: AtomicBool::new(false),
            main_goexited: AtomicBool::new(false),
            exit: Mutex::new(None),
            exit_cv: Condvar::new(),
            allm: Mutex::new(Vec::new()),
            sysmon: SysmonPark::default(),
            gcwaiting: AtomicBool::new(false),
            stw_cv: Condvar::new(),
            det: config.replay_seed.map(crate::seeded::Det::new),
            config,
        })
    }

    /// GOMAXPROCS now.
    pub(crate) fn gomaxprocs(&self) -> usize {
        self.nprocs.load(Ordering::SeqCst)
    }

    /// The Ps that are or ever were active (the rest stayed `P_STOPPED`).
    pub(crate) fn allp_live(&self) -> &[Arc<PShared>] {
        &self.allp[..self.allp_hw.load(Ordering::SeqCst)]
    }

    fn coprimes(&self, n: usize) -> &[usize] {
        self.coprimes[n].get_or_init(|| (1..=n).filter(|&i| gcd(i, n) == 1).collect())
    }

    pub(crate) fn started(&self) -> bool {
        self.lock().started
    }

    /// `lock(&sched.lock)`. Poisoning cannot leave the state inconsistent
    /// (no user code runs under it), so a poisoned lock is just taken.
    pub(crate) fn lock(&self) -> MutexGuard<'_, SchedLocked> {
        self.lock.lock().unwrap_or_else(|e| e.into_inner())
    }

    // ----- goroutines ---------------------------------------------------

    pub(crate) fn new_g(&self, goid: u64, task: Box<dyn Task>) -> GRef {
        let g = G::new(goid, task);
        self.allg[(goid as usize) % ALLG_SHARDS]
            .lock()
            .unwrap()
            .insert(goid, g.clone());
        g
    }

    fn drop_g(&self, g: &GRef) {
        self.allg[(g.goid() as usize) % ALLG_SHARDS]
            .lock()
            .unwrap()
            .remove(&g.goid());
    }

    /// Every G in `allg` (a snapshot).
    pub(crate) fn all_gs(&self) -> Vec<GRef> {
        let mut gs = Vec::new();
        for shard in &self.allg {
            gs.extend(
                shard
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .values()
                    .cloned(),
            );
        }
        gs
    }

    pub(crate) fn num_goroutine(&self) -> usize {
        self.allg.iter().map(|s| s.lock().unwrap().len()).sum()
    }

    pub(crate) fn next_goid(&self, p: &mut PLocal) -> u64 {
        p.next_goid(&self.goidgen)
    }

    /// Does `runqput(next)` use the runnext slot? Not without sysmon (Go's
    /// `haveSysmon`) and not with `GODEBUG=runnextoff=1`.
    #[inline]
    pub(crate) fn runnext_on(&self) -> bool {
        self.config.sysmon && self.config.rules.runnext
    }

    /// `goready` from a thread that holds no P: global queue + wakep.
    pub(crate) fn goready_remote(self: &Arc<Self>, g: &GRef) {
        self.trace(|| Ev::GoUnblock {
            g: g.goid(),
            by: 0,
            runnext: false,
        });
        if g.ready() == Readied::Queue {
            let mut l = self.lock();
            self.globrunqput(&mut l, g.clone());
            drop(l);
            self.wakep();
        }
    }

    // ----- idle P list ---------------------------------------------------

    /// `pidleput`. sched.lock held. While a stop-the-world is in progress
    /// the P stops instead (`stw.rs`).
    pub(crate) fn pidleput(&self, l: &mut SchedLocked, p: Box<PLocal>) {
        // A seeded run parks Ps with work here (`seeded.rs`).
        debug_assert!(
            p.runq.is_empty() || self.det.is_some(),
            "pidleput: P has non-empty run queue"
        );
        let Some(p) = self.stw_divert_idle(l, p) else {
            return;
        };
        p.shared.status.store(P_IDLE, Ordering::SeqCst);
        l.pidle.push(p);
        self.npidle.fetch_add(1, Ordering::SeqCst);
    }

    /// `pidleget`. sched.lock held.
    pub(crate) fn pidleget(&self, l: &mut SchedLocked) -> Option<Box<PLocal>> {
        let p = l.pidle.pop()?;
        p.shared.status.store(P_RUNNING, Ordering::SeqCst);
        self.npidle.fetch_sub(1, Ordering::SeqCst);
        self.sysmon.wake();
        Some(p)
    }

    /// Go's `(*p).destroy` for a P beyond GOMAXPROCS that nobody holds any
    /// more: its runnext and local Gs go to the HEAD of the global queue
    /// (in order), its timers to P0's heap; it becomes `P_STOPPED`.
    /// sched.lock held; the caller then runs [`Sched::after_pstop`].
    fn pstop(&self, l: &mut SchedLocked, p: Box<PLocal>) -> Stopped {
        let mut gs: Vec<GRef> = p.shared.runnext.take().into_iter().collect();
        while let Some(g) = p.runq.pop() {
            gs.push(g);
        }
        let work = !gs.is_empty();
        for g in gs.into_iter().rev() {
            l.runq.push_front(g);
        }
        self.runqsize.store(l.runq.len(), Ordering::SeqCst);
        let timer = self.move_timers(&p.shared, &self.allp[0]);
        p.shared.status.store(P_STOPPED, Ordering::SeqCst);
        l.pstopped.push(p);
        self.stw_pstopped(l);
        Stopped { work, timer }
    }

    /// Release a P nobody will hold: idle list, or stopped if GOMAXPROCS
    /// shrank below its id. sched.lock held; then [`Sched::after_pstop`].
    pub(crate) fn prelease(&self, l: &mut SchedLocked, p: Box<PLocal>) -> Stopped {
        if p.id >= self.gomaxprocs() {
            self.pstop(l, p)
        } else {
            self.pidleput(l, p);
            Stopped::default()
        }
    }

    /// `pstop`'s wake-ups, without sched.lock.
    pub(crate) fn after_pstop(self: &Arc<Self>, s: Stopped) {
        if s.work {
            self.wakep();
        }
        if let Some(when) = s.timer {
            self.timer_added(when);
        }
    }

    /// runtime.GOMAXPROCS(n) while running (Go's `procresize`, without
    /// stopping the world): `n` is clamped to `allp.len()`; returns the
    /// previous value; `n < 1` only reads.
    ///
    /// Growing moves the Ps `old..n` from the stopped list to the idle list
    /// and `wakep`s. Shrinking stops the idle Ps `n..` at once and sets the
    /// preempt flag of every held one (running or in a syscall): its M gives
    /// it up at its next scheduling point (top of findRunnable, step 10,
    /// or `handoffp` after a retake), moving its Gs to the global queue and
    /// its timers to P0. Until then such a P still runs its current G, so
    /// for a short while more than `n` Gs may run.
    ///
    /// Never during a stop-the-world: it waits for `start_the_world`
    /// (a caller that owns a P counts it as stopped meanwhile).
    pub(crate) fn procresize(self: &Arc<Self>, n: usize) -> usize {
        let mut l = self.lock();
        while l.stw.active && !self.shutdown.load(Ordering::SeqCst) {
            match current_p() {
                Some(id) => {
                    drop(l);
                    self.stw_park(id);
                    l = self.lock();
                }
                None => l = self.stw_wait_inactive(l),
            }
        }
        let old = self.gomaxprocs();
        if n < 1 {
            return old;
        }
        let n = n.min(self.allp.len());
        if n == old {
            return old;
        }
        let mut after = Vec::new();
        let started = l.started;
        if n > old {
            self.allp_hw.fetch_max(n, Ordering::SeqCst);
            self.nprocs.store(n, Ordering::SeqCst);
            let (mut start, keep): (Vec<_>, Vec<_>) = std::mem::take(&mut l.pstopped)
                .into_iter()
                .partition(|p| p.id < n);
            l.pstopped = keep;
            // Highest id first onto the stack: lower ids are handed out first.
            start.sort_by_key(|p| std::cmp::Reverse(p.id));
            for p in start {
                self.pidleput(&mut l, p);
            }
        } else {
            self.nprocs.store(n, Ordering::SeqCst);
            let (stop, keep): (Vec<_>, Vec<_>) = std::mem::take(&mut l.pidle)
                .into_iter()
                .partition(|p| p.id >= n);
            l.pidle = keep;
            self.npidle.fetch_sub(stop.len(), Ordering::SeqCst);
            for p in stop {
                after.push(self.pstop(&mut l, p));
            }
            for p in &self.allp_live()[n..] {
                if p.status.load(Ordering::SeqCst) != P_STOPPED {
                    p.preempt.store(true, Ordering::SeqCst);
                }
            }
        }
        drop(l);
        for s in after {
            self.after_pstop(s);
        }
        // Its idle test depends on GOMAXPROCS.
        self.sysmon.wake();
        if n > old && started {
            self.wakep();
        }
        old
    }

    // ----- Ms ------------------------------------------------------------

    /// `wakep`: start one spinning M if nobody spins and a P is idle.
    ///
    /// Differs from Go 1.21+ by one fast path taken from older Go's `ready`:
    /// with no idle P we do not take sched.lock; we only raise
    /// `needspinning` (what `pidlegetSpinning` would do), so the next P that
    /// goes idle spins once more instead.
    pub(crate) fn wakep(self: &Arc<Self>) {
        // A seeded run has one M, which finds the work itself.
        if self.det.is_some() {
            return;
        }
        if self.nmspinning.load(Ordering::SeqCst) != 0 {
            return;
        }
        if self.npidle.load(Ordering::SeqCst) == 0 {
            if !self.needspinning.load(Ordering::Relaxed) {
                self.needspinning.store(true, Ordering::SeqCst);
            }
            return;
        }
        if self
            .nmspinning
            .compare_exchange(0, 1, Ordering::SeqCst, Ordering::SeqCst)
            .is_err()
        {
            return;
        }
        let p = {
            let mut l = self.lock();
            match self.pidleget(&mut l) {
                Some(p) => p,
                None => {
                    self.needspinning.store(true, Ordering::SeqCst);
                    drop(l);
                    self.nmspinning.fetch_sub(1, Ordering::SeqCst);
                    return;
                }
            }
        };
        self.startm(Some(p), true);
    }

    /// `startm(pp, spinning)`: run `p` (or an idle P) on an idle or new M.
    /// With `spinning`, the caller already counted the M in nmspinning.
    pub(crate) fn startm(self: &Arc<Self>, p: Option<Box<PLocal>>, spinning: bool) {
        let mut l = self.lock();
        if self.det.is_some() && l.mcount > 0 {
            // A seeded run has one M: the P waits in the idle list.
            if let Some(p) = p {
                self.pidleput(&mut l, p);
            }
            if spinning {
                self.nmspinning.fetch_sub(1, Ordering::SeqCst);
            }
            return;
        }
        let p = match p.or_else(|| self.pidleget(&mut l)) {
            Some(p) => p,
            None => {
                drop(l);
                if spinning {
                    self.nmspinning.fetch_sub(1, Ordering::SeqCst);
                }
                return;
            }
        };
        if let Some(m) = l.midle.pop() {
            l.nmidle -= 1;
            drop(l);
            m.give(p, spinning);
            return;
        }
        if l.mcount >= self.maxmcount.load(Ordering::SeqCst) {
            // Go's checkmcount: "runtime: program exceeds N-thread limit",
            // then throw("thread exhaustion"). The P (maybe with work)
            // is parked in the idle list as is: the program is over.
            p.shared.status.store(P_IDLE, Ordering::SeqCst);
            l.pidle.push(p);
            self.npidle.fetch_add(1, Ordering::SeqCst);
            drop(l);
            if spinning {
                self.nmspinning.fetch_sub(1, Ordering::SeqCst);
            }
            self.finish(ExitStatus::Fatal {
                goid: 0,
                message: "thread exhaustion".into(),
            });
            return;
        }
        l.mcount += 1;
        let id = l.mcount;
        drop(l);
        let park = Arc::new(MPark::new());
        self.allm.lock().unwrap().push(park.clone());
        let sched = self.clone();
        // The P travels through a cell rather than the closure so that a
        // failed spawn can give it back instead of dropping it.
        let cell = Arc::new(Mutex::new(Some(p)));
        let cell2 = cell.clone();
        let park2 = park.clone();
        #[cfg(test)]
        let injected = self
            .fail_spawns
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
        #[cfg(not(test))]
        let injected = false;
        let spawned = if injected {
            Err(std::io::Error::from(std::io::ErrorKind::WouldBlock))
        } else {
            std::thread::Builder::new()
                .name(format!("minigo-m{id}"))
                .stack_size(8 << 20)
                .spawn(move || {
                    let p = cell2.lock().unwrap().take().expect("P handed to the new M");
                    mstart(sched, park2, p, spinning)
                })
        };
        if spawned.is_ok() {
            return;
        }
        // No thread (EAGAIN: the address space or the process limit is
        // full). Go throws "newosproc"; minigo undoes the M instead, so a
        // program already dying of memory exhaustion reports that, and a
        // transient failure is retried by the next wakep or sysmon's
        // retake. Only the first M is essential: without it nothing runs.
        let p = cell
            .lock()
            .unwrap()
            .take()
            .expect("spawn failed: P still here");
        let mut l = self.lock();
        l.mcount -= 1;
        // Not pidleput: this P may hold work, which running Ms steal.
        if let Some(p) = self.stw_divert_idle(&mut l, p) {
            p.shared.status.store(P_IDLE, Ordering::SeqCst);
            l.pidle.push(p);
            self.npidle.fetch_add(1, Ordering::SeqCst);
        }
        drop(l);
        self.allm.lock().unwrap().retain(|m| !Arc::ptr_eq(m, &park));
        if spinning {
            self.nmspinning.fetch_sub(1, Ordering::SeqCst);
        }
        if id == 1 {
            self.finish(ExitStatus::Fatal {
                goid: 0,
                message: "newosproc".into(),
            });
        }
    }

    /// Go's `checkRunqsNoP`: does any running P have local work?
    fn any_runq_nonempty(&self) -> bool {
        self.allp_live().iter().any(|p| {
            p.status.load(Ordering::SeqCst) != P_IDLE
                && (!p.stealer.is_empty() || !runnext_is_empty(p))
        })
    }

    // ----- timers and the netpoller ---------------------------------------

    /// A timer was armed for `when` (Go's `wakeNetPoller`): break the
    /// blocked poller if it would sleep past `when`; with nobody blocked
    /// in netpoll, `wakep` so some M goes and handles it.
    pub(crate) fn timer_added(self: &Arc<Self>, when: Instant) {
        let np = &self.poll;
        if np.lastpoll.load(Ordering::SeqCst) == 0 {
            let until = np.poll_until.load(Ordering::SeqCst);
            if until == 0 || until > self.nanos_since_epoch(when) {
                np.wake();
            }
        } else {
            self.wakep();
        }
    }

    /// `injectglist`: queue Gs that became runnable outside the normal
    /// goready path (netpoll). Without a P: all to the global queue and
    /// start an M per idle P. With one: one G per idle P goes global (and
    /// starts that P), the rest to our local queue; then `wakep`.
    pub(crate) fn injectglist(self: &Arc<Self>, p: Option<&mut PLocal>, mut list: Vec<GRef>) {
        if list.is_empty() {
            return;
        }
        let Some(p) = p else {
            let n = list.len();
            let mut l = self.lock();
            for g in list {
                self.globrunqput(&mut l, g);
            }
            drop(l);
            self.start_idle(n);
            return;
        };
        let n = self.npidle.load(Ordering::SeqCst).min(list.len());
        if n > 0 {
            let mut l = self.lock();
            for g in list.drain(..n) {
                self.globrunqput(&mut l, g);
            }
            drop(l);
            self.start_idle(n);
        }
        for g in list {
            p.runqput(self, g, false);
        }
        self.wakep();
    }

    /// `injectglist`'s `startIdle(n)`: start up to `n` idle Ps.
    fn start_idle(self: &Arc<Self>, n: usize) {
        for _ in 0..n {
            let p = {
                let mut l = self.lock();
                match self.pidleget(&mut l) {
                    Some(p) => p,
                    None => {
                        self.needspinning.store(true, Ordering::SeqCst);
                        return;
                    }
                }
            };
            self.startm(Some(p), false);
        }
    }

    // ----- syscalls -----------------------------------------------------------

    /// `handoffp`: a P taken from a syscall (by sysmon, which holds no P).
    /// Start an M for it if there is work, or if nobody spins and no P is
    /// idle, or if it is the last P and nobody polls the network; else
    /// put it on the idle list and `wakeNetPoller` for its timers.
    pub(crate) fn handoffp(self: &Arc<Self>, p: Box<PLocal>) {
        if p.id >= self.gomaxprocs() {
            let mut l = self.lock();
            if p.id >= self.gomaxprocs() {
                let s = self.pstop(&mut l, p);
                drop(l);
                self.after_pstop(s);
                return;
            }
        }
        if !p.runqempty() || self.runqsize.load(Ordering::SeqCst) != 0 {
            p.shared.status.store(P_RUNNING, Ordering::SeqCst);
            self.startm(Some(p), false);
            return;
        }
        if self.nmspinning.load(Ordering::SeqCst) + self.npidle.load(Ordering::SeqCst) == 0
            && self
                .nmspinning
                .compare_exchange(0, 1, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        {
            self.needspinning.store(false, Ordering::SeqCst);
            p.shared.status.store(P_RUNNING, Ordering::SeqCst);
            self.startm(Some(p), true);
            return;
        }
        let mut l = self.lock();
        if !l.runq.is_empty()
            || (self.npidle.load(Ordering::SeqCst) + 1 == self.gomaxprocs()
                && self.poll.lastpoll.load(Ordering::SeqCst) != 0)
        {
            drop(l);
            p.shared.status.store(P_RUNNING, Ordering::SeqCst);
            self.startm(Some(p), false);
            return;
        }
        let when = p.shared.timer0.load(Ordering::SeqCst);
        let s = self.prelease(&mut l, p);
        drop(l);
        self.after_pstop(s);
        if when != u64::MAX {
            self.timer_added(self.epoch + std::time::Duration::from_nanos(when));
        }
    }

    /// `exitsyscallfast_pidle`: an idle P for a G leaving a syscall.
    /// During a stop-the-world it first waits for `start_the_world`.
    pub(crate) fn exitsyscall_pidle(&self) -> Option<Box<PLocal>> {
        if self.gcwaiting.load(Ordering::SeqCst) {
            drop(self.stw_wait_inactive(self.lock()));
        }
        if self.npidle.load(Ordering::SeqCst) == 0 {
            return None;
        }
        let mut l = self.lock();
        self.pidleget(&mut l)
            .inspect(|p| crate::m::acquired_by_this_m(&p.shared))
    }

    // ----- exit, checkdead --------------------------------------------------

    /// Record the program's outcome (first one wins) and stop everything:
    /// running Gs see their preempt flag, idle Ms and sysmon wake and exit.
    /// Must not take sched.lock (checkdead calls it with the lock held).
    pub(crate) fn finish(&self, status: ExitStatus) {
        {
            let mut e = self.exit.lock().unwrap();
            if e.is_some() {
                return;
            }
            *e = Some(status);
        }
        self.shutdown.store(true, Ordering::SeqCst);
        for p in &self.allp {
            p.preempt.store(true, Ordering::SeqCst);
        }
        for m in self.allm.lock().unwrap().iter() {
            m.poke();
        }
        self.poll.wake();
        self.sysmon.wake();
        self.exit_cv.notify_all();
    }

    pub(crate) fn wait_exit(&self) -> ExitStatus {
        let mut e = self.exit.lock().unwrap();
        loop {
            if let Some(s) = e.take() {
                return s;
            }
            e = self.exit_cv.wait(e).unwrap();
        }
    }

    /// `checkdead`, called with sched.lock held each time an M goes idle.
    ///
    /// Go's rule: if some M is not idle (running, spinning, in a syscall or
    /// blocked in netpoll) there is no deadlock; nor if a timer is armed.
    /// Extra safety net (not in Go, where the blocked poller M already
    /// counts as running): never while a G waits on a PollDesc.
    /// Otherwise every goroutine must be parked, and the program is dead.
    /// A G caught mid-`ready` (RUNNABLE but not yet queued) means a wakep is
    /// on its way: return (Go would throw "checkdead: runnable g", but its
    /// ready is atomic with respect to sched.lock; ours from a no-P thread
    /// is not).
    fn checkdead(&self, l: &SchedLocked) {
        if !l.started || self.shutdown.load(Ordering::SeqCst) {
            return;
        }
        // Ms parked for a stop-the-world are not idle, and the GC will
        // start the world again.
        if l.stw.active {
            return;
        }
        if l.mcount > l.nmidle || !l.runq.is_empty() {
            return;
        }
        if self.timers_live.load(Ordering::SeqCst) > 0 || self.poll.any_waiters() {
            return;
        }
        self.report_if_dead();
    }

    /// The end of `checkdead`: if every goroutine is parked, finish the
    /// program with the deadlock report and return true.
    pub(crate) fn report_if_dead(&self) -> bool {
        let mut gs = Vec::new();
        for shard in &self.allg {
            for g in shard.lock().unwrap().values() {
                if g.status() != G_WAITING {
                    return false;
                }
                gs.push(g.clone());
            }
        }
        if gs.is_empty() {
            // Go's checkdead: possible only if main called Goexit.
            if self.main_goexited.load(Ordering::SeqCst) {
                self.finish(ExitStatus::Fatal {
                    goid: 0,
                    message: "no goroutines (main called runtime.Goexit) - deadlock!".into(),
                });
                return true;
            }
            return false;
        }
        gs.sort_by_key(|g| g.goid());
        let goroutines = gs
            .iter()
            .map(|g| GoroutineDump {
                goid: g.goid(),
                reason: g.wait_reason().expect("checkdead: waiting g"),
                traceback: g
                    .task
                    .lock()
                    .ok()
                    .and_then(|t| t.as_ref().map(|t| t.traceback()))
                    .unwrap_or_default(),
            })
            .collect();
        self.finish(ExitStatus::Deadlock(DeadlockReport { goroutines }));
        true
    }

    /// Records every live goroutine's state as [`Ev::GoStatus`] (the
    /// trace was just turned on by `runtime/trace.Start` on G `cur`).
    /// Gs running on other Ms are left out: their next event says.
    pub(crate) fn trace_go_statuses(&self, cur: u64, name: String) {
        use crate::trace::{GStatus, GoStatusEv};
        self.trace(|| {
            Ev::GoStatus(Box::new(GoStatusEv {
                g: cur,
                status: GStatus::Running,
                name,
            }))
        });
        let mut gs = Vec::new();
        for shard in &self.allg {
            let Ok(shard) = shard.lock() else { continue };
            gs.extend(shard.values().cloned());
        }
        gs.sort_by_key(|g| g.goid());
        for g in gs {
            let status = match g.status() {
                _ if g.goid() == cur => continue,
                G_WAITING => {
                    GStatus::Waiting(g.wait_reason().unwrap_or(crate::WaitReason::Unknown))
                }
                G_RUNNABLE => GStatus::Runnable,
                _ => continue,
            };
            let name = g
                .task
                .try_lock()
                .ok()
                .and_then(|t| t.as_ref().map(|t| t.name()))
                .unwrap_or_default();
            self.trace(|| {
                Ev::GoStatus(Box::new(GoStatusEv {
                    g: g.goid(),
                    status,
                    name,
                }))
            });
        }
    }

    /// See [`crate::Runtime::goroutine_states`].
    pub(crate) fn goroutine_states(&self) -> Vec<crate::GoroutineState> {
        const UNAVAILABLE: &str = "\tgoroutine running on other thread; stack unavailable\n";
        let mut gs = Vec::new();
        for shard in &self.allg {
            let Ok(shard) = shard.lock() else { continue };
            gs.extend(shard.values().cloned());
        }
        gs.sort_by_key(|g| g.goid());
        gs.iter()
            .filter_map(|g| {
                let (state, parked) = match g.status() {
                    G_WAITING => (
                        g.wait_reason()
                            .map_or("waiting", |r| r.as_str())
                            .to_string(),
                        true,
                    ),
                    G_RUNNING => ("running".to_string(), false),
                    G_RUNNABLE => ("runnable".to_string(), true),
                    _ => return None,
                };
                // try_lock: the task may be mid-run on an M right now.
                let traceback = parked
                    .then(|| g.task.try_lock().ok())
                    .flatten()
                    .and_then(|t| t.as_ref().map(|t| t.traceback()))
                    .unwrap_or_else(|| UNAVAILABLE.to_string());
                Some(crate::GoroutineState {
                    goid: g.goid(),
                    state,
                    traceback,
                })
            })
            .collect()
    }

    /// See [`crate::Cx::goroutine_stacks`].
    pub(crate) fn goroutine_stacks(&self) -> Vec<crate::GoroutineStack> {
        let states = self.goroutine_states();
        let mut gs = self.all_gs();
        gs.sort_by_key(|g| g.goid());
        states
            .into_iter()
            .map(|st| {
                let stack = gs
                    .binary_search_by_key(&st.goid, |g| g.goid())
                    .ok()
                    .filter(|_| st.state != "running")
                    .and_then(|i| gs[i].task.try_lock().ok())
                    .and_then(|t| t.as_ref().map(|t| t.profile_stack()));
                crate::GoroutineStack {
                    goid: st.goid,
                    state: st,
                    stack,
                }
            })
            .collect()
    }

    /// Start the program: main G on P0, sysmon, the first M.
    pub(crate) fn start_main(self: &Arc<Self>, task: Box<dyn Task>) {
        self.trace(|| Ev::go_create(MAIN_GOID, 0, task.name()));
        let g = self.new_g(MAIN_GOID, task);
        let p = {
            let mut l = self.stw_wait_inactive(self.lock());
            assert!(!l.started, "run_main: runtime already started");
            l.started = true;
            let mut p = self.pidleget(&mut l).expect("run_main: no P");
            drop(l);
            p.runqput(self, g, false);
            p
        };
        if (self.config.sysmon || self.config.schedtrace.is_some()) && self.det.is_none() {
            let sched = self.clone();
            std::thread::Builder::new()
                .name("minigo-sysmon".into())
                .spawn(move || crate::sysmon::sysmon(sched))
                .expect("runtime: cannot create sysmon");
        }
        self.startm(Some(p), false);
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

// ----- the M loop -------------------------------------------------------------

pub(crate) struct M {
    pub(crate) sched: Arc<Sched>,
    park: Arc<MPark>,
    pub(crate) p: Option<Box<PLocal>>,
    spinning: bool,
}

/// What the blocking poll (step 12) decided.
enum Polled {
    Run(GRef),
    Top,
    Shutdown,
}

pub(crate) enum Stolen {
    Found(GRef, bool),
    /// Timers ran and may have readied Gs: restart findRunnable.
    NewWork,
    Nothing,
}

fn mstart(sched: Arc<Sched>, park: Arc<MPark>, p: Box<PLocal>, spinning: bool) {
    set_current_sched(Some(sched.clone()));
    if let Some(t) = &sched.tracer {
        t.register_m();
    }
    let mut m = M {
        sched,
        park,
        p: None,
        spinning,
    };
    m.acquirep(p);
    m.park.set_spinning(spinning);
    if m.sched.det.is_some() {
        m.schedule_seeded();
    } else {
        m.schedule();
    }
    m.releasep();
    set_current_sched(None);
    let mut l = m.sched.lock();
    l.mcount -= 1;
}

impl M {
    /// `acquirep`: this M owns `p` now (and [`current_p`] says so).
    pub(crate) fn acquirep(&mut self, p: Box<PLocal>) {
        debug_assert!(self.p.is_none(), "acquirep: already in go");
        set_current_p(Some(p.id));
        self.sched.trace(|| Ev::ProcStart { p: p.id as u32 });
        self.park.acquired(&p.shared);
        self.p = Some(p);
    }

    /// `releasep`: give the P up.
    pub(crate) fn releasep(&mut self) -> Option<Box<PLocal>> {
        if let Some(p) = &self.p {
            self.sched.trace(|| Ev::ProcStop { p: p.id as u32 });
            self.park.released(&p.shared);
        }
        set_current_p(None);
        self.p.take()
    }

    /// Go's `gcstopm`, keeping the P: a stop-the-world is waiting for the
    /// P this M holds between Gs. Stop spinning, count the P stopped and
    /// park until `start_the_world`; then the caller goes on where it was.
    pub(crate) fn gcstopm(&mut self) {
        if self.spinning {
            self.spinning = false;
            self.park.set_spinning(false);
            let prev = self.sched.nmspinning.fetch_sub(1, Ordering::SeqCst);
            assert!(prev > 0, "gcstopm: negative nmspinning");
        }
        let id = self.p.as_ref().expect("gcstopm: no P").id;
        self.sched.stw_park(id);
    }

    /// `schedule`: find a G, run it, repeat until shutdown.
    fn schedule(&mut self) {
        while let Some((g, inherit)) = self.find_runnable() {
            if self.spinning {
                self.resetspinning();
            }
            self.execute(g, inherit);
            if self.sched.shutdown.load(Ordering::Relaxed) {
                return;
            }
            if self.p.is_none() {
                // The G left a syscall without a P and went to the global
                // queue (exitsyscall0): park until someone hands us a P.
                self.stopm();
                if self.p.is_none() {
                    return; // shutdown
                }
            }
        }
    }

    fn become_spinning(&mut self) {
        self.spinning = true;
        self.park.set_spinning(true);
        self.sched.nmspinning.fetch_add(1, Ordering::SeqCst);
        self.sched.needspinning.store(false, Ordering::SeqCst);
    }

    /// `resetspinning`: we found work; let another M look for more.
    fn resetspinning(&mut self) {
        self.spinning = false;
        let prev = self.sched.nmspinning.fetch_sub(1, Ordering::SeqCst);
        assert!(prev > 0, "resetspinning: negative nmspinning");
        self.sched.wakep();
    }

    /// `execute(gp, inheritTime)` and the handling of the step the task
    /// returns (Go's `park_m`, `goschedImpl`, `gopreempt_m`, `goexit0`).
    /// If the task lost its P in a syscall (`self.p` is `None` afterwards),
    /// Go's `exitsyscall0`: retry an idle P and run the G on it, else put
    /// the G on the global queue and return P-less (`schedule` parks us).
    #[inline(always)]
    pub(crate) fn execute(&mut self, g: GRef, inherit: bool) {
        let sched = self.sched.clone();
        {
            let p = self.p.as_mut().expect("execute: no P");
            if !inherit {
                p.tick();
            }
            // SeqCst: a stop-the-world raises the flag after setting
            // `gcwaiting`; we clear it before reading `gcwaiting` below,
            // so either we see `gcwaiting` or its flag survives. A seeded
            // run raises it: `Det` decides at every safe point.
            p.shared
                .preempt
                .store(sched.det.is_some(), Ordering::SeqCst);
        }
        g.set_running();
        let mut inherit = inherit;
        // A seeded run resuming its G after a safe point records nothing.
        let mut silent = false;
        loop {
            // A STW is waiting for our P: stop before the task runs (its
            // roots are all in the task, which the GC can lock).
            while sched.gcwaiting.load(Ordering::SeqCst) && !sched.shutdown.load(Ordering::SeqCst) {
                self.gcstopm();
            }
            if !std::mem::take(&mut silent) {
                sched.trace(|| Ev::GoStart {
                    g: g.goid(),
                    inherit,
                });
            }
            // A G resumed after a park that lost its race keeps the slice.
            inherit = true;
            self.park.running(g.goid());
            let mut block_stack = crate::trace::NO_STACK;
            let step = {
                let mut guard = g.task.lock().unwrap_or_else(|e| e.into_inner());
                let task = guard.as_mut().expect("execute: g has no task");
                let mut cx = Cx {
                    sched: &sched,
                    p: PSlot::M(&mut self.p),
                    g: Some(&g),
                    syscall: None,
                };
                let r = catch_unwind(AssertUnwindSafe(|| task.run(&mut cx)));
                if cx.syscall.is_some() {
                    // The task returned inside entersyscall: close it.
                    cx.exitsyscall();
                }
                // The stack a GoBlock carries (Go's format wants it).
                if let (Some(t), Ok(Step::Park(_))) = (&sched.tracer, &r) {
                    if t.is_on() && t.symbolizer.get().is_some() {
                        block_stack = TRACE_PCS.with(|pcs| {
                            let mut pcs = pcs.borrow_mut();
                            pcs.clear();
                            task.trace_stack(&mut pcs);
                            t.intern_stack(&pcs)
                        });
                    }
                }
                match r {
                    Ok(step) => step,
                    Err(e) => {
                        let message = e
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| e.downcast_ref::<String>().cloned())
                            .unwrap_or_else(|| "task panicked".into());
                        sched.finish(ExitStatus::TaskPanicked {
                            goid: g.goid(),
                            message,
                        });
                        return;
                    }
                }
            };
            let lost_p = self.p.is_none();
            self.park.running(0);
            // A seeded run's G stops at every safe point; unless the
            // PRNG says switch (or the program is ending), it goes on at
            // once, unrecorded. The loop top handles a waiting STW.
            if let (Step::Preempted, Some(det)) = (&step, &sched.det) {
                if !lost_p && !sched.shutdown.load(Ordering::Relaxed) && det.keep_running() {
                    silent = true;
                    continue;
                }
            }
            sched.trace(|| {
                let g = g.goid();
                match &step {
                    Step::Park(reason) => Ev::GoBlock {
                        g,
                        reason: *reason,
                        stack: block_stack,
                    },
                    Step::Yield => Ev::GoSched { g },
                    Step::Preempted => Ev::GoPreempt { g },
                    Step::Exit | Step::Goexit | Step::Fatal(_) => Ev::GoEnd { g },
                }
            });
            match step {
                Step::Park(reason) => {
                    if g.park_commit(reason) {
                        return;
                    }
                    // A goready raced with the park: resume at once and keep
                    // the slice (Go: unlockf false → execute(gp, true)).
                    if lost_p && !self.exitsyscall0(&g) {
                        return;
                    }
                }
                Step::Yield | Step::Preempted if lost_p => {
                    if !self.exitsyscall0(&g) {
                        return;
                    }
                }
                Step::Yield | Step::Preempted => {
                    g.set_runnable();
                    let mut l = sched.lock();
                    sched.globrunqput(&mut l, g);
                    drop(l);
                    sched.wakep();
                    return;
                }
                Step::Exit | Step::Goexit => {
                    g.set_dead();
                    let task = g.task.lock().unwrap_or_else(|e| e.into_inner()).take();
                    drop(task);
                    sched.drop_g(&g);
                    if g.goid() == MAIN_GOID {
                        if matches!(step, Step::Goexit) {
                            sched.main_goexited.store(true, Ordering::SeqCst);
                        } else {
                            sched.finish(ExitStatus::Exited);
                        }
                    }
                    return;
                }
                Step::Fatal(message) => {
                    sched.finish(ExitStatus::Fatal {
                        goid: g.goid(),
                        message,
                    });
                    return;
                }
            }
        }
    }

    /// Go's `exitsyscall0` for a running G whose syscall returned without a
    /// P: under sched.lock, an idle P → keep running `g` on it (true); else
    /// `g` goes to the global queue (false; the caller returns P-less).
    fn exitsyscall0(&mut self, g: &GRef) -> bool {
        let sched = self.sched.clone();
        let mut l = sched.lock();
        if let Some(mut p) = sched.pidleget(&mut l) {
            drop(l);
            p.tick();
            p.shared.preempt.store(false, Ordering::SeqCst);
            self.acquirep(p);
            return true;
        }
        g.set_runnable();
        sched.globrunqput(&mut l, g.clone());
        false
    }

    /// `findRunnable`: the G to run next and whether it inherits the slice.
    /// Blocks (parking the M) until there is one; `None` = shutdown.
    fn find_runnable(&mut self) -> Option<(GRef, bool)> {
        let sched = self.sched.clone();
        'top: loop {
            if sched.shutdown.load(Ordering::SeqCst) {
                return None;
            }
            // A stop-the-world is waiting for our P (Go's schedule/
            // findRunnable `gcwaiting` check): park with it.
            if sched.gcwaiting.load(Ordering::SeqCst) {
                self.gcstopm();
                continue 'top;
            }
            // GOMAXPROCS shrank below our P: give it up (its Gs go to the
            // global queue, its timers to P0) and go on with an idle P.
            if self.p.as_ref().is_some_and(|p| p.id >= sched.gomaxprocs()) {
                let mut l = sched.lock();
                if self.p.as_ref().is_some_and(|p| p.id >= sched.gomaxprocs()) {
                    let p = self.releasep().expect("findRunnable: no P");
                    let s = sched.pstop(&mut l, p);
                    if let Some(p) = sched.pidleget(&mut l) {
                        self.acquirep(p);
                    }
                    drop(l);
                    sched.after_pstop(s);
                    if self.p.is_none() {
                        if self.spinning {
                            self.spinning = false;
                            let prev = sched.nmspinning.fetch_sub(1, Ordering::SeqCst);
                            assert!(prev > 0, "findRunnable: negative nmspinning");
                        }
                        self.stopm();
                        self.p.as_ref()?; // None: shutdown
                    }
                    continue 'top;
                }
            }
            let now = sched.now();
            if let Some(found) = self.find_local(now) {
                return Some(found);
            }
            // 8. Steal, if spinning Ms stay within half the busy Ps.
            let busy = sched
                .gomaxprocs()
                .saturating_sub(sched.npidle.load(Ordering::SeqCst));
            if self.spinning || 2 * sched.nmspinning.load(Ordering::SeqCst) < busy {
                if !self.spinning {
                    self.become_spinning();
                }
                match self.steal_work(now) {
                    Stolen::Found(g, inherit) => return Some((g, inherit)),
                    Stolen::NewWork => continue 'top,
                    Stolen::Nothing => {}
                }
            }
            // 10. Under sched.lock: last look at the global queue, then
            // release the P.
            {
                let mut l = sched.lock();
                if sched.gcwaiting.load(Ordering::SeqCst) {
                    drop(l);
                    continue 'top;
                }
                let p = self.p.as_mut().expect("findRunnable: no P");
                if let Some(g) = sched.globrunqgetbatch(&mut l, p, GLOBRUNQ_BATCH) {
                    drop(l);
                    sched.trace(|| Ev::GlobalRunqGet {
                        n: 1 + p.runq.len() as u32,
                        why: "idle",
                    });
                    return Some((g, false));
                }
                if !self.spinning && sched.needspinning.load(Ordering::SeqCst) {
                    sched.needspinning.store(false, Ordering::SeqCst);
                    drop(l);
                    self.become_spinning();
                    continue 'top;
                }
                let p = self.releasep().expect("findRunnable: no P");
                let s = sched.prelease(&mut l, p);
                drop(l);
                sched.after_pstop(s);
            }
            // 11. The delicate dance: nmspinning-- THEN re-check.
            let was_spinning = self.spinning;
            if self.spinning {
                self.spinning = false;
                let prev = sched.nmspinning.fetch_sub(1, Ordering::SeqCst);
                assert!(prev > 0, "findRunnable: negative nmspinning");
                if sched.runqsize.load(Ordering::SeqCst) > 0 || sched.any_runq_nonempty() {
                    let mut l = sched.lock();
                    if let Some(p) = sched.pidleget(&mut l) {
                        drop(l);
                        self.acquirep(p);
                        self.become_spinning();
                        continue 'top;
                    }
                }
                // checkTimersNoP: the blocking poll below covers it.
            }
            // 12. Blocking poll, by the one M that claims `lastpoll`.
            if let Some(found) = self.netpoll_block(was_spinning) {
                match found {
                    Polled::Run(g) => return Some((g, false)),
                    Polled::Top => continue 'top,
                    Polled::Shutdown => return None,
                }
            }
            // 13.
            self.stopm();
            self.p.as_ref()?; // None: shutdown
        }
    }

    /// findRunnable's steps 1-7 on the P held now, without blocking:
    /// its due timers, the 61st-tick global poll, runnext and the local
    /// queue, a global batch, a non-blocking netpoll. Shared with the
    /// seeded M (`seeded.rs`).
    #[inline(always)]
    pub(crate) fn find_local(&mut self, now: Instant) -> Option<(GRef, bool)> {
        // A borrow, not a clone: this runs before every G (no atomic RMW).
        let sched = &self.sched;
        {
            let p = self.p.as_mut().expect("findRunnable: no P");
            // 1. Our own due timers (may ready Gs into our runnext).
            if p.shared.timer0.load(Ordering::SeqCst) <= sched.nanos_since_epoch(now) {
                let me = p.shared.clone();
                sched.run_timers(p, &me, now);
            }
            // 3. Fairness: every 61st tick, one G from the global queue
            //    (unless `GODEBUG=globalpolloff=1`).
            if sched.config.rules.globalpoll
                && p.schedtick.is_multiple_of(GLOBAL_FAIRNESS_TICKS)
                && sched.runqsize.load(Ordering::SeqCst) > 0
            {
                let mut l = sched.lock();
                if let Some(g) = sched.globrunqget(&mut l) {
                    drop(l);
                    sched.trace(|| Ev::GlobalRunqGet {
                        n: 1,
                        why: "61st tick",
                    });
                    return Some((g, false));
                }
            }
            // 5. Local: runnext first.
            if let Some(found) = p.runqget() {
                return Some(found);
            }
            // 6. Global batch.
            if sched.runqsize.load(Ordering::SeqCst) > 0 {
                let mut l = sched.lock();
                if let Some(g) = sched.globrunqgetbatch(&mut l, p, GLOBRUNQ_BATCH) {
                    drop(l);
                    sched.trace(|| Ev::GlobalRunqGet {
                        n: 1 + p.runq.len() as u32,
                        why: "local queue empty",
                    });
                    return Some((g, false));
                }
            }
        }
        // 7. Non-blocking netpoll, only if some G waits and nobody is
        // blocked polling (`netpoll_nonblocking` gates it).
        let mut list = sched.netpoll_nonblocking();
        if !list.is_empty() {
            sched.trace(|| Ev::Netpoll {
                n: list.len() as u32,
            });
            let g = list.remove(0);
            sched.injectglist(self.p.as_deref_mut(), list);
            return Some((g, false));
        }
        None
    }

    /// findRunnable step 12, run without a P. If some G waits on I/O or a
    /// timer is armed and we claim the poller role (`lastpoll` swap to 0),
    /// block in `netpoll` until the earliest timer; then take an idle P
    /// (run the first ready G, or restart findRunnable), or inject what we
    /// found globally and return `None` so the caller parks. Without the
    /// role, break the poller if our timer is earlier than its wake-up.
    fn netpoll_block(&mut self, was_spinning: bool) -> Option<Polled> {
        let sched = self.sched.clone();
        let np = &sched.poll;
        let timers = sched.timers_live.load(Ordering::SeqCst) > 0;
        if !(np.any_waiters() || timers) {
            return None;
        }
        if np.lastpoll.swap(0, Ordering::SeqCst) == 0 {
            if let Some(when) = sched.earliest_timer() {
                let until = np.poll_until.load(Ordering::SeqCst);
                if until == 0 || until > sched.nanos_since_epoch(when) {
                    np.wake();
                }
            }
            return None;
        }
        // Wait out a non-blocking poller (it is brief) so that it cannot
        // consume a `notify` meant for us after we read the timers.
        while np.polling.swap(true, Ordering::SeqCst) {
            std::thread::yield_now();
        }
        let mut list = Vec::new();
        if !sched.shutdown.load(Ordering::SeqCst) {
            let now = Instant::now();
            let until = sched.earliest_timer();
            np.poll_until.store(
                until.map_or(0, |u| sched.nanos_since_epoch(u).max(1)),
                Ordering::SeqCst,
            );
            let timeout = until.map(|u| u.saturating_duration_since(now));
            if timeout != Some(std::time::Duration::ZERO) {
                list = sched.netpoll(timeout);
                if !list.is_empty() {
                    sched.trace(|| Ev::Netpoll {
                        n: list.len() as u32,
                    });
                }
            }
        }
        np.poll_until.store(0, Ordering::SeqCst);
        np.lastpoll.store(
            sched.nanos_since_epoch(Instant::now()) + 1,
            Ordering::SeqCst,
        );
        np.polling.store(false, Ordering::SeqCst);
        if sched.shutdown.load(Ordering::SeqCst) {
            return Some(Polled::Shutdown);
        }
        let p = {
            let mut l = sched.lock();
            sched.pidleget(&mut l)
        };
        match p {
            None => {
                sched.injectglist(None, list);
                None
            }
            Some(p) => {
                self.acquirep(p);
                if !list.is_empty() {
                    let g = list.remove(0);
                    sched.injectglist(self.p.as_deref_mut(), list);
                    return Some(Polled::Run(g));
                }
                if was_spinning {
                    self.become_spinning();
                }
                Some(Polled::Top)
            }
        }
    }

    /// `stealWork`: 4 passes over the other Ps in random order; the last
    /// pass also runs their due timers and may take their runnext.
    pub(crate) fn steal_work(&mut self, now: Instant) -> Stolen {
        let sched = self.sched.clone();
        let n = sched.gomaxprocs();
        let coprimes = sched.coprimes(n);
        let p = self.p.as_mut().expect("stealWork: no P");
        let mut ran_timers = false;
        for pass in 0..STEAL_TRIES {
            let last = pass == STEAL_TRIES - 1;
            let start = p.rng.below(n as u32) as usize;
            let stride = coprimes[p.rng.below(coprimes.len() as u32) as usize];
            for k in 0..n {
                if sched.shutdown.load(Ordering::Relaxed) {
                    return Stolen::Nothing;
                }
                // A stop-the-world waits for us: back to the top.
                if sched.gcwaiting.load(Ordering::Relaxed) {
                    return Stolen::NewWork;
                }
                let victim = &sched.allp[(start + k * stride) % n];
                if victim.id == p.id {
                    continue;
                }
                if last
                    && victim.timer0.load(Ordering::SeqCst) <= sched.nanos_since_epoch(now)
                    && sched.run_timers(p, victim, now) > 0
                {
                    if let Some(found) = p.runqget() {
                        return Stolen::Found(found.0, found.1);
                    }
                    ran_timers = true;
                }
                // `GODEBUG=stealoff=1`: victims' timers still run (above),
                // but their Gs stay where they are.
                // In a seeded run an idle P may hold work (`seeded.rs`).
                let idle = victim.status.load(Ordering::SeqCst) == P_IDLE && sched.det.is_none();
                if idle || !sched.config.rules.steal {
                    continue;
                }
                let had_runq = !victim.stealer.is_empty();
                if let Some(g) = p.runqsteal(victim, last) {
                    sched.trace(|| Ev::ProcSteal {
                        victim: victim.id as u32,
                        n: 1 + p.runq.len() as u32,
                        runnext: !had_runq && p.runq.is_empty(),
                    });
                    return Stolen::Found(g, false);
                }
            }
        }
        if ran_timers {
            Stolen::NewWork
        } else {
            Stolen::Nothing
        }
    }

    /// `stopm`: park in the idle M list until `startm` hands us a P.
    /// `mput` runs `checkdead`.
    fn stopm(&mut self) {
        let sched = self.sched.clone();
        {
            let mut l = sched.lock();
            l.midle.push(self.park.clone());
            l.nmidle += 1;
            sched.checkdead(&l);
        }
        match self.park.wait(&sched.shutdown) {
            Woke::P(p, spinning) => {
                self.acquirep(p);
                self.spinning = spinning;
            }
            Woke::Shutdown => {}
        }
    }
}
