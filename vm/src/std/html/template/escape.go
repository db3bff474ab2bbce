package template

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"text/template"
	"text/template/parse"
	"unicode/utf8"
)

// Strings of content from a trusted source.
type (
	// CSS encapsulates known safe content that matches a CSS3 production.
	CSS string
	// HTML encapsulates a known safe HTML document fragment.
	HTML string
	// HTMLAttr encapsulates an HTML attribute from a trusted source.
	HTMLAttr string
	// JS encapsulates a known safe EcmaScript5 Expression.
	JS string
	// JSStr encapsulates a sequence of characters meant to be embedded
	// between quotes in a JavaScript expression.
	JSStr string
	// URL encapsulates a known safe URL or URL substring.
	URL string
	// Srcset encapsulates a known safe srcset attribute.
	Srcset string
)

type contentType int

const (
	contentTypePlain contentType = iota
	contentTypeCSS
	contentTypeHTML
	contentTypeHTMLAttr
	contentTypeJS
	contentTypeJSStr
	contentTypeURL
	contentTypeSrcset
)

const filterFailsafe = "ZgotmplZ"

// The parse states of the HTML the template text writes.
type state int

const (
	stText state = iota
	stTag
	stAfterName
	stBeforeValue
	stAttr
	stJS
	stCSS
	stRCDATA
	stComment
	stAttrName
)

type attrType int

const (
	attrPlain attrType = iota
	attrURL
	attrJS
	attrCSS
)

// context is where in the HTML document an action is.
type context struct {
	state   state
	delim   byte // quote of an attribute value; ' ' unquoted
	attr    attrType
	element string // script, style, textarea, title: the element's body
	urlPart int    // 0 start, 1 before the query, 2 query or fragment
	jsQuote byte   // the quote of a JS string we are in
	jsCtx   uint8  // in JS code: whether a '/' would start a regexp
}

type escaper struct {
	t    *template.Template
	done map[string]bool
	err  *Error
	// dry: compute contexts only, changing nothing (a range's re-entry).
	dry bool
}

func (e *escaper) fail(err *Error) {
	if e.err == nil {
		e.err = err
	}
}

func (e *escaper) escapeTree(name string, c context, node parse.Node, line int) context {
	t := e.t.Lookup(name)
	if t == nil || t.Tree == nil || t.Tree.Root == nil {
		if t != nil {
			e.fail(htmlErr(ErrNoSuchTemplate, node, line, "%q is an incomplete or empty template", name))
		} else {
			e.fail(htmlErr(ErrNoSuchTemplate, node, line, "no such template %q", name))
		}
		return c
	}
	if e.dry {
		return c
	}
	e.done[name] = true
	return e.escapeList(c, t.Tree.Root)
}

func (e *escaper) escapeList(c context, l *parse.ListNode) context {
	if l == nil {
		return c
	}
	for _, n := range l.Nodes {
		if e.err != nil {
			return c
		}
		c = e.escapeNode(c, n)
	}
	return c
}

// escapeBranch escapes an if, with or range node and joins the contexts
// its branches end in.
func (e *escaper) escapeBranch(c context, node parse.Node, line int, list, elseList *parse.ListNode, name string) context {
	c0 := e.escapeList(c, list)
	if e.err != nil {
		return c0
	}
	if name == "range" {
		// The body can run again, from the context it ends in.
		dry := e.dry
		e.dry = true
		c1 := e.escapeList(c0, list)
		e.dry = dry
		if e.err == nil {
			c1 = e.join(c0, c1, node, name)
		}
		if e.err != nil {
			e.err.Line = line
			e.err.Description = "on range loop re-entry: " + e.err.Description
			return c0
		}
		c0 = c1
	}
	c1 := e.escapeList(c, elseList)
	if e.err != nil {
		return c1
	}
	return e.join(c0, c1, node, name)
}

// join is the context after a branch whose arms end in a and b.
func (e *escaper) join(a, b context, node parse.Node, name string) context {
	if a == b {
		return a
	}
	c := a
	c.urlPart = b.urlPart
	if c == b {
		c.urlPart = 3
		return c
	}
	c = a
	c.jsCtx = b.jsCtx
	if c == b {
		c.jsCtx = jsCtxUnknown
		return c
	}
	if na, nb := nudge(a), nudge(b); na == nb {
		return na
	}
	e.fail(htmlErr(ErrBranchEnd, node, 0, "{{%s}} branches end in different contexts: %v, %v", name, a, b))
	return a
}

