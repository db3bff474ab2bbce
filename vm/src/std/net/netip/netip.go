// Package net/netip as minigo provides it, in Go: IP addresses, address
// and port pairs, and prefixes as small comparable values.
package netip

import (
	"errors"
	"strconv"
)

// family values of Addr.fam.
const (
	famNone = 0
	fam4    = 4
	fam6    = 6
)

// An Addr is an IPv4 or IPv6 address, with an optional IPv6 zone. The
// 128 bits are kept as two halves; an IPv4 address is held in its
// IPv4-mapped IPv6 form (::ffff:a.b.c.d) with fam 4. Addr values compare
// with ==.
type Addr struct {
	hi, lo uint64
	fam    uint8
	zone   string
}

func IPv6LinkLocalAllNodes() Addr   { return Addr{hi: 0xff02 << 48, lo: 1, fam: fam6} }
func IPv6LinkLocalAllRouters() Addr { return Addr{hi: 0xff02 << 48, lo: 2, fam: fam6} }
func IPv6Loopback() Addr            { return Addr{lo: 1, fam: fam6} }
func IPv6Unspecified() Addr         { return Addr{fam: fam6} }
func IPv4Unspecified() Addr         { return AddrFrom4([4]byte{}) }

func AddrFrom4(addr [4]byte) Addr {
	v := uint64(addr[0])<<24 | uint64(addr[1])<<16 | uint64(addr[2])<<8 | uint64(addr[3])
	return Addr{lo: 0xffff00000000 | v, fam: fam4}
}

func netipBE64(b []byte) uint64 {
	var v uint64
	for i := 0; i < 8; i++ {
		v = v<<8 | uint64(b[i])
	}
	return v
}

func netipPut64(b []byte, v uint64) {
	for i := 7; i >= 0; i-- {
		b[i] = byte(v)
		v >>= 8
	}
}

func AddrFrom16(addr [16]byte) Addr {
	return Addr{hi: netipBE64(addr[:8]), lo: netipBE64(addr[8:]), fam: fam6}
}

func AddrFromSlice(slice []byte) (ip Addr, ok bool) {
	switch len(slice) {
	case 4:
		var a [4]byte
		copy(a[:], slice)
		return AddrFrom4(a), true
	case 16:
		var a [16]byte
		copy(a[:], slice)
		return AddrFrom16(a), true
	}
	return Addr{}, false
}

type parseAddrError struct {
	in, msg, at string
}

func (e parseAddrError) Error() string {
	s := "ParseAddr(" + strconv.Quote(e.in) + "): " + e.msg
	if e.at != "" {
		s += " (at " + strconv.Quote(e.at) + ")"
	}
	return s
}

func ParseAddr(s string) (Addr, error) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '.':
			var f [4]byte
			if err := parseV4(s, 0, len(s), f[:]); err != nil {
				return Addr{}, err
			}
			return AddrFrom4(f), nil
		case ':':
			return parseV6(s)
		case '%':
			return Addr{}, parseAddrError{in: s, msg: "missing IPv6 address"}
		}
	}
	return Addr{}, parseAddrError{in: s, msg: "unable to parse IP"}
}

func MustParseAddr(s string) Addr {
	ip, err := ParseAddr(s)
	if err != nil {
		panic(err)
	}
	return ip
}

// parseV4 reads the dotted quad in[from:to] into out's four bytes.
func parseV4(in string, from, to int, out []byte) error {
	s := in[from:to]
	n, val, digits := 0, 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if digits == 1 && val == 0 {
				return parseAddrError{in: in, msg: "IPv4 field has octet with leading zero"}
			}
			val = val*10 + int(c-'0')
			digits++
			if val > 255 {
				return parseAddrError{in: in, msg: "IPv4 field has value >255"}
			}
		case c == '.':
			if i == 0 || i == len(s)-1 || s[i-1] == '.' {
				return parseAddrError{in: in, msg: "IPv4 field must have at least one digit", at: s[i:]}
			}
			if n == 3 {
				return parseAddrError{in: in, msg: "IPv4 address too long"}
			}
			out[n] = byte(val)
			n++
			val, digits = 0, 0
		default:
			return parseAddrError{in: in, msg: "unexpected character", at: s[i:]}
		}
	}
	if n < 3 {
		return parseAddrError{in: in, msg: "IPv4 address too short"}
	}
	out[3] = byte(val)
	return nil
}

