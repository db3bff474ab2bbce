//! `MINIGO_TIMES=1`: the wall time of each start-up phase (parse per
//! package, check, escape analysis, compile, verify, runtime start), one
//! line each on stderr as the phase ends. A measuring aid for start-up
//! work (issue 33); off, a phase costs one relaxed load.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("MINIGO_TIMES").is_some_and(|v| v != "0"))
}

/// Runs `f`, reporting its wall time as phase `name` when timing is on.
pub fn time<T>(name: &str, f: impl FnOnce() -> T) -> T {
    if !enabled() {
        return f();
    }
    let t = Instant::now();
    let r = f();
    report(name, t.elapsed());
    r
}

/// Reports `d` as phase `name` (for phases that are not one call).
pub fn report(name: &str, d: Duration) {
    if enabled() {
        eprintln!("minigo: time {:>8.2}ms {name}", d.as_secs_f64() * 1e3);
    }
}

/// A timer that reports when `stop` is called; free when timing is off.
pub struct Timer(Option<Instant>);

impl Timer {
    pub fn start() -> Timer {
        Timer(enabled().then(Instant::now))
    }

    pub fn stop(self, name: &str) {
        if let Some(t) = self.0 {
            report(name, t.elapsed());
        }
    }
}
