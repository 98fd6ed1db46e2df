//! The entry point for build scripts: compile a card library into Rust.

use std::path::{Path, PathBuf};

/// Compiles every game under `cards` and writes the generated Rust to
/// `$OUT_DIR/<file>`. On a card error, prints the same report as
/// `sevenc check` to stderr and exits the build script with status 1.
/// Tells cargo to rerun when a card file changes — only the files the
/// compiler reads, so editing a game's scenarios (`cards/<game>/tests/`)
/// rebuilds nothing. (Cargo watches a folder with everything under it, so
/// folders are not named: a card file added later is read at the next
/// rebuild for another reason, or after `touch`ing its `game.yaml`.)
pub fn compile_cards(cards: &Path, file: &str) {
    rerun_if_changed(cards);
    let compiled = crate::check(&[cards.to_path_buf()]);
    let rendered = compiled.report.render(&compiled.sources, false);
    let Some(library) = compiled.library else {
        eprintln!("{rendered}");
        eprintln!(
            "error: the card library {} has {} error(s); the build stops here",
            cards.display(),
            compiled.report.errors()
        );
        std::process::exit(1);
    };
    for line in rendered.lines().filter(|l| !l.trim().is_empty()) {
        println!("cargo::warning={line}");
    }
    let code = crate::codegen::generate(&library);
    let Some(out) = std::env::var_os("OUT_DIR") else {
        eprintln!("error: OUT_DIR is not set: compile_cards runs from a build script");
        std::process::exit(1);
    };
    let path = PathBuf::from(out).join(file);
    if let Err(e) = std::fs::write(&path, code) {
        eprintln!("error: cannot write {}: {e}", path.display());
        std::process::exit(1);
    }
}

/// Names the YAML files of `dir` and of its sub-folders one level down (a
/// library of game folders, or one game folder): the files the compiler
/// reads.
fn rerun_if_changed(dir: &Path) {
    let yaml = |p: &Path| {
        p.is_file() && matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml"))
    };
    let entries = |d: &Path| -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = std::fs::read_dir(d)
            .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        v.sort();
        v
    };
    for p in entries(dir) {
        if yaml(&p) {
            println!("cargo::rerun-if-changed={}", p.display());
        } else if p.is_dir() {
            for f in entries(&p).into_iter().filter(|f| yaml(f)) {
                println!("cargo::rerun-if-changed={}", f.display());
            }
        }
    }
}
