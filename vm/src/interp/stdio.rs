//! The process's standard streams as Go programs see them: buffered
//! stdout with a background flusher (Go's is unbuffered, so output must
//! show up promptly), unbuffered stderr that flushes stdout first,
//! SIGPIPE on a broken pipe, `os.Stdout`/`Stderr`/`Stdin` closed by the
//! program, and the hook that turns a Rust panic into minigo's internal
//! error exit.
//!
//! Shared by the natives (fmt, os, print), the scheduler glue (flush when
//! a goroutine parks, crash reports) and the signal thread; it depends on
//! none of them, so none of them depends on another through it.

use std::io::{BufWriter, Write};
use std::sync::{Mutex, OnceLock};

static OUT: OnceLock<Mutex<BufWriter<std::io::Stdout>>> = OnceLock::new();

fn stdout() -> &'static Mutex<BufWriter<std::io::Stdout>> {
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
        // MMTk 0.32 panics when the OS refuses to map a space's side
        // metadata (policy/space.rs, "failed to mmap meta memory"), which
        // is Go's refused commit, not a minigo bug.
        if info.location().is_some_and(|l| l.file().contains("/mmtk-"))
            && msg.contains("mmap")
            && msg.contains(&format!("os error {}", libc::ENOMEM))
        {
            refused_commit();
        }
        let at = info
            .location()
            .map(|l| format!(" (at {}:{})", l.file(), l.line()))
            .unwrap_or_default();
        flush_if_free();
        let thread = std::thread::current();
        let name = thread.name().unwrap_or("unnamed");
        let _ = writeln!(
            std::io::stderr(),
            "minigo: internal error: {msg}{at} [thread {name}]"
        );
        std::process::exit(3);
    }));
}

/// Writes to the process's (buffered) stdout; see [`try_write_stdout`].
pub fn write_stdout(b: &[u8]) {
    let _ = try_write_stdout(b);
}

/// Writes to the process's (buffered) stdout. Fails only with a broken
/// pipe the program asked to hear about (`signal.Ignore` or `Notify` of
/// SIGPIPE, Go's `epipecheck`); then the output is written through, so
/// that the write that finds the pipe broken is the one that fails.
/// Without that, a broken pipe kills the program with SIGPIPE.
pub fn try_write_stdout(b: &[u8]) -> std::io::Result<()> {
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
    if STDOUT_BROKEN.load(std::sync::atomic::Ordering::SeqCst) {
        drop(w);
        return broken_pipe(epipe());
    }
    let mut r = w.write_all(b);
    STDOUT_PENDING.store(true, std::sync::atomic::Ordering::Relaxed);
    if r.is_ok() && super::signals::sigpipe_handled() {
        STDOUT_PENDING.store(false, std::sync::atomic::Ordering::Relaxed);
        r = w.flush();
    }
    if r.is_err() {
        discard_if_broken(&mut w, &r);
    }
    drop(w);
    check_broken_pipe(r)
}

/// The sticky state of a stdout found broken while the program handles
/// SIGPIPE: a pipe whose reader is gone never takes output again, so
/// every later write fails at once.
static STDOUT_BROKEN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn epipe() -> std::io::Error {
    std::io::Error::from_raw_os_error(libc::EPIPE)
}

/// After a failed write or flush: if stdout is a broken pipe, drop what
/// is buffered (it has nowhere to go) and remember the pipe is broken.
fn discard_if_broken(w: &mut BufWriter<std::io::Stdout>, r: &std::io::Result<()>) {
    if matches!(r, Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe) {
        STDOUT_BROKEN.store(true, std::sync::atomic::Ordering::SeqCst);
        // Swap in an empty writer; `into_parts` drops the old buffer
        // without the flush that dropping the writer would try.
        let fresh = BufWriter::with_capacity(1 << 16, std::io::stdout());
        let _ = std::mem::replace(w, fresh).into_parts();
    }
}

pub fn flush_stdout() {
    let mut w = match stdout().lock() {
        Ok(w) => w,
        Err(p) => p.into_inner(),
    };
    STDOUT_PENDING.store(false, std::sync::atomic::Ordering::Relaxed);
    let r = w.flush();
    if r.is_err() {
        discard_if_broken(&mut w, &r);
    }
    drop(w);
    let _ = check_broken_pipe(r);
}

/// A write to a broken stdout or stderr kills a Go program with SIGPIPE
/// (shell status 141), as the Go runtime does for descriptors 1 and 2,
/// unless the program ignores or notifies SIGPIPE: then the write fails
/// with EPIPE. Rust ignores SIGPIPE, so the write's EPIPE is turned back
/// into the signal here.
fn check_broken_pipe(r: std::io::Result<()>) -> std::io::Result<()> {
    match r {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => broken_pipe(e),
        r => r,
    }
}

