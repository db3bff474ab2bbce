package http

// ServeMux: Go 1.22's pattern router. Patterns live in a tree keyed by
// host, then method, then path segment, so that matching a request costs
// the depth of its path, not the number of patterns; an index by segment
// position narrows the patterns a new one is checked against for
// conflicts.

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// ServeMux is an HTTP request multiplexer: it matches each request
// against its registered patterns and calls the handler of the most
// specific one.
type ServeMux struct {
	mu    sync.RWMutex
	tree  muxNode
	index muxIndex
}

// NewServeMux returns a new, empty ServeMux.
func NewServeMux() *ServeMux { return &ServeMux{} }

// DefaultServeMux is the ServeMux that Handle and HandleFunc register on
// and that a Server with a nil Handler uses.
var DefaultServeMux = &defaultServeMux

var defaultServeMux ServeMux

// A muxNode is a node of the routing tree: a leaf holds a pattern and its
// handler; an interior node maps a host, method or path segment to a
// child ("" is the single-wildcard child, kept in empty).
type muxNode struct {
	pat      *muxPattern
	handler  Handler
	children map[string]*muxNode
	empty    *muxNode
	multi    *muxNode
}

func (n *muxNode) child(key string) *muxNode {
	if n == nil {
		return nil
	}
	if key == "" {
		return n.empty
	}
	return n.children[key]
}

func (n *muxNode) addChild(key string) *muxNode {
	if key == "" {
		if n.empty == nil {
			n.empty = &muxNode{}
		}
		return n.empty
	}
	if c := n.children[key]; c != nil {
		return c
	}
	if n.children == nil {
		n.children = map[string]*muxNode{}
	}
	c := &muxNode{}
	n.children[key] = c
	return c
}

func (n *muxNode) add(p *muxPattern, h Handler) {
	n = n.addChild(p.host).addChild(p.method)
	for _, seg := range p.segments {
		switch {
		case seg.multi:
			n.multi = &muxNode{}
			n = n.multi
		case seg.wild:
			n = n.addChild("")
		default:
			n = n.addChild(seg.s)
		}
	}
	n.pat = p
	n.handler = h
}

// match finds the leaf for a request and the values of its wildcards.
func (root *muxNode) match(host, method, path string) (*muxNode, []string) {
	if host != "" {
		if l, m := root.child(host).matchMethod(method, path); l != nil {
			return l, m
		}
	}
	return root.empty.matchMethod(method, path)
}

func (n *muxNode) matchMethod(method, path string) (*muxNode, []string) {
	if n == nil {
		return nil, nil
	}
	if l, m := n.child(method).matchPath(path, nil); l != nil {
		return l, m
	}
	if method == "HEAD" {
		if l, m := n.child("GET").matchPath(path, nil); l != nil {
			return l, m
		}
	}
	return n.empty.matchPath(path, nil)
}

func (n *muxNode) matchPath(path string, matches []string) (*muxNode, []string) {
	if n == nil {
		return nil, nil
	}
	if path == "" {
		if n.pat == nil {
			return nil, nil
		}
		return n, matches
	}
	seg, rest := muxFirstSegment(path)
	if l, m := n.child(seg).matchPath(rest, matches); l != nil {
		return l, m
	}
	if seg != "/" {
		if l, m := n.empty.matchPath(rest, append(matches, seg)); l != nil {
			return l, m
		}
	}
	if c := n.multi; c != nil {
		if c.pat.last().s != "" {
			matches = append(matches, muxUnescape(path[1:]))
		}
		return c, matches
	}
	return nil, nil
}

// muxFirstSegment splits a path ("/..."): its first element, unescaped
// ("/" when path is "/"), and the rest.
func muxFirstSegment(path string) (string, string) {
	if path == "/" {
		return "/", ""
	}
	path = path[1:]
	i := strings.IndexByte(path, '/')
	if i < 0 {
		i = len(path)
	}
	return muxUnescape(path[:i]), path[i:]
}

// methods adds to set the methods for which a pattern matches host and
// path.
func (root *muxNode) methods(host, path string, set map[string]bool) {
	if host != "" {
		root.child(host).pathMethods(path, set)
	}
	root.empty.pathMethods(path, set)
	if set["GET"] {
		set["HEAD"] = true
	}
}

func (n *muxNode) pathMethods(path string, set map[string]bool) {
	if n == nil {
		return
	}
	for method, c := range n.children {
		if l, _ := c.matchPath(path, nil); l != nil {
			set[method] = true
		}
	}
}

// muxIndex finds the registered patterns that may conflict with a new
// one: those ending in a multi wildcard, and the others by (position,
// literal) of their segments ("" for a wildcard).
type muxIndex struct {
	segments map[muxIndexKey][]*muxPattern
	multis   []*muxPattern
}

