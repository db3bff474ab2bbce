// Package text/scanner as minigo provides it, in Go: a tokenizer for
// UTF-8 text that by default recognizes Go's tokens.
package scanner

import (
	"fmt"
	"io"
	"os"
	"unicode"
	"unicode/utf8"
)

// A Position is a place in the source; it is valid when Line > 0.
type Position struct {
	Filename string
	Offset   int
	Line     int
	Column   int
}

func (pos *Position) IsValid() bool { return pos.Line > 0 }

func (pos Position) String() string {
	s := pos.Filename
	if s == "" {
		s = "<input>"
	}
	if pos.IsValid() {
		s += fmt.Sprintf(":%d:%d", pos.Line, pos.Column)
	}
	return s
}

const (
	ScanIdents     = 1 << -Ident
	ScanInts       = 1 << -Int
	ScanFloats     = 1 << -Float
	ScanChars      = 1 << -Char
	ScanStrings    = 1 << -String
	ScanRawStrings = 1 << -RawString
	ScanComments   = 1 << -Comment
	SkipComments   = 1 << -skipComment
	GoTokens       = ScanIdents | ScanFloats | ScanChars | ScanStrings | ScanRawStrings | ScanComments | SkipComments
)

const (
	EOF = -(iota + 1)
	Ident
	Int
	Float
	Char
	String
	RawString
	Comment
	skipComment
)

func TokenString(tok rune) string {
	switch tok {
	case EOF:
		return "EOF"
	case Ident:
		return "Ident"
	case Int:
		return "Int"
	case Float:
		return "Float"
	case Char:
		return "Char"
	case String:
		return "String"
	case RawString:
		return "RawString"
	case Comment:
		return "Comment"
	}
	return fmt.Sprintf("%q", string(tok))
}

const GoWhitespace = 1<<'\t' | 1<<'\n' | 1<<'\r' | 1<<' '

// A Scanner reads characters and tokens from an io.Reader.
type Scanner struct {
	src  io.Reader
	buf  []byte // source bytes from offset base on
	base int    // source offset of buf[0]
	pos  int    // reading position in buf

	line, column int
	lastLineLen  int // characters on the previous line
	lastCharLen  int // bytes of the last character read

	tokPos, tokEnd int // token text in buf; tokPos < 0 when none
	ch             rune

	Error       func(s *Scanner, msg string)
	ErrorCount  int
	Mode        uint
	Whitespace  uint64
	IsIdentRune func(ch rune, i int) bool

	Position
}

func (s *Scanner) Init(src io.Reader) *Scanner {
	s.src = src
	s.buf = nil
	s.base, s.pos = 0, 0
	s.line, s.column, s.lastLineLen, s.lastCharLen = 1, 0, 0, 0
	s.tokPos, s.tokEnd = -1, 0
	s.ch = -2
	s.Error = nil
	s.ErrorCount = 0
	s.Mode = GoTokens
	s.Whitespace = GoWhitespace
	s.Line = 0
	return s
}

// fill reads more source until a whole character is buffered or the
// source ends.
func (s *Scanner) fill() {
	for !utf8.FullRune(s.buf[s.pos:]) {
		// Drop what no token needs any more.
		keep := s.pos - utf8.UTFMax
		if s.tokPos >= 0 && s.tokPos < keep {
			keep = s.tokPos
		}
		if keep > 4096 {
			s.buf = append([]byte(nil), s.buf[keep:]...)
			s.base += keep
			s.pos -= keep
			if s.tokPos >= 0 {
				s.tokPos -= keep
				s.tokEnd -= keep
			}
		}
		// Go's buffer holds 1024 bytes, the unread ones included: read
		// as much as it would.
		chunk := make([]byte, 1024-(len(s.buf)-s.pos))
		n, err := s.src.Read(chunk)
		s.buf = append(s.buf, chunk[:n]...)
		if err != nil {
			// Like Go, a later call reads again: the error is not sticky.
			if err != io.EOF {
				s.error(err.Error())
			}
			return
		}
	}
}

