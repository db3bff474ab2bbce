//! Channels: [`ChanObj`], the object behind a chan word, and the VM side
//! of send, receive, close, `select`, `len` and `cap` on a
//! `minigo_runtime::Chan`.
//!
//! A nil chan word is a nil channel: send and receive on it park forever,
//! `select` skips it. Closed receives yield the element type's zero value,
//! which only the VM knows; the runtime hands back a zero word.

use super::panic::Trap;
use super::park::{Stop, Wait};
use super::{value, Goroutine, Program};
use crate::heap::{self, Word};
use minigo_runtime::{
    selectgo, Chan, ChanPanic, Cx, RecvOutcome, SelectCase, SelectOutcome, SendOutcome, WaitReason,
};
use std::sync::atomic::{AtomicBool, Ordering};

/// The object behind a chan word.
pub struct ChanObj {
    pub ch: Chan,
    /// The element's runtime type (zero values of closed receives).
    pub elem: u32,
    /// The `C` of a `time.Timer`/`Ticker`: since Go 1.23 such a channel
    /// looks unbuffered (`len` and `cap` are 0) and `Stop`/`Reset` discard
    /// a value it holds; inside it keeps a buffer of one.
    pub timer: AtomicBool,
}

impl heap::GcNative for ChanObj {
    /// Buffered values and blocked senders' values.
    fn trace(&self, f: &mut dyn FnMut(Word)) {
        self.ch.for_each_value(f)
    }
}

impl Drop for ChanObj {
    /// Freed by the collector: a timer channel takes its timers along.
    fn drop(&mut self) {
        if *self.timer.get_mut() {
            super::timers::forget_chan(self as *const ChanObj as usize as Word);
        }
    }
}

pub(super) fn chan(w: Word) -> Option<&'static ChanObj> {
    if w == 0 {
        None
    } else {
        // SAFETY: a word of static channel type is 0 or a leaked `ChanObj`
        // made by `make_chan`.
        Some(unsafe { heap::deref::<ChanObj>(w) })
    }
}

fn chan_panic(p: ChanPanic) -> Trap {
    Trap::rt(super::panic::RtKind::Plain, p.to_string())
}

pub fn make_chan(prog: &Program, t: u32, size: i64) -> Result<Word, Trap> {
    // Go's makechan: the buffer (elem size × size) must fit maxAlloc
    // (1<<48 on amd64, less the hchan header); zero-size elements take no
    // buffer, so any size is allowed.
    let elem_size = super::value::size_align(&prog.rtypes, prog.rtype(t).elem).0 as u128;
    if size < 0 || elem_size * size as u128 > (1u128 << 48) - 96 {
        return Err(Trap::rt(
            super::panic::RtKind::Plain,
            "makechan: size out of range",
        ));
    }
    // Go allocates the buffer now, so a buffer the OS will not give is
    // Go's fatal error at the `make`; minigo's buffer grows as it fills.
    let bytes = (elem_size * size as u128) as usize;
    if bytes >= minigo_gc::big::BIG_BYTES {
        minigo_gc::big::check_mappable(bytes);
    }
    let elem = prog.rtype(t).elem;
    Ok(heap::new_object(ChanObj {
        ch: Chan::new(size as usize),
        elem,
        timer: AtomicBool::new(false),
    }))
}

impl Goroutine {
    /// `ch <- v`.
    pub(crate) fn chan_send(&mut self, cx: &mut Cx<'_>, ch: Word, v: Word) -> Result<(), Stop> {
        match self.wait.take() {
            Some(Wait::Chan(w)) => {
                if let Some(t) = super::race::chan_thread(self) {
                    w.unpark_race(t);
                }
                return Ok(w.send_result().map_err(chan_panic)?);
            }
            Some(Wait::Forever) | None => {}
            Some(_) => return Err(Trap::internal("send resumed with a foreign wait").into()),
        }
        let Some(c) = chan(ch) else {
            self.wait = Some(Wait::Forever);
            return Err(Stop::park(WaitReason::ChanSendNilChan));
        };
        let race = super::race::chan_thread(self);
        match c.ch.chansend(cx, v, race).map_err(chan_panic)? {
            SendOutcome::Done => Ok(()),
            SendOutcome::Blocked(w) => {
                self.wait = Some(Wait::Chan(w));
                Err(Stop::park(WaitReason::ChanSend))
            }
        }
    }

