//! The token stream the parser consumes: logos tokens plus Go's automatic
//! semicolon insertion, keyword classification, and a nesting guard.
//!
//! Owns:
//! - semicolon insertion (Go spec, "Semicolons"): after an identifier, a
//!   literal, `break continue fallthrough return ++ -- ) ] }`, a newline (or
//!   a block comment spanning one, or EOF) yields a `;`. An inserted `;` has
//!   an empty span `(p, p)`: `p` is the newline (or the comment's start, or
//!   the source length at EOF), which is where gc reports "unexpected
//!   newline"; an explicit `;` is one byte wide. That is how the parser tells
//!   "newline"/"EOF" from "semicolon" in messages without a second token kind.
//! - the nesting guard: the parser builds `Box` trees whose depth follows the
//!   input, and every recursive walk over them (renumbering, `Drop`, the
//!   checker) needs stack in proportion. So the stream refuses input whose
//!   bracket depth exceeds [`MAX_NESTING`] or whose "chain length" exceeds
//!   [`MAX_CHAIN`]: per open bracket level, the number of tokens since the
//!   last `,` `;` `:` or assignment at that level (a closed bracket group
//!   counts as one token of its parent), summed over all open levels. The
//!   depth of any expression or statement tree is bounded by that sum, so
//!   chains without brackets (`!!!!x`, `a+b+...`, `x.f.f.f`, long else-if
//!   chains) are bounded too, while long lists (`[]int{1, 2, ...}`) and long
//!   function bodies are not limited at all.
//!
//! Lexical errors: gc's scanner reports one and goes on (a bad literal is
//! still a literal token, an invalid character is skipped), and so does a
//! [`Lexer::tolerant`] stream, which collects them in [`Lexer::errors`] and
//! the start of each bad literal in [`Lexer::bad_literals`]. A
//! [`Lexer::new`] stream yields the first lexical error as an `Err` and ends
//! there. Either ends at a nesting guard's error.

use logos::Logos;

use crate::token::{LexError, Token};
use crate::NumKind;

/// Most open brackets at once.
pub const MAX_NESTING: usize = 100_000;
/// Most chained tokens (see module docs). gc builds `x := 1+1+...` with
/// 50,000 terms and `if`/`else if` chains of thousands of branches, so the
/// limit is set above that; the trees it allows are deep, which is why
/// `minigo_vm::driver::build` runs the front end on a thread with a large
/// stack (see there).
pub const MAX_CHAIN: usize = 120_000;

/// One token with its byte span, as lalrpop's external lexer interface wants.
pub type Spanned = (usize, Token, usize);

/// The parser's token source (see module docs).
pub struct Lexer<'s> {
    src: &'s str,
    inner: logos::Lexer<'s, Token>,
    /// The last emitted token allows a semicolon at the next newline.
    semi_ok: bool,
    /// Tokens in the current chain of each open bracket level (the last
    /// entry is the innermost); `chain_sum` is their sum.
    chains: Vec<usize>,
    chain_sum: usize,
    done: bool,
    /// Go on after a lexical error (see module docs).
    tolerant: bool,
    /// The lexical errors so far, in source order.
    pub errors: Vec<LexError>,
    /// Where each bad literal so far starts.
    pub bad_literals: Vec<usize>,
}

impl<'s> Lexer<'s> {
    pub fn new(src: &'s str) -> Self {
        let mut inner = Token::lexer(src);
        // Go accepts a byte order mark at the very start of a file.
        if src.starts_with('\u{FEFF}') {
            inner.bump('\u{FEFF}'.len_utf8());
        }
        Lexer {
            src,
            inner,
            semi_ok: false,
            chains: vec![0],
            chain_sum: 0,
            done: false,
            tolerant: false,
            errors: Vec::new(),
            bad_literals: Vec::new(),
        }
    }

    /// A stream that goes on after lexical errors (see module docs).
    pub fn tolerant(src: &'s str) -> Self {
        Lexer {
            tolerant: true,
            ..Lexer::new(src)
        }
    }

