//! Netpoller and syscall tests: real non-blocking socketpairs (loopback
//! only), real blocking calls (`std::thread::sleep` inside `Cx::blocking`).

use std::os::fd::RawFd;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::*;

// ----- helpers ------------------------------------------------------------------

fn socketpair() -> (RawFd, RawFd) {
    let mut fds = [0; 2];
    // SAFETY: `fds` is a valid out-array of two ints.
    let r = unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_STREAM | libc::SOCK_NONBLOCK | libc::SOCK_CLOEXEC,
            0,
            fds.as_mut_ptr(),
        )
    };
    assert_eq!(r, 0, "socketpair: {}", std::io::Error::last_os_error());
    (fds[0], fds[1])
}

fn write_byte(fd: RawFd) {
    let b = [b'x'];
    // SAFETY: one valid byte from a live buffer.
    let n = unsafe { libc::write(fd, b.as_ptr().cast(), 1) };
    assert_eq!(n, 1, "write: {}", std::io::Error::last_os_error());
}

fn close_fd(fd: RawFd) {
    // SAFETY: the tests own these fds and close each once.
    unsafe { libc::close(fd) };
}

/// One non-blocking read the VM's way: retry on readiness, park on EAGAIN.
/// `Ok(result)` when done, `Err(step)` to return from `run`.
fn read_step(
    cx: &mut Cx<'_>,
    pd: &PollDesc,
    w: &mut Option<IoWait>,
) -> Result<Result<usize, IoError>, Step> {
    if let Some(wt) = w.take() {
        if let Err(e) = wt.result() {
            return Ok(Err(e));
        }
    }
    let mut buf = [0u8; 64];
    loop {
        if let Err(e) = pd.prepare(IoMode::Read) {
            return Ok(Err(e));
        }
        // SAFETY: reading into a live stack buffer of the given length.
        let n = unsafe { libc::read(pd.fd(), buf.as_mut_ptr().cast(), buf.len()) };
        if n >= 0 {
            return Ok(Ok(n as usize));
        }
        let err = std::io::Error::last_os_error();
        assert_eq!(err.raw_os_error(), Some(libc::EAGAIN), "read: {err}");
        match pd.wait(cx, IoMode::Read) {
            Err(e) => return Ok(Err(e)),
            Ok(IoPoll::Ready) => continue,
            Ok(IoPoll::Blocked(wt)) => {
                *w = Some(wt);
                return Err(Step::Park(WaitReason::IoWait));
            }
        }
    }
}

/// Sleep `d` inside a task: `Some(step)` to return, `None` when done.
fn sleep_step(cx: &mut Cx<'_>, d: Duration, armed: &mut Option<Instant>) -> Option<Step> {
    match *armed {
        Some(t) if Instant::now() >= t => {
            *armed = None;
            None
        }
        Some(_) => Some(Step::Park(WaitReason::Sleep)),
        None => {
            let t = Instant::now() + d;
            *armed = Some(t);
            if cx.sleep_until(t) {
                Some(Step::Park(WaitReason::Sleep))
            } else {
                *armed = None;
                None
            }
        }
    }
}

/// Blocking receive (value ignored): `None` when received.
fn recv_step(c: &Chan, cx: &mut Cx<'_>, w: &mut Option<ChanWait>) -> Option<Step> {
    if w.take().is_some() {
        return None;
    }
    match c.recv(cx) {
        RecvOutcome::Ready(..) => None,
        RecvOutcome::Blocked(wt) => {
            *w = Some(wt);
            Some(Step::Park(WaitReason::ChanReceive))
        }
    }
}

/// Non-blocking send on a buffered channel.
fn send_now(c: &Chan, cx: &mut Cx<'_>, v: u64) {
    match c.send(cx, v).unwrap() {
        SendOutcome::Done => {}
        SendOutcome::Blocked(_) => panic!("send_now: channel full"),
    }
}