type muxIndexKey struct {
	pos int
	s   string
}

func (idx *muxIndex) add(p *muxPattern) {
	if p.last().multi {
		idx.multis = append(idx.multis, p)
		return
	}
	if idx.segments == nil {
		idx.segments = map[muxIndexKey][]*muxPattern{}
	}
	for pos, seg := range p.segments {
		key := muxIndexKey{pos: pos}
		if !seg.wild {
			key.s = seg.s
		}
		idx.segments[key] = append(idx.segments[key], p)
	}
}

// candidates calls f on every pattern that may conflict with p, until f
// returns an error.
func (idx *muxIndex) candidates(p *muxPattern, f func(*muxPattern) error) error {
	var err error
	apply := func(ps []*muxPattern) {
		for _, q := range ps {
			if err != nil {
				return
			}
			err = f(q)
		}
	}
	apply(idx.multis)
	if err != nil {
		return err
	}
	if p.last().s == "/" {
		apply(idx.segments[muxIndexKey{pos: len(p.segments) - 1, s: "/"}])
		return err
	}
	var lits, wilds []*muxPattern
	best := -1
	hasLit := false
	for i, seg := range p.segments {
		if seg.multi {
			break
		}
		if !seg.wild {
			hasLit = true
			l := idx.segments[muxIndexKey{pos: i, s: seg.s}]
			w := idx.segments[muxIndexKey{pos: i}]
			if best < 0 || len(l)+len(w) < best {
				lits, wilds, best = l, w, len(l)+len(w)
			}
		}
	}
	if hasLit {
		apply(lits)
		apply(wilds)
		return err
	}
	for _, ps := range idx.segments {
		apply(ps)
	}
	return err
}

// muxCleanPath returns the canonical form of p: rooted, without . and ..
// elements, keeping a trailing slash.
func muxCleanPath(p string) string {
	if p == "" {
		return "/"
	}
	if p[0] != '/' {
		p = "/" + p
	}
	if muxIsClean(p) {
		return p
	}
	np := path.Clean(p)
	if p[len(p)-1] == '/' && np != "/" {
		np += "/"
	}
	return np
}

// muxStripHostPort returns host without a ":port".
func muxStripHostPort(h string) string {
	if !strings.Contains(h, ":") {
		return h
	}
	host, _, err := net.SplitHostPort(h)
	if err != nil {
		return h
	}
	return host
}

// Handler returns the handler for r (never nil) and the pattern that
// matched; for a redirect it returns the pattern the new path will match,
// and for no match a NotFound or 405 handler and "". It does not set
// r's path values.
func (mux *ServeMux) Handler(r *Request) (h Handler, pattern string) {
	h, pattern, _, _ = mux.find(r)
	return
}

func (mux *ServeMux) find(r *Request) (Handler, string, *muxPattern, []string) {
	var n *muxNode
	var matches []string
	host := r.URL.Host
	escaped := r.URL.EscapedPath()
	p := escaped
	if r.Method == "CONNECT" {
		// The path of a CONNECT is not cleaned, but the trailing slash
		// redirect applies.
		if _, _, u := mux.matchOrRedirect(host, r.Method, p, r.URL); u != nil {
			return RedirectHandler(u.String(), StatusTemporaryRedirect), u.Path, nil, nil
		}
		n, matches, _ = mux.matchOrRedirect(r.Host, r.Method, p, nil)
	} else {
		host = muxStripHostPort(r.Host)
		p = muxCleanPath(p)
		var u *url.URL
		n, matches, u = mux.matchOrRedirect(host, r.Method, p, r.URL)
		if u != nil {
			return RedirectHandler(u.String(), StatusTemporaryRedirect), n.pat.String(), nil, nil
		}
		if p != escaped {
			pat := ""
			if n != nil {
				pat = n.pat.String()
			}
			u := muxURL(p, r.URL.RawQuery)
			return RedirectHandler(u.String(), StatusTemporaryRedirect), pat, nil, nil
		}
	}
	if n == nil {
		if allow := mux.allowed(host, p); len(allow) > 0 {
			return HandlerFunc(func(w ResponseWriter, r *Request) {
				w.Header().Set("Allow", strings.Join(allow, ", "))
				Error(w, StatusText(StatusMethodNotAllowed), StatusMethodNotAllowed)
			}), "", nil, nil
		}
		return NotFoundHandler(), "", nil, nil
	}
	return n.handler, n.pat.String(), n.pat, matches
}

