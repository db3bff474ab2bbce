//! Lexical errors as gc reports them (issue 36, row 14): gc's scanner
//! reports an error and goes on, so one run shows every lexical error of
//! the file, the syntax errors its parser finds after them, and, when
//! there is no syntax error, the type checker's errors too (a malformed
//! literal is skipped silently), all in the order of their positions, at
//! most 10. Each case runs the built `minigo run` on a file in a fresh
//! temporary directory and compares stderr and the exit status with what
//! `go run` (go1.27) prints for the same file, hard-coded here.

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// (name, source, Go's stderr, Go's exit status).
const CASES: &[(&str, &str, &str, i32)] = &[
    (
        "bad_chars_in_calls",
        "package main\n\nfunc main() {\n\tprintln(\"hi\" $ \"x\")\n\tprintln(1 ? 2)\n}\n\nfunc g() int {\n\treturn 1 @\n}\n",
        "# command-line-arguments\n./bad_chars_in_calls.go:4:15: invalid character U+0024 '$'\n./bad_chars_in_calls.go:4:17: syntax error: unexpected literal \"x\" in argument list; possibly missing comma or )\n./bad_chars_in_calls.go:5:12: invalid character U+003F '?'\n./bad_chars_in_calls.go:5:14: syntax error: unexpected literal 2 in argument list; possibly missing comma or )\n./bad_chars_in_calls.go:9:11: invalid character U+0040 '@'\n",
        1,
    ),
    (
        "bom_middle",
        "package main\n\nfunc main() {\n\tx := 1 + \u{feff} 2\n\tprintln(x)\n}\n",
        "# command-line-arguments\n./bom_middle.go:4:11: invalid BOM in the middle of the file\n",
        1,
    ),
    (
        "comment_eof",
        "package main\n\nfunc main() {\n\tx := 1 /* abc\n}\n",
        "# command-line-arguments\n./comment_eof.go:4:2: declared and not used: x\n./comment_eof.go:4:9: comment not terminated\n",
        1,
    ),
    (
        "comment_eof_nl",
        "package main\n\nfunc main() {\n\tx := 1\n\t/* unterminated\n\n",
        "# command-line-arguments\n./comment_eof_nl.go:4:2: declared and not used: x\n./comment_eof_nl.go:5:2: comment not terminated\n",
        1,
    ),
    (
        "escape_then_types",
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"a\\qb\\z\")\n\tvar y int = \"s\"\n}\n",
        "# command-line-arguments\n./escape_then_types.go:6:17: unknown escape\n./escape_then_types.go:7:6: declared and not used: y\n./escape_then_types.go:7:14: cannot use \"s\" (untyped string constant) as int value in variable declaration\n",
        1,
    ),
    (
        "ident_char",
        "package main\n\nfunc main() {\n\tx := 1 € 2\n\tprintln(x)\n}\n",
        "# command-line-arguments\n./ident_char.go:4:9: invalid character U+20AC '€' in identifier\n./ident_char.go:4:9: syntax error: unexpected name € at end of statement\n",
        1,
    ),
    (
        "ident_digit",
        "package main\n\nfunc main() {\n\tx := 1 €€ 2\n\tprintln(x)\n\ty := ٣x\n}\n",
        "# command-line-arguments\n./ident_digit.go:4:9: invalid character U+20AC '€' in identifier\n./ident_digit.go:4:9: syntax error: unexpected name €€ at end of statement\n./ident_digit.go:6:7: identifier cannot begin with digit U+0663 '٣'\n",
        1,
    ),
    (
        "literal_errors",
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"a\\x4g\", \"b\\400\", \"c\\uD800\")\n\tfmt.Println(0x, 1e, 0b12, 1__2)\n}\n",
        "# command-line-arguments\n./literal_errors.go:6:19: invalid character 'g' in hexadecimal escape\n./literal_errors.go:6:29: octal escape value 256 > 255\n./literal_errors.go:6:40: escape is invalid Unicode code point U+D800\n./literal_errors.go:7:16: hexadecimal literal has no digits\n./literal_errors.go:7:20: exponent has no digits\n./literal_errors.go:7:25: invalid digit '2' in binary literal\n./literal_errors.go:7:30: '_' must separate successive digits\n",
        1,
    ),
    (
        "many",
        "package main\n\nfunc main() {\n\tx1 := \"a\\q\"\n\tx2 := \"a\\q\"\n\tx3 := \"a\\q\"\n\tx4 := \"a\\q\"\n\tx5 := \"a\\q\"\n\tx6 := \"a\\q\"\n\tx7 := \"a\\q\"\n\tx8 := \"a\\q\"\n\tx9 := \"a\\q\"\n\tx10 := \"a\\q\"\n\tx11 := \"a\\q\"\n\tx12 := \"a\\q\"\n}\n",
        "# command-line-arguments\n./many.go:4:11: unknown escape\n./many.go:5:11: unknown escape\n./many.go:6:11: unknown escape\n./many.go:7:11: unknown escape\n./many.go:8:11: unknown escape\n./many.go:9:11: unknown escape\n./many.go:10:11: unknown escape\n./many.go:11:11: unknown escape\n./many.go:12:11: unknown escape\n./many.go:13:12: unknown escape\n./many.go:13:12: too many errors\n",
        1,
    ),
    (
        "nul_comment_eof",
        "package main\n\nfunc main() {\n\tx := 1 /* \x00\n",
        "# command-line-arguments\n./nul_comment_eof.go:4:2: declared and not used: x\n./nul_comment_eof.go:4:9: comment not terminated\n./nul_comment_eof.go:4:12: invalid NUL character\n",
        1,
    ),
    (
        "nul_header",
        "package main\n\n// a\x00b\nfunc main() {\n\tx := \"a\x00b\x00\"\n\tprintln(x, `\x00`)\n\tvar y int = \"s\"\n}\n",
        "go: reading nul_header.go: unexpected NUL in input\n",
        1,
    ),
    (
        "nul_ident",
        "package main\n\nfunc main() {\n\tpri\x00ntln(1)\n}\n",
        "# command-line-arguments\n./nul_ident.go:4:5: invalid NUL character\n",
        1,
    ),
    (
        "nul_in_number",
        "package main\n\nfunc main() {\n\tx := 'a\x00'\n\ty := 12\x003\n\tprintln(x, y)\n}\n",
        "# command-line-arguments\n./nul_in_number.go:4:9: invalid NUL character\n./nul_in_number.go:5:7: malformed constant: 12\x003\n./nul_in_number.go:5:9: invalid NUL character\n",
        1,
    ),
    (
        "num_exp",
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(1e+)\n}\n",
        "# command-line-arguments\n./num_exp.go:6:17: exponent has no digits\n",
        1,
    ),
    (
        "raw_eof",
        "package main\n\nfunc main() {\n\tx := `abc\n}\n",
        "# command-line-arguments\n./raw_eof.go:4:2: declared and not used: x\n./raw_eof.go:4:7: string not terminated\n",
        1,
    ),
    (
        "rune_errors",
        "package main\n\nfunc main() {\n\ta := ''\n\tb := 'ab'\n\tc := '\\q'\n\td := 'x\n\tprintln(a, b, c, d)\n}\n",
        "# command-line-arguments\n./rune_errors.go:4:8: empty rune literal or unescaped '\n./rune_errors.go:5:7: more than one character in rune literal\n./rune_errors.go:6:9: unknown escape\n./rune_errors.go:7:9: newline in rune literal\n",
        1,
    ),
    (
        "str_eof",
        "package main\n\nfunc main() {\n\tx := \"abc",
        "# command-line-arguments\n./str_eof.go:4:2: declared and not used: x\n./str_eof.go:4:7: string not terminated\n",
        1,
    ),
    (
        "str_newline_in_call",
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"abc)\n}\n",
        "# command-line-arguments\n./str_newline_in_call.go:6:19: newline in string\n./str_newline_in_call.go:6:19: syntax error: unexpected newline in argument list; possibly missing comma or )\n",
        1,
    ),
    (
        "str_then_syntax",
        "package main\n\nfunc main() {\n\tx := \"abc\n\ty := 1 +\n}\n",
        "# command-line-arguments\n./str_then_syntax.go:4:11: newline in string\n./str_then_syntax.go:6:1: syntax error: unexpected }, expected expression\n",
        1,
    ),
    (
        "two_bad_chars",
        "package main\n\nfunc main() {\n\tx := 1 @ 2\n\tprintln(x)\n\ty := 3 # 4\n}\n",
        "# command-line-arguments\n./two_bad_chars.go:4:9: invalid character U+0040 '@'\n./two_bad_chars.go:4:11: syntax error: unexpected literal 2 at end of statement\n./two_bad_chars.go:6:9: invalid character U+0023 '#'\n./two_bad_chars.go:6:11: syntax error: unexpected literal 4 at end of statement\n",
        1,
    ),
    (
        "two_strings",
        "package main\n\nfunc main() {\n\tx := \"abc\n\ty := \"def\n\tz := 1\n}\n",
        "# command-line-arguments\n./two_strings.go:4:2: declared and not used: x\n./two_strings.go:4:11: newline in string\n./two_strings.go:5:2: declared and not used: y\n./two_strings.go:5:11: newline in string\n./two_strings.go:6:2: declared and not used: z\n",
        1,
    ),
];

fn run(name: &str, src: &str) -> (String, i32) {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("minigo-scan-errors-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    let file = format!("{name}.go");
    std::fs::write(dir.join(&file), src).expect("write program");
    let out = Command::new(env!("CARGO_BIN_EXE_minigo"))
        .args(["run", &file])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output()
        .expect("run minigo");
    let _ = std::fs::remove_dir_all(&dir);
    (
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn lexical_errors_match_go() {
    let mut failures = Vec::new();
    for &(name, src, want, code) in CASES {
        let (got, got_code) = run(name, src);
        if got != want || got_code != code {
            failures.push(format!(
                "{name}: want exit {code}\n{want}got exit {got_code}\n{got}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
