//! A resumable DEFLATE (RFC 1951) decoder: input arrives in pieces, as
//! Go's `flate` reader pulls it from its source, and decoding stops at
//! the end of the final block without looking at a byte past it (the
//! gzip and zlib trailers, the next member, the rest of a zip file).
//!
//! Resumption is by rollback: each unit (a block header with its code
//! tables, a symbol with its extra bits, a piece of a stored block) is
//! decoded from a saved bit position; when the input runs out inside a
//! unit, the position goes back to the unit's start and the caller is
//! asked for more. Only the unused bits of a partly read byte are kept
//! between calls. The history window may be preset (a dictionary).

/// The most distance DEFLATE allows.
const WINDOW: usize = 32 * 1024;

/// Length codes 257..285: base lengths and extra bits.
const LEN_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LEN_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// Distance codes 0..29.
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
/// The order of the code length code lengths.
const CLEN_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// A canonical Huffman code: counts per length and symbols by code.
#[derive(Clone, Default)]
struct Code {
    count: [u16; 16],
    symbol: Vec<u16>,
    /// No symbol at all (a distance code of a block of literals only).
    empty: bool,
}

impl Code {
    /// The code of `lengths`, or `None` when it is over-subscribed or
    /// incomplete (a single code of length 1 excepted, as Go allows).
    fn new(lengths: &[u8]) -> Option<Code> {
        let mut c = Code::default();
        for &l in lengths {
            c.count[l as usize] += 1;
        }
        c.count[0] = 0;
        let max = (1..16).rev().find(|&l| c.count[l] != 0).unwrap_or(0);
        if max == 0 {
            c.empty = true;
            return Some(c);
        }
        let mut left: i32 = 1;
        for l in 1..16 {
            left = left * 2 - c.count[l] as i32;
            if left < 0 {
                return None;
            }
        }
        let total: u16 = c.count[1..].iter().sum();
        if left != 0 && !(total == 1 && max == 1) {
            return None;
        }
        let mut offs = [0u16; 16];
        for l in 1..15 {
            offs[l + 1] = offs[l] + c.count[l];
        }
        c.symbol = vec![0; total as usize];
        for (s, &l) in lengths.iter().enumerate() {
            if l != 0 {
                c.symbol[offs[l as usize] as usize] = s as u16;
                offs[l as usize] += 1;
            }
        }
        Some(c)
    }
}

fn fixed_codes() -> (Code, Code) {
    let mut l = [0u8; 288];
    l[..144].fill(8);
    l[144..256].fill(9);
    l[256..280].fill(7);
    l[280..].fill(8);
    let lit = Code::new(&l).expect("fixed literal code");
    // 30 distance codes of 5 bits: the code is incomplete (32 slots);
    // codes 30 and 31 decode as invalid distances.
    let mut c = Code::default();
    c.count[5] = 32;
    c.symbol = (0..32).collect();
    (lit, c)
}

enum State {
    Header,
    Stored(usize),
    Huffman(Box<(Code, Code)>),
    Done,
}

/// Why decoding stopped.
#[derive(Debug, PartialEq, Eq)]
pub enum Status {
    /// The input ran out inside a unit: call again with more.
    NeedInput,
    /// The output reached the limit asked for: call again.
    OutputFull,
    /// The final block ended.
    Done,
    /// Corrupt input, detected before this absolute input offset.
    Corrupt(u64),
}

pub struct Inflater {
    hist: Vec<u8>,
    state: State,
    last: bool,
    /// A partly read byte and how many of its bits are used.
    carry: Option<(u8, usize)>,
    /// Input bytes consumed before this call (the carry byte included).
    offset: u64,
}

struct Bits<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl Bits<'_> {
    fn get(&mut self, n: usize) -> Option<u32> {
        if n == 0 {
            return Some(0);
        }
        if self.pos + n > self.buf.len() * 8 {
            return None;
        }
        let byte = self.pos >> 3;
        let mut w: u64 = 0;
        for k in 0..4 {
            if let Some(&b) = self.buf.get(byte + k) {
                w |= (b as u64) << (8 * k);
            }
        }
        let v = (w >> (self.pos & 7)) as u32 & ((1u32 << n) - 1);
        self.pos += n;
        Some(v)
    }

    /// The next symbol of `c`; `Err(true)` when the input ran out,
    /// `Err(false)` for a code that is not in `c`.
    fn decode(&mut self, c: &Code) -> Result<u16, bool> {
        if c.empty {
            return Err(false);
        }
        let (mut code, mut first, mut index) = (0i32, 0i32, 0i32);
        for l in 1..16 {
            code |= self.get(1).ok_or(true)? as i32;
            let count = c.count[l] as i32;
            if code - first < count {
                return c
                    .symbol
                    .get((index + code - first) as usize)
                    .copied()
                    .ok_or(false);
            }
            index += count;
            first = (first + count) << 1;
            code <<= 1;
        }
        Err(false)
    }

    fn byte_end(&self) -> u64 {
        self.pos.div_ceil(8) as u64
    }
}

enum Stop {
    Input,
    Bad(u64),
}

