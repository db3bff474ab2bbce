package net

// UDP and Unix-domain sockets. Like TCP, every operation is a native on a
// non-blocking socket that parks the goroutine in the netpoller while it
// would block; addresses cross as text (see sock.rs).

import (
	"errors"
	"io"
	"os"
	"strconv"
	"syscall"
	"time"
)

func sysSocket(family, sotype int, laddr, raddr string, listen bool) (fd int, la, ra, msg string)
func sysSockNames(fd int) (la, ra string)
func sysRecvFrom(fd int, b []byte, call string) (n int, from, msg string)
func sysSendTo(fd int, b []byte, addr string, unix bool, call string) (n int, msg string)
func sysShutdown(fd, how int) string
func sysSetsockopt(fd, opt, v int) string

// Family and socket-type codes of sysSocket.
const (
	famInet      = 0
	famInet6Only = 6
	famUnix      = 1
	sockStream   = 1
	sockDgram    = 2
	sockSeqpkt   = 5
)

var (
	// ErrWriteToConnected is returned by WriteTo on a connected socket.
	ErrWriteToConnected = errors.New("use of WriteTo with pre-connected connection")
	errMissingAddress   = errors.New("missing address")
)

// An InvalidAddrError is an address that is not valid for the operation.
type InvalidAddrError string

func (e InvalidAddrError) Error() string   { return string(e) }
func (e InvalidAddrError) Timeout() bool   { return false }
func (e InvalidAddrError) Temporary() bool { return false }

// A DNSConfigError is a failure to read the resolver's configuration.
type DNSConfigError struct {
	Err error
}

func (e *DNSConfigError) Unwrap() error   { return e.Err }
func (e *DNSConfigError) Error() string   { return "error reading DNS config: " + e.Err.Error() }
func (e *DNSConfigError) Timeout() bool   { return false }
func (e *DNSConfigError) Temporary() bool { return false }

// conn is what UDPConn and UnixConn share: a socket handle, its network
// and its addresses (nil interfaces when there are none).
type conn struct {
	fd     int
	net    string
	laddr  Addr
	raddr  Addr
	fam6   bool // an IPv6 socket (IPv4 peers are written as ::ffff:a.b.c.d)
	stream bool // read(2) semantics: 0 bytes is EOF
}

func (c *conn) ok() bool { return c != nil && c.fd != 0 }

func (c *conn) Read(b []byte) (int, error) {
	if !c.ok() {
		return 0, syscall.EINVAL
	}
	var n int
	var msg string
	if c.stream {
		n, msg = sysRead(c.fd, b)
	} else {
		n, _, msg = sysRecvFrom(c.fd, b, "read")
	}
	if msg != "" {
		return n, opError("read", c.net, c.laddr, c.raddr, msg)
	}
	return n, nil
}

func (c *conn) Write(b []byte) (int, error) {
	if !c.ok() {
		return 0, syscall.EINVAL
	}
	var n int
	var msg string
	if c.stream {
		n, msg = sysWrite(c.fd, b)
	} else {
		n, msg = sysSendTo(c.fd, b, "", c.net[0] == 'u' && c.net[1] == 'n', "write")
	}
	if msg != "" {
		return n, opError("write", c.net, c.laddr, c.raddr, msg)
	}
	return n, nil
}

func (c *conn) Close() error {
	if !c.ok() {
		return syscall.EINVAL
	}
	if msg := sysClose(c.fd); msg != "" {
		return opError("close", c.net, c.laddr, c.raddr, msg)
	}
	return nil
}

func (c *conn) LocalAddr() Addr {
	if !c.ok() {
		return nil
	}
	return c.laddr
}

func (c *conn) RemoteAddr() Addr {
	if !c.ok() {
		return nil
	}
	return c.raddr
}

func (c *conn) setDeadline(t time.Time, mode int) error {
	if !c.ok() {
		return syscall.EINVAL
	}
	if msg := sysSetDeadline(c.fd, deadlineNanos(t), mode); msg != "" {
		return opError("set", c.net, c.laddr, c.raddr, msg)
	}
	return nil
}

