package http

// Cookies (RFC 6265): the Cookie type, its Set-Cookie form, and parsing
// the Cookie and Set-Cookie headers.

import (
	"errors"
	"fmt"
	"log"
	"net"
	"net/textproto"
	"strconv"
	"strings"
	"time"
)

// A Cookie is an HTTP cookie, sent in a response's Set-Cookie header or
// a request's Cookie header.
type Cookie struct {
	Name   string
	Value  string
	Quoted bool // the Value was (or is to be) in double quotes

	Path       string
	Domain     string
	Expires    time.Time
	RawExpires string // as read, for parsed cookies only

	// MaxAge=0: no Max-Age attribute; < 0: delete now (Max-Age=0);
	// > 0: Max-Age in seconds.
	MaxAge      int
	Secure      bool
	HttpOnly    bool
	SameSite    SameSite
	Partitioned bool
	Raw         string
	Unparsed    []string // attribute-value pairs not understood
}

// SameSite is a cookie's SameSite attribute.
type SameSite int

const (
	SameSiteDefaultMode SameSite = iota + 1
	SameSiteLaxMode
	SameSiteStrictMode
	SameSiteNoneMode
)

var (
	errBlankCookie            = errors.New("http: blank cookie")
	errEqualNotFoundInCookie  = errors.New("http: '=' not found in cookie")
	errInvalidCookieName      = errors.New("http: invalid cookie name")
	errInvalidCookieValue     = errors.New("http: invalid cookie value")
	errCookieNumLimitExceeded = errors.New("http: number of cookies exceeded limit")
)

// cookieMaxNum is how many cookies one header may hold (Go's default for
// GODEBUG httpcookiemaxnum).
const cookieMaxNum = 3000

// cookieIsToken reports whether s is a non-empty RFC 7230 token.
func cookieIsToken(s string) bool {
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

// cookieLower lower-cases s if it is printable ASCII.
func cookieLower(s string) (string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return "", false
		}
	}
	return strings.ToLower(s), true
}

// ParseCookie parses a Cookie header's value: name=value pairs separated
// by semicolons.
func ParseCookie(line string) ([]*Cookie, error) {
	n := strings.Count(line, ";") + 1
	if n > cookieMaxNum {
		return nil, errCookieNumLimitExceeded
	}
	if n == 1 && textproto.TrimString(line) == "" {
		return nil, errBlankCookie
	}
	cookies := make([]*Cookie, 0, n)
	for _, s := range strings.Split(line, ";") {
		s = textproto.TrimString(s)
		name, value, found := strings.Cut(s, "=")
		if !found {
			return nil, errEqualNotFoundInCookie
		}
		if !cookieIsToken(name) {
			return nil, errInvalidCookieName
		}
		value, quoted, ok := parseCookieValue(value, true)
		if !ok {
			return nil, errInvalidCookieValue
		}
		cookies = append(cookies, &Cookie{Name: name, Value: value, Quoted: quoted})
	}
	return cookies, nil
}

// ParseSetCookie parses a Set-Cookie header's value.
func ParseSetCookie(line string) (*Cookie, error) {
	parts := strings.Split(textproto.TrimString(line), ";")
	if len(parts) == 1 && parts[0] == "" {
		return nil, errBlankCookie
	}
	name, value, ok := strings.Cut(textproto.TrimString(parts[0]), "=")
	if !ok {
		return nil, errEqualNotFoundInCookie
	}
	name = textproto.TrimString(name)
	if !cookieIsToken(name) {
		return nil, errInvalidCookieName
	}
	value, quoted, ok := parseCookieValue(value, true)
	if !ok {
		return nil, errInvalidCookieValue
	}
	c := &Cookie{Name: name, Value: value, Quoted: quoted, Raw: line}
	for _, part := range parts[1:] {
		part = textproto.TrimString(part)
		if part == "" {
			continue
		}
		attr, val, _ := strings.Cut(part, "=")
		lower, isASCII := cookieLower(attr)
		if !isASCII {
			continue
		}
		val, _, ok = parseCookieValue(val, false)
		if !ok {
			c.Unparsed = append(c.Unparsed, part)
			continue
		}
		if c.setAttr(lower, val) {
			continue
		}
		c.Unparsed = append(c.Unparsed, part)
	}
	return c, nil
}

