//! The load-time bytecode verifier: proves, before a program runs, that
//! every instruction gets operands in the representation it assumes.
//!
//! The run loop derefs words as the static type says (see `heap`): a word
//! used by `Field` is taken for a struct box, by `Concat` for a `StrObj`,
//! by `Load` for a slot address. `load::verify` checks operand ranges and
//! jump targets; this module adds, in the spirit of WebAssembly validation
//! and the JVM's verifier, a forward dataflow over each proto's control-flow
//! graph that gives every register an abstract *representation* at every
//! reachable instruction and checks each instruction against it. A compiler
//! bug then becomes `minigo: internal error: verify: proto NAME pc N: ...`
//! (exit status 3) instead of a type confusion at run time.
//!
//! # Representations
//! Runtime types are grouped into *classes* of types with the same word
//! representation, recursively (coarsest partition, as DFA minimization):
//! all bools, ints and floats are `Scalar` (bits; int widths are not
//! tracked); strings `Str`; complex64 and complex128 `Complex` (a
//! pointer-free box, `cplx`); slices, arrays and pointers to arrays `Hdr(e)`
//! (a `SliceObj` whose elements are of class `e`: slots, or Go's size
//! for narrower scalars, which the header itself records); structs and
//! pointers to structs `Box(fields)`; other pointers `Ptr(e)` (a slot
//! address, or a tagged narrow element's address that `heap::ptr_load`
//! tells apart);
//! `Map(k, v)`, `Chan(e)`, `Func(params, results)`, `Iface`.
//! A slot's type also says whether it must hold a non-zero word (struct
//! values are boxes, never 0, and `==`, copies and `fmt` rely on it, while
//! a `*T` of the same class may be nil).
//!
//! A register's abstract value is `Undef` (not written on some path), `Nil`
//! (the word 0: a valid value of every class but the non-zero structs),
//! `C(class, nonzero)`, or `Top` (different classes meet at a join). Using
//! an `Undef` or `Top` register is an error; overwriting one is fine, and a
//! `Move` just carries it. An operand that must be a pointer, box, slice,
//! map, closure or channel and is `Nil` makes the instruction trap or block
//! for good (nil dereference, index out of range, nil channel), so nothing
//! after it is reached on that path.
//!
//! A check that fails on a partly joined state (the worklist has not yet
//! seen every path) is reported at once: checks only get stricter as more
//! paths join (`C(c)` to `Top`, non-nil to maybe-nil), so the error stands
//! for the full join too; its message names the kind seen first.
//!
//! Two branch refinements keep the compiler's idioms provable:
//! `IsNil t, r; JmpIf(Not) t` makes `r` `Nil` on the nil edge (and non-zero
//! on the other), and a `select` dispatch `LoadInt t, i; EqI e, res, t;
//! JmpIf e` gives the received value (`SelVal`) case i's element class.
//!
//! # What is proved
//! For every reachable instruction of every proto: operand registers hold
//! defined values of the class the op dereferences them as; field indices
//! are below the box's field count; rtype operands have the kind the op
//! needs (`MakeSlice` a slice type, `MakeMap` a map type, ...); values
//! stored into slots, passed as arguments, returned, captured, sent, put in
//! maps or interfaces (`MakeIface`'s dynamic type) fit the slot's class;
//! calls agree with their callee's signature (`Call` with `Proto::sig`,
//! `CallClosure` with the func class of the callee register, `CallIface`
//! with the signature every method of that key has, `CallNative` with
//! `Image::native_sigs`), and `Return` returns `nresults` values of the
//! declared types; `Defer`/`Go` get closures without parameters. Method
//! tables are checked once: each method's receiver parameter accepts the
//! word `CallIface` passes for that dynamic type (after `RecvAdjust`).
//! Frames resumed at `recover_pc` after a recovered panic are analyzed with
//! the join of the state of every instruction that can panic (registers of an interrupted
//! call's window clobbered). Captures are inferred from the `MakeClosure`
//! sites (creators are verified first); unreachable code is not analyzed.
//!
//! # What is trusted
//! - The compiler's metadata (`Proto::sig`, `Proto::str_consts`,
//!   `Proto::cell_types`, `Image::global_types`, `Image::native_sigs`,
//!   func rtypes' `params`/`results`): it is checked for consistency with
//!   the code (a wrong type makes uses mismatch), but a `str_consts` entry
//!   is believed to mark a real string word.
//! - Natives: each reads its arguments and writes its results as its Go
//!   signature says (`Image::native_sigs`); the generic builtins are known
//!   by name here: `builtin.print`/`println`/`clear` take interfaces and
//!   return nothing, `builtin.sliceToArray` returns a header of its
//!   argument's element class. Natives calling back into Go
//!   (`NativeCtx::call`, `fmt` calling `String()`) pass words of the
//!   callee's parameter types.
//! - Interface values: the data word of an `IfaceObj` has the
//!   representation of its `rtype`, which `MakeIface` checks here and the
//!   runtime and natives uphold when they make interfaces.
//! - The run-time helpers (`value`, `ops`, `map`, `sched`) handle the word
//!   0 for every reference kind they accept (structs excepted: a struct
//!   value is proved non-nil wherever `==`, interfaces or copies see it).
//!   `MapGet` on a nil map yields 0 whatever the value type
//!   (`ops::map_zero_get`), so its result is taken as a non-nil box only
//!   where the map is known non-nil.
//!
//! # Cost
//! Linear in the code times the registers live across joins; about 3% of
//! the whole load (parse, check, compile, link) on the golden programs and
//! benchmarks (`verify_cost` below), so it always runs; `GODEBUG=
//! verifybytecode=0` turns it off (see `load::verify_enabled`).

use std::collections::HashMap;

use crate::bytecode::{Image, Op, Proto, RecvAdjust, Reg, Sig};
use crate::rtype::{Kind, RType};

type ClassId = u32;

/// What a slot (register of a declared type, field, element, parameter)
/// holds: a class, and whether the word must be non-zero (struct values).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct SlotT {
    class: ClassId,
    nonzero: bool,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Shape {
    Scalar,
    Str,
    Complex,
    Iface,
    /// A descriptor that could not be built: nothing may use it.
    Invalid,
    Hdr(SlotT),
    Box(Vec<SlotT>),
    Ptr(SlotT),
    Map(SlotT, SlotT),
    /// A `MapIter` word: an iterator over a map with these key and value
    /// types (no rtype has this shape; only `MapIter` makes it).
    MapIter(SlotT, SlotT),
    Chan(SlotT),
    Func(FnSig),
}

/// An rtype's tag, children (rtype, must be non-zero) and parameter count.
type RawShape = (u8, Vec<(u32, bool)>, usize);

/// The representation classes of a program's runtime types.
struct Classes {
    of_rtype: Vec<ClassId>,
    shapes: Vec<Shape>,
    names: Vec<String>,
    intern: HashMap<Shape, ClassId>,
    scalar: ClassId,
    str_: ClassId,
    iface: ClassId,
    bytes: ClassId,
    cplx: ClassId,
}

/// The classes of rtypes with these raw shapes: two rtypes share one
/// when their shapes unfold to the same (possibly infinite) tree. Returns
/// each rtype's class and the number of classes.
///
/// An rtype that reaches no cycle unfolds to a finite tree: those are
/// hash-consed children first, in one pass (a `[][]...[]int` 100,000 deep
/// is linear). Moore's partition refinement, one round per level of
/// nesting, is left to the rtypes that reach a cycle (recursive types and
/// what is built on them), which no finite one can equal.
fn partition(raws: &[RawShape]) -> (Vec<u32>, u32) {
    let n = raws.len();
    let children = |t: usize| raws[t].1.iter().map(|c| c.0 as usize);
    // Kahn's algorithm on child edges: an rtype is finite once all its
    // children are, and is classed then, after them.
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut pending: Vec<usize> = vec![0; n];
    for (t, left) in pending.iter_mut().enumerate() {
        for c in children(t) {
            parents[c].push(t as u32);
            *left += 1;
        }
    }
    const UNSET: u32 = u32::MAX;
    let mut cls: Vec<u32> = vec![UNSET; n];
    let mut finite: HashMap<RawShape, u32> = HashMap::new();
    let mut ready: Vec<usize> = (0..n).filter(|&t| pending[t] == 0).collect();
    while let Some(t) = ready.pop() {
        let (tag, ch, np) = &raws[t];
        let key = (
            *tag,
            ch.iter().map(|c| (cls[c.0 as usize], c.1)).collect(),
            *np,
        );
        let next = finite.len() as u32;
        cls[t] = *finite.entry(key).or_insert(next);
        for &p in &parents[t] {
            pending[p as usize] -= 1;
            if pending[p as usize] == 0 {
                ready.push(p as usize);
            }
        }
    }
    let base = finite.len() as u32;
    let cyclic: Vec<usize> = (0..n).filter(|&t| cls[t] == UNSET).collect();
    if cyclic.is_empty() {
        return (cls, base);
    }
    // Moore's refinement among the rest: start from (tag, non-zero flags,
    // parameter count, the classes of finite children), split by the
    // children's classes until stable.
    let child_key = |cls: &[u32], c: &(u32, bool)| {
        let k = cls[c.0 as usize];
        (if k < base { k } else { UNSET }, c.1)
    };
    {
        let mut m: HashMap<RawShape, u32> = HashMap::new();
        let first: Vec<u32> = cyclic
            .iter()
            .map(|&t| {
                let (tag, ch, np) = &raws[t];
                let k = (*tag, ch.iter().map(|c| child_key(&cls, c)).collect(), *np);
                let next = base + m.len() as u32;
                *m.entry(k).or_insert(next)
            })
            .collect();
        for (&t, c) in cyclic.iter().zip(first) {
            cls[t] = c;
        }
    }
    let mut count = cyclic.iter().map(|&t| cls[t]).max().map_or(base, |m| m + 1) - base;
    loop {
        let mut m: HashMap<(u32, Vec<u32>), u32> = HashMap::new();
        let next: Vec<u32> = cyclic
            .iter()
            .map(|&t| {
                let k = (cls[t], children(t).map(|c| cls[c]).collect());
                let id = base + m.len() as u32;
                *m.entry(k).or_insert(id)
            })
            .collect();
        let c = m.len() as u32;
        for (&t, k) in cyclic.iter().zip(next) {
            cls[t] = k;
        }
        if c == count {
            break;
        }
        count = c;
    }
    (cls, base + count)
}

