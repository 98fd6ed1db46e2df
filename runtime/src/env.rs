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
//! Rewards: nothing before the end; at the end every winner gets `1.0` and
//! every other seat `-1.0`, except when every seat is among the winners (a
//! shared victory of all), where each gets `0.0`.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use sevenw_host::GameInfo;

use crate::bots::{BotKind, Bots};
use crate::engine::rng::{Rng, derive};
use crate::game::{Game, InfoSet, Outcome, Player, Setup, SetupError};
use crate::table::Refused;

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
    /// once over or when the game has no such bot.
    fn bot(&self, kind: BotKind, seed: u64) -> Option<u32>;
    /// A copy of the game as it stands.
    fn fork(&self) -> Box<dyn Env + '_>;
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

    fn bot(&self, kind: BotKind, seed: u64) -> Option<u32> {
        let seat = self.game.to_move(&self.state)?;
        let mut bot = self.bots.make(kind, seed, seat)?;
        if self.moves.is_empty() {
            return None;
        }
        let info = InfoSet::new(self.game, &self.state, seat);
        let i = bot
            .decide(self.game, &info, &self.moves)
            .min(self.moves.len() - 1);
        self.legal.get(i).copied()
    }

    fn fork(&self) -> Box<dyn Env + '_> {
        Box::new(self.clone())
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

/// What [`Batch::step`] writes, one row per game.
pub struct Out<'a> {
    /// `games × observation_len`: the observation of the seat to move
    /// next in each game (after a finished game, the first decision of the
    /// next one).
    pub observations: &'a mut [f32],
    /// `games × num_actions`: its legal actions.
    pub masks: &'a mut [u8],
    /// `games × seats`: each seat's reward of the step (non-zero only
    /// where the step ended the game).
    pub rewards: &'a mut [f32],
    /// `games`: the seat to move next.
    pub to_move: &'a mut [i64],
    /// `games`: whether the step ended the game (which then started again).
    pub done: &'a mut [u8],
}

/// Many games of one set-up stepped together ([`Batch::step`]), split over
/// a pool of threads; each game started again with the next seed when it
/// ends. Game `i`'s `k`-th game is seeded from the batch's seed, `i` and
/// `k`, so the results do not depend on the number of threads.
pub struct Batch<'g> {
    envs: Vec<Box<dyn Env + 'g>>,
    /// Games each env has started.
    started: Vec<u64>,
    seed: u64,
    pool: Option<rayon::ThreadPool>,
    /// Moves on at each step and when the batch goes: the pool's threads
    /// wait for it between steps ([`keep_warm`]).
    warm: Arc<AtomicU64>,
    obs_len: usize,
    actions: usize,
    seats: usize,
}

/// Why a batch step was refused: game `game` has no legal action `action`
/// now. Nothing was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchRefused {
    pub game: usize,
    pub refused: Refused,
}

impl std::fmt::Display for BatchRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game {}: {}", self.game, self.refused)
    }
}

impl std::error::Error for BatchRefused {}

impl Drop for Batch<'_> {
    /// The pool's threads stop waiting for a next step.
    fn drop(&mut self) {
        self.warm.fetch_add(1, Ordering::Release);
    }
}

