package main

import (
	"errors"
	"fmt"
	"net"
)

// net.IP: parsing (Go's strict rules), its text forms, the classifying
// methods, To4/To16/Equal, masks and the text marshalling.

func main() {
	inputs := []string{
		"127.0.0.1", "0.0.0.0", "255.255.255.255", "192.168.1.10", "10.1.2.3",
		"172.16.0.1", "172.32.0.1", "169.254.1.1", "224.0.0.1", "224.1.0.1", "8.8.8.8",
		"::", "::1", "2001:db8::1", "2001:DB8:0:0:1:0:0:1", "2001:db8:0:1:1:1:1:1",
		"fe80::1", "fc00::5", "fd12:3456::", "ff01::1", "ff02::2", "ff05::1:3",
		"::ffff:1.2.3.4", "::1.2.3.4", "1:2:3:4:5:6:1.2.3.4", "0:0:0:0:0:ffff:7f00:1",
		"1:0:0:2:0:0:0:3", "1:0:0:0:2:0:0:3", "1::", "0:1::", "1:2:3:4:5:6:7:8",
		"0001:0002::0003",
		// Invalid.
		"", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.2.3.256", "1..2.3", ".1.2.3", "1.2.3.",
		"1.2.3.4 ", "a.b.c.d", "::1%eth0", "fe80::1%", "1:2:3:4:5:6:7:8:9", "1::2::3",
		"12345::", "1:2:3:4:5:6:7::", "::1:2:3:4:5:6:7:8", ":1::", "1:", "::g",
		"1.2.3.4::", "::1.2.3", "1:2:3:4:5:6:7:1.2.3.4", "1::1.2.3.4.5", "%eth0", "localhost",
	}
	for _, s := range inputs {
		ip := net.ParseIP(s)
		if ip == nil {
			fmt.Printf("%-26q invalid\n", s)
			continue
		}
		fmt.Printf("%-26q %-24s len=%d to4=%v loop=%v priv=%v unspec=%v global=%v mcast=%v llu=%v llm=%v ilm=%v mask=%v\n",
			s, ip, len(ip), ip.To4(), ip.IsLoopback(), ip.IsPrivate(), ip.IsUnspecified(),
			ip.IsGlobalUnicast(), ip.IsMulticast(), ip.IsLinkLocalUnicast(),
			ip.IsLinkLocalMulticast(), ip.IsInterfaceLocalMulticast(), ip.DefaultMask())
	}

	// Other lengths.
	fmt.Println(net.IP(nil), net.IP{}, net.IP{1, 2, 3}, net.IP{1, 2, 3, 4}, net.IP{0xde, 0xad, 0xbe, 0xef, 0})
	fmt.Println(net.IP{1, 2, 3}.To4() == nil, net.IP{1, 2, 3}.To16() == nil, len(net.IP{1, 2, 3, 4}.To16()))
	fmt.Printf("%#v\n", net.IPv4(10, 0, 0, 1))
	fmt.Println(net.IPv4len, net.IPv6len)
	fmt.Println(net.IPv4bcast, net.IPv4allsys, net.IPv4allrouter, net.IPv4zero)
	fmt.Println(net.IPv6zero, net.IPv6unspecified, net.IPv6loopback,
		net.IPv6interfacelocalallnodes, net.IPv6linklocalallnodes, net.IPv6linklocalallrouters)

	// Equal across lengths.
	a := net.IP{192, 0, 2, 1}
	b := net.ParseIP("192.0.2.1")
	fmt.Println(a.Equal(b), b.Equal(a), a.Equal(net.ParseIP("::c000:201")), a.Equal(net.IP{1}))
	fmt.Println(net.IP{1, 2, 3, 4}.IsGlobalUnicast(), net.IP{1, 2, 3}.IsGlobalUnicast(), net.IPv4bcast.IsGlobalUnicast())

	// Mask.
	ip := net.ParseIP("192.168.77.200")
	fmt.Println(ip.Mask(net.IPv4Mask(255, 255, 240, 0)), ip.Mask(net.CIDRMask(20, 128)), ip.Mask(net.CIDRMask(100, 128)))
	fmt.Println(net.IP{10, 9, 8, 7}.Mask(net.CIDRMask(120, 128)), net.ParseIP("2001:db8::ff").Mask(net.CIDRMask(24, 32)))
	fmt.Println(net.ParseIP("2001:db8:abcd::ff").Mask(net.CIDRMask(40, 128)))

	// Text marshalling.
	for _, x := range []net.IP{nil, net.ParseIP("1.2.3.4"), net.ParseIP("::1"), {1, 2, 3}} {
		t, err := x.MarshalText()
		fmt.Printf("marshal %q %v\n", t, err)
		var ae *net.AddrError
		fmt.Println("  AddrError:", errors.As(err, &ae))
	}
	for _, t := range []string{"", "1.2.3.4", "::ffff:10.0.0.1", "x", "1.2.3.4%eth0"} {
		got := net.IP{9}
		err := got.UnmarshalText([]byte(t))
		fmt.Printf("unmarshal %q -> %v (%d bytes) %v\n", t, got, len(got), err)
		var pe *net.ParseError
		if errors.As(err, &pe) {
			fmt.Printf("  ParseError type=%q text=%q\n", pe.Type, pe.Text)
		}
	}
	out, err := net.ParseIP("10.0.0.1").AppendText([]byte("ip="))
	fmt.Println(string(out), err)

	// MAC addresses.
	for _, s := range []string{
		"00:00:5e:00:53:01", "02-00-5E-10-00-00-00-01", "0000.5e00.5301", "0200.5e10.0000.0001",
		"00:00:00:00:fe:80:00:00:00:00:00:00:02:00:5e:10:00:00:00:01",
		"00:00:5e:00:53", "00:00:5e:00:53:0g", "00-00:5e:00:53:01", "0000.5e00.530", "00005e005301", "0200005E10000001", "00005e00530g", "00005e0053011", "00005e00-301",
		"0000.5e00:5301", "00:00:5e:00:5301", "0000.5e00.5301.", "",
	} {
		hw, err := net.ParseMAC(s)
		fmt.Printf("mac %q -> %v %d %v\n", s, hw, len(hw), err)
	}
	fmt.Printf("%q\n", net.HardwareAddr(nil).String())
}
