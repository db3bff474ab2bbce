package parse

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// item is one token of template text.
type item struct {
	typ  itemType
	pos  Pos
	val  string
	line int
}

func (i item) String() string {
	switch {
	case i.typ == itemEOF:
		return "EOF"
	case i.typ == itemError:
		return i.val
	case i.typ > itemKeyword:
		return "<" + i.val + ">"
	case len(i.val) > 10:
		return fmt.Sprintf("%.10q...", i.val)
	}
	return fmt.Sprintf("%q", i.val)
}

type itemType int

const (
	itemError itemType = iota
	itemBool
	itemChar
	itemCharConstant
	itemComment
	itemComplex
	itemAssign
	itemDeclare
	itemEOF
	itemField
	itemIdentifier
	itemLeftDelim
	itemLeftParen
	itemNumber
	itemPipe
	itemRawString
	itemRightDelim
	itemRightParen
	itemSpace
	itemString
	itemText
	itemVariable
	itemKeyword // keywords follow
	itemBlock
	itemBreak
	itemContinue
	itemDot
	itemDefine
	itemElse
	itemEnd
	itemIf
	itemNil
	itemRange
	itemTemplate
	itemWith
)

var keywords = map[string]itemType{
	".":        itemDot,
	"block":    itemBlock,
	"break":    itemBreak,
	"continue": itemContinue,
	"define":   itemDefine,
	"else":     itemElse,
	"end":      itemEnd,
	"if":       itemIf,
	"range":    itemRange,
	"nil":      itemNil,
	"template": itemTemplate,
	"with":     itemWith,
}

const spaceChars = " \t\r\n"

// lexer turns template text into items, all at once (the parser reads
// them in order, and an error item ends them).
type lexer struct {
	input      string
	leftDelim  string
	rightDelim string
	comments   bool
	breakOK    bool
	continueOK bool
	items      []item
	start      int
	pos        int
	// line of lineAt.
	linePos, line int
	parenDepth    int
}

func (l *lexer) lineAt(p int) int {
	if p < l.linePos {
		return 1 + strings.Count(l.input[:p], "\n")
	}
	l.line += strings.Count(l.input[l.linePos:p], "\n")
	l.linePos = p
	return l.line
}

func (l *lexer) emit(t itemType) {
	l.items = append(l.items, item{t, Pos(l.start), l.input[l.start:l.pos], l.lineAt(l.start)})
	l.start = l.pos
}

func (l *lexer) errorf(format string, args ...any) bool {
	l.items = append(l.items, item{itemError, Pos(l.start), fmt.Sprintf(format, args...), l.lineAt(l.start)})
	return false
}

func (l *lexer) peekRune() rune {
	if l.pos >= len(l.input) {
		return -1
	}
	r, _ := utf8.DecodeRuneInString(l.input[l.pos:])
	return r
}

func (l *lexer) nextRune() rune {
	if l.pos >= len(l.input) {
		return -1
	}
	r, w := utf8.DecodeRuneInString(l.input[l.pos:])
	l.pos += w
	return r
}

func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\r' || r == '\n' }