func hexVal(c byte) int {
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

func parseV6(in string) (Addr, error) {
	s := in
	zone := ""
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			s, zone = s[:i], s[i+1:]
			if zone == "" {
				return Addr{}, parseAddrError{in: in, msg: "zone must be a non-empty string"}
			}
			break
		}
	}
	var b [16]byte
	gap := -1 // where "::" stands, in bytes
	if len(s) >= 2 && s[0] == ':' && s[1] == ':' {
		gap = 0
		s = s[2:]
		if s == "" {
			return IPv6Unspecified().WithZone(zone), nil
		}
	}
	n := 0
	for n < 16 {
		k, v := 0, 0
		for k < len(s) {
			h := hexVal(s[k])
			if h < 0 {
				break
			}
			v = v<<4 + h
			if k > 3 {
				return Addr{}, parseAddrError{in: in, msg: "each group must have 4 or less digits", at: s}
			}
			if v > 0xffff {
				return Addr{}, parseAddrError{in: in, msg: "IPv6 field has value >=2^16", at: s}
			}
			k++
		}
		if k == 0 {
			return Addr{}, parseAddrError{in: in, msg: "each colon-separated field must have at least one digit", at: s}
		}
		if k < len(s) && s[k] == '.' {
			if gap < 0 && n != 12 {
				return Addr{}, parseAddrError{in: in, msg: "embedded IPv4 address must replace the final 2 fields of the address", at: s}
			}
			if n+4 > 16 {
				return Addr{}, parseAddrError{in: in, msg: "too many hex fields to fit an embedded IPv4 at the end of the address", at: s}
			}
			end := len(in)
			if zone != "" {
				end -= len(zone) + 1
			}
			if err := parseV4(in, end-len(s), end, b[n:n+4]); err != nil {
				return Addr{}, err
			}
			s = ""
			n += 4
			break
		}
		b[n] = byte(v >> 8)
		b[n+1] = byte(v)
		n += 2
		s = s[k:]
		if s == "" {
			break
		}
		if s[0] != ':' {
			return Addr{}, parseAddrError{in: in, msg: "unexpected character, want colon", at: s}
		}
		if len(s) == 1 {
			return Addr{}, parseAddrError{in: in, msg: "colon must be followed by more characters", at: s}
		}
		s = s[1:]
		if s[0] == ':' {
			if gap >= 0 {
				return Addr{}, parseAddrError{in: in, msg: "multiple :: in address", at: s}
			}
			gap = n
			s = s[1:]
			if s == "" {
				break
			}
		}
	}
	if s != "" {
		return Addr{}, parseAddrError{in: in, msg: "trailing garbage after address", at: s}
	}
	if n < 16 {
		if gap < 0 {
			return Addr{}, parseAddrError{in: in, msg: "address string too short"}
		}
		shift := 16 - n
		for j := n - 1; j >= gap; j-- {
			b[j+shift] = b[j]
		}
		for j := gap; j < gap+shift; j++ {
			b[j] = 0
		}
	} else if gap >= 0 {
		return Addr{}, parseAddrError{in: in, msg: "the :: must expand to at least one field of zeros"}
	}
	return AddrFrom16(b).WithZone(zone), nil
}

// byte i (0..15) of the 16-byte form.
func (ip Addr) byteAt(i int) byte {
	if i < 8 {
		return byte(ip.hi >> uint(56-8*i))
	}
	return byte(ip.lo >> uint(56-8*(i-8)))
}