    /// `<-ch` with ok.
    pub(crate) fn chan_recv(
        &mut self,
        cx: &mut Cx<'_>,
        prog: &Program,
        ch: Word,
    ) -> Result<(Word, bool), Stop> {
        let c = chan(ch);
        let fix = |(v, ok): (Word, bool)| {
            if ok {
                (v, true)
            } else {
                (c.map_or(0, |c| value::zero(&prog.rtypes, c.elem)), false)
            }
        };
        match self.wait.take() {
            Some(Wait::Chan(w)) => {
                if let Some(t) = super::race::chan_thread(self) {
                    w.unpark_race(t);
                }
                return Ok(fix(w.recv_result()));
            }
            Some(Wait::Forever) | None => {}
            Some(_) => return Err(Trap::internal("receive resumed with a foreign wait").into()),
        }
        let Some(c) = c else {
            self.wait = Some(Wait::Forever);
            return Err(Stop::park(WaitReason::ChanReceiveNilChan));
        };
        let race = super::race::chan_thread(self);
        match c.ch.chanrecv(cx, race) {
            RecvOutcome::Ready(v, ok) => Ok(fix((v, ok))),
            RecvOutcome::Blocked(w) => {
                self.wait = Some(Wait::Chan(w));
                Err(Stop::park(WaitReason::ChanReceive))
            }
        }
    }

    pub(crate) fn chan_close(&mut self, cx: &mut Cx<'_>, ch: Word) -> Result<(), Trap> {
        let Some(c) = chan(ch) else {
            return Err(chan_panic(ChanPanic::CloseOfNil));
        };
        let race = super::race::chan_thread(self);
        c.ch.closechan(cx, race).map_err(chan_panic)
    }

    /// `select`: returns (case index or -1, received value, ok).
    pub(crate) fn chan_select(
        &mut self,
        cx: &mut Cx<'_>,
        prog: &Program,
        cases: &[(bool, Word, Word)],
        has_default: bool,
    ) -> Result<(i64, Word, bool), Stop> {
        let fix = |i: usize, v: Word, ok: bool| -> (i64, Word, bool) {
            let recv = cases.get(i).is_some_and(|c| !c.0);
            if recv && !ok {
                let z = chan(cases[i].1).map_or(0, |c| value::zero(&prog.rtypes, c.elem));
                (i as i64, z, false)
            } else {
                (i as i64, v, ok)
            }
        };
        match self.wait.take() {
            Some(Wait::Select(w)) => {
                if let Some(t) = super::race::chan_thread(self) {
                    w.unpark_race(t);
                }
                let (i, v, ok) = w.result().map_err(chan_panic)?;
                return Ok(fix(i, v, ok));
            }
            Some(Wait::Forever) | None => {}
            Some(_) => return Err(Trap::internal("select resumed with a foreign wait").into()),
        }
        if cases.is_empty() && !has_default {
            self.wait = Some(Wait::Forever);
            return Err(Stop::park(WaitReason::SelectNoCases));
        }
        let rcases: Vec<SelectCase<'_>> = cases
            .iter()
            .map(|&(send, ch, v)| {
                let c = chan(ch).map(|c| &c.ch);
                if send {
                    SelectCase::Send(c, v)
                } else {
                    SelectCase::Recv(c)
                }
            })
            .collect();
        let race = super::race::chan_thread(self);
        match selectgo(cx, &rcases, has_default, race).map_err(chan_panic)? {
            SelectOutcome::Ready { index, value, ok } => Ok(fix(index, value, ok)),
            SelectOutcome::Default => Ok((-1, 0, false)),
            SelectOutcome::Blocked(w) => {
                self.wait = Some(Wait::Select(w));
                Err(Stop::park(WaitReason::Select))
            }
        }
    }
}

pub fn chan_len(ch: Word) -> usize {
    chan(ch).map_or(0, |c| {
        if c.timer.load(Ordering::Relaxed) {
            0
        } else {
            c.ch.len()
        }
    })
}

pub fn chan_cap(ch: Word) -> usize {
    chan(ch).map_or(0, |c| {
        if c.timer.load(Ordering::Relaxed) {
            0
        } else {
            c.ch.cap()
        }
    })
}
