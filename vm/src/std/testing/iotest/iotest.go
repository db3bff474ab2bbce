// Package testing/iotest as minigo provides it, in Go: readers and
// writers that misbehave on purpose, for testing code that uses io.
package iotest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"
)

var ErrTimeout = errors.New("timeout")

type logReader struct {
	prefix string
	r      io.Reader
}

func (l *logReader) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	logIO(l.prefix, p[:n], err)
	return n, err
}

type logWriter struct {
	prefix string
	w      io.Writer
}

func (l *logWriter) Write(p []byte) (int, error) {
	n, err := l.w.Write(p)
	logIO(l.prefix, p[:n], err)
	return n, err
}

func logIO(prefix string, b []byte, err error) {
	if err != nil {
		log.Printf("%s %x: %v", prefix, b, err)
	} else {
		log.Printf("%s %x", prefix, b)
	}
}

// NewReadLogger logs every read of r (prefix, the bytes in hex, any error)
// with the log package's standard logger.
func NewReadLogger(prefix string, r io.Reader) io.Reader { return &logReader{prefix, r} }

// NewWriteLogger logs every write to w as NewReadLogger does reads.
func NewWriteLogger(prefix string, w io.Writer) io.Writer { return &logWriter{prefix, w} }

type oneByteReader struct{ r io.Reader }

func (o *oneByteReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	return o.r.Read(p[:1])
}

func OneByteReader(r io.Reader) io.Reader { return &oneByteReader{r} }

type halfReader struct{ r io.Reader }

func (h *halfReader) Read(p []byte) (int, error) { return h.r.Read(p[:(len(p)+1)/2]) }

func HalfReader(r io.Reader) io.Reader { return &halfReader{r} }

// dataErrReader holds back each chunk until the next read of the
// underlying reader, so the last data comes with the final error.
type dataErrReader struct {
	r       io.Reader
	pending []byte
	buf     []byte
}

func (d *dataErrReader) Read(p []byte) (n int, err error) {
	for {
		if len(d.pending) == 0 {
			k, e := d.r.Read(d.buf)
			d.pending = d.buf[:k]
			err = e
		}
		if n > 0 || err != nil {
			return n, err
		}
		n = copy(p, d.pending)
		d.pending = d.pending[n:]
	}
}

func DataErrReader(r io.Reader) io.Reader { return &dataErrReader{r: r, buf: make([]byte, 1024)} }

type timeoutReader struct {
	r     io.Reader
	reads int
}

func (t *timeoutReader) Read(p []byte) (int, error) {
	t.reads++
	if t.reads == 2 {
		return 0, ErrTimeout
	}
	return t.r.Read(p)
}

func TimeoutReader(r io.Reader) io.Reader { return &timeoutReader{r: r} }

type errReader struct{ err error }

func (e *errReader) Read(p []byte) (int, error) { return 0, e.err }

func ErrReader(err error) io.Reader { return &errReader{err} }

type truncateWriter struct {
	w    io.Writer
	left int64
}

func (t *truncateWriter) Write(p []byte) (int, error) {
	if t.left <= 0 {
		return len(p), nil
	}
	k := len(p)
	if int64(k) > t.left {
		k = int(t.left)
	}
	n, err := t.w.Write(p[:k])
	t.left -= int64(n)
	if err == nil {
		n = len(p)
	}
	return n, err
}

func TruncateWriter(w io.Writer, n int64) io.Writer { return &truncateWriter{w, n} }

// smallReader reads 1, 2, 3, 1, 2, 3... bytes at a time and names the
// offset in errors.
type smallReader struct {
	r      io.Reader
	off, k int
}

func (s *smallReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	s.k = s.k%3 + 1
	want := s.k
	if want > len(p) {
		want = len(p)
	}
	n, err := s.r.Read(p[:want])
	if err != nil && err != io.EOF {
		err = fmt.Errorf("Read(%d bytes at offset %d): %v", n, s.off, err)
	}
	s.off += n
	return n, err
}

func TestReader(r io.Reader, content []byte) error {
	if len(content) > 0 {
		if n, err := r.Read(nil); n != 0 || err != nil {
			return fmt.Errorf("Read(0) = %d, %v, want 0, nil", n, err)
		}
	}
	data, err := io.ReadAll(&smallReader{r: r})
	if err != nil {
		return err
	}
	if !bytes.Equal(data, content) {
		return fmt.Errorf("ReadAll(small amounts) = %q\n\twant %q", data, content)
	}
	if n, err := r.Read(make([]byte, 10)); n != 0 || err != io.EOF {
		return fmt.Errorf("Read(10) at EOF = %v, %v, want 0, EOF", n, err)
	}
	if rs, ok := r.(io.ReadSeeker); ok {
		if err := testSeeker(rs, content); err != nil {
			return err
		}
	}
	if ra, ok := r.(io.ReaderAt); ok {
		return testReaderAt(ra, content)
	}
	return nil
}

