// Go's named Unicode tables: scripts, categories, properties, the maps of
// them, CaseRanges and SimpleFold, compared rune by rune with the
// predicates.
package main

import (
	"fmt"
	"sort"
	"unicode"
)

// size counts the code points of t from its ranges.
func size(t *unicode.RangeTable) int {
	n := 0
	for _, r := range t.R16 {
		n += int(r.Hi-r.Lo)/int(r.Stride) + 1
	}
	for _, r := range t.R32 {
		n += int(r.Hi-r.Lo)/int(r.Stride) + 1
	}
	return n
}

func main() {
	fmt.Println(unicode.Is(unicode.Han, '中'), unicode.Is(unicode.Latin, 'é'), unicode.In('λ', unicode.Greek, unicode.Cyrillic), unicode.Is(unicode.Hiragana, 'ア'))
	fmt.Println(unicode.Letter == unicode.L, unicode.Upper == unicode.Lu, unicode.Digit == unicode.Nd, unicode.Categories["L"] == unicode.L, unicode.Scripts["Han"] == unicode.Han, unicode.Properties["White_Space"] == unicode.White_Space)
	fmt.Println(len(unicode.Categories), len(unicode.Scripts), len(unicode.Properties), len(unicode.FoldCategory), len(unicode.FoldScript), len(unicode.CategoryAliases))
	fmt.Println(len(unicode.CaseRanges), unicode.CaseRanges[0], unicode.CaseRanges[len(unicode.CaseRanges)-1])
	fmt.Println(unicode.Latin.R16[:3], unicode.Latin.LatinOffset, len(unicode.Han.R32), unicode.Han.R16 == nil, unicode.Gothic.R16 == nil, len(unicode.Gothic.R16), unicode.Latin.R32 == nil, unicode.Cyrillic.R32 == nil)
	fmt.Println(unicode.SimpleFold('A'), unicode.SimpleFold('a'), unicode.SimpleFold('K'), unicode.SimpleFold('k'), unicode.SimpleFold('\u212A'), unicode.SimpleFold('1'), unicode.SimpleFold(-2), unicode.SimpleFold(0x110000))

	var names []string
	for n, t := range unicode.Scripts {
		if unicode.Is(t, 'ー') || unicode.Is(t, 'ß') {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	fmt.Println(names)

	// The category tables agree with the predicates.
	bad := 0
	for r := rune(0); r < 0x20000; r += 89 {
		if unicode.Is(unicode.L, r) != unicode.IsLetter(r) || unicode.Is(unicode.Lu, r) != unicode.IsUpper(r) ||
			unicode.Is(unicode.Nd, r) != unicode.IsDigit(r) || unicode.Is(unicode.P, r) != unicode.IsPunct(r) ||
			unicode.In(r, unicode.GraphicRanges...) != unicode.IsGraphic(r) {
			bad++
		}
	}
	fmt.Println("disagreements:", bad)

	for _, c := range []string{"Lu", "Ll", "Nd", "Zs", "Sm", "Cc", "Mn"} {
		fmt.Println(c, size(unicode.Categories[c]))
	}
	total := 0
	for _, t := range unicode.Properties {
		total += size(t)
	}
	fmt.Println("properties:", total)
	for _, s := range []string{"Greek", "Arabic", "Hangul", "Tolong_Siki"} {
		fmt.Println(s, size(unicode.Scripts[s]))
	}
	fmt.Println(unicode.CategoryAliases["Letter"], unicode.Is(unicode.FoldCategory["Lu"], 'ſ'), unicode.Is(unicode.FoldScript["Greek"], 'µ'))

	// CaseRanges drive the case mappings: a SpecialCase made of them maps as
	// the plain functions do.
	sc := unicode.SpecialCase(unicode.CaseRanges)
	diff := 0
	for r := rune(0); r < 0x20000; r += 61 {
		if sc.ToUpper(r) != unicode.ToUpper(r) || sc.ToLower(r) != unicode.ToLower(r) || sc.ToTitle(r) != unicode.ToTitle(r) {
			diff++
		}
	}
	fmt.Println("case disagreements:", diff)

	// Orbits: SimpleFold cycles back.
	for _, r := range []rune{'k', 'σ', 'ǅ', 'ß'} {
		orbit := []rune{r}
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			orbit = append(orbit, f)
		}
		fmt.Printf("%q\n", orbit)
	}
}
