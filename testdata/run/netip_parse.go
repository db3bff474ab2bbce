package main

import (
	"fmt"
	"net/netip"
)

func main() {
	inputs := []string{
		"192.0.2.1", "0.0.0.0", "255.255.255.255", "1.2.3", "1.2.3.4.5", "01.2.3.4",
		"256.1.1.1", "1..2.3", ".1.2.3", "1.2.3.", "1.2.3.x", "",
		"::", "::1", "2001:db8::68", "2001:0db8:0000:0000:0000:0000:0000:0068",
		"fe80::1cc0:3e8c:119f:c2e1%ens18", "fe80::1%", "%eth0", "::ffff:192.0.2.1",
		"::ffff:c000:0201", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7",
		"1::2::3", "12345::", "1:2:3:4:5:6:7::", "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:1.2.3.4",
		"::1.2.3.4", "1:2:3:4:5:6:7:1.2.3.4", ":1", "1:", "1:2:3:4:5:6:7:8%zone",
		"fffff::", "g::", "1::%x", "0:0:0:0:0:0:0:0", "1:0:0:2:0:0:0:3", "1:0:0:2:0:0:3:4",
		"2001:db8:0:0:1:0:0:1", "a:b:c:d:e:f:0:0", "0:0:a:b:c:d:e:f", "1:2:3:4:5:6:7:0",
		"::ffff:1.2.3.4%eth0", "abc", "1.2.3.4%x", "::ffff:1.2.3.04",
	}
	for _, s := range inputs {
		ip, err := netip.ParseAddr(s)
		if err != nil {
			fmt.Printf("%q: error: %v\n", s, err)
			continue
		}
		fmt.Printf("%q: %v exp=%s 4=%v 6=%v 4in6=%v bits=%d zone=%q unmap=%v\n", s, ip, ip.StringExpanded(),
			ip.Is4(), ip.Is6(), ip.Is4In6(), ip.BitLen(), ip.Zone(), ip.Unmap())
	}
	var z netip.Addr
	fmt.Println(z, z.IsValid(), z.BitLen(), z.String(), z.StringExpanded(), z.AsSlice() == nil)
	fmt.Println(netip.IPv4Unspecified(), netip.IPv6Unspecified(), netip.IPv6Loopback(),
		netip.IPv6LinkLocalAllNodes(), netip.IPv6LinkLocalAllRouters())
	a := netip.AddrFrom4([4]byte{10, 1, 2, 3})
	fmt.Println(a, a.As4(), a.As16(), a.AsSlice())
	b, ok := netip.AddrFromSlice([]byte{1, 2, 3})
	fmt.Println(b, ok)
	b, ok = netip.AddrFromSlice(make([]byte, 16))
	fmt.Println(b, ok)
	m := netip.MustParseAddr("::ffff:10.0.0.1")
	fmt.Println(m.As4(), m.Unmap(), m.Unmap() == a, m.WithZone("z"), a.WithZone("z"), m.WithZone("z").WithZone(""))
	fmt.Println(netip.MustParseAddr("fe80::1%a") == netip.MustParseAddr("fe80::1%a"),
		netip.MustParseAddr("fe80::1%a") == netip.MustParseAddr("fe80::1%b"),
		netip.MustParseAddr("1.2.3.4") == netip.AddrFrom4([4]byte{1, 2, 3, 4}))
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		netip.MustParseAddr("1.2.3.4.5")
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		netip.MustParseAddr("::1").As4()
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		z.As4()
	}()
	// text and binary forms
	for _, s := range []string{"1.2.3.4", "::1", "fe80::1%eth0", "::ffff:1.2.3.4"} {
		ip := netip.MustParseAddr(s)
		t, _ := ip.MarshalText()
		bin, _ := ip.MarshalBinary()
		var back, back2 netip.Addr
		e1 := back.UnmarshalText(t)
		e2 := back2.UnmarshalBinary(bin)
		at, _ := ip.AppendText([]byte("x="))
		ab, _ := ip.AppendBinary([]byte{9})
		fmt.Println(string(t), bin, back, back2, e1, e2, back == ip, back2 == ip, string(at), ab, string(ip.AppendTo([]byte("<"))))
	}
	t, _ := z.MarshalText()
	bin, _ := z.MarshalBinary()
	fmt.Println(len(t), t == nil, len(bin))
	var u netip.Addr
	fmt.Println(u.UnmarshalBinary([]byte{1, 2, 3}), u.UnmarshalText([]byte("x")), u.UnmarshalText(nil), u)
	fmt.Printf("%v %s %q\n", a, a, a)
}
