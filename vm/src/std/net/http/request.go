package http

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/url"
	"strings"
)

// A Request is an HTTP request a server received or a client will send.
type Request struct {
	Method string
	URL    *url.URL

	Proto      string // "HTTP/1.0"
	ProtoMajor int    // 1
	ProtoMinor int    // 0

	Header Header
	Body   io.ReadCloser

	// GetBody returns a fresh copy of Body, for redirects and retries.
	GetBody func() (io.ReadCloser, error)

	// ContentLength is the body's length; -1 means unknown.
	ContentLength int64

	TransferEncoding []string
	Close            bool
	Host             string

	Form     url.Values
	PostForm url.Values

	// MultipartForm is the parsed multipart form, with its file uploads,
	// once ParseMultipartForm is called.
	MultipartForm *multipart.Form

	Trailer Header

	RemoteAddr string
	RequestURI string

	// Cancel is deprecated in Go; minigo honours the request's context.
	Cancel <-chan struct{}

	// Response is the redirect response that caused this request.
	Response *Response

	// Pattern is the ServeMux pattern that matched the request.
	Pattern string

	ctx context.Context

	// pat and matches are the ServeMux pattern that matched and the
	// values of its named wildcards, in order; otherValues holds the
	// values SetPathValue set for other names.
	pat         *muxPattern
	matches     []string
	otherValues map[string]string
}

// Context returns the request's context: context.Background() if none
// was set. A server cancels it when the client goes away or ServeHTTP
// returns.
func (r *Request) Context() context.Context {
	if r.ctx != nil {
		return r.ctx
	}
	return context.Background()
}

// WithContext returns a shallow copy of r with its context changed to ctx.
func (r *Request) WithContext(ctx context.Context) *Request {
	if ctx == nil {
		panic("nil context")
	}
	r2 := new(Request)
	*r2 = *r
	r2.ctx = ctx
	return r2
}

// Clone returns a deep copy of r with its context changed to ctx. The
// body is shared.
func (r *Request) Clone(ctx context.Context) *Request {
	if ctx == nil {
		panic("nil context")
	}
	r2 := new(Request)
	*r2 = *r
	r2.ctx = ctx
	if r.URL != nil {
		u := *r.URL
		if r.URL.User != nil {
			user := *r.URL.User
			u.User = &user
		}
		r2.URL = &u
	}
	r2.Header = r.Header.Clone()
	r2.Trailer = r.Trailer.Clone()
	if s := r.TransferEncoding; s != nil {
		r2.TransferEncoding = append([]string(nil), s...)
	}
	r2.Form = cloneValues(r.Form)
	r2.PostForm = cloneValues(r.PostForm)
	if r.matches != nil {
		r2.matches = append([]string(nil), r.matches...)
	}
	if r.otherValues != nil {
		r2.otherValues = make(map[string]string, len(r.otherValues))
		for k, v := range r.otherValues {
			r2.otherValues[k] = v
		}
	}
	return r2
}

func cloneValues(v url.Values) url.Values {
	if v == nil {
		return nil
	}
	return url.Values(Header(v).Clone())
}

// ProtoAtLeast reports whether the request's protocol is at least
// major.minor.
func (r *Request) ProtoAtLeast(major, minor int) bool {
	return r.ProtoMajor > major || r.ProtoMajor == major && r.ProtoMinor >= minor
}

// UserAgent returns the User-Agent header.
func (r *Request) UserAgent() string { return r.Header.Get("User-Agent") }

// Referer returns the Referer header.
func (r *Request) Referer() string { return r.Header.Get("Referer") }

// BasicAuth returns the user name and password of a Basic Authorization
// header.
func (r *Request) BasicAuth() (username, password string, ok bool) {
	auth := r.Header.Get("Authorization")
	if auth == "" {
		return "", "", false
	}
	return parseBasicAuth(auth)
}

func parseBasicAuth(auth string) (username, password string, ok bool) {
	const prefix = "Basic "
	if len(auth) < len(prefix) || !strings.EqualFold(auth[:len(prefix)], prefix) {
		return "", "", false
	}
	c, err := base64.StdEncoding.DecodeString(auth[len(prefix):])
	if err != nil {
		return "", "", false
	}
	username, password, ok = strings.Cut(string(c), ":")
	if !ok {
		return "", "", false
	}
	return username, password, true
}

// SetBasicAuth sets a Basic Authorization header.
func (r *Request) SetBasicAuth(username, password string) {
	r.Header.Set("Authorization", "Basic "+basicAuth(username, password))
}

