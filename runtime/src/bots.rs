//! Bots: players that decide from their seat's view alone.
//!
//! [`RandomBot`] picks uniformly among the legal moves; the greedy bot takes
//! the move its game's [`Game::greedy`] judges best. [`Bot`] is either, by
//! value, so a table of bots is played without boxing.

use std::fmt;

use crate::engine::rng::{Rng, derive};
use crate::game::{Game, Player};

/// Picks uniformly among the legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: Rng::new(seed),
        }
    }
}

impl<G: Game> Player<G> for RandomBot {
    fn choose(&mut self, _game: &G, _view: &G::View<'_>, moves: &[G::Move]) -> usize {
        self.rng.below(moves.len())
    }
}

/// Takes the move its game judges best for it, looking one move ahead.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GreedyBot;

impl<G: Game> Player<G> for GreedyBot {
    fn choose(&mut self, game: &G, view: &G::View<'_>, moves: &[G::Move]) -> usize {
        game.greedy(view, moves)
    }
}

/// The bots by name, for command lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    Random,
    Greedy,
}

impl BotKind {
    pub const ALL: [BotKind; 2] = [BotKind::Random, BotKind::Greedy];

    pub fn parse(s: &str) -> Option<BotKind> {
        BotKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s.trim()))
    }

    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
        }
    }

    /// A bot of this kind for seat `seat` of the game seeded `seed` (each
    /// seat's random stream derives from both).
    pub fn make(self, seed: u64, seat: usize) -> Bot {
        match self {
            BotKind::Random => Bot::Random(RandomBot::new(derive(seed, 1000 + seat as u64))),
            BotKind::Greedy => Bot::Greedy(GreedyBot),
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the bots, by value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bot {
    Random(RandomBot),
    Greedy(GreedyBot),
}

impl<G: Game> Player<G> for Bot {
    fn choose(&mut self, game: &G, view: &G::View<'_>, moves: &[G::Move]) -> usize {
        match self {
            Bot::Random(b) => Player::<G>::choose(b, game, view, moves),
            Bot::Greedy(b) => Player::<G>::choose(b, game, view, moves),
        }
    }
}

/// The bots for every seat of a game seeded `seed`.
pub fn table(kinds: &[BotKind], seed: u64) -> Vec<Bot> {
    kinds
        .iter()
        .enumerate()
        .map(|(seat, k)| k.make(seed, seat))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for k in BotKind::ALL {
            assert_eq!(BotKind::parse(k.name()), Some(k));
        }
        assert_eq!(BotKind::parse(" Greedy "), Some(BotKind::Greedy));
        assert_eq!(BotKind::parse("smart"), None);
    }

    #[test]
    fn seats_get_their_own_streams() {
        let t = table(&[BotKind::Random, BotKind::Random], 5);
        assert_ne!(t[0], t[1]);
        assert_eq!(t, table(&[BotKind::Random, BotKind::Random], 5));
    }
}
