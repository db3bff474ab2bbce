//! Calls: function and method calls (with multi-value and variadic
//! arguments), conversions `T(x)`, and the builtins.
//!
//! Invariant: a call's recorded type is `VOID` (mode NoValue) without
//! results, the single result type, or a `Tuple` of the results.

use super::constant;
use super::funcvalue::ValueCtx;
use super::{Checker, OpMode, Operand};
use crate::info::{Builtin, ConstValue};
use crate::types::{BasicKind, ChanDir, Type, TypeId, TypeTable};
use minigo_parser::ast;
use num_bigint::BigInt;
use num_traits::Zero;

impl<'a> Checker<'a> {
    pub(crate) fn call(
        &mut self,
        e: &ast::Expr,
        fe: &ast::Expr,
        args: &[ast::Expr],
        ellipsis: bool,
    ) -> Operand {
        if let Some(x) = self.unsafe_call(e, fe, args, ellipsis) {
            return x;
        }
        let f = self.raw_expr(fe, None);
        match f.mode {
            OpMode::Invalid => {
                for a in args {
                    self.raw_expr(a, None);
                }
                Operand::invalid()
            }
            OpMode::Type => self.conversion(e, f.ty, args),
            OpMode::Builtin(b) => self.builtin(e, b, args, ellipsis),
            _ => {
                let f = self.single_value(fe, f);
                if f.is_invalid() {
                    return f;
                }
                let Some(sig) = self.sig_of(f.ty) else {
                    let s = self.operand_string(fe, &f);
                    let ts = self.type_string(f.ty);
                    self.err(
                        e.span.lo,
                        format!("invalid operation: cannot call {s}: {ts} is not a function"),
                    );
                    for a in args {
                        self.raw_expr(a, None);
                    }
                    return Operand::invalid();
                };
                let fname = super::describe::expr_string(fe);
                self.arguments(e, &fname, &sig.params, sig.variadic, args, ellipsis);
                match sig.results.len() {
                    0 => Operand {
                        mode: OpMode::NoValue,
                        ty: TypeTable::VOID,
                        val: None,
                    },
                    1 => Operand::value(sig.results[0]),
                    _ => {
                        let t = self.info.types.intern(Type::Tuple(sig.results.clone()));
                        Operand::value(t)
                    }
                }
            }
        }
    }

    /// Checks call arguments against parameters (gc's have/want errors).
    fn arguments(
        &mut self,
        call: &ast::Expr,
        fname: &str,
        params: &[TypeId],
        variadic: bool,
        args: &[ast::Expr],
        ellipsis: bool,
    ) {
        // What each argument is assigned to, for a generic function
        // passed as a value (`apply(Max)`).
        let nparams = params.len();
        let target_of = |i: usize| -> Option<TypeId> {
            match params.get(i) {
                Some(&t) if ellipsis || !variadic || i + 1 < nparams => Some(t),
                _ if variadic => params.last().and_then(|&t| self.tt().elem(t)),
                _ => None,
            }
        };
        let targets: Vec<Option<TypeId>> = (0..args.len()).map(target_of).collect();
        let lparen = match &call.kind {
            ast::ExprKind::Call { func, .. } => func.span.hi,
            _ => call.span.lo,
        };
        let ctx = ValueCtx::Arg { fname, lparen };
        // Evaluate: f(g()) spreads a multi-value call.
        let mut ops: Vec<(Operand, Option<&ast::Expr>)> = Vec::new();
        let generic_arg = match (args, targets.first()) {
            ([a], Some(&Some(t))) => self.generic_value(a, t, ctx),
            _ => None,
        };
        if let Some(x) = generic_arg {
            ops.push((x, Some(&args[0])));
        } else if args.len() == 1 && !ellipsis {
            let x = self.raw_expr(&args[0], None);
            if let Type::Tuple(ts) = self.tt().get(x.ty).clone() {
                if x.mode != OpMode::NoValue && ts.len() > 1 {
                    ops = ts.iter().map(|t| (Operand::value(*t), None)).collect();
                } else {
                    let x = self.single_value(&args[0], x);
                    ops.push((x, Some(&args[0])));
                }
            } else {
                let x = self.single_value(&args[0], x);
                ops.push((x, Some(&args[0])));
            }
        } else {
            for (a, &t) in args.iter().zip(&targets) {
                let x = self.value_to(a, t, ctx);
                ops.push((x, Some(a)));
            }
        }
        if ops.iter().any(|(o, _)| o.is_invalid()) {
            // Still convert what we can for the recorded types.
            for (o, e) in ops.iter_mut() {
                if let Some(e) = e {
                    if !o.is_invalid() && self.is_untyped(o.ty) {
                        let d = self.default_type(o.ty);
                        self.convert_untyped(o, e, d);
                    }
                }
            }
            return;
        }
        let context = format!("argument to {fname}");
        if ellipsis {
            if !variadic {
                let pos = args.last().map_or(call.span.lo, |a| a.span.lo);
                self.err(
                    pos,
                    format!("have (...) but function is not variadic: {fname}"),
                );
                self.err_fix_variadic(pos, fname);
                return;
            }
            if ops.len() != nparams {
                self.count_error(
                    call,
                    fname,
                    &ops,
                    params,
                    variadic,
                    ops.len() < nparams,
                    args,
                );
                return;
            }
            for (i, (o, e)) in ops.iter_mut().enumerate() {
                if let Some(e) = e {
                    self.assignment(o, e, params[i], &context);
                }
            }
            return;
        }
        let fixed = if variadic { nparams - 1 } else { nparams };
        if ops.len() < fixed || (!variadic && ops.len() > nparams) {
            self.count_error(call, fname, &ops, params, variadic, ops.len() < fixed, args);
            return;
        }
        let elem = if variadic {
            self.tt()
                .elem(params[nparams - 1])
                .unwrap_or(TypeTable::INVALID)
        } else {
            TypeTable::INVALID
        };
        for (i, (o, e)) in ops.iter_mut().enumerate() {
            let t = if i < fixed { params[i] } else { elem };
            match e {
                Some(e) => {
                    self.assignment(o, e, t, &context);
                }
                None => {
                    if self.assignable_to(o, t).is_err() {
                        let s = super::describe::expr_string(&args[0]);
                        let (a, b) = (self.type_string(o.ty), self.type_string(t));
                        self.err(
                            args[0].span.lo,
                            format!("cannot use {s} (value of type {a}) as {b} value in {context}"),
                        );
                        return;
                    }
                }
            }
        }
    }

