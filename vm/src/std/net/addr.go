// Socket addresses and their resolution. minigo has no DNS resolver: a
// host is an IP literal, empty, a name of /etc/hosts, or "localhost"
// (127.0.0.1); any other name fails with "lookup NAME: no such host". Ports
// are numbers or service names from /etc/services and Go's own table.
package net

import (
	"os"
	"strconv"
	"sync"
)

// An IPAddr is an IP address with an IPv6 zone.
type IPAddr struct {
	IP   IP
	Zone string
}

func (a *IPAddr) Network() string { return "ip" }

func (a *IPAddr) String() string {
	if a == nil {
		return "<nil>"
	}
	return hostZone(a.IP, a.Zone)
}

// A TCPAddr is the address of a TCP end point.
type TCPAddr struct {
	IP   IP
	Port int
	Zone string
}

func (a *TCPAddr) Network() string { return "tcp" }

// String is JoinHostPort of the IP (with "%zone") and the port.
func (a *TCPAddr) String() string {
	if a == nil {
		return "<nil>"
	}
	return ipPortString(a.IP, a.Zone, a.Port)
}

// A UDPAddr is the address of a UDP end point.
type UDPAddr struct {
	IP   IP
	Port int
	Zone string
}

func (a *UDPAddr) Network() string { return "udp" }

func (a *UDPAddr) String() string {
	if a == nil {
		return "<nil>"
	}
	return ipPortString(a.IP, a.Zone, a.Port)
}

// ipPortString is "ip:port", "[ip%zone]:port", or ":port" for no IP.
func ipPortString(ip IP, zone string, port int) string {
	return JoinHostPort(hostZone(ip, zone), strconv.Itoa(port))
}

// hostZone is ip's text ("" when empty) with "%zone" when there is one.
func hostZone(ip IP, zone string) string {
	s := ""
	if len(ip) > 0 {
		s = ip.String()
	}
	if zone != "" {
		s += "%" + zone
	}
	return s
}

// UnknownNetworkError is a network name that is not known.
type UnknownNetworkError string

func (e UnknownNetworkError) Error() string   { return "unknown network " + string(e) }
func (e UnknownNetworkError) Timeout() bool   { return false }
func (e UnknownNetworkError) Temporary() bool { return false }

// A DNSError is a failed name or service lookup.
type DNSError struct {
	UnwrapErr   error
	Err         string
	Name        string
	Server      string
	IsTimeout   bool
	IsTemporary bool
	IsNotFound  bool
}

func (e *DNSError) Error() string {
	if e == nil {
		return "<nil>"
	}
	s := "lookup " + e.Name
	if e.Server != "" {
		s += " on " + e.Server
	}
	return s + ": " + e.Err
}

func (e *DNSError) Unwrap() error   { return e.UnwrapErr }
func (e *DNSError) Timeout() bool   { return e.IsTimeout }
func (e *DNSError) Temporary() bool { return e.IsTimeout || e.IsTemporary }

// ResolveTCPAddr resolves "host:port" for network "tcp", "tcp4" or
// "tcp6" ("" means "tcp").
func ResolveTCPAddr(network, address string) (*TCPAddr, error) {
	ip, port, zone, err := resolveFor("tcp", network, address)
	if err != nil {
		return nil, err
	}
	return &TCPAddr{IP: ip, Port: port, Zone: zone}, nil
}

// ResolveUDPAddr resolves "host:port" for network "udp", "udp4" or
// "udp6" ("" means "udp").
func ResolveUDPAddr(network, address string) (*UDPAddr, error) {
	ip, port, zone, err := resolveFor("udp", network, address)
	if err != nil {
		return nil, err
	}
	return &UDPAddr{IP: ip, Port: port, Zone: zone}, nil
}

// resolveFor resolves address on network, which must be proto, proto
// with "4" or "6", or "" (proto).
func resolveFor(proto, network, address string) (IP, int, string, error) {
	switch network {
	case proto, proto + "4", proto + "6":
	case "":
		network = proto
	default:
		return nil, 0, "", UnknownNetworkError(network)
	}
	return resolve(network, address)
}

// resolve splits address and looks up its host and port for network, and
// picks the address the network wants: IPv4 for "...4", IPv6 for "...6",
// otherwise the first IPv4 one unless the host was bracketed.
func resolve(network, address string) (IP, int, string, error) {
	if address == "" {
		return nil, 0, "", nil
	}
	host, service, err := SplitHostPort(address)
	if err != nil {
		return nil, 0, "", err
	}
	port, err := LookupPort(network, service)
	if err != nil {
		return nil, 0, "", err
	}
	if host == "" {
		return nil, port, "", nil
	}
	ips, zones, err := lookupHost(host)
	if err != nil {
		return nil, 0, "", err
	}
	want := -1
	for i, ip := range ips {
		is4 := ip.To4() != nil
		switch network[len(network)-1] {
		case '4':
			if !is4 {
				continue
			}
		case '6':
			if is4 || len(ip) != IPv6len {
				continue
			}
		default:
			if is4 == (indexByte(address, '[') >= 0) {
				if want < 0 {
					want = i
				}
				continue
			}
		}
		want = i
		break
	}
	if want < 0 {
		if network[len(network)-1] == '4' || network[len(network)-1] == '6' {
			return nil, 0, "", &AddrError{Err: "no suitable address found", Addr: host}
		}
		want = 0
	}
	return ips[want], port, zones[want], nil
}

