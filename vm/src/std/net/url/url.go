// Package url (net/url) as minigo provides it, in Go: URL parsing,
// escaping, query values and reference resolution with Go's results and
// error texts. GODEBUG's urlstrictcolons and urlmaxqueryparams are not
// read: their defaults apply.
package url

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Error is an operation's error and the URL that caused it.
type Error struct {
	Op  string
	URL string
	Err error
}

func (e *Error) Unwrap() error { return e.Err }
func (e *Error) Error() string { return fmt.Sprintf("%s %q: %s", e.Op, e.URL, e.Err) }

func (e *Error) Timeout() bool {
	t, ok := e.Err.(interface{ Timeout() bool })
	return ok && t.Timeout()
}

func (e *Error) Temporary() bool {
	t, ok := e.Err.(interface{ Temporary() bool })
	return ok && t.Temporary()
}

const upperhex = "0123456789ABCDEF"

func ishex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// encoding is the part of a URL a string is escaped for.
type encoding int

const (
	encodePath encoding = 1 + iota
	encodePathSegment
	encodeHost
	encodeZone
	encodeUserPassword
	encodeQueryComponent
	encodeFragment
)

// EscapeError is a malformed %-escape.
type EscapeError string

func (e EscapeError) Error() string {
	return "invalid URL escape " + strconv.Quote(string(e))
}

// InvalidHostError is a character not allowed in a host name.
type InvalidHostError string

func (e InvalidHostError) Error() string {
	return "invalid character " + strconv.Quote(string(e)) + " in host name"
}

// shouldEscape reports whether c must be %-escaped in the given part
// (RFC 3986, with Go's choices).
func shouldEscape(c byte, mode encoding) bool {
	if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
		return false
	}
	if mode == encodeHost || mode == encodeZone {
		switch c {
		case '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=', ':', '[', ']', '<', '>', '"':
			return false
		}
	}
	switch c {
	case '-', '_', '.', '~':
		return false
	case '$', '&', '+', ',', '/', ':', ';', '=', '?', '@':
		switch mode {
		case encodePath:
			return c == '?'
		case encodePathSegment:
			return c == '/' || c == ';' || c == ',' || c == '?'
		case encodeUserPassword:
			return c == '@' || c == '/' || c == '?' || c == ':'
		case encodeQueryComponent:
			return true
		case encodeFragment:
			return false
		}
	}
	if mode == encodeFragment {
		switch c {
		case '!', '(', ')', '*':
			return false
		}
	}
	return true
}

// QueryUnescape undoes QueryEscape: %XX and '+' for space.
func QueryUnescape(s string) (string, error) {
	return unescape(s, encodeQueryComponent)
}

// PathUnescape undoes PathEscape: %XX only.
func PathUnescape(s string) (string, error) {
	return unescape(s, encodePathSegment)
}

func unescape(s string, mode encoding) (string, error) {
	n := 0
	hasPlus := false
	for i := 0; i < len(s); {
		switch s[i] {
		case '%':
			n++
			if i+2 >= len(s) || !ishex(s[i+1]) || !ishex(s[i+2]) {
				s = s[i:]
				if len(s) > 3 {
					s = s[:3]
				}
				return "", EscapeError(s)
			}
			// Hosts may escape only non-ASCII bytes (and the zone's %25).
			if mode == encodeHost && unhex(s[i+1]) < 8 && s[i:i+3] != "%25" {
				return "", EscapeError(s[i : i+3])
			}
			if mode == encodeZone {
				v := unhex(s[i+1])<<4 | unhex(s[i+2])
				if s[i:i+3] != "%25" && v != ' ' && shouldEscape(v, encodeHost) {
					return "", EscapeError(s[i : i+3])
				}
			}
			i += 3
		case '+':
			hasPlus = mode == encodeQueryComponent
			i++
		default:
			if (mode == encodeHost || mode == encodeZone) && s[i] < 0x80 && escapeTable[mode][s[i]] {
				return "", InvalidHostError(s[i : i+1])
			}
			i++
		}
	}
	if n == 0 && !hasPlus {
		return s, nil
	}
	plus := byte('+')
	if mode == encodeQueryComponent {
		plus = ' '
	}
	t := make([]byte, 0, len(s)-2*n)
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '%':
			t = append(t, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		case '+':
			t = append(t, plus)
		default:
			t = append(t, s[i])
		}
	}
	return string(t), nil
}

