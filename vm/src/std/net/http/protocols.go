package http

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Protocols is a set of HTTP protocols. The zero value is an empty set.
// minigo speaks HTTP/1 only: the set is kept and printed, but a Server
// or Transport uses HTTP/1.1 whatever it holds.
type Protocols struct {
	bits uint8
}

const (
	protocolHTTP1 uint8 = 1 << iota
	protocolHTTP2
	protocolUnencryptedHTTP2
)

func (p *Protocols) set(bit uint8, on bool) {
	if on {
		p.bits |= bit
	} else {
		p.bits &^= bit
	}
}

// HTTP1 reports whether p includes HTTP/1.
func (p Protocols) HTTP1() bool { return p.bits&protocolHTTP1 != 0 }

// SetHTTP1 adds or removes HTTP/1 from p.
func (p *Protocols) SetHTTP1(ok bool) { p.set(protocolHTTP1, ok) }

// HTTP2 reports whether p includes HTTP/2.
func (p Protocols) HTTP2() bool { return p.bits&protocolHTTP2 != 0 }

// SetHTTP2 adds or removes HTTP/2 from p.
func (p *Protocols) SetHTTP2(ok bool) { p.set(protocolHTTP2, ok) }

// UnencryptedHTTP2 reports whether p includes unencrypted HTTP/2.
func (p Protocols) UnencryptedHTTP2() bool { return p.bits&protocolUnencryptedHTTP2 != 0 }

// SetUnencryptedHTTP2 adds or removes unencrypted HTTP/2 from p.
func (p *Protocols) SetUnencryptedHTTP2(ok bool) { p.set(protocolUnencryptedHTTP2, ok) }

// String returns the protocols of p, as "{HTTP1,HTTP2}".
func (p Protocols) String() string {
	var names []string
	if p.HTTP1() {
		names = append(names, "HTTP1")
	}
	if p.HTTP2() {
		names = append(names, "HTTP2")
	}
	if p.UnencryptedHTTP2() {
		names = append(names, "UnencryptedHTTP2")
	}
	return "{" + strings.Join(names, ",") + "}"
}

// HTTP2Config defines HTTP/2 configuration parameters common to both
// Transport and Server. minigo has no HTTP/2: it is accepted and unused.
type HTTP2Config struct {
	MaxConcurrentStreams          int
	StrictMaxConcurrentRequests   bool
	MaxDecoderHeaderTableSize     int
	MaxEncoderHeaderTableSize     int
	MaxReadFrameSize              int
	MaxReceiveBufferPerConnection int
	MaxReceiveBufferPerStream     int
	SendPingTimeout               time.Duration
	PingTimeout                   time.Duration
	WriteByteTimeout              time.Duration
	PermitProhibitedCipherSuites  bool
	CountError                    func(errType string)
}

// Pusher is the interface implemented by ResponseWriters that support
// HTTP/2 server push. minigo's ResponseWriters, HTTP/1 only, do not.
type Pusher interface {
	Push(target string, opts *PushOptions) error
}

// PushOptions describes options for Pusher.Push.
type PushOptions struct {
	// Method specifies the HTTP method for the promised request.
	Method string
	// Header specifies additional promised request headers.
	Header Header
}

// ----- Transport.RegisterProtocol, NewFileTransport -----------------------

// RegisterProtocol registers a new protocol with scheme: the Transport
// hands a request with that scheme to rt. It panics if the scheme is
// already registered.
func (t *Transport) RegisterProtocol(scheme string, rt RoundTripper) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, dup := t.altProto[scheme]; dup {
		panic("protocol " + scheme + " already registered")
	}
	if t.altProto == nil {
		t.altProto = map[string]RoundTripper{}
	}
	t.altProto[scheme] = rt
}

// altRoundTripper is the RoundTripper registered for scheme, or nil.
func (t *Transport) altRoundTripper(scheme string) RoundTripper {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.altProto[scheme]
}

type fileTransport struct {
	h Handler
}

// NewFileTransport returns a RoundTripper serving a request (typically
// of a "file" URL registered with RegisterProtocol) from fs, as
// FileServer would.
func NewFileTransport(fs FileSystem) RoundTripper {
	return fileTransport{FileServer(fs)}
}

// NewFileTransportFS returns a RoundTripper serving files of fsys.
func NewFileTransportFS(fsys fs.FS) RoundTripper {
	return NewFileTransport(FS(fsys))
}

// fileTransportWriter collects what the handler writes.
type fileTransportWriter struct {
	res   *Response
	body  bytes.Buffer
	wrote bool
}

func (w *fileTransportWriter) Header() Header { return w.res.Header }

func (w *fileTransportWriter) WriteHeader(code int) {
	if w.wrote {
		return
	}
	w.wrote = true
	w.res.StatusCode = code
	w.res.Status = fmt.Sprintf("%d %s", code, StatusText(code))
}

func (w *fileTransportWriter) Write(p []byte) (int, error) {
	w.WriteHeader(StatusOK)
	return w.body.Write(p)
}

