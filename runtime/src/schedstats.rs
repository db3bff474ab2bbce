//! `GODEBUG=schedstats=1`: per-goroutine and per-P statistics at exit,
//! computed from the execution trace's records (`trace.rs`), so that the
//! scheduler keeps one recording point.
//!
//! # What [`table`] prints
//!
//! A title line, then one row per goroutine, the 20 with the most time
//! running first (ties by id), a line counting the ones left out, and a
//! `total` row over all of them:
//!
//! - `function`: the one its GoCreate names; goroutine 1's is
//!   `main.main` (the VM starts it in a `runtime.main` wrapper, as Go).
//! - `runs`: its GoStarts; `preempted`: its GoPreempts; `stolen`: runs
//!   that began on another P than the one whose queue it was put on
//!   (below).
//! - `running`: GoStart to the end of the run (GoBlock, GoSched,
//!   GoPreempt, GoEnd, or GoSyscall). `runnable`: from being made
//!   runnable (GoCreate, GoUnblock, GoSched, GoPreempt) to its next
//!   GoStart. `blocked`: GoBlock to GoUnblock (or, for a G the netpoller
//!   readied, which records no GoUnblock, to its GoStart), plus its
//!   syscalls (GoSyscall to GoSysExit, reason `syscall`), broken down by
//!   wait reason, longest first. A state still open when the trace ends
//!   counts up to the last record.
//!
//! Then one row per P: `schedtick`, the runs that began on it (unlike the
//! runtime's schedtick this counts runnext hand-overs too, so the column
//! sums to the goroutines' total `runs`); `steals` (its ProcSteals) and
//! `Gs stolen` (their Gs); `global polls` (its GlobalRunqGets, any
//! reason); `runnext hits` (its GoStarts that inherited the time slice).
//!
//! A G whose park lost its race with a wake (the M resumes it at once:
//! GoBlock then GoStart with `inherit` on the same M, no GoUnblock in
//! between), or whose syscall came back without a P and then found an
//! idle one (GoSched or GoPreempt, then such a GoStart), never left its
//! M: that is one run, not two, and the GoBlock/GoPreempt is not counted.
//!
//! # How `stolen` is inferred
//!
//! The records do not say which queue each G sits in, so the table
//! tracks the P it was last queued on: GoCreate and GoUnblock are
//! recorded on the creating / waking G's P, whose runnext or local queue
//! the G goes to; a record with no P (the main G, a wake from outside the
//! scheduler), GoSched and GoPreempt (global queue tail) leave it
//! unknown; so does GoBlock. A run on a P other than a known queuing P is
//! a steal. Gs that in fact went to the global queue although recorded
//! on a P (a full local queue's overflow, a GOMAXPROCS shrink emptying a
//! P, a `wakeplocal=0` wake) count as stolen if another P runs them;
//! Gs taken in a batch from the global queue, then stolen from that P,
//! do not.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::trace::{Ev, Record};
use crate::WaitReason;

/// How many goroutines get a row of their own.
const TOP: usize = 20;

/// The reason a syscall's time is filed under.
const SYSCALL: &str = "syscall";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Not seen yet, or its record was lost.
    Unknown,
    Runnable,
    Running,
    Blocked(WaitReason),
    Syscall,
    Dead,
}

/// How the G's last run ended, while it might still be resumed in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ended {
    Block,
    Sched,
    Preempt,
}

#[derive(Clone, Debug)]
struct GStats {
    goid: u64,
    func: String,
    runs: u64,
    preempted: u64,
    stolen: u64,
    running: u64,
    runnable: u64,
    /// Time per reason, in the order first seen.
    blocked: Vec<(&'static str, u64)>,
    state: State,
    since: u64,
    /// The P whose queue it was last put on, if known.
    queued: Option<u32>,
    /// The M and kind of the end of its last run, until something else
    /// happens to the G (see the module docs on resuming in place).
    ended: Option<(u32, Ended)>,
}

impl GStats {
    fn new(goid: u64, func: String) -> GStats {
        GStats {
            goid,
            func,
            runs: 0,
            preempted: 0,
            stolen: 0,
            running: 0,
            runnable: 0,
            blocked: Vec::new(),
            state: State::Unknown,
            since: 0,
            queued: None,
            ended: None,
        }
    }

