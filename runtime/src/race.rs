//! The data-race detector's happens-before engine (issue 34, `-race`):
//! vector clocks per goroutine, clocks on synchronising objects, and
//! FastTrack shadow state per memory word (Flanagan and Freund, "FastTrack:
//! efficient and precise dynamic race detection", PLDI 2009), with the
//! synchronisation edges Go's race detector (ThreadSanitizer) defines.
//!
//! It knows nothing of bytecode, of what an address holds, or of stacks:
//! the VM reports each access as an address, the accessing goroutine's
//! [`RaceThread`] and an opaque `site` (an id of the access's whole stack,
//! which the VM can turn back into frames for a report), and calls the
//! sync hooks at each synchronising operation. It stays testable with
//! fake goroutines (see the tests below).
//!
//! # Clocks
//!
//! Each goroutine has a race slot ([`Tid`], never reused within a run) and
//! a vector clock; its own entry is its current epoch. Synchronisation,
//! as Go's memory model and race detector define it:
//! - `go f()`: [`RaceThread::fork`]: the child starts with the parent's
//!   clock, then the parent's own entry ticks, so what the parent did
//!   before `go` happens before everything the child does, and nothing
//!   the parent does after.
//! - release/acquire on a [`SyncClock`] (mutex unlock then lock, WaitGroup
//!   `Done` then `Wait`, `Once`, atomics, a channel's close then a receive
//!   that sees it): release joins the goroutine's clock into the object's
//!   and ticks; acquire joins the object's clock into the goroutine's.
//! - channel buffers ([`ChanClocks`]): a send into slot i and the receive
//!   from slot i each do a release-store-acquire on slot i's clock (the
//!   slot takes the goroutine's clock, the goroutine acquires the slot's
//!   previous one). That gives both "a send happens before the receive
//!   that takes its value completes" and "the k-th receive happens before
//!   the (k+C)-th send completes" (a channel used as a semaphore
//!   synchronises). An unbuffered hand-off ([`ChanClocks::sync_parked`])
//!   synchronises sender and receiver both ways. One side of a pairing
//!   is parked: its part is done on the clock it left ([`ParkedClock`])
//!   and applied when it runs again.
//!
//! Ticks are lazy (a release only makes the next access start a new
//! epoch: [`RaceThread::prepare`]), and each [`SyncClock`] remembers
//! which of its latest users' clocks it covers and which cover it, so a
//! release or acquire that would change nothing skips the pass over the
//! clocks: goroutines passing values through channels without touching
//! memory in between synchronise in constant time, however many
//! goroutines the clocks have heard of.
//!
//! # Shadow state (FastTrack)
//!
//! Each word ever accessed has a shadow cell: the last write as an epoch,
//! and the reads since then as one epoch while they are totally ordered,
//! or one entry per goroutine once two reads are concurrent. A read races
//! with the last write unless that write happened before it; a write
//! races with the last write and with every read since, unless each
//! happened before it. The same goroutine accessing a word again in the
//! same epoch costs one comparison. Each recorded access keeps its site,
//! from which a report names the earlier access.
//!
//! [`ShadowMemory`] holds the cells by 4 KiB page of memory (a side
//! table for the rare words read concurrently). A page starts compact:
//! per word, the palette indexes of its write's and read's marks (epoch
//! and site) and their byte masks, 4 bytes in all, the palette holding
//! the page's distinct marks (a large array written between two
//! synchronisations costs half its size); it becomes full (24 bytes of
//! cell per 8-byte word) when its words carry too many distinct marks.
//! Repeated accesses at one site in one epoch merge their bytes into one
//! mark, so a loop over a `[]byte` keeps every byte's history.
//!
//! Each page has a mutex, taken by an access that changes the shadow
//! (goroutines on different threads access the same words). The common
//! access changes nothing, or only adds bytes to the goroutine's own mark
//! (the word's last access of its kind is the same goroutine's, in its
//! current epoch, at the same site, or a read its own write in this
//! epoch covers): it reads the compact page's atomics without the lock,
//! under a sequence lock that the rare rewrites of the palette's meaning
//! (compaction, going full, reset) take, and adds the bytes with a
//! compare-and-swap of the word, as the locked path changes words too
//! ([`Face::fast`]).
//! Pages are found through sharded tables; a goroutine keeps its last
//! page ([`PageCache`]). Pages are never freed: [`ShadowMemory::forget`]
//! resets the cells of memory allocated again, so a new object starts
//! clean.

//! # Reports
//!
//! An access that races yields a [`Race`] (both accesses, the address);
//! [`ShadowMemory::access`] reports a given pair of locations once (Go
//! reports the same pair of program locations once), keyed by what the
//! caller passes as each access's `loc` (the VM passes the pc of the
//! access, so one line racing with another is reported once however many
//! times it runs).

use std::collections::{HashMap, HashSet};
use std::hash::BuildHasher;
use std::sync::atomic::{fence, AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

use crate::trace::FxBuild;

/// A goroutine's race slot: its index in every vector clock.
pub type Tid = u32;

/// A point in one goroutine's history: its slot and its clock then.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Epoch {
    pub tid: Tid,
    pub clock: u32,
}

/// A vector clock: entry `t` is the latest epoch of goroutine `t` that
/// happened before the clock's owner's present (missing entries are 0).
#[derive(Clone, Default, Debug, PartialEq, Eq)]
pub struct VClock(Vec<u32>);

impl VClock {
    pub fn get(&self, t: Tid) -> u32 {
        self.0.get(t as usize).copied().unwrap_or(0)
    }

    fn set(&mut self, t: Tid, c: u32) {
        let i = t as usize;
        if self.0.len() <= i {
            self.0.resize(i + 1, 0);
        }
        self.0[i] = c;
    }

    /// Pointwise maximum with `o`; whether `self` changed.
    pub fn join(&mut self, o: &VClock) -> bool {
        if self.0.len() < o.0.len() {
            self.0.resize(o.0.len(), 0);
        }
        let mut grew = 0u32;
        for (a, &b) in self.0.iter_mut().zip(&o.0) {
            grew |= u32::from(b > *a);
            *a = (*a).max(b);
        }
        grew != 0
    }

    /// Both become their pointwise maximum (one pass instead of two
    /// joins); whether each changed.
    pub fn join_both(&mut self, o: &mut VClock) -> (bool, bool) {
        let n = self.0.len().max(o.0.len());
        self.0.resize(n, 0);
        o.0.resize(n, 0);
        let (mut ga, mut gb) = (0u32, 0u32);
        for (a, b) in self.0.iter_mut().zip(o.0.iter_mut()) {
            ga |= u32::from(*b > *a);
            gb |= u32::from(*a > *b);
            let m = (*a).max(*b);
            *a = m;
            *b = m;
        }
        (ga != 0, gb != 0)
    }

    /// Did epoch `e` happen before this clock's present?
    #[inline]
    pub fn covers(&self, e: Epoch) -> bool {
        e.clock <= self.get(e.tid)
    }
}

/// Hands out race slots (one per goroutine, for the whole run), and
/// keeps each slot's current clock (its own entry), which its goroutine
/// publishes as it ticks: [`RaceThread::after_all`] starts a goroutine
/// after every goroutine's present (ThreadSanitizer's `AcquireGlobal`).
pub struct TidAlloc {
    next: AtomicU32,
    epochs: std::sync::Arc<[AtomicU32]>,
}

/// Slots whose clocks [`TidAlloc`] keeps (beyond, `after_all` declines).
const PUBLISHED_TIDS: usize = 1 << 14;

impl Default for TidAlloc {
    fn default() -> TidAlloc {
        TidAlloc {
            next: AtomicU32::new(0),
            epochs: (0..PUBLISHED_TIDS).map(|_| AtomicU32::new(0)).collect(),
        }
    }
}

impl TidAlloc {
    pub fn next(&self) -> Tid {
        self.next.fetch_add(1, Ordering::Relaxed)
    }
}

