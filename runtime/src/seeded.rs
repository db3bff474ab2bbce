//! Seeded, deterministic runs (`minigo run --seed=N`, `minigo explore`).
//!
//! With [`crate::Config::replay_seed`] set, the scheduler gives up
//! parallelism for reproducibility:
//!
//! - **One OS thread executes every P.** A single M ([`M::schedule_seeded`])
//!   holds one P at a time; all other Ps sit in the idle list (with their
//!   local queues, which only a seeded run leaves non-empty there). No
//!   other M is ever started (`wakep`/`startm` do nothing) and sysmon does
//!   not run, so nothing outside this thread touches a run queue.
//! - **Every choice comes from one PRNG** ([`Det`]), seeded by N: which P
//!   runs next, and at each safe point (call or loop back-edge) whether
//!   the running G is preempted. Within a P, Go's rules choose the G
//!   (runnext, the local FIFO, the 61st-tick global poll, stealing from a
//!   random victim with the P's own generator, seeded from N too), and
//!   `select` and map iteration draw from generators seeded from N.
//! - **Preemption is by count, not by clock.** The running P's preempt
//!   flag stays raised, so the task stops at every safe point; `execute`
//!   then asks [`Det::keep_running`] and either resumes it at once
//!   (nothing recorded) or preempts it for real (`GoPreempt`, global
//!   queue). Each run draws a switch density 2^-k, k in 0..=10, from the
//!   seed: some runs switch at nearly every safe point, some rarely. Most
//!   bugs that need one badly placed switch show under some density; the
//!   spread weights runs toward interleavings a fair scheduler rarely
//!   produces (PCT's insight, without its priorities).
//! - **Time is virtual**, much as in Go 1.25's `testing/synctest`
//!   bubbles: the clock ([`Sched::now`]) jumps to the next timer when every
//!   G is blocked, and otherwise stands still, except that it moves 1ms
//!   after each 65536 safe points passed without it moving (synctest's
//!   never moves, so a G spinning until main's `Sleep` ends would spin
//!   forever). The wall
//!   clock starts at 2000-01-01 00:00:00 UTC. `time.Sleep(time.Hour)`
//!   returns at once.
//!
//! Hence the same N gives the same output and the same trace, run after
//! run, on the same machine (GOMAXPROCS is part of the schedule). Not
//! covered: real I/O (a socket's or a pipe's data arrives when the OS
//! says; blocking system calls, on files or stdin, block the only thread)
//! and anything that reads the real clock outside the runtime.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::g::GRef;
use crate::proc::Sched;

/// Go's synctest epoch, 2000-01-01 00:00:00 UTC, in Unix nanoseconds.
pub const VIRTUAL_EPOCH_UNIX_NANOS: i64 = 946_684_800_000_000_000;

/// Safe points passed without the clock moving after which it moves by
/// [`STALL_STEP`] anyway: a stand-in for CPU time, so that a G spinning
/// while main sleeps, or a loop that waits for the clock, ends. Rare
/// enough that short code sees the clock stand still, as synctest's does.
const STALL_LIMIT: u64 = 1 << 16;
const STALL_STEP: u64 = 1_000_000;

/// The largest switch-density exponent: a run preempts at a safe point
/// with probability 2^-k, k drawn in `0..=MAX_SHIFT`.
const MAX_SHIFT: u64 = 10;

/// The deterministic state of a seeded run.
pub(crate) struct Det {
    /// splitmix64 state. Only the seeded M draws (and the collector's
    /// threads never do), so the sequence is the program's alone.
    rng: AtomicU64,
    /// Virtual nanoseconds since the scheduler's epoch.
    vclock: AtomicU64,
    /// Safe points since the clock last moved (see [`STALL_LIMIT`]).
    stall: AtomicU64,
    /// Preempt at a safe point with probability 2^-shift.
    shift: u64,
}

/// One splitmix64 step (Steele, Lea and Flood).
fn splitmix(state: &AtomicU64) -> u64 {
    let s = state
        .fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed)
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed for the other generators of a seeded run (per-P, maps), derived
/// from N so that they differ from run to run but not between replays.
pub fn derived_seed(n: u64, salt: u64) -> u64 {
    let s = AtomicU64::new(n ^ salt.wrapping_mul(0xD6E8_FEB8_6659_FD93));
    splitmix(&s)
}

