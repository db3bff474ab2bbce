// Package strings as minigo sees it: most functions are native; Builder
// and Replacer are written in Go.
package strings

import (
	"errors"
	"io"
	"iter"
	"unicode"
	"unicode/utf8"
)

func Contains(s, substr string) bool
func ContainsRune(s string, r rune) bool
func ContainsAny(s, chars string) bool
func Count(s, substr string) int
func EqualFold(s, t string) bool
func Fields(s string) []string
func Index(s, substr string) int
func IndexAny(s, chars string) int
func IndexByte(s string, c byte) int
func IndexRune(s string, r rune) int
func Join(elems []string, sep string) string
func LastIndex(s, substr string) int
func LastIndexByte(s string, c byte) int
func LastIndexAny(s, chars string) int
func Repeat(s string, count int) string
func Replace(s, old, new string, n int) string
func ReplaceAll(s, old, new string) string
func Split(s, sep string) []string
func SplitN(s, sep string, n int) []string
func SplitAfter(s, sep string) []string
func Title(s string) string
func ToLower(s string) string
func ToUpper(s string) string
func ToTitle(s string) string
func Trim(s, cutset string) string
func TrimLeft(s, cutset string) string
func TrimRight(s, cutset string) string
func TrimSpace(s string) string
func Compare(a, b string) int

func HasPrefix(s, prefix string) bool {
	return len(s) >= len(prefix) && s[:len(prefix)] == prefix
}

func HasSuffix(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix
}

func TrimPrefix(s, prefix string) string {
	if HasPrefix(s, prefix) {
		return s[len(prefix):]
	}
	return s
}

func TrimSuffix(s, suffix string) string {
	if HasSuffix(s, suffix) {
		return s[:len(s)-len(suffix)]
	}
	return s
}

func Cut(s, sep string) (before, after string, found bool) {
	if i := Index(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}

func CutPrefix(s, prefix string) (after string, found bool) {
	if !HasPrefix(s, prefix) {
		return s, false
	}
	return s[len(prefix):], true
}

func CutSuffix(s, suffix string) (before string, found bool) {
	if !HasSuffix(s, suffix) {
		return s, false
	}
	return s[:len(s)-len(suffix)], true
}

type Builder struct {
	buf []byte
}

func (b *Builder) String() string {
	return string(b.buf)
}

func (b *Builder) Len() int {
	return len(b.buf)
}

func (b *Builder) Cap() int {
	return cap(b.buf)
}

func (b *Builder) Reset() {
	b.buf = nil
}

func (b *Builder) Grow(n int) {
	if n < 0 {
		panic("strings.Builder.Grow: negative count")
	}
	if cap(b.buf)-len(b.buf) < n {
		nb := make([]byte, len(b.buf), 2*cap(b.buf)+n)
		copy(nb, b.buf)
		b.buf = nb
	}
}

func (b *Builder) Write(p []byte) (int, error) {
	b.buf = append(b.buf, p...)
	return len(p), nil
}

func (b *Builder) WriteByte(c byte) error {
	b.buf = append(b.buf, c)
	return nil
}

func (b *Builder) WriteRune(r rune) (int, error) {
	n := len(b.buf)
	b.buf = utf8.AppendRune(b.buf, r)
	return len(b.buf) - n, nil
}

func (b *Builder) WriteString(s string) (int, error) {
	b.buf = append(b.buf, s...)
	return len(s), nil
}

type Replacer struct {
	oldnew []string
	// ascii holds every old string when each is one ASCII byte (the
	// common "\n" → " " kind): Replace then finds the first of them with
	// the native IndexAny and returns s itself when there is none.
	ascii string
	// byteNew[c] is 1 + the index in oldnew of the first new string for
	// old byte c, when ascii is set.
	byteNew []int
}

func NewReplacer(oldnew ...string) *Replacer {
	if len(oldnew)%2 == 1 {
		panic("strings.NewReplacer: odd argument count")
	}
	r := &Replacer{oldnew: append([]string(nil), oldnew...)}
	var olds []byte
	for i := 0; i < len(oldnew); i += 2 {
		if len(oldnew[i]) != 1 || oldnew[i][0] >= utf8.RuneSelf {
			return r
		}
		olds = append(olds, oldnew[i][0])
	}
	if len(olds) == 0 {
		return r
	}
	r.byteNew = make([]int, utf8.RuneSelf)
	for i := len(oldnew) - 2; i >= 0; i -= 2 {
		r.byteNew[oldnew[i][0]] = i + 2
	}
	r.ascii = string(olds)
	return r
}

// Replace follows Go's generic replacer: at each position the first
// matching old string (in argument order) wins; an empty old string
// matches between runes.
func (r *Replacer) Replace(s string) string {
	if r.ascii != "" {
		i := IndexAny(s, r.ascii)
		if i < 0 {
			return s
		}
		b := make([]byte, 0, len(s)+8)
		for {
			b = append(b, s[:i]...)
			b = append(b, r.oldnew[r.byteNew[s[i]]-1]...)
			s = s[i+1:]
			if i = IndexAny(s, r.ascii); i < 0 {
				break
			}
		}
		b = append(b, s...)
		return string(b)
	}
	var b []byte
	i := 0
	for i <= len(s) {
		matched := false
		for k := 0; k < len(r.oldnew); k += 2 {
			old := r.oldnew[k]
			if HasPrefix(s[i:], old) {
				b = append(b, r.oldnew[k+1]...)
				if len(old) > 0 {
					i += len(old)
				} else {
					if i < len(s) {
						_, n := utf8.DecodeRuneInString(s[i:])
						b = append(b, s[i:i+n]...)
						i += n
					} else {
						i++
					}
				}
				matched = true
				break
			}
		}
		if !matched {
			if i >= len(s) {
				break
			}
			b = append(b, s[i])
			i++
		}
	}
	return string(b)
}

// A Reader reads from a string (io.Reader, ReaderAt, Seeker, WriterTo,
// ByteScanner, RuneScanner).
type Reader struct {
	s        string
	i        int64
	prevRune int
}

func NewReader(s string) *Reader { return &Reader{s, 0, -1} }

// Len returns the number of unread bytes.
func (r *Reader) Len() int {
	if r.i >= int64(len(r.s)) {
		return 0
	}
	return int(int64(len(r.s)) - r.i)
}

// Size returns the length of the underlying string.
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
		return 0, errors.New("strings.Reader.ReadAt: negative offset")
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
		return errors.New("strings.Reader.UnreadByte: at beginning of string")
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
	ch, size = utf8.DecodeRuneInString(r.s[r.i:])
	r.i += int64(size)
	return
}

