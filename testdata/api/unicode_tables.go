//go:build ignore

// unicode_tables writes the data behind package unicode's exported tables,
// read from Go's own package unicode (so minigo's tables are Go's, range for
// range, stride for stride). Run from the repository root:
//
//	go run testdata/api/unicode_tables.go
//
// It writes two files:
//   - vm/src/std/unicode/rangetables.rs: every distinct *RangeTable (ranges,
//     strides, LatinOffset), and Go's CaseRanges, as
//     Rust statics that the natives turn into Go values once, at start-up;
//   - vm/src/std/unicode/tables.go: the exported variables and maps, each
//     naming one of those tables by index, so that tables Go shares
//     (unicode.Letter == unicode.L) are one pointer in minigo too.

package main

import (
	"fmt"
	"go/format"
	"os"
	"sort"
	"strings"
	"unicode"
)

var (
	index  = map[*unicode.RangeTable]int{}
	tables []*unicode.RangeTable
	goSrc  strings.Builder
)

// ref gives t's index, adding it on first sight.
func ref(t *unicode.RangeTable) string {
	i, ok := index[t]
	if !ok {
		i = len(tables)
		index[t] = i
		tables = append(tables, t)
	}
	return fmt.Sprintf("_tables[%d]", i)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func dump(name string, v any) {
	switch v := v.(type) {
	case *unicode.RangeTable:
		fmt.Fprintf(&goSrc, "var %s = %s\n", name, ref(v))
	case map[string]*unicode.RangeTable:
		fmt.Fprintf(&goSrc, "\nvar %s = map[string]*RangeTable{\n", name)
		for _, k := range sortedKeys(v) {
			fmt.Fprintf(&goSrc, "\t%q: %s,\n", k, ref(v[k]))
		}
		goSrc.WriteString("}\n")
	case map[string]string:
		fmt.Fprintf(&goSrc, "\nvar %s = map[string]string{\n", name)
		for _, k := range sortedKeys(v) {
			fmt.Fprintf(&goSrc, "\t%q: %q,\n", k, v[k])
		}
		goSrc.WriteString("}\n")
	case []*unicode.RangeTable:
		refs := []string{}
		for _, t := range v {
			refs = append(refs, ref(t))
		}
		fmt.Fprintf(&goSrc, "\nvar %s = []*RangeTable{%s}\n", name, strings.Join(refs, ", "))
	case []unicode.CaseRange:
		// The data is in rangetables.rs (CASE_RANGES).
		fmt.Fprintf(&goSrc, "\nvar %s = caseRanges()\n", name)
	default:
		panic(fmt.Sprintf("%s: %T", name, v))
	}
}

func rust() string {
	var b strings.Builder
	b.WriteString("//! Go " + unicode.Version + "'s Unicode range tables and case ranges,\n")
	b.WriteString("//! read from Go's package unicode by testdata/api/unicode_tables.go.\n")
	b.WriteString("//! Do not edit by hand: run that generator.\n\n")
	var ranges []string
	var defs []string
	for _, t := range tables {
		r16 := len(ranges)
		for _, r := range t.R16 {
			ranges = append(ranges, fmt.Sprintf("(0x%x, 0x%x, %d)", r.Lo, r.Hi, r.Stride))
		}
		r32 := len(ranges)
		for _, r := range t.R32 {
			ranges = append(ranges, fmt.Sprintf("(0x%x, 0x%x, %d)", r.Lo, r.Hi, r.Stride))
		}
		defs = append(defs, fmt.Sprintf("    Table { r16: %d..%d, r32: %d..%d, latin_offset: %d },", r16, r32, r32, len(ranges), t.LatinOffset))
	}
	b.WriteString("/// One `*RangeTable`: its R16 and R32 entries as ranges of [`RANGES`].\n")
	b.WriteString("pub(crate) struct Table {\n    pub r16: std::ops::Range<usize>,\n    pub r32: std::ops::Range<usize>,\n    pub latin_offset: u32,\n}\n\n")
	fmt.Fprintf(&b, "/// Every distinct table, in the order tables.go indexes them.\npub(crate) static TABLES: [Table; %d] = [\n%s\n];\n\n", len(defs), strings.Join(defs, "\n"))
	fmt.Fprintf(&b, "/// `(Lo, Hi, Stride)` of every table's entries.\npub(crate) static RANGES: [(u32, u32, u32); %d] = [\n", len(ranges))
	for _, r := range ranges {
		b.WriteString("    " + r + ",\n")
	}
	b.WriteString("];\n\n")
	fmt.Fprintf(&b, "/// Go's `unicode.CaseRanges`: `(Lo, Hi, Delta[Upper], Delta[Lower], Delta[Title])`.\npub(crate) static CASE_RANGES: [(u32, u32, i32, i32, i32); %d] = [\n", len(unicode.CaseRanges))
	for _, c := range unicode.CaseRanges {
		fmt.Fprintf(&b, "    (0x%x, 0x%x, %d, %d, %d),\n", c.Lo, c.Hi, c.Delta[0], c.Delta[1], c.Delta[2])
	}
	b.WriteString("];\n")
	return b.String()
}

func write(path, s string) {
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func main() {
	goSrc.WriteString("// Code generated from Go " + unicode.Version + "'s Unicode tables by testdata/api/unicode_tables.go; DO NOT EDIT.\n\npackage unicode\n\n")
	goSrc.WriteString("// Every table, built once from rangetables.rs.\nvar _tables = rangeTables()\n\n")
	dump("C", unicode.C)
	dump("Cc", unicode.Cc)
	dump("Cf", unicode.Cf)
	dump("Cn", unicode.Cn)
	dump("Co", unicode.Co)
	dump("Cs", unicode.Cs)
	dump("L", unicode.L)
	dump("LC", unicode.LC)
	dump("Ll", unicode.Ll)
	dump("Lm", unicode.Lm)
	dump("Lo", unicode.Lo)
	dump("Lt", unicode.Lt)
	dump("Lu", unicode.Lu)
	dump("M", unicode.M)
	dump("Mc", unicode.Mc)
	dump("Me", unicode.Me)
	dump("Mn", unicode.Mn)
	dump("N", unicode.N)
	dump("Nd", unicode.Nd)
	dump("Nl", unicode.Nl)
	dump("No", unicode.No)
	dump("P", unicode.P)
	dump("Pc", unicode.Pc)
	dump("Pd", unicode.Pd)
	dump("Pe", unicode.Pe)
	dump("Pf", unicode.Pf)
	dump("Pi", unicode.Pi)
	dump("Po", unicode.Po)
	dump("Ps", unicode.Ps)
	dump("S", unicode.S)
	dump("Sc", unicode.Sc)
	dump("Sk", unicode.Sk)
	dump("Sm", unicode.Sm)
	dump("So", unicode.So)
	dump("Yi", unicode.Yi)
	dump("Z", unicode.Z)
	dump("Zl", unicode.Zl)
	dump("Zp", unicode.Zp)
	dump("Zs", unicode.Zs)
	dump("ASCII_Hex_Digit", unicode.ASCII_Hex_Digit)
	dump("Adlam", unicode.Adlam)
	dump("Ahom", unicode.Ahom)
	dump("Anatolian_Hieroglyphs", unicode.Anatolian_Hieroglyphs)
	dump("Arabic", unicode.Arabic)
	dump("Armenian", unicode.Armenian)
	dump("Avestan", unicode.Avestan)
	dump("Balinese", unicode.Balinese)
	dump("Bamum", unicode.Bamum)
	dump("Bassa_Vah", unicode.Bassa_Vah)
	dump("Batak", unicode.Batak)
	dump("Bengali", unicode.Bengali)
	dump("Beria_Erfe", unicode.Beria_Erfe)
	dump("Bhaiksuki", unicode.Bhaiksuki)
	dump("Bidi_Control", unicode.Bidi_Control)
	dump("Bopomofo", unicode.Bopomofo)
	dump("Brahmi", unicode.Brahmi)
	dump("Braille", unicode.Braille)
	dump("Buginese", unicode.Buginese)
	dump("Buhid", unicode.Buhid)
	dump("Canadian_Aboriginal", unicode.Canadian_Aboriginal)
	dump("Carian", unicode.Carian)
	dump("Caucasian_Albanian", unicode.Caucasian_Albanian)
	dump("Chakma", unicode.Chakma)
	dump("Cham", unicode.Cham)
	dump("Cherokee", unicode.Cherokee)
	dump("Chorasmian", unicode.Chorasmian)
	dump("Common", unicode.Common)
	dump("Coptic", unicode.Coptic)
	dump("Cuneiform", unicode.Cuneiform)
	dump("Cypriot", unicode.Cypriot)
	dump("Cypro_Minoan", unicode.Cypro_Minoan)
	dump("Cyrillic", unicode.Cyrillic)
	dump("Dash", unicode.Dash)
	dump("Deprecated", unicode.Deprecated)
	dump("Deseret", unicode.Deseret)
	dump("Devanagari", unicode.Devanagari)
	dump("Diacritic", unicode.Diacritic)
	dump("Digit", unicode.Digit)
	dump("Dives_Akuru", unicode.Dives_Akuru)
	dump("Dogra", unicode.Dogra)
	dump("Duployan", unicode.Duployan)
	dump("Egyptian_Hieroglyphs", unicode.Egyptian_Hieroglyphs)
	dump("Elbasan", unicode.Elbasan)
	dump("Elymaic", unicode.Elymaic)
	dump("Ethiopic", unicode.Ethiopic)
	dump("Extender", unicode.Extender)
	dump("Garay", unicode.Garay)
	dump("Georgian", unicode.Georgian)
	dump("Glagolitic", unicode.Glagolitic)
	dump("Gothic", unicode.Gothic)
	dump("Grantha", unicode.Grantha)
	dump("Greek", unicode.Greek)
	dump("Gujarati", unicode.Gujarati)
	dump("Gunjala_Gondi", unicode.Gunjala_Gondi)
	dump("Gurmukhi", unicode.Gurmukhi)
	dump("Gurung_Khema", unicode.Gurung_Khema)
	dump("Han", unicode.Han)
	dump("Hangul", unicode.Hangul)
	dump("Hanifi_Rohingya", unicode.Hanifi_Rohingya)
	dump("Hanunoo", unicode.Hanunoo)
	dump("Hatran", unicode.Hatran)
	dump("Hebrew", unicode.Hebrew)
	dump("Hex_Digit", unicode.Hex_Digit)
	dump("Hiragana", unicode.Hiragana)
	dump("Hyphen", unicode.Hyphen)
	dump("IDS_Binary_Operator", unicode.IDS_Binary_Operator)
	dump("IDS_Trinary_Operator", unicode.IDS_Trinary_Operator)
	dump("IDS_Unary_Operator", unicode.IDS_Unary_Operator)
	dump("ID_Compat_Math_Continue", unicode.ID_Compat_Math_Continue)
	dump("ID_Compat_Math_Start", unicode.ID_Compat_Math_Start)
	dump("Ideographic", unicode.Ideographic)
	dump("Imperial_Aramaic", unicode.Imperial_Aramaic)
	dump("Inherited", unicode.Inherited)
	dump("Inscriptional_Pahlavi", unicode.Inscriptional_Pahlavi)
	dump("Inscriptional_Parthian", unicode.Inscriptional_Parthian)
	dump("Javanese", unicode.Javanese)
	dump("Join_Control", unicode.Join_Control)
	dump("Kaithi", unicode.Kaithi)
	dump("Kannada", unicode.Kannada)
	dump("Katakana", unicode.Katakana)
	dump("Kawi", unicode.Kawi)
	dump("Kayah_Li", unicode.Kayah_Li)
	dump("Kharoshthi", unicode.Kharoshthi)
	dump("Khitan_Small_Script", unicode.Khitan_Small_Script)
	dump("Khmer", unicode.Khmer)
	dump("Khojki", unicode.Khojki)
	dump("Khudawadi", unicode.Khudawadi)
	dump("Kirat_Rai", unicode.Kirat_Rai)
	dump("Lao", unicode.Lao)
	dump("Latin", unicode.Latin)
	dump("Lepcha", unicode.Lepcha)
	dump("Letter", unicode.Letter)
	dump("Limbu", unicode.Limbu)
	dump("Linear_A", unicode.Linear_A)
	dump("Linear_B", unicode.Linear_B)
	dump("Lisu", unicode.Lisu)
	dump("Logical_Order_Exception", unicode.Logical_Order_Exception)
	dump("Lower", unicode.Lower)
	dump("Lycian", unicode.Lycian)
	dump("Lydian", unicode.Lydian)
	dump("Mahajani", unicode.Mahajani)
	dump("Makasar", unicode.Makasar)
	dump("Malayalam", unicode.Malayalam)
	dump("Mandaic", unicode.Mandaic)
	dump("Manichaean", unicode.Manichaean)
	dump("Marchen", unicode.Marchen)
	dump("Mark", unicode.Mark)
	dump("Masaram_Gondi", unicode.Masaram_Gondi)
	dump("Medefaidrin", unicode.Medefaidrin)
	dump("Meetei_Mayek", unicode.Meetei_Mayek)
	dump("Mende_Kikakui", unicode.Mende_Kikakui)
	dump("Meroitic_Cursive", unicode.Meroitic_Cursive)
	dump("Meroitic_Hieroglyphs", unicode.Meroitic_Hieroglyphs)
	dump("Miao", unicode.Miao)
	dump("Modi", unicode.Modi)
	dump("Modifier_Combining_Mark", unicode.Modifier_Combining_Mark)
	dump("Mongolian", unicode.Mongolian)
	dump("Mro", unicode.Mro)
	dump("Multani", unicode.Multani)
	dump("Myanmar", unicode.Myanmar)
	dump("Nabataean", unicode.Nabataean)
	dump("Nag_Mundari", unicode.Nag_Mundari)
	dump("Nandinagari", unicode.Nandinagari)
	dump("New_Tai_Lue", unicode.New_Tai_Lue)
	dump("Newa", unicode.Newa)
	dump("Nko", unicode.Nko)
	dump("Noncharacter_Code_Point", unicode.Noncharacter_Code_Point)
	dump("Number", unicode.Number)
	dump("Nushu", unicode.Nushu)
	dump("Nyiakeng_Puachue_Hmong", unicode.Nyiakeng_Puachue_Hmong)
	dump("Ogham", unicode.Ogham)
	dump("Ol_Chiki", unicode.Ol_Chiki)
	dump("Ol_Onal", unicode.Ol_Onal)
	dump("Old_Hungarian", unicode.Old_Hungarian)
	dump("Old_Italic", unicode.Old_Italic)
	dump("Old_North_Arabian", unicode.Old_North_Arabian)
	dump("Old_Permic", unicode.Old_Permic)
	dump("Old_Persian", unicode.Old_Persian)
	dump("Old_Sogdian", unicode.Old_Sogdian)
	dump("Old_South_Arabian", unicode.Old_South_Arabian)
	dump("Old_Turkic", unicode.Old_Turkic)
	dump("Old_Uyghur", unicode.Old_Uyghur)
	dump("Oriya", unicode.Oriya)
	dump("Osage", unicode.Osage)
	dump("Osmanya", unicode.Osmanya)
	dump("Other", unicode.Other)
	dump("Other_Alphabetic", unicode.Other_Alphabetic)
	dump("Other_Default_Ignorable_Code_Point", unicode.Other_Default_Ignorable_Code_Point)
	dump("Other_Grapheme_Extend", unicode.Other_Grapheme_Extend)
	dump("Other_ID_Continue", unicode.Other_ID_Continue)
	dump("Other_ID_Start", unicode.Other_ID_Start)
	dump("Other_Lowercase", unicode.Other_Lowercase)
	dump("Other_Math", unicode.Other_Math)
	dump("Other_Uppercase", unicode.Other_Uppercase)
	dump("Pahawh_Hmong", unicode.Pahawh_Hmong)
	dump("Palmyrene", unicode.Palmyrene)
	dump("Pattern_Syntax", unicode.Pattern_Syntax)
	dump("Pattern_White_Space", unicode.Pattern_White_Space)
	dump("Pau_Cin_Hau", unicode.Pau_Cin_Hau)
	dump("Phags_Pa", unicode.Phags_Pa)
	dump("Phoenician", unicode.Phoenician)
	dump("Prepended_Concatenation_Mark", unicode.Prepended_Concatenation_Mark)
	dump("Psalter_Pahlavi", unicode.Psalter_Pahlavi)
	dump("Punct", unicode.Punct)
	dump("Quotation_Mark", unicode.Quotation_Mark)
	dump("Radical", unicode.Radical)
	dump("Regional_Indicator", unicode.Regional_Indicator)
	dump("Rejang", unicode.Rejang)
	dump("Runic", unicode.Runic)
	dump("STerm", unicode.STerm)
	dump("Samaritan", unicode.Samaritan)
	dump("Saurashtra", unicode.Saurashtra)
	dump("Sentence_Terminal", unicode.Sentence_Terminal)
	dump("Sharada", unicode.Sharada)
	dump("Shavian", unicode.Shavian)
	dump("Siddham", unicode.Siddham)
	dump("Sidetic", unicode.Sidetic)
	dump("SignWriting", unicode.SignWriting)
	dump("Sinhala", unicode.Sinhala)
	dump("Soft_Dotted", unicode.Soft_Dotted)
	dump("Sogdian", unicode.Sogdian)
	dump("Sora_Sompeng", unicode.Sora_Sompeng)
	dump("Soyombo", unicode.Soyombo)
	dump("Space", unicode.Space)
	dump("Sundanese", unicode.Sundanese)
	dump("Sunuwar", unicode.Sunuwar)
	dump("Syloti_Nagri", unicode.Syloti_Nagri)
	dump("Symbol", unicode.Symbol)
	dump("Syriac", unicode.Syriac)
	dump("Tagalog", unicode.Tagalog)
	dump("Tagbanwa", unicode.Tagbanwa)
	dump("Tai_Le", unicode.Tai_Le)
	dump("Tai_Tham", unicode.Tai_Tham)
	dump("Tai_Viet", unicode.Tai_Viet)
	dump("Tai_Yo", unicode.Tai_Yo)
	dump("Takri", unicode.Takri)
	dump("Tamil", unicode.Tamil)
	dump("Tangsa", unicode.Tangsa)
	dump("Tangut", unicode.Tangut)
	dump("Telugu", unicode.Telugu)
	dump("Terminal_Punctuation", unicode.Terminal_Punctuation)
	dump("Thaana", unicode.Thaana)
	dump("Thai", unicode.Thai)
	dump("Tibetan", unicode.Tibetan)
	dump("Tifinagh", unicode.Tifinagh)
	dump("Tirhuta", unicode.Tirhuta)
	dump("Title", unicode.Title)
	dump("Todhri", unicode.Todhri)
	dump("Tolong_Siki", unicode.Tolong_Siki)
	dump("Toto", unicode.Toto)
	dump("Tulu_Tigalari", unicode.Tulu_Tigalari)
	dump("Ugaritic", unicode.Ugaritic)
	dump("Unified_Ideograph", unicode.Unified_Ideograph)
	dump("Upper", unicode.Upper)
	dump("Vai", unicode.Vai)
	dump("Variation_Selector", unicode.Variation_Selector)
	dump("Vithkuqi", unicode.Vithkuqi)
	dump("Wancho", unicode.Wancho)
	dump("Warang_Citi", unicode.Warang_Citi)
	dump("White_Space", unicode.White_Space)
	dump("Yezidi", unicode.Yezidi)
	dump("Zanabazar_Square", unicode.Zanabazar_Square)
	dump("Categories", unicode.Categories)
	dump("Scripts", unicode.Scripts)
	dump("Properties", unicode.Properties)
	dump("FoldCategory", unicode.FoldCategory)
	dump("FoldScript", unicode.FoldScript)
	dump("CategoryAliases", unicode.CategoryAliases)
	dump("CaseRanges", unicode.CaseRanges)
	dump("GraphicRanges", unicode.GraphicRanges)
	dump("PrintRanges", unicode.PrintRanges)
	src, err := format.Source([]byte(goSrc.String()))
	if err != nil {
		panic(err)
	}
	write("vm/src/std/unicode/tables.go", string(src))
	write("vm/src/std/unicode/rangetables.rs", rust())
}