// QueryEscape escapes s for a query component (space becomes '+').
func QueryEscape(s string) string {
	return escape(s, encodeQueryComponent)
}

// PathEscape escapes s for a path segment.
func PathEscape(s string) string {
	return escape(s, encodePathSegment)
}

// escapeTable[mode][c] caches shouldEscape(c, mode): escape looks at every
// byte of every path and query a client sends or a server parses, and a
// table lookup costs minigo a fraction of a call.
var escapeTable = func() (t [encodeFragment + 1][256]bool) {
	for m := encodePath; m <= encodeFragment; m++ {
		for c := 0; c < 256; c++ {
			t[m][c] = shouldEscape(byte(c), m)
		}
	}
	return
}()

func escape(s string, mode encoding) string {
	need := false
	tbl := &escapeTable[mode]
	for i := 0; i < len(s); i++ {
		if tbl[s[i]] {
			need = true
			break
		}
	}
	if !need {
		return s
	}
	t := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' && mode == encodeQueryComponent:
			t = append(t, '+')
		case tbl[c]:
			t = append(t, '%', upperhex[c>>4], upperhex[c&15])
		default:
			t = append(t, c)
		}
	}
	return string(t)
}

// A URL is a parsed URL: [scheme:][//[userinfo@]host][/]path[?query][#fragment]
// or scheme:opaque[?query][#fragment].
type URL struct {
	Scheme      string
	Opaque      string
	User        *Userinfo
	Host        string
	Path        string
	Fragment    string
	RawQuery    string
	RawPath     string
	RawFragment string
	ForceQuery  bool
	OmitHost    bool
}

// User returns a Userinfo with a username and no password.
func User(username string) *Userinfo {
	return &Userinfo{username, "", false}
}

// UserPassword returns a Userinfo with a username and a password.
func UserPassword(username, password string) *Userinfo {
	return &Userinfo{username, password, true}
}

// Userinfo is the immutable user and password of a URL.
type Userinfo struct {
	username    string
	password    string
	passwordSet bool
}

func (u *Userinfo) Username() string {
	if u == nil {
		return ""
	}
	return u.username
}

func (u *Userinfo) Password() (string, bool) {
	if u == nil {
		return "", false
	}
	return u.password, u.passwordSet
}

// String is "username[:password]", escaped.
func (u *Userinfo) String() string {
	if u == nil {
		return ""
	}
	s := escape(u.username, encodeUserPassword)
	if u.passwordSet {
		s += ":" + escape(u.password, encodeUserPassword)
	}
	return s
}

// getScheme splits "scheme:rest"; a URL without a valid scheme has none.
func getScheme(raw string) (scheme, rest string, err error) {
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.':
			if i == 0 {
				return "", raw, nil
			}
		case c == ':':
			if i == 0 {
				return "", "", errors.New("missing protocol scheme")
			}
			return raw[:i], raw[i+1:], nil
		default:
			return "", raw, nil
		}
	}
	return "", raw, nil
}

// Parse parses a URL, relative or absolute.
func Parse(rawURL string) (*URL, error) {
	u, frag, _ := strings.Cut(rawURL, "#")
	url, err := parse(u, false)
	if err != nil {
		return nil, &Error{"parse", u, err}
	}
	if frag == "" {
		return url, nil
	}
	if err = url.setFragment(frag); err != nil {
		return nil, &Error{"parse", rawURL, err}
	}
	return url, nil
}

// ParseRequestURI parses an absolute URL or absolute path, as in an
// HTTP request; it has no fragment.
func ParseRequestURI(rawURL string) (*URL, error) {
	url, err := parse(rawURL, true)
	if err != nil {
		return nil, &Error{"parse", rawURL, err}
	}
	return url, nil
}