// RoundTrip serves req; the response is HTTP/1.0 with Close set, as
// Go's. (minigo buffers the whole body before returning.)
func (t fileTransport) RoundTrip(req *Request) (*Response, error) {
	w := &fileTransportWriter{res: &Response{Proto: "HTTP/1.0", ProtoMajor: 1, Header: make(Header), Close: true, ContentLength: -1}}
	t.h.ServeHTTP(w, req)
	w.WriteHeader(StatusOK)
	w.res.Body = io.NopCloser(&w.body)
	return w.res, nil
}

// ----- CrossOriginProtection ------------------------------------------------

// CrossOriginProtection implements protections against Cross-Site Request
// Forgery by rejecting non-safe cross-origin browser requests.
type CrossOriginProtection struct {
	mu      sync.Mutex
	bypass  *ServeMux
	trusted map[string]bool
	deny    Handler
}

// NewCrossOriginProtection returns a new CrossOriginProtection value.
func NewCrossOriginProtection() *CrossOriginProtection {
	return &CrossOriginProtection{}
}

// AddTrustedOrigin allows all requests with an Origin header which
// exactly matches the given value ("scheme://host[:port]").
func (c *CrossOriginProtection) AddTrustedOrigin(origin string) error {
	u, err := url.Parse(origin)
	switch {
	case err != nil:
		return fmt.Errorf("invalid origin %q: %w", origin, err)
	case u.Scheme == "":
		return fmt.Errorf("invalid origin %q: scheme is required", origin)
	case u.Host == "":
		return fmt.Errorf("invalid origin %q: host is required", origin)
	case u.Path != "" || u.RawQuery != "" || u.Fragment != "":
		return fmt.Errorf("invalid origin %q: path, query, and fragment are not allowed", origin)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.trusted == nil {
		c.trusted = map[string]bool{}
	}
	c.trusted[origin] = true
	return nil
}

// crossOriginBypass marks the patterns of the bypass mux.
type crossOriginBypass struct{}

func (*crossOriginBypass) ServeHTTP(ResponseWriter, *Request) {}

var crossOriginBypassHandler Handler = &crossOriginBypass{}

// AddInsecureBypassPattern permits all requests that match the given
// pattern (a ServeMux pattern).
func (c *CrossOriginProtection) AddInsecureBypassPattern(pattern string) {
	c.mu.Lock()
	if c.bypass == nil {
		c.bypass = NewServeMux()
	}
	mux := c.bypass
	c.mu.Unlock()
	mux.Handle(pattern, crossOriginBypassHandler)
}

// SetDenyHandler sets a handler to invoke when a request is rejected;
// nil restores the default (a 403 Forbidden).
func (c *CrossOriginProtection) SetDenyHandler(h Handler) {
	c.mu.Lock()
	c.deny = h
	c.mu.Unlock()
}

var (
	errCrossOriginFetch = errors.New("cross-origin request detected from Sec-Fetch-Site header")
	errCrossOriginHost  = errors.New("cross-origin request detected, and/or browser is out of date: " +
		"Sec-Fetch-Site is missing, and Origin does not match Host")
)

// Check applies cross-origin checks to a request: GET, HEAD and OPTIONS
// pass; otherwise Sec-Fetch-Site must be same-origin or none, or, when
// absent, the Origin header's host must be the request's Host.
func (c *CrossOriginProtection) Check(req *Request) error {
	if req.Method == "GET" || req.Method == "HEAD" || req.Method == "OPTIONS" {
		return nil
	}
	site := req.Header.Get("Sec-Fetch-Site")
	if site == "same-origin" || site == "none" {
		return nil
	}
	if site != "" {
		if c.exempt(req) {
			return nil
		}
		return errCrossOriginFetch
	}
	origin := req.Header.Get("Origin")
	if origin == "" {
		return nil
	}
	if u, err := url.Parse(origin); err == nil && u.Host == req.Host {
		return nil
	}
	if c.exempt(req) {
		return nil
	}
	return errCrossOriginHost
}

func (c *CrossOriginProtection) exempt(req *Request) bool {
	c.mu.Lock()
	mux := c.bypass
	c.mu.Unlock()
	if mux != nil {
		if h, _ := mux.Handler(req); h == crossOriginBypassHandler {
			return true
		}
	}
	origin := req.Header.Get("Origin")
	c.mu.Lock()
	defer c.mu.Unlock()
	return origin != "" && c.trusted[origin]
}

// Handler returns a handler that applies cross-origin checks before
// invoking h; a rejected request gets the deny handler, by default a
// 403 Forbidden with the error's text.
func (c *CrossOriginProtection) Handler(h Handler) Handler {
	return HandlerFunc(func(w ResponseWriter, r *Request) {
		err := c.Check(r)
		if err == nil {
			h.ServeHTTP(w, r)
			return
		}
		c.mu.Lock()
		deny := c.deny
		c.mu.Unlock()
		if deny != nil {
			deny.ServeHTTP(w, r)
			return
		}
		Error(w, err.Error(), StatusForbidden)
	})
}
