package http

// The Client: redirects, timeouts, and the package-level Get, Head, Post
// and PostForm.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"
)

// A Client sends requests through its Transport (DefaultTransport if
// nil), following redirects as CheckRedirect allows.
type Client struct {
	Transport RoundTripper
	// CheckRedirect decides whether to follow a redirect; nil stops
	// after 10.
	CheckRedirect func(req *Request, via []*Request) error
	// Jar, if set, adds cookies to each request and keeps those each
	// response sets.
	Jar CookieJar
	// Timeout bounds a whole exchange, redirects and body included;
	// zero means none.
	Timeout time.Duration
}

// A CookieJar stores cookies for a Client.
type CookieJar interface {
	SetCookies(u *url.URL, cookies []*Cookie)
	Cookies(u *url.URL) []*Cookie
}

// DefaultClient is the Client Get, Head, Post and PostForm use.
var DefaultClient = &Client{}

// Get issues a GET to url with DefaultClient.
func Get(url string) (resp *Response, err error) { return DefaultClient.Get(url) }

// Head issues a HEAD to url with DefaultClient.
func Head(url string) (resp *Response, err error) { return DefaultClient.Head(url) }

// Post issues a POST to url with DefaultClient.
func Post(url, contentType string, body io.Reader) (resp *Response, err error) {
	return DefaultClient.Post(url, contentType, body)
}

// PostForm POSTs data, URL-encoded, to url with DefaultClient.
func PostForm(url string, data url.Values) (resp *Response, err error) {
	return DefaultClient.PostForm(url, data)
}

