package main

import (
	"fmt"
	"net/netip"
	"sort"
)

func main() {
	for _, s := range []string{"1.2.3.4:80", "[::1]:443", "[fe80::1%eth0]:8080", "[::ffff:1.2.3.4]:1", "1.2.3.4",
		":80", "1.2.3.4:", "[::1:80", "[1.2.3.4]:80", "::1:80", "1.2.3.4:65536", "1.2.3.4:-1", "1.2.3.4:0x10",
		"1.2.3.4:65535", "bad:80", "[]:80", "1.2.3.4:08"} {
		p, err := netip.ParseAddrPort(s)
		if err != nil {
			fmt.Printf("%q: error: %v\n", s, err)
			continue
		}
		fmt.Printf("%q: %v addr=%v port=%d valid=%v\n", s, p, p.Addr(), p.Port(), p.IsValid())
	}
	var z netip.AddrPort
	fmt.Println(z, z.IsValid(), z.Port(), string(z.AppendTo(nil)))
	ap := netip.AddrPortFrom(netip.MustParseAddr("::ffff:1.2.3.4"), 99)
	fmt.Println(ap, netip.AddrPortFrom(netip.Addr{}, 5))
	list := []netip.AddrPort{netip.MustParseAddrPort("1.2.3.4:80"), netip.MustParseAddrPort("1.2.3.4:22"),
		netip.MustParseAddrPort("[::1]:1"), netip.MustParseAddrPort("0.0.0.0:9"), z}
	sort.Slice(list, func(i, j int) bool { return list[i].Compare(list[j]) < 0 })
	fmt.Println(list)
	for _, s := range []string{"1.2.3.4:80", "[fe80::1%eth0]:8080"} {
		p := netip.MustParseAddrPort(s)
		t, _ := p.MarshalText()
		b, _ := p.MarshalBinary()
		var p1, p2 netip.AddrPort
		fmt.Println(string(t), b, p1.UnmarshalText(t), p2.UnmarshalBinary(b), p1, p2, p1 == p, p2 == p)
		at, _ := p.AppendText([]byte("a="))
		ab, _ := p.AppendBinary(nil)
		fmt.Println(string(at), ab)
	}
	var p3 netip.AddrPort
	fmt.Println(p3.UnmarshalBinary([]byte{1}), p3.UnmarshalBinary([]byte{1, 2, 3, 4, 5}), p3.UnmarshalText(nil), p3)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		netip.MustParseAddrPort("1.2.3.4")
	}()
}
