// Package scanner tokenizes Go source text, as Go's go/scanner does: the
// same tokens, literals, automatic semicolons, line directives, error
// messages and error positions.
package scanner

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// An ErrorHandler is called with the position and message of each
// syntax error found by a Scanner.
type ErrorHandler func(pos token.Position, msg string)

// A Mode is a set of flags controlling a Scanner.
type Mode uint

const (
	ScanComments    Mode = 1 << iota // report comments as COMMENT tokens
	dontInsertSemis                  // no automatic semicolons (Go's tests use it)
)

const (
	byteOrderMark = 0xFEFF
	endOfInput    = -1
)

// A Scanner holds the state of the tokenization of one source text. Use
// Init before the first Scan.
type Scanner struct {
	file *token.File
	dir  string
	src  []byte
	err  ErrorHandler
	mode Mode

	ch         rune // the character at offset; endOfInput past the end
	offset     int
	rdOffset   int // offset of the character after ch
	lineOffset int // offset of the first character of ch's line
	insertSemi bool
	nlPos      token.Pos // newline inside the last /*...*/ comment, owed as a ';'

	endPosValid bool
	endPos      token.Pos

	// ErrorCount counts the errors reported so far.
	ErrorCount int
}

// advance moves to the next character, registering line starts in the
// file as it passes newlines and reporting malformed input.
func (s *Scanner) advance() {
	if s.ch == '\n' {
		s.lineOffset = s.rdOffset
		s.file.AddLine(s.rdOffset)
	}
	if s.rdOffset >= len(s.src) {
		s.offset = len(s.src)
		s.ch = endOfInput
		return
	}
	s.offset = s.rdOffset
	b := s.src[s.offset]
	if b < utf8.RuneSelf {
		if b == 0 {
			s.error(s.offset, "illegal character NUL")
		}
		s.ch = rune(b)
		s.rdOffset++
		return
	}
	r, size := utf8.DecodeRune(s.src[s.offset:])
	if r == utf8.RuneError && size == 1 {
		rest := s.src[s.offset:]
		if s.offset == 0 && len(rest) >= 2 && (rest[0] == 0xFF && rest[1] == 0xFE || rest[0] == 0xFE && rest[1] == 0xFF) {
			// A UTF-16 byte order mark: the whole file is in the wrong
			// encoding; say so once and give up on the rest.
			s.error(s.offset, "illegal UTF-8 encoding (got UTF-16)")
			size = len(rest)
		} else {
			s.error(s.offset, "illegal UTF-8 encoding")
		}
	} else if r == byteOrderMark && s.offset > 0 {
		s.error(s.offset, "illegal byte order mark")
	}
	s.ch = r
	s.rdOffset += size
}

// peekByte is the byte after the current character (0 at the end).
func (s *Scanner) peekByte() byte {
	if s.rdOffset >= len(s.src) {
		return 0
	}
	return s.src[s.rdOffset]
}

// Init sets s up to scan src, whose positions belong to file (which must
// have src's size). Errors go to err if it is not nil.
func (s *Scanner) Init(file *token.File, src []byte, err ErrorHandler, mode Mode) {
	if file.Size() != len(src) {
		panic(fmt.Sprintf("file size (%d) does not match src len (%d)", file.Size(), len(src)))
	}
	dir, _ := filepath.Split(file.Name())
	*s = Scanner{
		file:        file,
		dir:         dir,
		src:         src,
		err:         err,
		mode:        mode,
		ch:          ' ',
		endPosValid: true,
		endPos:      token.NoPos,
	}
	s.advance()
	if s.ch == byteOrderMark {
		s.advance() // a leading byte order mark is not part of the text
	}
}

func (s *Scanner) error(offs int, msg string) {
	s.ErrorCount++
	if s.err != nil {
		s.err(s.file.Position(s.file.Pos(offs)), msg)
	}
}

func (s *Scanner) errorf(offs int, format string, args ...any) {
	s.error(offs, fmt.Sprintf(format, args...))
}

