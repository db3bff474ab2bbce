//! Traps, Go panics, `defer` and `recover`.
//!
//! A fallible operation returns `Err(Trap)`; the run loop turns a trap into
//! a panic record (or a fatal error) and unwinds:
//! 1. the top frame's deferred thunks run LIFO, each as a frame of kind
//!    `PanicDefer` pushed above it (its caller's frames stay, as in Go);
//! 2. when such a call returns and its panic was recovered, the frame that
//!    deferred it resumes at `Proto::recover_pc` (its epilogue);
//! 3. a frame without deferred calls left is popped; popping a `PanicDefer`
//!    frame *aborts* the panic it served (Go prints it as part of the chain);
//! 4. the goroutine's bottom frame ends the unwinding: the panic is
//!    unrecovered and reported; a `Nested` frame (a native's call back into
//!    Go) ends it too, and the native returns `Trap::Unwind` so that its own
//!    frame continues the unwinding.
//!
//! `recover()` returns the panic value when it runs in the function called
//! directly by a panic-run deferred thunk (the compiler wraps every deferred
//! call `defer f(x)` in a thunk that calls `f`, so `f` is the "deferred
//! function" of the Go spec), the panic is the goroutine's newest and it is
//! not yet recovered.

use crate::heap::Word;

/// Why an operation did not complete.
#[derive(Debug)]
pub enum Trap {
    /// `panic(v)` with `v` an interface word.
    Panic(Word),
    /// A run-time error (a Go panic with a `runtime.Error` value).
    Runtime(RtErr),
    /// A nested run of Go code (a native calling back into Go) was unwound
    /// to its marker frame by a panic; the panic is already recorded, the
    /// caller keeps unwinding.
    Unwind,
    /// `fatal error: ...` (not recoverable): exit status 2.
    Fatal(String),
    /// Unbounded recursion: `fatal error: stack overflow`.
    StackOverflow,
    /// `os.Exit(code)`.
    Exit(i32),
    /// `runtime.Goexit()`: run the deferred calls, then end the goroutine.
    Goexit,
    /// A broken invariant of the interpreter or the image: exit status 3.
    Internal(String),
}

/// The dynamic type a run-time error value gets (its `%T`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RtKind {
    /// `runtime.boundsError`
    Bounds,
    /// `runtime.errorString` (divide by zero, nil dereference, ...)
    ErrorString,
    /// `runtime.plainError` (no `runtime error: ` prefix)
    Plain,
    /// `*runtime.TypeAssertionError` (no prefix)
    TypeAssert,
    /// `*runtime.PanicNilError`
    PanicNil,
}

#[derive(Debug)]
pub struct RtErr {
    pub kind: RtKind,
    /// The message without the `runtime error: ` prefix.
    pub msg: String,
    /// Print Go's `[signal SIGSEGV ...]` line when unrecovered.
    pub sigsegv: bool,
}

impl Trap {
    pub fn rt(kind: RtKind, msg: impl Into<String>) -> Trap {
        Trap::Runtime(RtErr {
            kind,
            msg: msg.into(),
            sigsegv: false,
        })
    }
    pub fn index(i: i64, len: usize) -> Trap {
        Trap::rt(
            RtKind::Bounds,
            if i < 0 {
                // Go leaves the length out for a negative index.
                format!("index out of range [{i}]")
            } else {
                format!("index out of range [{i}] with length {len}")
            },
        )
    }
    pub fn bounds(msg: String) -> Trap {
        Trap::rt(RtKind::Bounds, msg)
    }
    pub fn nil_deref() -> Trap {
        Trap::Runtime(RtErr {
            kind: RtKind::ErrorString,
            msg: "invalid memory address or nil pointer dereference".into(),
            sigsegv: true,
        })
    }
    pub fn divide() -> Trap {
        Trap::rt(RtKind::ErrorString, "integer divide by zero")
    }
    pub fn error_string(msg: impl Into<String>) -> Trap {
        Trap::rt(RtKind::ErrorString, msg)
    }
    pub fn plain(msg: impl Into<String>) -> Trap {
        Trap::rt(RtKind::Plain, msg)
    }
    pub fn internal(msg: impl Into<String>) -> Trap {
        Trap::Internal(msg.into())
    }
}

/// One panic of a goroutine (Go's `_panic`).
#[derive(Debug)]
pub struct PanicRec {
    /// The panic value (an interface word).
    pub value: Word,
    pub recovered: bool,
    /// A later panic unwound the deferred call that was running for this
    /// one.
    pub aborted: bool,
    pub sigsegv: bool,
    /// Not a panic but `runtime.Goexit` unwinding: `recover` returns nil
    /// during it, and reaching the bottom ends the goroutine quietly.
    pub goexit: bool,
    /// Frames at the panic: (proto, pc of the instruction, is a thunk).
    pub trace: Vec<TraceEntry>,
    /// The frame that panicked (its index; `usize::MAX` for Goexit): its
    /// saved pc is the panicking instruction, not a return address.
    pub at_frame: usize,
}

#[derive(Clone, Copy, Debug)]
pub struct TraceEntry {
    pub proto: u32,
    pub pc: u32,
    pub skip: bool,
}

/// Go's `slice bounds out of range` message for `s[lo:hi]` (2-index) on a
/// slice of capacity `cap` (`len_word` says "length": strings, arrays).
pub fn slice2_error(lo: i64, hi: i64, cap: usize, len_word: bool) -> Trap {
    let what = if len_word { "length" } else { "capacity" };
    if hi < 0 {
        return Trap::bounds(format!("slice bounds out of range [:{hi}]"));
    }
    if hi as u64 > cap as u64 {
        return Trap::bounds(format!(
            "slice bounds out of range [:{hi}] with {what} {cap}"
        ));
    }
    if lo < 0 {
        return Trap::bounds(format!("slice bounds out of range [{lo}:]"));
    }
    Trap::bounds(format!("slice bounds out of range [{lo}:{hi}]"))
}

/// Go's message for `s[lo:hi:max]`.
pub fn slice3_error(lo: i64, hi: i64, max: i64, cap: usize, len_word: bool) -> Trap {
    let what = if len_word { "length" } else { "capacity" };
    if max < 0 {
        return Trap::bounds(format!("slice bounds out of range [::{max}]"));
    }
    if max as u64 > cap as u64 {
        return Trap::bounds(format!(
            "slice bounds out of range [::{max}] with {what} {cap}"
        ));
    }
    if hi < 0 {
        return Trap::bounds(format!("slice bounds out of range [:{hi}:]"));
    }
    if hi > max {
        return Trap::bounds(format!("slice bounds out of range [:{hi}:{max}]"));
    }
    if lo < 0 {
        return Trap::bounds(format!("slice bounds out of range [{lo}::]"));
    }
    Trap::bounds(format!("slice bounds out of range [{lo}:{hi}:]"))
}