impl<'g> Batch<'g> {
    /// `games` games made by `make`, seeded from `seed`, stepped on
    /// `threads` threads: the calling thread and `threads - 1` of a pool
    /// (1: the calling thread only), which after a step wait for the next
    /// by spinning up to 200 µs before they park.
    pub fn new(
        games: usize,
        seed: u64,
        threads: usize,
        make: &dyn Fn() -> Result<Box<dyn Env + 'g>, SetupError>,
    ) -> Result<Self, SetupError> {
        let mut envs = Vec::with_capacity(games);
        for i in 0..games {
            let mut e = make()?;
            e.reset(derive(derive(seed, i as u64), 0))?;
            envs.push(e);
        }
        let first = envs.first();
        let (obs_len, actions, seats) = first.map_or((0, 0, 0), |e| {
            (e.observation_len(), e.num_actions() as usize, e.seats())
        });
        let pool = if threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads - 1)
                    .build()
                    .map_err(|e| SetupError::Game(format!("cannot start the threads: {e}")))?,
            )
        } else {
            None
        };
        Ok(Batch {
            started: vec![1; envs.len()],
            envs,
            seed,
            pool,
            warm: Arc::new(AtomicU64::new(0)),
            obs_len,
            actions,
            seats,
        })
    }

    pub fn games(&self) -> usize {
        self.envs.len()
    }
    pub fn observation_len(&self) -> usize {
        self.obs_len
    }
    pub fn num_actions(&self) -> usize {
        self.actions
    }
    pub fn seats(&self) -> usize {
        self.seats
    }
    /// Game `i`.
    pub fn env(&self, i: usize) -> Option<&(dyn Env + 'g)> {
        self.envs.get(i).map(|e| &**e)
    }

    fn check(&self, out: &Out<'_>) -> Result<(), String> {
        let n = self.envs.len();
        let want = [
            ("observations", out.observations.len(), n * self.obs_len),
            ("masks", out.masks.len(), n * self.actions),
            ("rewards", out.rewards.len(), n * self.seats),
            ("to_move", out.to_move.len(), n),
            ("done", out.done.len(), n),
        ];
        for (name, got, want) in want {
            if got != want {
                return Err(format!("{name} holds {got} numbers, not {want}"));
            }
        }
        Ok(())
    }

    /// Writes every game's current observation, mask and seat to move
    /// into `out` (rewards and `done` zero): the batch's first rows.
    pub fn current(&mut self, out: Out<'_>) -> Result<(), String> {
        self.check(&out)?;
        self.run(out, &|_, _, _| {});
        Ok(())
    }

    /// Plays `actions[i]` in game `i` for the seat to move, then writes
    /// `out`. An action not legal in its game refuses the whole step
    /// before anything is played.
    pub fn step(&mut self, actions: &[u32], out: Out<'_>) -> Result<(), StepError> {
        self.check(&out).map_err(StepError::Shape)?;
        if actions.len() != self.envs.len() {
            return Err(StepError::Shape(format!(
                "{} actions for {} games",
                actions.len(),
                self.envs.len()
            )));
        }
        for (game, (e, &a)) in self.envs.iter().zip(actions).enumerate() {
            if e.to_move().is_none() {
                return Err(StepError::Refused(BatchRefused {
                    game,
                    refused: Refused::Over,
                }));
            }
            if !e.legal().contains(&a) {
                return Err(StepError::Refused(BatchRefused {
                    game,
                    refused: Refused::NotLegal { action: a },
                }));
            }
        }
        self.run(out, &|e, i, _| {
            let _ = e.step(actions[i]);
        });
        Ok(())
    }

    /// Plays a uniformly random legal action in every game (drawn from
    /// `seed` and the game's index), then writes `out`: a random player
    /// without a round trip through the caller.
    pub fn step_random(&mut self, seed: u64, out: Out<'_>) -> Result<(), StepError> {
        self.check(&out).map_err(StepError::Shape)?;
        self.run(out, &|e, i, _| {
            let n = e.legal().len().max(1);
            let mut rng = Rng::new(derive(seed, i as u64));
            e.step_index(rng.below(n));
        });
        Ok(())
    }

    /// Applies `act` to each game (its index and games started), then
    /// records rewards, starts finished games again and writes the rows.
    fn run(&mut self, out: Out<'_>, act: &(dyn Fn(&mut dyn Env, usize, u64) + Sync)) {
        let dims = Dims {
            obs: self.obs_len,
            actions: self.actions,
            seats: self.seats,
            seed: self.seed,
        };
        let Some(pool) = &self.pool else {
            let all = Share::cut(&mut self.envs, &mut self.started, out, usize::MAX, dims);
            all.into_iter().for_each(|mut s| s.step(act));
            return;
        };
        // Chunks of games claimed one at a time: the calling thread from
        // the first, the pool's threads from the last. The caller works
        // from the start (a batch step is tens of microseconds, waking a
        // parked thread several), a thread that starts late takes fewer
        // chunks instead of holding the step up, and the two ends meet
        // once, so the threads seldom write next to each other (the
        // `done` and `to_move` of neighbouring games share a cache line).
        let chunks: Vec<_> = Share::cut(&mut self.envs, &mut self.started, out, CHUNK, dims)
            .into_iter()
            .map(Mutex::new)
            .collect();
        let claims = Claims::new(chunks.len());
        let work = |front: bool| {
            while let Some(chunk) = claims.take(front).and_then(|k| chunks.get(k)) {
                chunk.lock().unwrap_or_else(|p| p.into_inner()).step(act);
            }
        };
        self.warm.fetch_add(1, Ordering::Release);
        let helpers = (pool.current_num_threads()).min(chunks.len().saturating_sub(1));
        let gone = AtomicUsize::new(0);
        pool.in_place_scope(|s| {
            for _ in 0..helpers {
                s.spawn(|_| {
                    let _gone = Gone(&gone);
                    work(false);
                });
            }
            work(true);
            // The scope's own wait would park this thread, and waking it
            // costs more than the helpers' last chunks: spin until they
            // are done instead.
            while gone.load(Ordering::Acquire) < helpers {
                std::hint::spin_loop();
            }
        });
        if helpers > 0 {
            keep_warm(pool, &self.warm);
        }
    }
}