impl Classes {
    fn new(rt: &[RType]) -> Classes {
        // The raw shape of each rtype: a tag, its children (rtype indices,
        // with "must be non-zero") and, for funcs, the parameter count.
        // Pointers to aggregates are the aggregate's box/header.
        let n = rt.len();
        let valid = |t: u32| (t as usize) < n;
        let raw = |mut t: u32| -> RawShape {
            let ty = &rt[t as usize];
            if ty.kind == Kind::Pointer && valid(ty.elem) && rt[ty.elem as usize].aggregate {
                t = ty.elem;
            }
            let ty = &rt[t as usize];
            let ch = |c: u32| (c, valid(c) && rt[c as usize].kind == Kind::Struct);
            let ok = |cs: &[u32]| cs.iter().all(|&c| valid(c));
            match ty.kind {
                k if k.is_signed_int() || k.is_unsigned_int() || k.is_float() => (0, vec![], 0),
                Kind::Bool => (0, vec![], 0),
                Kind::String => (1, vec![], 0),
                Kind::Complex64 | Kind::Complex128 => (10, vec![], 0),
                Kind::Interface => (2, vec![], 0),
                Kind::Slice | Kind::Array if ok(&[ty.elem]) => (4, vec![ch(ty.elem)], 0),
                Kind::Struct if ty.fields.iter().all(|f| valid(f.ty)) => {
                    (5, ty.fields.iter().map(|f| ch(f.ty)).collect(), 0)
                }
                Kind::Pointer if ok(&[ty.elem]) => (6, vec![ch(ty.elem)], 0),
                Kind::Map if ok(&[ty.key, ty.elem]) => (7, vec![ch(ty.key), ch(ty.elem)], 0),
                Kind::Chan if ok(&[ty.elem]) => (8, vec![ch(ty.elem)], 0),
                Kind::Func if ok(&ty.params) && ok(&ty.results) => (
                    9,
                    ty.params
                        .iter()
                        .chain(&ty.results)
                        .map(|&c| ch(c))
                        .collect(),
                    ty.params.len(),
                ),
                _ => (3, vec![], 0),
            }
        };
        let raws: Vec<RawShape> = (0..n as u32).map(raw).collect();
        let (cls, count) = partition(&raws);
        let mut me = Classes {
            of_rtype: cls.clone(),
            shapes: vec![Shape::Invalid; count as usize],
            names: vec![String::new(); count as usize],
            intern: HashMap::new(),
            scalar: 0,
            str_: 0,
            iface: 0,
            bytes: 0,
            cplx: 0,
        };
        let mut seen = vec![false; count as usize];
        for (t, (tag, ch, np)) in raws.iter().enumerate() {
            let c = cls[t] as usize;
            if std::mem::replace(&mut seen[c], true) {
                continue;
            }
            let s: Vec<SlotT> = ch
                .iter()
                .map(|&(x, nz)| SlotT {
                    class: cls[x as usize],
                    nonzero: nz,
                })
                .collect();
            let shape = match tag {
                0 => Shape::Scalar,
                1 => Shape::Str,
                2 => Shape::Iface,
                4 => Shape::Hdr(s[0]),
                5 => Shape::Box(s),
                6 => Shape::Ptr(s[0]),
                7 => Shape::Map(s[0], s[1]),
                8 => Shape::Chan(s[0]),
                9 => Shape::Func((s[..*np].to_vec(), s[*np..].to_vec())),
                10 => Shape::Complex,
                _ => Shape::Invalid,
            };
            me.names[c] = rt[t].name.clone();
            me.intern.entry(shape.clone()).or_insert(c as u32);
            me.shapes[c] = shape;
        }
        // A class is a shape many types may share (every interface type
        // is one class): naming only the first would mislead.
        let mut members = vec![0usize; count as usize];
        for &c in &cls {
            members[c as usize] += 1;
        }
        for (c, &m) in members.iter().enumerate() {
            if m > 1 {
                let other = if m == 2 { "type" } else { "types" };
                me.names[c] = format!("{} or {} other {other}", me.names[c], m - 1);
            }
        }
        me.scalar = me.get(Shape::Scalar, "scalar");
        me.str_ = me.get(Shape::Str, "string");
        me.iface = me.get(Shape::Iface, "interface");
        me.cplx = me.get(Shape::Complex, "complex");
        let byte = SlotT {
            class: me.scalar,
            nonzero: false,
        };
        me.bytes = me.get(Shape::Hdr(byte), "[]byte");
        me
    }

    /// The class of `shape`, made if no runtime type has it.
    fn get(&mut self, shape: Shape, name: &str) -> ClassId {
        if let Some(&c) = self.intern.get(&shape) {
            return c;
        }
        let c = self.shapes.len() as ClassId;
        self.shapes.push(shape.clone());
        self.names.push(name.to_string());
        self.intern.insert(shape, c);
        c
    }

    fn func(&mut self, sig: &(Vec<SlotT>, Vec<SlotT>)) -> ClassId {
        self.get(Shape::Func(sig.clone()), "func")
    }

    fn ptr(&mut self, s: SlotT) -> ClassId {
        let name = format!("*{}", self.names[s.class as usize]);
        self.get(Shape::Ptr(s), &name)
    }

    fn is_box(&self, c: ClassId) -> bool {
        matches!(self.shapes[c as usize], Shape::Box(_))
    }
}

/// A register's abstract value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum V {
    /// Not written on some path to here.
    Undef,
    /// Different representations meet here.
    Top,
    /// The word 0.
    Nil,
    /// A value of the class; `true`: known non-zero (tracked for boxes).
    C(ClassId, bool),
    /// The case index of the `Select` at this pc (a scalar).
    SelIdx(u32),
    /// The received value of the `Select` at this pc (class by case).
    SelVal(u32),
}

fn join(a: V, b: V, cl: &Classes) -> V {
    use V::*;
    match (a, b) {
        _ if a == b => a,
        (Undef, _) | (_, Undef) => Undef,
        (Top, _) | (_, Top) => Top,
        (Nil, C(c, _)) | (C(c, _), Nil) => C(c, false),
        (C(x, n1), C(y, n2)) if x == y => C(x, n1 && n2),
        (SelIdx(_), SelIdx(_)) | (Nil, SelIdx(_)) | (SelIdx(_), Nil) => C(cl.scalar, false),
        (SelIdx(_), C(c, _)) | (C(c, _), SelIdx(_)) if c == cl.scalar => C(c, false),
        _ => Top,
    }
}

/// How control leaves an instruction.
enum Flow {
    Next,
    Jump(usize),
    /// Conditional: (target, refinement when taken, when not taken).
    Branch(usize, Refine, Refine),
    /// No successor (returns, traps or blocks for good).
    Stop,
}

#[derive(Clone, Copy)]
enum Refine {
    None,
    /// Set a register (and `Nil`/non-zero facts).
    Set(Reg, V),
    /// Registers holding `SelVal(pc)` become the value.
    SelCase(u32, V),
    /// The edge is never taken.
    Dead,
}

type FnSig = (Vec<SlotT>, Vec<SlotT>);

struct Verifier<'a> {
    image: &'a Image,
    protos: &'a [Proto],
    rt: &'a [RType],
    natives: &'a [String],
    cl: Classes,
    sigs: Vec<FnSig>,
    globals: Vec<SlotT>,
    native_sigs: Vec<Option<FnSig>>,
    key_sigs: HashMap<u32, FnSig>,
    /// Capture values of each proto, joined over its `MakeClosure` sites.
    caps: Vec<Option<Vec<V>>>,
    done: Vec<bool>,
}

/// Verifies every proto of a linked program (see the module docs).
/// `protos`, `rtypes` and `natives` are the linked ones (`Program::new`).
pub fn verify_program(
    image: &Image,
    protos: &[Proto],
    rtypes: &[RType],
    natives: &[String],
) -> Result<(), String> {
    let mut v = Verifier {
        image,
        protos,
        rt: rtypes,
        natives,
        cl: Classes::new(rtypes),
        sigs: Vec::new(),
        globals: Vec::new(),
        native_sigs: Vec::new(),
        key_sigs: HashMap::new(),
        caps: vec![None; protos.len()],
        done: vec![false; protos.len()],
    };
    v.run().map_err(|e| format!("verify: {e}"))
}

