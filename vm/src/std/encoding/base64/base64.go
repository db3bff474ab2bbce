// Package base64 (encoding/base64) as minigo provides it, in Go: RFC 4648
// encodings with Go's API, streams and error values.
package base64

import (
	"io"
	"strconv"
)

// An Encoding is a radix-64 alphabet, its padding and strictness.
type Encoding struct {
	encode    [64]byte
	decodeMap [256]uint8
	padChar   rune
	strict    bool
}

const (
	StdPadding rune = '='
	NoPadding  rune = -1
)

const invalidIndex = 0xff

// NewEncoding returns a padded Encoding over the 64-byte alphabet encoder.
func NewEncoding(encoder string) *Encoding {
	if len(encoder) != 64 {
		panic("encoding alphabet is not 64-bytes long")
	}
	e := new(Encoding)
	e.padChar = StdPadding
	for i := 0; i < 256; i++ {
		e.decodeMap[i] = invalidIndex
	}
	for i := 0; i < 64; i++ {
		c := encoder[i]
		if c == '\n' || c == '\r' {
			panic("encoding alphabet contains newline character")
		}
		if e.decodeMap[c] != invalidIndex {
			panic("encoding alphabet includes duplicate symbols")
		}
		e.encode[i] = c
		e.decodeMap[c] = uint8(i)
	}
	return e
}

// WithPadding returns a copy of enc padding with padding (or NoPadding).
func (enc Encoding) WithPadding(padding rune) *Encoding {
	if padding < NoPadding || padding == '\r' || padding == '\n' || padding > 0xff {
		panic("invalid padding")
	}
	if padding != NoPadding && enc.decodeMap[byte(padding)] != invalidIndex {
		panic("padding contained in alphabet")
	}
	enc.padChar = padding
	return &enc
}

// Strict returns a copy of enc that rejects non-zero trailing bits.
func (enc Encoding) Strict() *Encoding {
	enc.strict = true
	return &enc
}

