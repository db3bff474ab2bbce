// Client errors: connection refused, Client.Timeout while awaiting
// headers and while reading the body, context cancellation and
// deadlines, a server closing without answering, and MaxConnsPerHost
// making requests wait.
package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

func clean(err error, s *rawServer) string {
	return strings.Replace(fmt.Sprint(err), s.addr, "HOST", -1)
}

func main() {
	_, err := http.Get("http://127.0.0.1:1/x")
	fmt.Println(err)
	var ue *url.Error
	var oe *net.OpError
	fmt.Println(errors.As(err, &ue), ue.Timeout(), errors.As(err, &oe), oe.Op)
	_, err = http.Get("ftp://127.0.0.1:1/")
	fmt.Println(err)
	_, err = http.Get("://bad")
	fmt.Println(err)
	_, err = http.Get("http:///nohost")
	fmt.Println(err)
	req, _ := http.NewRequest("GET", "http://127.0.0.1:1/", nil)
	req.Header.Set("Bad Name", "x")
	_, err = http.DefaultClient.Do(req)
	fmt.Println(err)

	s := newRaw(func(i int, req string) string {
		path := strings.Fields(req)[1]
		switch path {
		case "/slow":
			time.Sleep(300 * time.Millisecond)
			return "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
		case "/slowbody":
			return "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npartial"
		case "/hangup":
			return ""
		}
		return "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
	})
	c := &http.Client{Timeout: 100 * time.Millisecond}
	_, err = c.Get(s.url("/slow"))
	fmt.Println(clean(err, s))
	fmt.Println(errors.As(err, &ue), ue.Timeout(), errors.Is(err, context.DeadlineExceeded), os.IsTimeout(err))

	r, err := c.Get(s.url("/slowbody"))
	if err != nil {
		panic(err)
	}
	b, err := io.ReadAll(r.Body)
	fmt.Printf("%q %v\n", b, err)
	fmt.Println(errors.Is(err, context.DeadlineExceeded), os.IsTimeout(err))
	r.Body.Close()

	ctx, cancel := context.WithCancel(context.Background())
	req, _ = http.NewRequestWithContext(ctx, "GET", s.url("/slow"), nil)
	time.AfterFunc(50*time.Millisecond, cancel)
	_, err = http.DefaultClient.Do(req)
	fmt.Println(clean(err, s), errors.Is(err, context.Canceled))

	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	req, _ = http.NewRequestWithContext(ctx, "GET", s.url("/"), nil)
	_, err = http.DefaultClient.Do(req)
	fmt.Println(clean(err, s))

	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	req, _ = http.NewRequestWithContext(ctx, "GET", s.url("/slow"), nil)
	_, err = http.DefaultClient.Do(req)
	cancel()
	fmt.Println(clean(err, s), errors.Is(err, context.DeadlineExceeded))

	ctx, cancel = context.WithCancel(context.Background())
	req, _ = http.NewRequestWithContext(ctx, "GET", s.url("/slowbody"), nil)
	r, err = http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	time.AfterFunc(50*time.Millisecond, cancel)
	b, err = io.ReadAll(r.Body)
	fmt.Printf("%q %v\n", b, err)

	_, err = http.Get(s.url("/hangup"))
	fmt.Println(clean(err, s))

	tr := &http.Transport{ResponseHeaderTimeout: 50 * time.Millisecond}
	_, err = (&http.Client{Transport: tr}).Get(s.url("/slow"))
	fmt.Println(clean(err, s))

	// MaxConnsPerHost: 1 makes 4 concurrent requests share one
	// connection, one after another.
	s2 := newRaw(func(i int, req string) string {
		time.Sleep(20 * time.Millisecond)
		return "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
	})
	c2 := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 1}}
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := c2.Get(s2.url("/"))
			if err != nil {
				fmt.Println(err)
				return
			}
			io.ReadAll(r.Body)
			r.Body.Close()
		}()
	}
	wg.Wait()
	fmt.Println("conns with MaxConnsPerHost 1:", s2.count(), "requests:", len(s2.reqs))

	// A waiter gives up when its context ends.
	r, _ = c2.Get(s.url("/slowbody"))
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	req, _ = http.NewRequestWithContext(ctx, "GET", s.url("/"), nil)
	_, err = c2.Do(req)
	cancel()
	fmt.Println(clean(err, s))
	r.Body.Close()
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