// setAttr applies one Set-Cookie attribute; false means it goes to
// Unparsed.
func (c *Cookie) setAttr(attr, val string) bool {
	switch attr {
	case "samesite":
		lower, isASCII := cookieLower(val)
		switch {
		case !isASCII:
			c.SameSite = SameSiteDefaultMode
		case lower == "lax":
			c.SameSite = SameSiteLaxMode
		case lower == "strict":
			c.SameSite = SameSiteStrictMode
		case lower == "none":
			c.SameSite = SameSiteNoneMode
		default:
			c.SameSite = SameSiteDefaultMode
		}
	case "secure":
		c.Secure = true
	case "httponly":
		c.HttpOnly = true
	case "domain":
		c.Domain = val
	case "max-age":
		secs, err := strconv.Atoi(val)
		if err != nil || secs != 0 && val[0] == '0' {
			return false
		}
		if secs <= 0 {
			secs = -1
		}
		c.MaxAge = secs
	case "expires":
		c.RawExpires = val
		t, err := time.Parse(time.RFC1123, val)
		if err != nil {
			t, err = time.Parse("Mon, 02-Jan-2006 15:04:05 MST", val)
			if err != nil {
				c.Expires = time.Time{}
				return false
			}
		}
		c.Expires = t.UTC()
	case "path":
		c.Path = val
	case "partitioned":
		c.Partitioned = true
	default:
		return false
	}
	return true
}

// readSetCookies parses the Set-Cookie lines of h, skipping bad ones.
func readSetCookies(h Header) []*Cookie {
	lines := h["Set-Cookie"]
	if len(lines) == 0 || len(lines) > cookieMaxNum {
		return []*Cookie{}
	}
	cookies := make([]*Cookie, 0, len(lines))
	for _, line := range lines {
		if c, err := ParseSetCookie(line); err == nil {
			cookies = append(cookies, c)
		}
	}
	return cookies
}

// Cookies parses the response's Set-Cookie headers.
func (r *Response) Cookies() []*Cookie { return readSetCookies(r.Header) }

// SetCookie adds a Set-Cookie header to w's headers; an invalid cookie
// (one whose String is "") is dropped silently.
func SetCookie(w ResponseWriter, cookie *Cookie) {
	if v := cookie.String(); v != "" {
		w.Header().Add("Set-Cookie", v)
	}
}

// String returns the cookie as a Set-Cookie value (or as a Cookie header
// value when only Name and Value are set); "" if the name is invalid.
// Invalid bytes in the value and path are dropped, with a log line.
func (c *Cookie) String() string {
	if c == nil || !cookieIsToken(c.Name) {
		return ""
	}
	var b strings.Builder
	b.WriteString(c.Name)
	b.WriteByte('=')
	b.WriteString(sanitizeCookieValue(c.Value, c.Quoted))
	if c.Path != "" {
		b.WriteString("; Path=")
		b.WriteString(cookieSanitize("Cookie.Path", validCookiePathByte, c.Path))
	}
	if c.Domain != "" {
		if validCookieDomain(c.Domain) {
			b.WriteString("; Domain=")
			b.WriteString(strings.TrimPrefix(c.Domain, "."))
		} else {
			log.Printf("net/http: invalid Cookie.Domain %q; dropping domain attribute", c.Domain)
		}
	}
	if c.Expires.Year() >= 1601 {
		b.WriteString("; Expires=")
		b.WriteString(c.Expires.UTC().Format(TimeFormat))
	}
	if c.MaxAge > 0 {
		b.WriteString("; Max-Age=")
		b.WriteString(strconv.Itoa(c.MaxAge))
	} else if c.MaxAge < 0 {
		b.WriteString("; Max-Age=0")
	}
	if c.HttpOnly {
		b.WriteString("; HttpOnly")
	}
	if c.Secure {
		b.WriteString("; Secure")
	}
	switch c.SameSite {
	case SameSiteNoneMode:
		b.WriteString("; SameSite=None")
	case SameSiteLaxMode:
		b.WriteString("; SameSite=Lax")
	case SameSiteStrictMode:
		b.WriteString("; SameSite=Strict")
	}
	if c.Partitioned {
		b.WriteString("; Partitioned")
	}
	return b.String()
}

// Valid reports whether the cookie is valid.
func (c *Cookie) Valid() error {
	if c == nil {
		return errors.New("http: nil Cookie")
	}
	if !cookieIsToken(c.Name) {
		return errors.New("http: invalid Cookie.Name")
	}
	if !c.Expires.IsZero() && c.Expires.Year() < 1601 {
		return errors.New("http: invalid Cookie.Expires")
	}
	for i := 0; i < len(c.Value); i++ {
		if !validCookieValueByte(c.Value[i]) {
			return fmt.Errorf("http: invalid byte %q in Cookie.Value", c.Value[i])
		}
	}
	for i := 0; i < len(c.Path); i++ {
		if !validCookiePathByte(c.Path[i]) {
			return fmt.Errorf("http: invalid byte %q in Cookie.Path", c.Path[i])
		}
	}
	if c.Domain != "" && !validCookieDomain(c.Domain) {
		return errors.New("http: invalid Cookie.Domain")
	}
	if c.Partitioned && !c.Secure {
		return errors.New("http: partitioned cookies must be set with Secure")
	}
	return nil
}