/// Counts a helper of a batch step out when it ends, unwinding too, so
/// the caller spinning for the helpers never waits for one that is gone.
struct Gone<'a>(&'a AtomicUsize);

impl Drop for Gone<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::Release);
    }
}

/// A batch's sizes: numbers per game of each buffer, and its seed.
#[derive(Clone, Copy)]
struct Dims {
    obs: usize,
    actions: usize,
    seats: usize,
    seed: u64,
}

/// Consecutive games of a batch step, from game `first`, and their rows.
struct Share<'r, 'g> {
    first: usize,
    envs: &'r mut [Box<dyn Env + 'g>],
    started: &'r mut [u64],
    obs: &'r mut [f32],
    masks: &'r mut [u8],
    rewards: &'r mut [f32],
    to_move: &'r mut [i64],
    done: &'r mut [u8],
    dims: Dims,
}

/// `n`-long pieces of `buf`, as many as asked for (empty ones past its
/// end, and all of them when `n` is 0).
fn pieces<T>(buf: &mut [T], n: usize) -> impl Iterator<Item = &mut [T]> {
    let mut rest = buf;
    std::iter::from_fn(move || {
        let at = n.min(rest.len());
        let (piece, tail) = std::mem::take(&mut rest).split_at_mut(at);
        rest = tail;
        Some(piece)
    })
}

impl<'r, 'g> Share<'r, 'g> {
    /// The batch's games and `out`'s rows cut into shares of `size` games
    /// (rows the buffers lack are left out; [`Batch::check`] has checked
    /// the sizes).
    fn cut(
        envs: &'r mut [Box<dyn Env + 'g>],
        started: &'r mut [u64],
        out: Out<'r>,
        size: usize,
        dims: Dims,
    ) -> Vec<Share<'r, 'g>> {
        let size = size.max(1);
        let rows = |per: usize| per.saturating_mul(size);
        (envs.chunks_mut(size))
            .zip(started.chunks_mut(size))
            .zip(pieces(out.observations, rows(dims.obs)))
            .zip(pieces(out.masks, rows(dims.actions)))
            .zip(pieces(out.rewards, rows(dims.seats)))
            .zip(pieces(out.to_move, size).zip(pieces(out.done, size)))
            .enumerate()
            .map(
                |(k, (((((envs, started), obs), masks), rewards), (to_move, done)))| Share {
                    first: k * size,
                    envs,
                    started,
                    obs,
                    masks,
                    rewards,
                    to_move,
                    done,
                    dims,
                },
            )
            .collect()
    }

    /// Applies `act` to each game (its index and games started), records
    /// rewards, starts finished games again and writes the rows.
    fn step(&mut self, act: &(dyn Fn(&mut dyn Env, usize, u64) + Sync)) {
        let d = self.dims;
        let rows = (self.envs.iter_mut())
            .zip(self.started.iter_mut())
            .zip(pieces(self.obs, d.obs))
            .zip(pieces(self.masks, d.actions))
            .zip(pieces(self.rewards, d.seats))
            .zip(self.to_move.iter_mut().zip(self.done.iter_mut()));
        for (j, (((((env, started), obs), mask), rew), (tm, done))) in rows.enumerate() {
            let i = self.first + j;
            let e = &mut **env;
            act(e, i, *started);
            e.rewards(rew);
            *done = 0;
            if e.to_move().is_none() {
                *done = 1;
                // A seed that started a game once starts it again, so a
                // reset cannot fail here.
                let _ = e.reset(derive(derive(d.seed, i as u64), *started));
                *started += 1;
            }
            let seat = e.to_move().unwrap_or(0);
            *tm = seat as i64;
            e.observe(seat, obs);
            e.mask(mask);
        }
    }
}

