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

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

use minigo_runtime::WaitReason;

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

/// The runtime the sampler asks for samples (set by `sched::run_main`).
static RT: OnceLock<minigo_runtime::Runtime> = OnceLock::new();

/// Lets the sampler reach `rt` (once per process).
pub(crate) fn attach(rt: &minigo_runtime::Runtime) {
    let _ = RT.set(rt.clone());
}

/// Monotonic nanoseconds since the first call (never 0 afterwards).
pub(crate) fn now_ns() -> i64 {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    let e = *EPOCH.get_or_init(Instant::now);
    e.elapsed().as_nanos() as i64 + 1
}

/// A cheap process-wide random number (xorshift64*, per thread).
fn cheap_rand() -> u64 {
    use std::cell::Cell;
    thread_local! {
        static STATE: Cell<u64> = Cell::new({
            let t = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            let here = &t as *const u64 as u64;
            (t ^ here.rotate_left(32)) | 1
        });
    }
    STATE.with(|s| {
        let mut x = s.get();
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        s.set(x);
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    })
}

// ----- CPU profile ----------------------------------------------------------

/// Set while a CPU profile is being taken (read where the scheduler hands
/// a goroutine back, never in the run loop).
static CPU_ON: AtomicBool = AtomicBool::new(false);

struct CpuState {
    hz: u32,
    start: Instant,
    buckets: HashMap<(Vec<u64>, Option<Labels>), u64>,
    stop: Arc<(Mutex<bool>, Condvar)>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// Started by `runtime.SetCPUProfileRate` rather than `pprof`: the
    /// first `cpu_profile_start` takes it over (Go's way to choose a rate).
    by_rate: bool,
}

static CPU: Mutex<Option<CpuState>> = Mutex::new(None);

/// Is a CPU profile being taken?
#[inline]
pub(crate) fn cpu_on() -> bool {
    CPU_ON.load(Relaxed)
}

/// A CPU profile or the block profile is on: the one flag the scheduler
/// reads per goroutine switch.
static ANY_ON: AtomicBool = AtomicBool::new(false);

#[inline]
pub(crate) fn any_on() -> bool {
    ANY_ON.load(Relaxed)
}

fn refresh_any_on() {
    ANY_ON.store(cpu_on() || block_profile_rate() > 0, Relaxed);
}

/// After a slice of `g`'s run that ended with `out` (a preemption, or
/// anything while a profile is on): answer the sample requests of the CPU
/// profiler, note when a park starts for the block profile. True: the
/// preemption was only the sampler's, run on.
#[cold]
#[inline(never)]
pub(crate) fn after_run(
    g: &mut super::Goroutine,
    cx: &mut minigo_runtime::Cx<'_>,
    out: &super::RunOutcome,
    seeded: bool,
) -> bool {
    let preempted = matches!(out, super::RunOutcome::Preempted);
    if preempted || cpu_on() {
        let n = cx.take_profile_samples();
        if n > 0 {
            record_cpu(g, n);
            if preempted && !seeded && !cx.preempt_requested() {
                return true;
            }
        }
    }
    if let super::RunOutcome::Park(r) = out {
        if block_profile_rate() > 0 && blocks(*r) {
            g.block_since = now_ns();
        }
    }
    false
}

/// Starts CPU sampling at `hz` samples a second of each running
/// goroutine; false if a profile is already being taken.
pub fn cpu_profile_start(hz: u32) -> bool {
    let mut st = CPU.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(s) = st.as_mut() {
        if s.by_rate {
            // Go: pprof's SetCPUProfileRate(100) after the program chose
            // its own rate keeps the program's, with this warning.
            s.by_rate = false;
            super::stdio::write_stderr(
                b"runtime: cannot set cpu profile rate until previous profile has finished.\n",
            );
            return true;
        }
        return false;
    }
    if hz == 0 {
        return false;
    }
    *st = Some(start_sampler(hz, false));
    CPU_ON.store(true, Relaxed);
    refresh_any_on();
    true
}

