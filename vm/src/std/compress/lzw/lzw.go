// Package lzw implements the Lempel-Ziv-Welch compressed data format, as
// used by GIF, TIFF and PDF (variable-width codes up to 12 bits).
package lzw

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// Order specifies the bit ordering in an LZW data stream.
type Order int

const (
	// LSB means Least Significant Bits first, as used in the GIF file format.
	LSB Order = iota
	// MSB means Most Significant Bits first, as used in the TIFF and PDF
	// file formats.
	MSB
)

const (
	lzwMaxWidth = 12
	lzwNoCode   = 0xffff
	lzwTableLen = 1 << lzwMaxWidth
)

var errClosed = errors.New("lzw: reader/writer is closed")

// Reader is an io.Reader which can be used to read compressed data in the
// LZW format.
type Reader struct {
	src      io.ByteReader
	bits     uint32
	nBits    uint
	width    uint
	order    Order
	litWidth int
	err      error

	clear, eof, hi, overflow, last uint16
	suffix                         [lzwTableLen]uint8
	prefix                         [lzwTableLen]uint16

	out     []byte // decoded bytes not yet returned
	scratch [lzwTableLen]byte
}

func (r *Reader) readCode() (uint16, error) {
	for r.nBits < r.width {
		b, err := r.src.ReadByte()
		if err != nil {
			return 0, err
		}
		if r.order == LSB {
			r.bits |= uint32(b) << r.nBits
		} else {
			r.bits |= uint32(b) << (24 - r.nBits)
		}
		r.nBits += 8
	}
	var code uint16
	if r.order == LSB {
		code = uint16(r.bits & (1<<r.width - 1))
		r.bits >>= r.width
	} else {
		code = uint16(r.bits >> (32 - r.width))
		r.bits <<= r.width
	}
	r.nBits -= r.width
	return code, nil
}

// Read implements io.Reader, reading uncompressed bytes from its
// underlying reader.
func (r *Reader) Read(b []byte) (int, error) {
	for {
		if len(r.out) > 0 {
			n := copy(b, r.out)
			r.out = r.out[n:]
			return n, nil
		}
		if r.err != nil {
			return 0, r.err
		}
		r.decodeSome()
	}
}

// decodeSome decodes codes until about 4 KB are ready or the stream ends.
func (r *Reader) decodeSome() {
	out := r.out[:0]
	for len(out) < 4096 {
		code, err := r.readCode()
		if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			r.err = err
			break
		}
		if code == r.clear {
			r.width = uint(r.litWidth) + 1
			r.hi = r.eof
			r.overflow = 1 << r.width
			r.last = lzwNoCode
			continue
		}
		if code == r.eof {
			r.err = io.EOF
			break
		}
		if code < r.clear {
			out = append(out, uint8(code))
			if r.last != lzwNoCode {
				r.suffix[r.hi] = uint8(code)
				r.prefix[r.hi] = r.last
			}
		} else if code <= r.hi {
			// Expand the code backwards into scratch.
			i := len(r.scratch) - 1
			c := code
			if code == r.hi && r.last != lzwNoCode {
				first := r.last
				for first >= r.clear {
					first = r.prefix[first]
				}
				r.scratch[i] = uint8(first)
				i--
				c = r.last
			}
			for c >= r.clear {
				r.scratch[i] = r.suffix[c]
				i--
				c = r.prefix[c]
			}
			r.scratch[i] = uint8(c)
			out = append(out, r.scratch[i:]...)
			if r.last != lzwNoCode {
				r.suffix[r.hi] = uint8(c)
				r.prefix[r.hi] = r.last
			}
		} else {
			r.err = errors.New("lzw: invalid code")
			break
		}
		r.last = code
		r.hi++
		if r.hi >= r.overflow {
			if r.width == lzwMaxWidth {
				r.last = lzwNoCode
				r.hi--
			} else {
				r.width++
				r.overflow = 1 << r.width
			}
		}
	}
	r.out = out
}

// Close closes the Reader and returns an error for any future read
// operation. It does not close the underlying io.Reader.
func (r *Reader) Close() error {
	r.err = errClosed
	return nil
}

// Reset clears the Reader's state and allows it to be reused again as a
// new Reader.
func (r *Reader) Reset(src io.Reader, order Order, litWidth int) {
	*r = Reader{}
	r.init(src, order, litWidth)
}

func (r *Reader) init(src io.Reader, order Order, litWidth int) {
	r.order = order
	switch order {
	case LSB, MSB:
	default:
		r.err = errors.New("lzw: unknown order")
		return
	}
	if litWidth < 2 || litWidth > 8 {
		r.err = fmt.Errorf("lzw: litWidth %d out of range", litWidth)
		return
	}
	if br, ok := src.(io.ByteReader); ok {
		r.src = br
	} else {
		r.src = bufio.NewReader(src)
	}
	r.litWidth = litWidth
	r.width = uint(litWidth) + 1
	r.clear = uint16(1) << uint(litWidth)
	r.eof, r.hi = r.clear+1, r.clear+1
	r.overflow = uint16(1) << r.width
	r.last = lzwNoCode
}

// NewReader creates a new io.ReadCloser. Reads from the returned
// io.ReadCloser read and decompress data from r. litWidth is the number of
// bits to use for literal codes, in the range [2,8].
func NewReader(r io.Reader, order Order, litWidth int) io.ReadCloser {
	lr := new(Reader)
	lr.init(r, order, litWidth)
	return lr
}

