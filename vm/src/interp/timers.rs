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
use crate::heap::Word;
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
        let deadline = minigo_runtime::now() + std::time::Duration::from_nanos(d as u64);
        if cx.sleep_until(deadline) {
            self.wait = Some(Wait::Sleep);
            return Err(Stop::park(WaitReason::Sleep));
        }
        Ok(())
    }
}

/// The runtime timers behind `time.Timer`/`Ticker`, by the id
/// `time.startTimer` returned, with their channels.
///
/// The table does not keep a channel alive: since Go 1.23 a timer that the
/// program can no longer reach is garbage even while armed. An entry lives
/// exactly as long as its channel: when the collector frees the channel
/// ([`forget_chan`], from `ChanObj`'s drop) the entry goes and its runtime
/// timer is stopped. A callback sends only while its entry is there, so it
/// never touches a freed channel (timers do not fire while the world is
/// stopped, and entries only go then).
///
/// `AfterFunc`'s timers are in the table too, with their channel as the
/// entry's anchor (the Go side's `Timer.fc`, never sent on) and their
/// function in `funcs`. While such a timer is pending its function and
/// anchor are roots ([`gc_roots`]): Go's timer heap keeps an armed
/// `AfterFunc` alive even when the program drops its `*Timer`.
#[derive(Default)]
struct TimerTable {
    by_id: std::collections::HashMap<i64, (minigo_runtime::Timer, Word)>,
    by_chan: std::collections::HashMap<Word, Vec<i64>>,
    funcs: std::collections::HashMap<i64, FuncTimer>,
}

/// An `AfterFunc` timer's function, and whether it is armed.
struct FuncTimer {
    f: Word,
    pending: bool,
}
static TIMERS: Mutex<Option<TimerTable>> = Mutex::new(None);
static NEXT_TIMER: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(1);

/// The collector freed timer channel `ch`: drop its timers (see
/// [`TimerTable`]). Runs on a GC worker while the world is stopped.
pub(crate) fn forget_chan(ch: Word) {
    let mut g = TIMERS.lock().unwrap_or_else(|e| e.into_inner());
    let Some(t) = g.as_mut() else { return };
    for id in t.by_chan.remove(&ch).unwrap_or_default() {
        t.funcs.remove(&id);
        if let Some((timer, _)) = t.by_id.remove(&id) {
            if let Some(rt) = super::gcroots::runtime() {
                rt.stop_timer(&timer);
            }
        }
    }
}

fn when_after(d: i64) -> std::time::Instant {
    minigo_runtime::now() + std::time::Duration::from_nanos(d.max(0) as u64)
}

fn period_of(p: i64) -> Option<std::time::Duration> {
    (p > 0).then(|| std::time::Duration::from_nanos(p as u64))
}

/// `time.startTimer(c, d, period)`: after `d` (then every `period`), send
/// the current `time.Time` on `c` without blocking (Go's timer channels
/// have a buffer of one and drop ticks a slow receiver misses).
///
/// `loc` is the `*time.Location` the sent Times are shown in: time's
/// `&localLoc`, a package variable and so always reachable, which is why
/// the closure may hold its word.
pub fn start_timer(cx: &mut Cx<'_>, ch: Word, d: i64, period: i64, loc: Word) -> i64 {
    if let Some(c) = chan(ch) {
        c.timer.store(true, Ordering::Relaxed);
    }
    let id = NEXT_TIMER.fetch_add(1, Ordering::Relaxed);
    let f: minigo_runtime::TimerFn = Box::new(move |cx: &mut Cx<'_>| {
        let timers = TIMERS.lock().unwrap_or_else(|e| e.into_inner());
        if !timers.as_ref().is_some_and(|t| t.by_id.contains_key(&id)) {
            return; // its channel was freed
        }
        if let Some(c) = chan(ch) {
            let t = crate::stdlib::time::new_time_now(loc);
            let _ = c.ch.try_send(cx, t);
        }
    });
    // The entry first: the timer may fire on another P at once.
    let mut timers = TIMERS.lock().unwrap_or_else(|e| e.into_inner());
    let table = timers.get_or_insert_with(Default::default);
    let timer = cx.add_timer(when_after(d), period_of(period), f);
    table.by_id.insert(id, (timer, ch));
    table.by_chan.entry(ch).or_default().push(id);
    id
}

