//! `minigo test`: the go command's side of `go test`. It finds the
//! package's `_test.go` files, generates the test main (a function that
//! hands every `TestXxx`, `BenchmarkXxx`, `FuzzXxx` and `ExampleXxx`
//! with an output comment to `testing.MinigoMain`), and
//! runs the test binary as a child process (`minigo test` started again
//! with [`CHILD_FLAG`]), whose output it streams (`go test`, local
//! directory mode) or collects (`go test .`, package list mode) before the
//! `ok`/`FAIL` summary line, as the go command does.
//!
//! External test packages (`package foo_test`) are the main package of
//! the binary, importing the package under test (with its own test files).
//! Several packages (`./...`, `a b`) are tested one after another, each
//! as in package list mode. Not supported: the test cache.

use crate::driver::PackageSpec;
use crate::modules;
use std::io::Write;
use std::path::Path;

/// The first argument of the child that runs the test binary.
pub const CHILD_FLAG: &str = "--minigo-test-binary";

/// The generated entry function of a test binary.
const ENTRY: &str = "_minigoTestMain";

/// `minigo test`'s arguments.
#[derive(Debug, Default, Clone)]
pub struct Options {
    /// Packages or files (empty: the current directory, local mode).
    pub targets: Vec<String>,
    /// Where `targets` are in the arguments (the child gets the
    /// arguments with one package in their place).
    target_args: Vec<usize>,
    /// The flags for the test binary, as `-test.name=value`.
    pub test_flags: Vec<String>,
    pub verbose: bool,
    /// `-trace FILE`: Go's execution trace of the test binary's run.
    pub trace: Option<String>,
    /// `-cpuprofile`, `-memprofile`, ... (name, value): written by the
    /// generated main (see [`profiling_source`]), not test binary flags.
    pub profiles: Vec<(String, String)>,
}

/// `go test`'s profiling flags (the rates apply with their profile).
const PROFILE_FLAGS: &[&str] = &[
    "cpuprofile",
    "memprofile",
    "memprofilerate",
    "blockprofile",
    "blockprofilerate",
    "mutexprofile",
    "mutexprofilefraction",
];

/// Parses `go test`'s flags (`-v`, `-run X`, `-run=X`, `--run X`, ...).
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    const WITH_VALUE: &[&str] = &["run", "skip", "bench", "benchtime", "count", "timeout"];
    const BOOLS: &[&str] = &["v", "short", "failfast", "benchmem"];
    let mut o = Options::default();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        let Some(flag) = a.strip_prefix("--").or_else(|| a.strip_prefix('-')) else {
            o.targets.push(a.clone());
            o.target_args.push(i - 1);
            continue;
        };
        if flag.is_empty() {
            o.targets.extend(args[i..].iter().cloned());
            o.target_args.extend(i..args.len());
            break;
        }
        let (name, inline) = match flag.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (flag, None),
        };
        let name = name.strip_prefix("test.").unwrap_or(name);
        if name == "race" {
            // The child parses the same flags: its program is instrumented.
            if inline.as_deref().unwrap_or("true") == "true" {
                crate::interp::race::enable();
            }
        } else if name == "trace" {
            o.trace = Some(flag_value(name, inline, args, &mut i)?);
        } else if BOOLS.contains(&name) {
            let v = inline.unwrap_or_else(|| "true".into());
            if name == "v" {
                o.verbose = v == "true";
            }
            o.test_flags.push(format!("-test.{name}={v}"));
        } else if PROFILE_FLAGS.contains(&name) {
            let v = flag_value(name, inline, args, &mut i)?;
            // Files are written where `go test` runs (`-outputdir`'s
            // default), whatever the test's own directory.
            let v = match std::env::current_dir() {
                Ok(d) if name.ends_with("profile") && !Path::new(&v).is_absolute() => {
                    d.join(&v).to_string_lossy().into_owned()
                }
                _ => v,
            };
            o.profiles.push((name.to_string(), v));
        } else if WITH_VALUE.contains(&name) {
            let v = flag_value(name, inline, args, &mut i)?;
            o.test_flags.push(format!("-test.{name}={v}"));
        } else {
            return Err(format!("flag provided but not defined: -{name}"));
        }
    }
    Ok(o)
}

/// A flag's value: given inline (`-x=v`) or as the next argument
/// (`-x v`, which `i` then steps over).
fn flag_value(
    name: &str,
    inline: Option<String>,
    args: &[String],
    i: &mut usize,
) -> Result<String, String> {
    match inline {
        Some(v) => Ok(v),
        None if *i < args.len() => {
            *i += 1;
            Ok(args[*i - 1].clone())
        }
        None => Err(format!("flag needs an argument: -{name}")),
    }
}

