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
pub(crate) mod invariants;
mod narrate;
pub mod scenario;
pub mod sheet;

use crate::engine::clone_reusing;
use std::fmt;

use sevenw_host::{
    CardId, CardInfo, Category, ColourSet, Discount, DraftRule, Event, FreeRule, GameInfo, Listens,
    ScienceRule, Source, TokenKind,
};

use crate::engine::city::{City, MAX_CAT, Pending, run_built, run_event, seat_at, valid_offset};
use crate::engine::host::{CityHost, ScoreHost};
use crate::engine::military::neighbour_battles;
use crate::engine::payment::{Market, Payment, PaymentSearch};
use crate::engine::rng::{Rng, derive};
use crate::engine::science;
use crate::engine::vocab::{Vocab, VocabError, listens};
use crate::game::{
    Game, OptionSpec, Outcome, POINTS, Score, Setup, SetupError, Sides, best_seats, redeal,
};

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
    /// The draft rule of the card sets in play (Leaders), if any.
    pub draft: Option<DraftRule>,
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
    /// Build the next wonder stage with it, paying this (with Edifice, the
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
}

/// How a wonder stage is built: whether it joins the current Age's project
/// (Edifice), and the option chosen for a stage whose effects offer a
/// choice (`one of`), from 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StageHow {
    pub join: bool,
    pub option: u8,
}

/// Where a project stands (Edifice).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Status {
    /// Pawns are still on it.
    #[default]
    Open,
    /// Its last pawn was taken: its participants have its reward.
    Completed,
    /// The Age ended with pawns on it.
    Failed,
}

/// The project of one Age (Edifice "PREPARACIÓN": one drawn per Age).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Project {
    pub card: CardId,
    pub age: u8,
    /// Pawns laid on it at set-up.
    pub pawns: u8,
    /// Pawns still on it.
    pub left: u8,
    /// Pawns taken from the box for it (several joining at once when it ran
    /// short, or Ur's stages).
    pub from_box: u8,
    pub status: Status,
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
}

/// Cards, hands and piles of a game in progress: the position.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub cities: Vec<City>,
    pub hands: Vec<Vec<CardId>>,
    /// The cards under each city's built stages, face down.
    pub stage_cards: Vec<Vec<CardId>>,
    /// Discarded cards, face down.
    pub discard: Vec<CardId>,
    /// Cards set aside unused at set-up (guilds not drawn, drafted cards
    /// not dealt).
    pub boxed: Vec<CardId>,
    /// Dealt cards returned to the box (the leader not chosen in Age III).
    pub returned: Vec<CardId>,
    /// Every card dealt so far.
    pub dealt: Vec<CardId>,
    /// The projects of the game, by Age (Edifice; empty without it).
    pub projects: Vec<Project>,
    pub age: u8,
    /// Turn within the Age, from 1 (0: the recruitment at its start).
    pub turn: u8,
    /// The drafted cards each seat keeps for later (Leaders: face down).
    pub side: Vec<Vec<CardId>>,
    /// The draft hands being passed round.
    pub drafting: Vec<Vec<CardId>>,
    /// Whether this turn plays the drafted hands (the recruitment at the
    /// start of an Age) rather than the Age's.
    pub recruiting: bool,
}

clone_reusing!(Table {
    cities,
    hands,
    stage_cards,
    discard,
    boxed,
    returned,
    dealt,
    projects,
    age,
    turn,
    side,
    drafting,
    recruiting,
});

impl Table {
    /// The empty table of a new game of `n` seats, keeping the buffers of
    /// this one.
    fn reset(&mut self, n: usize) {
        let per_seat = |v: &mut Vec<Vec<CardId>>| {
            let mut v = std::mem::take(v);
            v.resize_with(n, Vec::new);
            v.iter_mut().for_each(Vec::clear);
            v
        };
        let mut cities = std::mem::take(&mut self.cities);
        let hands = per_seat(&mut self.hands);
        let stage_cards = per_seat(&mut self.stage_cards);
        let side = per_seat(&mut self.side);
        // Every field of the default table, into this one's buffers.
        self.clone_from(&Table::default());
        // Each city is made again by `Base::new_city`.
        cities.resize_with(n, City::default);
        (self.cities, self.hands, self.stage_cards, self.side) = (cities, hands, stage_cards, side);
    }
}

/// A base game in progress.
#[derive(Debug)]
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
    /// Where the turn continues once the choice asked is made.
    resume: Resume,
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
    rng,
    scratch,
});

impl State {
    /// A state with nothing dealt (allocates nothing).
    fn blank() -> State {
        State {
            table: Table::default(),
            phase: Phase::Turn,
            chosen: Vec::new(),
            resolved: Vec::new(),
            turns_played: 0,
            last_turn: false,
            resume: Resume::Turn(0),
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
            && self.rng == other.rng
    }
}

/// Reusable buffers: nothing of the game's meaning.
#[derive(Debug, Default)]
struct Scratch {
    movegen: MoveGen,
    built: Vec<(usize, Source, Event)>,
    gained: Vec<u8>,
    /// An Age's deck while it is dealt.
    deck: Vec<CardId>,
}

impl Clone for Scratch {
    /// Empty buffers: a cloned state (a search bot's) grows its own when it
    /// needs them, and cloning allocates none.
    fn clone(&self) -> Self {
        Scratch::default()
    }

    /// Keeps the destination's own buffers.
    fn clone_from(&mut self, _: &Self) {}
}

/// Reusable buffers for move generation.
#[derive(Clone, Debug, Default)]
pub struct MoveGen {
    search: PaymentSearch,
    stage: Vec<(Payment, StageHow)>,
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
        if !info.extends.is_empty() {
            return Err(VocabError::Compose(format!(
                "`{}` is an expansion of `{}`: play `{}` with it (`--with {}`)",
                info.name, info.extends, info.extends, info.name
            )));
        }
        Ok(Base {
            info,
            vocab,
            cats,
            deals,
            draft: info.draft,
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

    /// Options the next stage of this city's wonder offers (`one of`).
    pub fn next_stage_options(&self, city: &City) -> u8 {
        self.info
            .wonders
            .get(usize::from(city.wonder))
            .and_then(|w| w.sides.get(usize::from(city.side)))
            .and_then(|s| s.stages.get(usize::from(city.stages)))
            .map_or(0, |s| s.options)
    }

    /// The current Age's project, if there is one.
    pub fn current_project<'t>(&self, table: &'t Table) -> Option<&'t Project> {
        table.projects.iter().find(|p| p.age == table.age)
    }

