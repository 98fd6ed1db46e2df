//! The base game's turn structure: set-up, the three Ages of simultaneous
//! choices, hands passed left–right–left, the three actions, conflicts at
//! the end of each Age and final scoring with the tie-break by coins.
//!
//! Rule references quote the Spanish rulebooks by their section titles:
//! 7 Wonders' (the base game, first edition: "Resumen de una era", "Fin de
//! una era", …), and for the expansions the second editions of Leaders'
//! ("Fase de selección", "Fase de reclutamiento") and Edifice's
//! ("Preparación", "A. Participar en el proyecto", …).
//!
//! This folder is the only code that knows the base game's turn order. It reads
//! everything else from the game's tables: decks from `copies` and the guild
//! draw rule, wonder boards, costs, chains, and the effects, which it runs
//! through [`CityHost`] and [`ScoreHost`]. The timing of the wonder powers is
//! here, in reaction to the primitives the effects call:
//!
//! - `build_free(Discard, Now)`: one free build from the discard pile at the
//!   end of the turn, after that turn's discards (the 6th turn's last cards
//!   included), asked as a decision of its own;
//! - `build_free(Hand, OncePerAge)`: an extra action, "build for free", usable
//!   once in each Age from the next decision on;
//! - `play_last_card()`: after the 6th turn, the last card of the hand is
//!   played (build, stage or discard) instead of being discarded;
//! - `copy_card(..)`: at game end, before scoring, the copy that scores best;
//! - `copy_stage(..)`: a neighbour's stage, run as built once the copying
//!   effects have run (`engine::city::run_copies`, in every `run_built`);
//! - `science(..)` with several symbols: chosen at scoring, for the best score.
//!
//! A turn is simultaneous ("I. Elija una tarjeta": "Cada jugador mira su
//! mano … y selecciona una carta"): every seat is asked in turn from the
//! position at the start of the turn, and the moves are carried out
//! together once the last seat has chosen, so coins gained this turn are
//! not spent this turn and counts see the whole turn's builds.
//!
//! The folder:
//!
//! - this file: the rules' types ([`Base`], [`Move`], [`Phase`],
//!   [`State`]), the rules bound to a card set, and [`Game`] for them;
//! - `position`: the position ([`Position`]): cities, hands, piles,
//!   projects;
//! - `deal`: set-up and the Ages: boards, each Age's deck, the Leaders
//!   draft and recruitment, the conflicts at the end of an Age;
//! - `actions`: the fixed action space (each decision's number);
//! - `moves`: what a seat may do, and what a card or stage costs it;
//! - `stages`: which wonder stages a city may build now (a side's levels);
//! - `trade`: the trade that pays for it: every way to pay a cost with the
//!   city's own production and by buying from the two neighbours;
//! - `turn`: carrying out a turn, its effects and the choices they ask;
//! - `edifice`: Edifice's projects, joined, completed and failed;
//! - `score`: final scoring and the winners;
//! - `view`: what one seat sees, and determinization;
//! - `show`: what one seat sees as a JSON document, for a table;
//! - `observe`: a seat's view as a flat vector of numbers (its
//!   [`Observe`](crate::env::Observe), for reinforcement learning);
//! - `greedy`, `invariants`, `narrate`, `sheet`, `scenario`: the greedy
//!   bot's judgement, the soak checks, the narration, city sheets and
//!   scenarios.

mod actions;
mod deal;
mod edifice;
mod greedy;
pub(crate) mod invariants;
mod moves;
mod narrate;
mod observe;
mod position;
pub mod scenario;
mod score;
pub mod sheet;
mod show;
pub mod stages;
pub mod trade;
mod turn;
mod view;

pub use deal::deck_size;
pub use position::{Position, Project, Seat, Status};
pub use score::winners;
pub use view::View;

use crate::engine::clone_reusing;

use sevenw_host::{CardId, Category, ColourSet, DraftRule, Event, GameInfo, Source};

use crate::engine::rng::{Rng, derive};
use crate::engine::vocab::{Vocab, VocabError};
use crate::game::{Game, OptionSpec, Outcome, POINTS, Setup, SetupError};
use crate::soak::Invariants;
use crate::statistics::{Statistics, Tag};
use trade::{Payment, PaymentSearch};