    fn err_fix_variadic(&mut self, _pos: u32, _f: &str) {}

    #[allow(clippy::too_many_arguments)]
    fn count_error(
        &mut self,
        call: &ast::Expr,
        fname: &str,
        ops: &[(Operand, Option<&ast::Expr>)],
        params: &[TypeId],
        variadic: bool,
        too_few: bool,
        args: &[ast::Expr],
    ) {
        let have: Vec<String> = ops
            .iter()
            .map(|(o, _)| {
                if self.is_untyped(o.ty) && o.mode == OpMode::Const {
                    "number".to_string()
                } else {
                    self.type_string(o.ty)
                }
            })
            .collect();
        let mut want = String::new();
        let sig = crate::types::Signature {
            params: params.to_vec(),
            results: vec![],
            variadic,
        };
        self.write_sig(&mut want, &sig, 0);
        let (msg, pos) = if too_few {
            // gc: at the last argument, or (none) at the call.
            let pos = args.last().map_or(call.span.lo, |a| a.span.lo);
            ("not enough arguments in call to", pos)
        } else {
            let extra = params.len();
            (
                "too many arguments in call to",
                args.get(extra).map_or(call.span.lo, |a| a.span.lo),
            )
        };
        self.err(
            pos,
            format!("{msg} {fname}\n\thave ({})\n\twant {want}", have.join(", ")),
        );
    }

