//! Go's execution trace format (Go 1.22+, "v2"), as `go tool trace`
//! reads it, written from the runtime's [`Record`]s.
//!
//! # The format
//! A 16-byte header (`go 1.23 trace` and three NULs), then batches: each
//! one `EventBatch` byte, the generation, a thread (M) id, a base
//! timestamp and the length of what follows, all unsigned LEB128. An M's
//! batches hold its events: a type byte, the time since the previous
//! event of the batch, then the event's arguments. Other batches hold
//! the string table (`Strings`), the stack table (`Stacks`) and the clock
//! rate (`Frequency`). This writer puts everything in one generation and
//! stamps events in nanoseconds.
//!
//! # How records become events
//! Go's parser replays the scheduler: an M runs at most one G and holds
//! at most one P, a G starts only when runnable, and per-G and per-P
//! sequence numbers order events of different Ms. [`write`] replays the
//! records, in time order, through the same model ([`Sim`]) and emits
//! only what the model allows, adding the events that make it hold where
//! the records skip one (a G that starts on an M whose P the records
//! never handed over, an unblock recorded just before the block it ends).
//! Every event gets a distinct, increasing time, so the parser, which
//! takes the earliest event that can advance, replays exactly this order.
//!
//! Mapping: GoCreate, GoStart, GoEnd (GoDestroy), GoBlock (with Go's
//! block reason), GoSched and GoPreempt (GoStop), GoUnblock, GoSyscall
//! and GoSysExit (GoSyscallBegin/End/EndBlocked), Handoff (ProcSteal),
//! ProcStart/Stop, GCStart/Done (GCBegin/End), STWStart/Done
//! (STWBegin/End), user tasks, regions and logs, and GoStatus. Dropped
//! (no Go event): ProcSteal (work stealing), GlobalRunqGet,
//! RunqOverflow, Netpoll, Preempt (the request; the G's GoPreempt is
//! kept).
//!
//! Stacks: each goroutine's events carry a one-frame stack naming its
//! function ([`crate::Task::name`]), which is how `go tool trace` names
//! goroutines; no file or line.

use std::collections::HashMap;
use std::io::{self, Write};
use std::sync::Arc;

use crate::trace::{Ev, FxBuild, GStatus, Record, Symbolizer, UserKind, NO_P, NO_STACK};
use crate::WaitReason;

// Event types (internal/trace/tracev2's numbering).
const EV_EVENT_BATCH: u8 = 1;
const EV_STACKS: u8 = 2;
const EV_STACK: u8 = 3;
const EV_STRINGS: u8 = 4;
const EV_STRING: u8 = 5;
const EV_FREQUENCY: u8 = 8;
const EV_PROC_START: u8 = 10;
const EV_PROC_STOP: u8 = 11;
const EV_PROC_STEAL: u8 = 12;
const EV_PROC_STATUS: u8 = 13;
const EV_GO_CREATE: u8 = 14;
const EV_GO_START: u8 = 16;
const EV_GO_DESTROY: u8 = 17;
const EV_GO_STOP: u8 = 19;
const EV_GO_BLOCK: u8 = 20;
const EV_GO_UNBLOCK: u8 = 21;
const EV_GO_SYSCALL_BEGIN: u8 = 22;
const EV_GO_SYSCALL_END: u8 = 23;
const EV_GO_SYSCALL_END_BLOCKED: u8 = 24;
const EV_STW_BEGIN: u8 = 26;
const EV_STW_END: u8 = 27;
const EV_GC_BEGIN: u8 = 29;
const EV_GC_END: u8 = 30;
const EV_USER_TASK_BEGIN: u8 = 40;
const EV_USER_TASK_END: u8 = 41;
const EV_USER_REGION_BEGIN: u8 = 42;
const EV_USER_REGION_END: u8 = 43;
const EV_USER_LOG: u8 = 44;
const EV_GO_STATUS_STACK: u8 = 48;

// Go's GoStatus and ProcStatus values.
const G_RUNNABLE: u64 = 1;
const G_RUNNING: u64 = 2;
const G_WAITING: u64 = 4;
const P_IDLE: u64 = 2;

/// Strings most events name: [`Enc::common`]'s ids.
const COMMON: [&str; 3] = ["preempted", "runtime.Gosched", "GC"];

/// The trace's one generation.
const GEN: u64 = 1;
/// Go's parser refuses batches over 64 KiB; start a new one past this.
const BATCH_MAX: usize = 60 << 10;
/// Go's limit on a string's length.
const STRING_MAX: usize = 1 << 10;
/// Go's `NoThread`, for a G status that names no M.
const NO_THREAD: u64 = u64::MAX;
/// The M id of records made by threads that are no M (timers, the
/// collector's workers): they never hold a P.
const SYS_M: u64 = 0;

