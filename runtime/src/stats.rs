//! Scheduler counters for `GODEBUG=schedtrace` and tests.

use std::fmt;
use std::sync::atomic::Ordering;
use std::time::Duration;

use crate::p::P_IDLE;
use crate::proc::Sched;

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

impl fmt::Display for SchedSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "SCHED {}ms: gomaxprocs={} idleprocs={} threads={} spinningthreads={} needspinning={} idlethreads={} runqueue={} [",
            self.uptime.as_millis(),
            self.gomaxprocs,
            self.idleprocs,
            self.threads,
            self.spinningthreads,
            self.needspinning,
            self.idlethreads,
            self.runqueue
        )?;
        // Go 1.27 pads the lists: `[ 0 0 ]`.
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

pub(crate) fn summary(sched: &Sched) -> SchedSummary {
    let l = sched.lock();
    let sysmon = usize::from(sched.config.sysmon || sched.config.schedtrace.is_some());
    let s = SchedSummary {
        uptime: sched.epoch.elapsed(),
        gomaxprocs: sched.gomaxprocs(),
        idleprocs: sched.npidle.load(Ordering::SeqCst),
        threads: l.mcount + sysmon,
        spinningthreads: sched.nmspinning.load(Ordering::SeqCst),
        needspinning: usize::from(sched.needspinning.load(Ordering::SeqCst)),
        idlethreads: l.nmidle,
        runqueue: l.runq.len(),
        local: sched.allp[..sched.gomaxprocs()]
            .iter()
            .map(|p| {
                if p.status.load(Ordering::Relaxed) == P_IDLE {
                    0
                } else {
                    p.stealer.len()
                }
            })
            .collect(),
        schedticks: sched.allp[..sched.gomaxprocs()]
            .iter()
            .map(|p| p.schedtick.load(Ordering::Relaxed))
            .collect(),
        goroutines: 0,
    };
    drop(l);
    SchedSummary {
        goroutines: sched.num_goroutine(),
        ..s
    }
}
