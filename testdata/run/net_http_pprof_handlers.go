package main

// net/http/pprof's handlers on http.DefaultServeMux: the index page, the
// text and binary profiles, the CPU profile and the execution trace, and
// the errors. Only facts that do not depend on timing are printed.

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	_ "net/http/pprof"
	"strings"
)

func get(base, path string) (int, http.Header, []byte) {
	resp, err := http.Get(base + path)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		panic(err)
	}
	return resp.StatusCode, resp.Header, b
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(string(b), "\n")
	return s
}

func main() {
	srv := httptest.NewServer(http.DefaultServeMux)
	defer srv.Close()

	code, h, b := get(srv.URL, "/debug/pprof/")
	fmt.Println("index:", code, h.Get("Content-Type"), h.Get("X-Content-Type-Options"))
	for _, name := range []string{"allocs", "block", "cmdline", "goroutine", "heap", "mutex", "profile", "symbol", "threadcreate", "trace"} {
		fmt.Printf("  lists %s: %v\n", name, bytes.Contains(b, []byte("<a href='"+name+"?debug=1'>"+name+"</a>")))
	}
	fmt.Println("  full dump link:", bytes.Contains(b, []byte(`<a href="goroutine?debug=2">full goroutine stack dump</a>`)))

	code, h, b = get(srv.URL, "/debug/pprof/heap?debug=1")
	fmt.Println("heap debug=1:", code, h.Get("Content-Type"), strings.HasPrefix(firstLine(b), "heap profile: "))

	code, h, b = get(srv.URL, "/debug/pprof/goroutine?debug=2")
	fmt.Println("goroutine debug=2:", code, h.Get("Content-Type"), strings.HasPrefix(string(b), "goroutine "))

	code, h, b = get(srv.URL, "/debug/pprof/goroutine?debug=1")
	fmt.Println("goroutine debug=1:", code, strings.HasPrefix(firstLine(b), "goroutine profile: total "))

	code, h, b = get(srv.URL, "/debug/pprof/allocs")
	fmt.Println("allocs:", code, h.Get("Content-Type"), h.Get("Content-Disposition"), len(b) > 2 && b[0] == 0x1f && b[1] == 0x8b)

	code, h, b = get(srv.URL, "/debug/pprof/profile?seconds=1")
	fmt.Println("profile:", code, h.Get("Content-Type"), h.Get("Content-Disposition"), len(b) > 2 && b[0] == 0x1f && b[1] == 0x8b)

	code, h, b = get(srv.URL, "/debug/pprof/trace?seconds=0.2")
	fmt.Println("trace:", code, h.Get("Content-Disposition"), strings.HasPrefix(string(b), "go 1."))

	code, h, b = get(srv.URL, "/debug/pprof/symbol")
	fmt.Printf("symbol: %d %q\n", code, b)

	code, h, b = get(srv.URL, "/debug/pprof/nosuch")
	fmt.Printf("unknown: %d %s %q\n", code, h.Get("X-Go-Pprof"), b)

	code, _, b = get(srv.URL, "/debug/pprof/heap?seconds=x")
	fmt.Printf("bad seconds: %d %q\n", code, b)

	code, _, b = get(srv.URL, "/debug/pprof/heap?seconds=1&debug=1")
	fmt.Printf("seconds and debug: %d %q\n", code, b)

	resp, err := http.Post(srv.URL+"/debug/pprof/symbol", "text/plain", strings.NewReader(""))
	if err != nil {
		panic(err)
	}
	resp.Body.Close()
	fmt.Println("POST symbol:", resp.StatusCode, resp.Header.Get("Allow"))
}
