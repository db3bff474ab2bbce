package main

import (
	"errors"
	"fmt"
	"net"
)

// net.IPMask, net.IPNet and ParseCIDR, with Go's error texts.

func main() {
	for _, c := range [][2]int{{0, 32}, {8, 32}, {20, 32}, {32, 32}, {33, 32}, {-1, 32}, {64, 128}, {127, 128}, {8, 16}} {
		m := net.CIDRMask(c[0], c[1])
		ones, bits := m.Size()
		fmt.Printf("CIDRMask(%d, %d) = %v len=%d size=%d/%d\n", c[0], c[1], m, len(m), ones, bits)
	}
	for _, m := range []net.IPMask{net.IPv4Mask(255, 255, 0, 255), net.IPv4Mask(255, 128, 0, 0), net.IPMask{}, net.IPMask{0xff, 0xff}} {
		ones, bits := m.Size()
		fmt.Printf("mask %v size=%d/%d\n", m, ones, bits)
	}

	for _, s := range []string{
		"192.168.100.14/24", "10.0.0.1/8", "0.0.0.0/0", "1.2.3.4/32", "2001:db8::1/64",
		"::ffff:10.1.2.3/120", "fe80::1/10", "::/0", "1.2.3.4/024",
		// Invalid.
		"1.2.3.4", "1.2.3.4/33", "1.2.3.4/-1", "1.2.3.4/", "1.2.3.4/8x", "::1/129",
		"1.2.3/8", "fe80::1%eth0/64", "x/8", "1.2.3.4/99999999999", "/8",
	} {
		ip, n, err := net.ParseCIDR(s)
		if err != nil {
			var pe *net.ParseError
			fmt.Printf("%-22q error %v (ParseError %v) ip=%v net=%v\n", s, err, errors.As(err, &pe), ip, n)
			continue
		}
		fmt.Printf("%-22q ip=%v (%d bytes) net=%v (ip %d bytes, mask %v) network=%s\n",
			s, ip, len(ip), n, len(n.IP), n.Mask, n.Network())
		for _, t := range []string{"192.168.100.1", "192.168.101.1", "10.255.255.255", "2001:db8::ffff", "2001:db9::", "10.1.2.200", "fe80::9"} {
			if n.Contains(net.ParseIP(t)) {
				fmt.Println("   contains", t)
			}
		}
	}

	// IPNets built by hand.
	nets := []*net.IPNet{
		{IP: net.IPv4(10, 1, 0, 0), Mask: net.CIDRMask(16, 32)},
		{IP: net.IP{10, 1, 0, 0}, Mask: net.CIDRMask(112, 128)},
		{IP: net.IP{10, 1, 0, 0}, Mask: net.IPv4Mask(255, 0, 255, 0)},
		{IP: net.ParseIP("2001:db8::"), Mask: net.CIDRMask(16, 32)},
		{IP: net.IP{1, 2}, Mask: net.CIDRMask(8, 32)},
		{IP: net.IP{1, 2, 3, 4}, Mask: net.IPMask{1}},
		nil,
	}
	for _, n := range nets {
		fmt.Println(n.String())
		if n != nil {
			fmt.Println("  contains 10.1.2.3:", n.Contains(net.IP{10, 1, 2, 3}), n.Contains(net.ParseIP("10.1.2.3")))
		}
	}
	fmt.Println((&net.ParseError{Type: "IP address", Text: "zz"}).Error())
}
