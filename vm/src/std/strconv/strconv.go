// Package strconv as minigo sees it. Parsing is native and returns an
// error code; the Go wrappers build Go's *NumError values.
package strconv

import (
	"errors"
	"unicode"
	"unicode/utf8"
)

var ErrRange = errors.New("value out of range")

var ErrSyntax = errors.New("invalid syntax")

type NumError struct {
	Func string
	Num  string
	Err  error
}

func (e *NumError) Error() string {
	return "strconv." + e.Func + ": " + "parsing " + Quote(e.Num) + ": " + e.Err.Error()
}

func (e *NumError) Unwrap() error {
	return e.Err
}

const IntSize = 64

// Native parsers: code 0 = ok, 1 = syntax error, 2 = out of range (the
// value is then clamped as Go does), 3 = invalid base, 4 = invalid bit size.
func parseInt(s string, base int, bitSize int) (int64, int)
func parseUint(s string, base int, bitSize int) (uint64, int)
func parseFloat(s string, bitSize int) (float64, int)

func numError(fn, s string, code int) error {
	return numErrorArg(fn, s, code, 0)
}

// numErrorArg: arg is the offending base or bit size (codes 3 and 4).
func numErrorArg(fn, s string, code int, arg int) error {
	if code == 2 {
		return &NumError{fn, s, ErrRange}
	}
	if code == 3 {
		return &NumError{fn, s, errors.New("invalid base " + Itoa(arg))}
	}
	if code == 4 {
		return &NumError{fn, s, errors.New("invalid bit size " + Itoa(arg))}
	}
	return &NumError{fn, s, ErrSyntax}
}

func Atoi(s string) (int, error) {
	n, code := parseInt(s, 10, 0)
	if code != 0 {
		if code == 1 {
			return 0, numError("Atoi", s, code)
		}
		return int(n), numError("Atoi", s, code)
	}
	return int(n), nil
}

func ParseInt(s string, base int, bitSize int) (int64, error) {
	n, code := parseInt(s, base, bitSize)
	if code == 4 {
		return n, numErrorArg("ParseInt", s, code, bitSize)
	}
	if code != 0 {
		return n, numErrorArg("ParseInt", s, code, base)
	}
	return n, nil
}

func ParseUint(s string, base int, bitSize int) (uint64, error) {
	n, code := parseUint(s, base, bitSize)
	if code == 4 {
		return n, numErrorArg("ParseUint", s, code, bitSize)
	}
	if code != 0 {
		return n, numErrorArg("ParseUint", s, code, base)
	}
	return n, nil
}

func ParseFloat(s string, bitSize int) (float64, error) {
	f, code := parseFloat(s, bitSize)
	if code != 0 {
		return f, numError("ParseFloat", s, code)
	}
	return f, nil
}

// ParseComplex parses s as a complex number: "N", "Ni" or "N±Ni", each
// N a float as ParseFloat reads it (Inf and NaN included), optionally in
// parentheses. bitSize 64 parses each part as a float32 (complex64), any
// other as a float64. A part out of range gives Go's ErrRange with the
// value still returned; anything else malformed, ErrSyntax and 0.
func ParseComplex(s string, bitSize int) (complex128, error) {
	size := 64
	if bitSize == 64 {
		size = 32
	}
	orig := s
	if len(s) >= 2 && s[0] == '(' && s[len(s)-1] == ')' {
		s = s[1 : len(s)-1]
	}
	var pending error
	// part reads the float at the start of s, noting a range error.
	part := func() (float64, bool) {
		n := floatPrefixLen(s)
		if n == 0 {
			return 0, false
		}
		f, code := parseFloat(s[:n], size)
		if code == 2 {
			pending = &NumError{"ParseComplex", orig, ErrRange}
		} else if code != 0 {
			return 0, false
		}
		s = s[n:]
		return f, true
	}
	syntax := &NumError{"ParseComplex", orig, ErrSyntax}
	re, ok := part()
	if !ok {
		return 0, syntax
	}
	if s == "" {
		return complex(re, 0), pending
	}
	switch {
	case s[0] == '+':
		// "+NaNi" and "+Infi": the sign is consumed here, since NaN takes
		// none; a doubled sign stays an error.
		if len(s) > 1 && s[1] != '+' {
			s = s[1:]
		}
	case s[0] == '-':
	case s == "i":
		return complex(0, re), pending
	default:
		return 0, syntax
	}
	im, ok := part()
	if !ok || s != "i" {
		return 0, syntax
	}
	return complex(re, im), pending
}

