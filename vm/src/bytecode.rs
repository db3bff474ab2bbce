//! The instruction set, documented in one place (as Lua's `lopcodes.h`).
//!
//! Owns: [`Op`] (one 8-byte instruction), [`Proto`] (a compiled function)
//! and [`Image`] (a whole compiled program, shared read-only by every
//! thread that runs goroutines).
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

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Op {
    Nop,

    // ---- moves and constants
    /// `R[a] := R[b]`
    Move {
        a: Reg,
        b: Reg,
    },
    /// `R[a] := v` (sign-extended)
    LoadInt {
        a: Reg,
        v: i32,
    },
    /// `R[a] := K[k]`
    LoadConst {
        a: Reg,
        k: u32,
    },
    /// `R[a] := value of global g` (`Image::globals[g]`)
    LoadGlobal {
        a: Reg,
        g: u32,
    },
    /// `global g := R[a]`
    StoreGlobal {
        a: Reg,
        g: u32,
    },
    /// `R[a] := address of global g's slot` (`&g` for non-aggregate globals)
    GlobalAddr {
        a: Reg,
        g: u32,
    },
    /// `R[a] := the func value of top-level function f` (no captures)
    LoadFunc {
        a: Reg,
        f: u32,
    },
    /// `R[a] := closure of proto f capturing R[b .. b + Proto(f).ncaptures]`
    MakeClosure {
        a: Reg,
        f: u16,
        b: Reg,
    },
    /// `R[a] := captures[i]` of the running closure
    LoadCapture {
        a: Reg,
        i: u16,
    },

    // ---- cells and pointers (pointer to a non-aggregate = slot address)
    /// `R[a] := new slot holding R[b]` (escaping variable, `new(T)` of a
    /// non-aggregate)
    NewCell {
        a: Reg,
        b: Reg,
    },
    /// `R[a] := *R[b]`; nil pointer dereference panic if `R[b] == 0`
    Load {
        a: Reg,
        b: Reg,
    },
    /// `*R[a] := R[b]`; nil pointer dereference panic if `R[a] == 0`
    Store {
        a: Reg,
        b: Reg,
    },

    // ---- aggregates (structs are boxes, arrays are `SliceObj` headers)
    /// `R[a] := zero value of T[t]`: 0 for non-aggregates, a fresh zeroed
    /// box/array (with fresh nested aggregates) otherwise
    Zero {
        a: Reg,
        t: u32,
    },
    /// `R[a] := field i of the struct box R[b]` (for an aggregate field, the
    /// nested box itself, not a copy); nil dereference panic if `R[b] == 0`
    Field {
        a: Reg,
        b: Reg,
        i: u16,
    },
    /// `field i of R[a] := R[b]`; nil dereference panic if `R[a] == 0`
    SetField {
        a: Reg,
        i: u16,
        b: Reg,
    },
    /// `R[a] := address of field i of R[b]` (`&s.f`, f non-aggregate)
    FieldAddr {
        a: Reg,
        b: Reg,
        i: u16,
    },
    /// `R[a] := deep copy of the aggregate R[b] of type T[t]`
    Copy {
        a: Reg,
        b: Reg,
        t: u16,
    },
    /// `contents of aggregate R[a] := deep copy of contents of R[b]` (type
    /// T[t]); nested aggregates are copied into, so pointers stay valid
    CopyInto {
        a: Reg,
        b: Reg,
        t: u16,
    },

    // ---- integers (i64 words; narrower types re-normalized with Ext)
    AddI {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    SubI {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    MulI {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// signed `/`; panics `integer divide by zero`; MinInt64 / -1 wraps
    DivI {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    RemI {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// unsigned `/`, `%` (on the u64 bits)
    DivU {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    RemU {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    And {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    Or {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    Xor {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    AndNot {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// `R[b] << R[c]`; count as i64: negative panics `negative shift
    /// amount`, >= 64 gives 0
    Shl {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// arithmetic `>>` (signed); count >= 64 gives 0 or -1
    ShrS {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// logical `>>` (unsigned)
    ShrU {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// `R[a] := R[b] + k`
    AddIK {
        a: Reg,
        b: Reg,
        k: i16,
    },
    NegI {
        a: Reg,
        b: Reg,
    },
    /// bitwise complement `^x`
    BitNot {
        a: Reg,
        b: Reg,
    },
    /// Re-normalize an integer to a narrower type: kind 0 = int8, 1 = int16,
    /// 2 = int32 (sign-extend), 3 = uint8, 4 = uint16, 5 = uint32 (zero-extend)
    Ext {
        a: Reg,
        b: Reg,
        kind: u16,
    },
    EqI {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    NeI {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    LtI {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    LeI {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// unsigned comparisons
    LtU {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    LeU {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// boolean not
    Not {
        a: Reg,
        b: Reg,
    },

    // ---- floats (f64 bits)
    AddF {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    SubF {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    MulF {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    DivF {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    NegF {
        a: Reg,
        b: Reg,
    },
    EqF {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    NeF {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    LtF {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    LeF {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// round to float32 precision (float32 arithmetic and conversions)
    F32 {
        a: Reg,
        b: Reg,
    },
    /// signed int → float
    IToF {
        a: Reg,
        b: Reg,
    },
    /// unsigned int → float
    UToF {
        a: Reg,
        b: Reg,
    },
    /// float → signed int (truncation toward zero)
    FToI {
        a: Reg,
        b: Reg,
    },
    /// float → unsigned int
    FToU {
        a: Reg,
        b: Reg,
    },

    // ---- strings
    /// `R[a] := R[b] + R[b+1] + ... + R[b+n-1]`
    Concat {
        a: Reg,
        b: Reg,
        n: u16,
    },
    StrEq {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    StrNe {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    StrLt {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    StrLe {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    StrLen {
        a: Reg,
        b: Reg,
    },
    /// `R[a] := R[b][R[c]]` (a byte); index out of range panic
    StrIndex {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// `R[a] := R[b][lo:hi]` with `lo = R[b+1]` if `flags & 1` else 0,
    /// `hi = R[b+2]` if `flags & 2` else len; slice bounds panic
    StrSlice {
        a: Reg,
        b: Reg,
        flags: u16,
    },
    /// decode the rune of string R[b] at byte offset R[b+1]:
    /// `R[a] := rune` (U+FFFD for invalid UTF-8), `R[a+1] := width` (>= 1)
    StrNextRune {
        a: Reg,
        b: Reg,
    },
    /// `string(rune)`; invalid code points give "\uFFFD"
    RuneToStr {
        a: Reg,
        b: Reg,
    },
    /// `[]byte(s)`
    StrToBytes {
        a: Reg,
        b: Reg,
    },
    /// `string(bs)`
    BytesToStr {
        a: Reg,
        b: Reg,
    },
    /// `[]rune(s)`
    StrToRunes {
        a: Reg,
        b: Reg,
    },
    /// `string(rs)`
    RunesToStr {
        a: Reg,
        b: Reg,
    },

    // ---- slices and arrays (`SliceObj` headers)
    /// `R[a] := make([]E, R[b], R[b+1])` where T[t] is the slice type (E
    /// aggregate → each element a fresh zero value); panics `makeslice: len
    /// out of range` / `makeslice: cap out of range`
    MakeSlice {
        a: Reg,
        b: Reg,
        t: u16,
    },
    /// `R[a] := R[b][R[c]]` for a slice or array; `index out of range [i]
    /// with length n` panic
    Index {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// `R[a][R[b]] := R[c]`
    SetIndex {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// `R[a] := &R[b][R[c]]` (address of the element slot)
    IndexAddr {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// `R[a] := R[b][lo:hi:max]` on a slice or array, operands `R[b+1]`,
    /// `R[b+2]`, `R[b+3]` present per `flags` bits 1, 2, 4 (defaults 0,
    /// len, cap); Go's `slice bounds out of range` panics
    SliceExpr {
        a: Reg,
        b: Reg,
        flags: u16,
    },
    SliceLen {
        a: Reg,
        b: Reg,
    },
    SliceCap {
        a: Reg,
        b: Reg,
    },
    /// `R[a] := append(R[b], R[b+1])` for slice type T[t] (several
    /// elements are appended one instruction each); the appended word is
    /// already a private (fresh) value; when the array grows, aggregate
    /// elements are deep-copied into the new array (Go copies values).
    Append {
        a: Reg,
        b: Reg,
        t: u16,
    },
    /// `Append` to a slice whose backing array does not escape: Go (1.25+)
    /// gives its first allocation a 32-byte stack buffer, visible in `cap`
    /// (`append(nil, 1)` on a local `[]int` gets capacity 4). An op of its
    /// own (not a flag bit in `t`), so that `t` has all 16 bits.
    AppendStack {
        a: Reg,
        b: Reg,
        t: u16,
    },
    /// `R[a] := append(R[b], R[b+1]...)` for slice type T[t]. When the
    /// source `R[b+1]` is a string (`append(bs, s...)`), `t` is instead the
    /// rtype of `string`: a word alone cannot tell a string from a slice.
    AppendSlice {
        a: Reg,
        b: Reg,
        t: u16,
    },
    /// `AppendSlice` to a slice that does not escape (as `AppendStack`).
    AppendSliceStack {
        a: Reg,
        b: Reg,
        t: u16,
    },
    /// `R[a] := copy(R[b], R[b+1])`, same convention for a string source
    CopySlice {
        a: Reg,
        b: Reg,
        t: u16,
    },

    // ---- maps
    /// `R[a] := make(T[t], hint R[b])`
    MakeMap {
        a: Reg,
        t: u16,
        b: Reg,
    },
    /// `R[a] := R[b][R[c]]` (a fresh zero value when absent)
    MapGet {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// `R[a], R[a+1] := R[b][R[c]]` with ok
    MapGetOk {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// `R[a][R[b]] := R[c]`; panics `assignment to entry in nil map`
    MapSet {
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// `delete(R[a], R[b])`
    MapDelete {
        a: Reg,
        b: Reg,
    },
    MapLen {
        a: Reg,
        b: Reg,
    },
    /// `R[a] := an iterator over map R[b]` (0 for a nil map): the start
    /// of a `range`, O(1) (see `interp::map::MapIter` for Go's rules on
    /// entries added and deleted meanwhile)
    MapIter {
        a: Reg,
        b: Reg,
    },
    /// `R[a], R[a+1], R[a+2] := key, value, 1` of the next entry of the
    /// iterator R[b]; `R[a+2] := 0` (and the others unchanged) at the end
    MapNext {
        a: Reg,
        b: Reg,
    },
    /// `clear(R[a])` for a map
    MapClear {
        a: Reg,
    },

    // ---- interfaces
    /// `R[a] := interface value of dynamic type T[t] holding R[b]` (R[b]
    /// already private for aggregates)
    MakeIface {
        a: Reg,
        b: Reg,
        t: u16,
    },
    /// Type assertion `R[b].(T)` described by `Proto::asserts[d]`: without
    /// comma-ok, `R[a] := value` or panic `interface conversion: ...`; with
    /// comma-ok, `R[a] := value or zero`, `R[a+1] := ok`
    TypeAssert {
        a: Reg,
        b: Reg,
        d: u16,
    },
    /// `R[a] := R[b] == R[b+1]` compared as values of type T[t] (strings by
    /// bytes, interfaces by dynamic type and value — panicking on
    /// uncomparable dynamic types — structs and arrays element-wise)
    EqVal {
        a: Reg,
        b: Reg,
        t: u16,
    },
    /// `R[a] := (R[b] == 0)` (nil test of any reference kind)
    IsNil {
        a: Reg,
        b: Reg,
    },
    /// `R[a] := the dynamic type id of interface R[b]` (or `u32::MAX` as
    /// -1 for nil), used by type switches
    IfaceType {
        a: Reg,
        b: Reg,
    },

    // ---- calls
    /// Call top-level proto f with arguments in `R[a..]`; its results land
    /// in `R[a..]`. Safe point.
    Call {
        a: Reg,
        f: u32,
    },
    /// Call the func value `R[b]` (nil: nil dereference panic) with
    /// arguments in `R[a..]`. Safe point.
    CallClosure {
        a: Reg,
        b: Reg,
    },
    /// Call method `Image::method_names[m]` of the interface value `R[a]`
    /// with arguments in `R[a+1..]`: `R[a]` is replaced by the receiver
    /// (the dynamic value, copied when the method takes an aggregate by
    /// value, or its address when ...) and the method found in the dynamic
    /// type's method table is called with base `a`. nil interface: nil
    /// dereference panic. Safe point.
    CallIface {
        a: Reg,
        m: u32,
    },
    /// Call native `Image::natives[f]` with `n` arguments in `R[a..]`;
    /// results land in `R[a..]`.
    CallNative {
        a: Reg,
        f: u16,
        n: u16,
    },
    /// Return `R[a .. a + n]` to the caller.
    Return {
        a: Reg,
        n: u16,
    },
    /// Push the func value `R[a]` (a thunk with its arguments captured)
    /// on this frame's defer list.
    Defer {
        a: Reg,
    },
    /// If this frame has deferred calls left, pop the last one and call it;
    /// when it returns, this instruction runs again (pc is not advanced).
    /// Otherwise continue.
    RunDefers,
    /// `R[a] := recover()`: the current panic value if this frame is a
    /// deferred call run by a panicking goroutine and the panic is not yet
    /// recovered (it becomes recovered); nil otherwise
    Recover {
        a: Reg,
    },
    /// `panic(R[a])` (an interface word); nil value panics with
    /// `panic called with nil argument (use runtime.PanicNilError)`... as Go
    Panic {
        a: Reg,
    },
    /// Start a goroutine running the func value `R[a]` (a thunk).
    Go {
        a: Reg,
    },

    // ---- channels (blocking ops are safe points: the goroutine parks and
    // the instruction runs again, completing, when it is woken)
    /// `R[a] := make(T[t], R[b])` (T[t] a channel type); a negative size
    /// panics `makechan: size out of range`
    MakeChan {
        a: Reg,
        b: Reg,
        t: u16,
    },
    /// `R[a] <- R[b]` (R[b] already private); nil channel blocks forever;
    /// closed channel panics `send on closed channel`
    Send {
        a: Reg,
        b: Reg,
    },
    /// `R[a] := <-R[b]` (the element's zero value once closed)
    Recv {
        a: Reg,
        b: Reg,
    },
    /// `R[a], R[a+1] := <-R[b]` with ok
    RecvOk {
        a: Reg,
        b: Reg,
    },
    /// `close(R[a])`: panics on nil or closed channels
    Close {
        a: Reg,
    },
    ChanLen {
        a: Reg,
        b: Reg,
    },
    ChanCap {
        a: Reg,
        b: Reg,
    },
    /// `select` described by `Proto::selects[d]`: `R[a] :=` the chosen
    /// case's index (-1 for `default`), `R[a+1] :=` the received value,
    /// `R[a+2] :=` its ok
    Select {
        a: Reg,
        d: u16,
    },

    // ---- fused compare-and-branch on integers (signed). Loops and `if`
    // conditions test and jump in one dispatch; `off` is relative to the
    // next instruction, like `Jmp`'s; backward ones are safe points.
    /// `if R[a] < R[b] { pc += off }`
    JmpLt {
        a: Reg,
        b: Reg,
        off: i16,
    },
    /// `if R[a] <= R[b] { pc += off }`
    JmpLe {
        a: Reg,
        b: Reg,
        off: i16,
    },
    /// `if R[a] == R[b] { pc += off }`
    JmpEq {
        a: Reg,
        b: Reg,
        off: i16,
    },
    /// `if R[a] != R[b] { pc += off }`
    JmpNe {
        a: Reg,
        b: Reg,
        off: i16,
    },
    /// `if R[a] < k { pc += off }`
    JmpLtK {
        a: Reg,
        k: i16,
        off: i16,
    },
    /// `if R[a] <= k { pc += off }`
    JmpLeK {
        a: Reg,
        k: i16,
        off: i16,
    },
    /// `if R[a] > k { pc += off }`
    JmpGtK {
        a: Reg,
        k: i16,
        off: i16,
    },
    /// `if R[a] >= k { pc += off }`
    JmpGeK {
        a: Reg,
        k: i16,
        off: i16,
    },
    /// `if R[a] == k { pc += off }`
    JmpEqK {
        a: Reg,
        k: i16,
        off: i16,
    },
    /// `if R[a] != k { pc += off }`
    JmpNeK {
        a: Reg,
        k: i16,
        off: i16,
    },

    // ---- control
    Jmp {
        off: i32,
    },
    JmpIf {
        a: Reg,
        off: i32,
    },
    JmpIfNot {
        a: Reg,
        off: i32,
    },
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
#[derive(Debug, Default)]
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
