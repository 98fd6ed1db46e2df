//! Compiles the card library under `../cards` into Rust at build time; the
//! crate includes the result as `sevenw_runtime::cards` (every game folder:
//! `GAMES` lists them all).

use std::path::PathBuf;

fn main() {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let cards_dir = PathBuf::from(manifest).join("..").join("cards");
    sevenw_compiler::build::compile_cards(&cards_dir, "cards.rs");
}
