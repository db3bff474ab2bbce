//! Checker tests: well-typed programs (with spot checks of the recorded
//! Info) and gc's exact wording/position for each error we implement.

use crate::check::check;
use crate::info::{ConstValue, Info, Obj, SelKind};
use crate::program::load;
use crate::types::TypeTable;

fn check_src(src: &str) -> Result<Info, Vec<String>> {
    let prog = load("prog.go", src.as_bytes())
        .map_err(|d| d.iter().map(|d| d.to_string()).collect::<Vec<_>>())?;
    check(&prog).map_err(|d| d.iter().map(|d| d.to_string()).collect())
}

fn ok(src: &str) -> Info {
    match check_src(src) {
        Ok(i) => i,
        Err(e) => panic!("unexpected errors:\n{}", e.join("\n")),
    }
}

/// The first error line (gc's first line of the first diagnostic).
fn first_err(src: &str) -> String {
    match check_src(src) {
        Ok(_) => panic!("expected an error"),
        Err(e) => e[0].lines().next().unwrap_or("").to_string(),
    }
}

#[test]
fn std_packages_check() {
    // Internal packages are checked through the packages importing them.
    let paths = crate::stdlib::PACKAGES.iter().map(|p| p.path);
    for p in paths.filter(|p| !p.starts_with("internal/")) {
        let src = format!("package main\n\nimport _ \"{p}\"\n\nfunc main() {{}}\n");
        ok(&src);
    }
}

#[test]
fn hello() {
    let info = ok(
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hi\", 1, 2.5, nil)\n}\n",
    );
    assert!(info.main.is_some());
    for e in info.exprs.values() {
        assert!(!matches!(info.types.get(e.ty), crate::types::Type::Basic(k) if k.is_untyped()));
    }
}

fn go_files(dir: &str) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "go"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Benchmarks in shared/ for packages an open issue is still building,
/// with the error each must give until then (none since net/http landed).
/// An entry that starts to check is a failure too: remove it.
const PENDING_BENCH: [(&str, &str); 0] = [];

/// The benchmarks in shared/ check. (testdata/run's programs are checked,
/// compiled and verified by every `minigo run` of vm/tests/golden.rs, so
/// doing it here again cost the suite about a minute for nothing.)
#[test]
fn corpus_programs_check() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut failures = Vec::new();
    // shared/ sits beside the checkout (an absent directory is skipped).
    for dir in [format!("{root}/../shared/bench")] {
        for f in go_files(&dir) {
            let Ok(src) = std::fs::read(&f) else { continue };
            // The full path: `//go:embed` patterns are matched beside it.
            let name = f.to_string_lossy().into_owned();
            let r = load(&name, &src).and_then(|p| check(&p));
            let base = f.file_name().map(|n| n.to_string_lossy().into_owned());
            let pending = PENDING_BENCH
                .iter()
                .find(|(n, _)| dir.ends_with("/bench") && base.as_deref() == Some(*n));
            match (r, pending) {
                (Err(d), Some((_, why))) if d[0].to_string().contains(why) => {}
                (Err(d), _) => failures.push(format!("{}: {}", f.display(), d[0])),
                (Ok(_), Some(_)) => failures.push(format!(
                    "{}: checks now; remove it from PENDING_BENCH",
                    f.display()
                )),
                (Ok(_), None) => {}
            }
        }
    }
    assert!(
        failures.is_empty(),
        "programs that should check:\n{}",
        failures.join("\n")
    );
}

