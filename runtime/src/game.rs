//! The one interface every game implements, and the loop that plays it.
//!
//! A game is two types, after OpenSpiel: the rules bound to a compiled card
//! set (the type implementing [`Game`]: `Base`, `Duel`, …) and a
//! [`Game::State`], one point of one playthrough. A state answers whose
//! decision is next ([`Game::to_move`]), lists the legal moves
//! ([`Game::legal_moves`]), takes one ([`Game::apply`]), and once no one is
//! to move gives the [`Outcome`]. Every decision is a move: building a card,
//! choosing a progress token, taking a card from the discard pile, picking a
//! wonder in a draft. Simultaneous turns (the base game) are asked one seat
//! at a time from the same position and carried out together when the last
//! seat has chosen; no seat's view shows another's pending choice.
//!
//! Randomness (shuffles, deals, draws) comes from a generator inside the
//! state, seeded by [`Setup::seed`]: the same setup and the same decisions
//! give the same game, which is what replay logs rely on.
//!
//! A player decides from a [`Game::View`]: only what its seat may see (its
//! own hand, the public cities, the discard pile where a rule lets it look,
//! face-down cards as "a card is here"). Views compare equal when they show
//! the same thing, which is how the tests show that hidden cards do not
//! leak into them.
//!
//! `sevenw play`, `sim`, `score`, `price`, `replay`, the bots and the
//! benchmarks all go through this interface (see [`crate::games`] for the
//! registration that makes a game reachable from the command line). The hot
//! path is monomorphic: [`play_out`] is generic over the game and its
//! players, and nothing is boxed per move.

use std::fmt::{self, Debug};

use sevenw_host::{CardId, GameInfo};

use crate::engine::city::MAX_CATEGORIES;
use crate::engine::rng::Rng;
use crate::engine::vocab::Vocab;

/// The rules of one game family, bound to one compiled card set.
pub trait Game: Sized + Send + Sync {
    /// One point of one playthrough: every card, coin and token, the
    /// decision pending, and the random generator for what is still hidden.
    type State: Clone + Send + Debug;
    /// A decision of one seat.
    type Move: Copy + PartialEq + Debug + Send;
    /// What one seat may see of a state.
    type View<'a>: PartialEq + Debug
    where
        Self: 'a;

