package main

import (
	"fmt"
	"net/http"
	"regexp"
)

var locRE = regexp.MustCompile(` \(registered at [^)]*\)`)

func register(mux *http.ServeMux, p string) (msg string) {
	defer func() {
		if e := recover(); e != nil {
			msg = locRE.ReplaceAllString(fmt.Sprint(e), "")
		}
	}()
	mux.HandleFunc(p, func(http.ResponseWriter, *http.Request) {})
	return ""
}

func main() {
	pats := []string{
		"/", "/{$}", "/a", "/a/", "/a/{$}", "/{x}", "/{x}/", "/{x...}", "/a/{x}", "/{x}/b", "/a/b",
		"/a/{x...}", "/a/b/{$}", "/a/{x}/c", "/{x}/b/c", "/a/b/{y...}", "/{x}/{y}", "/{x}/{y...}",
		"GET /", "GET /a", "GET /a/", "HEAD /a", "POST /{x}", "GET /{x}/{$}", "PUT /a/{x...}",
		"h.com/", "h.com/a", "GET h.com/{x}", "/b/{x}/{$}", "/b/c/", "/{x}/{y}/{$}",
	}
	for _, p2 := range pats {
		for _, p1 := range pats {
			if p1 == p2 {
				continue
			}
			mux := http.NewServeMux()
			register(mux, p2)
			if msg := register(mux, p1); msg != "" {
				fmt.Println(msg)
			}
		}
	}
}
