// Package index/suffixarray as minigo provides it, in Go: substring
// search in logarithmic time over a suffix array.
package suffixarray

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// An Index holds data and its suffix array: the start offsets of every
// suffix of data, in the suffixes' lexicographic order.
type Index struct {
	data []byte
	sa   []int
}

// New builds the index for data by prefix doubling: suffixes are ranked
// by their first k bytes, then 2k, until every rank is distinct.
func New(data []byte) *Index {
	n := len(data)
	sa := make([]int, n)
	rank := make([]int, n)
	tmp := make([]int, n)
	for i := range sa {
		sa[i] = i
		rank[i] = int(data[i])
	}
	for k := 1; n > 1; k *= 2 {
		key := func(i int) int {
			if i+k < n {
				return rank[i+k]
			}
			return -1
		}
		sort.Slice(sa, func(a, b int) bool {
			x, y := sa[a], sa[b]
			if rank[x] != rank[y] {
				return rank[x] < rank[y]
			}
			return key(x) < key(y)
		})
		tmp[sa[0]] = 0
		for i := 1; i < n; i++ {
			prev, cur := sa[i-1], sa[i]
			tmp[cur] = tmp[prev]
			if rank[prev] != rank[cur] || key(prev) != key(cur) {
				tmp[cur]++
			}
		}
		copy(rank, tmp)
		if rank[sa[n-1]] == n-1 {
			break
		}
	}
	return &Index{data: data, sa: sa}
}

func (x *Index) Bytes() []byte { return x.data }

const (
	saVarintMax = 10
	saBufSize   = 16 << 10
)

var errCorrupted = errors.New("suffixarray: data corrupted")

func saPutUvarint(b []byte, v uint64) int {
	i := 0
	for v >= 0x80 {
		b[i] = byte(v) | 0x80
		v >>= 7
		i++
	}
	b[i] = byte(v)
	return i + 1
}

func saUvarint(b []byte) (uint64, int) {
	var v uint64
	var s uint
	for i, c := range b {
		if i == saVarintMax {
			return 0, -(i + 1)
		}
		if c < 0x80 {
			if i == saVarintMax-1 && c > 1 {
				return 0, -(i + 1)
			}
			return v | uint64(c)<<s, i + 1
		}
		v |= uint64(c&0x7f) << s
		s += 7
	}
	return 0, 0
}

func saPutVarint(b []byte, v int64) {
	u := uint64(v) << 1
	if v < 0 {
		u = ^u
	}
	saPutUvarint(b, u)
}

func saVarint(b []byte) int64 {
	u, _ := saUvarint(b)
	v := int64(u >> 1)
	if u&1 != 0 {
		v = ^v
	}
	return v
}

// The serialized form is Go's: the data length as a varint in 10 bytes,
// the data, then chunks of at most 16 KiB: the chunk's size as a varint
// in 10 bytes followed by the suffix array's entries as uvarints.

func (x *Index) Write(w io.Writer) error {
	buf := make([]byte, saBufSize)
	saPutVarint(buf, int64(len(x.data)))
	if _, err := w.Write(buf[:saVarintMax]); err != nil {
		return err
	}
	if _, err := w.Write(x.data); err != nil {
		return err
	}
	for i := 0; i < len(x.sa); {
		clear(buf[:saVarintMax])
		p := saVarintMax
		for ; i < len(x.sa) && p+saVarintMax <= len(buf); i++ {
			p += saPutUvarint(buf[p:], uint64(x.sa[i]))
		}
		saPutVarint(buf, int64(p))
		if _, err := w.Write(buf[:p]); err != nil {
			return err
		}
	}
	return nil
}

func (x *Index) Read(r io.Reader) error {
	buf := make([]byte, saBufSize)
	readSize := func() (int, error) {
		_, err := io.ReadFull(r, buf[:saVarintMax])
		v := saVarint(buf[:saVarintMax])
		if err != nil {
			return 0, err
		}
		if v < 0 || int64(int(v)) != v {
			return 0, errCorrupted
		}
		return int(v), nil
	}
	n, err := readSize()
	if err != nil {
		return err
	}
	x.data = make([]byte, n)
	x.sa = make([]int, n)
	if _, err := io.ReadFull(r, x.data); err != nil {
		return err
	}
	for i := 0; i < n; {
		size, err := readSize()
		if err != nil {
			return err
		}
		if size > len(buf) || size < saVarintMax {
			return errCorrupted
		}
		if _, err := io.ReadFull(r, buf[saVarintMax:size]); err != nil {
			return err
		}
		for p := saVarintMax; p < size; i++ {
			v, w := saUvarint(buf[p:size])
			if i >= n || v >= uint64(n) || w <= 0 {
				return errCorrupted
			}
			x.sa[i] = int(v)
			p += w
		}
	}
	return nil
}

// matches returns the part of the suffix array whose suffixes start
// with s.
func (x *Index) matches(s []byte) []int {
	i := sort.Search(len(x.sa), func(k int) bool { return bytes.Compare(x.data[x.sa[k]:], s) >= 0 })
	j := i + sort.Search(len(x.sa)-i, func(k int) bool { return !bytes.HasPrefix(x.data[x.sa[i+k]:], s) })
	return x.sa[i:j]
}

