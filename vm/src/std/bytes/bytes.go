// Package bytes as minigo provides it: the functions of strings for
// byte slices, Buffer and Reader, all in Go. A function that returns
// parts of its argument returns subslices of it, as in Go; searches go
// through package strings, but for IndexByte, LastIndexByte and Index,
// natives (mod.rs) that read the slice in place.
package bytes

import (
	"errors"
	"io"
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"
)

const MinRead = 512

var ErrTooLarge = errors.New("bytes.Buffer: too large")

var errNegativeRead = errors.New("bytes.Buffer: reader returned negative count from Read")

var errUnreadByte = errors.New("bytes.Buffer: UnreadByte: previous operation was not a successful read")

func Equal(a, b []byte) bool { return string(a) == string(b) }

func Compare(a, b []byte) int { return strings.Compare(string(a), string(b)) }

func Contains(b, subslice []byte) bool { return Index(b, subslice) != -1 }

func ContainsAny(b []byte, chars string) bool { return IndexAny(b, chars) >= 0 }

func ContainsRune(b []byte, r rune) bool { return IndexRune(b, r) >= 0 }

func ContainsFunc(b []byte, f func(rune) bool) bool { return IndexFunc(b, f) >= 0 }

func Count(s, sep []byte) int { return strings.Count(string(s), string(sep)) }

// Index is a native: converting both arguments to strings allocated.
func Index(s, sep []byte) int

// IndexByte and LastIndexByte are natives: bufio's line readers (and so
// every HTTP request and response head) scan with them.
func IndexByte(b []byte, c byte) int

func IndexRune(s []byte, r rune) int { return strings.IndexRune(string(s), r) }

func IndexAny(s []byte, chars string) int { return strings.IndexAny(string(s), chars) }

func LastIndex(s, sep []byte) int { return strings.LastIndex(string(s), string(sep)) }

func LastIndexByte(s []byte, c byte) int

func LastIndexAny(s []byte, chars string) int { return strings.LastIndexAny(string(s), chars) }

func IndexFunc(s []byte, f func(r rune) bool) int { return indexFunc(s, f, true) }

func LastIndexFunc(s []byte, f func(r rune) bool) int { return lastIndexFunc(s, f, true) }

func indexFunc(s []byte, f func(r rune) bool, truth bool) int {
	start := 0
	for start < len(s) {
		r, wid := utf8.DecodeRune(s[start:])
		if f(r) == truth {
			return start
		}
		start += wid
	}
	return -1
}

func lastIndexFunc(s []byte, f func(r rune) bool, truth bool) int {
	for i := len(s); i > 0; {
		r, size := utf8.DecodeLastRune(s[0:i])
		i -= size
		if f(r) == truth {
			return i
		}
	}
	return -1
}

func HasPrefix(s, prefix []byte) bool {
	return len(s) >= len(prefix) && string(s[:len(prefix)]) == string(prefix)
}

func HasSuffix(s, suffix []byte) bool {
	return len(s) >= len(suffix) && string(s[len(s)-len(suffix):]) == string(suffix)
}

func TrimPrefix(s, prefix []byte) []byte {
	if HasPrefix(s, prefix) {
		return s[len(prefix):]
	}
	return s
}

func TrimSuffix(s, suffix []byte) []byte {
	if HasSuffix(s, suffix) {
		return s[:len(s)-len(suffix)]
	}
	return s
}

func Cut(s, sep []byte) (before, after []byte, found bool) {
	if i := Index(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, nil, false
}

func CutPrefix(s, prefix []byte) (after []byte, found bool) {
	if !HasPrefix(s, prefix) {
		return s, false
	}
	return s[len(prefix):], true
}

func CutSuffix(s, suffix []byte) (before []byte, found bool) {
	if !HasSuffix(s, suffix) {
		return s, false
	}
	return s[:len(s)-len(suffix)], true
}

func Clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append([]byte{}, b...)
}

// genSplit splits s around sep, keeping sepSave bytes of each sep, into
// at most n pieces.
func genSplit(s, sep []byte, sepSave, n int) [][]byte {
	if n == 0 {
		return nil
	}
	if len(sep) == 0 {
		return explode(s, n)
	}
	if n < 0 {
		n = Count(s, sep) + 1
	}
	if n > len(s)+1 {
		n = len(s) + 1
	}
	a := make([][]byte, n)
	n--
	i := 0
	for i < n {
		m := Index(s, sep)
		if m < 0 {
			break
		}
		a[i] = s[: m+sepSave : m+sepSave]
		s = s[m+len(sep):]
		i++
	}
	a[i] = s
	return a[:i+1]
}

