//! The natives of `crypto/aes` and of `crypto/cipher`'s AES fast paths:
//! RustCrypto's `aes` (AES-NI where the CPU has it) and `ghash`.
//!
//! An AES key schedule is an [`AesEngine`] moved into the heap; the Go
//! `Block` keeps its word in its `state` field, which keeps it alive.
//! The modes (CBC, CTR, GCM's counter mode) run whole messages here; the
//! Go side checks lengths and aliasing first and keeps the mode's state
//! (IV, counter offset), which the natives read and update in place.

use aes::cipher::generic_array::GenericArray;
use aes::cipher::{BlockDecrypt, BlockEncrypt, KeyInit};
use ghash::universal_hash::UniversalHash;

use crate::heap::{self, GcNative};
use crate::interp::natives::{byte_slice, bytes_of, NativeCtx, NativeFn};
use crate::interp::panic::Trap;
use crate::stdlib::crypto::subtle::{bytes_backing, inexact_overlap};

/// An expanded AES key (boxed: the key schedules are 16-byte aligned,
/// more than heap objects are).
pub struct AesEngine(Box<AesKind>);

pub enum AesKind {
    A128(aes::Aes128),
    A192(aes::Aes192),
    A256(aes::Aes256),
}

impl GcNative for AesEngine {
    fn trace(&self, _: &mut dyn FnMut(u64)) {}
}

impl AesEngine {
    fn new(key: &[u8]) -> Option<AesEngine> {
        Some(AesEngine(Box::new(match key.len() {
            16 => AesKind::A128(aes::Aes128::new_from_slice(key).ok()?),
            24 => AesKind::A192(aes::Aes192::new_from_slice(key).ok()?),
            32 => AesKind::A256(aes::Aes256::new_from_slice(key).ok()?),
            _ => return None,
        })))
    }
    fn encrypt(&self, b: &mut [u8; 16]) {
        let b = GenericArray::from_mut_slice(b);
        match &*self.0 {
            AesKind::A128(c) => c.encrypt_block(b),
            AesKind::A192(c) => c.encrypt_block(b),
            AesKind::A256(c) => c.encrypt_block(b),
        }
    }
    fn decrypt(&self, b: &mut [u8; 16]) {
        let b = GenericArray::from_mut_slice(b);
        match &*self.0 {
            AesKind::A128(c) => c.decrypt_block(b),
            AesKind::A192(c) => c.decrypt_block(b),
            AesKind::A256(c) => c.decrypt_block(b),
        }
    }
}

/// The engine of a cipher's `state` argument.
fn engine(cx: &NativeCtx<'_, '_>, i: usize) -> Result<&'static AesEngine, Trap> {
    let w = cx.arg(i);
    if w == 0 {
        return Err(Trap::nil_deref());
    }
    // SAFETY: `state` arguments come from the unexported `state` field of
    // `aes.Block` (or its `MinigoAES` method), which holds the word
    // `aes.newState` returned: a live `AesEngine` made by
    // `heap::new_object`, kept alive by that field and this argument.
    Ok(unsafe { heap::deref::<AesEngine>(w) })
}

fn block_of(b: &[u8]) -> [u8; 16] {
    let mut out = [0u8; 16];
    out.copy_from_slice(&b[..16]);
    out
}

/// CBC over whole blocks; `iv` is updated to the chaining value.
pub fn cbc(e: &AesEngine, iv: &mut [u8; 16], data: &mut [u8], decrypt: bool) {
    for chunk in data.chunks_exact_mut(16) {
        let c = block_of(chunk);
        let mut b = c;
        if decrypt {
            e.decrypt(&mut b);
            for (x, y) in b.iter_mut().zip(iv.iter()) {
                *x ^= y;
            }
            *iv = c;
        } else {
            for (x, y) in b.iter_mut().zip(iv.iter()) {
                *x ^= y;
            }
            e.encrypt(&mut b);
            *iv = b;
        }
        chunk.copy_from_slice(&b);
    }
}

/// XORs `data` with the CTR keystream of the 128-bit big-endian counter
/// `iv`, starting `offset` bytes into it.
pub fn ctr_at(e: &AesEngine, iv: &[u8; 16], offset: u64, data: &mut [u8]) {
    let base = u128::from_be_bytes(*iv);
    let mut blk = offset / 16;
    let mut skip = (offset % 16) as usize;
    let mut i = 0;
    while i < data.len() {
        let mut ks = base.wrapping_add(blk as u128).to_be_bytes();
        e.encrypt(&mut ks);
        let n = (16 - skip).min(data.len() - i);
        for k in 0..n {
            data[i + k] ^= ks[skip + k];
        }
        i += n;
        skip = 0;
        blk += 1;
    }
}