    /// The coins joining the current Age's project costs `seat` with a
    /// stage built now, if it may join: "una vez por Era", while at least
    /// one pawn is on the card (A. PARTICIPAR EN EL PROYECTO). A city
    /// holding a pawn of the Age already (joined, or Ur's) joins no more.
    pub fn join_cost(&self, table: &Table, seat: usize) -> Option<u16> {
        let p = self.current_project(table)?;
        let city = table.cities.get(seat)?;
        if p.status != Status::Open || p.left == 0 || city.has_pawn(p.age) {
            return None;
        }
        let info = self.info.cards.get(usize::from(p.card.0))?;
        Some(info.cost.coins_in(p.age).min(u32::from(u16::MAX)) as u16)
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
            bank: &me.abilities.bank_trades,
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
        // Whether any city grants coin discounts (Leaders), asked only once
        // a card costs coins.
        let mut coin_discounts = None;
        movegen.stage.clear();
        let mut search = movegen.search.in_market(market);
        if let Some(cost) = self.next_stage_cost(city) {
            let off = self.discount_for(city, None);
            let options = self.next_stage_options(city).max(1);
            let pays = search.search(cost.coins, cost.resources, budget, off);
            for option in 0..options {
                let how = StageHow {
                    join: false,
                    option,
                };
                movegen.stage.extend(pays.iter().map(|&p| (p, how)));
            }
            // "A. Participar en el proyecto": the stage and the project's
            // cost paid together, trading allowed.
            if let Some(extra) = self.join_cost(table, seat) {
                let coins = cost.coins.saturating_add(extra);
                let pays = search.search(coins, cost.resources, budget, off);
                for option in 0..options {
                    let how = StageHow { join: true, option };
                    movegen.stage.extend(pays.iter().map(|&p| (p, how)));
                }
            }
        }
        let ability = city.abilities.hand_builds_per_age > city.abilities.hand_builds_used;
        out.reserve(hand.len() * (movegen.stage.len() + 4));
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
                    let any = info.cost.coins_in(table.age.max(1)) > 0
                        && *coin_discounts.get_or_insert_with(|| {
                            table
                                .cities
                                .iter()
                                .any(|c| !c.abilities.coin_discounts.is_empty())
                        });
                    let coins = self.coins_for(table, seat, info, any);
                    let off = self.discount_for(city, Some(info.colour));
                    let pays = search.search(coins, info.cost.resources, budget, off);
                    let free = pays.first() == Some(&Payment::FREE);
                    out.extend(pays.iter().map(|&p| Move {
                        slot,
                        card,
                        action: Action::Build(p),
                    }));
                    // Free builds are for Age cards only (the publisher's
                    // FAQ: never a leader or a wonder stage).
                    if !free && info.age > 0 {
                        let by_rule = !city.abilities.free_rules.is_empty()
                            && self.free_by_rule(table, seat, info);
                        let action = if by_rule {
                            Some(Action::RuleFree)
                        } else {
                            ability.then_some(Action::Free)
                        };
                        out.extend(action.map(|action| Move { slot, card, action }));
                    }
                }
            }
            out.extend(movegen.stage.iter().map(|&(p, how)| Move {
                slot,
                card,
                action: Action::Stage(p, how),
            }));
            out.push(Move {
                slot,
                card,
                action: Action::Discard,
            });
        }
    }

    /// The coins `info` costs the city at `seat` now: its printed coins
    /// (those per Age for the current Age) less the coin discounts every
    /// city grants it (`any`: whether any city grants one at all).
    pub fn coins_for(&self, table: &Table, seat: usize, info: &CardInfo, any: bool) -> u16 {
        let printed = info.cost.coins_in(table.age.max(1));
        let off = if any {
            City::coins_off(&table.cities, seat, info.colour)
        } else {
            0
        };
        printed.saturating_sub(off).min(u32::from(u16::MAX)) as u16
    }

    /// Resource units the city need not pay for a card of `colour`, or for
    /// a wonder stage (`None`).
    pub fn discount_for(&self, city: &City, colour: Option<sevenw_host::Colour>) -> u8 {
        city.abilities
            .discounts
            .iter()
            .filter(|(_, target)| match (target, colour) {
                (Discount::Wonders, None) => true,
                (Discount::Colours(set), Some(c)) => set.contains(c),
                _ => false,
            })
            .fold(0u8, |a, (n, _)| a.saturating_add(*n))
    }

    /// Whether a free-build rule of the city at `seat` makes the Age card
    /// `info` free now.
    pub fn free_by_rule(&self, table: &Table, seat: usize, info: &CardInfo) -> bool {
        let city = &table.cities[seat];
        if info.age == 0 || table.recruiting {
            return false;
        }
        city.abilities.free_rules.iter().any(|rule| match rule {
            FreeRule::Colours(set) => set.contains(info.colour),
            FreeRule::FirstOfColour => city.colour_count[usize::from(info.colour.0) % MAX_CAT] == 0,
            // "La primera carta que eliges en cada Era": the first turn.
            FreeRule::FirstOfAge => table.turn == 1,
            // The last card played in an Age: the 6th turn (two cards in
            // hand), not the 7th card a wonder lets one play.
            FreeRule::LastOfAge => table.hands.get(seat).is_some_and(|h| h.len() == 2),
        })
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
        let drafted = self
            .info
            .cards
            .get(usize::from(mv.card.0))
            .is_some_and(|c| c.age == 0);
        match &mv.action {
            Action::Build(p) if drafted => format!("recruit {name}{}", pay(p)),
            Action::Build(p) => format!("build {name}{}", pay(p)),
            Action::Chain => format!("build {name} by chain"),
            Action::Free => format!("build {name} free (once per age)"),
            Action::RuleFree => format!("build {name} free"),
            Action::Stage(p, how) => {
                let mut s = format!("wonder stage with {name}{}", pay(p));
                if how.join {
                    s.push_str(" joining the project");
                }
                if self.info.wonders.iter().any(|w| {
                    w.sides
                        .iter()
                        .any(|sd| sd.stages.iter().any(|st| st.options > 0))
                }) && how.option > 0
                {
                    s.push_str(&format!(" choosing option {}", how.option + 1));
                }
                s
            }
            Action::Discard => format!("discard {name}"),
            Action::FromDiscard => format!("build {name} from the discard pile"),
            Action::Keep => format!("keep {name}"),
            Action::Entomb => format!("entomb {name}"),
            Action::Skip => "build nothing".to_string(),
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
        if let Some(mut h) = CityHost::at(cities, seat, coins) {
            run_built(&self.vocab, &mut h, source, Some(follow));
        }
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
            Action::RuleFree | Action::FromDiscard => {
                me.place(&self.vocab, mv.card);
                Some((Source::Card(mv.card), self.follow_card(mv.card, false)))
            }
            Action::Stage(p, how) => {
                me.coins -= p.total() as i32;
                stage_cards.push(mv.card);
                let options = self.next_stage_options(me);
                let source = Source::Stage {
                    wonder: me.wonder,
                    side: me.side,
                    stage: me.stages,
                };
                if options > 0 {
                    me.chosen.push((source, how.option.min(options - 1)));
                }
                Some((self.gain_stage(me), Event::BuiltStage))
            }
            Action::Discard => {
                me.coins += DISCARD_COINS;
                me.bank_coins = true;
                None
            }
            // Carried out by the draft and by choices, never as a turn's action.
            Action::Keep | Action::Entomb | Action::Skip => None,
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
        let city = &mut cities[seat];
        city.reset(wonder, side, i32::from(self.info.start_coins), TRADE_PRICE);
        city.wonder_stages = self
            .info
            .wonders
            .get(usize::from(wonder))
            .and_then(|w| w.sides.get(usize::from(side)))
            .map_or(0, |s| s.stages.len().min(255) as u8);
        let board = Source::Board { wonder, side };
        city.gain_source(self.info, board);
        self.run_built(cities, seat, board, Event::Built, true);
    }

    /// `seat`'s city as it would be after `mv`, before the other players'
    /// moves of the turn (for bots that look one move ahead).
    pub fn preview(&self, cities: &[City], seat: usize, mv: &Move) -> City {
        let mut me = cities[seat].clone();
        self.preview_into(cities, seat, mv, &mut me, &mut Vec::new());
        me
    }

    /// [`Base::preview`] into `me` (any city: it is overwritten), reusing
    /// its buffers and `marks` (the cards put under a stage), so that a
    /// bot judging many moves allocates nothing per move.
    pub fn preview_into(
        &self,
        cities: &[City],
        seat: usize,
        mv: &Move,
        me: &mut City,
        marks: &mut Vec<CardId>,
    ) {
        me.clone_from(&cities[seat]);
        marks.clear();
        if let Some((source, follow)) = self.enact(me, marks, mv) {
            let mut h = CityHost::new(me, cities, seat, true);
            run_built(&self.vocab, &mut h, source, Some(follow));
        }
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
        // Entombed cards score under the wonder ("puntúa el doble de su coste").
        points[cat(self.cats.wonder)] += me.entombed.iter().map(|(_, vp)| vp).sum::<i32>();
        // Edifice's debt tokens (FINAL DE LA PARTIDA: on the projects' line).
        if let Some(rule) = self.info.projects {
            points[cat(rule.category)] += me.debt.iter().map(|&d| i32::from(d)).sum::<i32>();
        }
        let nsym = self.info.symbols.len().min(science::MAX_SYM);
        let mut rules = science::Rules::default();
        let mut extra = 0u32;
        for r in &h.science_rules {
            match *r {
                ScienceRule::SetBonus { vp, .. } => extra += u32::from(vp),
                ScienceRule::Change => rules.changes = rules.changes.saturating_add(1),
                ScienceRule::CopyMost => rules.copies = rules.copies.saturating_add(1),
            }
        }
        let (sci, counts) = science::best_with(
            &h.science[..nsym],
            &h.wild,
            SCIENCE_SET_BONUS + extra,
            rules,
        );
        // A larger set bonus scores in the category of its source.
        let sets = counts[..nsym].iter().copied().min().map_or(0, u32::from);
        let mut science_vp = sci;
        for r in &h.science_rules {
            if let ScienceRule::SetBonus { vp, category } = *r {
                let bonus = u32::from(vp) * sets;
                science_vp -= bonus.min(science_vp);
                points[cat(category)] += bonus as i32;
            }
        }
        points[cat(self.cats.science)] += science_vp as i32;
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
            // Offset 0 is the city itself (Edifice's Agora applies one of
            // its own guilds again).
            let s = seat_at(seat, off, cities.len());
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

    /// Starts `age`: renews once-per-Age abilities, and with drafted cards
    /// in play opens the recruitment ("al comienzo de cada Era"), else deals
    /// the Age at once.
    pub fn start_age(&self, state: &mut State, age: u8) {
        let t = &mut state.table;
        t.age = age;
        state.phase = Phase::Turn;
        state.chosen.clear();
        for c in &mut t.cities {
            c.abilities.hand_builds_used = 0;
        }
        if self.draft.is_some() {
            t.recruiting = true;
            t.turn = 0;
        } else {
            self.deal_age(state, age);
        }
    }

    /// Builds the deck of `age` for the table (with the guild draw),
    /// shuffles it and deals the hands.
    pub(crate) fn deal_age(&self, state: &mut State, age: u8) {
        let info = self.info;
        let t = &mut state.table;
        let n = t.cities.len();
        t.turn = 1;
        t.recruiting = false;
        let deck = &mut state.scratch.deck;
        deck.clear();
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
        state.rng.shuffle(deck);
        let h = usize::from(info.hand_size);
        for (p, hand) in t.hands.iter_mut().enumerate() {
            hand.clear();
            // `start` checked that every Age deals exactly.
            hand.extend_from_slice(deck.get(p * h..(p + 1) * h).unwrap_or(&[]));
        }
        t.dealt.extend_from_slice(deck);
    }

    /// "A. Fase de selección": deals `rule.deal` drafted cards to each
    /// player from those in play (the expert ones only if asked), the rest
    /// to the box.
    fn deal_draft(
        &self,
        state: &mut State,
        rule: DraftRule,
        expert: bool,
    ) -> Result<(), SetupError> {
        let info = self.info;
        let t = &mut state.table;
        let n = t.cities.len();
        let mut pool: Vec<CardId> = (0..info.cards.len())
            .filter(|&i| {
                let c = &info.cards[i];
                c.age == 0 && c.colour == rule.colour && (expert || !c.expert)
            })
            .map(|i| CardId(i as u16))
            .collect();
        let need = n * usize::from(rule.deal);
        if pool.len() < need {
            return Err(SetupError::Game(format!(
                "{n} players draw {need} drafted cards; the card sets in play have {}",
                pool.len()
            )));
        }
        state.rng.shuffle(&mut pool);
        let d = usize::from(rule.deal);
        t.drafting = (0..n).map(|p| pool[p * d..(p + 1) * d].to_vec()).collect();
        t.boxed.extend_from_slice(&pool[need..]);
        t.dealt.extend_from_slice(&pool[..need]);
        state.phase = Phase::Draft;
        Ok(())
    }

    /// Every seat has kept a card: the rest of each hand is passed on; a
    /// single card left is kept without a choice, and the draft ends.
    fn resolve_draft(&self, state: &mut State) {
        let chosen = std::mem::take(&mut state.chosen);
        let t = &mut state.table;
        let n = t.cities.len();
        for (seat, mv) in chosen.iter().enumerate() {
            let hand = &mut t.drafting[seat];
            let slot = usize::from(mv.slot);
            if slot < hand.len() {
                let c = hand.remove(slot);
                t.side[seat].push(c);
            }
        }
        state.resolved = chosen;
        state.chosen.clear();
        state.turns_played += 1;
        let pass = self.draft.map_or(-1, |d| d.pass);
        let mut passed = vec![Vec::new(); n];
        for (p, hand) in t.drafting.drain(..).enumerate() {
            passed[seat_at(p, pass, n)] = hand;
        }
        t.drafting = passed;
        if t.drafting.iter().all(|h| h.len() <= 1) {
            // "Hasta que cada jugador recibe de su vecino una sola carta, la
            // cual debe quedarse."
            for (seat, hand) in t.drafting.iter_mut().enumerate() {
                t.side[seat].append(hand);
            }
            t.drafting.clear();
            self.start_age(state, 1);
        } else {
            state.phase = Phase::Draft;
        }
    }

    /// "Conflictos militares" at the end of the Age (each victory token told
    /// to its winner's sources), then the end-of-Age effects.
    pub fn end_age(&self, state: &mut State) {
        self.fail_project(state);
        let mut gained = std::mem::take(&mut state.scratch.gained);
        let t = &mut state.table;
        neighbour_battles(&mut t.cities, victory_vp(t.age), DEFEAT_VP, &mut gained);
        for (seat, &won) in gained.iter().enumerate() {
            for _ in 0..won {
                self.fire(
                    &mut t.cities,
                    seat,
                    Event::GainedVictory,
                    Listens::GAINED_VICTORY,
                );
            }
        }
        for seat in 0..t.cities.len() {
            self.fire(&mut t.cities, seat, Event::AgeEnd, Listens::AGE_END);
        }
        state.scratch.gained = gained;
        for seat in 0..state.table.cities.len() {
            self.settle_quietly(state, seat);
        }
    }

    /// Runs the effects of the sources of the city at `seat` that listen to
    /// `bit`, for `event`.
    fn fire(&self, cities: &mut [City], seat: usize, event: Event, bit: u16) {
        if cities[seat].listening & bit == 0 {
            return;
        }
        if let Some(mut h) = CityHost::at(cities, seat, true) {
            run_event(&self.vocab, &mut h, event, bit, None);
        }
    }

    /// Carries out the turn once every seat has chosen.
    fn resolve_turn(&self, state: &mut State) {
        state.last_turn =
            !state.table.recruiting && state.table.hands.first().is_some_and(|h| h.len() == 2);
        let chosen = std::mem::take(&mut state.chosen);
        state.scratch.built.clear();
        for (seat, mv) in chosen.iter().enumerate() {
            self.pay_and_place(state, seat, mv);
        }
        self.run_built_effects(state);
        self.complete_projects(state);
        state.chosen = std::mem::replace(&mut state.resolved, chosen);
        state.chosen.clear();
        state.turns_played += 1;
        self.resume(state, Resume::Turn(0));
    }

    /// Continues the end of a turn from `r`: every seat's pending effects
    /// in seat order, then the last cards, then the free builds. Stops where
    /// a choice is asked (and resumes there once it is made).
    fn resume(&self, state: &mut State, r: Resume) {
        match r {
            Resume::Turn(from) => {
                for seat in from..state.table.cities.len() {
                    if !self.settle(state, seat) {
                        state.resume = Resume::Turn(seat);
                        return;
                    }
                }
                if state.last_turn {
                    self.next_last_card(state, 0);
                } else {
                    self.next_free_build(state, 0);
                }
            }
            Resume::LastCard(seat) => {
                if !self.settle(state, seat) {
                    state.resume = r;
                    return;
                }
                self.next_last_card(state, seat + 1);
            }
            Resume::FreeBuild(seat) => {
                if !self.settle(state, seat) {
                    state.resume = r;
                    return;
                }
                self.next_free_build(state, seat);
            }
        }
    }

    /// Carries out the pending effects of the city at `seat`, in order;
    /// false if one asks a choice (the phase then says which). An effect
    /// that feeds itself (a token taken each time one is gained) stops after
    /// [`MAX_PENDING`] rounds.
    fn settle(&self, state: &mut State, seat: usize) -> bool {
        let mut rounds = 0;
        while !state.table.cities[seat].abilities.pending.is_empty() {
            let p = state.table.cities[seat].abilities.pending.remove(0);
            rounds += 1;
            if rounds > MAX_PENDING {
                state.table.cities[seat].abilities.pending.clear();
                break;
            }
            if self.pending(state, seat, p) {
                return false;
            }
        }
        true
    }

    /// [`Base::settle`] where no choice can be asked (the end of an Age):
    /// effects that would ask one are dropped.
    fn settle_quietly(&self, state: &mut State, seat: usize) {
        let phase = state.phase;
        let mut rounds = 0;
        while !state.table.cities[seat].abilities.pending.is_empty() && rounds < MAX_PENDING {
            rounds += 1;
            let p = state.table.cities[seat].abilities.pending.remove(0);
            if self.pending(state, seat, p) {
                state.phase = phase;
            }
        }
        state.table.cities[seat].abilities.pending.clear();
    }

    /// Carries out one pending effect of `seat`; true if it asks a choice
    /// (the phase is then set to it).
    fn pending(&self, state: &mut State, seat: usize, p: Pending) -> bool {
        let t = &mut state.table;
        let n = t.cities.len();
        let colour_in = |c: CardId, set: ColourSet| {
            self.info
                .cards
                .get(usize::from(c.0))
                .is_some_and(|i| set.contains(i.colour))
        };
        match p {
            Pending::TakeVictory(age) => {
                let age = if age == 0 { t.age } else { age };
                t.cities[seat].win(victory_vp(age));
                self.fire(
                    &mut t.cities,
                    seat,
                    Event::GainedVictory,
                    Listens::GAINED_VICTORY,
                );
                false
            }
            Pending::LoseTokens(kind, k, seats) => {
                for &off in seats.0.iter().filter(|&&o| valid_offset(o, n)) {
                    let c = &mut t.cities[seat_at(seat, off, n)];
                    match kind {
                        TokenKind::Defeat => c.give_up_defeats(k, DEFEAT_VP),
                        // "Su elección": the lowest token, which a player
                        // always prefers to give up.
                        TokenKind::Victory => {
                            c.give_up_victories(k);
                        }
                    }
                }
                false
            }
            Pending::LoseCoins(k, seats) => {
                for &off in seats.0.iter().filter(|&&o| valid_offset(o, n)) {
                    let c = &mut t.cities[seat_at(seat, off, n)];
                    c.coins -= (k.min(i32::MAX as u32) as i32).min(c.coins.max(0));
                }
                false
            }
            Pending::Draw(colours, k) => {
                let mut pool: Vec<usize> = (0..t.boxed.len())
                    .filter(|&i| colour_in(t.boxed[i], colours))
                    .collect();
                state.rng.shuffle(&mut pool);
                pool.truncate(usize::from(k));
                pool.sort_unstable_by(|a, b| b.cmp(a));
                for i in pool {
                    let c = t.boxed.remove(i);
                    t.side[seat].push(c);
                    t.dealt.push(c);
                }
                false
            }
            Pending::Entomb(colours) => {
                let any = t.cities[seat].cards.iter().any(|&c| colour_in(c, colours));
                if any {
                    state.phase = Phase::Choose(seat, Choice::Entomb(colours));
                }
                any
            }
            Pending::BuildFromHand(colours) => {
                let any = t.side[seat].iter().any(|&c| colour_in(c, colours));
                if any {
                    state.phase = Phase::Choose(seat, Choice::Recruit(colours));
                }
                any
            }
            // A penalty (Edifice): which card is not said (facts §3.4); the
            // one of those colours built last goes to the discard pile.
            Pending::Discard(colours, seats) => {
                for &off in seats.0.iter().filter(|&&o| valid_offset(o, n)) {
                    let s = seat_at(seat, off, n);
                    let last = t.cities[s]
                        .cards
                        .iter()
                        .rev()
                        .copied()
                        .find(|&c| colour_in(c, colours));
                    if let Some(c) = last
                        && t.cities[s].remove(&self.vocab, c)
                    {
                        t.discard.push(c);
                    }
                }
                false
            }
            Pending::TakePawn(age) => {
                self.take_pawn(t, seat, age);
                false
            }
            // Not in the base game's vocabulary (the compiler refuses them).
            Pending::TakeProgress(_)
            | Pending::TakeCard(..)
            | Pending::TakeCat
            | Pending::Flip(_) => false,
        }
    }

    fn pay_and_place(&self, state: &mut State, seat: usize, mv: &Move) {
        let t = &mut state.table;
        let n = t.cities.len();
        let hand = if t.recruiting {
            &mut t.side[seat]
        } else {
            &mut t.hands[seat]
        };
        let slot = usize::from(mv.slot);
        if mv.action != Action::Skip && slot < hand.len() {
            hand.remove(slot);
        }
        let pay = match mv.action {
            Action::Build(p) | Action::Stage(p, _) => p,
            _ => Payment::FREE,
        };
        if let Action::Stage(_, how) = mv.action
            && how.join
        {
            self.join(t, seat);
        }
        t.cities[seat_at(seat, 1, n)].coins += i32::from(pay.left);
        t.cities[seat_at(seat, -1, n)].coins += i32::from(pay.right);
        t.cities[seat].bought |= u8::from(pay.left > 0) | (u8::from(pay.right > 0) << 1);
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

    /// The next free build from the discard pile due this turn: the
    /// wonders' first, in seat order from `from`, then those granted by
    /// cards ("Halicarnassus, then Solomon"); a seat whose pile offers
    /// nothing loses it. When none is left, the turn ends.
    fn next_free_build(&self, state: &mut State, from: usize) {
        let t = &mut state.table;
        for late in [false, true] {
            let start = if late { 0 } else { from };
            for seat in start..t.cities.len() {
                loop {
                    let a = &mut t.cities[seat].abilities;
                    let due = if late {
                        &mut a.discard_builds_late
                    } else {
                        &mut a.discard_builds
                    };
                    if *due == 0 {
                        break;
                    }
                    *due -= 1;
                    let city = &t.cities[seat];
                    let has = t.discard.iter().any(|&c| self.takes_from_discard(city, c));
                    if has {
                        state.phase = Phase::FreeBuild(seat);
                        return;
                    }
                }
            }
        }
        self.end_turn(state);
    }

    /// Whether `city` may build `card` of the discard pile for free: an Age
    /// card it does not hold. (A sold leader lies there too, but the
    /// Leaders' effects take "Age cards" only: leaders-facts.md §2.8.)
    fn takes_from_discard(&self, city: &City, card: CardId) -> bool {
        self.info
            .cards
            .get(usize::from(card.0))
            .is_some_and(|i| i.age > 0)
            && !city.has_name(self.vocab.name_class(card))
    }

    /// The sources told, at the end of a turn, that their city took coins
    /// from the bank or bought from a neighbour during it ("una vez por
    /// turno").
    fn turn_events(&self, state: &mut State) {
        let t = &mut state.table;
        for seat in 0..t.cities.len() {
            let (coins, bought) = (t.cities[seat].bank_coins, t.cities[seat].bought);
            if coins {
                self.fire(
                    &mut t.cities,
                    seat,
                    Event::TookBankCoins,
                    Listens::TOOK_BANK_COINS,
                );
            }
            for _ in 0..bought.count_ones() {
                self.fire(&mut t.cities, seat, Event::BoughtFrom, Listens::BOUGHT_FROM);
            }
            t.cities[seat].bank_coins = false;
            t.cities[seat].bought = 0;
        }
    }

    /// Hands pass ("a la izquierda" in Ages I and III, to the right in Age
    /// II), or the recruitment gives way to the Age's cards, or the Age ends.
    fn end_turn(&self, state: &mut State) {
        self.turn_events(state);
        if state.table.recruiting {
            let age = state.table.age;
            if age >= self.info.ages {
                self.box_leftovers(state);
            }
            self.deal_age(state, age);
            state.phase = Phase::Turn;
            return;
        }
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

    /// "Fase de reclutamiento en la Era III": the drafted card not chosen
    /// goes back to the box, unless the city keeps its hand.
    fn box_leftovers(&self, state: &mut State) {
        let Some(rule) = self.draft else { return };
        let t = &mut state.table;
        for seat in 0..t.cities.len() {
            if t.cities[seat].abilities.keep.contains(rule.colour) {
                continue;
            }
            let left = std::mem::take(&mut t.side[seat]);
            t.returned.extend(left);
        }
    }
}

/// Edifice: projects drawn, joined, completed and failed.
impl Base {
    /// "Preparación": one project of each Age drawn at random, with the
    /// pawns of the player count on it; the others stay in the box.
    fn deal_projects(&self, state: &mut State) {
        let Some(rule) = self.info.projects else {
            return;
        };
        let n = state.table.cities.len().min(255) as u8;
        let pawns = rule.pawns_for(n);
        for age in 1..=self.info.ages {
            let pool: Vec<CardId> = (0..self.info.cards.len())
                .filter(|&i| {
                    let c = &self.info.cards[i];
                    c.age == age && c.colour == rule.colour
                })
                .map(|i| CardId(i as u16))
                .collect();
            if pool.is_empty() {
                continue;
            }
            let card = pool[state.rng.below(pool.len())];
            state.table.projects.push(Project {
                card,
                age,
                pawns,
                left: pawns,
                from_box: 0,
                status: Status::Open,
            });
        }
    }

    /// `seat` joins the current Age's project: a pawn from the card, or
    /// from the box when the card has none left ("si varios jugadores
    /// participan en el mismo turno y no hay suficientes peones").
    fn join(&self, t: &mut Table, seat: usize) {
        let age = t.age;
        let Some(p) = t.projects.iter_mut().find(|p| p.age == age) else {
            return;
        };
        let Some(city) = t.cities.get_mut(seat) else {
            return;
        };
        if p.status != Status::Open || city.has_pawn(age) || age == 0 {
            return;
        }
        city.pawns |= 1 << (age - 1);
        if p.left > 0 {
            p.left -= 1;
        } else {
            p.from_box = p.from_box.saturating_add(1);
        }
    }

    /// A pawn from the box (Ur): of `age`'s project, or for 0 of the
    /// earliest project still open that the city holds no pawn of. Decided
    /// where the rules are silent (facts §3.4): it does not take a pawn off
    /// the card (so it never completes a project), a city holds one pawn
    /// of a project at most, and no pawn is taken for a project already
    /// completed or failed (its reward was given when it completed).
    fn take_pawn(&self, t: &mut Table, seat: usize, age: u8) {
        let Some(city) = t.cities.get_mut(seat) else {
            return;
        };
        let p = t.projects.iter_mut().find(|p| {
            p.status == Status::Open && !city.has_pawn(p.age) && (age == 0 || p.age == age)
        });
        if let Some(p) = p {
            city.pawns |= 1 << (p.age - 1);
            p.from_box = p.from_box.saturating_add(1);
        }
    }

    /// "B. Construir la edificación": when the last pawn of the current
    /// Age's project has been taken, every holder of one of its pawns gains
    /// its reward at once (in seat order).
    fn complete_projects(&self, state: &mut State) {
        let age = state.table.age;
        let Some(i) = state
            .table
            .projects
            .iter()
            .position(|p| p.age == age && p.status == Status::Open && p.left == 0)
        else {
            return;
        };
        let t = &mut state.table;
        t.projects[i].status = Status::Completed;
        let card = t.projects[i].card;
        for seat in 0..t.cities.len() {
            if t.cities[seat].has_pawn(age) {
                self.reward(&mut t.cities, seat, card);
            }
        }
    }

    /// The project `card`'s reward for the city at `seat`: its effects run
    /// as if built (its production from now on), and a reward that acts
    /// later (points at game end) stays one of the city's sources, without
    /// the card being one of its built cards.
    pub fn reward(&self, cities: &mut [City], seat: usize, card: CardId) {
        let source = Source::Card(card);
        cities[seat].gain_source(self.info, source);
        self.run_built(cities, seat, source, Event::Built, true);
    }

    /// "Si al final de la Era … queda al menos 1 peón": the current Age's
    /// project fails before the conflicts; every player without a pawn of
    /// the Age pays its penalty, or, unable to pay all of it, nothing and
    /// takes the Age's debt token.
    fn fail_project(&self, state: &mut State) {
        let age = state.table.age;
        let Some(rule) = self.info.projects else {
            return;
        };
        let Some(i) = state
            .table
            .projects
            .iter()
            .position(|p| p.age == age && p.status == Status::Open)
        else {
            return;
        };
        state.table.projects[i].status = Status::Failed;
        let card = state.table.projects[i].card;
        let debt = rule
            .debt
            .get(usize::from(age.max(1) - 1))
            .copied()
            .unwrap_or(0);
        for seat in 0..state.table.cities.len() {
            if state.table.cities[seat].has_pawn(age) {
                continue;
            }
            self.penalty(state, seat, card, debt);
        }
    }

    /// `seat` pays the penalty of `card` if it can pay all of it, else
    /// takes a debt token of `debt` points.
    pub fn penalty(&self, state: &mut State, seat: usize, card: CardId, debt: i8) {
        let t = &mut state.table;
        let source = Source::Card(card);
        let payable = {
            let mut probe = PenaltyProbe {
                base: self,
                cities: &t.cities,
                seat,
                payable: true,
            };
            self.vocab.effects(source, Event::Failed, &mut probe);
            probe.payable
        };
        if !payable {
            t.cities[seat].debt.push(debt);
            return;
        }
        if let Some(mut h) = CityHost::at(&mut t.cities, seat, true) {
            h.source = Some(source);
            self.vocab.effects(source, Event::Failed, &mut h);
        }
        self.settle_quietly(state, seat);
    }
}

/// Whether a penalty can be paid in full (Edifice "si no puedes pagar la
/// totalidad de la penalización"): coins and victory tokens enough, a card
/// of the colour to discard. Everything else it might do is payable.
struct PenaltyProbe<'a> {
    base: &'a Base,
    cities: &'a [City],
    seat: usize,
    payable: bool,
}

impl PenaltyProbe<'_> {
    fn each(&self, seats: sevenw_host::Seats, ok: impl Fn(&City) -> bool) -> bool {
        let n = self.cities.len();
        seats
            .0
            .iter()
            .filter(|&&o| valid_offset(o, n))
            .all(|&o| ok(&self.cities[seat_at(self.seat, o, n)]))
    }
}

impl sevenw_host::Host for PenaltyProbe<'_> {
    fn count(&self, what: sevenw_host::Counted, seats: sevenw_host::Seats) -> u32 {
        let n = self.cities.len();
        seats
            .0
            .iter()
            .filter(|&&o| valid_offset(o, n))
            .map(|&o| self.cities[seat_at(self.seat, o, n)].count(what))
            .sum()
    }
    fn count_most(&self, what: sevenw_host::Counted, seats: sevenw_host::Seats) -> u32 {
        let n = self.cities.len();
        seats
            .0
            .iter()
            .filter(|&&o| valid_offset(o, n))
            .map(|&o| self.cities[seat_at(self.seat, o, n)].count(what))
            .max()
            .unwrap_or(0)
    }
    fn gain_coins(&mut self, _n: i32) {}
    fn gain_vp(&mut self, _category: Category, _n: i32) {}
    fn gain_shields(&mut self, _n: u32) {}
    fn produce(&mut self, _o: sevenw_host::ResSet, _a: u8, _t: bool) {}
    fn science(&mut self, _o: sevenw_host::SymSet) {}
    fn trade_price(&mut self, _r: sevenw_host::ResSet, _p: u8, _s: sevenw_host::Seats) {}
    fn build_free(&mut self, _f: sevenw_host::Pile, _l: sevenw_host::Limit) {}
    fn play_last_card(&mut self) {}
    fn copy_card(&mut self, _c: ColourSet, _s: sevenw_host::Seats) {}
    fn play_again(&mut self) {}
    fn lose_coins(&mut self, n: u32, seats: sevenw_host::Seats) {
        let ok = self.each(seats, |c| i64::from(c.coins) >= i64::from(n));
        self.payable &= ok;
    }
    fn discard_card(&mut self, colours: ColourSet, seats: sevenw_host::Seats) {
        let info = self.base.info;
        let ok = self.each(seats, |c| {
            c.cards.iter().any(|&k| {
                info.cards
                    .get(usize::from(k.0))
                    .is_some_and(|i| colours.contains(i.colour))
            })
        });
        self.payable &= ok;
    }
    fn take_progress(&mut self, _s: u8) {}
    fn discount(&mut self, _n: u8, _t: Discount) {}
    fn receive_trade_coins(&mut self, _s: sevenw_host::Seats) {}
    fn coin_discount(&mut self, _n: u8, _c: ColourSet, _s: sevenw_host::Seats) {}
    fn free_builds(&mut self, _r: FreeRule) {}
    fn bank_trade(&mut self, _r: sevenw_host::ResSet, _p: u8) {}
    fn take_victory_token(&mut self, _age: u8) {}
    fn lose_tokens(&mut self, kind: TokenKind, n: u8, seats: sevenw_host::Seats) {
        // Losing defeat tokens is no loss; `all` victory tokens (255) is
        // whatever is held.
        if kind == TokenKind::Victory && n != u8::MAX {
            let ok = self.each(seats, |c| c.victories >= u32::from(n));
            self.payable &= ok;
        }
    }
    fn give_defeats(&mut self) {}
    fn science_rule(&mut self, _r: ScienceRule) {}
    fn entomb(&mut self, _c: ColourSet) {}
    fn draw_cards(&mut self, _c: ColourSet, _n: u8) {}
    fn build_from_hand(&mut self, _c: ColourSet) {}
    fn keep_hand(&mut self, _c: ColourSet) {}
    fn take_pawn(&mut self, _age: u8) {}
    fn chosen(&self) -> u8 {
        0
    }
    fn take_card(&mut self, _d: sevenw_host::Decks, _t: u8) {}
    fn take_cat(&mut self) {}
    fn flip_conflict(&mut self, _n: u8) {}
    fn any_resources(&mut self) {}
    fn coin_value(&mut self, _n: u8) {}
}

