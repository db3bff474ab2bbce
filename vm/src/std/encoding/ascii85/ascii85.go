// Package ascii85 (encoding/ascii85) as minigo provides it, in Go: the
// ascii85 data encoding of btoa and PostScript/PDF, with Go's API.
package ascii85

import (
	"io"
	"strconv"
)

// Encode encodes src into at most MaxEncodedLen(len(src)) bytes of dst,
// returning the actual number of bytes written. A group of four zero
// bytes becomes 'z'; the final partial group is written short.
func Encode(dst, src []byte) int {
	n := 0
	for si := 0; si < len(src); si += 4 {
		k := len(src) - si
		if k > 4 {
			k = 4
		}
		var v uint32
		for j := 0; j < 4; j++ {
			v <<= 8
			if j < k {
				v |= uint32(src[si+j])
			}
		}
		if v == 0 && k == 4 {
			dst[n] = 'z'
			n++
			continue
		}
		var digits [5]byte
		for j := 4; j >= 0; j-- {
			digits[j] = '!' + byte(v%85)
			v /= 85
		}
		n += copy(dst[n:], digits[:k+1])
	}
	return n
}

// MaxEncodedLen returns the maximum length of an encoding of n source bytes.
func MaxEncodedLen(n int) int { return (n + 3) / 4 * 5 }

// NewEncoder returns a new ascii85 stream encoder. Data written to the
// returned writer will be encoded and then written to w.
func NewEncoder(w io.Writer) io.WriteCloser { return &encoder{w: w} }

type encoder struct {
	err  error
	w    io.Writer
	buf  [4]byte
	nbuf int
}

func (e *encoder) Write(p []byte) (n int, err error) {
	if e.err != nil {
		return 0, e.err
	}
	if e.nbuf > 0 {
		i := 0
		for ; i < len(p) && e.nbuf < 4; i++ {
			e.buf[e.nbuf] = p[i]
			e.nbuf++
		}
		n += i
		p = p[i:]
		if e.nbuf < 4 {
			return
		}
		var out [5]byte
		m := Encode(out[:], e.buf[:])
		if _, e.err = e.w.Write(out[:m]); e.err != nil {
			return n, e.err
		}
		e.nbuf = 0
	}
	for len(p) >= 4 {
		nn := 816
		if nn > len(p) {
			nn = len(p)
		}
		nn -= nn % 4
		out := make([]byte, MaxEncodedLen(nn))
		m := Encode(out, p[:nn])
		if _, e.err = e.w.Write(out[:m]); e.err != nil {
			return n, e.err
		}
		n += nn
		p = p[nn:]
	}
	copy(e.buf[:], p)
	e.nbuf = len(p)
	n += len(p)
	return
}

func (e *encoder) Close() error {
	if e.err == nil && e.nbuf > 0 {
		var out [5]byte
		m := Encode(out[:], e.buf[:e.nbuf])
		e.nbuf = 0
		_, e.err = e.w.Write(out[:m])
	}
	return e.err
}

// CorruptInputError is the offset of the first illegal byte.
type CorruptInputError int64

func (e CorruptInputError) Error() string {
	return "illegal ascii85 data at input byte " + strconv.FormatInt(int64(e), 10)
}

// Decode decodes src into dst, returning both the number of bytes written
// to dst and the number consumed from src. White space and control
// characters are ignored; 'z' stands for four zero bytes. With flush set,
// the end of src ends the data and a partial group is decoded.
func Decode(dst, src []byte, flush bool) (ndst, nsrc int, err error) {
	var v uint32
	digits := 0
	for i, c := range src {
		if len(dst)-ndst < 4 {
			return
		}
		if c <= ' ' {
			continue
		}
		if c == 'z' && digits == 0 {
			v, digits = 0, 5
		} else if c >= '!' && c <= 'u' {
			v = v*85 + uint32(c-'!')
			digits++
		} else {
			return 0, 0, CorruptInputError(i)
		}
		if digits == 5 {
			nsrc = i + 1
			dst[ndst], dst[ndst+1], dst[ndst+2], dst[ndst+3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
			ndst += 4
			v, digits = 0, 0
		}
	}
	if flush {
		nsrc = len(src)
		if digits == 1 {
			return 0, 0, CorruptInputError(len(src))
		}
		if digits > 1 {
			for i := digits; i < 5; i++ {
				v = v*85 + 84
			}
			for i := 0; i < digits-1; i++ {
				dst[ndst] = byte(v >> 24)
				v <<= 8
				ndst++
			}
		}
	}
	return
}

// NewDecoder constructs a new ascii85 stream decoder.
func NewDecoder(r io.Reader) io.Reader { return &decoder{r: r} }

type decoder struct {
	err     error
	readErr error
	r       io.Reader
	buf     [1024]byte
	nbuf    int
	out     []byte
	outbuf  [1024]byte
}

func (d *decoder) Read(p []byte) (n int, err error) {
	if len(p) == 0 {
		return 0, nil
	}
	if d.err != nil {
		return 0, d.err
	}
	for {
		if len(d.out) > 0 {
			n = copy(p, d.out)
			d.out = d.out[n:]
			return
		}
		if d.nbuf > 0 {
			var ndst, nsrc int
			ndst, nsrc, d.err = Decode(d.outbuf[:], d.buf[:d.nbuf], d.readErr != nil)
			if ndst > 0 {
				d.out = d.outbuf[:ndst]
				d.nbuf = copy(d.buf[:], d.buf[nsrc:d.nbuf])
				continue
			}
			if d.err == nil {
				// Nothing decoded: drop the blanks so the buffer can fill.
				k := 0
				for _, c := range d.buf[:d.nbuf] {
					if c > ' ' {
						d.buf[k] = c
						k++
					}
				}
				d.nbuf = k
			}
		}
		if d.err != nil {
			return 0, d.err
		}
		if d.readErr != nil {
			d.err = d.readErr
			return 0, d.err
		}
		var m int
		m, d.readErr = d.r.Read(d.buf[d.nbuf:])
		d.nbuf += m
	}
}
