//! `fmt` glue: converts Go values (word + runtime type) into the
//! [`FmtArg`] trees of the `lib::fmt` engine, calling `Error()`/`String()`
//! methods through nested runs of the interpreter as Go's `fmt` does
//! (panics inside them print as `%!v(PANIC=String method: ...)`).

use std::rc::Rc;

use super::{NativeCtx, NativeFn};
use crate::heap::{self, Word};
use crate::interp::panic::Trap;
use crate::interp::{Goroutine, Program};
use crate::lib::fmt::{self as engine, ArgSource, FmtArg, FmtVal};
use crate::rtype::Kind;
use minigo_runtime::Cx;

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "fmt.sysPrint" => print,
        "fmt.sysPrintln" => println,
        "fmt.sysPrintf" => printf,
        "fmt.Sprint" => sprint,
        "fmt.Sprintln" => sprintln,
        "fmt.Sprintf" => sprintf,
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

/// Converts Go values for the engine; remembers a trap that must not be
/// swallowed (os.Exit, fatal errors inside a method).
pub struct Converter<'a, 'c> {
    pub g: &'a mut Goroutine,
    /// The scheduler context, for the methods fmt calls back into Go.
    pub rt: &'a mut Cx<'c>,
    pub prog: &'a Program,
    pub trap: Option<Trap>,
    /// Converting for `%#v`: the method Go calls is `GoString`, not
    /// `Error`/`String`.
    pub sharp_v: bool,
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
        if methods && self.trap.is_none() {
            let candidates: &[(u32, &str)] = if self.sharp_v {
                &[(prog.rt.gostring_m, "GoString")]
            } else {
                &[(prog.rt.error_m, "Error"), (prog.rt.string_m, "String")]
            };
            for &(m, mname) in candidates {
                if ty.method(m).is_some() {
                    let text = self.call_method(w, t, m, mname, verb);
                    let inner = self.convert_level(w, t, false, verb, depth);
                    return FmtArg::new(
                        name,
                        FmtVal::Methods {
                            text,
                            inner: Box::new(inner),
                            go_string: self.sharp_v,
                        },
                    );
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

    /// The text of method `m` on value `w` of type `t`; a panic inside is
    /// recovered and printed as Go's fmt does.
    fn call_method(&mut self, w: Word, t: u32, m: u32, mname: &str, verb: char) -> Vec<u8> {
        let prog = self.prog;
        let iface = heap::new_iface(t, w);
        match self.g.call_method(self.rt, prog, iface, m, &[]) {
            Ok(r) => heap::str_bytes(r.first().copied().unwrap_or(0)).to_vec(),
            Err(Trap::Unwind) => {
                // The panic unwound to our nested frame: recover it here.
                let v = self.g.take_panic();
                let ty = prog.rtype(t);
                if ty.kind == Kind::Pointer && w == 0 {
                    return b"<nil>".to_vec();
                }
                let mut out = format!("%!{verb}(PANIC={mname} method: ").into_bytes();
                let text = self.g.panic_value_text(self.rt, prog, v);
                out.extend_from_slice(&text);
                out.push(b')');
                out
            }
            Err(Trap::Runtime(e)) if e.sigsegv && w == 0 => {
                // Nil receiver dereferenced while adjusting it.
                b"<nil>".to_vec()
            }
            Err(t) => {
                self.trap.get_or_insert(t);
                Vec::new()
            }
        }
    }

    /// An `any` operand.
    pub fn operand(&mut self, w: Word, verb: char, sharp: bool) -> FmtArg {
        let methods = matches!(verb, 'v' | 's' | 'q' | 'x' | 'X' | 'w');
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
    fn arg(&mut self, i: usize, verb: char, sharp: bool) -> FmtArg {
        let w = self.args.get(i).copied().unwrap_or(0);
        self.cv.operand(w, verb, sharp)
    }
}

fn words(w: Word) -> Vec<Word> {
    heap::slice_elems(w).iter().map(heap::load).collect()
}

/// `Sprintf(format, args)` over Go words.
pub fn sprintf_words(
    cx: &mut NativeCtx<'_, '_>,
    format: &[u8],
    args: Vec<Word>,
) -> Result<Vec<u8>, Trap> {
    sprintf_words_mode(cx, format, args, false)
}

/// `Sprintf`, or with `wrap_errs` the text of `Errorf` (where `%w` formats
/// its error operand like `%v`).
fn sprintf_words_mode(
    cx: &mut NativeCtx<'_, '_>,
    format: &[u8],
    args: Vec<Word>,
    wrap_errs: bool,
) -> Result<Vec<u8>, Trap> {
    let mut cv = Converter {
        g: cx.g,
        rt: cx.rt,
        prog: cx.prog,
        trap: None,
        sharp_v: false,
    };
    let mut out = Vec::new();
    {
        let mut ops = Operands { cv: &mut cv, args };
        if wrap_errs {
            engine::errorf(&mut out, format, &mut ops);
        } else {
            engine::sprintf(&mut out, format, &mut ops);
        }
    }
    match cv.trap {
        Some(t) => Err(t),
        None => Ok(out),
    }
}

/// `Sprint`/`Sprintln` over Go words.
pub fn sprint_words(
    cx: &mut NativeCtx<'_, '_>,
    args: Vec<Word>,
    ln: bool,
) -> Result<Vec<u8>, Trap> {
    let mut cv = Converter {
        g: cx.g,
        rt: cx.rt,
        prog: cx.prog,
        trap: None,
        sharp_v: false,
    };
    let conv: Vec<FmtArg> = args.iter().map(|&w| cv.operand(w, 'v', false)).collect();
    if let Some(t) = cv.trap {
        return Err(t);
    }
    let mut out = Vec::new();
    if ln {
        engine::sprintln(&mut out, &conv);
    } else {
        engine::sprint(&mut out, &conv);
    }
    Ok(out)
}

fn write_result(cx: &mut NativeCtx<'_, '_>, out: &[u8]) -> Result<(), Trap> {
    super::write_stdout(out);
    cx.ret_int(0, out.len() as i64)?;
    cx.ret(1, 1)
}

/// `fmt.sysPrint*` leave a closed `os.Stdout` to the Go side (which
/// formats, then fails in `os.Stdout.Write` with Go's error): they return
/// `ok` false before formatting, so no `String()` method runs twice.
fn stdout_closed(cx: &mut NativeCtx<'_, '_>) -> Result<bool, Trap> {
    if !super::std_closed(1) {
        return Ok(false);
    }
    cx.ret_int(0, 0)?;
    cx.ret(1, 0)?;
    Ok(true)
}

fn print(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    if stdout_closed(cx)? {
        return Ok(());
    }
    let out = sprint_words(cx, words(cx.arg(0)), false)?;
    write_result(cx, &out)
}

fn println(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    if stdout_closed(cx)? {
        return Ok(());
    }
    let out = sprint_words(cx, words(cx.arg(0)), true)?;
    write_result(cx, &out)
}

fn printf(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    if stdout_closed(cx)? {
        return Ok(());
    }
    let f = cx.str(0);
    let out = sprintf_words(cx, f, words(cx.arg(1)))?;
    write_result(cx, &out)
}

fn sprint(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let out = sprint_words(cx, words(cx.arg(0)), false)?;
    cx.ret_string(0, out)
}

fn sprintln(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let out = sprint_words(cx, words(cx.arg(0)), true)?;
    cx.ret_string(0, out)
}

/// `fmt.errorfText(format, a...)`: the message of `fmt.Errorf`.
fn errorf_text(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let f = cx.str(0);
    let out = sprintf_words_mode(cx, f, words(cx.arg(1)), true)?;
    cx.ret_string(0, out)
}

fn sprintf(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    let f = cx.str(0);
    let out = sprintf_words(cx, f, words(cx.arg(1)))?;
    cx.ret_string(0, out)
}
