//! The runtime of the 7 Wonders project: it plays the games that the card
//! compiler generates from `cards/`, and scores and prices city sheets.
//!
//! The crate is thin on purpose. No card, wonder or guild is named here: all
//! behaviour comes from the [`sevenw_host::GameInfo`] tables of a game and
//! its generated `effects` function, which calls back into the engine through
//! the [`sevenw_host::Host`] primitives implemented in [`host`].
//!
//! Layout, from shared primitives to one game's rules:
//!
//! - [`cards`]: the generated games ([`cards::GAMES`]), looked up by name.
//! - [`rng`]: the seeded, portable random generator.
//! - [`vocab`]: per-game lookups computed once (names, chains, categories).
//! - [`state`]: a city (coins, production, science, tokens, abilities).
//! - [`host`]: the `Host` implementations: while playing and while scoring.
//! - [`payment`]: every way to pay a cost with own production and trading.
//! - [`science`]: science scoring with wildcards.
//! - [`base`]: the base game's turn structure, moves and final scoring. A
//!   Leaders, Edifice, Duel or Architects game would be a sibling module over
//!   the same primitives.
//! - [`duel`]: 7 Wonders Duel's turn structure: the wonder draft, laid-out
//!   Ages, conflict track, progress tokens, supremacies, civilian scoring.
//! - [`player`]: the decisions interface, a random bot and a greedy bot.
//! - [`replay`]: games written as replay logs, and replayed ([`duel_replay`]
//!   for Duel).
//! - [`sheet`]: the score and price calculators over a YAML city sheet;
//!   [`duel_sheet`] for Duel's sheets.
#![forbid(unsafe_code)]

pub mod base;
pub mod cards;
pub mod duel;
pub mod duel_replay;
pub mod duel_sheet;
pub mod host;
pub mod payment;
pub mod player;
pub mod replay;
pub mod rng;
pub mod science;
pub mod sheet;
pub mod state;
pub mod vocab;

pub use sevenw_host as api;

/// The game named `name` (its `game.yaml` name, any case), if it was compiled.
pub fn game(name: &str) -> Option<&'static sevenw_host::GameInfo> {
    cards::GAMES
        .iter()
        .copied()
        .find(|g| g.name.eq_ignore_ascii_case(name.trim()))
}

/// The names of the compiled games.
pub fn game_names() -> Vec<&'static str> {
    cards::GAMES.iter().map(|g| g.name).collect()
}
