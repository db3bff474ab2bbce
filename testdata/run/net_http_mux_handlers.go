package main

import (
	"fmt"
	"net/http"
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
	if !r.wrote {
		r.wrote, r.code = true, code
	}
}

func run(h http.Handler, method, target string, pre func(http.Header)) {
	req, _ := http.NewRequest(method, target, nil)
	rec := &recorder{header: http.Header{}}
	if pre != nil {
		pre(rec.header)
	}
	h.ServeHTTP(rec, req)
	fmt.Printf("%s %s -> %d\n", method, target, rec.code)
	keys := []string{}
	for k := range rec.header {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Printf("  %s: %q\n", k, rec.header[k])
	}
	fmt.Printf("  body: %q\n", rec.body.String())
}

func main() {
	run(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "99")
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Encoding", "gzip")
		http.Error(w, "oops <b>", 418)
	}), "GET", "http://x/e", nil)
	run(http.NotFoundHandler(), "GET", "http://x/nf", nil)
	for _, tc := range []struct{ method, from, to string }{
		{"GET", "http://x/a/b/c", "d"},
		{"GET", "http://x/a/b/c", "../d/"},
		{"GET", "http://x/a/b/", "./e?x=1&y=<2>"},
		{"HEAD", "http://x/a/b", "/abs/../p"},
		{"POST", "http://x/a/b", "/p"},
		{"GET", "http://x/a", "http://other.example/q?a=b"},
		{"GET", "http://x/a", "//host/path"},
		{"GET", "http://x/a", "/é/ü"},
		{"GET", "http://x/a", ""},
		{"GET", "http://x/a%20b/c", "d"},
	} {
		run(http.RedirectHandler(tc.to, http.StatusFound), tc.method, tc.from, nil)
	}
	run(http.RedirectHandler("/x", 301), "GET", "http://x/a", func(h http.Header) { h["Content-Type"] = nil })
	run(http.RedirectHandler("/x", 303), "GET", "http://x/a", func(h http.Header) { h.Set("Content-Type", "text/plain") })

	show := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "path=%q raw=%q", r.URL.Path, r.URL.RawPath)
	})
	sp := http.StripPrefix("/api", show)
	run(sp, "GET", "http://x/api/v1/items", nil)
	run(sp, "GET", "http://x/other", nil)
	run(sp, "GET", "http://x/api/a%2Fb", nil)
	run(http.StripPrefix("/a%2Fb", show), "GET", "http://x/a%2Fb/c", nil)
	run(http.StripPrefix("/a/b", show), "GET", "http://x/a%2Fb/c", nil)
	run(http.StripPrefix("", show), "GET", "http://x/same", nil)

	// path values
	mux := http.NewServeMux()
	mux.HandleFunc("/u/{id}/{rest...}", func(w http.ResponseWriter, r *http.Request) {
		r.SetPathValue("id", "changed")
		r.SetPathValue("extra", "e")
		fmt.Fprintf(w, "%s|%s|%s|%s|%s", r.Pattern, r.PathValue("id"), r.PathValue("rest"), r.PathValue("extra"), r.PathValue("none"))
	})
	run(mux, "GET", "http://x/u/42/a/b%20c", nil)
	req, _ := http.NewRequest("GET", "http://x/", nil)
	req.SetPathValue("k", "v")
	fmt.Println(req.PathValue("k"), req.Clone(req.Context()).PathValue("k"))
}
