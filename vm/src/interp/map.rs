//! Go maps: [`MapObj`], a swiss table keyed by Go value semantics.
//!
//! # Layout
//! A map's entries live in *tables* reached through a *directory*, as in
//! Go 1.24 (extendible hashing). The directory (see [`Dir`]) is a heap
//! words object: a header (global depth `G`, hash seed), then `2^G`
//! table words; the top `G` bits of a key's hash pick its entry. A table
//! (see [`Tab`]) is a heap words object: a header (group mask, local
//! depth, growth left, replaced flag), then groups of 8 slots, each group
//! one control word (8 control bytes: `EMPTY`, `DELETED`, or `0x80 | h2`,
//! seven bits of the hash) followed by its 8 slots inline. A table of
//! local depth `d` holds the hashes of one `d`-bit prefix and fills the
//! aligned block of `2^(G - d)` directory entries of that prefix.
//! A map of one table of depth 0 (up to 1024 slots; every small map)
//! has no directory: its directory word is that table's word tagged
//! [`LONE`] and its seed is the map's, as Go's small map is one group
//! without a directory; its first split makes the directory. Every
//! table in a directory object has the most groups, `MAX_GROUPS` (a
//! table doubles up to it before anything splits; checked where a table
//! word is stored in a directory), so its group mask is known without
//! loading its header: a writer loads the key's group and the header
//! (its growth count) at once.
//! A slot is `W` words: `key, value` (`W = 2`), or for keys without a
//! one-word identity `enc, key, value` (`W = 3`) where `enc` is the key's
//! canonical encoding as a heap string. A lookup hashes the key, takes
//! its table from the directory, walks the groups of its probe sequence
//! (triangular, over a power-of-two group count), and compares the *match
//! word* (field 0) of each slot whose control byte equals `0x80 | h2`,
//! found eight at a time with SWAR byte matching as Go's portable swiss
//! table does: one control word and one slot per hit.
//!
//! Three key representations, chosen once from the key type:
//! - `Int`: keys whose word *is* their identity (bools, integers, pointers,
//!   channels) hash and compare the word itself (Go's `mapaccess1_fast64`);
//! - `Str`: string keys hash and compare their bytes (`_faststr`);
//! - `Gen`: every other comparable key (floats, interfaces, structs, arrays,
//!   pointers to arrays) is encoded into canonical bytes by
//!   `value::encode_key` (`+0 == -0`, each NaN unique, interfaces by dynamic
//!   type and value, a pointer to an array by its first element's address);
//!   the encoding is stored next to the key and is what is hashed and
//!   compared.
//!
//! # The array part (Lua's)
//! A map of integer keys (`arr_keys`: the key type is a signed or
//! unsigned integer type, so its word is its value) may also have an
//! *array part* (see [`Arr`]), as a Lua table does: a heap words object
//! of `cap` slots (a power of two), the value of key `k` at `k`, with a
//! presence bit per slot. A key `0 <= k < cap` (as a word) lives there and
//! never in the tables, so a lookup, insert or delete of a dense key is
//! an index, with no hash and no probe; other keys (negative, far) are in
//! the tables. The array part is sized Lua's way (`computesizes`): the
//! largest power of two `n` such that more than `n / 4` (Lua: `n / 2`,
//! see [`ARR_FILL`]) of the keys `0..n` are present, from a histogram of
//! the tables' keys by bit length (`nums`, kept by every insert and
//! delete in the tables, as Lua's `numusehash` counts them at each
//! rehash) and the array's count. It is checked when a table has no
//! room, before it is rebuilt: if the array part should grow (and an
//! eighth of the tables' keys would move, see [`MapObj::grow_array`]),
//! [`MapObj::migrate`] publishes a bigger one holding the old one's keys
//! and the tables' keys below its size, then a fresh directory holding
//! the tables' other keys. The old array, directory and tables are left
//! as they were (the tables flagged replaced) for racing readers and for
//! ranges. The array part never shrinks (as Go's tables never do);
//! `clear` drops it.
//!
//! A table never moves an entry: insert fills a free slot, delete turns a
//! slot `EMPTY` (if its group has an empty slot, so no probe sequence
//! passes it) or `DELETED`. A table with no room left is *replaced*
//! ([`MapObj::rebuild`]): by a fresh one of its size (mostly tombstones),
//! of twice its size (up to `MAX_GROUPS` groups, 1024 slots, Go's
//! `maxTableCapacity`), or, at that size, by two tables one level deeper
//! that split its entries by the next hash bit (the directory doubles
//! first when the table is as deep as it). Only that table's entries
//! move, so a growth never copies the whole map and the memory it holds
//! at once (old table plus new) is at most three tables' worth, however
//! big the map: the peak stays near the live size. The replaced table is
//! flagged, left as it was, and freed by the collector when nothing
//! refers to it. `clear` publishes a fresh directory.
//!
//! # The run loop's entries
//! `MapGet`, `MapGetOk` and `MapSet` first call [`get_fast`] and
//! [`set_fast`] (Go's `mapaccess2_fast64`, `mapassign_fast64`): small
//! functions that take the map and key words in registers and return the
//! value (or done) in registers, for `Int` and `Str` keys. They decline
//! (`None`, `false`) a nil map, a `Gen` key, a write under way, a map
//! without a table, a key whose table has no room, and an absent key
//! whose value type's zero is made on the heap; the full path
//! (`ops::map_get`, `ops::map_set`, with the `RType`s and a `Trap` in
//! memory) then does the work. A declined `set_fast` has written nothing
//! (it clears the `writing` flag it set), so the full path starts afresh.
//! An insert probes the key's first group inline and the later groups
//! (a few percent of inserts) out of line, with few registers to save.
//!
//! # Iteration (Go's rules)
//! A range walks the array part and the tables, in a random one of the
//! two orders. The array walk covers the keys `0..n` of the array part's
//! size `n` when the range started, from a random key, rotating; it
//! checks each in the *current* array part (never smaller, so the keys
//! stay where they were): a key is produced if present when reached, with
//! its current value. A key the array part takes from the tables during
//! the range is at or above `n` (keys below were in the array part), so
//! the tables' walk is the one that produces it. That walk goes on in the
//! directory it was in when the first migration since the range started
//! replaced it (the directory `MapIter` holds): that directory and its
//! tables are frozen, so each full slot is looked up in the map (array
//! part or tables) by its key, as for any replaced table below.
//!
//! The tables' walk: a [`MapIter`] walks the directory from a random entry (moved back to
//! the first entry of its table's block, so every block is walked whole),
//! wrapping around, one table at a time, and each table's slots in a
//! random order (random first group, random odd group stride, random
//! rotation inside a group); when it leaves a table it skips that
//! table's whole block *as it was when the walk entered it*, so tables
//! split from it meanwhile are not walked again. When the directory
//! doubles, the walk's position and offset double too (Go's `Iter`). In
//! a table the map still uses, a slot is produced if it is full when
//! reached, with its current value: an entry deleted before it is reached
//! is not produced, an entry added meanwhile may or may not be. Once the
//! table the walk is in has been replaced (growth or split), it is
//! frozen, and each of its full slots is looked up in the map by its
//! match word and produced, with the current key and value, only if still
//! there. NaN keys are found by their stored encoding (each NaN encodes
//! uniquely), so they survive growth. After a `clear` (the map counts
//! them) the range produces nothing more, as in Go. Starting a range
//! costs O(1), as in Go.
//!
//! # Concurrency and memory safety
//! A map is shared by every thread running goroutines. Go does not
//! synchronize maps, it *detects* misuse, best effort, with a `hashWriting`
//! flag; so do we, but racy programs must stay memory-safe here:
//! - A writer sets the map's `writing` flag with a plain load and store,
//!   as Go sets `hashWriting` (no atomic read-modify-write in any map
//!   operation), and clears it with a plain store; a writer finding it
//!   set is Go's fatal `concurrent map writes`. This is best effort, as in
//!   Go: two writers starting at once can both miss it and mutate the
//!   table together. They can then lose or garble entries, `count` and
//!   `growth_left` (Go leaves a racy program's map undefined too), but
//!   nothing below depends on writers being exclusive for memory safety:
//!   every word written is a valid word of its type, every index is
//!   bounds-checked against the table's (or directory's) immutable
//!   header words, the counters saturate, a writer that loses a race
//!   writes into a table or directory that stays allocated until it
//!   returns (see below), and a writer loads the directory and table
//!   words with `Acquire`, so the headers it reads are the ones published.
//! - Readers take nothing: they check the flag with a plain load (set:
//!   `concurrent map read and map write`, best effort like Go) and read
//!   the table lock-free. Every word a reader touches is an `AtomicU64`
//!   (a plain `mov`), so nothing is torn beyond Go's own rules, and every
//!   index is bounds-checked against the table's own immutable header.
//! - A writer stores a slot's words before the control byte that makes it
//!   full (`Release`), and a reader loads the control word (`Acquire`)
//!   before the slot, so a full slot's words are ones some writer stored.
//!   A slot word only ever holds a valid word of its type: delete
//!   overwrites key and value with 0 (a valid word of every non-aggregate
//!   type) or, for struct and array types, with a per-map zero value, so a
//!   reader racing a delete sees the old word or a valid zero.
//! - The directory word is published with `Release` after its header and
//!   entries are written and loaded with `Acquire`; its header (depth,
//!   seed) never changes, so every entry index, the top `G` bits of a
//!   hash, is in bounds. A directory entry only ever holds a table word of
//!   this map's `W`, stored (`Release`) after the table is filled, and
//!   loaded with `Acquire`; so whatever racing writers do to a directory
//!   (install tables in one that a third writer has just replaced, which
//!   only loses their entries), a reader gets a complete table. The
//!   header's mask of that table bounds every slot index (slot and group
//!   indices are taken modulo it, so no access needs a bounds check);
//!   the group a lookup prefetches before reading it is only a hint.
//! - A lone table's word (tagged `LONE`) is the map's directory word: it
//!   is stored (`Release`) after the table is filled and after the seed,
//!   and a reader treats it as a directory of depth 0, whose one index is
//!   in bounds. A seed read with a table it does not belong to (a racing
//!   `clear`) only makes lookups miss.
//! - Neither a table nor a directory is freed by a writer: growth and
//!   splits publish new ones and the collector frees the old when no
//!   map, iterator or register refers to them. A collection only happens
//!   with every goroutine at a safe point, and no map operation contains
//!   one, so the directory and table a reader loaded stay allocated until
//!   it returns. An iterator keeps the table it walks (traced) across
//!   safe points, and loads the directory afresh at each step.
//! - Racing writers can garble a table's local depth or growth count;
//!   those only choose *which* valid table or slot is used (spans are
//!   computed with saturating arithmetic, depths are capped), and an
//!   insert gives up after a bounded number of rebuilds.
//! - Probe loops are bounded by the group count, so a reader racing
//!   writers terminates even if it never sees an empty slot.
//! - The array part's word is published (`Release`) after its capacity
//!   header and its entries, loaded with `Acquire`, and every slot and
//!   presence index is taken modulo its own immutable capacity. A writer
//!   stores a value before the presence bit that makes it present
//!   (`Release`), a reader loads the presence word (`Acquire`) before the
//!   value; a delete clears the bit and writes a valid zero over the
//!   value. A migration publishes the new array part before the new
//!   directory and frees nothing: a reader racing it may miss a key that
//!   is moving (as racing readers may in Go), never read freed memory.

use std::hash::Hasher;
use std::sync::atomic::{
    AtomicBool, AtomicU64, AtomicUsize,
    Ordering::{Acquire, Relaxed, Release},
};

use super::panic::Trap;
use super::value;
use crate::heap::{self, Word};
use crate::rtype::{Kind, RType};

/// The process's map seed: random, or fixed by [`set_process_seed`].
static PROCESS_SEED: std::sync::OnceLock<u64> = std::sync::OnceLock::new();

/// Fix the seed behind every map's hash and iteration order (a seeded run,
/// `minigo run --seed`), before the program makes its first map. False if
/// it was already chosen.
pub fn set_process_seed(seed: u64) -> bool {
    PROCESS_SEED.set(seed).is_ok()
}

/// A fresh per-table hash seed (and iteration randomness): the process
/// seed mixed with a counter, so `--seed` runs are deterministic.
fn fresh_seed() -> u64 {
    use std::hash::BuildHasher;
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let base = *PROCESS_SEED.get_or_init(|| {
        std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish()
    });
    let n = COUNTER.fetch_add(1, Relaxed);
    fold(
        base ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15),
        0x2d35_8dcc_aa6c_78a5,
    )
}

#[inline(always)]
fn fold(a: u64, b: u64) -> u64 {
    let m = (a as u128).wrapping_mul(b as u128);
    (m as u64) ^ ((m >> 64) as u64)
}

/// A seeded folded-multiply hasher (as foldhash/ahash): fast on one word.
struct FoldHasher {
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
    fn finish(&self) -> u64 {
        self.h
    }
}

#[inline(always)]
fn hash_int(seed: u64, k: Word) -> u64 {
    fold(k ^ seed, 0x5851_f42d_4c95_7f2d)
}

#[inline]
fn hash_bytes(seed: u64, b: &[u8]) -> u64 {
    let mut h = FoldHasher { h: seed };
    h.write(b);
    fold(h.finish(), 0x2d35_8dcc_aa6c_78a5 ^ b.len() as u64)
}

/// A hint to start loading the cache line holding `p` (no fault, no
/// effect on what any load returns; nothing on other architectures).
#[inline(always)]
fn prefetch(p: *const AtomicU64) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing the program sees and never faults,
    // whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p as *const i8)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Slots in a group (one control word).
