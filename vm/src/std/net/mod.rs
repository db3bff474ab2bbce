//! `net` natives: TCP sockets on the runtime's netpoller.
//!
//! Owns: the table from a Go-visible descriptor (the socket's fd) to its
//! [`PollDesc`], and the non-blocking socket calls behind `net.Dial`,
//! `Listen`, `Accept`, `Conn.Read/Write/Close` and deadlines.
//!
//! Every socket is non-blocking. A call that would block (EAGAIN, or
//! EINPROGRESS for connect) waits on the poll descriptor: the goroutine
//! parks in the netpoller with reason `IO wait` (no OS thread waits), and
//! when the socket is ready the native runs again and retries; what it had
//! already done (bytes written, the connecting socket) is kept in the
//! goroutine's `Wait::Io`. Errors come back as Go's texts (the prelude's Go
//! code wraps them into `*net.OpError`): `connect: connection refused`,
//! `use of closed network connection`, `i/o timeout`, `EOF`,
//! `socket: too many open files`.
//!
//! Several goroutines may wait on one descriptor and direction (two in
//! `Accept` on one listener, two reading one `Conn`): the poll
//! descriptor queues them and `Close` wakes them all with `use of closed
//! network connection`, as Go's `fdMutex` does.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::sync::Mutex;

use crate::interp::natives::{NativeCtx, NativeFn};
use crate::interp::panic::Trap;
use crate::interp::park::{Blocked, Wait};
use minigo_runtime::{IoError, IoMode, IoPoll, PollDesc, WaitReason};

mod sock;

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "net.sysDial" => sys_dial,
        "net.sysListen" => sys_listen,
        "net.sysAccept" => sys_accept,
        "net.sysRead" => sys_read,
        "net.sysWrite" => sys_write,
        "net.sysClose" => sys_close,
        "net.sysLocalAddr" => |cx| {
            let h = cx.int(0) as i32;
            let s = pd_of(h)
                .and_then(|pd| local_addr(pd.fd()))
                .map(|a| a.to_string())
                .unwrap_or_default();
            cx.ret_str(0, s.as_bytes())
        },
        "net.sysSetDeadline" => sys_set_deadline,
        "net.sysRawFd" => |cx| {
            let h = cx.int(0) as i32;
            let fd = pd_of(h)
                .filter(|pd| !pd.is_closed())
                .map_or(-1, |pd| pd.fd());
            cx.ret_int(0, fd as i64)
        },
        "net.sysWaitIO" => sys_wait_io,
        "http.sysPeekIdle" => sys_peek_idle,
        "net.sysSocket" => sock::sys_socket,
        "net.sysSockNames" => sock::sys_sock_names,
        "net.sysRecvFrom" => sock::sys_recv_from,
        "net.sysSendTo" => sock::sys_send_to,
        "net.sysShutdown" => sock::sys_shutdown,
        "net.sysSetsockopt" => sock::sys_setsockopt,
        "net.sysInterfaces" => sock::sys_interfaces,
        _ => return None,
    })
}

/// Open sockets by handle. The handle the Go side holds is not the OS
/// descriptor: the kernel reuses a closed descriptor's number for the next
/// socket, and a closed `Conn` must keep failing with `use of closed
/// network connection` instead of reaching the new socket.
static FDS: Mutex<Option<HashMap<i32, PollDesc>>> = Mutex::new(None);
static NEXT_HANDLE: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(1000);

fn pd_of(handle: i32) -> Option<PollDesc> {
    FDS.lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .and_then(|m| m.get(&handle).cloned())
}

fn errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

/// A failed system call, for the Go side to wrap as Go does:
/// `*os.SyscallError{Syscall: call, Err: syscall.Errno(e)}` (net.go's
/// `opError`), so that `errors.Is(err, syscall.ECONNREFUSED)` holds.
fn sys_err(call: &str, e: i32) -> String {
    format!("{call}: errno {e}")
}

