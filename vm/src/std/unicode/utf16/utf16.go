// Package utf16 implements encoding and decoding of UTF-16 sequences.
package utf16

const (
	replacementChar = '\uFFFD'
	maxRune         = '\U0010FFFF'

	surr1    = 0xd800
	surr2    = 0xdc00
	surr3    = 0xe000
	surrSelf = 0x10000
)

// IsSurrogate reports whether r can appear in a surrogate pair.
func IsSurrogate(r rune) bool { return surr1 <= r && r < surr3 }

// DecodeRune returns the UTF-16 decoding of a surrogate pair, or U+FFFD
// when the pair is not a valid one.
func DecodeRune(r1, r2 rune) rune {
	if surr1 <= r1 && r1 < surr2 && surr2 <= r2 && r2 < surr3 {
		return (r1-surr1)<<10 | (r2 - surr2) + surrSelf
	}
	return replacementChar
}

// EncodeRune returns the UTF-16 surrogate pair r1, r2 for r, or U+FFFD
// twice when r needs no pair or is not a valid rune.
func EncodeRune(r rune) (r1, r2 rune) {
	if r < surrSelf || r > maxRune {
		return replacementChar, replacementChar
	}
	r -= surrSelf
	return surr1 + (r>>10)&0x3ff, surr2 + r&0x3ff
}

// RuneLen returns the number of 16-bit words in the UTF-16 encoding of
// r, or -1 if r is not a valid value to encode.
func RuneLen(r rune) int {
	switch {
	case 0 <= r && r < surr1, surr3 <= r && r < surrSelf:
		return 1
	case surrSelf <= r && r <= maxRune:
		return 2
	}
	return -1
}

// Encode returns the UTF-16 encoding of the Unicode code point sequence s.
func Encode(s []rune) []uint16 {
	n := len(s)
	for _, v := range s {
		if v >= surrSelf {
			n++
		}
	}
	a := make([]uint16, 0, n)
	for _, v := range s {
		a = AppendRune(a, v)
	}
	return a
}

// AppendRune appends the UTF-16 encoding of r to the end of p.
func AppendRune(a []uint16, r rune) []uint16 {
	switch {
	case 0 <= r && r < surr1, surr3 <= r && r < surrSelf:
		return append(a, uint16(r))
	case surrSelf <= r && r <= maxRune:
		r1, r2 := EncodeRune(r)
		return append(a, uint16(r1), uint16(r2))
	}
	return append(a, replacementChar)
}

// Decode returns the Unicode code point sequence represented by the
// UTF-16 encoding s.
func Decode(s []uint16) []rune {
	a := make([]rune, 0, len(s))
	for i := 0; i < len(s); i++ {
		r := rune(s[i])
		switch {
		case r < surr1, surr3 <= r:
		case surr1 <= r && r < surr2 && i+1 < len(s) && surr2 <= rune(s[i+1]) && rune(s[i+1]) < surr3:
			r = DecodeRune(r, rune(s[i+1]))
			i++
		default:
			r = replacementChar
		}
		a = append(a, r)
	}
	return a
}
