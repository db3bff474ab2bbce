// Pool limits: IdleConnTimeout closes an idle connection, a server's
// Connection: close is honoured, MaxIdleConnsPerHost bounds what is
// kept, and HTTP/1.0 keep-alive is respected.
package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	s := newRaw(func(i int, req string) string {
		if strings.Contains(req, "/close") {
			return "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok"
		}
		if strings.Contains(req, "/ten") {
			return "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nok"
		}
		return "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
	})
	get := func(c *http.Client, p string) {
		r, err := c.Get(s.url(p))
		if err != nil {
			panic(err)
		}
		io.ReadAll(r.Body)
		r.Body.Close()
	}
	c := &http.Client{Transport: &http.Transport{IdleConnTimeout: 50 * time.Millisecond}}
	get(c, "/")
	get(c, "/")
	fmt.Println("before idle timeout:", s.count())
	time.Sleep(150 * time.Millisecond)
	get(c, "/")
	fmt.Println("after idle timeout:", s.count())
	get(c, "/close")
	get(c, "/")
	fmt.Println("after Connection: close:", s.count())
	get(c, "/ten")
	get(c, "/ten")
	fmt.Println("after HTTP/1.0 keep-alive:", s.count())

	// Three bodies open at once need three connections; one idle slot
	// keeps one of them.
	c2 := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
	var rs []*http.Response
	for i := 0; i < 3; i++ {
		r, err := c2.Get(s.url("/"))
		if err != nil {
			panic(err)
		}
		rs = append(rs, r)
	}
	for _, r := range rs {
		io.ReadAll(r.Body)
		r.Body.Close()
	}
	n := s.count()
	for i := 0; i < 3; i++ {
		get(c2, "/")
	}
	fmt.Println("new conns after the burst:", s.count()-n)
}

// rawServer is a tiny HTTP/1.1 server: it records each request's bytes
// (the port and Go's Accept-Encoding normalised) and writes the canned
// response handle gives ("" closes the connection).
type rawServer struct {
	ln      net.Listener
	addr    string
	mu      sync.Mutex
	accepts int
	reqs    []string
	handle  func(i int, req string) string
}

func newRaw(handle func(i int, req string) string) *rawServer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	s := &rawServer{ln: ln, addr: ln.Addr().String(), handle: handle}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s.mu.Lock()
			s.accepts++
			s.mu.Unlock()
			go s.serve(c)
		}
	}()
	return s
}

func (s *rawServer) url(path string) string { return "http://" + s.addr + path }

func (s *rawServer) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.accepts
}

func (s *rawServer) last() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reqs[len(s.reqs)-1]
}

func (s *rawServer) serve(c net.Conn) {
	defer c.Close()
	br := bufio.NewReader(c)
	for {
		var head strings.Builder
		cl, chunked := 0, false
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return
			}
			l := strings.ToLower(line)
			if l == "accept-encoding: gzip\r\n" {
				continue
			}
			head.WriteString(line)
			if line == "\r\n" {
				break
			}
			if strings.HasPrefix(l, "content-length:") {
				cl, _ = strconv.Atoi(strings.TrimSpace(line[15:]))
			}
			if strings.HasPrefix(l, "transfer-encoding: chunked") {
				chunked = true
			}
		}
		var body strings.Builder
		if chunked {
			for {
				line, err := br.ReadString('\n')
				if err != nil {
					return
				}
				body.WriteString(line)
				n, _ := strconv.ParseInt(strings.TrimSpace(line), 16, 64)
				if n == 0 {
					for {
						t, _ := br.ReadString('\n')
						body.WriteString(t)
						if t == "\r\n" || t == "" {
							break
						}
					}
					break
				}
				buf := make([]byte, n+2)
				io.ReadFull(br, buf)
				body.Write(buf)
			}
		} else if cl > 0 {
			buf := make([]byte, cl)
			io.ReadFull(br, buf)
			body.Write(buf)
		}
		req := strings.ReplaceAll(head.String()+body.String(), s.addr, "HOST")
		s.mu.Lock()
		i := len(s.reqs)
		s.reqs = append(s.reqs, req)
		s.mu.Unlock()
		resp := s.handle(i, req)
		if resp == "" {
			return
		}
		c.Write([]byte(resp))
		if strings.Contains(resp, "Connection: close") || strings.HasPrefix(resp, "HTTP/1.0") {
			return
		}
	}
}

func showReq(r string) {
	fmt.Printf("request:\n%s\n", strings.ReplaceAll(r, "\r\n", "\\r\\n\n"))
}

func showResp(r *http.Response, err error) {
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	b, err := io.ReadAll(r.Body)
	r.Body.Close()
	fmt.Printf("%s %s %d len=%d te=%v close=%v\n", r.Proto, r.Status, r.StatusCode, r.ContentLength, r.TransferEncoding, r.Close)
	keys := make([]string, 0, len(r.Header))
	for k := range r.Header {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("  %s: %q\n", k, r.Header[k])
	}
	fmt.Printf("body %q err=%v trailer=%v\n", b, err, r.Trailer)
}
