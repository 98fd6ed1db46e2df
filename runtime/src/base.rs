//! The base game's turn structure: set-up, the three Ages of simultaneous
//! choices, hands passed left–right–left, the three actions, conflicts at
//! the end of each Age and final scoring with the tie-break by coins.
//!
//! This is the only module that knows the base game's turn order. It reads
//! everything else from the game's tables: decks from `copies` and the guild
//! draw rule, wonder boards, costs, chains, and the effects, which it runs
//! through [`CityHost`] and [`ScoreHost`]. The timing of the wonder powers is
//! here, in reaction to the primitives the effects call:
//!
//! - `build_free(Discard, Now)`: one free build from the discard pile at the
//!   end of the turn, after that turn's discards (the 6th turn's last cards
//!   included);
//! - `build_free(Hand, OncePerAge)`: an extra action, "build for free", usable
//!   once in each Age from the next decision on;
//! - `play_last_card()`: after the 6th turn, the last card of the hand is
//!   played (build, stage or discard) instead of being discarded;
//! - `copy_card(..)`: at game end, before scoring, the copy that scores best;
//! - `science(..)` with several symbols: chosen at scoring, for the best score.

use std::fmt;

use sevenw_host::{CardId, Category, Event, GameInfo, Listens, Source};

use crate::host::{CityHost, ScoreHost};
use crate::payment::{Market, Payment, PaymentSearch};
use crate::player::Player;
use crate::rng::Rng;
use crate::science;
use crate::state::{City, MAX_CAT, seat_at};
use crate::vocab::{Vocab, VocabError, listens};

/// Coins a discarded card earns.
pub const DISCARD_COINS: i32 = 3;
/// What a neighbour's resource costs without a discount.
pub const TRADE_PRICE: u8 = 2;
/// Science points per complete set of symbols.
pub const SCIENCE_SET_BONUS: u32 = 7;
/// Points of a defeat token.
pub const DEFEAT_VP: i32 = -1;

/// Points of a victory token won at the end of `age` (1, 3, 5).
pub fn victory_vp(age: u8) -> i32 {
    2 * i32::from(age) - 1
}

/// The scoring categories the base rules add to, found once by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cats {
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
    pub cats: Cats,
}

/// Which wonder sides are dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SidePolicy {
    A,
    B,
    Random,
}

/// How a game is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub players: usize,
    pub seed: u64,
    pub sides: SidePolicy,
    /// Boards chosen instead of dealt: `(wonder, side)` per seat.
    pub wonders: Option<Vec<(u8, u8)>>,
}

impl Setup {
    pub fn new(players: usize, seed: u64) -> Self {
        Setup {
            players,
            seed,
            sides: SidePolicy::Random,
            wonders: None,
        }
    }
}

/// Why a game cannot be set up or played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    Vocab(VocabError),
    Players { n: usize, min: usize, max: usize },
    NotEnoughWonders { n: usize, have: usize },
    BadWonder { seat: usize },
    WonderTwice { seat: usize },
    DeckSize { age: u8, have: usize, want: usize },
    PlayerCount { seats: usize, players: usize },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Vocab(e) => e.fmt(f),
            SetupError::Players { n, min, max } => {
                write!(f, "{n} players: this game is for {min} to {max}")
            }
            SetupError::NotEnoughWonders { n, have } => {
                write!(f, "{n} players need {n} wonders; the game has {have}")
            }
            SetupError::BadWonder { seat } => write!(f, "seat {seat}: no such wonder or side"),
            SetupError::WonderTwice { seat } => {
                write!(f, "seat {seat}: that wonder is already at the table")
            }
            SetupError::DeckSize { age, have, want } => write!(
                f,
                "Age {age} deck has {have} cards for this many players; the deal needs {want}"
            ),
            SetupError::PlayerCount { seats, players } => {
                write!(f, "{seats} seats but {players} players were given")
            }
        }
    }
}

impl std::error::Error for SetupError {}

impl From<VocabError> for SetupError {
    fn from(e: VocabError) -> Self {
        SetupError::Vocab(e)
    }
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
    /// Build the next wonder stage with it, paying this.
    Stage(Payment),
    /// Discard it for coins.
    Discard,
}

/// A legal move: the card at `slot` of the hand, and what to do with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub slot: u8,
    pub card: CardId,
    pub action: Action,
}

