package main

import (
	"bufio"
	"fmt"
	"net"
	"runtime"
	"strings"
	"sync"
	"time"
)

// 200 goroutines park in Read on their own connection at once; the netpoller
// must wake exactly the one whose socket got data, in whatever order the
// data arrives, and each wakes again for EOF when its client hangs up.

func main() {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	const n = 200
	clients := make([]net.Conn, n)
	got := make([]string, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		clients[i], _ = net.Dial("tcp", ln.Addr().String())
		srv, _ := ln.Accept()
		wg.Add(1)
		go func(i int, c net.Conn) {
			defer wg.Done()
			defer c.Close()
			r := bufio.NewReader(c)
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					got[i] += "EOF"
					return
				}
				got[i] += strings.TrimSpace(line) + ","
				fmt.Fprintf(c, "ack %s", line)
			}
		}(i, srv)
	}
	ln.Close()
	fmt.Println("goroutines with parked readers:", runtime.NumGoroutine())

	// Wake them from the last to the first, twice.
	for round := 0; round < 2; round++ {
		for i := n - 1; i >= 0; i-- {
			fmt.Fprintf(clients[i], "r%d-c%d\n", round, i)
		}
		acks := 0
		for i := 0; i < n; i++ {
			line, _ := bufio.NewReader(clients[i]).ReadString('\n')
			if line == fmt.Sprintf("ack r%d-c%d\n", round, i) {
				acks++
			}
		}
		fmt.Println("round", round, "acks:", acks)
	}
	for _, c := range clients {
		c.Close()
	}
	wg.Wait()
	// A goroutine that has called Done may not have exited yet: poll.
	for i := 0; i < 2000 && runtime.NumGoroutine() > 1; i++ {
		time.Sleep(time.Millisecond)
	}
	fmt.Println("after EOF:", runtime.NumGoroutine())
	fmt.Println(got[0])
	fmt.Println(got[n-1])
	same := 0
	for i := range got {
		if got[i] == fmt.Sprintf("r0-c%d,r1-c%d,EOF", i, i) {
			same++
		}
	}
	fmt.Println("all histories right:", same == n)
}