func (r *Reader) UnreadRune() error {
	if r.i <= 0 {
		return errors.New("strings.Reader.UnreadRune: at beginning of string")
	}
	if r.prevRune < 0 {
		return errors.New("strings.Reader.UnreadRune: previous operation was not ReadRune")
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
		return 0, errors.New("strings.Reader.Seek: invalid whence")
	}
	if abs < 0 {
		return 0, errors.New("strings.Reader.Seek: negative position")
	}
	r.i = abs
	return abs, nil
}

func (r *Reader) WriteTo(w io.Writer) (n int64, err error) {
	r.prevRune = -1
	if r.i >= int64(len(r.s)) {
		return 0, nil
	}
	s := r.s[r.i:]
	m, err := io.WriteString(w, s)
	if m > len(s) {
		panic("strings.Reader.WriteTo: invalid WriteString count")
	}
	r.i += int64(m)
	n = int64(m)
	if m != len(s) && err == nil {
		err = io.ErrShortWrite
	}
	return
}

// Reset makes r read from s.
func (r *Reader) Reset(s string) { *r = Reader{s, 0, -1} }

// The functions taking a func are written in Go, not native: the func
// they call is ordinary Go code on the goroutine's stack, so it may
// block (a channel receive, a contended mutex) like any other call.

func IndexFunc(s string, f func(rune) bool) int {
	for i, r := range s {
		if f(r) {
			return i
		}
	}
	return -1
}

func LastIndexFunc(s string, f func(rune) bool) int {
	return lastIndexFunc(s, f, true)
}

func ContainsFunc(s string, f func(rune) bool) bool {
	return IndexFunc(s, f) >= 0
}

// lastIndexFunc is the byte index of the last rune r of s with
// f(r) == truth, or -1.
func lastIndexFunc(s string, f func(rune) bool, truth bool) int {
	for i := len(s); i > 0; {
		r, size := utf8.DecodeLastRuneInString(s[0:i])
		i -= size
		if f(r) == truth {
			return i
		}
	}
	return -1
}

func Map(mapping func(rune) rune, s string) string {
	// An invalid byte reads as U+FFFD, as Go's Map sees it.
	out := make([]byte, 0, len(s))
	for _, c := range s {
		if r := mapping(c); r >= 0 {
			out = utf8.AppendRune(out, r)
		}
	}
	return string(out)
}