// readCookies parses the Cookie lines of h, keeping those named filter
// (all if filter is "").
func readCookies(h Header, filter string) []*Cookie {
	lines := h["Cookie"]
	if len(lines) == 0 {
		return []*Cookie{}
	}
	n := 0
	for _, line := range lines {
		n += strings.Count(line, ";") + 1
	}
	if n > cookieMaxNum {
		return []*Cookie{}
	}
	cookies := []*Cookie{}
	for _, line := range lines {
		line = textproto.TrimString(line)
		var part string
		for line != "" {
			part, line, _ = strings.Cut(line, ";")
			part = textproto.TrimString(part)
			if part == "" {
				continue
			}
			name, val, _ := strings.Cut(part, "=")
			name = textproto.TrimString(name)
			if !cookieIsToken(name) || filter != "" && filter != name {
				continue
			}
			val, quoted, ok := parseCookieValue(val, true)
			if !ok {
				continue
			}
			cookies = append(cookies, &Cookie{Name: name, Value: val, Quoted: quoted})
		}
	}
	return cookies
}

// Cookies parses the request's Cookie headers.
func (r *Request) Cookies() []*Cookie { return readCookies(r.Header, "") }

// CookiesNamed returns the request's cookies named name.
func (r *Request) CookiesNamed(name string) []*Cookie {
	if name == "" {
		return []*Cookie{}
	}
	return readCookies(r.Header, name)
}

// Cookie returns the first cookie named name, or ErrNoCookie.
func (r *Request) Cookie(name string) (*Cookie, error) {
	if name == "" {
		return nil, ErrNoCookie
	}
	if cs := readCookies(r.Header, name); len(cs) > 0 {
		return cs[0], nil
	}
	return nil, ErrNoCookie
}

// AddCookie appends the cookie's name and value to the request's one
// Cookie header.
func (r *Request) AddCookie(c *Cookie) {
	s := cookieNameSanitizer.Replace(c.Name) + "=" + sanitizeCookieValue(c.Value, c.Quoted)
	if old := r.Header.Get("Cookie"); old != "" {
		r.Header.Set("Cookie", old+"; "+s)
	} else {
		r.Header.Set("Cookie", s)
	}
}

var cookieNameSanitizer = strings.NewReplacer("\n", "-", "\r", "-")

func validCookieDomain(v string) bool {
	if isCookieDomainName(v) {
		return true
	}
	return net.ParseIP(v) != nil && !strings.Contains(v, ":")
}

// isCookieDomainName reports whether s is a domain name, with an
// optional leading dot.
func isCookieDomainName(s string) bool {
	if s == "" || len(s) > 255 {
		return false
	}
	s = strings.TrimPrefix(s, ".")
	last := byte('.')
	letter := false
	partlen := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			letter = true
			partlen++
		case '0' <= c && c <= '9':
			partlen++
		case c == '-':
			if last == '.' {
				return false
			}
			partlen++
		case c == '.':
			if last == '.' || last == '-' || partlen > 63 || partlen == 0 {
				return false
			}
			partlen = 0
		default:
			return false
		}
		last = c
	}
	if last == '-' || partlen > 63 {
		return false
	}
	return letter
}

func sanitizeCookieValue(v string, quoted bool) string {
	v = cookieSanitize("Cookie.Value", validCookieValueByte, v)
	if quoted || strings.ContainsAny(v, " ,") {
		return `"` + v + `"`
	}
	return v
}

func validCookieValueByte(b byte) bool {
	return 0x20 <= b && b < 0x7f && b != '"' && b != ';' && b != '\\'
}

func validCookiePathByte(b byte) bool {
	return 0x20 <= b && b < 0x7f && b != ';'
}

// cookieSanitize drops the bytes of v that valid rejects, logging the
// first.
func cookieSanitize(field string, valid func(byte) bool, v string) string {
	bad := -1
	for i := 0; i < len(v); i++ {
		if !valid(v[i]) {
			bad = i
			break
		}
	}
	if bad < 0 {
		return v
	}
	log.Printf("net/http: invalid byte %q in %s; dropping invalid bytes", v[bad], field)
	buf := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		if valid(v[i]) {
			buf = append(buf, v[i])
		}
	}
	return string(buf)
}

// parseCookieValue checks a cookie value, removing its double quotes if
// allowed; ok is false if it holds an invalid byte.
func parseCookieValue(raw string, allowQuotes bool) (value string, quoted, ok bool) {
	if allowQuotes && len(raw) > 1 && raw[0] == '"' && raw[len(raw)-1] == '"' {
		raw = raw[1 : len(raw)-1]
		quoted = true
	}
	for i := 0; i < len(raw); i++ {
		if !validCookieValueByte(raw[i]) {
			return "", quoted, false
		}
	}
	return raw, quoted, true
}
