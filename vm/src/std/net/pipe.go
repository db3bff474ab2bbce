package net

// Pipe: an in-memory, synchronous, full-duplex connection. A Write
// blocks until readers have taken all of it (one Read takes at most one
// Write's bytes); closing either end ends both directions.

import (
	"io"
	"os"
	"sync"
	"time"
)

// pipeTimer is one direction's deadline: expired is closed once the
// deadline has passed, and replaced when the deadline moves forward.
type pipeTimer struct {
	mu      sync.Mutex
	t       *time.Timer
	expired chan struct{}
	gen     int
}

func newPipeTimer() *pipeTimer { return &pipeTimer{expired: make(chan struct{})} }

func chanClosed(c chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

func (d *pipeTimer) set(t time.Time) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.gen++
	if d.t != nil {
		d.t.Stop()
		d.t = nil
	}
	if chanClosed(d.expired) {
		d.expired = make(chan struct{})
	}
	if t.IsZero() {
		return
	}
	wait := time.Until(t)
	if wait <= 0 {
		close(d.expired)
		return
	}
	gen, ch := d.gen, d.expired
	d.t = time.AfterFunc(wait, func() {
		d.mu.Lock()
		if d.gen == gen && !chanClosed(ch) {
			close(ch)
		}
		d.mu.Unlock()
	})
}

func (d *pipeTimer) done() chan struct{} {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.expired
}

type pipeAddr struct{}

func (pipeAddr) Network() string { return "pipe" }
func (pipeAddr) String() string  { return "pipe" }

// pipeEnd is one end of a Pipe: it reads what the other end writes on
// in, acknowledging each chunk with the count taken on ack.
type pipeEnd struct {
	wmu sync.Mutex // one Write at a time, so its bytes stay together

	in     chan []byte
	inAck  chan int
	out    chan []byte
	outAck chan int

	closeOnce sync.Once
	mine      chan struct{} // closed by this end's Close
	peer      chan struct{} // closed by the other end's Close

	rd, wd *pipeTimer
}

// Pipe returns the two ends of an in-memory connection.
func Pipe() (Conn, Conn) {
	ab, ba := make(chan []byte), make(chan []byte)
	abAck, baAck := make(chan int), make(chan int)
	aDone, bDone := make(chan struct{}), make(chan struct{})
	a := &pipeEnd{in: ba, inAck: baAck, out: ab, outAck: abAck, mine: aDone, peer: bDone, rd: newPipeTimer(), wd: newPipeTimer()}
	b := &pipeEnd{in: ab, inAck: abAck, out: ba, outAck: baAck, mine: bDone, peer: aDone, rd: newPipeTimer(), wd: newPipeTimer()}
	return a, b
}

func (p *pipeEnd) LocalAddr() Addr  { return pipeAddr{} }
func (p *pipeEnd) RemoteAddr() Addr { return pipeAddr{} }

func (p *pipeEnd) Read(b []byte) (int, error) {
	n, err := p.read(b)
	if err != nil && err != io.EOF && err != io.ErrClosedPipe {
		return n, &OpError{Op: "read", Net: "pipe", Err: err}
	}
	return n, err
}

func (p *pipeEnd) read(b []byte) (int, error) {
	if chanClosed(p.mine) {
		return 0, io.ErrClosedPipe
	}
	if chanClosed(p.peer) {
		return 0, io.EOF
	}
	expired := p.rd.done()
	if chanClosed(expired) {
		return 0, os.ErrDeadlineExceeded
	}
	select {
	case chunk := <-p.in:
		n := copy(b, chunk)
		p.inAck <- n
		return n, nil
	case <-p.mine:
		return 0, io.ErrClosedPipe
	case <-p.peer:
		return 0, io.EOF
	case <-expired:
		return 0, os.ErrDeadlineExceeded
	}
}

func (p *pipeEnd) Write(b []byte) (int, error) {
	n, err := p.write(b)
	if err != nil && err != io.ErrClosedPipe {
		return n, &OpError{Op: "write", Net: "pipe", Err: err}
	}
	return n, err
}

func (p *pipeEnd) write(b []byte) (int, error) {
	if chanClosed(p.mine) || chanClosed(p.peer) {
		return 0, io.ErrClosedPipe
	}
	if chanClosed(p.wd.done()) {
		return 0, os.ErrDeadlineExceeded
	}
	p.wmu.Lock()
	defer p.wmu.Unlock()
	n := 0
	// An empty Write still hands one (empty) chunk to a reader.
	for first := true; first || len(b) > 0; first = false {
		select {
		case p.out <- b:
			k := <-p.outAck
			n += k
			b = b[k:]
		case <-p.mine:
			return n, io.ErrClosedPipe
		case <-p.peer:
			return n, io.ErrClosedPipe
		case <-p.wd.done():
			return n, os.ErrDeadlineExceeded
		}
	}
	return n, nil
}

func (p *pipeEnd) closedEither() bool { return chanClosed(p.mine) || chanClosed(p.peer) }

func (p *pipeEnd) SetDeadline(t time.Time) error {
	if p.closedEither() {
		return io.ErrClosedPipe
	}
	p.rd.set(t)
	p.wd.set(t)
	return nil
}

func (p *pipeEnd) SetReadDeadline(t time.Time) error {
	if p.closedEither() {
		return io.ErrClosedPipe
	}
	p.rd.set(t)
	return nil
}

func (p *pipeEnd) SetWriteDeadline(t time.Time) error {
	if p.closedEither() {
		return io.ErrClosedPipe
	}
	p.wd.set(t)
	return nil
}

func (p *pipeEnd) Close() error {
	p.closeOnce.Do(func() { close(p.mine) })
	return nil
}
