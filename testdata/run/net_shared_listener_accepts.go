package main

import (
	"bufio"
	"fmt"
	"net"
	"sort"
	"strings"
	"sync"
)

// Two goroutines wait in Accept on one listener (and two in Read on one
// connection); Go serializes them on the descriptor, none is an error.
func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	var mu sync.Mutex
	var got []string
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := ln.Accept()
			if err != nil {
				panic(err)
			}
			line, _ := bufio.NewReader(c).ReadString('\n')
			mu.Lock()
			got = append(got, strings.TrimSpace(line))
			mu.Unlock()
			c.Close()
		}()
	}
	for _, name := range []string{"alpha", "beta"} {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			panic(err)
		}
		fmt.Fprintln(c, name)
		defer c.Close()
	}
	wg.Wait()
	sort.Strings(got)
	fmt.Println("accepted:", got)

	// A third and fourth Accept wait together; Close wakes both.
	errs := make(chan string, 2)
	for i := 0; i < 2; i++ {
		go func() {
			_, err := ln.Accept()
			errs <- err.Error()
		}()
	}
	ln.Close()
	a, b := <-errs, <-errs
	fmt.Println(a == b, strings.HasSuffix(a, "use of closed network connection"))

	// Two readers on one connection: each gets one of the two lines' bytes.
	srv, _ := net.Listen("tcp", "127.0.0.1:0")
	defer srv.Close()
	go func() {
		c, _ := srv.Accept()
		fmt.Fprint(c, "xy")
		c.Close()
	}()
	c, _ := net.Dial("tcp", srv.Addr().String())
	res := make(chan string, 2)
	for i := 0; i < 2; i++ {
		go func() {
			buf := make([]byte, 1)
			n, err := c.Read(buf)
			res <- fmt.Sprint(n, err, string(buf[:n]) != "")
		}()
	}
	r := []string{<-res, <-res}
	sort.Strings(r)
	fmt.Println(r)
}
