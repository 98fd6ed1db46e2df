//! Compiles this crate's own card sets (`cards/`) into Rust. Their
//! `game.yaml` names the family `market`, which this crate implements: the
//! compiler is told so with `Builder::family`, and refuses any other
//! family it does not know. A card error stops the build with the same
//! report as `sevenc check`.

fn main() -> Result<(), sevenw_compiler::build::BuildError> {
    sevenw_compiler::build::Builder::new()
        .family("market")
        .card_set("cards")
        .compile()?;
    Ok(())
}