impl Inflater {
    pub fn new(dict: &[u8]) -> Inflater {
        let d = &dict[dict.len().saturating_sub(WINDOW)..];
        Inflater {
            hist: d.to_vec(),
            state: State::Header,
            last: false,
            carry: None,
            offset: 0,
        }
    }

    pub fn reset(&mut self, dict: &[u8]) {
        *self = Inflater::new(dict);
    }

    /// Decodes from `input` until it runs out, `max_out` bytes are out,
    /// or the stream ends: the output, the bytes of `input` consumed,
    /// and why it stopped.
    pub fn inflate(&mut self, input: &[u8], max_out: usize) -> (Vec<u8>, usize, Status) {
        if matches!(self.state, State::Done) {
            return (Vec::new(), 0, Status::Done);
        }
        let owned: Vec<u8>;
        let (buf, start, had_carry): (&[u8], usize, bool) = match self.carry {
            Some((b, used)) => {
                let mut v = Vec::with_capacity(input.len() + 1);
                v.push(b);
                v.extend_from_slice(input);
                owned = v;
                (&owned[..], used, true)
            }
            None => (input, 0, false),
        };
        let mut bits = Bits { buf, pos: start };
        let out_start = self.hist.len();
        let res = self.run(&mut bits, out_start, max_out);
        // The carry byte was counted when it was first consumed.
        let base = self.offset - had_carry as u64;
        let status = match res {
            Ok(s) => s,
            Err(Stop::Input) => Status::NeedInput,
            Err(Stop::Bad(at)) => Status::Corrupt(base + at),
        };
        let out = self.hist[out_start..].to_vec();
        if self.hist.len() > 2 * WINDOW {
            let cut = self.hist.len() - WINDOW;
            self.hist.drain(..cut);
        }
        let (whole, part) = (bits.pos / 8, bits.pos % 8);
        let used_buf = if part != 0 && !matches!(self.state, State::Done) {
            self.carry = Some((buf[whole], part));
            whole + 1
        } else {
            self.carry = None;
            whole + (part != 0) as usize
        };
        let consumed = used_buf - (had_carry as usize).min(used_buf);
        self.offset = base + used_buf as u64;
        (out, consumed, status)
    }

    fn run(
        &mut self,
        bits: &mut Bits<'_>,
        out_start: usize,
        max_out: usize,
    ) -> Result<Status, Stop> {
        loop {
            if self.hist.len() - out_start >= max_out {
                return Ok(Status::OutputFull);
            }
            match &mut self.state {
                State::Done => return Ok(Status::Done),
                State::Header => {
                    if self.last {
                        self.state = State::Done;
                        return Ok(Status::Done);
                    }
                    let save = bits.pos;
                    match self.header(bits) {
                        Ok(()) => {}
                        Err(Stop::Input) => {
                            bits.pos = save;
                            return Err(Stop::Input);
                        }
                        Err(e) => return Err(e),
                    }
                }
                State::Stored(left) => {
                    if *left == 0 {
                        self.state = State::Header;
                        continue;
                    }
                    let at = bits.pos / 8;
                    let avail = bits.buf.len() - at;
                    if avail == 0 {
                        return Err(Stop::Input);
                    }
                    let room = max_out - (self.hist.len() - out_start);
                    let n = (*left).min(avail).min(room.max(1));
                    self.hist.extend_from_slice(&bits.buf[at..at + n]);
                    *left -= n;
                    bits.pos += 8 * n;
                }
                State::Huffman(codes) => {
                    let save = bits.pos;
                    let (lit, dist) = (&codes.0, &codes.1);
                    let sym = match bits.decode(lit) {
                        Ok(s) => s as usize,
                        Err(true) => {
                            bits.pos = save;
                            return Err(Stop::Input);
                        }
                        Err(false) => return Err(Stop::Bad(bits.byte_end())),
                    };
                    if sym < 256 {
                        self.hist.push(sym as u8);
                        continue;
                    }
                    if sym == 256 {
                        self.state = State::Header;
                        continue;
                    }
                    let li = sym - 257;
                    if li >= 29 {
                        return Err(Stop::Bad(bits.byte_end()));
                    }
                    let Some(extra) = bits.get(LEN_EXTRA[li] as usize) else {
                        bits.pos = save;
                        return Err(Stop::Input);
                    };
                    let len = LEN_BASE[li] as usize + extra as usize;
                    let ds = match bits.decode(dist) {
                        Ok(s) => s as usize,
                        Err(true) => {
                            bits.pos = save;
                            return Err(Stop::Input);
                        }
                        Err(false) => return Err(Stop::Bad(bits.byte_end())),
                    };
                    if ds >= 30 {
                        return Err(Stop::Bad(bits.byte_end()));
                    }
                    let Some(extra) = bits.get(DIST_EXTRA[ds] as usize) else {
                        bits.pos = save;
                        return Err(Stop::Input);
                    };
                    let d = DIST_BASE[ds] as usize + extra as usize;
                    if d > self.hist.len() {
                        return Err(Stop::Bad(bits.byte_end()));
                    }
                    let from = self.hist.len() - d;
                    if d >= len {
                        self.hist.extend_from_within(from..from + len);
                    } else {
                        for k in 0..len {
                            let b = self.hist[from + k];
                            self.hist.push(b);
                        }
                    }
                }
            }
        }
    }

