package http

// The HTTP/1.x server: Server, its accept loop and per-connection loop,
// the ResponseWriter (*response) with Go's framing rules (Content-Length
// for a small body written before the handler returns, chunked
// otherwise), graceful Shutdown, ReadRequest, TimeoutHandler and the
// small handler wrappers.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"math/rand"
	"net"
	"net/url"
	"path"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// TrailerPrefix is the Header key prefix that declares a trailer after
// the header has been written.
const TrailerPrefix = "Trailer:"

// DefaultMaxHeaderValueCount is the most header values a request may
// carry unless Server.MaxHeaderValueCount says otherwise.
const DefaultMaxHeaderValueCount = 500

// bufferBeforeChunkingSize is how much of a body the server buffers
// before committing to chunked encoding.
const bufferBeforeChunkingSize = 2048

// A ConnState is a state of a client connection, for Server.ConnState.
type ConnState int

const (
	StateNew ConnState = iota
	StateActive
	StateIdle
	StateHijacked
	StateClosed
)

var stateName = map[ConnState]string{
	StateNew:      "new",
	StateActive:   "active",
	StateIdle:     "idle",
	StateHijacked: "hijacked",
	StateClosed:   "closed",
}

func (c ConnState) String() string { return stateName[c] }

// A Server serves HTTP/1.x.
type Server struct {
	Addr    string
	Handler Handler

	DisableGeneralOptionsHandler bool

	ReadTimeout       time.Duration
	ReadHeaderTimeout time.Duration
	WriteTimeout      time.Duration
	IdleTimeout       time.Duration

	MaxHeaderBytes      int
	MaxHeaderValueCount int

	ConnState func(net.Conn, ConnState)
	ErrorLog  *log.Logger

	BaseContext func(net.Listener) context.Context
	ConnContext func(ctx context.Context, c net.Conn) context.Context

	// HTTP2 and Protocols are accepted: minigo serves HTTP/1.1 only.
	HTTP2     *HTTP2Config
	Protocols *Protocols

	inShutdown        atomic.Bool
	disableKeepAlives atomic.Bool

	mu            sync.Mutex
	listeners     map[*net.Listener]struct{}
	activeConn    map[*conn]struct{}
	onShutdown    []func()
	listenerGroup sync.WaitGroup
}

func (s *Server) maxHeaderBytes() int {
	if s.MaxHeaderBytes > 0 {
		return s.MaxHeaderBytes
	}
	return DefaultMaxHeaderBytes
}

func (s *Server) maxHeaderValueCount() int {
	if s.MaxHeaderValueCount > 0 {
		return s.MaxHeaderValueCount
	}
	return DefaultMaxHeaderValueCount
}

func (s *Server) initialReadLimitSize() int64 { return int64(s.maxHeaderBytes()) + 4096 }

func (s *Server) idleTimeout() time.Duration {
	if s.IdleTimeout != 0 {
		return s.IdleTimeout
	}
	return s.ReadTimeout
}

func (s *Server) readHeaderTimeout() time.Duration {
	if s.ReadHeaderTimeout != 0 {
		return s.ReadHeaderTimeout
	}
	return s.ReadTimeout
}

func (s *Server) doKeepAlives() bool { return !s.disableKeepAlives.Load() && !s.shuttingDown() }

func (s *Server) shuttingDown() bool { return s.inShutdown.Load() }

// SetKeepAlivesEnabled turns HTTP keep-alives on (the default) or off.
func (s *Server) SetKeepAlivesEnabled(v bool) {
	if v {
		s.disableKeepAlives.Store(false)
		return
	}
	s.disableKeepAlives.Store(true)
	s.closeIdleConns()
}

func (s *Server) logf(format string, args ...any) {
	if s.ErrorLog != nil {
		s.ErrorLog.Printf(format, args...)
	} else {
		log.Printf(format, args...)
	}
}

// RegisterOnShutdown registers f to be called, in a goroutine of its
// own, when Shutdown starts.
func (s *Server) RegisterOnShutdown(f func()) {
	s.mu.Lock()
	s.onShutdown = append(s.onShutdown, f)
	s.mu.Unlock()
}

// ListenAndServe listens on s.Addr (":http" if empty) and serves.
func (s *Server) ListenAndServe() error {
	if s.shuttingDown() {
		return ErrServerClosed
	}
	addr := s.Addr
	if addr == "" {
		addr = ":http"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil && strings.HasSuffix(addr, ":http") {
		ln, err = net.Listen("tcp", strings.TrimSuffix(addr, "http")+"80")
	}
	if err != nil {
		return err
	}
	return s.Serve(ln)
}

// ListenAndServe serves handler (DefaultServeMux if nil) on addr.
func ListenAndServe(addr string, handler Handler) error {
	server := &Server{Addr: addr, Handler: handler}
	return server.ListenAndServe()
}

// Serve serves the connections l accepts with handler.
func Serve(l net.Listener, handler Handler) error {
	srv := &Server{Handler: handler}
	return srv.Serve(l)
}

type onceCloseListener struct {
	net.Listener
	once     sync.Once
	closeErr error
}

func (oc *onceCloseListener) Close() error {
	oc.once.Do(func() { oc.closeErr = oc.Listener.Close() })
	return oc.closeErr
}

func (s *Server) trackListener(ln *net.Listener, add bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.listeners == nil {
		s.listeners = make(map[*net.Listener]struct{})
	}
	if add {
		if s.shuttingDown() {
			return false
		}
		s.listeners[ln] = struct{}{}
		s.listenerGroup.Add(1)
	} else {
		delete(s.listeners, ln)
		s.listenerGroup.Done()
	}
	return true
}

func (s *Server) trackConn(c *conn, add bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.activeConn == nil {
		s.activeConn = make(map[*conn]struct{})
	}
	if add {
		s.activeConn[c] = struct{}{}
	} else {
		delete(s.activeConn, c)
	}
}

// Serve accepts connections on l, serving each in its own goroutine. It
// always returns a non-nil error; after Shutdown or Close,
// ErrServerClosed.
func (s *Server) Serve(l net.Listener) error {
	origListener := l
	l = &onceCloseListener{Listener: l}
	defer l.Close()
	if !s.trackListener(&l, true) {
		return ErrServerClosed
	}
	defer s.trackListener(&l, false)

	baseCtx := context.Background()
	if s.BaseContext != nil {
		baseCtx = s.BaseContext(origListener)
		if baseCtx == nil {
			panic("BaseContext returned a nil context")
		}
	}
	var tempDelay time.Duration
	ctx := context.WithValue(baseCtx, ServerContextKey, s)
	for {
		rw, err := l.Accept()
		if err != nil {
			if s.shuttingDown() {
				return ErrServerClosed
			}
			if ne, ok := err.(interface{ Temporary() bool }); ok && ne.Temporary() {
				if tempDelay == 0 {
					tempDelay = 5 * time.Millisecond
				} else {
					tempDelay *= 2
				}
				if max := 1 * time.Second; tempDelay > max {
					tempDelay = max
				}
				s.logf("http: Accept error: %v; retrying in %v", err, tempDelay)
				time.Sleep(tempDelay)
				continue
			}
			return err
		}
		connCtx := ctx
		if cc := s.ConnContext; cc != nil {
			connCtx = cc(connCtx, rw)
			if connCtx == nil {
				panic("ConnContext returned nil")
			}
		}
		tempDelay = 0
		c := &conn{server: s, rwc: rw}
		c.setState(StateNew, true)
		go c.serve(connCtx)
	}
}

func (s *Server) closeListenersLocked() error {
	var err error
	for ln := range s.listeners {
		if cerr := (*ln).Close(); cerr != nil && err == nil {
			err = cerr
		}
	}
	return err
}

// Close closes the listeners and every connection at once, idle or not.
func (s *Server) Close() error {
	s.inShutdown.Store(true)
	s.mu.Lock()
	err := s.closeListenersLocked()
	s.mu.Unlock()
	s.listenerGroup.Wait()

	s.mu.Lock()
	for c := range s.activeConn {
		c.rwc.Close()
		delete(s.activeConn, c)
	}
	s.mu.Unlock()
	return err
}

const shutdownPollIntervalMax = 500 * time.Millisecond

// Shutdown stops the server gracefully: it closes the listeners, then
// idle connections, and waits for active ones to go idle (or ctx to be
// done, returning its error).
func (s *Server) Shutdown(ctx context.Context) error {
	s.inShutdown.Store(true)
	s.mu.Lock()
	lnerr := s.closeListenersLocked()
	for _, f := range s.onShutdown {
		go f()
	}
	s.mu.Unlock()
	s.listenerGroup.Wait()

	pollIntervalBase := time.Millisecond
	nextPollInterval := func() time.Duration {
		interval := pollIntervalBase + time.Duration(rand.Intn(int(pollIntervalBase/10)))
		pollIntervalBase *= 2
		if pollIntervalBase > shutdownPollIntervalMax {
			pollIntervalBase = shutdownPollIntervalMax
		}
		return interval
	}
	timer := time.NewTimer(nextPollInterval())
	defer timer.Stop()
	for {
		if s.closeIdleConns() {
			return lnerr
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-timer.C:
			timer.Reset(nextPollInterval())
		}
	}
}

// closeIdleConns closes the idle connections and reports whether every
// connection was idle.
func (s *Server) closeIdleConns() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	quiescent := true
	now := time.Now().Unix()
	for c := range s.activeConn {
		st, unixSec := c.getState()
		if st == StateNew && unixSec < now-5 {
			st = StateIdle
		}
		if st != StateIdle || unixSec == 0 {
			quiescent = false
			continue
		}
		c.rwc.Close()
		delete(s.activeConn, c)
	}
	return quiescent
}

