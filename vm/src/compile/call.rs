//! Calls: functions, methods, interface methods, closures, natives,
//! builtins, conversions, method values, and the thunks of `defer`/`go`.

use super::expr::strip_paren;
use super::func::FnCx;
use super::{CResult, WrapperKey, TOO_MANY_FUNCS};
use crate::bytecode::{Op, Proto, Reg};
use crate::info::{Builtin, Mode, Obj, SelKind, Selection};
use crate::types::{BasicKind, FuncId, Signature, Type, TypeId, TypeTable};
use minigo_parser::ast::{Expr, ExprKind};

/// How a prepared call is made once its operands sit in `base..`.
#[derive(Clone, Copy, Debug)]
enum CallKind {
    Static(u32),
    Native(u16),
    /// The func value is in `base + nwords`.
    Closure,
    Iface(u32),
}

struct Prepared {
    base: Reg,
    /// Words of receiver + arguments in `base..`.
    nwords: u16,
    kind: CallKind,
    nres: u16,
    /// The callee, when the call is static.
    func: Option<FuncId>,
}

impl FnCx<'_, '_> {
    /// Compiles a call expression; results land in `dst..`.
    pub fn call(&mut self, e: &Expr, dst: Reg) -> CResult<()> {
        let ExprKind::Call {
            func,
            args,
            ellipsis,
        } = &strip_paren(e).kind
        else {
            return Err(self.err(e.span.lo, "not a call"));
        };
        let f = strip_paren(func);
        if self.c.info.expr(f.id).map(|i| i.mode) == Some(Mode::Type) {
            let target = self.ty(e);
            return self.conversion(target, &args[0], dst);
        }
        if let Some(Obj::Builtin(b)) = self.c.info.uses.get(&f.id).cloned() {
            return self.builtin(e, b, args, *ellipsis, dst);
        }
        if let Some(Obj::Func(fid)) = self.c.info.uses.get(&f.id) {
            let fi = self.c.info.func(*fid);
            if fi.pkg == "unsafe" {
                let name = fi.name.clone();
                return self.unsafe_call(e, &name, args, dst);
            }
        }
        let mark = self.mark();
        // Results in place: when `dst..` are the topmost registers, all of
        // them only waiting for this call's results, and none is a
        // variable's (whose old value the arguments may read), the call's
        // window starts at `dst` and no `Move` follows it.
        let nres = self
            .c
            .types()
            .signature(self.ty(f))
            .map_or(0, |s| s.results.len())
            .max(1);
        if dst < mark && usize::from(mark - dst) <= nres && !self.is_var_reg(dst, mark) {
            self.release(dst);
        }
        let p = self.prepare(e, f, args, *ellipsis)?;
        let inline = match (p.kind, p.func) {
            (CallKind::Static(_), Some(fid)) => self.c.inline_body(fid),
            _ => None,
        };
        // Where the results are: the call's window, or the registers an
        // inlined body left them in (above everything, so moving them
        // to `dst..` overwrites none not yet moved).
        let res = match inline {
            Some(body) => self.inline_call(&body, &p, e.span.lo)?,
            None => {
                self.emit_call(&p);
                p.base
            }
        };
        for i in 0..p.nres {
            if dst + i != res + i {
                self.emit(Op::Move {
                    a: dst + i,
                    b: res + i,
                });
            }
        }
        self.release(mark);
        self.reserve_to(usize::from(dst) + usize::from(p.nres));
        Ok(())
    }

    fn emit_call(&mut self, p: &Prepared) {
        match p.kind {
            CallKind::Static(f) => self.emit(Op::Call { a: p.base, f }),
            CallKind::Native(f) => self.emit(Op::CallNative {
                a: p.base,
                f,
                n: p.nwords,
            }),
            CallKind::Closure => self.emit(Op::CallClosure {
                a: p.base,
                b: p.base + p.nwords,
            }),
            CallKind::Iface(m) => self.emit(Op::CallIface { a: p.base, m }),
        };
    }

