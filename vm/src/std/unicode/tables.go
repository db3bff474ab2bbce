// Code generated from Go 17.0.0's Unicode tables by testdata/api/unicode_tables.go; DO NOT EDIT.

package unicode

// Every table, built once from rangetables.rs.
var _tables = rangeTables()

var C = _tables[0]
var Cc = _tables[1]
var Cf = _tables[2]
var Cn = _tables[3]
var Co = _tables[4]
var Cs = _tables[5]
var L = _tables[6]
var LC = _tables[7]
var Ll = _tables[8]
var Lm = _tables[9]
var Lo = _tables[10]
var Lt = _tables[11]
var Lu = _tables[12]
var M = _tables[13]
var Mc = _tables[14]
var Me = _tables[15]
var Mn = _tables[16]
var N = _tables[17]
var Nd = _tables[18]
var Nl = _tables[19]
var No = _tables[20]
var P = _tables[21]
var Pc = _tables[22]
var Pd = _tables[23]
var Pe = _tables[24]
var Pf = _tables[25]
var Pi = _tables[26]
var Po = _tables[27]
var Ps = _tables[28]
var S = _tables[29]
var Sc = _tables[30]
var Sk = _tables[31]
var Sm = _tables[32]
var So = _tables[33]
var Yi = _tables[34]
var Z = _tables[35]
var Zl = _tables[36]
var Zp = _tables[37]
var Zs = _tables[38]
var ASCII_Hex_Digit = _tables[39]
var Adlam = _tables[40]
var Ahom = _tables[41]
var Anatolian_Hieroglyphs = _tables[42]
var Arabic = _tables[43]
var Armenian = _tables[44]
var Avestan = _tables[45]
var Balinese = _tables[46]
var Bamum = _tables[47]
var Bassa_Vah = _tables[48]
var Batak = _tables[49]
var Bengali = _tables[50]
var Beria_Erfe = _tables[51]
var Bhaiksuki = _tables[52]
var Bidi_Control = _tables[53]
var Bopomofo = _tables[54]
var Brahmi = _tables[55]
var Braille = _tables[56]
var Buginese = _tables[57]
var Buhid = _tables[58]
var Canadian_Aboriginal = _tables[59]
var Carian = _tables[60]
var Caucasian_Albanian = _tables[61]
var Chakma = _tables[62]
var Cham = _tables[63]
var Cherokee = _tables[64]
var Chorasmian = _tables[65]
var Common = _tables[66]
var Coptic = _tables[67]
var Cuneiform = _tables[68]
var Cypriot = _tables[69]
var Cypro_Minoan = _tables[70]
var Cyrillic = _tables[71]
var Dash = _tables[72]
var Deprecated = _tables[73]
var Deseret = _tables[74]
var Devanagari = _tables[75]
var Diacritic = _tables[76]
var Digit = _tables[18]
var Dives_Akuru = _tables[77]
var Dogra = _tables[78]
var Duployan = _tables[79]
var Egyptian_Hieroglyphs = _tables[80]
var Elbasan = _tables[81]
var Elymaic = _tables[82]
var Ethiopic = _tables[83]
var Extender = _tables[84]
var Garay = _tables[85]
var Georgian = _tables[86]
var Glagolitic = _tables[87]
var Gothic = _tables[88]
var Grantha = _tables[89]
var Greek = _tables[90]
var Gujarati = _tables[91]
var Gunjala_Gondi = _tables[92]
var Gurmukhi = _tables[93]
var Gurung_Khema = _tables[94]
var Han = _tables[95]
var Hangul = _tables[96]
var Hanifi_Rohingya = _tables[97]
var Hanunoo = _tables[98]
var Hatran = _tables[99]
var Hebrew = _tables[100]
var Hex_Digit = _tables[101]
var Hiragana = _tables[102]
var Hyphen = _tables[103]
var IDS_Binary_Operator = _tables[104]
var IDS_Trinary_Operator = _tables[105]
var IDS_Unary_Operator = _tables[106]
var ID_Compat_Math_Continue = _tables[107]
var ID_Compat_Math_Start = _tables[108]
var Ideographic = _tables[109]
var Imperial_Aramaic = _tables[110]
var Inherited = _tables[111]
var Inscriptional_Pahlavi = _tables[112]
var Inscriptional_Parthian = _tables[113]
var Javanese = _tables[114]
var Join_Control = _tables[115]
var Kaithi = _tables[116]
var Kannada = _tables[117]
var Katakana = _tables[118]
var Kawi = _tables[119]
var Kayah_Li = _tables[120]
var Kharoshthi = _tables[121]
var Khitan_Small_Script = _tables[122]
var Khmer = _tables[123]
var Khojki = _tables[124]
var Khudawadi = _tables[125]
var Kirat_Rai = _tables[126]
var Lao = _tables[127]
var Latin = _tables[128]
var Lepcha = _tables[129]
var Letter = _tables[6]
var Limbu = _tables[130]
var Linear_A = _tables[131]
var Linear_B = _tables[132]
var Lisu = _tables[133]
var Logical_Order_Exception = _tables[134]
var Lower = _tables[8]
var Lycian = _tables[135]
var Lydian = _tables[136]
var Mahajani = _tables[137]
var Makasar = _tables[138]
var Malayalam = _tables[139]
var Mandaic = _tables[140]
var Manichaean = _tables[141]
var Marchen = _tables[142]
var Mark = _tables[13]
var Masaram_Gondi = _tables[143]
var Medefaidrin = _tables[144]
var Meetei_Mayek = _tables[145]
var Mende_Kikakui = _tables[146]
var Meroitic_Cursive = _tables[147]
var Meroitic_Hieroglyphs = _tables[148]
var Miao = _tables[149]
var Modi = _tables[150]
var Modifier_Combining_Mark = _tables[151]
var Mongolian = _tables[152]
var Mro = _tables[153]
var Multani = _tables[154]
var Myanmar = _tables[155]
var Nabataean = _tables[156]
var Nag_Mundari = _tables[157]
var Nandinagari = _tables[158]
var New_Tai_Lue = _tables[159]
var Newa = _tables[160]
var Nko = _tables[161]
var Noncharacter_Code_Point = _tables[162]
var Number = _tables[17]
var Nushu = _tables[163]
var Nyiakeng_Puachue_Hmong = _tables[164]
var Ogham = _tables[165]
var Ol_Chiki = _tables[166]
var Ol_Onal = _tables[167]
var Old_Hungarian = _tables[168]
var Old_Italic = _tables[169]
var Old_North_Arabian = _tables[170]
var Old_Permic = _tables[171]
var Old_Persian = _tables[172]
var Old_Sogdian = _tables[173]
var Old_South_Arabian = _tables[174]
var Old_Turkic = _tables[175]
var Old_Uyghur = _tables[176]
var Oriya = _tables[177]
var Osage = _tables[178]
var Osmanya = _tables[179]
var Other = _tables[0]
var Other_Alphabetic = _tables[180]
var Other_Default_Ignorable_Code_Point = _tables[181]
var Other_Grapheme_Extend = _tables[182]
var Other_ID_Continue = _tables[183]
var Other_ID_Start = _tables[184]
var Other_Lowercase = _tables[185]
var Other_Math = _tables[186]
var Other_Uppercase = _tables[187]
var Pahawh_Hmong = _tables[188]
var Palmyrene = _tables[189]
var Pattern_Syntax = _tables[190]
var Pattern_White_Space = _tables[191]
var Pau_Cin_Hau = _tables[192]
var Phags_Pa = _tables[193]
var Phoenician = _tables[194]
var Prepended_Concatenation_Mark = _tables[195]
var Psalter_Pahlavi = _tables[196]
var Punct = _tables[21]
var Quotation_Mark = _tables[197]
var Radical = _tables[198]
var Regional_Indicator = _tables[199]
var Rejang = _tables[200]
var Runic = _tables[201]
var STerm = _tables[202]
var Samaritan = _tables[203]
var Saurashtra = _tables[204]
var Sentence_Terminal = _tables[202]
var Sharada = _tables[205]
var Shavian = _tables[206]
var Siddham = _tables[207]
var Sidetic = _tables[208]
var SignWriting = _tables[209]
var Sinhala = _tables[210]
var Soft_Dotted = _tables[211]
var Sogdian = _tables[212]
var Sora_Sompeng = _tables[213]
var Soyombo = _tables[214]
var Space = _tables[35]
var Sundanese = _tables[215]
var Sunuwar = _tables[216]
var Syloti_Nagri = _tables[217]
var Symbol = _tables[29]
var Syriac = _tables[218]
var Tagalog = _tables[219]
var Tagbanwa = _tables[220]
var Tai_Le = _tables[221]
var Tai_Tham = _tables[222]
var Tai_Viet = _tables[223]
var Tai_Yo = _tables[224]
var Takri = _tables[225]
var Tamil = _tables[226]
var Tangsa = _tables[227]
var Tangut = _tables[228]
var Telugu = _tables[229]
var Terminal_Punctuation = _tables[230]
var Thaana = _tables[231]
var Thai = _tables[232]
var Tibetan = _tables[233]
var Tifinagh = _tables[234]
var Tirhuta = _tables[235]
var Title = _tables[11]
var Todhri = _tables[236]
var Tolong_Siki = _tables[237]
var Toto = _tables[238]
var Tulu_Tigalari = _tables[239]
var Ugaritic = _tables[240]
var Unified_Ideograph = _tables[241]
var Upper = _tables[12]
var Vai = _tables[242]
var Variation_Selector = _tables[243]
var Vithkuqi = _tables[244]
var Wancho = _tables[245]
var Warang_Citi = _tables[246]
var White_Space = _tables[247]
var Yezidi = _tables[248]
var Zanabazar_Square = _tables[249]

