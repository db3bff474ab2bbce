//! Native functions: how the VM calls them, and the builtins the compiler
//! lowers to natives. The bodiless functions of the standard library are
//! implemented in their package's folder (`vm/src/std/<path>/mod.rs`) and
//! found through [`crate::stdlib::native`].
//!
//! # Calling convention
//! `CallNative{a, f, n}` calls `Program::natives[f]` with a [`NativeCtx`]
//! whose window starts at the caller's `R[a]`: arguments are `arg(0..n)`
//! (one word each, in the representation of their Go type; a variadic
//! `...T` parameter is one slice word); results are written with `ret(i,
//! w)` to `R[a + i]` (read every argument before writing results: they
//! share registers). A native fails with a [`Trap`]: `Trap::Panic` /
//! runtime errors become Go panics, `Trap::Exit` ends the process. A native
//! may call back into Go with [`NativeCtx::call`] (a nested run on the same
//! goroutine).
//!
//! Names are `pkg.Name` or `pkg.Type.Method` with `pkg` the last element
//! of the import path (`utf8.RuneLen`, `atomic.AddInt64`).

pub mod builtin;

use super::panic::Trap;
use super::park::{Blocked, Stop};
use super::{Goroutine, Program};
use crate::heap::{self, Slot, Word};
use minigo_runtime::Cx;

pub type NativeFn = fn(&mut NativeCtx<'_, '_>) -> Result<(), Trap>;

/// The name of the guard native `load` appends after every proto.
pub const GUARD_NAME: &str = "minigo.fellOffEnd";

/// The `Trap::Fatal` message of `runtime.Breakpoint()`: the crash report
/// prints gc's SIGTRAP header for it instead of `fatal error:`.
pub const BREAKPOINT: &str = "\u{0}runtime.Breakpoint";

/// A native's view of its call.
pub struct NativeCtx<'a, 'c> {
    pub g: &'a mut Goroutine,
    /// The scheduler context the goroutine runs under, lent for the call.
    pub rt: &'a mut Cx<'c>,
    pub prog: &'a Program,
    /// Absolute index of `R[a]` in the goroutine's registers.
    pub base: usize,
    pub nargs: usize,
    /// The native's id (for messages).
    pub native: u16,
    /// Set by a native that blocked (see [`NativeCtx::until`]): the call
    /// runs again when the goroutine is resumed.
    pub blocked: Option<Blocked>,
}

impl NativeCtx<'_, '_> {
    /// The value of a blocking operation's result, or `None` when it
    /// blocked: the native then returns `Ok(())` at once, without writing
    /// results, and runs again from the start once the goroutine resumes.
    pub fn until<T>(&mut self, r: Result<T, Stop>) -> Result<Option<T>, Trap> {
        match r {
            Ok(v) => Ok(Some(v)),
            Err(Stop::Trap(t)) => Err(t),
            Err(Stop::Blocked(b)) => {
                self.blocked = Some(b);
                Ok(None)
            }
        }
    }

    #[inline]
    pub fn arg(&self, i: usize) -> Word {
        self.g.regs.get(self.base + i).copied().unwrap_or(0)
    }
    pub fn int(&self, i: usize) -> i64 {
        self.arg(i) as i64
    }
    pub fn float(&self, i: usize) -> f64 {
        f64::from_bits(self.arg(i))
    }
    pub fn bool(&self, i: usize) -> bool {
        self.arg(i) != 0
    }
    pub fn str(&self, i: usize) -> &'static [u8] {
        heap::str_bytes(self.arg(i))
    }
    /// The elements of a slice argument of slots (not of a one-byte type).
    pub fn elems(&self, i: usize) -> &'static [Slot] {
        heap::slice_elems(self.arg(i))
    }
    /// The elements of a `[]byte` argument, to read or write in place.
    pub fn byte_elems(&self, i: usize) -> heap::Backing {
        heap::slice_or_nil(self.arg(i)).elems_backing()
    }
    /// Writes result `i`.
    #[inline]
    pub fn ret(&mut self, i: usize, w: Word) -> Result<(), Trap> {
        match self.g.regs.get_mut(self.base + i) {
            Some(r) => {
                *r = w;
                Ok(())
            }
            None => Err(Trap::internal(format!(
                "native {} result {i} outside the register window",
                self.name()
            ))),
        }
    }
    pub fn ret_int(&mut self, i: usize, v: i64) -> Result<(), Trap> {
        self.ret(i, v as u64)
    }
    pub fn ret_float(&mut self, i: usize, v: f64) -> Result<(), Trap> {
        self.ret(i, v.to_bits())
    }
    pub fn ret_bool(&mut self, i: usize, v: bool) -> Result<(), Trap> {
        self.ret(i, v as u64)
    }
    pub fn ret_str(&mut self, i: usize, s: &[u8]) -> Result<(), Trap> {
        self.ret(i, heap::new_str(s))
    }
    pub fn ret_string(&mut self, i: usize, s: Vec<u8>) -> Result<(), Trap> {
        self.ret(i, heap::new_str_owned(s))
    }
    pub fn name(&self) -> &str {
        self.prog
            .native_names
            .get(self.native as usize)
            .map_or("?", |s| s.as_str())
    }
    /// A Go panic with a string value (`panic("msg")`).
    pub fn panic_str(&self, msg: &str) -> Trap {
        Trap::Panic(heap::new_iface(
            self.prog.rt.string,
            heap::new_str(msg.as_bytes()),
        ))
    }
}

