//! The base game's turn structure: set-up, the three Ages of simultaneous
//! choices, hands passed left–right–left, the three actions, conflicts at
//! the end of each Age and final scoring with the tie-break by coins.
//!
//! Rule references are to the Spanish rulebook
//! (`shared/rules/002_40f1377c95c25beb.txt`).
//!
//! This is the only module that knows the base game's turn order. It reads
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
//! - `science(..)` with several symbols: chosen at scoring, for the best score.
//!
//! A turn is simultaneous ("Cada jugador mira su mano … y selecciona una
//! carta"): every seat is asked in turn from the position at the start of
//! the turn, and the moves are carried out together once the last seat has
//! chosen, so coins gained this turn are not spent this turn and counts see
//! the whole turn's builds.

mod greedy;
mod narrate;
pub mod scenario;
pub mod sheet;

use std::fmt;

use sevenw_host::{CardId, Category, Event, GameInfo, Listens, Source};

use crate::engine::city::{City, MAX_CAT, run_built, run_event, seat_at};
use crate::engine::host::{CityHost, ScoreHost};
use crate::engine::military::neighbour_battles;
use crate::engine::payment::{Market, Payment, PaymentSearch};
use crate::engine::rng::{Rng, derive};
use crate::engine::science;
use crate::engine::vocab::{Vocab, VocabError, listens};
use crate::game::{Game, Outcome, POINTS, Score, Setup, SetupError, Sides, best_seats};

/// "Descarta la carta para ganar 3 monedas".
pub const DISCARD_COINS: i32 = 3;
/// What a neighbour's resource costs without a discount ("Comercio": 2 monedas).
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
    /// For each player count (index `n`), why the Age decks do not deal
    /// exactly, if they do not: checked once, not at every game's start.
    deals: Vec<Option<String>>,
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
    /// Build it for free from the discard pile (a wonder's power).
    FromDiscard,
}

/// A decision: the card at `slot` of the hand and what to do with it (for
/// [`Action::FromDiscard`], a card of the discard pile; `slot` is 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub slot: u8,
    pub card: CardId,
    pub action: Action,
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
    /// The game is over.
    Over,
}

/// Cards, hands and piles of a game in progress: the position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub cities: Vec<City>,
    pub hands: Vec<Vec<CardId>>,
    /// The cards under each city's built stages, face down.
    pub stage_cards: Vec<Vec<CardId>>,
    /// Discarded cards, face down.
    pub discard: Vec<CardId>,
    /// Cards set aside unused at set-up (guilds not drawn).
    pub boxed: Vec<CardId>,
    /// Every card dealt so far.
    pub dealt: Vec<CardId>,
    pub age: u8,
    /// Turn within the Age, from 1.
    pub turn: u8,
}

/// A base game in progress.
#[derive(Clone, Debug)]
pub struct State {
    pub table: Table,
    pub phase: Phase,
    /// Moves chosen this turn, by seat, not yet carried out.
    chosen: Vec<Move>,
    /// The moves of the last turn carried out, by seat.
    pub resolved: Vec<Move>,
    /// Turns carried out in the whole game.
    pub turns_played: u32,
    /// Whether the turn being finished is the last of its Age.
    last_turn: bool,
    rng: Rng,
    scratch: Scratch,
}

impl PartialEq for State {
    /// Two states are equal when the game is at the same point: the same
    /// position, decision and random stream (buffers aside).
    fn eq(&self, other: &Self) -> bool {
        self.table == other.table
            && self.phase == other.phase
            && self.chosen == other.chosen
            && self.turns_played == other.turns_played
            && self.rng == other.rng
    }
}

/// Reusable buffers: nothing of the game's meaning.
#[derive(Clone, Debug, Default)]
struct Scratch {
    movegen: MoveGen,
    built: Vec<(usize, Source, Event)>,
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
        let deals = (0..=usize::from(info.max_players))
            .map(|n| {
                (1..=info.ages).find_map(|age| {
                    let have = deck_size(info, age, n);
                    let want = n * usize::from(info.hand_size);
                    (have != want).then(|| {
                        format!(
                            "the Age {age} deck has {have} cards for {n} players; the deal needs {want}"
                        )
                    })
                })
            })
            .collect();
        Ok(Base {
            info,
            vocab,
            cats,
            deals,
        })
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
        city.chained(&self.vocab, card)
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

