package http

// The helper handlers: Error, NotFound, Redirect, StripPrefix.

import (
	"fmt"
	"net/url"
	"path"
	"strconv"
	"strings"
)

// Error replies with the plain-text message error and code. It deletes
// Content-Length, sets Content-Type and X-Content-Type-Options: nosniff;
// the caller should write nothing more.
func Error(w ResponseWriter, error string, code int) {
	h := w.Header()
	h.Del("Content-Length")
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(code)
	fmt.Fprintln(w, error)
}

// NotFound replies with 404 page not found.
func NotFound(w ResponseWriter, r *Request) { Error(w, "404 page not found", StatusNotFound) }

// NotFoundHandler returns a handler that replies 404 page not found.
func NotFoundHandler() Handler { return HandlerFunc(NotFound) }

// StripPrefix returns a handler that removes prefix from the request's
// URL.Path (and RawPath, if set) and calls h; a request whose path does
// not begin with prefix gets a 404.
func StripPrefix(prefix string, h Handler) Handler {
	if prefix == "" {
		return h
	}
	return HandlerFunc(func(w ResponseWriter, r *Request) {
		p := strings.TrimPrefix(r.URL.Path, prefix)
		rp := strings.TrimPrefix(r.URL.RawPath, prefix)
		if len(p) < len(r.URL.Path) && (r.URL.RawPath == "" || len(rp) < len(r.URL.RawPath)) {
			r2 := new(Request)
			*r2 = *r
			u := *r.URL
			u.Path = p
			u.RawPath = rp
			r2.URL = &u
			h.ServeHTTP(w, r2)
			return
		}
		NotFound(w, r)
	})
}

// Redirect replies with a redirect to target, which may be relative to
// the request's path. Without a Content-Type already set it sets one for
// GET and HEAD, and writes a small HTML body for GET.
func Redirect(w ResponseWriter, r *Request, target string, code int) {
	if u, err := url.Parse(target); err == nil && u.Scheme == "" && u.Host == "" {
		old := r.URL.EscapedPath()
		if old == "" {
			old = "/"
		}
		if target == "" || target[0] != '/' {
			dir, _ := path.Split(old)
			target = dir + target
		}
		query := ""
		if i := strings.Index(target, "?"); i >= 0 {
			target, query = target[:i], target[i:]
		}
		trailing := strings.HasSuffix(target, "/")
		target = path.Clean(target)
		if trailing && !strings.HasSuffix(target, "/") {
			target += "/"
		}
		target += query
	}
	h := w.Header()
	_, hadCT := h["Content-Type"]
	h.Set("Location", handlersHexEscapeNonASCII(target))
	if !hadCT && (r.Method == "GET" || r.Method == "HEAD") {
		h.Set("Content-Type", "text/html; charset=utf-8")
	}
	w.WriteHeader(code)
	if !hadCT && r.Method == "GET" {
		fmt.Fprintln(w, "<a href=\""+htmlEscape(target)+"\">"+StatusText(code)+"</a>.\n")
	}
}

var htmlReplacer = strings.NewReplacer(
	"&", "&amp;",
	"<", "&lt;",
	">", "&gt;",
	`"`, "&#34;",
	"'", "&#39;",
)

func htmlEscape(s string) string { return htmlReplacer.Replace(s) }

// handlersHexEscapeNonASCII percent-encodes the bytes of s that are not
// ASCII (lower-case hex, as Go writes them).
func handlersHexEscapeNonASCII(s string) string {
	var b []byte
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] < 0x80 {
			continue
		}
		if b == nil {
			b = make([]byte, 0, len(s)+8)
		}
		b = append(b, s[last:i]...)
		b = append(b, '%')
		b = strconv.AppendInt(b, int64(s[i]), 16)
		last = i + 1
	}
	if b == nil {
		return s
	}
	return string(append(b, s[last:]...))
}

type redirectHandler struct {
	url  string
	code int
}

func (rh *redirectHandler) ServeHTTP(w ResponseWriter, r *Request) {
	Redirect(w, r, rh.url, rh.code)
}

// RedirectHandler returns a handler that redirects every request to url
// with code.
func RedirectHandler(url string, code int) Handler {
	return &redirectHandler{url, code}
}
