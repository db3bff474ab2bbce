//! Native functions: the bodiless functions of the prelude (`vm/src/prelude`)
//! and the builtins the compiler lowers to natives, implemented in Rust.
//!
//! # Calling convention
//! `CallNative{a, f, n}` calls `Program::natives[f]` with a [`NativeCtx`]
//! whose window starts at the caller's `R[a]`: arguments are `arg(0..n)`
//! (one word each, in the representation of their Go type; a variadic
//! `...T` parameter is one slice word); results are written with `ret(i,
//! w)` to `R[a + i]` (read every argument before writing results: they
//! share registers). A native fails with a [`Trap`]: `Trap::Panic` /
//! runtime errors become Go panics, `Trap::Exit` ends the process. A native
//! may call back into Go with [`NativeCtx::call`] (a nested run on the same
//! goroutine).
//!
//! Names are `pkg.Name` or `pkg.Type.Method` with `pkg` the last element
//! of the import path (`utf8.RuneLen`, `atomic.AddInt64`).

pub mod builtin;
pub mod fmt;
mod misc;
mod net;
mod os;
mod scan;
mod strconv;
mod strings;

use std::io::{BufWriter, Write};
use std::sync::{Mutex, OnceLock};

use super::panic::Trap;
use super::park::{Blocked, Stop};
use super::{Goroutine, Program};
use crate::heap::{self, Slot, Word};
use minigo_runtime::Cx;

pub type NativeFn = fn(&mut NativeCtx<'_, '_>) -> Result<(), Trap>;

/// The name of the guard native `load` appends after every proto.
pub const GUARD_NAME: &str = "minigo.fellOffEnd";

/// The `Trap::Fatal` message of `runtime.Breakpoint()`: the crash report
/// prints gc's SIGTRAP header for it instead of `fatal error:`.
pub const BREAKPOINT: &str = "\u{0}runtime.Breakpoint";

/// A native's view of its call.
pub struct NativeCtx<'a, 'c> {
    pub g: &'a mut Goroutine,
    /// The scheduler context the goroutine runs under, lent for the call.
    pub rt: &'a mut Cx<'c>,
    pub prog: &'a Program,
    /// Absolute index of `R[a]` in the goroutine's registers.
    pub base: usize,
    pub nargs: usize,
    /// The native's id (for messages).
    pub native: u16,
    /// Set by a native that blocked (see [`NativeCtx::until`]): the call
    /// runs again when the goroutine is resumed.
    pub blocked: Option<Blocked>,
}

impl NativeCtx<'_, '_> {
    /// The value of a blocking operation's result, or `None` when it
    /// blocked: the native then returns `Ok(())` at once, without writing
    /// results, and runs again from the start once the goroutine resumes.
    pub fn until<T>(&mut self, r: Result<T, Stop>) -> Result<Option<T>, Trap> {
        match r {
            Ok(v) => Ok(Some(v)),
            Err(Stop::Trap(t)) => Err(t),
            Err(Stop::Blocked(b)) => {
                self.blocked = Some(b);
                Ok(None)
            }
        }
    }

    #[inline]
    pub fn arg(&self, i: usize) -> Word {
        self.g.regs.get(self.base + i).copied().unwrap_or(0)
    }
    pub fn int(&self, i: usize) -> i64 {
        self.arg(i) as i64
    }
    pub fn float(&self, i: usize) -> f64 {
        f64::from_bits(self.arg(i))
    }
    pub fn bool(&self, i: usize) -> bool {
        self.arg(i) != 0
    }
    pub fn str(&self, i: usize) -> &'static [u8] {
        heap::str_bytes(self.arg(i))
    }
    pub fn elems(&self, i: usize) -> &'static [Slot] {
        heap::slice_elems(self.arg(i))
    }
    /// Writes result `i`.
    #[inline]
    pub fn ret(&mut self, i: usize, w: Word) -> Result<(), Trap> {
        match self.g.regs.get_mut(self.base + i) {
            Some(r) => {
                *r = w;
                Ok(())
            }
            None => Err(Trap::internal(format!(
                "native {} result {i} outside the register window",
                self.name()
            ))),
        }
    }
    pub fn ret_int(&mut self, i: usize, v: i64) -> Result<(), Trap> {
        self.ret(i, v as u64)
    }
    pub fn ret_float(&mut self, i: usize, v: f64) -> Result<(), Trap> {
        self.ret(i, v.to_bits())
    }
    pub fn ret_bool(&mut self, i: usize, v: bool) -> Result<(), Trap> {
        self.ret(i, v as u64)
    }
    pub fn ret_str(&mut self, i: usize, s: &[u8]) -> Result<(), Trap> {
        self.ret(i, heap::new_str(s))
    }
    pub fn ret_string(&mut self, i: usize, s: Vec<u8>) -> Result<(), Trap> {
        self.ret(i, heap::new_str_owned(s))
    }
    pub fn name(&self) -> &str {
        self.prog
            .native_names
            .get(self.native as usize)
            .map_or("?", |s| s.as_str())
    }
    /// Calls the Go func value `f`.
    pub fn call(&mut self, f: Word, args: &[Word]) -> Result<Vec<Word>, Trap> {
        self.g.call(self.rt, self.prog, f, args)
    }
    /// A Go panic with a string value (`panic("msg")`).
    pub fn panic_str(&self, msg: &str) -> Trap {
        Trap::Panic(heap::new_iface(
            self.prog.rt.string,
            heap::new_str(msg.as_bytes()),
        ))
    }
}