// nudge moves a context inside a tag to where an action would be.
func nudge(c context) context {
	switch c.state {
	case stTag:
		c.state = stAttrName
	case stAfterName:
		c.state, c.attr = stAttrName, attrPlain
	case stBeforeValue:
		c.state, c.delim, c.urlPart, c.jsQuote, c.jsCtx = stAttr, ' ', 0, 0, 0
	}
	return c
}

var equivEscapers = map[string]string{
	"_html_template_attrescaper":   "html",
	"_html_template_htmlescaper":   "html",
	"_html_template_rcdataescaper": "html",
	"_html_template_urlescaper":    "urlquery",
	"_html_template_urlnormalizer": "urlquery",
}

func identCmd(name string, pos parse.Pos) *parse.CommandNode {
	return &parse.CommandNode{NodeType: parse.NodeCommand, Pos: pos,
		Args: []parse.Node{parse.NewIdentifier(name).SetPos(pos)}}
}

func (e *escaper) escapeAction(c context, n *parse.ActionNode) context {
	if len(n.Pipe.Decl) > 0 {
		return c
	}
	c = nudge(c)
	for pos, cmd := range n.Pipe.Cmds {
		id, ok := cmd.Args[0].(*parse.IdentifierNode)
		if !ok || id.Ident != "html" && id.Ident != "urlquery" {
			continue
		}
		if pos < len(n.Pipe.Cmds)-1 || c.state == stAttr && c.attr == attrPlain && c.delim == ' ' && id.Ident == "html" {
			e.fail(htmlErr(ErrPredefinedEscaper, n, n.Line, "predefined escaper %q disallowed in template", id.Ident))
			return c
		}
	}
	if c.state == stAttr && c.attr == attrURL && c.urlPart == 3 {
		e.fail(htmlErr(ErrAmbigContext, n, n.Line, "%s appears in an ambiguous context within a URL", n))
		return c
	}
	escs := escapersFor(c)
	if !e.dry {
		cmds := n.Pipe.Cmds
		if k := len(cmds); k > 0 {
			last := cmds[k-1]
			if id, ok := last.Args[0].(*parse.IdentifierNode); ok && (id.Ident == "html" || id.Ident == "urlquery") {
				if k == 1 && len(last.Args) > 1 {
					// {{html a b}} is {{_eval_args_ a b | html}}.
					last.Args[0] = parse.NewIdentifier("_eval_args_").SetPos(last.Args[0].Position())
					cmds = append(cmds, identCmd(id.Ident, n.Pipe.Position()))
				}
				dup := false
				for i, f := range escs {
					if equivEscapers[f] == id.Ident {
						escs[i] = id.Ident
						dup = true
					}
				}
				if dup {
					cmds = cmds[:len(cmds)-1]
				}
			}
		}
		for _, f := range escs {
			cmds = append(cmds, identCmd(f, n.Pos))
		}
		n.Pipe.Cmds = cmds
	}
	if (c.state == stJS || c.state == stAttr && c.attr == attrJS) && c.jsQuote == 0 {
		c.jsCtx = jsCtxDivOp
	}
	return c
}

func (e *escaper) escapeNode(c context, n parse.Node) context {
	switch n := n.(type) {
	case *parse.TextNode:
		c1, text, err := advance(c, n.Text)
		if err != nil {
			e.fail(err)
			return c
		}
		if !e.dry {
			n.Text = text
		}
		return c1
	case *parse.ActionNode:
		return e.escapeAction(c, n)
	case *parse.IfNode:
		return e.escapeBranch(c, n, n.Line, n.List, n.ElseList, "if")
	case *parse.WithNode:
		return e.escapeBranch(c, n, n.Line, n.List, n.ElseList, "with")
	case *parse.RangeNode:
		return e.escapeBranch(c, n, n.Line, n.List, n.ElseList, "range")
	case *parse.TemplateNode:
		if !e.done[n.Name] {
			return e.escapeTree(n.Name, c, n, n.Line)
		}
	}
	return c
}

