//! Tokens of minigo's Go subset.
//!
//! Owns everything below the grammar: the logos token set ([`token`]),
//! literal scanning and decoding with gc's error texts ([`literal`]), the
//! stream with automatic semicolon insertion that the parser consumes
//! ([`Lexer`], in `semicolon.rs`), and byte-offset → line:column mapping
//! ([`LineIndex`]).
//!
//! Invariants of the stream: spans are byte offsets, `start <= end`, and
//! starts never decrease; every literal token carries its decoded value;
//! after an `Err` the stream ends.

mod line_index;
pub mod literal;
mod semicolon;
pub mod token;

pub use line_index::LineIndex;
pub use literal::NumKind;
pub use semicolon::{Lexer, Spanned, MAX_CHAIN, MAX_NESTING};
pub use token::{LexError, NumLit, Token};

/// All tokens of `src` (with inserted semicolons), or the first error.
pub fn tokenize(src: &str) -> Result<Vec<Spanned>, LexError> {
    Lexer::new(src).collect()
}

/// Byte spans of the comments of `src`, in order, up to the first lexical
/// error. The token stream drops comments; directives that live in them
/// (`//go:embed`) are read from these spans.
pub fn comments(src: &str) -> Vec<(usize, usize)> {
    use logos::Logos;
    let mut lex = Token::lexer(src);
    let mut out = Vec::new();
    while let Some(t) = lex.next() {
        match t {
            Ok(Token::Comment(_)) => out.push((lex.span().start, lex.span().end)),
            Ok(_) => {}
            Err(_) => break,
        }
    }
    out
}

#[cfg(test)]
mod comment_tests {
    #[test]
    fn comments_skip_strings() {
        let src = "var s = \"//x\" // a\n/* b */ x := `//y`";
        let got: Vec<&str> = super::comments(src)
            .into_iter()
            .map(|(s, e)| &src[s..e])
            .collect();
        assert_eq!(got, ["// a", "/* b */"]);
    }
}
