//! `sevenw` over the shipped games and the test expansions of `cards/`
//! (`tests/expansions/README.md`).
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    sevenw_cli::main_with(sevenw_test_expansions::cards::GAMES)
}
