//! Instantiation cycles: types2's `mono.go`.
//!
//! Owns: refusing a package whose generic declarations instantiate each
//! other with ever-growing type arguments (`func f[T any]() { f[*T]() }`,
//! `type T[P any] struct{ next *T[*P] }`), which monomorphization (see
//! `generic.rs`) would expand forever. As types2 does it, statically and
//! whether or not anything is instantiated: a graph whose vertices are type
//! parameters, with an edge `Q <- P` wherever a type argument for `Q` names
//! `P` — weight 0 when the argument is `P` itself, 1 when it is built from
//! it (`*P`, `[]P`, `Pair[P, int]`) — and Bellman-Ford looking for a cycle
//! of positive weight, reported with types2's words and edge order.
//!
//! What is simplified: edges come from explicit type arguments only
//! (`f[*T]()`, `T[*P]` in a type); an inferred instantiation (`f(&x)`) has
//! no syntax to read, so its growth is caught while instantiating instead
//! (`generic.rs`, `MAX_CHAIN_REPEATS`). Local types declared inside generic
//! functions (types2's "implicitly parameterized by") are not vertices.

use super::decls::strip_parens;
use super::Checker;
use crate::types::FxMap;
use minigo_parser::ast::{self, ExprKind as K, StmtKind as S};

/// A type parameter: (generic package-level object, parameter index).
type Vertex = (usize, usize);

struct Edge {
    dst: usize,
    src: usize,
    weight: i64,
    /// File and offset of the type argument.
    file: usize,
    pos: u32,
    /// The type argument as written (`*T`).
    typ: String,
}

#[derive(Default)]
struct Graph {
    vertices: Vec<Vertex>,
    index: FxMap<Vertex, usize>,
    edges: Vec<Edge>,
}

impl Graph {
    fn vertex(&mut self, v: Vertex) -> usize {
        if let Some(&i) = self.index.get(&v) {
            return i;
        }
        self.vertices.push(v);
        self.index.insert(v, self.vertices.len() - 1);
        self.vertices.len() - 1
    }
}

/// The walk of one generic declaration: which names are its type
/// parameters, and where edges go.
struct Walk<'g> {
    graph: &'g mut Graph,
    tparams: FxMap<&'g str, Vertex>,
    file: usize,
}

impl<'a> Checker<'a> {
    /// Reports the first instantiation cycle among package `p`'s generic
    /// declarations; the generic objects on it are never instantiated
    /// (`GenState::cyclic`), so checking goes on without expanding them.
    pub(crate) fn check_instantiation_cycles(&mut self, p: usize) {
        let prog = self.prog;
        let mut graph = Graph::default();
        // types2 checks type declarations before function bodies; the edge
        // order decides which cycle is found first.
        let mut funcs: Vec<(usize, &ast::FuncDecl, FxMap<&str, Vertex>)> = Vec::new();
        for (fi, f) in prog.packages[p].files.iter().enumerate() {
            for d in &f.ast.decls {
                match d {
                    ast::Decl::Type(specs) => {
                        for spec in specs.iter().filter(|s| !s.tparams.is_empty()) {
                            let Some(o) = self.generic_obj(p, &spec.name.name) else {
                                continue;
                            };
                            let names = spec
                                .tparams
                                .iter()
                                .enumerate()
                                .map(|(i, tp)| (tp.name.name.as_str(), (o, i)))
                                .collect();
                            let mut w = Walk {
                                graph: &mut graph,
                                tparams: names,
                                file: fi,
                            };
                            self.mono_expr(p, &mut w, &spec.ty);
                        }
                    }
                    ast::Decl::Func(fd) => {
                        if let Some(names) = self.func_tparams(p, fd) {
                            funcs.push((fi, fd, names));
                        }
                    }
                    _ => {}
                }
            }
        }
        for (fi, fd, names) in funcs {
            let mut w = Walk {
                graph: &mut graph,
                tparams: names,
                file: fi,
            };
            for prm in fd.sig.params.iter().chain(&fd.sig.results) {
                self.mono_expr(p, &mut w, &prm.ty);
            }
            if let Some(body) = &fd.body {
                for s in &body.stmts {
                    self.mono_stmt(p, &mut w, s);
                }
            }
        }
        if let Some(cycle) = find_positive_cycle(&graph) {
            self.report_instance_cycle(&graph, &cycle);
        }
    }

    /// The generic object named `name` at package `p`'s top level.
    fn generic_obj(&self, p: usize, name: &str) -> Option<usize> {
        let o = *self.pkgs[p].scope.get(name)?;
        self.is_generic_obj(o).then_some(o)
    }

