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
use std::collections::{BTreeSet, HashMap};
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
    /// `go` statement (newproc); boxed to keep every other event small.
    GoCreate(Box<GoCreate>),
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
        p: u32,
    },
    /// The record's M took P `p` / gave it up.
    ProcStart {
        p: u32,
    },
    ProcStop {
        p: u32,
    },
    /// The record's P stole `n` Gs from P `victim` (`runnext`: its
    /// runnext slot).
    ProcSteal {
        victim: u32,
        n: u32,
        runnext: bool,
    },
    /// The record's P took `n` Gs from the global queue; `why`:
    /// `"61st tick"`, `"local queue empty"` or `"idle"`.
    GlobalRunqGet {
        n: u32,
        why: &'static str,
    },
    /// The record's P's local queue was full: `n` Gs moved to the global
    /// queue.
    RunqOverflow {
        n: u32,
    },
    /// sysmon took P `p` from a G blocked in a syscall (`handoffp`).
    Handoff {
        p: u32,
    },
    /// The netpoller made `n` Gs runnable.
    Netpoll {
        n: u32,
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

/// [`Ev::GoCreate`]'s fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoCreate {
    pub g: u64,
    /// 0 for main.
    pub parent: u64,
    /// The task's [`crate::Task::name`].
    pub name: String,
}

impl Ev {
    pub fn go_create(g: u64, parent: u64, name: String) -> Ev {
        Ev::GoCreate(Box::new(GoCreate { g, parent, name }))
    }
}

/// An event with where and when it happened (40 bytes: a busy program
/// records millions).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Nanoseconds since the runtime was created.
    pub ts: u64,
    /// The M that recorded it (0: a thread that is not an M: the GC's
    /// workers, the program's main thread; sysmon is an M).
    pub m: u32,
    /// The P that M held, [`NO_P`] if none.
    pub p: u32,
    pub ev: Ev,
}

/// [`Record::p`] of a thread that holds no P.
pub const NO_P: u32 = u32::MAX;

impl Record {
    /// The P the recording M held.
    pub fn p(&self) -> Option<usize> {
        (self.p != NO_P).then_some(self.p as usize)
    }
}

const _: () = assert!(std::mem::size_of::<Record>() <= 40);

type Buffer = Arc<Mutex<Chunks>>;

/// Records in fixed-size chunks: a growing buffer never copies what it
/// holds (one `Vec` doubling through hundreds of MB would).
#[derive(Default)]
struct Chunks {
    full: Vec<Vec<Record>>,
    cur: Vec<Record>,
}

const CHUNK: usize = 1 << 14;

impl Chunks {
    #[inline]
    fn push(&mut self, r: Record) {
        if self.cur.len() == self.cur.capacity() {
            let next = Vec::with_capacity(CHUNK);
            let old = std::mem::replace(&mut self.cur, next);
            if !old.is_empty() {
                self.full.push(old);
            }
        }
        self.cur.push(r);
    }

    fn drain_into(&mut self, all: &mut Vec<Record>) {
        for c in self.full.drain(..) {
            all.extend(c);
        }
        all.append(&mut self.cur);
    }
}

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
            ts: self.epoch.elapsed().as_nanos() as u64,
            m: M_ID.with(Cell::get),
            p: current_p().map_or(NO_P, |p| p as u32),
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
                    v.drain_into(&mut all);
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

const PS_PID: u64 = 1;
const MS_PID: u64 = 2;
const RUNTIME_PID: u64 = 3;
const GC_TID: u64 = 0;
const STW_TID: u64 = 1;
const OTHER_TID: u64 = 2;

