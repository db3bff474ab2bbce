// Package base32 (encoding/base32) as minigo provides it, in Go: RFC 4648
// base32 encodings with Go's API, streams and error values.
package base32

import (
	"io"
	"strconv"
)

// An Encoding is a radix 32 encoding/decoding scheme, defined by a
// 32-character alphabet.
type Encoding struct {
	encode    [32]byte
	decodeMap [256]uint8
	padChar   rune
}

const (
	StdPadding rune = '=' // Standard padding character
	NoPadding  rune = -1  // No padding
)

const b32invalid = 0xff

// NewEncoding returns a new padded Encoding defined by the given alphabet.
func NewEncoding(encoder string) *Encoding {
	if len(encoder) != 32 {
		panic("encoding alphabet is not 32-bytes long")
	}
	e := new(Encoding)
	e.padChar = StdPadding
	for i := range e.decodeMap {
		e.decodeMap[i] = b32invalid
	}
	for i := 0; i < 32; i++ {
		c := encoder[i]
		if c == '\n' || c == '\r' {
			panic("encoding alphabet contains newline character")
		}
		if e.decodeMap[c] != b32invalid {
			panic("encoding alphabet includes duplicate symbols")
		}
		e.encode[i] = c
		e.decodeMap[c] = uint8(i)
	}
	return e
}

// StdEncoding is the standard base32 encoding, as defined in RFC 4648.
var StdEncoding = NewEncoding("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")

// HexEncoding is the "Extended Hex Alphabet" defined in RFC 4648.
var HexEncoding = NewEncoding("0123456789ABCDEFGHIJKLMNOPQRSTUV")

// WithPadding creates a new encoding identical to enc except with a
// specified padding character, or NoPadding to disable padding.
func (enc Encoding) WithPadding(padding rune) *Encoding {
	if padding < NoPadding || padding == '\r' || padding == '\n' || padding > 0xff {
		panic("invalid padding")
	}
	if padding != NoPadding && enc.decodeMap[byte(padding)] != b32invalid {
		panic("padding contained in alphabet")
	}
	enc.padChar = padding
	return &enc
}

// Encode encodes src using the encoding enc, writing EncodedLen(len(src))
// bytes to dst.
func (enc *Encoding) Encode(dst, src []byte) {
	di := 0
	for si := 0; si < len(src); si += 5 {
		var grp [5]byte
		k := copy(grp[:], src[si:])
		v := uint64(grp[0])<<32 | uint64(grp[1])<<24 | uint64(grp[2])<<16 | uint64(grp[3])<<8 | uint64(grp[4])
		// Symbols carrying data: ceil(8k/5).
		nsym := (k*8 + 4) / 5
		for j := 0; j < 8; j++ {
			if j < nsym {
				dst[di+j] = enc.encode[(v>>uint(35-5*j))&0x1f]
			} else if enc.padChar != NoPadding {
				dst[di+j] = byte(enc.padChar)
			}
		}
		di += 8
	}
}

// AppendEncode appends the base32 encoded src to dst.
func (enc *Encoding) AppendEncode(dst, src []byte) []byte {
	buf := make([]byte, enc.EncodedLen(len(src)))
	enc.Encode(buf, src)
	return append(dst, buf...)
}

// EncodeToString returns the base32 encoding of src.
func (enc *Encoding) EncodeToString(src []byte) string {
	buf := make([]byte, enc.EncodedLen(len(src)))
	enc.Encode(buf, src)
	return string(buf)
}

// EncodedLen returns the length in bytes of the base32 encoding of an
// input buffer of length n.
func (enc *Encoding) EncodedLen(n int) int {
	if enc.padChar == NoPadding {
		return n/5*8 + (n%5*8+4)/5
	}
	return (n + 4) / 5 * 8
}

