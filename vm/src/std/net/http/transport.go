package http

// The client Transport: HTTP/1.1 over TCP with a per-host pool of
// keep-alive connections. Differences from Go: no TLS (https is refused),
// no HTTP/2, no proxies (Proxy is accepted and ignored). As Go's, it asks
// for gzip and decompresses the response transparently unless
// DisableCompression is set or the request names its own Accept-Encoding.
// A request is written and its response head read on the caller's
// goroutine; no goroutine is kept per connection.

import (
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strings"
	"sync"
	"syscall"
	"time"
)

// RoundTripper executes a single HTTP transaction.
type RoundTripper interface {
	RoundTrip(*Request) (*Response, error)
}

// DefaultTransport is the Transport DefaultClient and any Client without
// one use.
var DefaultTransport RoundTripper = &Transport{
	Proxy:                 ProxyFromEnvironment,
	DialContext:           (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
	ForceAttemptHTTP2:     true,
	MaxIdleConns:          100,
	IdleConnTimeout:       90 * time.Second,
	TLSHandshakeTimeout:   10 * time.Second,
	ExpectContinueTimeout: 1 * time.Second,
}

// DefaultMaxIdleConnsPerHost is the MaxIdleConnsPerHost a Transport
// without one keeps.
const DefaultMaxIdleConnsPerHost = 2

// ProxyFromEnvironment would read HTTP_PROXY and friends; minigo's
// Transport does not use proxies, so it reports none.
func ProxyFromEnvironment(req *Request) (*url.URL, error) { return nil, nil }

// ProxyURL returns a Proxy function that always answers fixedURL (which
// minigo's Transport then ignores).
func ProxyURL(fixedURL *url.URL) func(*Request) (*url.URL, error) {
	return func(*Request) (*url.URL, error) { return fixedURL, nil }
}

// Transport is an HTTP/1.1 RoundTripper with a connection pool. Its zero
// value is ready to use.
type Transport struct {
	mu        sync.Mutex
	idle      map[string][]*persistConn // by host:port, oldest first
	idleCount int
	conns     map[string]int // open or dialing, by host:port
	waiters   map[string][]*connWaiter

	// Proxy is accepted and ignored: minigo does not use proxies.
	Proxy func(*Request) (*url.URL, error)
	// OnProxyConnectResponse is accepted and ignored.
	OnProxyConnectResponse func(ctx context.Context, proxyURL *url.URL, connectReq *Request, connectRes *Response) error
	// DialContext, if set, makes the TCP connections.
	DialContext func(ctx context.Context, network, addr string) (net.Conn, error)
	// Dial is the older DialContext without a context.
	Dial func(network, addr string) (net.Conn, error)
	// TLSHandshakeTimeout is accepted; there is no TLS.
	TLSHandshakeTimeout time.Duration
	// DisableKeepAlives makes each request use a new connection, and
	// send "Connection: close".
	DisableKeepAlives bool
	// DisableCompression stops the Transport from asking for gzip (with
	// "Accept-Encoding: gzip") and decompressing the response itself.
	DisableCompression bool
	// MaxIdleConns bounds the idle connections over all hosts; 0: none.
	MaxIdleConns int
	// MaxIdleConnsPerHost bounds them per host; 0 means
	// DefaultMaxIdleConnsPerHost.
	MaxIdleConnsPerHost int
	// MaxConnsPerHost bounds the connections per host, dialing, in use
	// or idle; requests beyond it wait. 0: no limit.
	MaxConnsPerHost int
	// IdleConnTimeout closes a connection idle that long; 0: never.
	IdleConnTimeout time.Duration
	// ResponseHeaderTimeout bounds the wait for a response's head after
	// the request is written; 0: none.
	ResponseHeaderTimeout time.Duration
	// ExpectContinueTimeout bounds the wait for "100 Continue" of a
	// request with "Expect: 100-continue"; 0 sends the body at once.
	ExpectContinueTimeout time.Duration
	// ProxyConnectHeader is accepted and ignored.
	ProxyConnectHeader Header
	// MaxResponseHeaderBytes bounds a response head; 0: a default.
	MaxResponseHeaderBytes int64
	// WriteBufferSize and ReadBufferSize size the connection's buffers;
	// 0 means 4 KiB.
	WriteBufferSize int
	ReadBufferSize  int
	// ForceAttemptHTTP2 is accepted; there is no HTTP/2.
	ForceAttemptHTTP2 bool
	// HTTP2 is accepted; there is no HTTP/2.
	HTTP2 *HTTP2Config
	// Protocols is accepted: minigo speaks HTTP/1.1 whatever it holds.
	Protocols *Protocols

	altProto map[string]RoundTripper // by RegisterProtocol
}

// Clone returns a copy of t's settings, with an empty pool.
func (t *Transport) Clone() *Transport {
	c := &Transport{
		Proxy:                  t.Proxy,
		OnProxyConnectResponse: t.OnProxyConnectResponse,
		DialContext:            t.DialContext,
		Dial:                   t.Dial,
		TLSHandshakeTimeout:    t.TLSHandshakeTimeout,
		DisableKeepAlives:      t.DisableKeepAlives,
		DisableCompression:     t.DisableCompression,
		MaxIdleConns:           t.MaxIdleConns,
		MaxIdleConnsPerHost:    t.MaxIdleConnsPerHost,
		MaxConnsPerHost:        t.MaxConnsPerHost,
		IdleConnTimeout:        t.IdleConnTimeout,
		ResponseHeaderTimeout:  t.ResponseHeaderTimeout,
		ExpectContinueTimeout:  t.ExpectContinueTimeout,
		ProxyConnectHeader:     t.ProxyConnectHeader.Clone(),
		MaxResponseHeaderBytes: t.MaxResponseHeaderBytes,
		WriteBufferSize:        t.WriteBufferSize,
		ReadBufferSize:         t.ReadBufferSize,
		ForceAttemptHTTP2:      t.ForceAttemptHTTP2,
		HTTP2:                  t.HTTP2,
		Protocols:              t.Protocols,
		altProto:               t.altRoundTrippers(),
	}
	if t.HTTP2 != nil {
		c.HTTP2 = new(HTTP2Config)
		*c.HTTP2 = *t.HTTP2
	}
	if t.Protocols != nil {
		c.Protocols = new(Protocols)
		*c.Protocols = *t.Protocols
	}
	return c
}

func (t *Transport) altRoundTrippers() map[string]RoundTripper {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.altProto == nil {
		return nil
	}
	m := make(map[string]RoundTripper, len(t.altProto))
	for k, v := range t.altProto {
		m[k] = v
	}
	return m
}

var (
	errRequestCanceled     = errors.New("net/http: request canceled")
	errRequestCanceledConn = errors.New("net/http: request canceled while waiting for connection")
	errTimeoutHeaders      = errors.New("net/http: timeout awaiting response headers")
	errServerClosedIdle    = errors.New("http: server closed idle connection")
	// errNoTLS is what an https request gets: minigo has no crypto/tls.
	errNoTLS = errors.New("net/http: https is not supported by minigo (no TLS)")
)

// clientValidHeaderName reports whether k is a token.
func clientValidHeaderName(k string) bool { return validToken(k) }

func clientValidHeaderValue(v string) bool { return validHeaderValue(v) }

func clientCheckHeaders(h Header) string {
	for k, vv := range h {
		if !clientValidHeaderName(k) {
			return fmt.Sprintf("field name %q", k)
		}
		for _, v := range vv {
			if !clientValidHeaderValue(v) {
				return fmt.Sprintf("field value for %q", k)
			}
		}
	}
	return ""
}

// RoundTrip sends req and returns its response, following no redirects.
func (t *Transport) RoundTrip(req *Request) (*Response, error) {
	if req.URL == nil {
		clientCloseBody(req)
		return nil, errors.New("http: nil Request.URL")
	}
	if req.Header == nil {
		clientCloseBody(req)
		return nil, errors.New("http: nil Request.Header")
	}
	scheme := req.URL.Scheme
	isHTTP := scheme == "http" || scheme == "https"
	if isHTTP {
		if msg := clientCheckHeaders(req.Header); msg != "" {
			clientCloseBody(req)
			return nil, fmt.Errorf("net/http: invalid header %s", msg)
		}
		if msg := clientCheckHeaders(req.Trailer); msg != "" {
			clientCloseBody(req)
			return nil, fmt.Errorf("net/http: invalid trailer %s", msg)
		}
	}
	if rt := t.altRoundTripper(scheme); rt != nil {
		if resp, err := rt.RoundTrip(req); err != ErrSkipAltProtocol {
			return resp, err
		}
	}
	if !isHTTP {
		clientCloseBody(req)
		return nil, clientBadString("unsupported protocol scheme", scheme)
	}
	if req.Method != "" && !validMethod(req.Method) {
		clientCloseBody(req)
		return nil, fmt.Errorf("net/http: invalid method %q", req.Method)
	}
	if req.URL.Host == "" {
		clientCloseBody(req)
		return nil, errors.New("http: no Host in request URL")
	}
	if scheme == "https" {
		clientCloseBody(req)
		return nil, errNoTLS
	}
	ctx := req.Context()
	var legacyDone chan struct{}
	if req.Cancel != nil {
		var cancel context.CancelCauseFunc
		ctx, cancel = context.WithCancelCause(ctx)
		legacyDone = make(chan struct{})
		go func(c <-chan struct{}, done chan struct{}) {
			select {
			case <-c:
				cancel(errRequestCanceled)
			case <-done:
				cancel(nil)
			}
		}(req.Cancel, legacyDone)
	}
	resp, err := t.roundTrip(ctx, req)
	if legacyDone != nil {
		if err != nil {
			close(legacyDone)
		} else if b, ok := unwrapGzip(resp.Body).(*respBody); ok {
			b.onDone = func() { close(legacyDone) }
		} else {
			close(legacyDone)
		}
	}
	return resp, err
}

func (t *Transport) roundTrip(ctx context.Context, req *Request) (*Response, error) {
	host, port := req.URL.Hostname(), req.URL.Port()
	if port == "" {
		port = "80"
	}
	addr := net.JoinHostPort(host, port)
	origReq := req
	for {
		if ctx.Err() != nil {
			clientCloseBody(req)
			return nil, context.Cause(ctx)
		}
		pc, err := t.getConn(ctx, addr)
		if err != nil {
			clientCloseBody(req)
			return nil, err
		}
		resp, retry, err := pc.roundTrip(ctx, req)
		writeFailed := retry && pc.writeFailed
		if err == nil {
			resp.Request = origReq
			return resp, nil
		}
		if !retry || !pc.reused || !(reqIsReplayable(req) || writeFailed && (reqOutgoingLength(req) == 0 || req.GetBody != nil)) {
			clientCloseBody(req)
			return nil, err
		}
		if req.Body != nil && req.Body != NoBody {
			body, gerr := req.GetBody()
			if gerr != nil {
				return nil, err
			}
			r2 := new(Request)
			*r2 = *req
			r2.Body = body
			req = r2
		}
	}
}

// connWaiter is a request waiting for MaxConnsPerHost: it gets an idle
// connection, or nil as leave to dial.
type connWaiter struct {
	ch chan *persistConn
}

func (t *Transport) getConn(ctx context.Context, addr string) (*persistConn, error) {
	t.mu.Lock()
	if list := t.idle[addr]; len(list) > 0 {
		pc := list[len(list)-1]
		list[len(list)-1] = nil
		t.idle[addr] = list[:len(list)-1]
		t.idleCount--
		t.mu.Unlock()
		if pc.idleTimer != nil {
			pc.idleTimer.Stop()
		}
		pc.reused = true
		return pc, nil
	}
	if t.conns == nil {
		t.conns = make(map[string]int)
	}
	if t.MaxConnsPerHost > 0 && t.conns[addr] >= t.MaxConnsPerHost {
		w := &connWaiter{ch: make(chan *persistConn, 1)}
		if t.waiters == nil {
			t.waiters = make(map[string][]*connWaiter)
		}
		t.waiters[addr] = append(t.waiters[addr], w)
		t.mu.Unlock()
		select {
		case pc := <-w.ch:
			if pc != nil {
				pc.reused = true
				return pc, nil
			}
			return t.dialConn(ctx, addr)
		case <-ctx.Done():
			t.mu.Lock()
			removed := false
			ws := t.waiters[addr]
			for i, x := range ws {
				if x == w {
					t.waiters[addr] = append(ws[:i:i], ws[i+1:]...)
					removed = true
					break
				}
			}
			t.mu.Unlock()
			if !removed {
				if pc := <-w.ch; pc != nil {
					t.putIdle(pc)
				} else {
					t.decConn(addr)
				}
			}
			return nil, ctxConnErr(ctx)
		}
	}
	t.conns[addr]++
	t.mu.Unlock()
	return t.dialConn(ctx, addr)
}

func ctxConnErr(ctx context.Context) error {
	err := context.Cause(ctx)
	if err == errRequestCanceled {
		err = errRequestCanceledConn
	}
	return err
}

// decConn gives up one of addr's connection slots: to a waiter if any.
func (t *Transport) decConn(addr string) {
	t.mu.Lock()
	if ws := t.waiters[addr]; len(ws) > 0 {
		w := ws[0]
		ws[0] = nil
		t.waiters[addr] = ws[1:]
		t.mu.Unlock()
		w.ch <- nil
		return
	}
	if n := t.conns[addr] - 1; n > 0 {
		t.conns[addr] = n
	} else {
		delete(t.conns, addr)
	}
	t.mu.Unlock()
}

// dialConn dials addr for a slot already counted.
func (t *Transport) dialConn(ctx context.Context, addr string) (*persistConn, error) {
	var c net.Conn
	var err error
	switch {
	case t.DialContext != nil:
		c, err = t.DialContext(ctx, "tcp", addr)
		if c == nil && err == nil {
			err = errors.New("net/http: Transport.DialContext hook returned (nil, nil)")
		}
	case t.Dial != nil:
		c, err = t.Dial("tcp", addr)
		if c == nil && err == nil {
			err = errors.New("net/http: Transport.Dial hook returned (nil, nil)")
		}
	default:
		var d net.Dialer
		c, err = d.DialContext(ctx, "tcp", addr)
	}
	if err != nil {
		t.decConn(addr)
		if ctx.Err() != nil {
			return nil, ctxConnErr(ctx)
		}
		return nil, err
	}
	rs, ws := t.ReadBufferSize, t.WriteBufferSize
	if rs <= 0 {
		rs = 4 << 10
	}
	if ws <= 0 {
		ws = 4 << 10
	}
	pc := &persistConn{t: t, key: addr, conn: c}
	// A socket with the default buffer sizes borrows its buffers from the
	// connection pool's (server.go) for each exchange: the writer while
	// the request is written, the reader once the response starts to
	// arrive (until its body is read). A connection waiting for a slow
	// answer, or idle, then holds no buffer: thousands of them cost kilobytes
	// each less than with buffers of their own.
	if t.ReadBufferSize <= 0 && t.WriteBufferSize <= 0 {
		if sc, ok := c.(syscall.Conn); ok {
			if raw, err := sc.SyscallConn(); err == nil {
				pc.raw = raw
				return pc, nil
			}
		}
	}
	pc.br = bufio.NewReaderSize(c, rs)
	pc.bw = bufio.NewWriterSize(c, ws)
	return pc, nil
}

// putIdle pools pc, hands it to a waiter, or closes it.
func (t *Transport) putIdle(pc *persistConn) {
	if t.DisableKeepAlives {
		pc.close()
		return
	}
	t.mu.Lock()
	if ws := t.waiters[pc.key]; len(ws) > 0 {
		w := ws[0]
		ws[0] = nil
		t.waiters[pc.key] = ws[1:]
		t.mu.Unlock()
		w.ch <- pc
		return
	}
	maxPer := t.MaxIdleConnsPerHost
	if maxPer == 0 {
		maxPer = DefaultMaxIdleConnsPerHost
	}
	list := t.idle[pc.key]
	if len(list) >= maxPer {
		t.mu.Unlock()
		pc.close()
		return
	}
	var evict *persistConn
	if t.MaxIdleConns > 0 && t.idleCount >= t.MaxIdleConns {
		// Make room: the longest idle connection goes.
		oldKey := ""
		for k, l := range t.idle {
			if len(l) > 0 && (evict == nil || l[0].idleAt.Before(evict.idleAt)) {
				evict, oldKey = l[0], k
			}
		}
		if evict != nil {
			l := t.idle[oldKey]
			l[0] = nil
			if len(l) == 1 {
				delete(t.idle, oldKey)
			} else {
				t.idle[oldKey] = l[1:]
			}
			t.idleCount--
		}
		list = t.idle[pc.key]
	}
	if t.idle == nil {
		t.idle = make(map[string][]*persistConn)
	}
	pc.idleAt = time.Now()
	t.idle[pc.key] = append(list, pc)
	t.idleCount++
	if d := t.IdleConnTimeout; d > 0 {
		if pc.idleTimer == nil {
			pc.idleTimer = time.AfterFunc(d, pc.expire)
		} else {
			pc.idleTimer.Reset(d)
		}
	}
	t.mu.Unlock()
	if evict != nil {
		evict.close()
	}
}

// removeIdle takes pc out of the pool; false if it was not there.
func (t *Transport) removeIdle(pc *persistConn) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	list := t.idle[pc.key]
	for i, x := range list {
		if x == pc {
			copy(list[i:], list[i+1:])
			list[len(list)-1] = nil
			if len(list) == 1 {
				delete(t.idle, pc.key)
			} else {
				t.idle[pc.key] = list[:len(list)-1]
			}
			t.idleCount--
			return true
		}
	}
	return false
}