/// `time.startFuncTimer(anchor, f, d)`, behind `time.AfterFunc`: after
/// `d`, start a goroutine running `f` (Go starts it when the timer fires:
/// a pending `AfterFunc` is no goroutine). `anchor` is a timer channel
/// that lives as long as the Go side's `*Timer` (see [`TimerTable`]).
pub fn start_func_timer(
    cx: &mut Cx<'_>,
    prog: std::sync::Arc<super::Program>,
    anchor: Word,
    f: Word,
    d: i64,
) -> i64 {
    if let Some(c) = chan(anchor) {
        c.timer.store(true, Ordering::Relaxed);
    }
    let id = NEXT_TIMER.fetch_add(1, Ordering::Relaxed);
    let fire: minigo_runtime::TimerFn = Box::new(move |cx: &mut Cx<'_>| {
        let f = {
            let mut timers = TIMERS.lock().unwrap_or_else(|e| e.into_inner());
            match timers.as_mut().and_then(|t| t.funcs.get_mut(&id)) {
                Some(ft) if ft.pending => {
                    ft.pending = false;
                    ft.f
                }
                _ => return,
            }
        };
        // No collection can run before the new goroutine holds `f`: this
        // M holds a P and is at no safe point.
        if let Ok(mut g) = Goroutine::spawn(prog.clone(), 0, f) {
            g.race = super::race::timer_goroutine(&prog, anchor);
            cx.spawn(Box::new(super::sched::GoTask::new(g)));
        }
    });
    let mut timers = TIMERS.lock().unwrap_or_else(|e| e.into_inner());
    let table = timers.get_or_insert_with(Default::default);
    table.funcs.insert(id, FuncTimer { f, pending: true });
    let timer = cx.add_timer(when_after(d), None, fire);
    table.by_id.insert(id, (timer, anchor));
    table.by_chan.entry(anchor).or_default().push(id);
    id
}

/// The channel of timer `id` (its `C`, or `AfterFunc`'s anchor): the
/// object `-race` synchronises on.
pub(crate) fn chan_of(id: i64) -> Option<Word> {
    let timers = TIMERS.lock().unwrap_or_else(|e| e.into_inner());
    timers.as_ref()?.by_id.get(&id).map(|&(_, ch)| ch)
}

/// The functions and anchors of pending `AfterFunc` timers: roots.
pub(crate) fn gc_roots(f: &mut dyn FnMut(Word)) {
    let timers = TIMERS.lock().unwrap_or_else(|e| e.into_inner());
    let Some(t) = timers.as_ref() else { return };
    for (id, ft) in &t.funcs {
        if ft.pending {
            f(ft.f);
            if let Some(&(_, anchor)) = t.by_id.get(id) {
                f(anchor);
            }
        }
    }
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
    let mut timers = TIMERS.lock().unwrap_or_else(|e| e.into_inner());
    let Some(table) = timers.as_mut() else {
        return false;
    };
    let Some((t, ch)) = table.by_id.get(&id) else {
        return false;
    };
    let pending = cx.stop_timer(t);
    let discarded = drain(cx, *ch);
    if let Some((d, period)) = rearm {
        cx.reset_timer(t, when_after(d), period_of(period));
    }
    if let Some(ft) = table.funcs.get_mut(&id) {
        // Armed again by Reset; a stopped one is no root: the Go side's
        // Timer holds its function for a later Reset.
        ft.pending = rearm.is_some();
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
