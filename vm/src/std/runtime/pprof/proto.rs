//! `profile.proto` (github.com/google/pprof's `proto/profile.proto`), the
//! format `go tool pprof` reads, written by hand: a protobuf message is
//! fields of (tag, wire type) keys and varints or length-delimited bytes,
//! and this writer needs nothing more. The result is gzipped, as Go's
//! `runtime/pprof` writes it.
//!
//! Locations are the program's pcs (`proto << 32 | instruction`, see
//! `profiling.rs`), one per pc, each with one line of one function
//! (minigo does not inline); functions are keyed by name and file.

use std::collections::HashMap;
use std::io::Write;

/// A pc's symbol: function name, file, line.
pub type Symbol = (String, String, i64);

/// Protobuf field writer.
#[derive(Default)]
pub struct Enc {
    pub buf: Vec<u8>,
}

impl Enc {
    fn varint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.buf.push((v as u8) | 0x80);
            v >>= 7;
        }
        self.buf.push(v as u8);
    }

    fn key(&mut self, tag: u32, wire: u8) {
        self.varint(u64::from(tag) << 3 | u64::from(wire));
    }

    /// An integer field (int64 and uint64 are both varints); zero is the
    /// default and left out, as proto3 does.
    pub fn int(&mut self, tag: u32, v: i64) {
        if v != 0 {
            self.key(tag, 0);
            self.varint(v as u64);
        }
    }

    pub fn boolean(&mut self, tag: u32, v: bool) {
        if v {
            self.key(tag, 0);
            self.varint(1);
        }
    }

    pub fn bytes(&mut self, tag: u32, b: &[u8]) {
        self.key(tag, 2);
        self.varint(b.len() as u64);
        self.buf.extend_from_slice(b);
    }

    /// A packed repeated integer field.
    pub fn packed(&mut self, tag: u32, vs: impl Iterator<Item = u64>) {
        let mut e = Enc::default();
        for v in vs {
            e.varint(v);
        }
        if !e.buf.is_empty() {
            self.bytes(tag, &e.buf);
        }
    }

    pub fn message(&mut self, tag: u32, f: impl FnOnce(&mut Enc)) {
        let mut e = Enc::default();
        f(&mut e);
        self.bytes(tag, &e.buf);
    }
}

/// What a profile says about itself.
pub struct Header<'a> {
    /// (type, unit) of each value of a sample.
    pub sample_types: &'a [(&'a str, &'a str)],
    pub period_type: (&'a str, &'a str),
    pub period: i64,
    pub time_nanos: i64,
    pub duration_nanos: i64,
    /// The sample type `go tool pprof` shows first (empty: the last one).
    pub default_sample_type: &'a str,
}

/// A label of a sample: a string, or a number with its unit.
pub enum LabelValue<'a> {
    Str(&'a str),
    Num(i64, &'a str),
}

/// Builds one profile.
pub struct Builder<'s> {
    out: Enc,
    strings: HashMap<String, i64>,
    string_list: Vec<String>,
    locations: HashMap<u64, u64>,
    functions: HashMap<(String, String), u64>,
    symbolize: Box<dyn Fn(u64) -> Option<Symbol> + 's>,
    locs: Enc,
    funcs: Enc,
}

// profile.proto's field numbers.
const P_SAMPLE_TYPE: u32 = 1;
const P_SAMPLE: u32 = 2;
const P_MAPPING: u32 = 3;
const P_LOCATION: u32 = 4;
const P_FUNCTION: u32 = 5;
const P_STRING_TABLE: u32 = 6;
const P_TIME_NANOS: u32 = 9;
const P_DURATION_NANOS: u32 = 10;
const P_PERIOD_TYPE: u32 = 11;
const P_PERIOD: u32 = 12;
const P_DEFAULT_SAMPLE_TYPE: u32 = 14;

