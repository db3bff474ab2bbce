// IP addresses, masks and networks, with Go's parsing (the strict rules of
// net/netip: no leading zeros in IPv4 fields, no zones in ParseIP) and
// Go's text forms (RFC 5952 for IPv6, IPv4-mapped addresses as IPv4).
package net

// Lengths of IP addresses in bytes.
const (
	IPv4len = 4
	IPv6len = 16
)

// An IP is a 4- or 16-byte IP address; ParseIP and IPv4 give 16 bytes.
type IP []byte

// An IPMask is a mask of 4 or 16 bytes.
type IPMask []byte

// An IPNet is an IP network: an address and its mask.
type IPNet struct {
	IP   IP
	Mask IPMask
}

// v4InV6Prefix is the first 12 bytes of an IPv4-mapped IPv6 address.
var v4InV6Prefix = []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff}

// Well-known IPv4 addresses.
var (
	IPv4bcast     = IPv4(255, 255, 255, 255)
	IPv4allsys    = IPv4(224, 0, 0, 1)
	IPv4allrouter = IPv4(224, 0, 0, 2)
	IPv4zero      = IPv4(0, 0, 0, 0)
)

// Well-known IPv6 addresses.
var (
	IPv6zero                   = IP{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	IPv6unspecified            = IP{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	IPv6loopback               = IP{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}
	IPv6interfacelocalallnodes = IP{0xff, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01}
	IPv6linklocalallnodes      = IP{0xff, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01}
	IPv6linklocalallrouters    = IP{0xff, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02}
)

// IPv4 is the 16-byte (IPv4-mapped) form of a.b.c.d.
func IPv4(a, b, c, d byte) IP {
	p := make(IP, IPv6len)
	copy(p, v4InV6Prefix)
	p[12], p[13], p[14], p[15] = a, b, c, d
	return p
}

// IPv4Mask is the 4-byte mask a.b.c.d.
func IPv4Mask(a, b, c, d byte) IPMask {
	return IPMask{a, b, c, d}
}

// CIDRMask is the mask of ones leading 1 bits in a mask of bits bits
// (32 or 128), or nil.
func CIDRMask(ones, bits int) IPMask {
	if bits != 8*IPv4len && bits != 8*IPv6len {
		return nil
	}
	if ones < 0 || ones > bits {
		return nil
	}
	m := make(IPMask, bits/8)
	for i := range m {
		switch {
		case ones >= 8:
			m[i] = 0xff
			ones -= 8
		case ones > 0:
			m[i] = ^byte(0xff >> uint(ones))
			ones = 0
		}
	}
	return m
}

func bytesEqual(a, b []byte) bool { return string(a) == string(b) }

func allBytes(b []byte, v byte) bool {
	for _, c := range b {
		if c != v {
			return false
		}
	}
	return true
}

// To4 is ip as 4 bytes, or nil when it is not an IPv4 address.
func (ip IP) To4() IP {
	if len(ip) == IPv4len {
		return ip
	}
	if len(ip) == IPv6len && bytesEqual(ip[:12], v4InV6Prefix) {
		return ip[12:16]
	}
	return nil
}

// To16 is ip as 16 bytes, or nil when its length is wrong.
func (ip IP) To16() IP {
	switch len(ip) {
	case IPv4len:
		return IPv4(ip[0], ip[1], ip[2], ip[3])
	case IPv6len:
		return ip
	}
	return nil
}

// Equal reports whether ip and x are the same address; an IPv4 address
// equals its 16-byte form.
func (ip IP) Equal(x IP) bool {
	if len(ip) == len(x) {
		return bytesEqual(ip, x)
	}
	if len(ip) == IPv4len && len(x) == IPv6len {
		return bytesEqual(x[:12], v4InV6Prefix) && bytesEqual(ip, x[12:])
	}
	if len(ip) == IPv6len && len(x) == IPv4len {
		return bytesEqual(ip[:12], v4InV6Prefix) && bytesEqual(ip[12:], x)
	}
	return false
}

func (ip IP) IsUnspecified() bool {
	return ip.Equal(IPv4zero) || ip.Equal(IPv6unspecified)
}

func (ip IP) IsLoopback() bool {
	if ip4 := ip.To4(); ip4 != nil {
		return ip4[0] == 127
	}
	return ip.Equal(IPv6loopback)
}

// IsPrivate reports RFC 1918 (IPv4) and RFC 4193 (IPv6) addresses.
func (ip IP) IsPrivate() bool {
	if ip4 := ip.To4(); ip4 != nil {
		return ip4[0] == 10 ||
			(ip4[0] == 172 && ip4[1]&0xf0 == 16) ||
			(ip4[0] == 192 && ip4[1] == 168)
	}
	return len(ip) == IPv6len && ip[0]&0xfe == 0xfc
}

func (ip IP) IsMulticast() bool {
	if ip4 := ip.To4(); ip4 != nil {
		return ip4[0]&0xf0 == 0xe0
	}
	return len(ip) == IPv6len && ip[0] == 0xff
}

func (ip IP) IsInterfaceLocalMulticast() bool {
	return len(ip) == IPv6len && ip[0] == 0xff && ip[1]&0x0f == 0x01
}

func (ip IP) IsLinkLocalMulticast() bool {
	if ip4 := ip.To4(); ip4 != nil {
		return ip4[0] == 224 && ip4[1] == 0 && ip4[2] == 0
	}
	return len(ip) == IPv6len && ip[0] == 0xff && ip[1]&0x0f == 0x02
}

func (ip IP) IsLinkLocalUnicast() bool {
	if ip4 := ip.To4(); ip4 != nil {
		return ip4[0] == 169 && ip4[1] == 254
	}
	return len(ip) == IPv6len && ip[0] == 0xfe && ip[1]&0xc0 == 0x80
}

func (ip IP) IsGlobalUnicast() bool {
	return (len(ip) == IPv4len || len(ip) == IPv6len) &&
		!ip.Equal(IPv4bcast) &&
		!ip.IsUnspecified() &&
		!ip.IsLoopback() &&
		!ip.IsMulticast() &&
		!ip.IsLinkLocalUnicast()
}

// DefaultMask is the classful mask of an IPv4 address, nil for others.
func (ip IP) DefaultMask() IPMask {
	ip = ip.To4()
	switch {
	case ip == nil:
		return nil
	case ip[0] < 0x80:
		return IPv4Mask(0xff, 0, 0, 0)
	case ip[0] < 0xc0:
		return IPv4Mask(0xff, 0xff, 0, 0)
	}
	return IPv4Mask(0xff, 0xff, 0xff, 0)
}

// Mask is ip masked by mask, or nil when their lengths do not fit.
func (ip IP) Mask(mask IPMask) IP {
	if len(mask) == IPv6len && len(ip) == IPv4len && allBytes(mask[:12], 0xff) {
		mask = mask[12:]
	}
	if len(mask) == IPv4len && len(ip) == IPv6len && bytesEqual(ip[:12], v4InV6Prefix) {
		ip = ip[12:]
	}
	if len(ip) != len(mask) {
		return nil
	}
	out := make(IP, len(ip))
	for i := range ip {
		out[i] = ip[i] & mask[i]
	}
	return out
}

const hexDigits = "0123456789abcdef"

func hexString(b []byte) string {
	s := make([]byte, 0, 2*len(b))
	for _, c := range b {
		s = append(s, hexDigits[c>>4], hexDigits[c&0xf])
	}
	return string(s)
}

func appendDecimal(b []byte, v int) []byte {
	if v >= 10 {
		b = appendDecimal(b, v/10)
	}
	return append(b, byte('0'+v%10))
}

func appendHex16(b []byte, v int) []byte {
	if v >= 16 {
		b = appendHex16(b, v>>4)
	}
	return append(b, hexDigits[v&0xf])
}

// String is "<nil>" for an empty IP, dotted decimal for IPv4 (and
// IPv4-mapped) addresses, RFC 5952 text for IPv6, and "?" with the bytes
// in hex for any other length.
func (ip IP) String() string {
	if len(ip) == 0 {
		return "<nil>"
	}
	if len(ip) != IPv4len && len(ip) != IPv6len {
		return "?" + hexString(ip)
	}
	var b []byte
	if p4 := ip.To4(); p4 != nil {
		for i, c := range p4 {
			if i > 0 {
				b = append(b, '.')
			}
			b = appendDecimal(b, int(c))
		}
		return string(b)
	}
	// The longest run of two or more zero groups (the first of equals)
	// becomes "::".
	zeroStart, zeroEnd := -1, -1
	for i := 0; i < 8; i++ {
		j := i
		for j < 8 && ip[2*j] == 0 && ip[2*j+1] == 0 {
			j++
		}
		if j-i >= 2 && j-i > zeroEnd-zeroStart {
			zeroStart, zeroEnd = i, j
		}
	}
	for i := 0; i < 8; i++ {
		if i == zeroStart {
			b = append(b, ':', ':')
			i = zeroEnd
			if i >= 8 {
				break
			}
		} else if i > 0 {
			b = append(b, ':')
		}
		b = appendHex16(b, int(ip[2*i])<<8|int(ip[2*i+1]))
	}
	return string(b)
}

// AppendText appends ip's MarshalText form to b.
func (ip IP) AppendText(b []byte) ([]byte, error) {
	if len(ip) == 0 {
		return b, nil
	}
	if len(ip) != IPv4len && len(ip) != IPv6len {
		return b, &AddrError{Err: "invalid IP address", Addr: hexString(ip)}
	}
	return append(b, ip.String()...), nil
}

// MarshalText is ip's String, empty for an empty IP.
func (ip IP) MarshalText() ([]byte, error) {
	return ip.AppendText(nil)
}

// UnmarshalText parses text as ParseIP does; empty text gives nil.
func (ip *IP) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*ip = nil
		return nil
	}
	s := string(text)
	x := ParseIP(s)
	if x == nil {
		return &ParseError{Type: "IP address", Text: s}
	}
	*ip = x
	return nil
}

