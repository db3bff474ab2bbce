//! Go maps: [`MapObj`], a hash table keyed by Go value semantics.
//!
//! Three representations, chosen once from the key type:
//! - `Int`: keys whose word *is* their identity (bools, integers, pointers,
//!   channels) hash the word itself — the fast path for `map[int]int`;
//! - `Str`: string keys hash their bytes (the key's `&'static` bytes are the
//!   table key, the word is kept for iteration);
//! - `Gen`: every other comparable key (floats, interfaces, structs, arrays,
//!   pointers to arrays) is encoded into canonical bytes by
//!   `value::encode_key` (`+0 == -0`, each NaN unique, interfaces by dynamic
//!   type and value, a pointer to an array by its first element's address).
//!
//! Entries live in a slab (`Table::slots`); the hash index maps a key to
//! its slot. An `Int` or `Str` map of at most 8 entries has no index yet:
//! a lookup scans the slab, as Go scans its one bucket. Deleting empties a
//! slot (reused by a later insert), so a slot never moves. That makes
//! `range` cheap and Go-exact without a snapshot: a [`MapIter`] walks the
//! slots that existed when it started, in a random permutation (random
//! start, random stride coprime to the length), and produces each slot
//! that is live when reached, with its current value. So an entry deleted
//! before it is reached is not produced, an entry added meanwhile may or
//! may not be, and a NaN key (never found by lookup) is produced like any
//! other: Go's rules. Starting a range costs O(1), as in Go
//! (`for k := range m { break }` on a big map).
//!
//! Iteration order is unspecified and changes from range to range, so
//! programs cannot come to rely on insertion or sorted order.
//!
//! Concurrency: a map is shared by every thread running goroutines. Go does
//! not synchronize maps, it *detects* misuse; so do we: an `RwLock` is only
//! ever `try_`-locked, and a failed attempt is Go's fatal error
//! (`concurrent map writes` / `concurrent map read and map write`), never a
//! wait and never undefined behaviour.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard, TryLockError};

use super::panic::Trap;
use super::value;
use crate::heap::{self, Word};
use crate::rtype::{Kind, RType};

/// A per-map seeded hasher (folded multiply, as foldhash/ahash do): fast on
/// one word, and its seed makes bucket order differ from map to map.
#[derive(Clone, Copy, Debug)]
pub struct SeededState {
    seed: u64,
}

/// The process's map seed: random, or fixed by [`set_process_seed`].
static PROCESS_SEED: std::sync::OnceLock<u64> = std::sync::OnceLock::new();

/// Fix the seed behind every map's hash and iteration order (a seeded run,
/// `minigo run --seed`), before the program makes its first map. False if
/// it was already chosen.
pub fn set_process_seed(seed: u64) -> bool {
    PROCESS_SEED.set(seed).is_ok()
}

impl SeededState {
    fn fresh() -> SeededState {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let base = *PROCESS_SEED.get_or_init(|| {
            std::collections::hash_map::RandomState::new()
                .build_hasher()
                .finish()
        });
        let n = COUNTER.fetch_add(1, Relaxed);
        SeededState {
            seed: fold(
                base ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                0x2d35_8dcc_aa6c_78a5,
            ),
        }
    }
}

#[inline(always)]
fn fold(a: u64, b: u64) -> u64 {
    let m = (a as u128).wrapping_mul(b as u128);
    (m as u64) ^ ((m >> 64) as u64)
}

impl BuildHasher for SeededState {
    type Hasher = FoldHasher;
    #[inline(always)]
    fn build_hasher(&self) -> FoldHasher {
        FoldHasher { h: self.seed }
    }
}

pub struct FoldHasher {
    h: u64,
}

impl Hasher for FoldHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut b = [0u8; 8];
            b.copy_from_slice(c);
            self.write_u64(u64::from_le_bytes(b));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut b = [0u8; 8];
            b[..rest.len()].copy_from_slice(rest);
            self.write_u64(u64::from_le_bytes(b) ^ ((rest.len() as u64) << 56));
        }
    }
    #[inline(always)]
    fn write_u64(&mut self, x: u64) {
        self.h = fold(self.h ^ x, 0x5851_f42d_4c95_7f2d);
    }
    #[inline(always)]
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64)
    }
    #[inline(always)]
    fn write_u8(&mut self, x: u8) {
        self.write_u64(x as u64)
    }
    #[inline(always)]
    fn finish(&self) -> u64 {
        self.h
    }
}

/// Entries an `Int` or `Str` map holds before it builds a hash index
/// (Go's maps also start as one bucket of 8).
const SMALL: usize = 8;

