package http

// Writing a request in HTTP/1.1 wire format, as a client sends it:
// Request.Write, Request.WriteProxy, and the Transport's writer.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// defaultUserAgent is the User-Agent a request without one sends.
const defaultUserAgent = "Go-http-client/1.1"

// Write writes r in HTTP/1.1 wire format: the request line with the
// URL's path and query, Host, User-Agent, the headers and the body
// (closed afterwards).
func (r *Request) Write(w io.Writer) error {
	return r.clientWrite(w, false, nil, nil)
}

// WriteProxy is Write with the absolute URL in the request line, as a
// proxy wants it.
func (r *Request) WriteProxy(w io.Writer) error {
	return r.clientWrite(w, true, nil, nil)
}

var errMissingHost = errors.New("http: Request.Write on Request with no Host or URL set")

// reqOutgoingLength is the length the body will have on the wire: 0 for
// none, -1 for unknown.
func reqOutgoingLength(r *Request) int64 {
	if r.Body == nil || r.Body == NoBody {
		return 0
	}
	if r.ContentLength != 0 {
		return r.ContentLength
	}
	return -1
}

// reqIsReplayable reports whether r can be sent again on another
// connection.
func reqIsReplayable(r *Request) bool {
	if r.Body == nil || r.Body == NoBody || r.GetBody != nil {
		switch clientValueOrDefault(r.Method, "GET") {
		case "GET", "HEAD", "OPTIONS", "TRACE":
			return true
		}
		if r.Header.has("Idempotency-Key") || r.Header.has("X-Idempotency-Key") {
			return true
		}
	}
	return false
}

func clientValueOrDefault(v, def string) string {
	if v != "" {
		return v
	}
	return def
}

func clientCloseBody(r *Request) {
	if r.Body != nil {
		r.Body.Close()
	}
}

// clientValidHost reports whether h is a valid Host header value.
func clientValidHost(h string) bool {
	for i := 0; i < len(h); i++ {
		c := h[i]
		if '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
			continue
		}
		if strings.IndexByte("!$%&'()*+,-.:;=[]_~", c) < 0 {
			return false
		}
	}
	return true
}

// clientRemoveZone drops an IPv6 zone from host ("[fe80::1%en0]:8080").
func clientRemoveZone(host string) string {
	if !strings.HasPrefix(host, "[") {
		return host
	}
	i := strings.LastIndex(host, "]")
	if i < 0 {
		return host
	}
	j := strings.LastIndex(host[:i], "%")
	if j < 0 {
		return host
	}
	return host[:j] + host[i:]
}

func clientHasCTL(s string) bool {
	for i := 0; i < len(s); i++ {
		if b := s[i]; b < ' ' || b == 0x7f {
			return true
		}
	}
	return false
}

func isChunked(te []string) bool { return len(te) > 0 && te[0] == "chunked" }

// usuallyNoBody reports whether requests of method rarely have a body, so
// an unknown-length one is probed before choosing chunked coding.
func usuallyNoBody(method string) bool {
	switch method {
	case "", "GET", "HEAD", "DELETE", "OPTIONS", "PROPFIND", "SEARCH":
		return true
	}
	return false
}

// msgWriter is the framing of an outgoing message body: a request's or
// (for Response.Write) a response's.
type msgWriter struct {
	method   string
	body     io.Reader
	closer   io.Closer
	length   int64 // -1: unknown
	te       []string
	close    bool
	header   Header
	trailer  Header
	inMemory bool
	toHEAD   bool
	response bool
}