/// GCM's counter mode: XORs `data` with the keystream of `counter`,
/// whose last 32 bits are incremented per block (left updated).
pub fn gcm_ctr(e: &AesEngine, counter: &mut [u8; 16], data: &mut [u8]) {
    for chunk in data.chunks_mut(16) {
        let mut ks = *counter;
        e.encrypt(&mut ks);
        for (x, y) in chunk.iter_mut().zip(ks.iter()) {
            *x ^= y;
        }
        let c = u32::from_be_bytes([counter[12], counter[13], counter[14], counter[15]]);
        counter[12..].copy_from_slice(&c.wrapping_add(1).to_be_bytes());
    }
}

/// GHASH with key `h` of each input zero-padded to whole blocks.
pub fn ghash(h: &[u8; 16], inputs: &[&[u8]]) -> [u8; 16] {
    let mut g = ghash::GHash::new(GenericArray::from_slice(h));
    for x in inputs {
        g.update_padded(x);
    }
    let mut out = [0u8; 16];
    out.copy_from_slice(&g.finalize());
    out
}

/// Reads a 16-byte slice argument (the Go side checked its length).
fn arg16(cx: &NativeCtx<'_, '_>, i: usize) -> Result<[u8; 16], Trap> {
    let v = bytes_of(cx.arg(i));
    if v.len() < 16 {
        return Err(Trap::internal(
            "crypto: block argument shorter than 16 bytes",
        ));
    }
    Ok(block_of(&v))
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "aes.newState" => |cx| {
            let key = bytes_of(cx.arg(0));
            let e = AesEngine::new(&key).ok_or_else(|| Trap::internal("aes: bad key size"))?;
            cx.ret(0, heap::new_object(e))
        },
        // encrypt(state, dst, src) / decrypt: one block, checked in Go.
        "aes.encrypt" | "aes.decrypt" => |cx| {
            let e = engine(cx, 0)?;
            let mut b = arg16(cx, 2)?;
            if cx.name().ends_with("encrypt") {
                e.encrypt(&mut b);
            } else {
                e.decrypt(&mut b);
            }
            cx.byte_elems(1).write_bytes(0, &b);
            Ok(())
        },
        // cbcCrypt(state, iv, dst, src, decrypt)
        "cipher.cbcCrypt" => |cx| {
            let e = engine(cx, 0)?;
            let mut iv = arg16(cx, 1)?;
            let mut data = bytes_of(cx.arg(3));
            let decrypt = cx.bool(4);
            cbc(e, &mut iv, &mut data, decrypt);
            cx.byte_elems(2).write_bytes(0, &data);
            cx.byte_elems(1).write_bytes(0, &iv);
            Ok(())
        },
        // ctrCrypt(state, iv, offset, dst, src)
        "cipher.ctrCrypt" => |cx| {
            let e = engine(cx, 0)?;
            let iv = arg16(cx, 1)?;
            let offset = cx.arg(2);
            let mut data = bytes_of(cx.arg(4));
            ctr_at(e, &iv, offset, &mut data);
            cx.byte_elems(3).write_bytes(0, &data);
            Ok(())
        },
        // gcmCtr(state, counter, dst, src)
        "cipher.gcmCtr" => |cx| {
            let e = engine(cx, 0)?;
            let mut counter = arg16(cx, 1)?;
            let mut data = bytes_of(cx.arg(3));
            gcm_ctr(e, &mut counter, &mut data);
            cx.byte_elems(2).write_bytes(0, &data);
            cx.byte_elems(1).write_bytes(0, &counter);
            Ok(())
        },
        // ghash(h, a, b, c) []byte
        "cipher.ghash" => |cx| {
            let h = arg16(cx, 0)?;
            let (a, b, c) = (
                bytes_of(cx.arg(1)),
                bytes_of(cx.arg(2)),
                bytes_of(cx.arg(3)),
            );
            let s = ghash(&h, &[&a, &b, &c]);
            cx.ret(0, byte_slice(&s))
        },
        "cipher.randomFill" => |cx| {
            let dst = cx.byte_elems(0);
            let v = crate::stdlib::crypto::rand::bytes(dst.len())?;
            dst.write_bytes(0, &v);
            Ok(())
        },
        "cipher.inexactOverlap" | "aes.inexactOverlap" => |cx| {
            let r = inexact_overlap(&cx.byte_elems(0), &cx.byte_elems(1));
            cx.ret_bool(0, r)
        },
        "cipher.anyOverlap" => |cx| {
            let (x, y) = (bytes_backing(cx.arg(0)), bytes_backing(cx.arg(1)));
            let r = !x.is_empty()
                && !y.is_empty()
                && x.addr() < y.addr() + y.len()
                && y.addr() < x.addr() + x.len();
            cx.ret_bool(0, r)
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FIPS-197 appendix C.1.
    #[test]
    fn aes128_vector() {
        let key: Vec<u8> = (0..16).collect();
        let e = AesEngine::new(&key).unwrap();
        let mut b: [u8; 16] = core::array::from_fn(|i| (i as u8) * 0x11);
        e.encrypt(&mut b);
        let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
        assert_eq!(hex, "69c4e0d86a7b0430d8cdb78070b4c55a");
        e.decrypt(&mut b);
        assert_eq!(b[1], 0x11);
    }
}
