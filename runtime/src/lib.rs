//! The runtime of the 7 Wonders project: it plays the games that the card
//! compiler generates from `cards/`, and scores and prices city sheets.
//!
//! The crate is thin on purpose. No card, wonder or guild is named here: all
//! behaviour comes from the [`sevenw_host::GameInfo`] tables of a game and
//! its generated `effects` function, which calls back into the engine through
//! the [`sevenw_host::Host`] primitives implemented in [`engine::host`].
//!
//! Layout, from shared primitives to one game's rules to the command line:
//!
//! - [`engine`]: what every game builds on — the seeded generator, lookups
//!   over a game's tables, the city, the host implementations, payment
//!   search, science and military.
//! - [`game`]: the one interface every game implements (set-up, whose
//!   decision is next, legal moves, applying a move, the outcome, a seat's
//!   fair view) and the loop that plays it.
//! - [`games`]: one folder per game family — its turn structure, its city
//!   sheets, its story — and the registry ([`games::FAMILIES`]).
//! - [`bots`], [`sim`], [`sheet`], [`replay`], [`scenario`], [`narrate`],
//!   [`doc`], [`text`]: what the command line needs, written once over the
//!   interface.
//! - [`cli`]: the `sevenw` command line, as a library function.
//! - [`cards`]: the generated games ([`cards::GAMES`]), looked up by name.
#![forbid(unsafe_code)]

pub mod bots;
pub mod cards;
pub mod cli;
pub mod doc;
pub mod engine;
pub mod game;
pub mod games;
pub mod narrate;
pub mod replay;
pub mod scenario;
pub mod schema;
pub mod sheet;
pub mod sim;
pub mod text;

pub use sevenw_host as api;

/// The game named `name` (its `game.yaml` name, any case), if it was compiled.
pub fn game(name: &str) -> Option<&'static sevenw_host::GameInfo> {
    find_game(cards::GAMES, name)
}

/// The game of `games` named `name` (any case).
pub fn find_game(
    games: &[&'static sevenw_host::GameInfo],
    name: &str,
) -> Option<&'static sevenw_host::GameInfo> {
    games
        .iter()
        .copied()
        .find(|g| g.name.eq_ignore_ascii_case(name.trim()))
}

/// The names of the compiled games.
pub fn game_names() -> Vec<&'static str> {
    cards::GAMES.iter().map(|g| g.name).collect()
}