func (c *conn) SetDeadline(t time.Time) error      { return c.setDeadline(t, 3) }
func (c *conn) SetReadDeadline(t time.Time) error  { return c.setDeadline(t, 1) }
func (c *conn) SetWriteDeadline(t time.Time) error { return c.setDeadline(t, 2) }

func (c *conn) setOpt(opt, v int) error {
	if !c.ok() {
		return syscall.EINVAL
	}
	if msg := sysSetsockopt(c.fd, opt, v); msg != "" {
		return opError("set", c.net, c.laddr, c.raddr, msg)
	}
	return nil
}

// SetReadBuffer sets the size of the socket's receive buffer.
func (c *conn) SetReadBuffer(bytes int) error { return c.setOpt(5, bytes) }

// SetWriteBuffer sets the size of the socket's send buffer.
func (c *conn) SetWriteBuffer(bytes int) error { return c.setOpt(6, bytes) }

// File is not provided: minigo's sockets are not os.Files.
func (c *conn) File() (f *os.File, err error) {
	return nil, &OpError{Op: "file", Net: c.net, Source: c.laddr, Addr: c.raddr, Err: errors.New("not supported by minigo")}
}

func (c *conn) shutdown(how int) error {
	if !c.ok() {
		return syscall.EINVAL
	}
	if msg := sysShutdown(c.fd, how); msg != "" {
		return opError("close", c.net, c.laddr, c.raddr, msg)
	}
	return nil
}

// ---- IP sockets: the text forms the natives take ----

// sockIP is the text of ip:port for a socket of the given family ("" IP
// is the wildcard; IPv4 on an IPv6 socket is IPv4-mapped).
func sockIP(ip IP, port int, fam6 bool) (string, error) {
	p := strconv.Itoa(port)
	if !fam6 {
		if len(ip) == 0 {
			return "0.0.0.0:" + p, nil
		}
		ip4 := ip.To4()
		if ip4 == nil {
			return "", &AddrError{Err: "non-IPv4 address", Addr: ip.String()}
		}
		return ip4.String() + ":" + p, nil
	}
	if len(ip) == 0 || ip.Equal(IPv4zero) {
		return "[::]:" + p, nil
	}
	if ip4 := ip.To4(); ip4 != nil {
		return "[::ffff:" + ip4.String() + "]:" + p, nil
	}
	if len(ip) != IPv6len {
		return "", &AddrError{Err: "non-IPv6 address", Addr: ip.String()}
	}
	return "[" + ip.String() + "]:" + p, nil
}

func isWildcard(ip IP) bool { return len(ip) == 0 || ip.IsUnspecified() }

// ipFamily picks the socket family as Go does: IPv6 for a "...6"
// network, and for a wildcard listen on "tcp"/"udp" (dual stack);
// otherwise IPv4 when both ends are IPv4 (or absent).
func ipFamily(network string, listen bool, laddr, raddr IP, lset, rset bool) (fam6 bool, code int) {
	switch network[len(network)-1] {
	case '4':
		return false, famInet
	case '6':
		return true, famInet6Only
	}
	if listen && (!lset || isWildcard(laddr)) {
		return true, famInet
	}
	v4 := func(ip IP, set bool) bool { return !set || len(ip) == 0 || ip.To4() != nil }
	if v4(laddr, lset) && v4(raddr, rset) {
		return false, famInet
	}
	return true, famInet
}

// ---- UDP ----

// UDPConn is a UDP socket: a Conn and a PacketConn.
type UDPConn struct {
	conn
}

func (a *UDPAddr) opAddr() Addr {
	if a == nil {
		return nil
	}
	return a
}

func udpAddrOf(s string) Addr {
	if s == "" {
		return nil
	}
	t := sysTCPAddr(s)
	return &UDPAddr{IP: t.IP, Port: t.Port, Zone: t.Zone}
}

func checkUDP(network string) bool {
	return network == "udp" || network == "udp4" || network == "udp6"
}

func newUDPConn(network string, fd int, fam6 bool, la, ra string) *UDPConn {
	return &UDPConn{conn{fd: fd, net: network, laddr: udpAddrOf(la), raddr: udpAddrOf(ra), fam6: fam6}}
}