var Categories = map[string]*RangeTable{
	"C":  _tables[0],
	"Cc": _tables[1],
	"Cf": _tables[2],
	"Cn": _tables[3],
	"Co": _tables[4],
	"Cs": _tables[5],
	"L":  _tables[6],
	"LC": _tables[7],
	"Ll": _tables[8],
	"Lm": _tables[9],
	"Lo": _tables[10],
	"Lt": _tables[11],
	"Lu": _tables[12],
	"M":  _tables[13],
	"Mc": _tables[14],
	"Me": _tables[15],
	"Mn": _tables[16],
	"N":  _tables[17],
	"Nd": _tables[18],
	"Nl": _tables[19],
	"No": _tables[20],
	"P":  _tables[21],
	"Pc": _tables[22],
	"Pd": _tables[23],
	"Pe": _tables[24],
	"Pf": _tables[25],
	"Pi": _tables[26],
	"Po": _tables[27],
	"Ps": _tables[28],
	"S":  _tables[29],
	"Sc": _tables[30],
	"Sk": _tables[31],
	"Sm": _tables[32],
	"So": _tables[33],
	"Z":  _tables[35],
	"Zl": _tables[36],
	"Zp": _tables[37],
	"Zs": _tables[38],
}

var Scripts = map[string]*RangeTable{
	"Adlam":                  _tables[40],
	"Ahom":                   _tables[41],
	"Anatolian_Hieroglyphs":  _tables[42],
	"Arabic":                 _tables[43],
	"Armenian":               _tables[44],
	"Avestan":                _tables[45],
	"Balinese":               _tables[46],
	"Bamum":                  _tables[47],
	"Bassa_Vah":              _tables[48],
	"Batak":                  _tables[49],
	"Bengali":                _tables[50],
	"Beria_Erfe":             _tables[51],
	"Bhaiksuki":              _tables[52],
	"Bopomofo":               _tables[54],
	"Brahmi":                 _tables[55],
	"Braille":                _tables[56],
	"Buginese":               _tables[57],
	"Buhid":                  _tables[58],
	"Canadian_Aboriginal":    _tables[59],
	"Carian":                 _tables[60],
	"Caucasian_Albanian":     _tables[61],
	"Chakma":                 _tables[62],
	"Cham":                   _tables[63],
	"Cherokee":               _tables[64],
	"Chorasmian":             _tables[65],
	"Common":                 _tables[66],
	"Coptic":                 _tables[67],
	"Cuneiform":              _tables[68],
	"Cypriot":                _tables[69],
	"Cypro_Minoan":           _tables[70],
	"Cyrillic":               _tables[71],
	"Deseret":                _tables[74],
	"Devanagari":             _tables[75],
	"Dives_Akuru":            _tables[77],
	"Dogra":                  _tables[78],
	"Duployan":               _tables[79],
	"Egyptian_Hieroglyphs":   _tables[80],
	"Elbasan":                _tables[81],
	"Elymaic":                _tables[82],
	"Ethiopic":               _tables[83],
	"Garay":                  _tables[85],
	"Georgian":               _tables[86],
	"Glagolitic":             _tables[87],
	"Gothic":                 _tables[88],
	"Grantha":                _tables[89],
	"Greek":                  _tables[90],
	"Gujarati":               _tables[91],
	"Gunjala_Gondi":          _tables[92],
	"Gurmukhi":               _tables[93],
	"Gurung_Khema":           _tables[94],
	"Han":                    _tables[95],
	"Hangul":                 _tables[96],
	"Hanifi_Rohingya":        _tables[97],
	"Hanunoo":                _tables[98],
	"Hatran":                 _tables[99],
	"Hebrew":                 _tables[100],
	"Hiragana":               _tables[102],
	"Imperial_Aramaic":       _tables[110],
	"Inherited":              _tables[111],
	"Inscriptional_Pahlavi":  _tables[112],
	"Inscriptional_Parthian": _tables[113],
	"Javanese":               _tables[114],
	"Kaithi":                 _tables[116],
	"Kannada":                _tables[117],
	"Katakana":               _tables[118],
	"Kawi":                   _tables[119],
	"Kayah_Li":               _tables[120],
	"Kharoshthi":             _tables[121],
	"Khitan_Small_Script":    _tables[122],
	"Khmer":                  _tables[123],
	"Khojki":                 _tables[124],
	"Khudawadi":              _tables[125],
	"Kirat_Rai":              _tables[126],
	"Lao":                    _tables[127],
	"Latin":                  _tables[128],
	"Lepcha":                 _tables[129],
	"Limbu":                  _tables[130],
	"Linear_A":               _tables[131],
	"Linear_B":               _tables[132],
	"Lisu":                   _tables[133],
	"Lycian":                 _tables[135],
	"Lydian":                 _tables[136],
	"Mahajani":               _tables[137],
	"Makasar":                _tables[138],
	"Malayalam":              _tables[139],
	"Mandaic":                _tables[140],
	"Manichaean":             _tables[141],
	"Marchen":                _tables[142],
	"Masaram_Gondi":          _tables[143],
	"Medefaidrin":            _tables[144],
	"Meetei_Mayek":           _tables[145],
	"Mende_Kikakui":          _tables[146],
	"Meroitic_Cursive":       _tables[147],
	"Meroitic_Hieroglyphs":   _tables[148],
	"Miao":                   _tables[149],
	"Modi":                   _tables[150],
	"Mongolian":              _tables[152],
	"Mro":                    _tables[153],
	"Multani":                _tables[154],
	"Myanmar":                _tables[155],
	"Nabataean":              _tables[156],
	"Nag_Mundari":            _tables[157],
	"Nandinagari":            _tables[158],
	"New_Tai_Lue":            _tables[159],
	"Newa":                   _tables[160],
	"Nko":                    _tables[161],
	"Nushu":                  _tables[163],
	"Nyiakeng_Puachue_Hmong": _tables[164],
	"Ogham":                  _tables[165],
	"Ol_Chiki":               _tables[166],
	"Ol_Onal":                _tables[167],
	"Old_Hungarian":          _tables[168],
	"Old_Italic":             _tables[169],
	"Old_North_Arabian":      _tables[170],
	"Old_Permic":             _tables[171],
	"Old_Persian":            _tables[172],
	"Old_Sogdian":            _tables[173],
	"Old_South_Arabian":      _tables[174],
	"Old_Turkic":             _tables[175],
	"Old_Uyghur":             _tables[176],
	"Oriya":                  _tables[177],
	"Osage":                  _tables[178],
	"Osmanya":                _tables[179],
	"Pahawh_Hmong":           _tables[188],
	"Palmyrene":              _tables[189],
	"Pau_Cin_Hau":            _tables[192],
	"Phags_Pa":               _tables[193],
	"Phoenician":             _tables[194],
	"Psalter_Pahlavi":        _tables[196],
	"Rejang":                 _tables[200],
	"Runic":                  _tables[201],
	"Samaritan":              _tables[203],
	"Saurashtra":             _tables[204],
	"Sharada":                _tables[205],
	"Shavian":                _tables[206],
	"Siddham":                _tables[207],
	"Sidetic":                _tables[208],
	"SignWriting":            _tables[209],
	"Sinhala":                _tables[210],
	"Sogdian":                _tables[212],
	"Sora_Sompeng":           _tables[213],
	"Soyombo":                _tables[214],
	"Sundanese":              _tables[215],
	"Sunuwar":                _tables[216],
	"Syloti_Nagri":           _tables[217],
	"Syriac":                 _tables[218],
	"Tagalog":                _tables[219],
	"Tagbanwa":               _tables[220],
	"Tai_Le":                 _tables[221],
	"Tai_Tham":               _tables[222],
	"Tai_Viet":               _tables[223],
	"Tai_Yo":                 _tables[224],
	"Takri":                  _tables[225],
	"Tamil":                  _tables[226],
	"Tangsa":                 _tables[227],
	"Tangut":                 _tables[228],
	"Telugu":                 _tables[229],
	"Thaana":                 _tables[231],
	"Thai":                   _tables[232],
	"Tibetan":                _tables[233],
	"Tifinagh":               _tables[234],
	"Tirhuta":                _tables[235],
	"Todhri":                 _tables[236],
	"Tolong_Siki":            _tables[237],
	"Toto":                   _tables[238],
	"Tulu_Tigalari":          _tables[239],
	"Ugaritic":               _tables[240],
	"Vai":                    _tables[242],
	"Vithkuqi":               _tables[244],
	"Wancho":                 _tables[245],
	"Warang_Citi":            _tables[246],
	"Yezidi":                 _tables[248],
	"Yi":                     _tables[34],
	"Zanabazar_Square":       _tables[249],
}