/// Go's block reason for a minigo wait reason (`traceBlockReason`'s
/// strings in Go's runtime).
pub fn block_reason(r: WaitReason) -> &'static str {
    match r {
        WaitReason::ChanReceive => "chan receive",
        WaitReason::ChanSend => "chan send",
        WaitReason::Select => "select",
        WaitReason::SelectNoCases
        | WaitReason::ChanReceiveNilChan
        | WaitReason::ChanSendNilChan => "forever",
        WaitReason::Sleep => "sleep",
        WaitReason::WaitGroupWait
        | WaitReason::MutexLock
        | WaitReason::RWMutexRLock
        | WaitReason::RWMutexLock
        | WaitReason::Semacquire
        | WaitReason::Sync => "sync",
        WaitReason::SyncCondWait => "sync.(*Cond).Wait",
        WaitReason::IoWait => "network",
        WaitReason::Unknown => "unspecified",
    }
}

/// Writes `records` (in time order, as [`crate::Runtime::take_trace`]
/// gives them) as a Go execution trace.
pub fn write(records: &[Record], w: &mut dyn Write) -> io::Result<()> {
    write_with(records, None, w)
}

/// What names the stacks of [`Ev::GoBlock`] records: the tracer's stack
/// table ([`crate::Runtime::trace_stack_table`]) and the program's
/// symbolizer.
pub struct Stacks<'a> {
    pub table: &'a [Arc<[u64]>],
    pub sym: &'a Symbolizer,
}

/// [`write`], naming the stacks of [`Ev::GoBlock`] records with `stacks`:
/// a G's GoBlock carries its stack.
pub fn write_with(
    records: &[Record],
    stacks: Option<Stacks<'_>>,
    w: &mut dyn Write,
) -> io::Result<()> {
    let mut enc = Encoder::new();
    enc.feed(records, stacks.as_ref());
    enc.finish(w)
}

/// A trace written as it is recorded: [`Encoder::feed`] takes records in
/// time order, a slice at a time (each after every record of the slices
/// before: [`crate::Runtime::take_trace_ready`] gives such slices), and
/// full batches can be written out between feeds
/// ([`Encoder::write_ready`]), so that neither the records nor the
/// encoded trace pile up in memory; [`Encoder::finish`] writes the rest
/// and the string and stack tables, which end the generation.
pub struct Encoder {
    e: Enc,
    sim: Sim,
}

impl Default for Encoder {
    fn default() -> Self {
        Self::new()
    }
}

impl Encoder {
    pub fn new() -> Encoder {
        let mut e = Enc::default();
        e.ready.extend_from_slice(HEADER);
        Encoder {
            e,
            sim: Sim::default(),
        }
    }

    /// Encodes `records`, naming the stacks of [`Ev::GoBlock`] records with
    /// `stacks` (none: blocks carry the G's one-frame stack).
    pub fn feed(&mut self, records: &[Record], stacks: Option<&Stacks<'_>>) {
        for r in records {
            self.e.now = self.e.now.max(r.ts + 1);
            self.sim.record(&mut self.e, r, stacks);
        }
    }

    /// Writes the batches filled so far.
    pub fn write_ready(&mut self, w: &mut dyn Write) -> io::Result<()> {
        w.write_all(&self.e.ready)?;
        self.e.ready.clear();
        Ok(())
    }

    /// Writes everything else: the batches being filled, the tables.
    pub fn finish(self, w: &mut dyn Write) -> io::Result<()> {
        self.e.finish(w)
    }
}

/// The trace's first bytes.
const HEADER: &[u8] = b"go 1.23 trace\x00\x00\x00";

/// Appends batch `data` of thread `m`, based at `ts`, to `out`.
fn batch(out: &mut Vec<u8>, m: u64, ts: u64, data: &[u8]) {
    out.push(EV_EVENT_BATCH);
    uvarint(out, GEN);
    uvarint(out, m);
    uvarint(out, ts);
    uvarint(out, data.len() as u64);
    out.extend_from_slice(data);
}

/// A map from small ids (goids, P and M ids) to values: a vector, with
/// a hash map for the rare large id. Looked up for every event.
struct Dense<V> {
    near: Vec<Option<V>>,
    far: HashMap<u64, V, FxBuild>,
}

const DENSE_MAX: u64 = 1 << 22;

impl<V> Default for Dense<V> {
    fn default() -> Self {
        Dense {
            near: Vec::new(),
            far: HashMap::default(),
        }
    }
}

impl<V> Dense<V> {
    #[inline]
    fn get(&self, k: &u64) -> Option<&V> {
        if *k < DENSE_MAX {
            self.near.get(*k as usize)?.as_ref()
        } else {
            self.far.get(k)
        }
    }

