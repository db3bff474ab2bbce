//! Go's regular expression syntax, checked as Go's `regexp/syntax` parser
//! checks it and rewritten into the `regex` crate's syntax.
//!
//! The two dialects are both RE2's, but differ in details this module
//! hides:
//!
//! * errors: Go's parser decides what is an error and which text its
//!   message quotes (`missing closing ): `(a``); this walk mirrors Go's
//!   scan (`parse` in regexp/syntax/parse.go) token by token to produce
//!   the same [`SyntaxError`];
//! * Perl classes `\d \s \w` and `\b \B` are ASCII in Go, Unicode-aware
//!   in the crate: they are written out as ASCII classes;
//! * capture names may repeat in Go: every group is emitted unnamed and
//!   the names are kept here ([`Translated::names`]);
//! * `(?i)`-style flag groups, `\pN`, `\p{^Greek}`, `\Q…\E`, octal
//!   escapes, repetition of an empty-width assertion (`^*`) and a repeat
//!   after a flag group (`a(?i)*`) are rewritten into forms the crate
//!   accepts with the same meaning;
//! * a rune that is no Unicode scalar value (`\x{D800}`) matches nothing,
//!   as in Go (input never decodes to one).
//!
//! The output never names a group, so the crate's group numbering is
//! Go's.

/// A pattern in the crate's syntax and Go's subexpression names (`names[0]`
/// is the whole match's, always empty).
#[derive(Debug)]
pub struct Translated {
    pub pattern: String,
    pub names: Vec<String>,
}

/// Go's `*syntax.Error`: its code (`missing closing )`) and the text it
/// quotes.
#[derive(Debug, PartialEq)]
pub struct SyntaxError {
    pub code: &'static str,
    pub expr: Vec<u8>,
}

impl SyntaxError {
    fn new(code: &'static str, expr: &[u8]) -> SyntaxError {
        SyntaxError {
            code,
            expr: expr.to_vec(),
        }
    }
}

pub const ERR_INVALID_CHAR_RANGE: &str = "invalid character class range";
pub const ERR_INVALID_ESCAPE: &str = "invalid escape sequence";
pub const ERR_INVALID_NAMED_CAPTURE: &str = "invalid named capture";
pub const ERR_INVALID_PERL_OP: &str = "invalid or unsupported Perl syntax";
pub const ERR_INVALID_REPEAT_OP: &str = "invalid nested repetition operator";
pub const ERR_INVALID_REPEAT_SIZE: &str = "invalid repeat count";
pub const ERR_INVALID_UTF8: &str = "invalid UTF-8";
pub const ERR_MISSING_BRACKET: &str = "missing closing ]";
pub const ERR_MISSING_PAREN: &str = "missing closing )";
pub const ERR_MISSING_REPEAT_ARGUMENT: &str = "missing argument to repetition operator";
pub const ERR_TRAILING_BACKSLASH: &str = "trailing backslash at end of expression";
pub const ERR_UNEXPECTED_PAREN: &str = "unexpected )";
pub const ERR_NESTING_DEPTH: &str = "expression nests too deeply";
pub const ERR_LARGE: &str = "expression too large";
pub const ERR_INTERNAL: &str = "regexp/syntax: internal error";

/// A pattern that matches nothing (an empty class).
const NOTHING: &str = "[a&&b]";

/// The Perl flags Go knows.
#[derive(Clone, Copy, Default)]
struct Flags {
    fold: bool,
    multi_line: bool,
    dot_nl: bool,
    ungreedy: bool,
}

impl Flags {
    /// The crate's group setting exactly these flags (`(?i-msU`, no close).
    fn open(self) -> String {
        let mut on = String::new();
        let mut off = String::new();
        for (set, c) in [
            (self.fold, 'i'),
            (self.multi_line, 'm'),
            (self.dot_nl, 's'),
            (self.ungreedy, 'U'),
        ] {
            if set { &mut on } else { &mut off }.push(c);
        }
        if off.is_empty() {
            format!("(?{on}")
        } else {
            format!("(?{on}-{off}")
        }
    }
}

/// The counted repetitions (`{n,m}`) inside an expression, for Go's check
/// that nested counts do not multiply past 1000 (`repeatIsValid`).
#[derive(Clone, Debug)]
struct Rep {
    /// A counted repeat's (min, max), max -1 when unbounded; `None` for
    /// `*`, `+` and `?`.
    bounds: Option<(i64, i64)>,
    subs: Vec<Rep>,
}

fn repeat_is_valid(r: &Rep, mut n: i64) -> bool {
    if let Some((min, max)) = r.bounds {
        if max == 0 {
            return true;
        }
        let m = if max < 0 { min } else { max };
        if m > n {
            return false;
        }
        if m > 0 {
            n /= m;
        }
    }
    r.subs.iter().all(|s| repeat_is_valid(s, n))
}

enum Item {
    /// Something a repetition may apply to.
    Atom { text: String, reps: Vec<Rep> },
    /// A flag change (`(?i)`): not an operand.
    Flags(String),
    /// `|`: no operand either.
    Bar,
}