/// What to build and how the go command names it.
struct Target {
    spec: PackageSpec,
    /// Whether the package has any `_test.go` file.
    has_tests: bool,
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".into(),
        _ => e.to_string(),
    }
}

fn target(o: &Options) -> Result<Target, String> {
    if o.targets.len() > 1 && !o.targets.iter().all(|t| t.ends_with(".go")) {
        return Err("minigo: test: one package at a time (several given)".into());
    }
    if let Some(first) = o.targets.first().filter(|t| t.ends_with(".go")) {
        // `go test a.go a_test.go`: command-line-arguments.
        let dir_of = |f: &str| match Path::new(f).parent().map(|p| p.to_string_lossy()) {
            None => ".".to_string(),
            Some(d) if d.is_empty() => ".".to_string(),
            Some(d) => d.into_owned(),
        };
        let d0 = dir_of(first);
        if let Some(f) = o.targets.iter().find(|f| dir_of(f) != d0) {
            return Err(format!(
                "named files must all be in one directory; have {d0} and {}",
                dir_of(f)
            ));
        }
        let dir = modules::abs(Path::new(&d0));
        let module = modules::find(&dir).map_err(|d| d.to_string())?;
        let mut files = Vec::new();
        let mut has_tests = false;
        for f in &o.targets {
            let bytes = std::fs::read(f).map_err(|e| format!("stat {f}: {}", io_reason(&e)))?;
            let base = Path::new(f)
                .file_name()
                .map_or(f.clone(), |b| b.to_string_lossy().into_owned());
            has_tests |= base.ends_with("_test.go");
            files.push((modules::display_name(&dir, &base), base, bytes));
        }
        return Ok(Target {
            spec: PackageSpec {
                files,
                import_path: "command-line-arguments".into(),
                module,
                dir,
            },
            has_tests,
        });
    }
    let arg = o.targets.first().map_or(".", |s| s.as_str());
    let (dir, module) = match modules::locate_package(arg)? {
        Some(found) => found,
        None => return Err(format!("package {arg} is not in std")),
    };
    let import_path = module.import_path_of(&dir).ok_or_else(|| {
        format!(
            "directory {} is outside main module ({})",
            dir.display(),
            module.root.display()
        )
    })?;
    let plain = match modules::package_files(&dir) {
        Ok(f) => f,
        Err(modules::DirError::NoGoFiles) => Vec::new(),
        Err(e) => return Err(e.message(&dir)),
    };
    let tests = modules::test_files(&dir)?;
    if plain.is_empty() && tests.is_empty() {
        return Err(modules::DirError::NoGoFiles.message(&dir));
    }
    let has_tests = !tests.is_empty();
    let files = plain
        .into_iter()
        .chain(tests)
        .map(|(base, bytes)| (modules::display_name(&dir, &base), base, bytes))
        .collect();
    Ok(Target {
        spec: PackageSpec {
            files,
            import_path,
            module: Some(module),
            dir,
        },
        has_tests,
    })
}

/// The tests, benchmarks and TestMain of the `_test.go` files, in source
/// order: the package's own, then its external test package's.
#[derive(Default)]
struct Found {
    package: String,
    /// `foo_test` when there are external test files.
    xpackage: Option<String>,
    /// (name, in the external test package), in the order Go runs them.
    tests: Vec<(String, bool)>,
    benchmarks: Vec<(String, bool)>,
    /// `FuzzXxx(*testing.F)`: their seed corpora run as tests.
    fuzz: Vec<(String, bool)>,
    /// `ExampleXxx()` with an output comment: (name, external, the
    /// expected output, unordered). Examples without one are compiled,
    /// not run, as by the go command.
    examples: Vec<(String, bool, String, bool)>,
    /// TestMain, and whether the external test package declares it.
    test_main: Option<bool>,
}

/// `Test` followed by nothing or by a non-lowercase rune, as Go's isTest.
fn is_test_name(name: &str, prefix: &str) -> bool {
    match name.strip_prefix(prefix) {
        Some(rest) => rest.chars().next().is_none_or(|c| !c.is_lowercase()),
        None => false,
    }
}

