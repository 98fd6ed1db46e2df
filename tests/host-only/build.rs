//! Compiles the fixture card sets into OUT_DIR with the compiler's build
//! API, as `sevenw-cards` does with the shipped library.
use std::path::Path;

use sevenw_compiler::build::{BuildError, Builder};

fn main() -> Result<(), BuildError> {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/gen");
    for set in ["mini", "hostile", "pair", "family", "decks"] {
        Builder::new()
            .card_set(fixtures.join(set))
            .out_file(format!("{set}.rs"))
            .compile()?;
    }
    Ok(())
}
