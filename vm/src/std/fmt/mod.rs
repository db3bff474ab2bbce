//! `fmt` glue: converts Go values (word + runtime type) into the
//! [`FmtArg`] trees of the `lib::fmt` engine.
//!
//! The `Error()`/`String()`/`GoString()` calls Go's fmt makes are not made
//! from here: a native cannot park, and such a method may receive from a
//! channel or wait for a mutex. Each formatting native runs in two passes
//! instead ([`Methods`]). The first plans: it formats with `""` for every
//! method text and, if any method was due, returns the calls (receivers as
//! interfaces, and which method) instead of its output. `fmt.go` then makes
//! them as ordinary Go calls on the goroutine's stack (recovering their
//! panics, as fmt's `catchPanic` does) and calls the native again with the
//! texts, which it replays in the same order. Without a method to call,
//! the first pass is the only one.
//!
//! A `Format(f fmt.State, verb rune)` method (a `fmt.Formatter`) is
//! planned the same way, for every verb but `%T` and `%p` and before the
//! others: the call carries the verb and the directive's flags, width and
//! precision ([`FmtState`]), `fmt.go` calls it with a `State` that
//! collects what it writes, and the engine inserts that text as is
//! ([`FmtVal::Formatted`]).

pub mod engine;
mod scan;

use std::rc::Rc;

use crate::heap::{self, Word};
use crate::interp::natives::{slice_of, NativeCtx, NativeFn};
use crate::interp::panic::Trap;
use crate::interp::{Goroutine, Program};
use crate::rtype::Kind;
use engine::{ArgSource, FmtArg, FmtState, FmtVal};
use minigo_runtime::Cx;

pub fn lookup(name: &str) -> Option<NativeFn> {
    lookup_print(name).or_else(|| scan::lookup(name))
}

fn lookup_print(name: &str) -> Option<NativeFn> {
    Some(match name {
        "fmt.sysPrint" => print,
        "fmt.sysPrintln" => println,
        "fmt.sysPrintf" => printf,
        "fmt.sysSprint" => sprint,
        "fmt.sysSprintln" => sprintln,
        "fmt.sysSprintf" => sprintf,
        "fmt.errorfText" => errorf_text,
        _ => return None,
    })
}

/// What one level of a value walked by fmt (an element, field, map entry
/// or pointee, and each operand) counts for against the goroutine's stack
/// limit (see `Goroutine::charge_native`). Go 1.27's `printValue` spends
/// about 780 bytes of stack per level of a `[]any` nested in `[]any` (two
/// `printValue` frames), so with Go's real overflow at 512 MiB a nesting of
/// about 690,000 levels prints under Go; 1024 bytes against minigo's full
/// 1 GB allows about 970,000. Cyclic data (a slice or map holding itself
/// through an interface) then ends in Go's `fatal error: stack overflow`.
pub const FMT_LEVEL_BYTES: usize = 1024;

/// Which method a planned call makes (`fmt.callMethod`'s `kind`).
const KIND_ERROR: i64 = 0;
const KIND_STRING: i64 = 1;
const KIND_GOSTRING: i64 = 2;
/// A `Format(f State, verb rune)` call: `kinds` holds four more entries,
/// the verb, the flags (bits of `-+# 0`), the width and the precision (-1
/// when absent).
const KIND_FORMAT: i64 = 3;

/// How a `Format` method's key starts (`compile::method_key`: name and
/// signature; the second parameter is `rune`).
const FORMAT_KEY: &str = "Format(fmt.State, ";

/// Where the texts of the methods fmt calls come from (module docs).
pub enum Methods {
    /// The first pass: each call is recorded (receiver interface, kind
    /// and, for `Format`, its four extra entries) and its text is empty.
    Plan(Vec<(Word, Vec<i64>)>),
    /// The second pass: the planned calls' texts (Go strings) and
    /// recovered panics (`any`, 0 for none), in the order planned.
    Replay {
        texts: Vec<Word>,
        panics: Vec<Word>,
        next: usize,
    },
}