fn find_tests(spec: &PackageSpec) -> Found {
    let mut found = Found::default();
    let mut ids = minigo_parser::ast::NodeIds::new();
    let (mut own, mut ext) = (Vec::new(), Vec::new());
    let (mut own_examples, mut ext_examples) = (Vec::new(), Vec::new());
    for (_, base, bytes) in &spec.files {
        let src = String::from_utf8_lossy(bytes);
        // A file that does not parse is reported by the build.
        let Ok(file) = minigo_parser::parse(&src, &mut ids) else {
            continue;
        };
        let pkg = file.package.name.clone();
        if !base.ends_with("_test.go") || !pkg.ends_with("_test") {
            if found.package.is_empty() {
                found.package = pkg.clone();
            }
        } else {
            found.xpackage = Some(pkg.clone());
        }
        if !base.ends_with("_test.go") {
            continue;
        }
        let external = pkg.ends_with("_test");
        for d in &file.decls {
            let minigo_parser::ast::Decl::Func(fd) = d else {
                continue;
            };
            let name = fd.name.name.to_string();
            if fd.recv.is_none()
                && is_test_name(&name, "Example")
                && fd.sig.params.is_empty()
                && fd.sig.results.is_empty()
            {
                let body = fd.body.as_ref().map(|b| b.span);
                if let Some((out, unordered)) =
                    body.and_then(|b| example_output(&src, b.lo as usize, b.hi as usize))
                {
                    let list = if external {
                        &mut ext_examples
                    } else {
                        &mut own_examples
                    };
                    list.push((name, external, out, unordered));
                }
                continue;
            }
            if fd.recv.is_some() || !fd.tparams.is_empty() || fd.sig.params.len() != 1 {
                continue;
            }
            let p = &fd.sig.params[0];
            let text: String = src
                .get(p.span.lo as usize..p.span.hi as usize)
                .unwrap_or("")
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            let list = if external { &mut ext } else { &mut own };
            if name == "TestMain" && text.ends_with(".M") {
                found.test_main = Some(external);
            } else if is_test_name(&name, "Test") && text.ends_with(".T") {
                list.push((name, 'T'));
            } else if is_test_name(&name, "Benchmark") && text.ends_with(".B") {
                list.push((name, 'B'));
            } else if is_test_name(&name, "Fuzz") && text.ends_with(".F") {
                list.push((name, 'F'));
            }
        }
    }
    for (list, external) in [(own, false), (ext, true)] {
        for (name, kind) in list {
            match kind {
                'T' => found.tests.push((name, external)),
                'B' => found.benchmarks.push((name, external)),
                _ => found.fuzz.push((name, external)),
            }
        }
    }
    found.examples = own_examples;
    found.examples.extend(ext_examples);
    found
}

/// go/doc's `exampleOutput`: the expected output of an example whose
/// body (`src[lo..hi]`, braces included) ends its last comment group with
/// `Output:` or `Unordered output:` (any case) at its start.
fn example_output(src: &str, lo: usize, hi: usize) -> Option<(String, bool)> {
    let group = comment_groups(src, lo, hi).pop()?;
    let text = comment_text(&group);
    let trimmed = text.trim_start();
    let lower = trimmed.to_ascii_lowercase();
    let (rest, unordered) = if lower.starts_with("unordered output:") {
        (&trimmed["unordered output:".len()..], true)
    } else if lower.starts_with("output:") {
        (&trimmed["output:".len()..], false)
    } else {
        return None;
    };
    let rest = rest.trim_start_matches(' ');
    let rest = rest.strip_prefix('\n').unwrap_or(rest);
    Some((rest.to_string(), unordered))
}