    #[inline]
    fn get_mut(&mut self, k: &u64) -> Option<&mut V> {
        if *k < DENSE_MAX {
            self.near.get_mut(*k as usize)?.as_mut()
        } else {
            self.far.get_mut(k)
        }
    }

    fn contains_key(&self, k: &u64) -> bool {
        self.get(k).is_some()
    }

    fn insert(&mut self, k: u64, v: V) {
        if k < DENSE_MAX {
            let i = k as usize;
            if i >= self.near.len() {
                self.near.resize_with(i + 1, || None);
            }
            self.near[i] = Some(v);
        } else {
            self.far.insert(k, v);
        }
    }

    /// The keys, in order.
    fn keys(&self) -> Vec<u64> {
        let mut ks: Vec<u64> = (0..self.near.len() as u64)
            .filter(|&k| self.near[k as usize].is_some())
            .collect();
        let mut far: Vec<u64> = self.far.keys().copied().collect();
        far.sort_unstable();
        ks.extend(far);
        ks
    }
}

impl<V: Default> Dense<V> {
    #[inline]
    fn entry(&mut self, k: u64) -> &mut V {
        if k < DENSE_MAX {
            let i = k as usize;
            if i >= self.near.len() {
                self.near.resize_with(i + 1, || None);
            }
            self.near[i].get_or_insert_with(V::default)
        } else {
            self.far.entry(k).or_default()
        }
    }
}

impl<V> std::ops::Index<&u64> for Dense<V> {
    type Output = V;
    fn index(&self, k: &u64) -> &V {
        self.get(k).expect("Dense: no such key")
    }
}

fn uvarint(buf: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        buf.push(v as u8 | 0x80);
        v >>= 7;
    }
    buf.push(v as u8);
}

/// The batch an M is filling.
#[derive(Default)]
struct MBuf {
    base: u64,
    last: u64,
    cur: Vec<u8>,
}

/// The byte-level writer: strings, stacks and every M's batches.
#[derive(Default)]
struct Enc {
    /// The time of the next event; every event gets a later one.
    now: u64,
    strings: HashMap<String, u64, FxBuild>,
    string_list: Vec<String>,
    /// Frames: (pc, func, file, line), by (func, file, line) for the
    /// made-up ones and by pc for the symbolized ones.
    frames: HashMap<(u64, u64, u64), u64, FxBuild>,
    pc_frames: HashMap<u64, u64, FxBuild>,
    frame_list: Vec<(u64, u64, u64, u64)>,
    stacks: HashMap<Vec<u64>, u64, FxBuild>,
    stack_list: Vec<Vec<u64>>,
    /// The stack id of each id of the tracer's table, once used (0: not
    /// yet).
    table_ids: Vec<u64>,
    ms: Dense<MBuf>,
    /// Full batches, encoded, not yet written (the header first).
    ready: Vec<u8>,
    /// Ids of the strings that most events use.
    common: [u64; 3],
    /// The string ids of block reasons, by [`WaitReason`].
    reasons: [u64; 32],
}

impl Enc {
    /// The string id of Go's name of wait reason `r`.
    #[inline]
    fn block_reason(&mut self, r: WaitReason) -> u64 {
        let i = r as usize;
        if i >= self.reasons.len() {
            return self.string(block_reason(r));
        }
        if self.reasons[i] == 0 {
            self.reasons[i] = self.string(block_reason(r));
        }
        self.reasons[i]
    }

    /// The id of common string `i` of [`COMMON`].
    #[inline]
    fn common(&mut self, i: usize) -> u64 {
        if self.common[i] == 0 {
            self.common[i] = self.string(COMMON[i]);
        }
        self.common[i]
    }

    fn string(&mut self, s: &str) -> u64 {
        if let Some(&id) = self.strings.get(s) {
            return id;
        }
        let mut cut = s.len().min(STRING_MAX);
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        self.string_list.push(s[..cut].to_string());
        let id = self.string_list.len() as u64;
        self.strings.insert(s.to_string(), id);
        id
    }

    /// The id of a stack of `(func, file, line)` frames, innermost first
    /// (0: none); each frame gets a made-up PC.
    fn stack(&mut self, frames: &[(&str, &str, u64)]) -> u64 {
        let mut idx = Vec::with_capacity(frames.len());
        for &(func, file, line) in frames.iter().take(128) {
            let key = (self.string(func), self.string(file), line);
            let i = match self.frames.get(&key) {
                Some(&i) => i,
                None => {
                    let i = self.frame_list.len() as u64;
                    self.frame_list
                        .push((0x1000 + 0x10 * i, key.0, key.1, key.2));
                    self.frames.insert(key, i);
                    i
                }
            };
            idx.push(i);
        }
        self.intern_stack(idx)
    }