fn broken_pipe(e: std::io::Error) -> std::io::Result<()> {
    super::signals::sigpipe();
    Err(e)
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
    let _ = try_write_stderr(b);
}

/// [`write_stderr`]; a broken pipe is SIGPIPE's, as for
/// [`try_write_stdout`].
pub fn try_write_stderr(b: &[u8]) -> std::io::Result<()> {
    if std_closed(2) {
        flush_stdout();
        return Ok(());
    }
    flush_stdout();
    let mut e = std::io::stderr().lock();
    let r = e.write_all(b).and_then(|()| e.flush());
    drop(e);
    check_broken_pipe(r)
}

/// Writes a fatal report (a signal's, from the signal thread) to stderr:
/// stdout is flushed only if its lock is free, since the thread holding
/// it may be stuck writing to a pipe nobody reads, and a broken stderr
/// is no reason to die of SIGPIPE instead of the report's exit status.
pub(crate) fn write_fatal_report(b: &[u8]) {
    if let Ok(mut w) = stdout().try_lock() {
        STDOUT_PENDING.store(false, std::sync::atomic::Ordering::Relaxed);
        let _ = w.flush();
    }
    if !std_closed(2) {
        let _ = std::io::stderr().lock().write_all(b);
    }
}

/// The collector's out-of-memory handler (`minigo_gc::collection::set_oom_hook`).
pub fn gc_out_of_memory(why: minigo_gc::collection::Oom) -> ! {
    match why {
        minigo_gc::collection::Oom::Reserve(size) => out_of_memory(size),
        minigo_gc::collection::Oom::Commit => refused_commit(),
    }
}

/// Go's report when the OS refuses to commit memory it has reserved (a
/// mapping larger than memory and swap): `fatal error: runtime: out of
/// memory`, exit status 2. Allocation-free, as [`out_of_memory`].
pub fn refused_commit() -> ! {
    flush_if_free();
    if !std_closed(2) {
        let msg = b"fatal error: runtime: out of memory\n";
        // SAFETY: writes the `msg.len()` bytes of a static to fd 2.
        unsafe { libc::write(2, msg.as_ptr().cast(), msg.len()) };
    }
    // SAFETY: as in `out_of_memory`.
    unsafe { libc::_exit(2) }
}

/// Flushes stdout if it exists and its lock is free. Allocation-free:
/// it never makes the buffer (an out-of-memory report while the buffer's
/// first allocation fails must not recurse into it).
fn flush_if_free() {
    if let Some(Ok(mut w)) = OUT.get().map(|m| m.try_lock()) {
        let _ = w.flush();
    }
}

/// Go's report when the system refuses memory (`ulimit -v`, an exhausted
/// machine), for the process's global allocator: `runtime: out of memory:
/// cannot allocate N-byte block (M in use)` then `fatal error: out of
/// memory`, exit status 2. It allocates nothing (the allocator just
/// failed): stdout is flushed only if its lock is free, and the message is
/// formatted on the stack. Go follows it with goroutine stacks, which need
/// memory to collect; minigo stops at the message.
pub fn out_of_memory(size: usize) -> ! {
    flush_if_free();
    let mut buf = [0u8; 160];
    let mut n = 0;
    let mut put = |b: &[u8]| {
        let k = b.len().min(buf.len() - n);
        buf[n..n + k].copy_from_slice(&b[..k]);
        n += k;
    };
    let mut digits = [0u8; 20];
    let mut dec = |mut v: usize| -> ([u8; 20], usize) {
        let mut i = digits.len();
        loop {
            i -= 1;
            digits[i] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        let mut out = [0u8; 20];
        out[..20 - i].copy_from_slice(&digits[i..]);
        (out, 20 - i)
    };
    put(b"runtime: out of memory: cannot allocate ");
    let (d, k) = dec(size);
    put(&d[..k]);
    put(b"-byte block (");
    let (d, k) = dec(crate::heap::allocated_bytes());
    put(&d[..k]);
    put(b" in use)\nfatal error: out of memory\n");
    if !std_closed(2) {
        // SAFETY: writes `n` initialized bytes of `buf` to fd 2.
        unsafe { libc::write(2, buf.as_ptr().cast(), n) };
    }
    // SAFETY: `_exit` ends the process at once, running nothing that could
    // allocate (no atexit handlers, no destructors).
    unsafe { libc::_exit(2) }
}