    /// `T(x)`.
    fn conversion(&mut self, e: &ast::Expr, t: TypeId, args: &[ast::Expr]) -> Operand {
        let ts = self.type_string(t);
        if args.len() != 1 {
            let es = super::describe::expr_string(e);
            if args.is_empty() {
                self.err(e.span.lo, format!("missing argument in conversion to {ts}"));
            } else {
                self.err(
                    args[1].span.lo,
                    format!("too many arguments in conversion to {ts}"),
                );
                let _ = es;
            }
            for a in args {
                self.raw_expr(a, None);
            }
            return Operand::invalid();
        }
        let a = &args[0];
        let mut x = self.expr(a);
        if x.is_invalid() {
            return x;
        }
        let tk = self.tt().basic_kind(t);
        // Constant conversions yield constants of basic types.
        if x.mode == OpMode::Const {
            if let (Some(v), Some(tk)) = (x.val.clone(), tk) {
                let xk = self.tt().basic_kind(x.ty).unwrap_or(BasicKind::Invalid);
                // int constant → string: the rune's UTF-8.
                if tk == BasicKind::String && xk.is_integer() {
                    let c = constant::to_int(&v)
                        .and_then(|i| u32::try_from(i).ok())
                        .and_then(char::from_u32)
                        .unwrap_or('\u{fffd}');
                    if self.is_untyped(x.ty) {
                        let d = self.default_type(x.ty);
                        self.convert_untyped(&mut x, a, d);
                    }
                    return Operand {
                        mode: OpMode::Const,
                        ty: t,
                        val: Some(ConstValue::String(c.to_string().into_bytes())),
                    };
                }
                let compatible = (xk.is_numeric() && tk.is_numeric())
                    || (xk.is_string() && tk.is_string())
                    || (matches!(xk, BasicKind::Bool | BasicKind::UntypedBool)
                        && tk == BasicKind::Bool);
                if compatible {
                    // Float constant → int must be exact (no truncation).
                    let v2 = constant::represent(&v, tk);
                    match v2 {
                        Ok(nv) => {
                            if self.is_untyped(x.ty) {
                                self.convert_untyped(&mut x, a, t);
                            }
                            return Operand {
                                mode: OpMode::Const,
                                ty: t,
                                val: Some(nv),
                            };
                        }
                        Err(r) => {
                            // types2 rounds a whole float constant to an
                            // integer before the range check, and prints that.
                            if let (true, ConstValue::Float(f)) = (tk.is_integer(), &v) {
                                if f.is_integer() {
                                    x.val = Some(ConstValue::Int(f.to_integer()));
                                }
                            }
                            // types2: an integer constant converted to an
                            // integer type it does not fit "overflows".
                            if xk.is_integer() && tk.is_integer() {
                                if let Some(ConstValue::Int(i)) = &x.val {
                                    self.err(a.span.lo, format!("constant {i} overflows {ts}"));
                                    return Operand::invalid();
                                }
                            }
                            let s = self.operand_string(a, &x);
                            let why = match r {
                                constant::Unrepresentable::Overflows if !self.is_untyped(x.ty) => {
                                    " (overflows)"
                                }
                                _ => "",
                            };
                            self.err(a.span.lo, format!("cannot convert {s} to type {ts}{why}"));
                            return Operand::invalid();
                        }
                    }
                }
            }
        }
        if self.is_untyped(x.ty) {
            // Non-basic targets: untyped → default type first (nil stays).
            let target = if x.ty == TypeTable::UNTYPED_NIL
                || (tk.is_some() && self.implicit_type(&x, t).is_ok())
            {
                t
            } else {
                self.default_type(x.ty)
            };
            if x.ty == TypeTable::UNTYPED_NIL && self.implicit_type(&x, t).is_err() {
                self.err(a.span.lo, format!("cannot convert nil to type {ts}"));
                return Operand::invalid();
            }
            self.convert_untyped(&mut x, a, target);
        }
        if !self.convertible(&x, t) {
            let s = self.operand_string(a, &x);
            self.err(a.span.lo, format!("cannot convert {s} to type {ts}"));
            return Operand::invalid();
        }
        Operand::value(t)
    }