fn start_sampler(hz: u32, by_rate: bool) -> CpuState {
    let stop = Arc::new((Mutex::new(false), Condvar::new()));
    let period = Duration::from_nanos(1_000_000_000 / u64::from(hz.clamp(1, 1_000_000)));
    PERIOD_NS.store(period.as_nanos() as u64, Relaxed);
    GENERATION.fetch_add(1, Relaxed);
    let thread = RT.get().cloned().map(|rt| {
        let stop = stop.clone();
        std::thread::Builder::new()
            .name("minigo-profiler".into())
            .spawn(move || sampler(&rt, period, &stop))
            .expect("cannot start the CPU profiler's thread")
    });
    CpuState {
        hz,
        start: Instant::now(),
        buckets: HashMap::new(),
        stop,
        thread,
        by_rate,
    }
}

/// The sampler thread: every `period`, ask each P's running goroutine for
/// a sample (it answers at its next safe point; see `sched::GoTask`).
fn sampler(rt: &minigo_runtime::Runtime, period: Duration, stop: &(Mutex<bool>, Condvar)) {
    let mut next = Instant::now() + period;
    let mut stopped = stop.0.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        let now = Instant::now();
        if *stopped {
            return;
        }
        if now < next {
            stopped = stop
                .1
                .wait_timeout(stopped, next - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
            continue;
        }
        rt.request_profile_samples();
        next += period;
        if next < now {
            next = now + period;
        }
    }
}

/// Stops CPU sampling and returns what was collected (empty if none was
/// being taken).
pub fn cpu_profile_stop() -> CpuProfile {
    let taken = CPU.lock().unwrap_or_else(|e| e.into_inner()).take();
    CPU_ON.store(false, Relaxed);
    refresh_any_on();
    let Some(mut s) = taken else {
        return CpuProfile::default();
    };
    *s.stop.0.lock().unwrap_or_else(|e| e.into_inner()) = true;
    s.stop.1.notify_all();
    if let Some(t) = s.thread.take() {
        let _ = t.join();
    }
    // Samples recorded between the swap above and the thread's end went
    // nowhere: `record_cpu` found no state.
    let mut samples: Vec<CpuSample> = s
        .buckets
        .into_iter()
        .map(|((stack, labels), count)| CpuSample {
            stack,
            labels,
            count,
        })
        .collect();
    samples.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.stack.cmp(&b.stack)));
    CpuProfile {
        hz: s.hz,
        samples,
        duration_ns: s.start.elapsed().as_nanos() as u64,
    }
}

/// `runtime.SetCPUProfileRate(hz)`: `hz > 0` starts sampling at that rate
/// unless a profile is being taken (then Go's warning); `hz <= 0` stops a
/// profile this call started (its samples are dropped: only
/// `runtime/pprof` reads them).
pub(crate) fn set_cpu_profile_rate(hz: i64) {
    let mut st = CPU.lock().unwrap_or_else(|e| e.into_inner());
    if hz > 0 {
        if st.is_some() {
            super::stdio::write_stderr(
                b"runtime: cannot set cpu profile rate until previous profile has finished.\n",
            );
            return;
        }
        *st = Some(start_sampler(hz.min(1_000_000) as u32, true));
        CPU_ON.store(true, Relaxed);
        refresh_any_on();
    } else if st.as_ref().is_some_and(|s| s.by_rate) {
        drop(st);
        let _ = cpu_profile_stop();
    }
}

/// The sampling period of the profile being taken, in nanoseconds, and
/// its generation (bumped at each start).
static PERIOD_NS: AtomicU64 = AtomicU64::new(10_000_000);
static GENERATION: AtomicU64 = AtomicU64::new(0);

/// This thread's CPU time, in nanoseconds.
fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec passed.
    if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } != 0 {
        return 0;
    }
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// How many samples `requested` sample requests are worth on this thread:
/// the CPU time the thread used since its previous sample, in periods
/// (fractions carried over), so that a thread the OS kept off the CPU
/// counts for the CPU it got, as Go's per-thread CPU timers count. The
/// first sample of a thread counts as requested.
fn cpu_weighted(requested: u32) -> u64 {
    use std::cell::Cell;
    thread_local! {
        /// (generation, CPU ns at the last sample, credit in periods).
        static LAST: Cell<(u64, u64, f64)> = const { Cell::new((u64::MAX, 0, 0.0)) };
    }
    let gen = GENERATION.load(Relaxed);
    let now = thread_cpu_ns();
    LAST.with(|l| {
        let (g, then, credit) = l.get();
        if g != gen || now == 0 || now < then {
            l.set((gen, now, 0.0));
            return u64::from(requested);
        }
        let period = PERIOD_NS.load(Relaxed).max(1) as f64;
        let credit = credit + (now - then) as f64 / period;
        // At most the samples requested: CPU this thread spent without
        // being asked for a sample (another goroutine's, before this one
        // moved here) must not land in one lump on whatever stack runs
        // when the next request comes (after a preemption, more often in
        // a long function than its share of the time).
        let n = credit.floor().min(f64::from(requested));
        l.set((gen, now, (credit - n).min(1.0)));
        n as u64
    })
}