// 16-bit group i (0..7) of the 16-byte form.
func (ip Addr) group(i int) uint16 {
	if i < 4 {
		return uint16(ip.hi >> uint(48-16*i))
	}
	return uint16(ip.lo >> uint(48-16*(i-4)))
}

func (ip Addr) IsValid() bool { return ip.fam != famNone }

func (ip Addr) BitLen() int {
	switch ip.fam {
	case fam4:
		return 32
	case fam6:
		return 128
	}
	return 0
}

func (ip Addr) Zone() string { return ip.zone }

func cmpU64(a, b uint64) int {
	if a < b {
		return -1
	}
	if a > b {
		return 1
	}
	return 0
}

func (ip Addr) Compare(ip2 Addr) int {
	if a, b := ip.BitLen(), ip2.BitLen(); a != b {
		if a < b {
			return -1
		}
		return 1
	}
	if c := cmpU64(ip.hi, ip2.hi); c != 0 {
		return c
	}
	if c := cmpU64(ip.lo, ip2.lo); c != 0 {
		return c
	}
	if ip.Is6() {
		if ip.zone < ip2.zone {
			return -1
		}
		if ip.zone > ip2.zone {
			return 1
		}
	}
	return 0
}

func (ip Addr) Less(ip2 Addr) bool { return ip.Compare(ip2) == -1 }
func (ip Addr) Is4() bool          { return ip.fam == fam4 }
func (ip Addr) Is6() bool          { return ip.fam == fam6 }

func (ip Addr) Is4In6() bool {
	return ip.fam == fam6 && ip.hi == 0 && ip.lo>>32 == 0xffff
}

func (ip Addr) Unmap() Addr {
	if ip.Is4In6() {
		ip.fam = fam4
		ip.zone = ""
	}
	return ip
}

func (ip Addr) WithZone(zone string) Addr {
	if ip.fam != fam6 {
		return ip
	}
	ip.zone = zone
	return ip
}

func (ip Addr) IsLinkLocalUnicast() bool {
	ip = ip.Unmap()
	switch ip.fam {
	case fam4:
		return ip.byteAt(12) == 169 && ip.byteAt(13) == 254
	case fam6:
		return ip.group(0)&0xffc0 == 0xfe80
	}
	return false
}

func (ip Addr) IsLoopback() bool {
	ip = ip.Unmap()
	switch ip.fam {
	case fam4:
		return ip.byteAt(12) == 127
	case fam6:
		return ip.hi == 0 && ip.lo == 1
	}
	return false
}

func (ip Addr) IsMulticast() bool {
	ip = ip.Unmap()
	switch ip.fam {
	case fam4:
		return ip.byteAt(12)&0xf0 == 0xe0
	case fam6:
		return ip.byteAt(0) == 0xff
	}
	return false
}

func (ip Addr) IsInterfaceLocalMulticast() bool {
	return ip.fam == fam6 && !ip.Is4In6() && ip.group(0)&0xff0f == 0xff01
}

func (ip Addr) IsLinkLocalMulticast() bool {
	ip = ip.Unmap()
	switch ip.fam {
	case fam4:
		return ip.byteAt(12) == 224 && ip.byteAt(13) == 0 && ip.byteAt(14) == 0
	case fam6:
		return ip.group(0)&0xff0f == 0xff02
	}
	return false
}

func (ip Addr) IsGlobalUnicast() bool {
	if ip.fam == famNone {
		return false
	}
	ip = ip.Unmap()
	if ip.fam == fam4 && (ip == IPv4Unspecified() || ip == AddrFrom4([4]byte{255, 255, 255, 255})) {
		return false
	}
	return ip != IPv6Unspecified() && !ip.IsLoopback() && !ip.IsMulticast() && !ip.IsLinkLocalUnicast()
}

