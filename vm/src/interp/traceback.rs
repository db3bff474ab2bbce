//! Go's crash reports: `panic: ...` chains, `fatal error: ...`, and the
//! `goroutine N [running]:` stack trace, written to stderr after stdout is
//! flushed.

use std::io::Write;

use super::panic::TraceEntry;
use super::{natives, stdio};
use super::{Goroutine, Program, RunOutcome};
use crate::heap::{self, Word};
use crate::rtype::Kind;
use minigo_runtime::Cx;

impl Goroutine {
    /// Prints what `out` calls for and returns the process exit status.
    pub fn report(&mut self, cx: &mut Cx<'_>, out: &RunOutcome) -> i32 {
        let prog = self.prog.clone();
        stdio::flush_stdout();
        let mut err: Vec<u8> = Vec::new();
        let code = match out {
            RunOutcome::Exited | RunOutcome::Goexit | RunOutcome::Preempted => 0,
            RunOutcome::Park(_) | RunOutcome::Yield => {
                let _ = writeln!(
                    err,
                    "minigo: internal error: goroutine parked outside the scheduler"
                );
                3
            }
            RunOutcome::Exit(c) => *c,
            RunOutcome::Internal(m) => {
                let _ = writeln!(err, "minigo: internal error: {m}");
                3
            }
            RunOutcome::Fatal(m) if m == super::natives::BREAKPOINT => {
                // `runtime.Breakpoint()`: gc executes INT3 and dies of the
                // signal; the report is the signal's, then the goroutine.
                let _ = writeln!(err, "SIGTRAP: trace trap\nPC=0x0 m=0 sigcode=128");
                err.push(b'\n');
                self.write_trace(&prog, &mut err, &self.fatal_trace.clone());
                2
            }
            RunOutcome::Fatal(m) => {
                let _ = writeln!(err, "fatal error: {m}");
                err.push(b'\n');
                self.write_trace(&prog, &mut err, &self.fatal_trace.clone());
                2
            }
            RunOutcome::StackOverflow => {
                let _ = writeln!(
                    err,
                    "runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow"
                );
                err.push(b'\n');
                self.write_trace(&prog, &mut err, &self.fatal_trace.clone());
                2
            }
            RunOutcome::Panicked => {
                let n = self.panics.len();
                let mut values: Vec<(Word, bool, bool)> = self
                    .panics
                    .iter()
                    .map(|p| (p.value, p.recovered, false))
                    .collect();
                // Go 1.23+: re-panicking a recovered panic's own value
                // prints it once, as `[recovered, repanicked]`.
                let mut i = 1;
                while i < values.len() {
                    if values[i - 1].1 && values[i - 1].0 == values[i].0 {
                        values.remove(i - 1);
                        values[i - 1].2 = true;
                    } else {
                        i += 1;
                    }
                }
                let trace = self
                    .panics
                    .last()
                    .map(|p| p.trace.clone())
                    .unwrap_or_default();
                // Go's preprintpanics: every value's text first; a method
                // that panics there is a fatal error instead.
                let mut texts = Vec::with_capacity(values.len());
                for &(v, _, _) in &values {
                    match self.panic_value_text_checked(cx, &prog, v) {
                        Ok(t) => texts.push(t),
                        Err(why) => {
                            let _ =
                                writeln!(err, "fatal error: panic while printing panic value{why}");
                            err.push(b'\n');
                            self.write_trace(&prog, &mut err, &trace);
                            stdio::write_stderr(&err);
                            crate::stdlib::runtime::debug::write_crash_output(&err);
                            return 2;
                        }
                    }
                }
                for (i, ((_, recovered, repanicked), text)) in
                    values.into_iter().zip(texts).enumerate()
                {
                    if i > 0 {
                        err.push(b'\t');
                    }
                    err.extend_from_slice(b"panic: ");
                    // Go's printindented: a newline in the value is
                    // followed by a tab, so that no line of the value can
                    // pass for a line of the traceback.
                    for &b in &text {
                        err.push(b);
                        if b == b'\n' {
                            err.push(b'\t');
                        }
                    }
                    if repanicked {
                        err.extend_from_slice(b" [recovered, repanicked]");
                    } else if recovered {
                        err.extend_from_slice(b" [recovered]");
                    }
                    err.push(b'\n');
                }
                if self.panics.last().is_some_and(|p| p.sigsegv) {
                    err.extend_from_slice(
                        b"[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x0]\n",
                    );
                }
                let _ = n;
                err.push(b'\n');
                self.write_trace(&prog, &mut err, &trace);
                2
            }
        };
        stdio::write_stderr(&err);
        crate::stdlib::runtime::debug::write_crash_output(&err);
        code
    }

    /// The stack of a parked goroutine, for the deadlock report (the
    /// `goroutine N [reason]:` header is the runtime's).
    pub fn parked_trace(&self) -> String {
        let prog = self.prog.clone();
        let mut out = Vec::new();
        self.write_frames(&prog, &mut out, &self.capture_trace());
        String::from_utf8_lossy(&out).into_owned()
    }

