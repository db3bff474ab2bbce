//! The token set and the raw logos scanner.
//!
//! Owns: which byte sequences form which token, and the lexical errors gc
//! reports while scanning (bad literals, unterminated strings and comments,
//! invalid characters). Literal *values* are decoded here too (see
//! [`crate::literal`]), so a token that reaches the parser is always valid.
//!
//! Some variants are produced only by the raw scanner ([`Token::Name`],
//! [`Token::Number`], [`Token::Newline`], [`Token::Comment`]) and are rewritten
//! or dropped by the semicolon layer ([`crate::Lexer`]); others (keywords,
//! [`Token::Ident`], [`Token::Int`], ...) are produced only by that layer. The
//! parser never sees the raw-only ones.

use logos::Logos;

use crate::literal::{self, NumKind};

/// A lexical error: a byte offset into the source and gc's wording.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LexError {
    pub pos: usize,
    pub msg: String,
}

impl LexError {
    pub fn new(pos: usize, msg: impl Into<String>) -> Self {
        LexError {
            pos,
            msg: msg.into(),
        }
    }
}

/// What the raw scanner's callbacks note beside the token they return:
/// gc's scanner reports a lexical error and goes on, producing the token
/// anyway (a literal marked bad), so the callbacks never fail; they record
/// their errors here instead.
#[derive(Clone, Debug, Default)]
pub struct Extras {
    /// Errors found while scanning, in source order.
    pub errors: Vec<LexError>,
    /// The literal just scanned is malformed (gc's `BasicLit.Bad`).
    pub bad: bool,
}

impl Extras {
    /// Records an error in a literal, which makes the literal bad.
    pub fn bad_literal(&mut self, e: LexError) {
        self.errors.push(e);
        self.bad = true;
    }
}

/// A number as written, classified by the scanner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumLit {
    pub kind: NumKind,
    pub text: String,
}

#[derive(Logos, Clone, Debug, PartialEq)]
#[logos(error(LexError, invalid_char))]
#[logos(extras = Extras)]
#[logos(skip r"[ \t\r]+")]
pub enum Token {
    // ---- raw-only tokens (never reach the parser) ----
    /// An identifier or keyword; the semicolon layer classifies it.
    #[regex(r"[a-zA-Z_][a-zA-Z0-9_]*", literal::ident_tail)]
    #[regex(r"[^\x00-\x7F]", literal::ident_unicode)]
    Name,
    #[regex(r"[0-9]", literal::number)]
    #[regex(r"\.[0-9]", literal::number)]
    Number(NumLit),
    #[token("\n")]
    Newline,
    /// A comment; `true` if it spans a newline (then it acts as one).
    #[regex(r"//[^\n]*", |_| false)]
    #[token("/*", literal::block_comment)]
    Comment(bool),

    // ---- tokens the parser sees ----
    Ident(String),
    /// Integer literal as written.
    Int(String),
    Float(String),
    Imag(String),
    /// Decoded rune literal.
    #[token("'", literal::rune)]
    Rune(u32),
    /// Decoded string literal (interpreted or raw).
    #[token("\"", literal::interpreted_string)]
    #[token("`", literal::raw_string)]
    Str(Vec<u8>),

    // keywords
    Break,
    Case,
    Chan,
    Const,
    Continue,
    Default,
    Defer,
    Else,
    Fallthrough,
    For,
    Func,
    Go,
    Goto,
    If,
    Import,
    Interface,
    Map,
    Package,
    Range,
    Return,
    Select,
    Struct,
    Switch,
    Type,
    Var,

    // operators and punctuation
    #[token("+")]
    Add,
    #[token("-")]
    Sub,
    #[token("*")]
    Star,
    #[token("/")]
    Div,
    #[token("%")]
    Rem,
    #[token("&")]
    And,
    #[token("|")]
    Or,
    #[token("^")]
    Xor,
    #[token("<<")]
    Shl,
    #[token(">>")]
    Shr,
    #[token("&^")]
    AndNot,
    #[token("+=")]
    AddAssign,
    #[token("-=")]
    SubAssign,
    #[token("*=")]
    MulAssign,
    #[token("/=")]
    DivAssign,
    #[token("%=")]
    RemAssign,
    #[token("&=")]
    AndAssign,
    #[token("|=")]
    OrAssign,
    #[token("^=")]
    XorAssign,
    #[token("<<=")]
    ShlAssign,
    #[token(">>=")]
    ShrAssign,
    #[token("&^=")]
    AndNotAssign,
    #[token("&&")]
    LAnd,
    #[token("||")]
    LOr,
    #[token("<-")]
    Arrow,
    #[token("++")]
    Inc,
    #[token("--")]
    Dec,
    #[token("==")]
    Eq,
    #[token("<")]
    Lt,
    #[token(">")]
    Gt,
    #[token("=")]
    Assign,
    #[token("!")]
    Not,
    #[token("~")]
    Tilde,
    #[token("!=")]
    Ne,
    #[token("<=")]
    Le,
    #[token(">=")]
    Ge,
    #[token(":=")]
    Define,
    #[token("...")]
    Ellipsis,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("[")]
    LBrack,
    #[token("]")]
    RBrack,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token(",")]
    Comma,
    /// An explicit `;`, or one inserted at a newline or EOF; inserted ones
    /// have an empty span (see [`crate::Lexer`]).
    #[token(";")]
    Semi,
    #[token(".")]
    Dot,
    #[token(":")]
    Colon,
}

