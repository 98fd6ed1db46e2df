//! Compiles the fixture card sets into OUT_DIR, as the runtime's build does
//! with the shipped library.
use std::path::Path;

fn main() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/gen");
    sevenw_compiler::build::compile_cards(&fixtures.join("mini"), "mini.rs");
    sevenw_compiler::build::compile_cards(&fixtures.join("hostile"), "hostile.rs");
    sevenw_compiler::build::compile_cards(&fixtures.join("pair"), "pair.rs");
    sevenw_compiler::build::compile_cards(&fixtures.join("family"), "family.rs");
    sevenw_compiler::build::compile_cards(&fixtures.join("decks"), "decks.rs");
}
