// Package httputil (net/http/httputil) as minigo provides it: request
// and response dumps, the chunked writer, and ReverseProxy. Differences
// from Go: DumpRequestOut shows no "Accept-Encoding: gzip" (minigo's
// Transport never asks for gzip); ReverseProxy does not forward 1xx
// responses nor handle protocol upgrades (101).
package httputil

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/textproto"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// ErrLineTooLong is returned when reading malformed chunked data with
// lines that are too long.
var ErrLineTooLong = errors.New("header line too long")

// drainBody reads all of b into memory and returns two readers of it.
func drainBody(b io.ReadCloser) (r1, r2 io.ReadCloser, err error) {
	if b == nil || b == http.NoBody {
		return http.NoBody, http.NoBody, nil
	}
	var buf bytes.Buffer
	if _, err = buf.ReadFrom(b); err != nil {
		return nil, b, err
	}
	if err = b.Close(); err != nil {
		return nil, b, err
	}
	return io.NopCloser(&buf), io.NopCloser(bytes.NewReader(buf.Bytes())), nil
}

func outgoingLength(req *http.Request) int64 {
	if req.Body == nil || req.Body == http.NoBody {
		return 0
	}
	if req.ContentLength != 0 {
		return req.ContentLength
	}
	return -1
}

type neverEnding byte

func (b neverEnding) Read(p []byte) (n int, err error) {
	for i := range p {
		p[i] = byte(b)
	}
	return len(p), nil
}

// DumpRequestOut is DumpRequest for an outgoing client request: what the
// Transport would write, User-Agent and Content-Length included.
func DumpRequestOut(req *http.Request, body bool) ([]byte, error) {
	save := req.Body
	dummy := false
	if !body {
		if n := outgoingLength(req); n != 0 {
			req.Body = io.NopCloser(io.LimitReader(neverEnding('x'), n))
			dummy = true
		}
	} else {
		var err error
		save, req.Body, err = drainBody(req.Body)
		if err != nil {
			return nil, err
		}
	}
	r2 := new(http.Request)
	*r2 = *req
	var buf bytes.Buffer
	err := r2.Write(&buf)
	req.Body = save
	if err != nil {
		return nil, err
	}
	dump := buf.Bytes()
	if dummy {
		if i := bytes.Index(dump, []byte("\r\n\r\n")); i >= 0 {
			dump = dump[:i+4]
		}
	}
	// Go dumps what its Transport writes, which asks for gzip after the
	// request's own headers when the request names no encoding or range.
	if req.Header.Get("Accept-Encoding") == "" && req.Header.Get("Range") == "" && req.Method != "HEAD" {
		if i := bytes.Index(dump, []byte("\r\n\r\n")); i >= 0 {
			head := append([]byte{}, dump[:i+2]...)
			head = append(head, "Accept-Encoding: gzip\r\n"...)
			dump = append(head, dump[i+2:]...)
		}
	}
	return dump, nil
}

var reqWriteExcludeHeaderDump = map[string]bool{
	"Host":              true,
	"Transfer-Encoding": true,
	"Trailer":           true,
}

