//! Checks minigo's `math` (vm/src/std/math/gomath.rs) bit for bit against
//! tables that real Go produced (testdata/math/gen.go writes them:
//! `cd testdata/math && go run gen.go -tables .`).
//!
//! NaN results: where Go returns its own NaN (`math.NaN()`, bits
//! 0x7FF8000000000001) the bits must match; any other NaN (produced by
//! hardware arithmetic, whose sign and payload depend on operand order)
//! only has to be a NaN.
//!
//! `Exp` on amd64 takes a fused-multiply-add path where the CPU has AVX and
//! FMA, as both Go and minigo detect at run time; the tables come from such
//! a CPU, so on another one the test is skipped.

use minigo_vm::stdlib::math::gomath as g;
use std::path::Path;

const GO_NAN: u64 = 0x7FF8_0000_0000_0001;

fn f(w: u64) -> f64 {
    f64::from_bits(w)
}

fn b(v: f64) -> u64 {
    v.to_bits()
}

/// Evaluates `name` on the table's arguments, returning the results as
/// words (floats as bits, ints as two's complement).
fn eval(name: &str, a: &[u64]) -> Vec<u64> {
    let f1 = |h: fn(f64) -> f64| vec![b(h(f(a[0])))];
    let f2 = |h: fn(f64, f64) -> f64| vec![b(h(f(a[0]), f(a[1])))];
    match name {
        "Abs" => f1(f64::abs),
        "Acos" => f1(g::acos),
        "Acosh" => f1(g::acosh),
        "Asin" => f1(g::asin),
        "Asinh" => f1(g::asinh),
        "Atan" => f1(g::atan),
        "Atan2" => f2(g::atan2),
        "Atanh" => f1(g::atanh),
        "Cbrt" => f1(g::cbrt),
        "Ceil" => f1(g::ceil),
        "Copysign" => f2(f64::copysign),
        "Cos" => f1(g::cos),
        "Cosh" => f1(g::cosh),
        "Dim" => f2(g::dim),
        "Erf" => f1(g::erf),
        "Erfc" => f1(g::erfc),
        "Erfcinv" => f1(g::erfcinv),
        "Erfinv" => f1(g::erfinv),
        "Exp" => f1(g::exp),
        "Exp2" => f1(g::exp2),
        "Expm1" => f1(g::expm1),
        "FMA" => vec![b(g::fma(f(a[0]), f(a[1]), f(a[2])))],
        "Floor" => f1(g::floor),
        "Frexp" => {
            let (fr, e) = g::frexp(f(a[0]));
            vec![b(fr), e as u64]
        }
        "Gamma" => f1(g::gamma),
        "Hypot" => f2(g::hypot),
        "Ilogb" => vec![g::ilogb(f(a[0])) as u64],
        "J0" => f1(g::j0),
        "J1" => f1(g::j1),
        "Jn" => vec![b(g::jn(a[0] as i64, f(a[1])))],
        "Ldexp" => vec![b(g::ldexp(f(a[0]), a[1] as i64))],
        "Lgamma" => {
            let (l, s) = g::lgamma(f(a[0]));
            vec![b(l), s as u64]
        }
        "Log" => f1(g::log),
        "Log10" => f1(g::log10),
        "Log1p" => f1(g::log1p),
        "Log2" => f1(g::log2),
        "Logb" => f1(g::logb),
        "Max" => f2(g::max),
        "Min" => f2(g::min),
        "Mod" => f2(g::modulo),
        "Modf" => {
            let (i, fr) = g::modf(f(a[0]));
            vec![b(i), b(fr)]
        }
        "Nextafter" => f2(g::nextafter),
        "Nextafter32" => {
            let r = g::nextafter32(f32::from_bits(a[0] as u32), f32::from_bits(a[1] as u32));
            vec![r.to_bits() as u64]
        }
        "Pow" => f2(g::pow),
        "Pow10" => vec![b(g::pow10(a[0] as i64))],
        "Remainder" => f2(g::remainder),
        "Round" => f1(g::round),
        "RoundToEven" => f1(g::round_to_even),
        "Sin" => f1(g::sin),
        "Sincos" => {
            let (s, c) = g::sincos(f(a[0]));
            vec![b(s), b(c)]
        }
        "Sinh" => f1(g::sinh),
        "Sqrt" => f1(f64::sqrt),
        "Tan" => f1(g::tan),
        "Tanh" => f1(g::tanh),
        "Trunc" => f1(g::trunc),
        "Y0" => f1(g::y0),
        "Y1" => f1(g::y1),
        "Yn" => vec![b(g::yn(a[0] as i64, f(a[1])))],
        _ => panic!("unknown function {name}"),
    }
}

/// Which argument and result positions are ints (decimal in the tables).
fn int_args(name: &str) -> (&'static [usize], &'static [usize]) {
    match name {
        "Frexp" | "Lgamma" => (&[], &[1]),
        "Ldexp" => (&[1], &[]),
        "Ilogb" => (&[], &[0]),
        "Jn" | "Yn" => (&[0], &[]),
        "Pow10" => (&[0], &[]),
        _ => (&[], &[]),
    }
}

