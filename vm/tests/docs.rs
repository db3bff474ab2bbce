//! The documentation stays true: `docs/packages.md` lists every exported
//! function and type that each std package declares, and the README
//! stands alone (no links outside the repository).

use std::path::Path;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("repo root")
}

/// Exported names declared at the top level of a Go file: `func Name`,
/// `type Name`, and methods `func (r T) Name`.
fn exported(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in src.lines() {
        let rest = if let Some(r) = line.strip_prefix("func (") {
            // Only methods of exported types: `(r *T) Name`.
            r.split_once(") ")
                .filter(|(recv, _)| {
                    let t = recv.rsplit([' ', '*']).next().unwrap_or("");
                    t.starts_with(|c: char| c.is_ascii_uppercase())
                })
                .map(|(_, r)| r)
        } else {
            line.strip_prefix("func ")
                .or_else(|| line.strip_prefix("type "))
        };
        let Some(rest) = rest else { continue };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.starts_with(|c: char| c.is_ascii_uppercase()) {
            out.push(name);
        }
    }
    out
}

#[test]
fn packages_md_lists_every_exported_name_of_std() {
    let doc = std::fs::read_to_string(repo().join("docs/packages.md")).expect("docs/packages.md");
    for p in minigo_vm::stdlib::PACKAGES {
        let pkg = p.path;
        let head = format!("### {pkg}\n");
        let start = doc
            .find(&head)
            .unwrap_or_else(|| panic!("docs/packages.md has no section {head:?}"));
        let section = &doc[start + head.len()..];
        let section = &section[..section.find("\n### ").unwrap_or(section.len())];
        for name in p.files.iter().flat_map(|(_, src)| exported(src)) {
            assert!(
                section.contains(&format!("`{name}`")),
                "docs/packages.md, section {pkg}: `{name}` is missing"
            );
        }
    }
}

#[test]
fn readme_stands_alone() {
    let readme = std::fs::read_to_string(repo().join("README.md")).expect("README.md");
    assert!(
        !readme.contains("../shared"),
        "README.md points outside the repository"
    );
    for doc in ["docs/language.md", "docs/packages.md", "docs/cli.md"] {
        assert!(readme.contains(doc), "README.md does not link {doc}");
        assert!(repo().join(doc).exists(), "{doc} is missing");
    }
}

/// The README's two set-up commands are the ones CI runs, so that each is
/// known to work on a clean checkout: a `cargo run` without `--bin`
/// stopped working when the workspace got a second binary and nothing
/// noticed.
#[test]
fn readme_setup_commands_are_what_ci_runs() {
    let readme = std::fs::read_to_string(repo().join("README.md")).expect("README.md");
    let ci = std::fs::read_to_string(repo().join(".ci/run")).expect(".ci/run");
    let setup = readme
        .split("## Set-up")
        .nth(1)
        .and_then(|s| s.split("```sh\n").nth(1))
        .and_then(|s| s.split("```").next())
        .expect("README.md has a Set-up section with a sh block");
    let commands: Vec<&str> = setup
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(
        commands.len(),
        2,
        "README's set-up is two commands: {commands:?}"
    );
    for c in commands {
        assert!(
            ci.lines().any(|l| l == c),
            ".ci/run does not run README's `{c}`"
        );
    }
}