func parse(rawURL string, viaRequest bool) (*URL, error) {
	if hasCTLByte(rawURL) {
		return nil, errors.New("net/url: invalid control character in URL")
	}
	if rawURL == "" && viaRequest {
		return nil, errors.New("empty url")
	}
	url := new(URL)
	if rawURL == "*" {
		url.Path = "*"
		return url, nil
	}
	scheme, rest, err := getScheme(rawURL)
	if err != nil {
		return nil, err
	}
	url.Scheme = strings.ToLower(scheme)
	if strings.HasSuffix(rest, "?") && strings.Count(rest, "?") == 1 {
		url.ForceQuery = true
		rest = rest[:len(rest)-1]
	} else {
		rest, url.RawQuery, _ = strings.Cut(rest, "?")
	}
	if !strings.HasPrefix(rest, "/") {
		if url.Scheme != "" {
			// Rootless: opaque.
			url.Opaque = rest
			return url, nil
		}
		if viaRequest {
			return nil, errors.New("invalid URI for request")
		}
		// "a:b/c" would read as a scheme.
		if segment, _, _ := strings.Cut(rest, "/"); strings.Contains(segment, ":") {
			return nil, errors.New("first path segment in URL cannot contain colon")
		}
	}
	if (url.Scheme != "" || !viaRequest && !strings.HasPrefix(rest, "///")) && strings.HasPrefix(rest, "//") {
		authority := rest[2:]
		rest = ""
		if i := strings.Index(authority, "/"); i >= 0 {
			authority, rest = authority[:i], authority[i:]
		}
		url.User, url.Host, err = parseAuthority(url.Scheme, authority)
		if err != nil {
			return nil, err
		}
	} else if url.Scheme != "" && strings.HasPrefix(rest, "/") {
		url.OmitHost = true
	}
	if err := url.setPath(rest); err != nil {
		return nil, err
	}
	return url, nil
}

func parseAuthority(scheme, authority string) (user *Userinfo, host string, err error) {
	i := strings.LastIndex(authority, "@")
	if i < 0 {
		host, err = parseHost(scheme, authority)
	} else {
		host, err = parseHost(scheme, authority[i+1:])
	}
	if err != nil {
		return nil, "", err
	}
	if i < 0 {
		return nil, host, nil
	}
	userinfo := authority[:i]
	if !validUserinfo(userinfo) {
		return nil, "", errors.New("net/url: invalid userinfo")
	}
	if !strings.Contains(userinfo, ":") {
		if userinfo, err = unescape(userinfo, encodeUserPassword); err != nil {
			return nil, "", err
		}
		return User(userinfo), host, nil
	}
	username, password, _ := strings.Cut(userinfo, ":")
	if username, err = unescape(username, encodeUserPassword); err != nil {
		return nil, "", err
	}
	if password, err = unescape(password, encodeUserPassword); err != nil {
		return nil, "", err
	}
	return UserPassword(username, password), host, nil
}

func parseHost(scheme, host string) (string, error) {
	if open := strings.LastIndex(host, "["); open > 0 {
		return "", errors.New("invalid IP-literal")
	} else if open == 0 {
		// An IP-literal: [ipv6%25zone]:port.
		closing := strings.LastIndex(host, "]")
		if closing < 0 {
			return "", errors.New("missing ']' in host")
		}
		colonPort := host[closing+1:]
		if !validOptionalPort(colonPort) {
			return "", fmt.Errorf("invalid port %q after host", colonPort)
		}
		port, err := unescape(colonPort, encodeHost)
		if err != nil {
			return "", err
		}
		hostname := host[1:closing]
		var unescaped string
		if zone := strings.Index(hostname, "%25"); zone >= 0 {
			h, err := unescape(hostname[:zone], encodeHost)
			if err != nil {
				return "", err
			}
			z, err := unescape(hostname[zone:], encodeZone)
			if err != nil {
				return "", err
			}
			unescaped = h + z
		} else {
			unescaped, err = unescape(hostname, encodeHost)
			if err != nil {
				return "", err
			}
		}
		is4, err := parseAddr(unescaped)
		if err != nil {
			return "", fmt.Errorf("invalid host: %w", err)
		}
		if is4 {
			return "", errors.New("invalid IP-literal")
		}
		return "[" + unescaped + "]" + port, nil
	} else if i := strings.Index(host, ":"); i != -1 {
		// Only http and https insist that the first colon starts the port.
		if last := strings.LastIndex(host, ":"); last != i && scheme != "http" && scheme != "https" {
			i = last
		}
		colonPort := host[i:]
		if !validOptionalPort(colonPort) {
			return "", fmt.Errorf("invalid port %q after host", colonPort)
		}
	}
	h, err := unescape(host, encodeHost)
	if err != nil {
		return "", err
	}
	return h, nil
}