/// Words → a new slice of them.
pub fn slice_of(ws: &[Word]) -> Word {
    super::ops::words_to_slice(ws)
}

/// A `[]byte` holding `b`.
pub fn byte_slice(b: &[u8]) -> Word {
    let data = heap::alloc_slots(b.len());
    for (d, &x) in data.iter().zip(b) {
        heap::store(d, x as u64);
    }
    heap::new_slice(data, b.len())
}

/// The bytes of a `[]byte` word.
pub fn bytes_of(w: Word) -> Vec<u8> {
    heap::slice_elems(w)
        .iter()
        .map(|s| heap::load(s) as u8)
        .collect()
}

fn not_implemented(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    Err(Trap::internal(format!(
        "native function {} is not implemented",
        cx.name()
    )))
}

fn fell_off_end(_: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    Err(Trap::internal("control reached the end of a function"))
}

/// The implementation of native `name` (a stub reporting an internal error
/// when called, if there is none: programs not using it still run).
/// Natives whose system calls may block the thread (files, stdin); see
/// `Program::native_blocking`. Sockets are not here: they use the netpoller.
pub fn is_blocking(name: &str) -> bool {
    matches!(
        name,
        "os.sysRead"
            | "os.sysWrite"
            | "os.sysOpen"
            | "os.sysReadFile"
            | "os.sysWriteFile"
            | "os.sysClose"
    )
}

pub fn resolve(name: &str) -> NativeFn {
    if name == GUARD_NAME {
        return fell_off_end;
    }
    // `unicode/utf8.X` → `utf8.X`.
    let short = match name.find('.') {
        Some(dot) => match name[..dot].rfind('/') {
            Some(slash) => &name[slash + 1..],
            None => name,
        },
        None => name,
    };
    let pkg = short.split('.').next().unwrap_or("");
    let f = match pkg {
        "builtin" => builtin::lookup(short).or_else(|| misc::lookup(short)),
        "fmt" => fmt::lookup(short).or_else(|| scan::lookup(short)),
        "strconv" => strconv::lookup(short),
        "strings" => strings::lookup(short),
        "os" => os::lookup(short),
        "net" => net::lookup(short),
        _ => misc::lookup(short),
    };
    f.unwrap_or(not_implemented)
}

// ------------------------------------------------------------- output

fn stdout() -> &'static Mutex<BufWriter<std::io::Stdout>> {
    static OUT: OnceLock<Mutex<BufWriter<std::io::Stdout>>> = OnceLock::new();
    OUT.get_or_init(|| Mutex::new(BufWriter::with_capacity(1 << 16, std::io::stdout())))
}

/// Something was written to stdout since the last flush.
static STDOUT_PENDING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// How long printed output may wait in the buffer while goroutines keep
/// computing: Go writes every Print straight through, so a CPU-bound
/// program's lines must show up (and survive a kill) without waiting for a
/// goroutine to block.
const STDOUT_FLUSH_INTERVAL: std::time::Duration = std::time::Duration::from_millis(5);

/// `os.Stdin`, `os.Stdout`, `os.Stderr` closed by the program (`Close`).
/// The process's descriptors stay open (minigo's own messages and the
/// buffered output need them); what Go would do with a closed descriptor
/// is emulated: `File` reads and writes fail with `file already closed`,
/// fmt's `Print*` return that error, and what Go's runtime writes to a
/// closed fd 2 (panics, `println`) is lost.
static STD_CLOSED: [std::sync::atomic::AtomicBool; 3] = [
    std::sync::atomic::AtomicBool::new(false),
    std::sync::atomic::AtomicBool::new(false),
    std::sync::atomic::AtomicBool::new(false),
];

/// Whether standard descriptor `fd` (0, 1 or 2) was closed by the program.
pub fn std_closed(fd: i64) -> bool {
    usize::try_from(fd)
        .ok()
        .and_then(|i| STD_CLOSED.get(i))
        .is_some_and(|c| c.load(std::sync::atomic::Ordering::SeqCst))
}

/// Closes standard descriptor `fd` for the program; false if it already
/// was. Output buffered so far is written first (Go's is unbuffered).
pub fn close_std(fd: i64) -> bool {
    let Some(c) = usize::try_from(fd).ok().and_then(|i| STD_CLOSED.get(i)) else {
        return false;
    };
    flush_stdout();
    !c.swap(true, std::sync::atomic::Ordering::SeqCst)
}

