//! Token-stream tests: every literal form, semicolon insertion, lexical
//! errors at gc's positions, and invariants checked on whole programs
//! (spans monotonic, CRLF gives the same tokens).

use minigo_lexer::{tokenize, LexError, LineIndex, Token, MAX_CHAIN, MAX_NESTING};

fn toks(src: &str) -> Vec<Token> {
    tokenize(src)
        .unwrap_or_else(|e| panic!("{src:?}: {e:?}"))
        .into_iter()
        .map(|(_, t, _)| t)
        .collect()
}

fn one(src: &str) -> Token {
    let t = toks(src);
    assert_eq!(t.len(), 2, "{src:?} -> {t:?}");
    assert_eq!(t[1], Token::Semi, "{src:?}");
    t[0].clone()
}

fn lex_err(src: &str) -> (u32, u32, String) {
    let e: LexError = tokenize(src).expect_err(src);
    let (l, c) = LineIndex::new(src).line_col(e.pos as u32);
    (l, c, e.msg)
}

fn id(s: &str) -> Token {
    Token::Ident(s.to_string())
}

#[test]
fn integer_literals() {
    for s in [
        "0", "42", "1_000", "0x1F", "0XaB", "0o17", "0O7", "017", "0b1011", "0B1", "0x_1",
    ] {
        assert_eq!(one(s), Token::Int(s.to_string()));
    }
}

#[test]
fn float_and_imaginary_literals() {
    for s in [
        "1.5", "1.", ".5", "1e9", "1E+9", "2.5e-3", "0x1p-2", "0x1.8p1", "09.5", "1_0.2_5",
    ] {
        assert_eq!(one(s), Token::Float(s.to_string()));
    }
    for s in ["2i", "1.5i", "0x1p2i"] {
        assert_eq!(one(s), Token::Imag(s.to_string()));
    }
}

#[test]
fn rune_literals() {
    let cases: &[(&str, u32)] = &[
        ("'a'", 'a' as u32),
        ("'é'", 'é' as u32),
        ("'世'", '世' as u32),
        (r"'\n'", 10),
        (r"'\a'", 7),
        (r"'\b'", 8),
        (r"'\f'", 12),
        (r"'\r'", 13),
        (r"'\t'", 9),
        (r"'\v'", 11),
        (r"'\\'", 92),
        (r"'\''", 39),
        (r"'\x41'", 0x41),
        (r"'\xff'", 0xff),
        (r"'\101'", 65),
        (r"'\377'", 255),
        (r"'\u00e9'", 0xe9),
        (r"'\U0001F600'", 0x1F600),
    ];
    for &(s, v) in cases {
        assert_eq!(one(s), Token::Rune(v), "{s}");
    }
}