func (x *Index) Lookup(s []byte, n int) (result []int) {
	if len(s) == 0 || n == 0 {
		return nil
	}
	m := x.matches(s)
	if n < 0 || len(m) < n {
		n = len(m)
	}
	if n > 0 {
		result = make([]int, n)
		copy(result, m)
	}
	return result
}

func (x *Index) FindAllIndex(r *regexp.Regexp, n int) (result [][]int) {
	prefix, complete := saLiteralPrefix(r.String())
	if prefix == "" {
		return r.FindAllIndex(x.data, n)
	}
	lit := []byte(prefix)
	var anchored *regexp.Regexp
	if !complete {
		anchored = regexp.MustCompile("^" + r.String())
	}
	// Ask the index for n candidates; when overlaps or failed matches
	// leave fewer than n results, ask again for more.
	for want := n; ; want += 2 * (n - len(result)) {
		found := x.Lookup(lit, want)
		if len(found) == 0 {
			return result
		}
		slices.Sort(found)
		result = nil
		end := 0
		for _, i := range found {
			if len(result) == n {
				break
			}
			if complete {
				if end <= i {
					result = append(result, []int{i, i + len(lit)})
					end = i + len(lit)
				}
				continue
			}
			m := anchored.FindIndex(x.data[i:])
			if m != nil && end <= i {
				result = append(result, []int{i, i + m[1]})
				end = i + m[1]
			}
		}
		if len(result) >= n || len(found) != want {
			break
		}
	}
	if len(result) == 0 {
		result = nil
	}
	return result
}

// saLiteralPrefix is regexp.Regexp.LiteralPrefix computed from the
// pattern's text: the literal string every match starts with, and
// whether it is the whole pattern. It follows RE2's simplifications for
// the common forms (x+ starts with x, x{n} is n x's, a group of literals
// is those literals, alternatives share their common prefix); a form it
// does not know ends the prefix.
func saLiteralPrefix(pat string) (string, bool) {
	if alts := saSplitTop(pat); len(alts) > 1 {
		common := ""
		for i, a := range alts {
			p, _ := saLiteralPrefix(a)
			if i == 0 {
				common = p
				continue
			}
			n := 0
			for n < len(common) && n < len(p) && common[n] == p[n] {
				n++
			}
			for n > 0 && n < len(common) && !utf8.RuneStart(common[n]) {
				n--
			}
			common = common[:n]
		}
		return common, false
	}
	complete := true
	if strings.HasPrefix(pat, "^") {
		pat = pat[1:]
		complete = false
	}
	var b strings.Builder
	for pat != "" {
		lit, rest, ok := saLiteralAtom(pat)
		if !ok {
			return b.String(), false
		}
		// A quantifier after the atom.
		switch {
		case rest == "":
		case rest[0] == '*' || rest[0] == '?':
			return b.String(), false
		case rest[0] == '+':
			b.WriteString(lit)
			return b.String(), false
		case rest[0] == '{':
			end := strings.IndexByte(rest, '}')
			if end < 0 {
				return b.String(), false
			}
			spec := rest[1:end]
			lo, hi, ranged := strings.Cut(spec, ",")
			n, err := strconv.Atoi(lo)
			if err != nil {
				return b.String(), false
			}
			for i := 0; i < n; i++ {
				b.WriteString(lit)
			}
			if ranged && hi != lo {
				return b.String(), false
			}
			pat = rest[end+1:]
			if strings.HasPrefix(pat, "?") {
				pat = pat[1:]
			}
			continue
		}
		b.WriteString(lit)
		pat = rest
	}
	return b.String(), complete
}

// saSplitTop splits pat at its top-level '|'.
func saSplitTop(pat string) []string {
	var parts []string
	depth, start := 0, 0
	inClass := false
	for i := 0; i < len(pat); i++ {
		switch c := pat[i]; {
		case c == '\\':
			i++
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
			if i+1 < len(pat) && pat[i+1] == ']' {
				i++
			}
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == '|' && depth == 0:
			parts = append(parts, pat[start:i])
			start = i + 1
		}
	}
	return append(parts, pat[start:])
}

// saLiteralAtom reads one literal atom at the start of pat: a plain or
// escaped punctuation character, a one-character class, or a group of
// literals.
func saLiteralAtom(pat string) (lit, rest string, ok bool) {
	c := pat[0]
	switch {
	case c == '\\':
		if len(pat) > 1 && pat[1] < utf8.RuneSelf && !('a' <= pat[1] && pat[1] <= 'z' || 'A' <= pat[1] && pat[1] <= 'Z' || '0' <= pat[1] && pat[1] <= '9') {
			return pat[1:2], pat[2:], true
		}
		return "", pat, false
	case c == '[':
		if len(pat) >= 3 && pat[2] == ']' && !strings.ContainsRune("^\\[]", rune(pat[1])) {
			return pat[1:2], pat[3:], true
		}
		return "", pat, false
	case c == '(':
		if len(pat) > 1 && pat[1] == '?' {
			return "", pat, false
		}
		end := strings.IndexByte(pat, ')')
		if end < 0 {
			return "", pat, false
		}
		inner := pat[1:end]
		if p, whole := saLiteralPrefix(inner); whole && !strings.ContainsAny(inner, "()") {
			return p, pat[end+1:], true
		}
		return "", pat, false
	case strings.IndexByte(".+*?()|[]{}^$", c) >= 0:
		return "", pat, false
	}
	_, w := utf8.DecodeRuneInString(pat)
	return pat[:w], pat[w:], true
}
