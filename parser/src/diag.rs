//! Syntax error messages in gc's words.
//!
//! Owns: turning lalrpop's "unrecognized token T, expected one of {...}"
//! into what gc prints, e.g. `syntax error: unexpected newline in argument
//! list; possibly missing comma or )`. gc's recursive-descent parser knows
//! which construct it is in; lalrpop only tells us the set of acceptable
//! terminals, so the construct is inferred from that set (a set containing
//! `case` and `default` means "between switch clauses", one containing `,`
//! and `)` and `...` means "in an argument list", ...) and, where the set is
//! not enough, from the tokens before the error (bracket nesting, the
//! keyword that opened a statement header). Rare cases fall back to
//! "unexpected X, expected A or B".

use lalrpop_util::ParseError;
use minigo_lexer::Token;

use crate::Diag;

type PErr = ParseError<usize, Token, Diag>;

/// How gc names the token at `[lo, hi)`.
fn describe(src: &str, lo: usize, tok: &Token, hi: usize) -> String {
    if *tok == Token::Semi && lo == hi {
        return if lo >= src.len() { "EOF" } else { "newline" }.to_string();
    }
    tok.describe(src.get(lo..hi).unwrap_or(""))
}

pub(crate) fn from_parse_error(src: &str, e: PErr) -> Diag {
    let (pos, found, expected) = match e {
        ParseError::User { error } => return error,
        ParseError::InvalidToken { location } => {
            return Diag {
                pos: location as u32,
                msg: "syntax error: invalid token".into(),
            }
        }
        // gc reports a premature end at the end of the file, not at the end
        // of the last token.
        ParseError::UnrecognizedEof { expected, .. } => (src.len(), "EOF".to_string(), expected),
        ParseError::UnrecognizedToken {
            token: (lo, tok, hi),
            expected,
        } => (lo, describe(src, lo, &tok, hi), expected),
        ParseError::ExtraToken {
            token: (lo, tok, hi),
        } => {
            let found = describe(src, lo, &tok, hi);
            return Diag {
                pos: lo as u32,
                msg: format!("syntax error: unexpected {found} after top level declaration"),
            };
        }
    };
    let expected: Vec<&str> = expected.iter().map(|s| s.trim_matches('"')).collect();
    Diag {
        pos: pos as u32,
        msg: message(&Context::before(src, pos), &found, &expected),
    }
}

/// What the tokens before the error say about where we are.
#[derive(Debug, Default)]
struct Context {
    /// Open brackets, innermost last, each with the token before it.
    open: Vec<(Token, Option<Token>)>,
    /// The keyword opening the statement the error is in (`if`, `for`,
    /// `switch`, `select`, `import`), if any.
    stmt_keyword: Option<Token>,
    /// No tokens at all before the error.
    at_start: bool,
}

impl Context {
    fn before(src: &str, pos: usize) -> Context {
        let mut cx = Context {
            at_start: true,
            ..Context::default()
        };
        let mut prev: Option<Token> = None;
        // Per open bracket level: the statement keyword seen at that level.
        let mut keywords: Vec<Option<Token>> = vec![None];
        for item in minigo_lexer::Lexer::new(src) {
            let Ok((lo, tok, _)) = item else { break };
            if lo >= pos {
                break;
            }
            cx.at_start = false;
            match tok {
                Token::LParen | Token::LBrack | Token::LBrace => {
                    cx.open.push((tok.clone(), prev.clone()));
                    keywords.push(None);
                }
                Token::RParen | Token::RBrack | Token::RBrace => {
                    cx.open.pop();
                    if keywords.len() > 1 {
                        keywords.pop();
                    }
                    if tok == Token::RBrace {
                        // A closed block ends its statement's header.
                        if let Some(k) = keywords.last_mut() {
                            *k = None;
                        }
                    }
                }
                Token::Semi => {
                    if let Some(k) = keywords.last_mut() {
                        // A `;` inside an if/for/switch header does not end it.
                        if !matches!(k, Some(Token::If | Token::For | Token::Switch))
                            || src.get(lo..lo + 1) != Some(";")
                        {
                            *k = None;
                        }
                    }
                }
                Token::If | Token::For | Token::Switch | Token::Select | Token::Import => {
                    if let Some(k) = keywords.last_mut() {
                        *k = Some(tok.clone());
                    }
                }
                _ => {}
            }
            prev = Some(tok);
        }
        cx.stmt_keyword = keywords.last().cloned().flatten();
        cx
    }

    fn innermost(&self) -> Option<&(Token, Option<Token>)> {
        self.open.last()
    }
}