// DumpRequest returns req in HTTP/1.x wire form, as a server received
// it; with body, the body too (req.Body is replaced by a copy).
func DumpRequest(req *http.Request, body bool) ([]byte, error) {
	var err error
	save := req.Body
	if !body || req.Body == nil {
		req.Body = nil
	} else {
		save, req.Body, err = drainBody(req.Body)
		if err != nil {
			return nil, err
		}
	}
	var b bytes.Buffer
	reqURI := req.RequestURI
	if reqURI == "" {
		reqURI = req.URL.RequestURI()
	}
	method := req.Method
	if method == "" {
		method = "GET"
	}
	fmt.Fprintf(&b, "%s %s HTTP/%d.%d\r\n", method, reqURI, req.ProtoMajor, req.ProtoMinor)
	abs := strings.HasPrefix(req.RequestURI, "http://") || strings.HasPrefix(req.RequestURI, "https://")
	if !abs {
		host := req.Host
		if host == "" && req.URL != nil {
			host = req.URL.Host
		}
		if host != "" {
			fmt.Fprintf(&b, "Host: %s\r\n", host)
		}
	}
	chunked := len(req.TransferEncoding) > 0 && req.TransferEncoding[0] == "chunked"
	if len(req.TransferEncoding) > 0 {
		fmt.Fprintf(&b, "Transfer-Encoding: %s\r\n", strings.Join(req.TransferEncoding, ","))
	}
	if err = req.Header.WriteSubset(&b, reqWriteExcludeHeaderDump); err != nil {
		return nil, err
	}
	io.WriteString(&b, "\r\n")
	if req.Body != nil {
		var dest io.Writer = &b
		if chunked {
			dest = NewChunkedWriter(dest)
		}
		_, err = io.Copy(dest, req.Body)
		if chunked {
			dest.(io.Closer).Close()
			io.WriteString(&b, "\r\n")
		}
	}
	req.Body = save
	if err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

var errNoBody = errors.New("sentinel error value")

type failureToReadBody struct{}

func (failureToReadBody) Read([]byte) (int, error) { return 0, errNoBody }
func (failureToReadBody) Close() error             { return nil }

var emptyBody = io.NopCloser(strings.NewReader(""))

// DumpResponse is DumpRequest for a response.
func DumpResponse(resp *http.Response, body bool) ([]byte, error) {
	var b bytes.Buffer
	var err error
	save := resp.Body
	savecl := resp.ContentLength
	if !body {
		if resp.ContentLength == 0 {
			resp.Body = emptyBody
		} else {
			resp.Body = failureToReadBody{}
		}
	} else if resp.Body == nil {
		resp.Body = emptyBody
	} else {
		save, resp.Body, err = drainBody(resp.Body)
		if err != nil {
			return nil, err
		}
	}
	err = resp.Write(&b)
	if err == errNoBody {
		err = nil
	}
	resp.Body = save
	resp.ContentLength = savecl
	if err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// NewChunkedWriter returns a writer that sends each Write as one HTTP
// chunk; Close writes the last chunk ("0\r\n") but not the trailer's
// final CRLF.
func NewChunkedWriter(w io.Writer) io.WriteCloser { return &chunkedWriter{w} }

type chunkedWriter struct{ w io.Writer }

func (cw *chunkedWriter) Write(data []byte) (int, error) {
	if len(data) == 0 {
		return 0, nil
	}
	if _, err := io.WriteString(cw.w, strconv.FormatInt(int64(len(data)), 16)+"\r\n"); err != nil {
		return 0, err
	}
	n, err := cw.w.Write(data)
	if err == nil && n != len(data) {
		err = io.ErrShortWrite
	}
	if err == nil {
		_, err = io.WriteString(cw.w, "\r\n")
	}
	return n, err
}

func (cw *chunkedWriter) Close() error {
	_, err := io.WriteString(cw.w, "0\r\n")
	return err
}

// NewChunkedReader decodes the chunked body read from r (the trailer
// after the last chunk is left unread).
func NewChunkedReader(r io.Reader) io.Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReader(r)
	}
	return &chunkedReader{r: br}
}

type chunkedReader struct {
	r    *bufio.Reader
	left int64
	err  error
	crlf bool
}

func (c *chunkedReader) Read(p []byte) (int, error) {
	for c.err == nil {
		if c.crlf {
			var b [2]byte
			if _, err := io.ReadFull(c.r, b[:]); err != nil {
				c.err = io.ErrUnexpectedEOF
				break
			}
			if b[0] != '\r' || b[1] != '\n' {
				c.err = errors.New("malformed chunked encoding")
				break
			}
			c.crlf = false
		}
		if c.left == 0 {
			line, err := c.r.ReadSlice('\n')
			if err == bufio.ErrBufferFull {
				c.err = ErrLineTooLong
				break
			}
			if err != nil {
				if err == io.EOF {
					err = io.ErrUnexpectedEOF
				}
				c.err = err
				break
			}
			s := strings.TrimRight(string(line), "\r\n")
			if i := strings.IndexByte(s, ';'); i >= 0 {
				s = s[:i]
			}
			n, err := strconv.ParseUint(strings.TrimSpace(s), 16, 63)
			if err != nil {
				c.err = errors.New("invalid byte in chunk length")
				break
			}
			if n == 0 {
				c.err = io.EOF
				break
			}
			c.left = int64(n)
		}
		if len(p) == 0 {
			return 0, nil
		}
		q := p
		if int64(len(q)) > c.left {
			q = q[:c.left]
		}
		n, err := c.r.Read(q)
		c.left -= int64(n)
		if c.left == 0 {
			c.crlf = true
		}
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		c.err = err
		if n > 0 {
			return n, nil
		}
	}
	return 0, c.err
}

