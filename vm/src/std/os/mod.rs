//! `os` natives: arguments, exit, environment and the file system
//! calls (descriptors 0-2 are the process's; opened files get descriptors
//! from 3 up, never reused). A call reports failure as an errno, 0 for
//! success, or [`ERR_EOF`]/[`ERR_CLOSED`] (os.go's errEOF/errClosed).

mod pipe;
pub mod signal;

use std::collections::HashMap;
use std::io::{Read, Seek, Write};
use std::os::unix::fs::{DirBuilderExt, FileExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::sync::{Mutex, OnceLock};

use crate::heap::{self, Word};
use crate::interp::natives::{byte_slice, bytes_of, slice_of, NativeCtx, NativeFn};
use crate::interp::panic::Trap;

const ERR_EOF: i64 = -1;
const ERR_CLOSED: i64 = -2;

/// Natives whose system calls may block the thread (files, stdin): they
/// run with the P handed off (see `Program::native_blocking`). Sockets are
/// not here: they use the netpoller, as pipes' waits do (`pipe`).
/// `sysClose` is not either: it takes a pipe off the poller, which needs
/// the P, and closing a descriptor does not wait for I/O.
pub fn is_blocking(name: &str) -> bool {
    matches!(
        name,
        "os.sysRead"
            | "os.sysWrite"
            | "os.sysPread"
            | "os.sysPwrite"
            | "os.sysOpen"
            | "os.sysReadFile"
            | "os.sysWriteFile"
            | "os.sysFsync"
            | "os.sysReadDir"
            | "os.sysRemoveDir"
            | "os.sysWait"
            | "os.sysWaitable"
    )
}

/// The errno of a failed call (EIO for an error without one).
fn errno(e: &std::io::Error) -> i64 {
    e.raw_os_error().map_or(5, i64::from)
}

/// The errno result of a call without other results.
fn status(r: std::io::Result<()>) -> i64 {
    r.err().map_or(0, |e| errno(&e))
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
        "os.sysPread" => |cx| {
            let (fd, dst, off) = (cx.int(0), cx.byte_elems(1), cx.int(2));
            let mut buf = vec![0u8; dst.len()];
            let r = open_file(fd).and_then(|f| f.read_at(&mut buf, off as u64));
            match r {
                Ok(0) if !buf.is_empty() => ret2(cx, 0, ERR_EOF),
                Ok(n) => {
                    dst.write_bytes(0, &buf[..n]);
                    ret2(cx, n as i64, 0)
                }
                Err(e) => ret2(cx, 0, file_errno(&e)),
            }
        },
        "os.sysPwrite" => |cx| {
            let (fd, data, off) = (cx.int(0), bytes_of(cx.arg(1)), cx.int(2));
            let r = open_file(fd).and_then(|f| f.write_all_at(&data, off as u64));
            match r {
                Ok(()) => ret2(cx, data.len() as i64, 0),
                Err(e) => ret2(cx, 0, file_errno(&e)),
            }
        },
        "os.sysSeek" => |cx| {
            let (fd, off, whence) = (cx.int(0), cx.int(1), cx.int(2));
            let pos = match whence {
                0 if off >= 0 => std::io::SeekFrom::Start(off as u64),
                1 => std::io::SeekFrom::Current(off),
                2 => std::io::SeekFrom::End(off),
                _ => return ret2(cx, 0, 22),
            };
            match open_file(fd).and_then(|mut f| f.seek(pos)) {
                Ok(p) => ret2(cx, p as i64, 0),
                Err(e) => ret2(cx, 0, file_errno(&e)),
            }
        },
        "os.sysClose" => |cx| {
            let fd = cx.int(0);
            pipe::forget(cx, fd);
            let e = match files().lock() {
                Ok(mut f) => match f.remove(&fd) {
                    Some(_) => 0,
                    None if (0..=2).contains(&fd) && crate::interp::natives::close_std(fd) => 0,
                    None => ERR_CLOSED,
                },
                Err(_) => 9,
            };
            cx.ret_int(0, e)
        },
        "os.sysOpen" => sys_open,
        "os.sysPipe" => pipe::sys_pipe,
        "os.sysWaitFd" => pipe::sys_wait_fd,
        "os.sysSetDeadline" => pipe::sys_set_deadline,
        "os.sysWaitExit" => pipe::sys_wait_exit,
        "os.sysStartProcess" => sys_start_process,
        "os.sysWait" => |cx| {
            let pid = cx.int(0) as libc::pid_t;
            let mut st: libc::c_int = 0;
            loop {
                // SAFETY: `st` is a valid out-pointer for the status.
                let r = unsafe { libc::waitpid(pid, &mut st, 0) };
                if r >= 0 {
                    return ret2(cx, st as i64, 0);
                }
                let e = std::io::Error::last_os_error();
                if e.raw_os_error() != Some(libc::EINTR) {
                    return ret2(cx, 0, errno(&e));
                }
            }
        },
        "os.sysWaitable" => |cx| {
            // Blocks until the child has exited, leaving it waitable
            // (WNOWAIT): its pid is not reused before `sysWait`.
            let pid = cx.int(0) as libc::id_t;
            loop {
                // SAFETY: all-zero is a valid siginfo_t, and `info` is a
                // valid out-pointer for it.
                let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
                // SAFETY: plain system call on valid arguments.
                let r = unsafe {
                    libc::waitid(libc::P_PID, pid, &mut info, libc::WEXITED | libc::WNOWAIT)
                };
                if r >= 0 {
                    return cx.ret_int(0, 0);
                }
                let e = std::io::Error::last_os_error();
                if e.raw_os_error() != Some(libc::EINTR) {
                    return cx.ret_int(0, errno(&e));
                }
            }
        },
        "os.sysRemove" => |cx| {
            // unlink, then rmdir; rmdir's error only when it is not
            // ENOTDIR (then the path was a directory), as Go decides.
            let name = path(cx.str(0));
            let e = match std::fs::remove_file(&name) {
                Ok(()) => 0,
                Err(e1) => match std::fs::remove_dir(&name) {
                    Ok(()) => 0,
                    Err(e2) if e2.raw_os_error() != Some(libc::ENOTDIR) => errno(&e2),
                    Err(_) => errno(&e1),
                },
            };
            cx.ret_int(0, e)
        },
        "os.sysRemoveDir" => |cx| {
            let e = status(std::fs::remove_dir(path(cx.str(0))));
            cx.ret_int(0, e)
        },
        "os.sysRename" => |cx| {
            let e = status(std::fs::rename(path(cx.str(0)), path(cx.str(1))));
            cx.ret_int(0, e)
        },
        "os.sysMkdir" => |cx| {
            let (name, perm) = (path(cx.str(0)), cx.int(1) as u32);
            let e = status(
                std::fs::DirBuilder::new()
                    .mode(perm)
                    .create(&name)
                    .map(drop),
            );
            cx.ret_int(0, e)
        },
        "os.sysReadFile" => |cx| {
            let name = path(cx.str(0));
            let mut b = Vec::new();
            let (r, in_read) = match std::fs::File::open(name) {
                Ok(mut f) => (f.read_to_end(&mut b).map(drop), true),
                Err(e) => (Err(e), false),
            };
            match r {
                Ok(()) => {
                    cx.ret(0, byte_slice(&b))?;
                    cx.ret(1, 0)?;
                    cx.ret_bool(2, false)
                }
                Err(e) => {
                    cx.ret(0, 0)?;
                    cx.ret_int(1, errno(&e))?;
                    cx.ret_bool(2, in_read)
                }
            }
        },
        "os.sysWriteFile" => |cx| {
            let name = path(cx.str(0));
            let data = bytes_of(cx.arg(1));
            let perm = cx.int(2) as u32;
            let r = std::fs::OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(true)
                .mode(perm)
                .open(name)
                .and_then(|mut f| f.write_all(&data));
            cx.ret_int(0, status(r))
        },
        "os.sysStat" => |cx| {
            let (name, follow) = (path(cx.str(0)), cx.bool(1));
            let m = if follow {
                std::fs::metadata(name)
            } else {
                std::fs::symlink_metadata(name)
            };
            ret_stat(cx, m)
        },
        "os.sysFstat" => |cx| {
            let fd = cx.int(0);
            let m = match fd {
                0..=2 => std::fs::metadata(format!("/proc/self/fd/{fd}")),
                _ => open_file(fd).and_then(|f| f.metadata()),
            };
            ret_stat(cx, m)
        },
        "os.sysReadDir" => |cx| {
            let name = path(cx.str(0));
            let read = std::fs::read_dir(&name).and_then(|rd| {
                let mut v = Vec::new();
                for ent in rd {
                    let ent = ent?;
                    let mode = ent
                        .file_type()
                        .map(|t| {
                            use std::os::unix::fs::FileTypeExt;
                            if t.is_dir() {
                                MODE_DIR
                            } else if t.is_symlink() {
                                MODE_SYMLINK
                            } else if t.is_fifo() {
                                MODE_NAMED_PIPE
                            } else if t.is_socket() {
                                MODE_SOCKET
                            } else if t.is_char_device() {
                                MODE_DEVICE | MODE_CHAR_DEVICE
                            } else if t.is_block_device() {
                                MODE_DEVICE
                            } else {
                                0
                            }
                        })
                        .unwrap_or(0);
                    use std::os::unix::ffi::OsStrExt;
                    v.push((ent.file_name().as_bytes().to_vec(), mode));
                }
                Ok(v)
            });
            match read {
                Ok(mut v) => {
                    v.sort();
                    let names: Vec<Word> = v.iter().map(|(n, _)| heap::new_str(n)).collect();
                    let modes: Vec<Word> = v.iter().map(|(_, m)| *m as Word).collect();
                    cx.ret(0, slice_of(&names))?;
                    cx.ret(1, slice_of(&modes))?;
                    cx.ret(2, 0)
                }
                Err(e) => {
                    cx.ret(0, 0)?;
                    cx.ret(1, 0)?;
                    cx.ret_int(2, errno(&e))
                }
            }
        },
        "os.sysChdir" => |cx| {
            let e = status(std::env::set_current_dir(path(cx.str(0))));
            cx.ret_int(0, e)
        },
        "os.sysGetwd" => |cx| match std::env::current_dir() {
            Ok(d) => {
                use std::os::unix::ffi::OsStrExt;
                cx.ret_str(0, d.as_os_str().as_bytes())?;
                cx.ret(1, 0)
            }
            Err(e) => {
                cx.ret_str(0, b"")?;
                cx.ret_int(1, errno(&e))
            }
        },
        "os.sysChmod" => |cx| {
            let (name, mode) = (path(cx.str(0)), cx.int(1) as u32);
            let e = status(std::fs::set_permissions(
                name,
                std::fs::Permissions::from_mode(mode),
            ));
            cx.ret_int(0, e)
        },
        "os.sysChtimes" => |cx| {
            let name = path(cx.str(0));
            let t = |s: i64, ns: i64| {
                std::time::UNIX_EPOCH
                    .checked_add(std::time::Duration::new(s.max(0) as u64, ns as u32))
                    .unwrap_or(std::time::UNIX_EPOCH)
            };
            let times = std::fs::FileTimes::new()
                .set_accessed(t(cx.int(1), cx.int(2)))
                .set_modified(t(cx.int(3), cx.int(4)));
            let r = std::fs::File::options()
                .write(true)
                .open(&name)
                .or_else(|_| std::fs::File::open(&name))
                .and_then(|f| f.set_times(times));
            cx.ret_int(0, status(r))
        },
        "os.sysTruncate" => |cx| {
            let (name, size) = (path(cx.str(0)), cx.int(1));
            let r = std::fs::OpenOptions::new()
                .write(true)
                .open(name)
                .and_then(|f| f.set_len(size.max(0) as u64));
            cx.ret_int(0, status(r))
        },
        "os.sysFtruncate" => |cx| {
            let (fd, size) = (cx.int(0), cx.int(1));
            let r = open_file(fd).and_then(|f| f.set_len(size.max(0) as u64));
            cx.ret_int(0, file_status(r))
        },
        "os.sysFsync" => |cx| {
            let fd = cx.int(0);
            let r = match fd {
                0..=2 => Ok(()),
                _ => open_file(fd).and_then(|f| f.sync_all()),
            };
            cx.ret_int(0, file_status(r))
        },
        "os.sysSymlink" => |cx| {
            let e = status(std::os::unix::fs::symlink(path(cx.str(0)), path(cx.str(1))));
            cx.ret_int(0, e)
        },
        "os.sysLink" => |cx| {
            let e = status(std::fs::hard_link(path(cx.str(0)), path(cx.str(1))));
            cx.ret_int(0, e)
        },
        "os.sysReadlink" => |cx| match std::fs::read_link(path(cx.str(0))) {
            Ok(p) => {
                use std::os::unix::ffi::OsStrExt;
                cx.ret_str(0, p.as_os_str().as_bytes())?;
                cx.ret(1, 0)
            }
            Err(e) => {
                cx.ret_str(0, b"")?;
                cx.ret_int(1, errno(&e))
            }
        },
        "os.sysHostname" => |cx| {
            let mut buf = [0u8; 256];
            // SAFETY: gethostname writes at most buf.len() bytes into buf,
            // which lives for the call.
            let r = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) };
            if r != 0 {
                cx.ret_str(0, b"")?;
                return cx.ret_int(1, errno(&std::io::Error::last_os_error()));
            }
            let n = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
            cx.ret_str(0, &buf[..n])?;
            cx.ret(1, 0)
        },
        "os.sysRandom" => |cx| cx.ret_int(0, i64::from(random_u32())),
        "os.sysChown" => |cx| {
            let name = std::ffi::CString::new(cx.str(0)).unwrap_or_default();
            let (uid, gid, follow) = (
                cx.int(1) as libc::uid_t,
                cx.int(2) as libc::gid_t,
                cx.bool(3),
            );
            // SAFETY: `name` is a NUL-terminated string alive for the call.
            let r = unsafe {
                if follow {
                    libc::chown(name.as_ptr(), uid, gid)
                } else {
                    libc::lchown(name.as_ptr(), uid, gid)
                }
            };
            cx.ret_int(
                0,
                if r == 0 {
                    0
                } else {
                    errno(&std::io::Error::last_os_error())
                },
            )
        },
        "os.sysFchown" => |cx| {
            use std::os::fd::AsRawFd;
            let (fd, uid, gid) = (
                cx.int(0),
                cx.int(1) as libc::uid_t,
                cx.int(2) as libc::gid_t,
            );
            let r = open_file(fd).and_then(|f| {
                // SAFETY: plain syscall on a descriptor `f` keeps open.
                if unsafe { libc::fchown(f.as_raw_fd(), uid, gid) } == 0 {
                    Ok(())
                } else {
                    Err(std::io::Error::last_os_error())
                }
            });
            cx.ret_int(0, file_status(r))
        },
        "os.sysFchdir" => |cx| {
            use std::os::fd::AsRawFd;
            let r = open_file(cx.int(0)).and_then(|f| {
                // SAFETY: plain syscall on a descriptor `f` keeps open.
                if unsafe { libc::fchdir(f.as_raw_fd()) } == 0 {
                    Ok(())
                } else {
                    Err(std::io::Error::last_os_error())
                }
            });
            cx.ret_int(0, file_status(r))
        },
        "os.sysGetgroups" => |cx| {
            // SAFETY: a null list with size 0 asks for the count.
            let n = unsafe { libc::getgroups(0, std::ptr::null_mut()) };
            let mut gs = vec![0 as libc::gid_t; n.max(0) as usize];
            // SAFETY: `gs` has room for `n` group ids.
            let m = unsafe { libc::getgroups(n, gs.as_mut_ptr()) };
            if n < 0 || m < 0 {
                cx.ret(0, 0)?;
                return cx.ret_int(1, errno(&std::io::Error::last_os_error()));
            }
            let ws: Vec<Word> = gs[..m as usize].iter().map(|&g| g as Word).collect();
            cx.ret(0, slice_of(&ws))?;
            cx.ret(1, 0)
        },
        "os.sysExecutable" => |cx| match std::env::current_exe() {
            Ok(p) => {
                use std::os::unix::ffi::OsStrExt;
                cx.ret_str(0, p.as_os_str().as_bytes())?;
                cx.ret(1, 0)
            }
            Err(e) => {
                cx.ret_str(0, b"")?;
                cx.ret_int(1, errno(&e))
            }
        },
        "os.sysNewFile" => |cx| {
            // A duplicate, so that closing the File never closes a
            // descriptor the runtime itself uses.
            // SAFETY: fcntl on any number is safe; it fails with EBADF.
            let d = unsafe { libc::fcntl(cx.int(0) as libc::c_int, libc::F_DUPFD_CLOEXEC, 3) };
            if d < 0 {
                return cx.ret_int(0, -1);
            }
            use std::os::fd::FromRawFd;
            // SAFETY: `d` is a fresh descriptor owned by nothing else.
            let f = unsafe { std::fs::File::from_raw_fd(d) };
            cx.ret_int(0, add_file(f))
        },
        _ => return None,
    })
}