    /// A block header, with its code tables.
    fn header(&mut self, bits: &mut Bits<'_>) -> Result<(), Stop> {
        let h = bits.get(3).ok_or(Stop::Input)?;
        let last = h & 1 == 1;
        match h >> 1 {
            0 => {
                bits.pos = bits.pos.div_ceil(8) * 8;
                let len = bits.get(16).ok_or(Stop::Input)?;
                let nlen = bits.get(16).ok_or(Stop::Input)?;
                if len != !nlen & 0xffff {
                    return Err(Stop::Bad(bits.byte_end()));
                }
                self.state = State::Stored(len as usize);
            }
            1 => self.state = State::Huffman(Box::new(fixed_codes())),
            2 => {
                let nlit = bits.get(5).ok_or(Stop::Input)? as usize + 257;
                let ndist = bits.get(5).ok_or(Stop::Input)? as usize + 1;
                let nclen = bits.get(4).ok_or(Stop::Input)? as usize + 4;
                if nlit > 286 || ndist > 30 {
                    return Err(Stop::Bad(bits.byte_end()));
                }
                let mut cl = [0u8; 19];
                for &i in CLEN_ORDER.iter().take(nclen) {
                    cl[i] = bits.get(3).ok_or(Stop::Input)? as u8;
                }
                let clc = match Code::new(&cl) {
                    Some(c) if !c.empty => c,
                    _ => return Err(Stop::Bad(bits.byte_end())),
                };
                let mut lens = vec![0u8; nlit + ndist];
                let mut i = 0;
                while i < lens.len() {
                    let sym = match bits.decode(&clc) {
                        Ok(s) => s,
                        Err(true) => return Err(Stop::Input),
                        Err(false) => return Err(Stop::Bad(bits.byte_end())),
                    };
                    if sym < 16 {
                        lens[i] = sym as u8;
                        i += 1;
                        continue;
                    }
                    let (rep, val) = match sym {
                        16 => {
                            if i == 0 {
                                return Err(Stop::Bad(bits.byte_end()));
                            }
                            (3 + bits.get(2).ok_or(Stop::Input)? as usize, lens[i - 1])
                        }
                        17 => (3 + bits.get(3).ok_or(Stop::Input)? as usize, 0),
                        _ => (11 + bits.get(7).ok_or(Stop::Input)? as usize, 0),
                    };
                    if i + rep > lens.len() {
                        return Err(Stop::Bad(bits.byte_end()));
                    }
                    lens[i..i + rep].fill(val);
                    i += rep;
                }
                let (Some(lit), Some(dist)) = (Code::new(&lens[..nlit]), Code::new(&lens[nlit..]))
                else {
                    return Err(Stop::Bad(bits.byte_end()));
                };
                self.state = State::Huffman(Box::new((lit, dist)));
            }
            _ => return Err(Stop::Bad(bits.byte_end())),
        }
        self.last = last;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn deflate(data: &[u8], level: u32) -> Vec<u8> {
        let mut e = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::new(level));
        e.write_all(data).unwrap();
        e.finish().unwrap()
    }

    fn sample() -> Vec<u8> {
        (0..200_000u32)
            .map(|i| (i.wrapping_mul(2654435761) >> 27) as u8 + b'a')
            .chain(b"hello hello hello hello".iter().copied())
            .collect()
    }

    #[test]
    fn round_trips_in_pieces() {
        let data = sample();
        for level in [0, 1, 6, 9] {
            let z = deflate(&data, level);
            for piece in [1, 7, 4096, z.len()] {
                let mut inf = Inflater::new(&[]);
                let mut out = Vec::new();
                let (mut at, mut more) = (0, piece);
                loop {
                    let end = (at + more).min(z.len());
                    let (o, used, st) = inf.inflate(&z[at..end], 10_000);
                    out.extend(o);
                    at += used;
                    match st {
                        Status::Done => break,
                        // Offer what was left and more, as the Go side does.
                        Status::NeedInput => more = end - at + piece,
                        _ => more = piece,
                    }
                }
                assert_eq!(at, z.len(), "level {level} piece {piece}");
                assert_eq!(out, data);
            }
        }
    }

    #[test]
    fn stops_at_the_end_of_the_stream() {
        let mut z = deflate(b"abcabcabc", 6);
        let n = z.len();
        z.extend_from_slice(b"TRAILER");
        let mut inf = Inflater::new(&[]);
        let (o, used, st) = inf.inflate(&z, 1 << 20);
        assert_eq!(
            (o.as_slice(), used, st),
            (&b"abcabcabc"[..], n, Status::Done)
        );
    }

    #[test]
    fn corrupt_block_type() {
        let mut inf = Inflater::new(&[]);
        assert_eq!(inf.inflate(&[0xff, 0xff], 100).2, Status::Corrupt(1));
    }
}
