//! The execution trace (`minigo run --trace=FILE`): every scheduling
//! decision, recorded where the scheduler makes it.
//!
//! # What it owns
//! [`Tracer`] holds the records of one [`crate::Runtime`] made with
//! [`crate::Config::trace`]. [`Sched::trace`] is its one recording point;
//! the decisions call it where they happen (`proc.rs`, `runq.rs`,
//! `sysmon.rs`, `stw.rs`, `lib.rs`), with Go's tracer's event names and the
//! reason as an argument. [`write_json`] turns the records into Trace Event
//! Format for Perfetto and chrome://tracing.
//!
//! # Invariants
//! - Off costs one predictable branch: `Sched::tracer` is `None` and every
//!   event is built inside the closure that `Sched::trace` never calls.
//! - Recording takes no shared lock: each thread appends to a buffer of its
//!   own, registered with the tracer on its first event. Only
//!   [`Tracer::take`] visits the other threads' buffers.
//! - A thread's records are in time order (one monotonic clock);
//!   [`Tracer::take`] merges the threads' by time, keeping each thread's
//!   order for equal times.

use std::cell::{Cell, RefCell};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use crate::proc::Sched;
use crate::stw::current_p;
use crate::WaitReason;

/// One scheduling event. G ids are goroutine ids; P ids are 0-based.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ev {
    /// `go` statement (newproc); `parent` 0 for main. `name` is the
    /// task's [`crate::Task::name`].
    GoCreate {
        g: u64,
        parent: u64,
        name: String,
    },
    /// The G starts running on the record's P; `inherit`: it took the
    /// previous G's time slice (runnext).
    GoStart {
        g: u64,
        inherit: bool,
    },
    /// The G returned.
    GoEnd {
        g: u64,
    },
    /// The G parked (gopark).
    GoBlock {
        g: u64,
        reason: WaitReason,
    },
    /// A parked G was made runnable by G `by` (0: a timer, the netpoller
    /// or a thread outside the scheduler), onto the record's P (its
    /// runnext when `runnext`) or, when the record has no P, the global
    /// queue.
    GoUnblock {
        g: u64,
        by: u64,
        runnext: bool,
    },
    /// The G stopped at a safe point for sysmon's preemption request (or
    /// a GOMAXPROCS shrink) and went to the global queue.
    GoPreempt {
        g: u64,
    },
    /// `runtime.Gosched`: the G went to the global queue.
    GoSched {
        g: u64,
    },
    /// The G entered a blocking syscall, keeping its P in `_Psyscall`.
    GoSyscall {
        g: u64,
    },
    /// The G left its syscall; `kept_p`: on the P it entered with.
    GoSysExit {
        g: u64,
        kept_p: bool,
    },
    /// sysmon asked the G running on P `p` to stop (10ms on one tick).
    Preempt {
        p: usize,
    },
    /// The record's M took P `p` / gave it up.
    ProcStart {
        p: usize,
    },
    ProcStop {
        p: usize,
    },
    /// The record's P stole `n` Gs from P `victim` (`runnext`: its
    /// runnext slot).
    ProcSteal {
        victim: usize,
        n: usize,
        runnext: bool,
    },
    /// The record's P took `n` Gs from the global queue; `why`:
    /// `"61st tick"`, `"local queue empty"` or `"idle"`.
    GlobalRunqGet {
        n: usize,
        why: &'static str,
    },
    /// The record's P's local queue was full: `n` Gs moved to the global
    /// queue.
    RunqOverflow {
        n: usize,
    },
    /// sysmon took P `p` from a G blocked in a syscall (`handoffp`).
    Handoff {
        p: usize,
    },
    /// The netpoller made `n` Gs runnable.
    Netpoll {
        n: usize,
    },
    /// A garbage collection `n` (1-based) was requested / finished.
    GCStart {
        n: u64,
    },
    GCDone {
        n: u64,
    },
    /// The world is being stopped / restarted.
    STWStart,
    STWDone,
}

/// An event with where and when it happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Since the runtime was created.
    pub ts: Duration,
    /// The M that recorded it (0: a thread that is not an M: the GC's
    /// workers, the program's main thread; sysmon is an M).
    pub m: u32,
    /// The P that M held, if any.
    pub p: Option<usize>,
    pub ev: Ev,
}