// A ParseError is a text that is not a valid address of its Type.
type ParseError struct {
	Type string
	Text string
}

func (e *ParseError) Error() string { return "invalid " + e.Type + ": " + e.Text }

func (e *ParseError) Timeout() bool   { return false }
func (e *ParseError) Temporary() bool { return false }

// ParseIP parses an IPv4 ("192.0.2.1") or IPv6 ("2001:db8::1",
// "::ffff:192.0.2.1") address into 16 bytes, or gives nil.
func ParseIP(s string) IP {
	ip, zone, ok := parseAddr(s)
	if !ok || zone != "" {
		return nil
	}
	return ip
}

// parseAddr parses s as netip.ParseAddr does: 16 bytes and a zone.
func parseAddr(s string) (IP, string, bool) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '.':
			ip := make(IP, IPv6len)
			copy(ip, v4InV6Prefix)
			return ip, "", parseIPv4(s, ip[12:])
		case ':':
			return parseIPv6(s)
		case '%':
			return nil, "", false
		}
	}
	return nil, "", false
}

// parseIPv4 parses exactly four decimal fields, 0 to 255 without
// leading zeros, into out.
func parseIPv4(s string, out []byte) bool {
	val, pos, digits := 0, 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if digits == 1 && val == 0 {
				return false
			}
			val = val*10 + int(c-'0')
			digits++
			if val > 255 {
				return false
			}
		case c == '.':
			if i == 0 || i == len(s)-1 || s[i-1] == '.' || pos == 3 {
				return false
			}
			out[pos] = byte(val)
			pos++
			val, digits = 0, 0
		default:
			return false
		}
	}
	if pos < 3 {
		return false
	}
	out[3] = byte(val)
	return true
}

func hexValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// parseIPv6 parses groups of 1 to 4 hex digits with at most one "::"
// and an optional trailing IPv4 address, and a "%zone" suffix.
func parseIPv6(in string) (IP, string, bool) {
	s, zone := in, ""
	if i := indexByte(s, '%'); i >= 0 {
		s, zone = s[:i], s[i+1:]
		if zone == "" {
			return nil, "", false
		}
	}
	ip := make(IP, IPv6len)
	ellipsis := -1
	if len(s) >= 2 && s[0] == ':' && s[1] == ':' {
		ellipsis = 0
		s = s[2:]
		if len(s) == 0 {
			return ip, zone, true
		}
	}
	i := 0
	for i < IPv6len {
		off, acc := 0, 0
		for ; off < len(s); off++ {
			d := hexValue(s[off])
			if d < 0 {
				break
			}
			if off > 3 {
				return nil, "", false
			}
			acc = acc<<4 + d
		}
		if off == 0 {
			return nil, "", false
		}
		if off < len(s) && s[off] == '.' {
			if (ellipsis < 0 && i != 12) || i+4 > IPv6len {
				return nil, "", false
			}
			if !parseIPv4(s, ip[i:i+4]) {
				return nil, "", false
			}
			s = ""
			i += 4
			break
		}
		ip[i], ip[i+1] = byte(acc>>8), byte(acc)
		i += 2
		s = s[off:]
		if len(s) == 0 {
			break
		}
		if s[0] != ':' || len(s) == 1 {
			return nil, "", false
		}
		s = s[1:]
		if s[0] == ':' {
			if ellipsis >= 0 {
				return nil, "", false
			}
			ellipsis = i
			s = s[1:]
			if len(s) == 0 {
				break
			}
		}
	}
	if len(s) != 0 {
		return nil, "", false
	}
	if i < IPv6len {
		if ellipsis < 0 {
			return nil, "", false
		}
		n := IPv6len - i
		for j := i - 1; j >= ellipsis; j-- {
			ip[j+n] = ip[j]
		}
		for j := ellipsis; j < ellipsis+n; j++ {
			ip[j] = 0
		}
	} else if ellipsis >= 0 {
		return nil, "", false
	}
	return ip, zone, true
}

