//! Compiles the shipped games and the test expansions of `cards/` into
//! Rust, as a designer's own folder (`sevenc new`) does.

fn main() {
    sevenw_compiler::build::Builder::new()
        .shipped_library()
        .card_set(concat!(env!("CARGO_MANIFEST_DIR"), "/cards"))
        .compile_or_exit();
}