/// A goroutine that reads once from `fd` (registering it), records the
/// outcome, sends on `done` and exits.
fn reader(
    fd: RawFd,
    name: &'static str,
    log: Arc<Mutex<Vec<String>>>,
    done: Option<Chan>,
) -> Box<dyn Task> {
    let mut pd: Option<PollDesc> = None;
    let mut w = None;
    Box::new(move |cx: &mut Cx<'_>| {
        let p = pd
            .get_or_insert_with(|| PollDesc::new(cx, fd).unwrap())
            .clone();
        let r = match read_step(cx, &p, &mut w) {
            Ok(r) => r,
            Err(step) => return step,
        };
        log.lock().unwrap().push(match r {
            Ok(n) => format!("{name}:{n}"),
            Err(e) => format!("{name}:{e}"),
        });
        p.close(cx);
        if let Some(c) = &done {
            send_now(c, cx, 1);
        }
        Step::Exit
    })
}

fn m_count(cx: &Cx<'_>) -> usize {
    cx.sched_summary().threads
}

// ----- syscalls -----------------------------------------------------------------

/// GOMAXPROCS=1: main blocks 200ms in a syscall; sysmon hands the P to a new
/// M and the other G keeps counting; main resumes afterwards (through the
/// global queue: its P is taken).
#[test]
fn blocked_syscall_hands_off_the_p() {
    let count = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let result = Arc::new(Mutex::new(None));
    let (c2, s2, r2) = (count.clone(), stop.clone(), result.clone());
    let mut stage = 0;
    let st = run(cfg(1), move |cx: &mut Cx<'_>| {
        if stage == 0 {
            let (c, s) = (c2.clone(), s2.clone());
            cx.spawn(Box::new(move |_: &mut Cx<'_>| {
                if s.load(Ordering::SeqCst) {
                    return Step::Exit;
                }
                c.fetch_add(1, Ordering::SeqCst);
                Step::Yield
            }));
            let c = c2.clone();
            let before = c.load(Ordering::SeqCst);
            let r = cx.blocking(move || {
                std::thread::sleep(Duration::from_millis(200));
                c.load(Ordering::SeqCst)
            });
            *r2.lock().unwrap() = Some((r.value - before, r.must_yield));
            stage = 1;
            if r.must_yield {
                return Step::Yield;
            }
        }
        s2.store(true, Ordering::SeqCst);
        let threads = m_count(cx);
        assert!(threads <= 4, "threads = {threads}");
        Step::Exit
    });
    exited(st);
    let (during, yielded) = result.lock().unwrap().expect("main did not run");
    assert!(
        during > 50,
        "other G made {during} steps during the syscall"
    );
    assert!(yielded, "the P should have been retaken and kept busy");
}

/// A short syscall with nothing else to do keeps (or regains) a P.
#[test]
fn short_syscall_returns_with_a_p() {
    let st = run(cfg(2), |cx: &mut Cx<'_>| {
        for i in 0..100u64 {
            let r = cx.blocking(|| i * 2);
            assert_eq!(r.value, i * 2);
            if r.must_yield {
                return Step::Yield;
            }
            assert!(cx.has_p());
        }
        Step::Exit
    });
    exited(st);
}

/// Each long syscall gets its P handed to a fresh M; past the limit the
/// program dies with Go's "thread exhaustion".
#[test]
fn thread_exhaustion_is_fatal() {
    let rt = Runtime::new(cfg(1));
    assert_eq!(rt.set_max_threads(3), 10_000);
    let mut spawned = false;
    let st = rt.run_main(Box::new(move |cx: &mut Cx<'_>| {
        if !spawned {
            spawned = true;
            for _ in 0..6 {
                cx.spawn(Box::new(|cx: &mut Cx<'_>| {
                    let r = cx.blocking(|| std::thread::sleep(Duration::from_millis(400)));
                    if r.must_yield {
                        return Step::Yield;
                    }
                    Step::Exit
                }));
            }
        }
        let r = cx.blocking(|| std::thread::sleep(Duration::from_millis(400)));
        if r.must_yield {
            return Step::Yield;
        }
        Step::Exit
    }));
    match st {
        ExitStatus::Fatal { goid: 0, message } => assert_eq!(message, "thread exhaustion"),
        other => panic!("unexpected {other:?}"),
    }
}