/// Makes any Rust panic, on any thread (an M running a goroutine, sysmon,
/// the netpoller, the stdout flusher), end the process at once with
/// `minigo: internal error: <message>` and exit status 3. A panic is a
/// minigo bug; without this, Rust's default hook prints a backtrace note
/// and only the panicking thread dies, leaving a process that runs on
/// half-dead (a lost M, no sysmon) or hangs. Output printed so far is
/// flushed when its lock is free. For the minigo binary only: library
/// users and tests keep Rust's own panic handling.
pub fn exit_on_rust_panic() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "Rust panic".into());
        let at = info
            .location()
            .map(|l| format!(" (at {}:{})", l.file(), l.line()))
            .unwrap_or_default();
        if let Ok(mut w) = stdout().try_lock() {
            let _ = w.flush();
        }
        let thread = std::thread::current();
        let name = thread.name().unwrap_or("unnamed");
        let _ = writeln!(
            std::io::stderr(),
            "minigo: internal error: {msg}{at} [thread {name}]"
        );
        std::process::exit(3);
    }));
}

/// Writes to the process's (buffered) stdout.
pub fn write_stdout(b: &[u8]) {
    static FLUSHER: std::sync::Once = std::sync::Once::new();
    FLUSHER.call_once(|| {
        // A background flusher; if the thread cannot start, output is
        // still flushed when goroutines block and at exit.
        let _ = std::thread::Builder::new()
            .name("minigo-stdout".into())
            .spawn(|| loop {
                std::thread::sleep(STDOUT_FLUSH_INTERVAL);
                flush_stdout_if_pending();
            });
    });
    let mut w = match stdout().lock() {
        Ok(w) => w,
        Err(p) => p.into_inner(),
    };
    let r = w.write_all(b);
    STDOUT_PENDING.store(true, std::sync::atomic::Ordering::Relaxed);
    drop(w);
    check_broken_pipe(r);
}

pub fn flush_stdout() {
    let mut w = match stdout().lock() {
        Ok(w) => w,
        Err(p) => p.into_inner(),
    };
    STDOUT_PENDING.store(false, std::sync::atomic::Ordering::Relaxed);
    let r = w.flush();
    drop(w);
    check_broken_pipe(r);
}

/// A write to a broken stdout or stderr kills a Go program with SIGPIPE
/// (shell status 141), as the Go runtime does for descriptors 1 and 2;
/// Rust ignores SIGPIPE, so the write's EPIPE is turned back into it.
fn check_broken_pipe(r: std::io::Result<()>) {
    if let Err(e) = r {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            super::signals::die_of_sigpipe();
        }
    }
}

/// Flushes stdout if anything is buffered. Go's stdout is unbuffered; the
/// VM buffers for speed and flushes whenever a goroutine blocks, so a
/// program that prints and then waits (a server announcing its address)
/// shows its output at once, as it does under Go.
pub fn flush_stdout_if_pending() {
    if STDOUT_PENDING.load(std::sync::atomic::Ordering::Relaxed) {
        flush_stdout();
    }
}

/// Writes to stderr (unbuffered), flushing stdout first; nothing once
/// the program closed `os.Stderr` (Go's runtime writes to fd 2 then fail).
pub fn write_stderr(b: &[u8]) {
    if std_closed(2) {
        flush_stdout();
        return;
    }
    flush_stdout();
    let mut e = std::io::stderr().lock();
    let r = e.write_all(b).and_then(|()| e.flush());
    drop(e);
    check_broken_pipe(r);
}

#[cfg(test)]
pub(crate) use misc::duration_string as misc_duration_string;

/// Whether `name` has an implementation (not the `not_implemented` stub).
pub fn is_implemented(name: &str) -> bool {
    resolve(name) as *const () != not_implemented as *const ()
}

#[cfg(test)]
mod coverage {
    use minigo_parser::ast::{Decl, NodeIds};

    /// Every body-less function of the std prelude has a native: a program
    /// using any declared std function must not hit "not implemented".
    #[test]
    fn every_prelude_native_is_implemented() {
        let mut missing = Vec::new();
        for path in crate::prelude::PACKAGES {
            let src = crate::prelude::package_source(path).expect("prelude source");
            let mut ids = NodeIds::new();
            let file = minigo_parser::parse(src, &mut ids).expect("prelude parses");
            let pkg = path.rsplit('/').next().unwrap_or(path);
            for d in &file.decls {
                let Decl::Func(f) = d else { continue };
                if f.body.is_some() {
                    continue;
                }
                let name = match &f.recv {
                    Some(r) => {
                        let t = match &r.ty.kind {
                            minigo_parser::ast::ExprKind::Star(x) => x,
                            _ => &r.ty,
                        };
                        match &t.kind {
                            minigo_parser::ast::ExprKind::Ident(n) => {
                                format!("{pkg}.{n}.{}", f.name.name)
                            }
                            _ => continue,
                        }
                    }
                    None => format!("{pkg}.{}", f.name.name),
                };
                if !super::is_implemented(&name) {
                    missing.push(name);
                }
            }
        }
        assert!(
            missing.is_empty(),
            "natives without an implementation: {missing:?}"
        );
    }
}
