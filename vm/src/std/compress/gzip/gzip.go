package gzip

import (
	"compress/flate"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"time"
)

// These constants are copied from the flate package, so that code that
// imports compress/gzip does not also have to import compress/flate.
const (
	NoCompression      = flate.NoCompression
	BestSpeed          = flate.BestSpeed
	BestCompression    = flate.BestCompression
	DefaultCompression = flate.DefaultCompression
	HuffmanOnly        = flate.HuffmanOnly
)

// A Writer is an io.WriteCloser. Writes to a Writer are compressed and
// written to w.
type Writer struct {
	Header
	w           io.Writer
	level       int
	wroteHeader bool
	closed      bool
	compressor  *flate.Writer
	digest      uint32
	size        uint32
	err         error
}

// NewWriter returns a new Writer (DefaultCompression).
func NewWriter(w io.Writer) *Writer {
	z, _ := NewWriterLevel(w, DefaultCompression)
	return z
}

// NewWriterLevel is like NewWriter but specifies the compression level.
func NewWriterLevel(w io.Writer, level int) (*Writer, error) {
	if level < HuffmanOnly || level > BestCompression {
		return nil, fmt.Errorf("gzip: invalid compression level: %d", level)
	}
	z := new(Writer)
	z.init(w, level)
	return z, nil
}

func (z *Writer) init(w io.Writer, level int) {
	c := z.compressor
	if c != nil {
		c.Reset(w)
	}
	*z = Writer{Header: Header{OS: 255}, w: w, level: level, compressor: c}
}

// Reset discards the Writer z's state and makes it equivalent to the
// result of its original state from NewWriter or NewWriterLevel, but
// writing to w instead.
func (z *Writer) Reset(w io.Writer) {
	z.init(w, z.level)
}

func (z *Writer) gzLatin1(s string) error {
	b := make([]byte, 0, len(s)+1)
	for _, r := range s {
		if r == 0 || r > 0xff {
			return errors.New("gzip.Write: non-Latin-1 header string")
		}
		b = append(b, byte(r))
	}
	_, err := z.w.Write(append(b, 0))
	return err
}

func (z *Writer) gzHeader() error {
	var h [10]byte
	h[0], h[1], h[2] = gzID1, gzID2, gzDeflate
	if z.Extra != nil {
		h[3] |= gzFlagExtra
	}
	if z.Name != "" {
		h[3] |= gzFlagName
	}
	if z.Comment != "" {
		h[3] |= gzFlagComment
	}
	if z.ModTime.After(time.Unix(0, 0)) {
		gzPut32(h[4:8], uint32(z.ModTime.Unix()))
	}
	switch z.level {
	case BestCompression:
		h[8] = 2
	case BestSpeed:
		h[8] = 4
	}
	h[9] = z.OS
	if _, err := z.w.Write(h[:]); err != nil {
		return err
	}
	if z.Extra != nil {
		if len(z.Extra) > 0xffff {
			return errors.New("gzip.Write: Extra data is too large")
		}
		if _, err := z.w.Write([]byte{byte(len(z.Extra)), byte(len(z.Extra) >> 8)}); err != nil {
			return err
		}
		if _, err := z.w.Write(z.Extra); err != nil {
			return err
		}
	}
	if z.Name != "" {
		if err := z.gzLatin1(z.Name); err != nil {
			return err
		}
	}
	if z.Comment != "" {
		if err := z.gzLatin1(z.Comment); err != nil {
			return err
		}
	}
	return nil
}

// Write writes a compressed form of p to the underlying io.Writer. The
// compressed bytes are not necessarily flushed until the Writer is closed.
func (z *Writer) Write(p []byte) (int, error) {
	if z.err != nil {
		return 0, z.err
	}
	if !z.wroteHeader {
		z.wroteHeader = true
		if z.err = z.gzHeader(); z.err != nil {
			return 0, z.err
		}
		if z.compressor == nil {
			z.compressor, _ = flate.NewWriter(z.w, z.level)
		}
	}
	z.size += uint32(len(p))
	z.digest = crc32.Update(z.digest, crc32.IEEETable, p)
	var n int
	n, z.err = z.compressor.Write(p)
	return n, z.err
}

// Flush flushes any pending compressed data to the underlying writer.
func (z *Writer) Flush() error {
	if z.err != nil {
		return z.err
	}
	if z.closed {
		return nil
	}
	if !z.wroteHeader {
		z.Write(nil)
		if z.err != nil {
			return z.err
		}
	}
	z.err = z.compressor.Flush()
	return z.err
}

// Close closes the Writer by flushing any unwritten data to the
// underlying io.Writer and writing the GZIP footer. It does not close
// the underlying io.Writer.
func (z *Writer) Close() error {
	if z.err != nil {
		return z.err
	}
	if z.closed {
		return nil
	}
	z.closed = true
	if !z.wroteHeader {
		z.Write(nil)
		if z.err != nil {
			return z.err
		}
	}
	if z.err = z.compressor.Close(); z.err != nil {
		return z.err
	}
	var t [8]byte
	gzPut32(t[:4], z.digest)
	gzPut32(t[4:], z.size)
	_, z.err = z.w.Write(t[:])
	return z.err
}
