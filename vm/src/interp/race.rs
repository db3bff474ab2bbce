//! `-race`: the VM side of the data-race detector (issue 34). The
//! happens-before engine (vector clocks, FastTrack shadow words) is
//! `minigo_runtime::race`; this module feeds it.
//!
//! # Chosen at load time
//! Without `-race` nothing here runs and nothing is paid: [`enable`] is
//! read once, by `Program::new`, which then replaces the memory
//! instructions of the program's own functions by their instrumented
//! twins (`RaceLoad`, `RaceSetField`, ... at the end of the instruction
//! table: [`instrument`]) and the synchronising natives by wrappers that
//! add the happens-before edges ([`native`]). The run loop has no test of
//! a race flag: an instrumented instruction is just another instruction
//! (the twins of slice element accesses are hot ones, as their
//! originals: a loop over a slice stays in the hot loop instead of leaving
//! it at each access. Only those three: with the twins of every load and
//! store hot, the hot loop's code got worse for programs run without
//! `-race`, cpu_loop 94 → 101 machine instructions per iteration). The
//! bytecode verifier checks each twin as the instruction it stands for
//! ([`unrace`]).
//!
//! # What is instrumented
//! - reads and writes of heap words by Go code of the program and of
//!   minigo's Go-written library but `sync`, `sync/atomic`, `runtime`
//!   and `internal/*` ([`UNCHECKED_STD`]): pointer loads and stores (so
//!   captured variables, which live in cells), struct fields, slice and
//!   array elements, globals;
//! - maps: each map operation reads (lookups, `len`, iteration) or writes
//!   (assignments, `delete`, `clear`) the map itself;
//! - accesses Go code makes through instructions that run natively:
//!   `copy` (reads the source's elements, writes the destination's),
//!   `append` (writes the new elements, reads the appended slice's, and
//!   the old ones when the array grows, as Go's `growslice`),
//!   `string(bytes)` and `string(runes)` (read the elements), copies of
//!   whole structs and arrays (`Copy` reads every word copied,
//!   `CopyInto` also writes every word of the destination:
//!   [`access_aggregate`]): twins as for the memory instructions;
//! - a send reads its channel and a close that succeeds writes it
//!   ([`chan_access`]), as Go's `chansend` and `closechan` do;
//! - file and socket `Read`/`Write` of a buffer the program passed
//!   (the bytes read are written, the bytes written read: Go's syscall
//!   package's `WriteRange`/`ReadRange`);
//! - natives standing for Go code that Go's detector sees, when the
//!   program's own code calls them: `sort.Ints`/`Float64s`/`Strings`
//!   (read and write the elements), `unicode/utf8` on a `[]byte` (the
//!   bytes decoded or encoded), and `sort.Slice`'s swaps (a read and a
//!   write of the two elements, as `reflect.Swapper`'s) when a sort the
//!   program called makes them;
//! - `fmt`'s printers read their arguments (the elements of slices and
//!   arrays, the fields of structs, through a pointer at the top level,
//!   maps), by the calling goroutine, at the printer's stack;
//! - synchronisation: `go` (the child starts after everything its parent
//!   did), channel send/receive/close/`select`, `sync.Mutex`/`RWMutex`
//!   (and through them `Once`, `Cond`), `WaitGroup`, `Cond`'s
//!   signalling, `sync/atomic` (every atomic operation acquires and
//!   releases its word, and is an atomic access of it: [`atomic_op`]), I/O (a write to any file or socket happens
//!   before a read that completes after it, as Go's `ioSync`).
//!
//! Channels synchronise in the runtime, under the channel's lock, with
//! Go's edges (`minigo_runtime::Chan`'s `-race` hooks: a buffered
//! channel's slot clocks, an unbuffered one's hand-off, the close clock;
//! [`chan_thread`] hands them the goroutine's clock). Every operation on
//! one sync object (a mutex, a WaitGroup, an atomic word) acquires what
//! the earlier ones released, as in Go's detector.
//!
//! Memory the allocator hands out again has its history reset as it is
//! handed out (`minigo_gc::alloc::set_fresh_hook`, ThreadSanitizer's
//! reset at allocation), so the history of live objects survives
//! collections.
//!
//! `time.AfterFunc`'s goroutine starts after what released its timer
//! (the call, a `Reset`: [`timer_goroutine`]); creating or resetting any
//! timer releases its channel, which a receive acquires. A finalizer's
//! goroutine starts after everything every goroutine did so far
//! ([`finalizer_goroutine`], Go's `AcquireGlobal` for its finalizer
//! goroutine), and is checked as any other. The channel operations of all
//! of minigo's library synchronise (those of `sync`, `runtime` and
//! `internal/*` only synchronise: they are not checked as accesses), so that
//! `context`'s cancellation (it closes the `Done` channel, and sets
//! `Err` under a `sync.Mutex`) happens before `<-ctx.Done()` returns and
//! before `ctx.Err()` sees it.
//!
//! # Reports
//! Each race is printed on stderr as Go prints it, with both accesses'
//! full Go stacks (interned per access site: [`Stacks`]) and the
//! creation stacks of the goroutines involved; a pair of program
//! locations, and a word, is reported once. At a successful exit, `Found N data
//! race(s)` and exit status 66 (`GORACE` `exitcode=N`,
//! `halt_on_error=1`). `testing` reads the count ([`races_found`]) to
//! fail a test that raced, as Go's does.

use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, OnceLock};

use minigo_runtime::race::{PageCache, Race, RaceThread, ShadowMemory, SyncClock, Tid, TidAlloc};
use minigo_runtime::trace::FxBuild;

use super::natives::{NativeCtx, NativeFn};
use super::panic::Trap;
use super::{Goroutine, Program};
use crate::bytecode::{Op, Proto};
use crate::heap::{self, Word};

static ENABLED: AtomicBool = AtomicBool::new(false);

/// Detection stopped for the rest of the run (too many goroutines).
static STOPPED: AtomicBool = AtomicBool::new(false);

/// The most goroutines a run checks (as ThreadSanitizer's limit of 8128
/// live goroutines): vector clocks grow with the goroutines a clock has
/// heard of, so a run that starts more stops checking from there on
/// (silently: what was reported stays reported).
const MAX_GOROUTINES: u64 = 8192;

/// `-race`: instrument the programs this process loads from now on.
pub fn enable() {
    ENABLED.store(true, Relaxed);
}

/// Whether `-race` is on (read by `Program::new`).
pub fn enabled() -> bool {
    ENABLED.load(Relaxed)
}

/// `GORACE`'s options minigo knows.
struct Options {
    halt_on_error: bool,
    exitcode: i32,
}

impl Options {
    fn from_env() -> Options {
        let mut o = Options {
            halt_on_error: false,
            exitcode: 66,
        };
        let v = std::env::var("GORACE").unwrap_or_default();
        for kv in v.split_whitespace() {
            match kv.split_once('=') {
                Some(("halt_on_error", v)) => o.halt_on_error = v != "0",
                Some(("exitcode", v)) => {
                    if let Ok(n) = v.parse() {
                        o.exitcode = n;
                    }
                }
                _ => {}
            }
        }
        o
    }
}

/// Interned stacks: a site id is an index into `list` (and `locs`, its
/// dedup location: the top pc, or for an atomic access the program's pc
/// below sync/atomic's synthetic frames).
#[derive(Default)]
struct Stacks {
    ids: HashMap<Box<[u64]>, u32, FxBuild>,
    list: Vec<Box<[u64]>>,
    locs: Vec<u64>,
}

impl Stacks {
    fn intern(&mut self, pcs: &[u64]) -> u32 {
        self.intern_at(pcs, pcs.first().copied().unwrap_or(0))
    }