// Get issues a GET to url.
func (c *Client) Get(url string) (resp *Response, err error) {
	req, err := NewRequest("GET", url, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

// Head issues a HEAD to url.
func (c *Client) Head(url string) (resp *Response, err error) {
	req, err := NewRequest("HEAD", url, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

// Post issues a POST to url with the given Content-Type and body.
func (c *Client) Post(url, contentType string, body io.Reader) (resp *Response, err error) {
	req, err := NewRequest("POST", url, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", contentType)
	return c.Do(req)
}

// PostForm POSTs data, URL-encoded, to url.
func (c *Client) PostForm(url string, data url.Values) (resp *Response, err error) {
	return c.Post(url, "application/x-www-form-urlencoded", strings.NewReader(data.Encode()))
}

// CloseIdleConnections closes the Transport's idle connections, if it
// can.
func (c *Client) CloseIdleConnections() {
	if t, ok := c.transport().(interface{ CloseIdleConnections() }); ok {
		t.CloseIdleConnections()
	}
}

func (c *Client) transport() RoundTripper {
	if c.Transport != nil {
		return c.Transport
	}
	return DefaultTransport
}

// clientTimeoutError is a timeout the Client reports (Go's
// timeoutError): errors.Is matches context.DeadlineExceeded.
type clientTimeoutError struct {
	err string
}

func (e *clientTimeoutError) Error() string       { return e.err }
func (e *clientTimeoutError) Timeout() bool       { return true }
func (e *clientTimeoutError) Temporary() bool     { return true }
func (e *clientTimeoutError) Is(err error) bool   { return err == context.DeadlineExceeded }
func clientURLErrorOp(method string) string {
	if method == "" {
		return "Get"
	}
	return method[:1] + strings.ToLower(method[1:])
}

// Do sends req, following redirects. Errors are *url.Error.
func (c *Client) Do(req *Request) (*Response, error) {
	return c.do(req)
}

func (c *Client) do(req *Request) (retres *Response, reterr error) {
	if req.URL == nil {
		clientCloseBody(req)
		return nil, &url.Error{Op: clientURLErrorOp(req.Method), Err: errors.New("http: nil Request.URL")}
	}
	var deadline time.Time
	if c.Timeout > 0 {
		deadline = time.Now().Add(c.Timeout)
	}
	var (
		reqs          []*Request
		resp          *Response
		ihdr          = req.Header.Clone()
		reqBodyClosed bool
		redirectMeth  string
		includeBody   = true
		stripSecret   bool
	)
	if ihdr == nil {
		ihdr = make(Header)
	}
	uerr := func(err error) error {
		if !reqBodyClosed {
			clientCloseBody(req)
		}
		var u string
		if resp != nil && resp.Request != nil {
			u = clientStripPassword(resp.Request.URL)
		} else {
			u = clientStripPassword(req.URL)
		}
		return &url.Error{Op: clientURLErrorOp(reqs[0].Method), URL: u, Err: err}
	}
	for {
		if len(reqs) > 0 {
			loc := resp.Header.Get("Location")
			if loc == "" {
				return resp, nil
			}
			u, err := req.URL.Parse(loc)
			if err != nil {
				resp.Body.Close()
				return nil, uerr(fmt.Errorf("failed to parse Location header %q: %v", loc, err))
			}
			host := ""
			if req.Host != "" && req.Host != req.URL.Host {
				if lu, _ := url.Parse(loc); lu != nil && !lu.IsAbs() {
					host = req.Host
				}
			}
			ireq := reqs[0]
			req = &Request{
				Method:     redirectMeth,
				Response:   resp,
				URL:        u,
				Header:     make(Header),
				Host:       host,
				Cancel:     ireq.Cancel,
				ctx:        ireq.ctx,
				Proto:      "HTTP/1.1",
				ProtoMajor: 1,
				ProtoMinor: 1,
			}
			if includeBody && ireq.GetBody != nil {
				req.Body, err = ireq.GetBody()
				if err != nil {
					resp.Body.Close()
					return nil, uerr(err)
				}
				req.GetBody = ireq.GetBody
				req.ContentLength = ireq.ContentLength
			}
			if !stripSecret && reqs[0].URL.Host != req.URL.Host && !clientSameDomain(reqs[0].URL, req.URL) {
				stripSecret = true
			}
			for k, vv := range ihdr {
				switch CanonicalHeaderKey(k) {
				case "Authorization", "Www-Authenticate", "Cookie", "Cookie2", "Proxy-Authorization", "Proxy-Authenticate":
					if stripSecret {
						continue
					}
				case "Content-Encoding", "Content-Language", "Content-Location", "Content-Type":
					if !includeBody {
						continue
					}
				}
				req.Header[k] = vv
			}
			if ref := clientReferer(reqs[len(reqs)-1].URL, req.URL, req.Header.Get("Referer")); ref != "" {
				req.Header.Set("Referer", ref)
			}
			if c.CheckRedirect != nil {
				err = c.CheckRedirect(req, reqs)
			} else if len(reqs) >= 10 {
				err = errors.New("stopped after 10 redirects")
			}
			if err == ErrUseLastResponse {
				return resp, nil
			}
			// Read a little of the body so that its connection can be
			// reused.
			if resp.ContentLength == -1 || resp.ContentLength <= 2<<10 {
				io.CopyN(io.Discard, resp.Body, 2<<10)
			}
			resp.Body.Close()
			if err != nil {
				ue := uerr(err)
				ue.(*url.Error).URL = loc
				return resp, ue
			}
		}
		reqs = append(reqs, req)
		var err error
		var didTimeout func() bool
		if resp, didTimeout, err = c.send(req, deadline); err != nil {
			reqBodyClosed = true
			if !deadline.IsZero() && didTimeout() {
				err = &clientTimeoutError{err.Error() + " (Client.Timeout exceeded while awaiting headers)"}
			}
			return nil, uerr(err)
		}
		var should, bodyOnHop bool
		redirectMeth, should, bodyOnHop = clientRedirectBehavior(req.Method, resp, reqs[0])
		if !should {
			return resp, nil
		}
		if !bodyOnHop {
			includeBody = false
		}
		clientCloseBody(req)
	}
}

func clientRedirectBehavior(method string, resp *Response, ireq *Request) (redirectMethod string, should, includeBody bool) {
	switch resp.StatusCode {
	case 301, 302, 303:
		redirectMethod = method
		should = true
		if method != "GET" && method != "HEAD" {
			redirectMethod = "GET"
		}
	case 307, 308:
		redirectMethod = method
		should = true
		includeBody = true
		if ireq.GetBody == nil && reqOutgoingLength(ireq) != 0 {
			should = false
		}
	}
	return
}

// clientSameDomain reports whether dest's host is initial's or a
// subdomain of it (sensitive headers follow such redirects).
func clientSameDomain(initial, dest *url.URL) bool {
	ih := strings.ToLower(initial.Hostname())
	dh := strings.ToLower(dest.Hostname())
	if dh == ih {
		return true
	}
	return strings.HasSuffix(dh, ih) && dh[len(dh)-len(ih)-1] == '.'
}

func clientReferer(last, next *url.URL, explicit string) string {
	if last.Scheme == "https" && next.Scheme == "http" {
		return ""
	}
	if explicit != "" {
		return explicit
	}
	ref := last.String()
	if last.User != nil {
		ref = strings.Replace(ref, last.User.String()+"@", "", 1)
	}
	return ref
}

// send sends one request through the transport, under the Client's
// deadline.
func (c *Client) send(ireq *Request, deadline time.Time) (resp *Response, didTimeout func() bool, err error) {
	if c.Jar != nil {
		// As Go's, the cookies go into the caller's request.
		for _, ck := range c.Jar.Cookies(ireq.URL) {
			ireq.AddCookie(ck)
		}
	}
	req := ireq
	never := func() bool { return false }
	rt := c.transport()
	if req.RequestURI != "" {
		clientCloseBody(req)
		return nil, never, errors.New("http: Request.RequestURI can't be set in client requests")
	}
	forked := false
	fork := func() {
		if !forked {
			r2 := new(Request)
			*r2 = *ireq
			req = r2
			forked = true
		}
	}
	if req.Header == nil {
		fork()
		req.Header = make(Header)
	}
	if u := req.URL.User; u != nil && req.Header.Get("Authorization") == "" {
		pw, _ := u.Password()
		fork()
		req.Header = ireq.Header.Clone()
		if req.Header == nil {
			req.Header = make(Header)
		}
		req.Header.Set("Authorization", "Basic "+basicAuth(u.Username(), pw))
	}
	stop := func() {}
	didTimeout = never
	if !deadline.IsZero() {
		fork()
		ctx, cancel := context.WithDeadline(req.Context(), deadline)
		req.ctx = ctx
		stop = cancel
		didTimeout = func() bool {
			return !time.Now().Before(deadline) && ctx.Err() == context.DeadlineExceeded
		}
	}
	resp, err = rt.RoundTrip(req)
	if err != nil {
		stop()
		return nil, didTimeout, err
	}
	if resp == nil {
		stop()
		return nil, didTimeout, fmt.Errorf("http: RoundTripper implementation (%T) returned a nil *Response with a nil error", rt)
	}
	if resp.Body == nil {
		if resp.ContentLength > 0 && req.Method != "HEAD" {
			stop()
			return nil, didTimeout, fmt.Errorf("http: RoundTripper implementation (%T) returned a *Response with content length %d but a nil Body", rt, resp.ContentLength)
		}
		resp.Body = NoBody
	}
	if c.Jar != nil {
		if rc := resp.Cookies(); len(rc) > 0 {
			c.Jar.SetCookies(req.URL, rc)
		}
	}
	if !deadline.IsZero() {
		resp.Body = &cancelTimerBody{stop: stop, rc: resp.Body, didTimeout: didTimeout}
	}
	return resp, nil, nil
}

// cancelTimerBody ends the Client's deadline watch with the body, and
// names the timeout in a read error it caused.
type cancelTimerBody struct {
	stop       func()
	rc         io.ReadCloser
	didTimeout func() bool
}

func (b *cancelTimerBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if err == nil {
		return n, nil
	}
	if err == io.EOF {
		b.stop()
		return n, err
	}
	if b.didTimeout() {
		err = &clientTimeoutError{err.Error() + " (Client.Timeout or context cancellation while reading body)"}
	}
	return n, err
}

func (b *cancelTimerBody) Close() error {
	err := b.rc.Close()
	b.stop()
	return err
}
