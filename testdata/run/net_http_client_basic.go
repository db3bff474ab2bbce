// The client against a raw server: Content-Length, chunked (with a
// trailer), read-until-close, HEAD, 204, 1xx skipping, and keep-alive
// reuse (one connection for bodies read to the end, a new one after a
// body closed unread).
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
)

func main() {
	s := newRaw(func(i int, req string) string {
		path := strings.Fields(req)[1]
		switch path {
		case "/len":
			return "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-Multi: a\r\nx-multi: b\r\nContent-Length: 5\r\n\r\nhello"
		case "/chunked":
			return "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTrailer: X-Sum\r\n\r\n3\r\nabc\r\n4;ext=1\r\ndefg\r\n0\r\nX-Sum: 7\r\n\r\n"
		case "/close":
			return "HTTP/1.0 200 OK\r\nServer: raw\r\n\r\nuntil the end"
		case "/head":
			return "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n"
		case "/nocontent":
			return "HTTP/1.1 204 No Content\r\nX-A: 1\r\n\r\n"
		case "/info":
			return "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </x>\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok"
		case "/big":
			return "HTTP/1.1 200 OK\r\nContent-Length: 300000\r\n\r\n" + strings.Repeat("x", 300000)
		case "/custom":
			return "HTTP/1.1 299 Whatever Text\r\nContent-Length: 0\r\n\r\n"
		}
		return "HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n\r\nnot found"
	})
	for _, p := range []string{"/len", "/chunked", "/close", "/nocontent", "/info", "/custom", "/missing"} {
		fmt.Println("GET", p)
		showResp(http.Get(s.url(p)))
	}
	showReq(s.reqs[0])
	fmt.Println("HEAD /head")
	showResp(http.Head(s.url("/head")))
	showReq(s.last())

	// Keep-alive: bodies read to EOF and closed reuse one connection.
	s2 := newRaw(func(i int, req string) string {
		if strings.Contains(req, "/big") {
			return "HTTP/1.1 200 OK\r\nContent-Length: 300000\r\n\r\n" + strings.Repeat("x", 300000)
		}
		return "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
	})
	c := &http.Client{Transport: &http.Transport{}}
	for i := 0; i < 3; i++ {
		r, err := c.Get(s2.url("/"))
		if err != nil {
			panic(err)
		}
		io.ReadAll(r.Body)
		r.Body.Close()
	}
	fmt.Println("conns after 3 read requests:", s2.count())
	r, _ := c.Get(s2.url("/big"))
	b := make([]byte, 10)
	io.ReadFull(r.Body, b)
	r.Body.Close()
	r, _ = c.Get(s2.url("/"))
	io.ReadAll(r.Body)
	r.Body.Close()
	fmt.Println("conns after an unread body:", s2.count())
	_, err := r.Body.Read(b)
	fmt.Println("read after close:", err)
	c.CloseIdleConnections()
	r, _ = c.Get(s2.url("/"))
	io.ReadAll(r.Body)
	r.Body.Close()
	fmt.Println("conns after CloseIdleConnections:", s2.count())

	// DisableKeepAlives: Connection: close, a connection per request.
	c2 := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	for i := 0; i < 2; i++ {
		r, _ := c2.Get(s2.url("/dka"))
		io.ReadAll(r.Body)
		r.Body.Close()
	}
	fmt.Println("conns with DisableKeepAlives:", s2.count())
	showReq(s2.last())
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
					t, _ := br.ReadString('\n')
					body.WriteString(t)
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