// floatPrefixLen is the length of the float literal at the start of s as
// ParseFloat's scanner reads it (sign, "inf", "infinity" or "nan" in any
// case, decimal or 0x-hex mantissa with underscores, exponent), or 0 when
// there is none or its exponent is malformed.
func floatPrefixLen(s string) int {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	if n := foldPrefixLen(s[i:], "infinity"); n == 8 {
		return i + 8
	} else if n >= 3 {
		return i + 3
	}
	if i == 0 && foldPrefixLen(s, "nan") == 3 {
		return 3
	}
	hex := false
	if len(s) >= i+2 && s[i] == '0' && s[i+1]|0x20 == 'x' {
		hex = true
		i += 2
	}
	digits, dot := false, false
scan:
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_':
		case c == '.':
			if dot {
				break scan
			}
			dot = true
		case '0' <= c && c <= '9', hex && 'a' <= c|0x20 && c|0x20 <= 'f':
			digits = true
		default:
			break scan
		}
	}
	if !digits {
		return 0
	}
	exp := byte('e')
	if hex {
		exp = 'p'
	}
	if i < len(s) && s[i]|0x20 == exp {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return 0
		}
		for i < len(s) && (s[i] == '_' || '0' <= s[i] && s[i] <= '9') {
			i++
		}
	} else if hex {
		return 0
	}
	return i
}

// foldPrefixLen is how many leading bytes of s match lower-case word,
// ignoring ASCII case.
func foldPrefixLen(s, word string) int {
	n := 0
	for n < len(s) && n < len(word) && s[n]|0x20 == word[n] {
		n++
	}
	return n
}

func ParseBool(str string) (bool, error) {
	switch str {
	case "1", "t", "T", "true", "TRUE", "True":
		return true, nil
	case "0", "f", "F", "false", "FALSE", "False":
		return false, nil
	}
	return false, &NumError{"ParseBool", str, ErrSyntax}
}

