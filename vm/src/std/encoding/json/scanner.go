package json

import (
	"bytes"
	"strconv"
)

// A SyntaxError is a description of a JSON syntax error.
type SyntaxError struct {
	msg    string
	Offset int64 // error occurred after reading Offset bytes
}

func (e *SyntaxError) Error() string { return e.msg }

// Valid reports whether data is a valid JSON encoding.
func Valid(data []byte) bool { return checkValid(data) == nil }

// maxNestingDepth: how deep arrays and objects may nest.
const maxNestingDepth = 10000

// validator checks JSON text, failing with the texts and offsets of Go's
// scanner (the offset counts the byte that was wrong).
type validator struct {
	data  []byte
	i     int
	depth int
}

func checkValid(data []byte) error {
	s := &validator{data: data}
	s.ws()
	if err := s.value(); err != nil {
		return err
	}
	s.ws()
	if s.i < len(data) {
		return s.errAt("after top-level value")
	}
	return nil
}

func isSpace(c byte) bool {
	return c <= ' ' && (c == ' ' || c == '\t' || c == '\r' || c == '\n')
}

func (s *validator) ws() {
	for s.i < len(s.data) && isSpace(s.data[s.i]) {
		s.i++
	}
}

func (s *validator) eof() error { return s.eofAt(len(s.data)) }

// eofAt: the input ended inside a number or an escape sequence, which
// Go reports at the offset where that began.
func (s *validator) eofAt(off int) error {
	return &SyntaxError{"unexpected end of JSON input", int64(off)}
}

func (s *validator) errAt(context string) error {
	return &SyntaxError{"invalid character " + quoteChar(s.data[s.i]) + " " + context, int64(s.i + 1)}
}

// quoteChar formats c as a quoted character literal.
func quoteChar(c byte) string {
	if c == '\'' {
		return `'\''`
	}
	if c == '"' {
		return `'"'`
	}
	s := strconv.Quote(string([]byte{c}))
	return "'" + s[1:len(s)-1] + "'"
}

func (s *validator) value() error {
	if s.i >= len(s.data) {
		return s.eof()
	}
	switch c := s.data[s.i]; {
	case c == '{':
		return s.object()
	case c == '[':
		return s.array()
	case c == '"':
		return s.str()
	case c == '-' || '0' <= c && c <= '9':
		return s.number()
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.literal("null")
	}
	return s.errAt("looking for beginning of value")
}

func (s *validator) push() error {
	s.depth++
	if s.depth > maxNestingDepth {
		return &SyntaxError{"exceeded max depth", int64(s.i + 1)}
	}
	return nil
}

func (s *validator) object() error {
	if err := s.push(); err != nil {
		return err
	}
	s.i++
	s.ws()
	if s.i >= len(s.data) {
		return s.eof()
	}
	if s.data[s.i] == '}' {
		s.i++
		s.depth--
		return nil
	}
	for {
		if s.i >= len(s.data) {
			return s.eof()
		}
		if s.data[s.i] != '"' {
			return s.errAt("looking for beginning of object key string")
		}
		if err := s.str(); err != nil {
			return err
		}
		s.ws()
		if s.i >= len(s.data) {
			return s.eof()
		}
		if s.data[s.i] != ':' {
			return s.errAt("after object key")
		}
		s.i++
		s.ws()
		if err := s.value(); err != nil {
			return err
		}
		s.ws()
		if s.i >= len(s.data) {
			return s.eof()
		}
		switch s.data[s.i] {
		case ',':
			s.i++
			s.ws()
			continue
		case '}':
			s.i++
			s.depth--
			return nil
		}
		return s.errAt("after object key:value pair")
	}
}