/// An open group: what it holds so far and how to close it.
struct Level {
    items: Vec<Item>,
    /// The crate text opening it (`(`, `(?i:`).
    open: String,
    /// The flags to restore when it closes.
    saved: Flags,
}

/// The rune at the start of `s` (`None` for invalid UTF-8) and its width.
fn decode(s: &[u8]) -> Option<(char, usize)> {
    let n = match *s.first()? {
        0..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => return None,
    };
    let t = std::str::from_utf8(s.get(..n)?).ok()?;
    Some((t.chars().next()?, n))
}

/// Go's nextRune: the rune at the start of `s`, or the invalid UTF-8
/// error quoting the rest. `s` must not be empty.
fn next_rune(s: &[u8]) -> Result<(u32, &[u8]), SyntaxError> {
    match decode(s) {
        Some((c, n)) => Ok((c as u32, &s[n..])),
        None => Err(SyntaxError::new(ERR_INVALID_UTF8, s)),
    }
}

fn check_utf8(s: &[u8]) -> Result<(), SyntaxError> {
    let mut t = s;
    while !t.is_empty() {
        t = next_rune(t)?.1;
    }
    Ok(())
}

fn is_alnum(c: u32) -> bool {
    matches!(c, 0x30..=0x39 | 0x41..=0x5a | 0x61..=0x7a)
}

fn unhex(c: u32) -> Option<u32> {
    char::from_u32(c)?.to_digit(16)
}

/// Appends rune `c` as a literal in the crate's syntax, inside or outside
/// a class (`false` when `c` is no scalar value: nothing was written).
fn push_lit(out: &mut String, c: u32) -> bool {
    let Some(ch) = char::from_u32(c) else {
        return false;
    };
    // The crate's meta characters take a backslash; any other escaped
    // punctuation may mean something there (`\<` and `\>` are word
    // boundaries), so it is written by code point.
    const META: &str = "\\.+*?()|[]{}^$#&-~";
    if ch.is_ascii_alphanumeric() || ch == '_' {
        out.push(ch);
    } else if META.contains(ch) {
        out.push('\\');
        out.push(ch);
    } else {
        out.push_str(&format!("\\x{{{c:X}}}"));
    }
    true
}

fn literal(c: u32) -> String {
    let mut s = String::new();
    if !push_lit(&mut s, c) {
        s.push_str(NOTHING);
    }
    s
}

/// Go's Perl classes, ASCII: (class body, negated).
fn perl_class(s: &[u8]) -> Option<(&'static str, bool)> {
    if s.len() < 2 || s[0] != b'\\' {
        return None;
    }
    Some(match s[1] {
        b'd' => ("0-9", false),
        b'D' => ("0-9", true),
        b's' => ("\\t\\n\\x0C\\r\\x20", false),
        b'S' => ("\\t\\n\\x0C\\r\\x20", true),
        b'w' => ("0-9A-Za-z_", false),
        b'W' => ("0-9A-Za-z_", true),
        _ => return None,
    })
}

const POSIX: &[&str] = &[
    "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
    "space", "upper", "word", "xdigit",
];

const CATEGORIES: &[&str] = &[
    "C", "Cc", "Cf", "Cn", "Co", "Cs", "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn",
    "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "S", "Sc", "Sk", "Sm",
    "So", "Z", "Zl", "Zp", "Zs",
];

/// unicode.CategoryAliases, by Go's canonical name.
const CATEGORY_ALIASES: &[(&str, &str)] = &[
    ("Casedletter", "LC"),
    ("Closepunctuation", "Pe"),
    ("Combiningmark", "M"),
    ("Connectorpunctuation", "Pc"),
    ("Control", "Cc"),
    ("Currencysymbol", "Sc"),
    ("Dashpunctuation", "Pd"),
    ("Decimalnumber", "Nd"),
    ("Enclosingmark", "Me"),
    ("Finalpunctuation", "Pf"),
    ("Format", "Cf"),
    ("Initialpunctuation", "Pi"),
    ("Letter", "L"),
    ("Letternumber", "Nl"),
    ("Lineseparator", "Zl"),
    ("Lowercaseletter", "Ll"),
    ("Mark", "M"),
    ("Mathsymbol", "Sm"),
    ("Modifierletter", "Lm"),
    ("Modifiersymbol", "Sk"),
    ("Nonspacingmark", "Mn"),
    ("Number", "N"),
    ("Openpunctuation", "Ps"),
    ("Other", "C"),
    ("Otherletter", "Lo"),
    ("Othernumber", "No"),
    ("Otherpunctuation", "Po"),
    ("Othersymbol", "So"),
    ("Paragraphseparator", "Zp"),
    ("Privateuse", "Co"),
    ("Punctuation", "P"),
    ("Separator", "Z"),
    ("Spaceseparator", "Zs"),
    ("Spacingmark", "Mc"),
    ("Surrogate", "Cs"),
    ("Symbol", "S"),
    ("Titlecaseletter", "Lt"),
    ("Unassigned", "Cn"),
    ("Uppercaseletter", "Lu"),
    ("Cntrl", "Cc"),
    ("Digit", "Nd"),
    ("Punct", "P"),
];

