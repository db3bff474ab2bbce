//! Robustness: whatever the bytes, lexer + parser return Ok or Err, never
//! panic, overflow the stack or hang. Drives truncations and deterministic
//! mutations of real programs, and pathological nesting.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use minigo_parser::{ast::NodeIds, parse};

/// xorshift64: deterministic and dependency-free.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Parses `src`, turning a panic into a test failure that names the input.
fn survive(src: &str) {
    let mut ids = NodeIds::new();
    let r = catch_unwind(AssertUnwindSafe(|| {
        let _ = minigo_lexer::tokenize(src);
        let _ = parse(src, &mut ids);
    }));
    assert!(r.is_ok(), "panic on input:\n{src:?}");
}

const SNIPPETS: &[&str] = &[
    "package main\n\nimport \"fmt\"\n\ntype Shape interface {\n\tArea() float64\n}\n\ntype Rect struct{ W, H float64 }\n\nfunc (r Rect) Area() float64 { return r.W * r.H }\n\nfunc main() {\n\tshapes := []Shape{Rect{1, 2}, &Rect{W: 3}}\n\tfor i, s := range shapes {\n\t\tswitch v := s.(type) {\n\t\tcase Rect, *Rect:\n\t\t\tfmt.Println(i, v)\n\t\tdefault:\n\t\t}\n\t}\n}\n",
    "package main\n\nconst (\n\tA = iota\n\tB\n)\n\nfunc main() {\n\tch := make(chan int, 1)\n\tdone := make(chan struct{})\n\tgo func() {\n\t\tdefer close(done)\n\t\tfor v := range ch {\n\t\t\t_ = v\n\t\t}\n\t}()\n\tselect {\n\tcase ch <- 1:\n\tcase v, ok := <-ch:\n\t\t_, _ = v, ok\n\tdefault:\n\t}\nouter:\n\tfor i := 0; i < 3; i++ {\n\t\tif x := i * 2; x > 2 {\n\t\t\tbreak outer\n\t\t} else if x == 0 {\n\t\t\tcontinue\n\t\t}\n\t}\n\tm := map[string][]int{\"a\": {1, 2}}\n\ts := m[\"a\"][0:1:2]\n\t_ = s\n\tvar f func(int) (int, error)\n\t_ = f\n\tb := []byte(\"x\\n\\u00e9\")\n\t_ = b\n\tr := '\\''\n\t_ = r\n}\n",
];

fn sources() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf();
    let mut dirs: Vec<PathBuf> = vec![root.join("testdata"), root.join("vm/src/std")];
    for shared in [root.join("shared"), root.join("../shared")] {
        dirs.push(shared.join("bench"));
    }
    let mut out: Vec<String> = SNIPPETS.iter().map(|s| s.to_string()).collect();
    let mut files = Vec::new();
    for d in dirs {
        collect(&d, &mut files);
    }
    files.sort();
    // An even sample of at most MAX_FILES keeps the debug-build runtime
    // low as testdata/ grows, while still touching every corpus.
    const MAX_FILES: usize = 40;
    let step = files.len().div_ceil(MAX_FILES).max(1);
    for f in files.iter().step_by(step) {
        if let Ok(s) = std::fs::read_to_string(f) {
            out.push(s);
        }
    }
    out
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for p in rd.flatten().map(|e| e.path()) {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "go") {
            out.push(p);
        }
    }
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[test]
fn every_prefix_truncation() {
    for src in sources() {
        let n = src.len();
        let cuts = 300.min(n);
        for k in 0..=cuts {
            survive(&src[..floor_boundary(&src, k * n / cuts.max(1))]);
        }
    }
}

/// Fragments that tend to push the parser into unusual states.
const INSERTS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    ";",
    "\n",
    ",",
    ":",
    ":=",
    "=",
    "...",
    ".",
    "<-",
    "*",
    "&",
    "func",
    "chan",
    "map",
    "struct",
    "interface",
    "type",
    "case",
    "default",
    "range",
    "if",
    "else",
    "for",
    "switch",
    "select",
    "go",
    "return",
    "var",
    "const",
    "import",
    "\"",
    "'",
    "`",
    "/*",
    "//",
    "0x",
    "1e",
    "_",
    "é",
    "\\",
    "@",
    "#",
    "~",
    "\r",
];

