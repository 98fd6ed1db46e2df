//! Games for reinforcement learning: stepped by action numbers, each seat
//! observing a flat vector of numbers built from its view alone.
//!
//! - [`Observe`] is what a family implements: the length and the named
//!   parts of its observation for a player count, and the observation of
//!   a [`Game::View`]. Built from the view only, an observation is fair by
//!   construction: two states a seat cannot tell apart (equal views) give
//!   it equal observations (`tests/observe.rs` checks it against
//!   determinizations at every decision of seeded games).
//! - [`Env`] is one game behind an object-safe interface (any family, one
//!   set-up, a new seed at each [`Env::reset`]): the legal action numbers
//!   of the seat to move ([`Game::encode`]'s fixed space), a step, a
//!   seat's observation, the rewards, the bots. [`crate::registry::EnvCap::start`]
//!   makes one. The legal actions are listed once per step and kept, so a
//!   step costs one move generation.
//! - [`Batch`] steps many games at once on a pool of threads, writing
//!   observations, masks and rewards into flat buffers (what a vectorised
//!   Python environment hands to numpy without a copy), a finished game
//!   starting again with the next seed.
//!
//! Observations are bounded: [`Env::observe`] reports a family's number
//! `x` ([`Observe::observe`]) as [`bounded`]`(x)`, `x` itself within ±1
//! (every mark, one-hot and fraction), and beyond it `±(2 − 1/|x|)`, so
//! every number lies in `[−OBSERVATION_BOUND, OBSERVATION_BOUND]` and the
//! order of counts is kept (`runtime/FORMATS.md`, "Observations").
//!
//! Actions have words for every number of the space ([`Env::action_words`],
//! [`Game::action_words`]) and back ([`Env::action_named`]).
//!
//! Rewards: nothing before the end; at the end every winner gets `1.0` and
//! every other seat `-1.0`, except when every seat is among the winners (a
//! shared victory of all), where each gets `0.0`.

use sevenw_host::GameInfo;

use crate::bots::{BotKind, Bots};
use crate::game::{Game, InfoSet, Outcome, Player, Setup, SetupError};
use crate::table::Refused;

/// The bound of every number [`Env::observe`] writes: each lies in
/// `[-OBSERVATION_BOUND, OBSERVATION_BOUND]`.
pub const OBSERVATION_BOUND: f32 = 2.0;

/// A family's observation number as [`Env::observe`] reports it: `x`
/// within ±1, `±(2 − 1/|x|)` beyond (continuous, increasing, inside
/// ±[`OBSERVATION_BOUND`]; `x = ±1/(2 − |y|)` undoes it).
#[inline]
pub fn bounded(x: f32) -> f32 {
    if x > 1.0 {
        OBSERVATION_BOUND - 1.0 / x
    } else if x < -1.0 {
        -OBSERVATION_BOUND - 1.0 / x
    } else if x.is_nan() {
        0.0
    } else {
        x
    }
}

/// How a family writes what one seat sees as a flat vector of numbers.
pub trait Observe: Game {
    /// The length of every observation of a game of `players` seats.
    fn observation_len(&self, players: usize) -> usize {
        self.observation_parts(players).iter().map(|p| p.len).sum()
    }
    /// The observation's parts in order, for a game of `players` seats:
    /// what each range of numbers means (documented per family in
    /// `runtime/FORMATS.md`, "Observations").
    fn observation_parts(&self, players: usize) -> Vec<Part>;
    /// Writes what `view` shows into `out` (exactly
    /// [`Observe::observation_len`] long; every number is written). Built
    /// from the view only, never from the state.
    fn observe(&self, view: &Self::View<'_>, out: &mut [f32]);
}

/// A named range of an observation.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Part {
    /// What it holds (`"hand"`, `"coins"`, `"seat 2 cards"`…).
    pub name: String,
    /// How many numbers.
    pub len: usize,
    /// In a sentence: what a number of it means.
    pub meaning: &'static str,
}

