//! `sevenw-market`: the `sevenw` command line over this crate's games
//! (Bazaar), played by its own family of rules (`market`). `play`, `sim`,
//! `balance` and `replay` work as for the shipped games; `score`, `price`
//! and `test` say that the family has no city sheets or scenarios.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    sevenw_cli::main_with_families(
        sevenw_example_family::GAMES,
        &[sevenw_example_family::FAMILY],
    )
}