// addrError is net/netip's ParseAddr error.
type addrError struct {
	in  string
	msg string
	at  string
}

func (e addrError) Error() string {
	if e.at != "" {
		return "ParseAddr(" + strconv.Quote(e.in) + "): " + e.msg + " (at " + strconv.Quote(e.at) + ")"
	}
	return "ParseAddr(" + strconv.Quote(e.in) + "): " + e.msg
}

// parseAddr checks s as netip.ParseAddr does; is4 is true for an IPv4
// address.
func parseAddr(s string) (is4 bool, err error) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '.':
			var f [4]byte
			return true, ipv4Fields(s, 0, len(s), f[:])
		case ':':
			return false, ipv6(s)
		case '%':
			return false, addrError{in: s, msg: "missing IPv6 address"}
		}
	}
	return false, addrError{in: s, msg: "unable to parse IP"}
}

func ipv4Fields(in string, off, end int, fields []byte) error {
	val, pos, digits := 0, 0, 0
	s := in[off:end]
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case '0' <= c && c <= '9':
			if digits == 1 && val == 0 {
				return addrError{in: in, msg: "IPv4 field has octet with leading zero"}
			}
			val = val*10 + int(c-'0')
			digits++
			if val > 255 {
				return addrError{in: in, msg: "IPv4 field has value >255"}
			}
		case c == '.':
			if i == 0 || i == len(s)-1 || s[i-1] == '.' {
				return addrError{in: in, msg: "IPv4 field must have at least one digit", at: s[i:]}
			}
			if pos == 3 {
				return addrError{in: in, msg: "IPv4 address too long"}
			}
			fields[pos] = byte(val)
			pos++
			val, digits = 0, 0
		default:
			return addrError{in: in, msg: "unexpected character", at: s[i:]}
		}
	}
	if pos < 3 {
		return addrError{in: in, msg: "IPv4 address too short"}
	}
	fields[3] = byte(val)
	return nil
}

func ipv6(in string) error {
	s := in
	zone := ""
	if i := strings.IndexByte(s, '%'); i != -1 {
		s, zone = s[:i], s[i+1:]
		if zone == "" {
			return addrError{in: in, msg: "zone must be a non-empty string"}
		}
	}
	var ip [16]byte
	ellipsis := -1
	if len(s) >= 2 && s[0] == ':' && s[1] == ':' {
		ellipsis = 0
		s = s[2:]
		if len(s) == 0 {
			return nil
		}
	}
	i := 0
	for i < 16 {
		off := 0
		acc := uint32(0)
		for ; off < len(s); off++ {
			c := s[off]
			if !ishex(c) {
				break
			}
			acc = acc<<4 + uint32(unhex(c))
			if off > 3 {
				return addrError{in: in, msg: "each group must have 4 or less digits", at: s}
			}
			if acc > 0xffff {
				return addrError{in: in, msg: "IPv6 field has value >=2^16", at: s}
			}
		}
		if off == 0 {
			return addrError{in: in, msg: "each colon-separated field must have at least one digit", at: s}
		}
		if off < len(s) && s[off] == '.' {
			if ellipsis < 0 && i != 12 {
				return addrError{in: in, msg: "embedded IPv4 address must replace the final 2 fields of the address", at: s}
			}
			if i+4 > 16 {
				return addrError{in: in, msg: "too many hex fields to fit an embedded IPv4 at the end of the address", at: s}
			}
			end := len(in)
			if len(zone) > 0 {
				end -= len(zone) + 1
			}
			if err := ipv4Fields(in, end-len(s), end, ip[i:i+4]); err != nil {
				return err
			}
			s = ""
			i += 4
			break
		}
		i += 2
		s = s[off:]
		if len(s) == 0 {
			break
		}
		if s[0] != ':' {
			return addrError{in: in, msg: "unexpected character, want colon", at: s}
		} else if len(s) == 1 {
			return addrError{in: in, msg: "colon must be followed by more characters", at: s}
		}
		s = s[1:]
		if s[0] == ':' {
			if ellipsis >= 0 {
				return addrError{in: in, msg: "multiple :: in address", at: s}
			}
			ellipsis = i
			s = s[1:]
			if len(s) == 0 {
				break
			}
		}
	}
	if len(s) != 0 {
		return addrError{in: in, msg: "trailing garbage after address", at: s}
	}
	if i < 16 && ellipsis < 0 {
		return addrError{in: in, msg: "address string too short"}
	}
	if i == 16 && ellipsis >= 0 {
		return addrError{in: in, msg: "the :: must expand to at least one field of zeros"}
	}
	return nil
}