impl Verifier<'_> {
    fn slot(&self, t: u32) -> Result<SlotT, String> {
        match self.rt.get(t as usize) {
            Some(ty) => Ok(SlotT {
                class: self.cl.of_rtype[t as usize],
                nonzero: ty.kind == Kind::Struct,
            }),
            None => Err(format!("rtype {t} out of range")),
        }
    }

    fn sig(&self, s: &Sig) -> Result<FnSig, String> {
        Ok((
            s.params
                .iter()
                .map(|&t| self.slot(t))
                .collect::<Result<_, _>>()?,
            s.results
                .iter()
                .map(|&t| self.slot(t))
                .collect::<Result<_, _>>()?,
        ))
    }

    /// The value read from a slot of type `s`.
    fn val(&self, s: SlotT) -> V {
        V::C(s.class, s.nonzero && self.cl.is_box(s.class))
    }

    fn fits(&self, v: V, s: SlotT) -> bool {
        match v {
            V::Nil => !s.nonzero,
            V::C(c, nz) => c == s.class && (nz || !s.nonzero),
            V::SelIdx(_) => s.class == self.cl.scalar,
            _ => false,
        }
    }

    fn run(&mut self) -> Result<(), String> {
        let image = self.image;
        for p in self.protos {
            let sig = match &p.sig {
                Some(s) => {
                    let s = self.sig(s).map_err(|e| format!("proto {}: {e}", p.name))?;
                    if s.0.len() != p.nparams as usize || s.1.len() != p.nresults as usize {
                        return Err(format!(
                            "proto {}: signature has {} params and {} results, proto {} and {}",
                            p.name,
                            s.0.len(),
                            s.1.len(),
                            p.nparams,
                            p.nresults
                        ));
                    }
                    s
                }
                None if p.nparams == 0 && p.nresults == 0 => (vec![], vec![]),
                None => return Err(format!("proto {}: no signature", p.name)),
            };
            self.sigs.push(sig);
        }
        if image.global_types.len() != image.nglobals as usize {
            return Err(format!(
                "{} global types for {} globals",
                image.global_types.len(),
                image.nglobals
            ));
        }
        for (g, &t) in image.global_types.iter().enumerate() {
            let s = self.slot(t)?;
            if self.rt[t as usize].aggregate {
                let boxed = image.aggregate_globals.iter().any(|&(ag, at)| {
                    ag as usize == g && self.slot(at).is_ok_and(|x| x.class == s.class)
                });
                if !boxed {
                    return Err(format!("aggregate global {g} is not boxed at start-up"));
                }
            }
            self.globals.push(s);
        }
        for (i, s) in image.native_sigs.iter().enumerate() {
            let s = match s {
                Some(s) => Some(self.sig(s).map_err(|e| format!("native {i}: {e}"))?),
                None => None,
            };
            self.native_sigs.push(s);
        }
        self.method_tables()?;
        for pi in self.order()? {
            self.proto(pi)?;
            self.done[pi] = true;
        }
        Ok(())
    }

    /// Every method a `CallIface` can reach takes the receiver word the
    /// call passes; all methods of one key agree on the rest.
    fn method_tables(&mut self) -> Result<(), String> {
        for (d, ty) in self.rt.iter().enumerate() {
            for m in &ty.methods {
                let fail = |what: &str| {
                    Err(format!(
                        "method {} of {} (proto {}): {what}",
                        m.name, ty.name, m.func
                    ))
                };
                let Some(sig) = self.sigs.get(m.func as usize) else {
                    return fail("proto out of range");
                };
                let Some(&recv_slot) = sig.0.first() else {
                    return fail("no receiver parameter");
                };
                let dslot = self.slot(d as u32)?;
                let recv = match m.adjust {
                    RecvAdjust::None => self.val(dslot),
                    RecvAdjust::Copy => V::C(dslot.class, self.cl.is_box(dslot.class)),
                    RecvAdjust::Deref => {
                        if ty.kind != Kind::Pointer {
                            return fail("Deref adjustment of a non-pointer type");
                        }
                        let e = self.slot(ty.elem)?;
                        if self.rt[ty.elem as usize].aggregate {
                            V::C(e.class, self.cl.is_box(e.class))
                        } else {
                            self.val(e)
                        }
                    }
                };
                if !self.fits(recv, recv_slot) {
                    return fail(&format!(
                        "receiver parameter is {}, the interface passes {}",
                        self.slot_name(recv_slot),
                        self.describe(recv)
                    ));
                }
                let rest = (sig.0[1..].to_vec(), sig.1.clone());
                match self.key_sigs.get(&m.name) {
                    Some(k) if *k != rest => {
                        return fail("signature differs from other methods of the same key")
                    }
                    Some(_) => {}
                    None => {
                        self.key_sigs.insert(m.name, rest);
                    }
                }
            }
        }
        Ok(())
    }

    /// Protos ordered so that each comes after every proto that makes
    /// closures of it (capture types are inferred from those sites).
    fn order(&self) -> Result<Vec<usize>, String> {
        let n = self.protos.len();
        let mut indeg = vec![0usize; n];
        let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (pi, p) in self.protos.iter().enumerate() {
            for op in &p.code {
                if let Op::MakeClosure { f, .. } = *op {
                    let f = f as usize;
                    if f < n {
                        edges[pi].push(f);
                        indeg[f] += 1;
                    }
                }
            }
        }
        let mut ready: Vec<usize> = (0..n).rev().filter(|&i| indeg[i] == 0).collect();
        let mut out = Vec::with_capacity(n);
        while let Some(p) = ready.pop() {
            out.push(p);
            for &f in &edges[p] {
                indeg[f] -= 1;
                if indeg[f] == 0 {
                    ready.push(f);
                }
            }
        }
        if out.len() != n {
            let p = (0..n).find(|&i| indeg[i] > 0).unwrap_or(0);
            return Err(format!(
                "proto {}: closures of it are made in a cycle of protos",
                self.protos[p].name
            ));
        }
        Ok(out)
    }

    fn describe(&self, v: V) -> String {
        match v {
            V::Undef => "an undefined register".into(),
            V::Top => "conflicting kinds (joined paths disagree)".into(),
            V::Nil => "nil (0)".into(),
            V::C(c, nz) => format!(
                "{}{}",
                self.class_name(c),
                if nz { " (non-nil)" } else { "" }
            ),
            V::SelIdx(_) => "a select case index".into(),
            V::SelVal(_) => "a select value not yet dispatched on its case".into(),
        }
    }

    fn class_name(&self, c: ClassId) -> String {
        let kind = match &self.cl.shapes[c as usize] {
            Shape::Scalar => "scalar",
            Shape::Str => "string",
            Shape::Complex => "complex",
            Shape::Iface => "interface",
            Shape::Invalid => "invalid",
            Shape::Hdr(_) => "slice/array",
            Shape::Box(_) => "struct box",
            Shape::Ptr(_) => "slot pointer",
            Shape::Map(..) => "map",
            Shape::MapIter(..) => "map iterator",
            Shape::Chan(_) => "chan",
            Shape::Func(_) => "func",
        };
        format!("{kind} ({})", self.cl.names[c as usize])
    }

    fn slot_name(&self, s: SlotT) -> String {
        format!(
            "{}{}",
            self.class_name(s.class),
            if s.nonzero { " (non-nil)" } else { "" }
        )
    }

    /// `==` on words (`EqI`, `JmpEq`, ...): scalars, or two references of
    /// one class (pointer identity).
    fn same_words(&self, st: &[V], b: Reg, c: Reg) -> Result<(), String> {
        let class = |v: V| match v {
            V::Nil => Some(None),
            V::SelIdx(_) => Some(Some(self.cl.scalar)),
            V::C(c, _) => Some(Some(c)),
            _ => None,
        };
        match (class(st[b as usize]), class(st[c as usize])) {
            (Some(x), Some(y)) if x.is_none() || y.is_none() || x == y => Ok(()),
            (None, _) => Err(format!(
                "R{b} holds {}, want a word to compare",
                self.describe(st[b as usize])
            )),
            _ => Err(format!(
                "R{c} holds {}, want a word like R{b}'s {}",
                self.describe(st[c as usize]),
                self.describe(st[b as usize])
            )),
        }
    }

    /// Verifies one proto: a worklist over its basic blocks.
    fn proto(&mut self, pi: usize) -> Result<(), String> {
        let protos = self.protos;
        let p = &protos[pi];
        let code = &p.code;
        let len = code.len();
        let n = p.nregs as usize;
        if len == 0 {
            return Ok(());
        }
        // A frame token lets range-over-func loop bodies defer into this
        // frame (`DeferAt`).
        let has_defer = code
            .iter()
            .any(|op| matches!(op, Op::Defer { .. } | Op::FrameToken { .. }));
        let recover_pc = p.recover_pc.map(|r| r as usize).filter(|_| has_defer);
        let mut leader = vec![false; len + 1];
        leader[0] = true;
        for (pc, op) in code.iter().enumerate() {
            if let Some(t) = jump_target(pc, op) {
                leader[t] = true;
                leader[pc + 1] = true;
            }
            if matches!(
                op,
                Op::Return { .. } | Op::Return1 { .. } | Op::Panic { .. }
            ) {
                leader[pc + 1] = true;
            }
        }
        if let Some(r) = recover_pc {
            leader[r] = true;
        }
        let mut states: Vec<Option<Box<[V]>>> = vec![None; len];
        // One more slot than registers: whether a `Defer` may have run in
        // this frame (only then can a recovered panic resume it).
        let mut entry = vec![V::Undef; n + 1];
        entry[n] = V::Nil;
        for (i, s) in self.sigs[pi].0.iter().enumerate() {
            entry[i] = self.val(*s);
        }
        states[0] = Some(entry.into_boxed_slice());
        let mut work = vec![0usize];
        let mut queued = vec![false; len];
        queued[0] = true;
        let mut cx = ProtoCx {
            pi,
            sel_cases: HashMap::new(),
        };
        while let Some(start) = work.pop() {
            queued[start] = false;
            let Some(s) = &states[start] else { continue };
            let mut st: Vec<V> = s.to_vec();
            let mut pc = start;
            loop {
                if let (Some(r), false) = (recover_pc, st[n] == V::Nil || cannot_panic(&code[pc])) {
                    let from = clobbered_from(&code[pc], n);
                    if merge_clobbered(&mut states[r], &st, from, n, &self.cl) && !queued[r] {
                        queued[r] = true;
                        work.push(r);
                    }
                }
                let flow = self
                    .step(&mut cx, pc, start, &mut st)
                    .map_err(|e| format!("proto {} pc {pc}: {:?}: {e}", p.name, code[pc]))?;
                let mut edge = |to: usize, st: &[V], work: &mut Vec<usize>| {
                    if merge(&mut states[to], st, &self.cl) && !queued[to] {
                        queued[to] = true;
                        work.push(to);
                    }
                };
                match flow {
                    Flow::Next => {
                        pc += 1;
                        if leader[pc] {
                            edge(pc, &st, &mut work);
                            break;
                        }
                    }
                    Flow::Jump(t) => {
                        edge(t, &st, &mut work);
                        break;
                    }
                    Flow::Branch(t, taken, fall) => {
                        if let Some(a) = refine(&st, taken) {
                            edge(t, &a[..], &mut work);
                        }
                        if let Some(b) = refine(&st, fall) {
                            edge(pc + 1, &b[..], &mut work);
                        }
                        break;
                    }
                    Flow::Stop => break,
                }
            }
        }
        Ok(())
    }

    /// Checks one instruction and applies its effect to `st`.
    fn step(
        &mut self,
        cx: &mut ProtoCx,
        pc: usize,
        block: usize,
        st: &mut [V],
    ) -> Result<Flow, String> {
        let protos = self.protos;
        let p = &protos[cx.pi];
        // A `-race` twin is checked as the instruction it stands for.
        let op = super::race::unrace(p.code[pc]);
        let scalar = V::C(self.cl.scalar, false);
        let str_ = V::C(self.cl.str_, false);
        let nregs = st.len() - 1;
        use Op::*;
        // Operand checks.
        macro_rules! bad {
            ($r:expr, $want:expr) => {
                return Err(format!(
                    "R{} holds {}, want {}",
                    $r,
                    self.describe(st[$r as usize]),
                    $want
                ))
            };
        }
        macro_rules! need_scalar {
            ($r:expr) => {{
                let r = $r as usize;
                match st[r] {
                    V::Nil | V::SelIdx(_) => {}
                    V::C(c, _) if c == self.cl.scalar => {}
                    _ => bad!(r, "a scalar"),
                }
            }};
        }
        macro_rules! need_str {
            ($r:expr) => {{
                let r = $r as usize;
                match st[r] {
                    V::Nil => {}
                    V::C(c, _) if c == self.cl.str_ => {}
                    _ => bad!(r, "a string"),
                }
            }};
        }
        macro_rules! need_cplx {
            ($r:expr) => {{
                let r = $r as usize;
                match st[r] {
                    V::Nil => {}
                    V::C(c, _) if c == self.cl.cplx => {}
                    _ => bad!(r, "a complex"),
                }
            }};
        }
        macro_rules! need_defined {
            ($r:expr) => {{
                let r = $r as usize;
                if matches!(st[r], V::Undef | V::Top | V::SelVal(_)) {
                    bad!(r, "a defined value");
                }
            }};
        }
        macro_rules! need_fits {
            ($r:expr, $s:expr) => {{
                let r = $r as usize;
                let s: SlotT = $s;
                if !self.fits(st[r], s) {
                    bad!(r, self.slot_name(s));
                }
            }};
        }
        // `Some(shape parts)` for a value of the wanted shape, `None` for
        // nil; anything else is an error.
        macro_rules! need {
            ($r:expr, $pat:pat => $out:expr, $what:expr) => {{
                let r = $r as usize;
                match st[r] {
                    V::Nil => None,
                    V::C(c, _) => match &self.cl.shapes[c as usize] {
                        $pat => Some($out),
                        _ => bad!(r, $what),
                    },
                    _ => bad!(r, $what),
                }
            }};
        }
        macro_rules! rtype {
            ($t:expr, $kinds:pat, $what:expr) => {{
                let t = $t as u32;
                match self.rt.get(t as usize) {
                    Some(ty) if matches!(ty.kind, $kinds) => {}
                    Some(ty) => return Err(format!("T[{t}] is {}, want {}", ty.name, $what)),
                    None => return Err(format!("rtype {t} out of range")),
                }
                t
            }};
        }
        macro_rules! window {
            ($a:expr, $k:expr) => {{
                if $a as usize + $k > nregs {
                    return Err(format!(
                        "{} words at R{} run past the {} registers",
                        $k, $a, nregs
                    ));
                }
            }};
        }
        // A call's arguments, results and clobbered window.
        macro_rules! call {
            ($a:expr, $sig:expr, $clobber:expr) => {{
                let a = $a as usize;
                let sig: &FnSig = $sig;
                window!(a, sig.0.len());
                window!(a, sig.1.len());
                for (i, s) in sig.0.iter().enumerate() {
                    need_fits!(a + i, *s);
                }
                if $clobber {
                    for r in st[a..nregs].iter_mut() {
                        *r = V::Undef;
                    }
                }
                for (i, s) in sig.1.iter().enumerate() {
                    st[a + i] = self.val(*s);
                }
            }};
        }
        let next_is = |pc: usize| pc >= block;
        match op {
            Nop | RunDefers => {}
            Move { a, b } => st[a as usize] = st[b as usize],
            LoadInt { a, v } => st[a as usize] = if v == 0 { V::Nil } else { scalar },
            LoadConst { a, k } => {
                let is_str = p.str_consts.get(k as usize).copied().unwrap_or(false);
                st[a as usize] = if is_str { str_ } else { scalar };
            }
            LoadConstC { a, .. } => st[a as usize] = V::C(self.cl.cplx, false),
            MakeC { a, b, c } => {
                need_scalar!(b);
                need_scalar!(c);
                st[a as usize] = V::C(self.cl.cplx, false);
            }
            RealC { a, b } | ImagC { a, b } => {
                need_cplx!(b);
                st[a as usize] = scalar;
            }
            AddC { a, b, c } | SubC { a, b, c } | MulC { a, b, c } | DivC { a, b, c } => {
                need_cplx!(b);
                need_cplx!(c);
                st[a as usize] = V::C(self.cl.cplx, false);
            }
            EqC { a, b, c } | NeC { a, b, c } => {
                need_cplx!(b);
                need_cplx!(c);
                st[a as usize] = scalar;
            }
            NegC { a, b } | C64 { a, b } => {
                need_cplx!(b);
                st[a as usize] = V::C(self.cl.cplx, false);
            }
            LoadGlobal { a, g } => st[a as usize] = self.val(self.globals[g as usize]),
            StoreGlobal { a, g } => need_fits!(a, self.globals[g as usize]),
            GlobalAddr { a, g } => {
                let s = self.globals[g as usize];
                st[a as usize] = V::C(self.cl.ptr(s), false);
            }
            LoadFunc { a, f } => {
                let c = self.cl.func(&self.sigs[f as usize]);
                st[a as usize] = V::C(c, false);
            }
            MakeClosure { a, f, b } => {
                let fi = f as usize;
                let nc = self.protos[fi].ncaptures as usize;
                let vals: Vec<V> = (0..nc).map(|i| st[b as usize + i]).collect();
                for (i, v) in vals.iter().enumerate() {
                    if matches!(v, V::Undef | V::Top | V::SelVal(_)) {
                        bad!(b as usize + i, "a defined capture");
                    }
                }
                let joined = match &self.caps[fi] {
                    None => vals,
                    Some(old) => old
                        .iter()
                        .zip(&vals)
                        .map(|(&x, &y)| join(x, y, &self.cl))
                        .collect(),
                };
                if self.caps[fi].as_ref() != Some(&joined) {
                    if self.done[fi] {
                        return Err(format!(
                            "captures of proto {} change after it was verified",
                            self.protos[fi].name
                        ));
                    }
                    if let Some(i) = joined.iter().position(|v| *v == V::Top) {
                        return Err(format!(
                            "capture {i} of proto {} has conflicting kinds across sites",
                            self.protos[fi].name
                        ));
                    }
                    self.caps[fi] = Some(joined);
                }
                let c = self.cl.func(&self.sigs[fi]);
                st[a as usize] = V::C(c, false);
            }
            LoadCapture { a, i } => match self.caps[cx.pi].as_ref().and_then(|c| c.get(i as usize))
            {
                Some(&v) => st[a as usize] = v,
                // No closure of this proto carries capture i: it traps.
                None => return Ok(Flow::Stop),
            },
            NewCell { a, b } => {
                let meta = p
                    .cell_types
                    .binary_search_by_key(&(pc as u32), |c| c.0)
                    .ok()
                    .map(|i| p.cell_types[i].1);
                let s = match meta {
                    Some(t) => {
                        let s = self.slot(t)?;
                        need_fits!(b, s);
                        s
                    }
                    None => match st[b as usize] {
                        V::C(c, _) => SlotT {
                            class: c,
                            nonzero: false,
                        },
                        _ => bad!(b, "a typed value (a cell of nil needs Proto::cell_types)"),
                    },
                };
                st[a as usize] = V::C(self.cl.ptr(s), false);
            }
            Load { a, b } => match need!(b, Shape::Ptr(s) => *s, "a slot pointer") {
                Some(s) => st[a as usize] = self.val(s),
                None => return Ok(Flow::Stop),
            },
            Store { a, b } => match need!(a, Shape::Ptr(s) => *s, "a slot pointer") {
                Some(s) => need_fits!(b, s),
                None => return Ok(Flow::Stop),
            },
            Zero { a, t } => {
                let s = self.slot(t)?;
                st[a as usize] = if self.rt[t as usize].aggregate {
                    V::C(s.class, self.cl.is_box(s.class))
                } else {
                    V::Nil
                };
            }
            Field { a, b, i } | FieldAddr { a, b, i } => {
                let found = need!(b, Shape::Box(fs) => fs.get(i as usize).copied().ok_or(fs.len()), "a struct box");
                let f = match found {
                    None => return Ok(Flow::Stop),
                    Some(Ok(f)) => f,
                    Some(Err(n)) => return Err(format!("field {i} of a struct with {n} fields")),
                };
                st[b as usize] = nonzero(st[b as usize]);
                st[a as usize] = if matches!(op, Field { .. }) {
                    self.val(f)
                } else {
                    V::C(self.cl.ptr(f), false)
                };
            }
            SetField { a, i, b } => {
                let found = need!(a, Shape::Box(fs) => fs.get(i as usize).copied().ok_or(fs.len()), "a struct box");
                let f = match found {
                    None => return Ok(Flow::Stop),
                    Some(Ok(f)) => f,
                    Some(Err(n)) => return Err(format!("field {i} of a struct with {n} fields")),
                };
                need_fits!(b, f);
                st[a as usize] = nonzero(st[a as usize]);
            }
            Copy { a, b, t } | CopyInto { a, b, t } => {
                let t = rtype!(t, Kind::Struct | Kind::Array, "an aggregate");
                let c = self.slot(t)?.class;
                let nz = self.cl.is_box(c);
                let want = SlotT {
                    class: c,
                    nonzero: false,
                };
                need_fits!(b, want);
                if let CopyInto { .. } = op {
                    need_fits!(a, want);
                    if st[a as usize] == V::Nil {
                        return Ok(Flow::Stop);
                    }
                    st[a as usize] = nonzero(st[a as usize]);
                }
                if st[b as usize] == V::Nil {
                    return Ok(Flow::Stop);
                }
                st[b as usize] = nonzero(st[b as usize]);
                if let Copy { .. } = op {
                    st[a as usize] = V::C(c, nz);
                }
            }
            AddI { a, b, c }
            | SubI { a, b, c }
            | MulI { a, b, c }
            | DivI { a, b, c }
            | RemI { a, b, c }
            | DivU { a, b, c }
            | RemU { a, b, c }
            | And { a, b, c }
            | Or { a, b, c }
            | Xor { a, b, c }
            | AndNot { a, b, c }
            | Shl { a, b, c }
            | ShrS { a, b, c }
            | ShrU { a, b, c }
            | LtI { a, b, c }
            | LeI { a, b, c }
            | LtU { a, b, c }
            | LeU { a, b, c }
            | AddF { a, b, c }
            | SubF { a, b, c }
            | MulF { a, b, c }
            | DivF { a, b, c }
            | EqF { a, b, c }
            | NeF { a, b, c }
            | LtF { a, b, c }
            | LeF { a, b, c } => {
                need_scalar!(b);
                need_scalar!(c);
                st[a as usize] = scalar;
            }
            EqI { a, b, c } | NeI { a, b, c } => {
                self.same_words(st, b, c)?;
                st[a as usize] = scalar;
            }
            DivIK { k: 0, .. } | RemIK { k: 0, .. } => {
                return Err("division by a zero constant".into());
            }
            DivIM { a, b, m } | RemIM { a, b, m } => {
                need_scalar!(b);
                // The magic constants must be `ops::div_magic`'s for the
                // divisor they hold (a wrong pair would divide wrongly).
                let (mi, pi) = (m as usize, m as usize + 1);
                let ok = match (p.consts.get(mi), p.consts.get(pi)) {
                    (Some(&mg), Some(&packed)) => {
                        let d = packed as u32 as i32 as i64;
                        super::ops::div_magic(d) == Some((mg, packed))
                            && !p.str_consts.get(mi).copied().unwrap_or(false)
                            && !p.str_consts.get(pi).copied().unwrap_or(false)
                    }
                    _ => false,
                };
                if !ok {
                    return Err(format!("K{mi}, K{pi} are not a division's magic constants"));
                }
                st[a as usize] = scalar;
            }
            AddIK { a, b, .. }
            | MulIK { a, b, .. }
            | DivIK { a, b, .. }
            | RemIK { a, b, .. }
            | AndIK { a, b, .. }
            | NegI { a, b }
            | BitNot { a, b }
            | Ext { a, b, .. }
            | Not { a, b }
            | NegF { a, b }
            | F32 { a, b }
            | IToF { a, b }
            | UToF { a, b }
            | FToI { a, b }
            | FToU { a, b } => {
                need_scalar!(b);
                st[a as usize] = scalar;
            }
            Concat { a, b, n } => {
                for i in 0..n {
                    need_str!(b + i);
                }
                st[a as usize] = str_;
            }
            StrEq { a, b, c } | StrNe { a, b, c } | StrLt { a, b, c } | StrLe { a, b, c } => {
                need_str!(b);
                need_str!(c);
                st[a as usize] = scalar;
            }
            StrLen { a, b } => {
                need_str!(b);
                st[a as usize] = scalar;
            }
            StrIndex { a, b, c } => {
                need_str!(b);
                need_scalar!(c);
                st[a as usize] = scalar;
            }
            StrSlice { a, b, flags } => {
                need_str!(b);
                if flags & 1 != 0 {
                    need_scalar!(b + 1);
                }
                if flags & 2 != 0 {
                    need_scalar!(b + 2);
                }
                st[a as usize] = str_;
            }
            StrNextRune { a, b } => {
                need_str!(b);
                need_scalar!(b + 1);
                st[a as usize] = scalar;
                st[a as usize + 1] = scalar;
            }
            RuneToStr { a, b } => {
                need_scalar!(b);
                st[a as usize] = str_;
            }
            StrToBytes { a, b } | StrToRunes { a, b } => {
                need_str!(b);
                st[a as usize] = V::C(self.cl.bytes, false);
            }
            BytesToStr { a, b } | RunesToStr { a, b } => {
                need_fits!(
                    b,
                    SlotT {
                        class: self.cl.bytes,
                        nonzero: false
                    }
                );
                st[a as usize] = str_;
            }
            MakeSlice { a, b, t } => {
                let t = rtype!(t, Kind::Slice, "a slice type");
                need_scalar!(b);
                need_scalar!(b + 1);
                st[a as usize] = V::C(self.slot(t)?.class, false);
            }
            Index { a, b, c } | IndexAddr { a, b, c } => {
                need_scalar!(c);
                let Some(e) = need!(b, Shape::Hdr(e) => *e, "a slice or array") else {
                    return Ok(Flow::Stop);
                };
                st[a as usize] = if let Index { .. } = op {
                    self.val(e)
                } else {
                    V::C(self.cl.ptr(e), false)
                };
            }
            SetIndex { a, b, c } => {
                need_scalar!(b);
                let Some(e) = need!(a, Shape::Hdr(e) => *e, "a slice or array") else {
                    return Ok(Flow::Stop);
                };
                need_fits!(c, e);
            }
            SetIndexK { a, b, k } => {
                need_scalar!(b);
                let Some(e) = need!(a, Shape::Hdr(e) => *e, "a slice or array") else {
                    return Ok(Flow::Stop);
                };
                let v = if k == 0 { V::Nil } else { scalar };
                if !self.fits(v, e) {
                    return Err(format!("constant {k} stored as {}", self.slot_name(e)));
                }
            }
            SliceExpr { a, b, flags } => {
                let _ = need!(b, Shape::Hdr(_) => (), "a slice or array");
                for (bit, i) in [(1, 1), (2, 2), (4, 3)] {
                    if flags & bit != 0 {
                        need_scalar!(b + i);
                    }
                }
                st[a as usize] = match st[b as usize] {
                    V::C(c, _) => V::C(c, false),
                    v => v,
                };
            }
            SliceLen { a, b } | SliceCap { a, b } => {
                let _ = need!(b, Shape::Hdr(_) => (), "a slice or array");
                st[a as usize] = scalar;
            }
            Append { a, b, t } | AppendStack { a, b, t } => {
                let t = rtype!(t, Kind::Slice, "a slice type");
                let s = self.slot(t)?;
                need_fits!(b, s);
                let Shape::Hdr(e) = self.cl.shapes[s.class as usize] else {
                    return Err("slice type without element".into());
                };
                need_fits!(b + 1, e);
                st[a as usize] = V::C(s.class, false);
            }
            AppendSlice { a, b, t } | AppendSliceStack { a, b, t } | CopySlice { a, b, t } => {
                let t = rtype!(t, Kind::Slice | Kind::String, "a slice or string type");
                let s = if self.rt[t as usize].kind == Kind::String {
                    need_str!(b + 1);
                    SlotT {
                        class: self.cl.bytes,
                        nonzero: false,
                    }
                } else {
                    let s = self.slot(t)?;
                    need_fits!(b + 1, s);
                    s
                };
                need_fits!(b, s);
                st[a as usize] = if let CopySlice { .. } = op {
                    scalar
                } else {
                    V::C(s.class, false)
                };
            }
            MakeMap { a, t, b } => {
                let t = rtype!(t, Kind::Map, "a map type");
                need_scalar!(b);
                st[a as usize] = V::C(self.slot(t)?.class, false);
            }
            MapGet { a, b, c } | MapGetOk { a, b, c } => {
                // A nil map yields 0 even for struct values (see
                // `ops::map_zero_get`); a map known non-nil yields a
                // stored value or a fresh zero one (`ops::map_get`).
                let map_nonnil = matches!(st[b as usize], V::C(_, true));
                let v = match need!(b, Shape::Map(k, v) => (*k, *v), "a map") {
                    Some((k, v)) => {
                        need_fits!(c, k);
                        V::C(v.class, map_nonnil)
                    }
                    None => {
                        need_defined!(c);
                        V::Nil
                    }
                };
                st[a as usize] = v;
                if let MapGetOk { .. } = op {
                    st[a as usize + 1] = scalar;
                }
            }
            MapSet { a, b, c } => {
                let Some((k, v)) = need!(a, Shape::Map(k, v) => (*k, *v), "a map") else {
                    return Ok(Flow::Stop);
                };
                need_fits!(b, k);
                need_fits!(c, v);
            }
            MapDelete { a, b } => match need!(a, Shape::Map(k, _) => *k, "a map") {
                Some(k) => need_fits!(b, k),
                None => need_defined!(b),
            },
            MapLen { a, b } => {
                let _ = need!(b, Shape::Map(..) => (), "a map");
                st[a as usize] = scalar;
            }
            MapIter { a, b } => {
                st[a as usize] = match need!(b, Shape::Map(k, v) => (*k, *v), "a map") {
                    Some((k, v)) => {
                        let name = format!("iterator of {}", self.cl.names[k.class as usize]);
                        V::C(self.cl.get(Shape::MapIter(k, v), &name), false)
                    }
                    None => V::Nil,
                };
            }
            MapNext { a, b } => {
                window!(a, 3);
                match need!(b, Shape::MapIter(k, v) => (*k, *v), "a map iterator") {
                    Some((k, v)) => {
                        st[a as usize] = self.val(k);
                        st[a as usize + 1] = self.val(v);
                        st[a as usize + 2] = scalar;
                    }
                    None => {
                        // A nil map's iterator never yields: only the exit
                        // of the `JmpIfNot` on the found flag is reachable.
                        st[a as usize + 2] = scalar;
                        if let Some(&JmpIfNot { a: f, .. }) = p.code.get(pc + 1) {
                            if f == a + 2 {
                                if let Some(t) = jump_target(pc + 1, &p.code[pc + 1]) {
                                    return Ok(Flow::Jump(t));
                                }
                            }
                        }
                        return Err(
                            "MapNext on a nil iterator is not followed by its exit test".into()
                        );
                    }
                }
            }
            MapClear { a } => {
                let _ = need!(a, Shape::Map(..) => (), "a map");
            }
            MakeIface { a, b, t } => {
                let s = self.slot(t as u32)?;
                need_fits!(b, s);
                st[a as usize] = V::C(self.cl.iface, false);
            }
            TypeAssert { a, b, d } => {
                let desc = p.asserts[d as usize];
                let isnil = need!(b, Shape::Iface => (), "an interface").is_none();
                if isnil && !desc.comma_ok {
                    return Ok(Flow::Stop);
                }
                let s = self.slot(desc.target)?;
                st[a as usize] = self.val(s);
                if desc.comma_ok {
                    st[a as usize + 1] = scalar;
                }
            }
            EqVal { a, b, t } => {
                let s = self.slot(t as u32)?;
                need_fits!(b, s);
                need_fits!(b + 1, s);
                st[a as usize] = scalar;
            }
            IsNil { a, b } => {
                need_defined!(b);
                st[a as usize] = scalar;
            }
            IfaceType { a, b } => {
                let _ = need!(b, Shape::Iface => (), "an interface");
                st[a as usize] = scalar;
            }
            Call { a, f } => {
                call!(a, &self.sigs[f as usize], true);
            }
            CallClosure { a, b } => {
                if need!(b, Shape::Func(_) => (), "a func").is_none() {
                    return Ok(Flow::Stop);
                }
                let V::C(c, _) = st[b as usize] else {
                    return Err("func register changed".into());
                };
                let Shape::Func(sig) = &self.cl.shapes[c as usize] else {
                    return Err("func class changed".into());
                };
                call!(a, sig, true);
            }
            CallIface { a, m } => {
                if need!(a, Shape::Iface => (), "an interface").is_none() {
                    return Ok(Flow::Stop);
                }
                // No method of this key exists: the call cannot succeed.
                let Some(sig) = self.key_sigs.get(&m) else {
                    return Ok(Flow::Stop);
                };
                let a = a as usize;
                window!(a + 1, sig.0.len());
                window!(a, sig.1.len());
                for (i, s) in sig.0.iter().enumerate() {
                    need_fits!(a + 1 + i, *s);
                }
                for r in st[a..nregs].iter_mut() {
                    *r = V::Undef;
                }
                for (i, s) in sig.1.iter().enumerate() {
                    st[a + i] = self.val(*s);
                }
            }
            CallNative { a, f, n } => {
                let name = self.natives[f as usize].as_str();
                match name {
                    super::natives::GUARD_NAME => return Ok(Flow::Stop),
                    "builtin.fmin" | "builtin.fmax" => {
                        // The builtin min/max of two floats.
                        if n != 2 {
                            return Err(format!("{name} takes 2 arguments"));
                        }
                        need_scalar!(a);
                        need_scalar!(a + 1);
                        for r in st[a as usize..nregs].iter_mut() {
                            *r = V::Undef;
                        }
                        st[a as usize] = scalar;
                    }
                    "builtin.print" | "builtin.println" | "builtin.clear" => {
                        for i in 0..n {
                            need_fits!(
                                a + i,
                                SlotT {
                                    class: self.cl.iface,
                                    nonzero: false
                                }
                            );
                        }
                    }
                    "builtin.sliceToArray" => {
                        // Its argument is the slice just boxed by the
                        // MakeIface before it (the compiler's only use).
                        let src = match p.code.get(pc.wrapping_sub(1)) {
                            Some(&MakeIface { a: x, b: y, t })
                                if x == a && y == a && next_is(pc - 1) =>
                            {
                                t
                            }
                            _ => {
                                return Err(
                                    "sliceToArray not after MakeIface of its argument".into()
                                )
                            }
                        };
                        if n != 3 {
                            return Err("sliceToArray takes 3 arguments".into());
                        }
                        need_scalar!(a + 1);
                        need_scalar!(a + 2);
                        let t = rtype!(src, Kind::Slice, "a slice type");
                        st[a as usize] = V::C(self.slot(t)?.class, false);
                    }
                    _ => {
                        let Some(Some(sig)) = self.native_sigs.get(f as usize) else {
                            return Err(format!("native {name} has no signature"));
                        };
                        if sig.0.len() != n as usize {
                            return Err(format!(
                                "native {name} takes {} arguments, given {n}",
                                sig.0.len()
                            ));
                        }
                        call!(a, sig, false);
                    }
                }
            }
            Return1 { a } => {
                let rs = &self.sigs[cx.pi].1;
                if rs.len() != 1 {
                    return Err(format!("returns 1 value, the proto has {}", rs.len()));
                }
                need_fits!(a, rs[0]);
                return Ok(Flow::Stop);
            }
            Return { a, n } => {
                let rs = &self.sigs[cx.pi].1;
                if n as usize != rs.len() {
                    return Err(format!("returns {n} values, the proto has {}", rs.len()));
                }
                for (i, s) in rs.iter().enumerate() {
                    need_fits!(a as usize + i, *s);
                }
                return Ok(Flow::Stop);
            }
            Defer { a } | Go { a } => {
                let ok = need!(a, Shape::Func((ps, _)) => ps.is_empty(), "a func");
                if ok == Some(false) {
                    bad!(a, "a func without parameters");
                }
                if let Defer { .. } = op {
                    st[nregs] = scalar;
                }
            }
            Recover { a } => st[a as usize] = V::C(self.cl.iface, false),
            FrameToken { a } => {
                st[a as usize] = scalar;
                // Loop bodies may defer into this frame from now on.
                st[nregs] = scalar;
            }
            DeferAt { a, b } => {
                let ok = need!(a, Shape::Func((ps, _)) => ps.is_empty(), "a func");
                if ok == Some(false) {
                    bad!(a, "a func without parameters");
                }
                need_scalar!(b);
            }
            RangeEnter { a } | RangeExit { a } => {
                match need!(a, Shape::Ptr(s) => *s, "a slot pointer") {
                    Some(s) if s.class == self.cl.scalar => {}
                    Some(_) => bad!(a, "a pointer to a scalar slot"),
                    None => return Ok(Flow::Stop),
                }
            }
            Panic { a } => {
                let _ = need!(a, Shape::Iface => (), "an interface");
                return Ok(Flow::Stop);
            }
            MakeChan { a, b, t } => {
                let t = rtype!(t, Kind::Chan, "a chan type");
                need_scalar!(b);
                st[a as usize] = V::C(self.slot(t)?.class, false);
            }
            Send { a, b } => {
                let Some(e) = need!(a, Shape::Chan(e) => *e, "a chan") else {
                    return Ok(Flow::Stop);
                };
                need_fits!(b, e);
            }
            Recv { a, b } | RecvOk { a, b } => {
                let Some(e) = need!(b, Shape::Chan(e) => *e, "a chan") else {
                    return Ok(Flow::Stop);
                };
                st[a as usize] = self.val(e);
                if let RecvOk { .. } = op {
                    st[a as usize + 1] = scalar;
                }
            }
            Close { a } => {
                if need!(a, Shape::Chan(_) => (), "a chan").is_none() {
                    return Ok(Flow::Stop);
                }
            }
            ChanLen { a, b } | ChanCap { a, b } => {
                let _ = need!(b, Shape::Chan(_) => (), "a chan");
                st[a as usize] = scalar;
            }
            Select { a, d } => {
                let desc = &p.selects[d as usize];
                let mut cases = Vec::with_capacity(desc.cases.len());
                for c in &desc.cases {
                    let e = need!(c.ch, Shape::Chan(e) => *e, "a chan");
                    match (c.send, e) {
                        (true, Some(e)) => need_fits!(c.val, e),
                        (true, None) => need_defined!(c.val),
                        _ => {}
                    }
                    // A nil channel's case never fires.
                    cases.push(match (c.send, e) {
                        (true, _) => Case::Send,
                        (false, None) => Case::Never,
                        (false, Some(e)) => Case::Recv(self.val(e)),
                    });
                }
                let me = pc as u32;
                for r in st[..nregs].iter_mut() {
                    if matches!(*r, V::SelIdx(x) | V::SelVal(x) if x == me) {
                        *r = V::Top;
                    }
                }
                let recv: Vec<V> = cases
                    .iter()
                    .filter_map(|c| match c {
                        Case::Recv(v) => Some(*v),
                        _ => None,
                    })
                    .collect();
                let a = a as usize;
                st[a] = V::SelIdx(me);
                // Only a receive can end a select without a send case or
                // a default: its value is then the receives' own. Otherwise
                // it is told case by case (`Refine::SelCase`), so that a
                // struct received is a non-nil box in its case's body.
                let only_recv = !desc.has_default && !cases.iter().any(|c| matches!(c, Case::Send));
                st[a + 1] = match recv.split_first() {
                    None => V::Nil,
                    Some((f, rest)) if only_recv && rest.iter().all(|v| v == f) => *f,
                    Some(_) => V::SelVal(me),
                };
                st[a + 2] = scalar;
                cx.sel_cases.insert(me, cases);
            }
            Jmp { .. } => return Ok(Flow::Jump(jump_target(pc, &op).unwrap_or(pc))),
            JmpLt { a, b, .. } | JmpLe { a, b, .. } => {
                need_scalar!(a);
                need_scalar!(b);
            }
            JmpEq { a, b, .. } | JmpNe { a, b, .. } => self.same_words(st, a, b)?,
            JmpLtK { a, .. }
            | JmpLeK { a, .. }
            | JmpGtK { a, .. }
            | JmpGeK { a, .. }
            | JmpEqK { a, .. }
            | JmpNeK { a, .. } => need_scalar!(a),
            IncJmpLt { a, b, .. } | IncJmpLe { a, b, .. } => {
                need_scalar!(a);
                need_scalar!(b);
                st[a as usize] = scalar;
            }
            IncJmpLtK { a, .. } => {
                need_scalar!(a);
                st[a as usize] = scalar;
            }
            JmpLtC { a, k, .. }
            | JmpLeC { a, k, .. }
            | JmpGtC { a, k, .. }
            | JmpGeC { a, k, .. }
            | IncJmpLtC { a, k, .. } => {
                need_scalar!(a);
                if let IncJmpLtC { .. } = op {
                    st[a as usize] = scalar;
                }
                if p.str_consts.get(k as usize).copied().unwrap_or(false) {
                    return Err(format!("K{k} is a string, want an integer"));
                }
            }
            RaceLoadGlobal { .. }
            | RaceStoreGlobal { .. }
            | RaceLoad { .. }
            | RaceStore { .. }
            | RaceField { .. }
            | RaceSetField { .. }
            | RaceIndex { .. }
            | RaceSetIndex { .. }
            | RaceSetIndexK { .. }
            | RaceMapGet { .. }
            | RaceMapGetOk { .. }
            | RaceMapSet { .. }
            | RaceMapDelete { .. }
            | RaceSend { .. }
            | RaceRecv { .. }
            | RaceRecvOk { .. }
            | RaceClose { .. }
            | RaceSelect { .. }
            | RaceAppend { .. }
            | RaceAppendStack { .. }
            | RaceAppendSlice { .. }
            | RaceAppendSliceStack { .. }
            | RaceCopySlice { .. }
            | RaceCopy { .. }
            | RaceCopyInto { .. }
            | RaceBytesToStr { .. }
            | RaceRunesToStr { .. } => unreachable!("race::unrace maps every twin"),
            JmpIf { a, .. } | JmpIfNot { a, .. } => {
                need_scalar!(a);
                let t = jump_target(pc, &op).unwrap_or(pc);
                let if_true = matches!(op, JmpIf { .. });
                // `IsNil a, r` just before: r is nil exactly when a != 0.
                if pc > block {
                    if let IsNil { a: x, b: r } = p.code[pc - 1] {
                        if x == a && r != a {
                            // A register known to be nil (or known non-nil)
                            // makes the other edge unreachable.
                            let cur = st[r as usize];
                            let isnil = match cur {
                                V::C(_, true) => Refine::Dead,
                                _ => Refine::Set(r, V::Nil),
                            };
                            let nonnil = match cur {
                                V::Nil => Refine::Dead,
                                _ => Refine::Set(r, nonzero(cur)),
                            };
                            let (tk, fl) = if if_true {
                                (isnil, nonnil)
                            } else {
                                (nonnil, isnil)
                            };
                            return Ok(Flow::Branch(t, tk, fl));
                        }
                    }
                }
                // `LoadInt t, i; EqI a, res, t; JmpIf a` on a select's case
                // index: the received value is case i's.
                if if_true && pc >= block + 2 {
                    if let (
                        LoadInt { a: k, v: i },
                        EqI {
                            a: e,
                            b: res,
                            c: k2,
                        },
                    ) = (p.code[pc - 2], p.code[pc - 1])
                    {
                        if e == a && k == k2 && res != k {
                            if let V::SelIdx(s) = st[res as usize] {
                                let case = cx.sel_cases.get(&s).and_then(|cs| cs.get(i as usize));
                                let taken = match case {
                                    Some(Case::Recv(v)) => Refine::SelCase(s, *v),
                                    Some(Case::Never) => Refine::Dead,
                                    _ => Refine::None,
                                };
                                return Ok(Flow::Branch(t, taken, Refine::None));
                            }
                        }
                    }
                }
                return Ok(Flow::Branch(t, Refine::None, Refine::None));
            }
        }
        if let Some(t) = jump_target(pc, &op) {
            return Ok(Flow::Branch(t, Refine::None, Refine::None));
        }
        Ok(Flow::Next)
    }
}