func explode(s []byte, n int) [][]byte {
	if n <= 0 || n > len(s) {
		n = len(s)
	}
	a := make([][]byte, n)
	var size int
	na := 0
	for len(s) > 0 {
		if na+1 >= n {
			a[na] = s
			na++
			break
		}
		_, size = utf8.DecodeRune(s)
		a[na] = s[0:size:size]
		s = s[size:]
		na++
	}
	return a[0:na]
}

func Split(s, sep []byte) [][]byte { return genSplit(s, sep, 0, -1) }

func SplitN(s, sep []byte, n int) [][]byte { return genSplit(s, sep, 0, n) }

func SplitAfter(s, sep []byte) [][]byte { return genSplit(s, sep, len(sep), -1) }

func SplitAfterN(s, sep []byte, n int) [][]byte { return genSplit(s, sep, len(sep), n) }

func Fields(s []byte) [][]byte { return FieldsFunc(s, unicode.IsSpace) }

func FieldsFunc(s []byte, f func(rune) bool) [][]byte {
	var spans [][]byte
	start := -1
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRune(s[i:])
		if f(r) {
			if start >= 0 {
				spans = append(spans, s[start:i:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
		i += size
	}
	if start >= 0 {
		spans = append(spans, s[start:len(s):len(s)])
	}
	return spans
}

func Join(s [][]byte, sep []byte) []byte {
	if len(s) == 0 {
		return []byte{}
	}
	var b []byte
	for i, v := range s {
		if i > 0 {
			b = append(b, sep...)
		}
		b = append(b, v...)
	}
	if b == nil {
		b = []byte{}
	}
	return b
}

func Repeat(b []byte, count int) []byte {
	if count < 0 {
		panic("bytes: negative Repeat count")
	}
	return []byte(strings.Repeat(string(b), count))
}

func Map(mapping func(r rune) rune, s []byte) []byte {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		r, wid := utf8.DecodeRune(s[i:])
		r = mapping(r)
		if r >= 0 {
			b = utf8.AppendRune(b, r)
		}
		i += wid
	}
	return b
}

func ToUpper(s []byte) []byte { return []byte(strings.ToUpper(string(s))) }

func ToLower(s []byte) []byte { return []byte(strings.ToLower(string(s))) }

func ToTitle(s []byte) []byte { return []byte(strings.ToTitle(string(s))) }

func Title(s []byte) []byte { return []byte(strings.Title(string(s))) }

func EqualFold(s, t []byte) bool { return strings.EqualFold(string(s), string(t)) }

func Replace(s, old, new []byte, n int) []byte {
	return []byte(strings.Replace(string(s), string(old), string(new), n))
}

func ReplaceAll(s, old, new []byte) []byte { return Replace(s, old, new, -1) }

func ToValidUTF8(s, replacement []byte) []byte {
	return []byte(strings.ToValidUTF8(string(s), string(replacement)))
}

func Runes(s []byte) []rune { return []rune(string(s)) }

func TrimLeftFunc(s []byte, f func(r rune) bool) []byte {
	i := indexFunc(s, f, false)
	if i == -1 {
		return nil
	}
	return s[i:]
}

func TrimRightFunc(s []byte, f func(r rune) bool) []byte {
	i := lastIndexFunc(s, f, false)
	if i >= 0 && s[i] >= utf8.RuneSelf {
		_, wid := utf8.DecodeRune(s[i:])
		i += wid
	} else {
		i++
	}
	return s[0:i]
}

func TrimFunc(s []byte, f func(r rune) bool) []byte {
	return TrimRightFunc(TrimLeftFunc(s, f), f)
}

func inSet(cutset string) func(rune) bool {
	return func(r rune) bool { return strings.ContainsRune(cutset, r) }
}

func Trim(s []byte, cutset string) []byte {
	if len(s) == 0 {
		return nil
	}
	if cutset == "" {
		return s
	}
	return TrimFunc(s, inSet(cutset))
}

func TrimLeft(s []byte, cutset string) []byte {
	if len(s) == 0 {
		return nil
	}
	if cutset == "" {
		return s
	}
	return TrimLeftFunc(s, inSet(cutset))
}

func TrimRight(s []byte, cutset string) []byte {
	if len(s) == 0 || cutset == "" {
		return s
	}
	return TrimRightFunc(s, inSet(cutset))
}

func TrimSpace(s []byte) []byte {
	s = TrimFunc(s, unicode.IsSpace)
	if len(s) == 0 {
		return nil
	}
	return s
}

// Lines iterates over the newline-terminated lines of s (the last may
// lack its newline).
func Lines(s []byte) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		for len(s) > 0 {
			var line []byte
			if i := IndexByte(s, '\n'); i >= 0 {
				line, s = s[:i+1:i+1], s[i+1:]
			} else {
				line, s = s, nil
			}
			if !yield(line) {
				return
			}
		}
	}
}