/// Every testdata/errors program yields the first line its snapshot
/// expects (when the snapshot exists).
#[test]
fn error_corpus_first_lines() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut failures = Vec::new();
    for f in go_files(&format!("{root}/testdata/errors")) {
        let name = f
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_string();
        let snap = format!("{root}/vm/tests/snapshots/golden__errors@{name}.snap");
        let Ok(snap) = std::fs::read_to_string(&snap) else {
            continue;
        };
        let Some(want) = snap
            .split("--- stderr\n")
            .nth(1)
            .and_then(|s| s.lines().next())
        else {
            continue;
        };
        let Ok(src) = std::fs::read(&f) else { continue };
        // A program embedding files is loaded by its full path (its
        // patterns are matched beside it), reported by its name as the
        // snapshot has it.
        let path = if src.windows(8).any(|w| w == b"go:embed") {
            f.to_string_lossy().into_owned()
        } else {
            name.clone()
        };
        let got = match load(&path, &src).and_then(|p| check(&p)) {
            Ok(_) => "(no error)".to_string(),
            Err(d) => {
                let line = d[0].to_string().lines().next().unwrap_or("").to_string();
                let dir = format!(
                    "{}/",
                    path.strip_suffix(name.as_str())
                        .unwrap_or("")
                        .trim_end_matches('/')
                );
                line.strip_prefix(&dir).map(str::to_string).unwrap_or(line)
            }
        };
        if got != want {
            failures.push(format!("{name}:\n  want {want}\n  got  {got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Developer aid: `MINIGO_CHECK_DIR=dir cargo test ... dump_dir -- --ignored
/// --nocapture` prints our diagnostics for every dir/*/prog.go.
#[test]
#[ignore]
fn dump_dir() {
    let Ok(dir) = std::env::var("MINIGO_CHECK_DIR") else {
        return;
    };
    let mut dirs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .collect();
    dirs.sort();
    for d in dirs {
        let Ok(src) = std::fs::read(d.join("prog.go")) else {
            continue;
        };
        println!("== {}", d.file_name().unwrap().to_string_lossy());
        match load("./prog.go", &src).and_then(|p| check(&p)) {
            Ok(_) => println!("OK"),
            Err(ds) => ds.iter().for_each(|d| println!("{d}")),
        }
    }
}

/// gc (Go 1.27) diagnostics for small programs: every error line (first
/// lines of multi-line messages), in order. Expectations were produced by
/// `go build prog.go`.
#[test]
fn gc_error_messages() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "args",
            r#"package main
func f(a, b int) {}
func g() (int, string) { return 1, "" }
func main() {
	f(1)
	f(1, 2, 3)
	f(g())
}
"#,
            &[
                r#"prog.go:5:4: not enough arguments in call to f"#,
                r#"prog.go:6:10: too many arguments in call to f"#,
                r#"prog.go:7:4: cannot use g() (value of type string) as int value in argument to f"#,
            ],
        ),
        (
            "assignna",
            r#"package main
func f() int { return 1 }
func main() {
	f() = 2
	"a"[0] = 1
	var m map[string]struct{x int}
	m["a"].x = 1
	const k = 1
	k = 2
}
"#,
            &[
                r#"prog.go:4:2: cannot assign to f() (neither addressable nor a map index expression)"#,
                r#"prog.go:5:2: cannot assign to "a"[0] (neither addressable nor a map index expression)"#,
                r#"prog.go:7:2: cannot assign to struct field m["a"].x in map"#,
                r#"prog.go:9:2: cannot assign to k (neither addressable nor a map index expression)"#,
            ],
        ),
        (
            "breakout",
            r#"package main
func main() {
	break
	continue
	if true { fallthrough }
}
"#,
            &[
                r#"prog.go:3:2: break is not in a loop, switch, or select"#,
                r#"prog.go:4:2: continue is not in a loop"#,
                r#"prog.go:5:12: fallthrough statement out of place"#,
            ],
        ),
        (
            "builtins",
            r#"package main
func main() {
	len(1)
	_ = append(1, 2)
	_ = make(int)
	_ = new(int)
	var m map[int]int
	delete(m)
	_ = cap(m)
	copy(1, 2)
}
"#,
            &[
                r#"prog.go:3:6: invalid argument: 1 (untyped int constant) for built-in len"#,
                r#"prog.go:4:13: invalid append: argument must be a slice; have 1 (untyped int constant)"#,
                r#"prog.go:5:11: invalid argument: cannot make int: type must be slice, map, or channel"#,
                r#"prog.go:8:2: invalid operation: not enough arguments for delete(m) (expected 2, found 1)"#,
                r#"prog.go:9:10: invalid argument: m (variable of type map[int]int) for built-in cap"#,
                r#"prog.go:10:7: invalid copy: argument must be a slice; have 1 (untyped int constant)"#,
            ],
        ),
        (
            "callnonfunc",
            r#"package main
func main() {
	x := 1
	x()
}
"#,
            &[
                r#"prog.go:4:2: invalid operation: cannot call x (variable of type int): int is not a function"#,
            ],
        ),
        (
            "describe",
            r#"package main
import "time"
type P struct{ x int }
type M map[string]int
func main() {
	var p P
	var d time.Duration
	var m M
	var s string = p
	var t string = d
	var u string = m
	var w string = nil
	var z int = 'a' + 1.5
	const c = 3
	var q string = c
	var r string = c + 1
	_, _, _, _, _, _, _ = s, t, u, w, z, q, r
}
"#,
            &[
                r#"prog.go:9:17: cannot use p (variable of struct type P) as string value in variable declaration"#,
                r#"prog.go:10:17: cannot use d (variable of int64 type time.Duration) as string value in variable declaration"#,
                r#"prog.go:11:17: cannot use m (variable of map type M) as string value in variable declaration"#,
                r#"prog.go:12:17: cannot use nil as string value in variable declaration"#,
                r#"prog.go:13:14: cannot use 'a' + 1.5 (untyped float constant 98.5) as int value in variable declaration (truncated)"#,
                r#"prog.go:15:17: cannot use c (untyped int constant 3) as string value in variable declaration"#,
                r#"prog.go:16:17: cannot use c + 1 (untyped int constant 4) as string value in variable declaration"#,
            ],
        ),
        (
            "divzero",
            r#"package main
const c = 1 / 0
func main() { x := 1; _ = x / 0; _ = 1.5 / 0 }
"#,
            &[
                r#"prog.go:2:15: invalid operation: division by zero"#,
                r#"prog.go:3:31: invalid operation: division by zero"#,
            ],
        ),
        (
            "invop",
            r#"package main
func main() {
	x := 1
	y := "a"
	_ = x + y
	_ = !x
	_ = -y
	_ = x && x
}
"#,
            &[
                r#"prog.go:5:6: invalid operation: x + y (mismatched types int and string)"#,
                r#"prog.go:6:7: invalid operation: operator ! not defined on x (variable of type int)"#,
                r#"prog.go:7:7: invalid operation: operator - not defined on y (variable of type string)"#,
                r#"prog.go:8:6: invalid operation: operator && not defined on x (variable of type int)"#,
            ],
        ),
        (
            "labels",
            r#"package main
func main() {
L:
	for {
		break M
	}
	for { continue L }
}
"#,
            &[
                r#"prog.go:5:9: break label not defined: M"#,
                r#"prog.go:7:17: invalid continue label L"#,
            ],
        ),
        (
            "mainargs",
            r#"package main
func main(x int) {}
"#,
            &[r#"prog.go:2:6: func main must have no arguments and no return values"#],
        ),
        (
            "misc",
            r#"package main
import "fmt"
func f() (int, int) { return 1, 2 }
func main() {
	a, b := 1
	var c, d int = f(), 1
	x := nil
	var e = nil
	fmt.foo()
	fmt.println()
	for i := range 10 { _ = i }
	if 1 { }
	var m map[[]int]int
	_, _, _, _, _, _ = a, b, c, d, e, m
	_ = x
}
"#,
            &[
                r#"prog.go:5:10: assignment mismatch: 2 variables but 1 value"#,
                r#"prog.go:6:17: multiple-value f() (value of type (int, int)) in single-value context"#,
                r#"prog.go:7:7: use of untyped nil in assignment"#,
                r#"prog.go:8:10: use of untyped nil in variable declaration"#,
                r#"prog.go:9:6: undefined: fmt.foo"#,
                r#"prog.go:10:6: undefined: fmt.println (but have Println)"#,
                r#"prog.go:12:5: non-boolean condition in if statement"#,
                r#"prog.go:13:12: invalid map key type []int"#,
            ],
        ),
        (
            "misc2",
            r#"package main
type T struct{ A }
type A struct{ x int }
type B struct{ x int }
type C struct{ A; B }
func main() {
	var c C
	_ = c.x
	var i interface{ M() }
	_ = i.M
	L:
	for {}
}
"#,
            &[
                r#"prog.go:8:8: ambiguous selector c.x"#,
                r#"prog.go:11:2: label L defined and not used"#,
            ],
        ),
        (
            "misc3",
            r#"package main
func g() {}
func main() {
	x := g()
	var y int = "a" + 1
	_, _ = x, y
	go 1
	defer g
	var s []int
	s.x = 1
	_ = s[1.5]
	var arr [3]int
	_ = arr[5]
	_ = s[-1]
}
"#,
            &[
                r#"prog.go:4:7: g() (no value) used as value"#,
                r#"prog.go:5:14: invalid operation: "a" + 1 (mismatched types untyped string and untyped int)"#,
                r#"prog.go:7:5: expression in go must be function call"#,
                r#"prog.go:8:8: expression in defer must be function call"#,
                r#"prog.go:10:4: s.x undefined (type []int has no field or method x)"#,
                r#"prog.go:11:8: 1.5 (untyped float constant) truncated to int"#,
                r#"prog.go:13:10: invalid argument: index 5 out of bounds [0:3]"#,
                r#"prog.go:14:8: invalid argument: index -1 (constant of type int) must not be negative"#,
            ],
        ),
        (
            "mismatch",
            r#"package main
func main() {
	var a int = 1
	var b int64 = 2
	_ = a == b
	_ = a + 1.5
	var s []int
	_ = s == s
	var f float64 = "x"
	_ = f
}
"#,
            &[
                r#"prog.go:5:11: invalid operation: a == b (mismatched types int and int64)"#,
                r#"prog.go:6:10: 1.5 (untyped float constant) truncated to int"#,
                r#"prog.go:8:6: invalid operation: s == s (slice can only be compared to nil)"#,
                r#"prog.go:9:18: cannot use "x" (untyped string constant) as float64 value in variable declaration"#,
            ],
        ),
        (
            "missingret",
            r#"package main
func f(x int) int {
	if x > 0 { return 1 }
}
func main() {}
"#,
            &[r#"prog.go:4:1: missing return"#],
        ),
        (
            "newvars",
            r#"package main
func main() {
	a := 1
	a := 2
	_ = a
}
"#,
            &[r#"prog.go:4:4: no new variables on left side of :="#],
        ),
        (
            "nomain",
            r#"package main
func f() {}
"#,
            &[r#"runtime.main_main·f: function main is undeclared in the main package"#],
        ),
        (
            "notused",
            r#"package main
func f() int { return 1 }
func main() {
	x := 1
	x
	1
	x + 1
	f
	"s"
	len("a")
}
"#,
            &[
                r#"prog.go:5:2: x (variable of type int) is not used"#,
                r#"prog.go:6:2: 1 (untyped int constant) is not used"#,
                r#"prog.go:7:2: x + 1 (value of type int) is not used"#,
                r#"prog.go:8:2: f (value of type func() int) is not used"#,
                r#"prog.go:9:2: "s" (untyped string constant) is not used"#,
                r#"prog.go:10:2: len("a") (constant 1 of type int) is not used"#,
            ],
        ),
        (
            "overflow",
            r#"package main
func main() {
	var x int8 = 300
	var y int8
	y = 300
	_, _ = x, y
	f(300)
}
func f(a int8) {}
"#,
            &[
                r#"prog.go:3:15: cannot use 300 (untyped int constant) as int8 value in variable declaration (overflows)"#,
                r#"prog.go:5:6: cannot use 300 (untyped int constant) as int8 value in assignment (overflows)"#,
                r#"prog.go:7:4: cannot use 300 (untyped int constant) as int8 value in argument to f (overflows)"#,
            ],
        ),
        (
            "ovf2",
            r#"package main
func main() {
	const x int8 = 100
	_ = x * 2
	var a int8
	_ = a + 300
	_ = int(1.5)
	var s string
	_ = int(s)
	_ = 1 << 1000
	var u uint = -1
	_ = u
}
"#,
            &[
                r#"prog.go:4:6: x * 2 (constant 200 of type int8) overflows int8"#,
                r#"prog.go:6:10: 300 (untyped int constant) overflows int8"#,
                r#"prog.go:7:10: cannot convert 1.5 (untyped float constant) to type int"#,
                r#"prog.go:9:10: cannot convert s (variable of type string) to type int"#,
                r#"prog.go:10:8: constant shift overflow"#,
                r#"prog.go:11:15: cannot use -1 (untyped int constant) as uint value in variable declaration (overflows)"#,
            ],
        ),
        (
            "ptrrecv",
            r#"package main
type I interface{ M() }
type T struct{}
func (t *T) M() {}
type U struct{}
func main() {
	var i I = T{}
	var j I = U{}
	_, _ = i, j
}
"#,
            &[
                r#"prog.go:7:12: cannot use T{} (value of struct type T) as I value in variable declaration: T does not implement I (method M has pointer receiver)"#,
                r#"prog.go:8:12: cannot use U{} (value of struct type U) as I value in variable declaration: U does not implement I (missing method M)"#,
            ],
        ),
        (
            "recursive",
            r#"package main
type T struct{ a T }
type A B
type B A
type L [2]L
func main() {}
"#,
            &[
                r#"prog.go:2:6: invalid recursive type: T refers to itself"#,
                r#"prog.go:3:6: invalid recursive type A"#,
                r#"prog.go:5:6: invalid recursive type: L refers to itself"#,
            ],
        ),
        (
            "generic_alias",
            r#"package main
type A[T any] = T
type B[T any] = []T
func (b B[T]) M() {}
type C[T any] = *struct{ next C[T] }
type D[T any] = E[T]
type E[T any] = map[int]D[T]
var x E[int]
var y B
func main() {}
"#,
            &[
                r#"prog.go:2:17: cannot use type parameter declared in alias declaration as RHS"#,
                r#"prog.go:4:9: cannot define new methods on generic alias type B[T any]"#,
                r#"prog.go:5:6: invalid recursive type: C refers to itself"#,
                r#"prog.go:6:6: invalid recursive type D"#,
                r#"prog.go:9:7: cannot use generic type B[T any] without instantiation"#,
            ],
        ),
        (
            "sendrecv",
            r#"package main
func main() {
	var c <-chan int
	c <- 1
	var d chan<- int
	<-d
	x := <-d
	_ = x
}
"#,
            &[
                r#"prog.go:4:2: invalid operation: cannot send to receive-only channel <-chan int c (variable of type <-chan int)"#,
                r#"prog.go:6:4: invalid operation: cannot receive from send-only channel chan<- int d (variable of type chan<- int)"#,
                r#"prog.go:7:9: invalid operation: cannot receive from send-only channel chan<- int d (variable of type chan<- int)"#,
            ],
        ),
        (
            "tassert",
            r#"package main
type I interface{ M() }
type T struct{}
func (t *T) M() {}
func main() {
	x := 1
	_ = x.(int)
	var i I
	_ = i.(T)
	_ = i.(string)
}
"#,
            &[
                r#"prog.go:7:6: invalid operation: x (variable of type int) is not an interface"#,
                r#"prog.go:9:6: impossible type assertion: i.(T)"#,
                r#"prog.go:10:6: impossible type assertion: i.(string)"#,
            ],
        ),
        (
            "toomanyret",
            r#"package main
func f() int { return 1, 2 }
func g() (int, int) { return 1 }
func h() { return 1 }
func k() int { return }
func main() {}
"#,
            &[
                r#"prog.go:2:26: too many return values"#,
                r#"prog.go:3:30: not enough return values"#,
                r#"prog.go:4:19: too many return values"#,
                r#"prog.go:5:16: not enough return values"#,
            ],
        ),
        (
            "typeswitch",
            r#"package main
func main() {
	var x any
	switch v := x.(type) {
	case int:
	}
}
"#,
            &[r#"prog.go:4:9: v declared and not used"#],
        ),
        (
            "undef",
            r#"package main
type T struct{ a int }
func main() {
	_ = x
	var t T
	_ = t.foo
	t.bar()
	var p *T
	_ = p.foo
}
"#,
            &[
                r#"prog.go:4:6: undefined: x"#,
                r#"prog.go:6:8: t.foo undefined (type T has no field or method foo)"#,
                r#"prog.go:7:4: t.bar undefined (type T has no field or method bar)"#,
                r#"prog.go:9:8: p.foo undefined (type *T has no field or method foo)"#,
            ],
        ),
        (
            "unused_import",
            r#"package main
import "os"
func main() {}
"#,
            &[r#"prog.go:2:8: "os" imported and not used"#],
        ),
        (
            "unused_var",
            r#"package main
func main() {
	x := 1
	y := 2
	y++
	var z int
	z = 3
}
"#,
            &[
                r#"prog.go:3:2: declared and not used: x"#,
                r#"prog.go:6:6: declared and not used: z"#,
            ],
        ),
        (
            "wrongtype",
            r#"package main
type I interface{ M() string }
type T struct{}
func (t T) M() int { return 0 }
func main() {
	var i I = T{}
	_ = i
}
"#,
            &[
                r#"prog.go:6:12: cannot use T{} (value of struct type T) as I value in variable declaration: T does not implement I (wrong type for method M)"#,
            ],
        ),
        (
            "goto",
            r#"package main
func main() {
	goto A
	x := 1
	_ = x
A:
	goto B
	{
	B:
	}
	if true {
	C:
		goto D
	} else if false {
	D:
	}
	goto C
	goto E
	var y, z int
	_, _ = y, z
	{
		goto E
	}
E:
	for {
		goto E
	}
}
"#,
            &[
                r#"prog.go:3:7: goto A jumps over declaration of x at ./prog.go:4:4"#,
                r#"prog.go:7:7: goto B jumps into block starting at ./prog.go:8:2"#,
                r#"prog.go:13:8: goto D jumps into block starting at ./prog.go:14:18"#,
                r#"prog.go:17:7: goto C jumps into block starting at ./prog.go:11:10"#,
                r#"prog.go:18:7: goto E jumps over declaration of y at ./prog.go:19:6"#,
            ],
        ),
    ];
    let mut failures = Vec::new();
    for (name, src, want) in cases {
        let got: Vec<String> = match check_src(src) {
            Ok(_) => vec![],
            Err(e) => e
                .iter()
                .map(|d| d.lines().next().unwrap_or("").to_string())
                .filter(|l| l != "prog.go:0:0: too many errors")
                .collect(),
        };
        let got: Vec<&str> = got
            .iter()
            .map(|s| s.as_str())
            .filter(|l| !l.ends_with("too many errors"))
            .collect();
        if got != *want {
            failures.push(format!("{name}:\n  want {want:?}\n  got  {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn info_spot_checks() {
    let src = r#"package main

import "fmt"

type Inner struct{ N int }

func (i *Inner) Inc() { i.N++ }

type Outer struct {
	Inner
	name string
}

const Big = 1 << 40

func main() {
	var f float64 = 3
	x := 'a'
	var p *Outer = nil
	o := Outer{Inner{1}, "o"}
	o.Inc()
	fmt.Println(f, x, p, o.N, Big)
}
"#;
    let info = ok(src);
    // Untyped constants carry their context/default types.
    let mut saw_float3 = false;
    let mut saw_rune = false;
    let mut saw_nil = false;
    for e in info.exprs.values() {
        assert!(
            !matches!(info.types.get(e.ty), crate::types::Type::Basic(k) if k.is_untyped()),
            "untyped type left in Info"
        );
        if e.ty == TypeTable::FLOAT64
            && e.value
                == Some(Box::new(ConstValue::Float(
                    num_rational::BigRational::from_integer(3.into()),
                )))
        {
            saw_float3 = true;
        }
        if e.ty == TypeTable::INT32 && e.value == Some(Box::new(ConstValue::Int(97.into()))) {
            saw_rune = true;
        }
    }
    for (id, o) in &info.uses {
        if *o == Obj::Nil {
            let t = info.exprs[id].ty;
            assert_ne!(t, TypeTable::UNTYPED_NIL);
            if info.types.name(t, true) == "*main.Outer" {
                saw_nil = true;
            }
        }
    }
    assert!(saw_float3 && saw_rune && saw_nil);
    // o.N goes through the embedded Inner (field 0), then N (field 0);
    // o.Inc is a promoted pointer method reached through field 0.
    let mut saw_field = false;
    let mut saw_method = false;
    for s in info.selections.values() {
        match &s.kind {
            SelKind::Field if s.path == vec![0, 0] => saw_field = true,
            SelKind::Method { ptr_recv: true, .. } if s.path == vec![0] => saw_method = true,
            _ => {}
        }
    }
    assert!(saw_field && saw_method);
    assert_eq!(info.packages.last().map(|p| p.path.as_str()), Some("main"));
}

#[test]
fn init_order_follows_dependencies() {
    let src = "package main\n\nvar a = b + 1\nvar b = f()\nvar c = 1\n\nfunc f() int { return c }\n\nfunc main() { _ = a }\n";
    let info = ok(src);
    let main = info.packages.last().unwrap();
    let order: Vec<usize> = main.var_inits.iter().map(|v| v.decl.decl).collect();
    // c (decl 2), then b (decl 1), then a (decl 0).
    assert_eq!(order, vec![2, 1, 0]);
}

#[test]
fn comma_ok_and_type_switch() {
    let src = r#"package main

func main() {
	var i any = 1
	m := map[string]int{}
	v, ok := m["a"]
	n, ok2 := i.(int)
	switch t := i.(type) {
	case int:
		_ = t + 1
	case string, bool:
		_ = t
	}
	_, _, _, _ = v, ok, n, ok2
}
"#;
    let info = ok(src);
    assert_eq!(info.implicits.len(), 2);
    let tys: Vec<String> = info
        .implicits
        .values()
        .map(|v| info.types.name(info.var(*v).ty, false))
        .collect();
    assert!(tys.contains(&"int".to_string()) && tys.contains(&"interface {}".to_string()));
}

#[test]
fn first_error_only() {
    assert_eq!(
        first_err("package main\n\nfunc main() {\n\tx := 1\n}\n"),
        "prog.go:4:2: declared and not used: x"
    );
}

#[test]
fn hostile_inputs_do_not_panic() {
    for src in [
        "package main\nconst c = 1 << 100000\nfunc main() {}\n",
        "package main\nconst c = 1e100000000\nfunc main() {}\n",
        "package main\ntype T [1 << 62]T\nfunc main() {}\n",
        "package main\ntype A = B\ntype B = A\nfunc main() {}\n",
        "package main\ntype I interface{ I }\nfunc main() {}\n",
        "package main\nvar x = x\nfunc main() {}\n",
        "package main\nconst a = b\nconst b = a\nfunc main() {}\n",
        "package main\nfunc main() { var x [3]int; _ = x[5]; _ = x[1:2:1] }\n",
    ] {
        let _ = check_src(src);
    }
}

#[test]
fn generic_instances_are_cached_per_type_argument_list() {
    let info = ok("package main\n\nfunc Id[T any](x T) T { return x }\n\nfunc main() {\n\t_ = Id(1)\n\t_ = Id(2)\n\t_ = Id[int](3)\n\t_ = Id(\"s\")\n}\n");
    let mut names: Vec<&str> = info
        .funcs
        .iter()
        .filter(|f| f.instance.is_some())
        .map(|f| f.name.as_str())
        .collect();
    names.sort();
    assert_eq!(names, ["Id[int]", "Id[string]"]);
    assert!(info.funcs.iter().any(|f| f.generic && f.name == "Id"));
}

#[test]
fn generic_inference_takes_the_largest_untyped_kind() {
    let info = ok("package main\n\nfunc Pick[T any](a, b T) T { return a }\n\nfunc main() {\n\t_ = Pick(1, 2.5)\n\t_ = Pick('a', 1)\n}\n");
    let insts: Vec<&str> = info
        .funcs
        .iter()
        .filter(|f| f.instance.is_some())
        .map(|f| f.name.as_str())
        .collect();
    assert!(insts.contains(&"Pick[float64]"), "{insts:?}");
    assert!(insts.contains(&"Pick[int32]"), "{insts:?}");
}

#[test]
fn generic_type_instances_print_like_go() {
    let info = ok("package main\n\ntype P struct{}\n\ntype Pair[K comparable, V any] struct {\n\tk K\n\tv V\n}\n\nvar x Pair[string, P]\n\nfunc main() {}\n");
    let named: Vec<String> = (0..info.types.len())
        .filter_map(|i| match info.types.get(crate::types::TypeId(i as u32)) {
            crate::types::Type::Named(n) if n.name.starts_with("Pair[") => Some(n.name.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(named, ["Pair[string,main.P]"]);
}

#[test]
fn generic_errors_use_gc_wording() {
    let pre = "package main\n\ntype Num interface{ ~int | ~float64 }\n\nfunc S[T Num](x T) T { return x }\n\nfunc E[T comparable](a T) {}\n\nfunc main() {\n\t";
    let e = |body: &str| first_err(&format!("{pre}{body}\n}}\n"));
    assert_eq!(
        e("_ = S(\"a\")"),
        "prog.go:10:7: string does not satisfy Num (string missing in ~int | ~float64)"
    );
    assert_eq!(
        e("E([]int{})"),
        "prog.go:10:3: []int does not satisfy comparable"
    );
    assert_eq!(
        e("f := S\n\t_ = f"),
        "prog.go:10:7: cannot use generic function S without instantiation"
    );
    assert_eq!(
        e("_ = S[int, int]"),
        "prog.go:10:13: got 2 type arguments but want 1"
    );
}

/// Whole diagnostics, detail lines included, as `go build` prints them
/// (checked against go1.27; only the file's directory differs).
#[test]
fn cycles_are_reported_with_types2_detail_lines() {
    let cases: &[(&str, &[&str])] = &[
        (
            "package main\n\nvar x = y\nvar y = x\n\nfunc main() {}\n",
            &["prog.go:3:5: initialization cycle for x\n\tprog.go:3:5: x refers to y\n\tprog.go:4:5: y refers to x"],
        ),
        (
            "package main\n\nvar a = f()\n\nfunc f() int { return b }\n\nvar b = a + 1\n\nfunc main() {}\n",
            &["prog.go:3:5: initialization cycle for a\n\tprog.go:3:5: a refers to f\n\tprog.go:5:6: f refers to b\n\tprog.go:7:5: b refers to a"],
        ),
        (
            "package main\n\nvar p = q\nvar q = r\nvar r = p\nvar s = t\nvar t = s\n\nfunc main() {}\n",
            &[
                "prog.go:3:5: initialization cycle for p\n\tprog.go:3:5: p refers to q\n\tprog.go:4:5: q refers to r\n\tprog.go:5:5: r refers to p",
                "prog.go:6:5: initialization cycle for s\n\tprog.go:6:5: s refers to t\n\tprog.go:7:5: t refers to s",
            ],
        ),
        (
            "package main\n\nvar x = x\n\nfunc main() {}\n",
            &["prog.go:3:5: initialization cycle: x refers to itself"],
        ),
        (
            "package main\n\nfunc f[T any]() { f[*T]() }\n\nfunc main() { f[int]() }\n",
            &["prog.go:3:8: instantiation cycle:\n\tprog.go:3:21: T instantiated as *T"],
        ),
        // Reported even when nothing instantiates it.
        (
            "package main\n\ntype T[P any] struct{ next *T[*P] }\n\nfunc main() {}\n",
            &["prog.go:3:8: instantiation cycle:\n\tprog.go:3:31: P instantiated as *P"],
        ),
        (
            "package main\n\nfunc f[T any]() { g[[]T]() }\n\nfunc g[U any]() { f[U]() }\n\nfunc main() { f[int]() }\n",
            &["prog.go:3:8: instantiation cycle:\n\tprog.go:5:21: T instantiated as U\n\tprog.go:3:21: U instantiated as []T"],
        ),
        (
            "package main\n\ntype L[P any] struct{}\n\nfunc (l L[P]) m() { L[[]P]{}.m() }\n\nfunc main() { L[int]{}.m() }\n",
            &["prog.go:3:8: instantiation cycle:\n\tprog.go:5:23: P instantiated as []P"],
        ),
        // Inferred: found while instantiating, without the detail line.
        (
            "package main\n\nfunc f[T any](x T) { f(&x) }\n\nfunc main() { f(1) }\n",
            &["prog.go:3:8: instantiation cycle:"],
        ),
    ];
    for (src, want) in cases {
        match check_src(src) {
            Ok(_) => panic!("no error for\n{src}"),
            Err(got) => assert_eq!(&got, want, "for\n{src}"),
        }
    }
    // A zero-weight cycle (the arguments only swap) is finite: no error.
    ok("package main\n\nfunc f[A, B any](n int) {\n\tif n > 0 {\n\t\tf[B, A](n - 1)\n\t}\n}\n\nfunc main() { f[int, string](2) }\n");
}

/// Sizes gc refuses. The texts are gc's (go1.27), and so is the position
/// of `larger than address space` (the declared name); gc puts `symbol
/// too large` wherever its backend last was (the last statement of the
/// last function compiled), which says nothing of the variable: minigo
/// puts it at the variable's name.
#[test]
fn sizes_gc_refuses() {
    let cases: &[(&str, &str)] = &[
        (
            "package main\n\nvar a [1 << 40]byte\n\nfunc main() { println(len(a)) }\n",
            "prog.go:3:5: main.a: symbol too large (1099511627776 bytes > 2000000000 bytes)",
        ),
        (
            "package main\n\nvar a [1 << 31]byte\n\nfunc main() {}\n",
            "prog.go:3:5: main.a: symbol too large (2147483648 bytes > 2000000000 bytes)",
        ),
        (
            "package main\n\ntype T [1 << 62]int64\n\nfunc main() {}\n",
            "prog.go:3:6: type [4611686018427387904]int64 larger than address space",
        ),
        (
            "package main\n\nvar a [1 << 63]byte\n\nfunc main() {}\n",
            "prog.go:3:8: invalid array length 1 << 63 (untyped int constant 9223372036854775808)",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(first_err(src), *want, "for\n{src}");
    }
    // At the name declared, whatever holds the array.
    let at_name: &[(&str, &str)] = &[
        (
            "package main\n\nvar a, b [1 << 62]int64\n\nfunc main() {}\n",
            "prog.go:3:5: type [4611686018427387904]int64 larger than address space",
        ),
        (
            "package main\n\nvar a struct{ x [1 << 62]int64 }\n\nfunc main() {}\n",
            "prog.go:3:5: type [4611686018427387904]int64 larger than address space",
        ),
        (
            "package main\n\nfunc f(x [1 << 62]int64) {}\n\nfunc main() {}\n",
            "prog.go:3:6: type [4611686018427387904]int64 larger than address space",
        ),
        (
            "package main\n\nfunc main() {\n\tx := [1 << 62]int64{}\n\t_ = x\n}\n",
            "prog.go:4:2: type [4611686018427387904]int64 larger than address space",
        ),
        (
            "package main\n\nfunc main() {\n\tvar p *[1 << 62]int64\n\t_ = p\n}\n",
            "prog.go:4:6: type [4611686018427387904]int64 larger than address space",
        ),
        (
            "package main\n\nfunc main() {\n\ttype T [1 << 62]int64\n\tvar t T\n\t_ = t\n}\n",
            "prog.go:4:7: type [4611686018427387904]int64 larger than address space",
        ),
    ];
    for (src, want) in at_name {
        assert_eq!(first_err(src), *want, "for\n{src}");
    }
    // Big, but under gc's limits: a local array is the runtime's matter.
    ok("package main\n\nvar a [1 << 30]byte\n\nfunc main() {\n\tvar b [1 << 40]byte\n\t_ = b\n\t_ = a\n}\n");
}

/// A local constant whose value is in error is reported once: its uses
/// are invalid operands, not a type (gc says nothing more about them).
#[test]
fn failed_local_const_has_no_follow_on_errors() {
    let errs = check_src(
        "package main\n\nfunc main() {\n\tconst c = 10 / 0\n\tconst e = \"a\" + 1\n\tprintln(c, e+1)\n}\n",
    )
    .unwrap_err();
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(
        errs[0].ends_with("invalid operation: division by zero"),
        "{errs:?}"
    );
    assert!(
        errs[1].contains("mismatched types untyped string and untyped int"),
        "{errs:?}"
    );
}

/// Go 1.21 infers a generic function value's type arguments from the
/// function type it is assigned to; each expectation is go1.27's first
/// error (`""` where gc accepts the program).
#[test]
fn generic_function_values_infer_from_the_target() {
    let pre = "package main\n\nimport \"slices\"\n\nfunc Max[T int | float64](a, b T) T { return a }\n\nfunc G[T, U any](x T) U { var u U; return u }\n\nfunc Map[T, U any](s []T, f func(T) U) []U { return nil }\n\nfunc apply(f func(int, int) int) {}\n\nfunc ret() func(int, int) int {\n\treturn Max\n}\n\ntype S struct{ f func(int) int }\n\nvar _ = slices.Index[[]int, int]\n\nfunc main() {\n\t";
    let e = |body: &str| match check_src(&format!("{pre}{body}\n}}\n")) {
        Ok(_) => String::new(),
        Err(e) => e[0].lines().next().unwrap_or("").to_string(),
    };
    let cases: &[(&str, &str)] = &[
        ("var f func(int) = G[int]\n\t_ = f", "prog.go:22:21: type func(int) of f does not match func(x int) U"),
        ("var f func(int) int = G\n\t_ = f", ""),
        ("var f func(string, string) string = Max\n\t_ = f", "prog.go:22:38: string does not satisfy int | float64 (string missing in int | float64)"),
        ("h := Max\n\t_ = h", "prog.go:22:7: cannot use generic function Max without instantiation"),
        ("var i interface{} = Max\n\t_ = i", "prog.go:22:22: cannot use generic function Max without instantiation"),
        ("var j func(int) int = Max\n\t_ = j", "prog.go:22:24: type func(int) int of j does not match func(a T, b T) T (cannot infer T)"),
        ("var j func(int, string) int = Max\n\t_ = j", "prog.go:22:32: inferred type func(a int, b int) int for func(a T, b T) T does not match type func(int, string) int of j"),
        ("var j func(int) = G\n\t_ = j", "prog.go:22:20: inferred type func(x int) U for func(x T) U does not match type func(int) of j"),
        ("apply(G)", "prog.go:22:8: in call to apply, type func[T, U any](x T) U of G does not match func(int, int) int (cannot infer T and U)"),
        ("apply(func(a, b int) int { return a }); apply(Max[int]); apply((Max))", "prog.go:22:66: cannot use generic function Max without instantiation"),
        ("_ = []func(int) int{Max}", "prog.go:22:22: type func(int) int of array or slice literal does not match func(a T, b T) T (cannot infer T)"),
        ("_ = S{f: Max}", "prog.go:22:11: type func(int) int of struct literal does not match func(a T, b T) T (cannot infer T)"),
        ("_ = map[string]func(int) int{\"a\": Max}", "prog.go:22:36: type func(int) int of map literal does not match func(a T, b T) T (cannot infer T)"),
        ("_ = Map([]int{1}, G)", "prog.go:22:9: in call to Map, cannot infer U (declared at ./prog.go:9:13)"),
        ("_ = Map([]int{1}, (Max))", "prog.go:22:21: cannot use generic function Max without instantiation"),
        ("var f func(int, int) int = (Max)\n\t_ = f", "prog.go:22:30: cannot use generic function Max without instantiation"),
        ("var f func(int, int) float64\n\tf = Max\n\t_ = f", "prog.go:23:6: inferred type func(a int, b int) int for func(a T, b T) T does not match type func(int, int) float64 of f"),
        ("var s []func(int) int\n\ts[0] = Max", "prog.go:23:9: type func(int) int of s[0] does not match func(a T, b T) T (cannot infer T)"),
    ];
    for (body, want) in cases {
        assert_eq!(e(body), *want, "{body}");
    }
}

/// `print(f())`, `copy(f())` and `complex(f())` take a multi-valued call's
/// results as their arguments (go1.27's first errors).
#[test]
fn builtins_spread_a_multi_valued_call() {
    let pre = "package main\n\nfunc three() ([]int, []int, int) { return nil, nil, 0 }\nfunc two() (int, int) { return 1, 2 }\nfunc one() []int { return nil }\nfunc fi() (float64, int) { return 1, 2 }\nfunc ss() ([]int, []string) { return nil, nil }\nfunc ff() (float32, float32) { return 1, 2 }\n\nfunc main() {\n\t";
    let e = |body: &str| match check_src(&format!("{pre}{body}\n}}\n")) {
        Ok(_) => String::new(),
        Err(e) => e[0].lines().next().unwrap_or("").to_string(),
    };
    let cases: &[(&str, &str)] = &[
        ("println(two()); print(two()); var c complex64 = complex(ff()); _ = c", ""),
        ("_ = copy(three())", "prog.go:11:6: invalid operation: too many arguments for copy(three()) (expected 2, found 3)"),
        ("_ = copy(two())", "prog.go:11:11: invalid copy: argument must be a slice; have 1st function result (value of type int)"),
        ("_ = copy(one())", "prog.go:11:6: invalid operation: not enough arguments for copy(one()) (expected 2, found 1)"),
        ("_ = copy(ss())", "prog.go:11:11: invalid copy: arguments 1st function result (value of type []int) and 2nd function result (value of type []string) have different element types int and string"),
        ("_ = complex(fi())", "prog.go:11:14: invalid operation: complex(fi()) (mismatched types float64 and int)"),
        ("_ = complex(two())", "prog.go:11:14: invalid argument: arguments have type int, expected floating-point"),
        ("println(one(), two())", "prog.go:11:17: multiple-value two() (value of type (int, int)) in single-value context"),
    ];
    for (body, want) in cases {
        assert_eq!(e(body), *want, "{body}");
    }
}

/// A type declared in a generic body: `%T` names it with the instance's
/// type arguments (`w[int,string]`), messages with its bare name.
#[test]
fn local_types_of_generic_bodies() {
    let src = "package main\n\nfunc F[K comparable, V any](k K, v V) {\n\ttype w struct{ k K }\n\tvar x int = w{}\n\t_ = x\n}\n\nfunc main() {\n\tF(1, \"a\")\n}\n";
    assert_eq!(
        first_err(src),
        "prog.go:5:14: cannot use w{} (value of struct type w) as int value in variable declaration"
    );
    let info = ok(&src.replace("\tvar x int = w{}\n\t_ = x\n", "\t_ = w{k}\n"));
    let named: Vec<String> = (0..info.types.len())
        .filter_map(|i| match info.types.get(crate::types::TypeId(i as u32)) {
            crate::types::Type::Named(n) if n.name.starts_with("w") => Some(n.name.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(named, ["w[int,string]"]);
}

/// gc's back end refuses struct and array operands of print and println
/// (one error per operand), but only in a package that type-checked.
#[test]
fn print_of_an_aggregate_is_a_backend_error() {
    let src = "package main\n\nimport \"time\"\n\ntype T struct{ a int }\n\nfunc main() {\n\tvar a [2]T\n\tprintln(1, T{1}, a, &a, a[:])\n\tprint(time.Time{}, struct{}{})\n}\n";
    let errs = check_src(src).expect_err("println of a struct");
    assert_eq!(
        errs,
        [
            "prog.go:9:9: illegal types for operand: println\n\tT",
            "prog.go:9:9: illegal types for operand: println\n\t[2]T",
            "prog.go:10:7: illegal types for operand: print\n\ttime.Time",
            "prog.go:10:7: illegal types for operand: print\n\tstruct {}",
        ]
    );
    // A type error elsewhere: only it is reported.
    let src = src.replace("var a [2]T", "var a [2]T\n\tvar _ string = 1");
    assert_eq!(
        check_src(&src).expect_err("a type error"),
        ["prog.go:9:17: cannot use 1 (untyped int constant) as string value in variable declaration"]
    );
}

/// A constraint declared by naming one (`type C comparable`) is a
/// constraint: fine in a type parameter list, refused as a type.
#[test]
fn constraints_declared_by_name() {
    let src = "package main\n\ntype C comparable\ntype N interface{ ~int }\ntype M N\n\nfunc eq[T C, U M](a, b T, u U) bool { return a == b }\n\nfunc main() {\n\t_ = eq(1, 2, 3)\n\tvar x C\n\t_ = x\n}\n";
    assert_eq!(
        first_err(src),
        "prog.go:11:8: cannot use type C outside a type constraint: interface is (or embeds) comparable"
    );
    let src = src.replace("var x C", "var x M");
    assert_eq!(
        first_err(&src),
        "prog.go:11:8: cannot use type M outside a type constraint: interface contains type constraints"
    );
    ok(&src.replace("\tvar x M\n\t_ = x\n", ""));
}

/// The standard library's bodies are checked only where the program may
/// reach them (`check_with`); the compiler reports a body it needs that
/// was left unchecked, and the build then checks everything.
#[test]
fn lazy_checking_leaves_unreached_standard_library_bodies() {
    let src = "package main\n\nimport \"strings\"\n\nfunc main() {\n\tvar b strings.Builder\n\tb.WriteString(strings.ToUpper(\"a\"))\n\tprintln(b.Len(), strings.HasPrefix(\"ab\", \"a\"))\n}\n";
    let prog = load("prog.go", src.as_bytes()).unwrap();
    let unchecked = |info: &Info, name: &str, method: bool| {
        let f = info
            .funcs
            .iter()
            .position(|f| f.pkg == "strings" && f.name == name && f.recv_named.is_some() == method)
            .unwrap_or_else(|| panic!("strings.{name}"));
        (f, info.funcs[f].unchecked)
    };
    let lazy = crate::check::check_with(&prog, true).unwrap();
    // Called, or a method whose name the program selects: checked.
    assert!(!unchecked(&lazy, "HasPrefix", false).1);
    assert!(!unchecked(&lazy, "WriteString", true).1);
    assert!(!unchecked(&lazy, "Len", true).1);
    // Reached by nothing: left unchecked.
    assert!(unchecked(&lazy, "CutPrefix", false).1);
    assert!(unchecked(&lazy, "WriteRune", true).1);
    let eager = crate::check::check_with(&prog, false).unwrap();
    assert!(eager.funcs.iter().all(|f| !f.unchecked));
    assert!(crate::compile::compile(&prog, &lazy).is_ok());
    // A body the compiler needs, left unchecked: reported, not compiled.
    let mut bad = crate::check::check_with(&prog, true).unwrap();
    let (f, _) = unchecked(&bad, "HasPrefix", false);
    bad.funcs[f].unchecked = true;
    match crate::compile::compile(&prog, &bad) {
        Err(e) => assert!(
            e.is_lazy_miss() && e.msg.ends_with("strings.HasPrefix"),
            "{}",
            e.msg
        ),
        Ok(_) => panic!("compiled a body the checker did not check"),
    }
}
