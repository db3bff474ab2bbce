//! Syntax error messages and positions compared with what gc prints.
//!
//! Every expected line below was produced by `go build x.go` (Go 1.27) on
//! the same source, with the `./x.go:` prefix removed.

use minigo_lexer::LineIndex;
use minigo_parser::{ast::NodeIds, parse};

const CASES: &[(&str, &str)] = &[
    ("package main;func main() {};var x = 1 )\n", "1:39: syntax error: unexpected ) after top level declaration"),
    ("package main\nconst (\n\ta int\n)\n", "3:2: missing init expr for a"),
    ("package main\nconst (\n\ta\n)\n", "3:2: missing init expr for a"),
    ("package main\nfunc () M() {}\n", "2:9: method has no receiver"),
    ("package main\nfunc (a, b T) M() {}\n", "2:15: method has multiple receivers"),
    ("package main\nfunc (p *T) {\n}\n", "2:13: syntax error: unexpected {, expected name"),
    ("package main\nfunc f( {\n}\n", "2:9: syntax error: unexpected {, expected )"),
    ("package main\nfunc f(a ...int, b int) {}\n", "2:10: can only use ... with final parameter"),
    ("package main\nfunc f(a int b) {}\n", "2:14: syntax error: unexpected name b in parameter list; possibly missing comma or )"),
    ("package main\nfunc f(a int, b) int {\n\treturn 0\n}\n", "2:16: syntax error: missing parameter type"),
    ("package main\nfunc f(a int\n) {}\n", "2:13: syntax error: unexpected newline in parameter list; possibly missing comma or )"),
    ("package main\nfunc main() {\n\t/* abc\n", "3:2: comment not terminated"),
    ("package main\nfunc main() {\n\ta := 1 :\n}\n", "3:9: syntax error: unexpected : at end of statement"),
    ("package main\nfunc main() {\n\ta := map[string]int{\"a\" 1}\n}\n", "3:26: syntax error: unexpected literal 1 in composite literal; possibly missing comma or }"),
    ("package main\nfunc main() {\n\ta, b\n}\n", "3:6: syntax error: unexpected newline, expected := or = or comma"),
    ("package main\nfunc main() {\n\tc := ''\n}\n", "3:8: empty rune literal or unescaped '"),
    ("package main\nfunc main() {\n\tc := 'ab'\n}\n", "3:7: more than one character in rune literal"),
    ("package main\nfunc main() {\n\tc := 09\n}\n", "3:8: invalid digit '9' in octal literal"),
    ("package main\nfunc main() {\n\tf(1,\n\t2\n)\n}\n", "4:3: syntax error: unexpected newline in argument list; possibly missing comma or )"),
    ("package main\nfunc main() {\n\tfmt.Println(\"a\" \"b\")\n}\n", "3:18: syntax error: unexpected literal \"b\" in argument list; possibly missing comma or )"),
    ("package main\nfunc main() {\n\tfmt.Println(\"a\"))\n}\n", "3:18: syntax error: unexpected ) at end of statement"),
    ("package main\nfunc main() {\n\tfor i := 0; i < 10; i++ \n\t{\n\t}\n}\n", "3:26: syntax error: unexpected newline, expected { after for clause"),
    ("package main\nfunc main() {\n\tfor i := 0; i < 3 {\n\t}\n}\n", "3:20: syntax error: unexpected {, expected semicolon or newline"),
    ("package main\nfunc main() {\n\tfor i := 0; i < 3; i := 1 {\n\t}\n}\n", "3:23: syntax error: cannot declare in post statement of for loop"),
    ("package main\nfunc main() {\n\tfor i := range {\n\t}\n}\n", "3:17: syntax error: unexpected {, expected expression"),
    ("package main\nfunc main() {\n\tfor x := range {\n\t}\n}\n", "3:17: syntax error: unexpected {, expected expression"),
    ("package main\nfunc main() {\n\tfor {\n\t\tbreak 1\n\t}\n}\n", "4:9: syntax error: unexpected literal 1 at end of statement"),
    ("package main\nfunc main() {\n\tfor {\n}\n", "5:1: syntax error: unexpected EOF, expected }"),
    ("package main\nfunc main() {\n\tfunc foo() {}\n}\n", "3:7: syntax error: unexpected name foo, expected ("),
    ("package main\nfunc main() {\n\tfunc() {\n}\n", "5:1: syntax error: unexpected EOF, expected }"),
    ("package main\nfunc main() {\n\tgo\n}\n", "4:1: syntax error: unexpected }, expected expression"),
    ("package main\nfunc main() {\n\tgoto\n}\n", "4:1: syntax error: unexpected }, expected name"),
    ("package main\nfunc main() {\n\tif true {\n\t} else return\n}\n", "4:9: syntax error: else must be followed by if or statement block"),
    ("package main\nfunc main() {\n\tif x := 1 {\n\t}\n}\n", "3:7: syntax error: cannot use x := 1 as value"),
    ("package main\nfunc main() {\n\tif x == 1 {\n\t} else if {\n\t}\n}\n", "4:12: syntax error: missing condition in if statement"),
    ("package main\nfunc main() {\n\tif x == T{} {\n\t}\n}\n", "3:14: syntax error: unexpected { at end of statement"),
    ("package main\nfunc main() {\n\tif x {\n\t}\n\telse {\n\t}\n}\n", "5:2: syntax error: unexpected keyword else, expected }"),
    ("package main\nfunc main() {\n\tif x\n\t{\n\t}\n}\n", "3:6: syntax error: unexpected newline, expected { after if clause"),
    ("package main\nfunc main() {\n\tif {\n\t}\n}\n", "3:5: syntax error: missing condition in if statement"),
    ("package main\nfunc main() {\n\treturn )\n}\n", "3:9: syntax error: unexpected ), expected expression"),
    ("package main\nfunc main() {\n\ts := \"\\q\"\n}\n", "3:9: unknown escape"),
    ("package main\nfunc main() {\n\ts := \"abc\n}\n", "3:11: newline in string"),
    ("package main\nfunc main() {\n\ts := `abc\n", "3:7: string not terminated"),
    ("package main\nfunc main() {\n\tselect {\n\tcase <-ch\n\t}\n}\n", "4:11: syntax error: unexpected newline, expected :"),
    ("package main\nfunc main() {\n\tselect {\n\tcase x := 1:\n\t}\n}\n", "4:7: select case must be send or receive (possibly with assignment)"),
    ("package main\nfunc main() {\n\tselect {\n\tcase x:\n\t}\n}\n", "4:7: select case must be send or receive (possibly with assignment)"),
    ("package main\nfunc main() {\n\tswitch x := 1 {\n\t}\n}\n", "3:11: syntax error: cannot use x := 1 as value"),
    ("package main\nfunc main() {\n\tswitch x {\n\tcase 1\n\t}\n}\n", "4:8: syntax error: unexpected newline, expected :"),
    ("package main\nfunc main() {\n\tswitch x {\n\tfoo\n\t}\n}\n", "4:2: syntax error: unexpected name foo, expected case or default or }"),
    ("package main\nfunc main() {\n\tswitch {\n\tcase 1:\n\telse\n\t}\n}\n", "5:2: syntax error: unexpected keyword else, expected case or default or }"),
    ("package main\nfunc main() {\n\tvar a []int = []int{1, 2\n}\n", "3:26: syntax error: unexpected newline in composite literal; possibly missing comma or }"),
    ("package main\nfunc main() {\n\tvar x = map[string]int{\"a\": 1\n\t}\n}\n", "3:31: syntax error: unexpected newline in composite literal; possibly missing comma or }"),
    ("package main\nfunc main() {\n\tvar x int = 1, \n}\n", "4:1: syntax error: unexpected }, expected expression"),
    ("package main\nfunc main() {\n\tvar x int = \n}\n", "4:1: syntax error: unexpected }, expected expression"),
    ("package main\nfunc main() {\n\tx := &\n}\n", "4:1: syntax error: unexpected }, expected expression"),
    ("package main\nfunc main() {\n\tx := '\\uD800'\n}\n", "3:14: escape is invalid Unicode code point U+D800"),
    ("package main\nfunc main() {\n\tx := 'a\n}\n", "3:9: newline in rune literal"),
    ("package main\nfunc main() {\n\tx := (1\n}\n", "3:9: syntax error: unexpected newline, expected )"),
    ("package main\nfunc main() {\n\tx := 0b12\n}\n", "3:10: invalid digit '2' in binary literal"),
    ("package main\nfunc main() {\n\tx := 0x\n}\n", "3:9: hexadecimal literal has no digits"),
    ("package main\nfunc main() {\n\tx := 1 +\n}\n", "4:1: syntax error: unexpected }, expected expression"),
    ("package main\nfunc main() {\n\tx := 1 y := 2\n}\n", "3:9: syntax error: unexpected name y at end of statement"),
    ("package main\nfunc main() {\n\tx := 1\n\tcase 2:\n}\n", "4:2: syntax error: unexpected keyword case, expected }"),
    ("package main\nfunc main() {\n\tx := 1\n\ty := 2\n", "5:1: syntax error: unexpected EOF, expected }"),
    ("package main\nfunc main() {\n\tx := 1\n}}\n", "4:2: syntax error: unexpected } after top level declaration"),
    ("package main\nfunc main() {\n\tx := 1_\n}\n", "3:8: '_' must separate successive digits"),
    ("package main\nfunc main() {\n\tx := 1e\n}\n", "3:9: exponent has no digits"),
    ("package main\nfunc main() {\n\tx := @\n}\n", "3:7: invalid character U+0040 '@'"),
    ("package main\nfunc main() {\n\tx := []int{1,2,3}[\n}\n", "4:1: syntax error: unexpected }, expected expression"),
    ("package main\nfunc main() {\n\tx := []int{1,\n\t2\n\t}\n}\n", "4:3: syntax error: unexpected newline in composite literal; possibly missing comma or }"),
    ("package main\nfunc main() {\n\tx := \"\\400\"\n}\n", "3:12: octal escape value 256 > 255"),
    ("package main\nfunc main() {\n\tx := \"\\xZZ\"\n}\n", "3:10: invalid character 'Z' in hexadecimal escape"),
    ("package main\nfunc main() {\n\tx := \"a", "3:7: string not terminated"),
    ("package main\nfunc main() {\n\tx := a[1\n}\n", "3:10: syntax error: unexpected newline, expected comma, : or ]"),
    ("package main\nfunc main() {\n\tx := f(\n}\n", "4:1: syntax error: unexpected }, expected expression"),
    ("package main\nfunc main() {\n\tx = 1 2\n}\n", "3:8: syntax error: unexpected literal 2 at end of statement"),
    ("package main\nfunc main() {\n\tx = 1\n", "4:1: syntax error: unexpected EOF, expected }"),
    ("package main\nfunc main() {\n\tx = = 1\n}\n", "3:6: syntax error: unexpected =, expected expression"),
    ("package main\nfunc main() {\n\tx.y := 1\n}\n", "3:2: non-name x.y on left side of :="),
    ("package main\nfunc main() {\n\tx[\n}\n", "4:1: syntax error: unexpected }, expected expression"),
    ("package main\nfunc main()\n{\n}\n", "3:1: syntax error: unexpected semicolon or newline before {"),
    ("package main\nimport \"fmt\"\nfunc main() {\n\tfmt.Println(\"hi\"\n}\n", "4:18: syntax error: unexpected newline in argument list; possibly missing comma or )"),
    ("package main\nimport \"fmt\"\nvar x = 1\nimport \"os\"\n", "4:1: syntax error: imports must appear before other declarations"),
    ("package main\ntype I interface {\n\tM(),\n}\n", "3:5: syntax error: unexpected comma in interface type; possibly missing semicolon or newline or }"),
    ("package main\ntype T struct {\n\ta int,\n}\n", "3:7: syntax error: unexpected comma in struct type; possibly missing semicolon or newline or }"),
    ("package main\ntype T struct {\n\tx int\n", "4:1: syntax error: unexpected EOF, expected }"),
    ("package main\nvar (\n\ta int,\n)\n", "3:7: syntax error: unexpected comma in grouped declaration; possibly missing semicolon or newline or )"),
    ("package main\nvar x int y\n", "2:11: syntax error: unexpected name y after top level declaration"),
    ("package main\nvar x\n", "2:6: syntax error: unexpected newline, expected type"),
    ("package main\nx := 1\n", "2:1: syntax error: non-declaration statement outside function body"),
];

fn report(src: &str) -> String {
    let mut ids = NodeIds::new();
    match parse(src, &mut ids) {
        Ok(_) => "ok".to_string(),
        Err(d) => {
            let (l, c) = LineIndex::new(src).line_col(d.pos);
            format!("{l}:{c}: {}", d.msg)
        }
    }
}

#[test]
fn messages_match_gc() {
    let mut bad = Vec::new();
    for &(src, want) in CASES {
        let got = report(src);
        if got != want {
            bad.push(format!("{src:?}\n  want {want}\n  got  {got}"));
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn errors_from_the_checker_side_are_left_alone() {
    // gc reports these after parsing; the parser must accept them.
    for src in [
        "package main\nfunc main() {\n\tgo func() {}\n}\n",
        "package main\nfunc main() {\n\tx := y.(type)\n}\n",
        "package main\nfunc f()\n",
    ] {
        assert_eq!(report(src), "ok", "{src:?}");
    }
}

#[test]
fn nesting_limit_is_a_syntax_error() {
    let src = format!("package main\nvar x = {}", "(".repeat(100_000));
    let got = report(&src);
    assert!(got.contains("syntax error:"), "{got}");
}
