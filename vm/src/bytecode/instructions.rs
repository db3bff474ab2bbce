//! The instruction table: one entry per instruction, the single place an
//! instruction is defined (as Lua's `lopcodes.h`, with the semantics of
//! `lvm.c` beside each entry).
//!
//! `for_each_op!(m)` calls the macro `m` with the whole table. From it
//! come the [`Op`](super::Op) enum and its docs, each operand's kind
//! ([`Op::operands`](super::Op::operands), which `load::verify` checks and
//! `disasm` prints), and the interpreter's dispatch (`interp::execute`),
//! so adding an instruction touches this table, and the load-time
//! verifier's dataflow rule for it (`interp::verify`, whose `match` has no
//! catch-all arm, so the compiler asks for one).
//!
//! # An entry
//! ```text
//! /// doc
//! @hot? Name { field: RustType [kind window?], ... } => { semantics }
//! ```
//! `@hot` puts the instruction in the run loop's hot function too (see
//! `interp::Goroutine::execute`): there `fail!`, `tryv!`'s error and a
//! safe point hand the instruction over to the full dispatch, which runs
//! it again from the start, so a hot body must not write anything before
//! it can fail, and may use only the macros the hot function defines
//! (`r!`, `konst!`, `g!`, `prog!`, `base!`, `pc!`, `fail!`, `tryv!`,
//! `jump!`, `cmp!`, `safe_point!`, `next_frame!`, `exit!`, `call!`,
//! `return_frame!`, `set_jump!`; the compiler rejects any other).
//! Operand kinds: `reg` (a register; with a window, the registers
//! `R[x] .. R[x + w]`: a number, another field, `captures(f)` for proto
//! `f`'s capture count, or `assert(d)` for 1 or 2 by the descriptor's
//! comma-ok), `imm` (an immediate), `konst` (index into `Proto::consts`),
//! `global`, `proto`, `native`, `method` (index into
//! `Image::method_names`), `rtype`, `assert` / `select` (indices into the
//! proto's descriptors) and `jump` (offset from the next instruction).
//!
//! # The semantics
//! Each body is expanded inside the run loop (`interp::Goroutine::execute`)
//! and may use only its operands and these macros, which that loop
//! defines (macro hygiene keeps the loop's own variables out of reach):
//! - `r!(x)`: register `x` of the running frame (a place); `konst!(k)`;
//! - `g!()`: the goroutine; `cx!()`: the scheduler context it runs under
//!   (`minigo_runtime::Cx`); `prog!()`, `rt!()` (the rtypes), `proto!()`,
//!   `fr!()` (the running `Frame`), `base!()` (its first register);
//! - `fail!(e)`: stop at this instruction with a `Trap`, or a `park::Stop`
//!   (blocked: it runs again on resume); `tryv!(result)`: the value, or
//!   `fail!` with the error;
//! - `jump!(off)`: a taken jump (a backward one is a safe point);
//!   `cmp!(a, cond)`: `R[a] := cond`, fused with a following
//!   `JmpIf`/`JmpIfNot` on `R[a]` (one dispatch for `LtU t; JmpIf t`);
//! - `safe_point!()`: yield here if preemption was requested (calls);
//! - `set_jump!(a, v, off)`: `R[a] := v` and a taken jump (the hot loop
//!   stops before the write when the jump is a safe point that must stop);
//! - `call!(f, a, closure)`: call proto `f` with its window at `R[a]`
//!   (saves the pc, pushes the frame, runs it); `call!(f, a, closure,
//!   recv)` first writes `R[a] := recv` (in the hot loop only once the
//!   call cannot hand over any more); `return_frame!()`: pop
//!   the running frame (its results in place) and run the caller;
//! - `next_frame!()`: the frame stack changed, run its top;
//!   `out!(outcome)`, `exit!(exec)`: leave the run loop;
//!   `refresh_regs!()`: re-derive the register window after something
//!   that may have grown it;
//! - `pc!()`: the index of the next instruction.
//!
//! Invariants every body relies on are the module docs' of `bytecode`:
//! registers in range and words of the static type (proved at load time by
//! `load::verify` and `interp::verify`).

