//! The pipeline from a source file to a runnable image: load (parse the
//! file and the std packages it imports), check, compile. The `minigo`
//! binary is a thin layer over this.

use crate::bytecode::Image;
use crate::program::{Diag, Program};

/// A file that failed to build: gc-style diagnostics, already ordered.
#[derive(Debug)]
pub struct BuildError {
    pub diags: Vec<Diag>,
    /// `# example.com/m`: the go command's line naming the package whose
    /// compile failed (package-directory and several-file runs).
    pub header: Option<String>,
}

impl BuildError {
    /// The lines `go build` would print (at most 10, then `too many errors`).
    pub fn lines(&self) -> Vec<String> {
        let mut out: Vec<String> = self.header.iter().map(|h| format!("# {h}")).collect();
        out.extend(self.diags.iter().take(10).map(|d| d.to_string()));
        if self.diags.len() > 10 {
            // gc puts it at the last error printed.
            let d = &self.diags[9];
            out.push(
                Diag {
                    msg: "too many errors".into(),
                    ..d.clone()
                }
                .to_string(),
            );
        }
        out
    }
}

/// Stack of the thread that runs the front end. Parsing, checking and
/// compiling recurse over the syntax tree, and Go allows very deep trees
/// (`x := 1+1+...` with 50,000 terms builds with gc); the lexer bounds the
/// depth (`minigo_lexer::MAX_CHAIN`) and this bounds the stack it needs.
/// Only the pages actually touched are committed, but the whole range is
/// address space: under a lower `ulimit -v` the thread is started with
/// the largest power-of-two stack the limit lets it map, down to
/// [`MIN_FRONT_END_STACK`] (ordinary programs need a few MiB).
pub const FRONT_END_STACK: usize = 1 << 30;

/// The smallest front-end stack [`build`] settles for.
pub const MIN_FRONT_END_STACK: usize = 16 << 20;

/// Loads, checks and compiles `src` (named `name` in messages), on a
/// thread with [`FRONT_END_STACK`] (or as much of it as `ulimit -v`
/// allows).
pub fn build(name: &str, src: &[u8]) -> Result<(Program, Image), BuildError> {
    let (n, s): (std::sync::Arc<str>, std::sync::Arc<[u8]>) = (name.into(), src.into());
    on_deep_stack(name, move || build_here(&n, &s))
}

/// [`build`] for a run: only the image comes back. The front end's data
/// (the syntax trees of every package, several MB for a program using
/// `fmt`) is freed by the build thread after it hands the image over, so
/// the program starts while that happens instead of after (measured:
/// hello world spent 4-5 ms of its ~90 ms start-up in that drop).
pub fn build_image(name: &str, src: &[u8]) -> Result<Image, BuildError> {
    let (n, s): (std::sync::Arc<str>, std::sync::Arc<[u8]>) = (name.into(), src.into());
    image_on_deep_stack(name, move || build_here(&n, &s))
}

/// [`build_package`] for a run: as [`build_image`].
pub fn build_package_image(spec: PackageSpec) -> Result<Image, BuildError> {
    let name = spec.files.first().map(|f| f.0.clone()).unwrap_or_default();
    image_on_deep_stack(&name, move || build_package_here(&spec))
}

/// What `go run` builds when given a directory or several files.
#[derive(Clone, Debug)]
pub struct PackageSpec {
    /// (name in messages, base name, bytes) of each file, in build order.
    pub files: Vec<(String, String, Vec<u8>)>,
    /// `example.com/m/cmd/tool`, or `command-line-arguments` for files.
    pub import_path: String,
    pub module: Option<crate::modules::Module>,
    /// The package's directory (absolute, for the go command's messages).
    pub dir: std::path::PathBuf,
}

/// [`build`] for a package of several files, possibly in a module.
pub fn build_package(spec: PackageSpec) -> Result<(Program, Image), BuildError> {
    let name = spec.files.first().map(|f| f.0.clone()).unwrap_or_default();
    on_deep_stack(&name, move || build_package_here(&spec))
}

fn build_package_here(spec: &PackageSpec) -> Result<(Program, Image), BuildError> {
    crate::stdlib::runtime::debug::set_main_module(
        &spec.import_path,
        spec.module.as_ref().map(|m| m.path.as_str()),
    );
    let prog = crate::program::load_package(
        spec.files.clone(),
        &spec.import_path,
        &spec.dir,
        spec.module.clone(),
    )
    .map_err(|diags| BuildError {
        diags,
        header: None,
    })?;
    finish(prog, &spec.import_path, true)
}

