package main

import (
	"fmt"
	"net"
	"strings"
	"time"
)

// Deadlines changed while a goroutine is parked: moving the read deadline
// into the past wakes the reader with a timeout, pushing it further out
// keeps the reader waiting for data, and a Write that fills the socket
// buffers returns what it wrote when its deadline passes.

func main() {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	defer ln.Close()
	conns := make(chan net.Conn, 1)
	go func() {
		c, _ := ln.Accept()
		conns <- c
	}()
	client, _ := net.Dial("tcp", ln.Addr().String())
	server := <-conns
	defer client.Close()
	defer server.Close()

	type result struct {
		data    string
		timeout bool
	}
	read := func(c net.Conn, res chan<- result) {
		buf := make([]byte, 32)
		n, err := c.Read(buf)
		ne, ok := err.(net.Error)
		res <- result{string(buf[:n]), ok && ne.Timeout()}
	}

	res := make(chan result)
	go read(client, res)
	time.Sleep(30 * time.Millisecond)
	client.SetReadDeadline(time.Now())
	fmt.Printf("deadline moved to now: %+v\n", <-res)

	client.SetReadDeadline(time.Now().Add(150 * time.Millisecond))
	go read(client, res)
	time.Sleep(20 * time.Millisecond)
	client.SetReadDeadline(time.Now().Add(10 * time.Second))
	time.Sleep(250 * time.Millisecond)
	server.Write([]byte("made it"))
	fmt.Printf("deadline extended: %+v\n", <-res)

	// Nobody reads the client side: the server's Write blocks once the
	// buffers are full, until the deadline.
	const total = 32 << 20
	server.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
	start := time.Now()
	n, err := server.Write(make([]byte, total))
	took := time.Since(start)
	msg := strings.ReplaceAll(err.Error(), server.LocalAddr().String()+"->"+server.RemoteAddr().String(), "L->R")
	fmt.Println("partial write:", n > 0 && n < total, msg)
	fmt.Println("waited about the deadline:", took >= 80*time.Millisecond && took < 2*time.Second)
}
