//! Parser tests on representative programs: the tree shapes the rest of
//! minigo relies on (grouped params, implicit consts, type switches, the
//! composite-literal rule in statement headers, channel types, ...) and
//! the NodeIds invariant.

use std::collections::HashSet;

use minigo_parser::ast::*;
use minigo_parser::parse;

fn file(src: &str) -> File {
    let mut ids = NodeIds::new();
    parse(src, &mut ids).unwrap_or_else(|d| panic!("{d:?}\n{src}"))
}

/// The statements of `func main` in `package main; func main() { body }`.
fn body(stmts: &str) -> Vec<Stmt> {
    let src = format!("package main\nfunc main() {{\n{stmts}\n}}\n");
    let f = file(&src);
    match f.decls.into_iter().next() {
        Some(Decl::Func(FuncDecl { body: Some(b), .. })) => b.stmts,
        d => panic!("{d:?}"),
    }
}

fn one_stmt(s: &str) -> StmtKind {
    let mut v = body(s);
    assert_eq!(v.len(), 1, "{v:#?}");
    v.remove(0).kind
}

/// The expression of `x := <expr>`.
fn rhs(e: &str) -> Expr {
    match one_stmt(&format!("x := {e}")) {
        StmtKind::Assign { mut rhs, .. } => rhs.remove(0),
        s => panic!("{s:?}"),
    }
}

fn name(e: &Expr) -> &str {
    match &e.kind {
        ExprKind::Ident(n) => n,
        k => panic!("not a name: {k:?}"),
    }
}

#[test]
fn package_and_imports() {
    let f = file("package main\nimport \"fmt\"\nimport (\n\tu \"unicode/utf8\"\n\t_ \"os\"\n\t. \"strings\"\n)\n");
    assert_eq!(f.package.name, "main");
    let paths: Vec<_> = f.imports.iter().map(|i| i.path.as_str()).collect();
    assert_eq!(paths, ["fmt", "unicode/utf8", "os", "strings"]);
    let names: Vec<_> = f
        .imports
        .iter()
        .map(|i| i.name.as_ref().map(|n| n.name.as_str()))
        .collect();
    assert_eq!(names, [None, Some("u"), Some("_"), Some(".")]);
}

#[test]
fn grouped_params_expand_with_fresh_type_copies() {
    let f = file("package p\nfunc f(a, b int, c ...string) (x, y float64) { return }\n");
    let Decl::Func(fd) = &f.decls[0] else {
        panic!()
    };
    let names: Vec<_> = fd
        .sig
        .params
        .iter()
        .map(|p| p.name.as_ref().unwrap().name.clone())
        .collect();
    assert_eq!(names, ["a", "b", "c"]);
    assert!(fd.sig.variadic);
    assert_eq!(name(&fd.sig.params[0].ty), "int");
    assert_eq!(name(&fd.sig.params[1].ty), "int");
    assert_ne!(fd.sig.params[0].ty.id, fd.sig.params[1].ty.id);
    assert_eq!(name(&fd.sig.params[2].ty), "string");
    assert_eq!(fd.sig.results.len(), 2);
}

#[test]
fn unnamed_params_and_results() {
    let f = file("package p\nfunc f(int, []string, func(int) error) (int, error)\n");
    let Decl::Func(fd) = &f.decls[0] else {
        panic!()
    };
    assert!(fd.body.is_none());
    assert!(fd.sig.params.iter().all(|p| p.name.is_none()));
    assert!(matches!(fd.sig.params[2].ty.kind, ExprKind::FuncType(_)));
    assert_eq!(fd.sig.results.len(), 2);
}

#[test]
fn methods_and_receivers() {
    let f = file(
        "package p\nfunc (p *Point) Move(dx int) {}\nfunc (Point) Name() string { return \"\" }\n",
    );
    let Decl::Func(fd) = &f.decls[0] else {
        panic!()
    };
    let recv = fd.recv.as_ref().unwrap();
    assert_eq!(recv.name.as_ref().unwrap().name, "p");
    assert!(matches!(recv.ty.kind, ExprKind::Star(_)));
    let Decl::Func(fd) = &f.decls[1] else {
        panic!()
    };
    assert!(fd.recv.as_ref().unwrap().name.is_none());
}

