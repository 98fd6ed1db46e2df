//! `sevenw` over the shipped games and the card sets of `cards/`: play,
//! sim, score, price, replay, test. Nothing here needs editing.
#![forbid(unsafe_code)]

#[allow(dead_code, unused_imports, clippy::all)]
mod cards {
    include!(concat!(env!("OUT_DIR"), "/cards.rs"));
}

fn main() -> std::process::ExitCode {
    // The learned bots' weights of the card sets (their `bots/` folders).
    sevenw_cli::ship_weights(cards::WEIGHTS);
    sevenw_cli::main_with(cards::GAMES)
}
