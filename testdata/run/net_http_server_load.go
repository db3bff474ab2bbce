package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	var served atomic.Int64
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		served.Add(1)
		fmt.Fprintf(w, "hello %s", r.URL.Query().Get("i"))
	})}
	go srv.Serve(ln)
	addr := ln.Addr().String()

	const clients = 500
	var ok, bad atomic.Int64
	var wg sync.WaitGroup
	for i := 0; i < clients; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			c, err := net.Dial("tcp", addr)
			if err != nil {
				bad.Add(1)
				return
			}
			defer c.Close()
			fmt.Fprintf(c, "GET /?i=%d HTTP/1.1\r\nHost: x\r\n\r\n", i)
			br := bufio.NewReader(c)
			status, err := br.ReadString('\n')
			if err != nil || status != "HTTP/1.1 200 OK\r\n" {
				bad.Add(1)
				return
			}
			n := 0
			for {
				line, err := br.ReadString('\n')
				if err != nil {
					bad.Add(1)
					return
				}
				if line == "\r\n" {
					break
				}
				if strings.HasPrefix(line, "Content-Length: ") {
					fmt.Sscanf(line, "Content-Length: %d", &n)
				}
			}
			body := make([]byte, n)
			if _, err := io.ReadFull(br, body); err != nil || string(body) != fmt.Sprintf("hello %d", i) {
				bad.Add(1)
				return
			}
			ok.Add(1)
		}(i)
	}
	wg.Wait()
	fmt.Println("ok:", ok.Load(), "bad:", bad.Load(), "served:", served.Load())
	srv.Close()
}