// ListenUDP listens for datagrams on laddr (nil or a zero port: any port).
func ListenUDP(network string, laddr *UDPAddr) (*UDPConn, error) {
	if !checkUDP(network) {
		return nil, &OpError{Op: "listen", Net: network, Addr: laddr.opAddr(), Err: UnknownNetworkError(network)}
	}
	if laddr == nil {
		laddr = &UDPAddr{}
	}
	fam6, code := ipFamily(network, true, laddr.IP, nil, true, false)
	s, err := sockIP(laddr.IP, laddr.Port, fam6)
	if err != nil {
		return nil, &OpError{Op: "listen", Net: network, Addr: laddr, Err: err}
	}
	fd, la, ra, msg := sysSocket(code, sockDgram, s, "", false)
	if msg != "" {
		return nil, opError("listen", network, nil, laddr, msg)
	}
	return newUDPConn(network, fd, fam6, la, ra), nil
}

// DialUDP connects a UDP socket to raddr, from laddr if not nil.
func DialUDP(network string, laddr, raddr *UDPAddr) (*UDPConn, error) {
	if !checkUDP(network) {
		return nil, &OpError{Op: "dial", Net: network, Source: laddr.opAddr(), Addr: raddr.opAddr(), Err: UnknownNetworkError(network)}
	}
	if raddr == nil {
		return nil, &OpError{Op: "dial", Net: network, Source: laddr.opAddr(), Err: errMissingAddress}
	}
	var lip IP
	if laddr != nil {
		lip = laddr.IP
	}
	fam6, code := ipFamily(network, false, lip, raddr.IP, laddr != nil, true)
	ls := ""
	var err error
	if laddr != nil {
		if ls, err = sockIP(laddr.IP, laddr.Port, fam6); err != nil {
			return nil, &OpError{Op: "dial", Net: network, Source: laddr, Addr: raddr, Err: err}
		}
	}
	rip := raddr.IP
	if len(rip) == 0 && !fam6 {
		rip = IPv4(127, 0, 0, 1)
	} else if len(rip) == 0 {
		rip = IPv6loopback
	}
	rs, err := sockIP(rip, raddr.Port, fam6)
	if err != nil {
		return nil, &OpError{Op: "dial", Net: network, Source: laddr.opAddr(), Addr: raddr, Err: err}
	}
	fd, la, ra, msg := sysSocket(code, sockDgram, ls, rs, false)
	if msg != "" {
		return nil, opError("dial", network, laddr.opAddr(), raddr, msg)
	}
	return newUDPConn(network, fd, fam6, la, ra), nil
}

// ReadFromUDP reads one datagram into b and says who sent it.
func (c *UDPConn) ReadFromUDP(b []byte) (n int, addr *UDPAddr, err error) {
	if !c.ok() {
		return 0, nil, syscall.EINVAL
	}
	n, from, msg := sysRecvFrom(c.fd, b, "recvfrom")
	if msg != "" {
		return n, nil, opError("read", c.net, c.laddr, c.raddr, msg)
	}
	if a, ok := udpAddrOf(from).(*UDPAddr); ok {
		addr = a
	}
	return n, addr, nil
}

// ReadFrom reads one datagram into b and says who sent it.
func (c *UDPConn) ReadFrom(b []byte) (int, Addr, error) {
	n, addr, err := c.ReadFromUDP(b)
	if addr == nil {
		return n, nil, err
	}
	return n, addr, err
}

// ReadMsgUDP is ReadFromUDP; minigo receives no ancillary data (oobn and
// flags are 0).
func (c *UDPConn) ReadMsgUDP(b, oob []byte) (n, oobn, flags int, addr *UDPAddr, err error) {
	n, addr, err = c.ReadFromUDP(b)
	return n, 0, 0, addr, err
}