struct ProtoCx {
    pi: usize,
    /// Per `Select` pc: each case's received value (`None`: a send or a
    /// nil channel).
    sel_cases: HashMap<u32, Vec<Case>>,
}

#[derive(Clone, Copy)]
enum Case {
    Send,
    /// A receive from a nil channel: never chosen.
    Never,
    /// A receive of this value.
    Recv(V),
}

fn nonzero(v: V) -> V {
    match v {
        V::C(c, _) => V::C(c, true),
        v => v,
    }
}

fn refine(st: &[V], r: Refine) -> Option<std::borrow::Cow<'_, [V]>> {
    Some(match r {
        Refine::Dead => return None,
        Refine::None => std::borrow::Cow::Borrowed(st),
        Refine::Set(reg, v) => {
            let mut s = st.to_vec();
            s[reg as usize] = v;
            std::borrow::Cow::Owned(s)
        }
        Refine::SelCase(sel, v) => {
            let mut s = st.to_vec();
            for x in s.iter_mut() {
                if *x == V::SelVal(sel) {
                    *x = v;
                }
            }
            std::borrow::Cow::Owned(s)
        }
    })
}

/// Instructions that never panic: a recovered panic cannot resume the
/// frame from their state. (The compiler converts in place, e.g. a named
/// interface result assigned `2` is `LoadInt r; MakeIface r r`: the
/// register holds an int only between two instructions that cannot
/// panic.) Leaving an instruction out of this list only makes the check
/// stricter.
fn cannot_panic(op: &Op) -> bool {
    matches!(
        super::race::unrace(*op),
        Op::Move { .. }
            | Op::LoadInt { .. }
            | Op::LoadConst { .. }
            | Op::LoadConstC { .. }
            | Op::LoadFunc { .. }
            | Op::MakeClosure { .. }
            | Op::MakeIface { .. }
            | Op::AddI { .. }
            | Op::SubI { .. }
            | Op::MulI { .. }
            | Op::AddIK { .. }
            | Op::MulIK { .. }
            | Op::AndIK { .. }
            | Op::And { .. }
            | Op::Or { .. }
            | Op::Xor { .. }
            | Op::AndNot { .. }
            | Op::NegI { .. }
            | Op::BitNot { .. }
            | Op::Ext { .. }
            | Op::Not { .. }
            | Op::EqI { .. }
            | Op::NeI { .. }
            | Op::LtI { .. }
            | Op::LeI { .. }
            | Op::LtU { .. }
            | Op::LeU { .. }
            | Op::AddF { .. }
            | Op::SubF { .. }
            | Op::MulF { .. }
            | Op::DivF { .. }
            | Op::NegF { .. }
            | Op::EqF { .. }
            | Op::NeF { .. }
            | Op::LtF { .. }
            | Op::LeF { .. }
            | Op::F32 { .. }
            | Op::IToF { .. }
            | Op::UToF { .. }
            | Op::FToI { .. }
            | Op::FToU { .. }
            | Op::MakeC { .. }
            | Op::RealC { .. }
            | Op::ImagC { .. }
            | Op::C64 { .. }
            | Op::Jmp { .. }
            | Op::JmpIf { .. }
            | Op::JmpIfNot { .. }
    )
}