/// Key → slot index.
enum Index {
    /// No index yet: at most [`SMALL`] entries of an `Int` or `Str` map,
    /// found by scanning the slab. Most maps in Go programs are small; this
    /// saves a hash table allocation each (gc_churn makes 3M of them).
    Small,
    Int(HashMap<u64, u32, SeededState>),
    Str(HashMap<&'static [u8], u32, SeededState>),
    Gen(HashMap<Box<[u8]>, u32, SeededState>),
}

/// One slot of the slab: a live entry, or empty (on the free list).
#[derive(Clone, Copy, Default)]
struct Entry {
    key: Word,
    val: Word,
    live: bool,
}

struct Table {
    index: Index,
    slots: Vec<Entry>,
    /// Empty slots, reused before the slab grows.
    free: Vec<u32>,
}

impl Table {
    fn alloc(&mut self, key: Word, val: Word) -> u32 {
        let e = Entry {
            key,
            val,
            live: true,
        };
        match self.free.pop() {
            Some(i) => {
                self.slots[i as usize] = e;
                i
            }
            None => {
                self.slots.push(e);
                (self.slots.len() - 1) as u32
            }
        }
    }

    fn release(&mut self, i: u32) {
        self.slots[i as usize] = Entry::default();
        self.free.push(i);
    }

    fn live(&self) -> usize {
        self.slots.len() - self.free.len()
    }

    /// The slot of key `k` (its encoding `enc` for a `Gen` map).
    #[inline]
    fn find(&self, repr: KeyRepr, k: Word, enc: Option<&[u8]>) -> Option<u32> {
        match &self.index {
            Index::Small => {
                let hit = |e: &Entry| {
                    e.live
                        && match repr {
                            KeyRepr::Str => {
                                e.key == k || heap::str_bytes(e.key) == heap::str_bytes(k)
                            }
                            _ => e.key == k,
                        }
                };
                self.slots.iter().position(hit).map(|i| i as u32)
            }
            Index::Int(m) => m.get(&k).copied(),
            Index::Str(m) => m.get(heap::str_bytes(k)).copied(),
            Index::Gen(m) => m.get(enc.unwrap_or_default()).copied(),
        }
    }

    /// Indexes key `k` (stored in slot `i`).
    fn index_key(&mut self, repr: KeyRepr, k: Word, i: u32, enc: Option<Vec<u8>>) {
        match &mut self.index {
            Index::Small => {
                if self.live() > SMALL {
                    self.index = big_index(repr, self.slots.len());
                    for (j, e) in self.slots.iter().enumerate().filter(|(_, e)| e.live) {
                        match &mut self.index {
                            Index::Int(m) => {
                                m.insert(e.key, j as u32);
                            }
                            Index::Str(m) => {
                                m.insert(heap::str_bytes(e.key), j as u32);
                            }
                            Index::Small | Index::Gen(_) => {}
                        }
                    }
                }
            }
            Index::Int(m) => {
                m.insert(k, i);
            }
            Index::Str(m) => {
                m.insert(heap::str_bytes(k), i);
            }
            Index::Gen(m) => {
                m.insert(enc.unwrap_or_default().into_boxed_slice(), i);
            }
        }
    }

    /// Takes key `k` out of the index; returns its slot.
    fn unindex(&mut self, repr: KeyRepr, k: Word, enc: Option<Vec<u8>>) -> Option<u32> {
        match &mut self.index {
            Index::Small => self.find(repr, k, None),
            Index::Int(m) => m.remove(&k),
            Index::Str(m) => m.remove(heap::str_bytes(k)),
            Index::Gen(m) => enc.and_then(|b| m.remove(&b[..])),
        }
    }
}

/// The hash index of a map of `repr` keys, with room for `n`.
fn big_index(repr: KeyRepr, n: usize) -> Index {
    let s = SeededState::fresh();
    match repr {
        KeyRepr::Int => Index::Int(HashMap::with_capacity_and_hasher(n, s)),
        KeyRepr::Str => Index::Str(HashMap::with_capacity_and_hasher(n, s)),
        KeyRepr::Gen => Index::Gen(HashMap::with_capacity_and_hasher(n, s)),
    }
}

/// A Go map (`map[K]V`); a map word is `&'static MapObj`.
pub struct MapObj {
    pub key_t: u32,
    pub val_t: u32,
    /// Keys are aggregates: stored keys are private deep copies.
    key_aggregate: bool,
    repr: KeyRepr,
    writing: AtomicBool,
    table: RwLock<Table>,
}

impl heap::GcNative for MapObj {
    /// Every live entry's key and value. No goroutine stops inside a map
    /// operation, so the table's lock is free while the world is stopped.
    fn trace(&self, f: &mut dyn FnMut(Word)) {
        let t = self.table.read().unwrap_or_else(|e| e.into_inner());
        for e in t.slots.iter().filter(|e| e.live) {
            f(e.key);
            f(e.val);
        }
    }
}

/// How keys of a type are represented.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KeyRepr {
    Int,
    Str,
    Gen,
}

