//! Scheduler counters for `GODEBUG=schedtrace` and tests.
//!
//! [`SchedSummary`] is Go's `schedtrace` line; with `scheddetail=1`,
//! [`SchedDetail`] is Go's detailed form (Go 1.27's `schedtrace(true)`):
//! a longer SCHED line, then one line per P, per M (newest first) and per
//! G. Every field is minigo's own state mapped to Go's meaning:
//!
//! - P `status`: Go's numbers (`_Pidle` 0, `_Prunning` 1, `_Psyscall` 2,
//!   `_Pgcstop` 3, `_Pdead` 4). minigo keeps Go <= 1.25's syscall protocol,
//!   so a P whose M is in a syscall shows 2 (Go 1.26+ leaves it 1 and marks
//!   the G `_Gsyscall`; minigo shows the G as 3 too). `m`: the M holding
//!   it. `runqsize`: the local queue (runnext not counted, as Go).
//! - M ids: Go's m0 runs `main` and sysmon is M1; minigo's first M (the
//!   one started for `main`) is M0, sysmon M1, the later Ms M2, M3, ...
//!   in creation order. `p`, `curg`, `spinning`, `blocked` (parked in the
//!   idle list) are the M's own ([`crate::m::MState`]).
//! - G `status`: `_Grunnable` 1, `_Grunning` 2, `_Gsyscall` 3,
//!   `_Gwaiting` 4, then the wait reason in parentheses, kept after the G
//!   is woken as Go keeps `g.waitreason` (so a running G may read
//!   `status=2(chan receive)`). `m`: the M running it.
//!
//! Fields with no minigo equivalent print Go's idle values: `nmidlelocked=0`,
//! `gfreecnt=0`, `mallocing=0 throwing=0 preemptoff= locks=0 dying=0`,
//! `lockedg=nil`, `lockedm=nil`; `sysmonwait=false` (sysmon is the printer,
//! so it is awake). `timerslen` is a lower bound: 1 when the P's timer heap
//! has a live timer, else 0 (the heap's length is private to `timer.rs`).

use std::fmt;
use std::sync::atomic::Ordering;
use std::time::Duration;

use crate::m::MView;
use crate::p::{P_IDLE, P_SYSCALL};
use crate::proc::{Sched, SchedLocked};
use crate::WaitReason;

/// A snapshot of the scheduler, printed in Go's `schedtrace` format.
#[derive(Clone, Debug)]
pub struct SchedSummary {
    /// Time since the runtime was created.
    pub uptime: Duration,
    pub gomaxprocs: usize,
    pub idleprocs: usize,
    /// Ms plus sysmon (the thread blocked in `run_main` is not counted).
    pub threads: usize,
    pub spinningthreads: usize,
    /// Go 1.21+'s `sched.needspinning`: a wakeup found no spinning M.
    pub needspinning: usize,
    pub idlethreads: usize,
    /// Global run queue length.
    pub runqueue: usize,
    /// Each P's local run queue length (runnext not counted, as Go).
    pub local: Vec<usize>,
    /// Each P's schedtick (how many times it scheduled a G).
    pub schedticks: Vec<u32>,
    /// Number of live goroutines.
    pub goroutines: usize,
}

impl SchedSummary {
    /// The SCHED line's fields both forms share, up to `runqueue=N`.
    fn head(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "SCHED {}ms: gomaxprocs={} idleprocs={} threads={} spinningthreads={} needspinning={} idlethreads={} runqueue={}",
            self.uptime.as_millis(),
            self.gomaxprocs,
            self.idleprocs,
            self.threads,
            self.spinningthreads,
            self.needspinning,
            self.idlethreads,
            self.runqueue
        )
    }
}

impl fmt::Display for SchedSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.head(f)?;
        // Go 1.27 pads the lists: `[ 0 0 ]`.
        f.write_str(" [")?;
        for n in &self.local {
            write!(f, " {n}")?;
        }
        f.write_str(" ] schedticks=[")?;
        for n in &self.schedticks {
            write!(f, " {n}")?;
        }
        f.write_str(" ]")
    }
}