/// [`build_package`] for a test binary: the package's files include its
/// `_test.go` files and a generated file whose function `entry` the
/// program starts in (see [`crate::gotest`]).
/// `tests_of`: the directory of the package an external test package
/// tests, loaded with its own `_test.go` files.
pub fn build_test_package(
    spec: PackageSpec,
    entry: &str,
    tests_of: Option<std::path::PathBuf>,
) -> Result<(Program, Image), BuildError> {
    let name = spec.files.first().map(|f| f.0.clone()).unwrap_or_default();
    let entry = entry.to_string();
    let under_test = spec.import_path.trim_end_matches("_test");
    crate::stdlib::runtime::debug::set_main_module(
        &format!("{under_test}.test"),
        spec.module.as_ref().map(|m| m.path.as_str()),
    );
    on_deep_stack(&name, move || {
        let mut prog = crate::program::load_test_package(
            spec.files.clone(),
            &spec.import_path,
            &spec.dir,
            spec.module.clone(),
            tests_of.clone(),
        )
        .map_err(|diags| BuildError {
            diags,
            header: None,
        })?;
        prog.entry = entry.clone();
        finish(prog, &spec.import_path, true)
    })
}

fn internal_error(name: &str, msg: &str) -> BuildError {
    BuildError {
        diags: vec![Diag {
            file: name.to_string(),
            line: 0,
            col: 0,
            msg: format!("minigo: internal error: {msg}"),
        }],
        header: None,
    }
}

fn on_deep_stack(
    name: &str,
    f: impl FnOnce() -> Result<(Program, Image), BuildError> + Send + Clone + 'static,
) -> Result<(Program, Image), BuildError> {
    let t = crate::phases::Timer::start();
    let r = spawn_deep(name, f)?
        .join()
        .map_err(|_| internal_error(name, "the compiler panicked"))?;
    t.stop("build thread (total)");
    r
}

/// Runs `f` on a deep stack and returns its image as soon as it is made;
/// the thread then drops the [`Program`] on its own and is not waited for
/// (exiting the process may cut that short, which frees nothing anyone
/// needs).
fn image_on_deep_stack(
    name: &str,
    f: impl FnOnce() -> Result<(Program, Image), BuildError> + Send + Clone + 'static,
) -> Result<Image, BuildError> {
    let t = crate::phases::Timer::start();
    let (tx, rx) = std::sync::mpsc::sync_channel(1);
    let (back_tx, back_rx) = std::sync::mpsc::sync_channel::<Image>(1);
    // (Shared, because a thread that fails to start is tried again with
    // a clone of the closure.)
    let back_rx = std::sync::Arc::new(std::sync::Mutex::new(back_rx));
    let handle = spawn_deep(name, move || {
        let (r, prog) = match f() {
            Ok((prog, image)) => (Ok(image), Some(prog)),
            Err(e) => (Err(e), None),
        };
        let sent = r.is_ok();
        let _ = tx.send(r);
        // The image comes back once copied (or not, if the receiver is
        // gone): it dies with the syntax trees it was built among.
        let original = if sent {
            let rx = back_rx.lock().unwrap_or_else(|e| e.into_inner());
            rx.recv().ok()
        } else {
            None
        };
        crate::phases::time("drop AST (build thread)", || drop((prog, original)));
        crate::phases::time("drop front-end pages", drop_clean_executable_pages);
    })?;
    // (Starting MMTk here, while this thread only waits, would take its
    // ~3% of hello world's start-up instructions off the critical path,
    // but its memory then adds to the build's peak: +0.9 MB RSS.)
    // A panic drops the sender unsent.
    let r = rx
        .recv()
        .map_err(|_| internal_error(name, "the compiler panicked"))?;
    // The image was allocated among the syntax trees: once they are
    // freed, each allocator page holding a piece of it stays resident
    // for the whole run. A copy made here is packed into pages of its
    // own (and its vectors lose their spare capacity).
    let r = r.map(|image| {
        let copy = crate::phases::time("copy image", || image.clone());
        let _ = back_tx.send(image);
        copy
    });
    // Under a `ulimit -v` the heap is sized from what is left of the
    // address space, and the thread's deep stack is still mapped until it
    // exits: wait for it (the drop is then on the critical path again).
    if address_space_limited() {
        let _ = handle.join();
    } else {
        // Otherwise the program's first collection waits for it (a
        // program that never collects, hello world, does not), so that a
        // heap past its first goal never grows on top of the resident
        // syntax trees: gc_churn's front end peaks at 23 MB (10.8 MB of
        // it the allocator's), its run at 28 MB, and on a loaded machine
        // the two added up.
        *FRONT_END.lock().unwrap_or_else(|e| e.into_inner()) = Some(handle);
        minigo_gc::collection::set_before_collection_hook(wait_front_end_freed);
    }
    t.stop("build thread (total)");
    r
}

