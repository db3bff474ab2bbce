//! Inlining of small leaf functions at their static call sites, as gc
//! inlines them: a call whose callee's body is one `return` of
//! expressions that cannot call, loop, allocate or panic is compiled as
//! those expressions, with the callee's parameters bound to the
//! registers the call would have passed them in.
//!
//! The call site evaluates the receiver and the arguments exactly as for
//! the call (`FnCx::prepare`: conversions, copies of aggregates, the
//! borrowing of `borrow`), so only the callee's body moves. That keeps Go's
//! behaviour because the body cannot observe the missing frame: nothing
//! in it can panic (a traceback would lack the callee's frame), call
//! (`runtime.Caller`), block, or take an address or make a closure (a
//! parameter in a register is only read). A callee that takes its
//! parameters' addresses or captures them has them in cells and is not
//! inlined. Ops keep the call site's line.

use super::Compiler;
use crate::info::{Builtin, Mode, Obj, SelKind, VarId};
use crate::types::{BasicKind, FuncId, Type, TypeId};
use minigo_parser::ast::{BinOp, Expr, ExprKind, StmtKind, UnOp};

/// Most expression nodes in an inlined body (gc's budget is 80 nodes of
/// its IR; ours stays small because every node is code at each call).
const MAX_NODES: usize = 16;

/// What a call site needs to compile a callee in place.
#[derive(Clone)]
pub(crate) struct InlineBody<'a> {
    /// The expressions of the callee's `return`, one per result.
    pub results: &'a [Expr],
    /// The callee's parameters (receiver first) by position: `None` for
    /// an unnamed or `_` parameter.
    pub params: Vec<Option<VarId>>,
    pub result_types: Vec<TypeId>,
}