// DecodedLen returns the maximum length in bytes of the decoded data
// corresponding to n bytes of base32-encoded data.
func (enc *Encoding) DecodedLen(n int) int {
	return b32decodedLen(n, enc.padChar)
}

func b32decodedLen(n int, padChar rune) int {
	if padChar == NoPadding {
		return n/8*5 + n%8*5/8
	}
	return n / 8 * 5
}

// CorruptInputError is the offset of the first illegal byte.
type CorruptInputError int64

func (e CorruptInputError) Error() string {
	return "illegal base32 data at input byte " + strconv.FormatInt(int64(e), 10)
}

// decode decodes src (without newlines) into dst: bytes written, whether
// the end of the message (padding) was seen, and the error.
func (enc *Encoding) decode(dst, src []byte) (n int, end bool, err error) {
	total := len(src)
	si, di := 0, 0
	for si < total && !end {
		var sym [8]byte
		got := 8
		j := 0
		for j < 8 {
			if si == total {
				if enc.padChar != NoPadding {
					return n, false, CorruptInputError(si - j)
				}
				got, end = j, true
				break
			}
			c := src[si]
			si++
			left := total - si
			if c == byte(enc.padChar) && j >= 2 && left < 8 {
				// Padding: the rest of the quantum must be padding too.
				if left+j < 7 {
					return n, false, CorruptInputError(total)
				}
				for k := 0; k < 7-j; k++ {
					if left > k && src[si+k] != byte(enc.padChar) {
						return n, false, CorruptInputError(si + k - 1)
					}
				}
				got, end = j, true
				if got == 1 || got == 3 || got == 6 {
					return n, false, CorruptInputError(si - 1)
				}
				break
			}
			sym[j] = enc.decodeMap[c]
			if sym[j] == b32invalid {
				return n, false, CorruptInputError(si - 1)
			}
			j++
		}
		var v uint64
		for k := 0; k < 8; k++ {
			v = v<<5 | uint64(sym[k])
		}
		// Bytes carried by got symbols.
		nb := 0
		switch got {
		case 8:
			nb = 5
		case 7:
			nb = 4
		case 5:
			nb = 3
		case 4:
			nb = 2
		case 2:
			nb = 1
		}
		for k := 0; k < nb; k++ {
			dst[di+k] = byte(v >> uint(32-8*k))
		}
		n += nb
		di += 5
	}
	return n, end, nil
}

func b32stripNewlines(dst, src []byte) int {
	n := 0
	for _, c := range src {
		if c != '\r' && c != '\n' {
			dst[n] = c
			n++
		}
	}
	return n
}

// Decode decodes src using the encoding enc. It writes at most
// DecodedLen(len(src)) bytes to dst and returns the number of bytes
// written. New line characters (\r and \n) are ignored.
func (enc *Encoding) Decode(dst, src []byte) (n int, err error) {
	buf := make([]byte, len(src))
	l := b32stripNewlines(buf, src)
	n, _, err = enc.decode(dst, buf[:l])
	return
}

// AppendDecode appends the base32 decoded src to dst.
func (enc *Encoding) AppendDecode(dst, src []byte) ([]byte, error) {
	n := len(src)
	for n > 0 && rune(src[n-1]) == enc.padChar {
		n--
	}
	buf := make([]byte, b32decodedLen(n, NoPadding))
	m, err := enc.Decode(buf, src)
	return append(dst, buf[:m]...), err
}

// DecodeString returns the bytes represented by the base32 string s.
func (enc *Encoding) DecodeString(s string) ([]byte, error) {
	buf := []byte(s)
	l := b32stripNewlines(buf, buf)
	n, _, err := enc.decode(buf, buf[:l])
	return buf[:n], err
}

type encoder struct {
	err  error
	enc  *Encoding
	w    io.Writer
	buf  [5]byte
	nbuf int
}