    fn intern_at(&mut self, pcs: &[u64], loc: u64) -> u32 {
        if let Some(&id) = self.ids.get(pcs) {
            return id;
        }
        let id = self.list.len() as u32;
        self.list.push(pcs.into());
        self.locs.push(loc);
        self.ids.insert(pcs.into(), id);
        id
    }
}

/// What a report says about a goroutine besides its accesses.
#[derive(Clone, Copy, Default)]
struct GInfo {
    /// The stack of the `go` statement that started it.
    created: Option<u32>,
    finished: bool,
    /// Shown running even once done: Go's finalizer goroutine never
    /// exits (minigo starts one per finalizer).
    permanent: bool,
}

/// The process's detector state.
struct RaceRt {
    tids: TidAlloc,
    mem: ShadowMemory,
    stacks: Mutex<Stacks>,
    goroutines: Mutex<HashMap<Tid, GInfo, FxBuild>>,
    /// Clocks of synchronising objects (channels, mutexes, atomic words,
    /// ...), by address, in shards so that goroutines synchronising on
    /// different objects seldom wait for each other.
    syncs: Box<[Mutex<HashMap<u64, SyncClock, FxBuild>>]>,
    found: AtomicU64,
    /// Goroutines started by `go` so far.
    started: AtomicU64,
    /// Addresses already reported: as ThreadSanitizer's
    /// `suppress_equal_addresses` (on in Go), one report per word.
    reported: Mutex<std::collections::HashSet<u64, FxBuild>>,
    /// Reports are written whole, one at a time.
    out: Mutex<()>,
    opts: Options,
}

const SYNC_SHARDS: usize = 64;

/// The shard of the sync clocks that holds `a`'s.
fn syncs(a: u64) -> std::sync::MutexGuard<'static, HashMap<u64, SyncClock, FxBuild>> {
    let h = (a >> 3).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58;
    rt().syncs[h as usize % SYNC_SHARDS].lock().unwrap()
}

fn rt() -> &'static RaceRt {
    static RT: OnceLock<RaceRt> = OnceLock::new();
    RT.get_or_init(|| {
        // Fresh memory may hold a freed object's history: the allocator
        // resets it as it hands it out.
        minigo_gc::alloc::set_fresh_hook(|lo, hi| rt().mem.forget(lo as u64, hi as u64));
        new_rt()
    })
}

fn new_rt() -> RaceRt {
    RaceRt {
        tids: TidAlloc::default(),
        mem: ShadowMemory::default(),
        stacks: Mutex::default(),
        goroutines: Mutex::default(),
        syncs: (0..SYNC_SHARDS).map(|_| Mutex::default()).collect(),
        found: AtomicU64::new(0),
        started: AtomicU64::new(0),
        reported: Mutex::default(),
        out: Mutex::new(()),
        opts: Options::from_env(),
    }
}

/// A goroutine's race state (`Goroutine::race`).
pub(crate) struct GRace {
    t: RaceThread,
    /// This goroutine's stacks already interned, to their site ids.
    sites: HashMap<Box<[u64]>, u32, FxBuild>,
    scratch: Vec<u64>,
    /// The last access's stack, as the frames' (proto, saved pc) and the
    /// running pc, with its site and dedup location: a loop's accesses
    /// reuse it while the stack below the loop is the same.
    last_frames: Vec<(u32, u32)>,
    last_pc: usize,
    last_site: Option<(u32, u64)>,
    pages: PageCache,
}

impl GRace {
    fn new(t: RaceThread, created: Option<u32>) -> Box<GRace> {
        rt().goroutines.lock().unwrap().insert(
            t.tid,
            GInfo {
                created,
                finished: false,
                permanent: false,
            },
        );
        Box::new(GRace {
            t,
            sites: HashMap::default(),
            scratch: Vec::new(),
            last_frames: Vec::new(),
            last_pc: 0,
            last_site: None,
            pages: PageCache::default(),
        })
    }
}

impl Drop for GRace {
    /// The goroutine is gone: later reports say `(finished)`.
    fn drop(&mut self) {
        if let Some(i) = rt().goroutines.lock().unwrap().get_mut(&self.t.tid) {
            i.finished = true;
        }
    }
}

/// Goroutine 1's race state, when `-race` is on.
pub(crate) fn main_thread(prog: &Program) -> Option<Box<GRace>> {
    if !prog.race {
        return None;
    }
    let t = RaceThread::main(&rt().tids, 1);
    rt().mem.note_goid(&t);
    Some(GRace::new(t, None))
}

/// Counts a goroutine started under `-race`: false once the detector has
/// stopped (past [`MAX_GOROUTINES`], the rest of the run is unchecked).
fn start_goroutine() -> bool {
    let started = rt().started.fetch_add(1, Relaxed) + 1;
    if started >= MAX_GOROUTINES {
        STOPPED.store(true, Relaxed);
    }
    !STOPPED.load(Relaxed)
}

/// `go f()` by `parent` (its pc saved just past the `Go`): the child's
/// race state, starting after everything `parent` did so far.
pub(crate) fn fork(parent: &mut Goroutine) -> Option<Box<GRace>> {
    if !start_goroutine() {
        parent.race = None;
        return None;
    }
    let mut gr = parent.race.take()?;
    let site = site(parent, &mut gr, None);
    let t = gr.t.fork(&rt().tids, 0);
    parent.race = Some(gr);
    Some(GRace::new(t, Some(site)))
}

/// The goroutine `time.AfterFunc` starts when its timer fires (`anchor`:
/// the timer's channel): it begins after what released the timer (the
/// call to `AfterFunc`, a `Reset`), as Go's runtime releases a timer in
/// `newTimer` and `resetTimer` and acquires it before it runs `go f()`.
pub(crate) fn timer_goroutine(prog: &Program, anchor: Word) -> Option<Box<GRace>> {
    if !prog.race {
        return None;
    }
    if !start_goroutine() {
        return None;
    }
    let a = addr(anchor);
    let t = RaceThread::after(&rt().tids, 0, syncs(a).entry(a).or_default());
    Some(GRace::new(t, Some(runtime_site(prog, super::SYNTH_GOFUNC))))
}

/// A finalizer's goroutine: it starts after everything every goroutine
/// did so far (Go's detector has the finalizer goroutine acquire all:
/// the object was found dead after all of it). `None` (unchecked, as
/// before any finalizer could be) past the goroutines whose clocks the
/// detector keeps.
pub(crate) fn finalizer_goroutine(prog: &Program) -> Option<Box<GRace>> {
    if !prog.race {
        return None;
    }
    if !start_goroutine() {
        return None;
    }
    let t = RaceThread::after_all(&rt().tids, 0)?;
    let tid = t.tid;
    let gr = GRace::new(t, Some(runtime_site(prog, super::SYNTH_CREATEFING)));
    if let Some(i) = rt().goroutines.lock().unwrap().get_mut(&tid) {
        i.permanent = true;
    }
    Some(gr)
}

/// The interned one-frame stack of the runtime function that starts a
/// goroutine on the program's behalf (`which`: a synthetic frame).
fn runtime_site(prog: &Program, which: u64) -> u32 {
    let pc = (super::synth_frame(prog) << 32) | which;
    rt().stacks.lock().unwrap().intern(&[pc])
}

/// The site id of `g`'s stack now; `top`: the running instruction's pc
/// (else the top frame's saved pc, just past the instruction).
fn site(g: &Goroutine, gr: &mut GRace, top: Option<usize>) -> u32 {
    let prog = &*g.prog;
    gr.scratch.clear();
    let n = g.frames.len();
    let mut skip_bottom = false;
    if let Some(b) = g.frames.first() {
        skip_bottom = g.created_by != 0 && super::is_go_thunk(&prog.protos[b.proto as usize]);
    }
    for (j, e) in g.trace_entries().enumerate() {
        if e.skip || (skip_bottom && j + 1 == n) {
            continue;
        }
        let pc = match (j, top) {
            (0, Some(pc)) => pc as u64,
            (0, None) => u64::from(e.pc.saturating_sub(1)),
            _ => u64::from(e.pc),
        };
        gr.scratch.push((u64::from(e.proto) << 32) | pc);
    }
    if let Some(&id) = gr.sites.get(&gr.scratch[..]) {
        return id;
    }
    let id = rt().stacks.lock().unwrap().intern(&gr.scratch);
    gr.sites.insert(gr.scratch.as_slice().into(), id);
    id
}