    fn builtin(
        &mut self,
        e: &ast::Expr,
        b: Builtin,
        args: &[ast::Expr],
        ellipsis: bool,
    ) -> Operand {
        let name = match b {
            Builtin::Append => "append",
            Builtin::Cap => "cap",
            Builtin::Clear => "clear",
            Builtin::Close => "close",
            Builtin::Copy => "copy",
            Builtin::Delete => "delete",
            Builtin::Len => "len",
            Builtin::Make => "make",
            Builtin::Max => "max",
            Builtin::Min => "min",
            Builtin::New => "new",
            Builtin::Panic => "panic",
            Builtin::Print => "print",
            Builtin::Println => "println",
            Builtin::Recover => "recover",
            Builtin::Complex => "complex",
            Builtin::Real => "real",
            Builtin::Imag => "imag",
        };
        let es = super::describe::expr_string(e);
        let (min, max): (usize, Option<usize>) = match b {
            Builtin::Append => (1, None),
            Builtin::Cap
            | Builtin::Len
            | Builtin::Clear
            | Builtin::Close
            | Builtin::New
            | Builtin::Panic => (1, Some(1)),
            Builtin::Copy | Builtin::Delete | Builtin::Complex => (2, Some(2)),
            Builtin::Real | Builtin::Imag => (1, Some(1)),
            // make's own check counts by type (`expects 2 or 3 arguments`).
            Builtin::Make => (1, None),
            Builtin::Max | Builtin::Min => (1, None),
            Builtin::Print | Builtin::Println => (0, None),
            Builtin::Recover => (0, Some(0)),
        };
        if ellipsis && b != Builtin::Append {
            self.err(
                e.span.lo,
                format!("invalid operation: invalid use of ... with built-in {name}"),
            );
            for a in args {
                self.raw_expr(a, None);
            }
            return Operand::invalid();
        }
        // `print(f())`, `copy(f())`, `complex(f())`: a multi-valued call
        // gives the arguments (gc names the call for each of them).
        let mut first = None;
        if args.len() == 1
            && matches!(
                b,
                Builtin::Print | Builtin::Println | Builtin::Copy | Builtin::Complex
            )
        {
            let x = self.raw_expr(&args[0], None);
            let spread = match self.tt().get(x.ty) {
                Type::Tuple(ts) if x.mode != OpMode::NoValue && ts.len() > 1 => Some(ts.clone()),
                _ => None,
            };
            match (b, spread) {
                (Builtin::Print | Builtin::Println, Some(_)) => {
                    return Operand {
                        mode: OpMode::NoValue,
                        ty: TypeTable::VOID,
                        val: None,
                    };
                }
                (_, Some(ts)) if ts.len() == 2 => {
                    let (x, y) = (Operand::value(ts[0]), Operand::value(ts[1]));
                    let a = &args[0];
                    return if b == Builtin::Copy {
                        self.builtin_copy(x, a, y, a, true)
                    } else {
                        self.complex_of(e, x, a, y, a)
                    };
                }
                (Builtin::Print | Builtin::Println, None) => {
                    first = Some(self.single_value(&args[0], x));
                }
                (_, spread) => {
                    let found = spread.map_or(1, |ts| ts.len());
                    let what = if found < min {
                        "not enough"
                    } else {
                        "too many"
                    };
                    let want = if found < min { min } else { max.unwrap_or(min) };
                    self.err(
                        e.span.lo,
                        format!(
                            "invalid operation: {what} arguments for {es} (expected {want}, found {found})"
                        ),
                    );
                    return Operand::invalid();
                }
            }
        }
        if args.len() < min {
            self.err(
                e.span.lo,
                format!(
                    "invalid operation: not enough arguments for {es} (expected {min}, found {})",
                    args.len()
                ),
            );
            for a in args {
                self.raw_expr(a, None);
            }
            return Operand::invalid();
        }
        if let Some(mx) = max {
            if args.len() > mx {
                self.err(
                    e.span.lo,
                    format!(
                        "invalid operation: too many arguments for {es} (expected {mx}, found {})",
                        args.len()
                    ),
                );
                for a in args {
                    self.raw_expr(a, None);
                }
                return Operand::invalid();
            }
        }
        let novalue = Operand {
            mode: OpMode::NoValue,
            ty: TypeTable::VOID,
            val: None,
        };
        match b {
            Builtin::Complex => self.builtin_complex(e, args),
            Builtin::Real | Builtin::Imag => self.builtin_real_imag(b, args),
            Builtin::Len | Builtin::Cap => {
                let a = &args[0];
                let mut x = self.expr(a);
                if x.is_invalid() {
                    return x;
                }
                let u = self.tt().underlying(x.ty);
                let t = match self.tt().get(u).clone() {
                    Type::Basic(k) if k.is_string() && b == Builtin::Len => {
                        if let (OpMode::Const, Some(ConstValue::String(s))) = (x.mode, &x.val) {
                            let n = s.len();
                            if self.is_untyped(x.ty) {
                                self.convert_untyped(&mut x, a, TypeTable::STRING);
                            }
                            return Operand {
                                mode: OpMode::Const,
                                ty: TypeTable::INT,
                                val: Some(ConstValue::Int(BigInt::from(n))),
                            };
                        }
                        Some(())
                    }
                    Type::Array(n, _) => {
                        // len of an array is constant when the operand has
                        // no calls or receives (we approximate: variables).
                        if !has_call(a) {
                            return Operand {
                                mode: OpMode::Const,
                                ty: TypeTable::INT,
                                val: Some(ConstValue::Int(BigInt::from(n))),
                            };
                        }
                        Some(())
                    }
                    Type::Pointer(p) => match self.tt().under(p).clone() {
                        Type::Array(n, _) => {
                            if !has_call(a) {
                                return Operand {
                                    mode: OpMode::Const,
                                    ty: TypeTable::INT,
                                    val: Some(ConstValue::Int(BigInt::from(n))),
                                };
                            }
                            Some(())
                        }
                        _ => None,
                    },
                    Type::Slice(_) | Type::Chan(..) => Some(()),
                    Type::Map(..) if b == Builtin::Len => Some(()),
                    _ => None,
                };
                if t.is_none() {
                    let s = self.operand_string(a, &x);
                    self.err(
                        a.span.lo,
                        format!("invalid argument: {s} for built-in {name}"),
                    );
                    return Operand::invalid();
                }
                Operand::value(TypeTable::INT)
            }
            Builtin::Append => {
                let a0 = &args[0];
                let mut s = self.expr(a0);
                if s.is_invalid() {
                    for a in &args[1..] {
                        self.expr(a);
                    }
                    return s;
                }
                if s.ty == TypeTable::UNTYPED_NIL {
                    self.err(
                        a0.span.lo,
                        "first argument to append must be a typed slice; found untyped nil",
                    );
                    return Operand::invalid();
                }
                let Type::Slice(el) = self.tt().under(s.ty).clone() else {
                    let d = self.operand_string(a0, &s);
                    self.err(
                        a0.span.lo,
                        format!("invalid append: argument must be a slice; have {d}"),
                    );
                    for a in &args[1..] {
                        self.expr(a);
                    }
                    return Operand::invalid();
                };
                if ellipsis {
                    if args.len() != 2 {
                        self.err(e.span.lo, "can only use ... with final argument in list");
                        return Operand::invalid();
                    }
                    let a1 = &args[1];
                    let mut x = self.expr(a1);
                    if x.is_invalid() {
                        return Operand::value(s.ty);
                    }
                    // append([]byte, string...) is allowed.
                    let is_bytes = self.tt().basic_kind(el) == Some(BasicKind::Uint8);
                    if is_bytes && self.tt().basic_kind(x.ty).is_some_and(|k| k.is_string()) {
                        if self.is_untyped(x.ty) {
                            self.convert_untyped(&mut x, a1, TypeTable::STRING);
                        }
                        return Operand::value(s.ty);
                    }
                    let st = self.info.types.slice(el);
                    if x.ty == TypeTable::UNTYPED_NIL {
                        self.convert_untyped(&mut x, a1, st);
                    } else {
                        self.assignment(&mut x, a1, st, "argument to append");
                    }
                    return Operand::value(s.ty);
                }
                for a in &args[1..] {
                    let mut x = self.expr(a);
                    self.assignment(&mut x, a, el, "argument to append");
                }
                s.mode = OpMode::Value;
                Operand::value(s.ty)
            }
            Builtin::Make => {
                let t = self.type_expr(&args[0]);
                if t == TypeTable::INVALID {
                    for a in &args[1..] {
                        self.expr(a);
                    }
                    return Operand::invalid();
                }
                let (ok, need) = match self.tt().under(t) {
                    Type::Slice(_) => (true, 2),
                    Type::Map(..) | Type::Chan(..) => (true, 1),
                    _ => (false, 0),
                };
                if !ok {
                    let s = super::describe::expr_string(&args[0]);
                    self.err(args[0].span.lo, format!("invalid argument: cannot make {s}: type must be slice, map, or channel"));
                    return Operand::invalid();
                }
                if args.len() < need {
                    self.err(
                        e.span.lo,
                        format!(
                            "invalid operation: {es} expects {need} or {} arguments; found {}",
                            need + 1,
                            args.len()
                        ),
                    );
                    return Operand::invalid();
                }
                if need == 1 && args.len() > 2 || args.len() > 3 {
                    self.err(
                        e.span.lo,
                        format!(
                            "invalid operation: {es} expects {need} or {} arguments; found {}",
                            need + 1,
                            args.len()
                        ),
                    );
                    return Operand::invalid();
                }
                let mut vals = Vec::new();
                for a in &args[1..] {
                    if let Some(v) = self.size_arg(a) {
                        vals.push(v);
                    }
                }
                if vals.len() == 2 && vals[0] > vals[1] {
                    self.err(
                        args[1].span.lo,
                        "invalid argument: length and capacity swapped",
                    );
                }
                Operand::value(t)
            }
            Builtin::New => {
                // Go 1.26: `new(T)` or `new(expr)`, a pointer to a copy of
                // the value (an untyped constant takes its default type).
                let x = self.raw_expr(&args[0], None);
                let t = match x.mode {
                    OpMode::Invalid => return Operand::invalid(),
                    OpMode::Type => {
                        self.record(&args[0], &x);
                        x.ty
                    }
                    _ => {
                        let mut x = self.single_value(&args[0], x);
                        if x.is_invalid() {
                            return x;
                        }
                        if x.ty == TypeTable::UNTYPED_NIL {
                            self.err(args[0].span.lo, "use of untyped nil in argument to new");
                            return Operand::invalid();
                        }
                        let t = self.default_type(x.ty);
                        self.assignment(&mut x, &args[0], t, "argument to new");
                        t
                    }
                };
                if t == TypeTable::INVALID {
                    return Operand::invalid();
                }
                Operand::value(self.info.types.pointer(t))
            }
            Builtin::Delete => {
                let m = self.expr(&args[0]);
                let mut k = self.expr(&args[1]);
                if m.is_invalid() || k.is_invalid() {
                    return Operand::invalid();
                }
                let Type::Map(kt, _) = self.tt().under(m.ty).clone() else {
                    let s = self.operand_string(&args[0], &m);
                    self.err(
                        args[0].span.lo,
                        format!("invalid argument: {s} is not a map"),
                    );
                    return Operand::invalid();
                };
                self.assignment(&mut k, &args[1], kt, "argument to delete");
                novalue
            }
            Builtin::Close => {
                let c = self.expr(&args[0]);
                if c.is_invalid() {
                    return c;
                }
                match self.tt().under(c.ty).clone() {
                    Type::Chan(ChanDir::Recv, _) => {
                        let s = self.operand_string(&args[0], &c);
                        self.err(
                            args[0].span.lo,
                            format!("invalid operation: cannot close receive-only channel {s}"),
                        );
                        Operand::invalid()
                    }
                    Type::Chan(..) => novalue,
                    _ => {
                        let s = self.operand_string(&args[0], &c);
                        self.err(
                            args[0].span.lo,
                            format!("invalid operation: cannot close non-channel {s}"),
                        );
                        Operand::invalid()
                    }
                }
            }
            Builtin::Clear => {
                let c = self.expr(&args[0]);
                if c.is_invalid() {
                    return c;
                }
                match self.tt().under(c.ty) {
                    Type::Map(..) | Type::Slice(_) => novalue,
                    _ => {
                        let s = self.operand_string(&args[0], &c);
                        self.err(
                            args[0].span.lo,
                            format!("invalid argument: {s} cannot be cleared: argument must be (or constrained by) map or slice"),
                        );
                        Operand::invalid()
                    }
                }
            }
            Builtin::Copy => {
                let d = self.expr(&args[0]);
                let s = self.expr(&args[1]);
                self.builtin_copy(d, &args[0], s, &args[1], false)
            }
            Builtin::Panic => {
                let mut x = self.expr(&args[0]);
                self.assignment(
                    &mut x,
                    &args[0],
                    TypeTable::EMPTY_IFACE,
                    "argument to panic",
                );
                novalue
            }
            Builtin::Print | Builtin::Println => {
                for (i, a) in args.iter().enumerate() {
                    let mut x = match first.take() {
                        Some(x) if i == 0 => x,
                        _ => self.expr(a),
                    };
                    if x.is_invalid() {
                        continue;
                    }
                    if x.ty == TypeTable::UNTYPED_NIL {
                        self.err(
                            a.span.lo,
                            "use of untyped nil in argument to built-in print",
                        );
                        continue;
                    }
                    self.assign_default(&mut x, a, "argument to built-in print");
                    // gc's back end (walkPrint) prints no aggregate.
                    if matches!(self.tt().under(x.ty), Type::Struct(_) | Type::Array(..)) {
                        let lparen = match &e.kind {
                            ast::ExprKind::Call { func, .. } => func.span.hi,
                            _ => e.span.lo,
                        };
                        let t = self.backend_type_string(x.ty);
                        self.backend_err(
                            lparen,
                            format!("illegal types for operand: {name}\n\t{t}"),
                        );
                    }
                }
                novalue
            }
            Builtin::Recover => Operand::value(TypeTable::EMPTY_IFACE),
            Builtin::Max | Builtin::Min => {
                let mut ops: Vec<Operand> = Vec::new();
                for a in args {
                    let x = self.expr(a);
                    if x.is_invalid() {
                        return x;
                    }
                    ops.push(x);
                }
                // All operands must share a type (untyped ones convert).
                let typed = ops.iter().find(|o| !self.is_untyped(o.ty)).map(|o| o.ty);
                let t = match typed {
                    Some(t) => t,
                    None => {
                        // All untyped: the "largest" kind.
                        let mut t = ops[0].ty;
                        for o in &ops {
                            if o.ty == TypeTable::UNTYPED_FLOAT
                                || (o.ty == TypeTable::UNTYPED_RUNE && t == TypeTable::UNTYPED_INT)
                            {
                                t = o.ty;
                            }
                        }
                        t
                    }
                };
                let ordered = self
                    .tt()
                    .basic_kind(t)
                    .is_some_and(|k| k.is_real() || k.is_string());
                if !ordered {
                    let s = self.operand_string(&args[0], &ops[0]);
                    self.err(
                        args[0].span.lo,
                        format!("invalid argument: {s} cannot be ordered"),
                    );
                    return Operand::invalid();
                }
                for (o, a) in ops.iter_mut().zip(args) {
                    if o.ty != t {
                        if self.is_untyped(o.ty) {
                            let tmp = o.clone();
                            if self.implicit_type(&tmp, t).is_err() {
                                let s = self.operand_string(a, o);
                                let ts = self.type_string(t);
                                self.err(a.span.lo, format!("cannot use {s} as {ts} value in argument to built-in {name}"));
                                return Operand::invalid();
                            }
                            if !self.is_untyped(t) {
                                self.convert_untyped(o, a, t);
                            }
                        } else {
                            let es2 = super::describe::expr_string(e);
                            let (x1, x2) = (self.type_string(ops[0].ty), self.type_string(t));
                            self.err(
                                a.span.lo,
                                format!(
                                    "invalid argument: mismatched types in {es2} ({x1} and {x2})"
                                ),
                            );
                            return Operand::invalid();
                        }
                    }
                }
                if ops.iter().all(|o| o.mode == OpMode::Const) {
                    let mut best = ops[0].val.clone();
                    for o in &ops[1..] {
                        if let (Some(a), Some(v)) = (&best, &o.val) {
                            let less = constant::binary(ast::BinOp::Lt, v, a, false);
                            let take =
                                matches!(less, Ok(ConstValue::Bool(true))) == (b == Builtin::Min);
                            if take {
                                best = Some(v.clone());
                            }
                        }
                    }
                    return Operand {
                        mode: OpMode::Const,
                        ty: t,
                        val: best,
                    };
                }
                Operand::value(t)
            }
        }
    }