/// "Descarta la carta para ganar 3 monedas".
pub const DISCARD_COINS: i32 = 3;

/// The set-up options of a game with a draft (Leaders): which of the
/// drafted cards are dealt. 7 Wonders: Leaders, second edition rulebook,
/// set-up: "para las primeras partidas … recomendamos usar únicamente las
/// cartas de Líder normales" (the Expert ones once players know the game).
const LEADERS_OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: "leaders",
    values: &["normal", "all"],
    help: "which leaders are dealt: the normal ones (advised for first games) or all, expert ones included",
}];

/// What a neighbour's resource costs without a discount ("Comercio": 2 monedas).
pub const TRADE_PRICE: u8 = 2;
/// Science points per complete set of symbols.
pub const SCIENCE_SET_BONUS: u32 = 7;
/// Points of a defeat token.
pub const DEFEAT_VP: i32 = -1;

/// Points of a victory token won at the end of `age` (1, 3, 5).
pub fn victory_vp(age: u8) -> i32 {
    crate::engine::military::age_victory_vp(age)
}

/// The scoring categories the base rules add to, found once by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Categories {
    pub military: Category,
    pub treasury: Category,
    pub wonder: Category,
    pub civilian: Category,
    pub commercial: Category,
    pub guilds: Category,
    pub science: Category,
}

/// The base rules bound to one game's tables.
#[derive(Clone, Debug)]
pub struct Base {
    pub info: &'static GameInfo,
    pub vocab: Vocab,
    pub categories: Categories,
    /// For each player count (index `n`), why the Age decks do not deal
    /// exactly, if they do not: checked once, not at every game's start.
    deals: Vec<Option<String>>,
    /// Each Age's deck before its shuffle, per player count.
    decks: deal::Decks,
    /// The draft rule of the card sets in play (Leaders), if any.
    pub draft: Option<DraftRule>,
    /// The fixed action space of the card sets.
    numbering: actions::Numbering,
    /// The wonder sides whose stages are built by level, not in order.
    levels: stages::Levels,
    /// Whether a card of the card sets offers a choice (`one of`): move
    /// lists and playouts look for options only then.
    card_choices: bool,
    /// Whether any card or stage costs tokens of a declared kind (none:
    /// a build gives up no tokens, and the check is skipped).
    token_costs: bool,
    /// Whether a kind of token sits out the battles (Cities' diplomacy).
    sits_out: bool,
    /// The kind of token a city losing coins may take instead of paying,
    /// by choice (Cities' debt), if any.
    debt_choice: Option<usize>,
}

/// What a player does with the chosen card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Build the structure, paying this.
    Build(Payment),
    /// Build it for free by a chain.
    Chain,
    /// Build it for free with a once-per-Age ability.
    Free,
    /// Build it for free by a rule that costs nothing to use (the first
    /// card of a colour, the first or last card of an Age, a colour always
    /// free).
    RuleFree,
    /// Build a wonder stage with it, paying this (with Edifice, the
    /// project's cost too when it joins).
    Stage(Payment, StageHow),
    /// Discard it for coins.
    Discard,
    /// Build it for free from the discard pile (a wonder's power).
    FromDiscard,
    /// Keep this card of the draft and pass the rest on.
    Keep,
    /// Put this built card under the wonder (entomb it).
    Entomb,
    /// Build nothing when an effect offers a card of the hand.
    Skip,
    /// Of a loss of coins, take this many tokens of the kind taken instead
    /// of coins beyond those for the coins the city cannot pay (0: pay all
    /// it can; [`MAX_OWED_BY_CHOICE`] at most).
    Owe(u8),
}

/// The most tokens a city takes by choice, beyond those it must, for one
/// loss of coins (`by_choice`; the action space numbers each).
pub const MAX_OWED_BY_CHOICE: u8 = 31;

/// Which wonder stage is built, and how: whether it joins the current
/// Age's project (Edifice).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StageHow {
    /// The stage built: its index on the side, from 0 (the next one on a
    /// side built in order; any open one on a side with levels).
    pub stage: u8,
    pub join: bool,
}