func isAlnum(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

func hasLeftTrim(s string) bool  { return len(s) >= 2 && s[0] == '-' && isSpace(rune(s[1])) }
func hasRightTrim(s string) bool { return len(s) >= 2 && isSpace(rune(s[0])) && s[1] == '-' }

func lexAll(input, left, right string, comments, breakOK, continueOK bool) []item {
	l := &lexer{input: input, leftDelim: left, rightDelim: right, comments: comments,
		breakOK: breakOK, continueOK: continueOK, line: 1}
	for l.text() {
	}
	return l.items
}

func (l *lexer) atRightDelim() (delim, trim bool) {
	rest := l.input[l.pos:]
	if hasRightTrim(rest) && strings.HasPrefix(rest[2:], l.rightDelim) {
		return true, true
	}
	return strings.HasPrefix(rest, l.rightDelim), false
}

// text lexes text up to an action and the action; false at the end.
func (l *lexer) text() bool {
	x := strings.Index(l.input[l.pos:], l.leftDelim)
	if x < 0 {
		l.pos = len(l.input)
		if l.pos > l.start {
			l.emit(itemText)
		}
		l.emit(itemEOF)
		return false
	}
	l.pos += x
	after := l.pos + len(l.leftDelim)
	trimmed := l.pos
	if hasLeftTrim(l.input[after:]) {
		trimmed = l.start + len(strings.TrimRight(l.input[l.start:l.pos], spaceChars))
	}
	if trimmed > l.start {
		end := l.pos
		l.pos = trimmed
		l.emit(itemText)
		l.pos = end
	}
	l.start = l.pos
	// the left delimiter
	l.pos = after
	marker := 0
	if hasLeftTrim(l.input[l.pos:]) {
		marker = 2
	}
	if strings.HasPrefix(l.input[l.pos+marker:], "/*") {
		l.pos += marker
		l.start = l.pos
		return l.comment()
	}
	l.emit(itemLeftDelim)
	l.pos += marker
	l.start = l.pos
	l.parenDepth = 0
	return l.action()
}

func (l *lexer) comment() bool {
	l.pos += 2
	x := strings.Index(l.input[l.pos:], "*/")
	if x < 0 {
		return l.errorf("unclosed comment")
	}
	l.pos += x + 2
	delim, trim := l.atRightDelim()
	if !delim {
		return l.errorf("comment ends before closing delimiter")
	}
	if l.comments {
		l.emit(itemComment)
	}
	if trim {
		l.pos += 2
	}
	l.pos += len(l.rightDelim)
	if trim {
		l.pos += len(l.input[l.pos:]) - len(strings.TrimLeft(l.input[l.pos:], spaceChars))
	}
	l.start = l.pos
	return true
}

func (l *lexer) action() bool {
	for {
		delim, trim := l.atRightDelim()
		if delim {
			if l.parenDepth != 0 {
				return l.errorf("unclosed left paren")
			}
			if trim {
				l.pos += 2
				l.start = l.pos
			}
			l.pos += len(l.rightDelim)
			l.emit(itemRightDelim)
			if trim {
				l.pos += len(l.input[l.pos:]) - len(strings.TrimLeft(l.input[l.pos:], spaceChars))
				l.start = l.pos
			}
			return true
		}
		r := l.nextRune()
		switch {
		case r == -1:
			return l.errorf("unclosed action")
		case isSpace(r):
			for isSpace(l.peekRune()) {
				l.pos++
			}
			if hasRightTrim(l.input[l.pos-1:]) && strings.HasPrefix(l.input[l.pos+1:], l.rightDelim) {
				l.pos--
			}
			if l.pos > l.start {
				l.emit(itemSpace)
			}
		case r == '=':
			l.emit(itemAssign)
		case r == ':':
			if l.nextRune() != '=' {
				return l.errorf("expected :=")
			}
			l.emit(itemDeclare)
		case r == '|':
			l.emit(itemPipe)
		case r == '"':
			if !l.quote() {
				return false
			}
		case r == '`':
			x := strings.IndexByte(l.input[l.pos:], '`')
			if x < 0 {
				return l.errorf("unterminated raw quoted string")
			}
			l.pos += x + 1
			l.emit(itemRawString)
		case r == '$':
			if !l.fieldOrVariable(itemVariable) {
				return false
			}
		case r == '\'':
			if !l.char() {
				return false
			}
		case r == '.':
			if c := l.peekRune(); c >= '0' && c <= '9' {
				l.pos--
				if !l.number() {
					return false
				}
				break
			}
			if !l.fieldOrVariable(itemField) {
				return false
			}
		case r == '+' || r == '-' || ('0' <= r && r <= '9'):
			l.pos--
			if !l.number() {
				return false
			}
		case isAlnum(r):
			if !l.identifier() {
				return false
			}
		case r == '(':
			l.emit(itemLeftParen)
			l.parenDepth++
		case r == ')':
			l.parenDepth--
			if l.parenDepth < 0 {
				return l.errorf("unexpected right paren")
			}
			l.emit(itemRightParen)
		case r <= unicode.MaxASCII && unicode.IsPrint(r):
			l.emit(itemChar)
		default:
			return l.errorf("unrecognized character in action: %#U", r)
		}
	}
}

// atTerminator: the next character may end a word.
func (l *lexer) atTerminator() bool {
	r := l.peekRune()
	if isSpace(r) {
		return true
	}
	switch r {
	case -1, '.', ',', '|', ':', ')', '(':
		return true
	}
	return strings.HasPrefix(l.input[l.pos:], l.rightDelim)
}

func (l *lexer) identifier() bool {
	for isAlnum(l.peekRune()) {
		l.nextRune()
	}
	if !l.atTerminator() {
		return l.errorf("bad character %#U", l.peekRune())
	}
	word := l.input[l.start:l.pos]
	switch {
	case keywords[word] > itemKeyword:
		kw := keywords[word]
		if kw == itemBreak && !l.breakOK || kw == itemContinue && !l.continueOK {
			l.emit(itemIdentifier)
		} else {
			l.emit(kw)
		}
	case word[0] == '.':
		l.emit(itemField)
	case word == "true" || word == "false":
		l.emit(itemBool)
	default:
		l.emit(itemIdentifier)
	}
	return true
}

func (l *lexer) fieldOrVariable(t itemType) bool {
	if l.atTerminator() {
		if t == itemVariable {
			l.emit(itemVariable)
		} else {
			l.emit(itemDot)
		}
		return true
	}
	for isAlnum(l.peekRune()) {
		l.nextRune()
	}
	if !l.atTerminator() {
		return l.errorf("bad character %#U", l.peekRune())
	}
	l.emit(t)
	return true
}

func (l *lexer) char() bool {
	for {
		switch l.nextRune() {
		case '\\':
			if r := l.nextRune(); r != -1 && r != '\n' {
				continue
			}
			fallthrough
		case -1, '\n':
			return l.errorf("unterminated character constant")
		case '\'':
			l.emit(itemCharConstant)
			return true
		}
	}
}

func (l *lexer) quote() bool {
	for {
		switch l.nextRune() {
		case '\\':
			if r := l.nextRune(); r != -1 && r != '\n' {
				continue
			}
			fallthrough
		case -1, '\n':
			return l.errorf("unterminated quoted string")
		case '"':
			l.emit(itemString)
			return true
		}
	}
}

func (l *lexer) accept(valid string) bool {
	if r := l.peekRune(); r >= 0 && strings.ContainsRune(valid, r) {
		l.nextRune()
		return true
	}
	return false
}

func (l *lexer) acceptRun(valid string) {
	for l.accept(valid) {
	}
}

func (l *lexer) scanNumber() bool {
	l.accept("+-")
	digits := "0123456789_"
	if l.accept("0") {
		if l.accept("xX") {
			digits = "0123456789abcdefABCDEF_"
		} else if l.accept("oO") {
			digits = "01234567_"
		} else if l.accept("bB") {
			digits = "01_"
		}
	}
	l.acceptRun(digits)
	if l.accept(".") {
		l.acceptRun(digits)
	}
	if len(digits) == 10+1 && l.accept("eE") {
		l.accept("+-")
		l.acceptRun("0123456789_")
	}
	if len(digits) == 16+6+1 && l.accept("pP") {
		l.accept("+-")
		l.acceptRun("0123456789_")
	}
	l.accept("i")
	if isAlnum(l.peekRune()) {
		l.nextRune()
		return false
	}
	return true
}

func (l *lexer) number() bool {
	if !l.scanNumber() {
		return l.errorf("bad number syntax: %q", l.input[l.start:l.pos])
	}
	if s := l.peekRune(); s == '+' || s == '-' {
		if !l.scanNumber() || l.input[l.pos-1] != 'i' {
			return l.errorf("bad number syntax: %q", l.input[l.start:l.pos])
		}
		l.emit(itemComplex)
		return true
	}
	l.emit(itemNumber)
	return true
}