/// Called by logos for input no rule matches.
fn invalid_char(lex: &mut logos::Lexer<Token>) -> LexError {
    let start = lex.span().start;
    match lex.source()[start..].chars().next() {
        Some('\0') | None => LexError::new(start, "invalid NUL character"),
        Some(c) => LexError::new(
            start,
            format!("invalid character {}", literal::char_desc(c)),
        ),
    }
}

impl Token {
    /// The keyword spelled `s`, if any.
    pub fn keyword(s: &str) -> Option<Token> {
        Some(match s {
            "break" => Token::Break,
            "case" => Token::Case,
            "chan" => Token::Chan,
            "const" => Token::Const,
            "continue" => Token::Continue,
            "default" => Token::Default,
            "defer" => Token::Defer,
            "else" => Token::Else,
            "fallthrough" => Token::Fallthrough,
            "for" => Token::For,
            "func" => Token::Func,
            "go" => Token::Go,
            "goto" => Token::Goto,
            "if" => Token::If,
            "import" => Token::Import,
            "interface" => Token::Interface,
            "map" => Token::Map,
            "package" => Token::Package,
            "range" => Token::Range,
            "return" => Token::Return,
            "select" => Token::Select,
            "struct" => Token::Struct,
            "switch" => Token::Switch,
            "type" => Token::Type,
            "var" => Token::Var,
            _ => return None,
        })
    }

    /// Whether a newline after this token inserts a semicolon (Go spec,
    /// "Semicolons").
    pub fn ends_statement(&self) -> bool {
        matches!(
            self,
            Token::Ident(_)
                | Token::Int(_)
                | Token::Float(_)
                | Token::Imag(_)
                | Token::Rune(_)
                | Token::Str(_)
                | Token::Break
                | Token::Continue
                | Token::Fallthrough
                | Token::Return
                | Token::Inc
                | Token::Dec
                | Token::RParen
                | Token::RBrack
                | Token::RBrace
        )
    }

    /// How gc names this token in "unexpected X" messages.
    pub fn describe(&self, src_text: &str) -> String {
        match self {
            Token::Ident(s) => format!("name {s}"),
            Token::Int(_) | Token::Float(_) | Token::Imag(_) | Token::Rune(_) | Token::Str(_) => {
                format!("literal {src_text}")
            }
            Token::Name | Token::Number(_) | Token::Newline | Token::Comment(_) => {
                src_text.to_string()
            }
            Token::Comma => "comma".into(),
            Token::Semi => "semicolon".into(),
            t => match t.keyword_str() {
                Some(k) => format!("keyword {k}"),
                None => t.punct_str().to_string(),
            },
        }
    }

    /// The spelling of a keyword token.
    pub fn keyword_str(&self) -> Option<&'static str> {
        Some(match self {
            Token::Break => "break",
            Token::Case => "case",
            Token::Chan => "chan",
            Token::Const => "const",
            Token::Continue => "continue",
            Token::Default => "default",
            Token::Defer => "defer",
            Token::Else => "else",
            Token::Fallthrough => "fallthrough",
            Token::For => "for",
            Token::Func => "func",
            Token::Go => "go",
            Token::Goto => "goto",
            Token::If => "if",
            Token::Import => "import",
            Token::Interface => "interface",
            Token::Map => "map",
            Token::Package => "package",
            Token::Range => "range",
            Token::Return => "return",
            Token::Select => "select",
            Token::Struct => "struct",
            Token::Switch => "switch",
            Token::Type => "type",
            Token::Var => "var",
            _ => return None,
        })
    }

    /// The spelling of an operator or punctuation token ("" for others).
    pub fn punct_str(&self) -> &'static str {
        match self {
            Token::Add => "+",
            Token::Sub => "-",
            Token::Star => "*",
            Token::Div => "/",
            Token::Rem => "%",
            Token::And => "&",
            Token::Or => "|",
            Token::Xor => "^",
            Token::Shl => "<<",
            Token::Shr => ">>",
            Token::AndNot => "&^",
            Token::AddAssign => "+=",
            Token::SubAssign => "-=",
            Token::MulAssign => "*=",
            Token::DivAssign => "/=",
            Token::RemAssign => "%=",
            Token::AndAssign => "&=",
            Token::OrAssign => "|=",
            Token::XorAssign => "^=",
            Token::ShlAssign => "<<=",
            Token::ShrAssign => ">>=",
            Token::AndNotAssign => "&^=",
            Token::LAnd => "&&",
            Token::LOr => "||",
            Token::Arrow => "<-",
            Token::Inc => "++",
            Token::Dec => "--",
            Token::Eq => "==",
            Token::Lt => "<",
            Token::Gt => ">",
            Token::Assign => "=",
            Token::Not => "!",
            Token::Tilde => "~",
            Token::Ne => "!=",
            Token::Le => "<=",
            Token::Ge => ">=",
            Token::Define => ":=",
            Token::Ellipsis => "...",
            Token::LParen => "(",
            Token::RParen => ")",
            Token::LBrack => "[",
            Token::RBrack => "]",
            Token::LBrace => "{",
            Token::RBrace => "}",
            Token::Comma => ",",
            Token::Semi => ";",
            Token::Dot => ".",
            Token::Colon => ":",
            _ => "",
        }
    }
}
