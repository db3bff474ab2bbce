package main

import (
	"fmt"
	"net/http"
	"net/url"
)

type rw struct{ h http.Header }

func (w *rw) Header() http.Header         { return w.h }
func (w *rw) Write(b []byte) (int, error) { return len(b), nil }
func (w *rw) WriteHeader(int)             {}

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {})
	for _, p := range []string{"", "/", "//", "/a", "/a/", "/a//", "/a//b", "/.", "/..", "/a/.", "/a/..", "/a/./", "/a/../", "/.a", "/..a/", "/a.", "/a..b/c", "a/b", "/a/b/.../", "///"} {
		r := &http.Request{Method: "GET", URL: &url.URL{Path: p}, Host: "x"}
		w := &rw{http.Header{}}
		mux.ServeHTTP(w, r)
		fmt.Printf("%q -> %q\n", p, w.h.Get("Location"))
	}
}
