//! `net` natives beyond TCP streams: UDP and Unix-domain sockets
//! (`sysSocket`, `sysRecvFrom`, `sysSendTo`), socket options and
//! half-closes, and the interface table.
//!
//! Sockets made here live in the same handle table and poll descriptors
//! as the TCP ones (`super::register`), so `sysRead`, `sysWrite`,
//! `sysClose`, `sysAccept` and deadlines work on them unchanged. A call
//! that would block parks the goroutine on the netpoller, as in
//! `super`.
//!
//! Addresses cross to Go as text: `ip:port` for IP sockets ("[::1]:80"),
//! the path for Unix ones ("@name" for an abstract name, "@" for an
//! unnamed socket, as Go prints them); "" when there is none.

use std::net::SocketAddr;

use super::{
    close_fd, errno, forget, from_sockaddr, go_addr, io_error_text, pd_of, register, resumed,
    sys_err, to_sockaddr, wait_io,
};
use crate::heap::{self, Word};
use crate::interp::natives::{slice_of, NativeCtx};
use crate::interp::panic::Trap;
use minigo_runtime::IoMode;

/// A socket address: IP or Unix-domain.
enum Sa {
    Inet(SocketAddr),
    Unix(Vec<u8>),
}

/// Family codes of `sysSocket`: IP (dual stack for an IPv6 wildcard),
/// IPv6 only, Unix.
const FAM_INET: i64 = 0;
const FAM_INET6_ONLY: i64 = 6;
const FAM_UNIX: i64 = 1;

fn parse_sa(family: i64, s: &[u8]) -> Result<Option<Sa>, String> {
    if s.is_empty() {
        return Ok(None);
    }
    if family == FAM_UNIX {
        return Ok(Some(Sa::Unix(s.to_vec())));
    }
    let text = String::from_utf8_lossy(s);
    text.parse::<SocketAddr>()
        .map(|a| Some(Sa::Inet(a)))
        .map_err(|_| format!("address {text}: invalid address"))
}

/// A `sockaddr` for `sa` (Unix paths as Go encodes them: NUL-terminated,
/// or abstract for a leading '@').
fn sa_raw(sa: &Sa) -> Result<(libc::sockaddr_storage, libc::socklen_t), i32> {
    match sa {
        Sa::Inet(a) => Ok(to_sockaddr(a)),
        Sa::Unix(p) => {
            // SAFETY: all-zero is a valid sockaddr_storage.
            let mut st: libc::sockaddr_storage = unsafe { std::mem::zeroed() };
            // SAFETY: sockaddr_storage is larger than and aligned for
            // sockaddr_un.
            let un = unsafe { &mut *(&mut st as *mut _ as *mut libc::sockaddr_un) };
            un.sun_family = libc::AF_UNIX as libc::sa_family_t;
            if p.len() >= un.sun_path.len() {
                return Err(libc::EINVAL);
            }
            for (d, s) in un.sun_path.iter_mut().zip(p.iter()) {
                *d = *s as libc::c_char;
            }
            let base = std::mem::size_of::<libc::sa_family_t>();
            let mut len = base + p.len() + 1;
            if p[0] == b'@' {
                un.sun_path[0] = 0;
                len -= 1;
            }
            Ok((st, len as libc::socklen_t))
        }
    }
}

/// The text of a sockaddr the kernel filled in (`len` bytes of it).
pub(super) fn sa_text(st: &libc::sockaddr_storage, len: libc::socklen_t) -> String {
    if len == 0 {
        return String::new();
    }
    if st.ss_family as i32 == libc::AF_UNIX {
        // SAFETY: the family says the storage holds a sockaddr_un.
        let un = unsafe { &*(st as *const _ as *const libc::sockaddr_un) };
        let base = std::mem::size_of::<libc::sa_family_t>();
        let n = (len as usize).saturating_sub(base).min(un.sun_path.len());
        let mut p: Vec<u8> = un.sun_path[..n].iter().map(|&c| c as u8).collect();
        if p.is_empty() {
            return "@".into();
        }
        if p[0] == 0 {
            p[0] = b'@';
        }
        if let Some(z) = p.iter().position(|&b| b == 0) {
            p.truncate(z);
        }
        return String::from_utf8_lossy(&p).into_owned();
    }
    from_sockaddr(st)
        .map(|a| go_addr(a).to_string())
        .unwrap_or_default()
}

