package main

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
)

func main() {
	fmt.Println(unicode.Version, unicode.UpperCase, unicode.LowerCase, unicode.TitleCase, unicode.MaxCase, unicode.UpperLower)
	vowels := &unicode.RangeTable{
		R16: []unicode.Range16{{Lo: 'a', Hi: 'e', Stride: 4}, {Lo: 'i', Hi: 'i', Stride: 1}, {Lo: 'o', Hi: 'u', Stride: 6}},
		R32: []unicode.Range32{{Lo: 0x1F600, Hi: 0x1F604, Stride: 2}},
	}
	digits := &unicode.RangeTable{R16: []unicode.Range16{{Lo: '0', Hi: '9', Stride: 1}}, LatinOffset: 1}
	for _, r := range "abcdeiouxz5😀😁😂" {
		fmt.Print(unicode.Is(vowels, r), unicode.In(r, vowels, digits), unicode.IsOneOf([]*unicode.RangeTable{digits}, r), " ")
	}
	fmt.Println(unicode.Is(vowels, -1))
	for _, r := range []rune{'a', 'Z', 'ǆ', 'ß', 'é', 'ı', 'İ', 'i', 'I'} {
		fmt.Printf("%c %c %c %c %c | %c %c %c\n", r, unicode.To(unicode.UpperCase, r), unicode.To(unicode.LowerCase, r), unicode.To(unicode.TitleCase, r), unicode.To(7, r),
			unicode.TurkishCase.ToUpper(r), unicode.TurkishCase.ToLower(r), unicode.AzeriCase.ToTitle(r))
	}
	fmt.Println(strings.ToUpperSpecial(unicode.TurkishCase, "istanbul ılık"), strings.ToLowerSpecial(unicode.TurkishCase, "İSTANBUL IŞIK"), strings.ToTitleSpecial(unicode.TurkishCase, "iı"))
	fmt.Printf("%s %s %s\n", bytes.ToUpperSpecial(unicode.TurkishCase, []byte("iz")), bytes.ToLowerSpecial(unicode.TurkishCase, []byte("IZ")), bytes.ToTitleSpecial(unicode.AzeriCase, []byte("ab")))
	alt := unicode.SpecialCase{unicode.CaseRange{Lo: 0x100, Hi: 0x105, Delta: [unicode.MaxCase]rune{unicode.UpperLower, unicode.UpperLower, unicode.UpperLower}}}
	for r := rune(0x100); r <= 0x106; r++ {
		fmt.Printf("%U %U %U ", alt.ToUpper(r), alt.ToLower(r), alt.ToTitle(r))
	}
	fmt.Println()
	cr := unicode.CaseRange{Lo: 1, Hi: 2}
	fmt.Printf("%+v\n", cr)
}