    /// `complex(r, i)`: both floats of one type (untyped constants convert
    /// to the other argument's type, or both become untyped floats),
    /// giving the matching complex type; constant when both are.
    /// `copy(dst, src)` with the operands checked (`de_`, `se_`: their
    /// expressions, the same call for `copy(f())`, then `spread`).
    fn builtin_copy(
        &mut self,
        d: Operand,
        de_: &ast::Expr,
        mut s: Operand,
        se_: &ast::Expr,
        spread: bool,
    ) -> Operand {
        // gc's words for an operand that is one result of a call.
        let desc = |c: &Self, e: &ast::Expr, x: &Operand, ord: &str| {
            if spread {
                let t = c.type_string(x.ty);
                format!("{ord} function result (value of type {t})")
            } else {
                c.operand_string(e, x)
            }
        };
        if d.is_invalid() || s.is_invalid() {
            return Operand::invalid();
        }
        let Type::Slice(de) = self.tt().under(d.ty).clone() else {
            let ds = desc(self, de_, &d, "1st");
            self.err(
                de_.span.lo,
                format!("invalid copy: argument must be a slice; have {ds}"),
            );
            return Operand::invalid();
        };
        // gc describes the source before any conversion.
        let s_desc = desc(self, se_, &s, "2nd");
        let (ok, s_elem) = match self.tt().under(s.ty).clone() {
            Type::Slice(se) => (se == de, self.type_string(se)),
            Type::Basic(k) if k.is_string() => {
                if self.is_untyped(s.ty) {
                    self.convert_untyped(&mut s, se_, TypeTable::STRING);
                }
                (
                    self.tt().basic_kind(de) == Some(BasicKind::Uint8),
                    "byte".to_string(),
                )
            }
            _ => {
                let ss = desc(self, se_, &s, "2nd");
                self.err(
                    se_.span.lo,
                    format!("invalid copy: argument must be a slice; have {ss}"),
                );
                return Operand::invalid();
            }
        };
        if !ok {
            let a = desc(self, de_, &d, "1st");
            let d_elem = self.type_string(de);
            self.err(
                de_.span.lo,
                format!(
                    "invalid copy: arguments {a} and {s_desc} have different element types {d_elem} and {s_elem}"
                ),
            );
            return Operand::invalid();
        }
        Operand::value(TypeTable::INT)
    }

