//! `Sema::release_n`, `Sema::acquire_lifo` and `NotifyList`, on one P with
//! fake tasks that log when they park and when they hold what they waited
//! for. Assertions are on the wait lists' order, not on run order.

use std::sync::{Arc, Mutex};

use crate::sema::ticket_before;
use crate::*;

/// What a test's goroutines share.
#[derive(Clone)]
struct World {
    s: Arc<Sema>,
    l: Arc<NotifyList>,
    log: Arc<Mutex<Vec<String>>>,
}

impl World {
    /// The log lines that start with `prefix`, in order.
    fn lines(&self, prefix: &str) -> Vec<String> {
        let l = self.log.lock().unwrap();
        l.iter()
            .filter(|s| s.starts_with(prefix))
            .cloned()
            .collect()
    }

    /// A G that waits once through `start`: logs `park k` when it parks,
    /// `got k` once it holds what it waited for.
    fn waiter(
        &self,
        k: u32,
        mut start: impl FnMut(&mut Cx<'_>) -> SemaAcquire + Send + 'static,
    ) -> Box<dyn Task> {
        let log = self.log.clone();
        let mut w: Option<SemaWait> = None;
        Box::new(move |cx: &mut Cx<'_>| {
            match w.take() {
                Some(w) => assert!(w.is_acquired()),
                None => {
                    if let SemaAcquire::Blocked(x) = start(cx) {
                        w = Some(x);
                        log.lock().unwrap().push(format!("park {k}"));
                        return Step::Park(WaitReason::Semacquire);
                    }
                }
            }
            log.lock().unwrap().push(format!("got {k}"));
            Step::Exit
        })
    }

    /// A G that acquires `s` once (at the head of the queue with `lifo`).
    fn acquirer(&self, k: u32, lifo: bool) -> Box<dyn Task> {
        let s = self.s.clone();
        self.waiter(k, move |cx| {
            if lifo {
                s.acquire_lifo(cx)
            } else {
                s.acquire(cx)
            }
        })
    }

    /// A G that waits for `ticket` of `l`.
    fn notified(&self, ticket: u32) -> Box<dyn Task> {
        let l = self.l.clone();
        self.waiter(ticket, move |cx| l.wait(cx, ticket))
    }
}

/// What a phase of a test's main goroutine asks for.
enum Ph {
    /// Not yet: yield and run this phase again.
    Wait,
    Next,
    Done,
}

/// Runs `main(world, phase, cx)` as goroutine 1 on one P, phase 0 first.
fn run_phases(mut main: impl FnMut(&World, usize, &mut Cx<'_>) -> Ph + Send + 'static) {
    let w = World {
        s: Arc::new(Sema::new(0)),
        l: Arc::new(NotifyList::new()),
        log: Arc::new(Mutex::new(Vec::new())),
    };
    let mut phase = 0;
    let st = Runtime::new(Config::with_procs(1)).run_main(Box::new(move |cx: &mut Cx<'_>| loop {
        match main(&w, phase, cx) {
            Ph::Wait => return Step::Yield,
            Ph::Next => phase += 1,
            Ph::Done => return Step::Exit,
        }
    }));
    assert!(matches!(st, ExitStatus::Exited), "unexpected {st:?}");
}

/// Sorted, for comparing who was woken regardless of run order.
fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// `release_n` hands units to the oldest waiters, one each, and counts the
/// rest; a later acquire takes a counted unit without parking.
#[test]
fn sema_release_n_serves_oldest_then_counts() {
    run_phases(|w, phase, cx| match phase {
        0 => {
            for k in 0..3 {
                cx.spawn(w.acquirer(k, false));
            }
            Ph::Next
        }
        1 if w.s.state().1 < 3 => Ph::Wait,
        1 => {
            w.s.release_n(cx, 2);
            assert_eq!(w.s.state(), (0, 1));
            Ph::Next
        }
        2 if w.lines("got").len() < 2 => Ph::Wait,
        2 => {
            let parked = w.lines("park");
            let want: Vec<String> = parked[..2]
                .iter()
                .map(|p| p.replace("park", "got"))
                .collect();
            assert_eq!(sorted(w.lines("got")), sorted(want));
            w.s.release_n(cx, 3);
            assert_eq!(w.s.state(), (2, 0));
            Ph::Next
        }
        3 if w.lines("got").len() < 3 => Ph::Wait,
        _ => {
            assert!(w.s.try_acquire());
            assert!(matches!(w.s.acquire(cx), SemaAcquire::Acquired));
            w.s.release_n(cx, 0);
            assert_eq!(w.s.state(), (0, 0));
            Ph::Done
        }
    });
}

