//! Process signals, as a Go program meets them.
//!
//! Owns the one thread that receives the asynchronous signals, and what
//! Go's runtime does with each (`runtime/sigtab_linux_generic.go`,
//! `sighandler` in `signal_unix.go`), when no `os/signal.Notify` asked
//! for it:
//!
//! - SIGHUP, SIGINT, SIGTERM: flush buffered stdout, then die of the
//!   signal (shell status 128 + n). SIGHUP and SIGINT ignored when minigo
//!   started (`nohup`, a background job) stay ignored, as in Go.
//! - SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV,
//!   SIGSTKFLT, SIGSYS sent by `kill`: Go's fatal-signal report (`SIGQUIT:
//!   quit`, a `PC=` line, every goroutine's stack, a register block),
//!   exit status 2.
//! - SIGTSTP: the process stops, as with no handler.
//! - everything else Go catches (SIGUSR1, SIGUSR2, SIGPIPE from `kill`,
//!   SIGALRM, SIGCHLD, SIGCONT, SIGURG, SIGXCPU, SIGXFSZ, SIGVTALRM,
//!   SIGPROF, SIGWINCH, SIGIO, SIGPWR, signals 35-64): ignored.
//!
//! `Notify` turns the default off: the signal thread queues the signal
//! for `os/signal`'s receiving goroutine (blocked in [`recv`], a blocking
//! native that holds no P), as Go's `sigsend` and `signal_recv` do.
//! `signal.Ignore` drops it. SIGPROF is never delivered (Go keeps it for
//! its profiler). SIGTTIN, SIGTTOU and signals 32-34 keep their kernel
//! defaults, as in Go (blocking SIGTTIN/SIGTTOU would turn a background
//! read of the terminal into EIO instead of a stop).
//!
//! # Who takes a signal
//!
//! [`block`] runs first thing in `minigo run`, before the front end, so
//! that a Ctrl-C during a long compile ends minigo as it ends `go run`.
//! It blocks the signals above in the calling thread, so every thread it
//! starts later (the compiler thread, the collector's workers, the Ms)
//! inherits the mask, and starts the signal thread, which takes them in
//! `sigwaitinfo`. The goroutine dump needs the runtime, attached later by
//! [`install`]; a SIGQUIT before that prints the report's header only.
//!
//! SIGSEGV and SIGBUS cannot be blocked: a real fault in minigo's own code
//! must still reach Rust's handler (its stack-overflow report) or the
//! default action. They get a handler that passes faults on to the
//! handler it replaced and forwards only the ones sent by a process
//! (`si_code <= 0`, Go's `sigFromUser`) to the signal thread.
//!
//! Child processes and `syscall.Exec` start with an empty mask; handlers
//! reset at exec, so children see default dispositions.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicI64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, Once};
use std::time::Duration;

use super::stdio;

/// Signal numbers 1..NSIG (Linux: 64 signals).
const NSIG: usize = 65;

/// What the runtime does with a signal no `Notify` asked for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Action {
    /// Go's `_SigKill`: die of the signal (after flushing stdout).
    Kill,
    /// Go's `_SigThrow` (or `_SigPanic` sent by a process): the report,
    /// exit status 2.
    Throw,
    /// SIGTSTP's default: stop the process.
    Stop,
    /// Go's `_SigNotify` alone: nothing.
    Ignore,
    /// Not minigo's: the kernel default stays (SIGKILL, SIGSTOP, SIGTTIN,
    /// SIGTTOU, glibc's signals 32-34).
    Untouched,
}

/// Go's `sigtable` for Linux, as far as minigo acts on it.
fn action(sig: i32) -> Action {
    match sig {
        libc::SIGHUP | libc::SIGINT | libc::SIGTERM => Action::Kill,
        libc::SIGQUIT
        | libc::SIGILL
        | libc::SIGTRAP
        | libc::SIGABRT
        | libc::SIGBUS
        | libc::SIGFPE
        | libc::SIGSEGV
        | libc::SIGSTKFLT
        | libc::SIGSYS => Action::Throw,
        libc::SIGTSTP => Action::Stop,
        libc::SIGKILL | libc::SIGSTOP | libc::SIGTTIN | libc::SIGTTOU => Action::Untouched,
        1..=31 | 35..=64 => Action::Ignore,
        _ => Action::Untouched,
    }
}