impl Base {
    /// The moves of `seat` in the simultaneous turn or the draft (any seat
    /// that has not chosen yet: scenarios ask them in any order).
    pub(crate) fn seat_moves(&self, state: &mut State, seat: usize, out: &mut Vec<Move>) {
        out.clear();
        let t = &state.table;
        if state.phase == Phase::Draft {
            if let Some(hand) = t.drafting.get(seat) {
                out.extend(hand.iter().enumerate().map(|(slot, &card)| Move {
                    slot: slot as u8,
                    card,
                    action: Action::Keep,
                }));
            }
            return;
        }
        let hand = if t.recruiting {
            t.side.get(seat)
        } else {
            t.hands.get(seat)
        };
        if let Some(hand) = hand {
            self.moves(t, seat, hand, &mut state.scratch.movegen, out);
        }
        if out.is_empty() && seat < t.cities.len() {
            // Nothing left to play (an empty drafted hand): the turn passes.
            out.push(Move {
                slot: 0,
                card: CardId(0),
                action: Action::Skip,
            });
        }
    }

    /// The options of a choice asked of `seat`.
    fn choices(&self, state: &mut State, seat: usize, choice: Choice, out: &mut Vec<Move>) {
        let t = &state.table;
        let colour_in = |c: CardId, set: ColourSet| {
            self.info
                .cards
                .get(usize::from(c.0))
                .is_some_and(|i| set.contains(i.colour))
        };
        match choice {
            Choice::Entomb(colours) => {
                out.extend(
                    t.cities[seat]
                        .cards
                        .iter()
                        .enumerate()
                        .filter(|&(_, &c)| colour_in(c, colours))
                        .map(|(slot, &card)| Move {
                            slot: slot as u8,
                            card,
                            action: Action::Entomb,
                        }),
                );
            }
            Choice::Recruit(colours) => {
                let mut all = Vec::new();
                let hand: Vec<CardId> = t.side[seat].clone();
                self.moves(t, seat, &hand, &mut state.scratch.movegen, &mut all);
                out.extend(all.into_iter().filter(|m| {
                    matches!(m.action, Action::Build(_) | Action::Chain)
                        && colour_in(m.card, colours)
                }));
                out.push(Move {
                    slot: 0,
                    card: CardId(0),
                    action: Action::Skip,
                });
            }
        }
    }

