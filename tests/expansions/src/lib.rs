//! The shipped games and the test expansions of `cards/`, compiled
//! together (`tests/expansions/README.md`): `cards::GAMES` for the
//! `sevenw-trials` binary and for tests that play them in-process.
#![forbid(unsafe_code)]

#[allow(dead_code, unused_imports, clippy::all)]
pub mod cards {
    include!(concat!(env!("OUT_DIR"), "/cards.rs"));
}
