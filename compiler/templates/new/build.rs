//! Compiles the shipped games and the card sets of `cards/` into Rust.
//! An error in a card file stops the build with the same report as
//! `sevenc check`, at its line and column.

fn main() {
    sevenw_compiler::build::Builder::new()
        .shipped_library()
        .card_set("cards")
        .compile_or_exit();
}