// Go's fs.FileMode bits (io/fs/fs.go).
const MODE_DIR: u32 = 1 << 31;
const MODE_SYMLINK: u32 = 1 << 27;
const MODE_DEVICE: u32 = 1 << 26;
const MODE_NAMED_PIPE: u32 = 1 << 25;
const MODE_SOCKET: u32 = 1 << 24;
const MODE_SETUID: u32 = 1 << 23;
const MODE_SETGID: u32 = 1 << 22;
const MODE_CHAR_DEVICE: u32 = 1 << 21;
const MODE_STICKY: u32 = 1 << 20;

/// A Unix st_mode as Go's FileMode.
fn file_mode(st_mode: u32) -> u32 {
    let mut m = st_mode & 0o777;
    m |= match st_mode & libc::S_IFMT {
        libc::S_IFDIR => MODE_DIR,
        libc::S_IFLNK => MODE_SYMLINK,
        libc::S_IFIFO => MODE_NAMED_PIPE,
        libc::S_IFSOCK => MODE_SOCKET,
        libc::S_IFBLK => MODE_DEVICE,
        libc::S_IFCHR => MODE_DEVICE | MODE_CHAR_DEVICE,
        _ => 0,
    };
    if st_mode & libc::S_ISUID != 0 {
        m |= MODE_SETUID;
    }
    if st_mode & libc::S_ISGID != 0 {
        m |= MODE_SETGID;
    }
    if st_mode & libc::S_ISVTX != 0 {
        m |= MODE_STICKY;
    }
    m
}