/// The address a pointer word designates (tag bits off).
#[inline]
pub(crate) fn addr(p: Word) -> u64 {
    p & minigo_gc::ADDR_MASK
}

/// The site id and dedup location (the top pc) of `g`'s stack with the
/// running frame at `pc`; the last one again when the stack is the same.
fn site_at(g: &Goroutine, gr: &mut GRace, pc: usize) -> (u32, u64) {
    let n = g.frames.len();
    if let Some(s) = gr.last_site {
        if gr.last_pc == pc
            && gr.last_frames.len() == n
            && g.frames
                .iter()
                .zip(&gr.last_frames)
                .enumerate()
                .all(|(i, (f, &(p, q)))| f.proto == p && (i + 1 == n || f.pc == q))
        {
            return s;
        }
    }
    let site = site(g, gr, Some(pc));
    let s = (site, gr.scratch.first().copied().unwrap_or(0));
    gr.last_frames.clear();
    gr.last_frames
        .extend(g.frames.iter().map(|f| (f.proto, f.pc)));
    gr.last_pc = pc;
    gr.last_site = Some(s);
    s
}

/// The dedup location of an interned site: its top pc.
fn loc_of(site: u32) -> u64 {
    let st = rt().stacks.lock().unwrap();
    st.locs.get(site as usize).copied().unwrap_or(0)
}

/// Go code at `pc` of the running frame reads (`write` false) or writes
/// what `p` points to (a slot, or a tagged pointer to a narrow element).
/// Cold for the run loop's layout: its callers are hot instructions that
/// run only under `-race`, which must not cost the plain ones anything.
#[cold]
#[inline(never)]
pub(crate) fn access(g: &mut Goroutine, pc: usize, p: Word, write: bool) {
    let (addr, size) = heap::ptr_span(p);
    let Some(mut gr) = g.race.take() else {
        return;
    };
    if STOPPED.load(Relaxed) {
        return;
    }
    let found = access_with(g, &mut gr, pc, addr, size, write);
    g.race = Some(gr);
    if let Some(race) = found {
        report(&g.prog, &race);
    }
}

fn access_with(
    g: &Goroutine,
    gr: &mut GRace,
    pc: usize,
    addr: u64,
    size: u32,
    write: bool,
) -> Option<Race> {
    if gr.t.goid != g.id {
        gr.t.goid = g.id;
        rt().mem.note_goid(&gr.t);
    }
    let (site, top) = site_at(g, gr, pc);
    rt().mem.access(
        &mut gr.pages,
        addr,
        size,
        &mut gr.t,
        write,
        site,
        top,
        &loc_of,
    )
}

/// Go code at `pc` reads or writes elements `[lo, hi)` of slice `s`
/// (`copy`, `append`, conversions).
pub(crate) fn access_elems(
    g: &mut Goroutine,
    pc: usize,
    s: Word,
    lo: usize,
    hi: usize,
    write: bool,
) {
    if hi <= lo || s == 0 {
        return;
    }
    let h = heap::slice_or_nil(s);
    let (Some(a), Some(b)) = (h.elem_addr(lo), h.elem_addr(hi - 1)) else {
        return;
    };
    let (a, _) = heap::ptr_span(a);
    let (b, size) = heap::ptr_span(b);
    // An inline struct element is its K field slots, not one word.
    let size = match h.stride() {
        0 => u64::from(size),
        k => 8 * k as u64,
    };
    access_range(g, pc, a, b + size, write);
}

/// Go code at `pc` reads or writes the bytes `[lo, hi)`: a check per
/// word they touch.
fn access_range(g: &mut Goroutine, pc: usize, lo: u64, hi: u64, write: bool) {
    let Some(mut gr) = g.race.take() else {
        return;
    };
    if STOPPED.load(Relaxed) {
        return;
    }
    let mut found = None;
    let mut w = lo & !7;
    while w < hi {
        let (a, b) = (w.max(lo), (w + 8).min(hi));
        if let Some(r) = access_with(g, &mut gr, pc, a, (b - a) as u32, write) {
            found.get_or_insert(r);
        }
        w += 8;
    }
    g.race = Some(gr);
    if let Some(race) = found {
        report(&g.prog, &race);
    }
}

/// Go code at `pc` copies the aggregate `w` of type `t` (`write` false:
/// `v := s`, an argument, a result, a range variable, `x = *p`: every
/// word read) or copies into it (`write`: `s = v`, `*p = v`: every word
/// written), as Go's instrumentation of a struct or array copy accesses
/// each word it moves.
#[cold]
#[inline(never)]
pub(crate) fn access_aggregate(g: &mut Goroutine, pc: usize, t: u32, w: Word, write: bool) {
    if g.race.is_none() || STOPPED.load(Relaxed) {
        return;
    }
    let prog = std::sync::Arc::clone(&g.prog);
    let mut spans = Vec::new();
    aggregate_spans(&prog.rtypes, t, w, 0, &mut spans);
    // Adjacent words (a struct's fields) make one range.
    let mut merged: Vec<(u64, u64)> = Vec::with_capacity(spans.len());
    for (lo, hi) in spans {
        match merged.last_mut() {
            Some(last) if last.1 == lo => last.1 = hi,
            _ => merged.push((lo, hi)),
        }
    }
    for (lo, hi) in merged {
        access_range(g, pc, lo, hi, write);
    }
}

/// The memory of aggregate `w` of type `t` that a copy of it moves, as
/// byte ranges: non-aggregate fields' slots, array elements, and nested
/// aggregates' own memory (a nested box's slot holds minigo's pointer to
/// it, no word of Go's).
fn aggregate_spans(
    rt: &[crate::rtype::RType],
    t: u32,
    w: Word,
    depth: u32,
    out: &mut Vec<(u64, u64)>,
) {
    use crate::rtype::Kind;
    if w == 0 || depth > 64 || out.len() > 1 << 20 {
        return;
    }
    let ty = &rt[t as usize];
    match ty.kind {
        Kind::Struct => {
            for (i, f) in ty.fields.iter().enumerate() {
                let slot = heap::field(w, i);
                if rt[f.ty as usize].aggregate {
                    aggregate_spans(rt, f.ty, heap::load(slot), depth + 1, out);
                } else {
                    let a = slot as *const heap::Slot as u64;
                    out.push((a, a + 8));
                }
            }
        }
        Kind::Array => {
            let s = heap::slice_or_nil(w);
            let n = s.len();
            if n == 0 {
                return;
            }
            if rt[ty.elem as usize].aggregate && s.stride() == 0 {
                for i in 0..n {
                    if let Some(v) = s.get(i) {
                        aggregate_spans(rt, ty.elem, v, depth + 1, out);
                    }
                }
                return;
            }
            let (Some(a), Some(b)) = (s.elem_addr(0), s.elem_addr(n - 1)) else {
                return;
            };
            let (a, _) = heap::ptr_span(a);
            let (b, size) = heap::ptr_span(b);
            // An inline struct element is its K field slots, not one word.
            let size = match s.stride() {
                0 => u64::from(size),
                k => 8 * k as u64,
            };
            out.push((a, b + size));
        }
        _ => {}
    }
}