    /// The stack id of entry `id` of the tracer's stack table.
    fn table_stack(&mut self, id: u32, stacks: &Stacks<'_>) -> u64 {
        let i = id as usize;
        if let Some(&s) = self.table_ids.get(i) {
            if s != 0 {
                return s;
            }
        }
        let Some(pcs) = stacks.table.get(i) else {
            return 0;
        };
        let s = self.pc_stack(pcs, stacks.sym);
        if i >= self.table_ids.len() {
            self.table_ids.resize(i + 1, 0);
        }
        self.table_ids[i] = s;
        s
    }

    /// The id of the stack of a G's `pcs` (innermost first), named by
    /// the symbolizer.
    fn pc_stack(&mut self, pcs: &[u64], sym: &Symbolizer) -> u64 {
        let mut idx = Vec::with_capacity(pcs.len());
        for &pc in pcs.iter().take(128) {
            let i = match self.pc_frames.get(&pc) {
                Some(&i) => i,
                None => {
                    let (func, file, line) = sym(pc);
                    let (f, fl) = (self.string(&func), self.string(&file));
                    let i = self.frame_list.len() as u64;
                    // Apart from the made-up PCs of `stack`.
                    self.frame_list.push((pc | 1 << 62, f, fl, line));
                    self.pc_frames.insert(pc, i);
                    i
                }
            };
            idx.push(i);
        }
        self.intern_stack(idx)
    }

    fn intern_stack(&mut self, idx: Vec<u64>) -> u64 {
        if idx.is_empty() {
            return 0;
        }
        if let Some(&id) = self.stacks.get(&idx) {
            return id;
        }
        self.stack_list.push(idx.clone());
        let id = self.stack_list.len() as u64;
        self.stacks.insert(idx, id);
        id
    }

    /// Appends an event of type `ty` with `args` to M `m`'s batch, at a
    /// time after every event so far.
    fn emit(&mut self, m: u64, ty: u8, args: &[u64]) {
        let t = self.now;
        self.now += 1;
        let mb = self.ms.entry(m);
        if mb.cur.len() >= BATCH_MAX {
            batch(&mut self.ready, m, mb.base, &mb.cur);
            mb.cur.clear();
        }
        if mb.cur.is_empty() {
            mb.base = t;
            mb.last = t;
        }
        mb.cur.push(ty);
        uvarint(&mut mb.cur, t - mb.last);
        mb.last = t;
        for &a in args {
            uvarint(&mut mb.cur, a);
        }
    }

    fn finish(mut self, w: &mut dyn Write) -> io::Result<()> {
        let mut out = std::mem::take(&mut self.ready);
        for m in self.ms.keys() {
            let mb = self.ms.get_mut(&m).unwrap();
            if !mb.cur.is_empty() {
                batch(&mut out, m, mb.base, &mb.cur);
            }
        }
        // Strings.
        let mut data = vec![EV_STRINGS];
        for (i, s) in self.string_list.iter().enumerate() {
            if data.len() + s.len() + 16 > BATCH_MAX {
                batch(&mut out, NO_THREAD, 0, &data);
                data = vec![EV_STRINGS];
            }
            data.push(EV_STRING);
            uvarint(&mut data, i as u64 + 1);
            uvarint(&mut data, s.len() as u64);
            data.extend_from_slice(s.as_bytes());
        }
        if data.len() > 1 {
            batch(&mut out, NO_THREAD, 0, &data);
        }
        // Stacks.
        let mut data = vec![EV_STACKS];
        for (i, pcs) in self.stack_list.iter().enumerate() {
            if data.len() + pcs.len() * 40 + 16 > BATCH_MAX {
                batch(&mut out, NO_THREAD, 0, &data);
                data = vec![EV_STACKS];
            }
            data.push(EV_STACK);
            uvarint(&mut data, i as u64 + 1);
            uvarint(&mut data, pcs.len() as u64);
            for &i in pcs {
                let (pc, func, file, line) = self.frame_list[i as usize];
                for v in [pc, func, file, line] {
                    uvarint(&mut data, v);
                }
            }
        }
        if data.len() > 1 {
            batch(&mut out, NO_THREAD, 0, &data);
        }
        // Nanosecond timestamps.
        let mut data = vec![EV_FREQUENCY];
        uvarint(&mut data, 1_000_000_000);
        batch(&mut out, NO_THREAD, 0, &data);
        w.write_all(&out)?;
        w.flush()
    }
}

/// A G's state in the model.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum GSt {
    Runnable,
    Running(u64),
    Waiting,
    Syscall(u64),
    Dead,
}

