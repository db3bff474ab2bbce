package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"strings"
	"testing/fstest"
	"time"
)

func protocols() {
	var p http.Protocols
	fmt.Println(p, p.HTTP1(), p.HTTP2(), p.UnencryptedHTTP2())
	p.SetHTTP1(true)
	p.SetUnencryptedHTTP2(true)
	fmt.Println(p.String(), p.HTTP1(), p.UnencryptedHTTP2())
	p.SetHTTP2(true)
	p.SetHTTP1(false)
	fmt.Printf("%v %s\n", p, &p)
	srv := &http.Server{Protocols: &p, HTTP2: &http.HTTP2Config{MaxConcurrentStreams: 10, PingTimeout: time.Second}}
	fmt.Println(srv.Protocols, srv.HTTP2.MaxConcurrentStreams, srv.HTTP2.PingTimeout)
	tr := &http.Transport{Protocols: &p, HTTP2: &http.HTTP2Config{MaxReadFrameSize: 1 << 14}}
	c := tr.Clone()
	fmt.Println(c.Protocols, c.Protocols != tr.Protocols, c.HTTP2.MaxReadFrameSize, c.HTTP2 != tr.HTTP2)
	var w http.ResponseWriter = httptest.NewRecorder()
	_, ok := w.(http.Pusher)
	fmt.Println("pusher:", ok, http.PushOptions{Method: "GET", Header: http.Header{"A": {"b"}}})
}

func fileTransport() {
	fsys := fstest.MapFS{
		"hello.txt":     {Data: []byte("hello, file\n")},
		"dir/page.html": {Data: []byte("<p>page</p>")},
	}
	tr := &http.Transport{}
	tr.RegisterProtocol("file", http.NewFileTransportFS(fsys))
	client := &http.Client{Transport: tr}
	for _, u := range []string{"file:///hello.txt", "file:///dir/page.html", "file:///missing.txt", "file:///dir"} {
		resp, err := client.Get(u)
		if err != nil {
			fmt.Println(u, "error:", err)
			continue
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Printf("%s: %q %s %d close=%v type=%q len=%q body=%q\n", u, resp.Status, resp.Proto, resp.ContentLength,
			resp.Close, resp.Header.Get("Content-Type"), resp.Header.Get("Content-Length"), body)
	}
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		tr.RegisterProtocol("file", http.NewFileTransport(http.Dir("/")))
	}()
	_, err := client.Get("gopher://x/")
	fmt.Println(err)
}

func crossOrigin() {
	cop := http.NewCrossOriginProtection()
	fmt.Println(cop.AddTrustedOrigin("https://trusted.example"))
	for _, o := range []string{"trusted.example", "https://", "https://a.example/path", "https://a.example?q", "%zz"} {
		fmt.Println(cop.AddTrustedOrigin(o))
	}
	cop.AddInsecureBypassPattern("POST /hooks/")
	h := cop.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "served")
	}))
	type tc struct{ method, target, site, origin string }
	cases := []tc{
		{"GET", "/", "cross-site", ""},
		{"POST", "/", "same-origin", ""},
		{"POST", "/", "none", ""},
		{"POST", "/", "cross-site", ""},
		{"POST", "/", "", ""},
		{"POST", "/", "", "http://example.com"},
		{"POST", "/", "", "http://evil.example"},
		{"PUT", "/", "cross-site", "https://trusted.example"},
		{"POST", "/hooks/x", "cross-site", "http://evil.example"},
		{"DELETE", "/hooks/x", "cross-site", ""},
	}
	run := func() {
		for _, c := range cases {
			req := httptest.NewRequest(c.method, "http://example.com"+c.target, nil)
			if c.site != "" {
				req.Header.Set("Sec-Fetch-Site", c.site)
			}
			if c.origin != "" {
				req.Header.Set("Origin", c.origin)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			fmt.Printf("%s %s site=%q origin=%q: %d %q check=%v\n", c.method, c.target, c.site, c.origin,
				rec.Code, strings.TrimSpace(rec.Body.String()), cop.Check(req))
		}
	}
	run()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "denied", http.StatusTeapot)
	}))
	cases = cases[3:5]
	run()
	cop.SetDenyHandler(nil)
	cases = cases[:1]
	run()
}

func persist() {
	c1, c2 := net.Pipe()
	type served struct {
		line string
		err  error
	}
	done := make(chan served, 4)
	go func() {
		sc := httputil.NewServerConn(c2, nil)
		for {
			req, err := sc.Read()
			if req == nil {
				done <- served{"read", err}
				sc.Close()
				return
			}
			body, _ := io.ReadAll(req.Body)
			resp := &http.Response{StatusCode: 200, ProtoMajor: 1, ProtoMinor: 1, Request: req,
				Header: http.Header{}, Close: req.Close,
				Body: io.NopCloser(strings.NewReader("you asked " + req.URL.Path + " " + string(body)))}
			resp.ContentLength = int64(len("you asked " + req.URL.Path + " " + string(body)))
			pending := sc.Pending()
			werr := sc.Write(req, resp)
			done <- served{fmt.Sprintf("%s %s pending=%d read-err=%v", req.Method, req.URL.Path, pending, err), werr}
			if err != nil {
				sc.Close()
				return
			}
		}
	}()
	cc := httputil.NewClientConn(c1, bufio.NewReader(c1))
	for i, path := range []string{"/a", "/b"} {
		req, _ := http.NewRequest("POST", "http://example.com"+path, strings.NewReader(fmt.Sprint("body", i)))
		if i == 1 {
			req.Close = true
		}
		if err := cc.Write(req); err != nil {
			fmt.Println("write:", err)
			return
		}
		fmt.Println("pending:", cc.Pending())
		resp, err := cc.Read(req)
		var b []byte
		if resp != nil {
			b, _ = io.ReadAll(resp.Body)
		}
		s := <-done
		fmt.Println("server:", s.line, s.err)
		if resp != nil {
			fmt.Printf("client: %s %q close=%v err=%v\n", resp.Status, b, resp.Close, err)
		} else {
			fmt.Println("client error:", err)
		}
	}
	other, _ := http.NewRequest("GET", "http://example.com/", nil)
	_, err := cc.Read(other)
	fmt.Println(err, err == httputil.ErrPipeline)
	fmt.Println(cc.Write(other) == httputil.ErrPersistEOF)
	fmt.Println(cc.Close(), cc.Close())
	conn, r := cc.Hijack()
	fmt.Println(conn == nil, r == nil)
	fmt.Println(httputil.ErrClosed, httputil.ErrPersistEOF, httputil.ErrPipeline)
	_ = httputil.NewProxyClientConn
}

func main() {
	protocols()
	fileTransport()
	crossOrigin()
	persist()
}