func (s *Scanner) next() rune {
	if s.pos >= len(s.buf) || s.buf[s.pos] >= utf8.RuneSelf {
		s.fill()
	}
	if s.pos >= len(s.buf) {
		if s.lastCharLen > 0 {
			s.column++
		}
		s.lastCharLen = 0
		return EOF
	}
	ch, w := rune(s.buf[s.pos]), 1
	if ch >= utf8.RuneSelf {
		ch, w = utf8.DecodeRune(s.buf[s.pos:])
		if ch == utf8.RuneError && w == 1 {
			s.pos++
			s.lastCharLen = 1
			s.column++
			s.error("invalid UTF-8 encoding")
			return ch
		}
	}
	s.pos += w
	s.lastCharLen = w
	s.column++
	switch ch {
	case 0:
		s.error("invalid character NUL")
	case '\n':
		s.line++
		s.lastLineLen = s.column
		s.column = 0
	}
	return ch
}

func (s *Scanner) Next() rune {
	s.tokPos = -1
	s.Line = 0
	ch := s.Peek()
	if ch != EOF {
		s.ch = s.next()
	}
	return ch
}

func (s *Scanner) Peek() rune {
	if s.ch == -2 {
		s.ch = s.next()
		if s.ch == '\uFEFF' {
			s.ch = s.next()
		}
	}
	return s.ch
}

func (s *Scanner) error(msg string) {
	s.tokEnd = s.pos - s.lastCharLen
	s.ErrorCount++
	if s.Error != nil {
		s.Error(s, msg)
		return
	}
	p := s.Position
	if !p.IsValid() {
		p = s.Pos()
	}
	fmt.Fprintf(os.Stderr, "%s: %s\n", p, msg)
}

func (s *Scanner) isIdentRune(ch rune, i int) bool {
	if s.IsIdentRune != nil {
		return ch != EOF && s.IsIdentRune(ch, i)
	}
	return ch == '_' || unicode.IsLetter(ch) || unicode.IsDigit(ch) && i > 0
}

func (s *Scanner) scanIdentifier() rune {
	ch := s.next()
	for i := 1; s.isIdentRune(ch, i); i++ {
		ch = s.next()
	}
	return ch
}

func lowerASCII(ch rune) rune { return ch | ('a' - 'A') }
func isDecimal(ch rune) bool  { return '0' <= ch && ch <= '9' }
func isHex(ch rune) bool {
	return isDecimal(ch) || 'a' <= lowerASCII(ch) && lowerASCII(ch) <= 'f'
}

// digits reads digits of base (and '_'); it notes the first digit too
// large for a base up to 10 in *bad, and reports in seen bit 0 a digit,
// in bit 1 a '_'.
func (s *Scanner) digits(ch rune, base int, bad *rune) (rune, int) {
	seen := 0
	for {
		if ch == '_' {
			seen |= 2
		} else if base <= 10 && isDecimal(ch) {
			if ch >= rune('0'+base) && bad != nil && *bad == 0 {
				*bad = ch
			}
			seen |= 1
		} else if base > 10 && isHex(ch) {
			seen |= 1
		} else {
			return ch, seen
		}
		ch = s.next()
	}
}

func litName(prefix rune) string {
	switch prefix {
	case 'x':
		return "hexadecimal literal"
	case 'o', '0':
		return "octal literal"
	case 'b':
		return "binary literal"
	}
	return "decimal literal"
}