struct GInfo {
    st: GSt,
    seq: u64,
    /// A GoUnblock recorded while the G still ran: emit it when it blocks.
    unblock: bool,
    /// Its one-frame stack (its function), 0 if unknown.
    stack: u64,
    /// Open user regions (task, name), innermost last.
    regions: Vec<(u64, String)>,
    /// An STW range begun on it is open.
    stw: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum PSt {
    Idle,
    Running(u64),
    Syscall(u64),
}

struct PInfo {
    st: PSt,
    seq: u64,
}

#[derive(Default, Clone, Copy)]
struct MInfo {
    p: Option<u64>,
    g: Option<u64>,
}

/// The scheduler as Go's parser sees it.
#[derive(Default)]
struct Sim {
    gs: Dense<GInfo>,
    ps: Dense<PInfo>,
    ms: Dense<MInfo>,
    gc_seq: u64,
    gc_running: bool,
    /// A GCStart seen when no G ran: emitted once one does.
    gc_pending: bool,
    /// The G whose STW range is open, and whether STWDone came already.
    stw: Option<(u64, bool)>,
    stw_pending: bool,
    /// G functions named by GoCreate before they have a state.
    names: HashMap<u64, String, FxBuild>,
}

impl Sim {
    fn m(&mut self, m: u64) -> &mut MInfo {
        self.ms.entry(m)
    }

    fn g_stack(&self, g: u64) -> u64 {
        self.gs.get(&g).map_or(0, |i| i.stack)
    }

    fn new_g(&mut self, e: &mut Enc, g: u64, st: GSt, name: &str) -> u64 {
        let stack = if name.is_empty() {
            0
        } else {
            e.stack(&[(name, "", 0)])
        };
        self.gs.insert(
            g,
            GInfo {
                st,
                seq: 0,
                unblock: false,
                stack,
                regions: Vec::new(),
                stw: false,
            },
        );
        stack
    }

    /// P `p` has a state in the trace.
    fn known_p(&mut self, e: &mut Enc, p: u64) {
        if !self.ps.contains_key(&p) {
            e.emit(SYS_M, EV_PROC_STATUS, &[p, P_IDLE]);
            self.ps.insert(
                p,
                PInfo {
                    st: PSt::Idle,
                    seq: 0,
                },
            );
        }
    }

    /// G `g` has a state in the trace; a G first seen gets `st`
    /// (Runnable or Waiting) by a GoStatus.
    fn known_g(&mut self, e: &mut Enc, g: u64, st: GSt) {
        if self.gs.contains_key(&g) {
            return;
        }
        let name = self.names.remove(&g).unwrap_or_default();
        let stack = self.new_g(e, g, st, &name);
        let status = if st == GSt::Waiting {
            G_WAITING
        } else {
            G_RUNNABLE
        };
        e.emit(SYS_M, EV_GO_STATUS_STACK, &[g, NO_THREAD, status, stack]);
    }

    /// The G running on M `m` stops (runnable).
    /// `reason`: an index of [`COMMON`].
    fn stop_g(&mut self, e: &mut Enc, m: u64, reason: usize) {
        let Some(g) = self.m(m).g else { return };
        if self.gs.get(&g).map(|i| i.st) != Some(GSt::Running(m)) {
            return;
        }
        let r = e.common(reason);
        let stack = self.g_stack(g);
        e.emit(m, EV_GO_STOP, &[r, stack]);
        self.gs.get_mut(&g).unwrap().st = GSt::Runnable;
        self.m(m).g = None;
    }

    /// M `m` gives its P up (stopping its running G first).
    fn release_p(&mut self, e: &mut Enc, m: u64) {
        let Some(p) = self.m(m).p else { return };
        self.stop_g(e, m, 0);
        e.emit(m, EV_PROC_STOP, &[]);
        self.ps.get_mut(&p).unwrap().st = PSt::Idle;
        self.m(m).p = None;
    }

    /// P `p`, in a syscall on M `owner`, is taken from it by M `by`.
    fn steal(&mut self, e: &mut Enc, by: u64, p: u64, owner: u64) {
        let pi = self.ps.get_mut(&p).unwrap();
        pi.seq += 1;
        pi.st = PSt::Idle;
        let seq = pi.seq;
        e.emit(by, EV_PROC_STEAL, &[p, seq, owner]);
        self.m(owner).p = None;
    }

    /// M `m` holds P `p`.
    fn acquire_p(&mut self, e: &mut Enc, m: u64, p: u64) {
        self.known_p(e, p);
        if self.m(m).p == Some(p) {
            return;
        }
        if self.m(m).p.is_some() {
            self.release_p(e, m);
        }
        match self.ps[&p].st {
            PSt::Running(m2) => self.release_p(e, m2),
            PSt::Syscall(m2) => self.steal(e, m, p, m2),
            PSt::Idle => {}
        }
        // An M whose G sits in a syscall cannot take a P while the
        // syscall's own P is still bound (handled above); otherwise fine.
        let pi = self.ps.get_mut(&p).unwrap();
        pi.seq += 1;
        pi.st = PSt::Running(m);
        let seq = pi.seq;
        e.emit(m, EV_PROC_START, &[p, seq]);
        self.m(m).p = Some(p);
    }