type Buffer = Arc<Mutex<Vec<Record>>>;

/// The records of one runtime.
pub(crate) struct Tracer {
    epoch: Instant,
    buffers: Mutex<Vec<Buffer>>,
    /// Next M id (1-based).
    mnext: AtomicU32,
}

thread_local! {
    /// This thread's buffer, with the tracer it belongs to (a thread may
    /// record for several runtimes in turn: the GC's workers, tests).
    static BUFFER: RefCell<Option<(Weak<Tracer>, Buffer)>> = const { RefCell::new(None) };
    /// This thread's M id in the trace (0: not an M).
    static M_ID: Cell<u32> = const { Cell::new(0) };
}

impl Tracer {
    pub(crate) fn new(epoch: Instant) -> Arc<Tracer> {
        Arc::new(Tracer {
            epoch,
            buffers: Mutex::new(Vec::new()),
            mnext: AtomicU32::new(1),
        })
    }

    /// Give this thread (a new M, sysmon) the next M id.
    pub(crate) fn register_m(&self) {
        M_ID.with(|m| m.set(self.mnext.fetch_add(1, Ordering::Relaxed)));
    }

    pub(crate) fn record(self: &Arc<Self>, ev: Ev) {
        let r = Record {
            ts: self.epoch.elapsed(),
            m: M_ID.with(Cell::get),
            p: current_p(),
            ev,
        };
        BUFFER.with(|b| {
            let mut b = b.borrow_mut();
            let mine = matches!(&*b, Some((t, _)) if std::ptr::eq(t.as_ptr(), Arc::as_ptr(self)));
            if !mine {
                let buf: Buffer = Arc::default();
                lock(&self.buffers).push(buf.clone());
                *b = Some((Arc::downgrade(self), buf));
            }
            let (_, buf) = b.as_ref().expect("trace buffer");
            lock(buf).push(r);
        });
    }

