//! `minigo run --trace=FILE.html`: the execution trace as one
//! self-contained page (inline CSS, JS and SVG; nothing fetched) that
//! draws the timeline [`write_json`](crate::trace::write_json) gives
//! Perfetto: a lane per P with each run of a G as a rectangle coloured
//! after its goid and labelled `G<id> <func>`, markers for ProcSteal,
//! Preempt, GoPreempt, Handoff, GlobalRunqGet, RunqOverflow and Netpoll,
//! a lane for the GC's cycles and stops of the world, and a lane per M
//! with the stretches it held a P. Hovering shows an item's details
//! (the JSON slices' args); the wheel zooms, dragging pans.
//!
//! # Data
//! The items are [`Timeline`]'s, the pass `write_json` draws from. They
//! are embedded as columns of little-endian numbers in base64 (a run is
//! 20 bytes: start `f64` ns, duration `f32` ns, goid `u32`, M `u16`,
//! flags `u16`), each lane's items sorted by start, so that the page
//! finds the visible ones by binary search. It draws SVG only for them,
//! and runs narrower than a pixel as one rectangle per pixel column, so
//! millions of events stay as quick to draw as a few.
//!
//! # Test hooks
//! `<body>` carries what was written (`data-runs`, `data-marks`,
//! `data-ps`, `data-gs`); after each draw the script fills
//! `#summary`'s data attributes with what it decoded and drew. With
//! `#hover=TEXT` in the URL, the first drawn run whose label contains
//! TEXT is hovered, so its tooltip is in the DOM.

use std::io::{self, Write};

use crate::trace::{json_escape, push_num, Ev, Item, Record, Run, RunEnd, Timeline, NO_P};
use crate::WaitReason;

/// Marker kinds, as the page numbers them (`KINDS` in its script).
const K_STEAL: u8 = 0;
const K_PREEMPT: u8 = 1;
const K_GOPREEMPT: u8 = 2;
const K_HANDOFF: u8 = 3;
const K_GLOBAL: u8 = 4;
const K_OVERFLOW: u8 = 5;
const K_NETPOLL: u8 = 6;

/// The lane of markers that belong to no P.
const RUNTIME_LANE: u32 = NO_P;

/// A marker: `a`, `b`, `c` are the kind's fields (see the page's `tipMark`).
struct Mark {
    t: u64,
    lane: u32,
    kind: u8,
    c: u8,
    a: u32,
    b: u32,
    m: u32,
    p: u32,
}

/// A span of the runtime lane: `kind` 0 is a GC cycle (`n`), 1 a stop of
/// the world.
struct Span {
    kind: u8,
    n: u64,
    t0: u64,
    t1: u64,
}

/// An M's holding of a P.
struct Held {
    m: u32,
    p: u32,
    t0: u64,
    t1: u64,
}

/// A run as the page has it (see [`run_flags`]).
struct Slim {
    t0: u64,
    t1: u64,
    g: u32,
    m: u16,
    fl: u16,
}

/// Everything the page draws, gathered from one pass.
struct Data {
    /// The runs of each P, by P id, in order of start.
    runs: Vec<Vec<Slim>>,
    held: Vec<Held>,
    spans: Vec<Span>,
    marks: Vec<Mark>,
    whys: Vec<&'static str>,
    tl: Timeline,
}

impl Data {
    fn collect(records: &[Record]) -> Data {
        let (mut runs, mut held, mut spans, mut marks) =
            (Vec::<Vec<Slim>>::new(), Vec::new(), Vec::new(), Vec::new());
        let mut whys: Vec<&'static str> = Vec::new();
        let tl = Timeline::build(records, &mut |_, item| {
            match item {
                Item::Run(run) => {
                    if run.p == NO_P {
                        return Ok(());
                    }
                    if run.end == RunEnd::Preempt {
                        marks.push(Mark {
                            t: run.t1,
                            lane: run.p,
                            kind: K_GOPREEMPT,
                            c: 0,
                            a: sat32(run.g),
                            b: 0,
                            m: run.m,
                            p: run.p,
                        });
                    }
                    let p = run.p as usize;
                    if p >= runs.len() {
                        runs.resize_with(p + 1, Vec::new);
                    }
                    runs[p].push(Slim {
                        t0: run.t0,
                        t1: run.t1,
                        g: sat32(run.g),
                        m: sat16(run.m),
                        fl: run_flags(&run),
                    });
                }
                Item::Held { m, p, t0, t1 } => held.push(Held { m, p, t0, t1 }),
                Item::Gc { n, t0, t1 } => spans.push(Span { kind: 0, n, t0, t1 }),
                Item::Stw { t0, t1 } => spans.push(Span {
                    kind: 1,
                    n: 0,
                    t0,
                    t1,
                }),
                Item::Instant(r) => {
                    let (kind, a, b, c, target) = match r.ev {
                        Ev::ProcSteal { victim, n, runnext } => {
                            (K_STEAL, victim, n, runnext as u8, None)
                        }
                        Ev::Preempt { p } => (K_PREEMPT, p, 0, 0, Some(p)),
                        Ev::Handoff { p } => (K_HANDOFF, p, 0, 0, Some(p)),
                        Ev::GlobalRunqGet { n, why } => {
                            let w = match whys.iter().position(|&x| x == why) {
                                Some(i) => i,
                                None => {
                                    whys.push(why);
                                    whys.len() - 1
                                }
                            };
                            (K_GLOBAL, 0, n, w.min(255) as u8, None)
                        }
                        Ev::RunqOverflow { n } => (K_OVERFLOW, 0, n, 0, None),
                        Ev::Netpoll { n } => (K_NETPOLL, 0, n, 0, None),
                        _ => return Ok(()),
                    };
                    let lane = match (r.p, target) {
                        (NO_P, Some(p)) => p,
                        (NO_P, None) => RUNTIME_LANE,
                        (p, _) => p,
                    };
                    marks.push(Mark {
                        t: r.ts,
                        lane,
                        kind,
                        c,
                        a,
                        b,
                        m: r.m,
                        p: r.p,
                    });
                }
            }
            Ok(())
        })
        .expect("collecting never fails");
        // Runs close in order of their ends: almost in order of starts.
        for r in &mut runs {
            if !r.is_sorted_by_key(|r| r.t0) {
                r.sort_by_key(|r| r.t0);
            }
        }
        held.sort_by_key(|h| (h.m, h.t0));
        marks.sort_by_key(|k| (k.lane, k.kind, k.t));
        Data {
            runs,
            held,
            spans,
            marks,
            whys,
            tl,
        }
    }
}

