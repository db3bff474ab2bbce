package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"
)

func main() {
	_, err := net.LookupHost("no-such-host.invalid")
	var de *net.DNSError
	fmt.Println(errors.As(err, &de), de.Name, de.Err, de.IsNotFound)
	a, err := net.LookupHost("localhost")
	fmt.Println(a, err)
	b, err := net.LookupIP("localhost")
	fmt.Println(b, err)
	c, err := net.LookupHost("127.0.0.1")
	fmt.Println(c, err)
	c, err = net.DefaultResolver.LookupHost(context.Background(), "LocalHost")
	fmt.Println(c, err)
	_, err = net.Dial("tcp", "127.0.0.1:1")
	fmt.Println(err)
	d := net.Dialer{Timeout: time.Second}
	_, err = d.Dial("tcp", "127.0.0.1:1")
	fmt.Println(err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = d.DialContext(ctx, "tcp", "127.0.0.1:1")
	fmt.Println(err, errors.Is(err, context.Canceled))
	ctx, cancel = context.WithTimeout(context.Background(), -time.Second)
	defer cancel()
	_, err = d.DialContext(ctx, "tcp", "127.0.0.1:1")
	fmt.Println(err)
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	conn, err := d.DialContext(context.Background(), "tcp", l.Addr().String())
	fmt.Println(err, conn.RemoteAddr().String() == l.Addr().String())
}