/// Cards, hands and piles of a game in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub cities: Vec<City>,
    pub hands: Vec<Vec<CardId>>,
    pub discard: Vec<CardId>,
    /// Cards set aside unused at set-up (guilds not drawn).
    pub boxed: Vec<CardId>,
    /// Every card dealt so far.
    pub dealt: Vec<CardId>,
    pub age: u8,
    /// Turn within the Age, from 1.
    pub turn: u8,
}

/// A player's view when asked for a decision.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub base: &'a Base,
    pub table: &'a Table,
    pub seat: usize,
}

impl View<'_> {
    pub fn city(&self) -> &City {
        &self.table.cities[self.seat]
    }
    pub fn hand(&self) -> &[CardId] {
        &self.table.hands[self.seat]
    }
}

/// A player's final score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Points per category, in the game's category order.
    pub points: [i32; MAX_CAT],
    pub total: i32,
    /// Coins at the end (the tie-break).
    pub coins: i32,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub scores: Vec<Score>,
    /// Seats with the best total, then the most coins (several if still tied).
    pub winners: Vec<usize>,
    /// Cards each seat copied at game end.
    pub copied: Vec<Vec<CardId>>,
}

/// Follows a game as it is played (printing, logging, checking).
pub trait Observer {
    fn started(&mut self, _base: &Base, _table: &Table) {}
    fn age_started(&mut self, _base: &Base, _table: &Table) {}
    /// A move was made (`last`: the last card of the Age, by an ability).
    fn moved(&mut self, _base: &Base, _table: &Table, _seat: usize, _mv: &Move, _last: bool) {}
    /// A card was built for free from the discard pile.
    fn built_from_discard(&mut self, _base: &Base, _table: &Table, _seat: usize, _card: CardId) {}
    /// An Age ended and its conflicts were resolved.
    fn age_ended(&mut self, _base: &Base, _table: &Table) {}
    fn finished(&mut self, _base: &Base, _table: &Table, _outcome: &Outcome) {}
}

/// An observer that does nothing.
pub struct NoObserver;
impl Observer for NoObserver {}

/// Number of effect sources of a city: board, built stages, cards.
fn source_count(c: &City) -> usize {
    1 + usize::from(c.stages) + c.cards.len()
}

fn source_at(c: &City, i: usize) -> Source {
    let (wonder, side) = (c.wonder, c.side);
    if i == 0 {
        Source::Board { wonder, side }
    } else if i <= usize::from(c.stages) {
        Source::Stage {
            wonder,
            side,
            stage: (i - 1) as u8,
        }
    } else {
        Source::Card(c.cards[i - 1 - usize::from(c.stages)])
    }
}

/// Reusable buffers for move generation.
#[derive(Clone, Debug, Default)]
pub struct MoveGen {
    search: PaymentSearch,
    stage: Vec<Payment>,
}

impl MoveGen {
    pub fn new() -> Self {
        Self::default()
    }
}

impl Base {
    /// The base rules over `info`; fails if it lacks a category they score.
    pub fn new(info: &'static GameInfo) -> Result<Self, VocabError> {
        let vocab = Vocab::new(info)?;
        let cats = Cats {
            military: vocab.category("military")?,
            treasury: vocab.category("treasury")?,
            wonder: vocab.category("wonder")?,
            civilian: vocab.category("civilian")?,
            commercial: vocab.category("commercial")?,
            guilds: vocab.category("guilds")?,
            science: vocab.category("science")?,
        };
        Ok(Base { info, vocab, cats })
    }