const GROUP: usize = 8;
/// The most groups a table has (1024 slots, Go's `maxTableCapacity`): a
/// full table of this size splits in two instead of doubling.
const MAX_GROUPS: usize = 128;
/// Header words of a table: group mask, local depth, growth left,
/// replaced flag (the `*_W` indices below).
const HDR: usize = 4;
const MASK_W: usize = 0;
const DEPTH_W: usize = 1;
const GROWTH_W: usize = 2;
const REPLACED_W: usize = 3;
/// Header words of a directory: global depth, hash seed.
const DHDR: usize = 2;
/// Control bytes: a full slot is `0x80 | h2`. Zeroed memory is all empty.
const EMPTY: u8 = 0x00;
const DELETED: u8 = 0x01;
const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// The control byte of a full slot of hash `h`.
#[inline(always)]
fn h2(h: u64) -> u64 {
    (h & 0x7f) | 0x80
}

/// The first group of hash `h`'s probe sequence (before masking).
#[inline(always)]
fn h1(h: u64) -> usize {
    (h >> 7) as usize
}

/// The bytes of control word `c` equal to `b` (a full byte, `>= 0x80`),
/// as the high bit of each byte. Only full bytes can be flagged; a full
/// byte just above a match may be flagged falsely (the caller compares
/// the key anyway).
#[inline(always)]
fn match_byte(c: u64, b: u64) -> u64 {
    let x = c ^ b.wrapping_mul(LO);
    x.wrapping_sub(LO) & !x & HI
}

/// Non-zero iff some byte of `c` is `EMPTY` (a flag above a true empty
/// byte may be false, so use it as a truth value only).
#[inline(always)]
fn match_empty(c: u64) -> u64 {
    c.wrapping_sub(LO) & !c & HI
}

/// The `EMPTY` or `DELETED` bytes of `c` (exact).
#[inline(always)]
fn match_free(c: u64) -> u64 {
    !c & HI
}

/// The full bytes of `c` (exact).
#[inline(always)]
fn match_full(c: u64) -> u64 {
    c & HI
}

/// The index of the lowest flagged byte of a match.
#[inline(always)]
fn lowest(m: u64) -> usize {
    (m.trailing_zeros() / 8) as usize
}

/// Entries a table of `slots` slots holds before it is rebuilt: 7/8 of
/// its slots, or all 8 of a one-group table (Go's small map).
#[inline(always)]
fn max_load(slots: usize) -> usize {
    if slots <= GROUP {
        slots
    } else {
        slots - slots / 8
    }
}

/// The tag of a map's directory word that holds its one table itself
/// (a *lone* table, of depth 0) rather than a directory: a small map
/// costs one object for its entries, as Go's small map is one group.
const LONE: Word = 1;

/// A view of a directory object: `DHDR` header words (global depth `G`,
/// hash seed), then `2^G` table words. Entry `i` is the table of the
/// hashes whose top `G` bits are `i`; a table of local depth `d <= G`
/// fills the aligned block of `2^(G - d)` entries of its `d`-bit prefix.
/// Or a lone table's view: depth 0, its one entry the map's directory
/// word itself (tagged [`LONE`]), the seed the map's.
#[derive(Clone, Copy)]
struct Dir<'a> {
    w: &'a [AtomicU64],
    /// Where the entries start in `w`: `DHDR`, or 0 for a lone table.
    off: usize,
    /// Or'ed into the table words stored in `w`: 0, or `LONE`.
    tag: Word,
    depth: u32,
    seed: u64,
}

impl Dir<'_> {
    /// The directory behind directory word `d`.
    ///
    /// # Safety
    /// `d` is a non-zero directory word made by [`Dir::alloc`], reachable
    /// (held by a map, and no safe point since it was loaded from there).
    #[inline(always)]
    unsafe fn of(d: Word) -> Dir<'static> {
        let base = d as usize as *const AtomicU64;
        // SAFETY: the caller's promise: `d` is the start of a live words
        // object of `DHDR + 2^depth` words whose first two words, written
        // before the directory word was published (`Release`, paired with
        // the caller's `Acquire` load) and never changed since, are the
        // depth and the seed. So the slice below is exactly the object.
        unsafe {
            let depth = (*base).load(Relaxed) as u32;
            let seed = (*base.add(1)).load(Relaxed);
            let w = std::slice::from_raw_parts(base, DHDR + (1usize << depth));
            Dir {
                w,
                off: DHDR,
                tag: 0,
                depth,
                seed,
            }
        }
    }

    /// A directory of depth `depth` whose entries are filled by `entry`
    /// (table words of one `W`, none 0, each of `MAX_GROUPS` groups).
    /// Returns its word; the caller publishes it.
    fn alloc(depth: u32, seed: u64, entry: impl Fn(usize) -> Word) -> Word {
        let n = 1usize << depth;
        // Scanned: the entries are the map's tables.
        let a = heap::alloc_slots(DHDR + n);
        a[0].store(depth as u64, Relaxed);
        a[1].store(seed, Relaxed);
        for (i, e) in a[DHDR..].iter().enumerate() {
            let t = entry(i);
            assert_full_size(t);
            e.store(t, Relaxed);
        }
        a.as_ptr() as usize as Word
    }

    /// Is this a lone table's view (no directory object)?
    #[inline(always)]
    fn is_lone(&self) -> bool {
        self.tag != 0
    }

    #[inline(always)]
    fn len(&self) -> usize {
        1 << self.depth
    }

    /// The entry of hash `h`: its top `depth` bits (`h >> 1` first, so
    /// that depth 0 shifts by 63, not 64, and gives 0).
    #[inline(always)]
    fn index(&self, h: u64) -> usize {
        ((h >> 1) >> (63 - self.depth)) as usize
    }

    /// Entry `i`'s table word (`Acquire`: the table's words, stored
    /// before the entry was, are visible).
    #[inline(always)]
    fn table(&self, i: usize) -> Word {
        self.w[self.off + i].load(Acquire) & !LONE
    }

    /// The table word of hash `h`'s entry (as `table(index(h))`, with no
    /// bounds check: the index is in bounds by construction).
    #[inline(always)]
    fn table_of_hash(&self, h: u64) -> Word {
        let i = self.index(h);
        debug_assert!(self.off + i < self.w.len());
        // SAFETY: `index` keeps the top `depth` bits of `h`, so
        // `i < 2^depth`, and `w` holds `off + 2^depth` words (`Dir::of`;
        // a lone table's view is one word of depth 0, `i == 0`); `depth`
        // is the directory's immutable header word, read with `w`.
        unsafe { self.w.get_unchecked(self.off + i) }.load(Acquire) & !LONE
    }

    /// Points the aligned block of entries `[start, start + n)` at table
    /// `t` (writers only; `Release` publishes the table's words).
    fn install(&self, start: usize, n: usize, t: Word) {
        if !self.is_lone() {
            assert_full_size(t);
        }
        for e in &self.w[self.off + start..self.off + start + n] {
            e.store(t | self.tag, Release);
        }
    }
}

/// Checks the invariant that lets a lookup in a directory skip the
/// table's header: every table word stored in a directory object is of a
/// table of `MAX_GROUPS` groups ([`Tab::of_full`]). It holds by
/// construction (a table grows to that size before anything splits, and
/// a directory is only made at a split or for a hint that needs tables of
/// that size); this check, on the writers' rare path (once per table
/// made), keeps the memory-safety argument local.
#[inline(always)]
fn assert_full_size(t: Word) {
    // SAFETY: `t` is a table word just made or loaded from this map's
    // directory (a live table of the map); word 0 is its group mask.
    let mask = unsafe { heap::deref::<AtomicU64>(t) }.load(Relaxed);
    assert_eq!(
        mask,
        MAX_GROUPS as u64 - 1,
        "a small table in a map's directory"
    );
}

/// A view of a table object: `HDR` header words (group mask, local
/// depth, growth left, replaced), then per group a control word and
/// `GROUP` slots of `W` words; field 0 of a slot is its match word,
/// `W - 2` the key, `W - 1` the value.
#[derive(Clone, Copy)]
struct Tab<const W: usize> {
    w: &'static [AtomicU64],
    mask: usize,
}

impl<const W: usize> Tab<W> {
    /// Words in a group.
    const GW: usize = 1 + GROUP * W;

    /// The table behind table word `t`.
    ///
    /// # Safety
    /// `t` is a non-zero table word made by [`Tab::alloc`] with the same
    /// `W`, and reachable (held by a map's directory or an iterator, and
    /// no safe point since it was loaded from there: module docs).
    #[inline(always)]
    unsafe fn of(t: Word) -> Tab<W> {
        let base = t as usize as *const AtomicU64;
        // SAFETY: the caller's promise: `t` is the start of a live words
        // object of `HDR + groups * GW` words whose first word, written
        // before the table word was published (`Release`, paired with the
        // caller's `Acquire` load) and never changed since, is
        // `groups - 1`. So the slice below is exactly the object.
        unsafe {
            let mask = (*base).load(Relaxed) as usize;
            let w = std::slice::from_raw_parts(base, HDR + (mask + 1) * Self::GW);
            Tab { w, mask }
        }
    }

    /// The table behind table word `t` of a directory object, which has
    /// `MAX_GROUPS` groups ([`assert_full_size`]): no load of its header,
    /// so a lookup's first miss is the key's group, not the header's
    /// line and page, and the two misses do not follow one another.
    ///
    /// # Safety
    /// As [`Tab::of`], and `t` was loaded from a directory object (not a
    /// lone table's word).
    #[inline(always)]
    unsafe fn of_full(t: Word) -> Tab<W> {
        let base = t as usize as *const AtomicU64;
        // SAFETY: the caller's promise and the directory's invariant: `t`
        // is the start of a live words object of
        // `HDR + MAX_GROUPS * GW` words.
        let w = unsafe { std::slice::from_raw_parts(base, HDR + MAX_GROUPS * Self::GW) };
        Tab {
            w,
            mask: MAX_GROUPS - 1,
        }
    }

    /// A fresh, empty table of `groups` groups (a power of two) and local
    /// depth `depth`; scanned by the collector unless `scalar` (keys and
    /// values hold no references).
    fn alloc(groups: usize, depth: u32, scalar: bool) -> (Word, Tab<W>) {
        debug_assert!(groups.is_power_of_two() && groups <= MAX_GROUPS);
        let n = HDR + groups * Self::GW;
        let a = if scalar {
            heap::alloc_scalar_slots(n)
        } else {
            heap::alloc_slots(n)
        };
        a[MASK_W].store((groups - 1) as u64, Relaxed);
        a[DEPTH_W].store(depth as u64, Relaxed);
        a[GROWTH_W].store(max_load(groups * GROUP) as u64, Relaxed);
        let t = a.as_ptr() as usize as Word;
        // SAFETY: just made with this `W`, held in a local.
        (t, unsafe { Tab::of(t) })
    }

    /// The table's local depth: it holds the hashes of one `depth`-bit
    /// prefix.
    #[inline(always)]
    fn depth(&self) -> u32 {
        self.w[DEPTH_W].load(Relaxed).min(63) as u32
    }

    #[inline(always)]
    fn growth_left(&self) -> usize {
        self.w[GROWTH_W].load(Relaxed) as usize
    }

    #[inline(always)]
    fn set_growth_left(&self, n: usize) {
        self.w[GROWTH_W].store(n as u64, Relaxed)
    }

    /// Has a writer moved this table's entries to other tables (growth,
    /// split)? Then it is frozen: no writer changes it again.
    #[inline(always)]
    fn replaced(&self) -> bool {
        self.w[REPLACED_W].load(Relaxed) != 0
    }

    /// Starts loading the cache lines of group `g` other than its control
    /// word's (a group spans up to `GW / 8 + 1` lines), so that the slot
    /// the control word selects arrives with it rather than one miss
    /// later: a lookup in a map bigger than the caches then waits for
    /// memory once, not twice.
    #[inline(always)]
    fn prefetch(&self, g: usize) {
        let p = self.w.as_ptr().wrapping_add(HDR + g * Self::GW);
        let mut off = 8;
        while off < Self::GW {
            prefetch(p.wrapping_add(off));
            off += 8;
        }
    }

    #[inline(always)]
    fn slots(&self) -> usize {
        (self.mask + 1) * GROUP
    }

