//! Types made at run time: `reflect.PointerTo`, `SliceOf`, `MapOf`,
//! `ArrayOf`, `ChanOf`, `FuncOf` and `StructOf` (and `New`/`Addr` of a
//! type whose pointer type the program never names).
//!
//! A made type is an unnamed descriptor appended to the program's
//! [`TypeTable`](crate::rtype::TypeTable), which hands back the existing
//! descriptor when the program already has one of that shape, so type
//! identity stays index equality.
//!
//! Invariants: `typeof.go` checks the arguments (kinds, comparability,
//! names) and panics with Go's texts before it calls a native here; the
//! natives return -1 only when the table is full.

use crate::heap;
use crate::interp::natives::{NativeCtx, NativeFn};
use crate::interp::Program;
use crate::rtype::{Kind, RField, RMethod, RType};

/// `reflect.ChanDir`'s values.
const RECV_DIR: i64 = 1;
const SEND_DIR: i64 = 2;

/// The descriptor index of the type `*t`, made if the program has none.
pub fn ptr_to(prog: &Program, t: u32) -> Option<u32> {
    if let Some(p) = prog
        .rtypes
        .iter()
        .position(|r| r.kind == Kind::Pointer && r.elem == t && !r.named)
    {
        return Some(p as u32);
    }
    let e = prog.rtype(t);
    // *T has T's methods, reached through the pointer.
    let methods = if e.kind == Kind::Interface || e.kind == Kind::Pointer {
        Vec::new()
    } else {
        e.methods
            .iter()
            .map(|m| RMethod {
                name: m.name,
                func: m.func,
                adjust: crate::bytecode::RecvAdjust::Deref,
            })
            .collect()
    };
    prog.rtypes.intern(RType {
        name: format!("*{}", e.name),
        kind: Kind::Pointer,
        elem: t,
        methods,
        comparable: true,
        ..RType::invalid()
    })
}

/// A pointer, slice, map, array or chan type: `kind` is Go's
/// `reflect.Kind` number; `n` is an array's length or a chan's direction.
fn make_composite(prog: &Program, kind: i64, elem: u32, key: u32, n: i64) -> Option<u32> {
    let rts = &prog.rtypes;
    let en = rts[elem as usize].name.clone();
    let t = match kind {
        22 => return ptr_to(prog, elem),
        23 => RType {
            name: format!("[]{en}"),
            kind: Kind::Slice,
            elem,
            ..RType::invalid()
        },
        21 => RType {
            name: format!("map[{}]{en}", rts[key as usize].name),
            kind: Kind::Map,
            elem,
            key,
            ..RType::invalid()
        },
        17 => RType {
            name: format!("[{n}]{en}"),
            kind: Kind::Array,
            elem,
            len: n as usize,
            aggregate: true,
            comparable: rts[elem as usize].comparable,
            ..RType::invalid()
        },
        _ => {
            let name = match n {
                RECV_DIR => format!("<-chan {en}"),
                SEND_DIR => format!("chan<- {en}"),
                _ if en.starts_with("<-") => format!("chan ({en})"),
                _ => format!("chan {en}"),
            };
            RType {
                name,
                kind: Kind::Chan,
                elem,
                comparable: true,
                ..RType::invalid()
            }
        }
    };
    rts.intern(t)
}

/// `func(in...) (out...)`, the last parameter written `...E` if variadic.
fn make_func(prog: &Program, ins: Vec<u32>, outs: Vec<u32>, variadic: bool) -> Option<u32> {
    let rts = &prog.rtypes;
    let mut name = String::from("func(");
    for (i, &p) in ins.iter().enumerate() {
        if i > 0 {
            name.push_str(", ");
        }
        let t = &rts[p as usize];
        if variadic && i + 1 == ins.len() {
            name.push_str("...");
            name.push_str(&rts[t.elem as usize].name);
        } else {
            name.push_str(&t.name);
        }
    }
    name.push(')');
    match outs.len() {
        0 => {}
        1 => {
            name.push(' ');
            name.push_str(&rts[outs[0] as usize].name);
        }
        _ => {
            name.push_str(" (");
            for (i, &r) in outs.iter().enumerate() {
                if i > 0 {
                    name.push_str(", ");
                }
                name.push_str(&rts[r as usize].name);
            }
            name.push(')');
        }
    }
    rts.intern(RType {
        name,
        kind: Kind::Func,
        params: ins,
        results: outs,
        ..RType::invalid()
    })
}

