//! Bots: players that decide from their seat's view alone.
//!
//! [`RandomBot`] picks uniformly among the legal moves; [`GreedyBot`] takes
//! the move its game judges best ([`Judge`]), for a game that judges
//! moves; the search bot ([`MctsBot`]) plays games out from samples of its
//! information set; the learned bot ([`crate::learned`]) plays a policy
//! trained through the environments. [`Bot`] is any of them, and [`Bots`]
//! makes them for a game: the random and search bots for any game, the
//! greedy bot for a game that judges moves, the learned bot for a game that
//! observes (where weights trained for its card set are found).

use std::fmt;

use crate::engine::rng::{Rng, derive};
use crate::game::{Game, InfoSet, Player, SetupError};
use crate::mcts::{CLASSIC_PLAYOUTS, DEFAULT_PLAYOUTS, MctsBot};

/// A game's judgement of moves, for the greedy bot: which move most raises
/// the seat's own prospects, looking one move ahead, from its view alone.
/// A game that does not implement it has no greedy bot.
pub trait Judge: Game {
    /// The buffers a judgement works in (a preview of each move, say),
    /// owned by the bot and kept from one decision to the next so that
    /// judging allocates little once they have grown. They carry nothing
    /// from one decision to the next that the judgement reads.
    type Scratch: Default;

    /// The index in `moves` (never empty) of the move the greedy bot
    /// takes, judged from `view` in `scratch`.
    fn judge(
        &self,
        view: &Self::View<'_>,
        moves: &[Self::Move],
        scratch: &mut Self::Scratch,
    ) -> usize;
}

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

    /// The game loop draws its move uniformly ([`Game::uniform_move`]).
    fn uniform(&mut self) -> Option<&mut Rng> {
        Some(&mut self.rng)
    }
}

/// Takes the move its game judges best for it ([`Judge::judge`]), in
/// buffers of its own.
pub struct GreedyBot<G: Judge> {
    scratch: G::Scratch,
}

impl<G: Judge> GreedyBot<G> {
    pub fn new() -> Self {
        GreedyBot {
            scratch: G::Scratch::default(),
        }
    }
}

impl<G: Judge> Default for GreedyBot<G> {
    fn default() -> Self {
        GreedyBot::new()
    }
}

impl<G: Judge> fmt::Debug for GreedyBot<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("GreedyBot")
    }
}

impl<G: Judge> Player<G> for GreedyBot<G> {
    fn choose(&mut self, game: &G, view: &G::View<'_>, moves: &[G::Move]) -> usize {
        game.judge(view, moves, &mut self.scratch)
    }
}

/// The bots by name, for command lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    Random,
    Greedy,
    /// The search bot, with its playouts per decision.
    Mcts(u32),
    /// The first search bot (every playout played to the end of the game),
    /// kept to measure the search bot against, with its playouts per
    /// decision.
    Classic(u32),
    /// The learned policy trained for the selection ([`crate::learned`]).
    Learned,
}

impl BotKind {
    pub const ALL: [BotKind; 5] = [
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Mcts(DEFAULT_PLAYOUTS),
        BotKind::Classic(CLASSIC_PLAYOUTS),
        BotKind::Learned,
    ];

    /// `random`, `greedy`, `mcts`, `mcts-classic`, `learned`, or either search bot
    /// with `:N` (N playouts per decision, 1 to 1,000,000).
    pub fn parse(s: &str) -> Option<BotKind> {
        let s = s.trim();
        if let Some((name, n)) = s.split_once(':') {
            let n: u32 = n.trim().parse().ok()?;
            if !(1..=1_000_000).contains(&n) {
                return None;
            }
            let name = name.trim();
            return if name.eq_ignore_ascii_case("mcts") {
                Some(BotKind::Mcts(n))
            } else if name.eq_ignore_ascii_case("mcts-classic") {
                Some(BotKind::Classic(n))
            } else {
                None
            };
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
            BotKind::Classic(_) => "mcts-classic",
            BotKind::Learned => "learned",
        }
    }
}

impl fmt::Display for BotKind {
    /// The name [`BotKind::parse`] reads back (`mcts:N` but at the default
    /// budget).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotKind::Mcts(n) if *n != DEFAULT_PLAYOUTS => write!(f, "mcts:{n}"),
            BotKind::Classic(n) if *n != CLASSIC_PLAYOUTS => write!(f, "mcts-classic:{n}"),
            _ => f.write_str(self.name()),
        }
    }
}

