//! Process signals, as a Go program meets them.
//!
//! Owns the one thread that receives the asynchronous signals Go's runtime
//! handles: SIGQUIT prints `SIGQUIT: quit` and every goroutine's stack
//! (Go's debugging dump, `Ctrl-\`), then exits 2; SIGINT, SIGTERM and
//! SIGHUP flush buffered stdout and then kill the process with the same
//! signal, as Go dies of them (shell status 128 + n).
//!
//! Invariant: [`install`] blocks these signals in the calling thread before
//! any M or helper thread exists, so every thread inherits the mask and
//! only the signal thread (in `sigwait`) ever takes them.

use std::sync::Once;

use super::stdio;

const SIGNALS: [libc::c_int; 4] = [libc::SIGQUIT, libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// Starts the signal thread for the program running on `rt` (once per
/// process). Call it before the runtime starts its threads.
pub fn install(rt: minigo_runtime::Runtime) {
    static ONCE: Once = Once::new();
    ONCE.call_once(move || {
        // SAFETY: `set` is a plain C struct initialized by sigemptyset
        // before use; pthread_sigmask only changes this thread's mask.
        let set = unsafe {
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            for s in SIGNALS {
                libc::sigaddset(&mut set, s);
            }
            libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
            set
        };
        let spawned = std::thread::Builder::new()
            .name("minigo-signals".into())
            .spawn(move || loop {
                let mut sig: libc::c_int = 0;
                // SAFETY: `set` is a valid, initialized signal set and
                // `sig` a valid out-pointer.
                if unsafe { libc::sigwait(&set, &mut sig) } != 0 {
                    continue;
                }
                if sig == libc::SIGQUIT {
                    sigquit(&rt);
                } else {
                    die_of(sig);
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
