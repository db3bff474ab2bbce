package net

// Dialer, and name lookups. minigo has no DNS client: a host name is
// resolved from /etc/hosts only ("localhost" also without it), and any
// other name fails as Go's does when DNS says no ("lookup NAME: no such
// host", a *DNSError with IsNotFound set; Go adds " on SERVER:53").

import (
	"context"
	"os"
	"time"
)

// A Dialer holds options for connecting to an address.
type Dialer struct {
	// Timeout bounds the whole dial; zero means none.
	Timeout time.Duration
	// Deadline is an absolute time after which dials fail.
	Deadline time.Time
	// LocalAddr is accepted for compatibility; minigo binds no local
	// address of the caller's choosing.
	LocalAddr Addr
	// DualStack is deprecated and ignored, as in Go.
	DualStack bool
	// FallbackDelay is ignored (no Happy Eyeballs).
	FallbackDelay time.Duration
	// KeepAlive is accepted; minigo leaves the system's TCP keep-alive
	// settings alone.
	KeepAlive time.Duration
	// Resolver is the resolver to use; nil means DefaultResolver.
	Resolver *Resolver
	// Cancel is deprecated; closing it cancels the dial.
	Cancel <-chan struct{}
	// KeepAliveConfig is accepted; minigo leaves keep-alive settings
	// alone.
	KeepAliveConfig KeepAliveConfig

	mptcp int8 // SetMultipathTCP's choice: 0 default, 1 on, -1 off
}

// Dial connects to address on network.
func (d *Dialer) Dial(network, address string) (Conn, error) {
	return d.DialContext(context.Background(), network, address)
}

type dialResult struct {
	c   Conn
	err error
}

// canceledError is Go's "operation was canceled", which errors.Is
// matches to context.Canceled.
type canceledError struct{}

func (canceledError) Error() string { return "operation was canceled" }

func (canceledError) Is(err error) bool { return err == context.Canceled }

var errCanceled error = canceledError{}

func mapCtxErr(err error) error {
	switch err {
	case context.Canceled:
		return errCanceled
	case context.DeadlineExceeded:
		return os.ErrDeadlineExceeded
	}
	return err
}

// DialContext connects to address on network, giving up when ctx is
// done or the dialer's deadline passes.
func (d *Dialer) DialContext(ctx context.Context, network, address string) (Conn, error) {
	if ctx == nil {
		panic("nil context")
	}
	deadline := d.Deadline
	if d.Timeout > 0 {
		if t := time.Now().Add(d.Timeout); deadline.IsZero() || t.Before(deadline) {
			deadline = t
		}
	}
	if !deadline.IsZero() {
		if cd, ok := ctx.Deadline(); !ok || deadline.Before(cd) {
			var cancel context.CancelFunc
			ctx, cancel = context.WithDeadline(ctx, deadline)
			defer cancel()
		}
	}
	if d.Cancel != nil {
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(ctx)
		defer cancel()
		go func() {
			select {
			case <-d.Cancel:
				cancel()
			case <-ctx.Done():
			}
		}()
	}
	if err := ctx.Err(); err != nil {
		switch network {
		case "udp", "udp4", "udp6":
			ra, rerr := ResolveUDPAddr(network, address)
			if rerr != nil {
				return nil, &OpError{Op: "dial", Net: network, Err: rerr}
			}
			return nil, &OpError{Op: "dial", Net: network, Addr: ra, Err: mapCtxErr(err)}
		case "unix", "unixgram", "unixpacket":
			return nil, &OpError{Op: "dial", Net: network, Addr: &UnixAddr{Name: address, Net: network}, Err: mapCtxErr(err)}
		}
	}
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
	if err := ctx.Err(); err != nil {
		return nil, &OpError{Op: "dial", Net: network, Addr: ra, Err: mapCtxErr(err)}
	}
	done := ctx.Done()
	if done == nil {
		return dialAddr(network, ra)
	}
	ch := make(chan dialResult, 1)
	go func() {
		c, err := dialAddr(network, ra)
		ch <- dialResult{c, err}
	}()
	select {
	case r := <-ch:
		return r.c, r.err
	case <-done:
		// The connect goes on; close what it makes.
		go func() {
			if r := <-ch; r.c != nil {
				r.c.Close()
			}
		}()
		return nil, &OpError{Op: "dial", Net: network, Addr: ra, Err: mapCtxErr(ctx.Err())}
	}
}

func dialAddr(network string, ra *TCPAddr) (Conn, error) {
	fd, raddr, msg := sysDial(network, ipPortString(ra.IP, ra.Zone, ra.Port))
	if msg != "" {
		return nil, opError("dial", network, nil, ra, msg)
	}
	return &TCPConn{fd, sysTCPAddr(sysLocalAddr(fd)), sysTCPAddr(raddr)}, nil
}

