//! `minigo run --trace=FILE`: the runtime records every scheduling event
//! (`minigo_runtime::trace`); this module asks for it and writes FILE when
//! the process ends, however it ends (main returning, `os.Exit`, a panic,
//! a deadlock, a signal): the writer runs from `atexit`, which every one
//! of those paths reaches through `exit(3)`.
//!
//! FILE's extension picks the format: `.json` (Trace Event Format, for
//! Perfetto and chrome://tracing), `.html` (a self-contained page
//! drawing the same timeline, `minigo_runtime::trace_html`), or any
//! other name: Go's execution trace format, which `go tool trace` opens
//! (`minigo_runtime::trace_go`).
//!
//! `GODEBUG=schedstats=1` is the other consumer of the same records: it
//! turns tracing on, and at exit the records are summarised into a table
//! on stderr (`minigo_runtime::schedstats`). One `take_trace` feeds both.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::Duration;

use minigo_runtime::trace_go::{Encoder, Stacks};
use minigo_runtime::Runtime;

/// Where the trace goes (set before the runtime starts).
static PATH: OnceLock<PathBuf> = OnceLock::new();
/// The runtime that records it.
static RT: OnceLock<Runtime> = OnceLock::new();

/// Ask for a trace in `path`: `.json` (Trace Event Format, for
/// Perfetto), `.html` (a self-contained timeline page), else Go's
/// execution trace format (`go tool trace`). Errors (for the command
/// line) on an empty name.
pub fn set_path(path: &str) -> Result<(), String> {
    if path.is_empty() {
        return Err(
            "--trace=FILE: FILE ending in .json (Trace Event Format, for Perfetto), \
             .html (a self-contained timeline page), or any other name (Go's execution \
             trace format, for go tool trace)"
                .to_string(),
        );
    }
    let _ = PATH.set(PathBuf::from(path));
    Ok(())
}

/// `minigo test -trace FILE`: Go's format whatever FILE's name.
pub fn set_go_path(path: &str) {
    let _ = GO_FORMAT.set(true);
    let _ = PATH.set(PathBuf::from(path));
}

/// [`set_go_path`] was called.
static GO_FORMAT: OnceLock<bool> = OnceLock::new();

/// The trace formats minigo writes, by the file name's extension.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Format {
    Json,
    Html,
    Go,
}

impl Format {
    fn of(path: &str) -> Format {
        if path.ends_with(".json") {
            Format::Json
        } else if path.ends_with(".html") {
            Format::Html
        } else {
            Format::Go
        }
    }
}

/// Is a trace wanted? (the runtime is then made with `Config::trace`).
pub(crate) fn wanted(config: &minigo_runtime::Config) -> bool {
    PATH.get().is_some() || config.schedstats
}

/// Does the program call `runtime/trace.Start`? Then the runtime makes
/// its tracer with recording off (`Config::trace_on_demand`); a program
/// that does not gets none, and pays nothing.
pub(crate) fn on_demand(prog: &Arc<super::Program>) -> bool {
    let _ = PROG.set(prog.clone());
    prog.native_names
        .iter()
        .any(|n| n == "runtime/trace.start" || n == "runtime.traceStart")
}

/// The program, for [`symbolizer`].
static PROG: OnceLock<Arc<super::Program>> = OnceLock::new();

/// Names the pcs of goroutine stacks (`Goroutine::callers`' form:
/// proto << 32 | instruction) for Go's trace format.
pub(crate) fn symbolizer(prog: Arc<super::Program>) -> Arc<minigo_runtime::trace::Symbolizer> {
    Arc::new(move |pc: u64| match prog.protos.get((pc >> 32) as usize) {
        Some(p) => {
            let line = p.lines.get((pc & 0xffff_ffff) as usize).copied();
            (
                p.name.clone(),
                p.file.to_string(),
                u64::from(line.unwrap_or(0)),
            )
        }
        None => (String::new(), String::new(), 0),
    })
}

/// Gs' stacks are recorded for Go's format (`--trace=FILE`, `test
/// -trace`, `runtime/trace.Start`).
pub(crate) fn want_stacks(rt: &Runtime) {
    if rt.trace_symbolizer().is_none() {
        if let Some(prog) = PROG.get() {
            rt.set_trace_symbolizer(symbolizer(prog.clone()));
        }
    }
}

