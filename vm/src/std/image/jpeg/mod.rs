//! `image/jpeg` natives, the hot loops: the decoder's dequantizing,
//! inverse transform and store of one block, and the encoder's forward
//! transform and quantization of one block. The arithmetic is that of Go's
//! image/jpeg, integer for integer (wrapping as Go's int32 does), so the
//! samples and coefficients are Go's.

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

const SQRT2: u64 = 1630477228166597777;
const SQRT2_COS6: u64 = 623956622067911264;
const SQRT2_SIN6: u64 = 1506364539328854985;

/// The forward transform of Go's encoder (its order of operations and
/// precision), in place: samples 0..=255 in, coefficients times 8 out.
pub fn forward_dct(b: &mut [i32; 64]) {
    let add = |a: i32, b: i32| a.wrapping_add(b);
    let sub = |a: i32, b: i32| a.wrapping_sub(b);
    let (c3, s3, c1, s1) = (fix(COS3, 18), fix(SIN3, 18), fix(COS1, 18), fix(SIN1, 18));
    let (c6, s6, r2) = (fix(SQRT2_COS6, 18), fix(SQRT2_SIN6, 18), fix(SQRT2, 12));
    for c in 0..8 {
        let f: [i32; 8] = std::array::from_fn(|k| b[c + 8 * k]);
        let (s0, d7) = (add(f[0], f[7]), sub(f[0], f[7]));
        let (s1_, d6) = (add(f[1], f[6]), sub(f[1], f[6]));
        let (s2, d5) = (add(f[2], f[5]), sub(f[2], f[5]));
        let (s3_, d4) = (add(f[3], f[4]), sub(f[3], f[4]));
        let (d4, d7) = rotate(d4, d7, c3, s3);
        let (d5, d6) = rotate(d5, d6, c1, s1);
        let (t0, t3) = (add(s0, s3_), sub(s0, s3_));
        let (t1, t2) = (add(s1_, s2), sub(s1_, s2));
        let (t2, t3) = rotate(t2, t3, c6, s6);
        b[c] = sub(add(t0, t1), 1024).wrapping_shl(18);
        b[c + 32] = sub(t0, t1).wrapping_shl(18);
        b[c + 16] = t2;
        b[c + 48] = t3;
        let (d4, d6) = (add(d4, d6), sub(d4, d6));
        let (d7, d5) = (add(d7, d5), sub(d7, d5));
        let d5 = (d5 >> 12).wrapping_mul(r2);
        let d6 = (d6 >> 12).wrapping_mul(r2);
        b[c + 8] = add(d7, d4);
        b[c + 24] = d5;
        b[c + 40] = d6;
        b[c + 56] = sub(d7, d4);
    }
    let (c3, s3, c1, s1) = (fix(COS3, 14), fix(SIN3, 14), fix(COS1, 14), fix(SIN1, 14));
    let (c6, s6, r2) = (fix(SQRT2_COS6, 14), fix(SQRT2_SIN6, 14), fix(SQRT2, 14));
    let round = |v: i32| add(v, 1 << 17) >> 18;
    for r in (0..64).step_by(8) {
        let f: [i32; 8] = std::array::from_fn(|k| b[r + k]);
        let (s0, d7) = (add(f[0], f[7]), sub(f[0], f[7]));
        let (s1_, d6) = (add(f[1], f[6]), sub(f[1], f[6]));
        let (s2, d5) = (add(f[2], f[5]), sub(f[2], f[5]));
        let (s3_, d4) = (add(f[3], f[4]), sub(f[3], f[4]));
        let (d4, d7) = rotate(d4 >> 14, d7 >> 14, c3, s3);
        let (d5, d6) = rotate(d5 >> 14, d6 >> 14, c1, s1);
        let (t0, t3) = (add(s0, s3_), sub(s0, s3_));
        let (t1, t2) = (add(s1_, s2), sub(s1_, s2));
        let (t2, t3) = rotate(t2 >> 14, t3 >> 14, c6, s6);
        let (d4, d6) = (add(d4, d6), sub(d4, d6));
        let (d7, d5) = (add(d7, d5), sub(d7, d5));
        let d5 = (d5 >> 14).wrapping_mul(r2);
        let d6 = (d6 >> 14).wrapping_mul(r2);
        b[r] = round(add(t0, t1));
        b[r + 4] = round(sub(t0, t1));
        b[r + 2] = round(t2);
        b[r + 6] = round(t3);
        b[r + 1] = round(add(d7, d4));
        b[r + 7] = round(sub(d7, d4));
        b[r + 3] = round(d5);
        b[r + 5] = round(d6);
    }
}

/// Go's encoder's rounding division.
fn round_div(a: i32, b: i32) -> i32 {
    if a >= 0 {
        (a + (b >> 1)) / b
    } else {
        -((-a + (b >> 1)) / b)
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
        // func fdctQuantize(b []int32, q []byte)
        "jpeg.fdctQuantize" => |cx| {
            let blk = cx.byte_elems(0);
            let (Some(mut b), q) = (int32s(&blk, 64), cx.byte_elems(1)) else {
                return Err(Trap::internal("jpeg.fdctQuantize: short block"));
            };
            if q.len() < 64 {
                return Err(Trap::internal("jpeg.fdctQuantize: short table"));
            }
            forward_dct(&mut b);
            for (k, &p) in ZIGZAG.iter().enumerate() {
                let v = round_div(b[p], 8 * q.get(k) as u8 as i32);
                blk.set(k, v as i64 as u64);
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
    fn forward_then_inverse_is_close() {
        let src: [i32; 64] = std::array::from_fn(|i| ((i * 37) % 256) as i32);
        let mut b = src;
        forward_dct(&mut b);
        // forward_dct scales by 8; the inverse expects plain coefficients.
        for v in b.iter_mut() {
            *v = round_div(*v, 8);
        }
        inverse_dct(&mut b);
        for (x, y) in src.iter().zip(&b) {
            assert!((x - 128 - y).abs() <= 2, "{x} {y}");
        }
    }

    #[test]
    fn dc_only_block_is_flat() {
        let mut b = [0i32; 64];
        b[0] = 80;
        inverse_dct(&mut b);
        assert!(b.iter().all(|&v| v == 10), "{b:?}");
    }
}
