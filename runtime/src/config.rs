//! Every knob of the runtime and its default (tokio's `builder.rs` habit).
//!
//! - `GOMAXPROCS=N`: number of Ps; default = number of CPUs
//!   (`std::thread::available_parallelism`). Values < 1 or unparsable fall
//!   back to the default, as Go does.
//! - `GODEBUG` is a comma-separated list of `key=value` (Go's syntax;
//!   unknown keys are ignored, as Go ignores them):
//!   - `schedtrace=MS`: sysmon prints a `SCHED` line every MS milliseconds
//!     to stderr (Go's format); with `scheddetail=1` it adds Go's per-P,
//!     per-M and per-G lines.
//!   - `schedstats=1`: a per-goroutine and per-P table on stderr at exit.
//!   - The scheduler lab's rule switches ([`Rules`]): `runnextoff=1`,
//!     `stealoff=1`, `globalpolloff=1`, `preemptoff=1`,
//!     `timeslice=DURATION` (Go duration syntax, default `10ms`),
//!     `handoffoff=1`, `wakeplocal=0`.

use std::time::Duration;

/// The scheduling rules a user can switch off (`GODEBUG`, module docs).
/// Every rule is on by default; each field names what turning it off does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// `runnextoff=1`: a readied or spawned G goes to the tail of the local
    /// queue instead of the runnext slot, so it neither jumps the queue nor
    /// inherits the waker's time slice.
    pub runnext: bool,
    /// `stealoff=1`: an idle M never steals from another P's queue; work
    /// spreads only through the global queue.
    pub steal: bool,
    /// `globalpolloff=1`: no 61st-tick check of the global queue, so a P
    /// with local work can starve the global queue.
    pub globalpoll: bool,
    /// `preemptoff=1`: sysmon never preempts a running G (its syscall
    /// retake still runs); a spinning G keeps its P until it blocks.
    pub preempt: bool,
    /// `timeslice=DURATION`: how long a G may hold its P before sysmon
    /// preempts it (Go's `forcePreemptNS`, 10ms).
    pub timeslice: Duration,
    /// `handoffoff=1`: a G in a blocking syscall keeps its P; sysmon does
    /// not hand it to another M.
    pub handoff: bool,
    /// `wakeplocal=0`: a G readied by another G goes to the global queue
    /// instead of the waker's P.
    pub wakeplocal: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            runnext: true,
            steal: true,
            globalpoll: true,
            preempt: true,
            timeslice: Duration::from_millis(10),
            handoff: true,
            wakeplocal: true,
        }
    }
}

impl Rules {
    /// The `GODEBUG` keys of the rules that differ from the defaults, in
    /// the form a user would write them (for headers and reports).
    pub fn describe(&self) -> String {
        let d = Rules::default();
        let mut out = Vec::new();
        if !self.runnext {
            out.push("runnextoff=1".to_string());
        }
        if !self.steal {
            out.push("stealoff=1".to_string());
        }
        if !self.globalpoll {
            out.push("globalpolloff=1".to_string());
        }
        if !self.preempt {
            out.push("preemptoff=1".to_string());
        }
        if self.timeslice != d.timeslice {
            out.push(format!("timeslice={:?}", self.timeslice));
        }
        if !self.handoff {
            out.push("handoffoff=1".to_string());
        }
        if !self.wakeplocal {
            out.push("wakeplocal=0".to_string());
        }
        out.join(",")
    }
}