func testSeeker(r io.ReadSeeker, content []byte) error {
	size := len(content)
	third := size / 3
	mid := size - third
	if off, err := r.Seek(0, io.SeekCurrent); off != int64(size) || err != nil {
		return fmt.Errorf("Seek(0, 1) from EOF = %d, %v, want %d, nil", off, err, size)
	}
	if mid > 0 {
		if off, err := r.Seek(-1, io.SeekCurrent); off != int64(size-1) || err != nil {
			return fmt.Errorf("Seek(-1, 1) from EOF = %d, %v, want %d, nil", -off, err, size-1)
		}
		if off, err := r.Seek(int64(-third), io.SeekCurrent); off != int64(mid-1) || err != nil {
			return fmt.Errorf("Seek(%d, 1) from %d = %d, %v, want %d, nil", -third, size-1, off, err, mid-1)
		}
		if off, err := r.Seek(1, io.SeekCurrent); off != int64(mid) || err != nil {
			return fmt.Errorf("Seek(+1, 1) from %d = %d, %v, want %d, nil", mid-1, off, err, mid)
		}
	}
	if off, err := r.Seek(0, io.SeekCurrent); off != int64(mid) || err != nil {
		return fmt.Errorf("Seek(0, 1) from %d = %d, %v, want %d, nil", mid, off, err, mid)
	}
	readRest := func(from int) error {
		data, err := io.ReadAll(&smallReader{r: r})
		if err != nil {
			return fmt.Errorf("ReadAll from offset %d: %v", from, err)
		}
		if !bytes.Equal(data, content[from:]) {
			return fmt.Errorf("ReadAll from offset %d = %q\n\twant %q", from, data, content[from:])
		}
		return nil
	}
	if err := readRest(mid); err != nil {
		return err
	}
	if off, err := r.Seek(int64(mid/2), io.SeekStart); off != int64(mid/2) || err != nil {
		return fmt.Errorf("Seek(%d, 0) from EOF = %d, %v, want %d, nil", mid/2, off, err, mid/2)
	}
	if off, err := r.Seek(int64(-third), io.SeekEnd); off != int64(mid) || err != nil {
		return fmt.Errorf("Seek(%d, 2) from %d = %d, %v, want %d, nil", -third, mid/2, off, err, mid)
	}
	if err := readRest(mid); err != nil {
		return err
	}
	if off, err := r.Seek(int64(mid/2), io.SeekStart); off != int64(mid/2) || err != nil {
		return fmt.Errorf("Seek(%d, 0) from EOF = %d, %v, want %d, nil", mid/2, off, err, mid/2)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return fmt.Errorf("ReadAll from offset %d: %v", mid/2, err)
	}
	if !bytes.Equal(data, content[mid/2:]) {
		return fmt.Errorf("ReadAll from offset %d = %q\n\twant %q", mid/2, data, content[mid/2:])
	}
	return nil
}

func testReaderAt(r io.ReaderAt, content []byte) error {
	size := len(content)
	data := make([]byte, size, size+1)
	fill := func() {
		for i := range data {
			data[i] = 0xfe
		}
	}
	fill()
	n, err := r.ReadAt(data, 0)
	if n != size || err != nil && err != io.EOF {
		return fmt.Errorf("ReadAt(%d, 0) = %v, %v, want %d, nil or EOF", size, n, err, size)
	}
	if !bytes.Equal(data, content) {
		return fmt.Errorf("ReadAt(%d, 0) = %q\n\twant %q", size, data, content)
	}
	n, err = r.ReadAt(data[:1], int64(size))
	if n != 0 || err != io.EOF {
		return fmt.Errorf("ReadAt(1, %d) = %v, %v, want 0, EOF", size, n, err)
	}
	fill()
	n, err = r.ReadAt(data[:cap(data)], 0)
	if n != size || err != io.EOF {
		return fmt.Errorf("ReadAt(%d, 0) = %v, %v, want %d, EOF", cap(data), n, err, size)
	}
	if !bytes.Equal(data, content) {
		return fmt.Errorf("ReadAt(%d, 0) = %q\n\twant %q", size, data, content)
	}
	fill()
	for i := range data {
		n, err = r.ReadAt(data[i:i+1], int64(i))
		if n != 1 || err != nil && (i != size-1 || err != io.EOF) {
			want := "nil"
			if i == size-1 {
				want = "nil or EOF"
			}
			return fmt.Errorf("ReadAt(1, %d) = %v, %v, want 1, %s", i, n, err, want)
		}
		if data[i] != content[i] {
			return fmt.Errorf("ReadAt(1, %d) = %q want %q", i, data[i:i+1], content[i:i+1])
		}
	}
	return nil
}
