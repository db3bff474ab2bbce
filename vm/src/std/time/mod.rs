//! Natives of package `time`: the clock, `Sleep` and the timers (the
//! runtime side is `interp::timers`), and formatting.

use crate::heap::{self};
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

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
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
        _ => return None,
    })
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