/// The source of `copy`/`append(s, src...)` as a slice to check: none when
/// it is a string (immutable: it cannot race).
pub(crate) fn src_slice(rt: &[crate::rtype::RType], t: u16, src: Word) -> Word {
    if rt[t as usize].kind == crate::rtype::Kind::String {
        0
    } else {
        src
    }
}

/// `out := append(s, ...)` at `pc`: reads of `src`'s elements (`n`
/// appended elements otherwise), writes of the new elements of `out`,
/// and, when the array grew, reads of `s`'s elements (Go's `growslice`
/// copies them).
pub(crate) fn append(g: &mut Goroutine, pc: usize, s: Word, out: Word, src: Word, n: usize) {
    let old = heap::slice_or_nil(s);
    let new = heap::slice_or_nil(out);
    let len = old.len();
    if src != 0 {
        access_elems(g, pc, src, 0, heap::slice_or_nil(src).len(), false);
    }
    let added = if src != 0 { new.len() - len } else { n };
    if len > 0 && old.elem_addr(0) != new.elem_addr(0) {
        access_elems(g, pc, s, 0, len, false);
    }
    access_elems(g, pc, out, len, len + added, true);
}

fn report(prog: &Program, race: &Race) {
    let rt = rt();
    if !rt.reported.lock().unwrap().insert(race.addr) {
        return;
    }
    rt.found.fetch_add(1, Relaxed);
    let mut out = Vec::new();
    let who = |goid: u64| {
        if goid == 1 {
            "main goroutine".to_string()
        } else {
            format!("goroutine {goid}")
        }
    };
    let kind = |w: bool| if w { "write" } else { "read" };
    let stacks = rt.stacks.lock().unwrap();
    let frames = |out: &mut Vec<u8>, site: u32| {
        for &pc in stacks.list.get(site as usize).map_or(&[][..], |s| &s[..]) {
            if let Some((name, file, line)) = super::pc_info(prog, pc) {
                let _ = writeln!(
                    out,
                    "  {name}()\n      {file}:{line} +0x{:x}",
                    (pc & 0xffff_ffff) * 4
                );
            }
        }
    };
    let _ = writeln!(out, "==================\nWARNING: DATA RACE");
    let cap = |s: &str| {
        let mut c = s.chars();
        c.next()
            .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
            .unwrap_or_default()
    };
    let _ = writeln!(
        out,
        "{} at 0x{:012x} by {}:",
        cap(kind(race.cur_write)),
        race.addr,
        who(race.cur.goid)
    );
    frames(&mut out, race.cur.site);
    let _ = writeln!(
        out,
        "\nPrevious {} at 0x{:012x} by {}:",
        kind(race.prev_write),
        race.addr,
        who(race.prev.goid)
    );
    frames(&mut out, race.prev.site);
    let infos = rt.goroutines.lock().unwrap();
    let mut shown = Vec::new();
    for (a, running) in [(&race.cur, true), (&race.prev, false)] {
        if a.goid == 1 || shown.contains(&a.epoch.tid) {
            continue;
        }
        shown.push(a.epoch.tid);
        let Some(info) = infos.get(&a.epoch.tid) else {
            continue;
        };
        let state = if running || !info.finished || info.permanent {
            "running"
        } else {
            "finished"
        };
        let _ = writeln!(out, "\nGoroutine {} ({state}) created at:", a.goid);
        if let Some(s) = info.created {
            frames(&mut out, s);
        }
    }
    drop(infos);
    drop(stacks);
    let _ = writeln!(out, "==================");
    let _guard = rt.out.lock().unwrap();
    super::stdio::flush_stdout();
    super::stdio::write_stderr(&out);
    if rt.opts.halt_on_error {
        std::process::exit(rt.opts.exitcode);
    }
}

/// The exit status of a process ending with `code`: at a successful
/// exit after races, Go's `Found N data race(s)` and `GORACE`'s
/// `exitcode` (66).
pub(crate) fn exit_status(code: i32) -> i32 {
    if !enabled() || code != 0 {
        return code;
    }
    let n = rt().found.load(Relaxed);
    if n == 0 {
        return code;
    }
    let _guard = rt().out.lock().unwrap();
    super::stdio::flush_stdout();
    super::stdio::write_stderr(format!("Found {n} data race(s)\n").as_bytes());
    rt().opts.exitcode
}

/// Races reported so far in this process.
pub fn races_found() -> u64 {
    if enabled() {
        rt().found.load(Relaxed)
    } else {
        0
    }
}

// ---- synchronisation

/// What `g` did so far happens before whatever later acquires `obj`.
pub(crate) fn release(g: &mut Goroutine, obj: Word) {
    let Some(gr) = g.race.as_deref_mut() else {
        // An unchecked goroutine (a `time.AfterFunc` callback, a
        // finalizer) passes on edges the detector cannot see: whatever
        // happened before it started may happen before what acquires
        // from it. Forgetting every word's history keeps that from
        // becoming a false report.
        if !STOPPED.load(Relaxed) {
            rt().mem.clear();
        }
        return;
    };
    if STOPPED.load(Relaxed) {
        g.race = None;
        return;
    }
    gr.t.release(syncs(addr(obj)).entry(addr(obj)).or_default());
}

/// Everything released to `obj` so far happens before what `g` does next.
pub(crate) fn acquire(g: &mut Goroutine, obj: Word) {
    let Some(gr) = g.race.as_deref_mut() else {
        return;
    };
    if STOPPED.load(Relaxed) {
        g.race = None;
        return;
    }
    let a = addr(obj);
    if let Some(s) = syncs(a).get_mut(&a) {
        gr.t.acquire(s);
    }
}

/// The clock a channel operation of `g` synchronises (the runtime does
/// Go's channel edges under the channel's lock: `minigo_runtime::Chan`).
/// `None` without `-race`, once detection has stopped, and for an
/// unchecked goroutine, whose edges the detector cannot see: as for its
/// releases ([`release`]), every word's history is forgotten instead.
pub(crate) fn chan_thread(g: &mut Goroutine) -> Option<&mut RaceThread> {
    if !g.prog.race {
        return None;
    }
    if STOPPED.load(Relaxed) {
        g.race = None;
        return None;
    }
    match g.race.as_deref_mut() {
        Some(gr) => Some(&mut gr.t),
        None => {
            rt().mem.clear();
            None
        }
    }
}

/// After a receive from `ch` completed: a timer's channel also hands
/// over what released the timer (creating or resetting it, as Go's
/// runtime releases a timer in `newTimer`/`resetTimer` and acquires it
/// before its send).
pub(crate) fn chan_received(g: &mut Goroutine, ch: Word) {
    if g.race.is_some() && super::chan::chan(ch).is_some_and(|c| c.timer.load(Relaxed)) {
        acquire(g, ch);
    }
}

/// A send (a read of the channel) or a close (a write of it) by checked
/// code ([`is_checked`]), as Go's `chansend` and `closechan` check the
/// channel: a close unordered with a send races. Before the operation's
/// release, so that what acquires it covers the access.
pub(crate) fn chan_access(g: &mut Goroutine, pc: usize, ch: Word, write: bool) {
    if g.wait.is_some() || ch == 0 || g.race.is_none() {
        return;
    }
    let Some(f) = g.frames.last() else {
        return;
    };
    if !g.prog.race_checked[f.proto as usize] {
        return;
    }
    // Go writes the channel only in a close that succeeds (it checks
    // under the channel's lock; a second close panics first).
    if write && super::chan::chan(ch).is_none_or(|c| c.ch.is_closed()) {
        return;
    }
    if write {
        access(g, pc, addr(ch), true);
        return;
    }
    // A send's read, dated in the last operation's epoch: a pipeline
    // stage that only passes values on keeps its clock, and its channel
    // operations their constant-time shortcuts (go_sieve under -race:
    // 13 s with a tick per send, 5.6 s without, 1 s plain). It may then
    // look ordered before a close it is not (a missed race, never a
    // false one).
    let held = g.race.as_deref_mut().is_some_and(|gr| gr.t.hold_tick());
    access(g, pc, addr(ch), false);
    if let Some(gr) = g.race.as_deref_mut() {
        gr.t.resume_tick(held);
    }
}