func SplitSeq(s, sep []byte) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		for _, p := range Split(s, sep) {
			if !yield(p) {
				return
			}
		}
	}
}

func FieldsSeq(s []byte) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		for _, p := range Fields(s) {
			if !yield(p) {
				return
			}
		}
	}
}

// A Buffer is a variable-sized buffer of bytes with Read and Write
// methods; its zero value is an empty buffer ready to use.
type Buffer struct {
	buf      []byte
	off      int
	lastRead int // 0: none; -1: a byte; 1-4: a rune of that size
}

func NewBuffer(buf []byte) *Buffer { return &Buffer{buf: buf} }

func NewBufferString(s string) *Buffer { return &Buffer{buf: []byte(s)} }

func (b *Buffer) Bytes() []byte { return b.buf[b.off:] }

func (b *Buffer) AvailableBuffer() []byte { return b.buf[len(b.buf):] }

// String returns the unread contents ("<nil>" for a nil *Buffer).
func (b *Buffer) String() string {
	if b == nil {
		return "<nil>"
	}
	return string(b.buf[b.off:])
}

func (b *Buffer) empty() bool { return len(b.buf) <= b.off }

func (b *Buffer) Len() int { return len(b.buf) - b.off }

func (b *Buffer) Cap() int { return cap(b.buf) }

func (b *Buffer) Available() int { return cap(b.buf) - len(b.buf) }

func (b *Buffer) Truncate(n int) {
	if n == 0 {
		b.Reset()
		return
	}
	b.lastRead = 0
	if n < 0 || n > b.Len() {
		panic("bytes.Buffer: truncation out of range")
	}
	b.buf = b.buf[:b.off+n]
}

func (b *Buffer) Reset() {
	b.buf = b.buf[:0]
	b.off = 0
	b.lastRead = 0
}

// grow makes room for n more bytes and returns where they go.
func (b *Buffer) grow(n int) int {
	m := b.Len()
	if m == 0 && b.off != 0 {
		b.Reset()
	}
	if len(b.buf)+n <= cap(b.buf) {
		l := len(b.buf)
		b.buf = b.buf[:l+n]
		return l
	}
	c := cap(b.buf)
	if n <= c/2-m {
		copy(b.buf, b.buf[b.off:])
	} else {
		nb := make([]byte, m, 2*c+n)
		copy(nb, b.buf[b.off:])
		b.buf = nb
	}
	b.off = 0
	b.buf = b.buf[:m+n]
	return m
}

func (b *Buffer) Grow(n int) {
	if n < 0 {
		panic("bytes.Buffer.Grow: negative count")
	}
	m := b.grow(n)
	b.buf = b.buf[:m]
}

func (b *Buffer) Write(p []byte) (n int, err error) {
	b.lastRead = 0
	m := b.grow(len(p))
	return copy(b.buf[m:], p), nil
}

func (b *Buffer) WriteString(s string) (n int, err error) {
	b.lastRead = 0
	m := b.grow(len(s))
	return copy(b.buf[m:], s), nil
}

func (b *Buffer) WriteByte(c byte) error {
	b.lastRead = 0
	m := b.grow(1)
	b.buf[m] = c
	return nil
}

func (b *Buffer) WriteRune(r rune) (n int, err error) {
	if uint32(r) < utf8.RuneSelf {
		b.WriteByte(byte(r))
		return 1, nil
	}
	b.lastRead = 0
	m := b.Len()
	b.buf = utf8.AppendRune(b.buf[:b.off+m], r)
	return len(b.buf) - b.off - m, nil
}