    fn builtin_complex(&mut self, e: &ast::Expr, args: &[ast::Expr]) -> Operand {
        let x = self.expr(&args[0]);
        let y = self.expr(&args[1]);
        self.complex_of(e, x, &args[0], y, &args[1])
    }

    /// `complex(x, y)` with the operands checked (`xe`, `ye`: their
    /// expressions, the same call for `complex(f())`).
    fn complex_of(
        &mut self,
        e: &ast::Expr,
        mut x: Operand,
        xe: &ast::Expr,
        mut y: Operand,
        ye: &ast::Expr,
    ) -> Operand {
        if x.is_invalid() || y.is_invalid() {
            return Operand::invalid();
        }
        match (self.is_untyped(x.ty), self.is_untyped(y.ty)) {
            (false, false) => {}
            (true, false) => {
                if !self.implicit_convert(&mut x, xe, y.ty) {
                    return Operand::invalid();
                }
            }
            (false, true) => {
                if !self.implicit_convert(&mut y, ye, x.ty) {
                    return Operand::invalid();
                }
            }
            (true, true) => {
                if x.mode == OpMode::Const && y.mode == OpMode::Const {
                    // A numeric constant with no imaginary part counts
                    // as an untyped float here, as types2 does.
                    let to_float = |o: &mut Operand| {
                        let real = o.val.as_ref().and_then(constant::to_complex);
                        if let Some((_, im)) = real {
                            if im.is_zero() {
                                o.ty = TypeTable::UNTYPED_FLOAT;
                            }
                        }
                    };
                    to_float(&mut x);
                    to_float(&mut y);
                } else if !self.implicit_convert(&mut x, xe, TypeTable::FLOAT64)
                    || !self.implicit_convert(&mut y, ye, TypeTable::FLOAT64)
                {
                    return Operand::invalid();
                }
            }
        }
        if x.is_invalid() || y.is_invalid() {
            return Operand::invalid();
        }
        if x.ty != y.ty {
            let es = super::describe::expr_string(e);
            let (a, b) = (self.type_string(x.ty), self.type_string(y.ty));
            self.err(
                xe.span.lo,
                format!("invalid operation: {es} (mismatched types {a} and {b})"),
            );
            return Operand::invalid();
        }
        let t = match self.tt().basic_kind(x.ty) {
            Some(BasicKind::Float32) => TypeTable::COMPLEX64,
            Some(BasicKind::Float64) => TypeTable::COMPLEX128,
            Some(BasicKind::UntypedFloat) => TypeTable::UNTYPED_COMPLEX,
            _ => {
                let ts = self.type_string(x.ty);
                self.err(
                    xe.span.lo,
                    format!("invalid argument: arguments have type {ts}, expected floating-point"),
                );
                return Operand::invalid();
            }
        };
        if let (OpMode::Const, OpMode::Const, Some(a), Some(b)) = (x.mode, y.mode, &x.val, &y.val) {
            if let (Some(r), Some(i)) = (constant::to_rat(a), constant::to_rat(b)) {
                return Operand {
                    mode: OpMode::Const,
                    ty: t,
                    val: Some(ConstValue::Complex(r, i)),
                };
            }
        }
        Operand::value(t)
    }