/// The thread freeing the last run's front end (see [`image_on_deep_stack`]).
static FRONT_END: std::sync::Mutex<Option<std::thread::JoinHandle<()>>> =
    std::sync::Mutex::new(None);

/// Waits until the front end's data is freed and its pages dropped.
fn wait_front_end_freed() {
    let h = FRONT_END.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(h) = h {
        let _ = h.join();
    }
}

/// Takes the executable's clean pages out of the resident set once the
/// front end is done with them. Parsing the standard library's embedded
/// sources and running the parser, checker and compiler touch most of
/// the binary (measured: 8.2 of its 10.6 MB resident after building
/// hello world), and those file pages stayed resident for the whole run,
/// a third of gc_churn's peak RSS. Dropping them lets the run fault back
/// in only the interpreter's and runtime's code it uses.
///
/// Only mappings of the executable that are not writable and hold no
/// private (copy-on-write) page are dropped: their pages are exactly the
/// file's bytes, so `MADV_DONTNEED` loses nothing, and the next access
/// reads the same bytes from the page cache. The read-only-after-
/// relocation segment (RELRO) holds relocated words in private pages and
/// is skipped by that rule.
pub fn drop_clean_executable_pages() {
    let Ok(smaps) = std::fs::read_to_string("/proc/self/smaps") else {
        return;
    };
    struct Vma {
        lo: usize,
        hi: usize,
        writable: bool,
        file: String,
        private_pages: bool,
    }
    let mut vmas: Vec<Vma> = Vec::new();
    for line in smaps.lines() {
        let mut f = line.split_whitespace();
        let Some(range) = f.next() else { continue };
        if let Some((lo, hi)) = range.split_once('-') {
            if let (Ok(lo), Ok(hi)) = (usize::from_str_radix(lo, 16), usize::from_str_radix(hi, 16))
            {
                let perms = f.next().unwrap_or("");
                // offset, device, inode, then the path.
                let file: Vec<&str> = f.skip(3).collect();
                vmas.push(Vma {
                    lo,
                    hi,
                    writable: perms.contains('w'),
                    file: file.join(" "),
                    private_pages: false,
                });
                continue;
            }
        }
        if range == "Anonymous:" && f.next().is_some_and(|kb| kb != "0") {
            if let Some(v) = vmas.last_mut() {
                v.private_pages = true;
            }
        }
    }
    let here = drop_clean_executable_pages as *const () as usize;
    let Some(exe) = vmas
        .iter()
        .find(|v| v.lo <= here && here < v.hi && v.file.starts_with('/'))
        .map(|v| v.file.clone())
    else {
        return;
    };
    for v in vmas
        .iter()
        .filter(|v| v.file == exe && !v.writable && !v.private_pages)
    {
        // SAFETY: a read-only private mapping of the executable with no
        // private page (see above): dropping its pages keeps the mapping,
        // and every later read faults in the file's same bytes.
        unsafe { libc::madvise(v.lo as *mut libc::c_void, v.hi - v.lo, libc::MADV_DONTNEED) };
    }
}

/// Whether `RLIMIT_AS` is set (see `minigo_gc`'s heap layout).
fn address_space_limited() -> bool {
    let mut rl = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct we pass.
    unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut rl) == 0 && rl.rlim_cur != libc::RLIM_INFINITY }
}

fn spawn_deep<T: Send + 'static>(
    name: &str,
    f: impl FnOnce() -> T + Send + Clone + 'static,
) -> Result<std::thread::JoinHandle<T>, BuildError> {
    let internal = |msg: &str| internal_error(name, msg);
    let mut size = FRONT_END_STACK;
    let handle = loop {
        let f = f.clone();
        match std::thread::Builder::new()
            .name("minigo-build".into())
            .stack_size(size)
            .spawn(f)
        {
            Ok(h) => break h,
            Err(_) if size > MIN_FRONT_END_STACK => size /= 2,
            Err(e) => return Err(internal(&format!("cannot start the compiler thread: {e}"))),
        }
    };
    Ok(handle)
}

