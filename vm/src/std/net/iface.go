package net

// Network interfaces, read from the system (getifaddrs; multicast groups
// from /proc/net/igmp and igmp6).

import (
	"errors"
	"os"
	"strconv"
)

// An Interface is a network interface.
type Interface struct {
	Index        int
	MTU          int
	Name         string
	HardwareAddr HardwareAddr
	Flags        Flags
}

// Flags are an interface's state and capabilities.
type Flags uint

const (
	FlagUp Flags = 1 << iota
	FlagBroadcast
	FlagLoopback
	FlagPointToPoint
	FlagMulticast
	FlagRunning
)

var flagNames = []string{"up", "broadcast", "loopback", "pointtopoint", "multicast", "running"}

func (f Flags) String() string {
	s := ""
	for i, name := range flagNames {
		if f&(1<<uint(i)) != 0 {
			if s != "" {
				s += "|"
			}
			s += name
		}
	}
	if s == "" {
		s = "0"
	}
	return s
}

var (
	errInvalidInterface      = errors.New("invalid network interface")
	errInvalidInterfaceIndex = errors.New("invalid network interface index")
	errInvalidInterfaceName  = errors.New("invalid network interface name")
	errNoSuchInterface       = errors.New("no such network interface")
)

func routeError(err error) error { return &OpError{Op: "route", Net: "ip+net", Err: err} }

func sysInterfaces() []string

type ifaceAddr struct {
	index int
	ip    IP
	ones  int
}

// ifaceTable reads the interfaces and their addresses.
func ifaceTable() ([]Interface, []ifaceAddr) {
	var ifs []Interface
	var addrs []ifaceAddr
	for _, line := range sysInterfaces() {
		f := fields(line)
		switch {
		case len(f) >= 5 && f[0] == "L":
			idx, _ := strconv.Atoi(f[1])
			raw, _ := strconv.ParseUint(f[3], 10, 64)
			mtu, _ := strconv.Atoi(f[4])
			ifi := Interface{Index: idx, Name: f[2], MTU: mtu, Flags: linkFlags(uint(raw))}
			if len(f) >= 6 {
				hw := make(HardwareAddr, len(f[5])/2)
				nonzero := false
				for i := range hw {
					v, _ := strconv.ParseUint(f[5][2*i:2*i+2], 16, 8)
					hw[i] = byte(v)
					if v != 0 {
						nonzero = true
					}
				}
				if nonzero {
					ifi.HardwareAddr = hw
				}
			}
			ifs = append(ifs, ifi)
		case len(f) == 4 && f[0] == "A":
			idx, _ := strconv.Atoi(f[1])
			ones, _ := strconv.Atoi(f[3])
			ip, _, ok := parseAddr(f[2])
			if ok {
				addrs = append(addrs, ifaceAddr{idx, ip, ones})
			}
		}
	}
	return ifs, addrs
}

// linkFlags converts the kernel's IFF_* bits.
func linkFlags(raw uint) Flags {
	var f Flags
	if raw&0x1 != 0 {
		f |= FlagUp
	}
	if raw&0x40 != 0 {
		f |= FlagRunning
	}
	if raw&0x2 != 0 {
		f |= FlagBroadcast
	}
	if raw&0x8 != 0 {
		f |= FlagLoopback
	}
	if raw&0x10 != 0 {
		f |= FlagPointToPoint
	}
	if raw&0x1000 != 0 {
		f |= FlagMulticast
	}
	return f
}

// Interfaces is the system's network interfaces, by index.
func Interfaces() ([]Interface, error) {
	ifs, _ := ifaceTable()
	return ifs, nil
}

// InterfaceByIndex is the interface with the given index.
func InterfaceByIndex(index int) (*Interface, error) {
	if index <= 0 {
		return nil, routeError(errInvalidInterfaceIndex)
	}
	ifs, _ := ifaceTable()
	for i := range ifs {
		if ifs[i].Index == index {
			return &ifs[i], nil
		}
	}
	return nil, routeError(errNoSuchInterface)
}

// InterfaceByName is the interface with the given name.
func InterfaceByName(name string) (*Interface, error) {
	if name == "" {
		return nil, routeError(errInvalidInterfaceName)
	}
	ifs, _ := ifaceTable()
	for i := range ifs {
		if ifs[i].Name == name {
			return &ifs[i], nil
		}
	}
	return nil, routeError(errNoSuchInterface)
}

func ipNetOf(a ifaceAddr) Addr {
	ip := make(IP, IPv6len)
	copy(ip, a.ip.To16())
	bits := 128
	if a.ip.To4() != nil {
		bits = 32
	}
	return &IPNet{IP: ip, Mask: CIDRMask(a.ones, bits)}
}

// InterfaceAddrs is every interface's unicast addresses (*IPNet).
func InterfaceAddrs() ([]Addr, error) {
	_, addrs := ifaceTable()
	out := make([]Addr, 0, len(addrs))
	for _, a := range addrs {
		out = append(out, ipNetOf(a))
	}
	return out, nil
}

// Addrs is the interface's unicast addresses (*IPNet).
func (ifi *Interface) Addrs() ([]Addr, error) {
	if ifi == nil {
		return nil, routeError(errInvalidInterface)
	}
	_, addrs := ifaceTable()
	out := []Addr{}
	for _, a := range addrs {
		if a.index == ifi.Index {
			out = append(out, ipNetOf(a))
		}
	}
	return out, nil
}

// MulticastAddrs is the multicast groups the interface joined (*IPAddr).
func (ifi *Interface) MulticastAddrs() ([]Addr, error) {
	if ifi == nil {
		return nil, routeError(errInvalidInterface)
	}
	var out []Addr
	// /proc/net/igmp: an interface line "idx name : ...", then its group
	// lines, each a hex word in the kernel's (little-endian) order.
	if data, err := os.ReadFile("/proc/net/igmp"); err == nil {
		name := ""
		for i, line := range splitLines(string(data)) {
			f := fields(line)
			if i == 0 || len(f) < 2 {
				continue
			}
			if line[0] != ' ' && line[0] != '\t' {
				name = f[1]
				continue
			}
			if name != ifi.Name || len(f[0]) != 8 {
				continue
			}
			var b [4]byte
			ok := true
			for j := 0; j < 4; j++ {
				v, err := strconv.ParseUint(f[0][2*j:2*j+2], 16, 8)
				if err != nil {
					ok = false
				}
				b[3-j] = byte(v)
			}
			if ok {
				out = append(out, &IPAddr{IP: IPv4(b[0], b[1], b[2], b[3])})
			}
		}
	}
	if data, err := os.ReadFile("/proc/net/igmp6"); err == nil {
		for _, line := range splitLines(string(data)) {
			f := fields(line)
			if len(f) < 3 || f[1] != ifi.Name || len(f[2]) != 32 {
				continue
			}
			ip := make(IP, IPv6len)
			for j := range ip {
				v, _ := strconv.ParseUint(f[2][2*j:2*j+2], 16, 8)
				ip[j] = byte(v)
			}
			out = append(out, &IPAddr{IP: ip})
		}
	}
	return out, nil
}
