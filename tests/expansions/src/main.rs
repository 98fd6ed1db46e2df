//! `sevenw` over the shipped games and the test expansions of `cards/`
//! (`tests/expansions/README.md`).
#![forbid(unsafe_code)]

#[allow(dead_code, unused_imports, clippy::all)]
mod cards {
    include!(concat!(env!("OUT_DIR"), "/cards.rs"));
}

fn main() -> std::process::ExitCode {
    sevenw_cli::main_with(cards::GAMES)
}
