//! Players: the decisions the base turn structure asks for, and two bots.
//!
//! The engine enumerates the legal options and the player picks one by
//! index; an index out of range is taken as the last option. Wonder-power
//! choices that only affect the chooser's score (wildcards, the card copied
//! at game end) are made by the engine for the best score.

use sevenw_host::CardId;

use crate::base::{Action, Move, View};
use crate::duel::{Ask, DuelMove, DuelPlayer, DuelView};
use crate::rng::Rng;

/// Someone who plays a seat.
pub trait Player {
    /// Which card and what to do with it (build with one of the payments,
    /// build a wonder stage, discard). `moves` is never empty.
    fn choose_move(&mut self, view: &View<'_>, moves: &[Move]) -> usize;
    /// Which discarded card to build for free. `cards` is never empty.
    fn choose_free_build(&mut self, view: &View<'_>, cards: &[CardId]) -> usize;
}

impl DuelPlayer for RandomBot {
    fn choose_move(&mut self, _view: &DuelView<'_>, moves: &[DuelMove]) -> usize {
        self.rng.below(moves.len())
    }
    fn choose(&mut self, _view: &DuelView<'_>, ask: Ask<'_>) -> usize {
        self.rng.below(ask.len())
    }
}

impl DuelPlayer for GreedyBot {
    fn choose_move(&mut self, view: &DuelView<'_>, moves: &[DuelMove]) -> usize {
        let mut best = (i64::MIN, 0);
        for (i, mv) in moves.iter().enumerate() {
            let v = Self::duel_value(view, mv);
            if v > best.0 {
                best = (v, i);
            }
        }
        best.1
    }
    fn choose(&mut self, view: &DuelView<'_>, ask: Ask<'_>) -> usize {
        match ask {
            // Start the next Age oneself.
            Ask::Starter => 0,
            // The token that raises the lead the most (coins and points now;
            // discounts and symbols count a little).
            Ask::Progress(tokens) => {
                let seat = view.seat;
                let mut best = (i64::MIN, 0);
                for (i, &t) in tokens.iter().enumerate() {
                    let after = crate::duel::preview_token(view.duel, view.table, seat, t);
                    let s = view.duel.score(&after);
                    let me = &after.cities[seat];
                    let v = i64::from(s[seat].total - s[1 - seat].total) * 10
                        + me.abilities.discounts.len() as i64 * 30
                        + i64::from(me.shields) * 5
                        + me.science.iter().filter(|&&n| n > 0).count() as i64 * 8;
                    if v > best.0 {
                        best = (v, i);
                    }
                }
                best.1
            }
            // The opponent's last-built card of those offered.
            Ask::DiscardOpponent(cards) => cards.len().saturating_sub(1),
            _ => 0,
        }
    }
}

/// Picks uniformly among the legal options.
#[derive(Clone, Debug)]
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

impl Player for RandomBot {
    fn choose_move(&mut self, _view: &View<'_>, moves: &[Move]) -> usize {
        self.rng.below(moves.len())
    }
    fn choose_free_build(&mut self, _view: &View<'_>, cards: &[CardId]) -> usize {
        self.rng.below(cards.len())
    }
}

/// Looks one move ahead: takes the move that most raises its own projected
/// final score, valuing production and shields while they can still help.
#[derive(Clone, Debug, Default)]
pub struct GreedyBot;

impl GreedyBot {
    pub fn new() -> Self {
        GreedyBot
    }

    /// The value of `mv` in tenths of a point.
    pub fn value(view: &View<'_>, mv: &Move) -> i64 {
        let base = view.base;
        let table = view.table;
        let seat = view.seat;
        let before = &table.cities[seat];
        let after = base.preview(table, seat, mv);
        let s0 = base.score_city(&table.cities, seat, before, &[]);
        let s1 = base.score_city(&table.cities, seat, &after, &[]);
        let mut v = i64::from(s1.total - s0.total) * 10;
        let ages = i64::from(base.info.ages);
        let left = (ages - i64::from(table.age)).max(0); // Ages still to come
        // Production and discounts pay off in later turns and Ages.
        let units = i64::from(after.own.units()) - i64::from(before.own.units());
        v += units * (8 + 6 * left);
        let cheaper: i64 = before
            .prices
            .iter()
            .flatten()
            .zip(after.prices.iter().flatten())
            .map(|(&b, &a)| i64::from(b.saturating_sub(a)))
            .sum();
        v += cheaper * (1 + 2 * left);
        // Shields win conflicts at the end of this and later Ages.
        let shields = i64::from(after.shields) - i64::from(before.shields);
        let n = table.cities.len();
        let neighbours = [
            table.cities[crate::state::seat_at(seat, 1, n)].shields,
            table.cities[crate::state::seat_at(seat, -1, n)].shields,
        ];
        if shields > 0 {
            let gain = neighbours
                .iter()
                .filter(|&&s| before.shields <= s && after.shields > s)
                .count() as i64;
            v += shields * 5 + gain * 20 * i64::from(table.age.max(1));
        }
        // Chains make later cards free.
        if let Action::Build(_) | Action::Free = mv.action
            && left > 0
        {
            let chains = base
                .info
                .cards
                .get(usize::from(mv.card.0))
                .map_or(0, |c| c.chains.len());
            v += chains as i64 * 8;
        }
        // Keep the once-per-Age free build for a card that needs it.
        if mv.action == Action::Free {
            v -= 5;
        }
        v
    }
}

impl GreedyBot {
    /// The value of a Duel move in tenths of a point: the lead in points
    /// after it, production while Ages remain, and winning outright.
    pub fn duel_value(view: &DuelView<'_>, mv: &DuelMove) -> i64 {
        let duel = view.duel;
        let seat = view.seat;
        let after = crate::duel::preview(duel, view.table, mv);
        if let Some((_, Some(w))) = after.ended {
            return if w == seat { 1_000_000 } else { -1_000_000 };
        }
        let s = duel.score(&after);
        let lead = i64::from(s[seat].total - s[1 - seat].total);
        let left = i64::from(duel.info.ages.saturating_sub(view.table.age)) + 1;
        let before = &view.table.cities[seat];
        let me = &after.cities[seat];
        let units = i64::from(me.own.units()) - i64::from(before.own.units());
        let pawn = i64::from(if seat == 0 { after.pawn } else { -after.pawn });
        lead * 10 + units * 6 * left + pawn * 4
    }
}

impl Player for GreedyBot {
    fn choose_move(&mut self, view: &View<'_>, moves: &[Move]) -> usize {
        let mut best = (i64::MIN, 0);
        for (i, mv) in moves.iter().enumerate() {
            let v = Self::value(view, mv);
            if v > best.0 {
                best = (v, i);
            }
        }
        best.1
    }

    fn choose_free_build(&mut self, view: &View<'_>, cards: &[CardId]) -> usize {
        let mut best = (i64::MIN, 0);
        for (i, &card) in cards.iter().enumerate() {
            let mv = Move {
                slot: u8::MAX,
                card,
                action: Action::Chain,
            };
            let v = Self::value(view, &mv);
            if v > best.0 {
                best = (v, i);
            }
        }
        best.1
    }
}

/// The bots by name, for command lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Greedy,
}

impl BotKind {
    pub fn parse(s: &str) -> Option<BotKind> {
        match s.to_ascii_lowercase().as_str() {
            "random" => Some(BotKind::Random),
            "greedy" => Some(BotKind::Greedy),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
        }
    }

    /// A bot of this kind for seat `seat` of the game seeded `seed`.
    pub fn make(self, seed: u64, seat: usize) -> Box<dyn Player> {
        match self {
            BotKind::Random => {
                Box::new(RandomBot::new(crate::rng::derive(seed, 1000 + seat as u64)))
            }
            BotKind::Greedy => Box::new(GreedyBot::new()),
        }
    }

    /// A Duel bot of this kind for seat `seat` of the game seeded `seed`.
    pub fn make_duel(self, seed: u64, seat: usize) -> Box<dyn DuelPlayer> {
        match self {
            BotKind::Random => {
                Box::new(RandomBot::new(crate::rng::derive(seed, 1000 + seat as u64)))
            }
            BotKind::Greedy => Box::new(GreedyBot::new()),
        }
    }
}
