// httputil against a raw server: DumpRequest, DumpRequestOut and
// DumpResponse (with and without bodies), and a ReverseProxy (Director
// and Rewrite forms, ModifyResponse, ErrorHandler) in front of it,
// served into a small ResponseWriter.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
)

type recorder struct {
	code int
	h    http.Header
	body strings.Builder
}

func (r *recorder) Header() http.Header { return r.h }
func (r *recorder) Write(b []byte) (int, error) {
	if r.code == 0 {
		r.code = 200
	}
	return r.body.Write(b)
}
func (r *recorder) WriteHeader(code int) { r.code = code }

func (r *recorder) show() {
	fmt.Println("proxied:", r.code)
	keys := make([]string, 0, len(r.h))
	for k := range r.h {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("  %s: %q\n", k, r.h[k])
	}
	fmt.Printf("  body %q\n", r.body.String())
}

func dump(b []byte, err error) {
	fmt.Printf("%q %v\n", b, err)
}

func main() {
	s := newRaw(func(i int, req string) string {
		if strings.Contains(req, "/chunked") {
			return "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-Backend: raw\r\nConnection: keep-alive, X-Hop\r\nX-Hop: 1\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"
		}
		return "HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\nContent-Length: 7\r\nKeep-Alive: timeout=5\r\n\r\ncreated"
	})

	req, _ := http.NewRequest("POST", "http://example.com/a/b?q=1", strings.NewReader("payload"))
	req.Header.Set("Content-Type", "text/plain")
	req.Header.Set("X-Z", "z")
	dump(httputil.DumpRequest(req, true))
	dump(httputil.DumpRequest(req, false))
	var r *http.Response
	b, _ := io.ReadAll(req.Body)
	fmt.Printf("body still there: %q\n", b)
	req, _ = http.NewRequest("PUT", "http://example.com/put", strings.NewReader("0123456789"))
	// Go's Transport asks for gzip; minigo's cannot decompress, so does not.
	out, err := httputil.DumpRequestOut(req, false)
	dump([]byte(strings.Replace(string(out), "Accept-Encoding: gzip\r\n", "", 1)), err)
	req.TransferEncoding = []string{"chunked"}
	dump(httputil.DumpRequest(req, true))

	r, err = http.Get(s.url("/plain"))
	if err != nil {
		panic(err)
	}
	dump(httputil.DumpResponse(r, true))
	dump(httputil.DumpResponse(r, false))
	b, _ = io.ReadAll(r.Body)
	fmt.Printf("body still there: %q\n", b)
	r, _ = http.Get(s.url("/chunked"))
	dump(httputil.DumpResponse(r, true))
	r.Body.Close()
	dump(httputil.DumpResponse(&http.Response{StatusCode: 404, ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{"X": {"y"}}}, true))

	target, _ := url.Parse("http://" + s.addr + "/base")
	proxy := httputil.NewSingleHostReverseProxy(target)
	in, _ := http.NewRequest("GET", "http://front.example/item?x=1", nil)
	in.RemoteAddr = "10.0.0.7:5555"
	in.Header.Set("Connection", "close, X-Drop")
	in.Header.Set("X-Drop", "gone")
	in.Header.Set("X-Forwarded-For", "1.2.3.4")
	in.Header.Set("X-Keep", "kept")
	rec := &recorder{h: http.Header{}}
	proxy.ServeHTTP(rec, in)
	rec.show()
	showReq(s.last())

	in, _ = http.NewRequest("POST", "http://front.example/chunked", strings.NewReader("up"))
	in.RemoteAddr = "10.0.0.8:1"
	proxy = &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			pr.SetXForwarded()
		},
		ModifyResponse: func(r *http.Response) error {
			r.Header.Set("X-Modified", "yes")
			return nil
		},
	}
	rec = &recorder{h: http.Header{}}
	proxy.ServeHTTP(rec, in)
	rec.show()
	showReq(s.last())

	proxy.ModifyResponse = func(r *http.Response) error { return errors.New("refused") }
	proxy.ErrorHandler = func(w http.ResponseWriter, r *http.Request, err error) {
		w.WriteHeader(599)
		fmt.Fprint(w, "error: ", err)
	}
	rec = &recorder{h: http.Header{}}
	in, _ = http.NewRequest("GET", "http://front.example/", nil)
	proxy.ServeHTTP(rec, in)
	rec.show()

	dead, _ := url.Parse("http://127.0.0.1:1")
	proxy = httputil.NewSingleHostReverseProxy(dead)
	proxy.ErrorHandler = func(w http.ResponseWriter, r *http.Request, err error) {
		w.WriteHeader(502)
		fmt.Fprint(w, err)
	}
	rec = &recorder{h: http.Header{}}
	proxy.ServeHTTP(rec, in)
	rec.show()

	both := &httputil.ReverseProxy{Director: func(*http.Request) {}, Rewrite: func(*httputil.ProxyRequest) {}}
	both.ErrorHandler = proxy.ErrorHandler
	rec = &recorder{h: http.Header{}}
	both.ServeHTTP(rec, in)
	rec.show()
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
