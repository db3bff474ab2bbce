package http

import (
	"io"
	"net/url"
)

// A Response is the response to a client's request.
type Response struct {
	Status     string // "200 OK"
	StatusCode int    // 200
	Proto      string // "HTTP/1.0"
	ProtoMajor int    // 1
	ProtoMinor int    // 0

	Header Header

	// Body streams the response body; the caller must close it. Reading
	// it to EOF and closing it returns the connection to the pool.
	Body io.ReadCloser

	// ContentLength is the body's length; -1 means unknown.
	ContentLength int64

	TransferEncoding []string
	Close            bool
	Uncompressed     bool
	Trailer          Header

	// Request is the request this response answers.
	Request *Request
}

// ProtoAtLeast reports whether the response's protocol is at least
// major.minor.
func (r *Response) ProtoAtLeast(major, minor int) bool {
	return r.ProtoMajor > major || r.ProtoMajor == major && r.ProtoMinor >= minor
}

// Location returns the URL of the Location header, resolved against the
// request's URL; ErrNoLocation if there is none.
func (r *Response) Location() (*url.URL, error) {
	lv := r.Header.Get("Location")
	if lv == "" {
		return nil, ErrNoLocation
	}
	if r.Request != nil && r.Request.URL != nil {
		return r.Request.URL.Parse(lv)
	}
	return url.Parse(lv)
}