/// One goroutine's race state: its slot, its Go goroutine id (for
/// reports) and its vector clock.
///
/// Its own entry ticks lazily: a release (or `go`) only notes that the
/// next access must be in a new epoch ([`RaceThread::prepare`]), so a
/// goroutine that touches no memory between two synchronisations (a
/// pipeline stage passing values in registers) keeps its clock, and the
/// sync objects it uses see nothing new ([`SyncClock`]'s shortcuts).
#[derive(Clone, Debug)]
pub struct RaceThread {
    pub tid: Tid,
    pub goid: u64,
    vc: VClock,
    /// A release happened in the current epoch: tick before the next
    /// access.
    pending_tick: bool,
    /// Counts the changes of `vc` (for [`SyncClock::covers`]).
    version: u64,
    /// Where this goroutine publishes its own entry ([`TidAlloc`]).
    epochs: std::sync::Arc<[AtomicU32]>,
}

impl RaceThread {
    /// The first goroutine of a run (main's).
    pub fn main(tids: &TidAlloc, goid: u64) -> RaceThread {
        Self::start(tids, goid, VClock::default())
    }

    /// `go f()` run by `self`: the new goroutine's state. Everything
    /// `self` did so far happens before the child's first step.
    pub fn fork(&mut self, tids: &TidAlloc, goid: u64) -> RaceThread {
        let child = Self::start(tids, goid, self.vc.clone());
        self.tick();
        child
    }

    /// A goroutine started by the runtime after everything released to
    /// `s` (`time.AfterFunc`'s, when its timer fires).
    pub fn after(tids: &TidAlloc, goid: u64, s: &SyncClock) -> RaceThread {
        Self::start(tids, goid, s.vc.clone())
    }

    /// A goroutine started by the runtime after every goroutine's present
    /// (a finalizer's: Go's detector has its goroutine acquire
    /// everything, ThreadSanitizer's `AcquireGlobal`); `None` when some
    /// slot's clock is not kept.
    pub fn after_all(tids: &TidAlloc, goid: u64) -> Option<RaceThread> {
        let n = tids.next.load(Ordering::Acquire) as usize;
        if n > tids.epochs.len() {
            return None;
        }
        let mut vc = VClock::default();
        for (t, e) in tids.epochs[..n].iter().enumerate() {
            vc.set(t as Tid, e.load(Ordering::Acquire));
        }
        Some(Self::start(tids, goid, vc))
    }

    /// A goroutine with a fresh tid whose clock is `vc` plus its own
    /// first epoch.
    fn start(tids: &TidAlloc, goid: u64, mut vc: VClock) -> RaceThread {
        let tid = tids.next();
        vc.set(tid, 1);
        let t = RaceThread {
            tid,
            goid,
            vc,
            pending_tick: false,
            version: 0,
            epochs: tids.epochs.clone(),
        };
        t.publish(1);
        t
    }

    fn publish(&self, c: u32) {
        if let Some(e) = self.epochs.get(self.tid as usize) {
            e.store(c, Ordering::Release);
        }
    }

    /// Before an access: the epoch a release left behind is over.
    #[inline]
    pub fn prepare(&mut self) {
        if self.pending_tick {
            self.pending_tick = false;
            let c = self.vc.get(self.tid);
            self.vc.set(self.tid, c + 1);
            self.version += 1;
            self.publish(c + 1);
        }
    }

    /// Keeps the epoch a release left behind open for one more access
    /// (returns whether a tick was pending, for [`Self::resume_tick`]):
    /// the access is dated earlier than it happened, so it may be found
    /// ordered before what it is not (a missed race), never the reverse.
    /// A channel send's read of the channel stays in the epoch of the
    /// last operation, so a goroutine that only passes values on keeps
    /// its clock (`SyncClock`'s constant-time shortcuts).
    pub fn hold_tick(&mut self) -> bool {
        std::mem::take(&mut self.pending_tick)
    }

    /// Undoes [`Self::hold_tick`].
    pub fn resume_tick(&mut self, pending: bool) {
        self.pending_tick |= pending;
    }

    pub fn epoch(&self) -> Epoch {
        Epoch {
            tid: self.tid,
            clock: self.vc.get(self.tid),
        }
    }

    pub fn clock(&self) -> &VClock {
        &self.vc
    }

    fn tick(&mut self) {
        self.pending_tick = true;
    }

    /// Everything released to `s` so far happens before what `self` does
    /// next (a lock, a `Wait` that returns, an atomic load).
    pub fn acquire(&mut self, s: &mut SyncClock) {
        if s.acquired.contains(&(self.tid, s.changes)) {
            return;
        }
        if self.vc.join(&s.vc) {
            self.version += 1;
        }
        lru(&mut s.acquired, (self.tid, s.changes));
    }

    /// What `self` did so far happens before whatever later acquires `s`
    /// (an unlock, `Done`, an atomic store, a close).
    pub fn release(&mut self, s: &mut SyncClock) {
        if !s.covers.contains(&(self.tid, self.version)) {
            if s.vc.join(&self.vc) {
                s.changes += 1;
            }
            lru(&mut s.covers, (self.tid, self.version));
        }
        self.tick();
    }

    /// A release to `s` and an acquire of it at once (a channel
    /// operation as it starts): afterwards `self`'s clock covers `s`'s.
    pub fn release_acquire(&mut self, s: &mut SyncClock) {
        let covered = s.covers.contains(&(self.tid, self.version));
        let acquired = s.acquired.contains(&(self.tid, s.changes));
        match (covered, acquired) {
            (true, true) => {}
            (true, false) => self.acquire(s),
            (false, true) => {
                // What `s` holds is in `self`'s clock: `s` takes it whole.
                self.release(s);
                lru(&mut s.acquired, (self.tid, s.changes));
                return;
            }
            (false, false) => {
                let (mine, theirs) = self.vc.join_both(&mut s.vc);
                if mine {
                    self.version += 1;
                }
                if theirs {
                    s.changes += 1;
                }
                lru(&mut s.covers, (self.tid, self.version));
                lru(&mut s.acquired, (self.tid, s.changes));
            }
        }
        self.tick();
    }

    /// `s` takes `self`'s clock and `self` acquires what `s` held: one
    /// use of a channel buffer slot (module docs).
    pub fn release_store_acquire(&mut self, s: &mut SyncClock) {
        let before = std::mem::replace(&mut s.vc, self.vc.clone());
        s.changes += 1;
        s.covers = [(self.tid, self.version), NOBODY];
        if self.vc.join(&before) {
            self.version += 1;
        }
        s.acquired = [(self.tid, s.changes), NOBODY];
        self.tick();
    }
}

const NOBODY: (Tid, u64) = (Tid::MAX, 0);

/// Records `e` in a two-entry cache, most recent first.
fn lru(c: &mut [(Tid, u64); 2], e: (Tid, u64)) {
    if c[0].0 != e.0 {
        c[1] = c[0];
    }
    c[0] = e;
}

/// The clock of a synchronising object (a mutex, a WaitGroup, an atomic
/// word, a channel's close), with what spares its two latest users the
/// vector-clock passes: which goroutine's clock, at which version, it
/// already covers (a release that would add nothing), and which
/// goroutine's clock covers it as of its latest change (an acquire that
/// would add nothing). A channel between two goroutines that pass values
/// without touching memory synchronises in constant time.
#[derive(Clone, Debug)]
pub struct SyncClock {
    vc: VClock,
    /// Releases that changed `vc`.
    changes: u64,
    covers: [(Tid, u64); 2],
    acquired: [(Tid, u64); 2],
}

impl Default for SyncClock {
    fn default() -> Self {
        SyncClock {
            vc: VClock::default(),
            changes: 0,
            covers: [NOBODY; 2],
            acquired: [NOBODY; 2],
        }
    }
}

/// A channel's clocks: one per buffer slot (one for an unbuffered
/// channel) and one for its close. The channel keeps them under its lock
/// (`Chan`'s `-race` hooks), so the slot an operation uses and the order
/// of the operations on a slot are the channel's own.
#[derive(Debug)]
pub struct ChanClocks {
    slots: Vec<SyncClock>,
    pub closed: SyncClock,
}

