//! Parses the files named on the command line and prints the AST or the
//! first error as `file:line:col: msg` (a debugging aid).
fn main() {
    for path in std::env::args().skip(1) {
        let Ok(src) = std::fs::read_to_string(&path) else {
            eprintln!("{path}: cannot read");
            continue;
        };
        let mut ids = minigo_parser::ast::NodeIds::new();
        match minigo_parser::parse(&src, &mut ids) {
            Ok(f) => {
                if std::env::var("SHOW").is_ok() {
                    println!("{f:#?}");
                } else {
                    println!("{path}: ok ({} decls)", f.decls.len());
                }
            }
            Err(d) => {
                let (l, c) = minigo_lexer::LineIndex::new(&src).line_col(d.pos);
                println!("{path}:{l}:{c}: {}", d.msg);
            }
        }
    }
}