    /// The compiled tables.
    fn info(&self) -> &'static GameInfo;
    /// Lookups over them (names, chains).
    fn vocab(&self) -> &Vocab;
    /// A new game: the deal, the boards, the starting coins.
    fn start(&self, setup: &Setup) -> Result<Self::State, SetupError>;
    /// [`Game::start`] into `state` (any state of this game: it is
    /// overwritten), reusing its buffers, so that a simulation playing game
    /// after game allocates little per game: the same state as `start`'s.
    /// After an error `state` is some state of this game, to be started
    /// into again, not played.
    fn start_into(&self, setup: &Setup, state: &mut Self::State) -> Result<(), SetupError> {
        *state = self.start(setup)?;
        Ok(())
    }
    /// Seats at the table.
    fn seats(&self, state: &Self::State) -> usize;
    /// The seat whose decision is next, or `None` once the game is over.
    fn to_move(&self, state: &Self::State) -> Option<usize>;
    /// Every legal decision of that seat, into `out` (cleared first). Never
    /// empty while someone is to move. Takes the state mutably for the
    /// caches and buffers it keeps; what the game means is not changed.
    fn legal_moves(&self, state: &mut Self::State, out: &mut Vec<Self::Move>);
    /// Carries out `mv`, one of the legal moves of the seat to move, with
    /// everything it sets off up to the next decision (the rest of a
    /// simultaneous turn, the end of an Age, the next deal).
    fn apply(&self, state: &mut Self::State, mv: &Self::Move);
    /// The final result (or, before the end, the score as things stand).
    fn outcome(&self, state: &Self::State) -> Outcome;
    /// What `seat` may see.
    fn view<'a>(&'a self, state: &'a Self::State, seat: usize) -> Self::View<'a>;
    /// A move in words: the text replay logs hold and check.
    fn describe(&self, mv: &Self::Move) -> String;
    /// The set-up options this game defines ([`Setup::options`]); none by
    /// default.
    fn options(&self) -> &'static [OptionSpec] {
        &[]
    }
    /// A state `seat` cannot tell from `state`: everything it may see kept,
    /// everything hidden from it (other hands, face-down cards, the decks
    /// to come, the random stream, other seats' pending choices) dealt
    /// again at random from `rng`, consistently with what it has seen. The
    /// result depends only on what `seat` may see (its view, and the
    /// public shape of what is hidden: how many cards of which Age lie
    /// where) and on `rng`: two states that differ only in what `seat`
    /// cannot see give equal states for the same `rng`. Search bots decide
    /// on such states (determinization, as in information-set MCTS).
    fn determinize(&self, state: &Self::State, seat: usize, rng: &mut Rng) -> Self::State {
        let mut out = state.clone();
        self.determinize_into(state, seat, rng, &mut out);
        out
    }
    /// [`Game::determinize`] into `out` (any state of this game: it is
    /// overwritten, and its buffers reused, so a search bot sampling at
    /// every playout allocates little): the same state for the same `rng`.
    fn determinize_into(
        &self,
        state: &Self::State,
        seat: usize,
        rng: &mut Rng,
        out: &mut Self::State,
    );
    /// Whether the game is over.
    fn is_over(&self, state: &Self::State) -> bool {
        self.to_move(state).is_none()
    }
    /// How much more often a search bot's playout takes `mv` than a move
    /// of weight 1 (a build than a discard, say), so that playouts look
    /// more like games people play. By default 1 for every move: uniform.
    fn playout_weight(&self, _mv: &Self::Move) -> u32 {
        1
    }
    /// A search bot's playout move in `state` (`None` when nobody is to
    /// move or nothing can be played), drawn with `rng`; `buf` is a buffer.
    /// By default one of the legal moves, drawn as
    /// [`Game::playout_weight`] weighs them. A game may draw it without
    /// listing every legal move (a card first, then what to do with it),
    /// and may return a whole decision in one move (a card action with its
    /// payment) where [`Game::apply`] takes it: any move it returns is one
    /// `apply` plays as a legal move.
    fn playout_move(
        &self,
        state: &mut Self::State,
        rng: &mut Rng,
        buf: &mut Vec<Self::Move>,
    ) -> Option<Self::Move> {
        weighted_move(self, state, rng, buf)
    }
    /// One of the legal moves of `state`, each as likely as any other
    /// (`None` when nobody is to move or nothing can be played), drawn
    /// with `rng`; `buf` is a buffer, left holding anything. What a random
    /// player plays ([`Player::uniform`]). By default the legal moves are
    /// listed and one is drawn; a game may draw one without listing them
    /// (rejection sampling: a card and a kind of action drawn, drawn again
    /// when not legal), which gives each legal move the same chance and
    /// asks the rules about one card instead of every card.
    fn uniform_move(
        &self,
        state: &mut Self::State,
        rng: &mut Rng,
        buf: &mut Vec<Self::Move>,
    ) -> Option<Self::Move> {
        uniform_listed(self, state, rng, buf)
    }

    /// How many numbers the game's fixed action space has: every move of
    /// every position of this game (with its card sets) encodes below it.
    fn num_actions(&self) -> u32;
    /// The number of `mv` in the game's fixed action space
    /// (`runtime/FORMATS.md`, "The action space", lists each game's ranges): the same decision
    /// has the same number in every position, and two legal moves of one
    /// position never share one. What reinforcement-learning environments
    /// and a user interface choose by.
    fn encode(&self, mv: &Self::Move) -> u32;
    /// The legal move of `state` numbered `action`, if one is (the inverse
    /// of [`Game::encode`] over the legal moves). `state` is mutable for
    /// the buffers [`Game::legal_moves`] keeps.
    fn decode(&self, state: &mut Self::State, action: u32) -> Option<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(state, &mut moves);
        moves.into_iter().find(|m| self.encode(m) == action)
    }
    /// The words of action number `action` without a position, for every
    /// number of the space, a legal move's or not: [`Game::describe`] of
    /// the move the number stands for, what the position fills in (the
    /// coins of a build, a layout slot) left out; a range that stands for
    /// no one move (the base game's payment step) has words of its own.
    /// Two numbers never share words (`tests/action_space.rs`). `None` past
    /// the space, and for a family that does not name its numbers (none
    /// of the shipped).
    fn action_words(&self, _action: u32) -> Option<String> {
        None
    }
    /// Whether the seat to move is finishing a decision it began: the
    /// payment of the card action it chose. The steps of one decision are
    /// one line of a replay log. Never, by default.
    fn continues(&self, _state: &Self::State) -> bool {
        false
    }
    /// The words of `mv`, chosen in `state`, as a replay log's line and
    /// the narration say them: for a step that completes a decision, the
    /// whole decision (a card action with the payment it was made with).
    /// By default, [`Game::describe`].
    fn describe_in(&self, _state: &Self::State, mv: &Self::Move) -> String {
        self.describe(mv)
    }
    /// The moves a replay log of format `version` numbers its decisions
    /// by: the legal moves, but for a game whose moves changed since (one
    /// whose payments were moves of their own in format 2).
    fn logged_moves(&self, state: &mut Self::State, _version: u8, out: &mut Vec<Self::Move>) {
        self.legal_moves(state, out)
    }
}