    /// Carries out a choice of `seat`.
    fn choose(&self, state: &mut State, seat: usize, mv: &Move) {
        match mv.action {
            Action::Entomb => {
                // "Puntúa el doble de su coste": twice the coins it costs now
                // (a cost per Age counts the current Age; leaders-facts.md §5
                // leaves it open).
                let vp = self
                    .info
                    .cards
                    .get(usize::from(mv.card.0))
                    .map_or(0, |c| 2 * c.cost.coins_in(state.table.age.max(1)))
                    .min(1000) as i32;
                state.table.cities[seat].entomb(&self.vocab, mv.card, vp);
            }
            Action::Build(p) | Action::Stage(p, _) => {
                let t = &mut state.table;
                if let Some(slot) = t.side[seat].iter().position(|&c| c == mv.card) {
                    t.side[seat].remove(slot);
                    let n = t.cities.len();
                    t.cities[seat_at(seat, 1, n)].coins += i32::from(p.left);
                    t.cities[seat_at(seat, -1, n)].coins += i32::from(p.right);
                    let me = &mut t.cities[seat];
                    me.coins -= p.total() as i32;
                    me.bought |= u8::from(p.left > 0) | (u8::from(p.right > 0) << 1);
                    me.place(&self.vocab, mv.card);
                    let follow = self.follow_card(mv.card, false);
                    self.run_built(&mut t.cities, seat, Source::Card(mv.card), follow, true);
                }
            }
            Action::Chain => {
                let t = &mut state.table;
                if let Some(slot) = t.side[seat].iter().position(|&c| c == mv.card) {
                    t.side[seat].remove(slot);
                    t.cities[seat].place(&self.vocab, mv.card);
                    let follow = self.follow_card(mv.card, true);
                    self.run_built(&mut t.cities, seat, Source::Card(mv.card), follow, true);
                }
            }
            _ => {}
        }
    }
}