    /// G `g`, in a syscall on M `m`, returns without its P.
    fn end_syscall_blocked(&mut self, e: &mut Enc, g: u64, m: u64) {
        if let Some(p) = self.m(m).p {
            if self.ps[&p].st == PSt::Syscall(m) {
                self.steal(e, m, p, m);
            }
        }
        e.emit(m, EV_GO_SYSCALL_END_BLOCKED, &[]);
        self.gs.get_mut(&g).unwrap().st = GSt::Runnable;
        self.m(m).g = None;
    }

    /// G `g` runs on M `m` holding P `p`.
    fn ensure_running(&mut self, e: &mut Enc, m: u64, p: u64, g: u64) -> bool {
        if self.gs.get(&g).map(|i| i.st) == Some(GSt::Running(m)) && self.m(m).p == Some(p) {
            return true;
        }
        if self.gs.get(&g).map(|i| i.st) == Some(GSt::Dead) {
            return false;
        }
        // A G of this M left in a syscall returns first.
        if let Some(g2) = self.m(m).g {
            if let Some(GSt::Syscall(_)) = self.gs.get(&g2).map(|i| i.st) {
                self.end_syscall_blocked(e, g2, m);
            }
        }
        self.acquire_p(e, m, p);
        if self.m(m).g.is_some_and(|g2| g2 != g) {
            self.stop_g(e, m, 0);
        }
        self.known_g(e, g, GSt::Runnable);
        match self.gs[&g].st {
            GSt::Running(m2) if m2 == m => return true,
            GSt::Running(m2) => self.stop_g(e, m2, 0),
            GSt::Syscall(m2) => self.end_syscall_blocked(e, g, m2),
            GSt::Waiting => self.unblock(e, m, g),
            GSt::Runnable | GSt::Dead => {}
        }
        let gi = self.gs.get_mut(&g).unwrap();
        gi.seq += 1;
        gi.st = GSt::Running(m);
        let seq = gi.seq;
        e.emit(m, EV_GO_START, &[g, seq]);
        self.m(m).g = Some(g);
        self.flush_pending(e, m, g);
        true
    }

    fn unblock(&mut self, e: &mut Enc, m: u64, g: u64) {
        let gi = self.gs.get_mut(&g).unwrap();
        gi.seq += 1;
        gi.st = GSt::Runnable;
        gi.unblock = false;
        let seq = gi.seq;
        e.emit(m, EV_GO_UNBLOCK, &[g, seq, 0]);
    }

    /// A G just started on M `m`: events that waited for a running G.
    fn flush_pending(&mut self, e: &mut Enc, m: u64, g: u64) {
        if std::mem::take(&mut self.gc_pending) {
            self.gc_seq += 1;
            e.emit(m, EV_GC_BEGIN, &[self.gc_seq, 0]);
            self.gc_running = true;
        }
        if self.stw_pending && self.stw.is_none() {
            self.stw_pending = false;
            self.begin_stw(e, m, g);
        }
        if let Some((sg, true)) = self.stw {
            if sg == g {
                e.emit(m, EV_STW_END, &[]);
                self.stw = None;
                self.gs.get_mut(&g).unwrap().stw = false;
            }
        }
    }

    fn begin_stw(&mut self, e: &mut Enc, m: u64, g: u64) {
        let kind = e.common(2);
        e.emit(m, EV_STW_BEGIN, &[kind, 0]);
        self.stw = Some((g, false));
        self.gs.get_mut(&g).unwrap().stw = true;
    }

    /// An M running a G, the record's own first.
    fn running_ctx(&mut self, m: u64) -> Option<(u64, u64)> {
        let running = |ms: &Dense<MInfo>, gs: &Dense<GInfo>, m: u64| {
            let mi = ms.get(&m)?;
            let g = mi.g?;
            (mi.p.is_some() && gs.get(&g)?.st == GSt::Running(m)).then_some((m, g))
        };
        if let Some(c) = running(&self.ms, &self.gs, m) {
            return Some(c);
        }
        self.ms
            .keys()
            .into_iter()
            .find_map(|m| running(&self.ms, &self.gs, m))
    }