func (ip Addr) IsPrivate() bool {
	ip = ip.Unmap()
	switch ip.fam {
	case fam4:
		a, b := ip.byteAt(12), ip.byteAt(13)
		return a == 10 || (a == 172 && b&0xf0 == 16) || (a == 192 && b == 168)
	case fam6:
		return ip.byteAt(0)&0xfe == 0xfc
	}
	return false
}

func (ip Addr) IsUnspecified() bool {
	return ip == IPv4Unspecified() || ip == IPv6Unspecified()
}

// maskTop keeps the top n of the 128 bits.
func maskTop(hi, lo uint64, n int) (uint64, uint64) {
	switch {
	case n <= 0:
		return 0, 0
	case n < 64:
		return hi & ^(^uint64(0) >> uint(n)), 0
	case n < 128:
		return hi, lo & ^(^uint64(0) >> uint(n-64))
	}
	return hi, lo
}

func (ip Addr) Prefix(b int) (Prefix, error) {
	if b < 0 {
		return Prefix{}, errors.New("negative Prefix bits")
	}
	eff := b
	switch ip.fam {
	case famNone:
		return Prefix{}, nil
	case fam4:
		if b > 32 {
			return Prefix{}, errors.New("prefix length " + strconv.Itoa(b) + " too large for IPv4")
		}
		eff += 96
	default:
		if b > 128 {
			return Prefix{}, errors.New("prefix length " + strconv.Itoa(b) + " too large for IPv6")
		}
	}
	ip.hi, ip.lo = maskTop(ip.hi, ip.lo, eff)
	return PrefixFrom(ip, b), nil
}

func (ip Addr) As16() (a16 [16]byte) {
	netipPut64(a16[:8], ip.hi)
	netipPut64(a16[8:], ip.lo)
	return a16
}

func (ip Addr) As4() (a4 [4]byte) {
	if ip.fam == fam4 || ip.Is4In6() {
		for i := 0; i < 4; i++ {
			a4[i] = ip.byteAt(12 + i)
		}
		return a4
	}
	if ip.fam == famNone {
		panic("As4 called on IP zero value")
	}
	panic("As4 called on IPv6 address")
}

func (ip Addr) AsSlice() []byte {
	switch ip.fam {
	case fam4:
		a := ip.As4()
		return a[:]
	case fam6:
		a := ip.As16()
		return a[:]
	}
	return nil
}

func (ip Addr) Next() Addr {
	ip.lo++
	if ip.lo == 0 {
		ip.hi++
	}
	if ip.fam == fam4 {
		if uint32(ip.lo) == 0 {
			return Addr{}
		}
	} else if ip.hi == 0 && ip.lo == 0 {
		return Addr{}
	}
	return ip
}

func (ip Addr) Prev() Addr {
	if ip.fam == fam4 {
		if uint32(ip.lo) == 0 {
			return Addr{}
		}
	} else if ip.hi == 0 && ip.lo == 0 {
		return Addr{}
	}
	if ip.lo == 0 {
		ip.hi--
	}
	ip.lo--
	return ip
}

func (ip Addr) String() string {
	if ip.fam == famNone {
		return "invalid IP"
	}
	return string(ip.AppendTo(nil))
}

func (ip Addr) appendV4(b []byte) []byte {
	for i := 12; i < 16; i++ {
		if i > 12 {
			b = append(b, '.')
		}
		b = strconv.AppendUint(b, uint64(ip.byteAt(i)), 10)
	}
	return b
}

func (ip Addr) appendV6(b []byte) []byte {
	if ip.Is4In6() {
		b = append(b, "::ffff:"...)
		b = ip.appendV4(b)
	} else {
		// The longest run of two or more zero groups (the first of equal
		// ones) is written "::".
		best, bestLen := -1, 1
		for i := 0; i < 8; {
			if ip.group(i) != 0 {
				i++
				continue
			}
			j := i
			for j < 8 && ip.group(j) == 0 {
				j++
			}
			if j-i > bestLen {
				best, bestLen = i, j-i
			}
			i = j
		}
		for i := 0; i < 8; i++ {
			if i == best {
				b = append(b, ':', ':')
				i += bestLen - 1
				continue
			}
			if i > 0 && i != best+bestLen {
				b = append(b, ':')
			}
			b = strconv.AppendUint(b, uint64(ip.group(i)), 16)
		}
	}
	if ip.zone != "" {
		b = append(b, '%')
		b = append(b, ip.zone...)
	}
	return b
}

