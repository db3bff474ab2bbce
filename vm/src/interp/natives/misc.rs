//! Small packages: `math`, `unicode`, `unicode/utf8`, `time`, `runtime`,
//! `errors`, `sort`, `sync/atomic`, `sync`.
//!
//! For the blocking ones this is only the native-call glue: `time.Sleep`
//! and the timers are `interp::timers`, `sync`'s objects and their parking
//! are `interp::sync`, `runtime.Gosched` is `interp::sched`.

use super::{NativeCtx, NativeFn};
use crate::heap::{self, Word};
use crate::interp::panic::Trap;
use crate::interp::timers;
use crate::interp::{ops, value};
use crate::lib::{unicode as uc, utf8};
use crate::rtype::Kind;

macro_rules! f1 {
    ($e:expr) => {
        |cx| {
            let f: fn(f64) -> f64 = $e;
            let r = f(cx.float(0));
            cx.ret_float(0, r)
        }
    };
}
macro_rules! f2 {
    ($e:expr) => {
        |cx| {
            let f: fn(f64, f64) -> f64 = $e;
            let r = f(cx.float(0), cx.float(1));
            cx.ret_float(0, r)
        }
    };
}
macro_rules! rb {
    ($e:path) => {
        |cx| {
            let r = $e(cx.arg(0) as u32);
            cx.ret_bool(0, r)
        }
    };
}
macro_rules! rr {
    ($e:path) => {
        |cx| {
            let r = cx.arg(0) as u32 as i32;
            let v = if r < 0 { r as u32 } else { $e(r as u32) };
            cx.ret_int(0, v as i32 as i64)
        }
    };
}

/// Go's `math.NaN()` bits (`uvnan`).
const GO_NAN: u64 = 0x7ff8_0000_0000_0001;