// CloseIdleConnections closes the connections now idle in the pool.
func (t *Transport) CloseIdleConnections() {
	t.mu.Lock()
	var all []*persistConn
	for _, l := range t.idle {
		all = append(all, l...)
	}
	t.idle = nil
	t.idleCount = 0
	t.mu.Unlock()
	for _, pc := range all {
		pc.close()
	}
}

// CancelRequest is deprecated in Go and does nothing in minigo: cancel
// the request's context instead.
func (t *Transport) CancelRequest(req *Request) {}

// persistConn is one client connection.
type persistConn struct {
	t      *Transport
	key    string
	conn   net.Conn
	br     *bufio.Reader
	bw     *bufio.Writer
	reused bool
	// raw is set when the buffers are borrowed per exchange (dialConn).
	raw syscall.RawConn

	idleTimer *time.Timer
	idleAt    time.Time

	// writeFailed is set when writing the request failed.
	writeFailed bool

	mu        sync.Mutex
	closed    bool
	cancelErr error
	stopWatch func() bool
}

func (pc *persistConn) expire() {
	if pc.t.removeIdle(pc) {
		pc.close()
	}
}

func (pc *persistConn) close() {
	pc.mu.Lock()
	if pc.closed {
		pc.mu.Unlock()
		return
	}
	pc.closed = true
	// Buffers go with the connection (a body being read keeps its own
	// reference to the reader).
	pc.br, pc.bw = nil, nil
	pc.mu.Unlock()
	if pc.idleTimer != nil {
		pc.idleTimer.Stop()
	}
	pc.conn.Close()
	pc.t.decConn(pc.key)
}