/// Writes `records` as Trace Event Format (`{"traceEvents": [...]}`):
/// one track per P and one per M; a complete slice (`"ph":"X"`) named
/// `G<id> <func>` for each run of a G, on its P's track and its M's, whose
/// arguments say how the run began (`start`: `new` or `inherit`, the
/// runnext hand-over) and ended (`end`: GoBlock and its `reason`, GoSched,
/// GoPreempt, GoEnd); slices for the GC's cycles and stops of the world;
/// and an instant event, its fields as `args`, for every other event.
///
/// Streams: a busy program has millions of events, so nothing is built
/// per event but the bytes written.
pub fn write_json(records: &[Record], w: &mut dyn Write) -> io::Result<()> {
    let mut out = JsonOut {
        buf: Vec::with_capacity(1 << 20),
        w,
        first: true,
    };
    out.buf.extend_from_slice(b"{\"traceEvents\": [\n");
    let mut names: HashMap<u64, String> = HashMap::new();
    let (mut ps, mut ms) = (BTreeSet::new(), BTreeSet::new());
    // The G each M runs: (g, start, P, inherit).
    let mut running: HashMap<u32, (u64, u64, u32, bool)> = HashMap::new();
    let (mut gc_start, mut stw_start) = (None, None);
    let end = records.last().map_or(0, |r| r.ts);
    for r in records {
        if r.p != NO_P {
            ps.insert(r.p);
        }
        if r.m != 0 {
            ms.insert(r.m);
        }
        let ended: Option<(u64, &str, Option<WaitReason>)> = match &r.ev {
            Ev::GoCreate(c) => {
                let n = match c.name.as_str() {
                    "" => format!("G{}", c.g),
                    f => format!("G{} {f}", c.g),
                };
                names.insert(c.g, n);
                None
            }
            Ev::GoStart { g, inherit } => {
                if let Some((g0, t0, p0, i0)) = running.insert(r.m, (*g, r.ts, r.p, *inherit)) {
                    out.run(&names, g0, r.m, p0, t0, r.ts, i0, "", None)?;
                }
                continue;
            }
            Ev::GoEnd { g } => Some((*g, "GoEnd", None)),
            Ev::GoBlock { g, reason } => Some((*g, "GoBlock", Some(*reason))),
            Ev::GoPreempt { g } => Some((*g, "GoPreempt", None)),
            Ev::GoSched { g } => Some((*g, "GoSched", None)),
            Ev::GCStart { .. } => {
                gc_start = Some(r.ts);
                None
            }
            Ev::GCDone { n } => {
                if let Some(t0) = gc_start.take() {
                    out.slice(&format!("GC {n}"), "gc", RUNTIME_PID, GC_TID, t0, r.ts)?;
                    out.buf.push(b'}');
                }
                None
            }
            Ev::STWStart => {
                stw_start = Some(r.ts);
                None
            }
            Ev::STWDone => {
                if let Some(t0) = stw_start.take() {
                    out.slice("STW", "gc", RUNTIME_PID, STW_TID, t0, r.ts)?;
                    out.buf.push(b'}');
                }
                None
            }
            _ => None,
        };
        match ended {
            Some((g, how, reason)) => {
                if let Some((g0, t0, p0, i0)) = running.remove(&r.m) {
                    if g0 == g {
                        out.run(&names, g0, r.m, p0, t0, r.ts, i0, how, reason)?;
                    }
                }
            }
            None => out.instant(r)?,
        }
    }
    // Runs still open when the program ended.
    let mut open: Vec<_> = running.into_iter().collect();
    open.sort_by_key(|(m, _)| *m);
    for (m, (g, t0, p, i)) in open {
        out.run(&names, g, m, p, t0, end, i, "", None)?;
    }
    out.meta(PS_PID, None, "Ps")?;
    out.meta(MS_PID, None, "Ms")?;
    out.meta(RUNTIME_PID, None, "Runtime")?;
    out.meta(RUNTIME_PID, Some(GC_TID), "GC")?;
    out.meta(RUNTIME_PID, Some(STW_TID), "STW")?;
    out.meta(RUNTIME_PID, Some(OTHER_TID), "other threads")?;
    for p in ps {
        out.meta(PS_PID, Some(p as u64), &format!("P{p}"))?;
    }
    for m in ms {
        out.meta(MS_PID, Some(m as u64), &format!("M{m}"))?;
    }
    out.buf
        .extend_from_slice(b"\n], \"displayTimeUnit\": \"ns\"}\n");
    out.w.write_all(&out.buf)
}

struct JsonOut<'a> {
    buf: Vec<u8>,
    w: &'a mut dyn Write,
    first: bool,
}

