//! Conversion to an interface (Go's `convT*` in `runtime/iface.go`)
//! without an allocation for small values.
//!
//! Owns: [`ConvT`], the program's shared interface values of small
//! scalars. A non-nil interface value is an immutable [`IfaceObj`]
//! (`heap` module docs), normally one allocation per conversion. Go
//! allocates nothing to box a value below 256 of a one-word integer-shaped
//! type (`staticuint64s`) or a zero value (`zeroVal`); a `[]Shape` of a
//! million `Square{S: i % 11}` holds no boxes at all there. So here: for a
//! type whose value is one word (a scalar, or a struct of one scalar
//! field), the interface value of a small word is one of a per-type table
//! of static `IfaceObj`s (and, for the struct, static one-slot boxes),
//! built on the first conversion of that type and never freed.
//!
//! Invariants:
//! - An interface value is never written in place: its `IfaceObj` and the
//!   box of an aggregate it holds are read-only for everyone (method calls
//!   copy or borrow read-only, type assertions and `reflect` copy). That is
//!   what lets many conversions share one object.
//! - A shared object holds exactly the words a fresh one would: type `t`
//!   and word `k` (or a box holding `k`). Equality, hashing, `%v` and the
//!   collector see no difference; the static objects are outside the GC
//!   heap, which the collector ignores (as it ignores static strings).
//! - Which words are shared: `k < 256` for booleans and integers, `k == 0`
//!   (the zero value) for every other one-word type. A struct shares only
//!   when its single field is such a scalar; other structs and arrays
//!   allocate as before.

use std::sync::atomic::{AtomicPtr, Ordering};

use crate::heap::{self, IfaceObj, Slot, Word};
use crate::rtype::{Kind, RType};

/// One type's shared values (see the module docs).
struct Table {
    /// The value's word is its struct's only field (read through the box).
    field: bool,
    /// Words below `limit` are shared; 0 for a type that shares nothing.
    limit: Word,
    /// `objs[k]` is the interface value of word `k` (leaked: shared
    /// values live as long as the process, like Go's static ones).
    objs: &'static [IfaceObj],
}

/// What a type that shares nothing points at (so that the hot path tells
/// "not built yet" from "nothing to share" by one load).
static NOTHING: Table = Table {
    field: false,
    limit: 0,
    objs: &[],
};

/// The program's shared interface values, one lazily built table per
/// type descriptor that existed at load (descriptors `reflect` makes later
/// allocate as before).
pub struct ConvT {
    tables: Box<[AtomicPtr<Table>]>,
}

impl std::fmt::Debug for ConvT {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConvT")
            .field("types", &self.tables.len())
            .finish()
    }
}

impl ConvT {
    pub fn new(ntypes: usize) -> ConvT {
        ConvT {
            tables: (0..ntypes)
                .map(|_| AtomicPtr::new(std::ptr::null_mut()))
                .collect(),
        }
    }

    /// The interface value of dynamic type `t` holding `w` (for aggregates,
    /// a box nobody else refers to or writes).
    #[inline]
    pub fn convt(&self, rt: &[RType], t: u32, w: Word) -> Word {
        if let Some(slot) = self.tables.get(t as usize) {
            let mut p = slot.load(Ordering::Acquire);
            if p.is_null() {
                p = self.build(rt, t);
            }
            // SAFETY: a non-null table pointer is `NOTHING` or a table
            // leaked by `build`, both `'static` and never written again.
            let tab = unsafe { &*p };
            let k = if tab.field && tab.limit != 0 {
                heap::load(heap::field(w, 0))
            } else {
                w
            };
            if k < tab.limit {
                return &tab.objs[k as usize] as *const IfaceObj as usize as Word;
            }
        }
        heap::new_iface(t, w)
    }

