//! Pipes and child processes on the netpoller, as Go's `os` has them on
//! Linux: `os.Pipe`'s descriptors are non-blocking and registered with
//! the poller, so a `Read` of an empty pipe or a `Write` to a full one
//! parks the goroutine (`IO wait`) instead of holding an OS thread, and
//! `Process.Wait` parks on a pidfd until the child exits.
//!
//! Why it matters beyond thread counts: a seeded run (`--seed=N`) has one
//! thread. With blocking pipes, `cmd.Run()` with a `Stdin` reader blocked
//! that thread in `waitid` while the goroutine that feeds the child's
//! stdin never ran: a hang. On the poller, the seeded scheduler blocks in
//! `netpoll` only when no goroutine can run.
//!
//! Invariants:
//! - a table descriptor has a [`PollDesc`] in [`POLLED`] iff it was made
//!   non-blocking here; `sysClose` takes it out and closes it first, which
//!   wakes its waiters with `file already closed`;
//! - a descriptor handed to a child is made blocking first (Go's
//!   `File.Fd`): the child shares its open file description, and
//!   programs do not expect EAGAIN on their standard streams. Its
//!   [`PollDesc`] stays: reads of it then block instead of failing with
//!   EAGAIN, so no goroutine ever waits on it.
//!
//! The Go side (os.go, proc.go) retries a call that failed with EAGAIN
//! after `sysWaitFd`, and keeps the bytes a partial write did write.

use std::collections::HashMap;
use std::os::fd::AsRawFd;
use std::sync::Mutex;

use minigo_runtime::{IoMode, PollDesc};

use super::{add_file, errno, files, ERR_CLOSED};
use crate::interp::natives::NativeCtx;
use crate::interp::panic::Trap;
use crate::stdlib::net::{resumed, wait_ready};

/// `os.ErrDeadlineExceeded` (os.go's errTimeout).
const ERR_TIMEOUT: i64 = -3;
/// `os.ErrNoDeadline` (os.go's errNoDeadline).
const ERR_NO_DEADLINE: i64 = -4;

/// The poll descriptors of the table's non-blocking descriptors, by
/// table descriptor.
static POLLED: Mutex<Option<HashMap<i64, PollDesc>>> = Mutex::new(None);

/// The pidfds that `sysWaitExit` calls are parked on, by raw descriptor.
static PIDFDS: Mutex<Option<HashMap<i32, PollDesc>>> = Mutex::new(None);

/// The poll descriptor `table` holds for `key`.
fn pd_in<K: std::hash::Hash + Eq>(
    table: &Mutex<Option<HashMap<K, PollDesc>>>,
    key: K,
) -> Option<PollDesc> {
    table
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .and_then(|m| m.get(&key).cloned())
}

fn polled(fd: i64) -> Option<PollDesc> {
    pd_in(&POLLED, fd)
}

/// `sysPipe() (r, w, errno)`: a non-blocking pipe whose two ends are on
/// the poller.
pub(super) fn sys_pipe(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let mut fds = [0 as libc::c_int; 2];
    // SAFETY: `fds` is a valid out-array of two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC | libc::O_NONBLOCK) } != 0 {
        let e = errno(&std::io::Error::last_os_error());
        cx.ret_int(0, -1)?;
        cx.ret_int(1, -1)?;
        return cx.ret_int(2, e);
    }
    use std::os::fd::FromRawFd;
    // SAFETY: pipe2 just returned these two descriptors, owned by nothing
    // else; each File takes one (and closes it if registering fails).
    let (r, w) = unsafe {
        (
            std::fs::File::from_raw_fd(fds[0]),
            std::fs::File::from_raw_fd(fds[1]),
        )
    };
    let (pr, pw) = match (PollDesc::new(cx.rt, fds[0]), PollDesc::new(cx.rt, fds[1])) {
        (Ok(pr), Ok(pw)) => (pr, pw),
        (a, b) => {
            let e = [a.err(), b.err()].into_iter().flatten().next();
            let e = e.map_or(5, |e| errno(&e));
            cx.ret_int(0, -1)?;
            cx.ret_int(1, -1)?;
            return cx.ret_int(2, e);
        }
    };
    let (r, w) = (add_file(r), add_file(w));
    let mut m = POLLED.lock().unwrap_or_else(|e| e.into_inner());
    let m = m.get_or_insert_with(HashMap::new);
    m.insert(r, pr);
    m.insert(w, pw);
    cx.ret_int(0, r)?;
    cx.ret_int(1, w)?;
    cx.ret_int(2, 0)
}

/// `sysWaitFd(fd, mode) errno`: parks until table descriptor `fd` is
/// readable (mode 1) or writable (2); [`ERR_CLOSED`] once it is closed,
/// [`ERR_TIMEOUT`] past its deadline, EAGAIN if it is not on the poller
/// (a caller's EAGAIN is then its answer).
pub(super) fn sys_wait_fd(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let fd = cx.int(0);
    let mode = if cx.int(1) == 2 {
        IoMode::Write
    } else {
        IoMode::Read
    };
    if let Err((m, _)) = resumed(cx) {
        return cx.ret_int(0, wait_error(&m));
    }
    let Some(pd) = polled(fd) else {
        let closed = !files().lock().is_ok_and(|f| f.contains_key(&fd));
        return cx.ret_int(
            0,
            if closed {
                ERR_CLOSED
            } else {
                libc::EAGAIN as i64
            },
        );
    };
    match wait_ready(cx, &pd, mode, fd as i32) {
        Ok(true) => Ok(()),
        Ok(false) => cx.ret_int(0, 0),
        Err(m) => cx.ret_int(0, wait_error(m.as_str())),
    }
}

