//! 7 Wonders Architects' turn structure: 2 to 7 players, a face-up deck
//! between each pair of neighbours and a face-down central deck, no hands;
//! each turn a player takes one card, then must build every wonder stage
//! its cards pay for and trade every science set for a progress token; horns
//! turn conflict tokens to war and the last one starts a battle; the game
//! ends with the turn in which a wonder is finished.
//!
//! Rule references quote the Spanish rulebook of 7 Wonders Architects (a
//! garbled scan) by its section titles ("Preparación", "Desarrollo y
//! objetivo de la partida", "Resolución de Batallas", "Final de la
//! partida", …); what it does not say is decided with the published
//! English rules and public data, each decision in a comment where it is
//! made (and in `runtime/RULES.md`).
//!
//! Like the other games, this folder names no card, wonder or token. The
//! decks come from the game's `decks`, stage costs and levels from its
//! wonder tables, the conflict tokens from `battles`; every card, stage and
//! token acts through its generated effects. What a kind of card gives
//! while held (a resource, coins, a science symbol, horns, the cat) is read
//! once from its effects with a [`Probe`]; what effects ask of the turn
//! structure arrives as [`Pending`] entries (take a card, the cat, a
//! progress token, flip conflict tokens) and abilities (`any_resources`,
//! `coin_value`), carried out here.
//!
//! Seats are clockwise: seat `s + 1` is the left neighbour of seat `s` and
//! plays after it ("comenzará el de la persona situada a tu izquierda").
//! The deck of seat `s`'s wonder stands between `s` and its left neighbour
//! ("colócalas … entre el jugador que esté a tu izquierda y tú"), so a
//! player's left deck is its own and its right deck its right neighbour's.
//!
//! The folder:
//!
//! - this file: the rules' types ([`Architects`], [`Move`], [`Phase`],
//!   [`State`]), the rules bound to a card set (each wonder's stages as
//!   bit sets made once), and [`Game`] for them;
//! - `actions`: the fixed action space (each decision's number);
//! - `position`: the position ([`Position`]) and the decks each seat reaches;
//! - `moves`: the stages available, every way to pay one, the due actions
//!   and the progress tokens that may be picked;
//! - `turn`: carrying out a turn, its effects, conflicts and battles;
//! - `score`: scoring and the result;
//! - `view`: what one seat sees, and the masked state of previews;
//! - `observe`: what one seat sees as a flat vector of numbers;
//! - `show`: what one seat sees as a JSON document, for a table;
//! - `words`: moves, decks and payments in words;
//! - `greedy`, `invariants`, `narrate`, `sheet`, `scenario`: the greedy
//!   bot's judgement, the soak checks, the narration, city sheets and
//!   scenarios.

mod actions;
mod greedy;
mod invariants;
mod moves;
mod narrate;
mod observe;
mod position;
pub mod scenario;
mod score;
pub mod sheet;
mod show;
mod turn;
mod view;
mod words;

pub use position::{Position, TURN_DECKS, peek_seen};
pub use view::View;
pub use words::pattern_text;

use crate::engine::clone_reusing;

use sevenw_host::{CardId, Category, Decks, Event, GameInfo, Listens, Source};

use crate::engine::city::City;
use crate::engine::host::Probe;
use crate::engine::rng::{Rng, derive};
use crate::engine::vocab::{Vocab, VocabError, listens};
use crate::game::{Game, Outcome, POINTS, Setup, SetupError, Sides, redeal};
use crate::soak::Invariants;
use crate::statistics::{Statistics, Tag};

/// Resources a payment can name.
pub const MAX_RES: usize = 8;
/// Progress tokens face up beside the pile ("Tomad las 3 fichas superiores y
/// colocadlas bocarriba").
pub const FACE_UP: usize = 3;
/// Wonder stages a wonder may have (bits of [`Position::built`]).
pub const MAX_PIECES: usize = 16;
/// A card not seen (in a greedy bot's preview).
pub const UNKNOWN: CardId = CardId(u16::MAX);
/// A progress token not seen.
pub const UNKNOWN_TOKEN: u8 = u8::MAX;
/// Most payments offered for one stage (the rules' own games need far fewer:
/// at most 70 with any resources).
const MAX_PAYMENTS: usize = 256;

