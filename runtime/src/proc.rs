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
//! # Idle Ms and timers
//!
//! Go's idle Ms never wait with a timeout: the one M blocked in netpoll
//! sleeps until the next timer. Until the netpoller lands, that role is a
//! "timer sleeper": among the idle Ms, at most one (`Sched::sleeper`) parks
//! with a deadline = the earliest timer over all Ps; adding an earlier timer
//! moves the deadline (`timer_added`, Go's `wakeNetPoller`); with no sleeper,
//! adding a timer calls `wakep`, as Go does. On timeout the M takes an idle P
//! and runs findRunnable, whose last steal pass runs other Ps' due timers.
//! A parked program with no timers has every M and sysmon asleep.
//!
//! # Lock order
//!
//! `sched.lock` → `allm` → an M's slot; `sleeper` → an M's slot; a channel
//! lock is never held while calling into the scheduler (`goready` happens
//! after unlock). Timer locks: see `timer.rs`.

use std::collections::{HashMap, VecDeque};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

use crate::config::Config;
use crate::g::{GRef, Readied, G, G_WAITING};
use crate::globrunq::GLOBRUNQ_BATCH;
use crate::m::{MPark, Woke};
use crate::p::{PLocal, PShared, P_IDLE, P_RUNNING};
use crate::runq::runnext_is_empty;
use crate::sysmon::SysmonPark;
use crate::{Cx, DeadlockReport, ExitStatus, GoroutineDump, Step, Task};

/// Go's `stealTries`.
const STEAL_TRIES: usize = 4;
/// Every 61st schedtick a P takes one G from the global queue first.
/// 61 is Go's (prime, so it does not resonate with program periods).
pub(crate) const GLOBAL_FAIRNESS_TICKS: u32 = 61;
/// Shards of the all-goroutines table (`allgs`), by goid.
const ALLG_SHARDS: usize = 64;
pub(crate) const MAIN_GOID: u64 = 1;
/// Go's `sched.maxmcount`.
const MAX_M_COUNT: usize = 10_000;

/// State under `sched.lock`.
pub(crate) struct SchedLocked {
    pub(crate) runq: VecDeque<GRef>,
    /// Boxed on purpose: acquiring/releasing a P moves one pointer.
    #[allow(clippy::vec_box)]
    pub(crate) pidle: Vec<Box<PLocal>>,
    midle: Vec<Arc<MPark>>,
    pub(crate) mcount: usize,
    pub(crate) nmidle: usize,
    started: bool,
}

/// The timer-sleeper role (see module docs).
struct Sleeper {
    m: Option<Arc<MPark>>,
    until: Option<Instant>,
}

/// Go's `schedt` plus `allp`/`allgs`.
pub(crate) struct Sched {
    pub(crate) config: Config,
    pub(crate) gomaxprocs: usize,
    pub(crate) allp: Vec<Arc<PShared>>,
    /// Numbers coprime with gomaxprocs: strides for the random steal order.
    coprimes: Vec<usize>,
    lock: Mutex<SchedLocked>,
    pub(crate) runqsize: AtomicUsize,
    pub(crate) npidle: AtomicUsize,
    pub(crate) nmspinning: AtomicUsize,
    needspinning: AtomicBool,
    pub(crate) timers_live: AtomicUsize,
    pub(crate) epoch: Instant,
    goidgen: AtomicU64,
    allg: Vec<Mutex<HashMap<u64, GRef>>>,
    sleeper: Mutex<Sleeper>,
    pub(crate) shutdown: AtomicBool,
    exit: Mutex<Option<ExitStatus>>,
    exit_cv: Condvar,
    allm: Mutex<Vec<Arc<MPark>>>,
    pub(crate) sysmon: SysmonPark,
}