// setPath sets Path and, when p is not Path's default encoding, RawPath.
func (u *URL) setPath(p string) error {
	path, err := unescape(p, encodePath)
	if err != nil {
		return err
	}
	u.Path = path
	if escape(path, encodePath) == p {
		u.RawPath = ""
	} else {
		u.RawPath = p
	}
	return nil
}

// EscapedPath is RawPath when it is a valid encoding of Path, else
// Path escaped.
func (u *URL) EscapedPath() string {
	if u.RawPath != "" && validEncoded(u.RawPath, encodePath) {
		p, err := unescape(u.RawPath, encodePath)
		if err == nil && p == u.Path {
			return u.RawPath
		}
	}
	if u.Path == "*" {
		return "*"
	}
	return escape(u.Path, encodePath)
}

func validEncoded(s string, mode encoding) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=', ':', '@', '[', ']', '%':
		default:
			if escapeTable[mode][s[i]] {
				return false
			}
		}
	}
	return true
}

func (u *URL) setFragment(f string) error {
	frag, err := unescape(f, encodeFragment)
	if err != nil {
		return err
	}
	u.Fragment = frag
	if escape(frag, encodeFragment) == f {
		u.RawFragment = ""
	} else {
		u.RawFragment = f
	}
	return nil
}

// EscapedFragment is RawFragment when valid for Fragment, else Fragment
// escaped.
func (u *URL) EscapedFragment() string {
	if u.RawFragment != "" && validEncoded(u.RawFragment, encodeFragment) {
		f, err := unescape(u.RawFragment, encodeFragment)
		if err == nil && f == u.Fragment {
			return u.RawFragment
		}
	}
	return escape(u.Fragment, encodeFragment)
}

// validOptionalPort reports whether port is "" or ":" and digits.
func validOptionalPort(port string) bool {
	if port == "" {
		return true
	}
	if port[0] != ':' {
		return false
	}
	for i := 1; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return false
		}
	}
	return true
}

// String reassembles the URL.
func (u *URL) String() string {
	var buf strings.Builder
	if u.Scheme != "" {
		buf.WriteString(u.Scheme)
		buf.WriteByte(':')
	}
	if u.Opaque != "" {
		buf.WriteString(u.Opaque)
	} else {
		if u.Scheme != "" || u.Host != "" || u.User != nil {
			if !(u.OmitHost && u.Host == "" && u.User == nil) {
				if u.Host != "" || u.Path != "" || u.User != nil {
					buf.WriteString("//")
				}
				if ui := u.User; ui != nil {
					buf.WriteString(ui.String())
					buf.WriteByte('@')
				}
				if h := u.Host; h != "" {
					buf.WriteString(escape(h, encodeHost))
				}
			}
		}
		path := u.EscapedPath()
		if u.OmitHost && u.Host == "" && u.User == nil && strings.HasPrefix(path, "//") {
			// "//" would read as an authority.
			buf.WriteString("%2F")
			path = path[1:]
		}
		if path != "" && path[0] != '/' && u.Host != "" {
			buf.WriteByte('/')
		}
		if buf.Len() == 0 {
			// A colon in the first segment would read as a scheme.
			if segment, _, _ := strings.Cut(path, "/"); strings.Contains(segment, ":") {
				buf.WriteString("./")
			}
		}
		buf.WriteString(path)
	}
	if u.ForceQuery || u.RawQuery != "" {
		buf.WriteByte('?')
		buf.WriteString(u.RawQuery)
	}
	if u.Fragment != "" {
		buf.WriteByte('#')
		buf.WriteString(u.EscapedFragment())
	}
	return buf.String()
}

