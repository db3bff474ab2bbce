//! The syntax tree of a minigo source file.
//!
//! Owns: the shape of a parsed Go file, with byte spans. Types are written as
//! expressions (`ExprKind::ArrayType`, `Star`, ...), as in go/ast, because Go's
//! syntax cannot tell `T(x)` (conversion) from `f(x)` (call) or `*T` (pointer
//! type) from `*p` (dereference) without knowing what the names mean; the
//! checker decides.
//!
//! Invariants:
//! - every `Expr`, `Ident` and clause carries a `NodeId` unique within the
//!   whole program (see [`NodeIds`]); the checker keys its side tables by it,
//!   so a subtree that the parser duplicates (grouped parameters, implicit
//!   repetition of a const spec) is renumbered, never shared;
//! - spans are byte offsets into the source, `lo <= hi`.

/// Byte offsets `[lo, hi)` into the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub lo: u32,
    pub hi: u32,
}

impl Span {
    pub fn new(lo: usize, hi: usize) -> Span {
        Span {
            lo: lo as u32,
            hi: hi as u32,
        }
    }
    pub fn to(self, other: Span) -> Span {
        Span {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }
}

/// Identifies a node across all files of a program (see module docs).
pub type NodeId = u32;

/// Hands out fresh node ids; one per program so ids never collide across
/// files (the stdlib prelude and the user's file are parsed with the same one).
#[derive(Clone, Debug, Default)]
pub struct NodeIds {
    next: NodeId,
}

impl NodeIds {
    pub fn new() -> Self {
        NodeIds { next: 1 }
    }
    /// Ids from `first` on: the checker numbers instance copies of generic
    /// declarations from a range no parsed file reaches.
    pub fn starting_at(first: NodeId) -> Self {
        NodeIds { next: first }
    }
    /// How many ids were handed out (the next is `used() + 1` for ids
    /// from [`NodeIds::new`]).
    pub fn used(&self) -> u32 {
        self.next - 1
    }
    /// Hands out the next `n` ids at once (to a file numbered apart, see
    /// `offset_ids`); returns the offset that moves ids `1..=n` there.
    pub fn take(&mut self, n: u32) -> NodeId {
        let delta = self.next - 1;
        self.next += n;
        delta
    }
    pub fn fresh(&mut self) -> NodeId {
        let id = self.next;
        self.next += 1;
        id
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub id: NodeId,
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct File {
    pub package: Ident,
    pub imports: Vec<Import>,
    pub decls: Vec<Decl>,
    /// Where each malformed literal starts (sorted): the lexer reported
    /// it, so the checker takes it as invalid without a word (see
    /// `crate::parse_all`).
    pub bad_literals: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Import {
    /// `import f "fmt"`, `import _ "x"`, `import . "x"`: the explicit name.
    pub name: Option<Ident>,
    /// The decoded path, e.g. `fmt` or `unicode/utf8`.
    pub path: String,
    pub span: Span,
}

// A file holds few decls, so boxing FuncDecl would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Decl {
    Func(FuncDecl),
    Var(Vec<VarSpec>),
    Const(Vec<ConstSpec>),
    Type(Vec<TypeSpec>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct FuncDecl {
    /// Type parameters of a generic function (`func F[T any]`), grouped
    /// names expanded; empty for an ordinary function.
    pub tparams: Vec<TypeParam>,
    /// The receiver of a method (`func (p *Point) Move()`); its `ty` is the
    /// receiver type expression (`T` or `*T`).
    pub recv: Option<Param>,
    pub name: Ident,
    pub sig: FuncType,
    /// `None` for a body-less declaration (only the stdlib prelude has them:
    /// they are implemented natively).
    pub body: Option<Block>,
    pub span: Span,
}

/// One parameter or result. Grouped names (`a, b int`) are expanded into one
/// `Param` each, with renumbered copies of the type expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: Option<Ident>,
    pub ty: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FuncType {
    pub params: Vec<Param>,
    pub results: Vec<Param>,
    /// The last parameter was written `...T`; its `ty` is `T` (the element).
    pub variadic: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct VarSpec {
    pub names: Vec<Ident>,
    pub ty: Option<Expr>,
    pub values: Vec<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ConstSpec {
    pub names: Vec<Ident>,
    pub ty: Option<Expr>,
    /// Never empty after parsing: a spec that omits its expressions gets
    /// renumbered copies of the previous spec's type and values.
    pub values: Vec<Expr>,
    /// The value of `iota` in this spec (its index in the group).
    pub iota: u32,
    /// The values were copied from an earlier spec (for error positions).
    pub implicit: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TypeSpec {
    pub name: Ident,
    /// Type parameters of a generic type (`type List[T any] ...`).
    pub tparams: Vec<TypeParam>,
    pub ty: Expr,
    /// `type A = B`
    pub alias: bool,
    pub span: Span,
}

/// One type parameter and its constraint (a type expression: an interface,
/// a type name, a `~T` term or a `Union`).
#[derive(Clone, Debug, PartialEq)]
pub struct TypeParam {
    pub name: Ident,
    pub constraint: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub id: NodeId,
    pub span: Span,
    pub kind: ExprKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChanDir {
    Both,
    /// `chan<- T`
    Send,
    /// `<-chan T`
    Recv,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Ident(String),
    /// Integer literal as written (`0x1F`, `1_000`, `017`, `0o17`, `0b1`).
    IntLit(String),
    /// Float literal as written (`1.5`, `1e9`, `.5`, `0x1p-2`).
    FloatLit(String),
    /// Imaginary literals are lexed but not supported by minigo; kept so the
    /// checker can report them with a position.
    ImagLit(String),
    /// Rune literal, decoded to its code point.
    RuneLit(u32),
    /// String literal (interpreted or raw), decoded to its bytes.
    StringLit(Vec<u8>),
    /// `T{...}`; `ty` is `None` for an elided type inside another literal
    /// (`[]Point{{1, 2}}`).
    CompositeLit {
        ty: Option<Box<Expr>>,
        elems: Vec<KeyedElement>,
        /// span of the closing brace
        rbrace: Span,
    },
    /// The signature is boxed to keep `Expr` small: the parser moves
    /// every expression through its stack many times (see `grammar`).
    FuncLit {
        sig: Box<FuncType>,
        body: Block,
    },
    Paren(Box<Expr>),
    Selector(Box<Expr>, Ident),
    Index(Box<Expr>, Box<Expr>),
    /// `x[A, B]`: an instantiation with several type arguments (one
    /// argument is an `Index`; the checker tells indexing from
    /// instantiation by what `x` denotes).
    IndexList(Box<Expr>, Vec<Expr>),
    Slice {
        x: Box<Expr>,
        lo: Option<Box<Expr>>,
        hi: Option<Box<Expr>>,
        max: Option<Box<Expr>>,
    },
    /// `x.(T)`; `ty` is `None` for `x.(type)` (only valid as a type switch guard).
    TypeAssert {
        x: Box<Expr>,
        ty: Option<Box<Expr>>,
    },
    Call {
        func: Box<Expr>,
        args: Vec<Expr>,
        /// `f(xs...)`
        ellipsis: bool,
    },
    /// `*x`: a dereference or a pointer type.
    Star(Box<Expr>),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),

    // Type expressions.
    /// `[N]T`; `len` is `None` for `[...]T` (only in composite literals).
    ArrayType {
        len: Option<Box<Expr>>,
        elem: Box<Expr>,
    },
    SliceType(Box<Expr>),
    MapType(Box<Expr>, Box<Expr>),
    ChanType(ChanDir, Box<Expr>),
    FuncType(Box<FuncType>),
    StructType(Vec<FieldDecl>),
    InterfaceType(Vec<InterfaceElem>),
    /// `~T` in a constraint.
    Tilde(Box<Expr>),
    /// `A | ~B | C` in a constraint (two or more terms).
    Union(Vec<Expr>),
    /// `...T` seen where a type is expected outside a parameter list; the
    /// checker reports it.
    Ellipsis(Option<Box<Expr>>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct KeyedElement {
    /// `key: value`. For struct literals the key is an `Ident` expression
    /// naming the field; for maps/arrays/slices an expression (or an elided
    /// composite literal for map keys).
    pub key: Option<Expr>,
    pub value: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FieldDecl {
    /// Empty for an embedded field (`T` or `*T`).
    pub names: Vec<Ident>,
    pub ty: Expr,
    pub tag: Option<Vec<u8>>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum InterfaceElem {
    Method { name: Ident, sig: FuncType },
    Embed(Expr),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// `+x`
    Pos,
    /// `-x`
    Neg,
    /// `!x`
    Not,
    /// `^x`
    BitNot,
    /// `&x`
    Addr,
    /// `<-x`
    Recv,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    AndNot,
    LAnd,
    LOr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl BinOp {
    /// Go's spelling, for messages.
    pub fn as_str(self) -> &'static str {
        use BinOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Rem => "%",
            And => "&",
            Or => "|",
            Xor => "^",
            Shl => "<<",
            Shr => ">>",
            AndNot => "&^",
            LAnd => "&&",
            LOr => "||",
            Eq => "==",
            Ne => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    /// From `{` to `}` inclusive; `hi - 1` is the closing brace (gc reports
    /// `missing return` there).
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub span: Span,
    pub kind: StmtKind,
}

/// `=`, `:=` or an operator assignment `op=`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssignOp {
    Assign,
    Define,
    Op(BinOp),
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    Empty,
    Expr(Expr),
    Send {
        ch: Expr,
        value: Expr,
    },
    IncDec {
        x: Expr,
        inc: bool,
    },
    /// For `Define` every lhs is an `Ident` expression (the parser reports
    /// `non-name ... on left side of :=` otherwise).
    Assign {
        lhs: Vec<Expr>,
        op: AssignOp,
        rhs: Vec<Expr>,
    },
    Var(Vec<VarSpec>),
    Const(Vec<ConstSpec>),
    Type(Vec<TypeSpec>),
    Go(Expr),
    Defer(Expr),
    Return(Vec<Expr>),
    Break(Option<Ident>),
    Continue(Option<Ident>),
    Goto(Ident),
    Fallthrough,
    Block(Block),
    If {
        init: Option<Box<Stmt>>,
        cond: Expr,
        then: Block,
        /// An `If` statement or a `Block` statement.
        els: Option<Box<Stmt>>,
    },
    Switch {
        init: Option<Box<Stmt>>,
        tag: Option<Expr>,
        cases: Vec<CaseClause>,
        /// span of the closing brace
        rbrace: Span,
    },
    /// `switch [init;] [bind :=] x.(type) { ... }`
    TypeSwitch {
        init: Option<Box<Stmt>>,
        bind: Option<Ident>,
        /// The operand `x` of `x.(type)`.
        x: Expr,
        cases: Vec<TypeCaseClause>,
        rbrace: Span,
    },
    Select {
        cases: Vec<CommClause>,
    },
    For {
        init: Option<Box<Stmt>>,
        cond: Option<Expr>,
        post: Option<Box<Stmt>>,
        body: Block,
    },
    /// `for [k [, v] (=|:=)] range x { ... }`
    Range {
        key: Option<Expr>,
        value: Option<Expr>,
        define: bool,
        x: Expr,
        body: Block,
    },
    Labeled {
        label: Ident,
        stmt: Box<Stmt>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct CaseClause {
    /// Empty for `default`.
    pub exprs: Vec<Expr>,
    pub is_default: bool,
    pub body: Vec<Stmt>,
    /// From `case`/`default` to the colon.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TypeCaseClause {
    /// Keys the implicit variable of `switch v := x.(type)` for this clause.
    pub id: NodeId,
    /// Type expressions; `nil` appears as an `Ident("nil")` expression.
    pub types: Vec<Expr>,
    pub is_default: bool,
    pub body: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CommClause {
    /// `None` for `default`; otherwise a `Send` statement, an `Expr`
    /// statement whose expression is a receive, or an `Assign` (`=` or `:=`)
    /// with one receive expression on the right.
    pub comm: Option<Box<Stmt>>,
    pub body: Vec<Stmt>,
    pub span: Span,
}