/// Every legal move of `state` as a mask over the game's action space:
/// `mask[a]` is whether action `a` is legal (`mask` is resized to
/// [`Game::num_actions`]). `moves` is a buffer.
pub fn legal_mask<G: Game>(
    game: &G,
    state: &mut G::State,
    moves: &mut Vec<G::Move>,
    mask: &mut Vec<bool>,
) {
    mask.clear();
    mask.resize(game.num_actions() as usize, false);
    game.legal_moves(state, moves);
    for mv in moves.iter() {
        if let Some(m) = mask.get_mut(game.encode(mv) as usize) {
            *m = true;
        }
    }
}

/// Checks the action space over every legal move of `state`: each number
/// below [`Game::num_actions`], distinct, and decoded back to its move.
/// What the round-trip tests call at every decision of many games.
pub fn check_actions<G: Game>(game: &G, state: &mut G::State) -> Result<(), String> {
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    let mut seen = std::collections::HashMap::new();
    for mv in &moves {
        let a = game.encode(mv);
        if a >= game.num_actions() {
            return Err(format!(
                "`{}` encodes to {a}, past the {} actions",
                game.describe(mv),
                game.num_actions()
            ));
        }
        if let Some(other) = seen.insert(a, *mv) {
            return Err(format!(
                "`{}` and `{}` both encode to {a}",
                game.describe(&other),
                game.describe(mv)
            ));
        }
        match game.decode(state, a) {
            Some(back) if back == *mv => {}
            back => {
                return Err(format!(
                    "{a} (`{}`) decodes to {:?}",
                    game.describe(mv),
                    back.map(|b| game.describe(&b))
                ));
            }
        }
    }
    Ok(())
}

/// A rule of every position that a state breaks ([`crate::soak::Invariants`],
/// and what the soak checks ask of every game): which, how, and, once the
/// soak checks know it, in which game and where ([`Broken::at`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// The invariant, in a few stable words (`cards in one place`).
    pub invariant: &'static str,
    /// What was found, in words.
    pub detail: String,
    /// Where it was found, once known.
    pub place: Option<Place>,
}

/// Where a broken invariant was found: the game's seed, and the decisions
/// applied then (0: at the set-up); `moves` is `None` after the end (the
/// sheet and replay checks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub seed: u64,
    pub moves: Option<usize>,
}

impl Broken {
    pub fn new(invariant: &'static str, detail: impl Into<String>) -> Self {
        Broken {
            invariant,
            detail: detail.into(),
            place: None,
        }
    }

    /// The same, found in the game of `seed` after `moves` decisions (0: at
    /// the set-up; `None`: after the end).
    pub fn at(self, seed: u64, moves: Option<usize>) -> Self {
        Broken {
            place: Some(Place { seed, moves }),
            ..self
        }
    }
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            None => {}
            Some(Place {
                seed,
                moves: Some(0),
            }) => write!(f, "seed {seed}, at the set-up: ")?,
            Some(Place {
                seed,
                moves: Some(m),
            }) => write!(f, "seed {seed}, after move {m}: ")?,
            Some(Place { seed, moves: None }) => write!(f, "seed {seed}, after the end: ")?,
        }
        write!(f, "invariant `{}` broken: {}", self.invariant, self.detail)
    }
}

