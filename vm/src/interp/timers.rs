//! `time.Sleep` and the runtime timers behind `time.Timer`, `Ticker`,
//! `After` and `Tick`: the prelude's `time.startTimer`/`stopTimer`/
//! `resetTimer` natives, by timer id.
//!
//! A timer sends the current time on its channel without blocking (a
//! buffer of one; a slow receiver misses ticks). Since Go 1.23 no stale
//! value is received after `Stop` or `Reset`: both drain the channel.

use super::chan::chan;
use super::panic::Trap;
use super::park::{Stop, Wait};
use super::Goroutine;
use crate::heap::{self, Word};
use minigo_runtime::{Cx, WaitReason};
use std::sync::atomic::Ordering;
use std::sync::Mutex;

impl Goroutine {
    /// `time.Sleep(d)`.
    pub(crate) fn sleep(&mut self, cx: &mut Cx<'_>, d: i64) -> Result<(), Stop> {
        if let Some(w) = self.wait.take() {
            return match w {
                Wait::Sleep => Ok(()),
                _ => Err(Trap::internal("Sleep resumed with a foreign wait").into()),
            };
        }
        if d <= 0 {
            return Ok(());
        }
        let deadline = std::time::Instant::now() + std::time::Duration::from_nanos(d as u64);
        if cx.sleep_until(deadline) {
            self.wait = Some(Wait::Sleep);
            return Err(Stop::park(WaitReason::Sleep));
        }
        Ok(())
    }
}

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
pub fn start_timer(cx: &mut Cx<'_>, ch: Word, d: i64, period: i64) -> i64 {
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
    id
}

/// `time.stopTimer(id)`: disarms the timer; true if it was still pending.
pub fn stop_timer(cx: &mut Cx<'_>, id: i64) -> bool {
    stop_or_reset(cx, id, None)
}

/// `time.resetTimer(id, d, period)`: [`stop_timer`], then arms it again.
pub fn reset_timer(cx: &mut Cx<'_>, id: i64, d: i64, period: i64) -> bool {
    stop_or_reset(cx, id, Some((d, period)))
}

/// Stops timer `id`, drains its channel and, given `(d, period)`, re-arms
/// it. A fired but unreceived value counts as stopped in time (Go 1.23+).
fn stop_or_reset(cx: &mut Cx<'_>, id: i64, rearm: Option<(i64, i64)>) -> bool {
    let timers = TIMERS.lock().unwrap_or_else(|e| e.into_inner());
    let Some((t, ch)) = timers.as_ref().and_then(|m| m.get(&id)) else {
        return false;
    };
    let pending = cx.stop_timer(t);
    let discarded = drain(cx, *ch);
    if let Some((d, period)) = rearm {
        cx.reset_timer(t, when_after(d), period_of(period));
    }
    pending || discarded
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

/// The timers' channels (their callbacks send on them).
pub(crate) fn gc_roots(f: &mut dyn FnMut(Word)) {
    if let Some(m) = TIMERS.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
        for (_, ch) in m.values() {
            f(*ch);
        }
    }
}