    pub fn card_name(&self, c: CardId) -> &'static str {
        crate::vocab::card_name(self.info, c)
    }

    pub fn wonder_name(&self, w: u8) -> &'static str {
        crate::vocab::wonder_name(self.info, w)
    }

    pub fn side_name(&self, w: u8, s: u8) -> &'static str {
        self.info
            .wonders
            .get(usize::from(w))
            .and_then(|w| w.sides.get(usize::from(s)))
            .map_or("?", |s| s.name)
    }

    /// The cost of the next stage of this city's wonder, if any is left.
    pub fn next_stage_cost(&self, city: &City) -> Option<&'static sevenw_host::Cost> {
        self.info
            .wonders
            .get(usize::from(city.wonder))?
            .sides
            .get(usize::from(city.side))?
            .stages
            .get(usize::from(city.stages))
            .map(|s| &s.cost)
    }

    /// Whether `card` is free for `city` by a chain.
    pub fn chained(&self, city: &City, card: CardId) -> bool {
        self.vocab
            .chain_mask
            .get(usize::from(card.0))
            .is_some_and(|m| m.intersects(&city.names))
    }

    /// The market seen by `seat`: its production, its neighbours' tradable
    /// production and its prices.
    pub fn market<'t>(&self, cities: &'t [City], seat: usize) -> Market<'t> {
        let n = cities.len();
        let me = &cities[seat];
        Market {
            own: &me.own,
            left: &cities[seat_at(seat, 1, n)].sold,
            right: &cities[seat_at(seat, -1, n)].sold,
            prices: &me.prices,
        }
    }

    /// Every legal move of `seat` with `hand`, from the state at the start
    /// of the turn, into `out`.
    pub fn moves(
        &self,
        table: &Table,
        seat: usize,
        hand: &[CardId],
        movegen: &mut MoveGen,
        out: &mut Vec<Move>,
    ) {
        out.clear();
        let city = &table.cities[seat];
        let budget = city.coins.max(0) as u32;
        let market = self.market(&table.cities, seat);
        movegen.stage.clear();
        if let Some(cost) = self.next_stage_cost(city) {
            let pays = movegen.search.search(cost, &market, budget);
            movegen.stage.extend_from_slice(pays);
        }
        let ability = city.abilities.hand_builds_per_age > city.abilities.hand_builds_used;
        for (slot, &card) in hand.iter().enumerate() {
            let slot = slot as u8;
            let info = self.info.cards.get(usize::from(card.0));
            if let Some(info) = info.filter(|_| !city.has_name(self.vocab.name_class(card))) {
                if self.chained(city, card) {
                    out.push(Move {
                        slot,
                        card,
                        action: Action::Chain,
                    });
                } else {
                    let pays = movegen.search.search(&info.cost, &market, budget);
                    let free = pays.first() == Some(&Payment::FREE);
                    out.extend(pays.iter().map(|&p| Move {
                        slot,
                        card,
                        action: Action::Build(p),
                    }));
                    if ability && !free {
                        out.push(Move {
                            slot,
                            card,
                            action: Action::Free,
                        });
                    }
                }
            }
            out.extend(movegen.stage.iter().map(|&p| Move {
                slot,
                card,
                action: Action::Stage(p),
            }));
            out.push(Move {
                slot,
                card,
                action: Action::Discard,
            });
        }
    }

    /// A move in words (also the key a replay log checks).
    pub fn describe(&self, mv: &Move) -> String {
        let name = self.card_name(mv.card);
        let pay = |p: &Payment| {
            if *p == Payment::FREE {
                String::new()
            } else {
                format!(" (bank {}, left {}, right {})", p.bank, p.left, p.right)
            }
        };
        match &mv.action {
            Action::Build(p) => format!("build {name}{}", pay(p)),
            Action::Chain => format!("build {name} by chain"),
            Action::Free => format!("build {name} free (once per age)"),
            Action::Stage(p) => format!("wonder stage with {name}{}", pay(p)),
            Action::Discard => format!("discard {name}"),
        }
    }

    fn place(&self, city: &mut City, card: CardId) {
        city.cards.push(card);
        city.names.insert(self.vocab.name_class(card));
        if let Some(info) = self.info.cards.get(usize::from(card.0)) {
            let c = usize::from(info.colour.0) % MAX_CAT;
            city.colour_count[c] = city.colour_count[c].saturating_add(1);
        }
    }

    /// Runs `source`'s built effects for `me`, then tells the city's other
    /// sources (`follow`: a card or stage was built).
    fn run_built(
        &self,
        me: &mut City,
        cities: &[City],
        seat: usize,
        source: Source,
        follow: Event,
    ) {
        self.run_built_with(me, cities, seat, source, follow, true);
    }

    fn run_built_with(
        &self,
        me: &mut City,
        cities: &[City],
        seat: usize,
        source: Source,
        follow: Event,
        coins: bool,
    ) {
        let effects = self.info.effects;
        let mut h = CityHost {
            me,
            cities,
            seat,
            coins,
        };
        if listens(self.info, source).has(Listens::BUILT) {
            effects(source, Event::Built, &mut h);
        }
        let bit = match follow {
            Event::BuiltCard { .. } => Listens::BUILT_CARD,
            Event::BuiltStage => Listens::BUILT_STAGE,
            _ => return,
        };
        for i in 0..source_count(h.me) {
            let s = source_at(h.me, i);
            if s != source && listens(self.info, s).has(bit) {
                effects(s, follow, &mut h);
            }
        }
    }

    fn follow_card(&self, card: CardId, chained: bool) -> Event {
        let colour = self
            .info
            .cards
            .get(usize::from(card.0))
            .map_or(sevenw_host::Colour(0), |c| c.colour);
        Event::BuiltCard { colour, chained }
    }

    /// Places the move's card and pays for it on `me`; returns the source to
    /// run and its follow-up event, if something was built.
    fn enact(&self, me: &mut City, mv: &Move) -> Option<(Source, Event)> {
        match mv.action {
            Action::Build(p) => {
                me.coins -= p.total() as i32;
                self.place(me, mv.card);
                Some((Source::Card(mv.card), self.follow_card(mv.card, false)))
            }
            Action::Chain => {
                self.place(me, mv.card);
                Some((Source::Card(mv.card), self.follow_card(mv.card, true)))
            }
            Action::Free => {
                me.abilities.hand_builds_used = me.abilities.hand_builds_used.saturating_add(1);
                self.place(me, mv.card);
                Some((Source::Card(mv.card), self.follow_card(mv.card, false)))
            }
            Action::Stage(p) => {
                me.coins -= p.total() as i32;
                me.stage_cards.push(mv.card);
                let stage = me.stages;
                me.stages += 1;
                Some((
                    Source::Stage {
                        wonder: me.wonder,
                        side: me.side,
                        stage,
                    },
                    Event::BuiltStage,
                ))
            }
            Action::Discard => {
                me.coins += DISCARD_COINS;
                None
            }
        }
    }

    /// Adds `card` to the city at `seat` as if built now, outside the turn
    /// structure (scenarios, city sheets): its built effects run, and coins
    /// it gains are added only if `coins`.
    pub fn add_card(&self, cities: &mut [City], seat: usize, card: CardId, coins: bool) {
        let mut me = std::mem::take(&mut cities[seat]);
        self.place(&mut me, card);
        let follow = self.follow_card(card, false);
        self.run_built_with(&mut me, cities, seat, Source::Card(card), follow, coins);
        cities[seat] = me;
    }

    /// Builds the next wonder stage of the city at `seat` outside the turn
    /// structure, marked with `marker` if given; false if none is left.
    pub fn add_stage(
        &self,
        cities: &mut [City],
        seat: usize,
        marker: Option<CardId>,
        coins: bool,
    ) -> bool {
        if self.next_stage_cost(&cities[seat]).is_none() {
            return false;
        }
        let mut me = std::mem::take(&mut cities[seat]);
        me.stage_cards.extend(marker);
        let stage = me.stages;
        me.stages += 1;
        let source = Source::Stage {
            wonder: me.wonder,
            side: me.side,
            stage,
        };
        self.run_built_with(&mut me, cities, seat, source, Event::BuiltStage, coins);
        cities[seat] = me;
        true
    }

    /// A city on wonder `wonder` side `side` with the game's starting coins;
    /// its board's effects run.
    pub fn new_city(&self, cities: &mut [City], seat: usize, wonder: u8, side: u8) {
        cities[seat] = City::new(wonder, side, i32::from(self.info.start_coins), TRADE_PRICE);
        let mut me = std::mem::take(&mut cities[seat]);
        self.run_built(
            &mut me,
            cities,
            seat,
            Source::Board { wonder, side },
            Event::Built,
        );
        cities[seat] = me;
    }

    /// `seat`'s city as it would be after `mv`, before the other players'
    /// moves of the turn (for bots that look one move ahead).
    pub fn preview(&self, table: &Table, seat: usize, mv: &Move) -> City {
        let mut me = table.cities[seat].clone();
        if let Some((source, follow)) = self.enact(&mut me, mv) {
            self.run_built(&mut me, &table.cities, seat, source, follow);
        }
        me
    }

    /// The final score of `me` sitting at `seat` among `cities`, with these
    /// cards copied at game end.
    pub fn score_city(&self, cities: &[City], seat: usize, me: &City, copies: &[CardId]) -> Score {
        let effects = self.info.effects;
        let mut h = ScoreHost::new(me, cities, seat);
        for i in 0..source_count(me) {
            let s = source_at(me, i);
            if listens(self.info, s).has(Listens::GAME_END) {
                effects(s, Event::GameEnd, &mut h);
            }
        }
        for &c in copies {
            let s = Source::Card(c);
            let l = listens(self.info, s);
            if l.has(Listens::BUILT) {
                effects(s, Event::Built, &mut h);
            }
            if l.has(Listens::GAME_END) {
                effects(s, Event::GameEnd, &mut h);
            }
        }
        let mut points = h.vp;
        let cat = |c: Category| usize::from(c.0) % MAX_CAT;
        points[cat(self.cats.military)] += me.conflict_vp;
        points[cat(self.cats.treasury)] += h.coins.max(0) / 3;
        let nsym = self.info.symbols.len().min(science::MAX_SYM);
        let sci = science::best(&h.science[..nsym], &h.wild, SCIENCE_SET_BONUS).0;
        points[cat(self.cats.science)] += sci as i32;
        let ncat = self.info.categories.len().min(MAX_CAT);
        let total = points[..ncat].iter().sum();
        Score {
            points,
            total,
            coins: h.coins,
        }
    }

    /// Copies the city's sources grant at game end (rather than when built).
    fn game_end_copies(
        &self,
        cities: &[City],
        seat: usize,
        me: &City,
    ) -> Vec<(sevenw_host::ColourSet, sevenw_host::Seats)> {
        let mut h = ScoreHost::new(me, cities, seat);
        for i in 0..source_count(me) {
            let s = source_at(me, i);
            if listens(self.info, s).has(Listens::GAME_END) {
                (self.info.effects)(s, Event::GameEnd, &mut h);
            }
        }
        h.copies
    }

    /// Cards `seat` may copy with the ability `(colours, seats)`.
    fn copy_candidates(
        &self,
        cities: &[City],
        seat: usize,
        ability: &(sevenw_host::ColourSet, sevenw_host::Seats),
    ) -> Vec<CardId> {
        let (colours, seats) = ability;
        let mut out = Vec::new();
        for &off in seats.0 {
            let s = seat_at(seat, off, cities.len());
            if s == seat {
                continue;
            }
            for &c in &cities[s].cards {
                let colour = self.info.cards.get(usize::from(c.0)).map(|i| i.colour);
                if colour.is_some_and(|col| colours.contains(col)) && !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        out
    }

    /// Final scoring of every city: copies chosen for the best score of
    /// their owner, wildcards chosen for the best science, tie-break by coins.
    pub fn final_scores(&self, cities: &[City]) -> Outcome {
        let mut copied = Vec::with_capacity(cities.len());
        let mut scores = Vec::with_capacity(cities.len());
        for (seat, me) in cities.iter().enumerate() {
            let mut chosen: Vec<CardId> = Vec::new();
            let mut abilities = me.abilities.copies.clone();
            abilities.extend(self.game_end_copies(cities, seat, me));
            for ability in &abilities {
                let mut best: Option<(i32, CardId)> = None;
                for c in self.copy_candidates(cities, seat, ability) {
                    chosen.push(c);
                    let t = self.score_city(cities, seat, me, &chosen).total;
                    chosen.pop();
                    if best.is_none_or(|(bt, _)| t > bt) {
                        best = Some((t, c));
                    }
                }
                if let Some((_, c)) = best {
                    chosen.push(c);
                }
            }
            scores.push(self.score_city(cities, seat, me, &chosen));
            copied.push(chosen);
        }
        let winners = winners(&scores);
        Outcome {
            scores,
            winners,
            copied,
        }
    }
}

/// Seats with the best total, then the most coins.
pub fn winners(scores: &[Score]) -> Vec<usize> {
    let best = scores.iter().map(|s| (s.total, s.coins)).max();
    (0..scores.len())
        .filter(|&i| Some((scores[i].total, scores[i].coins)) == best)
        .collect()
}

/// A base game in progress.
pub struct Game<'b> {
    pub base: &'b Base,
    pub table: Table,
    rng: Rng,
    movegen: MoveGen,
    moves: Vec<Vec<Move>>,
    chosen: Vec<Move>,
    built: Vec<(usize, Source, Event)>,
}