    /// The type parameters in scope in a generic function, or in a method
    /// of a generic type (its receiver's names stand for the type's).
    fn func_tparams<'d>(&self, p: usize, fd: &'d ast::FuncDecl) -> Option<FxMap<&'d str, Vertex>> {
        if let Some(r) = &fd.recv {
            let base = match &strip_parens(&r.ty).kind {
                K::Star(x) => strip_parens(x),
                _ => strip_parens(&r.ty),
            };
            let (ty, names): (&ast::Expr, Vec<&ast::Expr>) = match &base.kind {
                K::Index(x, i) => (x, vec![&**i]),
                K::IndexList(x, is) => (x, is.iter().collect()),
                _ => return None,
            };
            let K::Ident(tn) = &ty.kind else { return None };
            let o = self.generic_obj(p, tn)?;
            let map = names
                .iter()
                .enumerate()
                .filter_map(|(i, n)| match &n.kind {
                    K::Ident(n) if n != "_" => Some((n.as_str(), (o, i))),
                    _ => None,
                })
                .collect();
            return Some(map);
        }
        if fd.tparams.is_empty() {
            return None;
        }
        let o = self.generic_obj(p, &fd.name.name)?;
        Some(
            fd.tparams
                .iter()
                .enumerate()
                .map(|(i, tp)| (tp.name.name.as_str(), (o, i)))
                .collect(),
        )
    }

    fn mono_stmt(&self, p: usize, w: &mut Walk<'_>, s: &ast::Stmt) {
        let block = |c: &Self, w: &mut Walk<'_>, b: &[ast::Stmt]| {
            for s in b {
                c.mono_stmt(p, w, s);
            }
        };
        let opt = |c: &Self, w: &mut Walk<'_>, s: &Option<Box<ast::Stmt>>| {
            if let Some(s) = s {
                c.mono_stmt(p, w, s);
            }
        };
        match &s.kind {
            S::Empty | S::Break(_) | S::Continue(_) | S::Goto(_) | S::Fallthrough => {}
            S::Expr(e) | S::Go(e) | S::Defer(e) => self.mono_expr(p, w, e),
            S::Send { ch, value } => {
                self.mono_expr(p, w, ch);
                self.mono_expr(p, w, value);
            }
            S::IncDec { x, .. } => self.mono_expr(p, w, x),
            S::Assign { lhs, rhs, .. } => {
                for e in lhs.iter().chain(rhs) {
                    self.mono_expr(p, w, e);
                }
            }
            S::Var(specs) => {
                for v in specs {
                    for e in v.ty.iter().chain(&v.values) {
                        self.mono_expr(p, w, e);
                    }
                }
            }
            S::Const(specs) => {
                for v in specs {
                    for e in v.ty.iter().chain(&v.values) {
                        self.mono_expr(p, w, e);
                    }
                }
            }
            S::Type(specs) => {
                for t in specs {
                    self.mono_expr(p, w, &t.ty);
                }
            }
            S::Return(es) => {
                for e in es {
                    self.mono_expr(p, w, e);
                }
            }
            S::Block(b) => block(self, w, &b.stmts),
            S::If {
                init,
                cond,
                then,
                els,
            } => {
                opt(self, w, init);
                self.mono_expr(p, w, cond);
                block(self, w, &then.stmts);
                opt(self, w, els);
            }
            S::Switch {
                init, tag, cases, ..
            } => {
                opt(self, w, init);
                if let Some(t) = tag {
                    self.mono_expr(p, w, t);
                }
                for c in cases {
                    for e in &c.exprs {
                        self.mono_expr(p, w, e);
                    }
                    block(self, w, &c.body);
                }
            }
            S::TypeSwitch { init, x, cases, .. } => {
                opt(self, w, init);
                self.mono_expr(p, w, x);
                for c in cases {
                    for e in &c.types {
                        self.mono_expr(p, w, e);
                    }
                    block(self, w, &c.body);
                }
            }
            S::Select { cases } => {
                for c in cases {
                    opt(self, w, &c.comm);
                    block(self, w, &c.body);
                }
            }
            S::For {
                init,
                cond,
                post,
                body,
            } => {
                opt(self, w, init);
                if let Some(c) = cond {
                    self.mono_expr(p, w, c);
                }
                opt(self, w, post);
                block(self, w, &body.stmts);
            }
            S::Range {
                key,
                value,
                x,
                body,
                ..
            } => {
                for e in key.iter().chain(value).chain([x]) {
                    self.mono_expr(p, w, e);
                }
                block(self, w, &body.stmts);
            }
            S::Labeled { stmt, .. } => self.mono_stmt(p, w, stmt),
        }
    }

    fn mono_sig(&self, p: usize, w: &mut Walk<'_>, ft: &ast::FuncType) {
        for prm in ft.params.iter().chain(&ft.results) {
            self.mono_expr(p, w, &prm.ty);
        }
    }

    /// Every instantiation in `e` (`G[A, B]` with `G` generic) adds its
    /// edges; then the walk goes on into the parts.
    fn mono_expr(&self, p: usize, w: &mut Walk<'_>, e: &ast::Expr) {
        match &e.kind {
            // The type arguments are instantiated before the instance.
            K::Index(x, i) => {
                self.mono_expr(p, w, x);
                self.mono_expr(p, w, i);
                self.mono_instance(p, w, x, &[&**i]);
            }
            K::IndexList(x, is) => {
                self.mono_expr(p, w, x);
                for i in is {
                    self.mono_expr(p, w, i);
                }
                let args: Vec<&ast::Expr> = is.iter().collect();
                self.mono_instance(p, w, x, &args);
            }
            K::Ident(_)
            | K::IntLit(_)
            | K::FloatLit(_)
            | K::ImagLit(_)
            | K::RuneLit(_)
            | K::StringLit(_) => {}
            K::CompositeLit { ty, elems, .. } => {
                if let Some(t) = ty {
                    self.mono_expr(p, w, t);
                }
                for el in elems {
                    if let Some(k) = &el.key {
                        self.mono_expr(p, w, k);
                    }
                    self.mono_expr(p, w, &el.value);
                }
            }
            K::FuncLit { sig, body } => {
                self.mono_sig(p, w, sig);
                for s in &body.stmts {
                    self.mono_stmt(p, w, s);
                }
            }
            K::Paren(x)
            | K::Selector(x, _)
            | K::Star(x)
            | K::Unary(_, x)
            | K::SliceType(x)
            | K::ChanType(_, x)
            | K::Tilde(x) => self.mono_expr(p, w, x),
            K::Slice { x, lo, hi, max } => {
                self.mono_expr(p, w, x);
                for e in [lo, hi, max].into_iter().flatten() {
                    self.mono_expr(p, w, e);
                }
            }
            K::TypeAssert { x, ty } => {
                self.mono_expr(p, w, x);
                if let Some(t) = ty {
                    self.mono_expr(p, w, t);
                }
            }
            K::Call { func, args, .. } => {
                self.mono_expr(p, w, func);
                for a in args {
                    self.mono_expr(p, w, a);
                }
            }
            K::Binary(_, l, r) | K::MapType(l, r) => {
                self.mono_expr(p, w, l);
                self.mono_expr(p, w, r);
            }
            K::ArrayType { len, elem } => {
                if let Some(l) = len {
                    self.mono_expr(p, w, l);
                }
                self.mono_expr(p, w, elem);
            }
            K::FuncType(ft) => self.mono_sig(p, w, ft),
            K::StructType(fields) => {
                for f in fields {
                    self.mono_expr(p, w, &f.ty);
                }
            }
            K::InterfaceType(elems) => {
                for el in elems {
                    match el {
                        ast::InterfaceElem::Method { sig, .. } => self.mono_sig(p, w, sig),
                        ast::InterfaceElem::Embed(x) => self.mono_expr(p, w, x),
                    }
                }
            }
            K::Union(xs) => {
                for x in xs {
                    self.mono_expr(p, w, x);
                }
            }
            K::Ellipsis(x) => {
                if let Some(x) = x {
                    self.mono_expr(p, w, x);
                }
            }
        }
    }

    /// `G[args]`: for each type parameter of `G`, an edge from every type
    /// parameter its argument names (types2's `recordInstance`/`assign`).
    fn mono_instance(&self, p: usize, w: &mut Walk<'_>, g: &ast::Expr, args: &[&ast::Expr]) {
        let K::Ident(name) = &strip_parens(g).kind else {
            return;
        };
        if w.tparams.contains_key(name.as_str()) {
            return;
        }
        let Some(o) = self.generic_obj(p, name) else {
            return;
        };
        let n = self.tparams_of(o).map_or(0, |t| t.len());
        for (i, arg) in args.iter().enumerate().take(n) {
            let mut named = Vec::new();
            tparam_names(arg, &w.tparams, &mut named);
            let whole = match &strip_parens(arg).kind {
                K::Ident(n) => Some(n.as_str()),
                _ => None,
            };
            for src in named {
                let weight = if whole == Some(src.0) { 0 } else { 1 };
                let s = w.graph.vertex(src.1);
                let d = w.graph.vertex((o, i));
                w.graph.edges.push(Edge {
                    dst: d,
                    src: s,
                    weight,
                    file: w.file,
                    pos: arg.span.lo,
                    typ: super::describe::expr_string(arg),
                });
            }
        }
    }

    /// types2's `reportInstanceLoop`: `instantiation cycle:` at the type
    /// parameter, then `P instantiated as *P` at each type argument.
    fn report_instance_cycle(&mut self, g: &Graph, cycle: &[(usize, usize)]) {
        let (o0, i0) = g.vertices[cycle[0].0];
        let saved = (self.pkg, self.file);
        let mut msg = String::from("instantiation cycle:");
        for &(v, e) in cycle {
            let (o, i) = g.vertices[v];
            let edge = &g.edges[e];
            self.pkg = self.objs[o].pkg;
            self.file = edge.file;
            let at = self.pos_string(edge.pos);
            let name = self
                .tparams_of(o)
                .and_then(|t| t.get(i))
                .map_or(String::new(), |t| t.name.name.clone());
            msg.push_str(&format!("\n\t{at}: {name} instantiated as {}", edge.typ));
            self.gen.cyclic.insert(o);
        }
        self.pkg = self.objs[o0].pkg;
        self.file = self.objs[o0].file;
        let pos = self
            .tparams_of(o0)
            .and_then(|t| t.get(i0))
            .map_or(self.objs[o0].pos, |t| t.name.span.lo);
        self.err(pos, msg);
        self.pkg = saved.0;
        self.file = saved.1;
    }
}

