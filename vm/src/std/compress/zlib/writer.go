package zlib

import (
	"compress/flate"
	"fmt"
	"hash"
	"hash/adler32"
	"io"
)

// These constants are copied from the flate package, so that code that
// imports compress/zlib does not also have to import compress/flate.
const (
	NoCompression      = flate.NoCompression
	BestSpeed          = flate.BestSpeed
	BestCompression    = flate.BestCompression
	DefaultCompression = flate.DefaultCompression
	HuffmanOnly        = flate.HuffmanOnly
)

// A Writer takes data written to it and writes the compressed form of
// that data to an underlying writer (see NewWriter).
type Writer struct {
	w           io.Writer
	level       int
	dict        []byte
	compressor  *flate.Writer
	digest      hash.Hash32
	err         error
	wroteHeader bool
}

// NewWriter creates a new Writer (DefaultCompression).
func NewWriter(w io.Writer) *Writer {
	z, _ := NewWriterLevelDict(w, DefaultCompression, nil)
	return z
}

// NewWriterLevel is like NewWriter but specifies the compression level.
func NewWriterLevel(w io.Writer, level int) (*Writer, error) {
	return NewWriterLevelDict(w, level, nil)
}

// NewWriterLevelDict is like NewWriterLevel but specifies a dictionary
// to compress with.
func NewWriterLevelDict(w io.Writer, level int, dict []byte) (*Writer, error) {
	if level < HuffmanOnly || level > BestCompression {
		return nil, fmt.Errorf("zlib: invalid compression level: %d", level)
	}
	return &Writer{w: w, level: level, dict: dict}, nil
}

// Reset clears the state of the Writer z such that it is equivalent to
// its initial state from NewWriterLevel or NewWriterLevelDict, but
// instead writing to w.
func (z *Writer) Reset(w io.Writer) {
	z.w = w
	if z.compressor != nil {
		z.compressor.Reset(w)
	}
	if z.digest != nil {
		z.digest.Reset()
	}
	z.err = nil
	z.wroteHeader = false
}

func (z *Writer) writeHeader() error {
	z.wroteHeader = true
	var h [2]byte
	h[0] = 0x78
	switch z.level {
	case -2, 0, 1:
		h[1] = 0
	case 2, 3, 4, 5:
		h[1] = 1 << 6
	case 6, -1:
		h[1] = 2 << 6
	default:
		h[1] = 3 << 6
	}
	if z.dict != nil {
		h[1] |= 1 << 5
	}
	h[1] += uint8(31 - (uint16(h[0])<<8|uint16(h[1]))%31)
	if _, err := z.w.Write(h[:]); err != nil {
		return err
	}
	if z.dict != nil {
		s := adler32.Checksum(z.dict)
		if _, err := z.w.Write([]byte{byte(s >> 24), byte(s >> 16), byte(s >> 8), byte(s)}); err != nil {
			return err
		}
	}
	if z.compressor == nil {
		var err error
		if z.compressor, err = flate.NewWriterDict(z.w, z.level, z.dict); err != nil {
			return err
		}
		z.digest = adler32.New()
	}
	return nil
}

// Write writes a compressed form of p to the underlying io.Writer.
func (z *Writer) Write(p []byte) (n int, err error) {
	if !z.wroteHeader {
		z.err = z.writeHeader()
	}
	if z.err != nil {
		return 0, z.err
	}
	if len(p) == 0 {
		return 0, nil
	}
	n, err = z.compressor.Write(p)
	if err != nil {
		z.err = err
		return
	}
	z.digest.Write(p)
	return
}

// Flush flushes the Writer to its underlying io.Writer.
func (z *Writer) Flush() error {
	if !z.wroteHeader {
		z.err = z.writeHeader()
	}
	if z.err != nil {
		return z.err
	}
	z.err = z.compressor.Flush()
	return z.err
}

// Close closes the Writer, flushing any unwritten data to the underlying
// io.Writer, but does not close the underlying io.Writer.
func (z *Writer) Close() error {
	if !z.wroteHeader {
		z.err = z.writeHeader()
	}
	if z.err != nil {
		return z.err
	}
	if z.err = z.compressor.Close(); z.err != nil {
		return z.err
	}
	s := z.digest.Sum32()
	_, z.err = z.w.Write([]byte{byte(s >> 24), byte(s >> 16), byte(s >> 8), byte(s)})
	return z.err
}