// WriteToUDP sends b as one datagram to addr.
func (c *UDPConn) WriteToUDP(b []byte, addr *UDPAddr) (int, error) {
	if !c.ok() {
		return 0, syscall.EINVAL
	}
	if c.raddr != nil {
		return 0, &OpError{Op: "write", Net: c.net, Source: c.laddr, Addr: addr.opAddr(), Err: ErrWriteToConnected}
	}
	if addr == nil {
		return 0, &OpError{Op: "write", Net: c.net, Source: c.laddr, Err: errMissingAddress}
	}
	s, err := sockIP(addr.IP, addr.Port, c.fam6)
	if err != nil {
		return 0, &OpError{Op: "write", Net: c.net, Source: c.laddr, Addr: addr, Err: err}
	}
	n, msg := sysSendTo(c.fd, b, s, false, "sendto")
	if msg != "" {
		return n, opError("write", c.net, c.laddr, addr, msg)
	}
	return n, nil
}

// WriteTo sends b as one datagram to addr, which must be a *UDPAddr.
func (c *UDPConn) WriteTo(b []byte, addr Addr) (int, error) {
	if !c.ok() {
		return 0, syscall.EINVAL
	}
	a, ok := addr.(*UDPAddr)
	if !ok {
		return 0, &OpError{Op: "write", Net: c.net, Source: c.laddr, Addr: addr, Err: syscall.EINVAL}
	}
	return c.WriteToUDP(b, a)
}

// WriteMsgUDP is WriteToUDP (or Write when connected and addr is nil);
// ancillary data is not sent.
func (c *UDPConn) WriteMsgUDP(b, oob []byte, addr *UDPAddr) (n, oobn int, err error) {
	if c.ok() && c.raddr != nil && addr == nil {
		n, err = c.Write(b)
		return n, 0, err
	}
	n, err = c.WriteToUDP(b, addr)
	return n, 0, err
}

// A PacketConn is a datagram socket.
type PacketConn interface {
	ReadFrom(p []byte) (n int, addr Addr, err error)
	WriteTo(p []byte, addr Addr) (n int, err error)
	Close() error
	LocalAddr() Addr
	SetDeadline(t time.Time) error
	SetReadDeadline(t time.Time) error
	SetWriteDeadline(t time.Time) error
}

// ListenPacket listens for datagrams: "udp", "udp4", "udp6" or
// "unixgram".
func ListenPacket(network, address string) (PacketConn, error) {
	switch network {
	case "udp", "udp4", "udp6":
		la, err := ResolveUDPAddr(network, address)
		if err != nil {
			return nil, &OpError{Op: "listen", Net: network, Err: err}
		}
		c, err := ListenUDP(network, la)
		if err != nil {
			return nil, err
		}
		return c, nil
	case "unix", "unixgram", "unixpacket":
		// As in Go, "unix" and "unixpacket" give a listening stream
		// socket as a PacketConn.
		c, err := listenUnixgram(network, &UnixAddr{Name: address, Net: network})
		if err != nil {
			return nil, err
		}
		return c, nil
	}
	return nil, &OpError{Op: "listen", Net: network, Err: UnknownNetworkError(network)}
}

// ---- Unix-domain sockets ----

// A UnixAddr is the address of a Unix-domain socket end point.
type UnixAddr struct {
	Name string
	Net  string
}

func (a *UnixAddr) Network() string { return a.Net }

func (a *UnixAddr) String() string {
	if a == nil {
		return "<nil>"
	}
	return a.Name
}

func (a *UnixAddr) opAddr() Addr {
	if a == nil {
		return nil
	}
	return a
}

// ResolveUnixAddr is the address of the socket path on network ("unix",
// "unixgram" or "unixpacket").
func ResolveUnixAddr(network, address string) (*UnixAddr, error) {
	switch network {
	case "unix", "unixgram", "unixpacket":
		return &UnixAddr{Name: address, Net: network}, nil
	}
	return nil, UnknownNetworkError(network)
}

func unixSotype(network string) int {
	switch network {
	case "unixgram":
		return sockDgram
	case "unixpacket":
		return sockSeqpkt
	}
	return sockStream
}

func unixAddrOf(s, network string) Addr {
	if s == "" {
		return nil
	}
	return &UnixAddr{Name: s, Net: network}
}

// UnixConn is a Unix-domain socket.
type UnixConn struct {
	conn
}

