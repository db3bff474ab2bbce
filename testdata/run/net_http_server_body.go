package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"
)

func main() {
	done := make(chan string, 1)
	_, addr := serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/echo":
			b, err := io.ReadAll(r.Body)
			fmt.Fprintf(w, "cl=%d te=%v body=%q err=%v trailer=%v\n", r.ContentLength, r.TransferEncoding, b, err, r.Trailer)
		case "/ignore":
			io.WriteString(w, "ignored the body")
		case "/partial":
			buf := make([]byte, 3)
			n, _ := io.ReadFull(r.Body, buf)
			fmt.Fprintf(w, "read %q", buf[:n])
		case "/short":
			b, err := io.ReadAll(r.Body)
			done <- fmt.Sprintf("short body: %q %v", b, err)
		case "/form":
			r.ParseForm()
			fmt.Fprintf(w, "a=%q b=%q", r.FormValue("a"), r.PostFormValue("b"))
		case "/continue":
			b, err := io.ReadAll(r.Body)
			fmt.Fprintf(w, "got %q %v", b, err)
		case "/nocontinue":
			w.WriteHeader(403)
			io.WriteString(w, "forbidden")
		case "/maxbytes":
			r.Body = http.MaxBytesReader(w, r.Body, 4)
			b, err := io.ReadAll(r.Body)
			fmt.Fprintf(w, "got %q %v", b, err)
		}
	}))

	show("content-length body", exchange(addr, "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello"))
	show("chunked body with trailer", exchange(addr, "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTrailer: X-T\r\nConnection: close\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\nX-T: v\r\n\r\n"))
	show("unread body, keep-alive", exchange(addr, "POST /ignore HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n0123456789GET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("partly read body, keep-alive", exchange(addr, "POST /partial HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n0123456789GET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("unread chunked body, keep-alive", exchange(addr, "POST /ignore HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\nGET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("post crlf tolerance", exchange(addr, "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nab\r\nGET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("form", exchange(addr, "POST /form?a=1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 7\r\nConnection: close\r\n\r\nb=2&c=3"))
	show("http/1.0 body", exchange(addr, "POST /echo HTTP/1.0\r\nContent-Length: 3\r\n\r\nxyz"))
	show("maxbytes", exchange(addr, "POST /maxbytes HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n0123456789"))

	// Expect: 100-continue: the server says 100 Continue when the handler
	// reads the body.
	c, _ := net.Dial("tcp", addr)
	io.WriteString(c, "POST /continue HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n")
	buf := make([]byte, 100)
	n, _ := c.Read(buf)
	show("expect 100-continue (interim)", string(buf[:n]))
	io.WriteString(c, "data")
	rest, _ := io.ReadAll(c)
	show("expect 100-continue (final)", mask(string(rest)))
	c.Close()

	// A handler that refuses without reading: no 100 Continue, and the
	// connection closes.
	show("expect, not read", exchange(addr, "POST /nocontinue HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\ndataGET /echo HTTP/1.1\r\nHost: x\r\n\r\n"))
	show("expect unknown", exchange(addr, "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: something\r\n\r\ndata"))

	// The client sends less than Content-Length and goes away.
	c, _ = net.Dial("tcp", addr)
	io.WriteString(c, "POST /short HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly this")
	time.Sleep(50 * time.Millisecond)
	c.Close()
	fmt.Println(<-done)
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