/// What a kind of card gives while held, read from its effects.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kind {
    /// The one resource it produces, if it produces exactly one.
    pub res: Option<u8>,
    /// Coins it is worth.
    pub coins: u8,
    /// The one science symbol it gives.
    pub symbol: Option<u8>,
    /// Conflict tokens it turns to war when taken: its horns.
    pub horns: u8,
    /// It shows the cat.
    pub cat: bool,
}

/// The scoring categories the rules add to, found once by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Categories {
    pub military: Category,
    pub cat: Category,
}

/// Architects' rules bound to one game's tables.
#[derive(Clone, Debug)]
pub struct Architects {
    pub info: &'static GameInfo,
    pub vocab: Vocab,
    pub categories: Categories,
    /// What each card gives while held, by card index.
    pub kinds: Vec<Kind>,
    /// Each wonder's deck (index into `info.decks`).
    deck_of: Vec<Option<usize>>,
    /// The central deck (index into `info.decks`).
    central: usize,
    /// What the checks of every turn ask of each wonder's stages, as bit
    /// sets, by wonder index.
    plans: Vec<Plan>,
    /// The VP of a military victory token.
    pub victory_vp: i32,
    /// The sizes of the action space, read from the tables.
    sizes: actions::Sizes,
}

/// A wonder's stages as bit sets (bit `i`: stage `i`; 1 to 16 stages,
/// checked by `new`), made once: the due-action and finished-wonder checks
/// of every turn read them instead of walking the stages.
#[derive(Clone, Debug)]
struct Plan {
    /// Every stage: a seat with all of them built has finished.
    full: u16,
    /// Per stage, the stages of a lower level, all built before it may be.
    lower: [u16; MAX_PIECES],
    /// Per number of units and coins a seat could spend (0 to 255), the
    /// stages whose pattern counts that many or fewer: all, then those of
    /// identical resources only, then those of different ones only.
    within: [[u16; 256]; 3],
}

impl Plan {
    fn of(stages: &[sevenw_host::StageInfo]) -> Plan {
        let stages = &stages[..stages.len().min(MAX_PIECES)];
        let mut plan = Plan {
            full: (1u32 << stages.len()).wrapping_sub(1) as u16,
            lower: [0; MAX_PIECES],
            within: [[0; 256]; 3],
        };
        for (i, stage) in stages.iter().enumerate() {
            for (j, other) in stages.iter().enumerate() {
                if other.level < stage.level {
                    plan.lower[i] |= 1 << j;
                }
            }
            if let Some(p) = stage.pattern {
                let kind = if p.identical { 1 } else { 2 };
                for table in [0, kind] {
                    for m in plan.within[table].iter_mut().skip(usize::from(p.count)) {
                        *m |= 1 << i;
                    }
                }
            }
        }
        plan
    }
}

/// A deck on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Deck {
    /// The deck of this seat's wonder, between it and its left neighbour.
    Seat(u8),
    /// The central deck, face down.
    Central,
}

/// A progress token chosen: one face up, or the top of the pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pick {
    Up(u8),
    Pile,
}

/// How a wonder stage is paid: resource cards spent per resource, coin
/// cards spent, whether one coin counted double (Economy) and whether the
/// different/identical rule was set aside (Engineering).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pay {
    pub res: [u8; MAX_RES],
    pub coins: u8,
    pub double: bool,
    pub any: bool,
}

impl Pay {
    /// Cards spent in all.
    pub fn cards(&self) -> u32 {
        self.res.iter().map(|&n| u32::from(n)).sum::<u32>() + u32::from(self.coins)
    }
}

/// A decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Take the top card of a deck (the turn's card or an extra one), or,
    /// when looking at its top cards, choose the deck to look at.
    Take(Deck),
    /// Keep this card of those looked at.
    Keep(CardId),
    /// Take this progress token.
    Token(Pick),
    /// Build stage `piece` of the wonder, paying so.
    Build { piece: u8, pay: Pay },
    /// Trade green cards for a progress token: two of one symbol (`pair`)
    /// or one each of three different symbols (bits of `symbols`).
    Science { symbols: u16, pair: bool },
    /// The option chosen, from 0, for the stage just built or the token
    /// just taken ([`Phase::Option`]).
    Option(u8),
}