var Properties = map[string]*RangeTable{
	"ASCII_Hex_Digit":                    _tables[39],
	"Bidi_Control":                       _tables[53],
	"Dash":                               _tables[72],
	"Deprecated":                         _tables[73],
	"Diacritic":                          _tables[76],
	"Extender":                           _tables[84],
	"Hex_Digit":                          _tables[101],
	"Hyphen":                             _tables[103],
	"IDS_Binary_Operator":                _tables[104],
	"IDS_Trinary_Operator":               _tables[105],
	"IDS_Unary_Operator":                 _tables[106],
	"ID_Compat_Math_Continue":            _tables[107],
	"ID_Compat_Math_Start":               _tables[108],
	"Ideographic":                        _tables[109],
	"Join_Control":                       _tables[115],
	"Logical_Order_Exception":            _tables[134],
	"Modifier_Combining_Mark":            _tables[151],
	"Noncharacter_Code_Point":            _tables[162],
	"Other_Alphabetic":                   _tables[180],
	"Other_Default_Ignorable_Code_Point": _tables[181],
	"Other_Grapheme_Extend":              _tables[182],
	"Other_ID_Continue":                  _tables[183],
	"Other_ID_Start":                     _tables[184],
	"Other_Lowercase":                    _tables[185],
	"Other_Math":                         _tables[186],
	"Other_Uppercase":                    _tables[187],
	"Pattern_Syntax":                     _tables[190],
	"Pattern_White_Space":                _tables[191],
	"Prepended_Concatenation_Mark":       _tables[195],
	"Quotation_Mark":                     _tables[197],
	"Radical":                            _tables[198],
	"Regional_Indicator":                 _tables[199],
	"STerm":                              _tables[202],
	"Sentence_Terminal":                  _tables[202],
	"Soft_Dotted":                        _tables[211],
	"Terminal_Punctuation":               _tables[230],
	"Unified_Ideograph":                  _tables[241],
	"Variation_Selector":                 _tables[243],
	"White_Space":                        _tables[247],
}