func (s *validator) array() error {
	if err := s.push(); err != nil {
		return err
	}
	s.i++
	s.ws()
	if s.i >= len(s.data) {
		return s.eof()
	}
	if s.data[s.i] == ']' {
		s.i++
		s.depth--
		return nil
	}
	for {
		if err := s.value(); err != nil {
			return err
		}
		s.ws()
		if s.i >= len(s.data) {
			return s.eof()
		}
		switch s.data[s.i] {
		case ',':
			s.i++
			s.ws()
			continue
		case ']':
			s.i++
			s.depth--
			return nil
		}
		return s.errAt("after array element")
	}
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func (s *validator) str() error {
	s.i++
	for {
		if s.i >= len(s.data) {
			return s.eof()
		}
		c := s.data[s.i]
		switch {
		case c == '"':
			s.i++
			return nil
		case c == '\\':
			esc := s.i
			s.i++
			if s.i >= len(s.data) {
				return s.eofAt(esc)
			}
			switch s.data[s.i] {
			case 'b', 'f', 'n', 'r', 't', '\\', '/', '"':
				s.i++
			case 'u':
				s.i++
				for k := 0; k < 4; k++ {
					if s.i >= len(s.data) {
						return s.eofAt(esc)
					}
					if !isHex(s.data[s.i]) {
						return s.badEscape(esc, 6)
					}
					s.i++
				}
			default:
				return s.badEscape(esc, 2)
			}
		case c < 0x20:
			return s.errAt("in string")
		default:
			s.i++
		}
	}
}

// badEscape: the escape sequence at esc (n bytes of it shown) is not
// JSON's.
func (s *validator) badEscape(esc, n int) error {
	end := min(esc+n, len(s.data))
	return &SyntaxError{"invalid escape sequence `" + string(s.data[esc:end]) + "` in string", int64(end)}
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func (s *validator) digits() {
	for s.i < len(s.data) && isDigit(s.data[s.i]) {
		s.i++
	}
}

func (s *validator) number() error {
	start := s.i
	if s.data[s.i] == '-' {
		s.i++
		if s.i >= len(s.data) {
			return s.eofAt(start)
		}
		if !isDigit(s.data[s.i]) {
			return s.errAt("in numeric literal")
		}
	}
	if s.data[s.i] == '0' {
		s.i++
	} else {
		s.digits()
	}
	if s.i < len(s.data) && s.data[s.i] == '.' {
		s.i++
		if s.i >= len(s.data) {
			return s.eofAt(start)
		}
		if !isDigit(s.data[s.i]) {
			return s.errAt("in numeric literal")
		}
		s.digits()
	}
	if s.i < len(s.data) && (s.data[s.i] == 'e' || s.data[s.i] == 'E') {
		s.i++
		if s.i >= len(s.data) {
			return s.eofAt(start)
		}
		if s.data[s.i] == '+' || s.data[s.i] == '-' {
			s.i++
			if s.i >= len(s.data) {
				return s.eofAt(start)
			}
		}
		if !isDigit(s.data[s.i]) {
			return s.errAt("in numeric literal")
		}
		s.digits()
	}
	return nil
}

func (s *validator) literal(word string) error {
	for k := 1; k < len(word); k++ {
		s.i++
		if s.i >= len(s.data) {
			return s.eof()
		}
		if s.data[s.i] != word[k] {
			return s.errAt("in literal " + word + " (expecting " + quoteChar(word[k]) + ")")
		}
	}
	s.i++
	return nil
}

// isValidNumber reports whether s is a valid JSON number literal.
func isValidNumber(s string) bool {
	if s == "" {
		return false
	}
	v := &validator{data: []byte(s)}
	if s[0] != '-' && !isDigit(s[0]) {
		return false
	}
	return v.number() == nil && v.i == len(s)
}

// Compact appends to dst the JSON-encoded src with insignificant space
// characters elided.
func Compact(dst *bytes.Buffer, src []byte) error {
	b, err := appendCompact(dst.AvailableBuffer(), src, false)
	if err == nil {
		dst.Write(b)
	}
	return err
}

func appendCompact(dst, src []byte, escape bool) ([]byte, error) {
	if err := checkValid(src); err != nil {
		return dst, err
	}
	inStr := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		if inStr {
			switch {
			case c == '\\':
				dst = append(dst, c, src[i+1])
				i++
				continue
			case c == '"':
				inStr = false
			case escape && (c == '<' || c == '>' || c == '&'):
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
				continue
			case escape && c == 0xE2 && i+2 < len(src) && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8:
				dst = append(dst, '\\', 'u', '2', '0', '2', hex[src[i+2]&0xF])
				i += 2
				continue
			}
			dst = append(dst, c)
			continue
		}
		if isSpace(c) {
			continue
		}
		if c == '"' {
			inStr = true
		}
		dst = append(dst, c)
	}
	return dst, nil
}

// HTMLEscape appends to dst the JSON-encoded src with <, >, &, U+2028
// and U+2029 characters inside string literals changed to \u003c,
// \u003e, \u0026, \u2028, \u2029.
func HTMLEscape(dst *bytes.Buffer, src []byte) {
	start := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '<' || c == '>' || c == '&' {
			dst.Write(src[start:i])
			dst.Write([]byte{'\\', 'u', '0', '0', hex[c>>4], hex[c&0xF]})
			start = i + 1
		}
		if c == 0xE2 && i+2 < len(src) && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8 {
			dst.Write(src[start:i])
			dst.Write([]byte{'\\', 'u', '2', '0', '2', hex[src[i+2]&0xF]})
			start = i + 3
		}
	}
	dst.Write(src[start:])
}

func appendNewline(dst []byte, prefix, indent string, depth int) []byte {
	dst = append(dst, '\n')
	dst = append(dst, prefix...)
	for i := 0; i < depth; i++ {
		dst = append(dst, indent...)
	}
	return dst
}

// Indent appends to dst an indented form of the JSON-encoded src.
func Indent(dst *bytes.Buffer, src []byte, prefix, indent string) error {
	b, err := appendIndent(dst.AvailableBuffer(), src, prefix, indent)
	if err == nil {
		dst.Write(b)
	}
	return err
}

func appendIndent(dst, src []byte, prefix, indent string) ([]byte, error) {
	if err := checkValid(src); err != nil {
		return dst, err
	}
	// Leading space is dropped, trailing space kept.
	end := len(src)
	for end > 0 && isSpace(src[end-1]) {
		end--
	}
	trailing := src[end:]
	src = src[:end]
	needIndent := false
	depth := 0
	inStr := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		if inStr {
			dst = append(dst, c)
			if c == '\\' {
				dst = append(dst, src[i+1])
				i++
			} else if c == '"' {
				inStr = false
			}
			continue
		}
		if isSpace(c) {
			continue
		}
		if needIndent && c != ']' && c != '}' {
			needIndent = false
			depth++
			dst = appendNewline(dst, prefix, indent, depth)
		}
		switch c {
		case '"':
			inStr = true
			dst = append(dst, c)
		case '{', '[':
			needIndent = true
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			dst = appendNewline(dst, prefix, indent, depth)
		case ':':
			dst = append(dst, c, ' ')
		case '}', ']':
			if needIndent {
				needIndent = false
			} else {
				depth--
				dst = appendNewline(dst, prefix, indent, depth)
			}
			dst = append(dst, c)
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, trailing...), nil
}
