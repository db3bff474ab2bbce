//! GOGC / GOMEMLIMIT pacing as MMTk's delegated GC trigger.
//!
//! Go's pacer, in bytes of objects: the heap in use (`heap_live`) is what
//! the last collection marked plus every byte allocated since, and a
//! collection starts when it reaches
//! `goal = max(heapminimum, marked · (1 + GOGC/100))`, heapminimum being
//! Go's 4 MiB · GOGC/100. `GOGC=off` (or a negative percent) never
//! collects for growth.
//!
//! Why bytes and not MMTk's page counts: Immix reuses the free lines of
//! blocks that still hold a live object, and such a block counts as used
//! pages whole. After a collection of gc_churn, used pages were 9 to 18 MB
//! for 5 MB marked, and a goal of twice the used pages let the heap reach
//! 27 MB where Go's pacer keeps 10. Counting bytes as Go does gives the
//! same budget per cycle whatever the fragmentation.
//!
//! GOMEMLIMIT caps both measures softly: the goal and the pages MMTk holds
//! (fragmentation included) stay under the limit, but never below 1/16
//! above what the last collection kept, so a program over its limit keeps
//! running (Go does the same, paying in GC time).
//!
//! Invariants: the state below changes only while the world is stopped
//! (`on_gc_end`) or under `set_gc_percent`/`set_memory_limit`, which
//! recompute the goal from the last collection's figures.

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering::Relaxed};

use mmtk::plan::Plan;
use mmtk::util::heap::{GCTriggerPolicy, SpaceStats};
use mmtk::MMTK;

use crate::Go;

const PAGE: usize = 4096;

static GOGC: AtomicI64 = AtomicI64::new(100);
static MEMLIMIT: AtomicI64 = AtomicI64::new(i64::MAX);
/// The heap goal in bytes (`NextGC`).
static GOAL: AtomicU64 = AtomicU64::new(4 << 20);
/// The cap on MMTk's reserved pages plus big mappings, in bytes
/// (`u64::MAX` without a memory limit).
static PAGES_CAP: AtomicU64 = AtomicU64::new(u64::MAX);
/// Bytes marked by the last collection.
static MARKED: AtomicU64 = AtomicU64::new(0);
/// Bytes in use (MMTk's used pages and big mappings) after it.
static USED: AtomicU64 = AtomicU64::new(0);
/// Bytes allocated in all, when it ended.
static ALLOC_AT_GC: AtomicU64 = AtomicU64::new(0);
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

/// The pacer's decision, as a pure function of its inputs (unit-tested
/// below). Returns (goal, pages cap), both in bytes.
fn compute_goal(gogc: i64, memlimit: i64, marked: u64, used: u64) -> (u64, u64) {
    let goal = if gogc < 0 {
        u64::MAX
    } else {
        let gogc = gogc as u64;
        let min = ((4u64 << 20) * gogc / 100).max(64 << 10);
        marked
            .saturating_add(marked.saturating_mul(gogc) / 100)
            .max(min)
    };
    if memlimit == i64::MAX {
        return (goal, u64::MAX);
    }
    let limit = memlimit.max(0) as u64;
    (
        goal.min(limit.max(marked + marked / 16 + (64 << 10))),
        limit.max(used + used / 16 + (64 << 10)),
    )
}

fn recompute() {
    let (goal, cap) = compute_goal(
        GOGC.load(Relaxed),
        MEMLIMIT.load(Relaxed),
        MARKED.load(Relaxed),
        USED.load(Relaxed),
    );
    GOAL.store(goal, Relaxed);
    PAGES_CAP.store(cap, Relaxed);
}