/// An M that cannot be spawned (EAGAIN) gives its P back: the program
/// goes on with the threads it has, and later wakeps retry.
#[test]
fn failed_thread_spawn_is_survived() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let rt = Runtime::new(cfg(2));
    let sched = rt.sched.clone();
    let done = Arc::new(AtomicUsize::new(0));
    let d = done.clone();
    let mut spawned = false;
    let st = rt.run_main(Box::new(move |cx: &mut Cx<'_>| {
        if !spawned {
            spawned = true;
            sched.fail_spawns.store(3, Ordering::SeqCst);
            for _ in 0..6 {
                let d = d.clone();
                cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                    let r = cx.blocking(|| std::thread::sleep(Duration::from_millis(30)));
                    if r.must_yield {
                        return Step::Yield;
                    }
                    d.fetch_add(1, Ordering::SeqCst);
                    Step::Exit
                }));
            }
        }
        if d.load(Ordering::SeqCst) < 6 {
            return Step::Yield;
        }
        Step::Exit
    }));
    exited(st);
    assert_eq!(done.load(Ordering::SeqCst), 6);
    assert_eq!(
        rt.sched.fail_spawns.load(Ordering::SeqCst),
        0,
        "no spawn failed"
    );
}

/// Without even the first M nothing can run: Go's `newosproc` throw.
#[test]
fn first_thread_spawn_failure_is_newosproc() {
    let rt = Runtime::new(cfg(1));
    rt.sched
        .fail_spawns
        .store(1, std::sync::atomic::Ordering::SeqCst);
    let st = rt.run_main(Box::new(|_: &mut Cx<'_>| Step::Exit));
    match st {
        ExitStatus::Fatal { goid: 0, message } => assert_eq!(message, "newosproc"),
        other => panic!("unexpected {other:?}"),
    }
}

// ----- netpoll ------------------------------------------------------------------

/// Two Gs park on two sockets; data on the second wakes only the second.
#[test]
fn netpoll_wakes_the_right_g() {
    let (a1, b1) = socketpair();
    let (a2, b2) = socketpair();
    let log: Arc<Mutex<Vec<String>>> = Arc::default();
    let l2 = log.clone();
    let writer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        write_byte(b2);
        std::thread::sleep(Duration::from_millis(50));
        write_byte(b1);
    });
    let done = Chan::new(2);
    let mut got = 0;
    let mut w = None;
    let mut spawned = false;
    let st = run(cfg(2), move |cx: &mut Cx<'_>| {
        if !spawned {
            spawned = true;
            cx.spawn(reader(a1, "r1", l2.clone(), Some(done.clone())));
            cx.spawn(reader(a2, "r2", l2.clone(), Some(done.clone())));
        }
        while got < 2 {
            if let Some(step) = recv_step(&done, cx, &mut w) {
                return step;
            }
            got += 1;
        }
        Step::Exit
    });
    exited(st);
    writer.join().unwrap();
    assert_eq!(*log.lock().unwrap(), ["r2:1", "r1:1"]);
    for fd in [a1, b1, a2, b2] {
        close_fd(fd);
    }
}

/// Three Gs read one descriptor at once (Go: goroutines in `Read` on one
/// `Conn`, or in `Accept` on one listener): no "double wait"; each byte
/// written wakes a reader that gets it, and closing the descriptor wakes
/// the last one with `Closed`.
#[test]
fn several_gs_wait_on_one_descriptor() {
    let (a, b) = socketpair();
    let log: Arc<Mutex<Vec<String>>> = Arc::default();
    let l2 = log.clone();
    let writer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(60));
        write_byte(b);
        std::thread::sleep(Duration::from_millis(60));
        write_byte(b);
    });
    let done = Chan::new(3);
    let mut got = 0;
    let mut w = None;
    let mut pd: Option<PollDesc> = None;
    let st = run(cfg(2), move |cx: &mut Cx<'_>| {
        if pd.is_none() {
            let p = PollDesc::new(cx, a).unwrap();
            for _ in 0..3 {
                let (p, log, done) = (p.clone(), l2.clone(), done.clone());
                let mut w = None;
                cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                    let r = match read_step(cx, &p, &mut w) {
                        Ok(r) => r,
                        Err(step) => return step,
                    };
                    log.lock().unwrap().push(match r {
                        Ok(n) => format!("read {n}"),
                        Err(e) => e.to_string(),
                    });
                    send_now(&done, cx, 1);
                    Step::Exit
                }));
            }
            pd = Some(p);
        }
        while got < 3 {
            if let Some(step) = recv_step(&done, cx, &mut w) {
                return step;
            }
            got += 1;
            if got == 2 {
                // Both bytes read: the third reader is still parked.
                pd.as_ref().unwrap().close(cx);
            }
        }
        Step::Exit
    });
    exited(st);
    writer.join().unwrap();
    assert_eq!(
        *log.lock().unwrap(),
        ["read 1", "read 1", "use of closed network connection"]
    );
    close_fd(a);
    close_fd(b);
}

