//! Process signals, as a Go program meets them.
//!
//! Owns the one thread that receives the asynchronous signals Go's runtime
//! handles: SIGQUIT prints `SIGQUIT: quit` and every goroutine's stack
//! (Go's debugging dump, `Ctrl-\`), then exits 2; SIGINT, SIGTERM and
//! SIGHUP flush buffered stdout and then kill the process with the same
//! signal, as Go dies of them (shell status 128 + n).
//!
//! os/signal's `Notify` turns a signal's default action off: the signal
//! thread then queues it for `os/signal`'s receiving goroutine (blocked in
//! [`recv`], a blocking native that holds no P), as Go's `sigsend` and
//! `signal_recv` do. SIGUSR1, SIGUSR2, SIGALRM and SIGWINCH are taken the
//! same way; unnotified, they keep their default actions (die, or for
//! SIGWINCH nothing).
//!
//! Invariant: [`install`] blocks these signals in the calling thread before
//! any M or helper thread exists, so every thread inherits the mask and
//! only the signal thread (in `sigwait`) ever takes them. Child processes
//! and `syscall.Exec` start with an empty mask.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, Once};

use super::stdio;

const SIGNALS: [libc::c_int; 8] = [
    libc::SIGQUIT,
    libc::SIGINT,
    libc::SIGTERM,
    libc::SIGHUP,
    libc::SIGUSR1,
    libc::SIGUSR2,
    libc::SIGALRM,
    libc::SIGWINCH,
];

const NSIG: usize = 65;

/// Per signal: has a Notify asked for it (Go's `sig.wanted`)?
static WANTED: [AtomicBool; NSIG] = [const { AtomicBool::new(false) }; NSIG];

/// Notified signals not yet received (Go's `sig.mask` of pending ones).
static PENDING: Mutex<VecDeque<i32>> = Mutex::new(VecDeque::new());
static ARRIVED: Condvar = Condvar::new();

/// os/signal's `signal_enable`: deliver `sig` to [`recv`] from now on.
/// False if minigo cannot take `sig` (not one of the signals it handles).
pub fn enable(sig: i32) -> bool {
    if !SIGNALS.contains(&sig) {
        return false;
    }
    WANTED[sig as usize].store(true, Ordering::SeqCst);
    true
}

/// os/signal's `signal_disable`: back to the default action.
pub fn disable(sig: i32) {
    if let Some(w) = WANTED.get(sig as usize) {
        w.store(false, Ordering::SeqCst);
    }
}

/// Per signal: has signal.Ignore asked for it to be dropped?
static IGNORED: [AtomicBool; NSIG] = [const { AtomicBool::new(false) }; NSIG];

/// os/signal's `signal_ignore`: drop `sig` (when `on`) instead of taking
/// its default action. Only the signals minigo takes can be ignored.
pub fn ignore(sig: i32, on: bool) {
    if SIGNALS.contains(&sig) {
        IGNORED[sig as usize].store(on, Ordering::SeqCst);
    }
}

/// os/signal's `signal_ignored`.
pub fn ignored(sig: i32) -> bool {
    IGNORED
        .get(sig as usize)
        .is_some_and(|i| i.load(Ordering::SeqCst))
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

/// The signal thread's `sigsend`: queue a wanted signal (each at most once
/// while pending, as Go coalesces them).
fn sigsend(sig: i32) -> bool {
    if !WANTED[sig as usize].load(Ordering::SeqCst) {
        return false;
    }
    let mut q = PENDING.lock().unwrap_or_else(|e| e.into_inner());
    if !q.contains(&sig) {
        q.push_back(sig);
    }
    ARRIVED.notify_one();
    true
}

/// Blocks the signals the signal thread takes in the calling thread, so
/// that every thread it starts from now on (the collector's workers, the
/// Ms) inherits the mask: call it before any other thread exists. A
/// process-directed signal landing on a thread that does not block it
/// would take its default action (SIGUSR1 kills) before Notify sees it.
/// Signals arriving before [`install`] stay pending until then.
pub fn block() -> libc::sigset_t {
    // SAFETY: `set` is a plain C struct initialized by sigemptyset
    // before use; pthread_sigmask only changes this thread's mask.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for s in SIGNALS {
            libc::sigaddset(&mut set, s);
        }
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
        set
    }
}

/// Starts the signal thread for the program running on `rt` (once per
/// process). Call it before the runtime starts its threads.
pub fn install(rt: minigo_runtime::Runtime) {
    static ONCE: Once = Once::new();
    ONCE.call_once(move || {
        let set = block();
        let spawned = std::thread::Builder::new()
            .name("minigo-signals".into())
            .spawn(move || loop {
                let mut sig: libc::c_int = 0;
                // SAFETY: `set` is a valid, initialized signal set and
                // `sig` a valid out-pointer.
                if unsafe { libc::sigwait(&set, &mut sig) } != 0 {
                    continue;
                }
                if sigsend(sig) || ignored(sig) {
                    continue;
                }
                match sig {
                    libc::SIGQUIT => sigquit(&rt),
                    libc::SIGWINCH => {}
                    _ => die_of(sig),
                }
            });
        if spawned.is_err() {
            // No thread to take them: let the signals act as before.
            // SAFETY: as above.
            unsafe { libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut()) };
        }
    });
}

/// Go's SIGQUIT: the signal's header, every goroutine, exit status 2.
fn sigquit(rt: &minigo_runtime::Runtime) -> ! {
    let mut out = String::from("SIGQUIT: quit\nPC=0x0 m=0 sigcode=0\n");
    for g in rt.goroutine_states() {
        out.push_str(&format!("\ngoroutine {} [{}]:\n", g.goid, g.state));
        out.push_str(&g.traceback);
    }
    stdio::write_stderr(out.as_bytes());
    std::process::exit(2)
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