// serverHandler picks the handler of a request: s.Handler,
// DefaultServeMux, or the OPTIONS * handler.
func (s *Server) serveRequest(rw ResponseWriter, req *Request) {
	handler := s.Handler
	if handler == nil {
		handler = DefaultServeMux
	}
	if !s.DisableGeneralOptionsHandler && req.RequestURI == "*" && req.Method == "OPTIONS" {
		handler = globalOptionsHandler{}
	}
	if req.URL != nil && strings.IndexByte(req.URL.RawQuery, ';') >= 0 {
		var inUse atomic.Bool
		req = req.WithContext(context.WithValue(req.Context(), silenceSemWarnContextKey, func() { inUse.Store(true) }))
		defer func() {
			if !inUse.Load() {
				s.logf("http: URL query contains semicolon, which is no longer a supported separator; parts of the query may be stripped when parsed; see golang.org/issue/25192")
			}
		}()
	}
	handler.ServeHTTP(rw, req)
}

var silenceSemWarnContextKey = &contextKey{"silence-semicolons"}

type globalOptionsHandler struct{}

func (globalOptionsHandler) ServeHTTP(w ResponseWriter, r *Request) {
	w.Header().Set("Content-Length", "0")
	if r.ContentLength != 0 {
		mb := MaxBytesReader(w, r.Body, 4<<10)
		io.Copy(io.Discard, mb)
	}
}

// AllowQuerySemicolons turns the semicolons of a request's query into
// ampersands before h sees it.
func AllowQuerySemicolons(h Handler) Handler {
	return HandlerFunc(func(w ResponseWriter, r *Request) {
		if silence, ok := r.Context().Value(silenceSemWarnContextKey).(func()); ok {
			silence()
		}
		if strings.IndexByte(r.URL.RawQuery, ';') >= 0 {
			r2 := new(Request)
			*r2 = *r
			r2.URL = new(url.URL)
			*r2.URL = *r.URL
			r2.URL.RawQuery = strings.ReplaceAll(r.URL.RawQuery, ";", "&")
			h.ServeHTTP(w, r2)
		} else {
			h.ServeHTTP(w, r)
		}
	})
}

// MaxBytesHandler runs h with the request body limited to n bytes.
func MaxBytesHandler(h Handler, n int64) Handler {
	return HandlerFunc(func(w ResponseWriter, r *Request) {
		r2 := *r
		r2.Body = MaxBytesReader(w, r.Body, n)
		h.ServeHTTP(w, &r2)
	})
}

// ---- connection buffers ----

// srvBufPool keeps a few released connection buffers for the next
// connections; the rest are left to the collector.
type srvBufPool struct {
	mu      sync.Mutex
	readers []*bufio.Reader
	writers []*bufio.Writer
}

const srvBufPoolMax = 32

var srvBufs srvBufPool

func newConnReader(r io.Reader) *bufio.Reader {
	srvBufs.mu.Lock()
	if n := len(srvBufs.readers); n > 0 {
		br := srvBufs.readers[n-1]
		srvBufs.readers[n-1] = nil
		srvBufs.readers = srvBufs.readers[:n-1]
		srvBufs.mu.Unlock()
		br.Reset(r)
		return br
	}
	srvBufs.mu.Unlock()
	return bufio.NewReaderSize(r, 4<<10)
}

func putConnReader(br *bufio.Reader) {
	br.Reset(nil)
	srvBufs.mu.Lock()
	if len(srvBufs.readers) < srvBufPoolMax {
		srvBufs.readers = append(srvBufs.readers, br)
	}
	srvBufs.mu.Unlock()
}

func newConnWriter(w io.Writer) *bufio.Writer {
	srvBufs.mu.Lock()
	if n := len(srvBufs.writers); n > 0 {
		bw := srvBufs.writers[n-1]
		srvBufs.writers[n-1] = nil
		srvBufs.writers = srvBufs.writers[:n-1]
		srvBufs.mu.Unlock()
		bw.Reset(w)
		return bw
	}
	srvBufs.mu.Unlock()
	return bufio.NewWriterSize(w, 4<<10)
}

func putConnWriter(bw *bufio.Writer) {
	bw.Reset(nil)
	srvBufs.mu.Lock()
	if len(srvBufs.writers) < srvBufPoolMax {
		srvBufs.writers = append(srvBufs.writers, bw)
	}
	srvBufs.mu.Unlock()
}

// ---- the connection ----

type conn struct {
	server     *Server
	cancelCtx  context.CancelFunc
	rwc        net.Conn
	remoteAddr string

	werr error // the first write error on rwc

	r    *connReader
	bufr *bufio.Reader
	bufw *bufio.Writer
	// respw is the 2 KB buffer in front of each response's chunkWriter,
	// reused from response to response.
	respw *bufio.Writer

	lastMethod string
	curReq     atomic.Pointer[response]

	stateMu   sync.Mutex
	state     ConnState
	stateUnix int64

	mu        sync.Mutex // guards hijackedv
	hijackedv bool

	// light: requests get a srvReqCtx (curCtx) that cancelLight
	// cancels, instead of a context.WithCancel of the conn's.
	light    bool
	canceled atomic.Bool
	curCtx   atomic.Pointer[srvReqCtx]
}

func (c *conn) cancelLight() {
	c.canceled.Store(true)
	if rc := c.curCtx.Load(); rc != nil {
		rc.cancel()
	}
}

// srvReqCtx is a request's context on a connection whose own context
// cannot be cancelled: its values and deadline are the connection's,
// and it is cancelled when the handler returns or the connection fails.
type srvReqCtx struct {
	context.Context
	w    *response
	mu   sync.Mutex
	done chan struct{}
	err  error
}

var srvClosedChan = make(chan struct{})

func init() { close(srvClosedChan) }

