//! The natives of `hash/maphash`: a seeded 64-bit hash of one block of at
//! most 128 bytes (the Go side chains blocks), and random seeds.
//!
//! The block hash is a wyhash-style mix: 64×64→128-bit multiplies folded
//! to 64 bits, over 8-byte words, keyed by the seed. Not cryptographic, as
//! Go's is not; it only has to spread well and depend on every input bit.

use crate::interp::natives::{bytes_of, NativeFn};

const P0: u64 = 0xa076_1d64_78bd_642f;
const P1: u64 = 0xe703_7ed1_a0b4_28db;
const P2: u64 = 0x8ebc_6af0_9c88_c6e3;

fn mix(a: u64, b: u64) -> u64 {
    let r = (a as u128).wrapping_mul(b as u128);
    (r as u64) ^ ((r >> 64) as u64)
}

/// The hash of `b` under `seed`: the seed itself for no bytes, as Go's.
pub fn block_hash(b: &[u8], seed: u64) -> u64 {
    if b.is_empty() {
        return seed;
    }
    let mut h = seed ^ P0 ^ (b.len() as u64).wrapping_mul(P1);
    let mut chunks = b.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().unwrap_or([0; 8]));
        h = mix(h ^ w ^ P1, P2 ^ seed);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut t = [0u8; 8];
        t[..rest.len()].copy_from_slice(rest);
        h = mix(h ^ u64::from_le_bytes(t) ^ P2, P1 ^ rest.len() as u64);
    }
    mix(h ^ P0, (b.len() as u64) ^ P1)
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "maphash.rthash" => |cx| {
            let h = block_hash(&bytes_of(cx.arg(0)), cx.arg(1));
            cx.ret(0, h)
        },
        "maphash.rthashString" => |cx| {
            let h = block_hash(cx.str(0), cx.arg(1));
            cx.ret(0, h)
        },
        "maphash.randUint64" => |cx| {
            let b = crate::stdlib::crypto::rand::bytes(8)?;
            let v = u64::from_le_bytes(b.try_into().unwrap_or([1; 8]));
            cx.ret(0, v)
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depends_on_seed_and_every_byte() {
        let a = block_hash(b"hello, world", 1);
        assert_ne!(a, block_hash(b"hello, world", 2));
        assert_ne!(a, block_hash(b"hello, worle", 1));
        assert_ne!(block_hash(b"a", 1), block_hash(b"a\0", 1));
        assert_eq!(block_hash(b"", 7), 7);
    }
}
