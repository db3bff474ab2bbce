// syscall.RawConn over TCP and Unix sockets: Control sees the descriptor,
// Read and Write call their function until it says done, waiting for the
// socket between calls; a closed connection fails with net.ErrClosed.
package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"syscall"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer ln.Close()
	done := make(chan net.Conn)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			panic(err)
		}
		done <- c
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		panic(err)
	}
	srv := <-done

	var _ syscall.Conn = c.(*net.TCPConn)
	rc, err := c.(syscall.Conn).SyscallConn()
	fmt.Println("SyscallConn:", err)
	var fd uintptr
	err = rc.Control(func(f uintptr) { fd = f })
	fmt.Println("Control:", err, fd > 2)

	// Read: the function runs once, says "not yet", and runs again once
	// the peer's bytes arrive.
	calls := 0
	go func() {
		srv.Write([]byte("hello"))
	}()
	err = rc.Read(func(uintptr) bool {
		calls++
		return calls > 1
	})
	fmt.Println("Read:", err, "calls", calls)
	buf := make([]byte, 5)
	n, _ := c.Read(buf)
	fmt.Println("then Read:", string(buf[:n]))

	wcalls := 0
	err = rc.Write(func(uintptr) bool {
		wcalls++
		return true
	})
	fmt.Println("Write:", err, "calls", wcalls)

	lrc, err := ln.(*net.TCPListener).SyscallConn()
	fmt.Println("listener SyscallConn:", err)
	err = lrc.Read(func(uintptr) bool { return true })
	fmt.Println("listener Read:", err, err == syscall.EINVAL)
	err = lrc.Control(func(uintptr) {})
	fmt.Println("listener Control:", err)

	c.Close()
	err = rc.Read(func(uintptr) bool { return true })
	var op *net.OpError
	fmt.Println("closed Read:", errors.Is(err, net.ErrClosed), errors.As(err, &op) && op.Op == "raw-read")
	err = rc.Control(func(uintptr) {})
	fmt.Println("closed Control:", errors.Is(err, net.ErrClosed), errors.As(err, &op) && op.Op == "raw-control")
	srv.Close()

	dir, _ := os.MkdirTemp("", "rawconn")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "s")
	ul, err := net.Listen("unix", path)
	if err != nil {
		panic(err)
	}
	go func() {
		c, _ := ul.Accept()
		c.Write([]byte("x"))
		c.Close()
	}()
	uc, err := net.Dial("unix", path)
	if err != nil {
		panic(err)
	}
	urc, err := uc.(*net.UnixConn).SyscallConn()
	fmt.Println("unix SyscallConn:", err)
	ucalls := 0
	err = urc.Read(func(uintptr) bool { ucalls++; return ucalls == 2 })
	fmt.Println("unix Read:", err, ucalls)
	uc.Close()
	ul.Close()
}
