//! Natives of package `runtime/debug`: the collector's knobs.

use super::gc_and_finalize;
use crate::interp::natives::NativeFn;

/// `debug.SetTraceback`'s level (stored only: minigo's crash reports
/// stay as with the default level).
pub(crate) static TRACEBACK: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// The main package's import path and its module's path ("" outside a
/// module or for files), as the build saw them (`debug.ReadBuildInfo`).
static MAIN_MODULE: std::sync::Mutex<Option<(String, String)>> = std::sync::Mutex::new(None);

/// Records the package being built for `debug.ReadBuildInfo`: files
/// (`command-line-arguments`) report no module, as `go run` does.
pub fn set_main_module(import_path: &str, module: Option<&str>) {
    let module = match module {
        Some(m) if import_path != "command-line-arguments" => m.to_string(),
        _ => String::new(),
    };
    *MAIN_MODULE.lock().unwrap_or_else(|e| e.into_inner()) =
        Some((import_path.to_string(), module));
}

/// `debug.SetCrashOutput`'s file (a duplicate descriptor; -1: none).
static CRASH_FD: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(-1);

/// Writes a crash report to `debug.SetCrashOutput`'s file, if any (it
/// went to standard error already).
pub(crate) fn write_crash_output(b: &[u8]) {
    let fd = CRASH_FD.load(std::sync::atomic::Ordering::Acquire);
    if fd < 0 || b.is_empty() {
        return;
    }
    let mut rest = b;
    while !rest.is_empty() {
        // SAFETY: `fd` is our own duplicate, open until replaced.
        let n = unsafe { libc::write(fd, rest.as_ptr().cast(), rest.len()) };
        if n <= 0 {
            return;
        }
        rest = &rest[n as usize..];
    }
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "debug.mainModule" => |cx| {
            let (path, module) = MAIN_MODULE
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .clone()
                .unwrap_or_else(|| ("command-line-arguments".into(), String::new()));
            cx.ret_string(0, path.into_bytes())?;
            cx.ret_string(1, module.into_bytes())
        },
        "debug.setCrashOutput" => |cx| {
            let fd = cx.int(0);
            let new = if fd >= 0 {
                // SAFETY: dup of a descriptor number; a bad one fails.
                let d = unsafe { libc::dup(fd as i32) };
                if d < 0 {
                    return cx.ret_bool(0, false);
                }
                d
            } else {
                -1
            };
            let old = CRASH_FD.swap(new, std::sync::atomic::Ordering::AcqRel);
            if old >= 0 {
                // SAFETY: our own duplicate, no longer published.
                unsafe { libc::close(old) };
            }
            cx.ret_bool(0, true)
        },
        "debug.FreeOSMemory" => |cx| {
            minigo_gc::scavenge::request();
            gc_and_finalize(cx);
            Ok(())
        },
        "debug.SetGCPercent" => |cx| {
            let old = minigo_gc::trigger::set_gc_percent(cx.int(0));
            cx.ret_int(0, old)
        },
        "debug.SetMemoryLimit" => |cx| {
            let old = minigo_gc::trigger::set_memory_limit(cx.int(0));
            cx.ret_int(0, old)
        },
        "debug.setTraceback" => |cx| {
            let level = String::from_utf8_lossy(cx.str(0)).into_owned();
            *TRACEBACK.lock().unwrap_or_else(|e| e.into_inner()) = Some(level);
            Ok(())
        },
        _ => return None,
    })
}