/// Records `n` CPU samples of `g`'s current stack (`n` > 1 when requests
/// piled up while it ran a long native call).
pub(crate) fn record_cpu(g: &super::Goroutine, n: u32) {
    if n == 0 || !cpu_on() {
        return;
    }
    let stack = g.callers(0);
    if stack.is_empty() {
        return;
    }
    let n = cpu_weighted(n);
    if n == 0 {
        return;
    }
    let labels = g.prof_labels.clone();
    let mut st = CPU.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(s) = st.as_mut() {
        *s.buckets.entry((stack, labels)).or_insert(0) += n;
    }
}

// ----- block and mutex profiles ---------------------------------------------

/// Accumulated contention at one stack: Go keeps the count as a float
/// (sampling scales it by a fraction).
#[derive(Default, Clone, Copy)]
struct Bucket {
    count: f64,
    nanos: i64,
}

static BLOCK_RATE: AtomicI64 = AtomicI64::new(0);
static MUTEX_FRACTION: AtomicI64 = AtomicI64::new(0);
static BLOCK: Mutex<Option<HashMap<Vec<u64>, Bucket>>> = Mutex::new(None);
static MUTEX: Mutex<Option<HashMap<Vec<u64>, Bucket>>> = Mutex::new(None);
/// Events recorded (for tests and the docs' cost figures).
static EVENTS: AtomicU64 = AtomicU64::new(0);

/// `runtime.SetBlockProfileRate(rate)`: nanoseconds (minigo's ticks are
/// nanoseconds); `<= 0` turns the profile off.
pub(crate) fn set_block_profile_rate(rate: i64) {
    BLOCK_RATE.store(rate.max(0), Relaxed);
    refresh_any_on();
}

/// `runtime.SetMutexProfileFraction(n)`: returns the previous fraction;
/// `n < 0` only reads it.
pub(crate) fn set_mutex_profile_fraction(n: i64) -> i64 {
    if n < 0 {
        return MUTEX_FRACTION.load(Relaxed);
    }
    MUTEX_FRACTION.swap(n, Relaxed)
}

/// `runtime.SetBlockProfileRate`'s current rate (0: off).
pub fn block_profile_rate() -> i64 {
    BLOCK_RATE.load(Relaxed)
}

/// `runtime.SetMutexProfileFraction`'s current fraction (0: off).
pub fn mutex_profile_fraction() -> i64 {
    MUTEX_FRACTION.load(Relaxed)
}

/// Go's rule for the block profile: an event of `nanos` is kept if it
/// lasted at least `rate`, else with probability `nanos / rate` (`rand`
/// uniform over u64).
pub(crate) fn block_sampled(nanos: i64, rate: i64, rand: u64) -> bool {
    rate > 0 && (rate <= nanos || (rand % rate as u64) <= nanos.max(0) as u64)
}

/// What a kept block event adds to its bucket (count, nanoseconds): a
/// sampled short event stands for `rate / nanos` events of `rate` ns in
/// all, as Go removes the sampling bias.
fn block_scaled(nanos: i64, rate: i64) -> (f64, i64) {
    if nanos < rate {
        (rate as f64 / nanos.max(1) as f64, rate)
    } else {
        (1.0, nanos)
    }
}

/// Go's rule for the mutex profile: one contention event in `fraction`.
pub(crate) fn mutex_sampled(fraction: i64, rand: u64) -> bool {
    fraction > 0 && rand.is_multiple_of(fraction as u64)
}