/// The heap size at which the next collection starts (`NextGC`).
pub fn goal_bytes() -> u64 {
    read_env();
    GOAL.load(Relaxed)
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

/// Go's `heapLive`: marked by the last collection plus allocated since
/// (big mappings included).
pub(crate) fn heap_live() -> u64 {
    let allocated = crate::alloc::allocated_bytes() + crate::big::TOTAL.load(Relaxed);
    MARKED.load(Relaxed) + allocated.saturating_sub(ALLOC_AT_GC.load(Relaxed))
}

/// Is the heap over the goal, or MMTk's pages over the memory limit?
pub(crate) fn over_goal() -> bool {
    read_env();
    if !ENABLED.load(Relaxed) {
        return false;
    }
    if heap_live() >= GOAL.load(Relaxed) {
        return true;
    }
    let cap = PAGES_CAP.load(Relaxed);
    cap != u64::MAX && pages_bytes() >= cap
}

fn pages_bytes() -> u64 {
    (crate::mmtk().get_plan().get_reserved_pages() * PAGE + crate::big::live_bytes()) as u64
}

/// Asks MMTk for a collection; it starts at the Ps' next safe points and
/// the caller goes on. A request while one is pending is a no-op.
pub(crate) fn request() {
    crate::mmtk().get_plan().base().gc_trigger.poll(false, None);
}

/// The trigger MMTk asks; all state is in the statics above.
pub struct GogcTrigger;

impl GCTriggerPolicy<Go> for GogcTrigger {
    fn on_gc_start(&self, _mmtk: &'static MMTK<Go>) {}

    /// The world is stopped: nothing allocates, marking is over.
    fn on_gc_end(&self, mmtk: &'static MMTK<Go>) {
        let used = mmtk.get_plan().get_used_pages() * PAGE + crate::big::live_bytes();
        USED.store(used as u64, Relaxed);
        crate::scavenge::on_gc_end();
        MARKED.store(crate::stats::marked_so_far(), Relaxed);
        ALLOC_AT_GC.store(
            crate::alloc::allocated_bytes() + crate::big::TOTAL.load(Relaxed),
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

    fn is_heap_full(&self, _plan: &dyn Plan<VM = Go>) -> bool {
        over_goal()
    }

    fn get_current_heap_size_in_pages(&self) -> usize {
        read_env();
        (GOAL.load(Relaxed) / PAGE as u64).min(usize::MAX as u64 / 2) as usize
    }

    fn get_max_heap_size_in_pages(&self) -> usize {
        // What may ever be mapped: the OS says no first (out of memory).
        (1usize << 45) / PAGE
    }

    fn can_heap_size_grow(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::compute_goal;

    const MB: u64 = 1 << 20;
    const NO_LIMIT: i64 = i64::MAX;

    #[test]
    fn goal_is_marked_times_one_plus_gogc() {
        assert_eq!(compute_goal(100, NO_LIMIT, 5 * MB, 9 * MB).0, 10 * MB);
        assert_eq!(compute_goal(50, NO_LIMIT, 10 * MB, 10 * MB).0, 15 * MB);
        assert_eq!(compute_goal(200, NO_LIMIT, 10 * MB, 10 * MB).0, 30 * MB);
    }

    #[test]
    fn fragmentation_does_not_raise_the_goal() {
        // Used pages are what Immix holds, lines of dead objects included:
        // the budget comes from the marked bytes alone.
        assert_eq!(
            compute_goal(100, NO_LIMIT, 5 * MB, 18 * MB),
            compute_goal(100, NO_LIMIT, 5 * MB, 5 * MB)
        );
    }

    #[test]
    fn small_heaps_get_go_heapminimum() {
        assert_eq!(compute_goal(100, NO_LIMIT, 0, 0).0, 4 * MB);
        assert_eq!(compute_goal(200, NO_LIMIT, MB, MB).0, 8 * MB);
        // GOGC=1: a collection at almost every refill, but not at every
        // allocation.
        assert_eq!(compute_goal(1, NO_LIMIT, 0, 0).0, 64 << 10);
    }

    #[test]
    fn gogc_off_never_collects_for_growth() {
        assert_eq!(
            compute_goal(-1, NO_LIMIT, 100 * MB, 100 * MB),
            (u64::MAX, u64::MAX)
        );
    }

    #[test]
    fn memory_limit_caps_goal_and_pages_softly() {
        let (goal, cap) = compute_goal(100, (64 * MB) as i64, 50 * MB, 60 * MB);
        assert_eq!(goal, 64 * MB);
        assert_eq!(cap, 64 * MB);
        // Over the limit already: a little headroom, never a goal below
        // what is live (which would collect at every allocation).
        let (goal, cap) = compute_goal(100, (16 * MB) as i64, 32 * MB, 40 * MB);
        assert_eq!(goal, 32 * MB + 32 * MB / 16 + (64 << 10));
        assert_eq!(cap, 40 * MB + 40 * MB / 16 + (64 << 10));
        // GOGC=off with a limit: the limit alone paces.
        assert_eq!(compute_goal(-1, (64 * MB) as i64, MB, MB).0, 64 * MB);
    }
}