// A Resolver looks up names. minigo's reads /etc/hosts only.
type Resolver struct {
	PreferGo     bool
	StrictErrors bool
	Dial         func(ctx context.Context, network, address string) (Conn, error)
}

// DefaultResolver is the resolver the package-level functions use.
var DefaultResolver = &Resolver{}

// LookupHost returns host's addresses.
func LookupHost(host string) (addrs []string, err error) {
	return DefaultResolver.LookupHost(context.Background(), host)
}

// LookupIP returns host's IPv4 and IPv6 addresses.
func LookupIP(host string) ([]IP, error) {
	addrs, err := DefaultResolver.LookupIPAddr(context.Background(), host)
	if err != nil {
		return nil, err
	}
	ips := make([]IP, len(addrs))
	for i, a := range addrs {
		ips[i] = a.IP
	}
	return ips, nil
}

// LookupAddr is the names of addr in /etc/hosts.
func LookupAddr(addr string) (names []string, err error) {
	return DefaultResolver.LookupAddr(context.Background(), addr)
}

// LookupHost returns host's addresses.
func (r *Resolver) LookupHost(ctx context.Context, host string) (addrs []string, err error) {
	if host == "" {
		return nil, &DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	if _, _, ok := parseAddr(host); ok {
		return []string{host}, nil
	}
	ips, zones, err := lookupHost(host)
	if err != nil {
		return nil, err
	}
	for i, ip := range ips {
		s := ip.String()
		if zones[i] != "" {
			s += "%" + zones[i]
		}
		addrs = append(addrs, s)
	}
	return addrs, nil
}

// LookupIPAddr returns host's addresses.
func (r *Resolver) LookupIPAddr(ctx context.Context, host string) ([]IPAddr, error) {
	if host == "" {
		return nil, &DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	ips, zones, err := lookupHost(host)
	if err != nil {
		return nil, err
	}
	addrs := make([]IPAddr, len(ips))
	for i, ip := range ips {
		addrs[i] = IPAddr{IP: ip, Zone: zones[i]}
	}
	return addrs, nil
}

// LookupIP returns host's addresses for network "ip", "ip4" or "ip6".
func (r *Resolver) LookupIP(ctx context.Context, network, host string) ([]IP, error) {
	switch network {
	case "ip", "ip4", "ip6":
	default:
		return nil, UnknownNetworkError(network)
	}
	addrs, err := r.LookupIPAddr(ctx, host)
	if err != nil {
		return nil, err
	}
	var ips []IP
	for _, a := range addrs {
		is4 := a.IP.To4() != nil
		if network == "ip4" && !is4 || network == "ip6" && is4 {
			continue
		}
		ips = append(ips, a.IP)
	}
	if len(ips) == 0 {
		return nil, &DNSError{Err: "no suitable address", Name: host}
	}
	return ips, nil
}

// LookupNetIP is not provided (no net/netip); LookupPort is.
func (r *Resolver) LookupPort(ctx context.Context, network, service string) (port int, err error) {
	return LookupPort(network, service)
}

// LookupAddr is the names of addr in /etc/hosts.
func (r *Resolver) LookupAddr(ctx context.Context, addr string) (names []string, err error) {
	ip, _, ok := parseAddr(addr)
	if !ok {
		return nil, &DNSError{Err: "unrecognized address", Name: addr}
	}
	for _, e := range readHosts() {
		if e.ip.Equal(ip) {
			names = append(names, e.names...)
		}
	}
	if len(names) == 0 {
		return nil, &DNSError{Err: "no such host", Name: addr, IsNotFound: true}
	}
	return names, nil
}

type hostsEntry struct {
	ip    IP
	zone  string
	names []string
}

// readHosts parses /etc/hosts (nothing if it cannot be read).
func readHosts() []hostsEntry {
	data, err := os.ReadFile("/etc/hosts")
	if err != nil {
		return nil
	}
	var out []hostsEntry
	for _, line := range splitLines(string(data)) {
		if i := indexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := fields(line)
		if len(f) < 2 {
			continue
		}
		ip, zone, ok := parseAddr(f[0])
		if !ok {
			continue
		}
		names := make([]string, 0, len(f)-1)
		for _, n := range f[1:] {
			names = append(names, lowerASCII(n))
		}
		out = append(out, hostsEntry{ip, zone, names})
	}
	return out
}

// MultipathTCP reports whether the dialer is set to use MPTCP (off by
// default, as in Go). minigo always dials plain TCP.
func (d *Dialer) MultipathTCP() bool { return d.mptcp > 0 }

// SetMultipathTCP records the choice MultipathTCP reports.
func (d *Dialer) SetMultipathTCP(use bool) { d.mptcp = mptcpChoice(use) }

func mptcpChoice(use bool) int8 {
	if use {
		return 1
	}
	return -1
}

// DialUnix connects to raddr, honouring ctx.
func (d *Dialer) DialUnix(ctx context.Context, network string, laddr, raddr *UnixAddr) (*UnixConn, error) {
	if err := ctx.Err(); err != nil {
		return nil, &OpError{Op: "dial", Net: network, Source: laddr.opAddr(), Addr: raddr.opAddr(), Err: mapCtxErr(err)}
	}
	return DialUnix(network, laddr, raddr)
}

// A ListenConfig holds options for listening.
type ListenConfig struct {
	// KeepAlive and KeepAliveConfig are accepted; minigo leaves the
	// system's keep-alive settings alone.
	KeepAlive       time.Duration
	KeepAliveConfig KeepAliveConfig

	mptcp int8
}

// MultipathTCP reports whether listeners are set to use MPTCP (on by
// default, as in Go 1.24+). minigo always listens with plain TCP.
func (lc *ListenConfig) MultipathTCP() bool { return lc.mptcp >= 0 }

// SetMultipathTCP records the choice MultipathTCP reports.
func (lc *ListenConfig) SetMultipathTCP(use bool) { lc.mptcp = mptcpChoice(use) }

// Listen is net.Listen.
func (lc *ListenConfig) Listen(ctx context.Context, network, address string) (Listener, error) {
	return Listen(network, address)
}

// ListenPacket is net.ListenPacket.
func (lc *ListenConfig) ListenPacket(ctx context.Context, network, address string) (PacketConn, error) {
	return ListenPacket(network, address)
}

// An MX is a mail exchanger record.
type MX struct {
	Host string
	Pref uint16
}

// An NS is a name server record.
type NS struct {
	Host string
}

// An SRV is a service record.
type SRV struct {
	Target   string
	Port     uint16
	Priority uint16
	Weight   uint16
}

// noDNS is the error of a lookup that needs DNS: minigo has no DNS
// client, so every such name is "not found", as Go says when DNS has no
// answer.
func noDNS(name string) error {
	return &DNSError{Err: "no such host", Name: name, IsNotFound: true}
}

// LookupCNAME is host's canonical name from /etc/hosts (host itself for
// "localhost" or an IP literal); minigo asks no DNS server.
func LookupCNAME(host string) (cname string, err error) {
	return DefaultResolver.LookupCNAME(context.Background(), host)
}

// LookupSRV fails: it needs DNS, which minigo does not have.
func LookupSRV(service, proto, name string) (cname string, addrs []*SRV, err error) {
	return DefaultResolver.LookupSRV(context.Background(), service, proto, name)
}

// LookupMX fails: it needs DNS, which minigo does not have.
func LookupMX(name string) ([]*MX, error) {
	return DefaultResolver.LookupMX(context.Background(), name)
}

// LookupNS fails: it needs DNS, which minigo does not have.
func LookupNS(name string) ([]*NS, error) {
	return DefaultResolver.LookupNS(context.Background(), name)
}

// LookupTXT fails: it needs DNS, which minigo does not have.
func LookupTXT(name string) ([]string, error) {
	return DefaultResolver.LookupTXT(context.Background(), name)
}

// LookupCNAME: see the package-level LookupCNAME.
func (r *Resolver) LookupCNAME(ctx context.Context, host string) (string, error) {
	if _, _, err := lookupHost(host); err != nil {
		return "", err
	}
	// The canonical name is the first name of host's /etc/hosts line.
	name := lowerASCII(host)
	for _, e := range readHosts() {
		for _, n := range e.names {
			if n == name {
				return e.names[0], nil
			}
		}
	}
	return host, nil
}

// LookupSRV: see the package-level LookupSRV.
func (r *Resolver) LookupSRV(ctx context.Context, service, proto, name string) (string, []*SRV, error) {
	target := name
	if service != "" || proto != "" {
		target = "_" + service + "._" + proto + "." + name
	}
	return "", nil, noDNS(target)
}

// LookupMX: see the package-level LookupMX.
func (r *Resolver) LookupMX(ctx context.Context, name string) ([]*MX, error) {
	return nil, noDNS(name)
}

// LookupNS: see the package-level LookupNS.
func (r *Resolver) LookupNS(ctx context.Context, name string) ([]*NS, error) {
	return nil, noDNS(name)
}

// LookupTXT: see the package-level LookupTXT.
func (r *Resolver) LookupTXT(ctx context.Context, name string) ([]string, error) {
	return nil, noDNS(name)
}
