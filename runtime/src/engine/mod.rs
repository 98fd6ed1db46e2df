//! The shared engine: everything a game's turn structure builds on, and
//! nothing that knows one game's turn order.
//!
//! - [`rng`]: the seeded, portable random generator.
//! - [`compose`]: a game with expansions in play as one set of tables.
//! - [`vocab`]: per-game lookups computed once (names, chains, categories,
//!   name search with suggestions), and running a source's effects in the
//!   card set it comes from.
//! - [`nearest`]: the known name nearest to a mistyped one, for "did you
//!   mean" hints everywhere.
//! - [`city`]: a city (coins, production, science, tokens, abilities, the
//!   sources of its effects) and running its effects for an event.
//! - [`host`]: the `Host` implementations: while playing and while scoring.
//! - [`held`]: what a card gives while held, taken back when it leaves a
//!   city and granted when it joins another.
//! - [`gains`]: a card's constant gains (a resource, a coin, a shield, a
//!   symbol…), read once off its generated effects and applied to a city
//!   without a host.
//! - [`production`]: what a city produces and what it pays per resource
//!   bought, the state of the production and price primitives.
//! - [`science`]: science scoring with wildcards.
//! - [`military`]: battles with neighbours, and a two-city conflict track.

/// Implements `Clone` for a struct field by field, with a `clone_from`
/// that clones each field into the destination's own, so that every `Vec`
/// keeps its allocation: cloning a game state into one of the same game
/// (what a search bot does at every node) allocates nothing once the
/// destination's buffers have grown. Both methods destructure the struct
/// without `..`: a field added to it and not listed here does not compile.
///
/// Fields listed after `vecs` are `Vec`s most often empty on both sides
/// (a city's rarer abilities): their `clone_from` is skipped then, which a
/// search bot cloning cities at every node feels.
macro_rules! clone_reusing {
    ($ty:ident { $($field:ident),* $(,)? } vecs { $($v:ident),* $(,)? }) => {
        impl Clone for $ty {
            fn clone(&self) -> Self {
                let $ty { $($field,)* $($v),* } = self;
                $ty { $($field: $field.clone(),)* $($v: $v.clone()),* }
            }

            fn clone_from(&mut self, source: &Self) {
                let $ty { $($field,)* $($v),* } = source;
                $(self.$field.clone_from($field);)*
                $(if !(self.$v.is_empty() && $v.is_empty()) {
                    self.$v.clone_from($v);
                })*
            }
        }
    };
    ($ty:ident { $($field:ident),* $(,)? }) => {
        impl Clone for $ty {
            fn clone(&self) -> Self {
                let $ty { $($field),* } = self;
                $ty { $($field: $field.clone()),* }
            }

            fn clone_from(&mut self, source: &Self) {
                let $ty { $($field),* } = source;
                $(self.$field.clone_from($field);)*
            }
        }
    };
}
pub(crate) use clone_reusing;

pub mod city;
pub mod compose;
pub mod draws;
pub mod gains;
pub mod held;
pub mod host;
pub mod military;
pub mod nearest;
pub mod pending;
pub mod production;
pub mod rng;
pub mod science;
pub mod vocab;