func newUnixConn(network string, fd int, la, ra string) *UnixConn {
	return &UnixConn{conn{fd: fd, net: network, laddr: unixAddrOf(la, network), raddr: unixAddrOf(ra, network), stream: network != "unixgram"}}
}

// DialUnix connects to raddr, from laddr if not nil.
func DialUnix(network string, laddr, raddr *UnixAddr) (*UnixConn, error) {
	switch network {
	case "unix", "unixgram", "unixpacket":
	default:
		return nil, &OpError{Op: "dial", Net: network, Source: laddr.opAddr(), Addr: raddr.opAddr(), Err: UnknownNetworkError(network)}
	}
	if raddr == nil {
		return nil, &OpError{Op: "dial", Net: network, Source: laddr.opAddr(), Err: errMissingAddress}
	}
	ls := ""
	if laddr != nil {
		ls = laddr.Name
	}
	fd, la, ra, msg := sysSocket(famUnix, unixSotype(network), ls, raddr.Name, false)
	if msg != "" {
		return nil, opError("dial", network, laddr.opAddr(), raddr, msg)
	}
	if ra == "" {
		ra = raddr.Name
	}
	return newUnixConn(network, fd, la, ra), nil
}

// ListenUnixgram opens a Unix datagram socket at laddr.
func ListenUnixgram(network string, laddr *UnixAddr) (*UnixConn, error) {
	if network != "unixgram" {
		return nil, &OpError{Op: "listen", Net: network, Addr: laddr.opAddr(), Err: UnknownNetworkError(network)}
	}
	return listenUnixgram(network, laddr)
}

func listenUnixgram(network string, laddr *UnixAddr) (*UnixConn, error) {
	if laddr == nil {
		return nil, &OpError{Op: "listen", Net: network, Err: errMissingAddress}
	}
	sotype := unixSotype(network)
	fd, la, ra, msg := sysSocket(famUnix, sotype, laddr.Name, "", sotype != sockDgram)
	if msg != "" {
		return nil, opError("listen", network, nil, laddr, msg)
	}
	return newUnixConn(network, fd, la, ra), nil
}

// ReadFromUnix reads one message into b and says who sent it (nil for an
// unnamed socket).
func (c *UnixConn) ReadFromUnix(b []byte) (int, *UnixAddr, error) {
	if !c.ok() {
		return 0, nil, syscall.EINVAL
	}
	n, from, msg := sysRecvFrom(c.fd, b, "recvfrom")
	if msg != "" {
		return n, nil, opError("read", c.net, c.laddr, c.raddr, msg)
	}
	var a *UnixAddr
	if from != "" {
		a = &UnixAddr{Name: from, Net: c.net}
	}
	return n, a, nil
}

// ReadFrom reads one message into b and says who sent it.
func (c *UnixConn) ReadFrom(b []byte) (int, Addr, error) {
	n, a, err := c.ReadFromUnix(b)
	if a == nil {
		return n, nil, err
	}
	return n, a, err
}

// ReadMsgUnix is ReadFromUnix; no ancillary data is received.
func (c *UnixConn) ReadMsgUnix(b, oob []byte) (n, oobn, flags int, addr *UnixAddr, err error) {
	n, addr, err = c.ReadFromUnix(b)
	return n, 0, 0, addr, err
}

// WriteToUnix sends b as one message to addr.
func (c *UnixConn) WriteToUnix(b []byte, addr *UnixAddr) (int, error) {
	if !c.ok() {
		return 0, syscall.EINVAL
	}
	if c.raddr != nil {
		return 0, &OpError{Op: "write", Net: c.net, Source: c.laddr, Addr: addr.opAddr(), Err: ErrWriteToConnected}
	}
	if addr == nil {
		return 0, &OpError{Op: "write", Net: c.net, Source: c.laddr, Err: errMissingAddress}
	}
	if addr.Net != c.net {
		return 0, &OpError{Op: "write", Net: c.net, Source: c.laddr, Addr: addr, Err: syscall.Errno(97)} // EAFNOSUPPORT
	}
	n, msg := sysSendTo(c.fd, b, addr.Name, true, "sendto")
	if msg != "" {
		return n, opError("write", c.net, c.laddr, addr, msg)
	}
	return n, nil
}