/// Go's name for a fatal signal, the first line of its report.
fn name(sig: i32) -> String {
    match sig {
        libc::SIGQUIT => "SIGQUIT: quit".into(),
        libc::SIGILL => "SIGILL: illegal instruction".into(),
        libc::SIGTRAP => "SIGTRAP: trace trap".into(),
        libc::SIGABRT => "SIGABRT: abort".into(),
        libc::SIGBUS => "SIGBUS: bus error".into(),
        libc::SIGFPE => "SIGFPE: floating-point exception".into(),
        libc::SIGSEGV => "SIGSEGV: segmentation violation".into(),
        libc::SIGSTKFLT => "SIGSTKFLT: stack fault".into(),
        libc::SIGSYS => "SIGSYS: bad system call".into(),
        _ => format!("signal {sig}"),
    }
}

/// Taken by a handler that forwards them (see the module docs), not
/// blocked.
fn forwarded(sig: i32) -> bool {
    sig == libc::SIGSEGV || sig == libc::SIGBUS
}

/// Taken by the signal thread from the blocked set.
fn blocked(sig: i32) -> bool {
    action(sig) != Action::Untouched && !forwarded(sig)
}

/// Per signal: has a Notify asked for it (Go's `sig.wanted`)?
static WANTED: [AtomicBool; NSIG] = [const { AtomicBool::new(false) }; NSIG];

/// Per signal: dropped instead of its default (Go's `sig.ignored`).
static IGNORED: [AtomicBool; NSIG] = [const { AtomicBool::new(false) }; NSIG];

/// SIGHUP or SIGINT was ignored when minigo started: Go then installs no
/// handler, so the signal stays ignored whenever no Notify wants it,
/// even after `signal.Reset`.
static IGNORED_AT_START: [AtomicBool; NSIG] = [const { AtomicBool::new(false) }; NSIG];

/// Notified signals not yet received (Go's `sig.mask` of pending ones).
static PENDING: Mutex<VecDeque<i32>> = Mutex::new(VecDeque::new());
static ARRIVED: Condvar = Condvar::new();

fn flag(table: &[AtomicBool; NSIG], sig: i32) -> Option<&AtomicBool> {
    usize::try_from(sig).ok().and_then(|i| table.get(i))
}

/// os/signal's `signal_enable`: deliver `sig` to [`recv`] from now on
/// (and no longer ignore it). False if minigo cannot take `sig`.
pub fn enable(sig: i32) -> bool {
    if action(sig) == Action::Untouched {
        return false;
    }
    if let Some(i) = flag(&IGNORED, sig) {
        i.store(false, Ordering::SeqCst);
    }
    if let Some(w) = flag(&WANTED, sig) {
        w.store(true, Ordering::SeqCst);
    }
    true
}

/// os/signal's `signal_disable`: back to the default action. An ignore
/// stays (Go's `sigdisable` does not reinstall a handler that
/// `signal.Ignore` removed).
pub fn disable(sig: i32) {
    if let Some(w) = flag(&WANTED, sig) {
        w.store(false, Ordering::SeqCst);
    }
}

/// os/signal's `signal_ignore`: drop `sig` (when `on`) instead of taking
/// its default action; with `on` false, stop dropping it.
pub fn ignore(sig: i32, on: bool) {
    let Some(i) = flag(&IGNORED, sig) else { return };
    if on {
        disable(sig);
        if matches!(sig, libc::SIGTTIN | libc::SIGTTOU) {
            // Not taken by the signal thread: ignore them in the kernel,
            // as Go's `sigignore` does for every signal it may notify.
            // SAFETY: setting a standard signal's disposition to SIG_IGN.
            unsafe { libc::signal(sig, libc::SIG_IGN) };
        }
    }
    i.store(on, Ordering::SeqCst);
}

/// os/signal's `signal_ignored`.
pub fn ignored(sig: i32) -> bool {
    flag(&IGNORED, sig).is_some_and(|i| i.load(Ordering::SeqCst))
}

/// os/signal's `signal_recv`: blocks the calling thread until a notified
/// signal arrives, and returns it.
pub fn recv() -> i32 {
    let mut q = PENDING.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        if let Some(sig) = q.pop_front() {
            return sig;
        }
        q = ARRIVED.wait(q).unwrap_or_else(|e| e.into_inner());
    }
}

/// Go's `sigsend`: queue a wanted signal (each at most once while
/// pending, as Go coalesces them). False if no Notify wants it.
fn sigsend(sig: i32) -> bool {
    if !flag(&WANTED, sig).is_some_and(|w| w.load(Ordering::SeqCst)) {
        return false;
    }
    let mut q = PENDING.lock().unwrap_or_else(|e| e.into_inner());
    if !q.contains(&sig) {
        q.push_back(sig);
    }
    ARRIVED.notify_one();
    true
}