// maskLength is the number of leading ones of a canonical mask (ones
// then zeros), or -1.
func maskLength(m IPMask) int {
	n := 0
	for i, v := range m {
		if v == 0xff {
			n += 8
			continue
		}
		for v&0x80 != 0 {
			n++
			v <<= 1
		}
		if v != 0 || !allBytes(m[i+1:], 0) {
			return -1
		}
		break
	}
	return n
}

// Size is the mask's leading ones and total bits, or 0, 0 when the mask
// is not ones followed by zeros.
func (m IPMask) Size() (ones, bits int) {
	ones, bits = maskLength(m), len(m)*8
	if ones == -1 {
		return 0, 0
	}
	return ones, bits
}

// String is the mask in hex, "<nil>" when empty.
func (m IPMask) String() string {
	if len(m) == 0 {
		return "<nil>"
	}
	return hexString(m)
}

// networkAndMask is n's address and mask at the same length (4 bytes for
// IPv4), or nil, nil when they do not fit.
func networkAndMask(n *IPNet) (ip IP, m IPMask) {
	if ip = n.IP.To4(); ip == nil {
		ip = n.IP
		if len(ip) != IPv6len {
			return nil, nil
		}
	}
	m = n.Mask
	switch len(m) {
	case IPv4len:
		if len(ip) != IPv4len {
			return nil, nil
		}
	case IPv6len:
		if len(ip) == IPv4len {
			m = m[12:]
		}
	default:
		return nil, nil
	}
	return ip, m
}

// Contains reports whether ip is in the network.
func (n *IPNet) Contains(ip IP) bool {
	nn, m := networkAndMask(n)
	if x := ip.To4(); x != nil {
		ip = x
	}
	if len(ip) != len(nn) {
		return false
	}
	for i := range ip {
		if nn[i]&m[i] != ip[i]&m[i] {
			return false
		}
	}
	return true
}

// Network is "ip+net".
func (n *IPNet) Network() string { return "ip+net" }

// String is "address/prefix length", or "address/hex mask" for a mask
// that is not canonical.
func (n *IPNet) String() string {
	if n == nil {
		return "<nil>"
	}
	nn, m := networkAndMask(n)
	if nn == nil || m == nil {
		return "<nil>"
	}
	l := maskLength(m)
	if l == -1 {
		return nn.String() + "/" + m.String()
	}
	return nn.String() + "/" + string(appendDecimal(nil, l))
}

