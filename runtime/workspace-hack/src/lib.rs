//! No code. This crate's dependencies turn on the features a whole-workspace
//! build turns on, so that building one package reuses that build's
//! artifacts (see `Cargo.toml`).

#![forbid(unsafe_code)]