/// A `select`'s send cases read their channels, as a send does. Go's
/// `selectgo` reads those it polls before one proceeds, in a random
/// order; every send case is read here, which reports the races Go finds
/// under some poll order.
pub(crate) fn select_sends(g: &mut Goroutine, pc: usize, cases: &[(bool, Word, Word)]) {
    for &(send, ch, _) in cases {
        if send {
            chan_access(g, pc, ch, false);
        }
    }
}

/// `select` chose case `i` (-1: default): a receive from a timer's
/// channel acquires the timer ([`chan_received`]).
pub(crate) fn select_done(g: &mut Goroutine, cases: &[(bool, Word, Word)], i: i64) {
    if let Some(&(false, ch, _)) = usize::try_from(i).ok().and_then(|i| cases.get(i)) {
        chan_received(g, ch);
    }
}

// ---- load time

/// The instrumented twin of a memory instruction.
fn twin(op: Op) -> Option<Op> {
    Some(match op {
        Op::LoadGlobal { a, g } => Op::RaceLoadGlobal { a, g },
        Op::StoreGlobal { a, g } => Op::RaceStoreGlobal { a, g },
        Op::Load { a, b } => Op::RaceLoad { a, b },
        Op::Store { a, b } => Op::RaceStore { a, b },
        Op::Field { a, b, i } => Op::RaceField { a, b, i },
        Op::SetField { a, i, b } => Op::RaceSetField { a, i, b },
        Op::Index { a, b, c } => Op::RaceIndex { a, b, c },
        Op::SetIndex { a, b, c } => Op::RaceSetIndex { a, b, c },
        Op::SetIndexK { a, b, k } => Op::RaceSetIndexK { a, b, k },
        Op::MapGet { a, b, c } => Op::RaceMapGet { a, b, c },
        Op::MapGetOk { a, b, c } => Op::RaceMapGetOk { a, b, c },
        Op::MapSet { a, b, c } => Op::RaceMapSet { a, b, c },
        Op::MapDelete { a, b } => Op::RaceMapDelete { a, b },
        Op::Append { a, b, t } => Op::RaceAppend { a, b, t },
        Op::AppendStack { a, b, t } => Op::RaceAppendStack { a, b, t },
        Op::AppendSlice { a, b, t } => Op::RaceAppendSlice { a, b, t },
        Op::AppendSliceStack { a, b, t } => Op::RaceAppendSliceStack { a, b, t },
        Op::CopySlice { a, b, t } => Op::RaceCopySlice { a, b, t },
        Op::Copy { a, b, t } => Op::RaceCopy { a, b, t },
        Op::CopyInto { a, b, t } => Op::RaceCopyInto { a, b, t },
        Op::BytesToStr { a, b } => Op::RaceBytesToStr { a, b },
        Op::RunesToStr { a, b } => Op::RaceRunesToStr { a, b },
        Op::Send { a, b } => Op::RaceSend { a, b },
        Op::Recv { a, b } => Op::RaceRecv { a, b },
        Op::RecvOk { a, b } => Op::RaceRecvOk { a, b },
        Op::Close { a } => Op::RaceClose { a },
        Op::Select { a, d } => Op::RaceSelect { a, d },
        _ => return None,
    })
}

/// The instruction an instrumented twin stands for (for the verifier,
/// which checks a twin as that instruction); others as they are.
pub fn unrace(op: Op) -> Op {
    match op {
        Op::RaceLoadGlobal { a, g } => Op::LoadGlobal { a, g },
        Op::RaceStoreGlobal { a, g } => Op::StoreGlobal { a, g },
        Op::RaceLoad { a, b } => Op::Load { a, b },
        Op::RaceStore { a, b } => Op::Store { a, b },
        Op::RaceField { a, b, i } => Op::Field { a, b, i },
        Op::RaceSetField { a, i, b } => Op::SetField { a, i, b },
        Op::RaceIndex { a, b, c } => Op::Index { a, b, c },
        Op::RaceSetIndex { a, b, c } => Op::SetIndex { a, b, c },
        Op::RaceSetIndexK { a, b, k } => Op::SetIndexK { a, b, k },
        Op::RaceMapGet { a, b, c } => Op::MapGet { a, b, c },
        Op::RaceMapGetOk { a, b, c } => Op::MapGetOk { a, b, c },
        Op::RaceMapSet { a, b, c } => Op::MapSet { a, b, c },
        Op::RaceMapDelete { a, b } => Op::MapDelete { a, b },
        Op::RaceAppend { a, b, t } => Op::Append { a, b, t },
        Op::RaceAppendStack { a, b, t } => Op::AppendStack { a, b, t },
        Op::RaceAppendSlice { a, b, t } => Op::AppendSlice { a, b, t },
        Op::RaceAppendSliceStack { a, b, t } => Op::AppendSliceStack { a, b, t },
        Op::RaceCopySlice { a, b, t } => Op::CopySlice { a, b, t },
        Op::RaceCopy { a, b, t } => Op::Copy { a, b, t },
        Op::RaceCopyInto { a, b, t } => Op::CopyInto { a, b, t },
        Op::RaceBytesToStr { a, b } => Op::BytesToStr { a, b },
        Op::RaceRunesToStr { a, b } => Op::RunesToStr { a, b },
        Op::RaceSend { a, b } => Op::Send { a, b },
        Op::RaceRecv { a, b } => Op::Recv { a, b },
        Op::RaceRecvOk { a, b } => Op::RecvOk { a, b },
        Op::RaceClose { a } => Op::Close { a },
        Op::RaceSelect { a, d } => Op::Select { a, d },
        other => other,
    }
}

/// Whether a proto is the program's own code (not minigo's standard
/// library, whose files are under `$GOROOT`, nor a compiler wrapper).
fn is_user_code(p: &Proto) -> bool {
    !p.file.is_empty() && !p.file.starts_with('$')
}

/// The packages of minigo's Go-written standard library whose memory
/// accesses are not checked (with the packages under them): those Go's
/// compiler does not instrument either. `sync` and `sync/atomic` order
/// other code (their locks are compare-and-swap loops around plain
/// accesses: their edges come from natives, [`native`]); `runtime` and
/// `internal/*` are the runtime's. The rest of the library is checked as
/// the program is: a race in it is a race of the program (a `bytes.Buffer`
/// two goroutines write) or a bug of the library (its lazily made tables
/// are made under `sync.Once`, as Go's).
const UNCHECKED_STD: &[&str] = &["internal", "runtime", "sync"];

/// Whether a proto's memory accesses are checked: the program's code,
/// and the library's but [`UNCHECKED_STD`]'s.
fn is_checked(p: &Proto) -> bool {
    if is_user_code(p) {
        return true;
    }
    let Some(rest) = p.file.strip_prefix("$GOROOT/src/") else {
        return false;
    };
    let pkg = rest.rsplit_once('/').map_or("", |(d, _)| d);
    !UNCHECKED_STD.iter().any(|u| {
        pkg.strip_prefix(u)
            .is_some_and(|r| r.is_empty() || r.starts_with('/'))
    })
}

/// `-race` at load time: the memory instructions of checked code
/// ([`is_checked`]) and the channel instructions of all code become
/// their instrumented twins. Returns, by proto, whether it is checked.
pub(crate) fn instrument(protos: &mut [Proto]) -> Vec<bool> {
    let mut checked = Vec::with_capacity(protos.len());
    for p in protos.iter_mut() {
        let user = is_checked(p);
        checked.push(user);
        for op in p.code.iter_mut() {
            if let Some(t) = twin(*op).filter(|&t| user || synchronises(t)) {
                *op = t;
            }
        }
    }
    checked
}

