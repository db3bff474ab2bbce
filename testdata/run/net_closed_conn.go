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

// hidePorts replaces the port of every 127.0.0.1 address with PORT.
func hidePorts(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "127.0.0.1:")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i] + "127.0.0.1:PORT")
		s = s[i+len("127.0.0.1:"):]
		for len(s) > 0 && s[0] >= '0' && s[0] <= '9' {
			s = s[1:]
		}
	}
}

func show(what string, err error) {
	if err == nil {
		fmt.Println(what+":", "<nil>")
		return
	}
	fmt.Printf("%s: %s | closed=%v\n", what, hidePorts(err.Error()), errors.Is(err, net.ErrClosed))
}

func main() {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	accepted := make(chan net.Conn)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				show("blocked Accept", err)
				close(accepted)
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
	_, ok := <-accepted
	fmt.Println("accept loop ended:", !ok)
	_, err = ln.Accept()
	show("accept after close", err)
	show("close listener again", ln.Close())

	var op *net.OpError
	if errors.As(err, &op) {
		fmt.Println("op:", op.Op, "net:", op.Net, "addr is the listener's:", op.Addr.String() == ln.Addr().String())
		fmt.Println("source is nil:", op.Source == nil, "unwrapped:", op.Err)
	}
}
