//! GOGC / GOMEMLIMIT pacing as MMTk's delegated GC trigger.
//!
//! goal = max(heapminimum, live · (1 + GOGC/100)) where live is the heap
//! in use after the last collection and heapminimum is Go's
//! 4 MiB · GOGC/100; `GOGC=off` (or a negative percent) never collects
//! for growth. GOMEMLIMIT caps the goal softly: never below live + 1/16,
//! so a program over its limit keeps running (Go does the same, paying in
//! GC time).

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering::Relaxed};

use mmtk::plan::Plan;
use mmtk::util::heap::{GCTriggerPolicy, SpaceStats};
use mmtk::MMTK;

use crate::Go;

const PAGE: usize = 4096;

static GOGC: AtomicI64 = AtomicI64::new(100);
static MEMLIMIT: AtomicI64 = AtomicI64::new(i64::MAX);
static GOAL_PAGES: AtomicUsize = AtomicUsize::new(0);
static LIVE_PAGES: AtomicUsize = AtomicUsize::new(0);
static READ_ENV: std::sync::Once = std::sync::Once::new();
static ENABLED: AtomicBool = AtomicBool::new(false);

pub(crate) fn set_enabled(on: bool) {
    ENABLED.store(on, Relaxed);
}

fn read_env() {
    READ_ENV.call_once(|| {
        if let Ok(s) = std::env::var("GOGC") {
            let s = s.trim();
            if s == "off" {
                GOGC.store(-1, Relaxed);
            } else if let Ok(n) = s.parse::<i64>() {
                GOGC.store(n, Relaxed);
            }
        }
        if let Some(n) = std::env::var("GOMEMLIMIT")
            .ok()
            .and_then(|s| parse_memlimit(&s))
        {
            MEMLIMIT.store(n, Relaxed);
        }
        if let Ok(d) = std::env::var("GODEBUG") {
            let on = d.split(',').any(|kv| {
                kv.split_once('=')
                    .is_some_and(|(k, v)| k.trim() == "gctrace" && v.trim() != "0")
            });
            crate::stats::GCTRACE.store(on, Relaxed);
        }
        recompute();
    });
}

/// GOMEMLIMIT's syntax: a byte count with an optional unit suffix
/// (B, KiB, MiB, GiB, TiB), or `off`.
pub fn parse_memlimit(s: &str) -> Option<i64> {
    let s = s.trim();
    if s == "off" {
        return Some(i64::MAX);
    }
    let units: [(&str, i64); 5] = [
        ("TiB", 1 << 40),
        ("GiB", 1 << 30),
        ("MiB", 1 << 20),
        ("KiB", 1 << 10),
        ("B", 1),
    ];
    for (u, m) in units {
        if let Some(n) = s.strip_suffix(u) {
            return n.trim().parse::<i64>().ok()?.checked_mul(m);
        }
    }
    s.parse::<i64>().ok()
}

fn compute_goal(live_pages: usize) -> usize {
    let gogc = GOGC.load(Relaxed);
    let goal = if gogc < 0 {
        usize::MAX / PAGE
    } else {
        let gogc = gogc as usize;
        let min = (4 << 20) / PAGE * gogc / 100;
        live_pages
            .saturating_add(live_pages.saturating_mul(gogc) / 100)
            .max(min)
            .max(8)
    };
    let limit = MEMLIMIT.load(Relaxed);
    if limit == i64::MAX {
        return goal;
    }
    let limit_pages = (limit.max(0) as usize) / PAGE;
    goal.min(limit_pages.max(live_pages + live_pages / 16 + 16))
}

fn recompute() {
    GOAL_PAGES.store(compute_goal(LIVE_PAGES.load(Relaxed)), Relaxed);
}

/// The heap size at which the next collection starts (`NextGC`).
pub fn goal_bytes() -> u64 {
    read_env();
    let g = GOAL_PAGES.load(Relaxed);
    g.saturating_mul(PAGE).min(i64::MAX as usize) as u64
}

/// `debug.SetGCPercent`: returns the old value (negative: off).
pub fn set_gc_percent(p: i64) -> i64 {
    read_env();
    let old = GOGC.swap(p.max(-1), Relaxed);
    recompute();
    old
}

/// `debug.SetMemoryLimit`: a negative value only reads it.
pub fn set_memory_limit(n: i64) -> i64 {
    read_env();
    if n < 0 {
        return MEMLIMIT.load(Relaxed);
    }
    let old = MEMLIMIT.swap(n, Relaxed);
    recompute();
    old
}

/// Is the heap (MMTk's pages and the big mappings) over the goal?
pub(crate) fn over_goal() -> bool {
    read_env();
    let reserved = crate::mmtk().get_plan().get_reserved_pages();
    reserved + crate::big::live_bytes() / PAGE > GOAL_PAGES.load(Relaxed)
}

/// The trigger MMTk asks; all state is in the statics above.
pub struct GogcTrigger;

impl GCTriggerPolicy<Go> for GogcTrigger {
    fn on_gc_start(&self, _mmtk: &'static MMTK<Go>) {}

    fn on_gc_end(&self, mmtk: &'static MMTK<Go>) {
        LIVE_PAGES.store(
            mmtk.get_plan().get_used_pages() + crate::big::live_bytes() / PAGE,
            Relaxed,
        );
        recompute();
    }

    fn is_gc_required(
        &self,
        space_full: bool,
        space: Option<SpaceStats<Go>>,
        plan: &dyn Plan<VM = Go>,
    ) -> bool {
        ENABLED.load(Relaxed) && plan.collection_required(space_full, space)
    }

    fn is_heap_full(&self, plan: &dyn Plan<VM = Go>) -> bool {
        read_env();
        plan.get_reserved_pages() + crate::big::live_bytes() / PAGE > GOAL_PAGES.load(Relaxed)
    }

    fn get_current_heap_size_in_pages(&self) -> usize {
        read_env();
        GOAL_PAGES.load(Relaxed)
    }

    fn get_max_heap_size_in_pages(&self) -> usize {
        // What may ever be mapped: the OS says no first (out of memory).
        (1usize << 45) / PAGE
    }

    fn can_heap_size_grow(&self) -> bool {
        true
    }
}