    /// Group `g`'s control word (`g` is taken modulo the group count).
    #[inline(always)]
    fn ctrl(&self, g: usize) -> &'static AtomicU64 {
        let i = HDR + (g & self.mask) * Self::GW;
        debug_assert!(i < self.w.len());
        // SAFETY: `g & mask <= mask`, so `i < HDR + (mask + 1) * GW`, the
        // slice's length (`Tab::of`): in bounds by construction, whatever
        // racing writers did, with no check on the hot path.
        unsafe { self.w.get_unchecked(i) }
    }

    /// Field `f` of slot `s` (`s` modulo the slot count, `f` modulo `W`).
    #[inline(always)]
    fn word(&self, s: usize, f: usize) -> &'static AtomicU64 {
        debug_assert!(f < W);
        let i = HDR + ((s / GROUP) & self.mask) * Self::GW + 1 + (s % GROUP) * W + f % W;
        // SAFETY: the group index is at most `mask`, the slot in the group
        // below `GROUP` and the field below `W`, so `i` is below
        // `HDR + (mask + 1) * (1 + GROUP * W)`, the slice's length.
        unsafe { self.w.get_unchecked(i) }
    }

    #[inline(always)]
    fn load(&self, s: usize, f: usize) -> Word {
        self.word(s, f).load(Relaxed)
    }

    #[inline(always)]
    fn key(&self, s: usize) -> Word {
        self.load(s, W - 2)
    }

    #[inline(always)]
    fn val(&self, s: usize) -> Word {
        self.load(s, W - 1)
    }

    /// Slot `s`'s control byte (`Acquire`: a full slot's words are
    /// visible after it).
    #[inline(always)]
    fn ctrl_byte(&self, s: usize) -> u8 {
        (self.ctrl(s / GROUP).load(Acquire) >> ((s % GROUP) * 8)) as u8
    }

    /// The slot of hash `h` whose match word satisfies `eq`.
    #[inline(always)]
    fn find(&self, h: u64, eq: impl Fn(Word) -> bool) -> Option<usize> {
        let b = h2(h);
        let mut g = h1(h) & self.mask;
        // Bounded: triangular probing visits every group once (steps
        // 0 to `mask`).
        let mut step = 0;
        loop {
            let c = self.ctrl(g).load(Acquire);
            let mut m = match_byte(c, b);
            while m != 0 {
                let s = g * GROUP + lowest(m);
                if eq(self.load(s, 0)) {
                    return Some(s);
                }
                m &= m - 1;
            }
            if match_empty(c) != 0 || step == self.mask {
                return None;
            }
            step += 1;
            g = (g + step) & self.mask;
            // The first group was prefetched by `table_of`.
            self.prefetch(g);
        }
    }

    /// For a writer: `Ok` with the slot of hash `h` matching `eq`, or
    /// `Err` with the first free slot of its probe sequence (`None` if the
    /// table has none). The first group inline, as [`Tab::find`].
    #[inline(always)]
    fn probe<F: Fn(Word) -> bool>(&self, h: u64, eq: F) -> Result<usize, Option<usize>> {
        let g = h1(h) & self.mask;
        let c = self.ctrl(g).load(Relaxed);
        let mut m = match_byte(c, h2(h));
        while m != 0 {
            let s = g * GROUP + lowest(m);
            if eq(self.load(s, 0)) {
                return Ok(s);
            }
            m &= m - 1;
        }
        if match_empty(c) != 0 {
            // The key is absent; an empty slot is free, so some is.
            return Err(Some(g * GROUP + lowest(match_free(c))));
        }
        self.probe_on(h, g, c, &eq)
    }

    /// [`Tab::probe`] past the first group `g`, of control word `c`.
    #[inline(never)]
    fn probe_on<F: Fn(Word) -> bool>(
        &self,
        h: u64,
        mut g: usize,
        c: u64,
        eq: &F,
    ) -> Result<usize, Option<usize>> {
        let b = h2(h);
        let f = match_free(c);
        // The first free slot seen (`usize::MAX`: none yet).
        let mut free = if f != 0 {
            g * GROUP + lowest(f)
        } else {
            usize::MAX
        };
        for step in 1..self.mask + 1 {
            g = (g + step) & self.mask;
            self.prefetch(g);
            let c = self.ctrl(g).load(Relaxed);
            let mut m = match_byte(c, b);
            while m != 0 {
                let s = g * GROUP + lowest(m);
                if eq(self.load(s, 0)) {
                    return Ok(s);
                }
                m &= m - 1;
            }
            let f = match_free(c);
            if free == usize::MAX && f != 0 {
                free = g * GROUP + lowest(f);
            }
            if match_empty(c) != 0 {
                break;
            }
        }
        Err((free != usize::MAX).then_some(free))
    }

    /// The first free slot of hash `h`'s probe sequence.
    fn free_slot(&self, h: u64) -> Option<usize> {
        let mut g = h1(h) & self.mask;
        for step in 1..=self.mask + 1 {
            let f = match_free(self.ctrl(g).load(Relaxed));
            if f != 0 {
                return Some(g * GROUP + lowest(f));
            }
            g = (g + step) & self.mask;
        }
        None
    }

    /// Sets slot `s`'s control byte (writers only; `Release` publishes the
    /// slot's words stored before).
    #[inline(always)]
    fn set_ctrl(&self, s: usize, byte: u8) {
        let c = self.ctrl(s / GROUP);
        let sh = (s % GROUP) * 8;
        let v = (c.load(Relaxed) & !(0xff << sh)) | ((byte as u64) << sh);
        c.store(v, Release);
    }

    /// Every full slot, in storage order.
    fn full_slots(&self) -> impl Iterator<Item = usize> + '_ {
        (0..=self.mask).flat_map(move |g| {
            let mut m = match_full(self.ctrl(g).load(Acquire));
            std::iter::from_fn(move || {
                (m != 0).then(|| {
                    let s = g * GROUP + lowest(m);
                    m &= m - 1;
                    s
                })
            })
        })
    }

    /// Calls `f` on every full slot, in storage order (a plain loop over
    /// the control words, for the rebuild's hot loop).
    #[inline(always)]
    fn each_full(&self, mut f: impl FnMut(usize)) {
        for g in 0..=self.mask {
            let mut m = match_full(self.ctrl(g).load(Acquire));
            while m != 0 {
                f(g * GROUP + lowest(m));
                m &= m - 1;
            }
        }
    }

    /// Full slots.
    fn live(&self) -> usize {
        (0..=self.mask)
            .map(|g| match_full(self.ctrl(g).load(Acquire)).count_ones() as usize)
            .sum()
    }

    /// Copies the entry in slot `s` of `from` (hash `h`) into a free slot
    /// of this fresh table (a writer building it, before it is published);
    /// the caller sets the growth left once all are in.
    #[inline(always)]
    fn put(&self, from: &Tab<W>, s: usize, h: u64) {
        // Never `None`: a fresh table is sized for what it receives.
        let Some(d) = self.free_slot(h) else { return };
        for f in 0..W {
            self.word(d, f).store(from.load(s, f), Relaxed);
        }
        self.set_ctrl(d, h2(h) as u8);
    }
}

/// The largest array part: `2^ARR_BITS` slots (keys of more bits are
/// never counted for it).
const ARR_BITS: usize = 30;
/// The smallest array part (a smaller dense map fits one group).
const ARR_MIN: usize = 16;
/// An array part of `n` slots is made when more than `n >> ARR_FILL`
/// keys are below `n`: a quarter, where Lua asks for half. A quarter full
/// it costs at most 4 words and a bit per key, what a table costs at its
/// usual load (2-word slots 7/16 to 7/8 full, and a control byte); and
/// it takes three quarters of a dense map's keys early rather than half
/// (bench cpu_map: 0.20 s of CPU against 0.37 s with half, 38 MB peak
/// against 53 MB).
const ARR_FILL: u32 = 2;

/// A view of an array part object: word 0 its capacity `cap` (a power
/// of two, never changed), then `cap / 64` (at least one) presence
/// words, bit `k % 64` of word `k / 64` set iff key `k` is present, then
/// `cap` value words, the value of key `k` at `k`. Key `k` is in the
/// array iff `0 <= k < cap` (as a word); such a key is never in the
/// tables.
#[derive(Clone, Copy)]
struct Arr {
    w: &'static [AtomicU64],
    cap: usize,
}

impl Arr {
    /// The array behind array word `a`.
    ///
    /// # Safety
    /// `a` is a non-zero word made by [`Arr::alloc`], reachable (held by
    /// a map, and no safe point since it was loaded from there).
    #[inline(always)]
    unsafe fn of(a: Word) -> Arr {
        let base = a as usize as *const AtomicU64;
        // SAFETY: the caller's promise: `a` is the start of a live words
        // object of `1 + presence_words(cap) + cap` words whose first
        // word, written before the array word was published (`Release`,
        // paired with the caller's `Acquire` load) and never changed
        // since, is `cap`, a power of two. So the slice is the object.
        unsafe {
            let cap = (*base).load(Relaxed) as usize;
            let w = std::slice::from_raw_parts(base, 1 + Self::presence_words(cap) + cap);
            Arr { w, cap }
        }
    }

    #[inline(always)]
    fn presence_words(cap: usize) -> usize {
        cap.div_ceil(64)
    }

    /// A fresh, empty array part of `cap` slots (a power of two); scanned
    /// by the collector unless `scalar`.
    fn alloc(cap: usize, scalar: bool) -> (Word, Arr) {
        debug_assert!(cap.is_power_of_two() && cap <= 1 << ARR_BITS);
        let n = 1 + Self::presence_words(cap) + cap;
        let a = if scalar {
            heap::alloc_scalar_slots(n)
        } else {
            heap::alloc_slots(n)
        };
        a[0].store(cap as u64, Relaxed);
        let w = a.as_ptr() as usize as Word;
        // SAFETY: just made, held in a local.
        (w, unsafe { Arr::of(w) })
    }

    /// Does `k` belong in this array (`0 <= k < cap` as a word)?
    #[inline(always)]
    fn holds(&self, k: Word) -> bool {
        k < self.cap as u64
    }