    /// `real(c)` / `imag(c)`: the float type matching `c`'s complex type;
    /// constant for a constant argument (any untyped numeric constant
    /// counts as complex).
    fn builtin_real_imag(&mut self, b: Builtin, args: &[ast::Expr]) -> Operand {
        let a = &args[0];
        let mut x = self.expr(a);
        if x.is_invalid() {
            return x;
        }
        if self.is_untyped(x.ty) {
            if x.mode == OpMode::Const {
                if self.tt().basic_kind(x.ty).is_some_and(|k| k.is_numeric()) {
                    x.ty = TypeTable::UNTYPED_COMPLEX;
                }
            } else if !self.implicit_convert(&mut x, a, TypeTable::COMPLEX128) {
                return Operand::invalid();
            }
        }
        let t = match self.tt().basic_kind(x.ty) {
            Some(BasicKind::Complex64) => TypeTable::FLOAT32,
            Some(BasicKind::Complex128) => TypeTable::FLOAT64,
            Some(BasicKind::UntypedComplex) => TypeTable::UNTYPED_FLOAT,
            _ => {
                let ts = self.type_string(x.ty);
                self.err(
                    a.span.lo,
                    format!("invalid argument: argument has type {ts}, expected complex type"),
                );
                return Operand::invalid();
            }
        };
        if x.mode == OpMode::Const {
            if let Some((r, i)) = x.val.as_ref().and_then(constant::to_complex) {
                let v = if b == Builtin::Real { r } else { i };
                return Operand {
                    mode: OpMode::Const,
                    ty: t,
                    val: Some(ConstValue::Float(v)),
                };
            }
        }
        Operand::value(t)
    }

