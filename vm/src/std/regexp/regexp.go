// Package regexp as minigo provides it: compiling and matching are native
// (the regex crate, behind Go's parser: vm/src/std/regexp); the Find,
// Replace, Expand and Split families are written here on top of two
// primitives, "match at a position" and "all matches".
//
// Not provided: CompilePOSIX, MustCompilePOSIX, Longest (leftmost-longest
// matching), LiteralPrefix and the io.RuneReader methods.
package regexp

import (
	"regexp/syntax"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Regexp is the representation of a compiled regular expression.
// A Regexp is safe for concurrent use by multiple goroutines.
type Regexp struct {
	expr        string
	prog        int // the native program (see mod.rs); 0 in a zero Regexp
	numSubexp   int
	subexpNames []string
}

// Natives. compile returns a program and the subexpression names, or
// Go's error (code and quoted text). find returns the leftmost match at
// or after pos as index pairs (ncap 2: the match only; more: every
// group), nil for none; all returns successive matches, concatenated,
// by the rules of the Find...All methods, or with repl of ReplaceAll.
func compile(expr string) (prog int, names []string, code string, errExpr string)
func matchString(prog int, s string) bool
func matchBytes(prog int, b []byte) bool
func findString(prog int, s string, pos, ncap int) []int
func findBytes(prog int, b []byte, pos, ncap int) []int
func allString(prog int, s string, n, ncap int, repl bool) []int
func allBytes(prog int, b []byte, n, ncap int, repl bool) []int

// String returns the source text used to compile the regular expression.
func (re *Regexp) String() string {
	return re.expr
}

// Copy returns a new Regexp object copied from re.
func (re *Regexp) Copy() *Regexp {
	re2 := *re
	return &re2
}

// Compile parses a regular expression and returns, if successful,
// a Regexp object that can be used to match against text.
func Compile(expr string) (*Regexp, error) {
	prog, names, code, at := compile(expr)
	if code != "" {
		return nil, &syntax.Error{Code: syntax.ErrorCode(code), Expr: at}
	}
	return &Regexp{expr: expr, prog: prog, numSubexp: len(names) - 1, subexpNames: names}, nil
}

// MustCompile is like Compile but panics if the expression cannot be parsed.
func MustCompile(str string) *Regexp {
	re, err := Compile(str)
	if err != nil {
		panic(`regexp: Compile(` + quote(str) + `): ` + err.Error())
	}
	return re
}

func quote(s string) string {
	if canBackquote(s) {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}

// canBackquote is strconv.CanBackquote.
func canBackquote(s string) bool {
	for len(s) > 0 {
		r, w := utf8.DecodeRuneInString(s)
		s = s[w:]
		if w > 1 {
			if r == '\ufeff' {
				return false
			}
			continue
		}
		if r == utf8.RuneError || r < ' ' && r != '\t' || r == '`' || r == '\u007F' {
			return false
		}
	}
	return true
}

// NumSubexp returns the number of parenthesized subexpressions in this Regexp.
func (re *Regexp) NumSubexp() int {
	return re.numSubexp
}

// SubexpNames returns the names of the parenthesized subexpressions
// in this Regexp; names[0] is always the empty string.
func (re *Regexp) SubexpNames() []string {
	return re.subexpNames
}

// SubexpIndex returns the index of the first subexpression with the given
// name, or -1 if there is no subexpression with that name.
func (re *Regexp) SubexpIndex(name string) int {
	if name == "" {
		return -1
	}
	for i, s := range re.subexpNames {
		if s == name {
			return i
		}
	}
	return -1
}

// MatchString reports whether the string s contains any match of re.
func (re *Regexp) MatchString(s string) bool {
	return matchString(re.prog, s)
}

// Match reports whether the byte slice b contains any match of re.
func (re *Regexp) Match(b []byte) bool {
	return matchBytes(re.prog, b)
}

// MatchString reports whether the string s contains any match of the
// regular expression pattern.
func MatchString(pattern string, s string) (matched bool, err error) {
	re, err := Compile(pattern)
	if err != nil {
		return false, err
	}
	return re.MatchString(s), nil
}

// Match reports whether the byte slice b contains any match of the
// regular expression pattern.
func Match(pattern string, b []byte) (matched bool, err error) {
	re, err := Compile(pattern)
	if err != nil {
		return false, err
	}
	return re.Match(b), nil
}

// QuoteMeta returns a string that escapes all regular expression
// metacharacters inside the argument text.
func QuoteMeta(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\', '.', '+', '*', '?', '(', ')', '|', '[', ']', '{', '}', '^', '$':
			if b == nil {
				b = append(make([]byte, 0, 2*len(s)), s[:i]...)
			}
			b = append(b, '\\', s[i])
		default:
			if b != nil {
				b = append(b, s[i])
			}
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

// ncap is the number of indices a submatch search reports.
func (re *Regexp) ncap() int {
	return 2 * (re.numSubexp + 1)
}

// Find returns a slice holding the text of the leftmost match in b;
// nil for no match.
func (re *Regexp) Find(b []byte) []byte {
	a := findBytes(re.prog, b, 0, 2)
	if a == nil {
		return nil
	}
	return b[a[0]:a[1]:a[1]]
}

// FindIndex returns the location of the leftmost match in b; nil for no
// match.
func (re *Regexp) FindIndex(b []byte) []int {
	return findBytes(re.prog, b, 0, 2)
}

// FindString returns the text of the leftmost match in s; "" both for no
// match and for an empty match.
func (re *Regexp) FindString(s string) string {
	a := findString(re.prog, s, 0, 2)
	if a == nil {
		return ""
	}
	return s[a[0]:a[1]]
}

// FindStringIndex returns the location of the leftmost match in s; nil
// for no match.
func (re *Regexp) FindStringIndex(s string) []int {
	return findString(re.prog, s, 0, 2)
}

// FindSubmatch returns the leftmost match in b and its submatches; nil
// for no match.
func (re *Regexp) FindSubmatch(b []byte) [][]byte {
	a := findBytes(re.prog, b, 0, re.ncap())
	if a == nil {
		return nil
	}
	return subBytes(b, a)
}

func subBytes(b []byte, a []int) [][]byte {
	out := make([][]byte, len(a)/2)
	for i := range out {
		if a[2*i] >= 0 {
			out[i] = b[a[2*i]:a[2*i+1]:a[2*i+1]]
		}
	}
	return out
}

// FindStringSubmatch returns the leftmost match in s and its
// submatches; nil for no match.
func (re *Regexp) FindStringSubmatch(s string) []string {
	a := findString(re.prog, s, 0, re.ncap())
	if a == nil {
		return nil
	}
	return subStrings(s, a)
}

func subStrings(s string, a []int) []string {
	out := make([]string, len(a)/2)
	for i := range out {
		if a[2*i] >= 0 {
			out[i] = s[a[2*i]:a[2*i+1]]
		}
	}
	return out
}

// FindSubmatchIndex returns the index pairs of the leftmost match in b
// and its submatches; nil for no match.
func (re *Regexp) FindSubmatchIndex(b []byte) []int {
	return findBytes(re.prog, b, 0, re.ncap())
}

// FindStringSubmatchIndex returns the index pairs of the leftmost match
// in s and its submatches; nil for no match.
func (re *Regexp) FindStringSubmatchIndex(s string) []int {
	return findString(re.prog, s, 0, re.ncap())
}

// split cuts a concatenation of matches of k indices each.
func split(a []int, k int) [][]int {
	if len(a) == 0 {
		return nil
	}
	out := make([][]int, 0, len(a)/k)
	for i := 0; i < len(a); i += k {
		out = append(out, a[i:i+k:i+k])
	}
	return out
}

// FindAll returns successive matches in b, at most n if n >= 0.
func (re *Regexp) FindAll(b []byte, n int) [][]byte {
	ms := split(allBytes(re.prog, b, n, 2, false), 2)
	if ms == nil {
		return nil
	}
	out := make([][]byte, len(ms))
	for i, m := range ms {
		out[i] = b[m[0]:m[1]:m[1]]
	}
	return out
}

// FindAllIndex returns the locations of successive matches in b.
func (re *Regexp) FindAllIndex(b []byte, n int) [][]int {
	return split(allBytes(re.prog, b, n, 2, false), 2)
}

// FindAllString returns successive matches in s, at most n if n >= 0.
func (re *Regexp) FindAllString(s string, n int) []string {
	ms := split(allString(re.prog, s, n, 2, false), 2)
	if ms == nil {
		return nil
	}
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = s[m[0]:m[1]]
	}
	return out
}

// FindAllStringIndex returns the locations of successive matches in s.
func (re *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return split(allString(re.prog, s, n, 2, false), 2)
}

// FindAllSubmatch returns successive matches in b with their submatches.
func (re *Regexp) FindAllSubmatch(b []byte, n int) [][][]byte {
	ms := split(allBytes(re.prog, b, n, re.ncap(), false), re.ncap())
	if ms == nil {
		return nil
	}
	out := make([][][]byte, len(ms))
	for i, m := range ms {
		out[i] = subBytes(b, m)
	}
	return out
}

// FindAllSubmatchIndex returns the index pairs of successive matches in
// b and their submatches.
func (re *Regexp) FindAllSubmatchIndex(b []byte, n int) [][]int {
	return split(allBytes(re.prog, b, n, re.ncap(), false), re.ncap())
}

// FindAllStringSubmatch returns successive matches in s with their
// submatches.
func (re *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	ms := split(allString(re.prog, s, n, re.ncap(), false), re.ncap())
	if ms == nil {
		return nil
	}
	out := make([][]string, len(ms))
	for i, m := range ms {
		out[i] = subStrings(s, m)
	}
	return out
}

// FindAllStringSubmatchIndex returns the index pairs of successive
// matches in s and their submatches.
func (re *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return split(allString(re.prog, s, n, re.ncap(), false), re.ncap())
}

// replace builds src with every match (by ReplaceAll's rules) replaced by
// what repl appends; matches carry k indices each.
func replace(src string, matches []int, k int, repl func(dst []byte, m []int) []byte) []byte {
	var buf []byte
	last := 0
	for i := 0; i < len(matches); i += k {
		m := matches[i : i+k]
		buf = append(buf, src[last:m[0]]...)
		buf = repl(buf, m)
		last = m[1]
	}
	return append(buf, src[last:]...)
}

// hasDollar reports whether a replacement template needs the submatches.
func hasDollar(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '$' {
			return true
		}
	}
	return false
}

// ReplaceAllString returns a copy of src, replacing matches of re with
// the replacement string repl, in which $ signs are interpreted as in
// Expand.
func (re *Regexp) ReplaceAllString(src, repl string) string {
	k := 2
	if hasDollar(repl) {
		k = re.ncap()
	}
	b := replace(src, allString(re.prog, src, -1, k, true), k, func(dst []byte, m []int) []byte {
		return re.expand(dst, repl, nil, src, m)
	})
	return string(b)
}

// ReplaceAllLiteralString returns a copy of src, replacing matches of re
// with repl, substituted directly.
func (re *Regexp) ReplaceAllLiteralString(src, repl string) string {
	b := replace(src, allString(re.prog, src, -1, 2, true), 2, func(dst []byte, m []int) []byte {
		return append(dst, repl...)
	})
	return string(b)
}

// ReplaceAllStringFunc returns a copy of src in which every match of re
// is replaced by repl applied to the matched text.
func (re *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	b := replace(src, allString(re.prog, src, -1, 2, true), 2, func(dst []byte, m []int) []byte {
		return append(dst, repl(src[m[0]:m[1]])...)
	})
	return string(b)
}

// ReplaceAll returns a copy of src, replacing matches of re with repl, in
// which $ signs are interpreted as in Expand.
func (re *Regexp) ReplaceAll(src, repl []byte) []byte {
	k := 2
	srepl := string(repl)
	if hasDollar(srepl) {
		k = re.ncap()
	}
	b := replace(string(src), allBytes(re.prog, src, -1, k, true), k, func(dst []byte, m []int) []byte {
		return re.expand(dst, srepl, src, "", m)
	})
	return b
}

// ReplaceAllLiteral returns a copy of src, replacing matches of re with
// repl, substituted directly.
func (re *Regexp) ReplaceAllLiteral(src, repl []byte) []byte {
	return replace(string(src), allBytes(re.prog, src, -1, 2, true), 2, func(dst []byte, m []int) []byte {
		return append(dst, repl...)
	})
}

// ReplaceAllFunc returns a copy of src in which every match of re is
// replaced by repl applied to the matched bytes.
func (re *Regexp) ReplaceAllFunc(src []byte, repl func([]byte) []byte) []byte {
	return replace(string(src), allBytes(re.prog, src, -1, 2, true), 2, func(dst []byte, m []int) []byte {
		return append(dst, repl(src[m[0]:m[1]])...)
	})
}

// Expand appends template to dst, with $name / ${name} variables replaced
// by the corresponding submatches of src given by match (as
// FindSubmatchIndex returns it); $$ is a literal $.
func (re *Regexp) Expand(dst []byte, template []byte, src []byte, match []int) []byte {
	return re.expand(dst, string(template), src, "", match)
}

// ExpandString is like Expand with a string template and source.
func (re *Regexp) ExpandString(dst []byte, template string, src string, match []int) []byte {
	return re.expand(dst, template, nil, src, match)
}

// expand appends template, expanded, to dst; the source is bsrc if it is
// not nil, else src.
func (re *Regexp) expand(dst []byte, template string, bsrc []byte, src string, match []int) []byte {
	group := func(i int) {
		if 2*i+1 < len(match) && match[2*i] >= 0 {
			if bsrc != nil {
				dst = append(dst, bsrc[match[2*i]:match[2*i+1]]...)
			} else {
				dst = append(dst, src[match[2*i]:match[2*i+1]]...)
			}
		}
	}
	for {
		i := 0
		for i < len(template) && template[i] != '$' {
			i++
		}
		dst = append(dst, template[:i]...)
		if i == len(template) {
			return dst
		}
		template = template[i+1:]
		if len(template) > 0 && template[0] == '$' {
			dst = append(dst, '$')
			template = template[1:]
			continue
		}
		name, num, rest, ok := extract(template)
		if !ok {
			// Not a variable: the $ is text.
			dst = append(dst, '$')
			continue
		}
		template = rest
		if num >= 0 {
			group(num)
			continue
		}
		for j, n := range re.subexpNames {
			if n == name && 2*j+1 < len(match) && match[2*j] >= 0 {
				group(j)
				break
			}
		}
	}
}

// extract parses the variable name after a $: "name" or "{name}" of
// letters, digits and underscores, as long as possible. num is its value
// when it is a decimal number without a leading zero (below 1e8), else -1.
func extract(s string) (name string, num int, rest string, ok bool) {
	if s == "" {
		return "", 0, "", false
	}
	brace := s[0] == '{'
	if brace {
		s = s[1:]
	}
	i := 0
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' {
			break
		}
		i += w
	}
	if i == 0 {
		return "", 0, "", false
	}
	name = s[:i]
	if brace {
		if i >= len(s) || s[i] != '}' {
			return "", 0, "", false
		}
		i++
	}
	num = 0
	for j := 0; j < len(name); j++ {
		c := name[j]
		if c < '0' || c > '9' || num >= 1e8 {
			num = -1
			break
		}
		num = num*10 + int(c-'0')
	}
	if len(name) > 1 && name[0] == '0' {
		num = -1
	}
	return name, num, s[i:], true
}

// Split slices s into the substrings between the matches of re: at most
// n (the last being the unsplit rest) if n > 0, nil if n == 0, all if
// n < 0.
func (re *Regexp) Split(s string, n int) []string {
	if n == 0 {
		return nil
	}
	if len(re.expr) > 0 && len(s) == 0 {
		return []string{""}
	}
	out := make([]string, 0)
	beg, end := 0, 0
	for _, m := range re.FindAllStringIndex(s, n) {
		if n > 0 && len(out) >= n-1 {
			break
		}
		end = m[0]
		if m[1] != 0 {
			out = append(out, s[beg:end])
		}
		beg = m[1]
	}
	if end != len(s) {
		out = append(out, s[beg:])
	}
	return out
}

// AppendText appends the source text of re to b.
func (re *Regexp) AppendText(b []byte) ([]byte, error) {
	return append(b, re.expr...), nil
}

// MarshalText returns the source text of re.
func (re *Regexp) MarshalText() ([]byte, error) {
	return re.AppendText(nil)
}

// UnmarshalText compiles text into re.
func (re *Regexp) UnmarshalText(text []byte) error {
	r, err := Compile(string(text))
	if err != nil {
		return err
	}
	*re = *r
	return nil
}
