//! Natives of package `syscall`: errno texts and process ids.

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
        _ => return None,
    })
}