pub fn key_repr(rt: &[RType], k: &RType) -> KeyRepr {
    match k.kind {
        Kind::String => KeyRepr::Str,
        // Two words can address the same array (`(*[N]T)(s)` twice).
        Kind::Pointer if rt[k.elem as usize].kind == Kind::Array => KeyRepr::Gen,
        // A box of the pointer it was made from (`unsafe`'s natives).
        Kind::Pointer if k.named && k.name == "unsafe.Pointer" => KeyRepr::Gen,
        Kind::Float32
        | Kind::Float64
        | Kind::Complex64
        | Kind::Complex128
        | Kind::Interface
        | Kind::Struct
        | Kind::Array => KeyRepr::Gen,
        _ => KeyRepr::Int,
    }
}

/// The map of a non-nil map word.
#[inline(always)]
pub fn map_ref(w: Word) -> Option<&'static MapObj> {
    if w == 0 {
        None
    } else {
        // SAFETY: a word of static map type is 0 or made by `new_map` (a
        // leaked `MapObj`, see `heap::new_object`).
        Some(unsafe { heap::deref::<MapObj>(w) })
    }
}

/// `make(map[K]V, hint)` for map type `t`.
pub fn new_map(rtypes: &[RType], t: u32, hint: usize) -> Word {
    let mt = &rtypes[t as usize];
    let kt = &rtypes[mt.key as usize];
    let hint = hint.min(1 << 20);
    let repr = key_repr(rtypes, kt);
    let index = if repr != KeyRepr::Gen && hint <= SMALL {
        Index::Small
    } else {
        big_index(repr, hint)
    };
    let table = Table {
        index,
        slots: Vec::with_capacity(hint),
        free: Vec::new(),
    };
    heap::new_object(MapObj {
        key_t: mt.key,
        val_t: mt.elem,
        key_aggregate: kt.aggregate,
        repr,
        writing: AtomicBool::new(false),
        table: RwLock::new(table),
    })
}

struct WriteGuard<'a> {
    /// Always `Some` until dropped.
    g: Option<RwLockWriteGuard<'a, Table>>,
    flag: &'a AtomicBool,
}

impl WriteGuard<'_> {
    fn table(&mut self) -> &mut Table {
        self.g.as_mut().expect("map write guard used after release")
    }
}

impl Drop for WriteGuard<'_> {
    fn drop(&mut self) {
        // Unlock before clearing the flag: a writer that claims the flag
        // must find the lock free unless a reader holds it.
        drop(self.g.take());
        self.flag.store(false, Relaxed);
    }
}

