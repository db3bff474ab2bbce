// Package textproto (net/textproto) as minigo provides it, in Go: MIME
// headers and their canonical keys, the line protocol readers and writers
// that net/http and mime/multipart build on.
package textproto

// A MIMEHeader maps canonical header keys to their values.
type MIMEHeader map[string][]string

// Add appends value to the values of key.
func (h MIMEHeader) Add(key, value string) {
	key = CanonicalMIMEHeaderKey(key)
	h[key] = append(h[key], value)
}

// Set replaces the values of key with value alone.
func (h MIMEHeader) Set(key, value string) {
	h[CanonicalMIMEHeaderKey(key)] = []string{value}
}

// Get returns the first value of key, or "".
func (h MIMEHeader) Get(key string) string {
	if h == nil {
		return ""
	}
	v := h[CanonicalMIMEHeaderKey(key)]
	if len(v) == 0 {
		return ""
	}
	return v[0]
}

// Values returns all values of key; the slice is not a copy.
func (h MIMEHeader) Values(key string) []string {
	if h == nil {
		return nil
	}
	return h[CanonicalMIMEHeaderKey(key)]
}

// Del deletes the values of key.
func (h MIMEHeader) Del(key string) {
	delete(h, CanonicalMIMEHeaderKey(key))
}

// validHeaderFieldByte reports whether c may appear in a header field name
// (RFC 7230's tchar).
func validHeaderFieldByte(c byte) bool { return fieldByteTable[c] }

// fieldByteTable[c] is validHeaderFieldByte(c), for loops over every byte
// of every header key (a lookup is far cheaper than a call in minigo).
var fieldByteTable = func() (t [256]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
		t[c-'a'+'A'] = true
	}
	for _, c := range []byte("!#$%&'*+-.^_`|~") {
		t[c] = true
	}
	return
}()

// CanonicalMIMEHeaderKey returns key with its first letter and each letter
// after a hyphen in upper case and the rest in lower case. A key holding a
// space or another byte not allowed in a field name is returned unchanged.
func CanonicalMIMEHeaderKey(s string) string {
	upper := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !fieldByteTable[c] {
			return s
		}
		if upper && 'a' <= c && c <= 'z' {
			return canonicalKey(s)
		}
		if !upper && 'A' <= c && c <= 'Z' {
			return canonicalKey(s)
		}
		upper = c == '-'
	}
	return s
}

func canonicalKey(s string) string {
	for i := 0; i < len(s); i++ {
		if !fieldByteTable[s[i]] {
			return s
		}
	}
	b := []byte(s)
	upper := true
	for i, c := range b {
		if upper && 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		} else if !upper && 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
		upper = c == '-'
	}
	return string(b)
}

// TrimString returns s without leading and trailing ASCII space.
func TrimString(s string) string {
	// The comparisons are spelled out: a call per byte costs minigo more.
	i, j := 0, len(s)
	for i < j && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	for j > i && (s[j-1] == ' ' || s[j-1] == '\t' || s[j-1] == '\n' || s[j-1] == '\r') {
		j--
	}
	return s[i:j]
}

// TrimBytes returns b without leading and trailing ASCII space.
func TrimBytes(b []byte) []byte {
	for len(b) > 0 && isASCIISpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isASCIISpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

func isASCIISpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r'
}
