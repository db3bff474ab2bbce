//! Bytecode listings as snapshots: a compiler change shows up as a readable
//! diff of `minigo disasm` output (testdata/disasm/*.go).

use std::process::Command;

#[test]
fn disasm() {
    insta::glob!("../../testdata", "disasm/*.go", |path| {
        let dir = path.parent().expect("file in a directory");
        let name = path.file_name().expect("file name");
        let out = Command::new(env!("CARGO_BIN_EXE_minigo"))
            .arg("disasm")
            .arg(name)
            .current_dir(dir)
            .output()
            .expect("run minigo disasm");
        assert!(
            out.status.success(),
            "minigo disasm failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        insta::assert_snapshot!(String::from_utf8_lossy(&out.stdout));
    });
}