/// Go's `math.Hypot` (amd64): max * sqrt(1 + (min/max)**2), not libm's
/// correctly rounded hypot, so that results agree to the last bit.
fn go_hypot(p: f64, q: f64) -> f64 {
    let (p, q) = (p.abs(), q.abs());
    if p.is_infinite() || q.is_infinite() {
        return f64::INFINITY;
    }
    if p.is_nan() || q.is_nan() {
        return f64::from_bits(GO_NAN);
    }
    let (p, q) = if p < q { (q, p) } else { (p, q) };
    if p == 0.0 {
        return 0.0;
    }
    let q = q / p;
    p * (1.0 + q * q).sqrt()
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "math.Abs" => f1!(f64::abs),
        "math.Acos" => f1!(f64::acos),
        "math.Asin" => f1!(f64::asin),
        "math.Atan" => f1!(f64::atan),
        "math.Atan2" => f2!(f64::atan2),
        "math.Cbrt" => f1!(f64::cbrt),
        "math.Ceil" => f1!(f64::ceil),
        "math.Copysign" => f2!(f64::copysign),
        "math.Cos" => f1!(f64::cos),
        "math.Cosh" => f1!(f64::cosh),
        "math.Exp" => f1!(f64::exp),
        "math.Exp2" => f1!(f64::exp2),
        "math.Floor" => f1!(f64::floor),
        "math.Hypot" => f2!(go_hypot),
        "math.Log" => f1!(f64::ln),
        "math.Log10" => f1!(f64::log10),
        "math.Log1p" => f1!(f64::ln_1p),
        "math.Log2" => f1!(f64::log2),
        "builtin.fmax" => f2!(builtin_fmax),
        "builtin.fmin" => f2!(builtin_fmin),
        "math.Max" => f2!(go_max),
        "math.Min" => f2!(go_min),
        "math.Mod" => f2!(|x, y| x % y),
        "math.Pow" => f2!(go_pow),
        "math.Remainder" => f2!(|x, y| {
            if x.is_nan() || y.is_nan() || x.is_infinite() || y == 0.0 {
                f64::NAN
            } else if y.is_infinite() {
                x
            } else {
                x - (x / y).round_ties_even() * y
            }
        }),
        "math.Round" => f1!(f64::round),
        "math.RoundToEven" => f1!(f64::round_ties_even),
        "math.Sin" => f1!(f64::sin),
        "math.Sinh" => f1!(f64::sinh),
        "math.Sqrt" => f1!(f64::sqrt),
        "math.Tan" => f1!(f64::tan),
        "math.Tanh" => f1!(f64::tanh),
        "math.Trunc" => f1!(f64::trunc),
        // Go's NaN() is the quiet NaN with payload 1 (`uvnan`).
        "math.NaN" => |cx| cx.ret_float(0, f64::from_bits(GO_NAN)),
        "math.Inf" => |cx| {
            let s = cx.int(0);
            cx.ret_float(
                0,
                if s >= 0 {
                    f64::INFINITY
                } else {
                    f64::NEG_INFINITY
                },
            )
        },
        "math.IsInf" => |cx| {
            let (f, s) = (cx.float(0), cx.int(1));
            let r = (s >= 0 && f == f64::INFINITY) || (s <= 0 && f == f64::NEG_INFINITY);
            cx.ret_bool(0, r)
        },
        "math.IsNaN" => |cx| {
            let r = cx.float(0).is_nan();
            cx.ret_bool(0, r)
        },
        "math.Signbit" => |cx| {
            let r = cx.float(0).is_sign_negative();
            cx.ret_bool(0, r)
        },
        "math.Pow10" => |cx| {
            let n = cx.int(0);
            let r = if n < -323 {
                0.0
            } else if n > 308 {
                f64::INFINITY
            } else {
                format!("1e{n}").parse().unwrap_or(0.0)
            };
            cx.ret_float(0, r)
        },
        "math.Modf" => |cx| {
            let f = cx.float(0);
            let i = f.trunc();
            let frac = if f.is_infinite() {
                f64::NAN.copysign(f)
            } else {
                f - i
            };
            let frac = if frac == 0.0 {
                0.0f64.copysign(f)
            } else {
                frac
            };
            cx.ret_float(0, i)?;
            cx.ret_float(1, frac)
        },
        "math.Float64bits" => |cx| {
            let w = cx.arg(0);
            cx.ret(0, w)
        },
        "math.Float64frombits" => |cx| {
            let w = cx.arg(0);
            cx.ret(0, w)
        },
        "math.Float32bits" => |cx| {
            let r = (cx.float(0) as f32).to_bits();
            cx.ret(0, r as u64)
        },
        "math.Float32frombits" => |cx| {
            let r = f32::from_bits(cx.arg(0) as u32) as f64;
            cx.ret_float(0, r)
        },

        "unicode.IsControl" => rb!(uc::is_control),
        "unicode.IsDigit" => rb!(uc::is_digit),
        "unicode.IsGraphic" => rb!(uc::is_graphic),
        "unicode.IsLetter" => rb!(uc::is_letter),
        "unicode.IsLower" => rb!(uc::is_lower),
        "unicode.IsMark" => rb!(uc::is_mark),
        "unicode.IsNumber" => rb!(uc::is_number),
        "unicode.IsPrint" => rb!(uc::is_print),
        "unicode.IsPunct" => rb!(uc::is_punct),
        "unicode.IsSpace" => rb!(uc::is_space),
        "unicode.IsSymbol" => rb!(uc::is_symbol),
        "unicode.IsTitle" => rb!(uc::is_title),
        "unicode.IsUpper" => rb!(uc::is_upper),
        "unicode.ToLower" => rr!(uc::to_lower),
        "unicode.ToTitle" => rr!(uc::to_title),
        "unicode.ToUpper" => rr!(uc::to_upper),

        "utf8.AppendRune" => |cx| {
            let mut b = Vec::with_capacity(4);
            utf8::encode_rune(&mut b, cx.arg(1) as u32 as i32 as i64);
            let r = crate::interp::ops::append_bytes(cx.arg(0), &b, false);
            cx.ret(0, r)
        },
        "utf8.DecodeRune" => |cx| {
            let b = super::bytes_of(cx.arg(0));
            let (r, w) = utf8::decode_rune(&b);
            cx.ret_int(0, r as i64)?;
            cx.ret_int(1, w as i64)
        },
        "utf8.DecodeRuneInString" => |cx| {
            let (r, w) = utf8::decode_rune(cx.str(0));
            cx.ret_int(0, r as i64)?;
            cx.ret_int(1, w as i64)
        },
        "utf8.DecodeLastRune" => |cx| {
            let b = super::bytes_of(cx.arg(0));
            let (r, w) = utf8::decode_last_rune(&b);
            cx.ret_int(0, r as i64)?;
            cx.ret_int(1, w as i64)
        },
        "utf8.DecodeLastRuneInString" => |cx| {
            let (r, w) = utf8::decode_last_rune(cx.str(0));
            cx.ret_int(0, r as i64)?;
            cx.ret_int(1, w as i64)
        },
        "utf8.EncodeRune" => |cx| {
            let mut b = Vec::with_capacity(4);
            utf8::encode_rune(&mut b, cx.arg(1) as u32 as i32 as i64);
            let dst = cx.byte_elems(0);
            if dst.len() < b.len() {
                return Err(Trap::index(dst.len() as i64, dst.len()));
            }
            dst.write_bytes(0, &b);
            cx.ret_int(0, b.len() as i64)
        },
        "utf8.FullRune" => |cx| {
            let r = utf8::full_rune(&super::bytes_of(cx.arg(0)));
            cx.ret_bool(0, r)
        },
        "utf8.RuneCount" => |cx| {
            let r = utf8::rune_count(&super::bytes_of(cx.arg(0)));
            cx.ret_int(0, r as i64)
        },
        "utf8.RuneCountInString" => |cx| {
            let r = utf8::rune_count(cx.str(0));
            cx.ret_int(0, r as i64)
        },
        "utf8.RuneLen" => |cx| {
            let r = utf8::rune_len(cx.arg(0) as u32 as i32 as i64);
            cx.ret_int(0, r.map_or(-1, |n| n as i64))
        },
        "utf8.Valid" => |cx| {
            let r = utf8::valid_string(&super::bytes_of(cx.arg(0)));
            cx.ret_bool(0, r)
        },
        "utf8.ValidString" => |cx| {
            let r = utf8::valid_string(cx.str(0));
            cx.ret_bool(0, r)
        },

        "time.now" => |cx| cx.ret_int(0, now_ns()),
        "time.Sleep" => |cx| {
            let d = cx.int(0);
            let r = cx.g.sleep(cx.rt, d);
            cx.until(r).map(drop)
        },
        "time.startTimer" => |cx| {
            let (ch, d, period) = (cx.arg(0), cx.int(1), cx.int(2));
            let id = timers::start_timer(cx.rt, ch, d, period);
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
        "time.Time.Format" => |cx| {
            let t = cx.arg(0);
            let ns = if t == 0 {
                0
            } else {
                heap::load(heap::field(t, 0)) as i64
            };
            let out = format_time(ns, cx.str(1));
            cx.ret_string(0, out)
        },
        "time.Duration.String" => |cx| {
            let s = duration_string(cx.int(0));
            cx.ret_string(0, s.into_bytes())
        },

        "runtime.Gosched" => |cx| {
            let r = cx.g.gosched();
            cx.until(r).map(drop)
        },
        "runtime.Breakpoint" => |_| Err(Trap::Fatal(super::BREAKPOINT.into())),
        "runtime.Goexit" => |_| Err(Trap::Goexit),
        "atomic.sameType" => |cx| {
            let t = |w| heap::iface(w).map(|i| i.rtype);
            let same = t(cx.arg(0)) == t(cx.arg(1));
            cx.ret_bool(0, same)
        },
        "runtime.GC" => |cx| {
            // The goroutine waits for the collection holding its task: it
            // publishes its roots first.
            gc_and_finalize(cx);
            Ok(())
        },
        "debug.FreeOSMemory" => |cx| {
            gc_and_finalize(cx);
            Ok(())
        },
        "runtime.SetFinalizer" => {
            |cx| crate::interp::finalizers::set_finalizer(cx.prog, cx.arg(0), cx.arg(1))
        }
        "runtime.readMemStats" => read_mem_stats,
        "debug.SetGCPercent" => |cx| {
            let old = minigo_gc::trigger::set_gc_percent(cx.int(0));
            cx.ret_int(0, old)
        },
        "debug.SetMemoryLimit" => |cx| {
            let old = minigo_gc::trigger::set_memory_limit(cx.int(0));
            cx.ret_int(0, old)
        },
        "runtime.NumGoroutine" => |cx| {
            let n = cx.rt.num_goroutine();
            cx.ret_int(0, n as i64)
        },
        "runtime.NumCPU" => |cx| cx.ret_int(0, num_cpu()),
        "runtime.GOMAXPROCS" => |cx| {
            // Returns the previous setting; n >= 1 resizes the Ps.
            let n = cx.int(0);
            let prev = if n >= 1 {
                // Resizing waits out a collection in progress, counting
                // this goroutine stopped: its roots must be published.
                let _published = crate::interp::gc_publish(cx.g);
                cx.rt.set_gomaxprocs(n as usize)
            } else {
                cx.rt.gomaxprocs()
            } as i64;
            cx.ret_int(0, prev)
        },
        "runtime.Version" => |cx| cx.ret_str(0, b"go1.27"),

        "errors.comparable" => |cx| {
            let r = match heap::iface(cx.arg(0)) {
                None => true,
                Some(i) => cx.prog.rtype(i.rtype).comparable,
            };
            cx.ret_bool(0, r)
        },
        "errors.asTarget" => as_target,

        "sort.sliceLen" => |cx| {
            let n = heap::iface(cx.arg(0)).map_or(0, |i| heap::slice_or_nil(i.data).len());
            cx.ret_int(0, n as i64)
        },
        "sort.sliceSwap" => |cx| {
            let s = heap::slice_or_nil(heap::iface(cx.arg(0)).map_or(0, |i| i.data));
            let (i, j) = (cx.arg(1), cx.arg(2));
            let n = s.len() as u64;
            if i >= n {
                return Err(Trap::index(i as i64, s.len()));
            }
            if j >= n {
                return Err(Trap::index(j as i64, s.len()));
            }
            let (i, j) = (i as usize, j as usize);
            let (a, b) = (s.get(i).unwrap_or(0), s.get(j).unwrap_or(0));
            s.set(i, b);
            s.set(j, a);
            Ok(())
        },
        "sort.Ints" => |cx| {
            sort_by(cx.elems(0), |a, b| (a as i64).cmp(&(b as i64)));
            Ok(())
        },
        "sort.Float64s" => |cx| {
            sort_by(cx.elems(0), |a, b| {
                let (x, y) = (f64::from_bits(a), f64::from_bits(b));
                match (x.is_nan(), y.is_nan()) {
                    (true, true) => std::cmp::Ordering::Equal,
                    (true, false) => std::cmp::Ordering::Less,
                    (false, true) => std::cmp::Ordering::Greater,
                    _ => x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal),
                }
            });
            Ok(())
        },
        "sort.Strings" => |cx| {
            sort_by(cx.elems(0), |a, b| {
                heap::str_bytes(a).cmp(heap::str_bytes(b))
            });
            Ok(())
        },

        "atomic.AddInt32" => |cx| add(cx, |o, d| (o as i32).wrapping_add(d as i32) as i64 as u64),
        "atomic.AddUint32" => |cx| add(cx, |o, d| (o as u32).wrapping_add(d as u32) as u64),
        "atomic.AddInt64" | "atomic.AddUint64" => |cx| add(cx, |o, d| o.wrapping_add(d)),
        "atomic.SwapInt32" | "atomic.SwapInt64" => |cx| {
            let old = atomic_cell(cx)?.swap(cx.arg(1));
            cx.ret(0, old)
        },
        "atomic.LoadInt32" | "atomic.LoadInt64" | "atomic.LoadUint32" | "atomic.LoadUint64" => {
            |cx| {
                let v = atomic_cell(cx)?.load();
                cx.ret(0, v)
            }
        }
        "atomic.StoreInt32" | "atomic.StoreInt64" | "atomic.StoreUint32" | "atomic.StoreUint64" => {
            |cx| {
                atomic_cell(cx)?.store(cx.arg(1));
                Ok(())
            }
        }
        "atomic.CompareAndSwapInt32" | "atomic.CompareAndSwapInt64" => |cx| {
            let ok = atomic_cell(cx)?.compare_and_swap(cx.arg(1), cx.arg(2));
            cx.ret_bool(0, ok)
        },

        "sync.Mutex.Lock" => |cx| {
            let m = cx.arg(0);
            let r = cx.g.mutex_lock(cx.rt, m);
            cx.until(r).map(drop)
        },
        "sync.Mutex.Unlock" => |cx| {
            let m = cx.arg(0);
            cx.g.mutex_unlock(cx.rt, m)
        },
        "sync.Mutex.TryLock" => |cx| {
            let m = cx.arg(0);
            let ok = cx.g.mutex_try_lock(m)?;
            cx.ret_bool(0, ok)
        },
        "sync.RWMutex.Lock" => |cx| {
            let m = cx.arg(0);
            let r = cx.g.rw_lock(cx.rt, m, false);
            cx.until(r).map(drop)
        },
        "sync.RWMutex.RLock" => |cx| {
            let m = cx.arg(0);
            let r = cx.g.rw_lock(cx.rt, m, true);
            cx.until(r).map(drop)
        },
        "sync.RWMutex.Unlock" => |cx| {
            let m = cx.arg(0);
            cx.g.rw_unlock(cx.rt, m, false)
        },
        "sync.RWMutex.RUnlock" => |cx| {
            let m = cx.arg(0);
            cx.g.rw_unlock(cx.rt, m, true)
        },
        "sync.RWMutex.TryLock" => |cx| {
            let m = cx.arg(0);
            let ok = cx.g.rw_try_lock(cx.rt, m, false)?;
            cx.ret_bool(0, ok)
        },
        "sync.RWMutex.TryRLock" => |cx| {
            let m = cx.arg(0);
            let ok = cx.g.rw_try_lock(cx.rt, m, true)?;
            cx.ret_bool(0, ok)
        },
        "sync.WaitGroup.Add" => |cx| {
            let (w, d) = (cx.arg(0), cx.int(1));
            cx.g.wg_add(cx.rt, w, d)
        },
        "sync.WaitGroup.Wait" => |cx| {
            let w = cx.arg(0);
            let r = cx.g.wg_wait(cx.rt, w);
            cx.until(r).map(drop)
        },
        "sync.Cond.ticket" => |cx| {
            let c = cx.arg(0);
            let t = cx.g.cond_ticket(c)?;
            cx.ret_int(0, t)
        },
        "sync.Cond.waitTicket" => |cx| {
            let (c, t) = (cx.arg(0), cx.int(1));
            let r = cx.g.cond_wait(cx.rt, c, t);
            cx.until(r).map(drop)
        },
        "sync.Cond.Signal" => |cx| {
            let c = cx.arg(0);
            cx.g.cond_notify(cx.rt, c, false)
        },
        "sync.Cond.Broadcast" => |cx| {
            let c = cx.arg(0);
            cx.g.cond_notify(cx.rt, c, true)
        },
        _ => return None,
    })
}