#[test]
fn const_groups_repeat_implicitly_with_iota() {
    let f = file("package p\nconst (\n\tA int = iota * 10\n\tB\n\tC\n\t_\n\tD = \"x\"\n\tE\n)\n");
    let Decl::Const(cs) = &f.decls[0] else {
        panic!()
    };
    let iotas: Vec<_> = cs.iter().map(|c| c.iota).collect();
    assert_eq!(iotas, [0, 1, 2, 3, 4, 5]);
    let implicit: Vec<_> = cs.iter().map(|c| c.implicit).collect();
    assert_eq!(implicit, [false, true, true, true, false, true]);
    // B repeats A's `int = iota * 10` as a copy with its own ids.
    assert!(matches!(
        cs[1].values[0].kind,
        ExprKind::Binary(BinOp::Mul, ..)
    ));
    assert_eq!(cs[1].values[0].span, cs[0].values[0].span);
    assert!(cs[2].ty.is_some());
    assert_ne!(cs[0].values[0].id, cs[1].values[0].id);
    assert!(matches!(&cs[5].values[0].kind, ExprKind::StringLit(s) if s == b"x"));
}

#[test]
fn var_and_type_decls() {
    let f = file("package p\nvar x, y = 1, 2\nvar (\n\tz int\n\tw []string = nil\n)\ntype (\n\tA = B\n\tT struct {\n\t\tX, Y int `tag`\n\t\t*Embedded\n\t\tpkg.Other\n\t}\n\tI interface {\n\t\tfmt.Stringer\n\t\tM(int) (bool, error)\n\t}\n)\n");
    assert_eq!(f.decls.len(), 3);
    let Decl::Type(ts) = &f.decls[2] else {
        panic!()
    };
    assert!(ts[0].alias);
    let ExprKind::StructType(fields) = &ts[1].ty.kind else {
        panic!()
    };
    assert_eq!(fields[0].names.len(), 2);
    assert_eq!(fields[0].tag.as_deref(), Some(&b"tag"[..]));
    assert!(fields[1].names.is_empty() && matches!(fields[1].ty.kind, ExprKind::Star(_)));
    assert!(matches!(fields[2].ty.kind, ExprKind::Selector(..)));
    let ExprKind::InterfaceType(elems) = &ts[2].ty.kind else {
        panic!()
    };
    assert!(matches!(elems[0], InterfaceElem::Embed(_)));
    assert!(
        matches!(&elems[1], InterfaceElem::Method { name, sig } if name.name == "M" && sig.results.len() == 2)
    );
}

#[test]
fn precedence() {
    // a || b && c == d + e * -f
    let e = rhs("a || b && c == d + e * -f");
    let ExprKind::Binary(BinOp::LOr, _, r) = &e.kind else {
        panic!("{e:?}")
    };
    let ExprKind::Binary(BinOp::LAnd, _, r) = &r.kind else {
        panic!()
    };
    let ExprKind::Binary(BinOp::Eq, _, r) = &r.kind else {
        panic!()
    };
    let ExprKind::Binary(BinOp::Add, _, r) = &r.kind else {
        panic!()
    };
    let ExprKind::Binary(BinOp::Mul, _, r) = &r.kind else {
        panic!()
    };
    assert!(matches!(r.kind, ExprKind::Unary(UnOp::Neg, _)));
    // Left associativity and the 5th level.
    let e = rhs("a - b - c");
    let ExprKind::Binary(BinOp::Sub, l, _) = &e.kind else {
        panic!()
    };
    assert!(matches!(l.kind, ExprKind::Binary(BinOp::Sub, ..)));
    let e = rhs("a << 1 &^ b | c");
    assert!(matches!(e.kind, ExprKind::Binary(BinOp::Or, ..)));
    // After "package main\nfunc main() {\nx := ".
    assert_eq!(e.span, Span { lo: 32, hi: 47 });
}

