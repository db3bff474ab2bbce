// Client request bodies (strings.Reader with Content-Length, an io.Pipe
// sent chunked, PostForm, a custom Host and User-Agent) and redirects:
// 303 turning POST into GET, 307 keeping the body, a loop stopped after
// 10, CheckRedirect errors and ErrUseLastResponse.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
)

func main() {
	s := newRaw(func(i int, req string) string {
		path := strings.Fields(req)[1]
		switch {
		case path == "/see-other":
			return "HTTP/1.1 303 See Other\r\nLocation: /target?from=303\r\nContent-Length: 0\r\n\r\n"
		case path == "/temp":
			return "HTTP/1.1 307 Temporary Redirect\r\nLocation: /target\r\nContent-Length: 5\r\n\r\nmoved"
		case path == "/found":
			return "HTTP/1.1 302 Found\r\nLocation: http://other.invalid/x\r\nContent-Length: 0\r\n\r\n"
		case strings.HasPrefix(path, "/loop"):
			n, _ := strconv.Atoi(path[5:])
			return fmt.Sprintf("HTTP/1.1 302 Found\r\nLocation: /loop%d\r\nContent-Length: 0\r\n\r\n", n+1)
		case path == "/noloc":
			return "HTTP/1.1 301 Moved Permanently\r\nContent-Length: 0\r\n\r\n"
		}
		return "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
	})
	showResp(http.Post(s.url("/post"), "text/plain", strings.NewReader("hello body")))
	showReq(s.last())

	pr, pw := io.Pipe()
	go func() {
		pw.Write([]byte("part one,"))
		pw.Write([]byte("part two"))
		pw.Close()
	}()
	showResp(http.Post(s.url("/pipe"), "application/octet-stream", pr))
	showReq(s.last())

	showResp(http.PostForm(s.url("/form"), url.Values{"b": {"2 3"}, "a": {"1"}}))
	showReq(s.last())

	req, _ := http.NewRequest("PUT", s.url("/put?x=1"), strings.NewReader(""))
	req.Host = "example.com"
	req.Header.Set("User-Agent", "tester/1.0")
	req.Header.Add("X-Token", "t1")
	req.Header.Add("X-Token", "t2")
	req.Close = true
	showResp(http.DefaultClient.Do(req))
	showReq(s.last())

	req, _ = http.NewRequest("DELETE", s.url("/del"), nil)
	req.Header["User-Agent"] = nil
	showResp(http.DefaultClient.Do(req))
	showReq(s.last())

	fmt.Println("== 303")
	req, _ = http.NewRequest("POST", s.url("/see-other"), strings.NewReader("data"))
	req.Header.Set("Content-Type", "text/plain")
	req.Header.Set("Authorization", "secret")
	req.Header.Set("X-Keep", "yes")
	r, err := http.DefaultClient.Do(req)
	showResp(r, err)
	fmt.Println("final URL:", r.Request.URL.Path, r.Request.URL.RawQuery, r.Request.Method, r.Request.Response.StatusCode)
	showReq(s.last())

	fmt.Println("== 307")
	req, _ = http.NewRequest("POST", s.url("/temp"), strings.NewReader("data again"))
	req.Header.Set("Content-Type", "text/plain")
	showResp(http.DefaultClient.Do(req))
	showReq(s.last())

	fmt.Println("== 307 without GetBody")
	req, _ = http.NewRequest("POST", s.url("/temp"), io.MultiReader(strings.NewReader("x")))
	showResp(http.DefaultClient.Do(req))

	fmt.Println("== loop")
	r, err = http.Get(s.url("/loop0"))
	fmt.Println(r != nil, strings.Replace(err.Error(), s.addr, "HOST", 1))
	var ue *url.Error
	fmt.Println(errors.As(err, &ue), ue.Op, ue.URL, ue.Err)

	fmt.Println("== no Location")
	showResp(http.Get(s.url("/noloc")))

	fmt.Println("== CheckRedirect")
	var via []string
	c := &http.Client{CheckRedirect: func(req *http.Request, v []*http.Request) error {
		via = append(via, req.URL.Path+" via "+strconv.Itoa(len(v))+" referer="+strings.Replace(req.Header.Get("Referer"), s.addr, "HOST", 1))
		if len(v) == 3 {
			return errors.New("enough")
		}
		return nil
	}}
	r, err = c.Get(s.url("/loop0"))
	fmt.Println(r.StatusCode, strings.Replace(err.Error(), s.addr, "HOST", 1))
	fmt.Println(strings.Join(via, "\n"))

	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	showResp(c.Get(s.url("/temp")))

	c.CheckRedirect = nil
	r, err = c.Get(s.url("/found"))
	var de *net.DNSError
	fmt.Println(r == nil, errors.As(err, &ue), ue.URL, errors.As(err, &de), de.Name, de.Err, de.IsNotFound)
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