impl MapObj {
    fn read(&self) -> Result<RwLockReadGuard<'_, Table>, Trap> {
        match self.table.try_read() {
            Ok(g) => Ok(g),
            Err(TryLockError::Poisoned(p)) => Ok(p.into_inner()),
            Err(TryLockError::WouldBlock) => {
                Err(Trap::Fatal("concurrent map read and map write".into()))
            }
        }
    }

    fn write(&self) -> Result<WriteGuard<'_>, Trap> {
        // Go's hashWriting flag: a writer claims it first, so a second
        // writer sees it set (whether or not the first holds the lock yet).
        if self.writing.swap(true, Relaxed) {
            return Err(Trap::Fatal("concurrent map writes".into()));
        }
        let g = match self.table.try_write() {
            Ok(g) => g,
            Err(TryLockError::Poisoned(p)) => p.into_inner(),
            Err(TryLockError::WouldBlock) => {
                // Only readers can hold it now.
                self.writing.store(false, Relaxed);
                return Err(Trap::Fatal("concurrent map read and map write".into()));
            }
        };
        Ok(WriteGuard {
            g: Some(g),
            flag: &self.writing,
        })
    }

    fn encode(&self, rt: &[RType], k: Word) -> Result<Vec<u8>, Trap> {
        let mut buf = Vec::with_capacity(24);
        value::encode_key(rt, k, self.key_t, &mut buf)?;
        Ok(buf)
    }

    /// `m[k]`, `None` when absent.
    #[inline]
    pub fn get(&self, rt: &[RType], k: Word) -> Result<Option<Word>, Trap> {
        let t = self.read()?;
        let slot = if self.repr == KeyRepr::Gen {
            let b = self.encode(rt, k)?;
            t.find(self.repr, k, Some(&b))
        } else {
            t.find(self.repr, k, None)
        };
        Ok(slot.map(|i| t.slots[i as usize].val))
    }

    /// `m[k] = v`.
    #[inline]
    pub fn set(&self, rt: &[RType], k: Word, v: Word) -> Result<(), Trap> {
        let enc = match self.repr == KeyRepr::Gen {
            true => Some(self.encode(rt, k)?),
            false => None,
        };
        let mut w = self.write()?;
        let t = w.table();
        if let Some(i) = t.find(self.repr, k, enc.as_deref()) {
            t.slots[i as usize].val = v;
            return Ok(());
        }
        let key = if self.key_aggregate {
            value::deep_copy(rt, k, self.key_t)
        } else {
            k
        };
        let i = t.alloc(key, v);
        t.index_key(self.repr, k, i, enc);
        Ok(())
    }

    pub fn delete(&self, rt: &[RType], k: Word) -> Result<(), Trap> {
        let enc = match self.repr == KeyRepr::Gen {
            true => Some(self.encode(rt, k)?),
            false => None,
        };
        let mut w = self.write()?;
        let t = w.table();
        if let Some(i) = t.unindex(self.repr, k, enc) {
            t.release(i);
        }
        Ok(())
    }

    pub fn len(&self) -> Result<usize, Trap> {
        let t = self.read()?;
        Ok(t.live())
    }

    pub fn is_empty(&self) -> Result<bool, Trap> {
        Ok(self.len()? == 0)
    }

    pub fn clear(&self) -> Result<(), Trap> {
        let mut w = self.write()?;
        let t = w.table();
        match &mut t.index {
            Index::Small => {}
            Index::Int(m) => m.clear(),
            Index::Str(m) => m.clear(),
            Index::Gen(m) => m.clear(),
        }
        t.slots.clear();
        t.free.clear();
        Ok(())
    }

    /// A `range` over this map (see the module docs).
    pub fn iter(&'static self) -> Result<Word, Trap> {
        let n = self.read()?.slots.len();
        let r = SeededState::fresh().seed;
        let (start, stride) = if n <= 1 {
            (0, 1)
        } else {
            let mut stride = 1 + (r >> 32) as usize % (n - 1);
            while gcd(stride, n) != 1 {
                stride = stride % (n - 1) + 1;
            }
            ((r as u32) as usize % n, stride)
        };
        Ok(heap::new_object(MapIter {
            map: self,
            n,
            start,
            stride,
            done: AtomicUsize::new(0),
        }))
    }

    /// (key, value) pairs in unspecified order (for `fmt`, which sorts).
    pub fn entries(&self) -> Result<Vec<(Word, Word)>, Trap> {
        let t = self.read()?;
        Ok(t.slots
            .iter()
            .filter(|e| e.live)
            .map(|e| (e.key, e.val))
            .collect())
    }
}

fn gcd(mut a: usize, mut b: usize) -> usize {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The state of one `range` over a map: a walk over the `n` slots that
/// existed when it started, visiting slot `(start + j * stride) % n` at
/// step `j` (`stride` is coprime to `n`, so each slot once). An iterator
/// word is `&'static MapIter`; it belongs to the goroutine running the
/// loop, the atomic only makes it `Sync` like every heap object.
pub struct MapIter {
    map: &'static MapObj,
    n: usize,
    start: usize,
    stride: usize,
    done: AtomicUsize,
}

impl heap::GcNative for MapIter {
    /// The map being iterated (its address: a pointer into its object).
    fn trace(&self, f: &mut dyn FnMut(Word)) {
        f(self.map as *const MapObj as usize as Word)
    }
}

impl MapIter {
    /// The next live entry, `None` at the end.
    pub fn next(&self) -> Result<Option<(Word, Word)>, Trap> {
        let t = self.map.read()?;
        let mut j = self.done.load(Relaxed);
        while j < self.n {
            let p = (self.start + j * self.stride) % self.n;
            j += 1;
            // The slab may have shrunk (clear) since the walk began.
            if let Some(e) = t.slots.get(p).filter(|e| e.live) {
                self.done.store(j, Relaxed);
                return Ok(Some((e.key, e.val)));
            }
        }
        self.done.store(j, Relaxed);
        Ok(None)
    }
}

/// The iterator behind a non-zero iterator word.
pub fn iter_ref(w: Word) -> Option<&'static MapIter> {
    if w == 0 {
        None
    } else {
        // SAFETY: a word in a register the verifier typed as a map
        // iterator is 0 or made by `MapObj::iter` (a leaked `MapIter`).
        Some(unsafe { heap::deref::<MapIter>(w) })
    }
}