#[test]
fn primary_expressions() {
    assert!(matches!(
        rhs("a[1:2:3]").kind,
        ExprKind::Slice { max: Some(_), .. }
    ));
    assert!(matches!(
        rhs("a[:]").kind,
        ExprKind::Slice {
            lo: None,
            hi: None,
            ..
        }
    ));
    assert!(matches!(
        rhs("x.(T)").kind,
        ExprKind::TypeAssert { ty: Some(_), .. }
    ));
    assert!(matches!(
        rhs("f(xs...)").kind,
        ExprKind::Call { ellipsis: true, .. }
    ));
    assert!(
        matches!(rhs("f(a, b,)").kind, ExprKind::Call { ellipsis: false, ref args, .. } if args.len() == 2)
    );
    assert!(matches!(rhs("[]byte(s)").kind, ExprKind::Call { .. }));
    assert!(matches!(rhs("(*T)(p)").kind, ExprKind::Call { .. }));
    assert!(matches!(rhs("(*T).M").kind, ExprKind::Selector(..)));
    assert!(matches!(rhs("interface{}(x)").kind, ExprKind::Call { .. }));
    for conv in [
        "[]interface{}(nil)",
        "map[string]int(nil)",
        "[]*T(nil)",
        "[][]byte(nil)",
        "[4]pkg.T(a)",
    ] {
        assert!(matches!(rhs(conv).kind, ExprKind::Call { .. }), "{conv}");
    }
    for conv in [
        "(func())(nil)",
        "(<-chan int)(ch)",
        "(chan<- int)(ch)",
        "(*[]int)(p)",
        "(**T)(p)",
    ] {
        assert!(matches!(rhs(conv).kind, ExprKind::Call { .. }), "{conv}");
    }
    assert!(matches!(
        rhs("func(a int) int { return a }(1)").kind,
        ExprKind::Call { .. }
    ));
    assert!(matches!(rhs("&T{}").kind, ExprKind::Unary(UnOp::Addr, _)));
    assert!(matches!(rhs("*p").kind, ExprKind::Star(_)));
    assert!(matches!(rhs("<-ch").kind, ExprKind::Unary(UnOp::Recv, _)));
}

#[test]
fn types_in_expressions() {
    let make = |arg: &str| match rhs(&format!("make({arg})")).kind {
        ExprKind::Call { mut args, .. } => args.remove(0),
        k => panic!("{k:?}"),
    };
    assert!(matches!(
        make("chan int").kind,
        ExprKind::ChanType(ChanDir::Both, _)
    ));
    assert!(matches!(
        make("chan<- int").kind,
        ExprKind::ChanType(ChanDir::Send, _)
    ));
    assert!(matches!(
        make("<-chan int").kind,
        ExprKind::ChanType(ChanDir::Recv, _)
    ));
    assert!(matches!(
        make("map[string][]int").kind,
        ExprKind::MapType(..)
    ));
    assert!(matches!(make("[]int").kind, ExprKind::SliceType(_)));
    assert!(matches!(
        make("func(int) (int, error)").kind,
        ExprKind::FuncType(_)
    ));
    // `chan<- chan int` is a send channel of `chan int` (Go spec).
    let t = make("chan<- chan int");
    let ExprKind::ChanType(ChanDir::Send, elem) = &t.kind else {
        panic!()
    };
    assert!(matches!(elem.kind, ExprKind::ChanType(ChanDir::Both, _)));
    let t = make("chan (<-chan int)");
    let ExprKind::ChanType(ChanDir::Both, elem) = &t.kind else {
        panic!()
    };
    assert!(matches!(elem.kind, ExprKind::Paren(_)));
}

#[test]
fn composite_literals() {
    let e = rhs("[]Point{{1, 2}, {X: 3}}");
    let ExprKind::CompositeLit {
        ty: Some(_), elems, ..
    } = &e.kind
    else {
        panic!()
    };
    assert!(matches!(
        elems[0].value.kind,
        ExprKind::CompositeLit { ty: None, .. }
    ));
    let ExprKind::CompositeLit { elems: inner, .. } = &elems[1].value.kind else {
        panic!()
    };
    assert_eq!(name(inner[0].key.as_ref().unwrap()), "X");
    let e = rhs("map[string]int{\"a\": 1,\n\"b\": 2,\n}");
    let ExprKind::CompositeLit { elems, rbrace, .. } = &e.kind else {
        panic!()
    };
    assert_eq!(elems.len(), 2);
    assert_eq!(rbrace.hi - rbrace.lo, 1);
    assert!(matches!(
        rhs("[...]int{1, 2}").kind,
        ExprKind::CompositeLit { .. }
    ));
    assert!(matches!(
        rhs("struct{ a int }{1}").kind,
        ExprKind::CompositeLit { .. }
    ));
    assert!(matches!(rhs("pkg.T{}").kind, ExprKind::CompositeLit { .. }));
}