/// Go's `sigpipe`, for a write to stdout or stderr that found a broken
/// pipe: returns if the program ignores or notifies SIGPIPE (the write
/// then fails with EPIPE), else dies of SIGPIPE.
pub(crate) fn sigpipe() {
    if !ignored(libc::SIGPIPE) && !sigsend(libc::SIGPIPE) {
        die_of_sigpipe();
    }
}

/// Whether a broken stdout or stderr would be reported to the program
/// instead of killing it (SIGPIPE ignored or notified).
pub(crate) fn sigpipe_handled() -> bool {
    ignored(libc::SIGPIPE) || flag(&WANTED, libc::SIGPIPE).is_some_and(|w| w.load(Ordering::SeqCst))
}

/// The runtime whose goroutines a fatal-signal report lists.
static RUNTIME: Mutex<Option<minigo_runtime::Runtime>> = Mutex::new(None);

/// The signal thread's id (`gettid`), where the SIGSEGV/SIGBUS handler
/// forwards signals sent by a process; 0 until it runs.
static SIGNAL_TID: AtomicI32 = AtomicI32::new(0);

/// `si_code` and `si_addr` of the last forwarded SIGSEGV/SIGBUS, for the
/// report's `sigcode=` and `addr=` (Go prints the sender's siginfo).
static FORWARDED_CODE: AtomicI32 = AtomicI32::new(0);
static FORWARDED_ADDR: AtomicUsize = AtomicUsize::new(0);

/// The handlers the SIGSEGV/SIGBUS forwarder replaced (`sa_sigaction`,
/// `sa_flags`), for faults.
static PREV_SEGV: (AtomicUsize, AtomicI64) = (AtomicUsize::new(0), AtomicI64::new(0));
static PREV_BUS: (AtomicUsize, AtomicI64) = (AtomicUsize::new(0), AtomicI64::new(0));

fn prev_handler(sig: i32) -> &'static (AtomicUsize, AtomicI64) {
    if sig == libc::SIGBUS {
        &PREV_BUS
    } else {
        &PREV_SEGV
    }
}

/// The blocked set: what the signal thread takes from `sigwaitinfo`.
fn blocked_set() -> libc::sigset_t {
    // SAFETY: `set` is a plain C struct initialized by sigemptyset
    // before use.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for s in 1..NSIG as i32 {
            if blocked(s) {
                libc::sigaddset(&mut set, s);
            }
        }
        set
    }
}

/// Blocks the signals the signal thread takes in the calling thread and
/// starts that thread (once per process), so that every thread started
/// from now on inherits the mask: call it before any other thread
/// exists. Signals arriving before the thread runs stay pending until
/// then.
pub fn block() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let set = blocked_set();
        // SAFETY: `set` is initialized; pthread_sigmask only changes this
        // thread's mask; sigaction with a null new action only reads.
        unsafe {
            libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
            for s in [libc::SIGHUP, libc::SIGINT] {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(s, std::ptr::null(), &mut old) == 0
                    && old.sa_sigaction == libc::SIG_IGN
                {
                    IGNORED_AT_START[s as usize].store(true, Ordering::SeqCst);
                    IGNORED[s as usize].store(true, Ordering::SeqCst);
                }
            }
        }
        let spawned = std::thread::Builder::new()
            .name("minigo-signals".into())
            .spawn(move || signal_thread(set));
        match spawned {
            Ok(_) => forward_faults(),
            Err(_) => {
                // No thread to take them: let the signals act as before.
                // SAFETY: as above.
                unsafe { libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut()) };
            }
        }
    });
}

/// Attaches the program's runtime to the signal thread, for the
/// goroutines of a fatal-signal report. Call it before the runtime
/// starts its threads (it also blocks the signals if that was not done).
pub fn install(rt: minigo_runtime::Runtime) {
    block();
    *RUNTIME.lock().unwrap_or_else(|e| e.into_inner()) = Some(rt);
}

