//! The natives of `crypto/ed25519`: RFC 8032 signing and verification
//! (Ed25519, Ed25519ph, Ed25519ctx) over curve25519-dalek's group. The Go
//! side checks lengths and picks the variant; these only compute.

use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::scalar::{clamp_integer, Scalar};
use sha2::{Digest, Sha512};

use crate::interp::natives::{byte_slice, bytes_of, NativeFn};

/// The secret scalar and nonce prefix of a 32-byte seed.
fn expand(seed: &[u8]) -> (Scalar, [u8; 32]) {
    let h = Sha512::digest(seed);
    let mut s = [0u8; 32];
    s.copy_from_slice(&h[..32]);
    let mut prefix = [0u8; 32];
    prefix.copy_from_slice(&h[32..]);
    (Scalar::from_bytes_mod_order(clamp_integer(s)), prefix)
}

/// `seed || A`, the 64-byte private key of a seed.
pub fn key_from_seed(seed: &[u8]) -> Vec<u8> {
    let (s, _) = expand(seed);
    let a = EdwardsPoint::mul_base(&s).compress();
    let mut out = seed.to_vec();
    out.extend_from_slice(a.as_bytes());
    out
}

/// A SHA-512 hasher primed with the domain separator of variant `dom`
/// (0 Ed25519: none, 1 Ed25519ph, 2 Ed25519ctx).
fn hasher(dom: i64, context: &[u8]) -> Sha512 {
    let mut h = Sha512::new();
    if dom != 0 {
        h.update(b"SigEd25519 no Ed25519 collisions");
        h.update([(dom == 1) as u8, context.len() as u8]);
        h.update(context);
    }
    h
}

fn scalar_of(h: Sha512) -> Scalar {
    let mut wide = [0u8; 64];
    wide.copy_from_slice(&h.finalize());
    Scalar::from_bytes_mod_order_wide(&wide)
}

/// The signature of `msg` by the 64-byte key `priv_` (`seed || A`).
pub fn sign(priv_: &[u8], msg: &[u8], dom: i64, context: &[u8]) -> Vec<u8> {
    let (s, prefix) = expand(&priv_[..32]);
    let mut h = hasher(dom, context);
    h.update(prefix);
    h.update(msg);
    let r = scalar_of(h);
    let big_r = EdwardsPoint::mul_base(&r).compress();
    let mut h = hasher(dom, context);
    h.update(big_r.as_bytes());
    h.update(&priv_[32..64]);
    h.update(msg);
    let k = scalar_of(h);
    let big_s = k * s + r;
    let mut sig = big_r.as_bytes().to_vec();
    sig.extend_from_slice(big_s.as_bytes());
    sig
}

fn point(pub_: &[u8]) -> Option<EdwardsPoint> {
    let b: [u8; 32] = pub_.try_into().ok()?;
    CompressedEdwardsY(b).decompress()
}

/// Whether `sig` (64 bytes) is a signature of `msg` by `pub_` (32 bytes),
/// checked as Go does: `[S]B - [k]A` encodes to `R`.
pub fn verify(pub_: &[u8], msg: &[u8], sig: &[u8], dom: i64, context: &[u8]) -> bool {
    let Some(a) = point(pub_) else { return false };
    let mut h = hasher(dom, context);
    h.update(&sig[..32]);
    h.update(pub_);
    h.update(msg);
    let k = scalar_of(h);
    let Ok(sb) = <[u8; 32]>::try_from(&sig[32..64]) else {
        return false;
    };
    let Some(s) = Option::<Scalar>::from(Scalar::from_canonical_bytes(sb)) else {
        return false;
    };
    let r = EdwardsPoint::vartime_double_scalar_mul_basepoint(&k, &(-a), &s);
    r.compress().as_bytes() == &sig[..32]
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "ed25519.keyFromSeed" => |cx| {
            let k = key_from_seed(&bytes_of(cx.arg(0)));
            cx.ret(0, byte_slice(&k))
        },
        "ed25519.sign" => |cx| {
            let (p, m) = (bytes_of(cx.arg(0)), bytes_of(cx.arg(1)));
            let sig = sign(&p, &m, cx.int(2), cx.str(3));
            cx.ret(0, byte_slice(&sig))
        },
        "ed25519.pubOK" => |cx| {
            let ok = point(&bytes_of(cx.arg(0))).is_some();
            cx.ret_bool(0, ok)
        },
        "ed25519.verify" => |cx| {
            let (p, m, s) = (
                bytes_of(cx.arg(0)),
                bytes_of(cx.arg(1)),
                bytes_of(cx.arg(2)),
            );
            let ok = verify(&p, &m, &s, cx.int(3), cx.str(4));
            cx.ret_bool(0, ok)
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(b: &[u8]) -> String {
        b.iter().map(|x| format!("{x:02x}")).collect()
    }

    /// RFC 8032 section 7.1, test 1.
    #[test]
    fn rfc8032_test1() {
        let seed: Vec<u8> = (0..32)
            .map(|i| {
                u8::from_str_radix(
                    &"9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
                        [2 * i..2 * i + 2],
                    16,
                )
                .unwrap()
            })
            .collect();
        let k = key_from_seed(&seed);
        assert_eq!(
            hex(&k[32..]),
            "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
        );
        let sig = sign(&k, b"", 0, b"");
        assert!(hex(&sig).starts_with("e5564300c360ac72"));
        assert!(verify(&k[32..], b"", &sig, 0, b""));
        assert!(!verify(&k[32..], b"x", &sig, 0, b""));
    }
}