#[test]
fn composite_literals_in_statement_headers() {
    // Allowed: explicit literal types, and anything in parentheses/calls.
    body("for _, x := range []int{1, 2} {\n}");
    body("if x == (T{}) {\n}");
    body("if f(T{1}) {\n}");
    body("switch m[T{}] {\n}");
    body("for i := 0; i < len([]T{{}}); i++ {\n}");
    // Not allowed: a bare type name before `{`, as in Go.
    let mut ids = NodeIds::new();
    let d = parse(
        "package main\nfunc main() {\n\tif x == T{} {\n\t}\n}\n",
        &mut ids,
    )
    .unwrap_err();
    assert_eq!(d.msg, "syntax error: unexpected { at end of statement");
    // There `T` is the condition and `{}` the block.
    let StmtKind::If { cond, then, .. } = one_stmt("if x == T {\n}") else {
        panic!()
    };
    assert!(matches!(cond.kind, ExprKind::Binary(BinOp::Eq, ..)));
    assert!(then.stmts.is_empty());
}

#[test]
fn simple_statements() {
    assert!(matches!(
        one_stmt("x++"),
        StmtKind::IncDec { inc: true, .. }
    ));
    assert!(matches!(one_stmt("ch <- 1"), StmtKind::Send { .. }));
    assert!(matches!(
        one_stmt("a, b = b, a"),
        StmtKind::Assign {
            op: AssignOp::Assign,
            ..
        }
    ));
    assert!(matches!(
        one_stmt("x &^= 3"),
        StmtKind::Assign {
            op: AssignOp::Op(BinOp::AndNot),
            ..
        }
    ));
    assert!(matches!(
        one_stmt("v, ok := m[k]"),
        StmtKind::Assign {
            op: AssignOp::Define,
            ..
        }
    ));
    assert!(matches!(one_stmt("f()"), StmtKind::Expr(_)));
    assert!(matches!(one_stmt("var x, y int"), StmtKind::Var(_)));
    assert!(matches!(one_stmt("const c = 1"), StmtKind::Const(_)));
    assert!(matches!(one_stmt("type T int"), StmtKind::Type(_)));
    assert!(matches!(one_stmt("go f()"), StmtKind::Go(_)));
    assert!(matches!(one_stmt("defer mu.Unlock()"), StmtKind::Defer(_)));
    assert!(matches!(one_stmt("return 1, 2"), StmtKind::Return(v) if v.len() == 2));
    assert!(matches!(one_stmt("goto L"), StmtKind::Goto(_)));
    assert!(matches!(one_stmt("{ x++ }"), StmtKind::Block(_)));
    // Empty statements are dropped.
    assert_eq!(body(";;\nx++;").len(), 1);
}

#[test]
fn if_else_chains() {
    let StmtKind::If { init, els, .. } =
        one_stmt("if x := f(); x > 0 {\n} else if y {\n} else {\n}")
    else {
        panic!()
    };
    assert!(init.is_some());
    let els = els.unwrap();
    let StmtKind::If {
        els: Some(last), ..
    } = &els.kind
    else {
        panic!()
    };
    assert!(matches!(last.kind, StmtKind::Block(_)));
}

#[test]
fn for_loops() {
    assert!(matches!(
        one_stmt("for {\n}"),
        StmtKind::For {
            cond: None,
            init: None,
            post: None,
            ..
        }
    ));
    assert!(matches!(
        one_stmt("for x < 3 {\n}"),
        StmtKind::For {
            cond: Some(_),
            init: None,
            ..
        }
    ));
    assert!(matches!(
        one_stmt("for i := 0; i < 3; i++ {\n}"),
        StmtKind::For {
            init: Some(_),
            cond: Some(_),
            post: Some(_),
            ..
        }
    ));
    assert!(matches!(
        one_stmt("for ;; {\n}"),
        StmtKind::For { cond: None, .. }
    ));
    let StmtKind::Range {
        key, value, define, ..
    } = one_stmt("for k, v := range m {\n}")
    else {
        panic!()
    };
    assert!(key.is_some() && value.is_some() && define);
    let StmtKind::Range {
        key, value, define, ..
    } = one_stmt("for k = range m {\n}")
    else {
        panic!()
    };
    assert!(key.is_some() && value.is_none() && !define);
    assert!(matches!(
        one_stmt("for range ch {\n}"),
        StmtKind::Range { key: None, .. }
    ));
    assert!(matches!(
        one_stmt("for i := range 10 {\n}"),
        StmtKind::Range { .. }
    ));
}