impl Sched {
    pub(crate) fn new(config: Config) -> Arc<Sched> {
        let n = config.gomaxprocs.max(1);
        let ps: Vec<Box<PLocal>> = (0..n).map(|i| PLocal::new(i, config.seed)).collect();
        let allp = ps.iter().map(|p| p.shared.clone()).collect();
        // pidle is a stack: push in reverse so P0 is handed out first.
        let pidle: Vec<Box<PLocal>> = ps.into_iter().rev().collect();
        let coprimes = (1..=n).filter(|&i| gcd(i, n) == 1).collect();
        Arc::new(Sched {
            gomaxprocs: n,
            allp,
            coprimes,
            lock: Mutex::new(SchedLocked {
                runq: VecDeque::new(),
                pidle,
                midle: Vec::new(),
                mcount: 0,
                nmidle: 0,
                started: false,
            }),
            runqsize: AtomicUsize::new(0),
            npidle: AtomicUsize::new(n),
            nmspinning: AtomicUsize::new(0),
            needspinning: AtomicBool::new(false),
            timers_live: AtomicUsize::new(0),
            epoch: Instant::now(),
            goidgen: AtomicU64::new(MAIN_GOID + 1),
            allg: (0..ALLG_SHARDS)
                .map(|_| Mutex::new(HashMap::new()))
                .collect(),
            sleeper: Mutex::new(Sleeper {
                m: None,
                until: None,
            }),
            shutdown: AtomicBool::new(false),
            exit: Mutex::new(None),
            exit_cv: Condvar::new(),
            allm: Mutex::new(Vec::new()),
            sysmon: SysmonPark::default(),
            config,
        })
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

    pub(crate) fn num_goroutine(&self) -> usize {
        self.allg.iter().map(|s| s.lock().unwrap().len()).sum()
    }

    pub(crate) fn next_goid(&self, p: &mut PLocal) -> u64 {
        p.next_goid(&self.goidgen)
    }

    /// `goready` from a thread that holds no P: global queue + wakep.
    pub(crate) fn goready_remote(self: &Arc<Self>, g: &GRef) {
        if g.ready() == Readied::Queue {
            let mut l = self.lock();
            self.globrunqput(&mut l, g.clone());
            drop(l);
            self.wakep();
        }
    }

    // ----- idle P list ---------------------------------------------------

    /// `pidleput`. sched.lock held.
    fn pidleput(&self, l: &mut SchedLocked, p: Box<PLocal>) {
        debug_assert!(p.runq.is_empty(), "pidleput: P has non-empty run queue");
        p.shared.status.store(P_IDLE, Ordering::SeqCst);
        l.pidle.push(p);
        self.npidle.fetch_add(1, Ordering::SeqCst);
    }

    /// `pidleget`. sched.lock held.
    fn pidleget(&self, l: &mut SchedLocked) -> Option<Box<PLocal>> {
        let p = l.pidle.pop()?;
        p.shared.status.store(P_RUNNING, Ordering::SeqCst);
        self.npidle.fetch_sub(1, Ordering::SeqCst);
        self.sysmon.wake();
        Some(p)
    }

    // ----- Ms ------------------------------------------------------------

    /// `wakep`: start one spinning M if nobody spins and a P is idle.
    ///
    /// Differs from Go 1.21+ by one fast path taken from older Go's `ready`:
    /// with no idle P we do not take sched.lock; we only raise
    /// `needspinning` (what `pidlegetSpinning` would do), so the next P that
    /// goes idle spins once more instead.
    pub(crate) fn wakep(self: &Arc<Self>) {
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
        if l.mcount >= MAX_M_COUNT {
            panic!("runtime: program exceeds {MAX_M_COUNT}-thread limit");
        }
        l.mcount += 1;
        let id = l.mcount;
        drop(l);
        let park = Arc::new(MPark::new());
        self.allm.lock().unwrap().push(park.clone());
        let sched = self.clone();
        std::thread::Builder::new()
            .name(format!("minigo-m{id}"))
            .stack_size(8 << 20)
            .spawn(move || mstart(sched, park, p, spinning))
            .expect("runtime: cannot create OS thread");
    }

    /// Go's `checkRunqsNoP`: does any running P have local work?
    fn any_runq_nonempty(&self) -> bool {
        self.allp.iter().any(|p| {
            p.status.load(Ordering::SeqCst) != P_IDLE
                && (!p.stealer.is_empty() || !runnext_is_empty(p))
        })
    }

    // ----- timer sleeper ----------------------------------------------------

    fn claim_sleeper(&self, park: &Arc<MPark>, allow_past: bool) -> bool {
        let mut sl = self.sleeper.lock().unwrap();
        if sl.m.is_some() {
            return false;
        }
        let Some(when) = self.earliest_timer() else {
            return false;
        };
        if !allow_past && when <= Instant::now() {
            return false;
        }
        sl.m = Some(park.clone());
        sl.until = Some(when);
        park.slot.lock().unwrap().until = Some(when);
        true
    }

    fn release_sleeper(&self, park: &Arc<MPark>) {
        let mut sl = self.sleeper.lock().unwrap();
        if sl.m.as_ref().is_some_and(|m| Arc::ptr_eq(m, park)) {
            sl.m = None;
            sl.until = None;
            park.slot.lock().unwrap().until = None;
        }
    }

    /// A timer was armed for `when` (Go's `wakeNetPoller`): move the
    /// sleeper's deadline earlier, or, with no sleeper, `wakep`.
    pub(crate) fn timer_added(self: &Arc<Self>, when: Instant) {
        let mut sl = self.sleeper.lock().unwrap();
        if let Some(m) = sl.m.clone() {
            if sl.until.is_none_or(|u| when < u) {
                sl.until = Some(when);
                let mut s = m.slot.lock().unwrap();
                s.until = Some(when);
                m.cv.notify_all();
            }
            return;
        }
        drop(sl);
        self.wakep();
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
    /// Otherwise every goroutine must be parked, and the program is dead.
    /// A G caught mid-`ready` (RUNNABLE but not yet queued) means a wakep is
    /// on its way: return (Go would throw "checkdead: runnable g", but its
    /// ready is atomic with respect to sched.lock; ours from a no-P thread
    /// is not).
    fn checkdead(&self, l: &SchedLocked) {
        if !l.started || self.shutdown.load(Ordering::SeqCst) {
            return;
        }
        if l.mcount > l.nmidle || !l.runq.is_empty() {
            return;
        }
        if self.timers_live.load(Ordering::SeqCst) > 0 {
            return;
        }
        let mut gs = Vec::new();
        for shard in &self.allg {
            for g in shard.lock().unwrap().values() {
                if g.status() != G_WAITING {
                    return;
                }
                gs.push(g.clone());
            }
        }
        if gs.is_empty() {
            return;
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
    }

    /// Start the program: main G on P0, sysmon, the first M.
    pub(crate) fn start_main(self: &Arc<Self>, task: Box<dyn Task>) {
        let g = self.new_g(MAIN_GOID, task);
        let p = {
            let mut l = self.lock();
            assert!(!l.started, "run_main: runtime already started");
            l.started = true;
            let mut p = self.pidleget(&mut l).expect("run_main: no P");
            drop(l);
            p.runqput(self, g, false);
            p
        };
        if self.config.sysmon || self.config.schedtrace.is_some() {
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
    sched: Arc<Sched>,
    park: Arc<MPark>,
    p: Option<Box<PLocal>>,
    spinning: bool,
}

enum Stolen {
    Found(GRef, bool),
    /// Timers ran and may have readied Gs: restart findRunnable.
    NewWork,
    Nothing,
}

fn mstart(sched: Arc<Sched>, park: Arc<MPark>, p: Box<PLocal>, spinning: bool) {
    let mut m = M {
        sched,
        park,
        p: Some(p),
        spinning,
    };
    m.schedule();
    let mut l = m.sched.lock();
    l.mcount -= 1;
}

impl M {
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
        }
    }

    fn become_spinning(&mut self) {
        self.spinning = true;
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
    fn execute(&mut self, g: GRef, inherit: bool) {
        let sched = &self.sched;
        let p = self.p.as_mut().expect("execute: no P");
        if !inherit {
            p.tick();
        }
        p.shared.preempt.store(false, Ordering::Relaxed);
        g.set_running();
        loop {
            let step = {
                let mut guard = g.task.lock().unwrap_or_else(|e| e.into_inner());
                let task = guard.as_mut().expect("execute: g has no task");
                let mut cx = Cx {
                    sched,
                    p,
                    g: Some(&g),
                };
                match catch_unwind(AssertUnwindSafe(|| task.run(&mut cx))) {
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
            match step {
                Step::Park(reason) => {
                    if g.park_commit(reason) {
                        return;
                    }
                    // A goready raced with the park: resume at once and keep
                    // the slice (Go: unlockf false → execute(gp, true)).
                }
                Step::Yield | Step::Preempted => {
                    g.set_runnable();
                    let mut l = sched.lock();
                    sched.globrunqput(&mut l, g);
                    drop(l);
                    sched.wakep();
                    return;
                }
                Step::Exit => {
                    g.set_dead();
                    let task = g.task.lock().unwrap_or_else(|e| e.into_inner()).take();
                    drop(task);
                    sched.drop_g(&g);
                    if g.goid() == MAIN_GOID {
                        sched.finish(ExitStatus::Exited);
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

    /// `findRunnable`: the G to run next and whether it inherits the slice.
    /// Blocks (parking the M) until there is one; `None` = shutdown.
    fn find_runnable(&mut self) -> Option<(GRef, bool)> {
        let sched = self.sched.clone();
        'top: loop {
            if sched.shutdown.load(Ordering::SeqCst) {
                return None;
            }
            let now = Instant::now();
            {
                let p = self.p.as_mut().expect("findRunnable: no P");
                // 1. Our own due timers (may ready Gs into our runnext).
                if p.shared.timer0.load(Ordering::SeqCst) <= sched.nanos_since_epoch(now) {
                    let me = p.shared.clone();
                    sched.run_timers(p, &me, now);
                }
                // 3. Fairness: every 61st tick, one G from the global queue.
                if p.schedtick.is_multiple_of(GLOBAL_FAIRNESS_TICKS)
                    && sched.runqsize.load(Ordering::SeqCst) > 0
                {
                    let mut l = sched.lock();
                    if let Some(g) = sched.globrunqget(&mut l) {
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
                        return Some((g, false));
                    }
                }
            }
            // 7. Non-blocking netpoll.
            if let Some(g) = self.netpoll_hook() {
                return Some((g, false));
            }
            // 8. Steal, if spinning Ms stay within half the busy Ps.
            let busy = sched.gomaxprocs - sched.npidle.load(Ordering::SeqCst);
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
                let p = self.p.as_mut().expect("findRunnable: no P");
                if let Some(g) = sched.globrunqgetbatch(&mut l, p, GLOBRUNQ_BATCH) {
                    return Some((g, false));
                }
                if !self.spinning && sched.needspinning.load(Ordering::SeqCst) {
                    sched.needspinning.store(false, Ordering::SeqCst);
                    drop(l);
                    self.become_spinning();
                    continue 'top;
                }
                let p = self.p.take().expect("findRunnable: no P");
                sched.pidleput(&mut l, p);
            }
            // 11. The delicate dance: nmspinning-- THEN re-check.
            if self.spinning {
                self.spinning = false;
                let prev = sched.nmspinning.fetch_sub(1, Ordering::SeqCst);
                assert!(prev > 0, "findRunnable: negative nmspinning");
                if sched.runqsize.load(Ordering::SeqCst) > 0 || sched.any_runq_nonempty() {
                    let mut l = sched.lock();
                    if let Some(p) = sched.pidleget(&mut l) {
                        drop(l);
                        self.p = Some(p);
                        self.become_spinning();
                        continue 'top;
                    }
                }
                // checkTimersNoP: the timer sleeper in stopm covers it.
            }
            // 12. Blocking netpoll goes here (next issue).
            // 13.
            self.stopm();
            self.p.as_ref()?; // None: shutdown
        }
    }

    /// Hook for the netpoller (next issue): Go's non-blocking
    /// `netpoll(0)` in findRunnable step 7, gated by `netpollAnyWaiters`.
    /// Returns the first ready G; the rest would be `injectglist`ed.
    fn netpoll_hook(&mut self) -> Option<GRef> {
        None
    }

    /// `stealWork`: 4 passes over the other Ps in random order; the last
    /// pass also runs their due timers and may take their runnext.
    fn steal_work(&mut self, now: Instant) -> Stolen {
        let sched = self.sched.clone();
        let n = sched.gomaxprocs;
        let p = self.p.as_mut().expect("stealWork: no P");
        let mut ran_timers = false;
        for pass in 0..STEAL_TRIES {
            let last = pass == STEAL_TRIES - 1;
            let start = p.rng.below(n as u32) as usize;
            let stride = sched.coprimes[p.rng.below(sched.coprimes.len() as u32) as usize];
            for k in 0..n {
                if sched.shutdown.load(Ordering::Relaxed) {
                    return Stolen::Nothing;
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
                if victim.status.load(Ordering::SeqCst) == P_IDLE {
                    continue;
                }
                if let Some(g) = p.runqsteal(victim, last) {
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
    /// `mput` runs `checkdead`. One idle M may hold the timer-sleeper role
    /// and wake itself at the earliest timer to go and run it.
    fn stopm(&mut self) {
        let sched = self.sched.clone();
        {
            let mut l = sched.lock();
            l.midle.push(self.park.clone());
            l.nmidle += 1;
            sched.checkdead(&l);
        }
        let mut allow_past = true;
        loop {
            let role = sched.claim_sleeper(&self.park, allow_past);
            let woke = self.park.wait(&sched.shutdown);
            if role {
                sched.release_sleeper(&self.park);
            }
            match woke {
                Woke::P(p, spinning) => {
                    self.p = Some(p);
                    self.spinning = spinning;
                    return;
                }
                Woke::Shutdown => return,
                Woke::Timeout => {
                    let mut l = sched.lock();
                    let Some(i) = l.midle.iter().position(|m| Arc::ptr_eq(m, &self.park)) else {
                        // startm already took us; the P is on its way.
                        allow_past = false;
                        continue;
                    };
                    l.midle.swap_remove(i);
                    l.nmidle -= 1;
                    if let Some(p) = sched.pidleget(&mut l) {
                        self.p = Some(p);
                        return;
                    }
                    // Every P is running and checks its timers when it next
                    // schedules; sleep without the role.
                    l.midle.push(self.park.clone());
                    l.nmidle += 1;
                    sched.checkdead(&l);
                    allow_past = false;
                }
            }
        }
    }
}
