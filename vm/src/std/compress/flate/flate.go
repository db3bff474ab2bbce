// Package flate (compress/flate) as minigo provides it: the DEFLATE
// format of RFC 1951. The decoder is a native engine that Go code feeds
// piece by piece, never reading past the end of a stream; the encoder
// is the flate2 crate's (valid DEFLATE, not byte for byte Go's output).
package flate

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
)

const (
	NoCompression      = 0
	BestSpeed          = 1
	BestCompression    = 9
	DefaultCompression = -1

	// HuffmanOnly disables Lempel-Ziv match searching and only performs
	// Huffman entropy encoding.
	HuffmanOnly = -2
)

// Natives over the engines (vm/src/std/compress/flate/mod.rs).
func newInflater(dict []byte) int
func resetInflater(h int, dict []byte)
func inflate(h int, in []byte) ([]byte, int, int, int)
func newDeflater(level int) int
func resetDeflater(h int)
func deflate(h int, in []byte, mode int) []byte

// A CorruptInputError reports the presence of corrupt input at a given offset.
type CorruptInputError int64

func (e CorruptInputError) Error() string {
	return "flate: corrupt input before offset " + strconv.FormatInt(int64(e), 10)
}

// An InternalError reports an error in the flate code itself.
type InternalError string

func (e InternalError) Error() string { return "flate: internal error: " + string(e) }

// A ReadError reports an error encountered while reading input.
//
// Deprecated: No longer returned.
type ReadError struct {
	Offset int64 // byte offset where error occurred
	Err    error // error returned by underlying Read
}

func (e *ReadError) Error() string {
	return "flate: read error at offset " + strconv.FormatInt(e.Offset, 10) + ": " + e.Err.Error()
}

// A WriteError reports an error encountered while writing output.
//
// Deprecated: No longer returned.
type WriteError struct {
	Offset int64 // byte offset where error occurred
	Err    error // error returned by underlying Write
}

func (e *WriteError) Error() string {
	return "flate: write error at offset " + strconv.FormatInt(e.Offset, 10) + ": " + e.Err.Error()
}

// Resetter resets a ReadCloser returned by NewReader or NewReaderDict
// to switch to a new underlying Reader.
type Resetter interface {
	Reset(r io.Reader, dict []byte) error
}

// The actual read interface needed by NewReader. If the passed in
// io.Reader does not also have ReadByte, the NewReader will introduce
// its own buffering.
type Reader interface {
	io.Reader
	io.ByteReader
}

// decompressor feeds the engine from one of four kinds of source: a
// *bufio.Reader (Peek, then Discard what the engine took), a
// *bytes.Buffer (its unread bytes, then Next), a byte reader that can
// seek (read ahead, seek back what was left at the end), or any other
// byte reader (a byte at a time). None loses a byte past the stream.
type decompressor struct {
	eng     int
	br      *bufio.Reader
	bb      *bytes.Buffer
	seeker  io.ReadSeeker
	bytes   io.ByteReader
	pending []byte
	need    int
	toRead  []byte
	err     error
}

func (f *decompressor) setSource(r io.Reader) {
	f.br, f.bb, f.seeker, f.bytes, f.pending, f.need = nil, nil, nil, nil, nil, 1
	if bb, ok := r.(*bytes.Buffer); ok {
		// Its unread bytes serve as the peeked input, Next as Discard.
		f.bb = bb
		return
	}
	if br, ok := r.(*bufio.Reader); ok && br.Size() >= 1024 {
		// Peek serves every unit (a block header is under 300 bytes).
		f.br = br
		return
	}
	if rb, ok := r.(Reader); ok {
		if rs, ok := r.(io.ReadSeeker); ok {
			f.seeker = rs
			return
		}
		f.bytes = rb
		return
	}
	f.br = bufio.NewReader(r)
}

// input returns at least f.need bytes of input (or the error that kept
// them from coming).
func (f *decompressor) input() ([]byte, error) {
	if f.bb != nil {
		if f.bb.Len() < f.need {
			return nil, io.EOF
		}
		in := f.bb.Bytes()
		if n := max(f.need, 32<<10); len(in) > n {
			in = in[:n]
		}
		return in, nil
	}
	if f.br != nil {
		if f.br.Buffered() < f.need {
			if _, err := f.br.Peek(f.need); err != nil && f.br.Buffered() < f.need {
				return nil, err
			}
		}
		return f.br.Peek(f.br.Buffered())
	}
	for len(f.pending) < f.need {
		if f.seeker != nil {
			var buf [4096]byte
			n, err := f.seeker.Read(buf[:])
			f.pending = append(f.pending, buf[:n]...)
			if err != nil && len(f.pending) < f.need {
				return nil, err
			}
			continue
		}
		c, err := f.bytes.ReadByte()
		if err != nil {
			return nil, err
		}
		f.pending = append(f.pending, c)
	}
	return f.pending, nil
}