impl<'b> Game<'b> {
    /// Seats the players: wonders dealt (or chosen) and starting coins; the
    /// boards' own effects run. Checks that every Age deck deals exactly.
    pub fn new(base: &'b Base, setup: &Setup) -> Result<Self, SetupError> {
        let info = base.info;
        let n = setup.players;
        let (min, max) = (
            usize::from(info.min_players).max(3),
            usize::from(info.max_players),
        );
        if n < min || n > max {
            return Err(SetupError::Players { n, min, max });
        }
        if info.wonders.len() < n {
            return Err(SetupError::NotEnoughWonders {
                n,
                have: info.wonders.len(),
            });
        }
        for age in 1..=info.ages {
            let have = deck_size(info, age, n);
            let want = n * usize::from(info.hand_size);
            if have != want {
                return Err(SetupError::DeckSize { age, have, want });
            }
        }
        // Separate streams: the deal of the boards, and the decks, so that a
        // game with chosen boards shuffles its decks like a dealt one.
        let mut deal = Rng::new(crate::rng::derive(setup.seed, 1));
        let rng = Rng::new(crate::rng::derive(setup.seed, 2));
        let boards: Vec<(u8, u8)> = match &setup.wonders {
            Some(chosen) => {
                if chosen.len() != n {
                    return Err(SetupError::PlayerCount {
                        seats: n,
                        players: chosen.len(),
                    });
                }
                for (seat, &(w, s)) in chosen.iter().enumerate() {
                    let ok = info.wonders.get(usize::from(w)).is_some_and(|w| {
                        usize::from(s) < w.sides.len() && !w.sides[usize::from(s)].stages.is_empty()
                    });
                    if !ok {
                        return Err(SetupError::BadWonder { seat });
                    }
                    if chosen[..seat].iter().any(|&(w2, _)| w2 == w) {
                        return Err(SetupError::WonderTwice { seat });
                    }
                }
                chosen.clone()
            }
            None => {
                let mut order: Vec<u8> = (0..info.wonders.len() as u8).collect();
                deal.shuffle(&mut order);
                order
                    .into_iter()
                    .take(n)
                    .map(|w| {
                        let sides = info.wonders[usize::from(w)].sides.len().max(1);
                        let s = match setup.sides {
                            SidePolicy::A => 0,
                            SidePolicy::B => 1.min(sides - 1),
                            SidePolicy::Random => deal.below(sides),
                        };
                        (w, s as u8)
                    })
                    .collect()
            }
        };
        let mut table = Table {
            cities: vec![City::default(); n],
            hands: vec![Vec::new(); n],
            ..Table::default()
        };
        for (seat, &(w, s)) in boards.iter().enumerate() {
            base.new_city(&mut table.cities, seat, w, s);
        }
        Ok(Game {
            base,
            table,
            rng,
            movegen: MoveGen::new(),
            moves: vec![Vec::new(); n],
            chosen: Vec::with_capacity(n),
            built: Vec::with_capacity(n),
        })
    }