impl<'a> Compiler<'a> {
    /// `f`'s body when calls to it may be compiled in place (see the
    /// module docs); decided once per function.
    pub(crate) fn inline_body(&mut self, f: FuncId) -> Option<InlineBody<'a>> {
        if let Some(b) = self.inline_cache.get(&f) {
            return b.clone();
        }
        let b = self.decide_inline(f);
        self.inline_cache.insert(f, b.clone());
        b
    }

    fn decide_inline(&self, f: FuncId) -> Option<InlineBody<'a>> {
        let fi = self.info.func(f);
        if fi.native || fi.generic {
            return None;
        }
        if fi.unchecked {
            self.note_lazy_miss(f);
            return None;
        }
        let fd = fi.instance.or_else(|| self.func_decl(fi.decl))?;
        let body = fd.body.as_ref()?;
        let [stmt] = body.stmts.as_slice() else {
            return None;
        };
        let StmtKind::Return(results) = &stmt.kind else {
            return None;
        };
        let sig = self.types().signature(fi.sig)?;
        if sig.variadic || results.is_empty() || results.len() != sig.results.len() {
            return None;
        }
        let params: Vec<Option<VarId>> = fd
            .recv
            .iter()
            .chain(fd.sig.params.iter())
            .map(|p| {
                p.name
                    .as_ref()
                    .and_then(|n| self.info.defs.get(&n.id).copied())
            })
            .collect();
        if params.iter().flatten().any(|v| self.cells.contains(v)) {
            return None;
        }
        let mut budget = MAX_NODES;
        let ok = results.iter().zip(&sig.results).all(|(e, &rt)| {
            self.scalar(rt) && self.scalar(self.expr_ty(e)) && self.pure(e, &params, &mut budget)
        });
        ok.then(|| InlineBody {
            results: results.as_slice(),
            params,
            result_types: sig.results.clone(),
        })
    }

    fn expr_ty(&self, e: &Expr) -> TypeId {
        self.info
            .expr(e.id)
            .map_or(crate::types::TypeTable::INVALID, |i| i.ty)
    }

    /// A one-word value without reference semantics to keep: booleans,
    /// numbers (not complex) and strings.
    fn scalar(&self, t: TypeId) -> bool {
        use BasicKind::*;
        matches!(
            self.types().under(t),
            Type::Basic(
                Bool | Int
                    | Int8
                    | Int16
                    | Int32
                    | Int64
                    | Uint
                    | Uint8
                    | Uint16
                    | Uint32
                    | Uint64
                    | Uintptr
                    | Float32
                    | Float64
                    | String
                    | UntypedBool
                    | UntypedInt
                    | UntypedRune
                    | UntypedFloat
                    | UntypedString
            )
        )
    }

    fn integer(&self, t: TypeId) -> bool {
        matches!(self.types().under(t), Type::Basic(k) if k.is_integer())
    }

    fn unsigned(&self, t: TypeId) -> bool {
        matches!(self.types().under(t), Type::Basic(k) if k.is_unsigned())
    }

    /// Can `e` be evaluated in the caller's frame with the same effect as
    /// in the callee's: it reads only `params` (by field, never through
    /// a pointer) and constants, and cannot panic, call or allocate
    /// beyond a string concatenation. Spends `budget` per node.
    fn pure(&self, e: &Expr, params: &[Option<VarId>], budget: &mut usize) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let Some(info) = self.info.expr(e.id) else {
            return false;
        };
        if info.value.is_some() {
            // A constant: compiled as one.
            return true;
        }
        let operand = |x: &Expr, budget: &mut usize| {
            self.scalar(self.expr_ty(x)) && self.pure(x, params, budget)
        };
        match &e.kind {
            ExprKind::Paren(x) => self.pure(x, params, budget),
            ExprKind::Ident(_) => match self.info.uses.get(&e.id) {
                Some(Obj::Var(v)) => params.contains(&Some(*v)),
                _ => false,
            },
            ExprKind::Unary(UnOp::Pos | UnOp::Neg | UnOp::Not | UnOp::BitNot, x) => {
                operand(x, budget)
            }
            ExprKind::Binary(op, x, y) => {
                let xt = self.expr_ty(x);
                let yt = self.expr_ty(y);
                let constant = self.info.expr(y.id).is_some_and(|i| i.value.is_some());
                let may_panic = match op {
                    // Integer division by a variable can divide by zero.
                    BinOp::Div | BinOp::Rem => self.integer(xt) && !constant,
                    // A negative signed shift count panics.
                    BinOp::Shl | BinOp::Shr => !self.unsigned(yt) && !constant,
                    _ => false,
                };
                !may_panic && operand(x, budget) && operand(y, budget)
            }
            ExprKind::Selector(x, _) => {
                // A field of a struct value (not through a pointer, which
                // may be nil), reached through embedded values only.
                let Some(sel) = self.info.selections.get(&e.id) else {
                    return false;
                };
                if sel.kind != SelKind::Field {
                    return false;
                }
                let xt = self.expr_ty(x);
                let through_pointer = (0..sel.path.len()).any(|k| {
                    matches!(
                        self.types().under(self.path_type_of(xt, &sel.path[..k])),
                        Type::Pointer(_)
                    )
                });
                if through_pointer {
                    return false;
                }
                match &x.kind {
                    ExprKind::Ident(_) | ExprKind::Selector(..) | ExprKind::Paren(_) => {
                        self.pure(x, params, budget)
                    }
                    _ => false,
                }
            }
            ExprKind::Call { func, args, .. } => {
                let [arg] = args.as_slice() else {
                    return false;
                };
                let fmode = self.info.expr(func.id).map(|i| i.mode);
                if fmode == Some(Mode::Type) {
                    // A numeric conversion, or a string's to its own kind.
                    let (from, to) = (self.expr_ty(arg), info.ty);
                    let string =
                        |t| matches!(self.types().under(t), Type::Basic(k) if k.is_string());
                    return self.scalar(to) && string(from) == string(to) && operand(arg, budget);
                }
                match self.info.uses.get(&func.id) {
                    Some(Obj::Builtin(Builtin::Len)) => {
                        matches!(self.types().under(self.expr_ty(arg)), Type::Basic(k) if k.is_string())
                            && self.pure(arg, params, budget)
                    }
                    _ => false,
                }
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::bytecode::{Image, Op};

    fn image(src: &str) -> Image {
        match crate::driver::build_here("main.go", src.as_bytes()) {
            Ok((_, image)) => image,
            Err(e) => panic!("build failed: {:?}", e.diags),
        }
    }

    /// The names of the protos `main.main` calls; `callee` must be one of
    /// the program's protos.
    fn callees(src: &str, callee: &str) -> Vec<String> {
        let image = image(src);
        assert!(
            image.protos.iter().any(|p| p.name == callee),
            "no proto {callee}"
        );
        let main = image
            .protos
            .iter()
            .find(|p| p.name == "main.main")
            .expect("main.main");
        main.code
            .iter()
            .filter_map(|op| match op {
                Op::Call { f, .. } => Some(image.protos[*f as usize].name.clone()),
                _ => None,
            })
            .collect()
    }

    /// Is the call of `callee` in `main` (after `decls`) inlined? `call`
    /// is printed unless it is a statement (has a `;`).
    fn inlined(decls: &str, call: &str, callee: &str) -> bool {
        let stmt = if call.contains(';') {
            call.to_string()
        } else {
            format!("println({call})")
        };
        let src = format!("package main\n\n{decls}\n\nfunc main() {{\n\t{stmt}\n}}\n");
        !callees(&src, callee).iter().any(|c| c == callee)
    }

    #[test]
    fn inlines_pure_leaves() {
        let p = "type P struct{ X, Y int }\ntype Q struct{ P; Z float32 }";
        assert!(inlined(
            "func add(a, b int) int { return a + b }",
            "add(1, 2)",
            "main.add"
        ));
        assert!(inlined(
            &format!("{p}\nfunc (p P) Sum() int {{ return p.X + p.Y }}"),
            "P{1, 2}.Sum()",
            "main.P.Sum"
        ));
        assert!(inlined(
            &format!("{p}\nfunc (q Q) F() float32 {{ return q.Z * 2 + float32(q.X) }}"),
            "Q{}.F()",
            "main.Q.F"
        ));
        assert!(inlined(
            "func h(x int) int { return x / 3 % 5 << 2 }",
            "h(7)",
            "main.h"
        ));
        assert!(inlined(
            "func sh(x int, n uint) int { return x << n }",
            "sh(7, 2)",
            "main.sh"
        ));
        assert!(inlined(
            "func two(s string) (int, bool) { return len(s), s == \"\" }",
            "a, b := two(\"a\"); println(a, b)",
            "main.two"
        ));
        assert!(inlined(
            "const k = 3\nfunc named(x int) (r int) { return x * k }",
            "named(2)",
            "main.named"
        ));
        assert!(inlined(
            "func (p *T) K() int { return 42 }\ntype T struct{}",
            "(&T{}).K()",
            "main.(*T).K"
        ));
    }

    #[test]
    fn keeps_calls_that_can_panic_or_call() {
        let p = "type P struct{ X, Y int }";
        // Division by a variable, a signed shift count, a deref, an index.
        assert!(!inlined(
            "func d(a, b int) int { return a / b }",
            "d(1, 2)",
            "main.d"
        ));
        assert!(!inlined(
            "func s(a, b int) int { return a << b }",
            "s(1, 2)",
            "main.s"
        ));
        assert!(!inlined(
            &format!("{p}\nfunc (p *P) Sum() int {{ return p.X + p.Y }}"),
            "(&P{}).Sum()",
            "main.(*P).Sum"
        ));
        assert!(!inlined(
            "func ix(s string) byte { return s[0] }",
            "ix(\"a\")",
            "main.ix"
        ));
        // A call, a loop, more than one statement, a global, a result read.
        assert!(!inlined(
            "func c(a int) int { return len(make([]int, a)) }",
            "c(1)",
            "main.c"
        ));
        assert!(!inlined(
            "func l(a int) int { for a > 0 { a-- }; return a }",
            "l(1)",
            "main.l"
        ));
        assert!(!inlined(
            "var g int\nfunc gl() int { return g }",
            "gl()",
            "main.gl"
        ));
        assert!(!inlined(
            "func r(a int) (x int) { return x + a }",
            "r(1)",
            "main.r"
        ));
        // Aggregate or interface results, an escaping parameter, variadic.
        assert!(!inlined(
            &format!("{p}\nfunc mk(a int) P {{ return P{{a, a}} }}"),
            "mk(1).X",
            "main.mk"
        ));
        assert!(!inlined("func e(a int) any { return a }", "e(1)", "main.e"));
        assert!(!inlined(
            "func esc(a int) *int { return &a }",
            "esc(1)",
            "main.esc"
        ));
        assert!(!inlined(
            "func v(a ...int) int { return len(a) }",
            "v(1)",
            "main.v"
        ));
        // Interface comparison can panic; big bodies stay calls.
        assert!(!inlined(
            "func eq(a, b any) bool { return a == b }",
            "eq(1, 2)",
            "main.eq"
        ));
        assert!(!inlined(
            "func big(a int) int { return a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a }",
            "big(1)",
            "main.big"
        ));
    }
}
