// Package http (net/http) as minigo provides it, in Go: HTTP/1.x servers
// and clients over minigo's net package, with Go 1.27's observable
// behaviour (status lines, header canonicalisation, error texts, the
// ServeMux's 1.22 patterns). TLS and HTTP/2 are not provided.
//
// Files: http.go (handlers, constants, errors), header.go, request.go,
// response.go, status.go, chunked.go; the server, mux, client and
// transport each have their own file.
package http

import (
	"bufio"
	"errors"
	"io"
	"net"
	"time"
)

// A Handler responds to an HTTP request.
type Handler interface {
	ServeHTTP(ResponseWriter, *Request)
}

// HandlerFunc lets an ordinary function serve as a Handler.
type HandlerFunc func(ResponseWriter, *Request)

// ServeHTTP calls f(w, r).
func (f HandlerFunc) ServeHTTP(w ResponseWriter, r *Request) { f(w, r) }

// A ResponseWriter is how a Handler builds its response.
type ResponseWriter interface {
	Header() Header
	Write([]byte) (int, error)
	WriteHeader(statusCode int)
}

// A Flusher sends buffered data to the client.
type Flusher interface {
	Flush()
}

// A Hijacker lets a handler take over the connection.
type Hijacker interface {
	Hijack() (net.Conn, *bufio.ReadWriter, error)
}

// CloseNotifier is deprecated in Go; minigo keeps the interface for
// programs that still assert to it.
type CloseNotifier interface {
	CloseNotify() <-chan bool
}

// HTTP methods (RFC 9110).
const (
	MethodGet     = "GET"
	MethodHead    = "HEAD"
	MethodPost    = "POST"
	MethodPut     = "PUT"
	MethodPatch   = "PATCH"
	MethodDelete  = "DELETE"
	MethodConnect = "CONNECT"
	MethodOptions = "OPTIONS"
	MethodTrace   = "TRACE"
)

// TimeFormat is the time format of HTTP headers: RFC 1123 in UTC.
const TimeFormat = "Mon, 02 Jan 2006 15:04:05 GMT"

// DefaultMaxHeaderBytes is the largest request head a Server reads
// unless Server.MaxHeaderBytes says otherwise.
const DefaultMaxHeaderBytes = 1 << 20 // 1 MB

// ParseTime parses a time header in any of the three formats HTTP/1.1
// allows.
func ParseTime(text string) (t time.Time, err error) {
	for _, layout := range []string{TimeFormat, time.RFC850, time.ANSIC} {
		t, err = time.Parse(layout, text)
		if err == nil {
			return
		}
	}
	return
}

// ProtocolError is an HTTP protocol error.
type ProtocolError struct {
	ErrorString string
}

func (pe *ProtocolError) Error() string { return pe.ErrorString }

// Is lets errors.Is(err, ErrNotSupported) match any ProtocolError for
// "feature not supported", as Go's does.
func (pe *ProtocolError) Is(err error) bool {
	return pe == ErrNotSupported && err == errors.ErrUnsupported
}

var (
	ErrNotSupported         = &ProtocolError{"feature not supported"}
	ErrUnexpectedTrailer    = &ProtocolError{"trailer header without chunked transfer encoding"}
	ErrMissingBoundary      = &ProtocolError{"no multipart boundary param in Content-Type"}
	ErrNotMultipart         = &ProtocolError{"request Content-Type isn't multipart/form-data"}
	ErrHeaderTooLong        = &ProtocolError{"header too long"}
	ErrShortBody            = &ProtocolError{"entity body too short"}
	ErrMissingContentLength = &ProtocolError{"missing ContentLength in HEAD response"}
)

var (
	ErrBodyNotAllowed     = errors.New("http: request method or response status code does not allow body")
	ErrHijacked           = errors.New("http: connection has been hijacked")
	ErrContentLength      = errors.New("http: wrote more than the declared Content-Length")
	ErrWriteAfterFlush    = errors.New("unused")
	ErrServerClosed       = errors.New("http: Server closed")
	ErrHandlerTimeout     = errors.New("http: Handler timeout")
	ErrMissingFile        = errors.New("http: no such file")
	ErrNoCookie           = errors.New("http: named cookie not present")
	ErrNoLocation         = errors.New("http: no Location header in response")
	ErrUseLastResponse    = errors.New("net/http: use last response")
	ErrSchemeMismatch     = errors.New("http: server gave HTTP response to HTTPS client")
	ErrBodyReadAfterClose = errors.New("http: invalid Read on closed Body")
	ErrAbortHandler       = errors.New("net/http: abort Handler")
	ErrLineTooLong        = errors.New("header line too long")
	ErrSkipAltProtocol    = errors.New("net/http: skip alternate protocol")
)

// NoBody is an empty body: Read always returns EOF.
var NoBody = noBody{}

type noBody struct{}

func (noBody) Read([]byte) (int, error)         { return 0, io.EOF }
func (noBody) Close() error                     { return nil }
func (noBody) WriteTo(io.Writer) (int64, error) { return 0, nil }

// contextKey is the type of the context keys this package defines.
type contextKey struct {
	name string
}

func (k *contextKey) String() string { return "net/http context value " + k.name }

var (
	// ServerContextKey holds the *Server that started a handler.
	ServerContextKey = &contextKey{"http-server"}
	// LocalAddrContextKey holds the net.Addr the connection arrived on.
	LocalAddrContextKey = &contextKey{"local-addr"}
)
