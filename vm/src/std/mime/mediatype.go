// Package mime (mime) as minigo provides it, in Go: media types and their
// parameters (RFC 2045, 2616, 2231), the extension to type table, and
// RFC 2047 encoded words.
package mime

import (
	"errors"
	"sort"
	"strconv"
	"strings"
)

// isTSpecial reports whether c is one of RFC 2045's tspecials.
func isTSpecial(c byte) bool {
	return strings.IndexByte(`()<>@,;:\"/[]?=`, c) >= 0
}

// isTokenChar reports whether c may appear in an RFC 2045 token.
func isTokenChar(c byte) bool {
	return c > ' ' && c < 0x7f && !isTSpecial(c)
}

func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isTokenChar(s[i]) {
			return false
		}
	}
	return true
}

// needsEncoding reports whether s holds a byte other than a printable
// ASCII one or a tab.
func needsEncoding(s string) bool {
	for _, r := range s {
		if (r < ' ' || r > '~') && r != '\t' {
			return true
		}
	}
	return false
}

const upperhex = "0123456789ABCDEF"

// FormatMediaType serializes the media type t and its parameters param,
// sorted by name, as a value of Content-Type or Content-Disposition. A
// value outside printable ASCII is encoded per RFC 2231. It returns ""
// if t or a parameter name is not a valid token.
func FormatMediaType(t string, param map[string]string) string {
	var b strings.Builder
	if major, sub, ok := strings.Cut(t, "/"); ok {
		if !isToken(major) || !isToken(sub) {
			return ""
		}
		b.WriteString(strings.ToLower(major))
		b.WriteByte('/')
		b.WriteString(strings.ToLower(sub))
	} else {
		if !isToken(t) {
			return ""
		}
		b.WriteString(strings.ToLower(t))
	}
	names := make([]string, 0, len(param))
	for k := range param {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		value := param[name]
		b.WriteString("; ")
		if !isToken(name) {
			return ""
		}
		b.WriteString(strings.ToLower(name))
		if needsEncoding(value) {
			b.WriteString("*=utf-8''")
			for i := 0; i < len(value); i++ {
				c := value[i]
				if c <= ' ' || c >= 0x7f || c == '*' || c == '\'' || c == '%' || isTSpecial(c) {
					b.WriteByte('%')
					b.WriteByte(upperhex[c>>4])
					b.WriteByte(upperhex[c&15])
				} else {
					b.WriteByte(c)
				}
			}
			continue
		}
		b.WriteByte('=')
		if isToken(value) {
			b.WriteString(value)
			continue
		}
		b.WriteByte('"')
		for i := 0; i < len(value); i++ {
			if c := value[i]; c == '"' || c == '\\' {
				b.WriteByte('\\')
			}
			b.WriteByte(value[i])
		}
		b.WriteByte('"')
	}
	return b.String()
}

var (
	errNoMediaType           = errors.New("mime: no media type")
	errNoSlash               = errors.New("mime: expected slash after first token")
	errNoTokenAfterSlash     = errors.New("mime: expected token after slash")
	errContentAfterSubtype   = errors.New("mime: unexpected content after media subtype")
	errDuplicateParamName    = errors.New("mime: duplicate parameter name")
	ErrInvalidMediaParameter = errors.New("mime: invalid media parameter")
)

// checkMediaType checks a lower-cased, trimmed "type/subtype" or a
// disposition token.
func checkMediaType(s string) error {
	typ, rest := cutToken(s)
	if typ == "" {
		return errNoMediaType
	}
	if rest == "" {
		return nil
	}
	if rest[0] != '/' {
		return errNoSlash
	}
	sub, rest := cutToken(rest[1:])
	if sub == "" {
		return errNoTokenAfterSlash
	}
	if rest != "" {
		return errContentAfterSubtype
	}
	return nil
}