/// Whose decision is pending, and of what kind. It is always the seat whose
/// turn it is ([`Position::current`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The turn's card.
    #[default]
    Take,
    /// An extra card, from one of these decks; with `top` above 1, the deck
    /// whose top cards are looked at.
    Extra { decks: Decks, top: u8 },
    /// Keep one of the cards looked at.
    Keep,
    /// A progress token.
    Token,
    /// Build a stage or trade science symbols: both are due, in any order.
    Act,
    /// Choose an option of the stage just built or the token just taken
    /// whose effects offer a choice (`one of`; the first of
    /// [`Position::asked`]): they run once it is chosen.
    Option,
    /// The game is over.
    Over,
}
/// An Architects game in progress.
#[derive(Debug)]
pub struct State {
    pub table: Position,
    pub phase: Phase,
    rng: Rng,
}

clone_reusing!(State { table, phase, rng });

impl PartialEq for State {
    /// The same point of the same game: position, decision, random stream.
    fn eq(&self, o: &Self) -> bool {
        self.table == o.table && self.phase == o.phase && self.rng == o.rng
    }
}

/// "Final de la partida": the one way to win.
const VICTORIES: [&str; 1] = [POINTS];

impl Architects {
    /// The rules over `info`: a game of decks with wonders of counted
    /// stages, conflict tokens per player count, the categories it scores.
    pub fn new(info: &'static GameInfo) -> Result<Self, VocabError> {
        let vocab = Vocab::new(info)?;
        let categories = Categories {
            military: vocab.category("military")?,
            cat: vocab.category("cat")?,
        };
        let not = |why| VocabError::Shape {
            rules: "Architects",
            why,
        };
        if info.resources.len() > MAX_RES {
            return Err(not("it has more than 8 resources"));
        }
        let central = info
            .decks
            .iter()
            .position(|d| d.wonder.is_none())
            .ok_or_else(|| not("it has no central deck"))?;
        let deck_of: Vec<Option<usize>> = (0..info.wonders.len())
            .map(|w| info.decks.iter().position(|d| d.wonder == Some(w as u8)))
            .collect();
        if deck_of.iter().any(Option::is_none) {
            return Err(not("a wonder has no deck"));
        }
        for w in info.wonders {
            let side = w.sides.first().ok_or_else(|| not("a wonder has no side"))?;
            if side.stages.is_empty() || side.stages.len() > MAX_PIECES {
                return Err(not("a wonder has no stage, or more than 16"));
            }
            if side.stages.iter().any(|s| s.pattern.is_none()) {
                return Err(not("a wonder stage does not count its resources"));
            }
        }
        if info.battles.is_none() {
            return Err(not("it has no battles"));
        }
        let kinds = (0..info.cards.len())
            .map(|i| {
                let mut p = Probe::default();
                let s = Source::Card(CardId(i as u16));
                if listens(info, s).has(Listens::BUILT) {
                    vocab.effects(s, Event::Built, &mut p);
                }
                let single =
                    |bits: u16| (bits.count_ones() == 1).then(|| bits.trailing_zeros() as u8);
                Kind {
                    res: match p.produce.as_slice() {
                        [(o, 1)] => single(o.0),
                        _ => None,
                    },
                    coins: p.coins.clamp(0, 255) as u8,
                    symbol: match p.science.as_slice() {
                        [s] => single(s.0),
                        _ => None,
                    },
                    horns: p.flips.min(255) as u8,
                    cat: p.cat,
                }
            })
            .collect::<Vec<Kind>>();
        // "una Moneda reemplaza cualquier recurso": a coin card is one coin;
        // a resource card, one resource (so what a city produces and its
        // coins count its resource and coin cards: see `purse`).
        for (i, kind) in kinds.iter().enumerate() {
            let mut p = Probe::default();
            let s = Source::Card(CardId(i as u16));
            if listens(info, s).has(Listens::BUILT) {
                vocab.effects(s, Event::Built, &mut p);
            }
            if p.coins > 1 || p.coins < 0 {
                return Err(not("a card is worth more than one coin"));
            }
            if p.produce.len() > 1 || (p.produce.len() == 1 && kind.res.is_none()) {
                return Err(not("a card produces more than one resource"));
            }
        }
        // Only cards give resources and coins (spent with them).
        let mut others: Vec<Source> = (0..info.progress.len().min(256))
            .map(|k| Source::Progress(k as u8))
            .collect();
        for (w, wonder) in info.wonders.iter().enumerate().take(256) {
            for st in 0..wonder.sides.first().map_or(0, |s| s.stages.len()).min(256) {
                others.push(Source::Stage {
                    wonder: w as u8,
                    side: 0,
                    stage: st as u8,
                });
            }
        }
        for s in others {
            let mut p = Probe::default();
            vocab.effects(s, Event::Built, &mut p);
            if p.coins != 0 || !p.produce.is_empty() {
                return Err(not("a stage or a token gives resources or coins"));
            }
        }
        let plans = info
            .wonders
            .iter()
            .map(|w| Plan::of(w.sides.first().map_or(&[][..], |s| s.stages)))
            .collect();
        Ok(Architects {
            info,
            vocab,
            categories,
            kinds,
            deck_of,
            central,
            plans,
            victory_vp: info.battles.map_or(0, |b| i32::from(b.vp)),
            sizes: actions::Sizes::of(info),
        })
    }

