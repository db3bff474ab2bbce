//! The pipeline from a source file to a runnable image: load (parse the
//! file and the std packages it imports), check, compile. The `minigo`
//! binary is a thin layer over this.

use crate::bytecode::Image;
use crate::program::{Diag, Program};

/// A file that failed to build: gc-style diagnostics, already ordered.
#[derive(Debug)]
pub struct BuildError {
    pub diags: Vec<Diag>,
}

impl BuildError {
    /// The lines `go build` would print (at most 10, then `too many errors`).
    pub fn lines(&self) -> Vec<String> {
        let mut out: Vec<String> = self.diags.iter().take(10).map(|d| d.to_string()).collect();
        if self.diags.len() > 10 {
            out.push("too many errors".to_string());
        }
        out
    }
}

/// Loads, checks and compiles `src` (named `name` in messages).
pub fn build(name: &str, src: &[u8]) -> Result<(Program, Image), BuildError> {
    let prog = crate::program::load(name, src).map_err(|diags| BuildError { diags })?;
    let info = crate::check::check(&prog).map_err(|diags| BuildError { diags })?;
    let image = crate::compile::compile(&prog, &info).map_err(|e| {
        let diag = match prog.packages.get(e.pkg).and_then(|p| p.files.get(e.file)) {
            Some(f) => Diag::at(&f.name, &f.src, e.pos, e.msg),
            None => Diag {
                file: name.to_string(),
                line: 1,
                col: 1,
                msg: e.msg,
            },
        };
        BuildError { diags: vec![diag] }
    })?;
    Ok((prog, image))
}