    /// Evaluates the callee's receiver and arguments into consecutive
    /// registers at the top of the register stack.
    fn prepare(&mut self, e: &Expr, f: &Expr, args: &[Expr], ellipsis: bool) -> CResult<Prepared> {
        let fty = self.ty(f);
        let sig = self
            .c
            .types()
            .signature(fty)
            .cloned()
            .ok_or_else(|| self.err(f.span.lo, "call of a non-function"))?;
        let nres = self.n16(sig.results.len());
        // Which function, and is there a receiver?
        let mut recv: Option<(&Expr, Selection)> = None;
        let mut kind = CallKind::Closure;
        let mut static_fn: Option<FuncId> = None;
        match &f.kind {
            ExprKind::Ident(_) | ExprKind::Index(..) | ExprKind::IndexList(..) => {
                if let Some(Obj::Func(fid)) = self.c.info.uses.get(&f.id).cloned() {
                    static_fn = Some(fid);
                }
            }
            ExprKind::Selector(x, _) => {
                if let Some(Obj::Func(fid)) = self.c.info.uses.get(&f.id).cloned() {
                    static_fn = Some(fid);
                } else if let Some(sel) = self.c.info.selections.get(&f.id).cloned() {
                    match sel.kind {
                        SelKind::Method { func, .. } => {
                            static_fn = Some(func);
                            recv = Some((x, sel));
                        }
                        SelKind::IfaceMethod { .. } => {
                            recv = Some((x, sel));
                        }
                        SelKind::MethodExpr { .. } | SelKind::IfaceMethodExpr { .. } => {
                            // `T.M(recv, args)`: the receiver is the first
                            // argument, adjusted by a wrapper where needed.
                            match self.c.method_expr_proto(self.ty(x), &sel) {
                                Some(p) => kind = CallKind::Static(p),
                                None => {
                                    if let SelKind::MethodExpr { func, .. } = sel.kind {
                                        static_fn = Some(func);
                                    }
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        if let Some(fid) = static_fn {
            kind = if self.c.info.func(fid).native {
                let name = self.c.native_name(fid);
                CallKind::Native(self.c.native_id(&name))
            } else {
                CallKind::Static(self.c.func_proto(fid))
            };
        }
        let nargs_words = self.n16(sig.params.len() + usize::from(recv.is_some()));
        let base = self.alloc_n(usize::from(nargs_words.max(nres).max(1)));
        let mut at = base;
        if let Some((x, sel)) = &recv {
            match sel.kind {
                SelKind::IfaceMethod { index } => {
                    let o = self.alloc();
                    self.expr(x, o)?;
                    let o2 = self.walk_path(o, &sel.path);
                    self.emit(Op::Move { a: at, b: o2 });
                    let it = self.path_type(self.ty(x), &sel.path);
                    let m = self.c.types().iface_methods(it).get(index).cloned();
                    let Some(m) = m else {
                        return Err(self.err(x.span.lo, "unknown interface method"));
                    };
                    self.c.call_method_name(&m.name);
                    kind = CallKind::Iface(self.c.method_key(&m.name, m.sig));
                }
                SelKind::Method { ptr_recv, .. } => {
                    self.receiver(x, sel, ptr_recv, at)?;
                }
                _ => {}
            }
            self.release(base + nargs_words.max(nres).max(1));
            at += 1;
        }
        // The spec orders calls and receives left to right: a callee that
        // makes one (`a("1")(b("2"))`) is evaluated before the arguments.
        // A plain variable callee is read after them, as gc does.
        let callee_first = matches!(kind, CallKind::Closure) && crate::check::has_call(f);
        if callee_first {
            let r = base + nargs_words;
            self.reserve_to(usize::from(r) + 1);
            self.next = self.next.max(r + 1);
            self.expr(f, r)?;
        }
        // The parameters that may borrow their argument (see `borrow`).
        let borrow = match static_fn {
            Some(f) if !self.receiver_outlives_call => {
                self.c.borrowed_params.get(&f).copied().unwrap_or(0)
            }
            _ => 0,
        };
        self.args_into(args, &sig, ellipsis, at, e.span.lo, borrow)?;
        self.release(base + nargs_words.max(nres).max(1));
        if let CallKind::Closure = kind {
            let r = base + nargs_words;
            self.reserve_to(usize::from(r) + 1);
            self.next = self.next.max(r + 1);
            if !callee_first {
                self.expr(f, r)?;
            }
        }
        self.reserve_to(usize::from(base) + usize::from(nargs_words.max(nres)) + 1);
        Ok(Prepared {
            base,
            nwords: nargs_words,
            kind,
            nres,
            func: static_fn,
        })
    }

    /// The callee's body in place of `Call` (see `inline`): its
    /// parameters are the registers the call would pass them in. Returns
    /// where the results are: fresh registers above all others, released.
    fn inline_call(
        &mut self,
        body: &super::inline::InlineBody<'_>,
        p: &Prepared,
        pos: u32,
    ) -> CResult<Reg> {
        let mut saved = Vec::new();
        for (i, v) in body.params.iter().enumerate() {
            if let Some(v) = v {
                let r = self.reg_at(p.base, i);
                saved.push((*v, self.vars.insert(*v, super::func::Local::Reg(r))));
            }
        }
        let mark = self.mark();
        let targets: Vec<Option<TypeId>> = body.result_types.iter().map(|&t| Some(t)).collect();
        let res = self.values_to(body.results, &targets, pos);
        self.release(mark);
        for (v, old) in saved.into_iter().rev() {
            match old {
                Some(l) => self.vars.insert(v, l),
                None => self.vars.remove(&v),
            };
        }
        res
    }

    /// The type reached by walking embedded fields `path` from `t`.
    pub fn path_type(&self, t: TypeId, path: &[usize]) -> TypeId {
        self.c.path_type_of(t, path)
    }

    /// Evaluates a method's receiver into `dst`: an address for pointer
    /// receivers, a private copy for value receivers.
    fn receiver(&mut self, x: &Expr, sel: &Selection, ptr_recv: bool, dst: Reg) -> CResult<()> {
        let xt = self.ty(x);
        let rt = self.path_type(xt, &sel.path);
        let tt = self.c.types();
        let is_ptr = matches!(tt.get(rt), Type::Pointer(_));
        let base_t = match tt.get(rt) {
            Type::Pointer(e) => *e,
            _ => rt,
        };
        let agg = self.c.is_aggregate(base_t);
        if ptr_recv {
            if is_ptr || agg {
                let o = self.alloc();
                self.expr(x, o)?;
                let o2 = self.walk_path(o, &sel.path);
                self.emit(Op::Move { a: dst, b: o2 });
            } else if sel.path.is_empty() {
                self.address_of(x, dst)?;
            } else {
                // Address of an embedded non-aggregate field.
                let (last, walk) = sel.path.split_last().unwrap_or((&0, &[]));
                let o = self.alloc();
                self.expr(x, o)?;
                let o2 = self.walk_path(o, walk);
                self.emit(Op::FieldAddr {
                    a: dst,
                    b: o2,
                    i: self.n16(*last),
                });
            }
            return Ok(());
        }
        let o = self.alloc();
        self.expr(x, o)?;
        let o2 = self.walk_path(o, &sel.path);
        // A method that only reads its receiver gets the caller's struct
        // (`borrow`), not a copy: but not for `go`, `defer` or a method
        // value, which call it later. Only a variable or a part of one is
        // borrowed: it is a box the verifier knows non-nil (a map's value
        // may be nil to it; through a pointer, `Copy` is the nil check).
        let borrow = agg
            && !is_ptr
            && !self.receiver_outlives_call
            && is_var_part(self.c.info, x)
            && matches!(sel.kind, SelKind::Method { func, .. } if self.c.borrowed_recv.contains(&func));
        if borrow {
            self.emit(Op::Move { a: dst, b: o2 });
            return Ok(());
        }
        if is_ptr {
            if agg {
                let r = self.rt(base_t);
                // Copy also checks nil (it dereferences).
                self.emit(Op::Copy {
                    a: dst,
                    b: o2,
                    t: r,
                });
            } else {
                self.emit(Op::Load { a: dst, b: o2 });
            }
        } else {
            self.emit(Op::Move { a: dst, b: o2 });
            let fresh = sel.path.is_empty() && self.is_fresh(x);
            if agg && !fresh {
                let r = self.rt(base_t);
                self.emit(Op::Copy {
                    a: dst,
                    b: dst,
                    t: r,
                });
            }
        }
        Ok(())
    }

    /// Arguments converted to the parameter types, variadic ones packed
    /// into a slice, `f(g())` spread; parameter `i` with bit `i` of
    /// `borrow` set gets a variable's struct as it is (`borrow`).
    fn args_into(
        &mut self,
        args: &[Expr],
        sig: &Signature,
        ellipsis: bool,
        at: Reg,
        pos: u32,
        borrow: u64,
    ) -> CResult<()> {
        let np = sig.params.len();
        // f(g()) with g multi-valued.
        if args.len() == 1 && (np > 1 || sig.variadic) {
            if let Type::Tuple(ts) = self.c.types().get(self.ty(&args[0])).clone() {
                let tmp = self.alloc_n(ts.len());
                self.call(&args[0], tmp)?;
                let fixed = if sig.variadic { np - 1 } else { np };
                for (i, (t, p)) in ts.iter().zip(&sig.params).take(fixed).enumerate() {
                    self.emit(Op::Move {
                        a: self.reg_at(at, i),
                        b: self.reg_at(tmp, i),
                    });
                    self.convert_value(self.reg_at(at, i), *t, *p, true);
                }
                if sig.variadic {
                    let st = sig.params[np - 1];
                    let et = self.c.types().elem(st).unwrap_or(TypeTable::INVALID);
                    let extra: Vec<TypeId> = ts[fixed.min(ts.len())..].to_vec();
                    let slot = self.reg_at(at, fixed);
                    if extra.is_empty() {
                        self.emit(Op::LoadInt { a: slot, v: 0 });
                    } else {
                        let srt = self.rt(st);
                        let lc = self.alloc_n(2);
                        self.load_word(lc, extra.len() as u64);
                        self.load_word(lc + 1, extra.len() as u64);
                        self.emit(Op::MakeSlice {
                            a: slot,
                            b: lc,
                            t: srt,
                        });
                        for (j, t) in extra.iter().enumerate() {
                            let r = self.reg_at(tmp, fixed + j);
                            self.convert_value(r, *t, et, true);
                            let ir = self.alloc();
                            self.load_word(ir, j as u64);
                            self.emit(Op::SetIndex {
                                a: slot,
                                b: ir,
                                c: r,
                            });
                        }
                    }
                }
                return Ok(());
            }
        }
        let fixed = if sig.variadic && !ellipsis {
            np - 1
        } else {
            np
        };
        for (i, (a, p)) in args.iter().zip(&sig.params).take(fixed).enumerate() {
            let r = self.reg_at(at, i);
            // A variable's struct, to a parameter the callee only reads
            // (`borrow`): the callee gets the caller's box.
            if i < 64
                && borrow & (1 << i) != 0
                && self.c.is_aggregate(*p)
                && self.c.is_aggregate(self.ty(a))
                && is_var_part(self.c.info, a)
            {
                self.expr(a, r)?;
                continue;
            }
            self.value_to(a, r, *p)?;
        }
        if sig.variadic && !ellipsis {
            let st = sig.params[np - 1];
            let et = self.c.types().elem(st).unwrap_or(TypeTable::INVALID);
            let extra = &args[fixed.min(args.len())..];
            let slot = self.reg_at(at, fixed);
            if extra.is_empty() {
                self.emit(Op::LoadInt { a: slot, v: 0 });
            } else {
                let srt = self.rt(st);
                let mark = self.mark();
                let lc = self.alloc_n(2);
                self.load_word(lc, extra.len() as u64);
                self.load_word(lc + 1, extra.len() as u64);
                self.emit(Op::MakeSlice {
                    a: slot,
                    b: lc,
                    t: srt,
                });
                for (j, a) in extra.iter().enumerate() {
                    let v = self.alloc();
                    self.value_to(a, v, et)?;
                    let ir = self.alloc();
                    self.load_word(ir, j as u64);
                    self.emit(Op::SetIndex {
                        a: slot,
                        b: ir,
                        c: v,
                    });
                    self.release(v);
                }
                self.release(mark);
            }
        } else if args.len() != np {
            return Err(self.err(pos, "wrong argument count"));
        }
        Ok(())
    }

    // ------------------------------------------------------------ defer/go

    /// Builds into `dst` a thunk (a closure without parameters) that makes
    /// the call `e` with its operands evaluated now, as `defer`/`go` do.
    pub fn call_thunk(&mut self, e: &Expr, dst: Reg) -> CResult<()> {
        let inner = strip_paren(e);
        let ExprKind::Call {
            func,
            args,
            ellipsis,
        } = &inner.kind
        else {
            return Err(self.err(e.span.lo, "expression in defer/go must be function call"));
        };
        let f = strip_paren(func);
        // `defer func() { ... }()`: the closure is the thunk.
        if let ExprKind::FuncLit { sig, body } = &f.kind {
            if args.is_empty() && sig.params.is_empty() {
                return self.func_lit(f, sig, body, dst);
            }
        }
        let mark = self.mark();
        if let Some(Obj::Builtin(b)) = self.c.info.uses.get(&f.id).cloned() {
            let base = self.mark();
            let body: Vec<Op> = match b {
                Builtin::Panic => {
                    let r = self.alloc();
                    self.value_to(&args[0], r, TypeTable::EMPTY_IFACE)?;
                    vec![Op::Panic { a: 0 }]
                }
                Builtin::Print | Builtin::Println => {
                    let (_, n) = self.print_args(args)?;
                    let name = if b == Builtin::Print {
                        "builtin.print"
                    } else {
                        "builtin.println"
                    };
                    let nid = self.c.native_id(name);
                    vec![Op::CallNative {
                        a: 0,
                        f: nid,
                        n: self.n16(n),
                    }]
                }
                Builtin::Delete => {
                    let m = self.alloc();
                    self.expr(&args[0], m)?;
                    let kt = match self.c.types().under(self.ty(&args[0])) {
                        Type::Map(k, _) => *k,
                        _ => TypeTable::INVALID,
                    };
                    let k = self.alloc();
                    self.value_to(&args[1], k, kt)?;
                    vec![Op::MapDelete { a: 0, b: 1 }]
                }
                Builtin::Recover => vec![Op::Recover { a: 0 }],
                Builtin::Copy => {
                    let (dst_t, src_t) = match self.spread_args(args)? {
                        Some((_, ts)) => (ts[0], ts[1]),
                        None => {
                            let d = self.alloc_n(2);
                            self.expr(&args[0], d)?;
                            self.expr(&args[1], d + 1)?;
                            (self.ty(&args[0]), self.ty(&args[1]))
                        }
                    };
                    let t = if self.basic(src_t).is_some_and(|k| k.is_string()) {
                        self.rt(TypeTable::STRING)
                    } else {
                        self.rt(dst_t)
                    };
                    vec![Op::CopySlice { a: 2, b: 0, t }]
                }
                Builtin::Close => {
                    let c = self.alloc();
                    self.expr(&args[0], c)?;
                    vec![Op::Close { a: 0 }]
                }
                Builtin::Clear => {
                    let t = self.ty(&args[0]);
                    let r = self.alloc();
                    self.expr(&args[0], r)?;
                    if matches!(self.c.types().under(t), Type::Map(..)) {
                        vec![Op::MapClear { a: 0 }]
                    } else {
                        let rt = self.rt(t);
                        self.emit(Op::MakeIface { a: r, b: r, t: rt });
                        let nid = self.c.native_id("builtin.clear");
                        vec![Op::CallNative { a: 0, f: nid, n: 1 }]
                    }
                }
                _ => {
                    return Err(self.err(
                        e.span.lo,
                        format!("defer/go of builtin {b:?} is not supported yet"),
                    ))
                }
            };
            let n = self.mark() - base;
            let p = self.thunk(n, &body);
            self.emit(Op::MakeClosure {
                a: dst,
                f: self.c.operand16(p as usize, TOO_MANY_FUNCS),
                b: base,
            });
            self.release(mark);
            return Ok(());
        }
        let outer = std::mem::replace(&mut self.receiver_outlives_call, true);
        let p = self.prepare(inner, f, args, *ellipsis);
        self.receiver_outlives_call = outer;
        let p = p?;
        if let CallKind::Iface(_) = p.kind {
            // `defer i.M()` evaluates the method value `i.M` now: a nil
            // interface panics at the statement, not when the call runs.
            self.nil_check(p.base);
        }
        let ncap = match p.kind {
            CallKind::Closure => p.nwords + 1,
            _ => p.nwords,
        };
        let op = match p.kind {
            CallKind::Static(fp) => Op::Call { a: 0, f: fp },
            CallKind::Native(nf) => Op::CallNative {
                a: 0,
                f: nf,
                n: p.nwords,
            },
            CallKind::Closure => Op::CallClosure { a: 0, b: p.nwords },
            CallKind::Iface(m) => Op::CallIface { a: 0, m },
        };
        let proto = self.thunk(ncap, &[op]);
        self.emit(Op::MakeClosure {
            a: dst,
            f: self.c.operand16(proto as usize, TOO_MANY_FUNCS),
            b: p.base,
        });
        self.release(mark);
        Ok(())
    }

    // ------------------------------------------------------------ method values

    pub fn method_value(&mut self, _e: &Expr, x: &Expr, sel: &Selection, dst: Reg) -> CResult<()> {
        let mark = self.mark();
        let r = self.alloc();
        let (proto, _) = match sel.kind {
            SelKind::Method { func, ptr_recv } => {
                let outer = std::mem::replace(&mut self.receiver_outlives_call, true);
                let res = self.receiver(x, sel, ptr_recv, r);
                self.receiver_outlives_call = outer;
                res?;
                (self.bound_method(func), 0)
            }
            SelKind::IfaceMethod { index } => {
                let o = self.alloc();
                self.expr(x, o)?;
                let o2 = self.walk_path(o, &sel.path);
                self.emit(Op::Move { a: r, b: o2 });
                // Go panics at method-value creation on a nil interface.
                let t = self.alloc();
                self.emit(Op::IsNil { a: t, b: r });
                let j = self.emit(Op::JmpIfNot { a: t, off: 0 });
                self.emit(Op::Load { a: t, b: r });
                self.patch_here(j);
                let it = self.path_type(self.ty(x), &sel.path);
                let m = self.c.types().iface_methods(it).get(index).cloned();
                let Some(m) = m else {
                    return Err(self.err(x.span.lo, "unknown interface method"));
                };
                let sig = self
                    .c
                    .types()
                    .signature(m.sig)
                    .cloned()
                    .unwrap_or(Signature {
                        params: vec![],
                        results: vec![],
                        variadic: false,
                    });
                self.c.call_method_name(&m.name);
                let mid = self.c.method_key(&m.name, m.sig);
                (
                    self.bound_iface(mid, self.n16(sig.params.len()), self.n16(sig.results.len())),
                    0,
                )
            }
            _ => return Err(self.err(x.span.lo, "not a method value")),
        };
        self.emit(Op::MakeClosure {
            a: dst,
            f: self.c.operand16(proto as usize, TOO_MANY_FUNCS),
            b: r,
        });
        self.release(mark);
        Ok(())
    }

    /// A proto `func(args) results { return recv.M(args) }` whose capture 0
    /// is the receiver.
    fn bound_method(&mut self, func: FuncId) -> u32 {
        let key = WrapperKey::BoundMethod(func);
        if let Some(&p) = self.c.wrappers.get(&key) {
            return p;
        }
        let fi = self.c.info.func(func).clone();
        let sig = self.c.types().signature(fi.sig).cloned();
        let (np, nr) = sig
            .map(|s| (self.n16(s.params.len()) - 1, self.n16(s.results.len())))
            .unwrap_or((0, 0));
        let target = self.c.func_proto(func);
        let p = self.shift_wrapper(
            np,
            nr,
            Op::Call { a: 0, f: target },
            format!("{}-fm", self.c.image.protos[target as usize].name),
        );
        self.c.wrappers.insert(key, p);
        p
    }

    fn bound_iface(&mut self, m: u32, np: u16, nr: u16) -> u32 {
        let key = WrapperKey::BoundIface(m, np, nr);
        if let Some(&p) = self.c.wrappers.get(&key) {
            return p;
        }
        let mkey = &self.c.image.method_names[m as usize];
        let name = format!("{}-fm", mkey.split('(').next().unwrap_or(mkey));
        let p = self.shift_wrapper(np, nr, Op::CallIface { a: 0, m }, name);
        self.c.wrappers.insert(key, p);
        p
    }

    /// Params arrive in R[0..np]; shift them up one, put capture 0 in R[0],
    /// make `call` with base 0 and return its results.
    fn shift_wrapper(&mut self, np: u16, nr: u16, call: Op, name: String) -> u32 {
        let mut code = Vec::new();
        for i in (0..np).rev() {
            code.push(Op::Move { a: i + 1, b: i });
        }
        code.push(Op::LoadCapture { a: 0, i: 0 });
        code.push(call);
        code.push(Op::Return { a: 0, n: nr });
        let file = self.c.image.protos[self.proto as usize].file.clone();
        self.c.new_proto(Proto {
            name,
            file,
            lines: vec![self.line; code.len()],
            code,
            nparams: np,
            nresults: nr,
            ncaptures: 1,
            nregs: (np + 1).max(nr).max(1),
            ..Proto::default()
        })
    }

    // ------------------------------------------------------------ conversions

    fn conversion(&mut self, target: TypeId, x: &Expr, dst: Reg) -> CResult<()> {
        if let Some(r) = self.unsafe_conversion(target, x, dst) {
            return r;
        }
        let st = self.ty(x);
        let tt = self.c.types();
        if tt.is_interface(target) {
            return self.value_to(x, dst, target);
        }
        let sk = self.basic(st);
        let tk = self.basic(target);
        let tu = tt.under(target).clone();
        let su = tt.under(st).clone();
        match (sk, tk) {
            (Some(s), Some(BasicKind::String)) if s.is_integer() => {
                let r = self.expr_reg(x)?;
                self.emit(Op::RuneToStr { a: dst, b: r });
                return Ok(());
            }
            (Some(s), Some(t)) if s.is_complex() && t.is_complex() => {
                let r = self.expr_reg(x)?;
                if r != dst {
                    self.emit(Op::Move { a: dst, b: r });
                }
                if s != t {
                    self.finish_complex(dst, target);
                }
                return Ok(());
            }
            (Some(s), Some(t)) if s.is_numeric() && t.is_numeric() => {
                let r = self.expr_reg(x)?;
                match (s.is_float(), t.is_float()) {
                    (false, false) => {
                        if r != dst {
                            self.emit(Op::Move { a: dst, b: r });
                        }
                        self.normalize_int(dst, target);
                    }
                    (false, true) => {
                        if s.is_unsigned() && s.int_bits() == 64 {
                            self.emit(Op::UToF { a: dst, b: r });
                        } else {
                            self.emit(Op::IToF { a: dst, b: r });
                        }
                        self.finish_float(dst, target);
                    }
                    (true, false) if t.int_bits() <= 16 || t == BasicKind::Int32 => {
                        // gc on amd64 converts to the narrow types through
                        // int32 (CVTTSD2SL): NaN and values outside int32
                        // give MinInt32, then the low bits are kept.
                        let mark = self.mark();
                        let k = self.alloc();
                        let c = self.alloc();
                        self.load_word(k, 2147483648f64.to_bits());
                        self.emit(Op::LtF { a: c, b: r, c: k });
                        let bad1 = self.emit(Op::JmpIfNot { a: c, off: 0 });
                        self.load_word(k, (-2147483649f64).to_bits());
                        self.emit(Op::LtF { a: c, b: k, c: r });
                        let bad2 = self.emit(Op::JmpIfNot { a: c, off: 0 });
                        self.emit(Op::FToI { a: dst, b: r });
                        let end = self.emit(Op::Jmp { off: 0 });
                        self.patch_here(bad1);
                        self.patch_here(bad2);
                        self.load_word(dst, i32::MIN as i64 as u64);
                        self.patch_here(end);
                        self.release(mark);
                        self.normalize_int(dst, target);
                    }
                    (true, false) => {
                        if t.is_unsigned() {
                            self.emit(Op::FToU { a: dst, b: r });
                        } else {
                            self.emit(Op::FToI { a: dst, b: r });
                        }
                        self.normalize_int(dst, target);
                    }
                    (true, true) => {
                        if r != dst {
                            self.emit(Op::Move { a: dst, b: r });
                        }
                        self.finish_float(dst, target);
                    }
                }
                return Ok(());
            }
            _ => {}
        }
        let elem_kind = |t: &Type, cx: &FnCx| match t {
            Type::Slice(e) => cx.basic(*e),
            _ => None,
        };
        if tk == Some(BasicKind::String) {
            let r = self.expr_reg(x)?;
            match elem_kind(&su, self) {
                Some(BasicKind::Uint8) => {
                    self.emit(Op::BytesToStr { a: dst, b: r });
                }
                Some(BasicKind::Int32) => {
                    self.emit(Op::RunesToStr { a: dst, b: r });
                }
                _ => {
                    if r != dst {
                        self.emit(Op::Move { a: dst, b: r });
                    }
                }
            }
            return Ok(());
        }
        // []T -> [N]T (a copy) or *[N]T (shares the array): checked length.
        if let Type::Slice(_) = su {
            let n = match &tu {
                Type::Array(n, _) => Some((*n, 1)),
                Type::Pointer(p) => match self.c.types().under(*p) {
                    Type::Array(n, _) => Some((*n, 0)),
                    _ => None,
                },
                _ => None,
            };
            if let Some((n, copy)) = n {
                let mark = self.mark();
                let base = self.alloc_n(3);
                self.expr(x, base)?;
                self.load_word(base + 1, n);
                self.load_word(base + 2, copy);
                // The verifier takes the slice's type from the MakeIface
                // right before the call.
                let srt = self.rt(st);
                self.emit(Op::MakeIface {
                    a: base,
                    b: base,
                    t: srt,
                });
                let nid = self.c.native_id("builtin.sliceToArray");
                self.emit(Op::CallNative {
                    a: base,
                    f: nid,
                    n: 3,
                });
                self.emit(Op::Move { a: dst, b: base });
                self.release(mark);
                return Ok(());
            }
        }
        if sk.is_some_and(|k| k.is_string()) {
            let r = self.expr_reg(x)?;
            match elem_kind(&tu, self) {
                Some(BasicKind::Uint8) => {
                    self.emit(Op::StrToBytes { a: dst, b: r });
                }
                Some(BasicKind::Int32) => {
                    self.emit(Op::StrToRunes { a: dst, b: r });
                }
                _ => {
                    if r != dst {
                        self.emit(Op::Move { a: dst, b: r });
                    }
                }
            }
            return Ok(());
        }
        self.expr(x, dst)
    }

    // ------------------------------------------------------------ builtins

    /// `copy(f())`, `complex(f())`, `print(f())`: a multi-valued call as
    /// the only argument leaves its results in consecutive registers;
    /// returns the first and the results' types (`None`: ordinary
    /// arguments, nothing emitted).
    fn spread_args(&mut self, args: &[Expr]) -> CResult<Option<(Reg, Vec<TypeId>)>> {
        let [a] = args else { return Ok(None) };
        let Type::Tuple(ts) = self.c.types().get(self.ty(a)).clone() else {
            return Ok(None);
        };
        let base = self.alloc_n(ts.len());
        self.call(a, base)?;
        Ok(Some((base, ts)))
    }

    /// print's and println's arguments as interfaces in consecutive
    /// registers from the next free one: (first, count).
    fn print_args(&mut self, args: &[Expr]) -> CResult<(Reg, usize)> {
        if let Some((base, ts)) = self.spread_args(args)? {
            for (i, t) in ts.iter().enumerate() {
                let r = self.reg_at(base, i);
                self.convert_value(r, *t, TypeTable::EMPTY_IFACE, true);
            }
            return Ok((base, ts.len()));
        }
        let base = self.alloc_n(args.len().max(1));
        for (i, a) in args.iter().enumerate() {
            self.value_to(a, self.reg_at(base, i), TypeTable::EMPTY_IFACE)?;
        }
        Ok((base, args.len()))
    }

    fn builtin(
        &mut self,
        e: &Expr,
        b: Builtin,
        args: &[Expr],
        ellipsis: bool,
        dst: Reg,
    ) -> CResult<()> {
        let mark = self.mark();
        let r = match b {
            Builtin::Complex => {
                let (re, im) = match self.spread_args(args)? {
                    Some((base, _)) => (base, base + 1),
                    None => (self.expr_reg(&args[0])?, self.expr_reg(&args[1])?),
                };
                self.emit(Op::MakeC {
                    a: dst,
                    b: re,
                    c: im,
                });
                Ok(())
            }
            Builtin::Real | Builtin::Imag => {
                let x = self.expr_reg(&args[0])?;
                self.emit(if b == Builtin::Real {
                    Op::RealC { a: dst, b: x }
                } else {
                    Op::ImagC { a: dst, b: x }
                });
                Ok(())
            }
            Builtin::Len | Builtin::Cap => {
                let x = &args[0];
                let xt = self.ty(x);
                let xr = self.expr_reg(x)?;
                let tt = self.c.types();
                // A pointer to an array has the array's length even when
                // nil (x is still evaluated: `len(f())` calls f).
                if let Type::Pointer(p) = tt.under(xt) {
                    if let Type::Array(n, _) = tt.under(*p) {
                        let n = *n;
                        self.load_word(dst, n);
                        return Ok(());
                    }
                }
                let op = match tt.under(xt) {
                    Type::Basic(_) => Op::StrLen { a: dst, b: xr },
                    Type::Map(..) => Op::MapLen { a: dst, b: xr },
                    Type::Chan(..) if b == Builtin::Cap => Op::ChanCap { a: dst, b: xr },
                    Type::Chan(..) => Op::ChanLen { a: dst, b: xr },
                    _ if b == Builtin::Cap => Op::SliceCap { a: dst, b: xr },
                    _ => Op::SliceLen { a: dst, b: xr },
                };
                self.emit(op);
                Ok(())
            }
            Builtin::Append => {
                let st = self.ty(e);
                let srt = self.rt(st);
                // A slice Go keeps on the stack: flag its appends.
                let a0 = strip_paren(&args[0]);
                let stack = matches!(self.c.info.uses.get(&a0.id),
                    Some(Obj::Var(v)) if self.stack_slices.contains(v));
                let et = self.c.types().elem(st).unwrap_or(TypeTable::INVALID);
                let base = self.alloc_n(2);
                self.expr(&args[0], base)?;
                if ellipsis {
                    self.expr(&args[1], base + 1)?;
                    // A string source is marked by passing string's rtype
                    // (the word alone cannot tell a string from a slice).
                    let src_t = self.ty(&args[1]);
                    // (As before the stack ops existed, a string
                    // source drops the stack flag.)
                    let (t, stack) = if self.basic(src_t).is_some_and(|k| k.is_string()) {
                        (self.rt(TypeTable::STRING), false)
                    } else {
                        (srt, stack)
                    };
                    self.emit(if stack {
                        Op::AppendSliceStack { a: dst, b: base, t }
                    } else {
                        Op::AppendSlice { a: dst, b: base, t }
                    });
                } else if args.len() == 2 {
                    self.value_to(&args[1], base + 1, et)?;
                    self.emit(if stack {
                        Op::AppendStack {
                            a: dst,
                            b: base,
                            t: srt,
                        }
                    } else {
                        Op::Append {
                            a: dst,
                            b: base,
                            t: srt,
                        }
                    });
                } else if args.len() > 2 {
                    // Several elements grow the slice once, as Go's
                    // growslice does: append a temporary slice of them.
                    let n = (args.len() - 1) as u64;
                    let lc = self.alloc_n(2);
                    self.load_word(lc, n);
                    self.load_word(lc + 1, n);
                    self.emit(Op::MakeSlice {
                        a: base + 1,
                        b: lc,
                        t: srt,
                    });
                    for (j, a) in args[1..].iter().enumerate() {
                        let v = self.alloc();
                        self.value_to(a, v, et)?;
                        let ir = self.alloc();
                        self.load_word(ir, j as u64);
                        self.emit(Op::SetIndex {
                            a: base + 1,
                            b: ir,
                            c: v,
                        });
                        self.release(v);
                    }
                    self.emit(if stack {
                        Op::AppendSliceStack {
                            a: dst,
                            b: base,
                            t: srt,
                        }
                    } else {
                        Op::AppendSlice {
                            a: dst,
                            b: base,
                            t: srt,
                        }
                    });
                } else {
                    self.emit(Op::Move { a: dst, b: base });
                }
                Ok(())
            }
            Builtin::Copy => {
                let (base, st, src_t) = match self.spread_args(args)? {
                    Some((base, ts)) => (base, ts[0], ts[1]),
                    None => {
                        let base = self.alloc_n(2);
                        self.expr(&args[0], base)?;
                        self.expr(&args[1], base + 1)?;
                        (base, self.ty(&args[0]), self.ty(&args[1]))
                    }
                };
                let srt = self.rt(st);
                let t = if self.basic(src_t).is_some_and(|k| k.is_string()) {
                    self.rt(TypeTable::STRING)
                } else {
                    srt
                };
                self.emit(Op::CopySlice { a: dst, b: base, t });
                Ok(())
            }
            Builtin::Delete => {
                let m = self.expr_reg(&args[0])?;
                let kt = match self.c.types().under(self.ty(&args[0])) {
                    Type::Map(k, _) => *k,
                    _ => TypeTable::INVALID,
                };
                let k = self.alloc();
                self.value_to(&args[1], k, kt)?;
                self.emit(Op::MapDelete { a: m, b: k });
                Ok(())
            }
            Builtin::Make => {
                let t = self.ty(&args[0]);
                let rt = self.rt(t);
                match self.c.types().under(t).clone() {
                    Type::Slice(_) => {
                        let base = self.alloc_n(2);
                        self.expr(&args[1], base)?;
                        if args.len() > 2 {
                            self.expr(&args[2], base + 1)?;
                        } else {
                            self.emit(Op::Move {
                                a: base + 1,
                                b: base,
                            });
                        }
                        self.emit(Op::MakeSlice {
                            a: dst,
                            b: base,
                            t: rt,
                        });
                        Ok(())
                    }
                    Type::Map(..) => {
                        let h = self.alloc();
                        if args.len() > 1 {
                            self.expr(&args[1], h)?;
                        } else {
                            self.emit(Op::LoadInt { a: h, v: 0 });
                        }
                        self.emit(Op::MakeMap {
                            a: dst,
                            t: rt,
                            b: h,
                        });
                        Ok(())
                    }
                    _ => {
                        // make(chan T[, n])
                        let n = self.alloc();
                        if args.len() > 1 {
                            self.expr(&args[1], n)?;
                        } else {
                            self.emit(Op::LoadInt { a: n, v: 0 });
                        }
                        self.emit(Op::MakeChan {
                            a: dst,
                            b: n,
                            t: rt,
                        });
                        Ok(())
                    }
                }
            }
            Builtin::New => {
                let t = self.ty(&args[0]);
                if !matches!(
                    self.c.info.expr(args[0].id).map(|i| &i.mode),
                    Some(crate::info::Mode::Type) | None
                ) {
                    // `new(expr)`: a fresh variable holding the value.
                    let v = self.alloc();
                    self.value_to(&args[0], v, t)?;
                    if self.c.is_aggregate(t) {
                        // `value_to` gave a fresh copy of the box.
                        self.emit(Op::Move { a: dst, b: v });
                    } else {
                        self.note_cell(t);
                        self.emit(Op::NewCell { a: dst, b: v });
                    }
                    self.release(v);
                    return Ok(());
                }
                if self.c.is_aggregate(t) {
                    let rt = self.c.rtype(t);
                    self.emit(Op::Zero { a: dst, t: rt });
                } else {
                    self.emit(Op::LoadInt { a: dst, v: 0 });
                    self.note_cell(t);
                    self.emit(Op::NewCell { a: dst, b: dst });
                }
                Ok(())
            }
            Builtin::Panic => {
                let r = self.alloc();
                self.value_to(&args[0], r, TypeTable::EMPTY_IFACE)?;
                self.emit(Op::Panic { a: r });
                Ok(())
            }
            Builtin::Recover => {
                self.emit(Op::Recover { a: dst });
                Ok(())
            }
            Builtin::Print | Builtin::Println => {
                let (base, n) = self.print_args(args)?;
                let name = if b == Builtin::Print {
                    "builtin.print"
                } else {
                    "builtin.println"
                };
                let nid = self.c.native_id(name);
                self.emit(Op::CallNative {
                    a: base,
                    f: nid,
                    n: self.n16(n),
                });
                Ok(())
            }
            Builtin::Min | Builtin::Max if self.is_float(self.ty(e)) => {
                // Floats: NaN and signed zeros have rules a comparison
                // does not give; a native pairs them up.
                let t = self.ty(e);
                let name = if b == Builtin::Min {
                    "builtin.fmin"
                } else {
                    "builtin.fmax"
                };
                let f = self.c.native_id(name);
                let acc = self.alloc_n(2);
                self.value_to(&args[0], acc, t)?;
                for a in &args[1..] {
                    let m = self.mark();
                    self.value_to(a, acc + 1, t)?;
                    self.emit(Op::CallNative { a: acc, f, n: 2 });
                    self.release(m);
                }
                self.emit(Op::Move { a: dst, b: acc });
                Ok(())
            }
            Builtin::Min | Builtin::Max => {
                let t = self.ty(e);
                let acc = self.alloc();
                self.expr(&args[0], acc)?;
                for a in &args[1..] {
                    let m = self.mark();
                    let v = self.expr_reg(a)?;
                    let c = self.alloc();
                    // min: take v when v < acc; max: when acc < v.
                    let (l, r) = if b == Builtin::Min {
                        (v, acc)
                    } else {
                        (acc, v)
                    };
                    let op = if self.basic(t).is_some_and(|k| k.is_string()) {
                        Op::StrLt { a: c, b: l, c: r }
                    } else if self.is_float(t) {
                        Op::LtF { a: c, b: l, c: r }
                    } else if self.basic(t).is_some_and(|k| k.is_unsigned()) {
                        Op::LtU { a: c, b: l, c: r }
                    } else {
                        Op::LtI { a: c, b: l, c: r }
                    };
                    self.emit(op);
                    let j = self.emit(Op::JmpIfNot { a: c, off: 0 });
                    self.emit(Op::Move { a: acc, b: v });
                    self.patch_here(j);
                    self.release(m);
                }
                self.emit(Op::Move { a: dst, b: acc });
                Ok(())
            }
            Builtin::Clear => {
                let t = self.ty(&args[0]);
                let r = self.alloc();
                self.expr(&args[0], r)?;
                if matches!(self.c.types().under(t), Type::Map(..)) {
                    self.emit(Op::MapClear { a: r });
                } else {
                    let rt = self.rt(t);
                    self.emit(Op::MakeIface { a: r, b: r, t: rt });
                    let nid = self.c.native_id("builtin.clear");
                    self.emit(Op::CallNative { a: r, f: nid, n: 1 });
                }
                Ok(())
            }
            Builtin::Close => {
                let c = self.expr_reg(&args[0])?;
                self.emit(Op::Close { a: c });
                Ok(())
            }
        };
        self.release(mark);
        r
    }
}

/// `x` is a variable or a field or element of one (`v`, `v.f`, `v[i]` of
/// an array or slice), not reached through a map or an explicit `*p`.
fn is_var_part(info: &crate::info::Info, x: &Expr) -> bool {
    match &x.kind {
        ExprKind::Paren(y) => is_var_part(info, y),
        ExprKind::Ident(_) => matches!(info.uses.get(&x.id), Some(Obj::Var(_))),
        ExprKind::Selector(y, _) => {
            info.selections
                .get(&x.id)
                .is_some_and(|s| matches!(s.kind, SelKind::Field))
                && is_var_part(info, y)
        }
        ExprKind::Index(y, _) => {
            info.expr(y.id).is_some_and(|yi| {
                matches!(info.types.under(yi.ty), Type::Slice(_) | Type::Array(..))
            }) && is_var_part(info, y)
        }
        _ => false,
    }
}