    pub fn card_name(&self, c: CardId) -> &'static str {
        if c == UNKNOWN {
            return "a card";
        }
        crate::engine::vocab::card_name(self.info, c)
    }

    pub fn wonder_name(&self, w: u8) -> &'static str {
        crate::engine::vocab::wonder_name(self.info, w)
    }

    pub fn token_name(&self, t: u8) -> &'static str {
        crate::engine::vocab::token_name(self.info, t)
    }

    /// The player counts the game is for.
    pub fn player_range(&self) -> (usize, usize) {
        (
            usize::from(self.info.min_players),
            usize::from(self.info.max_players),
        )
    }

    /// What card `c` gives while held.
    pub fn kind(&self, c: CardId) -> Kind {
        self.kinds
            .get(usize::from(c.0))
            .copied()
            .unwrap_or_default()
    }

    /// The stages of wonder `w` (its first side).
    pub fn stages(&self, w: u8) -> &'static [sevenw_host::StageInfo] {
        self.info
            .wonders
            .get(usize::from(w))
            .and_then(|w| w.sides.first())
            .map_or(&[], |s| s.stages)
    }

    /// A stage's cost in words: `3 different`.
    pub fn piece_name(&self, w: u8, piece: u8) -> String {
        match self
            .stages(w)
            .get(usize::from(piece))
            .and_then(|s| s.pattern)
        {
            Some(p) => pattern_text(p),
            None => format!("stage {}", piece + 1),
        }
    }

    /// The cards of deck `i` of the tables, each copy once, added to `out`.
    fn deck_cards_into(&self, i: usize, out: &mut Vec<CardId>) {
        if let Some(d) = self.info.decks.get(i) {
            for &(c, n) in d.cards {
                out.extend(std::iter::repeat_n(c, usize::from(n)));
            }
        }
    }

    /// The central deck's composition: (card, copies).
    pub fn central_cards(&self) -> &'static [(CardId, u8)] {
        self.info.decks.get(self.central).map_or(&[], |d| d.cards)
    }

    /// The conflict tokens in play for `n` players.
    pub fn conflict_tokens(&self, n: usize) -> u8 {
        self.info.battles.map_or(0, |b| {
            b.tokens
                .iter()
                .find(|&&(p, _)| usize::from(p) == n)
                .map_or(0, |&(_, t)| t)
        })
    }
    /// An empty table for `wonders` (one per seat), nothing dealt.
    pub fn empty(&self, wonders: &[u8]) -> State {
        let mut st = State {
            table: Position::default(),
            phase: Phase::Over,
            rng: Rng::new(0),
        };
        self.empty_into(wonders, &mut st);
        st
    }

    /// [`Architects::empty`] into `st`, keeping its buffers.
    fn empty_into(&self, wonders: &[u8], st: &mut State) {
        let n = wonders.len();
        let t = &mut st.table;
        let (mut cities, mut decks, mut tokens) = (
            std::mem::take(&mut t.cities),
            std::mem::take(&mut t.decks),
            std::mem::take(&mut t.tokens),
        );
        // Every field of the default table, into this one's buffers.
        t.clone_from(&Position::default());
        cities.resize_with(n, City::default);
        for (c, &w) in cities.iter_mut().zip(wonders) {
            c.reset(w, 0, 0, 2);
            c.wonder_stages = self.stages(w).len().min(255) as u8;
        }
        decks.resize_with(n, Vec::new);
        decks.iter_mut().for_each(Vec::clear);
        tokens.resize_with(n, Vec::new);
        tokens.iter_mut().for_each(Vec::clear);
        (t.cities, t.decks, t.tokens) = (cities, decks, tokens);
        t.wonders.extend_from_slice(wonders);
        t.built.resize(n, 0);
        t.conflict = self.conflict_tokens(n);
        st.phase = Phase::Over;
        st.rng = Rng::new(0);
    }
}