fn sat32(n: u64) -> u32 {
    n.min(u32::MAX as u64) as u32
}

fn sat16(n: u32) -> u16 {
    n.min(u16::MAX as u32) as u16
}

/// A run's flags: bit 0 inherit, bits 1..4 how it ended (0 open, 1
/// GoEnd, 2 GoBlock, 3 GoSched, 4 GoPreempt), bits 8..16 the wait
/// reason's code.
fn run_flags(r: &Run) -> u16 {
    let (end, reason) = match r.end {
        RunEnd::Open => (0, 0),
        RunEnd::End => (1, 0),
        RunEnd::Block(w) => (2, w.code()),
        RunEnd::Sched => (3, 0),
        RunEnd::Preempt => (4, 0),
    };
    r.inherit as u16 | end << 1 | (reason as u16) << 8
}

/// Writes `records` as a self-contained HTML page drawing their timeline
/// (see the module's documentation).
pub fn write_html(records: &[Record], w: &mut dyn Write) -> io::Result<()> {
    let d = Data::collect(records);
    let mut o = Out {
        buf: Vec::with_capacity(1 << 20),
        w,
    };
    o.raw(PAGE_HEAD);
    // What was written, for tests to compare with what the page decoded.
    let ps = lane_ps(&d);
    // The runs in the order of the lanes.
    let lane_runs: Vec<&[Slim]> = ps
        .iter()
        .map(|&p| d.runs.get(p as usize).map_or(&[][..], Vec::as_slice))
        .collect();
    let runs = || lane_runs.iter().flat_map(|r| r.iter());
    let nruns = lane_runs.iter().map(|r| r.len()).sum::<usize>();
    let mut gs: Vec<u32> = runs().map(|r| r.g).collect();
    gs.sort_unstable();
    gs.dedup();
    o.raw("<body data-runs=\"");
    o.num(nruns as u64);
    o.raw("\" data-marks=\"");
    o.num(d.marks.len() as u64);
    o.raw("\" data-ps=\"");
    o.num(ps.len() as u64);
    o.raw("\" data-gs=\"");
    o.num(gs.len() as u64);
    o.raw("\">\n");
    o.raw(PAGE_BODY);
    o.raw("<script id=\"trace-data\" type=\"application/json\">{\"start\":");
    // The first thing drawn (the runtime records GoCreate of main before
    // any P runs).
    let start = [
        d.runs.iter().filter_map(|r| r.first()).map(|r| r.t0).min(),
        d.held.iter().map(|h| h.t0).min(),
        d.spans.iter().map(|s| s.t0).min(),
        d.marks.iter().map(|k| k.t).min(),
    ];
    o.num(start.into_iter().flatten().min().unwrap_or(0));
    o.raw(",\"end\":");
    o.num(d.tl.end());
    o.raw(",\n\"funcs\":");
    o.strs(d.tl.funcs().iter().map(String::as_str))?;
    o.raw(",\n\"whys\":");
    o.strs(d.whys.iter().copied())?;
    o.raw(",\n\"reasons\":");
    o.strs((0..32).map(|c| WaitReason::from_code(c).as_str()))?;
    // The Gs' functions: goids sorted, and the function of each.
    o.raw(",\n\"gids\":");
    o.col(gs.iter().map(|g| g.to_le_bytes()))?;
    o.raw(",\n\"gfn\":");
    o.col(
        gs.iter()
            .map(|&g| d.tl.func_id(g as u64).unwrap_or(u32::MAX).to_le_bytes()),
    )?;
    // Lanes: the Ps (runs, markers), the runtime (GC, STW, markers of no
    // P), the Ms (the Ps they held).
    o.raw(",\n\"lanes\":[");
    let mut first = true;
    let mut lane = |o: &mut Out,
                    k: &str,
                    id: u32,
                    ranges: &[(&str, (usize, usize))],
                    mk: Vec<(u8, usize, usize)>| {
        if !std::mem::take(&mut first) {
            o.raw(",");
        }
        o.raw("\n{\"k\":\"");
        o.raw(k);
        o.raw("\",\"id\":");
        o.num(id as u64);
        for (name, (s, e)) in ranges {
            o.raw(",\"");
            o.raw(name);
            o.raw("\":[");
            o.num(*s as u64);
            o.raw(",");
            o.num(*e as u64);
            o.raw("]");
        }
        o.raw(",\"mk\":[");
        for (i, (kind, s, e)) in mk.iter().enumerate() {
            if i > 0 {
                o.raw(",");
            }
            o.raw("[");
            o.num(*kind as u64);
            o.raw(",");
            o.num(*s as u64);
            o.raw(",");
            o.num(*e as u64);
            o.raw("]");
        }
        o.raw("]}");
    };
    let mut start = 0;
    for (&p, r) in ps.iter().zip(&lane_runs) {
        let end = start + r.len();
        lane(
            &mut o,
            "P",
            p,
            &[("r", (start, end))],
            mark_ranges(&d.marks, p),
        );
        start = end;
    }
    lane(&mut o, "R", 0, &[], mark_ranges(&d.marks, RUNTIME_LANE));
    for m in d.tl.ms() {
        let h = range(&d.held, |h| h.m.cmp(&m));
        if h.0 < h.1 {
            lane(&mut o, "M", m, &[("hd", h)], Vec::new());
        }
    }
    o.raw("],\n\"spans\":[");
    for (i, s) in d.spans.iter().enumerate() {
        if i > 0 {
            o.raw(",");
        }
        o.raw("[");
        for (j, v) in [s.kind as u64, s.n, s.t0, s.t1].into_iter().enumerate() {
            if j > 0 {
                o.raw(",");
            }
            o.num(v);
        }
        o.raw("]");
    }
    o.raw("],\n\"runs\":{\"n\":");
    o.num(nruns as u64);
    o.raw(",\n\"t0\":");
    o.col(runs().map(|r| (r.t0 as f64).to_le_bytes()))?;
    o.raw(",\n\"dur\":");
    o.col(runs().map(|r| (r.t1.saturating_sub(r.t0) as f32).to_le_bytes()))?;
    o.raw(",\n\"g\":");
    o.col(runs().map(|r| r.g.to_le_bytes()))?;
    o.raw(",\n\"m\":");
    o.col(runs().map(|r| r.m.to_le_bytes()))?;
    o.raw(",\n\"fl\":");
    o.col(runs().map(|r| r.fl.to_le_bytes()))?;
    o.raw("},\n\"held\":{\"n\":");
    o.num(d.held.len() as u64);
    o.raw(",\n\"t0\":");
    o.col(d.held.iter().map(|h| (h.t0 as f64).to_le_bytes()))?;
    o.raw(",\n\"dur\":");
    o.col(
        d.held
            .iter()
            .map(|h| (h.t1.saturating_sub(h.t0) as f32).to_le_bytes()),
    )?;
    o.raw(",\n\"p\":");
    o.col(d.held.iter().map(|h| sat16(h.p).to_le_bytes()))?;
    o.raw("},\n\"marks\":{\"n\":");
    o.num(d.marks.len() as u64);
    let marks = &d.marks;
    o.raw(",\n\"t\":");
    o.col(marks.iter().map(|k| (k.t as f64).to_le_bytes()))?;
    o.raw(",\n\"a\":");
    o.col(marks.iter().map(|k| k.a.to_le_bytes()))?;
    o.raw(",\n\"b\":");
    o.col(marks.iter().map(|k| k.b.to_le_bytes()))?;
    o.raw(",\n\"m\":");
    o.col(marks.iter().map(|k| sat16(k.m).to_le_bytes()))?;
    o.raw(",\n\"p\":");
    o.col(marks.iter().map(|k| sat16(k.p).to_le_bytes()))?;
    o.raw(",\n\"c\":");
    o.col(marks.iter().map(|k| [k.c]))?;
    o.raw("}}</script>\n");
    o.raw(PAGE_SCRIPT);
    o.flush()
}