impl Methods {
    /// The pass a native is in: `Replay` when its `texts` and `panics`
    /// arguments (words of `[]string` and `[]any`) are not nil.
    fn of(texts: Word, panics: Word) -> Methods {
        if texts == 0 {
            return Methods::Plan(Vec::new());
        }
        Methods::Replay {
            texts: words(texts),
            panics: words(panics),
            next: 0,
        }
    }
}

/// Converts Go values for the engine; remembers a trap that must not be
/// swallowed (a stack overflow).
pub struct Converter<'a, 'c> {
    pub g: &'a mut Goroutine,
    /// The scheduler context, for printing a method's panic value.
    pub rt: &'a mut Cx<'c>,
    pub prog: &'a Program,
    pub trap: Option<Trap>,
    /// Converting for `%#v`: the method Go calls is `GoString`, not
    /// `Error`/`String`.
    pub sharp_v: bool,
    pub methods: Methods,
    /// `Error`/`String`/`GoString` apply to the verb (`v s q x X w`).
    pub string_methods: bool,
    /// The verb and state a `Format` method is called with; `None` where
    /// Go does not call it (`%T`, `%p`, a `*` operand).
    pub format: Option<(char, FmtState)>,
    /// Formatting for `Errorf` (`%w` is valid).
    pub wrap_errs: bool,
}

impl Converter<'_, '_> {
    /// The value `w` of type `t`; `methods`: call `Error()`/`String()`
    /// where Go would (the verb allows it); `verb` for panic messages.
    /// One level deeper: counted against the goroutine's stack (a trap
    /// ends the conversion) and run on a stack that grows.
    pub fn convert(&mut self, w: Word, t: u32, methods: bool, verb: char, depth: usize) -> FmtArg {
        if self.trap.is_some() {
            // The result is thrown away: stop walking.
            return FmtArg::nil();
        }
        if let Err(t) = self.g.charge_native(FMT_LEVEL_BYTES) {
            self.trap = Some(t);
            return FmtArg::nil();
        }
        let arg = crate::stack::guard(|| self.convert_level(w, t, methods, verb, depth));
        self.g.release_native(FMT_LEVEL_BYTES);
        arg
    }