/// The names in `e` that are type parameters in scope, in source order.
fn tparam_names<'n>(
    e: &ast::Expr,
    scope: &FxMap<&'n str, Vertex>,
    out: &mut Vec<(&'n str, Vertex)>,
) {
    match &e.kind {
        K::Ident(n) => {
            if let Some((&k, &v)) = scope.get_key_value(n.as_str()) {
                out.push((k, v));
            }
        }
        K::Paren(x)
        | K::Star(x)
        | K::SliceType(x)
        | K::ChanType(_, x)
        | K::Tilde(x)
        | K::Unary(_, x) => tparam_names(x, scope, out),
        K::Selector(x, _) => tparam_names(x, scope, out),
        K::Index(x, i) => {
            tparam_names(x, scope, out);
            tparam_names(i, scope, out);
        }
        K::IndexList(x, is) => {
            tparam_names(x, scope, out);
            for i in is {
                tparam_names(i, scope, out);
            }
        }
        K::MapType(k, v) => {
            tparam_names(k, scope, out);
            tparam_names(v, scope, out);
        }
        K::ArrayType { elem, .. } => tparam_names(elem, scope, out),
        K::FuncType(ft) => {
            for prm in ft.params.iter().chain(&ft.results) {
                tparam_names(&prm.ty, scope, out);
            }
        }
        K::StructType(fields) => {
            for f in fields {
                tparam_names(&f.ty, scope, out);
            }
        }
        K::InterfaceType(elems) => {
            for el in elems {
                match el {
                    ast::InterfaceElem::Method { sig, .. } => {
                        for prm in sig.params.iter().chain(&sig.results) {
                            tparam_names(&prm.ty, scope, out);
                        }
                    }
                    ast::InterfaceElem::Embed(x) => tparam_names(x, scope, out),
                }
            }
        }
        K::Ellipsis(Some(x)) => tparam_names(x, scope, out),
        _ => {}
    }
}