func (s *Scanner) scanNumber(ch rune, afterDot bool) (rune, rune) {
	base, prefix, seen := 10, rune(0), 0
	var bad rune
	tok := rune(Int)
	var ds int
	if !afterDot {
		if ch == '0' {
			ch = s.next()
			switch lowerASCII(ch) {
			case 'x':
				ch = s.next()
				base, prefix = 16, 'x'
			case 'o':
				ch = s.next()
				base, prefix = 8, 'o'
			case 'b':
				ch = s.next()
				base, prefix = 2, 'b'
			default:
				base, prefix = 8, '0'
				seen = 1
			}
		}
		ch, ds = s.digits(ch, base, &bad)
		seen |= ds
		if ch == '.' && s.Mode&ScanFloats != 0 {
			ch = s.next()
			afterDot = true
		}
	}
	if afterDot {
		tok = Float
		if prefix == 'o' || prefix == 'b' {
			s.error("invalid radix point in " + litName(prefix))
		}
		ch, ds = s.digits(ch, base, &bad)
		seen |= ds
	}
	if seen&1 == 0 {
		s.error(litName(prefix) + " has no digits")
	}
	if e := lowerASCII(ch); (e == 'e' || e == 'p') && s.Mode&ScanFloats != 0 {
		if e == 'e' && prefix != 0 && prefix != '0' {
			s.error(fmt.Sprintf("%q exponent requires decimal mantissa", ch))
		} else if e == 'p' && prefix != 'x' {
			s.error(fmt.Sprintf("%q exponent requires hexadecimal mantissa", ch))
		}
		ch = s.next()
		tok = Float
		if ch == '+' || ch == '-' {
			ch = s.next()
		}
		ch, ds = s.digits(ch, 10, nil)
		seen |= ds
		if ds&1 == 0 {
			s.error("exponent has no digits")
		}
	} else if prefix == 'x' && tok == Float {
		s.error("hexadecimal mantissa requires a 'p' exponent")
	}
	if tok == Int && bad != 0 {
		s.error(fmt.Sprintf("invalid digit %q in %s", bad, litName(prefix)))
	}
	if seen&2 != 0 {
		s.tokEnd = s.pos - s.lastCharLen
		if badSeparator(s.TokenText()) {
			s.error("'_' must separate successive digits")
		}
	}
	return tok, ch
}

// badSeparator reports whether a '_' in the number literal x does not
// stand between two digits (or after the base prefix).
func badSeparator(x string) bool {
	hex := false
	prev := byte('.') // '0' after a digit, '_' after '_', '.' otherwise
	i := 0
	if len(x) >= 2 && x[0] == '0' {
		switch lowerASCII(rune(x[1])) {
		case 'x':
			hex = true
			prev, i = '0', 2
		case 'o', 'b':
			prev, i = '0', 2
		}
	}
	for ; i < len(x); i++ {
		c := x[i]
		switch {
		case c == '_':
			if prev != '0' {
				return true
			}
			prev = '_'
		case isDecimal(rune(c)) || hex && isHex(rune(c)):
			prev = '0'
		default:
			if prev == '_' {
				return true
			}
			prev = '.'
		}
	}
	return prev == '_'
}

func digitValue(ch rune) int {
	switch {
	case isDecimal(ch):
		return int(ch - '0')
	case 'a' <= lowerASCII(ch) && lowerASCII(ch) <= 'f':
		return int(lowerASCII(ch)-'a') + 10
	}
	return 16
}

func (s *Scanner) escapeDigits(ch rune, base, n int) rune {
	for n > 0 && digitValue(ch) < base {
		ch = s.next()
		n--
	}
	if n > 0 {
		s.error("invalid char escape")
	}
	return ch
}

func (s *Scanner) scanEscape(quote rune) rune {
	ch := s.next()
	switch ch {
	case 'a', 'b', 'f', 'n', 'r', 't', 'v', '\\', quote:
		return s.next()
	case '0', '1', '2', '3', '4', '5', '6', '7':
		return s.escapeDigits(ch, 8, 3)
	case 'x':
		return s.escapeDigits(s.next(), 16, 2)
	case 'u':
		return s.escapeDigits(s.next(), 16, 4)
	case 'U':
		return s.escapeDigits(s.next(), 16, 8)
	}
	s.error("invalid char escape")
	return ch
}