impl Invariants for Architects {
    fn invariants(&self, state: &State) -> Result<(), crate::game::Broken> {
        self.check(state)
    }
}

impl Game for Architects {
    type State = State;
    type Move = Move;
    type View<'a> = View<'a>;

    fn info(&self) -> &'static GameInfo {
        self.info
    }

    fn vocab(&self) -> &Vocab {
        &self.vocab
    }

    /// "Preparación": a wonder per player (dealt, or chosen), its deck
    /// shuffled face up; the central deck shuffled face down; the progress
    /// tokens shuffled, three face up; the conflict tokens for the player
    /// count on their peace side; the cat in the middle. The first seat
    /// plays first (the rulebook's "más joven").
    fn start(&self, setup: &Setup) -> Result<State, SetupError> {
        let mut st = self.empty(&[]);
        self.start_into(setup, &mut st)?;
        Ok(st)
    }

    fn start_into(&self, setup: &Setup, st: &mut State) -> Result<(), SetupError> {
        let info = self.info;
        let (min, max) = (usize::from(info.min_players), usize::from(info.max_players));
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
        if setup.sides != Sides::Random {
            return Err(SetupError::option(
                "sides",
                format!("{} wonders have one side", info.title),
            ));
        }
        if info.wonders.len() < n {
            return Err(SetupError::Game(format!(
                "{n} players need {n} wonders; the game has {}",
                info.wonders.len()
            )));
        }
        let mut deal = Rng::new(derive(setup.seed, 1));
        let wonders: Vec<u8> = match &setup.wonders {
            Some(chosen) => {
                if chosen.len() != n {
                    return Err(SetupError::option(
                        "wonders",
                        format!(
                            "{} for {}",
                            crate::text::plural(chosen.len() as i64, "wonder"),
                            crate::text::plural(n as i64, "player")
                        ),
                    ));
                }
                for (seat, &(w, s)) in chosen.iter().enumerate() {
                    if usize::from(w) >= info.wonders.len() || s != 0 {
                        return Err(SetupError::option(
                            "wonders",
                            format!("seat {}: no such wonder (they have one side)", seat + 1),
                        ));
                    }
                    if chosen[..seat].iter().any(|&(w2, _)| w2 == w) {
                        return Err(SetupError::option(
                            "wonders",
                            format!("{} twice", self.wonder_name(w)),
                        ));
                    }
                }
                chosen.iter().map(|&(w, _)| w).collect()
            }
            None => {
                let mut order: Vec<u8> = (0..info.wonders.len().min(256) as u16)
                    .map(|w| w as u8)
                    .collect();
                deal.shuffle(&mut order);
                order.truncate(n);
                order
            }
        };
        self.empty_into(&wonders, st);
        st.rng = Rng::new(derive(setup.seed, 2));
        st.phase = Phase::Take;
        let t = &mut st.table;
        for (seat, &w) in wonders.iter().enumerate() {
            if let Some(i) = self.deck_of.get(usize::from(w)).copied().flatten() {
                self.deck_cards_into(i, &mut t.decks[seat]);
                st.rng.shuffle(&mut t.decks[seat]);
            }
        }
        for (w, i) in self.deck_of.iter().enumerate() {
            if !wonders.contains(&(w as u8))
                && let Some(i) = i
            {
                self.deck_cards_into(*i, &mut t.boxed);
            }
        }
        self.deck_cards_into(self.central, &mut t.central);
        st.rng.shuffle(&mut t.central);
        let pile = &mut t.pile;
        for (k, tok) in info.progress.iter().enumerate().take(256) {
            pile.extend(std::iter::repeat_n(k as u8, usize::from(tok.copies)));
        }
        st.rng.shuffle(pile);
        let under = pile.len() - FACE_UP.min(pile.len());
        t.face_up.extend_from_slice(&pile[under..]);
        pile.truncate(under);
        t.turns = 0;
        if self.begin_turn(st) {
            return Ok(());
        }
        self.carry_on(st);
        Ok(())
    }

    fn seats(&self, state: &State) -> usize {
        state.table.seats()
    }

    fn to_move(&self, st: &State) -> Option<usize> {
        match st.phase {
            Phase::Over => None,
            _ => Some(st.table.current),
        }
    }

    fn legal_moves(&self, st: &mut State, out: &mut Vec<Move>) {
        out.clear();
        let t = &st.table;
        let seat = t.current;
        match st.phase {
            Phase::Take => t.each_open(seat, TURN_DECKS, |d| out.push(Move::Take(d))),
            Phase::Extra { decks, .. } => t.each_open(seat, decks, |d| out.push(Move::Take(d))),
            Phase::Keep => {
                // Each card looked at once, in id order.
                out.extend(t.looking.iter().map(|&c| Move::Keep(c)));
                out.sort_unstable_by_key(|m| match m {
                    Move::Keep(c) => *c,
                    _ => CardId(0),
                });
                out.dedup();
            }
            Phase::Token => self.each_pick(t, |p| out.push(Move::Token(p))),
            Phase::Act => self.actions(t, out),
            Phase::Option => out.extend((0..self.asked_options(t)).map(Move::Option)),
            Phase::Over => {}
        }
    }

    /// A deck to take from at the start of a turn, drawn among the open
    /// ones without a list (most of a random game's decisions: the same
    /// draw as the list's, so the same game); every other step drawn from
    /// its list.
    fn uniform_move(&self, st: &mut State, rng: &mut Rng, buf: &mut Vec<Move>) -> Option<Move> {
        if !matches!(st.phase, Phase::Take) {
            return crate::game::uniform_listed(self, st, rng, buf);
        }
        let t = &st.table;
        // A turn reaches three decks at most: two neighbours' and the central.
        let (mut open, mut n) = ([Deck::Central; 3], 0);
        t.each_open(t.current, TURN_DECKS, |d| {
            if let Some(slot) = open.get_mut(n) {
                *slot = d;
            }
            n += 1;
        });
        match n {
            0 => None,
            1..=3 => Some(Move::Take(open[rng.below(n)])),
            _ => crate::game::uniform_listed(self, st, rng, buf),
        }
    }

    /// Every move weighs the same in a playout (Architects has no discard
    /// to weigh a build against), so a search bot's playout draws as a
    /// random player does.
    fn playout_move(&self, st: &mut State, rng: &mut Rng, buf: &mut Vec<Move>) -> Option<Move> {
        self.uniform_move(st, rng, buf)
    }

    fn apply(&self, st: &mut State, mv: &Move) {
        let seat = st.table.current;
        match (st.phase, *mv) {
            (Phase::Take, Move::Take(d)) => {
                st.phase = Phase::Act;
                self.take(&mut st.table, seat, d);
            }
            (Phase::Extra { top, .. }, Move::Take(d)) => {
                st.phase = Phase::Act;
                if top > 1 {
                    if self.look(st, d, top) {
                        return;
                    }
                } else {
                    self.take(&mut st.table, seat, d);
                }
            }
            (Phase::Keep, Move::Keep(c)) => {
                st.phase = Phase::Act;
                self.keep(st, c);
            }
            (Phase::Token, Move::Token(p)) => {
                st.phase = Phase::Act;
                self.take_token(&mut st.table, seat, p);
            }
            (Phase::Act, Move::Build { .. } | Move::Science { .. }) => self.act(st, mv),
            (Phase::Option, Move::Option(o)) => {
                st.phase = Phase::Act;
                self.choose_option(&mut st.table, seat, o);
            }
            _ => return,
        }
        self.carry_on(st);
    }

    fn outcome(&self, st: &State) -> Outcome {
        self.result(&st.table)
    }

    fn view<'a>(&'a self, state: &'a State, seat: usize) -> View<'a> {
        View {
            game: self,
            state,
            seat: seat.min(state.table.seats().saturating_sub(1)),
        }
    }

    /// Decks, cards kept, progress tokens, each stage with each set of
    /// resource cards, science trades (the ranges: `actions.rs`,
    /// `runtime/FORMATS.md`).
    fn num_actions(&self) -> u32 {
        self.sizes.count()
    }

    /// A payment is numbered by its resource cards: its coin cards, Economy
    /// and Engineering follow from them and the position.
    fn encode(&self, mv: &Move) -> u32 {
        self.action_of(mv)
    }

    /// Directly, without a list of the legal moves.
    fn decode(&self, st: &mut State, action: u32) -> Option<Move> {
        self.action_in(st, action)
    }

    fn action_words(&self, action: u32) -> Option<String> {
        self.action_move(action).map(|m| self.describe(&m))
    }

    fn describe(&self, mv: &Move) -> String {
        // Without a position: decks by seat.
        match *mv {
            Move::Take(Deck::Central) => "take the central card".to_string(),
            Move::Take(Deck::Seat(s)) => format!("take the card of deck {}", s + 1),
            Move::Keep(c) => format!("keep {}", self.card_name(c)),
            Move::Token(Pick::Up(k)) => format!("progress {}", self.token_name(k)),
            Move::Token(Pick::Pile) => "progress from the pile".to_string(),
            Move::Build { piece, pay } => {
                format!("build stage {} with {}", piece + 1, self.pay_words(&pay))
            }
            Move::Science { symbols, pair } => {
                format!(
                    "trade {} for a progress token",
                    self.set_words(symbols, pair)
                )
            }
            Move::Option(o) => format!("choose option {}", o + 1),
        }
    }

    /// Hidden from `seat`: the cards under each deck's top (each deck
    /// shuffled on its own: what a wonder deck holds follows from what
    /// was taken from it), the central deck (but a top the cat showed this
    /// seat), the cards another seat looks at (with the rest of their
    /// deck), the face-down tokens, and the random stream.
    fn determinize_into(&self, st: &State, seat: usize, rng: &mut Rng, d: &mut State) {
        d.clone_from(st);
        let seen = peek_seen(&st.table, seat);
        let t = &mut d.table;
        let theirs = seat != t.current;
        for (s, deck) in t.decks.iter_mut().enumerate() {
            let n = deck.len().saturating_sub(1);
            let mut slots: Vec<&mut [CardId]> = vec![&mut deck[..n]];
            if theirs && t.looked == Some(Deck::Seat(s.min(255) as u8)) {
                slots.push(&mut t.looking);
            }
            redeal(&mut slots, |_| (), rng);
        }
        {
            let n = t.central.len().saturating_sub(usize::from(seen.is_some()));
            let mut slots: Vec<&mut [CardId]> = vec![&mut t.central[..n]];
            if theirs && t.looked == Some(Deck::Central) {
                slots.push(&mut t.looking);
            }
            redeal(&mut slots, |_| (), rng);
        }
        if seen.is_none() {
            t.peek = None;
        }
        redeal(&mut [&mut t.pile[..]], |_| (), rng);
        d.rng = Rng::new(rng.next_u64());
    }
}

impl Statistics for Architects {
    fn victories(&self) -> &'static [&'static str] {
        &VICTORIES
    }

    fn kinds(&self) -> &'static [&'static str] {
        &["wonder", "progress"]
    }

    /// The wonder and the progress tokens held.
    fn played_with(&self, st: &State, seat: usize, out: &mut Vec<Tag>) {
        if let Some(&w) = st.table.wonders.get(seat) {
            out.push(Tag::new("wonder", self.wonder_name(w)));
        }
        for &k in st.table.tokens.get(seat).map_or(&[][..], |v| &v[..]) {
            out.push(Tag::new("progress", self.token_name(k)));
        }
    }

    fn built<'s>(&self, st: &'s State, seat: usize) -> &'s [CardId] {
        st.table.cities.get(seat).map_or(&[], |c| &c.cards[..])
    }

    /// Every wonder and progress token.
    fn every_tag(&self, _setup: &Setup, out: &mut Vec<Tag>) {
        for w in 0..self.info.wonders.len().min(256) {
            out.push(Tag::new("wonder", self.wonder_name(w as u8)));
        }
        for k in 0..self.info.progress.len().min(256) {
            out.push(Tag::new("progress", self.token_name(k as u8)));
        }
    }
}