impl std::error::Error for Broken {}

/// `Err(Broken)` unless `ok`.
pub fn ensure(
    ok: bool,
    invariant: &'static str,
    detail: impl FnOnce() -> String,
) -> Result<(), Broken> {
    if ok {
        Ok(())
    } else {
        Err(Broken::new(invariant, detail()))
    }
}

/// Which wonder sides are dealt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Sides {
    A,
    B,
    #[default]
    Random,
}

/// How a game is set up. Each game reads what applies to it and refuses
/// what does not (a side policy for one-sided wonders, say).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Players; `None` for the game's only count (Duel's 2).
    pub players: Option<usize>,
    pub seed: u64,
    pub sides: Sides,
    /// Wonders chosen instead of dealt or drafted, as `(wonder, side)`: one
    /// per seat in the base game; Duel's 8, the first player's 4 first.
    pub wonders: Option<Vec<(u8, u8)>>,
    /// The options the game defines ([`Game::options`]), as `(name,
    /// value)` pairs in the order given; an option not given has its
    /// default.
    pub options: Vec<(String, String)>,
}

/// A set-up option a game defines, beyond the players, seed, sides and
/// wonders every game has: `--option NAME=VALUE` on the command line, a
/// `NAME VALUE` line in a replay log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    /// The values it takes, its default first.
    pub values: &'static [&'static str],
    /// What it does, for `--help`-like listings.
    pub help: &'static str,
}