// ParseCIDR parses "address/prefix length" into the address and its
// network (the address masked).
func ParseCIDR(s string) (IP, *IPNet, error) {
	i := indexByte(s, '/')
	if i < 0 {
		return nil, nil, &ParseError{Type: "CIDR address", Text: s}
	}
	addr, mask := s[:i], s[i+1:]
	ip, zone, ok := parseAddr(addr)
	if !ok || zone != "" {
		return nil, nil, &ParseError{Type: "CIDR address", Text: s}
	}
	bits := 8 * IPv6len
	if indexByte(addr, ':') < 0 {
		bits = 8 * IPv4len
	}
	n, j, ok := decimal(mask)
	if !ok || j != len(mask) || n < 0 || n > bits {
		return nil, nil, &ParseError{Type: "CIDR address", Text: s}
	}
	m := CIDRMask(n, bits)
	return ip, &IPNet{IP: ip.Mask(m), Mask: m}, nil
}

// decimal parses the leading decimal digits of s: the value (capped),
// how many bytes it read, and whether it read any without overflow.
func decimal(s string) (n, i int, ok bool) {
	const big = 0xFFFFFF
	for i = 0; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
		n = n*10 + int(s[i]-'0')
		if n >= big {
			return big, i, false
		}
	}
	if i == 0 {
		return 0, 0, false
	}
	return n, i, true
}

// A HardwareAddr is a physical (MAC) address.
type HardwareAddr []byte

// String is the bytes in hex separated by colons.
func (a HardwareAddr) String() string {
	var b []byte
	for i, c := range a {
		if i > 0 {
			b = append(b, ':')
		}
		b = append(b, hexDigits[c>>4], hexDigits[c&0xf])
	}
	return string(b)
}

// ParseMAC parses an EUI-48, EUI-64 or 20-byte InfiniBand address written
// as hex pairs separated by ':' or '-', as dot-separated groups of four,
// or as hex pairs with nothing between them.
func ParseMAC(s string) (HardwareAddr, error) {
	fail := &AddrError{Err: "invalid MAC address", Addr: s}
	if len(s) < 12 {
		return nil, fail
	}
	var hw HardwareAddr
	switch {
	case s[2] == ':' || s[2] == '-':
		if (len(s)+1)%3 != 0 {
			return nil, fail
		}
		n := (len(s) + 1) / 3
		if n != 6 && n != 8 && n != 20 {
			return nil, fail
		}
		hw = make(HardwareAddr, n)
		for i, x := 0, 0; i < n; i, x = i+1, x+3 {
			b, ok := hexPair(s[x:], s[2])
			if !ok {
				return nil, fail
			}
			hw[i] = b
		}
	case s[4] == '.':
		if (len(s)+1)%5 != 0 {
			return nil, fail
		}
		n := 2 * (len(s) + 1) / 5
		if n != 6 && n != 8 && n != 20 {
			return nil, fail
		}
		hw = make(HardwareAddr, n)
		for i, x := 0, 0; i < n; i, x = i+2, x+5 {
			hi, ok1 := hexPair(s[x:x+2], 0)
			lo, ok2 := hexPair(s[x+2:], s[4])
			if !ok1 || !ok2 {
				return nil, fail
			}
			hw[i], hw[i+1] = hi, lo
		}
	default:
		n := len(s) / 2
		if len(s)%2 != 0 || (n != 6 && n != 8 && n != 20) {
			return nil, fail
		}
		hw = make(HardwareAddr, n)
		for i := range hw {
			b, ok := hexPair(s[2*i:2*i+2], 0)
			if !ok {
				return nil, fail
			}
			hw[i] = b
		}
	}
	return hw, nil
}

// hexPair parses the two hex digits that start s, which must end there or
// continue with sep.
func hexPair(s string, sep byte) (byte, bool) {
	if len(s) > 2 && s[2] != sep {
		return 0, false
	}
	if len(s) < 2 {
		return 0, false
	}
	hi, lo := hexValue(s[0]), hexValue(s[1])
	if hi < 0 || lo < 0 {
		return 0, false
	}
	return byte(hi<<4 | lo), true
}