/// A decision: the card at `slot` of the hand and what to do with it (for
/// [`Action::FromDiscard`], a card of the discard pile; `slot` is 0).
///
/// A turn is decided in two steps, as at the table: first the card action,
/// then, only when the rules leave a choice, how to pay it. A build or a
/// stage of the first step is [`Paid::Open`] (its [`Payment`] still
/// [`Payment::FREE`]) when it may be paid in more than one way, or
/// [`Paid::Only`] with its one way; the second step is the same move,
/// [`Paid::Chosen`] with the payment chosen. Every other action is
/// complete as chosen. A complete move may also be applied at once in
/// place of both steps (scenarios, city sheets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub slot: u8,
    pub card: CardId,
    pub action: Action,
    /// How far its payment is decided.
    pub paid: Paid,
    /// The option chosen, from 0, for the effects of the card or stage it
    /// builds when they offer a choice (`one of`; [`Base::options_of`]).
    pub option: u8,
}

/// How far a move's payment is decided ([`Move`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Paid {
    /// A card action whose payment is still to be chosen.
    Open,
    /// A card action with one way to pay, the one it holds.
    Only,
    /// Complete: the payment chosen in the second step, or none to choose.
    Chosen,
}

impl Move {
    /// A complete move (its payment, if any, in `action`).
    pub fn new(slot: u8, card: CardId, action: Action) -> Move {
        Move {
            slot,
            card,
            action,
            paid: Paid::Chosen,
            option: 0,
        }
    }

    /// This move with `option` chosen for what it builds.
    pub fn choosing(self, option: u8) -> Move {
        Move { option, ..self }
    }

    /// A card action of the first step: `action` paid with `only` when
    /// that is its one way, else [`Paid::Open`].
    pub fn card_action(slot: u8, card: CardId, action: Action, only: Option<Payment>) -> Move {
        let open = Move {
            slot,
            card,
            action,
            paid: Paid::Open,
            option: 0,
        };
        match only {
            Some(p) => Move {
                paid: Paid::Only,
                ..open.paying(p)
            },
            None => open,
        }
    }

    /// Whether this is a card action whose payment is still to be found.
    pub fn unpaid(&self) -> bool {
        self.paid == Paid::Open && matches!(self.action, Action::Build(_) | Action::Stage(..))
    }

    /// Whether this is the second step of a decision: a build or a stage
    /// with the payment chosen.
    pub fn is_payment(&self) -> bool {
        self.paid == Paid::Chosen && matches!(self.action, Action::Build(_) | Action::Stage(..))
    }

    /// This move paid with `p`.
    pub fn paying(self, p: Payment) -> Move {
        let action = match self.action {
            Action::Build(_) => Action::Build(p),
            Action::Stage(_, how) => Action::Stage(p, how),
            other => other,
        };
        Move {
            action,
            paid: Paid::Chosen,
            ..self
        }
    }
}

/// Whose decision is pending, and of what kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The simultaneous turn: the seats that have not chosen yet, in order.
    #[default]
    Turn,
    /// After the 6th turn, this seat plays its last card.
    LastCard(usize),
    /// This seat builds a card of the discard pile for free.
    FreeBuild(usize),
    /// The draft before Age I: every seat keeps a card of its hand at once.
    Draft,
    /// This seat chooses for an effect of its own.
    Choose(usize, Choice),
    /// The game is over.
    Over,
}

/// A choice an effect asks of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Which built card of these colours to entomb.
    Entomb(ColourSet),
    /// Which card of these colours of the drafted hand to build, paying
    /// (or none).
    Recruit(ColourSet),
    /// How many of this many coins to pay, the rest taken as tokens of the
    /// kind taken instead of coins by choice (Cities' debt).
    Debt(u32),
}

/// A base game in progress.
#[derive(Debug)]
pub struct State {
    pub table: Position,
    pub phase: Phase,
    /// Moves chosen this turn, by seat, not yet carried out.
    chosen: Vec<Move>,
    /// The moves of the last turn carried out, by seat.
    pub resolved: Vec<Move>,
    /// Turns carried out in the whole game.
    pub turns_played: u32,
    /// Whether the turn being finished is the last of its Age.
    last_turn: bool,
    /// Where the turn continues once the choice asked is made.
    resume: Resume,
    /// The card action of the seat to move whose payment it chooses now
    /// (the second step of its decision).
    paying: Option<Move>,
    rng: Rng,
    scratch: Scratch,
}

