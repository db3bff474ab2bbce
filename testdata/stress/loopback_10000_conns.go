package main

import (
	"bufio"
	"fmt"
	"net"
	"sync"
	"sync/atomic"
)

// 10,000 loopback connections, at most 500 open at once: each client sends
// a line and reads it back from an echo server.
func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func(c net.Conn) {
				defer c.Close()
				r := bufio.NewReader(c)
				line, err := r.ReadString('\n')
				if err == nil {
					c.Write([]byte(line))
				}
			}(c)
		}
	}()
	const total, open = 10000, 500
	var ok atomic.Int64
	var wg sync.WaitGroup
	sem := make(chan bool, open)
	for i := 0; i < total; i++ {
		sem <- true
		wg.Add(1)
		go func(i int) {
			defer func() { <-sem; wg.Done() }()
			c, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				fmt.Println("dial:", err)
				return
			}
			defer c.Close()
			msg := fmt.Sprintf("hello %d\n", i)
			c.Write([]byte(msg))
			got, err := bufio.NewReader(c).ReadString('\n')
			if err == nil && got == msg {
				ok.Add(1)
			}
		}(i)
	}
	wg.Wait()
	ln.Close()
	fmt.Println("echoed", ok.Load(), "of", total)
}