impl Part {
    pub fn new(name: impl Into<String>, len: usize, meaning: &'static str) -> Self {
        Part {
            name: name.into(),
            len,
            meaning,
        }
    }
}

/// The part every family's observation ends with when its card sets
/// declare kinds of token (`tokens:`): for each of `seats` seats, from the
/// observer round the table, the tokens held of each kind, in the order
/// declared (a kind scored by Age: one count per Age; a kind that is not
/// public: 0 for the other seats). None without a kind declared, so that
/// no other game's observation changes.
pub fn token_parts(info: &sevenw_host::GameInfo, seats: usize) -> Vec<Part> {
    if info.tokens.is_empty() {
        return Vec::new();
    }
    vec![Part::new(
        "declared tokens",
        token_len(info, seats),
        "by seat from the observer, then by kind of token the card sets declare (`tokens:`), by Age for a kind scored by Age: tokens held (0 for another seat's tokens that are not public)",
    )]
}

/// The length of [`token_parts`].
pub fn token_len(info: &sevenw_host::GameInfo, seats: usize) -> usize {
    seats * info.tokens.iter().map(|k| k.points.len()).sum::<usize>()
}

/// Writes [`token_parts`]: `cities` from the observer round the table.
pub fn write_tokens<'c>(
    w: &mut Writer<'_>,
    info: &sevenw_host::GameInfo,
    cities: impl Iterator<Item = &'c crate::engine::city::City>,
) {
    for (i, city) in cities.enumerate() {
        for (k, by_age) in info.tokens.iter().zip(&city.tokens) {
            let len = k.points.len();
            let seen = i == 0 || k.public;
            let held = by_age
                .iter()
                .map(|&n| if seen { f32::from(n) } else { 0.0 });
            w.values(len, held.take(len).enumerate());
        }
    }
}

/// Writes an observation part after part: what every family's
/// [`Observe::observe`] uses. It never panics: a number past the end of
/// the buffer is left out (a buffer of the wrong length gets what fits).
/// The buffer is expected zeroed: parts write only their non-zero numbers.
pub struct Writer<'o> {
    out: &'o mut [f32],
    at: usize,
}

impl<'o> Writer<'o> {
    /// A writer at the start of `out`, zeroed first.
    pub fn new(out: &'o mut [f32]) -> Self {
        // In pieces under 2 KiB: glibc clears a larger block with `rep
        // stosb`, slow to start on some processors (AMD's), and a few
        // hundred numbers are cleared at every step of a batch.
        for piece in out.chunks_mut(256) {
            piece.fill(0.0);
        }
        Writer { out, at: 0 }
    }

    /// Where the next part starts.
    pub fn at(&self) -> usize {
        self.at
    }

    /// Passes over `n` numbers (left 0, or written with [`Writer::set`]
    /// before).
    #[inline]
    pub fn skip(&mut self, n: usize) {
        self.at += n;
    }

    /// Sets the `i`-th number of the current part to `x`.
    #[inline]
    pub fn set(&mut self, i: usize, x: f32) {
        if let Some(o) = self.out.get_mut(self.at + i) {
            *o = x;
        }
    }

    /// Adds `x` to the `i`-th number of the current part.
    #[inline]
    pub fn add(&mut self, i: usize, x: f32) {
        if let Some(o) = self.out.get_mut(self.at + i) {
            *o += x;
        }
    }

    /// A part of one number.
    #[inline]
    pub fn one(&mut self, x: f32) {
        self.set(0, x);
        self.at += 1;
    }

    /// A part of `n` numbers, to write directly (what fits of it).
    #[inline]
    pub fn take(&mut self, n: usize) -> &mut [f32] {
        let end = (self.at + n).min(self.out.len());
        let start = self.at.min(end);
        self.at += n;
        &mut self.out[start..end]
    }