clone_reusing!(State {
    table,
    phase,
    chosen,
    resolved,
    turns_played,
    last_turn,
    resume,
    paying,
    rng,
    scratch,
});

impl State {
    /// A state with nothing dealt (allocates nothing).
    fn blank() -> State {
        State {
            table: Position::default(),
            phase: Phase::Turn,
            chosen: Vec::new(),
            resolved: Vec::new(),
            turns_played: 0,
            last_turn: false,
            resume: Resume::Turn(0),
            paying: None,
            rng: Rng::new(0),
            scratch: Scratch::default(),
        }
    }
}

impl PartialEq for State {
    /// Two states are equal when the game is at the same point: the same
    /// position, decision and random stream (buffers aside).
    fn eq(&self, other: &Self) -> bool {
        self.table == other.table
            && self.phase == other.phase
            && self.chosen == other.chosen
            && self.turns_played == other.turns_played
            && self.resume == other.resume
            && self.paying == other.paying
            && self.rng == other.rng
    }
}

/// Reusable buffers: nothing of the game's meaning.
#[derive(Debug, Default)]
struct Scratch {
    movegen: MoveGen,
    built: Vec<(usize, Source, Event)>,
    gained: Vec<u8>,
    /// Each city's shields at a conflict resolution.
    strength: Vec<u32>,
    /// An Age's deck while it is dealt.
    deck: Vec<CardId>,
    /// The guilds drawn from while an Age is dealt.
    pool: Vec<CardId>,
    /// The legal moves an action number is decoded among.
    decode: Vec<Move>,
}

impl Clone for Scratch {
    /// Empty buffers: a cloned state (a search bot's) grows its own when it
    /// needs them, and cloning allocates none.
    fn clone(&self) -> Self {
        Scratch::default()
    }

    /// Keeps the destination's own buffers (forgetting what they were
    /// computed for).
    fn clone_from(&mut self, _: &Self) {
        self.movegen.pays_for = None;
    }
}

/// Reusable buffers for move generation.
#[derive(Clone, Debug, Default)]
pub struct MoveGen {
    search: PaymentSearch,
    /// The stage moves of a hand: payment, how, option.
    stage: Vec<(Payment, StageHow, u8)>,
    /// The ways to pay the card action being paid.
    pays: Vec<Payment>,
    /// The card action waiting for its payment that `pays` lists the ways
    /// of (set when they are found for it, cleared when the state changes
    /// otherwise).
    pays_for: Option<Move>,
    /// The stage actions of a turn, with their one way to pay if so.
    stage_actions: Vec<(StageHow, u8, Option<Payment>)>,
}

impl MoveGen {
    pub fn new() -> Self {
        Self::default()
    }
}

/// The seat choosing a card action in a state of `phase` whose table is
/// `t` (`chosen` seats have chosen this turn; `paying`: a seat is paying
/// for its action) and the hand it chooses from (the leaders it holds
/// while recruiting), if a turn or the last card of an Age asks one and
/// the hand is not empty. The fields rather than the state, so that the
/// state's move buffers stay free to borrow.
fn playout_hand(
    t: &Position,
    phase: Phase,
    paying: bool,
    chosen: usize,
) -> Option<(usize, &[CardId])> {
    let seat = match (paying, phase) {
        (false, Phase::Turn) => chosen,
        (false, Phase::LastCard(seat)) => seat,
        _ => return None,
    };
    let hand = if t.recruiting && phase == Phase::Turn {
        t.side.get(seat)
    } else {
        t.hands.get(seat)
    };
    hand.filter(|h| !h.is_empty()).map(|h| (seat, h.as_slice()))
}