/// Terminals that only continue an already complete expression or
/// statement; they are noise in an "expected ..." list.
fn is_continuation(t: &str) -> bool {
    matches!(
        t,
        "+" | "-"
            | "*"
            | "/"
            | "%"
            | "&"
            | "|"
            | "^"
            | "<<"
            | ">>"
            | "&^"
            | "&&"
            | "||"
            | "=="
            | "!="
            | "<"
            | "<="
            | ">"
            | ">="
            | "+="
            | "-="
            | "*="
            | "/="
            | "%="
            | "&="
            | "|="
            | "^="
            | "<<="
            | ">>="
            | "&^="
            | "<-"
            | "++"
            | "--"
            | "("
            | "["
            | "{"
            | "."
            | "="
            | ":="
    )
}

/// gc's name for an expected terminal.
fn token_name(t: &str) -> &str {
    match t {
        "," => "comma",
        ";" => "semicolon or newline",
        "int" | "float" | "imag" | "rune" | "string" => "literal",
        t => t,
    }
}

fn message(cx: &Context, found: &str, e: &[&str]) -> String {
    let has = |t: &str| e.contains(&t);
    let se = "syntax error:";
    // Top level: between declarations.
    if has("func") && has("var") && has("const") && !has("for") {
        return if found == "keyword import" {
            format!("{se} imports must appear before other declarations")
        } else if found == "{" {
            format!("{se} unexpected semicolon or newline before {{")
        } else {
            format!("{se} non-declaration statement outside function body")
        };
    }
    if e == ["package"] && cx.at_start {
        return format!("{se} package statement must be first");
    }
    if cx.open.is_empty() && has(";") {
        return format!("{se} unexpected {found} after top level declaration");
    }
    if has("case") && has("default") {
        return format!("{se} unexpected {found}, expected case or default or }}");
    }
    if has("for") && has("go") && has("}") {
        return format!("{se} unexpected {found}, expected }}");
    }
    if found == "EOF" && has("}") {
        return format!("{se} unexpected EOF, expected }}");
    }
    if found == "{" && has("!") && cx.stmt_keyword == Some(Token::If) {
        return format!("{se} missing condition in if statement");
    }
    // Right after `return` (or another keyword taking an optional list).
    if has(";") && has("}") && has("!") {
        return format!("{se} unexpected {found}, expected expression");
    }
    let inner = cx.innermost();
    let opener_prev = inner.and_then(|(_, p)| p.as_ref());
    if has(";") && has("}") {
        return match opener_prev {
            Some(Token::Struct) => format!(
                "{se} unexpected {found} in struct type; possibly missing semicolon or newline or }}"
            ),
            Some(Token::Interface) => format!(
                "{se} unexpected {found} in interface type; possibly missing semicolon or newline or }}"
            ),
            _ => format!("{se} unexpected {found} at end of statement"),
        };
    }
    if has(";") && has(")") && !has(",") {
        return format!(
            "{se} unexpected {found} in grouped declaration; possibly missing semicolon or newline or )"
        );
    }
    if has(",") && has("}") {
        return format!(
            "{se} unexpected {found} in composite literal; possibly missing comma or }}"
        );
    }
    if has(",") && has(")") {
        let what = if has("...") {
            "argument list"
        } else {
            "parameter list"
        };
        return format!("{se} unexpected {found} in {what}; possibly missing comma or )");
    }
    if e.len() == 2 && has("if") && has("{") {
        return format!("{se} else must be followed by if or statement block");
    }
    if has("!") {
        return format!("{se} unexpected {found}, expected expression");
    }
    if has("chan") && has("map") && has("*") {
        if has(")") {
            return format!("{se} unexpected {found}, expected )");
        }
        return format!("{se} unexpected {found}, expected type");
    }
    if has("string") && cx.stmt_keyword == Some(Token::Import) {
        return "missing import path".to_string();
    }
    if has("=") && has(":=") && !has(";") {
        return format!("{se} unexpected {found}, expected := or = or comma");
    }
    let mut essential: Vec<&str> = e.iter().copied().filter(|t| !is_continuation(t)).collect();
    if essential.is_empty() {
        essential = e.to_vec();
    }
    // An index may also be an instantiation list (`x[A, B]`), hence the comma.
    if essential == ["]", ":"] || essential == ["]", ",", ":"] {
        return format!("{se} unexpected {found}, expected comma, : or ]");
    }
    if essential == [",", ":"] {
        return format!("{se} unexpected {found}, expected :");
    }
    if essential == ["{"] {
        if let Some(k) = &cx.stmt_keyword {
            let kw = k.keyword_str().unwrap_or("");
            if matches!(k, Token::If | Token::For) {
                return format!("{se} unexpected {found}, expected {{ after {kw} clause");
            }
            return format!("{se} missing {{ after {kw} clause");
        }
    }
    match essential.len() {
        0 => format!("{se} unexpected {found}"),
        1..=3 => {
            let names: Vec<&str> = essential.iter().map(|t| token_name(t)).collect();
            format!("{se} unexpected {found}, expected {}", names.join(" or "))
        }
        _ => format!("{se} unexpected {found}"),
    }
}