/// unicode.Scripts of Go 1.27 (Unicode 17).
const SCRIPTS: &[&str] = &[
    "Adlam",
    "Ahom",
    "Anatolian_Hieroglyphs",
    "Arabic",
    "Armenian",
    "Avestan",
    "Balinese",
    "Bamum",
    "Bassa_Vah",
    "Batak",
    "Bengali",
    "Beria_Erfe",
    "Bhaiksuki",
    "Bopomofo",
    "Brahmi",
    "Braille",
    "Buginese",
    "Buhid",
    "Canadian_Aboriginal",
    "Carian",
    "Caucasian_Albanian",
    "Chakma",
    "Cham",
    "Cherokee",
    "Chorasmian",
    "Common",
    "Coptic",
    "Cuneiform",
    "Cypriot",
    "Cypro_Minoan",
    "Cyrillic",
    "Deseret",
    "Devanagari",
    "Dives_Akuru",
    "Dogra",
    "Duployan",
    "Egyptian_Hieroglyphs",
    "Elbasan",
    "Elymaic",
    "Ethiopic",
    "Garay",
    "Georgian",
    "Glagolitic",
    "Gothic",
    "Grantha",
    "Greek",
    "Gujarati",
    "Gunjala_Gondi",
    "Gurmukhi",
    "Gurung_Khema",
    "Han",
    "Hangul",
    "Hanifi_Rohingya",
    "Hanunoo",
    "Hatran",
    "Hebrew",
    "Hiragana",
    "Imperial_Aramaic",
    "Inherited",
    "Inscriptional_Pahlavi",
    "Inscriptional_Parthian",
    "Javanese",
    "Kaithi",
    "Kannada",
    "Katakana",
    "Kawi",
    "Kayah_Li",
    "Kharoshthi",
    "Khitan_Small_Script",
    "Khmer",
    "Khojki",
    "Khudawadi",
    "Kirat_Rai",
    "Lao",
    "Latin",
    "Lepcha",
    "Limbu",
    "Linear_A",
    "Linear_B",
    "Lisu",
    "Lycian",
    "Lydian",
    "Mahajani",
    "Makasar",
    "Malayalam",
    "Mandaic",
    "Manichaean",
    "Marchen",
    "Masaram_Gondi",
    "Medefaidrin",
    "Meetei_Mayek",
    "Mende_Kikakui",
    "Meroitic_Cursive",
    "Meroitic_Hieroglyphs",
    "Miao",
    "Modi",
    "Mongolian",
    "Mro",
    "Multani",
    "Myanmar",
    "Nabataean",
    "Nag_Mundari",
    "Nandinagari",
    "New_Tai_Lue",
    "Newa",
    "Nko",
    "Nushu",
    "Nyiakeng_Puachue_Hmong",
    "Ogham",
    "Ol_Chiki",
    "Ol_Onal",
    "Old_Hungarian",
    "Old_Italic",
    "Old_North_Arabian",
    "Old_Permic",
    "Old_Persian",
    "Old_Sogdian",
    "Old_South_Arabian",
    "Old_Turkic",
    "Old_Uyghur",
    "Oriya",
    "Osage",
    "Osmanya",
    "Pahawh_Hmong",
    "Palmyrene",
    "Pau_Cin_Hau",
    "Phags_Pa",
    "Phoenician",
    "Psalter_Pahlavi",
    "Rejang",
    "Runic",
    "Samaritan",
    "Saurashtra",
    "Sharada",
    "Shavian",
    "Siddham",
    "Sidetic",
    "SignWriting",
    "Sinhala",
    "Sogdian",
    "Sora_Sompeng",
    "Soyombo",
    "Sundanese",
    "Sunuwar",
    "Syloti_Nagri",
    "Syriac",
    "Tagalog",
    "Tagbanwa",
    "Tai_Le",
    "Tai_Tham",
    "Tai_Viet",
    "Tai_Yo",
    "Takri",
    "Tamil",
    "Tangsa",
    "Tangut",
    "Telugu",
    "Thaana",
    "Thai",
    "Tibetan",
    "Tifinagh",
    "Tirhuta",
    "Todhri",
    "Tolong_Siki",
    "Toto",
    "Tulu_Tigalari",
    "Ugaritic",
    "Vai",
    "Vithkuqi",
    "Wancho",
    "Warang_Citi",
    "Yezidi",
    "Yi",
    "Zanabazar_Square",
];

