// Package strings as minigo sees it: most functions are native; Builder
// and Replacer are written in Go.
package strings

import (
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
}

func NewReplacer(oldnew ...string) *Replacer {
	if len(oldnew)%2 == 1 {
		panic("strings.NewReplacer: odd argument count")
	}
	return &Replacer{oldnew: oldnew}
}

// Replace follows Go's generic replacer: at each position the first
// matching old string (in argument order) wins; an empty old string
// matches between runes.
func (r *Replacer) Replace(s string) string {
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

type Reader struct {
	s string
	i int
}

func NewReader(s string) *Reader {
	return &Reader{s, 0}
}

func (r *Reader) Len() int {
	return len(r.s) - r.i
}

func (r *Reader) Read(b []byte) (n int, err error) {
	if r.i >= len(r.s) {
		return 0, io.EOF
	}
	n = copy(b, r.s[r.i:])
	r.i += n
	return n, nil
}

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
