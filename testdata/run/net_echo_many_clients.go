package main

import (
	"bufio"
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync"
)

// An echo server with a goroutine per connection; 50 clients each make 20
// round trips (a number out, the doubled number back) at the same time.

func serve(conn net.Conn) {
	defer conn.Close()
	r := bufio.NewReader(conn)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return // io.EOF: the client hung up
		}
		n, _ := strconv.Atoi(strings.TrimSpace(line))
		fmt.Fprintf(conn, "%d\n", 2*n)
	}
}

func main() {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go serve(conn)
		}
	}()

	const clients, rounds = 50, 20
	sums := make([]int, clients)
	errs := make([]error, clients)
	var wg sync.WaitGroup
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			conn, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				errs[c] = err
				return
			}
			defer conn.Close()
			r := bufio.NewReader(conn)
			for i := 0; i < rounds; i++ {
				fmt.Fprintf(conn, "%d\n", c*1000+i)
				line, err := r.ReadString('\n')
				if err != nil {
					errs[c] = err
					return
				}
				v, _ := strconv.Atoi(strings.TrimSuffix(line, "\n"))
				sums[c] += v
			}
		}(c)
	}
	wg.Wait()
	ln.Close()

	total := 0
	for c := 0; c < clients; c++ {
		// 2 * sum over i of (c*1000 + i)
		if want := 2 * (rounds*c*1000 + rounds*(rounds-1)/2); sums[c] != want || errs[c] != nil {
			fmt.Println("client", c, "sum", sums[c], "want", want, "error:", errs[c])
		}
		total += sums[c]
	}
	fmt.Println("clients:", clients, "rounds:", rounds, "total:", total)
	fmt.Println("client 0:", sums[0], "client 49:", sums[49])
}
