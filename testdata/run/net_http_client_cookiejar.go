// A Client with a cookiejar: cookies a raw server sets come back on
// later requests and across redirects, by domain and path; Max-Age=0
// deletes one.
package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
)

func main() {
	s := newRaw(func(i int, req string) string {
		path := strings.Fields(req)[1]
		switch path {
		case "/login":
			return "HTTP/1.1 200 OK\r\nSet-Cookie: session=abc; Path=/\r\nSet-Cookie: pref=dark; Path=/app\r\nSet-Cookie: bad=1; Domain=other.example\r\nContent-Length: 0\r\n\r\n"
		case "/redirect":
			return "HTTP/1.1 302 Found\r\nSet-Cookie: hop=1\r\nLocation: /app/page\r\nContent-Length: 0\r\n\r\n"
		case "/logout":
			return "HTTP/1.1 200 OK\r\nSet-Cookie: session=; Max-Age=0\r\nContent-Length: 0\r\n\r\n"
		}
		return "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"
	})
	jar, err := cookiejar.New(nil)
	if err != nil {
		panic(err)
	}
	c := &http.Client{Jar: jar}
	cookieOf := func(req string) string {
		for _, l := range strings.Split(req, "\r\n") {
			if strings.HasPrefix(l, "Cookie: ") {
				return l
			}
		}
		return "(no cookie)"
	}
	for _, p := range []string{"/login", "/", "/app/x", "/redirect", "/logout", "/app/"} {
		r, err := c.Get(s.url(p))
		if err != nil {
			panic(err)
		}
		io.ReadAll(r.Body)
		r.Body.Close()
		fmt.Println(p, "->", cookieOf(s.last()))
	}
	u, _ := url.Parse(s.url("/app/deep"))
	for _, ck := range jar.Cookies(u) {
		fmt.Println(ck.Name, ck.Value)
	}
	u2, _ := url.Parse("http://example.com/")
	jar.SetCookies(u2, []*http.Cookie{{Name: "a", Value: "1", Domain: "example.com"}, {Name: "b", Value: "2"}})
	u3, _ := url.Parse("http://www.example.com/")
	fmt.Println(len(jar.Cookies(u2)), len(jar.Cookies(u3)), jar.Cookies(u3)[0].Name)
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
