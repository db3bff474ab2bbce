package syntax

import (
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// Flag groups String writes around parts of the tree: (?i: (?m: (?s:,
// the closing ), and the (?: ) that keeps precedence.
type resyntaxPF uint8

const (
	pfI    resyntaxPF = 1
	pfM    resyntaxPF = 2
	pfS    resyntaxPF = 4
	pfOff  resyntaxPF = 8
	pfPrec resyntaxPF = 16
	pfNeg             = 5 // pfI<<pfNeg is (?-i:
)

type resyntaxPrinter struct {
	spans map[*Regexp]resyntaxPF
	b     strings.Builder
}

func (pr *resyntaxPrinter) span(first, last *Regexp, f resyntaxPF) {
	if pr.spans == nil {
		pr.spans = map[*Regexp]resyntaxPF{}
	}
	pr.spans[first] = f
	pr.spans[last] = pr.spans[last] | pfOff
}

// needs reports the flags re needs set (must) and needs clear (cant)
// to print without a flag group, recording spans for mixed sequences.
func (pr *resyntaxPrinter) needs(re *Regexp) (must, cant resyntaxPF) {
	switch re.Op {
	case OpLiteral:
		for _, r := range re.Rune {
			if r >= minFold && r <= maxFold && unicode.SimpleFold(r) != r {
				if re.Flags&FoldCase != 0 {
					return pfI, 0
				}
				return 0, pfI
			}
		}
		return 0, 0
	case OpCharClass:
		// the class needs (?-i) if a rune of it folds to one outside it;
		// past a budget of runes, look only at those of resyntaxFoldable
		// (the others fold to themselves)
		budget := 20000
		large := false
		for i := 0; i < len(re.Rune); i += 2 {
			lo, hi := max(minFold, re.Rune[i]), min(maxFold, re.Rune[i+1])
			if lo > hi {
				continue
			}
			if int(hi-lo) >= budget {
				large = true
				break
			}
			budget -= int(hi - lo + 1)
			if !resyntaxFoldsInside(lo, hi, lo, hi, re.Rune) {
				return 0, pfI
			}
		}
		if !large {
			return 0, 0
		}
		foldable := resyntaxFoldableRanges()
		for i := 0; i < len(re.Rune); i += 2 {
			lo, hi := max(minFold, re.Rune[i]), min(maxFold, re.Rune[i+1])
			k, n := 0, len(foldable)/2 // k: the first range ending at or after lo
			for k < n {
				m := (k + n) / 2
				if foldable[2*m+1] < lo {
					k = m + 1
				} else {
					n = m
				}
			}
			for ; 2*k < len(foldable) && foldable[2*k] <= hi; k++ {
				if !resyntaxFoldsInside(max(lo, foldable[2*k]), min(hi, foldable[2*k+1]), lo, hi, re.Rune) {
					return 0, pfI
				}
			}
		}
		return 0, 0
	case OpAnyCharNotNL:
		return 0, pfS
	case OpAnyChar:
		return pfS, 0
	case OpBeginLine, OpEndLine:
		return pfM, 0
	case OpEndText:
		if re.Flags&WasDollar != 0 {
			return 0, pfM
		}
		return 0, 0
	case OpCapture, OpStar, OpPlus, OpQuest, OpRepeat:
		return pr.needs(re.Sub[0])
	case OpConcat, OpAlternate:
		var allCant resyntaxPF
		start, last := 0, 0
		split := false
		for i, sub := range re.Sub {
			sm, sc := pr.needs(sub)
			if must&sc != 0 || sm&cant != 0 {
				if must != 0 {
					pr.span(re.Sub[start], re.Sub[last], must)
				}
				must, cant = 0, 0
				start = i
				split = true
			}
			must |= sm
			cant |= sc
			allCant |= sc
			if sm != 0 {
				last = i
			}
			if must == 0 && start == i {
				start++
			}
		}
		if !split {
			return must, cant
		}
		if must != 0 {
			pr.span(re.Sub[start], re.Sub[last], must)
		}
		return 0, allCant
	}
	return 0, 0
}

func (pr *resyntaxPrinter) write(re *Regexp, f resyntaxPF) {
	b := &pr.b
	f |= pr.spans[re]
	if f&pfPrec != 0 && f&^(pfOff|pfPrec) != 0 && f&pfOff != 0 {
		// the flag group already gives precedence
		f &^= pfPrec
	}
	if f&^(pfOff|pfPrec) != 0 {
		b.WriteString("(?")
		if f&pfI != 0 {
			b.WriteString("i")
		}
		if f&pfM != 0 {
			b.WriteString("m")
		}
		if f&pfS != 0 {
			b.WriteString("s")
		}
		if f&((pfM|pfS)<<pfNeg) != 0 {
			b.WriteString("-")
			if f&(pfM<<pfNeg) != 0 {
				b.WriteString("m")
			}
			if f&(pfS<<pfNeg) != 0 {
				b.WriteString("s")
			}
		}
		b.WriteString(":")
	}
	if f&pfPrec != 0 {
		b.WriteString("(?:")
	}
	pr.writeBody(re)
	if f&pfPrec != 0 {
		b.WriteString(")")
	}
	if f&pfOff != 0 {
		b.WriteString(")")
	}
}

func (pr *resyntaxPrinter) writeClassRange(lo, hi rune) {
	resyntaxEscape(&pr.b, lo, lo == '-')
	if lo != hi {
		if hi != lo+1 {
			pr.b.WriteByte('-')
		}
		resyntaxEscape(&pr.b, hi, hi == '-')
	}
}

func (pr *resyntaxPrinter) writeBody(re *Regexp) {
	b := &pr.b
	switch re.Op {
	default:
		b.WriteString("<invalid op" + strconv.Itoa(int(re.Op)) + ">")
	case OpNoMatch:
		b.WriteString(`[^\x00-\x{10FFFF}]`)
	case OpEmptyMatch:
		b.WriteString(`(?:)`)
	case OpLiteral:
		for _, r := range re.Rune {
			resyntaxEscape(b, r, false)
		}
	case OpCharClass:
		rs := re.Rune
		if len(rs)%2 != 0 {
			b.WriteString(`[invalid char class]`)
			break
		}
		b.WriteByte('[')
		if len(rs) == 0 {
			b.WriteString(`^\x00-\x{10FFFF}`)
		} else if rs[0] == 0 && rs[len(rs)-1] == unicode.MaxRune && len(rs) > 2 {
			b.WriteByte('^')
			for i := 1; i < len(rs)-1; i += 2 {
				pr.writeClassRange(rs[i]+1, rs[i+1]-1)
			}
		} else {
			for i := 0; i < len(rs); i += 2 {
				pr.writeClassRange(rs[i], rs[i+1])
			}
		}
		b.WriteByte(']')
	case OpAnyCharNotNL, OpAnyChar:
		b.WriteString(".")
	case OpBeginLine:
		b.WriteString("^")
	case OpEndLine:
		b.WriteString("$")
	case OpBeginText:
		b.WriteString(`\A`)
	case OpEndText:
		if re.Flags&WasDollar != 0 {
			b.WriteString("$")
		} else {
			b.WriteString(`\z`)
		}
	case OpWordBoundary:
		b.WriteString(`\b`)
	case OpNoWordBoundary:
		b.WriteString(`\B`)
	case OpCapture:
		if re.Name != "" {
			b.WriteString("(?P<" + re.Name + ">")
		} else {
			b.WriteByte('(')
		}
		if re.Sub[0].Op != OpEmptyMatch {
			pr.write(re.Sub[0], pr.spans[re.Sub[0]])
		}
		b.WriteByte(')')
	case OpStar, OpPlus, OpQuest, OpRepeat:
		sub := re.Sub[0]
		var f resyntaxPF
		if sub.Op > OpCapture || sub.Op == OpLiteral && len(sub.Rune) > 1 {
			f = pfPrec
		}
		pr.write(sub, f)
		switch re.Op {
		case OpStar:
			b.WriteByte('*')
		case OpPlus:
			b.WriteByte('+')
		case OpQuest:
			b.WriteByte('?')
		default:
			b.WriteString("{" + strconv.Itoa(re.Min))
			if re.Max != re.Min {
				b.WriteByte(',')
				if re.Max >= 0 {
					b.WriteString(strconv.Itoa(re.Max))
				}
			}
			b.WriteByte('}')
		}
		if re.Flags&NonGreedy != 0 {
			b.WriteByte('?')
		}
	case OpConcat:
		for _, sub := range re.Sub {
			var f resyntaxPF
			if sub.Op == OpAlternate {
				f = pfPrec
			}
			pr.write(sub, f)
		}
	case OpAlternate:
		for i, sub := range re.Sub {
			if i > 0 {
				b.WriteByte('|')
			}
			pr.write(sub, 0)
		}
	}
}

// String returns a string representation of the regular expression.
func (re *Regexp) String() string {
	var pr resyntaxPrinter
	must, cant := pr.needs(re)
	must |= (cant &^ pfI) << pfNeg
	if must != 0 {
		must |= pfOff
	}
	pr.write(re, must)
	return pr.b.String()
}

const resyntaxMeta = `\.+*?()|[]{}^$`

func resyntaxEscape(b *strings.Builder, r rune, force bool) {
	if unicode.IsPrint(r) {
		if force || strings.ContainsRune(resyntaxMeta, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
		return
	}
	switch r {
	case '\a':
		b.WriteString(`\a`)
	case '\f':
		b.WriteString(`\f`)
	case '\n':
		b.WriteString(`\n`)
	case '\r':
		b.WriteString(`\r`)
	case '\t':
		b.WriteString(`\t`)
	case '\v':
		b.WriteString(`\v`)
	default:
		h := strconv.FormatInt(int64(r), 16)
		if r < 0x100 {
			if len(h) == 1 {
				h = "0" + h
			}
			b.WriteString(`\x` + h)
		} else {
			b.WriteString(`\x{` + h + `}`)
		}
	}
}

// resyntaxFoldsInside reports whether every rune that a rune of from-to
// folds to lies in lo-hi or in class.
func resyntaxFoldsInside(from, to, lo, hi rune, class []rune) bool {
	for r := from; r <= to; r++ {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if (f < lo || f > hi) && !inCharClass(f, class) {
				return false
			}
		}
	}
	return true
}

// resyntaxFoldable holds, as sorted ranges, every rune that SimpleFold
// may change: those with a case mapping (unicode.CaseRanges) and the
// other members of their folding orbits (ß, whose orbit holds ẞ, ...).
// It is made on first use, by any goroutine: the Once orders the making
// before every use.
var (
	resyntaxFoldableOnce sync.Once
	resyntaxFoldable     []rune
)

func resyntaxFoldableRanges() []rune {
	resyntaxFoldableOnce.Do(func() { resyntaxFoldable = makeFoldableRanges() })
	return resyntaxFoldable
}

func makeFoldableRanges() []rune {
	var f []rune
	for _, cr := range unicode.CaseRanges {
		f = appendRange(f, rune(cr.Lo), rune(cr.Hi))
	}
	f = cleanClass(f)
	var extra []rune
	for i := 0; i+1 < len(f); i += 2 {
		for r := f[i]; r <= f[i+1]; r++ {
			for o := unicode.SimpleFold(r); o != r; o = unicode.SimpleFold(o) {
				if !inCharClass(o, f) {
					extra = append(extra, o, o)
				}
			}
		}
	}
	return cleanClass(append(f, extra...))
}