/// The comment groups of `src[lo..hi]` as go/parser forms them: comments
/// on the line where the previous token starts form a group of their
/// own; otherwise a comment joins the group whose last comment ends on
/// the line before it or on its own line.
fn comment_groups(src: &str, lo: usize, hi: usize) -> Vec<Vec<&str>> {
    let b = src.as_bytes();
    let hi = hi.min(b.len());
    // Lines counted from `lo`: newlines[k] is the number in src[lo..lo + k].
    let mut newlines = Vec::with_capacity(hi.saturating_sub(lo) + 1);
    let mut n = 0;
    newlines.push(0);
    for &c in &b[lo.min(hi)..hi] {
        n += usize::from(c == b'\n');
        newlines.push(n);
    }
    let line_at = |i: usize| newlines[i.min(hi) - lo.min(hi)];
    let mut groups: Vec<Vec<&str>> = Vec::new();
    // The line where the group's last comment ends, and whether the
    // group began on a token's line (since the last token, if any).
    let mut last_end: Option<(usize, bool)> = None;
    let mut prev_tok_line = line_at(lo);
    let mut i = lo;
    while i < hi {
        let c = b[i];
        if c == b'/' && i + 1 < hi && (b[i + 1] == b'/' || b[i + 1] == b'*') {
            let start = i;
            if b[i + 1] == b'/' {
                while i < hi && b[i] != b'\n' {
                    i += 1;
                }
            } else {
                i += 2;
                while i + 1 < hi && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i = (i + 2).min(hi);
            }
            let (l0, l1) = (line_at(start), line_at(i));
            // go/parser's consumeCommentGroup(n): n = 0 for a group that
            // follows a token on its line, 1 otherwise.
            match last_end {
                Some((end, trailing)) if l0 <= end + usize::from(!trailing) => {
                    groups.last_mut().unwrap().push(&src[start..i]);
                    last_end = Some((l1, trailing));
                }
                _ => {
                    groups.push(vec![&src[start..i]]);
                    let trailing = last_end.is_none() && l0 == prev_tok_line;
                    last_end = Some((l1, trailing));
                }
            }
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        // A token: any comment after it starts a new group.
        prev_tok_line = line_at(i);
        last_end = None;
        match c {
            b'"' | b'\'' => {
                i += 1;
                while i < hi && b[i] != c && b[i] != b'\n' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
            }
            b'`' => {
                i += 1;
                while i < hi && b[i] != b'`' {
                    i += 1;
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    groups
}

/// go/ast's `CommentGroup.Text`: markers and the first space of a line
/// comment removed, directives dropped, trailing white space trimmed,
/// leading blank lines dropped and runs of blank lines made one.
fn comment_text(group: &[&str]) -> String {
    let mut lines: Vec<String> = Vec::new();
    for c in group {
        let body = if let Some(rest) = c.strip_prefix("//") {
            match rest.strip_prefix(' ') {
                Some(r) => r,
                None if is_directive(rest) => continue,
                None => rest,
            }
        } else {
            c.strip_prefix("/*")
                .and_then(|r| r.strip_suffix("*/"))
                .unwrap_or(c)
        };
        for l in body.split('\n') {
            lines.push(l.trim_end_matches([' ', '\t', '\r', '\n']).to_string());
        }
    }
    let mut out: Vec<String> = Vec::new();
    for l in lines {
        if !l.is_empty() || out.last().is_some_and(|p| !p.is_empty()) {
            out.push(l);
        }
    }
    if out.last().is_some_and(|l| !l.is_empty()) {
        out.push(String::new());
    }
    out.join("\n")
}

/// go/ast's `isDirective`: `//line `, `//extern `, `//export ` or
/// `//[a-z0-9]+:[a-z0-9]` (such as `//go:noinline`).
fn is_directive(c: &str) -> bool {
    if ["line ", "extern ", "export "]
        .iter()
        .any(|p| c.starts_with(p))
    {
        return true;
    }
    let lower_digit = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    match c.find(':') {
        Some(colon) if colon > 0 => {
            c.as_bytes()[..colon].iter().all(|&b| lower_digit(b))
                && c.as_bytes().get(colon + 1).is_some_and(|&b| lower_digit(b))
        }
        _ => false,
    }
}

/// The generated `_testmain.go`: in the package under test, or in its
/// external test package (importing the package for its own tests).
fn test_main_source(f: &Found, import_path: &str, profiles: &[(String, String)]) -> String {
    let pkg = f.xpackage.as_deref().unwrap_or(&f.package);
    let in_xtest = f.xpackage.is_some();
    let qualify = |name: &str, external: bool| {
        if in_xtest && !external {
            format!("_minigoPkg.{name}")
        } else {
            name.to_string()
        }
    };
    let needs_pkg = in_xtest
        && (f
            .tests
            .iter()
            .chain(&f.benchmarks)
            .chain(&f.fuzz)
            .any(|(_, x)| !x)
            || f.examples.iter().any(|e| !e.1)
            || f.test_main == Some(false));
    let mut s = format!("package {pkg}\n\nimport _minigoTesting \"testing\"\n");
    if !profiles.is_empty() {
        s.push_str("import _minigoOs \"os\"\nimport _minigoRuntime \"runtime\"\nimport _minigoPprof \"runtime/pprof\"\n");
    }
    if needs_pkg {
        s.push_str(&format!("import _minigoPkg {import_path:?}\n"));
    }
    s.push_str(&format!(
        "\nfunc {ENTRY}() {{\n\t_minigoTesting.MinigoMain([]_minigoTesting.InternalTest{{\n"
    ));
    for (t, x) in &f.tests {
        s.push_str(&format!("\t\t{{{t:?}, {}}},\n", qualify(t, *x)));
    }
    s.push_str("\t}, []_minigoTesting.InternalBenchmark{\n");
    for (b, x) in &f.benchmarks {
        s.push_str(&format!("\t\t{{{b:?}, {}}},\n", qualify(b, *x)));
    }
    s.push_str("\t}, []_minigoTesting.InternalFuzzTarget{\n");
    for (t, x) in &f.fuzz {
        s.push_str(&format!("\t\t{{{t:?}, {}}},\n", qualify(t, *x)));
    }
    s.push_str("\t}, []_minigoTesting.InternalExample{\n");
    for (e, x, out, unordered) in &f.examples {
        s.push_str(&format!(
            "\t\t{{{e:?}, {}, {}, {unordered}}},\n",
            qualify(e, *x),
            crate::check::constant::quote(out.as_bytes())
        ));
    }
    let tm = match f.test_main {
        Some(x) => qualify("TestMain", x),
        None => "nil".into(),
    };
    if profiles.is_empty() {
        s.push_str(&format!("\t}}, {tm})\n}}\n"));
        return s;
    }
    s.push_str(&format!(
        "\t}}, func(m *_minigoTesting.M) {{ _minigoProfiled(m, {tm}) }})\n}}\n"
    ));
    s.push_str(&profiling_source(profiles));
    s
}

/// The generated main's `_minigoProfiled(m, testMain)`: what Go's
/// `testing.M` does before and after the tests for `-cpuprofile` and the
/// other profiling flags.
fn profiling_source(profiles: &[(String, String)]) -> String {
    let get = |n: &str| {
        profiles
            .iter()
            .rev()
            .find(|p| p.0 == n)
            .map(|p| p.1.as_str())
    };
    let rate = |n: &str, def: &str| get(n).unwrap_or(def).parse::<i64>().unwrap_or(0);
    let mut before = String::new();
    let mut after = String::new();
    if let (Some(_), r) = (get("memprofile"), rate("memprofilerate", "0")) {
        if r > 0 {
            before.push_str(&format!("\t_minigoRuntime.MemProfileRate = {r}\n"));
        }
    }
    if let Some(p) = get("cpuprofile") {
        before.push_str(&format!(
            "\tcpu, err := _minigoOs.Create({p:?})\n\tif err != nil {{\n\t\t_minigoOs.Stderr.WriteString(\"testing: \" + err.Error() + \"\\n\")\n\t\treturn\n\t}}\n\tif err := _minigoPprof.StartCPUProfile(cpu); err != nil {{\n\t\t_minigoOs.Stderr.WriteString(\"testing: can't start cpu profile: \" + err.Error() + \"\\n\")\n\t\tcpu.Close()\n\t\treturn\n\t}}\n"
        ));
        after.push_str("\t_minigoPprof.StopCPUProfile()\n\tcpu.Close()\n");
    }
    let mut write = |flag: &str, profile: &str, rate_flag: &str, set: &str| {
        let Some(p) = get(flag) else { return };
        let r = rate(rate_flag, "1");
        if r < 0 {
            return;
        }
        before.push_str(&format!("\t_minigoRuntime.{set}({r})\n"));
        after.push_str(&format!("\t_minigoWriteProfile({profile:?}, {p:?})\n"));
    };
    write(
        "blockprofile",
        "block",
        "blockprofilerate",
        "SetBlockProfileRate",
    );
    write(
        "mutexprofile",
        "mutex",
        "mutexprofilefraction",
        "SetMutexProfileFraction",
    );
    if let Some(p) = get("memprofile") {
        after.push_str(&format!(
            "\t_minigoRuntime.GC()\n\t_minigoWriteProfile(\"allocs\", {p:?})\n"
        ));
    }
    format!(
        "\nfunc _minigoProfiled(m *_minigoTesting.M, testMain func(*_minigoTesting.M)) {{\n{before}\tif testMain != nil {{\n\t\ttestMain(m)\n\t}} else {{\n\t\tm.Run()\n\t}}\n{after}}}\n\n\
func _minigoWriteProfile(name, path string) {{\n\tf, err := _minigoOs.Create(path)\n\tif err != nil {{\n\t\t_minigoOs.Stderr.WriteString(\"testing: \" + err.Error() + \"\\n\")\n\t\t_minigoOs.Exit(2)\n\t}}\n\tif err := _minigoPprof.Lookup(name).WriteTo(f, 0); err != nil {{\n\t\t_minigoOs.Stderr.WriteString(\"testing: can't write \" + path + \": \" + err.Error() + \"\\n\")\n\t\t_minigoOs.Exit(2)\n\t}}\n\tf.Close()\n}}\n"
    )
}

/// Builds the test binary of `o`'s package: `Ok(None)` when it has no
/// test files; `Err(exit status)` after printing what went wrong.
/// A built test binary: the package's import path and its image.
type Binary = (String, crate::bytecode::Image);

/// Why no binary: the exit status, and the import path when the build
/// itself failed (`FAIL\tpath [build failed]`).
type NoBinary = (i32, Option<String>);

fn build(o: &Options) -> Result<Option<Binary>, NoBinary> {
    let t = target(o).map_err(|msg| {
        eprintln!("{msg}");
        (1, None)
    })?;
    let import_path = t.spec.import_path.clone();
    if !t.has_tests {
        return Ok(None);
    }
    let found = find_tests(&t.spec);
    let mut spec = t.spec;
    let mut tests_of = None;
    if let Some(x) = &found.xpackage {
        if spec.module.is_none() || found.package == "main" {
            eprintln!(
                "minigo: test: external test package {x} needs a package of a module (not main, not files)"
            );
            return Err((1, None));
        }
        // The external test package is the main one; the package under
        // test (with its own test files) is imported by path.
        spec.files.retain(|(_, base, bytes)| {
            base.ends_with("_test.go") && modules::is_external_test(bytes)
        });
        tests_of = Some(spec.dir.clone());
        spec.import_path = format!("{import_path}_test");
    }
    let src = test_main_source(&found, &import_path, &o.profiles);
    let base = "_testmain.go".to_string();
    spec.files.push((
        modules::display_name(&spec.dir, &base),
        base,
        src.into_bytes(),
    ));
    match crate::driver::build_test_package(spec, ENTRY, tests_of) {
        Ok((_, image)) => Ok(Some((import_path, image))),
        Err(e) => {
            let mut err = std::io::stderr().lock();
            for line in e.lines() {
                let line = match line.strip_prefix("# ") {
                    Some(h)
                        if e.header.is_some()
                            && (h == import_path || h == format!("{import_path}_test")) =>
                    {
                        format!("# {h} [{import_path}.test]")
                    }
                    _ => line,
                };
                let _ = writeln!(err, "{line}");
            }
            drop(err);
            Err((1, Some(import_path)))
        }
    }
}

/// `minigo test ARGS`: 0 when the tests pass, 1 otherwise.
pub fn main(args: &[String]) -> i32 {
    let o = match parse_args(args) {
        Ok(o) => o,
        Err(msg) => {
            eprintln!("{msg}");
            return 2;
        }
    };
    let packages = match expand_targets(&o.targets) {
        Ok(p) => p,
        Err(msg) => {
            eprintln!("{msg}");
            return 1;
        }
    };
    let list_mode = !o.targets.is_empty();
    if packages.len() == 1 && packages[0] == o.targets {
        let (code, failed) = test_package(&o, args);
        if failed && list_mode {
            println!("FAIL");
        }
        return code;
    }
    // Several packages (or a `...` pattern): each is tested as `go test
    // PKG` would be in package list mode, in import path order, and a
    // last `FAIL` follows if any failed. A profile or trace file names
    // one package's run: the go command refuses them (its order of
    // precedence).
    if packages.len() != 1 {
        let has = |n: &str| o.profiles.iter().any(|(name, _)| name == n);
        let refused = ["blockprofile", "cpuprofile", "memprofile", "mutexprofile"]
            .into_iter()
            .find(|n| has(n))
            .or(o.trace.is_some().then_some("trace"));
        if let Some(flag) = refused {
            eprintln!("cannot use -{flag} flag with multiple packages");
            return 1;
        }
    }
    let flags: Vec<String> = args
        .iter()
        .enumerate()
        .filter(|(i, _)| !o.target_args.contains(i))
        .map(|(_, a)| a.clone())
        .collect();
    let (mut worst, mut any_failed) = (0, false);
    for pkg in packages {
        let mut child_args = flags.clone();
        child_args.extend(pkg.iter().cloned());
        let one = Options {
            targets: pkg,
            ..o.clone()
        };
        let (code, failed) = test_package(&one, &child_args);
        worst = worst.max(code);
        any_failed |= failed;
    }
    if any_failed {
        println!("FAIL");
    }
    worst
}

/// The packages `targets` name, each as the targets of one `go test`:
/// `.go` files are one package; `DIR/...` and `IMPORT/...` patterns
/// match every package at or below, as the go command's do (skipping
/// `testdata`, `vendor`, directories starting with `.` or `_`, and
/// nested modules); other targets are one package each.
fn expand_targets(targets: &[String]) -> Result<Vec<Vec<String>>, String> {
    if targets.is_empty() || targets.iter().all(|t| t.ends_with(".go")) {
        return Ok(vec![targets.to_vec()]);
    }
    if !targets.iter().any(|t| t.contains("...")) && targets.len() == 1 {
        return Ok(vec![targets.to_vec()]);
    }
    let mut dirs: Vec<(String, std::path::PathBuf, String)> = Vec::new();
    for t in targets {
        let Some(prefix) = t.strip_suffix("...") else {
            let (dir, module) =
                modules::locate_package(t)?.ok_or_else(|| format!("package {t} is not in std"))?;
            let path = module.import_path_of(&dir).unwrap_or_else(|| t.clone());
            dirs.push((path, dir, t.clone()));
            continue;
        };
        let prefix = prefix.strip_suffix('/').unwrap_or(prefix);
        let prefix = if prefix.is_empty() { "." } else { prefix };
        if prefix.contains("...") {
            return Err(format!(
                "minigo: test: pattern {t}: only a trailing /... is supported"
            ));
        }
        let (root, module) = modules::locate_package(prefix)?.ok_or_else(|| {
            format!("go: pattern {t}: directory prefix is outside the main module")
        })?;
        let mut found = Vec::new();
        walk_packages(&root, true, &mut found);
        if found.is_empty() {
            eprintln!("go: warning: \"{t}\" matched no packages");
        }
        for dir in found {
            if let Some(path) = module.import_path_of(&dir) {
                let target = dir.to_string_lossy().into_owned();
                dirs.push((path, dir, target));
            }
        }
    }
    dirs.sort_by(|a, b| a.0.cmp(&b.0));
    dirs.dedup_by(|a, b| a.1 == b.1);
    if dirs.is_empty() {
        return Err("no packages to test".into());
    }
    Ok(dirs.into_iter().map(|(_, _, t)| vec![t]).collect())
}

/// The package directories at or below `dir`, as `./...` matches them.
fn walk_packages(dir: &Path, top: bool, out: &mut Vec<std::path::PathBuf>) {
    if !top && dir.join("go.mod").exists() {
        return;
    }
    let has_go = match modules::package_files(dir) {
        Ok(f) => !f.is_empty(),
        Err(modules::DirError::NoGoFiles) => false,
        Err(_) => true,
    };
    if has_go || modules::test_files(dir).is_ok_and(|t| !t.is_empty()) {
        out.push(dir.to_path_buf());
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut subdirs: Vec<_> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.') && !n.starts_with('_') && n != "testdata" && n != "vendor")
        .collect();
    subdirs.sort();
    for n in subdirs {
        walk_packages(&dir.join(n), false, out);
    }
}

/// `go test` of one package (or of `.go` files): the exit status, and
/// whether a `FAIL` line was printed for it (in package list mode the
/// caller then prints the last `FAIL`).
fn test_package(o: &Options, args: &[String]) -> (i32, bool) {
    let list_mode = !o.targets.is_empty();
    let import_path = match build(o) {
        Ok(Some((p, _))) => p,
        Ok(None) => {
            let t = target(o).map(|t| t.spec.import_path).unwrap_or_default();
            println!("?   \t{t}\t[no test files]");
            return (0, false);
        }
        Err((code, path)) => {
            let reported = path.is_some();
            if let Some(p) = path {
                println!("FAIL\t{p} [build failed]");
            }
            return (code, reported);
        }
    };
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("minigo: test: cannot find the minigo binary: {e}");
            return (2, false);
        }
    };
    let mut cmd = std::process::Command::new(exe);
    cmd.arg("test").arg(CHILD_FLAG).args(args);
    let start = std::time::Instant::now();
    let (status, out) = if list_mode {
        // The go command collects a listed package's output (it prints a
        // passing one only under -v, as it arrives).
        let (reader, writer) = match std::io::pipe() {
            Ok(p) => p,
            Err(e) => {
                eprintln!("minigo: test: {e}");
                return (2, false);
            }
        };
        let w2 = match writer.try_clone() {
            Ok(w) => w,
            Err(e) => {
                eprintln!("minigo: test: {e}");
                return (2, false);
            }
        };
        cmd.stdout(writer).stderr(w2);
        let child = cmd.spawn();
        drop(cmd);
        let mut child = match child {
            Ok(c) => c,
            Err(e) => {
                eprintln!("minigo: test: {e}");
                return (2, false);
            }
        };
        let mut out = Vec::new();
        let mut reader = reader;
        let mut buf = [0u8; 8192];
        loop {
            match std::io::Read::read(&mut reader, &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if o.verbose {
                        let mut so = std::io::stdout().lock();
                        let _ = so.write_all(&buf[..n]);
                        let _ = so.flush();
                    }
                    out.extend_from_slice(&buf[..n]);
                }
            }
        }
        (child.wait(), out)
    } else {
        // The binary's stderr joins its stdout, as under the go command.
        let _ = std::io::stdout().flush();
        match std::io::stdout().as_fd().try_clone_to_owned() {
            Ok(fd) => {
                cmd.stderr(fd);
            }
            Err(e) => {
                eprintln!("minigo: test: {e}");
                return (2, false);
            }
        }
        (cmd.status(), Vec::new())
    };
    let elapsed = start.elapsed().as_secs_f64();
    let code = match status {
        Ok(s) => s.code().unwrap_or(2),
        Err(e) => {
            eprintln!("minigo: test: {e}");
            return (2, false);
        }
    };
    let mut stdout = std::io::stdout().lock();
    if code == 0 {
        if list_mode {
            let none = String::from_utf8_lossy(&out).contains("testing: warning: no tests to run");
            let suffix = if none { " [no tests to run]" } else { "" };
            let _ = writeln!(stdout, "ok  \t{import_path}\t{elapsed:.3}s{suffix}");
        } else {
            let _ = writeln!(stdout, "ok  \t{import_path}\t{elapsed:.3}s");
        }
        return (0, false);
    }
    if list_mode {
        if !o.verbose {
            let _ = stdout.write_all(&out);
        }
        let _ = writeln!(stdout, "FAIL\t{import_path}\t{elapsed:.3}s");
    } else {
        let _ = writeln!(stdout, "exit status {code}");
        let _ = writeln!(stdout, "FAIL\t{import_path}\t{elapsed:.3}s");
    }
    (1, true)
}

use std::os::fd::AsFd;

/// The child: builds the test binary again and runs it (its exit status
/// is the binary's).
pub fn child_main(args: &[String]) -> i32 {
    let Ok(o) = parse_args(args) else {
        return 2;
    };
    let (import_path, image) = match build(&o) {
        Ok(Some(b)) => b,
        Ok(None) => return 0,
        Err((code, _)) => return code,
    };
    if let Some(path) = &o.trace {
        crate::interp::trace_out::set_go_path(path);
    }
    let name = import_path.rsplit('/').next().unwrap_or("main");
    let mut argv = vec![format!("/tmp/{name}.test")];
    argv.extend(o.test_flags.iter().cloned());
    argv.push(format!("-test.minigo.pkg={import_path}"));
    crate::interp::run_program(std::sync::Arc::new(image), argv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags() {
        let a: Vec<String> = ["-v", "-run", "A/b", "--count=2", "./x"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let o = parse_args(&a).unwrap();
        assert!(o.verbose);
        assert_eq!(o.targets, vec!["./x"]);
        assert_eq!(
            o.test_flags,
            vec!["-test.v=true", "-test.run=A/b", "-test.count=2"]
        );
        assert!(parse_args(&["-nope".to_string()]).is_err());
    }

    #[test]
    fn trace_flag() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let o = parse_args(&args(&["-trace", "t.out", "."])).unwrap();
        assert_eq!(o.trace.as_deref(), Some("t.out"));
        assert_eq!(o.targets, vec!["."]);
        assert!(o.test_flags.is_empty());
        let o = parse_args(&args(&["--test.trace=x"])).unwrap();
        assert_eq!(o.trace.as_deref(), Some("x"));
        assert!(parse_args(&args(&["-trace"])).is_err());
    }

    #[test]
    fn test_names() {
        assert!(is_test_name("Test", "Test"));
        assert!(is_test_name("TestX", "Test"));
        assert!(is_test_name("Test_x", "Test"));
        assert!(!is_test_name("Testx", "Test"));
    }
}