fn parse(tok: &str, int: bool) -> u64 {
    if int {
        tok.parse::<i64>().expect("int") as u64
    } else {
        u64::from_str_radix(tok, 16).expect("hex")
    }
}

fn is_nan_word(name: &str, w: u64) -> bool {
    if name == "Nextafter32" {
        f32::from_bits(w as u32).is_nan()
    } else {
        f(w).is_nan()
    }
}

/// Compares one result: exact bits, except that a hardware NaN need only
/// be a NaN.
fn same(name: &str, want: u64, got: u64, int: bool) -> bool {
    if want == got {
        return true;
    }
    !int && want != GO_NAN && is_nan_word(name, want) && is_nan_word(name, got)
}

fn fma_cpu() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx") && std::is_x86_feature_detected!("fma")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[test]
fn math_tables_bit_exact() {
    if !fma_cpu() {
        eprintln!("skipped: the tables come from a CPU with AVX and FMA (Go's Exp path)");
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/math/tables");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("testdata/math/tables")
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() > 50, "math tables not found in {dir:?}");
    let mut failures = Vec::new();
    let mut rows = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        for line in text.lines() {
            let (lhs, rhs) = line.split_once(" = ").expect("row");
            let mut it = lhs.split(' ');
            let name = it.next().unwrap();
            let (ia, ir) = int_args(name);
            let args: Vec<u64> = it
                .enumerate()
                .map(|(i, t)| parse(t, ia.contains(&i)))
                .collect();
            let want: Vec<u64> = rhs
                .split(' ')
                .enumerate()
                .map(|(i, t)| parse(t, ir.contains(&i)))
                .collect();
            let got = eval(name, &args);
            rows += 1;
            let ok = want.len() == got.len()
                && want
                    .iter()
                    .zip(&got)
                    .enumerate()
                    .all(|(i, (w, g))| same(name, *w, *g, ir.contains(&i)));
            if !ok {
                let got: Vec<String> = got.iter().map(|w| format!("{w:016x}")).collect();
                failures.push(format!("{line}   minigo: {}", got.join(" ")));
            }
        }
    }
    if !failures.is_empty() {
        let n = failures.len();
        failures.truncate(60);
        panic!(
            "{n} of {rows} rows differ from Go:\n{}",
            failures.join("\n")
        );
    }
}

/// The differential check over many random inputs (not run by default):
/// `MATH_DIFF=Sin,Cos MATH_DIFF_N=1000000 cargo test -p minigo-vm --test
/// math_tables -- --ignored --nocapture`; it runs `go run gen.go -stream`.
#[test]
#[ignore]
fn math_differential() {
    use std::io::Read;
    let names = std::env::var("MATH_DIFF").unwrap_or_default();
    let n: usize = std::env::var("MATH_DIFF_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let seed = std::env::var("MATH_DIFF_SEED").unwrap_or_else(|_| "1".into());
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/math");
    let all: Vec<String> = std::fs::read_dir(dir.join("tables"))
        .unwrap()
        .map(|e| {
            e.unwrap()
                .path()
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let names: Vec<String> = if names.is_empty() {
        all
    } else {
        names.split(',').map(String::from).collect()
    };
    let mut total_bad = 0;
    for name in names {
        let (ia, ir) = int_args(&name);
        let (nargs, nres) = match name.as_str() {
            "FMA" => (3, 1),
            "Atan2" | "Copysign" | "Dim" | "Hypot" | "Max" | "Min" | "Mod" | "Nextafter"
            | "Nextafter32" | "Pow" | "Remainder" | "Ldexp" | "Jn" | "Yn" => (2, 1),
            "Frexp" | "Lgamma" | "Modf" | "Sincos" => (1, 2),
            _ => (1, 1),
        };
        let mut child = std::process::Command::new("go")
            .current_dir(&dir)
            .args([
                "run",
                "gen.go",
                "-stream",
                &name,
                "-n",
                &n.to_string(),
                "-seed",
                &seed,
            ])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("go run");
        let mut out = Vec::new();
        child.stdout.take().unwrap().read_to_end(&mut out).unwrap();
        assert!(child.wait().unwrap().success());
        let words: Vec<u64> = out
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let (mut bad, mut count) = (0, 0);
        for rec in words.chunks_exact(nargs + nres) {
            count += 1;
            let got = eval(&name, &rec[..nargs]);
            let want = &rec[nargs..];
            let ok = want
                .iter()
                .zip(&got)
                .enumerate()
                .all(|(i, (w, g))| same(&name, *w, *g, ir.contains(&i)));
            if !ok {
                if bad < 5 {
                    eprintln!(
                        "{name} {:016x?} go {:016x?} minigo {:016x?}",
                        &rec[..nargs],
                        want,
                        got
                    );
                }
                bad += 1;
            }
        }
        let _ = ia;
        println!("{name}: {count} inputs, {bad} differ");
        total_bad += bad;
    }
    assert_eq!(total_bad, 0);
}
