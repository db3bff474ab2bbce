package main

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
)

type recorder struct {
	code   int
	header http.Header
	body   strings.Builder
	wrote  bool
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) Write(b []byte) (int, error) {
	if !r.wrote {
		r.WriteHeader(200)
	}
	return r.body.Write(b)
}
func (r *recorder) WriteHeader(code int) {
	if r.wrote {
		return
	}
	r.wrote = true
	r.code = code
}

func show(mux http.Handler, method, target string) {
	req, err := http.NewRequest(method, target, nil)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	req.RequestURI = req.URL.RequestURI()
	rec := &recorder{header: http.Header{}}
	mux.ServeHTTP(rec, req)
	fmt.Printf("%s %s -> %d pattern=%q\n", method, target, rec.code, req.Pattern)
	keys := make([]string, 0)
	for k := range rec.header {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Printf("  %s: %q\n", k, rec.header[k])
	}
	if rec.body.Len() > 0 {
		fmt.Printf("  body: %q\n", rec.body.String())
	}
}

var locRE = regexp.MustCompile(`registered at [^)]*/`)

func try(mux *http.ServeMux, pattern string) {
	defer func() {
		if e := recover(); e != nil {
			fmt.Printf("Handle(%q) panics: %s\n", pattern, locRE.ReplaceAllString(fmt.Sprint(e), "registered at "))
		}
	}()
	mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {})
	fmt.Printf("Handle(%q) ok\n", pattern)
}

func echo(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s: %s %s", name, r.Method, r.URL.Path)
		for _, k := range []string{"name", "rest", "x", "y", "id"} {
			if v := r.PathValue(k); v != "" {
				fmt.Fprintf(w, " %s=%s", k, v)
			}
		}
	}
}

func main() {
	mux := http.NewServeMux()
	mux.Handle("GET /hello/{name}", echo("hello"))
	mux.Handle("POST /items/{id}", echo("post item"))
	mux.Handle("PUT /items/{id}", echo("put item"))
	mux.Handle("DELETE /items/{id}", echo("delete item"))
	mux.Handle("/static/", echo("static"))
	mux.Handle("/files/{rest...}", echo("files"))
	mux.Handle("/{$}", echo("root"))
	mux.Handle("example.com/", echo("example"))
	mux.Handle("/a/{x}/c", echo("axc"))
	mux.Handle("/a/b/c", echo("abc"))
	mux.Handle("/dir/", echo("dir"))
	mux.Handle("/exact", echo("exact"))
	mux.Handle("HEAD /head", echo("head only"))
	mux.Handle("/esc/%61b", echo("escaped"))

	show(mux, "GET", "http://x.org/hello/bob")
	show(mux, "HEAD", "http://x.org/hello/bob")
	show(mux, "POST", "http://x.org/hello/bob")
	show(mux, "PATCH", "http://x.org/items/7")
	show(mux, "PUT", "http://x.org/items/7")
	show(mux, "GET", "http://x.org/static/css/site.css")
	show(mux, "GET", "http://x.org/static")
	show(mux, "GET", "http://x.org/files/a/b%2Fc/d")
	show(mux, "GET", "http://x.org/files")
	show(mux, "GET", "http://x.org/")
	show(mux, "GET", "http://x.org/nothing")
	show(mux, "GET", "http://example.com/nothing")
	show(mux, "GET", "http://example.com:8080/hello/x")
	show(mux, "GET", "http://x.org/a/b/c")
	show(mux, "GET", "http://x.org/a/z/c")
	show(mux, "GET", "http://x.org/a/b/z")
	show(mux, "GET", "http://x.org/dir")
	show(mux, "GET", "http://x.org/dir?q=1")
	show(mux, "POST", "http://x.org/dir")
	show(mux, "GET", "http://x.org/a/../hello/x")
	show(mux, "GET", "http://x.org/a/./b/c?k=v")
	show(mux, "GET", "http://x.org//exact")
	show(mux, "GET", "http://x.org/exact/")
	show(mux, "GET", "http://x.org/head")
	show(mux, "HEAD", "http://x.org/head")
	show(mux, "GET", "http://x.org/esc/ab")
	show(mux, "GET", "http://x.org/esc/%61b")
	show(mux, "GET", "http://x.org/hello/b%2Fo")
	show(mux, "CONNECT", "http://x.org/dir")

	for _, target := range []string{"/hello/x", "/dir", "/a/../exact", "/zzz", "/items/1"} {
		req, _ := http.NewRequest("GET", "http://x.org"+target, nil)
		h, p := mux.Handler(req)
		fmt.Printf("Handler(%s) pattern=%q nil=%v\n", target, p, h == nil)
	}

	req, _ := http.NewRequest("GET", "http://x.org/", nil)
	req.RequestURI = "*"
	rec := &recorder{header: http.Header{}}
	mux.ServeHTTP(rec, req)
	fmt.Println("* ->", rec.code, rec.header)

	// registration errors
	m2 := http.NewServeMux()
	for _, p := range []string{
		"/a/{x}", "GET /a/{x}", "/a/b", "/{x}/b", "/a/{y}", "GET /a/b/", "/a/b/{$}",
		"", "GET", "G{ET /", "GET  /x", "example.com{/", "/a/{x", "/a/x}", "/a/b{x}",
		"/a/{$}/b", "/a/{x...}/b", "/a/{}", "/a/{1x}", "/a/{x}/{x}", "GET /a/../b",
		"CONNECT /a/../b", "POST /{x}/{y...}", "/{a}/{b...}", "x.com/p", "x.com/p",
		"GET /c/{x}", "/c/d", "/e/{$}", "/e/", "HEAD /e/", "GET /e/{$}",
		"/f/{x}/g", "/f/h/{y}", "/k/{x...}", "/k/{y...}", "/k/", "/{a}/{b}/{c}/{d}",
		"/{z}/q/{w}/r",
	} {
		try(m2, p)
	}
	func() {
		defer func() { fmt.Println("nil handler:", recover()) }()
		m2.Handle("/nilh", nil)
	}()
	func() {
		defer func() { fmt.Println("nil func:", recover()) }()
		m2.HandleFunc("/nilf", nil)
	}()
	func() {
		defer func() { fmt.Println("empty:", recover()) }()
		m2.Handle("", http.NotFoundHandler())
	}()

	http.HandleFunc("/default/", echo("default"))
	show(http.DefaultServeMux, "GET", "http://x.org/default/a")
}
