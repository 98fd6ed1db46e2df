//! Bots: players that decide from their seat's view alone.
//!
//! [`RandomBot`] picks uniformly among the legal moves; the greedy bot takes
//! the move its game's [`Game::greedy`] judges best; the search bot
//! ([`MctsBot`]) plays games out from samples of its information set.
//! [`Bot`] is any of them, by value, so a table of bots is played without
//! boxing.

use std::fmt;

use crate::engine::rng::{Rng, derive};
use crate::game::{Game, InfoSet, Player};
use crate::mcts::{DEFAULT_PLAYOUTS, MctsBot};

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
    /// The search bot, with its playouts per decision.
    Mcts(u32),
}

impl BotKind {
    pub const ALL: [BotKind; 3] = [
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Mcts(DEFAULT_PLAYOUTS),
    ];

    /// `random`, `greedy`, `mcts` or `mcts:N` (N playouts per decision,
    /// 1 to 1,000,000).
    pub fn parse(s: &str) -> Option<BotKind> {
        let s = s.trim();
        if let Some((name, n)) = s.split_once(':') {
            if !name.trim().eq_ignore_ascii_case("mcts") {
                return None;
            }
            let n: u32 = n.trim().parse().ok()?;
            return (1..=1_000_000).contains(&n).then_some(BotKind::Mcts(n));
        }
        BotKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
    }

    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Mcts(_) => "mcts",
        }
    }

    /// A bot of this kind for seat `seat` of the game seeded `seed` (each
    /// seat's random stream derives from both).
    pub fn make(self, seed: u64, seat: usize) -> Bot {
        match self {
            BotKind::Random => Bot::Random(RandomBot::new(derive(seed, 1000 + seat as u64))),
            BotKind::Greedy => Bot::Greedy(GreedyBot),
            BotKind::Mcts(n) => Bot::Mcts(MctsBot::new(derive(seed, 2000 + seat as u64), n)),
        }
    }
}

impl fmt::Display for BotKind {
    /// The name [`BotKind::parse`] reads back (`mcts:N` but at the default
    /// budget).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotKind::Mcts(n) if *n != DEFAULT_PLAYOUTS => write!(f, "mcts:{n}"),
            _ => f.write_str(self.name()),
        }
    }
}

/// One of the bots, by value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bot {
    Random(RandomBot),
    Greedy(GreedyBot),
    Mcts(MctsBot),
}

impl<G: Game> Player<G> for Bot {
    fn choose(&mut self, game: &G, view: &G::View<'_>, moves: &[G::Move]) -> usize {
        match self {
            Bot::Random(b) => Player::<G>::choose(b, game, view, moves),
            Bot::Greedy(b) => Player::<G>::choose(b, game, view, moves),
            Bot::Mcts(b) => Player::<G>::choose(b, game, view, moves),
        }
    }

    fn decide(&mut self, game: &G, info: &InfoSet<'_, G>, moves: &[G::Move]) -> usize {
        match self {
            Bot::Mcts(b) => b.search(game, info, moves),
            _ => self.choose(game, &info.view(), moves),
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
        assert_eq!(BotKind::parse("mcts:2000"), Some(BotKind::Mcts(2000)));
        assert_eq!(BotKind::parse("MCTS: 20 "), Some(BotKind::Mcts(20)));
        assert_eq!(BotKind::parse("mcts:0"), None);
        assert_eq!(BotKind::parse("mcts:x"), None);
        assert_eq!(BotKind::parse("greedy:3"), None);
        assert_eq!(BotKind::Mcts(20).to_string(), "mcts:20");
        assert_eq!(
            BotKind::parse(&BotKind::Mcts(20).to_string()),
            Some(BotKind::Mcts(20))
        );
    }

    #[test]
    fn seats_get_their_own_streams() {
        let t = table(&[BotKind::Random, BotKind::Random], 5);
        assert_ne!(t[0], t[1]);
        assert_eq!(t, table(&[BotKind::Random, BotKind::Random], 5));
    }
}