func TrimLeftFunc(s string, f func(rune) bool) string {
	for i, r := range s {
		if !f(r) {
			return s[i:]
		}
	}
	return ""
}

func TrimRightFunc(s string, f func(rune) bool) string {
	i := lastIndexFunc(s, f, false)
	if i >= 0 && s[i] >= utf8.RuneSelf {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	} else {
		i++
	}
	return s[0:i]
}

func TrimFunc(s string, f func(rune) bool) string {
	return TrimRightFunc(TrimLeftFunc(s, f), f)
}

func FieldsFunc(s string, f func(rune) bool) []string {
	fields := []string{}
	start := -1
	for i, r := range s {
		if f(r) {
			if start >= 0 {
				fields = append(fields, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		fields = append(fields, s[start:])
	}
	return fields
}

// Lines yields the newline-terminated lines of s (the last one may lack
// its newline).
func Lines(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for len(s) > 0 {
			var line string
			if i := IndexByte(s, '\n'); i >= 0 {
				line, s = s[:i+1], s[i+1:]
			} else {
				line, s = s, ""
			}
			if !yield(line) {
				return
			}
		}
	}
}

func splitSeq(s, sep string, sepSave int) iter.Seq[string] {
	return func(yield func(string) bool) {
		if len(sep) == 0 {
			for len(s) > 0 {
				_, size := utf8.DecodeRuneInString(s)
				if !yield(s[:size]) {
					return
				}
				s = s[size:]
			}
			return
		}
		for {
			i := Index(s, sep)
			if i < 0 {
				break
			}
			frag := s[:i+sepSave]
			if !yield(frag) {
				return
			}
			s = s[i+len(sep):]
		}
		yield(s)
	}
}

func SplitSeq(s, sep string) iter.Seq[string] { return splitSeq(s, sep, 0) }

func SplitAfterSeq(s, sep string) iter.Seq[string] { return splitSeq(s, sep, len(sep)) }

func FieldsSeq(s string) iter.Seq[string] {
	return FieldsFuncSeq(s, unicode.IsSpace)
}

func FieldsFuncSeq(s string, f func(rune) bool) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := -1
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			if f(r) {
				if start >= 0 {
					if !yield(s[start:i]) {
						return
					}
					start = -1
				}
			} else if start < 0 {
				start = i
			}
			i += size
		}
		if start >= 0 {
			yield(s[start:])
		}
	}
}

// ToValidUTF8 replaces each run of invalid UTF-8 bytes in s by
// replacement.
func ToValidUTF8(s, replacement string) string {
	var b []byte
	invalid := false
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			invalid = false
			b = append(b, c)
			continue
		}
		_, wid := utf8.DecodeRuneInString(s[i:])
		if wid == 1 {
			i++
			if !invalid {
				invalid = true
				b = append(b, replacement...)
			}
			continue
		}
		invalid = false
		b = append(b, s[i:i+wid]...)
		i += wid
	}
	return string(b)
}

// Clone returns a fresh copy of s ("" stays "").
func Clone(s string) string {
	if len(s) == 0 {
		return ""
	}
	return string([]byte(s))
}

// CutLast slices s around the last instance of sep.
func CutLast(s, sep string) (before, after string, found bool) {
	if i := LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}

// SplitAfterN slices s after each instance of sep, into at most n
// substrings (all of them when n < 0; none when n == 0).
func SplitAfterN(s, sep string, n int) []string {
	if n == 0 {
		return nil
	}
	if sep == "" {
		return SplitN(s, sep, n)
	}
	if n < 0 {
		n = Count(s, sep) + 1
	}
	var out []string
	for len(out) < n-1 {
		i := Index(s, sep)
		if i < 0 {
			break
		}
		out = append(out, s[:i+len(sep)])
		s = s[i+len(sep):]
	}
	return append(out, s)
}

// WriteString writes s with the replacements done to w.
func (r *Replacer) WriteString(w io.Writer, s string) (n int, err error) {
	return io.WriteString(w, r.Replace(s))
}

// ToUpperSpecial maps s to upper case, c's mappings first.
func ToUpperSpecial(c unicode.SpecialCase, s string) string { return Map(c.ToUpper, s) }

// ToLowerSpecial maps s to lower case, c's mappings first.
func ToLowerSpecial(c unicode.SpecialCase, s string) string { return Map(c.ToLower, s) }

// ToTitleSpecial maps s to title case, c's mappings first.
func ToTitleSpecial(c unicode.SpecialCase, s string) string { return Map(c.ToTitle, s) }