#[test]
fn deterministic_mutations() {
    let srcs = sources();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for round in 0..4000 {
        let base = &srcs[round % srcs.len()];
        let mut b = base.as_bytes().to_vec();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(b.len() + 1);
            match rng.below(4) {
                0 => {
                    let end = (at + 1 + rng.below(8)).min(b.len());
                    b.drain(at..end);
                }
                1 => {
                    let ins = INSERTS[rng.below(INSERTS.len())].as_bytes();
                    b.splice(at..at, ins.iter().copied());
                }
                2 => {
                    if at < b.len() {
                        b[at] = (rng.next() & 0x7F) as u8;
                    }
                }
                _ => {
                    let end = (at + rng.below(40)).min(b.len());
                    let chunk = b[at..end].to_vec();
                    b.splice(at..at, chunk);
                }
            }
        }
        survive(&String::from_utf8_lossy(&b));
    }
}

#[test]
fn pathological_nesting() {
    let n = 100_000;
    let cases = [
        format!("package p\nvar x = {}", "(".repeat(n)),
        format!("package p\nfunc f() {}", "{".repeat(n)),
        format!("package p\nvar x = {}", "[".repeat(n)),
        format!("package p\nvar x = {}x", "!".repeat(n)),
        format!("package p\nvar x = {}x", "-".repeat(n)),
        format!("package p\nvar x = {}x", "<-".repeat(n)),
        format!("package p\nvar x = {}p", "*".repeat(n)),
        format!("package p\nvar x = {}x", "x.".repeat(n)),
        format!("package p\nvar x = x{}", "[0]".repeat(n)),
        format!("package p\nvar x = f{}", "()".repeat(n)),
        format!("package p\nvar x = 1{}", " + 1".repeat(n)),
        format!("package p\nvar x {}int", "[]".repeat(n)),
        format!("package p\nvar x {}int", "chan ".repeat(n)),
        format!("package p\nvar x {}", "func() ".repeat(n)),
        format!("package p\nvar x = {}", "func() { ".repeat(n)),
        format!(
            "package p\nfunc f() {{ if x {{}}{} }}",
            " else if x {}".repeat(n)
        ),
        format!("package p\nfunc f(a, b {}int)", "[]".repeat(n)),
        format!("package p\nconst (\n\ta = {}1\n\tb\n)", "-".repeat(n)),
    ];
    // Chains this long are legal (gc accepts them) and build deep trees:
    // run on the stack the driver gives the front end.
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            for src in &cases {
                survive(src);
            }
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn deepest_accepted_trees_walk_on_the_front_end_stack() {
    // Just under the guard's limits: these parse, and then the trees are
    // cloned (renumbering) and dropped on a thread with the stack the
    // driver gives the front end (`minigo_vm::driver::FRONT_END_STACK`).
    let depth = minigo_lexer::MAX_NESTING - 10;
    let chain = minigo_lexer::MAX_CHAIN - 20;
    let cases = vec![
        format!(
            "package p\nvar x = {}1{}",
            "(".repeat(depth),
            ")".repeat(depth)
        ),
        format!("package p\nvar x = {}x", "!".repeat(chain)),
        format!("package p\nvar x = 1{}", "+1".repeat(chain / 2)),
        format!("package p\nfunc f(a, b {}int)", "*".repeat(chain)),
        format!("package p\nconst (\n\ta = {}1\n\tb\n)", "^".repeat(chain)),
    ];
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            for src in cases {
                let mut ids = NodeIds::new();
                let f = parse(&src, &mut ids).unwrap_or_else(|d| panic!("{d:?}"));
                let f2 = f.clone();
                assert_eq!(f, f2);
            }
        })
        .unwrap()
        .join()
        .unwrap();
}
