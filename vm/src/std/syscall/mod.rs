//! Natives of package `syscall`: errno texts and process ids.

use crate::heap;
use crate::interp::natives::NativeFn;

/// Go's text for errno `n` (its `syscall.Errno.Error()`): the C
/// library's message with a lower-case first letter, or "" if unknown.
pub fn errno_text(n: i32) -> String {
    let s = std::io::Error::from_raw_os_error(n).to_string();
    let s = match s.find(" (os error") {
        Some(i) => &s[..i],
        None => &s[..],
    };
    if s.starts_with("Unknown error") {
        return String::new();
    }
    let mut c = s.chars();
    match c.next() {
        // Keep acronyms ("RFS specific error") as they are.
        Some(f) if c.clone().next().is_some_and(|d| d.is_lowercase()) || s.len() == 1 => {
            f.to_lowercase().chain(c).collect()
        }
        _ => s.to_string(),
    }
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "syscall.errstr" => |cx| {
            let s = errno_text(cx.int(0) as i32);
            cx.ret_string(0, s.into_bytes())
        },
        "syscall.Getpid" => |cx| cx.ret_int(0, std::process::id() as i64),
        // SAFETY (all four): these libc calls take no arguments, touch no
        // memory of ours and cannot fail.
        "syscall.Getppid" => |cx| cx.ret_int(0, unsafe { libc::getppid() } as i64),
        "syscall.Getuid" => |cx| cx.ret_int(0, unsafe { libc::getuid() } as i64),
        "syscall.Geteuid" => |cx| cx.ret_int(0, unsafe { libc::geteuid() } as i64),
        "syscall.Getgid" => |cx| cx.ret_int(0, unsafe { libc::getgid() } as i64),
        "syscall.Getegid" => |cx| cx.ret_int(0, unsafe { libc::getegid() } as i64),
        "syscall.sysKill" => |cx| {
            // SAFETY: kill takes two integers and touches no memory.
            let r = unsafe { libc::kill(cx.int(0) as libc::pid_t, cx.int(1) as libc::c_int) };
            let e = if r == 0 { 0 } else { last_errno() };
            cx.ret_int(0, e)
        },
        "syscall.sysExec" => |cx| {
            let strs = |i: usize| -> Vec<&'static [u8]> {
                cx.elems(i)
                    .iter()
                    .map(|s| heap::str_bytes(heap::load(s)))
                    .collect()
            };
            let e = exec(cx.str(0), &strs(1), &strs(2));
            cx.ret_int(0, e)
        },
        _ => return None,
    })
}

fn last_errno() -> i64 {
    std::io::Error::last_os_error()
        .raw_os_error()
        .map_or(5, i64::from)
}

/// execve(2) as Go's syscall.Exec: the new program starts with the
/// signal mask and dispositions a fresh process has (minigo blocks the
/// signals its signal thread takes, and Rust ignores SIGPIPE). Returns
/// the errno when the exec fails.
fn exec(argv0: &[u8], argv: &[&[u8]], envv: &[&[u8]]) -> i64 {
    use std::ffi::CString;
    let cstr = |b: &[u8]| CString::new(b).map_err(|_| libc::EINVAL as i64);
    let build = || -> Result<(CString, Vec<CString>, Vec<CString>), i64> {
        Ok((
            cstr(argv0)?,
            argv.iter().map(|a| cstr(a)).collect::<Result<_, _>>()?,
            envv.iter().map(|a| cstr(a)).collect::<Result<_, _>>()?,
        ))
    };
    let (path, args, env) = match build() {
        Ok(v) => v,
        Err(e) => return e,
    };
    let ptrs = |v: &[CString]| -> Vec<*const libc::c_char> {
        v.iter()
            .map(|c| c.as_ptr())
            .chain(std::iter::once(std::ptr::null()))
            .collect()
    };
    let (argp, envp) = (ptrs(&args), ptrs(&env));
    crate::interp::natives::flush_stdout();
    // SAFETY: `old` and `empty` are plain C structs initialized before
    // use; sigprocmask/signal change only this thread's mask and the
    // process's SIGPIPE disposition, both restored if execve returns.
    // `argp`/`envp` are null-terminated arrays of pointers into CStrings
    // (`args`, `env`, `path`) that outlive the call.
    unsafe {
        let mut old: libc::sigset_t = std::mem::zeroed();
        let mut empty: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut empty);
        libc::pthread_sigmask(libc::SIG_SETMASK, &empty, &mut old);
        let pipe = libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        libc::execve(path.as_ptr(), argp.as_ptr(), envp.as_ptr());
        let e = last_errno();
        libc::signal(libc::SIGPIPE, pipe);
        libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        e
    }
}
