package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	dir, _ := os.MkdirTemp("", "unixp")
	defer os.RemoveAll(dir)
	clean := func(v any) string { return strings.ReplaceAll(fmt.Sprint(v), dir, "D") }
	path := filepath.Join(dir, "seq")

	// unixpacket keeps message boundaries on a connection.
	l, err := net.Listen("unixpacket", path)
	if err != nil {
		fmt.Println(clean(err))
		return
	}
	fmt.Println("listen:", l.Addr().Network(), clean(l.Addr()))
	got := make(chan string)
	go func() {
		c, err := l.Accept()
		if err != nil {
			got <- err.Error()
			return
		}
		buf := make([]byte, 64)
		var msgs []string
		for {
			n, err := c.Read(buf)
			if err != nil {
				break
			}
			msgs = append(msgs, string(buf[:n]))
		}
		c.Close()
		got <- strings.Join(msgs, "|")
	}()
	var d net.Dialer
	c, err := d.DialContext(context.Background(), "unixpacket", path)
	fmt.Println("dial:", err, c.RemoteAddr().Network())
	c.Write([]byte("first"))
	c.Write([]byte("second message"))
	c.Write([]byte("3"))
	c.Close()
	fmt.Println("server read:", <-got)
	l.Close()

	// A canceled context.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = d.DialContext(ctx, "unix", path)
	fmt.Println(clean(err))

	// Listen rejects a datagram network; ListenPacket a stream one.
	_, err = net.Listen("unixgram", path)
	fmt.Println(clean(err))
	_, err = net.ListenPacket("unix", path)
	fmt.Println(clean(err))

	// Lookups that need no DNS.
	fmt.Println(net.LookupCNAME("localhost"))
}