// cancel fails the exchange in progress with err: the connection closes,
// which wakes a blocked read or write.
func (pc *persistConn) cancel(err error) {
	pc.mu.Lock()
	if pc.cancelErr == nil {
		pc.cancelErr = err
	}
	pc.mu.Unlock()
	pc.close()
}

func (pc *persistConn) canceledErr() error {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	return pc.cancelErr
}

// bodyDone settles pc after its response: back to the pool when reuse
// is allowed and nothing cancelled the exchange, else closed.
func (pc *persistConn) bodyDone(reuse bool) {
	if stop := pc.stopWatch; stop != nil {
		pc.stopWatch = nil
		if !stop() {
			reuse = false
		}
	}
	if reuse && pc.canceledErr() == nil {
		if pc.raw != nil {
			pc.mu.Lock()
			if br := pc.br; br != nil && br.Buffered() == 0 {
				pc.br = nil
				putConnReader(br)
			}
			pc.mu.Unlock()
		}
		pc.t.putIdle(pc)
	} else {
		pc.close()
	}
}

// isAlive reports whether an idle connection still looks open: nothing
// (no EOF, no stray bytes) is waiting to be read on it.
func (pc *persistConn) isAlive() bool {
	if pc.raw != nil {
		if pc.br != nil && pc.br.Buffered() > 0 {
			return false
		}
		// A look at the socket that cannot block or be delayed into
		// missing what is there.
		alive := false
		err := pc.raw.Control(func(fd uintptr) { alive = sysPeekIdle(int(fd)) < 0 })
		return err == nil && alive
	}
	// The read is tried before the deadline can end it.
	pc.conn.SetReadDeadline(time.Now().Add(200 * time.Microsecond))
	_, err := pc.br.Peek(1)
	pc.conn.SetReadDeadline(time.Time{})
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		return true
	}
	return false
}

