// Package hex (encoding/hex) as minigo provides it, in Go: hexadecimal
// encoding and decoding, streams and hexdump -C style dumps.
package hex

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

const hextable = "0123456789abcdef"

// unhex is the value of hex digit c, or 0xff.
func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10
	}
	return 0xff
}

// EncodedLen is the length of the encoding of n bytes: n * 2.
func EncodedLen(n int) int { return n * 2 }

// Encode writes src's encoding to dst and returns its length.
func Encode(dst, src []byte) int {
	j := 0
	for _, v := range src {
		dst[j] = hextable[v>>4]
		dst[j+1] = hextable[v&0x0f]
		j += 2
	}
	return len(src) * 2
}

// AppendEncode appends src's encoding to dst.
func AppendEncode(dst, src []byte) []byte {
	buf := make([]byte, EncodedLen(len(src)))
	Encode(buf, src)
	return append(dst, buf...)
}

var ErrLength = errors.New("encoding/hex: odd length hex string")

// InvalidByteError is a byte that is not a hex digit.
type InvalidByteError byte

func (e InvalidByteError) Error() string {
	return fmt.Sprintf("encoding/hex: invalid byte: %#U", rune(e))
}

// DecodedLen is the length of the decoding of x bytes: x / 2.
func DecodedLen(x int) int { return x / 2 }

// Decode decodes src into dst, returning the bytes written.
func Decode(dst, src []byte) (int, error) {
	i, j := 0, 0
	for ; j < len(src)-1; j += 2 {
		a, b := unhex(src[j]), unhex(src[j+1])
		if a > 0x0f {
			return i, InvalidByteError(src[j])
		}
		if b > 0x0f {
			return i, InvalidByteError(src[j+1])
		}
		dst[i] = a<<4 | b
		i++
	}
	if len(src)%2 == 1 {
		if unhex(src[j]) > 0x0f {
			return i, InvalidByteError(src[j])
		}
		return i, ErrLength
	}
	return i, nil
}

// AppendDecode appends src's decoding to dst.
func AppendDecode(dst, src []byte) ([]byte, error) {
	buf := make([]byte, DecodedLen(len(src)))
	n, err := Decode(buf, src)
	return append(dst, buf[:n]...), err
}

// EncodeToString returns src's encoding.
func EncodeToString(src []byte) string {
	dst := make([]byte, EncodedLen(len(src)))
	Encode(dst, src)
	return string(dst)
}

// DecodeString returns the bytes s encodes (those decoded before any error).
func DecodeString(s string) ([]byte, error) {
	dst := make([]byte, DecodedLen(len(s)))
	n, err := Decode(dst, []byte(s))
	return dst[:n], err
}

// Dump returns the hexdump -C style dump of data.
func Dump(data []byte) string {
	if len(data) == 0 {
		return ""
	}
	var buf strings.Builder
	d := Dumper(&buf)
	d.Write(data)
	d.Close()
	return buf.String()
}

const bufferSize = 1024

type encoder struct {
	w   io.Writer
	err error
	out [bufferSize]byte
}

// NewEncoder returns a writer that writes hex to w.
func NewEncoder(w io.Writer) io.Writer {
	return &encoder{w: w}
}

func (e *encoder) Write(p []byte) (n int, err error) {
	for len(p) > 0 && e.err == nil {
		k := bufferSize / 2
		if len(p) < k {
			k = len(p)
		}
		m := Encode(e.out[:], p[:k])
		var w int
		w, e.err = e.w.Write(e.out[:m])
		n += w / 2
		p = p[k:]
	}
	return n, e.err
}

type decoder struct {
	r   io.Reader
	err error
	in  []byte
	arr [bufferSize]byte
}

// NewDecoder returns a reader that decodes the hex read from r.
func NewDecoder(r io.Reader) io.Reader {
	return &decoder{r: r}
}

func (d *decoder) Read(p []byte) (n int, err error) {
	if len(d.in) < 2 && d.err == nil {
		kept := copy(d.arr[:], d.in)
		var got int
		got, d.err = d.r.Read(d.arr[kept:])
		d.in = d.arr[:kept+got]
		if d.err == io.EOF && len(d.in)%2 != 0 {
			last := d.in[len(d.in)-1]
			if unhex(last) > 0x0f {
				d.err = InvalidByteError(last)
			} else {
				d.err = io.ErrUnexpectedEOF
			}
		}
	}
	if avail := len(d.in) / 2; len(p) > avail {
		p = p[:avail]
	}
	k, derr := Decode(p, d.in[:len(p)*2])
	d.in = d.in[2*k:]
	if derr != nil {
		d.in, d.err = nil, derr
	}
	if len(d.in) < 2 {
		return k, d.err
	}
	return k, nil
}

// Dumper returns a WriteCloser that writes a hex dump of what is written
// to it to w; Close writes the last, partial line.
func Dumper(w io.Writer) io.WriteCloser {
	return &dumper{w: w}
}

type dumper struct {
	w          io.Writer
	rightChars [18]byte
	buf        [14]byte
	used       int
	n          uint
	closed     bool
}

func toChar(b byte) byte {
	if b < 32 || b > 126 {
		return '.'
	}
	return b
}

func (h *dumper) Write(data []byte) (n int, err error) {
	if h.closed {
		return 0, errors.New("encoding/hex: dumper closed")
	}
	for i := range data {
		if h.used == 0 {
			// The offset, as 8 hex digits and two spaces.
			h.buf[0] = byte(h.n >> 24)
			h.buf[1] = byte(h.n >> 16)
			h.buf[2] = byte(h.n >> 8)
			h.buf[3] = byte(h.n)
			Encode(h.buf[4:], h.buf[:4])
			h.buf[12] = ' '
			h.buf[13] = ' '
			if _, err = h.w.Write(h.buf[4:]); err != nil {
				return
			}
		}
		Encode(h.buf[:], data[i:i+1])
		h.buf[2] = ' '
		l := 3
		if h.used == 7 {
			h.buf[3] = ' '
			l = 4
		} else if h.used == 15 {
			h.buf[3] = ' '
			h.buf[4] = '|'
			l = 5
		}
		if _, err = h.w.Write(h.buf[:l]); err != nil {
			return
		}
		n++
		h.rightChars[h.used] = toChar(data[i])
		h.used++
		h.n++
		if h.used == 16 {
			h.rightChars[16] = '|'
			h.rightChars[17] = '\n'
			if _, err = h.w.Write(h.rightChars[:]); err != nil {
				return
			}
			h.used = 0
		}
	}
	return
}

func (h *dumper) Close() (err error) {
	if h.closed {
		return
	}
	h.closed = true
	if h.used == 0 {
		return
	}
	h.buf[0] = ' '
	h.buf[1] = ' '
	h.buf[2] = ' '
	h.buf[3] = ' '
	h.buf[4] = '|'
	used := h.used
	for h.used < 16 {
		l := 3
		if h.used == 7 {
			l = 4
		} else if h.used == 15 {
			l = 5
		}
		if _, err = h.w.Write(h.buf[:l]); err != nil {
			return
		}
		h.used++
	}
	h.rightChars[used] = '|'
	h.rightChars[used+1] = '\n'
	_, err = h.w.Write(h.rightChars[:used+2])
	return
}