impl Base {
    /// The base rules over `info`; fails if it lacks a category they score.
    pub fn new(info: &'static GameInfo) -> Result<Self, VocabError> {
        let vocab = Vocab::new(info)?;
        let categories = Categories {
            military: vocab.category("military")?,
            treasury: vocab.category("treasury")?,
            wonder: vocab.category("wonder")?,
            civilian: vocab.category("civilian")?,
            commercial: vocab.category("commercial")?,
            guilds: vocab.category("guilds")?,
            science: vocab.category("science")?,
        };
        let deals = (0..=usize::from(info.max_players))
            .map(|n| {
                (1..=info.ages).find_map(|age| {
                    let have = deck_size(info, age, n);
                    let want = n * usize::from(info.hand_size);
                    (have < want).then(|| {
                        format!(
                            "the Age {age} deck has {have} cards for {n} players; the deal needs {want}"
                        )
                    })
                })
            })
            .collect();
        if !info.extends.is_empty() {
            return Err(VocabError::Compose(format!(
                "`{}` is an expansion of `{}`: play `{}` with it (`--with {}`)",
                info.name, info.extends, info.extends, info.name
            )));
        }
        Ok(Base {
            info,
            vocab,
            categories,
            deals,
            decks: deal::Decks::of(info),
            draft: info.draft,
            numbering: actions::Numbering::of(info),
            levels: stages::Levels::of(info),
            card_choices: info.cards.iter().any(|c| c.options > 0),
            token_costs: info.cards.iter().any(|c| !c.cost.tokens.is_empty())
                || (info.wonders.iter().flat_map(|w| w.sides.iter()))
                    .flat_map(|s| s.stages.iter())
                    .any(|st| !st.cost.tokens.is_empty()),
            sits_out: info.tokens.iter().any(|k| k.sits_out),
            debt_choice: (info.tokens.iter()).position(|k| k.instead_of_coins && k.by_choice),
        })
    }

    /// Carries out a complete move of the seat to move.
    fn carry_out(&self, state: &mut State, mv: &Move) {
        match state.phase {
            Phase::Turn => {
                state.chosen.push(*mv);
                if state.chosen.len() >= state.table.cities.len() {
                    self.resolve_turn(state);
                }
            }
            Phase::Draft => {
                state.chosen.push(*mv);
                if state.chosen.len() >= state.table.cities.len() {
                    self.resolve_draft(state);
                }
            }
            Phase::LastCard(seat) => {
                state.scratch.built.clear();
                self.pay_and_place(state, seat, mv);
                self.run_built_effects(state);
                self.complete_projects(state);
                self.resume(state, Resume::LastCard(seat));
            }
            Phase::FreeBuild(seat) => {
                let t = &mut state.table;
                if let Some(p) = t.discard.iter().position(|&c| c == mv.card) {
                    t.discard.remove(p);
                    self.record_option(&mut t.cities[seat], mv);
                    t.cities[seat].place(&self.vocab, mv.card);
                    let follow = self.follow_card(mv.card, false);
                    self.run_built(&mut t.cities, seat, Source::Card(mv.card), follow, true);
                }
                self.resume(state, Resume::FreeBuild(seat));
            }
            Phase::Choose(seat, _) => {
                self.choose(state, seat, mv);
                let r = state.resume;
                self.resume(state, r);
            }
            Phase::Over => {}
        }
    }

    pub fn card_name(&self, c: CardId) -> &'static str {
        crate::engine::vocab::card_name(self.info, c)
    }

    pub fn wonder_name(&self, w: u8) -> &'static str {
        crate::engine::vocab::wonder_name(self.info, w)
    }

    pub fn side_name(&self, w: u8, s: u8) -> &'static str {
        crate::engine::vocab::side_name(self.info, w, s)
    }

    /// The player counts the game is for.
    pub fn player_range(&self) -> (usize, usize) {
        (
            usize::from(self.info.min_players).max(3),
            usize::from(self.info.max_players),
        )
    }
}

/// Where the end of a turn continues after a choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Resume {
    /// The pending effects from this seat on, then the rest of the turn.
    Turn(usize),
    /// This seat's pending effects, then the next last card.
    LastCard(usize),
    /// This seat's pending effects, then the next free build.
    FreeBuild(usize),
}

impl Invariants for Base {
    fn invariants(&self, state: &State) -> Result<(), crate::game::Broken> {
        self.check(state)
    }
}

impl Game for Base {
    type State = State;
    type Move = Move;
    type View<'a> = View<'a>;

