//! Natives of package `sort`: `sort.Slice`'s reflection and the typed
//! fast paths.

use crate::heap::{self, Word};
use crate::interp::natives::NativeFn;
use crate::interp::panic::Trap;
use crate::interp::value;

fn sort_by(s: &[heap::Slot], cmp: impl Fn(Word, Word) -> std::cmp::Ordering) {
    let mut v: Vec<Word> = s.iter().map(heap::load).collect();
    v.sort_by(|a, b| cmp(*a, *b));
    for (d, w) in s.iter().zip(v) {
        heap::store(d, w);
    }
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "sort.sliceLen" => |cx| {
            let n = heap::iface(cx.arg(0)).map_or(0, |i| heap::slice_or_nil(i.data).len());
            cx.ret_int(0, n as i64)
        },
        "sort.sliceSwap" => |cx| {
            let x = heap::iface(cx.arg(0));
            let s = heap::slice_or_nil(x.map_or(0, |i| i.data));
            let (i, j) = (cx.arg(1), cx.arg(2));
            let n = s.len() as u64;
            if i >= n {
                return Err(Trap::index(i as i64, s.len()));
            }
            if j >= n {
                return Err(Trap::index(j as i64, s.len()));
            }
            let (i, j) = (i as usize, j as usize);
            let (a, b) = (s.get(i).unwrap_or(0), s.get(j).unwrap_or(0));
            // Struct and array elements trade contents, not storage: a
            // pointer to s[i] still names s[i] after the sort.
            let rts = &cx.prog.rtypes;
            if let Some(e) = x.map(|x| rts[x.rtype as usize].elem) {
                if rts[e as usize].aggregate {
                    value::swap_contents(rts, a, b, e);
                    return Ok(());
                }
            }
            s.set(i, b);
            s.set(j, a);
            Ok(())
        },
        "sort.Ints" => |cx| {
            sort_by(cx.elems(0), |a, b| (a as i64).cmp(&(b as i64)));
            Ok(())
        },
        "sort.Float64s" => |cx| {
            sort_by(cx.elems(0), |a, b| {
                let (x, y) = (f64::from_bits(a), f64::from_bits(b));
                match (x.is_nan(), y.is_nan()) {
                    (true, true) => std::cmp::Ordering::Equal,
                    (true, false) => std::cmp::Ordering::Less,
                    (false, true) => std::cmp::Ordering::Greater,
                    _ => x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal),
                }
            });
            Ok(())
        },
        "sort.Strings" => |cx| {
            sort_by(cx.elems(0), |a, b| {
                heap::str_bytes(a).cmp(heap::str_bytes(b))
            });
            Ok(())
        },
        _ => return None,
    })
}
