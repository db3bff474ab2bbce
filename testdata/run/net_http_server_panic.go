package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func main() {
	var logBuf syncBuf
	ctxErr := make(chan string, 1)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	var srv *http.Server
	srv = &http.Server{
		ErrorLog: log.New(&logBuf, "", 0),
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch r.URL.Path {
			case "/panic":
				panic("boom")
			case "/panic-after-write":
				io.WriteString(w, "partial")
				w.(http.Flusher).Flush()
				panic(fmt.Errorf("wrapped %d", 7))
			case "/abort":
				panic(http.ErrAbortHandler)
			case "/superfluous":
				w.WriteHeader(202)
				w.WriteHeader(203)
			case "/wait":
				select {
				case <-r.Context().Done():
					ctxErr <- fmt.Sprint("context: ", r.Context().Err())
				case <-time.After(5 * time.Second):
					ctxErr <- "timeout"
				}
			case "/values":
				s := r.Context().Value(http.ServerContextKey).(*http.Server)
				la := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
				fmt.Fprintln(w, s == srv, la.String() == ln.Addr().String(), r.RemoteAddr != "")
				fmt.Fprintln(w, http.ServerContextKey, http.LocalAddrContextKey)
			}
		}),
	}
	go srv.Serve(ln)
	addr := ln.Addr().String()

	show("panic", exchange(addr, "GET /panic HTTP/1.1\r\nHost: x\r\n\r\n"))
	show("panic after write", exchange(addr, "GET /panic-after-write HTTP/1.1\r\nHost: x\r\n\r\n"))
	show("abort", exchange(addr, "GET /abort HTTP/1.1\r\nHost: x\r\n\r\n"))
	show("superfluous", exchange(addr, "GET /superfluous HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("values", exchange(addr, "GET /values HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))

	lines := strings.Split(logBuf.String(), "\n")
	for _, l := range lines {
		if strings.HasPrefix(l, "http: panic serving") {
			// Mask the client's port.
			i := strings.Index(l, "127.0.0.1:")
			j := strings.Index(l[i:], ": ")
			fmt.Println("log:", l[:i]+"127.0.0.1:PORT"+l[i+j:])
		}
		if strings.HasPrefix(l, "http: superfluous") {
			fmt.Println("log:", l[:len("http: superfluous response.WriteHeader call")])
		}
	}

	// The request's context is cancelled when the client goes away.
	c, _ := net.Dial("tcp", addr)
	io.WriteString(c, "GET /wait HTTP/1.1\r\nHost: x\r\n\r\n")
	time.Sleep(50 * time.Millisecond)
	c.Close()
	fmt.Println(<-ctxErr)
	_ = context.Canceled
}
// exchange sends raw on a new connection and returns everything the
// server sends until it closes the connection, Date values masked.
func exchange(addr, raw string) string {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		panic(err)
	}
	defer c.Close()
	io.WriteString(c, raw)
	b, err := io.ReadAll(c)
	if err != nil {
		return mask(string(b)) + "[read error: " + err.Error() + "]"
	}
	return mask(string(b))
}

func mask(s string) string {
	lines := strings.Split(s, "\r\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "Date: ") {
			lines[i] = "Date: <date>"
		}
	}
	return strings.Join(lines, "\r\n")
}

func show(title, s string) {
	fmt.Printf("== %s\n%s\n", title, strings.ReplaceAll(s, "\r\n", "\\r\\n\n"))
}

func serve(h http.Handler) (*http.Server, string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	return srv, ln.Addr().String()
}