/// A lifo acquire queues ahead of every earlier waiter.
#[test]
fn sema_acquire_lifo_jumps_the_queue() {
    run_phases(|w, phase, cx| match phase {
        0 => {
            cx.spawn(w.acquirer(0, false));
            cx.spawn(w.acquirer(1, false));
            Ph::Next
        }
        1 if w.s.state().1 < 2 => Ph::Wait,
        1 => {
            cx.spawn(w.acquirer(2, true));
            Ph::Next
        }
        2 if w.s.state().1 < 3 => Ph::Wait,
        2 => {
            w.s.release(cx);
            assert_eq!(w.s.state(), (0, 2));
            Ph::Next
        }
        3 if w.lines("got").is_empty() => Ph::Wait,
        3 => {
            assert_eq!(w.lines("got"), vec!["got 2"]);
            w.s.release_n(cx, 2);
            Ph::Next
        }
        4 if w.lines("got").len() < 3 => Ph::Wait,
        _ => Ph::Done,
    });
}

/// Signal notifies the oldest ticket, whichever waiter parked first; a
/// ticket notified before its owner waits does not park; a notify with no
/// ticket outstanding is lost.
#[test]
fn notify_list_one_by_ticket_and_lost_notifies() {
    run_phases(|w, phase, cx| match phase {
        0 => {
            // Nobody holds a ticket: lost.
            w.l.notify_one(cx);
            w.l.notify_all(cx);
            assert_eq!(w.l.state(), (0, 0, 0));
            let (t0, t1, t2) = (w.l.add(), w.l.add(), w.l.add());
            assert_eq!((t0, t1, t2), (0, 1, 2));
            // Ticket 2's owner and ticket 1's park; ticket 0 is notified
            // before its owner waits.
            cx.spawn(w.notified(t2));
            cx.spawn(w.notified(t1));
            Ph::Next
        }
        1 if w.l.state().2 < 2 => Ph::Wait,
        1 => {
            w.l.notify_one(cx);
            assert_eq!(w.l.state(), (3, 1, 2));
            assert!(matches!(w.l.wait(cx, 0), SemaAcquire::Acquired));
            w.l.notify_one(cx);
            assert_eq!(w.l.state(), (3, 2, 1));
            Ph::Next
        }
        2 if w.lines("got").is_empty() => Ph::Wait,
        2 => {
            assert_eq!(w.lines("got"), vec!["got 1"]);
            w.l.notify_one(cx);
            Ph::Next
        }
        3 if w.lines("got").len() < 2 => Ph::Wait,
        _ => {
            assert_eq!(w.lines("got"), vec!["got 1", "got 2"]);
            // Everything handed out is notified: lost again.
            w.l.notify_one(cx);
            assert_eq!(w.l.state(), (3, 3, 0));
            Ph::Done
        }
    });
}

/// Broadcast notifies every ticket handed out, parked or not yet, and
/// none taken after it.
#[test]
fn notify_list_all() {
    run_phases(|w, phase, cx| match phase {
        0 => {
            for _ in 0..3 {
                let t = w.l.add();
                cx.spawn(w.notified(t));
            }
            Ph::Next
        }
        1 if w.l.state().2 < 3 => Ph::Wait,
        1 => {
            let late = w.l.add();
            w.l.notify_all(cx);
            assert_eq!(w.l.state(), (4, 4, 0));
            assert!(matches!(w.l.wait(cx, late), SemaAcquire::Acquired));
            let next = w.l.add();
            cx.spawn(w.notified(next));
            Ph::Next
        }
        2 if w.lines("got").len() < 3 || w.l.state().2 < 1 => Ph::Wait,
        2 => {
            assert_eq!(sorted(w.lines("got")), vec!["got 0", "got 1", "got 2"]);
            w.l.notify_all(cx);
            Ph::Next
        }
        3 if w.lines("got").len() < 4 => Ph::Wait,
        _ => {
            assert_eq!(w.l.state(), (5, 5, 0));
            Ph::Done
        }
    });
}

#[test]
fn tickets_compare_across_wrap() {
    assert!(ticket_before(0, 1));
    assert!(!ticket_before(1, 1));
    assert!(!ticket_before(2, 1));
    assert!(ticket_before(u32::MAX, 0));
    assert!(!ticket_before(0, u32::MAX));
    assert!(ticket_before(u32::MAX - 5, 3));
}
