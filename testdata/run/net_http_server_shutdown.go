package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

func main() {
	started := make(chan bool, 1)
	release := make(chan bool)
	var mu sync.Mutex
	var states []string
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/slow" {
				started <- true
				<-release
			}
			io.WriteString(w, "done "+r.URL.Path)
		}),
		ConnState: func(c net.Conn, s http.ConnState) {
			mu.Lock()
			states = append(states, s.String())
			mu.Unlock()
		},
	}
	hook := make(chan string, 1)
	srv.RegisterOnShutdown(func() { hook <- "on shutdown hook ran" })
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	addr := ln.Addr().String()

	// An idle keep-alive connection and one with a request in flight.
	idle, _ := net.Dial("tcp", addr)
	io.WriteString(idle, "GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
	buf := make([]byte, 4096)
	n, _ := idle.Read(buf)
	fmt.Println("idle conn got:", strings.Contains(string(buf[:n]), "done /fast"))

	busy, _ := net.Dial("tcp", addr)
	io.WriteString(busy, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
	<-started

	shutdownDone := make(chan error, 1)
	go func() { shutdownDone <- srv.Shutdown(context.Background()) }()

	// The idle connection is closed; the busy one still works.
	_, err = idle.Read(buf)
	fmt.Println("idle conn read:", err)
	fmt.Println("serve returned:", <-serveErr)
	select {
	case err := <-shutdownDone:
		fmt.Println("shutdown returned early:", err)
	case <-time.After(100 * time.Millisecond):
		fmt.Println("shutdown waiting for the busy connection")
	}
	_, err = net.Dial("tcp", addr)
	fmt.Println("dial after shutdown fails:", err != nil)
	close(release)
	resp, _ := io.ReadAll(busy)
	fmt.Println("busy conn got:", strings.Contains(string(resp), "done /slow"), strings.Contains(string(resp), "Connection: close"))
	fmt.Println("shutdown:", <-shutdownDone)
	fmt.Println(<-hook)
	fmt.Println("serve again:", srv.Serve(ln), srv.ListenAndServe())
	time.Sleep(10 * time.Millisecond)
	mu.Lock()
	// Two connections' states interleave: count them.
	count := map[string]int{}
	for _, s := range states {
		count[s]++
	}
	fmt.Println("states:", count)
	mu.Unlock()

	// Shutdown with a context that expires.
	ln2, _ := net.Listen("tcp", "127.0.0.1:0")
	block := make(chan bool)
	srv2 := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		started <- true
		<-block
	})}
	go srv2.Serve(ln2)
	c2, _ := net.Dial("tcp", ln2.Addr().String())
	io.WriteString(c2, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	<-started
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	err = srv2.Shutdown(ctx)
	cancel()
	fmt.Println("shutdown with deadline:", err, errors.Is(err, context.DeadlineExceeded))
	// Close closes the busy connection at once.
	fmt.Println("close:", srv2.Close())
	_, err = io.ReadAll(c2)
	fmt.Println("client after close:", err)
	close(block)

	// Close on a server with an active connection and a pending Serve.
	ln3, _ := net.Listen("tcp", "127.0.0.1:0")
	srv3 := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})}
	done3 := make(chan error)
	go func() { done3 <- srv3.Serve(ln3) }()
	c3, _ := net.Dial("tcp", ln3.Addr().String())
	io.WriteString(c3, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	n, _ = c3.Read(buf)
	fmt.Println("srv3 answered:", strings.HasPrefix(string(buf[:n]), "HTTP/1.1 200 OK"))
	fmt.Println("srv3 close:", srv3.Close(), <-done3)
	_, err = c3.Read(buf)
	fmt.Println("srv3 client:", err)
	fmt.Println(http.StateNew, http.StateActive, http.StateIdle, http.StateHijacked, http.StateClosed)
}