/// The P lanes: every P seen, and any a marker names.
fn lane_ps(d: &Data) -> Vec<u32> {
    let mut ps: Vec<u32> = d.tl.ps().collect();
    ps.extend(
        d.marks
            .iter()
            .map(|k| k.lane)
            .filter(|&l| l != RUNTIME_LANE),
    );
    ps.sort_unstable();
    ps.dedup();
    ps
}

/// The index range of the items of `v` (sorted by their key) for which
/// `key` says Equal.
fn range<T>(v: &[T], key: impl Fn(&T) -> std::cmp::Ordering) -> (usize, usize) {
    let s = v.partition_point(|x| key(x).is_lt());
    let e = v.partition_point(|x| !key(x).is_gt());
    (s, e)
}

/// The markers of `lane`, by kind: (kind, start, end).
fn mark_ranges(marks: &[Mark], lane: u32) -> Vec<(u8, usize, usize)> {
    let (s, e) = range(marks, |k| k.lane.cmp(&lane));
    let mut out: Vec<(u8, usize, usize)> = Vec::new();
    for (i, k) in marks[s..e].iter().enumerate() {
        match out.last_mut() {
            Some(last) if last.0 == k.kind => last.2 = s + i + 1,
            _ => out.push((k.kind, s + i, s + i + 1)),
        }
    }
    out
}

struct Out<'a> {
    buf: Vec<u8>,
    w: &'a mut dyn Write,
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

impl Out<'_> {
    fn raw(&mut self, s: &str) {
        self.buf.extend_from_slice(s.as_bytes());
    }

    fn num(&mut self, n: u64) {
        push_num(&mut self.buf, n);
    }

    fn flush(&mut self) -> io::Result<()> {
        self.w.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }

    fn spill(&mut self) -> io::Result<()> {
        if self.buf.len() >= 1 << 20 {
            self.flush()?;
        }
        Ok(())
    }

    /// A JSON array of strings, safe inside `<script>` (no `<`, `>`, `&`).
    fn strs<'s>(&mut self, items: impl Iterator<Item = &'s str>) -> io::Result<()> {
        self.raw("[");
        for (i, s) in items.enumerate() {
            if i > 0 {
                self.raw(",");
            }
            self.buf.push(b'"');
            let start = self.buf.len();
            json_escape(&mut self.buf, s);
            if self.buf[start..]
                .iter()
                .any(|&b| matches!(b, b'<' | b'>' | b'&'))
            {
                let esc: Vec<u8> = self.buf.split_off(start);
                for b in esc {
                    match b {
                        b'<' => self.raw("\\u003c"),
                        b'>' => self.raw("\\u003e"),
                        b'&' => self.raw("\\u0026"),
                        b => self.buf.push(b),
                    }
                }
            }
            self.buf.push(b'"');
            self.spill()?;
        }
        self.raw("]");
        Ok(())
    }

    /// A column: the items' bytes, in base64, as a JSON string.
    fn col<const N: usize>(&mut self, items: impl Iterator<Item = [u8; N]>) -> io::Result<()> {
        let mut raw = Vec::with_capacity(items.size_hint().0 * N);
        for item in items {
            raw.extend_from_slice(&item);
        }
        self.buf.push(b'"');
        for part in raw.chunks(3 << 18) {
            self.buf.reserve(part.len() / 3 * 4 + 4);
            let mut quads = part.chunks_exact(3);
            for q in &mut quads {
                let v = (q[0] as u32) << 16 | (q[1] as u32) << 8 | q[2] as u32;
                self.buf.extend_from_slice(&[
                    B64[(v >> 18) as usize & 63],
                    B64[(v >> 12) as usize & 63],
                    B64[(v >> 6) as usize & 63],
                    B64[v as usize & 63],
                ]);
            }
            match *quads.remainder() {
                [a] => {
                    let v = (a as u32) << 16;
                    self.buf.extend_from_slice(&[
                        B64[(v >> 18) as usize & 63],
                        B64[(v >> 12) as usize & 63],
                        b'=',
                        b'=',
                    ]);
                }
                [a, b] => {
                    let v = (a as u32) << 16 | (b as u32) << 8;
                    self.buf.extend_from_slice(&[
                        B64[(v >> 18) as usize & 63],
                        B64[(v >> 12) as usize & 63],
                        B64[(v >> 6) as usize & 63],
                        b'=',
                    ]);
                }
                _ => {}
            }
            self.spill()?;
        }
        self.buf.push(b'"');
        Ok(())
    }
}

