//! Compiles the card library under `../cards` into Rust at build time; the
//! crate includes the result as `sevenw_runtime::cards`.

use std::path::PathBuf;

fn main() {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    // The games this runtime has a turn structure for. (Duel's card set is
    // being authored in cards/duel and joins when its turn structure does.)
    let cards_dir = PathBuf::from(manifest)
        .join("..")
        .join("cards")
        .join("base");
    sevenw_compiler::build::compile_cards(&cards_dir, "cards.rs");
}