// A BufferPool gets and returns byte slices for io.CopyBuffer.
type BufferPool interface {
	Get() []byte
	Put([]byte)
}

// ProxyRequest is the request a Rewrite function modifies.
type ProxyRequest struct {
	// In is the request the proxy received; do not modify it.
	In *http.Request
	// Out is the request the proxy will send.
	Out *http.Request
}

// SetURL routes Out to target (scheme, host, base path) and clears
// Out.Host so that target's host is sent.
func (r *ProxyRequest) SetURL(target *url.URL) {
	rewriteRequestURL(r.Out, target)
	r.Out.Host = ""
}

// SetXForwarded sets X-Forwarded-For, X-Forwarded-Host and
// X-Forwarded-Proto of Out from In.
func (r *ProxyRequest) SetXForwarded() {
	clientIP, _, err := net.SplitHostPort(r.In.RemoteAddr)
	if err == nil {
		if prior := r.Out.Header["X-Forwarded-For"]; len(prior) > 0 {
			clientIP = strings.Join(prior, ", ") + ", " + clientIP
		}
		r.Out.Header.Set("X-Forwarded-For", clientIP)
	} else {
		r.Out.Header.Del("X-Forwarded-For")
	}
	r.Out.Header.Set("X-Forwarded-Host", r.In.Host)
	r.Out.Header.Set("X-Forwarded-Proto", "http")
}

// ReverseProxy is a Handler that sends the requests it receives to
// another server and copies the responses back.
type ReverseProxy struct {
	// Rewrite turns the incoming request into the outgoing one.
	Rewrite func(*ProxyRequest)
	// Director is the older form of Rewrite; set exactly one.
	Director func(*http.Request)
	// Transport sends the requests; nil means http.DefaultTransport.
	Transport http.RoundTripper
	// FlushInterval: a negative value flushes after each write.
	FlushInterval time.Duration
	// ErrorLog logs errors; nil means the log package's logger.
	ErrorLog *log.Logger
	// BufferPool, if set, lends the copy buffers.
	BufferPool BufferPool
	// ModifyResponse, if set, may change the backend's response; an
	// error goes to ErrorHandler.
	ModifyResponse func(*http.Response) error
	// ErrorHandler answers when the backend cannot be reached or
	// ModifyResponse fails; nil logs and replies 502 Bad Gateway.
	ErrorHandler func(http.ResponseWriter, *http.Request, error)
}

func singleJoiningSlash(a, b string) string {
	aslash := strings.HasSuffix(a, "/")
	bslash := strings.HasPrefix(b, "/")
	switch {
	case aslash && bslash:
		return a + b[1:]
	case !aslash && !bslash:
		return a + "/" + b
	}
	return a + b
}

func joinURLPath(a, b *url.URL) (path, rawpath string) {
	if a.RawPath == "" && b.RawPath == "" {
		return singleJoiningSlash(a.Path, b.Path), ""
	}
	apath, bpath := a.EscapedPath(), b.EscapedPath()
	aslash := strings.HasSuffix(apath, "/")
	bslash := strings.HasPrefix(bpath, "/")
	switch {
	case aslash && bslash:
		return a.Path + b.Path[1:], apath + bpath[1:]
	case !aslash && !bslash:
		return a.Path + "/" + b.Path, apath + "/" + bpath
	}
	return a.Path + b.Path, apath + bpath
}

// NewSingleHostReverseProxy returns a ReverseProxy (with a Director)
// routing to target's scheme, host and base path; the Host header is
// left as received.
func NewSingleHostReverseProxy(target *url.URL) *ReverseProxy {
	return &ReverseProxy{Director: func(req *http.Request) { rewriteRequestURL(req, target) }}
}

