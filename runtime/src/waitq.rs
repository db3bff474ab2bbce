//! A channel's wait queue (Go's `waitq`, `chan.go`): a FIFO of sudogs with
//! O(1) `enqueue`, `dequeue` and unlink of any element (`dequeueSudoG`).
//!
//! Go links `sudog`s by `prev`/`next` pointers. Here the links are indices
//! into a slab owned by the queue, so there is no `unsafe`:
//!
//! - `nodes` is the slab; a node is either linked into the queue (between
//!   `head` and `tail`, `entry` is `Some`) or on the free list (threaded
//!   through `next`, `entry` is `None`);
//! - every node carries a generation, bumped when it is freed. `enqueue`
//!   returns a [`SudogHandle`] (index, generation); a handle whose node was
//!   since freed (a peer dequeued the entry) is stale and
//!   [`WaitQ::dequeue_sudog`] ignores it, even if the slot was reused.
//!   As a second guard (a generation wrapping after 2^32 reuses of one slot
//!   while a handle is held) `dequeue_sudog` also checks that the entry
//!   belongs to the caller's sudog.
//!
//! `select` (Go's `selectgo`) enqueues one sudog on every case's channel and
//! keeps the handles; when the G resumes it unlinks the entries of the cases
//! that did not fire in O(1) each, instead of rescanning the queues. The
//! entry of the case that fired was already dequeued by the peer, so its
//! handle is stale by then.

use std::sync::Arc;

use crate::wait::Sudog;

/// One parked operation on a channel.
pub(crate) struct WaitEntry {
    pub(crate) sg: Arc<Sudog>,
    /// Case index for select (0 for plain operations).
    pub(crate) case: usize,
    /// The value a parked sender offers.
    pub(crate) elem: u64,
}

const NIL: u32 = u32::MAX;

struct Node {
    gen: u32,
    prev: u32,
    next: u32,
    entry: Option<WaitEntry>,
}

/// Names one enqueued entry for [`WaitQ::dequeue_sudog`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SudogHandle {
    idx: u32,
    gen: u32,
}

/// Go's `waitq`: a doubly linked FIFO of sudogs over a slab.
pub(crate) struct WaitQ {
    nodes: Vec<Node>,
    head: u32,
    tail: u32,
    free: u32,
    len: usize,
}

impl Default for WaitQ {
    fn default() -> WaitQ {
        WaitQ::new()
    }
}

impl WaitQ {
    pub(crate) const fn new() -> WaitQ {
        WaitQ {
            nodes: Vec::new(),
            head: NIL,
            tail: NIL,
            free: NIL,
            len: 0,
        }
    }

    /// Linked entries (including select entries already claimed elsewhere
    /// and not yet unlinked).
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    #[cfg(test)]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Append `e` at the tail (Go's `waitq.enqueue`).
    pub(crate) fn enqueue(&mut self, e: WaitEntry) -> SudogHandle {
        let idx = if self.free != NIL {
            let i = self.free;
            self.free = self.nodes[i as usize].next;
            i
        } else {
            let i = u32::try_from(self.nodes.len())
                .ok()
                .filter(|&i| i != NIL)
                .expect("waitq: too many waiters");
            self.nodes.push(Node {
                gen: 0,
                prev: NIL,
                next: NIL,
                entry: None,
            });
            i
        };
        let tail = self.tail;
        let n = &mut self.nodes[idx as usize];
        n.prev = tail;
        n.next = NIL;
        n.entry = Some(e);
        let gen = n.gen;
        if tail == NIL {
            self.head = idx;
        } else {
            self.nodes[tail as usize].next = idx;
        }
        self.tail = idx;
        self.len += 1;
        SudogHandle { idx, gen }
    }

    /// Unlink node `idx` (which must be linked) and free it.
    fn unlink(&mut self, idx: u32) -> WaitEntry {
        let (prev, next) = {
            let n = &self.nodes[idx as usize];
            (n.prev, n.next)
        };
        if prev == NIL {
            self.head = next;
        } else {
            self.nodes[prev as usize].next = next;
        }
        if next == NIL {
            self.tail = prev;
        } else {
            self.nodes[next as usize].prev = prev;
        }
        let free = self.free;
        let n = &mut self.nodes[idx as usize];
        let e = n.entry.take().expect("waitq: unlinking a free node");
        n.gen = n.gen.wrapping_add(1);
        n.prev = NIL;
        n.next = free;
        self.free = idx;
        self.len -= 1;
        e
    }

    /// Pop the head entry, claimed or not.
    pub(crate) fn pop_front(&mut self) -> Option<WaitEntry> {
        (self.head != NIL).then(|| self.unlink(self.head))
    }

