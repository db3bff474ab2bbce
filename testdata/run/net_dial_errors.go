package main

import (
	"errors"
	"fmt"
	"net"
	"strings"
)

// Dial and Listen failures print as Go's *net.OpError texts: a refused
// connection, a port already in use, a malformed address.

func show(what string, err error) {
	var op *net.OpError
	var ne net.Error
	fmt.Printf("%s: %v\n", what, err)
	if errors.As(err, &op) {
		addr := "<nil>"
		if op.Addr != nil {
			addr = op.Addr.String()
		}
		fmt.Printf("  op=%s net=%s addr=%s source=%v err=%q\n", op.Op, op.Net, addr, op.Source, op.Err.Error())
	}
	if errors.As(err, &ne) {
		fmt.Println("  timeout:", ne.Timeout())
	}
}

func main() {
	conn, err := net.Dial("tcp", "127.0.0.1:1")
	fmt.Println("conn is nil:", conn == nil)
	show("dial port 1", err)

	// A second listener on the same address.
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	port := addr[strings.LastIndex(addr, ":")+1:]
	_, err = net.Listen("tcp", addr)
	fmt.Println("listen on a busy port:", strings.Replace(err.Error(), port, "PORT", 1))
	fmt.Println("  busy:", strings.HasSuffix(err.Error(), "bind: address already in use"))
	ln.Close()

	_, err = net.Dial("tcp", "127.0.0.1")
	show("no port", err)
	_, err = net.Dial("tcp", "127.0.0.1:99999")
	show("bad port", err)
	_, err = net.Listen("tcp", "127.0.0.1:x")
	show("listen bad port", err)
	_, err = net.Dial("tcpx", "127.0.0.1:80")
	show("unknown network", err)
}