impl<'s> Builder<'s> {
    pub fn new(h: &Header<'_>, symbolize: impl Fn(u64) -> Option<Symbol> + 's) -> Builder<'s> {
        let mut b = Builder {
            out: Enc::default(),
            strings: HashMap::new(),
            string_list: Vec::new(),
            locations: HashMap::new(),
            functions: HashMap::new(),
            symbolize: Box::new(symbolize),
            locs: Enc::default(),
            funcs: Enc::default(),
        };
        b.string("");
        for &(t, u) in h.sample_types {
            let (t, u) = (b.string(t), b.string(u));
            b.out.message(P_SAMPLE_TYPE, |e| {
                e.int(1, t);
                e.int(2, u);
            });
        }
        let (t, u) = (b.string(h.period_type.0), b.string(h.period_type.1));
        b.out.message(P_PERIOD_TYPE, |e| {
            e.int(1, t);
            e.int(2, u);
        });
        b.out.int(P_PERIOD, h.period);
        b.out.int(P_TIME_NANOS, h.time_nanos);
        b.out.int(P_DURATION_NANOS, h.duration_nanos);
        if !h.default_sample_type.is_empty() {
            let d = b.string(h.default_sample_type);
            b.out.int(P_DEFAULT_SAMPLE_TYPE, d);
        }
        b
    }

    fn string(&mut self, s: &str) -> i64 {
        if let Some(&i) = self.strings.get(s) {
            return i;
        }
        let i = self.string_list.len() as i64;
        self.string_list.push(s.to_string());
        self.strings.insert(s.to_string(), i);
        i
    }

    fn location(&mut self, pc: u64) -> u64 {
        if let Some(&id) = self.locations.get(&pc) {
            return id;
        }
        let id = self.locations.len() as u64 + 1;
        self.locations.insert(pc, id);
        let sym = (self.symbolize)(pc);
        let line = sym.map(|(name, file, line)| {
            let fid = match self.functions.get(&(name.clone(), file.clone())) {
                Some(&f) => f,
                None => {
                    let f = self.functions.len() as u64 + 1;
                    let (n, fl) = (self.string(&name), self.string(&file));
                    self.funcs.message(P_FUNCTION, |e| {
                        e.int(1, f as i64);
                        e.int(2, n);
                        e.int(3, n);
                        e.int(4, fl);
                    });
                    self.functions.insert((name, file), f);
                    f
                }
            };
            (fid, line)
        });
        self.locs.message(P_LOCATION, |e| {
            e.int(1, id as i64);
            e.int(2, 1);
            e.int(3, pc as i64);
            if let Some((fid, line)) = line {
                e.message(4, |l| {
                    l.int(1, fid as i64);
                    l.int(2, line);
                });
            }
        });
        id
    }

    /// One sample: its stack (pcs, innermost first), values and labels.
    pub fn sample(&mut self, stack: &[u64], values: &[i64], labels: &[(&str, LabelValue<'_>)]) {
        let ids: Vec<u64> = stack.iter().map(|&pc| self.location(pc)).collect();
        let labels: Vec<(i64, i64, i64, i64)> = labels
            .iter()
            .map(|(k, v)| {
                let k = self.string(k);
                match v {
                    LabelValue::Str(s) => (k, self.string(s), 0, 0),
                    LabelValue::Num(n, unit) => {
                        let u = if unit.is_empty() {
                            0
                        } else {
                            self.string(unit)
                        };
                        (k, 0, *n, u)
                    }
                }
            })
            .collect();
        self.out.message(P_SAMPLE, |e| {
            e.packed(1, ids.iter().copied());
            e.packed(2, values.iter().map(|&v| v as u64));
            for &(k, s, n, u) in &labels {
                e.message(3, |l| {
                    l.int(1, k);
                    l.int(2, s);
                    l.int(3, n);
                    l.int(4, u);
                });
            }
        });
    }

    /// The profile.proto message, not compressed.
    pub fn finish_raw(mut self, main_file: &str) -> Vec<u8> {
        let f = self.string(main_file);
        // One mapping holding every pc, with the symbols already in the
        // profile (so that pprof looks for no binary).
        self.out.message(P_MAPPING, |e| {
            e.int(1, 1);
            e.int(2, 0);
            e.int(3, -1);
            e.int(5, f);
            e.boolean(7, true);
            e.boolean(8, true);
            e.boolean(9, true);
        });
        let mut out = self.out.buf;
        out.extend_from_slice(&self.locs.buf);
        out.extend_from_slice(&self.funcs.buf);
        let mut e = Enc { buf: out };
        for s in &self.string_list {
            e.bytes(P_STRING_TABLE, s.as_bytes());
        }
        e.buf
    }

    /// The profile, gzipped: what `WriteTo(w, 0)` writes.
    pub fn finish(self, main_file: &str) -> Vec<u8> {
        gzip(&self.finish_raw(main_file))
    }
}

pub fn gzip(b: &[u8]) -> Vec<u8> {
    let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    let _ = z.write_all(b);
    z.finish().unwrap_or_default()
}

/// Go's `scaleHeapSample`: sampled counts to estimated totals, given that
/// an object of `size` bytes is sampled with probability
/// `1 - exp(-size/rate)`.
pub fn scale_heap_sample(count: i64, size: i64, rate: i64) -> (i64, i64) {
    if count == 0 || size == 0 {
        return (0, 0);
    }
    if rate <= 1 {
        return (count, size);
    }
    let avg = size as f64 / count as f64;
    let scale = 1.0 / (1.0 - (-avg / rate as f64).exp());
    ((count as f64 * scale) as i64, (size as f64 * scale) as i64)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::io::Read;

    /// A decoded field: (tag, varint or bytes).
    #[derive(Debug, Clone)]
    pub(crate) enum F {
        V(u64),
        B(Vec<u8>),
    }

    pub(crate) fn decode(mut b: &[u8]) -> Vec<(u32, F)> {
        fn varint(b: &mut &[u8]) -> u64 {
            let mut v = 0u64;
            let mut s = 0;
            loop {
                let x = b[0];
                *b = &b[1..];
                v |= u64::from(x & 0x7f) << s;
                s += 7;
                if x < 0x80 {
                    return v;
                }
            }
        }
        let mut out = Vec::new();
        while !b.is_empty() {
            let k = varint(&mut b);
            let (tag, wire) = ((k >> 3) as u32, k & 7);
            match wire {
                0 => out.push((tag, F::V(varint(&mut b)))),
                2 => {
                    let n = varint(&mut b) as usize;
                    out.push((tag, F::B(b[..n].to_vec())));
                    b = &b[n..];
                }
                w => panic!("wire type {w}"),
            }
        }
        out
    }

    pub(crate) fn gunzip(b: &[u8]) -> Vec<u8> {
        let mut d = flate2::read::GzDecoder::new(b);
        let mut out = Vec::new();
        d.read_to_end(&mut out).unwrap();
        out
    }

    pub(crate) fn unpack(b: &[u8]) -> Vec<u64> {
        let mut out = Vec::new();
        let (mut v, mut s) = (0u64, 0);
        for &x in b {
            v |= u64::from(x & 0x7f) << s;
            s += 7;
            if x < 0x80 {
                out.push(v);
                (v, s) = (0, 0);
            }
        }
        out
    }

    #[test]
    fn varints() {
        let mut e = Enc::default();
        e.int(1, 300);
        e.int(2, -1);
        e.int(3, 0);
        assert_eq!(e.buf[..3], [0x08, 0xac, 0x02]);
        let f = decode(&e.buf);
        assert_eq!(f.len(), 2);
        assert!(matches!(f[1], (2, F::V(u64::MAX))));
    }

    #[test]
    fn profile_round_trip() {
        let h = Header {
            sample_types: &[("samples", "count"), ("cpu", "nanoseconds")],
            period_type: ("cpu", "nanoseconds"),
            period: 10_000_000,
            time_nanos: 5,
            duration_nanos: 7,
            default_sample_type: "",
        };
        let sym = |pc: u64| Some((format!("main.f{}", pc >> 32), "/x.go".to_string(), 3));
        let mut b = Builder::new(&h, sym);
        b.sample(
            &[1 << 32 | 4, 2 << 32],
            &[3, 30_000_000],
            &[("k", LabelValue::Str("v"))],
        );
        b.sample(&[2 << 32], &[1, 10_000_000], &[]);
        let raw = gunzip(&b.finish("/x"));
        let fields = decode(&raw);
        let strings: Vec<String> = fields
            .iter()
            .filter(|f| f.0 == 6)
            .map(|f| match &f.1 {
                F::B(b) => String::from_utf8(b.clone()).unwrap(),
                F::V(_) => panic!(),
            })
            .collect();
        assert_eq!(strings[0], "");
        for s in [
            "samples",
            "cpu",
            "nanoseconds",
            "main.f1",
            "main.f2",
            "/x.go",
            "k",
            "v",
        ] {
            assert!(strings.iter().any(|x| x == s), "{s} missing");
        }
        let samples: Vec<&F> = fields.iter().filter(|f| f.0 == 2).map(|f| &f.1).collect();
        assert_eq!(samples.len(), 2);
        let F::B(s0) = samples[0] else { panic!() };
        let s0 = decode(s0);
        let F::B(locs) = &s0[0].1 else { panic!() };
        assert_eq!(unpack(locs), vec![1, 2]);
        let F::B(vals) = &s0[1].1 else { panic!() };
        assert_eq!(unpack(vals), vec![3, 30_000_000]);
        assert_eq!(s0.len(), 3, "one label");
        // Two locations (pc 2<<32 shared), two functions.
        assert_eq!(fields.iter().filter(|f| f.0 == 4).count(), 2);
        assert_eq!(fields.iter().filter(|f| f.0 == 5).count(), 2);
        assert!(fields.iter().any(|f| matches!(f, (12, F::V(10_000_000)))));
        assert!(fields.iter().any(|f| matches!(f, (10, F::V(7)))));
    }

    #[test]
    fn heap_scaling() {
        assert_eq!(scale_heap_sample(0, 0, 512), (0, 0));
        assert_eq!(scale_heap_sample(3, 30, 1), (3, 30));
        // Objects much larger than the rate are sampled every time.
        let (c, s) = scale_heap_sample(2, 2 << 30, 512 * 1024);
        assert_eq!((c, s), (2, 2 << 30));
        // Small ones scale up by about rate/size.
        let (c, _) = scale_heap_sample(1, 1024, 512 * 1024);
        assert!((512..=513).contains(&c), "{c}");
    }
}
