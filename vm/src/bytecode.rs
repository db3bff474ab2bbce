//! The instruction set, documented in one place (as Lua's `lopcodes.h`).
//!
//! Owns: [`Op`] (one 8-byte instruction), [`Proto`] (a compiled function)
//! and [`Image`] (a whole compiled program, shared read-only by every
//! thread that runs goroutines).
//!
//! Each instruction is defined once, in the table of `instructions.rs`
//! (`for_each_op!`): its operands with their kinds, its docs and its
//! semantics. This module declares [`Op`] from it, with [`Op::operands`]
//! (each operand's [`Operand`] kind), which the load-time range checks
//! (`interp::load`) and the disassembler read; the run loop
//! (`interp::Goroutine::execute`) expands the semantics.
//!
//! A register machine: each call frame has `Proto::nregs` registers, every
//! register one [`Word`] (see `heap` for what a word holds for each Go
//! type). Instructions are typed by the compiler from the checked program,
//! so the interpreter never tests a type tag: `AddI` adds two ints, `AddF`
//! two floats, `Concat` strings.
//!
//! Notation below: `R[x]` is register x of the current frame; `K[k]` the
//! constant k of the current proto; `T[t]` runtime type t of the image
//! (`Image::rtypes`); `pc` the index of the next instruction. Jump offsets
//! are relative to the next instruction (`pc += off`). Operands named
//! `a`, `b`, `c` are registers unless stated otherwise.
//!
//! Invariants (the compiler guarantees, the interpreter relies on):
//! - operand registers are `< Proto::nregs`; the interpreter indexes the
//!   frame's register window and would report an internal error otherwise;
//! - a word in a register has the representation of the register's static
//!   Go type at that instruction (so `Field` is only applied to struct boxes
//!   or pointers to them, `Index` to slice/array headers, ...);
//! - field indices are below the struct's field count.
//!
//! Limits (as Lua's `MAXARG_*`): operands have fixed widths, and the
//! compiler converts every index into an operand with a checked conversion
//! (`Compiler::operand16`, `FnCx::alloc_n`/`reg_at`), never `as`. A program
//! past a limit gets a compile error at the statement that crossed it
//! (`prog.go:LINE:COL: function too large: too many registers`), never a
//! wrapped index:
//! - registers ([`Reg`], `Proto::nregs`): at most [`MAX_REGS`] (65,280) per
//!   function, so fixed offsets like `b + 3` never overflow 16 bits. gc
//!   has no such limit (it compiles 70,000 locals in one function); minigo
//!   refuses with `function too large: too many registers`;
//! - runtime types (`t` operands): 65,536 (`t: u16`); the image may hold
//!   more rtypes (descriptors refer to each other by `u32`), but one used
//!   as an operand must be below 65,536: `too many types`;
//! - closure protos (`MakeClosure::f`): 65,536: `too many functions`
//!   (`LoadFunc`, `Call`, `Defer`, ... use 32 bits);
//! - 16-bit counts and indices (arguments, results, captures, field
//!   indices, natives, assertion/select descriptors): 65,535:
//!   `function too large: too many operands`;
//! - constants, globals, method keys, pcs: 32 bits; jump offsets: 32 bits
//!   for `Jmp*`, 16 for the fused compare-and-branch ops (the function is
//!   refused past that).
//!
//! Safe points: `Call*` and backward `Jmp`/`JmpIf`/`JmpIfNot` (loop
//! back-edges) poll the goroutine's preemption flag; the pc is saved before,
//! so the goroutine can be suspended there and resumed on another thread.

use crate::heap::Word;

/// Register index.
pub type Reg = u16;

/// The most registers one frame may have (module doc, "Limits"): 256 below
/// `u16::MAX`, so that the small fixed offsets the compiler adds to a
/// register it holds (`b + 1` ... `b + 3`) cannot overflow.
pub const MAX_REGS: usize = 0xFF00;

mod instructions;
pub(crate) use instructions::for_each_op;

