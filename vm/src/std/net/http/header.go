package http

import (
	"io"
	"net/textproto"
	"slices"
	"strings"
	"time"
)

// A Header is the key-value pairs of an HTTP header, keyed canonically
// (CanonicalHeaderKey).
type Header map[string][]string

// Add appends value to key's values.
func (h Header) Add(key, value string) { textproto.MIMEHeader(h).Add(key, value) }

// Set replaces key's values with value.
func (h Header) Set(key, value string) { textproto.MIMEHeader(h).Set(key, value) }

// Get returns key's first value, or "".
func (h Header) Get(key string) string { return textproto.MIMEHeader(h).Get(key) }

// Values returns all of key's values.
func (h Header) Values(key string) []string { return textproto.MIMEHeader(h).Values(key) }

// Del deletes key's values.
func (h Header) Del(key string) { textproto.MIMEHeader(h).Del(key) }

// get is Get for a key already canonical.
func (h Header) get(key string) string {
	if v := h[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// has reports whether h has key, canonical already.
func (h Header) has(key string) bool {
	_, ok := h[key]
	return ok
}

// Write writes h in wire format, keys sorted.
func (h Header) Write(w io.Writer) error { return h.WriteSubset(w, nil) }

// Clone returns a deep copy of h, or nil if h is nil.
func (h Header) Clone() Header {
	if h == nil {
		return nil
	}
	h2 := make(Header, len(h))
	for k, vv := range h {
		if vv == nil {
			h2[k] = nil
			continue
		}
		h2[k] = append([]string(nil), vv...)
	}
	return h2
}

var headerNewlineToSpace = strings.NewReplacer("\n", " ", "\r", " ")

// WriteSubset writes h in wire format, keys sorted, leaving out the keys
// exclude holds (exclude[key] true).
func (h Header) WriteSubset(w io.Writer, exclude map[string]bool) error {
	keys := make([]string, 0, len(h))
	for k := range h {
		if !exclude[k] {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var b strings.Builder
	for _, k := range keys {
		for _, v := range h[k] {
			v = headerNewlineToSpace.Replace(v)
			v = textproto.TrimString(v)
			b.WriteString(k)
			b.WriteString(": ")
			b.WriteString(v)
			b.WriteString("\r\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// CanonicalHeaderKey returns the canonical form of a header key:
// "accept-encoding" becomes "Accept-Encoding".
func CanonicalHeaderKey(s string) string { return textproto.CanonicalMIMEHeaderKey(s) }

// hasToken reports whether token appears, case-insensitively, in the
// comma- or space-separated list v.
func hasToken(v, token string) bool {
	if len(token) > len(v) || token == "" {
		return false
	}
	if v == token {
		return true
	}
	for sp := 0; sp <= len(v)-len(token); sp++ {
		if b := v[sp]; b != token[0] && b|0x20 != token[0]|0x20 {
			continue
		}
		if sp > 0 && !isTokenBoundary(v[sp-1]) {
			continue
		}
		if endPos := sp + len(token); endPos != len(v) && !isTokenBoundary(v[endPos]) {
			continue
		}
		if strings.EqualFold(v[sp:sp+len(token)], token) {
			return true
		}
	}
	return false
}

func isTokenBoundary(b byte) bool {
	return b == ' ' || b == ',' || b == '\t'
}

// appendTime appends t in TimeFormat.
func appendTime(b []byte, t time.Time) []byte {
	return t.UTC().AppendFormat(b, TimeFormat)
}
