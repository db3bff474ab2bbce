// Package path manipulates slash-separated paths (URLs, fs.FS names);
// path/filepath does the same for the operating system's file names.
package path

import (
	"errors"
	"unicode/utf8"
)

// Clean returns the shortest path equivalent to path by lexical
// processing: one slash between elements, no "." elements, ".." with
// the element before it removed, and no ".." at the start of a rooted
// path. The empty path becomes ".".
func Clean(path string) string {
	if path == "" {
		return "."
	}
	rooted := path[0] == '/'
	n := len(path)
	out := make([]byte, 0, n)
	r, dotdot := 0, 0
	if rooted {
		out = append(out, '/')
		r, dotdot = 1, 1
	}
	for r < n {
		switch {
		case path[r] == '/':
			r++
		case path[r] == '.' && (r+1 == n || path[r+1] == '/'):
			r++
		case path[r] == '.' && path[r+1] == '.' && (r+2 == n || path[r+2] == '/'):
			r += 2
			switch {
			case len(out) > dotdot:
				// Back up to the previous slash.
				w := len(out) - 1
				for w > dotdot && out[w] != '/' {
					w--
				}
				out = out[:w]
			case !rooted:
				if len(out) > 0 {
					out = append(out, '/')
				}
				out = append(out, '.', '.')
				dotdot = len(out)
			}
		default:
			if rooted && len(out) != 1 || !rooted && len(out) != 0 {
				out = append(out, '/')
			}
			for ; r < n && path[r] != '/'; r++ {
				out = append(out, path[r])
			}
		}
	}
	if len(out) == 0 {
		return "."
	}
	return string(out)
}

// Split splits path after its last slash: dir ends in the slash (or is
// empty) and file has none.
func Split(path string) (dir, file string) {
	i := len(path) - 1
	for i >= 0 && path[i] != '/' {
		i--
	}
	return path[:i+1], path[i+1:]
}

// Join joins the non-empty elements with slashes and cleans the result
// ("" if all are empty).
func Join(elem ...string) string {
	size := 0
	for _, e := range elem {
		size += len(e)
	}
	if size == 0 {
		return ""
	}
	buf := make([]byte, 0, size+len(elem)-1)
	for _, e := range elem {
		if len(buf) > 0 || e != "" {
			if len(buf) > 0 {
				buf = append(buf, '/')
			}
			buf = append(buf, e...)
		}
	}
	return Clean(string(buf))
}

// Ext returns the file name extension: from the final dot of the last
// element, or "".
func Ext(path string) string {
	for i := len(path) - 1; i >= 0 && path[i] != '/'; i-- {
		if path[i] == '.' {
			return path[i:]
		}
	}
	return ""
}

// Base returns the last element of path, trailing slashes removed: "."
// for an empty path, "/" for slashes only.
func Base(path string) string {
	if path == "" {
		return "."
	}
	for len(path) > 0 && path[len(path)-1] == '/' {
		path = path[0 : len(path)-1]
	}
	if i := lastSlash(path); i >= 0 {
		path = path[i+1:]
	}
	if path == "" {
		return "/"
	}
	return path
}

func lastSlash(s string) int {
	i := len(s) - 1
	for i >= 0 && s[i] != '/' {
		i--
	}
	return i
}

// IsAbs reports whether the path is absolute (starts with a slash).
func IsAbs(path string) bool {
	return len(path) > 0 && path[0] == '/'
}

// Dir returns all but the last element of path, cleaned.
func Dir(path string) string {
	dir, _ := Split(path)
	return Clean(dir)
}

// ErrBadPattern is Match's error for a malformed pattern.
var ErrBadPattern = errors.New("syntax error in pattern")

// Match reports whether name matches the shell pattern: '*' is any run
// of non-slash characters, '?' one non-slash character, '[...]' a class
// ('^' negates, 'a-z' ranges) and '\\' quotes the next character. A
// malformed pattern gives ErrBadPattern.
func Match(pattern, name string) (matched bool, err error) {
	if !validPattern(pattern) {
		return false, ErrBadPattern
	}
	return match(pattern, name), nil
}

// validPattern checks every class and escape of a pattern.
func validPattern(p string) bool {
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
			if i >= len(p) {
				return false
			}
		case '[':
			_, _, n, ok := matchClass(p[i:], 0)
			if !ok {
				return false
			}
			i += n - 1
		}
	}
	return true
}

// matchClass matches rune r against the class at the start of p (which
// starts with '['): whether it matched, the class's length, and whether
// it is well formed.
func matchClass(p string, r rune) (matched bool, negated bool, n int, ok bool) {
	i := 1
	if i < len(p) && p[i] == '^' {
		negated = true
		i++
	}
	nrange := 0
	for {
		if i < len(p) && p[i] == ']' && nrange > 0 {
			i++
			break
		}
		lo, w, good := classChar(p[i:])
		if !good {
			return false, false, 0, false
		}
		i += w
		hi := lo
		if i < len(p) && p[i] == '-' {
			hi, w, good = classChar(p[i+1:])
			if !good {
				return false, false, 0, false
			}
			i += 1 + w
		}
		if lo <= r && r <= hi {
			matched = true
		}
		nrange++
	}
	return matched != negated, negated, i, true
}

// classChar reads one (possibly escaped) character of a class.
func classChar(p string) (rune, int, bool) {
	if p == "" || p[0] == '-' || p[0] == ']' {
		return 0, 0, false
	}
	w := 0
	if p[0] == '\\' {
		w = 1
		p = p[1:]
		if p == "" {
			return 0, 0, false
		}
	}
	r, n := utf8.DecodeRuneInString(p)
	return r, w + n, true
}

// match is Match on a valid pattern, by backtracking on '*'.
func match(p, name string) bool {
	for p != "" {
		switch p[0] {
		case '*':
			for p != "" && p[0] == '*' {
				p = p[1:]
			}
			if p == "" {
				return lastSlash(name) < 0
			}
			for i := 0; i <= len(name); i++ {
				if i > 0 && name[i-1] == '/' {
					return false
				}
				if match(p, name[i:]) {
					return true
				}
			}
			return false
		case '?':
			if name == "" || name[0] == '/' {
				return false
			}
			_, n := firstRune(name)
			p, name = p[1:], name[n:]
		case '[':
			if name == "" {
				return false
			}
			r, n := firstRune(name)
			ok, _, w, _ := matchClass(p, r)
			if !ok {
				return false
			}
			p, name = p[w:], name[n:]
		case '\\':
			p = p[1:]
			fallthrough
		default:
			if name == "" || name[0] != p[0] {
				return false
			}
			p, name = p[1:], name[1:]
		}
	}
	return name == ""
}

func firstRune(s string) (rune, int) {
	return utf8.DecodeRuneInString(s)
}