fn sock_name(fd: i32, peer: bool) -> String {
    // SAFETY: zeroed storage is valid; the call writes at most `len` bytes.
    let mut st: libc::sockaddr_storage = unsafe { std::mem::zeroed() };
    let mut len = std::mem::size_of::<libc::sockaddr_storage>() as libc::socklen_t;
    let p = &mut st as *mut _ as *mut libc::sockaddr;
    // SAFETY: valid pointers for the call's duration.
    let r = unsafe {
        if peer {
            libc::getpeername(fd, p, &mut len)
        } else {
            libc::getsockname(fd, p, &mut len)
        }
    };
    if r != 0 {
        return String::new();
    }
    sa_text(&st, len)
}

fn set_int_opt(fd: i32, level: i32, name: i32, v: libc::c_int) -> i32 {
    // SAFETY: setsockopt reads an int from a valid pointer.
    let r = unsafe {
        libc::setsockopt(
            fd,
            level,
            name,
            &v as *const _ as *const libc::c_void,
            std::mem::size_of::<libc::c_int>() as libc::socklen_t,
        )
    };
    if r != 0 {
        errno()
    } else {
        0
    }
}

fn ret4(cx: &mut NativeCtx<'_, '_>, fd: i64, la: &str, ra: &str, msg: &str) -> Result<(), Trap> {
    cx.ret_int(0, fd)?;
    cx.ret_str(1, la.as_bytes())?;
    cx.ret_str(2, ra.as_bytes())?;
    cx.ret_str(3, msg.as_bytes())
}