    /// A one-hot part of `n` numbers: 1 at `i` (none for `None` or past
    /// `n`).
    #[inline]
    pub fn one_hot(&mut self, n: usize, i: Option<usize>) {
        self.flags(n, i.into_iter());
    }

    /// A part of `len` numbers, 1 at the indices of `ids` (those past
    /// `len` left out), 0 elsewhere.
    #[inline]
    pub fn flags(&mut self, len: usize, ids: impl Iterator<Item = usize>) {
        for i in ids.filter(|&i| i < len) {
            self.set(i, 1.0);
        }
        self.at += len;
    }

    /// A part of `len` numbers counting the indices of `ids` (those past
    /// `len` left out).
    #[inline]
    pub fn counts(&mut self, len: usize, ids: impl Iterator<Item = usize>) {
        for i in ids.filter(|&i| i < len) {
            self.add(i, 1.0);
        }
        self.at += len;
    }

    /// A part of `len` numbers, `x` at `i` for each `(i, x)` of `values`
    /// (each `i` once).
    #[inline]
    pub fn values(&mut self, len: usize, values: impl Iterator<Item = (usize, f32)>) {
        for (i, x) in values.filter(|&(i, _)| i < len) {
            self.set(i, x);
        }
        self.at += len;
    }
}

/// One game stepped by action numbers, for any family (object-safe).
pub trait Env: Send {
    fn info(&self) -> &'static GameInfo;
    /// The set-up of the game under way (its seed the last reset's).
    fn setup(&self) -> &Setup;
    fn seats(&self) -> usize;
    /// The size of the action space ([`Game::num_actions`]).
    fn num_actions(&self) -> u32;
    /// The length of every observation.
    fn observation_len(&self) -> usize;
    /// What each range of an observation means.
    fn observation_parts(&self) -> Vec<Part>;
    /// A new game, set up as before with the seed `seed`.
    fn reset(&mut self, seed: u64) -> Result<(), SetupError>;
    /// The seat whose decision is next, `None` once the game is over.
    fn to_move(&self) -> Option<usize>;
    /// The legal action numbers of the seat to move, in the order the game
    /// lists its moves (empty once the game is over).
    fn legal(&self) -> &[u32];
    /// The legal actions as a mask: `out[a]` is 1 for a legal `a`, else 0
    /// (`out` is [`Env::num_actions`] long).
    fn mask(&self, out: &mut [u8]) {
        write_mask(self.legal(), out);
    }
    /// Plays `action` for the seat to move; a refusal leaves the game as
    /// it was.
    fn step(&mut self, action: u32) -> Result<(), Refused>;
    /// Plays the legal action of index `i` (modulo their count): a step
    /// without the lookup, for random players. Does nothing once over.
    fn step_index(&mut self, i: usize);
    /// What `seat` sees, into `out` ([`Env::observation_len`] long).
    fn observe(&self, seat: usize, out: &mut [f32]);
    /// Each seat's reward (see the module): all zero before the end.
    fn rewards(&self, out: &mut [f32]);
    /// How the game ended, `None` before.
    fn outcome(&self) -> Option<Outcome>;
    /// The decisions played since the reset, as action numbers.
    fn decisions(&self) -> &[u32];
    /// The action a bot of `kind` takes for the seat to move, from that
    /// seat's information only, its random stream seeded by `seed`; `None`
    /// once over; the refusal when the game has no such bot (or no weights
    /// for a learned one).
    fn bot(&self, kind: BotKind, seed: u64) -> Result<Option<u32>, SetupError>;
    /// The words of action number `action`, any of the space, legal now
    /// or not ([`Game::action_words`]); `None` past the space.
    fn action_words(&self, action: u32) -> Option<String>;
    /// The action number whose [`Env::action_words`] are `words`, case
    /// and runs of spaces aside; `None` when no number has them.
    fn action_named(&self, words: &str) -> Option<u32> {
        let want = plain_words(words);
        (0..self.num_actions()).find(|&a| {
            self.action_words(a)
                .is_some_and(|w| plain_words(&w) == want)
        })
    }
    /// A copy of the game as it stands.
    fn fork(&self) -> Box<dyn Env + '_>;
    /// What a learned policy for this game is trained for: the card set's
    /// fingerprint at this player count, in words, and the command that
    /// trains one ([`Selection`]).
    fn selection(&self) -> Selection;
}