/// A recovered panic at this instruction leaves the frame's registers from
/// the returned one up (to the flag slot `n`) holding whatever the callee
/// frames wrote there (a call's window).
fn clobbered_from(op: &Op, n: usize) -> usize {
    match *op {
        Op::Call { a, .. }
        | Op::CallClosure { a, .. }
        | Op::CallIface { a, .. }
        | Op::CallNative { a, .. } => (a as usize).min(n),
        _ => n,
    }
}

/// `merge` of `st` with registers `from..n` clobbered (`Top`).
fn merge_clobbered(
    slot: &mut Option<Box<[V]>>,
    st: &[V],
    from: usize,
    n: usize,
    cl: &Classes,
) -> bool {
    let at = |i: usize| {
        if (from..n).contains(&i) {
            V::Top
        } else {
            st[i]
        }
    };
    match slot {
        None => {
            *slot = Some((0..st.len()).map(at).collect());
            true
        }
        Some(old) => {
            let mut changed = false;
            for (i, o) in old.iter_mut().enumerate() {
                let j = join(*o, at(i), cl);
                if j != *o {
                    *o = j;
                    changed = true;
                }
            }
            changed
        }
    }
}

/// Joins `st` into the state at a block entry; whether it changed.
fn merge(slot: &mut Option<Box<[V]>>, st: &[V], cl: &Classes) -> bool {
    match slot {
        None => {
            *slot = Some(st.to_vec().into_boxed_slice());
            true
        }
        Some(old) => {
            let mut changed = false;
            for (o, &n) in old.iter_mut().zip(st) {
                let j = join(*o, n, cl);
                if j != *o {
                    *o = j;
                    changed = true;
                }
            }
            changed
        }
    }
}