    /// Takes the errors the raw scanner noted; in a strict stream, the
    /// first one ends it.
    fn take_errors(&mut self) -> Option<LexError> {
        let extras = &mut self.inner.extras;
        if extras.errors.is_empty() {
            return None;
        }
        self.errors.append(&mut extras.errors);
        (!self.tolerant).then(|| self.errors[0].clone())
    }

    fn inserted_semi(&mut self, pos: usize) -> Spanned {
        self.semi_ok = false;
        self.reset_chain();
        (pos, Token::Semi, pos)
    }

    fn reset_chain(&mut self) {
        let last = self.chains.last_mut().expect("chain stack is never empty");
        self.chain_sum -= *last;
        *last = 0;
    }

    /// Updates the nesting guard for `tok` at `pos`.
    fn guard(&mut self, tok: &Token, pos: usize) -> Result<(), LexError> {
        match tok {
            Token::Comma
            | Token::Semi
            | Token::Colon
            | Token::Assign
            | Token::Define
            | Token::AddAssign
            | Token::SubAssign
            | Token::MulAssign
            | Token::DivAssign
            | Token::RemAssign
            | Token::AndAssign
            | Token::OrAssign
            | Token::XorAssign
            | Token::ShlAssign
            | Token::ShrAssign
            | Token::AndNotAssign => {
                self.reset_chain();
                return Ok(());
            }
            Token::RParen | Token::RBrack | Token::RBrace => {
                if self.chains.len() > 1 {
                    let inner = self.chains.pop().unwrap_or(0);
                    self.chain_sum -= inner;
                }
                // The closed group already counted as one token of its parent.
                return Ok(());
            }
            _ => {}
        }
        *self.chains.last_mut().expect("chain stack is never empty") += 1;
        self.chain_sum += 1;
        if matches!(tok, Token::LParen | Token::LBrack | Token::LBrace) {
            if self.chains.len() > MAX_NESTING {
                return Err(LexError::new(
                    pos,
                    format!("syntax error: too many nested brackets (more than {MAX_NESTING})"),
                ));
            }
            self.chains.push(0);
        }
        if self.chain_sum > MAX_CHAIN {
            return Err(LexError::new(
                pos,
                "syntax error: expression or statement nested too deeply",
            ));
        }
        Ok(())
    }

    fn fail(&mut self, e: LexError) -> Option<Result<Spanned, LexError>> {
        self.done = true;
        Some(Err(e))
    }
}

impl Iterator for Lexer<'_> {
    type Item = Result<Spanned, LexError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        loop {
            let Some(res) = self.inner.next() else {
                self.done = true;
                if self.semi_ok {
                    let end = self.src.len();
                    return Some(Ok(self.inserted_semi(end)));
                }
                return None;
            };
            let span = self.inner.span();
            if let Err(e) = res {
                // An invalid character: gc skips it.
                self.inner.extras.errors.push(e);
                if let Some(e) = self.take_errors() {
                    return self.fail(e);
                }
                continue;
            }
            if let Some(e) = self.take_errors() {
                return self.fail(e);
            }
            if std::mem::take(&mut self.inner.extras.bad) {
                self.bad_literals.push(span.start);
            }
            let tok = match res {
                Err(_) => continue,
                Ok(Token::Newline) | Ok(Token::Comment(true)) => {
                    if self.semi_ok {
                        return Some(Ok(self.inserted_semi(span.start)));
                    }
                    continue;
                }
                Ok(Token::Comment(false)) => continue,
                // A BOM in the middle of the file: gc drops it.
                Ok(Token::Name) if self.inner.slice() == "\u{FEFF}" => continue,
                Ok(Token::Name) => {
                    let s = self.inner.slice();
                    Token::keyword(s).unwrap_or_else(|| Token::Ident(s.to_string()))
                }
                Ok(Token::Number(n)) => match n.kind {
                    NumKind::Int => Token::Int(n.text),
                    NumKind::Float => Token::Float(n.text),
                    NumKind::Imag => Token::Imag(n.text),
                },
                Ok(t) => t,
            };
            if let Err(e) = self.guard(&tok, span.start) {
                return self.fail(e);
            }
            self.semi_ok = tok.ends_statement();
            return Some(Ok((span.start, tok, span.end)));
        }
    }
}
