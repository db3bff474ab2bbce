// Package net as minigo sees it: TCP only. Socket operations are native
// (the runtime's netpoller parks the goroutine) and report failure as the
// text after Go's "op net addr: " prefix; the wrappers build *net.OpError.
package net

import (
	"errors"
	"internal/poll"
	"io"
	"os"
	"syscall"
	"time"
)

type Addr interface {
	Network() string
	String() string
}

type Conn interface {
	Read(b []byte) (n int, err error)
	Write(b []byte) (n int, err error)
	Close() error
	LocalAddr() Addr
	RemoteAddr() Addr
	SetDeadline(t time.Time) error
	SetReadDeadline(t time.Time) error
	SetWriteDeadline(t time.Time) error
}

type Listener interface {
	Accept() (Conn, error)
	Close() error
	Addr() Addr
}

type Error interface {
	error
	Timeout() bool
}

type OpError struct {
	Op     string
	Net    string
	Source Addr
	Addr   Addr
	Err    error
}

func (e *OpError) Error() string {
	s := e.Op + " " + e.Net
	if e.Source != nil {
		s += " " + e.Source.String()
	}
	if e.Addr != nil {
		if e.Source != nil {
			s += "->"
		} else {
			s += " "
		}
		s += e.Addr.String()
	}
	return s + ": " + e.Err.Error()
}

func (e *OpError) Unwrap() error { return e.Err }

type timeout interface{ Timeout() bool }

type temporary interface{ Temporary() bool }

func (e *OpError) Timeout() bool {
	if ne, ok := e.Err.(*os.SyscallError); ok {
		t, ok := ne.Err.(timeout)
		return ok && t.Timeout()
	}
	t, ok := e.Err.(timeout)
	return ok && t.Timeout()
}

func (e *OpError) Temporary() bool {
	// A bare errno of a connection reset or aborted before accept is
	// temporary for the listener (Go's isConnError).
	if se, ok := e.Err.(syscall.Errno); ok && e.Op == "accept" && (se == syscall.ECONNRESET || se == syscall.ECONNABORTED) {
		return true
	}
	if ne, ok := e.Err.(*os.SyscallError); ok {
		t, ok := ne.Err.(temporary)
		return ok && t.Temporary()
	}
	t, ok := e.Err.(temporary)
	return ok && t.Temporary()
}

var ErrClosed error = poll.ErrNetClosing

func sysDial(network, address string) (fd int, raddr string, msg string)
func sysListen(network, address string) (fd int, laddr string, msg string)
func sysAccept(fd int) (nfd int, raddr string, msg string)
func sysRead(fd int, b []byte) (int, string)
func sysWrite(fd int, b []byte) (int, string)
func sysClose(fd int) string
func sysLocalAddr(fd int) string
func sysSetDeadline(fd int, ns int64, mode int) string

func opError(op, network string, src, addr Addr, msg string) error {
	if msg == "EOF" {
		return io.EOF
	}
	// Address errors (bad port, unknown network) have no Addr, as in Go.
	if hasPrefix(msg, "address ") || hasPrefix(msg, "lookup ") || hasPrefix(msg, "unknown network ") {
		addr = nil
	}
	return &OpError{Op: op, Net: network, Source: src, Addr: addr, Err: sysError(msg)}
}

// sysError is the error a native's message stands for: Go's shared
// values for a closed descriptor and a deadline, *os.SyscallError for a
// failed system call (the native's "call: errno N"), else the text.
func sysError(msg string) error {
	switch msg {
	case "use of closed network connection":
		return ErrClosed
	case "i/o timeout":
		return os.ErrDeadlineExceeded
	}
	for i := 0; i+8 < len(msg); i++ {
		if msg[i:i+8] != ": errno " {
			continue
		}
		n := 0
		for _, c := range msg[i+8:] {
			if c < '0' || c > '9' {
				return errors.New(msg)
			}
			n = n*10 + int(c-'0')
		}
		return os.NewSyscallError(msg[:i], syscall.Errno(n))
	}
	return errors.New(msg)
}

type TCPConn struct {
	fd    int
	laddr *TCPAddr
	raddr *TCPAddr
}

func hasPrefix(s, p string) bool { return len(s) >= len(p) && s[:len(p)] == p }