    fn info(&self) -> &'static GameInfo {
        self.info
    }

    fn vocab(&self) -> &Vocab {
        &self.vocab
    }

    /// Seats the players: wonders dealt (or chosen) and starting coins, the
    /// boards' own effects run; Age I dealt. Checks that every Age deck
    /// has the cards to deal its hands in full.
    fn start(&self, setup: &Setup) -> Result<State, SetupError> {
        let mut state = State::blank();
        self.start_into(setup, &mut state)?;
        Ok(state)
    }

    fn start_into(&self, setup: &Setup, state: &mut State) -> Result<(), SetupError> {
        let info = self.info;
        let (min, max) = self.player_range();
        let n = setup.players.ok_or_else(|| {
            SetupError::option(
                "players",
                format!("{} is for {min} to {max} players: say how many", info.title),
            )
        })?;
        if n < min || n > max {
            return Err(SetupError::option(
                "players",
                format!("{} is for {min} to {max} players, not {n}", info.title),
            ));
        }
        if info.wonders.len() < n {
            return Err(SetupError::Game(format!(
                "{n} players need {n} wonders; the game has {}",
                info.wonders.len()
            )));
        }
        if let Some(Some(why)) = self.deals.get(n) {
            return Err(SetupError::Game(why.clone()));
        }
        // Separate streams: the deal of the boards, and the decks, so that a
        // game with chosen boards shuffles its decks like a dealt one.
        let mut deal = Rng::new(derive(setup.seed, 1));
        let boards = self.boards(setup, n, &mut deal)?;
        let mut table = std::mem::take(&mut state.table);
        table.reset(n);
        // Every other field as a new state's, into this one's buffers.
        state.clone_from(&State {
            rng: Rng::new(derive(setup.seed, 2)),
            ..State::blank()
        });
        state.table = table;
        for (seat, &(w, s)) in boards.iter().enumerate() {
            self.new_city(&mut state.table.cities, seat, w, s);
        }
        self.deal_projects(state);
        if info.ages == 0 {
            state.phase = Phase::Over;
        } else if let Some(rule) = self.draft {
            self.deal_draft(
                state,
                rule,
                setup
                    .option("leaders")
                    .is_some_and(|v| v.eq_ignore_ascii_case("all")),
            )?;
        } else {
            self.start_age(state, 1);
        }
        Ok(())
    }

    fn seats(&self, state: &State) -> usize {
        state.table.cities.len()
    }

    fn to_move(&self, state: &State) -> Option<usize> {
        match state.phase {
            Phase::Turn | Phase::Draft => Some(state.chosen.len()),
            Phase::LastCard(s) | Phase::FreeBuild(s) | Phase::Choose(s, _) => Some(s),
            Phase::Over => None,
        }
    }

    fn legal_moves(&self, state: &mut State, out: &mut Vec<Move>) {
        out.clear();
        if let Some(mv) = state.paying {
            if let Some(seat) = self.to_move(state) {
                // Found when the card action was chosen, unless the state
                // was cloned since.
                if state.scratch.movegen.pays_for != Some(mv) {
                    self.payments(state, seat, &mv);
                    state.scratch.movegen.pays_for = Some(mv);
                }
                out.extend(state.scratch.movegen.pays.iter().map(|&p| mv.paying(p)));
            }
            return;
        }
        let t = &state.table;
        match state.phase {
            Phase::Turn | Phase::Draft => {
                let seat = state.chosen.len();
                self.seat_actions(state, seat, out);
            }
            Phase::LastCard(seat) => {
                self.actions(t, seat, &t.hands[seat], &mut state.scratch.movegen, out);
            }
            Phase::FreeBuild(seat) => {
                let mut options: Vec<CardId> = t
                    .discard
                    .iter()
                    .copied()
                    .filter(|&c| self.takes_from_discard(&t.cities[seat], c))
                    .collect();
                options.sort_unstable();
                options.dedup();
                for card in options {
                    self.push_options(out, Move::new(0, card, Action::FromDiscard));
                }
            }
            Phase::Choose(seat, choice) => self.choices(state, seat, choice, false, out),
            Phase::Over => {}
        }
    }

    /// A card action whose payment leaves a choice waits for it (the
    /// decision's second step); any other move is carried out.
    fn apply(&self, state: &mut State, mv: &Move) {
        let mut mv = *mv;
        state.scratch.movegen.pays_for = None;
        if state.paying.take().is_none()
            && mv.unpaid()
            && let Some(seat) = self.to_move(state)
        {
            self.payments(state, seat, &mv);
            match state.scratch.movegen.pays[..] {
                [p] => mv = mv.paying(p),
                // Never for a legal move: a card action is offered only
                // when it can be paid.
                [] => return,
                _ => {
                    state.paying = Some(mv);
                    state.scratch.movegen.pays_for = Some(mv);
                    return;
                }
            }
        }
        self.carry_out(state, &mv);
    }

    fn continues(&self, state: &State) -> bool {
        state.paying.is_some()
    }

    /// A card action paid without a second step is told with its only
    /// payment, found in `state`.
    fn describe_in(&self, state: &State, mv: &Move) -> String {
        if let Some(words) = self.describe_owing(state, mv) {
            return words;
        }
        match self.only_payment(state, mv) {
            Some(p) => self.describe_move(&mv.paying(p)),
            None => self.describe_move(mv),
        }
    }

    /// Format 2 numbered complete moves (each build with each payment).
    fn logged_moves(&self, state: &mut State, version: u8, out: &mut Vec<Move>) {
        if version <= 2 {
            self.complete_moves(state, out);
        } else {
            self.legal_moves(state, out);
        }
    }

    fn describe(&self, mv: &Move) -> String {
        self.describe_move(mv)
    }

    fn num_actions(&self) -> u32 {
        self.actions_len()
    }

    fn encode(&self, mv: &Move) -> u32 {
        self.action_number(mv)
    }

    fn action_words(&self, action: u32) -> Option<String> {
        self.words_of(action)
    }

    /// Through the legal moves, listed into the state's own buffer.
    fn decode(&self, state: &mut State, action: u32) -> Option<Move> {
        if action >= self.actions_len() {
            return None;
        }
        let mut moves = std::mem::take(&mut state.scratch.decode);
        self.legal_moves(state, &mut moves);
        let found = moves.iter().copied().find(|m| self.encode(m) == action);
        state.scratch.decode = moves;
        found
    }

    fn outcome(&self, state: &State) -> Outcome {
        self.final_scores(&state.table)
    }

    /// A card action drawn as [`Game::playout_weight`] weighs them, by
    /// rejection sampling ([`Base::playout_action`]: the listing's
    /// distribution, one card quoted), paid the cheapest way (the ways
    /// differ only in the coins the neighbours receive): no payment step
    /// is listed. (Drawing a card uniformly first, then one of its
    /// actions, a different distribution, won less: 32% of games from one
    /// seat of four against the classic bot, against 40%;
    /// `runtime/benches/README.md`, "The search bot".)
    fn playout_move(&self, state: &mut State, rng: &mut Rng, buf: &mut Vec<Move>) -> Option<Move> {
        let t = &state.table;
        let chosen = state.chosen.len();
        let Some((seat, hand)) = playout_hand(t, state.phase, state.paying.is_some(), chosen)
        else {
            return crate::game::weighted_move(self, state, rng, buf);
        };
        let movegen = &mut state.scratch.movegen;
        let weight = crate::mcts::PLAYOUT_WEIGHT;
        let Some(mv) = self.playout_action(t, seat, hand, movegen, rng, weight) else {
            return crate::game::weighted_move(self, state, rng, buf);
        };
        if !mv.unpaid() {
            return Some(mv);
        }
        let mut search = movegen.search.in_market(self.market(&t.cities, seat));
        let cheapest = self
            .cost_to_pay(t, seat, &mv)
            .and_then(|c| search.cheapest(c.coins, c.resources, c.budget, c.discount));
        Some(cheapest.map_or(mv, |p| mv.paying(p)))
    }

    /// A card action drawn without a list ([`Base::playout_action`], every
    /// action of weight 1) at a turn or the last card; the listed moves
    /// otherwise (a payment step, a draft, a free build from the discard).
    fn uniform_move(&self, state: &mut State, rng: &mut Rng, buf: &mut Vec<Move>) -> Option<Move> {
        let t = &state.table;
        let chosen = state.chosen.len();
        if let Some((seat, hand)) = playout_hand(t, state.phase, state.paying.is_some(), chosen)
            && let Some(mv) = self.playout_action(t, seat, hand, &mut state.scratch.movegen, rng, 1)
        {
            return Some(mv);
        }
        crate::game::uniform_listed(self, state, rng, buf)
    }

    /// A search bot's playouts build (a structure or a wonder stage) rather
    /// than discard, and pay a loss rather than take tokens by choice
    /// (`mcts.rs`, [`crate::mcts::PLAYOUT_WEIGHT`]).
    fn playout_weight(&self, mv: &Move) -> u32 {
        match mv.action {
            Action::Discard | Action::Owe(1..) => 1,
            _ => crate::mcts::PLAYOUT_WEIGHT,
        }
    }

    fn view<'a>(&'a self, state: &'a State, seat: usize) -> View<'a> {
        View {
            base: self,
            state,
            seat,
        }
    }

    fn options(&self) -> &'static [OptionSpec] {
        if self.info.draft.is_some() {
            LEADERS_OPTIONS
        } else {
            &[]
        }
    }

    fn determinize_into(&self, state: &State, seat: usize, rng: &mut Rng, out: &mut State) {
        self.sample_into(state, seat, rng, out)
    }
}