func (e *encoder) Write(p []byte) (n int, err error) {
	if e.err != nil {
		return 0, e.err
	}
	if e.nbuf > 0 {
		i := 0
		for ; i < len(p) && e.nbuf < 5; i++ {
			e.buf[e.nbuf] = p[i]
			e.nbuf++
		}
		n += i
		p = p[i:]
		if e.nbuf < 5 {
			return
		}
		var out [8]byte
		e.enc.Encode(out[:], e.buf[:])
		if _, e.err = e.w.Write(out[:]); e.err != nil {
			return n, e.err
		}
		e.nbuf = 0
	}
	for len(p) >= 5 {
		nn := 640
		if nn > len(p) {
			nn = len(p) - len(p)%5
		}
		out := make([]byte, nn/5*8)
		e.enc.Encode(out, p[:nn])
		if _, e.err = e.w.Write(out); e.err != nil {
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
		out := make([]byte, e.enc.EncodedLen(e.nbuf))
		e.enc.Encode(out, e.buf[:e.nbuf])
		e.nbuf = 0
		_, e.err = e.w.Write(out)
	}
	return e.err
}

// NewEncoder returns a new base32 stream encoder. Data written to the
// returned writer will be encoded using enc and then written to w.
func NewEncoder(enc *Encoding, w io.Writer) io.WriteCloser {
	return &encoder{enc: enc, w: w}
}

type decoder struct {
	err  error
	enc  *Encoding
	r    io.Reader
	end  bool
	buf  [1024]byte
	nbuf int
	out  []byte
}

func b32readAtLeast(r io.Reader, buf []byte, min int, padded bool) (n int, err error) {
	for n < min && err == nil {
		var m int
		m, err = r.Read(buf[n:])
		n += m
	}
	if n < min && n > 0 && err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	if padded && min < 8 && n == 0 && err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return
}

func (d *decoder) Read(p []byte) (n int, err error) {
	if len(d.out) > 0 {
		n = copy(p, d.out)
		d.out = d.out[n:]
		if len(d.out) == 0 {
			return n, d.err
		}
		return n, nil
	}
	if d.err != nil {
		return 0, d.err
	}
	want := (len(p) + 4) / 5 * 8
	if want < 8 {
		want = 8
	}
	if want > len(d.buf) {
		want = len(d.buf)
	}
	min, padded := 8-d.nbuf, true
	if d.enc.padChar == NoPadding {
		min, padded = 1, false
	}
	var got int
	got, d.err = b32readAtLeast(d.r, d.buf[d.nbuf:want], min, padded)
	d.nbuf += got
	if d.nbuf < min {
		return 0, d.err
	}
	if got > 0 && d.end {
		return 0, CorruptInputError(0)
	}
	use := d.nbuf / 8 * 8
	if d.enc.padChar == NoPadding {
		use = d.nbuf
	}
	if d.enc.DecodedLen(d.nbuf) > len(p) {
		tmp := make([]byte, 640)
		var m int
		m, d.end, err = d.enc.decode(tmp, d.buf[:use])
		d.out = tmp[:m]
		n = copy(p, d.out)
		d.out = d.out[n:]
	} else {
		n, d.end, err = d.enc.decode(p, d.buf[:use])
	}
	d.nbuf -= use
	copy(d.buf[:d.nbuf], d.buf[use:use+d.nbuf])
	if err != nil && (d.err == nil || d.err == io.EOF) {
		d.err = err
	}
	if len(d.out) > 0 {
		return n, nil
	}
	return n, d.err
}

type b32newlineFilter struct {
	r io.Reader
}

func (f *b32newlineFilter) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	for n > 0 {
		m := b32stripNewlines(p[:n], p[:n])
		if err != nil || m > 0 {
			return m, err
		}
		n, err = f.r.Read(p)
	}
	return n, err
}

// NewDecoder constructs a new base32 stream decoder.
func NewDecoder(enc *Encoding, r io.Reader) io.Reader {
	return &decoder{enc: enc, r: &b32newlineFilter{r}}
}