/// Checks `options` against the game's `specs`: each a known option, once,
/// with one of its values (in any case); the message says which are known.
pub fn check_options(specs: &[OptionSpec], options: &[(String, String)]) -> Result<(), SetupError> {
    let names: Vec<&str> = specs.iter().map(|s| s.name).collect();
    for (i, (name, value)) in options.iter().enumerate() {
        let Some(spec) = specs
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name.trim()))
        else {
            let known = if names.is_empty() {
                "the game has no options".to_string()
            } else {
                format!("options: {}", names.join(", "))
            };
            return Err(SetupError::option(
                "option",
                format!(
                    "unknown option `{}` ({known}){}",
                    crate::text::shown(name),
                    crate::text::did_you_mean(crate::engine::nearest::nearest(
                        &name.trim().to_lowercase(),
                        names.iter().map(|n| (*n, *n))
                    ))
                ),
            ));
        };
        if options[..i]
            .iter()
            .any(|(n, _)| n.trim().eq_ignore_ascii_case(spec.name))
        {
            return Err(SetupError::option(
                "option",
                format!("`{}` is given twice", spec.name),
            ));
        }
        if !spec
            .values
            .iter()
            .any(|v| v.eq_ignore_ascii_case(value.trim()))
        {
            return Err(SetupError::option(
                "option",
                format!(
                    "`{}` is not a value of `{}` ({})",
                    crate::text::shown(value),
                    spec.name,
                    spec.values.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

impl Setup {
    /// `players` players, game seed `seed`, everything else dealt.
    pub fn new(players: usize, seed: u64) -> Self {
        Setup {
            players: Some(players),
            seed,
            ..Setup::default()
        }
    }

    /// A game of the game's only player count.
    pub fn seeded(seed: u64) -> Self {
        Setup {
            seed,
            ..Setup::default()
        }
    }

    pub fn with_sides(mut self, sides: Sides) -> Self {
        self.sides = sides;
        self
    }

    pub fn with_wonders(mut self, wonders: Vec<(u8, u8)>) -> Self {
        self.wonders = Some(wonders);
        self
    }

    /// With the option `name` set to `value` (replacing an earlier value).
    pub fn with_option(mut self, name: &str, value: &str) -> Self {
        self.options.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
        self.options.push((name.to_string(), value.to_string()));
        self
    }

    /// The value given to the option `name` (any case), if any.
    pub fn option(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(n, _)| n.trim().eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
    }
}

/// Why a game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A set-up option that does not fit the game (a usage mistake): the
    /// option, and why.
    Option {
        option: &'static str,
        message: String,
    },
    /// The card set cannot be played by these rules.
    Game(String),
}

impl SetupError {
    pub fn option(option: &'static str, message: impl Into<String>) -> Self {
        SetupError::Option {
            option,
            message: message.into(),
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Option { option, message } => write!(f, "--{option}: {message}"),
            SetupError::Game(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for SetupError {}

impl From<crate::engine::vocab::VocabError> for SetupError {
    fn from(e: crate::engine::vocab::VocabError) -> Self {
        SetupError::Game(e.to_string())
    }
}

/// The victory of a game won on points (the base game's only kind).
pub const POINTS: &str = "points";

/// A seat's final score.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Score {
    /// Points per category, in the game's category order.
    pub points: [i32; MAX_CATEGORIES],
    pub total: i32,
    /// Coins at the end.
    pub coins: i32,
    /// Cards copied at game end (`Host::copy_card`: a card's `copy` effect), for the record.
    pub copied: Vec<CardId>,
}

/// How a game ended.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub scores: Vec<Score>,
    /// The winners: one seat, or every seat still tied after the game's
    /// tie-breaks.
    pub winners: Vec<usize>,
    /// How it was won, in the game's words: `points` in the base game;
    /// `civilian`, `military` or `science` in Duel.
    pub victory: &'static str,
}

/// What a seat knows at a decision: its view, and samples of the states
/// it cannot tell apart ([`Game::determinize`]). The state itself is not
/// reachable through it, so a player given one decides fairly.
pub struct InfoSet<'a, G: Game> {
    game: &'a G,
    state: &'a G::State,
    seat: usize,
}

impl<'a, G: Game> InfoSet<'a, G> {
    /// The information set of `seat` at `state`.
    pub fn new(game: &'a G, state: &'a G::State, seat: usize) -> Self {
        InfoSet { game, state, seat }
    }
    pub fn seat(&self) -> usize {
        self.seat
    }
    /// What the seat sees.
    pub fn view(&self) -> G::View<'a> {
        self.game.view(self.state, self.seat)
    }
    /// A state the seat cannot tell from the real one, hidden things dealt
    /// from `rng`.
    pub fn sample(&self, rng: &mut Rng) -> G::State {
        self.game.determinize(self.state, self.seat, rng)
    }
    /// A sample into `out` (see [`Game::determinize_into`]).
    pub fn sample_into(&self, rng: &mut Rng, out: &mut G::State) {
        self.game.determinize_into(self.state, self.seat, rng, out)
    }
}

/// Someone who decides for a seat: a bot, a replay log, a test script.
pub trait Player<G: Game> {
    /// The index of the chosen move among `moves` (never empty). An index
    /// out of range is taken as the last move.
    fn choose(&mut self, game: &G, view: &G::View<'_>, moves: &[G::Move]) -> usize;

    /// The same decision, given the seat's information set (its view and
    /// samples of what it cannot see): what the game loop calls. Players
    /// that search (the MCTS bot) use the samples; the others decide from
    /// the view.
    fn decide(&mut self, game: &G, info: &InfoSet<'_, G>, moves: &[G::Move]) -> usize {
        self.choose(game, &info.view(), moves)
    }

    /// For a player that picks uniformly among the legal moves, its random
    /// stream: the game loop then asks the game for such a move
    /// ([`Game::uniform_move`]) without the list [`Player::decide`] is
    /// given. `None` (the default) for every other player.
    fn uniform(&mut self) -> Option<&mut Rng> {
        None
    }
}

impl<G: Game, P: Player<G> + ?Sized> Player<G> for Box<P> {
    fn choose(&mut self, game: &G, view: &G::View<'_>, moves: &[G::Move]) -> usize {
        (**self).choose(game, view, moves)
    }
    fn decide(&mut self, game: &G, info: &InfoSet<'_, G>, moves: &[G::Move]) -> usize {
        (**self).decide(game, info, moves)
    }
    fn uniform(&mut self) -> Option<&mut Rng> {
        (**self).uniform()
    }
}

impl<G: Game, P: Player<G> + ?Sized> Player<G> for &mut P {
    fn choose(&mut self, game: &G, view: &G::View<'_>, moves: &[G::Move]) -> usize {
        (**self).choose(game, view, moves)
    }
    fn decide(&mut self, game: &G, info: &InfoSet<'_, G>, moves: &[G::Move]) -> usize {
        (**self).decide(game, info, moves)
    }
    fn uniform(&mut self) -> Option<&mut Rng> {
        (**self).uniform()
    }
}

/// Deals hidden cards again: every card of `slots` is gathered, grouped by
/// `key` (an Age, say, so that a hand of Age II gets Age II cards), each
/// group sorted (so the result depends on which cards are hidden, not where
/// they were) and shuffled with `rng`, and every position of every slot
/// refilled from the group of the card it held.
pub fn redeal<T: Copy + Ord, K: Ord + Copy>(
    slots: &mut [&mut [T]],
    key: impl Fn(T) -> K,
    rng: &mut Rng,
) {
    // Every card with its group, sorted by group then card: each group is
    // a run, the runs in the order of their keys.
    let mut cards: Vec<(K, T)> = Vec::with_capacity(slots.iter().map(|s| s.len()).sum());
    for slot in slots.iter() {
        cards.extend(slot.iter().map(|&c| (key(c), c)));
    }
    cards.sort_unstable();
    // Each run shuffled (in the order of the keys), and where its cards
    // not yet dealt end.
    let mut runs: Vec<(K, usize, usize)> = Vec::new();
    let mut start = 0;
    while let Some(&(k, _)) = cards.get(start) {
        let len = cards[start..].partition_point(|&(g, _)| g == k);
        rng.shuffle(&mut cards[start..start + len]);
        runs.push((k, start, start + len));
        start += len;
    }
    // Every position dealt the last card left of its group's run.
    for slot in slots.iter_mut() {
        for c in slot.iter_mut() {
            let k = key(*c);
            let Ok(i) = runs.binary_search_by(|&(g, _, _)| g.cmp(&k)) else {
                continue;
            };
            let (_, begin, end) = &mut runs[i];
            if *end > *begin {
                *end -= 1;
                *c = cards[*end].1;
            }
        }
    }
}

/// Follows a game as it is played (printing, recording, checking).
pub trait Observer<G: Game> {
    /// `seat` chose `moves[index]` in `state` (not yet applied).
    fn decided(
        &mut self,
        _game: &G,
        _state: &G::State,
        _seat: usize,
        _index: usize,
        _moves: &[G::Move],
    ) {
    }
    /// `mv` of `seat` was applied; `state` is the position after it.
    fn applied(&mut self, _game: &G, _state: &G::State, _seat: usize, _mv: &G::Move) {}
    /// Whether [`Observer::decided`] reads the legal moves: when not, a
    /// random player's move is drawn without listing them, and `decided`
    /// is told the move alone (`moves` of one, `index` 0). The game played
    /// is the same either way. Yes, by default.
    fn reads_moves(&self) -> bool {
        true
    }
}

impl<G: Game> Observer<G> for () {
    fn reads_moves(&self) -> bool {
        false
    }
}

/// Why a game could not be played to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The seat to move has no legal move (a defect of the rules).
    NoMove { seat: usize },
    /// No player was given for the seat to move.
    NoPlayer { seat: usize },
    /// The move drawn for the seat's random player is not among the legal
    /// moves (a defect of the game's [`Game::uniform_move`]).
    Unlisted { seat: usize },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NoMove { seat } => write!(f, "seat {seat} has no legal move"),
            PlayError::NoPlayer { seat } => write!(f, "no player for seat {seat}"),
            PlayError::Unlisted { seat } => {
                write!(
                    f,
                    "the random move drawn for seat {seat} is not a legal move"
                )
            }
        }
    }
}

impl std::error::Error for PlayError {}

/// One of the legal moves of `state` drawn uniformly from their list (made
/// in `buf`): [`Game::uniform_move`] by default, and where a game's own
/// draw does not apply.
#[inline]
pub fn uniform_listed<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut Rng,
    buf: &mut Vec<G::Move>,
) -> Option<G::Move> {
    game.legal_moves(state, buf);
    (!buf.is_empty()).then(|| buf[rng.below(buf.len())])
}