    /// Every legal move of `seat` with `hand`, from the position at the
    /// start of the turn, into `out`.
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

    /// A move in words (also the text a replay log checks).
    pub fn describe_move(&self, mv: &Move) -> String {
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
            Action::FromDiscard => format!("build {name} from the discard pile"),
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

    /// Runs `source`'s built effects for the city at `seat` (taken out of
    /// `cities` meanwhile), then tells its other sources (`follow`).
    fn run_built(
        &self,
        cities: &mut [City],
        seat: usize,
        source: Source,
        follow: Event,
        coins: bool,
    ) {
        let mut me = std::mem::take(&mut cities[seat]);
        let mut h = CityHost::new(&mut me, &*cities, seat, coins);
        run_built(&self.vocab, &mut h, source, Some(follow));
        cities[seat] = me;
    }

    /// Pays for the move and places its card on `me`; returns the source to
    /// run and its follow-up event, if something was built.
    fn enact(
        &self,
        me: &mut City,
        stage_cards: &mut Vec<CardId>,
        mv: &Move,
    ) -> Option<(Source, Event)> {
        match mv.action {
            Action::Build(p) => {
                me.coins -= p.total() as i32;
                me.place(&self.vocab, mv.card);
                Some((Source::Card(mv.card), self.follow_card(mv.card, false)))
            }
            Action::Chain => {
                me.place(&self.vocab, mv.card);
                Some((Source::Card(mv.card), self.follow_card(mv.card, true)))
            }
            Action::Free => {
                me.abilities.hand_builds_used = me.abilities.hand_builds_used.saturating_add(1);
                me.place(&self.vocab, mv.card);
                Some((Source::Card(mv.card), self.follow_card(mv.card, false)))
            }
            Action::FromDiscard => {
                me.place(&self.vocab, mv.card);
                Some((Source::Card(mv.card), self.follow_card(mv.card, false)))
            }
            Action::Stage(p) => {
                me.coins -= p.total() as i32;
                stage_cards.push(mv.card);
                Some((self.gain_stage(me), Event::BuiltStage))
            }
            Action::Discard => {
                me.coins += DISCARD_COINS;
                None
            }
        }
    }

    /// The city builds its next stage: it becomes a source.
    fn gain_stage(&self, me: &mut City) -> Source {
        let source = Source::Stage {
            wonder: me.wonder,
            side: me.side,
            stage: me.stages,
        };
        me.stages = me.stages.saturating_add(1);
        me.gain_source(self.info, source);
        source
    }

    /// Adds `card` to the city at `seat` as if built now, outside the turn
    /// structure (scenarios, city sheets): its built effects run, and coins
    /// it gains are added only if `coins`.
    pub fn add_card(&self, cities: &mut [City], seat: usize, card: CardId, coins: bool) {
        cities[seat].place(&self.vocab, card);
        let follow = self.follow_card(card, false);
        self.run_built(cities, seat, Source::Card(card), follow, coins);
    }

    /// Builds the next wonder stage of the city at `seat` outside the turn
    /// structure; false if none is left.
    pub fn add_stage(&self, cities: &mut [City], seat: usize, coins: bool) -> bool {
        if self.next_stage_cost(&cities[seat]).is_none() {
            return false;
        }
        let source = self.gain_stage(&mut cities[seat]);
        self.run_built(cities, seat, source, Event::BuiltStage, coins);
        true
    }

    /// A city on wonder `wonder` side `side` with the game's starting coins;
    /// its board's effects run.
    pub fn new_city(&self, cities: &mut [City], seat: usize, wonder: u8, side: u8) {
        let mut city = City::new(wonder, side, i32::from(self.info.start_coins), TRADE_PRICE);
        let board = Source::Board { wonder, side };
        city.gain_source(self.info, board);
        cities[seat] = city;
        self.run_built(cities, seat, board, Event::Built, true);
    }

    /// `seat`'s city as it would be after `mv`, before the other players'
    /// moves of the turn (for bots that look one move ahead).
    pub fn preview(&self, cities: &[City], seat: usize, mv: &Move) -> City {
        let mut me = cities[seat].clone();
        let mut marks = Vec::new();
        if let Some((source, follow)) = self.enact(&mut me, &mut marks, mv) {
            let mut h = CityHost::new(&mut me, cities, seat, true);
            run_built(&self.vocab, &mut h, source, Some(follow));
        }
        me
    }

    /// The final score of `me` sitting at `seat` among `cities`, with these
    /// cards copied at game end.
    pub fn score_city(&self, cities: &[City], seat: usize, me: &City, copies: &[CardId]) -> Score {
        let mut h = ScoreHost::new(me, cities, seat);
        if me.listening & Listens::GAME_END != 0 {
            run_event(&self.vocab, &mut h, Event::GameEnd, Listens::GAME_END, None);
        }
        for &c in copies {
            let s = Source::Card(c);
            let l = listens(self.info, s);
            if l.has(Listens::BUILT) {
                self.vocab.effects(s, Event::Built, &mut h);
            }
            if l.has(Listens::GAME_END) {
                self.vocab.effects(s, Event::GameEnd, &mut h);
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
            copied: copies.to_vec(),
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
        run_event(&self.vocab, &mut h, Event::GameEnd, Listens::GAME_END, None);
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
        let mut scores = Vec::with_capacity(cities.len());
        for (seat, me) in cities.iter().enumerate() {
            let mut chosen: Vec<CardId> = Vec::new();
            let mut abilities = me.abilities.copies.clone();
            if me.listening & Listens::GAME_END != 0 {
                abilities.extend(self.game_end_copies(cities, seat, me));
            }
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
        }
        let winners = winners(&scores);
        Outcome {
            scores,
            winners,
            victory: POINTS,
        }
    }

    /// Checks a set-up and returns the boards: chosen ones, or dealt.
    fn boards(&self, setup: &Setup, n: usize, deal: &mut Rng) -> Result<Vec<(u8, u8)>, SetupError> {
        let info = self.info;
        match &setup.wonders {
            Some(chosen) => {
                if chosen.len() != n {
                    return Err(SetupError::option(
                        "wonders",
                        format!(
                            "{} for {}",
                            crate::text::plural(chosen.len() as i64, "board"),
                            crate::text::plural(n as i64, "player")
                        ),
                    ));
                }
                for (seat, &(w, s)) in chosen.iter().enumerate() {
                    let ok = info.wonders.get(usize::from(w)).is_some_and(|w| {
                        usize::from(s) < w.sides.len() && !w.sides[usize::from(s)].stages.is_empty()
                    });
                    if !ok {
                        return Err(SetupError::option(
                            "wonders",
                            format!("seat {}: no such wonder or side", seat + 1),
                        ));
                    }
                    if chosen[..seat].iter().any(|&(w2, _)| w2 == w) {
                        return Err(SetupError::option(
                            "wonders",
                            format!("{} twice", self.wonder_name(w)),
                        ));
                    }
                }
                Ok(chosen.clone())
            }
            None => {
                let mut order: Vec<u8> = (0..info.wonders.len() as u8).collect();
                deal.shuffle(&mut order);
                Ok(order
                    .into_iter()
                    .take(n)
                    .map(|w| {
                        let sides = info.wonders[usize::from(w)].sides.len().max(1);
                        let s = match setup.sides {
                            Sides::A => 0,
                            Sides::B => 1.min(sides - 1),
                            Sides::Random => deal.below(sides),
                        };
                        (w, s as u8)
                    })
                    .collect())
            }
        }
    }

    /// Starts `age`: builds its deck for the table (with the guild draw),
    /// shuffles it, deals the hands and renews once-per-Age abilities.
    pub fn start_age(&self, state: &mut State, age: u8) {
        let info = self.info;
        let t = &mut state.table;
        let n = t.cities.len();
        t.age = age;
        t.turn = 1;
        state.phase = Phase::Turn;
        state.chosen.clear();
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
            state.rng.shuffle(&mut pool);
            let take = usize::from(rule.drawn(n.min(255) as u8)).min(pool.len());
            deck.extend_from_slice(&pool[..take]);
            t.boxed.extend_from_slice(&pool[take..]);
        }
        state.rng.shuffle(&mut deck);
        let h = usize::from(info.hand_size);
        for (p, hand) in t.hands.iter_mut().enumerate() {
            hand.clear();
            // `start` checked that every Age deals exactly.
            hand.extend_from_slice(deck.get(p * h..(p + 1) * h).unwrap_or(&[]));
        }
        t.dealt.extend_from_slice(&deck);
        for c in &mut t.cities {
            c.abilities.hand_builds_used = 0;
        }
    }

    /// "Conflictos militares" at the end of the Age, then the end-of-Age
    /// effects.
    pub fn end_age(&self, state: &mut State) {
        let t = &mut state.table;
        neighbour_battles(&mut t.cities, victory_vp(t.age), DEFEAT_VP);
        for seat in 0..t.cities.len() {
            if t.cities[seat].listening & Listens::AGE_END == 0 {
                continue;
            }
            let mut me = std::mem::take(&mut t.cities[seat]);
            let mut h = CityHost::new(&mut me, &t.cities, seat, true);
            run_event(&self.vocab, &mut h, Event::AgeEnd, Listens::AGE_END, None);
            t.cities[seat] = me;
        }
    }

    /// Carries out the turn once every seat has chosen.
    fn resolve_turn(&self, state: &mut State) {
        state.last_turn = state.table.hands.first().is_some_and(|h| h.len() == 2);
        let chosen = std::mem::take(&mut state.chosen);
        state.scratch.built.clear();
        for (seat, mv) in chosen.iter().enumerate() {
            self.pay_and_place(state, seat, mv);
        }
        self.run_built_effects(state);
        state.chosen = std::mem::replace(&mut state.resolved, chosen);
        state.chosen.clear();
        state.turns_played += 1;
        if state.last_turn {
            self.next_last_card(state, 0);
        } else {
            self.next_free_build(state, 0);
        }
    }

    fn pay_and_place(&self, state: &mut State, seat: usize, mv: &Move) {
        let t = &mut state.table;
        let n = t.cities.len();
        let hand = &mut t.hands[seat];
        let slot = usize::from(mv.slot);
        if slot < hand.len() {
            hand.remove(slot);
        }
        let pay = match mv.action {
            Action::Build(p) | Action::Stage(p) => p,
            _ => Payment::FREE,
        };
        t.cities[seat_at(seat, 1, n)].coins += i32::from(pay.left);
        t.cities[seat_at(seat, -1, n)].coins += i32::from(pay.right);
        if mv.action == Action::Discard {
            t.discard.push(mv.card);
        }
        if let Some((source, follow)) =
            self.enact(&mut t.cities[seat], &mut t.stage_cards[seat], mv)
        {
            state.scratch.built.push((seat, source, follow));
        }
    }

    /// Runs the built effects of what the turn built, after everything was
    /// placed (so effects that count see the whole turn's builds).
    fn run_built_effects(&self, state: &mut State) {
        for i in 0..state.scratch.built.len() {
            let (seat, source, follow) = state.scratch.built[i];
            self.run_built(&mut state.table.cities, seat, source, follow, true);
        }
    }

    /// The next seat from `from` that plays its last card, if any; else the
    /// last cards are discarded (without coins) and free builds follow.
    fn next_last_card(&self, state: &mut State, from: usize) {
        let t = &mut state.table;
        for seat in from..t.cities.len() {
            if t.cities[seat].abilities.play_last_card && t.hands[seat].len() == 1 {
                state.phase = Phase::LastCard(seat);
                return;
            }
        }
        for hand in &mut t.hands {
            t.discard.append(hand);
        }
        self.next_free_build(state, 0);
    }

    /// The next free build from the discard pile due this turn, in seat
    /// order from `from`; a seat whose pile offers nothing loses it. When
    /// none is left, the turn ends.
    fn next_free_build(&self, state: &mut State, from: usize) {
        let t = &mut state.table;
        for seat in from..t.cities.len() {
            while t.cities[seat].abilities.discard_builds > 0 {
                t.cities[seat].abilities.discard_builds -= 1;
                let has = t
                    .discard
                    .iter()
                    .any(|&c| !t.cities[seat].has_name(self.vocab.name_class(c)));
                if has {
                    state.phase = Phase::FreeBuild(seat);
                    return;
                }
            }
        }
        self.end_turn(state);
    }

    /// Hands pass ("a la izquierda" in Ages I and III, to the right in Age
    /// II), or the Age ends.
    fn end_turn(&self, state: &mut State) {
        if !state.last_turn {
            let t = &mut state.table;
            if t.age % 2 == 1 {
                t.hands.rotate_right(1); // to the left: seat p's hand goes to p + 1
            } else {
                t.hands.rotate_left(1);
            }
            t.turn += 1;
            state.phase = Phase::Turn;
            return;
        }
        self.end_age(state);
        if state.table.age < self.info.ages {
            let next = state.table.age + 1;
            self.start_age(state, next);
        } else {
            state.phase = Phase::Over;
        }
    }
}

/// Seats with the best total, then the most coins.
pub fn winners(scores: &[Score]) -> Vec<usize> {
    best_seats(scores.iter().map(|s| (s.total, s.coins)))
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
    /// deals exactly.
    fn start(&self, setup: &Setup) -> Result<State, SetupError> {
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
        let mut state = State {
            table: Table {
                cities: vec![City::default(); n],
                hands: vec![Vec::new(); n],
                stage_cards: vec![Vec::new(); n],
                ..Table::default()
            },
            phase: Phase::Turn,
            chosen: Vec::with_capacity(n),
            resolved: Vec::with_capacity(n),
            turns_played: 0,
            last_turn: false,
            rng: Rng::new(derive(setup.seed, 2)),
            scratch: Scratch::default(),
        };
        for (seat, &(w, s)) in boards.iter().enumerate() {
            self.new_city(&mut state.table.cities, seat, w, s);
        }
        if info.ages == 0 {
            state.phase = Phase::Over;
        } else {
            self.start_age(&mut state, 1);
        }
        Ok(state)
    }

    fn seats(&self, state: &State) -> usize {
        state.table.cities.len()
    }

    fn to_move(&self, state: &State) -> Option<usize> {
        match state.phase {
            Phase::Turn => Some(state.chosen.len()),
            Phase::LastCard(s) | Phase::FreeBuild(s) => Some(s),
            Phase::Over => None,
        }
    }

    fn legal_moves(&self, state: &mut State, out: &mut Vec<Move>) {
        out.clear();
        let t = &state.table;
        match state.phase {
            Phase::Turn => {
                let seat = state.chosen.len();
                if let Some(hand) = t.hands.get(seat) {
                    self.moves(t, seat, hand, &mut state.scratch.movegen, out);
                }
            }
            Phase::LastCard(seat) => {
                self.moves(t, seat, &t.hands[seat], &mut state.scratch.movegen, out);
            }
            Phase::FreeBuild(seat) => {
                let options = t.cities[seat].unbuilt(&self.vocab, &t.discard);
                out.extend(options.into_iter().map(|card| Move {
                    slot: 0,
                    card,
                    action: Action::FromDiscard,
                }));
            }
            Phase::Over => {}
        }
    }

    fn apply(&self, state: &mut State, mv: &Move) {
        match state.phase {
            Phase::Turn => {
                state.chosen.push(*mv);
                if state.chosen.len() >= state.table.cities.len() {
                    self.resolve_turn(state);
                }
            }
            Phase::LastCard(seat) => {
                state.scratch.built.clear();
                self.pay_and_place(state, seat, mv);
                self.run_built_effects(state);
                self.next_last_card(state, seat + 1);
            }
            Phase::FreeBuild(seat) => {
                let t = &mut state.table;
                if let Some(p) = t.discard.iter().position(|&c| c == mv.card) {
                    t.discard.remove(p);
                    t.cities[seat].place(&self.vocab, mv.card);
                    let follow = self.follow_card(mv.card, false);
                    self.run_built(&mut t.cities, seat, Source::Card(mv.card), follow, true);
                }
                self.next_free_build(state, seat);
            }
            Phase::Over => {}
        }
    }

    fn outcome(&self, state: &State) -> Outcome {
        self.final_scores(&state.table.cities)
    }

    fn view<'a>(&'a self, state: &'a State, seat: usize) -> View<'a> {
        View {
            base: self,
            state,
            seat,
        }
    }

    fn describe(&self, mv: &Move) -> String {
        self.describe_move(mv)
    }

    fn greedy(&self, view: &View<'_>, moves: &[Move]) -> usize {
        greedy::choose(view, moves)
    }

    fn victories(&self) -> &'static [&'static str] {
        &[POINTS]
    }

    fn tags(&self, state: &State, seat: usize, out: &mut Vec<&'static str>) {
        if let Some(c) = state.table.cities.get(seat) {
            out.push(self.wonder_name(c.wonder));
        }
    }
}

/// What one seat may see: its own hand and the cards under its own
/// stages, every city (built cards, coins, tokens and what they grant are
/// public), how many cards each hand and the discard pile hold, and the
/// discard pile itself only while this seat chooses a card from it. Other
/// hands, other stages' cards, the cards not yet dealt and the choices of
/// the other seats this turn are not in it.
#[derive(Clone, Copy)]
pub struct View<'a> {
    base: &'a Base,
    state: &'a State,
    seat: usize,
}

