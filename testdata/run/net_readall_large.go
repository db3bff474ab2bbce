package main

import (
	"fmt"
	"io"
	"net"
)

// One megabyte written with a single Write (more than the socket buffers
// hold, so the writer parks until the reader drains them) is read back with
// io.ReadAll; then fmt.Fprintf writes straight to a Conn.

func main() {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	defer ln.Close()
	const size = 1 << 20
	wrote := make(chan string)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		data := make([]byte, size)
		for i := range data {
			data[i] = byte(i * 7)
		}
		n, err := c.Write(data)
		c.Close()
		wrote <- fmt.Sprint(n, " ", err)

		c, err = ln.Accept()
		if err != nil {
			return
		}
		for i := 0; i < 3; i++ {
			fmt.Fprintf(c, "row %d: %5.2f|%-4s|%x\n", i, float64(i)/3, "ab", i*255)
		}
		c.Close()
	}()

	conn, _ := net.Dial("tcp", ln.Addr().String())
	data, err := io.ReadAll(conn)
	conn.Close()
	fmt.Println("read:", len(data), "err:", err)
	ok := len(data) == size
	sum := 0
	for i, b := range data {
		if b != byte(i*7) {
			ok = false
		}
		sum += int(b)
	}
	fmt.Println("bytes intact:", ok, "sum:", sum)
	fmt.Println("server wrote:", <-wrote)

	conn, _ = net.Dial("tcp", ln.Addr().String())
	data, err = io.ReadAll(conn)
	conn.Close()
	fmt.Printf("%s", data)
	fmt.Println("err:", err)
}