/// The index of a move of `legal` (never empty) drawn as `game` weighs
/// them ([`Game::playout_weight`]): a search bot's playout move.
pub fn weighted_pick<G: Game>(game: &G, legal: &[G::Move], rng: &mut Rng) -> usize {
    let total: u64 = legal
        .iter()
        .map(|m| u64::from(game.playout_weight(m)))
        .sum();
    let Ok(total) = usize::try_from(total) else {
        return rng.below(legal.len());
    };
    // Every move of weight 1 (or none weighed): uniform, with no second
    // pass.
    if total == 0 || total == legal.len() {
        return rng.below(legal.len());
    }
    let mut r = rng.below(total) as u64;
    for (i, m) in legal.iter().enumerate() {
        let w = u64::from(game.playout_weight(m));
        if r < w {
            return i;
        }
        r -= w;
    }
    legal.len() - 1
}

/// One of the legal moves of `state` drawn as `game` weighs them (`None`
/// when there is none): [`Game::playout_move`] unless a game draws its
/// own; `buf` is a buffer.
pub fn weighted_move<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut Rng,
    buf: &mut Vec<G::Move>,
) -> Option<G::Move> {
    game.legal_moves(state, buf);
    (!buf.is_empty()).then(|| buf[weighted_pick(game, buf, rng)])
}