    /// The running goroutine's own stack for `runtime.Stack` and
    /// `debug.Stack`: as [`Self::parked_trace`], but inside a deferred call
    /// a panic runs, with Go's `panic(...)` line and the frames below it
    /// that panicked.
    pub fn running_trace(&self) -> String {
        let prog = self.prog.clone();
        let mut out = Vec::new();
        self.write_frames(&prog, &mut out, &self.trace_with_panics());
        String::from_utf8_lossy(&out).into_owned()
    }

    fn write_trace(&self, prog: &Program, out: &mut Vec<u8>, trace: &[TraceEntry]) {
        let _ = writeln!(out, "goroutine {} [running]:", self.id);
        self.write_frames(prog, out, trace);
    }

    fn write_frames(&self, prog: &Program, out: &mut Vec<u8>, trace: &[TraceEntry]) {
        // The bottom frame of a goroutine a `go` statement started is its
        // thunk, in the function that has the statement: Go's `created by`.
        // A trace with `panic(...)` lines holds more entries than frames.
        let spliced = trace.iter().any(|e| e.proto == super::PANIC_LINE);
        let complete = if spliced {
            self.frames.len() <= 100
        } else {
            trace.len() == self.frames.len()
        };
        let bottom = (self.created_by != 0 && complete)
            .then(|| trace.len().checked_sub(1))
            .flatten()
            .filter(|&i| {
                prog.protos
                    .get(trace[i].proto as usize)
                    .is_some_and(super::is_go_thunk)
            });
        for (i, e) in trace.iter().enumerate().filter(|(_, e)| !e.skip) {
            if e.proto == super::PANIC_LINE {
                out.extend_from_slice(b"panic({...})\n\t$GOROOT/src/runtime/panic.go:859 +0x0\n");
                continue;
            }
            let Some(p) = prog.protos.get(e.proto as usize) else {
                continue;
            };
            let line = p.lines.get(e.pc as usize).copied().unwrap_or(0);
            if Some(i) == bottom {
                let _ = writeln!(
                    out,
                    "created by {} in goroutine {}\n\t{}:{} +0x{:x}",
                    p.name,
                    self.created_by,
                    p.file,
                    line,
                    e.pc * 4
                );
                continue;
            }
            let args = if p.nparams > 0 { "..." } else { "" };
            let _ = writeln!(
                out,
                "{}({})\n\t{}:{} +0x{:x}",
                p.name,
                args,
                p.file,
                line,
                e.pc * 4
            );
        }
        if (spliced && !complete) || (!spliced && trace.len() >= 100) {
            out.extend_from_slice(b"...additional frames elided...\n");
        }
    }

    /// Go's `printpanicval`: errors by `Error()`, Stringers by `String()`,
    /// basic values as `print` shows them, others as `(T) 0xADDR`.
    pub(crate) fn panic_value_text(&mut self, cx: &mut Cx<'_>, prog: &Program, v: Word) -> Vec<u8> {
        self.panic_value_text_checked(cx, prog, v)
            .unwrap_or_else(|_| b"(panic in method of panic value)".to_vec())
    }

    /// [`Self::panic_value_text`], or, when the value's `Error`/`String`
    /// method itself panics, what Go's `preprintpanics` throws after
    /// `panic while printing panic value`: `: <string>` for a string
    /// panic, `: type T` otherwise.
    pub(crate) fn panic_value_text_checked(
        &mut self,
        cx: &mut Cx<'_>,
        prog: &Program,
        v: Word,
    ) -> Result<Vec<u8>, String> {
        let Some(i) = heap::iface(v) else {
            return Ok(b"nil".to_vec());
        };
        let t = prog.rtype(i.rtype);
        for m in [prog.rt.error_m, prog.rt.string_m] {
            if t.method(m).is_some() {
                let before = self.panics.len();
                return match self.call_method(cx, prog, v, m, &[]) {
                    Ok(r) => Ok(heap::str_bytes(r.first().copied().unwrap_or(0)).to_vec()),
                    Err(_) => {
                        let inner = (self.panics.len() > before)
                            .then(|| self.panics.pop().map(|p| p.value))
                            .flatten()
                            .and_then(heap::iface);
                        Err(match inner {
                            Some(i) if prog.rtype(i.rtype).name == "string" => {
                                format!(": {}", String::from_utf8_lossy(heap::str_bytes(i.data)))
                            }
                            Some(i) => format!(": type {}", prog.rtype(i.rtype).name),
                            None => String::new(),
                        })
                    }
                };
            }
        }
        // Only basic kinds print their value; others print `(T) 0xADDR`.
        let basic = t.kind == Kind::Bool
            || t.kind.is_signed_int()
            || t.kind.is_unsigned_int()
            || t.kind.is_float()
            || matches!(t.kind, Kind::Complex64 | Kind::Complex128)
            || t.kind == Kind::String;
        let plain = if basic {
            natives::builtin::print_basic(prog, i.rtype, i.data)
        } else {
            None
        };
        Ok(match (plain, t.named) {
            (Some(s), false) => s,
            (Some(s), true) => {
                let mut out = t.name.as_bytes().to_vec();
                if t.kind == Kind::String {
                    out.extend_from_slice(b"(\"");
                    out.extend_from_slice(&s);
                    out.extend_from_slice(b"\")");
                } else {
                    out.push(b'(');
                    out.extend_from_slice(&s);
                    out.push(b')');
                }
                out
            }
            (None, _) => format!("({}) 0x{:x}", t.name, i.data).into_bytes(),
        })
    }
}