func checkNetwork(network string) string {
	switch network {
	case "tcp", "tcp4", "tcp6":
		return ""
	}
	return "unknown network " + network
}

// dialOther dials the networks other than TCP: UDP and Unix-domain.
func dialOther(network, address string) (Conn, bool, error) {
	switch network {
	case "udp", "udp4", "udp6":
		ra, err := ResolveUDPAddr(network, address)
		if err != nil {
			return nil, true, &OpError{Op: "dial", Net: network, Err: err}
		}
		c, err := DialUDP(network, nil, ra)
		if err != nil {
			return nil, true, err
		}
		return c, true, nil
	case "unix", "unixgram", "unixpacket":
		c, err := DialUnix(network, nil, &UnixAddr{Name: address, Net: network})
		if err != nil {
			return nil, true, err
		}
		return c, true, nil
	}
	return nil, false, nil
}

func Dial(network, address string) (Conn, error) {
	if c, ok, err := dialOther(network, address); ok {
		return c, err
	}
	if msg := checkNetwork(network); msg != "" {
		return nil, opError("dial", network, nil, nil, msg)
	}
	ra, err := ResolveTCPAddr(network, address)
	if err != nil {
		return nil, &OpError{Op: "dial", Net: network, Err: err}
	}
	fd, raddr, msg := sysDial(network, ipPortString(ra.IP, ra.Zone, ra.Port))
	if msg != "" {
		return nil, opError("dial", network, nil, ra, msg)
	}
	return &TCPConn{fd, sysTCPAddr(sysLocalAddr(fd)), sysTCPAddr(raddr)}, nil
}

func DialTimeout(network, address string, timeout time.Duration) (Conn, error) {
	d := Dialer{Timeout: timeout}
	return d.Dial(network, address)
}

func (c *TCPConn) Read(b []byte) (int, error) {
	n, msg := sysRead(c.fd, b)
	if msg != "" {
		return n, opError("read", "tcp", c.laddr, c.raddr, msg)
	}
	return n, nil
}

func (c *TCPConn) Write(b []byte) (int, error) {
	n, msg := sysWrite(c.fd, b)
	if msg != "" {
		return n, opError("write", "tcp", c.laddr, c.raddr, msg)
	}
	return n, nil
}

func (c *TCPConn) Close() error {
	if msg := sysClose(c.fd); msg != "" {
		return opError("close", "tcp", c.laddr, c.raddr, msg)
	}
	return nil
}

func (c *TCPConn) LocalAddr() Addr { return c.laddr }

func (c *TCPConn) RemoteAddr() Addr { return c.raddr }

// deadlineNanos is t in Unix nanoseconds for sysSetDeadline: 0 for the
// zero Time (no deadline), saturated outside UnixNano's range.
func deadlineNanos(t time.Time) int64 {
	switch {
	case t.IsZero():
		return 0
	case t.Unix() < -9e9:
		return 1 // long past
	case t.Unix() > 9e9:
		return 1<<63 - 1
	}
	if ns := t.UnixNano(); ns != 0 {
		return ns
	}
	return 1
}

func (c *TCPConn) setDeadline(t time.Time, mode int) error {
	if msg := sysSetDeadline(c.fd, deadlineNanos(t), mode); msg != "" {
		return opError("set", "tcp", c.laddr, c.raddr, msg)
	}
	return nil
}

func (c *TCPConn) SetDeadline(t time.Time) error { return c.setDeadline(t, 3) }

func (c *TCPConn) SetReadDeadline(t time.Time) error { return c.setDeadline(t, 1) }

func (c *TCPConn) SetWriteDeadline(t time.Time) error { return c.setDeadline(t, 2) }

type TCPListener struct {
	fd    int
	laddr *TCPAddr
}

func Listen(network, address string) (Listener, error) {
	if network == "unix" || network == "unixpacket" || network == "unixgram" {
		// As in Go, "unixgram" makes a listener over a datagram socket
		// (whose Accept fails).
		l, err := listenUnix(network, &UnixAddr{Name: address, Net: network})
		if err != nil {
			return nil, err
		}
		return l, nil
	}
	if msg := checkNetwork(network); msg != "" {
		return nil, opError("listen", network, nil, nil, msg)
	}
	la, err := ResolveTCPAddr(network, address)
	if err != nil {
		return nil, &OpError{Op: "listen", Net: network, Err: err}
	}
	fd, laddr, msg := sysListen(network, ipPortString(la.IP, la.Zone, la.Port))
	if msg != "" {
		return nil, opError("listen", network, nil, la, msg)
	}
	return &TCPListener{fd, sysTCPAddr(laddr)}, nil
}