/// Runtime configuration. Build with [`Config::from_env`] or by hand (tests).
#[derive(Clone, Debug)]
pub struct Config {
    /// Number of Ps (GOMAXPROCS).
    pub gomaxprocs: usize,
    /// `GODEBUG=schedtrace=MS`.
    pub schedtrace: Option<Duration>,
    /// `GODEBUG=scheddetail=1` (only with schedtrace, as in Go).
    pub scheddetail: bool,
    /// `GODEBUG=schedstats=1`.
    pub schedstats: bool,
    /// Run sysmon (retake/preemption). Go only disables it on wasm, where
    /// it then also disables runnext (`haveSysmon`); we do the same.
    pub sysmon: bool,
    /// Seed for the per-P random generators (steal order, select order).
    /// Fixed seeds make single-P schedules reproducible.
    pub seed: u64,
    /// Record every scheduling event (`trace.rs`; `minigo run --trace`).
    pub trace: bool,
    /// Make the tracer but leave recording off until
    /// [`crate::Runtime::trace_start`] (a program that imports
    /// `runtime/trace`); a program that does not pays nothing.
    pub trace_on_demand: bool,
    /// The scheduling rules (all on unless switched off in `GODEBUG`).
    pub rules: Rules,
    /// `minigo run --seed=N`: a deterministic run (`seeded.rs`): one
    /// thread runs every P, every choice comes from a PRNG seeded by N,
    /// and time is virtual.
    pub replay_seed: Option<u64>,
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
            scheddetail: false,
            schedstats: false,
            sysmon: true,
            seed: 0x9E37_79B9_7F4A_7C15,
            trace: false,
            trace_on_demand: false,
            rules: Rules::default(),
            replay_seed: None,
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
            c.apply_godebug(&dbg);
        }
        c
    }

    /// Apply a `GODEBUG` string. Later keys win, as in Go; a value that
    /// does not parse leaves the default.
    pub fn apply_godebug(&mut self, godebug: &str) {
        for kv in godebug.split(',') {
            let Some((k, v)) = kv.split_once('=') else {
                continue;
            };
            let v = v.trim();
            let flag = v.parse::<u64>().ok();
            let on = |cur: bool| flag.map_or(cur, |n| n != 0);
            match k.trim() {
                "schedtrace" => {
                    self.schedtrace = flag.filter(|&ms| ms > 0).map(Duration::from_millis)
                }
                "scheddetail" => self.scheddetail = on(self.scheddetail),
                "schedstats" => self.schedstats = on(self.schedstats),
                "runnextoff" => self.rules.runnext = !on(!self.rules.runnext),
                "stealoff" => self.rules.steal = !on(!self.rules.steal),
                "globalpolloff" => self.rules.globalpoll = !on(!self.rules.globalpoll),
                "preemptoff" => self.rules.preempt = !on(!self.rules.preempt),
                "handoffoff" => self.rules.handoff = !on(!self.rules.handoff),
                "wakeplocal" => self.rules.wakeplocal = on(self.rules.wakeplocal),
                "timeslice" => {
                    if let Some(d) = parse_duration(v).filter(|d| !d.is_zero()) {
                        self.rules.timeslice = d;
                    }
                }
                _ => {}
            }
        }
    }
}

/// Go's `time.ParseDuration` for the non-negative values a knob takes:
/// a sequence of decimal numbers with units ns, us (µs), ms, s, m, h.
pub fn parse_duration(s: &str) -> Option<Duration> {
    let s = s.trim();
    if s == "0" {
        return Some(Duration::ZERO);
    }
    let mut rest = s;
    let mut total = 0f64;
    if rest.is_empty() {
        return None;
    }
    while !rest.is_empty() {
        let num_len = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        if num_len == 0 {
            return None;
        }
        let n: f64 = rest[..num_len].parse().ok()?;
        rest = &rest[num_len..];
        let unit_len = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let scale = match &rest[..unit_len] {
            "ns" => 1.0,
            "us" | "µs" | "μs" => 1e3,
            "ms" => 1e6,
            "s" => 1e9,
            "m" => 60e9,
            "h" => 3600e9,
            _ => return None,
        };
        rest = &rest[unit_len..];
        total += n * scale;
    }
    (total.is_finite() && total < u64::MAX as f64).then(|| Duration::from_nanos(total as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(godebug: &str) -> Config {
        let mut c = Config::with_procs(1);
        c.apply_godebug(godebug);
        c
    }

    #[test]
    fn godebug_parsing() {
        let c = cfg("schedtrace=1000,scheddetail=1");
        assert_eq!(c.schedtrace, Some(Duration::from_millis(1000)));
        assert!(c.scheddetail);
        assert_eq!(cfg("gctrace=1").schedtrace, None);
        assert_eq!(cfg("schedtrace=0").schedtrace, None);
        assert!(cfg("schedstats=1").schedstats);
    }

    #[test]
    fn rule_switches_parse_and_default_on() {
        assert_eq!(cfg("").rules, Rules::default());
        assert_eq!(cfg("").rules.describe(), "");
        let c = cfg("runnextoff=1,stealoff=1,globalpolloff=1,preemptoff=1,handoffoff=1,wakeplocal=0,timeslice=2ms");
        let r = &c.rules;
        assert!(!r.runnext && !r.steal && !r.globalpoll && !r.preempt && !r.handoff);
        assert!(!r.wakeplocal);
        assert_eq!(r.timeslice, Duration::from_millis(2));
        assert_eq!(
            r.describe(),
            "runnextoff=1,stealoff=1,globalpolloff=1,preemptoff=1,timeslice=2ms,handoffoff=1,wakeplocal=0"
        );
        // `=0` turns a switch back on; later keys win; junk is ignored.
        let c = cfg("runnextoff=1,runnextoff=0,stealoff=x,timeslice=bogus,wakeplocal=1");
        assert_eq!(c.rules, Rules::default());
    }

    #[test]
    fn durations_parse_like_go() {
        assert_eq!(parse_duration("10ms"), Some(Duration::from_millis(10)));
        assert_eq!(parse_duration("1.5s"), Some(Duration::from_millis(1500)));
        assert_eq!(parse_duration("1m30s"), Some(Duration::from_secs(90)));
        assert_eq!(parse_duration("250us"), Some(Duration::from_micros(250)));
        assert_eq!(parse_duration("0"), Some(Duration::ZERO));
        assert_eq!(parse_duration("10"), None);
        assert_eq!(parse_duration("ms"), None);
        assert_eq!(parse_duration(""), None);
    }
}
