//! The crates that others link carry only what they use: the compiler
//! library, which every card crate's build script, a designer's crate and
//! the Python package link, has neither clap nor the language server's
//! crates (they are the `sevenc` crate's); the Python wheel links no web
//! server, async runtime or SQLite (the playtest table is sevenw-cli's
//! `serve` feature, which the binaries ask for and the wheel does not).
//!
//! Cargo prints the crates a package links (`cargo tree -e normal`: not
//! its build scripts' or tests' dependencies) without building anything.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

#[path = "../support/cargo.rs"]
#[allow(dead_code, reason = "this test needs only `cargo`")]
mod support;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is inside the repository")
        .to_path_buf()
}

/// The names of the crates `package` links, itself included.
fn linked(package: &str) -> BTreeSet<String> {
    let target = std::env::temp_dir().join(format!("sevenw-lean-crates-{}", std::process::id()));
    let args = [
        "tree", "--locked", "-p", package, "-e", "normal", "--prefix", "none", "--format", "{p}",
    ];
    let out = support::cargo(&root(), &target, &args);
    assert!(
        out.status.success(),
        "cargo {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    let names: BTreeSet<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect();
    assert!(names.contains(package), "{package}: {names:?}");
    names
}

/// The crates of `names` that `banned` names (by name, or by prefix for
/// one ending in `*`).
fn among(names: &BTreeSet<String>, banned: &[&str]) -> Vec<String> {
    names
        .iter()
        .filter(|n| {
            banned.iter().any(|b| match b.strip_suffix('*') {
                Some(prefix) => n.starts_with(prefix),
                None => n == b,
            })
        })
        .cloned()
        .collect()
}

/// The command line's and the language server's crates.
const COMMAND_LINE: &[&str] = &["clap*", "lsp-*"];

/// The playtest table's: the web server, the async runtime, SQLite.
const SERVER: &[&str] = &[
    "axum*",
    "tokio*",
    "hyper*",
    "rusqlite",
    "libsqlite3-sys",
    "sevenw-serve",
];

#[test]
fn the_compiler_library_links_no_command_line_or_language_server() {
    let found = among(&linked("sevenw-compiler"), COMMAND_LINE);
    assert!(
        found.is_empty(),
        "sevenw-compiler links {found:?}: they belong to `sevenc` (compiler/sevenc/)"
    );
    // The check sees them where they are.
    let sevenc = among(&linked("sevenc"), COMMAND_LINE);
    for name in ["clap", "clap_complete", "lsp-server", "lsp-types"] {
        assert!(sevenc.iter().any(|n| n == name), "sevenc: {sevenc:?}");
    }
}

#[test]
fn the_python_wheel_links_no_server() {
    let found = among(&linked("sevenw-python"), SERVER);
    assert!(
        found.is_empty(),
        "sevenw-python links {found:?}: sevenw-cli's `serve` feature must stay off there"
    );
    // The `sevenw` binary has the table, through the same crates.
    let sevenw = among(&linked("sevenw"), SERVER);
    for name in ["axum", "tokio", "hyper", "rusqlite", "sevenw-serve"] {
        assert!(sevenw.iter().any(|n| n == name), "sevenw: {sevenw:?}");
    }
}
