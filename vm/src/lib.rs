//! minigo's middle and back end: type checker, bytecode compiler,
//! interpreter, heap and standard library.
pub mod bytecode;
pub mod check;
pub mod compile;
pub mod cplx;
pub mod disasm;
pub mod driver;
pub mod embed;
pub mod explore;
pub mod gotest;
pub mod heap;
pub mod info;
pub mod interp;
pub mod modules;
pub mod phases;
pub mod program;
pub mod rtype;
pub mod stack;
/// The standard library, one folder per Go package (`vm/src/std/`).
#[path = "std/mod.rs"]
pub mod stdlib;
pub mod types;
