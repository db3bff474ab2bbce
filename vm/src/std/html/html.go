// Package html provides functions for escaping and unescaping HTML text.
package html

import (
	"strings"
	"unicode/utf8"
)

// The code points 0x80-0x9F of numeric references stand for these
// (Windows-1252), as HTML5 specifies.
var c1Replacements = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
}

// longestBare is the longest entity name valid without its ';'.
const longestBare = 6

var htmlEscaper = strings.NewReplacer(
	`&`, "&amp;",
	`'`, "&#39;",
	`<`, "&lt;",
	`>`, "&gt;",
	`"`, "&#34;",
)

// EscapeString escapes special characters like "<" to become "&lt;". It
// escapes only five such characters: <, >, &, ' and ".
func EscapeString(s string) string {
	return htmlEscaper.Replace(s)
}

// UnescapeString unescapes entities like "&lt;" to become "<".
func UnescapeString(s string) string {
	i := strings.IndexByte(s, '&')
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i >= 0 {
		b.WriteString(s[:i])
		s = s[i:]
		n := unescapeOne(&b, s)
		s = s[n:]
		i = strings.IndexByte(s, '&')
	}
	b.WriteString(s)
	return b.String()
}

// unescapeOne decodes the reference at the start of s (which starts with
// '&') into b and returns how many bytes it consumed.
func unescapeOne(b *strings.Builder, s string) int {
	if len(s) < 2 {
		b.WriteByte('&')
		return 1
	}
	if s[1] == '#' {
		i := 2
		hex := false
		if i < len(s) && (s[i] == 'x' || s[i] == 'X') {
			hex = true
			i++
		}
		x := rune(0)
		for i < len(s) {
			c := s[i]
			var d rune
			switch {
			case '0' <= c && c <= '9':
				d = rune(c - '0')
			case hex && 'a' <= c && c <= 'f':
				d = rune(c-'a') + 10
			case hex && 'A' <= c && c <= 'F':
				d = rune(c-'A') + 10
			default:
				d = -1
			}
			if d < 0 {
				break
			}
			if hex {
				x = 16*x + d
			} else {
				x = 10*x + d
			}
			if x > 0x10FFFF {
				x = 0x110000
			}
			i++
		}
		if i < len(s) && s[i] == ';' {
			i++
		}
		// Go counts "&#" plus one byte as no reference.
		if i <= 3 {
			b.WriteByte('&')
			return 1
		}
		switch {
		case 0x80 <= x && x <= 0x9F:
			x = c1Replacements[x-0x80]
		case x == 0 || (0xD800 <= x && x <= 0xDFFF) || x > 0x10FFFF:
			x = utf8.RuneError
		}
		b.WriteRune(x)
		return i
	}
	i := 1
	for i < len(s) {
		c := s[i]
		i++
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			continue
		}
		if c != ';' {
			i--
		}
		break
	}
	name := s[1:i]
	if name == "" {
		b.WriteByte('&')
		return 1
	}
	if r1, r2 := entity(name); r1 != 0 {
		b.WriteRune(r1)
		if r2 != 0 {
			b.WriteRune(r2)
		}
		return i
	}
	max := len(name) - 1
	if max > longestBare {
		max = longestBare
	}
	for j := max; j > 1; j-- {
		if r1, r2 := entity(name[:j]); r1 != 0 && r2 == 0 {
			b.WriteRune(r1)
			return 1 + j
		}
	}
	b.WriteString(s[:i])
	return i
}

// entity returns the code points of a named reference (0 if none).
func entity(name string) (r1, r2 rune)