// Redacted is String with any password replaced by "xxxxx".
func (u *URL) Redacted() string {
	if u == nil {
		return ""
	}
	ru := *u
	if _, has := ru.User.Password(); has {
		ru.User = UserPassword(ru.User.Username(), "xxxxx")
	}
	return ru.String()
}

// Values maps a query key to its values.
type Values map[string][]string

func (v Values) Get(key string) string {
	vs := v[key]
	if len(vs) == 0 {
		return ""
	}
	return vs[0]
}

func (v Values) Set(key, value string) { v[key] = []string{value} }

func (v Values) Add(key, value string) { v[key] = append(v[key], value) }

func (v Values) Del(key string) { delete(v, key) }

func (v Values) Has(key string) bool {
	_, ok := v[key]
	return ok
}

func (vs Values) Clone() Values {
	if vs == nil {
		return nil
	}
	c := make(Values, len(vs))
	for k, v := range vs {
		c[k] = slices.Clone(v)
	}
	return c
}

// ParseQuery parses a URL-encoded query; it returns the first error
// but keeps the pairs it could decode.
func ParseQuery(query string) (Values, error) {
	m := make(Values)
	err := parseQuery(m, query)
	return m, err
}

const maxParams = 10000

func parseQuery(m Values, query string) (err error) {
	if strings.Count(query, "&")+1 > maxParams {
		return errors.New("number of URL query parameters exceeded limit")
	}
	for query != "" {
		var key string
		key, query, _ = strings.Cut(query, "&")
		if strings.Contains(key, ";") {
			err = fmt.Errorf("invalid semicolon separator in query")
			continue
		}
		if key == "" {
			continue
		}
		key, value, _ := strings.Cut(key, "=")
		key, err1 := QueryUnescape(key)
		if err1 != nil {
			if err == nil {
				err = err1
			}
			continue
		}
		value, err1 = QueryUnescape(value)
		if err1 != nil {
			if err == nil {
				err = err1
			}
			continue
		}
		m[key] = append(m[key], value)
	}
	return err
}

// Encode is "k=v&..." sorted by key, escaped.
func (v Values) Encode() string {
	if len(v) == 0 {
		return ""
	}
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var buf strings.Builder
	for _, k := range keys {
		ke := QueryEscape(k)
		for _, val := range v[k] {
			if buf.Len() > 0 {
				buf.WriteByte('&')
			}
			buf.WriteString(ke)
			buf.WriteByte('=')
			buf.WriteString(QueryEscape(val))
		}
	}
	return buf.String()
}

// resolvePath applies ref to base and removes dot segments (RFC 3986 5.2).
func resolvePath(base, ref string) string {
	var full string
	if ref == "" {
		full = base
	} else if ref[0] != '/' {
		i := strings.LastIndex(base, "/")
		full = base[:i+1] + ref
	} else {
		full = ref
	}
	if full == "" {
		return ""
	}
	dst := []byte{'/'}
	elem := ""
	remaining := full
	found := true
	first := true
	for found {
		elem, remaining, found = strings.Cut(remaining, "/")
		switch elem {
		case ".":
			first = false
			continue
		case "..":
			i := len(dst) - 1
			for i >= 1 && dst[i] != '/' {
				i--
			}
			if i >= 1 {
				dst = dst[:i]
			} else {
				dst = dst[:1]
			}
			first = len(dst) == 1
		default:
			if !first {
				dst = append(dst, '/')
			}
			dst = append(dst, elem...)
			first = false
		}
	}
	if elem == "." || elem == ".." {
		dst = append(dst, '/')
	}
	if len(dst) > 1 && dst[1] == '/' {
		return string(dst[1:])
	}
	return string(dst)
}

// IsAbs reports whether the URL has a scheme.
func (u *URL) IsAbs() bool { return u.Scheme != "" }

// Parse parses ref in the context of u.
func (u *URL) Parse(ref string) (*URL, error) {
	r, err := Parse(ref)
	if err != nil {
		return nil, err
	}
	return u.ResolveReference(r), nil
}

