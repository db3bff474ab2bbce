package main

import (
	"fmt"
	"net/netip"
)

func main() {
	for _, s := range []string{"10.0.0.0/8", "10.1.2.3/8", "1.2.3.4/32", "1.2.3.4/33", "1.2.3.4/0", "1.2.3.4/00",
		"1.2.3.4/08", "1.2.3.4/-1", "1.2.3.4/+1", "1.2.3.4/", "1.2.3.4", "2001:db8::/32", "2001:db8::1/128",
		"::/0", "::/129", "fe80::1%z/64", "::ffff:1.2.3.4/120", "1.2.3/8", "/8", "1.2.3.4/8/8", "1.2.3.4/ 8", "1.2.3.4/x"} {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			fmt.Printf("%q: error: %v\n", s, err)
			continue
		}
		fmt.Printf("%q: %v addr=%v bits=%d masked=%v single=%v valid=%v\n", s, p, p.Addr(), p.Bits(), p.Masked(), p.IsSingleIP(), p.IsValid())
	}
	var z netip.Prefix
	fmt.Println(z, z.IsValid(), z.Bits(), z.Masked(), z.Addr(), z.IsSingleIP())
	a := netip.MustParseAddr("192.168.0.7")
	for _, b := range []int{-1, 0, 16, 32, 33} {
		p := netip.PrefixFrom(a, b)
		fmt.Println(b, p, p.Bits(), p.IsValid(), string(p.AppendTo(nil)), p.Masked())
	}
	fmt.Println(netip.PrefixFrom(netip.MustParseAddr("fe80::1%eth0"), 64))

	n := netip.MustParsePrefix("10.0.0.0/8")
	for _, s := range []string{"10.1.1.1", "11.0.0.0", "::ffff:10.1.1.1", "10.255.255.255", "9.255.255.255"} {
		fmt.Println(n, "contains", s, n.Contains(netip.MustParseAddr(s)))
	}
	n6 := netip.MustParsePrefix("2001:db8::/33")
	for _, s := range []string{"2001:db8::1", "2001:db8:7fff::1", "2001:db8:8000::", "2001:db8::1%z", "1.2.3.4"} {
		fmt.Println(n6, "contains", s, n6.Contains(netip.MustParseAddr(s)))
	}
	fmt.Println(netip.MustParsePrefix("0.0.0.0/0").Contains(netip.MustParseAddr("1.2.3.4")), z.Contains(a), n.Contains(netip.Addr{}))

	pairs := [][2]string{{"10.0.0.0/8", "10.1.0.0/16"}, {"10.0.0.0/8", "11.0.0.0/8"}, {"0.0.0.0/0", "1.2.3.4/32"},
		{"10.0.0.0/8", "::/0"}, {"2001:db8::/32", "2001:db8:1::/48"}, {"2001:db8::/32", "2001:db9::/32"}, {"1.2.3.4/32", "1.2.3.4/32"}}
	for _, pr := range pairs {
		p, q := netip.MustParsePrefix(pr[0]), netip.MustParsePrefix(pr[1])
		fmt.Println(p, q, p.Overlaps(q), q.Overlaps(p), p.Compare(q), q.Compare(p))
	}
	fmt.Println(z.Overlaps(n), netip.MustParsePrefix("10.1.2.3/8").Compare(netip.MustParsePrefix("10.0.0.0/8")))

	for _, s := range []string{"10.0.0.0/8", "2001:db8::/32", "::ffff:1.2.3.0/120"} {
		p := netip.MustParsePrefix(s)
		t, _ := p.MarshalText()
		b, _ := p.MarshalBinary()
		var p1, p2 netip.Prefix
		fmt.Println(string(t), b, p1.UnmarshalText(t), p2.UnmarshalBinary(b), p1, p2, p1 == p, p2 == p)
		at, _ := p.AppendText([]byte("p="))
		ab, _ := p.AppendBinary(nil)
		fmt.Println(string(at), ab)
	}
	t, _ := z.MarshalText()
	b, _ := z.MarshalBinary()
	fmt.Println(len(t), b)
	var p3 netip.Prefix
	fmt.Println(p3.UnmarshalBinary(nil), p3.UnmarshalBinary([]byte{1, 2, 3}), p3.UnmarshalText([]byte("1.2.3.4")), p3.UnmarshalText(nil))
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		netip.MustParsePrefix("1.2.3.4")
	}()
}