    /// Pop the first waiter whose sudog we can claim (Go's `waitq.dequeue`,
    /// which skips and drops select sudogs whose `selectDone` was lost).
    pub(crate) fn dequeue(&mut self) -> Option<WaitEntry> {
        while let Some(w) = self.pop_front() {
            if w.sg.claim() {
                return Some(w);
            }
        }
        None
    }

    /// Unlink the entry `h` names in O(1) (Go's `dequeueSudoG`), if it is
    /// still queued and belongs to `sg`. A stale handle (the entry was
    /// dequeued by a peer, perhaps the slot reused since) returns `None`.
    pub(crate) fn dequeue_sudog(&mut self, h: SudogHandle, sg: &Arc<Sudog>) -> Option<WaitEntry> {
        let n = self.nodes.get(h.idx as usize)?;
        if n.gen != h.gen || !n.entry.as_ref().is_some_and(|e| Arc::ptr_eq(&e.sg, sg)) {
            return None;
        }
        Some(self.unlink(h.idx))
    }

    /// The entries from head to tail (the GC's scan of parked senders,
    /// tests).
    pub(crate) fn iter(&self) -> impl Iterator<Item = &WaitEntry> + '_ {
        let mut i = self.head;
        std::iter::from_fn(move || {
            if i == NIL {
                return None;
            }
            let n = &self.nodes[i as usize];
            i = n.next;
            n.entry.as_ref()
        })
    }

    /// Check the links against `len` (tests).
    #[cfg(test)]
    pub(crate) fn check(&self) {
        let mut prev = NIL;
        let mut i = self.head;
        let mut count = 0;
        while i != NIL {
            let n = &self.nodes[i as usize];
            assert_eq!(n.prev, prev, "waitq: bad prev link at {i}");
            assert!(n.entry.is_some(), "waitq: free node {i} linked");
            count += 1;
            prev = i;
            i = n.next;
        }
        assert_eq!(self.tail, prev, "waitq: bad tail");
        assert_eq!(count, self.len, "waitq: bad len");
        let mut free = 0;
        let mut i = self.free;
        while i != NIL {
            assert!(
                self.nodes[i as usize].entry.is_none(),
                "waitq: live node {i} on free list"
            );
            free += 1;
            i = self.nodes[i as usize].next;
        }
        assert_eq!(count + free, self.nodes.len(), "waitq: lost nodes");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::g::G;
    use crate::{Cx, Step};

    fn sudog(goid: u64) -> Arc<Sudog> {
        Sudog::new(G::new(goid, Box::new(|_: &mut Cx<'_>| Step::Exit)))
    }

    fn entry(sg: &Arc<Sudog>, case: usize) -> WaitEntry {
        WaitEntry {
            sg: sg.clone(),
            case,
            elem: sg.g.goid(),
        }
    }

    fn goids(q: &WaitQ) -> Vec<u64> {
        q.check();
        q.iter().map(|e| e.sg.g.goid()).collect()
    }

    #[test]
    fn fifo_order() {
        let mut q = WaitQ::new();
        let sgs: Vec<_> = (1..=5).map(sudog).collect();
        for sg in &sgs {
            q.enqueue(entry(sg, 0));
        }
        assert_eq!(goids(&q), [1, 2, 3, 4, 5]);
        let mut out = Vec::new();
        while let Some(e) = q.dequeue() {
            out.push(e.elem);
        }
        assert_eq!(out, [1, 2, 3, 4, 5]);
        assert!(q.is_empty());
        q.check();
        // Freed slots are reused; order is still by arrival.
        for sg in sgs.iter().rev() {
            q.enqueue(entry(&sudog(sg.g.goid() + 10), 0));
        }
        assert_eq!(goids(&q), [15, 14, 13, 12, 11]);
        assert_eq!(q.nodes.len(), 5, "slots not reused");
    }

    #[test]
    fn unlink_middle_head_tail() {
        let mut q = WaitQ::new();
        let sgs: Vec<_> = (1..=5).map(sudog).collect();
        let hs: Vec<_> = sgs.iter().map(|sg| q.enqueue(entry(sg, 0))).collect();
        assert_eq!(q.dequeue_sudog(hs[2], &sgs[2]).map(|e| e.elem), Some(3));
        assert_eq!(goids(&q), [1, 2, 4, 5]);
        assert_eq!(q.dequeue_sudog(hs[0], &sgs[0]).map(|e| e.elem), Some(1));
        assert_eq!(goids(&q), [2, 4, 5]);
        assert_eq!(q.dequeue_sudog(hs[4], &sgs[4]).map(|e| e.elem), Some(5));
        assert_eq!(goids(&q), [2, 4]);
        // Appending after removing the tail links to the new tail.
        let h6 = q.enqueue(entry(&sudog(6), 0));
        assert_eq!(goids(&q), [2, 4, 6]);
        assert_eq!(q.dequeue_sudog(hs[1], &sgs[1]).map(|e| e.elem), Some(2));
        assert_eq!(q.dequeue_sudog(hs[3], &sgs[3]).map(|e| e.elem), Some(4));
        assert_eq!(goids(&q), [6]);
        assert!(
            q.dequeue_sudog(h6, &sgs[0]).is_none(),
            "wrong sudog accepted"
        );
        assert_eq!(q.dequeue().map(|e| e.elem), Some(6));
        assert!(q.is_empty());
        q.check();
    }

    #[test]
    fn stale_handles_are_ignored() {
        let mut q = WaitQ::new();
        let (a, b, c) = (sudog(1), sudog(2), sudog(3));
        let ha = q.enqueue(entry(&a, 0));
        // A peer dequeues `a`'s entry; then `b` reuses the slot.
        assert_eq!(q.dequeue().map(|e| e.elem), Some(1));
        assert!(q.dequeue_sudog(ha, &a).is_none());
        let hb = q.enqueue(entry(&b, 0));
        assert_eq!(hb.idx, ha.idx, "slot not reused");
        assert!(
            q.dequeue_sudog(ha, &a).is_none(),
            "stale handle unlinked a reused slot"
        );
        q.enqueue(entry(&c, 0));
        assert_eq!(goids(&q), [2, 3]);
        // Unlinking twice is harmless.
        assert!(q.dequeue_sudog(hb, &b).is_some());
        assert!(q.dequeue_sudog(hb, &b).is_none());
        assert_eq!(goids(&q), [3]);
        // A handle from another queue's slab is out of range or stale.
        let far = SudogHandle { idx: 99, gen: 0 };
        assert!(q.dequeue_sudog(far, &c).is_none());
        assert_eq!(goids(&q), [3]);
    }

    #[test]
    fn dequeue_skips_claimed_select_entries() {
        let mut q = WaitQ::new();
        let (a, b, c) = (sudog(1), sudog(2), sudog(3));
        q.enqueue(entry(&a, 0));
        q.enqueue(entry(&b, 0));
        q.enqueue(entry(&c, 0));
        // `a` and `b` are selects that another case already won.
        assert!(a.claim());
        assert!(b.claim());
        assert_eq!(q.dequeue().map(|e| e.elem), Some(3));
        assert!(q.is_empty());
        q.check();
    }

    /// A select's sudog sits on several queues; the case that fires is
    /// dequeued by the peer, the losers are unlinked by handle, and other
    /// waiters keep their order.
    #[test]
    fn select_losers_are_unlinked() {
        let (mut q1, mut q2, mut q3) = (WaitQ::new(), WaitQ::new(), WaitQ::new());
        let (x, y) = (sudog(10), sudog(20));
        let sel = sudog(1);
        q1.enqueue(entry(&x, 0));
        q2.enqueue(entry(&y, 0));
        let h1 = q1.enqueue(entry(&sel, 0));
        let h2 = q2.enqueue(entry(&sel, 1));
        let h3 = q3.enqueue(entry(&sel, 2));
        q1.enqueue(entry(&y, 0));
        q3.enqueue(entry(&x, 0));
        // A peer fires case 2: takes the head of q3 after the select.
        let won = q3.dequeue().unwrap();
        assert!(Arc::ptr_eq(&won.sg, &sel) && won.case == 2);
        // The select resumes and unlinks every case.
        assert!(q1.dequeue_sudog(h1, &sel).is_some());
        assert!(q2.dequeue_sudog(h2, &sel).is_some());
        assert!(
            q3.dequeue_sudog(h3, &sel).is_none(),
            "the fired case is already gone"
        );
        assert_eq!(goids(&q1), [10, 20]);
        assert_eq!(goids(&q2), [20]);
        assert_eq!(goids(&q3), [10]);
    }

    /// Many entries, removals in a scrambled order: the queue stays a
    /// consistent FIFO of what is left.
    #[test]
    fn scrambled_removals_keep_fifo() {
        let mut q = WaitQ::new();
        let n = 1000u64;
        let sgs: Vec<_> = (0..n).map(sudog).collect();
        let hs: Vec<_> = sgs.iter().map(|sg| q.enqueue(entry(sg, 0))).collect();
        let mut gone = vec![false; n as usize];
        let mut k = 7usize;
        for _ in 0..n / 2 {
            k = (k * 31 + 17) % n as usize;
            let removed = q.dequeue_sudog(hs[k], &sgs[k]).is_some();
            assert_eq!(removed, !gone[k]);
            gone[k] = true;
        }
        let want: Vec<u64> = (0..n).filter(|&i| !gone[i as usize]).collect();
        assert_eq!(goids(&q), want);
    }
}
