package http

// The ServeMux's patterns (Go 1.22+): parsing, and the relations between
// two patterns that decide precedence and conflicts.

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode"
)

// A muxSegment is one element of a pattern's path: a literal (s), a
// single wildcard (wild, s its name), a multi wildcard (wild and multi;
// s is "" for the anonymous one a trailing slash makes), or "/" for the
// {$} at the end.
type muxSegment struct {
	s     string
	wild  bool
	multi bool
}

// A muxPattern is a parsed ServeMux pattern.
type muxPattern struct {
	str      string // as registered
	method   string // "" for any
	host     string // "" for any
	segments []muxSegment
	loc      string // where it was registered, for conflict messages
}

func (p *muxPattern) String() string { return p.str }

func (p *muxPattern) last() muxSegment { return p.segments[len(p.segments)-1] }

// parseMuxPattern parses "[METHOD ][HOST]/[PATH]".
func parseMuxPattern(s string) (*muxPattern, error) {
	if s == "" {
		return nil, errors.New("empty pattern")
	}
	off := 0
	fail := func(err error) (*muxPattern, error) {
		return nil, fmt.Errorf("at offset %d: %w", off, err)
	}
	method, rest := "", s
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		method = s[:i]
		rest = strings.TrimLeft(s[i+1:], " \t")
		if !validMethod(method) {
			return fail(fmt.Errorf("invalid method %q", method))
		}
		off = len(method) + 1
	}
	p := &muxPattern{str: s, method: method}
	slash := strings.IndexByte(rest, '/')
	if slash < 0 {
		return fail(errors.New("host/path missing /"))
	}
	p.host = rest[:slash]
	rest = rest[slash:]
	if j := strings.IndexByte(p.host, '{'); j >= 0 {
		off += j
		return fail(errors.New("host contains '{' (missing initial '/'?)"))
	}
	off += slash
	if method != "" && method != "CONNECT" && rest != muxCleanPath(rest) {
		return fail(errors.New("non-CONNECT pattern with unclean path can never match"))
	}
	seen := map[string]bool{}
	for rest != "" {
		rest = rest[1:]
		off = len(s) - len(rest)
		if rest == "" {
			p.segments = append(p.segments, muxSegment{wild: true, multi: true})
			break
		}
		end := strings.IndexByte(rest, '/')
		if end < 0 {
			end = len(rest)
		}
		seg := rest[:end]
		rest = rest[end:]
		brace := strings.IndexByte(seg, '{')
		if brace < 0 {
			p.segments = append(p.segments, muxSegment{s: muxUnescape(seg)})
			continue
		}
		if brace != 0 {
			return fail(errors.New("bad wildcard segment (must start with '{')"))
		}
		if seg[len(seg)-1] != '}' {
			return fail(errors.New("bad wildcard segment (must end with '}')"))
		}
		name := seg[1 : len(seg)-1]
		if name == "$" {
			if rest != "" {
				return fail(errors.New("{$} not at end"))
			}
			p.segments = append(p.segments, muxSegment{s: "/"})
			break
		}
		multi := strings.HasSuffix(name, "...")
		if multi {
			name = name[:len(name)-3]
			if rest != "" {
				return fail(errors.New("{...} wildcard not at end"))
			}
		}
		if name == "" {
			return fail(errors.New("empty wildcard"))
		}
		if !muxWildcardName(name) {
			return fail(fmt.Errorf("bad wildcard name %q", name))
		}
		if seen[name] {
			return fail(fmt.Errorf("duplicate wildcard name %q", name))
		}
		seen[name] = true
		p.segments = append(p.segments, muxSegment{s: name, wild: true, multi: multi})
	}
	return p, nil
}

// muxWildcardName reports whether s is a Go identifier.
func muxWildcardName(s string) bool {
	for i, c := range s {
		if unicode.IsLetter(c) || c == '_' || i > 0 && unicode.IsDigit(c) {
			continue
		}
		return false
	}
	return s != ""
}

// muxUnescape unescapes a path segment, or returns it as is if it is
// badly escaped.
func muxUnescape(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	u, err := url.PathUnescape(s)
	if err != nil {
		return s
	}
	return u
}

// How pattern p1 relates to p2 in the requests they match.
type muxRel int

const (
	relEquivalent   muxRel = iota // the same requests
	relMoreGeneral                // all of p2's and more
	relMoreSpecific               // p2 matches all of p1's and more
	relDisjoint                   // no request in common
	relOverlaps                   // some in common, neither more specific
)

func (r muxRel) inverse() muxRel {
	switch r {
	case relMoreGeneral:
		return relMoreSpecific
	case relMoreSpecific:
		return relMoreGeneral
	}
	return r
}

// muxCombine is the relation of two patterns made of two parts related
// by r1 and r2.
func muxCombine(r1, r2 muxRel) muxRel {
	switch r1 {
	case relEquivalent:
		return r2
	case relDisjoint:
		return relDisjoint
	case relOverlaps:
		if r2 == relDisjoint {
			return relDisjoint
		}
		return relOverlaps
	}
	// r1 is moreGeneral or moreSpecific.
	if r2 == relEquivalent {
		return r1
	}
	if r2 == r1.inverse() {
		return relOverlaps
	}
	return r2
}

