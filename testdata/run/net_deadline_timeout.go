package main

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"time"
)

// Read and write deadlines: a deadline in the past fails at once, one 50 ms
// ahead fails after waiting, both with "i/o timeout" as a net.Error whose
// Timeout() is true; the connection stays usable and time.Time{} clears it.

func describe(what string, c net.Conn, err error) {
	s := strings.ReplaceAll(fmt.Sprint(err), c.LocalAddr().String()+"->"+c.RemoteAddr().String(), "LOCAL->REMOTE")
	var ne net.Error
	isNet := errors.As(err, &ne)
	op := &net.OpError{}
	errors.As(err, &op)
	fmt.Printf("%s: %s | net.Error=%v timeout=%v op=%s net=%s\n", what, s, isNet, isNet && ne.Timeout(), op.Op, op.Net)
}

func main() {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	defer ln.Close()
	send := make(chan string)
	go func() {
		conn, _ := ln.Accept()
		defer conn.Close()
		for s := range send {
			conn.Write([]byte(s))
		}
	}()
	conn, _ := net.Dial("tcp", ln.Addr().String())
	defer conn.Close()
	buf := make([]byte, 64)

	conn.SetReadDeadline(time.Now().Add(-time.Second))
	n, err := conn.Read(buf)
	describe(fmt.Sprint("past read deadline (n=", n, ")"), conn, err)

	start := time.Now()
	conn.SetReadDeadline(start.Add(50 * time.Millisecond))
	n, err = conn.Read(buf)
	waited := time.Since(start)
	describe("50ms read deadline", conn, err)
	fmt.Println("n:", n, "waited >= 40ms:", waited >= 40*time.Millisecond, "< 1s:", waited < time.Second)

	// Still usable: data that arrives before a new deadline is read.
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	send <- "ping"
	n, err = conn.Read(buf)
	fmt.Printf("after timeout: %q %v\n", buf[:n], err)

	// time.Time{} clears the deadline; the Read waits for the late writer.
	conn.SetReadDeadline(time.Time{})
	go func() {
		time.Sleep(80 * time.Millisecond)
		send <- "late"
	}()
	start = time.Now()
	n, err = conn.Read(buf)
	fmt.Printf("cleared deadline: %q %v waited >= 60ms: %v\n", buf[:n], err, time.Since(start) >= 60*time.Millisecond)

	conn.SetWriteDeadline(time.Now().Add(-time.Millisecond))
	n, err = conn.Write([]byte("never sent"))
	describe(fmt.Sprint("past write deadline (n=", n, ")"), conn, err)

	// SetDeadline sets both; clearing both makes writes work again.
	conn.SetDeadline(time.Now().Add(-time.Millisecond))
	_, rerr := conn.Read(buf)
	_, werr := conn.Write([]byte("x"))
	describe("SetDeadline read", conn, rerr)
	describe("SetDeadline write", conn, werr)
	conn.SetDeadline(time.Time{})
	n, err = conn.Write([]byte("ok"))
	fmt.Println("write after clearing:", n, err)
	close(send)
}