#[test]
fn string_literals() {
    let cases: &[(&str, &[u8])] = &[
        (r#""""#, b""),
        (r#""hi""#, b"hi"),
        (r#""a\tb\n""#, b"a\tb\n"),
        (r#""\a\b\f\n\r\t\v\\\"""#, b"\x07\x08\x0c\n\r\t\x0b\\\""),
        (r#""\xff\x00""#, b"\xff\x00"),
        (r#""\101\0000""#, b"A\x000"),
        (r#""\u00e9""#, "é".as_bytes()),
        (r#""\U0001F600""#, "😀".as_bytes()),
        (r#""日本""#, "日本".as_bytes()),
        ("`raw\\n`", b"raw\\n"),
        ("`a\r\nb`", b"a\nb"),
        ("`multi\nline`", b"multi\nline"),
    ];
    for &(s, v) in cases {
        assert_eq!(one(s), Token::Str(v.to_vec()), "{s}");
    }
}

#[test]
fn identifiers_and_keywords() {
    assert_eq!(one("x"), id("x"));
    assert_eq!(one("_x9"), id("_x9"));
    assert_eq!(one("héllo"), id("héllo"));
    assert_eq!(one("日本"), id("日本"));
    assert_eq!(one("ifé"), id("ifé"));
    assert_eq!(toks("if")[0], Token::If);
    assert_eq!(toks("iffy")[0], id("iffy"));
    assert_eq!(toks("func")[0], Token::Func);
}

#[test]
fn operators_longest_match() {
    assert_eq!(
        toks("a &^= b <<= c ... d <- e := f &^ g"),
        vec![
            id("a"),
            Token::AndNotAssign,
            id("b"),
            Token::ShlAssign,
            id("c"),
            Token::Ellipsis,
            id("d"),
            Token::Arrow,
            id("e"),
            Token::Define,
            id("f"),
            Token::AndNot,
            id("g"),
            Token::Semi,
        ]
    );
    // Go's scanner is context free: `x.5` is `x` then the float `.5`.
    assert_eq!(
        toks("x.5"),
        vec![id("x"), Token::Float(".5".into()), Token::Semi]
    );
}

#[test]
fn semicolons_inserted_after_the_right_tokens() {
    let ends = [
        "x",
        "1",
        "1.5",
        "2i",
        "'a'",
        "\"s\"",
        "`r`",
        "break",
        "continue",
        "fallthrough",
        "return",
        "x++",
        "x--",
        "f()",
        "a[1]",
        "T{}",
    ];
    for s in ends {
        let t = toks(&format!("{s}\ny"));
        let semi = t.iter().position(|t| *t == Token::Semi);
        assert_eq!(semi, Some(t.len() - 3), "{s}: {t:?}");
    }
    for s in ["x +", "x,", "f(", "{", "a :=", "var", "x."] {
        let t = toks(&format!("{s}\ny"));
        assert!(
            t[..t.len() - 1].iter().all(|t| *t != Token::Semi),
            "{s}: {t:?}"
        );
    }
}

#[test]
fn inserted_semicolon_positions() {
    // At the newline, zero width.
    let t = tokenize("x\ny").unwrap();
    assert_eq!(t[1], (1, Token::Semi, 1));
    // At EOF.
    let t = tokenize("x").unwrap();
    assert_eq!(t[1], (1, Token::Semi, 1));
    // After a line comment: at the newline.
    let t = tokenize("x // c\ny").unwrap();
    assert_eq!(t[1], (6, Token::Semi, 6));
    // A block comment spanning lines acts as a newline, at its start.
    let t = tokenize("x /* a\nb */ y").unwrap();
    assert_eq!(t[1], (2, Token::Semi, 2));
    // A one-line block comment does not.
    assert_eq!(toks("x /* c */ y"), vec![id("x"), id("y"), Token::Semi]);
    // An explicit semicolon is one byte wide.
    let t = tokenize("x;").unwrap();
    assert_eq!(t[1], (1, Token::Semi, 2));
    // Comments at EOF after a statement end.
    assert_eq!(toks("x // end"), vec![id("x"), Token::Semi]);
}

#[test]
fn lexical_errors_at_gc_positions() {
    // Expected values were printed by `go build` (Go 1.27).
    let cases: &[(&str, (u32, u32, &str))] = &[
        ("s := \"abc\n", (1, 10, "newline in string")),
        ("s := `abc", (1, 6, "string not terminated")),
        ("s := \"abc", (1, 6, "string not terminated")),
        (
            "c := 'ab'",
            (1, 6, "more than one character in rune literal"),
        ),
        ("c := ''", (1, 7, "empty rune literal or unescaped '")),
        ("c := 'a\n", (1, 8, "newline in rune literal")),
        ("c := 'a", (1, 6, "rune literal not terminated")),
        ("c := 09", (1, 7, "invalid digit '9' in octal literal")),
        ("c := 0b12", (1, 9, "invalid digit '2' in binary literal")),
        ("s := \"\\q\"", (1, 8, "unknown escape")),
        ("x := @", (1, 6, "invalid character U+0040 '@'")),
        ("x := \0", (1, 6, "invalid NUL character")),
        ("/* abc", (1, 1, "comment not terminated")),
        ("x := 0x", (1, 8, "hexadecimal literal has no digits")),
        ("x := 1e", (1, 8, "exponent has no digits")),
        ("x := 1_", (1, 7, "'_' must separate successive digits")),
        (
            "x := \"\\xZZ\"",
            (1, 9, "invalid character 'Z' in hexadecimal escape"),
        ),
        ("x := \"\\400\"", (1, 11, "octal escape value 256 > 255")),
        (
            "x := '\\uD800'",
            (1, 13, "escape is invalid Unicode code point U+D800"),
        ),
        ("x := \"\\'\"", (1, 8, "unknown escape")),
        ("x := '\\\"'", (1, 8, "unknown escape")),
    ];
    for &(src, (l, c, msg)) in cases {
        assert_eq!(lex_err(src), (l, c, msg.to_string()), "{src:?}");
    }
}

#[test]
fn stream_ends_after_first_error() {
    let mut lx = minigo_lexer::Lexer::new("a @ b");
    assert!(lx.next().unwrap().is_ok());
    assert!(lx.next().unwrap().is_err());
    assert!(lx.next().is_none());
}

#[test]
fn byte_order_mark_at_start_is_skipped() {
    assert_eq!(toks("\u{FEFF}x"), vec![id("x"), Token::Semi]);
    assert!(tokenize("x \u{FEFF}").is_err());
}

#[test]
fn nesting_guard() {
    let deep = "(".repeat(MAX_NESTING + 1);
    let e = tokenize(&deep).unwrap_err();
    assert_eq!(e.pos, MAX_NESTING);
    assert!(e.msg.starts_with("syntax error:"), "{}", e.msg);
    assert!(tokenize(&"(".repeat(MAX_NESTING)).is_ok());
    // Chains without brackets are bounded too.
    assert!(tokenize(&"!".repeat(MAX_CHAIN + 10)).is_err());
    assert!(tokenize(&"x.".repeat(MAX_CHAIN)).is_err());
    // Long flat lists are fine.
    let list = format!("[]int{{{}}}", "1, ".repeat(100_000));
    assert!(tokenize(&list).is_ok());
    let body = format!("{{{}}}", "x++\n".repeat(100_000));
    assert!(tokenize(&body).is_ok());
}

const PROGRAM: &str = r#"package main

import (
	"fmt"
	s "strings"
)

// Point is a point.
type Point struct {
	X, Y int `json:"x"`
}

/* block
comment */
func (p *Point) Move(dx int) { p.X += dx }

func main() {
	ch := make(chan int, 1)
	ch <- 'x'
	v, ok := <-ch
	xs := []float64{1.5, .5, 1e3, 0x1p-2}
	for i := range 10 {
		if i%2 == 0 && ok {
			continue
		}
	}
	fmt.Println(v, xs, s.ToUpper("hé\tllo"), `raw
string`)
}
"#;

#[test]
fn spans_are_monotonic_and_inside_the_source() {
    let t = tokenize(PROGRAM).unwrap();
    let mut last = 0;
    for &(lo, ref tok, hi) in &t {
        assert!(lo <= hi && hi <= PROGRAM.len(), "{tok:?} {lo}..{hi}");
        assert!(lo >= last, "{tok:?} at {lo} before {last}");
        last = lo;
        if *tok != Token::Semi {
            assert!(PROGRAM.is_char_boundary(lo) && PROGRAM.is_char_boundary(hi));
        }
    }
}

#[test]
fn crlf_source_gives_the_same_tokens() {
    let crlf = PROGRAM.replace('\n', "\r\n");
    assert_eq!(toks(&crlf), toks(PROGRAM));
}

#[test]
fn line_index_counts_bytes() {
    let src = "a\n\té := 1\n";
    let ix = LineIndex::new(src);
    let one = src.find('1').unwrap() as u32;
    // tab (1) + é (2 bytes) + " := " (4) precede it: column 8.
    assert_eq!(ix.line_col(one), (2, 8));
    assert_eq!(ix.line_col(0), (1, 1));
    assert_eq!(ix.line_col(src.len() as u32), (3, 1));
}
