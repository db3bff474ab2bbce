//! The native of `crypto/sha3`: the Keccak-f[1600] permutation (RustCrypto's
//! `keccak`) over the 200-byte state the Go sponge keeps (lanes little-endian).

use crate::interp::natives::{bytes_of, NativeFn};

/// Permutes a 200-byte state in place.
pub fn permute(a: &mut [u8; 200]) {
    let mut lanes = [0u64; 25];
    for (l, c) in lanes.iter_mut().zip(a.chunks_exact(8)) {
        *l = u64::from_le_bytes(c.try_into().unwrap_or([0; 8]));
    }
    keccak::f1600(&mut lanes);
    for (l, c) in lanes.iter().zip(a.chunks_exact_mut(8)) {
        c.copy_from_slice(&l.to_le_bytes());
    }
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "sha3.keccakF1600" => |cx| {
            let v = bytes_of(cx.arg(0));
            let mut a = [0u8; 200];
            if v.len() < 200 {
                return Err(crate::interp::panic::Trap::internal("sha3: short state"));
            }
            a.copy_from_slice(&v[..200]);
            permute(&mut a);
            cx.byte_elems(0).write_bytes(0, &a);
            Ok(())
        },
        "sha3.absorb" => |cx| {
            let v = bytes_of(cx.arg(0));
            let (rate, mut pos) = (cx.int(1) as usize, cx.int(2) as usize);
            let p = bytes_of(cx.arg(3));
            if v.len() < 200 || rate > 200 || pos >= rate {
                return Err(crate::interp::panic::Trap::internal(
                    "sha3: bad sponge state",
                ));
            }
            let mut a = [0u8; 200];
            a.copy_from_slice(&v[..200]);
            for &b in &p {
                a[pos] ^= b;
                pos += 1;
                if pos == rate {
                    permute(&mut a);
                    pos = 0;
                }
            }
            cx.byte_elems(0).write_bytes(0, &a);
            cx.ret_int(0, pos as i64)
        },
        _ => return None,
    })
}