/// Whether a twin is a channel operation: those synchronise wherever
/// they run, minigo's library included (`context`'s cancellation closes
/// its `Done` channel, which the program's receive acquires).
fn synchronises(op: Op) -> bool {
    matches!(
        op,
        Op::RaceSend { .. }
            | Op::RaceRecv { .. }
            | Op::RaceRecvOk { .. }
            | Op::RaceClose { .. }
            | Op::RaceSelect { .. }
    )
}

/// The synchronising natives under `-race`: the plain native plus its
/// happens-before edges.
pub(crate) fn native(name: &str) -> Option<NativeFn> {
    Some(match name {
        "sync.Mutex.Lock"
        | "sync.RWMutex.RLock"
        | "sync.WaitGroup.Wait"
        | "sync.Cond.waitTicket" => |cx| after(cx, true),
        // An RWMutex has two clocks, as Go's annotations of rwmutex.go:
        // readers acquire what writers released (`readerSem`: the
        // mutex's own) and release into the one writers acquire
        // (`writerSem`, one byte further: no other object's), so two
        // readers are not ordered with each other.
        "sync.RWMutex.Lock" => |cx| {
            let o = cx.arg(0);
            after(cx, true)?;
            if cx.blocked.is_none() {
                acquire(cx.g, o + 1);
            }
            Ok(())
        },
        "sync.RWMutex.RUnlock" => |cx| {
            let o = cx.arg(0);
            release(cx.g, o + 1);
            plain(cx)
        },
        "sync.RWMutex.TryLock" => |cx| {
            let o = cx.arg(0);
            plain(cx)?;
            if cx.arg(0) != 0 {
                acquire(cx.g, o);
                acquire(cx.g, o + 1);
            }
            Ok(())
        },
        "sync.Mutex.Unlock"
        | "sync.RWMutex.Unlock"
        | "sync.WaitGroup.Add"
        | "sync.Cond.Signal"
        | "sync.Cond.Broadcast" => |cx| {
            let o = cx.arg(0);
            release(cx.g, o);
            plain(cx)
        },
        // I/O synchronises as Go's race detector has it (internal/poll's
        // ioSync): every write to a file or socket happens before every
        // read that completes after it (a request written happens before
        // the server's handling of it).
        // The buffer a write sends is read (Go's syscall package:
        // `race.ReadRange`), before the write.
        "net.sysWrite" | "net.sysSendTo" | "os.sysWrite" | "os.sysPwrite" | "os.sysWriteFile" => {
            |cx| {
                let b = cx.arg(1);
                io_buffer(cx, b, heap::slice_or_nil(b).len(), false);
                release(cx.g, IO_SYNC);
                plain(cx)
            }
        }
        // Natives standing for Go code that Go's detector sees: sorting
        // reads and writes the elements, unicode/utf8 reads (or writes)
        // the bytes it decodes (or encodes). (bytes.IndexByte and
        // bytes.Index are assembly in Go, unchecked there too.)
        // Timers: creating one (`NewTimer`, `AfterFunc`) or `Reset`
        // happens before it fires (Go's runtime releases the timer in
        // `newTimer` and `resetTimer`, and its firing acquires it): a
        // release on the timer's channel, which a receive from it
        // acquires and AfterFunc's goroutine starts with
        // ([`timer_goroutine`]). `Stop` is no edge, as in Go.
        "time.startTimer" | "time.startFuncTimer" => |cx| {
            let ch = cx.arg(0);
            release(cx.g, ch);
            plain(cx)
        },
        "time.resetTimer" => |cx| {
            if let Some(ch) = super::timers::chan_of(cx.int(0)) {
                release(cx.g, ch);
            }
            plain(cx)
        },
        // `sort.Slice`'s swaps (Go's `reflect.Swapper`): a read and a
        // write of both elements, when the sort was called by the
        // program's code.
        "sort.sliceSwap" => |cx| {
            let s = heap::iface(cx.arg(0)).map_or(0, |i| i.data);
            let n = heap::slice_or_nil(s).len() as u64;
            let (i, j) = (cx.arg(1), cx.arg(2));
            let user =
                cx.g.frames
                    .iter()
                    .any(|f| is_user_code(&cx.prog.protos[f.proto as usize]));
            if user && i < n && j < n {
                let pc =
                    cx.g.frames
                        .last()
                        .map_or(0, |f| f.pc.saturating_sub(1) as usize);
                for write in [false, true] {
                    for k in [i as usize, j as usize] {
                        access_elems(cx.g, pc, s, k, k + 1, write);
                    }
                }
            }
            plain(cx)
        },
        // reflect's reads and writes of a variable (`Value.Int`,
        // `SetInt`, `Set`, `Elem` through a pointer, ...): reflect is
        // instrumented Go code in Go, checked here when reflect's Go code
        // is (as every Go-written package but sync, atomic, runtime).
        "reflect.load" | "reflect.store" => |cx| {
            let write = cx.name() == "reflect.store";
            let (t, p) = (cx.arg(0) as u32, cx.arg(1));
            if let Some(pc) = checked_pc(cx).filter(|_| p != 0) {
                if cx.prog.rtypes.get(t as usize).is_some_and(|r| r.aggregate) {
                    access_aggregate(cx.g, pc, t, p, write);
                } else {
                    access(cx.g, pc, p, write);
                }
            }
            plain(cx)
        },
        // reflect's map operations access the map as Go's mapaccess and
        // mapassign do (`MapIndex`, `MapRange`/`MapKeys` read it;
        // `SetMapIndex`, a delete and `Clear` write it), and `Append`
        // reads what it copies and writes the new element, as `append`.
        "reflect.mapIndex" | "reflect.mapEntries" | "reflect.mapIterStart" => |cx| {
            let m = cx.arg(1);
            native_access(cx, m, false);
            plain(cx)
        },
        "reflect.mapSet" | "reflect.mapDelete" => |cx| {
            let m = cx.arg(1);
            native_access(cx, m, true);
            plain(cx)
        },
        "reflect.mapClear" => |cx| {
            let m = cx.arg(0);
            native_access(cx, m, true);
            plain(cx)
        },
        "reflect.appendOne" => |cx| {
            let s = cx.arg(1);
            plain(cx)?;
            if let Some(pc) = checked_pc(cx) {
                let out = cx.arg(0);
                append(cx.g, pc, s, out, 0, 1);
            }
            Ok(())
        },
        "sort.Ints" | "sort.Float64s" | "sort.Strings" => |cx| {
            let s = cx.arg(0);
            let n = heap::slice_or_nil(s).len();
            native_elems(cx, s, 0, n, false);
            native_elems(cx, s, 0, n, true);
            plain(cx)
        },
        "unicode/utf8.DecodeRune" | "unicode/utf8.DecodeLastRune" | "unicode/utf8.EncodeRune" => {
            |cx| {
                let s = cx.arg(0);
                let n = heap::slice_or_nil(s).len();
                let encode = cx.name() == "unicode/utf8.EncodeRune";
                let last = cx.name() == "unicode/utf8.DecodeLastRune";
                plain(cx)?;
                // The bytes of the rune decoded (or encoded): its width.
                let w = cx.arg(usize::from(!encode)) as usize;
                let (lo, hi) = if last {
                    (n.saturating_sub(w), n)
                } else {
                    (0, w.min(n))
                };
                native_elems(cx, s, lo, hi, encode);
                Ok(())
            }
        }
        "unicode/utf8.RuneCount" | "unicode/utf8.Valid" | "unicode/utf8.FullRune" => |cx| {
            let s = cx.arg(0);
            let n = heap::slice_or_nil(s).len();
            let name = cx.name().to_string();
            plain(cx)?;
            // What Go's code surely reads: RuneCount every byte, Valid
            // every byte when it says true, else (and FullRune) the
            // first.
            let all = name == "unicode/utf8.RuneCount"
                || (name == "unicode/utf8.Valid" && cx.arg(0) != 0);
            native_elems(cx, s, 0, if all { n } else { n.min(1) }, false);
            Ok(())
        },
        // A read acquires, and writes the bytes it read into the buffer
        // (`race.WriteRange` of the first n bytes), once done.
        "net.sysRead" | "net.sysRecvFrom" | "net.sysAccept" | "os.sysRead" | "os.sysPread"
        | "os.sysReadFile" => |cx| {
            let buffered = !matches!(cx.name(), "net.sysAccept" | "os.sysReadFile");
            let b = if buffered { cx.arg(1) } else { 0 };
            plain(cx)?;
            if cx.blocked.is_none() {
                acquire(cx.g, IO_SYNC);
                if b != 0 {
                    let n = (cx.arg(0) as usize).min(heap::slice_or_nil(b).len());
                    io_buffer(cx, b, n, true);
                }
            }
            Ok(())
        },
        // fmt's printers read their arguments (Go's race detector sees
        // those reads in fmt's frames, by the calling goroutine).
        "fmt.sysPrint" | "fmt.sysPrintln" | "fmt.sysSprint" | "fmt.sysSprintln" => |cx| {
            let a = cx.arg(2);
            fmt_reads(cx, a);
            plain(cx)
        },
        "fmt.sysPrintf" | "fmt.sysSprintf" | "fmt.errorfText" => |cx| {
            let a = cx.arg(3);
            fmt_reads(cx, a);
            plain(cx)
        },
        "sync.Mutex.TryLock" | "sync.RWMutex.TryRLock" => |cx| after(cx, false),
        n if n.strip_prefix("sync/atomic.").is_some_and(|f| {
            [
                "Add",
                "Swap",
                "Load",
                "Store",
                "CompareAndSwap",
                "And",
                "Or",
            ]
            .iter()
            .any(|p| f.starts_with(p))
        }) =>
        {
            atomic_op
        }
        _ => return None,
    })
}

