//! `reflect`'s natives for channels (`chan.go`): the VM's own send,
//! receive, close and `select` (`interp::chan`), so that a blocking
//! operation parks the goroutine and runs again when it is woken, as the
//! `Send`, `Recv` and `Select` instructions do (see `interp::park`).

use crate::heap;
use crate::interp::natives::NativeFn;

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "reflect.makeChan" => |cx| {
            let c = crate::interp::chan::make_chan(cx.prog, cx.arg(0) as u32, cx.int(1))?;
            cx.ret(0, c)
        },
        "reflect.chanSend" => |cx| {
            // (ch, w, nb) → sent. A non-blocking send is a select with
            // one case and a default.
            let (ch, w, nb) = (cx.arg(0), cx.arg(1), cx.bool(2));
            let prog = cx.prog;
            let sent = if nb {
                let r = cx.g.chan_select(cx.rt, prog, &[(true, ch, w)], true);
                match cx.until(r)? {
                    Some((i, _, _)) => i == 0,
                    None => return Ok(()),
                }
            } else {
                let r = cx.g.chan_send(cx.rt, ch, w);
                match cx.until(r)? {
                    Some(()) => true,
                    None => return Ok(()),
                }
            };
            cx.ret_bool(0, sent)
        },
        "reflect.chanRecv" => |cx| {
            // (ch, nb) → (value, selected, ok).
            let (ch, nb) = (cx.arg(0), cx.bool(1));
            let prog = cx.prog;
            let (w, selected, ok) = if nb {
                let r = cx.g.chan_select(cx.rt, prog, &[(false, ch, 0)], true);
                match cx.until(r)? {
                    Some((i, w, ok)) => (w, i == 0, ok),
                    None => return Ok(()),
                }
            } else {
                let r = cx.g.chan_recv(cx.rt, prog, ch);
                match cx.until(r)? {
                    Some((w, ok)) => (w, true, ok),
                    None => return Ok(()),
                }
            };
            cx.ret(0, w)?;
            cx.ret_bool(1, selected)?;
            cx.ret_bool(2, ok)
        },
        "reflect.chanClose" => |cx| {
            let ch = cx.arg(0);
            cx.g.chan_close(cx.rt, ch)
        },
        "reflect.chanSelect" => |cx| {
            // (sends, chans, vals, hasDefault) → (case or -1, value, ok).
            // On a resume the same arguments describe the same cases.
            let (sends, chans, vals) = (cx.elems(0), cx.elems(1), cx.elems(2));
            let cases: Vec<(bool, heap::Word, heap::Word)> = sends
                .iter()
                .zip(chans)
                .zip(vals)
                .map(|((s, c), v)| (heap::load(s) == 1, heap::load(c), heap::load(v)))
                .collect();
            let has_default = cx.bool(3);
            let prog = cx.prog;
            let r = cx.g.chan_select(cx.rt, prog, &cases, has_default);
            let Some((i, w, ok)) = cx.until(r)? else {
                return Ok(());
            };
            cx.ret_int(0, i)?;
            cx.ret(1, w)?;
            cx.ret_bool(2, ok)
        },
        _ => return None,
    })
}