    /// A make size argument: an integer (untyped constants become int).
    fn size_arg(&mut self, a: &ast::Expr) -> Option<i64> {
        let mut x = self.expr(a);
        if x.is_invalid() {
            return None;
        }
        if self.is_untyped(x.ty) {
            if let Some(v) = &x.val {
                if constant::to_int(v).is_none() {
                    let s = self.operand_string(a, &x);
                    self.err(a.span.lo, format!("{s} truncated to int"));
                    return None;
                }
            }
            if !self.convert_untyped(&mut x, a, TypeTable::INT) {
                let s = self.operand_string(a, &x);
                self.err(a.span.lo, format!("cannot convert {s} to type int"));
                return None;
            }
        }
        if !self.tt().basic_kind(x.ty).is_some_and(|k| k.is_integer()) {
            let s = self.operand_string(a, &x);
            self.err(
                a.span.lo,
                format!("invalid argument: index {s} must be integer"),
            );
            return None;
        }
        if let Some(v) = &x.val {
            if let Some(n) = constant::to_i64(v) {
                if n < 0 {
                    let s = self.operand_string(a, &x);
                    self.err(
                        a.span.lo,
                        format!("invalid argument: index {s} must not be negative"),
                    );
                    return None;
                }
                return Some(n);
            }
        }
        None
    }
}

/// Whether evaluating `e` makes a call or a channel receive: the operations
/// whose order the spec fixes, and what keeps `len` of an array operand
/// from being constant. Function literals' bodies do not count.
pub(crate) fn has_call(e: &ast::Expr) -> bool {
    use ast::{ExprKind, UnOp};
    match &e.kind {
        ExprKind::Call { .. } | ExprKind::Unary(UnOp::Recv, _) => true,
        ExprKind::Paren(x)
        | ExprKind::Selector(x, _)
        | ExprKind::Star(x)
        | ExprKind::Unary(_, x)
        | ExprKind::TypeAssert { x, .. } => has_call(x),
        ExprKind::Index(x, i) | ExprKind::Binary(_, x, i) => has_call(x) || has_call(i),
        ExprKind::Slice { x, lo, hi, max } => {
            has_call(x) || [lo, hi, max].into_iter().flatten().any(|y| has_call(y))
        }
        ExprKind::CompositeLit { elems, .. } => elems
            .iter()
            .any(|k| has_call(&k.value) || k.key.as_ref().is_some_and(has_call)),
        _ => false,
    }
}