impl Det {
    pub(crate) fn new(seed: u64) -> Det {
        let rng = AtomicU64::new(seed);
        let shift = splitmix(&rng) % (MAX_SHIFT + 1);
        Det {
            rng,
            vclock: AtomicU64::new(0),
            stall: AtomicU64::new(0),
            shift,
        }
    }

    fn next(&self) -> u64 {
        splitmix(&self.rng)
    }

    /// Uniform in `0..n` (n > 0).
    pub(crate) fn below(&self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }

    /// At a safe point: go on running the G (true) or preempt it? Every
    /// [`STALL_LIMIT`] safe points the clock moves by [`STALL_STEP`].
    pub(crate) fn keep_running(&self) -> bool {
        if self.stall.fetch_add(1, Ordering::Relaxed) + 1 >= STALL_LIMIT {
            self.stall.store(0, Ordering::Relaxed);
            self.vclock.fetch_add(STALL_STEP, Ordering::SeqCst);
        }
        self.next() & ((1 << self.shift) - 1) != 0
    }
}

impl Sched {
    /// The scheduler's clock: real time, or in a seeded run the virtual
    /// clock (see the module docs).
    #[inline]
    pub(crate) fn now(&self) -> Instant {
        match &self.det {
            None => Instant::now(),
            Some(d) => self.epoch + Duration::from_nanos(d.vclock.load(Ordering::SeqCst)),
        }
    }

    /// Wall-clock time in Unix nanoseconds on this scheduler's clock.
    pub(crate) fn unix_nanos(&self) -> i64 {
        match &self.det {
            None => real_unix_nanos(),
            Some(d) => VIRTUAL_EPOCH_UNIX_NANOS + d.vclock.load(Ordering::SeqCst) as i64,
        }
    }

    /// Every G is blocked: move the virtual clock to the earliest timer.
    /// Returns false when no timer is armed.
    fn advance_clock(&self) -> bool {
        let (Some(d), Some(when)) = (&self.det, self.earliest_timer()) else {
            return false;
        };
        let t = self.nanos_since_epoch(when);
        d.vclock.fetch_max(t, Ordering::SeqCst);
        d.stall.store(0, Ordering::Relaxed);
        true
    }
}

fn real_unix_nanos() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as i64)
}

/// The clock of the scheduler this thread runs Go code for (virtual in a
/// seeded run), else real time. For `time.Now`, `Sleep` and timers.
pub fn now() -> Instant {
    crate::stw::with_current_sched(|s| s.map_or_else(Instant::now, |s| s.now()))
}

/// Go's `nanotime() - runtimeInitTime`: monotonic nanoseconds since the
/// current scheduler started (what `time.Time`'s `m=+0.001` shows), on
/// its clock (see [`now`]); since the first call outside a scheduler.
pub fn nanotime() -> i64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    crate::stw::with_current_sched(|s| match s {
        Some(s) => s.nanos_since_epoch(s.now()) as i64,
        None => {
            let now = Instant::now();
            now.saturating_duration_since(*START.get_or_init(|| now))
                .as_nanos() as i64
        }
    })
}

/// Wall-clock Unix nanoseconds on the current scheduler's clock (see
/// [`now`]).
pub fn unix_nanos() -> i64 {
    crate::stw::with_current_sched(|s| s.map_or_else(real_unix_nanos, |s| s.unix_nanos()))
}