    fn block(&mut self, reason: &'static str, d: u64) {
        match self.blocked.iter_mut().find(|(r, _)| *r == reason) {
            Some((_, t)) => *t += d,
            None => self.blocked.push((reason, d)),
        }
    }

    fn blocked_total(&self) -> u64 {
        self.blocked.iter().map(|(_, t)| t).sum()
    }

    /// Close the current state at `ts`, adding its time where it goes.
    fn close(&mut self, ts: u64) {
        let d = ts.saturating_sub(self.since);
        match self.state {
            State::Running => self.running += d,
            State::Runnable => self.runnable += d,
            State::Blocked(r) => self.block(reason_name(r), d),
            State::Syscall => self.block(SYSCALL, d),
            State::Unknown | State::Dead => {}
        }
        self.since = ts;
    }

    /// Enter `state` at `ts`, after closing the current one.
    fn enter(&mut self, state: State, ts: u64) {
        self.close(ts);
        self.state = state;
    }
}

fn reason_name(r: WaitReason) -> &'static str {
    match r.as_str() {
        "" => "unknown",
        s => s,
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct PStats {
    schedtick: u64,
    steals: u64,
    stolen_gs: u64,
    global_polls: u64,
    runnext: u64,
}

/// The statistics of one trace.
struct Stats {
    gs: Vec<GStats>,
    index: HashMap<u64, usize>,
    ps: Vec<PStats>,
    start: u64,
    end: u64,
}

impl Stats {
    fn g(&mut self, goid: u64) -> &mut GStats {
        let i = *self.index.entry(goid).or_insert_with(|| {
            self.gs.push(GStats::new(goid, String::new()));
            self.gs.len() - 1
        });
        &mut self.gs[i]
    }

    fn p(&mut self, p: Option<usize>) -> Option<&mut PStats> {
        let p = p?;
        if p >= self.ps.len() {
            self.ps.resize(p + 1, PStats::default());
        }
        Some(&mut self.ps[p])
    }

    fn build(records: &[Record], gomaxprocs: usize) -> Stats {
        let mut s = Stats {
            gs: Vec::new(),
            index: HashMap::new(),
            ps: vec![PStats::default(); gomaxprocs],
            start: records.first().map_or(0, |r| r.ts),
            end: records.last().map_or(0, |r| r.ts),
        };
        for r in records {
            s.record(r);
        }
        let end = s.end;
        for g in &mut s.gs {
            g.close(end);
            // Its body starts in the VM's `runtime.main` wrapper, as in Go.
            if g.goid == 1 {
                g.func = "main.main".to_string();
            }
        }
        s
    }

    fn record(&mut self, r: &Record) {
        let ts = r.ts;
        match &r.ev {
            Ev::GoCreate(c) => {
                let g = self.g(c.g);
                g.func = c.name.clone();
                g.enter(State::Runnable, ts);
                g.queued = r.p().map(|p| p as u32);
                g.ended = None;
            }
            Ev::GoStart { g, inherit } => {
                let (m, p) = (r.m, r.p());
                let gs = self.g(*g);
                let resumed = *inherit
                    && m != 0
                    && gs.ended.is_some_and(|(em, _)| em == m)
                    && matches!(gs.state, State::Blocked(_) | State::Runnable);
                if resumed {
                    // Never left its M: drop the block or requeue.
                    if let Some((_, Ended::Preempt)) = gs.ended {
                        gs.preempted = gs.preempted.saturating_sub(1);
                    }
                    gs.ended = None;
                    gs.since = ts;
                    gs.state = State::Running;
                    return;
                }
                gs.enter(State::Running, ts);
                gs.runs += 1;
                gs.ended = None;
                let stolen = matches!((gs.queued, p), (Some(q), Some(p)) if q as usize != p);
                if stolen {
                    gs.stolen += 1;
                }
                gs.queued = None;
                if let Some(ps) = self.p(p) {
                    ps.schedtick += 1;
                    if *inherit {
                        ps.runnext += 1;
                    }
                }
            }
            Ev::GoEnd { g } => {
                let g = self.g(*g);
                g.enter(State::Dead, ts);
                g.ended = None;
            }
            Ev::GoBlock { g, reason, .. } => {
                let g = self.g(*g);
                g.enter(State::Blocked(*reason), ts);
                g.queued = None;
                g.ended = Some((r.m, Ended::Block));
            }
            Ev::GoUnblock { g, .. } => {
                let p = r.p().map(|p| p as u32);
                let g = self.g(*g);
                if matches!(g.state, State::Blocked(_) | State::Unknown) {
                    g.enter(State::Runnable, ts);
                    g.queued = p;
                    g.ended = None;
                }
            }
            Ev::GoPreempt { g } | Ev::GoSched { g } => {
                let preempt = matches!(r.ev, Ev::GoPreempt { .. });
                let g = self.g(*g);
                g.enter(State::Runnable, ts);
                g.queued = None;
                if preempt {
                    g.preempted += 1;
                }
                g.ended = Some((
                    r.m,
                    if preempt {
                        Ended::Preempt
                    } else {
                        Ended::Sched
                    },
                ));
            }
            Ev::GoSyscall { g } => {
                let g = self.g(*g);
                g.enter(State::Syscall, ts);
                g.ended = None;
            }
            Ev::GoSysExit { g, .. } => {
                let g = self.g(*g);
                if g.state == State::Syscall {
                    g.enter(State::Running, ts);
                }
            }
            Ev::ProcSteal { n, .. } => {
                if let Some(ps) = self.p(r.p()) {
                    ps.steals += 1;
                    ps.stolen_gs += u64::from(*n);
                }
            }
            Ev::GlobalRunqGet { .. } => {
                if let Some(ps) = self.p(r.p()) {
                    ps.global_polls += 1;
                }
            }
            _ => {}
        }
    }
}

/// Go's `time.Duration.String` of `ns` nanoseconds: `0s`, `800ns`,
/// `1.5µs`, `1.234567ms`, `2.003s`, `1m30s`, `1h0m0s`.
pub fn go_duration(ns: u64) -> String {
    if ns == 0 {
        return "0s".to_string();
    }
    // value / 10^prec with the fraction's trailing zeros trimmed.
    let frac = |v: u64, prec: u32| {
        let unit = 10u64.pow(prec);
        let (int, f) = (v / unit, v % unit);
        if f == 0 {
            return int.to_string();
        }
        let digits = format!("{f:0width$}", width = prec as usize);
        format!("{int}.{}", digits.trim_end_matches('0'))
    };
    if ns < 1_000 {
        return format!("{ns}ns");
    }
    if ns < 1_000_000 {
        return format!("{}µs", frac(ns, 3));
    }
    if ns < 1_000_000_000 {
        return format!("{}ms", frac(ns, 6));
    }
    let secs = ns / 1_000_000_000;
    let sub = ns % 1_000_000_000;
    let s = frac((secs % 60) * 1_000_000_000 + sub, 9);
    let mins = secs / 60;
    if mins == 0 {
        return format!("{s}s");
    }
    let hours = mins / 60;
    if hours == 0 {
        return format!("{mins}m{s}s");
    }
    format!("{hours}h{}m{s}s", mins % 60)
}

/// `ns` rounded to 4 significant digits (Go's `Duration.Round`, halves
/// away from zero), then [`go_duration`]: `1.235ms`, `150.9ms`, `2.003s`.
pub fn short_duration(ns: u64) -> String {
    let digits = ns.checked_ilog10().map_or(1, |d| d + 1);
    let unit = 10u64.pow(digits.saturating_sub(4));
    let rounded = if unit > 1 {
        (ns + unit / 2) / unit * unit
    } else {
        ns
    };
    go_duration(rounded)
}

/// Columns: left-aligned or right-aligned.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Align {
    Left,
    Right,
}

/// Renders rows as columns two spaces apart, by character count (`µs`);
/// the last column is not padded and no line ends in spaces. A row of one
/// cell that starts with `(` is a note, written as is.
fn render(out: &mut String, aligns: &[Align], rows: &[Vec<String>]) {
    let mut widths = vec![0; aligns.len()];
    for row in rows.iter().filter(|r| r.len() > 1) {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    for row in rows {
        let mut line = String::new();
        if row.len() == 1 {
            line.push_str(&row[0]);
        } else {
            let last = row.len() - 1;
            for (i, (cell, (&w, &a))) in row.iter().zip(widths.iter().zip(aligns)).enumerate() {
                if i > 0 {
                    line.push_str("  ");
                }
                let pad = w - cell.chars().count();
                match a {
                    Align::Right => {
                        line.extend(std::iter::repeat_n(' ', pad));
                        line.push_str(cell);
                    }
                    Align::Left => {
                        line.push_str(cell);
                        if i != last {
                            line.extend(std::iter::repeat_n(' ', pad));
                        }
                    }
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

fn reasons(blocked: &[(&'static str, u64)]) -> String {
    let mut v = blocked.to_vec();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    v.iter()
        .map(|(r, t)| format!("{r} {}", short_duration(*t)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn plural(n: usize, one: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// The table printed to stderr at exit (module docs), from the records
/// of a whole run in time order; `gomaxprocs` Ps get a row even if idle.
pub fn table(records: &[Record], gomaxprocs: usize) -> String {
    let s = Stats::build(records, gomaxprocs);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "schedstats: {} over {} on {}",
        plural(s.gs.len(), "goroutine"),
        short_duration(s.end.saturating_sub(s.start)),
        plural(s.ps.len(), "P"),
    );
    let mut order: Vec<&GStats> = s.gs.iter().collect();
    order.sort_by(|a, b| b.running.cmp(&a.running).then(a.goid.cmp(&b.goid)));
    let header = [
        "goroutine",
        "function",
        "runs",
        "preempted",
        "stolen",
        "running",
        "runnable",
        "blocked",
        "blocked on",
    ];
    let aligns = [
        Align::Left,
        Align::Left,
        Align::Right,
        Align::Right,
        Align::Right,
        Align::Right,
        Align::Right,
        Align::Right,
        Align::Left,
    ];
    let row = |id: String, func: String, g: &GStats| {
        vec![
            id,
            func,
            g.runs.to_string(),
            g.preempted.to_string(),
            g.stolen.to_string(),
            short_duration(g.running),
            short_duration(g.runnable),
            short_duration(g.blocked_total()),
            reasons(&g.blocked),
        ]
    };
    let mut rows: Vec<Vec<String>> = vec![header.iter().map(|h| h.to_string()).collect()];
    for g in order.iter().take(TOP) {
        let func = if g.func.is_empty() { "?" } else { &g.func };
        rows.push(row(g.goid.to_string(), func.to_string(), g));
    }
    if order.len() > TOP {
        rows.push(vec![format!(
            "({} more, in the total)",
            plural(order.len() - TOP, "goroutine")
        )]);
    }
    let mut total = GStats::new(0, String::new());
    for g in &s.gs {
        total.runs += g.runs;
        total.preempted += g.preempted;
        total.stolen += g.stolen;
        total.running += g.running;
        total.runnable += g.runnable;
        for &(r, t) in &g.blocked {
            total.block(r, t);
        }
    }
    rows.push(row("total".to_string(), String::new(), &total));
    render(&mut out, &aligns, &rows);
    out.push('\n');
    let mut rows: Vec<Vec<String>> = vec![[
        "P",
        "schedtick",
        "steals",
        "Gs stolen",
        "global polls",
        "runnext hits",
    ]
    .iter()
    .map(|h| h.to_string())
    .collect()];
    for (i, p) in s.ps.iter().enumerate() {
        rows.push(vec![
            format!("P{i}"),
            p.schedtick.to_string(),
            p.steals.to_string(),
            p.stolen_gs.to_string(),
            p.global_polls.to_string(),
            p.runnext.to_string(),
        ]);
    }
    let mut aligns = vec![Align::Right; 6];
    aligns[0] = Align::Left;
    render(&mut out, &aligns, &rows);
    out
}