/// Data written before the read: no park at all (edge already seen or
/// the read simply succeeds).
#[test]
fn ready_fd_reads_without_parking() {
    let (a, b) = socketpair();
    write_byte(b);
    let log: Arc<Mutex<Vec<String>>> = Arc::default();
    let l2 = log.clone();
    let mut inner = reader(a, "r", l2, None);
    let st = run(cfg(1), move |cx: &mut Cx<'_>| {
        let s = inner.run(cx);
        assert_eq!(s, Step::Exit, "should not park");
        s
    });
    exited(st);
    assert_eq!(*log.lock().unwrap(), ["r:1"]);
    close_fd(a);
    close_fd(b);
}

/// A read deadline wakes the parked G with a timeout; it stays expired
/// until reset.
#[test]
fn deadline_wakes_with_timeout() {
    let (a, b) = socketpair();
    let result = Arc::new(Mutex::new(None));
    let r2 = result.clone();
    let mut pd: Option<PollDesc> = None;
    let mut w = None;
    let mut start = Instant::now();
    let st = run(cfg(2), move |cx: &mut Cx<'_>| {
        let p = match &pd {
            Some(p) => p.clone(),
            None => {
                let p = PollDesc::new(cx, a).unwrap();
                start = Instant::now();
                p.set_deadline(
                    cx,
                    Some(IoMode::Read),
                    Some(start + Duration::from_millis(50)),
                );
                pd = Some(p.clone());
                p
            }
        };
        let r = match read_step(cx, &p, &mut w) {
            Ok(r) => r,
            Err(step) => return step,
        };
        let elapsed = start.elapsed();
        let still = p.prepare(IoMode::Read);
        let write_ok = p.prepare(IoMode::Write);
        p.set_deadline(cx, None, None);
        let cleared = p.prepare(IoMode::Read);
        p.close(cx);
        *r2.lock().unwrap() = Some((r, elapsed, still, write_ok, cleared));
        Step::Exit
    });
    exited(st);
    let (r, elapsed, still, write_ok, cleared) = result.lock().unwrap().take().unwrap();
    assert_eq!(r, Err(IoError::Timeout));
    assert_eq!(r.unwrap_err().to_string(), "i/o timeout");
    assert!(elapsed >= Duration::from_millis(45), "{elapsed:?}");
    assert!(elapsed < Duration::from_secs(2), "{elapsed:?}");
    assert_eq!(still, Err(IoError::Timeout));
    assert_eq!(write_ok, Ok(()));
    assert_eq!(cleared, Ok(()));
    close_fd(a);
    close_fd(b);
}

