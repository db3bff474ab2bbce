//! `reflect`'s natives for calls (`call.go`): method tables as Go's
//! reflection numbers them, and func words retyped so that Go code can
//! call a func or method of any signature.
//!
//! A call passes one word per parameter whatever its type, so a func of
//! `n` parameters and `m` results is called through the same words as a
//! `func(uintptr × n) (uintptr × m)`: the `asF<n>_<m>` natives hand the
//! word back as such a func, and `call.go` makes the call.

use crate::heap::Word;
use crate::interp::natives::{slice_of, NativeCtx, NativeFn};
use crate::interp::{ops, value, Program};
use crate::rtype::{Kind, RType};

/// The method keys (`Name(sig)`) of `ty`'s method set that Go's reflection
/// numbers: exported ones (every one of an interface), sorted by name.
fn methods(prog: &Program, ty: &RType) -> Vec<u32> {
    let name = |m: u32| {
        let s = prog.method_names[m as usize].as_str();
        &s[..s.find('(').unwrap_or(s.len())]
    };
    let mut v: Vec<u32> = if ty.kind == Kind::Interface {
        ty.iface_methods.clone()
    } else {
        ty.methods
            .iter()
            .map(|m| m.name)
            .filter(|&m| name(m).starts_with(|c: char| c.is_uppercase()))
            .collect()
    };
    v.sort_unstable_by(|&a, &b| name(a).cmp(name(b)));
    v
}

fn words(v: &[u32]) -> Word {
    let w: Vec<Word> = v.iter().map(|&x| x as Word).collect();
    slice_of(&w)
}

fn identity(cx: &mut NativeCtx<'_, '_>) -> Result<(), crate::interp::panic::Trap> {
    let w = cx.arg(0);
    cx.ret(0, w)
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    if name.starts_with("reflect.asF") {
        return Some(identity);
    }
    Some(match name {
        "reflect.methodInfo" => |cx| {
            // (type, i) → name, whether it has code (not an interface's),
            // parameter types (receiver first), result types, variadic.
            let t = cx.arg(0) as u32;
            let i = cx.int(1) as usize;
            let prog = cx.prog;
            let ty = prog.rtype(t);
            let keys = methods(prog, ty);
            let Some(&key) = keys.get(i) else {
                return Err(cx.panic_str("reflect: Method index out of range"));
            };
            let full = prog.method_names[key as usize].as_str();
            let nm = &full[..full.find('(').unwrap_or(full.len())];
            let variadic = full.contains("...");
            let (has, ins, outs) = match ty.method(key) {
                Some(m) if ty.kind != Kind::Interface => {
                    match prog
                        .protos
                        .get(m.func as usize)
                        .and_then(|p| p.sig.as_ref())
                    {
                        Some(sig) => {
                            let mut ins = sig.params.clone();
                            if let Some(r) = ins.first_mut() {
                                *r = t;
                            }
                            (true, ins, sig.results.clone())
                        }
                        None => (true, vec![t], vec![]),
                    }
                }
                _ => (false, vec![t], vec![]),
            };
            let nm = nm.as_bytes().to_vec();
            cx.ret_string(0, nm)?;
            cx.ret_bool(1, has)?;
            cx.ret(2, words(&ins))?;
            cx.ret(3, words(&outs))?;
            cx.ret_bool(4, variadic)
        },
        "reflect.methodIndex" => |cx| {
            // (type, name) → the method's index, or -1.
            let t = cx.arg(0) as u32;
            let want = cx.str(1);
            let prog = cx.prog;
            let keys = methods(prog, prog.rtype(t));
            let i = keys.iter().position(|&k| {
                let s = prog.method_names[k as usize].as_bytes();
                s.len() > want.len() && s.starts_with(want) && s[want.len()] == b'('
            });
            cx.ret_int(0, i.map_or(-1, |i| i as i64))
        },
        "reflect.numMethods" => |cx| {
            let t = cx.arg(0) as u32;
            let n = methods(cx.prog, cx.prog.rtype(t)).len();
            cx.ret_int(0, n as i64)
        },
        "reflect.methodFn" => |cx| {
            // (type, i, receiver word) → the method's func word and the
            // receiver word to pass it.
            let t = cx.arg(0) as u32;
            let i = cx.int(1) as usize;
            let data = cx.arg(2);
            let prog = cx.prog;
            let keys = methods(prog, prog.rtype(t));
            let Some(&key) = keys.get(i) else {
                return Err(cx.panic_str("reflect: internal error: invalid method index"));
            };
            let (f, recv) = ops::method_receiver(prog, t, data, key)?;
            let fw = prog.func_words[f as usize];
            cx.ret(0, fw)?;
            cx.ret(1, recv)
        },
        "reflect.funcTypeFor" => |cx| {
            // (params, results, variadic) → the func type's descriptor,
            // or -1 when the program has none.
            let ins: Vec<u32> = cx
                .elems(0)
                .iter()
                .map(|s| crate::heap::load(s) as u32)
                .collect();
            let outs: Vec<u32> = cx
                .elems(1)
                .iter()
                .map(|s| crate::heap::load(s) as u32)
                .collect();
            let variadic = cx.bool(2);
            let t = cx.prog.rtypes.iter().position(|r| {
                r.kind == Kind::Func
                    && !r.named
                    && r.params == ins
                    && r.results == outs
                    && r.name.contains("...") == variadic
            });
            cx.ret_int(0, t.map_or(-1, |t| t as i64))
        },
        "reflect.copyArg" => |cx| {
            let t = cx.arg(0) as u32;
            let w = value::deep_copy(&cx.prog.rtypes, cx.arg(1), t);
            cx.ret(0, w)
        },
        _ => return None,
    })
}