/// Declares [`Op`] from the table, with [`Op::name`] and [`Op::operands`].
macro_rules! declare_op {
    ($(
        $(#[$doc:meta])*
        $(@$hot:ident)? $name:ident $({ $($f:ident : $ty:ty [$kind:ident $($w:tt)*]),* $(,)? })? => $body:block
    )*) => {
        /// One instruction (see the table in `bytecode/instructions.rs`).
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub enum Op {
            $( $(#[$doc])* $name $({ $($f: $ty),* })?, )*
        }

        impl Op {
            /// Every instruction's name, in table order.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($name)),*];

            /// The instruction's name (`"AddI"`).
            pub fn name(&self) -> &'static str {
                match self {
                    $( Op::$name { .. } => stringify!($name), )*
                }
            }

            /// The operands, named and with their kinds, in field order.
            pub fn operands(&self) -> Operands {
                let mut out = Operands::default();
                match *self {
                    $( Op::$name $({ $($f),* })? => {
                        $($( out.push(stringify!($f), operand!($kind $f; $($w)*)); )*)?
                    } )*
                }
                out
            }
        }
    };
}

/// One operand of a table entry as an [`Operand`].
macro_rules! operand {
    (reg $f:ident;) => {
        Operand::Reg($f, Window::Fixed(1))
    };
    (reg $f:ident; captures($p:ident)) => {
        Operand::Reg($f, Window::Captures($p as u32))
    };
    (reg $f:ident; assert($d:ident)) => {
        Operand::Reg($f, Window::Assert($d))
    };
    (reg $f:ident; $n:literal) => {
        Operand::Reg($f, Window::Fixed($n))
    };
    (reg $f:ident; $n:ident) => {
        Operand::Reg($f, Window::Fixed($n as usize))
    };
    (imm $f:ident;) => {
        Operand::Imm($f as i64)
    };
    (konst $f:ident;) => {
        Operand::Const($f as u32)
    };
    (global $f:ident;) => {
        Operand::Global($f)
    };
    (proto $f:ident;) => {
        Operand::Proto($f as u32)
    };
    (native $f:ident;) => {
        Operand::Native($f)
    };
    (method $f:ident;) => {
        Operand::Method($f)
    };
    (rtype $f:ident;) => {
        Operand::Type($f as u32)
    };
    (assert $f:ident;) => {
        Operand::Assert($f)
    };
    (select $f:ident;) => {
        Operand::Select($f)
    };
    (jump $f:ident;) => {
        Operand::Jump($f as i32)
    };
}

for_each_op!(declare_op);

/// What an operand is, from the table: how `load::verify` checks it and
/// `disasm` prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// Registers `r .. r + window`.
    Reg(Reg, Window),
    /// An immediate (a value, count, field index or flag bits).
    Imm(i64),
    /// `Proto::consts[k]`.
    Const(u32),
    /// A global variable's slot.
    Global(u32),
    /// `Image::protos[f]`.
    Proto(u32),
    /// `Image::natives[f]`.
    Native(u16),
    /// `Image::method_names[m]`.
    Method(u32),
    /// `Image::rtypes[t]`.
    Type(u32),
    /// `Proto::asserts[d]`.
    Assert(u16),
    /// `Proto::selects[d]`.
    Select(u16),
    /// A jump offset, relative to the next instruction.
    Jump(i32),
}

/// How many registers a register operand covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Window {
    Fixed(usize),
    /// `Image::protos[f].ncaptures` (`MakeClosure`'s captured values).
    Captures(u32),
    /// 2 if `Proto::asserts[d]` is comma-ok, else 1.
    Assert(u16),
}

/// The operands of one instruction (at most three).
#[derive(Clone, Copy, Debug, Default)]
pub struct Operands {
    items: [Option<(&'static str, Operand)>; 3],
    len: usize,
}

impl Operands {
    fn push(&mut self, name: &'static str, o: Operand) {
        self.items[self.len] = Some((name, o));
        self.len += 1;
    }

    pub fn iter(&self) -> impl Iterator<Item = (&'static str, Operand)> + '_ {
        self.items[..self.len].iter().flatten().copied()
    }
}

impl Op {
    /// The jump offset of a jump instruction.
    pub fn jump_offset(&self) -> Option<i32> {
        self.operands().iter().find_map(|(_, o)| match o {
            Operand::Jump(off) => Some(off),
            _ => None,
        })
    }
}

const _: () = assert!(std::mem::size_of::<Op>() == 8);

/// A type assertion's description (`Op::TypeAssert`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AssertDesc {
    /// The asserted type (`T` in `x.(T)`).
    pub target: u32,
    /// The static interface type of `x` (for the panic message).
    pub source: u32,
    pub comma_ok: bool,
}

/// One case of a `select` (`Op::Select`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelectCaseDesc {
    /// A send (`ch <- v`) rather than a receive.
    pub send: bool,
    /// The register holding the channel.
    pub ch: Reg,
    /// For sends, the register holding the (private) value.
    pub val: Reg,
}

/// A `select` statement's cases (`Op::Select`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SelectDesc {
    pub cases: Vec<SelectCaseDesc>,
    pub has_default: bool,
}