func rewriteRequestURL(req *http.Request, target *url.URL) {
	tq := target.RawQuery
	req.URL.Scheme = target.Scheme
	req.URL.Host = target.Host
	req.URL.Path, req.URL.RawPath = joinURLPath(target, req.URL)
	if tq == "" || req.URL.RawQuery == "" {
		req.URL.RawQuery = tq + req.URL.RawQuery
	} else {
		req.URL.RawQuery = tq + "&" + req.URL.RawQuery
	}
}

func copyHeader(dst, src http.Header) {
	for k, vv := range src {
		for _, v := range vv {
			dst.Add(k, v)
		}
	}
}

// Hop-by-hop headers, removed in both directions.
var hopHeaders = []string{
	"Connection",
	"Proxy-Connection",
	"Keep-Alive",
	"Proxy-Authenticate",
	"Proxy-Authorization",
	"Te",
	"Trailer",
	"Transfer-Encoding",
	"Upgrade",
}

func (p *ReverseProxy) defaultErrorHandler(rw http.ResponseWriter, req *http.Request, err error) {
	p.logf("http: proxy error: %v", err)
	rw.WriteHeader(http.StatusBadGateway)
}

func (p *ReverseProxy) getErrorHandler() func(http.ResponseWriter, *http.Request, error) {
	if p.ErrorHandler != nil {
		return p.ErrorHandler
	}
	return p.defaultErrorHandler
}

func (p *ReverseProxy) modifyResponse(rw http.ResponseWriter, res *http.Response, req *http.Request) bool {
	if p.ModifyResponse == nil {
		return true
	}
	if err := p.ModifyResponse(res); err != nil {
		res.Body.Close()
		p.getErrorHandler()(rw, req, err)
		return false
	}
	return true
}

func upgradeType(h http.Header) string {
	if !headerHasToken(h["Connection"], "upgrade") {
		return ""
	}
	return h.Get("Upgrade")
}

func headerHasToken(vs []string, token string) bool {
	for _, v := range vs {
		for _, f := range strings.Split(v, ",") {
			if strings.EqualFold(textproto.TrimString(f), token) {
				return true
			}
		}
	}
	return false
}

func removeHopByHopHeaders(h http.Header) {
	for _, f := range h["Connection"] {
		for _, sf := range strings.Split(f, ",") {
			if sf = textproto.TrimString(sf); sf != "" {
				h.Del(sf)
			}
		}
	}
	for _, f := range hopHeaders {
		h.Del(f)
	}
}

func ishex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func cleanQueryParams(s string) string {
	reencode := func(s string) string {
		v, _ := url.ParseQuery(s)
		return v.Encode()
	}
	for i := 0; i < len(s); {
		switch s[i] {
		case ';':
			return reencode(s)
		case '%':
			if i+2 >= len(s) || !ishex(s[i+1]) || !ishex(s[i+2]) {
				return reencode(s)
			}
			i += 3
		default:
			i++
		}
	}
	return s
}