/// types2's `monomorph`: Bellman-Ford for the heaviest paths, stopping
/// when a path has as many edges as there are vertices (so it holds a
/// positive cycle). Returns that cycle as (vertex, the edge into it)
/// pairs, starting at the vertex types2 names.
fn find_positive_cycle(g: &Graph) -> Option<Vec<(usize, usize)>> {
    let n = g.vertices.len();
    let mut weight = vec![0i64; n];
    let mut pre = vec![usize::MAX; n];
    let mut len = vec![0usize; n];
    let mut again = true;
    while again {
        again = false;
        for (i, e) in g.edges.iter().enumerate() {
            let w = weight[e.src] + e.weight;
            if w <= weight[e.dst] {
                continue;
            }
            pre[e.dst] = i;
            len[e.dst] = len[e.src] + 1;
            if len[e.dst] == n {
                return Some(cycle_ending_at(g, &pre, e.dst));
            }
            weight[e.dst] = w;
            again = true;
        }
    }
    None
}

/// types2's `reportInstanceLoop` walk: back along `pre` from `v` until a
/// vertex repeats, keeping only the cycle.
fn cycle_ending_at(g: &Graph, pre: &[usize], mut v: usize) -> Vec<(usize, usize)> {
    let mut stack = Vec::new();
    let mut seen = vec![false; g.vertices.len()];
    while !seen[v] && pre[v] != usize::MAX {
        stack.push(v);
        seen[v] = true;
        v = g.edges[pre[v]].src;
    }
    let start = stack.iter().position(|&x| x == v).unwrap_or(0);
    stack[start..]
        .iter()
        .filter(|&&x| pre[x] != usize::MAX)
        .map(|&x| (x, pre[x]))
        .collect()
}