func escapersFor(c context) []string {
	var out []string
	switch c.state {
	case stText:
		return []string{"_html_template_htmlescaper"}
	case stRCDATA:
		return []string{"_html_template_rcdataescaper"}
	case stJS:
		if c.jsQuote != 0 {
			return []string{"_html_template_jsstrescaper"}
		}
		return []string{"_html_template_jsvalescaper"}
	case stCSS:
		return []string{"_html_template_cssvaluefilter"}
	case stComment:
		return []string{"_html_template_commentescaper"}
	case stAttrName:
		return []string{"_html_template_htmlnamefilter"}
	case stAttr:
		switch c.attr {
		case attrURL:
			switch c.urlPart {
			case 0:
				out = []string{"_html_template_urlfilter", "_html_template_urlnormalizer"}
			case 1:
				out = []string{"_html_template_urlnormalizer"}
			default:
				out = []string{"_html_template_urlescaper"}
			}
		case attrJS:
			if c.jsQuote != 0 {
				out = []string{"_html_template_jsstrescaper"}
			} else {
				out = []string{"_html_template_jsvalescaper"}
			}
		case attrCSS:
			out = []string{"_html_template_cssvaluefilter"}
		}
		if c.delim == ' ' {
			return append(out, "_html_template_nospaceescaper")
		}
		return append(out, "_html_template_attrescaper")
	}
	return []string{"_html_template_nospaceescaper"}
}

func isSpaceByte(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r' }

func isNameByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '-' || b == '_' || b == ':'
}

var urlAttrs = map[string]bool{
	"action": true, "archive": true, "background": true, "cite": true, "classid": true, "codebase": true,
	"data": true, "formaction": true, "href": true, "icon": true, "longdesc": true, "manifest": true,
	"poster": true, "profile": true, "src": true, "usemap": true, "xmlns": true,
}

func attrTypeOf(name string) attrType {
	name = strings.ToLower(name)
	if i := strings.IndexByte(name, ':'); i >= 0 {
		if name[:i] == "xmlns" {
			return attrURL
		}
		name = name[i+1:]
	}
	name = strings.TrimPrefix(name, "data-")
	switch {
	case strings.HasPrefix(name, "on"):
		return attrJS
	case name == "style":
		return attrCSS
	case urlAttrs[name] || strings.Contains(name, "url") || strings.Contains(name, "uri"):
		return attrURL
	}
	return attrPlain
}

