// Package syntax as minigo provides it: Go's regexp/syntax, written in Go
// (parse.go, class.go, print.go, prog.go). minigo's regexp package matches
// with its own native engine; this package serves programs that import
// regexp/syntax themselves (parse trees, simplification, programs).
package syntax

import "strconv"

// An Error describes a failure to parse a regular expression and gives
// the offending expression.
type Error struct {
	Code ErrorCode
	Expr string
}

func (e *Error) Error() string {
	return "error parsing regexp: " + e.Code.String() + ": `" + e.Expr + "`"
}

// An ErrorCode describes a failure to parse a regular expression.
type ErrorCode string

const (
	ErrInternalError         ErrorCode = "regexp/syntax: internal error"
	ErrInvalidCharClass      ErrorCode = "invalid character class"
	ErrInvalidCharRange      ErrorCode = "invalid character class range"
	ErrInvalidEscape         ErrorCode = "invalid escape sequence"
	ErrInvalidNamedCapture   ErrorCode = "invalid named capture"
	ErrInvalidPerlOp         ErrorCode = "invalid or unsupported Perl syntax"
	ErrInvalidRepeatOp       ErrorCode = "invalid nested repetition operator"
	ErrInvalidRepeatSize     ErrorCode = "invalid repeat count"
	ErrInvalidUTF8           ErrorCode = "invalid UTF-8"
	ErrMissingBracket        ErrorCode = "missing closing ]"
	ErrMissingParen          ErrorCode = "missing closing )"
	ErrMissingRepeatArgument ErrorCode = "missing argument to repetition operator"
	ErrTrailingBackslash     ErrorCode = "trailing backslash at end of expression"
	ErrUnexpectedParen       ErrorCode = "unexpected )"
	ErrNestingDepth          ErrorCode = "expression nests too deeply"
	ErrLarge                 ErrorCode = "expression too large"
)

func (e ErrorCode) String() string {
	return string(e)
}

// Flags control the behavior of the parser and record information about
// regexp context.
type Flags uint16

const (
	FoldCase Flags = 1 << iota
	Literal
	ClassNL
	DotNL
	OneLine
	NonGreedy
	PerlX
	UnicodeGroups
	WasDollar
	Simple

	MatchNL = ClassNL | DotNL

	Perl        = ClassNL | OneLine | PerlX | UnicodeGroups
	POSIX Flags = 0
)

// A Regexp is a node in a regular expression syntax tree.
type Regexp struct {
	Op       Op
	Flags    Flags
	Sub      []*Regexp
	Sub0     [1]*Regexp
	Rune     []rune
	Rune0    [2]rune
	Min, Max int
	Cap      int
	Name     string
}

// An Op is a single regular expression operator.
type Op uint8

const (
	OpNoMatch Op = 1 + iota
	OpEmptyMatch
	OpLiteral
	OpCharClass
	OpAnyCharNotNL
	OpAnyChar
	OpBeginLine
	OpEndLine
	OpBeginText
	OpEndText
	OpWordBoundary
	OpNoWordBoundary
	OpCapture
	OpStar
	OpPlus
	OpQuest
	OpRepeat
	OpConcat
	OpAlternate
)

// The parser's stack markers, above every real Op.
const (
	opPseudo      Op = 128
	opLeftParen      = opPseudo
	opVerticalBar    = opPseudo + 1
)

var resyntaxOpNames = [...]string{"NoMatch", "EmptyMatch", "Literal", "CharClass", "AnyCharNotNL",
	"AnyChar", "BeginLine", "EndLine", "BeginText", "EndText", "WordBoundary", "NoWordBoundary",
	"Capture", "Star", "Plus", "Quest", "Repeat", "Concat", "Alternate"}

func (i Op) String() string {
	if i >= 1 && i <= OpAlternate {
		return resyntaxOpNames[i-1]
	}
	if i == opPseudo {
		return "opPseudo"
	}
	return "Op(" + strconv.FormatInt(int64(i), 10) + ")"
}

// Equal reports whether x and y have identical structure.
func (x *Regexp) Equal(y *Regexp) bool {
	return resyntaxEqual(x, y)
}

func resyntaxEqual(x, y *Regexp) bool {
	if x == nil || y == nil {
		return x == y
	}
	if x.Op != y.Op {
		return false
	}
	switch x.Op {
	case OpEndText:
		return x.Flags&WasDollar == y.Flags&WasDollar
	case OpLiteral, OpCharClass:
		if x.Flags&FoldCase != y.Flags&FoldCase || len(x.Rune) != len(y.Rune) {
			return false
		}
		for i, r := range x.Rune {
			if y.Rune[i] != r {
				return false
			}
		}
	case OpAlternate, OpConcat:
		if len(x.Sub) != len(y.Sub) {
			return false
		}
		for i, s := range x.Sub {
			if !resyntaxEqual(s, y.Sub[i]) {
				return false
			}
		}
	case OpStar, OpPlus, OpQuest:
		return x.Flags&NonGreedy == y.Flags&NonGreedy && resyntaxEqual(x.Sub[0], y.Sub[0])
	case OpRepeat:
		return x.Flags&NonGreedy == y.Flags&NonGreedy && x.Min == y.Min && x.Max == y.Max &&
			resyntaxEqual(x.Sub[0], y.Sub[0])
	case OpCapture:
		return x.Cap == y.Cap && x.Name == y.Name && resyntaxEqual(x.Sub[0], y.Sub[0])
	}
	return true
}

// MaxCap walks the regexp to find the maximum capture index.
func (re *Regexp) MaxCap() int {
	m := 0
	if re.Op == OpCapture {
		m = re.Cap
	}
	for _, sub := range re.Sub {
		if n := sub.MaxCap(); n > m {
			m = n
		}
	}
	return m
}

// CapNames walks the regexp to find the names of capturing groups.
func (re *Regexp) CapNames() []string {
	names := make([]string, re.MaxCap()+1)
	resyntaxCapNames(re, names)
	return names
}

func resyntaxCapNames(re *Regexp, names []string) {
	if re.Op == OpCapture {
		names[re.Cap] = re.Name
	}
	for _, sub := range re.Sub {
		resyntaxCapNames(sub, names)
	}
}
