//! The natives of `crypto/subtle`: XOR of byte slices and the overlap
//! test of its aliasing rule (slices' addresses are not visible in Go code).

use crate::heap::{self, Backing};
use crate::interp::natives::NativeFn;

/// The backing of a `[]byte` word, from its element 0 to its length.
pub fn bytes_backing(w: u64) -> Backing {
    heap::slice_or_nil(w).elems_backing()
}

/// Whether `x` and `y` share memory but do not start at the same byte
/// (Go's `alias.InexactOverlap`).
pub fn inexact_overlap(x: &Backing, y: &Backing) -> bool {
    if x.is_empty() || y.is_empty() || x.addr() == y.addr() {
        return false;
    }
    let (xa, ya) = (x.addr(), y.addr());
    xa < ya + y.len() && ya < xa + x.len()
}

/// `dst[..n] = x[..n] ^ y[..n]`, with `n` within all three.
pub fn xor_into(dst: &Backing, x: &Backing, y: &Backing, n: usize) {
    let (a, b) = (x.sub(0, n).to_bytes(), y.sub(0, n).to_bytes());
    let out: Vec<u8> = a.iter().zip(&b).map(|(p, q)| p ^ q).collect();
    dst.write_bytes(0, &out);
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "subtle.xorBytes" => |cx| {
            let (d, x, y) = (cx.byte_elems(0), cx.byte_elems(1), cx.byte_elems(2));
            let n = cx.int(3) as usize;
            xor_into(&d, &x, &y, n);
            Ok(())
        },
        "subtle.inexactOverlap" => |cx| {
            let r = inexact_overlap(&cx.byte_elems(0), &cx.byte_elems(1));
            cx.ret_bool(0, r)
        },
        _ => return None,
    })
}