    fn convert_level(
        &mut self,
        w: Word,
        t: u32,
        methods: bool,
        verb: char,
        depth: usize,
    ) -> FmtArg {
        let prog = self.prog;
        let ty = prog.rtype(t);
        let name: Rc<str> = Rc::from(ty.name.as_str());
        if ty.kind == Kind::Interface {
            return match heap::iface(w) {
                None => FmtArg::new(name, FmtVal::Nil),
                Some(i) => self.convert_level(i.data, i.rtype, methods, verb, depth),
            };
        }
        if ty.named && ty.name == "reflect.Value" && ty.fields.len() == 3 && w != 0 {
            // Go's fmt prints the value a reflect.Value holds (reflect.go:
            // fields typ+1, word or location, flags; flag 1 = location,
            // 2 and 4 = read-only, which rules out its methods).
            let field = |i| heap::load(heap::field(w, i));
            let (typ, ptr, flag) = (field(0), field(1), field(2));
            if typ == 0 {
                // Inside another value it is a Stringer (Value.String).
                let text: &[u8] = if depth > 0 {
                    b"<invalid Value>"
                } else {
                    b"<invalid reflect.Value>"
                };
                return FmtArg::new("reflect.Value", FmtVal::Str(text.to_vec()));
            }
            let t = (typ - 1) as u32;
            let word = if flag & 1 != 0 && !prog.rtype(t).aggregate {
                heap::ptr_load(ptr)
            } else {
                ptr
            };
            if depth > 0 {
                // Inside another value, fmt treats a reflect.Value like any
                // struct with a String method: Value.String's text.
                let held = prog.rtype(t);
                let text = if held.kind == Kind::String {
                    heap::str_bytes(word).to_vec()
                } else {
                    format!("<{} Value>", held.name).into_bytes()
                };
                return FmtArg::new("reflect.Value", FmtVal::Str(text));
            }
            // An operand: the value it holds, printed as such, but its type
            // (`%T`, and whether Print puts spaces around it) stays
            // reflect.Value.
            let mut arg = self.convert_level(word, t, methods && flag & 6 == 0, verb, depth);
            arg.via_reflect = true;
            return arg;
        }
        if methods && self.trap.is_none() {
            if let Some((fverb, st)) = self.format {
                let is_format = |m: &crate::rtype::RMethod| {
                    prog.method_names
                        .get(m.name as usize)
                        .is_some_and(|k| k.starts_with(FORMAT_KEY))
                };
                let allowed = verb != 'w' || ty.method(prog.rt.error_m).is_some();
                if allowed && ty.methods.iter().any(is_format) {
                    let text = self.call_format(w, t, fverb, &st);
                    let inner = self.convert_level(w, t, false, verb, depth);
                    return FmtArg::new(
                        name,
                        FmtVal::Formatted {
                            text,
                            inner: Box::new(inner),
                        },
                    );
                }
            }
        }
        if methods && self.string_methods && self.trap.is_none() {
            let candidates: &[(u32, &str)] = if self.sharp_v {
                &[(prog.rt.gostring_m, "GoString")]
            } else {
                &[(prog.rt.error_m, "Error"), (prog.rt.string_m, "String")]
            };
            for &(m, mname) in candidates {
                if ty.method(m).is_some() {
                    let (text, panicked) = self.call_method(w, t, m, mname, verb);
                    let inner = Box::new(self.convert_level(w, t, false, verb, depth));
                    // A panic's message is written as is (not formatted
                    // as the method's text would be).
                    let val = if panicked {
                        FmtVal::Formatted { text, inner }
                    } else {
                        FmtVal::Methods {
                            text,
                            inner,
                            go_string: self.sharp_v,
                        }
                    };
                    return FmtArg::new(name, val);
                }
            }
        }
        let rt = &prog.rtypes;
        let val = match ty.kind {
            Kind::Bool => FmtVal::Bool(w != 0),
            k if k.is_signed_int() => FmtVal::Int(w as i64),
            k if k.is_unsigned_int() => FmtVal::Uint(w),
            Kind::Float32 => FmtVal::Float(f64::from_bits(w), 32),
            Kind::Float64 => FmtVal::Float(f64::from_bits(w), 64),
            Kind::Complex64 | Kind::Complex128 => {
                let (re, im) = heap::complex_parts(w);
                FmtVal::Complex(re, im, if ty.kind == Kind::Complex64 { 64 } else { 128 })
            }
            Kind::String => FmtVal::Str(heap::str_bytes(w).to_vec()),
            Kind::Pointer => {
                let et = ty.elem;
                let e = &rt[et as usize];
                let pointee = if w != 0 && depth == 0 {
                    match e.kind {
                        Kind::Struct | Kind::Array => {
                            Some(Box::new(self.convert(w, et, methods, verb, depth + 1)))
                        }
                        Kind::Slice | Kind::Map => {
                            let v = heap::load(heap::cell(w));
                            Some(Box::new(self.convert(v, et, methods, verb, depth + 1)))
                        }
                        _ => None,
                    }
                } else {
                    None
                };
                // A pointer word may carry tags above its address (a packed
                // array, a narrow element): `%p` shows the address.
                FmtVal::Ptr {
                    addr: w & minigo_gc::ADDR_MASK,
                    pointee,
                }
            }
            Kind::Slice | Kind::Array => {
                let et = ty.elem;
                let e = &rt[et as usize];
                let elems = heap::slice_or_nil(w).elems_backing();
                let addr = heap::slice(w).map_or(0, |s| s.addr() as u64);
                if e.kind == Kind::Uint8 && e.methods.is_empty() {
                    FmtVal::Bytes {
                        data: elems.to_bytes(),
                        nil: w == 0,
                        array: ty.kind == Kind::Array,
                        addr,
                    }
                } else {
                    let items: Vec<FmtArg> = (0..elems.len())
                        .map(|i| self.convert(elems.get(i), et, methods, verb, depth + 1))
                        .collect();
                    if ty.kind == Kind::Array {
                        FmtVal::Array(items)
                    } else {
                        FmtVal::Slice {
                            elems: items,
                            nil: w == 0,
                            addr,
                        }
                    }
                }
            }
            Kind::Map => match crate::interp::map::map_ref(w) {
                None => FmtVal::Map {
                    entries: Vec::new(),
                    nil: true,
                    addr: 0,
                },
                Some(m) => {
                    let pairs = match m.entries() {
                        Ok(p) => p,
                        Err(t) => {
                            self.trap.get_or_insert(t);
                            Vec::new()
                        }
                    };
                    let entries = pairs
                        .into_iter()
                        .map(|(k, v)| {
                            (
                                self.convert(k, m.key_t, methods, verb, depth + 1),
                                self.convert(v, m.val_t, methods, verb, depth + 1),
                            )
                        })
                        .collect();
                    FmtVal::Map {
                        entries,
                        nil: false,
                        addr: w,
                    }
                }
            },
            Kind::Struct => {
                let mut fields = Vec::with_capacity(ty.fields.len());
                for (i, f) in ty.fields.iter().enumerate() {
                    let v = if w == 0 {
                        0
                    } else {
                        heap::load(heap::field(w, i))
                    };
                    let arg = self.convert(v, f.ty, methods && f.exported, verb, depth + 1);
                    fields.push((Rc::from(f.name.as_str()), arg));
                }
                FmtVal::Struct(fields)
            }
            Kind::Func => FmtVal::Func(w),
            Kind::Chan => FmtVal::Chan(w),
            _ => FmtVal::Nil,
        };
        FmtArg::new(name, val)
    }