/// Calls `$m!` with the instruction table (see the module docs); with
/// `for_each_op!(m, args)`, the table is preceded by `[args]`.
macro_rules! for_each_op {
    ($m:ident $(, $($arg:tt)*)?) => {
        $m! {
    $([$($arg)*])?
    /// Does nothing (patched-out instructions).
    Nop => {}

    // ---- moves and constants
    /// `R[a] := R[b]`
    @hot Move { a: Reg [reg], b: Reg [reg] } => { r!(a) = r!(b) }
    /// `R[a] := v` (sign-extended)
    @hot LoadInt { a: Reg [reg], v: i32 [imm] } => { r!(a) = v as i64 as u64 }
    /// `R[a] := K[k]`
    @hot LoadConst { a: Reg [reg], k: u32 [konst] } => { r!(a) = konst!(k) }
    /// `R[a] := value of global g` (`Image::globals[g]`)
    @hot LoadGlobal { a: Reg [reg], g: u32 [global] } => {
        r!(a) = heap::load(&prog!().globals[g as usize])
    }
    /// `global g := R[a]`
    @hot StoreGlobal { a: Reg [reg], g: u32 [global] } => {
        heap::store(&prog!().globals[g as usize], r!(a))
    }
    /// `R[a] := address of global g's slot` (`&g` for non-aggregate globals)
    @hot GlobalAddr { a: Reg [reg], g: u32 [global] } => {
        r!(a) = &prog!().globals[g as usize] as *const heap::Slot as usize as Word
    }
    /// `R[a] := the func value of top-level function f` (no captures)
    @hot LoadFunc { a: Reg [reg], f: u32 [proto] } => { r!(a) = prog!().func_words[f as usize] }
    /// `R[a] := closure of proto f capturing R[b .. b + Proto(f).ncaptures]`
    MakeClosure { a: Reg [reg], f: u16 [proto], b: Reg [reg captures(f)] } => {
        let n = prog!().protos[f as usize].ncaptures as usize;
        let caps: Vec<Word> = (0..n).map(|i| r!(b as usize + i)).collect();
        r!(a) = heap::new_closure(f as u32, caps);
    }
    /// `R[a] := captures[i]` of the running closure
    LoadCapture { a: Reg [reg], i: u16 [imm] } => {
        match heap::closure(fr!().closure).and_then(|c| c.captures.get(i as usize).copied()) {
            Some(v) => r!(a) = v,
            None => fail!(Trap::internal("capture out of range")),
        }
    }

    // ---- cells and pointers (pointer to a non-aggregate = slot address)
    /// `R[a] := new slot holding R[b]` (escaping variable, `new(T)` of a
    /// non-aggregate)
    NewCell { a: Reg [reg], b: Reg [reg] } => { r!(a) = heap::new_cell(r!(b)) }
    /// `R[a] := *R[b]`; nil pointer dereference panic if `R[b] == 0`
    @hot Load { a: Reg [reg], b: Reg [reg] } => {
        let p = r!(b);
        if p == 0 {
            fail!(Trap::nil_deref());
        }
        r!(a) = heap::ptr_load(p);
    }
    /// `*R[a] := R[b]`; nil pointer dereference panic if `R[a] == 0`
    @hot Store { a: Reg [reg], b: Reg [reg] } => {
        let p = r!(a);
        if p == 0 {
            fail!(Trap::nil_deref());
        }
        heap::ptr_store(p, r!(b));
    }

    // ---- aggregates (structs are boxes, arrays are `SliceObj` headers)
    /// `R[a] := zero value of T[t]`: 0 for non-aggregates, a fresh zeroed
    /// box/array (with fresh nested aggregates) otherwise. Hot: `&T{...}`
    /// in a recursive builder is otherwise the one instruction that leaves
    /// the hot loop (an allocation needs no saved pc: the heap profile
    /// takes the function's entry for the innermost frame).
    @hot Zero { a: Reg [reg], t: u32 [rtype] } => { r!(a) = value::zero(&prog!().rtypes, t) }
    /// `R[a] := field i of the struct box R[b]` (for an aggregate field, the
    /// nested box itself, not a copy); nil dereference panic if `R[b] == 0`
    @hot Field { a: Reg [reg], b: Reg [reg], i: u16 [imm] } => {
        let s = r!(b);
        if s == 0 {
            fail!(Trap::nil_deref());
        }
        r!(a) = heap::load(heap::field(s, i as usize));
    }
    /// `field i of R[a] := R[b]`; nil dereference panic if `R[a] == 0`
    @hot SetField { a: Reg [reg], i: u16 [imm], b: Reg [reg] } => {
        let s = r!(a);
        if s == 0 {
            fail!(Trap::nil_deref());
        }
        heap::store(heap::field(s, i as usize), r!(b));
    }
    /// `R[a] := address of field i of R[b]` (`&s.f`, f non-aggregate)
    @hot FieldAddr { a: Reg [reg], b: Reg [reg], i: u16 [imm] } => {
        let s = r!(b);
        if s == 0 {
            fail!(Trap::nil_deref());
        }
        r!(a) = heap::field(s, i as usize) as *const heap::Slot as usize as Word;
    }
    /// `R[a] := deep copy of the aggregate R[b] of type T[t]`
    Copy { a: Reg [reg], b: Reg [reg], t: u16 [rtype] } => {
        let s = r!(b);
        if s == 0 {
            fail!(Trap::nil_deref());
        }
        r!(a) = value::deep_copy(rt!(), s, t as u32)
    }
    /// `contents of aggregate R[a] := deep copy of contents of R[b]` (type
    /// T[t]); nested aggregates are copied into, so pointers stay valid
    CopyInto { a: Reg [reg], b: Reg [reg], t: u16 [rtype] } => {
        let (d, s) = (r!(a), r!(b));
        if d == 0 || s == 0 {
            fail!(Trap::nil_deref());
        }
        value::copy_into(rt!(), d, s, t as u32)
    }

    // ---- integers (i64 words; narrower types re-normalized with Ext)
    @hot AddI { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => { r!(a) = r!(b).wrapping_add(r!(c)) }
    @hot SubI { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => { r!(a) = r!(b).wrapping_sub(r!(c)) }
    @hot MulI { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => { r!(a) = r!(b).wrapping_mul(r!(c)) }
    /// signed `/`; panics `integer divide by zero`; MinInt64 / -1 wraps
    @hot DivI { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let d = r!(c) as i64;
        if d == 0 {
            fail!(Trap::divide());
        }
        r!(a) = (r!(b) as i64).wrapping_div(d) as u64;
    }
    @hot RemI { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let d = r!(c) as i64;
        if d == 0 {
            fail!(Trap::divide());
        }
        r!(a) = (r!(b) as i64).wrapping_rem(d) as u64;
    }
    /// unsigned `/`, `%` (on the u64 bits)
    @hot DivU { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let d = r!(c);
        if d == 0 {
            fail!(Trap::divide());
        }
        r!(a) = r!(b) / d;
    }
    @hot RemU { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let d = r!(c);
        if d == 0 {
            fail!(Trap::divide());
        }
        r!(a) = r!(b) % d;
    }
    @hot And { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => { r!(a) = r!(b) & r!(c) }
    @hot Or { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => { r!(a) = r!(b) | r!(c) }
    @hot Xor { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => { r!(a) = r!(b) ^ r!(c) }
    @hot AndNot { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => { r!(a) = r!(b) & !r!(c) }
    /// `R[b] << R[c]`; count as i64: negative panics `negative shift
    /// amount`, >= 64 gives 0
    @hot Shl { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let n = r!(c) as i64;
        if n < 0 {
            fail!(Trap::error_string("negative shift amount"));
        }
        r!(a) = if n >= 64 { 0 } else { r!(b) << n };
    }
    /// arithmetic `>>` (signed); count >= 64 gives 0 or -1
    @hot ShrS { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let n = r!(c) as i64;
        if n < 0 {
            fail!(Trap::error_string("negative shift amount"));
        }
        r!(a) = ((r!(b) as i64) >> n.min(63)) as u64;
    }
    /// logical `>>` (unsigned)
    @hot ShrU { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let n = r!(c) as i64;
        if n < 0 {
            fail!(Trap::error_string("negative shift amount"));
        }
        r!(a) = if n >= 64 { 0 } else { r!(b) >> n };
    }
    /// `R[a] := R[b] + k`
    @hot AddIK { a: Reg [reg], b: Reg [reg], k: i16 [imm] } => {
        r!(a) = r!(b).wrapping_add(k as i64 as u64)
    }
    /// `R[a] := R[b] * k`
    @hot MulIK { a: Reg [reg], b: Reg [reg], k: i16 [imm] } => {
        r!(a) = r!(b).wrapping_mul(k as i64 as u64)
    }
    /// signed `R[a] := R[b] / k` (k a non-zero constant, which the
    /// verifier checks; MinInt64 / -1 wraps)
    @hot DivIK { a: Reg [reg], b: Reg [reg], k: i16 [imm] } => {
        if k == 0 {
            fail!(Trap::divide());
        }
        r!(a) = (r!(b) as i64).wrapping_div(k as i64) as u64;
    }
    /// signed `R[a] := R[b] % k` (k a non-zero constant, as `DivIK`)
    @hot RemIK { a: Reg [reg], b: Reg [reg], k: i16 [imm] } => {
        if k == 0 {
            fail!(Trap::divide());
        }
        r!(a) = (r!(b) as i64).wrapping_rem(k as i64) as u64;
    }
    /// signed `R[a] := R[b] / d` for a constant `d` (|d| >= 2, i32) by
    /// multiply-by-magic: `K[m]` is the magic multiplier and `K[m+1]` packs
    /// `d` and the shift (`ops::div_magic`, checked by the verifier)
    @hot DivIM { a: Reg [reg], b: Reg [reg], m: u16 [konst] } => {
        r!(a) = ops::div_by_magic(r!(b) as i64, konst!(m), konst!(m as usize + 1)) as u64
    }
    /// signed `R[a] := R[b] % d`, as `DivIM` (Go's sign rule: `-7 % 2 == -1`)
    @hot RemIM { a: Reg [reg], b: Reg [reg], m: u16 [konst] } => {
        r!(a) = ops::rem_by_magic(r!(b) as i64, konst!(m), konst!(m as usize + 1)) as u64
    }
    /// `R[a] := R[b] & k` (k sign-extended; unsigned `% 2^n` is `& (2^n - 1)`)
    @hot AndIK { a: Reg [reg], b: Reg [reg], k: i16 [imm] } => { r!(a) = r!(b) & (k as i64 as u64) }
    @hot NegI { a: Reg [reg], b: Reg [reg] } => { r!(a) = (r!(b) as i64).wrapping_neg() as u64 }
    /// bitwise complement `^x`
    @hot BitNot { a: Reg [reg], b: Reg [reg] } => { r!(a) = !r!(b) }
    /// Re-normalize an integer to a narrower type: kind 0 = int8, 1 = int16,
    /// 2 = int32 (sign-extend), 3 = uint8, 4 = uint16, 5 = uint32 (zero-extend)
    @hot Ext { a: Reg [reg], b: Reg [reg], kind: u16 [imm] } => { r!(a) = ops::ext(r!(b), kind) }
    @hot EqI { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => { cmp!(a, r!(b) == r!(c)) }
    @hot NeI { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => { cmp!(a, r!(b) != r!(c)) }
    @hot LtI { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        cmp!(a, (r!(b) as i64) < (r!(c) as i64))
    }
    @hot LeI { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        cmp!(a, (r!(b) as i64) <= (r!(c) as i64))
    }
    /// unsigned comparisons
    @hot LtU { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => { cmp!(a, r!(b) < r!(c)) }
    @hot LeU { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => { cmp!(a, r!(b) <= r!(c)) }
    /// boolean not
    @hot Not { a: Reg [reg], b: Reg [reg] } => { r!(a) = (r!(b) == 0) as u64 }

    // ---- floats (f64 bits)
    @hot AddF { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        r!(a) = (f64::from_bits(r!(b)) + f64::from_bits(r!(c))).to_bits()
    }
    @hot SubF { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        r!(a) = (f64::from_bits(r!(b)) - f64::from_bits(r!(c))).to_bits()
    }
    @hot MulF { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        r!(a) = (f64::from_bits(r!(b)) * f64::from_bits(r!(c))).to_bits()
    }
    @hot DivF { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        r!(a) = (f64::from_bits(r!(b)) / f64::from_bits(r!(c))).to_bits()
    }
    @hot NegF { a: Reg [reg], b: Reg [reg] } => { r!(a) = (-f64::from_bits(r!(b))).to_bits() }
    @hot EqF { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        r!(a) = (f64::from_bits(r!(b)) == f64::from_bits(r!(c))) as u64
    }
    @hot NeF { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        r!(a) = (f64::from_bits(r!(b)) != f64::from_bits(r!(c))) as u64
    }
    @hot LtF { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        r!(a) = (f64::from_bits(r!(b)) < f64::from_bits(r!(c))) as u64
    }
    @hot LeF { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        r!(a) = (f64::from_bits(r!(b)) <= f64::from_bits(r!(c))) as u64
    }
    /// round to float32 precision (float32 arithmetic and conversions)
    @hot F32 { a: Reg [reg], b: Reg [reg] } => {
        r!(a) = (f64::from_bits(r!(b)) as f32 as f64).to_bits()
    }
    /// signed int → float
    @hot IToF { a: Reg [reg], b: Reg [reg] } => { r!(a) = (r!(b) as i64 as f64).to_bits() }
    /// unsigned int → float
    @hot UToF { a: Reg [reg], b: Reg [reg] } => { r!(a) = (r!(b) as f64).to_bits() }
    /// float → signed int (truncation toward zero)
    @hot FToI { a: Reg [reg], b: Reg [reg] } => { r!(a) = ops::f_to_i(f64::from_bits(r!(b))) as u64 }
    /// float → unsigned int
    @hot FToU { a: Reg [reg], b: Reg [reg] } => { r!(a) = ops::f_to_u(f64::from_bits(r!(b))) }

    // ---- complex numbers (boxed pairs of f64, 0 = 0+0i: see `cplx`)
    /// `R[a] := K[k]`, a complex constant (its own op so that the verifier
    /// knows the word is a complex box)
    LoadConstC { a: Reg [reg], k: u32 [konst] } => { r!(a) = konst!(k) }
    /// `R[a] := complex(R[b], R[c])` from two float words
    MakeC { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        r!(a) = crate::cplx::word(f64::from_bits(r!(b)), f64::from_bits(r!(c)))
    }
    /// `R[a] := real(R[b])` (f64 bits)
    RealC { a: Reg [reg], b: Reg [reg] } => { r!(a) = crate::cplx::parts(r!(b)).0.to_bits() }
    /// `R[a] := imag(R[b])` (f64 bits)
    ImagC { a: Reg [reg], b: Reg [reg] } => { r!(a) = crate::cplx::parts(r!(b)).1.to_bits() }
    AddC { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let v = crate::cplx::add(crate::cplx::parts(r!(b)), crate::cplx::parts(r!(c)));
        r!(a) = crate::cplx::word(v.0, v.1)
    }
    SubC { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let v = crate::cplx::sub(crate::cplx::parts(r!(b)), crate::cplx::parts(r!(c)));
        r!(a) = crate::cplx::word(v.0, v.1)
    }
    /// `*` (complex64 too: gc multiplies in float64, then `C64` rounds)
    MulC { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let v = crate::cplx::mul(crate::cplx::parts(r!(b)), crate::cplx::parts(r!(c)));
        r!(a) = crate::cplx::word(v.0, v.1)
    }
    /// `/` as Go's runtime `complex128div`: never panics (Inf/NaN results)
    DivC { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let v = crate::cplx::div(crate::cplx::parts(r!(b)), crate::cplx::parts(r!(c)));
        r!(a) = crate::cplx::word(v.0, v.1)
    }
    NegC { a: Reg [reg], b: Reg [reg] } => {
        let (re, im) = crate::cplx::parts(r!(b));
        r!(a) = crate::cplx::word(-re, -im)
    }
    EqC { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        cmp!(a, crate::cplx::eq(crate::cplx::parts(r!(b)), crate::cplx::parts(r!(c))))
    }
    NeC { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        cmp!(a, !crate::cplx::eq(crate::cplx::parts(r!(b)), crate::cplx::parts(r!(c))))
    }
    /// round both parts to float32 precision (complex64 results and
    /// conversions)
    C64 { a: Reg [reg], b: Reg [reg] } => {
        let v = crate::cplx::round64(crate::cplx::parts(r!(b)));
        r!(a) = crate::cplx::word(v.0, v.1)
    }

    // ---- strings
    /// `R[a] := R[b] + R[b+1] + ... + R[b+n-1]`
    Concat { a: Reg [reg], b: Reg [reg n], n: u16 [imm] } => {
        let mut len = 0usize;
        for i in 0..n as usize {
            len += heap::str_bytes(r!(b as usize + i)).len();
        }
        r!(a) = heap::new_str_with(len, |out| {
            let mut at = 0;
            for i in 0..n as usize {
                let s = heap::str_bytes(r!(b as usize + i));
                out[at..at + s.len()].copy_from_slice(s);
                at += s.len();
            }
        });
    }
    @hot StrEq { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        r!(a) = (heap::str_bytes(r!(b)) == heap::str_bytes(r!(c))) as u64
    }
    @hot StrNe { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        r!(a) = (heap::str_bytes(r!(b)) != heap::str_bytes(r!(c))) as u64
    }
    @hot StrLt { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        r!(a) = (heap::str_bytes(r!(b)) < heap::str_bytes(r!(c))) as u64
    }
    @hot StrLe { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        r!(a) = (heap::str_bytes(r!(b)) <= heap::str_bytes(r!(c))) as u64
    }
    @hot StrLen { a: Reg [reg], b: Reg [reg] } => { r!(a) = heap::str_bytes(r!(b)).len() as u64 }
    /// `R[a] := R[b][R[c]]` (a byte); index out of range panic
    @hot StrIndex { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let s = heap::str_bytes(r!(b));
        let i = r!(c);
        match s.get(i as usize) {
            Some(&x) => r!(a) = x as u64,
            None => fail!(Trap::index(i as i64, s.len())),
        }
    }
    /// `R[a] := R[b][lo:hi]` with `lo = R[b+1]` if `flags & 1` else 0,
    /// `hi = R[b+2]` if `flags & 2` else len; slice bounds panic
    StrSlice { a: Reg [reg], b: Reg [reg 3], flags: u16 [imm] } => {
        let s = heap::str_bytes(r!(b));
        let lo = if flags & 1 != 0 { r!(b as usize + 1) as i64 } else { 0 };
        let hi = if flags & 2 != 0 { r!(b as usize + 2) as i64 } else { s.len() as i64 };
        if lo < 0 || hi < lo || hi as u64 > s.len() as u64 {
            fail!(panic::slice2_error(lo, hi, s.len(), true));
        }
        r!(a) = heap::str_from_static(&s[lo as usize..hi as usize]);
    }
    /// decode the rune of string R[b] at byte offset R[b+1]:
    /// `R[a] := rune` (U+FFFD for invalid UTF-8), `R[a+1] := width` (>= 1)
    StrNextRune { a: Reg [reg 2], b: Reg [reg 2] } => {
        let s = heap::str_bytes(r!(b));
        let i = r!(b as usize + 1) as usize;
        let (rn, w) = match s.get(i..) {
            Some(rest) if !rest.is_empty() => value::decode_rune(rest),
            _ => (0xFFFD, 1),
        };
        r!(a) = rn as u64;
        r!(a as usize + 1) = w as u64;
    }
    /// `string(rune)`; invalid code points give "\uFFFD"
    RuneToStr { a: Reg [reg], b: Reg [reg] } => {
        let mut v = Vec::with_capacity(4);
        value::encode_rune(&mut v, r!(b) as i64);
        r!(a) = heap::new_str_owned(v);
    }
    /// `[]byte(s)`
    StrToBytes { a: Reg [reg], b: Reg [reg] } => { r!(a) = ops::str_to_bytes(r!(b)) }
    /// `string(bs)`
    BytesToStr { a: Reg [reg], b: Reg [reg] } => { r!(a) = ops::bytes_to_str(r!(b)) }
    /// `[]rune(s)`
    StrToRunes { a: Reg [reg], b: Reg [reg] } => { r!(a) = ops::str_to_runes(r!(b)) }
    /// `string(rs)`
    RunesToStr { a: Reg [reg], b: Reg [reg] } => { r!(a) = ops::runes_to_str(r!(b)) }

    // ---- slices and arrays (`SliceObj` headers)
    /// `R[a] := make([]E, R[b], R[b+1])` where T[t] is the slice type (E
    /// aggregate → each element a fresh zero value); panics `makeslice: len
    /// out of range` / `makeslice: cap out of range`
    MakeSlice { a: Reg [reg], b: Reg [reg 2], t: u16 [rtype] } => {
        // A big array waits for a collection that a big one asked for
        // (its size in words: an inline struct element is K of them).
        let elem = &rt!()[rt!()[t as usize].elem as usize];
        let words = r!(b as usize + 1).saturating_mul(elem.inline_stride(rt!()).max(1) as u64);
        if heap::big_alloc_must_wait(words) {
            heap::big_alloc_wait(preempt!());
            safe_point!();
        }
        r!(a) = tryv!(ops::make_slice(rt!(), t as u32, r!(b) as i64, r!(b as usize + 1) as i64))
    }
    /// `R[a] := R[b][R[c]]` for a slice or array; `index out of range [i]
    /// with length n` panic
    @hot Index { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let s = heap::slice_or_nil(r!(b));
        let i = r!(c);
        match s.get(i as usize) {
            Some(x) => r!(a) = x,
            None => fail!(Trap::index(i as i64, s.len())),
        }
    }
    /// `R[a][R[b]] := R[c]`
    @hot SetIndex { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let s = heap::slice_or_nil(r!(a));
        let i = r!(b);
        if !s.set(i as usize, r!(c)) {
            fail!(Trap::index(i as i64, s.len()));
        }
    }
    /// `R[a][R[b]] := k` (a small integer or boolean constant, as `LoadInt`
    /// then `SetIndex`)
    @hot SetIndexK { a: Reg [reg], b: Reg [reg], k: i16 [imm] } => {
        let s = heap::slice_or_nil(r!(a));
        let i = r!(b);
        if !s.set(i as usize, k as i64 as u64) {
            fail!(Trap::index(i as i64, s.len()));
        }
    }
    /// `R[a] := &R[b][R[c]]` (address of the element: a slot, or a tagged
    /// narrow element's address, `heap::NARROW_PTR`)
    @hot IndexAddr { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let s = heap::slice_or_nil(r!(b));
        let i = r!(c);
        match s.elem_addr(i as usize) {
            Some(x) => r!(a) = x,
            None => fail!(Trap::index(i as i64, s.len())),
        }
    }
    /// `R[a] := R[b][lo:hi:max]` on a slice or array, operands `R[b+1]`,
    /// `R[b+2]`, `R[b+3]` present per `flags` bits 1, 2, 4 (defaults 0,
    /// len, cap); Go's `slice bounds out of range` panics
    SliceExpr { a: Reg [reg], b: Reg [reg 4], flags: u16 [imm] } => {
        let x = r!(b);
        let lo = r!(b as usize + 1);
        let hi = r!(b as usize + 2);
        let max = r!(b as usize + 3);
        r!(a) = tryv!(ops::slice_expr(x, flags, lo, hi, max));
    }
    @hot SliceLen { a: Reg [reg], b: Reg [reg] } => {
        r!(a) = heap::slice_or_nil(r!(b)).len() as u64
    }
    @hot SliceCap { a: Reg [reg], b: Reg [reg] } => {
        r!(a) = heap::slice_or_nil(r!(b)).cap() as u64
    }
    /// `R[a] := append(R[b], R[b+1])` for slice type T[t] (several
    /// elements are appended one instruction each); the appended word is
    /// already a private (fresh) value; when the array grows, aggregate
    /// elements are deep-copied into the new array (Go copies values).
    Append { a: Reg [reg], b: Reg [reg 2], t: u16 [rtype] } => {
        r!(a) = ops::append(rt!(), t as u32, r!(b), r!(b as usize + 1), false)
    }
    /// `Append` to a slice whose backing array does not escape: Go (1.25+)
    /// gives its first allocation a 32-byte stack buffer, visible in `cap`
    /// (`append(nil, 1)` on a local `[]int` gets capacity 4). An op of its
    /// own (not a flag bit in `t`), so that `t` has all 16 bits.
    AppendStack { a: Reg [reg], b: Reg [reg 2], t: u16 [rtype] } => {
        r!(a) = ops::append(rt!(), t as u32, r!(b), r!(b as usize + 1), true)
    }
    /// `R[a] := append(R[b], R[b+1]...)` for slice type T[t]. When the
    /// source `R[b+1]` is a string (`append(bs, s...)`), `t` is instead the
    /// rtype of `string`: a word alone cannot tell a string from a slice.
    AppendSlice { a: Reg [reg], b: Reg [reg 2], t: u16 [rtype] } => {
        r!(a) = ops::append_slice(rt!(), t as u32, r!(b), r!(b as usize + 1), false)
    }
    /// `AppendSlice` to a slice that does not escape (as `AppendStack`).
    AppendSliceStack { a: Reg [reg], b: Reg [reg 2], t: u16 [rtype] } => {
        r!(a) = ops::append_slice(rt!(), t as u32, r!(b), r!(b as usize + 1), true)
    }
    /// `R[a] := copy(R[b], R[b+1])`, same convention for a string source
    CopySlice { a: Reg [reg], b: Reg [reg 2], t: u16 [rtype] } => {
        r!(a) = ops::copy_slice(rt!(), t as u32, r!(b), r!(b as usize + 1))
    }

    // ---- maps
    /// `R[a] := make(T[t], hint R[b])`
    MakeMap { a: Reg [reg], t: u16 [rtype], b: Reg [reg] } => {
        let hint = (r!(b) as i64).max(0) as usize;
        r!(a) = map::new_map(rt!(), t as u32, hint);
    }
    /// `R[a] := R[b][R[c]]` (the value type's zero value when absent)
    /// (The map bodies are calls out of line: inlined, they made every
    /// Go call of the hot loop ~20 machine instructions dearer. First a
    /// small function taking and returning registers, `map::get_fast`,
    /// for int and string keys; the full path when it cannot answer.)
    @hot MapGet { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        r!(a) = match map::get_fast(r!(b), r!(c)) {
            Some((v, _)) => v,
            None => tryv!(ops::map_get(&prog!().rtypes, r!(b), r!(c))).0,
        }
    }
    /// `R[a], R[a+1] := R[b][R[c]]` with ok
    @hot MapGetOk { a: Reg [reg 2], b: Reg [reg], c: Reg [reg] } => {
        let (v, ok) = match map::get_fast(r!(b), r!(c)) {
            Some(r) => r,
            None => tryv!(ops::map_get(&prog!().rtypes, r!(b), r!(c))),
        };
        r!(a) = v;
        r!(a as usize + 1) = ok as Word;
    }
    /// `R[a][R[b]] := R[c]`; panics `assignment to entry in nil map`
    @hot MapSet { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        if !map::set_fast(r!(a), r!(b), r!(c)) {
            tryv!(ops::map_set(&prog!().rtypes, r!(a), r!(b), r!(c)))
        }
    }
    /// `delete(R[a], R[b])`
    MapDelete { a: Reg [reg], b: Reg [reg] } => {
        if let Some(m) = map::map_ref(r!(a)) {
            tryv!(m.delete(rt!(), r!(b)))
        }
    }
    MapLen { a: Reg [reg], b: Reg [reg] } => {
        r!(a) = match map::map_ref(r!(b)) {
            None => 0,
            Some(m) => tryv!(m.len()) as u64,
        }
    }
    /// `R[a] := an iterator over map R[b]` (0 for a nil map): the start
    /// of a `range`, O(1) (see `interp::map::MapIter` for Go's rules on
    /// entries added and deleted meanwhile)
    MapIter { a: Reg [reg], b: Reg [reg] } => {
        r!(a) = match map::map_ref(r!(b)) {
            None => 0,
            Some(m) => tryv!(m.iter()),
        };
    }
    /// `R[a], R[a+1], R[a+2] := key, value, 1` of the next entry of the
    /// iterator R[b]; `R[a+2] := 0` (and the others unchanged) at the end
    MapNext { a: Reg [reg 3], b: Reg [reg] } => {
        let next = match map::iter_ref(r!(b)) {
            None => None,
            Some(it) => tryv!(it.next()),
        };
        match next {
            Some((k, v)) => {
                r!(a) = k;
                r!(a as usize + 1) = v;
                r!(a as usize + 2) = 1;
            }
            None => r!(a as usize + 2) = 0,
        }
    }
    /// `clear(R[a])` for a map
    MapClear { a: Reg [reg] } => {
        if let Some(m) = map::map_ref(r!(a)) {
            tryv!(m.clear())
        }
    }

    // ---- interfaces
    /// `R[a] := interface value of dynamic type T[t] holding R[b]` (R[b]
    /// already private for aggregates)
    MakeIface { a: Reg [reg], b: Reg [reg], t: u16 [rtype] } => {
        r!(a) = prog!().convt.convt(rt!(), t as u32, r!(b))
    }
    /// Type assertion `R[b].(T)` described by `Proto::asserts[d]`: without
    /// comma-ok, `R[a] := value` or panic `interface conversion: ...`; with
    /// comma-ok, `R[a] := value or zero`, `R[a+1] := ok`
    TypeAssert { a: Reg [reg assert(d)], b: Reg [reg], d: u16 [assert] } => {
        let desc = proto!().asserts[d as usize];
        match ops::type_assert(prog!(), r!(b), &desc) {
            Ok(v) => {
                r!(a) = v;
                if desc.comma_ok {
                    r!(a as usize + 1) = 1;
                }
            }
            Err(t) => {
                if desc.comma_ok {
                    r!(a) = value::zero(rt!(), desc.target);
                    r!(a as usize + 1) = 0;
                } else {
                    fail!(t);
                }
            }
        }
    }
    /// `R[a] := R[b] == R[b+1]` compared as values of type T[t] (strings by
    /// bytes, interfaces by dynamic type and value — panicking on
    /// uncomparable dynamic types — structs and arrays element-wise)
    EqVal { a: Reg [reg], b: Reg [reg 2], t: u16 [rtype] } => {
        r!(a) = tryv!(value::equal(rt!(), r!(b), r!(b as usize + 1), t as u32)) as u64
    }
    /// `R[a] := (R[b] == 0)` (nil test of any reference kind)
    @hot IsNil { a: Reg [reg], b: Reg [reg] } => { r!(a) = (r!(b) == 0) as u64 }
    /// `R[a] := the dynamic type id of interface R[b]` (or `u32::MAX` as
    /// -1 for nil), used by type switches
    @hot IfaceType { a: Reg [reg], b: Reg [reg] } => {
        r!(a) = match heap::iface(r!(b)) {
            None => -1i64 as u64,
            Some(i) => i.rtype as u64,
        }
    }

    // ---- calls
    /// Call top-level proto f with arguments in `R[a..]`; its results land
    /// in `R[a..]`. Safe point.
    @hot Call { a: Reg [reg], f: u32 [proto] } => {
        safe_point!();
        call!(f, a, 0);
    }
    /// Call the func value `R[b]` (nil: nil dereference panic) with
    /// arguments in `R[a..]`. Safe point.
    @hot CallClosure { a: Reg [reg], b: Reg [reg] } => {
        safe_point!();
        let w = r!(b);
        let Some(clo) = heap::closure(w) else {
            fail!(Trap::nil_deref());
        };
        call!(clo.func, a, w);
    }
    /// Call method `Image::method_names[m]` of the interface value `R[a]`
    /// with arguments in `R[a+1..]`: `R[a]` is replaced by the receiver
    /// (the dynamic value, copied when the method takes an aggregate by
    /// value, or dereferenced per the method table's `RecvAdjust`) and the
    /// method found in the dynamic type's method table is called with base
    /// `a`. nil interface: nil dereference panic. Safe point.
    @hot CallIface { a: Reg [reg], m: u32 [method] } => {
        safe_point!();
        let Some(i) = heap::iface(r!(a)) else {
            fail!(Trap::nil_deref());
        };
        // The method looked up once; only a copied or dereferenced
        // receiver (or a missing method) goes out of line.
        let (func, recv) = match ops::find_method(prog!(), i.rtype, m) {
            Some(mt) if mt.adjust == crate::bytecode::RecvAdjust::None => (mt.func, i.data),
            Some(mt) => (
                mt.func,
                tryv!(ops::adjust_receiver(prog!(), mt.adjust, i.rtype, i.data)),
            ),
            None => tryv!(ops::method_receiver(prog!(), i.rtype, i.data, m)),
        };
        call!(func, a, 0, recv);
    }
    /// Call native `Image::natives[f]` with `n` arguments in `R[a..]`;
    /// results land in `R[a..]`.
    CallNative { a: Reg [reg n], f: u16 [native], n: u16 [imm] } => {
        g!().save_pc(pc!());
        match g!().call_native(cx!(), prog!(), f, base!() + a as usize, n) {
            Ok(true) => refresh_regs!(),
            Ok(false) => {
                g!().save_pc(pc!());
                out!(RunOutcome::Yield)
            }
            Err(s) => fail!(s),
        }
    }
    /// Return `R[a .. a + n]` to the caller.
    @hot Return { a: Reg [reg n], n: u16 [imm] } => {
        if n == 1 {
            r!(0) = r!(a);
        } else if a != 0 {
            for i in 0..n as usize {
                r!(i) = r!(a as usize + i);
            }
        }
        return_frame!();
    }
    /// Return `R[a]` to the caller: `Return { a, n: 1 }`, which the loader
    /// rewrites to this (`load::Program::new`; the compiler never emits it).
    @hot Return1 { a: Reg [reg] } => {
        r!(0) = r!(a);
        return_frame!();
    }
    /// Push the func value `R[a]` (a thunk with its arguments captured)
    /// on this frame's defer list.
    Defer { a: Reg [reg] } => { g!().defers.push(r!(a)) }
    /// `R[a] := this frame's token` (an int naming it among the
    /// goroutine's frames): where a range-over-func loop body, a closure
    /// called further up the stack, puts its deferred calls (`DeferAt`)
    FrameToken { a: Reg [reg] } => { r!(a) = g!().frame_token() }
    /// Push the func value `R[a]` (a thunk) on the defer list of the frame
    /// whose `FrameToken` is `R[b]`, below the frames above it: a `defer`
    /// in a range-over-func loop body runs when the function containing
    /// the loop returns
    DeferAt { a: Reg [reg], b: Reg [reg] } => {
        tryv!(g!().defer_at(r!(a), r!(b)));
        // The running frame's `defer_start` moved up by one.
        g!().save_pc(pc!());
        next_frame!();
    }
    /// Entry to a range-over-func loop body whose state cell is `R[a]`:
    /// panic unless the state is ready (the iterator called `yield` again
    /// after the body returned false, after a panic or after the loop),
    /// then mark it running (a panic leaves it so)
    RangeEnter { a: Reg [reg] } => {
        let p = r!(a);
        if p == 0 {
            fail!(Trap::nil_deref());
        }
        tryv!(range_state::enter(p));
    }
    /// After the iterator of a range-over-func loop returned: panic if it
    /// swallowed a panic of the loop body, then mark the loop exhausted
    RangeExit { a: Reg [reg] } => {
        let p = r!(a);
        if p == 0 {
            fail!(Trap::nil_deref());
        }
        tryv!(range_state::exit(p));
    }
    /// If this frame has deferred calls left, pop the last one and call it;
    /// when it returns, this instruction runs again (pc is not advanced).
    /// Otherwise continue.
    RunDefers => {
        if g!().defers.len() > fr!().defer_start as usize {
            let thunk = g!().defers.pop().unwrap_or(0);
            g!().save_pc(pc!() - 1);
            let nb = base!() + proto!().nregs as usize;
            match heap::closure(thunk) {
                None => fail!(Trap::nil_deref()),
                Some(c) => tryv!(g!().enter(c.func, nb, thunk, FrameKind::Defer, 0)),
            }
            next_frame!();
        }
    }
    /// `R[a] := recover()`: the current panic value if this frame is a
    /// deferred call run by a panicking goroutine and the panic is not yet
    /// recovered (it becomes recovered); nil otherwise
    Recover { a: Reg [reg] } => { r!(a) = g!().try_recover(prog!()) }
    /// `panic(R[a])` (an interface word); a nil value panics with
    /// `panic called with nil argument`, as Go's `PanicNilError`
    Panic { a: Reg [reg] } => {
        let v = r!(a);
        if v == 0 {
            fail!(Trap::rt(RtKind::PanicNil, "panic called with nil argument"));
        }
        fail!(Trap::Panic(v));
    }
    /// Start a goroutine running the func value `R[a]` (a thunk).
    Go { a: Reg [reg] } => {
        let thunk = r!(a);
        g!().save_pc(pc!());
        tryv!(g!().go(cx!(), thunk));
    }

    // ---- channels (blocking ops are safe points: the goroutine parks and
    // the instruction runs again, completing, when it is woken)
    /// `R[a] := make(T[t], R[b])` (T[t] a channel type); a negative size
    /// panics `makechan: size out of range`
    MakeChan { a: Reg [reg], b: Reg [reg], t: u16 [rtype] } => {
        r!(a) = tryv!(chan::make_chan(prog!(), t as u32, r!(b) as i64))
    }
    /// `R[a] <- R[b]` (R[b] already private); nil channel blocks forever;
    /// closed channel panics `send on closed channel`
    Send { a: Reg [reg], b: Reg [reg] } => {
        let (ch, v) = (r!(a), r!(b));
        tryv!(g!().chan_send(cx!(), ch, v));
    }
    /// `R[a] := <-R[b]` (the element's zero value once closed)
    Recv { a: Reg [reg], b: Reg [reg] } => {
        let ch = r!(b);
        r!(a) = tryv!(g!().chan_recv(cx!(), prog!(), ch)).0;
    }
    /// `R[a], R[a+1] := <-R[b]` with ok
    RecvOk { a: Reg [reg 2], b: Reg [reg] } => {
        let ch = r!(b);
        let (v, ok) = tryv!(g!().chan_recv(cx!(), prog!(), ch));
        r!(a) = v;
        r!(a as usize + 1) = ok as u64;
    }
    /// `close(R[a])`: panics on nil or closed channels
    Close { a: Reg [reg] } => {
        let ch = r!(a);
        tryv!(g!().chan_close(cx!(), ch));
    }
    ChanLen { a: Reg [reg], b: Reg [reg] } => { r!(a) = chan::chan_len(r!(b)) as u64 }
    ChanCap { a: Reg [reg], b: Reg [reg] } => { r!(a) = chan::chan_cap(r!(b)) as u64 }
    /// `select` described by `Proto::selects[d]`: `R[a] :=` the chosen
    /// case's index (-1 for `default`), `R[a+1] :=` the received value,
    /// `R[a+2] :=` its ok
    Select { a: Reg [reg 3], d: u16 [select] } => {
        let desc = &proto!().selects[d as usize];
        let cases: Vec<(bool, Word, Word)> = desc
            .cases
            .iter()
            .map(|c| (c.send, r!(c.ch), if c.send { r!(c.val) } else { 0 }))
            .collect();
        let (i, v, ok) = tryv!(g!().chan_select(cx!(), prog!(), &cases, desc.has_default));
        r!(a) = i as u64;
        r!(a as usize + 1) = v;
        r!(a as usize + 2) = ok as u64;
    }

    // ---- fused compare-and-branch on integers (signed). Loops and `if`
    // conditions test and jump in one dispatch; `off` is relative to the
    // next instruction, like `Jmp`'s; backward ones are safe points.
    /// `if R[a] < R[b] { pc += off }`
    @hot JmpLt { a: Reg [reg], b: Reg [reg], off: i16 [jump] } => {
        if (r!(a) as i64) < (r!(b) as i64) {
            jump!(off)
        }
    }
    /// `if R[a] <= R[b] { pc += off }`
    @hot JmpLe { a: Reg [reg], b: Reg [reg], off: i16 [jump] } => {
        if (r!(a) as i64) <= (r!(b) as i64) {
            jump!(off)
        }
    }
    /// `if R[a] == R[b] { pc += off }`
    @hot JmpEq { a: Reg [reg], b: Reg [reg], off: i16 [jump] } => {
        if r!(a) == r!(b) {
            jump!(off)
        }
    }
    /// `if R[a] != R[b] { pc += off }`
    @hot JmpNe { a: Reg [reg], b: Reg [reg], off: i16 [jump] } => {
        if r!(a) != r!(b) {
            jump!(off)
        }
    }
    /// `if R[a] < k { pc += off }`
    @hot JmpLtK { a: Reg [reg], k: i16 [imm], off: i16 [jump] } => {
        if (r!(a) as i64) < k as i64 {
            jump!(off)
        }
    }
    /// `if R[a] <= k { pc += off }`
    @hot JmpLeK { a: Reg [reg], k: i16 [imm], off: i16 [jump] } => {
        if (r!(a) as i64) <= k as i64 {
            jump!(off)
        }
    }
    /// `if R[a] > k { pc += off }`
    @hot JmpGtK { a: Reg [reg], k: i16 [imm], off: i16 [jump] } => {
        if (r!(a) as i64) > k as i64 {
            jump!(off)
        }
    }
    /// `if R[a] >= k { pc += off }`
    @hot JmpGeK { a: Reg [reg], k: i16 [imm], off: i16 [jump] } => {
        if (r!(a) as i64) >= k as i64 {
            jump!(off)
        }
    }
    /// `if R[a] == k { pc += off }`
    @hot JmpEqK { a: Reg [reg], k: i16 [imm], off: i16 [jump] } => {
        if r!(a) as i64 == k as i64 {
            jump!(off)
        }
    }
    /// `if R[a] != k { pc += off }`
    @hot JmpNeK { a: Reg [reg], k: i16 [imm], off: i16 [jump] } => {
        if r!(a) as i64 != k as i64 {
            jump!(off)
        }
    }

    /// `if R[a] < K[k] { pc += off }` (an integer constant too wide for
    /// the `K` forms: a loop bound)
    @hot JmpLtC { a: Reg [reg], k: u16 [konst], off: i16 [jump] } => {
        if (r!(a) as i64) < (konst!(k) as i64) {
            jump!(off)
        }
    }
    /// `if R[a] <= K[k] { pc += off }`
    @hot JmpLeC { a: Reg [reg], k: u16 [konst], off: i16 [jump] } => {
        if (r!(a) as i64) <= (konst!(k) as i64) {
            jump!(off)
        }
    }
    /// `if R[a] > K[k] { pc += off }`
    @hot JmpGtC { a: Reg [reg], k: u16 [konst], off: i16 [jump] } => {
        if (r!(a) as i64) > (konst!(k) as i64) {
            jump!(off)
        }
    }
    /// `if R[a] >= K[k] { pc += off }`
    @hot JmpGeC { a: Reg [reg], k: u16 [konst], off: i16 [jump] } => {
        if (r!(a) as i64) >= (konst!(k) as i64) {
            jump!(off)
        }
    }

    // ---- counting loops: `for ...; i < n; i++` tests and steps in one
    // dispatch at the bottom of the loop (the compiler tests once before
    // the first iteration). `i` wraps as an int64 does.
    /// `R[a] += 1; if R[a] < R[b] { pc += off }`
    @hot IncJmpLt { a: Reg [reg], b: Reg [reg], off: i16 [jump] } => {
        let v = r!(a).wrapping_add(1);
        if (v as i64) < (r!(b) as i64) {
            set_jump!(a, v, off)
        } else {
            r!(a) = v
        }
    }
    /// `R[a] += 1; if R[a] < k { pc += off }`
    @hot IncJmpLtK { a: Reg [reg], k: i16 [imm], off: i16 [jump] } => {
        let v = r!(a).wrapping_add(1);
        if (v as i64) < k as i64 {
            set_jump!(a, v, off)
        } else {
            r!(a) = v
        }
    }
    /// `R[a] += 1; if R[a] < K[k] { pc += off }`
    @hot IncJmpLtC { a: Reg [reg], k: u16 [konst], off: i16 [jump] } => {
        let v = r!(a).wrapping_add(1);
        if (v as i64) < (konst!(k) as i64) {
            set_jump!(a, v, off)
        } else {
            r!(a) = v
        }
    }

    /// `R[a] += 1; if R[a] <= R[b] { pc += off }` (`for ...; i <= n; i++`)
    @hot IncJmpLe { a: Reg [reg], b: Reg [reg], off: i16 [jump] } => {
        let v = r!(a).wrapping_add(1);
        if (v as i64) <= (r!(b) as i64) {
            set_jump!(a, v, off)
        } else {
            r!(a) = v
        }
    }

    // ---- control
    /// `pc += off`
    @hot Jmp { off: i32 [jump] } => { jump!(off) }
    /// `if R[a] != 0 { pc += off }`
    @hot JmpIf { a: Reg [reg], off: i32 [jump] } => {
        if r!(a) != 0 {
            jump!(off)
        }
    }
    /// `if R[a] == 0 { pc += off }`
    @hot JmpIfNot { a: Reg [reg], off: i32 [jump] } => {
        if r!(a) == 0 {
            jump!(off)
        }
    }

    // ---- `-race` twins (`interp::race`): the loader puts them in place of
    // the memory and channel instructions of the program's own functions
    // when `-race` is on; each is its original plus the detector's hook,
    // and the verifier checks it as the original (`race::unrace`).
    /// `LoadGlobal`, a read of the global
    RaceLoadGlobal { a: Reg [reg], g: u32 [global] } => {
        let s = &prog!().globals[g as usize];
        race::access(g!(), pc!() - 1, s as *const heap::Slot as u64, false);
        r!(a) = heap::load(s)
    }
    /// `StoreGlobal`, a write of the global
    RaceStoreGlobal { a: Reg [reg], g: u32 [global] } => {
        let s = &prog!().globals[g as usize];
        race::access(g!(), pc!() - 1, s as *const heap::Slot as u64, true);
        heap::store(s, r!(a))
    }
    /// `Load`, a read of `*R[b]`
    RaceLoad { a: Reg [reg], b: Reg [reg] } => {
        let p = r!(b);
        if p == 0 {
            fail!(Trap::nil_deref());
        }
        race::access(g!(), pc!() - 1, p, false);
        r!(a) = heap::ptr_load(p);
    }
    /// `Store`, a write of `*R[a]`
    RaceStore { a: Reg [reg], b: Reg [reg] } => {
        let p = r!(a);
        if p == 0 {
            fail!(Trap::nil_deref());
        }
        race::access(g!(), pc!() - 1, p, true);
        heap::ptr_store(p, r!(b));
    }
    /// `Field`, a read of the field
    RaceField { a: Reg [reg], b: Reg [reg], i: u16 [imm] } => {
        let s = r!(b);
        if s == 0 {
            fail!(Trap::nil_deref());
        }
        let f = heap::field(s, i as usize);
        race::access(g!(), pc!() - 1, f as *const heap::Slot as u64, false);
        r!(a) = heap::load(f);
    }
    /// `SetField`, a write of the field
    RaceSetField { a: Reg [reg], i: u16 [imm], b: Reg [reg] } => {
        let s = r!(a);
        if s == 0 {
            fail!(Trap::nil_deref());
        }
        let f = heap::field(s, i as usize);
        race::access(g!(), pc!() - 1, f as *const heap::Slot as u64, true);
        heap::store(f, r!(b));
    }
    /// `Index`, a read of the element
    @hot RaceIndex { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let s = heap::slice_or_nil(r!(b));
        let i = r!(c);
        match (s.get(i as usize), s.elem_addr(i as usize)) {
            (Some(x), Some(p)) => {
                // An inline struct element's word is its address, read from
                // no memory: its fields' accesses are what count.
                if s.stride() == 0 {
                    race::access(g!(), pc!() - 1, p, false);
                }
                r!(a) = x
            }
            _ => fail!(Trap::index(i as i64, s.len())),
        }
    }
    /// `SetIndex`, a write of the element
    @hot RaceSetIndex { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        let s = heap::slice_or_nil(r!(a));
        let i = r!(b);
        let Some(p) = s.elem_addr(i as usize) else {
            fail!(Trap::index(i as i64, s.len()));
        };
        race::access(g!(), pc!() - 1, p, true);
        s.set(i as usize, r!(c));
    }
    /// `SetIndexK`, a write of the element
    @hot RaceSetIndexK { a: Reg [reg], b: Reg [reg], k: i16 [imm] } => {
        let s = heap::slice_or_nil(r!(a));
        let i = r!(b);
        let Some(p) = s.elem_addr(i as usize) else {
            fail!(Trap::index(i as i64, s.len()));
        };
        race::access(g!(), pc!() - 1, p, true);
        s.set(i as usize, k as i64 as u64);
    }
    /// `MapGet`, a read of the map
    RaceMapGet { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        if r!(b) != 0 {
            race::access(g!(), pc!() - 1, r!(b), false);
        }
        r!(a) = match map::map_ref(r!(b)) {
            None => tryv!(ops::map_zero_get(rt!(), r!(b), r!(c))),
            Some(m) => match tryv!(m.get(rt!(), r!(c))) {
                Some(v) => v,
                None => value::zero(rt!(), m.val_t),
            },
        }
    }
    /// `MapGetOk`, a read of the map
    RaceMapGetOk { a: Reg [reg 2], b: Reg [reg], c: Reg [reg] } => {
        if r!(b) != 0 {
            race::access(g!(), pc!() - 1, r!(b), false);
        }
        let (v, ok) = match map::map_ref(r!(b)) {
            None => (tryv!(ops::map_zero_get(rt!(), r!(b), r!(c))), 0),
            Some(m) => match tryv!(m.get(rt!(), r!(c))) {
                Some(v) => (v, 1),
                None => (value::zero(rt!(), m.val_t), 0),
            },
        };
        r!(a) = v;
        r!(a as usize + 1) = ok;
    }
    /// `MapSet`, a write of the map
    RaceMapSet { a: Reg [reg], b: Reg [reg], c: Reg [reg] } => {
        match map::map_ref(r!(a)) {
            None => fail!(Trap::plain("assignment to entry in nil map")),
            Some(m) => {
                race::access(g!(), pc!() - 1, r!(a), true);
                tryv!(m.set(rt!(), r!(b), r!(c)))
            }
        }
    }
    /// `MapDelete`, a write of the map
    RaceMapDelete { a: Reg [reg], b: Reg [reg] } => {
        if let Some(m) = map::map_ref(r!(a)) {
            race::access(g!(), pc!() - 1, r!(a), true);
            tryv!(m.delete(rt!(), r!(b)))
        }
    }
    /// `Append`: a write of the new element (and, when the array grows,
    /// reads of the old ones, as Go's `growslice`)
    RaceAppend { a: Reg [reg], b: Reg [reg 2], t: u16 [rtype] } => {
        let s = r!(b);
        let out = ops::append(rt!(), t as u32, s, r!(b as usize + 1), false);
        race::append(g!(), pc!() - 1, s, out, 0, 1);
        r!(a) = out
    }
    /// `AppendStack`, as `RaceAppend`
    RaceAppendStack { a: Reg [reg], b: Reg [reg 2], t: u16 [rtype] } => {
        let s = r!(b);
        let out = ops::append(rt!(), t as u32, s, r!(b as usize + 1), true);
        race::append(g!(), pc!() - 1, s, out, 0, 1);
        r!(a) = out
    }
    /// `AppendSlice`: reads of the source's elements, writes of the new ones
    RaceAppendSlice { a: Reg [reg], b: Reg [reg 2], t: u16 [rtype] } => {
        let (s, src) = (r!(b), r!(b as usize + 1));
        let out = ops::append_slice(rt!(), t as u32, s, src, false);
        race::append(g!(), pc!() - 1, s, out, race::src_slice(rt!(), t, src), 0);
        r!(a) = out
    }
    /// `AppendSliceStack`, as `RaceAppendSlice`
    RaceAppendSliceStack { a: Reg [reg], b: Reg [reg 2], t: u16 [rtype] } => {
        let (s, src) = (r!(b), r!(b as usize + 1));
        let out = ops::append_slice(rt!(), t as u32, s, src, true);
        race::append(g!(), pc!() - 1, s, out, race::src_slice(rt!(), t, src), 0);
        r!(a) = out
    }
    /// `CopySlice`: reads of the source's elements, writes of the
    /// destination's
    RaceCopySlice { a: Reg [reg], b: Reg [reg 2], t: u16 [rtype] } => {
        let (dst, src) = (r!(b), r!(b as usize + 1));
        let n = ops::copy_slice(rt!(), t as u32, dst, src);
        let src = race::src_slice(rt!(), t, src);
        race::access_elems(g!(), pc!() - 1, src, 0, n as usize, false);
        race::access_elems(g!(), pc!() - 1, dst, 0, n as usize, true);
        r!(a) = n
    }
    /// `Copy`: reads of every word of the aggregate copied
    RaceCopy { a: Reg [reg], b: Reg [reg], t: u16 [rtype] } => {
        let s = r!(b);
        if s == 0 {
            fail!(Trap::nil_deref());
        }
        race::access_aggregate(g!(), pc!() - 1, t as u32, s, false);
        r!(a) = value::deep_copy(rt!(), s, t as u32)
    }
    /// `CopyInto`: reads of every word of the source, writes of every
    /// word of the destination
    RaceCopyInto { a: Reg [reg], b: Reg [reg], t: u16 [rtype] } => {
        let (d, s) = (r!(a), r!(b));
        if d == 0 || s == 0 {
            fail!(Trap::nil_deref());
        }
        if d != s {
            race::access_aggregate(g!(), pc!() - 1, t as u32, s, false);
            race::access_aggregate(g!(), pc!() - 1, t as u32, d, true);
        }
        value::copy_into(rt!(), d, s, t as u32)
    }
    /// `BytesToStr`: reads of the bytes
    RaceBytesToStr { a: Reg [reg], b: Reg [reg] } => {
        let s = r!(b);
        race::access_elems(g!(), pc!() - 1, s, 0, heap::slice_or_nil(s).len(), false);
        r!(a) = ops::bytes_to_str(s)
    }
    /// `RunesToStr`: reads of the runes
    RaceRunesToStr { a: Reg [reg], b: Reg [reg] } => {
        let s = r!(b);
        race::access_elems(g!(), pc!() - 1, s, 0, heap::slice_or_nil(s).len(), false);
        r!(a) = ops::runes_to_str(s)
    }
    /// `Send`: reads the channel (the channel synchronises itself:
    /// `Goroutine::chan_send`)
    RaceSend { a: Reg [reg], b: Reg [reg] } => {
        let (ch, v) = (r!(a), r!(b));
        race::chan_access(g!(), pc!() - 1, ch, false);
        tryv!(g!().chan_send(cx!(), ch, v));
    }
    /// `Recv`: a timer's channel also hands over the timer's release
    RaceRecv { a: Reg [reg], b: Reg [reg] } => {
        let ch = r!(b);
        r!(a) = tryv!(g!().chan_recv(cx!(), prog!(), ch)).0;
        race::chan_received(g!(), ch);
    }
    /// `RecvOk`: as `RaceRecv`
    RaceRecvOk { a: Reg [reg 2], b: Reg [reg] } => {
        let ch = r!(b);
        let (v, ok) = tryv!(g!().chan_recv(cx!(), prog!(), ch));
        race::chan_received(g!(), ch);
        r!(a) = v;
        r!(a as usize + 1) = ok as u64;
    }
    /// `Close`: writes the channel
    RaceClose { a: Reg [reg] } => {
        let ch = r!(a);
        race::chan_access(g!(), pc!() - 1, ch, true);
        tryv!(g!().chan_close(cx!(), ch));
    }
    /// `Select`: reads each send case's channel; a timer's channel
    /// received from hands over the timer's release
    RaceSelect { a: Reg [reg 3], d: u16 [select] } => {
        let desc = &proto!().selects[d as usize];
        let cases: Vec<(bool, Word, Word)> = desc
            .cases
            .iter()
            .map(|c| (c.send, r!(c.ch), if c.send { r!(c.val) } else { 0 }))
            .collect();
        race::select_sends(g!(), pc!() - 1, &cases);
        let (i, v, ok) = tryv!(g!().chan_select(cx!(), prog!(), &cases, desc.has_default));
        race::select_done(g!(), &cases, i);
        r!(a) = i as u64;
        r!(a as usize + 1) = v;
        r!(a as usize + 2) = ok as u64;
    }
        }
    };
}
pub(crate) use for_each_op;