/// The static types (rtype indices) of a function's parameters (receiver
/// first) and results: metadata for the load-time verifier (`interp::verify`),
/// which the bytecode alone does not carry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sig {
    pub params: Vec<u32>,
    pub results: Vec<u32>,
}

/// One compiled function (top-level function, method, closure body or a
/// compiler-made thunk for `defer`/`go`).
#[derive(Clone, Debug, Default)]
pub struct Proto {
    /// Go's name for stack traces: `main.main`, `main.(*T).Move`,
    /// `main.main.func1`.
    pub name: String,
    /// Source file for stack traces.
    pub file: String,
    pub code: Vec<Op>,
    /// Source line of each instruction (`lines.len() == code.len()`).
    pub lines: Vec<u32>,
    pub consts: Vec<Word>,
    pub asserts: Vec<AssertDesc>,
    pub selects: Vec<SelectDesc>,
    pub nregs: u16,
    pub nparams: u16,
    pub nresults: u16,
    /// Number of captured words a closure of this proto carries.
    pub ncaptures: u16,
    /// Where a frame resumes when a deferred call recovers a panic: the
    /// function's epilogue (`RunDefers`, load results, `Return`).
    pub recover_pc: Option<u32>,
    /// Parameter and result types (verifier metadata). `None` is allowed
    /// only for protos without parameters and results (thunks, the entry).
    pub sig: Option<Sig>,
    /// `str_consts[k]`: constant k is a string word (verifier metadata;
    /// missing entries are non-string scalars).
    pub str_consts: Vec<bool>,
    /// `(pc, t)`: the `NewCell` at pc makes a `*T[t]` (verifier metadata;
    /// sorted by pc; without an entry, the cell's type is its initial
    /// value's).
    pub cell_types: Vec<(u32, u32)>,
}

impl Proto {
    /// A compiler-made wrapper: a promoted method's (no source file) or a
    /// method value's (`T.M-fm`). Go elides wrappers from tracebacks and
    /// `runtime.Callers`.
    pub fn is_wrapper(&self) -> bool {
        self.file.is_empty() || self.name.ends_with("-fm")
    }
}

/// What a method table entry needs to do with the interface's data word
/// before calling the method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecvAdjust {
    /// pass the data word as is (pointer receivers on pointer dynamic
    /// types, non-aggregate value receivers)
    None,
    /// the method takes an aggregate by value: pass a deep copy
    Copy,
    /// the dynamic type is `*T` and the method has a value receiver `T`:
    /// dereference (and copy if `T` is an aggregate); nil panics
    Deref,
}

/// A runtime type descriptor (see `rtype`).
pub use crate::rtype::RType;

/// A whole compiled program, shared read-only by all threads.
#[derive(Clone, Debug, Default)]
pub struct Image {
    pub protos: Vec<Proto>,
    /// Number of global variable slots.
    pub nglobals: u32,
    /// Global variables that are aggregates (their slots must start out
    /// holding a zero box): (global index, rtype).
    pub aggregate_globals: Vec<(u32, u32)>,
    pub rtypes: Vec<RType>,
    /// Interned method names for `CallIface` and method tables.
    pub method_names: Vec<String>,
    /// Native functions by id, named `pkg.Name` / `pkg.Type.Method`.
    pub natives: Vec<String>,
    /// The proto that initializes globals and runs `init` funcs then
    /// `main.main` (the program's entry).
    pub entry: u32,
    /// The static type (rtype) of each global (verifier metadata).
    pub global_types: Vec<u32>,
    /// The Go signature of each native called by its Go name (verifier
    /// metadata); `None` for the compiler's generic builtins, which the
    /// verifier knows by name.
    pub native_sigs: Vec<Option<Sig>>,
}
