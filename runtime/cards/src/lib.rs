//! The games compiled from the shipped `cards/` library at build time by
//! `sevenw-compiler`: one module per game folder (`base`, `duel`, …), each
//! with its `GAME` tables and `effects` function, and [`GAMES`] listing
//! them all.
//!
//! The crate holds generated code only and depends on nothing but the host
//! API, so a card edit recompiles it alone: the engine (`sevenw-runtime`)
//! takes the games as a value (`sevenw_cli::main_with(GAMES)`) and
//! is not rebuilt. Look games up by name ([`game`]), never by module.
#![forbid(unsafe_code)]
#![no_std]

#[allow(clippy::all, clippy::pedantic, missing_docs, unused_imports)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/cards.rs"));
}

pub use generated::*;

use sevenw_host::GameInfo;

/// The shipped game named `name` (its `game.yaml` name, any case): its
/// first edition, without expansions.
pub fn game(name: &str) -> Option<&'static GameInfo> {
    GAMES
        .iter()
        .copied()
        .filter(|g| g.extends.is_empty() && g.name.eq_ignore_ascii_case(name.trim()))
        .min_by_key(|g| g.edition)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_shipped_game_is_found_by_name_in_any_case() {
        for name in ["base", "Duel", " architects "] {
            let g = super::game(name).expect("shipped");
            assert!(g.name.eq_ignore_ascii_case(name.trim()));
            assert_eq!(g.edition, 1);
        }
        // An expansion is not a game of its own.
        assert!(super::game("leaders").is_none());
        assert!(super::GAMES.iter().any(|g| g.name == "leaders"));
    }
}