func newReqWriter(r *Request) (*msgWriter, error) {
	if r.ContentLength != 0 && r.Body == nil {
		return nil, fmt.Errorf("http: Request.ContentLength=%d with nil Body", r.ContentLength)
	}
	t := &msgWriter{
		method:  clientValueOrDefault(r.Method, "GET"),
		close:   r.Close,
		te:      r.TransferEncoding,
		header:  r.Header,
		trailer: r.Trailer,
		length:  reqOutgoingLength(r),
		closer:  r.Body,
	}
	if r.Body != nil && r.Body != NoBody {
		t.body = r.Body
	}
	if r.Body == nil {
		t.closer = nil
	}
	if t.length < 0 && len(t.te) == 0 && t.body != nil && t.method != "CONNECT" {
		if usuallyNoBody(t.method) {
			// Read one byte to tell an empty body from a real one.
			var b [1]byte
			n, err := io.ReadFull(t.body, b[:])
			if n == 0 && err == io.EOF {
				t.body = nil
				t.length = 0
			} else if err != nil && n == 0 {
				t.body = &errReader{err}
				t.te = []string{"chunked"}
			} else {
				t.body = io.MultiReader(strings.NewReader(string(b[:n])), t.body)
				t.te = []string{"chunked"}
			}
		} else {
			t.te = []string{"chunked"}
		}
	}
	t.inMemory = r.GetBody != nil && r.ContentLength > 0
	t.sanitize(r.ProtoAtLeast(1, 1) || r.ProtoMajor == 0)
	return t, nil
}

func newRespWriter(r *Response) *msgWriter {
	t := &msgWriter{
		response: true,
		body:     r.Body,
		closer:   r.Body,
		length:   r.ContentLength,
		close:    r.Close,
		te:       r.TransferEncoding,
		header:   r.Header,
		trailer:  r.Trailer,
	}
	if r.Body == nil {
		t.closer = nil
	}
	if r.Request != nil {
		t.method = r.Request.Method
	}
	t.toHEAD = t.method == "HEAD"
	t.sanitize(r.ProtoAtLeast(1, 1))
	return t
}

func (t *msgWriter) sanitize(atLeast11 bool) {
	if t.toHEAD {
		t.body = nil
		if isChunked(t.te) {
			t.length = -1
		}
	} else {
		if !atLeast11 || t.body == nil {
			t.te = nil
		}
		if isChunked(t.te) {
			t.length = -1
		} else if t.body == nil {
			t.length = 0
		}
	}
	if !isChunked(t.te) {
		t.trailer = nil
	}
}

type errReader struct{ err error }

func (e *errReader) Read([]byte) (int, error) { return 0, e.err }

func (t *msgWriter) sendsLength() bool {
	if isChunked(t.te) {
		return false
	}
	if t.length > 0 {
		return true
	}
	if t.length < 0 {
		return false
	}
	if t.method == "POST" || t.method == "PUT" || t.method == "PATCH" {
		return true
	}
	if t.length == 0 && len(t.te) == 1 && t.te[0] == "identity" {
		return t.method != "GET" && t.method != "HEAD"
	}
	return false
}

