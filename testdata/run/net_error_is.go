package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"syscall"
	"time"
)

// What a net error is, beyond its text: a read past its deadline is
// os.ErrDeadlineExceeded (also to os.IsTimeout), a refused dial wraps
// *os.SyscallError around syscall.ECONNREFUSED, a closed conn is
// net.ErrClosed. Programs branch on these with errors.Is and errors.As.

func show(what string, err error) {
	var se *os.SyscallError
	var ne net.Error
	isSys := errors.As(err, &se)
	sys := ""
	if isSys {
		sys = se.Syscall
	}
	isNet := errors.As(err, &ne)
	fmt.Printf("%s:\n  deadline=%v timeout=%v os.IsTimeout=%v closed=%v refused=%v reset=%v\n  syscallError=%v(%s) net.Error=%v netTimeout=%v\n",
		what,
		errors.Is(err, os.ErrDeadlineExceeded),
		isNet && ne.Timeout(),
		os.IsTimeout(err),
		errors.Is(err, net.ErrClosed),
		errors.Is(err, syscall.ECONNREFUSED),
		errors.Is(err, syscall.ECONNRESET),
		isSys, sys, isNet, isNet && ne.Timeout())
}

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	accepted := make(chan net.Conn)
	go func() {
		c, _ := ln.Accept()
		accepted <- c
	}()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		panic(err)
	}
	peer := <-accepted
	buf := make([]byte, 8)

	conn.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	_, err = conn.Read(buf)
	show("read past deadline", err)
	fmt.Println("  text:", err.(*net.OpError).Err)
	fmt.Println("  same value:", err.(*net.OpError).Err == os.ErrDeadlineExceeded)
	fmt.Printf("  type: %T\n", os.ErrDeadlineExceeded)

	conn.SetWriteDeadline(time.Now().Add(-time.Second))
	_, err = conn.Write([]byte("x"))
	show("write past deadline", err)
	conn.SetDeadline(time.Time{})

	conn.Close()
	_, err = conn.Read(buf)
	show("read of a closed conn", err)
	fmt.Println("  text:", err.(*net.OpError).Err)

	peer.Close()

	// A port that was just listened on and closed refuses the dial.
	addr := ln.Addr().String()
	ln.Close()
	_, err = net.Dial("tcp", addr)
	show("dial of a closed port", err)
	var se *os.SyscallError
	if errors.As(err, &se) {
		fmt.Printf("  %s: %v (%#x)\n", se.Syscall, se.Err, uintptr(se.Err.(syscall.Errno)))
	}

	_, err = ln.Accept()
	show("accept on a closed listener", err)

	var opErr net.Error = &net.OpError{Op: "read", Net: "tcp", Err: os.ErrDeadlineExceeded}
	fmt.Println("constructed OpError timeout:", opErr.Timeout())
	var tmp interface{ Temporary() bool }
	fmt.Println("ECONNRESET temporary:", errors.As(syscall.ECONNRESET, &tmp) && tmp.Temporary(),
		"accept OpError temporary:", (&net.OpError{Op: "accept", Err: os.NewSyscallError("accept4", syscall.ECONNABORTED)}).Temporary(),
		(&net.OpError{Op: "accept", Err: syscall.ECONNABORTED}).Temporary())
}