impl ChanClocks {
    pub fn new(cap: usize) -> ChanClocks {
        ChanClocks {
            slots: vec![SyncClock::default(); cap.max(1)],
            closed: SyncClock::default(),
        }
    }

    /// A send into buffer slot `i`, or a receive from it (Go's
    /// `racenotify(c, i, nil)`).
    pub fn use_slot(&mut self, t: &mut RaceThread, i: usize) {
        let n = self.slots.len();
        t.release_store_acquire(&mut self.slots[i % n]);
    }

    /// The same for a parked peer whose operation the running goroutine
    /// completes (`racenotify(c, i, sg)`): the slot takes the peer's
    /// clock as of parking, and the peer acquires what the slot held when
    /// it runs again.
    pub fn use_slot_parked(&mut self, p: &mut ParkedClock, i: usize) {
        let n = self.slots.len();
        let s = &mut self.slots[i % n];
        let before = std::mem::replace(&mut s.vc, p.vc.clone());
        s.changes += 1;
        s.covers = [NOBODY; 2];
        s.acquired = [NOBODY; 2];
        p.vc.join(&before);
    }

    /// An unbuffered hand-off between the running goroutine and a parked
    /// peer (Go's `racesync`): each side's past happens before the other's
    /// future. The slot's clock accumulates, as in Go, so every operation
    /// on an unbuffered channel is ordered after the earlier ones.
    /// (`None`: a peer the detector does not follow.)
    pub fn sync_parked(&mut self, t: &mut RaceThread, p: Option<&mut ParkedClock>) {
        let s = &mut self.slots[0];
        t.release(s);
        if let Some(p) = p {
            p.vc.join(&s.vc);
            if s.vc.join(&p.vc) {
                s.changes += 1;
            }
        }
        t.acquire(s);
    }

    /// `close`: a release that a receive seeing the close acquires.
    pub fn close(&mut self, t: &mut RaceThread) {
        t.release(&mut self.closed);
    }

    /// A receive that found the channel closed and drained.
    pub fn acquire_closed(&mut self, t: &mut RaceThread) {
        t.acquire(&mut self.closed);
    }

    /// A parked peer woken by the close (`raceacquireg(gp, c.raceaddr())`).
    pub fn closed_parked(&self, p: &mut ParkedClock) {
        p.vc.join(&self.closed.vc);
    }
}

/// A goroutine parked in a channel operation, as the peer that completes
/// the operation sees it (Go's `raceacquireg`/`racereleaseg` on the
/// sudog's goroutine): the goroutine's own clock, moved here while it
/// cannot change (it does nothing until it runs again), so the peer's
/// acquires for it join into it directly and no copy is kept per parked
/// goroutine. Made by [`RaceThread::park`]; [`RaceThread::unpark`] must
/// give it back before the goroutine does anything else.
#[derive(Debug)]
pub struct ParkedClock {
    vc: VClock,
}

impl RaceThread {
    /// Parks in a channel operation: its clock goes to its peer. Like a
    /// release, what `self` does after it runs again is in a new epoch.
    pub fn park(&mut self) -> ParkedClock {
        self.tick();
        ParkedClock {
            vc: std::mem::take(&mut self.vc),
        }
    }

    /// Runs again after a peer completed (or a close ended) the operation
    /// it parked in: takes its clock back, with what the peer joined in.
    pub fn unpark(&mut self, p: ParkedClock) {
        self.vc = p.vc;
        self.version += 1;
    }
}

/// One recorded access: when, where (the caller's opaque stack id and
/// dedup location) and by which goroutine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    pub epoch: Epoch,
    pub goid: u64,
    pub site: u32,
    pub loc: u64,
}

/// Two accesses to the same word, at least one a write, neither
/// happening before the other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Race {
    pub addr: u64,
    /// The access that found the race.
    pub cur: Access,
    pub cur_write: bool,
    /// The earlier access it races with.
    pub prev: Access,
    pub prev_write: bool,
}

/// An epoch, the site of the access made in it and the bytes of the word
/// it touched, as a shadow cell keeps them: `(tid + 1) << 40 | clock` (0:
/// none), and the site with the byte mask in its top 8 bits.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
struct Mark {
    e: u64,
    site_mask: u32,
}

const CLOCK_BITS: u32 = 40;
const SITE_BITS: u32 = 24;
/// Marks an atomic access (`sync/atomic`): between the clock (a `u32`)
/// and the slot, so that an atomic and a plain access of one epoch and
/// site are different marks.
const ATOMIC: u64 = 1 << 39;

impl Mark {
    fn new(e: Epoch, site: u32, mask: u8) -> Mark {
        Mark {
            e: (u64::from(e.tid) + 1) << CLOCK_BITS | u64::from(e.clock),
            site_mask: (site & ((1 << SITE_BITS) - 1)) | u32::from(mask) << SITE_BITS,
        }
    }
    fn is_none(self) -> bool {
        self.e == 0
    }
    fn epoch(self) -> Epoch {
        Epoch {
            tid: ((self.e >> CLOCK_BITS) - 1) as Tid,
            clock: (self.e & u64::from(u32::MAX)) as u32,
        }
    }
    fn atomic(self) -> Mark {
        Mark {
            e: self.e | ATOMIC,
            ..self
        }
    }
    fn is_atomic(self) -> bool {
        self.e & ATOMIC != 0
    }
    fn site(self) -> u32 {
        self.site_mask & ((1 << SITE_BITS) - 1)
    }
    fn mask(self) -> u8 {
        (self.site_mask >> SITE_BITS) as u8
    }
    /// Whether `self` and `o` are accesses of one epoch at one site.
    fn same(self, o: Mark) -> bool {
        self.e == o.e && self.site() == o.site()
    }
    fn with_mask(self, mask: u8) -> Mark {
        Mark {
            e: self.e,
            site_mask: self.site() | u32::from(mask) << SITE_BITS,
        }
    }
    /// Whether `self` (an earlier access) touched a byte `cur` touches and
    /// did not happen before `t`'s present. Two atomic accesses never
    /// race (ThreadSanitizer's rule: an atomic access races only with
    /// plain ones).
    fn races(self, cur: Mark, t: &RaceThread) -> bool {
        let both_atomic = self.is_atomic() && cur.is_atomic();
        !self.is_none()
            && !both_atomic
            && self.mask() & cur.mask() != 0
            && !t.vc.covers(self.epoch())
    }
}

/// Stands in a cell's read for "concurrent reads: see the page's
/// `shared` table".
const SHARED: u64 = u64::MAX;

/// FastTrack's state of one word (24 bytes: a word's shadow costs three
/// times the word): the last write, and the last read since it while the
/// reads are totally ordered, else [`SHARED`].
#[derive(Clone, Copy, Default, Debug)]
struct Cell {
    write: Mark,
    read: Mark,
}

/// Words per shadow page: 4 KiB of memory.
const PAGE_WORDS: usize = 512;

/// The most marks a compact page's palette holds (index 0 means "none").
const PALETTE_MAX: usize = 255;

/// Palette slots per chunk: a page allocates its palette a chunk at a
/// time, as its words' marks grow more varied.
const CHUNK: usize = 32;

/// One palette entry: a mark's epoch and site (the byte mask is the
/// word's own).
#[derive(Default)]
struct Slot {
    e: AtomicU64,
    site: AtomicU32,
}

/// A compact word's shadow: write index, write mask, read index, read
/// mask, a byte each.
fn pack(w: u8, wm: u8, r: u8, rm: u8) -> u32 {
    u32::from_le_bytes([w, wm, r, rm])
}