// sysPeekIdle reports what waits on an idle socket, without blocking or
// reading it: -1 nothing, 0 end of stream or an error, 1 bytes.
func sysPeekIdle(fd int) int

// waitReadable parks until the connection has something to read (or is
// closed, or ends).
func (pc *persistConn) waitReadable() error {
	first := true
	return pc.raw.Read(func(uintptr) bool {
		if first {
			first = false
			return false
		}
		return true
	})
}

// takeReader borrows a buffered reader for the response on pc.
func (pc *persistConn) takeReader() *bufio.Reader {
	br := newConnReader(pc.conn)
	pc.mu.Lock()
	if !pc.closed {
		pc.br = br
	}
	pc.mu.Unlock()
	return br
}

// roundTrip writes req and reads its response head on pc. retry reports
// an error on which a replayable request may be tried again on another
// connection (the peer closed a reused one before answering).
func (pc *persistConn) roundTrip(ctx context.Context, req *Request) (resp *Response, retry bool, err error) {
	t := pc.t
	// A request that cannot be retried checks first that a connection
	// idle for a while was not closed by the peer meanwhile (Go's
	// per-connection reader would have seen that).
	if pc.reused && !reqIsReplayable(req) && time.Since(pc.idleAt) > 2*time.Millisecond && !pc.isAlive() {
		pc.close()
		pc.reused = false
		if pc, err = t.getConnFresh(ctx, pc.key); err != nil {
			return nil, false, err
		}
	}
	// The buffers are the exchange's own: close (from a cancellation)
	// drops pc's references to them.
	br, bw := pc.br, pc.bw
	borrowedW := bw == nil
	if borrowedW {
		bw = newConnWriter(pc.conn)
	}
	if ctx.Done() != nil {
		pc.stopWatch = context.AfterFunc(ctx, func() { pc.cancel(context.Cause(ctx)) })
	}
	fail := func(err error) (*Response, bool, error) {
		if stop := pc.stopWatch; stop != nil {
			pc.stopWatch = nil
			stop()
		}
		pc.close()
		if cause := pc.canceledErr(); cause != nil {
			return nil, false, cause
		}
		return nil, pc.reused, err
	}
	var extra Header
	if t.DisableKeepAlives && !req.Close && !hasToken(req.Header.get("Connection"), "close") {
		extra = Header{"Connection": {"close"}}
	}
	// Go's rule: ask for gzip unless told not to or the request asks for
	// an encoding or a range itself (then the caller decodes).
	requestedGzip := !t.DisableCompression && req.Header.get("Accept-Encoding") == "" &&
		req.Header.get("Range") == "" && req.Method != "HEAD"
	if requestedGzip {
		if extra == nil {
			extra = Header{}
		}
		extra["Accept-Encoding"] = []string{"gzip"}
	}
	var early *Response
	var waitContinue func() bool
	if t.ExpectContinueTimeout > 0 && req.Body != nil && req.Body != NoBody && hasToken(req.Header.get("Expect"), "100-continue") {
		waitContinue = func() bool {
			if br == nil {
				br = pc.takeReader()
			}
			pc.conn.SetReadDeadline(time.Now().Add(t.ExpectContinueTimeout))
			_, err := br.Peek(1)
			pc.conn.SetReadDeadline(time.Time{})
			if err != nil {
				ne, ok := err.(net.Error)
				return ok && ne.Timeout()
			}
			r, err := readResponseHead(br, req)
			if err != nil {
				return false
			}
			if r.StatusCode == 100 {
				return true
			}
			early = r
			return false
		}
	}
	err = req.clientWrite(bw, false, extra, waitContinue)
	if err == nil {
		err = bw.Flush()
	}
	if borrowedW {
		putConnWriter(bw)
	}
	if err != nil && early == nil {
		pc.writeFailed = true
		return fail(err)
	}
	var hdrTimer *time.Timer
	if d := t.ResponseHeaderTimeout; d > 0 {
		hdrTimer = time.AfterFunc(d, func() { pc.cancel(errTimeoutHeaders) })
	}
	resp = early
	for n1xx := 0; resp == nil; n1xx++ {
		var err error
		if br == nil {
			if err = pc.waitReadable(); err == nil {
				br = pc.takeReader()
			}
		}
		if err == nil {
			_, err = br.Peek(1)
		}
		if err != nil {
			if hdrTimer != nil {
				hdrTimer.Stop()
			}
			if pc.reused && pc.canceledErr() == nil {
				pc.close()
				return nil, true, errServerClosedIdle
			}
			return fail(err)
		}
		resp, err = readResponseHead(br, req)
		if err != nil {
			if hdrTimer != nil {
				hdrTimer.Stop()
			}
			return fail(err)
		}
		if c := resp.StatusCode; c >= 100 && c < 200 && c != 101 {
			if n1xx >= 5 {
				return fail(errors.New("net/http: too many 1xx informational responses"))
			}
			resp = nil
		}
	}
	if hdrTimer != nil && !hdrTimer.Stop() {
		return fail(errTimeoutHeaders)
	}
	if err := setupRespBody(resp, br, pc); err != nil {
		return fail(err)
	}
	alive := !resp.Close && !req.Close && !t.DisableKeepAlives && early == nil &&
		!hasToken(req.Header.get("Connection"), "close")
	if b, ok := resp.Body.(*respBody); ok {
		b.closing = !alive
	} else {
		pc.bodyDone(alive)
	}
	if requestedGzip && resp.ContentLength != 0 && resp.Body != NoBody &&
		strings.EqualFold(resp.Header.get("Content-Encoding"), "gzip") {
		resp.Body = &gzipReader{body: resp.Body}
		resp.Header.Del("Content-Encoding")
		resp.Header.Del("Content-Length")
		resp.ContentLength = -1
		resp.Uncompressed = true
	}
	return resp, false, nil
}

// gzipReader decompresses a response body the Transport asked to be
// gzipped; the gzip header is read on the first Read, so a bad one is
// that Read's error.
type gzipReader struct {
	body io.ReadCloser
	zr   *gzip.Reader
	zerr error
}

func (gz *gzipReader) Read(p []byte) (int, error) {
	if gz.zr == nil {
		if gz.zerr == nil {
			gz.zr, gz.zerr = gzip.NewReader(gz.body)
		}
		if gz.zerr != nil {
			return 0, gz.zerr
		}
	}
	return gz.zr.Read(p)
}

func (gz *gzipReader) Close() error {
	if err := gz.body.Close(); err != nil {
		return err
	}
	gz.zerr = errReadOnClosedResBody
	gz.zr = nil
	return nil
}

// unwrapGzip is the connection's own body under a gzipReader.
func unwrapGzip(b io.ReadCloser) io.ReadCloser {
	if gz, ok := b.(*gzipReader); ok {
		return gz.body
	}
	return b
}

// getConnFresh dials a new connection for addr (a stale idle one was
// just dropped).
func (t *Transport) getConnFresh(ctx context.Context, addr string) (*persistConn, error) {
	return t.getConn(ctx, addr)
}