    /// Presence word `i` (`i` modulo the number of them).
    #[inline(always)]
    fn bits(&self, k: usize) -> &'static AtomicU64 {
        let i = 1 + ((k & (self.cap - 1)) >> 6);
        debug_assert!(i < self.w.len());
        // SAFETY: `k & (cap - 1) < cap`, so `i <= presence_words(cap)`,
        // below the slice's length (`Arr::of`).
        unsafe { self.w.get_unchecked(i) }
    }

    /// Key `k`'s value word (`k` modulo `cap`).
    #[inline(always)]
    fn slot(&self, k: usize) -> &'static AtomicU64 {
        let i = 1 + Self::presence_words(self.cap) + (k & (self.cap - 1));
        debug_assert!(i < self.w.len());
        // SAFETY: `k & (cap - 1) < cap`: in bounds of the slice
        // (`Arr::of`), whatever racing writers did.
        unsafe { self.w.get_unchecked(i) }
    }

    /// Key `k`'s value, if present (`Acquire` on the presence word: the
    /// value stored before its bit was set is visible).
    #[inline(always)]
    fn get(&self, k: usize) -> Option<Word> {
        let b = self.bits(k).load(Acquire);
        (b >> (k % 64) & 1 != 0).then(|| self.slot(k).load(Relaxed))
    }

    /// Sets key `k`'s value; true if it was absent (writers only; the
    /// value is stored before the presence bit, `Release`).
    #[inline(always)]
    fn put(&self, k: usize, v: Word) -> bool {
        self.slot(k).store(v, Relaxed);
        let p = self.bits(k);
        let b = p.load(Relaxed);
        let bit = 1u64 << (k % 64);
        if b & bit != 0 {
            return false;
        }
        p.store(b | bit, Release);
        true
    }

    /// Removes key `k`, writing `zero` over its value; true if it was
    /// present (writers only).
    #[inline(always)]
    fn remove(&self, k: usize, zero: Word) -> bool {
        let p = self.bits(k);
        let b = p.load(Relaxed);
        let bit = 1u64 << (k % 64);
        if b & bit == 0 {
            return false;
        }
        p.store(b & !bit, Release);
        self.slot(k).store(zero, Relaxed);
        true
    }

    /// Calls `f(k, v)` on every present key, in key order.
    fn each(&self, mut f: impl FnMut(usize, Word)) {
        for i in 0..Self::presence_words(self.cap) {
            let mut b = self.bits(i * 64).load(Acquire);
            while b != 0 {
                let k = i * 64 + b.trailing_zeros() as usize;
                f(k, self.slot(k).load(Relaxed));
                b &= b - 1;
            }
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

/// A Go map (`map[K]V`); a map word is `&'static MapObj`.
pub struct MapObj {
    pub key_t: u32,
    pub val_t: u32,
    repr: KeyRepr,
    /// Keys are aggregates: stored keys are private deep copies.
    key_aggregate: bool,
    val_aggregate: bool,
    /// An assignment to a present key stores the new key too (Go's
    /// `NeedKeyUpdate`: `-0` replaces `+0`; strings, interfaces).
    update_key: bool,
    /// Neither keys nor values hold references: tables are scalar objects
    /// the collector does not scan.
    scalar: bool,
    /// Go's `hashWriting`: held by the one writer (module docs).
    writing: AtomicBool,
    /// The directory word (0: none yet), or a lone table's word tagged
    /// [`LONE`].
    dir: AtomicU64,
    /// A lone table's hash seed (a directory holds its own).
    seed: AtomicU64,
    /// Keys are integers: dense non-negative ones may live in an array
    /// part (module docs). Then `nums` is `Some`.
    arr_keys: bool,
    /// The array part's word (0: none).
    arr: AtomicU64,
    /// Keys in the array part.
    arr_len: AtomicUsize,
    /// The tables' keys `k < 2^ARR_BITS` by bit length: `nums[i]` counts
    /// those of `i` bits (`nums[0]` the key 0), kept by every insert and
    /// delete in the tables of an `arr_keys` map (Lua's `numusehash`,
    /// kept up to date instead of counted at each rehash). Boxed, and only
    /// for `arr_keys` maps: inline it would more than triple every map
    /// object, and programs that make many small maps of other key types
    /// (gc_churn) would pay for it in heap size.
    nums: Option<Box<[AtomicUsize; ARR_BITS + 1]>>,
    /// Array growths so far: each replaces the directory by a fresh one,
    /// and a range started before one walks its old directory, frozen.
    migrations: AtomicU64,
    /// Entries (`len`).
    count: AtomicUsize,
    /// `clear`s so far: an iterator started before one produces nothing
    /// after it.
    clears: AtomicU64,
    /// Zero values written over a deleted aggregate key or value (made at
    /// the first such delete), so that racing readers see a valid word.
    key_zero: AtomicU64,
    val_zero: AtomicU64,
}

impl heap::GcNative for MapObj {
    /// The directory (a words object holding the tables, which hold the
    /// entries), and the zero values. No goroutine stops inside a map
    /// operation.
    fn trace(&self, f: &mut dyn FnMut(Word)) {
        f(self.dir.load(Relaxed) & !LONE);
        f(self.arr.load(Relaxed));
        f(self.key_zero.load(Relaxed));
        f(self.val_zero.load(Relaxed));
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

/// `m[k]` for the run loop's `MapGet` and `MapGetOk` when it needs
/// nothing but the map and the key (Go's `mapaccess2_fast64`): the value
/// and whether it was there, or `None` when the full path
/// (`ops::map_get`) must answer: a nil map, a key that is not `Int` or
/// `Str`, a write under way (the full path reports it), or an absent key
/// whose zero value is made on the heap. Its own small function, taking
/// and returning registers only: no `RType`s, no `Trap` in memory, and
/// few registers to save, where the full path pays for all three.
#[inline(never)]
pub fn get_fast(m: Word, k: Word) -> Option<(Word, bool)> {
    let mo = map_ref(m)?;
    if mo.writing.load(Relaxed) {
        return None;
    }
    let found = match mo.repr {
        KeyRepr::Int => mo.find_int(k),
        KeyRepr::Str => return mo.get_str_fast(k),
        KeyRepr::Gen => return None,
    };
    mo.answer(found)
}

/// `m[k] = v` for the run loop's `MapSet` when the map has room (Go's
/// `mapassign_fast64`): true when done, false when the full path
/// (`ops::map_set`) must do it (a nil map, a key that is not `Int` or
/// `Str`, a write under way, no table yet, or the key's table full); it
/// then has written nothing. As [`get_fast`], registers only.
#[inline(never)]
pub fn set_fast(m: Word, k: Word, v: Word) -> bool {
    let Some(mo) = map_ref(m) else {
        return false;
    };
    match mo.repr {
        KeyRepr::Int => match mo.load_arr() {
            Some(a) if a.holds(k) => mo.arr_assign_fast(a, k, v),
            _ => mo.assign_fast(k, v, |s| hash_int(s, k), |w| w == k),
        },
        KeyRepr::Str => mo.set_str_fast(k, v),
        KeyRepr::Gen => false,
    }
}

/// `make(map[K]V, hint)` for map type `t`.
pub fn new_map(rtypes: &[RType], t: u32, hint: usize) -> Word {
    let mt = &rtypes[t as usize];
    let kt = &rtypes[mt.key as usize];
    let vt = &rtypes[mt.elem as usize];
    let repr = key_repr(rtypes, kt);
    let arr_keys = repr == KeyRepr::Int && (kt.kind.is_signed_int() || kt.kind.is_unsigned_int());
    let m = MapObj {
        key_t: mt.key,
        val_t: mt.elem,
        repr,
        key_aggregate: kt.aggregate,
        val_aggregate: vt.aggregate,
        update_key: repr == KeyRepr::Str || (repr == KeyRepr::Gen && !kt.aggregate),
        scalar: repr != KeyRepr::Gen && !kt.is_traced() && !vt.is_traced(),
        writing: AtomicBool::new(false),
        dir: AtomicU64::new(0),
        seed: AtomicU64::new(0),
        arr_keys,
        arr: AtomicU64::new(0),
        arr_len: AtomicUsize::new(0),
        nums: arr_keys.then(Default::default),
        migrations: AtomicU64::new(0),
        count: AtomicUsize::new(0),
        clears: AtomicU64::new(0),
        key_zero: AtomicU64::new(0),
        val_zero: AtomicU64::new(0),
    };
    let hint = hint.min(1 << 20);
    if hint > 0 {
        match repr {
            KeyRepr::Gen => m.new_dir::<3>(hint, fresh_seed()),
            _ => m.new_dir::<2>(hint, fresh_seed()),
        };
    }
    heap::new_object(m)
}

/// The writer's hold on `MapObj::writing`; dropping it releases it.
struct Writing<'a>(&'a AtomicBool);

impl Drop for Writing<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        self.0.store(false, Release);
    }
}

#[cold]
fn concurrent_writes() -> Trap {
    Trap::Fatal("concurrent map writes".into())
}

#[cold]
fn read_write_race() -> Trap {
    Trap::Fatal("concurrent map read and map write".into())
}

impl MapObj {
    /// Starts a write: Go's `concurrent map writes` if another is under
    /// way (best effort: a plain load and store, as Go's `hashWriting`;
    /// see the module docs for why two writers that both miss it stay
    /// memory-safe).
    #[inline(always)]
    fn lock(&self) -> Result<Writing<'_>, Trap> {
        if self.writing.load(Acquire) {
            return Err(concurrent_writes());
        }
        self.writing.store(true, Relaxed);
        Ok(Writing(&self.writing))
    }

    /// A reader's check (a plain load): a write is under way.
    #[inline(always)]
    fn check_read(&self) -> Result<(), Trap> {
        match self.writing.load(Relaxed) {
            true => Err(read_write_race()),
            false => Ok(()),
        }
    }

    fn encode(&self, rt: &[RType], k: Word) -> Result<Vec<u8>, Trap> {
        let mut buf = Vec::with_capacity(24);
        value::encode_key(rt, k, self.key_t, &mut buf)?;
        Ok(buf)
    }

    /// The hash of a stored match word under `seed`.
    #[inline(always)]
    fn rehash(&self, seed: u64, w0: Word) -> u64 {
        match self.repr {
            KeyRepr::Int => hash_int(seed, w0),
            _ => hash_bytes(seed, heap::str_bytes(w0)),
        }
    }

    /// Do two stored match words denote the same key?
    #[inline(always)]
    fn same(&self, a: Word, b: Word) -> bool {
        a == b || (self.repr != KeyRepr::Int && heap::str_bytes(a) == heap::str_bytes(b))
    }

    /// The current directory, if any.
    #[inline(always)]
    fn load_dir(&self) -> Option<Dir<'_>> {
        match self.dir.load(Acquire) {
            0 => None,
            // The seed was stored before the table word was published
            // (a racing `clear` can make it a newer one: the lookup then
            // misses, and nothing worse, as every index is masked).
            d if d & LONE != 0 => Some(Dir {
                w: std::slice::from_ref(&self.dir),
                off: 0,
                tag: LONE,
                depth: 0,
                seed: self.seed.load(Relaxed),
            }),
            // SAFETY: a directory word of this map, loaded just now.
            d => Some(unsafe { Dir::of(d) }),
        }
    }

    /// The current array part, if any.
    #[inline(always)]
    fn load_arr(&self) -> Option<Arr> {
        match self.arr.load(Acquire) {
            0 => None,
            // SAFETY: an array word of this map, loaded just now.
            a => Some(unsafe { Arr::of(a) }),
        }
    }

    /// The current array part if it holds key `k`.
    #[inline(always)]
    fn arr_of(&self, k: Word) -> Option<Arr> {
        self.load_arr().filter(|a| a.holds(k))
    }

    /// The table of hash `h` in `d`, for a reader.
    #[inline(always)]
    fn table_of<const W: usize>(d: Dir, h: u64) -> Tab<W> {
        let tw = d.table_of_hash(h);
        if !d.is_lone() {
            // Every table of a directory object has `MAX_GROUPS` groups
            // (`assert_full_size`): start loading the key's group now, so
            // that its miss overlaps the table header's instead of
            // following it. (Measured: the same lookup without the
            // header load, `of_full`, ran no faster here.)
            let g = tw as usize + (HDR + (h1(h) & (MAX_GROUPS - 1)) * Tab::<W>::GW) * 8;
            let p = g as *const AtomicU64;
            let mut off = 0;
            while off < Tab::<W>::GW {
                prefetch(p.wrapping_add(off));
                off += 8;
            }
        }
        // SAFETY: every entry of a directory of this map is a table word
        // of the map's `W` (module docs), loaded just now.
        let t = unsafe { Tab::<W>::of(tw) };
        if d.is_lone() {
            // A lone table may be of any size: its first group of `h`,
            // now that the header says how many there are (`find` and
            // `probe` prefetch only the later groups).
            t.prefetch(h1(h) & t.mask);
        }
        t
    }

    /// The table of hash `h` in `d`, for a writer: a table of a
    /// directory object is viewed without loading its header first
    /// ([`Tab::of_full`]), whose line (the growth count) is prefetched
    /// along with the key's group.
    #[inline(always)]
    fn table_of_w<const W: usize>(d: Dir, h: u64) -> Tab<W> {
        let tw = d.table_of_hash(h);
        let t = if d.is_lone() {
            // SAFETY: a lone table's word of this map, of its `W`, loaded
            // just now.
            unsafe { Tab::<W>::of(tw) }
        } else {
            // SAFETY: every entry of a directory object of this map is a
            // table word of the map's `W` with `MAX_GROUPS` groups (module
            // docs, `assert_full_size`), loaded just now.
            unsafe { Tab::<W>::of_full(tw) }
        };
        t.prefetch(h1(h) & t.mask);
        prefetch(t.w.as_ptr());
        t
    }

    /// `m[k]`, `None` when absent. The check and the dispatch on the key
    /// representation are inlined into the caller; each representation's
    /// lookup is a function of its own that returns in registers.
    #[inline(always)]
    pub fn get(&self, rt: &[RType], k: Word) -> Result<Option<Word>, Trap> {
        self.check_read()?;
        match self.repr {
            KeyRepr::Int => Ok(self.get_int(k)),
            KeyRepr::Str => Ok(self.get_str(k)),
            KeyRepr::Gen => self.get_gen(rt, k),
        }
    }

    /// [`get_fast`]'s answer for a lookup's result.
    #[inline(always)]
    fn answer(&self, found: Option<Word>) -> Option<(Word, bool)> {
        match found {
            Some(v) => Some((v, true)),
            // The zero value of a non-aggregate type is the word 0.
            None if !self.val_aggregate => Some((0, false)),
            None => None,
        }
    }

    /// [`get_fast`] of a `Str` key (its own function: the byte comparison
    /// calls out and needs registers the `Int` path does without).
    #[inline(never)]
    fn get_str_fast(&self, k: Word) -> Option<(Word, bool)> {
        self.answer(self.find_str(k))
    }

    /// [`set_fast`] of a `Str` key.
    #[inline(never)]
    fn set_str_fast(&self, k: Word, v: Word) -> bool {
        let kb = heap::str_bytes(k);
        self.assign_fast(
            k,
            v,
            |s| hash_bytes(s, kb),
            |w| w == k || heap::str_bytes(w) == kb,
        )
    }

    /// [`set_fast`]: `insert`'s common case (the key present, or room in
    /// its table) under the `writing` flag, for an `Int` or `Str` key.
    #[inline(always)]
    fn assign_fast(
        &self,
        k: Word,
        v: Word,
        hash: impl Fn(u64) -> u64,
        eq: impl Fn(Word) -> bool,
    ) -> bool {
        if self.writing.load(Acquire) {
            return false;
        }
        let Some(d) = self.load_dir() else {
            return false;
        };
        self.writing.store(true, Relaxed);
        let h = hash(d.seed);
        let t = Self::table_of_w::<2>(d, h);
        let done = match t.probe(h, eq) {
            Ok(s) => {
                self.update(t, s, k, v);
                true
            }
            Err(Some(s)) if t.growth_left() > 0 || t.ctrl_byte(s) == DELETED => {
                self.fill(t, s, h, k, v, None);
                true
            }
            Err(_) => false,
        };
        self.writing.store(false, Release);
        done
    }

    /// [`set_fast`] of a key of the array part.
    #[inline(always)]
    fn arr_assign_fast(&self, a: Arr, k: Word, v: Word) -> bool {
        if self.writing.load(Acquire) {
            return false;
        }
        self.writing.store(true, Relaxed);
        self.arr_put(a, k, v);
        self.writing.store(false, Release);
        true
    }

    /// Stores `k: v` in the array part `a`, which holds `k` (the caller
    /// holds `writing`).
    #[inline(always)]
    fn arr_put(&self, a: Arr, k: Word, v: Word) {
        if a.put(k as usize, v) {
            self.arr_len
                .store(self.arr_len.load(Relaxed).saturating_add(1), Relaxed);
            self.count
                .store(self.count.load(Relaxed).saturating_add(1), Relaxed);
        }
    }

    /// The histogram of the tables' keys (empty unless `arr_keys`).
    fn nums(&self) -> &[AtomicUsize] {
        self.nums.as_deref().map_or(&[], |n| n.as_slice())
    }

    /// Counts (`add`) or uncounts an `arr_keys` map's key `k` entering or
    /// leaving the tables in `nums`.
    #[inline(always)]
    fn tally(&self, k: Word, add: bool) {
        if let Some(nums) = self.nums.as_deref().filter(|_| k < 1 << ARR_BITS) {
            let c = &nums[(64 - k.leading_zeros() as usize).min(ARR_BITS)];
            let n = c.load(Relaxed);
            c.store(
                if add {
                    n.saturating_add(1)
                } else {
                    n.saturating_sub(1)
                },
                Relaxed,
            );
        }
    }

    /// The array part's new capacity, Lua's `computesizes`: the largest
    /// power of two `n` above `cap` (the current one) such that more than
    /// `n >> ARR_FILL` of the keys `0..n` are present, or 0 if there is none
    /// (every key below `cap` is in the array part, counted by `arr_len`;
    /// the tables' keys are in `nums`); and how many of the tables' keys
    /// are below it.
    fn array_size(&self, cap: usize) -> (usize, usize) {
        let in_arr = self.arr_len.load(Relaxed);
        let total = self
            .nums()
            .iter()
            .fold(in_arr, |t, c| t.saturating_add(c.load(Relaxed)));
        let mut below = in_arr;
        let mut best = (0, 0);
        for (i, c) in self.nums().iter().enumerate() {
            let n = 1usize << i;
            if n >> ARR_FILL >= total {
                break;
            }
            below = below.saturating_add(c.load(Relaxed));
            if n > cap && n >= ARR_MIN && below > n >> ARR_FILL {
                best = (n, below - in_arr);
            }
        }
        best
    }

    /// When a table of an `arr_keys` map has no room: grows the array
    /// part instead if enough keys are dense ([`MapObj::migrate`]); true
    /// if it did (the caller holds `writing`). A migration rebuilds all
    /// the tables, so it waits until at least an eighth of their keys
    /// move: each key moves once, so the rebuilds cost at most eight
    /// moves per key however many times the array part grows, and a few
    /// dense keys among many others stay in the tables (Lua pays the
    /// same as part of a rehash it does anyway; the tables here grow one
    /// at a time).
    fn grow_array(&self, rt: &[RType]) -> bool {
        let cap = self.load_arr().map_or(0, |a| a.cap);
        let (n, moving) = self.array_size(cap);
        let in_tables = self
            .count
            .load(Relaxed)
            .saturating_sub(self.arr_len.load(Relaxed));
        if n == 0 || moving < in_tables / 8 {
            return false;
        }
        self.migrate(rt, n);
        true
    }

    /// Publishes an array part of `n` slots holding the old one's keys
    /// and the tables' keys below `n`, then a fresh directory holding the
    /// tables' other keys (same seed). The old directory and its tables,
    /// all flagged replaced, are left as they were, for the ranges
    /// walking them (module docs). The caller holds `writing`.
    #[cold]
    #[inline(never)]
    fn migrate(&self, rt: &[RType], n: usize) {
        let Some(d) = self.load_dir() else {
            return;
        };
        let (aw, a) = Arr::alloc(n, self.scalar);
        let mut in_arr = 0usize;
        if let Some(old) = self.load_arr() {
            old.each(|k, v| in_arr += a.put(k, v) as usize);
        }
        let mut rest = Vec::new();
        for tw in Self::tables(d) {
            // SAFETY: a table word of this `Int` map (`W = 2`).
            let t = unsafe { Tab::<2>::of(tw) };
            t.each_full(|s| {
                let (k, v) = (t.key(s), t.val(s));
                if a.holds(k) {
                    in_arr += a.put(k as usize, v) as usize;
                } else {
                    rest.push((k, v));
                }
            });
            t.w[REPLACED_W].store(1, Relaxed);
        }
        self.arr_len.store(in_arr, Relaxed);
        self.arr.store(aw, Release);
        for c in self.nums() {
            c.store(0, Relaxed);
        }
        self.migrations
            .store(self.migrations.load(Relaxed).wrapping_add(1), Relaxed);
        self.new_dir::<2>(rest.len(), d.seed);
        self.count.store(in_arr, Relaxed);
        for (k, v) in rest {
            // Counts the key in `count` and `nums` again.
            self.put_int(rt, k, v);
        }
    }

    #[inline(never)]
    fn get_int(&self, k: Word) -> Option<Word> {
        self.find_int(k)
    }

    #[inline(always)]
    fn find_int(&self, k: Word) -> Option<Word> {
        if let Some(a) = self.arr_of(k) {
            return a.get(k as usize);
        }
        let d = self.load_dir()?;
        let h = hash_int(d.seed, k);
        let t = Self::table_of::<2>(d, h);
        t.find(h, |w| w == k).map(|s| t.val(s))
    }

    #[inline(never)]
    fn get_str(&self, k: Word) -> Option<Word> {
        self.find_str(k)
    }

    #[inline(always)]
    fn find_str(&self, k: Word) -> Option<Word> {
        let d = self.load_dir()?;
        let kb = heap::str_bytes(k);
        let h = hash_bytes(d.seed, kb);
        let t = Self::table_of::<2>(d, h);
        t.find(h, |w| w == k || heap::str_bytes(w) == kb)
            .map(|s| t.val(s))
    }

    #[inline(never)]
    fn get_gen(&self, rt: &[RType], k: Word) -> Result<Option<Word>, Trap> {
        // Encoded first: an unhashable key panics even when the map is
        // empty, as in Go.
        let enc = self.encode(rt, k)?;
        let Some(d) = self.load_dir() else {
            return Ok(None);
        };
        let h = hash_bytes(d.seed, &enc);
        let t = Self::table_of::<3>(d, h);
        Ok(t.find(h, |w| heap::str_bytes(w) == enc.as_slice())
            .map(|s| t.val(s)))
    }

    /// `m[k] = v`: the writer's flag and the dispatch inlined into the
    /// caller (as `get`).
    #[inline(always)]
    pub fn set(&self, rt: &[RType], k: Word, v: Word) -> Result<(), Trap> {
        match self.repr {
            KeyRepr::Int => {
                let _w = self.lock()?;
                self.set_int(rt, k, v);
            }
            KeyRepr::Str => {
                let _w = self.lock()?;
                self.set_str(rt, k, v);
            }
            KeyRepr::Gen => self.set_gen(rt, k, v)?,
        }
        Ok(())
    }

    /// `set` of an `Int` key (the caller holds `writing`).
    #[inline(never)]
    fn set_int(&self, rt: &[RType], k: Word, v: Word) {
        self.put_int(rt, k, v);
    }

    #[inline(always)]
    fn put_int(&self, rt: &[RType], k: Word, v: Word) {
        if let Some(a) = self.arr_of(k) {
            return self.arr_put(a, k, v);
        }
        self.insert::<2>(rt, k, v, |s| hash_int(s, k), |w| w == k, None);
    }

    /// `set` of a `Str` key (the caller holds `writing`).
    #[inline(never)]
    fn set_str(&self, rt: &[RType], k: Word, v: Word) {
        self.put_str(rt, k, v);
    }

    #[inline(always)]
    fn put_str(&self, rt: &[RType], k: Word, v: Word) {
        let kb = heap::str_bytes(k);
        self.insert::<2>(
            rt,
            k,
            v,
            |s| hash_bytes(s, kb),
            |w| w == k || heap::str_bytes(w) == kb,
            None,
        );
    }

    #[inline(never)]
    fn set_gen(&self, rt: &[RType], k: Word, v: Word) -> Result<(), Trap> {
        let enc = self.encode(rt, k)?;
        let _w = self.lock()?;
        self.insert::<3>(
            rt,
            k,
            v,
            |s| hash_bytes(s, &enc),
            |w| heap::str_bytes(w) == enc.as_slice(),
            Some(&enc),
        );
        Ok(())
    }

    /// Stores `k: v` (the caller holds `writing`): the common case, a key
    /// present or room in its table, inline (Go's `mapassign_fast64`);
    /// the first insert and a table's rebuild out of line.
    #[inline(always)]
    fn insert<const W: usize>(
        &self,
        rt: &[RType],
        k: Word,
        v: Word,
        hash: impl Fn(u64) -> u64,
        eq: impl Fn(Word) -> bool,
        enc: Option<&[u8]>,
    ) {
        let Some(d) = self.load_dir() else {
            return self.insert_slow::<W>(rt, k, v, &hash, &eq, enc);
        };
        let h = hash(d.seed);
        let t = Self::table_of_w::<W>(d, h);
        match t.probe(h, &eq) {
            Ok(s) => self.update(t, s, k, v),
            Err(Some(s)) if t.growth_left() > 0 || t.ctrl_byte(s) == DELETED => {
                self.fill(t, s, h, self.stored_key(rt, k), v, enc)
            }
            Err(_) => self.insert_slow::<W>(rt, k, v, &hash, &eq, enc),
        }
    }

    /// `insert` when the map has no directory yet or the key's table has
    /// no room (the caller holds `writing`).
    #[cold]
    #[inline(never)]
    fn insert_slow<const W: usize>(
        &self,
        rt: &[RType],
        k: Word,
        v: Word,
        hash: &dyn Fn(u64) -> u64,
        eq: &dyn Fn(Word) -> bool,
        enc: Option<&[u8]>,
    ) {
        let mut d = match self.load_dir() {
            Some(d) => d,
            None => self.new_dir::<W>(1, fresh_seed()),
        };
        let h = hash(d.seed);
        // Each round that finds no room rebuilds the key's table, after
        // which it has room; the bound only matters to racing writers.
        for round in 0.. {
            let t = Self::table_of_w::<W>(d, h);
            match t.probe(h, eq) {
                Ok(s) => return self.update(t, s, k, v),
                Err(Some(s)) if t.growth_left() > 0 || t.ctrl_byte(s) == DELETED || round >= 8 => {
                    return self.fill(t, s, h, self.stored_key(rt, k), v, enc);
                }
                Err(None) if round >= 8 => return,
                // The keys may be dense enough for the array part, which
                // may now hold `k` too.
                Err(_) if W == 2 && round == 0 && self.arr_keys && self.grow_array(rt) => {
                    return self.put_int(rt, k, v);
                }
                Err(_) => d = self.rebuild::<W>(d, h, t),
            }
        }
    }

    /// Assigns `v` to the present key `k` in slot `s` of `t`.
    #[inline(always)]
    fn update<const W: usize>(&self, t: Tab<W>, s: usize, k: Word, v: Word) {
        t.word(s, W - 1).store(v, Relaxed);
        if self.update_key && t.key(s) != k {
            t.word(s, W - 2).store(k, Relaxed);
        }
    }

    /// The word a new entry stores for key `k`: a private deep copy of an
    /// aggregate key.
    #[inline(always)]
    fn stored_key(&self, rt: &[RType], k: Word) -> Word {
        if self.key_aggregate {
            value::deep_copy(rt, k, self.key_t)
        } else {
            k
        }
    }

    /// Stores the new entry `key: v` of hash `h` in the free slot `s` of
    /// `t` (`key` as [`MapObj::stored_key`] made it).
    #[inline(always)]
    fn fill<const W: usize>(
        &self,
        t: Tab<W>,
        s: usize,
        h: u64,
        key: Word,
        v: Word,
        enc: Option<&[u8]>,
    ) {
        if t.ctrl_byte(s) == EMPTY {
            t.set_growth_left(t.growth_left().saturating_sub(1));
        }
        if let Some(e) = enc {
            t.word(s, 0).store(heap::new_str(e), Relaxed);
        }
        t.word(s, W - 2).store(key, Relaxed);
        t.word(s, W - 1).store(v, Relaxed);
        t.set_ctrl(s, h2(h) as u8);
        self.count
            .store(self.count.load(Relaxed).saturating_add(1), Relaxed);
        self.tally(key, true);
    }

    /// Makes, publishes and returns a fresh directory (`clear`, or the
    /// first insert) with room for `hint` entries: one table, or tables
    /// of the largest size each filling one entry (the caller holds
    /// `writing`, or owns the map alone).
    fn new_dir<const W: usize>(&self, hint: usize, seed: u64) -> Dir<'_> {
        let mut groups = 1;
        while groups < MAX_GROUPS && max_load(groups * GROUP) < hint {
            groups *= 2;
        }
        let per = max_load(groups * GROUP);
        let mut depth = 0;
        while per << depth < hint {
            depth += 1;
        }
        let tables: Vec<Word> = (0..1usize << depth)
            .map(|_| Tab::<W>::alloc(groups, depth, self.scalar).0)
            .collect();
        self.count.store(0, Relaxed);
        self.seed.store(seed, Relaxed);
        if depth == 0 {
            self.dir.store(tables[0] | LONE, Release);
            return Dir {
                w: std::slice::from_ref(&self.dir),
                off: 0,
                tag: LONE,
                depth: 0,
                seed,
            };
        }
        let dw = Dir::alloc(depth, seed, |i| tables[i]);
        self.dir.store(dw, Release);
        // SAFETY: just made and published; no safe point since.
        unsafe { Dir::of(dw) }
    }

    /// Replaces table `t` of `d`, the one of hash `h`, which has no room:
    /// by a fresh table of its size if it is mostly tombstones, else of
    /// twice its size, or, at `MAX_GROUPS`, by two tables one level
    /// deeper, each taking the hashes of one value of the next bit (Go's
    /// split), doubling the directory first if `t` is as deep as it.
    /// Only `t`'s entries move, so the memory a growth holds on to at
    /// once is bounded by `t`'s size, not the map's. Returns the
    /// directory now current (the caller holds `writing`).
    #[inline(never)]
    fn rebuild<'a, const W: usize>(&'a self, d: Dir<'a>, h: u64, t: Tab<W>) -> Dir<'a> {
        let live = t.live();
        let depth = t.depth();
        let seed = d.seed;
        // A depth past 40 (a trillion tables) only comes from racing
        // writers garbling the counters: rebuild in place instead.
        let tidy = live <= max_load(t.slots()) / 2 || depth >= 40;
        let new = if tidy || t.mask + 1 < MAX_GROUPS {
            let groups = if tidy { t.mask + 1 } else { (t.mask + 1) * 2 };
            let (nw, n) = Tab::<W>::alloc(groups, depth, self.scalar);
            t.each_full(|s| n.put(&t, s, self.rehash(seed, t.load(s, 0))));
            n.set_growth_left(max_load(n.slots()).saturating_sub(live));
            [nw, nw]
        } else {
            let (lw, l) = Tab::<W>::alloc(MAX_GROUPS, depth + 1, self.scalar);
            let (rw, r) = Tab::<W>::alloc(MAX_GROUPS, depth + 1, self.scalar);
            let bit = 63 - depth;
            let mut left = 0;
            t.each_full(|s| {
                let hs = self.rehash(seed, t.load(s, 0));
                if (hs >> bit) & 1 == 0 {
                    l.put(&t, s, hs);
                    left += 1;
                } else {
                    r.put(&t, s, hs);
                }
            });
            l.set_growth_left(max_load(l.slots()).saturating_sub(left));
            r.set_growth_left(max_load(r.slots()).saturating_sub(live.saturating_sub(left)));
            [lw, rw]
        };
        let d = if new[0] != new[1] && depth >= d.depth {
            self.grow_dir(d, t.w.as_ptr() as usize as Word)
        } else {
            d
        };
        // `t`'s block of entries, in halves (the same table twice unless
        // split).
        let span = 1usize << d.depth.saturating_sub(depth);
        let start = d.index(h) & !(span - 1);
        d.install(start, span / 2, new[0]);
        d.install(start + span / 2, span - span / 2, new[1]);
        t.w[REPLACED_W].store(1, Relaxed);
        d
    }

    /// Publishes a directory twice the size of `d` (each entry twice) and
    /// returns it; `t` is the table being split, `d`'s one table if `d` is
    /// a lone table's view (taken from the caller, not reloaded from the
    /// map, where a racing writer may have put a smaller one). The old
    /// directory is frozen from now on (writers use the new one) and left
    /// to the collector.
    fn grow_dir(&self, d: Dir, t: Word) -> Dir<'_> {
        let nw = if d.is_lone() {
            Dir::alloc(1, d.seed, |_| t)
        } else {
            Dir::alloc(d.depth + 1, d.seed, |i| d.table(i / 2))
        };
        self.dir.store(nw, Release);
        // SAFETY: just made and published; no safe point since.
        unsafe { Dir::of(nw) }
    }

    pub fn delete(&self, rt: &[RType], k: Word) -> Result<(), Trap> {
        match self.repr {
            KeyRepr::Int => {
                let _w = self.lock()?;
                if let Some(a) = self.arr_of(k) {
                    let vz = self.zero_of(rt, self.val_aggregate, self.val_t, &self.val_zero);
                    if a.remove(k as usize, vz) {
                        self.arr_len
                            .store(self.arr_len.load(Relaxed).saturating_sub(1), Relaxed);
                        self.count
                            .store(self.count.load(Relaxed).saturating_sub(1), Relaxed);
                    }
                    return Ok(());
                }
                self.remove::<2>(rt, |s| hash_int(s, k), |w| w == k);
            }
            KeyRepr::Str => {
                let _w = self.lock()?;
                let kb = heap::str_bytes(k);
                self.remove::<2>(
                    rt,
                    |s| hash_bytes(s, kb),
                    |w| w == k || heap::str_bytes(w) == kb,
                );
            }
            KeyRepr::Gen => {
                let enc = self.encode(rt, k)?;
                let _w = self.lock()?;
                self.remove::<3>(
                    rt,
                    |s| hash_bytes(s, &enc),
                    |w| heap::str_bytes(w) == enc.as_slice(),
                );
            }
        }
        Ok(())
    }

    fn remove<const W: usize>(
        &self,
        rt: &[RType],
        hash: impl Fn(u64) -> u64,
        eq: impl Fn(Word) -> bool,
    ) {
        let Some(d) = self.load_dir() else {
            return;
        };
        let h = hash(d.seed);
        let t = Self::table_of::<W>(d, h);
        let Some(s) = t.find(h, eq) else {
            return;
        };
        if W == 2 {
            self.tally(t.key(s), false);
        }
        // A group with an empty slot never made a probe sequence go on,
        // so the slot can be empty again; else it is a tombstone.
        if match_empty(t.ctrl(s / GROUP).load(Relaxed)) != 0 {
            t.set_ctrl(s, EMPTY);
            t.set_growth_left(t.growth_left().saturating_add(1));
        } else {
            t.set_ctrl(s, DELETED);
        }
        // Let the collector have the entry; a racing reader still sees a
        // valid word of each type (module docs).
        if W == 3 {
            t.word(s, 0).store(0, Relaxed);
        }
        let kz = self.zero_of(rt, self.key_aggregate, self.key_t, &self.key_zero);
        t.word(s, W - 2).store(kz, Relaxed);
        let vz = self.zero_of(rt, self.val_aggregate, self.val_t, &self.val_zero);
        t.word(s, W - 1).store(vz, Relaxed);
        self.count
            .store(self.count.load(Relaxed).saturating_sub(1), Relaxed);
    }

    /// A valid word of type `t` holding nothing: 0, or the map's shared
    /// zero value of an aggregate type (made once).
    fn zero_of(&self, rt: &[RType], aggregate: bool, t: u32, cache: &AtomicU64) -> Word {
        if !aggregate {
            return 0;
        }
        match cache.load(Relaxed) {
            0 => {
                let z = value::zero(rt, t);
                cache.store(z, Relaxed);
                z
            }
            z => z,
        }
    }

    pub fn len(&self) -> Result<usize, Trap> {
        Ok(self.count.load(Relaxed))
    }

    pub fn is_empty(&self) -> Result<bool, Trap> {
        Ok(self.len()? == 0)
    }

    /// `clear(m)`: a fresh directory with one empty table (and a new seed,
    /// as Go reseeds); iterators started before it produce nothing more.
    pub fn clear(&self) -> Result<(), Trap> {
        let _w = self.lock()?;
        if self.dir.load(Relaxed) == 0 || self.count.load(Relaxed) == 0 {
            return Ok(());
        }
        self.clears.store(self.clears.load(Relaxed) + 1, Relaxed);
        let hint = max_load(MAX_GROUPS * GROUP).min(self.count.load(Relaxed));
        self.arr.store(0, Release);
        self.arr_len.store(0, Relaxed);
        for c in self.nums() {
            c.store(0, Relaxed);
        }
        match self.repr {
            KeyRepr::Gen => self.new_dir::<3>(hint, fresh_seed()),
            _ => self.new_dir::<2>(hint, fresh_seed()),
        };
        Ok(())
    }

    /// A `range` over this map (see the module docs).
    pub fn iter(&'static self) -> Result<Word, Trap> {
        self.check_read()?;
        let r = fresh_seed();
        let r2 = fresh_seed();
        let mut dir_off = r >> 40;
        let migrations = self.migrations.load(Relaxed);
        let dirw = self.dir.load(Acquire);
        let arr_n = self.load_arr().map_or(0, |a| a.cap);
        let depth = match self.load_dir() {
            None => u64::MAX,
            Some(d) => {
                dir_off &= d.len() as u64 - 1;
                // Start at the first entry of the table there: each
                // table's block is then walked whole (Go's `Iter`).
                // SAFETY: an entry of this map's directory; word 1 of
                // every table is its local depth, whatever its `W`.
                let td = unsafe { heap::deref::<AtomicU64>(d.table(dir_off as usize) + 8) };
                let span = 1u64 << d.depth.saturating_sub(td.load(Relaxed).min(63) as u32);
                dir_off &= !(span - 1);
                d.depth as u64
            }
        };
        Ok(heap::new_object(MapIter {
            map: self,
            clears: self.clears.load(Relaxed),
            rand: r,
            arr_n,
            arr_off: r2 as usize & arr_n.wrapping_sub(1),
            arr_first: r2 >> 63 != 0,
            arr_j: AtomicUsize::new(0),
            migrations,
            dirw: AtomicU64::new(dirw),
            depth: AtomicU64::new(depth),
            dir_off: AtomicU64::new(dir_off),
            dir_idx: AtomicU64::new(0),
            tab: AtomicU64::new(0),
            done: AtomicUsize::new(0),
        }))
    }

    /// The current entry of the key of stored match word `w0` (in the
    /// array part or the current directory), for a range.
    fn find_entry<const W: usize>(&self, w0: Word) -> Option<(Word, Word)> {
        if let Some(a) = self.arr_of(w0) {
            return a.get(w0 as usize).map(|v| (w0, v));
        }
        let d = self.load_dir()?;
        let h = self.rehash(d.seed, w0);
        let c = Self::table_of::<W>(d, h);
        c.find(h, |w| self.same(w, w0))
            .map(|x| (c.key(x), c.val(x)))
    }

    /// The distinct tables of `d`, each with its first entry.
    fn tables<'a>(d: Dir<'a>) -> impl Iterator<Item = Word> + 'a {
        let mut i = 0;
        std::iter::from_fn(move || {
            (i < d.len()).then(|| {
                let t = d.table(i);
                // SAFETY: an entry of this map's directory; word 1 of
                // every table is its local depth, whatever its `W`.
                let td = unsafe { heap::deref::<AtomicU64>(t + 8) }.load(Relaxed);
                i += 1 << d.depth.saturating_sub(td.min(63) as u32);
                t
            })
        })
    }

    /// (key, value) pairs in unspecified order (for `fmt`, which sorts).
    pub fn entries(&self) -> Result<Vec<(Word, Word)>, Trap> {
        self.check_read()?;
        let Some(d) = self.load_dir() else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        if let Some(a) = self.load_arr() {
            a.each(|k, v| out.push((k as Word, v)));
        }
        fn all<const W: usize>(d: Dir, mut out: Vec<(Word, Word)>) -> Vec<(Word, Word)> {
            for tw in MapObj::tables(d) {
                // SAFETY: a table word of the map, of its `W`.
                let t = unsafe { Tab::<W>::of(tw) };
                out.extend(t.full_slots().map(|s| (t.key(s), t.val(s))));
            }
            out
        }
        Ok(match self.repr {
            KeyRepr::Gen => all::<3>(d, out),
            _ => all::<2>(d, out),
        })
    }
}

