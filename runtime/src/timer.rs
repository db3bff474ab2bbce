//! Timers: per-P heaps (Go's `pp.timers`, `time.go`).
//!
//! - Each P's heap is a `BinaryHeap` (binary, not Go's 4-ary `timerHeapN`:
//!   std's heap is good enough at our timer counts; swap it if profiles
//!   say so) under its own mutex, plus `PShared::timer0` (Go's
//!   `timer0When`) so that "anything due?" costs one atomic load.
//! - A [`Timer`] is armed on the heap of the P that created or last reset it.
//!   It is run by that P at the top of findRunnable (`check_timers`), or by
//!   a thief on its last steal pass, or by the M that wakes from the
//!   blocking netpoll at the earliest deadline (see `proc.rs`, "idle Ms,
//!   timers and the netpoller").
//! - Stop/Reset never search a heap: each timer has a sequence number and a
//!   heap entry is live only while its `seq` matches (lazy deletion, like
//!   Go's `timerZombie`). Heaps are compacted when zombies exceed a quarter
//!   of the entries.
//! - Callbacks run on an M that holds a P, outside every timer lock, with a
//!   [`Cx`] whose `goready` puts the woken G in that P's runnext (Go: a fired
//!   timer readies its G onto the P that ran it).
//!
//! Lock order: heap lock → timer state lock. `reset` drops the timer state
//! lock before pushing onto a heap, so the reverse never happens.
//!
//! `Sched::timers_live` counts armed timers: checkdead never reports a
//! deadlock while it is non-zero (RUNTIME.md A14: "if any P has timers").

use std::cmp::Ordering as CmpOrdering;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::p::{PLocal, PShared};
use crate::proc::Sched;
use crate::Cx;

/// A timer callback. Runs on an M holding a P; `cx.g()` is `None` there.
pub type TimerFn = Box<dyn FnMut(&mut Cx<'_>) + Send>;

struct TimerState {
    /// Bumped by every arm, stop and fire; heap entries with an older seq
    /// are zombies.
    seq: u64,
    when: Option<Instant>,
    period: Option<Duration>,
    /// Index of the P whose heap holds the live entry (zombie accounting).
    heap_p: usize,
}

struct TimerInner {
    st: Mutex<TimerState>,
    f: Mutex<TimerFn>,
}

/// Handle to a runtime timer (Go's `runtime.timer`), for time.Sleep,
/// time.After/NewTimer/Ticker/AfterFunc and select timeouts. Cheap to clone.
#[derive(Clone)]
pub struct Timer(Arc<TimerInner>);

pub(crate) struct TimerEntry {
    when: Instant,
    seq: u64,
    timer: Timer,
}

impl PartialEq for TimerEntry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == CmpOrdering::Equal
    }
}
impl Eq for TimerEntry {}
impl PartialOrd for TimerEntry {
    fn partial_cmp(&self, other: &Self) -> Option<CmpOrdering> {
        Some(self.cmp(other))
    }
}
impl Ord for TimerEntry {
    // BinaryHeap is a max-heap: reverse to pop the earliest first.
    fn cmp(&self, other: &Self) -> CmpOrdering {
        other
            .when
            .cmp(&self.when)
            .then_with(|| other.seq.cmp(&self.seq))
    }
}

#[derive(Default)]
pub(crate) struct TimerHeap {
    heap: BinaryHeap<TimerEntry>,
}

impl TimerEntry {
    fn is_live(&self) -> bool {
        let st = self.timer.0.st.lock().unwrap();
        st.seq == self.seq && st.when.is_some()
    }
}

impl TimerHeap {
    /// Drop dead entries from the top (and everywhere when zombies
    /// dominate); return the earliest live deadline.
    fn clean(&mut self, zombies: &AtomicUsize) -> Option<Instant> {
        let z = zombies.load(Ordering::Relaxed);
        if z > 16 && z * 4 > self.heap.len() {
            self.heap.retain(TimerEntry::is_live);
            zombies.store(0, Ordering::Relaxed);
        }
        while let Some(top) = self.heap.peek() {
            if top.is_live() {
                return Some(top.when);
            }
            self.heap.pop();
            let _ =
                zombies.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |z| z.checked_sub(1));
        }
        None
    }
}

impl Sched {
    pub(crate) fn nanos_since_epoch(&self, t: Instant) -> u64 {
        t.saturating_duration_since(self.epoch).as_nanos() as u64
    }

    fn publish_timer0(&self, p: &PShared, h: &mut TimerHeap) {
        let w = h
            .clean(&p.timer_zombies)
            .map_or(u64::MAX, |t| self.nanos_since_epoch(t));
        p.timer0.store(w, Ordering::SeqCst);
    }

    /// Create and arm a timer on `p`'s heap.
    pub(crate) fn add_timer(
        self: &Arc<Self>,
        p: &PShared,
        when: Instant,
        period: Option<Duration>,
        f: TimerFn,
    ) -> Timer {
        let t = Timer(Arc::new(TimerInner {
            st: Mutex::new(TimerState {
                seq: 0,
                when: None,
                period: None,
                heap_p: p.id,
            }),
            f: Mutex::new(f),
        }));
        self.reset_timer(p, &t, when, period);
        t
    }