// Writer is an LZW compressor. It writes the compressed form of the data
// to an underlying writer.
type Writer struct {
	w        lzwByteWriter
	order    Order
	litWidth uint
	bits     uint32
	nBits    uint
	width    uint
	hi       uint32
	overflow uint32
	saved    uint32
	started  bool
	err      error
	table    map[uint32]uint32
}

func (w *Writer) emit(code uint32) error {
	if w.order == LSB {
		w.bits |= code << w.nBits
		w.nBits += w.width
		for w.nBits >= 8 {
			if err := w.w.WriteByte(uint8(w.bits)); err != nil {
				return err
			}
			w.bits >>= 8
			w.nBits -= 8
		}
	} else {
		w.bits |= code << (32 - w.width - w.nBits)
		w.nBits += w.width
		for w.nBits >= 8 {
			if err := w.w.WriteByte(uint8(w.bits >> 24)); err != nil {
				return err
			}
			w.bits <<= 8
			w.nBits -= 8
		}
	}
	return nil
}

type lzwByteWriter interface {
	io.ByteWriter
	Flush() error
}

var errOutOfCodes = errors.New("lzw: out of codes")

// nextCode advances the next implied code, widening codes as needed and
// starting over with a clear code when the table is full.
func (w *Writer) nextCode() error {
	w.hi++
	if w.hi == w.overflow {
		w.width++
		w.overflow <<= 1
	}
	if w.hi == lzwTableLen-1 {
		clear := uint32(1) << w.litWidth
		if err := w.emit(clear); err != nil {
			return err
		}
		w.width = w.litWidth + 1
		w.hi = clear + 1
		w.overflow = clear << 1
		clear2 := w.table
		for k := range clear2 {
			delete(clear2, k)
		}
		return errOutOfCodes
	}
	return nil
}

// Write writes a compressed representation of p to w's underlying writer.
func (w *Writer) Write(p []byte) (n int, err error) {
	if w.err != nil {
		return 0, w.err
	}
	if len(p) == 0 {
		return 0, nil
	}
	if maxLit := uint8(1<<w.litWidth - 1); maxLit != 0xff {
		for _, x := range p {
			if x > maxLit {
				w.err = errors.New("lzw: input byte too large for the litWidth")
				return 0, w.err
			}
		}
	}
	n = len(p)
	code := w.saved
	if !w.started {
		w.started = true
		if err := w.emit(uint32(1) << w.litWidth); err != nil {
			w.err = err
			return 0, err
		}
		code = uint32(p[0])
		p = p[1:]
	}
	for _, x := range p {
		key := code<<8 | uint32(x)
		if c, ok := w.table[key]; ok {
			code = c
			continue
		}
		if err := w.emit(code); err != nil {
			w.err = err
			return 0, err
		}
		code = uint32(x)
		if err := w.nextCode(); err != nil {
			if err == errOutOfCodes {
				continue
			}
			w.err = err
			return 0, err
		}
		w.table[key] = w.hi
	}
	w.saved = code
	return n, nil
}

// Close closes the Writer, flushing any pending output. It does not close
// w's underlying writer.
func (w *Writer) Close() error {
	if w.err != nil {
		if w.err == errClosed {
			return nil
		}
		return w.err
	}
	w.err = errClosed
	if w.started {
		if err := w.emit(w.saved); err != nil {
			return err
		}
		if err := w.nextCode(); err != nil && err != errOutOfCodes {
			return err
		}
	} else {
		if err := w.emit(uint32(1) << w.litWidth); err != nil {
			return err
		}
	}
	if err := w.emit(uint32(1)<<w.litWidth + 1); err != nil {
		return err
	}
	if w.nBits > 0 {
		if w.order == MSB {
			w.bits >>= 24
		}
		if err := w.w.WriteByte(uint8(w.bits)); err != nil {
			return err
		}
	}
	return w.w.Flush()
}

// Reset clears the Writer's state and allows it to be reused again as a
// new Writer.
func (w *Writer) Reset(dst io.Writer, order Order, litWidth int) {
	*w = Writer{}
	w.init(dst, order, litWidth)
}

func (w *Writer) init(dst io.Writer, order Order, litWidth int) {
	switch order {
	case LSB, MSB:
	default:
		w.err = errors.New("lzw: unknown order")
		return
	}
	if litWidth < 2 || litWidth > 8 {
		w.err = fmt.Errorf("lzw: litWidth %d out of range", litWidth)
		return
	}
	if bw, ok := dst.(lzwByteWriter); ok {
		w.w = bw
	} else {
		w.w = bufio.NewWriter(dst)
	}
	w.order = order
	w.litWidth = uint(litWidth)
	w.width = uint(litWidth) + 1
	w.hi = uint32(1)<<uint(litWidth) + 1
	w.overflow = uint32(1) << (uint(litWidth) + 1)
	w.table = make(map[uint32]uint32)
}

// NewWriter creates a new io.WriteCloser. Writes to the returned
// io.WriteCloser are compressed and written to w. litWidth is the number
// of bits to use for literal codes, in the range [2,8].
func NewWriter(w io.Writer, order Order, litWidth int) io.WriteCloser {
	lw := new(Writer)
	lw.init(w, order, litWidth)
	return lw
}