/// The state of one `range` over a map (module docs): a walk over the
/// directory's entries from `dir_off` (rotating), `dir_idx` entries done,
/// measured at directory depth `depth`; in each table, step `j` visits
/// slot `(j + s0) % 8` of group `(g0 + (j / 8) * gstride) & mask`
/// (`gstride` odd, so each group once; `g0`, `gstride`, `s0` from
/// `rand`). An iterator word is `&'static MapIter`; it belongs to the
/// goroutine running the loop, the atomics only make it `Sync` like every
/// heap object.
pub struct MapIter {
    map: &'static MapObj,
    /// The map's `clears` when the range started.
    clears: u64,
    rand: u64,
    /// The array part's capacity when the range started: it walks keys
    /// `0..arr_n` in the current array part (never smaller), from
    /// `arr_off`, rotating; `arr_j` of them done. Keys the array part
    /// took from the tables since are at or above `arr_n`, and produced
    /// by the tables' walk.
    arr_n: usize,
    arr_off: usize,
    arr_j: AtomicUsize,
    /// Walk the array part before the tables (else after).
    arr_first: bool,
    /// The map's `migrations` when the range started: once it differs,
    /// the tables' walk goes on in `dirw`, frozen.
    migrations: u64,
    /// The directory word the tables' walk is in (a lone table's word
    /// tagged `LONE`): the map's, loaded at each step until a migration
    /// replaces it.
    dirw: AtomicU64,
    /// `u64::MAX`: the map had no directory; nothing to produce.
    depth: AtomicU64,
    dir_off: AtomicU64,
    dir_idx: AtomicU64,
    /// The table being walked (0: none; the next is the one at
    /// `dir_idx`). Kept even once replaced: its entries are then looked
    /// up in the map.
    tab: AtomicU64,
    /// Steps done in `tab`.
    done: AtomicUsize,
}

