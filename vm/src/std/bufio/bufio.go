// Package bufio as minigo sees it, written in Go on top of io.Reader /
// io.Writer.
package bufio

import (
	"errors"
	"io"
	"unicode/utf8"
)

const defaultBufSize = 4096

const MaxScanTokenSize = 64 * 1024

var ErrTooLong = errors.New("bufio.Scanner: token too long")

type Reader struct {
	rd  io.Reader
	buf []byte
	r   int
	w   int
	err error
}

func NewReader(rd io.Reader) *Reader {
	return NewReaderSize(rd, defaultBufSize)
}

func NewReaderSize(rd io.Reader, size int) *Reader {
	if size < 16 {
		size = 16
	}
	return &Reader{rd: rd, buf: make([]byte, size)}
}

// fill reads one more chunk, compacting the buffer first.
func (b *Reader) fill() {
	if b.r > 0 {
		copy(b.buf, b.buf[b.r:b.w])
		b.w -= b.r
		b.r = 0
	}
	if b.w == len(b.buf) {
		nb := make([]byte, 2*len(b.buf))
		copy(nb, b.buf[:b.w])
		b.buf = nb
	}
	n, err := b.rd.Read(b.buf[b.w:])
	b.w += n
	if err != nil {
		b.err = err
	}
}

func (b *Reader) readErr() error {
	err := b.err
	b.err = nil
	return err
}

func (b *Reader) ReadString(delim byte) (string, error) {
	for {
		for i := b.r; i < b.w; i++ {
			if b.buf[i] == delim {
				s := string(b.buf[b.r : i+1])
				b.r = i + 1
				return s, nil
			}
		}
		if b.err != nil {
			s := string(b.buf[b.r:b.w])
			b.r = b.w
			return s, b.readErr()
		}
		b.fill()
	}
}

func (b *Reader) ReadBytes(delim byte) ([]byte, error) {
	s, err := b.ReadString(delim)
	return []byte(s), err
}

func (b *Reader) ReadByte() (byte, error) {
	for b.r == b.w {
		if b.err != nil {
			return 0, b.readErr()
		}
		b.fill()
	}
	c := b.buf[b.r]
	b.r++
	return c, nil
}

func (b *Reader) ReadRune() (r rune, size int, err error) {
	for b.r+utf8.UTFMax > b.w && !utf8.FullRune(b.buf[b.r:b.w]) && b.err == nil {
		b.fill()
	}
	if b.r == b.w {
		return 0, 0, b.readErr()
	}
	r, size = utf8.DecodeRune(b.buf[b.r:b.w])
	b.r += size
	return r, size, nil
}

func (b *Reader) Read(p []byte) (n int, err error) {
	if len(p) == 0 {
		return 0, nil
	}
	if b.r == b.w {
		if b.err != nil {
			return 0, b.readErr()
		}
		b.fill()
		if b.r == b.w {
			return 0, b.readErr()
		}
	}
	n = copy(p, b.buf[b.r:b.w])
	b.r += n
	return n, nil
}

func (b *Reader) ReadLine() (line []byte, isPrefix bool, err error) {
	s, err := b.ReadString('\n')
	if len(s) == 0 {
		return nil, false, err
	}
	if s[len(s)-1] == '\n' {
		s = s[:len(s)-1]
		if len(s) > 0 && s[len(s)-1] == '\r' {
			s = s[:len(s)-1]
		}
	}
	return []byte(s), false, nil
}

type Writer struct {
	wr  io.Writer
	buf []byte
	n   int
	err error
}

func NewWriter(w io.Writer) *Writer {
	return NewWriterSize(w, defaultBufSize)
}

func NewWriterSize(w io.Writer, size int) *Writer {
	if size <= 0 {
		size = defaultBufSize
	}
	return &Writer{wr: w, buf: make([]byte, size)}
}

func (b *Writer) Flush() error {
	if b.err != nil {
		return b.err
	}
	if b.n == 0 {
		return nil
	}
	n, err := b.wr.Write(b.buf[0:b.n])
	if n < b.n && err == nil {
		err = io.ErrShortWrite
	}
	if err != nil {
		if n > 0 && n < b.n {
			copy(b.buf[0:b.n-n], b.buf[n:b.n])
		}
		b.n -= n
		b.err = err
		return err
	}
	b.n = 0
	return nil
}

func (b *Writer) Available() int { return len(b.buf) - b.n }

func (b *Writer) Buffered() int { return b.n }

func (b *Writer) Write(p []byte) (nn int, err error) {
	for len(p) > b.Available() && b.err == nil {
		var n int
		if b.n == 0 {
			n, b.err = b.wr.Write(p)
		} else {
			n = copy(b.buf[b.n:], p)
			b.n += n
			b.Flush()
		}
		nn += n
		p = p[n:]
	}
	if b.err != nil {
		return nn, b.err
	}
	n := copy(b.buf[b.n:], p)
	b.n += n
	nn += n
	return nn, nil
}

