package ast

import (
	"fmt"
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
	if len(c) < 3 || !strings.HasPrefix(c, "//") || !astIsLowerDigit(c[2]) {
		return Directive{}, false
	}
	rest := c[2:]
	colon := strings.Index(rest, ":")
	if colon <= 0 || colon+1 >= len(rest) {
		return Directive{}, false
	}
	// The tool and the first byte of the name: lower-case letters and digits.
	for i := 0; i <= colon+1; i++ {
		if i != colon && !astIsLowerDigit(rest[i]) {
			return Directive{}, false
		}
	}
	tool := rest[:colon]
	after := rest[colon+1:]
	end := strings.IndexFunc(after, unicode.IsSpace)
	if end < 0 {
		end = len(after)
	}
	name := after[:end]
	tail := after[end:]
	args := strings.TrimLeftFunc(tail, unicode.IsSpace)
	argsPos := pos + token.Pos(2+colon+1+end+len(tail)-len(args))
	args = strings.TrimRightFunc(args, unicode.IsSpace)
	return Directive{Tool: tool, Name: name, Args: args, Slash: pos, ArgsPos: argsPos}, true
}

func (d *Directive) Pos() token.Pos { return d.Slash }

func (d *Directive) End() token.Pos { return token.Pos(int(d.ArgsPos) + len(d.Args)) }

// ParseArgs splits d.Args into words separated by Unicode spaces; a word
// may be a "quoted" or `raw` Go string, which is unquoted.
func (d *Directive) ParseArgs() ([]DirectiveArg, error) {
	list := []DirectiveArg{}
	s := d.Args
	pos := d.ArgsPos
	skip := func(n int) {
		s = s[n:]
		pos += token.Pos(n)
	}
	for {
		skip(len(s) - len(strings.TrimLeftFunc(s, unicode.IsSpace)))
		if s == "" {
			return list, nil
		}
		argPos := pos
		var arg string
		if s[0] == '"' || s[0] == '`' {
			q, err := strconv.QuotedPrefix(s)
			if err != nil {
				return nil, fmt.Errorf("invalid quoted string in //%s:%s: %s", d.Tool, d.Name, s)
			}
			arg, _ = strconv.Unquote(q)
			skip(len(q))
			if s != "" {
				if r, _ := utf8.DecodeRuneInString(s); !unicode.IsSpace(r) {
					return nil, fmt.Errorf("invalid quoted string in //%s:%s: %s", d.Tool, d.Name, s)
				}
			}
		} else {
			n := strings.IndexFunc(s, unicode.IsSpace)
			if n < 0 {
				n = len(s)
			}
			arg = s[:n]
			skip(n)
		}
		list = append(list, DirectiveArg{Arg: arg, Pos: argPos})
	}
}
