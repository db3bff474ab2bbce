package template

import (
	"fmt"
	"text/template/parse"
)

// Error describes a problem encountered during template escaping.
type Error struct {
	// ErrorCode describes the kind of error.
	ErrorCode ErrorCode
	// Node is the node that caused the problem, if known. If not nil, it
	// overrides Name and Line.
	Node parse.Node
	// Name is the name of the template in which the error was encountered.
	Name string
	// Line is the line number of the error in the template source or 0.
	Line int
	// Description is a human-readable description of the problem.
	Description string
}

// ErrorCode is a code for a kind of error.
type ErrorCode int

// The kinds of escaping errors.
const (
	// OK indicates the lack of an error.
	OK ErrorCode = iota
	// ErrAmbigContext: "... appears in an ambiguous context within a URL".
	ErrAmbigContext
	// ErrBadHTML: "expected space, attr name, or end of tag, but got ...",
	// "... in unquoted attr", "... in attribute name".
	ErrBadHTML
	// ErrBranchEnd: "{{if}} branches end in different contexts".
	ErrBranchEnd
	// ErrEndContext: "... ends in a non-text context: ...".
	ErrEndContext
	// ErrNoSuchTemplate: "no such template ...".
	ErrNoSuchTemplate
	// ErrOutputContext: "cannot compute output context for template ...".
	ErrOutputContext
	// ErrPartialCharset: "unfinished JS regexp charset in ...".
	ErrPartialCharset
	// ErrPartialEscape: "unfinished escape sequence in ...".
	ErrPartialEscape
	// ErrRangeLoopReentry: "on range loop re-entry: ...".
	ErrRangeLoopReentry
	// ErrSlashAmbig: '/' could start a division or regexp.
	ErrSlashAmbig
	// ErrPredefinedEscaper: "predefined escaper ... disallowed in template".
	ErrPredefinedEscaper
	// ErrJSTemplate: "... appears in a JS template literal".
	//
	// Deprecated: no longer returned.
	ErrJSTemplate
)

func (e *Error) Error() string {
	if e.Node != nil {
		loc, _ := (*parse.Tree)(nil).ErrorContext(e.Node)
		return fmt.Sprintf("html/template:%s: %s", loc, e.Description)
	}
	if e.Line != 0 {
		return fmt.Sprintf("html/template:%s:%d: %s", e.Name, e.Line, e.Description)
	}
	if e.Name != "" {
		return fmt.Sprintf("html/template:%s: %s", e.Name, e.Description)
	}
	return "html/template: " + e.Description
}

func htmlErr(code ErrorCode, node parse.Node, line int, format string, args ...any) *Error {
	return &Error{ErrorCode: code, Node: node, Line: line, Description: fmt.Sprintf(format, args...)}
}

var goStateNames = [...]string{
	stText: "stateText", stTag: "stateTag", stAfterName: "stateAfterName", stBeforeValue: "stateBeforeValue",
	stAttr: "stateAttr", stJS: "stateJS", stCSS: "stateCSS", stRCDATA: "stateRCDATA", stComment: "stateHTMLCmt",
	stAttrName: "stateAttrName",
}

// String prints the context as Go's html/template does in its errors.
func (c context) String() string {
	state := goStateNames[c.state]
	attr := "attrNone"
	switch c.attr {
	case attrURL:
		attr = "attrURL"
	case attrJS:
		attr = "attrScript"
	case attrCSS:
		attr = "attrStyle"
	}
	if c.state == stAttr {
		switch c.attr {
		case attrURL:
			state = "stateURL"
		case attrJS:
			state = "stateJS"
		case attrCSS:
			state = "stateCSS"
		}
	}
	if state == "stateJS" {
		switch c.jsQuote {
		case '"':
			state = "stateJSDqStr"
		case '\'':
			state = "stateJSSqStr"
		case '`':
			state = "stateJSTmplLit"
		}
	}
	delim := "delimNone"
	switch c.delim {
	case '"':
		delim = "delimDoubleQuote"
	case '\'':
		delim = "delimSingleQuote"
	case ' ':
		delim = "delimSpaceOrTagEnd"
	}
	url := [...]string{"urlPartNone", "urlPartPreQuery", "urlPartQueryOrFrag", "urlPartUnknown"}[c.urlPart]
	js := [...]string{"jsCtxRegexp", "jsCtxDivOp", "jsCtxUnknown"}[c.jsCtx]
	elem := "elementNone"
	switch c.element {
	case "script":
		elem = "elementScript"
	case "style":
		elem = "elementStyle"
	case "textarea":
		elem = "elementTextarea"
	case "title":
		elem = "elementTitle"
	}
	return fmt.Sprintf("{%s %s %s %s [] %s %s <nil>}", state, delim, url, js, attr, elem)
}

// jsRegexpPreceders are the keywords after which a '/' starts a regexp.
var jsRegexpPreceders = map[string]bool{
	"break": true, "case": true, "continue": true, "delete": true, "do": true, "else": true, "finally": true,
	"in": true, "instanceof": true, "return": true, "throw": true, "try": true, "typeof": true, "void": true,
}

// jsCtxAt is the JS context (regexp or division operator) after the
// non-space byte s[i], prev the context before it.
func jsCtxAt(s []byte, i int) uint8 {
	b := s[i]
	switch b {
	case '+', '-':
		j := i
		for j >= 0 && s[j] == b {
			j--
		}
		if (i-j)&1 == 1 {
			return jsCtxRegexp
		}
		return jsCtxDivOp
	case '.':
		if i > 0 && '0' <= s[i-1] && s[i-1] <= '9' {
			return jsCtxDivOp
		}
		return jsCtxRegexp
	case ',', '<', '>', '=', '*', '%', '&', '|', '^', '?', '!', '~', '(', '[', ':', ';', '{', '}', '/':
		return jsCtxRegexp
	}
	if isJSIdentPart(rune(b)) {
		j := i
		for j > 0 && isJSIdentPart(rune(s[j-1])) {
			j--
		}
		if jsRegexpPreceders[string(s[j:i+1])] {
			return jsCtxRegexp
		}
	}
	return jsCtxDivOp
}

const (
	jsCtxRegexp uint8 = iota
	jsCtxDivOp
	jsCtxUnknown
)