/// Words → a new slice of them.
pub fn slice_of(ws: &[Word]) -> Word {
    super::ops::words_to_slice(ws)
}

/// A `[]byte` holding `b`.
pub fn byte_slice(b: &[u8]) -> Word {
    heap::new_byte_slice(b)
}

/// The bytes of a `[]byte` word.
pub fn bytes_of(w: Word) -> Vec<u8> {
    heap::slice_bytes(w)
}

fn not_implemented(cx: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    Err(Trap::internal(format!(
        "native function {} is not implemented",
        cx.name()
    )))
}

fn fell_off_end(_: &mut NativeCtx<'_, '_>) -> Result<(), Trap> {
    Err(Trap::internal("control reached the end of a function"))
}

/// The implementation of native `name` (a stub reporting an internal error
/// when called, if there is none: programs not using it still run).
/// Natives whose system calls may block the thread (files, stdin); see
/// `Program::native_blocking`. Sockets are not here: they use the netpoller.
pub fn is_blocking(name: &str) -> bool {
    crate::stdlib::os::is_blocking(name)
        || crate::stdlib::os::signal::is_blocking(name)
        // Stops the world (`profiling::Goroutine::stack_text`).
        || name == "runtime.stack"
}

/// The implementation of native `name` (a stub reporting an internal error
/// when called, if there is none: programs not using it still run).
pub fn resolve(name: &str) -> NativeFn {
    if name == GUARD_NAME {
        return fell_off_end;
    }
    let f = match name.strip_prefix("builtin.") {
        Some(_) => builtin::lookup(name),
        None => crate::stdlib::native(name),
    };
    f.unwrap_or(not_implemented)
}

pub use super::stdio::{
    close_std, exit_on_rust_panic, flush_stdout, flush_stdout_if_pending, std_closed,
    try_write_stderr, try_write_stdout, write_stderr, write_stdout,
};

/// Whether `name` has an implementation (not the `not_implemented` stub).
pub fn is_implemented(name: &str) -> bool {
    resolve(name) as *const () != not_implemented as *const ()
}

#[cfg(test)]
mod coverage {
    use minigo_parser::ast::{Decl, NodeIds};

    /// Every body-less function of a std package has a native: a program
    /// using any declared std function must not hit "not implemented".
    #[test]
    fn every_std_native_is_implemented() {
        let mut missing = Vec::new();
        for (p, (_, src)) in crate::stdlib::PACKAGES
            .iter()
            .flat_map(|p| p.files.iter().map(move |f| (p, f)))
        {
            let path = p.path;
            let mut ids = NodeIds::new();
            let file = minigo_parser::parse(src, &mut ids).expect("std source parses");
            for d in &file.decls {
                let Decl::Func(f) = d else { continue };
                if f.body.is_some() {
                    continue;
                }
                let name = match &f.recv {
                    Some(r) => {
                        let t = match &r.ty.kind {
                            minigo_parser::ast::ExprKind::Star(x) => x,
                            _ => &r.ty,
                        };
                        match &t.kind {
                            minigo_parser::ast::ExprKind::Ident(n) => {
                                format!("{path}.{n}.{}", f.name.name)
                            }
                            _ => continue,
                        }
                    }
                    None => format!("{path}.{}", f.name.name),
                };
                if !super::is_implemented(&name) {
                    missing.push(name);
                }
            }
        }
        assert!(
            missing.is_empty(),
            "natives without an implementation: {missing:?}"
        );
    }
}