/// The target of a jump instruction (`load::verify` checked the range).
fn jump_target(pc: usize, op: &Op) -> Option<usize> {
    op.jump_offset()
        .map(|off| (pc as i64 + 1 + off as i64) as usize)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::bytecode::{Image, Op, Proto, Sig};
    use crate::heap;
    use crate::interp::Program;
    use crate::rtype::{Kind, RField, RType};

    const INT: u32 = 0;
    const STRING: u32 = 1;
    const ANY: u32 = 2;
    const INTS: u32 = 3;
    const POINT: u32 = 4;
    const PTR_INT: u32 = 5;
    const FUNC_INT: u32 = 6;
    const STRS: u32 = 7;

    fn rtypes() -> Vec<RType> {
        let t = |name: &str, kind: Kind| RType {
            name: name.into(),
            kind,
            comparable: true,
            ..RType::invalid()
        };
        let field = |name: &str, ty: u32| RField {
            name: name.into(),
            ty,
            embedded: false,
            exported: false,
            tag: Vec::new(),
        };
        vec![
            t("int", Kind::Int),
            t("string", Kind::String),
            t("interface {}", Kind::Interface),
            RType {
                elem: INT,
                ..t("[]int", Kind::Slice)
            },
            RType {
                fields: vec![field("x", INT), field("s", STRING)],
                aggregate: true,
                ..t("main.Point", Kind::Struct)
            },
            RType {
                elem: INT,
                ..t("*int", Kind::Pointer)
            },
            RType {
                params: vec![INT],
                results: vec![INT],
                ..t("func(int) int", Kind::Func)
            },
            RType {
                elem: STRING,
                ..t("[]string", Kind::Slice)
            },
        ]
    }

    /// A proto taking `params` and returning `results` (rtypes).
    fn proto(name: &str, params: &[u32], results: &[u32], nregs: u16, code: Vec<Op>) -> Proto {
        Proto {
            name: name.into(),
            lines: vec![1; code.len()],
            code,
            nregs,
            nparams: params.len() as u16,
            nresults: results.len() as u16,
            sig: Some(Sig {
                params: params.to_vec(),
                results: results.to_vec(),
            }),
            consts: vec![heap::new_str(b"hello")],
            str_consts: vec![true],
            ..Proto::default()
        }
    }

    fn load(protos: Vec<Proto>) -> Result<Program, String> {
        load_with(protos, rtypes())
    }

    fn load_with(protos: Vec<Proto>, rtypes: Vec<RType>) -> Result<Program, String> {
        let image = Image {
            protos,
            rtypes,
            ..Image::default()
        };
        Program::new(Arc::new(image), vec![])
    }

    fn main_only(nregs: u16, code: Vec<Op>) -> Result<Program, String> {
        load(vec![proto("main.main", &[], &[], nregs, code)])
    }

    #[track_caller]
    fn rejects(r: Result<Program, String>, want: &str) {
        match r {
            Ok(_) => panic!("accepted; want an error containing {want:?}"),
            Err(e) => assert!(e.contains(want), "error {e:?} lacks {want:?}"),
        }
    }

    #[track_caller]
    fn accepts(r: Result<Program, String>) {
        if let Err(e) = r {
            panic!("rejected: {e}");
        }
    }

    #[test]
    fn field_on_a_string_is_rejected() {
        rejects(
            main_only(
                2,
                vec![
                    Op::LoadConst { a: 0, k: 0 },
                    Op::Field { a: 1, b: 0, i: 0 },
                    Op::Return { a: 0, n: 0 },
                ],
            ),
            "verify: proto main.main pc 1: Field { a: 1, b: 0, i: 0 }: R0 holds string",
        );
    }

    #[test]
    fn concat_of_an_int_is_rejected() {
        rejects(
            main_only(
                3,
                vec![
                    Op::LoadConst { a: 0, k: 0 },
                    Op::LoadInt { a: 1, v: 42 },
                    Op::Concat { a: 2, b: 0, n: 2 },
                    Op::Return { a: 0, n: 0 },
                ],
            ),
            "R1 holds scalar (int), want a string",
        );
    }

    /// `load::verify`'s range checks come from the table's operand kinds:
    /// one case per kind of index and per kind of register window.
    #[test]
    fn operands_out_of_range_are_rejected_by_kind() {
        let ret = Op::Return { a: 0, n: 0 };
        let cases: Vec<(u16, Op, &str)> = vec![
            (2, Op::Move { a: 0, b: 2 }, "register out of range"),
            (3, Op::Concat { a: 0, b: 1, n: 3 }, "register out of range"),
            (
                4,
                Op::SliceExpr {
                    a: 0,
                    b: 1,
                    flags: 0,
                },
                "register out of range",
            ),
            (1, Op::LoadConst { a: 0, k: 1 }, "constant out of range"),
            (1, Op::LoadGlobal { a: 0, g: 0 }, "global out of range"),
            (1, Op::LoadFunc { a: 0, f: 9 }, "proto out of range"),
            (
                1,
                Op::CallNative { a: 0, f: 999, n: 0 },
                "native out of range",
            ),
            (
                1,
                Op::CallIface { a: 0, m: 999 },
                "method name out of range",
            ),
            (1, Op::Zero { a: 0, t: 999 }, "rtype out of range"),
            (
                2,
                Op::TypeAssert { a: 0, b: 1, d: 0 },
                "assert descriptor out of range",
            ),
            (
                1,
                Op::Select { a: 0, d: 0 },
                "select descriptor out of range",
            ),
            (
                1,
                Op::JmpLtK {
                    a: 0,
                    k: 0,
                    off: -5,
                },
                "jump out of range",
            ),
        ];
        for (nregs, op, want) in cases {
            rejects(main_only(nregs, vec![op, ret]), want);
        }
        // A window sized by another proto: `MakeClosure` of a proto with
        // two captures reads two registers.
        let mut body = proto("main.main.func1", &[], &[], 1, vec![ret]);
        body.ncaptures = 2;
        let main = |nregs| {
            load(vec![
                proto(
                    "main.main",
                    &[],
                    &[],
                    nregs,
                    vec![Op::MakeClosure { a: 0, f: 1, b: 1 }, ret],
                ),
                body.clone(),
            ])
        };
        rejects(main(2), "register out of range");
    }

    #[test]
    fn operands_follow_the_table() {
        use crate::bytecode::{Operand, Window};
        let ops: Vec<_> = Op::Concat { a: 1, b: 2, n: 3 }.operands().iter().collect();
        assert_eq!(
            ops,
            [
                ("a", Operand::Reg(1, Window::Fixed(1))),
                ("b", Operand::Reg(2, Window::Fixed(3))),
                ("n", Operand::Imm(3)),
            ]
        );
        assert_eq!(
            Op::JmpLe {
                a: 0,
                b: 1,
                off: -3
            }
            .jump_offset(),
            Some(-3)
        );
        assert_eq!(Op::Move { a: 0, b: 1 }.jump_offset(), None);
        assert_eq!(Op::RunDefers.operands().iter().count(), 0);
        assert_eq!(Op::SetField { a: 0, i: 1, b: 2 }.name(), "SetField");
        let mut names = Op::NAMES.to_vec();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Op::NAMES.len());
    }

    #[test]
    fn jump_into_nowhere_is_rejected() {
        rejects(
            main_only(1, vec![Op::Jmp { off: 100 }, Op::Return { a: 0, n: 0 }]),
            "jump out of range",
        );
    }

    #[test]
    fn use_of_an_undefined_register_is_rejected() {
        rejects(
            main_only(
                3,
                vec![Op::AddI { a: 0, b: 1, c: 2 }, Op::Return { a: 0, n: 0 }],
            ),
            "R1 holds an undefined register, want a scalar",
        );
        // Defined on one path only.
        rejects(
            load(vec![proto(
                "main.f",
                &[INT],
                &[INT],
                2,
                vec![
                    Op::JmpIfNot { a: 0, off: 1 },
                    Op::LoadInt { a: 1, v: 1 },
                    Op::Return { a: 1, n: 1 },
                ],
            )]),
            "pc 2: Return1 { a: 1 }: R1 holds an undefined register",
        );
    }

    /// R1 is a string on one path and a slice on the other: fine until used.
    fn string_or_slice(use_it: Op) -> Result<Program, String> {
        load(vec![proto(
            "main.f",
            &[INT],
            &[],
            4,
            vec![
                Op::JmpIfNot { a: 0, off: 2 },
                Op::LoadConst { a: 1, k: 0 },
                Op::Jmp { off: 3 },
                Op::LoadInt { a: 2, v: 3 },
                Op::LoadInt { a: 3, v: 3 },
                Op::MakeSlice {
                    a: 1,
                    b: 2,
                    t: INTS as u16,
                },
                use_it,
                Op::Return { a: 0, n: 0 },
            ],
        )])
    }

    #[test]
    fn conflicting_kinds_at_a_join_are_rejected_when_used() {
        accepts(string_or_slice(Op::LoadInt { a: 1, v: 0 }));
        rejects(
            string_or_slice(Op::StrLen { a: 2, b: 1 }),
            "pc 6: StrLen { a: 2, b: 1 }: R1 holds conflicting kinds",
        );
        // (Checks fail on a partial join too: the path found first is named.)
        rejects(
            string_or_slice(Op::SliceLen { a: 2, b: 1 }),
            "pc 6: SliceLen { a: 2, b: 1 }: R1 holds",
        );
    }

    #[test]
    fn field_index_past_the_struct_is_rejected() {
        rejects(
            main_only(
                2,
                vec![
                    Op::Zero { a: 0, t: POINT },
                    Op::Field { a: 1, b: 0, i: 2 },
                    Op::Return { a: 0, n: 0 },
                ],
            ),
            "field 2 of a struct with 2 fields",
        );
    }

    #[test]
    fn field_results_have_the_field_type() {
        let prog = |i: u16| {
            main_only(
                3,
                vec![
                    Op::Zero { a: 0, t: POINT },
                    Op::Field { a: 1, b: 0, i },
                    Op::Concat { a: 2, b: 1, n: 1 },
                    Op::Return { a: 0, n: 0 },
                ],
            )
        };
        accepts(prog(1));
        rejects(prog(0), "R1 holds scalar (int), want a string");
    }

    #[test]
    fn a_class_shared_by_several_types_is_not_named_by_one() {
        let mut rt = rtypes();
        rt.push(RType {
            name: "bool".into(),
            kind: Kind::Bool,
            comparable: true,
            ..RType::invalid()
        });
        let code = vec![
            Op::LoadConst { a: 0, k: 0 },
            Op::LoadInt { a: 1, v: 42 },
            Op::Concat { a: 2, b: 0, n: 2 },
            Op::Return { a: 0, n: 0 },
        ];
        let main = proto("main.main", &[], &[], 3, code);
        rejects(
            load_with(vec![main], rt),
            "R1 holds scalar (int or 1 other type), want a string",
        );
    }

    #[test]
    fn nil_struct_values_are_rejected_where_a_box_is_assumed() {
        rejects(
            main_only(
                2,
                vec![
                    Op::LoadInt { a: 0, v: 0 },
                    Op::MakeIface {
                        a: 1,
                        b: 0,
                        t: POINT as u16,
                    },
                    Op::Return { a: 0, n: 0 },
                ],
            ),
            "R0 holds nil (0), want struct box (main.Point) (non-nil)",
        );
    }

    #[test]
    fn calls_must_match_the_callee_signature() {
        let callee = proto(
            "main.len",
            &[STRING],
            &[INT],
            1,
            vec![Op::StrLen { a: 0, b: 0 }, Op::Return { a: 0, n: 1 }],
        );
        let caller = |arg: Op, use_res: Op| {
            proto(
                "main.main",
                &[],
                &[],
                2,
                vec![
                    arg,
                    Op::Call { a: 0, f: 1 },
                    use_res,
                    Op::Return { a: 0, n: 0 },
                ],
            )
        };
        accepts(load(vec![
            caller(Op::LoadConst { a: 0, k: 0 }, Op::AddIK { a: 1, b: 0, k: 1 }),
            callee.clone(),
        ]));
        rejects(
            load(vec![
                caller(Op::LoadInt { a: 0, v: 7 }, Op::Nop),
                callee.clone(),
            ]),
            "pc 1: Call { a: 0, f: 1 }: R0 holds scalar (int), want string",
        );
        // The result is an int, not a string.
        rejects(
            load(vec![
                caller(Op::LoadConst { a: 0, k: 0 }, Op::StrLen { a: 1, b: 0 }),
                callee,
            ]),
            "R0 holds scalar (int), want a string",
        );
    }

    #[test]
    fn closures_are_called_by_their_signature() {
        let add1 = Proto {
            ncaptures: 1,
            ..proto(
                "main.main.func1",
                &[INT],
                &[INT],
                2,
                vec![
                    Op::LoadCapture { a: 1, i: 0 },
                    Op::AddI { a: 0, b: 0, c: 1 },
                    Op::Return { a: 0, n: 1 },
                ],
            )
        };
        let main = |cap: Op, arg: Op| {
            proto(
                "main.main",
                &[],
                &[],
                3,
                vec![
                    cap,
                    Op::MakeClosure { a: 2, f: 1, b: 0 },
                    arg,
                    Op::CallClosure { a: 0, b: 2 },
                    Op::Return { a: 0, n: 0 },
                ],
            )
        };
        accepts(load(vec![
            main(Op::LoadInt { a: 0, v: 1 }, Op::LoadInt { a: 0, v: 2 }),
            add1.clone(),
        ]));
        rejects(
            load(vec![
                main(Op::LoadInt { a: 0, v: 1 }, Op::LoadConst { a: 0, k: 0 }),
                add1.clone(),
            ]),
            "CallClosure { a: 0, b: 2 }: R0 holds string",
        );
        // The capture is a string, used as an int by the closure body.
        rejects(
            load(vec![
                main(Op::LoadConst { a: 0, k: 0 }, Op::LoadInt { a: 0, v: 2 }),
                add1,
            ]),
            "proto main.main.func1 pc 1: AddI { a: 0, b: 0, c: 1 }: R1 holds string",
        );
    }

    #[test]
    fn returns_must_match_the_results() {
        rejects(
            load(vec![proto(
                "main.f",
                &[],
                &[STRING],
                1,
                vec![Op::LoadInt { a: 0, v: 5 }, Op::Return { a: 0, n: 1 }],
            )]),
            "R0 holds scalar (int), want string",
        );
        rejects(
            load(vec![proto(
                "main.f",
                &[],
                &[INT],
                1,
                vec![Op::Return { a: 0, n: 0 }],
            )]),
            "returns 0 values, the proto has 1",
        );
    }

    #[test]
    fn pointers_load_their_element_type() {
        let prog = |v: Op| {
            main_only(
                3,
                vec![
                    v,
                    Op::NewCell { a: 1, b: 0 },
                    Op::Load { a: 2, b: 1 },
                    Op::StrLen { a: 2, b: 2 },
                    Op::Return { a: 0, n: 0 },
                ],
            )
        };
        accepts(prog(Op::LoadConst { a: 0, k: 0 }));
        rejects(prog(Op::LoadInt { a: 0, v: 3 }), "R2 holds scalar (int)");
        // A cell of nil needs its type from the metadata.
        rejects(prog(Op::LoadInt { a: 0, v: 0 }), "cell_types");
        let mut p = proto(
            "main.main",
            &[],
            &[],
            3,
            vec![
                Op::LoadInt { a: 0, v: 0 },
                Op::NewCell { a: 1, b: 0 },
                Op::Load { a: 2, b: 1 },
                Op::AddIK { a: 2, b: 2, k: 1 },
                Op::Store { a: 1, b: 2 },
                Op::Return { a: 0, n: 0 },
            ],
        );
        p.cell_types = vec![(1, INT)];
        accepts(load(vec![p.clone()]));
        p.cell_types = vec![(1, STRING)];
        rejects(load(vec![p]), "AddIK { a: 2, b: 2, k: 1 }: R2 holds string");
        let _ = PTR_INT;
    }

    #[test]
    fn constant_operand_ops_are_checked() {
        let ret = Op::Return { a: 0, n: 0 };
        let int = |op: Op| main_only(2, vec![Op::LoadInt { a: 0, v: 7 }, op, ret]);
        accepts(int(Op::RemIK { a: 1, b: 0, k: 3 }));
        accepts(int(Op::DivIK { a: 1, b: 0, k: -1 }));
        accepts(int(Op::MulIK { a: 1, b: 0, k: 9 }));
        accepts(int(Op::AndIK { a: 1, b: 0, k: 7 }));
        rejects(int(Op::RemIK { a: 1, b: 0, k: 0 }), "zero constant");
        rejects(int(Op::DivIK { a: 1, b: 0, k: 0 }), "zero constant");
        // K0 of the test protos is the string "hello".
        rejects(int(Op::JmpLtC { a: 0, k: 0, off: 0 }), "K0 is a string");
        rejects(
            int(Op::JmpGeC { a: 0, k: 1, off: 0 }),
            "constant out of range",
        );
        let mut p = proto(
            "main.main",
            &[],
            &[],
            2,
            vec![
                Op::LoadInt { a: 0, v: 7 },
                Op::JmpLeC { a: 0, k: 0, off: 0 },
                ret,
            ],
        );
        p.consts = vec![1 << 40];
        p.str_consts = vec![false];
        accepts(load(vec![p.clone()]));
        p.code[0] = Op::LoadConst { a: 0, k: 0 };
        p.consts = vec![heap::new_str(b"x")];
        p.str_consts = vec![true];
        rejects(load(vec![p]), "R0 holds string");
    }

    #[test]
    fn magic_division_and_constant_stores_are_checked() {
        let ret = Op::Return { a: 0, n: 0 };
        let (m, packed) = crate::interp::ops::div_magic(7).expect("magic");
        let div = |op: Op, consts: Vec<u64>| {
            let mut p = proto(
                "main.main",
                &[],
                &[],
                2,
                vec![Op::LoadInt { a: 0, v: 7 }, op, ret],
            );
            p.str_consts = vec![false; consts.len()];
            p.consts = consts;
            load(vec![p])
        };
        accepts(div(Op::DivIM { a: 1, b: 0, m: 0 }, vec![m, packed]));
        accepts(div(Op::RemIM { a: 1, b: 0, m: 1 }, vec![5, m, packed]));
        let bad = "are not a division's magic constants";
        rejects(
            div(Op::RemIM { a: 1, b: 0, m: 0 }, vec![m + 1, packed]),
            bad,
        );
        rejects(
            div(Op::DivIM { a: 1, b: 0, m: 0 }, vec![m, packed + 1]),
            bad,
        );
        rejects(div(Op::DivIM { a: 1, b: 0, m: 1 }, vec![m, packed]), bad);
        let store = |t: u32, k: i16| {
            load(vec![proto(
                "main.f",
                &[t],
                &[],
                2,
                vec![
                    Op::LoadInt { a: 1, v: 0 },
                    Op::SetIndexK { a: 0, b: 1, k },
                    ret,
                ],
            )])
        };
        accepts(store(INTS, 1));
        accepts(store(STRS, 0));
        rejects(store(STRS, 1), "constant 1 stored as");
        rejects(store(INT, 1), "want a slice or array");
    }

    #[test]
    fn nil_test_refines_the_tested_register() {
        // `if p == nil { *p }` (the compiler's nil panic idiom) derefs only
        // a nil register: never reached with a non-slot word.
        accepts(load(vec![proto(
            "main.f",
            &[ANY],
            &[],
            2,
            vec![
                Op::IsNil { a: 1, b: 0 },
                Op::JmpIfNot { a: 1, off: 1 },
                Op::Load { a: 1, b: 0 },
                Op::Return { a: 0, n: 0 },
            ],
        )]));
        rejects(
            load(vec![proto(
                "main.f",
                &[ANY],
                &[],
                2,
                vec![
                    Op::IsNil { a: 1, b: 0 },
                    Op::JmpIf { a: 1, off: 1 },
                    Op::Load { a: 1, b: 0 },
                    Op::Return { a: 0, n: 0 },
                ],
            )]),
            "R0 holds interface",
        );
    }

    #[test]
    fn func_signatures_come_from_rtypes() {
        // A func(int) int parameter called with a string.
        rejects(
            load(vec![proto(
                "main.f",
                &[FUNC_INT],
                &[],
                3,
                vec![
                    Op::LoadConst { a: 1, k: 0 },
                    Op::CallClosure { a: 1, b: 0 },
                    Op::Return { a: 0, n: 0 },
                ],
            )]),
            "R1 holds string",
        );
    }

    #[test]
    fn a_verify_failure_exits_with_status_3() {
        let image = Image {
            protos: vec![proto(
                "main.main",
                &[],
                &[],
                2,
                vec![
                    Op::LoadConst { a: 0, k: 0 },
                    Op::Field { a: 1, b: 0, i: 0 },
                    Op::Return { a: 0, n: 0 },
                ],
            )],
            rtypes: rtypes(),
            ..Image::default()
        };
        assert_eq!(crate::interp::run_program(Arc::new(image), vec![]), 3);
    }

    /// The verifier's cost against the whole load (parse, check, compile
    /// and `Program::new`), on the biggest golden programs and the
    /// benchmarks. Run with
    /// `cargo test --release -p minigo-vm --lib verify_cost -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn verify_cost() {
        use std::time::{Duration, Instant};
        let mut files: Vec<std::path::PathBuf> = Vec::new();
        for dir in [
            concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/run"),
            "/work/shared/bench",
        ] {
            if let Ok(rd) = std::fs::read_dir(dir) {
                files.extend(
                    rd.flatten()
                        .map(|e| e.path())
                        .filter(|p| p.extension().is_some_and(|x| x == "go")),
                );
            }
        }
        files.sort();
        let (mut all_load, mut all_verify) = (Duration::ZERO, Duration::ZERO);
        let mut rows = Vec::new();
        for path in &files {
            let src = std::fs::read(path).expect("read");
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            let (mut front, mut link, mut ver) = (Duration::MAX, Duration::MAX, Duration::MAX);
            let mut ops = 0;
            for _ in 0..5 {
                let t = Instant::now();
                let Ok((_, image)) = crate::driver::build(&name, &src) else {
                    break;
                };
                let t1 = Instant::now();
                let prog = Program::new(Arc::new(image), vec![]).expect("loads");
                let t2 = Instant::now();
                super::verify_program(&prog.image, &prog.protos, &prog.rtypes, &prog.native_names)
                    .expect("verifies");
                let t3 = Instant::now();
                front = front.min(t1 - t);
                // Program::new ran the verifier too: count it once.
                link = link.min((t2 - t1).saturating_sub(t3 - t2));
                ver = ver.min(t3 - t2);
                ops = prog.protos.iter().map(|p| p.code.len()).sum::<usize>();
            }
            if front == Duration::MAX {
                continue;
            }
            let load = front + link + ver;
            all_load += load;
            all_verify += ver;
            rows.push((load, name, ops, front, link, ver));
        }
        rows.sort();
        eprintln!("program                          ops   front    link  verify  verify/load");
        for (load, name, ops, front, link, ver) in
            rows.iter().rev().take(12).chain(rows.iter().filter(|r| {
                files
                    .iter()
                    .any(|f| f.starts_with("/work/shared/bench") && f.ends_with(&r.1))
            }))
        {
            eprintln!(
                "{name:30} {ops:6} {:7.2} {:7.2} {:7.2}  {:5.2}%",
                front.as_secs_f64() * 1e3,
                link.as_secs_f64() * 1e3,
                ver.as_secs_f64() * 1e3,
                100.0 * ver.as_secs_f64() / load.as_secs_f64()
            );
        }
        eprintln!(
            "all {} programs: load {:.1} ms, verify {:.1} ms = {:.2}%",
            rows.len(),
            all_load.as_secs_f64() * 1e3,
            all_verify.as_secs_f64() * 1e3,
            100.0 * all_verify.as_secs_f64() / all_load.as_secs_f64()
        );
    }

    /// Everything the compiler emits for the benchmarks in shared/
    /// verifies. (testdata/run's programs are verified by every `minigo
    /// run` of vm/tests/golden.rs: the verifier runs at each load.)
    #[test]
    fn accepts_every_benchmark() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/bench");
        let Ok(rd) = std::fs::read_dir(dir) else {
            return; // no shared/ beside this checkout
        };
        let mut entries: Vec<_> = rd.flatten().collect();
        entries.sort_by_key(|e| e.path());
        let mut n = 0;
        for e in entries {
            let path = e.path();
            if path.extension().is_none_or(|x| x != "go") {
                continue;
            }
            let src = std::fs::read(&path).expect("read");
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            // Those that do not build are corpus_programs_check's.
            let Ok((_, image)) = crate::driver::build(&name, &src) else {
                continue;
            };
            if let Err(e) = Program::new(Arc::new(image), vec![]) {
                panic!("{name}: {e}");
            }
            n += 1;
        }
        assert!(n > 10, "only {n} benchmarks built");
    }
}