// lookupHost is host's addresses (16 bytes each) and zones: an IP literal,
// a name of /etc/hosts, or "localhost". There is no DNS client.
func lookupHost(host string) ([]IP, []string, error) {
	if ip, zone, ok := parseAddr(host); ok {
		return []IP{ip}, []string{zone}, nil
	}
	name := lowerASCII(host)
	if len(name) > 1 && name[len(name)-1] == '.' {
		name = name[:len(name)-1]
	}
	var ips []IP
	var zones []string
	for _, e := range readHosts() {
		for _, n := range e.names {
			if n == name || len(n) > 1 && n[len(n)-1] == '.' && n[:len(n)-1] == name {
				ips = append(ips, e.ip)
				zones = append(zones, e.zone)
				break
			}
		}
	}
	if len(ips) > 0 {
		return ips, zones, nil
	}
	if name == "localhost" {
		return []IP{IPv4(127, 0, 0, 1)}, []string{""}, nil
	}
	return nil, nil, &DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// LookupPort is the port of service ("80", "http") on network.
func LookupPort(network, service string) (port int, err error) {
	port, isName := parsePort(service)
	if isName {
		switch network {
		case "":
			network = "ip"
		case "tcp", "tcp4", "tcp6", "udp", "udp4", "udp6", "ip":
		default:
			return 0, &AddrError{Err: "unknown network", Addr: network}
		}
		if port, err = lookupService(network, service); err != nil {
			return 0, err
		}
	}
	if port < 0 || port > 65535 {
		return 0, &AddrError{Err: "invalid port", Addr: service}
	}
	return port, nil
}

// parsePort parses a decimal port with an optional sign, or reports a
// service name. Like Go it counts in uint32 and gives up (too large) once
// past 1<<30, so an overflowing multiplication wraps.
func parsePort(service string) (port int, isName bool) {
	if service == "" {
		return 0, false
	}
	const cutoff, max = 1 << 30, 1<<32 - 1
	neg := false
	switch service[0] {
	case '+':
		service = service[1:]
	case '-':
		neg = true
		service = service[1:]
	}
	n := 0
	for i := 0; i < len(service); i++ {
		c := service[i]
		if c < '0' || c > '9' {
			return 0, true
		}
		if n >= cutoff {
			n = max
			break
		}
		n = (n * 10) & max
		n += int(c - '0')
		if n > max {
			n = max
			break
		}
	}
	switch {
	case !neg && n >= cutoff:
		n = cutoff - 1
	case neg && n > cutoff:
		n = cutoff
	}
	if neg {
		n = -n
	}
	return n, false
}

var (
	servicesOnce sync.Once
	// services maps "tcp"/"udp" to service names and their ports: a few
	// well-known ones, then what /etc/services says.
	services = map[string]map[string]int{
		"udp": {"domain": 53},
		"tcp": {
			"ftp": 21, "ftps": 990, "gopher": 70, "http": 80, "https": 443,
			"imap2": 143, "imap3": 220, "imaps": 993, "pop3": 110, "pop3s": 995,
			"smtp": 25, "submissions": 465, "ssh": 22, "telnet": 23,
		},
	}
)

// readServices adds /etc/services' entries ("name port/proto aliases").
func readServices() {
	data, err := os.ReadFile("/etc/services")
	if err != nil {
		return
	}
	for _, line := range splitLines(string(data)) {
		if i := indexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := fields(line)
		if len(f) < 2 {
			continue
		}
		port, j, ok := decimal(f[1])
		if !ok || port <= 0 || j >= len(f[1]) || f[1][j] != '/' {
			continue
		}
		proto := f[1][j+1:]
		m := services[proto]
		if m == nil {
			m = map[string]int{}
			services[proto] = m
		}
		for i, name := range f {
			if i != 1 {
				m[name] = port
			}
		}
	}
}

func splitLines(s string) []string {
	var lines []string
	for len(s) > 0 {
		i := indexByte(s, '\n')
		if i < 0 {
			return append(lines, s)
		}
		lines = append(lines, s[:i])
		s = s[i+1:]
	}
	return lines
}

func fields(s string) []string {
	var f []string
	start := -1
	for i := 0; i <= len(s); i++ {
		space := i == len(s) || s[i] == ' ' || s[i] == '\t' || s[i] == '\r'
		if space && start >= 0 {
			f = append(f, s[start:i])
			start = -1
		} else if !space && start < 0 {
			start = i
		}
	}
	return f
}

// lookupService is the port of a service name; "ip" tries TCP, then UDP.
func lookupService(network, service string) (int, error) {
	servicesOnce.Do(readServices)
	proto := network
	switch network {
	case "tcp4", "tcp6":
		proto = "tcp"
	case "udp4", "udp6":
		proto = "udp"
	}
	name := lowerASCII(service)
	for _, p := range []string{"tcp", "udp"} {
		if proto == p || proto == "ip" {
			if port, ok := services[p][name]; ok {
				return port, nil
			}
		}
	}
	return 0, &DNSError{Err: "unknown port", Name: proto + "/" + service, IsNotFound: true}
}

// sysTCPAddr is the *TCPAddr of an address a native gave ("1.2.3.4:80",
// "[::1]:80"): 4 bytes for IPv4, as Go fills it from a sockaddr.
func sysTCPAddr(s string) *TCPAddr {
	host, port, err := SplitHostPort(s)
	if err != nil {
		return &TCPAddr{}
	}
	a := &TCPAddr{}
	if ip, zone, ok := parseAddr(host); ok {
		if ip4 := ip.To4(); ip4 != nil && indexByte(host, ':') < 0 {
			ip = ip4
		}
		a.IP, a.Zone = ip, zone
	}
	a.Port, _ = strconv.Atoi(port)
	return a
}
