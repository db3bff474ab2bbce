package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
)

func main() {
	_, addr := serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/hello":
			fmt.Fprintf(w, "Hello, %s %s %s host=%s q=%s\n", r.Method, r.URL.Path, r.Proto, r.Host, r.URL.Query().Get("q"))
		case "/html":
			io.WriteString(w, "<html><body>hi</body></html>")
		case "/big":
			// More than the 2 KB buffer: chunked.
			w.Write([]byte(strings.Repeat("abcdefghij", 300)))
		case "/flush":
			io.WriteString(w, "part1 ")
			w.(http.Flusher).Flush()
			io.WriteString(w, "part2")
		case "/nocontent":
			w.WriteHeader(204)
			n, err := io.WriteString(w, "ignored")
			fmt.Fprintln(w, n, err)
		case "/notmodified":
			w.Header().Set("Content-Type", "text/plain")
			w.Header().Set("Etag", `"x"`)
			w.WriteHeader(304)
		case "/cl":
			w.Header().Set("Content-Length", "5")
			n, err := io.WriteString(w, "12345678")
			_ = n
			_ = err
		case "/headers":
			w.Header().Set("X-Multi", "a")
			w.Header().Add("X-Multi", "b")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(201)
			io.WriteString(w, `{"ok":true}`)
			w.Header().Set("X-Late", "ignored")
		case "/status":
			w.WriteHeader(299)
		case "/trailer":
			w.Header().Set("Trailer", "X-Sum")
			io.WriteString(w, "data")
			w.Header().Set("X-Sum", "42")
		case "/empty":
		default:
			http.Error(w, "nope", 404)
		}
	}))

	show("hello", exchange(addr, "GET /hello?q=1 HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n"))
	show("keep-alive two requests", exchange(addr, "GET /hello HTTP/1.1\r\nHost: a\r\n\r\nGET /html HTTP/1.1\r\nHost: b\r\nConnection: close\r\n\r\n"))
	show("http/1.0", exchange(addr, "GET /hello HTTP/1.0\r\n\r\n"))
	show("http/1.0 keep-alive", exchange(addr, "GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /empty HTTP/1.0\r\n\r\n"))
	show("http/1.0 big", exchange(addr, "GET /flush HTTP/1.0\r\n\r\n"))
	show("chunked", exchange(addr, "GET /big HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("flush", exchange(addr, "GET /flush HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("head", exchange(addr, "HEAD /hello HTTP/1.1\r\nHost: x\r\n\r\nHEAD /big HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("204", exchange(addr, "GET /nocontent HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("304", exchange(addr, "GET /notmodified HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("content-length short write", exchange(addr, "GET /cl HTTP/1.1\r\nHost: x\r\n\r\n"))
	show("headers", exchange(addr, "GET /headers HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("unknown status", exchange(addr, "GET /status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("trailer", exchange(addr, "GET /trailer HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("empty", exchange(addr, "GET /empty HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("404", exchange(addr, "GET /missing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("options *", exchange(addr, "OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("absolute-form", exchange(addr, "GET http://other.example/hello?q=abs HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("pipelined three", exchange(addr, "GET /empty HTTP/1.1\r\nHost: x\r\n\r\nGET /hello HTTP/1.1\r\nHost: y\r\n\r\nGET /hello?q=3 HTTP/1.1\r\nHost: z\r\nConnection: close\r\n\r\n"))
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