func (l *TCPListener) Accept() (Conn, error) {
	fd, raddr, msg := sysAccept(l.fd)
	if msg != "" {
		return nil, opError("accept", "tcp", nil, l.laddr, msg)
	}
	return &TCPConn{fd, sysTCPAddr(sysLocalAddr(fd)), sysTCPAddr(raddr)}, nil
}

func (l *TCPListener) Close() error {
	if msg := sysClose(l.fd); msg != "" {
		return opError("close", "tcp", nil, l.laddr, msg)
	}
	return nil
}

func (l *TCPListener) Addr() Addr { return l.laddr }

// AddrError is an error about an address.
type AddrError struct {
	Err  string
	Addr string
}

func (e *AddrError) Error() string {
	if e == nil {
		return "<nil>"
	}
	s := e.Err
	if e.Addr != "" {
		s = "address " + e.Addr + ": " + s
	}
	return s
}

func (e *AddrError) Timeout() bool   { return false }
func (e *AddrError) Temporary() bool { return false }

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// SplitHostPort splits "host:port", "host%zone:port", "[host]:port" or
// "[host%zone]:port" into host (or host%zone) and port.
func SplitHostPort(hostport string) (host, port string, err error) {
	const (
		missingPort   = "missing port in address"
		tooManyColons = "too many colons in address"
	)
	fail := func(why string) (string, string, error) {
		return "", "", &AddrError{Err: why, Addr: hostport}
	}
	i := len(hostport) - 1
	for i >= 0 && hostport[i] != ':' {
		i--
	}
	if i < 0 {
		return fail(missingPort)
	}
	j, k := 0, 0
	if hostport[0] == '[' {
		end := indexByte(hostport, ']')
		if end < 0 {
			return fail("missing ']' in address")
		}
		switch end + 1 {
		case len(hostport):
			return fail(missingPort)
		case i:
			// "[host]:port"
		default:
			if hostport[end+1] == ':' {
				return fail(tooManyColons)
			}
			return fail(missingPort)
		}
		host = hostport[1:end]
		j, k = 1, end+1
	} else {
		host = hostport[:i]
		if indexByte(host, ':') >= 0 {
			return fail(tooManyColons)
		}
	}
	if indexByte(hostport[j:], '[') >= 0 {
		return fail("unexpected '[' in address")
	}
	if indexByte(hostport[k:], ']') >= 0 {
		return fail("unexpected ']' in address")
	}
	return host, hostport[i+1:], nil
}

// JoinHostPort is "host:port", or "[host]:port" when host has a colon.
func JoinHostPort(host, port string) string {
	if indexByte(host, ':') >= 0 {
		return "[" + host + "]:" + port
	}
	return host + ":" + port
}

// Buffers is a list of byte slices to write or read in order; both
// consume what they use.
type Buffers [][]byte

// WriteTo writes each buffer to w in turn.
func (v *Buffers) WriteTo(w io.Writer) (n int64, err error) {
	for _, b := range *v {
		nb, err := w.Write(b)
		n += int64(nb)
		if err != nil {
			v.consume(n)
			return n, err
		}
	}
	v.consume(n)
	return n, nil
}

// Read reads from the buffers into p; io.EOF once they are all read.
func (v *Buffers) Read(p []byte) (n int, err error) {
	for len(p) > 0 && len(*v) > 0 {
		n0 := copy(p, (*v)[0])
		v.consume(int64(n0))
		p = p[n0:]
		n += n0
	}
	if len(*v) == 0 {
		err = io.EOF
	}
	return n, err
}

func (v *Buffers) consume(n int64) {
	for len(*v) > 0 {
		ln0 := int64(len((*v)[0]))
		if ln0 > n {
			(*v)[0] = (*v)[0][n:]
			return
		}
		n -= ln0
		(*v)[0] = nil
		*v = (*v)[1:]
	}
}