fn ret_stat(cx: &mut NativeCtx<'_, '_>, m: std::io::Result<std::fs::Metadata>) -> Result<(), Trap> {
    match m {
        Ok(m) => {
            cx.ret_int(0, m.size() as i64)?;
            cx.ret_int(1, i64::from(file_mode(m.mode())))?;
            cx.ret_int(2, m.mtime())?;
            cx.ret_int(3, m.mtime_nsec())?;
            cx.ret(4, 0)
        }
        Err(e) => {
            for i in 0..4 {
                cx.ret(i, 0)?;
            }
            cx.ret_int(4, file_errno(&e))
        }
    }
}

/// A random number for temporary file names.
fn random_u32() -> u32 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(minigo_runtime::unix_nanos() as u64);
    h.finish() as u32
}

/// Writes the two results `(n, errno)`.
fn ret2(cx: &mut NativeCtx<'_, '_>, n: i64, e: i64) -> Result<(), Trap> {
    cx.ret_int(0, n)?;
    cx.ret_int(1, e)
}

/// The errno of a call on an open file: [`ERR_CLOSED`] for one closed.
fn file_errno(e: &std::io::Error) -> i64 {
    if e.raw_os_error() == Some(CLOSED) {
        ERR_CLOSED
    } else {
        errno(e)
    }
}

