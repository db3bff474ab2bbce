//! Member lookup and type relations.
//!
//! Owns: field/method lookup through embedded fields (breadth-first by
//! depth; two hits at the same depth are ambiguous), method sets (a
//! pointer-receiver method is in the method set of `T` only when reached
//! through a pointer), interface satisfaction with gc's reasons,
//! assignability, convertibility and comparability.

use super::{Checker, Operand};
use crate::types::FxSet;
use crate::types::{BasicKind, FuncId, Type, TypeId, TypeTable};

#[derive(Clone, Debug)]
pub(crate) enum Found {
    Field {
        path: Vec<usize>,
        ty: TypeId,
        /// A pointer was dereferenced on the way (the field is addressable).
        indirect: bool,
        recv: TypeId,
    },
    Method {
        func: FuncId,
        ptr_recv: bool,
        path: Vec<usize>,
        indirect: bool,
        recv: TypeId,
        sig: TypeId,
    },
    IfaceMethod {
        index: usize,
        path: Vec<usize>,
        sig: TypeId,
        recv: TypeId,
    },
    Ambiguous,
    Missing,
}

struct Entry {
    ty: TypeId,
    /// The type as written (`*T` for an embedded pointer).
    orig: TypeId,
    path: Vec<usize>,
    indirect: bool,
}

impl<'a> Checker<'a> {
    pub(crate) fn lookup_member(&self, t: TypeId, name: &str) -> Found {
        let tt = self.tt();
        // A defined pointer type (`type PN *node`) has no methods, but
        // `p.f` is shorthand for `(*p).f` when that denotes a field.
        if tt.is_named(t) {
            if let Type::Pointer(_) = tt.under(t) {
                return match self.lookup_member(tt.underlying(t), name) {
                    f @ Found::Field { .. } => f,
                    _ => Found::Missing,
                };
            }
        }
        let (start, is_ptr) = match tt.get(t) {
            Type::Pointer(e) => (*e, true),
            _ => (t, false),
        };
        // Methods of a pointer-to-interface do not exist.
        if is_ptr && tt.is_interface(start) {
            return Found::Missing;
        }
        let mut current = vec![Entry {
            ty: start,
            orig: t,
            path: vec![],
            indirect: is_ptr,
        }];
        let mut seen: FxSet<TypeId> = FxSet::default();
        for _depth in 0..64 {
            if current.is_empty() {
                break;
            }
            let mut next = Vec::new();
            let mut found: Option<Found> = None;
            let mut count = 0;
            for en in &current {
                if tt.is_named(en.ty) {
                    if !seen.insert(en.ty) {
                        continue;
                    }
                    if let Some(m) = tt.named_methods(en.ty).iter().find(|m| m.name == name) {
                        count += 1;
                        found = Some(Found::Method {
                            func: m.func,
                            ptr_recv: m.ptr_recv,
                            path: en.path.clone(),
                            indirect: en.indirect,
                            recv: en.orig,
                            sig: m.sig,
                        });
                        continue;
                    }
                }
                match tt.under(en.ty) {
                    Type::Struct(fields) => {
                        for (i, f) in fields.iter().enumerate() {
                            if f.name == name {
                                count += 1;
                                let mut p = en.path.clone();
                                p.push(i);
                                found = Some(Found::Field {
                                    path: p,
                                    ty: f.ty,
                                    indirect: en.indirect,
                                    recv: en.ty,
                                });
                            }
                            if f.embedded {
                                let (ft, p) = match tt.get(f.ty) {
                                    Type::Pointer(e) => (*e, true),
                                    _ => (f.ty, false),
                                };
                                let mut path = en.path.clone();
                                path.push(i);
                                next.push(Entry {
                                    ty: ft,
                                    orig: f.ty,
                                    path,
                                    indirect: en.indirect || p,
                                });
                            }
                        }
                    }
                    Type::Interface(ms) => {
                        if let Some(i) = ms.iter().position(|m| m.name == name) {
                            count += 1;
                            found = Some(Found::IfaceMethod {
                                index: i,
                                path: en.path.clone(),
                                sig: ms[i].sig,
                                recv: en.ty,
                            });
                        }
                    }
                    _ => {}
                }
            }
            if count > 1 {
                return Found::Ambiguous;
            }
            if let Some(f) = found {
                return f;
            }
            current = next;
        }
        Found::Missing
    }

