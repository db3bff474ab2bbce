//! The natives of `crypto/rand`: getrandom(2) through libc, and the
//! irrecoverable crash of `Read` when a replaced `Reader` fails.

use crate::interp::natives::NativeFn;
use crate::interp::panic::Trap;

/// `b.len()` bytes from the kernel's CSPRNG (getrandom(2), retried on
/// EINTR and short reads).
pub fn fill(b: &mut [u8]) -> std::io::Result<()> {
    let mut off = 0;
    while off < b.len() {
        let rest = &mut b[off..];
        // SAFETY: `rest` is valid for `rest.len()` bytes of writes.
        let n = unsafe { libc::getrandom(rest.as_mut_ptr().cast(), rest.len(), 0) };
        if n < 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        off += n as usize;
    }
    Ok(())
}

/// `n` random bytes; a failing getrandom(2) is a fatal error, as in Go.
pub fn bytes(n: usize) -> Result<Vec<u8>, Trap> {
    let mut v = vec![0u8; n];
    fill(&mut v).map_err(|e| {
        Trap::Fatal(format!(
            "crypto/rand: failed to read random data (see https://go.dev/issue/66821): {e}"
        ))
    })?;
    Ok(v)
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "rand.fill" => |cx| {
            let dst = cx.byte_elems(0);
            let v = bytes(dst.len())?;
            dst.write_bytes(0, &v);
            Ok(())
        },
        "rand.fatal" => |cx| Err(Trap::Fatal(String::from_utf8_lossy(cx.str(0)).into_owned())),
        _ => return None,
    })
}
