package httputil

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"net/textproto"
	"sync"
)

// The errors of ServerConn and ClientConn.
var (
	// ErrPersistEOF: the connection was closed by the other side, or a
	// message asked for "Connection: close".
	ErrPersistEOF = &http.ProtocolError{ErrorString: "persistent connection closed"}
	// ErrClosed: the connection was closed by the user.
	ErrClosed = &http.ProtocolError{ErrorString: "connection closed by user"}
	// ErrPipeline: a response was asked for a request not read or sent.
	ErrPipeline = &http.ProtocolError{ErrorString: "pipeline error"}
)

var errConnClosed = errors.New("i/o operation on closed connection")

// persistState is what ServerConn and ClientConn share: the connection,
// the read and write errors that end it, the body of the last message
// read (closed before the next is read), the message counts, and the
// pipeline ordering requests and responses.
type persistState struct {
	mu       sync.Mutex
	c        net.Conn
	r        *bufio.Reader
	re, we   error
	lastbody io.ReadCloser
	nread    int
	nwritten int
	ids      map[*http.Request]uint
	pipe     textproto.Pipeline
}

func newPersistState(c net.Conn, r *bufio.Reader) persistState {
	if r == nil {
		r = bufio.NewReader(c)
	}
	return persistState{c: c, r: r, ids: map[*http.Request]uint{}}
}

func (p *persistState) hijack() (net.Conn, *bufio.Reader) {
	p.mu.Lock()
	defer p.mu.Unlock()
	c, r := p.c, p.r
	p.c, p.r = nil, nil
	return c, r
}

func (p *persistState) close() error {
	if c, _ := p.hijack(); c != nil {
		return c.Close()
	}
	return nil
}

// takeID removes and returns the pipeline id of req.
func (p *persistState) takeID(req *http.Request) (uint, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	id, ok := p.ids[req]
	delete(p.ids, req)
	return id, ok
}

// closeLast closes the body of the last message read; an error there
// ends the read side.
func (p *persistState) closeLast(body io.ReadCloser) error {
	if body == nil {
		return nil
	}
	if err := body.Close(); err != nil {
		p.mu.Lock()
		p.re = err
		p.mu.Unlock()
		return err
	}
	return nil
}

// ServerConn is an HTTP/1 server side of a connection, reading requests
// and writing responses in order.
//
// Deprecated: use the Server in package net/http instead.
type ServerConn struct {
	p persistState
}

// NewServerConn returns a new ServerConn reading and writing c; r, if
// not nil, is the buffer to read from.
//
// Deprecated: use the Server in package net/http instead.
func NewServerConn(c net.Conn, r *bufio.Reader) *ServerConn {
	return &ServerConn{p: newPersistState(c, r)}
}

// Hijack detaches the ServerConn and returns the connection and its
// read buffer.
func (sc *ServerConn) Hijack() (net.Conn, *bufio.Reader) { return sc.p.hijack() }

// Close calls Hijack and then closes the connection.
func (sc *ServerConn) Close() error { return sc.p.close() }

// Read returns the next request on the wire. ErrPersistEOF is returned
// when it is gracefully determined that there are no more requests.
func (sc *ServerConn) Read() (*http.Request, error) {
	p := &sc.p
	var req *http.Request
	id := p.pipe.Next()
	p.pipe.StartRequest(id)
	defer func() {
		p.pipe.EndRequest(id)
		if req == nil {
			p.pipe.StartResponse(id)
			p.pipe.EndResponse(id)
			return
		}
		p.mu.Lock()
		p.ids[req] = id
		p.mu.Unlock()
	}()
	p.mu.Lock()
	switch {
	case p.we != nil:
		err := p.we
		p.mu.Unlock()
		return nil, err
	case p.re != nil:
		err := p.re
		p.mu.Unlock()
		return nil, err
	case p.r == nil:
		p.mu.Unlock()
		return nil, errConnClosed
	}
	r, last := p.r, p.lastbody
	p.lastbody = nil
	p.mu.Unlock()
	if err := p.closeLast(last); err != nil {
		return nil, err
	}
	var err error
	req, err = http.ReadRequest(r)
	p.mu.Lock()
	defer p.mu.Unlock()
	if err != nil {
		if err == io.ErrUnexpectedEOF {
			p.re = ErrPersistEOF
			return nil, p.re
		}
		p.re = err
		return req, err
	}
	p.lastbody = req.Body
	p.nread++
	if req.Close {
		p.re = ErrPersistEOF
		return req, p.re
	}
	return req, nil
}

// Pending returns the number of requests read and not yet answered.
func (sc *ServerConn) Pending() int {
	sc.p.mu.Lock()
	defer sc.p.mu.Unlock()
	return sc.p.nread - sc.p.nwritten
}