func (f *decompressor) step() {
	in, err := f.input()
	if err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		f.err = err
		return
	}
	out, used, status, off := inflate(f.eng, in)
	if f.br != nil {
		f.br.Discard(used)
	} else if f.bb != nil {
		f.bb.Next(used)
	} else {
		f.pending = f.pending[used:]
	}
	f.toRead = out
	f.need = 1
	switch status {
	case 0:
		f.need = len(in) - used + 1
	case 2:
		f.err = io.EOF
		if f.seeker != nil && len(f.pending) > 0 {
			f.seeker.Seek(-int64(len(f.pending)), io.SeekCurrent)
			f.pending = nil
		}
	case 3:
		f.err = CorruptInputError(off)
	}
}

func (f *decompressor) Read(b []byte) (int, error) {
	for {
		if len(f.toRead) > 0 {
			n := copy(b, f.toRead)
			f.toRead = f.toRead[n:]
			if len(f.toRead) == 0 {
				return n, f.err
			}
			return n, nil
		}
		if f.err != nil {
			return 0, f.err
		}
		f.step()
		if f.err != nil && len(f.toRead) == 0 {
			return 0, f.err
		}
	}
}

func (f *decompressor) Close() error {
	if f.err == io.EOF {
		return nil
	}
	return f.err
}

func (f *decompressor) Reset(r io.Reader, dict []byte) error {
	resetInflater(f.eng, dict)
	f.setSource(r)
	f.toRead, f.err = nil, nil
	return nil
}

// NewReader returns a new ReadCloser that can be used to read the
// uncompressed version of r. If r does not also implement io.ByteReader,
// the decompressor may read more data than necessary from r. The
// ReadCloser returned by NewReader also implements Resetter.
func NewReader(r io.Reader) io.ReadCloser {
	return NewReaderDict(r, nil)
}

// NewReaderDict is like NewReader but initializes the reader with a
// preset dictionary.
func NewReaderDict(r io.Reader, dict []byte) io.ReadCloser {
	f := &decompressor{eng: newInflater(dict)}
	f.setSource(r)
	return f
}

var errWriterClosed = errors.New("flate: closed writer")

// A Writer takes data written to it and writes the compressed form of
// that data to an underlying writer (see NewWriter).
type Writer struct {
	eng   int
	w     io.Writer
	level int
	dict  []byte
	err   error
}

// NewWriter returns a new Writer compressing data at the given level
// (-2 to 9: HuffmanOnly, DefaultCompression, NoCompression to
// BestCompression).
func NewWriter(w io.Writer, level int) (*Writer, error) {
	if level < HuffmanOnly || level > BestCompression {
		return nil, fmt.Errorf("flate: invalid compression level %d: want value in range [-2, 9]", level)
	}
	return &Writer{eng: newDeflater(level), w: w, level: level}, nil
}

// NewWriterDict is like NewWriter but initializes the new Writer with a
// preset dictionary. The compressed data can only be read by a Reader
// initialized with the same dictionary.
func NewWriterDict(w io.Writer, level int, dict []byte) (*Writer, error) {
	zw, err := NewWriter(w, level)
	if err != nil {
		return nil, err
	}
	zw.dict = append([]byte(nil), dict...)
	zw.primeDict()
	return zw, nil
}

// primeDict makes the engine's history hold the dictionary: it is
// compressed and flushed to a byte boundary (the block is not final),
// and that output is dropped, so what follows may refer back into it.
func (w *Writer) primeDict() {
	if len(w.dict) > 0 {
		deflate(w.eng, w.dict, 1)
	}
}

func (w *Writer) emit(out []byte) error {
	if len(out) > 0 {
		if _, err := w.w.Write(out); err != nil {
			w.err = err
			return err
		}
	}
	return nil
}

// Write writes data to w, which will eventually write the compressed
// form of data to its underlying writer.
func (w *Writer) Write(data []byte) (n int, err error) {
	if w.err != nil {
		return 0, w.err
	}
	if err := w.emit(deflate(w.eng, data, 0)); err != nil {
		return 0, err
	}
	return len(data), nil
}

// Flush flushes any pending data to the underlying writer, ending with a
// sync marker (an empty stored block).
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	return w.emit(deflate(w.eng, nil, 1))
}

// Close flushes and closes the writer.
func (w *Writer) Close() error {
	if w.err == errWriterClosed {
		return nil
	}
	if w.err != nil {
		return w.err
	}
	if err := w.emit(deflate(w.eng, nil, 2)); err != nil {
		return err
	}
	w.err = errWriterClosed
	return nil
}

// Reset discards the writer's state and makes it equivalent to the
// result of NewWriter or NewWriterDict called with dst and w's level and
// dictionary.
func (w *Writer) Reset(dst io.Writer) {
	resetDeflater(w.eng)
	w.w = dst
	w.err = nil
	w.primeDict()
}