// comment scans a comment whose '/' has been consumed (s.ch is the second
// '/' or the '*'). It returns its text and, for a /*...*/ comment, the
// offset of its first newline (0 if none).
func (s *Scanner) comment() (string, int) {
	start := s.offset - 1
	after := -1 // offset just past a well-formed comment
	crs := 0
	firstNL := 0
	if s.ch == '/' {
		for s.advance(); s.ch != '\n' && s.ch != endOfInput; s.advance() {
			if s.ch == '\r' {
				crs++
			}
		}
		after = s.offset
		if s.ch == '\n' {
			after++
		}
	} else {
		s.advance()
		closed := false
		for s.ch != endOfInput {
			c := s.ch
			switch {
			case c == '\r':
				crs++
			case c == '\n' && firstNL == 0:
				firstNL = s.offset
			}
			s.advance()
			if c == '*' && s.ch == '/' {
				s.advance()
				after = s.offset
				closed = true
				break
			}
		}
		if !closed {
			s.error(start, "comment not terminated")
		}
	}
	text := s.src[start:s.offset]
	// A //-comment ending in "\r\n" loses its '\r' before it is read as a
	// line directive.
	if crs > 0 && text[1] == '/' && text[len(text)-1] == '\r' {
		text = text[:len(text)-1]
		crs--
	}
	// //line directives count only at the start of a line.
	if after >= 0 && (text[1] == '*' || start == s.lineOffset) && len(text) >= 7 && string(text[2:7]) == "line " {
		s.lineDirective(after, start, text)
	}
	if crs > 0 {
		text = withoutCR(text, text[1] == '*')
	}
	return string(text), firstNL
}

// lineDirective reads "//line file:line[:col]" (or the /*line */ form)
// and, when well formed, makes positions from offset after on report it.
func (s *Scanner) lineDirective(after, start int, text []byte) {
	if text[1] == '*' {
		text = text[:len(text)-2]
	}
	body := string(text[7:])
	base := start + 7
	// Numbers are read from the right: file names may hold ':'.
	colon, n, ok := numberAfterLastColon(body)
	if colon < 0 {
		return // not a directive
	}
	if !ok {
		s.error(base+colon+1, "invalid line number: "+body[colon+1:])
		return
	}
	const limit = 1 << 30
	line, col := n, 0
	colon2, n2, ok2 := numberAfterLastColon(body[:colon])
	if ok2 {
		// file:line:col
		line, col = n2, n
		if col == 0 || col > limit {
			s.error(base+colon+1, "invalid column number: "+body[colon+1:])
			return
		}
		body, colon = body[:colon], colon2
	}
	if line == 0 || line > limit {
		s.error(base+colon+1, "invalid line number: "+body[colon+1:])
		return
	}
	name := body[:colon]
	if name == "" && ok2 {
		name = s.file.Position(s.file.Pos(base)).Filename
	} else if name != "" {
		name = filepath.Clean(name)
		if !filepath.IsAbs(name) {
			name = filepath.Join(s.dir, name)
		}
	}
	s.file.AddLineColumnInfo(after, name, line, col)
}

// numberAfterLastColon finds the last ':' in text and parses the decimal
// number after it: the colon's index (-1 if none), the number, and
// whether it parsed.
func numberAfterLastColon(text string) (int, int, bool) {
	i := strings.LastIndexByte(text, ':')
	if i < 0 {
		return -1, 0, false
	}
	n, err := strconv.ParseUint(text[i+1:], 10, 0)
	return i, int(n), err == nil
}

func isLetter(c rune) bool {
	if c < utf8.RuneSelf {
		return c == '_' || 'a' <= c|0x20 && c|0x20 <= 'z'
	}
	return unicode.IsLetter(c)
}

func isDigit(c rune) bool {
	if c < utf8.RuneSelf {
		return isDecimal(c)
	}
	return unicode.IsDigit(c)
}

func isDecimal(c rune) bool { return '0' <= c && c <= '9' }