func (b *Buffer) ReadFrom(r io.Reader) (n int64, err error) {
	b.lastRead = 0
	for {
		i := b.grow(MinRead)
		b.buf = b.buf[:i]
		m, e := r.Read(b.buf[i:cap(b.buf)])
		if m < 0 {
			panic(errNegativeRead)
		}
		b.buf = b.buf[:i+m]
		n += int64(m)
		if e == io.EOF {
			return n, nil
		}
		if e != nil {
			return n, e
		}
	}
}

func (b *Buffer) WriteTo(w io.Writer) (n int64, err error) {
	b.lastRead = 0
	if nBytes := b.Len(); nBytes > 0 {
		m, e := w.Write(b.buf[b.off:])
		if m > nBytes {
			panic("bytes.Buffer.WriteTo: invalid Write count")
		}
		b.off += m
		n = int64(m)
		if e != nil {
			return n, e
		}
		if m != nBytes {
			return n, io.ErrShortWrite
		}
	}
	b.Reset()
	return n, nil
}

func (b *Buffer) Read(p []byte) (n int, err error) {
	b.lastRead = 0
	if b.empty() {
		b.Reset()
		if len(p) == 0 {
			return 0, nil
		}
		return 0, io.EOF
	}
	n = copy(p, b.buf[b.off:])
	b.off += n
	if n > 0 {
		b.lastRead = -1
	}
	return n, nil
}

func (b *Buffer) Next(n int) []byte {
	b.lastRead = 0
	m := b.Len()
	if n > m {
		n = m
	}
	data := b.buf[b.off : b.off+n]
	b.off += n
	if n > 0 {
		b.lastRead = -1
	}
	return data
}

func (b *Buffer) ReadByte() (byte, error) {
	if b.empty() {
		b.Reset()
		return 0, io.EOF
	}
	c := b.buf[b.off]
	b.off++
	b.lastRead = -1
	return c, nil
}

func (b *Buffer) ReadRune() (r rune, size int, err error) {
	if b.empty() {
		b.Reset()
		return 0, 0, io.EOF
	}
	c := b.buf[b.off]
	if c < utf8.RuneSelf {
		b.off++
		b.lastRead = 1
		return rune(c), 1, nil
	}
	r, n := utf8.DecodeRune(b.buf[b.off:])
	b.off += n
	b.lastRead = n
	return r, n, nil
}

func (b *Buffer) UnreadRune() error {
	if b.lastRead <= 0 {
		return errors.New("bytes.Buffer: UnreadRune: previous operation was not a successful ReadRune")
	}
	if b.off >= b.lastRead {
		b.off -= b.lastRead
	}
	b.lastRead = 0
	return nil
}

func (b *Buffer) UnreadByte() error {
	if b.lastRead == 0 {
		return errUnreadByte
	}
	b.lastRead = 0
	if b.off > 0 {
		b.off--
	}
	return nil
}

func (b *Buffer) ReadBytes(delim byte) (line []byte, err error) {
	slice, err := b.readSlice(delim)
	line = append(line, slice...)
	return line, err
}

func (b *Buffer) readSlice(delim byte) (line []byte, err error) {
	i := IndexByte(b.buf[b.off:], delim)
	end := b.off + i + 1
	if i < 0 {
		end = len(b.buf)
		err = io.EOF
	}
	line = b.buf[b.off:end]
	b.off = end
	b.lastRead = -1
	return line, err
}

func (b *Buffer) ReadString(delim byte) (line string, err error) {
	slice, err := b.readSlice(delim)
	return string(slice), err
}

// A Reader reads from a byte slice.
type Reader struct {
	s        []byte
	i        int64
	prevRune int
}

func NewReader(b []byte) *Reader { return &Reader{b, 0, -1} }

func (r *Reader) Len() int {
	if r.i >= int64(len(r.s)) {
		return 0
	}
	return int(int64(len(r.s)) - r.i)
}

func (r *Reader) Size() int64 { return int64(len(r.s)) }

func (r *Reader) Read(b []byte) (n int, err error) {
	if r.i >= int64(len(r.s)) {
		return 0, io.EOF
	}
	r.prevRune = -1
	n = copy(b, r.s[r.i:])
	r.i += int64(n)
	return
}