    /// (Re)arm `t` on `p`'s heap. Returns whether it was armed before
    /// (Go's `Timer.Reset` result).
    pub(crate) fn reset_timer(
        self: &Arc<Self>,
        p: &PShared,
        t: &Timer,
        when: Instant,
        period: Option<Duration>,
    ) -> bool {
        let (was, seq) = {
            let mut st = t.0.st.lock().unwrap();
            let was = st.when.is_some();
            if was {
                self.allp[st.heap_p].note_zombie();
            } else {
                self.timers_live.fetch_add(1, Ordering::SeqCst);
            }
            st.seq += 1;
            st.when = Some(when);
            st.period = period;
            st.heap_p = p.id;
            (was, st.seq)
        };
        {
            let mut h = p.timers.lock().unwrap();
            h.heap.push(TimerEntry {
                when,
                seq,
                timer: t.clone(),
            });
            self.publish_timer0(p, &mut h);
        }
        self.timer_added(when);
        was
    }

    /// Disarm. Returns whether the timer was armed (Go's `Timer.Stop`).
    pub(crate) fn stop_timer(&self, t: &Timer) -> bool {
        let mut st = t.0.st.lock().unwrap();
        if st.when.take().is_none() {
            return false;
        }
        st.seq += 1;
        self.allp[st.heap_p].note_zombie();
        self.timers_live.fetch_sub(1, Ordering::SeqCst);
        true
    }

    /// Run the due timers of `victim` (own P or, when stealing, another),
    /// with `pp` as the P the callbacks run on. Returns how many ran.
    /// Go's `timers.check`.
    pub(crate) fn run_timers(
        self: &Arc<Self>,
        pp: &mut PLocal,
        victim: &Arc<PShared>,
        now: Instant,
    ) -> usize {
        if victim.timer0.load(Ordering::SeqCst) > self.nanos_since_epoch(now) {
            return 0;
        }
        let mut ran = 0;
        loop {
            // No callback starts while a stop-the-world is pending: it
            // runs Rust code that may touch the heap. The M stops at its
            // next check (findRunnable top, execute) with the P.
            if self.gcwaiting.load(Ordering::SeqCst) {
                break;
            }
            let fire = {
                let mut h = victim.timers.lock().unwrap();
                let due = match h.clean(&victim.timer_zombies) {
                    Some(w) => w <= now,
                    None => false,
                };
                let fire = if due {
                    let e = h.heap.pop().expect("run_timers: peeked");
                    let timer = e.timer.clone();
                    let mut st = timer.0.st.lock().unwrap();
                    st.seq += 1;
                    match st.period {
                        Some(d) if !d.is_zero() => {
                            // Go: next = when + period*(1 + (now-when)/period).
                            let late = now.saturating_duration_since(e.when);
                            let skips = (late.as_nanos() / d.as_nanos()) as u32;
                            let next = e.when + d * (skips + 1);
                            st.when = Some(next);
                            let seq = st.seq;
                            drop(st);
                            h.heap.push(TimerEntry {
                                when: next,
                                seq,
                                timer: e.timer.clone(),
                            });
                        }
                        _ => {
                            st.when = None;
                            self.timers_live.fetch_sub(1, Ordering::SeqCst);
                            drop(st);
                        }
                    }
                    Some(e.timer)
                } else {
                    None
                };
                self.publish_timer0(victim, &mut h);
                fire
            };
            let Some(t) = fire else { break };
            let mut f = t.0.f.lock().unwrap();
            let mut cx = Cx::for_timer(self, pp);
            f(&mut cx);
            ran += 1;
        }
        ran
    }

    /// Move every live timer from `from`'s heap to `to`'s (a P being
    /// stopped by `procresize`). Returns the earliest moved deadline; the
    /// caller calls `timer_added` with it once it holds no scheduler lock.
    /// Lock order: sched.lock → heap lock → timer state lock; the two heap
    /// locks are never held together.
    pub(crate) fn move_timers(&self, from: &PShared, to: &PShared) -> Option<Instant> {
        let moved: Vec<TimerEntry> = {
            let mut h = from.timers.lock().unwrap();
            let entries = std::mem::take(&mut h.heap).into_vec();
            let mut live = Vec::with_capacity(entries.len());
            for e in entries {
                let mut st = e.timer.0.st.lock().unwrap();
                if st.seq == e.seq && st.when.is_some() {
                    // From now on stop/reset account the zombie on `to`.
                    st.heap_p = to.id;
                    drop(st);
                    live.push(e);
                }
            }
            from.timer_zombies.store(0, Ordering::Relaxed);
            from.timer0.store(u64::MAX, Ordering::SeqCst);
            live
        };
        let earliest = moved.iter().map(|e| e.when).min()?;
        let mut h = to.timers.lock().unwrap();
        h.heap.extend(moved);
        self.publish_timer0(to, &mut h);
        Some(earliest)
    }

    /// Earliest armed deadline over all Ps (Go's `checkTimersNoP` /
    /// `timeSleepUntil`), from the `timer0` hints.
    pub(crate) fn earliest_timer(&self) -> Option<Instant> {
        let w = self
            .allp_live()
            .iter()
            .map(|p| p.timer0.load(Ordering::SeqCst))
            .min()
            .unwrap_or(u64::MAX);
        (w != u64::MAX).then(|| self.epoch + Duration::from_nanos(w))
    }
}

impl PShared {
    /// Called under a timer's state lock: must not take the heap lock.
    fn note_zombie(&self) {
        self.timer_zombies.fetch_add(1, Ordering::Relaxed);
    }
}