impl<'a> View<'a> {
    pub fn rules(&self) -> &'a Base {
        self.base
    }
    pub fn seat(&self) -> usize {
        self.seat
    }
    pub fn players(&self) -> usize {
        self.state.table.cities.len()
    }
    pub fn age(&self) -> u8 {
        self.state.table.age
    }
    pub fn turn(&self) -> u8 {
        self.state.table.turn
    }
    /// The decision asked of this seat.
    pub fn phase(&self) -> Phase {
        self.state.phase
    }
    pub fn hand(&self) -> &'a [CardId] {
        &self.state.table.hands[self.seat]
    }
    /// How many cards `seat`'s hand holds.
    pub fn hand_len(&self, seat: usize) -> usize {
        self.state.table.hands.get(seat).map_or(0, Vec::len)
    }
    pub fn city(&self) -> &'a City {
        &self.state.table.cities[self.seat]
    }
    pub fn cities(&self) -> &'a [City] {
        &self.state.table.cities
    }
    /// The cards under this seat's own stages.
    pub fn stage_cards(&self) -> &'a [CardId] {
        &self.state.table.stage_cards[self.seat]
    }
    pub fn discard_len(&self) -> usize {
        self.state.table.discard.len()
    }
    /// The discard pile, while this seat builds from it.
    pub fn discard(&self) -> Option<&'a [CardId]> {
        (self.state.phase == Phase::FreeBuild(self.seat)).then_some(&self.state.table.discard[..])
    }
}

impl PartialEq for View<'_> {
    fn eq(&self, o: &Self) -> bool {
        self.seat == o.seat
            && self.age() == o.age()
            && self.turn() == o.turn()
            && self.phase() == o.phase()
            && self.hand() == o.hand()
            && (0..self.players()).all(|s| self.hand_len(s) == o.hand_len(s))
            && self.cities() == o.cities()
            && self.stage_cards() == o.stage_cards()
            && self.discard_len() == o.discard_len()
            && self.discard() == o.discard()
    }
}

impl fmt::Debug for View<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lens: Vec<usize> = (0..self.players()).map(|s| self.hand_len(s)).collect();
        f.debug_struct("View")
            .field("seat", &self.seat)
            .field("age", &self.age())
            .field("turn", &self.turn())
            .field("phase", &self.phase())
            .field("hand", &self.hand())
            .field("hand_lens", &lens)
            .field("cities", &self.cities())
            .field("stage_cards", &self.stage_cards())
            .field("discard_len", &self.discard_len())
            .field("discard", &self.discard())
            .finish()
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
            usize::from(rule.drawn(n.min(255) as u8)).min(pool)
        }
        _ => 0,
    };
    fixed + drawn
}
