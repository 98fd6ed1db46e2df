//! `sevenw`: the command line (`sevenw_cli`) over the shipped
//! games (`sevenw_cards`). A designer's own binary is these same lines over
//! their generated games (see `sevenc new`).
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    sevenw_cli::ship_weights(sevenw_cards::WEIGHTS);
    sevenw_cli::main_with(sevenw_cards::GAMES)
}