func (ip Addr) AppendTo(b []byte) []byte {
	switch ip.fam {
	case fam4:
		return ip.appendV4(b)
	case fam6:
		return ip.appendV6(b)
	}
	return b
}

func (ip Addr) StringExpanded() string {
	if ip.fam != fam6 {
		return ip.String()
	}
	const hex = "0123456789abcdef"
	b := make([]byte, 0, 40)
	for i := 0; i < 8; i++ {
		if i > 0 {
			b = append(b, ':')
		}
		g := ip.group(i)
		b = append(b, hex[g>>12], hex[g>>8&15], hex[g>>4&15], hex[g&15])
	}
	if ip.zone != "" {
		b = append(b, '%')
		b = append(b, ip.zone...)
	}
	return string(b)
}

func (ip Addr) AppendText(b []byte) ([]byte, error) { return ip.AppendTo(b), nil }

func (ip Addr) MarshalText() ([]byte, error) { return ip.AppendTo([]byte{}), nil }

func (ip *Addr) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*ip = Addr{}
		return nil
	}
	var err error
	*ip, err = ParseAddr(string(text))
	return err
}

func (ip Addr) AppendBinary(b []byte) ([]byte, error) {
	switch ip.fam {
	case fam4:
		a := ip.As4()
		b = append(b, a[:]...)
	case fam6:
		a := ip.As16()
		b = append(b, a[:]...)
		b = append(b, ip.zone...)
	}
	return b, nil
}

func (ip Addr) MarshalBinary() ([]byte, error) { return ip.AppendBinary([]byte{}) }

func (ip *Addr) UnmarshalBinary(b []byte) error {
	n := len(b)
	switch {
	case n == 0:
		*ip = Addr{}
	case n == 4:
		*ip, _ = AddrFromSlice(b)
	case n >= 16:
		a, _ := AddrFromSlice(b[:16])
		*ip = a.WithZone(string(b[16:]))
	default:
		return errors.New("unexpected slice size")
	}
	return nil
}

// An AddrPort is an IP address and a port.
type AddrPort struct {
	ip   Addr
	port uint16
}

func AddrPortFrom(ip Addr, port uint16) AddrPort { return AddrPort{ip: ip, port: port} }
func (p AddrPort) Addr() Addr                    { return p.ip }
func (p AddrPort) Port() uint16                  { return p.port }
func (p AddrPort) IsValid() bool                 { return p.ip.IsValid() }

func ParseAddrPort(s string) (AddrPort, error) {
	i := len(s) - 1
	for i >= 0 && s[i] != ':' {
		i--
	}
	if i < 0 {
		return AddrPort{}, errors.New("not an ip:port")
	}
	host, port := s[:i], s[i+1:]
	if host == "" {
		return AddrPort{}, errors.New("no IP")
	}
	if port == "" {
		return AddrPort{}, errors.New("no port")
	}
	bracketed := false
	if host[0] == '[' {
		if len(host) < 2 || host[len(host)-1] != ']' {
			return AddrPort{}, errors.New("missing ]")
		}
		host = host[1 : len(host)-1]
		bracketed = true
	}
	pn, err := strconv.ParseUint(port, 10, 16)
	if err != nil {
		return AddrPort{}, errors.New("invalid port " + strconv.Quote(port) + " parsing " + strconv.Quote(s))
	}
	ip, err := ParseAddr(host)
	if err != nil {
		return AddrPort{}, err
	}
	if bracketed && ip.Is4() {
		return AddrPort{}, errors.New("invalid ip:port " + strconv.Quote(s) + ", square brackets can only be used with IPv6 addresses")
	}
	if !bracketed && ip.Is6() {
		return AddrPort{}, errors.New("invalid ip:port " + strconv.Quote(s) + ", IPv6 addresses must be surrounded by square brackets")
	}
	return AddrPort{ip: ip, port: uint16(pn)}, nil
}