/// One of the bots of a game `G`, by value (the greedy bot boxed: its type
/// is known only where the game judges moves).
pub enum Bot<G: Game> {
    Random(RandomBot),
    /// A [`GreedyBot`] of a game that judges moves.
    Greedy(Box<dyn Player<G>>),
    Mcts(MctsBot),
    /// A [`crate::learned::LearnedBot`] of a game that observes.
    Learned(Box<dyn Player<G>>),
}

impl<G: Judge + 'static> Bot<G> {
    /// A greedy bot.
    pub fn greedy() -> Self {
        Bot::Greedy(Box::new(GreedyBot::<G>::new()))
    }
}

impl<G: Game> fmt::Debug for Bot<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bot::Random(b) => f.debug_tuple("Random").field(b).finish(),
            Bot::Greedy(_) => f.write_str("Greedy"),
            Bot::Mcts(b) => f.debug_tuple("Mcts").field(b).finish(),
            Bot::Learned(_) => f.write_str("Learned"),
        }
    }
}

impl<G: Game> Player<G> for Bot<G> {
    fn choose(&mut self, game: &G, view: &G::View<'_>, moves: &[G::Move]) -> usize {
        match self {
            Bot::Random(b) => Player::<G>::choose(b, game, view, moves),
            Bot::Greedy(b) | Bot::Learned(b) => b.choose(game, view, moves),
            Bot::Mcts(b) => Player::<G>::choose(b, game, view, moves),
        }
    }

    fn decide(&mut self, game: &G, info: &InfoSet<'_, G>, moves: &[G::Move]) -> usize {
        match self {
            Bot::Mcts(b) => b.search(game, info, moves),
            _ => self.choose(game, &info.view(), moves),
        }
    }

    fn uniform(&mut self) -> Option<&mut Rng> {
        match self {
            Bot::Random(b) => Player::<G>::uniform(b),
            _ => None,
        }
    }
}

/// Makes a greedy bot.
type MakeGreedy<G> = fn() -> Box<dyn Player<G>>;

/// Makes a learned bot for a game of so many players, or says why not.
pub type MakeLearned<G> = fn(&G, usize) -> Result<Box<dyn Player<G>>, SetupError>;

/// The bots a game has, and tables of them: the random and search bots for
/// any game, the greedy bot for a game that judges moves
/// ([`Bots::with_greedy`]), the learned bot for a game that observes
/// ([`Bots::with_learned`]).
pub struct Bots<G: Game> {
    greedy: Option<MakeGreedy<G>>,
    learned: Option<MakeLearned<G>>,
}

impl<G: Game> Clone for Bots<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Bots<G> {}

impl<G: Game> Default for Bots<G> {
    fn default() -> Self {
        Bots::new()
    }
}

impl<G: Game> fmt::Debug for Bots<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bots")
            .field("greedy", &self.greedy.is_some())
            .field("learned", &self.learned.is_some())
            .finish()
    }
}

impl<G: Game> Bots<G> {
    /// The random and search bots.
    pub fn new() -> Self {
        Bots {
            greedy: None,
            learned: None,
        }
    }

    /// With the greedy bot.
    pub fn with_greedy(mut self) -> Self
    where
        G: Judge + 'static,
    {
        self.greedy = Some(|| Box::new(GreedyBot::<G>::new()));
        self
    }

    /// With the learned bot, made by `make` (for a game that observes,
    /// [`crate::learned::bot`]: it plays where weights trained for the
    /// card set are found).
    pub fn with_learned(mut self, make: MakeLearned<G>) -> Self {
        self.learned = Some(make);
        self
    }

    /// Whether the game has bots of `kind` (the learned bot may still lack
    /// weights for a player count: [`Bots::check_learned`]).
    pub fn has(&self, kind: BotKind) -> bool {
        match kind {
            BotKind::Greedy => self.greedy.is_some(),
            BotKind::Learned => self.learned.is_some(),
            _ => true,
        }
    }

    /// Whether weights for `game` at `players` players are found, when
    /// `kinds` asks for the learned bot; the refusal says how to train
    /// them.
    pub fn check_learned(
        &self,
        game: &G,
        players: usize,
        kinds: &[BotKind],
    ) -> Result<(), SetupError> {
        if !kinds.contains(&BotKind::Learned) {
            return Ok(());
        }
        match self.learned {
            Some(make) => make(game, players).map(drop),
            None => Err(missing(game, BotKind::Learned)),
        }
    }

    /// Every one of `kinds` is a bot of `game`'s; else a usage mistake
    /// (`--bots`) saying which is not.
    pub fn check(&self, game: &G, kinds: &[BotKind]) -> Result<(), SetupError> {
        match kinds.iter().find(|k| !self.has(**k)) {
            None => Ok(()),
            Some(&k) => Err(missing(game, k)),
        }
    }