    /// The text of method `m` on value `w` of type `t`: recorded for the
    /// Go side when planning, the planned call's result when replaying.
    /// A panic inside is printed as Go's fmt does (true: the text is that
    /// message, to be written as is).
    fn call_method(&mut self, w: Word, t: u32, m: u32, mname: &str, verb: char) -> (Vec<u8>, bool) {
        let prog = self.prog;
        match &mut self.methods {
            Methods::Plan(calls) => {
                let kind = if m == prog.rt.error_m {
                    KIND_ERROR
                } else if m == prog.rt.string_m {
                    KIND_STRING
                } else {
                    KIND_GOSTRING
                };
                calls.push((heap::new_iface(t, w), vec![kind]));
                (Vec::new(), false)
            }
            Methods::Replay {
                texts,
                panics,
                next,
            } => {
                let i = *next;
                *next += 1;
                let pv = panics.get(i).copied().unwrap_or(0);
                if pv == 0 {
                    let text = texts.get(i).copied().unwrap_or(0);
                    return (heap::str_bytes(text).to_vec(), false);
                }
                // Go's catchPanic: a nil pointer receiver prints as <nil>.
                if prog.rtype(t).kind == Kind::Pointer && w == 0 {
                    return (b"<nil>".to_vec(), true);
                }
                let verb = if verb == 'w' { 'v' } else { verb };
                let mut out = format!("%!{verb}(PANIC={mname} method: ").into_bytes();
                let text = self.panic_text(pv);
                out.extend_from_slice(&text);
                out.push(b')');
                (out, true)
            }
        }
    }

    /// The output of `Format(state, verb)` on value `w` of type `t`:
    /// recorded for the Go side when planning, the planned call's output
    /// (and its panic, printed as Go's `catchPanic` does) when replaying.
    fn call_format(&mut self, w: Word, t: u32, verb: char, st: &FmtState) -> Vec<u8> {
        let prog = self.prog;
        match &mut self.methods {
            Methods::Plan(calls) => {
                let flags = [st.minus, st.plus, st.sharp, st.space, st.zero]
                    .iter()
                    .enumerate()
                    .fold(0i64, |acc, (i, &b)| acc | (i64::from(b) << i));
                let kinds = vec![
                    KIND_FORMAT,
                    verb as i64,
                    flags,
                    st.wid.unwrap_or(-1),
                    st.prec.unwrap_or(-1),
                ];
                calls.push((heap::new_iface(t, w), kinds));
                Vec::new()
            }
            Methods::Replay {
                texts,
                panics,
                next,
            } => {
                let i = *next;
                *next += 1;
                let pv = panics.get(i).copied().unwrap_or(0);
                let text = texts.get(i).copied().unwrap_or(0);
                let mut out = heap::str_bytes(text).to_vec();
                if pv == 0 {
                    return out;
                }
                if prog.rtype(t).kind == Kind::Pointer && w == 0 {
                    out.extend_from_slice(b"<nil>");
                    return out;
                }
                out.extend_from_slice(format!("%!{verb}(PANIC=Format method: ").as_bytes());
                let text = self.panic_text(pv);
                out.extend_from_slice(&text);
                out.push(b')');
                out
            }
        }
    }

