package textproto

import (
	"bufio"
	"fmt"
	"io"
)

// A Writer writes requests or responses of a text protocol.
type Writer struct {
	W   *bufio.Writer
	dot *dotWriter
}

// NewWriter returns a Writer writing to w.
func NewWriter(w *bufio.Writer) *Writer {
	return &Writer{W: w}
}

// PrintfLine writes a formatted line followed by \r\n and flushes.
func (w *Writer) PrintfLine(format string, args ...any) error {
	w.closeDot()
	fmt.Fprintf(w.W, format, args...)
	w.W.WriteString("\r\n")
	return w.W.Flush()
}

// DotWriter returns a writer of a dot-encoded block: "\n" becomes
// "\r\n", a leading dot is doubled, and Close ends the block with a line
// holding a single dot. The next call of a Writer method closes it first.
func (w *Writer) DotWriter() io.WriteCloser {
	w.closeDot()
	w.dot = &dotWriter{w: w}
	return w.dot
}

func (w *Writer) closeDot() {
	if w.dot != nil {
		w.dot.Close()
	}
}

const (
	dwBegin     = iota // nothing written yet
	dwLineStart        // at the start of a line
	dwCR               // just wrote a \r
	dwInLine           // inside a line
)

type dotWriter struct {
	w     *Writer
	state int
}

func (d *dotWriter) Write(b []byte) (n int, err error) {
	bw := d.w.W
	for n < len(b) {
		c := b[n]
		switch d.state {
		case dwBegin, dwLineStart:
			if c == '.' {
				bw.WriteByte('.')
			}
			d.state = dwInLine
			if c == '\r' {
				d.state = dwCR
			} else if c == '\n' {
				bw.WriteByte('\r')
				d.state = dwLineStart
			}
		case dwInLine:
			if c == '\r' {
				d.state = dwCR
			} else if c == '\n' {
				bw.WriteByte('\r')
				d.state = dwLineStart
			}
		case dwCR:
			d.state = dwInLine
			if c == '\n' {
				d.state = dwLineStart
			}
		}
		if err = bw.WriteByte(c); err != nil {
			break
		}
		n++
	}
	return
}

func (d *dotWriter) Close() error {
	if d.w.dot == d {
		d.w.dot = nil
	}
	bw := d.w.W
	switch d.state {
	case dwBegin, dwInLine:
		bw.WriteString("\r\n")
	case dwCR:
		bw.WriteByte('\n')
	}
	bw.WriteString(".\r\n")
	return bw.Flush()
}