/// Most pending effects carried out for one city at once (see [`Base::settle`]).
const MAX_PENDING: usize = 64;

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

/// Seats with the best total, then the most coins.
pub fn winners(scores: &[Score]) -> Vec<usize> {
    best_seats(scores.iter().map(|s| (s.total, s.coins)))
}

/// Determinization: what one seat cannot see, dealt again.
impl Base {
    /// Whether `c` is a card the guild rule draws (a guild of its Age).
    fn is_guild(&self, c: CardId) -> bool {
        let card = &self.info.cards[usize::from(c.0)];
        self.info
            .guilds
            .is_some_and(|r| r.age == card.age && r.colour == card.colour)
    }

    /// See [`Game::determinize`]. Hidden from `seat`: the other hands (Age,
    /// drafted and draft), the cards under the other stages, the discard
    /// pile (face down, but while `seat` builds from it), the box, the
    /// projects of the Ages to come, the other seats' choices this turn
    /// and the random stream (the Ages to come). The cards are dealt again
    /// by Age, the box keeping as many guilds as it holds (the guilds not
    /// drawn: a count the rules make public); the pending choices are
    /// chosen again at random among the new hands' moves.
    fn sample_into(&self, st: &State, seat: usize, rng: &mut Rng, d: &mut State) {
        d.clone_from(st);
        let own_discard = st.phase == Phase::FreeBuild(seat);
        let t = &mut d.table;
        let info = self.info;
        let age = |c: CardId| info.cards.get(usize::from(c.0)).map_or(0, |x| x.age);
        {
            // First the box and the rest together, by Age and guild or not:
            // the box gets its count of guilds from every hidden one.
            let mut slots: Vec<&mut [CardId]> = Vec::new();
            slots.push(&mut t.boxed);
            slots.push(&mut t.returned);
            if !own_discard {
                slots.push(&mut t.discard);
            }
            for (s, h) in t.hands.iter_mut().enumerate() {
                if s != seat {
                    slots.push(h);
                }
            }
            for (s, h) in t.stage_cards.iter_mut().enumerate() {
                if s != seat {
                    slots.push(h);
                }
            }
            for (s, h) in t.side.iter_mut().enumerate() {
                if s != seat {
                    slots.push(h);
                }
            }
            for (s, h) in t.drafting.iter_mut().enumerate() {
                if s != seat {
                    slots.push(h);
                }
            }
            redeal(&mut slots, |c| (age(c), self.is_guild(c)), rng);
            // Then everything but the box by Age alone: which hidden place
            // holds a guild is not known either.
            slots.drain(..2);
            redeal(&mut slots, age, rng);
        }
        // The record of the deals is no part of the rules.
        t.dealt.clear();
        if let Some(rule) = info.projects {
            for p in t.projects.iter_mut().filter(|p| p.age > t.age) {
                let pool: Vec<CardId> = (0..info.cards.len())
                    .filter(|&i| info.cards[i].age == p.age && info.cards[i].colour == rule.colour)
                    .map(|i| CardId(i as u16))
                    .collect();
                if !pool.is_empty() {
                    p.card = pool[rng.below(pool.len())];
                }
            }
        }
        d.rng = Rng::new(rng.next_u64());
        if matches!(d.phase, Phase::Turn | Phase::Draft) {
            let before = d.chosen.len().min(seat);
            d.chosen.clear();
            let mut moves = Vec::new();
            while d.chosen.len() < before {
                let s = d.chosen.len();
                self.seat_moves(d, s, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                d.chosen.push(mv);
            }
        }
    }
}

impl Game for Base {
    type State = State;
    type Move = Move;
    type View<'a> = View<'a>;