/// The errno for why a wait ended without readiness (the poller's text).
fn wait_error(m: &str) -> i64 {
    if m == minigo_runtime::IoError::Timeout.to_string() {
        ERR_TIMEOUT
    } else {
        ERR_CLOSED
    }
}

/// `sysSetDeadline(fd, unixNanos, mode) errno`: mode 1 read, 2 write, 0
/// both; 0 nanoseconds clears it. Only descriptors on the poller have
/// deadlines ([`ERR_NO_DEADLINE`] otherwise, as Go's regular files).
pub(super) fn sys_set_deadline(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let (fd, ns, mode) = (cx.int(0), cx.int(1), cx.int(2));
    let Some(pd) = polled(fd) else {
        let closed = !files().lock().is_ok_and(|f| f.contains_key(&fd));
        return cx.ret_int(0, if closed { ERR_CLOSED } else { ERR_NO_DEADLINE });
    };
    let when = (ns != 0).then(|| {
        let delta = ns.saturating_sub(minigo_runtime::unix_nanos());
        minigo_runtime::now() + std::time::Duration::from_nanos(delta.max(0) as u64)
    });
    let m = match mode {
        1 => Some(IoMode::Read),
        2 => Some(IoMode::Write),
        _ => None,
    };
    pd.set_deadline(cx.rt, m, when);
    cx.ret_int(0, 0)
}

/// Takes table descriptor `fd` off the poller (before it is closed),
/// waking its waiters with [`ERR_CLOSED`].
pub(super) fn forget(cx: &mut NativeCtx<'_, '_>, fd: i64) {
    let pd = POLLED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_mut()
        .and_then(|m| m.remove(&fd));
    if let Some(pd) = pd {
        pd.close(cx.rt);
    }
}

/// Makes `file`, about to become a child's standard stream, blocking
/// again (module docs).
pub(super) fn set_blocking(file: &std::fs::File) {
    let fd = file.as_raw_fd();
    // SAFETY: fcntl on a descriptor `file` owns; it changes only flags.
    unsafe {
        let fl = libc::fcntl(fd, libc::F_GETFL);
        if fl >= 0 && fl & libc::O_NONBLOCK != 0 {
            libc::fcntl(fd, libc::F_SETFL, fl & !libc::O_NONBLOCK);
        }
    }
}

/// `sysWaitExit(pid) errno`: parks until child `pid` has exited, leaving
/// it to be reaped (Go's `pidfdWait` then `wait4`). ECHILD if `pid` is
/// not a child waiting to be reaped; ENOSYS (or another pidfd_open
/// failure) tells the caller to wait blocking (`sysWaitable`).
pub(super) fn sys_wait_exit(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let pid = cx.int(0);
    let (pidfd, pd) = match resumed(cx) {
        Ok(Some((pidfd, _))) => match pd_in(&PIDFDS, pidfd) {
            Some(pd) => (pidfd, pd),
            None => return cx.ret_int(0, libc::ECHILD as i64),
        },
        Ok(None) | Err(_) => {
            match exited(pid) {
                Ok(true) => return cx.ret_int(0, 0),
                Ok(false) => {}
                Err(e) => return cx.ret_int(0, e),
            }
            // SAFETY: plain system call; the result is checked.
            let r = unsafe { libc::syscall(libc::SYS_pidfd_open, pid as libc::pid_t, 0) };
            if r < 0 {
                return cx.ret_int(0, errno(&std::io::Error::last_os_error()));
            }
            let pidfd = r as i32;
            let pd = match PollDesc::new(cx.rt, pidfd) {
                Ok(pd) => pd,
                Err(e) => {
                    close_pidfd(cx, pidfd, None);
                    return cx.ret_int(0, errno(&e));
                }
            };
            PIDFDS
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert_with(HashMap::new)
                .insert(pidfd, pd.clone());
            (pidfd, pd)
        }
    };
    match wait_ready(cx, &pd, IoMode::Read, pidfd) {
        Ok(true) => Ok(()),
        r => {
            close_pidfd(cx, pidfd, Some(pd));
            // A pidfd is readable once its process has exited.
            cx.ret_int(0, if r.is_ok() { 0 } else { libc::EINTR as i64 })
        }
    }
}

fn close_pidfd(cx: &mut NativeCtx<'_, '_>, pidfd: i32, pd: Option<PollDesc>) {
    if let Some(pd) = pd {
        if let Some(m) = PIDFDS.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            m.remove(&pidfd);
        }
        pd.close(cx.rt);
    }
    // SAFETY: `pidfd` is a descriptor this module opened and no longer
    // tracks.
    unsafe { libc::close(pidfd) };
}

/// Whether child `pid` has exited (without reaping it), or the errno.
fn exited(pid: i64) -> Result<bool, i64> {
    loop {
        // SAFETY: all-zero is a valid siginfo_t, and `info` is a valid
        // out-pointer for it.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: plain system call on valid arguments.
        let r = unsafe {
            libc::waitid(
                libc::P_PID,
                pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOWAIT | libc::WNOHANG,
            )
        };
        if r >= 0 {
            // SAFETY: waitid filled `info` (si_pid 0: nothing has exited).
            return Ok(unsafe { info.si_pid() } != 0);
        }
        let e = std::io::Error::last_os_error();
        if e.raw_os_error() != Some(libc::EINTR) {
            return Err(errno(&e));
        }
    }
}