    #[cold]
    fn build(&self, rt: &[RType], t: u32) -> *mut Table {
        let tab = table(rt, t);
        let new = match tab {
            None => &NOTHING as *const Table as *mut Table,
            Some(tab) => Box::into_raw(Box::new(tab)),
        };
        match self.tables[t as usize].compare_exchange(
            std::ptr::null_mut(),
            new,
            Ordering::AcqRel,
            Ordering::Acquire,
        ) {
            Ok(_) => new,
            Err(won) => {
                if !std::ptr::eq(new, &NOTHING) {
                    // SAFETY: `new` came from `Box::into_raw` above and was
                    // never published.
                    drop(unsafe { Box::from_raw(new) });
                }
                won
            }
        }
    }
}

/// How many leading words of type `ty` are shared (0: none).
fn limit(ty: &RType) -> Word {
    match ty.kind {
        Kind::Bool => 2,
        k if k.is_signed_int() || k.is_unsigned_int() => 256,
        Kind::Struct | Kind::Array | Kind::Invalid => 0,
        _ => 1,
    }
}

fn table(rt: &[RType], t: u32) -> Option<Table> {
    let ty = rt.get(t as usize)?;
    let (field, limit) = if ty.kind == Kind::Struct {
        match ty.fields.as_slice() {
            [f] => (true, limit(rt.get(f.ty as usize)?)),
            _ => return None,
        }
    } else if ty.aggregate {
        return None;
    } else {
        (false, limit(ty))
    };
    if limit == 0 {
        return None;
    }
    // One-slot boxes of a one-field struct, `boxes[k]` holding `k`.
    let boxes: &'static [Slot] = if field {
        Box::leak((0..limit).map(Slot::new).collect())
    } else {
        &[]
    };
    let objs: &'static [IfaceObj] = Box::leak(
        (0..limit)
            .map(|k| IfaceObj {
                rtype: t,
                data: if field {
                    &boxes[k as usize] as *const Slot as usize as Word
                } else {
                    k
                },
            })
            .collect(),
    );
    Some(Table { field, limit, objs })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rtype::RField;

    fn ty(name: &str, kind: Kind) -> RType {
        RType {
            name: name.into(),
            kind,
            ..RType::invalid()
        }
    }

    #[test]
    fn small_words_share_one_object_and_others_allocate() {
        let mut square = ty("main.Square", Kind::Struct);
        square.aggregate = true;
        square.fields = vec![RField {
            name: "S".into(),
            ty: 0,
            embedded: false,
            exported: true,
            tag: Vec::new(),
        }];
        let mut rect = square.clone();
        rect.fields.push(rect.fields[0].clone());
        let rt = vec![
            ty("int", Kind::Int),
            ty("string", Kind::String),
            square,
            rect,
        ];
        let c = ConvT::new(rt.len());
        let a = c.convt(&rt, 0, 7);
        assert_eq!(a, c.convt(&rt, 0, 7));
        let i = heap::iface(a).unwrap();
        assert_eq!((i.rtype, i.data), (0, 7));
        // 256 and -1 are not small: fresh objects.
        assert_ne!(c.convt(&rt, 0, 256), c.convt(&rt, 0, 256));
        assert_ne!(c.convt(&rt, 0, u64::MAX), c.convt(&rt, 0, u64::MAX));
        // A string shares only "" (word 0).
        assert_eq!(c.convt(&rt, 1, 0), c.convt(&rt, 1, 0));
        let s = heap::new_str(b"x");
        assert_ne!(c.convt(&rt, 1, s), c.convt(&rt, 1, s));
        // A one-field struct shares by its field, through a static box.
        let b = heap::new_box(1);
        heap::store(heap::field(b, 0), 10);
        let sq = c.convt(&rt, 2, b);
        assert_eq!(sq, c.convt(&rt, 2, b));
        let i = heap::iface(sq).unwrap();
        assert_ne!(i.data, b);
        assert_eq!(heap::load(heap::field(i.data, 0)), 10);
        heap::store(heap::field(b, 0), 300);
        let big = c.convt(&rt, 2, b);
        assert_eq!(heap::iface(big).unwrap().data, b);
        // Two fields: always a fresh object holding the given box.
        let r = heap::new_box(2);
        assert_eq!(heap::iface(c.convt(&rt, 3, r)).unwrap().data, r);
        // Descriptors made after load allocate.
        assert_ne!(c.convt(&rt, 9, 1), c.convt(&rt, 9, 1));
    }
}