    fn invariants(&self, state: &State) -> Result<(), crate::game::Broken> {
        self.check(state)
    }

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
        let t = &state.table;
        match state.phase {
            Phase::Turn | Phase::Draft => {
                let seat = state.chosen.len();
                self.seat_moves(state, seat, out);
            }
            Phase::LastCard(seat) => {
                self.moves(t, seat, &t.hands[seat], &mut state.scratch.movegen, out);
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
                out.extend(options.into_iter().map(|card| Move {
                    slot: 0,
                    card,
                    action: Action::FromDiscard,
                }));
            }
            Phase::Choose(seat, choice) => self.choices(state, seat, choice, out),
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

    fn options(&self) -> &'static [OptionSpec] {
        if self.info.draft.is_some() {
            LEADERS_OPTIONS
        } else {
            &[]
        }
    }

    fn tags(&self, state: &State, seat: usize, out: &mut Vec<&'static str>) {
        if let Some(c) = state.table.cities.get(seat) {
            out.push(self.wonder_name(c.wonder));
        }
    }

    fn determinize_into(&self, state: &State, seat: usize, rng: &mut Rng, out: &mut State) {
        self.sample_into(state, seat, rng, out)
    }

    fn built<'s>(&self, state: &'s State, seat: usize) -> &'s [CardId] {
        state.table.cities.get(seat).map_or(&[], |c| &c.cards[..])
    }

    /// The wonder and side; with Edifice, each project it joined.
    fn played_with(&self, state: &State, seat: usize, out: &mut Vec<(&'static str, String)>) {
        let Some(c) = state.table.cities.get(seat) else {
            return;
        };
        out.push((
            "wonder",
            format!(
                "{} {}",
                self.wonder_name(c.wonder),
                self.side_name(c.wonder, c.side)
            ),
        ));
        for p in &state.table.projects {
            if p.age >= 1 && p.age <= 8 && c.pawns & (1 << (p.age - 1)) != 0 {
                let name = self
                    .info
                    .cards
                    .get(usize::from(p.card.0))
                    .map_or("?", |x| x.name);
                out.push(("project", name.to_string()));
            }
        }
    }
}

