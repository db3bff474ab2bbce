//! Every knob of the runtime and its default (tokio's `builder.rs` habit).
//!
//! - `GOMAXPROCS=N`: number of Ps; default = number of CPUs
//!   (`std::thread::available_parallelism`). Values < 1 or unparsable fall
//!   back to the default, as Go does.
//! - `GODEBUG=schedtrace=MS`: sysmon prints a `SCHED` line every MS
//!   milliseconds to stderr (Go's format). `scheddetail=1` is parsed and
//!   ignored for now.

use std::time::Duration;

/// Runtime configuration. Build with [`Config::from_env`] or by hand (tests).
#[derive(Clone, Debug)]
pub struct Config {
    /// Number of Ps (GOMAXPROCS).
    pub gomaxprocs: usize,
    /// `GODEBUG=schedtrace=MS`.
    pub schedtrace: Option<Duration>,
    /// Run sysmon (retake/preemption). Go only disables it on wasm, where
    /// it then also disables runnext (`haveSysmon`); we do the same.
    pub sysmon: bool,
    /// Seed for the per-P random generators (steal order, select order).
    /// Fixed seeds make single-P schedules reproducible.
    pub seed: u64,
    /// Record every scheduling event (`trace.rs`; `minigo run --trace`).
    pub trace: bool,
}

/// Number of CPUs, as Go's `runtime.NumCPU()`.
pub fn num_cpu() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl Config {
    /// GOMAXPROCS = n, everything else default.
    pub fn with_procs(n: usize) -> Config {
        Config {
            gomaxprocs: n.max(1),
            schedtrace: None,
            sysmon: true,
            seed: 0x9E37_79B9_7F4A_7C15,
            trace: false,
        }
    }

    /// Read `GOMAXPROCS` and `GODEBUG` from the environment.
    pub fn from_env() -> Config {
        let procs = std::env::var("GOMAXPROCS")
            .ok()
            .and_then(|s| s.trim().parse::<usize>().ok())
            .filter(|&n| n >= 1)
            .unwrap_or_else(num_cpu);
        let mut c = Config::with_procs(procs);
        if let Ok(dbg) = std::env::var("GODEBUG") {
            c.schedtrace = parse_schedtrace(&dbg);
        }
        c
    }
}

fn parse_schedtrace(godebug: &str) -> Option<Duration> {
    godebug.split(',').find_map(|kv| {
        let (k, v) = kv.split_once('=')?;
        if k.trim() != "schedtrace" {
            return None;
        }
        let ms: u64 = v.trim().parse().ok()?;
        (ms > 0).then(|| Duration::from_millis(ms))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn godebug_parsing() {
        assert_eq!(
            parse_schedtrace("schedtrace=1000,scheddetail=1"),
            Some(Duration::from_millis(1000))
        );
        assert_eq!(parse_schedtrace("gctrace=1"), None);
        assert_eq!(parse_schedtrace("schedtrace=0"), None);
    }
}