const PAGE_HEAD: &str = r###"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>minigo trace</title>
<style>
body { margin: 0; font: 12px system-ui, sans-serif; background: #f6f6f4; color: #222; }
#bar { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; padding: 6px 10px;
  border-bottom: 1px solid #ccc; background: #fff; }
#bar button { font: inherit; min-width: 28px; padding: 1px 8px; }
#legend { display: flex; flex-wrap: wrap; gap: 2px 10px; }
#legend span { display: inline-flex; align-items: center; gap: 4px; }
#legend i { display: inline-block; width: 0; height: 0; border-left: 5px solid transparent;
  border-right: 5px solid transparent; border-top: 8px solid currentColor; }
#range { color: #555; font-variant-numeric: tabular-nums; }
#wrap { position: relative; }
svg { display: block; user-select: none; cursor: grab; }
svg.drag { cursor: grabbing; }
svg text { pointer-events: none; font-size: 11px; }
svg .ln { fill: #333; font-weight: 600; }
svg .ax { fill: #666; font-size: 10px; }
svg .lb { fill: #111; }
#tip { position: fixed; pointer-events: none; background: #fffffb; border: 1px solid #888;
  border-radius: 4px; padding: 6px 8px; box-shadow: 0 2px 8px rgba(0,0,0,.25); white-space: pre;
  font: 12px ui-monospace, monospace; display: none; z-index: 10; }
#empty { padding: 20px; }
</style>
</head>
"###;

const PAGE_BODY: &str = r###"<div id="bar"><b>minigo trace</b>
<button id="zin" title="zoom in (+)">+</button><button id="zout" title="zoom out (-)">&minus;</button><button id="reset" title="whole trace (0)">reset</button>
<span id="range"></span><span id="legend"></span>
<span style="color:#777">wheel: zoom &middot; drag: pan &middot; hover: details</span></div>
<div id="wrap"><svg id="tl"></svg></div>
<div id="tip"></div>
<div id="summary" hidden></div>
"###;

const PAGE_SCRIPT: &str = r###"<script>
"use strict";
(function () {
const D = JSON.parse(document.getElementById("trace-data").textContent);
function bytes(s) {
  if (Uint8Array.fromBase64) return Uint8Array.fromBase64(s);
  const b = atob(s), u = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) u[i] = b.charCodeAt(i);
  return u;
}
function col(T, s) { const u = bytes(s); return new T(u.buffer, u.byteOffset, u.byteLength / T.BYTES_PER_ELEMENT); }
const RT0 = col(Float64Array, D.runs.t0), RDUR = col(Float32Array, D.runs.dur), RG = col(Uint32Array, D.runs.g),
  RM = col(Uint16Array, D.runs.m), RFL = col(Uint16Array, D.runs.fl);
const HT0 = col(Float64Array, D.held.t0), HDUR = col(Float32Array, D.held.dur), HP = col(Uint16Array, D.held.p);
const KT = col(Float64Array, D.marks.t), KA = col(Uint32Array, D.marks.a), KB = col(Uint32Array, D.marks.b),
  KM = col(Uint16Array, D.marks.m), KP = col(Uint16Array, D.marks.p), KC = col(Uint8Array, D.marks.c);
const GIDS = col(Uint32Array, D.gids), GFN = col(Uint32Array, D.gfn);
const KINDS = [["ProcSteal", "#7b3fbf"], ["Preempt", "#d62728"], ["GoPreempt", "#ff7f0e"], ["Handoff", "#8c564b"],
  ["GlobalRunqGet", "#1f77b4"], ["RunqOverflow", "#e377c2"], ["Netpoll", "#2ca02c"]];
const ENDS = ["", "GoEnd", "GoBlock", "GoSched", "GoPreempt"];
const LW = 64, AXH = 20;

function funcOf(g) {
  let lo = 0, hi = GIDS.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (GIDS[mid] < g) lo = mid + 1; else hi = mid; }
  if (lo < GIDS.length && GIDS[lo] === g && GFN[lo] !== 0xffffffff) return D.funcs[GFN[lo]];
  return "";
}
function gname(g) { const f = funcOf(g); return f ? "G" + g + " " + f : "G" + g; }
function color(g) { return "hsl(" + ((g * 137.508) % 360).toFixed(1) + ",62%," + (g % 2 ? "62%" : "70%") + ")"; }
function pcolor(p) { return "hsl(" + ((p * 97 + 200) % 360) + ",35%,70%)"; }
function esc(s) { return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;"); }
function fmtT(ns) {
  const a = Math.abs(ns);
  if (a < 1e3) return ns.toFixed(0) + " ns";
  if (a < 1e6) return (ns / 1e3).toFixed(3) + " \u00b5s";
  if (a < 1e9) return (ns / 1e6).toFixed(3) + " ms";
  return (ns / 1e9).toFixed(6) + " s";
}
function fmtTick(ns, step) {
  if (step >= 1e9) return (ns / 1e9) + " s";
  if (step >= 1e6) return +(ns / 1e6).toFixed(3) + " ms";
  if (step >= 1e3) return +(ns / 1e3).toFixed(3) + " \u00b5s";
  return ns + " ns";
}
// The first index in [s, e) whose value in A is >= t (A sorted there).
function lower(A, s, e, t) {
  while (s < e) { const mid = (s + e) >>> 1; if (A[mid] < t) s = mid + 1; else e = mid; }
  return s;
}

// Lanes and their places.
const lanes = D.lanes;
let y = AXH;
for (const l of lanes) {
  l.h = l.k === "P" ? 30 : l.k === "R" ? 22 : 16;
  l.y = y; y += l.h + 3;
  l.maxDur = 0;
  if (l.r) for (let i = l.r[0]; i < l.r[1]; i++) if (RDUR[i] > l.maxDur) l.maxDur = RDUR[i];
  if (l.hd) for (let i = l.hd[0]; i < l.hd[1]; i++) if (HDUR[i] > l.maxDur) l.maxDur = HDUR[i];
  l.label = l.k === "P" ? "P" + l.id : l.k === "R" ? "GC/STW" : "M" + l.id;
}
const TOTALH = y + 4;
const END = Math.max(D.end, 1);
// The whole trace: from the first event (the runtime starts earlier).
function home() {
  const pad = Math.max((END - D.start) * 0.01, 10);
  vs = Math.max(D.start - pad, 0); ve = END + pad;
}
let vs, ve;
home();
// #view=FROM,TO (nanoseconds) opens on that stretch.
const vw = /[#&]view=([0-9.e+]+),([0-9.e+]+)/.exec(location.hash);
if (vw && +vw[2] > +vw[1]) { vs = +vw[1]; ve = +vw[2]; }

const svg = document.getElementById("tl"), wrap = document.getElementById("wrap"), tip = document.getElementById("tip");
const summary = document.getElementById("summary"), rangeEl = document.getElementById("range");
document.getElementById("legend").innerHTML = KINDS.map(k => '<span style="color:' + k[1] + '"><i></i><b style="color:#333;font-weight:400">' + k[0] + "</b></span>").join("")
  + '<span><b style="display:inline-block;width:10px;height:10px;background:#9aa0a6"></b>many runs</span>'
  + '<span><b style="display:inline-block;width:10px;height:10px;background:#7fc9bd"></b>GC</span>'
  + '<span><b style="display:inline-block;width:10px;height:10px;background:#e05050"></b>STW</span>';

let stats;
// Spans [s, e) of T0/DUR sorted by start, each pixel column of narrow
// ones as one rectangle: emit(i, x0, x1, n) draws item i (n > 1: the
// first of n merged).
function spans(T0, DUR, s, e, maxDur, sc, PW, emit) {
  let i = lower(T0, s, e, vs - maxDur);
  while (i < e) {
    const t0 = T0[i];
    if (t0 > ve) break;
    const t1 = t0 + DUR[i];
    if (t1 < vs) { i++; continue; }
    const x0 = (t0 - vs) * sc, x1 = (t1 - vs) * sc;
    if (x1 - x0 >= 1) { emit(i, Math.max(x0, -2), Math.min(x1, PW + 2), 1); i++; continue; }
    const c = Math.floor(x0), tEnd = vs + (c + 1) / sc;
    const j = lower(T0, i + 1, e, tEnd);
    let k = j;
    // One that reaches past this column is drawn on its own next.
    if (k - 1 > i && T0[k - 1] + DUR[k - 1] > tEnd) k--;
    if (k - i === 1) emit(i, x0, Math.max(x1, x0 + 1), 1);
    else emit(i, c, c + 1, k - i);
    i = k;
  }
}

function render() {
  const W = Math.max(320, wrap.clientWidth), PW = W - LW - 8;
  if (ve - vs < 20) { const mid = (vs + ve) / 2; vs = mid - 10; ve = mid + 10; }
  const sc = PW / (ve - vs);
  const out = [];
  stats = { rects: 0, merged: 0, labels: 0, marks: 0, held: 0, spans: 0, funcs: {} };
  for (let li = 0; li < lanes.length; li++) {
    const l = lanes[li];
    out.push('<rect x="0" y="' + l.y + '" width="' + W + '" height="' + l.h + '" fill="' + (li % 2 ? "#efefeb" : "#fbfbf9") + '"/>');
  }
  // Axis.
  let step = Math.pow(10, Math.floor(Math.log10((ve - vs) / 8)));
  for (const f of [1, 2, 5, 10]) { if ((ve - vs) / (step * f) <= 10) { step *= f; break; } }
  for (let t = Math.ceil(vs / step) * step; t <= ve; t += step) {
    const x = LW + (t - vs) * sc;
    out.push('<line x1="' + x + '" x2="' + x + '" y1="' + (AXH - 4) + '" y2="' + TOTALH + '" stroke="#e2e2de"/>'
      + '<text class="ax" x="' + (x + 2) + '" y="' + (AXH - 7) + '">' + fmtTick(Math.round(t), step) + "</text>");
  }
  for (let li = 0; li < lanes.length; li++) {
    const l = lanes[li], y0 = l.y;
    out.push('<svg x="' + LW + '" y="' + y0 + '" width="' + PW + '" height="' + l.h + '" overflow="hidden">');
    if (l.k === "P") {
      const h = l.h - 8;
      spans(RT0, RDUR, l.r[0], l.r[1], l.maxDur, sc, PW, (i, x0, x1, n) => {
        let fill = color(RG[i]);
        if (n > 1) {
          // Many runs in one pixel: the G's colour if they are all one G.
          const g = RG[i];
          for (let j = i + 1; j < i + n && j < i + 64; j++) if (RG[j] !== g) { fill = "#9aa0a6"; break; }
          stats.merged++;
        } else stats.rects++;
        out.push('<rect class="run" data-r="' + i + '" data-n="' + n + '" x="' + x0.toFixed(1) + '" y="7" width="' + (x1 - x0).toFixed(1) + '" height="' + h + '" fill="' + fill + '"/>');
        if (n === 1) {
          const f = funcOf(RG[i]);
          stats.funcs[f] = (stats.funcs[f] || 0) + 1;
          const room = Math.floor((x1 - x0 - 6) / 6.2);
          if (room >= 3) {
            let s = gname(RG[i]);
            if (s.length > room) s = s.slice(0, room - 1) + "\u2026";
            out.push('<text class="lb" x="' + (Math.max(x0, 0) + 3).toFixed(1) + '" y="' + (7 + h / 2 + 4) + '">' + esc(s) + "</text>");
            stats.labels++;
          }
        }
      });
    } else if (l.k === "R") {
      for (let si = 0; si < D.spans.length; si++) {
        const s = D.spans[si];
        if (s[3] < vs || s[2] > ve) continue;
        const x0 = Math.max((s[2] - vs) * sc, -2), x1 = Math.min(Math.max((s[3] - vs) * sc, x0 + 1), PW + 2);
        out.push('<rect class="span" data-s="' + si + '" x="' + x0.toFixed(1) + '" y="' + (s[0] ? 11 : 3) + '" width="' + (x1 - x0).toFixed(1) + '" height="' + (s[0] ? 8 : 16) + '" fill="' + (s[0] ? "#e05050" : "#7fc9bd") + '"/>');
        stats.spans++;
      }
    } else {
      spans(HT0, HDUR, l.hd[0], l.hd[1], l.maxDur, sc, PW, (i, x0, x1, n) => {
        out.push('<rect class="held" data-h="' + i + '" data-n="' + n + '" x="' + x0.toFixed(1) + '" y="2" width="' + (x1 - x0).toFixed(1) + '" height="' + (l.h - 4) + '" fill="' + (n > 1 ? "#9aa0a6" : pcolor(HP[i])) + '"/>');
        if (n === 1 && x1 - x0 > 24) out.push('<text class="lb" x="' + (Math.max(x0, 0) + 3).toFixed(1) + '" y="' + (l.h - 4) + '">P' + HP[i] + "</text>");
        stats.held++;
      });
    }
    // Markers: one per 3 pixels and kind.
    for (const [kind, s, e] of l.mk) {
      let i = lower(KT, s, e, vs);
      while (i < e && KT[i] <= ve) {
        const x = (KT[i] - vs) * sc, tEnd = vs + (Math.floor(x / 3) + 1) * 3 / sc;
        const j = lower(KT, i + 1, e, tEnd);
        out.push('<path class="mk" data-k="' + i + '" data-n="' + (j - i) + '" d="M' + (x - 4).toFixed(1) + ' 0h8l-4 7z" fill="' + KINDS[kind][1] + '"/>');
        stats.marks++;
        i = j;
      }
    }
    out.push("</svg>");
    out.push('<text class="ln" x="6" y="' + (y0 + l.h / 2 + 4) + '">' + l.label + "</text>");
  }
  svg.setAttribute("width", W);
  svg.setAttribute("height", TOTALH);
  svg.innerHTML = out.join("");
  rangeEl.textContent = fmtT(vs) + " \u2013 " + fmtT(ve) + "  (" + fmtT(ve - vs) + " of " + fmtT(END) + ")";
  const sd = summary.dataset;
  sd.pLanes = lanes.filter(l => l.k === "P").length;
  sd.mLanes = lanes.filter(l => l.k === "M").length;
  sd.runs = RT0.length;
  sd.marksTotal = KT.length;
  sd.gs = GIDS.length;
  sd.rects = stats.rects;
  sd.merged = stats.merged;
  sd.labels = stats.labels;
  sd.marks = stats.marks;
  sd.held = stats.held;
  sd.spans = stats.spans;
  sd.funcs = Object.keys(stats.funcs).sort().join(",");
  sd.rendered = (+sd.rendered || 0) + 1;
  if (sd.rendered === "1") sd.firstDrawMs = Math.round(performance.now());
}

// Tooltips.
function tipRun(i, n) {
  const fl = RFL[i], end = (fl >> 1) & 7, reason = D.reasons[fl >> 8] || "";
  const lane = lanes.find(l => l.k === "P" && l.r[0] <= i && i < l.r[1]);
  let s = "";
  if (n > 1) {
    const gs = new Set();
    for (let j = i; j < i + n && gs.size < 6; j++) gs.add("G" + RG[j]);
    s += n + " runs in this pixel (" + [...gs].join(", ") + (gs.size >= 6 ? ", \u2026" : "") + "): zoom in\nfirst:\n";
  }
  s += gname(RG[i]) + "\n" +
    "g " + RG[i] + "   p " + (lane ? lane.id : "?") + "   m " + RM[i] + "\n" +
    "start " + fmtT(RT0[i]) + "   dur " + fmtT(RDUR[i]) + "\n" +
    "start: " + (fl & 1 ? "inherit (took the previous G's slice: runnext)" : "new") + "\n" +
    "end: " + (end ? ENDS[end] : "(still running when the trace ended)") + (end === 2 && reason ? "   reason: " + reason : "");
  return s;
}
function tipMark(i, n) {
  const lane = lanes.find(l => l.mk.some(r => r[1] <= i && i < r[2]));
  const kind = lane.mk.find(r => r[1] <= i && i < r[2])[0];
  const a = KA[i], b = KB[i], c = KC[i];
  let what;
  switch (kind) {
    case 0: what = "stole " + b + " G" + (b === 1 ? "" : "s") + " from P" + a + (c ? " (its runnext)" : ""); break;
    case 1: what = "sysmon asked the G running on P" + a + " to stop"; break;
    case 2: what = "G" + a + " stopped for preemption (to the global queue)"; break;
    case 3: what = "sysmon handed P" + a + " off from a G in a syscall"; break;
    case 4: what = "took " + b + " G" + (b === 1 ? "" : "s") + " from the global queue: " + (D.whys[c] || ""); break;
    case 5: what = "local queue full: " + b + " Gs to the global queue"; break;
    default: what = b + " G" + (b === 1 ? "" : "s") + " made runnable by the netpoller";
  }
  return KINDS[kind][0] + (n > 1 ? "   (" + n + " here: zoom in; the first:)" : "") + "\n" + what + "\n" +
    "at " + fmtT(KT[i]) + "   m " + KM[i] + "   p " + (KP[i] === 0xffff ? "none" : KP[i]);
}
function tipHeld(i, n) {
  const lane = lanes.find(l => l.k === "M" && l.hd[0] <= i && i < l.hd[1]);
  return (n > 1 ? n + " holdings in this pixel: zoom in; the first:\n" : "") +
    "M" + lane.id + " held P" + HP[i] + "\nfrom " + fmtT(HT0[i]) + "   for " + fmtT(HDUR[i]);
}
function tipSpan(si) {
  const s = D.spans[si];
  return (s[0] ? "stop the world" : "GC " + s[1]) + "\nfrom " + fmtT(s[2]) + "   for " + fmtT(s[3] - s[2]);
}
function showTip(el, cx, cy) {
  const d = el.dataset;
  let s = null;
  if (d.r !== undefined) s = tipRun(+d.r, +d.n);
  else if (d.k !== undefined) s = tipMark(+d.k, +d.n);
  else if (d.h !== undefined) s = tipHeld(+d.h, +d.n);
  else if (d.s !== undefined) s = tipSpan(+d.s);
  if (s === null) { tip.style.display = "none"; return; }
  tip.textContent = s;
  tip.style.display = "block";
  const r = tip.getBoundingClientRect();
  tip.style.left = Math.min(cx + 14, window.innerWidth - r.width - 4) + "px";
  tip.style.top = (cy + 16 + r.height > window.innerHeight ? cy - r.height - 8 : cy + 16) + "px";
}
svg.addEventListener("mousemove", e => { if (!drag) showTip(e.target, e.clientX, e.clientY); });
svg.addEventListener("mouseover", e => showTip(e.target, e.clientX, e.clientY));
svg.addEventListener("mouseleave", () => { tip.style.display = "none"; });

// Zoom and pan.
let pending = false;
function redraw() { if (!pending) { pending = true; requestAnimationFrame(() => { pending = false; render(); }); } }
function zoom(f, px) {
  const PW = Math.max(320, wrap.clientWidth) - LW - 8;
  const tm = vs + (ve - vs) * Math.min(Math.max((px - LW) / PW, 0), 1);
  vs = tm - (tm - vs) * f; ve = tm + (ve - tm) * f;
  clamp(); redraw();
}
function clamp() {
  const span = Math.min(Math.max(ve - vs, 20), END * 1.1);
  if (vs < -END * 0.05) vs = -END * 0.05;
  ve = vs + span;
  if (ve > END * 1.05) { ve = END * 1.05; vs = ve - span; }
}
svg.addEventListener("wheel", e => {
  e.preventDefault();
  const r = svg.getBoundingClientRect();
  if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
    const d = (e.deltaX || e.deltaY) * (ve - vs) / 800; vs += d; ve += d; clamp(); redraw();
  } else zoom(Math.exp(e.deltaY * 0.0015), e.clientX - r.left);
}, { passive: false });
let drag = null;
svg.addEventListener("mousedown", e => { drag = { x: e.clientX, vs, ve }; svg.classList.add("drag"); tip.style.display = "none"; });
window.addEventListener("mousemove", e => {
  if (!drag) return;
  const PW = Math.max(320, wrap.clientWidth) - LW - 8;
  const d = (drag.x - e.clientX) * (drag.ve - drag.vs) / PW;
  vs = drag.vs + d; ve = drag.ve + d; clamp(); redraw();
});
window.addEventListener("mouseup", () => { drag = null; svg.classList.remove("drag"); });
const mid = () => LW + (Math.max(320, wrap.clientWidth) - LW) / 2;
document.getElementById("zin").onclick = () => zoom(0.5, mid());
document.getElementById("zout").onclick = () => zoom(2, mid());
document.getElementById("reset").onclick = () => { home(); redraw(); };
window.addEventListener("keydown", e => {
  if (e.key === "+" || e.key === "=" || e.key === "w") zoom(0.5, mid());
  else if (e.key === "-" || e.key === "s") zoom(2, mid());
  else if (e.key === "0") { home(); redraw(); }
  else if (e.key === "ArrowLeft" || e.key === "a") { const d = (ve - vs) / 5; vs -= d; ve -= d; clamp(); redraw(); }
  else if (e.key === "ArrowRight" || e.key === "d") { const d = (ve - vs) / 5; vs += d; ve += d; clamp(); redraw(); }
});
window.addEventListener("resize", redraw);

if (D.end === 0 && RT0.length === 0) {
  wrap.innerHTML = '<div id="empty">No scheduling events were recorded.</div>';
} else {
  render();
}
// Test hook: #hover=TEXT hovers the first drawn run whose label has TEXT.
const m = /[#&]hover=([^&]*)/.exec(location.hash);
if (m) {
  const want = decodeURIComponent(m[1]);
  for (const el of svg.querySelectorAll("rect.run")) {
    if (el.dataset.n === "1" && gname(RG[+el.dataset.r]).includes(want)) {
      const r = el.getBoundingClientRect();
      el.dispatchEvent(new MouseEvent("mouseover", { bubbles: true, clientX: r.left + 1, clientY: r.top + 1 }));
      summary.dataset.hovered = tip.textContent;
      break;
    }
  }
}
})();
</script>
</body>
</html>
"###;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::Ev;

    fn rec(t: u64, m: u32, p: Option<u32>, ev: Ev) -> Record {
        Record {
            ts: t * 1_000,
            m,
            p: p.unwrap_or(NO_P),
            ev,
        }
    }

    fn page(records: &[Record]) -> String {
        let mut out = Vec::new();
        write_html(records, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The base64 of `s` (the page's columns), decoded back.
    fn unb64(s: &str) -> Vec<u8> {
        let val = |c: u8| B64.iter().position(|&b| b == c).map(|v| v as u32);
        let mut out = Vec::new();
        for q in s.as_bytes().chunks(4) {
            let v = q.iter().fold(0u32, |a, &c| a << 6 | val(c).unwrap_or(0));
            let n = q.iter().filter(|&&c| c != b'=').count() - 1;
            out.extend_from_slice(&v.to_be_bytes()[1..1 + n]);
        }
        out
    }

    /// The JSON string member `key` of the data (the first after `after`).
    fn member<'a>(s: &'a str, after: &str, key: &str) -> &'a str {
        let from = s.find(after).expect(after);
        let k = format!("\"{key}\":\"");
        let i = from + s[from..].find(&k).expect(key) + k.len();
        &s[i..i + s[i..].find('"').unwrap()]
    }

    #[test]
    fn page_is_self_contained_and_embeds_the_timeline() {
        let records = vec![
            rec(0, 0, None, Ev::go_create(1, 0, "main.main".into())),
            rec(1, 1, Some(0), Ev::ProcStart { p: 0 }),
            rec(
                1,
                1,
                Some(0),
                Ev::go_create(2, 1, "main.<worker>&co".into()),
            ),
            rec(
                2,
                1,
                Some(0),
                Ev::GoStart {
                    g: 1,
                    inherit: false,
                },
            ),
            rec(
                5,
                1,
                Some(0),
                Ev::GoBlock {
                    g: 1,
                    reason: WaitReason::ChanReceive,
                    stack: crate::trace::NO_STACK,
                },
            ),
            rec(
                6,
                2,
                Some(1),
                Ev::ProcSteal {
                    victim: 0,
                    n: 1,
                    runnext: true,
                },
            ),
            rec(
                7,
                2,
                Some(1),
                Ev::GoStart {
                    g: 2,
                    inherit: false,
                },
            ),
            rec(8, 3, None, Ev::Preempt { p: 1 }),
            rec(9, 2, Some(1), Ev::GoPreempt { g: 2 }),
            rec(10, 0, None, Ev::GCStart { n: 1 }),
            rec(11, 0, None, Ev::STWStart),
            rec(12, 0, None, Ev::STWDone),
            rec(13, 0, None, Ev::GCDone { n: 1 }),
            rec(
                14,
                1,
                Some(0),
                Ev::GoStart {
                    g: 1,
                    inherit: true,
                },
            ),
        ];
        let s = page(&records);
        assert!(s.starts_with("<!DOCTYPE html>"), "{s}");
        assert!(s.trim_end().ends_with("</html>"));
        for bad in ["http://", "https://", "<link", " src="] {
            assert!(!s.contains(bad), "{bad} in the page");
        }
        // What was written: runs on two P lanes, two Gs; markers: the
        // steal, sysmon's Preempt (on its target's lane) and GoPreempt.
        assert!(
            s.contains(r#"<body data-runs="3" data-marks="3" data-ps="2" data-gs="2">"#),
            "{s}"
        );
        // Names are escaped for a <script>.
        assert!(
            s.contains(r#""funcs":["main.main","main.\u003cworker\u003e\u0026co"]"#),
            "{s}"
        );
        assert!(!s.contains("<worker>"));
        assert!(s.contains(r#"{"k":"P","id":0,"r":[0,2],"mk":[]}"#), "{s}");
        assert!(
            s.contains(r#"{"k":"P","id":1,"r":[2,3],"mk":[[0,0,1],[1,1,2],[2,2,3]]}"#),
            "{s}"
        );
        assert!(s.contains(r#"{"k":"R","id":0,"mk":[]}"#), "{s}");
        assert!(s.contains(r#"{"k":"M","id":1,"hd":[0,1],"mk":[]}"#), "{s}");
        assert!(
            s.contains(r#""spans":[[1,0,11000,12000],[0,1,10000,13000]]"#),
            "{s}"
        );
        // The runs' columns: P0's two runs of G1 (2..5µs blocked, 14µs
        // open), then P1's G2 (7..9µs preempted).
        let t0 = unb64(member(&s, "\"runs\"", "t0"));
        let t0: Vec<f64> = t0
            .chunks(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(t0, [2000.0, 14000.0, 7000.0]);
        let dur = unb64(member(&s, "\"runs\"", "dur"));
        let dur: Vec<f32> = dur
            .chunks(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(dur, [3000.0, 0.0, 2000.0]);
        let fl = unb64(member(&s, "\"runs\"", "fl"));
        let fl: Vec<u16> = fl
            .chunks(2)
            .map(|c| u16::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let recv = WaitReason::ChanReceive.code() as u16;
        assert_eq!(fl, [2 << 1 | recv << 8, 1, 4 << 1]);
        let g = unb64(member(&s, "\"runs\"", "g"));
        assert_eq!(g, [1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0]);
        assert_eq!(
            unb64(member(&s, "\"gfn\"", "gfn")),
            [0, 0, 0, 0, 1, 0, 0, 0]
        );
    }

    #[test]
    fn base64_pads_like_the_standard() {
        for (input, want) in [
            (&b""[..], ""),
            (b"f", "Zg=="),
            (b"fo", "Zm8="),
            (b"foo", "Zm9v"),
            (b"foob", "Zm9vYg=="),
            (b"fooba", "Zm9vYmE="),
            (b"foobar", "Zm9vYmFy"),
        ] {
            let mut sink = Vec::new();
            let mut o = Out {
                buf: Vec::new(),
                w: &mut sink,
            };
            o.col(input.iter().map(|&b| [b])).unwrap();
            assert_eq!(String::from_utf8(o.buf).unwrap(), format!("\"{want}\""));
            assert_eq!(unb64(want), input);
        }
    }

    #[test]
    fn an_empty_trace_is_a_page_too() {
        let s = page(&[]);
        assert!(s.contains(r#"<body data-runs="0" data-marks="0" data-ps="0" data-gs="0">"#));
        assert!(s.contains("No scheduling events"));
    }
}