func (c *srvReqCtx) Done() <-chan struct{} {
	if c.w != nil {
		c.w.bgTrigger()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done == nil {
		if c.err != nil {
			return srvClosedChan
		}
		c.done = make(chan struct{})
	}
	return c.done
}

func (c *srvReqCtx) Err() error {
	if c.w != nil {
		c.w.bgTrigger()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

func (c *srvReqCtx) cancel() {
	c.mu.Lock()
	if c.err == nil {
		c.err = context.Canceled
		if c.done != nil {
			close(c.done)
		}
	}
	c.mu.Unlock()
}

func (c *srvReqCtx) String() string {
	return fmt.Sprint(c.Context) + ".WithCancel.WithCancel"
}

func (c *conn) hijacked() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hijackedv
}

func (c *conn) setState(state ConnState, runHook bool) {
	srv := c.server
	switch state {
	case StateNew:
		srv.trackConn(c, true)
	case StateHijacked, StateClosed:
		srv.trackConn(c, false)
	}
	c.stateMu.Lock()
	if state > 0xff || state < 0 {
		c.stateMu.Unlock()
		panic("internal error")
	}
	c.state = state
	c.stateUnix = time.Now().Unix()
	c.stateMu.Unlock()
	if runHook {
		if hook := srv.ConnState; hook != nil {
			hook(c.rwc, state)
		}
	}
}

func (c *conn) getState() (ConnState, int64) {
	c.stateMu.Lock()
	defer c.stateMu.Unlock()
	return c.state, c.stateUnix
}

// checkConnErrorWriter records the first write error of its conn and
// cancels the conn's context.
type checkConnErrorWriter struct {
	c *conn
}

func (w checkConnErrorWriter) Write(p []byte) (int, error) {
	n, err := w.c.rwc.Write(p)
	if err != nil && w.c.werr == nil {
		w.c.werr = err
		w.c.cancelCtx()
	}
	return n, err
}

func (c *conn) finalFlush() {
	if c.bufr != nil {
		putConnReader(c.bufr)
		c.bufr = nil
	}
	if c.bufw != nil {
		c.bufw.Flush()
		putConnWriter(c.bufw)
		c.bufw = nil
	}
	c.respw = nil
}

func (c *conn) close() {
	c.finalFlush()
	c.rwc.Close()
}

// rstAvoidanceDelay is how long a connection closed after an error
// response keeps reading, so that the peer sees the response and not a
// reset.
var rstAvoidanceDelay = 500 * time.Millisecond

func (c *conn) closeWriteAndWait() {
	c.finalFlush()
	if tcp, ok := c.rwc.(interface{ CloseWrite() error }); ok {
		tcp.CloseWrite()
		time.Sleep(rstAvoidanceDelay)
		return
	}
	// No half-close: read what the client still sends (for a while) so
	// that closing does not reset the connection under the response.
	c.rwc.SetReadDeadline(time.Now().Add(rstAvoidanceDelay))
	var buf [512]byte
	for {
		if _, err := c.rwc.Read(buf[:]); err != nil {
			break
		}
	}
}

var aLongTimeAgo = time.Unix(1, 0)

// connReader reads the connection for the request parser and bodies,
// and, while a handler runs, keeps one read pending in the background to
// notice the client going away.
type connReader struct {
	conn *conn
	rwc  net.Conn

	mu      sync.Mutex
	cond    *sync.Cond
	hasByte bool
	byteBuf [1]byte
	inRead  bool
	aborted bool
	remain  int64
}

func (cr *connReader) startBackgroundRead() {
	cr.mu.Lock()
	defer cr.mu.Unlock()
	if cr.inRead {
		panic("invalid concurrent Body.Read call")
	}
	if cr.hasByte {
		return
	}
	cr.inRead = true
	cr.rwc.SetReadDeadline(time.Time{})
	go cr.backgroundRead()
}

func (cr *connReader) backgroundRead() {
	n, err := cr.rwc.Read(cr.byteBuf[:])
	cr.mu.Lock()
	if n == 1 {
		cr.hasByte = true
	}
	if ne, ok := err.(net.Error); ok && cr.aborted && ne.Timeout() {
		// Our own abortPendingRead: not the client's doing.
	} else if err != nil {
		cr.handleReadErrorLocked()
	}
	cr.aborted = false
	cr.inRead = false
	cr.mu.Unlock()
	cr.cond.Broadcast()
}

func (cr *connReader) abortPendingRead() {
	cr.mu.Lock()
	defer cr.mu.Unlock()
	if !cr.inRead {
		return
	}
	cr.aborted = true
	cr.rwc.SetReadDeadline(aLongTimeAgo)
	for cr.inRead {
		cr.cond.Wait()
	}
	cr.rwc.SetReadDeadline(time.Time{})
}

func (cr *connReader) setReadLimit(remain int64) { cr.remain = remain }
func (cr *connReader) setInfiniteReadLimit()     { cr.remain = 1<<63 - 1 }
func (cr *connReader) hitReadLimit() bool        { return cr.remain <= 0 }

func (cr *connReader) handleReadErrorLocked() {
	if cr.conn == nil {
		return
	}
	cr.conn.cancelCtx()
	if res := cr.conn.curReq.Load(); res != nil {
		res.closeNotify()
	}
}

func (cr *connReader) Read(p []byte) (n int, err error) {
	cr.mu.Lock()
	if cr.conn == nil {
		cr.mu.Unlock()
		return cr.rwc.Read(p)
	}
	if cr.inRead {
		hijacked := cr.conn.hijacked()
		cr.mu.Unlock()
		if hijacked {
			panic("invalid Body.Read call. After hijacked, the original Request must not be used")
		}
		panic("invalid concurrent Body.Read call")
	}
	if cr.hitReadLimit() {
		cr.mu.Unlock()
		return 0, io.EOF
	}
	if len(p) == 0 {
		cr.mu.Unlock()
		return 0, nil
	}
	if int64(len(p)) > cr.remain {
		p = p[:cr.remain]
	}
	if cr.hasByte {
		p[0] = cr.byteBuf[0]
		cr.hasByte = false
		cr.mu.Unlock()
		return 1, nil
	}
	cr.inRead = true
	cr.mu.Unlock()
	n, err = cr.rwc.Read(p)

	cr.mu.Lock()
	cr.inRead = false
	if err != nil {
		cr.handleReadErrorLocked()
	}
	cr.remain -= int64(n)
	cr.mu.Unlock()
	cr.cond.Broadcast()
	return n, err
}

func (cr *connReader) releaseConn() {
	cr.mu.Lock()
	cr.conn = nil
	cr.mu.Unlock()
}

// statusError is a malformed request answered with code and text.
type statusError struct {
	code int
	text string
}

func (e statusError) Error() string { return StatusText(e.code) + ": " + e.text }

func badRequestError(e string) error { return statusError{StatusBadRequest, e} }

func isCommonNetReadError(err error) bool {
	if err == io.EOF {
		return true
	}
	if neterr, ok := err.(net.Error); ok && neterr.Timeout() {
		return true
	}
	if oe, ok := err.(*net.OpError); ok && oe.Op == "read" {
		return true
	}
	return false
}

func (c *conn) serve(ctx context.Context) {
	if ra := c.rwc.RemoteAddr(); ra != nil {
		c.remoteAddr = ra.String()
	}
	ctx = context.WithValue(ctx, LocalAddrContextKey, c.rwc.LocalAddr())
	var inFlightResponse *response
	defer func() {
		if err := recover(); err != nil && err != ErrAbortHandler {
			c.server.logf("http: panic serving %v: %v\n%s", c.remoteAddr, err, srvStack())
		}
		if inFlightResponse != nil {
			inFlightResponse.cancelCtx()
			inFlightResponse.disableWriteContinue(true)
		}
		if !c.hijacked() {
			if inFlightResponse != nil {
				inFlightResponse.bgStop()
				inFlightResponse.conn.r.abortPendingRead()
				if inFlightResponse.reqBody != nil {
					inFlightResponse.reqBody.Close()
				}
			}
			c.close()
			c.setState(StateClosed, true)
		}
	}()

	if ctx.Done() == nil {
		// Nothing above can cancel: the requests' contexts are light
		// ones the connection cancels itself.
		c.light = true
		c.cancelCtx = c.cancelLight
		defer c.cancelLight()
	} else {
		var cancelCtx context.CancelFunc
		ctx, cancelCtx = context.WithCancel(ctx)
		c.cancelCtx = cancelCtx
		defer cancelCtx()
	}

	c.r = &connReader{conn: c, rwc: c.rwc}
	c.r.cond = sync.NewCond(&c.r.mu)
	c.bufr = newConnReader(c.r)
	c.bufw = newConnWriter(checkConnErrorWriter{c})

	if d := c.server.readHeaderTimeout(); d > 0 {
		c.rwc.SetReadDeadline(time.Now().Add(d))
	}

	for {
		w, err := c.readRequest(ctx)
		if c.r.remain != c.server.initialReadLimitSize() {
			c.setState(StateActive, true)
		}
		if c.server.shuttingDown() {
			return
		}
		if err != nil {
			const errorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"
			switch {
			case err == errTooLarge:
				const publicErr = "431 Request Header Fields Too Large"
				io.WriteString(c.rwc, "HTTP/1.1 "+publicErr+errorHeaders+publicErr)
				c.closeWriteAndWait()
				return
			case isUnsupportedTEError(err):
				io.WriteString(c.rwc, "HTTP/1.1 501 Not Implemented"+errorHeaders+"Unsupported transfer encoding")
				return
			case isCommonNetReadError(err):
				return
			default:
				if v, ok := err.(statusError); ok {
					fmt.Fprintf(c.rwc, "HTTP/1.1 %d %s: %s%s%d %s: %s", v.code, StatusText(v.code), v.text, errorHeaders, v.code, StatusText(v.code), v.text)
					return
				}
				const publicErr = "400 Bad Request"
				io.WriteString(c.rwc, "HTTP/1.1 "+publicErr+errorHeaders+publicErr)
				return
			}
		}

		req := w.req
		if req.expectsContinue() {
			if req.ProtoAtLeast(1, 1) && req.ContentLength != 0 {
				w.ecReader = &expectContinueReader{readCloser: req.Body, resp: w}
				w.canWriteContinue.Store(true)
				req.Body = w.ecReader
			}
		} else if req.Header.get("Expect") != "" {
			w.sendExpectationFailed()
			return
		}

		c.curReq.Store(w)

		if c.light {
			// The background read starts when the handler first looks
			// at its context (or CloseNotify), once the body is read.
			if w.reqBody.bodyRemains() {
				w.reqBody.registerOnHitEOF(w.bgBodyEOF)
			} else {
				w.bgBodyEOF()
			}
		} else if w.reqBody.bodyRemains() {
			w.reqBody.registerOnHitEOF(w.conn.r.startBackgroundRead)
		} else {
			w.conn.r.startBackgroundRead()
		}

		inFlightResponse = w
		c.server.serveRequest(w, w.req)
		inFlightResponse = nil
		w.cancelCtx()
		if c.hijacked() {
			c.r.releaseConn()
			return
		}
		w.finishRequest()
		c.rwc.SetWriteDeadline(time.Time{})
		if !w.shouldReuseConnection() {
			if w.requestBodyLimitHit || w.closedRequestBodyEarly() {
				c.closeWriteAndWait()
			}
			return
		}
		c.setState(StateIdle, true)
		c.curReq.Store(nil)

		if !w.conn.server.doKeepAlives() {
			return
		}

		if d := c.server.idleTimeout(); d > 0 {
			c.rwc.SetReadDeadline(time.Now().Add(d))
		} else if c.server.ReadHeaderTimeout > 0 || c.server.ReadTimeout > 0 {
			c.rwc.SetReadDeadline(time.Time{})
		}

		// Wait for the next request's first bytes before its header
		// timeout starts.
		if _, err := c.bufr.Peek(4); err != nil {
			return
		}

		if d := c.server.readHeaderTimeout(); d > 0 {
			c.rwc.SetReadDeadline(time.Now().Add(d))
		} else if c.server.IdleTimeout > 0 {
			c.rwc.SetReadDeadline(time.Time{})
		}
	}
}

// srvStack is the goroutine's stack for the panic log, in the shape of
// runtime.Stack's.
func srvStack() string {
	pc := make([]uintptr, 64)
	n := runtime.Callers(3, pc)
	frames := runtime.CallersFrames(pc[:n])
	var b strings.Builder
	b.WriteString("goroutine [running]:\n")
	for {
		f, more := frames.Next()
		if f.Function != "" {
			b.WriteString(f.Function)
			b.WriteString("(...)\n\t")
			b.WriteString(f.File)
			b.WriteString(":")
			b.WriteString(strconv.Itoa(f.Line))
			b.WriteString("\n")
		}
		if !more {
			break
		}
	}
	return b.String()
}

func numLeadingCRorLF(v []byte) (n int) {
	for _, b := range v {
		if b == '\r' || b == '\n' {
			n++
			continue
		}
		break
	}
	return
}

// validHostHeader reports whether h holds only bytes a Host header may.
func validHostHeader(h string) bool {
	for i := 0; i < len(h); i++ {
		c := h[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			continue
		}
		switch c {
		case '!', '$', '%', '&', '\'', '(', ')', '*', '+', ',', '-', '.', ':', ';', '=', '[', ']', '_', '~':
			continue
		}
		return false
	}
	return true
}

func (c *conn) readRequest(ctx context.Context) (w *response, err error) {
	if c.hijacked() {
		return nil, ErrHijacked
	}
	var wholeReqDeadline time.Time
	if d := c.server.ReadTimeout; d > 0 {
		wholeReqDeadline = time.Now().Add(d)
	}
	if d := c.server.WriteTimeout; d > 0 {
		defer func() {
			c.rwc.SetWriteDeadline(time.Now().Add(d))
		}()
	}

	c.r.setReadLimit(c.server.initialReadLimitSize())
	if c.lastMethod == "POST" {
		// RFC 7230 section 3: tolerate the CRLF old clients add after a
		// POST body.
		peek, _ := c.bufr.Peek(4)
		c.bufr.Discard(numLeadingCRorLF(peek))
	}
	req, err := readRequestLimit(c.bufr, int64(c.server.maxHeaderValueCount()))
	if err != nil {
		if c.r.hitReadLimit() {
			return nil, errTooLarge
		}
		return nil, err
	}
	if req.ProtoMajor != 1 && !(req.ProtoMajor == 2 && req.ProtoMinor == 0 && req.Method == "PRI" && req.RequestURI == "*") {
		return nil, statusError{StatusHTTPVersionNotSupported, "unsupported protocol version"}
	}

	c.lastMethod = req.Method
	c.r.setInfiniteReadLimit()

	hosts, haveHost := req.Header["Host"]
	isH2Upgrade := req.Method == "PRI" && len(req.Header) == 0 && req.URL.Path == "*" && req.Proto == "HTTP/2.0"
	if req.ProtoAtLeast(1, 1) && (!haveHost || len(hosts) == 0) && !isH2Upgrade && req.Method != "CONNECT" {
		return nil, badRequestError("missing required Host header")
	}
	if len(hosts) == 1 && !validHostHeader(hosts[0]) {
		return nil, badRequestError("malformed Host header")
	}
	for k, vv := range req.Header {
		if !validMethod(k) {
			return nil, badRequestError("invalid header name")
		}
		for _, v := range vv {
			if !validHeaderValue(v) {
				return nil, badRequestError("invalid header value")
			}
		}
	}
	delete(req.Header, "Host")

	var cancelCtx context.CancelFunc
	var rc *srvReqCtx
	if c.light {
		rc = &srvReqCtx{Context: ctx}
		req.ctx = rc
		cancelCtx = rc.cancel
		c.curCtx.Store(rc)
		if c.canceled.Load() {
			rc.cancel()
		}
	} else {
		ctx, cancelCtx = context.WithCancel(ctx)
		req.ctx = ctx
	}
	req.RemoteAddr = c.remoteAddr
	var reqBody *body
	switch b := req.Body.(type) {
	case noBody:
	case *body:
		reqBody = b
		reqBody.doEarlyClose = true
	default:
		panic(fmt.Errorf("http: unexpected request body type %T", req.Body))
	}

	if !wholeReqDeadline.IsZero() || c.server.ReadHeaderTimeout > 0 {
		c.rwc.SetReadDeadline(wholeReqDeadline)
	}

	w = &response{
		conn:             c,
		cancelCtx:        cancelCtx,
		req:              req,
		reqBody:          reqBody,
		contentLength:    -1,
		wants10KeepAlive: req.wantsHttp10KeepAlive(),
		wantsClose:       req.wantsClose(),
	}
	if rc != nil {
		rc.w = w
	}
	if isH2Upgrade {
		w.closeAfterReply = true
	}
	w.cw.res = w
	if c.respw == nil {
		c.respw = bufio.NewWriterSize(&w.cw, bufferBeforeChunkingSize)
	} else {
		c.respw.Reset(&w.cw)
	}
	w.w = c.respw
	return w, nil
}

func (r *Request) expectsContinue() bool {
	return hasToken(r.Header.get("Expect"), "100-continue")
}

func (r *Request) wantsHttp10KeepAlive() bool {
	if r.ProtoMajor != 1 || r.ProtoMinor != 0 {
		return false
	}
	return hasToken(r.Header.get("Connection"), "keep-alive")
}

func (r *Request) wantsClose() bool {
	if r.Close {
		return true
	}
	return hasToken(r.Header.get("Connection"), "close")
}

// ---- ReadRequest ----

// ParseHTTPVersion parses an HTTP version string such as "HTTP/1.0".
func ParseHTTPVersion(vers string) (major, minor int, ok bool) {
	switch vers {
	case "HTTP/1.1":
		return 1, 1, true
	case "HTTP/1.0":
		return 1, 0, true
	}
	if !strings.HasPrefix(vers, "HTTP/") || len(vers) != len("HTTP/X.Y") || vers[6] != '.' {
		return 0, 0, false
	}
	maj, min := vers[5], vers[7]
	if maj < '0' || maj > '9' || min < '0' || min > '9' {
		return 0, 0, false
	}
	return int(maj - '0'), int(min - '0'), true
}

// ReadRequest reads and parses a request from b.
func ReadRequest(b *bufio.Reader) (*Request, error) {
	req, err := readRequestLimit(b, 1<<63-1)
	if err != nil {
		return nil, err
	}
	delete(req.Header, "Host")
	return req, nil
}

// hdrKeyCache maps field names as sent to their canonical form (names
// seen valid only), bounded.
var (
	hdrKeyCacheMu sync.Mutex
	hdrKeyCache   = map[string]string{}
)

// fastReadHead parses a request head that is wholly buffered in b with
// CRLF line ends and no folded lines, using the string natives; ok is
// false (and nothing consumed) for anything else, which the line by
// line reader then handles, errors included.
func fastReadHead(b *bufio.Reader, maxHeaders int64) (line string, hdr Header, ok bool, err error) {
	n := b.Buffered()
	if n == 0 {
		if _, err := b.Peek(1); err != nil {
			return "", nil, false, nil
		}
		n = b.Buffered()
	}
	data, _ := b.Peek(n)
	s := string(data)
	end := strings.Index(s, "\r\n\r\n")
	if end < 0 {
		return "", nil, false, nil
	}
	head := s[:end+2]
	i := strings.Index(head, "\r\n")
	line = head[:i]
	if strings.IndexByte(line, '\n') >= 0 {
		return "", nil, false, nil
	}
	rest := head[i+2:]
	nlines := strings.Count(rest, "\n")
	hdr = make(Header, nlines)
	vals := make([]string, nlines)
	vi := 0
	hdrKeyCacheMu.Lock()
	defer hdrKeyCacheMu.Unlock()
	for len(rest) > 0 {
		j := strings.Index(rest, "\r\n")
		kv := rest[:j]
		rest = rest[j+2:]
		if kv == "" || kv[0] == ' ' || kv[0] == '\t' || strings.IndexByte(kv, '\n') >= 0 {
			return "", nil, false, nil
		}
		if len(rest) > 0 && (rest[0] == ' ' || rest[0] == '\t') {
			return "", nil, false, nil
		}
		colon := strings.IndexByte(kv, ':')
		if colon < 0 {
			return "", nil, false, nil
		}
		rawKey := kv[:colon]
		key, found := hdrKeyCache[rawKey]
		if !found {
			k, valid := hdrCanonicalKey([]byte(rawKey))
			if !valid {
				return "", nil, false, nil
			}
			key = k
			if len(hdrKeyCache) < 1024 {
				hdrKeyCache[rawKey] = key
			}
		}
		v := kv[colon+1:]
		if !validHeaderValue(v) {
			return "", nil, false, nil
		}
		maxHeaders--
		if maxHeaders < 0 {
			return "", nil, true, hdrMessageTooLarge
		}
		v = strings.Trim(v, " \t")
		if old, dup := hdr[key]; dup {
			hdr[key] = append(old, v)
		} else {
			vals[vi] = v
			hdr[key] = vals[vi : vi+1 : vi+1]
			vi++
		}
	}
	b.Discard(end + 4)
	return line, hdr, true, nil
}

// srvFastURL builds the URL of an origin-form request target without
// escapes ("/path?query"), as url.ParseRequestURI would.
func srvFastURL(uri string) *url.URL {
	if len(uri) == 0 || uri[0] != '/' || len(uri) > 1 && uri[1] == '/' {
		return nil
	}
	for i := 0; i < len(uri); i++ {
		if c := uri[i]; c <= ' ' || c >= 0x7f || c == '%' || c == '#' {
			return nil
		}
	}
	u := new(url.URL)
	q := strings.IndexByte(uri, '?')
	if q < 0 {
		u.Path = uri
		return u
	}
	u.Path = uri[:q]
	u.RawQuery = uri[q+1:]
	if u.RawQuery == "" {
		if strings.Count(uri, "?") == 1 {
			u.ForceQuery = true
		}
	}
	return u
}

func readRequestLimit(b *bufio.Reader, maxHeaders int64) (req *Request, err error) {
	fline, fhdr, fok, ferr := fastReadHead(b, maxHeaders)
	if fok {
		if ferr != nil {
			return nil, errTooLarge
		}
		return finishReadRequest(b, fline, fhdr, maxHeaders)
	}
	line, err := hdrReadLine(b)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
	}()
	sline := string(line)
	// The request line must parse before the header is read.
	method, uri, _, err := parseRequestLineFields(sline)
	if err != nil {
		return nil, err
	}
	if method == "CONNECT" && !strings.HasPrefix(uri, "/") {
		uri = "http://" + uri
	}
	if _, err := url.ParseRequestURI(uri); err != nil {
		return nil, err
	}
	hdr, err := hdrReadBlock(b, maxHeaders)
	if err != nil {
		if err == hdrMessageTooLarge {
			return nil, errTooLarge
		}
		return nil, err
	}
	return finishReadRequest(b, sline, hdr, maxHeaders)
}

// parseRequestLineFields splits and checks "METHOD URI HTTP/x.y".
func parseRequestLineFields(line string) (method, uri, proto string, err error) {
	sp1 := strings.IndexByte(line, ' ')
	if sp1 < 0 {
		return "", "", "", badStringError("malformed HTTP request", line)
	}
	sp2 := strings.IndexByte(line[sp1+1:], ' ')
	if sp2 < 0 {
		return "", "", "", badStringError("malformed HTTP request", line)
	}
	sp2 += sp1 + 1
	method = srvMethodString(line[:sp1])
	uri = line[sp1+1 : sp2]
	proto = srvProtoString(line[sp2+1:])
	if !validMethod(method) {
		return "", "", "", badStringError("invalid method", method)
	}
	if _, _, ok := ParseHTTPVersion(proto); !ok {
		return "", "", "", badStringError("malformed HTTP version", proto)
	}
	return method, uri, proto, nil
}

func finishReadRequest(b *bufio.Reader, line string, hdr Header, maxHeaders int64) (req *Request, err error) {
	defer func() {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
	}()
	method, uri, proto, err := parseRequestLineFields(line)
	if err != nil {
		return nil, err
	}
	req = new(Request)
	req.Method, req.RequestURI, req.Proto = method, uri, proto
	req.ProtoMajor, req.ProtoMinor, _ = ParseHTTPVersion(proto)
	rawurl := req.RequestURI
	justAuthority := req.Method == "CONNECT" && !strings.HasPrefix(rawurl, "/")
	if justAuthority {
		rawurl = "http://" + rawurl
	}
	if u := srvFastURL(rawurl); u != nil {
		req.URL = u
	} else if req.URL, err = url.ParseRequestURI(rawurl); err != nil {
		return nil, err
	}
	if justAuthority {
		req.URL.Scheme = ""
	}
	req.Header = hdr
	if len(req.Header["Host"]) > 1 {
		return nil, fmt.Errorf("too many Host headers")
	}
	req.Host = req.URL.Host
	if req.Host == "" {
		req.Host = req.Header.get("Host")
	}
	// Pragma: no-cache means Cache-Control: no-cache for HTTP/1.0.
	if hp, ok := req.Header["Pragma"]; ok && len(hp) > 0 && hp[0] == "no-cache" {
		if _, presentcc := req.Header["Cache-Control"]; !presentcc {
			req.Header["Cache-Control"] = []string{"no-cache"}
		}
	}
	req.Close = shouldClose(req.ProtoMajor, req.ProtoMinor, req.Header, false)

	if err = readTransfer(req, b, maxHeaders); err != nil {
		return nil, err
	}
	if req.Method == "PRI" && len(req.Header) == 0 && req.URL.Path == "*" && req.Proto == "HTTP/2.0" {
		req.ContentLength = -1
		req.Close = true
	}
	return req, nil
}

// srvMethodString interns the common methods.
func srvMethodString(b string) string {
	switch b {
	case "GET":
		return MethodGet
	case "POST":
		return MethodPost
	case "HEAD":
		return MethodHead
	case "PUT":
		return MethodPut
	}
	return b
}

func srvProtoString(b string) string {
	switch b {
	case "HTTP/1.1":
		return "HTTP/1.1"
	case "HTTP/1.0":
		return "HTTP/1.0"
	}
	return b
}

// ---- the ResponseWriter ----

type response struct {
	conn      *conn
	req       *Request
	reqBody   *body
	cancelCtx context.CancelFunc

	wroteHeader      bool
	wants10KeepAlive bool
	wantsClose       bool

	canWriteContinue atomic.Bool
	writeContinueMu  sync.Mutex
	ecReader         *expectContinueReader

	w  *bufio.Writer // buffers the body in front of cw
	cw chunkWriter

	handlerHeader Header
	calledHeader  bool

	written       int64
	contentLength int64 // from the Content-Length header; -1 if none
	status        int

	closeAfterReply     bool
	fullDuplex          bool
	requestBodyLimitHit bool

	trailers []string

	handlerDone atomic.Bool

	cnMu           sync.Mutex
	closeNotifyCh  chan bool
	didCloseNotify bool

	// The lazily started background read (light contexts): wanted once
	// the handler watches its context, started once the body is read,
	// never after the handler is done.
	bgMu       sync.Mutex
	bgWanted   bool
	bgBodyDone bool
	bgStarted  bool
	bgStopped  bool
}

func (w *response) bgTrigger() {
	w.bgMu.Lock()
	if !w.bgWanted {
		w.bgWanted = true
		if w.bgBodyDone && !w.bgStarted && !w.bgStopped {
			w.bgStarted = true
			w.conn.r.startBackgroundRead()
		}
	}
	w.bgMu.Unlock()
}

func (w *response) bgBodyEOF() {
	w.bgMu.Lock()
	if !w.bgBodyDone {
		w.bgBodyDone = true
		if w.bgWanted && !w.bgStarted && !w.bgStopped {
			w.bgStarted = true
			w.conn.r.startBackgroundRead()
		}
	}
	w.bgMu.Unlock()
}

func (w *response) bgStop() {
	w.bgMu.Lock()
	w.bgStopped = true
	w.bgMu.Unlock()
}

func (w *response) Header() Header {
	if w.handlerHeader == nil {
		w.handlerHeader = make(Header)
	}
	if w.cw.header == nil && w.wroteHeader && !w.cw.wroteHeader {
		// The handler may still change the header after WriteHeader,
		// until the first flush: keep its changes apart.
		w.cw.header = w.handlerHeader.Clone()
	}
	w.calledHeader = true
	return w.handlerHeader
}

func checkWriteHeaderCode(code int) {
	if code < 100 || code > 999 {
		panic(fmt.Sprintf("invalid WriteHeader code %v", code))
	}
}

// relevantCaller is the first caller outside net/http, for log lines.
func relevantCaller() runtime.Frame {
	pc := make([]uintptr, 16)
	n := runtime.Callers(1, pc)
	frames := runtime.CallersFrames(pc[:n])
	var frame runtime.Frame
	for {
		var more bool
		frame, more = frames.Next()
		if !strings.HasPrefix(frame.Function, "net/http.") {
			return frame
		}
		if !more {
			break
		}
	}
	return frame
}

func (w *response) WriteHeader(code int) {
	if w.conn.hijacked() {
		caller := relevantCaller()
		w.conn.server.logf("http: response.WriteHeader on hijacked connection from %s (%s:%d)", caller.Function, path.Base(caller.File), caller.Line)
		return
	}
	if w.wroteHeader {
		caller := relevantCaller()
		w.conn.server.logf("http: superfluous response.WriteHeader call from %s (%s:%d)", caller.Function, path.Base(caller.File), caller.Line)
		return
	}
	checkWriteHeaderCode(code)

	if code == 100 || code >= 200 {
		w.disableWriteContinue(code >= 200)
	}

	// Informational responses go out at once; the handler still owes the
	// final one.
	if code >= 100 && code <= 199 && code != StatusSwitchingProtocols {
		writeStatusLine(w.conn.bufw, w.req.ProtoAtLeast(1, 1), code)
		w.handlerHeader.WriteSubset(w.conn.bufw, excludedHeadersNoBody)
		w.conn.bufw.WriteString("\r\n")
		w.conn.bufw.Flush()
		return
	}

	w.wroteHeader = true
	w.status = code

	if w.calledHeader && w.cw.header == nil {
		w.cw.header = w.handlerHeader.Clone()
	}

	if cl := w.handlerHeader.get("Content-Length"); cl != "" {
		v, err := strconv.ParseInt(cl, 10, 64)
		if err == nil && v >= 0 {
			w.contentLength = v
		} else {
			w.conn.server.logf("http: invalid Content-Length of %q", cl)
			w.handlerHeader.Del("Content-Length")
		}
	}
}

func writeStatusLine(bw *bufio.Writer, is11 bool, code int) {
	if is11 {
		bw.WriteString("HTTP/1.1 ")
	} else {
		bw.WriteString("HTTP/1.0 ")
	}
	if text := StatusText(code); text != "" {
		if code == 200 {
			bw.WriteString("200 OK\r\n")
			return
		}
		bw.WriteString(strconv.Itoa(code) + " " + text + "\r\n")
	} else {
		fmt.Fprintf(bw, "%03d status code %d\r\n", code, code)
	}
}

func (w *response) bodyAllowed() bool {
	if !w.wroteHeader {
		panic("net/http: bodyAllowed called before the header was written")
	}
	return bodyAllowedForStatus(w.status)
}

func (w *response) Write(data []byte) (n int, err error) {
	return w.write(len(data), data, "")
}

func (w *response) WriteString(data string) (n int, err error) {
	return w.write(len(data), nil, data)
}

func (w *response) write(lenData int, dataB []byte, dataS string) (n int, err error) {
	if w.conn.hijacked() {
		if lenData > 0 {
			caller := relevantCaller()
			w.conn.server.logf("http: response.Write on hijacked connection from %s (%s:%d)", caller.Function, path.Base(caller.File), caller.Line)
		}
		return 0, ErrHijacked
	}
	if w.canWriteContinue.Load() {
		w.disableWriteContinue(true)
	}
	if !w.wroteHeader {
		w.WriteHeader(StatusOK)
	}
	if lenData == 0 {
		return 0, nil
	}
	if !w.bodyAllowed() {
		return 0, ErrBodyNotAllowed
	}
	w.written += int64(lenData)
	if w.contentLength != -1 && w.written > w.contentLength {
		return 0, ErrContentLength
	}
	if dataB != nil {
		return w.w.Write(dataB)
	}
	return w.w.WriteString(dataS)
}

func (w *response) finishRequest() {
	w.handlerDone.Store(true)
	if !w.wroteHeader {
		w.WriteHeader(StatusOK)
	}
	w.w.Flush()
	w.w.Reset(nil)
	w.cw.close()
	w.conn.bufw.Flush()

	w.bgStop()
	w.conn.r.abortPendingRead()
	w.reqBody.registerOnHitEOF(nil)

	if w.canWriteContinue.Load() {
		w.disableWriteContinue(true)
	}
	if w.reqBody != nil {
		w.reqBody.Close()
	}
}

func (w *response) shouldReuseConnection() bool {
	if w.closeAfterReply {
		return false
	}
	if w.req.Method != "HEAD" && w.contentLength != -1 && w.bodyAllowed() && w.contentLength != w.written {
		// The handler wrote less than it declared.
		return false
	}
	if w.conn.werr != nil {
		return false
	}
	if w.closedRequestBodyEarly() {
		return false
	}
	return true
}

func (w *response) closedRequestBodyEarly() bool {
	b, ok := w.req.Body.(*body)
	return ok && b.didEarlyClose()
}

func (w *response) requestTooLarge() {
	w.closeAfterReply = true
	w.requestBodyLimitHit = true
	if !w.wroteHeader {
		w.Header().Set("Connection", "close")
	}
}

func (w *response) disableWriteContinue(skipDrain bool) {
	if w.ecReader == nil {
		return
	}
	w.writeContinueMu.Lock()
	if w.canWriteContinue.Load() {
		w.canWriteContinue.Store(false)
		if skipDrain {
			w.closeAfterReply = true
			w.ecReader.closed.Store(true)
		}
	}
	w.writeContinueMu.Unlock()
}

func (w *response) sendExpectationFailed() {
	w.Header().Set("Connection", "close")
	w.WriteHeader(StatusExpectationFailed)
	w.finishRequest()
}

// Flush sends what is buffered to the client.
func (w *response) Flush() { w.FlushError() }

// FlushError is Flush returning the write error.
func (w *response) FlushError() error {
	if !w.wroteHeader {
		w.WriteHeader(StatusOK)
	}
	err := w.w.Flush()
	e2 := w.cw.flush()
	if err == nil {
		err = e2
	}
	return err
}

func (w *response) CloseNotify() <-chan bool {
	if w.handlerDone.Load() {
		panic("net/http: CloseNotify called after ServeHTTP finished")
	}
	w.bgTrigger()
	w.cnMu.Lock()
	defer w.cnMu.Unlock()
	if w.closeNotifyCh == nil {
		w.closeNotifyCh = make(chan bool, 1)
		if w.didCloseNotify {
			w.closeNotifyCh <- true
		}
	}
	return w.closeNotifyCh
}

func (w *response) closeNotify() {
	w.cnMu.Lock()
	defer w.cnMu.Unlock()
	if !w.didCloseNotify {
		w.didCloseNotify = true
		if w.closeNotifyCh != nil {
			w.closeNotifyCh <- true
		}
	}
}

func (w *response) Hijack() (rwc net.Conn, buf *bufio.ReadWriter, err error) {
	if w.handlerDone.Load() {
		panic("net/http: Hijack called after ServeHTTP finished")
	}
	w.disableWriteContinue(false)
	if w.wroteHeader {
		w.cw.flush()
	}
	c := w.conn
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.hijackedv {
		return nil, nil, ErrHijacked
	}
	w.bgStop()
	c.r.abortPendingRead()
	c.hijackedv = true
	rwc = c.rwc
	rwc.SetDeadline(time.Time{})
	buf = bufio.NewReadWriter(c.bufr, bufio.NewWriter(rwc))
	if c.r.hasByte {
		if _, err := c.bufr.Peek(c.bufr.Buffered() + 1); err != nil {
			return nil, nil, fmt.Errorf("unexpected Peek failure reading buffered byte: %v", err)
		}
	}
	c.setState(StateHijacked, true)
	return rwc, buf, nil
}

func (w *response) declareTrailer(k string) {
	k = CanonicalHeaderKey(k)
	switch k {
	case "Transfer-Encoding", "Content-Length", "Trailer":
		return
	}
	w.trailers = append(w.trailers, k)
}

func (w *response) finalTrailers() Header {
	var t Header
	for k, vv := range w.handlerHeader {
		if kk, found := strings.CutPrefix(k, TrailerPrefix); found {
			if t == nil {
				t = make(Header)
			}
			t[kk] = vv
		}
	}
	for _, k := range w.trailers {
		if t == nil {
			t = make(Header)
		}
		for _, v := range w.handlerHeader[k] {
			t.Add(k, v)
		}
	}
	return t
}

// expectContinueReader sends "100 Continue" at the first read of a body
// the client is waiting to send.
type expectContinueReader struct {
	resp       *response
	readCloser io.ReadCloser
	closed     atomic.Bool
	sawEOF     atomic.Bool
}

func (ecr *expectContinueReader) Read(p []byte) (n int, err error) {
	if ecr.closed.Load() {
		return 0, ErrBodyReadAfterClose
	}
	w := ecr.resp
	if w.canWriteContinue.Load() {
		w.writeContinueMu.Lock()
		if w.canWriteContinue.Load() {
			w.conn.bufw.WriteString("HTTP/1.1 100 Continue\r\n\r\n")
			w.conn.bufw.Flush()
			w.canWriteContinue.Store(false)
		}
		w.writeContinueMu.Unlock()
	}
	n, err = ecr.readCloser.Read(p)
	if err == io.EOF {
		ecr.sawEOF.Store(true)
	}
	return
}

func (ecr *expectContinueReader) Close() error {
	ecr.closed.Store(true)
	return ecr.readCloser.Close()
}

// ---- chunkWriter: the header, then the body, chunked or not ----

type chunkWriter struct {
	res *response
	// header is the handler's header as it was at WriteHeader, if the
	// handler had touched it.
	header      Header
	wroteHeader bool
	chunking    bool
}

func (cw *chunkWriter) Write(p []byte) (n int, err error) {
	if !cw.wroteHeader {
		cw.writeHeader(p)
	}
	if cw.res.req.Method == "HEAD" {
		return len(p), nil
	}
	bw := cw.res.conn.bufw
	if cw.chunking {
		var tmp [20]byte
		if _, err = bw.Write(strconv.AppendInt(tmp[:0], int64(len(p)), 16)); err != nil {
			cw.res.conn.rwc.Close()
			return
		}
		bw.WriteString("\r\n")
	}
	n, err = bw.Write(p)
	if cw.chunking && err == nil {
		_, err = bw.WriteString("\r\n")
	}
	if err != nil {
		cw.res.conn.rwc.Close()
	}
	return
}

func (cw *chunkWriter) flush() error {
	if !cw.wroteHeader {
		cw.writeHeader(nil)
	}
	return cw.res.conn.bufw.Flush()
}

func (cw *chunkWriter) close() {
	if !cw.wroteHeader {
		cw.writeHeader(nil)
	}
	if cw.chunking {
		bw := cw.res.conn.bufw
		bw.WriteString("0\r\n")
		if trailers := cw.res.finalTrailers(); trailers != nil {
			trailers.Write(bw)
		}
		bw.WriteString("\r\n")
	}
}

// The date header, formatted once a second.
var (
	srvDateMu   sync.Mutex
	srvDateSec  int64
	srvDateText string
)

func srvDate() string {
	now := time.Now()
	sec := now.Unix()
	srvDateMu.Lock()
	defer srvDateMu.Unlock()
	if sec != srvDateSec || srvDateText == "" {
		srvDateSec = sec
		srvDateText = now.UTC().Format(TimeFormat)
	}
	return srvDateText
}

// writeHeader settles the response header (framing, Content-Type, Date,
// Connection) and writes it to the connection; p is the first part of
// the body, sniffed for the type and, if the handler is done, giving the
// length.
func (cw *chunkWriter) writeHeader(p []byte) {
	if cw.wroteHeader {
		return
	}
	cw.wroteHeader = true

	w := cw.res
	keepAlivesEnabled := w.conn.server.doKeepAlives()
	isHEAD := w.req.Method == "HEAD"
	isCONNECT := w.req.Method == "CONNECT"

	// header is the handler's (cw.header, a copy, nil if untouched: a
	// nil map reads as empty and ignores deletes).
	header := cw.header

	var (
		setContentLength    string
		setContentType      string
		setConnection       string
		setTransferEncoding string
		setDate             string
	)

	trailers := false
	var exclude map[string]bool
	for k := range header {
		if strings.HasPrefix(k, TrailerPrefix) {
			if exclude == nil {
				exclude = make(map[string]bool)
			}
			exclude[k] = true
			trailers = true
		}
	}
	for _, v := range header["Trailer"] {
		trailers = true
		foreachHeaderElement(v, w.declareTrailer)
	}

	te := header.get("Transfer-Encoding")
	hasTE := te != ""

	// A handler done and everything buffered: send the length.
	if w.handlerDone.Load() && !trailers && !hasTE && bodyAllowedForStatus(w.status) && !header.has("Content-Length") && (!isHEAD || len(p) > 0) {
		w.contentLength = int64(len(p))
		setContentLength = strconv.Itoa(len(p))
	}

	if w.wants10KeepAlive && keepAlivesEnabled {
		sentLength := header.get("Content-Length") != ""
		if sentLength && header.get("Connection") == "keep-alive" {
			w.closeAfterReply = false
		}
	}

	hasCL := w.contentLength != -1

	if w.wants10KeepAlive && (isHEAD || hasCL || !bodyAllowedForStatus(w.status)) {
		if _, set := header["Connection"]; !set {
			setConnection = "keep-alive"
		}
	} else if !w.req.ProtoAtLeast(1, 1) || w.wantsClose {
		w.closeAfterReply = true
	}

	if header.get("Connection") == "close" || !keepAlivesEnabled {
		w.closeAfterReply = true
	}

	if w.ecReader != nil && !w.ecReader.sawEOF.Load() && w.reqBody.bodyRemains() {
		w.closeAfterReply = true
	}

	if isCONNECT {
		w.closeAfterReply = true
	}

	// Read what is left of the request body (up to 256 KB) so the
	// connection can carry the next request.
	if w.req.ContentLength != 0 && w.reqBody != nil && !w.closeAfterReply && !w.fullDuplex {
		var discard, tooBig bool
		w.reqBody.mu.Lock()
		switch {
		case w.reqBody.closed:
			if !w.reqBody.sawEOF {
				w.closeAfterReply = true
			}
		case w.reqBody.unreadDataSizeLocked() >= maxPostHandlerReadBytes:
			tooBig = true
		default:
			discard = true
		}
		w.reqBody.mu.Unlock()
		if discard {
			w.reqBody.Close()
			if w.reqBody.didEarlyClose() {
				w.closeAfterReply = true
			}
		}
		if tooBig {
			w.requestTooLarge()
			delete(header, "Connection")
			if w.handlerHeader != nil {
				w.handlerHeader.Del("Connection")
			}
			setConnection = "close"
		}
	}

	code := w.status
	if bodyAllowedForStatus(code) {
		_, haveType := header["Content-Type"]
		hasCE := header.get("Content-Encoding") != ""
		if !hasCE && !haveType && !hasTE && len(p) > 0 {
			setContentType = DetectContentType(p)
		}
	} else {
		for _, k := range suppressedHeaders(code) {
			delete(header, k)
		}
	}

	if !header.has("Date") {
		setDate = srvDate()
	}

	if hasCL && hasTE && te != "identity" {
		w.conn.server.logf("http: WriteHeader called with both Transfer-Encoding of %q and a Content-Length of %d", te, w.contentLength)
		delete(header, "Content-Length")
		hasCL = false
	}

	isSuccessfulCONNECT := isCONNECT && code >= 200 && code < 300
	switch {
	case isSuccessfulCONNECT:
		delete(header, "Transfer-Encoding")
		delete(header, "Content-Length")
		setContentLength = ""
	case isHEAD || !bodyAllowedForStatus(code) || code == StatusNoContent:
		delete(header, "Transfer-Encoding")
	case hasCL:
		delete(header, "Transfer-Encoding")
	case w.req.ProtoAtLeast(1, 1):
		if hasTE && te == "identity" {
			cw.chunking = false
			w.closeAfterReply = true
			delete(header, "Transfer-Encoding")
		} else {
			cw.chunking = true
			setTransferEncoding = "chunked"
			if hasTE && te == "chunked" {
				delete(header, "Transfer-Encoding")
			}
		}
	default:
		w.closeAfterReply = true
		delete(header, "Transfer-Encoding")
	}

	if cw.chunking {
		delete(header, "Content-Length")
	}
	if !w.req.ProtoAtLeast(1, 0) {
		return
	}

	isSwitch := code == StatusSwitchingProtocols && header.get("Upgrade") != "" && hasToken(header.get("Connection"), "upgrade")
	if w.closeAfterReply && (!keepAlivesEnabled || !hasToken(header.get("Connection"), "close")) && !isSwitch {
		delete(header, "Connection")
		if w.req.ProtoAtLeast(1, 1) && !isSuccessfulCONNECT {
			setConnection = "close"
		} else {
			setConnection = ""
		}
	}

	bw := w.conn.bufw
	writeStatusLine(bw, w.req.ProtoAtLeast(1, 1), code)
	if len(header) > 0 {
		srvWriteHeader(bw, header, exclude)
	}
	if setDate != "" {
		bw.WriteString("Date: " + setDate + "\r\n")
	}
	if setContentLength != "" {
		bw.WriteString("Content-Length: " + setContentLength + "\r\n")
	}
	if setContentType != "" {
		bw.WriteString("Content-Type: " + setContentType + "\r\n")
	}
	if setConnection != "" {
		bw.WriteString("Connection: " + setConnection + "\r\n")
	}
	if setTransferEncoding != "" {
		bw.WriteString("Transfer-Encoding: " + setTransferEncoding + "\r\n")
	}
	bw.WriteString("\r\n")
}

// srvWriteHeader is Header.WriteSubset for the response head: keys
// sorted, values with CR or LF made spaces, trimmed.
func srvWriteHeader(bw *bufio.Writer, h Header, exclude map[string]bool) {
	var arr [16]string
	keys := arr[:0]
	for k := range h {
		if exclude == nil || !exclude[k] {
			keys = append(keys, k)
		}
	}
	// Insertion sort: few keys.
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	for _, k := range keys {
		for _, v := range h[k] {
			if strings.IndexAny(v, "\r\n") >= 0 {
				v = headerNewlineToSpace.Replace(v)
			}
			v = strings.Trim(v, " \t\r\n")
			bw.WriteString(k + ": " + v + "\r\n")
		}
	}
}

// ---- TimeoutHandler ----

// TimeoutHandler runs h with a time limit of dt: past it, the client
// gets 503 Service Unavailable with msg (or a default HTML body) and h's
// writes fail with ErrHandlerTimeout.
func TimeoutHandler(h Handler, dt time.Duration, msg string) Handler {
	return &timeoutHandler{handler: h, body: msg, dt: dt}
}

type timeoutHandler struct {
	handler Handler
	body    string
	dt      time.Duration
}

func (h *timeoutHandler) errorBody() string {
	if h.body != "" {
		return h.body
	}
	return "<html><head><title>Timeout</title></head><body><h1>Timeout</h1></body></html>"
}

func (h *timeoutHandler) ServeHTTP(w ResponseWriter, r *Request) {
	ctx, cancelCtx := context.WithTimeout(r.Context(), h.dt)
	defer cancelCtx()
	r = r.WithContext(ctx)
	done := make(chan struct{})
	tw := &timeoutWriter{w: w, h: make(Header), req: r}
	panicChan := make(chan any, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				panicChan <- p
			}
		}()
		h.handler.ServeHTTP(tw, r)
		close(done)
	}()
	select {
	case p := <-panicChan:
		panic(p)
	case <-done:
		tw.mu.Lock()
		defer tw.mu.Unlock()
		dst := w.Header()
		for k, vv := range tw.h {
			dst[k] = vv
		}
		if !tw.wroteHeader {
			tw.code = StatusOK
		}
		w.WriteHeader(tw.code)
		w.Write(tw.wbuf)
	case <-ctx.Done():
		tw.mu.Lock()
		defer tw.mu.Unlock()
		switch err := ctx.Err(); err {
		case context.DeadlineExceeded:
			w.WriteHeader(StatusServiceUnavailable)
			io.WriteString(w, h.errorBody())
			tw.err = ErrHandlerTimeout
		default:
			w.WriteHeader(StatusServiceUnavailable)
			tw.err = err
		}
	}
}