/// Go's canonicalName: first letter upper, the rest lower, without `_`,
/// `-` and spaces.
fn canonical_name(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if matches!(c, '_' | '-' | ' ') {
            continue;
        }
        if out.is_empty() {
            out.push(c.to_ascii_uppercase());
        } else {
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

/// The crate's class for Go's Unicode class `name` (`\p{…}` body, sign
/// applied by the caller), or `None` when Go knows no such class.
fn unicode_class(name: &str) -> Option<String> {
    let canon = canonical_name(name);
    let prop = match canon.as_str() {
        "Any" => "Any".to_string(),
        "Assigned" => "Assigned".to_string(),
        "Ascii" => "ASCII".to_string(),
        "Lc" => "gc=LC".to_string(),
        _ => {
            if let Some(c) = CATEGORIES.iter().find(|c| **c == canon) {
                format!("gc={c}")
            } else if let Some((_, c)) = CATEGORY_ALIASES.iter().find(|(a, _)| *a == canon) {
                format!("gc={c}")
            } else {
                // One of Go's scripts, if the crate's Unicode tables have
                // it too.
                let script = SCRIPTS.iter().find(|s| canonical_name(s) == canon)?;
                let p = format!("sc={script}");
                regex::bytes::Regex::new(&format!("\\p{{{p}}}")).ok()?;
                p
            }
        }
    };
    Some(prop)
}

struct Parser<'a> {
    whole: &'a [u8],
    flags: Flags,
    levels: Vec<Level>,
    names: Vec<String>,
}

/// Rewrites Go pattern `expr` into the crate's syntax, or fails as Go's
/// `regexp.Compile` would.
pub fn translate(expr: &[u8]) -> Result<Translated, SyntaxError> {
    let mut p = Parser {
        whole: expr,
        flags: Flags::default(),
        levels: vec![Level {
            items: Vec::new(),
            open: String::new(),
            saved: Flags::default(),
        }],
        names: vec![String::new()],
    };
    p.parse()?;
    if p.levels.len() != 1 {
        return Err(SyntaxError::new(ERR_MISSING_PAREN, expr));
    }
    let top = p.levels.pop().map(|l| l.items).unwrap_or_default();
    Ok(Translated {
        pattern: join(&top),
        names: p.names,
    })
}

fn join(items: &[Item]) -> String {
    let mut s = String::new();
    for it in items {
        match it {
            Item::Atom { text, .. } => s.push_str(text),
            Item::Flags(f) => s.push_str(f),
            Item::Bar => s.push('|'),
        }
    }
    s
}

impl<'a> Parser<'a> {
    fn level(&mut self) -> &mut Level {
        let n = self.levels.len();
        &mut self.levels[n - 1]
    }

    fn atom(&mut self, text: String) {
        self.level().items.push(Item::Atom {
            text,
            reps: Vec::new(),
        });
    }

    fn parse(&mut self) -> Result<(), SyntaxError> {
        let s = self.whole;
        let mut t: &[u8] = s;
        // The text from the previous token when it was a repetition.
        let mut last_repeat: Option<&[u8]> = None;
        while !t.is_empty() {
            let mut repeat = None;
            match t[0] {
                b'(' => {
                    if t.len() >= 2 && t[1] == b'?' {
                        t = self.parse_perl_flags(t)?;
                    } else {
                        self.open_group("(".to_string(), String::new());
                        t = &t[1..];
                    }
                }
                b'|' => {
                    self.level().items.push(Item::Bar);
                    t = &t[1..];
                }
                b')' => {
                    self.close_group()?;
                    t = &t[1..];
                }
                b'^' | b'$' | b'.' => {
                    self.atom((t[0] as char).to_string());
                    t = &t[1..];
                }
                b'[' => t = self.parse_class(t)?,
                b'*' | b'+' | b'?' => {
                    let before = t;
                    let op = (t[0] as char).to_string();
                    let after = self.repeat(op, None, before, &t[1..], last_repeat)?;
                    repeat = Some(before);
                    t = after;
                }
                b'{' => {
                    let before = t;
                    match parse_repeat(t) {
                        None => {
                            self.atom(literal('{' as u32));
                            t = &t[1..];
                        }
                        Some((min, max, after)) => {
                            if !(0..=1000).contains(&min) || max > 1000 || max >= 0 && min > max {
                                let n = before.len() - after.len();
                                return Err(SyntaxError::new(
                                    ERR_INVALID_REPEAT_SIZE,
                                    &before[..n],
                                ));
                            }
                            let op = if max == min {
                                format!("{{{min}}}")
                            } else if max < 0 {
                                format!("{{{min},}}")
                            } else {
                                format!("{{{min},{max}}}")
                            };
                            let after =
                                self.repeat(op, Some((min, max)), before, after, last_repeat)?;
                            repeat = Some(before);
                            t = after;
                        }
                    }
                }
                b'\\' => t = self.parse_backslash(t)?,
                _ => {
                    let (c, rest) = next_rune(t)?;
                    self.atom(literal(c));
                    t = rest;
                }
            }
            last_repeat = repeat;
        }
        Ok(())
    }

    fn open_group(&mut self, open: String, name: String) {
        if open == "(" {
            self.names.push(name);
        }
        let saved = self.flags;
        self.levels.push(Level {
            items: Vec::new(),
            open,
            saved,
        });
    }

    fn close_group(&mut self) -> Result<(), SyntaxError> {
        if self.levels.len() < 2 {
            return Err(SyntaxError::new(ERR_UNEXPECTED_PAREN, self.whole));
        }
        let Some(l) = self.levels.pop() else {
            return Err(SyntaxError::new(ERR_INTERNAL, self.whole));
        };
        self.flags = l.saved;
        let mut reps = Vec::new();
        for it in &l.items {
            if let Item::Atom { reps: r, .. } = it {
                reps.extend(r.iter().cloned());
            }
        }
        let text = format!("{}{})", l.open, join(&l.items));
        self.level().items.push(Item::Atom { text, reps });
        Ok(())
    }

    /// Applies repetition `op` (`*`, `{2,3}`) to the last operand;
    /// `bounds` are a counted repeat's. Returns the text after the
    /// operator and its `?`.
    fn repeat(
        &mut self,
        op: String,
        bounds: Option<(i64, i64)>,
        before: &'a [u8],
        mut after: &'a [u8],
        last_repeat: Option<&'a [u8]>,
    ) -> Result<&'a [u8], SyntaxError> {
        let mut op = op;
        if after.first() == Some(&b'?') {
            after = &after[1..];
            op.push('?');
        }
        if let Some(last) = last_repeat {
            let n = last.len() - after.len();
            return Err(SyntaxError::new(ERR_INVALID_REPEAT_OP, &last[..n]));
        }
        let missing = || {
            let n = before.len() - after.len();
            SyntaxError::new(ERR_MISSING_REPEAT_ARGUMENT, &before[..n])
        };
        let items = &mut self.level().items;
        // The operand: the last atom, flag changes after it allowed.
        let Some(at) = items.iter().rposition(|i| !matches!(i, Item::Flags(_))) else {
            return Err(missing());
        };
        let (text, reps) = match &mut items[at] {
            Item::Atom { text, reps } => (std::mem::take(text), std::mem::take(reps)),
            _ => return Err(missing()),
        };
        let rep = Rep { bounds, subs: reps };
        let valid = match bounds {
            Some((min, max)) if min >= 2 || max >= 2 => repeat_is_valid(&rep, 1000),
            _ => true,
        };
        items[at] = Item::Atom {
            text: format!("(?:{text}){op}"),
            reps: vec![rep],
        };
        // Flag changes written after the operand move after the operator.
        if !valid {
            let n = before.len() - after.len();
            return Err(SyntaxError::new(ERR_INVALID_REPEAT_SIZE, &before[..n]));
        }
        Ok(after)
    }

    /// `(?` at the start of `s`: a named group, a flag change or a
    /// non-capturing group.
    fn parse_perl_flags(&mut self, s: &'a [u8]) -> Result<&'a [u8], SyntaxError> {
        let t = s;
        let starts_p = t.len() > 4 && t[2] == b'P' && t[3] == b'<';
        let starts_name = t.len() > 3 && t[2] == b'<';
        if starts_p || starts_name {
            let start = if starts_p { 4 } else { 3 };
            let Some(end) = t.iter().position(|&b| b == b'>') else {
                check_utf8(t)?;
                return Err(SyntaxError::new(ERR_INVALID_NAMED_CAPTURE, s));
            };
            let capture = &t[..end + 1];
            let name = &t[start..end];
            check_utf8(name)?;
            if name.is_empty() || !name.iter().all(|&b| b == b'_' || is_alnum(b as u32)) {
                return Err(SyntaxError::new(ERR_INVALID_NAMED_CAPTURE, capture));
            }
            let name = String::from_utf8_lossy(name).into_owned();
            self.open_group("(".to_string(), name);
            return Ok(&t[end + 1..]);
        }
        let mut t = &t[2..];
        let mut flags = self.flags;
        let mut negate = false;
        let mut saw_flag = false;
        while !t.is_empty() {
            let (c, rest) = next_rune(t)?;
            t = rest;
            let set = !negate;
            match char::from_u32(c) {
                Some('i') => flags.fold = set,
                Some('m') => flags.multi_line = set,
                Some('s') => flags.dot_nl = set,
                Some('U') => flags.ungreedy = set,
                Some('-') if !negate => {
                    negate = true;
                    saw_flag = false;
                    continue;
                }
                Some(c @ (':' | ')')) => {
                    if negate && !saw_flag {
                        break;
                    }
                    if c == ':' {
                        self.open_group(format!("{}:", flags.open()), String::new());
                    } else {
                        self.level()
                            .items
                            .push(Item::Flags(format!("{})", flags.open())));
                    }
                    self.flags = flags;
                    return Ok(t);
                }
                _ => break,
            }
            saw_flag = true;
        }
        let n = s.len() - t.len();
        Err(SyntaxError::new(ERR_INVALID_PERL_OP, &s[..n]))
    }

    /// A backslash at the start of `t`, outside a class.
    fn parse_backslash(&mut self, t: &'a [u8]) -> Result<&'a [u8], SyntaxError> {
        if t.len() >= 2 {
            let special = match t[1] {
                b'A' => Some("\\A"),
                b'z' => Some("\\z"),
                b'b' => Some("(?-u:\\b)"),
                b'B' => Some("(?-u:\\B)"),
                b'C' => return Err(SyntaxError::new(ERR_INVALID_ESCAPE, &t[..2])),
                b'Q' => {
                    let body = &t[2..];
                    let (mut lit, rest) = match body.windows(2).position(|w| w == b"\\E") {
                        Some(i) => (&body[..i], &body[i + 2..]),
                        None => (body, &body[body.len()..]),
                    };
                    while !lit.is_empty() {
                        let (c, r) = next_rune(lit)?;
                        self.atom(literal(c));
                        lit = r;
                    }
                    return Ok(rest);
                }
                _ => None,
            };
            if let Some(sp) = special {
                self.atom(sp.to_string());
                return Ok(&t[2..]);
            }
            if t[1] == b'p' || t[1] == b'P' {
                let (class, rest) = parse_unicode_class(t)?;
                self.atom(class);
                return Ok(rest);
            }
            if let Some((body, neg)) = perl_class(t) {
                self.atom(format!("[{}{body}]", if neg { "^" } else { "" }));
                return Ok(&t[2..]);
            }
        }
        let (c, rest) = parse_escape(t)?;
        self.atom(literal(c));
        Ok(rest)
    }

    /// A class `[…]` at the start of `s`.
    fn parse_class(&mut self, s: &'a [u8]) -> Result<&'a [u8], SyntaxError> {
        let mut t = &s[1..];
        let mut negated = false;
        if t.first() == Some(&b'^') {
            negated = true;
            t = &t[1..];
        }
        let mut body = String::new();
        let mut first = true;
        while t.is_empty() || t[0] != b']' || first {
            first = false;
            // POSIX [:alnum:].
            if t.len() > 2 && t[0] == b'[' && t[1] == b':' {
                if let Some(i) = t[2..].windows(2).position(|w| w == b":]") {
                    let name = &t[..i + 4];
                    let inner = &name[2..name.len() - 2];
                    let bare = inner.strip_prefix(b"^").unwrap_or(inner);
                    if !POSIX.iter().any(|p| p.as_bytes() == bare) {
                        return Err(SyntaxError::new(ERR_INVALID_CHAR_RANGE, name));
                    }
                    body.push_str(&String::from_utf8_lossy(name));
                    t = &t[i + 4..];
                    continue;
                }
            }
            if t.len() >= 2 && t[0] == b'\\' && (t[1] == b'p' || t[1] == b'P') {
                let (class, rest) = parse_unicode_class(t)?;
                body.push_str(&class);
                t = rest;
                continue;
            }
            if let Some((cls, neg)) = perl_class(t) {
                if neg {
                    body.push_str(&format!("[^{cls}]"));
                } else {
                    body.push_str(cls);
                }
                t = &t[2..];
                continue;
            }
            // A character or a range.
            let rng = t;
            let (lo, rest) = parse_class_char(t, s)?;
            t = rest;
            let mut hi = lo;
            if t.len() >= 2 && t[0] == b'-' && t[1] != b']' {
                let (h, rest) = parse_class_char(&t[1..], s)?;
                t = rest;
                hi = h;
                if hi < lo {
                    let n = rng.len() - t.len();
                    return Err(SyntaxError::new(ERR_INVALID_CHAR_RANGE, &rng[..n]));
                }
            }
            push_range(&mut body, lo, hi);
        }
        t = &t[1..];
        let class = match (body.is_empty(), negated) {
            (false, _) => format!("[{}{body}]", if negated { "^" } else { "" }),
            (true, false) => NOTHING.to_string(),
            (true, true) => "(?s:.)".to_string(),
        };
        self.atom(class);
        Ok(t)
    }
}

/// Appends range `lo..=hi` to a class body, without the surrogates (no
/// input decodes to them).
fn push_range(body: &mut String, lo: u32, hi: u32) {
    let parts = [(lo, hi.min(0xD7FF)), (lo.max(0xE000), hi)];
    for (a, b) in parts {
        if a > b {
            continue;
        }
        push_lit(body, a);
        if b != a {
            body.push('-');
            push_lit(body, b);
        }
    }
}

/// Go's parseRepeat: `{min}`, `{min,}` (max -1) or `{min,max}` at the
/// start of `s`; min -1 when a number is too big; `None` when `s` has
/// no such form (the `{` is a literal then).
fn parse_repeat(s: &[u8]) -> Option<(i64, i64, &[u8])> {
    let s = s.strip_prefix(b"{")?;
    let (mut min, s) = parse_int(s)?;
    let (max, s) = match s.first()? {
        b',' => {
            let s = &s[1..];
            match s.first()? {
                b'}' => (-1, s),
                _ => {
                    let (max, s) = parse_int(s)?;
                    if max < 0 {
                        min = -1;
                    }
                    (max, s)
                }
            }
        }
        _ => (min, s),
    };
    let rest = s.strip_prefix(b"}")?;
    Some((min, max, rest))
}

/// Go's parseInt: decimal digits without a leading zero; -1 when too big.
fn parse_int(s: &[u8]) -> Option<(i64, &[u8])> {
    let n = s.iter().take_while(|b| b.is_ascii_digit()).count();
    if n == 0 || n >= 2 && s[0] == b'0' {
        return None;
    }
    let mut v: i64 = 0;
    for &d in &s[..n] {
        if v >= 100_000_000 {
            v = -1;
            break;
        }
        v = v * 10 + i64::from(d - b'0');
    }
    Some((v, &s[n..]))
}

/// Go's parseClassChar: a rune or an escape inside a class whose whole
/// text is `class`.
fn parse_class_char<'b>(s: &'b [u8], class: &[u8]) -> Result<(u32, &'b [u8]), SyntaxError> {
    if s.is_empty() {
        return Err(SyntaxError::new(ERR_MISSING_BRACKET, class));
    }
    if s[0] == b'\\' {
        return parse_escape(s);
    }
    next_rune(s)
}

/// Go's parseUnicodeClass: `\pL`, `\p{Greek}`, `\P{^Greek}` at the start
/// of `s`, as the crate's class.
fn parse_unicode_class(s: &[u8]) -> Result<(String, &[u8]), SyntaxError> {
    let mut negative = s[1] == b'P';
    let t = &s[2..];
    let (seq, name, rest): (&[u8], &[u8], &[u8]) = if t.first() != Some(&b'{') {
        let n = if t.is_empty() {
            0
        } else {
            next_rune(t)?.1.len()
        };
        let w = t.len() - n;
        (&s[..2 + w], &t[..w], &t[w..])
    } else {
        let Some(end) = s.iter().position(|&b| b == b'}') else {
            check_utf8(s)?;
            return Err(SyntaxError::new(ERR_INVALID_CHAR_RANGE, s));
        };
        let name = &s[3..end];
        check_utf8(name)?;
        (&s[..end + 1], name, &s[end + 1..])
    };
    let mut name = name;
    if name.first() == Some(&b'^') {
        negative = !negative;
        name = &name[1..];
    }
    let prop = std::str::from_utf8(name).ok().and_then(unicode_class);
    let Some(prop) = prop else {
        return Err(SyntaxError::new(ERR_INVALID_CHAR_RANGE, seq));
    };
    let p = if negative { 'P' } else { 'p' };
    Ok((format!("\\{p}{{{prop}}}"), rest))
}

/// Go's parseEscape: the rune of the escape at the start of `s`.
fn parse_escape(s: &[u8]) -> Result<(u32, &[u8]), SyntaxError> {
    let mut t = &s[1..];
    if t.is_empty() {
        return Err(SyntaxError::new(ERR_TRAILING_BACKSLASH, b""));
    }
    let (c, rest) = next_rune(t)?;
    t = rest;
    let invalid = |t: &[u8]| SyntaxError::new(ERR_INVALID_ESCAPE, &s[..s.len() - t.len()]);
    let octal = |t: &[u8]| t.first().is_some_and(|b| (b'0'..=b'7').contains(b));
    match char::from_u32(c).unwrap_or('\u{0}') {
        '1'..='7' if !octal(t) => Err(invalid(t)),
        '0'..='7' => {
            let mut r = c - '0' as u32;
            for _ in 1..3 {
                if !octal(t) {
                    break;
                }
                r = r * 8 + u32::from(t[0] - b'0');
                t = &t[1..];
            }
            Ok((r, t))
        }
        'x' => {
            if t.is_empty() {
                return Err(invalid(t));
            }
            let (c, rest) = next_rune(t)?;
            t = rest;
            if c == '{' as u32 {
                let mut nhex = 0;
                let mut r: u32 = 0;
                loop {
                    if t.is_empty() {
                        return Err(invalid(t));
                    }
                    let (c, rest) = next_rune(t)?;
                    t = rest;
                    if c == '}' as u32 {
                        break;
                    }
                    let Some(v) = unhex(c) else {
                        return Err(invalid(t));
                    };
                    r = r * 16 + v;
                    if r > 0x10FFFF {
                        return Err(invalid(t));
                    }
                    nhex += 1;
                }
                if nhex == 0 {
                    return Err(invalid(t));
                }
                return Ok((r, t));
            }
            if t.is_empty() {
                // Go's nextRune on "" yields RuneError, not a hex digit.
                return Err(invalid(t));
            }
            let (c2, rest) = next_rune(t)?;
            t = rest;
            match (unhex(c), unhex(c2)) {
                (Some(x), Some(y)) => Ok((x * 16 + y, t)),
                _ => Err(invalid(t)),
            }
        }
        'a' => Ok((7, t)),
        'f' => Ok((12, t)),
        'n' => Ok((10, t)),
        'r' => Ok((13, t)),
        't' => Ok((9, t)),
        'v' => Ok((11, t)),
        _ if c < 0x80 && !is_alnum(c) => Ok((c, t)),
        _ => Err(invalid(t)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(p: &str) -> String {
        match translate(p.as_bytes()) {
            Ok(t) => format!("ok {}", t.pattern),
            Err(e) => format!("{}: `{}`", e.code, String::from_utf8_lossy(&e.expr)),
        }
    }

    /// Messages as Go 1.27 gives them.
    #[test]
    fn errors_are_gos() {
        let cases = [
            ("a(", "missing closing ): `a(`"),
            ("a)", "unexpected ): `a)`"),
            ("[a", "missing closing ]: `[a`"),
            ("x[^a-", "missing closing ]: `[^a-`"),
            ("\\8", "invalid escape sequence: `\\8`"),
            ("\\1", "invalid escape sequence: `\\1`"),
            ("a**", "invalid nested repetition operator: `**`"),
            ("a*??", "invalid nested repetition operator: `*??`"),
            ("a{1001}", "invalid repeat count: `{1001}`"),
            ("a{2,1}", "invalid repeat count: `{2,1}`"),
            ("(a{500}){3}", "invalid repeat count: `{3}`"),
            ("*a", "missing argument to repetition operator: `*`"),
            ("a|*", "missing argument to repetition operator: `*`"),
            ("(+", "missing argument to repetition operator: `+`"),
            ("\\", "trailing backslash at end of expression: ``"),
            ("[z-a]", "invalid character class range: `z-a`"),
            ("[[:foo:]]", "invalid character class range: `[:foo:]`"),
            ("\\p{Foo}", "invalid character class range: `\\p{Foo}`"),
            ("(?x)", "invalid or unsupported Perl syntax: `(?x`"),
            ("(?P<n!>a)", "invalid named capture: `(?P<n!>`"),
            ("(?P=n)", "invalid or unsupported Perl syntax: `(?P`"),
            ("\\C", "invalid escape sequence: `\\C`"),
            ("\\x{110000}", "invalid escape sequence: `\\x{110000`"),
            ("(?i", "invalid or unsupported Perl syntax: `(?i`"),
            ("(?-)", "invalid or unsupported Perl syntax: `(?-)`"),
            ("(?i-)", "invalid or unsupported Perl syntax: `(?i-)`"),
            ("\\p", "invalid character class range: `\\p`"),
            ("\\x", "invalid escape sequence: `\\x`"),
            ("\\x{", "invalid escape sequence: `\\x{`"),
            ("\\xZ", "invalid escape sequence: `\\xZ`"),
            ("\\x4", "invalid escape sequence: `\\x4`"),
            ("(?<>a)", "invalid named capture: `(?<>`"),
            ("(?P<a", "invalid named capture: `(?P<a`"),
            ("(?i)(?i)*", "missing argument to repetition operator: `*`"),
            ("x{2}{3}", "invalid nested repetition operator: `{2}{3}`"),
            ("x**?", "invalid nested repetition operator: `**?`"),
            ("[a-\\d]", "invalid escape sequence: `\\d`"),
            (
                "\\p{isGreek}",
                "invalid character class range: `\\p{isGreek}`",
            ),
            (
                "\\p{Alphabetic}",
                "invalid character class range: `\\p{Alphabetic}`",
            ),
            ("(a{0,}){1001}", "invalid repeat count: `{1001}`"),
            ("((a{2}){2}){251}", "invalid repeat count: `{251}`"),
            ("[]", "missing closing ]: `[]`"),
            ("[^]", "missing closing ]: `[^]`"),
        ];
        for (p, want) in cases {
            assert_eq!(err(p), want, "pattern {p:?}");
        }
    }

    #[test]
    fn rewrites_compile_in_the_crate() {
        for p in [
            "a(?i)*",
            "^*$+",
            "\\d\\w\\s\\D\\W\\S[\\d\\W]",
            "\\pL\\p{^Greek}\\P{Lu}[\\p{Han}x]",
            "(?P<a>x)(?<a>y)",
            "\\Qa.b\\E+",
            "\\x{D800}[\\x{D800}-\\x{E000}]",
            "(?i:a)(?-i)b(?)c",
            "[]a][^]a][a-][-a]",
            "\\0\\07\\101\\x41\\x{1F600}",
            "[[:alpha:][:^digit:]]",
            "^*",
            "(?)",
            "a{,5}",
            "a{01}",
            "[\\d-z]",
            "\\Qa*",
            "((a{2}){2}){250}",
            "\\p{greek}\\p{^L}\\pZ\\p{Latin}\\p{old_italic}\\p{Cased_Letter}",
        ] {
            let t = translate(p.as_bytes()).unwrap();
            regex::bytes::Regex::new(&t.pattern)
                .unwrap_or_else(|e| panic!("{p:?} -> {:?}: {e}", t.pattern));
        }
    }

    #[test]
    fn invalid_utf8_quotes_the_rest() {
        let e = translate(b"a\xffb").unwrap_err();
        assert_eq!((e.code, &e.expr[..]), (ERR_INVALID_UTF8, &b"\xffb"[..]));
    }

    #[test]
    fn names_may_repeat() {
        let t = translate(b"(?P<x>a)(b)(?<x>c)").unwrap();
        assert_eq!(t.names, ["", "x", "", "x"]);
        assert_eq!(t.pattern, "(a)(b)(c)");
    }
}
