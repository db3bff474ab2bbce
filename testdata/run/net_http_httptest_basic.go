package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
)

func handler(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/json":
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		fmt.Fprintf(w, `{"method":%q}`, r.Method)
	case "/flush":
		io.WriteString(w, "<html>")
		w.(http.Flusher).Flush()
	case "/trailer":
		w.Header().Set("Trailer", "X-A")
		w.Header().Set("Content-Length", "2")
		io.WriteString(w, "ok")
		w.Header().Set("X-A", "1")
		w.Header().Set(http.TrailerPrefix+"X-B", "2")
	default:
		b, _ := io.ReadAll(r.Body)
		fmt.Fprintf(w, "%s %s host=%s remote=%s proto=%s cl=%d body=%q", r.Method, r.URL, r.Host, r.RemoteAddr, r.Proto, r.ContentLength, b)
	}
}

func main() {
	for _, tc := range []struct {
		method, target string
		body           io.Reader
	}{
		{"GET", "/json", nil},
		{"", "/flush", nil},
		{"POST", "http://example.org/x?y=1", strings.NewReader("hello")},
		{"PUT", "/p", io.MultiReader(strings.NewReader("multi"))},
		{"GET", "/trailer", nil},
	} {
		req := httptest.NewRequest(tc.method, tc.target, tc.body)
		rec := httptest.NewRecorder()
		handler(rec, req)
		res := rec.Result()
		body, _ := io.ReadAll(res.Body)
		fmt.Printf("%s %d %s header=%v body=%q flushed=%v cl=%d trailer=%v\n", res.Status, rec.Code, res.Proto, res.Header, body, rec.Flushed, res.ContentLength, res.Trailer)
	}
	rec := httptest.NewRecorder()
	rec.WriteHeader(204)
	n, err := rec.WriteString("x")
	fmt.Println(n, err, rec.Body.String(), rec.Result().Status)
	req := httptest.NewRequestWithContext(context.WithValue(context.Background(), "k", "v"), "GET", "/", nil)
	fmt.Println(req.Context().Value("k"), req.Host, req.RemoteAddr, req.RequestURI)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		httptest.NewRequest("GET", "::bad", nil)
	}()

	ts := httptest.NewServer(http.HandlerFunc(handler))
	fmt.Println(strings.HasPrefix(ts.URL, "http://127.0.0.1:"), ts.URL == "http://"+ts.Listener.Addr().String())
	c, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		panic(err)
	}
	br := bufio.NewReader(c)
	io.WriteString(c, "GET /json HTTP/1.1\r\nHost: test\r\n\r\n")
	for {
		line, _ := br.ReadString('\n')
		if strings.HasPrefix(line, "Date:") {
			continue
		}
		fmt.Printf("%q\n", line)
		if line == "\r\n" {
			break
		}
	}
	buf := make([]byte, 16)
	n, _ = io.ReadFull(br, buf)
	fmt.Printf("%q\n", buf[:n])
	// Close waits for idle connections (this one) to be closed.
	ts.Close()
	_, err = br.ReadByte()
	fmt.Println("after Close:", err)

	ts2 := httptest.NewUnstartedServer(http.HandlerFunc(handler))
	ts2.Config.MaxHeaderBytes = 100
	ts2.Start()
	c2, _ := net.Dial("tcp", ts2.Listener.Addr().String())
	io.WriteString(c2, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	line, _ := bufio.NewReader(c2).ReadString('\n')
	fmt.Printf("%q\n", line)
	ts2.CloseClientConnections()
	ts2.Close()
	fmt.Println("done")
}