/// `sysSocket(family, sotype int, laddr, raddr string, listen bool) (fd
/// int, laddr, raddr, msg string)`: a socket of `sotype` (1 stream, 2
/// datagram, 5 seqpacket), bound to laddr if given, connected to raddr if given (a
/// stream connect parks until it completes), listening if asked.
pub(super) fn sys_socket(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let family = cx.int(0);
    let sotype = match cx.int(1) {
        2 => libc::SOCK_DGRAM,
        5 => libc::SOCK_SEQPACKET,
        _ => libc::SOCK_STREAM,
    };
    let listen = cx.bool(4);
    let la = match parse_sa(family, cx.str(2)) {
        Ok(a) => a,
        Err(m) => return ret4(cx, -1, "", "", &m),
    };
    let ra = match parse_sa(family, cx.str(3)) {
        Ok(a) => a,
        Err(m) => return ret4(cx, -1, "", "", &m),
    };
    let h = match resumed(cx) {
        Err((m, _)) => return ret4(cx, -1, "", "", &m),
        Ok(Some((h, _))) => {
            let Some(pd) = pd_of(h) else {
                return ret4(cx, -1, "", "", "use of closed network connection");
            };
            let mut err: libc::c_int = 0;
            let mut len = std::mem::size_of::<libc::c_int>() as libc::socklen_t;
            // SAFETY: valid pointers to `err` and `len`.
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
                return ret4(cx, -1, "", "", &sys_err("connect", err));
            }
            h
        }
        Ok(None) => {
            let fam = match (&la, &ra) {
                _ if family == FAM_UNIX => libc::AF_UNIX,
                (_, Some(Sa::Inet(a))) | (Some(Sa::Inet(a)), None) => {
                    if a.is_ipv4() {
                        libc::AF_INET
                    } else {
                        libc::AF_INET6
                    }
                }
                _ => libc::AF_INET6,
            };
            // SAFETY: plain syscall.
            let fd =
                unsafe { libc::socket(fam, sotype | libc::SOCK_NONBLOCK | libc::SOCK_CLOEXEC, 0) };
            if fd < 0 {
                return ret4(cx, -1, "", "", &sys_err("socket", errno()));
            }
            if fam == libc::AF_INET6 {
                let only = (family == FAM_INET6_ONLY) as libc::c_int;
                set_int_opt(fd, libc::IPPROTO_IPV6, libc::IPV6_V6ONLY, only);
            }
            if fam != libc::AF_UNIX {
                if sotype == libc::SOCK_DGRAM {
                    set_int_opt(fd, libc::SOL_SOCKET, libc::SO_BROADCAST, 1);
                } else if listen {
                    set_int_opt(fd, libc::SOL_SOCKET, libc::SO_REUSEADDR, 1);
                }
            }
            if let Some(a) = &la {
                let e = match sa_raw(a) {
                    Ok((st, len)) => {
                        // SAFETY: `st` holds a valid sockaddr of `len` bytes.
                        let r = unsafe {
                            libc::bind(fd, &st as *const _ as *const libc::sockaddr, len)
                        };
                        if r != 0 {
                            errno()
                        } else {
                            0
                        }
                    }
                    Err(e) => e,
                };
                if e != 0 {
                    close_fd(fd);
                    return ret4(cx, -1, "", "", &sys_err("bind", e));
                }
            }
            // SAFETY: plain syscall on our socket.
            if listen && unsafe { libc::listen(fd, 4096) } != 0 {
                let e = errno();
                close_fd(fd);
                return ret4(cx, -1, "", "", &sys_err("listen", e));
            }
            let mut pending = false;
            if let Some(a) = &ra {
                let e = match sa_raw(a) {
                    Ok((st, len)) => {
                        // SAFETY: `st` holds a valid sockaddr of `len` bytes.
                        let r = unsafe {
                            libc::connect(fd, &st as *const _ as *const libc::sockaddr, len)
                        };
                        if r != 0 {
                            errno()
                        } else {
                            0
                        }
                    }
                    Err(e) => e,
                };
                if e == libc::EINPROGRESS {
                    pending = true;
                } else if e != 0 {
                    close_fd(fd);
                    return ret4(cx, -1, "", "", &sys_err("connect", e));
                }
            }
            let (h, pd) = match register(cx, fd) {
                Ok(x) => x,
                Err(m) => {
                    close_fd(fd);
                    return ret4(cx, -1, "", "", &m);
                }
            };
            if pending {
                match wait_io(cx, &pd, IoMode::Write, h, 0) {
                    Ok(true) => return Ok(()),
                    Ok(false) => {}
                    Err(m) => {
                        forget(cx, h);
                        return ret4(cx, -1, "", "", &m);
                    }
                }
            }
            h
        }
    };
    let Some(pd) = pd_of(h) else {
        return ret4(cx, -1, "", "", "use of closed network connection");
    };
    let la = sock_name(pd.fd(), false);
    let ra = sock_name(pd.fd(), true);
    ret4(cx, h as i64, &la, &ra, "")
}

/// `sysSockNames(fd) (laddr, raddr string)`.
pub(super) fn sys_sock_names(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let (la, ra) = match pd_of(cx.int(0) as i32) {
        Some(pd) => (sock_name(pd.fd(), false), sock_name(pd.fd(), true)),
        None => (String::new(), String::new()),
    };
    cx.ret_str(0, la.as_bytes())?;
    cx.ret_str(1, ra.as_bytes())
}

