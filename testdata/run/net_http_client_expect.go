// Expect: 100-continue (the body follows a 100, or is never sent after
// a final answer), request trailers, the deprecated Request.Cancel, and
// ReadResponse on canned bytes.
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
		return "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
	})
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	go func() {
		for k := 0; ; k++ {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func(c net.Conn, k int) {
				defer c.Close()
				br := bufio.NewReader(c)
				for {
					l, err := br.ReadString('\n')
					if err != nil || l == "\r\n" {
						break
					}
				}
				if k == 0 {
					io.WriteString(c, "HTTP/1.1 100 Continue\r\n\r\n")
					buf := make([]byte, 4)
					io.ReadFull(br, buf)
					io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Length: "+strconv.Itoa(len(buf))+"\r\n\r\n"+string(buf))
					return
				}
				io.WriteString(c, "HTTP/1.1 417 Expectation Failed\r\nContent-Length: 2\r\n\r\nno")
			}(c, k)
		}
	}()
	c := &http.Client{Transport: &http.Transport{ExpectContinueTimeout: time.Second}}
	for i := 0; i < 2; i++ {
		req, _ := http.NewRequest("PUT", "http://"+ln.Addr().String()+"/", strings.NewReader("data"))
		req.Header.Set("Expect", "100-continue")
		showResp(c.Do(req))
	}

	req, _ := http.NewRequest("POST", s.url("/trailer"), io.MultiReader(strings.NewReader("abc")))
	req.Trailer = http.Header{"X-Check": nil}
	req.Trailer.Set("X-Check", "sum")
	showResp(http.DefaultClient.Do(req))
	showReq(s.last())

	// Cancelled once the server has the request (not after a fixed
	// delay, which a slow dial could outlast): "request canceled".
	arrived := make(chan struct{}, 1)
	slow := newRaw(func(i int, req string) string {
		arrived <- struct{}{}
		time.Sleep(300 * time.Millisecond)
		return "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
	})
	cancel := make(chan struct{})
	req, _ = http.NewRequest("GET", slow.url("/"), nil)
	req.Cancel = cancel
	go func() {
		<-arrived
		close(cancel)
	}()
	_, err := http.DefaultClient.Do(req)
	fmt.Println(strings.Replace(err.Error(), slow.addr, "HOST", 1))

	raw := "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nnope\r\n0\r\nX-T: 1\r\n\r\n"
	r, err := http.ReadResponse(bufio.NewReader(strings.NewReader(raw)), nil)
	showResp(r, err)
	_, err = http.ReadResponse(bufio.NewReader(strings.NewReader("HTTP/1.1 2000 OK\r\n\r\n")), nil)
	fmt.Println(err)
	_, err = http.ReadResponse(bufio.NewReader(strings.NewReader("HTTP/x 200 OK\r\n\r\n")), nil)
	fmt.Println(err)
	_, err = http.ReadResponse(bufio.NewReader(strings.NewReader("HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n")), nil)
	fmt.Println(err)
	_, err = http.ReadResponse(bufio.NewReader(strings.NewReader("HTTP/1.1 200 OK\r\nA: b\r\n")), nil)
	fmt.Println(err)
	r, _ = http.ReadResponse(bufio.NewReader(strings.NewReader("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort")), nil)
	b, err := io.ReadAll(r.Body)
	fmt.Printf("%q %v\n", b, err)
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