// advance runs the HTML in s from context c and returns the context at
// its end and the text to output (comments removed).
func advance(c context, s []byte) (context, []byte, *Error) {
	var out []byte
	i := 0
	tagFrom, valFrom := 0, 0 // where the tag's attributes, the attribute's value start
	for i < len(s) {
		b := s[i]
		switch c.state {
		case stText:
			if b == '<' {
				rest := s[i:]
				if bytes.HasPrefix(rest, []byte("<!--")) {
					c.state = stComment
					i += 4
					continue
				}
				j := i + 1
				end := false
				if j < len(s) && s[j] == '/' {
					end = true
					j++
				}
				k := j
				for k < len(s) && isNameByte(s[k]) {
					k++
				}
				if k > j {
					name := strings.ToLower(string(s[j:k]))
					c = context{state: stTag}
					if !end {
						switch name {
						case "script", "style", "textarea", "title":
							c.element = name
						}
					}
					out = append(out, s[i:k]...)
					i = k
					tagFrom = i
					continue
				}
			}
			out = append(out, b)
			i++
		case stComment:
			if bytes.HasPrefix(s[i:], []byte("-->")) {
				c.state = stText
				i += 3
				continue
			}
			i++
		case stTag:
			switch {
			case isSpaceByte(b):
				out = append(out, b)
				i++
			case b == '>':
				out = append(out, b)
				i++
				switch c.element {
				case "script":
					c = context{state: stJS, element: "script"}
				case "style":
					c = context{state: stCSS, element: "style"}
				case "textarea", "title":
					c = context{state: stRCDATA, element: c.element}
				default:
					c = context{state: stText}
				}
			default:
				j := i
				for j < len(s) && !isSpaceByte(s[j]) && s[j] != '=' && s[j] != '>' {
					if s[j] == '\'' || s[j] == '"' || s[j] == '<' {
						return c, out, htmlErr(ErrBadHTML, nil, 0, "%q in attribute name: %.32q", s[j:j+1], s[tagFrom:])
					}
					j++
				}
				if j == i {
					return c, out, htmlErr(ErrBadHTML, nil, 0, "expected space, attr name, or end of tag, but got %q", s[i:])
				}
				c.attr = attrTypeOf(string(s[i:j]))
				out = append(out, s[i:j]...)
				i = j
				c.state = stAfterName
				if j == len(s) {
					c.state = stAttrName
				}
			}
		case stAttrName, stAfterName:
			if c.state == stAttrName {
				j := i
				for j < len(s) && !isSpaceByte(s[j]) && s[j] != '=' && s[j] != '>' {
					if s[j] == '\'' || s[j] == '"' || s[j] == '<' {
						return c, out, htmlErr(ErrBadHTML, nil, 0, "%q in attribute name: %.32q", s[j:j+1], s)
					}
					j++
				}
				out = append(out, s[i:j]...)
				i = j
				if i == len(s) {
					continue
				}
				c.state = stAfterName
			}
			b = s[i]
			switch {
			case isSpaceByte(b):
				out = append(out, b)
				i++
			case b == '=':
				out = append(out, b)
				i++
				c.state = stBeforeValue
			default:
				c.state = stTag
				c.attr = attrPlain
				tagFrom = i
			}
		case stBeforeValue:
			switch {
			case isSpaceByte(b):
				out = append(out, b)
				i++
			case b == '"' || b == '\'':
				out = append(out, b)
				i++
				c.state, c.delim, c.urlPart, c.jsQuote, c.jsCtx = stAttr, b, 0, 0, 0
				valFrom = i
			default:
				c.state, c.delim, c.urlPart, c.jsQuote, c.jsCtx = stAttr, ' ', 0, 0, 0
				valFrom = i
			}
		case stAttr:
			if c.delim == ' ' && (isSpaceByte(b) || b == '>') || c.delim != ' ' && b == c.delim {
				if c.delim != ' ' {
					out = append(out, b)
					i++
				}
				c.state, c.delim, c.attr, c.urlPart, c.jsQuote, c.jsCtx = stTag, 0, attrPlain, 0, 0, 0
				tagFrom = i
				continue
			}
			if c.delim == ' ' && strings.IndexByte("\"'<=`", b) >= 0 {
				end := valFrom
				for end < len(s) && !isSpaceByte(s[end]) && s[end] != '>' {
					end++
				}
				return c, out, htmlErr(ErrBadHTML, nil, 0, "%q in unquoted attr: %q", s[i:i+1], s[valFrom:end])
			}
			out = append(out, b)
			i++
			switch c.attr {
			case attrURL:
				if b == '?' || b == '#' {
					c.urlPart = 2
				} else if c.urlPart == 0 {
					c.urlPart = 1
				}
			case attrJS:
				c.jsQuote, c.jsCtx = jsQuoteAfter(c, s, &i, &out)
			}
		case stJS, stCSS, stRCDATA:
			if b == '<' && i+2+len(c.element) <= len(s) && s[i+1] == '/' &&
				strings.EqualFold(string(s[i+2:i+2+len(c.element)]), c.element) {
				out = append(out, s[i:i+2+len(c.element)]...)
				i += 2 + len(c.element)
				c = context{state: stTag}
				tagFrom = i
				continue
			}
			out = append(out, b)
			i++
			if c.state == stJS {
				c.jsQuote, c.jsCtx = jsQuoteAfter(c, s, &i, &out)
			}
		}
	}
	return c, out, nil
}

// jsQuoteAfter updates the JS string state and context after byte
// s[*i-1].
func jsQuoteAfter(c context, s []byte, i *int, out *[]byte) (byte, uint8) {
	q := c.jsQuote
	b := s[*i-1]
	if q != 0 {
		if b == '\\' && *i < len(s) {
			*out = append(*out, s[*i])
			*i++
			return q, c.jsCtx
		}
		if b == q {
			return 0, jsCtxDivOp
		}
		return q, c.jsCtx
	}
	if b == '"' || b == '\'' || b == '`' {
		return b, jsCtxRegexp
	}
	if isSpaceByte(b) {
		return 0, c.jsCtx
	}
	return 0, jsCtxAt(s, *i-1)
}