// ResolveReference resolves ref against u (RFC 3986 5.2.2).
func (u *URL) ResolveReference(ref *URL) *URL {
	url := *ref
	if ref.Scheme == "" {
		url.Scheme = u.Scheme
	}
	if ref.Scheme != "" || ref.Host != "" || ref.User != nil {
		url.setPath(resolvePath(ref.EscapedPath(), ""))
		return &url
	}
	if ref.Opaque != "" {
		url.User = nil
		url.Host = ""
		url.Path = ""
		return &url
	}
	if ref.Path == "" && !ref.ForceQuery && ref.RawQuery == "" {
		url.RawQuery = u.RawQuery
		if ref.Fragment == "" {
			url.Fragment = u.Fragment
			url.RawFragment = u.RawFragment
		}
	}
	if ref.Path == "" && u.Opaque != "" {
		url.Opaque = u.Opaque
		url.User = nil
		url.Host = ""
		url.Path = ""
		return &url
	}
	url.Host = u.Host
	url.User = u.User
	url.setPath(resolvePath(u.EscapedPath(), ref.EscapedPath()))
	return &url
}

// Query parses RawQuery, dropping malformed pairs.
func (u *URL) Query() Values {
	v, _ := ParseQuery(u.RawQuery)
	return v
}

// RequestURI is the encoded path?query or opaque?query of an HTTP request.
func (u *URL) RequestURI() string {
	result := u.Opaque
	if result == "" {
		result = u.EscapedPath()
		if result == "" {
			result = "/"
		}
	} else if strings.HasPrefix(result, "//") {
		result = u.Scheme + ":" + result
	}
	if u.ForceQuery || u.RawQuery != "" {
		result += "?" + u.RawQuery
	}
	return result
}

// Hostname is Host without any port or IPv6 brackets.
func (u *URL) Hostname() string {
	host, _ := splitHostPort(u.Host)
	return host
}

// Port is Host's port, without the colon, or "".
func (u *URL) Port() string {
	_, port := splitHostPort(u.Host)
	return port
}

func splitHostPort(hostPort string) (host, port string) {
	host = hostPort
	colon := strings.LastIndexByte(host, ':')
	if colon != -1 && validOptionalPort(host[colon:]) {
		host, port = host[:colon], host[colon+1:]
	}
	if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		host = host[1 : len(host)-1]
	}
	return
}

func (u *URL) MarshalBinary() (text []byte, err error) {
	return u.AppendBinary(nil)
}

func (u *URL) AppendBinary(b []byte) ([]byte, error) {
	return append(b, u.String()...), nil
}

func (u *URL) UnmarshalBinary(text []byte) error {
	u1, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = *u1
	return nil
}

// JoinPath returns a copy of u with elem joined to its path, cleaned.
func (u *URL) JoinPath(elem ...string) *URL {
	url, _ := u.joinPath(elem...)
	return url
}

func (u *URL) joinPath(elem ...string) (*URL, error) {
	elem = append([]string{u.EscapedPath()}, elem...)
	var p string
	if !strings.HasPrefix(elem[0], "/") {
		// Join on a rooted path so ".." cannot climb above it.
		elem[0] = "/" + elem[0]
		p = path.Join(elem...)[1:]
	} else {
		p = path.Join(elem...)
	}
	if strings.HasSuffix(elem[len(elem)-1], "/") && !strings.HasSuffix(p, "/") {
		p += "/"
	}
	url := *u
	err := url.setPath(p)
	return &url, err
}

// validUserinfo reports whether s has only RFC 3986 userinfo characters
// (and '@', which Go accepts).
func validUserinfo(s string) bool {
	for _, r := range s {
		if 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9' {
			continue
		}
		switch r {
		case '-', '.', '_', ':', '~', '!', '$', '&', '\'',
			'(', ')', '*', '+', ',', ';', '=', '%', '@':
			continue
		}
		return false
	}
	return true
}

func hasCTLByte(s string) bool {
	for i := 0; i < len(s); i++ {
		if b := s[i]; b < ' ' || b == 0x7f {
			return true
		}
	}
	return false
}

// JoinPath parses base and joins elem to its path.
func JoinPath(base string, elem ...string) (result string, err error) {
	url, err := Parse(base)
	if err != nil {
		return
	}
	res, err := url.joinPath(elem...)
	if err != nil {
		return "", err
	}
	return res.String(), nil
}

// Clone returns a deep copy of u.
func (u *URL) Clone() *URL {
	if u == nil {
		return nil
	}
	uc := *u
	if u.User != nil {
		ui := *u.User
		uc.User = &ui
	}
	return &uc
}