    /// A recovered panic value as fmt's `catchPanic` prints it (`%v`):
    /// an error's or Stringer's text, any other value formatted by fmt
    /// (`{3}`, `[1]`, where the runtime would print `(main.S) 0x...`).
    fn panic_text(&mut self, pv: Word) -> Vec<u8> {
        let prog = self.prog;
        if let Some(i) = heap::iface(pv) {
            let ty = prog.rtype(i.rtype);
            if ty.method(prog.rt.error_m).is_none() && ty.method(prog.rt.string_m).is_none() {
                let sharp_v = std::mem::replace(&mut self.sharp_v, false);
                let arg = self.convert(i.data, i.rtype, false, 'v', 0);
                self.sharp_v = sharp_v;
                let mut out = Vec::new();
                engine::sprint(&mut out, std::slice::from_ref(&arg));
                return out;
            }
        }
        self.g.panic_value_text(self.rt, prog, pv)
    }

    /// An `any` operand for `verb` with the directive's state `st`.
    pub fn operand(&mut self, w: Word, verb: char, sharp: bool, st: &FmtState) -> FmtArg {
        self.string_methods = matches!(verb, 'v' | 's' | 'q' | 'x' | 'X' | 'w');
        self.format = match verb {
            'T' | 'p' | '*' => None,
            'w' if !self.wrap_errs => None,
            'w' => Some(('v', *st)),
            _ => Some((verb, *st)),
        };
        let methods = self.string_methods || self.format.is_some();
        self.sharp_v = verb == 'v' && sharp;
        match heap::iface(w) {
            None => FmtArg::nil(),
            Some(i) => self.convert(i.data, i.rtype, methods, verb, 0),
        }
    }
}

struct Operands<'c, 'a, 'r> {
    cv: &'c mut Converter<'a, 'r>,
    args: Vec<Word>,
}

impl ArgSource for Operands<'_, '_, '_> {
    fn len(&self) -> usize {
        self.args.len()
    }
    fn arg(&mut self, i: usize, verb: char, sharp: bool, st: &FmtState) -> FmtArg {
        let w = self.args.get(i).copied().unwrap_or(0);
        self.cv.operand(w, verb, sharp, st)
    }
}

fn words(w: Word) -> Vec<Word> {
    heap::slice_elems(w).iter().map(heap::load).collect()
}

/// One formatting pass: the output, or (planning, when a method is due)
/// the calls the Go side must make first.
enum Pass {
    Out(Vec<u8>),
    Calls(Vec<(Word, Vec<i64>)>),
}

/// What a formatting native does with the engine.
enum Job<'f> {
    Sprint { ln: bool },
    Sprintf { format: &'f [u8], errorf: bool },
}

/// Formats `args` (with `Methods::of(texts, panics)`) as `job` says.
fn format_pass(
    cx: &mut NativeCtx<'_, '_>,
    texts: Word,
    panics: Word,
    args: Vec<Word>,
    job: Job<'_>,
) -> Result<Pass, Trap> {
    let mut cv = Converter {
        g: cx.g,
        rt: cx.rt,
        prog: cx.prog,
        trap: None,
        sharp_v: false,
        methods: Methods::of(texts, panics),
        string_methods: false,
        format: None,
        wrap_errs: matches!(job, Job::Sprintf { errorf: true, .. }),
    };
    let mut out = Vec::new();
    match job {
        Job::Sprint { ln } => {
            let conv: Vec<FmtArg> = args
                .iter()
                .map(|&w| cv.operand(w, 'v', false, &FmtState::default()))
                .collect();
            if cv.trap.is_none() {
                if ln {
                    engine::sprintln(&mut out, &conv);
                } else {
                    engine::sprint(&mut out, &conv);
                }
            }
        }
        Job::Sprintf { format, errorf } => {
            let mut ops = Operands { cv: &mut cv, args };
            if errorf {
                // `%w` formats its error operand like `%v`.
                engine::errorf(&mut out, format, &mut ops);
            } else {
                engine::sprintf(&mut out, format, &mut ops);
            }
        }
    }
    if let Some(t) = cv.trap {
        return Err(t);
    }
    Ok(match cv.methods {
        Methods::Plan(calls) if !calls.is_empty() => Pass::Calls(calls),
        _ => Pass::Out(out),
    })
}