#[test]
fn switches() {
    let StmtKind::Switch {
        init, tag, cases, ..
    } = one_stmt("switch x := f(); x {\ncase 1, 2:\n\tfallthrough\ncase 3:\ndefault:\n}")
    else {
        panic!()
    };
    assert!(init.is_some() && tag.is_some());
    assert_eq!(cases.len(), 3);
    assert_eq!(cases[0].exprs.len(), 2);
    assert!(matches!(cases[0].body[0].kind, StmtKind::Fallthrough));
    assert!(cases[2].is_default);
    assert!(matches!(
        one_stmt("switch {\ncase x > 1:\n}"),
        StmtKind::Switch { tag: None, .. }
    ));
}

#[test]
fn type_switches() {
    let StmtKind::TypeSwitch { bind, x, cases, .. } = one_stmt(
        "switch v := x.(type) {\ncase int, *T:\ncase nil:\ncase []int, map[string]int, func(), chan int, *[]int, <-chan int:\ndefault:\n}",
    ) else {
        panic!()
    };
    assert_eq!(bind.unwrap().name, "v");
    assert_eq!(name(&x), "x");
    assert_eq!(cases.len(), 4);
    assert_eq!(cases[2].types.len(), 6);
    assert!(matches!(
        cases[2].types[5].kind,
        ExprKind::ChanType(ChanDir::Recv, _)
    ));
    assert!(cases[3].is_default);
    assert_ne!(cases[0].id, cases[1].id);
    assert!(matches!(
        one_stmt("switch x.(type) {\n}"),
        StmtKind::TypeSwitch { bind: None, .. }
    ));
}

#[test]
fn selects() {
    let StmtKind::Select { cases } = one_stmt(
        "select {\ncase ch <- 1:\ncase v := <-ch:\ncase v, ok := <-ch:\ncase x = <-ch:\ncase <-done:\ndefault:\n}",
    ) else {
        panic!()
    };
    assert_eq!(cases.len(), 6);
    assert!(matches!(
        cases[0].comm.as_deref().unwrap().kind,
        StmtKind::Send { .. }
    ));
    assert!(matches!(
        cases[4].comm.as_deref().unwrap().kind,
        StmtKind::Expr(_)
    ));
    assert!(cases[5].comm.is_none());
}

#[test]
fn labels() {
    let StmtKind::Labeled { label, stmt } = one_stmt("outer:\n\tfor {\n\t\tbreak outer\n\t}")
    else {
        panic!()
    };
    assert_eq!(label.name, "outer");
    let StmtKind::For { body, .. } = &stmt.kind else {
        panic!()
    };
    assert!(matches!(&body.stmts[0].kind, StmtKind::Break(Some(l)) if l.name == "outer"));
    assert!(matches!(body_last("L:\n"), StmtKind::Labeled { .. }));
}

fn body_last(s: &str) -> StmtKind {
    body(s).pop().unwrap().kind
}

#[test]
fn node_ids_are_unique_across_files() {
    let src = "package p\nconst (\n\ta, b = iota, iota\n\tc, d\n)\nfunc f(x, y, z struct{ a, b func(int) }) {\n\tswitch v := x.(type) {\n\tcase int:\n\tcase string:\n\t}\n}\n";
    let mut ids = NodeIds::new();
    let f1 = parse(src, &mut ids).unwrap();
    let f2 = parse(src, &mut ids).unwrap();
    // Collect ids from the Debug output: every `id: N` field.
    let dump = format!("{f1:?}{f2:?}");
    let mut seen = HashSet::new();
    let mut n = 0;
    for part in dump.split("id: ").skip(1) {
        let num: String = part.chars().take_while(|c| c.is_ascii_digit()).collect();
        assert!(seen.insert(num.clone()), "duplicate id {num}");
        n += 1;
    }
    assert!(n > 40, "{n}");
}

#[test]
fn spans_cover_their_source() {
    let src = "package main\nfunc main() {\n\tx := foo(1, 2)\n}\n";
    let f = file(src);
    let Decl::Func(fd) = &f.decls[0] else {
        panic!()
    };
    let b = fd.body.as_ref().unwrap();
    assert_eq!(
        &src[b.span.lo as usize..b.span.hi as usize],
        "{\n\tx := foo(1, 2)\n}"
    );
    let s = &b.stmts[0];
    assert_eq!(
        &src[s.span.lo as usize..s.span.hi as usize],
        "x := foo(1, 2)"
    );
    assert_eq!(
        &src[fd.span.lo as usize..fd.span.hi as usize],
        &src[13..src.len() - 1]
    );
}