/// Go's `schedtrace(detailed=true)` (`GODEBUG=scheddetail=1`); see the
/// module docs for how each field maps. `Display` writes the lines
/// without a final newline.
#[derive(Clone, Debug)]
pub struct SchedDetail {
    pub summary: SchedSummary,
    /// A stop-the-world is in progress.
    pub gcwaiting: bool,
    /// Ps a stop-the-world still waits for (0 when none is in progress).
    pub stopwait: usize,
    pub ps: Vec<PDetail>,
    /// Newest first, as Go walks `allm`.
    pub ms: Vec<MDetail>,
    /// By goroutine id.
    pub gs: Vec<GDetail>,
}

/// One `  P0: ...` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PDetail {
    pub id: usize,
    /// Go's P status number.
    pub status: u32,
    pub schedtick: u32,
    pub syscalltick: u32,
    /// The M holding it.
    pub m: Option<usize>,
    pub runqsize: usize,
    pub timerslen: usize,
}

/// One `  M0: ...` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MDetail {
    pub id: usize,
    pub p: Option<usize>,
    pub curg: Option<u64>,
    pub spinning: bool,
    /// Parked in the idle M list (Go: asleep on its note).
    pub blocked: bool,
}

/// One `  G1: ...` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GDetail {
    pub goid: u64,
    /// Go's G status number.
    pub status: u32,
    /// The latest wait reason (Go's `g.waitreason`; `""` if never parked).
    pub reason: WaitReason,
    /// The M running it.
    pub m: Option<usize>,
}

/// `Some(n)` as `n`, `None` as Go's `nil`.
struct OrNil<T>(Option<T>);

impl<T: fmt::Display> fmt::Display for OrNil<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Some(v) => v.fmt(f),
            None => f.write_str("nil"),
        }
    }
}

impl fmt::Display for SchedDetail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.summary.head(f)?;
        write!(
            f,
            " gcwaiting={} nmidlelocked=0 stopwait={} sysmonwait=false",
            self.gcwaiting, self.stopwait
        )?;
        for p in &self.ps {
            write!(
                f,
                "\n  P{}: status={} schedtick={} syscalltick={} m={} runqsize={} gfreecnt=0 timerslen={}",
                p.id,
                p.status,
                p.schedtick,
                p.syscalltick,
                OrNil(p.m),
                p.runqsize,
                p.timerslen
            )?;
        }
        for m in &self.ms {
            write!(
                f,
                "\n  M{}: p={} curg={} mallocing=0 throwing=0 preemptoff= locks=0 dying=0 spinning={} blocked={} lockedg=nil",
                m.id,
                OrNil(m.p),
                OrNil(m.curg),
                m.spinning,
                m.blocked
            )?;
        }
        for g in &self.gs {
            write!(
                f,
                "\n  G{}: status={}({}) m={} lockedm=nil",
                g.goid,
                g.status,
                g.reason,
                OrNil(g.m)
            )?;
        }
        Ok(())
    }
}

/// Has this runtime a sysmon thread (M1 in scheddetail)? As `start_main`
/// decides: not in a seeded run.
fn has_sysmon(sched: &Sched) -> bool {
    (sched.config.sysmon || sched.config.schedtrace.is_some()) && sched.det.is_none()
}

fn summary_locked(sched: &Sched, l: &SchedLocked) -> SchedSummary {
    let n = sched.gomaxprocs();
    SchedSummary {
        uptime: sched.epoch.elapsed(),
        gomaxprocs: n,
        idleprocs: sched.npidle.load(Ordering::SeqCst),
        threads: l.mcount + usize::from(has_sysmon(sched)),
        spinningthreads: sched.nmspinning.load(Ordering::SeqCst),
        needspinning: usize::from(sched.needspinning.load(Ordering::SeqCst)),
        idlethreads: l.nmidle,
        runqueue: l.runq.len(),
        local: sched.allp[..n]
            .iter()
            .map(|p| {
                if p.status.load(Ordering::Relaxed) == P_IDLE {
                    0
                } else {
                    p.stealer.len()
                }
            })
            .collect(),
        schedticks: sched.allp[..n]
            .iter()
            .map(|p| p.schedtick.load(Ordering::Relaxed))
            .collect(),
        goroutines: 0,
    }
}

