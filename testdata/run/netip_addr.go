package main

import (
	"fmt"
	"net/netip"
	"slices"
	"sort"
)

func main() {
	addrs := []string{
		"0.0.0.0", "127.0.0.1", "10.1.2.3", "172.16.5.4", "172.32.0.1", "192.168.1.1", "169.254.3.4",
		"224.0.0.1", "224.0.1.1", "239.1.1.1", "255.255.255.255", "8.8.8.8",
		"::", "::1", "fe80::1", "fe80::1%eth0", "febf::1", "fec0::1", "ff01::1", "ff02::1", "ff05::2",
		"fc00::1", "fd12::1", "2001:db8::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:224.0.0.1",
		"::ffff:169.254.0.1", "::ffff:0.0.0.0", "::%z",
	}
	for _, s := range addrs {
		ip := netip.MustParseAddr(s)
		fmt.Printf("%-20s gu=%v ilm=%v llm=%v llu=%v lo=%v mc=%v priv=%v unspec=%v\n", s,
			ip.IsGlobalUnicast(), ip.IsInterfaceLocalMulticast(), ip.IsLinkLocalMulticast(),
			ip.IsLinkLocalUnicast(), ip.IsLoopback(), ip.IsMulticast(), ip.IsPrivate(), ip.IsUnspecified())
	}
	var z netip.Addr
	fmt.Println(z.IsGlobalUnicast(), z.IsLoopback(), z.IsPrivate(), z.IsUnspecified(), z.IsMulticast())

	// Next and Prev
	for _, s := range []string{"1.2.3.4", "1.2.3.255", "255.255.255.255", "0.0.0.0", "::", "::ffff",
		"ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "::ffff:ffff:ffff", "1::ffff:ffff:ffff:ffff", "fe80::1%z"} {
		ip := netip.MustParseAddr(s)
		fmt.Println(s, "next", ip.Next(), "prev", ip.Prev(), ip.Next().IsValid(), ip.Prev().IsValid())
	}
	fmt.Println(z.Next(), z.Prev())

	// ordering
	list := []netip.Addr{}
	for _, s := range []string{"::2", "1.2.3.4", "::1", "fe80::1%b", "fe80::1%a", "fe80::1", "1.2.3.3", "::ffff:1.2.3.4", "10.0.0.1", "2.0.0.0"} {
		list = append(list, netip.MustParseAddr(s))
	}
	list = append(list, z)
	sort.Slice(list, func(i, j int) bool { return list[i].Less(list[j]) })
	fmt.Println(list)
	slices.SortFunc(list, func(a, b netip.Addr) int { return b.Compare(a) })
	fmt.Println(list)
	fmt.Println(netip.MustParseAddr("1.2.3.4").Compare(netip.MustParseAddr("::ffff:1.2.3.4")))

	// Prefix from Addr
	for _, c := range []struct {
		s string
		b int
	}{{"1.2.3.4", 24}, {"1.2.3.4", 0}, {"1.2.3.4", 32}, {"1.2.3.4", 33}, {"1.2.3.4", -1}, {"2001:db8::1", 32},
		{"2001:db8:ffff::1", 40}, {"::1", 129}, {"fe80::1%z", 64}, {"::ffff:1.2.3.4", 100}} {
		p, err := netip.MustParseAddr(c.s).Prefix(c.b)
		fmt.Println(c.s, c.b, p, err)
	}
	p, err := z.Prefix(3)
	fmt.Println(p, err, p.IsValid())

	m := map[netip.Addr]int{}
	m[netip.MustParseAddr("1.1.1.1")]++
	m[netip.AddrFrom4([4]byte{1, 1, 1, 1})]++
	m[netip.MustParseAddr("::1")]++
	fmt.Println(len(m), m[netip.MustParseAddr("1.1.1.1")])
}
