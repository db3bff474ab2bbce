//! Natives of package `time`: the clocks, `Sleep` and the timers (the
//! runtime side is `interp::timers`), `Duration.String`, and the
//! environment and file reads behind `Local` and `LoadLocation`. The
//! calendar, formatting, parsing and zones are Go (time.go and beside it).

use crate::heap::{self, Word};
use crate::interp::natives::NativeFn;
use crate::interp::timers;

/// `time.Now` on the runtime's clock (virtual in a seeded run).
fn now_ns() -> i64 {
    minigo_runtime::unix_nanos()
}

/// Go's `time.Duration.String`.
pub fn duration_string(d: i64) -> String {
    let neg = d < 0;
    let mut u = d.unsigned_abs();
    let mut out: Vec<u8> = Vec::new(); // reversed
    fn frac(out: &mut Vec<u8>, v: u64, prec: usize) -> u64 {
        let mut v = v;
        let mut print = false;
        for _ in 0..prec {
            let digit = v % 10;
            print = print || digit != 0;
            if print {
                out.push(b'0' + digit as u8);
            }
            v /= 10;
        }
        if print {
            out.push(b'.');
        }
        v
    }
    fn int(out: &mut Vec<u8>, v: u64) {
        let mut v = v;
        if v == 0 {
            out.push(b'0');
        }
        while v > 0 {
            out.push(b'0' + (v % 10) as u8);
            v /= 10;
        }
    }
    if u < 1_000_000_000 {
        out.push(b's');
        let prec;
        if u == 0 {
            return "0s".into();
        } else if u < 1_000 {
            prec = 0;
            out.push(b'n');
        } else if u < 1_000_000 {
            prec = 3;
            out.extend_from_slice(&[0xB5, 0xC2]);
        } else {
            prec = 6;
            out.push(b'm');
        }
        u = frac(&mut out, u, prec);
        int(&mut out, u);
    } else {
        out.push(b's');
        u = frac(&mut out, u, 9);
        int(&mut out, u % 60);
        u /= 60;
        if u > 0 {
            out.push(b'm');
            int(&mut out, u % 60);
            u /= 60;
            if u > 0 {
                out.push(b'h');
                int(&mut out, u);
            }
        }
    }
    if neg {
        out.push(b'-');
    }
    out.reverse();
    String::from_utf8_lossy(&out).into_owned()
}

/// The fields of Go's `time.Time` (time.go): keep in step with it.
const TIME_FIELDS: usize = 5;
const UNIX_TO_INTERNAL: i64 = (1969 * 365 + 1969 / 4 - 1969 / 100 + 1969 / 400) * 86_400;

/// The monotonic clock: nanoseconds since the runtime started, on the
/// runtime's clock (virtual in a seeded run).
fn mono_nanos() -> i64 {
    minigo_runtime::nanotime()
}

/// A new `time.Time` for the current instant, with a monotonic reading,
/// shown in `loc` (a `*time.Location` word): what a timer sends.
pub fn new_time_now(loc: Word) -> Word {
    let ns = now_ns();
    let t = heap::new_box(TIME_FIELDS);
    let fields = [
        (ns.div_euclid(1_000_000_000) + UNIX_TO_INTERNAL) as u64,
        ns.rem_euclid(1_000_000_000) as u64,
        mono_nanos() as u64,
        1,
        loc,
    ];
    for (i, w) in fields.into_iter().enumerate() {
        heap::store(heap::field(t, i), w);
    }
    t
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "time.now" => |cx| {
            let ns = now_ns();
            cx.ret_int(0, ns.div_euclid(1_000_000_000))?;
            cx.ret_int(1, ns.rem_euclid(1_000_000_000))?;
            cx.ret_int(2, mono_nanos())
        },
        "time.getenv" => |cx| {
            let v = crate::stdlib::os::getenv(cx.str(0));
            cx.ret_bool(1, v.is_some())?;
            cx.ret_string(0, v.unwrap_or_default())
        },
        "time.readFile" => |cx| {
            let name = String::from_utf8_lossy(cx.str(0)).into_owned();
            match std::fs::read(name) {
                Ok(b) => {
                    cx.ret(0, crate::interp::natives::byte_slice(&b))?;
                    cx.ret_bool(1, true)
                }
                Err(_) => {
                    cx.ret(0, 0)?;
                    cx.ret_bool(1, false)
                }
            }
        },
        "time.embeddedZone" => |cx| match super::time_tzdata::zone(cx.str(0)) {
            Some(b) => {
                cx.ret(0, crate::interp::natives::byte_slice(b))?;
                cx.ret_bool(1, true)
            }
            None => {
                cx.ret(0, 0)?;
                cx.ret_bool(1, false)
            }
        },
        "time.Sleep" => |cx| {
            let d = cx.int(0);
            let r = cx.g.sleep(cx.rt, d);
            cx.until(r).map(drop)
        },
        "time.startTimer" => |cx| {
            let (ch, d, period, loc) = (cx.arg(0), cx.int(1), cx.int(2), cx.arg(3));
            let id = timers::start_timer(cx.rt, ch, d, period, loc);
            cx.ret_int(0, id)
        },
        "time.startFuncTimer" => |cx| {
            let (anchor, f, d) = (cx.arg(0), cx.arg(1), cx.int(2));
            let prog = cx.g.program().clone();
            let id = timers::start_func_timer(cx.rt, prog, anchor, f, d);
            cx.ret_int(0, id)
        },
        "time.stopTimer" => |cx| {
            let id = cx.int(0);
            let ok = timers::stop_timer(cx.rt, id);
            cx.ret_bool(0, ok)
        },
        "time.resetTimer" => |cx| {
            let (id, d, period) = (cx.int(0), cx.int(1), cx.int(2));
            let ok = timers::reset_timer(cx.rt, id, d, period);
            cx.ret_bool(0, ok)
        },
        "time.Duration.String" => |cx| {
            let s = duration_string(cx.int(0));
            cx.ret_string(0, s.into_bytes())
        },
        _ => return None,
    })
}
