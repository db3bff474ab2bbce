// Package gzip (compress/gzip) as minigo provides it, in Go over
// compress/flate: the gzip format of RFC 1952.
package gzip

import (
	"bufio"
	"compress/flate"
	"errors"
	"hash/crc32"
	"io"
	"time"
)

const (
	gzID1     = 0x1f
	gzID2     = 0x8b
	gzDeflate = 8

	gzFlagText    = 1 << 0
	gzFlagHdrCrc  = 1 << 1
	gzFlagExtra   = 1 << 2
	gzFlagName    = 1 << 3
	gzFlagComment = 1 << 4
)

var (
	// ErrChecksum is returned when reading GZIP data that has an invalid checksum.
	ErrChecksum = errors.New("gzip: invalid checksum")
	// ErrHeader is returned when reading GZIP data that has an invalid header.
	ErrHeader = errors.New("gzip: invalid header")
)

func gzNoEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

func gzLE16(b []byte) uint16 { return uint16(b[0]) | uint16(b[1])<<8 }

func gzLE32(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

func gzPut32(b []byte, v uint32) {
	b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
}

// The gzip file stores a header giving metadata about the compressed file.
type Header struct {
	Comment string    // comment
	Extra   []byte    // "extra data"
	ModTime time.Time // modification time
	Name    string    // file name
	OS      byte      // operating system type
}

// A Reader is an io.Reader that can be read to retrieve uncompressed
// data from a gzip-format compressed file.
type Reader struct {
	Header
	r            flate.Reader
	decompressor io.ReadCloser
	digest       uint32
	size         uint32
	err          error
	multistream  bool
}

// NewReader creates a new Reader reading the given reader.
func NewReader(r io.Reader) (*Reader, error) {
	z := new(Reader)
	if err := z.Reset(r); err != nil {
		return nil, err
	}
	return z, nil
}

// Reset discards the Reader z's state and makes it equivalent to the
// result of its original state from NewReader, but reading from r instead.
func (z *Reader) Reset(r io.Reader) error {
	dec := z.decompressor
	*z = Reader{decompressor: dec, multistream: true}
	if fr, ok := r.(flate.Reader); ok {
		z.r = fr
	} else {
		z.r = bufio.NewReader(r)
	}
	z.Header, z.err = z.readHeader()
	return z.err
}

// Multistream controls whether the reader supports multistream files.
func (z *Reader) Multistream(ok bool) {
	z.multistream = ok
}

// gzString reads a zero-terminated Latin-1 string.
func (z *Reader) gzString() (string, error) {
	var b []byte
	latin := false
	for {
		if len(b) >= 512 {
			return "", ErrHeader
		}
		c, err := z.r.ReadByte()
		if err != nil {
			return "", err
		}
		if c == 0 {
			z.digest = crc32.Update(z.digest, crc32.IEEETable, append(b, 0))
			if latin {
				rs := make([]rune, len(b))
				for i, v := range b {
					rs[i] = rune(v)
				}
				return string(rs), nil
			}
			return string(b), nil
		}
		if c > 0x7f {
			latin = true
		}
		b = append(b, c)
	}
}

func (z *Reader) readHeader() (hdr Header, err error) {
	var h [10]byte
	if _, err = io.ReadFull(z.r, h[:]); err != nil {
		return hdr, err
	}
	if h[0] != gzID1 || h[1] != gzID2 || h[2] != gzDeflate {
		return hdr, ErrHeader
	}
	flags := h[3]
	if t := int64(gzLE32(h[4:8])); t > 0 {
		hdr.ModTime = time.Unix(t, 0)
	}
	hdr.OS = h[9]
	z.digest = crc32.ChecksumIEEE(h[:])
	if flags&gzFlagExtra != 0 {
		var l [2]byte
		if _, err = io.ReadFull(z.r, l[:]); err != nil {
			return hdr, gzNoEOF(err)
		}
		z.digest = crc32.Update(z.digest, crc32.IEEETable, l[:])
		extra := make([]byte, gzLE16(l[:]))
		if _, err = io.ReadFull(z.r, extra); err != nil {
			return hdr, gzNoEOF(err)
		}
		z.digest = crc32.Update(z.digest, crc32.IEEETable, extra)
		hdr.Extra = extra
	}
	if flags&gzFlagName != 0 {
		if hdr.Name, err = z.gzString(); err != nil {
			return hdr, gzNoEOF(err)
		}
	}
	if flags&gzFlagComment != 0 {
		if hdr.Comment, err = z.gzString(); err != nil {
			return hdr, gzNoEOF(err)
		}
	}
	if flags&gzFlagHdrCrc != 0 {
		var c [2]byte
		if _, err = io.ReadFull(z.r, c[:]); err != nil {
			return hdr, gzNoEOF(err)
		}
		if gzLE16(c[:]) != uint16(z.digest) {
			return hdr, ErrHeader
		}
	}
	z.digest = 0
	if z.decompressor == nil {
		z.decompressor = flate.NewReader(z.r)
	} else {
		z.decompressor.(flate.Resetter).Reset(z.r, nil)
	}
	return hdr, nil
}

// Read implements io.Reader, reading uncompressed bytes from its
// underlying Reader.
func (z *Reader) Read(p []byte) (n int, err error) {
	if z.err != nil {
		return 0, z.err
	}
	for n == 0 {
		n, z.err = z.decompressor.Read(p)
		z.digest = crc32.Update(z.digest, crc32.IEEETable, p[:n])
		z.size += uint32(n)
		if z.err != io.EOF {
			return n, z.err
		}
		var t [8]byte
		if _, err := io.ReadFull(z.r, t[:]); err != nil {
			z.err = gzNoEOF(err)
			return n, z.err
		}
		if gzLE32(t[:4]) != z.digest || gzLE32(t[4:]) != z.size {
			z.err = ErrChecksum
			return n, z.err
		}
		z.digest, z.size = 0, 0
		if !z.multistream {
			return n, io.EOF
		}
		z.err = nil
		if _, z.err = z.readHeader(); z.err != nil {
			return n, z.err
		}
	}
	return n, nil
}

// Close closes the Reader. It does not close the underlying reader.
func (z *Reader) Close() error { return z.decompressor.Close() }