    /// Why `v` does not implement interface `iface` (None: it does).
    pub(crate) fn missing_method(&self, v: TypeId, iface: TypeId) -> Option<String> {
        let tt = self.tt();
        let ms = tt.iface_methods(iface).to_vec();
        let vs = self.type_string(v);
        let is = self.type_string(iface);
        for m in ms {
            let (sig, bad_ptr) = if tt.is_interface(v) {
                match tt.iface_methods(v).iter().find(|x| x.name == m.name) {
                    Some(x) => (Some(x.sig), false),
                    None => (None, false),
                }
            } else {
                match self.lookup_member(v, &m.name) {
                    Found::Method {
                        sig,
                        ptr_recv,
                        indirect,
                        ..
                    } => (Some(sig), ptr_recv && !indirect),
                    Found::IfaceMethod { sig, .. } => (Some(sig), false),
                    _ => (None, false),
                }
            };
            match sig {
                None => {
                    return Some(format!(
                        "{vs} does not implement {is} (missing method {})",
                        m.name
                    ));
                }
                Some(s) if s != m.sig => {
                    let mut have = m.name.clone();
                    if let Some(sg) = tt.signature(s) {
                        self.write_sig(&mut have, sg, 0);
                    }
                    let mut want = m.name.clone();
                    if let Some(sg) = tt.signature(m.sig) {
                        self.write_sig(&mut want, sg, 0);
                    }
                    return Some(format!(
                        "{vs} does not implement {is} (wrong type for method {})\n\t\thave {have}\n\t\twant {want}",
                        m.name
                    ));
                }
                Some(_) if bad_ptr => {
                    return Some(format!(
                        "{vs} does not implement {is} (method {} has pointer receiver)",
                        m.name
                    ));
                }
                Some(_) => {}
            }
        }
        None
    }

    /// Go's assignability of a (typed, or untyped nil) operand to `t`.
    /// `Err(Some(cause))` carries a reason gc appends after a colon.
    pub(crate) fn assignable_to(&self, x: &Operand, t: TypeId) -> Result<(), Option<String>> {
        let tt = self.tt();
        let v = x.ty;
        if v == t || v == TypeTable::INVALID || t == TypeTable::INVALID {
            return Ok(());
        }
        let vu = tt.underlying(v);
        let tu = tt.underlying(t);
        if v == TypeTable::UNTYPED_NIL {
            return match tt.get(tu) {
                Type::Pointer(_)
                | Type::Func(_)
                | Type::Slice(_)
                | Type::Map(..)
                | Type::Chan(..)
                | Type::Interface(_) => Ok(()),
                _ => Err(None),
            };
        }
        if let Some(k) = tt.basic_kind(v) {
            if k.is_untyped() {
                // Untyped constants were converted before; untyped bools
                // from comparisons fit any boolean type.
                if let Some(tk) = tt.basic_kind(t) {
                    let ok = match k {
                        BasicKind::UntypedBool => tk == BasicKind::Bool,
                        BasicKind::UntypedString => tk == BasicKind::String,
                        BasicKind::UntypedInt
                        | BasicKind::UntypedRune
                        | BasicKind::UntypedFloat
                        | BasicKind::UntypedComplex => tk.is_numeric(),
                        _ => false,
                    };
                    if ok {
                        return Ok(());
                    }
                }
                if tt.is_interface(t) && tt.iface_methods(t).is_empty() {
                    return Ok(());
                }
            }
        }
        if vu == tu && (!tt.is_named(v) || !tt.is_named(t)) {
            return Ok(());
        }
        if tt.is_interface(t) {
            return match self.missing_method(v, t) {
                None => Ok(()),
                Some(cause) => Err(Some(cause)),
            };
        }
        if let (Type::Chan(crate::types::ChanDir::Both, e1), Type::Chan(_, e2)) =
            (tt.get(vu), tt.get(tu))
        {
            if e1 == e2 && (!tt.is_named(v) || !tt.is_named(t)) {
                return Ok(());
            }
        }
        // An interface value whose dynamic type could be `t`.
        if tt.is_interface(v) && self.missing_method(t, v).is_none() {
            return Err(Some("need type assertion".into()));
        }
        Err(None)
    }