// WriteTo sends b as one message to addr, which must be a *UnixAddr.
func (c *UnixConn) WriteTo(b []byte, addr Addr) (int, error) {
	if !c.ok() {
		return 0, syscall.EINVAL
	}
	a, ok := addr.(*UnixAddr)
	if !ok {
		return 0, &OpError{Op: "write", Net: c.net, Source: c.laddr, Addr: addr, Err: syscall.EINVAL}
	}
	return c.WriteToUnix(b, a)
}

// WriteMsgUnix is WriteToUnix (Write when connected and addr is nil);
// ancillary data is not sent.
func (c *UnixConn) WriteMsgUnix(b, oob []byte, addr *UnixAddr) (n, oobn int, err error) {
	if c.ok() && c.raddr != nil && addr == nil {
		n, err = c.Write(b)
		return n, 0, err
	}
	n, err = c.WriteToUnix(b, addr)
	return n, 0, err
}

// CloseRead shuts down the reading side.
func (c *UnixConn) CloseRead() error { return c.shutdown(0) }

// CloseWrite shuts down the writing side.
func (c *UnixConn) CloseWrite() error { return c.shutdown(1) }

// A UnixListener accepts Unix-domain stream connections.
type UnixListener struct {
	fd     int
	net    string
	laddr  *UnixAddr
	unlink bool
	closed bool
}

// ListenUnix listens on the socket path laddr ("unix" or "unixpacket").
func ListenUnix(network string, laddr *UnixAddr) (*UnixListener, error) {
	switch network {
	case "unix", "unixpacket":
	default:
		return nil, &OpError{Op: "listen", Net: network, Addr: laddr.opAddr(), Err: UnknownNetworkError(network)}
	}
	return listenUnix(network, laddr)
}

func listenUnix(network string, laddr *UnixAddr) (*UnixListener, error) {
	if laddr == nil {
		return nil, &OpError{Op: "listen", Net: network, Err: errMissingAddress}
	}
	sotype := unixSotype(network)
	fd, la, _, msg := sysSocket(famUnix, sotype, laddr.Name, "", sotype != sockDgram)
	if msg != "" {
		return nil, opError("listen", network, nil, laddr, msg)
	}
	if la == "" {
		la = laddr.Name
	}
	name := laddr.Name
	return &UnixListener{fd: fd, net: network, laddr: &UnixAddr{Name: la, Net: network}, unlink: name != "" && name[0] != '@'}, nil
}

func (l *UnixListener) ok() bool { return l != nil && l.fd != 0 }

// AcceptUnix waits for the next connection.
func (l *UnixListener) AcceptUnix() (*UnixConn, error) {
	if !l.ok() {
		return nil, syscall.EINVAL
	}
	fd, ra, msg := sysAccept(l.fd)
	if msg != "" {
		return nil, opError("accept", l.net, nil, l.laddr, msg)
	}
	la, _ := sysSockNames(fd)
	if ra == "" {
		ra = "@"
	}
	return newUnixConn(l.net, fd, la, ra), nil
}