func MustParseAddrPort(s string) AddrPort {
	p, err := ParseAddrPort(s)
	if err != nil {
		panic(err)
	}
	return p
}

func (p AddrPort) Compare(p2 AddrPort) int {
	if c := p.ip.Compare(p2.ip); c != 0 {
		return c
	}
	return cmpU64(uint64(p.port), uint64(p2.port))
}

func (p AddrPort) String() string {
	if p.ip.fam == famNone {
		return "invalid AddrPort"
	}
	return string(p.AppendTo(nil))
}

func (p AddrPort) AppendTo(b []byte) []byte {
	switch p.ip.fam {
	case famNone:
		return b
	case fam4:
		b = p.ip.appendV4(b)
	default:
		b = append(b, '[')
		b = p.ip.appendV6(b)
		b = append(b, ']')
	}
	b = append(b, ':')
	return strconv.AppendUint(b, uint64(p.port), 10)
}

func (p AddrPort) AppendText(b []byte) ([]byte, error) { return p.AppendTo(b), nil }

func (p AddrPort) MarshalText() ([]byte, error) { return p.AppendTo([]byte{}), nil }

func (p *AddrPort) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*p = AddrPort{}
		return nil
	}
	var err error
	*p, err = ParseAddrPort(string(text))
	return err
}

func (p AddrPort) AppendBinary(b []byte) ([]byte, error) {
	b, _ = p.ip.AppendBinary(b)
	return append(b, byte(p.port), byte(p.port>>8)), nil
}

func (p AddrPort) MarshalBinary() ([]byte, error) { return p.AppendBinary([]byte{}) }

func (p *AddrPort) UnmarshalBinary(b []byte) error {
	if len(b) < 2 {
		return errors.New("unexpected slice size")
	}
	var a Addr
	if err := a.UnmarshalBinary(b[:len(b)-2]); err != nil {
		return err
	}
	*p = AddrPortFrom(a, uint16(b[len(b)-2])|uint16(b[len(b)-1])<<8)
	return nil
}

// A Prefix is an IP network: an address and a number of leading bits.
type Prefix struct {
	ip    Addr
	bits1 uint8 // bits + 1; 0 when invalid
}

func PrefixFrom(ip Addr, bits int) Prefix {
	var b1 uint8
	if ip.fam != famNone && bits >= 0 && bits <= ip.BitLen() {
		b1 = uint8(bits) + 1
	}
	ip.zone = ""
	return Prefix{ip: ip, bits1: b1}
}

func (p Prefix) Addr() Addr       { return p.ip }
func (p Prefix) Bits() int        { return int(p.bits1) - 1 }
func (p Prefix) IsValid() bool    { return p.bits1 > 0 }
func (p Prefix) IsSingleIP() bool { return p.IsValid() && p.Bits() == p.ip.BitLen() }
func (p Prefix) Masked() Prefix   { m, _ := p.ip.Prefix(p.Bits()); return m }
func (p Prefix) isZero() bool     { return p == Prefix{} }

func (p Prefix) Compare(p2 Prefix) int {
	if c := p.Masked().Addr().Compare(p2.Masked().Addr()); c != 0 {
		return c
	}
	if a, b := p.Bits(), p2.Bits(); a != b {
		if a < b {
			return -1
		}
		return 1
	}
	return p.Addr().Compare(p2.Addr())
}

type parsePrefixError struct {
	in, msg string
}

func (e parsePrefixError) Error() string {
	return "netip.ParsePrefix(" + strconv.Quote(e.in) + "): " + e.msg
}

