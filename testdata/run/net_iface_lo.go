package main

import (
	"fmt"
	"net"
)

func main() {
	lo, err := net.InterfaceByName("lo")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(lo.Name, lo.Flags, lo.MTU, lo.HardwareAddr == nil, len(lo.HardwareAddr))
	fmt.Println(lo.Flags&net.FlagLoopback != 0, lo.Flags&net.FlagUp != 0)
	addrs, err := lo.Addrs()
	fmt.Println(err)
	for _, a := range addrs {
		n := a.(*net.IPNet)
		if n.IP.To4() != nil {
			fmt.Println(a.Network(), a, len(n.IP), len(n.Mask))
		}
	}
	same, err := net.InterfaceByIndex(lo.Index)
	fmt.Println(same.Name, err)
	ifs, err := net.Interfaces()
	found := false
	for _, i := range ifs {
		if i.Name == "lo" && i.Index == lo.Index {
			found = true
		}
	}
	fmt.Println("in Interfaces:", found, err)
	all, err := net.InterfaceAddrs()
	has := false
	for _, a := range all {
		if a.String() == "127.0.0.1/8" {
			has = true
		}
	}
	fmt.Println("in InterfaceAddrs:", has, err)

	_, err = net.InterfaceByName("nosuch0")
	fmt.Println(err)
	_, err = net.InterfaceByName("")
	fmt.Println(err)
	_, err = net.InterfaceByIndex(0)
	fmt.Println(err)
	_, err = net.InterfaceByIndex(1 << 30)
	fmt.Println(err)
	var nilIf *net.Interface
	_, err = nilIf.Addrs()
	fmt.Println(err)
	fmt.Println(net.Flags(0), net.FlagUp|net.FlagMulticast|net.FlagRunning, net.FlagBroadcast|net.FlagPointToPoint)

	fmt.Println(net.InvalidAddrError("bad addr"), net.InvalidAddrError("x").Timeout())
	fmt.Println(&net.DNSConfigError{Err: fmt.Errorf("oops")})
	fmt.Println(net.ErrWriteToConnected)
}
