//! The entry point for build scripts: compile a card library into Rust.

use std::path::{Path, PathBuf};

/// Compiles every game under `cards` and writes the generated Rust to
/// `$OUT_DIR/<file>`. On a card error, prints the same report as
/// `sevenc check` to stderr and exits the build script with status 1.
/// Tells cargo to rerun when anything under `cards` changes.
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

fn rerun_if_changed(dir: &Path) {
    println!("cargo::rerun-if-changed={}", dir.display());
    if let Ok(entries) = std::fs::read_dir(dir) {
        let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                rerun_if_changed(&p);
            } else {
                println!("cargo::rerun-if-changed={}", p.display());
            }
        }
    }
}