pub(crate) fn summary(sched: &Sched) -> SchedSummary {
    let l = sched.lock();
    let s = summary_locked(sched, &l);
    drop(l);
    SchedSummary {
        goroutines: sched.num_goroutine(),
        ..s
    }
}

/// scheddetail's id of the M at index `i` of `allm` (module docs).
fn m_id(i: usize, sysmon: bool) -> usize {
    if sysmon && i > 0 {
        i + 1
    } else {
        i
    }
}

/// The detailed snapshot. Like Go it holds sched.lock throughout (lock
/// order: sched.lock, then `allm`, then the `allg` shards, as checkdead).
pub(crate) fn detail(sched: &Sched) -> SchedDetail {
    let l = sched.lock();
    let mut summary = summary_locked(sched, &l);
    let gcwaiting = sched.gcwaiting.load(Ordering::SeqCst);
    let stopwait = if l.stw.active { l.stw.stopwait } else { 0 };
    let sysmon = has_sysmon(sched);
    let allp = &sched.allp[..];
    // The Ms, oldest first: (id, key, view).
    let ms: Vec<(usize, usize, MView)> = sched
        .allm
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .enumerate()
        .map(|(i, m)| (m_id(i, sysmon), m.key(), m.view(allp)))
        .collect();
    let ps = allp[..summary.gomaxprocs]
        .iter()
        .map(|p| {
            let key = p.m.load(Ordering::Relaxed);
            let m = if p.status_holds_m() && key != 0 {
                ms.iter().find(|(_, k, _)| *k == key).map(|(id, ..)| *id)
            } else {
                None
            };
            PDetail {
                id: p.id,
                status: p.go_status(),
                schedtick: p.schedtick.load(Ordering::Relaxed),
                syscalltick: p.syscalltick.load(Ordering::Relaxed),
                m,
                runqsize: if p.status.load(Ordering::Relaxed) == P_IDLE {
                    0
                } else {
                    p.stealer.len()
                },
                timerslen: usize::from(p.timer0.load(Ordering::Relaxed) != u64::MAX),
            }
        })
        .collect();
    let mut gs: Vec<GDetail> = sched
        .all_gs()
        .iter()
        .map(|g| {
            let (mut status, reason) = g.go_status();
            let on = ms.iter().find(|(.., v)| v.curg == Some(g.goid()));
            if status == 2 {
                // Running in a syscall: its M's P is in `_Psyscall`, or
                // sysmon handed that P to another M meanwhile.
                if let Some((_, _, v)) = on {
                    let in_syscall = match v.p {
                        Some(p) => allp[p].status.load(Ordering::Relaxed) == P_SYSCALL,
                        None => v.claimed_p.is_some(),
                    };
                    if in_syscall {
                        status = 3;
                    }
                }
            }
            GDetail {
                goid: g.goid(),
                status,
                reason,
                m: on
                    .filter(|_| status == 2 || status == 3)
                    .map(|(id, ..)| *id),
            }
        })
        .collect();
    drop(l);
    gs.sort_by_key(|g| g.goid);
    summary.goroutines = gs.len();
    let mut lines: Vec<MDetail> = ms
        .iter()
        .map(|(id, _, v)| MDetail {
            id: *id,
            p: v.p,
            curg: v.curg,
            spinning: v.spinning,
            blocked: v.blocked,
        })
        .collect();
    if sysmon {
        lines.push(MDetail {
            id: 1,
            p: None,
            curg: None,
            spinning: false,
            blocked: false,
        });
    }
    // Go's `threads` is the length of the M list it prints (ours differs
    // from `mcount` only while Ms exit at shutdown).
    summary.threads = lines.len();
    // Newest first, as Go's `allm` list.
    lines.sort_by_key(|m| std::cmp::Reverse(m.id));
    SchedDetail {
        summary,
        gcwaiting,
        stopwait,
        ps,
        ms: lines,
        gs,
    }
}