fn add(store: &Mutex<Option<HashMap<Vec<u64>, Bucket>>>, stack: Vec<u64>, count: f64, nanos: i64) {
    let mut m = store.lock().unwrap_or_else(|e| e.into_inner());
    let b = m.get_or_insert_with(HashMap::new).entry(stack).or_default();
    b.count += count;
    b.nanos = b.nanos.saturating_add(nanos);
    EVENTS.fetch_add(1, Relaxed);
}

/// Does a park for `r` count in the block profile (as in Go: channel
/// operations, select, and sync's waits; not sleeps or I/O)?
pub(crate) fn blocks(r: WaitReason) -> bool {
    matches!(
        r,
        WaitReason::ChanReceive
            | WaitReason::ChanSend
            | WaitReason::Select
            | WaitReason::WaitGroupWait
            | WaitReason::MutexLock
            | WaitReason::RWMutexRLock
            | WaitReason::RWMutexLock
            | WaitReason::SyncCondWait
            | WaitReason::Semacquire
            | WaitReason::Sync
    )
}

/// A goroutine that parked at `since` (see `Goroutine::block_since`) runs
/// again: its wait is a block event at the blocking call's stack.
pub(crate) fn block_resumed(g: &super::Goroutine, since: i64) {
    let rate = block_profile_rate();
    if rate <= 0 {
        return;
    }
    let nanos = (now_ns() - since).max(1);
    if !block_sampled(nanos, rate, cheap_rand()) {
        return;
    }
    let stack = g.callers(0);
    let (count, ns) = block_scaled(nanos, rate);
    add(&BLOCK, stack, count, ns);
}

/// A mutex unlock that let a waiter in after it (and others) had waited
/// `delay` ns: the unlocker's stack takes the blame, as in Go.
pub(crate) fn mutex_contended(g: &super::Goroutine, delay: i64) {
    let fraction = mutex_profile_fraction();
    if !mutex_sampled(fraction, cheap_rand()) {
        return;
    }
    let stack = g.callers(0);
    add(
        &MUTEX,
        stack,
        fraction as f64,
        delay.max(0).saturating_mul(fraction),
    );
}

fn records(store: &Mutex<Option<HashMap<Vec<u64>, Bucket>>>) -> Vec<ContentionRecord> {
    let m = store.lock().unwrap_or_else(|e| e.into_inner());
    let mut v: Vec<ContentionRecord> = m
        .iter()
        .flatten()
        .map(|(stack, b)| ContentionRecord {
            stack: stack.clone(),
            count: b.count as i64,
            nanos: b.nanos,
        })
        .collect();
    v.sort_by(|a, b| b.nanos.cmp(&a.nanos).then_with(|| a.stack.cmp(&b.stack)));
    v
}

/// The block profile so far.
pub fn block_records() -> Vec<ContentionRecord> {
    records(&BLOCK)
}