/// A game of the family `G` as an [`Env`].
pub struct Stepper<'g, G: Observe> {
    game: &'g G,
    bots: Bots<G>,
    setup: Setup,
    state: G::State,
    moves: Vec<G::Move>,
    legal: Vec<u32>,
    decisions: Vec<u32>,
    players: usize,
}

impl<G: Observe> Clone for Stepper<'_, G> {
    fn clone(&self) -> Self {
        Stepper {
            game: self.game,
            bots: self.bots,
            setup: self.setup.clone(),
            state: self.state.clone(),
            moves: self.moves.clone(),
            legal: self.legal.clone(),
            decisions: self.decisions.clone(),
            players: self.players,
        }
    }
}

impl<'g, G: Observe> Stepper<'g, G> {
    /// A game of `game` set up by `setup`, with the bots `bots` has.
    pub fn start(game: &'g G, bots: Bots<G>, setup: &Setup) -> Result<Self, SetupError> {
        crate::game::check_options(game.options(), &setup.options)?;
        let state = game.start(setup)?;
        let players = game.seats(&state);
        let mut s = Stepper {
            game,
            bots,
            setup: setup.clone(),
            state,
            moves: Vec::new(),
            legal: Vec::new(),
            decisions: Vec::new(),
            players,
        };
        s.list();
        Ok(s)
    }

    /// The state (for tests and tools that see everything).
    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// Lists the legal moves of the position, and their numbers.
    fn list(&mut self) {
        self.moves.clear();
        self.legal.clear();
        if self.game.to_move(&self.state).is_some() {
            self.game.legal_moves(&mut self.state, &mut self.moves);
            let game = self.game;
            self.legal.extend(self.moves.iter().map(|m| game.encode(m)));
        }
    }

    fn play(&mut self, i: usize) {
        let mv = self.moves[i];
        self.game.apply(&mut self.state, &mv);
        self.decisions.push(self.legal[i]);
        self.list();
    }
}

