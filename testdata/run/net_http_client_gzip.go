package main

import (
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"strings"
)

// The client asks for gzip and decompresses transparently, as Go's
// Transport does, unless compression is disabled or the request names
// its own Accept-Encoding.
func main() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ae := r.Header.Get("Accept-Encoding")
		w.Header().Set("X-Got-Accept-Encoding", ae)
		body := strings.Repeat("hello gzip ", 20)
		if r.URL.Path == "/bad" {
			w.Header().Set("Content-Encoding", "gzip")
			io.WriteString(w, "this is not gzip")
			return
		}
		if r.URL.Path == "/empty" {
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Set("Content-Length", "0")
			return
		}
		if strings.Contains(ae, "gzip") {
			w.Header().Set("Content-Encoding", "gzip")
			zw := gzip.NewWriter(w)
			io.WriteString(zw, body)
			zw.Close()
			return
		}
		io.WriteString(w, body)
	}))
	defer srv.Close()

	show := func(name string, c *http.Client, req *http.Request) {
		resp, err := c.Do(req)
		if err != nil {
			fmt.Println(name, "error:", err)
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		// (Compressed sizes are left out: only the decompressed bytes are
		// the same across implementations of deflate.)
		size := fmt.Sprint(resp.ContentLength, " ", len(b), " bytes")
		if len(b) > 2 && b[0] == 0x1f && b[1] == 0x8b {
			size = "gzip data"
		}
		fmt.Printf("%s: asked %q, Content-Encoding %q, Uncompressed %v, %s, err %v\n",
			name, resp.Header.Get("X-Got-Accept-Encoding"), resp.Header.Get("Content-Encoding"),
			resp.Uncompressed, size, err)
		if len(b) > 11 && size != "gzip data" {
			fmt.Printf("  starts %q\n", b[:11])
		}
	}
	get := func(path string) *http.Request {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		return req
	}

	show("default", http.DefaultClient, get("/"))
	noGzip := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	show("disabled", noGzip, get("/"))
	own := get("/")
	own.Header.Set("Accept-Encoding", "gzip")
	show("own header", http.DefaultClient, own)
	ranged := get("/")
	ranged.Header.Set("Range", "bytes=0-10")
	show("range", http.DefaultClient, ranged)
	head, _ := http.NewRequest("HEAD", srv.URL, nil)
	show("head", http.DefaultClient, head)
	show("bad gzip", http.DefaultClient, get("/bad"))
	show("empty", http.DefaultClient, get("/empty"))

	dump := func(req *http.Request) {
		out, _ := httputil.DumpRequestOut(req, true)
		fmt.Printf("%q\n", strings.Replace(string(out), srv.URL[len("http://"):], "HOST", 1))
	}
	dump(get("/x"))
	dump(own)
	post, _ := http.NewRequest("POST", srv.URL+"/p", strings.NewReader("body"))
	dump(post)
}