impl JsonOut<'_> {
    /// Starts the next element of the event array.
    fn next(&mut self) -> io::Result<()> {
        if self.buf.len() >= 1 << 20 {
            self.w.write_all(&self.buf)?;
            self.buf.clear();
        }
        if !self.first {
            self.buf.extend_from_slice(b",\n");
        }
        self.first = false;
        Ok(())
    }

    fn num(&mut self, n: u64) {
        let mut tmp = [0u8; 20];
        let mut i = tmp.len();
        let mut n = n;
        loop {
            i -= 1;
            tmp[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.buf.extend_from_slice(&tmp[i..]);
    }

    /// Nanoseconds as microseconds with three decimals.
    fn micros(&mut self, ns: u64) {
        self.num(ns / 1000);
        let f = ns % 1000;
        self.buf.extend_from_slice(&[
            b'.',
            b'0' + (f / 100) as u8,
            b'0' + (f / 10 % 10) as u8,
            b'0' + (f % 10) as u8,
        ]);
    }

    fn str(&mut self, s: &str) {
        self.buf.push(b'"');
        if !s.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
            self.buf.extend_from_slice(s.as_bytes());
            self.buf.push(b'"');
            return;
        }
        for c in s.chars() {
            match c {
                '"' => self.buf.extend_from_slice(b"\\\""),
                '\\' => self.buf.extend_from_slice(b"\\\\"),
                c if (c as u32) < 0x20 => {
                    let _ = write!(self.buf, "\\u{:04x}", c as u32);
                }
                c => {
                    let mut b = [0; 4];
                    self.buf.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
                }
            }
        }
        self.buf.push(b'"');
    }

    fn raw(&mut self, s: &str) {
        self.buf.extend_from_slice(s.as_bytes());
    }

    fn p_or_null(&mut self, p: u32) {
        if p == NO_P {
            self.raw("null");
        } else {
            self.num(p as u64);
        }
    }

    /// A complete slice, left open after `dur` for the caller's `args`
    /// (it writes `}` itself).
    fn slice(
        &mut self,
        name: &str,
        cat: &str,
        pid: u64,
        tid: u64,
        t0: u64,
        t1: u64,
    ) -> io::Result<()> {
        self.next()?;
        self.raw("{\"name\":");
        self.str(name);
        self.raw(",\"cat\":\"");
        self.raw(cat);
        self.raw("\",\"ph\":\"X\",\"pid\":");
        self.num(pid);
        self.raw(",\"tid\":");
        self.num(tid);
        self.raw(",\"ts\":");
        self.micros(t0);
        self.raw(",\"dur\":");
        self.micros(t1.saturating_sub(t0));
        Ok(())
    }

    /// A G's run, on its P's track and its M's.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &mut self,
        names: &HashMap<u64, String>,
        g: u64,
        m: u32,
        p: u32,
        t0: u64,
        t1: u64,
        inherit: bool,
        end: &str,
        reason: Option<WaitReason>,
    ) -> io::Result<()> {
        let fallback;
        let name = match names.get(&g) {
            Some(n) => n.as_str(),
            None => {
                fallback = format!("G{g}");
                &fallback
            }
        };
        for (pid, tid) in [(PS_PID, p as u64), (MS_PID, m as u64)] {
            if (pid == PS_PID && p == NO_P) || (pid == MS_PID && m == 0) {
                continue;
            }
            self.slice(name, "g", pid, tid, t0, t1)?;
            self.raw(",\"args\":{\"g\":");
            self.num(g);
            self.raw(",\"m\":");
            self.num(m as u64);
            self.raw(",\"p\":");
            self.p_or_null(p);
            self.raw(if inherit {
                ",\"start\":\"inherit\""
            } else {
                ",\"start\":\"new\""
            });
            if !end.is_empty() {
                self.raw(",\"end\":\"");
                self.raw(end);
                self.raw("\"");
            }
            if let Some(r) = reason {
                self.raw(",\"reason\":");
                self.str(r.as_str());
            }
            self.raw("}}");
        }
        Ok(())
    }

    fn instant(&mut self, r: &Record) -> io::Result<()> {
        let (pid, tid) = match (&r.ev, r.p, r.m) {
            (Ev::GCStart { .. } | Ev::GCDone { .. }, ..) => (RUNTIME_PID, GC_TID),
            (Ev::STWStart | Ev::STWDone, ..) => (RUNTIME_PID, STW_TID),
            (_, NO_P, 0) => (RUNTIME_PID, OTHER_TID),
            (_, NO_P, m) => (MS_PID, m as u64),
            (_, p, _) => (PS_PID, p as u64),
        };
        self.next()?;
        self.raw("{\"name\":\"");
        self.raw(ev_name(&r.ev));
        self.raw("\",\"cat\":\"sched\",\"ph\":\"i\",\"s\":\"t\",\"pid\":");
        self.num(pid);
        self.raw(",\"tid\":");
        self.num(tid);
        self.raw(",\"ts\":");
        self.micros(r.ts);
        self.raw(",\"args\":{");
        self.args(&r.ev);
        self.raw("\"m\":");
        self.num(r.m as u64);
        self.raw(",\"p\":");
        self.p_or_null(r.p);
        self.raw("}}");
        Ok(())
    }

    /// The event's fields as JSON members, each followed by a comma.
    fn args(&mut self, ev: &Ev) {
        let field = |o: &mut Self, k: &str, v: u64| {
            o.raw("\"");
            o.raw(k);
            o.raw("\":");
            o.num(v);
            o.raw(",");
        };
        match ev {
            Ev::GoCreate(c) => {
                field(self, "g", c.g);
                field(self, "parent", c.parent);
                self.raw("\"func\":");
                self.str(&c.name);
                self.raw(",");
            }
            Ev::GoStart { g, inherit } => {
                field(self, "g", *g);
                self.raw(if *inherit {
                    "\"inherit\":true,"
                } else {
                    "\"inherit\":false,"
                });
            }
            Ev::GoEnd { g } | Ev::GoPreempt { g } | Ev::GoSched { g } | Ev::GoSyscall { g } => {
                field(self, "g", *g)
            }
            Ev::GoBlock { g, reason } => {
                field(self, "g", *g);
                self.raw("\"reason\":");
                self.str(reason.as_str());
                self.raw(",");
            }
            Ev::GoUnblock { g, by, runnext } => {
                field(self, "g", *g);
                field(self, "by", *by);
                self.raw(if *runnext {
                    "\"runnext\":true,"
                } else {
                    "\"runnext\":false,"
                });
            }
            Ev::GoSysExit { g, kept_p } => {
                field(self, "g", *g);
                self.raw(if *kept_p {
                    "\"kept_p\":true,"
                } else {
                    "\"kept_p\":false,"
                });
            }
            Ev::Preempt { p } => field(self, "target_p", *p as u64),
            Ev::ProcStart { p } | Ev::ProcStop { p } | Ev::Handoff { p } => {
                field(self, "proc", *p as u64)
            }
            Ev::ProcSteal { victim, n, runnext } => {
                field(self, "victim", *victim as u64);
                field(self, "n", *n as u64);
                self.raw(if *runnext {
                    "\"runnext\":true,"
                } else {
                    "\"runnext\":false,"
                });
            }
            Ev::GlobalRunqGet { n, why } => {
                field(self, "n", *n as u64);
                self.raw("\"why\":");
                self.str(why);
                self.raw(",");
            }
            Ev::RunqOverflow { n } | Ev::Netpoll { n } => field(self, "n", *n as u64),
            Ev::GCStart { n } | Ev::GCDone { n } => field(self, "n", *n),
            Ev::STWStart | Ev::STWDone => {}
        }
    }

    fn meta(&mut self, pid: u64, tid: Option<u64>, name: &str) -> io::Result<()> {
        self.next()?;
        match tid {
            None => {
                self.raw("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":");
                self.num(pid);
            }
            Some(t) => {
                self.raw("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":");
                self.num(pid);
                self.raw(",\"tid\":");
                self.num(t);
            }
        }
        self.raw(",\"args\":{\"name\":");
        self.str(name);
        self.raw("}}");
        Ok(())
    }
}

/// The event's name, Go's tracer's where it has one.
pub fn ev_name(ev: &Ev) -> &'static str {
    match ev {
        Ev::GoCreate(_) => "GoCreate",
        Ev::GoStart { .. } => "GoStart",
        Ev::GoEnd { .. } => "GoEnd",
        Ev::GoBlock { .. } => "GoBlock",
        Ev::GoUnblock { .. } => "GoUnblock",
        Ev::GoPreempt { .. } => "GoPreempt",
        Ev::GoSched { .. } => "GoSched",
        Ev::GoSyscall { .. } => "GoSyscall",
        Ev::GoSysExit { .. } => "GoSysExit",
        Ev::Preempt { .. } => "Preempt",
        Ev::ProcStart { .. } => "ProcStart",
        Ev::ProcStop { .. } => "ProcStop",
        Ev::ProcSteal { .. } => "ProcSteal",
        Ev::GlobalRunqGet { .. } => "GlobalRunqGet",
        Ev::RunqOverflow { .. } => "RunqOverflow",
        Ev::Handoff { .. } => "Handoff",
        Ev::Netpoll { .. } => "Netpoll",
        Ev::GCStart { .. } => "GCStart",
        Ev::GCDone { .. } => "GCDone",
        Ev::STWStart => "STWStart",
        Ev::STWDone => "STWDone",
    }
}