/// What sysmon prints every `schedtrace` period: the summary line, or
/// with `scheddetail=1` the detailed lines (no final newline).
pub(crate) fn schedtrace(sched: &Sched) -> String {
    if sched.config.scheddetail {
        detail(sched).to_string()
    } else {
        summary(sched).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary() -> SchedSummary {
        SchedSummary {
            uptime: Duration::from_millis(106),
            gomaxprocs: 2,
            idleprocs: 1,
            threads: 4,
            spinningthreads: 0,
            needspinning: 0,
            idlethreads: 2,
            runqueue: 0,
            local: vec![0, 1],
            schedticks: vec![1, 6],
            goroutines: 3,
        }
    }

    #[test]
    fn summary_line_is_go_1_27s() {
        assert_eq!(
            summary().to_string(),
            "SCHED 106ms: gomaxprocs=2 idleprocs=1 threads=4 spinningthreads=0 needspinning=0 idlethreads=2 runqueue=0 [ 0 1 ] schedticks=[ 1 6 ]"
        );
    }

    /// The lines of a real Go 1.27 `GODEBUG=schedtrace=100,scheddetail=1`
    /// run (a producer/consumer, GOMAXPROCS=2), rebuilt field by field.
    #[test]
    fn detail_lines_are_go_1_27s() {
        let d = SchedDetail {
            summary: summary(),
            gcwaiting: false,
            stopwait: 0,
            ps: vec![
                PDetail {
                    id: 0,
                    status: 0,
                    schedtick: 1,
                    syscalltick: 0,
                    m: None,
                    runqsize: 0,
                    timerslen: 1,
                },
                PDetail {
                    id: 1,
                    status: 1,
                    schedtick: 6,
                    syscalltick: 0,
                    m: Some(0),
                    runqsize: 1,
                    timerslen: 0,
                },
            ],
            ms: vec![
                MDetail {
                    id: 2,
                    p: None,
                    curg: None,
                    spinning: false,
                    blocked: true,
                },
                MDetail {
                    id: 1,
                    p: None,
                    curg: None,
                    spinning: false,
                    blocked: false,
                },
                MDetail {
                    id: 0,
                    p: Some(1),
                    curg: Some(1),
                    spinning: false,
                    blocked: false,
                },
            ],
            gs: vec![
                GDetail {
                    goid: 1,
                    status: 2,
                    reason: WaitReason::ChanReceive,
                    m: Some(0),
                },
                GDetail {
                    goid: 17,
                    status: 1,
                    reason: WaitReason::Unknown,
                    m: None,
                },
                GDetail {
                    goid: 19,
                    status: 4,
                    reason: WaitReason::Sleep,
                    m: None,
                },
            ],
        };
        let want = "\
SCHED 106ms: gomaxprocs=2 idleprocs=1 threads=4 spinningthreads=0 needspinning=0 idlethreads=2 runqueue=0 gcwaiting=false nmidlelocked=0 stopwait=0 sysmonwait=false
  P0: status=0 schedtick=1 syscalltick=0 m=nil runqsize=0 gfreecnt=0 timerslen=1
  P1: status=1 schedtick=6 syscalltick=0 m=0 runqsize=1 gfreecnt=0 timerslen=0
  M2: p=nil curg=nil mallocing=0 throwing=0 preemptoff= locks=0 dying=0 spinning=false blocked=true lockedg=nil
  M1: p=nil curg=nil mallocing=0 throwing=0 preemptoff= locks=0 dying=0 spinning=false blocked=false lockedg=nil
  M0: p=1 curg=1 mallocing=0 throwing=0 preemptoff= locks=0 dying=0 spinning=false blocked=false lockedg=nil
  G1: status=2(chan receive) m=0 lockedm=nil
  G17: status=1() m=nil lockedm=nil
  G19: status=4(sleep) m=nil lockedm=nil";
        assert_eq!(d.to_string(), want);
    }

    #[test]
    fn m_ids_leave_1_to_sysmon() {
        assert_eq!(
            (0..4).map(|i| m_id(i, true)).collect::<Vec<_>>(),
            [0, 2, 3, 4]
        );
        assert_eq!(
            (0..3).map(|i| m_id(i, false)).collect::<Vec<_>>(),
            [0, 1, 2]
        );
    }
}