/// Plays `state` to the end with `players` (one per seat), telling `obs`.
pub fn play_out<G: Game, P: Player<G>>(
    game: &G,
    state: &mut G::State,
    players: &mut [P],
    obs: &mut impl Observer<G>,
) -> Result<Outcome, PlayError> {
    let mut moves = Vec::with_capacity(64);
    while let Some(seat) = game.to_move(state) {
        step(game, state, players, obs, seat, &mut moves)?;
    }
    Ok(game.outcome(state))
}

/// Plays decisions until `stop` says so (checked before each) or the game
/// ends; returns whether the game is over.
pub fn play_until<G: Game, P: Player<G>>(
    game: &G,
    state: &mut G::State,
    players: &mut [P],
    obs: &mut impl Observer<G>,
    mut stop: impl FnMut(&G::State) -> bool,
) -> Result<bool, PlayError> {
    let mut moves = Vec::with_capacity(64);
    while let Some(seat) = game.to_move(state) {
        if stop(state) {
            return Ok(false);
        }
        step(game, state, players, obs, seat, &mut moves)?;
    }
    Ok(true)
}

fn step<G: Game, P: Player<G>>(
    game: &G,
    state: &mut G::State,
    players: &mut [P],
    obs: &mut impl Observer<G>,
    seat: usize,
    moves: &mut Vec<G::Move>,
) -> Result<(), PlayError> {
    let player = players.get_mut(seat).ok_or(PlayError::NoPlayer { seat })?;
    let mv = decide_move(game, state, player, seat, obs, moves)?;
    game.apply(state, &mv);
    obs.applied(game, state, seat, &mv);
    Ok(())
}

/// The move `player` makes for `seat` in `state`, told to `obs`
/// ([`Observer::decided`]; not yet applied): a random player's drawn
/// without a list ([`Game::uniform_move`]; the list is made only for an
/// observer that reads it, and the move is the same either way), any
/// other player's chosen among the legal moves, listed in `moves`.
pub fn decide_move<G: Game, P: Player<G> + ?Sized>(
    game: &G,
    state: &mut G::State,
    player: &mut P,
    seat: usize,
    obs: &mut impl Observer<G>,
    moves: &mut Vec<G::Move>,
) -> Result<G::Move, PlayError> {
    if let Some(rng) = player.uniform() {
        let mv = game
            .uniform_move(state, rng, moves)
            .ok_or(PlayError::NoMove { seat })?;
        if obs.reads_moves() {
            game.legal_moves(state, moves);
            let i = moves
                .iter()
                .position(|m| *m == mv)
                .ok_or(PlayError::Unlisted { seat })?;
            obs.decided(game, state, seat, i, moves);
        } else {
            obs.decided(game, state, seat, 0, std::slice::from_ref(&mv));
        }
        return Ok(mv);
    }
    game.legal_moves(state, moves);
    if moves.is_empty() {
        return Err(PlayError::NoMove { seat });
    }
    let i = {
        let info = InfoSet::new(game, state, seat);
        player.decide(game, &info, moves).min(moves.len() - 1)
    };
    obs.decided(game, state, seat, i, moves);
    Ok(moves[i])
}

/// Why a move cannot be played now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over.
    Over,
    /// Another seat is to move.
    NotYourTurn { to_move: usize },
    /// Not among the legal moves of the seat.
    NotLegal,
}

