package main

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"time"
)

// "use of closed network connection": using a Conn or Listener after Close,
// closing twice, and a goroutine parked in Read or Accept when another
// goroutine closes the socket under it.

// show prints err with the port of every 127.0.0.1 address replaced by PORT.
func show(what string, err error) {
	s, out := fmt.Sprint(err), ""
	for i := strings.Index(s, "127.0.0.1:"); i >= 0; i = strings.Index(s, "127.0.0.1:") {
		out += s[:i] + "127.0.0.1:PORT"
		s = strings.TrimLeft(s[i+len("127.0.0.1:"):], "0123456789")
	}
	fmt.Printf("%s: %s | closed=%v\n", what, out+s, errors.Is(err, net.ErrClosed))
}

func main() {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	accepted := make(chan net.Conn)
	acceptErr := make(chan error)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				acceptErr <- err
				return
			}
			accepted <- c
		}
	}()
	conn, _ := net.Dial("tcp", ln.Addr().String())
	server := <-accepted

	// A reader parked in Read is woken by Close from another goroutine.
	readErr := make(chan error)
	go func() {
		_, err := server.Read(make([]byte, 8))
		readErr <- err
	}()
	time.Sleep(30 * time.Millisecond)
	show("close server conn", server.Close())
	show("blocked Read", <-readErr)

	show("close client conn", conn.Close())
	_, err := conn.Read(make([]byte, 8))
	show("read after close", err)
	_, err = conn.Write([]byte("x"))
	show("write after close", err)
	show("close again", conn.Close())
	fmt.Println("deadline after close is an error:", conn.SetDeadline(time.Now()) != nil)

	// The accept loop is parked in Accept; closing the listener wakes it.
	time.Sleep(30 * time.Millisecond)
	show("close listener", ln.Close())
	show("blocked Accept", <-acceptErr)
	_, err = ln.Accept()
	show("accept after close", err)
	show("close listener again", ln.Close())

	var op *net.OpError
	if errors.As(err, &op) {
		fmt.Println("op:", op.Op, "net:", op.Net, "addr is the listener's:", op.Addr.String() == ln.Addr().String())
		fmt.Println("source is nil:", op.Source == nil, "unwrapped:", op.Err)
	}
}