impl heap::GcNative for MapIter {
    /// The map being iterated (its address: a pointer into its object),
    /// and the table being walked.
    fn trace(&self, f: &mut dyn FnMut(Word)) {
        f(self.map as *const MapObj as usize as Word);
        f(self.tab.load(Relaxed));
        f(self.dirw.load(Relaxed) & !LONE);
    }
}

impl MapIter {
    /// The next live entry, `None` at the end.
    pub fn next(&self) -> Result<Option<(Word, Word)>, Trap> {
        if self.map.writing.load(Relaxed) {
            return Err(Trap::Fatal("concurrent map iteration and map write".into()));
        }
        if self.depth.load(Relaxed) == u64::MAX || self.map.clears.load(Relaxed) != self.clears {
            return Ok(None);
        }
        if self.arr_first {
            if let Some(e) = self.next_arr() {
                return Ok(Some(e));
            }
        }
        if self.map.migrations.load(Relaxed) == self.migrations {
            self.dirw.store(self.map.dir.load(Acquire), Relaxed);
        }
        let e = match (self.dir(), self.map.repr) {
            (None, _) => None,
            (Some(d), KeyRepr::Gen) => self.next_in::<3>(d),
            (Some(d), _) => self.next_in::<2>(d),
        };
        Ok(match e {
            None if !self.arr_first => self.next_arr(),
            e => e,
        })
    }