/// [`build`] on the calling thread (which needs a deep stack for deep
/// programs).
pub fn build_here(name: &str, src: &[u8]) -> Result<(Program, Image), BuildError> {
    // The go command's own errors (an import that names no package) print
    // bare; syntax errors are the compiler's, under the package's header.
    let prog = crate::phases::time("parse + load (total)", || crate::program::load(name, src))
        .map_err(|diags| BuildError {
            header: (!diags.iter().any(crate::program::is_go_command_error))
                .then(|| "command-line-arguments".to_string()),
            diags,
        })?;
    finish(prog, "command-line-arguments", true)
}

/// Checks and compiles a loaded program; `headers`: name the failing
/// package in a `# path` line as the go command does.
fn finish(prog: Program, import_path: &str, headers: bool) -> Result<(Program, Image), BuildError> {
    let name = prog
        .packages
        .last()
        .and_then(|p| p.files.first())
        .map(|f| f.name.clone())
        .unwrap_or_default();
    // `go run` builds a command: the named file must be package main.
    // (A test binary starts in its generated main, whatever the package.)
    if let Some(f) = prog
        .packages
        .last()
        .and_then(|p| p.files.first())
        .filter(|_| prog.entry == "main")
    {
        if f.ast.package.name != "main" {
            return Err(BuildError {
                diags: vec![Diag {
                    file: String::new(),
                    line: 0,
                    col: 0,
                    msg: format!("package {import_path} is not a main package"),
                }],
                header: None,
            });
        }
    }
    // The go command compiles packages one by one and stops at the first
    // that fails: only its errors are printed, under its header.
    let package_of = |diags: &[Diag]| {
        let file = diags.first().map(|d| d.file.as_str()).unwrap_or("");
        prog.packages
            .iter()
            .position(|p| p.files.iter().any(|f| f.name == file))
    };
    let check = |lazy: bool| {
        crate::phases::time("check", || crate::check::check_with(&prog, lazy)).map_err(
            |mut diags| {
                let header = if headers {
                    match package_of(&diags) {
                        Some(i) => {
                            let names: Vec<String> = prog.packages[i]
                                .files
                                .iter()
                                .map(|f| f.name.clone())
                                .collect();
                            diags.retain(|d| names.contains(&d.file) || d.file.is_empty());
                            Some(prog.packages[i].import_path.clone())
                        }
                        None => Some(import_path.to_string()),
                    }
                } else {
                    None
                };
                BuildError { diags, header }
            },
        )
    };
    // `MINIGO_CHECK_ALL=1` checks every standard-library body up front;
    // `MINIGO_LAZY_STRICT=1` makes a lazy miss an error (the tests').
    let env_on = |k: &str| std::env::var_os(k).is_some_and(|v| v != "0");
    let info = check(!env_on("MINIGO_CHECK_ALL"))?;
    let mut compiled =
        crate::phases::time("compile (total)", || crate::compile::compile(&prog, &info));
    if compiled.as_ref().is_err_and(|e| e.is_lazy_miss()) && !env_on("MINIGO_LAZY_STRICT") {
        // The checker's reachability missed a body the compiler needs:
        // check everything (slower, never wrong).
        let info = check(false)?;
        compiled = crate::phases::time("compile (total)", || crate::compile::compile(&prog, &info));
    }
    let image = compiled.map_err(|e| {
        let diag = match prog.packages.get(e.pkg).and_then(|p| p.files.get(e.file)) {
            Some(f) => Diag::at(&f.name, &f.src, e.pos, e.msg),
            None => Diag {
                file: name.clone(),
                line: 1,
                col: 1,
                msg: e.msg,
            },
        };
        BuildError {
            diags: vec![diag],
            header: headers.then(|| import_path.to_string()),
        }
    })?;
    Ok((prog, image))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run's image is the one `build` makes; only who frees the syntax
    /// trees differs. Errors come back the same way.
    #[test]
    fn build_image_is_builds_image() {
        let src = b"package main\nimport \"fmt\"\nfunc main() { fmt.Println(\"hi\") }\n";
        let (_, a) = build("a.go", src).unwrap();
        let b = build_image("a.go", src).unwrap();
        assert_eq!(
            crate::disasm::disassemble(&a, "a.go"),
            crate::disasm::disassemble(&b, "a.go")
        );
        let bad = b"package main\nfunc main() { x }\n";
        let e1 = build("b.go", bad).unwrap_err();
        let e2 = build_image("b.go", bad).unwrap_err();
        assert_eq!(e1.lines(), e2.lines());
        assert!(!e2.lines().is_empty());
    }
}
