//! `minigo run --trace=FILE`: the runtime records every scheduling event
//! (`minigo_runtime::trace`); this module asks for it and writes FILE when
//! the process ends, however it ends (main returning, `os.Exit`, a panic,
//! a deadlock, a signal): the writer runs from `atexit`, which every one
//! of those paths reaches through `exit(3)`.
//!
//! Only `.json` (Trace Event Format, for Perfetto and chrome://tracing)
//! is written; [`set_path`] rejects anything else before the program runs.

use std::path::PathBuf;
use std::sync::OnceLock;

use minigo_runtime::Runtime;

/// Where the trace goes (set before the runtime starts).
static PATH: OnceLock<PathBuf> = OnceLock::new();
/// The runtime that records it.
static RT: OnceLock<Runtime> = OnceLock::new();

/// Ask for a trace in `path`. Errors (for the command line) when its
/// extension names no format minigo writes.
pub fn set_path(path: &str) -> Result<(), String> {
    if !path.ends_with(".json") {
        return Err(format!(
            "--trace={path}: the file name must end in .json (Trace Event Format)"
        ));
    }
    let _ = PATH.set(PathBuf::from(path));
    Ok(())
}

/// Is a trace wanted? (the runtime is then made with `Config::trace`).
pub(crate) fn wanted() -> bool {
    PATH.get().is_some()
}

/// The runtime that records the trace; arranges for [`write`] at exit.
pub(crate) fn attach(rt: &Runtime) {
    if wanted() && RT.set(rt.clone()).is_ok() {
        // SAFETY: registers a plain `extern "C" fn()` with libc, which
        // calls it once from `exit`.
        unsafe {
            libc::atexit(write_at_exit);
        }
    }
}

extern "C" fn write_at_exit() {
    // A panic must not unwind into libc.
    let _ = std::panic::catch_unwind(write);
}

/// Writes the records so far to the trace file; reports a failure on
/// stderr (the program's own exit status stands).
fn write() {
    let (Some(path), Some(rt)) = (PATH.get(), RT.get()) else {
        return;
    };
    let Some(records) = rt.take_trace() else {
        return;
    };
    let r = std::fs::File::create(path).and_then(|f| {
        let mut w = std::io::BufWriter::new(f);
        minigo_runtime::trace::write_json(&records, &mut w)?;
        std::io::Write::flush(&mut w)
    });
    if let Err(e) = r {
        super::stdio::write_stderr(format!("minigo: trace: {}: {e}\n", path.display()).as_bytes());
    }
}