func isPrint(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// ServeHTTP proxies req to the backend and copies the response to rw.
func (p *ReverseProxy) ServeHTTP(rw http.ResponseWriter, req *http.Request) {
	transport := p.Transport
	if transport == nil {
		transport = http.DefaultTransport
	}
	ctx := req.Context()
	if ctx.Done() == nil {
		if cn, ok := rw.(http.CloseNotifier); ok {
			var cancel context.CancelFunc
			ctx, cancel = context.WithCancel(ctx)
			defer cancel()
			notify := cn.CloseNotify()
			go func() {
				select {
				case <-notify:
					cancel()
				case <-ctx.Done():
				}
			}()
		}
	}
	outreq := req.Clone(ctx)
	if req.ContentLength == 0 {
		outreq.Body = nil
	}
	if outreq.Body != nil {
		defer outreq.Body.Close()
	}
	if outreq.Header == nil {
		outreq.Header = make(http.Header)
	}
	if (p.Director != nil) == (p.Rewrite != nil) {
		p.getErrorHandler()(rw, req, errors.New("ReverseProxy must have exactly one of Director or Rewrite set"))
		return
	}
	if p.Director != nil {
		p.Director(outreq)
		if outreq.Form != nil {
			outreq.URL.RawQuery = cleanQueryParams(outreq.URL.RawQuery)
		}
	}
	outreq.Close = false
	upType := upgradeType(outreq.Header)
	if !isPrint(upType) {
		p.getErrorHandler()(rw, req, fmt.Errorf("client tried to switch to invalid protocol %q", upType))
		return
	}
	removeHopByHopHeaders(outreq.Header)
	if headerHasToken(req.Header["Te"], "trailers") {
		outreq.Header.Set("Te", "trailers")
	}
	if upType != "" {
		outreq.Header.Set("Connection", "Upgrade")
		outreq.Header.Set("Upgrade", upType)
	}
	if p.Rewrite != nil {
		outreq.Header.Del("Forwarded")
		outreq.Header.Del("X-Forwarded-For")
		outreq.Header.Del("X-Forwarded-Host")
		outreq.Header.Del("X-Forwarded-Proto")
		outreq.URL.RawQuery = cleanQueryParams(outreq.URL.RawQuery)
		pr := &ProxyRequest{In: req, Out: outreq}
		p.Rewrite(pr)
		outreq = pr.Out
	} else {
		if clientIP, _, err := net.SplitHostPort(req.RemoteAddr); err == nil {
			prior, ok := outreq.Header["X-Forwarded-For"]
			omit := ok && prior == nil
			if len(prior) > 0 {
				clientIP = strings.Join(prior, ", ") + ", " + clientIP
			}
			if !omit {
				outreq.Header.Set("X-Forwarded-For", clientIP)
			}
		}
	}
	if _, ok := outreq.Header["User-Agent"]; !ok {
		// The backend sees no User-Agent rather than Go's default.
		outreq.Header.Set("User-Agent", "")
	}
	res, err := transport.RoundTrip(outreq)
	if err != nil {
		p.getErrorHandler()(rw, outreq, err)
		return
	}
	if res.StatusCode == http.StatusSwitchingProtocols {
		if !p.modifyResponse(rw, res, outreq) {
			return
		}
		res.Body.Close()
		p.getErrorHandler()(rw, outreq, errors.New("httputil: protocol upgrades are not supported by minigo"))
		return
	}
	removeHopByHopHeaders(res.Header)
	if !p.modifyResponse(rw, res, outreq) {
		return
	}
	copyHeader(rw.Header(), res.Header)
	announced := len(res.Trailer)
	if announced > 0 {
		keys := make([]string, 0, len(res.Trailer))
		for k := range res.Trailer {
			keys = append(keys, k)
		}
		rw.Header().Add("Trailer", strings.Join(keys, ", "))
	}
	rw.WriteHeader(res.StatusCode)
	if err := p.copyResponse(rw, res.Body); err != nil {
		defer res.Body.Close()
		panic(http.ErrAbortHandler)
	}
	res.Body.Close()
	if len(res.Trailer) > 0 {
		if f, ok := rw.(http.Flusher); ok {
			f.Flush()
		}
	}
	if len(res.Trailer) == announced {
		copyHeader(rw.Header(), res.Trailer)
		return
	}
	for k, vv := range res.Trailer {
		k = "Trailer:" + k
		for _, v := range vv {
			rw.Header().Add(k, v)
		}
	}
}

func (p *ReverseProxy) copyResponse(dst http.ResponseWriter, src io.Reader) error {
	var buf []byte
	if p.BufferPool != nil {
		buf = p.BufferPool.Get()
		defer p.BufferPool.Put(buf)
	}
	if len(buf) == 0 {
		buf = make([]byte, 32*1024)
	}
	flusher, _ := dst.(http.Flusher)
	flush := p.FlushInterval < 0 && flusher != nil
	for {
		n, rerr := src.Read(buf)
		if rerr != nil && rerr != io.EOF && rerr != context.Canceled {
			p.logf("httputil: ReverseProxy read error during body copy: %v", rerr)
		}
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return werr
			}
			if flush {
				flusher.Flush()
			}
		}
		if rerr != nil {
			if rerr == io.EOF {
				return nil
			}
			return rerr
		}
	}
}


func (p *ReverseProxy) logf(format string, args ...any) {
	if p.ErrorLog != nil {
		p.ErrorLog.Printf(format, args...)
	} else {
		log.Printf(format, args...)
	}
}
