//! `image/png` natives: the per-byte row filters (undoing them when
//! decoding, trying all five when encoding), the hot loops of both.

use crate::interp::natives::NativeFn;
use crate::interp::panic::Trap;

fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let (ai, bi, ci) = (a as i32, b as i32, c as i32);
    let pa = (bi - ci).abs();
    let pb = (ai - ci).abs();
    let pc = (ai + bi - 2 * ci).abs();
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// Undoes filter `ft` on `cur` given the previous row; false for an
/// unknown filter.
pub fn unfilter(ft: u8, cur: &mut [u8], prev: &[u8], bpp: usize) -> bool {
    let n = cur.len();
    match ft {
        0 => {}
        1 => {
            for i in bpp..n {
                cur[i] = cur[i].wrapping_add(cur[i - bpp]);
            }
        }
        2 => {
            for i in 0..n {
                cur[i] = cur[i].wrapping_add(prev[i]);
            }
        }
        3 => {
            for i in 0..n {
                let a = if i >= bpp { cur[i - bpp] as u32 } else { 0 };
                cur[i] = cur[i].wrapping_add(((a + prev[i] as u32) / 2) as u8);
            }
        }
        4 => {
            for i in 0..n {
                let (a, c) = if i >= bpp {
                    (cur[i - bpp], prev[i - bpp])
                } else {
                    (0, 0)
                };
                cur[i] = cur[i].wrapping_add(paeth(a, prev[i], c));
            }
        }
        _ => return false,
    }
    true
}

/// The four filtered versions of `cur` (sub, up, average, Paeth) and the
/// filter (0..=4) whose output has the smallest sum of absolute values
/// (bytes read as signed), ties broken as Go's encoder breaks them.
pub fn filters(cur: &[u8], prev: &[u8], bpp: usize) -> ([Vec<u8>; 4], usize) {
    let n = cur.len();
    let mut f: [Vec<u8>; 4] = std::array::from_fn(|_| vec![0u8; n]);
    let mut sums = [0u64; 5];
    let abs8 = |v: u8| if v < 0x80 { v as u64 } else { 256 - v as u64 };
    for i in 0..n {
        let (a, c) = if i >= bpp {
            (cur[i - bpp], prev[i - bpp])
        } else {
            (0, 0)
        };
        let (b, x) = (prev[i], cur[i]);
        let v = [
            x.wrapping_sub(a),
            x.wrapping_sub(b),
            x.wrapping_sub(((a as u32 + b as u32) / 2) as u8),
            x.wrapping_sub(paeth(a, b, c)),
        ];
        sums[0] += abs8(x);
        for k in 0..4 {
            f[k][i] = v[k];
            sums[k + 1] += abs8(v[k]);
        }
    }
    // Go's order of preference on ties: up, Paeth, none, sub, average.
    let mut best = 2;
    for k in [4, 0, 1, 3] {
        if sums[k] < sums[best] {
            best = k;
        }
    }
    (f, best)
}

/// The natives of image/png.
pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        // func unfilterRow(ft byte, cur, prev []byte, bpp int) bool
        "png.unfilterRow" => |cx| {
            let ft = cx.arg(0) as u8;
            let cur_b = cx.byte_elems(1);
            let mut cur = cur_b.to_bytes();
            let prev = cx.byte_elems(2).to_bytes();
            let bpp = cx.int(3).max(1) as usize;
            if prev.len() < cur.len() {
                return Err(Trap::internal("png.unfilterRow: short previous row"));
            }
            let ok = unfilter(ft, &mut cur, &prev, bpp);
            if ok {
                cur_b.write_bytes(0, &cur);
            }
            cx.ret_bool(0, ok)
        },
        // func filterRow(cur, prev []byte, bpp int, sub, up, avg, paeth []byte) int
        "png.filterRow" => |cx| {
            let cur = cx.byte_elems(0).to_bytes();
            let prev = cx.byte_elems(1).to_bytes();
            let bpp = cx.int(2).max(1) as usize;
            if prev.len() < cur.len() {
                return Err(Trap::internal("png.filterRow: short previous row"));
            }
            let (f, best) = filters(&cur, &prev, bpp);
            for (k, v) in f.iter().enumerate() {
                let dst = cx.byte_elems(3 + k);
                if dst.len() < v.len() {
                    return Err(Trap::internal("png.filterRow: short output row"));
                }
                dst.write_bytes(0, v);
            }
            cx.ret_int(0, best as i64)
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_filter_undoes() {
        let prev: Vec<u8> = (0..24u32).map(|i| (i * 37 % 251) as u8).collect();
        let cur: Vec<u8> = (0..24u32).map(|i| (i * 91 % 253) as u8).collect();
        for bpp in [1, 3, 4, 8] {
            let (f, best) = filters(&cur, &prev, bpp);
            assert!(best <= 4);
            for (k, row) in f.iter().enumerate() {
                let mut back = row.clone();
                assert!(unfilter(k as u8 + 1, &mut back, &prev, bpp));
                assert_eq!(back, cur, "filter {} bpp {bpp}", k + 1);
            }
        }
        let mut row = cur.clone();
        assert!(!unfilter(5, &mut row, &prev, 1));
    }
}