var StdEncoding = NewEncoding("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

var URLEncoding = NewEncoding("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

var RawStdEncoding = StdEncoding.WithPadding(NoPadding)

var RawURLEncoding = URLEncoding.WithPadding(NoPadding)

// Encode writes EncodedLen(len(src)) bytes of src's encoding to dst.
func (enc *Encoding) Encode(dst, src []byte) {
	di, si := 0, 0
	for ; len(src)-si >= 3; si += 3 {
		v := uint(src[si])<<16 | uint(src[si+1])<<8 | uint(src[si+2])
		_ = dst[di+3]
		dst[di] = enc.encode[v>>18&0x3f]
		dst[di+1] = enc.encode[v>>12&0x3f]
		dst[di+2] = enc.encode[v>>6&0x3f]
		dst[di+3] = enc.encode[v&0x3f]
		di += 4
	}
	rest := len(src) - si
	if rest == 0 {
		return
	}
	v := uint(src[si]) << 16
	if rest == 2 {
		v |= uint(src[si+1]) << 8
	}
	dst[di] = enc.encode[v>>18&0x3f]
	dst[di+1] = enc.encode[v>>12&0x3f]
	if rest == 2 {
		dst[di+2] = enc.encode[v>>6&0x3f]
		if enc.padChar != NoPadding {
			dst[di+3] = byte(enc.padChar)
		}
		return
	}
	if enc.padChar != NoPadding {
		dst[di+2] = byte(enc.padChar)
		dst[di+3] = byte(enc.padChar)
	}
}

// AppendEncode appends src's encoding to dst.
func (enc *Encoding) AppendEncode(dst, src []byte) []byte {
	buf := make([]byte, enc.EncodedLen(len(src)))
	enc.Encode(buf, src)
	return append(dst, buf...)
}

// EncodeToString returns src's encoding.
func (enc *Encoding) EncodeToString(src []byte) string {
	buf := make([]byte, enc.EncodedLen(len(src)))
	enc.Encode(buf, src)
	return string(buf)
}

// EncodedLen is the length of the encoding of n bytes.
func (enc *Encoding) EncodedLen(n int) int {
	if enc.padChar == NoPadding {
		return n/3*4 + (n%3*8+5)/6
	}
	return (n + 2) / 3 * 4
}

// DecodedLen is the most bytes n bytes of encoded data decode to.
func (enc *Encoding) DecodedLen(n int) int {
	return decodedLen(n, enc.padChar)
}

func decodedLen(n int, padChar rune) int {
	if padChar == NoPadding {
		return n/4*3 + n%4*6/8
	}
	return n / 4 * 3
}

// CorruptInputError is the offset of the first illegal byte.
type CorruptInputError int64

func (e CorruptInputError) Error() string {
	return "illegal base64 data at input byte " + strconv.FormatInt(int64(e), 10)
}

// decodeQuantum decodes up to 4 symbols of src from si (skipping \r and
// \n) into dst; it returns the next index, the bytes written and any
// error, with Go's offsets.
func (enc *Encoding) decodeQuantum(dst, src []byte, si int) (int, int, error) {
	var q [4]byte
	dlen := 4
	var err error
	j := 0
	for j < 4 {
		if si == len(src) {
			if j == 0 {
				return si, 0, nil
			}
			if j == 1 || enc.padChar != NoPadding {
				return si, 0, CorruptInputError(si - j)
			}
			dlen = j
			break
		}
		c := src[si]
		si++
		if d := enc.decodeMap[c]; d != invalidIndex {
			q[j] = d
			j++
			continue
		}
		if c == '\n' || c == '\r' {
			continue
		}
		if rune(c) != enc.padChar {
			return si, 0, CorruptInputError(si - 1)
		}
		// Padding: only after two or three symbols.
		if j < 2 {
			return si, 0, CorruptInputError(si - 1)
		}
		if j == 2 {
			// A second pad must follow, newlines aside.
			for si < len(src) && (src[si] == '\n' || src[si] == '\r') {
				si++
			}
			if si == len(src) {
				return si, 0, CorruptInputError(len(src))
			}
			if rune(src[si]) != enc.padChar {
				return si, 0, CorruptInputError(si - 1)
			}
			si++
		}
		for si < len(src) && (src[si] == '\n' || src[si] == '\r') {
			si++
		}
		if si < len(src) {
			err = CorruptInputError(si)
		}
		dlen = j
		break
	}
	v := uint(q[0])<<18 | uint(q[1])<<12 | uint(q[2])<<6 | uint(q[3])
	b0, b1, b2 := byte(v>>16), byte(v>>8), byte(v)
	if dlen == 4 {
		dst[2] = b2
		b2 = 0
	}
	if dlen >= 3 {
		dst[1] = b1
		if enc.strict && b2 != 0 {
			return si, 0, CorruptInputError(si - 1)
		}
		b1 = 0
	}
	if dlen >= 2 {
		dst[0] = b0
		if enc.strict && (b1 != 0 || b2 != 0) {
			return si, 0, CorruptInputError(si - 2)
		}
	}
	return si, dlen - 1, err
}

// Decode decodes src into dst, returning the bytes written; on corrupt
// input the error is a CorruptInputError.
func (enc *Encoding) Decode(dst, src []byte) (n int, err error) {
	si := 0
	for si < len(src) {
		var k int
		si, k, err = enc.decodeQuantum(dst[n:], src, si)
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// AppendDecode appends src's decoding to dst.
func (enc *Encoding) AppendDecode(dst, src []byte) ([]byte, error) {
	n := len(src)
	for n > 0 && rune(src[n-1]) == enc.padChar {
		n--
	}
	buf := make([]byte, decodedLen(n, NoPadding))
	k, err := enc.Decode(buf, src)
	return append(dst, buf[:k]...), err
}

// DecodeString returns the bytes s encodes (those decoded before any error).
func (enc *Encoding) DecodeString(s string) ([]byte, error) {
	buf := make([]byte, enc.DecodedLen(len(s)))
	n, err := enc.Decode(buf, []byte(s))
	return buf[:n], err
}

type encoder struct {
	err  error
	enc  *Encoding
	w    io.Writer
	buf  [3]byte
	nbuf int
	out  [1024]byte
}

func (e *encoder) Write(p []byte) (n int, err error) {
	if e.err != nil {
		return 0, e.err
	}
	if e.nbuf > 0 {
		i := 0
		for ; i < len(p) && e.nbuf < 3; i++ {
			e.buf[e.nbuf] = p[i]
			e.nbuf++
		}
		n += i
		p = p[i:]
		if e.nbuf < 3 {
			return n, nil
		}
		e.enc.Encode(e.out[:], e.buf[:])
		if _, e.err = e.w.Write(e.out[:4]); e.err != nil {
			return n, e.err
		}
		e.nbuf = 0
	}
	for len(p) >= 3 {
		k := len(e.out) / 4 * 3
		if k > len(p) {
			k = len(p) - len(p)%3
		}
		e.enc.Encode(e.out[:], p[:k])
		if _, e.err = e.w.Write(e.out[:k/3*4]); e.err != nil {
			return n, e.err
		}
		n += k
		p = p[k:]
	}
	copy(e.buf[:], p)
	e.nbuf = len(p)
	n += len(p)
	return n, nil
}

// Close flushes any partial block; it does not close the writer.
func (e *encoder) Close() error {
	if e.err == nil && e.nbuf > 0 {
		e.enc.Encode(e.out[:], e.buf[:e.nbuf])
		_, e.err = e.w.Write(e.out[:e.enc.EncodedLen(e.nbuf)])
		e.nbuf = 0
	}
	return e.err
}

// NewEncoder returns a stream encoder writing to w; Close flushes it.
func NewEncoder(enc *Encoding, w io.Writer) io.WriteCloser {
	return &encoder{enc: enc, w: w}
}

type decoder struct {
	err     error
	readErr error
	enc     *Encoding
	r       io.Reader
	buf     [1024]byte
	nbuf    int
	out     []byte
	outbuf  [768]byte
}

func (d *decoder) Read(p []byte) (n int, err error) {
	if len(d.out) > 0 {
		n = copy(p, d.out)
		d.out = d.out[n:]
		return n, nil
	}
	if d.err != nil {
		return 0, d.err
	}
	for d.nbuf < 4 && d.readErr == nil {
		k := len(p) / 3 * 4
		if k < 4 {
			k = 4
		}
		if k > len(d.buf) {
			k = len(d.buf)
		}
		k, d.readErr = d.r.Read(d.buf[d.nbuf:k])
		d.nbuf += k
	}
	if d.nbuf < 4 {
		if d.enc.padChar == NoPadding && d.nbuf > 0 {
			var nw int
			nw, d.err = d.enc.Decode(d.outbuf[:], d.buf[:d.nbuf])
			d.nbuf = 0
			d.out = d.outbuf[:nw]
			n = copy(p, d.out)
			d.out = d.out[n:]
			if n > 0 || len(p) == 0 && len(d.out) > 0 {
				return n, nil
			}
			if d.err != nil {
				return 0, d.err
			}
		}
		d.err = d.readErr
		if d.err == io.EOF && d.nbuf > 0 {
			d.err = io.ErrUnexpectedEOF
		}
		return 0, d.err
	}
	nr := d.nbuf / 4 * 4
	nw := d.nbuf / 4 * 3
	if nw > len(p) {
		nw, d.err = d.enc.Decode(d.outbuf[:], d.buf[:nr])
		d.out = d.outbuf[:nw]
		n = copy(p, d.out)
		d.out = d.out[n:]
	} else {
		n, d.err = d.enc.Decode(p, d.buf[:nr])
	}
	d.nbuf -= nr
	copy(d.buf[:d.nbuf], d.buf[nr:])
	return n, d.err
}

// newlineFilter drops \r and \n from what it reads.
type newlineFilter struct {
	r io.Reader
}

func (f *newlineFilter) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	for n > 0 {
		k := 0
		for _, b := range p[:n] {
			if b != '\r' && b != '\n' {
				p[k] = b
				k++
			}
		}
		if k > 0 {
			return k, err
		}
		n, err = f.r.Read(p)
	}
	return n, err
}

// NewDecoder returns a stream decoder reading from r.
func NewDecoder(enc *Encoding, r io.Reader) io.Reader {
	return &decoder{enc: enc, r: &newlineFilter{r}}
}