    /// Non-constant conversion `T(x)` allowed?
    pub(crate) fn convertible(&self, x: &Operand, t: TypeId) -> bool {
        if self.assignable_to(x, t).is_ok() {
            return true;
        }
        if self.unsafe_convertible(x.ty, t) {
            return true;
        }
        let tt = self.tt();
        let v = x.ty;
        let vu = tt.underlying(v);
        let tu = tt.underlying(t);
        // Identical underlying types, struct tags ignored.
        if tt.identical_ignoring_tags(vu, tu) {
            return true;
        }
        if let (Type::Pointer(a), Type::Pointer(b)) = (tt.get(v), tt.get(t)) {
            if tt.identical_ignoring_tags(tt.underlying(*a), tt.underlying(*b)) {
                return true;
            }
        }
        let vk = tt.basic_kind(v);
        let tk = tt.basic_kind(t);
        if let (Some(a), Some(b)) = (vk, tk) {
            // Integers and floats convert among themselves, complex
            // values only to complex types.
            if a.is_real() && b.is_real() || a.is_complex() && b.is_complex() {
                return true;
            }
            if b == BasicKind::String && (a.is_integer()) {
                return true;
            }
            if a.is_string() && b.is_string() {
                return true;
            }
        }
        let is_bytes_or_runes = |u: TypeId| match tt.get(u) {
            Type::Slice(e) => matches!(
                tt.basic_kind(*e),
                Some(BasicKind::Uint8) | Some(BasicKind::Int32)
            ),
            _ => false,
        };
        if tk == Some(BasicKind::String) && is_bytes_or_runes(vu) {
            return true;
        }
        if vk.is_some_and(|k| k.is_string()) && is_bytes_or_runes(tu) {
            return true;
        }
        // Slice to array or array pointer (Go 1.20).
        if let Type::Slice(e) = tt.get(vu) {
            match tt.get(tu) {
                Type::Array(_, ae) if ae == e => return true,
                Type::Pointer(p) => {
                    if let Type::Array(_, ae) = tt.under(*p) {
                        if ae == e {
                            return true;
                        }
                    }
                }
                _ => {}
            }
        }
        false
    }

    pub(crate) fn comparable(&self, t: TypeId) -> bool {
        self.comparable_depth(t, 0)
    }

    fn comparable_depth(&self, t: TypeId, d: u32) -> bool {
        if d > 50 {
            return true;
        }
        let tt = self.tt();
        match tt.under(t) {
            Type::Basic(k) => *k != BasicKind::UntypedNil,
            Type::Pointer(_) | Type::Chan(..) | Type::Interface(_) => true,
            Type::Struct(fs) => fs.iter().all(|f| self.comparable_depth(f.ty, d + 1)),
            Type::Array(_, e) => self.comparable_depth(*e, d + 1),
            _ => false,
        }
    }

    pub(crate) fn is_untyped(&self, t: TypeId) -> bool {
        !self.tt().is_named(t) && self.tt().basic_kind(t).is_some_and(|k| k.is_untyped())
    }

    pub(crate) fn default_type(&self, t: TypeId) -> TypeId {
        match self.tt().get(t) {
            Type::Basic(k) => match k {
                BasicKind::UntypedBool => TypeTable::BOOL,
                BasicKind::UntypedInt => TypeTable::INT,
                BasicKind::UntypedRune => TypeTable::INT32,
                BasicKind::UntypedFloat => TypeTable::FLOAT64,
                BasicKind::UntypedComplex => TypeTable::COMPLEX128,
                BasicKind::UntypedString => TypeTable::STRING,
                _ => t,
            },
            _ => t,
        }
    }
}