type timeoutWriter struct {
	w    ResponseWriter
	h    Header
	wbuf []byte
	req  *Request

	mu          sync.Mutex
	err         error
	wroteHeader bool
	code        int
}

func (tw *timeoutWriter) Header() Header { return tw.h }

func (tw *timeoutWriter) Write(p []byte) (int, error) {
	tw.mu.Lock()
	defer tw.mu.Unlock()
	if tw.err != nil {
		return 0, tw.err
	}
	if !tw.wroteHeader {
		tw.writeHeaderLocked(StatusOK)
	}
	tw.wbuf = append(tw.wbuf, p...)
	return len(p), nil
}

func (tw *timeoutWriter) writeHeaderLocked(code int) {
	checkWriteHeaderCode(code)
	switch {
	case tw.err != nil:
		return
	case tw.wroteHeader:
		if tw.req != nil {
			caller := relevantCaller()
			srvLogf(tw.req, "http: superfluous response.WriteHeader call from %s (%s:%d)", caller.Function, path.Base(caller.File), caller.Line)
		}
	default:
		tw.wroteHeader = true
		tw.code = code
	}
}

func (tw *timeoutWriter) WriteHeader(code int) {
	tw.mu.Lock()
	defer tw.mu.Unlock()
	tw.writeHeaderLocked(code)
}

// srvLogf logs through the request's server's ErrorLog, if any.
func srvLogf(r *Request, format string, args ...any) {
	s, _ := r.Context().Value(ServerContextKey).(*Server)
	if s != nil && s.ErrorLog != nil {
		s.ErrorLog.Printf(format, args...)
	} else {
		log.Printf(format, args...)
	}
}

var _ = errors.New