/// What an access reads of a page without its lock (module docs):
/// while the page is compact, each word's shadow is an atomic word of
/// palette indexes and byte masks, and the palette is atomic slots.
///
/// The indexes keep their meaning until the palette is rewritten
/// (compaction), the page goes full or is reset: those happen between
/// two increments of `gen` (a sequence lock: odd while it happens), so
/// a lock-free reader that finds `gen` even and unchanged around its
/// loads read one consistent state. Appending a mark to the palette
/// changes no index's meaning: the word that refers to it is stored
/// (release) after the slot, and read (acquire) before it.
struct Face {
    gen: AtomicU64,
    /// The page of memory shadowed (`u64::MAX`: none, on the free list).
    pno: AtomicU64,
    /// Whether `idx` and `palette` hold the cells (else `PageData::full`).
    compact: AtomicBool,
    idx: Box<[AtomicU32]>,
    palette: [OnceLock<Box<[Slot]>>; PALETTE_MAX.div_ceil(CHUNK)],
}

impl Face {
    fn slot(&self, k: u8) -> Option<&Slot> {
        let j = usize::from(k) - 1;
        self.palette[j / CHUNK].get().map(|c| &c[j % CHUNK])
    }

    /// Does an access `cur` (`write` or a read) to word `i` of memory
    /// page `pno` without the lock, when it races with nothing and at
    /// most adds bytes to a mark of the goroutine's own: the word's last
    /// access of the same kind is `cur`'s epoch (and, for a write, site),
    /// or, for a read, the goroutine's own write in this epoch covers its
    /// bytes (as ThreadSanitizer skips such a read). Adding bytes is a
    /// compare-and-swap of the word, which the locked path's changes are
    /// too. False when it cannot tell: the caller takes the lock.
    #[inline]
    fn fast(&self, pno: u64, i: usize, cur: Mark, write: bool) -> bool {
        let g = self.gen.load(Ordering::Acquire);
        if g & 1 != 0 || self.pno.load(Ordering::Relaxed) != pno {
            return false;
        }
        if !self.compact.load(Ordering::Relaxed) {
            return false;
        }
        let word = &self.idx[i];
        let x = word.load(Ordering::Acquire);
        let [w, wm, r, rm] = x.to_le_bytes();
        let m = cur.mask();
        let ours = |k: u8, site: bool| {
            k != 0
                && self.slot(k).is_some_and(|s| {
                    s.e.load(Ordering::Relaxed) == cur.e
                        && (!site || s.site.load(Ordering::Relaxed) == cur.site())
                })
        };
        // The word's new value, if it changes.
        let new = if write {
            if !(ours(w, true) && (r == 0 || ours(r, false))) {
                return false;
            }
            (wm & m != m).then(|| pack(w, wm | m, r, rm))
        } else if (wm & m == m && ours(w, false)) || (rm & m == m && ours(r, false)) {
            None
        } else if ours(r, true) && (w == 0 || ours(w, false)) {
            Some(pack(w, wm, r, rm | m))
        } else {
            return false;
        };
        fence(Ordering::Acquire);
        if self.gen.load(Ordering::Relaxed) != g {
            return false;
        }
        let Some(y) = new else {
            return true;
        };
        if word
            .compare_exchange(x, y, Ordering::AcqRel, Ordering::Relaxed)
            .is_err()
        {
            return false;
        }
        // A compaction or a switch to full cells that began before the
        // swap may have copied the word without it: then do the access
        // again under the lock (adding the bytes twice is harmless).
        // Pairs with the fence in `Locked::begin`.
        fence(Ordering::SeqCst);
        self.gen.load(Ordering::Relaxed) == g
    }
}

/// What a page's lock guards.
struct PageData {
    /// Marks in the compact palette.
    len: usize,
    /// The palette index of a mark, by a hash of it (0: unknown).
    recent: [u8; 64],
    /// The cells, once too many distinct marks for the palette.
    full: Option<Box<[Cell; PAGE_WORDS]>>,
    /// Concurrent reads of a word (by cell index): the last one of each
    /// goroutine.
    shared: HashMap<u16, Vec<Mark>, FxBuild>,
}

/// The shadows of one 4 KiB page of memory. Pages are never freed: a
/// page whose memory is reset whole goes to a free list and shadows
/// another page next, so a goroutine may keep a reference to the last
/// page it touched (and checks its `pno`).
pub struct Page {
    face: Face,
    data: Mutex<PageData>,
}

/// A page, locked.
struct Locked<'a> {
    f: &'a Face,
    d: MutexGuard<'a, PageData>,
    /// The compact word `get` read last, and its value: `set` swaps it
    /// only if unchanged (a lock-free access may have added bytes).
    seen: Option<(usize, u32)>,
    /// A `set` found its word changed: the access runs again.
    lost: bool,
}

impl Page {
    fn new() -> Page {
        Page {
            face: Face {
                gen: AtomicU64::new(0),
                pno: AtomicU64::new(u64::MAX),
                compact: AtomicBool::new(true),
                idx: (0..PAGE_WORDS).map(|_| AtomicU32::new(0)).collect(),
                palette: std::array::from_fn(|_| OnceLock::new()),
            },
            data: Mutex::new(PageData {
                len: 0,
                recent: [0; 64],
                full: None,
                shared: HashMap::default(),
            }),
        }
    }

    fn lock(&self) -> Locked<'_> {
        Locked {
            f: &self.face,
            d: self.data.lock().unwrap(),
            seen: None,
            lost: false,
        }
    }
}

fn recent_slot(m: Mark) -> usize {
    (m.e.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ u64::from(m.site()).wrapping_mul(0xff51_afd7_ed55_8ccd)) as usize
        >> 58
}

