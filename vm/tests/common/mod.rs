//! Helpers shared by the integration tests that spawn `minigo`.

use std::process::Command;

/// Gives the child every signal's default action. A test run from a
/// shell's background job (or under `nohup`) inherits SIGINT and SIGQUIT
/// ignored, and a Go program keeps a signal ignored at start ignored, so
/// without this the signal tests would test the shell, not minigo.
pub fn default_signals(cmd: &mut Command) -> &mut Command {
    use std::os::unix::process::CommandExt;
    // SAFETY: the closure runs between fork and exec and calls only
    // signal(2), which is async-signal-safe; it touches no Rust state.
    unsafe {
        cmd.pre_exec(|| {
            for s in 1..32 {
                if s != libc::SIGKILL && s != libc::SIGSTOP {
                    libc::signal(s, libc::SIG_DFL);
                }
            }
            Ok(())
        })
    }
}