/// Games a thread claims at a time in a batch step (a few microseconds of
/// work).
const CHUNK: usize = 8;

/// The chunks of a batch step not claimed yet, `[front, back)`, packed
/// in one word (`front << 32 | back`) so that a claim from either end is
/// one compare-and-swap.
struct Claims(AtomicU64);

impl Claims {
    /// `chunks` chunks (at most 2³², that is 2³⁵ games: beyond any memory).
    fn new(chunks: usize) -> Self {
        Claims(AtomicU64::new(chunks.min(u32::MAX as usize) as u64))
    }

    /// The next chunk from the front, or from the back; `None` once all
    /// are claimed.
    fn take(&self, front: bool) -> Option<usize> {
        let mut now = self.0.load(Ordering::Relaxed);
        loop {
            let (lo, hi) = (now >> 32, now & u64::from(u32::MAX));
            if lo >= hi {
                return None;
            }
            let (next, got) = if front {
                ((lo + 1) << 32 | hi, lo)
            } else {
                (lo << 32 | (hi - 1), hi - 1)
            };
            match (self.0).compare_exchange_weak(now, next, Ordering::AcqRel, Ordering::Relaxed) {
                Ok(_) => return usize::try_from(got).ok(),
                Err(seen) => now = seen,
            }
        }
    }
}

/// How long a pool thread waits for the next batch step by spinning
/// before it parks: a caller stepping in a loop then never waits for a
/// thread to wake (the practice of OpenMP runtimes, whose default "block
/// time" is far longer). Bounded so that a caller busy elsewhere between
/// steps costs each pool thread at most this much CPU per step.
const SPIN: std::time::Duration = std::time::Duration::from_micros(200);

/// After a batch step, occupies each of `pool`'s threads with a wait for
/// the next step (`warm` moving on) of at most [`SPIN`].
fn keep_warm(pool: &rayon::ThreadPool, warm: &Arc<AtomicU64>) {
    let now = warm.load(Ordering::Acquire);
    for _ in 0..pool.current_num_threads() {
        let warm = Arc::clone(warm);
        pool.spawn(move || {
            let start = std::time::Instant::now();
            while warm.load(Ordering::Acquire) == now && start.elapsed() < SPIN {
                for _ in 0..64 {
                    std::hint::spin_loop();
                }
            }
        });
    }
}

/// Why [`Batch::step`] played nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    /// A buffer or the actions are not the batch's size.
    Shape(String),
    /// A game refused its action.
    Refused(BatchRefused),
}

impl std::fmt::Display for StepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StepError::Shape(s) => f.write_str(s),
            StepError::Refused(r) => r.fmt(f),
        }
    }
}

impl std::error::Error for StepError {}

#[cfg(test)]
mod tests {
    use super::Claims;

    #[test]
    fn claims_hand_out_every_chunk_once_from_both_ends() {
        let c = Claims::new(5);
        assert_eq!(c.take(true), Some(0));
        assert_eq!(c.take(false), Some(4));
        assert_eq!(c.take(false), Some(3));
        assert_eq!(c.take(true), Some(1));
        assert_eq!(c.take(true), Some(2));
        assert_eq!((c.take(true), c.take(false)), (None, None));
        assert_eq!(Claims::new(0).take(false), None);
    }

    #[test]
    fn claims_raced_by_threads_lose_and_repeat_nothing() {
        let n = 10_000;
        let c = &Claims::new(n);
        let mut got: Vec<usize> = std::thread::scope(|s| {
            let takers: Vec<_> = [true, false, false]
                .into_iter()
                .map(|front| {
                    s.spawn(move || std::iter::from_fn(|| c.take(front)).collect::<Vec<_>>())
                })
                .collect();
            takers.into_iter().flat_map(|t| t.join().unwrap()).collect()
        });
        got.sort_unstable();
        assert_eq!(got, (0..n).collect::<Vec<_>>());
    }
}