/// The mutex profile so far.
pub fn mutex_records() -> Vec<ContentionRecord> {
    records(&MUTEX)
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

impl super::Goroutine {
    /// `runtime.Stack`'s text, called from the native under
    /// `runtime.Stack` (whose own frame is left out, as Go leaves it out):
    /// Go's `goroutine N [running]:` traceback of this goroutine, then with
    /// `all` every other goroutine's, each under its state, read with the
    /// world stopped as Go does (the native is a blocking one: its P is
    /// free for the stop meanwhile).
    pub(crate) fn stack_text(&self, all: bool) -> String {
        let mut out = format!("goroutine {} [running]:\n", self.id);
        let own = self.running_trace();
        // Drop the first frame (two lines): `runtime.Stack` itself.
        let mut rest = own.as_str();
        for _ in 0..2 {
            rest = rest.split_once('\n').map_or("", |(_, r)| r);
        }
        out.push_str(rest);
        if all {
            if let Some(rt) = RT.get() {
                out.push_str(&others_stopped(rt, self.id));
            }
        }
        out
    }
}

/// Every goroutine but `me`, each as `\ngoroutine N [state]:\n` and its
/// stack, read with the world stopped: running goroutines stop at their
/// next safe point and publish themselves (`gcroots`), so their stacks
/// are read in place; they show as `runnable`, as Go shows goroutines it
/// stopped. Called from a blocking native (no P held), else the stop
/// would wait for this goroutine forever.
fn others_stopped(rt: &minigo_runtime::Runtime, me: u64) -> String {
    let stopper = rt.clone();
    let reader = std::thread::Builder::new()
        .name("minigo-stack".into())
        .spawn(move || {
            stopper.stop_the_world();
            let mut out = String::new();
            for g in stopper.goroutine_states() {
                if g.goid == me {
                    continue;
                }
                let (state, trace) = match super::gcroots::published_traceback(g.goid) {
                    Some((t, true)) if g.state == "running" => ("syscall".to_string(), t),
                    Some((t, false)) if g.state == "running" => ("runnable".to_string(), t),
                    _ => (g.state, g.traceback),
                };
                out.push_str(&format!("\ngoroutine {} [{state}]:\n{trace}", g.goid));
            }
            stopper.start_the_world();
            out
        });
    match reader {
        Ok(h) => h.join().unwrap_or_default(),
        Err(_) => String::new(),
    }
}

/// `p`'s samples as folded stacks (`outer;inner count` lines, the input
/// of flame-graph tools), heaviest first.
pub(crate) fn folded(prog: &super::Program, p: &CpuProfile) -> String {
    let mut out = String::new();
    for s in &p.samples {
        let names: Vec<&str> = s
            .stack
            .iter()
            .rev()
            .filter_map(|pc| prog.protos.get((pc >> 32) as usize))
            .map(|proto| proto.name.as_str())
            .collect();
        out.push_str(&names.join(";"));
        out.push_str(&format!(" {}\n", s.count));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_rule_keeps_long_events_and_samples_short_ones() {
        // Off: nothing.
        assert!(!block_sampled(1_000_000, 0, 0));
        // rate 1: every event.
        assert!(block_sampled(1, 1, u64::MAX));
        // At least the rate: always, whatever the draw.
        for r in [0, 7, u64::MAX] {
            assert!(block_sampled(10_000, 10_000, r));
            assert!(block_sampled(20_000, 10_000, r));
        }
        // Shorter: kept when the draw mod rate is at most the duration.
        assert!(block_sampled(2_500, 10_000, 2_500));
        assert!(!block_sampled(2_500, 10_000, 2_501));
        assert!(block_sampled(2_500, 10_000, 10_000 + 100));
        // A fake uniform draw keeps about duration/rate of them.
        let kept = (0..10_000u64)
            .filter(|&r| block_sampled(2_500, 10_000, r))
            .count();
        assert_eq!(kept, 2_501);
    }

    #[test]
    fn block_scaling_removes_the_sampling_bias() {
        // A long event counts once with its own duration.
        assert_eq!(block_scaled(30_000, 10_000), (1.0, 30_000));
        // A short one kept with probability d/rate stands for rate/d of
        // them, rate ns in all: on average the profile is unbiased.
        assert_eq!(block_scaled(2_500, 10_000), (4.0, 10_000));
    }

    #[test]
    fn mutex_rule_keeps_one_in_fraction() {
        assert!(!mutex_sampled(0, 0));
        assert!(mutex_sampled(1, 12345));
        let kept = (0..1000u64).filter(|&r| mutex_sampled(5, r)).count();
        assert_eq!(kept, 200);
    }

    #[test]
    fn contention_records_aggregate_by_stack() {
        let store = Mutex::new(None);
        add(&store, vec![1, 2], 1.0, 100);
        add(&store, vec![1, 2], 4.0, 300);
        add(&store, vec![3], 1.0, 1000);
        let r = records(&store);
        assert_eq!(
            r,
            vec![
                ContentionRecord {
                    stack: vec![3],
                    count: 1,
                    nanos: 1000
                },
                ContentionRecord {
                    stack: vec![1, 2],
                    count: 5,
                    nanos: 400
                },
            ]
        );
    }

    #[test]
    fn cpu_profile_start_stop() {
        // No runtime attached here: no sampler thread, an empty profile.
        assert!(cpu_profile_start(250));
        assert!(!cpu_profile_start(100));
        assert!(cpu_on());
        let p = cpu_profile_stop();
        assert_eq!(p.hz, 250);
        assert!(p.samples.is_empty());
        assert!(!cpu_on());
        assert_eq!(cpu_profile_stop().hz, 0);
    }
}