/// `sysRecvFrom(fd, b, call) (n int, from, msg string)`: one datagram
/// (or what a stream has), parking while there is none.
pub(super) fn sys_recv_from(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let h = cx.int(0) as i32;
    let dst = cx.byte_elems(1);
    let call = String::from_utf8_lossy(cx.str(2)).into_owned();
    let fail = |cx: &mut NativeCtx<'_, '_>, m: &str| -> Result<(), Trap> {
        cx.ret_int(0, 0)?;
        cx.ret_str(1, b"")?;
        cx.ret_str(2, m.as_bytes())
    };
    if let Err((m, _)) = resumed(cx) {
        return fail(cx, &m);
    }
    let Some(pd) = pd_of(h) else {
        return fail(cx, "use of closed network connection");
    };
    let fd = pd.fd();
    let mut buf = vec![0u8; dst.len().min(1 << 20)];
    loop {
        if let Err(e) = pd.prepare(IoMode::Read) {
            return fail(cx, &io_error_text(e));
        }
        // SAFETY: zeroed storage is valid; recvfrom writes at most `len`
        // bytes of address and `buf.len()` bytes of data.
        let mut st: libc::sockaddr_storage = unsafe { std::mem::zeroed() };
        let mut len = std::mem::size_of::<libc::sockaddr_storage>() as libc::socklen_t;
        // SAFETY: as above; all pointers are valid for the call.
        let n = unsafe {
            libc::recvfrom(
                fd,
                buf.as_mut_ptr() as *mut libc::c_void,
                buf.len(),
                0,
                &mut st as *mut _ as *mut libc::sockaddr,
                &mut len,
            )
        };
        if n >= 0 {
            let n = n as usize;
            dst.write_bytes(0, &buf[..n]);
            let from = if st.ss_family == 0 {
                String::new()
            } else {
                sa_text(&st, len)
            };
            cx.ret_int(0, n as i64)?;
            cx.ret_str(1, from.as_bytes())?;
            return cx.ret_str(2, b"");
        }
        let e = errno();
        if e == libc::EINTR {
            continue;
        }
        if e != libc::EAGAIN && e != libc::EWOULDBLOCK {
            return fail(cx, &sys_err(&call, e));
        }
        match wait_io(cx, &pd, IoMode::Read, h, 0) {
            Ok(true) => return Ok(()),
            Ok(false) => continue,
            Err(m) => return fail(cx, &m),
        }
    }
}

/// `sysSendTo(fd, b, addr, unix, call) (n int, msg string)`: one datagram
/// to addr ("" for the connected peer), parking while the buffer is full.
pub(super) fn sys_send_to(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let h = cx.int(0) as i32;
    let data = cx.byte_elems(1).to_bytes();
    let family = if cx.bool(3) { FAM_UNIX } else { FAM_INET };
    let call = String::from_utf8_lossy(cx.str(4)).into_owned();
    let fail = |cx: &mut NativeCtx<'_, '_>, m: &str| -> Result<(), Trap> {
        cx.ret_int(0, 0)?;
        cx.ret_str(1, m.as_bytes())
    };
    let to = match parse_sa(family, cx.str(2)) {
        Ok(a) => a,
        Err(m) => return fail(cx, &m),
    };
    if let Err((m, _)) = resumed(cx) {
        return fail(cx, &m);
    }
    let Some(pd) = pd_of(h) else {
        return fail(cx, "use of closed network connection");
    };
    let raw = match to.as_ref().map(sa_raw) {
        Some(Err(e)) => return fail(cx, &sys_err(&call, e)),
        Some(Ok(r)) => Some(r),
        None => None,
    };
    let fd = pd.fd();
    loop {
        if let Err(e) = pd.prepare(IoMode::Write) {
            return fail(cx, &io_error_text(e));
        }
        let (p, l) = match &raw {
            Some((st, len)) => (st as *const _ as *const libc::sockaddr, *len),
            None => (std::ptr::null(), 0),
        };
        // SAFETY: `data` is valid for its length; `p` is null or a valid
        // sockaddr of `l` bytes.
        let n = unsafe {
            libc::sendto(
                fd,
                data.as_ptr() as *const libc::c_void,
                data.len(),
                libc::MSG_NOSIGNAL,
                p,
                l,
            )
        };
        if n >= 0 {
            cx.ret_int(0, n as i64)?;
            return cx.ret_str(1, b"");
        }
        let e = errno();
        if e == libc::EINTR {
            continue;
        }
        if e != libc::EAGAIN && e != libc::EWOULDBLOCK {
            return fail(cx, &sys_err(&call, e));
        }
        match wait_io(cx, &pd, IoMode::Write, h, 0) {
            Ok(true) => return Ok(()),
            Ok(false) => continue,
            Err(m) => return fail(cx, &m),
        }
    }
}