// Accept waits for the next connection.
func (l *UnixListener) Accept() (Conn, error) {
	c, err := l.AcceptUnix()
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Addr is the listener's address.
func (l *UnixListener) Addr() Addr { return l.laddr }

// Close stops listening and, if the listener made the socket file,
// removes it (see SetUnlinkOnClose).
func (l *UnixListener) Close() error {
	if !l.ok() {
		return syscall.EINVAL
	}
	if msg := sysClose(l.fd); msg != "" {
		return opError("close", l.net, nil, l.laddr, msg)
	}
	if l.unlink && !l.closed {
		os.Remove(l.laddr.Name)
	}
	l.closed = true
	return nil
}

// SetDeadline sets the deadline for Accept.
func (l *UnixListener) SetDeadline(t time.Time) error {
	if !l.ok() {
		return syscall.EINVAL
	}
	if msg := sysSetDeadline(l.fd, deadlineNanos(t), 1); msg != "" {
		return opError("set", l.net, nil, l.laddr, msg)
	}
	return nil
}

// SetUnlinkOnClose says whether Close removes the socket file.
func (l *UnixListener) SetUnlinkOnClose(unlink bool) { l.unlink = unlink }

// File is not provided: minigo's sockets are not os.Files.
func (l *UnixListener) File() (*os.File, error) {
	return nil, &OpError{Op: "file", Net: l.net, Addr: l.laddr, Err: errors.New("not supported by minigo")}
}

// ---- TCP additions ----

func (a *TCPAddr) opAddr() Addr {
	if a == nil {
		return nil
	}
	return a
}

// DialTCP connects to raddr (laddr, if given, is not bound: minigo
// chooses the local address).
func DialTCP(network string, laddr, raddr *TCPAddr) (*TCPConn, error) {
	switch network {
	case "tcp", "tcp4", "tcp6":
	default:
		return nil, &OpError{Op: "dial", Net: network, Source: laddr.opAddr(), Addr: raddr.opAddr(), Err: UnknownNetworkError(network)}
	}
	if raddr == nil {
		return nil, &OpError{Op: "dial", Net: network, Source: laddr.opAddr(), Err: errMissingAddress}
	}
	c, err := dialAddr(network, raddr)
	if err != nil {
		return nil, err
	}
	return c.(*TCPConn), nil
}

// ListenTCP listens on laddr (nil or a zero port: any port).
func ListenTCP(network string, laddr *TCPAddr) (*TCPListener, error) {
	switch network {
	case "tcp", "tcp4", "tcp6":
	default:
		return nil, &OpError{Op: "listen", Net: network, Addr: laddr.opAddr(), Err: UnknownNetworkError(network)}
	}
	if laddr == nil {
		laddr = &TCPAddr{}
	}
	fd, la, msg := sysListen(network, ipPortString(laddr.IP, laddr.Zone, laddr.Port))
	if msg != "" {
		return nil, opError("listen", network, nil, laddr, msg)
	}
	return &TCPListener{fd, sysTCPAddr(la)}, nil
}

// AcceptTCP waits for the next connection.
func (l *TCPListener) AcceptTCP() (*TCPConn, error) {
	c, err := l.Accept()
	if err != nil {
		return nil, err
	}
	return c.(*TCPConn), nil
}

// SetDeadline sets the deadline for Accept.
func (l *TCPListener) SetDeadline(t time.Time) error {
	if msg := sysSetDeadline(l.fd, deadlineNanos(t), 1); msg != "" {
		return opError("set", "tcp", nil, l.laddr, msg)
	}
	return nil
}

// File is not provided: minigo's sockets are not os.Files.
func (l *TCPListener) File() (*os.File, error) {
	return nil, &OpError{Op: "file", Net: "tcp", Addr: l.laddr, Err: errors.New("not supported by minigo")}
}

func (c *TCPConn) opt(opt, v int) error {
	if msg := sysSetsockopt(c.fd, opt, v); msg != "" {
		return opError("set", "tcp", c.laddr, c.raddr, msg)
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// SetNoDelay turns Nagle's algorithm off (true, the default) or on.
func (c *TCPConn) SetNoDelay(noDelay bool) error { return c.opt(1, boolInt(noDelay)) }

// SetKeepAlive turns TCP keep-alive probes on or off.
func (c *TCPConn) SetKeepAlive(keepalive bool) error { return c.opt(2, boolInt(keepalive)) }

// SetKeepAlivePeriod sets the idle time and interval of keep-alive
// probes (rounded up to whole seconds; a negative d leaves them).
func (c *TCPConn) SetKeepAlivePeriod(d time.Duration) error {
	if d < 0 {
		return nil
	}
	if d == 0 {
		d = 15 * time.Second
	}
	return c.opt(3, int((d+time.Second-1)/time.Second))
}

// A KeepAliveConfig configures TCP keep-alive probes.
type KeepAliveConfig struct {
	Enable   bool
	Idle     time.Duration
	Interval time.Duration
	Count    int
}

// SetKeepAliveConfig applies config.
func (c *TCPConn) SetKeepAliveConfig(config KeepAliveConfig) error {
	if err := c.SetKeepAlive(config.Enable); err != nil || !config.Enable {
		return err
	}
	if config.Idle > 0 {
		if err := c.SetKeepAlivePeriod(config.Idle); err != nil {
			return err
		}
	}
	if config.Count > 0 {
		return c.opt(7, config.Count)
	}
	return nil
}

// SetLinger sets what Close does with unsent data: sec < 0 the default
// (send it in the background), 0 discard, > 0 wait up to sec seconds.
func (c *TCPConn) SetLinger(sec int) error { return c.opt(4, sec) }

// SetReadBuffer sets the size of the socket's receive buffer.
func (c *TCPConn) SetReadBuffer(bytes int) error { return c.opt(5, bytes) }

// SetWriteBuffer sets the size of the socket's send buffer.
func (c *TCPConn) SetWriteBuffer(bytes int) error { return c.opt(6, bytes) }

// CloseRead shuts down the reading side.
func (c *TCPConn) CloseRead() error {
	if msg := sysShutdown(c.fd, 0); msg != "" {
		return opError("close", "tcp", c.laddr, c.raddr, msg)
	}
	return nil
}

// CloseWrite shuts down the writing side: the peer reads EOF.
func (c *TCPConn) CloseWrite() error {
	if msg := sysShutdown(c.fd, 1); msg != "" {
		return opError("close", "tcp", c.laddr, c.raddr, msg)
	}
	return nil
}

// ReadFrom copies r to the connection until EOF.
func (c *TCPConn) ReadFrom(r io.Reader) (int64, error) {
	buf := make([]byte, 32*1024)
	var n int64
	var err error
	for {
		nr, er := r.Read(buf)
		if nr > 0 {
			nw, ew := c.Write(buf[:nr])
			n += int64(nw)
			if ew != nil {
				err = ew
				break
			}
		}
		if er != nil {
			if er != io.EOF {
				err = er
			}
			break
		}
	}
	if err != nil {
		err = &OpError{Op: "readfrom", Net: "tcp", Source: c.laddr, Addr: c.raddr, Err: err}
	}
	return n, err
}

// WriteTo copies the connection to w until EOF.
func (c *TCPConn) WriteTo(w io.Writer) (int64, error) {
	buf := make([]byte, 32*1024)
	var n int64
	var err error
	for {
		nr, er := c.Read(buf)
		if nr > 0 {
			nw, ew := w.Write(buf[:nr])
			n += int64(nw)
			if ew != nil {
				err = ew
				break
			}
		}
		if er != nil {
			if er != io.EOF {
				err = er
			}
			break
		}
	}
	if err != nil {
		err = &OpError{Op: "writeto", Net: "tcp", Source: c.laddr, Addr: c.raddr, Err: err}
	}
	return n, err
}

// MultipathTCP reports whether the connection uses MPTCP: never here.
func (c *TCPConn) MultipathTCP() (bool, error) { return false, nil }

// File is not provided: minigo's sockets are not os.Files.
func (c *TCPConn) File() (*os.File, error) {
	return nil, &OpError{Op: "file", Net: "tcp", Source: c.laddr, Addr: c.raddr, Err: errors.New("not supported by minigo")}
}

// ResolveIPAddr resolves host (a literal, "localhost" or a name of
// /etc/hosts) for network "ip", "ip4" or "ip6", optionally with a
// ":protocol" suffix.
func ResolveIPAddr(network, address string) (*IPAddr, error) {
	afnet := network
	if i := indexByte(network, ':'); i >= 0 {
		afnet = network[:i]
	}
	switch afnet {
	case "":
		afnet = "ip"
	case "ip", "ip4", "ip6":
	default:
		return nil, UnknownNetworkError(network)
	}
	if address == "" {
		return &IPAddr{}, nil
	}
	ips, zones, err := lookupHost(address)
	if err != nil {
		return nil, err
	}
	for i, ip := range ips {
		is4 := ip.To4() != nil
		if afnet == "ip4" && !is4 || afnet == "ip6" && is4 {
			continue
		}
		return &IPAddr{IP: ip, Zone: zones[i]}, nil
	}
	return nil, &AddrError{Err: "no suitable address found", Addr: address}
}
