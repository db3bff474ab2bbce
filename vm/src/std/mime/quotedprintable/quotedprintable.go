// Package quotedprintable (mime/quotedprintable) as minigo provides it,
// in Go: the quoted-printable encoding of RFC 2045.
package quotedprintable

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// A Reader decodes quoted-printable data.
type Reader struct {
	br   *bufio.Reader
	rerr error  // the error of the last read of br
	line []byte // decoded next, before more of br
}

// NewReader returns a Reader decoding r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReader(r)}
}

func hexValue(b byte) (byte, error) {
	switch {
	case b >= '0' && b <= '9':
		return b - '0', nil
	case b >= 'A' && b <= 'F':
		return b - 'A' + 10, nil
	case b >= 'a' && b <= 'f':
		// Lower case is not RFC 2045 but is accepted.
		return b - 'a' + 10, nil
	}
	return 0, fmt.Errorf("quotedprintable: invalid hex byte 0x%02x", b)
}

func hexPair(v []byte) (byte, error) {
	if len(v) < 2 {
		return 0, io.ErrUnexpectedEOF
	}
	hi, err := hexValue(v[0])
	if err != nil {
		return 0, err
	}
	lo, err := hexValue(v[1])
	if err != nil {
		return 0, err
	}
	return hi<<4 | lo, nil
}

func isTrailingSpace(c byte) bool {
	return c == '\n' || c == '\r' || c == ' ' || c == '\t'
}

// nextLine loads the next line of input into r.line, trailing white
// space removed, a soft line break removed and a hard one kept.
func (r *Reader) nextLine() {
	whole, err := r.br.ReadSlice('\n')
	r.rerr = err
	hasLF := len(whole) > 0 && whole[len(whole)-1] == '\n'
	hasCRLF := bytes.HasSuffix(whole, []byte("\r\n"))
	end := len(whole)
	for end > 0 && isTrailingSpace(whole[end-1]) {
		end--
	}
	line := whole[:end]
	if end > 0 && line[end-1] == '=' {
		after := bytes.TrimLeft(whole[end:], " \t")
		line = line[:end-1]
		if !bytes.HasPrefix(after, []byte("\n")) && !bytes.HasPrefix(after, []byte("\r\n")) &&
			!(len(after) == 0 && len(line) > 0 && r.rerr == io.EOF) {
			r.rerr = fmt.Errorf("quotedprintable: invalid bytes after =: %q", after)
		}
	} else if hasLF {
		// A new slice: the bufio buffer must not be written.
		if hasCRLF {
			line = append(line[:end:end], '\r', '\n')
		} else {
			line = append(line[:end:end], '\n')
		}
	}
	r.line = line
}

// Read reads decoded bytes into p.
func (r *Reader) Read(p []byte) (n int, err error) {
	for len(p) > 0 {
		if len(r.line) == 0 {
			if r.rerr != nil {
				return n, r.rerr
			}
			r.nextLine()
			continue
		}
		b := r.line[0]
		switch {
		case b == '=':
			v, err := hexPair(r.line[1:])
			if err != nil {
				if len(r.line) >= 2 && r.line[1] != '\r' && r.line[1] != '\n' {
					// A lone '=' that is no escape stays as it is.
					b = '='
					break
				}
				return n, err
			}
			b = v
			r.line = r.line[2:]
		case b == '\t' || b == '\r' || b == '\n':
		case b >= 0x80:
			// Accepted, beyond RFC 2045.
		case b < ' ' || b > '~':
			return n, fmt.Errorf("quotedprintable: invalid unescaped byte 0x%02x in body", b)
		}
		p[0] = b
		p = p[1:]
		r.line = r.line[1:]
		n++
	}
	return n, nil
}

const lineMaxLen = 76

// A Writer is a quoted-printable encoder: an io.WriteCloser.
type Writer struct {
	// Binary mode treats line ends as binary data: they are encoded.
	Binary bool

	w    io.Writer
	n    int
	line [78]byte
	cr   bool
}

// NewWriter returns a Writer encoding to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: w}
}

// Write encodes p; lines are flushed as they fill up, the rest by Close.
func (w *Writer) Write(p []byte) (n int, err error) {
	for i, b := range p {
		if b >= '!' && b <= '~' && b != '=' || b == ' ' || b == '\t' || !w.Binary && (b == '\n' || b == '\r') {
			continue
		}
		if i > n {
			if err := w.writeLiteral(p[n:i]); err != nil {
				return n, err
			}
			n = i
		}
		if err := w.escape(b); err != nil {
			return n, err
		}
		n++
	}
	if n == len(p) {
		return n, nil
	}
	if err := w.writeLiteral(p[n:]); err != nil {
		return n, err
	}
	return len(p), nil
}

// Close flushes the last line; it does not close the underlying writer.
func (w *Writer) Close() error {
	if err := w.escapeTrailingSpace(); err != nil {
		return err
	}
	return w.flush()
}

func (w *Writer) writeLiteral(p []byte) error {
	for _, b := range p {
		if b == '\n' || b == '\r' {
			if w.cr && b == '\n' {
				w.cr = false
				continue
			}
			w.cr = b == '\r'
			if err := w.escapeTrailingSpace(); err != nil {
				return err
			}
			if err := w.newline(); err != nil {
				return err
			}
			continue
		}
		if w.n == lineMaxLen-1 {
			if err := w.softBreak(); err != nil {
				return err
			}
		}
		w.line[w.n] = b
		w.n++
		w.cr = false
	}
	return nil
}

const upperhex = "0123456789ABCDEF"

func (w *Writer) escape(b byte) error {
	if lineMaxLen-1-w.n < 3 {
		if err := w.softBreak(); err != nil {
			return err
		}
	}
	w.line[w.n] = '='
	w.line[w.n+1] = upperhex[b>>4]
	w.line[w.n+2] = upperhex[b&15]
	w.n += 3
	return nil
}

// escapeTrailingSpace encodes a space or tab ending the line.
func (w *Writer) escapeTrailingSpace() error {
	if w.n == 0 {
		return nil
	}
	b := w.line[w.n-1]
	if b == ' ' || b == '\t' {
		w.n--
		return w.escape(b)
	}
	return nil
}

func (w *Writer) softBreak() error {
	w.line[w.n] = '='
	w.n++
	return w.newline()
}

func (w *Writer) newline() error {
	w.line[w.n] = '\r'
	w.line[w.n+1] = '\n'
	w.n += 2
	return w.flush()
}

func (w *Writer) flush() error {
	if _, err := w.w.Write(w.line[:w.n]); err != nil {
		return err
	}
	w.n = 0
	return nil
}
