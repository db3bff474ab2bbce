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
	handlerErr := make(chan string, 1)
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/fast" {
			w.Header().Set("X-Fast", "1")
			w.WriteHeader(201)
			io.WriteString(w, "quick")
			return
		}
		if r.URL.Path == "/panic" {
			panic(http.ErrAbortHandler)
		}
		<-r.Context().Done()
		time.Sleep(20 * time.Millisecond)
		_, err := io.WriteString(w, "late")
		handlerErr <- fmt.Sprint("late write: ", err)
	})
	_, addr := serve(http.TimeoutHandler(slow, 50*time.Millisecond, ""))
	show("timeout handler, slow", exchange(addr, "GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	fmt.Println(<-handlerErr)
	show("timeout handler, fast", exchange(addr, "GET /fast HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	show("timeout handler, panic", exchange(addr, "GET /panic HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	_, addr2 := serve(http.TimeoutHandler(slow, 30*time.Millisecond, "too slow!"))
	show("timeout handler, message", exchange(addr2, "GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	fmt.Println(<-handlerErr)

	// ReadTimeout: a client that sends half a request is cut off.
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	srv := &http.Server{ReadTimeout: 100 * time.Millisecond, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		ne, ok := err.(net.Error)
		fmt.Fprintf(w, "body %q timeout=%v", b, ok && ne.Timeout())
	})}
	go srv.Serve(ln)
	c, _ := net.Dial("tcp", ln.Addr().String())
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n")
	start := time.Now()
	b, err := io.ReadAll(c)
	fmt.Printf("read timeout (header): %q %v %v\n", b, err, time.Since(start) < 2*time.Second)
	c.Close()
	// The body too must arrive within ReadTimeout.
	c, _ = net.Dial("tcp", ln.Addr().String())
	io.WriteString(c, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
	b, err = io.ReadAll(c)
	show("read timeout (body)", mask(string(b)))
	fmt.Println(err)
	c.Close()

	// IdleTimeout closes a kept-alive connection.
	ln2, _ := net.Listen("tcp", "127.0.0.1:0")
	srv2 := &http.Server{IdleTimeout: 50 * time.Millisecond, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})}
	go srv2.Serve(ln2)
	c, _ = net.Dial("tcp", ln2.Addr().String())
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	b, err = io.ReadAll(c)
	fmt.Printf("idle timeout: %d %v %v\n", strings.Count(string(b), "HTTP/1.1 200 OK"), err, strings.Contains(string(b), "Connection: close"))

	// MaxBytesHandler and AllowQuerySemicolons.
	_, addr3 := serve(http.MaxBytesHandler(http.AllowQuerySemicolons(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		fmt.Fprintf(w, "q=%v body=%q err=%v", r.URL.Query(), b, err)
	})), 3))
	show("maxbyteshandler", exchange(addr3, "POST /?a=1;b=2 HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"))
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