impl crate::proc::M {
    /// The seeded M's loop (module docs): pick a P at random, let it find
    /// a G by Go's rules, run it until it blocks or [`Det`] preempts it;
    /// when no P finds work, poll the network, advance the virtual clock,
    /// or report the deadlock.
    pub(crate) fn schedule_seeded(&mut self) {
        let sched = self.sched.clone();
        let det = sched.det.as_ref().expect("schedule_seeded: not seeded");
        loop {
            if sched.shutdown.load(Ordering::SeqCst) {
                return;
            }
            while sched.gcwaiting.load(Ordering::SeqCst) && !sched.shutdown.load(Ordering::SeqCst) {
                self.gcstopm();
            }
            let n = sched.gomaxprocs();
            let start = det.below(n);
            let mut found = None;
            for k in 0..n {
                if !self.switch_to((start + k) % n) {
                    break;
                }
                found = self.find_seeded();
                if found.is_some() {
                    break;
                }
            }
            match found {
                Some((g, inherit)) => {
                    self.execute(g, inherit);
                    if self.p.is_none() && !self.take_any_p() {
                        return;
                    }
                }
                None => {
                    if !self.idle_seeded() {
                        return;
                    }
                }
            }
        }
    }

    /// Hold P `id` (from the idle list), giving back the one held now.
    /// False if a stop-the-world or shutdown got in the way.
    fn switch_to(&mut self, id: usize) -> bool {
        if self.p.as_ref().is_some_and(|p| p.id == id) {
            return true;
        }
        let sched = self.sched.clone();
        let mut l = sched.lock();
        if sched.gcwaiting.load(Ordering::SeqCst) || sched.shutdown.load(Ordering::SeqCst) {
            return false;
        }
        let Some(i) = l.pidle.iter().position(|p| p.id == id) else {
            return false;
        };
        let p = l.pidle.swap_remove(i);
        p.shared.status.store(crate::p::P_RUNNING, Ordering::SeqCst);
        sched.npidle.fetch_sub(1, Ordering::SeqCst);
        // Idle again, or stopped if GOMAXPROCS shrank below it (its Gs
        // then go to the global queue).
        let stopped = self.releasep().map(|old| sched.prelease(&mut l, old));
        drop(l);
        if let Some(s) = stopped {
            sched.after_pstop(s);
        }
        self.acquirep(p);
        true
    }

    /// After a G left a syscall without a P: take any idle P.
    fn take_any_p(&mut self) -> bool {
        let sched = self.sched.clone();
        loop {
            let p = sched.pidleget(&mut sched.lock());
            if let Some(p) = p {
                self.acquirep(p);
                return true;
            }
            if sched.shutdown.load(Ordering::SeqCst) {
                return false;
            }
            // Only a stop-the-world holds every P: wait for its start.
            let l = sched.lock();
            drop(sched.stw_wait_inactive(l));
        }
    }

    /// Go's findRunnable for the P held now, without blocking and without
    /// spinning: its own sources (`find_local`), then one steal.
    fn find_seeded(&mut self) -> Option<(GRef, bool)> {
        let now = self.sched.now();
        if let Some(found) = self.find_local(now) {
            return Some(found);
        }
        match self.steal_work(now) {
            crate::proc::Stolen::Found(g, inherit) => Some((g, inherit)),
            // Timers of other Ps readied Gs into ours.
            crate::proc::Stolen::NewWork => self.p.as_mut()?.runqget(),
            crate::proc::Stolen::Nothing => None,
        }
    }

    /// No P found a G. In order: Gs ready on the network (without
    /// blocking), the next timer (the virtual clock jumps to it), a
    /// blocking netpoll if only the network can wake anyone, else the
    /// program is deadlocked. Returns false when the program is over.
    fn idle_seeded(&mut self) -> bool {
        let sched = self.sched.clone();
        if sched.poll.any_waiters() {
            let list = sched.netpoll(Some(Duration::ZERO));
            if !list.is_empty() {
                sched.injectglist(self.p.as_deref_mut(), list);
                return true;
            }
        }
        if sched.advance_clock() {
            return true;
        }
        if sched.poll.any_waiters() {
            let list = sched.netpoll(None);
            sched.injectglist(self.p.as_deref_mut(), list);
            return !sched.shutdown.load(Ordering::SeqCst);
        }
        if sched.report_if_dead() {
            return false;
        }
        // A G is being readied from another thread (a finalizer, a signal):
        // let it land.
        std::thread::sleep(Duration::from_millis(1));
        !sched.shutdown.load(Ordering::SeqCst)
    }
}
