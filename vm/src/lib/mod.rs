//! Pure, Go-exact library engines used by minigo's standard-library glue.
//!
//! Nothing in here knows about the interpreter's heap, values or types: every
//! function takes plain Rust data (byte strings, integers, floats, or the
//! owned [`fmt::FmtArg`] tree) and returns plain Rust data. The interpreter's
//! builtin packages (`fmt`, `strconv`, `strings`, `unicode`, `unicode/utf8`)
//! convert their operands, call into these modules and convert the results
//! back. Keeping the engines pure lets them be unit-tested against outputs
//! captured from the real Go toolchain.
//!
//! * [`utf8`] — Go's `unicode/utf8` (invalid bytes decode as U+FFFD, width 1;
//!   `for range` over a string must use [`utf8::decode_rune`]).
//! * [`unicode`] — Go's `unicode` predicates and simple case mappings, backed
//!   by tables generated from Go itself.
//! * [`strconv`] — number formatting/parsing and quoting (`strconv`).
//! * [`strings`] — byte-string functions of Go's `strings` package.
//! * [`fmt`] — the `Printf`/`Print`/`Println` formatting engine.

pub mod fmt;
pub mod strconv;
pub mod strings;
pub mod unicode;
mod unicode_tables;
pub mod utf8;