func basicAuth(username, password string) string {
	return base64.StdEncoding.EncodeToString([]byte(username + ":" + password))
}

// PathValue returns the value of the ServeMux wildcard name, or "".
func (r *Request) PathValue(name string) string {
	if i := r.wildcardIndex(name); i >= 0 {
		return r.matches[i]
	}
	return r.otherValues[name]
}

// SetPathValue sets the wildcard name to value, for PathValue.
func (r *Request) SetPathValue(name, value string) {
	if i := r.wildcardIndex(name); i >= 0 {
		r.matches[i] = value
		return
	}
	if r.otherValues == nil {
		r.otherValues = map[string]string{}
	}
	r.otherValues[name] = value
}

// wildcardIndex is the position of the named wildcard name among those
// of the matched pattern, or -1.
func (r *Request) wildcardIndex(name string) int {
	if r.pat == nil {
		return -1
	}
	i := 0
	for _, seg := range r.pat.segments {
		if seg.wild && seg.s != "" {
			if seg.s == name {
				return i
			}
			i++
		}
	}
	return -1
}

// validMethod reports whether method is an RFC 7230 token.
func validMethod(method string) bool {
	switch method {
	case "GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "CONNECT", "TRACE":
		return true
	case "":
		return false
	}
	return validToken(method)
}

// tokenTable[c] reports whether c is an RFC 7230 tchar. Hot loops index
// it rather than call isTokenChar: a call costs minigo far more than a
// table lookup.
var tokenTable = func() (t [256]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
		t[c-'a'+'A'] = true
	}
	for _, c := range []byte("!#$%&'*+-.^_`|~") {
		t[c] = true
	}
	return
}()

func isTokenChar(c byte) bool { return tokenTable[c] }

// validToken reports whether s is a non-empty run of tchars.
func validToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !tokenTable[s[i]] {
			return false
		}
	}
	return true
}

// headerCTLs are the bytes no header value may hold (controls but tab).
const headerCTLs = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0a\x0b\x0c\x0d\x0e\x0f" +
	"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x7f"

// validHeaderValue reports whether v holds no control byte but tab; the
// native IndexAny finds one (all are ASCII, so runes and bytes agree).
func validHeaderValue(v string) bool {
	return strings.IndexAny(v, headerCTLs) < 0
}

// NewRequest is NewRequestWithContext with context.Background().
func NewRequest(method, url string, body io.Reader) (*Request, error) {
	return NewRequestWithContext(context.Background(), method, url, body)
}

// NewRequestWithContext returns a client request. A body that is a
// *bytes.Buffer, *bytes.Reader or *strings.Reader sets ContentLength and
// GetBody.
func NewRequestWithContext(ctx context.Context, method, rawURL string, body io.Reader) (*Request, error) {
	if method == "" {
		method = "GET"
	}
	if !validMethod(method) {
		return nil, fmt.Errorf("net/http: invalid method %q", method)
	}
	if ctx == nil {
		return nil, errors.New("net/http: nil Context")
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, err
	}
	rc, ok := body.(io.ReadCloser)
	if !ok && body != nil {
		rc = io.NopCloser(body)
	}
	u.Host = strings.TrimSuffix(u.Host, ":")
	req := &Request{
		ctx:        ctx,
		Method:     method,
		URL:        u,
		Proto:      "HTTP/1.1",
		ProtoMajor: 1,
		ProtoMinor: 1,
		Header:     make(Header),
		Body:       rc,
		Host:       u.Host,
	}
	if body == nil {
		return req, nil
	}
	var snapshot []byte
	known := true
	switch v := body.(type) {
	case *bytes.Buffer:
		snapshot = v.Bytes()
	case *bytes.Reader:
		snapshot = make([]byte, v.Len())
		v.ReadAt(snapshot, v.Size()-int64(v.Len()))
	case *strings.Reader:
		snapshot = make([]byte, v.Len())
		v.ReadAt(snapshot, v.Size()-int64(v.Len()))
	default:
		// Go leaves an unknown body's length at 0 too (its issue 18117).
		known = false
	}
	if known {
		req.ContentLength = int64(len(snapshot))
		req.GetBody = func() (io.ReadCloser, error) {
			return io.NopCloser(bytes.NewReader(snapshot)), nil
		}
		if req.ContentLength == 0 {
			req.Body = NoBody
			req.GetBody = func() (io.ReadCloser, error) { return NoBody, nil }
		}
	}
	return req, nil
}