func FormatBool(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func Itoa(i int) string
func FormatInt(i int64, base int) string
func FormatUint(i uint64, base int) string
func FormatFloat(f float64, fmt byte, prec, bitSize int) string

// FormatComplex formats c as (a+bi) with FormatFloat's fmt and prec for
// both parts; bitSize 64 means complex64 (float32 parts).
func FormatComplex(c complex128, fmt byte, prec, bitSize int) string {
	if bitSize != 64 && bitSize != 128 {
		panic("invalid bitSize")
	}
	bitSize >>= 1
	im := FormatFloat(imag(c), fmt, prec, bitSize)
	if im[0] != '+' && im[0] != '-' {
		im = "+" + im
	}
	return "(" + FormatFloat(real(c), fmt, prec, bitSize) + im + "i)"
}
func Quote(s string) string
func QuoteRune(r rune) string
func QuoteToASCII(s string) string

func AppendInt(dst []byte, i int64, base int) []byte {
	return append(dst, FormatInt(i, base)...)
}

func AppendUint(dst []byte, i uint64, base int) []byte {
	return append(dst, FormatUint(i, base)...)
}

func AppendFloat(dst []byte, f float64, fmt byte, prec, bitSize int) []byte {
	return append(dst, FormatFloat(f, fmt, prec, bitSize)...)
}

func AppendBool(dst []byte, b bool) []byte {
	return append(dst, FormatBool(b)...)
}

func AppendQuote(dst []byte, s string) []byte {
	return append(dst, Quote(s)...)
}

func AppendQuoteRune(dst []byte, r rune) []byte {
	return append(dst, QuoteRune(r)...)
}

func AppendQuoteToASCII(dst []byte, s string) []byte {
	return append(dst, QuoteToASCII(s)...)
}

// unquote is native: ok is false on malformed input.
func unquote(s string) (string, bool)

func Unquote(s string) (string, error) {
	r, ok := unquote(s)
	if !ok {
		return "", ErrSyntax
	}
	return r, nil
}

// IsPrint reports whether r is printable as Go defines it: a letter, mark,
// number, punctuation, symbol or the ASCII space.
func IsPrint(r rune) bool { return unicode.IsPrint(r) }

// IsGraphic reports whether r is a graphic: printable or a space of
// category Zs.
func IsGraphic(r rune) bool { return unicode.IsGraphic(r) }

const strconvHex = "0123456789abcdef"

// strconvQuote quotes s with quote, escaping what is not printable (only
// ASCII printable when ascii; graphic ones kept when graphic).
func strconvQuote(dst []byte, s string, quote byte, ascii, graphic bool) []byte {
	dst = append(dst, quote)
	for len(s) > 0 {
		r, w := utf8.DecodeRuneInString(s)
		if w == 1 && r == utf8.RuneError {
			dst = append(dst, '\\', 'x', strconvHex[s[0]>>4], strconvHex[s[0]&15])
			s = s[1:]
			continue
		}
		dst = strconvEscape(dst, r, quote, ascii, graphic)
		s = s[w:]
	}
	return append(dst, quote)
}

func strconvEscape(dst []byte, r rune, quote byte, ascii, graphic bool) []byte {
	if r == rune(quote) || r == '\\' {
		return append(dst, '\\', byte(r))
	}
	if ascii {
		if r < utf8.RuneSelf && IsPrint(r) {
			return append(dst, byte(r))
		}
	} else if IsPrint(r) || graphic && IsGraphic(r) {
		return utf8.AppendRune(dst, r)
	}
	switch r {
	case '\a':
		return append(dst, '\\', 'a')
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	case '\v':
		return append(dst, '\\', 'v')
	}
	if r < ' ' || r == 0x7f {
		return append(dst, '\\', 'x', strconvHex[byte(r)>>4], strconvHex[byte(r)&15])
	}
	if !utf8.ValidRune(r) {
		r = 0xFFFD
	}
	if r < 0x10000 {
		dst = append(dst, '\\', 'u')
		for sh := 12; sh >= 0; sh -= 4 {
			dst = append(dst, strconvHex[r>>uint(sh)&15])
		}
		return dst
	}
	dst = append(dst, '\\', 'U')
	for sh := 28; sh >= 0; sh -= 4 {
		dst = append(dst, strconvHex[r>>uint(sh)&15])
	}
	return dst
}

func strconvQuoteRune(dst []byte, r rune, ascii, graphic bool) []byte {
	if !utf8.ValidRune(r) {
		r = utf8.RuneError
	}
	dst = append(dst, '\'')
	dst = strconvEscape(dst, r, '\'', ascii, graphic)
	return append(dst, '\'')
}

func QuoteToGraphic(s string) string { return string(strconvQuote(nil, s, '"', false, true)) }

func AppendQuoteToGraphic(dst []byte, s string) []byte {
	return strconvQuote(dst, s, '"', false, true)
}

func QuoteRuneToASCII(r rune) string { return string(strconvQuoteRune(nil, r, true, false)) }

func AppendQuoteRuneToASCII(dst []byte, r rune) []byte {
	return strconvQuoteRune(dst, r, true, false)
}

func QuoteRuneToGraphic(r rune) string { return string(strconvQuoteRune(nil, r, false, true)) }

func AppendQuoteRuneToGraphic(dst []byte, r rune) []byte {
	return strconvQuoteRune(dst, r, false, true)
}

// CanBackquote reports whether s can be written as a raw string literal
// on one line: no control characters but tab, no backquote, no invalid
// UTF-8 and no byte order mark.
func CanBackquote(s string) bool {
	for len(s) > 0 {
		r, w := utf8.DecodeRuneInString(s)
		s = s[w:]
		if w > 1 {
			if r == '\ufeff' {
				return false
			}
			continue
		}
		if r == utf8.RuneError || r < ' ' && r != '\t' || r == '`' || r == 0x7f {
			return false
		}
	}
	return true
}

func strconvUnhex(c byte) (rune, bool) {
	switch {
	case '0' <= c && c <= '9':
		return rune(c - '0'), true
	case 'a' <= c && c <= 'f':
		return rune(c-'a') + 10, true
	case 'A' <= c && c <= 'F':
		return rune(c-'A') + 10, true
	}
	return 0, false
}

// UnquoteChar decodes the first character or escape sequence of the
// quoted-string body s, quoted with quote.
func UnquoteChar(s string, quote byte) (value rune, multibyte bool, tail string, err error) {
	if len(s) == 0 {
		return 0, false, "", ErrSyntax
	}
	c := s[0]
	if c == quote && (quote == '\'' || quote == '"') {
		return 0, false, "", ErrSyntax
	}
	if c >= utf8.RuneSelf {
		r, w := utf8.DecodeRuneInString(s)
		return r, true, s[w:], nil
	}
	if c != '\\' {
		return rune(c), false, s[1:], nil
	}
	if len(s) < 2 {
		return 0, false, "", ErrSyntax
	}
	c = s[1]
	s = s[2:]
	switch c {
	case 'a':
		value = '\a'
	case 'b':
		value = '\b'
	case 'f':
		value = '\f'
	case 'n':
		value = '\n'
	case 'r':
		value = '\r'
	case 't':
		value = '\t'
	case 'v':
		value = '\v'
	case 'x', 'u', 'U':
		n := 2
		if c == 'u' {
			n = 4
		} else if c == 'U' {
			n = 8
		}
		if len(s) < n {
			return 0, false, "", ErrSyntax
		}
		var v rune
		for i := 0; i < n; i++ {
			d, ok := strconvUnhex(s[i])
			if !ok {
				return 0, false, "", ErrSyntax
			}
			v = v<<4 | d
		}
		s = s[n:]
		if c == 'x' {
			value = v
			break
		}
		if !utf8.ValidRune(v) {
			return 0, false, "", ErrSyntax
		}
		value, multibyte = v, true
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v := rune(c - '0')
		if len(s) < 2 {
			return 0, false, "", ErrSyntax
		}
		for i := 0; i < 2; i++ {
			d := rune(s[i]) - '0'
			if d < 0 || d > 7 {
				return 0, false, "", ErrSyntax
			}
			v = v<<3 | d
		}
		s = s[2:]
		if v > 255 {
			return 0, false, "", ErrSyntax
		}
		value = v
	case '\\':
		value = '\\'
	case '\'', '"':
		if c != quote {
			return 0, false, "", ErrSyntax
		}
		value = rune(c)
	default:
		return 0, false, "", ErrSyntax
	}
	return value, multibyte, s, nil
}

// QuotedPrefix returns the quoted string (as Unquote accepts it) at the
// start of s.
func QuotedPrefix(s string) (string, error) {
	if len(s) < 2 {
		return "", ErrSyntax
	}
	quote := s[0]
	switch quote {
	case '`':
		for i := 1; i < len(s); i++ {
			if s[i] == '`' {
				return s[:i+1], nil
			}
		}
		return "", ErrSyntax
	case '"', '\'':
		in := s[1:]
		for len(in) > 0 && in[0] != quote {
			if in[0] == '\n' {
				return "", ErrSyntax
			}
			_, _, rest, err := UnquoteChar(in, quote)
			if err != nil {
				return "", ErrSyntax
			}
			in = rest
			if quote == '\'' {
				break
			}
		}
		if len(in) == 0 || in[0] != quote {
			return "", ErrSyntax
		}
		return s[:len(s)-len(in)+1], nil
	}
	return "", ErrSyntax
}