func (r *Reader) ReadAt(b []byte, off int64) (n int, err error) {
	if off < 0 {
		return 0, errors.New("bytes.Reader.ReadAt: negative offset")
	}
	if off >= int64(len(r.s)) {
		return 0, io.EOF
	}
	n = copy(b, r.s[off:])
	if n < len(b) {
		err = io.EOF
	}
	return
}

func (r *Reader) ReadByte() (byte, error) {
	r.prevRune = -1
	if r.i >= int64(len(r.s)) {
		return 0, io.EOF
	}
	b := r.s[r.i]
	r.i++
	return b, nil
}

func (r *Reader) UnreadByte() error {
	if r.i <= 0 {
		return errors.New("bytes.Reader.UnreadByte: at beginning of slice")
	}
	r.prevRune = -1
	r.i--
	return nil
}

func (r *Reader) ReadRune() (ch rune, size int, err error) {
	if r.i >= int64(len(r.s)) {
		r.prevRune = -1
		return 0, 0, io.EOF
	}
	r.prevRune = int(r.i)
	if c := r.s[r.i]; c < utf8.RuneSelf {
		r.i++
		return rune(c), 1, nil
	}
	ch, size = utf8.DecodeRune(r.s[r.i:])
	r.i += int64(size)
	return
}

func (r *Reader) UnreadRune() error {
	if r.i <= 0 {
		return errors.New("bytes.Reader.UnreadRune: at beginning of slice")
	}
	if r.prevRune < 0 {
		return errors.New("bytes.Reader.UnreadRune: previous operation was not ReadRune")
	}
	r.i = int64(r.prevRune)
	r.prevRune = -1
	return nil
}

func (r *Reader) Seek(offset int64, whence int) (int64, error) {
	r.prevRune = -1
	var abs int64
	switch whence {
	case io.SeekStart:
		abs = offset
	case io.SeekCurrent:
		abs = r.i + offset
	case io.SeekEnd:
		abs = int64(len(r.s)) + offset
	default:
		return 0, errors.New("bytes.Reader.Seek: invalid whence")
	}
	if abs < 0 {
		return 0, errors.New("bytes.Reader.Seek: negative position")
	}
	r.i = abs
	return abs, nil
}

func (r *Reader) WriteTo(w io.Writer) (n int64, err error) {
	r.prevRune = -1
	if r.i >= int64(len(r.s)) {
		return 0, nil
	}
	b := r.s[r.i:]
	m, err := w.Write(b)
	if m > len(b) {
		panic("bytes.Reader.WriteTo: invalid Write count")
	}
	r.i += int64(m)
	n = int64(m)
	if m != len(b) && err == nil {
		err = io.ErrShortWrite
	}
	return
}

func (r *Reader) Reset(b []byte) { *r = Reader{b, 0, -1} }

// CutLast slices s around the last instance of sep.
func CutLast(s, sep []byte) (before, after []byte, found bool) {
	if i := LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, nil, false
}

func SplitAfterSeq(s, sep []byte) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		for _, p := range SplitAfter(s, sep) {
			if !yield(p) {
				return
			}
		}
	}
}

func FieldsFuncSeq(s []byte, f func(rune) bool) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		for _, p := range FieldsFunc(s, f) {
			if !yield(p) {
				return
			}
		}
	}
}

// Peek returns the next n unread bytes without consuming them; fewer, with
// io.EOF, when the buffer holds fewer.
func (b *Buffer) Peek(n int) ([]byte, error) {
	if len(b.buf)-b.off < n {
		return b.buf[b.off:], io.EOF
	}
	return b.buf[b.off : b.off+n], nil
}

// ToUpperSpecial maps s to upper case, c's mappings first.
func ToUpperSpecial(c unicode.SpecialCase, s []byte) []byte { return Map(c.ToUpper, s) }

// ToLowerSpecial maps s to lower case, c's mappings first.
func ToLowerSpecial(c unicode.SpecialCase, s []byte) []byte { return Map(c.ToLower, s) }

// ToTitleSpecial maps s to title case, c's mappings first.
func ToTitleSpecial(c unicode.SpecialCase, s []byte) []byte { return Map(c.ToTitle, s) }
