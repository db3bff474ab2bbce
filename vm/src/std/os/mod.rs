//! `os` natives: arguments, exit, environment and files (descriptors 0-2
//! are the process's; opened files get descriptors from 3 up).

use std::collections::HashMap;
use std::io::{Read, Write};
use std::sync::{Mutex, OnceLock};

use crate::heap::{self, Word};
use crate::interp::natives::{byte_slice, bytes_of, slice_of, NativeCtx, NativeFn};
use crate::interp::panic::Trap;

/// Natives whose system calls may block the thread (files, stdin): they
/// run with the P handed off (see `Program::native_blocking`). Sockets are
/// not here: they use the netpoller.
pub fn is_blocking(name: &str) -> bool {
    matches!(
        name,
        "os.sysRead"
            | "os.sysWrite"
            | "os.sysOpen"
            | "os.sysReadFile"
            | "os.sysWriteFile"
            | "os.sysClose"
    )
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "os.runtimeArgs" => |cx| {
            let ws: Vec<Word> = cx
                .prog
                .args
                .iter()
                .map(|a| heap::new_str(a.as_bytes()))
                .collect();
            cx.ret(0, slice_of(&ws))
        },
        "os.Exit" => |cx| Err(Trap::Exit(cx.int(0) as i32)),
        "os.LookupEnv" => |cx| {
            let v = getenv(cx.str(0));
            cx.ret_bool(1, v.is_some())?;
            cx.ret_string(0, v.unwrap_or_default())
        },
        "os.sysSetenv" => |cx| {
            setenv(cx.str(0), Some(cx.str(1)));
            Ok(())
        },
        "os.Unsetenv" => |cx| {
            setenv(cx.str(0), None);
            cx.ret(0, 0)
        },
        "os.Clearenv" => |_| {
            env().lock().unwrap_or_else(|e| e.into_inner()).clear();
            Ok(())
        },
        "os.Environ" => |cx| {
            let vars: Vec<Word> = env()
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .iter()
                .map(|(k, v)| heap::new_str(&[&k[..], b"=", &v[..]].concat()))
                .collect();
            cx.ret(0, slice_of(&vars))
        },
        "os.sysRead" => sys_read,
        "os.sysWrite" => sys_write,
        "os.sysClose" => |cx| {
            let fd = cx.int(0);
            let msg = match files().lock() {
                Ok(mut f) => match f.remove(&fd) {
                    Some(_) => "",
                    None if (0..=2).contains(&fd) && crate::interp::natives::close_std(fd) => "",
                    None => "file already closed",
                },
                Err(_) => "bad file descriptor",
            };
            cx.ret_str(0, msg.as_bytes())
        },
        "os.sysOpen" => sys_open,
        "os.sysRemove" => |cx| {
            let name = path(cx.str(0));
            let msg = match std::fs::remove_file(&name).or_else(|e| {
                if e.kind() == std::io::ErrorKind::IsADirectory
                    || std::path::Path::new(&name).is_dir()
                {
                    std::fs::remove_dir(&name)
                } else {
                    Err(e)
                }
            }) {
                Ok(()) => String::new(),
                Err(e) => errno_text(&e),
            };
            cx.ret_str(0, msg.as_bytes())
        },
        "os.sysReadFile" => |cx| {
            let name = path(cx.str(0));
            match std::fs::read(name) {
                Ok(b) => {
                    cx.ret(0, byte_slice(&b))?;
                    cx.ret(1, 0)
                }
                Err(e) => {
                    cx.ret(0, 0)?;
                    cx.ret_str(1, errno_text(&e).as_bytes())
                }
            }
        },
        "os.sysWriteFile" => |cx| {
            let name = path(cx.str(0));
            let data = bytes_of(cx.arg(1));
            let msg = match std::fs::write(name, data) {
                Ok(()) => String::new(),
                Err(e) => errno_text(&e),
            };
            cx.ret_str(0, msg.as_bytes())
        },
        _ => return None,
    })
}

type Env = Mutex<Vec<(Vec<u8>, Vec<u8>)>>;

/// The program's environment: the process's at start, then as
/// `os.Setenv`/`Unsetenv`/`Clearenv` leave it (kept here rather than in
/// the process, whose environment is not safe to change while other
/// threads run). In order of first setting, as Go's `Environ` lists it.
fn env() -> &'static Env {
    static E: OnceLock<Env> = OnceLock::new();
    E.get_or_init(|| {
        use std::os::unix::ffi::OsStrExt;
        let vars = std::env::vars_os()
            .map(|(k, v)| (k.as_bytes().to_vec(), v.as_bytes().to_vec()))
            .collect();
        Mutex::new(vars)
    })
}

/// The value of environment variable `key`, if set.
pub fn getenv(key: &[u8]) -> Option<Vec<u8>> {
    let env = env().lock().unwrap_or_else(|e| e.into_inner());
    env.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
}

/// Sets (or with `None` unsets) environment variable `key`.
fn setenv(key: &[u8], value: Option<&[u8]>) {
    let mut env = env().lock().unwrap_or_else(|e| e.into_inner());
    let at = env.iter().position(|(k, _)| k == key);
    match (at, value) {
        (Some(i), Some(v)) => env[i].1 = v.to_vec(),
        (None, Some(v)) => env.push((key.to_vec(), v.to_vec())),
        (Some(i), None) => {
            env.remove(i);
        }
        (None, None) => {}
    }
}