fn file_status(r: std::io::Result<()>) -> i64 {
    r.err().map_or(0, |e| file_errno(&e))
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
        return ret2(cx, 0, ERR_CLOSED);
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
    match res {
        Ok(0) if !buf.is_empty() => ret2(cx, 0, ERR_EOF),
        Ok(n) => {
            dst.write_bytes(0, &buf[..n]);
            cx.ret_int(0, n as i64)?;
            cx.ret(1, 0)
        }
        Err(e) => ret2(cx, 0, file_errno(&e)),
    }
}

fn sys_write(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let fd = cx.int(0);
    let data = bytes_of(cx.arg(1));
    if (0..=2).contains(&fd) && crate::interp::natives::std_closed(fd) {
        return ret2(cx, 0, ERR_CLOSED);
    }
    let res = match fd {
        1 => crate::interp::natives::try_write_stdout(&data).map(|()| (data.len(), 0)),
        2 => crate::interp::natives::try_write_stderr(&data).map(|()| (data.len(), 0)),
        _ => open_file(fd).map(|mut file| write_some(&mut file, &data)),
    };
    match res {
        Ok((n, e)) => ret2(cx, n as i64, e),
        Err(e) => ret2(cx, 0, file_errno(&e)),
    }
}

/// Writes as much of `data` as `file` takes: the bytes written, and the
/// errno that stopped it short (EAGAIN for a full non-blocking pipe: the
/// caller waits and writes the rest, keeping the count, as Go's
/// `poll.FD.Write` does).
fn write_some(file: &mut std::fs::File, data: &[u8]) -> (usize, i64) {
    let mut n = 0;
    while n < data.len() {
        match file.write(&data[n..]) {
            Ok(0) => return (n, libc::EIO as i64),
            Ok(m) => n += m,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return (n, file_errno(&e)),
        }
    }
    (n, 0)
}