fn signal_thread(set: libc::sigset_t) {
    // SAFETY: gettid has no preconditions.
    SIGNAL_TID.store(unsafe { libc::gettid() }, Ordering::SeqCst);
    // The forwarded signals come to this thread only: block them here.
    // SAFETY: `both` is initialized by sigemptyset before use.
    let mut wait_set = set;
    unsafe {
        let mut both: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut both);
        for s in [libc::SIGSEGV, libc::SIGBUS] {
            libc::sigaddset(&mut both, s);
            libc::sigaddset(&mut wait_set, s);
        }
        libc::pthread_sigmask(libc::SIG_BLOCK, &both, std::ptr::null_mut());
    }
    loop {
        // SAFETY: `info` is a plain C struct the call fills in.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: `wait_set` is initialized, `info` a valid out-pointer.
        let sig = unsafe { libc::sigwaitinfo(&wait_set, &mut info) };
        if sig <= 0 {
            continue; // EINTR
        }
        let (code, addr) = if forwarded(sig) {
            (
                FORWARDED_CODE.load(Ordering::SeqCst),
                FORWARDED_ADDR.load(Ordering::SeqCst),
            )
        } else {
            (info.si_code, 0)
        };
        take(sig, code, addr);
    }
}

/// What the runtime does with `sig` (Go's `sighandler`, for a signal that
/// is not a fault of the program's own).
fn take(sig: i32, code: i32, addr: usize) {
    if sig == libc::SIGPROF || sigsend(sig) || ignored(sig) {
        return;
    }
    match action(sig) {
        Action::Kill if IGNORED_AT_START[sig as usize].load(Ordering::SeqCst) => {}
        Action::Kill => die_of(sig),
        Action::Throw => throw(sig, code, addr),
        Action::Stop => stop_process(sig),
        Action::Ignore | Action::Untouched => {}
    }
}

/// Installs the SIGSEGV/SIGBUS forwarder (see the module docs).
fn forward_faults() {
    for sig in [libc::SIGSEGV, libc::SIGBUS] {
        // SAFETY: `act` and `old` are plain C structs, initialized
        // (zeroed, then sa_mask by sigemptyset) before use; the handler
        // is an `extern "C"` function of the SA_SIGINFO signature.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(sig, std::ptr::null(), &mut old) != 0
                || old.sa_sigaction == libc::SIG_IGN
            {
                continue;
            }
            let prev = prev_handler(sig);
            prev.0.store(old.sa_sigaction, Ordering::SeqCst);
            prev.1.store(old.sa_flags as i64, Ordering::SeqCst);
            let mut act: libc::sigaction = std::mem::zeroed();
            act.sa_sigaction = forward_or_fault as *const () as usize;
            act.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
            libc::sigemptyset(&mut act.sa_mask);
            libc::sigaction(sig, &act, std::ptr::null_mut());
        }
    }
}

/// The SIGSEGV/SIGBUS handler. Async-signal-safe: atomics and raw system
/// calls only.
extern "C" fn forward_or_fault(sig: i32, info: *mut libc::siginfo_t, ctx: *mut libc::c_void) {
    // SAFETY: the kernel passes a valid siginfo for an SA_SIGINFO
    // handler; null is checked anyway.
    let code = if info.is_null() {
        1
    } else {
        unsafe { (*info).si_code }
    };
    if code <= 0 {
        // Sent by a process (kill, tgkill, sigqueue): the signal thread's.
        let tid = SIGNAL_TID.load(Ordering::SeqCst);
        if tid != 0 {
            FORWARDED_CODE.store(code, Ordering::SeqCst);
            // SAFETY: `info` is non-null here (code came from it).
            FORWARDED_ADDR.store(unsafe { (*info).si_addr() } as usize, Ordering::SeqCst);
            // SAFETY: tgkill on this process's own thread id.
            unsafe {
                libc::syscall(libc::SYS_tgkill, libc::getpid(), tid, sig);
            }
        }
        return;
    }
    // A fault in minigo's own code: what the replaced handler does.
    let prev = prev_handler(sig);
    let h = prev.0.load(Ordering::SeqCst);
    let flags = prev.1.load(Ordering::SeqCst) as i32;
    if h == libc::SIG_DFL || h == libc::SIG_IGN {
        // Returning re-executes the faulting instruction, which now takes
        // the default action.
        // SAFETY: setting a standard signal's disposition.
        unsafe { libc::signal(sig, libc::SIG_DFL) };
    } else if flags & libc::SA_SIGINFO != 0 {
        // SAFETY: `h` was installed as an SA_SIGINFO handler, so it has
        // this signature; it gets the arguments the kernel gave us.
        let f: extern "C" fn(i32, *mut libc::siginfo_t, *mut libc::c_void) =
            unsafe { std::mem::transmute(h) };
        f(sig, info, ctx);
    } else {
        // SAFETY: `h` was installed as a plain handler.
        let f: extern "C" fn(i32) = unsafe { std::mem::transmute(h) };
        f(sig);
    }
}

