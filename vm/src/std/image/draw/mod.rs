//! `image/draw` natives: the nearest-palette-color search (and its
//! Floyd-Steinberg error diffusion) that drawing onto an
//! `*image.Paletted` does for every pixel, too slow interpreted with a
//! 256-color palette. The Go side gathers the source pixels and the
//! palette as premultiplied 16-bit channels.

use crate::heap;
use crate::interp::natives::{NativeCtx, NativeFn};
use crate::interp::panic::Trap;

/// The elements of a `[]int32` argument.
fn int32s(cx: &NativeCtx<'_, '_>, i: usize) -> Vec<i32> {
    let b = heap::slice_or_nil(cx.arg(i)).elems_backing();
    (0..b.len()).map(|k| b.get(k) as i64 as i32).collect()
}

fn clamp16(v: i32) -> i32 {
    v.clamp(0, 0xffff)
}

/// A quarter of the squared difference, in wrapping 32-bit arithmetic as
/// Go computes it.
fn sq_diff(x: i32, y: i32) -> u32 {
    let d = x.wrapping_sub(y) as u32;
    d.wrapping_mul(d) >> 2
}

/// For each of the `w`×`h` source pixels (four channels each), the index
/// of the nearest palette entry, after adding the diffused error when
/// `diffuse`; row `y` of the result starts at `y*stride`.
pub fn dither(src: &[i32], w: usize, h: usize, pal: &[[i32; 4]], diffuse: bool) -> Vec<u8> {
    let mut out = vec![0u8; w * h];
    let mut cur = vec![[0i32; 4]; w + 2];
    let mut next = vec![[0i32; 4]; w + 2];
    for y in 0..h {
        for x in 0..w {
            let s = &src[4 * (y * w + x)..4 * (y * w + x) + 4];
            let mut e = [s[0], s[1], s[2], s[3]];
            if diffuse {
                for k in 0..4 {
                    e[k] = clamp16(e[k].wrapping_add(cur[x + 1][k] / 16));
                }
            }
            let (mut best, mut best_sum) = (0usize, u32::MAX);
            for (i, p) in pal.iter().enumerate() {
                let sum = sq_diff(e[0], p[0])
                    .wrapping_add(sq_diff(e[1], p[1]))
                    .wrapping_add(sq_diff(e[2], p[2]))
                    .wrapping_add(sq_diff(e[3], p[3]));
                if sum < best_sum {
                    best = i;
                    best_sum = sum;
                    if sum == 0 {
                        break;
                    }
                }
            }
            out[y * w + x] = best as u8;
            if !diffuse {
                continue;
            }
            for k in 0..4 {
                let d = e[k].wrapping_sub(pal[best][k]);
                next[x][k] = next[x][k].wrapping_add(d.wrapping_mul(3));
                next[x + 1][k] = next[x + 1][k].wrapping_add(d.wrapping_mul(5));
                next[x + 2][k] = next[x + 2][k].wrapping_add(d);
                cur[x + 2][k] = cur[x + 2][k].wrapping_add(d.wrapping_mul(7));
            }
        }
        if diffuse {
            std::mem::swap(&mut cur, &mut next);
            next.iter_mut().for_each(|v| *v = [0; 4]);
        }
    }
    out
}

/// The natives of image/draw.
pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        // func ditherIndex(src []int32, w, h int, pal []int32, diffuse bool, out []byte, stride int)
        "draw.ditherIndex" => |cx| {
            let src = int32s(cx, 0);
            let (w, h) = (cx.int(1).max(0) as usize, cx.int(2).max(0) as usize);
            let pal: Vec<[i32; 4]> = int32s(cx, 3)
                .chunks_exact(4)
                .map(|c| [c[0], c[1], c[2], c[3]])
                .collect();
            let diffuse = cx.bool(4);
            let out = cx.byte_elems(5);
            let stride = cx.int(6).max(0) as usize;
            if src.len() < 4 * w * h || pal.is_empty() {
                return Err(Trap::internal("draw.ditherIndex: short arguments"));
            }
            let idx = dither(&src, w, h, &pal, diffuse);
            for y in 0..h {
                if y * stride + w > out.len() {
                    return Err(Trap::internal("draw.ditherIndex: short output"));
                }
                out.write_bytes(y * stride, &idx[y * w..(y + 1) * w]);
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
    fn nearest_and_diffused() {
        let pal = [[0, 0, 0, 0xffff], [0xffff, 0xffff, 0xffff, 0xffff]];
        // A mid gray: nearest is black; diffused, about half the pixels turn white.
        let src: Vec<i32> = (0..16)
            .flat_map(|_| [0x8000, 0x8000, 0x8000, 0xffff])
            .collect();
        assert_eq!(dither(&src, 4, 4, &pal, false), vec![1; 16]);
        let d = dither(&src, 4, 4, &pal, true);
        let white = d.iter().filter(|&&i| i == 1).count();
        assert!((6..=10).contains(&white), "{d:?}");
    }
}