func ParsePrefix(s string) (Prefix, error) {
	i := len(s) - 1
	for i >= 0 && s[i] != '/' {
		i--
	}
	if i < 0 {
		return Prefix{}, parsePrefixError{in: s, msg: "no '/'"}
	}
	ip, err := ParseAddr(s[:i])
	if err != nil {
		return Prefix{}, parsePrefixError{in: s, msg: err.Error()}
	}
	if ip.zone != "" {
		return Prefix{}, parsePrefixError{in: s, msg: "IPv6 zones cannot be present in a prefix"}
	}
	bs := s[i+1:]
	bad := parsePrefixError{in: s, msg: "bad bits after slash: " + strconv.Quote(bs)}
	if len(bs) > 1 && (bs[0] < '1' || bs[0] > '9') {
		return Prefix{}, bad
	}
	bits, err := strconv.Atoi(bs)
	if err != nil {
		return Prefix{}, bad
	}
	if bits < 0 || bits > ip.BitLen() {
		return Prefix{}, parsePrefixError{in: s, msg: "prefix length out of range"}
	}
	return PrefixFrom(ip, bits), nil
}

func MustParsePrefix(s string) Prefix {
	p, err := ParsePrefix(s)
	if err != nil {
		panic(err)
	}
	return p
}

func (p Prefix) Contains(ip Addr) bool {
	if !p.IsValid() || ip.zone != "" {
		return false
	}
	if a, b := p.ip.BitLen(), ip.BitLen(); a == 0 || b == 0 || a != b {
		return false
	}
	n := p.Bits()
	if ip.fam == fam4 {
		n += 96
	}
	h, l := maskTop(ip.hi^p.ip.hi, ip.lo^p.ip.lo, n)
	return h == 0 && l == 0
}

func (p Prefix) Overlaps(o Prefix) bool {
	if !p.IsValid() || !o.IsValid() {
		return false
	}
	if p == o {
		return true
	}
	if p.ip.Is4() != o.ip.Is4() {
		return false
	}
	n := p.Bits()
	if o.Bits() < n {
		n = o.Bits()
	}
	if n == 0 {
		return true
	}
	a, err := p.ip.Prefix(n)
	if err != nil {
		return false
	}
	b, err := o.ip.Prefix(n)
	if err != nil {
		return false
	}
	return a.ip == b.ip
}

func (p Prefix) AppendTo(b []byte) []byte {
	if p.isZero() {
		return b
	}
	if !p.IsValid() {
		return append(b, "invalid Prefix"...)
	}
	b = p.ip.AppendTo(b)
	b = append(b, '/')
	return strconv.AppendInt(b, int64(p.Bits()), 10)
}

func (p Prefix) String() string {
	if !p.IsValid() {
		return "invalid Prefix"
	}
	return string(p.AppendTo(nil))
}

func (p Prefix) AppendText(b []byte) ([]byte, error) { return p.AppendTo(b), nil }

func (p Prefix) MarshalText() ([]byte, error) { return p.AppendTo([]byte{}), nil }

func (p *Prefix) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*p = Prefix{}
		return nil
	}
	var err error
	*p, err = ParsePrefix(string(text))
	return err
}

func (p Prefix) AppendBinary(b []byte) ([]byte, error) {
	a := p.ip
	a.zone = ""
	b, _ = a.AppendBinary(b)
	return append(b, uint8(p.Bits())), nil
}

func (p Prefix) MarshalBinary() ([]byte, error) { return p.AppendBinary([]byte{}) }

func (p *Prefix) UnmarshalBinary(b []byte) error {
	if len(b) < 1 {
		return errors.New("unexpected slice size")
	}
	var a Addr
	if err := a.UnmarshalBinary(b[:len(b)-1]); err != nil {
		return err
	}
	*p = PrefixFrom(a, int(b[len(b)-1]))
	return nil
}
