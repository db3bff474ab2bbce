//! The digest engines of `crypto/sha256`, `crypto/sha512`, `crypto/sha1`
//! and `crypto/md5`: RustCrypto's `sha2`, `sha1` and `md-5` crates.
//!
//! A hash's running state is an [`Engine`] moved into the heap
//! (`heap::new_object`); the Go digest keeps its word in its `state`
//! field, which keeps it alive, and it is dropped when the digest dies.
//! The state sits behind a mutex: a racy program writing one digest from
//! two goroutines gets some interleaving of the writes, never a torn
//! state.
//!
//! The four packages declare the same natives (`newState`, `write`,
//! `sum`, `reset`, `oneShot`), served by one [`lookup`]; an engine kind
//! (their Go constants) picks the algorithm.

pub mod aes;
pub mod ed25519;
pub mod rand;
pub mod sha3;
pub mod subtle;

use std::sync::Mutex;

use sha2::digest::DynDigest;

use crate::heap::{self, GcNative};
use crate::interp::natives::{byte_slice, bytes_of, NativeCtx, NativeFn};
use crate::interp::panic::Trap;

/// A digest that can be sent between threads and cloned as such (Go's
/// `Clone`).
pub trait SendDigest: DynDigest + Send {
    fn clone_send(&self) -> Box<dyn SendDigest>;
}

impl<T: DynDigest + Clone + Send + 'static> SendDigest for T {
    fn clone_send(&self) -> Box<dyn SendDigest> {
        Box::new(self.clone())
    }
}

/// A running hash.
pub struct Engine(Mutex<Box<dyn SendDigest>>);

impl GcNative for Engine {
    fn trace(&self, _: &mut dyn FnMut(u64)) {}
}

/// The engine of kind `kind`, as the Go packages number them.
fn new_engine(kind: i64) -> Option<Box<dyn SendDigest>> {
    Some(match kind {
        1 => Box::new(sha2::Sha256::default()),
        2 => Box::new(sha2::Sha224::default()),
        3 => Box::new(sha1::Sha1::default()),
        4 => Box::new(md5::Md5::default()),
        5 => Box::new(sha2::Sha512::default()),
        6 => Box::new(sha2::Sha384::default()),
        7 => Box::new(sha2::Sha512_224::default()),
        8 => Box::new(sha2::Sha512_256::default()),
        _ => return None,
    })
}

fn engine_of(kind: i64) -> Result<Box<dyn SendDigest>, Trap> {
    new_engine(kind).ok_or_else(|| Trap::internal(format!("no digest engine of kind {kind}")))
}

/// The engine of a digest's `state` argument.
fn state(cx: &NativeCtx<'_, '_>, i: usize) -> Result<&'static Engine, Trap> {
    let w = cx.arg(i);
    if w == 0 {
        return Err(Trap::nil_deref());
    }
    // SAFETY: `state` arguments come from the unexported `state` field of
    // the packages' digest types, which holds 0 (handled above) or the
    // word `newState` returned: a live `Engine` made by
    // `heap::new_object`, kept alive by that field and this argument
    // (both scanned conservatively).
    Ok(unsafe { heap::deref::<Engine>(w) })
}

fn locked(e: &Engine) -> std::sync::MutexGuard<'_, Box<dyn SendDigest>> {
    e.0.lock().unwrap_or_else(|p| p.into_inner())
}

/// The natives of the four packages (`sha256.write`, `md5.sum`, …).
pub fn lookup(name: &str) -> Option<NativeFn> {
    let (_, member) = name.split_once('.')?;
    Some(match member {
        "newState" => |cx| {
            let e = engine_of(cx.int(0))?;
            cx.ret(0, heap::new_object(Engine(Mutex::new(e))))
        },
        "write" => |cx| {
            let e = state(cx, 0)?;
            let data = bytes_of(cx.arg(1));
            locked(e).update(&data);
            Ok(())
        },
        "sum" => |cx| {
            // The digest of what was written so far, leaving the state
            // as it is (Go's Sum appends without finishing).
            let e = state(cx, 0)?;
            let d = locked(e).box_clone().finalize();
            cx.ret(0, byte_slice(&d))
        },
        "cloneState" => |cx| {
            let e = state(cx, 0)?;
            let c = locked(e).clone_send();
            cx.ret(0, heap::new_object(Engine(Mutex::new(c))))
        },
        "reset" => |cx| {
            let e = state(cx, 0)?;
            locked(e).reset();
            Ok(())
        },
        "oneShot" => |cx| {
            let mut e = engine_of(cx.int(0))?;
            e.update(&bytes_of(cx.arg(1)));
            let d = e.finalize();
            cx.ret(0, byte_slice(&d))
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(kind: i64, data: &[u8]) -> String {
        let mut e = new_engine(kind).unwrap();
        e.update(data);
        e.finalize().iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Digests of "abc" as Go 1.27 prints them.
    #[test]
    fn engines_match_go() {
        assert_eq!(
            hex(1, b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(hex(3, b"abc"), "a9993e364706816aba3e25717850c26c9cd0d89d");
        assert_eq!(hex(4, b"abc"), "900150983cd24fb0d6963f7d28e17f72");
        assert_eq!(hex(2, b"").len(), 56);
        assert_eq!(hex(6, b"").len(), 96);
    }
}