// conflictsWith reports whether both patterns match some request and
// neither takes precedence.
func (p1 *muxPattern) conflictsWith(p2 *muxPattern) bool {
	if p1.host != p2.host {
		return false
	}
	m := p1.compareMethods(p2)
	if m == relDisjoint {
		return false
	}
	rel := muxCombine(m, p1.comparePaths(p2))
	return rel == relEquivalent || rel == relOverlaps
}

func (p1 *muxPattern) compareMethods(p2 *muxPattern) muxRel {
	switch {
	case p1.method == p2.method:
		return relEquivalent
	case p1.method == "":
		return relMoreGeneral
	case p2.method == "":
		return relMoreSpecific
	case p1.method == "GET" && p2.method == "HEAD":
		return relMoreGeneral
	case p1.method == "HEAD" && p2.method == "GET":
		return relMoreSpecific
	}
	return relDisjoint
}

func (p1 *muxPattern) comparePaths(p2 *muxPattern) muxRel {
	n1, n2 := len(p1.segments), len(p2.segments)
	if n1 != n2 && !p1.last().multi && !p2.last().multi {
		return relDisjoint
	}
	rel := relEquivalent
	i := 0
	for ; i < n1 && i < n2; i++ {
		rel = muxCombine(rel, muxCompareSegments(p1.segments[i], p2.segments[i]))
		if rel == relDisjoint {
			return rel
		}
	}
	switch {
	case n1 == n2:
		return rel
	case n1 < n2 && p1.last().multi:
		return muxCombine(rel, relMoreGeneral)
	case n2 < n1 && p2.last().multi:
		return muxCombine(rel, relMoreSpecific)
	}
	return relDisjoint
}

func muxCompareSegments(s1, s2 muxSegment) muxRel {
	switch {
	case s1.multi && s2.multi:
		return relEquivalent
	case s1.multi:
		return relMoreGeneral
	case s2.multi:
		return relMoreSpecific
	case s1.wild && s2.wild:
		return relEquivalent
	case s1.wild:
		if s2.s == "/" {
			return relDisjoint // a single wildcard never matches the final slash
		}
		return relMoreGeneral
	case s2.wild:
		if s1.s == "/" {
			return relDisjoint
		}
		return relMoreSpecific
	case s1.s == s2.s:
		return relEquivalent
	}
	return relDisjoint
}

// muxDescribeConflict explains why p1 and p2 conflict.
func muxDescribeConflict(p1, p2 *muxPattern) string {
	m := p1.compareMethods(p2)
	pr := p1.comparePaths(p2)
	rel := muxCombine(m, pr)
	if rel == relEquivalent {
		return fmt.Sprintf("%s matches the same requests as %s", p1, p2)
	}
	if pr == relOverlaps {
		return fmt.Sprintf("%s and %s both match some paths, like %q.\nBut neither is more specific than the other.\n%s matches %q, but %s doesn't.\n%s matches %q, but %s doesn't.",
			p1, p2, muxCommonPath(p1, p2), p1, muxDifferencePath(p1, p2), p2, p2, muxDifferencePath(p2, p1), p1)
	}
	if m == relMoreGeneral && pr == relMoreSpecific {
		return fmt.Sprintf("%s matches more methods than %s, but has a more specific path pattern", p1, p2)
	}
	if m == relMoreSpecific && pr == relMoreGeneral {
		return fmt.Sprintf("%s matches fewer methods than %s, but has a more general path pattern", p1, p2)
	}
	return fmt.Sprintf("bug: unexpected way for two patterns %s and %s to conflict", p1, p2)
}

// muxWriteSegment writes a path element that s matches.
func muxWriteSegment(b *strings.Builder, s muxSegment) {
	b.WriteByte('/')
	if !s.multi && s.s != "/" {
		b.WriteString(s.s)
	}
}

// muxCommonPath is a path both patterns match.
func muxCommonPath(p1, p2 *muxPattern) string {
	var b strings.Builder
	s1, s2 := p1.segments, p2.segments
	for len(s1) > 0 && len(s2) > 0 {
		if s1[0].wild {
			muxWriteSegment(&b, s2[0])
		} else {
			muxWriteSegment(&b, s1[0])
		}
		s1, s2 = s1[1:], s2[1:]
	}
	for _, s := range s1 {
		muxWriteSegment(&b, s)
	}
	for _, s := range s2 {
		muxWriteSegment(&b, s)
	}
	return b.String()
}

// muxDifferencePath is a path p1 matches and p2 does not.
func muxDifferencePath(p1, p2 *muxPattern) string {
	var b strings.Builder
	s1, s2 := p1.segments, p2.segments
	for ; len(s1) > 0 && len(s2) > 0; s1, s2 = s1[1:], s2[1:] {
		a, c := s1[0], s2[0]
		switch {
		case a.multi && c.multi:
			b.WriteByte('/')
			return b.String()
		case a.multi:
			b.WriteByte('/')
			if c.s == "/" {
				if a.s != "" {
					b.WriteString(a.s)
				} else {
					b.WriteString("x")
				}
			}
			return b.String()
		case c.multi, a.wild && c.wild, !a.wild && c.wild:
			muxWriteSegment(&b, a)
		case a.wild:
			if a.s != c.s {
				muxWriteSegment(&b, a)
			} else {
				b.WriteByte('/')
				b.WriteString(c.s + "x")
			}
		default:
			muxWriteSegment(&b, a)
		}
	}
	for _, s := range s1 {
		muxWriteSegment(&b, s)
	}
	for _, s := range s2 {
		muxWriteSegment(&b, s)
	}
	return b.String()
}