impl Statistics for Base {
    fn victories(&self) -> &'static [&'static str] {
        &[POINTS]
    }

    fn kinds(&self) -> &'static [&'static str] {
        &["wonder", "project"]
    }

    /// The wonder and side; with Edifice, each project it joined.
    fn played_with(&self, state: &State, seat: usize, out: &mut Vec<Tag>) {
        let (Some(c), Some(me)) = (state.table.cities.get(seat), state.table.seats.get(seat))
        else {
            return;
        };
        out.push(
            Tag::new("wonder", self.wonder_name(c.wonder)).side(self.side_name(c.wonder, c.side)),
        );
        for p in &state.table.projects {
            if me.has_pawn(p.age) {
                out.push(Tag::new("project", self.card_name(p.card)));
            }
        }
    }

    fn built<'s>(&self, state: &'s State, seat: usize) -> &'s [CardId] {
        state.table.cities.get(seat).map_or(&[], |c| &c.cards[..])
    }

    /// Every side of every wonder; with Edifice, every project of an Age.
    fn every_tag(&self, _setup: &Setup, out: &mut Vec<Tag>) {
        for (w, wonder) in self.info.wonders.iter().enumerate().take(256) {
            for s in 0..wonder.sides.len().min(256) {
                out.push(
                    Tag::new("wonder", self.wonder_name(w as u8))
                        .side(self.side_name(w as u8, s as u8)),
                );
            }
        }
        if let Some(rule) = self.info.projects {
            for c in self.info.cards {
                if c.colour == rule.colour && (1..=self.info.ages).contains(&c.age) {
                    out.push(Tag::new("project", c.name));
                }
            }
        }
    }

    /// With Edifice, a project is drawn for every seat, then joined or
    /// not (Edifice, second edition, preparation: "1 carta de Edificación
    /// aleatoria por cada Era"; "A. Participar en el proyecto": joining
    /// is not compulsory).
    /// With Leaders, the leaders are drafted, then recruited or not
    /// (Leaders, second edition, "A. Fase de Selección": four kept a
    /// seat; "B. Fase de Reclutamiento": one a seat each Age, recruited,
    /// used for a wonder stage or sold; in Age III the other goes back to
    /// the box).
    fn dealt_kinds(&self) -> &'static [(&'static str, &'static str, &'static str)] {
        const PROJECT: (&str, &str, &str) = ("project", "drawn", "joined");
        const CARD: (&str, &str, &str) = ("card", "drafted", "recruited");
        match (self.info.projects.is_some(), self.draft.is_some()) {
            (true, true) => &[PROJECT, CARD],
            (true, false) => &[PROJECT],
            (false, true) => &[CARD],
            (false, false) => &[],
        }
    }

    /// The cards kept in the draft or drawn to keep.
    fn dealt_cards(&self, state: &State, seat: usize, out: &mut Vec<CardId>) {
        if let Some(d) = state.table.drafted.get(seat) {
            out.extend_from_slice(d);
        }
    }

    /// The projects drawn, every seat alike.
    fn dealt_with(&self, state: &State, seat: usize, out: &mut Vec<Tag>) {
        if seat >= state.table.cities.len() {
            return;
        }
        out.extend(
            state
                .table
                .projects
                .iter()
                .map(|p| Tag::new("project", self.card_name(p.card))),
        );
    }
}
