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