/// `sysShutdown(fd, how) msg`: how 0 read, 1 write.
pub(super) fn sys_shutdown(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let (h, how) = (cx.int(0) as i32, cx.int(1));
    let Some(pd) = pd_of(h) else {
        return cx.ret_str(0, b"use of closed network connection");
    };
    let how = if how == 0 {
        libc::SHUT_RD
    } else {
        libc::SHUT_WR
    };
    // SAFETY: plain syscall on our socket.
    if unsafe { libc::shutdown(pd.fd(), how) } != 0 {
        return cx.ret_str(0, sys_err("shutdown", errno()).as_bytes());
    }
    cx.ret_str(0, b"")
}

/// `sysSetsockopt(fd, opt, v) msg`: opt 1 TCP_NODELAY, 2 SO_KEEPALIVE, 3
/// keep-alive idle and interval seconds, 4 SO_LINGER (v < 0: off), 5
/// SO_RCVBUF, 6 SO_SNDBUF, 7 keep-alive probe count.
pub(super) fn sys_setsockopt(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let (h, opt, v) = (cx.int(0) as i32, cx.int(1), cx.int(2));
    let Some(pd) = pd_of(h) else {
        return cx.ret_str(0, b"use of closed network connection");
    };
    let fd = pd.fd();
    let v32 = v.clamp(i32::MIN as i64, i32::MAX as i64) as libc::c_int;
    let e = match opt {
        1 => set_int_opt(fd, libc::IPPROTO_TCP, libc::TCP_NODELAY, v32),
        2 => set_int_opt(fd, libc::SOL_SOCKET, libc::SO_KEEPALIVE, v32),
        3 => match set_int_opt(fd, libc::IPPROTO_TCP, libc::TCP_KEEPINTVL, v32) {
            0 => set_int_opt(fd, libc::IPPROTO_TCP, libc::TCP_KEEPIDLE, v32),
            e => e,
        },
        4 => {
            let l = libc::linger {
                l_onoff: (v >= 0) as libc::c_int,
                l_linger: v32.max(0),
            };
            // SAFETY: setsockopt reads a linger from a valid pointer.
            let r = unsafe {
                libc::setsockopt(
                    fd,
                    libc::SOL_SOCKET,
                    libc::SO_LINGER,
                    &l as *const _ as *const libc::c_void,
                    std::mem::size_of::<libc::linger>() as libc::socklen_t,
                )
            };
            if r != 0 {
                errno()
            } else {
                0
            }
        }
        5 => set_int_opt(fd, libc::SOL_SOCKET, libc::SO_RCVBUF, v32),
        6 => set_int_opt(fd, libc::SOL_SOCKET, libc::SO_SNDBUF, v32),
        7 => set_int_opt(fd, libc::IPPROTO_TCP, libc::TCP_KEEPCNT, v32),
        _ => libc::ENOPROTOOPT,
    };
    if e != 0 {
        return cx.ret_str(0, sys_err("setsockopt", e).as_bytes());
    }
    cx.ret_str(0, b"")
}