// Write writes resp in response to req, which Read must have returned.
func (sc *ServerConn) Write(req *http.Request, resp *http.Response) error {
	p := &sc.p
	id, ok := p.takeID(req)
	if !ok {
		return ErrPipeline
	}
	p.pipe.StartResponse(id)
	defer p.pipe.EndResponse(id)
	p.mu.Lock()
	switch {
	case p.we != nil:
		err := p.we
		p.mu.Unlock()
		return err
	case p.c == nil:
		p.mu.Unlock()
		return ErrClosed
	case p.nread <= p.nwritten:
		p.mu.Unlock()
		return errors.New("persist server pipe count")
	}
	c := p.c
	if resp.Close {
		p.re = ErrPersistEOF
	}
	p.mu.Unlock()
	err := resp.Write(c)
	p.mu.Lock()
	defer p.mu.Unlock()
	if err != nil {
		p.we = err
		return err
	}
	p.nwritten++
	return nil
}

// ClientConn is an HTTP/1 client side of a connection, writing requests
// and reading their responses in order.
//
// Deprecated: use the Client or Transport in package net/http instead.
type ClientConn struct {
	p     persistState
	proxy bool // write requests with absolute URLs
}

// NewClientConn returns a new ClientConn reading and writing c; r, if
// not nil, is the buffer to read from.
//
// Deprecated: use the Client or Transport in package net/http instead.
func NewClientConn(c net.Conn, r *bufio.Reader) *ClientConn {
	return &ClientConn{p: newPersistState(c, r)}
}

// NewProxyClientConn is like NewClientConn but writes requests as
// Request.WriteProxy does.
//
// Deprecated: use the Client or Transport in package net/http instead.
func NewProxyClientConn(c net.Conn, r *bufio.Reader) *ClientConn {
	cc := NewClientConn(c, r)
	cc.proxy = true
	return cc
}

// Hijack detaches the ClientConn and returns the connection and its
// read buffer.
func (cc *ClientConn) Hijack() (c net.Conn, r *bufio.Reader) { return cc.p.hijack() }

// Close calls Hijack and then closes the connection.
func (cc *ClientConn) Close() error { return cc.p.close() }

// Write writes a request. ErrPersistEOF is returned if the connection
// has been closed in an HTTP keep-alive sense.
func (cc *ClientConn) Write(req *http.Request) error {
	p := &cc.p
	var err error
	id := p.pipe.Next()
	p.pipe.StartRequest(id)
	defer func() {
		p.pipe.EndRequest(id)
		if err != nil {
			p.pipe.StartResponse(id)
			p.pipe.EndResponse(id)
			return
		}
		p.mu.Lock()
		p.ids[req] = id
		p.mu.Unlock()
	}()
	p.mu.Lock()
	switch {
	case p.re != nil:
		err = p.re
	case p.we != nil:
		err = p.we
	case p.c == nil:
		err = errConnClosed
	}
	if err != nil {
		p.mu.Unlock()
		return err
	}
	c := p.c
	if req.Close {
		p.we = ErrPersistEOF
	}
	p.mu.Unlock()
	if cc.proxy {
		err = req.WriteProxy(c)
	} else {
		err = req.Write(c)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if err != nil {
		p.we = err
		return err
	}
	p.nwritten++
	return nil
}

// Pending returns the number of requests sent whose response has not
// been read.
func (cc *ClientConn) Pending() int {
	cc.p.mu.Lock()
	defer cc.p.mu.Unlock()
	return cc.p.nwritten - cc.p.nread
}

// Read reads the response to req, which Write must have sent.
func (cc *ClientConn) Read(req *http.Request) (resp *http.Response, err error) {
	p := &cc.p
	id, ok := p.takeID(req)
	if !ok {
		return nil, ErrPipeline
	}
	p.pipe.StartResponse(id)
	defer p.pipe.EndResponse(id)
	p.mu.Lock()
	switch {
	case p.re != nil:
		err := p.re
		p.mu.Unlock()
		return nil, err
	case p.r == nil:
		p.mu.Unlock()
		return nil, errConnClosed
	}
	r, last := p.r, p.lastbody
	p.lastbody = nil
	p.mu.Unlock()
	if err := p.closeLast(last); err != nil {
		return nil, err
	}
	resp, err = http.ReadResponse(r, req)
	p.mu.Lock()
	defer p.mu.Unlock()
	if err != nil {
		p.re = err
		return resp, err
	}
	p.lastbody = resp.Body
	p.nread++
	if resp.Close {
		p.re = ErrPersistEOF
		return resp, p.re
	}
	return resp, nil
}

// Do writes req and reads its response.
func (cc *ClientConn) Do(req *http.Request) (*http.Response, error) {
	if err := cc.Write(req); err != nil {
		return nil, err
	}
	return cc.Read(req)
}