var FoldCategory = map[string]*RangeTable{
	"L":  _tables[250],
	"Ll": _tables[251],
	"Lt": _tables[252],
	"Lu": _tables[253],
	"M":  _tables[254],
	"Mn": _tables[255],
}

var FoldScript = map[string]*RangeTable{
	"Common":    _tables[256],
	"Greek":     _tables[257],
	"Inherited": _tables[258],
}

var CategoryAliases = map[string]string{
	"Cased_Letter":          "LC",
	"Close_Punctuation":     "Pe",
	"Combining_Mark":        "M",
	"Connector_Punctuation": "Pc",
	"Control":               "Cc",
	"Currency_Symbol":       "Sc",
	"Dash_Punctuation":      "Pd",
	"Decimal_Number":        "Nd",
	"Enclosing_Mark":        "Me",
	"Final_Punctuation":     "Pf",
	"Format":                "Cf",
	"Initial_Punctuation":   "Pi",
	"Letter":                "L",
	"Letter_Number":         "Nl",
	"Line_Separator":        "Zl",
	"Lowercase_Letter":      "Ll",
	"Mark":                  "M",
	"Math_Symbol":           "Sm",
	"Modifier_Letter":       "Lm",
	"Modifier_Symbol":       "Sk",
	"Nonspacing_Mark":       "Mn",
	"Number":                "N",
	"Open_Punctuation":      "Ps",
	"Other":                 "C",
	"Other_Letter":          "Lo",
	"Other_Number":          "No",
	"Other_Punctuation":     "Po",
	"Other_Symbol":          "So",
	"Paragraph_Separator":   "Zp",
	"Private_Use":           "Co",
	"Punctuation":           "P",
	"Separator":             "Z",
	"Space_Separator":       "Zs",
	"Spacing_Mark":          "Mc",
	"Surrogate":             "Cs",
	"Symbol":                "S",
	"Titlecase_Letter":      "Lt",
	"Unassigned":            "Cn",
	"Uppercase_Letter":      "Lu",
	"cntrl":                 "Cc",
	"digit":                 "Nd",
	"punct":                 "P",
}

var CaseRanges = caseRanges()

var GraphicRanges = []*RangeTable{_tables[6], _tables[13], _tables[17], _tables[21], _tables[29], _tables[38]}

var PrintRanges = []*RangeTable{_tables[6], _tables[13], _tables[17], _tables[21], _tables[29]}