func (s *Scanner) scanString(quote rune) int {
	n := 0
	ch := s.next()
	for ch != quote {
		if ch == '\n' || ch < 0 {
			s.error("literal not terminated")
			return n
		}
		if ch == '\\' {
			ch = s.scanEscape(quote)
		} else {
			ch = s.next()
		}
		n++
	}
	return n
}

func (s *Scanner) scanRawString() {
	for ch := s.next(); ch != '`'; ch = s.next() {
		if ch < 0 {
			s.error("literal not terminated")
			return
		}
	}
}

func (s *Scanner) scanComment(ch rune) rune {
	if ch == '/' {
		ch = s.next()
		for ch != '\n' && ch >= 0 {
			ch = s.next()
		}
		return ch
	}
	ch = s.next()
	for {
		if ch < 0 {
			s.error("comment not terminated")
			return ch
		}
		prev := ch
		ch = s.next()
		if prev == '*' && ch == '/' {
			return s.next()
		}
	}
}

func (s *Scanner) isSpace(ch rune) bool {
	return ch >= 0 && ch < 64 && s.Whitespace&(uint64(1)<<uint(ch)) != 0
}

func (s *Scanner) Scan() rune {
	ch := s.Peek()
	s.tokPos = -1
	s.Line = 0
	for {
		for s.isSpace(ch) {
			ch = s.next()
		}
		s.tokPos = s.pos - s.lastCharLen
		s.Offset = s.base + s.tokPos
		if s.column > 0 {
			s.Line, s.Column = s.line, s.column
		} else {
			s.Line, s.Column = s.line-1, s.lastLineLen
		}
		tok := ch
		switch {
		case s.isIdentRune(ch, 0):
			if s.Mode&ScanIdents != 0 {
				tok = Ident
				ch = s.scanIdentifier()
			} else {
				ch = s.next()
			}
		case isDecimal(ch):
			if s.Mode&(ScanInts|ScanFloats) != 0 {
				tok, ch = s.scanNumber(ch, false)
			} else {
				ch = s.next()
			}
		case ch == EOF:
		case ch == '"':
			if s.Mode&ScanStrings != 0 {
				s.scanString('"')
				tok = String
			}
			ch = s.next()
		case ch == '\'':
			if s.Mode&ScanChars != 0 {
				if s.scanString('\'') != 1 {
					s.error("invalid char literal")
				}
				tok = Char
			}
			ch = s.next()
		case ch == '.':
			ch = s.next()
			if isDecimal(ch) && s.Mode&ScanFloats != 0 {
				tok, ch = s.scanNumber(ch, true)
			}
		case ch == '/':
			ch = s.next()
			if (ch == '/' || ch == '*') && s.Mode&ScanComments != 0 {
				if s.Mode&SkipComments != 0 {
					s.tokPos = -1
					ch = s.scanComment(ch)
					continue
				}
				ch = s.scanComment(ch)
				tok = Comment
			}
		case ch == '`':
			if s.Mode&ScanRawStrings != 0 {
				s.scanRawString()
				tok = RawString
			}
			ch = s.next()
		default:
			ch = s.next()
		}
		s.tokEnd = s.pos - s.lastCharLen
		s.ch = ch
		return tok
	}
}

func (s *Scanner) Pos() (pos Position) {
	pos.Filename = s.Filename
	pos.Offset = s.base + s.pos - s.lastCharLen
	switch {
	case s.column > 0:
		pos.Line, pos.Column = s.line, s.column
	case s.lastLineLen > 0:
		pos.Line, pos.Column = s.line-1, s.lastLineLen
	default:
		pos.Line, pos.Column = 1, 1
	}
	return
}

func (s *Scanner) TokenText() string {
	if s.tokPos < 0 {
		return ""
	}
	if s.tokEnd < s.tokPos {
		s.tokEnd = s.tokPos
	}
	return string(s.buf[s.tokPos:s.tokEnd])
}
