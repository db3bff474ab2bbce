//! Goroutines as runtime tasks: [`GoTask`] (a [`Goroutine`] driven by
//! `minigo_runtime`), [`run_main`] (the process's life: start, deadlock
//! report, exit status), and the `go` statement and `runtime.Gosched`
//! (Go's newproc and gosched).
//!
//! A goroutine's unrecovered panic or fatal error ends the whole process
//! from the thread that ran it, as in Go; the scheduler never sees it.

use super::panic::Trap;
use super::park::{Blocked, Stop, Wait};
use super::{Goroutine, Program, RunOutcome};
use crate::heap::Word;
use minigo_runtime::{Cx, Step, Task};
use std::sync::Arc;

/// A Go goroutine as a scheduler task.
pub struct GoTask {
    pub g: Goroutine,
    /// Runs a finalizer: the next queued one starts when it exits.
    finalizer: bool,
}

impl GoTask {
    pub fn new(g: Goroutine) -> GoTask {
        GoTask {
            g,
            finalizer: false,
        }
    }

    pub(crate) fn finalizer(g: Goroutine) -> GoTask {
        GoTask { g, finalizer: true }
    }
}

impl Task for GoTask {
    fn run(&mut self, cx: &mut Cx<'_>) -> Step {
        self.g.id = cx.goid();
        if self.g.block_since != 0 {
            let since = std::mem::take(&mut self.g.block_since);
            super::profiling::block_resumed(&self.g, since);
        }
        // The flag of the P running us, polled at safe points while the
        // run loop also lends `cx` to the operations it runs.
        let seeded = cx.seeded();
        let out = loop {
            let preempt = cx.preempt_handle();
            self.g.pass_safe_point = seeded && !std::mem::take(&mut self.g.stopped_past);
            let out = self.g.run(cx, preempt.flag());
            // Profiling (`profiling::after_run`): a CPU sample the sampler
            // asked for through the preempt flag is taken here and the
            // goroutine runs on; a park starts a block-profile wait.
            if (matches!(out, RunOutcome::Preempted) || super::profiling::any_on())
                && super::profiling::after_run(&mut self.g, cx, &out, seeded)
            {
                continue;
            }
            if out == RunOutcome::Preempted && cx.gc_waiting() {
                // A collection wants the world stopped: stop here, in
                // place, and carry on with the same P afterwards.
                {
                    let _published = super::gcroots::Published::new(&self.g);
                    cx.gc_stop();
                }
                super::finalizers::run_finalizers(cx, &self.g.prog);
                continue;
            }
            break out;
        };
        match out {
            RunOutcome::Preempted => Step::Preempted,
            RunOutcome::Yield => Step::Yield,
            RunOutcome::Park(r) => {
                super::stdio::flush_stdout_if_pending();
                Step::Park(r)
            }
            RunOutcome::Exited => {
                if self.finalizer {
                    super::finalizers::finalizer_done(cx, &self.g.prog);
                }
                Step::Exit
            }
            RunOutcome::Goexit => {
                if self.finalizer {
                    super::finalizers::finalizer_done(cx, &self.g.prog);
                }
                super::stdio::flush_stdout_if_pending();
                Step::Goexit
            }
            other => {
                // A panic, fatal error or os.Exit in any goroutine ends the
                // process, as in Go: report from this thread and exit.
                let code = super::race::exit_status(self.g.report(cx, &other));
                super::stdio::flush_stdout();
                std::process::exit(code);
            }
        }
    }

    fn traceback(&self) -> String {
        self.g.parked_trace()
    }

    fn profile_stack(&self) -> minigo_runtime::ProfileStack {
        let labels = super::profiling::goroutine_labels(&self.g)
            .map(|l| l.iter().cloned().collect())
            .unwrap_or_default();
        let stack = self.g.callers(0);
        let stack = crate::stdlib::runtime::pprof::clean(&self.g.prog, &stack).to_vec();
        (stack, labels)
    }

    fn gc_roots(&self, f: &mut dyn FnMut(u64)) {
        self.g.gc_roots(f)
    }

    fn name(&self) -> String {
        self.g.start_name()
    }

    fn trace_stack(&self, out: &mut Vec<u64>) {
        self.g.callers_into(0, out)
    }
}

/// `minigo run --seed=N` (set before the program starts).
static REPLAY_SEED: std::sync::OnceLock<u64> = std::sync::OnceLock::new();

/// Make this process's run deterministic under seed `n` (see the runtime's
/// `seeded.rs`: one thread runs every P, choices from a PRNG, virtual time;
/// map order follows the seed too).
pub fn set_replay_seed(n: u64) {
    let _ = REPLAY_SEED.set(n);
}

