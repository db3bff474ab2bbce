//! `minigo`: run a Go program on minigo's bytecode VM and goroutine runtime.
//!
//! Thin glue: argument parsing (clap) and exit codes; the work is in the
//! crates (`minigo_vm::driver` builds, `minigo_vm::interp` runs).

use clap::{Parser, Subcommand};

/// Go programs allocate constantly (every goroutine, closure, string and
/// boxed struct): mimalloc's thread-local free lists measured ~30% of
/// go_spawn's time spent in glibc malloc. An allocation the system
/// refuses ends the program as Go's does (see [`GoAlloc`]).
#[global_allocator]
static GLOBAL: GoAlloc = GoAlloc(mimalloc::MiMalloc);

/// mimalloc, except that running out of memory is Go's fatal error
/// (`fatal error: out of memory`, exit status 2) instead of Rust's abort
/// (`memory allocation of N bytes failed`, SIGABRT).
struct GoAlloc(mimalloc::MiMalloc);

// SAFETY: every method forwards to mimalloc with the caller's arguments
// unchanged and returns its result; a null result never returns (the
// process exits), which is allowed of an allocator.
unsafe impl std::alloc::GlobalAlloc for GoAlloc {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: forwarded as received (see the impl).
        let p = unsafe { self.0.alloc(layout) };
        if p.is_null() {
            minigo_vm::interp::stdio::out_of_memory(layout.size());
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: forwarded as received (see the impl).
        let p = unsafe { self.0.alloc_zeroed(layout) };
        if p.is_null() {
            minigo_vm::interp::stdio::out_of_memory(layout.size());
        }
        p
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded as received (see the impl).
        let p = unsafe { self.0.realloc(ptr, layout, new_size) };
        if p.is_null() {
            minigo_vm::interp::stdio::out_of_memory(new_size);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: forwarded as received (see the impl).
        unsafe { self.0.dealloc(ptr, layout) }
    }
}
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Parser)]
#[command(
    name = "minigo",
    version,
    about = "A Go-subset interpreter with its own goroutine runtime"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Compile and run a Go program; further arguments become os.Args[1:].
    Run {
        /// Record every scheduling decision in FILE (`.json`: Trace Event
        /// Format, for ui.perfetto.dev or chrome://tracing; `.html`: a
        /// self-contained timeline page).
        #[arg(long, value_name = "FILE")]
        trace: Option<String>,
        /// A deterministic run: one thread executes every P, each
        /// scheduling choice comes from a PRNG seeded by N, and time is
        /// virtual. The same N gives the same output and trace.
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
        /// Detect data races (Go's `-race`; see docs/cli.md): reports on
        /// stderr, exit status 66 after a run that raced.
        #[arg(long)]
        race: bool,
        /// The program: one or more `.go` files of package main in one
        /// directory, or a package directory (`.`, `./cmd/tool`) in a
        /// module, as `go run` takes them.
        file: String,
        /// More `.go` files, then the arguments for the program.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Run a program under seeds 1..N (`run --seed`) and group the
    /// outcomes (exit status, stdout, first line of stderr). Exit status
    /// 0 when every run agrees, 1 when they differ.
    Explore {
        /// How many seeds to try.
        #[arg(long, default_value_t = 1000)]
        runs: u64,
        /// Kill a run that takes longer (Go duration: 10s, 500ms, 1m).
        #[arg(long, default_value = "10s", value_parser = minigo_vm::explore::parse_timeout)]
        timeout: std::time::Duration,
        /// Run each seed with the race detector (`run -race`).
        #[arg(long)]
        race: bool,
        /// The program (package main, one file).
        file: String,
        /// Arguments for the program.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Test packages as `go test` does: `minigo test [-v] [-run REGEXP]
    /// [-bench REGEXP] [-benchtime D] [-count N] [-short] [packages |
    /// ./... | files]`.
    Test {
        /// go test's flags, then the packages (directories, import paths,
        /// `...` patterns) or the files.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Print the bytecode of a program's functions.
    Disasm {
        /// The program (package main, one file).
        file: String,
    },
}

fn main() -> ExitCode {
    return_memory_promptly();
    let cli = Cli::parse_from(program_args_verbatim(std::env::args_os().collect()));
    minigo_vm::interp::stdio::exit_on_rust_panic();
    minigo_gc::collection::set_oom_hook(minigo_vm::interp::stdio::gc_out_of_memory);
    let code = match cli.cmd {
        Cmd::Run {
            trace,
            seed,
            race,
            file,
            args,
        } => {
            if race {
                minigo_vm::interp::race::enable();
            }
            if let Some(path) = trace {
                if let Err(e) = minigo_vm::interp::trace_out::set_path(&path) {
                    eprintln!("minigo: {e}");
                    return ExitCode::from(2);
                }
            }
            if let Some(n) = seed {
                minigo_vm::interp::sched::set_replay_seed(n);
            }
            run(&file, args)
        }
        Cmd::Explore {
            runs,
            timeout,
            race,
            file,
            args,
        } => explore(runs, timeout, race, file, args),
        Cmd::Disasm { file } => disasm(&file),
        Cmd::Test { args } => match args.split_first() {
            Some((first, rest)) if first == minigo_vm::gotest::CHILD_FLAG => {
                minigo_vm::interp::block_signals();
                minigo_vm::gotest::child_main(rest)
            }
            _ => minigo_vm::gotest::main(&args),
        },
    };
    ExitCode::from(code.clamp(0, 255) as u8)
}

// mimalloc 3's option numbers (`mi_option_t` in its `mimalloc.h`); the
// `libmimalloc-sys` bindings still carry mimalloc 2's numbering.
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;

unsafe extern "C" {
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

/// Keeps peak RSS close to what the program holds, as Go's scavenger does.
/// Freed Rust-side memory (a dead map's table, a finished goroutine's
/// registers) goes back to the OS at once instead of after mimalloc's 10 ms
/// purge delay, and the process gets no transparent huge pages
/// (measured: hello world 16 → 10 MB, gc_churn 81 → 59 MB, no measurable
/// change in time). mimalloc reserves its arena before `main` runs, so
/// its own `madvise(MADV_HUGEPAGE)` is compiled out (the `no_thp` feature
/// in Cargo.toml): with it, hello world's peak RSS was 3.4 MB higher.
///
/// (Purging only once the program is built saves hello world ~1,000 of
/// its 5,200 page faults, as the front end's freed temporaries are no
/// longer faulted in again, but costs 2.3 MB of peak RSS: not done.)
fn return_memory_promptly() {
    // SAFETY: `mi_option_set` only stores an option value (mimalloc is
    // statically linked as the global allocator); `prctl` with
    // PR_SET_THP_DISABLE only sets a flag on this process.
    unsafe {
        mi_option_set(MI_OPTION_PURGE_DELAY, 0);
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

fn read(file: &str) -> Result<Vec<u8>, i32> {
    std::fs::read(file).map_err(|e| {
        eprintln!("minigo: {file}: {}", io_reason(&e));
        1
    })
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

fn build(file: &str) -> Result<(minigo_vm::program::Program, minigo_vm::bytecode::Image), i32> {
    let src = read(file)?;
    minigo_vm::driver::build(file, &src).map_err(|e| report_build_error(file, e))
}

/// [`build`] without the syntax trees (see `driver::build_image`).
fn build_image(file: &str) -> Result<minigo_vm::bytecode::Image, i32> {
    let src = read(file)?;
    minigo_vm::driver::build_image(file, &src).map_err(|e| report_build_error(file, e))
}

/// Prints a failed build as the go command does; the exit status.
fn report_build_error(file: &str, e: minigo_vm::driver::BuildError) -> i32 {
    // As the go command prints a compile of `go run prog.go`: under
    // the package's name, with the file as seen from the current
    // directory (`./prog.go`, `sub/prog.go`).
    let path = std::path::Path::new(file);
    let base = path
        .file_name()
        .map_or(file.into(), |b| b.to_string_lossy());
    let display = minigo_vm::modules::display_name(
        &minigo_vm::modules::abs(path.parent().unwrap_or(path)),
        &base,
    );
    let mut err = std::io::stderr().lock();
    for line in e.lines().iter().flat_map(|l| l.split('\n')) {
        if e.header.is_none() {
            let _ = writeln!(err, "{line}");
            continue;
        }
        let (tab, rest) = match line.strip_prefix('\t') {
            Some(r) => ("\t", r),
            None => ("", line),
        };
        match rest.strip_prefix(file).filter(|r| r.starts_with(':')) {
            Some(r) => writeln!(err, "{tab}{display}{r}"),
            None => writeln!(err, "{line}"),
        }
        .ok();
    }
    1
}

/// As `go run`, everything after the program's file is the program's:
/// `minigo run prog.go -h --seed 1 -- x` gives all five to os.Args, so
/// clap must not read `-h` or `--seed` there. A `--` after the first
/// positional argument of `run` and `explore` ends clap's options.
fn program_args_verbatim(mut argv: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let Some(cmd) = argv.get(1).and_then(|c| c.to_str()) else {
        return argv;
    };
    let with_value: &[&str] = match cmd {
        "run" => &["--trace", "--seed"],
        "explore" => &["--runs", "--timeout"],
        // go test's own flags: all of them are the test command's.
        "test" => {
            argv.insert(2, "--".into());
            return argv;
        }
        _ => return argv,
    };
    let mut i = 2;
    while i < argv.len() {
        let a = argv[i].to_string_lossy();
        if a == "--" {
            return argv;
        }
        // Go spells it `-race`.
        if a == "-race" {
            argv[i] = "--race".into();
            i += 1;
            continue;
        }
        if a.starts_with('-') && a.len() > 1 {
            i += if with_value.contains(&a.as_ref()) {
                2
            } else {
                1
            };
            continue;
        }
        // The file: what follows is the program's.
        if i + 1 < argv.len() {
            argv.insert(i + 1, "--".into());
        }
        return argv;
    }
    argv
}

fn run(file: &str, mut args: Vec<String>) -> i32 {
    minigo_vm::interp::block_signals();
    // As `go run`: leading `.go` arguments are the files of the command,
    // anything else first is its package directory; the rest go to os.Args.
    let (spec, argv0) = if file.ends_with(".go") {
        let extra = args.iter().take_while(|a| a.ends_with(".go")).count();
        let mut files = vec![file.to_string()];
        files.extend(args.drain(..extra));
        match files_spec(&files) {
            Ok(Some(s)) => s,
            Ok(None) => {
                // One file outside any module: minigo's classic path.
                let image = match build_image(file) {
                    Ok(image) => image,
                    Err(code) => return code,
                };
                let mut argv = vec![file.to_string()];
                argv.extend(args);
                return minigo_vm::interp::run_program(Arc::new(image), argv);
            }
            Err(msg) => {
                eprintln!("{msg}");
                return 1;
            }
        }
    } else {
        match dir_spec(file) {
            Ok(s) => s,
            Err(msg) => {
                eprintln!("{msg}");
                return 1;
            }
        }
    };
    let image = match minigo_vm::driver::build_package_image(spec) {
        Ok(image) => image,
        Err(e) => {
            let mut err = std::io::stderr().lock();
            for line in e.lines() {
                let _ = writeln!(err, "{line}");
            }
            return 1;
        }
    };
    let mut argv = vec![argv0];
    argv.extend(args);
    minigo_vm::interp::run_program(Arc::new(image), argv)
}

type Spec = (minigo_vm::driver::PackageSpec, String);

/// `go run a.go b.go`: `None` for one file outside a module.
fn files_spec(files: &[String]) -> Result<Option<Spec>, String> {
    use std::path::Path;
    if let Some(t) = files.iter().find(|f| f.ends_with("_test.go")) {
        return Err(format!("go: cannot run *_test.go files ({t})"));
    }
    let dir_of = |f: &str| {
        let d = Path::new(f)
            .parent()
            .map(|p| p.to_string_lossy().into_owned());
        match d.as_deref() {
            None | Some("") => ".".to_string(),
            Some(d) => d.to_string(),
        }
    };
    let d0 = dir_of(&files[0]);
    if let Some(f) = files.iter().find(|f| dir_of(f) != d0) {
        return Err(format!(
            "named files must all be in one directory; have {d0} and {}",
            dir_of(f)
        ));
    }
    let dir = minigo_vm::modules::abs(Path::new(&d0));
    let module = minigo_vm::modules::find(&dir).map_err(|d| d.to_string())?;
    if files.len() == 1 && module.is_none() {
        return Ok(None);
    }
    let mut out = Vec::new();
    for f in files {
        let bytes = std::fs::read(f).map_err(|e| format!("stat {f}: {}", io_reason(&e)))?;
        let base = Path::new(f)
            .file_name()
            .map_or(f.clone(), |b| b.to_string_lossy().into_owned());
        out.push((minigo_vm::modules::display_name(&dir, &base), base, bytes));
    }
    let argv0 = files[0]
        .trim_end_matches(".go")
        .rsplit('/')
        .next()
        .unwrap_or("")
        .to_string();
    Ok(Some((
        minigo_vm::driver::PackageSpec {
            files: out,
            import_path: "command-line-arguments".into(),
            module,
            dir,
        },
        argv0,
    )))
}

/// `go run .`, `go run ./cmd/tool`, `go run example.com/m/cmd/tool`.
fn dir_spec(arg: &str) -> Result<Spec, String> {
    use minigo_vm::modules;
    let (dir, module) = match modules::locate_package(arg)? {
        Some(found) => found,
        None if minigo_vm::stdlib::package(arg).is_some() => {
            return Err(format!("package {arg} is not a main package"));
        }
        None => return Err(format!("package {arg} is not in std")),
    };
    let import_path = module.import_path_of(&dir).ok_or_else(|| {
        format!(
            "directory {} is outside main module ({})",
            dir.display(),
            module.root.display()
        )
    })?;
    let files = modules::package_files(&dir).map_err(|e| e.message(&dir))?;
    let files = files
        .into_iter()
        .map(|(base, bytes)| (modules::display_name(&dir, &base), base, bytes))
        .collect();
    let argv0 = import_path.rsplit('/').next().unwrap_or("").to_string();
    Ok((
        minigo_vm::driver::PackageSpec {
            files,
            import_path,
            module: Some(module),
            dir,
        },
        argv0,
    ))
}

fn explore(
    runs: u64,
    timeout: std::time::Duration,
    race: bool,
    file: String,
    args: Vec<String>,
) -> i32 {
    // Compile once here, so that a program that does not build is
    // reported once instead of a thousand times.
    if let Err(code) = build(&file) {
        return code;
    }
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("minigo: explore: cannot find the minigo binary: {e}");
            return 2;
        }
    };
    let o = minigo_vm::explore::Options {
        exe,
        file,
        args,
        runs: runs.max(1),
        timeout,
        jobs: minigo_runtime::num_cpu(),
        race,
    };
    match minigo_vm::explore::explore(&o) {
        Ok(found) => {
            print!("{}", minigo_vm::explore::report(&o, &found));
            i32::from(found.groups.len() > 1)
        }
        Err(e) => {
            eprintln!("minigo: explore: {e}");
            2
        }
    }
}

fn disasm(file: &str) -> i32 {
    match build(file) {
        Ok((_, image)) => {
            print!("{}", minigo_vm::disasm::disassemble(&image, file));
            0
        }
        Err(code) => code,
    }
}
