package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
)

// The classic `io.Copy(conn, conn)` echo server, and io.Copy from a
// connection into a strings.Builder until the peer closes.

func main() {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	defer ln.Close()
	copied := make(chan string, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		n, err := io.Copy(c, c) // echoes until the client closes
		c.Close()
		copied <- fmt.Sprint(n, " ", err)
	}()

	conn, _ := net.Dial("tcp", ln.Addr().String())
	r := bufio.NewReader(conn)
	for i := 0; i < 5; i++ {
		fmt.Fprintf(conn, "message %d\n", i)
		line, err := r.ReadString('\n')
		fmt.Printf("%q %v\n", line, err)
	}
	conn.Close()
	fmt.Println("echo server copied:", <-copied)

	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		c, err := ln.Accept()
		if err != nil {
			return
		}
		io.Copy(c, strings.NewReader(strings.Repeat("abc", 10000)))
		c.Close()
	}()
	conn, _ = net.Dial("tcp", ln.Addr().String())
	var sb strings.Builder
	n, err := io.Copy(&sb, conn)
	conn.Close()
	wg.Wait()
	fmt.Println("copied:", n, err, sb.Len(), strings.Count(sb.String(), "abc"))
}