/// A `sync/atomic` operation: it acquires and releases its word, and is
/// an atomic access of it (a read for a `Load`, a write otherwise, a
/// failed `CompareAndSwap` included, as ThreadSanitizer has it), which
/// races with plain accesses of the word, never with atomic ones
/// (`ShadowMemory::access_as`). The acquire, the access, the operation
/// and the release are one step under the lock of the word's clock, so
/// that a goroutine whose operation sees this one's effect also sees its
/// release, and finds its access recorded.
fn atomic_op(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let o = cx.arg(0);
    if o == 0 || cx.g.race.is_none() || STOPPED.load(Relaxed) {
        // A nil pointer panics in the plain native; an unchecked
        // goroutine still passes its edges on (`release`).
        if o != 0 {
            release(cx.g, o);
        }
        plain(cx)?;
        if o != 0 {
            acquire(cx.g, o);
        }
        return Ok(());
    }
    let name = cx.name().trim_start_matches("sync/atomic.").to_string();
    let mut gr = cx.g.race.take().expect("checked");
    if gr.t.goid != cx.g.id {
        gr.t.goid = cx.g.id;
        rt().mem.note_goid(&gr.t);
    }
    let access = atomic_access(cx.g, &mut gr, &name);
    let (a, size) = heap::ptr_span(o);
    let key = addr(o);
    let mut shard = syncs(key);
    let s = shard.entry(key).or_default();
    gr.t.acquire(s);
    let found = access.and_then(|(site, loc, write)| {
        rt().mem.access_as(
            &mut gr.pages,
            a,
            size,
            &mut gr.t,
            write,
            true,
            site,
            loc,
            &loc_of,
        )
    });
    let r = plain(cx);
    gr.t.release(s);
    drop(shard);
    cx.g.race = Some(gr);
    if let Some(race) = found {
        report(cx.prog, &race);
    }
    r
}

/// The functions of `sync/atomic` whose frames a report of an atomic
/// access shows, as Go's: the assembly function that calls
/// ThreadSanitizer (a `Uint` variant jumps to its `Int` one) at its line
/// of Go 1.27's `runtime/race_amd64.s`, then the called function as
/// `<autogenerated>:1`. Index `k` is pc `ATOMIC_ASM + k` and
/// `ATOMIC_AUTO + k` of the synthetic frame (`super::pc_info`).
const ATOMIC_FUNCS: [(&str, &str, u32); 35] = [
    ("LoadInt32", "LoadInt32", 202),
    ("LoadInt64", "LoadInt64", 208),
    ("LoadUint32", "LoadInt32", 202),
    ("LoadUint64", "LoadInt64", 208),
    ("LoadUintptr", "LoadInt64", 208),
    ("StoreInt32", "StoreInt32", 231),
    ("StoreInt64", "StoreInt64", 237),
    ("StoreUint32", "StoreInt32", 231),
    ("StoreUint64", "StoreInt64", 237),
    ("StoreUintptr", "StoreInt64", 237),
    ("SwapInt32", "SwapInt32", 256),
    ("SwapInt64", "SwapInt64", 262),
    ("SwapUint32", "SwapInt32", 256),
    ("SwapUint64", "SwapInt64", 262),
    ("SwapUintptr", "SwapInt64", 262),
    ("AddInt32", "AddInt32", 281),
    ("AddInt64", "AddInt64", 289),
    ("AddUint32", "AddInt32", 281),
    ("AddUint64", "AddInt64", 289),
    ("AddUintptr", "AddInt64", 289),
    ("AndInt32", "AndInt32", 310),
    ("AndInt64", "AndInt64", 316),
    ("AndUint32", "AndInt32", 310),
    ("AndUint64", "AndInt64", 316),
    ("AndUintptr", "AndInt64", 316),
    ("OrInt32", "OrInt32", 335),
    ("OrInt64", "OrInt64", 341),
    ("OrUint32", "OrInt32", 335),
    ("OrUint64", "OrInt64", 341),
    ("OrUintptr", "OrInt64", 341),
    ("CompareAndSwapInt32", "CompareAndSwapInt32", 361),
    ("CompareAndSwapInt64", "CompareAndSwapInt64", 367),
    ("CompareAndSwapUint32", "CompareAndSwapInt32", 361),
    ("CompareAndSwapUint64", "CompareAndSwapInt64", 367),
    ("CompareAndSwapUintptr", "CompareAndSwapInt64", 367),
];

/// Low words of the synthetic pcs of [`ATOMIC_FUNCS`]' frames.
const ATOMIC_ASM: u64 = 0x100;
const ATOMIC_AUTO: u64 = 0x200;

/// The name, file and line of a synthetic atomic frame (`low`: the pc's
/// low word), for `super::pc_info`.
pub(crate) fn atomic_frame(low: u64) -> Option<(String, String, u32)> {
    let (base, asm) = match low {
        l if (ATOMIC_ASM..ATOMIC_ASM + 35).contains(&l) => (ATOMIC_ASM, true),
        l if (ATOMIC_AUTO..ATOMIC_AUTO + 35).contains(&l) => (ATOMIC_AUTO, false),
        _ => return None,
    };
    let (name, target, line) = ATOMIC_FUNCS[(low - base) as usize];
    Some(if asm {
        (
            format!("sync/atomic.{target}"),
            "$GOROOT/src/runtime/race_amd64.s".into(),
            line,
        )
    } else {
        (format!("sync/atomic.{name}"), "<autogenerated>".into(), 1)
    })
}

