package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	srv := &http.Server{MaxHeaderBytes: 1024, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		fmt.Fprintf(w, "body=%q err=%v", b, err)
	})}
	go srv.Serve(ln)
	addr := ln.Addr().String()

	cases := []struct{ name, raw string }{
		{"bad request line", "GARBAGE\r\n\r\n"},
		{"bad method", "G(T / HTTP/1.1\r\nHost: x\r\n\r\n"},
		{"bad version", "GET / HTTP/x.y\r\nHost: x\r\n\r\n"},
		{"http/2.0", "GET / HTTP/2.0\r\nHost: x\r\n\r\n"},
		{"http/0.9", "GET / HTTP/0.9\r\nHost: x\r\n\r\n"},
		{"missing host", "GET / HTTP/1.1\r\n\r\n"},
		{"two hosts", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"},
		{"bad host", "GET / HTTP/1.1\r\nHost: a b\r\n\r\n"},
		{"bad header line", "GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n"},
		{"bad header name", "GET / HTTP/1.1\r\nHost: x\r\nBad Name: v\r\n\r\n"},
		{"bad header value", "GET / HTTP/1.1\r\nHost: x\r\nX: a\x01b\r\n\r\n"},
		{"leading space", "GET / HTTP/1.1\r\n Host: x\r\n\r\n"},
		{"bad url", "GET foo HTTP/1.1\r\nHost: x\r\n\r\n"},
		{"bad content-length", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n"},
		{"two content-lengths", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"},
		{"unsupported transfer-encoding", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n"},
		{"two transfer-encodings", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n"},
		{"bad chunk size", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n"},
		{"oversized headers", "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("a", 8000) + "\r\n\r\n"},
	}
	for _, tc := range cases {
		show(tc.name, exchange(addr, tc.raw))
	}

	// ReadRequest itself.
	for _, raw := range []string{
		"GET /a?b=c HTTP/1.1\r\nHost: h\r\nX-A: 1\r\nx-a: 2\r\nUser-Agent: ua\r\n\r\n",
		"CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
		"POST /p HTTP/1.0\r\nContent-Length: 3\r\nConnection: keep-alive\r\n\r\nabc",
		"GET / HTTP/1.1\r\nHost: x\r\nFolded: a\r\n  b\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
		"BAD\r\n\r\n",
		"GET / HTTP/1.1\r\n",
		"",
	} {
		req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(raw)))
		if err != nil {
			fmt.Printf("ReadRequest error: %v\n", err)
			continue
		}
		b, _ := io.ReadAll(req.Body)
		fmt.Printf("%s %q %s %d.%d host=%q uri=%q path=%q header=%v cl=%d close=%v body=%q\n",
			req.Method, req.URL.String(), req.Proto, req.ProtoMajor, req.ProtoMinor, req.Host, req.RequestURI,
			req.URL.Path, req.Header, req.ContentLength, req.Close, b)
	}
	for _, v := range []string{"HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/3.1", "HTTP/1.10", "http/1.1", "HTTP/a.b"} {
		maj, min, ok := http.ParseHTTPVersion(v)
		fmt.Println(v, maj, min, ok)
	}
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