/// What one seat may see: its own hand, its own drafted cards and draft
/// hand, and the cards under its own stages, every city (built cards, coins,
/// tokens, entombed cards and what they grant are public), how many cards
/// each hand and the discard pile hold, and the discard pile itself only
/// while this seat chooses a card from it. Other hands (Age, drafted, draft),
/// other stages' cards, the cards not yet dealt, the box and the choices of
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
    /// The current Age's project, face up on the table (Edifice).
    pub fn project(&self) -> Option<&'a Project> {
        self.base.current_project(&self.state.table)
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
    /// The drafted cards this seat keeps face down (Leaders).
    pub fn side(&self) -> &'a [CardId] {
        self.state
            .table
            .side
            .get(self.seat)
            .map_or(&[], Vec::as_slice)
    }
    /// How many drafted cards `seat` keeps.
    pub fn side_len(&self, seat: usize) -> usize {
        self.state.table.side.get(seat).map_or(0, Vec::len)
    }
    /// The draft hand this seat holds (while drafting).
    pub fn drafting(&self) -> &'a [CardId] {
        self.state
            .table
            .drafting
            .get(self.seat)
            .map_or(&[], Vec::as_slice)
    }
    /// How many cards `seat`'s draft hand holds.
    pub fn drafting_len(&self, seat: usize) -> usize {
        self.state.table.drafting.get(seat).map_or(0, Vec::len)
    }
    /// Whether this turn is the recruitment at the start of an Age.
    pub fn recruiting(&self) -> bool {
        self.state.table.recruiting
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
            && self.side() == o.side()
            && self.drafting() == o.drafting()
            && self.recruiting() == o.recruiting()
            && (0..self.players()).all(|s| {
                self.side_len(s) == o.side_len(s) && self.drafting_len(s) == o.drafting_len(s)
            })
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
            .field("side", &self.side())
            .field("drafting", &self.drafting())
            .field("recruiting", &self.recruiting())
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