/// The site, dedup location and kind (`write`) of the atomic access the
/// native `name` makes for `g`, or none (a `Load` inside minigo's
/// `And`/`Or`, which are compare-and-swap loops in Go here and one
/// atomic write in Go). The stack is Go's: the assembly and
/// autogenerated frames of the function the program called (an
/// `And`/`Or`, not the natives it loops on), then the caller's frames
/// without sync/atomic's Go code (the typed methods, which Go inlines).
fn atomic_access(g: &Goroutine, gr: &mut GRace, name: &str) -> Option<(u32, u64, bool)> {
    let prog = &*g.prog;
    let in_atomic = |proto: u32| {
        prog.protos[proto as usize]
            .file
            .starts_with("$GOROOT/src/sync/atomic/")
    };
    // The outermost of sync/atomic's Go functions the native runs under.
    let mut called = name;
    for f in g.frames.iter().rev() {
        if !in_atomic(f.proto) {
            break;
        }
        let n = &prog.protos[f.proto as usize].name;
        if let Some(fname) = n.strip_prefix("sync/atomic.") {
            if fname.starts_with("And") || fname.starts_with("Or") {
                called = fname;
            }
        }
    }
    if called != name && name.starts_with("Load") {
        return None;
    }
    let k = ATOMIC_FUNCS.iter().position(|f| f.0 == called)? as u64;
    let write = !called.starts_with("Load");
    site(g, gr, None);
    let synth = super::synth_frame(prog) << 32;
    let mut pcs = vec![synth | (ATOMIC_ASM + k), synth | (ATOMIC_AUTO + k)];
    pcs.extend(
        gr.scratch
            .iter()
            .copied()
            .filter(|&pc| pc >> 32 == synth >> 32 || !in_atomic((pc >> 32) as u32)),
    );
    let loc = pcs.get(2).copied().unwrap_or(pcs[0]);
    let site = match gr.sites.get(&pcs[..]) {
        Some(&id) => id,
        None => {
            let id = rt().stacks.lock().unwrap().intern_at(&pcs, loc);
            gr.sites.insert(pcs.into(), id);
            id
        }
    };
    Some((site, loc, write))
}

/// The clock all I/O releases to and acquires from (a key no heap
/// object has).
const IO_SYNC: Word = 0x10;

/// The pc of the native's caller when its code is checked (the program's,
/// or the library's but `sync`, `runtime`, ...: [`is_checked`]).
fn checked_pc(cx: &NativeCtx<'_, '_>) -> Option<usize> {
    cx.g.frames
        .last()
        .filter(|f| cx.prog.race_checked[f.proto as usize])
        .map(|f| f.pc.saturating_sub(1) as usize)
}

/// A native's read or write of the object at `w` (a map) for its caller,
/// when the caller is checked.
fn native_access(cx: &mut NativeCtx<'_, '_>, w: Word, write: bool) {
    if let Some(pc) = checked_pc(cx).filter(|_| w != 0) {
        access(cx.g, pc, w, write);
    }
}

/// A native called by checked code ([`is_checked`]) reads or writes
/// elements `[lo, hi)` of slice `s` (at the caller's stack). Called by
/// the rest of minigo's library, whose memory accesses are not checked,
/// it is not checked either (the edges that order it are unknown).
fn native_elems(cx: &mut NativeCtx<'_, '_>, s: Word, lo: usize, hi: usize, write: bool) {
    if let Some(pc) = checked_pc(cx) {
        access_elems(cx.g, pc, s, lo, hi, write);
    }
}

/// A file or socket read (`write`) or write of bytes `[0, n)` of buffer
/// `b`, checked when checked code (the program's, `bufio`'s, `io.Copy`'s:
/// [`is_checked`]) handed the buffer to the library's `Read`/`Write`
/// that calls the native (Go checks it in its syscall package, under the
/// same frames).
fn io_buffer(cx: &mut NativeCtx<'_, '_>, b: Word, n: usize, write: bool) {
    let k = cx.g.frames.len();
    if k < 2 || n == 0 || !cx.prog.race_checked[cx.g.frames[k - 2].proto as usize] {
        return;
    }
    let pc = cx.g.frames[k - 1].pc.saturating_sub(1) as usize;
    access_elems(cx.g, pc, b, 0, n, write);
}

/// Runs the plain native the running `CallNative` names.
fn plain(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let f = cx.prog.race_plain[cx.native as usize];
    f(cx)
}

/// A native that acquires its object once it succeeds (`blocking`: it
/// may park, and is done when it has not).
fn after(cx: &mut NativeCtx<'_, '_>, blocking: bool) -> Result<(), Trap> {
    let o = cx.arg(0);
    plain(cx)?;
    if blocking && cx.blocked.is_some() {
        return Ok(());
    }
    acquire(cx.g, o);
    Ok(())
}

/// The reads a fmt printer makes of its arguments `args` (a `[]any`):
/// the elements of slices and arrays, the fields of structs, what a
/// pointer to a struct or an array points to (fmt prints `&{...}`), and
/// maps; nested values as far as fmt would print them.
fn fmt_reads(cx: &mut NativeCtx<'_, '_>, args: Word) {
    let pc = match cx.g.frames.last() {
        Some(f) => f.pc.saturating_sub(1) as usize,
        None => return,
    };
    let prog = std::sync::Arc::clone(&cx.g.prog);
    let mut spans = Vec::new();
    for a in heap::slice_or_nil(args).elems() {
        if let Some(i) = heap::iface(heap::load(a)) {
            value_spans(&prog, i.rtype, i.data, true, 0, &mut spans);
        }
    }
    for (lo, hi) in spans {
        access_range(cx.g, pc, lo, hi, false);
    }
}

/// The memory a print of value `w` of type `t` reads, as byte ranges
/// (`top`: a pointer is followed only at the top level, as fmt does).
fn value_spans(prog: &Program, t: u32, w: Word, top: bool, depth: u32, out: &mut Vec<(u64, u64)>) {
    use crate::rtype::Kind;
    if w == 0 || depth > 8 || out.len() > 1 << 16 {
        return;
    }
    let ty = prog.rtype(t);
    // A value with one of these methods is printed by calling it: what
    // fmt reads is what the method (checked Go code) reads.
    let r = &prog.rt;
    if [r.error_m, r.string_m, r.gostring_m]
        .iter()
        .any(|&m| ty.method(m).is_some())
        || ty
            .methods
            .iter()
            .any(|m| prog.method_names[m.name as usize].starts_with("Format("))
    {
        return;
    }
    match ty.kind {
        Kind::Pointer if top => {
            let e = prog.rtype(ty.elem);
            if matches!(e.kind, Kind::Struct | Kind::Array) {
                value_spans(prog, ty.elem, w, false, depth + 1, out);
            }
        }
        Kind::Struct => {
            for (i, f) in ty.fields.iter().enumerate() {
                let slot = heap::field(w, i);
                let a = slot as *const heap::Slot as u64;
                out.push((a, a + 8));
                value_spans(prog, f.ty, heap::load(slot), false, depth + 1, out);
            }
        }
        Kind::Slice | Kind::Array => {
            let s = heap::slice_or_nil(w);
            let n = s.len();
            let (Some(a), Some(b)) = (
                s.elem_addr(0),
                n.checked_sub(1).and_then(|l| s.elem_addr(l)),
            ) else {
                return;
            };
            let (a, _) = heap::ptr_span(a);
            let (b, size) = heap::ptr_span(b);
            out.push((a, b + u64::from(size)));
            let e = prog.rtype(ty.elem);
            if e.aggregate || matches!(e.kind, Kind::Slice | Kind::Map) {
                for i in 0..n {
                    if let Some(v) = s.get(i) {
                        value_spans(prog, ty.elem, v, false, depth + 1, out);
                    }
                }
            }
        }
        Kind::Map => out.push((addr(w), addr(w) + 8)),
        _ => {}
    }
}
