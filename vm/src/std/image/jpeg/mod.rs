//! `image/jpeg` natives: dequantizing, inverse-transforming and storing
//! one block, the decoder's hot loop. The arithmetic is that of the Go
//! decoder (Go's image/jpeg idct), integer for integer (wrapping as Go's
//! int32 does), so the samples are Go's.

use crate::heap::Backing;
use crate::interp::natives::NativeFn;
use crate::interp::panic::Trap;

/// `x * 2**n / 2**60`, rounded, for a constant `x` scaled by 2**60.
const fn fix(x: u64, n: u32) -> i32 {
    ((x + (1 << (59 - n))) >> (60 - n)) as i32
}

const COS1: u64 = 1130768441178740757;
const SIN1: u64 = 224923827593068887;
const COS3: u64 = 958619196450722178;
const SIN3: u64 = 640528868967736374;
const SQRT2I: u64 = 815238614083298888;
const SQRT2I_COS6: u64 = 311978311033955632;
const SQRT2I_SIN6: u64 = 753182269664427492;

/// The butterfly with a rotation, three multiplications.
#[inline(always)]
fn rotate(a: i32, b: i32, kc: i32, ks: i32) -> (i32, i32) {
    let s = kc.wrapping_mul(a.wrapping_add(b));
    (
        s.wrapping_add(ks.wrapping_sub(kc).wrapping_mul(b)),
        s.wrapping_sub(kc.wrapping_add(ks).wrapping_mul(a)),
    )
}

/// The inverse transform (Go's order of operations and precision), in place.
pub fn inverse_dct(b: &mut [i32; 64]) {
    let (ir_c6, ir_s6, ir_r2) = (fix(SQRT2I_COS6, 18), -fix(SQRT2I_SIN6, 18), fix(SQRT2I, 8));
    let (ic_c6, ic_s6, ic_r2) = (fix(SQRT2I_COS6, 12), -fix(SQRT2I_SIN6, 12), fix(SQRT2I, 14));
    let (c3, s3, c1, s1) = (fix(COS3, 12), -fix(SIN3, 12), fix(COS1, 12), -fix(SIN1, 12));
    let add = |a: i32, b: i32| a.wrapping_add(b);
    let sub = |a: i32, b: i32| a.wrapping_sub(b);
    for r in (0..64).step_by(8) {
        let f = [
            b[r],
            b[r + 1],
            b[r + 2],
            b[r + 3],
            b[r + 4],
            b[r + 5],
            b[r + 6],
            b[r + 7],
        ];
        let (a0, a4) = (f[0].wrapping_shl(17), f[4].wrapping_shl(17));
        let (e0, e1) = (add(a0, a4), sub(a0, a4));
        let (p2, p3) = rotate(f[2], f[6], ir_c6, ir_s6);
        let (e0, e3) = (add(e0, p3), sub(e0, p3));
        let (e1, e2) = (add(e1, p2), sub(e1, p2));
        let (g1, g7) = (f[1].wrapping_shl(7), f[7].wrapping_shl(7));
        let (o7, o4) = (add(g1, g7), sub(g1, g7));
        let (m5, m6) = (f[3].wrapping_mul(ir_r2), f[5].wrapping_mul(ir_r2));
        let (o7, o5) = (add(o7, m5), sub(o7, m5));
        let (o4, o6) = (add(o4, m6), sub(o4, m6));
        let (o4, o7) = rotate(o4 >> 2, o7 >> 2, c3, s3);
        let (o5, o6) = rotate(o5 >> 2, o6 >> 2, c1, s1);
        b[r] = add(e0, o7);
        b[r + 7] = sub(e0, o7);
        b[r + 1] = add(e1, o6);
        b[r + 6] = sub(e1, o6);
        b[r + 2] = add(e2, o5);
        b[r + 5] = sub(e2, o5);
        b[r + 3] = add(e3, o4);
        b[r + 4] = sub(e3, o4);
    }
    for c in 0..8 {
        let f: [i32; 8] = std::array::from_fn(|k| b[c + 8 * k]);
        let f0 = add(f[0], 1 << 19);
        let (e0, e1) = (add(f0, f[4]) >> 2, sub(f0, f[4]) >> 2);
        let (p2, p3) = rotate(f[2] >> 13, f[6] >> 13, ic_c6, ic_s6);
        let (e0, e3) = (add(e0, p3), sub(e0, p3));
        let (e1, e2) = (add(e1, p2), sub(e1, p2));
        let (o7, o4) = (add(f[1], f[7]), sub(f[1], f[7]));
        let (m5, m6) = (
            (f[3] >> 13).wrapping_mul(ic_r2),
            (f[5] >> 13).wrapping_mul(ic_r2),
        );
        let (o7, o5) = (add(o7, m5), sub(o7, m5));
        let (o4, o6) = (add(o4, m6), sub(o4, m6));
        let (o4, o7) = rotate(o4 >> 14, o7 >> 14, c3, s3);
        let (o5, o6) = rotate(o5 >> 14, o6 >> 14, c1, s1);
        b[c] = add(e0, o7) >> 18;
        b[c + 56] = sub(e0, o7) >> 18;
        b[c + 8] = add(e1, o6) >> 18;
        b[c + 48] = sub(e1, o6) >> 18;
        b[c + 16] = add(e2, o5) >> 18;
        b[c + 40] = sub(e2, o5) >> 18;
        b[c + 24] = add(e3, o4) >> 18;
        b[c + 32] = sub(e3, o4) >> 18;
    }
}

/// Zig-zag position → natural position.
const ZIGZAG: [usize; 64] = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
    13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59,
    52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

fn int32s(v: &Backing, n: usize) -> Option<[i32; 64]> {
    if v.len() < n {
        return None;
    }
    Some(std::array::from_fn(|i| v.get(i) as u32 as i32))
}

/// The natives of image/jpeg.
pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        // func idctStore(b, q []int32, plane []byte, base, step, eh, ev int)
        "jpeg.idctStore" => |cx| {
            let (Some(coef), Some(quant)) =
                (int32s(&cx.byte_elems(0), 64), int32s(&cx.byte_elems(1), 64))
            else {
                return Err(Trap::internal("jpeg.idctStore: short block"));
            };
            let plane = cx.byte_elems(2);
            let (base, step) = (cx.int(3) as usize, cx.int(4) as usize);
            let (eh, ev) = (cx.int(5).max(1) as usize, cx.int(6).max(1) as usize);
            let mut b = coef;
            for (k, &p) in ZIGZAG.iter().enumerate() {
                b[p] = b[p].wrapping_mul(quant[k]);
            }
            inverse_dct(&mut b);
            let last = base + (8 * ev - 1) * step + 8 * eh;
            if last > plane.len() {
                return Err(Trap::internal("jpeg.idctStore: block outside the plane"));
            }
            let mut row = vec![0u8; 8 * eh];
            for y in 0..8 {
                for x in 0..8 {
                    let v = b[8 * y + x].wrapping_add(128).clamp(0, 255) as u8;
                    row[x * eh..(x + 1) * eh].fill(v);
                }
                for yy in 0..ev {
                    plane.write_bytes(base + (y * ev + yy) * step, &row);
                }
            }
            Ok(())
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dc_only_block_is_flat() {
        let mut b = [0i32; 64];
        b[0] = 80;
        inverse_dct(&mut b);
        assert!(b.iter().all(|&v| v == 10), "{b:?}");
    }
}