    /// The directory the tables' walk is in (`dirw`; never 0 once the
    /// range had a directory, as only `clear` could make it so). Its seed
    /// is not the map's: a walk hashes nothing.
    fn dir(&self) -> Option<Dir<'_>> {
        match self.dirw.load(Relaxed) {
            0 => None,
            w if w & LONE != 0 => Some(Dir {
                w: std::slice::from_ref(&self.dirw),
                off: 0,
                tag: LONE,
                depth: 0,
                seed: 0,
            }),
            // SAFETY: a directory word of this map, loaded from it
            // (`Acquire`) and held by this iterator since (traced).
            w => Some(unsafe { Dir::of(w) }),
        }
    }

    /// The next present key of the array part's walk (`arr_n` keys).
    fn next_arr(&self) -> Option<(Word, Word)> {
        let n = self.arr_n;
        if n == 0 {
            return None;
        }
        // Never `None`, and at least `n` keys, once the range had an
        // array part (only `clear` drops it, and `clears` ended the
        // range); every index is masked anyway.
        let a = self.map.load_arr()?;
        let mut j = self.arr_j.load(Relaxed);
        while j < n {
            let k = (self.arr_off + j) & (n - 1);
            let b = a.bits(k).load(Acquire) >> (k % 64);
            if b & 1 != 0 {
                self.arr_j.store(j + 1, Relaxed);
                return Some((k as Word, a.slot(k).load(Relaxed)));
            }
            // To the next present key of this presence word, or past it,
            // but not past the end of `0..n`, where the walk wraps.
            let skip = match b {
                0 => 64 - k % 64,
                b => b.trailing_zeros() as usize,
            };
            j += skip.min(n - k);
        }
        self.arr_j.store(j, Relaxed);
        None
    }

    fn next_in<const W: usize>(&self, d: Dir) -> Option<(Word, Word)> {
        let m = self.map;
        let mut dir_idx = self.dir_idx.load(Relaxed) as usize;
        let mut dir_off = self.dir_off.load(Relaxed) as usize;
        let depth = self.depth.load(Relaxed) as u32;
        if d.depth > depth {
            // The directory grew: entry i is now entries i << k ..; the
            // same walk, in the finer units.
            let k = d.depth - depth;
            dir_idx <<= k;
            dir_off <<= k;
            self.depth.store(d.depth as u64, Relaxed);
        }
        let r = self.rand;
        let mut out = None;
        while dir_idx < d.len() {
            let mut tw = self.tab.load(Relaxed);
            let mut j = self.done.load(Relaxed);
            if tw == 0 {
                tw = d.table((dir_idx + dir_off) & (d.len() - 1));
                self.tab.store(tw, Relaxed);
                j = 0;
            }
            // SAFETY: a table word of this map (from its current
            // directory, or kept reachable by this iterator), of its `W`.
            let t = unsafe { Tab::<W>::of(tw) };
            let g0 = r as usize & t.mask;
            let gstride = ((r >> 32) as usize | 1) & t.mask | 1;
            let s0 = (r >> 24) as usize % GROUP;
            while j < t.slots() {
                let g = (g0 + (j / GROUP) * gstride) & t.mask;
                let s = g * GROUP + (j + s0) % GROUP;
                j += 1;
                if t.ctrl_byte(s) & 0x80 == 0 {
                    continue;
                }
                if !t.replaced() {
                    // The map still uses the table: the slot is current.
                    out = Some((t.key(s), t.val(s)));
                } else {
                    // Frozen: produce the entry only if the map still has
                    // its key, with the current key and value.
                    out = m.find_entry::<W>(t.load(s, 0));
                }
                if out.is_some() {
                    break;
                }
            }
            if out.is_some() {
                self.done.store(j, Relaxed);
                break;
            }
            // The table's block, as it was when the walk entered it: the
            // tables split from it since hold nothing more to produce.
            dir_idx += 1 << d.depth.saturating_sub(t.depth());
            self.tab.store(0, Relaxed);
            self.done.store(0, Relaxed);
        }
        self.dir_idx.store(dir_idx as u64, Relaxed);
        self.dir_off.store(dir_off as u64, Relaxed);
        out
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, HashSet};

    fn ty(kind: Kind) -> RType {
        RType {
            kind,
            comparable: true,
            ..RType::invalid()
        }
    }

    /// Types 0 (key), 1 (value), 2 (`map[0]1`).
    fn types(k: Kind, v: Kind) -> Vec<RType> {
        vec![
            ty(k),
            ty(v),
            RType {
                key: 0,
                elem: 1,
                ..ty(Kind::Map)
            },
        ]
    }

    fn new(rt: &[RType], hint: usize) -> &'static MapObj {
        map_ref(new_map(rt, 2, hint)).unwrap()
    }

    /// A small deterministic generator (xorshift).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    fn drain(it: Word) -> Vec<(Word, Word)> {
        let it = iter_ref(it).unwrap();
        std::iter::from_fn(|| it.next().unwrap()).collect()
    }

    #[test]
    fn int_map_matches_a_model() {
        let rt = types(Kind::Int, Kind::Int);
        for hint in [0, 5, 100] {
            let m = new(&rt, hint);
            let mut model = HashMap::new();
            let mut r = Rng(0x9e37_79b9 + hint as u64);
            for step in 0..40_000u64 {
                let k = r.next() % 700;
                match r.next() % 8 {
                    0..=3 => {
                        m.set(&rt, k, step).unwrap();
                        model.insert(k, step);
                    }
                    4 | 5 => {
                        m.delete(&rt, k).unwrap();
                        model.remove(&k);
                    }
                    6 => assert_eq!(m.get(&rt, k).unwrap(), model.get(&k).copied()),
                    _ => {
                        if step % 5000 == 7 {
                            m.clear().unwrap();
                            model.clear();
                        }
                    }
                }
                assert_eq!(m.len().unwrap(), model.len());
            }
            let mut got = m.entries().unwrap();
            got.sort();
            let mut want: Vec<_> = model.into_iter().collect();
            want.sort();
            assert_eq!(got, want);
            let mut it = drain(m.iter().unwrap());
            it.sort();
            assert_eq!(it, want);
        }
    }

    #[test]
    fn big_int_map_matches_a_model_through_many_growths() {
        // Many rebuilds (batched moves, a partial last batch), tombstones,
        // and keys spread over a large range, checked against std's map.
        let rt = types(Kind::Int, Kind::Int);
        let m = new(&rt, 0);
        let mut model = HashMap::new();
        let mut r = Rng(0x51_7cc1_b727_220a);
        for step in 0..150_000u64 {
            let k = r.next() % 120_000;
            match r.next() % 10 {
                0..=5 => {
                    m.set(&rt, k, step).unwrap();
                    model.insert(k, step);
                }
                6 | 7 => {
                    m.delete(&rt, k).unwrap();
                    model.remove(&k);
                }
                _ => assert_eq!(m.get(&rt, k).unwrap(), model.get(&k).copied()),
            }
        }
        assert_eq!(m.len().unwrap(), model.len());
        for k in 0..130_000u64 {
            assert_eq!(m.get(&rt, k).unwrap(), model.get(&k).copied(), "key {k}");
        }
        let mut it = drain(m.iter().unwrap());
        it.sort();
        let mut want: Vec<_> = model.into_iter().collect();
        want.sort();
        assert_eq!(it, want);
    }

    /// The run loop's path: `get_fast`/`set_fast`, the full `get`/`set`
    /// when they decline, as `MapGet`, `MapGetOk` and `MapSet` do.
    #[test]
    fn fast_entries_match_a_model() {
        for (k, v) in [(Kind::Int, Kind::Int), (Kind::String, Kind::Int)] {
            let rt = types(k, v);
            let mw = new_map(&rt, 2, 0);
            let m = map_ref(mw).unwrap();
            let key = |i: u64| match k {
                Kind::String => heap::new_str(format!("k{i}").as_bytes()),
                _ => i,
            };
            let mut model = HashMap::new();
            let mut r = Rng(0x2545_f491_4f6c_dd1d);
            let (mut fast_sets, mut fast_gets) = (0, 0);
            for step in 0..60_000u64 {
                let i = r.next() % 20_000;
                match r.next() % 8 {
                    0..=3 => {
                        if set_fast(mw, key(i), step) {
                            fast_sets += 1;
                        } else {
                            m.set(&rt, key(i), step).unwrap();
                        }
                        model.insert(i, step);
                    }
                    4 => {
                        m.delete(&rt, key(i)).unwrap();
                        model.remove(&i);
                    }
                    _ => {
                        let got = match get_fast(mw, key(i)) {
                            Some(r) => {
                                fast_gets += 1;
                                r
                            }
                            None => match m.get(&rt, key(i)).unwrap() {
                                Some(v) => (v, true),
                                None => (0, false),
                            },
                        };
                        let want = model.get(&i).map_or((0, false), |&v| (v, true));
                        assert_eq!(got, want, "key {i} at step {step}");
                    }
                }
                assert_eq!(m.len().unwrap(), model.len());
            }
            // Every lookup of an int or string key is answered fast; sets
            // decline only for the first table and each rebuild.
            assert!(
                fast_gets > 20_000 && fast_sets > 25_000,
                "{fast_gets} {fast_sets}"
            );
            let mut got = m.entries().unwrap();
            got.sort();
            let mut want: Vec<_> = model.into_iter().map(|(i, v)| (key(i), v)).collect();
            want.sort();
            if k == Kind::Int {
                assert_eq!(got, want);
            } else {
                assert_eq!(got.len(), want.len());
            }
        }
        // Declined: a nil map, and a write under way (the full path
        // reports it).
        assert_eq!(get_fast(0, 1), None);
        assert!(!set_fast(0, 1, 1));
        let rt = types(Kind::Int, Kind::Int);
        let mw = new_map(&rt, 2, 8);
        let m = map_ref(mw).unwrap();
        m.writing.store(true, Relaxed);
        assert_eq!(get_fast(mw, 1), None);
        assert!(!set_fast(mw, 1, 1));
        assert!(m.get(&rt, 1).is_err());
        m.writing.store(false, Relaxed);
        assert!(set_fast(mw, 1, 2));
        assert_eq!(get_fast(mw, 1), Some((2, true)));
    }

    #[test]
    fn string_map_matches_a_model_and_grows() {
        let rt = types(Kind::String, Kind::Int);
        let m = new(&rt, 0);
        let mut model = HashMap::new();
        for i in 0..5000u64 {
            let k = format!("key-{}", i * 7 % 3001);
            m.set(&rt, heap::new_str(k.as_bytes()), i).unwrap();
            model.insert(k, i);
            if i % 3 == 0 {
                let d = format!("key-{}", i % 1000);
                m.delete(&rt, heap::new_str(d.as_bytes())).unwrap();
                model.remove(&d);
            }
        }
        assert_eq!(m.len().unwrap(), model.len());
        for (k, v) in &model {
            // A different word with the same bytes finds the entry.
            assert_eq!(m.get(&rt, heap::new_str(k.as_bytes())).unwrap(), Some(*v));
        }
        assert_eq!(m.get(&rt, heap::new_str(b"absent")).unwrap(), None);
        assert_eq!(m.get(&rt, 0).unwrap(), None);
        m.set(&rt, 0, 42).unwrap();
        assert_eq!(m.get(&rt, 0).unwrap(), Some(42));
    }

    #[test]
    fn float_keys_nan_and_signed_zero() {
        let rt = types(Kind::Float64, Kind::Int);
        let m = new(&rt, 0);
        let nan = f64::NAN.to_bits();
        m.set(&rt, nan, 1).unwrap();
        m.set(&rt, nan, 2).unwrap();
        assert_eq!(m.len().unwrap(), 2);
        assert_eq!(m.get(&rt, nan).unwrap(), None);
        m.set(&rt, 0f64.to_bits(), 3).unwrap();
        m.set(&rt, (-0f64).to_bits(), 4).unwrap();
        assert_eq!(m.len().unwrap(), 3);
        // Go stores the newer key: -0.
        let zero: Vec<_> = m
            .entries()
            .unwrap()
            .into_iter()
            .filter(|(k, _)| f64::from_bits(*k) == 0.0)
            .collect();
        assert_eq!(zero, vec![((-0f64).to_bits(), 4)]);
        // NaN entries survive growth during a range, and vanish with clear.
        let it = iter_ref(m.iter().unwrap()).unwrap();
        for i in 0..100u64 {
            m.set(&rt, (i as f64 + 0.5).to_bits(), i).unwrap();
        }
        let mut nans = 0;
        while let Some((k, _)) = it.next().unwrap() {
            nans += f64::from_bits(k).is_nan() as usize;
        }
        assert_eq!(nans, 2);
        let it = iter_ref(m.iter().unwrap()).unwrap();
        m.clear().unwrap();
        assert_eq!(it.next().unwrap(), None);
        assert_eq!(m.len().unwrap(), 0);
    }

    #[test]
    fn range_while_deleting_and_growing_follows_go_rules() {
        let rt = types(Kind::Int, Kind::Int);
        for seed in 1..20u64 {
            let m = new(&rt, 0);
            let n = 300;
            for k in 0..n {
                m.set(&rt, k, k * 10).unwrap();
            }
            let it = iter_ref(m.iter().unwrap()).unwrap();
            let mut seen = HashSet::new();
            let mut deleted = HashSet::new();
            let mut r = Rng(seed * 0x1234_5678_9abc);
            let mut added = n;
            while let Some((k, v)) = it.next().unwrap() {
                assert!(seen.insert(k), "{k} produced twice");
                assert!(!deleted.contains(&k), "{k} produced after its delete");
                assert_eq!(v, m.get(&rt, k).unwrap().unwrap(), "current value");
                // Delete a few original entries, update some, and add
                // many (the table grows several times meanwhile).
                let d = r.next() % n;
                if !seen.contains(&d) && m.get(&rt, d).unwrap().is_some() {
                    m.delete(&rt, d).unwrap();
                    deleted.insert(d);
                }
                let u = r.next() % n;
                if !deleted.contains(&u) {
                    m.set(&rt, u, 7).unwrap();
                }
                for _ in 0..5 {
                    m.set(&rt, added, 1).unwrap();
                    added += 1;
                }
            }
            // Every original entry not deleted was produced exactly once
            // (an updated value counts as the same entry).
            for k in 0..n {
                if !deleted.contains(&k) {
                    assert!(seen.contains(&k), "seed {seed}: {k} missed");
                }
            }
            assert_eq!(m.len().unwrap(), (added - deleted.len() as u64) as usize);
        }
    }

    /// The map's directory: (depth, distinct tables, each table's local
    /// depth and slots).
    fn shape(m: &MapObj) -> (u32, Vec<(u32, usize)>) {
        let d = m.load_dir().unwrap();
        let ts = MapObj::tables(d)
            .map(|tw| {
                // SAFETY: a table of an `Int` map (`W = 2`), no safe point.
                let t = unsafe { Tab::<2>::of(tw) };
                (t.depth(), t.slots())
            })
            .collect();
        (d.depth, ts)
    }

    #[test]
    fn a_small_map_is_a_lone_table_until_its_first_split() {
        let rt = types(Kind::Int, Kind::Int);
        let m = new(&rt, 0);
        // Sparse keys: the tables hold them all (no array part).
        let sp = |k: u64| k << 32;
        assert_eq!(m.dir.load(Relaxed), 0);
        m.set(&rt, sp(1), 10).unwrap();
        assert_eq!(m.dir.load(Relaxed) & LONE, LONE, "no directory yet");
        assert_eq!(shape(m), (0, vec![(0, GROUP)]));
        // A range started on the lone table goes on while the table
        // doubles and then splits into a directory: every entry once,
        // with its current value.
        let it = iter_ref(m.iter().unwrap()).unwrap();
        let mut seen = HashSet::new();
        let (k, v) = it.next().unwrap().unwrap();
        assert_eq!((k, v), (sp(1), 10));
        seen.insert(k);
        let mut model = HashMap::from([(sp(1), 10)]);
        for k in 2..5000u64 {
            m.set(&rt, sp(k), k * 10).unwrap();
            model.insert(sp(k), k * 10);
        }
        assert_eq!(m.dir.load(Relaxed) & LONE, 0, "a directory after the split");
        assert!(shape(m).0 >= 1);
        while let Some((k, v)) = it.next().unwrap() {
            assert!(seen.insert(k), "key {k} twice");
            assert_eq!(model.get(&k), Some(&v));
        }
        for k in 0..5100u64 {
            assert_eq!(
                m.get(&rt, sp(k)).unwrap(),
                model.get(&sp(k)).copied(),
                "key {k}"
            );
        }
        // `clear` makes a lone table again; a hint within one table too.
        m.clear().unwrap();
        assert_eq!(m.dir.load(Relaxed) & LONE, LONE);
        assert_eq!((m.len().unwrap(), m.get(&rt, 7).unwrap()), (0, None));
        m.set(&rt, 7, 70).unwrap();
        assert_eq!(m.get(&rt, 7).unwrap(), Some(70));
        let h = new(&rt, 800);
        assert_eq!(h.dir.load(Relaxed) & LONE, LONE);
        assert_eq!(shape(h), (0, vec![(0, MAX_GROUPS * GROUP)]));
    }

    #[test]
    fn a_big_map_splits_into_bounded_tables() {
        let rt = types(Kind::Int, Kind::Int);
        let m = new(&rt, 0);
        let mut model = HashMap::new();
        let mut r = Rng(0xdead_beef_1234);
        for step in 0..200_000u64 {
            // Sparse keys: the tables hold them all (no array part).
            let k = (r.next() % 60_000) << 32;
            if r.next().is_multiple_of(4) {
                m.delete(&rt, k).unwrap();
                model.remove(&k);
            } else {
                m.set(&rt, k, step).unwrap();
                model.insert(k, step);
            }
        }
        let (depth, ts) = shape(m);
        assert!(depth >= 5, "depth {depth}");
        // Tables tile the directory (blocks of `2^(G - d)` entries) and
        // none is bigger than `MAX_GROUPS` groups.
        let covered: usize = ts.iter().map(|&(d, _)| 1usize << (depth - d)).sum();
        assert_eq!(covered, 1 << depth);
        assert!(ts.iter().all(|&(_, s)| s <= MAX_GROUPS * GROUP));
        let slots: usize = ts.iter().map(|t| t.1).sum();
        assert!(
            slots <= model.len() * 3,
            "{slots} slots for {}",
            model.len()
        );
        assert_eq!(m.len().unwrap(), model.len());
        assert!(m.load_arr().is_none());
        for k in 0..61_000u64 {
            let k = k << 32;
            assert_eq!(m.get(&rt, k).unwrap(), model.get(&k).copied(), "key {k}");
        }
        let mut got = m.entries().unwrap();
        got.sort();
        let mut want: Vec<_> = model.into_iter().collect();
        want.sort();
        assert_eq!(got, want);
        let mut it = drain(m.iter().unwrap());
        it.sort();
        assert_eq!(it, want);
        // A hint makes the directory up front: no table is rebuilt.
        let m = new(&rt, 20_000);
        let before = shape(m);
        for k in 0..20_000 {
            m.set(&rt, k, k).unwrap();
        }
        assert_eq!(shape(m), before);
        assert_eq!(m.len().unwrap(), 20_000);
    }

    #[test]
    fn range_over_splitting_tables_follows_go_rules() {
        // As `range_while_deleting_and_growing_follows_go_rules`, with a
        // map of many tables that split (and a directory that doubles)
        // while the range walks them, string and float keys too.
        for (kind, seed) in [
            (Kind::Int, 3u64),
            (Kind::Int, 4),
            (Kind::String, 5),
            (Kind::Float64, 6),
        ] {
            let rt = types(kind, Kind::Int);
            let key = |i: u64| match kind {
                Kind::String => heap::new_str(format!("k{i}").as_bytes()),
                Kind::Float64 => (i as f64 + 0.25).to_bits(),
                _ => i,
            };
            let name = |w: Word| match kind {
                Kind::String => String::from_utf8(heap::str_bytes(w).to_vec()).unwrap(),
                Kind::Float64 => format!("k{}", f64::from_bits(w) - 0.25),
                _ => format!("k{w}"),
            };
            let m = new(&rt, 0);
            let n = 3000;
            for i in 0..n {
                m.set(&rt, key(i), i).unwrap();
            }
            let it = iter_ref(m.iter().unwrap()).unwrap();
            let mut seen = HashSet::new();
            let mut deleted = HashSet::new();
            let mut r = Rng(seed * 0x0009_8765_4321);
            let mut added = n;
            while let Some((k, v)) = it.next().unwrap() {
                let kn = name(k);
                assert!(seen.insert(kn.clone()), "{kn} produced twice");
                assert!(!deleted.contains(&kn), "{kn} produced after its delete");
                assert_eq!(Some(v), m.get(&rt, k).unwrap(), "current value");
                let d = r.next() % n;
                if !seen.contains(&format!("k{d}")) && m.get(&rt, key(d)).unwrap().is_some() {
                    m.delete(&rt, key(d)).unwrap();
                    deleted.insert(format!("k{d}"));
                }
                // Entries added may be produced, so adding stops at a
                // bound (by then the tables have split several times).
                for _ in 0..12 {
                    if added < 8 * n {
                        m.set(&rt, key(added), 1).unwrap();
                        added += 1;
                    }
                }
            }
            for i in 0..n {
                let kn = format!("k{i}");
                assert!(
                    deleted.contains(&kn) || seen.contains(&kn),
                    "{kind:?}: {kn} missed"
                );
            }
            assert_eq!(m.len().unwrap(), (added - deleted.len() as u64) as usize);
            // A range started over the grown map sees every entry once.
            let all = drain(m.iter().unwrap());
            assert_eq!(all.len(), m.len().unwrap());
        }
    }

    #[test]
    fn range_order_is_random_and_complete() {
        let rt = types(Kind::Int, Kind::Int);
        let m = new(&rt, 0);
        for k in 0..50 {
            m.set(&rt, k, k).unwrap();
        }
        let orders: HashSet<Vec<Word>> = (0..10)
            .map(|_| drain(m.iter().unwrap()).into_iter().map(|e| e.0).collect())
            .collect();
        assert!(orders.len() > 1);
        for o in &orders {
            let mut o = o.clone();
            o.sort();
            assert_eq!(o, (0..50).collect::<Vec<_>>());
        }
        // An empty map and a never-filled one range over nothing.
        assert!(drain(new(&rt, 0).iter().unwrap()).is_empty());
        assert!(drain(new(&rt, 1000).iter().unwrap()).is_empty());
    }

    #[test]
    fn a_second_writer_is_a_fatal_error_and_a_reader_sees_it() {
        let rt = types(Kind::Int, Kind::Int);
        let m = new(&rt, 0);
        let w = m.lock().unwrap();
        assert!(matches!(m.set(&rt, 1, 1), Err(Trap::Fatal(s)) if s == "concurrent map writes"));
        assert!(
            matches!(m.get(&rt, 1), Err(Trap::Fatal(s)) if s == "concurrent map read and map write")
        );
        drop(w);
        m.set(&rt, 1, 1).unwrap();
        assert_eq!(m.get(&rt, 1).unwrap(), Some(1));
    }

    /// Keys of `kind` `kinds`: dense from 0, dense with a sparse tail,
    /// negative, and random 64-bit, against std's map through the run
    /// loop's and the full paths, with `clear`s; the array part exists
    /// exactly when the keys are dense.
    #[test]
    fn dense_sparse_and_negative_int_keys_match_a_model() {
        let rt = types(Kind::Int, Kind::Int);
        let mw_of = |rt: &[RType]| new_map(rt, 2, 0);
        for (case, dense) in [(0u64, true), (1, true), (2, false), (3, false)] {
            let mw = mw_of(&rt);
            let m = map_ref(mw).unwrap();
            let mut model = HashMap::new();
            let mut r = Rng(0x1357_9bdf_2468 + case);
            let key = |r: &mut Rng| -> Word {
                let x = r.next();
                match case {
                    0 => x % 3000,
                    // Mostly dense, some far and some negative.
                    1 => match x % 10 {
                        0 => x << 20,
                        1 => (-((x % 500) as i64) - 1) as u64,
                        _ => (x >> 8) % 5000,
                    },
                    2 => (-((x % 5000) as i64)) as u64,
                    _ => x,
                }
            };
            for step in 0..60_000u64 {
                let k = key(&mut r);
                match r.next() % 9 {
                    0..=3 => {
                        if !set_fast(mw, k, step) {
                            m.set(&rt, k, step).unwrap();
                        }
                        model.insert(k, step);
                    }
                    4 => {
                        m.delete(&rt, k).unwrap();
                        model.remove(&k);
                    }
                    5 => assert_eq!(m.get(&rt, k).unwrap(), model.get(&k).copied()),
                    6 | 7 => {
                        let want = model.get(&k).map_or((0, false), |&v| (v, true));
                        assert_eq!(get_fast(mw, k), Some(want), "key {k} at {step}");
                    }
                    _ => {
                        if step % 20_000 == 17 {
                            m.clear().unwrap();
                            model.clear();
                        }
                    }
                }
                assert_eq!(m.len().unwrap(), model.len());
            }
            assert_eq!(m.load_arr().is_some(), dense, "case {case}");
            let mut want: Vec<_> = model.iter().map(|(&k, &v)| (k, v)).collect();
            want.sort();
            let mut got = m.entries().unwrap();
            got.sort();
            assert_eq!(got, want, "case {case}");
            let mut it = drain(m.iter().unwrap());
            it.sort();
            assert_eq!(it, want, "case {case}");
        }
    }

    /// Go's rules for a range while the array part takes keys from the
    /// tables (a migration, the directory replaced) and grows: every
    /// entry present throughout is produced exactly once, with its
    /// current value, none after its delete.
    #[test]
    fn range_during_migrations_follows_go_rules() {
        let rt = types(Kind::Int, Kind::Int);
        for seed in 1..40u64 {
            let m = new(&rt, 0);
            let mut r = Rng(seed * 0x0badc0ffee);
            let n = 4096u64;
            // Spread over 0..n (too sparse for an array part at first,
            // or a small one), a far key and negative ones.
            let mut model = HashMap::new();
            let start = if seed % 3 == 0 { 40 } else { n / 8 };
            for i in 0..start {
                let k = i * 2477 % n;
                m.set(&rt, k, i).unwrap();
                model.insert(k, i);
            }
            for k in [1 << 40, u64::MAX, u64::MAX - 7] {
                m.set(&rt, k, 5).unwrap();
                model.insert(k, 5);
            }
            let had_arr = m.load_arr().map_or(0, |a| a.cap);
            let migrations = m.migrations.load(Relaxed);
            let it = iter_ref(m.iter().unwrap()).unwrap();
            let mut seen = HashSet::new();
            let mut deleted = HashSet::new();
            let mut next = start;
            while let Some((k, v)) = it.next().unwrap() {
                assert!(seen.insert(k), "seed {seed}: {k} produced twice");
                assert!(!deleted.contains(&k), "seed {seed}: {k} after its delete");
                assert_eq!(Some(v), m.get(&rt, k).unwrap(), "current value");
                // Fill in the rest of 0..n (migrations), delete an
                // original entry not yet produced, update another.
                for _ in 0..40 {
                    if next < n {
                        m.set(&rt, next * 2477 % n, next).unwrap();
                        next += 1;
                    }
                }
                let d = (r.next() % start) * 2477 % n;
                if !seen.contains(&d) && !deleted.contains(&d) {
                    m.delete(&rt, d).unwrap();
                    deleted.insert(d);
                }
                let u = (r.next() % start) * 2477 % n;
                if !deleted.contains(&u) {
                    m.set(&rt, u, 1).unwrap();
                }
            }
            for k in model.keys() {
                assert!(
                    deleted.contains(k) || seen.contains(k),
                    "seed {seed}: {k} missed"
                );
            }
            for i in next..n {
                m.set(&rt, i * 2477 % n, i).unwrap();
            }
            assert!(m.migrations.load(Relaxed) > migrations, "seed {seed}");
            assert!(m.load_arr().unwrap().cap > had_arr);
            assert_eq!(m.len().unwrap(), (n + 3) as usize - deleted.len());
            let all = drain(m.iter().unwrap());
            assert_eq!(all.len(), m.len().unwrap());
        }
    }

    /// `for k := range m { ...; break }` does not always give the same
    /// key, over the array part and the tables together.
    #[test]
    fn a_range_starts_at_a_random_key() {
        let rt = types(Kind::Int, Kind::Int);
        let m = new(&rt, 0);
        for k in 0..1000 {
            m.set(&rt, k, k).unwrap();
        }
        for k in 1..30 {
            m.set(&rt, k << 40, k).unwrap();
        }
        assert!(m.load_arr().is_some());
        let firsts: Vec<Word> = (0..200)
            .map(|_| {
                let it = iter_ref(m.iter().unwrap()).unwrap();
                it.next().unwrap().unwrap().0
            })
            .collect();
        let distinct: HashSet<_> = firsts.iter().collect();
        assert!(distinct.len() > 50, "{} distinct", distinct.len());
        assert!(firsts.iter().any(|&k| k < 1000) && firsts.iter().any(|&k| k >= 1000));
    }

    /// A few dense keys among many others stay in the tables (a
    /// migration would rebuild them all for little); once they are an
    /// eighth of the tables' keys they move.
    #[test]
    fn a_few_dense_keys_do_not_rebuild_many_tables() {
        let rt = types(Kind::Int, Kind::Int);
        let m = new(&rt, 0);
        for k in 1..20_000u64 {
            m.set(&rt, k << 32, k).unwrap();
        }
        for k in 0..1000u64 {
            m.set(&rt, k, k).unwrap();
        }
        assert!(m.load_arr().is_none());
        for k in 1000..20_000u64 {
            m.set(&rt, k, k).unwrap();
        }
        assert!(m.load_arr().is_some());
        assert_eq!(m.len().unwrap(), 19_999 + 20_000);
        for k in (0..19_999u64).step_by(7) {
            assert_eq!(m.get(&rt, k).unwrap(), Some(k));
            assert_eq!(m.get(&rt, (k + 1) << 32).unwrap(), Some(k + 1));
        }
    }
}