var escaperFuncs = template.FuncMap{
	"_html_template_htmlescaper":    htmlEscaper,
	"_html_template_rcdataescaper":  rcdataEscaper,
	"_html_template_attrescaper":    attrEscaper,
	"_html_template_nospaceescaper": htmlNospaceEscaper,
	"_html_template_urlfilter":      urlFilter,
	"_html_template_urlnormalizer":  urlNormalizer,
	"_html_template_urlescaper":     urlEscaper,
	"_html_template_jsvalescaper":   jsValEscaper,
	"_html_template_jsstrescaper":   jsStrEscaper,
	"_html_template_cssvaluefilter": cssValueFilter,
	"_html_template_commentescaper": func(args ...any) string { return "" },
	"_eval_args_":                   evalArgs,
	"_html_template_htmlnamefilter": htmlNameFilter,
}

// htmlNameFilter passes an attribute name made of lower-case letters
// and digits that is no URL, script or style attribute.
func htmlNameFilter(args ...any) string {
	s, t := stringify(args...)
	if t == contentTypeHTMLAttr {
		return s
	}
	if s == "" {
		return filterFailsafe
	}
	s = strings.ToLower(s)
	if attrTypeOf(s) != attrPlain || strings.Contains(s, "src") {
		return filterFailsafe
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'z') {
			return filterFailsafe
		}
	}
	return s
}

func evalArgs(args ...any) string {
	s, _ := stringify(args...)
	return s
}

func indirectValue(a any) any {
	if a == nil {
		return nil
	}
	if t := reflect.TypeOf(a); t.Kind() != reflect.Pointer {
		return a
	}
	v := reflect.ValueOf(a)
	for v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	return v.Interface()
}

var (
	errorType       = reflect.TypeOf((*error)(nil)).Elem()
	fmtStringerType = reflect.TypeOf((*fmt.Stringer)(nil)).Elem()
)

func indirectToStringerOrError(a any) any {
	if a == nil {
		return nil
	}
	v := reflect.ValueOf(a)
	for !v.Type().Implements(fmtStringerType) && !v.Type().Implements(errorType) && v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	return v.Interface()
}

func stringify(args ...any) (string, contentType) {
	if len(args) == 1 {
		switch s := indirectValue(args[0]).(type) {
		case string:
			return s, contentTypePlain
		case CSS:
			return string(s), contentTypeCSS
		case HTML:
			return string(s), contentTypeHTML
		case HTMLAttr:
			return string(s), contentTypeHTMLAttr
		case JS:
			return string(s), contentTypeJS
		case JSStr:
			return string(s), contentTypeJSStr
		case URL:
			return string(s), contentTypeURL
		case Srcset:
			return string(s), contentTypeSrcset
		}
	}
	i := 0
	for _, arg := range args {
		if arg == nil {
			continue
		}
		args[i] = indirectToStringerOrError(arg)
		i++
	}
	return fmt.Sprint(args[:i]...), contentTypePlain
}

func replaceTable(s string, table map[rune]string) string {
	var b strings.Builder
	written := 0
	for i, r := range s {
		if rep, ok := table[r]; ok {
			b.WriteString(s[written:i])
			b.WriteString(rep)
			written = i + utf8.RuneLen(r)
		}
	}
	if written == 0 {
		return s
	}
	b.WriteString(s[written:])
	return b.String()
}

var htmlTable = map[rune]string{0: "\uFFFD", '"': "&#34;", '&': "&amp;", '\'': "&#39;", '+': "&#43;", '<': "&lt;", '>': "&gt;"}
var htmlNormTable = map[rune]string{0: "\uFFFD", '"': "&#34;", '\'': "&#39;", '+': "&#43;", '<': "&lt;", '>': "&gt;"}
var htmlNospaceTable = map[rune]string{0: "&#xfffd;", '\t': "&#9;", '\n': "&#10;", '\v': "&#11;", '\f': "&#12;",
	'\r': "&#13;", ' ': "&#32;", '"': "&#34;", '&': "&amp;", '\'': "&#39;", '+': "&#43;", '<': "&lt;",
	'=': "&#61;", '>': "&gt;", '`': "&#96;"}

func htmlEscaper(args ...any) string {
	s, t := stringify(args...)
	if t == contentTypeHTML {
		return s
	}
	return replaceTable(s, htmlTable)
}

func rcdataEscaper(args ...any) string {
	s, t := stringify(args...)
	if t == contentTypeHTML {
		return replaceTable(s, htmlNormTable)
	}
	return replaceTable(s, htmlTable)
}

