//! Compiles the shipped card library (`cards/` at the workspace root) into
//! `$OUT_DIR/cards.rs`; a card error stops the build with `sevenc check`'s
//! report.

fn main() {
    sevenw_compiler::build::Builder::new()
        .shipped_library()
        .compile_or_exit();
}