// ParseMediaType parses a media type value and its optional parameters
// (RFC 1521): the type is lower-cased and trimmed, the parameter names
// lower-cased, and RFC 2231 continuations and encodings decoded. With
// invalid parameters it returns the media type, a nil map and
// ErrInvalidMediaParameter.
func ParseMediaType(v string) (mediatype string, params map[string]string, err error) {
	base, _, _ := strings.Cut(v, ";")
	mediatype = strings.TrimSpace(strings.ToLower(base))
	if err = checkMediaType(mediatype); err != nil {
		return "", nil, err
	}
	params = make(map[string]string)
	// Parameters named "name*..." by their base name, then full name.
	var parts map[string]map[string]string
	v = v[len(base):]
	for len(v) > 0 {
		v = trimLeftSpace(v)
		if v == "" {
			break
		}
		key, value, rest := cutParam(v)
		if key == "" {
			if strings.TrimSpace(rest) == ";" {
				// A trailing semicolon.
				break
			}
			return mediatype, nil, ErrInvalidMediaParameter
		}
		m := params
		if name, _, ok := strings.Cut(key, "*"); ok {
			if parts == nil {
				parts = make(map[string]map[string]string)
			}
			if m = parts[name]; m == nil {
				m = make(map[string]string)
				parts[name] = m
			}
		}
		if old, dup := m[key]; dup && old != value {
			return "", nil, errDuplicateParamName
		}
		m[key] = value
		v = rest
	}
	for name, m := range parts {
		if enc, ok := m[name+"*"]; ok {
			if s, ok := decode2231(enc); ok {
				params[name] = s
			}
			continue
		}
		var sb strings.Builder
		found := false
		for n := 0; ; n++ {
			plain := name + "*" + strconv.Itoa(n)
			if s, ok := m[plain]; ok {
				found = true
				sb.WriteString(s)
				continue
			}
			s, ok := m[plain+"*"]
			if !ok {
				break
			}
			found = true
			if n == 0 {
				if d, ok := decode2231(s); ok {
					sb.WriteString(d)
				}
			} else {
				d, _ := unescapePercents(s)
				sb.WriteString(d)
			}
		}
		if found {
			params[name] = sb.String()
		}
	}
	return
}

// decode2231 decodes charset'language'percent-encoded-text for the
// charsets us-ascii and utf-8.
func decode2231(v string) (string, bool) {
	charset, rest, ok := strings.Cut(v, "'")
	if !ok {
		return "", false
	}
	_, text, ok := strings.Cut(rest, "'")
	if !ok {
		return "", false
	}
	switch strings.ToLower(charset) {
	case "us-ascii", "utf-8":
	default:
		return "", false
	}
	return unescapePercents(text)
}

func isSpaceRune(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\v', '\f', '\r', 0x85, 0xA0:
		return true
	}
	return r >= 0x1000 && (r == 0x1680 || 0x2000 <= r && r <= 0x200a || r == 0x2028 || r == 0x2029 || r == 0x202f || r == 0x205f || r == 0x3000)
}

// trimLeftSpace is strings.TrimLeftFunc(s, unicode.IsSpace).
func trimLeftSpace(s string) string {
	for i, r := range s {
		if !isSpaceRune(r) {
			return s[i:]
		}
	}
	return ""
}

func cutToken(v string) (token, rest string) {
	for i := 0; i < len(v); i++ {
		if !isTokenChar(v[i]) {
			return v[:i], v[i:]
		}
	}
	return v, ""
}

// cutValue cuts a token or a quoted string off v; an unterminated quoted
// string gives "" and v.
func cutValue(v string) (value, rest string) {
	if v == "" {
		return
	}
	if v[0] != '"' {
		return cutToken(v)
	}
	var sb strings.Builder
	for i := 1; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '"':
			return sb.String(), v[i+1:]
		case c == '\\' && i+1 < len(v) && isTSpecial(v[i+1]):
			// Only tspecials are escaped, for IE's unescaped backslashes
			// in file names.
			i++
			sb.WriteByte(v[i])
		case c == '\r' || c == '\n':
			return "", v
		default:
			sb.WriteByte(c)
		}
	}
	return "", v
}

// cutParam cuts "; name=value" off v; on a malformed parameter it
// returns "", "", v.
func cutParam(v string) (name, value, rest string) {
	rest = trimLeftSpace(v)
	if !strings.HasPrefix(rest, ";") {
		return "", "", v
	}
	rest = trimLeftSpace(rest[1:])
	name, rest = cutToken(rest)
	name = strings.ToLower(name)
	if name == "" {
		return "", "", v
	}
	rest = trimLeftSpace(rest)
	if !strings.HasPrefix(rest, "=") {
		return "", "", v
	}
	rest = trimLeftSpace(rest[1:])
	value, rest2 := cutValue(rest)
	if value == "" && rest2 == rest {
		return "", "", v
	}
	return name, value, rest2
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// unescapePercents decodes %XX escapes; a malformed one fails it all.
func unescapePercents(s string) (string, bool) {
	if strings.IndexByte(s, '%') < 0 {
		return s, true
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", false
		}
		hi, ok1 := unhex(s[i+1])
		lo, ok2 := unhex(s[i+2])
		if !ok1 || !ok2 {
			return "", false
		}
		b = append(b, hi<<4|lo)
		i += 2
	}
	return string(b), true
}