/// `sysInterfaces() []string`: one line per interface, "L index name
/// flags mtu hwaddr-hex", then one per address, "A index ip prefixlen",
/// from getifaddrs (the flags are the kernel's IFF_* bits).
pub(super) fn sys_interfaces(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let mut links: Vec<(u32, String, u32, String)> = Vec::new();
    let mut addrs: Vec<String> = Vec::new();
    let mut ifap: *mut libc::ifaddrs = std::ptr::null_mut();
    // SAFETY: getifaddrs fills `ifap` with a list we free below.
    if unsafe { libc::getifaddrs(&mut ifap) } == 0 {
        let mut p = ifap;
        while !p.is_null() {
            // SAFETY: `p` is a node of the list getifaddrs returned.
            let ifa = unsafe { &*p };
            p = ifa.ifa_next;
            // SAFETY: ifa_name is a NUL-terminated string.
            let name = unsafe { std::ffi::CStr::from_ptr(ifa.ifa_name) }
                .to_string_lossy()
                .into_owned();
            // SAFETY: ifa_name is a valid C string.
            let index = unsafe { libc::if_nametoindex(ifa.ifa_name) };
            if ifa.ifa_addr.is_null() {
                continue;
            }
            // SAFETY: a non-null ifa_addr points at a sockaddr.
            let fam = unsafe { (*ifa.ifa_addr).sa_family } as i32;
            match fam {
                libc::AF_PACKET => {
                    // SAFETY: AF_PACKET entries hold a sockaddr_ll.
                    let ll = unsafe { &*(ifa.ifa_addr as *const libc::sockaddr_ll) };
                    let n = (ll.sll_halen as usize).min(8);
                    let hw: String = ll.sll_addr[..n]
                        .iter()
                        .map(|b| format!("{b:02x}"))
                        .collect();
                    if !links.iter().any(|l| l.0 == index) {
                        links.push((index, name, ifa.ifa_flags, hw));
                    }
                }
                libc::AF_INET | libc::AF_INET6 => {
                    // SAFETY: both are at most sockaddr_storage in size and
                    // we read only the family's own struct.
                    let st = unsafe { sockaddr_copy(ifa.ifa_addr, fam) };
                    let Some(ip) = from_sockaddr(&st).map(|a| a.ip()) else {
                        continue;
                    };
                    let ones = if ifa.ifa_netmask.is_null() {
                        if fam == libc::AF_INET {
                            32
                        } else {
                            128
                        }
                    } else {
                        // SAFETY: as above, for the netmask.
                        let m = unsafe { sockaddr_copy(ifa.ifa_netmask, fam) };
                        match from_sockaddr(&m).map(|a| a.ip()) {
                            Some(std::net::IpAddr::V4(m)) => u32::from(m).count_ones(),
                            Some(std::net::IpAddr::V6(m)) => u128::from(m).count_ones(),
                            None => 0,
                        }
                    };
                    addrs.push(format!("A {index} {ip} {ones}"));
                }
                _ => {}
            }
        }
        // SAFETY: `ifap` came from getifaddrs and is freed once.
        unsafe { libc::freeifaddrs(ifap) };
    }
    links.sort_by_key(|l| l.0);
    let mut lines: Vec<String> = links
        .into_iter()
        .map(|(index, name, flags, hw)| {
            let mtu = std::fs::read_to_string(format!("/sys/class/net/{name}/mtu"))
                .ok()
                .and_then(|s| s.trim().parse::<i64>().ok())
                .unwrap_or(0);
            format!("L {index} {name} {flags} {mtu} {hw}")
        })
        .collect();
    lines.extend(addrs);
    let ws: Vec<Word> = lines.iter().map(|l| heap::new_str(l.as_bytes())).collect();
    cx.ret(0, slice_of(&ws))
}

/// A copy of the sockaddr at `p` of family `fam` in a sockaddr_storage.
///
/// # Safety
/// `p` must point at a valid sockaddr_in (AF_INET) or sockaddr_in6.
unsafe fn sockaddr_copy(p: *const libc::sockaddr, fam: i32) -> libc::sockaddr_storage {
    // SAFETY: all-zero is a valid sockaddr_storage.
    let mut st: libc::sockaddr_storage = unsafe { std::mem::zeroed() };
    let n = if fam == libc::AF_INET {
        std::mem::size_of::<libc::sockaddr_in>()
    } else {
        std::mem::size_of::<libc::sockaddr_in6>()
    };
    // SAFETY: the caller says `p` holds `n` bytes; `st` is larger.
    unsafe { std::ptr::copy_nonoverlapping(p as *const u8, &mut st as *mut _ as *mut u8, n) };
    st.ss_family = fam as libc::sa_family_t;
    st
}
