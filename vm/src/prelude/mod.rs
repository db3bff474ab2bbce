//! The standard library as the checker sees it: Go source for each
//! supported package, embedded in the binary.
//!
//! Owns: which import paths exist and their declarations. A function or
//! method without a body is native: the VM implements it, looked up by
//! `pkg.Name` or `pkg.Type.Method` (`pkg` is the last path element's
//! package name, e.g. `utf8.RuneLen`, `atomic.AddInt64`). Everything else
//! is ordinary minigo code compiled with the user's program.
//!
//! Invariants: every file here is valid minigo (the test suite checks them
//! all), imports only other prelude packages, and has no import cycles.

mod go_std;
pub use go_std::GO_STD;

/// Go source of the standard package `path`, if minigo provides it.
pub fn package_source(path: &str) -> Option<&'static str> {
    Some(match path {
        "bufio" => include_str!("bufio.go"),
        "cmp" => include_str!("cmp.go"),
        "errors" => include_str!("errors.go"),
        "fmt" => include_str!("fmt.go"),
        "io" => include_str!("io.go"),
        "iter" => include_str!("iter.go"),
        "math" => include_str!("math.go"),
        "maps" => include_str!("maps.go"),
        "math/cmplx" => include_str!("cmplx.go"),
        "math/rand" => include_str!("rand.go"),
        "net" => include_str!("net.go"),
        "os" => include_str!("os.go"),
        "runtime" => include_str!("runtime.go"),
        "runtime/debug" => include_str!("debug.go"),
        "slices" => include_str!("slices.go"),
        "sort" => include_str!("sort.go"),
        "strconv" => include_str!("strconv.go"),
        "strings" => include_str!("strings.go"),
        "sync" => include_str!("sync.go"),
        "sync/atomic" => include_str!("atomic.go"),
        "time" => include_str!("time.go"),
        "unicode" => include_str!("unicode.go"),
        "unicode/utf8" => include_str!("utf8.go"),
        _ => return None,
    })
}

/// Every import path the prelude provides.
pub const PACKAGES: &[&str] = &[
    "bufio",
    "cmp",
    "errors",
    "fmt",
    "io",
    "iter",
    "math",
    "maps",
    "math/cmplx",
    "math/rand",
    "net",
    "os",
    "runtime",
    "runtime/debug",
    "slices",
    "sort",
    "strconv",
    "strings",
    "sync",
    "sync/atomic",
    "time",
    "unicode",
    "unicode/utf8",
];