/// Print the schedstats table at exit?
static SCHEDSTATS: OnceLock<bool> = OnceLock::new();

/// The runtime that records the trace; arranges for [`write`] at exit.
pub(crate) fn attach(rt: &Runtime, config: &minigo_runtime::Config) {
    let _ = SCHEDSTATS.set(config.schedstats);
    let go_format = GO_FORMAT.get() == Some(&true)
        || PATH
            .get()
            .is_some_and(|p| Format::of(&p.to_string_lossy()) == Format::Go);
    if go_format {
        want_stacks(rt);
    }
    if wanted(config) && RT.set(rt.clone()).is_ok() {
        if go_format && !config.schedstats && rt.trace_stream() {
            if let Some(path) = PATH.get() {
                stream(rt, path.clone());
            }
        }
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

/// Go's format written while the program runs: a thread takes the
/// records every [`STREAM_EVERY`] that no M can still precede, encodes
/// them and writes the full batches, so that the encoding overlaps the
/// run and neither records nor the trace pile up in memory.
struct Stream {
    stop: Arc<AtomicBool>,
    thread: Mutex<Option<JoinHandle<Streamed>>>,
}

/// What the streaming thread leaves for [`write`] to finish.
type Streamed = (Encoder, io::Result<BufWriter<File>>);

static STREAM: OnceLock<Stream> = OnceLock::new();

const STREAM_EVERY: Duration = Duration::from_millis(20);

fn stream(rt: &Runtime, path: PathBuf) {
    let stop = Arc::new(AtomicBool::new(false));
    let rt2 = rt.clone();
    let stop2 = stop.clone();
    let spawned = std::thread::Builder::new()
        .name("minigo-trace-go".into())
        .spawn(move || {
            let mut enc = Encoder::new();
            let mut w = match File::create(&path) {
                Ok(f) => BufWriter::with_capacity(1 << 20, f),
                Err(e) => return (enc, Err(e)),
            };
            while !stop2.load(Ordering::Acquire) {
                std::thread::park_timeout(STREAM_EVERY);
                let records = rt2.take_trace_ready().unwrap_or_default();
                feed(&rt2, &mut enc, &records);
                if let Err(e) = enc.write_ready(&mut w) {
                    return (enc, Err(e));
                }
            }
            (enc, Ok(w))
        });
    if let Ok(h) = spawned {
        let _ = STREAM.set(Stream {
            stop,
            thread: Mutex::new(Some(h)),
        });
    }
}

/// Encodes `records`, naming their stacks with the program's symbolizer.
fn feed(rt: &Runtime, enc: &mut Encoder, records: &[minigo_runtime::trace::Record]) {
    let sym = rt.trace_symbolizer();
    let table = rt.trace_stack_table();
    let stacks = sym.as_deref().map(|sym| Stacks { table: &table, sym });
    enc.feed(records, stacks.as_ref());
}

/// Stops the streaming thread and writes the rest of its trace.
fn finish_stream(rt: &Runtime, s: &Stream) -> io::Result<()> {
    s.stop.store(true, Ordering::Release);
    let h = s.thread.lock().unwrap_or_else(|e| e.into_inner()).take();
    let Some(h) = h else { return Ok(()) };
    h.thread().unpark();
    let Ok((mut enc, w)) = h.join() else {
        return Err(io::Error::other("the trace writer failed"));
    };
    let mut w = w?;
    let records = rt.take_trace().unwrap_or_default();
    feed(rt, &mut enc, &records);
    enc.finish(&mut w)?;
    w.flush()
}

/// Writes the records so far to the trace file; reports a failure on
/// stderr (the program's own exit status stands).
fn write() {
    let Some(rt) = RT.get() else {
        return;
    };
    if let Some(s) = STREAM.get() {
        if let Err(e) = finish_stream(rt, s) {
            let path = PATH
                .get()
                .map(|p| p.display().to_string())
                .unwrap_or_default();
            super::stdio::write_stderr(format!("minigo: trace: {path}: {e}\n").as_bytes());
        }
        return;
    }
    let Some(records) = rt.take_trace() else {
        return;
    };
    if SCHEDSTATS.get() == Some(&true) {
        super::stdio::flush_stdout();
        let table = minigo_runtime::schedstats::table(&records, rt.gomaxprocs());
        super::stdio::write_stderr(table.as_bytes());
    }
    let Some(path) = PATH.get() else {
        return;
    };
    let format = match GO_FORMAT.get() {
        Some(true) => Format::Go,
        _ => Format::of(&path.to_string_lossy()),
    };
    let r = std::fs::File::create(path).and_then(|f| {
        let mut w = Pipelined::new(f);
        match format {
            Format::Json => minigo_runtime::trace::write_json(&records, &mut w)?,
            Format::Html => minigo_runtime::trace_html::write_html(&records, &mut w)?,
            Format::Go => {
                let sym = rt.trace_symbolizer();
                let table = rt.trace_stack_table();
                let stacks = sym
                    .as_deref()
                    .map(|sym| minigo_runtime::trace_go::Stacks { table: &table, sym });
                minigo_runtime::trace_go::write_with(&records, stacks, &mut w)?
            }
        }
        w.finish()
    });
    if let Err(e) = r {
        super::stdio::write_stderr(format!("minigo: trace: {}: {e}\n", path.display()).as_bytes());
    }
}

/// A writer that hands its buffers to a thread writing them to the file,
/// so that the kernel's copying overlaps the formatting: a busy program's
/// JSON is hundreds of MB. Buffers come back to be refilled. Without a
/// thread (none could be started) it writes the file itself.
struct Pipelined {
    buf: Vec<u8>,
    tx: Option<SyncSender<Vec<u8>>>,
    back: Option<Receiver<Vec<u8>>>,
    writer: Option<JoinHandle<io::Result<()>>>,
    direct: Option<File>,
}

const PIPE_BUF: usize = 1 << 20;

impl Pipelined {
    fn new(f: File) -> Pipelined {
        let mut p = Pipelined {
            buf: Vec::with_capacity(PIPE_BUF),
            tx: None,
            back: None,
            writer: None,
            direct: None,
        };
        let Ok(mut theirs) = f.try_clone() else {
            p.direct = Some(f);
            return p;
        };
        let (tx, rx) = sync_channel::<Vec<u8>>(4);
        let (back_tx, back) = sync_channel(8);
        let spawned = std::thread::Builder::new()
            .name("minigo-trace".into())
            .spawn(move || {
                for mut b in rx {
                    theirs.write_all(&b)?;
                    b.clear();
                    let _ = back_tx.try_send(b);
                }
                theirs.flush()
            });
        match spawned {
            Ok(writer) => {
                p.tx = Some(tx);
                p.back = Some(back);
                p.writer = Some(writer);
            }
            Err(_) => p.direct = Some(f),
        }
        p
    }

    /// Passes the buffer on to the file.
    fn send(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        if let Some(f) = &mut self.direct {
            f.write_all(&self.buf)?;
            self.buf.clear();
            return Ok(());
        }
        let next = self
            .back
            .as_ref()
            .and_then(|b| b.try_recv().ok())
            .unwrap_or_else(|| Vec::with_capacity(PIPE_BUF));
        let full = std::mem::replace(&mut self.buf, next);
        if self.tx.as_ref().is_some_and(|tx| tx.send(full).is_ok()) {
            Ok(())
        } else {
            // The writer stopped: its error says why.
            self.join()
        }
    }

    /// Closes the pipe and waits for the writer's result.
    fn join(&mut self) -> io::Result<()> {
        self.tx = None;
        match self.writer.take().map(JoinHandle::join) {
            Some(Ok(r)) => r,
            Some(Err(_)) => Err(io::Error::other("trace writer panicked")),
            None if self.direct.is_some() => Ok(()),
            None => Err(io::Error::other("trace writer stopped")),
        }
    }

    /// Writes what is left and waits until the file has it all.
    fn finish(mut self) -> io::Result<()> {
        self.send()?;
        self.join()
    }
}

impl Write for Pipelined {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(b);
        if self.buf.len() >= PIPE_BUF {
            self.send()?;
        }
        Ok(b.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.send()
    }
}
