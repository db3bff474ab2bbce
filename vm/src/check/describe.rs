//! gc's spelling of expressions, operands and types in messages.
//!
//! Owns: `expr_string` (types2's ExprString: normalized spacing, long
//! literals elided as `…`), operand descriptions (`x (variable of type
//! int)`, `300 (untyped int constant)`, `c (untyped int constant 3)`,
//! `p (variable of struct type P)`) and package-relative type names.

use super::{Checker, OpMode, Operand};
use crate::types::{Type, TypeId, TypeTable};
use minigo_parser::ast::{self, ExprKind as K, UnOp};

pub(crate) fn expr_string(e: &ast::Expr) -> String {
    let mut s = String::new();
    write_expr(&mut s, e, 0);
    s
}

fn write_expr(s: &mut String, e: &ast::Expr, depth: u32) {
    if depth > 50 {
        s.push('…');
        return;
    }
    let d = depth + 1;
    match &e.kind {
        K::Ident(n) => s.push_str(n),
        K::IntLit(l) | K::FloatLit(l) | K::ImagLit(l) => s.push_str(l),
        K::RuneLit(c) => {
            let ch = char::from_u32(*c).unwrap_or('\u{fffd}');
            match ch {
                '\'' => s.push_str("'\\''"),
                '\\' => s.push_str("'\\\\'"),
                '\n' => s.push_str("'\\n'"),
                '\t' => s.push_str("'\\t'"),
                '\r' => s.push_str("'\\r'"),
                '\0' => s.push_str("'\\x00'"),
                c => {
                    s.push('\'');
                    s.push(c);
                    s.push('\'');
                }
            }
        }
        K::StringLit(b) => s.push_str(&super::constant::quote(b)),
        K::CompositeLit { ty, elems, .. } => {
            if let Some(t) = ty {
                write_expr(s, t, d);
            }
            s.push_str(if elems.is_empty() { "{}" } else { "{…}" });
        }
        K::FuncLit { sig, body } => {
            write_functype(s, "func", sig, d);
            s.push_str(if body.stmts.is_empty() {
                " {}"
            } else {
                " {…}"
            });
        }
        K::Paren(x) => {
            s.push('(');
            write_expr(s, x, d);
            s.push(')');
        }
        K::Selector(x, sel) => {
            write_expr(s, x, d);
            s.push('.');
            s.push_str(&sel.name);
        }
        K::Index(x, i) => {
            write_expr(s, x, d);
            s.push('[');
            write_expr(s, i, d);
            s.push(']');
        }
        K::IndexList(x, is) => {
            write_expr(s, x, d);
            s.push('[');
            for (n, i) in is.iter().enumerate() {
                if n > 0 {
                    s.push_str(", ");
                }
                write_expr(s, i, d);
            }
            s.push(']');
        }
        K::Tilde(x) => {
            s.push('~');
            write_expr(s, x, d);
        }
        K::Union(ts) => {
            for (n, t) in ts.iter().enumerate() {
                if n > 0 {
                    s.push_str(" | ");
                }
                write_expr(s, t, d);
            }
        }
        K::Slice { x, lo, hi, max } => {
            write_expr(s, x, d);
            s.push('[');
            if let Some(lo) = lo {
                write_expr(s, lo, d);
            }
            s.push(':');
            if let Some(hi) = hi {
                write_expr(s, hi, d);
            }
            if let Some(m) = max {
                s.push(':');
                write_expr(s, m, d);
            }
            s.push(']');
        }
        K::TypeAssert { x, ty } => {
            write_expr(s, x, d);
            s.push_str(".(");
            match ty {
                Some(t) => write_expr(s, t, d),
                None => s.push_str("type"),
            }
            s.push(')');
        }
        K::Call {
            func,
            args,
            ellipsis,
        } => {
            write_expr(s, func, d);
            s.push('(');
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                write_expr(s, a, d);
            }
            if *ellipsis {
                s.push_str("...");
            }
            s.push(')');
        }
        K::Star(x) => {
            s.push('*');
            write_expr(s, x, d);
        }
        K::Unary(op, x) => {
            s.push_str(match op {
                UnOp::Pos => "+",
                UnOp::Neg => "-",
                UnOp::Not => "!",
                UnOp::BitNot => "^",
                UnOp::Addr => "&",
                UnOp::Recv => "<-",
            });
            write_expr(s, x, d);
        }
        K::Binary(op, l, r) => {
            write_expr(s, l, d);
            s.push(' ');
            s.push_str(op.as_str());
            s.push(' ');
            write_expr(s, r, d);
        }
        K::ArrayType { len, elem } => {
            s.push('[');
            match len {
                Some(l) => write_expr(s, l, d),
                None => s.push_str("..."),
            }
            s.push(']');
            write_expr(s, elem, d);
        }
        K::SliceType(x) => {
            s.push_str("[]");
            write_expr(s, x, d);
        }
        K::MapType(k, v) => {
            s.push_str("map[");
            write_expr(s, k, d);
            s.push(']');
            write_expr(s, v, d);
        }
        K::ChanType(dir, x) => {
            s.push_str(match dir {
                ast::ChanDir::Both => "chan ",
                ast::ChanDir::Send => "chan<- ",
                ast::ChanDir::Recv => "<-chan ",
            });
            write_expr(s, x, d);
        }
        K::FuncType(ft) => write_functype(s, "func", ft, d),
        K::StructType(fs) => {
            s.push_str("struct{");
            for (i, f) in fs.iter().enumerate() {
                if i > 0 {
                    s.push_str("; ");
                }
                for (j, n) in f.names.iter().enumerate() {
                    if j > 0 {
                        s.push_str(", ");
                    }
                    s.push_str(&n.name);
                }
                if !f.names.is_empty() {
                    s.push(' ');
                }
                write_expr(s, &f.ty, d);
            }
            s.push('}');
        }
        K::InterfaceType(els) => {
            s.push_str("interface{");
            for (i, el) in els.iter().enumerate() {
                if i > 0 {
                    s.push_str("; ");
                }
                match el {
                    ast::InterfaceElem::Method { name, sig } => {
                        write_functype(s, &name.name, sig, d)
                    }
                    ast::InterfaceElem::Embed(x) => write_expr(s, x, d),
                }
            }
            s.push('}');
        }
        K::Ellipsis(x) => {
            s.push_str("...");
            if let Some(x) = x {
                write_expr(s, x, d);
            }
        }
    }
}

