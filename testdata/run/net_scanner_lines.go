package main

import (
	"bufio"
	"fmt"
	"net"
	"strings"
)

// A server streams 200 lines through a bufio.Writer (Fprintf, WriteString,
// Flush every 50 lines) and closes; the client reads them with a
// bufio.Scanner, then a second connection is scanned word by word.

func main() {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	defer ln.Close()
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		w := bufio.NewWriter(c)
		for i := 1; i <= 200; i++ {
			fmt.Fprintf(w, "%d %s\n", i, strings.Repeat("x", i%7))
			if i%50 == 0 {
				fmt.Println("buffered before flush:", w.Buffered() > 0, "flush:", w.Flush())
			}
		}
		w.WriteString("last line without newline")
		w.Flush()
		c.Close()

		c, err = ln.Accept()
		if err != nil {
			return
		}
		fmt.Fprintln(c, "the quick  brown\tfox")
		fmt.Fprintln(c, "  jumps over\nthe lazy dog  ")
		c.Close()
	}()

	conn, _ := net.Dial("tcp", ln.Addr().String())
	sc := bufio.NewScanner(conn)
	lines, xs, sum := 0, 0, 0
	last := ""
	for sc.Scan() {
		var n int
		var rest string
		fmt.Sscan(sc.Text(), &n, &rest)
		lines++
		sum += n
		xs += strings.Count(sc.Text(), "x")
		last = sc.Text()
	}
	fmt.Println("lines:", lines, "sum:", sum, "xs:", xs, "err:", sc.Err())
	fmt.Printf("last: %q\n", last)
	conn.Close()

	conn, _ = net.Dial("tcp", ln.Addr().String())
	sc = bufio.NewScanner(conn)
	sc.Split(bufio.ScanWords)
	var words []string
	for sc.Scan() {
		words = append(words, sc.Text())
	}
	fmt.Println(len(words), strings.Join(words, ","), sc.Err())
	conn.Close()
}