impl<G: Observe> Env for Stepper<'_, G> {
    fn info(&self) -> &'static GameInfo {
        self.game.info()
    }

    fn setup(&self) -> &Setup {
        &self.setup
    }

    fn seats(&self) -> usize {
        self.players
    }

    fn num_actions(&self) -> u32 {
        self.game.num_actions()
    }

    fn observation_len(&self) -> usize {
        self.game.observation_len(self.players)
    }

    fn observation_parts(&self) -> Vec<Part> {
        self.game.observation_parts(self.players)
    }

    fn reset(&mut self, seed: u64) -> Result<(), SetupError> {
        self.setup.seed = seed;
        self.game.start_into(&self.setup, &mut self.state)?;
        self.decisions.clear();
        self.list();
        Ok(())
    }

    fn to_move(&self) -> Option<usize> {
        self.game.to_move(&self.state)
    }

    fn legal(&self) -> &[u32] {
        &self.legal
    }

    fn step(&mut self, action: u32) -> Result<(), Refused> {
        if self.moves.is_empty() {
            return Err(Refused::Over);
        }
        match self.legal.iter().position(|&a| a == action) {
            Some(i) => {
                self.play(i);
                Ok(())
            }
            None => Err(Refused::NotLegal { action }),
        }
    }

    fn step_index(&mut self, i: usize) {
        if !self.moves.is_empty() {
            self.play(i % self.moves.len());
        }
    }

    fn observe(&self, seat: usize, out: &mut [f32]) {
        let seat = seat.min(self.players.saturating_sub(1));
        self.game.observe(&self.game.view(&self.state, seat), out);
        for x in out.iter_mut() {
            *x = bounded(*x);
        }
    }

    fn action_words(&self, action: u32) -> Option<String> {
        (action < self.game.num_actions())
            .then(|| self.game.action_words(action))
            .flatten()
    }

    fn rewards(&self, out: &mut [f32]) {
        out.fill(0.0);
        if !self.game.is_over(&self.state) {
            return;
        }
        let outcome = self.game.outcome(&self.state);
        write_rewards(&outcome, out);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game
            .is_over(&self.state)
            .then(|| self.game.outcome(&self.state))
    }

    fn decisions(&self) -> &[u32] {
        &self.decisions
    }

    fn bot(&self, kind: BotKind, seed: u64) -> Result<Option<u32>, SetupError> {
        let Some(seat) = self.game.to_move(&self.state) else {
            return Ok(None);
        };
        let mut bot = self.bots.make(self.game, self.seats(), kind, seed, seat)?;
        if self.moves.is_empty() {
            return Ok(None);
        }
        let info = InfoSet::new(self.game, &self.state, seat);
        let i = bot
            .decide(self.game, &info, &self.moves)
            .min(self.moves.len() - 1);
        Ok(self.legal.get(i).copied())
    }

    fn fork(&self) -> Box<dyn Env + '_> {
        Box::new(self.clone())
    }

    fn selection(&self) -> Selection {
        Selection::of(self.game, self.seats())
    }
}

/// The seats deciding in the turn under way, in the order the game asks
/// them, each with its legal actions: the seat to move, then, on a copy of
/// the game stepped with each seat's first legal action (its payment
/// too), every next seat whose own observation there is the one it has
/// now — what it sees does not depend on the decisions before it, so it
/// decides in the same turn (the base game's simultaneous turns). One
/// seat where turns are taken in turn; none once the game is over.
pub fn turn(env: &dyn Env) -> Vec<(usize, Vec<u32>)> {
    let Some(first) = env.to_move() else {
        return Vec::new();
    };
    let mut seats = vec![(first, env.legal().to_vec())];
    let mut copy = env.fork();
    let len = env.observation_len();
    let (mut there, mut here) = (vec![0.0; len], vec![0.0; len]);
    let mut seat = first;
    loop {
        while copy.to_move() == Some(seat) && !copy.legal().is_empty() {
            copy.step_index(0);
        }
        let Some(next) = copy.to_move() else { break };
        if next == seat || seats.iter().any(|&(s, _)| s == next) {
            break;
        }
        copy.observe(next, &mut there);
        env.observe(next, &mut here);
        if there != here {
            break;
        }
        seats.push((next, copy.legal().to_vec()));
        seat = next;
    }
    seats
}

/// `words` lowercased, its runs of white space one space, trimmed.
fn plain_words(words: &str) -> String {
    words
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The mask of the actions `legal` into `out`: 1 for each (those past the
/// end left out), 0 elsewhere.
pub fn write_mask(legal: &[u32], out: &mut [u8]) {
    out.fill(0);
    for &a in legal {
        if let Some(x) = out.get_mut(a as usize) {
            *x = 1;
        }
    }
}

/// Each seat's reward of `outcome` into `out` (see the module).
pub fn write_rewards(outcome: &Outcome, out: &mut [f32]) {
    let everyone = outcome.winners.len() >= out.len();
    for (seat, r) in out.iter_mut().enumerate() {
        *r = if everyone {
            0.0
        } else if outcome.winners.contains(&seat) {
            1.0
        } else {
            -1.0
        };
    }
}

mod batch;
mod selection;
pub use batch::{Batch, BatchRefused, Out, RUNNING, StepError, TERMINATED, TRUNCATED};
pub use selection::{POLICY_FORMAT, Selection, fingerprint, train_command, words};
