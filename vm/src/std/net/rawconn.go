package net

// syscall.RawConn over minigo's sockets: the function sees the OS
// descriptor, and Read and Write park in the netpoller between its calls
// until the socket is ready, as Go's do.

import "syscall"

func sysRawFd(h int) int
func sysWaitIO(h int, mode int) string

type rawConn struct {
	h        int
	net      string
	laddr    Addr
	raddr    Addr
	listener bool
}

func (c *rawConn) Control(f func(fd uintptr)) error {
	fd := sysRawFd(c.h)
	if fd < 0 {
		return &OpError{Op: "raw-control", Net: c.net, Addr: c.laddr, Err: ErrClosed}
	}
	f(uintptr(fd))
	return nil
}

func (c *rawConn) Read(f func(fd uintptr) bool) error {
	if c.listener {
		return syscall.EINVAL
	}
	return c.wait("raw-read", 1, f)
}

func (c *rawConn) Write(f func(fd uintptr) bool) error {
	if c.listener {
		return syscall.EINVAL
	}
	return c.wait("raw-write", 2, f)
}

func (c *rawConn) wait(op string, mode int, f func(fd uintptr) bool) error {
	for {
		fd := sysRawFd(c.h)
		if fd < 0 {
			return &OpError{Op: op, Net: c.net, Source: c.laddr, Addr: c.raddr, Err: ErrClosed}
		}
		if f(uintptr(fd)) {
			return nil
		}
		if msg := sysWaitIO(c.h, mode); msg != "" {
			return &OpError{Op: op, Net: c.net, Source: c.laddr, Addr: c.raddr, Err: sysError(msg)}
		}
	}
}

func tcpAddrOrNil(a *TCPAddr) Addr {
	if a == nil {
		return nil
	}
	return a
}

// SyscallConn returns a raw network connection.
func (c *TCPConn) SyscallConn() (syscall.RawConn, error) {
	if c == nil || c.fd == 0 {
		return nil, syscall.EINVAL
	}
	return &rawConn{h: c.fd, net: "tcp", laddr: tcpAddrOrNil(c.laddr), raddr: tcpAddrOrNil(c.raddr)}, nil
}

// SyscallConn returns a raw network connection.
func (c *UDPConn) SyscallConn() (syscall.RawConn, error) {
	if !c.ok() {
		return nil, syscall.EINVAL
	}
	return &rawConn{h: c.fd, net: c.net, laddr: c.laddr, raddr: c.raddr}, nil
}

// SyscallConn returns a raw network connection.
func (c *UnixConn) SyscallConn() (syscall.RawConn, error) {
	if !c.ok() {
		return nil, syscall.EINVAL
	}
	return &rawConn{h: c.fd, net: c.net, laddr: c.laddr, raddr: c.raddr}, nil
}

// SyscallConn returns a raw network connection; its Read and Write
// fail with syscall.EINVAL, as Go's do for listeners.
func (l *TCPListener) SyscallConn() (syscall.RawConn, error) {
	if l == nil || l.fd == 0 {
		return nil, syscall.EINVAL
	}
	return &rawConn{h: l.fd, net: "tcp", laddr: tcpAddrOrNil(l.laddr), listener: true}, nil
}

// SyscallConn returns a raw network connection; its Read and Write
// fail with syscall.EINVAL, as Go's do for listeners.
func (l *UnixListener) SyscallConn() (syscall.RawConn, error) {
	if l == nil || l.fd == 0 {
		return nil, syscall.EINVAL
	}
	var la Addr
	if l.laddr != nil {
		la = l.laddr
	}
	return &rawConn{h: l.fd, net: l.net, laddr: la, listener: true}, nil
}
