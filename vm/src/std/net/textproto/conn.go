package textproto

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"sync"
)

// An Error is a numeric error response of a server.
type Error struct {
	Code int
	Msg  string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%03d %q", e.Code, e.Msg)
}

// A ProtocolError is a protocol violation: an invalid response or a
// malformed header.
type ProtocolError string

func (p ProtocolError) Error() string {
	return string(p)
}

// A Conn is a text protocol connection: a Reader, a Writer and a
// Pipeline to order concurrent requests.
type Conn struct {
	Reader
	Writer
	Pipeline
	conn io.ReadWriteCloser
}

// NewConn returns a Conn using conn for I/O.
func NewConn(conn io.ReadWriteCloser) *Conn {
	return &Conn{
		Reader: Reader{R: bufio.NewReader(conn)},
		Writer: Writer{W: bufio.NewWriter(conn)},
		conn:   conn,
	}
}

// Close closes the connection.
func (c *Conn) Close() error {
	return c.conn.Close()
}

// Dial connects to addr on network with net.Dial and returns a Conn.
func Dial(network, addr string) (*Conn, error) {
	c, err := net.Dial(network, addr)
	if err != nil {
		return nil, err
	}
	return NewConn(c), nil
}

// Cmd waits its turn in the pipeline, sends the formatted command line,
// and returns the request id for StartResponse and EndResponse.
func (c *Conn) Cmd(format string, args ...any) (id uint, err error) {
	id = c.Next()
	c.StartRequest(id)
	err = c.PrintfLine(format, args...)
	c.EndRequest(id)
	if err != nil {
		return 0, err
	}
	return id, nil
}

// A Pipeline orders requests and responses on a connection: ids come from
// Next, and StartRequest/StartResponse wait until every earlier id has
// ended its request/response.
type Pipeline struct {
	mu       sync.Mutex
	id       uint
	request  sequencer
	response sequencer
}

// Next returns the next id of a request/response pair.
func (p *Pipeline) Next() uint {
	p.mu.Lock()
	id := p.id
	p.id++
	p.mu.Unlock()
	return id
}

// StartRequest blocks until it is id's turn to send its request.
func (p *Pipeline) StartRequest(id uint) { p.request.Start(id) }

// EndRequest lets the next request be sent.
func (p *Pipeline) EndRequest(id uint) { p.request.End(id) }

// StartResponse blocks until it is id's turn to read its response.
func (p *Pipeline) StartResponse(id uint) { p.response.Start(id) }

// EndResponse lets the next response be read.
func (p *Pipeline) EndResponse(id uint) { p.response.End(id) }

// A sequencer runs ids in order: Start(id) waits for End(id-1).
type sequencer struct {
	mu   sync.Mutex
	id   uint
	wait map[uint]chan struct{}
}

func (s *sequencer) Start(id uint) {
	s.mu.Lock()
	if s.id == id {
		s.mu.Unlock()
		return
	}
	c := make(chan struct{})
	if s.wait == nil {
		s.wait = make(map[uint]chan struct{})
	}
	s.wait[id] = c
	s.mu.Unlock()
	<-c
}

func (s *sequencer) End(id uint) {
	s.mu.Lock()
	if s.id != id {
		s.mu.Unlock()
		panic("out of sync")
	}
	id++
	s.id = id
	c, ok := s.wait[id]
	if ok {
		delete(s.wait, id)
	}
	s.mu.Unlock()
	if ok {
		close(c)
	}
}