fn io_error_text(e: IoError) -> String {
    e.to_string()
}

/// `host:port` with `localhost` and IP literals (`[::1]:80`); no DNS.
fn parse_addr(address: &str, listening: bool) -> Result<SocketAddr, String> {
    let (host, port) = address
        .rsplit_once(':')
        .ok_or_else(|| format!("address {address}: missing port in address"))?;
    let port: u16 = match port.parse() {
        Ok(p) => p,
        Err(_) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => {
            return Err(format!("address {port}: invalid port"));
        }
        Err(_) => return Err(format!("lookup tcp/{port}: unknown port")),
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let ip: IpAddr = if host.is_empty() {
        if listening {
            IpAddr::V6(Ipv6Addr::UNSPECIFIED)
        } else {
            IpAddr::V4(Ipv4Addr::LOCALHOST)
        }
    } else if host == "localhost" {
        IpAddr::V4(Ipv4Addr::LOCALHOST)
    } else {
        host.parse()
            .map_err(|_| format!("lookup {host}: no such host"))?
    };
    Ok(SocketAddr::new(ip, port))
}

/// A `sockaddr` for `addr`.
fn to_sockaddr(addr: &SocketAddr) -> (libc::sockaddr_storage, libc::socklen_t) {
    // SAFETY: sockaddr_storage is plain old data; all-zero is valid.
    let mut st: libc::sockaddr_storage = unsafe { std::mem::zeroed() };
    let len = match addr {
        SocketAddr::V4(a) => {
            let sin = libc::sockaddr_in {
                sin_family: libc::AF_INET as libc::sa_family_t,
                sin_port: a.port().to_be(),
                sin_addr: libc::in_addr {
                    s_addr: u32::from_ne_bytes(a.ip().octets()),
                },
                sin_zero: [0; 8],
            };
            // SAFETY: sockaddr_storage is larger than and aligned for
            // sockaddr_in; we write one whole value at its start.
            unsafe { std::ptr::write(&mut st as *mut _ as *mut libc::sockaddr_in, sin) };
            std::mem::size_of::<libc::sockaddr_in>()
        }
        SocketAddr::V6(a) => {
            let sin6 = libc::sockaddr_in6 {
                sin6_family: libc::AF_INET6 as libc::sa_family_t,
                sin6_port: a.port().to_be(),
                sin6_flowinfo: a.flowinfo(),
                sin6_addr: libc::in6_addr {
                    s6_addr: a.ip().octets(),
                },
                sin6_scope_id: a.scope_id(),
            };
            // SAFETY: as above, for sockaddr_in6.
            unsafe { std::ptr::write(&mut st as *mut _ as *mut libc::sockaddr_in6, sin6) };
            std::mem::size_of::<libc::sockaddr_in6>()
        }
    };
    (st, len as libc::socklen_t)
}

fn from_sockaddr(st: &libc::sockaddr_storage) -> Option<SocketAddr> {
    match st.ss_family as i32 {
        libc::AF_INET => {
            // SAFETY: the family says the storage holds a sockaddr_in.
            let sin = unsafe { &*(st as *const _ as *const libc::sockaddr_in) };
            let ip = Ipv4Addr::from(sin.sin_addr.s_addr.to_ne_bytes());
            Some(SocketAddr::V4(SocketAddrV4::new(
                ip,
                u16::from_be(sin.sin_port),
            )))
        }
        libc::AF_INET6 => {
            // SAFETY: the family says the storage holds a sockaddr_in6.
            let sin6 = unsafe { &*(st as *const _ as *const libc::sockaddr_in6) };
            let ip = Ipv6Addr::from(sin6.sin6_addr.s6_addr);
            Some(SocketAddr::V6(SocketAddrV6::new(
                ip,
                u16::from_be(sin6.sin6_port),
                sin6.sin6_flowinfo,
                sin6.sin6_scope_id,
            )))
        }
        _ => None,
    }
}

fn local_addr(fd: i32) -> Option<SocketAddr> {
    // SAFETY: zeroed sockaddr_storage is valid; getsockname writes at most
    // `len` bytes into it.
    let mut st: libc::sockaddr_storage = unsafe { std::mem::zeroed() };
    let mut len = std::mem::size_of::<libc::sockaddr_storage>() as libc::socklen_t;
    // SAFETY: valid pointers to `st` and `len` for the call's duration.
    let r = unsafe { libc::getsockname(fd, &mut st as *mut _ as *mut libc::sockaddr, &mut len) };
    if r != 0 {
        return None;
    }
    from_sockaddr(&st).map(go_addr)
}

/// Go prints an IPv4-mapped IPv6 address as IPv4.
fn go_addr(a: SocketAddr) -> SocketAddr {
    match a {
        SocketAddr::V6(v6) => match v6.ip().to_ipv4_mapped() {
            Some(v4) => SocketAddr::new(IpAddr::V4(v4), v6.port()),
            None => a,
        },
        v4 => v4,
    }
}

fn new_socket(family: i32) -> Result<i32, String> {
    // SAFETY: plain syscall with constant arguments.
    let fd = unsafe {
        libc::socket(
            family,
            libc::SOCK_STREAM | libc::SOCK_NONBLOCK | libc::SOCK_CLOEXEC,
            0,
        )
    };
    if fd < 0 {
        return Err(sys_err("socket", errno()));
    }
    Ok(fd)
}

fn close_fd(fd: i32) {
    // SAFETY: `fd` is a socket this module opened and no longer tracks.
    unsafe { libc::close(fd) };
}

/// Registers a new socket with the poller; returns its handle.
fn register(cx: &mut NativeCtx<'_, '_>, fd: i32) -> Result<(i32, PollDesc), String> {
    let pd = PollDesc::new(cx.rt, fd).map_err(|e| e.to_string())?;
    let h = NEXT_HANDLE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    FDS.lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_or_insert_with(HashMap::new)
        .insert(h, pd.clone());
    Ok((h, pd))
}

/// Waits for `mode` on `pd`: `Ok(false)` ready now (retry), `Ok(true)`
/// parked (recorded in `cx.blocked`: the native must return `Ok(())` at
/// once).
pub(crate) fn wait_io(
    cx: &mut NativeCtx<'_, '_>,
    pd: &PollDesc,
    mode: IoMode,
    fd: i32,
    progress: usize,
) -> Result<bool, String> {
    match pd.wait(cx.rt, mode) {
        Ok(IoPoll::Ready) => Ok(false),
        Ok(IoPoll::Blocked(w)) => {
            cx.g.wait = Some(Wait::Io { w, fd, progress });
            cx.blocked = Some(Blocked::Park(WaitReason::IoWait));
            Ok(true)
        }
        Err(e) => Err(io_error_text(e)),
    }
}

/// The progress kept by a parked call, after checking how its wait ended
/// (an error keeps the progress too: a Write cut by its deadline reports
/// the bytes it did write).
pub(crate) fn resumed(cx: &mut NativeCtx<'_, '_>) -> Result<Option<(i32, usize)>, (String, usize)> {
    match cx.g.wait.take() {
        Some(Wait::Io { w, fd, progress }) => match w.result() {
            Ok(()) => Ok(Some((fd, progress))),
            Err(e) => Err((io_error_text(e), progress)),
        },
        _ => Ok(None),
    }
}

fn ret3(cx: &mut NativeCtx<'_, '_>, fd: i64, addr: &str, msg: &str) -> Result<(), Trap> {
    cx.ret_int(0, fd)?;
    cx.ret_str(1, addr.as_bytes())?;
    cx.ret_str(2, msg.as_bytes())
}

/// `sysDial(network, address) (fd, raddr, msg)`: non-blocking connect,
/// waiting for writability on EINPROGRESS.
fn sys_dial(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let address = String::from_utf8_lossy(cx.str(1)).into_owned();
    let addr = match parse_addr(&address, false) {
        Ok(a) => a,
        Err(m) => return ret3(cx, -1, "", &m),
    };
    let h = match resumed(cx) {
        Err((m, _)) => return ret3(cx, -1, "", &m),
        Ok(Some((h, _))) => h,
        Ok(None) => {
            let family = if addr.is_ipv4() {
                libc::AF_INET
            } else {
                libc::AF_INET6
            };
            let fd = match new_socket(family) {
                Ok(fd) => fd,
                Err(m) => return ret3(cx, -1, "", &m),
            };
            let (st, len) = to_sockaddr(&addr);
            // SAFETY: `st` holds a valid sockaddr of `len` bytes.
            let r = unsafe { libc::connect(fd, &st as *const _ as *const libc::sockaddr, len) };
            let e = if r == 0 { 0 } else { errno() };
            if r != 0 && e != libc::EINPROGRESS {
                close_fd(fd);
                return ret3(cx, -1, "", &sys_err("connect", e));
            }
            let (h, pd) = match register(cx, fd) {
                Ok(x) => x,
                Err(m) => {
                    close_fd(fd);
                    return ret3(cx, -1, "", &m);
                }
            };
            if r == 0 {
                return ret3(cx, h as i64, &go_addr(addr).to_string(), "");
            }
            match wait_io(cx, &pd, IoMode::Write, h, 0) {
                Ok(true) => return Ok(()),
                Ok(false) => h,
                Err(m) => {
                    forget(cx, h);
                    return ret3(cx, -1, "", &m);
                }
            }
        }
    };
    let Some(pd) = pd_of(h) else {
        return ret3(cx, -1, "", "use of closed network connection");
    };
    // Writable: the connect finished; SO_ERROR says how.
    let mut err: libc::c_int = 0;
    let mut len = std::mem::size_of::<libc::c_int>() as libc::socklen_t;
    // SAFETY: valid pointers to `err` and `len` for the call's duration.
    unsafe {
        libc::getsockopt(
            pd.fd(),
            libc::SOL_SOCKET,
            libc::SO_ERROR,
            &mut err as *mut _ as *mut libc::c_void,
            &mut len,
        )
    };
    if err != 0 {
        forget(cx, h);
        return ret3(cx, -1, "", &sys_err("connect", err));
    }
    ret3(cx, h as i64, &go_addr(addr).to_string(), "")
}

/// Drops handle `h` from the table and the poller, and closes its socket.
fn forget(cx: &mut NativeCtx<'_, '_>, h: i32) -> bool {
    let pd = FDS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_mut()
        .and_then(|m| m.remove(&h));
    match pd {
        Some(pd) => {
            pd.close(cx.rt);
            close_fd(pd.fd());
            true
        }
        None => false,
    }
}

/// `sysListen(network, address) (fd, laddr, msg)`.
fn sys_listen(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let address = String::from_utf8_lossy(cx.str(1)).into_owned();
    let addr = match parse_addr(&address, true) {
        Ok(a) => a,
        Err(m) => return ret3(cx, -1, "", &m),
    };
    let family = if addr.is_ipv4() {
        libc::AF_INET
    } else {
        libc::AF_INET6
    };
    let fd = match new_socket(family) {
        Ok(fd) => fd,
        Err(m) => return ret3(cx, -1, "", &m),
    };
    let one: libc::c_int = 1;
    let zero: libc::c_int = 0;
    // SAFETY: setsockopt reads an int from a valid pointer.
    unsafe {
        libc::setsockopt(
            fd,
            libc::SOL_SOCKET,
            libc::SO_REUSEADDR,
            &one as *const _ as *const libc::c_void,
            std::mem::size_of::<libc::c_int>() as libc::socklen_t,
        );
        if family == libc::AF_INET6 {
            // Dual stack, as Go's ":port" listeners.
            libc::setsockopt(
                fd,
                libc::IPPROTO_IPV6,
                libc::IPV6_V6ONLY,
                &zero as *const _ as *const libc::c_void,
                std::mem::size_of::<libc::c_int>() as libc::socklen_t,
            );
        }
    }
    let (st, len) = to_sockaddr(&addr);
    // SAFETY: `st` holds a valid sockaddr of `len` bytes.
    if unsafe { libc::bind(fd, &st as *const _ as *const libc::sockaddr, len) } != 0 {
        let e = errno();
        close_fd(fd);
        return ret3(cx, -1, "", &sys_err("bind", e));
    }
    // SAFETY: plain syscall on our socket.
    if unsafe { libc::listen(fd, 4096) } != 0 {
        let e = errno();
        close_fd(fd);
        return ret3(cx, -1, "", &sys_err("listen", e));
    }
    let h = match register(cx, fd) {
        Ok((h, _)) => h,
        Err(m) => {
            close_fd(fd);
            return ret3(cx, -1, "", &m);
        }
    };
    let la = local_addr(fd).map(|a| a.to_string()).unwrap_or_default();
    ret3(cx, h as i64, &la, "")
}

/// `sysAccept(fd) (nfd, raddr, msg)`.
fn sys_accept(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let h = cx.int(0) as i32;
    if let Err((m, _)) = resumed(cx) {
        return ret3(cx, -1, "", &m);
    }
    let Some(pd) = pd_of(h) else {
        return ret3(cx, -1, "", "use of closed network connection");
    };
    let fd = pd.fd();
    loop {
        if let Err(e) = pd.prepare(IoMode::Read) {
            return ret3(cx, -1, "", &io_error_text(e));
        }
        // SAFETY: zeroed sockaddr_storage is valid; accept4 writes at most
        // `len` bytes into it.
        let mut st: libc::sockaddr_storage = unsafe { std::mem::zeroed() };
        let mut len = std::mem::size_of::<libc::sockaddr_storage>() as libc::socklen_t;
        // SAFETY: valid pointers for the call's duration.
        let nfd = unsafe {
            libc::accept4(
                fd,
                &mut st as *mut _ as *mut libc::sockaddr,
                &mut len,
                libc::SOCK_NONBLOCK | libc::SOCK_CLOEXEC,
            )
        };
        if nfd >= 0 {
            let nh = match register(cx, nfd) {
                Ok((nh, _)) => nh,
                Err(m) => {
                    close_fd(nfd);
                    return ret3(cx, -1, "", &m);
                }
            };
            let ra = sock::sa_text(&st, len);
            return ret3(cx, nh as i64, &ra, "");
        }
        let e = errno();
        if e == libc::EINTR || e == libc::ECONNABORTED {
            continue;
        }
        if e != libc::EAGAIN && e != libc::EWOULDBLOCK {
            return ret3(cx, -1, "", &sys_err("accept4", e));
        }
        match wait_io(cx, &pd, IoMode::Read, h, 0) {
            Ok(true) => return Ok(()),
            Ok(false) => continue,
            Err(m) => return ret3(cx, -1, "", &m),
        }
    }
}

/// `sysRead(fd, b) (n, msg)`: "EOF" at orderly shutdown.
fn sys_read(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let h = cx.int(0) as i32;
    let dst = cx.byte_elems(1);
    if let Err((m, _)) = resumed(cx) {
        cx.ret_int(0, 0)?;
        return cx.ret_str(1, m.as_bytes());
    }
    let Some(pd) = pd_of(h) else {
        cx.ret_int(0, 0)?;
        return cx.ret_str(1, b"use of closed network connection");
    };
    let fd = pd.fd();
    if dst.is_empty() {
        cx.ret_int(0, 0)?;
        return cx.ret_str(1, b"");
    }
    let mut buf = vec![0u8; dst.len().min(1 << 16)];
    loop {
        if let Err(e) = pd.prepare(IoMode::Read) {
            cx.ret_int(0, 0)?;
            return cx.ret_str(1, io_error_text(e).as_bytes());
        }
        // SAFETY: `buf` is valid for `buf.len()` bytes of writes.
        let n = unsafe { libc::read(fd, buf.as_mut_ptr() as *mut libc::c_void, buf.len()) };
        if n > 0 {
            let n = n as usize;
            dst.write_bytes(0, &buf[..n]);
            cx.ret_int(0, n as i64)?;
            return cx.ret_str(1, b"");
        }
        if n == 0 {
            cx.ret_int(0, 0)?;
            return cx.ret_str(1, b"EOF");
        }
        let e = errno();
        if e == libc::EINTR {
            continue;
        }
        if e != libc::EAGAIN && e != libc::EWOULDBLOCK {
            cx.ret_int(0, 0)?;
            return cx.ret_str(1, sys_err("read", e).as_bytes());
        }
        match wait_io(cx, &pd, IoMode::Read, h, 0) {
            Ok(true) => return Ok(()),
            Ok(false) => continue,
            Err(m) => {
                cx.ret_int(0, 0)?;
                return cx.ret_str(1, m.as_bytes());
            }
        }
    }
}

/// `sysWrite(fd, b) (n, msg)`: writes everything (Go's Write does), parking
/// whenever the socket buffer is full.
fn sys_write(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let h = cx.int(0) as i32;
    let slots = cx.byte_elems(1);
    let mut done = match resumed(cx) {
        Err((m, progress)) => {
            cx.ret_int(0, progress as i64)?;
            return cx.ret_str(1, m.as_bytes());
        }
        Ok(Some((_, progress))) => progress,
        Ok(None) => 0,
    };
    let Some(pd) = pd_of(h) else {
        cx.ret_int(0, 0)?;
        return cx.ret_str(1, b"use of closed network connection");
    };
    let fd = pd.fd();
    // Bytes are copied out a chunk at a time (racing goroutines may write
    // the slice; the kernel gets a private copy), so a large Write starts
    // sending at once.
    let mut chunk: Vec<u8> = Vec::with_capacity(slots.len().min(1 << 16));
    while done < slots.len() {
        if let Err(e) = pd.prepare(IoMode::Write) {
            cx.ret_int(0, done as i64)?;
            return cx.ret_str(1, io_error_text(e).as_bytes());
        }
        chunk.clear();
        chunk.extend(
            slots
                .sub(done, slots.len().min(done + (1 << 16)))
                .to_bytes(),
        );
        let rest = &chunk[..];
        // SAFETY: `rest` is valid for `rest.len()` bytes of reads;
        // MSG_NOSIGNAL turns a closed peer into EPIPE instead of SIGPIPE.
        let n = unsafe {
            libc::send(
                fd,
                rest.as_ptr() as *const libc::c_void,
                rest.len(),
                libc::MSG_NOSIGNAL,
            )
        };
        if n >= 0 {
            done += n as usize;
            continue;
        }
        let e = errno();
        if e == libc::EINTR {
            continue;
        }
        if e != libc::EAGAIN && e != libc::EWOULDBLOCK {
            cx.ret_int(0, done as i64)?;
            return cx.ret_str(1, sys_err("write", e).as_bytes());
        }
        match wait_io(cx, &pd, IoMode::Write, h, done) {
            Ok(true) => return Ok(()),
            Ok(false) => continue,
            Err(m) => {
                cx.ret_int(0, done as i64)?;
                return cx.ret_str(1, m.as_bytes());
            }
        }
    }
    cx.ret_int(0, done as i64)?;
    cx.ret_str(1, b"")
}

/// `sysClose(fd) msg`.
fn sys_close(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let h = cx.int(0) as i32;
    if forget(cx, h) {
        cx.ret_str(0, b"")
    } else {
        cx.ret_str(0, b"use of closed network connection")
    }
}

/// `sysWaitIO(fd, mode) msg`: parks until the socket is readable (mode 1)
/// or writable (2), or its deadline passes: `syscall.RawConn`'s wait
/// between two calls of its function. An end of stream or a socket error
/// counts as readable, as for poll(2).
fn sys_wait_io(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let h = cx.int(0) as i32;
    let mode = if cx.int(1) == 2 {
        IoMode::Write
    } else {
        IoMode::Read
    };
    if let Err((m, _)) = resumed(cx) {
        return cx.ret_str(0, m.as_bytes());
    }
    let Some(pd) = pd_of(h) else {
        return cx.ret_str(0, b"use of closed network connection");
    };
    match wait_ready(cx, &pd, mode, h) {
        Ok(true) => Ok(()),
        Ok(false) => cx.ret_str(0, b""),
        Err(m) => cx.ret_str(0, m.as_bytes()),
    }
}

/// Waits until `pd`'s descriptor is ready for `mode` now (poll(2) says
/// so, whatever edges came before): `Ok(false)` ready, `Ok(true)` parked
/// (handle `h` kept in the goroutine's `Wait::Io`: the native must return
/// at once, and runs again once woken, [`resumed`] first).
pub(crate) fn wait_ready(
    cx: &mut NativeCtx<'_, '_>,
    pd: &PollDesc,
    mode: IoMode,
    h: i32,
) -> Result<bool, String> {
    let events = match mode {
        IoMode::Write => libc::POLLOUT,
        IoMode::Read => libc::POLLIN,
    };
    loop {
        pd.prepare(mode).map_err(io_error_text)?;
        let mut p = libc::pollfd {
            fd: pd.fd(),
            events,
            revents: 0,
        };
        // SAFETY: one valid pollfd; a zero timeout never blocks.
        let n = unsafe { libc::poll(&mut p, 1, 0) };
        if n > 0 {
            return Ok(false);
        }
        if n < 0 && errno() == libc::EINTR {
            continue;
        }
        if wait_io(cx, pd, mode, h, 0)? {
            return Ok(true);
        }
    }
}

/// `net/http.sysPeekIdle(fd) int`: what waits on an idle client
/// connection, without blocking and without taking it: -1 nothing (the
/// connection looks alive), 0 end of stream or an error, 1 stray bytes.
fn sys_peek_idle(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let fd = cx.int(0) as i32;
    let mut b = [0u8; 1];
    loop {
        // SAFETY: `b` is valid for one byte; MSG_PEEK leaves it queued and
        // MSG_DONTWAIT never blocks, whatever the descriptor's mode.
        let n = unsafe {
            libc::recv(
                fd,
                b.as_mut_ptr() as *mut libc::c_void,
                1,
                libc::MSG_PEEK | libc::MSG_DONTWAIT,
            )
        };
        let r = match n {
            1.. => 1,
            0 => 0,
            _ => match errno() {
                libc::EINTR => continue,
                libc::EAGAIN => -1,
                _ => 0,
            },
        };
        return cx.ret_int(0, r);
    }
}

/// `sysSetDeadline(fd, unixNanos, mode) msg`: 0 clears; mode 1 read, 2
/// write, 3 both.
fn sys_set_deadline(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let (h, ns, mode) = (cx.int(0) as i32, cx.int(1), cx.int(2));
    let Some(pd) = pd_of(h) else {
        return cx.ret_str(0, b"use of closed network connection");
    };
    let when = if ns == 0 {
        None
    } else {
        let now = minigo_runtime::unix_nanos();
        let delta = ns.saturating_sub(now);
        let now_i = minigo_runtime::now();
        Some(if delta <= 0 {
            now_i
        } else {
            now_i + std::time::Duration::from_nanos(delta as u64)
        })
    };
    let m = match mode {
        1 => Some(IoMode::Read),
        2 => Some(IoMode::Write),
        _ => None,
    };
    pd.set_deadline(cx.rt, m, when);
    cx.ret_str(0, b"")
}