func (t *msgWriter) writeHeader(w io.Writer) error {
	var b strings.Builder
	if t.close && !hasToken(t.header.get("Connection"), "close") {
		b.WriteString("Connection: close\r\n")
	}
	if t.sendsLength() {
		b.WriteString("Content-Length: ")
		b.WriteString(strconv.FormatInt(t.length, 10))
		b.WriteString("\r\n")
	} else if isChunked(t.te) {
		b.WriteString("Transfer-Encoding: chunked\r\n")
	}
	if t.trailer != nil {
		keys := make([]string, 0, len(t.trailer))
		for k := range t.trailer {
			k = CanonicalHeaderKey(k)
			switch k {
			case "Transfer-Encoding", "Trailer", "Content-Length":
				return fmt.Errorf("%s %q", "invalid Trailer key", k)
			}
			keys = append(keys, k)
		}
		if len(keys) > 0 {
			sort.Strings(keys)
			b.WriteString("Trailer: " + strings.Join(keys, ",") + "\r\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeBody copies the body (chunked or counted) and closes it.
func (t *msgWriter) writeBody(w io.Writer) (err error) {
	closed := false
	defer func() {
		if !closed && t.closer != nil {
			if cerr := t.closer.Close(); err == nil {
				err = cerr
			}
		}
	}()
	var n int64
	if !t.toHEAD && t.body != nil {
		if isChunked(t.te) {
			if bw, ok := w.(*bufio.Writer); ok && !t.response {
				w = flushAfterChunkWriter{bw}
			}
			cw := newChunkedWriter(w)
			_, err = io.Copy(cw, t.body)
			if err == nil {
				err = cw.Close()
			}
		} else if t.length == -1 {
			n, err = io.Copy(w, t.body)
		} else {
			n, err = io.Copy(w, io.LimitReader(t.body, t.length))
			if err != nil {
				return err
			}
			var extra int64
			extra, err = io.Copy(io.Discard, t.body)
			n += extra
		}
		if err != nil {
			return err
		}
	}
	if t.closer != nil {
		closed = true
		if err := t.closer.Close(); err != nil {
			return err
		}
	}
	if !t.toHEAD && t.length != -1 && t.length != n {
		return fmt.Errorf("http: ContentLength=%d with Body length %d", t.length, n)
	}
	if !t.toHEAD && isChunked(t.te) {
		if t.trailer != nil {
			if err := t.trailer.Write(w); err != nil {
				return err
			}
		}
		_, err = io.WriteString(w, "\r\n")
	}
	return err
}

// clientWrite writes r to w; extra holds headers the Transport adds.
// wait, if set, runs after the head is flushed: false leaves the body
// unsent (no "100 Continue").
func (r *Request) clientWrite(w io.Writer, usingProxy bool, extra Header, wait func() bool) (err error) {
	closed := false
	defer func() {
		if !closed {
			clientCloseBody(r)
		}
	}()
	host := r.Host
	if host == "" {
		if r.URL == nil {
			return errMissingHost
		}
		host = r.URL.Host
	}
	if !clientValidHost(host) {
		return errors.New("http: invalid Host header")
	}
	host = clientRemoveZone(host)
	ruri := r.URL.RequestURI()
	if usingProxy && r.URL.Scheme != "" && r.URL.Opaque == "" {
		ruri = r.URL.Scheme + "://" + host + ruri
	} else if r.Method == "CONNECT" && r.URL.Path == "" {
		ruri = host
		if r.URL.Opaque != "" {
			ruri = r.URL.Opaque
		}
	}
	if clientHasCTL(ruri) {
		return errors.New("net/http: can't write control character in Request.URL")
	}
	bw, ok := w.(*bufio.Writer)
	if !ok {
		bw = bufio.NewWriter(w)
	}
	// One write per line: each call costs minigo more than the concatenation.
	bw.WriteString(clientValueOrDefault(r.Method, "GET") + " " + ruri + " HTTP/1.1\r\nHost: " + host + "\r\n")
	ua := defaultUserAgent
	if r.Header.has("User-Agent") {
		ua = r.Header.Get("User-Agent")
	}
	if ua != "" {
		ua = headerNewlineToSpace.Replace(ua)
		bw.WriteString("User-Agent: " + ua + "\r\n")
	}
	t, err := newReqWriter(r)
	if err != nil {
		return err
	}
	if err := t.writeHeader(bw); err != nil {
		return err
	}
	if err := r.Header.WriteSubset(bw, reqWriteExclude); err != nil {
		return err
	}
	if extra != nil {
		if err := extra.Write(bw); err != nil {
			return err
		}
	}
	if _, err := bw.WriteString("\r\n"); err != nil {
		return err
	}
	if t.length != 0 && (!t.inMemory || wait != nil) {
		// Let the peer see the head before a body that may block.
		if err := bw.Flush(); err != nil {
			return err
		}
		if wait != nil && !wait() {
			return errNoContinue
		}
	}
	closed = true
	if err := t.writeBody(bw); err != nil {
		return err
	}
	if !ok {
		return bw.Flush()
	}
	return nil
}

var errNoContinue = errors.New("net/http: request body not sent (no 100 Continue)")

var reqWriteExclude = map[string]bool{
	"Host":              true,
	"User-Agent":        true,
	"Content-Length":    true,
	"Transfer-Encoding": true,
	"Trailer":           true,
}

// clientStripPassword is u as text with any password shown as "***".
func clientStripPassword(u *url.URL) string {
	if u.User == nil {
		return u.String()
	}
	if _, set := u.User.Password(); set {
		return strings.Replace(u.String(), u.User.String()+"@", u.User.Username()+":***@", 1)
	}
	return u.String()
}