fn write_functype(s: &mut String, head: &str, ft: &ast::FuncType, d: u32) {
    s.push_str(head);
    s.push('(');
    write_fields(s, &ft.params, ft.variadic, d);
    s.push(')');
    match ft.results.len() {
        0 => {}
        1 if ft.results[0].name.is_none() => {
            s.push(' ');
            write_expr(s, &ft.results[0].ty, d);
        }
        _ => {
            s.push_str(" (");
            write_fields(s, &ft.results, false, d);
            s.push(')');
        }
    }
}

/// Parameters as written: names sharing one type stay grouped
/// (`a, b int`), as gc's printer shows them.
fn write_fields(s: &mut String, fields: &[ast::Param], variadic: bool, d: u32) {
    for (i, p) in fields.iter().enumerate() {
        if let Some(n) = &p.name {
            s.push_str(&n.name);
            let shares_type = fields
                .get(i + 1)
                .is_some_and(|q| q.name.is_some() && q.ty.span == p.ty.span);
            if shares_type {
                s.push_str(", ");
                continue;
            }
            s.push(' ');
        }
        if variadic && i + 1 == fields.len() {
            s.push_str("...");
        }
        write_expr(s, &p.ty, d);
        if i + 1 < fields.len() {
            s.push_str(", ");
        }
    }
}

impl<'a> Checker<'a> {
    /// A type as gc prints it from the current package: named types of
    /// other packages are qualified by package name (`time.Duration`).
    pub(crate) fn type_string(&self, t: TypeId) -> String {
        let mut s = String::new();
        self.write_type(&mut s, t, 0);
        s
    }

    /// A type as gc's back end prints it (`illegal types for operand`):
    /// as [`Self::type_string`], with blanks inside the braces of struct
    /// and interface literals (`struct { a int }`, `interface {}`).
    pub(crate) fn backend_type_string(&self, t: TypeId) -> String {
        self.gen.backend_spelling.set(true);
        let s = self.type_string(t);
        self.gen.backend_spelling.set(false);
        s
    }