/// The program's environment as `KEY=value` pairs, for a child process.
pub fn environ() -> Vec<(Vec<u8>, Vec<u8>)> {
    env().lock().unwrap_or_else(|e| e.into_inner()).clone()
}

fn path(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

type FileTable = Mutex<HashMap<i64, std::fs::File>>;

fn files() -> &'static FileTable {
    static F: OnceLock<FileTable> = OnceLock::new();
    F.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Go's text for an OS error (`syscall.Errno.Error()`).
pub fn errno_text(e: &std::io::Error) -> String {
    match e.raw_os_error() {
        Some(1) => "operation not permitted".into(),
        Some(2) => "no such file or directory".into(),
        Some(9) => "bad file descriptor".into(),
        Some(13) => "permission denied".into(),
        Some(17) => "file exists".into(),
        Some(20) => "not a directory".into(),
        Some(21) => "is a directory".into(),
        Some(28) => "no space left on device".into(),
        _ => {
            let s = e.to_string();
            match s.find(" (os error") {
                Some(i) => s[..i].to_lowercase(),
                None => s.to_lowercase(),
            }
        }
    }
}

/// Marks "this File was closed" (descriptors of opened files are never
/// reused here, so a missing one was closed); not a real errno, so that a
/// genuine EBADF (writing a read-only file) keeps its own text.
const CLOSED: i32 = 1 << 20;

/// A duplicate of open file `fd`'s handle (same file offset), taken under
/// the table's lock and used without it.
fn open_file(fd: i64) -> std::io::Result<std::fs::File> {
    let f = files()
        .lock()
        .map_err(|_| std::io::Error::from_raw_os_error(CLOSED))?;
    match f.get(&fd) {
        Some(file) => file.try_clone(),
        None => Err(std::io::Error::from_raw_os_error(CLOSED)),
    }
}

fn sys_read(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let fd = cx.int(0);
    let dst = cx.byte_elems(1);
    let mut buf = vec![0u8; dst.len()];
    if (0..=2).contains(&fd) && crate::interp::natives::std_closed(fd) {
        cx.ret_int(0, 0)?;
        return cx.ret_str(1, b"file already closed");
    }
    let res = if fd == 0 {
        crate::interp::natives::flush_stdout();
        std::io::stdin().lock().read(&mut buf)
    } else {
        // Read through a duplicate handle, outside the table's lock: a
        // read that blocks (a pipe, a FIFO) must not stall other files.
        match open_file(fd) {
            Ok(mut file) => file.read(&mut buf),
            Err(e) => Err(e),
        }
    };
    if let Err(e) = &res {
        if e.raw_os_error() == Some(CLOSED) {
            cx.ret_int(0, 0)?;
            return cx.ret_str(1, b"file already closed");
        }
    }
    match res {
        Ok(0) if !buf.is_empty() => {
            cx.ret_int(0, 0)?;
            cx.ret_str(1, b"EOF")
        }
        Ok(n) => {
            dst.write_bytes(0, &buf[..n]);
            cx.ret_int(0, n as i64)?;
            cx.ret(1, 0)
        }
        Err(e) => {
            cx.ret_int(0, 0)?;
            cx.ret_str(1, errno_text(&e).as_bytes())
        }
    }
}

fn sys_write(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let fd = cx.int(0);
    let data = bytes_of(cx.arg(1));
    if (0..=2).contains(&fd) && crate::interp::natives::std_closed(fd) {
        cx.ret_int(0, 0)?;
        return cx.ret_str(1, b"file already closed");
    }
    let res = match fd {
        1 => {
            crate::interp::natives::write_stdout(&data);
            Ok(())
        }
        2 => {
            crate::interp::natives::write_stderr(&data);
            Ok(())
        }
        _ => open_file(fd).and_then(|mut file| file.write_all(&data)),
    };
    if let Err(e) = &res {
        if e.raw_os_error() == Some(CLOSED) {
            cx.ret_int(0, 0)?;
            return cx.ret_str(1, b"file already closed");
        }
    }
    match res {
        Ok(()) => {
            cx.ret_int(0, data.len() as i64)?;
            cx.ret(1, 0)
        }
        Err(e) => {
            cx.ret_int(0, 0)?;
            cx.ret_str(1, errno_text(&e).as_bytes())
        }
    }
}

fn sys_open(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let name = path(cx.str(0));
    let flag = cx.int(1);
    let mut o = std::fs::OpenOptions::new();
    match flag & 3 {
        0 => o.read(true),
        1 => o.write(true),
        _ => o.read(true).write(true),
    };
    if flag & 0x400 != 0 {
        o.append(true);
    }
    if flag & 0x40 != 0 {
        if flag & 0x80 != 0 {
            o.create_new(true);
        } else {
            o.create(true);
        }
    }
    if flag & 0x200 != 0 {
        o.truncate(true);
    }
    match o.open(&name) {
        Ok(file) => {
            static NEXT: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(3);
            let fd = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if let Ok(mut f) = files().lock() {
                f.insert(fd, file);
            }
            cx.ret_int(0, fd)?;
            cx.ret(1, 0)
        }
        Err(e) => {
            cx.ret_int(0, -1)?;
            cx.ret_str(1, errno_text(&e).as_bytes())
        }
    }
}
