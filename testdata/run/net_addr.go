package main

import (
	"errors"
	"fmt"
	"net"
	"strings"
)

// TCPAddr and UDPAddr: fields, String, ResolveTCPAddr/ResolveUDPAddr and
// LookupPort for literal hosts and "localhost", with Go's errors; the
// addresses of a real connection.

func show(a net.Addr, err error) string {
	if err != nil {
		s := fmt.Sprintf("error %q", err)
		var ae *net.AddrError
		var de *net.DNSError
		var ue net.UnknownNetworkError
		switch {
		case errors.As(err, &ae):
			s += fmt.Sprintf(" AddrError{%q %q}", ae.Err, ae.Addr)
		case errors.As(err, &de):
			s += fmt.Sprintf(" DNSError{%q %q notfound=%v}", de.Err, de.Name, de.IsNotFound)
		case errors.As(err, &ue):
			s += " UnknownNetworkError"
		}
		return s
	}
	switch a := a.(type) {
	case *net.TCPAddr:
		return fmt.Sprintf("%s %s IP=%v (%d bytes) Port=%d Zone=%q", a.Network(), a, a.IP, len(a.IP), a.Port, a.Zone)
	case *net.UDPAddr:
		return fmt.Sprintf("%s %s IP=%v (%d bytes) Port=%d Zone=%q", a.Network(), a, a.IP, len(a.IP), a.Port, a.Zone)
	}
	return "?"
}

func main() {
	addrs := []string{
		"127.0.0.1:80", "[::1]:443", ":8080", "", "localhost:22", "LOCALHOST:1", "[localhost]:2",
		"[fe80::1%eth0]:53", "[::ffff:1.2.3.4]:5", "[1.2.3.4]:5", "1.2.3.4:", "1.2.3.4:+7",
		"1.2.3.4:http", "1.2.3.4:HTTPS", "1.2.3.4:4294967376",
		"1.2.3.4", "1.2.3.4:-5", "1.2.3.4:99999", "1.2.3.4:nope", "::1:80", "[::1:80",
		"01.2.3.4:5", "1.2.3.4%eth0:5",
	}
	for _, network := range []string{"tcp", "tcp4", "tcp6", ""} {
		for _, s := range addrs {
			a, err := net.ResolveTCPAddr(network, s)
			if err != nil {
				fmt.Printf("%-5s %-26q %s\n", network, s, show(nil, err))
			} else {
				fmt.Printf("%-5s %-26q %s\n", network, s, show(a, nil))
			}
		}
	}
	_, err := net.ResolveTCPAddr("udp", "1.2.3.4:5")
	fmt.Println(show(nil, err))
	for _, s := range []string{"1.2.3.4:domain", "[::1]:53", "1.2.3.4:http"} {
		a, err := net.ResolveUDPAddr("udp", s)
		if err != nil {
			fmt.Println(show(nil, err))
		} else {
			fmt.Println(show(a, nil))
		}
	}
	_, err = net.ResolveUDPAddr("tcp", "1.2.3.4:5")
	fmt.Println(show(nil, err))

	for _, c := range [][2]string{{"tcp", "80"}, {"tcp", "http"}, {"udp", "domain"}, {"", "ssh"}, {"ip", "ssh"}, {"tcp4", "nope"}, {"foo", "http"}, {"foo", "12"}, {"tcp", "-1"}} {
		p, err := net.LookupPort(c[0], c[1])
		fmt.Printf("LookupPort(%q, %q) = %d %v\n", c[0], c[1], p, err)
	}

	// Zero and nil addresses.
	var nilAddr *net.TCPAddr
	fmt.Println(nilAddr.String(), (&net.TCPAddr{}).String(), (&net.TCPAddr{IP: net.IPv6loopback, Port: 1, Zone: "lo"}).String())
	fmt.Println((&net.UDPAddr{IP: net.IP{10, 0, 0, 1}, Port: 53}).String(), (*net.UDPAddr)(nil).String())
	fmt.Println((&net.IPAddr{IP: net.ParseIP("fe80::2"), Zone: "eth1"}).String(), (&net.IPAddr{}).Network())
	fmt.Println(net.UnknownNetworkError("x").Error(), (&net.DNSError{Err: "e", Name: "n", Server: "s"}).Error())

	// The addresses of a real connection.
	ln, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		panic(err)
	}
	la := ln.Addr().(*net.TCPAddr)
	fmt.Println("listener", la.IP, len(la.IP), la.Port > 0, la.Zone == "")
	done := make(chan *net.TCPAddr)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			panic(err)
		}
		done <- c.RemoteAddr().(*net.TCPAddr)
		c.Close()
	}()
	c, err := net.Dial("tcp", la.String())
	if err != nil {
		panic(err)
	}
	ra := c.RemoteAddr().(*net.TCPAddr)
	lo := c.LocalAddr().(*net.TCPAddr)
	peer := <-done
	fmt.Println("remote", ra.IP, len(ra.IP), ra.Port == la.Port, ra.String() == la.String())
	fmt.Println("local", lo.IP, len(lo.IP), peer.Port == lo.Port, peer.String() == lo.String())
	c.Close()
	ln.Close()

	// Dial resolves first: errors from resolution, then the resolved address.
	_, err = net.Dial("tcp", "localhost:1")
	fmt.Println(err)
	_, err = net.Dial("tcp", "1.2.3.4:nope")
	fmt.Println(err)
	_, err = net.Listen("tcp", "[::1]:x")
	fmt.Println(err)
	_, err = net.Listen("tcp6", "127.0.0.1:0")
	fmt.Println(err)
	var op *net.OpError
	if errors.As(err, &op) {
		fmt.Println("  addr nil:", op.Addr == nil, strings.HasPrefix(op.Err.Error(), "address "))
	}
}