func isHex(c rune) bool { return isDecimal(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }

func hexValue(c rune) int {
	switch {
	case isDecimal(c):
		return int(c - '0')
	case 'a' <= c|0x20 && c|0x20 <= 'f':
		return int(c|0x20-'a') + 10
	}
	return 16
}

func (s *Scanner) identifier() string {
	start := s.offset
	for isLetter(s.ch) || isDigit(s.ch) {
		s.advance()
	}
	return string(s.src[start:s.offset])
}

const (
	sawDigit = 1 << iota
	sawSeparator
)

// digitRun consumes digits and '_' separators. Below base 10 it accepts
// any decimal digit but remembers where the first one out of range was
// (in *bad, if still negative). It reports what it saw.
func (s *Scanner) digitRun(base int, bad *int) int {
	seen := 0
	for {
		switch {
		case s.ch == '_':
			seen |= sawSeparator
		case base <= 10 && isDecimal(s.ch):
			seen |= sawDigit
			if int(s.ch-'0') >= base && *bad < 0 {
				*bad = s.offset
			}
		case base > 10 && isHex(s.ch):
			seen |= sawDigit
		default:
			return seen
		}
		s.advance()
	}
}

func literalKind(prefix rune) string {
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

func (s *Scanner) number() (token.Token, string) {
	start := s.offset
	tok := token.ILLEGAL
	base, prefix := 10, rune(0)
	seen := 0
	bad := -1
	if s.ch != '.' {
		tok = token.INT
		if s.ch == '0' {
			s.advance()
			switch s.ch | 0x20 {
			case 'x':
				base, prefix = 16, 'x'
				s.advance()
			case 'o':
				base, prefix = 8, 'o'
				s.advance()
			case 'b':
				base, prefix = 2, 'b'
				s.advance()
			default:
				base, prefix = 8, '0'
				seen = sawDigit // the 0 itself
			}
		}
		seen |= s.digitRun(base, &bad)
	}
	if s.ch == '.' {
		tok = token.FLOAT
		if prefix == 'o' || prefix == 'b' {
			s.error(s.offset, "invalid radix point in "+literalKind(prefix))
		}
		s.advance()
		seen |= s.digitRun(base, &bad)
	}
	if seen&sawDigit == 0 {
		s.error(s.offset, literalKind(prefix)+" has no digits")
	}
	if e := s.ch | 0x20; (e == 'e' || e == 'p') && s.ch != endOfInput {
		if e == 'e' && prefix != 0 && prefix != '0' {
			s.errorf(s.offset, "%q exponent requires decimal mantissa", s.ch)
		} else if e == 'p' && prefix != 'x' {
			s.errorf(s.offset, "%q exponent requires hexadecimal mantissa", s.ch)
		}
		s.advance()
		tok = token.FLOAT
		if s.ch == '+' || s.ch == '-' {
			s.advance()
		}
		unused := 0
		exp := s.digitRun(10, &unused)
		seen |= exp
		if exp&sawDigit == 0 {
			s.error(s.offset, "exponent has no digits")
		}
	} else if prefix == 'x' && tok == token.FLOAT {
		s.error(s.offset, "hexadecimal mantissa requires a 'p' exponent")
	}
	if s.ch == 'i' {
		tok = token.IMAG
		s.advance()
	}
	lit := string(s.src[start:s.offset])
	if tok == token.INT && bad >= 0 {
		s.errorf(bad, "invalid digit %q in %s", lit[bad-start], literalKind(prefix))
	}
	if seen&sawSeparator != 0 {
		if i := misplacedSeparator(lit); i >= 0 {
			s.error(start+i, "'_' must separate successive digits")
		}
	}
	return tok, lit
}

// misplacedSeparator is the index of the first '_' in a number literal
// that does not stand between two digits (a base prefix counts as a
// digit), or -1.
func misplacedSeparator(lit string) int {
	hex := false
	i := 0
	prev := '.' // '0': a digit, '_', or '.': anything else
	if len(lit) >= 2 && lit[0] == '0' {
		switch rune(lit[1]) | 0x20 {
		case 'x':
			hex = true
			prev, i = '0', 2
		case 'o', 'b':
			prev, i = '0', 2
		}
	}
	for ; i < len(lit); i++ {
		c := rune(lit[i])
		switch {
		case c == '_':
			if prev != '0' {
				return i
			}
			prev = '_'
		case isDecimal(c) || hex && isHex(c):
			prev = '0'
		default:
			if prev == '_' {
				return i - 1
			}
			prev = '.'
		}
	}
	if prev == '_' {
		return len(lit) - 1
	}
	return -1
}

// escape checks the escape sequence after a backslash (s.ch is the
// character after it). On an error it stops at the offending character.
func (s *Scanner) escape(quote rune) bool {
	start := s.offset
	var digits int
	var base, max uint32
	switch s.ch {
	case 'a', 'b', 'f', 'n', 'r', 't', 'v', '\\', quote:
		s.advance()
		return true
	case '0', '1', '2', '3', '4', '5', '6', '7':
		digits, base, max = 3, 8, 255
	case 'x':
		digits, base, max = 2, 16, 255
		s.advance()
	case 'u':
		digits, base, max = 4, 16, unicode.MaxRune
		s.advance()
	case 'U':
		digits, base, max = 8, 16, unicode.MaxRune
		s.advance()
	default:
		if s.ch == endOfInput {
			s.error(start, "escape sequence not terminated")
		} else {
			s.error(start, "unknown escape sequence")
		}
		return false
	}
	var v uint32
	for ; digits > 0; digits-- {
		d := uint32(hexValue(s.ch))
		if d >= base {
			if s.ch == endOfInput {
				s.error(s.offset, "escape sequence not terminated")
			} else {
				s.errorf(s.offset, "illegal character %#U in escape sequence", s.ch)
			}
			return false
		}
		v = v*base + d
		s.advance()
	}
	if v > max || v >= 0xD800 && v < 0xE000 {
		s.error(start, "escape sequence is invalid Unicode code point")
		return false
	}
	return true
}

func (s *Scanner) runeLit() string {
	start := s.offset - 1
	ok := true
	count := 0
	for {
		c := s.ch
		if c == '\n' || c == endOfInput {
			if ok {
				s.error(start, "rune literal not terminated")
				ok = false
			}
			break
		}
		s.advance()
		if c == '\'' {
			break
		}
		count++
		if c == '\\' && !s.escape('\'') {
			ok = false
		}
	}
	if ok && count != 1 {
		s.error(start, "illegal rune literal")
	}
	return string(s.src[start:s.offset])
}

func (s *Scanner) stringLit() string {
	start := s.offset - 1
	for {
		c := s.ch
		if c == '\n' || c == endOfInput {
			s.error(start, "string literal not terminated")
			break
		}
		s.advance()
		if c == '"' {
			break
		}
		if c == '\\' {
			s.escape('"')
		}
	}
	return string(s.src[start:s.offset])
}

func (s *Scanner) rawStringLit() string {
	start := s.offset - 1
	cr := false
	for {
		c := s.ch
		if c == endOfInput {
			s.error(start, "raw string literal not terminated")
			break
		}
		s.advance()
		if c == '`' {
			break
		}
		cr = cr || c == '\r'
	}
	text := s.src[start:s.offset]
	if cr {
		text = withoutCR(text, false)
	}
	return string(text)
}

// withoutCR drops the '\r' bytes of b. In a /*...*/ comment a '\r'
// between a '*' and the closing '/' stays (dropping it would close the
// comment early), unless the '*' is the opening one.
func withoutCR(b []byte, comment bool) []byte {
	out := make([]byte, 0, len(b))
	for j, c := range b {
		keep := c != '\r' ||
			comment && len(out) > 2 && out[len(out)-1] == '*' && j+1 < len(b) && b[j+1] == '/'
		if keep {
			out = append(out, c)
		}
	}
	return out
}

func (s *Scanner) skipSpace() {
	for s.ch == ' ' || s.ch == '\t' || s.ch == '\r' || s.ch == '\n' && !s.insertSemi {
		s.advance()
	}
}

// withAssign: tok, or assignTok if an '=' follows.
func (s *Scanner) withAssign(tok, assignTok token.Token) token.Token {
	if s.ch == '=' {
		s.advance()
		return assignTok
	}
	return tok
}

// withAssignOr: as withAssign, or doubledTok if c follows.
func (s *Scanner) withAssignOr(tok, assignTok token.Token, c rune, doubledTok token.Token) token.Token {
	if s.ch == c {
		s.advance()
		return doubledTok
	}
	return s.withAssign(tok, assignTok)
}

// shift: tok, assignTok (tok=), doubledTok (tok tok) or doubledAssign
// (tok tok =), for < and >.
func (s *Scanner) shift(tok, assignTok token.Token, c rune, doubledTok, doubledAssign token.Token) token.Token {
	if s.ch == c {
		s.advance()
		return s.withAssign(doubledTok, doubledAssign)
	}
	return s.withAssign(tok, assignTok)
}

// End is the position just after the last token Scan returned (NoPos
// before the first Scan).
func (s *Scanner) End() token.Pos {
	if s.endPosValid {
		return s.endPos
	}
	return s.file.Pos(s.offset)
}

// Scan returns the next token, its position, and its literal text for
// identifiers, keywords, basic literals, comments, semicolons (";" as
// written, "\n" when inserted) and illegal characters. At the end it
// returns token.EOF. Errors go to the handler given to Init and count in
// ErrorCount; Scan still returns the best token it can.
func (s *Scanner) Scan() (pos token.Pos, tok token.Token, lit string) {
	for {
		s.endPosValid = false
		if s.nlPos.IsValid() {
			// The newline of a /*...*/ comment ends the statement before it.
			pos = s.nlPos
			s.endPos = pos + 1
			s.endPosValid = true
			s.nlPos = token.NoPos
			return pos, token.SEMICOLON, "\n"
		}
		s.skipSpace()
		pos = s.file.Pos(s.offset)
		semi := false
		c := s.ch
		switch {
		case isLetter(c):
			lit = s.identifier()
			tok = token.IDENT
			if len(lit) > 1 {
				tok = token.Lookup(lit)
			}
			switch tok {
			case token.IDENT, token.BREAK, token.CONTINUE, token.FALLTHROUGH, token.RETURN:
				semi = true
			}
		case isDecimal(c) || c == '.' && isDecimal(rune(s.peekByte())):
			semi = true
			tok, lit = s.number()
		default:
			s.advance()
			switch c {
			case endOfInput:
				if s.insertSemi {
					s.insertSemi = false
					return pos, token.SEMICOLON, "\n"
				}
				tok = token.EOF
			case '\n':
				// Only reached with insertSemi set.
				s.insertSemi = false
				return pos, token.SEMICOLON, "\n"
			case '"':
				semi, tok, lit = true, token.STRING, s.stringLit()
			case '`':
				semi, tok, lit = true, token.STRING, s.rawStringLit()
			case '\'':
				semi, tok, lit = true, token.CHAR, s.runeLit()
			case ':':
				tok = s.withAssign(token.COLON, token.DEFINE)
			case '.':
				tok = token.PERIOD
				if s.ch == '.' && s.peekByte() == '.' {
					s.advance()
					s.advance()
					tok = token.ELLIPSIS
				}
			case ',':
				tok = token.COMMA
			case ';':
				tok, lit = token.SEMICOLON, ";"
			case '(':
				tok = token.LPAREN
			case ')':
				semi, tok = true, token.RPAREN
			case '[':
				tok = token.LBRACK
			case ']':
				semi, tok = true, token.RBRACK
			case '{':
				tok = token.LBRACE
			case '}':
				semi, tok = true, token.RBRACE
			case '+':
				tok = s.withAssignOr(token.ADD, token.ADD_ASSIGN, '+', token.INC)
				semi = tok == token.INC
			case '-':
				tok = s.withAssignOr(token.SUB, token.SUB_ASSIGN, '-', token.DEC)
				semi = tok == token.DEC
			case '*':
				tok = s.withAssign(token.MUL, token.MUL_ASSIGN)
			case '/':
				if s.ch != '/' && s.ch != '*' {
					tok = s.withAssign(token.QUO, token.QUO_ASSIGN)
					break
				}
				text, nl := s.comment()
				if s.insertSemi && nl != 0 {
					s.nlPos = s.file.Pos(nl)
					s.insertSemi = false
				} else {
					semi = s.insertSemi
				}
				if s.mode&ScanComments == 0 {
					continue
				}
				tok, lit = token.COMMENT, text
			case '%':
				tok = s.withAssign(token.REM, token.REM_ASSIGN)
			case '^':
				tok = s.withAssign(token.XOR, token.XOR_ASSIGN)
			case '<':
				if s.ch == '-' {
					s.advance()
					tok = token.ARROW
				} else {
					tok = s.shift(token.LSS, token.LEQ, '<', token.SHL, token.SHL_ASSIGN)
				}
			case '>':
				tok = s.shift(token.GTR, token.GEQ, '>', token.SHR, token.SHR_ASSIGN)
			case '=':
				tok = s.withAssign(token.ASSIGN, token.EQL)
			case '!':
				tok = s.withAssign(token.NOT, token.NEQ)
			case '&':
				if s.ch == '^' {
					s.advance()
					tok = s.withAssign(token.AND_NOT, token.AND_NOT_ASSIGN)
				} else {
					tok = s.withAssignOr(token.AND, token.AND_ASSIGN, '&', token.LAND)
				}
			case '|':
				tok = s.withAssignOr(token.OR, token.OR_ASSIGN, '|', token.LOR)
			case '~':
				tok = token.TILDE
			default:
				// A stray byte order mark was reported by advance.
				if c == '“' || c == '”' {
					s.errorf(s.file.Offset(pos), "curly quotation mark %q (use neutral %q)", c, '"')
				} else if c != byteOrderMark {
					s.errorf(s.file.Offset(pos), "illegal character %#U", c)
				}
				semi = s.insertSemi
				tok, lit = token.ILLEGAL, string(c)
			}
		}
		if s.mode&dontInsertSemis == 0 {
			s.insertSemi = semi
		}
		return pos, tok, lit
	}
}
