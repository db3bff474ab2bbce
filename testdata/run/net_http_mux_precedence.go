package main

import (
	"fmt"
	"net/http"
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

func named(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s [%s]", name, r.Pattern)
		for _, k := range []string{"a", "b", "rest", "host", "v"} {
			if v := r.PathValue(k); v != "" {
				fmt.Fprintf(w, " %s=%q", k, v)
			}
		}
	}
}

func do(h http.Handler, method, host, target string) {
	req, err := http.NewRequest(method, "http://"+host+target, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	rec := &recorder{header: http.Header{}}
	h.ServeHTTP(rec, req)
	fmt.Printf("%-7s %-12s %-22s %d", method, host, target, rec.code)
	if loc := rec.header.Get("Location"); loc != "" {
		fmt.Printf(" Location=%s", loc)
	}
	if a := rec.header.Get("Allow"); a != "" {
		fmt.Printf(" Allow=%s", a)
	}
	if rec.code == 200 {
		fmt.Printf(" %s", rec.body.String())
	}
	fmt.Println()
}

func main() {
	mux := http.NewServeMux()
	pats := []string{
		"/", "/{$}", "GET /g/", "POST /{a}", "/a/", "/a/{$}", "/a/b", "/a/{b}", "/a/{b}/{rest...}",
		"GET /a/b/c/", "go.dev/", "go.dev/a/{b}", "GET go.dev/src/{rest...}", "*.example.com/",
		"HEAD /h", "GET /h", "PUT /h", "GET\t /tab", "/x/{a}/y/{b}", "/x/c/y/{b}", "/x/{a}/z/d",
		"/x/c/y/d", "/sp%20ace/{v}", "/slash/{v...}", "OPTIONS /opt/", "DELETE /del/{$}",
	}
	for _, p := range pats {
		mux.Handle(p, named(p))
	}
	inner := http.NewServeMux()
	inner.HandleFunc("/api/{v}/x", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "inner [%s] v=%s a=%s", r.Pattern, r.PathValue("v"), r.PathValue("a"))
	})
	mux.Handle("/api/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.SetPathValue("a", "outer")
		inner.ServeHTTP(w, r)
	}))

	for _, c := range [][3]string{
		{"GET", "h", "/"}, {"POST", "h", "/"}, {"DELETE", "h", "/"}, {"GET", "h", "/zzz"}, {"POST", "h", "/zzz"},
		{"PUT", "h", "/zzz"}, {"GET", "h", "/a"}, {"GET", "h", "/a/"}, {"GET", "h", "/a/b"}, {"GET", "h", "/a/q"},
		{"GET", "h", "/a/q/r/s"}, {"GET", "h", "/a/b/c"}, {"GET", "h", "/a/b/c/"}, {"POST", "h", "/a/b/c/"},
		{"GET", "go.dev", "/"}, {"GET", "go.dev", "/a/x"}, {"GET", "go.dev", "/src/net/http"}, {"GET", "go.dev:443", "/src"},
		{"POST", "go.dev", "/src/x"}, {"GET", "GO.DEV", "/"}, {"GET", "x.example.com", "/"}, {"GET", "*.example.com", "/q"},
		{"HEAD", "h", "/h"}, {"GET", "h", "/h"}, {"POST", "h", "/h"}, {"GET", "h", "/tab"},
		{"GET", "h", "/x/c/y/d"}, {"GET", "h", "/x/c/y/e"}, {"GET", "h", "/x/e/y/d"}, {"GET", "h", "/x/e/y/e"},
		{"GET", "h", "/sp%20ace/%7Bv%7D"}, {"GET", "h", "/sp ace/v"}, {"GET", "h", "/slash/a%2Fb/c%20d"},
		{"GET", "h", "/opt"}, {"OPTIONS", "h", "/opt"}, {"OPTIONS", "h", "/opt/z"}, {"GET", "h", "/del/"}, {"DELETE", "h", "/del"},
		{"DELETE", "h", "/del/"}, {"GET", "h", "/api/7/x"}, {"GET", "h", "/api/7/y"},
		{"GET", "h", "/a/b/../../a/b"}, {"GET", "h", "/./"}, {"GET", "h", "/a/b/./c/?q=%20"},
		{"CONNECT", "h", "/a"}, {"CONNECT", "h", "/a/b/../c"}, {"CONNECT", "go.dev", "/src/x"},
	} {
		do(mux, c[0], c[1], c[2])
	}
}