/// How long a fatal-signal report waits for running goroutines to stop at
/// a safe point; one that does not (a long native call) is listed without
/// its stack.
const DUMP_STOP_WAIT: Duration = Duration::from_millis(500);

/// Go's report of a fatal signal: its name, the `PC=` line, every
/// goroutine, the registers; exit status 2.
fn throw(sig: i32, code: i32, addr: usize) -> ! {
    let mut out = format!("{}\nPC=0x0 m=0 sigcode={code}", name(sig));
    if sig == libc::SIGSEGV || sig == libc::SIGBUS {
        out.push_str(&format!(" addr=0x{addr:x}"));
    }
    out.push('\n');
    if sig == libc::SIGILL || sig == libc::SIGFPE {
        // Go shows the bytes at the PC; minigo has no machine PC.
        out.push_str("instruction bytes: 0x0\n");
    }
    let rt = RUNTIME.lock().unwrap_or_else(|e| e.into_inner()).clone();
    // Go's layout: a blank line after the header, one before each
    // further goroutine, one before the registers.
    match rt {
        Some(rt) => out.push_str(&goroutines(&rt)),
        None => out.push('\n'),
    }
    out.push('\n');
    out.push_str(REGISTERS);
    stdio::write_fatal_report(out.as_bytes());
    std::process::exit(2)
}

/// Go's `dumpregs` block, in its shape: minigo's goroutines have no
/// machine registers of their own.
#[cfg(target_arch = "x86_64")]
const REGISTERS: &str = "rax    0x0\nrbx    0x0\nrcx    0x0\nrdx    0x0\nrdi    0x0\nrsi    0x0\n\
rbp    0x0\nrsp    0x0\nr8     0x0\nr9     0x0\nr10    0x0\nr11    0x0\nr12    0x0\nr13    0x0\n\
r14    0x0\nr15    0x0\nrip    0x0\nrflags 0x0\ncs     0x0\nfs     0x0\ngs     0x0\n";
#[cfg(not(target_arch = "x86_64"))]
const REGISTERS: &str = "";

/// Every goroutine with its stack, `goroutine N [state]:` each after a
/// blank line. The world is stopped first, so that running goroutines
/// stop at a safe point and show their stacks too (it is never
/// restarted: the process exits after the report).
fn goroutines(rt: &minigo_runtime::Runtime) -> String {
    let (done, stopped) = std::sync::mpsc::channel();
    let stopper = rt.clone();
    let _ = std::thread::Builder::new()
        .name("minigo-sigstop".into())
        .spawn(move || {
            stopper.stop_the_world();
            let _ = done.send(());
        });
    let _ = stopped.recv_timeout(DUMP_STOP_WAIT);
    let mut out = String::new();
    for g in rt.goroutine_states() {
        // A goroutine that holds its task (stopped in place, or in a
        // system call) is published with its stack; the runtime has only
        // the parked ones'.
        let (state, trace) = match super::gcroots::published_traceback(g.goid) {
            Some((t, true)) if g.state == "running" => ("syscall".to_string(), t),
            Some((t, false)) if g.state == "running" => (g.state, t),
            _ => (g.state, g.traceback),
        };
        out.push_str(&format!("\ngoroutine {} [{state}]:\n{trace}", g.goid));
    }
    out
}

/// SIGTSTP's default, which the blocked signal cannot take by itself:
/// stop the whole process until SIGCONT.
fn stop_process(sig: i32) {
    stdio::flush_stdout();
    // SAFETY: default disposition, unblock in this thread, raise (which
    // stops the process), then back to blocked and waited for.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, sig);
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::raise(sig);
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
    }
}

/// Dies of SIGPIPE (stdout or stderr is a broken pipe), flushing nothing:
/// the output has nowhere to go.
pub(crate) fn die_of_sigpipe() -> ! {
    raise_default(libc::SIGPIPE)
}

/// Dies of `sig` with its default action, after flushing stdout.
fn die_of(sig: libc::c_int) -> ! {
    stdio::flush_stdout();
    raise_default(sig)
}

fn raise_default(sig: libc::c_int) -> ! {
    // SAFETY: restoring the default disposition and unblocking a signal in
    // this thread, then raising it, are plain libc calls on valid values.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, sig);
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::raise(sig);
    }
    // Not reached for a fatal signal; be safe anyway.
    std::process::exit(128 + sig)
}