/// Applies `mv` for `seat` if it is legal now (the slow, checked way: for
/// scenarios, logs and tools, not for bots).
pub fn try_apply<G: Game>(
    game: &G,
    state: &mut G::State,
    seat: usize,
    mv: &G::Move,
) -> Result<(), Illegal> {
    let to_move = game.to_move(state).ok_or(Illegal::Over)?;
    if to_move != seat {
        return Err(Illegal::NotYourTurn { to_move });
    }
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    if !moves.contains(mv) {
        return Err(Illegal::NotLegal);
    }
    game.apply(state, mv);
    Ok(())
}

/// The seats with the best `key`, in seat order (several when tied).
pub fn best_seats<K: Ord + Copy>(keys: impl Iterator<Item = K> + Clone) -> Vec<usize> {
    let best = keys.clone().max();
    keys.enumerate()
        .filter(|&(_, k)| Some(k) == best)
        .map(|(i, _)| i)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::RandomBot;
    use crate::engine::rng::derive;

    /// The moves applied, and how many decisions were told; reads the
    /// legal moves or not.
    struct Applied<M> {
        moves: Vec<M>,
        told: usize,
        reads: bool,
    }

    impl<G: Game> Observer<G> for Applied<G::Move> {
        fn decided(&mut self, _g: &G, _s: &G::State, _seat: usize, i: usize, moves: &[G::Move]) {
            assert!(i < moves.len(), "index {i} of {} moves", moves.len());
            self.told += 1;
        }
        fn applied(&mut self, _g: &G, _s: &G::State, _seat: usize, mv: &G::Move) {
            self.moves.push(*mv);
        }
        fn reads_moves(&self) -> bool {
            self.reads
        }
    }

    /// Random players play the same moves whether or not an observer reads
    /// the legal moves (a replay log does; `sim`'s count does not), since
    /// their move is drawn before any list is made.
    fn same_game_whoever_watches<G: Game>(g: &G, setup: &Setup) {
        let [quiet, reading] = [false, true].map(|reads| {
            let mut st = g.start(setup).unwrap();
            let mut players: Vec<RandomBot> = (0..g.seats(&st))
                .map(|s| RandomBot::new(derive(7, s as u64)))
                .collect();
            let mut obs = Applied {
                moves: Vec::new(),
                told: 0,
                reads,
            };
            let out = play_out(g, &mut st, &mut players, &mut obs).unwrap();
            (obs.moves, obs.told, out)
        });
        assert_eq!(quiet, reading);
        assert!(quiet.0.len() > 20, "{} moves", quiet.0.len());
        assert_eq!(quiet.1, quiet.0.len(), "every decision told");
    }

    #[test]
    fn a_random_game_is_the_same_whoever_watches() {
        use crate::games::{architects::Architects, base::Base, duel::Duel};
        let duel = Duel::new(sevenw_cards::game("duel").unwrap()).unwrap();
        let base = Base::new(
            crate::select(sevenw_cards::GAMES, "base", None, &["leaders", "edifice"]).unwrap(),
        )
        .unwrap();
        let architects = Architects::new(sevenw_cards::game("architects").unwrap()).unwrap();
        for seed in 0..3 {
            same_game_whoever_watches(&duel, &Setup::seeded(seed));
            same_game_whoever_watches(&base, &Setup::new(3 + 2 * seed as usize, seed));
            same_game_whoever_watches(&architects, &Setup::new(4, seed));
        }
    }

    #[test]
    fn best_seats_keep_ties() {
        assert_eq!(best_seats([3, 5, 5, 1].into_iter()), vec![1, 2]);
        assert_eq!(best_seats([(4, 2), (4, 3)].into_iter()), vec![1]);
        assert!(best_seats(std::iter::empty::<i32>()).is_empty());
    }

    #[test]
    fn setup_builders() {
        let s = Setup::new(4, 9).with_sides(Sides::B);
        assert_eq!(s.players, Some(4));
        assert_eq!(s.sides, Sides::B);
        assert_eq!(Setup::seeded(3).players, None);
        assert_eq!(
            SetupError::option("players", "9 is too many").to_string(),
            "--players: 9 is too many"
        );
    }
}