/// The builtin `max` on floats: any NaN wins (unlike math.Max, where +Inf
/// does), and +0 is above -0.
fn builtin_fmax(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 && y == 0.0 {
        return if x.is_sign_negative() { y } else { x };
    }
    if x > y {
        x
    } else {
        y
    }
}

/// The builtin `min` on floats: any NaN wins, and -0 is below +0.
fn builtin_fmin(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 && y == 0.0 {
        return if x.is_sign_negative() { x } else { y };
    }
    if x < y {
        x
    } else {
        y
    }
}

/// math.Max: +Inf wins even over NaN, then as the builtin.
fn go_max(x: f64, y: f64) -> f64 {
    if x.is_infinite() && x > 0.0 || y.is_infinite() && y > 0.0 {
        return f64::INFINITY;
    }
    builtin_fmax(x, y)
}

/// math.Min: -Inf wins even over NaN, then as the builtin.
fn go_min(x: f64, y: f64) -> f64 {
    if x.is_infinite() && x < 0.0 || y.is_infinite() && y < 0.0 {
        return f64::NEG_INFINITY;
    }
    builtin_fmin(x, y)
}

fn go_pow(x: f64, y: f64) -> f64 {
    // Go: Pow(1, y) = 1 and Pow(x, 0) = 1 for any x, y (NaN included).
    if x == 1.0 || y == 0.0 {
        return 1.0;
    }
    x.powf(y)
}