func attrEscaper(args ...any) string {
	s, t := stringify(args...)
	if t == contentTypeHTML {
		return replaceTable(stripTags(s), htmlNormTable)
	}
	return replaceTable(s, htmlTable)
}

func htmlNospaceEscaper(args ...any) string {
	s, t := stringify(args...)
	if s == "" {
		return filterFailsafe
	}
	if t == contentTypeHTML {
		s = stripTags(s)
	}
	return replaceTable(s, htmlNospaceTable)
}

// stripTags returns the text content of an HTML fragment.
func stripTags(s string) string {
	var b strings.Builder
	in := false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '<' && i+1 < len(s) && (isNameByte(s[i+1]) || s[i+1] == '/' || s[i+1] == '!'):
			in = true
		case in && s[i] == '>':
			in = false
		case !in:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func urlFilter(args ...any) string {
	s, t := stringify(args...)
	if t == contentTypeURL {
		return s
	}
	if protocol, _, ok := strings.Cut(s, ":"); ok && !strings.Contains(protocol, "/") {
		if !strings.EqualFold(protocol, "http") && !strings.EqualFold(protocol, "https") && !strings.EqualFold(protocol, "mailto") {
			return "#" + filterFailsafe
		}
	}
	return s
}

func urlEscaper(args ...any) string    { return urlProcessor(false, args...) }
func urlNormalizer(args ...any) string { return urlProcessor(true, args...) }

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func urlProcessor(norm bool, args ...any) string {
	s, t := stringify(args...)
	if t == contentTypeURL {
		norm = true
	}
	var b strings.Builder
	written := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '!', '#', '$', '&', '*', '+', ',', '/', ':', ';', '=', '?', '@', '[', ']':
			if norm {
				continue
			}
		case '-', '.', '_', '~':
			continue
		case '%':
			if norm && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
				continue
			}
		default:
			if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
				continue
			}
		}
		b.WriteString(s[written:i])
		fmt.Fprintf(&b, "%%%02x", c)
		written = i + 1
	}
	if written == 0 {
		return s
	}
	b.WriteString(s[written:])
	return b.String()
}

var jsStrTable = map[rune]string{0: `\u0000`, '\t': `\t`, '\n': `\n`, '\v': `\u000b`, '\f': `\f`, '\r': `\r`,
	'"': `\u0022`, '`': `\u0060`, '&': `\u0026`, '\'': `\u0027`, '+': `\u002b`, '/': `\/`, '<': `\u003c`,
	'>': `\u003e`, '\\': `\\`, 0x2028: `\u2028`, 0x2029: `\u2029`}

func jsStrEscaper(args ...any) string {
	s, _ := stringify(args...)
	return replaceTable(s, jsStrTable)
}

func isJSIdentPart(r rune) bool {
	return r == '$' || r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
}

func jsValEscaper(args ...any) string {
	var a any
	if len(args) == 1 {
		a = indirectValue(args[0])
		switch t := a.(type) {
		case JS:
			return string(t)
		case JSStr:
			return `"` + string(t) + `"`
		case json.Marshaler:
		case fmt.Stringer:
			a = t.String()
		}
	} else {
		for i, arg := range args {
			args[i] = indirectValue(arg)
		}
		a = fmt.Sprint(args...)
	}
	b, err := json.Marshal(a)
	if err != nil {
		e := strings.ReplaceAll(err.Error(), "*/", "* /")
		return fmt.Sprintf(" /* %s */null ", e)
	}
	if len(b) == 0 {
		return " null "
	}
	first, _ := utf8.DecodeRune(b)
	last, _ := utf8.DecodeLastRune(b)
	s := strings.ReplaceAll(strings.ReplaceAll(string(b), "\u2028", `\u2028`), "\u2029", `\u2029`)
	if isJSIdentPart(first) || isJSIdentPart(last) {
		return " " + s + " "
	}
	return s
}

func cssValueFilter(args ...any) string {
	s, t := stringify(args...)
	if t == contentTypeCSS {
		return s
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case 0, '"', '\'', '(', ')', '/', ';', '@', '[', '\\', ']', '`', '{', '}', '<', '>':
			return filterFailsafe
		case '-':
			if i != 0 && s[i-1] == '-' {
				return filterFailsafe
			}
		}
	}
	low := strings.ToLower(s)
	if strings.Contains(low, "expression") || strings.Contains(low, "mozbinding") {
		return filterFailsafe
	}
	return s
}
