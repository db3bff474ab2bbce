package http

// PLACEHOLDERS for helper-mux's ServeMux, DefaultServeMux and
// DetectContentType, so the server builds and runs before mux.go and
// sniff.go land. The lead deletes this file (and its row in
// vm/src/std/mod.rs) when merging helper-mux.

import "strings"

// ServeMux (placeholder): exact paths only.
type ServeMux struct {
	m map[string]Handler
}

// NewServeMux (placeholder).
func NewServeMux() *ServeMux { return &ServeMux{m: map[string]Handler{}} }

// DefaultServeMux (placeholder).
var DefaultServeMux = NewServeMux()

// Handle (placeholder).
func (mux *ServeMux) Handle(pattern string, h Handler) { mux.m[pattern] = h }

// HandleFunc (placeholder).
func (mux *ServeMux) HandleFunc(pattern string, f func(ResponseWriter, *Request)) {
	mux.m[pattern] = HandlerFunc(f)
}

// ServeHTTP (placeholder).
func (mux *ServeMux) ServeHTTP(w ResponseWriter, r *Request) {
	if h, ok := mux.m[r.URL.Path]; ok {
		h.ServeHTTP(w, r)
		return
	}
	if h, ok := mux.m["/"]; ok {
		h.ServeHTTP(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(404)
	w.Write([]byte("404 page not found\n"))
}

// Handle (placeholder).
func Handle(pattern string, h Handler) { DefaultServeMux.Handle(pattern, h) }

// HandleFunc (placeholder).
func HandleFunc(pattern string, f func(ResponseWriter, *Request)) {
	DefaultServeMux.HandleFunc(pattern, f)
}

// DetectContentType (placeholder): HTML, text or binary only.
func DetectContentType(data []byte) string {
	s := strings.TrimLeft(string(data), "\t\n\x0c\r ")
	if len(s) > 0 && s[0] == '<' {
		l := strings.ToLower(s)
		for _, p := range []string{"<!doctype html", "<html", "<head", "<body", "<p", "<h1", "<div", "<br", "<a", "<title", "<b"} {
			if strings.HasPrefix(l, p) && len(l) > len(p) && (l[len(p)] == ' ' || l[len(p)] == '>') {
				return "text/html; charset=utf-8"
			}
		}
	}
	for _, b := range data {
		if b <= 0x08 || b == 0x0b || 0x0e <= b && b <= 0x1a || 0x1c <= b && b <= 0x1f {
			return "application/octet-stream"
		}
	}
	return "text/plain; charset=utf-8"
}
