//! The games compiled from `cards/` at build time by `sevenw-compiler`.
//!
//! The generated file defines one module per game folder (`base`, …), each
//! with a `GAME: GameInfo`, and [`GAMES`] listing them all. Look games up by
//! [`sevenw_host::GameInfo::name`] through [`crate::game`], never by module.
#![allow(clippy::all, clippy::pedantic, missing_docs, unused_imports)]

include!(concat!(env!("OUT_DIR"), "/cards.rs"));
