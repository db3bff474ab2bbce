package main

import (
	"fmt"
	"net/http"
	"net/url"
)

type rw struct {
	h    http.Header
	code int
}

func (w *rw) Header() http.Header         { return w.h }
func (w *rw) Write(b []byte) (int, error) { return len(b), nil }
func (w *rw) WriteHeader(c int)           { w.code = c }

func main() {
	mux := http.NewServeMux()
	for _, p := range []string{
		"/a/", "/a/{$}", "GET /a/b", "POST /a/{x}", "/a/b/{rest...}", "/b/{x}/c", "GET /b/{x}/{$}",
		"/c", "GET /c/{x}/", "HEAD /x/", "GET h.com/a/b", "h.com/c/", "DELETE /z/{y}/{x}", "PUT /d/",
	} {
		p := p
		mux.HandleFunc(p, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("P", p+" x="+r.PathValue("x")+" rest="+r.PathValue("rest"))
		})
	}
	segs := []string{"a", "b", "c", "x", ""}
	var paths []string
	var gen func(prefix string, depth int)
	gen = func(prefix string, depth int) {
		paths = append(paths, prefix)
		if depth == 3 {
			return
		}
		for _, s := range segs {
			gen(prefix+"/"+s, depth+1)
		}
	}
	gen("", 0)
	for _, host := range []string{"o.org", "h.com"} {
		for _, method := range []string{"GET", "HEAD", "POST", "PUT", "DELETE"} {
			for _, p := range paths {
				r := &http.Request{Method: method, Host: host, URL: &url.URL{Path: p}}
				w := &rw{h: http.Header{}}
				mux.ServeHTTP(w, r)
				fmt.Printf("%s %s %q: %d %s|%s|%s\n", host, method, p, w.code, w.h.Get("P"), w.h.Get("Location"), w.h.Get("Allow"))
			}
		}
	}
}