// matchOrRedirect matches a request; when that is not an exact match, u
// is not nil and path has no trailing slash, it tries path+"/" and, if
// that matches exactly, returns the URL to redirect to.
func (mux *ServeMux) matchOrRedirect(host, method, p string, u *url.URL) (*muxNode, []string, *url.URL) {
	mux.mu.RLock()
	defer mux.mu.RUnlock()
	n, matches := mux.tree.match(host, method, p)
	if !muxExact(n, p) && u != nil && p != "" && !strings.HasSuffix(p, "/") {
		p += "/"
		if n2, _ := mux.tree.match(host, method, p); muxExact(n2, p) {
			return n2, nil, muxURL(p, u.RawQuery)
		}
	}
	return n, matches, nil
}

// muxExact reports whether n's pattern matches path without its multi
// wildcard taking a non-empty part.
func muxExact(n *muxNode, p string) bool {
	if n == nil {
		return false
	}
	if !n.pat.last().multi {
		return true
	}
	if p != "" && p[len(p)-1] != '/' {
		return false
	}
	return len(n.pat.segments) == strings.Count(p, "/")
}

func muxURL(escaped, rawQuery string) *url.URL {
	unescaped, err := url.PathUnescape(escaped)
	if err != nil {
		unescaped = escaped
	}
	return &url.URL{Path: unescaped, RawPath: escaped, RawQuery: rawQuery}
}

// allowed returns the sorted methods that would match host and path.
func (mux *ServeMux) allowed(host, p string) []string {
	mux.mu.RLock()
	defer mux.mu.RUnlock()
	set := map[string]bool{}
	mux.tree.methods(host, p, set)
	if !strings.HasSuffix(p, "/") {
		mux.tree.methods(host, p+"/", set)
	}
	ms := make([]string, 0, len(set))
	for m := range set {
		ms = append(ms, m)
	}
	slices.Sort(ms)
	return ms
}

// ServeHTTP dispatches r to the handler of the pattern that matches it
// best, setting r.Pattern and the path values.
func (mux *ServeMux) ServeHTTP(w ResponseWriter, r *Request) {
	if r.RequestURI == "*" {
		if r.ProtoAtLeast(1, 1) {
			w.Header().Set("Connection", "close")
		}
		w.WriteHeader(StatusBadRequest)
		return
	}
	var h Handler
	h, r.Pattern, r.pat, r.matches = mux.find(r)
	h.ServeHTTP(w, r)
}

// Handle registers handler for pattern; it panics if the pattern is
// invalid or conflicts with one already registered.
func (mux *ServeMux) Handle(pattern string, handler Handler) {
	mux.register(pattern, handler)
}

// HandleFunc registers handler for pattern.
func (mux *ServeMux) HandleFunc(pattern string, handler func(ResponseWriter, *Request)) {
	mux.register(pattern, HandlerFunc(handler))
}

// Handle registers handler for pattern in DefaultServeMux.
func Handle(pattern string, handler Handler) {
	DefaultServeMux.register(pattern, handler)
}

// HandleFunc registers handler for pattern in DefaultServeMux.
func HandleFunc(pattern string, handler func(ResponseWriter, *Request)) {
	DefaultServeMux.register(pattern, HandlerFunc(handler))
}

func (mux *ServeMux) register(pattern string, handler Handler) {
	if err := mux.registerErr(pattern, handler); err != nil {
		panic(err)
	}
}

func (mux *ServeMux) registerErr(s string, handler Handler) error {
	if s == "" {
		return errors.New("http: invalid pattern")
	}
	if handler == nil {
		return errors.New("http: nil handler")
	}
	if f, ok := handler.(HandlerFunc); ok && f == nil {
		return errors.New("http: nil handler")
	}
	pat, err := parseMuxPattern(s)
	if err != nil {
		return fmt.Errorf("parsing %q: %w", s, err)
	}
	// The user's call: registerErr, register, Handle/HandleFunc, user.
	if _, file, line, ok := runtime.Caller(3); ok {
		pat.loc = fmt.Sprintf("%s:%d", file, line)
	} else {
		pat.loc = "unknown location"
	}
	mux.mu.Lock()
	defer mux.mu.Unlock()
	err = mux.index.candidates(pat, func(q *muxPattern) error {
		if pat.conflictsWith(q) {
			return fmt.Errorf("pattern %q (registered at %s) conflicts with pattern %q (registered at %s):\n%s",
				pat, pat.loc, q, q.loc, muxDescribeConflict(pat, q))
		}
		return nil
	})
	if err != nil {
		return err
	}
	mux.tree.add(pat, handler)
	mux.index.add(pat)
	return nil
}

// muxIsClean reports whether the rooted path p has no empty, "." or ".."
// element (a final empty one, a trailing slash, is allowed): the common
// case that muxCleanPath returns without calling path.Clean.
func muxIsClean(p string) bool {
	start := 1
	for i := 1; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		switch p[start:i] {
		case "":
			if i != len(p) {
				return false
			}
		case ".", "..":
			return false
		}
		start = i + 1
	}
	return true
}
