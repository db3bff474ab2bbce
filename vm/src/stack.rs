//! Deep recursion on the Rust side.
//!
//! A Go program can drive some of the interpreter's Rust code into
//! recursion as deep as its data: printing nested values (`fmt`), `==` on
//! nested interfaces, map keys holding nested interfaces, and natives that
//! call back into Go (`String()` methods calling `fmt.Sprintf` on the next
//! element of a list). Go runs each of these on its growable goroutine
//! stack (up to 1 GB); a fixed-size Rust thread stack would overflow and
//! abort the process long before.
//!
//! [`guard`] wraps each such recursive step in `stacker::maybe_grow`: when
//! less than [`RED_ZONE`] bytes are left on the current stack, the step runs
//! on a fresh heap-allocated segment of [`SEGMENT`] bytes (and the segment
//! is freed when it returns). That costs one thread-local read per step
//! while there is room. How deep a Go program may go is not decided here
//! but by the goroutine's stack accounting (`Goroutine::charge_native`),
//! which emulates Go's 1 GB limit and ends the program with Go's
//! `fatal error: stack overflow`.

/// Room a step needs before it recurses: the deepest Rust stack any single
/// step uses between two guards (an interpreter `execute` frame plus a
/// native such as fmt's printer), with a wide margin.
pub const RED_ZONE: usize = 256 * 1024;

/// Size of each new stack segment (one `mmap` per 8 MiB of recursion).
pub const SEGMENT: usize = 8 << 20;

/// Runs `f`, first moving to a new stack segment if this one runs low.
#[inline(always)]
pub fn guard<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}