/// Closing the descriptor wakes the parked reader with "closed".
#[test]
fn close_wakes_with_closed() {
    let (a, b) = socketpair();
    let log: Arc<Mutex<Vec<String>>> = Arc::default();
    let l2 = log.clone();
    let mut stage = 0;
    let mut armed = None;
    let mut pd: Option<PollDesc> = None;
    let mut w = None;
    let done = Chan::new(1);
    let st = run(cfg(2), move |cx: &mut Cx<'_>| {
        if stage == 0 {
            let p = PollDesc::new(cx, a).unwrap();
            pd = Some(p.clone());
            let (l, d) = (l2.clone(), done.clone());
            let mut rw = None;
            cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                let r = match read_step(cx, &p, &mut rw) {
                    Ok(r) => r,
                    Err(step) => return step,
                };
                l.lock().unwrap().push(format!("{r:?}"));
                send_now(&d, cx, 1);
                Step::Exit
            }));
            stage = 1;
        }
        if stage == 1 {
            if let Some(step) = sleep_step(cx, Duration::from_millis(30), &mut armed) {
                return step;
            }
            pd.as_ref().unwrap().close(cx);
            stage = 2;
        }
        if let Some(step) = recv_step(&done, cx, &mut w) {
            return step;
        }
        Step::Exit
    });
    exited(st);
    assert_eq!(*log.lock().unwrap(), ["Err(Closed)"]);
    assert_eq!(
        IoError::Closed.to_string(),
        "use of closed network connection"
    );
    close_fd(a);
    close_fd(b);
}

/// While a G waits on a socket, no deadlock is reported even though every
/// other G is parked on a channel; the data arrives from another thread.
#[test]
fn no_deadlock_while_a_g_waits_on_io() {
    for procs in [1, 2] {
        let (a, b) = socketpair();
        let writer = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(150));
            write_byte(b);
        });
        let log: Arc<Mutex<Vec<String>>> = Arc::default();
        let l2 = log.clone();
        let done = Chan::new(0);
        let mut spawned = false;
        let mut w = None;
        let st = run(cfg(procs), move |cx: &mut Cx<'_>| {
            if !spawned {
                spawned = true;
                cx.spawn(reader(a, "r", l2.clone(), Some(done.clone())));
            }
            recv_step(&done, cx, &mut w).unwrap_or(Step::Exit)
        });
        exited(st);
        writer.join().unwrap();
        assert_eq!(*log.lock().unwrap(), ["r:1"]);
        close_fd(a);
        close_fd(b);
    }
}

/// Once the I/O wait is over and only channel waits remain, checkdead
/// fires (and not before the data arrived).
#[test]
fn deadlock_after_io_wait_ends() {
    let (a, b) = socketpair();
    let writer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(80));
        write_byte(b);
    });
    let never = Chan::new(0);
    let mut spawned = false;
    let mut w = None;
    let start = Instant::now();
    let st = run(cfg(2), move |cx: &mut Cx<'_>| {
        if !spawned {
            spawned = true;
            let never2 = never.clone();
            let mut pd: Option<PollDesc> = None;
            let (mut rw, mut cw, mut read) = (None, None, false);
            cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                let p = pd
                    .get_or_insert_with(|| PollDesc::new(cx, a).unwrap())
                    .clone();
                if !read {
                    if let Err(step) = read_step(cx, &p, &mut rw) {
                        return step;
                    }
                    read = true;
                    p.close(cx);
                }
                recv_step(&never2, cx, &mut cw).unwrap_or(Step::Exit)
            }));
        }
        recv_step(&never, cx, &mut w).unwrap_or(Step::Exit)
    });
    writer.join().unwrap();
    match st {
        ExitStatus::Deadlock(r) => {
            let reasons: Vec<_> = r.goroutines.iter().map(|g| g.reason).collect();
            assert_eq!(reasons, [WaitReason::ChanReceive, WaitReason::ChanReceive]);
        }
        other => panic!("unexpected {other:?}"),
    }
    assert!(start.elapsed() >= Duration::from_millis(75));
    close_fd(a);
    close_fd(b);
}