impl Locked<'_> {
    /// Opens a change of what indexes mean (sequence lock: `gen` odd).
    /// Sequentially consistent, so that a lock-free compare-and-swap of
    /// a word either is seen by the loads that follow or sees `gen`
    /// change ([`Face::fast`]).
    fn begin(&self) {
        let g = self.f.gen.load(Ordering::Relaxed);
        self.f.gen.store(g + 1, Ordering::Relaxed);
        fence(Ordering::SeqCst);
    }

    fn end(&self) {
        let g = self.f.gen.load(Ordering::Relaxed);
        self.f.gen.store(g + 1, Ordering::Release);
    }

    fn pno(&self) -> u64 {
        self.f.pno.load(Ordering::Relaxed)
    }

    /// The mark of palette index `k` with the word's byte mask.
    fn mark(&self, k: u8, mask: u8) -> Mark {
        match k {
            0 => Mark::default(),
            k => {
                let s = self.f.slot(k).expect("interned");
                Mark {
                    e: s.e.load(Ordering::Relaxed),
                    site_mask: s.site.load(Ordering::Relaxed) | u32::from(mask) << SITE_BITS,
                }
            }
        }
    }

    fn get(&mut self, i: usize) -> Cell {
        if let Some(full) = &self.d.full {
            return full[i];
        }
        let x = self.f.idx[i].load(Ordering::Relaxed);
        self.seen = Some((i, x));
        let [w, wm, r, rm] = x.to_le_bytes();
        Cell {
            write: self.mark(w, wm),
            read: self.mark(r, rm),
        }
    }

    /// The palette index of `m`'s epoch and site, adding them if needed
    /// (the caller made room).
    fn intern(&mut self, m: Mark) -> u8 {
        if m.is_none() {
            return 0;
        }
        let h = recent_slot(m);
        let same = |f: &Face, k: u8| {
            let s = f.slot(k).expect("interned");
            s.e.load(Ordering::Relaxed) == m.e && s.site.load(Ordering::Relaxed) == m.site()
        };
        let k = self.d.recent[h];
        if k != 0 && same(self.f, k) {
            return k;
        }
        // Two hot marks may share a slot: look before adding a copy.
        if let Some(j) = (1..=self.d.len as u8).rev().find(|&j| same(self.f, j)) {
            self.d.recent[h] = j;
            return j;
        }
        let j = self.d.len;
        let chunk =
            self.f.palette[j / CHUNK].get_or_init(|| (0..CHUNK).map(|_| Slot::default()).collect());
        chunk[j % CHUNK].e.store(m.e, Ordering::Relaxed);
        chunk[j % CHUNK].site.store(m.site(), Ordering::Relaxed);
        self.d.len += 1;
        let k = self.d.len as u8;
        self.d.recent[h] = k;
        k
    }

    /// Sets cell `i` to `cell`, unless the word changed since `get` read
    /// it (then `lost`: the caller runs the access again).
    fn set(&mut self, i: usize, cell: Cell) -> bool {
        let seen = self.seen.take().filter(|&(j, _)| j == i).map(|(_, x)| x);
        if self.d.full.is_none() {
            if self.d.len + 2 <= PALETTE_MAX || self.compact() {
                let w = self.intern(cell.write);
                let r = self.intern(cell.read);
                let y = pack(w, cell.write.mask(), r, cell.read.mask());
                let word = &self.f.idx[i];
                match seen {
                    Some(x) => {
                        if word
                            .compare_exchange(x, y, Ordering::Release, Ordering::Relaxed)
                            .is_err()
                        {
                            self.lost = true;
                            return false;
                        }
                    }
                    None => word.store(y, Ordering::Release),
                }
                return true;
            }
            // Too many distinct marks: every word gets its own.
            let now = self.go_full(i);
            if seen.is_some_and(|x| x != now) {
                self.lost = true;
                return false;
            }
        }
        if let Some(full) = &mut self.d.full {
            full[i] = cell;
        }
        true
    }

    fn is_set(&mut self, i: usize) -> bool {
        let c = self.get(i);
        !c.write.is_none() || !c.read.is_none()
    }

    /// Drops the marks no word refers to (and duplicates). False when
    /// too few would be free afterwards for compacting to pay.
    #[cold]
    #[inline(never)]
    fn compact(&mut self) -> bool {
        self.begin();
        let mut map: HashMap<(u64, u32), u8, FxBuild> = HashMap::default();
        let mut palette = Vec::new();
        let mut idx = vec![0u32; PAGE_WORDS];
        for (i, new) in idx.iter_mut().enumerate() {
            let mut b = self.f.idx[i].load(Ordering::Relaxed).to_le_bytes();
            for j in [0, 2] {
                if b[j] == 0 {
                    continue;
                }
                let m = self.mark(b[j], 0);
                b[j] = *map.entry((m.e, m.site())).or_insert_with(|| {
                    palette.push(m);
                    palette.len() as u8
                });
            }
            *new = u32::from_le_bytes(b);
        }
        if palette.len() > PALETTE_MAX * 3 / 4 {
            self.end();
            return false;
        }
        for (j, m) in palette.iter().enumerate() {
            let s = self.f.slot(j as u8 + 1).expect("allocated");
            s.e.store(m.e, Ordering::Relaxed);
            s.site.store(m.site(), Ordering::Relaxed);
        }
        for (a, x) in self.f.idx.iter().zip(idx) {
            a.store(x, Ordering::Relaxed);
        }
        self.d.len = palette.len();
        self.d.recent = [0; 64];
        self.end();
        true
    }

    /// Switches to full cells; returns word `i`'s last compact value.
    #[cold]
    #[inline(never)]
    fn go_full(&mut self, i: usize) -> u32 {
        self.begin();
        let last = self.f.idx[i].load(Ordering::Relaxed);
        let mut cells: Box<[Cell; PAGE_WORDS]> = vec![Cell::default(); PAGE_WORDS]
            .into_boxed_slice()
            .try_into()
            .expect("PAGE_WORDS cells");
        for (j, c) in cells.iter_mut().enumerate() {
            *c = self.get(j);
        }
        self.f.compact.store(false, Ordering::Relaxed);
        self.d.full = Some(cells);
        self.end();
        last
    }

    /// A read by `t` of cell `i`: the race with the last write, if any.
    fn read(&mut self, i: usize, t: &RaceThread, cur: Mark) -> Option<(Mark, bool)> {
        let c = self.get(i);
        let covers = |m: Mark| m.mask() & cur.mask() == cur.mask();
        if (c.read.e == cur.e && covers(c.read)) || (c.write.e == cur.e && covers(c.write)) {
            return None;
        }
        let e = t.epoch();
        let race = c.write.races(cur, t).then_some((c.write, true));
        if c.read.e == SHARED {
            let rs = self.d.shared.get_mut(&(i as u16)).expect("shared reads");
            match rs.iter_mut().find(|r| r.epoch().tid == e.tid) {
                Some(r) => *r = cur,
                None => rs.push(cur),
            }
            return race;
        }
        let r = c.read;
        let write = c.write;
        if r.same(cur) {
            // The same epoch and site on more bytes of the word.
            let read = cur.with_mask(cur.mask() | r.mask());
            self.set(i, Cell { write, read });
        } else if r.is_none() || t.vc.covers(r.epoch()) || r.epoch().tid == e.tid {
            self.set(i, Cell { write, read: cur });
        } else {
            let read = Mark {
                e: SHARED,
                site_mask: 0,
            };
            if self.set(i, Cell { write, read }) {
                self.d.shared.insert(i as u16, vec![r, cur]);
            }
        }
        race
    }

    /// A write by `t` of cell `i`: the race with the last write or with a
    /// read since it, if any (a write-write race first, as
    /// ThreadSanitizer reports). Accesses to other bytes of the word
    /// (elements of a `[]byte`) do not race.
    fn write(&mut self, i: usize, t: &RaceThread, cur: Mark) -> Option<(Mark, bool)> {
        let c = self.get(i);
        if c.write.same(cur)
            && c.write.mask() & cur.mask() == cur.mask()
            && (c.read.is_none() || c.read.e == cur.e)
        {
            return None;
        }
        let mut race = c.write.races(cur, t).then_some((c.write, true));
        if race.is_none() {
            race = if c.read.e == SHARED {
                self.d.shared[&(i as u16)]
                    .iter()
                    .find(|r| r.races(cur, t))
                    .map(|r| (*r, false))
            } else if c.read.races(cur, t) {
                Some((c.read, false))
            } else {
                None
            };
        }
        let write = if c.write.same(cur) {
            // The same epoch and site on more bytes of the word.
            cur.with_mask(cur.mask() | c.write.mask())
        } else {
            cur
        };
        let read = Mark::default();
        if self.set(i, Cell { write, read }) && c.read.e == SHARED {
            self.d.shared.remove(&(i as u16));
        }
        race
    }

    /// Resets the whole page, to shadow memory page `pno` next.
    fn reset_all(&mut self, pno: u64) {
        self.begin();
        self.d.shared.clear();
        self.d.full = None;
        self.d.len = 0;
        self.d.recent = [0; 64];
        for a in self.f.idx.iter() {
            a.store(0, Ordering::Relaxed);
        }
        self.f.compact.store(true, Ordering::Relaxed);
        self.f.pno.store(pno, Ordering::Relaxed);
        self.end();
    }

    fn reset(&mut self, lo: usize, hi: usize) {
        for i in lo..hi {
            if self.get(i).read.e == SHARED {
                self.d.shared.remove(&(i as u16));
            }
            // Memory allocated again: whatever changed the word since is
            // history too.
            self.seen = None;
            self.set(i, Cell::default());
        }
    }
}

const SHARDS: usize = 64;

/// One shard of the page table: pages by page number (address >> 12).
type PageShard = Mutex<HashMap<u64, &'static Page, FxBuild>>;

/// The shadows of every word accessed, by page (module docs).
pub struct ShadowMemory {
    shards: Box<[PageShard]>,
    /// Pairs of locations already reported (smaller first).
    reported: Mutex<HashSet<(u64, u64), FxBuild>>,
    /// Go goroutine ids by race slot (for reports of earlier accesses).
    goids: Mutex<HashMap<Tid, u64, FxBuild>>,
    /// Pages whose memory was reset whole, reset, for reuse.
    free: Mutex<Vec<&'static Page>>,
}

impl Default for ShadowMemory {
    fn default() -> Self {
        ShadowMemory {
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
            reported: Mutex::default(),
            goids: Mutex::default(),
            free: Mutex::default(),
        }
    }
}

