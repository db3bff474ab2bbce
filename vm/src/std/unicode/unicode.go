// Package unicode as minigo sees it: native classification.
package unicode

const (
	MaxRune         = '\U0010FFFF'
	ReplacementChar = '\uFFFD'
	MaxASCII        = '\u007F'
	MaxLatin1       = '\u00FF'
)

func IsControl(r rune) bool
func IsDigit(r rune) bool
func IsGraphic(r rune) bool
func IsLetter(r rune) bool
func IsLower(r rune) bool
func IsMark(r rune) bool
func IsNumber(r rune) bool
func IsPrint(r rune) bool
func IsPunct(r rune) bool
func IsSpace(r rune) bool
func IsSymbol(r rune) bool
func IsTitle(r rune) bool
func IsUpper(r rune) bool
func ToLower(r rune) rune
func ToTitle(r rune) rune
func ToUpper(r rune) rune

// SimpleFold iterates over Unicode code points equivalent under simple case
// folding: the smallest such rune above r, else the smallest overall.
func SimpleFold(r rune) rune

// The tables behind tables.go's variables (natives over rangetables.rs).
func rangeTables() []*RangeTable
func caseRanges() []CaseRange

// Version is the Unicode edition Go 1.27's tables follow.
const Version = "17.0.0"

// The cases of To and of CaseRange.Delta.
const (
	UpperCase = iota
	LowerCase
	TitleCase
	MaxCase
)

// UpperLower in a CaseRange's Delta marks alternating upper and lower
// case pairs (upper on even code points).
const UpperLower = MaxRune + 1

// A RangeTable is a set of code points: 16-bit ranges, then 32-bit ones,
// each sorted; LatinOffset counts the R16 entries with Hi <= MaxLatin1.
type RangeTable struct {
	R16         []Range16
	R32         []Range32
	LatinOffset int
}

// Range16 is the code points Lo, Lo+Stride, ... up to Hi.
type Range16 struct {
	Lo     uint16
	Hi     uint16
	Stride uint16
}

// Range32 is the code points Lo, Lo+Stride, ... up to Hi (Lo > 0xFFFF).
type Range32 struct {
	Lo     uint32
	Hi     uint32
	Stride uint32
}

// Is reports whether r is in the table.
func Is(rangeTab *RangeTable, r rune) bool {
	if r < 0 {
		return false
	}
	if r <= 0xFFFF {
		for _, g := range rangeTab.R16 {
			lo, hi := rune(g.Lo), rune(g.Hi)
			if r < lo {
				return false
			}
			if r <= hi {
				return g.Stride == 1 || (r-lo)%rune(g.Stride) == 0
			}
		}
	}
	for _, g := range rangeTab.R32 {
		lo, hi := rune(g.Lo), rune(g.Hi)
		if r < lo {
			return false
		}
		if r <= hi {
			return g.Stride == 1 || (r-lo)%rune(g.Stride) == 0
		}
	}
	return false
}

// In reports whether r is in any of the tables.
func In(r rune, ranges ...*RangeTable) bool {
	for _, t := range ranges {
		if Is(t, r) {
			return true
		}
	}
	return false
}

// IsOneOf reports whether r is in any of the tables (In is preferred).
func IsOneOf(ranges []*RangeTable, r rune) bool { return In(r, ranges...) }

// To maps r to case UpperCase, LowerCase or TitleCase (ReplacementChar
// for any other case).
func To(_case int, r rune) rune {
	switch _case {
	case UpperCase:
		return ToUpper(r)
	case LowerCase:
		return ToLower(r)
	case TitleCase:
		return ToTitle(r)
	}
	return ReplacementChar
}

// A CaseRange maps the code points Lo..Hi by adding Delta[case] (or by
// the UpperLower alternation).
type CaseRange struct {
	Lo    uint32
	Hi    uint32
	Delta d
}

type d [MaxCase]rune

// A SpecialCase is a language's own case mappings, consulted before the
// standard ones.
type SpecialCase []CaseRange

var TurkishCase SpecialCase = unicodeTurkish

var AzeriCase SpecialCase = unicodeTurkish

var unicodeTurkish = SpecialCase{
	CaseRange{0x0049, 0x0049, d{0, 0x131 - 0x49, 0}},
	CaseRange{0x0069, 0x0069, d{0x130 - 0x69, 0, 0x130 - 0x69}},
	CaseRange{0x0130, 0x0130, d{0, 0x69 - 0x130, 0}},
	CaseRange{0x0131, 0x0131, d{0x49 - 0x131, 0, 0x49 - 0x131}},
}

// unicodeSpecial maps r through the special case table, if it has r.
func unicodeSpecial(special SpecialCase, _case int, r rune) (rune, bool) {
	lo, hi := 0, len(special)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		cr := special[m]
		if rune(cr.Lo) <= r && r <= rune(cr.Hi) {
			delta := cr.Delta[_case]
			if delta > MaxRune {
				return rune(cr.Lo) + ((r-rune(cr.Lo))&^1 | rune(_case&1)), true
			}
			return r + delta, true
		}
		if r < rune(cr.Lo) {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return r, false
}

func (special SpecialCase) ToUpper(r rune) rune {
	if m, ok := unicodeSpecial(special, UpperCase, r); ok {
		return m
	}
	return ToUpper(r)
}

func (special SpecialCase) ToLower(r rune) rune {
	if m, ok := unicodeSpecial(special, LowerCase, r); ok {
		return m
	}
	return ToLower(r)
}

func (special SpecialCase) ToTitle(r rune) rune {
	if m, ok := unicodeSpecial(special, TitleCase, r); ok {
		return m
	}
	return ToTitle(r)
}