// ParseForm fills r.Form from the URL's query and, for POST, PUT and
// PATCH with a form-urlencoded body, r.PostForm from the body (body
// values first in r.Form). It is idempotent.
func (r *Request) ParseForm() error {
	var err error
	if r.PostForm == nil {
		if r.Method == "POST" || r.Method == "PUT" || r.Method == "PATCH" {
			r.PostForm, err = parsePostForm(r)
		}
		if r.PostForm == nil {
			r.PostForm = make(url.Values)
		}
	}
	if r.Form == nil {
		form := make(url.Values)
		for k, vs := range r.PostForm {
			form[k] = append(form[k], vs...)
		}
		if r.URL != nil {
			q, e := url.ParseQuery(r.URL.RawQuery)
			if err == nil {
				err = e
			}
			for k, vs := range q {
				form[k] = append(form[k], vs...)
			}
		}
		r.Form = form
	}
	return err
}

// maxFormBytes bounds a form-urlencoded body not already limited by
// MaxBytesReader.
const maxFormBytes = 10 << 20

func parsePostForm(r *Request) (vs url.Values, err error) {
	if r.Body == nil {
		return nil, errors.New("missing form body")
	}
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		// RFC 7231: an absent type may be taken as octet-stream.
		ct = "application/octet-stream"
	}
	// A parse error is returned, but a body whose type is still known
	// is read all the same.
	ct, _, err = mime.ParseMediaType(ct)
	if ct != "application/x-www-form-urlencoded" {
		// multipart/form-data is ParseMultipartForm's.
		return nil, err
	}
	var body io.Reader = r.Body
	limit := int64(1<<63 - 1)
	if _, ok := r.Body.(*maxBytesReader); !ok {
		limit = maxFormBytes
		body = io.LimitReader(r.Body, limit+1)
	}
	b, e := io.ReadAll(body)
	if e != nil {
		if err == nil {
			err = e
		}
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, errors.New("http: POST too large")
	}
	vs, e = url.ParseQuery(string(b))
	if err == nil {
		err = e
	}
	return vs, err
}

// FormValue returns the first value of key in a form-urlencoded body,
// the query, or a multipart/form-data body, in that order, calling
// ParseMultipartForm and ParseForm if needed; errors are ignored.
func (r *Request) FormValue(key string) string {
	if r.Form == nil {
		r.ParseMultipartForm(defaultMaxMemory)
	}
	if vs := r.Form[key]; len(vs) > 0 {
		return vs[0]
	}
	return ""
}

// PostFormValue returns the first value of key in the body, calling
// ParseMultipartForm and ParseForm if needed; errors are ignored.
func (r *Request) PostFormValue(key string) string {
	if r.PostForm == nil {
		r.ParseMultipartForm(defaultMaxMemory)
	}
	if vs := r.PostForm[key]; len(vs) > 0 {
		return vs[0]
	}
	return ""
}

// defaultMaxMemory is what FormValue lets ParseMultipartForm keep in
// memory.
const defaultMaxMemory = 32 << 20

// MaxBytesReader limits the bytes read from r to n: a read past it fails
// with *MaxBytesError, and the server closes the connection after the
// response.
func MaxBytesReader(w ResponseWriter, r io.ReadCloser, n int64) io.ReadCloser {
	if n < 0 {
		n = 0
	}
	return &maxBytesReader{w: w, r: r, i: n, n: n}
}

// MaxBytesError is the error of a read past MaxBytesReader's limit.
type MaxBytesError struct {
	Limit int64
}

func (e *MaxBytesError) Error() string { return "http: request body too large" }

type maxBytesReader struct {
	w   ResponseWriter
	r   io.ReadCloser
	i   int64 // the limit, for the error
	n   int64 // bytes left
	err error
}

func (l *maxBytesReader) Read(p []byte) (n int, err error) {
	if l.err != nil {
		return 0, l.err
	}
	if len(p) == 0 {
		return 0, nil
	}
	// Read one byte past the limit to tell "exactly n" from "more than n".
	if int64(len(p))-1 > l.n {
		p = p[:l.n+1]
	}
	n, err = l.r.Read(p)
	if int64(n) <= l.n {
		l.n -= int64(n)
		l.err = err
		return n, err
	}
	n = int(l.n)
	l.n = 0
	if res, ok := l.w.(interface{ requestTooLarge() }); ok {
		res.requestTooLarge()
	}
	l.err = &MaxBytesError{l.i}
	return n, l.err
}

func (l *maxBytesReader) Close() error { return l.r.Close() }
