package ast

import (
	"errors"
	"go/token"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Directive is a comment of the form //tool:name args.
type Directive struct {
	Tool    string
	Name    string
	Args    string
	Slash   token.Pos
	ArgsPos token.Pos
}

// A DirectiveArg is one argument of a directive.
type DirectiveArg struct {
	Arg string
	Pos token.Pos
}

func astIsLowerDigit(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }

// ParseDirective parses the comment line c (with its "//") as a
// directive; pos is the position of c's first byte.
func ParseDirective(pos token.Pos, c string) (Directive, bool) {
	if !strings.HasPrefix(c, "//") || len(c) < 3 || !astIsLowerDigit(c[2]) {
		return Directive{}, false
	}
	rest := c[2:]
	colon := strings.IndexByte(rest, ':')
	if colon < 0 {
		return Directive{}, false
	}
	tool := rest[:colon]
	for i := 0; i < len(tool); i++ {
		if !astIsLowerDigit(tool[i]) {
			return Directive{}, false
		}
	}
	after := rest[colon+1:]
	end := strings.IndexFunc(after, unicode.IsSpace)
	if end < 0 {
		end = len(after)
	}
	name := after[:end]
	if name == "" {
		return Directive{}, false
	}
	for i := 0; i < len(name); i++ {
		if !astIsLowerDigit(name[i]) {
			return Directive{}, false
		}
	}
	off := 2 + colon + 1 + end
	args := c[off:]
	trimmed := strings.TrimLeftFunc(args, unicode.IsSpace)
	off += len(args) - len(trimmed)
	args = strings.TrimRightFunc(trimmed, unicode.IsSpace)
	return Directive{Tool: tool, Name: name, Args: args, Slash: pos, ArgsPos: pos + token.Pos(off)}, true
}

func (d *Directive) Pos() token.Pos { return d.Slash }

func (d *Directive) End() token.Pos { return d.ArgsPos + token.Pos(len(d.Args)) }

// ParseArgs splits d.Args into space-separated words, "quoted" or
// `raw` Go strings.
func (d *Directive) ParseArgs() ([]DirectiveArg, error) {
	args := []DirectiveArg{}
	s := d.Args
	off := 0
	for {
		trimmed := strings.TrimLeftFunc(s, unicode.IsSpace)
		off += len(s) - len(trimmed)
		s = trimmed
		if s == "" {
			return args, nil
		}
		pos := d.ArgsPos + token.Pos(off)
		var word string
		switch s[0] {
		case '"', '`':
			n := astQuotedLen(s)
			if n < 0 {
				return nil, errors.New("mismatched quote")
			}
			u, err := strconv.Unquote(s[:n])
			if err != nil {
				return nil, err
			}
			word = u
			s = s[n:]
			off += n
			if s != "" {
				r, _ := utf8.DecodeRuneInString(s)
				if !unicode.IsSpace(r) {
					return nil, errors.New("invalid quoted string")
				}
			}
		default:
			n := strings.IndexFunc(s, unicode.IsSpace)
			if n < 0 {
				n = len(s)
			}
			word = s[:n]
			s = s[n:]
			off += n
		}
		args = append(args, DirectiveArg{Arg: word, Pos: pos})
	}
}

func astQuotedLen(s string) int {
	q := s[0]
	for i := 1; i < len(s); i++ {
		if q == '"' && s[i] == '\\' {
			i++
			continue
		}
		if s[i] == q {
			return i + 1
		}
	}
	return -1
}
