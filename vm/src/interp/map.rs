//! Go maps: [`MapObj`], a hash table keyed by Go value semantics.
//!
//! Three representations, chosen once from the key type:
//! - `Int`: keys whose word *is* their identity (bools, integers, pointers,
//!   channels) hash the word itself — the fast path for `map[int]int`;
//! - `Str`: string keys hash their bytes (the key's `&'static` bytes are the
//!   table key, the word is kept for iteration);
//! - `Gen`: every other comparable key (floats, interfaces, structs, arrays)
//!   is encoded into canonical bytes by `value::encode_key` (`+0 == -0`,
//!   each NaN unique, interfaces by dynamic type and value).
//!
//! Iteration order is unspecified: every map gets its own random hash seed,
//! and `keys` starts at a random offset, so programs cannot come to rely on
//! insertion or sorted order.
//!
//! Concurrency: a map is shared by every thread running goroutines. Go does
//! not synchronize maps, it *detects* misuse; so do we: an `RwLock` is only
//! ever `try_`-locked, and a failed attempt is Go's fatal error
//! (`concurrent map writes` / `concurrent map read and map write`), never a
//! wait and never undefined behaviour.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
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

impl SeededState {
    fn fresh() -> SeededState {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        static PROCESS_SEED: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
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

enum Table {
    Int(HashMap<u64, Word, SeededState>),
    Str(HashMap<&'static [u8], (Word, Word), SeededState>),
    Gen(HashMap<Box<[u8]>, (Word, Word), SeededState>),
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

/// How keys of a type are represented.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KeyRepr {
    Int,
    Str,
    Gen,
}

pub fn key_repr(k: &RType) -> KeyRepr {
    match k.kind {
        Kind::String => KeyRepr::Str,
        Kind::Float32 | Kind::Float64 | Kind::Interface | Kind::Struct | Kind::Array => {
            KeyRepr::Gen
        }
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
    let s = SeededState::fresh();
    let hint = hint.min(1 << 20);
    let repr = key_repr(kt);
    let table = match repr {
        KeyRepr::Int => Table::Int(HashMap::with_capacity_and_hasher(hint, s)),
        KeyRepr::Str => Table::Str(HashMap::with_capacity_and_hasher(hint, s)),
        KeyRepr::Gen => Table::Gen(HashMap::with_capacity_and_hasher(hint, s)),
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
    g: RwLockWriteGuard<'a, Table>,
    flag: &'a AtomicBool,
}

impl Drop for WriteGuard<'_> {
    fn drop(&mut self) {
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
        let g = match self.table.try_write() {
            Ok(g) => g,
            Err(TryLockError::Poisoned(p)) => p.into_inner(),
            Err(TryLockError::WouldBlock) => {
                // Another writer holds the table (its flag may not be set
                // yet, so ask the lock too: readers would let us read).
                let writer = self.writing.load(Relaxed)
                    || matches!(self.table.try_read(), Err(TryLockError::WouldBlock));
                return Err(Trap::Fatal(if writer {
                    "concurrent map writes".into()
                } else {
                    "concurrent map read and map write".into()
                }));
            }
        };
        self.writing.store(true, Relaxed);
        Ok(WriteGuard {
            g,
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
        Ok(match &*t {
            Table::Int(m) => m.get(&k).copied(),
            Table::Str(m) => m.get(heap::str_bytes(k)).map(|e| e.1),
            Table::Gen(m) => {
                let b = self.encode(rt, k)?;
                m.get(&b[..]).map(|e| e.1)
            }
        })
    }

    /// `m[k] = v`.
    #[inline]
    pub fn set(&self, rt: &[RType], k: Word, v: Word) -> Result<(), Trap> {
        let enc = match self.repr == KeyRepr::Gen {
            true => Some(self.encode(rt, k)?),
            false => None,
        };
        let mut w = self.write()?;
        match &mut *w.g {
            Table::Int(m) => {
                m.insert(k, v);
            }
            Table::Str(m) => {
                m.entry(heap::str_bytes(k))
                    .and_modify(|e| e.1 = v)
                    .or_insert((k, v));
            }
            Table::Gen(m) => {
                let b = enc.unwrap_or_default().into_boxed_slice();
                match m.get_mut(&b) {
                    Some(e) => e.1 = v,
                    None => {
                        let key = if self.key_aggregate {
                            value::deep_copy(rt, k, self.key_t)
                        } else {
                            k
                        };
                        m.insert(b, (key, v));
                    }
                }
            }
        }
        Ok(())
    }

    pub fn delete(&self, rt: &[RType], k: Word) -> Result<(), Trap> {
        let enc = match self.repr == KeyRepr::Gen {
            true => Some(self.encode(rt, k)?),
            false => None,
        };
        let mut w = self.write()?;
        match &mut *w.g {
            Table::Int(m) => {
                m.remove(&k);
            }
            Table::Str(m) => {
                m.remove(heap::str_bytes(k));
            }
            Table::Gen(m) => {
                if let Some(b) = enc {
                    m.remove(&b[..]);
                }
            }
        }
        Ok(())
    }

    pub fn len(&self) -> Result<usize, Trap> {
        let t = self.read()?;
        Ok(match &*t {
            Table::Int(m) => m.len(),
            Table::Str(m) => m.len(),
            Table::Gen(m) => m.len(),
        })
    }

    pub fn is_empty(&self) -> Result<bool, Trap> {
        Ok(self.len()? == 0)
    }

    pub fn clear(&self) -> Result<(), Trap> {
        let mut w = self.write()?;
        match &mut *w.g {
            Table::Int(m) => m.clear(),
            Table::Str(m) => m.clear(),
            Table::Gen(m) => m.clear(),
        }
        Ok(())
    }

    /// The (key, value) pairs a `range` iterates, in an unspecified order
    /// that changes from call to call.
    pub fn range_snapshot(&self) -> Result<Vec<(Word, Word)>, Trap> {
        let mut v = self.entries()?;
        if v.len() > 1 {
            let r = SeededState::fresh().seed as usize % v.len();
            v.rotate_left(r);
        }
        Ok(v)
    }

    /// (key, value) pairs in unspecified order (for `fmt`, which sorts).
    pub fn entries(&self) -> Result<Vec<(Word, Word)>, Trap> {
        let t = self.read()?;
        Ok(match &*t {
            Table::Int(m) => m.iter().map(|(k, v)| (*k, *v)).collect(),
            Table::Str(m) => m.values().copied().collect(),
            Table::Gen(m) => m.values().copied().collect(),
        })
    }
}