/// A goroutine's last shadow page, so that a run of accesses to one
/// page looks the page up once.
#[derive(Default)]
pub struct PageCache(Option<(u64, &'static Page)>);

impl ShadowMemory {
    fn shard(&self, page: u64) -> &PageShard {
        &self.shards[FxBuild::default().hash_one(page) as usize % SHARDS]
    }

    fn page(&self, page: u64, create: bool) -> Option<&'static Page> {
        let mut shard = self.shard(page).lock().unwrap();
        if let Some(&p) = shard.get(&page) {
            return Some(p);
        }
        if !create {
            return None;
        }
        let p: &'static Page = match self.free.lock().unwrap().pop() {
            Some(p) => p,
            None => Box::leak(Box::new(Page::new())),
        };
        p.lock().reset_all(page);
        shard.insert(page, p);
        Some(p)
    }

    /// Goroutine `t.tid` has Go goroutine id `t.goid` (for reports).
    pub fn note_goid(&self, t: &RaceThread) {
        self.goids.lock().unwrap().insert(t.tid, t.goid);
    }

    /// `t` reads (`write` false) or writes the `size` bytes (1 to 8, not
    /// crossing a word) at `addr`. Returns the race it makes, unless that
    /// pair of locations was reported before. `loc_of` gives the dedup
    /// location of an earlier access's site.
    #[allow(clippy::too_many_arguments)]
    pub fn access(
        &self,
        cache: &mut PageCache,
        addr: u64,
        size: u32,
        t: &mut RaceThread,
        write: bool,
        site: u32,
        loc: u64,
        loc_of: &dyn Fn(u32) -> u64,
    ) -> Option<Race> {
        self.access_as(cache, addr, size, t, write, false, site, loc, loc_of)
    }

    /// [`Self::access`], `atomic` or not: an atomic access (of
    /// `sync/atomic`) races with plain accesses of the word, never with
    /// atomic ones. The caller makes it and its operation's
    /// synchronisation one step, under the word's sync clock lock, as
    /// ThreadSanitizer does, so that an atomic access is recorded no
    /// later than what it releases is acquired.
    #[allow(clippy::too_many_arguments)]
    pub fn access_as(
        &self,
        cache: &mut PageCache,
        addr: u64,
        size: u32,
        t: &mut RaceThread,
        write: bool,
        atomic: bool,
        site: u32,
        loc: u64,
        loc_of: &dyn Fn(u32) -> u64,
    ) -> Option<Race> {
        t.prepare();
        let t = &*t;
        let pno = addr >> 12;
        let i = ((addr >> 3) as usize) % PAGE_WORDS;
        let bytes = ((1u32 << size.clamp(1, 8)) - 1) as u8;
        let mut cur = Mark::new(t.epoch(), site, bytes << (addr & 7));
        if atomic {
            cur = cur.atomic();
        }
        let p = match cache.0 {
            Some((n, p)) if n == pno => p,
            _ => {
                let p = self.page(pno, true).expect("created");
                cache.0 = Some((pno, p));
                p
            }
        };
        // The common case (a loop over memory between two
        // synchronisations): nothing changes, no lock.
        if p.face.fast(pno, i, cur, write) {
            return None;
        }
        let mut d = p.lock();
        if d.pno() != pno {
            // Reused for other memory since it was cached.
            drop(d);
            let p = self.page(pno, true).expect("created");
            cache.0 = Some((pno, p));
            d = p.lock();
        }
        let found = loop {
            let found = if write {
                d.write(i, t, cur)
            } else {
                d.read(i, t, cur)
            };
            if !std::mem::take(&mut d.lost) {
                break found;
            }
        };
        drop(d);
        let (prev, prev_write) = found?;
        let pe = prev.epoch();
        let prev_loc = loc_of(prev.site());
        let key = (loc.min(prev_loc), loc.max(prev_loc));
        if !self.reported.lock().unwrap().insert(key) {
            return None;
        }
        let prev_goid = self
            .goids
            .lock()
            .unwrap()
            .get(&pe.tid)
            .copied()
            .unwrap_or(0);
        Some(Race {
            addr,
            cur: Access {
                epoch: t.epoch(),
                goid: t.goid,
                site,
                loc,
            },
            cur_write: write,
            prev: Access {
                epoch: pe,
                goid: prev_goid,
                site: prev.site(),
                loc: prev_loc,
            },
            prev_write,
        })
    }

    /// Resets the shadows of `[lo, hi)`: memory (re)allocated, so that
    /// the new object there starts with no history (ThreadSanitizer's
    /// reset at allocation). Costs a lookup per 4 KiB page of the range.
    pub fn forget(&self, lo: u64, hi: u64) {
        let (lo, hi) = (lo & !7, (hi + 7) & !7);
        let mut a = lo;
        while a < hi {
            let pno = a >> 12;
            let end = ((pno + 1) << 12).min(hi);
            let i = ((a >> 3) as usize) % PAGE_WORDS;
            let j = i + ((end - a) >> 3) as usize;
            if i == 0 && j == PAGE_WORDS {
                // The whole page: its shadow page goes to the free list
                // (goroutines that cached it look it up again).
                let taken = self.shard(pno).lock().unwrap().remove(&pno);
                if let Some(p) = taken {
                    p.lock().reset_all(u64::MAX);
                    self.free.lock().unwrap().push(p);
                }
            } else if let Some(p) = self.page(pno, false) {
                p.lock().reset(i, j);
            }
            a = end;
        }
    }

    /// Resets every shadow: no word has a history any more.
    pub fn clear(&self) {
        for s in self.shards.iter() {
            for (&pno, p) in s.lock().unwrap().iter() {
                p.lock().reset_all(pno);
            }
        }
    }

    /// Words with a shadow (for tests and statistics).
    pub fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| {
                s.lock()
                    .unwrap()
                    .values()
                    .map(|p| {
                        let mut d = p.lock();
                        (0..PAGE_WORDS).filter(|&i| d.is_set(i)).count()
                    })
                    .sum::<usize>()
            })
            .sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct World {
        tids: TidAlloc,
        mem: ShadowMemory,
        next_goid: u64,
    }

    impl World {
        fn new() -> (World, RaceThread) {
            let tids = TidAlloc::default();
            let main = RaceThread::main(&tids, 1);
            (
                World {
                    tids,
                    mem: ShadowMemory::default(),
                    next_goid: 2,
                },
                main,
            )
        }
        fn go(&mut self, parent: &mut RaceThread) -> RaceThread {
            self.next_goid += 1;
            parent.fork(&self.tids, self.next_goid - 1)
        }
        fn w(&self, t: &mut RaceThread, addr: u64, loc: u64) -> Option<Race> {
            self.mem.note_goid(t);
            let mut c = PageCache::default();
            self.mem
                .access(&mut c, addr, 8, t, true, loc as u32, loc, &|s| u64::from(s))
        }
        fn r(&self, t: &mut RaceThread, addr: u64, loc: u64) -> Option<Race> {
            self.mem.note_goid(t);
            let mut c = PageCache::default();
            self.mem
                .access(&mut c, addr, 8, t, false, loc as u32, loc, &|s| {
                    u64::from(s)
                })
        }
    }

    #[test]
    fn atomic_accesses_race_with_plain_ones_only() {
        let (w, mut main) = World::new();
        let mut w = w;
        let mut g = w.go(&mut main);
        let mut h = w.go(&mut main);
        let atomic = |w: &World, t: &mut RaceThread, a: u64, write: bool, loc: u64| {
            w.mem.note_goid(t);
            let mut c = PageCache::default();
            w.mem
                .access_as(&mut c, a, 8, t, write, true, loc as u32, loc, &|s| {
                    u64::from(s)
                })
        };
        // Atomic writes and reads of one word by unordered goroutines.
        assert_eq!(atomic(&w, &mut g, 0x100, true, 1), None);
        assert_eq!(atomic(&w, &mut h, 0x100, true, 2), None);
        assert_eq!(atomic(&w, &mut g, 0x100, false, 3), None);
        // A plain read races with the atomic write.
        let race = w
            .r(&mut main, 0x100, 4)
            .expect("plain read vs atomic write");
        assert!(!race.cur_write && race.prev_write);
        assert_eq!(race.prev.loc, 2);
        // A plain write races with an atomic read; an atomic read with
        // a plain write.
        assert_eq!(atomic(&w, &mut g, 0x200, false, 5), None);
        let race = w.w(&mut h, 0x200, 6).expect("plain write vs atomic read");
        assert!(race.cur_write && !race.prev_write);
        let race = atomic(&w, &mut g, 0x200, false, 7).expect("atomic read vs plain write");
        assert!(!race.cur_write && race.prev_write && race.prev.loc == 6);
        // The same goroutine mixing both: no race.
        assert_eq!(w.w(&mut main, 0x300, 8), None);
        assert_eq!(atomic(&w, &mut main, 0x300, true, 9), None);
        assert_eq!(w.r(&mut main, 0x300, 10), None);
        assert_eq!(atomic(&w, &mut main, 0x300, false, 11), None);
        assert_eq!(w.w(&mut main, 0x300, 12), None);
    }

    #[test]
    fn unsynchronised_writes_race_and_name_both_goroutines() {
        let (mut w, mut main) = World::new();
        let mut g = w.go(&mut main);
        assert_eq!(w.w(&mut g, 0x100, 10), None);
        let race = w.w(&mut main, 0x100, 20).expect("write-write race");
        assert!(race.cur_write && race.prev_write);
        assert_eq!((race.cur.goid, race.prev.goid), (1, 2));
        assert_eq!((race.cur.loc, race.prev.loc), (20, 10));
        // Other words are independent.
        assert_eq!(w.w(&mut main, 0x108, 20), None);
    }

    #[test]
    fn what_happens_before_go_does_not_race_what_happens_after_does() {
        let (mut w, mut main) = World::new();
        assert_eq!(w.w(&mut main, 0x10, 1), None);
        let mut g = w.go(&mut main);
        assert_eq!(w.r(&mut g, 0x10, 2), None, "write before go, read in child");
        assert_eq!(w.w(&mut main, 0x18, 3), None);
        let race = w.r(&mut g, 0x18, 4).expect("write after go races");
        assert!(!race.cur_write && race.prev_write);
    }

    #[test]
    fn a_mutex_orders_the_critical_sections() {
        let (mut w, mut main) = World::new();
        let mut mu = SyncClock::default();
        let mut a = w.go(&mut main);
        let mut b = w.go(&mut main);
        // a: lock; x++; unlock. b: lock; x++; unlock.
        a.acquire(&mut mu);
        assert_eq!(w.r(&mut a, 0x20, 1), None);
        assert_eq!(w.w(&mut a, 0x20, 2), None);
        a.release(&mut mu);
        b.acquire(&mut mu);
        assert_eq!(w.r(&mut b, 0x20, 1), None);
        assert_eq!(w.w(&mut b, 0x20, 2), None);
        b.release(&mut mu);
        // main never locked: its read races with b's write.
        let race = w.r(&mut main, 0x20, 3).expect("read without the lock");
        assert_eq!(race.prev.goid, b.goid);
    }

    #[test]
    fn concurrent_reads_are_fine_but_a_write_races_with_the_unordered_one() {
        let (mut w, mut main) = World::new();
        assert_eq!(w.w(&mut main, 0x30, 1), None);
        let mut wg = SyncClock::default();
        let mut a = w.go(&mut main);
        let mut b = w.go(&mut main);
        assert_eq!(w.r(&mut a, 0x30, 2), None);
        assert_eq!(w.r(&mut b, 0x30, 3), None);
        // Only a reports to main (wg.Done / wg.Wait for a alone).
        a.release(&mut wg);
        main.acquire(&mut wg);
        let race = w.w(&mut main, 0x30, 4).expect("b's read is unordered");
        assert!(!race.prev_write);
        assert_eq!(race.prev.goid, b.goid);
    }

    #[test]
    fn a_buffered_channel_used_as_a_semaphore_synchronises() {
        // sem := make(chan int, 1); each goroutine: sem <- 1; x++; <-sem
        let (mut w, mut main) = World::new();
        let mut ch = ChanClocks::new(1);
        let mut a = w.go(&mut main);
        let mut b = w.go(&mut main);
        // With capacity 1, the buffer has one slot: every send and
        // receive goes through it, in the order the channel serialises.
        let section = |g: &mut RaceThread, ch: &mut ChanClocks| {
            ch.use_slot(g, 0); // sem <- 1
            let r = (w.r(g, 0x40, 1), w.w(g, 0x40, 2));
            ch.use_slot(g, 0); // <-sem
            r
        };
        assert_eq!(section(&mut a, &mut ch), (None, None));
        assert_eq!(section(&mut b, &mut ch), (None, None));
        assert_eq!(section(&mut a, &mut ch), (None, None));
        // Capacity 2 is not a mutex: the second send does not wait for the
        // first receive, so the k-th receive orders only the (k+2)-th send.
        let (mut w2, mut main2) = World::new();
        let mut ch2 = ChanClocks::new(2);
        let mut c = w2.go(&mut main2);
        let mut d = w2.go(&mut main2);
        ch2.use_slot(&mut c, 0);
        assert_eq!(w2.w(&mut c, 0x48, 1), None);
        ch2.use_slot(&mut c, 0); // c's receive from slot 0
        ch2.use_slot(&mut d, 1); // d's send into slot 1: no edge from c
        assert!(w2.w(&mut d, 0x48, 2).is_some());
    }

    #[test]
    fn a_send_happens_before_its_receive_completes() {
        // Unbuffered: main parks in `<-ch`, g's send completes it.
        let (mut w, mut main) = World::new();
        let mut ch = ChanClocks::new(0);
        let mut g = w.go(&mut main);
        assert_eq!(w.w(&mut g, 0x50, 1), None); // data = 42
        let mut p = main.park();
        ch.sync_parked(&mut g, Some(&mut p)); // ch <- true
        main.unpark(p);
        assert_eq!(w.r(&mut main, 0x50, 2), None);
        // And the other way: the parked side's past is ordered before
        // the running side's future.
        let (mut w2, mut main2) = World::new();
        let mut ch2 = ChanClocks::new(0);
        let mut g2 = w2.go(&mut main2);
        assert_eq!(w2.w(&mut main2, 0x58, 1), None);
        let mut p2 = main2.park();
        ch2.sync_parked(&mut g2, Some(&mut p2));
        main2.unpark(p2);
        assert_eq!(w2.r(&mut g2, 0x58, 2), None);
        // What the parked side does after it runs again is not ordered
        // before the running side's future.
        assert!(w2.w(&mut main2, 0x58, 3).is_some());
    }

    #[test]
    fn a_buffered_hand_off_to_a_parked_receiver_orders_only_the_pair() {
        // jobs := make(chan int, 4): workers a and b park in <-jobs;
        // main's two sends complete them through slots 0 and 1. Each
        // worker then writes x: nothing orders a's write and b's.
        let (mut w, mut main) = World::new();
        let mut ch = ChanClocks::new(4);
        let mut a = w.go(&mut main);
        let mut b = w.go(&mut main);
        let (mut pa, mut pb) = (a.park(), b.park());
        assert_eq!(w.w(&mut main, 0x80, 1), None); // job data
        ch.use_slot(&mut main, 0);
        ch.use_slot_parked(&mut pa, 0);
        ch.use_slot(&mut main, 1);
        ch.use_slot_parked(&mut pb, 1);
        a.unpark(pa);
        b.unpark(pb);
        assert_eq!(w.r(&mut a, 0x80, 2), None); // the send's data: ordered
        assert_eq!(w.r(&mut b, 0x80, 2), None);
        assert_eq!(w.w(&mut a, 0x88, 3), None); // counter += j
        assert!(w.w(&mut b, 0x88, 4).is_some()); // races with a's
    }

    #[test]
    fn close_is_a_release_that_a_receive_of_it_acquires() {
        let (mut w, mut main) = World::new();
        let mut ch = ChanClocks::new(0);
        let mut g = w.go(&mut main);
        assert_eq!(w.w(&mut g, 0x60, 1), None);
        g.release(&mut ch.closed);
        main.acquire(&mut ch.closed);
        assert_eq!(w.r(&mut main, 0x60, 2), None);
    }

    #[test]
    fn a_pair_of_locations_is_reported_once() {
        let (mut w, mut main) = World::new();
        let mut g = w.go(&mut main);
        assert!(w.w(&mut g, 0x70, 7).is_none());
        assert!(w.w(&mut main, 0x70, 8).is_some());
        // The same two lines on another word, and again: not reported.
        assert!(w.w(&mut g, 0x78, 7).is_none());
        assert!(w.w(&mut main, 0x78, 8).is_none());
        // A different pair is.
        assert!(w.r(&mut g, 0x78, 9).is_some());
    }

    #[test]
    fn repeated_accesses_in_one_epoch_stay_cheap_and_silent() {
        let (w, mut main) = World::new();
        for _ in 0..3 {
            assert!(w.w(&mut main, 0x80, 1).is_none());
            assert!(w.r(&mut main, 0x80, 2).is_none());
        }
        assert_eq!(w.mem.len(), 1);
        w.mem.forget(0x80, 0x88);
        assert!(w.mem.is_empty());
    }

    #[test]
    fn bytes_of_one_word_are_separate_locations() {
        let (mut w, mut main) = World::new();
        let mut g = w.go(&mut main);
        let mut c = PageCache::default();
        w.mem.note_goid(&g);
        w.mem.note_goid(&main);
        let f = |s: u32| u64::from(s);
        assert!(w
            .mem
            .access(&mut c, 0xc0, 1, &mut g, true, 1, 1, &f)
            .is_none());
        let mut c2 = PageCache::default();
        assert!(w
            .mem
            .access(&mut c2, 0xc1, 1, &mut main, true, 2, 2, &f)
            .is_none());
        assert!(w
            .mem
            .access(&mut c2, 0xc4, 4, &mut main, false, 3, 3, &f)
            .is_none());
        // The same byte again, unordered: a race.
        let r = w.mem.access(&mut c, 0xc1, 1, &mut g, true, 5, 5, &f);
        assert_eq!(r.map(|r| r.prev.loc), Some(2));
    }

    #[test]
    fn bytes_written_one_by_one_all_stay_recorded() {
        // b[0..8] = ... in one loop (one site, one epoch), then another
        // goroutine reads b[0] unordered: the word's write keeps every
        // byte, not only the last one written.
        let (mut w, mut main) = World::new();
        let mut g = w.go(&mut main);
        let f = |s: u32| u64::from(s);
        let mut c = PageCache::default();
        w.mem.note_goid(&g);
        w.mem.note_goid(&main);
        for b in 0..8 {
            assert!(w
                .mem
                .access(&mut c, 0x3000 + b, 1, &mut main, true, 1, 1, &f)
                .is_none());
            // Read back in the same epoch: covered by the write.
            assert!(w
                .mem
                .access(&mut c, 0x3000 + b, 1, &mut main, false, 2, 2, &f)
                .is_none());
        }
        let mut c2 = PageCache::default();
        let r = w.mem.access(&mut c2, 0x3000, 1, &mut g, false, 3, 3, &f);
        assert_eq!(r.map(|r| (r.prev.loc, r.prev_write)), Some((1, true)));
        // Reads byte by byte at one site keep every byte too.
        for b in 0..8 {
            assert!(w
                .mem
                .access(&mut c2, 0x3008 + b, 1, &mut g, false, 4, 4, &f)
                .is_none());
        }
        let r = w.mem.access(&mut c, 0x3008, 1, &mut main, true, 5, 5, &f);
        assert_eq!(r.map(|r| (r.prev.loc, r.prev_write)), Some((4, false)));
    }

    #[test]
    fn threads_hammering_one_page_find_every_race_and_no_other() {
        // Each thread writes its own words of one page many times
        // (the lock-free path), and one word they all share: only the
        // shared word races, and it does.
        let tids = TidAlloc::default();
        let mut main = RaceThread::main(&tids, 1);
        let mem = ShadowMemory::default();
        let kids: Vec<RaceThread> = (0..4).map(|k| main.fork(&tids, 2 + k)).collect();
        let f = |s: u32| u64::from(s);
        let found: Vec<Vec<Race>> = std::thread::scope(|sc| {
            let hs: Vec<_> = kids
                .into_iter()
                .enumerate()
                .map(|(k, mut t)| {
                    let mem = &mem;
                    mem.note_goid(&t);
                    sc.spawn(move || {
                        let mut c = PageCache::default();
                        let mut out = Vec::new();
                        for round in 0..2000u64 {
                            for j in 0..16u64 {
                                let a = 0x8000 + 8 * (16 * k as u64 + j);
                                let site = 10 + k as u32;
                                out.extend(mem.access(
                                    &mut c,
                                    a,
                                    8,
                                    &mut t,
                                    round % 2 == 0,
                                    site,
                                    u64::from(site),
                                    &f,
                                ));
                            }
                            let site = 100 + k as u32;
                            out.extend(mem.access(
                                &mut c,
                                0x8ff8,
                                8,
                                &mut t,
                                true,
                                site,
                                u64::from(site),
                                &f,
                            ));
                        }
                        out
                    })
                })
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let all: Vec<&Race> = found.iter().flatten().collect();
        assert!(!all.is_empty(), "the shared word races");
        assert!(all.iter().all(|r| r.addr == 0x8ff8), "{all:?}");
    }

    #[test]
    fn freed_memory_starts_with_no_history() {
        let (mut w, mut main) = World::new();
        let mut g = w.go(&mut main);
        assert!(w.w(&mut g, 0x90, 1).is_none());
        w.mem.forget(0x90, 0x98);
        assert!(w.w(&mut main, 0x90, 2).is_none());
        assert!(w.w(&mut g, 0xa0, 3).is_none());
        w.mem.clear();
        assert!(w.mem.is_empty());
        assert!(w.w(&mut main, 0xa0, 4).is_none());
        // A whole page freed: its shadow page is reused for another.
        assert!(w.w(&mut g, 0x10_0008, 5).is_none());
        w.mem.forget(0x10_0000, 0x10_1000);
        assert!(w.w(&mut main, 0x10_0008, 6).is_none());
        assert!(w.w(&mut g, 0x20_0008, 7).is_none());
        assert!(w.w(&mut main, 0x20_0008, 8).is_some());
    }

    #[test]
    fn a_page_keeps_every_words_history_as_its_marks_grow() {
        let (mut w, mut main) = World::new();
        let mut g = w.go(&mut main);
        let mut h = w.go(&mut main);
        let mut mu = SyncClock::default();
        // Overwrites in ever new epochs: the compact page drops the marks
        // no word uses any more.
        for _ in 0..1000 {
            assert!(w.w(&mut g, 0x5000, 1).is_none());
            g.release(&mut mu);
        }
        // 400 words, each in its own epoch: too many distinct marks for
        // the compact page, which becomes a full one.
        for i in 0..400u64 {
            assert!(w.w(&mut g, 0x5008 + 8 * i, 10 + i).is_none());
            g.release(&mut mu);
        }
        // h never synchronised with g: each word races with its own writer.
        let r = w.r(&mut h, 0x5008 + 8 * 123, 900).expect("race");
        assert_eq!(r.prev.loc, 10 + 123);
        let r = w.w(&mut h, 0x5000, 901).expect("race");
        assert_eq!(r.prev.loc, 1);
        // main acquires what g released: nothing races.
        main.acquire(&mut mu);
        for i in 0..400u64 {
            assert!(
                w.r(&mut main, 0x5008 + 8 * i, 2000 + i).is_none(),
                "word {i}"
            );
        }
    }
}