/// 10,000 Gs parked on sockets cost no Ms: the thread count stays at
/// GOMAXPROCS plus the poller and sysmon; then all of them wake.
#[test]
fn ten_thousand_io_waiters_cost_no_threads() {
    const PAIRS: usize = 5_000;
    let fds: Vec<(RawFd, RawFd)> = (0..PAIRS).map(|_| socketpair()).collect();
    let fds = Arc::new(fds);
    let finished = Arc::new(AtomicUsize::new(0));
    let threads = Arc::new(Mutex::new((0, 0)));
    let (f2, fin2, th2) = (fds.clone(), finished.clone(), threads.clone());
    let mut stage = 0;
    let mut armed = None;
    let st = run(cfg(2), move |cx: &mut Cx<'_>| loop {
        match stage {
            0 => {
                for &(a, b) in f2.iter() {
                    for fd in [a, b] {
                        let fin = fin2.clone();
                        let mut pd: Option<PollDesc> = None;
                        let mut w = None;
                        cx.spawn(Box::new(move |cx: &mut Cx<'_>| {
                            let p = pd
                                .get_or_insert_with(|| PollDesc::new(cx, fd).unwrap())
                                .clone();
                            match read_step(cx, &p, &mut w) {
                                Err(step) => step,
                                Ok(r) => {
                                    assert_eq!(r, Ok(1));
                                    p.close(cx);
                                    fin.fetch_add(1, Ordering::SeqCst);
                                    Step::Exit
                                }
                            }
                        }));
                    }
                }
                stage = 1;
            }
            1 => {
                if cx.sched.poll.waiters.load(Ordering::SeqCst) < 2 * PAIRS {
                    if let Some(step) = sleep_step(cx, Duration::from_millis(2), &mut armed) {
                        return step;
                    }
                    continue;
                }
                th2.lock().unwrap().0 = m_count(cx);
                for &(a, b) in f2.iter() {
                    write_byte(a);
                    write_byte(b);
                }
                stage = 2;
            }
            _ => {
                if fin2.load(Ordering::SeqCst) < 2 * PAIRS {
                    if let Some(step) = sleep_step(cx, Duration::from_millis(2), &mut armed) {
                        return step;
                    }
                    continue;
                }
                th2.lock().unwrap().1 = m_count(cx);
                return Step::Exit;
            }
        }
    });
    exited(st);
    let (parked, after) = *threads.lock().unwrap();
    // 2 Ps + the blocked poller + sysmon, with slack for a spinning M.
    assert!(parked <= 6, "threads while 10k Gs wait: {parked}");
    assert!(after <= 6, "threads after waking 10k Gs: {after}");
    assert_eq!(finished.load(Ordering::SeqCst), 2 * PAIRS);
    for &(a, b) in fds.iter() {
        close_fd(a);
        close_fd(b);
    }
}

/// GOMAXPROCS=1 with a CPU-bound G that never lets the P go idle: nobody
/// blocks in netpoll and findRunnable never reaches step 7, so sysmon's
/// 10ms poll must find the ready reader and inject it.
#[test]
fn sysmon_polls_when_all_ps_are_busy() {
    let (a, b) = socketpair();
    let writer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(60));
        write_byte(b);
    });
    let log: Arc<Mutex<Vec<String>>> = Arc::default();
    let l2 = log.clone();
    let done = Chan::new(1);
    let mut spawned = false;
    let start = Instant::now();
    let st = run(cfg(1), move |cx: &mut Cx<'_>| {
        if !spawned {
            spawned = true;
            cx.spawn(reader(a, "r", l2.clone(), Some(done.clone())));
            return Step::Yield; // let the reader park
        }
        // Spin, yielding only at preemption, until the reader reports.
        loop {
            if !done.is_empty() {
                return Step::Exit;
            }
            if cx.preempt_requested() {
                return Step::Preempted;
            }
            assert!(
                start.elapsed() < Duration::from_secs(5),
                "reader never woke"
            );
            std::hint::spin_loop();
        }
    });
    exited(st);
    writer.join().unwrap();
    assert_eq!(*log.lock().unwrap(), ["r:1"]);
    close_fd(a);
    close_fd(b);
}

// ----- local copies of tests.rs helpers ----------------------------------------

fn cfg(procs: usize) -> Config {
    Config::with_procs(procs)
}

fn run(config: Config, main: impl FnMut(&mut Cx<'_>) -> Step + Send + 'static) -> ExitStatus {
    Runtime::new(config).run_main(Box::new(main))
}

fn exited(st: ExitStatus) {
    assert!(matches!(st, ExitStatus::Exited), "unexpected {st:?}");
}