    /// Every record so far, in time order; the buffers are emptied. A
    /// buffer whose thread holds its lock for long (a thread stopped in
    /// the middle of a push by the process exiting) is skipped.
    pub(crate) fn take(&self) -> Vec<Record> {
        let mut all = Vec::new();
        for b in lock(&self.buffers).iter() {
            for _ in 0..100 {
                if let Ok(mut v) = b.try_lock() {
                    all.append(&mut v);
                    break;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        all.sort_by_key(|r| r.ts);
        all
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Sched {
    /// The recording point: `ev()` is built and recorded only when this
    /// runtime traces.
    #[inline(always)]
    pub(crate) fn trace(&self, ev: impl FnOnce() -> Ev) {
        if let Some(t) = &self.tracer {
            t.record(ev());
        }
    }
}

// ------------------------------------------------------------------ JSON

/// Writes `records` as Trace Event Format (`{"traceEvents": [...]}`):
/// one track per P and one per M, a complete slice (`"ph":"X"`) named
/// `G<id> <func>` for each run of a G, slices for the GC's cycles and
/// stops of the world, and an instant event for everything else, with
/// the event's fields as `args`.
pub fn write_json(records: &[Record], w: &mut dyn Write) -> io::Result<()> {
    let mut out = JsonOut::default();
    let names: std::collections::HashMap<u64, &str> = records
        .iter()
        .filter_map(|r| match &r.ev {
            Ev::GoCreate { g, name, .. } => Some((*g, name.as_str())),
            _ => None,
        })
        .collect();
    let gname = |g: u64| match names.get(&g) {
        Some(n) if !n.is_empty() => format!("G{g} {n}"),
        _ => format!("G{g}"),
    };
    let (mut ps, mut ms) = (
        std::collections::BTreeSet::new(),
        std::collections::BTreeSet::new(),
    );
    // Open G runs, per M: (g, start, P).
    let mut running: std::collections::HashMap<u32, (u64, Duration, Option<usize>)> =
        Default::default();
    let (mut gc_start, mut stw_start) = (None, None);
    let end = records.last().map_or(Duration::ZERO, |r| r.ts);
    for r in records {
        if let Some(p) = r.p {
            ps.insert(p);
        }
        if r.m != 0 {
            ms.insert(r.m);
        }
        match &r.ev {
            Ev::GoStart { g, .. } => {
                if let Some((g0, t0, p0)) = running.insert(r.m, (*g, r.ts, r.p)) {
                    out.run(&gname(g0), r.m, p0, t0, r.ts);
                }
            }
            Ev::GoEnd { g } | Ev::GoBlock { g, .. } | Ev::GoPreempt { g } | Ev::GoSched { g } => {
                if let Some((g0, t0, p0)) = running.remove(&r.m) {
                    if g0 == *g {
                        out.run(&gname(g0), r.m, p0, t0, r.ts);
                    }
                }
            }
            Ev::GCStart { .. } => gc_start = Some(r.ts),
            Ev::GCDone { n } => {
                if let Some(t0) = gc_start.take() {
                    out.slice(&format!("GC {n}"), "gc", RUNTIME_PID, GC_TID, t0, r.ts, "");
                }
            }
            Ev::STWStart => stw_start = Some(r.ts),
            Ev::STWDone => {
                if let Some(t0) = stw_start.take() {
                    out.slice("STW", "gc", RUNTIME_PID, STW_TID, t0, r.ts, "");
                }
            }
            _ => {}
        }
        out.instant(r);
    }
    // Runs still open when the program ended.
    let mut open: Vec<_> = running.into_iter().collect();
    open.sort_by_key(|(m, _)| *m);
    for (m, (g, t0, p)) in open {
        out.run(&gname(g), m, p, t0, end);
    }
    out.meta(PS_PID, None, "Ps");
    out.meta(MS_PID, None, "Ms");
    out.meta(RUNTIME_PID, None, "Runtime");
    out.meta(RUNTIME_PID, Some(GC_TID), "GC");
    out.meta(RUNTIME_PID, Some(STW_TID), "STW");
    out.meta(RUNTIME_PID, Some(OTHER_TID), "other threads");
    for p in ps {
        out.meta(PS_PID, Some(p as u64), &format!("P{p}"));
    }
    for m in ms {
        out.meta(MS_PID, Some(m as u64), &format!("M{m}"));
    }
    w.write_all(b"{\"traceEvents\": [\n")?;
    for (i, e) in out.events.iter().enumerate() {
        if i > 0 {
            w.write_all(b",\n")?;
        }
        w.write_all(e.as_bytes())?;
    }
    w.write_all(b"\n], \"displayTimeUnit\": \"ns\"}\n")
}

const PS_PID: u64 = 1;
const MS_PID: u64 = 2;
const RUNTIME_PID: u64 = 3;
const GC_TID: u64 = 0;
const STW_TID: u64 = 1;
const OTHER_TID: u64 = 2;

#[derive(Default)]
struct JsonOut {
    events: Vec<String>,
}

fn micros(d: Duration) -> String {
    format!("{}.{:03}", d.as_micros(), d.subsec_nanos() % 1000)
}

/// `s` as a JSON string literal.
fn jstr(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 2);
    o.push('"');
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(o, "\\u{:04x}", c as u32);
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

impl JsonOut {
    #[allow(clippy::too_many_arguments)]
    fn slice(
        &mut self,
        name: &str,
        cat: &str,
        pid: u64,
        tid: u64,
        t0: Duration,
        t1: Duration,
        args: &str,
    ) {
        self.events.push(format!(
            "{{\"name\":{},\"cat\":\"{cat}\",\"ph\":\"X\",\"pid\":{pid},\"tid\":{tid},\"ts\":{},\"dur\":{}{}}}",
            jstr(name),
            micros(t0),
            micros(t1.saturating_sub(t0)),
            if args.is_empty() {
                String::new()
            } else {
                format!(",\"args\":{{{args}}}")
            }
        ));
    }

    /// A G's run, on its P's track and its M's.
    fn run(&mut self, name: &str, m: u32, p: Option<usize>, t0: Duration, t1: Duration) {
        let args = format!(
            "\"m\":{m},\"p\":{}",
            p.map_or("null".to_string(), |p| p.to_string())
        );
        if let Some(p) = p {
            self.slice(name, "g", PS_PID, p as u64, t0, t1, &args);
        }
        if m != 0 {
            self.slice(name, "g", MS_PID, m as u64, t0, t1, &args);
        }
    }

    fn instant(&mut self, r: &Record) {
        let (name, args) = ev_name_args(&r.ev);
        let (pid, tid) = match (&r.ev, r.p, r.m) {
            (Ev::GCStart { .. } | Ev::GCDone { .. }, ..) => (RUNTIME_PID, GC_TID),
            (Ev::STWStart | Ev::STWDone, ..) => (RUNTIME_PID, STW_TID),
            (_, Some(p), _) => (PS_PID, p as u64),
            (_, None, 0) => (RUNTIME_PID, OTHER_TID),
            (_, None, m) => (MS_PID, m as u64),
        };
        let mut a = args;
        if !a.is_empty() {
            a.push(',');
        }
        let _ = write!(
            a,
            "\"m\":{},\"p\":{}",
            r.m,
            r.p.map_or("null".to_string(), |p| p.to_string())
        );
        self.events.push(format!(
            "{{\"name\":\"{name}\",\"cat\":\"sched\",\"ph\":\"i\",\"s\":\"t\",\"pid\":{pid},\"tid\":{tid},\"ts\":{},\"args\":{{{a}}}}}",
            micros(r.ts)
        ));
    }

    fn meta(&mut self, pid: u64, tid: Option<u64>, name: &str) {
        self.events.push(match tid {
            None => format!(
                "{{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":{pid},\"args\":{{\"name\":{}}}}}",
                jstr(name)
            ),
            Some(t) => format!(
                "{{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":{pid},\"tid\":{t},\"args\":{{\"name\":{}}}}}",
                jstr(name)
            ),
        });
    }
}

/// The event's name (Go's tracer's) and its fields as JSON members.
pub fn ev_name_args(ev: &Ev) -> (&'static str, String) {
    match ev {
        Ev::GoCreate { g, parent, name } => (
            "GoCreate",
            format!("\"g\":{g},\"parent\":{parent},\"func\":{}", jstr(name)),
        ),
        Ev::GoStart { g, inherit } => ("GoStart", format!("\"g\":{g},\"inherit\":{inherit}")),
        Ev::GoEnd { g } => ("GoEnd", format!("\"g\":{g}")),
        Ev::GoBlock { g, reason } => (
            "GoBlock",
            format!("\"g\":{g},\"reason\":{}", jstr(reason.as_str())),
        ),
        Ev::GoUnblock { g, by, runnext } => (
            "GoUnblock",
            format!("\"g\":{g},\"by\":{by},\"runnext\":{runnext}"),
        ),
        Ev::GoPreempt { g } => ("GoPreempt", format!("\"g\":{g}")),
        Ev::GoSched { g } => ("GoSched", format!("\"g\":{g}")),
        Ev::GoSyscall { g } => ("GoSyscall", format!("\"g\":{g}")),
        Ev::GoSysExit { g, kept_p } => ("GoSysExit", format!("\"g\":{g},\"kept_p\":{kept_p}")),
        Ev::Preempt { p } => ("Preempt", format!("\"target_p\":{p}")),
        Ev::ProcStart { p } => ("ProcStart", format!("\"proc\":{p}")),
        Ev::ProcStop { p } => ("ProcStop", format!("\"proc\":{p}")),
        Ev::ProcSteal { victim, n, runnext } => (
            "ProcSteal",
            format!("\"victim\":{victim},\"n\":{n},\"runnext\":{runnext}"),
        ),
        Ev::GlobalRunqGet { n, why } => {
            ("GlobalRunqGet", format!("\"n\":{n},\"why\":{}", jstr(why)))
        }
        Ev::RunqOverflow { n } => ("RunqOverflow", format!("\"n\":{n}")),
        Ev::Handoff { p } => ("Handoff", format!("\"proc\":{p}")),
        Ev::Netpoll { n } => ("Netpoll", format!("\"n\":{n}")),
        Ev::GCStart { n } => ("GCStart", format!("\"n\":{n}")),
        Ev::GCDone { n } => ("GCDone", format!("\"n\":{n}")),
        Ev::STWStart => ("STWStart", String::new()),
        Ev::STWDone => ("STWDone", String::new()),
    }
}
