//! `compress/flate` natives: the inflater is [`engine`] (resumable, so
//! that the Go reader pulls its input piece by piece and never reads past
//! the end of a stream); the deflater is the `flate2` crate's streaming
//! `Compress` (miniz_oxide), raw DEFLATE.
//!
//! Each engine is moved into the heap (`heap::new_object`); the Go
//! reader or writer keeps its word in an unexported field, which keeps
//! it alive, and it is dropped when that dies.

pub mod engine;

use std::sync::Mutex;

use flate2::{Compress, Compression, FlushCompress, Status};

use crate::heap::{self, GcNative};
use crate::interp::natives::{byte_slice, bytes_of, NativeCtx, NativeFn};
use crate::interp::panic::Trap;

pub struct InflateEngine(Mutex<engine::Inflater>);

impl GcNative for InflateEngine {
    fn trace(&self, _: &mut dyn FnMut(u64)) {}
}

pub struct DeflateEngine(Mutex<Compress>);

impl GcNative for DeflateEngine {
    fn trace(&self, _: &mut dyn FnMut(u64)) {}
}

fn handle<T>(cx: &NativeCtx<'_, '_>, i: usize) -> Result<&'static T, Trap> {
    let w = cx.arg(i);
    if w == 0 {
        return Err(Trap::nil_deref());
    }
    // SAFETY: handle arguments come from the unexported engine fields of
    // flate's Go reader and writer, which hold 0 (handled above) or the
    // word the matching `new…` native returned: a live engine of type
    // `T` made by `heap::new_object`, kept alive by that field.
    Ok(unsafe { heap::deref::<T>(w) })
}

/// The most output one `inflate` call produces.
const MAX_OUT: usize = 64 * 1024;

/// Go's level (-2..9) as the crate's.
fn level(l: i64) -> Compression {
    match l {
        -1 => Compression::new(6),
        -2 => Compression::new(1),
        l => Compression::new(l.clamp(0, 9) as u32),
    }
}

/// Compresses `input` with `flush`, until the input is taken and (for
/// a flush) everything is out.
fn deflate(c: &mut Compress, mut input: &[u8], flush: FlushCompress) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::with_capacity(input.len() / 2 + 1024);
    loop {
        if out.capacity() - out.len() < 1024 {
            out.reserve(64 * 1024);
        }
        let before = c.total_in();
        let st = c.compress_vec(input, &mut out, flush);
        input = &input[(c.total_in() - before) as usize..];
        let full = out.capacity() == out.len();
        match (st, flush) {
            (Err(_), _) => return out,
            (Ok(Status::StreamEnd), _) => return out,
            (Ok(_), FlushCompress::None) if input.is_empty() => return out,
            (Ok(_), FlushCompress::Sync) if input.is_empty() && !full => return out,
            (Ok(Status::BufError), _) if input.is_empty() && !full => return out,
            _ => {}
        }
    }
}

/// The natives of compress/flate.
pub fn lookup(name: &str) -> Option<NativeFn> {
    let (_, member) = name.split_once('.')?;
    Some(match member {
        "newInflater" => |cx| {
            let dict = bytes_of(cx.arg(0));
            let e = InflateEngine(Mutex::new(engine::Inflater::new(&dict)));
            cx.ret(0, heap::new_object(e))
        },
        "resetInflater" => |cx| {
            let e = handle::<InflateEngine>(cx, 0)?;
            let dict = bytes_of(cx.arg(1));
            e.0.lock().unwrap_or_else(|p| p.into_inner()).reset(&dict);
            Ok(())
        },
        "inflate" => |cx| {
            // (out, consumed, status, corrupt offset): status 0 needs
            // input, 1 has more output, 2 is done, 3 is corrupt.
            let e = handle::<InflateEngine>(cx, 0)?;
            let input = bytes_of(cx.arg(1));
            let r =
                e.0.lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .inflate(&input, MAX_OUT);
            let (out, used, st) = r;
            let (code, at) = match st {
                engine::Status::NeedInput => (0, 0),
                engine::Status::OutputFull => (1, 0),
                engine::Status::Done => (2, 0),
                engine::Status::Corrupt(at) => (3, at as i64),
            };
            cx.ret(0, byte_slice(&out))?;
            cx.ret_int(1, used as i64)?;
            cx.ret_int(2, code)?;
            cx.ret_int(3, at)
        },
        "newDeflater" => |cx| {
            let c = Compress::new(level(cx.int(0)), false);
            cx.ret(0, heap::new_object(DeflateEngine(Mutex::new(c))))
        },
        "resetDeflater" => |cx| {
            let e = handle::<DeflateEngine>(cx, 0)?;
            e.0.lock().unwrap_or_else(|p| p.into_inner()).reset();
            Ok(())
        },
        "deflate" => |cx| {
            // mode 0 compresses, 1 adds a sync flush, 2 finishes.
            let e = handle::<DeflateEngine>(cx, 0)?;
            let input = bytes_of(cx.arg(1));
            let flush = match cx.int(2) {
                1 => FlushCompress::Sync,
                2 => FlushCompress::Finish,
                _ => FlushCompress::None,
            };
            let out = deflate(
                &mut e.0.lock().unwrap_or_else(|p| p.into_inner()),
                &input,
                flush,
            );
            cx.ret(0, byte_slice(&out))
        },
        _ => return None,
    })
}