/// Runs `prog`'s entry as goroutine 1 on a fresh runtime; returns the exit
/// status when `main` returns or the program deadlocks.
pub fn run_main(prog: Arc<Program>) -> i32 {
    let t = crate::phases::Timer::start();
    let g = match Goroutine::main(prog.clone()) {
        Ok(g) => g,
        Err(t) => {
            super::stdio::flush_stdout();
            eprintln!("minigo: internal error: cannot start: {t:?}");
            return 3;
        }
    };
    raise_open_files_limit();
    let mut config = minigo_runtime::Config::from_env();
    if let Some(&n) = REPLAY_SEED.get() {
        config.replay_seed = Some(n);
        super::map::set_process_seed(minigo_runtime::derived_seed(n, 2));
    }
    config.trace = super::trace_out::wanted(&config);
    config.trace_on_demand = super::trace_out::on_demand(&prog);
    let rt = minigo_runtime::Runtime::new(config.clone());
    super::trace_out::attach(&rt, &config);
    super::profiling::attach(&rt);
    super::signals::install(rt.clone());
    super::gcroots::enable(prog.clone(), rt.clone());
    // `MINIGO_CPU_SAMPLES=FILE`: the whole run's CPU samples as folded
    // stacks (a debugging aid; `runtime/pprof` is the user's way).
    // `MINIGO_CPU_SAMPLES_HZ` sets the rate (default 100).
    let hz = std::env::var("MINIGO_CPU_SAMPLES_HZ")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let folded =
        std::env::var_os("MINIGO_CPU_SAMPLES").filter(|_| super::profiling::cpu_profile_start(hz));
    t.stop("runtime start");
    let t = crate::phases::Timer::start();
    let status = rt.run_main(Box::new(GoTask::new(g)));
    t.stop("run");
    if let Some(path) = folded {
        let text = super::profiling::folded(&prog, &super::profiling::cpu_profile_stop());
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("minigo: MINIGO_CPU_SAMPLES: {e}");
        }
    }
    super::stdio::flush_stdout();
    match status {
        minigo_runtime::ExitStatus::Exited => 0,
        minigo_runtime::ExitStatus::Deadlock(report) => {
            let mut err = String::from("fatal error: all goroutines are asleep - deadlock!\n");
            for d in &report.goroutines {
                err.push_str(&format!(
                    "\ngoroutine {} [{}]:\n",
                    d.goid,
                    d.reason.as_str()
                ));
                err.push_str(&d.traceback);
            }
            super::stdio::write_stderr(err.as_bytes());
            crate::stdlib::runtime::debug::write_crash_output(err.as_bytes());
            2
        }
        minigo_runtime::ExitStatus::Fatal { message, .. } => {
            let msg = format!("fatal error: {message}\n");
            super::stdio::write_stderr(msg.as_bytes());
            crate::stdlib::runtime::debug::write_crash_output(msg.as_bytes());
            2
        }
        minigo_runtime::ExitStatus::TaskPanicked { goid, message } => {
            super::stdio::write_stderr(
                format!("minigo: internal error: goroutine {goid}: {message}\n").as_bytes(),
            );
            3
        }
    }
}

/// Go's `os` package raises the soft limit on open files to the hard limit
/// at startup (Go 1.19+), so a Go server can hold as many connections as
/// the system allows; so does minigo.
fn raise_open_files_limit() {
    // SAFETY: getrlimit/setrlimit only read and write the struct passed.
    unsafe {
        let mut r: libc::rlimit = std::mem::zeroed();
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut r) == 0 && r.rlim_cur < r.rlim_max {
            r.rlim_cur = r.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &r);
        }
    }
}

impl Goroutine {
    /// `go f(...)`: a new goroutine running the thunk `f`.
    pub(crate) fn go(&mut self, cx: &mut Cx<'_>, thunk: Word) -> Result<(), Trap> {
        let mut child = Goroutine::spawn(self.prog.clone(), 0, thunk)?;
        // Profiling labels pass to the goroutines a goroutine starts.
        child.prof_labels = self.prof_labels.clone();
        child.created_by = self.id;
        child.race = super::race::fork(self);
        cx.spawn(Box::new(GoTask::new(child)));
        Ok(())
    }

    /// `runtime.Gosched()`: to the global queue's tail once.
    pub(crate) fn gosched(&mut self) -> Result<(), Stop> {
        match self.wait.take() {
            Some(Wait::Yield) => Ok(()),
            _ => {
                self.wait = Some(Wait::Yield);
                Err(Stop::Blocked(Blocked::Yield))
            }
        }
    }
}
