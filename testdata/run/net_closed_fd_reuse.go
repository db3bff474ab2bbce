package main

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"time"
)

// A closed Conn stays closed even when the kernel hands its descriptor
// number to a socket opened afterwards: Read, Write and Close on the old
// Conn (and SetReadDeadline) must fail with net.ErrClosed and must not touch
// the new connections.

func main() {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				r := bufio.NewReader(c)
				for {
					line, err := r.ReadString('\n')
					if err != nil {
						return
					}
					c.Write([]byte("echo " + line))
				}
			}()
		}
	}()

	old := make([]net.Conn, 5)
	for i := range old {
		old[i], _ = net.Dial("tcp", ln.Addr().String())
	}
	for _, c := range old {
		c.Close()
	}
	// New connections likely reuse the numbers the old ones had.
	fresh := make([]net.Conn, 5)
	readers := make([]*bufio.Reader, 5)
	for i := range fresh {
		fresh[i], _ = net.Dial("tcp", ln.Addr().String())
		readers[i] = bufio.NewReader(fresh[i])
	}

	for i, c := range old {
		// (The deadline only bounds the test if Read wrongly blocks.)
		derr := c.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
		_, rerr := c.Read(make([]byte, 4))
		_, werr := c.Write([]byte("stray write from a closed conn\n"))
		cerr := c.Close()
		fmt.Println("old", i, errors.Is(derr, net.ErrClosed), errors.Is(rerr, net.ErrClosed), errors.Is(werr, net.ErrClosed), errors.Is(cerr, net.ErrClosed))
	}
	for i, c := range fresh {
		_, err := fmt.Fprintf(c, "fresh %d\n", i)
		line, err2 := readers[i].ReadString('\n')
		fmt.Printf("fresh %d: write ok=%v %q read ok=%v\n", i, err == nil, line, err2 == nil)
		c.Close()
	}
}
