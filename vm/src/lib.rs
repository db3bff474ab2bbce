//! minigo's middle and back end: type checker, bytecode compiler,
//! interpreter, heap and standard library.
pub mod bytecode;
pub mod check;
pub mod compile;
pub mod cplx;
pub mod disasm;
pub mod driver;
pub mod explore;
pub mod heap;
pub mod info;
pub mod interp;
#[path = "lib/mod.rs"]
pub mod lib;
pub mod modules;
pub mod prelude;
pub mod program;
pub mod rtype;
pub mod stack;
pub mod types;