    fn write_type(&self, s: &mut String, t: TypeId, depth: u32) {
        if depth > 30 {
            s.push('…');
            return;
        }
        let tt = self.tt();
        let d = depth + 1;
        match tt.get(t) {
            Type::Named(n) => {
                let cur = &self.pkgs[self.pkg].path;
                let qualify = self.gen.qualify.get();
                if !n.pkg.is_empty() && (&n.pkg != cur || qualify) {
                    s.push_str(n.pkg.rsplit('/').next().unwrap_or(&n.pkg));
                    s.push('.');
                }
                match self.gen.err_names.get(&t) {
                    Some(en) if !qualify => s.push_str(en),
                    _ => s.push_str(&n.name),
                }
            }
            Type::Basic(_) => s.push_str(&tt.name(t, false)),
            Type::Pointer(e) => {
                s.push('*');
                self.write_type(s, *e, d);
            }
            Type::Slice(e) => {
                s.push_str("[]");
                self.write_type(s, *e, d);
            }
            Type::Array(n, e) => {
                s.push_str(&format!("[{n}]"));
                self.write_type(s, *e, d);
            }
            Type::Map(k, v) => {
                s.push_str("map[");
                self.write_type(s, *k, d);
                s.push(']');
                self.write_type(s, *v, d);
            }
            Type::Chan(dir, e) => {
                s.push_str(match dir {
                    crate::types::ChanDir::Both => "chan ",
                    crate::types::ChanDir::Send => "chan<- ",
                    crate::types::ChanDir::Recv => "<-chan ",
                });
                self.write_type(s, *e, d);
            }
            Type::Struct(fs) => {
                let blank = self.gen.backend_spelling.get();
                s.push_str(if blank { "struct {" } else { "struct{" });
                if blank && !fs.is_empty() {
                    s.push(' ');
                }
                for (i, f) in fs.iter().enumerate() {
                    if i > 0 {
                        s.push_str("; ");
                    }
                    if !f.embedded {
                        s.push_str(&f.name);
                        s.push(' ');
                    }
                    self.write_type(s, f.ty, d);
                    if let Some(tag) = &f.tag {
                        s.push(' ');
                        s.push_str(&String::from_utf8_lossy(
                            &crate::stdlib::strconv::engine::quote(tag),
                        ));
                    }
                }
                if blank && !fs.is_empty() {
                    s.push(' ');
                }
                s.push('}');
            }
            Type::Func(sig) => {
                s.push_str("func");
                self.write_sig(s, sig, d);
            }
            Type::Interface(ms) => {
                let blank = self.gen.backend_spelling.get();
                if ms.is_empty() {
                    s.push_str(if blank { "interface {}" } else { "interface{}" });
                    return;
                }
                s.push_str(if blank { "interface { " } else { "interface{" });
                for (i, m) in ms.iter().enumerate() {
                    if i > 0 {
                        s.push_str("; ");
                    }
                    s.push_str(&m.name);
                    if let Type::Func(sig) = tt.get(m.sig) {
                        self.write_sig(s, sig, d);
                    }
                }
                s.push_str(if blank { " }" } else { "}" });
            }
            Type::Tuple(ts) => {
                s.push('(');
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    self.write_type(s, *t, d);
                }
                s.push(')');
            }
        }
    }

    pub(crate) fn write_sig(&self, s: &mut String, sig: &crate::types::Signature, d: u32) {
        s.push('(');
        for (i, p) in sig.params.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            if sig.variadic && i + 1 == sig.params.len() {
                s.push_str("...");
                let e = self.tt().elem(*p).unwrap_or(*p);
                self.write_type(s, e, d);
            } else {
                self.write_type(s, *p, d);
            }
        }
        s.push(')');
        match sig.results.len() {
            0 => {}
            1 => {
                s.push(' ');
                self.write_type(s, sig.results[0], d);
            }
            _ => {
                s.push_str(" (");
                for (i, r) in sig.results.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    self.write_type(s, *r, d);
                }
                s.push(')');
            }
        }
    }

    /// types2's operand description: `x (variable of type int)`.
    pub(crate) fn operand_string(&self, e: &ast::Expr, x: &Operand) -> String {
        let es = expr_string(e);
        if x.ty == TypeTable::UNTYPED_NIL && x.mode != OpMode::Type {
            return "nil".into();
        }
        let tt = self.tt();
        let untyped = tt.basic_kind(x.ty).is_some_and(|k| k.is_untyped()) && !tt.is_named(x.ty);
        let mut s = format!("{es} (");
        let mut has_type = false;
        match x.mode {
            OpMode::Invalid
            | OpMode::NoValue
            | OpMode::Builtin(_)
            | OpMode::Type
            | OpMode::Package(_) => {}
            _ => {
                if untyped {
                    s.push_str(&tt.name(x.ty, false));
                    s.push(' ');
                } else {
                    has_type = true;
                }
            }
        }
        s.push_str(match x.mode {
            OpMode::Invalid => "invalid operand",
            OpMode::NoValue => "no value",
            OpMode::Builtin(_) => "built-in",
            OpMode::Type => "type",
            OpMode::Const => "constant",
            OpMode::Var => "variable",
            OpMode::MapIndex => "map index expression",
            OpMode::Value => "value",
            OpMode::Package(_) => "package",
            OpMode::Generic(_) => "value",
        });
        if x.mode == OpMode::Const {
            if let Some(v) = &x.val {
                let vs = super::constant::value_string(v);
                if vs != es {
                    s.push(' ');
                    s.push_str(&vs);
                }
            }
        }
        if has_type {
            s.push_str(" of ");
            if tt.is_named(x.ty) {
                let u = tt.underlying(x.ty);
                let what = match tt.get(u) {
                    Type::Basic(_) => tt.name(u, false),
                    Type::Pointer(_) if super::unsafe_pkg::is_unsafe_pointer(tt, x.ty) => {
                        String::new()
                    }
                    Type::Pointer(_) => "pointer".into(),
                    Type::Slice(_) => "slice".into(),
                    Type::Array(..) => "array".into(),
                    Type::Map(..) => "map".into(),
                    Type::Chan(..) => "chan".into(),
                    Type::Struct(_) => "struct".into(),
                    Type::Func(_) => "func".into(),
                    Type::Interface(_) => "interface".into(),
                    Type::Tuple(_) | Type::Named(_) => String::new(),
                };
                if !what.is_empty() && x.ty != TypeTable::ERROR {
                    s.push_str(&what);
                    s.push(' ');
                } else if x.ty == TypeTable::ERROR {
                    s.push_str("interface ");
                }
            }
            s.push_str("type ");
            s.push_str(&self.type_string(x.ty));
        }
        s.push(')');
        s
    }
}