/// Puts `file` in the table under a new descriptor number.
fn add_file(file: std::fs::File) -> i64 {
    static NEXT: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(3);
    let fd = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    if let Ok(mut f) = files().lock() {
        f.insert(fd, file);
    }
    fd
}

/// The child's end of one of its standard descriptors: minigo's 0-2 are
/// the process's own (stdout flushed first, so output keeps its order);
/// -1 is /dev/null; others are files in the table.
fn child_stdio(fd: i64) -> std::io::Result<std::process::Stdio> {
    use std::os::fd::AsFd;
    match fd {
        -1 => Ok(std::process::Stdio::null()),
        0 => Ok(std::io::stdin().as_fd().try_clone_to_owned()?.into()),
        1 => {
            crate::interp::natives::flush_stdout();
            Ok(std::io::stdout().as_fd().try_clone_to_owned()?.into())
        }
        2 => Ok(std::io::stderr().as_fd().try_clone_to_owned()?.into()),
        _ => {
            let f = open_file(fd)?;
            pipe::set_blocking(&f);
            Ok(f.into())
        }
    }
}

/// os.StartProcess's fork and exec: `(name, argv, envv, dir, [3]fd) ->
/// (pid, errno)`. Descriptors other than the three are close-on-exec.
fn sys_start_process(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::process::CommandExt;
    let strs = |i: usize| -> Vec<&'static [u8]> {
        cx.elems(i)
            .iter()
            .map(|s| heap::str_bytes(heap::load(s)))
            .collect()
    };
    let (argv, envv) = (strs(1), strs(2));
    let fds: Vec<i64> = cx.elems(4).iter().map(|s| heap::load(s) as i64).collect();
    let os = |b: &[u8]| std::ffi::OsStr::from_bytes(b).to_owned();
    let mut cmd = std::process::Command::new(os(cx.str(0)));
    if let Some((arg0, rest)) = argv.split_first() {
        cmd.arg0(os(arg0));
        cmd.args(rest.iter().map(|a| os(a)));
    }
    cmd.env_clear();
    for kv in &envv {
        if let Some(eq) = kv.iter().position(|&c| c == b'=') {
            cmd.env(os(&kv[..eq]), os(&kv[eq + 1..]));
        }
    }
    let dir = cx.str(3);
    if !dir.is_empty() {
        cmd.current_dir(os(dir));
    }
    let stdio = (|| -> std::io::Result<()> {
        let fd = |i: usize| fds.get(i).copied().unwrap_or(-1);
        cmd.stdin(child_stdio(fd(0))?);
        cmd.stdout(child_stdio(fd(1))?);
        cmd.stderr(child_stdio(fd(2))?);
        Ok(())
    })();
    if let Err(e) = stdio {
        return ret2(cx, -1, file_errno(&e));
    }
    match cmd.spawn() {
        // The Child is dropped unwaited: os.Process.Wait reaps it by pid.
        Ok(child) => ret2(cx, child.id() as i64, 0),
        Err(e) => ret2(cx, -1, errno(&e)),
    }
}

fn sys_open(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let name = path(cx.str(0));
    let flag = cx.int(1);
    let mut o = std::fs::OpenOptions::new();
    o.mode(cx.int(2) as u32);
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
            cx.ret_int(0, add_file(file))?;
            cx.ret(1, 0)
        }
        Err(e) => ret2(cx, -1, errno(&e)),
    }
}