    fn record(&mut self, e: &mut Enc, r: &Record, stacks: Option<&Stacks<'_>>) {
        let m = u64::from(r.m);
        let p = (r.p != NO_P).then_some(u64::from(r.p));
        match &r.ev {
            Ev::GoCreate(c) => {
                if self.gs.contains_key(&c.g) {
                    return;
                }
                let ok_ctx = p.is_some()
                    && self
                        .m(m)
                        .g
                        .is_none_or(|g| self.gs.get(&g).map(|i| i.st) == Some(GSt::Running(m)));
                match p {
                    Some(p) if ok_ctx => {
                        self.acquire_p(e, m, p);
                        let cur = self.m(m).g;
                        let parent = cur.map_or(0, |g| self.g_stack(g));
                        let stack = self.new_g(e, c.g, GSt::Runnable, &c.name);
                        e.emit(m, EV_GO_CREATE, &[c.g, stack, parent]);
                    }
                    _ => {
                        self.names.insert(c.g, c.name.clone());
                        self.known_g(e, c.g, GSt::Runnable);
                    }
                }
            }
            Ev::GoStart { g, .. } => {
                if let Some(p) = p {
                    self.ensure_running(e, m, p, *g);
                }
            }
            Ev::GoEnd { g } => {
                if let Some(p) = p {
                    if self.ensure_running(e, m, p, *g) {
                        e.emit(m, EV_GO_DESTROY, &[]);
                        self.gs.get_mut(g).unwrap().st = GSt::Dead;
                        self.m(m).g = None;
                        if self.stw.is_some_and(|(sg, _)| sg == *g) {
                            self.stw = None;
                        }
                    }
                }
            }
            Ev::GoBlock { g, reason, stack } => {
                if let Some(p) = p {
                    if self.ensure_running(e, m, p, *g) {
                        let rs = e.block_reason(*reason);
                        let stack = match stacks {
                            Some(st) if *stack != NO_STACK => match e.table_stack(*stack, st) {
                                0 => self.g_stack(*g),
                                s => s,
                            },
                            _ => self.g_stack(*g),
                        };
                        e.emit(m, EV_GO_BLOCK, &[rs, stack]);
                        let gi = self.gs.get_mut(g).unwrap();
                        gi.st = GSt::Waiting;
                        let pending = gi.unblock;
                        self.m(m).g = None;
                        if pending {
                            self.unblock(e, m, *g);
                        }
                    }
                }
            }
            Ev::GoSched { g } | Ev::GoPreempt { g } => {
                if let Some(p) = p {
                    if self.ensure_running(e, m, p, *g) {
                        let why = if matches!(r.ev, Ev::GoSched { .. }) {
                            1
                        } else {
                            0
                        };
                        self.stop_g(e, m, why);
                    }
                }
            }
            Ev::GoUnblock { g, .. } => {
                self.known_g(e, *g, GSt::Waiting);
                match self.gs[g].st {
                    GSt::Waiting => self.unblock(e, m, *g),
                    GSt::Running(_) | GSt::Syscall(_) => self.gs.get_mut(g).unwrap().unblock = true,
                    GSt::Runnable | GSt::Dead => {}
                }
            }
            Ev::GoSyscall { g } => {
                if let Some(p) = p {
                    if self.ensure_running(e, m, p, *g) {
                        let pi = self.ps.get_mut(&p).unwrap();
                        pi.seq += 1;
                        pi.st = PSt::Syscall(m);
                        let seq = pi.seq;
                        let stack = self.g_stack(*g);
                        e.emit(m, EV_GO_SYSCALL_BEGIN, &[seq, stack]);
                        self.gs.get_mut(g).unwrap().st = GSt::Syscall(m);
                    }
                }
            }
            Ev::GoSysExit { g, kept_p } => {
                let Some(GSt::Syscall(m2)) = self.gs.get(g).map(|i| i.st) else {
                    return;
                };
                let syscall_p = self.m(m2).p.filter(|p| self.ps[p].st == PSt::Syscall(m2));
                match syscall_p {
                    Some(sp) if *kept_p => {
                        e.emit(m2, EV_GO_SYSCALL_END, &[]);
                        self.ps.get_mut(&sp).unwrap().st = PSt::Running(m2);
                        self.gs.get_mut(g).unwrap().st = GSt::Running(m2);
                    }
                    _ => self.end_syscall_blocked(e, *g, m2),
                }
            }
            Ev::Handoff { p: hp } => {
                let hp = u64::from(*hp);
                if let Some(PSt::Syscall(owner)) = self.ps.get(&hp).map(|i| i.st) {
                    if owner != m {
                        // sysmon's M holds no P.
                        if self.m(m).p.is_some() {
                            return;
                        }
                        self.steal(e, m, hp, owner);
                    }
                }
            }
            Ev::ProcStart { p: sp } => {
                let sp = u64::from(*sp);
                // An M whose G is in a syscall keeps it there.
                if let Some(g2) = self.m(m).g {
                    if let Some(GSt::Syscall(_)) = self.gs.get(&g2).map(|i| i.st) {
                        self.end_syscall_blocked(e, g2, m);
                    }
                }
                self.acquire_p(e, m, sp);
            }
            Ev::ProcStop { p: sp } => {
                if self.m(m).p == Some(u64::from(*sp)) {
                    self.release_p(e, m);
                }
            }
            Ev::GCStart { .. } => {
                if self.gc_running || self.gc_pending {
                    return;
                }
                match self.running_ctx(m) {
                    Some((cm, _)) => {
                        self.gc_seq += 1;
                        e.emit(cm, EV_GC_BEGIN, &[self.gc_seq, 0]);
                        self.gc_running = true;
                    }
                    None => self.gc_pending = true,
                }
            }
            Ev::GCDone { .. } => {
                if self.gc_pending {
                    self.gc_pending = false;
                    return;
                }
                if !self.gc_running {
                    return;
                }
                if let Some((cm, _)) = self.running_ctx(m) {
                    self.gc_seq += 1;
                    e.emit(cm, EV_GC_END, &[self.gc_seq]);
                    self.gc_running = false;
                }
            }
            Ev::STWStart => {
                if self.stw.is_some() {
                    return;
                }
                match self.running_ctx(m) {
                    Some((cm, g)) => self.begin_stw(e, cm, g),
                    None => self.stw_pending = true,
                }
            }
            Ev::STWDone => {
                if std::mem::take(&mut self.stw_pending) {
                    return;
                }
                let Some((g, _)) = self.stw else { return };
                match self.gs.get(&g).map(|i| i.st) {
                    Some(GSt::Running(cm)) if self.m(cm).p.is_some() => {
                        e.emit(cm, EV_STW_END, &[]);
                        self.stw = None;
                        self.gs.get_mut(&g).unwrap().stw = false;
                    }
                    _ => self.stw = Some((g, true)),
                }
            }
            Ev::User(u) => {
                let g = u.g;
                let running =
                    self.gs.get(&g).map(|i| i.st) == Some(GSt::Running(m)) && self.m(m).p.is_some();
                if !running {
                    match p {
                        Some(p) if self.ensure_running(e, m, p, g) => {}
                        _ => return,
                    }
                }
                let stack = self.g_stack(g);
                match &u.kind {
                    UserKind::TaskBegin { id, parent, name } => {
                        let n = e.string(name);
                        e.emit(m, EV_USER_TASK_BEGIN, &[*id, *parent, n, stack]);
                    }
                    UserKind::TaskEnd { id } => e.emit(m, EV_USER_TASK_END, &[*id, stack]),
                    UserKind::RegionBegin { task, name } => {
                        let n = e.string(name);
                        e.emit(m, EV_USER_REGION_BEGIN, &[*task, n, stack]);
                        let gi = self.gs.get_mut(&g).unwrap();
                        gi.regions.push((*task, name.clone()));
                    }
                    UserKind::RegionEnd { task, name } => {
                        let gi = self.gs.get_mut(&g).unwrap();
                        let top = gi.regions.last();
                        if top.is_some_and(|(t, n)| t != task || n != name) {
                            return;
                        }
                        gi.regions.pop();
                        let n = e.string(name);
                        e.emit(m, EV_USER_REGION_END, &[*task, n, stack]);
                    }
                    UserKind::Log { task, key, value } => {
                        let k = e.string(key);
                        let v = e.string(value);
                        e.emit(m, EV_USER_LOG, &[*task, k, v, stack]);
                    }
                }
            }
            Ev::GoStatus(s) => {
                if self.gs.contains_key(&s.g) {
                    return;
                }
                match s.status {
                    GStatus::Running => {
                        let Some(p) = p else { return };
                        self.acquire_p(e, m, p);
                        if self.m(m).g.is_some() {
                            return;
                        }
                        let stack = self.new_g(e, s.g, GSt::Running(m), &s.name);
                        e.emit(m, EV_GO_STATUS_STACK, &[s.g, m, G_RUNNING, stack]);
                        self.m(m).g = Some(s.g);
                        self.flush_pending(e, m, s.g);
                    }
                    GStatus::Runnable | GStatus::Waiting(_) => {
                        self.names.insert(s.g, s.name.clone());
                        let st = if s.status == GStatus::Runnable {
                            GSt::Runnable
                        } else {
                            GSt::Waiting
                        };
                        self.known_g(e, s.g, st);
                    }
                }
            }
            Ev::ProcSteal { .. }
            | Ev::GlobalRunqGet { .. }
            | Ev::RunqOverflow { .. }
            | Ev::Netpoll { .. }
            | Ev::Preempt { .. } => {}
        }
    }
}