/// `time.Now` on the runtime's clock (virtual in a seeded run).
fn now_ns() -> i64 {
    minigo_runtime::unix_nanos()
}

fn num_cpu() -> i64 {
    std::thread::available_parallelism().map_or(1, |n| n.get() as i64)
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

fn sort_by(s: &[heap::Slot], cmp: impl Fn(Word, Word) -> std::cmp::Ordering) {
    let mut v: Vec<Word> = s.iter().map(heap::load).collect();
    v.sort_by(|a, b| cmp(*a, *b));
    for (d, w) in s.iter().zip(v) {
        heap::store(d, w);
    }
}

/// The integer cell the pointer in arg 0 points to: a slot, or a 4-byte
/// element of an `[]int32`-like array.
fn atomic_cell(cx: &NativeCtx<'_, '_>) -> Result<heap::AtomicCell, Trap> {
    let p = cx.arg(0);
    if p == 0 {
        return Err(Trap::nil_deref());
    }
    Ok(heap::ptr_atomic(p))
}

/// `atomic.Add*`: `*arg0 = f(*arg0, arg1)` atomically; returns the new
/// value.
fn add(cx: &mut NativeCtx<'_, '_>, f: fn(u64, u64) -> u64) -> Result<(), Trap> {
    let d = cx.arg(1);
    let new = atomic_cell(cx)?.update(|old| f(old, d));
    cx.ret(0, new)
}

/// `errors.As`'s core: stores `err` in `*target` when its dynamic type
/// fits.
fn as_target(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let prog = cx.prog;
    let (err, target) = (cx.arg(0), cx.arg(1));
    let bad = || cx.panic_str("errors: target must be a non-nil pointer");
    let Some(t) = heap::iface(target) else {
        return Err(bad());
    };
    let tt = prog.rtype(t.rtype);
    if tt.kind != Kind::Pointer || t.data == 0 {
        return Err(bad());
    }
    let et = tt.elem;
    let e = prog.rtype(et);
    let Some(ei) = heap::iface(err) else {
        return cx.ret_bool(0, false);
    };
    if e.kind == Kind::Interface {
        if ops::implements(prog, ei.rtype, et).is_ok() {
            heap::store(heap::cell(t.data), err);
            return cx.ret_bool(0, true);
        }
        return cx.ret_bool(0, false);
    }
    if ei.rtype != et {
        return cx.ret_bool(0, false);
    }
    if e.aggregate {
        value::copy_into(&prog.rtypes, t.data, ei.data, et);
    } else {
        heap::store(heap::cell(t.data), ei.data);
    }
    cx.ret_bool(0, true)
}

/// `time.Time.Format`: Go's reference-time layouts, in UTC (minigo has no
/// time zone database; Go uses the local zone, which is UTC on most
/// servers and containers).
pub fn format_time(unix_ns: i64, layout: &[u8]) -> Vec<u8> {
    let secs = unix_ns.div_euclid(1_000_000_000);
    let nanos = unix_ns.rem_euclid(1_000_000_000);
    let days = secs.div_euclid(86_400);
    let sod = secs.rem_euclid(86_400);
    let (hour, min, sec) = (sod / 3600, sod % 3600 / 60, sod % 60);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + (month <= 2) as i64;
    let weekday = (days + 4).rem_euclid(7); // 1970-01-01 was a Thursday
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    const DAYS: [&str; 7] = [
        "Sunday",
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
    ];
    let mname = MONTHS[(month - 1) as usize];
    let dname = DAYS[weekday as usize];
    let h12 = if hour % 12 == 0 { 12 } else { hour % 12 };
    let mut out = Vec::new();
    let mut i = 0;
    let l = layout;
    let starts = |i: usize, p: &str| l[i..].starts_with(p.as_bytes());
    while i < l.len() {
        let (text, used): (String, usize) = if starts(i, "2006") {
            (format!("{year:04}"), 4)
        } else if starts(i, "January") {
            (mname.to_string(), 7)
        } else if starts(i, "Jan") {
            (mname[..3].to_string(), 3)
        } else if starts(i, "Monday") {
            (dname.to_string(), 6)
        } else if starts(i, "Mon") {
            (dname[..3].to_string(), 3)
        } else if starts(i, "MST") {
            ("UTC".to_string(), 3)
        } else if starts(i, "01") {
            (format!("{month:02}"), 2)
        } else if starts(i, "02") {
            (format!("{day:02}"), 2)
        } else if starts(i, "_2") {
            (format!("{day:>2}"), 2)
        } else if starts(i, "06") {
            (format!("{:02}", year % 100), 2)
        } else if starts(i, "15") {
            (format!("{hour:02}"), 2)
        } else if starts(i, "03") {
            (format!("{h12:02}"), 2)
        } else if starts(i, "04") {
            (format!("{min:02}"), 2)
        } else if starts(i, "05") {
            (format!("{sec:02}"), 2)
        } else if starts(i, "-07:00") || starts(i, "Z07:00") {
            (if l[i] == b'Z' { "Z" } else { "+00:00" }.to_string(), 6)
        } else if starts(i, "-0700") || starts(i, "Z0700") {
            (if l[i] == b'Z' { "Z" } else { "+0000" }.to_string(), 5)
        } else if starts(i, "PM") {
            (if hour >= 12 { "PM" } else { "AM" }.to_string(), 2)
        } else if starts(i, "pm") {
            (if hour >= 12 { "pm" } else { "am" }.to_string(), 2)
        } else if (l[i] == b'.' || l[i] == b',')
            && i + 1 < l.len()
            && (l[i + 1] == b'0' || l[i + 1] == b'9')
        {
            // Fractional seconds: .000 (fixed) or .999 (trailing zeros cut).
            let digit = l[i + 1];
            let mut j = i + 1;
            while j < l.len() && l[j] == digit {
                j += 1;
            }
            let n = j - i - 1;
            if j < l.len() && l[j].is_ascii_digit() {
                (String::from_utf8_lossy(&l[i..i + 1]).into_owned(), 1)
            } else {
                let frac = format!("{nanos:09}");
                let mut f = frac[..n.min(9)].to_string();
                if digit == b'9' {
                    while f.ends_with('0') {
                        f.pop();
                    }
                }
                if f.is_empty() {
                    (String::new(), j - i)
                } else {
                    (format!("{}{f}", l[i] as char), j - i)
                }
            }
        } else if starts(i, "1") && !l.get(i + 1).is_some_and(|c| c.is_ascii_digit()) {
            (month.to_string(), 1)
        } else if starts(i, "2") && !l.get(i + 1).is_some_and(|c| c.is_ascii_digit()) {
            (day.to_string(), 1)
        } else if starts(i, "3") {
            (h12.to_string(), 1)
        } else if starts(i, "4") {
            (min.to_string(), 1)
        } else if starts(i, "5") {
            (sec.to_string(), 1)
        } else {
            (String::from_utf8_lossy(&l[i..i + 1]).into_owned(), 1)
        };
        out.extend_from_slice(text.as_bytes());
        i += used;
    }
    out
}

/// `runtime.GC()`: a full collection, then any finalizers it queued start.
fn gc_and_finalize(cx: &mut NativeCtx<'_, '_>) {
    {
        let _published = crate::interp::gc_publish(cx.g);
        minigo_gc::collect();
    }
    let prog = cx.g.program().clone();
    crate::interp::finalizers::run_finalizers(cx.rt, &prog);
}

/// `runtime.ReadMemStats`: the fields of `runtime.MemStats` (prelude
/// `runtime.go`) in declaration order.
fn read_mem_stats(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let m = cx.arg(0);
    if m == 0 {
        return Err(Trap::nil_deref());
    }
    let s = minigo_gc::stats::read();
    let scalars: [(usize, u64); 15] = [
        (0, s.alloc),
        (1, s.total_alloc),
        (2, s.sys),
        (4, s.mallocs),
        (5, s.frees),
        (6, s.heap_alloc),
        (7, s.heap_sys),
        (8, s.heap_idle),
        (9, s.heap_inuse),
        (11, s.heap_objects),
        (21, s.next_gc),
        (22, s.last_gc),
        (23, s.pause_total_ns),
        (26, s.num_gc as u64),
        (27, s.num_forced_gc as u64),
    ];
    for (i, v) in scalars {
        heap::store(heap::field(m, i), v);
    }
    for (i, arr) in [(24, &s.pause_ns), (25, &s.pause_end)] {
        let elems = heap::slice_elems(heap::load(heap::field(m, i)));
        for (slot, &v) in elems.iter().zip(arr.iter()) {
            heap::store(slot, v);
        }
    }
    heap::store(heap::field(m, 28), s.gc_cpu_fraction.to_bits());
    heap::store(heap::field(m, 29), 1);
    Ok(())
}

#[cfg(test)]
mod time_format_tests {
    use super::format_time;

    #[test]
    fn layouts_as_go_prints_them() {
        // 2009-11-10 23:04:05.123456789 UTC (Go's playground epoch, +5s).
        let t = 1_257_894_245_123_456_789;
        let f = |l: &str| String::from_utf8(format_time(t, l.as_bytes())).unwrap();
        assert_eq!(f("2006-01-02 15:04:05"), "2009-11-10 23:04:05");
        assert_eq!(
            f("Jan 2, 2006 at 3:04pm (MST)"),
            "Nov 10, 2009 at 11:04pm (UTC)"
        );
        assert_eq!(f("Monday 02/01/06"), "Tuesday 10/11/09");
        assert_eq!(f("15:04:05.000"), "23:04:05.123");
        assert_eq!(f("05.999999999 -0700"), "05.123456789 +0000");
        assert_eq!(f("2006-01-02T15:04:05Z07:00"), "2009-11-10T23:04:05Z");
    }
}