    pub fn players(&self) -> usize {
        self.table.cities.len()
    }

    /// Plays the whole game.
    pub fn play(
        &mut self,
        players: &mut [Box<dyn Player + '_>],
        obs: &mut dyn Observer,
    ) -> Result<Outcome, SetupError> {
        let n = self.players();
        if players.len() != n {
            return Err(SetupError::PlayerCount {
                seats: n,
                players: players.len(),
            });
        }
        obs.started(self.base, &self.table);
        for age in 1..=self.base.info.ages {
            self.start_age(age);
            obs.age_started(self.base, &self.table);
            while self.turns_left() {
                self.play_turn(players, obs);
            }
            self.end_age();
            obs.age_ended(self.base, &self.table);
        }
        let outcome = self.finish();
        obs.finished(self.base, &self.table, &outcome);
        Ok(outcome)
    }

    /// Whether the Age has another turn (every hand holds two cards or more).
    pub fn turns_left(&self) -> bool {
        self.table.hands.iter().all(|h| h.len() >= 2)
    }

    /// Final scoring of the cities as they are.
    pub fn finish(&self) -> Outcome {
        self.base.final_scores(&self.table.cities)
    }

    /// Starts `age`: builds its deck for the table (with the guild draw),
    /// shuffles it, deals the hands and renews once-per-Age abilities.
    pub fn start_age(&mut self, age: u8) {
        let info = self.base.info;
        let n = self.players();
        self.table.age = age;
        self.table.turn = 0;
        let mut deck: Vec<CardId> = Vec::with_capacity(n * usize::from(info.hand_size));
        for (i, c) in info.cards.iter().enumerate() {
            if c.age == age {
                let copies = c.copies.iter().filter(|&&m| usize::from(m) <= n).count();
                deck.extend(std::iter::repeat_n(CardId(i as u16), copies));
            }
        }
        if let Some(rule) = info.guilds.filter(|r| r.age == age) {
            let mut pool: Vec<CardId> = (0..info.cards.len())
                .filter(|&i| is_drawn(info, i, age))
                .filter(|&i| info.cards[i].colour == rule.colour)
                .map(|i| CardId(i as u16))
                .collect();
            self.rng.shuffle(&mut pool);
            let take = usize::from(rule.drawn(n as u8)).min(pool.len());
            deck.extend_from_slice(&pool[..take]);
            self.table.boxed.extend_from_slice(&pool[take..]);
        }
        self.rng.shuffle(&mut deck);
        let h = usize::from(info.hand_size);
        for (p, hand) in self.table.hands.iter_mut().enumerate() {
            hand.clear();
            // Game::new checked that every Age deals exactly.
            hand.extend_from_slice(deck.get(p * h..(p + 1) * h).unwrap_or(&[]));
        }

        self.table.dealt.extend_from_slice(&deck);
        for c in &mut self.table.cities {
            c.abilities.hand_builds_used = 0;
        }
    }

    /// The legal moves of `seat` now (a fresh list).
    pub fn legal_moves(&mut self, seat: usize) -> Vec<Move> {
        let mut out = Vec::new();
        self.base.moves(
            &self.table,
            seat,
            &self.table.hands[seat],
            &mut self.movegen,
            &mut out,
        );
        out
    }

    fn ask_move(&mut self, players: &mut [Box<dyn Player + '_>], seat: usize) -> Move {
        let mut moves = std::mem::take(&mut self.moves[seat]);
        self.base.moves(
            &self.table,
            seat,
            &self.table.hands[seat],
            &mut self.movegen,
            &mut moves,
        );
        let view = View {
            base: self.base,
            table: &self.table,
            seat,
        };
        // Discarding is always legal, so the list is never empty.
        let i = players[seat]
            .choose_move(&view, &moves)
            .min(moves.len() - 1);
        let mv = moves[i];
        self.moves[seat] = moves;
        mv
    }

    /// Plays one turn: every player chooses from the state at the start of
    /// the turn, the moves are applied together, then (on the last turn of
    /// the Age) last cards are played or discarded, then free builds from the
    /// discard pile happen, then the hands are passed.
    pub fn play_turn(&mut self, players: &mut [Box<dyn Player + '_>], obs: &mut dyn Observer) {
        self.table.turn += 1;
        let n = self.players();
        let last = self.table.hands[0].len() == 2;
        self.chosen.clear();
        for seat in 0..n {
            let mv = self.ask_move(players, seat);
            self.chosen.push(mv);
        }
        let chosen = std::mem::take(&mut self.chosen);
        self.apply(&chosen);
        for (seat, mv) in chosen.iter().enumerate() {
            obs.moved(self.base, &self.table, seat, mv, false);
        }
        self.chosen = chosen;
        if last {
            for seat in 0..n {
                if self.table.cities[seat].abilities.play_last_card
                    && self.table.hands[seat].len() == 1
                {
                    let mv = self.ask_move(players, seat);
                    self.apply_one(seat, &mv);
                    obs.moved(self.base, &self.table, seat, &mv, true);
                }
            }
            for hand in &mut self.table.hands {
                self.table.discard.append(hand);
            }
        }
        self.discard_builds(players, obs);
        if !last {
            if self.table.age % 2 == 1 {
                self.table.hands.rotate_right(1); // to the left: seat p's hand goes to p + 1
            } else {
                self.table.hands.rotate_left(1);
            }
        }
    }

    /// Pays and places every chosen move, then runs the built effects (so
    /// effects that count see the whole turn's builds).
    fn apply(&mut self, chosen: &[Move]) {
        self.built.clear();
        for (seat, mv) in chosen.iter().enumerate() {
            self.pay_and_place(seat, mv);
        }
        self.run_built_effects();
    }

    fn apply_one(&mut self, seat: usize, mv: &Move) {
        self.built.clear();
        self.pay_and_place(seat, mv);
        self.run_built_effects();
    }

    fn run_built_effects(&mut self) {
        for i in 0..self.built.len() {
            let (seat, source, follow) = self.built[i];
            let mut me = std::mem::take(&mut self.table.cities[seat]);
            self.base
                .run_built(&mut me, &self.table.cities, seat, source, follow);
            self.table.cities[seat] = me;
        }
    }

    fn pay_and_place(&mut self, seat: usize, mv: &Move) {
        let n = self.players();
        let hand = &mut self.table.hands[seat];
        let slot = usize::from(mv.slot);
        if slot < hand.len() {
            hand.remove(slot);
        }
        let pay = match mv.action {
            Action::Build(p) | Action::Stage(p) => p,
            _ => Payment::FREE,
        };
        let left = seat_at(seat, 1, n);
        let right = seat_at(seat, -1, n);
        self.table.cities[left].coins += i32::from(pay.left);
        self.table.cities[right].coins += i32::from(pay.right);
        if mv.action == Action::Discard {
            self.table.discard.push(mv.card);
        }
        if let Some((source, follow)) = self.base.enact(&mut self.table.cities[seat], mv) {
            self.built.push((seat, source, follow));
        }
    }

    /// Free builds from the discard pile due this turn, in seat order.
    fn discard_builds(&mut self, players: &mut [Box<dyn Player + '_>], obs: &mut dyn Observer) {
        for seat in 0..self.players() {
            while self.table.cities[seat].abilities.discard_builds > 0 {
                self.table.cities[seat].abilities.discard_builds -= 1;
                let options = self
                    .base
                    .vocab
                    .unbuilt(&self.table.discard, &self.table.cities[seat]);
                if options.is_empty() {
                    continue;
                }
                let view = View {
                    base: self.base,
                    table: &self.table,
                    seat,
                };
                let i = players[seat]
                    .choose_free_build(&view, &options)
                    .min(options.len() - 1);
                let card = options[i];
                if let Some(pos) = self.table.discard.iter().position(|&c| c == card) {
                    self.table.discard.remove(pos);
                }
                let mut me = std::mem::take(&mut self.table.cities[seat]);
                self.base.place(&mut me, card);
                let follow = self.base.follow_card(card, false);
                self.base.run_built(
                    &mut me,
                    &self.table.cities,
                    seat,
                    Source::Card(card),
                    follow,
                );
                self.table.cities[seat] = me;
                obs.built_from_discard(self.base, &self.table, seat, card);
            }
        }
    }

    /// Conflicts against both neighbours, then end-of-Age effects.
    pub fn end_age(&mut self) {
        let n = self.players();
        let age = self.table.age;
        let shields: Vec<u32> = self.table.cities.iter().map(|c| c.shields).collect();
        for (seat, city) in self.table.cities.iter_mut().enumerate() {
            for off in [1i8, -1] {
                let other = shields[seat_at(seat, off, n)];
                if shields[seat] > other {
                    city.victories += 1;
                    city.conflict_vp += victory_vp(age);
                } else if shields[seat] < other {
                    city.defeats += 1;
                    city.conflict_vp += DEFEAT_VP;
                }
            }
        }
        let effects = self.base.info.effects;
        for seat in 0..n {
            let mut me = std::mem::take(&mut self.table.cities[seat]);
            {
                let mut h = CityHost {
                    me: &mut me,
                    cities: &self.table.cities,
                    seat,
                    coins: true,
                };
                for i in 0..source_count(h.me) {
                    let s = source_at(h.me, i);
                    if listens(self.base.info, s).has(Listens::AGE_END) {
                        effects(s, Event::AgeEnd, &mut h);
                    }
                }
            }
            self.table.cities[seat] = me;
        }
    }
}

/// Whether card `i` is drawn by the game's draw rule in `age`.
fn is_drawn(info: &GameInfo, i: usize, age: u8) -> bool {
    let c = &info.cards[i];
    c.age == age
        && c.copies.is_empty()
        && info
            .guilds
            .is_some_and(|r| r.age == age && r.colour == c.colour)
}

/// Cards dealt in `age` to `n` players.
pub fn deck_size(info: &GameInfo, age: u8, n: usize) -> usize {
    let fixed: usize = info
        .cards
        .iter()
        .filter(|c| c.age == age)
        .map(|c| c.copies.iter().filter(|&&m| usize::from(m) <= n).count())
        .sum();
    let drawn = match info.guilds {
        Some(rule) if rule.age == age => {
            let pool = (0..info.cards.len())
                .filter(|&i| is_drawn(info, i, age))
                .count();
            usize::from(rule.drawn(n as u8)).min(pool)
        }
        _ => 0,
    };
    fixed + drawn
}