/// Go's quoting of a struct tag in a type string (`strconv.Quote`).
fn quote_tag(tag: &[u8]) -> String {
    String::from_utf8_lossy(&crate::stdlib::strconv::engine::quote(tag)).into_owned()
}

/// `struct { A int "tag"; B string }` of the fields given.
fn make_struct(prog: &Program, fields: Vec<RField>) -> Option<u32> {
    let rts = &prog.rtypes;
    let mut name = String::from("struct {");
    for (i, f) in fields.iter().enumerate() {
        name.push_str(if i == 0 { " " } else { "; " });
        if !f.embedded {
            name.push_str(&f.name);
            name.push(' ');
        }
        name.push_str(&rts[f.ty as usize].name);
        if !f.tag.is_empty() {
            name.push(' ');
            name.push_str(&quote_tag(&f.tag));
        }
    }
    name.push_str(if fields.is_empty() { "}" } else { " }" });
    let comparable = fields.iter().all(|f| rts[f.ty as usize].comparable);
    rts.intern(RType {
        name,
        kind: Kind::Struct,
        fields,
        aggregate: true,
        comparable,
        ..RType::invalid()
    })
}

/// The words of a `[]int` argument, as descriptor indices.
fn indices(cx: &NativeCtx<'_, '_>, i: usize) -> Vec<u32> {
    cx.elems(i).iter().map(|s| heap::load(s) as u32).collect()
}

fn ret_type(cx: &mut NativeCtx<'_, '_>, t: Option<u32>) -> Result<(), crate::interp::panic::Trap> {
    cx.ret_int(0, t.map_or(-1, i64::from))
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "reflect.makeType" => |cx| {
            // (kind, elem, key, n) → the type, or -1 when the table is full.
            let t = make_composite(
                cx.prog,
                cx.int(0),
                cx.arg(1) as u32,
                cx.arg(2) as u32,
                cx.int(3),
            );
            ret_type(cx, t)
        },
        "reflect.makeFuncType" => |cx| {
            let (ins, outs) = (indices(cx, 0), indices(cx, 1));
            let t = make_func(cx.prog, ins, outs, cx.bool(2));
            ret_type(cx, t)
        },
        "reflect.makeStructType" => |cx| {
            // (names, types, tags, embedded flags)
            let names = cx.elems(0);
            let types = cx.elems(1);
            let tags = cx.elems(2);
            let embedded = cx.elems(3);
            let fields = (0..names.len())
                .map(|i| {
                    let name = String::from_utf8_lossy(heap::str_bytes(heap::load(&names[i])));
                    let exported = name.chars().next().is_some_and(char::is_uppercase);
                    RField {
                        name: name.into_owned(),
                        ty: heap::load(&types[i]) as u32,
                        embedded: heap::load(&embedded[i]) != 0,
                        exported,
                        tag: heap::str_bytes(heap::load(&tags[i])).to_vec(),
                    }
                })
                .collect();
            let t = make_struct(cx.prog, fields);
            ret_type(cx, t)
        },
        "reflect.typeChanDir" => |cx| {
            // Both unless the type string says otherwise.
            let name = &cx.prog.rtype(cx.arg(0) as u32).name;
            let dir = if name.starts_with("<-chan") {
                RECV_DIR
            } else if name.starts_with("chan<-") {
                SEND_DIR
            } else {
                RECV_DIR | SEND_DIR
            };
            cx.ret_int(0, dir)
        },
        _ => return None,
    })
}