    /// A bot of `kind` for seat `seat` of `game` at `players` players,
    /// seeded `seed` (each seat's random stream derives from both); the
    /// refusal for a kind the game does not have, or a learned bot without
    /// weights.
    pub fn make(
        &self,
        game: &G,
        players: usize,
        kind: BotKind,
        seed: u64,
        seat: usize,
    ) -> Result<Bot<G>, SetupError> {
        match kind {
            BotKind::Learned => Ok(Bot::Learned(self
                .learned
                .ok_or_else(|| missing(game, kind))?(
                game, players
            )?)),
            _ => self
                .plain(kind, seed, seat)
                .ok_or_else(|| missing(game, kind)),
        }
    }

    /// A bot of `kind` but the learned one (which needs the game), as
    /// [`Bots::make`] makes it; `None` for a kind the game does not have.
    fn plain(&self, kind: BotKind, seed: u64, seat: usize) -> Option<Bot<G>> {
        Some(match kind {
            BotKind::Random => Bot::Random(random_for(seed, seat)),
            BotKind::Greedy => Bot::Greedy((self.greedy?)()),
            BotKind::Mcts(n) => Bot::Mcts(MctsBot::new(derive(seed, 2000 + seat as u64), n)),
            BotKind::Classic(n) => Bot::Mcts(MctsBot::classic(derive(seed, 2000 + seat as u64), n)),
            BotKind::Learned => return None,
        })
    }

    /// The bots for every seat of `game` seeded `seed` (one kind a seat).
    pub fn table(&self, game: &G, kinds: &[BotKind], seed: u64) -> Result<Vec<Bot<G>>, SetupError> {
        let mut bots = Vec::with_capacity(kinds.len());
        self.table_into(game, kinds, seed, &mut bots)?;
        Ok(bots)
    }

    /// [`Bots::table`] into `bots`, the table of an earlier game: a greedy
    /// or learned bot of the same seat is kept with its buffers (it carries
    /// nothing else from one game to the next), the other bots are made
    /// anew.
    pub fn table_into(
        &self,
        game: &G,
        kinds: &[BotKind],
        seed: u64,
        bots: &mut Vec<Bot<G>>,
    ) -> Result<(), SetupError> {
        bots.truncate(kinds.len());
        for (seat, &kind) in kinds.iter().enumerate() {
            match (kind, bots.get(seat)) {
                (BotKind::Greedy, Some(Bot::Greedy(_)))
                | (BotKind::Learned, Some(Bot::Learned(_))) => {
                    continue;
                }
                _ => {}
            }
            let bot = self.make(game, kinds.len(), kind, seed, seat)?;
            match bots.get_mut(seat) {
                Some(b) => *b = bot,
                None => bots.push(bot),
            }
        }
        Ok(())
    }
}

/// The usage mistake of asking `game` for bots of `kind`, which it has not.
fn missing<G: Game>(game: &G, kind: BotKind) -> SetupError {
    SetupError::option(
        "bots",
        format!(
            "{} has no {} bot: its rules {} (bots: random, mcts, mcts-classic)",
            game.info().title,
            kind.name(),
            if kind == BotKind::Learned {
                "observe nothing"
            } else {
                "judge no moves"
            }
        ),
    )
}

/// The random bot of seat `seat` of the game seeded `seed`.
fn random_for(seed: u64, seat: usize) -> RandomBot {
    RandomBot::new(derive(seed, 1000 + seat as u64))
}

/// The bots for every seat of a game seeded `seed`, of a game that judges
/// moves; the learned bot is not among them (it needs the game:
/// [`Bots::table`]).
pub fn table<G: Judge + 'static>(kinds: &[BotKind], seed: u64) -> Vec<Bot<G>> {
    let bots = Bots::<G>::new().with_greedy();
    kinds
        .iter()
        .enumerate()
        .filter_map(|(seat, &k)| bots.plain(k, seed, seat))
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
        assert_eq!(
            BotKind::parse("mcts-classic:40"),
            Some(BotKind::Classic(40))
        );
        assert_eq!(BotKind::parse("mcts-classic:0"), None);
        assert_eq!(BotKind::Classic(40).to_string(), "mcts-classic:40");
        assert_eq!(
            BotKind::Classic(CLASSIC_PLAYOUTS).to_string(),
            "mcts-classic"
        );
        assert_eq!(BotKind::Mcts(20).to_string(), "mcts:20");
        assert_eq!(
            BotKind::parse(&BotKind::Mcts(20).to_string()),
            Some(BotKind::Mcts(20))
        );
    }

    #[test]
    fn seats_get_their_own_streams() {
        assert_ne!(random_for(5, 0), random_for(5, 1));
        assert_eq!(random_for(5, 0), random_for(5, 0));
    }
}