/// Returns the planned calls as the natives' last two results
/// (`recv []any, kinds []int`), starting at result `at`.
fn ret_calls(
    cx: &mut NativeCtx<'_, '_>,
    at: usize,
    calls: &[(Word, Vec<i64>)],
) -> Result<(), Trap> {
    let recv: Vec<Word> = calls.iter().map(|c| c.0).collect();
    let kinds: Vec<Word> = calls
        .iter()
        .flat_map(|c| c.1.iter().map(|&k| k as Word))
        .collect();
    cx.ret(at, slice_of(&recv))?;
    cx.ret(at + 1, slice_of(&kinds))
}

/// `fmt.sysPrint*` leave a closed `os.Stdout` to the Go side (which
/// formats, then fails in `os.Stdout.Write` with Go's error): they return
/// `ok` false before formatting.
fn stdout_closed(cx: &mut NativeCtx<'_, '_>) -> Result<bool, Trap> {
    if !crate::interp::natives::std_closed(1) {
        return Ok(false);
    }
    cx.ret_int(0, 0)?;
    cx.ret(1, 0)?;
    cx.ret(2, 0)?;
    cx.ret(3, 0)?;
    Ok(true)
}

/// `sysPrint*(texts, panics, ...) (n int, ok bool, recv []any, kinds []int)`.
fn print_job(cx: &mut NativeCtx<'_, '_>, args: Vec<Word>, job: Job<'_>) -> Result<(), Trap> {
    if stdout_closed(cx)? {
        return Ok(());
    }
    match format_pass(cx, cx.arg(0), cx.arg(1), args, job)? {
        Pass::Out(out) => {
            // A broken pipe the program handles: `ok` false, so that the
            // Go side's `os.Stdout.Write` returns Go's error.
            let ok = crate::interp::natives::try_write_stdout(&out).is_ok();
            cx.ret_int(0, if ok { out.len() as i64 } else { 0 })?;
            cx.ret(1, Word::from(ok))?;
            cx.ret(2, 0)?;
            cx.ret(3, 0)
        }
        Pass::Calls(calls) => {
            cx.ret_int(0, 0)?;
            cx.ret(1, 1)?;
            ret_calls(cx, 2, &calls)
        }
    }
}

/// `sysSprint*(texts, panics, ...) (s string, recv []any, kinds []int)`.
fn sprint_job(cx: &mut NativeCtx<'_, '_>, args: Vec<Word>, job: Job<'_>) -> Result<(), Trap> {
    match format_pass(cx, cx.arg(0), cx.arg(1), args, job)? {
        Pass::Out(out) => {
            cx.ret_string(0, out)?;
            cx.ret(1, 0)?;
            cx.ret(2, 0)
        }
        Pass::Calls(calls) => {
            cx.ret_str(0, b"")?;
            ret_calls(cx, 1, &calls)
        }
    }
}

fn print(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    print_job(cx, words(cx.arg(2)), Job::Sprint { ln: false })
}

fn println(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    print_job(cx, words(cx.arg(2)), Job::Sprint { ln: true })
}

fn printf(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let format = cx.str(2);
    let job = Job::Sprintf {
        format,
        errorf: false,
    };
    print_job(cx, words(cx.arg(3)), job)
}

fn sprint(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    sprint_job(cx, words(cx.arg(2)), Job::Sprint { ln: false })
}

fn sprintln(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    sprint_job(cx, words(cx.arg(2)), Job::Sprint { ln: true })
}

fn sprintf(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let format = cx.str(2);
    let job = Job::Sprintf {
        format,
        errorf: false,
    };
    sprint_job(cx, words(cx.arg(3)), job)
}

/// `fmt.errorfText`: the message of `fmt.Errorf`.
fn errorf_text(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let format = cx.str(2);
    let job = Job::Sprintf {
        format,
        errorf: true,
    };
    sprint_job(cx, words(cx.arg(3)), job)
}
