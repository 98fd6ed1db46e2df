//! Compiles the games of the Python module into `$OUT_DIR/cards.rs`: the
//! shipped library (`cards/` at the workspace root), as
//! `runtime/cards/build.rs` does, and every card-set folder named in
//! `SEVENW_CARD_SETS` (paths separated by `:`), so that a designer's
//! folder builds a module of its own:
//!
//! ```sh
//! SEVENW_CARD_SETS=$PWD/cards pip install path/to/sevenw/python
//! ```
//!
//! A card error stops the build with `sevenc check`'s report.

fn main() {
    println!("cargo:rerun-if-env-changed=SEVENW_CARD_SETS");
    let mut builder = sevenw_compiler::build::Builder::new().shipped_library();
    if let Some(sets) = std::env::var_os("SEVENW_CARD_SETS") {
        for path in std::env::split_paths(&sets) {
            if !path.as_os_str().is_empty() {
                builder = builder.card_set(path);
            }
        }
    }
    builder.compile_or_exit();
}
