// Package zlib (compress/zlib) as minigo provides it, in Go over
// compress/flate: the zlib format of RFC 1950.
package zlib

import (
	"bufio"
	"compress/flate"
	"errors"
	"hash"
	"hash/adler32"
	"io"
)

var (
	// ErrChecksum is returned when reading ZLIB data that has an invalid checksum.
	ErrChecksum = errors.New("zlib: invalid checksum")
	// ErrDictionary is returned when reading ZLIB data that has an invalid dictionary.
	ErrDictionary = errors.New("zlib: invalid dictionary")
	// ErrHeader is returned when reading ZLIB data that has an invalid header.
	ErrHeader = errors.New("zlib: invalid header")
)

func zlBE32(b []byte) uint32 {
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}

type reader struct {
	r            flate.Reader
	decompressor io.ReadCloser
	digest       hash.Hash32
	err          error
}

// Resetter resets a ReadCloser returned by NewReader or NewReaderDict to
// switch to a new underlying Reader.
type Resetter interface {
	Reset(r io.Reader, dict []byte) error
}

// NewReader creates a new ReadCloser reading the zlib data of r.
func NewReader(r io.Reader) (io.ReadCloser, error) {
	return NewReaderDict(r, nil)
}

// NewReaderDict is like NewReader but uses a preset dictionary.
func NewReaderDict(r io.Reader, dict []byte) (io.ReadCloser, error) {
	z := new(reader)
	if err := z.Reset(r, dict); err != nil {
		return nil, err
	}
	return z, nil
}

func zlNoEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

func (z *reader) Read(p []byte) (int, error) {
	if z.err != nil {
		return 0, z.err
	}
	var n int
	n, z.err = z.decompressor.Read(p)
	z.digest.Write(p[:n])
	if z.err != io.EOF {
		return n, z.err
	}
	var sum [4]byte
	if _, err := io.ReadFull(z.r, sum[:]); err != nil {
		z.err = zlNoEOF(err)
		return n, z.err
	}
	if zlBE32(sum[:]) != z.digest.Sum32() {
		z.err = ErrChecksum
		return n, z.err
	}
	return n, io.EOF
}

// Close does not close the wrapped io.Reader originally passed to NewReader.
func (z *reader) Close() error {
	if z.err != nil && z.err != io.EOF {
		return z.err
	}
	z.err = z.decompressor.Close()
	return z.err
}

func (z *reader) Reset(r io.Reader, dict []byte) error {
	*z = reader{decompressor: z.decompressor}
	if fr, ok := r.(flate.Reader); ok {
		z.r = fr
	} else {
		z.r = bufio.NewReader(r)
	}
	var h [4]byte
	if _, z.err = io.ReadFull(z.r, h[:2]); z.err != nil {
		z.err = zlNoEOF(z.err)
		return z.err
	}
	if h[0]&0x0f != 8 || h[0]>>4 > 7 || (uint16(h[0])<<8|uint16(h[1]))%31 != 0 {
		z.err = ErrHeader
		return z.err
	}
	withDict := h[1]&0x20 != 0
	if withDict {
		if _, z.err = io.ReadFull(z.r, h[:]); z.err != nil {
			z.err = zlNoEOF(z.err)
			return z.err
		}
		if zlBE32(h[:]) != adler32.Checksum(dict) {
			z.err = ErrDictionary
			return z.err
		}
	}
	if z.decompressor == nil {
		if withDict {
			z.decompressor = flate.NewReaderDict(z.r, dict)
		} else {
			z.decompressor = flate.NewReader(z.r)
		}
	} else {
		z.decompressor.(flate.Resetter).Reset(z.r, dict)
	}
	z.digest = adler32.New()
	return nil
}