func (b *Writer) WriteString(s string) (int, error) {
	return b.Write([]byte(s))
}

func (b *Writer) WriteByte(c byte) error {
	if b.err != nil {
		return b.err
	}
	if b.Available() <= 0 && b.Flush() != nil {
		return b.err
	}
	b.buf[b.n] = c
	b.n++
	return nil
}

func (b *Writer) WriteRune(r rune) (size int, err error) {
	return b.WriteString(string(r))
}

type SplitFunc func(data []byte, atEOF bool) (advance int, token []byte, err error)

type Scanner struct {
	r       io.Reader
	split   SplitFunc
	maxTok  int
	token   []byte
	buf     []byte
	start   int
	end     int
	err     error
	done    bool
	scanned bool
}

func NewScanner(r io.Reader) *Scanner {
	return &Scanner{r: r, split: ScanLines, maxTok: MaxScanTokenSize}
}

func (s *Scanner) Err() error {
	if s.err == io.EOF {
		return nil
	}
	return s.err
}

func (s *Scanner) Bytes() []byte { return s.token }

func (s *Scanner) Text() string { return string(s.token) }

func (s *Scanner) Buffer(buf []byte, max int) {
	if s.scanned {
		panic("Buffer called after Scan")
	}
	s.buf = buf[0:cap(buf)]
	s.maxTok = max
}

func (s *Scanner) Split(split SplitFunc) {
	if s.scanned {
		panic("Split called after Scan")
	}
	s.split = split
}

func (s *Scanner) Scan() bool {
	if s.done {
		return false
	}
	s.scanned = true
	for {
		if s.end > s.start || s.err != nil {
			advance, token, err := s.split(s.buf[s.start:s.end], s.err != nil)
			if err != nil {
				s.err = err
				s.done = true
				s.token = nil
				return false
			}
			s.start += advance
			if token != nil {
				s.token = token
				return true
			}
			if advance > 0 {
				continue
			}
		}
		if s.err != nil {
			s.start = 0
			s.end = 0
			s.done = true
			s.token = nil
			return false
		}
		if s.start > 0 && (s.end == len(s.buf) || s.start > len(s.buf)/2) {
			copy(s.buf, s.buf[s.start:s.end])
			s.end -= s.start
			s.start = 0
		}
		if s.end == len(s.buf) {
			if len(s.buf) >= s.maxTok {
				s.err = ErrTooLong
				s.done = true
				return false
			}
			newSize := len(s.buf) * 2
			if newSize == 0 {
				newSize = 4096
			}
			if newSize > s.maxTok {
				newSize = s.maxTok
			}
			nb := make([]byte, newSize)
			copy(nb, s.buf[s.start:s.end])
			s.end -= s.start
			s.start = 0
			s.buf = nb
		}
		n, err := s.r.Read(s.buf[s.end:len(s.buf)])
		s.end += n
		if err != nil {
			s.err = err
		}
	}
}

func dropCR(data []byte) []byte {
	if len(data) > 0 && data[len(data)-1] == '\r' {
		return data[0 : len(data)-1]
	}
	return data
}

func ScanLines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	if atEOF && len(data) == 0 {
		return 0, nil, nil
	}
	for i := 0; i < len(data); i++ {
		if data[i] == '\n' {
			return i + 1, dropCR(data[0:i]), nil
		}
	}
	if atEOF {
		return len(data), dropCR(data), nil
	}
	return 0, nil, nil
}

func ScanBytes(data []byte, atEOF bool) (advance int, token []byte, err error) {
	if atEOF && len(data) == 0 {
		return 0, nil, nil
	}
	return 1, data[0:1], nil
}

func ScanRunes(data []byte, atEOF bool) (advance int, token []byte, err error) {
	if atEOF && len(data) == 0 {
		return 0, nil, nil
	}
	if data[0] < utf8.RuneSelf {
		return 1, data[0:1], nil
	}
	if !atEOF && !utf8.FullRune(data) {
		return 0, nil, nil
	}
	_, width := utf8.DecodeRune(data)
	return width, data[0:width], nil
}

func isSpace(r rune) bool {
	if r <= '\u00FF' {
		switch r {
		case ' ', '\t', '\n', '\v', '\f', '\r':
			return true
		case '\u0085', '\u00A0':
			return true
		}
		return false
	}
	if '\u2000' <= r && r <= '\u200a' {
		return true
	}
	switch r {
	case '\u1680', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000':
		return true
	}
	return false
}

func ScanWords(data []byte, atEOF bool) (advance int, token []byte, err error) {
	start := 0
	for width := 0; start < len(data); start += width {
		var r rune
		r, width = utf8.DecodeRune(data[start:])
		if !isSpace(r) {
			break
		}
	}
	for width, i := 0, start; i < len(data); i += width {
		var r rune
		r, width = utf8.DecodeRune(data[i:])
		if isSpace(r) {
			return i + width, data[start:i], nil
		}
	}
	if atEOF && len(data) > start {
		return len(data), data[start:], nil
	}
	return start, nil, nil
}
