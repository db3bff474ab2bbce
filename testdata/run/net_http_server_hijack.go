package main

import (
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strings"
	"time"
)

type wrapped struct {
	http.ResponseWriter
}

func (w wrapped) Unwrap() http.ResponseWriter { return w.ResponseWriter }

type plain struct{ h http.Header }

func (p plain) Header() http.Header         { return p.h }
func (p plain) Write(b []byte) (int, error) { return len(b), nil }
func (p plain) WriteHeader(int)             {}

func main() {
	log.SetFlags(0)
	srv, addr := serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/hijack":
			conn, brw, err := w.(http.Hijacker).Hijack()
			if err != nil {
				panic(err)
			}
			line, _ := brw.ReadString('\n')
			fmt.Fprintf(conn, "hijacked, next line %q\n", line)
			_, err = w.Write([]byte("x"))
			fmt.Fprintf(conn, "write after hijack: %v\n", err)
			conn.Close()
		case "/rc":
			rc := http.NewResponseController(wrapped{w})
			io.WriteString(w, "flushed ")
			fmt.Println("rc flush:", rc.Flush())
			fmt.Println("rc deadline:", rc.SetWriteDeadline(time.Now().Add(time.Minute)), rc.SetReadDeadline(time.Time{}))
			fmt.Println("rc full duplex:", rc.EnableFullDuplex())
			io.WriteString(w, "done")
		case "/early":
			w.Header().Set("Link", "</style.css>; rel=preload")
			w.WriteHeader(http.StatusEarlyHints)
			w.Header().Set("Content-Type", "text/plain")
			w.WriteHeader(200)
			io.WriteString(w, "final")
		case "/closenotify":
			ch := w.(http.CloseNotifier).CloseNotify()
			select {
			case <-ch:
				fmt.Println("close notified")
			case <-time.After(2 * time.Second):
				fmt.Println("no close notify")
			}
		}
	}))
	show("hijack", exchange(addr, "GET /hijack HTTP/1.1\r\nHost: x\r\n\r\nextra line\n"))
	show("response controller", exchange(addr, "GET /rc HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("103 early hints", exchange(addr, "GET /early HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))

	rc := http.NewResponseController(plain{http.Header{}})
	err := rc.Flush()
	fmt.Println(err, errors.Is(err, http.ErrNotSupported))
	_, _, err = rc.Hijack()
	fmt.Println(err)

	c, _ := net.Dial("tcp", addr)
	io.WriteString(c, "GET /closenotify HTTP/1.1\r\nHost: x\r\n\r\n")
	time.Sleep(50 * time.Millisecond)
	c.Close()
	time.Sleep(100 * time.Millisecond)

	srv.SetKeepAlivesEnabled(false)
	out := exchange(addr, "GET /rc HTTP/1.1\r\nHost: x\r\n\r\nGET /rc HTTP/1.1\r\nHost: x\r\n\r\n")
	fmt.Println("keep-alives off:", strings.Count(out, "HTTP/1.1 200 OK"), strings.Contains(out, "Connection: close"))
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
